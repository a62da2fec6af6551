"""A result the PBN ScoreTable cannot hold (a JSON file's or a program's: an artificial adjusted score outside
0% to 100%, a score beyond any board's, a figure that is no finite number) is written as unknown, and
the writer says so once, not as a cell the next reader takes for a mistake or drops."""

from __future__ import annotations

import warnings

import bridgetools as bt
from bridgetools.formats import dumps, loads
from bridgetools.model import Contract, Seat, TableResult

PERCENT_150 = '{"boards": [{"number": 1, "results": [{"adjusted_pct_ns": 150}, {"adjusted_pct_ns": 60}]}]}'


def _written(board: bt.Board) -> tuple[str, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = dumps([board], "pbn")
    return text, [str(w.message) for w in caught]


def test_a_json_adjusted_score_over_100_percent_is_said_when_written_to_pbn() -> None:
    (board,) = loads(PERCENT_150, "json")
    text, said = _written(board)
    (message,) = said
    assert "PBN cannot hold a ScoreTable artificial adjusted score outside 0% to 100%" in message
    assert "^150%" not in text and "^60%" in text


def test_a_score_beyond_any_boards_is_written_as_unknown_and_said() -> None:
    result = TableResult(contract=Contract.from_str("4H"), declarer=Seat.N, tricks=10, score_ns=10**22)
    text, said = _written(bt.Board(number=1, results=(result,)))
    assert str(10**22) not in text
    assert said and "PBN cannot hold a ScoreTable score beyond any score of one board" in said[0]


def test_matchpoints_that_are_no_finite_number_are_written_as_unknown_and_said() -> None:
    result = TableResult(contract=Contract.from_str("4H"), declarer=Seat.N, tricks=10, score_ns=420,
                         matchpoints_ns=float("inf"))
    text, said = _written(bt.Board(number=1, results=(result,)))
    assert "inf" not in text
    assert said and "MP, IMP or Percentage that is no finite number" in said[0]

