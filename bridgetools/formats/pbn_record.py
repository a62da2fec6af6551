"""What a PBN file said of a board that the model does not hold: `PbnRecord`, kept in ``board.extra["pbn"]``.

The reader fills it, the writer reads it, so that PBN -> PBN gives the file's bytes back where the
model alone would write them otherwise; the JSON format carries it under ``formats.pbn``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bridgetools._lazy import lazy_compile
from bridgetools._words import CONDITION_GOES_ON
from bridgetools.board import Board, DerivedName
from bridgetools.board.leftovers import FormatRecord, KeptCall, register
from bridgetools.errors import BridgeError
from bridgetools.formats import holds_a_board
from bridgetools.formats._places import AFTER_PLAY, BEFORE, HEADING, Place
from bridgetools.formats._problems import LAW_2_FIELDS
from bridgetools.formats._quiz import is_quiz_turn
from bridgetools.formats._results_tables import read_recorded
from bridgetools.model import Call, Seat

SEAT_LETTERS = ("N", "E", "S", "W")

_FILE_HEADING = lazy_compile(r"^%\s*(PBN\s+\d+\.\d+\s*$|EXPORT\s*$|Content-type:|Creator:|Created:)", re.I)
"""The escape lines that say what the file is and who wrote it, which each writer writes anew."""
_DEALING_NOTE = lazy_compile(r"^%\s*bridgetools \S+ deal, seed \d+")
"""The first line of the note `bridgetools deal` writes before its boards (`bridgetools.dealer.dealing`):
``% bridgetools 0.1.0 deal, seed 3 (numpy 2.4.6)``."""
_DEALING_DETAIL = lazy_compile(r"^%\s*(condition|script|shorthand|turned) ")
"""The lines of that note after its first: the condition, script or shorthand dealt, a turn of the seats."""
_CONDITION_LINE = lazy_compile("^% " + CONDITION_GOES_ON + r"\S")
"""A later line of that condition, exactly as ``deal`` writes it: its text (blank lines and the line's own
indent left out) right under the first line's, so a user's ``%`` line indented otherwise is their own."""
_PROVENANCE = lazy_compile(r"^%\s*(Creator|Created):\s*(.*)$", re.I)
"""The file heading's lines that say which program made the file and when (not what format it is)."""

Token = tuple[str, int | None, tuple[int, ...], str | None]
"""A call or card as written: its text, note number, NAGs and irregularity letter (``^I``, ``^S``...)."""
Anchor = tuple[str | int, ...]
"""Where a comment stood: ``("game",)``, ``("tag", name)``, ``("note", home, number)``, ``("auction",)``,
``("call", index)``, ``("play",)``, ``("card", trick, column)`` or ``("played",)`` (after the play section
and its notes: where `autoplay` puts the comments on a play it replaced)."""


