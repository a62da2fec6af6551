"""The table's JSON API through Starlette's test client: whole deals in every role, every bad request
refused with a JSON error and the game unchanged, and never a card South may not see."""

from __future__ import annotations

import json
import re
import threading
import urllib.request
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # starlette's notice about its httpx test client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from table_players import scripted

import bridgetools as bt
from bridgetools.rules.deck import deal_shuffled
from bridgetools.scoring import ns_score
from bridgetools.table.game import HUMAN, Game, Player
from bridgetools.table.players import SimplePlayer, computer_players
from bridgetools.table.record import PbnRecord
from bridgetools.table.web.app import STATIC, create_app

CARD = re.compile(r'"([SHDC][AKQJT98765432])"')


def client(players: Callable[[int | None], Mapping[bt.Seat, Player]] | None = None,
           **options: Any) -> TestClient:
    return TestClient(create_app(players, **options))


def server_game(c: TestClient, game_id: str) -> Game:
    game: Game = c.app.state.tables.get(game_id).game  # type: ignore[attr-defined]
    return game


def hidden_cards(game: Game) -> set[str]:
    """The cards South may not see now: those still held in the hands not shown to South."""
    seen = game.visible_to(HUMAN)
    return {str(card) for seat in bt.Seat if seat not in seen for card in game.remaining(seat)}


def play_to_the_end(c: TestClient, reply: dict[str, Any], south_calls: list[str] = ()) -> dict[str, Any]:
    """South makes ``south_calls`` then passes, and plays the first legal card; every response is
    checked for hidden cards. Returns the final state."""
    calls = list(south_calls)
    game_id, state = reply["id"], reply["state"]
    while True:
        game = server_game(c, game_id)
        text = json.dumps(state)
        if state["phase"] != "over":
            assert set(CARD.findall(text)) & hidden_cards(game) == set()
        else:
            return state
        if state["phase"] == "auction":
            call = calls.pop(0) if calls else "Pass"
            response = c.post(f"/api/games/{game_id}/call", json={"call": call})
        else:
            response = c.post(f"/api/games/{game_id}/card", json={"card": state["legal_cards"][0]})
        assert response.status_code == 200, response.text
        state = response.json()["state"]


ROLES = {
    "south declares": ({}, ["1NT"], "S"),
    "north declares": ({"north": ["1S"]}, [], "N"),
    "south defends": ({"east": ["1H"]}, [], "E"),
    "passed out": ({}, [], None),
}


@pytest.mark.parametrize("role", list(ROLES))
def test_a_whole_deal_through_the_api_never_shows_a_hidden_card(role: str) -> None:
    calls, south, declarer = ROLES[role]
    c = client(lambda seed: scripted(**calls))
    reply = c.post("/api/games", json={"seed": 21, "vulnerability": "NS"}).json()
    assert set(reply["state"]["hands"]) == {"S"}
    state = play_to_the_end(c, reply, south)
    assert state["declarer"] == declarer
    game = server_game(c, reply["id"])
    assert state["score"]["NS"] == game.ns_score == -state["score"]["EW"]
    assert set(state["hands"]) == {"N", "E", "S", "W"}
    assert state["deal"]["W"] == [str(card) for card in game.deal.hand(bt.Seat.W)]
    if declarer is None:
        assert state["contract"] == "Pass" and state["score"]["NS"] == 0 and state["tricks"] == []
    else:
        assert len(state["tricks"]) == 13 and all(t["winner"] for t in state["tricks"])
        expected = bt.score(state["contract"], game.play.declarer_tricks, bt.Vul.NS, declarer=declarer)
        assert state["score"]["total"] == expected and state["score"]["tricks"] == game.play.declarer_tricks
        assert state["score"]["declarer_side"] == bt.Seat.parse(declarer).side


