"""The browser table's *Explain each call* (a class's setting, `?explain=1`): each computer call's meaning
shown under the auction and told to a screen reader with the call as it is made, without a click, the
focus left where it was; off by default. Skipped, saying why, where there is no browser."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browser_needed  # noqa: F401 (skips the module, saying why, where there is no browser)
import pytest
from table_players import STAYMAN, rules_bidders
from table_server import ANNOUNCED, UNNAMED_SYMBOLS
from table_server import ScriptedTable as Table
from table_server import Table as Served

import bridgetools as bt

SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
CALLED = {"Pass": "passes", "X": "doubles", "1H": "bids 1 heart", "2D": "bids 2 diamonds"}
SHOWN = {"Pass": "Pass", "X": "Dbl", "1H": "1♥", "2D": "2♦"}
"""The calls of these tests as the log tells them made, and as the auction shows them."""


def explained(table: Served, page: Any, index: int) -> str:
    """The table's explanation of call ``index`` of the game on ``page``, as a click on the call asks it."""
    game = page.evaluate("game.id")
    with urllib.request.urlopen(f"{table.url}api/games/{game}/calls/{index}/explanation") as answer:
        return str(json.load(answer)["explanation"])


def told(seat: str, call: str, meaning: str, alerted: bool = False) -> str:
    """A computer call as the log tells it with its meaning."""
    return f"{SEATS[seat]} {CALLED[call]}{', alerted' if alerted else ''}: {meaning}."


def after_south_s_pass(table: Table, browser: Any, calls: dict[str, list[str]], address: str,
                       width: int = 1300, height: int = 900) -> Any:
    """A page of ``address`` on a new deal whose computer players make ``calls``, after South's first call,
    a pass typed with Enter, once the calls after it are told."""
    table.calls = calls
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(table.url + address)
    page.wait_for_selector("#bidding-box:not([hidden])")
    replies = page.get_attribute("body", "data-replies")
    page.fill("#typed", "P")
    page.press("#typed", "Enter")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    page.wait_for_selector("body[data-explaining=no][data-ready=yes]")
    return page


OVERCALL = {"west": ["1H"], "north": ["X"]}
"""West opens 1♥ after South's pass, North doubles, East passes."""


def test_explain_each_call_is_a_setting_off_by_default_and_the_calls_are_told_alone(table: Table,
                                                                                 browser: Any) -> None:
    page = after_south_s_pass(table, browser, OVERCALL, "?pause=0&seed=13")
    assert page.get_by_role("checkbox", name="Explain each call").is_checked() is False
    assert page.evaluate(ANNOUNCED)[-1] == "South: pass. West: 1 heart. North: double. East: pass."
    assert page.locator("#explained").is_hidden()
    assert page.inner_text("#explanation") == ""
    page.close()


def test_each_computer_call_is_told_with_its_meaning_as_it_is_made(table: Table, browser: Any) -> None:
    # a screen-reader student heard "West: 1 heart." and the meaning only after a click on the call
    page = after_south_s_pass(table, browser, OVERCALL, "?pause=0&seed=13&explain=1")
    assert page.get_by_role("checkbox", name="Explain each call").is_checked()
    answers = [told(seat, call, explained(table, page, i))
               for i, (seat, call) in enumerate([("W", "1H"), ("N", "X"), ("E", "Pass")], 1)]
    assert page.evaluate(ANNOUNCED)[-1] == " ".join(["South: pass.", *answers])
    assert page.get_attribute("#announce", "aria-live") == "polite"  # (said in turn, not interrupting)
    assert page.inner_text("#message") == ""  # (the assertive region says nothing)
    page.close()


def test_each_computer_call_s_meaning_is_shown_under_the_auction_as_a_click_shows_it(table: Table,
                                                                                   browser: Any) -> None:
    page = after_south_s_pass(table, browser, OVERCALL, "?pause=0&seed=13&explain=1")
    lines = page.locator("#explained li").all_inner_texts()
    assert lines == [f"{SEATS[seat]} {SHOWN[call]}: {explained(table, page, i)}"
                     for i, (seat, call) in enumerate([("W", "1H"), ("N", "X"), ("E", "Pass")], 1)]
    page.get_by_role("button", name="West: 1 heart. Explain").click()
    page.wait_for_function("() => document.getElementById('explanation').textContent !== ''")
    assert page.inner_text("#explanation") == lines[0]  # the click's words, the same
    assert page.get_attribute("#explained", "aria-live") is None  # (told once, by the log)
    assert page.evaluate(UNNAMED_SYMBOLS) == []  # (1♥ read "1 heart")
    page.close()


