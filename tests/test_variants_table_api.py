"""The variants at the table through the JSON API: a whole rubber of each variant against the computer
players, the person taking the first legal action each time; never a card the person may not see; the
score sheet and the JSON record agree with the engine; bad requests refused and the game unchanged."""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # starlette's notice about its httpx test client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from bridgetools.errors import BridgeError
from bridgetools.rules.variants import VARIANT_NAMES, Action, Rubber, VariantDeal, new_deal
from bridgetools.rules.variants.how_to_play import HOW_TO_PLAY
from bridgetools.table.record import JsonRecord
from bridgetools.table.variants import YOU, VariantPlayer, VariantTable, computer_players, simple_players
from bridgetools.table.web.app import create_app

CARD = re.compile(r'"([SHDC][AKQJT98765432])"')
SEEDS = {"booby": 7, "nullo": 9, "sholem": 5, "chinese": 5, "konstam": 8}
"""Seeds whose rubber ends in a few deals with the computer players below (so the tests stay quick)."""


def seated(name: str, count: int, seed: int | None = None) -> Mapping[int, VariantPlayer]:
    """The engine's computer players, seeded so that every run plays the same rubber."""
    return computer_players(name, count, seed=1)


def client(**options: Any) -> TestClient:
    return TestClient(create_app(variant_players=options.pop("players", seated), **options))


def table_of(c: TestClient, game_id: str) -> VariantTable:
    table: VariantTable = c.app.state.tables.get(game_id).table  # type: ignore[attr-defined]
    return table


def hidden_cards(deal: VariantDeal) -> set[str]:
    """The cards player 0 may not see now: in hands not shown to them (but for the cards they gave the
    booby, told by the record of actions, not by `VariantDeal.given`, which the view itself asks), in the
    stock, face down on the table."""
    discarded = {c for p, action in deal.actions if p == YOU and action.kind == "discard"
                 for c in action.cards()}
    hidden = {str(c) for h, cards in enumerate(deal.hands) if not deal.visible(h, YOU) for c in cards
              if c not in discarded}
    hidden |= {str(c) for c in deal.stock}
    hidden |= {str(down) for piles in deal.piles for _, down in piles if down is not None}
    return hidden


def first_legal(state: dict[str, Any]) -> tuple[str, Any]:
    """The first legal action the state offers: the first cards of a choice, else the first listed."""
    choose = state["choose"]
    if choose is not None:
        return choose["kind"], choose["cards"][:choose["min"]]
    action = Action.from_str(state["legal"][0])
    return action.kind, action.value


def send(c: TestClient, game_id: str, kind: str, value: Any) -> Any:
    """An action through its own endpoint: calls and cards as the standard table takes them."""
    if kind in ("call", "card"):
        return c.post(f"/api/games/{game_id}/{kind}", json={kind: value})
    return c.post(f"/api/games/{game_id}/action", json={"kind": kind, "value": value})


