"""A hint at the table, a practice-mode aid: what a computer player of partner's kind would call, with what
the call shows, or which card it would play, seeing only what South sees; the plain game has none."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # starlette's notice about its httpx test client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from table_players import Scripted, scripted

import bridgetools as bt
from bridgetools.table.players import simple_players
from bridgetools.table.web.app import create_app

ONE_NOTRUMP = "S:AKQ2.K32.Q32.J32 543.J54.J54.T987 JT98.AQT.AK9.AKQ 76.9876.T876.654"
"""South deals with a balanced 15 (the simple player opens 1NT), East and West with nothing to bid."""


def table(practice: bool, players: Any = simple_players) -> TestClient:
    """A table dealing `ONE_NOTRUMP`, in practice mode or not."""
    board = bt.Board(number=1, dealer=bt.Seat.S, deal=bt.Deal.from_pbn(ONE_NOTRUMP))
    return TestClient(create_app(players, boards=[board], practice=practice))


def started(c: TestClient) -> str:
    game_id: str = c.post("/api/games", json={"board": 0}).json()["id"]
    return game_id


def hint(c: TestClient, game_id: str) -> dict[str, Any]:
    response = c.get(f"/api/games/{game_id}/hint")
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_a_hint_in_the_auction_is_the_call_partner_s_kind_would_make_and_what_it_shows() -> None:
    c = table(practice=True)
    assert hint(c, started(c)) == {"call": "1NT", "why": "a balanced hand of 15 to 17 points"}


def test_a_hint_in_the_play_is_a_legal_card_of_the_hand_south_plays_next() -> None:
    c = table(practice=True)
    game_id = started(c)
    state = c.post(f"/api/games/{game_id}/call", json={"call": "1NT"}).json()["state"]
    assert state["turn"] == "N" and state["your_turn"]  # West has led: South plays dummy's card
    given = hint(c, game_id)
    assert given["seat"] == "N" and given["card"] in state["legal_cards"]


def test_asking_for_a_hint_changes_nothing_north_does() -> None:
    c = table(practice=True, players=lambda seed: scripted(north=["2C"]))
    game_id = started(c)
    assert hint(c, game_id)["call"] == "2C"  # (a player of its own, scripted as North is)
    state = c.post(f"/api/games/{game_id}/call", json={"call": "1NT"}).json()["state"]
    assert state["auction"][:2] == ["1NT", "Pass"] and state["auction"][2] == "2C"


def test_the_plain_game_refuses_a_hint_saying_it_is_for_practice_mode() -> None:
    c = table(practice=False)
    refused = c.get(f"/api/games/{started(c)}/hint")
    assert refused.status_code == 409 and "practice mode" in refused.json()["error"]


def test_a_deal_that_is_over_has_no_hint() -> None:
    c = table(practice=True, players=lambda seed: scripted())
    game_id = started(c)
    state = c.post(f"/api/games/{game_id}/call", json={"call": "Pass"}).json()["state"]
    assert state["phase"] == "over"  # passed out
    refused = c.get(f"/api/games/{game_id}/hint")
    assert refused.status_code == 409 and refused.json()["error"] == "the deal is over: no hint"


def test_a_hint_asked_again_is_the_same() -> None:
    """The adviser was one player kept from hint to hint: a scripted one used up its call (the computer's
    card player drew its layouts further on), so the second hint differed from the first."""
    c = table(practice=True, players=lambda seed: scripted(north=["2C"]))
    game_id = started(c)
    assert [hint(c, game_id)["call"] for _ in range(3)] == ["2C", "2C", "2C"]


def test_a_hint_for_the_opening_lead_sees_south_s_hand_alone() -> None:
    made: list[Scripted] = []

    def players(seed: int | None) -> dict[bt.Seat, Scripted]:
        seated = scripted(east=["1NT"])  # (East declares: South leads)
        made.append(seated[bt.Seat.N])
        return seated

    c = table(practice=True, players=players)
    game_id = started(c)
    for _ in range(2):  # (South passes, then passes East's 1NT)
        state = c.post(f"/api/games/{game_id}/call", json={"call": "Pass"}).json()["state"]
    assert state["declarer"] == "E" and state["turn"] == "S"
    given = hint(c, game_id)
    assert given["seat"] == "S" and given["card"] in state["legal_cards"]
    (view,) = made[-1].views
    assert set(view.hands) == {bt.Seat.S}