@register
@dataclass(frozen=True)
class PbnRecord(FormatRecord):
    """A PBN game's leftovers: raw tag values, irregularity marks, end marks, comments and calls or cards
    the model could not take, each needed by the writer to give the game back as it was written."""

    FORMAT = "pbn"

    raw: dict[str, str] = field(default_factory=dict)
    """Mandatory tags (§3.1) whose value the model holds none of (``?``, ``#``, ``1-1``), as written: the
    writer has nothing else to write for them."""
    declarer_irregular: bool = False
    """The Declarer tag's ``^`` (§3.9: the wrong player declared), which the model's seat cannot say."""
    result_irregular: bool = False
    """The Result tag's ``^`` (§3.9: tricks by an irregular claim), likewise."""
    result_sides: str | None = None
    """A Result by sides (``NS 9 EW 4``) that no declarer turns into tricks: written back as it was."""
    escapes: tuple[str, ...] = ()
    """The game's ``%`` escape lines (BridgeComposer's ``%HRTitleEvent``...), written before its tags."""
    heading: tuple[str, ...] = ()
    """The file heading the game came with (``% PBN 2.1``, ``%Creator: CSVtoPBN Version 1.04``,
    ``%Created: ...``): which program made the file, and when, carried to JSON; the PBN writer writes
    its own heading instead (the source's ``%Created`` is not the time of its output)."""
    comments: tuple[tuple[Anchor, str], ...] = ()
    """Every ``{}`` and ``;`` comment as written, with where it stood, so each goes back in its place
    (``board.commentary`` holds their texts)."""
    auction_seat: str | None = None
    """The Auction tag's value when no call follows it (the model then has no auction to name a seat)."""
    auction_end: str | None = None
    """The auction section's end mark (``*`` or ``+``) as written."""
    auction: tuple[Token, ...] | None = None
    """The calls as written, when they go past what the Laws allow (a skipped player, an insufficient
    bid accepted): the model holds only their legal start."""
    play_seat: str | None = None
    """The Play tag's value as written, when the model holds no play or not all of it (see `play_rows`)."""
    play_end: str | None = None
    """The play section's end mark (``*`` or ``+``) as written."""
    play_rows: tuple[tuple[Token, ...], ...] | None = None
    """The play section's rows as written (seat columns from `play_seat`), when the model could not
    replay every card: written instead of the model's play."""
    play_notes: dict[int, str] = field(default_factory=dict)
    """The play section's Note tags by number (``board.notes`` holds the auction's)."""
    note_values: dict[str, str] = field(default_factory=dict)
    """Note tags written otherwise than the writer spells them (``1: Stayman``, where it writes
    ``1:Stayman``: the standard leaves the space after the colon to the writer), by section and number
    (``auction 1``, ``play 2``), as written: written back so while they hold the same text."""

    def calls_kept(self, board: Board) -> tuple[KeptCall, ...]:
        """The calls as written past the legal start of the auction (`auction`), each with its note's text
        as its explanation and NAG $15 as its alert; none when one bears an irregularity mark (§3.9), which
        only PBN says, or is a bidding quiz's blank (`is_quiz_turn`), which is no call."""
        made = len(board.auction) if board.auction is not None else 0
        tokens = self.auction[made:] if self.auction is not None else ()
        if any(irregular or is_quiz_turn(text) for text, _, _, irregular in tokens):
            return ()
        return tuple(KeptCall(text, _call_or_none(text), ALERT_NAG in nags,
                              board.notes.get(note) if note is not None else None)
                     for text, note, nags, _ in tokens)

    def calls_as_written(self, board: Board) -> tuple[KeptCall, ...]:
        """The calls as written past the legal start of the auction, those after an irregularity (§3.9:
        ``1D ^I 1C``, an insufficient bid accepted) too, each with its mark (``^S`` stands for a skipped
        player's call): what `show` and text show; a bidding quiz's blank is no call (`calls_kept`)."""
        made = len(board.auction) if board.auction is not None else 0
        tokens = self.auction[made:] if self.auction is not None else ()
        if not any(irregular for _, _, _, irregular in tokens):
            return self.calls_kept(board)
        return tuple(KeptCall(text, _call_or_none(text), ALERT_NAG in nags,
                              board.notes.get(note) if note is not None else None, irregular)
                     for text, note, nags, irregular in tokens)

    def play_as_written(self, board: Board) -> tuple[tuple[tuple[str, str], ...], ...]:
        """The play rows as written from the first trick the model could not replay (a revoke ``^R``, a
        lead out of turn ``^L``), each card with its seat (the rows' columns from the Play tag's seat) and
        its irregularity mark: what `show` and text show under the tricks replayed."""
        seat = (self.play_seat or "").strip().upper()
        if self.play_rows is None or seat not in SEAT_LETTERS:
            return ()
        first = Seat.parse(seat)
        replayed = len(board.play.cards) // 4 if board.play is not None else 0
        return tuple(tuple((first.offset(col).name, text + (f"^{irregular}" if irregular else ""))
                           for col, (text, _, _, irregular) in enumerate(row))
                     for row in self.play_rows[replayed:])

    @property
    def game_escapes(self) -> tuple[str, ...]:
        """The game's own ``%`` lines: `escapes` less the file's heading (``% PBN 2.1``, ``% EXPORT``,
        ``%Content-type``, ``%Creator``, ``%Created``), which a writer writes anew, so the ones to write
        back (or to name as lost in another format)."""
        return tuple(line for line in self.escapes if not _FILE_HEADING.match(line))

    @property
    def comments_lost(self) -> tuple[str, ...]:
        """The game's ``%`` lines another format loses and names (`game_escapes`) less the note `deal`
        writes of how the boards were dealt (its seed and condition, `_DEALING_NOTE`): a comment of the
        generator, no data of a board and nothing a user wrote, which every file `deal` made would name
        (the seed is in the Event, named where that is lost). A user's own ``%`` lines are still named."""
        lost: list[str] = []
        part: str | None = None  # where in the note a line stands: "note", "condition" or None (outside)
        for line in self.game_escapes:
            detail = _DEALING_DETAIL.match(line)
            if _DEALING_NOTE.match(line):
                part = "note"
            elif part is not None and detail:
                part = "condition" if detail.group(1) == "condition" else "note"
            elif part != "condition" or not _CONDITION_LINE.match(line):
                part = None
                lost.append(line)
        return tuple(lost)

    @property
    def file_heading(self) -> tuple[str, ...]:
        """The file heading the game came with: `heading` (a JSON board's) and the heading lines still
        among `escapes` (a board read from PBN)."""
        return self.heading + tuple(line for line in self.escapes if _FILE_HEADING.match(line))

    @property
    def provenance(self) -> tuple[str, ...]:
        """The file heading's ``%Creator`` and ``%Created`` lines, which another format loses: which
        program made the source, and when. bridgetools' own ``%Creator`` (with no ``%Created``) says
        only what any output of it says, so it is never one of them (beside another program's or not)."""
        lines = (line.strip() for line in self.file_heading if _PROVENANCE.match(line.strip()))
        return tuple(line for line in lines if not _names_bridgetools(line))

    @property
    def provenance_named(self) -> str | None:
        """The `provenance` lines as a warning names them, ``PBN file heading (%Creator: CSVtoPBN Version
        1.04; %Created: 2025.03.12)``; None when there are none."""
        return f"PBN file heading ({'; '.join(self.provenance)})" if self.provenance else None

    def less_written_anew(self, board: Board) -> PbnRecord:
        """The record less what the writer writes for ``board`` by itself (`_written_anew`); the record
        itself when it holds none of that."""
        changes = _written_anew(board, vars(self))
        if self.play_rows is not None:
            changes["play_rows"] = tuple(_row_as_exported(row) for row in self.play_rows)
        return dataclasses.replace(self, **changes) if changes else self

    def less_placeholders(self, board: Board) -> PbnRecord:
        """The record less the raw tag values that are what the writer writes for ``board`` by itself
        (its `placeholder`)."""
        return dataclasses.replace(self, raw=_less_placeholders(board, self.raw))

    def comment_places(self, board: Board) -> list[Place] | None:
        """Where each comment of ``board.commentary`` stands, as this record's `comments` put it; None
        when they are not exactly the board's commentary (edited since, or another source's)."""
        kept = self.comments
        if not isinstance(kept, tuple) or [comment_text(str(c[1])) for c in kept] != board.commentary:
            return None
        return [pbn_place(board, list(anchor)) for anchor, _ in kept]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PbnRecord:
        """The record `to_json` gave (JSON keys are strings: play note numbers become ints again)."""
        record = super().from_json(data)
        if record.play_notes:
            record = dataclasses.replace(record, play_notes={int(k): v for k, v in record.play_notes.items()})
        return record

    @classmethod
    def from_extra(cls, found: Mapping[str, Any], board: Board | None = None) -> PbnRecord:
        """The record from what the reader gathered in a dict while it read a game (the layout of
        ``board.extra["pbn"]`` in JSON files of schema 1): lists become tuples, the rest is taken as is;
        with ``board``, the game's, less what the writer writes for it by itself (`less_written_anew`),
        made at once (the reader asks this of every game it reads)."""
        fields = {key: _FROM_EXTRA[key](found[key]) for key in found.keys() & _FROM_EXTRA.keys()}
        play = found.get("play")
        if play is not None:
            fields["play_seat"] = play["seat"]
            fields["play_rows"] = tuple(tuple(_token(t) for t in row) for row in play["rows"]) \
                if board is None else tuple(_row_as_exported(row) for row in play["rows"])
        if board is not None:
            fields.update(_written_anew(board, fields))
        return cls(**fields)

    @staticmethod
    def give_kept_values(board: Board) -> None:
        """Give a board of an older JSON file (schema 1, when the model read these values from the tags
        itself) the double-dummy table, par and results its kept PBN tags and tables spell, and its
        record less what the writer writes anew (as the reader keeps it now)."""
        record = board.extra.get("pbn")
        if isinstance(record, PbnRecord):
            board.extra["pbn"] = record.less_written_anew(board)
        read_recorded(board)