def play_rubber(c: TestClient, reply: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The person takes the first legal action until the rubber is over, pressing for the next deal after
    each; every state is checked for hidden cards. Returns the last state and the deals played."""
    game_id, state = reply["id"], reply["state"]
    deals = 1
    for _ in range(5000):
        table = table_of(c, game_id)
        if state["phase"] != "over":
            assert set(CARD.findall(json.dumps(state))) & hidden_cards(table.deal) == set()
            assert state["your_turn"] and table.deal.to_act == YOU
            response = send(c, game_id, *first_legal(state))
        elif state["rubber_over"]:
            return state, deals
        else:
            response = c.post(f"/api/games/{game_id}/next")
            deals += 1
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    raise AssertionError("the rubber did not end in 5000 actions")


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_whole_rubber_of_each_variant_through_the_api(name: str) -> None:
    c = client()
    reply = c.post("/api/games", json={"variant": name, "seed": SEEDS[name]})
    assert reply.status_code == 201, reply.text
    state, deals = play_rubber(c, reply.json())
    sheet = state["rubber"]
    assert sheet["is_over"] and max(p["games"] for p in sheet["players"]) == 2
    assert deals == sheet["deals"] >= 2 and state["deal_number"] == deals
    table = table_of(c, reply.json()["id"])
    assert sheet == table.rubber.sheet(numbered=True) and len(sheet["players"]) == table.deal.players
    assert c.post(f"/api/games/{reply.json()['id']}/next").status_code == 409  # nothing after the rubber


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_the_record_of_a_rubber_replays_to_the_same_score_sheet(name: str) -> None:
    c = client(players=simple_players)
    reply = c.post("/api/games", json={"variant": name, "seed": 3}).json()
    state, _ = play_rubber(c, reply)
    record = c.get(f"/api/games/{reply['id']}/record")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    data = record.json()
    assert data["variant"] == name and data["over"]
    replayed = Rubber(name, [p["name"] for p in state["rubber"]["players"]])
    for deal in data["deals"]:
        replayed.record(VariantDeal.from_json(deal))
    assert replayed.sheet(numbered=True) == state["rubber"] and replayed.sheet() == data["sheet"]


def test_the_state_shows_only_what_the_person_may_see_of_a_booby_deal() -> None:
    c = client(players=simple_players)
    state = c.post("/api/games", json={"variant": "booby", "seed": 1}).json()["state"]
    hands = {h["id"]: h for h in state["hands"]}
    assert state["phase"] == "discard" and state["choose"]["kind"] == "discard"
    assert len(hands[0]["cards"]) == 17 and state["choose"]["min"] == state["choose"]["max"] == 4
    assert all(hands[h]["cards"] is None for h in (1, 2, 3))  # the others and the booby are hidden


def test_a_chinese_deal_shows_the_face_up_table_cards_and_not_those_under_them() -> None:
    c = client(players=simple_players)
    reply = c.post("/api/games", json={"variant": "chinese", "seed": 4}).json()
    table = table_of(c, reply["id"])
    piles = reply["state"]["table_cards"]
    assert [len(t["piles"]) for t in piles] == [11, 11]
    shown = {p["up"] for t in piles for p in t["piles"]}
    assert shown == {str(up) for pile in table.deal.piles for up, _ in pile}
    assert set(CARD.findall(json.dumps(reply["state"]))) & hidden_cards(table.deal) == set()


def _started(c: TestClient, name: str = "nullo") -> tuple[str, dict[str, Any]]:
    reply = c.post("/api/games", json={"variant": name, "seed": 2}).json()
    return reply["id"], reply["state"]


BAD = [
    ("card", {"card": "SA"}, 409, "a card in the exchange"),
    ("action", {"kind": "exchange", "value": ["SA", "SA"]}, 422, "a card twice"),
    ("action", {"kind": "exchange", "value": ["XY"]}, 422, "not a card"),
    ("action", {"kind": "discard", "value": []}, 409, "the wrong phase"),
    ("call", {"call": "1S"}, 409, "a call before the auction"),
    ("action", {"kind": "exchange"}, 400, "no value"),
    ("action", {"kind": "exchange", "value": [7]}, 400, "not strings"),
    ("next", {}, 409, "the next deal too soon"),
]


@pytest.mark.parametrize("path, body, status, why", BAD, ids=[b[3] for b in BAD])
def test_a_bad_variant_action_gets_a_json_error_and_leaves_the_game_unchanged(
        path: str, body: dict[str, Any], status: int, why: str) -> None:
    c = client(players=simple_players)
    game_id, state = _started(c)
    assert state["phase"] == "exchange" and state["your_turn"]
    before = c.get(f"/api/games/{game_id}").json()
    response = c.post(f"/api/games/{game_id}/{path}", json=body)
    assert response.status_code == status and response.json()["error"], response.text
    assert c.get(f"/api/games/{game_id}").json() == before


def test_a_card_not_held_in_the_play_gets_a_422() -> None:
    c = client(players=simple_players)
    game_id, state = _started(c, "konstam")
    while state["phase"] != "play":
        state = send(c, game_id, *first_legal(state)).json()["state"]
    own = {card for h in state["hands"] if h["owner"] == YOU for card in h["cards"]}
    not_held = next(card for card in ("SA", "HA", "DA", "CA", "S2", "H2") if card not in own)
    response = c.post(f"/api/games/{game_id}/card", json={"card": not_held})
    assert response.status_code == 422 and response.json()["error"]
    assert c.get(f"/api/games/{game_id}").json()["state"] == state


@pytest.mark.parametrize("options", [
    {"variant": "whist"}, {"variant": 3}, {"variant": "booby", "vulnerability": "NS"},
    {"variant": "booby", "board": 0}, {"variant": "nullo", "seed": -1},
])
def test_bad_options_for_a_variant_get_a_400(options: dict[str, Any]) -> None:
    c = client()
    response = c.post("/api/games", json=options)
    assert response.status_code == 400 and response.json()["error"]
    assert len(c.app.state.tables._games) == 0  # type: ignore[attr-defined]


def test_practice_mode_asked_for_a_variant_is_refused_saying_it_is_standard_bridge_s() -> None:
    c = client()
    response = c.post("/api/games", json={"variant": "booby", "practice": True})
    assert response.status_code == 400 and "practice mode is for standard bridge" in response.json()["error"]
    assert c.post("/api/games", json={"variant": "booby", "practice": False}).status_code == 201
    practising = client(practice=True, players=simple_players)  # `play --practice`: the page's variants
    assert practising.post("/api/games", json={"variant": "booby"}).status_code == 201


def test_the_table_offers_the_variants_and_plays_its_default_one() -> None:
    c = client(variant="sholem", players=simple_players)
    info = c.get("/api/table").json()
    assert info["variant"] == "sholem" and info["variants"] == ["standard", *VARIANT_NAMES]
    assert c.post("/api/games", json={}).json()["state"]["variant"] == "sholem"
    assert "hands" in c.post("/api/games", json={"variant": "standard"}).json()["state"]


def test_a_variant_call_has_no_explanation_but_a_clear_404() -> None:
    c = client(players=simple_players)
    game_id, _ = _started(c, "konstam")
    response = c.get(f"/api/games/{game_id}/calls/0/explanation")
    assert response.status_code == 404 and "explain" in response.json()["error"]


def test_finished_deals_of_each_rubber_are_kept_in_the_json_record(tmp_path: Path) -> None:
    path = tmp_path / "rubbers.json"
    c = client(players=simple_players, variant_record=JsonRecord(path))
    ids = []
    for name in ("nullo", "konstam"):
        reply = c.post("/api/games", json={"variant": name, "seed": 6}).json()
        play_rubber(c, reply)
        ids.append(reply["id"])
    rubbers = json.loads(path.read_text(encoding="utf-8"))["rubbers"]
    assert [r["id"] for r in rubbers] == ids
    for rubber, game_id in zip(rubbers, ids, strict=True):
        assert rubber == {"id": game_id, **c.get(f"/api/games/{game_id}/record").json()}
    again = JsonRecord(path)  # a second evening appends to the same file
    assert len(again._rubbers) == 2
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def play_deal(c: TestClient, game_id: str, state: dict[str, Any]) -> dict[str, Any]:
    """The person takes the first legal action until the deal in play is over; returns that state."""
    while state["phase"] != "over":
        response = send(c, game_id, *first_legal(state))
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    return state


def unfinished_credits(sheet: dict[str, Any]) -> list[tuple[int, int, str]]:
    return [(p["index"], e["points"], e["item"]) for p in sheet["players"] for e in p["above"]
            if e["item"].startswith("unfinished")]


def test_a_rubber_left_for_a_new_one_keeps_law_80_credits_in_the_record(tmp_path: Path) -> None:
    # seed 1: the first deal is 4H made by the computer, a game; New rubber then leaves the rubber there
    path = tmp_path / "rubbers.json"
    c = client(players=simple_players, variant_record=JsonRecord(path))
    reply = c.post("/api/games", json={"variant": "nullo", "seed": 1}).json()
    state = play_deal(c, reply["id"], reply["state"])
    assert state["rubber"]["players"][1]["games"] == 1 and not state["rubber_over"]
    c.post("/api/games", json={"variant": "nullo"})
    left = json.loads(path.read_text(encoding="utf-8"))["rubbers"][0]
    assert unfinished_credits(left["sheet"]) == [(1, 300, "unfinished rubber: game")]
    assert left["sheet"]["players"][1]["total"] == state["rubber"]["players"][1]["total"] + 300


def test_a_rubber_the_table_stops_at_its_last_deal_scores_law_80_credits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import bridgetools.table.variants as table_module

    monkeypatch.setattr(table_module, "MAX_DEALS", 1)
    c = client(players=simple_players)
    reply = c.post("/api/games", json={"variant": "nullo", "seed": 1}).json()
    state = play_deal(c, reply["id"], reply["state"])
    assert state["rubber_over"] and not state["rubber"]["is_over"]
    assert unfinished_credits(state["rubber"]) == [(1, 300, "unfinished rubber: game")]


def test_a_file_that_is_not_a_record_of_rubbers_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(Exception, match=r"notes.json: line 1, column 1: expected a JSON object"):
        JsonRecord(path)


def test_a_table_recording_rubbers_refuses_a_standard_deal_it_could_not_record(tmp_path: Path) -> None:
    c = client(players=simple_players, variant="booby", variant_record=JsonRecord(tmp_path / "rubbers.json"))
    assert "standard" not in c.get("/api/table").json()["variants"]
    refused = c.post("/api/games", json={"variant": "standard"})
    assert refused.status_code == 409 and "--record FILE.pbn" in refused.json()["error"]
    assert c.post("/api/games", json={"variant": "nullo"}).status_code == 201


def test_validate_replays_the_json_record_of_rubbers_and_names_a_changed_card(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    path = tmp_path / "rubbers.json"
    c = client(players=simple_players, variant_record=JsonRecord(path))
    for name in ("nullo", "booby"):
        play_rubber(c, c.post("/api/games", json={"variant": name, "seed": 6}).json())
    deals = sum(len(r["deals"]) for r in json.loads(path.read_text(encoding="utf-8"))["rubbers"])
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert f"1 file, {deals} boards, 0 problems" in result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    second = record["rubbers"][1]["deals"][0]
    last = next(a for a in reversed(second["actions"]) if a["action"].startswith("card:"))
    last["action"] = "card:SA" if last["action"] != "card:SA" else "card:S2"
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    problem = next(p for p in result.output.splitlines() if "rubber 2, deal 1:" in p)
    assert "may not play" in problem
    line, column = map(int, problem.removeprefix(f"{path}:").split(":")[:2])
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = sum(map(len, lines[:line - 1])) + column - 1
    assert json.JSONDecoder().raw_decode("".join(lines), at)[0] == second  # the place of that deal


def test_validate_accepts_the_record_of_a_rubber_left_with_law_80_credits(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    path = tmp_path / "rubbers.json"
    c = client(players=simple_players, variant_record=JsonRecord(path))
    reply = c.post("/api/games", json={"variant": "nullo", "seed": 1}).json()
    play_deal(c, reply["id"], reply["state"])  # 4H made by the computer: 300 for its game
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0, result.output


def test_validate_accepts_a_record_of_rubbers_kept_before_sheets_said_whether_a_rubber_was_left(
        tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    path = tmp_path / "rubbers.json"
    c = client(players=simple_players, variant_record=JsonRecord(path))
    reply = c.post("/api/games", json={"variant": "nullo", "seed": 2}).json()
    play_deal(c, reply["id"], reply["state"])  # 1 down: no credit, the sheet as the older tables kept it
    record = json.loads(path.read_text(encoding="utf-8"))
    for rubber in record["rubbers"]:
        del rubber["sheet"]["left_unfinished"]
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0, result.output


def test_a_discard_of_the_wrong_cards_is_told_to_the_person_in_plain_words() -> None:
    c = client(players=simple_players)
    game_id, _ = _started(c, "booby")
    refused = c.post(f"/api/games/{game_id}/action", json={"kind": "discard", "value": ["SA"]})
    assert refused.status_code == 422
    assert refused.json()["error"] == "You must choose 4 different cards in hand for the discard, not SA"


def test_a_discard_of_a_card_the_person_does_not_hold_names_that_card() -> None:
    c = client(players=simple_players)
    game_id, state = _started(c, "booby")
    held = state["choose"]["cards"]
    unheld = next(str(card) for card in new_deal("booby", seed=0).pack if str(card) not in held)
    refused = c.post(f"/api/games/{game_id}/action", json={"kind": "discard", "value": [*held[:3], unheld]})
    assert refused.status_code == 422
    told = f"You do not hold {unheld}: choose 4 different cards in hand for the discard"
    assert refused.json()["error"] == told


@pytest.mark.parametrize(("path", "body", "told"), [
    ("action", {"kind": "discard", "value": []},
     "it is the exchange with the stock now, not a time for a discard to the booby"),
    ("action", {"kind": "choose_dummy", "value": "open"},
     "it is the exchange with the stock now, not a time for a choice of dummy"),
    ("call", {"call": "1S"}, "it is the exchange with the stock now, not a time for a call"),
    ("card", {"card": "SA"}, "it is the exchange with the stock now, not a time for a card"),
])
def test_an_action_out_of_its_phase_is_told_in_plain_words(path: str, body: dict[str, Any],
                                                           told: str) -> None:
    c = client(players=simple_players)
    game_id, _ = _started(c)
    refused = c.post(f"/api/games/{game_id}/{path}", json=body)
    assert refused.status_code == 409 and refused.json()["error"] == told


def test_an_exchange_in_the_discard_is_an_exchange_not_a_exchange() -> None:
    c = client(players=simple_players)
    game_id, _ = _started(c, "booby")
    refused = c.post(f"/api/games/{game_id}/action", json={"kind": "exchange", "value": []})
    assert refused.json()["error"] == ("it is the discard to the booby now, not a time for an exchange with "
                                       "the stock")


def test_the_simple_player_ruffs_in_the_trump_suit_of_a_ten_level_chinese_contract() -> None:
    # `10S` is spades, not notrump: with no heart left, the quick player ruffs the heart ace
    from bridgetools.rules.variants.rules import CHINESE
    from bridgetools.table.variants import _card

    view = {"contract": "10S", "trick": [{"card": "HA"}]}
    assert _card(CHINESE, ["S3", "D2"], view) == "S3"
    assert _card(CHINESE, ["S3", "D2"], {"contract": "10NT", "trick": [{"card": "HA"}]}) == "D2"


def test_a_variant_action_made_on_a_table_the_person_has_not_seen_is_refused_and_changes_nothing() -> None:
    # a double click on a card or a call: the second, sent with the version the first was made on, would
    # have been applied to the next trick or round of the auction
    c = client(players=simple_players)
    game_id, state = _started(c)
    kind, value = first_legal(state)
    seen = state["version"]
    first = c.post(f"/api/games/{game_id}/action", json={"kind": kind, "value": value, "seen": seen})
    assert first.status_code == 200 and first.json()["state"]["version"] == state["version"] + 1
    before = c.get(f"/api/games/{game_id}").json()
    again = first_legal(before["state"])
    for path, body in (("action", {"kind": again[0], "value": again[1]}), ("next", {})):
        second = c.post(f"/api/games/{game_id}/{path}", json={**body, "seen": state["version"]})
        assert second.status_code == 409 and "has moved on" in second.json()["error"], second.text
        assert c.get(f"/api/games/{game_id}").json() == before


def test_a_variant_action_naming_the_version_it_saw_is_made() -> None:
    # nullo's exchange, a pass that passes the deal out, and the next deal, each naming the last version
    c = client(players=simple_players)
    game_id, state = _started(c)
    for path, body in (("action", {"kind": "exchange", "value": []}), ("call", {"call": "P"}), ("next", {})):
        response = c.post(f"/api/games/{game_id}/{path}", json={**body, "seen": state["version"]})
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    assert state["phase"] == "exchange" and state["version"] == 3


def test_a_variant_version_that_is_not_a_whole_number_gets_a_400() -> None:
    c = client(players=simple_players)
    game_id, state = _started(c)
    kind, value = first_legal(state)
    for path, body in (("action", {"kind": kind, "value": value}), ("next", {})):
        response = c.post(f"/api/games/{game_id}/{path}", json={**body, "seen": True})
        assert response.status_code == 400 and "version" in response.json()["error"]


@pytest.mark.parametrize("command", ["show", "print"])
def test_show_and_print_name_the_deals_of_a_record_of_rubbers_they_cannot_lay_out(tmp_path: Path,
                                                                                  command: str) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    path = tmp_path / "booby.json"
    c = client(players=simple_players, variant_record=JsonRecord(path))
    play_rubber(c, c.post("/api/games", json={"variant": "booby", "seed": 6}).json())
    deals = len(json.loads(path.read_text(encoding="utf-8"))["rubbers"][0]["deals"])
    assert f"{deals} boards, 0 problems" in CliRunner().invoke(cli, ["validate", str(path)]).output
    output = tmp_path / "booby.pdf"
    args = [str(path), "-o", str(output)] if command == "print" else [str(path)]
    result = CliRunner().invoke(cli, [command, *args])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"Error: {path}: rubber 1, deals 1-{deals}: deals of Booby (three players), no boards of bridge: "
        f"{command} has no layout for them (bridgetools validate checks them)"]
    assert not output.exists()


@pytest.mark.parametrize("record", [{"rubbers": []}, {"variant": "booby", "deals": []}])
def test_show_says_a_record_of_rubbers_holds_no_deals_without_naming_their_variants(tmp_path: Path,
                                                                                   record: object) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    path = tmp_path / "empty.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(cli, ["show", str(path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"Error: {path}: a record of variant rubbers with no deals, no boards of bridge: show has nothing to"
        " lay out (bridgetools validate checks it)"]


def test_one_rubber_s_record_as_the_table_downloads_it_is_validated_and_named_by_show(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    c = client(players=simple_players)
    game = c.post("/api/games", json={"variant": "nullo", "seed": 6}).json()
    play_rubber(c, game)
    path = tmp_path / "nullo.json"
    record = c.get(f"/api/games/{game['id']}/record").json()
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    deals = len(record["deals"])
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0 and f"1 file, {deals} boards, 0 problems" in result.output
    shown = CliRunner().invoke(cli, ["show", str(path)])
    assert shown.exit_code == 1
    assert f"{path}: rubber 1, deals 1-{deals}: deals of Nullo (two players), no boards" in shown.output
    last = next(a for a in reversed(record["deals"][0]["actions"]) if a["action"].startswith("card:"))
    last["action"] = "card:SA" if last["action"] != "card:SA" else "card:S2"
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and "rubber 1, deal 1:" in result.output and "may not play" in result.output


@pytest.mark.parametrize("command", [["convert", "-o", "x.pbn"], ["export", "-o", "x.parquet"], ["dd"],
                                     ["bid"], ["autoplay"], ["analyze"]])
@pytest.mark.parametrize("kept", ["record", "download"])
def test_every_command_reading_boards_names_a_record_of_rubbers_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], kept: str) -> None:
    """convert, export, dd, bid, autoplay and analyze said "vr.json: no boards found (read as JSON)" of the
    table's record of rubbers (and of one rubber's record as the page downloads it), which `validate`
    reads and `show` and `print` name: they now say what the file holds, in one line, exit 1."""
    from click.testing import CliRunner

    from bridgetools.cli import cli

    if command[0] == "export":
        pytest.importorskip("pyarrow")
    path = tmp_path / "vr.json"
    c = client(players=simple_players, variant_record=JsonRecord(path) if kept == "record" else None)
    game = c.post("/api/games", json={"variant": "booby", "seed": 6}).json()
    play_rubber(c, game)
    if kept == "download":
        path.write_text(json.dumps(c.get(f"/api/games/{game['id']}/record").json()), encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    deals = len((data["rubbers"][0] if kept == "record" else data)["deals"])
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, [command[0], "vr.json", *command[1:]])
    assert result.exit_code == 1
    said = (f"vr.json: rubber 1, deals 1-{deals}: deals of Booby (three players), no boards of bridge "
            "(bridgetools validate checks them)")
    assert said in result.output.splitlines()[0] and "no boards found" not in result.output
    assert not (tmp_path / "x.pbn").exists() and not (tmp_path / "x.parquet").exists()


def test_reading_a_record_of_rubbers_as_boards_names_its_rubbers(tmp_path: Path) -> None:
    import bridgetools as bt
    from bridgetools.errors import NoBoardsError

    path = tmp_path / "nullo.json"
    c = client(players=simple_players, variant_record=JsonRecord(path))
    play_rubber(c, c.post("/api/games", json={"variant": "nullo", "seed": 6}).json())
    named = r"rubber 1, deals 1-\d+: deals of Nullo \(two players\), no boards of bridge"
    with pytest.raises(NoBoardsError, match=named):
        list(bt.read(path))


def test_show_names_a_record_of_rubbers_read_as_json_whatever_its_file_is_called(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    path = tmp_path / "booby.txt"
    path.write_text(json.dumps({"variant": "booby", "deals": []}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["show", str(path), "--from", "json"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"Error: {path}: a record of variant rubbers with no deals, no boards of bridge: show has nothing to"
        " lay out (bridgetools validate checks it)"]


@pytest.mark.parametrize(("path", "body", "named"), [
    ("card", {"card": "SA"}, "your card SA was not played: the game has moved on"),
    ("call", {"call": "1NT"}, "your call 1NT was not made: the game has moved on"),
    ("action", {"kind": "exchange", "value": ["SA", "H7"]}, "your exchange SA, H7 was not made: the game"),
    ("action", {"kind": "exchange", "value": []},  # (Keep my hand: it said "your exchange  was not made")
     "your exchange of no cards (keep my hand) was not made: the game"),
    ("call", {"call": "P"}, "your call Pass was not made: the game has moved on"),
    ("next", {}, "the next deal was not started: the game has moved on")])
def test_a_variant_action_refused_because_the_rubber_moved_on_is_named(path: str, body: dict[str, Any],
                                                                      named: str) -> None:
    """Another tab played on: the refusal said "your card was not made", not which card, where standard
    bridge's says "your card SA was not played"."""
    c = client(players=simple_players)
    game_id, state = _started(c)
    kind, value = first_legal(state)
    assert c.post(f"/api/games/{game_id}/action", json={"kind": kind, "value": value}).status_code == 200
    refused = c.post(f"/api/games/{game_id}/{path}", json={**body, "seen": state["version"]})
    assert refused.status_code == 409 and refused.json()["error"].startswith(named)


