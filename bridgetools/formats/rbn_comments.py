"""Where an RBN record's ``{...}`` comments stand between its lines, read and written.

RBN allows a comment between any two lines of a record; the reader takes each to belong to the line before
it. A comment can say only so much there: before the record, with its heading (before the ``A`` line),
after the auction (the ``A`` line and its notes), before the opening lead (between ``C`` and ``P``), after
the play (``P``), or after the result. The writer puts another format's comment at the line that says its
place (`commentary_places`), and names the place it cannot say (after call 2 of 6, after the third card):
``commentary's place in the auction``. A board read from RBN keeps each comment's line (`RbnComments`),
so RBN -> RBN writes it where it was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgetools.board import Board
from bridgetools.board.leftovers import FormatRecord, register
from bridgetools.formats._commentary import commentary_places
from bridgetools.formats._losses import Losses
from bridgetools.formats._places import BEFORE, HEADING, Place

LABELLED = re.compile(r"[A-Z0-9](?: .*)?")
"""A line of a record: a capital label letter or digit, then a space and its data (a bare label ends one
carried over); its label is its first character. Any other line (``hello``, ``[Event "x"]``) has the
label ``""``: the reader keeps it whole, as written, and tells it."""
HEADING_LABELS = "DLEFNBHTSK"
"""The labels of a record's heading, before its auction (dates, event, names, board number, hands...)."""
Anchor = tuple[str, int]
"""The line a comment follows: its label and which line of that label in the record (1 the first);
``("", 0)`` before the record's first line, ``("", k)`` after its ``k``-th line with no label."""


def label_of(line: str) -> str:
    """The label of a line of a record (``""`` for a line with none)."""
    return line[:1] if LABELLED.fullmatch(line) else ""


@register
@dataclass(frozen=True)
class RbnComments(FormatRecord):
    """Each comment of a board read from RBN with the line it followed (``anchors``) and its place in the
    board (``places``, for other formats' writers), and its text, to know the commentary is still this."""

    FORMAT = "rbn_comments"
    texts: tuple[str, ...] = ()
    anchors: tuple[tuple[str, int], ...] = ()
    places: tuple[tuple[str, int] | None, ...] = ()

    def comment_places(self, board: Board) -> list[Place] | None:
        """Where each comment of ``board.commentary`` stands, as the RBN record put it; None when the
        commentary is not what was read (edited since)."""
        if list(self.texts) != board.commentary or len(self.places) != len(self.texts):
            return None
        return list(self.places)


def anchor_after(labels: list[str]) -> Anchor:
    """The anchor of a comment that follows the lines of ``labels`` (a record's so far)."""
    if not labels:
        return "", 0
    return labels[-1], labels.count(labels[-1])


def read_places(board: Board, labels: list[str], anchors: list[Anchor], texts: list[str]) -> None:
    """Give ``board`` the record's comments, ``texts``, and keep each one's anchor and place, given the
    labels of the record's lines in order (no record when there is no comment)."""
    board.commentary.extend(texts)
    if not texts:
        return
    places = tuple(_place(board, labels, anchor) for anchor in anchors)
    board.extra[RbnComments.FORMAT] = RbnComments(tuple(texts), tuple(anchors), places)


def _place(board: Board, labels: list[str], anchor: Anchor) -> Place:
    """The place in ``board`` of a comment after ``anchor`` in a record of lines ``labels``."""
    label, k = anchor
    if k == 0:
        return BEFORE
    at = [i for i, lab in enumerate(labels) if lab == label][k - 1]
    before = labels[:at + 1]
    calls = len(board.auction.calls) if board.auction is not None else 0
    cards = len(board.play.cards) if board.play is not None else 0
    after_auction: Place = ("call", calls - 1) if calls else HEADING
    if "P" in before:
        return ("card", cards - 1) if label == "P" and cards else None
    if label == "C":
        return ("card", -1) if "P" in labels and cards else after_auction
    if label == "A" or (label.isdecimal() and "A" in before):
        return after_auction
    if not any(lab in "ACPR" and lab for lab in before):
        return HEADING
    return None


def written_with_comments(board: Board, lines: list[str], comments: list[str], losses: Losses) -> list[str]:
    """``lines`` with each of ``comments`` (``board.commentary`` as RBN writes them) after the line that says
    its place: where an RBN record had it, else where another format's record places it (the end when none
    does); a place the lines cannot say is named in ``losses``."""
    labels = [label_of(line) for line in lines]
    own = board.extra.get(RbnComments.FORMAT)
    anchors = own.anchors if isinstance(own, RbnComments) and own.comment_places(board) is not None else None
    places = commentary_places(board, besides=RbnComments.FORMAT)  # another format's, for one not anchored
    at: list[int] = []
    lost: dict[str, None] = {}
    for i, place in enumerate(places):
        found = _anchored(labels, anchors[i]) if anchors is not None else None
        at.append(found if found is not None else _position(board, labels, place, lost))
    losses.add(lost)
    out: list[str] = []
    order = sorted(range(len(comments)), key=lambda i: at[i])
    queue = iter(order)
    pending = next(queue, None)
    for position in range(len(lines) + 1):
        while pending is not None and at[pending] == position:
            out.append(comments[pending])
            pending = next(queue, None)
        if position < len(lines):
            out.append(lines[position])
    return out


def _anchored(labels: list[str], anchor: Anchor) -> int | None:
    """The position after the line ``anchor`` names (0: before the first), None when no such line is
    written (a heading line the record before carries)."""
    label, k = anchor
    if k == 0:
        return 0
    where = [i for i, lab in enumerate(labels) if lab == label]
    return where[k - 1] + 1 if k <= len(where) else None


def _position(board: Board, labels: list[str], place: Place, lost: dict[str, None]) -> int:
    """The position in a record of lines ``labels`` that says ``place``; the end when none does, the
    place named in ``lost`` when it was in the auction or the play."""
    end = len(labels)
    if place == BEFORE:
        return 0
    if place == HEADING or place == ("call", -1):
        return next((i for i, lab in enumerate(labels) if lab not in HEADING_LABELS or not lab), end)
    if place is None or place[0] not in ("call", "card"):
        return end
    kind, index = place
    if kind == "call":
        calls = len(board.auction.calls) if board.auction is not None else 0
        if "A" not in labels or index != calls - 1:
            lost["commentary's place in the auction"] = None
        if "A" not in labels:
            return end
        after = labels.index("A") + 1
        while after < end and labels[after].isdecimal() and labels[after]:
            after += 1
        return after
    cards = len(board.play.cards) if board.play is not None else 0
    if "P" not in labels or index not in (-1, cards - 1):
        lost["commentary's place in the play"] = None
    if "P" not in labels:
        return end
    return labels.index("P") + (index != -1)


__all__ = ["LABELLED", "RbnComments", "anchor_after", "label_of", "read_places", "written_with_comments"]