def test_a_new_game_takes_vulnerability_and_seed() -> None:
    c = client()
    first = c.post("/api/games", json={"seed": 4, "vulnerability": "EW"})
    second = c.post("/api/games", json={"seed": 4, "vulnerability": "EW"})
    assert first.status_code == 201 and first.json()["id"] != second.json()["id"]
    assert first.json()["state"]["hands"] == second.json()["state"]["hands"]
    souths = deal_shuffled(bt.Seat.S, 4).hand(bt.Seat.S)
    assert first.json()["state"]["hands"]["S"] == [str(card) for card in souths]
    assert first.json()["state"]["vulnerability"] == "EW" and first.json()["state"]["dealer"] == "S"


def test_practice_mode_is_off_unless_the_table_or_the_request_turns_it_on() -> None:
    def practising(c: TestClient, **options: Any) -> bool:
        return server_game(c, c.post("/api/games", json={"seed": 4, **options}).json()["id"]).practice

    plain, practice = client(), client(practice=True)
    assert not practising(plain)
    assert practising(plain, practice=True)
    assert practising(practice)


def _started(c: TestClient) -> tuple[str, dict[str, Any]]:
    reply = c.post("/api/games", json={"seed": 2}).json()
    return reply["id"], reply["state"]


BAD_ACTIONS = [
    ("call", {"call": "1S"}, 422, "illegal call"),  # made illegal below by a higher bid first
    ("call", {"call": "2Z"}, 422, "not a call"),
    ("card", {"card": "SA"}, 409, "out of turn"),
    ("call", {"bid": "1S"}, 400, "missing key"),
    ("call", {"call": 7}, 400, "not a string"),
    ("call", ["1S"], 400, "not an object"),
]


@pytest.mark.parametrize("kind, body, status, why", BAD_ACTIONS, ids=[b[3] for b in BAD_ACTIONS])
def test_a_bad_action_gets_a_json_error_and_leaves_the_game_unchanged(kind: str, body: Any, status: int,
                                                                        why: str) -> None:
    c = client(lambda seed: scripted(west=["3S"]))
    game_id, _ = _started(c)
    if why == "illegal call":
        assert c.post(f"/api/games/{game_id}/call", json={"call": "2S"}).status_code == 200
    before = c.get(f"/api/games/{game_id}").json()
    response = c.post(f"/api/games/{game_id}/{kind}", json=body)
    assert response.status_code == status and response.json()["error"]
    assert c.get(f"/api/games/{game_id}").json() == before


def test_malformed_json_gets_a_400_and_leaves_the_game_unchanged() -> None:
    c = client()
    game_id, _ = _started(c)
    before = c.get(f"/api/games/{game_id}").json()
    response = c.post(f"/api/games/{game_id}/call", content=b'{"call": "1S"',
                      headers={"content-type": "application/json"})
    assert response.status_code == 400 and "JSON" in response.json()["error"]
    assert c.get(f"/api/games/{game_id}").json() == before


def test_a_card_south_does_not_hold_gets_a_422() -> None:
    c = client(lambda seed: scripted(east=["1H"]))
    game_id, _ = _started(c)
    c.post(f"/api/games/{game_id}/call", json={"call": "Pass"})
    state = c.post(f"/api/games/{game_id}/call", json={"call": "Pass"}).json()["state"]
    assert state["phase"] == "play" and state["your_turn"]
    game = server_game(c, game_id)
    not_held = str(next(iter(game.deal.hand(bt.Seat.W))))
    response = c.post(f"/api/games/{game_id}/card", json={"card": not_held})
    assert response.status_code == 422 and "does not hold" in response.json()["error"]
    assert c.get(f"/api/games/{game_id}").json()["state"] == state