def test_the_next_deal_is_published_with_its_version_before_the_computer_players_act_in_it() -> None:
    """A reload while the computer players thought over the next deal's first action was served the old
    deal, over and not thinking (so the page did not ask again, and its Next deal was refused 409): the
    new deal was published only after their first action, and with the old version."""
    seen: list[dict[str, Any]] = []
    entries: list[Any] = []

    class Watching:
        """A simple player noting the state the table has published when it comes to act."""

        def __init__(self, player: VariantPlayer) -> None:
            self.player = player

        def choose(self, deal: VariantDeal, player: int) -> Action:
            if entries:
                seen.append(entries[0].shown["state"])
            return self.player.choose(deal, player)

    def watching(name: str, count: int, seed: int | None = None) -> Mapping[int, VariantPlayer]:
        return {p: Watching(player) for p, player in simple_players(name, count, seed).items()}

    c = client(players=watching)
    game_id, state = _started(c)
    entries.append(c.app.state.tables.get(game_id))  # type: ignore[attr-defined]
    while state["phase"] != "over":
        state = send(c, game_id, *first_legal(state)).json()["state"]
    seen.clear()
    after = c.post(f"/api/games/{game_id}/next", json={"seen": state["version"]})
    assert after.status_code == 200, after.text
    first = seen[0]  # (what a reload got while the first computer player of deal 2 thought)
    assert first["deal_number"] == state["deal_number"] + 1 and first["phase"] != "over"
    assert first["thinking"] is True and first["version"] == state["version"] + 1


