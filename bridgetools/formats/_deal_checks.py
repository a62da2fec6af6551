"""What a reader says of a deal whose hands hold different numbers of cards, in one place for every format
that gives four hands (PBN's Deal, LIN's md): the same deal gets the same message and level from each."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgetools.board import Board
    from bridgetools.formats._problems import Reporter
    from bridgetools.model import Deal


def uneven_deal(lengths: Iterable[int | None], name: str = "Deal") -> tuple[str, str] | None:
    """The message and level for a deal (PBN's Deal, LIN's md: ``name``) whose known hands hold
    different numbers of cards; None when they hold as many. A full hand beside shorter ones is most
    likely a card left out (a warning); with no hand of 13 it is a position part-way through a trick,
    as lessons start (a note)."""
    known = [n for n in lengths if n is not None]
    if len(set(known)) < 2:
        return None
    sizes = ", ".join(map(str, known))
    if max(known) == 13:
        return f"{name}: the hands hold different numbers of cards ({sizes}): a card left out?", "warning"
    return f"{name}: the hands hold different numbers of cards ({sizes}): a trick part-way played", "info"


SESSION_TAGS = ("Stage", "Round", "Section", "HomeTeam", "VisitTeam")
"""Tags that, with the event, site and date, tell one session or match of a file from another: each may
number its boards from 1 with its own deals."""


BOARD_AGAIN = "board-again"
"""The `Issue.kind` of `BoardsSeen.another_deal`'s warning, which `BoardsSeen.check` reports with it."""


class BoardsSeen:
    """The deal each board number of the set being read first had, to tell a board number given again with
    another deal, the same in every format. A file may hold several sets, each numbered from 1 (a
    championship's segments, one after another, often with no tag to tell them): a set ends where the
    session tags change (`SESSION_TAGS`), or where the set's lowest number comes again (segments 1-16,
    1-16; a set starting 14-27, 1-13 ends at the next 1). So a board 2 again in boards 1-6 is told, and a
    file of single-board exports, each board 1 with no event, is a set a board: none is told. A match's
    other room (the number with the same deal) is no problem. A board told starts a new set, so the
    boards after it are compared with it, not told again one by one."""

    def __init__(self) -> None:
        self.session: tuple[object, ...] | None = None
        self.first: dict[int, tuple[Deal, int | None]] = {}
        self.lowest: int | None = None

    def check(self, board: Board, line: int | None, column: int | None, reporter: Reporter,
              session: tuple[str, ...] = ()) -> None:
        """Report by ``reporter`` ``board``'s number given again with another deal (`another_deal`) at
        ``line``:``column``, where the reader read the number, with the kind `BOARD_AGAIN`."""
        again = self.another_deal(board, line, session)
        if again is not None:
            reporter.problem(again, line, column, kind=BOARD_AGAIN)

    def another_deal(self, board: Board, line: int | None, session: tuple[str, ...] = ()) -> str | None:
        """The warning for ``board`` (read at ``line``) when its number came earlier in its set with
        another whole deal; None otherwise (a partial deal, a lesson's, is never compared). ``session``:
        what else the format tells a session by that the board's tags do not hold (RBN's S and K lines)."""
        number, deal = board.number, board.deal
        if number is None:
            return None
        key = (board.event, board.site, board.date, *(board.tags.get(tag) for tag in SESSION_TAGS), *session)
        if key != self.session or number == self.lowest:  # a new set, numbered afresh
            self.session, self.first, self.lowest = key, {}, number
        self.lowest = number if self.lowest is None else min(self.lowest, number)
        if deal is None or not deal.is_complete:
            return None
        first, at = self.first.setdefault(number, (deal, line))
        if first == deal:
            return None
        # A new set from here (another match's boards 33-64 after one's 1-64, in a file that kept no
        # tag to tell them): its other boards compare with it, so a run of repeats is told once.
        self.first, self.lowest = {number: (deal, line)}, number
        where = f" at line {at}" if at is not None else ""
        return (f"board {number} again with another deal than board {number}{where}: one number "
                "names two deals (expected each board once, or its other room's deal); "
                "the boards from here on are read as a new set")
