"""A bidding quiz's blank turn: how BridgeComposer lessons (and pbn-to-pdf) mark the call the student is
to make, as the last word of a PBN auction (``2D Pass Pass ____``). PBN 2.1 has no such mark (its ``*``
ends an unfinished auction); the PBN reader keeps it as written, and every view of a board (``print``,
``show``, text) shows the turn as ``?``, so it lives here, apart from any one format's module.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgetools.board import Board

QUIZ_TURN = re.compile(r"_{2,}")
"""The blank: two underscores or more (BridgeComposer writes four, ``____``); one alone is no blank but a
call that cannot be read, as any other."""


def is_quiz_turn(text: str) -> bool:
    """Whether a call as written is a quiz's blank for the next call (`QUIZ_TURN`)."""
    return QUIZ_TURN.fullmatch(text) is not None


def asks_the_next_call(board: Board) -> bool:
    """Whether the board's PBN auction (its record's calls as written) ends in a quiz's blank turn."""
    record = board.extra.get("pbn")  # the PBN reader's `PbnRecord`
    calls: tuple[tuple[str, ...], ...] | None = getattr(record, "auction", None)
    return calls is not None and len(calls) > 0 and is_quiz_turn(calls[-1][0])


__all__ = ["QUIZ_TURN", "asks_the_next_call", "is_quiz_turn"]
