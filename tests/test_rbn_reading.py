"""Reading RBN record by record: a board is read once the blank line after its record is, not after the
whole text, so a file of thousands of records is read in the memory of one (DESIGN: formats stream)."""

from __future__ import annotations

from collections.abc import Iterator

from bridgetools.formats import rbn

RECORDS = ("B 1\nH W:.AQJ85.986.JT973:A8643.97642.Q.Q8:KT9.K3.K75.AK652:\nA NZ:1S2D4SXA\nC 4SX:N\n"
           "P CA498:HKTA4:HQ23S2:S5C3A9\nR 10\n\n"
           "B 2\nH W:J84.AK42.A5.KJ84:A32.965.KQ864.Q6:T65.Q83.JT72.975:\n")


class _Lines:
    """The lines of ``text``, counting how many a reader has taken."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines(keepends=True)
        self.taken = 0

    def __iter__(self) -> Iterator[str]:
        for line in self.lines:
            self.taken += 1
            yield line


def test_a_record_is_read_without_reading_the_records_after_it() -> None:
    lines = _Lines(RECORDS)
    first = next(rbn.read_boards(lines))  # type: ignore[arg-type]  # lines of text, as a file gives them
    assert first.number == 1 and first.tricks == 10
    assert lines.taken == RECORDS.splitlines().index("") + 1  # its lines and the blank line after them


def test_a_card_its_player_does_not_hold_is_still_told_at_its_line() -> None:
    wrong = RECORDS.replace("HQ23S2", "HQ2S23")  # East's S2 is South's card
    board = next(rbn.read_boards(iter(wrong.splitlines(keepends=True))))  # type: ignore[arg-type]
    assert [(issue.line, issue.column) for issue in board.issues] == [(5, 3)]
    assert board.issues[0].message.startswith("RBN: bad play: illegal play S2 by East")