ALERT_NAG = 15
"""A free NAG (§3.7) marking a call alerted, as BridgeData writes BBO alerts: PBN has no alert, and a
note reference (``=1=``) is the call's explanation alone."""


def _call_or_none(text: str) -> Call | None:
    """The call a token as written reads as; None for one that cannot be read (``zz``, ``1Q``)."""
    try:
        return Call.parse(text)
    except (BridgeError, ValueError):
        return None


def comment_text(token: str) -> str:
    """The text of a PBN ``{...}`` or ``;...`` comment without its delimiters."""
    if token.startswith("{"):
        return token[1:-1]
    return token[1:]


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


def _names_bridgetools(line: str) -> bool:
    """Whether a heading line is bridgetools' own ``%Creator: bridgetools <version> ...``."""
    found = _PROVENANCE.match(line)
    words = found.group(2).split() if found is not None and found.group(1).lower() == "creator" else []
    return bool(words) and words[0].lower() == "bridgetools"


def placeholder(board: Board, name: str) -> str:
    """What the writer writes for a mandatory tag the model holds nothing of and the file gave no value:
    an empty Declarer and Result on a passed-out board (§3.4.6, §3.4.8); an empty Dealer or Vulnerable
    that nothing gives and the board does not mark unknown (no number, no tag: "does not apply", which
    reads back as not given, where ``?`` would read back unknown); else ``?``."""
    if name in ("Declarer", "Result") and board.is_passed_out:
        return ""
    fact = LAW_2_TAGS.get(name)
    return "" if fact is not None and not board.is_unknown(fact) else "?"