def test_a_card_sent_as_a_call_or_a_call_as_a_card_is_named_for_what_it_is() -> None:
    c = client(lambda seed: scripted(east=["1H"]))
    game_id, _ = _started(c)
    response = c.post(f"/api/games/{game_id}/call", json={"call": "SA"})  # typed in the auction
    assert response.status_code == 422
    assert response.json()["error"] == ("SA is a card, but the auction is not over: make a call (a bid such "
                                         "as 1S or 3NT, Pass, X or XX)")
    c.post(f"/api/games/{game_id}/call", json={"call": "Pass"})
    state = c.post(f"/api/games/{game_id}/call", json={"call": "Pass"}).json()["state"]
    assert state["phase"] == "play" and state["your_turn"]
    response = c.post(f"/api/games/{game_id}/card", json={"card": "1NT"})  # typed in the play
    assert response.status_code == 422
    assert response.json()["error"] == ("1NT is a call, but the auction is over: play a card (such as "
                                         f"{state['legal_cards'][0]} or {state['legal_cards'][-1]})")
    assert c.get(f"/api/games/{game_id}").json()["state"] == state
    response = c.post(f"/api/games/{game_id}/call", json={"call": "2Z"})  # out of turn before unreadable
    assert response.status_code == 409 and response.json()["error"].startswith("the auction is over")


def test_a_card_south_does_not_hold_is_refused_without_naming_a_hidden_hand_that_holds_it() -> None:
    c = client(lambda seed: scripted(east=["1H"]))
    game_id, _ = _started(c)
    c.post(f"/api/games/{game_id}/call", json={"call": "Pass"})
    state = c.post(f"/api/games/{game_id}/call", json={"call": "Pass"}).json()["state"]
    assert state["phase"] == "play" and state["your_turn"] and state["dummy"] == "W"
    game = server_game(c, game_id)
    hidden = str(max(game.remaining(bt.Seat.N)))  # partner's card: his hand is hidden from South
    response = c.post(f"/api/games/{game_id}/card", json={"card": hidden})
    assert response.json()["error"] == f"{hidden} cannot be played now: South does not hold {hidden}"
    dummy = str(max(game.remaining(bt.Seat.W)))  # the opening lead: dummy is not face up yet either
    response = c.post(f"/api/games/{game_id}/card", json={"card": dummy})
    assert response.json()["error"] == f"{dummy} cannot be played now: South does not hold {dummy}"
    assert c.get(f"/api/games/{game_id}").json()["state"] == state


def test_an_unknown_vulnerability_is_refused_naming_what_is_expected_once() -> None:
    response = client().post("/api/games", json={"vulnerability": "Both sides"})
    assert response.status_code == 400
    assert response.json()["error"] == "not a vulnerability: 'Both sides' (expected None, NS, EW or All)"


def test_an_unknown_game_gets_a_404_with_a_json_error() -> None:
    c = client()
    for response in (c.get("/api/games/nope"), c.post("/api/games/nope/call", json={"call": "1S"}),
                     c.post("/api/games/nope/card", json={"card": "SA"}), c.get("/api/nothing")):
        assert response.status_code == 404 and response.json()["error"]


@pytest.mark.parametrize("options", [
    {"vulnerability": "sometimes"}, {"vulnerability": 3}, {"seed": "x"}, {"seed": -1}, {"seed": True},
    {"board": 0}, {"colour": "red"}, {"practice": "yes"},
])
def test_bad_options_for_a_new_game_get_a_400(options: dict[str, Any]) -> None:
    c = client()
    response = c.post("/api/games", json=options)
    assert response.status_code == 400 and response.json()["error"]
    assert len(c.app.state.tables._games) == 0  # type: ignore[attr-defined]


def test_the_boards_of_a_file_are_played_in_turn_with_their_dealer_and_vulnerability() -> None:
    boards = [bt.Board(number=n, deal=deal_shuffled(bt.Seat.dealer_of_board(n), n)) for n in (1, 2, 3)]
    c = client(boards=boards)
    assert c.get("/api/table").json()["boards"] == 3
    state = c.post("/api/games", json={"board": 2}).json()["state"]
    assert state["board"] == 3 and state["dealer"] == "S" and state["vulnerability"] == "EW"
    assert state["board_index"] == 2
    assert c.post("/api/games", json={"board": 3}).status_code == 400


