"""The export's ``board`` column holds every board number a file gives (int32), and names one it cannot."""

from __future__ import annotations

import pytest

import bridgetools as bt
from bridgetools.formats import loads

BOARD = """[Board "40000"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AQT8.KQ8753.86.8 K72.A942.KQ3.AQ2 J95.JT.AT2.T9654 643.6.J9754.KJ73"]
[Contract "4H"]
[Declarer "N"]
[Result "10"]
"""


def test_a_board_numbered_above_32767_keeps_its_number_in_the_export() -> None:
    # The board column was int16: board 40000 was null without a word.
    (board,) = loads(BOARD, "pbn")
    assert set(bt.to_dataframe([board]).board.astype(int)) == {40000}


def test_a_board_number_the_board_column_cannot_hold_is_named_in_a_warning() -> None:
    with pytest.warns(UserWarning, match="board number beyond 2,147,483,647"):
        frame = bt.to_dataframe([bt.Board(number=2**31)])
    assert frame.board.isna().all()
