"""The browser table as a club player meets it: alerted calls marked in the auction, a "Dealing…" table
while the next deal is dealt, a question before a deal in play is left, and a variant another table
plays named with the command that starts it. Skipped, saying why, where there is no browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browser_needed  # noqa: F401 (skips the module, saying why, where there is no browser)
import pytest
from table_players import STAYMAN, Pondering, rules_bidders, scripted
from table_server import Table

import bridgetools as bt
from bridgetools.table.record import PbnRecord


def stayman_boards() -> list[bt.Board]:
    return [bt.Board(number=n, dealer=bt.Seat.N, vulnerability=bt.Vul.NS, deal=STAYMAN) for n in (5, 6)]


@pytest.fixture(scope="module")
def lesson(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    record = PbnRecord(tmp_path_factory.mktemp("record") / "rec.pbn")
    running = Table(players=rules_bidders, boards=stayman_boards(), record=record, practice=True)
    yield running
    running.stop()


def answered(page: Any, selector: str) -> None:
    replies = page.get_attribute("body", "data-replies")
    page.click(selector)
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)


def test_stayman_and_its_reply_show_as_alerted_calls(lesson: Table, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(lesson.url + "?pause=0")
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='2C']")
    page.wait_for_selector("#bidding-box:not([hidden])")
    alerted = page.locator("#auction button.alerted")
    assert alerted.all_inner_texts() == ["2♣!", "2♦!"]
    assert alerted.first.get_attribute("aria-label") == "South: 2 clubs, alerted. Explain"
    said = page.evaluate("[...document.querySelectorAll('#announce p')].map((line) => line.textContent)")
    assert said[-1] == "South: 2 clubs, alerted. West: pass. North: 2 diamonds, alerted. East: pass."
    assert page.locator("#auction button:not(.alerted)").first.inner_text() == "1NT"  # natural: no mark
    page.locator("#side").screenshot(path=str(tmp_path / "alerted-calls.png"))  # (to look at)
    page.close()


def test_leaving_a_board_in_play_asks_first_and_stays_on_no(lesson: Table, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(lesson.url + "?pause=0")
    page.wait_for_selector("#bidding-box:not([hidden])")
    asked: list[str] = []

    def decline(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", decline)
    first = page.evaluate("() => game.id")
    page.click("#deal-button")
    assert asked == ["Board 5 is not finished. Leave it unplayed? It will not be scored or recorded."]
    assert page.evaluate("() => [game.id, game.state.board_index]") == [first, 0]
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#deal-button")
    page.wait_for_function("() => game.state.board_index === 1")
    page.close()


@pytest.fixture(scope="module")
def slow_dealer() -> Iterator[Table]:
    boards = [bt.Board(number=1, dealer=bt.Seat.N, deal=STAYMAN)]
    running = Table(players=lambda seed: {**scripted(), bt.Seat.N: Pondering(seconds=4)}, boards=boards)
    yield running
    running.stop()


def test_the_next_deal_shows_dealing_until_its_cards_are_dealt(slow_dealer: Table, browser: Any,
                                                               tmp_path: Path) -> None:
    # the page's own "Dealing…" is gone once a deal is shown: the next deal must put it back while North
    # thinks 4 s over its first call, not leave the last deal's table standing as if nothing happened
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(slow_dealer.url + "?pause=0")
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.locator("#dealing").count() == 0
    page.click("#bidding-box [data-call='Pass']")  # West passes too: passed out, the deal is over
    page.wait_for_selector("#next-board")
    page.click("#next-board")
    page.wait_for_selector("#centre #dealing", timeout=3000)
    assert page.inner_text("#centre #dealing") == "Dealing…"
    page.screenshot(path=str(tmp_path / "dealing.png"))  # (to look at)
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.locator("#dealing").count() == 0
    page.close()


@pytest.mark.parametrize(("variant", "said"), [
    # a property every object has, not a variant another table plays
    ("constructor", "In the address, variant=constructor is not a game ("),
    # another table's game, named with the command that starts it
    ("booby", "In the address, variant=booby is not played at this table (it plays Bridge): the deal is "
              "dealt without it. To play Booby, start a table of its own: bridgetools play --variant booby"),
])
def test_an_address_variant_this_table_does_not_play_is_said_and_the_deal_dealt_without_it(
    variant: str, said: str, lesson: Table, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(lesson.url + f"?pause=0&variant={variant}")
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.inner_text("#message").startswith(said)
    page.close()