@pytest.mark.parametrize("option", [{"seed": 3}, {"vulnerability": "All"}])
def test_a_file_s_board_refuses_a_seed_or_vulnerability_it_would_not_use(option: dict[str, Any]) -> None:
    # {"board": 0, "seed": 3} was accepted and the board dealt as the file has it, the seed unsaid
    c = client(boards=[bt.Board(number=1, deal=deal_shuffled(bt.Seat.N, 1))])
    response = c.post("/api/games", json={"board": 0, **option})
    name = next(iter(option))
    assert response.status_code == 400 and response.json()["error"] == (
        f"a file's board has its own cards, dealer and vulnerability: leave {name} out")
    assert len(c.app.state.tables._games) == 0  # type: ignore[attr-defined]


def test_a_computer_call_is_explained_on_request() -> None:
    c = client()
    game_id, _ = _started(c)
    c.post(f"/api/games/{game_id}/call", json={"call": "Pass"})
    explained = c.get(f"/api/games/{game_id}/calls/1/explanation")
    assert explained.status_code == 200 and explained.json()["explanation"]
    assert c.get(f"/api/games/{game_id}/calls/40/explanation").status_code == 404


def test_an_explanation_asked_past_the_auction_names_the_index_asked() -> None:
    c = client()
    game_id = c.post("/api/games", json={"seed": 1}).json()["id"]
    c.post(f"/api/games/{game_id}/call", json={"call": "Pass"})
    state = c.get(f"/api/games/{game_id}").json()["state"]
    calls = len(state["auction"])
    answer = c.get(f"/api/games/{game_id}/calls/{calls}/explanation")
    assert answer.status_code == 404
    assert answer.json()["error"] == (f"there is no call {calls} in the auction (its calls are counted "
                                      f"from 0: 0 to {calls - 1})")


def test_the_computer_players_of_a_game_dealt_from_a_seed_are_given_the_seed() -> None:
    given: list[int | None] = []

    def seated(seed: int | None) -> Mapping[bt.Seat, Player]:
        given.append(seed)
        return scripted()

    board = bt.Board(number=1, dealer=bt.Seat.N, deal=deal_shuffled(bt.Seat.N, 5))
    c = client(seated, boards=[board])
    for options in ({"seed": 3}, {}, {"board": 0}):
        assert c.post("/api/games", json=options).status_code == 201
    assert given == [3, None, None]  # a random deal, or a file's board, has no seed to replay


def test_a_computer_call_s_explanation_is_its_meaning_without_the_call() -> None:
    c = client(lambda seed: computer_players(seed=1))
    game_id, _ = _started(c)
    state = c.post(f"/api/games/{game_id}/call", json={"call": "1NT"}).json()["state"]
    call = state["auction"][1]
    explanation = c.get(f"/api/games/{game_id}/calls/1/explanation").json()["explanation"]
    assert explanation and not explanation.startswith(f"{call}:")


def test_finished_boards_are_recorded_and_read_back_with_the_same_calls_cards_and_score(
        tmp_path: Path) -> None:
    path = tmp_path / "evening.pbn"
    c = client(lambda seed: scripted(east=["1H"]), record=PbnRecord(path))
    games = []
    for seed in (1, 2):
        reply = c.post("/api/games", json={"seed": seed, "vulnerability": "All"}).json()
        games.append((reply["id"], play_to_the_end(c, reply)))
    boards = list(bt.read(path))
    assert [b.number for b in boards] == [1, 2]
    for board, (game_id, state) in zip(boards, games, strict=True):
        game = server_game(c, game_id)
        assert board.auction is not None and board.auction.calls == game.auction.calls  # (notes numbered)
        assert [(n.alert, n.explanation) if n else None for n in board.auction.annotations] \
            == [(n.alert, n.explanation) if n else None for n in game.auction.annotations]
        assert board.play is not None and game.play is not None
        assert board.play.cards == game.play.cards
        winners = [t.winner for t in game.play.completed_tricks]
        assert [t.winner for t in board.play.completed_tricks] == winners
        assert ns_score(board.contract, board.declarer, board.tricks, board.vulnerability) \
            == state["score"]["NS"]
        assert board.issues == []