def test_a_card_refused_in_a_variant_says_why_in_the_persons_words() -> None:
    c = client(players=simple_players)
    for seed in range(40):
        reply = c.post("/api/games", json={"variant": "nullo", "seed": seed}).json()
        game_id = reply["id"]
        table = table_of(c, game_id)
        while not table.deal_over:
            deal = table.deal
            if deal.phase == "play" and deal.trick and table.your_turn:
                led = deal.trick[0][2].suit
                other = next((card for card in deal.hands[0] if card.suit != led), None)
                if other is not None and any(card.suit == led for card in deal.hands[0]):
                    refused = c.post(f"/api/games/{game_id}/card", json={"card": str(other)})
                    assert refused.status_code == 422
                    assert refused.json()["error"].startswith(
                        f"{other} cannot be played now: you must follow suit ({led.full_name}) (playable: ")
                    return
            if table.your_turn:
                first = deal.legal_actions()[0]
                table.act(first.kind, first.value if isinstance(first.value, str) else list(first.value))
            table.advance()
    pytest.fail("no trick came where the person could follow suit and held another suit")


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_the_state_holds_the_variants_rules_in_short_as_docs_variants_md_gives_them(name: str) -> None:
    c = client(players=simple_players)
    _, state = _started(c, name)
    docs = (Path(__file__).parent.parent / "docs" / "variants.md").read_text(encoding="utf-8")
    docs = " ".join(docs.split())
    assert state["how_to_play"] == list(HOW_TO_PLAY[name])
    for line in HOW_TO_PLAY[name]:
        assert f"- {' '.join(line.split())}" in docs


DEEP_RUBBERS = '{"rubbers": ' + "[" * 100_000 + "]" * 100_000 + "}"
"""A record of rubbers nested far too deeply for Python's parser."""


def test_validate_says_a_record_of_rubbers_nested_too_deeply_is_bad_json(tmp_path: Path) -> None:
    # `validate deep.json` of a rubbers record said "unexpected error (RecursionError)"
    from click.testing import CliRunner

    from bridgetools.cli import cli

    path = tmp_path / "deep.json"
    path.write_text(DEEP_RUBBERS, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:1:112: bad JSON: arrays and objects nested too deeply" in result.output


def test_a_record_of_rubbers_nested_too_deeply_is_refused_in_one_line(tmp_path: Path) -> None:
    # `play --variant nullo --record deep.json` raised RecursionError
    path = tmp_path / "deep.json"
    path.write_text(DEEP_RUBBERS, encoding="utf-8")
    with pytest.raises(BridgeError, match=r"not a JSON record of rubbers \(arrays and objects nested too"):
        JsonRecord(path)
