"""Writing LIN streams: hand records are written as they come, not held until the last board."""

from __future__ import annotations

import io
from collections.abc import Iterator

from bridgetools.board import Board
from bridgetools.formats import lin
from bridgetools.rules import deal_shuffled


class _Watch(io.StringIO):
    """Records how many boards had been made when the first text was written."""

    def __init__(self, made: list[int]) -> None:
        super().__init__()
        self.made = made
        self.at_first_write: int | None = None

    def write(self, text: str) -> int:
        if self.at_first_write is None and text:
            self.at_first_write = self.made[0]
        return super().write(text)


def _boards(made: list[int], room: str | None) -> Iterator[Board]:
    for number in range(1, 101):
        made[0] += 1
        yield Board(number=number, deal=deal_shuffled(seed=number), room=room)


def test_hand_records_are_written_before_the_last_board_is_made() -> None:
    made = [0]
    out = _Watch(made)
    lin.write_boards(_boards(made, None), out)
    assert out.at_first_write == 1 and made[0] == 100
    assert out.getvalue().count("md|") == 100


def test_a_team_match_is_held_to_decide_its_header() -> None:
    made = [0]
    out = _Watch(made)
    lin.write_boards(_boards(made, "open"), out)
    assert out.at_first_write == 100 and out.getvalue().count("md|") == 100


def test_boards_of_a_named_match_with_no_room_and_no_other_table_are_written_as_they_come() -> None:
    """A team's boards (HomeTeam) with no room: held only while the next board could be the other table of
    the one before (a shared-deal file's), so a second board of another number settles it."""
    made = [0]
    out = _Watch(made)

    def named() -> Iterator[Board]:
        for board in _boards(made, None):
            board.tags["HomeTeam"] = "Alpha"
            yield board

    lin.write_boards(named(), out)
    assert out.at_first_write == 2 and "vg|" not in out.getvalue()