def test_a_seeded_deal_s_state_and_record_keep_its_seed(tmp_path: Path) -> None:
    """The page shows the seed of a game opened by its #id alone, and the record names it in its Event,
    as `bridgetools deal` does; a random deal has none."""
    path = tmp_path / "evening.pbn"
    c = client(lambda seed: scripted(), record=PbnRecord(path))
    seeded = c.post("/api/games", json={"seed": 11}).json()
    assert c.get(f"/api/games/{seeded['id']}").json()["state"]["seed"] == 11
    play_to_the_end(c, seeded)
    random = c.post("/api/games", json={}).json()
    assert random["state"]["seed"] is None
    play_to_the_end(c, random)
    assert [board.event for board in bt.read(path)] == ["bridgetools play, seed 11", None]


def test_a_board_of_the_file_is_recorded_with_the_file_s_event_and_site(tmp_path: Path) -> None:
    path = tmp_path / "evening.pbn"
    given = bt.Board(number=5, dealer=bt.Seat.N, vulnerability=bt.Vul.BOTH, deal=deal_shuffled(bt.Seat.N, 5),
                     event="Tuesday lesson: weak twos", site="Riverside club")
    c = client(lambda seed: scripted(), boards=[given], record=PbnRecord(path))
    play_to_the_end(c, c.post("/api/games", json={"board": 0}).json())
    (board,) = list(bt.read(path))
    assert (board.number, board.event, board.site) == (5, "Tuesday lesson: weak twos", "Riverside club")
    assert board.deal == given.deal and board.dealer == bt.Seat.N


def test_the_page_is_served_from_the_package_and_fetches_nothing_from_elsewhere() -> None:
    c = client()
    page = c.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    for name in ("table.js", "table.css"):
        assert c.get(f"/static/{name}").status_code == 200
    for path in STATIC.iterdir():
        assert "://" not in path.read_text(encoding="utf-8"), path.name


def test_the_page_names_its_icon_so_the_browser_asks_for_no_favicon() -> None:
    """Without one every load asked for /favicon.ico and logged a 404 in the browser's console."""
    assert '<link rel="icon"' in client().get("/").text


def test_a_table_recording_boards_refuses_a_variant_it_could_not_record(tmp_path: Path) -> None:
    c = client(lambda seed: scripted(), record=PbnRecord(tmp_path / "evening.pbn"))
    assert c.get("/api/table").json()["variants"] == ["standard"]
    refused = c.post("/api/games", json={"variant": "booby"})
    assert refused.status_code == 409
    assert "--variant NAME --record FILE.json" in refused.json()["error"]
    assert c.post("/api/games", json={}).status_code == 201


def test_a_record_that_cannot_be_written_is_a_json_error_and_the_game_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "stick"
    folder.mkdir()
    c = client(lambda seed: scripted(), record=PbnRecord(folder / "evening.pbn"))
    game_id = c.post("/api/games", json={}).json()["id"]
    folder.rmdir()  # the memory stick taken out during the deal
    reply = c.post(f"/api/games/{game_id}/call", json={"call": "Pass"})  # and three passes: passed out
    assert reply.status_code == 500
    assert reply.json()["error"].startswith("the deal is over but could not be recorded in ")
    assert c.get(f"/api/games/{game_id}").json()["state"]["phase"] == "over"


def test_a_passed_out_deal_names_no_side_s_vulnerability_in_its_score() -> None:
    # at both vulnerable the score said "vulnerable": false, as if the deal had been dealt otherwise
    c = client(lambda seed: scripted())
    game_id = c.post("/api/games", json={"vulnerability": "All"}).json()["id"]
    state = c.post(f"/api/games/{game_id}/call", json={"call": "Pass"}).json()["state"]
    assert state["contract"] == "Pass" and state["vulnerability"] == "All"
    assert state["score"]["declarer_side"] is None and state["score"]["vulnerable"] is None


