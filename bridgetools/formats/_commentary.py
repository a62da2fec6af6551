"""Where each comment of ``board.commentary`` stands in the auction or the play, whichever format said it.

A place is ``("call", i)``: after call ``i`` (``-1``: before the first call), ``("card", j)``: after the
``j``-th card played (``-1``: before the opening lead), `BEFORE`: before the board (a lesson's introduction,
PBN's ``{}`` before a game's tags, LIN's ``nt`` before a board's first pair), `HEADING`: with its heading,
before the auction (PBN's ``{}`` after a tag, LIN's ``nt`` among the pairs before the first call), or
None: the board's, not tied to a call or card.
A writer asks for the places a board was read with in another format (PBN's ``{}`` after a call, LIN's
``nt`` between ``mb``/``pc`` pairs), so each comment keeps its place from one format to the other. Each
format's record places its own comments (`PlacesItsComments`): this module knows no format.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from bridgetools.board import Board
from bridgetools.formats._places import AFTER_PLAY, BEFORE, HEADING, Place


@runtime_checkable
class PlacesItsComments(Protocol):
    """A format's record that knows where the board's comments stood in its format (PBN's `PbnRecord`,
    LIN's `LinRecord`): None when what it kept is not exactly the board's commentary."""

    def comment_places(self, board: Board) -> list[Place] | None:
        """Where each comment of ``board.commentary`` stands, as this record put it."""


def commentary_places(board: Board, besides: str) -> list[Place]:
    """The place of each comment as the board's record of a format other than ``besides`` gives it (the
    first such record, in the board's order, that places exactly the board's commentary); all None when
    none does (another source, or edited)."""
    for name, record in board.extra.items():
        if name != besides and isinstance(record, PlacesItsComments):
            places = record.comment_places(board)
            if places is not None:
                return places
    return [None] * len(board.commentary)


__all__ = ["AFTER_PLAY", "BEFORE", "HEADING", "Place", "PlacesItsComments", "commentary_places"]
