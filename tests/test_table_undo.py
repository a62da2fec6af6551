"""Undo at the table, a practice-mode feature: South's last call or card is taken back with everything the
computer players did after it; the plain game refuses it, and a record holds the play as finally made."""

from __future__ import annotations

import logging
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # starlette's notice about its httpx test client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from table_players import Scripted, scripted

import bridgetools as bt
from bridgetools.model.calls import Annotation, Call
from bridgetools.model.hand import Hand
from bridgetools.rules.auction import Auction
from bridgetools.table.game import Game
from bridgetools.table.record import PbnRecord
from bridgetools.table.web.app import create_app


def practice_table(calls: dict[str, list[str]] | None = None, **options: Any) -> TestClient:
    """A table in practice mode whose computer players make ``calls`` (else pass), and play as the simple
    player does."""
    return TestClient(create_app(lambda seed: scripted(**(calls or {})), practice=True, **options))


def started(c: TestClient, seed: int = 21) -> tuple[str, dict[str, Any]]:
    reply = c.post("/api/games", json={"seed": seed}).json()
    return reply["id"], reply["state"]


def act(c: TestClient, game_id: str, kind: str, value: str) -> dict[str, Any]:
    response = c.post(f"/api/games/{game_id}/{kind}", json={kind: value})
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()["state"]
    return state


def undone(c: TestClient, game_id: str) -> dict[str, Any]:
    response = c.post(f"/api/games/{game_id}/undo")
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()["state"]
    return state


def test_undo_takes_back_south_s_call_and_the_computer_calls_after_it() -> None:
    c = practice_table(calls={"west": ["1H"]})
    game_id, start = started(c)
    assert start["practice"] and not start["can_undo"]
    after = act(c, game_id, "call", "Pass")
    assert after["auction"] == ["Pass", "1H", "Pass", "Pass"] and after["can_undo"]
    state = undone(c, game_id)
    assert state["auction"] == [] and state["your_turn"] and state["turn"] == "S"
    assert state["legal_calls"] == start["legal_calls"] and not state["can_undo"]


def test_undo_at_the_start_is_refused_saying_there_is_nothing_to_undo() -> None:
    c = practice_table()
    game_id, start = started(c)
    refused = c.post(f"/api/games/{game_id}/undo")
    assert refused.status_code == 409
    assert refused.json()["error"] == "nothing to undo: you have not made a call or played a card yet"
    assert c.get(f"/api/games/{game_id}").json()["state"] == start


def test_undo_takes_back_a_card_from_dummy_or_own_hand_and_goes_further_back_each_time() -> None:
    c = practice_table()
    game_id, _ = started(c)
    lead = act(c, game_id, "call", "1NT")  # three passes, West's lead: South plays dummy's card
    assert lead["declarer"] == "S" and lead["turn"] == "N" and lead["your_turn"]
    dummys = lead["legal_cards"][0]
    own_turn = act(c, game_id, "card", dummys)  # East follows: South's own card
    assert own_turn["turn"] == "S" and len(own_turn["current_trick"]["cards"]) == 3
    own = own_turn["legal_cards"][0]
    act(c, game_id, "card", own)

    state = undone(c, game_id)  # South's own card back, and whatever the computers did after it
    assert state["turn"] == "S" and state["tricks"] == []
    assert state["current_trick"] == own_turn["current_trick"]
    assert own in state["hands"]["S"] and state["legal_cards"] == own_turn["legal_cards"]
    state = undone(c, game_id)  # dummy's card back: East's with it
    assert state["turn"] == "N" and state["current_trick"] == lead["current_trick"]
    assert dummys in state["hands"]["N"] and state["counts"]["E"] == 13
    state = undone(c, game_id)  # South's 1NT: the auction starts again
    assert state["phase"] == "auction" and state["auction"] == [] and state["contract"] is None
    assert set(state["hands"]) == {"S"}  # dummy is not shown once the play is taken back
    assert c.post(f"/api/games/{game_id}/undo").status_code == 409


def test_an_undo_made_on_a_state_the_player_has_not_seen_is_refused_and_changes_nothing() -> None:
    # a double click on Undo: the second, sent with the version the first was made on, would have taken
    # back South's Pass as well as the 2C the first took back
    c = practice_table(calls={"west": ["1H"]})
    game_id, _ = started(c)
    act(c, game_id, "call", "Pass")
    after = act(c, game_id, "call", "2C")
    first = c.post(f"/api/games/{game_id}/undo", json={"seen": after["version"]})
    assert first.status_code == 200 and first.json()["state"]["auction"] == ["Pass", "1H", "Pass", "Pass"]
    before = c.get(f"/api/games/{game_id}").json()
    second = c.post(f"/api/games/{game_id}/undo", json={"seen": after["version"]})
    assert second.status_code == 409 and "has moved on" in second.json()["error"]
    assert c.get(f"/api/games/{game_id}").json() == before


def test_an_undo_naming_the_version_it_saw_is_taken() -> None:
    c = practice_table(calls={"west": ["1H"]})
    game_id, _ = started(c)
    after = act(c, game_id, "call", "Pass")
    taken = c.post(f"/api/games/{game_id}/undo", json={"seen": after["version"]})
    assert taken.status_code == 200 and taken.json()["state"]["auction"] == []
    assert taken.json()["state"]["version"] == after["version"] + 1