def test_a_played_deal_s_score_names_declarer_s_vulnerability() -> None:
    c = client(lambda seed: scripted())
    game_id = c.post("/api/games", json={"vulnerability": "NS"}).json()["id"]
    state = play_to_the_end(c, c.post(f"/api/games/{game_id}/call", json={"call": "1NT"}).json())
    assert state["score"]["declarer_side"] == "NS" and state["score"]["vulnerable"] is True


def test_acting_out_of_turn_says_what_the_game_is_at() -> None:
    c = client(lambda seed: scripted())
    game_id = c.post("/api/games", json={}).json()["id"]
    card = c.post(f"/api/games/{game_id}/card", json={"card": "SA"})
    assert card.status_code == 409 and card.json()["error"] == "the auction is not over: South is to call"
    c.post(f"/api/games/{game_id}/call", json={"call": "1NT"})  # and three passes: West leads
    c.post(f"/api/games/{game_id}/card", json={"card": c.get(f"/api/games/{game_id}").json()["state"]
                                              ["legal_cards"][0]})  # from dummy: South's own turn next
    call = c.post(f"/api/games/{game_id}/call", json={"call": "Pass"})
    assert call.status_code == 409 and call.json()["error"] == "the auction is over: South is to play a card"


def test_a_call_in_dummy_s_turn_names_dummy_s_seat_as_the_state_s_turn_does() -> None:
    # "the auction is over: South is to play a card" while the state's turn said N
    c = client(lambda seed: scripted())
    game_id = c.post("/api/games", json={"seed": 1}).json()["id"]
    state = c.post(f"/api/games/{game_id}/call", json={"call": "1NT"}).json()["state"]  # West leads
    assert state["declarer"] == "S" and state["turn"] == "N" and state["your_turn"]
    call = c.post(f"/api/games/{game_id}/call", json={"call": "Pass"})
    assert call.status_code == 409
    assert call.json()["error"] == "the auction is over: South is to play a card from dummy (North)"
    play_to_the_end(c, c.get(f"/api/games/{game_id}").json())
    late = c.post(f"/api/games/{game_id}/card", json={"card": "SA"})
    assert late.status_code == 409 and late.json()["error"] == "the deal is over: start a new one"


def test_a_call_made_on_an_auction_the_player_has_not_seen_is_refused_and_changes_nothing() -> None:
    # a double click on Pass: the second Pass, sent with the version the first was made on, would have
    # passed out West's 2H, which South never saw
    c = client(lambda seed: scripted(west=["2H"]))
    game_id, state = _started(c)
    first = c.post(f"/api/games/{game_id}/call", json={"call": "Pass", "seen": state["version"]})
    assert first.status_code == 200 and first.json()["state"]["auction"] == ["Pass", "2H", "Pass", "Pass"]
    before = c.get(f"/api/games/{game_id}").json()
    second = c.post(f"/api/games/{game_id}/call", json={"call": "Pass", "seen": state["version"]})
    assert second.status_code == 409 and "has moved on" in second.json()["error"]
    assert c.get(f"/api/games/{game_id}").json() == before


def test_an_action_naming_the_version_it_saw_is_made() -> None:
    c = client(lambda seed: scripted(west=["2H"]))
    game_id, state = _started(c)
    first = c.post(f"/api/games/{game_id}/call", json={"call": "Pass", "seen": state["version"]}).json()
    second = c.post(f"/api/games/{game_id}/call", json={"call": "Pass", "seen": first["state"]["version"]})
    assert second.status_code == 200
    assert second.json()["state"]["auction"][:5] == ["Pass", "2H", "Pass", "Pass", "Pass"]


def test_a_version_that_is_not_a_whole_number_gets_a_400() -> None:
    c = client()
    game_id, _ = _started(c)
    response = c.post(f"/api/games/{game_id}/call", json={"call": "Pass", "seen": "3"})
    assert response.status_code == 400 and "version" in response.json()["error"]