def test_the_meanings_told_leave_the_focus_where_it_was(table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, OVERCALL, "?pause=0&seed=13&explain=1")
    assert page.evaluate("document.activeElement.id") == "typed"  # the field the call was typed in
    page.close()


def test_the_setting_is_reached_by_tab_and_ticked_it_explains_the_calls_since_yours_once(
        table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, OVERCALL, "?pause=0&seed=13")
    said = page.evaluate(ANNOUNCED)
    page.focus("#confirm-calls")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "explain"
    page.keyboard.press("Space")
    page.wait_for_selector("#explained li >> nth=2")
    page.wait_for_selector("body[data-explaining=no]")
    assert page.locator("#explained li").first.inner_text() == f"West 1♥: {explained(table, page, 1)}"
    assert page.evaluate(ANNOUNCED) == said  # (the calls told already are not told again)
    assert page.evaluate("document.activeElement.id") == "explain"
    page.keyboard.press("Space")  # unticked: the list goes
    assert page.locator("#explained").is_hidden()
    page.close()


def test_the_list_goes_once_the_auction_is_over(table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"west": ["1H"]}, "?pause=0&seed=13&explain=1")
    assert page.locator("#explained li").count() == 3
    replies = page.get_attribute("body", "data-replies")
    page.click("#bidding-box [data-call='Pass']")  # P 1H P P P: West declares
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    page.wait_for_selector("body[data-explaining=no][data-phase=play]")
    assert page.evaluate(ANNOUNCED)[-1].startswith("South: pass. Contract: 1 heart by West.")
    assert page.locator("#explained").is_hidden()
    page.close()


@pytest.fixture(scope="module")
def lesson() -> Iterator[Served]:
    boards = [bt.Board(number=5, dealer=bt.Seat.N, vulnerability=bt.Vul.NS, deal=STAYMAN)]
    running = Served(players=rules_bidders, boards=boards)
    yield running
    running.stop()


def test_an_alerted_call_is_told_alerted_with_its_meaning(lesson: Served, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(lesson.url + "?pause=0&explain=1")
    page.wait_for_selector("#bidding-box:not([hidden])")
    page.wait_for_selector("body[data-explaining=no]")
    replies = page.get_attribute("body", "data-replies")
    page.click("#bidding-box [data-call='2C']")  # Stayman over North's 1NT
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    page.wait_for_selector("body[data-explaining=no]")
    answers = [told("W", "Pass", explained(lesson, page, 3)),
               told("N", "2D", explained(lesson, page, 4), alerted=True),
               told("E", "Pass", explained(lesson, page, 5))]
    assert page.evaluate(ANNOUNCED)[-1] == " ".join(["South: 2 clubs, alerted.", *answers])
    page.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1300, 900)])
def test_the_meanings_shown_leave_south_s_hand_and_the_bidding_box_in_view(
        browser: Any, tmp_path: Path, width: int, height: int) -> None:
    # three meanings of two or three lines each under the auction: on a wide screen the panels beside the
    # table stretched it, the hand below the window's foot; on a phone they took the hand above its top
    table = Served(players=rules_bidders)
    phone = width < 600
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone)
    page.goto(table.url + "?pause=0&seed=1&explain=1&confirm_calls=0")
    page.wait_for_selector("#bidding-box:not([hidden])")
    replies = page.get_attribute("body", "data-replies")
    page.click("#bidding-box [data-call='Pass']")  # West passes, North opens 1♣, East passes
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    page.wait_for_selector("body[data-explaining=no][data-ready=yes]")
    page.wait_for_timeout(100)  # (the page's least scroll, done)
    assert page.locator("#explained li").count() == 3
    page.screenshot(path=str(tmp_path / f"explained-{width}.png"))  # (to look at)
    box = page.evaluate("""() => {
      const top = (selector) => document.querySelector(selector).getBoundingClientRect().top;
      const bottom = (selector) => document.querySelector(selector).getBoundingClientRect().bottom;
      return { header: Math.max(0, bottom("header")), top: top("#seat-S"), foot: bottom("#seat-S"),
               box: bottom("#bidding-box"), screen: innerHeight };
    }""")
    assert box["top"] >= box["header"]  # "South (you)" and the cards (a phone's header is kept over the page)
    assert box["foot"] <= box["screen"]
    assert box["box"] <= box["screen"]
    page.close()
    table.stop()
