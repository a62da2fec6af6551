"""``bridgetools play --variant``: the server plays rubbers of a variant and keeps them in a JSON record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.rules.variants import Action, Rubber, VariantDeal

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
from test_cli_play import Server, serve


def play_rubber(server: Server, seed: int) -> dict[str, Any]:
    """The person takes the first legal action until the rubber is over; the last state."""
    reply = server.call("/api/games", {"seed": seed})
    game_id = reply["id"]
    state: dict[str, Any] = reply["state"]
    while not state["rubber_over"]:
        if state["phase"] == "over":
            state = server.call(f"/api/games/{game_id}/next", {})["state"]
            continue
        choose = state["choose"]
        if choose is not None:
            kind, value = choose["kind"], choose["cards"][:choose["min"]]
        else:
            action = Action.from_str(state["legal"][0])
            kind, value = action.kind, action.value
        state = server.call(f"/api/games/{game_id}/action", {"kind": kind, "value": value})["state"]
    return state


def test_play_variant_serves_rubbers_of_the_variant_and_records_them_as_json(tmp_path: Path) -> None:
    record = tmp_path / "rubbers.json"
    for server in serve("--variant", "nullo", "--record", str(record)):
        assert server.call("/api/table")["variant"] == "nullo"
        state = play_rubber(server, 6)
    assert state["variant"] == "nullo" and state["rubber"]["is_over"]
    (rubber,) = json.loads(record.read_text(encoding="utf-8"))["rubbers"]
    replayed = Rubber("nullo", [p["name"] for p in state["rubber"]["players"]])
    for deal in rubber["deals"]:
        replayed.record(VariantDeal.from_json(deal))
    assert replayed.sheet(numbered=True) == state["rubber"] and replayed.sheet() == rubber["sheet"]


def test_a_file_of_boards_with_a_variant_is_one_line_and_exit_1(tmp_path: Path) -> None:
    boards = tmp_path / "set.pbn"
    boards.write_text('[Event "x"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", "--no-browser", "--variant", "booby", str(boards)])
    assert result.exit_code == 1 and "standard bridge deals" in result.output
    assert "Traceback" not in result.output


def test_an_unknown_variant_is_refused_with_the_choices() -> None:
    result = CliRunner().invoke(cli, ["play", "--no-browser", "--variant", "whist"])
    assert result.exit_code == 2 and "booby" in result.output and "konstam" in result.output