@pytest.mark.parametrize("seen", [5, -1])
def test_a_version_the_game_has_never_been_at_gets_a_400_saying_so(seen: int) -> None:
    """Version 5 of a game at version 0 was refused as "the game has moved on ... (version 5, now 0)"."""
    c = client()
    game_id, _ = _started(c)
    before = c.get(f"/api/games/{game_id}").json()
    response = c.post(f"/api/games/{game_id}/call", json={"call": "P", "seen": seen})
    assert response.status_code == 400 and "moved on" not in response.json()["error"]
    assert f'"seen" is version {seen}, which this game has never been at (it is at version 0' \
        in response.json()["error"]
    assert c.get(f"/api/games/{game_id}").json() == before


def test_a_known_address_asked_with_the_wrong_method_says_which_method() -> None:
    c = client(lambda seed: scripted())
    listed = c.get("/api/games")
    assert listed.status_code == 405 and listed.json()["error"] == "/api/games takes POST, not GET"
    game_id = c.post("/api/games", json={}).json()["id"]
    call = c.get(f"/api/games/{game_id}/call")
    assert call.status_code == 405
    assert call.json()["error"] == f"/api/games/{game_id}/call takes POST, not GET"
    assert c.get("/api/nothing").status_code == 404


def asked(url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """A served table's answer (`table_server.Table`), waiting 30 s at most."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, Any] = json.load(response)
        return answer


def test_while_the_computer_players_think_the_game_is_shown_as_it_stands_at_once() -> None:
    """A reload during a long play-out (North playing all thirteen tricks) showed "Dealing..." for a
    minute: GET waited for the lock the thinking held. It answers at once, the deal as of the computers'
    last call or card, marked as thinking; once they are done, as it stands, not thinking."""
    pytest.importorskip("uvicorn")
    from table_players import Held, Scripted
    from table_server import Table

    north = Held()
    slow = Table(players=lambda seed: {bt.Seat.N: north, bt.Seat.E: Scripted(), bt.Seat.W: Scripted(["1S"])})
    try:
        game_id = asked(slow.url + "api/games", {"seed": 3})["id"]
        assert asked(slow.url + f"api/games/{game_id}")["state"]["thinking"] is False
        calling = threading.Thread(target=asked, args=(slow.url + f"api/games/{game_id}/call", {"call": "P"}))
        calling.start()
        assert north.thinking.wait(timeout=30)  # West has bid 1S; North thinks, holding the game's lock
        state = asked(slow.url + f"api/games/{game_id}")["state"]  # (answered while North is held)
        north.release.set()
        calling.join(timeout=30)
        assert state["thinking"] is True and not state["your_turn"]
        assert state["auction"] == ["Pass", "1S"]
        final = asked(slow.url + f"api/games/{game_id}")["state"]
        assert final["thinking"] is False and final["auction"] == ["Pass", "1S", "Pass", "Pass"]
    finally:
        north.release.set()  # (a failed assertion lets North go, so that the server stops)
        slow.stop()


def test_a_call_is_explained_while_the_computer_players_think() -> None:
    """A click on a call's explain button while the computer players thought waited for the game's lock
    as long as they thought (a play-out: a minute and more): the explanation needs only the auction."""
    pytest.importorskip("uvicorn")
    from table_players import Held, Scripted
    from table_server import Table

    north = Held()
    slow = Table(players=lambda seed: {bt.Seat.N: north, bt.Seat.E: Scripted(), bt.Seat.W: Scripted(["1S"])})
    try:
        game_id = asked(slow.url + "api/games", {"seed": 3})["id"]
        calling = threading.Thread(target=asked, args=(slow.url + f"api/games/{game_id}/call", {"call": "P"}))
        calling.start()
        assert north.thinking.wait(timeout=30)  # West has bid 1S; North thinks, holding the game's lock
        explained = asked(slow.url + f"api/games/{game_id}/calls/1/explanation")  # (while North is held)
        assert explained["explanation"] == SimplePlayer().explain(bt.Auction("S", "P"), bt.Call.parse("1S"))
        north.release.set()
        calling.join(timeout=30)
    finally:
        north.release.set()  # (a failed assertion lets North go, so that the server stops)
        slow.stop()