def test_an_undo_whose_version_is_not_a_whole_number_gets_a_400() -> None:
    c = practice_table(calls={"west": ["1H"]})
    game_id, _ = started(c)
    after = act(c, game_id, "call", "Pass")
    refused = c.post(f"/api/games/{game_id}/undo", json={"seen": True})
    assert refused.status_code == 400 and "version" in refused.json()["error"]
    assert c.get(f"/api/games/{game_id}").json()["state"]["auction"] == after["auction"]


def test_the_plain_game_refuses_undo_as_a_practice_mode_feature() -> None:
    c = TestClient(create_app(lambda seed: scripted()))
    game_id, _ = started(c)
    state = act(c, game_id, "call", "1NT")
    assert not state["practice"] and not state["can_undo"]
    refused = c.post(f"/api/games/{game_id}/undo")
    assert refused.status_code == 409 and "practice-mode feature" in refused.json()["error"]
    assert c.get(f"/api/games/{game_id}").json()["state"] == {**state, "confirm": True}


def test_the_state_says_why_undo_is_refused_for_the_greyed_button() -> None:
    c = practice_table(calls={"west": ["1H"]})
    game_id, start = started(c)
    assert start["why_no_undo"].startswith("nothing to undo")
    assert act(c, game_id, "call", "Pass")["why_no_undo"] is None


class Unexplaining(Scripted):
    """A partner whose note on South's call fails (a bot's explanation that raises)."""

    def annotate(self, auction: Auction, call: Call, hand: Hand, vulnerability: bt.Vul = bt.Vul.NONE,
                 assumed: bool = False) -> Annotation | None:
        raise RuntimeError("no note")


def test_a_call_whose_note_fails_is_made_with_no_note_and_an_undo_point() -> None:
    # (what the server's log says of the failure: the test after this one)
    game = Game.new({**scripted(), bt.Seat.N: Unexplaining()})
    game.practice = True
    game.advance()
    game.call("1NT")
    assert str(game.auction.calls[0]) == "1NT" and game.auction.annotations == (None,)
    assert game.why_no_undo() is None
    game.undo()
    assert len(game.auction) == 0 and game.souths_turn


def test_a_failing_note_is_logged_as_an_error_with_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    # a computer player's bug: a warning of one line was all the server's log had of it
    game = Game.new({**scripted(), bt.Seat.N: Unexplaining()})
    game.advance()
    game.call("1NT")
    [record] = [r for r in caplog.records if r.name == "bridgetools.table.game"]
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert record.getMessage() == ("no note on South's 1NT: North's annotate failed; the call stands "
                                   "without one")


class UnexplainingEast(Scripted):
    """An opponent whose note on its own call fails."""

    def annotate(self, auction: Auction, call: Call, hand: Hand, vulnerability: bt.Vul = bt.Vul.NONE,
                 assumed: bool = False) -> Annotation | None:
        raise KeyError(str(call))


def test_a_computer_s_call_whose_note_fails_is_shown_on_the_page_and_its_bug_in_the_server_s_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The server's log had a warning of one line (``no note on E's 2C: E's annotate failed: '2C'``); it has
    the error with its traceback, naming the computer player, while the page shows its call."""
    c = TestClient(create_app(lambda seed: {**scripted(), bt.Seat.E: UnexplainingEast(["2C"])}))
    game_id, _ = started(c)
    state = act(c, game_id, "call", "Pass")  # East's 2C comes before South's next turn, or this one
    assert state["auction"].count("2C") == 1
    [record] = [r for r in caplog.records if r.name == "bridgetools.table.game"]
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert record.getMessage() == "no note on East's 2C: East's annotate failed; the call stands without one"


def test_a_deal_that_is_over_refuses_undo() -> None:
    c = practice_table()
    game_id, _ = started(c)
    over = act(c, game_id, "call", "Pass")  # passed out
    assert over["phase"] == "over" and not over["can_undo"]
    refused = c.post(f"/api/games/{game_id}/undo")
    assert refused.status_code == 409 and refused.json()["error"].startswith("the deal is over")


def test_a_variant_refuses_undo() -> None:
    c = practice_table()
    game_id = c.post("/api/games", json={"variant": "nullo", "seed": 3}).json()["id"]
    refused = c.post(f"/api/games/{game_id}/undo")
    assert refused.status_code == 409 and "no undo" in refused.json()["error"]


def test_the_record_holds_the_play_as_finally_made_after_an_undo(tmp_path: Path) -> None:
    path = tmp_path / "practice.pbn"
    c = practice_table(record=PbnRecord(path))
    game_id, _ = started(c)
    lead = act(c, game_id, "call", "1NT")
    first, second = lead["legal_cards"][0], lead["legal_cards"][-1]
    assert first != second
    act(c, game_id, "card", first)
    undone(c, game_id)
    state = act(c, game_id, "card", second)
    while state["phase"] != "over":
        state = act(c, game_id, "card", state["legal_cards"][0])
    (board,) = list(bt.read(path))
    assert board.play is not None
    played = [str(card) for trick in board.play.completed_tricks for card in trick.cards]
    assert played == [card for trick in state["tricks"] for card in trick["cards"]]
    assert played[1] == second and len(played) == 52
