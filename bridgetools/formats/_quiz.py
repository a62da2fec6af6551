"""A bidding quiz's blank turn: how BridgeComposer lessons (and pbn-to-pdf) mark the call the student is
to make, as the last word of a PBN auction (``2D Pass Pass ____``). PBN 2.1 has no such mark (its ``*``
ends an unfinished auction); the PBN reader keeps it as written, and every view of a board (``print``,
``show``, text) shows the turn as ``?``, so it lives here, apart from any one format's module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgetools._lazy import lazy_compile

if TYPE_CHECKING:
    from bridgetools.board import Board
    from bridgetools.model import Seat

QUIZ_TURN = lazy_compile(r"_{2,}")
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


def blank_turn_seat(board: Board) -> Seat | None:
    """Whose call a bidding quiz's blank asks for (East's, after South's ``2D Pass Pass ____``): the
    student's seat; None where the auction ends in no blank or names no dealer."""
    calls: tuple[tuple[str, ...], ...] | None = getattr(board.extra.get("pbn"), "auction", None)
    dealer = board.auction.dealer if board.auction is not None else board.dealer
    if calls is None or dealer is None or not asks_the_next_call(board):
        return None
    return dealer.offset(len(calls) - 1)


def blank_turn_lost(board: Board) -> str | None:
    """How a writer's loss warning names the board's blank turn when it is the one call its PBN record keeps
    past the auction (``board 1's bidding quiz's blank turn ____ (call 4, the student's)``), else None: one
    name, so that a writer that shows the turn as ``?`` (text) can leave it out of what it loses."""
    from bridgetools.formats._losses import whose_loss

    calls: tuple[tuple[str, ...], ...] | None = getattr(board.extra.get("pbn"), "auction", None)
    made = len(board.auction) if board.auction is not None else 0
    if calls is None or len(calls) != made + 1 or not asks_the_next_call(board):
        return None
    return f"{whose_loss(board)} bidding quiz's blank turn {calls[made][0]} (call {made + 1}, the student's)"


__all__ = ["QUIZ_TURN", "asks_the_next_call", "blank_turn_lost", "blank_turn_seat", "is_quiz_turn"]
