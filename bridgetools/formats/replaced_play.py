"""A board whose play the computer has replaced, as its format records must then say it: the file's own
play (PBN's play section and card notes, LIN's cards) is gone, and the comments that followed its cards
are kept, not beside the computer's cards, where they would describe cards not played, but in one
comment after the computer's last card, each on a line naming the card of the file's play it followed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bridgetools.board import Board
from bridgetools.formats._commentary import _lin_places
from bridgetools.formats.lin_codes import Event, LinRecord, calls_and_explanations, canonical_lin_layout
from bridgetools.formats.pbn_read import comment_text
from bridgetools.formats.pbn_record import PbnRecord
from bridgetools.rules import Play

OWN_PLAY_HEADING = "The play this file gave was replaced by the computer's. The comments on it were:"
"""The first line of the comment holding a replaced play's comments, after the computer's play."""


def with_play_replaced(own: Board, played: Board) -> Board:
    """``played`` (``own`` with the computer's auction and play) with ``own``'s format records and
    commentary less the file's own play, its comments moved after the computer's last card."""
    commentary, extra = _without_kept_play(own, played.play)
    return _lin_comments_off_the_kept_play(own, replace(played, commentary=commentary, extra=extra))


def _lin_comments_off_the_kept_play(own: Board, played: Board) -> Board:
    """``played`` with the LIN ``nt`` comments that followed cards of the file's own play (``own``'s)
    taken out of their places, which are the computer's cards now, into one comment after its last card
    (as `_without_kept_play` does for PBN's)."""
    record = played.extra.get("lin")
    if not isinstance(record, LinRecord) or record.events is None or own.play is None or not own.play.cards:
        return played
    places = _lin_places(own, record) or []
    moved = {i: p[1] for i, p in enumerate(places) if p is not None and p[0] == "card" and p[1] >= 0}
    if not moved:
        return played
    lines = [OWN_PLAY_HEADING]
    for i, j in sorted(moved.items(), key=lambda item: item[1]):  # by card, in the file's order
        trick = own.play.trick_list[j // 4]
        lines.append(f"after trick {j // 4 + 1}, {trick.leader.offset(j % 4).name}'s {trick.cards[j % 4]}: "
                     f"{played.commentary[i]}")
    events: list[Event] = []
    commentary: list[str] = []
    n = 0
    for event in record.events:
        if event[1].lower() == "nt" and event[2] is None:
            n += 1
            if n - 1 in moved:
                continue
            commentary.append(played.commentary[n - 1])
        events.append(event)
    heads = len(record.layout) if record.layout is not None else len(canonical_lin_layout(played)[0])
    last = heads + len(calls_and_explanations(played)) + (len(played.play.cards) if played.play else 0)
    events.append((last, "nt", None))
    commentary.append("\n".join(lines))
    return replace(played, commentary=commentary,
                   extra={**played.extra, "lin": replace(record, events=tuple(events))})


def _without_kept_play(board: Board, computer_s: Play | None) -> tuple[list[str], dict[str, Any]]:
    """A board's commentary and format records less what a PBN file said of its own play (its rows, end
    mark and card notes), which would be written with the computer's play ``computer_s`` in its place.

    The comments on the file's play are kept, but not beside the computer's cards, where they would
    describe cards not played: they become one comment after the computer's last card, under
    `OWN_PLAY_HEADING`, each on a line naming the card of the file's play it followed."""
    record = board.extra.get("pbn")
    if not isinstance(record, PbnRecord):
        return list(board.commentary), board.extra
    comments = list(record.comments)
    own = board.play
    if [comment_text(token) for _, token in comments] == board.commentary and own is not None:
        on_the_play = (c for c in comments if _on_the_play(c[0]))
        moved = sorted(on_the_play, key=lambda c: _order_on_the_play(c[0], own))
        if moved:
            lines = [OWN_PLAY_HEADING]
            for anchor, token in moved:
                lines.append(f"{_where_on_the_play(anchor, own, record.play_notes)} {comment_text(token)}")
            anchor_after: tuple[str | int, ...] = ("played",)
            if computer_s is not None and computer_s.cards:
                last = computer_s.trick_list[-1]
                column = (last.leader.offset(len(last.cards) - 1) - computer_s.opening_leader) % 4
                anchor_after = ("card", len(computer_s.trick_list) - 1, column)
            text = "\n".join(lines).replace("}", ")")
            comments = [c for c in comments if not _on_the_play(c[0])] + [(anchor_after, "{" + text + "}")]
    record = replace(record, play_seat=None, play_end=None, play_rows=None, play_notes={},
                     comments=tuple(comments))
    return [comment_text(token) for _, token in comments], {**board.extra, "pbn": record}


def _on_the_play(anchor: tuple[str | int, ...]) -> bool:
    """Whether a PBN comment stood in the play section: before its first card, after a card, after a
    Note on a card."""
    return anchor[:1] in (("play",), ("card",)) or anchor == ("tag", "Play") or anchor[:2] == ("note", "play")


def _order_on_the_play(anchor: tuple[str | int, ...], play: Play) -> tuple[int, int, int]:
    """Where a comment of the play section stood: before the lead, after a card (by trick, then in the
    order played), after a Note (by number)."""
    if anchor[0] == "card" and isinstance(anchor[1], int) and isinstance(anchor[2], int):
        trick, seat = anchor[1], play.opening_leader.offset(anchor[2])
        tricks = play.trick_list
        leader = tricks[trick].leader if trick < len(tricks) else play.opening_leader
        return (1, trick, (seat - leader) % 4)
    if anchor[0] == "note":
        return (2, int(anchor[2]) if str(anchor[2]).isdigit() else 0, 0)
    return (0, 0, 0)


def _where_on_the_play(anchor: tuple[str | int, ...], play: Play, notes: Mapping[int, str]) -> str:
    """Where a comment stood in a file's play, in words: the trick and the card it followed."""
    if anchor[0] == "note":
        number = str(anchor[2])
        noted = notes.get(int(number)) if number.isdigit() else None
        return f"after its note {number} ({noted}):" if noted is not None else f"after its note {number}:"
    if anchor[0] == "card" and isinstance(anchor[1], int) and isinstance(anchor[2], int):
        trick, seat = anchor[1], play.opening_leader.offset(anchor[2])
        tricks = play.trick_list
        if trick < len(tricks) and (seat - tricks[trick].leader) % 4 < len(tricks[trick].cards):
            card = tricks[trick].cards[(seat - tricks[trick].leader) % 4]
            return f"after trick {trick + 1}, {seat.name}'s {card}:"
        return f"after trick {trick + 1}, {seat.name}'s place (no card):"
    return "before the opening lead:"
