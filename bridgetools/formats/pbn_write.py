"""The PBN 2.1 export writer: one canonical byte form for a board, so a second export equals the first.

Export rules (§2.3, §3, §5): ``% PBN 2.1`` and ``% EXPORT`` first, CRLF line ends, one empty line
between games, the 15 mandatory tags in order, the other tags sorted, the auction from the dealer
four calls a line with suffixes as NAGs and note references before NAGs, the Note tags after the
calls, the play in seat columns from the opening leader, then the tables sorted by name. What a
PBN file said and the model does not hold comes back from ``board.extra["pbn"]``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TextIO

from bridgetools._lazy import lazy_compile
from bridgetools.board import Board, Table
from bridgetools.board.leftovers import calls_kept, cards_kept
from bridgetools.errors import BridgeError
from bridgetools.formats._commentary import AFTER_PLAY, BEFORE, Place, commentary_places
from bridgetools.formats._io import codec_name
from bridgetools.formats._kept_tags import UNALERTED_TAG
from bridgetools.formats._losses import (
    Losses,
    claim_left_out,
    dealer_replaced,
    dealer_written,
    header_fields,
    kept_only_by_its_format,
    line_breaks_replaced,
    one_line,
)
from bridgetools.formats._nags import CARD_NAG_OFFSET, SUFFIX_NAGS
from bridgetools.formats._quiz import asks_the_next_call
from bridgetools.formats._results_tables import recorded_tags, score_table_losses, unheld_results
from bridgetools.formats._suit_marks import (
    commentary_written_in,
    explanations_written_in,
    has_lower_case_marks,
    pbn_suits,
)
from bridgetools.formats.pbn_record import (
    ALERT_NAG,
    PbnRecord,
    Token,
    comment_text,
    default_auction_end,
    default_play_end,
    known_cards,
    placeholder,
)
from bridgetools.formats.pbn_sections import LONE_TAG
from bridgetools.formats.pbn_values import (
    ALERTS_MARK,
    MANDATORY_TAGS,
    NOTE_NUMBERS,
    PLAYER_TAGS,
    call_of,
    deal_as_written,
    note_value,
)
from bridgetools.model import Annotation, Seat
from bridgetools.rules.play import Play

CRLF = "\r\n"
LINE_LIMIT = 255
"""The longest line PBN 2.1 allows, in characters without the line end."""
_TAG_NAME = lazy_compile(r"[A-Za-z][A-Za-z0-9_]*")
_NEEDS_QUOTES = lazy_compile(r'[\s\[\]{};"%]')


def write_boards(boards: Iterable[Board], out: TextIO, *, charset: str | None = None,
                 header: Iterable[str] = (), **_: Any) -> None:
    """Write ``boards`` to ``out`` in PBN 2.1 export format.

    ``charset`` is what the ``%Content-type`` line declares: by default the charset of the stream's
    encoding (ISO-8859-1 for Latin-1, the standard's own; windows-1252 for a Windows stdout), UTF-8
    for a stream that gives none or is ASCII. ``header`` lines are written as ``%`` comments after the
    file's own (``deal`` records its seed and condition there) and after the first game's own ``%`` lines
    read from PBN (an earlier run's seed lines), so the newest note reads last, as it was made.
    """
    from bridgetools._version import __version__

    if charset is None:
        charset = charset_of(getattr(out, "encoding", None))

    out.write(
        CRLF.join(
            [
                "% PBN 2.1",
                "% EXPORT",
                f"%Content-type: text/x-pbn; charset={charset}",
                f"%Creator: bridgetools {__version__} {ALERTS_MARK}",
            ]
        )
        + CRLF
    )
    notes = [f"% {line}" for line in header]
    losses = Losses("PBN")
    for i, board in enumerate(boards):
        if i:
            out.write(CRLF)
        losses.writing(board)
        losses.add_held_for_others(board, "pbn")
        writer = _GameWriter(board, notes)
        out.write(CRLF.join(writer.lines_of_game()) + CRLF)
        losses.alter(*_altered(writer))
        losses.add(kept_only_by_its_format(board, "pbn", calls_written=writer.kept_calls,
                                           cards_written=writer.kept_cards))
        losses.add(claim_left_out(board))  # PBN says a claim by the Result alone
        losses.alter(*score_table_losses(board), *unheld_results(board))
        losses.alter(*_heading_replaced(board))
        losses.alter(*dealer_replaced(board, "PBN"))
        losses.alter(*line_breaks_replaced("PBN", [*header_fields(board), *(
            (seat.full_name, name) for seat, name in board.players.items()), *board.tags.items()]))
        notes = []
    if notes:  # no board: the notes alone
        out.write(CRLF.join(notes) + CRLF)
    losses.warn()


def _altered(writer: _GameWriter) -> list[str]:
    """What ``writer`` wrote of its board otherwise than the board holds it, or as PBN 2.1 alone cannot
    read it, each said once for the boards it touched."""
    board = writer.board
    return [message for done, message in (
        (writer.braces, "PBN cannot hold '}' in commentary (it ends a comment): written as ')'"),
        (writer.lower_case_marks, "PBN has no lower-case suit mark: LIN's @s @h @d @c (!s... in "
                                  "explanations) written as \\S \\H \\D \\C, which read back as @S @H @D @C "
                                  "(!S...)"),
        (writer.wrapped, f"PBN lines hold at most {LINE_LIMIT} characters: longer comment lines were broken "
                         "at spaces, which read back as line ends"),
        (asks_the_next_call(board), QUIZ_KEPT),
        (writer.notes_full, NOTES_FULL),
        (unalerted_nag_15(board), UNALERTED_NAG_15),
        (writer.kept_calls, KEPT_CALLS),
        (writer.kept_cards, KEPT_CARDS),
    ) if done]


NOTES_FULL = (f"PBN numbers an auction's or a play's notes {NOTE_NUMBERS.start} to {NOTE_NUMBERS.stop - 1}: "
              "explanations past them written as comments right after their calls or cards, which read "
              "back as comments, an empty explanation not at all")
"""What the writer says when a board's explanations outnumber the note numbers PBN has (`_note_number`)."""

UNALERTED_NAG_15 = ("PBN's NAG $15 is bridgetools' alert (docs/formats.md): the NAG 15 of a call or card not "
                    "alerted was left out, so it does not read back alerted")
"""What the writer says when a call or card not alerted holds the NAG 15 (`unalerted_nag_15`)."""


def unalerted_nag_15(board: Board) -> bool:
    """Whether a call or card of ``board`` not alerted holds the NAG 15, which PBN cannot write: ``$15`` is
    the alert (`ALERT_NAG`), so `_from_model` leaves it out."""
    auction, play = board.auction, board.play
    annotations = [*(auction.annotations if auction is not None else ()),
                   *(play.annotations.values() if play is not None else ())]
    return any(a is not None and not a.alert and ALERT_NAG in a.nags for a in annotations)


KEPT_CALLS = ("PBN has no place for a call that cannot be read or made: the calls another format's reader "
              "kept as written past the legal ones (LIN mb|zz|, an insufficient bid) are written as they "
              "were, in their turns, and the PBN reader reads them back so (the Contract, Declarer and "
              "Result tags and the play say the rest)")
"""What the writer says of the calls another format's reader kept as written past an illegal call or one
that cannot be read (`_kept_tokens`): written, so none is lost, where no PBN token says a call unread."""

KEPT_CARDS = ("PBN has no play without a contract: the cards another format's reader kept as written where "
              "the calls give none to play them in (LIN pc|: the contract left open, the auction "
              "unfinished) are written in the Play section under their "
              "holders, four a trick in the order played, from the holder of the first (the opening leader), "
              "the Contract unknown; the PBN reader keeps them so, as written (PBN -> PBN gives them back), "
              "but with no contract to tell who won each trick they cannot be put back in playing order: "
              "PBN -> LIN names them left out")
"""What the writer says of the cards another format's reader kept with no contract (`_kept_rows`):
written, so none is lost, though a PBN reader needs the contract to play them."""

QUIZ_KEPT = ("PBN 2.1 has no mark for a bidding quiz's blank turn: BridgeComposer's '____' kept as written, "
             "so the lesson reads back as a quiz in BridgeComposer and bridgetools; a reader of PBN 2.1 "
             "alone (endplay) stops at it")
"""What PBN -> PBN says of a quiz's blank (`asks_the_next_call`), kept: the file's own program's form."""


def _heading_replaced(board: Board) -> list[str]:
    """Another program's ``%Creator`` and ``%Created`` lines a board read from PBN came with, which this
    writer's own heading replaces (it writes the file, so its ``%Creator`` says so), named as LIN and RBN
    name them lost."""
    record = board.extra.get(PbnRecord.FORMAT)
    named = record.provenance_named if isinstance(record, PbnRecord) else None
    return [f"{named}: replaced by bridgetools' own"] if named is not None else []


def charset_of(encoding: object) -> str:
    """The charset name (as IANA registers it, which other programs look up) of a stream's encoding:
    the bytes must read back as written, so a Windows-1252 stdout is not declared UTF-8."""
    if not isinstance(encoding, str):
        return "UTF-8"
    name = codec_name(encoding)
    if name is None:
        return encoding
    if name in ("utf-8", "ascii"):  # ASCII bytes are UTF-8 too
        return "UTF-8"
    if m := re.fullmatch(r"iso8859-(\d+)", name):
        return f"ISO-8859-{m[1]}"
    if m := re.fullmatch(r"cp(125\d)", name):
        return f"windows-{m[1]}"
    if m := re.fullmatch(r"cp(\d{3})", name):  # DOS code pages: IBM437, IBM850...
        registered = f"IBM{m[1]}"
        return registered if codec_name(registered) == name else name
    return name.upper()


_BACKSLASH = lazy_compile(r"\\\\(?=[SHDC])|\\[SHDC]|\\")
_BACKSLASH_IN_HEADER = lazy_compile(r"\\\\(?=[SHDC])|\\[SHDC0-9]|\\")


def quote(value: str, widths: bool = False) -> str:
    """A tag value as a PBN string: a quote is ``\\"`` and a backslash ``\\\\``, as §3.3 has them, so
    the reader (`unescape`) gives the value back and a file that escapes its backslashes is written as it
    was (``[Event "a\\\\b"]`` was written ``"a\\b"``).

    The backslashes PBN writes alone are kept so: a suit symbol ``\\S \\H \\D \\C`` and, in a table's
    header (``widths``), a column's width ``\\2R``; so is the ``\\\\`` the reader keeps before a suit's
    letter (a backslash and the letter, ``"C:\\\\Spades"``). The value is read in one pass, as the reader
    reads it. Tabs and line ends, which strings may not hold, become spaces.
    """
    value = one_line(value.replace("\t", " "))
    if "\\" in value:
        value = (_BACKSLASH_IN_HEADER if widths else _BACKSLASH).sub(
            lambda m: m[0] if len(m[0]) == 2 else "\\\\", value)
    return '"' + value.replace('"', '\\"') + '"'


def pbn_name(name: str) -> str:
    """A tag name as PBN writes it: letters, digits and ``_``, starting with a letter."""
    if _TAG_NAME.fullmatch(name):
        return name
    name = re.sub(r"\W", "_", name, flags=re.ASCII)
    return name if name[:1].isalpha() else "X" + name


def tag_line(name: str, value: str) -> str:
    """``[Name "value"]``, with a name from another format made a PBN name (a table's tag, ``...Table``,
    keeps its columns' widths ``\\2R`` as PBN writes them). A value that starts with ``#`` is written
    after ``##`` (§4.8), which a reader takes off: alone, ``#`` would copy the game before's value."""
    if value.startswith("#"):
        value = "##" + value
    return f"[{pbn_name(name)} {quote(value, widths=name.endswith('Table'))}]"



_PLAIN_TAGS: dict[str, Callable[[Board], str | None]] = {
    "Event": lambda b: b.event,
    "Site": lambda b: b.site,
    "Date": lambda b: b.date,
    "Scoring": lambda b: b.scoring,
    "Board": lambda b: None if b.number is None else str(b.number),
    "Dealer": lambda b: None if (dealer := dealer_written(b)) is None else dealer.name,
    "Vulnerable": lambda b: None if b.vulnerability is None else b.vulnerability.pbn,
    "Deal": lambda b: None if b.deal is None else b.deal.to_pbn(
        dealer if (dealer := dealer_written(b)) is not None else Seat.N),
    "Contract": lambda b: None if b.contract is None else str(b.contract),
}
"""Tags whose value is one field of the board, as PBN spells it."""


class _GameWriter:
    def __init__(self, board: Board, notes: Sequence[str] = ()) -> None:
        self.board = board
        self.file_notes = notes
        """The file's ``%`` notes written after the game's own (`write_boards`'s ``header``, first game)."""
        kept_record = board.extra.get("pbn")
        self.record = kept_record if isinstance(kept_record, PbnRecord) else PbnRecord()
        self.raw = self.record.raw
        # The double-dummy table, par and results as tags and tables, the kept ones where they agree
        self.kept_tags, self.kept_tables = recorded_tags(board)
        self.lines: list[str] = []
        self.comments: dict[tuple[Any, ...], list[str]] = {}
        self.wrapped = False
        """Whether a comment line was broken to fit `LINE_LIMIT` (its text reads back otherwise)."""
        self.braces = False
        """Whether another format's comment held a ``}``, which a PBN comment cannot (written ``)``)."""
        self.kept_calls = False
        """Whether another format's calls kept as written were written (`_kept_tokens`)."""
        self.kept_cards = False
        """Whether another format's cards kept as written, with no contract, were written (`_kept_rows`)."""
        self.lower_case_marks = False
        """Whether a LIN comment or explanation had a lower-case suit mark (``@s``), written as ``\\S``."""
        self.notes_full = False
        """Whether an explanation found no note number left (`NOTE_NUMBERS`) and was written as a comment."""
        kept = self.record.comments
        if kept and [comment_text(t) for _, t in kept] == board.commentary:
            for anchor, token in kept:
                self.comments.setdefault(anchor, []).append(self.fitted(_readable_comment(token)))
        else:
            # Commentary the file did not place (another format's, or edited): before the tags when it came
            # before the board (LIN's leading nt), after the call or card it followed in that format (LIN's
            # nt), else after the tags.
            lin_marks = not commentary_written_in(board, "pbn")  # read from LIN: its @S are PBN's \S
            for text, place in zip(board.commentary, commentary_places(board, besides="pbn"), strict=True):
                self.lower_case_marks |= lin_marks and has_lower_case_marks(text)
                text = pbn_suits(text) if lin_marks else text
                self.comments.setdefault(self.anchor_of(place), []).append(self.comment_of(text))

    def unnumbered(self, anchor: tuple[Any, ...], annotation: Annotation) -> None:
        """An explanation no note number was left for (`_note_number`) as a comment right after its call
        or card, so it is kept, not dropped; an empty explanation, which no comment keeps, is said too (an
        alert is the alert NAG, `_from_model`, which needs no number)."""
        if annotation.note is not None or annotation.explanation is None:
            return
        if not annotation.explanation:
            self.notes_full = True
            return
        text = annotation.explanation
        if not explanations_written_in(self.board, "pbn"):  # LIN's !S as PBN's \S, as its notes are
            self.lower_case_marks |= has_lower_case_marks(text, "an")
            text = pbn_suits(text, "an")
        self.comments.setdefault(anchor, []).insert(0, self.comment_of(text))
        self.notes_full = True

    def comment_of(self, text: str) -> str:
        """``text`` as a comment token, a ``}`` in it written ``)`` (noted) and its lines fitted."""
        self.braces |= "}" in text
        return self.fitted(_readable_comment("{" + text.replace("}", ")") + "}"))

    def fitted(self, token: str) -> str:
        """``token`` as `wrapped_comment` writes it, noting whether that broke a line."""
        written = wrapped_comment(token)
        self.wrapped |= written != token
        return written

    def anchor_of(self, place: Place) -> tuple[Any, ...]:
        """Where this writer puts a comment placed before the board (before its tags), with its heading
        (after the tags), after a call or a card, or the board's: after its last card or call, as LIN
        has it after the claim (after the tags when there is neither)."""
        auction, play = self.board.auction, self.board.play
        if place == BEFORE:
            return ("game",)
        if place == AFTER_PLAY and play is not None and play.cards:
            return ("played",)  # after the play section's end, as LIN has it after the claim
        if place == AFTER_PLAY:
            place = None
        if place is None and play is not None and play.cards:
            place = ("card", len(play.cards) - 1)
        elif place is None and auction is not None and auction.calls:
            place = ("call", len(auction.calls) - 1)
        if place is not None and place[0] == "call" and auction is not None:
            if place[1] < 0:
                return ("tag", "Auction")
            if place[1] < len(auction.calls):
                return ("call", place[1])
        if place is not None and place[0] == "card" and play is not None:
            if place[1] < 0:
                return ("tag", "Play")
            if place[1] < len(play.cards):
                trick, index = divmod(place[1], 4)
                seat = play.trick_list[trick].leader.offset(index)
                return ("card", trick, (seat - play.opening_leader) % 4)
        return ("fallback",)

    def emit_comments(self, *anchor: Any) -> None:
        for token in self.comments.get(anchor, ()):
            self.lines.extend(token.split("\n"))

    # Identification ----------------------------------------------------------------------
    def mandatory(self, name: str) -> str:
        """The value of one of the seven mandatory tags (and Contract, Declarer, Result): the model's,
        else the file's raw text, else its `placeholder` (``?``, or ``""`` for a fact nothing gives)."""
        value = self.model_value(name)
        if name == "Deal" and deal_as_written(written := self.raw.get(name, ""), self.board.deal):
            return written  # a hand in it could not be read: back as it was, as LIN's md
        return self.raw.get(name, placeholder(self.board, name)) if value is None else value

    def model_value(self, name: str) -> str | None:
        b = self.board
        if name in _PLAIN_TAGS:
            return _PLAIN_TAGS[name](b)
        if name in PLAYER_TAGS:
            return b.players.get(PLAYER_TAGS[name])
        if name == "Declarer":
            # A declarer or result the file gives a passed-out board is its own (and an issue)
            if b.declarer is not None:
                return ("^" if self.record.declarer_irregular else "") + b.declarer.name
            return "" if b.is_passed_out else None
        if name == "Result":
            if b.tricks is not None:
                return ("^" if self.record.result_irregular else "") + str(b.tricks)
            return "" if b.is_passed_out else self.record.result_sides
        return None

    def identification(self) -> None:
        self.lines.extend(self.record.game_escapes)
        self.lines.extend(self.file_notes)
        self.emit_comments("game")
        for name in MANDATORY_TAGS:
            self.lines.append(tag_line(name, self.mandatory(name)))
            self.emit_comments("tag", name)
        tags = dict(self.kept_tags)
        tags.pop(UNALERTED_TAG, None)  # earlier bridgetools' mark of explained calls not alerted: $15 now
        if self.board.room is not None and "Room" not in tags:
            tags["Room"] = self.board.room.capitalize()
        for name in tags:  # in the board's order: a file's own, so it reads back the same
            if name in MANDATORY_TAGS or name in ("Auction", "Play", "Note") or name in self.kept_tables:
                continue
            self.lines.append(tag_line(name, tags[name]))
            self.emit_comments("tag", name)
        self.emit_comments("fallback")

    # Auction ------------------------------------------------------------------------------
    def calls(self) -> None:
        """The auction's call tokens and notes, made before the tags."""
        auction = self.board.auction
        self.auction_notes = dict(self.board.notes)
        self.written: list[str] = []
        if auction is None:
            return
        taken = _referred_to(auction.annotations)
        written = _raw_items(self.record.auction, [str(c) for c in auction.calls])
        if written is None:
            written = []
            for c, a in zip(auction.calls, auction.annotations, strict=True):
                if a:
                    a = replace(a, note=_note_number(self.auction_notes, a, taken))
                    self.unnumbered(("call", len(written)), a)
                written.append(_from_model(str(c), a))
            kept = _kept_tokens(self.board) if self.record.auction is None else None
            self.kept_calls = kept is not None
            for text, annotation in kept or ():
                if annotation:
                    number = _note_number(self.auction_notes, annotation, taken)
                    annotation = replace(annotation, note=number)
                    self.unnumbered(("call", len(written)), annotation)
                written.append(_from_model(text, annotation))
        self.written = written

    def auction(self) -> None:
        board, record = self.board, self.record
        auction = board.auction
        notes, written = self.auction_notes, self.written
        if auction is None:
            if record.auction_seat is not None:
                self.lines.append(tag_line("Auction", record.auction_seat))
                self.emit_comments("tag", "Auction")
            self.notes("auction", notes)  # a Note with no calls to explain is still the file's
            return
        end = record.auction_end
        if not written and end is None:
            seat = record.auction_seat
            self.lines.append(tag_line("Auction", auction.dealer.name if seat is None else seat))
            self.emit_comments("tag", "Auction")
            self.notes("auction", notes)
            return
        self.lines.append(tag_line("Auction", auction.dealer.name))
        self.emit_comments("tag", "Auction")
        self.emit_comments("auction")
        if end is None and not self.kept_calls:  # calls kept as written end in no mark, as PBN's own
            end = default_auction_end(board, record)
        self.body([("call", i) for i in range(len(written))], written, 4, end)
        self.notes("auction", notes)

    def notes(self, home: str, notes: dict[int, str]) -> None:
        """Note tags in number order, each followed by its comments; the explanations of a board read
        from another format (LIN's ``an|5+ !S|``) with PBN's suit escapes (``5+ \\S``)."""
        lin_marks = not explanations_written_in(self.board, "pbn")
        for number in sorted(notes):
            self.lower_case_marks |= lin_marks and has_lower_case_marks(notes[number], "an")
            text = pbn_suits(notes[number], "an") if lin_marks else notes[number]
            kept = self.record.note_values.get(f"{home} {number}")
            self.lines.append(tag_line("Note", note_value(number, text, kept)))
            self.emit_comments("note", home, str(number))

    def body(self, anchors: list[tuple[Any, ...]], tokens: list[str], per_line: int, end: str | None) -> None:
        """Tokens ``per_line`` to a line, each followed by its comments, a line ended early where the
        next comment would take it past `LINE_LIMIT` or a ``;`` comment ends it; then the end mark."""
        line = ""
        for i, (anchor, token) in enumerate(zip(anchors, tokens, strict=True)):
            for piece in (token, *self.comments.get(anchor, ())):
                line = self.continued(line, piece)
            if (i + 1) % per_line == 0 and line:
                self.lines.append(line)
                line = ""
        if line:
            self.lines.append(line)
        if end:
            self.lines.append(end)

    def continued(self, line: str, piece: str) -> str:
        """The line being written with ``piece`` (a token or a comment) after it, the lines it
        completes written: a piece that would take the line past `LINE_LIMIT` starts a new one."""
        first, *more = piece.split("\n")
        if line and len(line) + 1 + len(first) > LINE_LIMIT:
            self.lines.append(line)
            line = ""
        line = f"{line} {first}" if line else first
        for text in more:
            self.lines.append(line)
            line = text
        if piece.startswith(";"):  # the comment runs to the line end: nothing may follow it
            self.lines.append(line)
            line = ""
        return line

    # Play ----------------------------------------------------------------------------------
    def play(self) -> None:
        board, record = self.board, self.record
        play = board.play
        if play is None:
            if record.play_rows is not None:
                self.raw_play(record.play_rows)
            elif (kept_rows := _kept_rows(board)) is not None:
                self.kept_cards = True
                self.raw_play(*kept_rows)
            elif record.play_seat is not None:
                self.lines.append(tag_line("Play", record.play_seat))
                self.emit_comments("tag", "Play")
            self.emit_comments("played")
            return
        notes = dict(record.play_notes)
        kept = record.play_rows
        if kept is not None and known_cards(kept) > len(play.cards):
            self.raw_play(kept)
            return
        leader = play.opening_leader
        anchors: list[tuple[Any, ...]] = []
        tokens: list[str] = []
        index = 0
        taken = _referred_to(play.annotations.values())
        for t, trick in enumerate(play.trick_list):
            row = ["-"] * 4
            for i, card in enumerate(trick.cards):
                col = (trick.leader.offset(i) - leader) % 4
                annotation = play.annotations.get(index)
                if annotation:
                    annotation = replace(annotation, note=_note_number(notes, annotation, taken))
                    self.unnumbered(("card", t, col), annotation)
                row[col] = _from_model(str(card), annotation, CARD_NAG_OFFSET)
                index += 1
            _add_trick_row(anchors, tokens, t, row)
        self.adopt_orphan_comments(anchors)
        self.lines.append(tag_line("Play", leader.name))
        self.emit_comments("tag", "Play")
        self.emit_comments("play")
        end = default_play_end(self.board, record) if record.play_end is None else record.play_end
        if end == "+" and not play.is_complete:
            _next_card_slot(play, anchors, tokens)
            end = None
        self.body(anchors, tokens, 4, end)
        self.notes("play", notes)
        self.emit_comments("played")

    def adopt_orphan_comments(self, anchors: list[tuple[Any, ...]]) -> None:
        """Comments on card slots the export does not write (the ``- - - -`` rows after the last
        card played) go after the last slot written, or before the play: never lost."""
        written = set(anchors)
        orphans = sorted(k for k in self.comments if k[0] == "card" and k not in written)
        home = anchors[-1] if anchors else ("play",)
        for anchor in orphans:
            self.comments.setdefault(home, []).extend(self.comments.pop(anchor))

    def raw_play(self, rows: tuple[tuple[Token, ...], ...], leader: str | None = None) -> None:
        """The play section as the file wrote it (the model could not replay all of it), or as another
        format's reader kept its cards (`_kept_rows`, from ``leader``)."""
        self.lines.append(tag_line("Play", leader or self.record.play_seat or ""))
        self.emit_comments("tag", "Play")
        self.emit_comments("play")
        anchors: list[tuple[Any, ...]] = []
        tokens: list[str] = []
        for t, row in enumerate(rows):
            cells = [_from_raw(item, CARD_NAG_OFFSET) for item in row] + ["-"] * (4 - len(row))
            _add_trick_row(anchors, tokens, t, cells)
        end = self.record.play_end
        if end is None:
            end = "*" if leader is not None else default_play_end(self.board, self.record)
        # The '+' kept in its slot (with any NAG written after it) is the end mark already
        if end == "+" and any(t.split(" ", 1)[0] == "+" for t in tokens):
            end = None
        self.body(anchors, tokens, 4, end)
        self.notes("play", dict(self.record.play_notes))
        self.emit_comments("played")

    # Tables --------------------------------------------------------------------------------
    def tables(self) -> None:
        for name in sorted(self.kept_tables):
            table = self.kept_tables[name]
            header = ";".join(table.columns)
            if ";" not in header and any(c.isspace() for c in header):
                header += ";"  # one column whose name has spaces: not columns split at the spaces
            self.lines.append(tag_line(name, header))
            self.emit_comments("tag", name)
            self.lines.extend(table_lines(table))

    def lines_of_game(self) -> list[str]:
        self.calls()
        self.identification()
        self.auction()
        self.play()
        self.tables()
        return self.lines


def _add_trick_row(anchors: list[tuple[Any, ...]], tokens: list[str], trick: int, cells: list[str]) -> None:
    """Trick ``trick``'s row of cells added to the Play section's ``tokens``, each of its four places among
    the comments' ``anchors`` (``("card", trick, column)``): one piece of code for every row written."""
    anchors.extend(("card", trick, col) for col in range(4))
    tokens.extend(cells)


def _next_card_slot(play: Play, anchors: list[tuple[Any, ...]], tokens: list[str]) -> None:
    """The ``+`` of a play to be continued put in the slot of the player to play next (§3.6: it stands
    for the next card, mid-row when a trick is under way; a row of ``-`` begun for it after a completed
    trick): no end mark follows it."""
    if not play.current_trick.cards:
        _add_trick_row(anchors, tokens, len(tokens) // 4, ["-"] * 4)
    tokens[len(tokens) - 4 + (play.turn - play.opening_leader) % 4] = "+"


def table_lines(table: Table) -> list[str]:
    """One line per row; cells padded to their column's minimum width (``\\5R``), names quoted."""
    widths: list[tuple[int, str]] = []
    for spec in table.columns:
        m = re.search(r"\\(\d+)([LR]?)$", spec)
        widths.append((int(m.group(1)), m.group(2) or "L") if m else (0, "L"))
    lines = []
    for row in table.rows:
        cells = []
        for i, cell in enumerate(row):
            text = quote(cell) if not cell or _NEEDS_QUOTES.search(cell) else cell
            width, align = widths[i] if i < len(widths) else (0, "L")
            cells.append(text.rjust(width) if align == "R" else text.ljust(width))
        lines.append(" ".join(cells).rstrip())
    return lines


def _readable_comment(token: str) -> str:
    """A ``{}`` comment that reads back as itself: blank lines before a line with a lone tag are
    left out, since a reader (ours, `LONE_TAG`) takes a blank line followed by such a line as the
    end of a comment never closed and starts a new game at the tag. Blank lines after the last
    lone tag (lesson text quoting a ``[Deal]``, then its paragraphs) are kept."""
    lines = token.split("\n")
    last = max((i for i, line in enumerate(lines) if LONE_TAG.match(line)), default=-1)
    if len(lines) < 3 or last < 0:
        return token
    return "\n".join(line for i, line in enumerate(lines) if i > last or line.strip())


def wrapped_comment(token: str) -> str:
    """A ``{}`` comment whose lines fit `LINE_LIMIT`: a longer line is broken at spaces, each space
    broken at becoming a line end (white space to a reader, as the space was); a word longer than a
    line stays whole on a line of its own."""
    if not token.startswith("{") or all(len(line) <= LINE_LIMIT for line in token.split("\n")):
        return token
    return "\n".join(piece for line in token.split("\n") for piece in _wrapped_line(line))


def _wrapped_line(line: str) -> list[str]:
    """One line of a comment as lines within `LINE_LIMIT` where spaces allow (see `wrapped_comment`)."""
    pieces = []
    while len(line) > LINE_LIMIT:
        # A space to break at, not one before % or [ (a line a reader could take for an escape or a tag)
        spaces = [i for i, c in enumerate(line[:-1]) if c == " " and i > 0 and line[i + 1] not in "%["]
        fitting = [i for i in spaces if i <= LINE_LIMIT]
        cut = fitting[-1] if fitting else next((i for i in spaces if i > LINE_LIMIT), None)
        if cut is None:
            break
        pieces.append(line[:cut])
        line = line[cut + 1:]
    pieces.append(line)
    return pieces


def _kept_rows(board: Board) -> tuple[tuple[tuple[Token, ...], ...], str] | None:
    """The cards another format's reader kept as written with no contract to play them in (`cards_kept`:
    LIN's ``pc`` after calls that leave it open) as Play rows, four cards a trick in the order played,
    each under its holder, from the seat that holds the first (the opening leader), and that seat; None
    when none is kept, there is no deal, or a card is in no known hand, played twice, or a trick has two
    of one hand's."""
    cards, deal = cards_kept(board), board.deal
    if not cards or deal is None:
        return None  # no hands to seat them by
    holders = [deal.holder(card) for card in cards]
    if None in holders or len(set(cards)) < len(cards):
        return None
    leader = holders[0]
    assert leader is not None
    rows: list[tuple[Token, ...]] = []
    for start in range(0, len(cards), 4):
        row: list[Token] = [("-", None, (), None)] * 4
        for card, seat in zip(cards[start:start + 4], holders[start:start + 4], strict=True):
            assert seat is not None
            column = (seat - leader) % 4
            if row[column][0] != "-":
                return None
            row[column] = (str(card), None, (), None)
        rows.append(tuple(row))
    return tuple(rows), leader.name


def _kept_tokens(board: Board) -> list[tuple[str, Annotation | None]] | None:
    """The calls another format's reader kept as written (`calls_kept`: LIN's ``mb|zz|`` and the calls
    after it) as PBN tokens with their alerts and explanations: a call in PBN's spelling, one that cannot
    be read as written, read back by the PBN reader as a call it cannot read, the rest kept as written.
    None when there are none, or one that cannot be read is no plain word (a PBN mark or a call there)."""
    tokens: list[tuple[str, Annotation | None]] = []
    for kept in calls_kept(board):
        text = str(kept.call) if kept.call is not None else kept.written
        if kept.call is None and (not _PLAIN_WORD.fullmatch(text) or text.upper() in ("AP", "ALL")
                                  or _reads_as_call(text)):
            return None
        annotation = Annotation(alert=True, explanation=kept.explanation) if kept.alert \
            else Annotation(explanation=kept.explanation) if kept.explanation is not None else None
        tokens.append((text, annotation))
    return tokens or None


_PLAIN_WORD = lazy_compile(r"[A-Za-z0-9]+")
"""A word the PBN reader takes as one token, no mark (``=1=``, ``$3``, ``!``, ``*``, ``-``) in it."""


def _reads_as_call(text: str) -> bool:
    """Whether the PBN reader reads ``text`` as a call (``p`` in LIN is unreadable there; here a pass)."""
    try:
        call_of(text)
    except BridgeError:
        return False
    return True


def _referred_to(annotations: Iterable[Annotation | None]) -> frozenset[int]:
    """The note numbers a section's calls or cards already refer to, with or without a Note tag: no new
    explanation takes one, or that call or card would read as explained by it."""
    return frozenset(a.note for a in annotations if a is not None and a.note is not None)


def _note_number(
    notes: dict[int, str], annotation: Annotation, taken: frozenset[int] = frozenset()
) -> int | None:
    """The note number for an annotated call or card, adding a Note for an explanation if needed
    (one alerted without explanation takes no note, only the alert NAG); None when the section's
    `NOTE_NUMBERS` are all taken by other texts or by references (``taken``: the writer gives the
    explanation as a comment)."""
    if annotation.note is not None:
        if annotation.note not in notes and annotation.explanation is not None:
            notes[annotation.note] = annotation.explanation
        return annotation.note
    if annotation.explanation is not None:
        number = _free_note_number(notes, annotation.explanation, taken)
        if number is not None:
            notes[number] = annotation.explanation
        return number
    return None


def _free_note_number(notes: dict[int, str], text: str, taken: frozenset[int] = frozenset()) -> int | None:
    """The number a new note saying ``text`` takes: the next after the highest, as a file's own notes
    run on; past `NOTE_NUMBERS` (a lesson's notes numbered up to 31, bid on) a note saying the same
    already, else the lowest number free, else None: a reference past 32 is no PBN."""
    following = max(notes.keys() | taken, default=0) + 1
    if following in NOTE_NUMBERS:
        return following
    same = (n for n in sorted(notes) if n in NOTE_NUMBERS and notes[n] == text)
    free = (n for n in NOTE_NUMBERS if n not in notes and n not in taken)
    return next(same, None) or next(free, None)


def _from_model(
    text: str,
    annotation: Annotation | None,
    nag_offset: int = 0,
) -> str:
    """A call or card, numbered by `_note_number`, with its note reference and NAGs in export order
    (§3.5.2); an alerted call or card with the alert NAG $15 (a note reference is its explanation, no
    alert: PBN has none, and §3.7 leaves $15 free in the auction and the play alike), and one not alerted
    without it, whatever NAGs it holds (`unalerted_nag_15` says so)."""
    if not annotation:
        return text
    parts = [text]
    if annotation.note is not None:
        parts.append(f"={annotation.note}=")
    nags = set(annotation.nags) - {ALERT_NAG}  # $15 is the alert: a NAG 15 of one not alerted is left out
    if annotation.alert:
        nags.add(ALERT_NAG)
    if annotation.suffix in SUFFIX_NAGS:
        nags.add(SUFFIX_NAGS[annotation.suffix] + nag_offset)
    parts.extend(f"${n}" for n in sorted(nags))
    return " ".join(parts)


def _from_raw(item: Token, nag_offset: int = 0) -> str:
    """A call or card kept as written ([text, note, nags, irregular]) in export order."""
    text, note, nags, irregular = item
    parts = [f"^{irregular}" + text if irregular and irregular != "S" else text]
    if note is not None:
        parts.append(f"={note}=")
    parts.extend(f"${n}" for n in sorted(nags))
    return " ".join(parts)


def _raw_items(kept: tuple[Token, ...] | None, model_calls: list[str]) -> list[str] | None:
    """The auction as written, when the file's calls go past what the Laws allowed (kept in the
    record) and the model still holds the legal start of them."""
    if kept is None:
        return None
    from bridgetools.model import Call

    written = []
    for i, item in enumerate(kept):
        if i < len(model_calls):
            try:
                same = str(Call.parse(item[0])) == model_calls[i]
            except ValueError:
                same = False
            if not same:
                return None
        written.append(_from_raw(item))
    return written if len(kept) >= len(model_calls) else None
