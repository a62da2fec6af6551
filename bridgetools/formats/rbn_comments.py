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
from typing import ClassVar

from bridgetools.board import Board
from bridgetools.board.leftovers import FormatRecord, register
from bridgetools.formats._commentary import commentary_places
from bridgetools.formats._losses import Losses
from bridgetools.formats._places import AFTER_PLAY, BEFORE, HEADING, Place

LABELLED = re.compile(r"[A-Z0-9](?: .*)?")
"""A line of a record: a capital label letter or digit, then a space and its data (a bare label ends one
carried over); its label is its first character. Any other line (``hello``, ``[Event "x"]``) has the
label ``""``: the reader keeps it whole, as written, and tells it."""
HEADING_LABELS = "TDLESFKNBH"
"""The labels of a record's heading, before its auction (dates, event, names, board number, hands...):
each holds for the records after it until another gives it (RBN 3.2 carries them over)."""
Anchor = tuple[str, int]
"""The line a comment follows: its label and which line of that label in the record (1 the first);
``("", 0)`` before the record's first line, ``("", k)`` after its ``k``-th line with no label; ``("A", -1)``
and ``("P", -1)`` after the auction (its notes too) and after the play, wherever the writer puts them (a
comment the computer's replacement moved there: `moved_anchor`)."""


def label_of(line: str) -> str:
    """The label of a line of a record (``""`` for a line with none)."""
    return line[:1] if LABELLED.fullmatch(line) else ""


@register
@dataclass(frozen=True)
class RbnComments(FormatRecord):
    """Each comment of a board read from RBN with the line it followed (``anchors``) among the labels of
    the record's lines (``labels``), and its text, to know the commentary is still this. Its place in the
    board is worked out from them when asked (`comment_places`), so it cannot disagree with the board."""

    FORMAT = "rbn_comments"
    COMMENTARY_MARKS: ClassVar[str] = "pbn"
    """The board holds these comments in PBN's suit marks (`marked_suits`): RBN's only marks are the
    symbols, so an ``@s`` in its comment is text, not LIN's mark, and is written back as it was."""
    texts: tuple[str, ...] = ()
    anchors: tuple[tuple[str, int], ...] = ()
    labels: tuple[str, ...] = ()

    def comment_places(self, board: Board) -> list[Place] | None:
        """Where each comment of ``board.commentary`` stands, as the RBN record put it; None when the
        commentary is not what was read (edited since)."""
        if list(self.texts) != board.commentary or len(self.anchors) != len(self.texts):
            return None
        return [_place(board, list(self.labels), anchor) for anchor in self.anchors]


def moved_anchor(part: str) -> Anchor:
    """The anchor of a comment after the auction (``part`` ``"A"``) or the play (``"P"``) as the writer
    writes them, for a comment that stood on no line of the record (the file's comments on the calls or
    cards the computer replaced, gathered)."""
    return part, -1


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
    board.extra[RbnComments.FORMAT] = RbnComments(tuple(texts), tuple(anchors), tuple(labels))


def _place(board: Board, labels: list[str], anchor: Anchor) -> Place:
    """The place in ``board`` of a comment after ``anchor`` in a record of lines ``labels``."""
    label, k = anchor
    if k == 0:
        return BEFORE
    calls = len(board.auction.calls) if board.auction is not None else 0
    cards = len(board.play.cards) if board.play is not None else 0
    after_auction: Place = ("call", calls - 1) if calls else HEADING
    where = [i for i, lab in enumerate(labels) if lab == label]
    if k < 0 or k > len(where):  # moved after the auction or the play (`moved_anchor`), or no such line
        return ("card", cards - 1) if label == "P" and cards else after_auction if label == "A" else None
    before = labels[:where[k - 1] + 1]
    if "P" in before:  # after the play's line, or after the result (R) that follows it
        return ("card", cards - 1) if label == "P" and cards else AFTER_PLAY if cards else None
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
    own_places = own.comment_places(board) if isinstance(own, RbnComments) else None
    anchors = own.anchors if isinstance(own, RbnComments) and own_places is not None else None
    # the record's own places, for a comment whose line is not written (a carried heading line, after the
    # auction or play: `moved_anchor`); another format's for a board the record does not place
    places = own_places if own_places is not None else commentary_places(board, besides=RbnComments.FORMAT)
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
    written (a heading line the record before carries) or it names none (`moved_anchor`)."""
    label, k = anchor
    if k == 0:
        return 0
    if k < 0:
        return None
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
        while after < end and labels[after].isdecimal():
            after += 1
        return after
    cards = len(board.play.cards) if board.play is not None else 0
    if "P" not in labels or index not in (-1, cards - 1):
        lost["commentary's place in the play"] = None
    if "P" not in labels:
        return end
    return labels.index("P") + (index != -1)


__all__ = [
    "HEADING_LABELS", "LABELLED", "RbnComments", "anchor_after", "label_of", "moved_anchor", "read_places",
    "written_with_comments",
]
