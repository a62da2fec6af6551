"""A real browser (Playwright driving Debian's chromium) plays a whole rubber of each variant at the table
by clicking: the cards of a discard, exchange or reserve and their button, the bidding box, the dummy
buttons, the cards in the play, and the next deal, the first legal action each time; skipped, saying why,
where there is no browser. The computer players are the table's simple ones, so that the rubbers are short."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browser_needed  # noqa: F401 (skips the module, saying why, where there is no browser)
import pytest
from table_server import (
    ANNOUNCED,
    HIDDEN_RANKS,
    LABELS_IGNORED,
    LOGGED,
    PASSED_OUT,
    UNNAMED_SYMBOLS,
    WRAPPED,
    Table,
    card_words,
)

from bridgetools.rules.variants import VARIANT_NAMES, Rubber, VariantDeal, rules_of
from bridgetools.table.variants import simple_players

SEEDS = {"booby": 39, "nullo": 6, "sholem": 0, "chinese": 0, "konstam": 2}
"""Seeds whose rubber ends in a few deals when the person takes the first legal action."""
SHOTS = os.environ.get("BRIDGETOOLS_SHOTS")
"""A directory to save a screenshot of each phase in (to look at the pages), or nothing."""
HIT = {"x": 8, "y": 40}
"""Where to click a card: its left edge, the part not covered by the next card."""


@pytest.fixture(scope="module")
def table() -> Iterator[Table]:
    running = Table(variant_players=simple_players)
    yield running
    running.stop()


def take_first_legal_action(page: Any, state: dict[str, Any]) -> str:
    """Click through the first legal action the page offers; returns what kind of action it was."""
    if state["phase"] == "over":
        page.click("#next-deal")
        return "next"
    choose = state["choose"]
    if choose is not None:
        for card in choose["cards"][:choose["min"]]:
            page.click(f"#vtable .vhand.mine [data-card='{card}']", position=HIT)
        page.click("#action-button")
        return str(choose["kind"])
    kind, _, value = state["legal"][0].partition(":")
    if kind == "call":
        page.click(f"#bidding-box [data-call='{value}']")
    elif kind == "card":
        page.click(f"#vtable .playable[data-card='{value}']", position=HIT)
    else:
        page.click(f"#controls [data-choice='{value}']")
    return str(kind)


def shoot(page: Any, name: str, seen: set[str], phase: str) -> None:
    if SHOTS and phase not in seen:
        seen.add(phase)
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{phase}.png"), full_page=True)


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_whole_rubber_is_played_in_the_browser(table: Table, browser: Any, name: str) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(table.url + f"?variant={name}&seed={SEEDS[name]}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    kinds: set[str] = set()
    seen: set[str] = set()
    for _ in range(2000):
        state, replies = page.evaluate("[game.state, document.body.dataset.replies]")
        shoot(page, name, seen, state["phase"])
        assert page.evaluate(UNNAMED_SYMBOLS) == []  # each call and card said in words, not as a symbol
        assert page.evaluate(LABELS_IGNORED) == []  # each label where a screen reader reads it
        if state["phase"] == "over" and state["rubber_over"]:
            break
        kinds.add(take_first_legal_action(page, state))
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
        assert page.inner_text("#message") == ""
    else:
        raise AssertionError("the rubber did not end in 2000 actions")
    page.wait_for_selector("#rubber-winner")
    game_id = page.evaluate("game.id")
    rubber_table = table.app.state.tables.get(game_id).table
    assert rubber_table.rubber.is_over and {"call", "card", "next"} <= kinds
    totals = [int(cell) for cell in page.locator("#sheet-table tr.totals td").all_inner_texts()]
    assert totals == [rubber_table.rubber.total(p) for p in range(len(totals))]
    record = page.evaluate("fetch(document.getElementById('download').href).then(r => r.json())")
    replayed = Rubber(name, rubber_table.rubber.player_names)
    for deal in record["deals"]:
        replayed.record(VariantDeal.from_json(deal))
    assert replayed.sheet() == rubber_table.rubber.sheet()
    page.close()


@pytest.mark.parametrize("width", [1200, 420, 360])
def test_the_ranks_of_the_other_hands_stay_readable(table: Table, browser: Any, width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(table.url + "?variant=konstam&seed=0&confirm=0")  # the open dummy holds HK HQ HT H8 H5
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("#vtable [data-card='HT']").count() == 1
    assert page.evaluate(HIDDEN_RANKS) == []
    page.close()


OVERLAPS = """() => {
  // the pairs of the trick's cards (with their players' names) whose boxes overlap
  const slots = [...document.querySelectorAll("#v-trick .slot")].map((s) => s.getBoundingClientRect());
  return slots.flatMap((a, i) => slots.slice(i + 1).filter((b) => a.left < b.right - 0.5
    && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5).map(() => i));
}"""
"""A script for the page: the trick's cards whose boxes (with the names under them) overlap another's."""


@pytest.mark.parametrize("width", [420, 390, 360])
@pytest.mark.parametrize("name", ["booby", "sholem", "konstam"])
def test_a_trick_of_four_cards_takes_one_row_on_a_phone(table: Table, browser: Any, name: str,
                                                        width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 740})
    page.goto(table.url + f"?variant={name}&seed={SEEDS[name]}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    for _ in range(300):
        state, replies = page.evaluate("[game.state, document.body.dataset.replies]")
        if not state["trick"] and len(state.get("last_trick") or []) == 4:
            break  # the last trick, four cards with who played each, until the next card
        take_first_legal_action(page, state)
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    else:
        raise AssertionError("no trick of four cards in 300 actions")
    assert page.locator("#v-trick .slot").count() == 4
    assert page.evaluate(WRAPPED, "#v-trick .trick-row") == []
    assert page.evaluate(OVERLAPS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.close()


SEEN = """(selector) => [...document.querySelectorAll(selector)].every((node) => {
  // each element of `selector` wholly on the screen, and its top left corner (a card's rank) not under
  // another element (the bar at the foot of the screen)
  const r = node.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + 6, r.top + 12);
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
    && top !== null && node.contains(top);
})"""
"""A script for the page, given a selector: whether each of its elements is in view and not covered."""


@pytest.mark.parametrize(("name", "kind"),
                         [("booby", "discard"), ("nullo", "exchange"), ("sholem", "reserve")])
def test_on_a_phone_the_button_of_a_choice_of_cards_is_in_view_with_them(table: Table, browser: Any,
                                                                         name: str, kind: str) -> None:
    page = variant_page(browser, table, name, 360)
    state = act_until(page, lambda state: state["your_turn"] and state["choose"]
                      and state["choose"]["kind"] == kind, 100)
    for card in state["choose"]["cards"][:max(1, state["choose"]["min"])]:
        page.click(f"#vtable .vhand.mine [data-card='{card}']", position=HIT)
    assert page.evaluate(SEEN, "#vtable .vhand.mine .card.selected")  # the cards chosen
    assert page.evaluate(SEEN, "#action-button")  # and the button that gives, exchanges or sets them aside
    answered = page.get_attribute("body", "data-replies")
    page.click("#action-button")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=answered)
    assert page.inner_text("#message") == ""
    page.close()


OVERLAPPED_BY_THE_CHOICE = """() => {
  const box = (node) => node.getBoundingClientRect();
  const bar = box(document.getElementById("controls"));
  const shown = [...document.querySelectorAll("#vtable, #vtable .vhand, #side > *")]
    .filter((node) => node.id !== "controls" && !node.matches(".visually-hidden") && node.checkVisibility()
      && box(node).height > 0);
  return shown.filter((node) => { const r = box(node);
    return r.left < bar.right - 0.5 && r.right > bar.left + 0.5
      && r.top < bar.bottom - 0.5 && r.bottom > bar.top + 0.5;
  }).map((node) => node.id || node.className);
}"""
"""A script for the page: the table, its hands and the panels beside it that the bar of a choice (#controls)
overlaps."""


@pytest.mark.parametrize(("name", "kind"),
                         [("booby", "discard"), ("nullo", "exchange"), ("sholem", "reserve")])
def test_on_a_phone_the_bar_of_a_choice_of_cards_overlaps_neither_the_hand_nor_a_panel(
        table: Table, browser: Any, name: str, kind: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(table.url + f"?variant={name}&seed={SEEDS[name]}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    state = act_until(page, lambda state: state["your_turn"] and state["choose"]
                      and state["choose"]["kind"] == kind, 300)
    for card in state["choose"]["cards"][:max(1, state["choose"]["min"])]:
        page.click(f"#vtable .vhand.mine [data-card='{card}']", position=HIT)
    shoot(page, name, set(), f"{kind}-390x844")
    assert page.evaluate(SEEN, "#action-button")
    for scrolled in (0, 10_000):  # as the page opens at the choice, and scrolled to its foot
        page.evaluate("(y) => window.scrollTo(0, y)", scrolled)
        assert page.evaluate(OVERLAPPED_BY_THE_CHOICE) == []
    page.close()


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_on_a_laptop_your_hand_and_the_bidding_box_are_in_view_together(table: Table, browser: Any,
                                                                         name: str) -> None:
    """The panels beside the table, the score sheet under them, are taller than the screen: the table grew
    to their height (983 px at 1280x800 in Booby) and the hand sat below the screen's foot. Chinese
    bridge's box of thirteen levels, under the deal's and the auction's panels, ran to 883 px."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(table.url + f"?variant={name}&seed={SEEDS[name]}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    act_until(page, lambda state: state["phase"] == "bidding" and state["your_turn"], 100)
    assert page.evaluate(SEEN, "#vtable .vhand.mine .hand") and page.evaluate(SEEN, "#bidding-box")
    assert page.evaluate("scrollY") == 0
    page.close()


@pytest.mark.parametrize("name", VARIANT_NAMES)
@pytest.mark.parametrize(("width", "height"), [(900, 600), (360, 740)])
def test_on_a_tablet_held_sideways_or_a_phone_your_hand_is_in_view_when_the_play_begins(
        table: Table, browser: Any, name: str, width: int, height: int) -> None:
    """At 900x600 the table kept its 640 px in the play: once the page brought its top into view the
    lower part of your hand was below the screen (Nullo). Chinese bridge's four rows of cards (each
    hand, then its table cards) made the table 688 px high, and your hand ended at 658 px; at 360x740
    the four rows of table cards, each with a line for its counts, put the foot of your hand at 777 px."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(table.url + f"?variant={name}&seed={SEEDS[name]}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    act_until(page, lambda state: state["phase"] == "play" and state["your_turn"] and not state["choose"],
              200)
    assert page.evaluate(SEEN, "#vtable .vhand.mine .hand")
    page.close()


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_on_a_phone_a_card_typed_in_the_play_leaves_the_trick_and_your_hand_in_view(
        table: Table, browser: Any, name: str) -> None:
    """A key typed on the page puts the focus in the field to type a card, some 900-1200 px down at 375 px
    wide: the browser's scroll to it took the table mostly off the screen (sholem's hand and trick too)."""
    page = variant_page(browser, table, name, 375)
    state = act_until(page, lambda state: state["phase"] == "play" and state["your_turn"]
                      and state["choose"] is None, 200)
    page.keyboard.type(state["legal"][0].partition(":")[2])
    assert page.evaluate("document.activeElement.id") == "typed"
    assert page.evaluate(SEEN, "#v-trick") and page.evaluate(SEEN, "#vtable .vhand.mine")
    assert page.evaluate(SEEN, "#typed")
    page.close()


def test_on_a_phone_a_variant_s_contract_shows_in_the_header_and_in_the_deal_s_panel(table: Table,
                                                                                     browser: Any) -> None:
    page = variant_page(browser, table, "booby", 360)
    act_until(page, lambda state: state["phase"] == "play", 100)
    contract = page.inner_text("#contract")
    assert contract not in ("", "—")
    assert page.inner_text("#summary").startswith(f"Deal 1 · {contract} · Tricks ")
    page.close()


LONGEST_PLAY = """() => {
  // the deal in play with the longest things the header says: deal 12, the highest contract of the
  // variant in notrump redoubled, declared by the player with the longest name, two-digit trick counts
  const s = JSON.parse(JSON.stringify(game.state));
  const name = (p) => playerName(s, p.index).length;
  const longest = [...s.players].sort((a, b) => name(b) - name(a))[0];
  Object.assign(s, { phase: "play", deal_number: 12, contract: `${s.max_level}NTXX`, declarer: longest.index,
    tricks_won: s.players.map(() => 12) });
  renderVariantInfo(s);
  return document.querySelector("header").getBoundingClientRect().height;
}"""
"""A script for the page: the height of the header once it says the longest a deal in play can need."""


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_on_a_phone_a_variant_s_header_in_the_play_takes_two_lines_as_standard_bridge_s(
        table: Table, browser: Any, name: str) -> None:
    page = variant_page(browser, table, name, 360)
    assert page.evaluate(LONGEST_PLAY) <= 60  # the standard table's header, two lines (test_table_browser)
    page.close()


@pytest.mark.parametrize("name", ["booby", "nullo", "chinese", "konstam"])
def test_a_variant_that_bids_in_one_round_names_no_round(table: Table, browser: Any, name: str) -> None:
    page = variant_page(browser, table, name, 1300)
    act_until(page, lambda state: state["phase"] == "bidding" and state["your_turn"], 100)
    assert page.inner_text("#status") == "Your call: choose from the bidding box or type it."
    page.close()


def test_sholem_s_status_names_the_round_of_bidding(table: Table, browser: Any) -> None:
    page = variant_page(browser, table, "sholem", 1300)
    act_until(page, lambda state: state["phase"] == "bidding" and state["your_turn"], 100)
    assert page.inner_text("#status") == "Your call (round 1 of 3): choose from the bidding box or type it."
    page.close()


def test_sholem_s_contract_of_an_earlier_round_is_shown_while_it_stands(table: Table, browser: Any) -> None:
    """1C bid and passed in round 1 stands (a later round may overcall it): the panel said "Contract —"."""
    page = variant_page(browser, table, "sholem", 1300)
    act_until(page, lambda state: state["phase"] == "bidding" and state["your_turn"], 100)
    replies = page.get_attribute("body", "data-replies")
    page.click("#bidding-box [data-call='1C']")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    state = act_until(page, lambda state: state["round"] > 1 or state["phase"] != "bidding", 100)
    assert state["round"] == 2 and state["auction"][-1]["call"] == "P", "the computer passed 1C"
    assert page.inner_text("#contract") == "1♣ by You"
    assert page.inner_text("#status").startswith("Your call (round 2 of 3)")
    page.close()


def test_the_address_of_a_seeded_rubber_s_id_alone_shows_its_seed(table: Table, browser: Any) -> None:
    page = variant_page(browser, table, "booby", 1300)
    game_id = page.evaluate("game.id")
    page.close()
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(table.url + f"#{game_id}")  # (no ?seed= in it: the Seed box said "random")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.evaluate("game.id") == game_id and page.input_value("#seed") == str(SEEDS["booby"])
    page.close()


def test_the_address_names_the_game_and_the_vulnerability_of_each_new_deal(table: Table,
                                                                           browser: Any) -> None:
    """Chinese bridge chosen in the Game list of a `?variant=booby` page and New deal left
    `variant=booby` in the address (and bridge dealt Both from a `?vul=NS` page left `vul=NS`): a reload
    of a game the server had forgotten dealt the old game, or the old vulnerability."""
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.on("dialog", lambda dialog: dialog.accept())  # (leave the deal of bridge unplayed)
    page.goto(table.url + "?variant=booby&vul=NS&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    assert "variant=booby" in page.url and "vul=" not in page.url  # (a variant has no vulnerability)
    for name, vul in [("chinese", None), ("standard", "All"), ("nullo", None)]:
        dealt = page.evaluate("game.id")
        page.select_option("#variant", name)
        if vul is not None:
            page.select_option("#vul", vul)
        page.click("#deal-button")
        page.wait_for_function("id => game.id !== id && document.body.dataset.ready === 'yes'", arg=dealt)
        assert f"variant={name}" in page.url and "confirm=0" in page.url
        assert (f"vul={vul}" in page.url) if vul is not None else ("vul=" not in page.url)
    page.close()


@pytest.mark.parametrize("width", [1300, 375])
@pytest.mark.parametrize("name", ["booby", "konstam"])
def test_in_the_play_each_hand_is_drawn_in_its_seat_a_dummy_opposite_its_declarer(
        table: Table, browser: Any, name: str, width: int) -> None:
    """Booby's booby was drawn under your hand when you declared (Bridge for two's dummy of yours beside
    it): the three other hands are across the table, at your left, opposite you and at your right."""
    page = variant_page(browser, table, name, width)
    state = act_until(page, lambda state: state["phase"] == "play", 100)
    at = state["seats"].index(0)
    left, across, right = [page.locator(f"#vtable .vhand[data-hand='{hand}']").bounding_box()
                           for hand in state["seats"][at + 1:] + state["seats"][:at]]
    yours = page.locator("#vtable .vhand[data-hand='0']").bounding_box()
    trick = page.locator("#v-trick").bounding_box()
    assert max(box["y"] + box["height"] for box in (left, across, right)) <= trick["y"] <= yours["y"]
    if width > 600:  # (a phone has no room for them side by side: the one opposite you comes last)
        assert left["x"] + left["width"] <= across["x"] and across["x"] + across["width"] <= right["x"]
    page.close()


@pytest.mark.parametrize("width", [1200, 1300])
def test_on_a_laptop_bridge_for_two_s_dummy_opposite_you_keeps_its_cards_to_one_row(
        table: Table, browser: Any, width: int) -> None:
    """At 1200 px the dummy at your right kept its 13 cards on one row and left the dummy opposite you
    130 px: it wrapped into four rows (the sides' cards wrap instead)."""
    page = variant_page(browser, table, "konstam", width)  # you declare: the open dummy opposite you
    state = act_until(page, lambda state: state["phase"] == "play" and state["your_turn"], 100)
    across = state["seats"][(state["seats"].index(0) + 2) % len(state["seats"])]
    assert page.locator(f"#vtable .vhand[data-hand='{across}'] .card").count() == 13
    assert page.evaluate(WRAPPED, f"#vtable .vhand[data-hand='{across}'] .hand") == []
    assert page.evaluate(HIDDEN_RANKS) == []
    page.close()


CLEAR_OF_THE_CHOSEN = """() => {
  // whether each card chosen, risen, keeps clear of your name tag and of the cards of the row above it (a
  // card whose top is more than 40 px above its own: one of its own row is at most the rise away)
  const mine = "#vtable .vhand.mine";
  const box = (n) => n.getBoundingClientRect();
  const chosen = [...document.querySelectorAll(`${mine} .card.selected`)].map(box);
  const tag = box(document.querySelector(`${mine} .name`));
  const others = [...document.querySelectorAll(`${mine} .card:not(.selected)`)].map(box);
  const apart = (a, b) => a.right <= b.left + 0.5 || a.left >= b.right - 0.5 || a.bottom <= b.top + 0.5
    || a.top >= b.bottom - 0.5;
  return chosen.length > 0 && chosen.every((r) => apart(r, tag)
    && others.filter((o) => o.top < r.top - 40).every((o) => apart(r, o)));
}"""
"""A script for the page: whether the cards chosen for a discard, exchange or reserve, risen, keep clear of
the name tag and of the row of cards above them."""


@pytest.mark.parametrize("which", ["first", "second"])
def test_on_a_phone_the_cards_chosen_for_sholem_s_reserve_rise_clear_of_the_name_tag_and_the_row_above(
        table: Table, browser: Any, which: str) -> None:
    page = variant_page(browser, table, "sholem", 375)
    act_until(page, lambda state: state["your_turn"] and state["choose"]
              and state["choose"]["kind"] == "reserve", 300)
    cards = page.locator("#vtable .vhand.mine .card.playable")
    assert cards.count() == 16
    for i in range(5, 8) if which == "first" else range(13, 16):  # under the name tag, or the second row's
        cards.nth(i).click(position=HIT)
    assert page.evaluate(CLEAR_OF_THE_CHOSEN)
    page.close()


def variant_page(browser: Any, table: Table, name: str, width: int) -> Any:
    """A new page, ``width`` px wide, of a rubber of variant ``name`` from its seed in `SEEDS`, once shown."""
    page = browser.new_page(viewport={"width": width, "height": 740 if width < 600 else 900})
    page.goto(table.url + f"?variant={name}&seed={SEEDS[name]}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    return page


def act_until(page: Any, done: Any, most: int) -> dict[str, Any]:
    """Take the first legal action till ``done(state)`` holds (at most ``most`` actions); that state."""
    for _ in range(most):
        state, replies = page.evaluate("[game.state, document.body.dataset.replies]")
        if done(state):
            return dict(state)
        take_first_legal_action(page, state)
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    raise AssertionError(f"not done in {most} actions")


def test_the_deal_that_ends_the_rubber_lists_the_rubber_bonus_with_its_score(table: Table,
                                                                             browser: Any) -> None:
    page = variant_page(browser, table, "booby", 1300)
    act_until(page, lambda state: state["phase"] == "over" and state["rubber_over"], 2000)
    entries = page.locator("#deal-score li").all_inner_texts()
    assert "Left: 700 above the line, the rubber bonus (2-0)" in entries  # the sheet's 700 above, explained
    assert "Left: 100 below the line, 5♣ made" in entries  # the scorer's 5C, as the auction shows it
    page.close()


def test_a_card_from_a_sholem_reserve_is_named_for_its_player_not_player_2(table: Table,
                                                                           browser: Any) -> None:
    page = variant_page(browser, table, "sholem", 1300)
    state = act_until(page, lambda state: any((t["hand"] or 0) >= len(state["players"])
                                              for t in state["trick"] or []), 300)
    names = page.locator("#v-trick .who").all_inner_texts()
    assert any(name.endswith(": reserve") for name in names) and not any("player" in n for n in names)
    assert state["phase"] == "play"
    page.close()


RUN_TOGETHER = """() => [...document.querySelectorAll("#vtable .name .role")]
  .filter((tag) => !/\\s$/.test(tag.previousSibling ? tag.previousSibling.textContent : ""))
  .map((tag) => tag.parentElement.textContent)"""
"""A script for the page: the hands' name tags where a role runs on from the word before it, no space
between them for a narrow tag to break at."""


@pytest.mark.parametrize("name", ["booby", "konstam"])
def test_a_hand_s_name_tag_has_a_break_between_the_name_and_each_role(table: Table, browser: Any,
                                                                       name: str) -> None:
    page = variant_page(browser, table, name, 360)
    act_until(page, lambda state: state["phase"] == "play", 100)
    assert page.locator("#vtable .name .role").count() > 0
    assert page.evaluate(RUN_TOGETHER) == []
    page.close()


def test_a_variant_starts_when_its_script_comes_after_the_first_deal(table: Table, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 740})

    def slow(route: Any) -> None:  # variant.js arriving after the answers to the first requests (a busy
        answer = route.fetch()     # machine): the page named renderVariant before it was defined
        page.wait_for_timeout(700)
        route.fulfill(response=answer)

    page.route("**/static/variant.js", slow)
    page.goto(table.url + f"?variant=booby&seed={SEEDS['booby']}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]", timeout=10000)
    assert page.inner_text("#message") == ""
    assert page.locator("#vtable .vhand.mine .card").count() > 0
    page.close()


def test_a_typed_bid_of_level_ten_is_not_read_as_a_ten(table: Table, browser: Any) -> None:
    page = variant_page(browser, table, "chinese", 1300)  # Chinese bridge bids to level 13
    state = act_until(page, lambda state: state["phase"] == "bidding" and state["your_turn"], 100)
    bid = next(c[5:] for c in reversed(state["legal"]) if c.startswith("call:10"))  # (10NT, or 10S ...)
    replies = page.get_attribute("body", "data-replies")
    page.fill("#typed", bid.lower())
    page.press("#typed", "Enter")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    assert page.inner_text("#message") == ""  # (it was "not a call: 'TNT' ...")
    assert any(a["player"] == 0 and a["call"] == bid for a in page.evaluate("game.state.auction"))
    page.close()


@pytest.mark.parametrize("name, nullo", [("booby", True), ("nullo", True), ("sholem", True),
                                         ("chinese", False), ("konstam", False)])
def test_the_typing_hint_names_nullo_where_the_variant_bids_it(table: Table, browser: Any, name: str,
                                                              nullo: bool) -> None:
    """The hint said "Type a call (1S, 3NT, P, X) or a card (H7, SA)" in every variant, nullo's too."""
    page = variant_page(browser, table, name, 1300)
    act_until(page, lambda state: state["phase"] == "bidding", 100)  # (a choice of cards has its own hint)
    hint = page.inner_text("label[for=typed]")
    assert ("2N0 or 2 nullo" in hint) == nullo, hint
    assert hint.startswith("Type a call (1S, 3NT, ") and hint.endswith("P, X) or a card (H7, SA)")
    page.close()


def test_a_nullo_bid_typed_as_the_hint_says_is_made(table: Table, browser: Any) -> None:
    page = variant_page(browser, table, "nullo", 1300)
    state = act_until(page, lambda state: state["phase"] == "bidding" and state["your_turn"], 100)
    bid = next(c[5:] for c in state["legal"] if c.endswith("N0"))
    replies = page.get_attribute("body", "data-replies")
    page.fill("#typed", f"{bid[:-2]} nullo")
    page.press("#typed", "Enter")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    assert page.inner_text("#message") == ""
    assert any(a["player"] == 0 and a["call"] == bid for a in page.evaluate("game.state.auction"))
    page.close()


@pytest.mark.parametrize("width", [1300, 390])
def test_the_booby_shows_you_the_four_cards_you_gave_it_among_its_backs(table: Table, browser: Any,
                                                                        width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(table.url + f"?variant=booby&seed={SEEDS['booby']}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    state, replies = page.evaluate("[game.state, document.body.dataset.replies]")
    given = state["choose"]["cards"][:4]
    take_first_legal_action(page, state)
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    booby = page.locator("#vtable .vhand[data-hand='3']")
    shown = booby.locator(".known [data-card]").evaluate_all("nodes => nodes.map((n) => n.dataset.card)")
    assert sorted(shown) == sorted(given) and booby.locator(".backs .card").count() == 9
    assert "13 cards, 4 of them yours" in booby.inner_text()
    page.close()


@pytest.mark.parametrize("name", ["booby", "chinese"])
def test_at_the_end_of_a_deal_the_hands_are_shown_as_the_play_began(table: Table, browser: Any,
                                                                     name: str) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(table.url + f"?variant={name}&seed={SEEDS[name]}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    for _ in range(300):
        state, replies = page.evaluate("[game.state, document.body.dataset.replies]")
        if state["phase"] == "over" and state["contract"]:
            break
        take_first_legal_action(page, state)
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    else:
        raise AssertionError("no deal played to its end in 300 actions")
    for hand, cards in enumerate(state["deal"]):
        shown = page.locator(f"#vtable .vhand[data-hand='{hand}'] [data-card]")
        assert sorted(shown.evaluate_all("nodes => nodes.map((n) => n.dataset.card)")) == sorted(cards)
    assert len(state["deal"][0]) == (26 if name == "chinese" else 13)
    assert page.locator("#vtable .vpiles").count() == 0  # a Chinese player's table cards are in the hand
    page.close()


def test_a_sholem_reserve_not_yet_chosen_says_when_it_will_be(table: Table, browser: Any) -> None:
    page = variant_page(browser, table, "sholem", 1300)
    reserves = page.locator("#vtable .vhand:has(.name:text-matches('^reserve'))")
    assert reserves.count() == 2
    for text in reserves.all_inner_texts():
        assert "0 cards" not in text and "empty" not in text and "set aside before the play" in text
    page.close()


@pytest.mark.parametrize(("width", "height", "touch"),
                         [(360, 740, False), (360, 740, True), (740, 375, False), (844, 390, True)])
def test_on_a_phone_chinese_bridge_s_thirteen_levels_and_the_hand_are_in_view_at_your_call(
        table: Table, browser: Any, width: int, height: int, touch: bool) -> None:
    """On a touch screen each call was 40 px high, thirteen levels 585 px: the hand above the screen's top;
    held sideways (740x375, 844x390) the box ran 460 px down its panel, Pass below the screen's foot."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                  is_mobile=touch)
    page = context.new_page()
    page.goto(table.url + f"?variant=chinese&seed={SEEDS['chinese']}&confirm=0")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches") == touch
    act_until(page, lambda state: state["phase"] == "bidding" and state["your_turn"], 20)
    assert page.locator("#bidding-box [data-call='13NT']").is_enabled()  # all thirteen levels offered
    assert page.evaluate(SEEN, "#bidding-box") and page.evaluate(SEEN, "#vtable .vhand.mine")
    context.close()


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_on_a_wide_screen_a_variant_s_page_opens_at_its_top_with_the_game_menu_in_view(
        table: Table, browser: Any, name: str) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 800})  # a laptop's window
    page.goto(table.url + f"?variant={name}&seed=11&confirm=0")  # the person deals: the first call is yours
    page.wait_for_selector("body[data-ready=yes]")
    assert page.evaluate("scrollY") == 0 and page.evaluate(SEEN, "#variant")
    if page.evaluate("document.body.dataset.phase") == "bidding":  # the box's first bids in view below it
        assert page.evaluate(SEEN, "#bidding-box [data-call='1C']")
    page.close()


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_on_a_tablet_held_upright_a_variant_s_bidding_box_is_brought_into_view_at_your_call(
        table: Table, browser: Any, name: str) -> None:
    # at 601-900 px the panels are under the table, though the header is not kept at the top
    page = browser.new_page(viewport={"width": 820, "height": 1180})
    page.goto(table.url + f"?variant={name}&seed=11&confirm=0")  # the person deals: the first call is yours
    page.wait_for_selector("body[data-ready=yes]")
    if page.evaluate("document.body.dataset.phase") == "bidding":
        assert page.evaluate(SEEN, "#bidding-box") and page.evaluate(SEEN, "#vtable .vhand.mine")
    page.close()


STRAIN_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trumps"}


def call_words(call: str) -> str:
    """A call as a screen reader is told it: ``1S`` "1 spade", ``3NT`` "3 no trumps", ``2N0`` "2 nullo",
    ``P`` "pass"; a contract's ``X`` and ``XX`` as "doubled" and "redoubled"."""
    if call in ("P", "X", "XX"):
        return {"P": "pass", "X": "double", "XX": "redouble"}[call]
    match = re.fullmatch(r"(\d+)(C|D|H|S|NT|N0)(X*)", call)
    assert match is not None, call
    level, strain, doubled = match.groups()
    named = "nullo" if strain == "N0" else STRAIN_WORDS[strain][:-1] if level == "1" else STRAIN_WORDS[strain]
    return f"{level} {named}" + {"": "", "X": " doubled", "XX": " redoubled"}[doubled]


def in_order(text: str, parts: list[str]) -> None:
    """Each of ``parts`` is in ``text``, each after the one before."""
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, f"{part!r} not told after {text[:at][-80:]!r}"
        at = found + len(part)


def told_until(browser: Any, table: Table, name: str, phase: str, most: int) -> tuple[Any, str, Any]:
    """A page of variant ``name`` played by the first legal action till ``phase``: the page, all a screen
    reader was told on the way, and the table the server plays it at."""
    page = variant_page(browser, table, name, 1300)
    page.evaluate(LOGGED)
    act_until(page, lambda state: state["phase"] == phase, most)
    told = " ".join(page.evaluate("window.logged"))
    return page, told, table.app.state.tables.get(page.evaluate("game.id")).table


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_screen_reader_is_told_each_call_card_trick_and_the_result_of_a_variant_s_deal(
        table: Table, browser: Any, name: str) -> None:
    # a variant's log said "Dealt" and nothing more: the calls, the cards and the result were not told
    page, told, running = told_until(browser, table, name, "over", 500)
    deal, names = running.deal, running.rubber.player_names
    assert deal.contract is not None and deal.declarer is not None, "the first deal is played"
    labels = [re.sub(r" of player \d+$", "", spec.label) for spec in rules_of(name).hands]
    rounds = running.rounds  # (Sholem's: each new round named before its first call)
    calls = [f"{f'Round {r}. ' if i and r != rounds[i - 1] else ''}{names[p]}: {call_words(call)}."
             for i, ((p, call), r) in enumerate(zip(deal.auction, rounds, strict=True))]
    winners = [trick[0][0] for trick in deal.tricks[1:]] + [running.last_winner]  # (the winner leads)

    def played(player: int, hand: int | None, card: object) -> str:
        who = (f"{names[player]} (table)" if hand is None else names[player] if hand < len(names)
               else f"{names[player]}: {labels[hand]}")
        return f"{who} {card_words(str(card))}"

    tricks = [f"Trick {k + 1}: {', '.join(played(*p) for p in trick)}; {names[winners[k]]} won."
              for k, trick in enumerate(deal.tricks)]
    result = deal.result
    assert result is not None and result.tricks is not None
    entries = [f"{names[e.player]}: {e.points} {e.line} the line, "
               f"{call_words(e.item[:-5]) + ' made' if e.item.endswith(' made') else e.item}."
               for e in result.entries]
    contract = f"{call_words(str(deal.contract))} by {names[deal.declarer]}"
    said = f"Result: {contract}, {result.tricks} trick{'s' * (result.tricks != 1)}. {' '.join(entries)}"
    in_order(told, [f"Dealt: {deal.rules.title}, deal 1;", *calls, f"Contract: {contract}.", *tricks, said])
    assert page.evaluate(ANNOUNCED)[-1].endswith(" ".join(entries))
    page.close()


def test_when_a_variant_s_deal_ends_the_focus_is_on_next_deal(table: Table, browser: Any) -> None:
    page, _, running = told_until(browser, table, "nullo", "over", 500)
    assert not running.rubber.is_over
    assert page.evaluate("document.activeElement.id") == "next-deal"
    page.close()


def choice_words(names: tuple[str, ...] | list[str], player: int, kind: str, value: Any, you: bool,
                 drawn: list[str] | None = None) -> str:
    """A choice beside the calls and cards as a screen reader is told it: the cards of your own (in the order
    a hand shows them) and those your exchange drew, how many of another's; the dummy chosen and the one
    the other player takes."""
    if kind == "choose_dummy":
        other = 1 - player
        left = "closed" if value == "open" else "open"
        takes = "take" if other == 0 else "takes"
        return f"{names[player]}: the {value} dummy; {names[other]} {takes} the {left} one."
    if kind == "exchange" and not value:
        return f"{names[player]}: no exchange, the hand kept."
    def in_hand_order(cards: list[str]) -> str:
        return ", ".join(map(card_words, sorted(cards, key=lambda c: ("SHDC".index(c[0]),
                                                                      "AKQJT98765432".index(c[1])))))

    cards = in_hand_order(value) if you else f"{len(value)} card{'s' * (len(value) != 1)}"
    where = {"discard": "to the booby", "exchange": "exchanged with the stock",
             "reserve": "set aside as the reserve"}
    said = f"; drawn: {in_hand_order(drawn)}" if you and drawn else ""
    return f"{names[player]}: {cards} {where[kind]}{said}."


@pytest.mark.parametrize("name", ["booby", "nullo", "sholem", "konstam"])
def test_a_screen_reader_is_told_each_choice_made_beside_the_calls_in_its_place(
        table: Table, browser: Any, name: str) -> None:
    # the discards to the booby, the exchanges with the stock, the reserves and the dummy chosen were not told
    page, told, running = told_until(browser, table, name, "play", 200)
    deal, names = running.deal, running.rubber.player_names
    said, chosen = [], 0
    for at, (player, action) in enumerate(deal.actions):
        if action.kind == "card":
            break
        if action.kind == "call":
            said.append(f"{names[player]}: {call_words(str(action.value))}.")
            continue
        if action.kind in ("choose_dummy", "reserve") and not any(x.startswith("Contract: ") for x in said):
            said.append(f"Contract: {call_words(str(deal.contract))} by {names[deal.declarer]}.")
        value = action.value if action.kind == "choose_dummy" else [str(card) for card in action.cards()]
        drawn = [str(card) for card in deal.drawn.get(at, [])]
        said.append(choice_words(names, player, action.kind, value, player == 0, drawn))
        chosen += 1
    assert chosen == {"booby": 3, "nullo": 2, "sholem": 2, "konstam": 1}[name], "each choice is made"
    in_order(told, said)
    page.close()


def test_a_screen_reader_is_told_the_cards_your_nullo_exchange_draws_from_the_stock(
        table: Table, browser: Any) -> None:
    # it was told the cards you gave, not those drawn: Booby's discards and Sholem's reserves leave nothing
    # of your new hand unsaid
    page = variant_page(browser, table, "nullo", 1300)
    page.evaluate(LOGGED)
    state = act_until(page, lambda state: state["choose"] is not None or state["phase"] != "exchange", 10)
    assert state["choose"] is not None and state["choose"]["kind"] == "exchange"
    given = state["choose"]["cards"][:2]
    for card in given:
        page.click(f"#vtable .vhand.mine [data-card='{card}']", position=HIT)
    replies = page.evaluate("document.body.dataset.replies")
    page.click("#action-button")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    deal, names = table.app.state.tables.get(page.evaluate("game.id")).table.deal, ["You", "Computer"]
    at = next(k for k, (p, a) in enumerate(deal.actions) if p == 0 and a.kind == "exchange")
    drawn = [str(card) for card in deal.drawn[at]]
    told = " ".join(page.evaluate("window.logged"))
    in_order(told, [choice_words(names, 0, "exchange", given, True, drawn)])
    page.close()


def test_a_screen_reader_is_told_the_rubber_bonus_and_the_end_of_the_rubber_as_the_page_shows_them(
        table: Table, browser: Any) -> None:
    # the Result line gave the deal's entries without the rubber bonus the list showed, and no end of rubber
    page = variant_page(browser, table, "booby", 1300)
    act_until(page, lambda state: state["phase"] == "over" and state["rubber_over"], 2000)
    page.wait_for_function(f"() => ({ANNOUNCED})().some((line) => line.includes('Result: '))")
    result = page.evaluate(ANNOUNCED)[-1].split("Result: ", 1)[1]
    shown = page.locator("#deal-score li").all_inner_texts()
    assert "Left: 700 above the line, the rubber bonus (2-0)" in shown
    assert "Left: 700 above the line, the rubber bonus (2-0). " in result
    assert result.count(" the line, ") == len(shown)  # each entry the page lists, and no other
    assert result.endswith(f"{shown[-1]}. {page.inner_text('#rubber-winner')}")  # the bonus, then the end
    assert page.inner_text("#rubber-winner").startswith("The rubber is over: Left wins, ")
    page.close()


def test_a_screen_reader_is_told_a_passed_out_variant_deal_in_standard_bridge_s_words(
        table: Table, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(table.url + "?variant=nullo&seed=2&confirm=0")  # the computer passes, then you
    page.wait_for_selector("body[data-ready=yes]")
    act_until(page, lambda state: state["phase"] == "over", 10)
    assert page.evaluate(ANNOUNCED)[-1].endswith(f": pass. {PASSED_OUT}")
    assert page.inner_text("#result") == PASSED_OUT
    page.close()


def test_reloading_a_variant_s_page_tells_nothing_again(table: Table, browser: Any) -> None:
    # as the standard table: the deal goes on where it was, its calls and cards not said over again
    page = variant_page(browser, table, "nullo", 1300)
    act_until(page, lambda state: state["phase"] == "play" and state["trick"], 100)
    page.reload()
    page.wait_for_selector("body[data-ready=yes][data-phase=play]")
    assert page.evaluate(ANNOUNCED) == []
    state = page.evaluate("game.state")
    take_first_legal_action(page, state)  # the deal told on from there: your card, and no call again
    page.wait_for_function("() => document.querySelectorAll('#announce p').length > 0")
    [said] = page.evaluate(ANNOUNCED)
    assert f"You {card_words(state['legal'][0].removeprefix('card:'))}" in said and "Contract" not in said
    page.close()


def test_after_a_card_played_with_enter_the_focus_is_back_on_a_playable_card_at_your_next_turn(
        table: Table, browser: Any) -> None:
    """Each card chosen with Enter (played at once, no confirming): the focus fell to the page."""
    page = variant_page(browser, table, "nullo", 1300)
    act_until(page, lambda state: state["phase"] == "play" and state["your_turn"], 100)
    checked = 0
    for _ in range(6):
        replies = page.get_attribute("body", "data-replies")
        page.focus("#vtable .card.playable")
        page.keyboard.press("Enter")
        page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
        page.wait_for_selector("body[data-ready=yes]")
        state = page.evaluate("game.state")
        if state["phase"] != "play" or not state["your_turn"]:
            break
        focused = page.evaluate("document.activeElement.dataset.card || document.activeElement.tagName")
        assert f"card:{focused}" in state["legal"]
        assert page.evaluate("document.activeElement.closest('#vtable') !== null")
        checked += 1
    assert checked >= 2
    page.close()


def test_new_rubber_asks_before_leaving_a_rubber_in_progress(table: Table, browser: Any) -> None:
    """Deal 1 of a Nullo rubber scored and deal 2 dealt, New deal threw the rubber away without a word
    (standard bridge asks before a deal is left unplayed); the button is named for what it deals."""
    page = variant_page(browser, table, "nullo", 1300)
    assert page.inner_text("#deal-button") == "New rubber"
    act_until(page, lambda state: state["deal_number"] == 2, 300)
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    rubber = page.evaluate("game.id")
    page.click("#deal-button")
    assert asked and asked[0].startswith("This rubber is not finished (deal 2). Leave it for a new rubber?")
    assert page.evaluate("game.id") == rubber  # Cancel: the rubber goes on
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#deal-button")
    page.wait_for_function("id => game.id !== id && document.body.dataset.ready === 'yes'", arg=rubber)
    assert page.evaluate("game.state.deal_number") == 1
    page.close()


def test_a_card_the_server_did_not_answer_is_named(table: Table, browser: Any) -> None:
    """The message said the server does not answer, not which card was not played (docs/play.md said it
    is named)."""
    page = variant_page(browser, table, "nullo", 1300)
    state = act_until(page, lambda state: state["phase"] == "play" and state["your_turn"], 100)
    card = state["legal"][0].removeprefix("card:")
    page.route("**/api/games/**", lambda route: route.abort())  # (no answer: the server stopped)
    replies = page.get_attribute("body", "data-replies")
    page.click(f"#vtable .playable[data-card='{card}']", position=HIT)
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[0]] + card[1].replace("T", "10")
    assert page.inner_text("#message") == (f"the table's server does not answer (your card {symbol} was not "
                                           "played): was it stopped? Start bridgetools play again")
    page.close()


def test_a_finished_deal_tags_the_vulnerability_it_was_played_at(table: Table, browser: Any) -> None:
    """Booby's deal that won a game said "declarer vul" once over, by the next deal's vulnerability, beside
    its overtricks scored not vulnerable."""
    page = variant_page(browser, table, "booby", 1300)
    state = act_until(page, lambda state: state["phase"] == "over"
                      and any(p["vulnerable"] for p in state["rubber"]["players"]), 300)
    assert state["deal_number"] == 1 and state["vulnerable"] == [False, False, False]
    assert page.locator("#vtable .vhand .vul-yes").count() == 0
    assert page.locator("#sheet-table thead .vul-yes").count() > 0  # (the sheet: the rubber as it stands)
    page.close()


def test_sholem_s_auction_names_its_first_round_as_it_names_the_others(table: Table, browser: Any) -> None:
    page = variant_page(browser, table, "sholem", 1300)
    act_until(page, lambda state: state["phase"] == "bidding" and state["your_turn"], 100)
    assert page.locator("#auction tr.round").all_inner_texts()[:1] == ["Round 1"]  # (2 and 3 were, 1 not)
    assert page.locator("#auction tbody tr").first.inner_text() == "Round 1"
    page.close()


def test_a_one_round_variant_s_auction_names_no_round(table: Table, browser: Any) -> None:
    page = variant_page(browser, table, "booby", 1300)
    act_until(page, lambda state: state["phase"] == "bidding" and state["your_turn"], 100)
    assert page.locator("#auction tr.round").count() == 0
    page.close()


@pytest.mark.parametrize(("name", "kind"),
                         [("booby", "discard"), ("nullo", "exchange"), ("sholem", "reserve")])
def test_enter_with_nothing_typed_gives_the_cards_typed_for_a_choice(table: Table, browser: Any, name: str,
                                                                    kind: str) -> None:
    """At 360x740, four cards for the booby typed, "Give to the booby" was 21 Tabs away and Enter in the
    empty field did nothing."""
    page = variant_page(browser, table, name, 360)
    state = act_until(page, lambda state: state["your_turn"] and state["choose"]
                      and state["choose"]["kind"] == kind, 100)
    cards = state["choose"]["cards"][:max(1, state["choose"]["min"])]
    hint = page.inner_text("label[for=typed]")
    assert hint.startswith("Type the cards to choose (H7, SA), then Enter with nothing typed to "), hint
    page.focus("#typed")
    for card in cards:
        page.keyboard.type(card)
        page.keyboard.press("Enter")
    assert page.evaluate("chosenSet.size") == len(cards)
    replies = page.get_attribute("body", "data-replies")
    page.keyboard.press("Enter")
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies, timeout=5000)
    assert page.inner_text("#message") == ""
    deal = table.app.state.tables.get(page.evaluate("game.id")).table.deal
    assert any(p == 0 and a.kind == kind for p, a in deal.actions)
    page.close()


@pytest.mark.parametrize("path, body", [
    ("call", {"call": "P"}), ("call", {"call": "1NT"}), ("call", {"call": "1n"}), ("call", {"call": "1 nt"}),
    ("call", {"call": "dbl"}), ("call", {"call": "2N0"}), ("card", {"card": "SA"}),
    ("action", {"kind": "exchange", "value": []}), ("action", {"kind": "exchange", "value": ["SA", "H7"]}),
    ("next", {})])
def test_the_page_names_an_action_not_answered_as_the_server_names_one_refused(
        table: Table, browser: Any, path: str, body: dict[str, Any]) -> None:
    """Keep my hand was "your exchange  was not made" (nothing named), and the page said Pass where the
    server said P: one wording for an action not done, whether refused or not answered."""
    import json
    import urllib.error
    import urllib.request

    page = variant_page(browser, table, "nullo", 1300)
    game_id = page.evaluate("game.id")
    sent = json.dumps({**body, "seen": 99}).encode()  # (a version never reached: refused, naming the action)
    request = urllib.request.Request(f"{table.url}api/games/{game_id}/{path}", sent,
                                     {"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    server = json.load(refused.value)["error"].split(": ")[0]
    assert page.evaluate("([path, body]) => notDone(path, body)", [path, body]) == server
    page.close()


def test_the_page_explains_the_variants_rules_in_a_how_to_play_panel(table: Table, browser: Any) -> None:
    page = variant_page(browser, table, "sholem", 1300)
    assert page.inner_text("#how-to-play summary") == "How to play Sholem"
    assert not page.locator("#how-to-play li").first.is_visible()  # folded till opened
    page.click("#how-to-play summary")
    rules = page.inner_text("#how-to-play ul")
    assert "Five-step raise limit" in rules and "Reserve:" in rules and "Two cards a trick" in rules
    state, replies = page.evaluate("[game.state, document.body.dataset.replies]")
    take_first_legal_action(page, state)
    page.wait_for_function("n => document.body.dataset.replies !== n", arg=replies)
    assert page.locator("#how-to-play li").first.is_visible()  # left open by the player's next action
    page.close()


def test_each_entry_of_the_variants_score_sheet_is_labelled_with_its_deal_and_what_it_is_for(
        table: Table, browser: Any) -> None:
    page = variant_page(browser, table, "booby", 1300)
    act_until(page, lambda state: state["phase"] == "over" and state["rubber_over"], 2000)
    labels = page.locator("#sheet-table th.what").all_inner_texts()
    assert labels[0] == "2: rubber bonus"  # above the line, the latest on top
    assert "1: 5♣ made" in labels and "2: 5♣ made" in labels
    page.close()
