"""Where each comment of ``board.commentary`` stands in the auction or the play, whichever format said it.

A place is ``("call", i)``: after call ``i`` (``-1``: before the first call), ``("card", j)``: after the
``j``-th card played (``-1``: before the opening lead), `BEFORE`: before the board (a lesson's introduction,
PBN's ``{}`` before a game's tags, LIN's ``nt`` before a board's first pair), `HEADING`: with its heading,
before the auction (PBN's ``{}`` after a tag, LIN's ``nt`` among the pairs before the first call), or
None: the board's, not tied to a call or card.
A writer asks for the places a board was read with in another format (PBN's ``{}`` after a call, LIN's
``nt`` between ``mb``/``pc`` pairs), so each comment keeps its place from one format to the other.
"""

from __future__ import annotations

from typing import Any

from bridgetools.board import Board
from bridgetools.formats._places import AFTER_PLAY, BEFORE, HEADING, Place


def commentary_places(board: Board, besides: str) -> list[Place]:
    """The place of each comment as the board's record of a format other than ``besides`` gives it;
    all None when no such record places exactly the board's commentary (another source, or edited)."""
    for name, places_of in (("pbn", _pbn_places), ("lin", _record_places)):
        record = board.extra.get(name)
        if name != besides and record is not None:
            places = places_of(board, record)
            if places is not None:
                return places
    return [None] * len(board.commentary)


def comment_text(token: str) -> str:
    """The text of a PBN ``{...}`` or ``;...`` comment without its delimiters."""
    if token.startswith("{"):
        return token[1:-1]
    return token[1:]


def _pbn_places(board: Board, record: Any) -> list[Place] | None:
    kept = getattr(record, "comments", None)  # the PBN reader's `PbnRecord`
    if not isinstance(kept, tuple) or [comment_text(str(c[1])) for c in kept] != board.commentary:
        return None
    return [pbn_place(board, list(anchor)) for anchor, _ in kept]


def _record_places(board: Board, record: Any) -> list[Place] | None:
    """The places a format's record gives itself (LIN's `LinRecord.comment_places`), None for any other."""
    places_of = getattr(record, "comment_places", None)
    return places_of(board) if callable(places_of) else None


def pbn_place(board: Board, anchor: list[Any]) -> Place:
    """The place of a PBN comment anchor: a call, a card slot of the play section, after the section's end
    (`AFTER_PLAY`), before the board (a comment before its first tag), with its heading (after a tag:
    `HEADING`), or the board."""
    kind = anchor[0] if anchor else None
    if kind == "game":
        return BEFORE
    if kind in ("auction", "Auction") or anchor == ["tag", "Auction"]:
        return ("call", -1)
    if kind == "play" or anchor == ["tag", "Play"]:
        return ("card", -1)
    if kind == "tag":
        return HEADING
    if kind == "played":
        return AFTER_PLAY
    if kind == "call" and len(anchor) == 2 and isinstance(anchor[1], int):
        return ("call", anchor[1])
    play = board.play
    if kind == "card" and len(anchor) == 3 and play is not None and play.cards:
        trick, column = anchor[1], anchor[2]
        tricks = play.trick_list
        if isinstance(trick, int) and isinstance(column, int) and trick < len(tricks):
            seat = play.opening_leader.offset(column)
            j = 4 * trick + (seat - tricks[trick].leader) % 4
            if j < len(play.cards):
                return ("card", j)
        return ("card", len(play.cards) - 1)  # a slot no card was played in: after the last card
    return None


__all__ = ["AFTER_PLAY", "BEFORE", "HEADING", "Place", "comment_text", "commentary_places", "pbn_place"]
