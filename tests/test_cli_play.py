"""``bridgetools play``: a local server on the loopback address that plays deals and records them."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.cli import cli
from bridgetools.scoring import ns_score

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
ROOT = Path(__file__).parent.parent


class Server:
    def __init__(self, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen([sys.executable, "-m", "bridgetools", "play", "--no-browser",
                                         "--players", "simple", *args],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        assert self.process.stdout is not None
        self.line = self.process.stdout.readline()
        found = re.search(r"http://[^ ]+/", self.line)
        assert found, self.line + (self.process.stderr.read() if self.process.stderr else "")
        self.url = found.group()

    def call(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url.rstrip("/") + path, data=data,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            result: dict[str, Any] = json.loads(response.read())
            return result

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def serve(*args: str) -> Iterator[Server]:
    server = Server(*args)
    try:
        yield server
    finally:
        server.stop()


def play_out(server: Server, seed: int) -> dict[str, Any]:
    reply = server.call("/api/games", {"seed": seed, "vulnerability": "NS"})
    game_id, state = reply["id"], reply["state"]
    while state["phase"] != "over":
        if state["phase"] == "auction":
            state = server.call(f"/api/games/{game_id}/call", {"call": "Pass"})["state"]
        else:
            state = server.call(f"/api/games/{game_id}/card", {"card": state["legal_cards"][0]})["state"]
    return state


def test_the_table_serves_on_the_loopback_address_and_records_each_finished_board(tmp_path: Path) -> None:
    record = tmp_path / "evening.pbn"
    for server in serve("--record", str(record)):
        assert server.url.startswith("http://127.0.0.1:")
        page = urllib.request.urlopen(server.url, timeout=30).read().decode()
        assert "<title>" in page
        states = [play_out(server, seed) for seed in (3, 4, 5)]
    boards = list(bt.read(record))
    assert len(boards) == 3 and all(b.issues == [] for b in boards)
    for board, state in zip(boards, states, strict=True):
        assert [str(c) for c in board.auction.calls] == state["auction"]
        assert board.contract is not None and str(board.contract) == state["contract"]
        if board.play is not None:
            assert [str(c) for t in state["tricks"] for c in t["cards"]] == [str(c) for c in board.play.cards]
            winners = [t["winner"] for t in state["tricks"]]
            assert [t.winner.letter for t in board.play.completed_tricks if t.winner is not None] == winners
        assert ns_score(board.contract, board.declarer, board.tricks or 0, board.vulnerability) \
            == state["score"]["NS"]


def test_the_boards_of_a_file_are_offered_in_turn(tmp_path: Path) -> None:
    practice = tmp_path / "set.pbn"
    bt.write(bt.generate("hcp(south) >= 12", 3, seed=1), practice, "pbn")
    before = practice.read_bytes()
    for server in serve(str(practice)):
        assert server.call("/api/table")["boards"] == 3
        state = server.call("/api/games", {"board": 1})["state"]
        assert state["board"] == 2 and state["dealer"] == "E" and state["vulnerability"] == "NS"
    assert practice.read_bytes() == before


def test_a_port_in_use_is_one_line_and_exit_1() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["play", "--no-browser", "--port", str(port)])
    assert result.exit_code == 1
    assert f"cannot serve on 127.0.0.1:{port}" in result.output and "Traceback" not in result.output


def test_a_file_without_deals_is_one_line_and_exit_1(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text('[Event "nothing"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", "--no-browser", str(empty)])
    assert result.exit_code == 1 and "no board with a complete deal" in result.output


def test_a_first_board_with_no_file_is_refused_not_ignored() -> None:
    result = CliRunner().invoke(cli, ["play", "--no-browser", "--first-board", "5"])
    assert result.exit_code == 2 and "--first-board goes with a file" in result.output


def test_a_record_named_for_another_format_is_refused_before_serving(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", "--no-browser", "--record", str(tmp_path / "evening.lin")])
    assert result.exit_code == 2 and "give a .pbn file" in result.output
    assert not (tmp_path / "evening.lin").exists()


def test_a_record_in_a_folder_that_is_not_there_is_refused_before_serving(tmp_path: Path) -> None:
    for record in (["--record", str(tmp_path / "nowhere" / "evening.pbn")],
                   ["--variant", "nullo", "--record", str(tmp_path / "nowhere" / "rubbers.json")]):
        with socket.socket() as taken:  # were the record not refused first, the port in use would be
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = str(taken.getsockname()[1])
            result = CliRunner().invoke(cli, ["play", "--no-browser", "--port", port, *record])
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert f"no folder {tmp_path / 'nowhere'} to record in" in result.output


def test_a_file_is_read_as_from_and_encoding_say(tmp_path: Path) -> None:
    """play took neither --from nor --encoding, which every command reading hand records takes: a LIN file
    with another name could not be played."""
    from bridgetools.cli.play import _boards

    practice = tmp_path / "set.txt"
    bt.write(bt.generate("hcp(south) >= 12", 3, seed=1), practice, "lin")
    assert len(_boards(str(practice), "lin", "utf-8")) == 3
    # LIN read as --from says, not as its content: as PBN it holds no board (the file and stdin alike),
    # refused before serving (were it read as LIN, the port in use would be the error)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = CliRunner().invoke(cli, ["play", str(practice), "--from", "pbn", "--no-browser",
                                          "--port", port])
        assert result.exit_code == 1 and f"{practice}:1:1: no boards found (read as PBN)" in result.output
        result = CliRunner().invoke(cli, ["play", "-", "--from", "pbn", "--no-browser", "--port", port],
                                   input=practice.read_text(encoding="utf-8"))
        assert result.exit_code == 1 and "<stdin>:1:1: no boards found (read as PBN)" in result.output
    result = CliRunner().invoke(cli, ["play", "--help"])
    assert "--from" in result.output and "--encoding" in result.output


LESSON = """{A lesson: the introduction first.}

[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 - - -"]
{North's hand alone, to talk about.}

[Board "2"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]
"""


def test_boards_without_four_full_hands_are_named_as_skipped_not_left_out_silently(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # startup said "1 board" of a lesson with not a word of its board 1, North's hand alone
    from bridgetools.cli.play import _boards

    lesson = tmp_path / "lesson.pbn"
    lesson.write_text(LESSON, encoding="utf-8")
    assert [board.number for board in _boards(str(lesson))] == [2]
    assert capsys.readouterr().err.splitlines() == [
        f"warning: {lesson}: board 1: no four full hands to play, skipped"]



def test_an_unnumbered_board_is_named_by_its_place_as_bid_and_autoplay_name_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # an empty JSON board ({}: no board) before the lesson's hand counted as a place: play named North's
    # hand alone "the 2nd board (no number)" where bid and autoplay name it the 1st
    from bridgetools.cli.play import _boards

    hand = {"deal": "N:AKQ2.KJ3.T98.432 - - -", "dealer": "N", "vulnerability": "None"}
    full = {**hand, "deal": "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"}
    lesson = tmp_path / "lesson.json"
    boards = {"schema": "bridgetools.board/3", "boards": [{}, hand, full]}
    lesson.write_text(json.dumps(boards), encoding="utf-8")
    assert len(_boards(str(lesson))) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"warning: {lesson}: the 1st board (no number): no four full hands to play, skipped"]
