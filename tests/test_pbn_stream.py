"""Reading PBN a game at a time (issue 8), as python-chess reads PGN: the next game, its tags only,
skipping it, and an index of offsets to come back to a game with its line numbers and inheritance."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bridgetools.board import Board
from bridgetools.errors import Issue, ParseError
from bridgetools.formats import pbn

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
FILES = sorted((Path(__file__).parent / "data" / "pbn").glob("*.pbn"))

THREE_GAMES = (
    '[Event "Club night"]\n[Board "1"]\n[Dealer "N"]\n[Deal "' + DEAL + '"]\n\n'
    '[Event "#"]\n[Board "2"]\n[Dealer "E"]\n[Deal "' + DEAL + '"]\n[Vulnerable "Sideways"]\n\n'
    '[Event "#"]\n[Board "3"]\n[Dealer "S"]\n[Deal "' + DEAL + '"]\n'
)
"""Three games; the later two inherit the Event, the second has a Vulnerable that is no spelling."""


def all_games(stream: io.StringIO) -> list[Board]:
    games = []
    while (board := pbn.read_game(stream)) is not None:
        games.append(board)
    return games


def test_reading_game_after_game_gives_what_reading_the_file_gives() -> None:
    for path in FILES:
        text = path.read_text(encoding="utf-8", errors="replace")
        whole = list(pbn.read_boards(io.StringIO(text), "<string>"))
        one_by_one = all_games(io.StringIO(text))
        assert [b.issues for b in one_by_one] == [b.issues for b in whole], path.name
        assert one_by_one == whole, path.name


def test_read_game_gives_none_after_the_last_game() -> None:
    stream = io.StringIO(THREE_GAMES)
    assert [b.number for b in all_games(stream)] == [1, 2, 3]
    assert pbn.read_game(stream) is None


def test_read_headers_gives_the_tags_of_the_next_game_only() -> None:
    stream = io.StringIO(THREE_GAMES)
    headers = pbn.read_headers(stream)
    assert headers == {"Event": "Club night", "Board": "1", "Dealer": "N", "Deal": DEAL}
    board = pbn.read_game(stream)
    assert board is not None and board.number == 2 and board.event == "Club night"


def test_skip_game_passes_over_a_game_and_says_when_there_is_none() -> None:
    stream = io.StringIO(THREE_GAMES)
    assert [pbn.skip_game(stream) for _ in range(4)] == [True, True, True, False]


def test_a_game_read_again_at_its_offset_has_its_lines_and_inherited_tags() -> None:
    stream = io.StringIO(THREE_GAMES)
    index = list(pbn.scan_offsets(stream))
    assert [(e.line, e.headers["Board"], e.headers["Event"]) for e in index] == [
        (1, "1", "Club night"),
        (6, "2", "Club night"),
        (12, "3", "Club night"),
    ]
    stream.seek(index[1].offset)  # type: ignore[arg-type]
    board = pbn.read_game(stream)
    assert board is not None and (board.number, board.event) == (2, "Club night")
    assert [i.line for i in board.issues] == [10]  # the Vulnerable tag's line in the file


def test_offsets_of_games_with_no_blank_line_between_them() -> None:
    text = THREE_GAMES.replace("\n\n", "\n")
    stream = io.StringIO(text)
    index = list(pbn.scan_offsets(stream))
    assert [e.headers["Board"] for e in index] == ["1", "2", "3"]
    for entry in index:
        stream.seek(entry.offset)  # type: ignore[arg-type]
        assert stream.readline().startswith('[Event "'), entry
    stream.seek(index[2].offset)  # type: ignore[arg-type]
    board = pbn.read_game(stream)
    assert board is not None and board.number == 3


def test_line_names_the_line_an_offset_kept_elsewhere_stands_at() -> None:
    offset = THREE_GAMES.index('[Event "#"]\n[Board "2"]')
    stream = io.StringIO(THREE_GAMES)
    stream.seek(offset)
    board = pbn.read_game(stream, line=6)
    assert board is not None and [i.line for i in board.issues if "Vulnerable" in i.message] == [10]


def test_the_issue_hook_sees_each_problem_with_its_line_and_column() -> None:
    seen: list[Issue] = []
    stream = io.StringIO(THREE_GAMES)
    boards = [pbn.read_game(stream, on_issue=seen.append) for _ in range(3)]
    assert seen == [i for b in boards if b is not None for i in b.issues]
    assert [(i.line, i.column) for i in seen if "Vulnerable" in i.message] == [(10, 14)]  # the value


def test_strict_reading_raises_at_the_first_problem() -> None:
    stream = io.StringIO(THREE_GAMES)
    assert pbn.read_game(stream, strict=True) is not None
    with pytest.raises(ParseError) as raised:
        pbn.read_game(stream, strict=True)
    assert raised.value.line == 10


def test_a_file_indexed_on_disk_reads_its_game_again(tmp_path: Path) -> None:
    path = tmp_path / "three.pbn"
    path.write_text(THREE_GAMES, encoding="utf-8")
    with path.open(encoding="utf-8") as f:
        index = list(pbn.scan_offsets(f))
        f.seek(index[2].offset)  # type: ignore[arg-type]
        board = pbn.read_game(f)
    assert board is not None and board.number == 3 and board.event == "Club night"


def test_the_examples_of_docs_pbn_reading_run() -> None:
    import doctest

    failed, tried = doctest.testfile(
        str(Path(__file__).parent.parent / "docs" / "pbn-reading.md"), module_relative=False
    )
    assert tried > 0 and failed == 0