LAW_2_TAGS: dict[str, DerivedName] = dict(zip(("Dealer", "Vulnerable"), LAW_2_FIELDS, strict=True))
"""The mandatory tags of a fact the board number gives (Law 2), with the fact's name: when missing the board
number gives it; ``?`` keeps it unknown."""


def _less_placeholders(board: Board, raw: Mapping[str, str]) -> dict[str, str]:
    """The raw tag values less those that are what the writer writes for ``board`` by itself (its
    `placeholder`)."""
    return {name: value for name, value in raw.items() if value != placeholder(board, name)}


def _written_anew(board: Board, fields: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a record (by name; one not given at its default) that change when what the writer
    writes for ``board`` by itself is taken out (the file heading, moved to `heading`; a mandatory tag's
    ``?``; the ``*`` ending an unfinished auction or play), so that JSON of a file read and written back
    as PBN is already the JSON of the first reading. A game of ``?`` alone keeps them: they are what
    makes it a game (a record of commentary alone). Most records hold none of them: nothing is copied.
    The play rows, given back filled and their NAGs in order (`_row_as_exported`), are the caller's."""
    changes: dict[str, Any] = {}
    escapes: tuple[str, ...] = fields.get("escapes", ())
    heading = tuple(line for line in escapes if _FILE_HEADING.match(line)) if escapes else ()
    if heading:
        changes["escapes"] = tuple(line for line in escapes if not _FILE_HEADING.match(line))
        changes["heading"] = fields.get("heading", ()) + heading
    raw: Mapping[str, str] = fields.get("raw", {})
    written = _less_placeholders(board, raw) if raw else raw
    if len(written) != len(raw) and (written or holds_a_board(board, leftovers_count=False)):
        changes["raw"] = written  # placeholders alone are kept on a game they alone make one
    auction, rows = fields.get("auction"), fields.get("play_rows")
    if auction is not None:
        changes["auction"] = tuple(_as_exported(token) for token in auction)
    end = fields.get("auction_end")
    if end is not None and end == _default_auction_end(board, auction is not None):
        changes["auction_end"] = None
    end = fields.get("play_end")
    if end is not None and end == _default_play_end(board, rows):
        changes["play_end"] = None
    return changes


def _as_exported(token: Token) -> Token:
    """A call or card kept as written, its NAGs in the order the writer writes them (ascending)."""
    text, note, nags, irregular = token
    return (text, note, tuple(sorted(nags)), irregular)


def _row_as_exported(row: Sequence[Any]) -> tuple[Token, ...]:
    """A play row kept as written as the writer gives it back: NAGs in order, short rows filled with ``-``."""
    return tuple(_as_exported(token) for token in row) + (("-", None, (), None),) * (4 - len(row))


def default_auction_end(board: Board, record: PbnRecord) -> str | None:
    """The end mark the writer gives ``board``'s auction section when the file's is not kept: ``*`` after
    the calls of an unfinished auction (none after calls kept as written, nor for an empty section)."""
    return _default_auction_end(board, record.auction is not None)


def _default_auction_end(board: Board, calls_kept: bool) -> str | None:
    """`default_auction_end` of a record that keeps calls as written (``calls_kept``) or none."""
    auction = board.auction
    unfinished = auction is not None and bool(auction.calls) and not auction.is_complete
    return "*" if unfinished and not calls_kept else None


def default_play_end(board: Board, record: PbnRecord) -> str | None:
    """The end mark the writer gives ``board``'s play section when the file's is not kept: ``*`` after
    cards kept as written or a play of fewer than 13 tricks (none when only the Play tag is written)."""
    return _default_play_end(board, record.play_rows)


def _default_play_end(board: Board, rows: tuple[tuple[Token, ...], ...] | None) -> str | None:
    """`default_play_end` of a record that keeps play ``rows`` as written, or none."""
    play = board.play
    if rows is not None and (play is None or known_cards(rows) > len(play.cards)):
        return "*"
    # fewer than 13 tricks completed: fewer than 52 cards (completed_tricks would make each Trick)
    return "*" if play is not None and len(play.cards) < 52 else None


def known_cards(rows: tuple[tuple[Token, ...], ...]) -> int:
    """How many cards the play rows as written name (not ``-`` nor ``+``)."""
    return sum(1 for row in rows for item in row if item[0] not in ("-", "+"))


def _token(item: Any) -> Token:
    text, note, nags, irregular = item
    return (text, note, tuple(nags), irregular)


def _same(value: Any) -> Any:
    return value


_FROM_EXTRA: dict[str, Callable[[Any], Any]] = {
    "raw": dict,
    "declarer_irregular": bool,
    "result_irregular": bool,
    "result_sides": _same,
    "escapes": tuple,
    "heading": tuple,
    "comments": lambda found: tuple((tuple(anchor), text) for anchor, text in found),
    "auction_seat": _same,
    "auction_end": _same,
    "auction": lambda found: None if found is None else tuple(_token(t) for t in found),
    "play_seat": _same,
    "play_end": _same,
    "play_notes": lambda found: {int(k): v for k, v in found.items()},
    "note_values": dict,
}
"""How each field of the record is made from what the reader gathered under its name (a field it
gathered nothing for keeps its default)."""


__all__ = [
    "LAW_2_TAGS",
    "Anchor",
    "PbnRecord",
    "Token",
    "comment_text",
    "default_auction_end",
    "default_play_end",
    "known_cards",
    "pbn_place",
]
