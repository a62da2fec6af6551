"""A real browser (Playwright driving Debian's chromium) plays whole deals at the table by clicking, in
each of South's roles; skipped, saying why, where there is no browser."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import browser_needed  # noqa: F401 (skips the module, saying why, where there is no browser)
import pytest
from table_players import Held, Hurried, Pondering, Scripted, scripted
from table_server import (
    ANNOUNCED,
    HIDDEN_RANKS,
    LABELS_IGNORED,
    LINES,
    LOGGED,
    PASSED_OUT,
    UNNAMED_MARKS,
    UNNAMED_SYMBOLS,
    WRAPPED,
    card_words,
)
from table_server import ScriptedTable as Table
from table_server import Table as Served

from bridgetools.model.cards import Seat

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ROLES = {
    "south declares": ({}, ["1NT"], "S"),
    "north declares": ({"north": ["1S"]}, [], "N"),
    "south defends": ({"east": ["1H"]}, [], "E"),
    "passed out": ({}, [], None),
}


def answered(page: Any, selector: str) -> None:
    """Click ``selector`` and wait for the server's answer (the page counts its answers)."""
    replies = page.get_attribute("body", "data-replies")
    page.click(selector)
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)


def opened(browser: Any, url: str, width: int = 1300, height: int = 900) -> Any:
    """A new page of ``url``, ``width`` by ``height`` px, once South's bidding box is shown."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    page.wait_for_selector("#bidding-box:not([hidden])")
    return page


def after_south_s_pass(table: Table, browser: Any, calls: dict[str, list[str]], width: int) -> Any:
    """A page of a new deal whose computer players make ``calls``, after South's first call, a pass."""
    table.calls = calls
    page = opened(browser, table.url + "?pause=0&seed=13", width)
    answered(page, "#bidding-box [data-call='Pass']")
    return page


def play_by_clicking(page: Any, south_calls: list[str], keyboard: bool) -> int:
    """South's calls from the bidding box (then Pass), cards chosen and confirmed by clicking (or typed);
    returns how many cards South chose."""
    calls = list(south_calls)
    chosen = 0
    for _ in range(200):
        page.wait_for_selector("body[data-ready=yes]")
        phase = page.get_attribute("body", "data-phase")
        if phase == "over":
            return chosen
        replies = page.get_attribute("body", "data-replies")
        if phase == "auction":
            page.click(f"#bidding-box [data-call='{calls.pop(0) if calls else 'Pass'}']")
        else:
            card = page.locator(".card.playable").first
            name = card.get_attribute("data-card")
            if keyboard:
                page.keyboard.type(name[1] + name[0])  # "7H": a card typed rank first works too
                page.keyboard.press("Enter")
            else:
                card.click(position={"x": 8, "y": 24})
                page.locator("#play-button").click()
            chosen += 1
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    raise AssertionError("the deal did not end in 200 actions")


@pytest.mark.parametrize("role", list(ROLES))
def test_a_whole_deal_is_played_in_the_browser(table: Table, browser: Any, role: str) -> None:
    calls, south, declarer = ROLES[role]
    table.calls = calls
    page = opened(browser, table.url + "?pause=0&seed=13&vul=NS")
    assert page.locator("#bidding-box [data-call='XX']").is_disabled()  # only legal calls are offered
    chosen = play_by_clicking(page, south, keyboard=role == "south defends")
    page.wait_for_selector("#record:not([hidden])")
    tables = table.app.state.tables
    entry = next(iter(reversed(tables._games.values())))
    game = entry.game
    assert (game.declarer.letter if game.declarer is not None else None) == declarer
    ns = game.ns_score
    assert f"North-South {'+' if ns > 0 else ''}{ns} ·" in page.inner_text("#final-score")
    if declarer is None:
        assert chosen == 0
    else:
        assert page.locator("#record .tricks tbody tr").count() == 13
        assert chosen == {"S": 26, "N": 0, "E": 13}[declarer]
        assert page.locator("#seat-W .card:not(.back)").count() == 13  # every hand shown at the end
    page.close()


@pytest.mark.parametrize("width", [420, 360, 320])
def test_the_table_fits_a_phone_s_width_without_scrolling_sideways(table: Table, browser: Any,
                                                                   width: int) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13&vul=NS", width)
    wide = "() => document.documentElement.scrollWidth"
    assert page.evaluate(wide) <= width  # the auction: South's thirteen cards
    play_by_clicking(page, ["1NT"], keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    assert page.locator("#seat-W .card:not(.back)").count() == 13
    assert page.evaluate(wide) <= width  # the end: all four hands face up, the record's thirteen tricks


ROW_TOPS = """(seat) => [...new Set([...document.querySelectorAll(`#seat-${seat} .hand .card`)].map(
  (card) => Math.round(card.getBoundingClientRect().top)))]"""
"""The tops of the rows a seat's hand takes: one row, one top."""


@pytest.mark.parametrize("width", [320, 360, 768, 1280])
def test_dummy_s_and_south_s_thirteen_cards_keep_to_their_row_on_the_narrowest_phone(
        table: Table, browser: Any, width: int) -> None:
    """At 320 px dummy's and South's last two cards (♣4 ♣3) wrapped under their hands, onto the felt of
    the trick, where they looked played."""
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13", width)
    assert len(page.evaluate(ROW_TOPS, "S")) == 1  # the auction: South's thirteen cards
    answered(page, "#bidding-box [data-call='1NT']")  # South declares: West leads, dummy goes down
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.locator("#seat-N .hand .card").count() == 13
    assert len(page.evaluate(ROW_TOPS, "N")) == 1 and len(page.evaluate(ROW_TOPS, "S")) == 1
    assert page.evaluate(HIDDEN_RANKS) == []  # each rank whole, "10" too
    north, centre = page.locator("#seat-N").bounding_box(), page.locator("#centre").bounding_box()
    assert north is not None and centre is not None and north["y"] + north["height"] <= centre["y"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()


@pytest.mark.parametrize("width", [1000, 950, 901])
def test_a_window_just_wider_than_the_stacked_layout_shows_the_whole_panel(table: Table, browser: Any,
                                                                         width: int) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13&vul=NS", width)
    box = page.locator("#bidding-box").bounding_box()
    assert box is not None and box["x"] + box["width"] <= width  # the NT column too
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.close()


@pytest.mark.parametrize("width", [1300, 901, 420, 390, 360])
def test_each_trick_of_the_record_takes_one_line(table: Table, browser: Any, width: int) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13&vul=NS", width)
    play_by_clicking(page, ["1NT"], keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    assert page.locator("#record .tricks tbody tr").count() == 13
    assert page.evaluate(WRAPPED, "#record .tricks th, #record .tricks td") == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.close()


IN_VIEW = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""
"""A script for the page: whether the element of a selector is wholly on the screen."""


def test_choosing_a_card_on_a_phone_keeps_it_in_view_with_its_play_button(table: Table, browser: Any) -> None:
    table.calls = {}
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(table.url + "?pause=0&seed=13")  # a card is chosen, then confirmed
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='1NT']")  # three passes, West's lead: dummy's card to choose
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    page.locator("#seat-N").scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    page.locator("#seat-N .card.playable").first.click(position={"x": 8, "y": 24})
    page.wait_for_selector("#confirm-box:not([hidden])")
    assert page.evaluate("scrollY") == before
    assert page.evaluate(IN_VIEW, "#seat-N .card.selected") and page.evaluate(IN_VIEW, "#play-button")
    answered(page, "#play-button")
    page.close()


def test_on_a_phone_the_play_and_a_new_deal_bring_the_cards_back_into_view(table: Table,
                                                                          browser: Any) -> None:
    table.calls = {}
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(table.url + "?pause=0&seed=13")
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='1NT']")  # clicked down the page; three passes, West's lead
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.evaluate(IN_VIEW, "#seat-N .hand")  # dummy's cards, the first to play
    play_by_clicking(page, [], keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    page.click("#next-board")  # at the foot of the record
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.evaluate(IN_VIEW, "#seat-S .hand")  # the new hand to bid
    page.close()


def test_on_a_phone_the_bidding_box_and_the_hand_are_in_view_at_each_call(table: Table, browser: Any) -> None:
    table.calls = {"west": ["1S"], "north": ["2S"]}
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(table.url + "?pause=0&seed=13")  # South deals: the first call is South's, on first load
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.evaluate(IN_VIEW, "#bidding-box") and page.evaluate(IN_VIEW, "#seat-S .hand")
    answered(page, "#bidding-box [data-call='Pass']")  # then West, North and East call: South again
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.evaluate(IN_VIEW, "#bidding-box") and page.evaluate(IN_VIEW, "#seat-S .hand")
    assert page.evaluate(IN_VIEW, "#auction")  # the calls so far, above the box
    page.close()

    wide = opened(browser, table.url + "?pause=0&seed=13", 1300)  # a wide screen: nothing moves
    assert wide.evaluate("scrollY") == 0 and wide.evaluate(IN_VIEW, "#bidding-box")
    wide.close()


@pytest.mark.parametrize(("width", "height"), [(820, 1180), (768, 1024), (900, 600)])
def test_on_a_tablet_the_bidding_box_and_the_hand_are_in_view_at_the_first_call(
        table: Table, browser: Any, width: int, height: int) -> None:
    """At 601-900 px the panels are under the table, though the header is not kept at the top; held
    sideways (900x600) the box and the hand cannot both be under the header, and the page scrolled the
    hand above the screen's top to show the whole box."""
    table.calls = {}
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(table.url + "?pause=0&seed=13")  # South deals: the first call is South's, on first load
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.evaluate(IN_VIEW, "#bidding-box") and page.evaluate(IN_VIEW, "#seat-S .hand")
    page.close()


@pytest.mark.parametrize(("width", "height"), [(768, 1024), (820, 1180)])
def test_on_a_tablet_held_upright_the_page_opens_at_its_top_with_the_box_and_the_hand_in_view(
        table: Table, browser: Any, width: int, height: int) -> None:
    """The calls so far and the box come straight under the table, whose empty middle shrinks in the
    auction: the page scrolled 332 px at 768x1024 (176 px at 820x1180) to show them, the header and its
    Game menu out of sight."""
    table.calls = {}
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(table.url + "?pause=0&seed=13")  # South deals: the first call is South's, on first load
    page.wait_for_selector("body[data-ready=yes] #bidding-box:not([hidden])")
    assert page.evaluate("scrollY") == 0
    assert page.evaluate(IN_VIEW, "#bidding-box") and page.evaluate(IN_VIEW, "#seat-S .hand")
    page.close()


BELOW_THE_HEADER = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  const header = document.querySelector("header").getBoundingClientRect();
  return r.top >= header.bottom && r.bottom <= innerHeight; }"""
"""A script for the page: whether the element of a selector is wholly on the screen, none of it under the
header (kept at the top of a phone's screen)."""


@pytest.mark.parametrize(("width", "height"), [(375, 800), (360, 640)])
def test_on_a_phone_a_card_typed_in_the_play_leaves_dummy_the_trick_and_your_hand_in_view(
        table: Table, browser: Any, width: int, height: int) -> None:
    """A key typed on the page puts the focus in the field to type a card, which was some 860 px down,
    under the deal's and the auction's panels: the page scrolled 120 px to it at 375x800, and the header
    kept at the top covered dummy's cards."""
    table.calls = {}
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(table.url + "?pause=0&seed=13")
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='1NT']")  # three passes, West's lead: dummy's card to play
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    page.keyboard.type(page.locator("#seat-N .card.playable").first.get_attribute("data-card"))
    assert page.evaluate("document.activeElement.id") == "typed"
    for shown in ("#seat-N .hand", "#centre", "#seat-S .hand", "#typed"):
        assert page.evaluate(BELOW_THE_HEADER, shown), shown
    answered(page, "#keyboard button[type=submit]")  # the card is played
    assert page.evaluate(BELOW_THE_HEADER, "#seat-N .hand")
    page.close()


def test_on_a_phone_the_final_score_breaks_between_the_sides_not_inside_one(table: Table,
                                                                          browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13&vul=NS", 360)
    play_by_clicking(page, ["1NT"], keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    lines = page.evaluate(LINES, "#final-score")
    assert [line.strip(" ·") for line in lines] == ["North-South +120", "East-West -120"]
    page.close()


LONG_SUITS = "N:2.5432.2.AKQJT98 6543..AKQJT987.2 AKQJT98.6.43.765 7.AKQJT987.65.43"
"""A deal of long suits each holding a ten: the widest rank, in rows of overlapped cards in every seat."""


@pytest.fixture(scope="module")
def long_suits() -> Iterator[Served]:
    import bridgetools as bt

    board = bt.Board(number=1, dealer=bt.Seat.S, deal=bt.Deal.from_pbn(LONG_SUITS))
    running = Served(players=lambda seed: scripted(), boards=[board])
    yield running
    running.stop()


@pytest.mark.parametrize("width", [1200, 420, 360])
def test_every_card_s_rank_is_readable_in_rows_of_long_suits(long_suits: Served, browser: Any,
                                                              width: int) -> None:
    page = opened(browser, long_suits.url + "?pause=0", width)
    assert page.evaluate(HIDDEN_RANKS) == []  # South's seven spades, A K Q J 10 9 8
    play_by_clicking(page, [], keyboard=False)  # passed out: all four hands face up
    page.wait_for_selector("#record:not([hidden])")
    assert page.locator("#seat-E .card:not(.back)").count() == 13
    assert page.evaluate(HIDDEN_RANKS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.close()


@pytest.mark.parametrize("width", [360, 414])
def test_on_a_phone_the_four_hands_face_up_keep_each_suit_to_one_row(long_suits: Served, browser: Any,
                                                                     width: int) -> None:
    page = opened(browser, long_suits.url + "?pause=0", width)
    play_by_clicking(page, [], keyboard=False)  # passed out: all four hands face up, eight hearts in West's
    page.wait_for_selector("#record:not([hidden])")
    assert page.evaluate(WRAPPED, "#table .suit-row, #table .hand") == []
    assert page.evaluate(HIDDEN_RANKS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.close()


def test_a_computer_call_s_explanation_names_the_call_once(table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"north": ["1S"]}, 1300)
    page.get_by_role("button", name="North: 1 spade. Explain").click()
    page.wait_for_function("() => document.getElementById('explanation').textContent !== ''")
    assert page.inner_text("#explanation") == "North 1♠: an opening bid, 12 or more points, the longest suit"
    page.close()


def test_south_s_own_call_is_explained_as_partner_reads_it(table: Table, browser: Any) -> None:
    # South's calls were plain text: a learner could not ask what his call told partner
    page = after_south_s_pass(table, browser, {"north": ["1S"]}, 1300)
    page.get_by_role("button", name="South: pass. Explain").click()
    page.wait_for_function("() => document.getElementById('explanation').textContent !== ''")
    assert page.inner_text("#explanation").startswith("South Pass: as partner reads it, ")
    page.close()


def test_a_double_s_explanation_names_it_as_the_auction_does(table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"west": ["1H"], "north": ["X"]}, 1300)
    page.get_by_role("button", name="North: double. Explain").click()
    page.wait_for_function("() => document.getElementById('explanation').textContent !== ''")
    assert page.inner_text("#explanation").startswith("North Dbl: ")  # the auction's Dbl, not X
    assert page.locator("#explanation .red-suit").count() == 0
    page.get_by_role("button", name="West: 1 heart. Explain").click()
    page.wait_for_function("() => document.getElementById('explanation').textContent.startsWith('West')")
    assert page.inner_text("#explanation").startswith("West 1♥: ")
    assert page.locator("#explanation .red-suit").inner_text() == "♥"  # a red heart, as in the auction
    page.close()


def test_a_screen_reader_hears_each_card_and_call_shown_with_a_symbol_in_words(browser: Any) -> None:
    # the confirm button, the explanation, an error, the contract, the record's tricks and its par were
    # said as "Play black heart suit 4" or "Play 4"
    practice = Served(players=lambda seed: scripted(north=["1S"]), practice=True)  # (par: practice mode)
    page = opened(browser, practice.url + "?pause=0&seed=13")
    answered(page, "#bidding-box [data-call='Pass']")
    page.get_by_role("button", name="North: 1 spade. Explain").click()
    page.wait_for_function("() => document.getElementById('explanation').textContent !== ''")
    page.fill("#typed", "H2")  # a card in the auction: refused, the card named in the message
    answered(page, "#keyboard button[type=submit]")
    assert "♥2" in page.inner_text("#message")
    assert page.evaluate(UNNAMED_SYMBOLS) == []
    assert page.get_by_role("img", name="two of hearts").count() == 1
    answered(page, "#bidding-box [data-call='2NT']")
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    page.locator(".card.playable").first.click(position={"x": 8, "y": 24})
    card = page.locator(".card.selected").get_attribute("data-card")
    assert page.get_attribute("#play-button", "aria-label") == f"Play {card_words(card)}"
    assert page.evaluate(UNNAMED_SYMBOLS) == []
    page.locator("#cancel-button").click()
    play_by_clicking(page, [], keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    assert page.locator("#par").count() == 1
    assert page.evaluate(UNNAMED_SYMBOLS) == []
    page.close()
    practice.stop()


def seed_13(table: Table, browser: Any) -> Any:
    """A page of seed 13's deal, the computer players passing throughout, at South's first call."""
    table.calls = {}
    return opened(browser, table.url + "?pause=0&seed=13")


def played_to_the_record(table: Table, browser: Any) -> Any:
    """A page of seed 13's deal played to its end by clicking, South declaring 1NT, its record shown."""
    page = seed_13(table, browser)
    play_by_clicking(page, ["1NT"], keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    return page


def test_when_the_deal_ends_the_focus_is_on_the_button_of_the_next_deal(table: Table, browser: Any) -> None:
    # the last card's button gone, the focus fell to the page: a keyboard had to Tab through the header
    page = played_to_the_record(table, browser)
    assert page.evaluate("document.activeElement.id") == "next-board"
    page.close()


def test_the_record_of_a_contract_that_took_one_trick_says_1_trick(table: Table, browser: Any) -> None:
    page = played_to_the_record(table, browser)
    one = ("() => { game.state.score.tricks = 1; renderRecord(game.state); "
           "return storyOf(game.state).result; }")
    assert page.evaluate(one).startswith("Result: 1 no trump by South, 1 trick, ")
    assert " 1 trick: " in page.inner_text("#result")
    page.close()


def test_a_screen_reader_reads_every_label_the_seats_trick_and_auction_have(table: Table,
                                                                           browser: Any) -> None:
    # the seats', the hidden hands' and the trick's labels were on divs of no role, which NVDA and JAWS
    # pass over; the auction's headers read "W N E S", your turn's mark "?"
    page = seed_13(table, browser)
    assert page.evaluate(LABELS_IGNORED) == []
    seats = ("West", "North", "East", "South")
    assert [page.get_by_role("columnheader", name=seat).count() for seat in seats] == [1] * 4
    assert page.get_by_role("img", name="your call").count() == 1
    answered(page, "#bidding-box [data-call='1NT']")
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.evaluate(LABELS_IGNORED) == []
    page.close()


def test_a_screen_reader_says_one_spade_and_two_spades(table: Table, browser: Any) -> None:
    page = opened(browser, table.url + "?pause=0&seed=13")
    labels = [page.get_attribute(f"#bidding-box [data-call='{call}']", "aria-label")
              for call in ("1S", "1NT", "2S", "2NT")]
    assert labels == ["1 spade", "1 no trump", "2 spades", "2 no trumps"]
    page.close()



@pytest.mark.parametrize("seed", ["99999999999999999999999", "9007199254740993"])
def test_an_address_s_seed_beyond_what_the_page_can_send_is_named_and_the_deal_dealt_without_it(
        table: Table, browser: Any, seed: str) -> None:
    """?seed=99999999999999999999999 left the table blank with "seed must be a whole number 0 or more"
    (untrue), and ?seed=9007199254740993 dealt seed 9007199254740992 without a word (a JavaScript
    number's precision)."""
    page = opened(browser, table.url + f"?pause=0&seed={seed}")
    assert page.inner_text("#message") == (f"In the address, seed={seed} is more than the page can send "
                                           "(seeds go up to 9007199254740991): the deal is dealt without it.")
    assert page.evaluate("game.state.seed") is None and page.input_value("#seed") == ""
    page.close()


def test_a_seed_box_beyond_what_the_page_can_send_deals_nothing_and_says_why(table: Table,
                                                                             browser: Any) -> None:
    page = opened(browser, table.url + "?pause=0")
    dealt = page.evaluate("game.id")
    page.fill("#seed", "9007199254740993")
    page.click("#deal-button")
    assert page.inner_text("#message") == ("The seed 9007199254740993 is more than the page can send (seeds "
                                           "go up to 9007199254740991): give another, or none for a random "
                                           "deal.")
    assert page.evaluate("game.id") == dealt
    page.fill("#seed", "9007199254740991")  # the largest is dealt
    page.click("#deal-button")
    page.wait_for_function("id => game.id !== id && document.body.dataset.ready === 'yes'", arg=dealt)
    assert page.evaluate("game.state.seed") == 9007199254740991
    page.close()


def test_an_address_s_unknown_game_or_bad_seed_is_dealt_without_and_named(table: Table, browser: Any) -> None:
    page = opened(browser, table.url + "?pause=0&variant=bridge&seed=abc")  # (the bidding box is shown)
    message = page.inner_text("#message")
    assert message.startswith("In the address, variant=bridge is not a game (standard, booby, ")
    assert message.endswith("; seed=abc is not a whole number 0 or more: the deal is dealt without them.")
    assert page.input_value("#variant") == "standard"
    page.close()
    page = opened(browser, table.url + "?pause=0&vul=both")
    assert page.inner_text("#message") == ("In the address, vul=both is not None, NS, EW or All: the deal is "
                                           "dealt without it.")
    page.close()


@pytest.mark.parametrize("width", [910, 1000, 1280])
def test_the_header_s_title_and_controls_each_keep_to_one_line(table: Table, browser: Any,
                                                               width: int) -> None:
    page = opened(browser, table.url + "?pause=0&seed=13", width)  # (a 1024 px laptop had "New / deal")
    assert page.evaluate(WRAPPED, "header h1, header label, header button") == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.close()

def test_reloading_the_page_goes_on_with_the_same_deal(table: Table, browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&vul=EW")
    answered(page, "#bidding-box [data-call='1H']")  # then three passes, and West's lead
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    shown = "() => [...document.querySelectorAll('#seat-S .card, #seat-N .card, #centre .card')]" \
            ".map(c => c.dataset.card).join(' ')"
    before = page.evaluate(shown)
    page.reload()
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.evaluate(shown) == before  # South's and dummy's cards, and the opening lead
    assert page.locator("#auction tbody td").all_inner_texts()[3:7] == ["1♥", "Pass", "Pass", "Pass"]
    assert page.input_value("#vul") == "EW"
    page.close()


def test_reloading_the_page_keeps_the_address_s_seed_in_the_seed_box(table: Table, browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    assert page.input_value("#seed") == "13"
    answered(page, "#bidding-box [data-call='Pass']")
    page.reload()  # the address now names the game: it is resumed, and New deal deals seed 13 again
    page.wait_for_selector("body[data-ready=yes]")
    assert page.input_value("#seed") == "13"
    page.close()


def test_a_random_deal_dealt_from_a_seeded_address_shows_no_seed_after_a_reload(table: Table,
                                                                               browser: Any) -> None:
    """`/?seed=13`, the Seed box emptied and New deal: the address kept `?seed=13`, and a reload showed 13
    in the Seed box of the random deal in play (New deal then dealt seed 13's deal, not a random one)."""
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    seeded = page.evaluate("game.id")
    page.fill("#seed", "")
    page.click("#deal-button")
    page.wait_for_function("id => game.id !== id && document.body.dataset.ready === 'yes'", arg=seeded)
    assert page.evaluate("game.state.seed") is None and "seed=" not in page.url
    page.reload()
    page.wait_for_selector("body[data-ready=yes]")
    assert page.evaluate("game.state.seed") is None and page.input_value("#seed") == ""
    page.fill("#seed", "11")  # a seed chosen: the address says it, with the deal's #id
    page.click("#deal-button")
    page.wait_for_function("() => game.state.seed === 11 && document.body.dataset.ready === 'yes'")
    game_id = page.evaluate("game.id")
    assert "seed=11" in page.url and "pause=0" in page.url and page.url.endswith(f"#{game_id}")
    page.close()


def test_a_new_deal_before_the_first_call_asks_nothing(table: Table, browser: Any) -> None:
    """The bare address deals at once, South to call first: choosing Both and pressing New deal asked
    "This deal is not finished. Leave it unplayed?" of a deal with no call in it."""
    table.calls = {"west": ["1S"]}  # (after South's pass the auction goes on)
    page = opened(browser, table.url + "?pause=0")
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    first = page.evaluate("game.id")
    page.select_option("#vul", "All")
    page.click("#deal-button")
    page.wait_for_function("id => game.id !== id && document.body.dataset.ready === 'yes'", arg=first,
                           timeout=5000)
    assert asked == [] and page.evaluate("game.state.vulnerability") == "All"
    answered(page, "#bidding-box [data-call='Pass']")  # a call made: now the deal is asked for
    page.click("#deal-button")
    assert asked == ["This deal is not finished. Leave it unplayed? It will not be scored or recorded."]
    page.close()


def test_the_address_of_a_seeded_deal_s_id_alone_shows_its_seed(table: Table, browser: Any) -> None:
    """`/?seed=11`, then its `#id` opened without the `?seed=`: the same deal, but the Seed box said
    "random"."""
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=11")
    game_id = page.evaluate("game.id")
    page.close()
    page = opened(browser, table.url + f"#{game_id}")
    assert page.evaluate("game.id") == game_id and page.input_value("#seed") == "11"
    page.close()


def test_the_vulnerability_is_offered_for_the_game_chosen_before_it_is_dealt(table: Table,
                                                                             browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0")
    assert page.locator("#vul").is_visible()
    page.select_option("#variant", "chinese")  # a variant's rubber sets the vulnerability
    assert not page.locator("#vul").is_visible()
    page.select_option("#variant", "standard")
    assert page.locator("#vul").is_visible()
    page.close()
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(table.url + "?pause=0&variant=booby")
    page.wait_for_selector("body.variant[data-ready=yes]")
    assert not page.locator("#vul").is_visible()
    page.select_option("#variant", "standard")  # choosing Bridge, to deal it: its vulnerability first
    assert page.locator("#vul").is_visible()
    page.close()


def test_tricks_shown_one_by_one_after_the_deal_ended_tell_nothing_ahead_of_the_cards(table: Table,
                                                                                     browser: Any) -> None:
    table.calls = {"north": ["1S"]}  # North declares: the whole play comes in the answer to South's pass
    page = opened(browser, table.url + "?pause=1500&seed=13")
    answered(page, "#bidding-box [data-call='Pass']")  # North opens 1S
    page.click("#bidding-box [data-call='Pass']")
    page.wait_for_selector("#centre .caption:text-matches('^Trick 1(?![0-9])')")  # trick 1, not 10
    assert page.locator("#seat-W .card:not(.back), #seat-E .card:not(.back)").count() == 0  # still hidden
    assert page.locator("#seat-E .card.back").count() == 12 and page.locator("#seat-N .card").count() == 12
    assert page.inner_text("#tricks-won") in ("NS 1 · EW 0", "NS 0 · EW 1")
    assert page.inner_text("#status") != "The deal is over." and page.locator("#record").is_hidden()
    page.wait_for_selector("body[data-phase=over][data-ready=yes]", timeout=40000)
    assert page.locator("#seat-W .card:not(.back)").count() == 13  # and at the end, every hand as dealt
    page.close()


def test_a_second_tab_of_the_same_game_catches_up_when_its_action_is_refused(table: Table,
                                                                            browser: Any) -> None:
    table.calls = {}
    first = opened(browser, table.url + "?pause=0")
    second = browser.new_page(viewport={"width": 1300, "height": 900})
    second.goto(first.url)  # the same game, named in the address
    second.wait_for_selector("#bidding-box:not([hidden])")
    answered(first, "#bidding-box [data-call='1H']")
    answered(second, "#bidding-box [data-call='Pass']")  # made on the table before 1H: refused
    assert "the game has moved on" in second.inner_text("#message")
    second.wait_for_selector("body[data-phase=play]")
    assert second.locator("#auction tbody td").all_inner_texts()[3] == "1♥"
    first.close()
    second.close()


def test_a_double_click_in_the_bidding_box_makes_one_call(table: Table, browser: Any) -> None:
    # the second click came while the first was with the server, and passed out West's 2H unseen
    table.calls = {"west": ["2H"]}
    page = opened(browser, table.url + "?pause=0&seed=3")
    replies = page.get_attribute("body", "data-replies")
    page.dblclick("#bidding-box [data-call='Pass']")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    page.wait_for_selector("#bidding-box:not([hidden])")
    page.wait_for_timeout(300)  # (time for a second answer, were one asked for)
    assert page.locator("#auction tbody td").all_inner_texts()[:5] == ["", "", "", "Pass", "2♥"]
    assert page.get_attribute("body", "data-phase") == "auction" and page.inner_text("#message") == ""
    page.close()


def test_while_the_computer_players_think_the_page_says_so_and_ignores_clicks(browser: Any) -> None:
    slow = Served(players=lambda seed: {Seat.N: Pondering(seconds=0.6), Seat.E: Pondering(seconds=0.6),
                                   Seat.W: Pondering(["1S"], seconds=0.6)})
    page = opened(browser, slow.url + "?pause=0&seed=3")
    replies = page.get_attribute("body", "data-replies")
    page.click("#bidding-box [data-call='Pass']")
    page.wait_for_selector("body[data-thinking=yes]")
    assert page.inner_text("#status") == "The computer players are thinking…"
    assert page.locator("#bidding-box button:enabled").count() == 0
    page.click("#bidding-box [data-call='1H']", force=True)  # (a click on the greyed box does nothing)
    page.keyboard.type("2C")
    page.keyboard.press("Enter")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    page.wait_for_selector("body[data-thinking=no]")
    assert page.locator("#auction tbody td").all_inner_texts()[3:8] == ["Pass", "1♠", "Pass", "Pass", "?"]
    assert page.inner_text("#message") == ""
    assert page.get_attribute("body", "data-replies") == str(int(replies) + 1)  # one call made, one answer
    page.close()
    slow.stop()


def test_a_second_tab_opened_while_the_computer_players_think_shows_the_deal_and_says_so(
        browser: Any) -> None:
    """A reload or a second tab during a long play-out showed "Dealing..." for a minute (the server's
    answer waited for the thinking to end): the deal is shown as it stands, the page says the computer
    players are thinking, and it goes on by itself once they are done."""
    slow = Served(players=lambda seed: {Seat.N: Pondering(seconds=1.5), Seat.E: Pondering(seconds=1.5),
                                   Seat.W: Pondering(["1S"], seconds=1.5)})
    page = opened(browser, slow.url + "?pause=0&seed=3")
    page.click("#bidding-box [data-call='Pass']")
    page.wait_for_selector("body[data-thinking=yes]")
    second = browser.new_page(viewport={"width": 1300, "height": 900})
    second.goto(page.url)  # (the address names the game: #id)
    second.wait_for_selector("#status", timeout=2500)  # (not the 4.5 s the computer players take)
    assert second.inner_text("#status") == "The computer players are thinking…"
    assert second.locator("#dealing").count() == 0 and second.locator("#seat-S .card").count() == 13
    assert second.locator("#bidding-box").is_hidden()
    second.wait_for_function("() => document.getElementById('status').textContent.startsWith('Your call')",
                             timeout=10000)
    assert second.locator("#auction tbody td").all_inner_texts()[3:8] == ["Pass", "1♠", "Pass", "Pass", "?"]
    second.close()
    page.close()
    slow.stop()


def _watching_a_held_north(browser: Any) -> tuple[Served, Held, Any, Any]:
    """South has passed and North thinks till the test lets him go; a second tab of the game shows it."""
    north = Held()
    slow = Served(players=lambda seed: {Seat.N: north, Seat.E: Scripted(), Seat.W: Scripted(["1S"])})
    page = opened(browser, slow.url + "?pause=0&seed=3")
    page.click("#bidding-box [data-call='Pass']")
    assert north.thinking.wait(timeout=30)
    second = browser.new_page(viewport={"width": 1300, "height": 900})
    second.goto(page.url)
    second.wait_for_selector("#status")
    assert second.inner_text("#status") == "The computer players are thinking…"
    return slow, north, page, second


def test_a_second_tab_asks_again_when_one_question_goes_unanswered(browser: Any) -> None:
    """One question of the tab's not answered (a moment's network trouble) stopped its asking for good:
    it said the computer players were thinking till a reload."""
    slow, north, page, second = _watching_a_held_north(browser)
    try:
        lost = []
        second.route("**/api/games/**", lambda route: lost.append(1) or route.abort() if not lost
                     else route.continue_())
        second.wait_for_timeout(1500)  # (the first question after the route is lost)
        north.release.set()
        second.wait_for_function(
            "() => document.getElementById('status').textContent.startsWith('Your call')", timeout=15000)
        assert lost and second.inner_text("#message") == ""
        assert second.locator("#auction tbody td").all_inner_texts()[3:7] == ["Pass", "1♠", "Pass", "Pass"]
    finally:
        north.release.set()
        second.close()
        page.close()
        slow.stop()


def test_a_second_tab_whose_questions_go_unanswered_says_the_server_does_not_answer(browser: Any) -> None:
    slow, north, page, second = _watching_a_held_north(browser)
    try:
        second.route("**/api/games/**", lambda route: route.abort())  # (the server stopped)
        second.wait_for_function("() => document.getElementById('message').textContent !== ''",
                                 timeout=15000)
        assert second.inner_text("#message") == ("the table's server does not answer: was it stopped? "
                                                 "Start bridgetools play again")
        assert second.inner_text("#status") == "The table's server does not answer."
    finally:
        north.release.set()
        second.close()
        page.close()
        slow.stop()


def test_a_law_s_number_in_a_message_is_not_shown_as_a_suit(table: Table, browser: Any) -> None:
    page = opened(browser, table.url + "?pause=0")
    shown = page.evaluate("asShown('1C does not supersede 2S (Law 18B, Law 18D); SA, Law 6D')")
    assert shown == "1♣ does not supersede 2♠ (Law 18B, Law 18D); ♠A, Law 6D"
    page.close()


def test_a_bid_above_the_seven_level_of_chinese_bridge_is_shown_with_its_suit(
        table: Table, browser: Any) -> None:
    page = opened(browser, table.url + "?pause=0")
    shown = page.evaluate("asShown('may not call 10S now; 13N is the top')")
    assert shown == "may not call 10♠ now; 13N is the top"
    page.close()


def test_a_click_when_the_server_is_gone_says_so(browser: Any) -> None:
    gone = Table()
    page = opened(browser, gone.url + "?pause=0")
    gone.stop()  # Ctrl-C in the terminal
    answered(page, "#bidding-box [data-call='Pass']")
    assert page.locator("#bidding-box button:enabled").count() > 0  # (to call again once it runs)
    assert page.inner_text("#message") == ("the table's server does not answer (your call Pass was not "
                                           "made): was it stopped? Start bridgetools play again")
    page.close()


def test_a_call_the_server_did_not_answer_can_be_made_again_once_it_answers(table: Table,
                                                                            browser: Any) -> None:
    # the box stayed greyed as while the computer players think, the clicks doing nothing till a reload
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    page.route("**/api/games/**", lambda route: route.abort())  # (no answer: the server stopped)
    answered(page, "#bidding-box [data-call='1NT']")
    assert "does not answer (your call 1NT was not made)" in page.inner_text("#message")
    assert page.get_attribute("body", "data-thinking") == "no"
    assert page.inner_text("#status") != "The computer players are thinking…"
    assert page.locator("#bidding-box button.waiting").count() == 0
    page.unroute("**/api/games/**")
    answered(page, "#bidding-box [data-call='1NT']")
    assert page.locator("#auction tbody td").all_inner_texts()[3] == "1NT"
    assert page.inner_text("#message") == ""
    page.close()


def test_a_call_to_a_server_that_forgot_the_game_says_the_deal_was_lost(table: Table, browser: Any) -> None:
    table.calls = {"west": ["1S"]}
    page = opened(browser, table.url + "?pause=0&seed=13")
    answered(page, "#bidding-box [data-call='Pass']")
    table.app.state.tables._games.clear()  # (the server started again: its games are kept in memory)
    answered(page, "#bidding-box [data-call='2C']")
    assert page.inner_text("#message").startswith("The table's server no longer has the game in play")
    assert page.locator("#bidding-box button:enabled").count() > 0
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    lost = page.evaluate("game.id")
    page.click("#deal-button")  # a new deal, asking nothing: the deal in play is lost already
    page.wait_for_function("id => game.id !== id && document.body.dataset.ready === 'yes'", arg=lost)
    assert asked == [] and page.locator("#auction tbody td").all_inner_texts()[3] == "?"
    page.close()


def test_a_reload_after_the_server_forgot_the_game_says_the_deal_was_lost(table: Table, browser: Any) -> None:
    # the reload dealt a fresh deal in silence, the 1NT just bid gone without a word
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    answered(page, "#bidding-box [data-call='1NT']")
    table.app.state.tables._games.clear()
    page.reload()
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.inner_text("#message").endswith("This is a new deal.")
    assert page.locator("#auction tbody td").all_inner_texts()[3] == "?"
    page.close()


def test_the_record_names_a_seeded_card_that_reached_the_time_ceiling(browser: Any) -> None:
    # a replay of the seed may differ there, and the page said nothing of it
    hurried = Served(players=lambda seed: {**scripted(), Seat.W: Hurried({1})})
    page = opened(browser, hurried.url + "?pause=0&seed=2")
    answered(page, "#bidding-box [data-call='1NT']")
    play_by_clicking(page, [], keyboard=False)
    lead = page.evaluate("game.state.tricks[0].cards[0]")
    assert page.inner_text("#ceiling") == (
        "Reached the time ceiling of a seeded computer player (a slow or busy machine), so a replay of the "
        f"seed may differ from here: West's card {SYMBOLS[lead[0]]}{lead[1].replace('T', '10')} (trick 1).")
    page.close()
    hurried.stop()


def test_the_bidding_box_leaves_out_the_levels_with_no_legal_bid(table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"west": ["4NT"]}, 360)
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.locator("#bidding-box [data-call='4NT']").count() == 0  # no blank rows of levels 1 to 4
    assert page.locator("#bidding-box [data-call='5C']").is_enabled()
    page.close()


def test_undo_in_practice_mode_takes_back_the_call_by_clicking(table: Table, browser: Any) -> None:
    practice = Served(players=lambda seed: scripted(), practice=True)
    page = opened(browser, practice.url + "?pause=0&seed=13", 420)
    undo = "#undo-top"  # (on a phone in the header, beside Menu)
    assert page.locator(undo).is_visible() and page.locator(undo).is_disabled()
    answered(page, "#bidding-box [data-call='1NT']")  # three passes, West's lead: dummy's card to play
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    box = page.locator(undo).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 420
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 420
    answered(page, undo)
    page.wait_for_selector("body[data-ready=yes][data-phase=auction]")
    assert page.locator("#auction tbody td").all_inner_texts() == ["", "", "", "?"]  # South to call again
    assert page.locator("#bidding-box [data-call='1NT']").is_enabled()
    assert page.locator(undo).is_disabled() and page.inner_text("#message") == ""
    page.close()
    practice.stop()

    table.calls = {}
    plain = opened(browser, table.url + "?pause=0&seed=13", 420)
    assert plain.locator("button.undo:visible").count() == 0  # the plain game has no undo
    plain.close()


def test_a_second_tab_s_undo_on_a_table_the_game_has_moved_past_takes_nothing_back(browser: Any) -> None:
    # the second tab saw South's pass and not the 2C made since in the first: its Undo would have taken
    # back the 2C it never showed
    practice = Served(players=lambda seed: scripted(west=["1H"]), practice=True)
    first = opened(browser, practice.url + "?pause=0&seed=13")
    answered(first, "#bidding-box [data-call='Pass']")  # West's 1H, two passes: South to call again
    second = opened(browser, first.url)  # the same game, named in the address
    answered(first, "#bidding-box [data-call='2C']")
    answered(second, "#undo-button")
    assert "the game has moved on" in second.inner_text("#message")
    second.wait_for_selector("body[data-phase=play]")  # caught up: 2C stands
    assert second.locator("#auction tbody td").all_inner_texts()[3:8] == ["Pass", "1♥", "Pass", "Pass", "2♣"]
    first.close()
    second.close()
    practice.stop()


def test_a_new_deal_while_a_trick_is_shown_still_shows_the_next_deal_s_record(table: Table,
                                                                            browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=5000&seed=13&confirm=0")
    answered(page, "#bidding-box [data-call='1NT']")  # three passes, West's lead
    for _ in range(2):  # dummy's card, East's, then South's own: the trick is shown for 5 s
        replies = page.get_attribute("body", "data-replies")
        page.locator(".card.playable").first.click(position={"x": 8, "y": 24})
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    assert page.get_attribute("body", "data-ready") == "no"
    page.once("dialog", lambda dialog: dialog.accept())  # (leave the deal in play unfinished: yes)
    page.click("#deal-button")
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='Pass']")  # passed out: the record is shown at once
    page.wait_for_selector("body[data-ready=yes][data-phase=over]", timeout=3000)
    assert page.locator("#record").is_visible()
    page.close()


@pytest.fixture(scope="module")
def two_boards() -> Iterator[Served]:
    import bridgetools as bt

    deal = bt.Deal.from_pbn(LONG_SUITS)
    boards = [bt.Board(number=n, dealer=bt.Seat.S, deal=deal) for n in (7, 8)]
    running = Served(players=lambda seed: scripted(), boards=boards)
    yield running
    running.stop()


def test_playing_a_file_the_header_s_button_deals_the_set_s_next_board(two_boards: Served,
                                                                        browser: Any) -> None:
    page = opened(browser, two_boards.url + "?pause=0", 1300)
    board = "() => [game.state.board_index, document.getElementById('deal-button').textContent]"
    assert page.evaluate(board) == [0, "Next board"]
    assert page.get_attribute("#deal-button", "title") == "Board 2 of the 2 in the file"
    assert page.locator("#vul").is_disabled() and page.locator("#seed").is_disabled()  # a board has its own
    assert page.get_attribute("#vul-label", "title") == "Each board of the file has its own vulnerability"
    page.on("dialog", lambda dialog: dialog.accept())  # (leave each board unfinished: yes)
    page.click("#deal-button")
    page.wait_for_function("() => game.state.board_index === 1")
    assert page.evaluate(board) == [1, "Start the set again"]  # the last board: then the first again
    page.click("#deal-button")
    page.wait_for_function("() => game.state.board_index === 0")
    page.select_option("#variant", "booby")  # a variant is dealt afresh, from a seed if given
    assert page.inner_text("#deal-button") == "New rubber" and page.locator("#seed").is_enabled()
    page.close()


def test_the_address_s_board_number_starts_the_file_at_that_board(two_boards: Served, browser: Any) -> None:
    """`?board=8`: every student of a class on board 8; a file's table always started at its first board."""
    page = opened(browser, two_boards.url + "?pause=0&board=8", 1300)
    assert page.evaluate("() => [game.state.board_index, game.state.board]") == [1, 8]
    assert "board=8" in page.url
    page.close()


def test_an_address_s_board_the_file_does_not_hold_is_named_and_the_first_board_dealt(two_boards: Served,
                                                                                       browser: Any) -> None:
    page = opened(browser, two_boards.url + "?pause=0&board=9", 1300)
    assert page.evaluate("() => game.state.board_index") == 0
    message = page.inner_text("#message")
    assert "board=9 is not a board of the file (its boards are numbered 7 to 8)" in message
    assert "board=7" in page.url  # the address names the board in play
    page.close()


def test_a_board_of_a_file_once_over_can_be_played_again_from_its_first_call(two_boards: Served,
                                                                             browser: Any) -> None:
    """A file's board ended with Next board alone: a class could not play the deal again another way."""
    page = opened(browser, two_boards.url + "?pause=0", 1300)
    answered(page, "#bidding-box [data-call='Pass']")  # passed out: over
    page.wait_for_selector("#record:not([hidden])")
    assert page.inner_text("#play-again") == "Play this board again"
    page.click("#play-again")
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.evaluate("() => [game.state.board_index, game.state.auction.length]") == [0, 0]
    assert page.inner_text("#deal-button") == "Next board"
    page.close()


def test_the_box_to_type_a_call_or_a_card_is_hidden_once_the_deal_is_over(table: Table, browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    assert page.locator("#typed").is_visible()
    answered(page, "#bidding-box [data-call='Pass']")  # passed out: nothing left to call or play
    page.wait_for_selector("#record:not([hidden])")
    assert page.locator("#keyboard").is_hidden()
    page.click("#next-board")  # Deal again: the box is back for the new deal's calls
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.locator("#typed").is_visible()
    page.close()


def test_a_key_typed_once_the_deal_is_over_leaves_the_page_where_it_is(table: Table, browser: Any) -> None:
    # the hidden box's place is all zeros: each letter scrolled the page up by the header's height and 8 px
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13", width=360)
    answered(page, "#bidding-box [data-call='Pass']")  # passed out
    page.wait_for_selector("#record:not([hidden])")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    before = page.evaluate("scrollY")
    for key in "a7q":
        page.keyboard.press(key)
    assert before > 0 and page.evaluate("scrollY") == before
    page.close()


GAP_ABOVE_RECORD = """() => {
  // the empty band between the record of the deal and the last panel shown above it
  const shown = [...document.querySelectorAll("main .panel, #table")].filter((p) => p.offsetParent !== null);
  const above = Math.max(...shown.map((p) => p.getBoundingClientRect().bottom));
  return document.getElementById("record").getBoundingClientRect().top - above;
}"""
"""A script for the page: the height of the empty band above the record, in px."""


@pytest.mark.parametrize("width", [360, 414])
def test_on_a_phone_no_empty_band_sits_above_the_record(table: Table, browser: Any, width: int) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13", width)
    answered(page, "#bidding-box [data-call='Pass']")  # passed out: the record at once
    page.wait_for_selector("#record:not([hidden])")
    assert page.evaluate(GAP_ABOVE_RECORD) <= 24  # as between two panels, not some 70 px
    page.close()


UNDER_HEADER = """(selector) => document.querySelector(selector).getBoundingClientRect().top
  - document.querySelector("header").getBoundingClientRect().bottom"""
"""A script for the page: how far below the header's foot the element of a selector starts (negative:
hidden under a header kept at the top of the screen)."""


def test_on_a_phone_board_dealer_vulnerability_and_contract_stay_at_the_top(two_boards: Served,
                                                                            browser: Any) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(two_boards.url + "?pause=0")
    page.wait_for_selector("#bidding-box:not([hidden])")
    assert page.inner_text("#summary") == "Board 7 · Dealer South · Vul both"
    assert page.evaluate(IN_VIEW, "#summary") and page.evaluate(IN_VIEW, "#bidding-box")
    assert page.evaluate(UNDER_HEADER, "#seat-S .hand") >= 0  # the hand is not hidden under the header
    assert page.evaluate("() => document.querySelector('header').getBoundingClientRect().height") <= 60
    answered(page, "#bidding-box [data-call='1NT']")  # three passes, West's lead: the play
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.inner_text("#summary") == ("Board 7 · Dealer South · Vul both · 1NT by South · "
                                           "Tricks NS 0 · EW 0")
    assert page.evaluate(IN_VIEW, "#summary") and page.evaluate(UNDER_HEADER, "#table") >= 0
    assert page.locator("#deal-button").is_hidden()  # the header's controls are behind its Menu button
    page.click("#menu-button")
    assert page.locator("#deal-button").is_visible() and page.locator("#variant").is_visible()
    page.close()

    wide = opened(browser, two_boards.url + "?pause=0", 1300)  # a wide screen: the title and the controls
    assert wide.locator("#summary").is_hidden() and wide.locator("#menu-button").is_hidden()
    assert wide.locator("#deal-button").is_visible()
    wide.close()


def test_the_middle_of_the_table_says_your_lead_at_the_opening_lead_too(table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"east": ["1H"]}, 1300)
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='Pass']")  # East declares 1♥: South leads
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.inner_text("#centre") == "Your lead"
    page.close()


OUTSIDE_FELT = """() => {
  // the seats' name tags that reach past the felt of the table (under its wooden rim, or off the screen)
  const felt = document.getElementById("table").getBoundingClientRect();
  const rim = parseFloat(getComputedStyle(document.getElementById("table")).borderLeftWidth);
  return [...document.querySelectorAll("#table .seat .name")].filter((tag) => {
    const box = tag.getBoundingClientRect();
    return box.left < felt.left + rim - 0.5 || box.right > felt.right - rim + 0.5;
  }).map((tag) => tag.textContent);
}"""
"""A script for the page: the texts of the seats' name tags not wholly on the table's felt."""


@pytest.mark.parametrize("width", [360, 414])
def test_on_a_phone_the_seats_name_tags_stay_on_the_table(table: Table, browser: Any, width: int) -> None:
    page = after_south_s_pass(table, browser, {"east": ["1H"]}, width)
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='Pass']")  # East declares 1♥, West is dummy
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.inner_text("#seat-E .name .role") == "declarer"
    assert page.evaluate(OUTSIDE_FELT) == []
    page.close()


def test_at_the_end_of_a_deal_the_middle_of_the_table_gives_the_result(table: Table, browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13&vul=NS", 360)
    play_by_clicking(page, ["1NT"], keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    ns = page.inner_text("#final-score").split(" · ")[0]
    result = page.inner_text("#result").split(": ")[-1]  # made exactly, made +1, down 2
    assert page.evaluate(LINES, "#centre") == [f"1NT by South: {result}", ns]
    assert page.evaluate(IN_VIEW, "#centre .caption")
    page.close()


def play_a_card(page: Any) -> None:
    """Choose South's (or dummy's) first playable card, confirm it, and wait till the tricks are shown."""
    page.locator(".card.playable").first.click(position={"x": 8, "y": 24})
    answered(page, "#play-button")
    page.wait_for_selector("body[data-ready=yes]")


LAST_TRICK_SHOWN = """() => [...document.querySelectorAll("#centre .slot")].map((slot) =>
  [slot.querySelector(".card").dataset.card, slot.querySelector(".tag")?.textContent ?? ""])"""
"""A script for the page: the cards in the middle of the table, each with its tag (``led``, ``won``)."""


def test_the_last_trick_is_shown_again_by_its_button_or_the_key_l(table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"east": ["1H"]}, 360)
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='Pass']")  # East declares 1♥, South leads
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.locator("#last-trick-button").is_hidden()  # no trick gathered yet
    while page.evaluate("game.state.tricks.length") == 0:
        play_a_card(page)
    trick = page.evaluate("game.state.tricks[0]")
    seats = "NESW"
    order = [seats[(seats.index(trick["leader"]) + i) % 4] for i in range(4)]
    expected = [[card, " · ".join(["led"] * (seat == trick["leader"]) + ["won"] * (seat == trick["winner"]))]
                for card, seat in zip(trick["cards"], order, strict=True)]
    page.click("#last-trick-button")
    assert page.evaluate(LAST_TRICK_SHOWN) == expected
    assert page.get_attribute("#last-trick-button", "aria-pressed") == "true"
    box = page.locator("#last-trick-button").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.keyboard.press("Escape")
    assert "led" not in str(page.evaluate(LAST_TRICK_SHOWN))
    page.keyboard.press("l")
    assert page.evaluate(LAST_TRICK_SHOWN) == expected and page.input_value("#typed") == ""
    play_a_card(page)  # the next card: the trick in play again
    assert page.get_attribute("#last-trick-button", "aria-pressed") == "false"
    assert "led" not in str(page.evaluate(LAST_TRICK_SHOWN))
    page.close()


SIDE_DUMMY = {"W": ("N:AKQJ.KQJ.AQJ.AKQ T98.5432.765.JT9 7654..432.876543 32.AT9876.KT98.2", "east"),
              "E": ("N:AKQJ.KQJ.AQJ.AKQ 32.AT9876.KT98.2 7654..432.876543 T98.5432.765.JT9", "west")}
"""For a dummy at West or East, a deal that gives it six hearts and four diamonds with their tens, and
the seat of its partner, who declares 1♥."""


LONG_SIDE_DUMMY = {"W": ("N:AKQJ.KQJ.AQJ.AKQ T987.32.765.JT98 6543..432.765432 2.AT987654.KT98.", "east"),
                   "E": ("N:AKQJ.KQJ.AQJ.AKQ 32.AT98765.KT98. 7654..432.765432 T98.432.765.JT98", "west")}
"""For a dummy at West or East, a deal that gives it a long suit of hearts with their ten (eight at West,
seven at East), and the seat of its partner, who declares 1♥."""


def dummy_at_the_side(deals: dict[str, tuple[str, str]], seat: str) -> Iterator[tuple[str, Served]]:
    """The table dealing the deal of ``deals`` whose dummy sits at ``seat`` (its partner declares 1♥)."""
    import bridgetools as bt

    deal, declarer = deals[seat]
    board = bt.Board(number=1, dealer=bt.Seat.S, deal=bt.Deal.from_pbn(deal))
    running = Served(players=lambda seed: scripted(**{declarer: ["1H"]}), boards=[board])
    yield seat, running
    running.stop()


@pytest.fixture(scope="module", params=list(SIDE_DUMMY))
def side_dummy(request: Any) -> Iterator[tuple[str, Served]]:
    yield from dummy_at_the_side(SIDE_DUMMY, request.param)


@pytest.fixture(scope="module", params=list(LONG_SIDE_DUMMY))
def long_side_dummy(request: Any) -> Iterator[tuple[str, Served]]:
    yield from dummy_at_the_side(LONG_SIDE_DUMMY, request.param)


def dummy_face_up(served: Served, browser: Any, width: int, height: int = 900) -> Any:
    """A page of the deal of a dummy at the side, ``width`` by ``height`` px, once dummy is face up in the
    play."""
    page = opened(browser, served.url + "?pause=0", width, height)
    answered(page, "#bidding-box [data-call='Pass']")  # (1♥ by West's or East's partner)
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='Pass']")
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    if page.evaluate("game.state.turn") == "S":  # South's lead, then dummy is face up
        play_a_card(page)
    return page


@pytest.mark.parametrize("width", [360, 414, 650, 1000])
def test_a_dummy_at_the_side_keeps_each_suit_to_one_row(side_dummy: tuple[str, Served],
                                                                   browser: Any, width: int) -> None:
    seat, served = side_dummy
    page = dummy_face_up(served, browser, width)
    assert page.locator(f"#seat-{seat} .suit-row").nth(1).locator(".card").count() == 6  # the six hearts
    assert page.evaluate(WRAPPED, f"#seat-{seat} .suit-row") == []
    assert page.evaluate(HIDDEN_RANKS) == []
    assert page.evaluate(OUTSIDE_FELT) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.close()


@pytest.mark.parametrize(("width", "undo"), [(360, "#undo-top"), (1300, "#undo-button")])
def test_in_practice_mode_undo_is_in_view_during_the_play(browser: Any, width: int, undo: str) -> None:
    practice = Served(players=lambda seed: scripted(), practice=True)
    page = opened(browser, practice.url + "?pause=0&seed=13", width)
    answered(page, "#bidding-box [data-call='1NT']")  # three passes, West's lead: dummy's card to play
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.locator("button.undo:visible").count() == 1  # one Undo, in view where the cards are
    box = page.locator(undo).bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
    answered(page, undo)
    page.wait_for_selector("body[data-ready=yes][data-phase=auction]")
    page.close()
    practice.stop()


def test_in_practice_mode_a_hint_shows_the_computer_s_call_and_what_it_shows_till_you_call(
        browser: Any) -> None:
    import bridgetools as bt
    from bridgetools.table.players import simple_players

    deal = bt.Deal.from_pbn("S:AKQ2.K32.Q32.J32 543.J54.J54.T987 JT98.AQT.AK9.AKQ 76.9876.T876.654")
    practice = Served(players=simple_players, boards=[bt.Board(number=1, dealer=bt.Seat.S, deal=deal)],
                      practice=True)
    page = opened(browser, practice.url + "?pause=0")
    page.click("#hint-button")
    page.wait_for_selector("#hint:not([hidden])")
    assert page.inner_text("#hint") == "Hint: the computer would call 1NT: a balanced hand of 15 to 17 points"
    answered(page, "#bidding-box [data-call='1NT']")  # three passes, West's lead: dummy's card to play
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.locator("#hint").is_hidden()
    page.click("#hint-button")
    page.wait_for_selector("#hint:not([hidden])")
    assert page.inner_text("#hint").startswith("Hint: the computer would play ")
    assert page.inner_text("#hint").endswith(" from North's hand")
    page.close()
    practice.stop()


def test_in_practice_mode_on_a_desktop_go_undo_and_hint_share_a_line(browser: Any) -> None:
    """At 1300 px Hint went to a line of its own below Go and Undo, in the side panel."""
    from bridgetools.table.players import simple_players

    practice = Served(players=simple_players, practice=True)
    page = opened(browser, practice.url + "?pause=0&seed=13")
    page.wait_for_selector("#hint-button:not([hidden])")
    tops = [page.locator(f"#keyboard {shown}").bounding_box()["y"]
            for shown in ("button[type=submit]", "#undo-button", "#hint-button")]
    assert tops[0] == tops[1] == tops[2], tops
    page.close()
    practice.stop()


def test_the_plain_game_offers_no_hint(table: Table, browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    assert page.locator("#hint-button").is_hidden()
    page.close()


def test_on_a_phone_the_last_trick_button_keeps_clear_of_north_s_name_tag(table: Table, browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13", 360)
    answered(page, "#bidding-box [data-call='1NT']")  # three passes: North is dummy, "North dummy"
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    while page.evaluate("game.state.tricks.length") == 0:
        play_a_card(page)
    page.click("#last-trick-button")
    button = page.locator("#last-trick-button").bounding_box()
    tag = page.locator("#seat-N .name").bounding_box()
    assert button is not None and tag is not None
    assert button["x"] + button["width"] <= tag["x"] or button["y"] + button["height"] <= tag["y"]
    page.close()


TRICK_RANKS_HIDDEN = """() => {
  // the cards in the middle of the table whose rank, or the tag under them, is covered by a later card
  const cards = [...document.querySelectorAll("#centre .slot")].map((slot) => slot.querySelector(".card"));
  return cards.filter((card, i) => [card.querySelector(".rank"), card.nextElementSibling].some((part) => {
    if (!part) return false;
    const a = part.getBoundingClientRect();
    return cards.slice(i + 1).some((later) => { const b = later.getBoundingClientRect();
      return a.left < b.right - 0.5 && b.left < a.right - 0.5
        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5; });
  })).map((card) => card.dataset.card);
}"""
"""A script for the page: the cards of the trick shown in the middle whose rank or tag a later card hides."""


@pytest.mark.parametrize("width", [360, 414, 1000])
def test_a_dummy_at_the_side_keeps_a_suit_of_seven_or_eight_cards_to_one_row(
        long_side_dummy: tuple[str, Served], browser: Any, width: int) -> None:
    seat, served = long_side_dummy
    page = dummy_face_up(served, browser, width)
    while page.evaluate("game.state.tricks.length") == 0:
        play_a_card(page)
    hearts = page.locator(f"#seat-{seat} .suit-row").nth(1).locator(".card").count()
    assert hearts == {"W": 8, "E": 7}[seat]
    assert page.evaluate(WRAPPED, f"#seat-{seat} .suit-row") == []
    assert page.evaluate(HIDDEN_RANKS) == []
    assert page.evaluate(OUTSIDE_FELT) == []
    if width < 600:  # a phone: four cards in the middle, beside the long suit, none hiding another's rank
        page.click("#last-trick-button")
        assert page.locator("#centre .card").count() == 4 and page.evaluate(TRICK_RANKS_HIDDEN) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.close()


HEADER_HEIGHT = "() => document.querySelector('header').getBoundingClientRect().height"
"""A script for the page: the height of the header (kept at the top of a phone's screen), in px."""


def test_on_a_phone_practice_mode_s_header_takes_no_more_room_than_the_plain_game_s(browser: Any) -> None:
    import bridgetools as bt

    boards = [bt.Board(number=17, dealer=bt.Seat.S, deal=bt.Deal.from_pbn(LONG_SUITS))]
    heights = {}
    for practice in (False, True):
        served = Served(players=lambda seed: scripted(), boards=boards, practice=practice)
        page = opened(browser, served.url + "?pause=0", 360)
        answered(page, "#bidding-box [data-call='1NT']")  # three passes, West's lead: the play
        page.wait_for_selector("body[data-ready=yes][data-phase=play]")
        assert page.inner_text("#summary").startswith("Board 17 · Dealer South · Vul ")
        heights[practice] = page.evaluate(HEADER_HEIGHT)
        assert page.get_by_role("button", name="Menu").is_visible()
        if practice:  # Undo at hand with its word, Menu its sign ☰
            assert page.locator("#undo-top").is_visible() and "Undo" in page.inner_text("#undo-top")
        page.close()
        served.stop()
    assert heights[True] <= heights[False] <= 50  # two lines, some 46 px (practice mode's took three)


CAPTION_OVER_CARDS = """() => {
  // whether a caption shown in the middle of the table lies over one of the trick's cards there
  const cards = [...document.querySelectorAll("#centre .card")].map((c) => c.getBoundingClientRect());
  return [...document.querySelectorAll("#centre .caption")].filter((c) => c.offsetParent !== null)
    .map((c) => c.getBoundingClientRect()).some((a) => cards.some((b) => a.left < b.right && b.left < a.right
      && a.top < b.bottom && b.top < a.bottom));
}"""
"""A script for the page: whether a caption in the middle of the table covers a card of the trick."""


@pytest.mark.parametrize("width", [1300, 1000, 360])
def test_the_last_trick_s_caption_never_lies_over_its_cards(table: Table, browser: Any, width: int) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13", width)
    answered(page, "#bidding-box [data-call='1NT']")  # three passes, West's lead
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    while page.evaluate("game.state.tricks.length") == 0:
        play_a_card(page)
    page.click("#last-trick-button")
    assert page.locator("#centre .card").count() == 4
    assert not page.evaluate(CAPTION_OVER_CARDS)  # at 1000 px it lay over the cards led and won
    if width == 1300:  # room for it between the cards
        assert page.locator("#last-trick").is_visible()
    page.close()


def test_a_refused_card_is_named_with_its_suit_symbol_as_the_page_shows_cards(table: Table,
                                                                              browser: Any) -> None:
    table.calls = {}
    first = opened(browser, table.url + "?pause=0&seed=13")
    answered(first, "#bidding-box [data-call='1NT']")  # South declares: West leads, South plays dummy's
    first.wait_for_selector("body[data-phase=play][data-ready=yes] .card.playable")
    second = browser.new_page(viewport={"width": 1300, "height": 900})
    second.goto(first.url)  # the same game, named in the address
    second.wait_for_selector("body[data-phase=play][data-ready=yes] .card.playable")
    card = first.locator(".card.playable").first.get_attribute("data-card")
    first.click(f".card.playable[data-card='{card}']")
    answered(first, "#play-button")
    second.click(f".card.playable[data-card='{card}']")
    answered(second, "#play-button")  # the tab behind: made on a trick that has moved on
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[0]] + card[1].replace("T", "10")
    message = second.inner_text("#message")
    assert message.startswith(f"your card {symbol} was not played") and card not in message
    first.close()
    second.close()


def test_a_call_typed_1n_and_not_answered_is_named_1nt_as_the_server_names_it(table: Table,
                                                                            browser: Any) -> None:
    # the page said "your call 1N was not made" where the server, refusing it, says 1NT
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    page.route("**/api/games/**", lambda route: route.abort())  # (the server stopped)
    page.fill("#typed", "1n")
    page.press("#typed", "Enter")
    page.wait_for_function("() => document.getElementById('message').textContent !== ''", timeout=15000)
    assert "(your call 1NT was not made)" in page.inner_text("#message")
    page.close()


def test_a_refused_double_is_named_dbl_and_rdbl_as_the_bidding_box_names_them(table: Table,
                                                                             browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    for typed, shown in (("xx", "Rdbl"), ("x", "Dbl")):  # nothing to double or redouble yet
        page.fill("#typed", typed)
        replies = page.get_attribute("body", "data-replies")
        page.press("#typed", "Enter")
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
        message = page.inner_text("#message")
        assert message.startswith(f"{shown} is not a legal call now"), message
    page.fill("#typed", "8S")  # a card in the auction: the message names the calls to make
    replies = page.get_attribute("body", "data-replies")
    page.press("#typed", "Enter")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    message = page.inner_text("#message")
    assert "Pass, Dbl or Rdbl" in message and " X" not in message, message
    page.fill("#typed", "Dbl")  # typed as the page names it: still refused for the same reason
    replies = page.get_attribute("body", "data-replies")
    page.press("#typed", "Enter")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    assert page.inner_text("#message").startswith("Dbl is not a legal call now")
    page.close()


def test_a_messages_x_is_named_dbl_only_where_it_stands_for_a_call(table: Table, browser: Any) -> None:
    # a contract's X, an address's value and a file name are left as they are
    page = opened(browser, table.url + "?pause=0&seed=13")
    shown = page.evaluate("""texts => texts.map(asShown)""", [
        "North X: takeout", "Pass, X or XX.", "4♠X made", "seed=X is not a whole number", "X.pbn"])
    assert shown == ["North Dbl: takeout", "Pass, Dbl or Rdbl.", "4♠X made", "seed=X is not a whole number",
                     "X.pbn"]
    page.close()


OVERLAP = """([a, b]) => {
  const r = document.querySelector(a).getBoundingClientRect();
  const s = document.querySelector(b).getBoundingClientRect();
  return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
}"""
"""A script for the page, given two selectors: whether their elements' boxes overlap."""


@pytest.mark.parametrize("seed", [5, 13])
def test_on_a_phone_a_chosen_dummy_card_stays_clear_of_the_last_trick_button(table: Table, browser: Any,
                                                                             seed: int) -> None:
    table.calls = {}
    page = opened(browser, table.url + f"?pause=0&seed={seed}", 390)
    answered(page, "#bidding-box [data-call='1NT']")  # South declares, and plays dummy's cards
    checked = 0
    for _ in range(40):
        page.wait_for_selector("body[data-ready=yes]")
        state = page.evaluate("game.state")
        if state["phase"] != "play" or checked >= 3:
            break
        legal = state["legal_cards"]
        if state["turn"] == "N" and state["tricks"]:
            for card in legal:  # each of dummy's cards in turn chosen, the pointer left on it
                page.click(f"#seat-N [data-card='{card}']", position={"x": 6, "y": 30})
                assert not page.evaluate(OVERLAP, ["#seat-N .card.selected", "#last-trick-button"]), card
            checked += 1
        replies = page.get_attribute("body", "data-replies")
        page.click(f"[data-card='{legal[0]}']", position={"x": 6, "y": 30})
        if page.locator(f"[data-card='{legal[0]}'].selected").count():
            page.click("#play-button")
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    assert checked
    page.close()


def test_after_a_typed_card_the_key_l_in_the_emptied_field_shows_the_last_trick(table: Table,
                                                                                  browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"east": ["1H"]}, 1300)
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='Pass']")  # East declares 1♥, South leads
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    while page.evaluate("game.state.tricks.length") == 0:
        card = page.locator(".card.playable").first.get_attribute("data-card")
        replies = page.get_attribute("body", "data-replies")
        page.keyboard.type(card)
        page.keyboard.press("Enter")
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
        page.wait_for_selector("body[data-ready=yes]")
    assert page.evaluate("document.activeElement.id") == "typed"  # the focus stays for the next card
    page.keyboard.press("l")
    assert "led" in str(page.evaluate(LAST_TRICK_SHOWN)) and page.input_value("#typed") == ""
    page.keyboard.press("Escape")
    assert "led" not in str(page.evaluate(LAST_TRICK_SHOWN))
    page.keyboard.type("H")  # a card begun: Escape clears it, and L is typed
    page.keyboard.press("Escape")
    assert page.input_value("#typed") == ""
    page.keyboard.type("HL")
    assert page.input_value("#typed") == "HL" and "led" not in str(page.evaluate(LAST_TRICK_SHOWN))
    page.close()


FOCUSED = "document.activeElement.dataset.card || document.activeElement.dataset.call || " \
    "document.activeElement.tagName"
"""What has the focus: a card's name (``SA``), a call's (``1NT``), else the element (``BODY``)."""


def pressed_enter_on(page: Any, selector: str) -> None:
    """Focus ``selector`` and press Enter on it, as a keyboard player does; then wait for South's turn."""
    replies = page.get_attribute("body", "data-replies")
    page.focus(selector)
    page.keyboard.press("Enter")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    page.wait_for_selector("body[data-ready=yes]")
    page.wait_for_function("game.state.your_turn || game.state.phase === 'over'")


def test_after_a_call_made_with_enter_the_focus_is_back_in_the_bidding_box_at_south_s_next_call(
        table: Table, browser: Any) -> None:
    """North opens 1S after South's pass: the focus had fallen to the page (the button pressed was drawn
    anew), and a keyboard player Tabbed back through the header to the bidding box."""
    table.calls = {"north": ["1S"]}
    page = opened(browser, table.url + "?pause=0&seed=13")
    pressed_enter_on(page, "#bidding-box [data-call='Pass']")
    assert page.evaluate("game.state.phase") == "auction"
    focused = page.evaluate(FOCUSED)
    assert focused in page.evaluate("game.state.legal_calls")
    assert page.evaluate("document.activeElement.closest('#bidding-box') !== null")
    page.close()


def test_after_a_card_played_with_enter_the_focus_is_back_on_a_playable_card_at_south_s_next_turn(
        table: Table, browser: Any) -> None:
    """South declares 1NT, each card chosen and confirmed with Enter (the card, then the Play button):
    after the first the focus was on the page, no card."""
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    pressed_enter_on(page, "#bidding-box [data-call='1NT']")
    for _ in range(3):
        assert page.evaluate("game.state.phase") == "play"
        focused = page.evaluate(FOCUSED)
        assert focused in page.evaluate("game.state.legal_cards")
        assert focused == page.locator(".card.playable").first.get_attribute("data-card")  # the first one
        page.keyboard.press("Enter")  # the card chosen: its Play button has the focus
        assert page.evaluate("document.activeElement.id") == "play-button"
        pressed_enter_on(page, "#play-button")
    page.close()



def test_a_focus_the_person_moved_is_not_taken_back_to_the_bidding_box_later(table: Table,
                                                                            browser: Any) -> None:
    """After South's pass with Enter the focus came back to the bidding box; the person then moved it to
    the field to type, which lost it, and a later drawing of the table took it back to the box."""
    table.calls = {"north": ["1S"]}
    page = opened(browser, table.url + "?pause=0&seed=13")
    pressed_enter_on(page, "#bidding-box [data-call='Pass']")
    assert page.evaluate("document.activeElement.closest('#bidding-box') !== null")
    page.focus("#typed")
    page.evaluate("document.activeElement.blur()")
    page.evaluate("render()")
    assert page.evaluate(FOCUSED) == "BODY"
    page.close()


@pytest.mark.parametrize("width", [320, 360, 1280])
def test_the_page_opens_at_its_top_where_the_bidding_box_is_in_view_there(table: Table, browser: Any,
                                                                          width: int) -> None:
    # (from 601 to 900 px the page takes the phone's auction layout, box and hand in view at its top: see the
    # tablet's tests)
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13", width)
    page.wait_for_selector("body[data-ready=yes]")
    assert page.evaluate("scrollY") == 0
    page.close()

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def test_a_screen_reader_is_told_each_computer_call_and_then_it_is_south_s_call(table: Table,
                                                                                browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"west": ["1S"], "north": ["2S"]}, 1300)
    page.wait_for_selector("#bidding-box:not([hidden])")
    said = page.evaluate(ANNOUNCED)
    assert said[-2:] == ["Dealt. South deals; neither side vulnerable.",
                         "South: pass. West: 1 spade. North: 2 spades. East: pass."]
    assert page.inner_text("#status") == "Your call: choose from the bidding box or type it."
    page.close()


def test_a_screen_reader_is_told_the_contract_each_card_with_its_player_and_the_result(
        table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"east": ["1H"]}, 1300)
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='Pass']")  # East declares 1♥, South leads
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.evaluate(ANNOUNCED)[-1] == "South: pass. West: pass. North: pass. Contract: 1 heart by East."
    play_a_card(page)
    trick = page.evaluate("game.state.tricks[0]")
    seats = "NESW"
    played = [f"{SEAT_NAMES[seats[(seats.index(trick['leader']) + i) % 4]]} {card_words(card)}"
              for i, card in enumerate(trick["cards"])]
    assert f"Trick 1: {', '.join(played)}; {SEAT_NAMES[trick['winner']]} won." in page.evaluate(ANNOUNCED)[-1]
    play_by_clicking(page, [], keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    score = page.evaluate("game.state.score")
    result = {0: "made exactly"}.get(score["result"], f"made +{score['result']}" if score["result"] > 0
                                     else f"down {-score['result']}")
    ns, ew = (f"{'+' if points > 0 else ''}{points}" for points in (score["NS"], score["EW"]))
    assert page.evaluate(ANNOUNCED)[-1].endswith(
        f"; {SEAT_NAMES[page.evaluate('game.state.tricks[12].winner')]} won. Result: 1 heart by East, "
        f"{score['tricks']} tricks, {result}. North-South {ns}, East-West {ew}.")
    page.close()


def test_a_screen_reader_is_told_a_passed_out_deal_in_the_variants_words(table: Table,
                                                                         browser: Any) -> None:
    # standard bridge said "Passed out: no score to either side.", the variants "Passed out: no score."
    page = after_south_s_pass(table, browser, {}, 1300)
    page.wait_for_selector("#record:not([hidden])")
    assert page.evaluate(ANNOUNCED)[-1] == f"South: pass. West: pass. North: pass. East: pass. {PASSED_OUT}"
    page.close()


@pytest.mark.parametrize(("south", "words"), [(["4S"], "doubled"), (["4S", "XX"], "redoubled")])
def test_a_screen_reader_is_told_a_doubled_contract_s_result_as_doubled(table: Table, browser: Any,
                                                                        south: list[str], words: str) -> None:
    # the Result line said "4 spades by South" of 4♠X: a result the player was not playing for
    table.calls = {"west": ["X"]}
    page = opened(browser, table.url + "?pause=0&seed=13")
    page.evaluate(LOGGED)
    play_by_clicking(page, south, keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    said = page.evaluate("window.logged")
    assert f"Contract: 4 spades {words} by South." in " ".join(said)
    tricks = page.evaluate("game.state.score.tricks")
    assert f"Result: 4 spades {words} by South, {tricks} tricks, " in said[-1]
    page.close()


def test_the_last_trick_is_told_in_the_words_the_trick_was_told(table: Table, browser: Any) -> None:
    page = after_south_s_pass(table, browser, {"east": ["1H"]}, 1300)
    page.wait_for_selector("#bidding-box:not([hidden])")
    answered(page, "#bidding-box [data-call='Pass']")  # East declares 1♥, South leads
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    play_a_card(page)
    # (the cards of trick 2 come after trick 1's line)
    trick = page.evaluate(ANNOUNCED)[-1].split("Trick 1: ", 1)[1].split(" won.")[0]
    page.keyboard.press("l")
    assert page.evaluate(ANNOUNCED)[-1] == f"Last trick, trick 1: {trick} won."
    page.close()


@pytest.mark.parametrize(("width", "height"), [(667, 375), (740, 375), (768, 1024), (844, 390), (1024, 768)])
def test_the_record_of_the_deal_fits_the_width_of_a_phone_held_sideways_and_a_tablet(
        table: Table, browser: Any, width: int, height: int) -> None:
    """From 601 to 843 px the record's tricks, with "Led by", ran off the screen's side (the page 791 px
    wide at 740x375, "Won by" cut): the score and the tricks each took half the record's width."""
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13&vul=NS", width, height)
    play_by_clicking(page, ["1NT"], keyboard=False)
    page.wait_for_selector("#record:not([hidden])")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.evaluate(WRAPPED, "#record .tricks th, #record .tricks td") == []
    page.close()


@pytest.mark.parametrize(("width", "height"), [(740, 375), (844, 390), (667, 375)])
def test_on_a_phone_held_sideways_the_bidding_box_is_beside_the_hand_both_in_view(
        table: Table, browser: Any, width: int, height: int) -> None:
    """At 740x375 the page scrolled the bidding box to fill the screen, your hand above it, off the screen."""
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13", width, height)
    assert page.evaluate(IN_VIEW, "#bidding-box") and page.evaluate(IN_VIEW, "#seat-S")
    assert page.evaluate("() => document.querySelector('header').getBoundingClientRect().height") <= 40
    page.close()


def at_dummy_s_first_card(table: Table, browser: Any, width: int, height: int) -> Any:
    """A page ``width`` by ``height`` px after South's 1NT, three passes and West's lead: dummy to play."""
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13", width, height)
    answered(page, "#bidding-box [data-call='1NT']")
    return page


@pytest.mark.parametrize(("width", "height"), [(740, 375), (844, 390)])
def test_on_a_phone_held_sideways_dummy_the_trick_and_your_hand_are_on_one_screen(
        table: Table, browser: Any, width: int, height: int) -> None:
    """At 740x375 the table was 640 px high: dummy above the screen when your hand was in view, and the
    fixed Play bar over the trick; now both hands, the middle and the Play button are in view at each turn."""
    page = at_dummy_s_first_card(table, browser, width, height)
    for _ in range(4):
        page.wait_for_selector("body[data-ready=yes][data-phase=play][data-thinking=no]")
        for seat in "NS":
            assert page.evaluate(IN_VIEW, f"#seat-{seat}"), seat
        assert page.evaluate(IN_VIEW, "#centre")
        page.locator(".card.playable").first.click(position={"x": 8, "y": 24})
        assert page.evaluate(IN_VIEW, "#play-button")
        answered(page, "#play-button")
    page.close()


@pytest.mark.parametrize(("width", "height"), [(740, 375), (844, 390)])
def test_on_a_phone_held_sideways_a_dummy_at_the_side_the_trick_and_your_hand_are_on_one_screen(
        side_dummy: tuple[str, Served], browser: Any, width: int, height: int) -> None:
    """At 844x390 a dummy at West or East, its four suits one above another, made the table 430 px high:
    North's cards or yours were off the screen at each of your turns."""
    seat, served = side_dummy
    page = dummy_face_up(served, browser, width, height)
    for _ in range(3):
        page.wait_for_selector("body[data-ready=yes][data-phase=play][data-thinking=no]")
        for shown in (f"#seat-{seat}", "#seat-N", "#seat-S", "#centre"):
            assert page.evaluate(IN_VIEW, shown), shown
        play_a_card(page)
    page.close()


def test_in_the_play_the_page_scrolls_to_the_hand_you_must_play_from(table: Table, browser: Any) -> None:
    """The page never moved in the play: scrolled away from the hand to play from, it stayed there."""
    page = at_dummy_s_first_card(table, browser, 360, 740)
    page.wait_for_selector("body[data-ready=yes][data-phase=play][data-thinking=no]")
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")  # the panels
    card = page.locator("#seat-N .card.playable").first
    card.click(position={"x": 8, "y": 24})
    answered(page, "#play-button")
    page.wait_for_selector("body[data-ready=yes][data-thinking=no]")
    turn = "S" if page.locator("#seat-S .card.playable").count() else "N"
    assert page.evaluate(IN_VIEW, f"#seat-{turn} .hand")
    page.close()


def test_a_call_chosen_with_confirm_each_call_is_made_by_its_play_button(table: Table, browser: Any) -> None:
    table.calls = {}
    page = browser.new_page(viewport={"width": 375, "height": 740})
    page.goto(table.url + "?pause=0&seed=13&confirm_calls=1")
    page.wait_for_selector("#bidding-box:not([hidden])")
    replies = page.get_attribute("body", "data-replies")
    page.click("#bidding-box [data-call='1NT']")
    assert page.get_attribute("#bidding-box [data-call='1NT']", "aria-pressed") == "true"
    assert page.inner_text("#play-button") == "Bid 1NT"
    assert page.get_attribute("#play-button", "aria-label") == "Bid 1 no trump"
    assert page.evaluate(IN_VIEW, "#play-button")
    assert page.evaluate(IN_VIEW, "#bidding-box [data-call='Pass']")
    page.click("#bidding-box [data-call='Pass']")  # another call chosen instead: still nothing made
    assert page.inner_text("#play-button") == "Pass"
    assert page.get_attribute("body", "data-replies") == replies
    answered(page, "#play-button")
    assert page.locator("#auction tbody button").first.inner_text() == "Pass"
    page.close()


def test_on_a_touch_screen_the_calls_are_a_finger_s_height_and_confirmed(table: Table, browser: Any) -> None:
    """At 375x740 the calls were 27 px high, 3 px apart, and a call tapped was made at once."""
    table.calls = {}
    context = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(table.url + "?pause=0&seed=13")
    page.wait_for_selector("#bidding-box:not([hidden])")
    for selector in ("#bidding-box [data-call='1NT']", "#bidding-box [data-call='Pass']"):
        assert page.locator(selector).bounding_box()["height"] >= 40
    assert page.is_checked("#confirm-calls")
    context.close()


ACTIVE = """() => { const e = document.activeElement;
  return e.dataset.call || e.dataset.card || e.id || e.tagName; }"""
"""A script for the page: what has the focus (a call's or card's name, else the element's id or tag)."""


@pytest.mark.parametrize("drop", ["Escape", "Choose again"])
def test_a_call_chosen_and_dropped_with_the_keyboard_leaves_the_focus_on_that_call(
        table: Table, browser: Any, drop: str) -> None:
    """Escape (or Choose again pressed with Enter) hid the Play button that had the focus: it fell to the
    page, and a keyboard or screen reader had to Tab back through the header to the bidding box."""
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13&confirm_calls=1")
    page.focus("#bidding-box [data-call='1NT']")
    page.keyboard.press("Enter")
    assert page.evaluate(ACTIVE) == "play-button"
    if drop == "Choose again":
        page.keyboard.press("Tab")
        assert page.evaluate(ACTIVE) == "cancel-button"
    page.keyboard.press("Enter" if drop == "Choose again" else "Escape")
    assert page.is_hidden("#confirm-box")
    assert page.evaluate(ACTIVE) == "1NT"
    page.close()


def test_a_card_chosen_and_dropped_with_escape_leaves_the_focus_on_that_card(table: Table,
                                                                              browser: Any) -> None:
    table.calls = {}
    page = opened(browser, table.url + "?pause=0&seed=13")
    answered(page, "#bidding-box [data-call='1NT']")  # South declares: West leads, dummy's card is South's
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    card = page.locator(".card.playable").first.get_attribute("data-card")
    page.focus(f"button.card[data-card='{card}']")
    page.keyboard.press("Enter")
    assert page.evaluate(ACTIVE) == "play-button"
    page.keyboard.press("Escape")
    assert page.is_hidden("#confirm-box")
    assert page.evaluate(ACTIVE) == card
    page.close()


def test_a_screen_reader_hears_the_phone_s_undo_button_as_undo_not_its_arrow(browser: Any) -> None:
    """Its name was "↶ Undo", read "anticlockwise top semicircle arrow, Undo"."""
    practice = Served(players=lambda seed: scripted(), practice=True)
    page = opened(browser, practice.url + "?pause=0&seed=13", 360)
    answered(page, "#bidding-box [data-call='1NT']")
    assert page.locator("#undo-top").is_visible()
    assert page.get_by_role("button", name="Undo", exact=True).count() == 1
    page.close()
    practice.stop()


@pytest.fixture(scope="module")
def marks_table() -> Iterator[Served]:
    """A table of both games: standard bridge, the computer passing throughout, and the variants."""
    from bridgetools.table.variants import simple_players

    running = Served(players=lambda seed: scripted(), variant_players=simple_players)
    yield running
    running.stop()


def phone(browser: Any, url: str) -> Any:
    """A phone's page of ``url`` (the summary shown in its header) once it is ready."""
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(url)
    page.wait_for_selector("body[data-ready=yes]")
    return page


def test_a_contract_not_bid_yet_is_heard_as_words_not_as_a_dash(marks_table: Served, browser: Any) -> None:
    # the deal's Contract was "—", read "em dash"
    page = phone(browser, marks_table.url + "?pause=0&seed=13")
    assert page.get_by_role("img", name="no contract yet").count() == 1
    assert page.evaluate(UNNAMED_MARKS) == []
    page.close()


def test_the_tricks_the_summary_and_the_final_score_are_heard_without_their_dots(marks_table: Served,
                                                                                  browser: Any) -> None:
    # "Tricks NS 0 · EW 0" and the phone's "Dealer South · Vul none" were read with "middle dot" between
    page = phone(browser, marks_table.url + "?pause=0&seed=13&confirm=0")
    answered(page, "#bidding-box [data-call='1NT']")
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert "Tricks NS 0 · EW 0" in page.inner_text("#summary")  # still shown so
    assert page.evaluate(UNNAMED_MARKS) == []
    for _ in range(60):
        if page.get_attribute("body", "data-phase") == "over":
            break
        replies = page.get_attribute("body", "data-replies")
        page.locator(".card.playable").first.click(position={"x": 8, "y": 24})  # (cards overlap)
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
        page.wait_for_selector("body[data-ready=yes]")
    page.wait_for_selector("#record:not([hidden])")
    assert " · " in page.inner_text("#final-score")
    assert page.evaluate(UNNAMED_MARKS) == []
    page.close()


def test_a_variant_s_contract_summary_and_score_sheet_are_heard_without_dash_or_dots(
        marks_table: Served, browser: Any) -> None:
    # its Contract "—", the summary's dots and "Score sheet · 0 deals" were read by the marks' names
    page = phone(browser, marks_table.url + "?variant=nullo&seed=6&confirm=0")
    assert page.evaluate(UNNAMED_MARKS) == []
    page.close()



def test_the_words_either_side_of_a_hidden_dot_are_heard_apart(marks_table: Served, browser: Any) -> None:
    # the dot's spaces were hidden with it: the score sheet's heading was named "Score sheet0 deals"
    page = phone(browser, marks_table.url + "?variant=nullo&seed=6&confirm=0")
    assert page.get_by_role("heading", name="Score sheet 0 deals", exact=True).count() == 1
    page.close()
