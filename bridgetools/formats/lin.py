"""LIN, BBO's hand-record format: `code|value|` pairs read into `Board`s and written back (formats.md §8).

Reading streams: the text is cut into chunks at pair boundaries, each chunk is scanned for the pairs
the grammar ``grammars/lin.lark`` defines (`bridgetools.formats.lin_pairs`), and the pairs are grouped
into boards as they come, by the grammar's classes of codes, so memory stays flat whatever the file
size (a vugraph match's first blocks are held until their calls show where its ``rs`` entries start:
`_ResultsPlaced`). Line ends are not syntax. A board opens at ``qx``, at a four-name ``pn`` or at a
second ``md``, and at an ``nt`` where no board is open (a lesson's introduction: the board's comment
before it); ``vg``, ``rs`` and an eight-name ``pn`` form a vugraph header that every following board
carries (its rooms take their players from it).

What the model does not interpret (``st``, ``rh``, ``pg``, lesson and display codes, unknown codes,
the heading's order, the vugraph header) is kept in a `LinRecord` in ``board.extra["lin"]``, each
pair in its place, so LIN -> LIN loses nothing. What the writer (`bridgetools.formats.lin_write`)
produces anyway, `canonical_lin_layout`, is left out of it, so a board written as LIN and read back
is equal to the original.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO

from bridgetools._words import excerpt, plural
from bridgetools.board import Board
from bridgetools.errors import (
    NOTE,
    BridgeError,
    IllegalPlayError,
    Issue,
    NotationError,
    ParseError,
    shifted,
    value_column,
)
from bridgetools.formats import SUFFIXES
from bridgetools.formats._cards import card_of
from bridgetools.formats._deal_checks import (
    CLAIM_RULED,
    HAND_READ_AS_UNKNOWN,
    RESULT,
    BoardsSeen,
    disagreement_kind,
    malformed,
    refusal_kind,
    result_ruled_on_claim,
    uneven_hands,
)
from bridgetools.formats._law77 import played_alike, same_play
from bridgetools.formats._losses import calls_kept_words, deal_kept, whose_loss
from bridgetools.formats._problems import (
    Reporter,
    read_as_unknown,
    tricks_read_as_unknown,
    unknown_tricks_unless_given,
)
from bridgetools.formats._suit_marks import escaped_backslashes
from bridgetools.formats.lin_calls import (
    Outcome,
    call_columns,
    calls_as_written,
    contract_of_calls,
    is_one_call,
    outcomes_named,
    outcomes_past_unread,
    parse_calls,
)
from bridgetools.formats.lin_codes import (
    BOARD_HEADING,
    LIN_SEATS,
    NUMBERLESS_HEADING,
    QX,
    SCORING_NAMES,
    Event,
    LinRecord,
    _names_to_players,
    block_names,
    call_text,
    canonical_lin_layout,
    canonical_qx,
    header_covers_players,
    kept_call_events,
    lin_record,
    match_names,
    md_value,
    parse_result,
    read_layout,
    result_entry,
    rs_entry_head,
    vg_problems,
    vg_tags,
    vg_unread,
)
from bridgetools.formats.lin_pairs import Pair, grammar, read_pairs
from bridgetools.formats.lin_results import (
    BlockOutcome,
    board_list,
    entry_board,
    entry_index,
    lin_held_for_others,
    placed_first,
    results_grown,
)
from bridgetools.model import Annotation, Call, Card, Contract, Deal, Hand, Seat, Vul, parse_holding
from bridgetools.model.cards import SUITS_DISPLAY_ORDER
from bridgetools.model.hand import hands_read
from bridgetools.rules import Auction, Play

EXTENSIONS = SUFFIXES["lin"]
COMMENTARY_IS_A_RECORD = True
"""A record of ``nt`` commentary alone (a lesson's introduction) is one: ``nt`` is LIN's own code, never
what text of another format becomes."""

_CODE = re.compile(r"[A-Za-z][A-Za-z0-9]")
def sniff(head: str) -> bool:
    """Whether text starting with ``head`` looks like LIN: a two-letter code and a bar."""
    return _CODE.match(head.lstrip("\ufeff \t\r\n")[:3]) is not None and "|" in head[:40]


# Reading: values ------------------------------------------------------------------------------


def parse_md(value: str) -> tuple[Seat | None, Deal | None]:
    """Dealer and deal from an ``md`` value: dealer digit (1=S 2=W 3=N 4=E), then hands S,W,N,E.

    Three hands give East the rest; ranks may come in any order; short (lesson) hands make a
    partial deal. Raises `BridgeError` saying what is wrong.
    """
    dealer, deal, bad = read_md(value)
    if bad:
        raise bad[0]
    return dealer, deal


def read_md(value: str) -> tuple[Seat | None, Deal | None, list[NotationError]]:
    """As `parse_md`, but a hand that cannot be read is unknown and its problem (placed in ``value``)
    given back, not raised: the other hands stand, and none is given the rest (the file said another
    hand). Raises `BridgeError` for a bad dealer digit, more than four hands or a card in two hands."""
    dealer, text = _md_dealer(value)
    parts = text.split(",")
    if len(parts) > 4:
        if any(p.strip() for p in parts[4:]):
            raise BridgeError(f"bad md {value!r}: more than four hands")
        parts = parts[:4]
    at = len(value) - len(value.lstrip()) + len(value.strip()) - len(text)  # where the hands start
    starts = itertools.accumulate((len(part) + 1 for part in parts), initial=at)
    hands, bad = hands_read(value, (
        (seat, start, functools.partial(_md_hand, part, seat, start, value) if part.strip() else None)
        for seat, part, start in zip(LIN_SEATS, parts, starts, strict=False)))
    if not any(h is not None for h in hands.values()):
        return dealer, None, bad
    try:
        deal = Deal(hands)
    except BridgeError as e:
        raise BridgeError(f"bad md {value!r}: {e}") from None
    return dealer, deal if bad else deal.completed(), bad


def _md_hand(part: str, seat: Seat, at: int, value: str) -> Hand:
    """The hand ``part`` of an ``md`` ``value`` gives ``seat``, starting ``at`` in it: a problem in it is
    placed in the whole value, for its column."""
    try:
        return parse_lin_hand(part, seat)
    except NotationError as e:
        raise shifted(e, at, value) from None


def _md_dealer(value: str) -> tuple[Seat | None, str]:
    """The dealer an ``md`` value's digit gives (none for ``0``, a lesson page's deal shown again, or no
    digit), and the hands' text after it; raises `BridgeError` for another digit."""
    text = value.strip()
    if not text[:1].isdigit():
        return None, text
    if text[0] == "0":
        return None, text[1:]
    if text[0] not in "1234":
        raise BridgeError(f"bad md {value!r}: dealer digit {text[0]!r} is not 1 (S), 2 (W), 3 (N) or 4 (E)")
    return LIN_SEATS[int(text[0]) - 1], text[1:]


def parse_lin_hand(text: str, seat: Seat) -> Hand:
    """A hand written ``S<ranks>H<ranks>D<ranks>C<ranks>`` (suits in any order, a void left out)."""
    holdings = {s: 0 for s in SUITS_DISPLAY_ORDER}
    parts = re.split(r"([SHDCshdc])", text.strip())
    if parts[0].strip():
        raise NotationError(f"bad hand {text!r} for {seat.full_name}: ranks before the first suit letter",
                            text, len(text) - len(text.lstrip()))
    at = len(text) - len(text.lstrip()) + len(parts[0])  # where the next suit letter is in ``text``
    for letter, ranks in zip(parts[1::2], parts[2::2], strict=True):
        suit = SUITS_DISPLAY_ORDER["SHDC".index(letter.upper())]
        try:
            holdings[suit] |= parse_holding(ranks, f"{suit.full_name} of {seat.full_name}")
        except NotationError as e:
            raise shifted(e, at + 1, text) from None
        at += 1 + len(ranks)
    return Hand.from_holdings(*(holdings[s] for s in SUITS_DISPLAY_ORDER))


def parse_vul(value: str) -> Vul:
    """An ``sv`` value: BBO's ``o``/``0``, ``n``, ``e``, ``b``, or any spelling `Vul.parse` knows."""
    try:
        return Vul.parse(value)
    except BridgeError:
        raise BridgeError(f"not a vulnerability: {value!r} (expected o, n, e, b or 0)") from None


# Reading: boards ------------------------------------------------------------------------------


class _Header:
    """The vugraph header in force: its raw pairs, the match line, results and eight names, and the
    commentary among its pairs (``vg|...|nt|Welcome|rs|...``) that its first board has yet to take."""

    def __init__(self) -> None:
        self.pairs: list[tuple[str, str]] = []
        self.vg: list[str] = []
        self.results: list[str] = []
        self.results_pair: Pair | None = None  # the rs pair, where a wrong entry's problem is placed
        self.vg_pair: Pair | None = None  # the vg pair, where a first board the boards contradict is told
        self.placed: int | None = None  # the first board of the rs entries, where the boards show another
        self.names: list[str] = []
        self.intro: list[str] = []

    def add(self, pair: Pair) -> _Header:
        """A header with ``pair`` added (``vg`` starts a new one); the old one is left as it was."""
        code = pair.code.lower()
        new = _Header()
        if code != "vg":
            new.pairs, new.vg = list(self.pairs), self.vg
            new.results, new.names, new.intro = self.results, self.names, self.intro
            new.results_pair, new.vg_pair, new.placed = self.results_pair, self.vg_pair, self.placed
        new.pairs.append((pair.code, pair.value))
        if code == "vg":
            new.vg, new.vg_pair = [f.strip() for f in pair.value.split(",")], pair
        elif code == "rs":
            new.results, new.results_pair = pair.value.split(","), pair
        elif code == "pn":
            new.names = match_names(pair.value)[0]
        return new

    def with_commentary(self, builder: _BoardBuilder) -> _Header:
        """This header with the pairs of ``builder``, a record of commentary alone that the header's next
        pair shows to stand inside it: kept among the header's pairs, where LIN -> LIN writes them, and its
        comments the first board's, before it (a lesson's or a match's introduction)."""
        new = self
        for pair in builder.leading:
            new = new.add(pair)
        new.intro = [*self.intro, *builder.board.commentary]
        return new

    def opened(self, builder: _BoardBuilder) -> _Header:
        """This header once ``builder``, its next board, has taken the commentary it held (`intro`)."""
        if not self.intro:
            return self
        builder.take_intro(self.intro)
        new = copy.copy(self)
        new.intro = []
        return new

    def first_board(self) -> int | None:
        """The first board its ``vg`` names, as written."""
        if len(self.vg) > 3 and self.vg[3].isdecimal():
            return int(self.vg[3])
        return None

    def board_numbers(self) -> tuple[int, ...] | None:
        """The board of each pair of ``rs`` entries its ``bn`` lists (`board_list`), None without one."""
        return board_list(self.pairs)

    def results_first(self) -> int | None:
        """The board the ``rs`` entries start at: the one the boards show (`_ResultsPlaced`), else vg's."""
        return self.placed if self.placed is not None else self.first_board()

    def placed_at(self, first: int) -> _Header:
        """This header with its ``rs`` entries read from board ``first`` (itself when vg says so)."""
        if first == self.results_first():
            return self
        new = copy.copy(self)
        new.placed = None if first == self.first_board() else first
        return new


class _BoardBuilder(Reporter):
    """The pairs of one board, turned into a `Board` when the board ends."""

    def __init__(self, header: _Header, source: str, strict: bool) -> None:
        super().__init__(source, strict)
        self.header = header
        self.board = Board()
        self.layout: list[str] = []
        self.events: list[Event] = []
        self.raw: dict[str, str] = {}
        self.k = 0  # modelled pairs so far
        self.auction: Auction | None = None
        self.auction_broken = False
        self.last_call_k = -1
        self.play: Play | None = None
        self.play_broken = False
        self.qx_number: int | None = None
        self.place: int | None = None  # its place under an rs no vg numbers, its entry (`_ResultsListed`)
        self.ah_number: int | None = None
        self.has_calls = False
        self.has_cards = False
        self.unread_values: list[str] | None = None
        """The ``mb`` values from one that cannot be read on, as written: what the contract is read from
        (`after_unread`); None without one, or past an illegal call."""
        self.unread_at: Pair | None = None  # the first call that cannot be read
        self.md_text: str | None = None  # the board's md, even one that could not be read
        self.leading: list[Pair] = []  # the pairs before the first modelled one, as written
        self.named_at: Pair | None = None  # the ah (else md) pair: where a number's other deal is told

    # What opens a new board ----------------------------------------------------------------
    def opened_by(self, code: str, value: str) -> bool:
        """Whether a ``code`` pair here belongs to a new board rather than this one.

        A lesson page that shows the same deal again (``md|0...``) stays in its board.
        """
        played = self.has_calls or self.has_cards
        has_md = self.md_text is not None
        if code == "qx":
            return played or has_md or "qx" in self.layout
        if code == "pn":  # a vugraph block may name its players after its qx and md
            return played or "pn" in self.layout or (has_md and "qx" not in self.layout)
        if code == "md" and self.md_text is not None:
            return played or _hands_text(value) != _hands_text(self.md_text)
        if code == "ah" and self.ah_number is not None and (has_md or played):
            # ``ah|Board 2|md|...``: a converter that heads each board before its deal
            m = BOARD_HEADING.fullmatch(value)
            return m is not None and int(m.group(1)) != self.ah_number
        return False

    def holds_commentary_alone(self) -> bool:
        """Whether this record is commentary (``nt``) and nothing the model holds: what an ``nt`` opened
        where no board was open, until a board's first pair comes."""
        return self.k == 0 and any(pair.code.lower() == "nt" for pair in self.leading)

    def take_intro(self, comments: list[str]) -> None:
        """``comments``, said before this board in its vugraph header, as its comments before it."""
        self.board.commentary[:0] = comments
        self.events[:0] = [(0, "nt", None)] * len(comments)

    def names_its_room(self) -> bool:
        """Whether a ``pn`` here names this board's players: a ``qx`` block that has no ``pn`` yet and
        no calls or cards (an eight-name ``pn`` there is the block's own, not a new header)."""
        return "qx" in self.layout and "pn" not in self.layout and not (self.has_calls or self.has_cards)

    # Pairs ---------------------------------------------------------------------------------
    def feed(self, pair: Pair) -> None:
        code = pair.code.lower()
        if self.k == 0:
            self.leading.append(pair)
        try:
            handler = _HANDLERS.get(code)
            if handler is None or not handler(self, pair):
                self.literal(pair)
        except ParseError:  # strict reading stopped at a problem already placed and said
            raise
        except BridgeError as e:
            column, message = value_column(pair.value_column, pair.value, e)
            self.pair_problem(message, pair, unread="deal" if pair.code == "md" else None, column=column,
                              syntax=malformed(e))  # a value that cannot be read, not cards that clash
            self.literal(pair)

    def literal(self, pair: Pair) -> None:
        self.events.append((self.k, pair.code, pair.value))

    def pair_problem(self, message: str, pair: Pair, unread: str | None = None, about: str | None = None,
                     column: int | None = None, kind: str | None = None, level: str = "warning",
                     syntax: bool = False) -> None:
        """A problem with ``pair``, shown as the pair's text, placed at its code or ``column`` (``unread``:
        the board's field it leaves unknown; ``about``: the part of the board it is in, by default that
        of the pair's code; ``kind``: the check that found it; ``level``: `NOTE` for a note; ``syntax``: the
        value cannot be read, `Issue.syntax`)."""
        self.problem(message, pair.line, column or pair.column, context=f"{pair.code}|{pair.value[:40]}|",
                     unread=unread, about=about or _PART_OF_CODE.get(pair.code.lower()), kind=kind,
                     level=level, syntax=syntax)

    def head(self, code: str) -> bool:
        """Note a heading code; False (keep it raw) when this board already had one."""
        if code in self.layout:
            return False
        self.layout.append(code)
        self.k += 1
        return True

    def on_pn(self, pair: Pair) -> bool:
        if "pn" in self.layout:
            return False
        header = self.header.names if self.board.room in ("open", "closed") else []
        names, wrong = block_names(pair.value, self.board.room, header)
        if wrong is not None:
            self.pair_problem(f"pn {wrong}", pair, column=pair.value_column + len(pair.value))
        self.board.players = _names_to_players(names)
        if pair.value.count(",") != 3:  # not the four names the writer writes: kept as the block said it
            self.raw["pn"] = pair.value
        return self.head("pn")

    def on_qx(self, pair: Pair) -> bool:
        if "qx" in self.layout:
            return False
        m = QX.fullmatch(pair.value)
        if m:
            letter = m.group(1).lower()
            self.board.room = {"o": "open", "c": "closed"}.get(letter)
            self.qx_number = int(m.group(2))
        if not m or canonical_qx(self.board.room, self.qx_number) != pair.value:
            self.raw["qx"] = pair.value
        return self.head("qx")

    def on_md(self, pair: Pair) -> bool:
        if self.md_text is not None:
            return False
        self.md_text = pair.value
        self.named_at = self.named_at or pair
        try:
            self.board.dealer, self.board.deal, bad = read_md(pair.value)
        except BridgeError as e:
            digit = pair.value.strip()[:1]
            if digit in ("1", "2", "3", "4"):  # the hands are bad, the dealer digit is not
                self.board.dealer = LIN_SEATS[int(digit) - 1]
            elif digit.isdigit() and digit != "0":  # a dealer given, unreadable: not the number's
                self.board.set_unknown("dealer")
                raise BridgeError(f"{e}{read_as_unknown()} (calls, if any follow, start with Law 2's "
                                  "dealer)") from None
            raise
        self.uneven_hands(pair, bad)
        self.hand_filled(pair)
        for error in bad:  # the md kept as written, so that LIN -> LIN gives the hand back as it was
            column, message = value_column(pair.value_column, pair.value, error)
            self.pair_problem(message + HAND_READ_AS_UNKNOWN, pair, column=column,
                              unread="deal", kind=refusal_kind(error), syntax=malformed(error))
        return not bad and self.head("md")

    def hand_filled(self, pair: Pair) -> None:
        """Note a hand the ``md`` leaves out that is not its last (East's, which BBO leaves out as a rule),
        given the cards the other three leave: those are its cards, but the file did not say them (another
        format's hand that could not be read, written so), so the reader says so."""
        deal = self.board.deal
        parts = _md_dealer(pair.value)[1].split(",")
        filled = [seat for seat, part in zip(LIN_SEATS[:3], parts, strict=False)
                  if not part.strip() and deal is not None and deal[seat] is not None]
        for seat in filled:
            self.problem(f"md gives no hand for {seat.full_name}, not its last (East's): read as the cards "
                         "the other three leave", pair.line, pair.value_column, level="info",
                         context=f"{pair.code}|{pair.value[:40]}|", about="deal")

    def uneven_hands(self, pair: Pair, refused: Iterable[Exception]) -> None:
        """Tell of an ``md`` whose hands hold different numbers of cards, as PBN's reader tells of a Deal:
        a full hand beside a shorter one is a card left out (a lesson's hands are all as short); not
        where a hand was ``refused`` as too long (`uneven_hands`)."""
        deal = self.board.deal
        if deal is None:
            return
        uneven = uneven_hands(deal, LIN_SEATS[0], "md", refused)  # in the md's order
        if uneven is not None:
            self.problem(uneven[0], pair.line, pair.column, level=uneven[1],
                         context=f"{pair.code}|{pair.value[:40]}|")

    def on_ah(self, pair: Pair) -> bool:
        """The board's heading, ``Board 12``: its number. A heading that names a board with no number
        (``Board x``) is told, as the board is left with no number; it is kept raw, as any other."""
        m = BOARD_HEADING.fullmatch(pair.value)
        if not m and "ah" not in self.layout and NUMBERLESS_HEADING.fullmatch(pair.value):
            self.pair_problem(f"board heading {pair.value.strip()!r} gives no board number (Board 12 "
                              "expected); kept as written", pair)
        if not m or "ah" in self.layout:
            return False
        self.ah_number = int(m.group(1))
        self.named_at = pair
        if pair.value != f"Board {self.ah_number}":
            self.raw["ah"] = pair.value
        return self.head("ah")

    def on_sv(self, pair: Pair) -> bool:
        if "sv" in self.layout:
            return False
        try:
            self.board.vulnerability = parse_vul(pair.value)
        except BridgeError as e:  # the file gave one: unknown, as PBN's "?", not the board number's
            self.board.set_unknown("vulnerability")
            raise BridgeError(f"{e}{read_as_unknown()}") from None
        return self.head("sv")

    def on_mb(self, pair: Pair) -> bool:
        self.has_calls = True
        if self.auction_broken:
            self.call_past_unread(pair)
            return False
        try:
            calls, alert = parse_calls(pair.value)
        except BridgeError as e:
            self.auction_broken = True
            if self.knows_dealer() and self.start_auction(pair) and is_one_call(pair.value):
                self.unread_values = [pair.value]  # it took its player's turn
                self.unread_at = pair
            raise BridgeError(f"{e}; this and later calls kept as written") from None
        if not self.start_auction(pair):
            self.auction_broken = True
            return False
        assert self.auction is not None
        for i, call in enumerate(calls):
            why = self.auction.why_illegal(call)
            if why is not None:
                self.auction_broken = True
                self.pair_problem(
                    f"illegal call {call} by {self.auction.turn.full_name}: {why}; "
                    "this and later calls kept as they are",
                    pair, column=pair.value_column + call_columns(pair.value)[i],
                )
                if i:  # part of a packed value went in: keep the rest raw
                    rest = "".join(call_text(c) for c in calls[i:])
                    self.literal(pair._replace(value=rest + ("!" if alert else "")))
                    return True
                return False
            annotation = Annotation(alert=True) if alert and i == len(calls) - 1 else None
            self.auction.add(call, annotation)
            self.k += 1
        self.last_call_k = self.k
        return True

    def start_auction(self, pair: Pair) -> bool:
        """Whether the auction has begun, at ``pair`` when it holds the first call: with the md's dealer,
        else the board number's (Law 2, told); False (told) when neither gives one."""
        if self.auction is not None:
            return True
        if self.board.dealer is None:
            number = self.number()
            if number is None or number < 1:
                self.pair_problem("a call before the dealer is known (md with a dealer digit)", pair)
                return False
            self.board.dealer = Seat.dealer_of_board(number)
            self.pair_problem(f"md gives no dealer: {self.board.dealer.full_name} deals board {number} "
                              "(Law 2)", pair, about="deal")
        self.auction = Auction(self.board.dealer)
        return True

    def number(self) -> int | None:
        """The board's number so far: its heading's, else its ``qx`` label's."""
        return self.ah_number if self.ah_number is not None else self.qx_number

    def knows_dealer(self) -> bool:
        """Whether a call here has a seat: the auction has begun, or the md or the board number gives the
        dealer (a call that cannot be read is told alone, not as one before the dealer is known too)."""
        number = self.number()
        known = self.auction is not None or self.board.dealer is not None
        return known or (number is not None and number >= 1)

    @property
    def after_unread(self) -> list[Call | None] | None:
        """The calls from one that cannot be read on (None in its place), as written (`calls_as_written`);
        None without one, past an illegal call, or past a value that may hold several calls."""
        return calls_as_written(self.unread_values) if self.unread_values is not None else None

    def call_past_unread(self, pair: Pair) -> None:
        """A call after one that cannot be read, kept as written and read for the contract (`after_unread`);
        one that cannot be read either is told."""
        if self.after_unread is None:
            return
        assert self.unread_values is not None
        self.unread_values.append(pair.value)
        try:
            parse_calls(pair.value)
        except BridgeError as e:
            column, message = value_column(pair.value_column, pair.value, e)
            self.pair_problem(f"{message}; kept as written", pair, column=column, syntax=True)

    def on_an(self, pair: Pair) -> bool:
        """An explanation of the call just made; kept raw after an illegal call (it explains a call
        kept as written, not the last legal one), and a second one of a call, told: a call has one
        explanation (`board.auction` holds the first), and only the LIN record keeps the second, which JSON
        carries (LIN -> JSON -> LIN writes both); PBN and RBN have no place for it."""
        if self.auction is None or self.auction_broken or not len(self.auction):
            return False
        index = len(self.auction) - 1
        old = self.auction.annotations[index]
        if self.k == self.last_call_k + 1 and old is not None and old.explanation is not None:
            self.pair_problem(f"a second explanation of {self.auction.calls[index]} by "
                              f"{self.auction.seat_of(index).full_name}: kept as written for LIN (and "
                              "JSON, which carries it back to LIN); other formats keep the first alone", pair)
        if self.k != self.last_call_k or (old is not None and old.explanation is not None):
            return False
        self.auction.annotate(index, Annotation(alert=bool(old and old.alert),
                                                  explanation=escaped_backslashes(pair.value)))
        self.k += 1
        return True

    def ensure_play(self, pair: Pair) -> Play | None:
        if self.play is not None:
            return self.play
        if self.play_broken:
            return None
        contract, declarer = self.contract_of_calls(pair)
        if contract is None or (declarer is None and not contract.is_passed_out):
            self.play_broken = True
            self.pair_problem(f"{self.why_no_contract(pair)}; the play is kept as it is", pair)
            return None
        if contract.is_passed_out:
            self.play_broken = True
            self.pair_problem("play on a passed-out board; the play is kept as it is", pair)
            return None
        assert declarer is not None
        self.play = Play(self.board.deal, contract, declarer)
        return self.play

    def contract_of_calls(self, pair: Pair | None) -> Outcome | tuple[None, None]:
        """The contract and declarer the calls give (`lin_calls.contract_of_calls`, the rule the writer
        follows too), with the opening lead ``pair``'s card, if it is one, telling declarers apart; one read
        past a call that cannot be read is noted at that call."""
        found = contract_of_calls(self.auction, self.after_unread, self.board.deal, self.lead(pair),
                                  pair is not None)
        at = self.unread_at
        if found[0] is not None and at is not None:
            lead = " and the opening lead" if pair is not None and pair.code.lower() == "pc" else ""
            self.problem(f"whatever the call that cannot be read was, the calls after it{lead} give "
                         f"{outcomes_named([found])}: read as the contract", at.line, at.value_column,
                         level="info", context=f"{at.code}|{at.value[:40]}|", about="auction")
        return found

    @staticmethod
    def lead(pair: Pair | None) -> Card | None:
        """The card of ``pair`` when it is a readable ``pc``: the opening lead, telling declarers apart."""
        if pair is not None and pair.code.lower() == "pc":
            with contextlib.suppress(BridgeError):  # an unreadable lead tells no declarer
                return card_of(pair.value)
        return None

    def outcomes_past_unread(self, pair: Pair | None) -> list[Outcome]:
        """`outcomes_past_unread` of the calls past one that cannot be read (none without one), the opening
        lead the card of ``pair`` when it is a readable ``pc``."""
        after = self.after_unread
        if self.auction is None or after is None:
            return []
        return outcomes_past_unread(self.auction, after, self.board.deal, self.lead(pair), pair is not None)

    def why_no_contract(self, pair: Pair) -> str:
        """Why the play at ``pair`` has no contract to be read in: what the calls leave open."""
        if self.after_unread is None:
            return "play before the auction is complete"
        outcomes = self.outcomes_past_unread(pair)
        return (f"play after a call that cannot be read, where the calls after it leave the contract open "
                f"({outcomes_named(outcomes) if outcomes else 'no contract fits them'})")

    def on_pc(self, pair: Pair) -> bool:
        self.has_cards = True
        if self.play_broken:
            return False
        try:
            card = card_of(pair.value)
        except BridgeError:
            self.play_broken = True
            raise
        play = self.ensure_play(pair)
        if play is None:
            return False
        try:
            if not play.add_if_legal(card):
                play.add(card)  # raises the reason
        except IllegalPlayError as e:
            self.play_broken = True
            self.pair_problem(f"{e}; this and later cards kept as they are", pair,
                              column=value_column(pair.value_column, pair.value, e)[0])
            return False
        self.k += 1
        return True

    def on_mc(self, pair: Pair) -> bool:
        if self.play_broken:
            return False
        text = pair.value.strip()
        if not text.isdecimal():
            raise BridgeError(f"bad claim {pair.value!r}: expected declarer's total tricks, 0 to 13")
        play = self.ensure_play(pair)
        if play is None:
            return False
        try:
            play.claim(int(text))
        except BridgeError as e:
            column, message = value_column(pair.value_column, pair.value, e)
            self.pair_problem(message, pair, column=column)
            return False
        self.raw["mc"] = text  # written back where a header's rs entry gives other tricks
        self.has_cards = True
        self.k += 1
        return True

    def on_nt(self, pair: Pair) -> bool:
        self.board.commentary.append(escaped_backslashes(pair.value))
        self.events.append((self.k, pair.code, None))
        return True

    # The board ------------------------------------------------------------------------------
    def finish(self, seen: BoardsSeen) -> Board:
        """The board read, its number's deal checked against those ``seen`` earlier in the file."""
        board = self.board
        header = self.header
        board.number = self.number()
        if header.vg:
            board.event = escaped_backslashes(header.vg[0]) or None  # C:\Sim is no spade: C:\\Sim
            if len(header.vg) > 2:
                board.scoring = SCORING_NAMES.get(header.vg[2].upper())
            for tag, value in vg_tags(header.vg).items():  # BBO's 0,0 carry-over is none
                board.tags[tag] = escaped_backslashes(value)
        if "pn" not in self.layout and len(header.names) >= 8:
            names = header.names[4:8] if board.room == "closed" else header.names[:4]
            board.players = _names_to_players(names)
        auction = self.auction
        if auction is not None:
            board.auction = auction
        if self.play is not None and (self.play.cards or self.play.claimed is not None):
            board.play = self.play  # a play whose first card was illegal holds nothing to model
        elif not self.has_cards and self.after_unread is not None:  # no play to hold the contract read
            board.contract, board.declarer = self.contract_of_calls(None)
        from_rs = self.result_from_rs()
        at = self.named_at
        line, column = (at.line, at.column) if at is not None else (None, None)
        seen.check(board, line, column, self)
        board.issues = self.issues
        record = self.record(from_rs)
        if record != LinRecord():
            board.extra[LinRecord.FORMAT] = record
        return board

    def record(self, result_from_rs: bool) -> LinRecord:
        """What the file said that the model does not hold and the writer would not write anyway."""
        layout, events = canonical_lin_layout(self.board, header_covers_players(self.board, self.header))
        return LinRecord(
            layout=None if self.layout == layout else tuple(self.layout),
            events=None if self.events == events else tuple(self.events),
            header=tuple(self.header.pairs),
            qx=self.raw.get("qx"),
            ah=self.raw.get("ah"),
            pn=self.raw.get("pn"),
            result_from_rs=result_from_rs,
            mc=self.raw.get("mc") if result_from_rs else None,
            results_first=self.header.placed,
            results_place=self.place,
        )

    def outcome(self) -> BlockOutcome | None:
        """The board's number, room, contract and declarer as its calls give them, before any ``rs`` entry is
        read over them: what places the entries (`_ResultsPlaced`); None for a board without all four."""
        auction, number = self.auction, self.number()
        contract = auction.final_contract if auction is not None and not self.auction_broken else None
        if contract is None or number is None or self.board.room is None:
            return None
        assert auction is not None
        return number, self.board.room, contract, auction.declarer

    def result_from_rs(self) -> bool:
        """Contract, declarer and tricks from the header's ``rs`` entry, which stands over the auction and
        play as PBN's Contract, Declarer and Result tags do (both kept as written, a problem saying where
        they differ); whether the tricks came from it."""
        board, header = self.board, self.header
        index = entry_index(header.results_first(), board.number, board.room, self.place,
                            header.board_numbers())
        if not header.results or index is None or not 0 <= index < len(header.results):
            return False
        result, unread = self.rs_entry(index)
        if result is None:
            return False
        self.check_rs_entry(index, result)
        contract, declarer, tricks = result
        # the play is another contract's where level, strain or declarer differ (a double changes no card)
        contradicted = board.contract is not None and not same_play(board, contract, declarer)
        board.contract, board.declarer = contract, declarer
        if unread:
            unknown_tricks_unless_given(board)
        if tricks is None and contradicted and board.tricks is not None:
            board.set_unknown("tricks")  # the play's tricks are another declarer's or contract's
        if tricks is None or board.tricks == tricks:
            return False
        board.tricks = tricks
        if not contradicted:  # calls or cards of another contract than the entry's claim none of its tricks
            self.claim_from_rs(tricks)
        return True

    def rs_entry(self, index: int) -> tuple[tuple[Contract, Seat | None, int | None] | None, bool]:
        """The header's ``rs`` entry ``index`` as read, and whether it gives tricks that cannot be read
        (``1SNten``, ``4SN+9``): a problem at it, the contract and declarer it starts with read and its
        tricks unknown, not the play's (`unknown_tricks_unless_given`); an entry that starts with no
        contract is no result, and left out with a problem."""
        entry = self.header.results[index].strip()
        result = parse_result(entry)
        if result is not None or not entry:
            return result, False
        head = rs_entry_head(entry)
        said = self.entry_named(index)
        if head is None:
            self.rs_problem(index, f"{said} is no result such as 4SN=, 3NEx-1 or P: left out", syntax=True)
            return None, False
        self.rs_problem(index, f"{said} gives no tricks that can be read (=, or + or - and the tricks "
                               f"over or under, 0 to 13 in all){tricks_read_as_unknown('')}", syntax=True)
        return (*head, None), True

    def rs_problem(self, index: int, message: str, kind: str | None = None, level: str = "warning",
                   syntax: bool = False) -> None:
        """A problem with the header's ``rs`` entry ``index``, placed at the entry (``kind``: the check
        that found it; ``level``: `NOTE` for a note; ``syntax``: the entry cannot be read)."""
        pair = self.header.results_pair
        if pair is not None:
            column = pair.value_column + sum(len(entry) + 1 for entry in self.header.results[:index])
            self.pair_problem(message, pair, column=column, kind=kind, level=level, syntax=syntax)

    def check_rs_entry(self, index: int, said: tuple[Contract, Seat | None, int | None]) -> None:
        """A problem, placed at the entry, where the header's ``rs`` entry ``index`` (read as ``said``)
        differs from the contract and declarer the auction gives or the tricks the play gives, as PBN's
        Contract, Declarer and Result tags are checked; the entry stands, the auction and play are kept. Only
        tricks other than the claim that ended the play are a note (`result_ruled_on_claim`), as every
        format says them."""
        board = self.board
        contract, declarer, tricks = said
        given = board.contract is not None and (board.contract, board.declarer) != (contract, declarer)
        taken = board.tricks is not None and tricks is not None and board.tricks != tricks
        if not (given or taken):
            return
        if not given and result_ruled_on_claim(board.play, tricks):
            told = (f"{self.entry_named(index)} differs from the {result_entry(board)} the auction and the "
                    "play's claim give")
            self.rs_problem(index, f"{told}: {CLAIM_RULED}", kind=disagreement_kind(RESULT), level=NOTE)
            return
        gives = "the auction gives" if board.tricks is None else "the auction and play give"
        unknown = "; the tricks are unknown (it gives none)" if given and tricks is None and (
            board.tricks is not None) else ""
        self.rs_problem(index, f"{self.entry_named(index)} differs from the {result_entry(board)} {gives}: "
                               f"the rs entry stands (the calls and cards are kept as written){unknown}",
                        kind=disagreement_kind(RESULT))

    def entry_named(self, index: int) -> str:
        """The header's ``rs`` entry ``index`` named with the block it is read for: ``rs entry 4SN= (board 1,
        open room)``, or its place in a list no ``vg`` numbers (`entry_index`)."""
        where = f"{self.board.room} room" if self.place is None else f"entry {index + 1} of an rs with no vg"
        return f"rs entry {self.header.results[index].strip()} (board {self.board.number}, {where})"

    def claim_from_rs(self, tricks: int) -> None:
        """An ``rs`` result where the cards stop short: LIN's way to say it is a claim (``mc``), so
        the board reads the same after a trip through a format without ``rs`` (PBN). A block of no calls
        and no cards shows no play to stop short: its result is the entry's alone, no play given (PBN's
        game with no Play section), not a play of no cards."""
        board = self.board
        if board.contract is None or board.declarer is None or board.contract.is_passed_out:
            return
        if not (self.has_calls or self.has_cards):
            return
        play = board.play or Play(board.deal, board.contract, board.declarer)
        try:
            play.claim(tricks)
        except BridgeError:
            return  # the result stands; the cards say otherwise, so no claim is made up
        board.play = play


_PART_OF_CODE = {"mb": "auction", "an": "auction", "pc": "play", "mc": "play"}
"""The part of a board (`ISSUE_PARTS`) a problem with a pair of these codes is in."""

_HANDLERS = {
    "pn": _BoardBuilder.on_pn,
    "qx": _BoardBuilder.on_qx,
    "md": _BoardBuilder.on_md,
    "ah": _BoardBuilder.on_ah,
    "sv": _BoardBuilder.on_sv,
    "mb": _BoardBuilder.on_mb,
    "an": _BoardBuilder.on_an,
    "pc": _BoardBuilder.on_pc,
    "mc": _BoardBuilder.on_mc,
    "nt": _BoardBuilder.on_nt,
}


def _hands_text(md: str) -> str:
    """An ``md`` value without its dealer digit, upper case: two such are the same deal."""
    return md.strip().lstrip("0123456789").upper()


def _is_header(code: str, value: str, builder: _BoardBuilder | None, header_codes: frozenset[str]) -> bool:
    """Whether a pair belongs to the vugraph header: a header code, or a `pn` of eight names (a match's
    rooms) where the board being read has not named its room's players yet."""
    return code in header_codes or (
        code == "pn" and value.count(",") >= 4 and (builder is None or not builder.names_its_room())
    )


def _added_to_header(header: _Header, pair: Pair, reporter: Reporter) -> _Header:
    """``header`` with ``pair``, a pair of the vugraph header, added; a ``pn`` of other than eight names
    and a ``vg`` carry-over that is no number are told at the pair (what can be read of them is kept)."""
    code = pair.code.lower()
    context = f"{pair.code}|{pair.value[:40]}|"
    if code == "pn":
        wrong = match_names(pair.value)[1]
        if wrong is not None:
            reporter.problem(f"pn {wrong}", pair.line, pair.value_column + _field_offset(pair.value, 8),
                             context=context)
    elif code == "vg" and header.vg != [f.strip() for f in pair.value.split(",")]:  # a restated vg: said once
        for message, index in vg_problems(pair.value):
            reporter.problem(message, pair.line, pair.value_column + _field_offset(pair.value, index),
                             context=context)
    return header.add(pair)


def _field_offset(value: str, index: int) -> int:
    """Where field ``index`` of a comma-separated value starts (past the value's end when it has fewer)."""
    fields = value.split(",")
    return sum(len(field) + 1 for field in fields[:index]) - (1 if index >= len(fields) else 0)


def _intro_alone(header: _Header, source: str, strict: bool, pending: list[Issue]) -> Board:
    """The commentary inside ``header`` (``vg|...|nt|Welcome|rs|...``) as a record of its own, for a header
    that ends (at the file's end, or at the next ``vg``) with no board to take it; ``pending``'s problems
    go with it."""
    builder = _BoardBuilder(header, source, strict)
    header.opened(builder)
    builder.issues.extend(pending)
    pending.clear()
    return builder.finish(BoardsSeen())  # commentary alone: no number, no deal to check


_BOARD_PAIRS = {"mb": "call", "an": "explanation", "pc": "card", "mc": "claim"}
"""The pairs that say what happened at a board, by what each is: one before any board opened has no
dealer to seat it (`_before_any_board`)."""


def _before_any_board(header: _Header, pair: Pair, reporter: Reporter) -> _Header:
    """The header with ``pair``, a pair before any board opened (no ``md``, ``ah`` or ``qx`` yet), kept
    among its pairs as written (LIN -> LIN writes it back there). The first call, card, explanation or
    claim of a run of them is told: no dealer is known to seat it, so no board holds it; so is a ``bn``
    that lists no board numbers (`board_list`)."""
    code = pair.code.lower()
    if code == "bn" and board_list([(code, pair.value)]) is None:
        reporter.problem(f"bn {pair.value[:40]!r} is no list of board numbers (1,2,3 or 1-3, each once): not "
                         "read, the rs entries are placed as with no bn; kept as written", pair.line,
                         pair.value_column, context=f"{pair.code}|{pair.value[:40]}|", about="result")
    elif code in _BOARD_PAIRS and not any(c.lower() in _BOARD_PAIRS for c, _ in header.pairs):
        reporter.problem(f"a {_BOARD_PAIRS[code]} before the dealer is known (before any board's md, ah or "
                         "qx): no board holds it; kept as written", pair.line, pair.column,
                         context=f"{pair.code}|{pair.value[:40]}|", about=_PART_OF_CODE[code])
    return header.add(pair)


class _ResultsAlone:
    """The rooms of each vugraph match's boards (a match is its ``vg`` line: a header restated, its ``rs``
    grown by the results since, is the same match, and its latest ``rs`` is the one read), so that at the
    file's end each ``rs`` entry of a room that no ``qx`` block holds (``rs|4SN=,4SN-1|`` over
    ``qx|o1|`` alone) is read as a board of that result alone: the room's contract, declarer and tricks,
    its players from the eight-name ``pn``, the deal of the other room's block. Nothing else holds them:
    another format would lose them. Entries of boards no block of the file holds in either room (a board
    cut from a match keeps the whole match's ``rs``) are no boards of the file: they stay in the header."""

    def __init__(self) -> None:
        self.headers: dict[tuple[str, ...], _Header] = {}
        self.rooms: set[tuple[tuple[str, ...], int, str]] = set()
        self.deals: dict[tuple[tuple[str, ...], int], Board] = {}

    def finish(self, builder: _BoardBuilder, seen: BoardsSeen) -> Board:
        """The board ``builder`` read (`_BoardBuilder.finish`), noted by its header, number and room."""
        board = builder.finish(seen)
        header = builder.header
        if header.results and board.number is not None and board.room is not None:
            key = tuple(header.vg)
            self.headers[key] = header  # the match's latest header: its rs holds the most results
            self.rooms.add((key, board.number, board.room))
            if (key, board.number) not in self.deals:
                self.deals[key, board.number] = Board(deal=board.deal, dealer=board.given("dealer"),
                                                      vulnerability=board.given("vulnerability"))
        return board

    def boards(self, source: str, strict: bool, last: _Header) -> Iterator[Board]:
        """The boards of the ``rs`` entries whose rooms no block held, header by header (none of a header
        whose boards had no room: results of boards not in rooms say nothing of rooms); ``last``, the
        file's last header, is its match's latest though no block follows it (restated at the end)."""
        if tuple(last.vg) in self.headers and last.results:
            self.headers[tuple(last.vg)] = last
        for key, header in self.headers.items():
            first, numbers = header.results_first(), header.board_numbers()
            for index, entry in enumerate(header.results):
                board = entry_board(first, index, numbers)
                if board is None or not entry.strip():
                    continue
                number, room = board
                if (key, number) in self.deals and (key, number, room) not in self.rooms:
                    yield self._board(header, number, room, source, strict, self.deals[key, number])

    @staticmethod
    def _board(header: _Header, number: int, room: str, source: str, strict: bool, other: Board) -> Board:
        """The board of one room's ``rs`` entry alone, read as a block of a ``qx`` alone would be, with the
        deal, dealer and vulnerability of the ``other`` room's block."""
        builder = _BoardBuilder(header, source, strict)
        at = header.results_pair
        builder.feed(Pair("qx", f"{room[0]}{number}", at.line if at else 0, at.column if at else 0))
        board = builder.finish(BoardsSeen())
        board.play = None  # no cards: the tricks are the entry's, no claim (a block would say one)
        board.deal, board.dealer, board.vulnerability = other.deal, other.dealer, other.vulnerability
        record = lin_record(board) or LinRecord(header=tuple(header.pairs), results_first=header.placed)
        # no pairs of its own to keep: a block written for it (`bid`, `autoplay`) is laid out as the writer
        # lays out any board's, st, ah, sv and pg (the qx alone read gave none of them)
        alone = dataclasses.replace(record, results_alone=True, layout=None, events=None)
        board.extra[LinRecord.FORMAT] = alone
        return board


class _ResultsListed:
    """The blocks under an ``rs`` that no ``vg`` numbers (``rs|5HS-2|`` over a board with no ``qx``, as
    BBO's handviewer is given one): each takes an entry in the order of the blocks (`_entry_taken`) and is
    checked against it as any block is. The list's blocks are held (up to `HELD`) until the next block or
    the file's end shows the list has ended, so that entries no block takes are told at the first of them:
    they stay in the ``rs``, which LIN and JSON keep, and the other formats name them as left out
    (`lin_held_for_others`). A list restated grown by the results since (``rs|4HS=,|``, then
    ``rs|4HS=,4HS-1|``: a live file's) is the same list, and so is one restated as it was over blocks of
    numbered rooms (`continues`), one of a board below the list's first room's too: cuts of one match
    joined later segment first, whose first pair is then that board's (`_earlier_first`)."""

    HELD = 64

    def __init__(self) -> None:
        self.held: list[_BoardBuilder] = []
        self.released = False  # a block of the list was finished before it ended (past `HELD`)
        self.blocks = 0
        self.taken: set[int] = set()
        self.next = 0  # the first entry after those taken
        self.pair: tuple[int | None, int] | None = None  # the board of a qx room last read, its pair's entry
        self.first: int | None = None  # the board of the list's first qx room: its first pair's
        self.guessed = False  # a board below the first or with no number took the next pair: in order now

    def continues(self, builder: _BoardBuilder) -> bool:
        """Whether ``builder``'s block is under the list of the block held: its ``rs`` itself, restated
        with more entries and those before as they were, or restated as it was over a block of a numbered
        ``qx`` room, which its number places in the list as it placed the list's first (cuts of one match
        joined, each with the match's ``rs``: the same list; blocks with no room take entries in order, so
        there the same list restated is another's, single-board files joined, each with its own ``rs``)."""
        if not self.held:
            return False
        held, header = self.held[-1].header, builder.header
        if held.results_pair is header.results_pair or results_grown(held.results, header.results):
            return True
        if self._earlier_first(builder) is not None:
            return True
        entry = self._by_number(builder)  # the same list only where its number places it free in it
        if entry is None and self.guessed:
            entry = self._next_pair(builder)
        return held.results == header.results and entry is not None and entry not in self.taken \
            and entry < len(header.results)

    def _next_pair(self, builder: _BoardBuilder) -> int | None:
        """The entry of ``builder``'s room of its board's pair in file order, once a board took a pair so
        (`_entry_taken`): a list restated as it was over it is the same list there, not another whose
        first pair it took (board 3 given board 2's result); None with no number or no room."""
        room, number = builder.board.room, builder.number()
        if number is None or room not in ("open", "closed"):
            return None
        pair = self.pair[1] if self.pair is not None and self.pair[0] == number else self.next + self.next % 2
        return pair + (room == "closed")

    def tell_cut_past_held(self, builder: _BoardBuilder) -> None:
        """A problem at ``builder``'s ``rs`` where it restates the list over a board below its first room's
        once blocks of the list were finished (past `HELD`): read from the list's first pair, as that board's
        list cannot be placed again (`_earlier_first`)."""
        if self.released and (below := self._below_first(builder)) is not None:
            builder.rs_problem(0, f"rs restated over board {below}, below board {self.first} of its "
                                  f"first pair: cuts of one match joined later segment first, more than "
                                  f"{self.HELD} blocks before this one, were read from the list's first "
                                  f"pair, not board {below}'s: board {self.first} and those after it may "
                                  "have other boards' results")

    def take(self, builder: _BoardBuilder, finished: Callable[[_BoardBuilder], Board]) -> Iterator[Board]:
        """The block held, ``finished``, now that ``builder``, the list's next block, follows it (none when
        ``builder`` starts a list); ``builder`` takes its entry and is held."""
        if self.held and self.continues(builder):
            if (first := self._earlier_first(builder)) is not None:
                self._placed_from(first)
            if len(self.held) >= self.HELD:
                self.released = True
                yield finished(self.held.pop(0))
        else:
            self.blocks, self.taken, self.next, self.pair, self.first = 0, set(), 0, None, None
            self.guessed, self.released = False, False
        builder.place = self._entry_taken(builder)
        self.blocks = self.blocks + 1
        self.held.append(builder)
        if builder.place is not None:
            self.taken.add(builder.place)

    def _earlier_first(self, builder: _BoardBuilder) -> int | None:
        """`_below_first`, while none of the list's blocks is finished (then its first pair is still free to
        place again)."""
        return None if self.released else self._below_first(builder)

    def _below_first(self, builder: _BoardBuilder) -> int | None:
        """The board of ``builder``'s numbered ``qx`` room, where its block is under the list restated as
        it was (another ``rs`` pair, the same entries) and below the board of the list's first room, every
        block taken so far placed by its number (none guessed, none finished) and still in the list counted
        from it: cuts of one match joined later segment first (``o2, c2`` then ``o1, c1``, each under the
        match's ``rs``). BBO's ``rs`` gives the match's boards in order from its first, so the list's first
        pair is that earlier board's, not the first room read; None otherwise (then it starts another list,
        as a list restated over a board it cannot place does)."""
        room, number = builder.board.room, builder.number()
        header, held = builder.header, self.held[-1].header if self.held else None
        if (self.guessed or held is None or self.first is None or number is None
                or room not in ("open", "closed") or number >= self.first
                or header.board_numbers() is not None
                or header.results_pair is held.results_pair
                or not (header.results == held.results or results_grown(held.results, header.results))):
            return None  # under one rs, the blocks' order: a board below the first, the next
        shift = 2 * (self.first - number)
        if any(place + shift >= len(header.results) for place in self.taken):
            return None
        if self._played_as(header.results, shift) < self._played_as(header.results, 0):
            return None  # the blocks' calls fit the pairs they took better: another match's list, the same
        return number

    def _played_as(self, results: Sequence[str], shift: int) -> int:
        """How many blocks held have calls of the contract and declarer of the entry ``shift`` past the one
        they took (a double changes no card)."""
        count = 0
        for held in self.held:
            outcome = held.outcome()
            if outcome is None or held.place is None or not 0 <= held.place + shift < len(results):
                continue
            said = parse_result(results[held.place + shift])
            count += said is not None and played_alike(outcome[2], outcome[3], said[0], said[1])
        return count

    def _placed_from(self, first: int) -> None:
        """The blocks held placed again by their numbers, the list's first pair board ``first``'s."""
        shift = 2 * (self.first - first) if self.first is not None else 0
        for held in self.held:
            if held.place is not None:
                held.place += shift
        self.taken = {place + shift for place in self.taken}
        self.next += shift
        self.pair = None if self.pair is None else (self.pair[0], self.pair[1] + shift)
        self.first = first

    def _entry_taken(self, builder: _BoardBuilder) -> int | None:
        """The entry ``builder``'s block takes: in a ``qx`` room (``qx|o2|``), its room's of its board's
        pair, open then closed, as every LIN ``rs`` pairs them (a pairs event's closed rooms left empty:
        ``rs|4HS=,,4HS+1,|``): the pair its number places it at (`_by_number`), else, for a board below
        the list's first room's board or with no number, the next pair; with no room, the next entry; and
        after either, every board its next pair or entry (numbered by then, a later board could take an
        entry such a board took)."""
        room, number = builder.board.room, builder.number()
        if room not in ("open", "closed"):
            self.pair, self.next, self.guessed = None, self.next + 1, True
            return self.next - 1
        if builder.header.board_numbers() is not None:
            return self._by_number(builder)
        if self.first is None:
            self.first = number
        if self.pair is None or number is None or self.pair[0] != number:
            by_number = self._by_number(builder)
            self.guessed = self.guessed or by_number is None
            self.pair = (number, self.next + self.next % 2 if by_number is None
                         else by_number - (room == "closed"))
        self.next = max(self.next, self.pair[1] + 2)
        return self.pair[1] + (room == "closed")

    def _by_number(self, builder: _BoardBuilder) -> int | None:
        """The entry of ``builder``'s room its board's number gives it: of the pair the header's ``bn``
        gives its board (none for a board it does not list), else of the pair as far past the list's first
        as its board is past the first room's board (``o1, c1, o3, c3``: board 3 takes the third pair, the
        second left to a board the file does not hold); None with no number, below the first room's board,
        or once a board took a pair in order (`_entry_taken`)."""
        room, number = builder.board.room, builder.number()
        numbers = builder.header.board_numbers()
        if numbers is not None or room not in ("open", "closed"):
            return entry_index(None, number, room, None, numbers)
        first = number if self.first is None else self.first
        if number is None or first is None or number < first or self.guessed:
            return None
        return 2 * (number - first) + (room == "closed")

    def release(self, finished: Callable[[_BoardBuilder], Board], ended: bool = True) -> Iterator[Board]:
        """The list's blocks held, ``finished``, with a problem at the first entry no block took when its
        list has ``ended`` (not when a problem stopped the reading before the rest of its blocks)."""
        if not self.held:
            return
        held, self.held = self.held, []
        builder = held[-1]
        left = [i for i, entry in enumerate(builder.header.results) if i not in self.taken and entry.strip()]
        if left and ended:
            entries = ", ".join(builder.header.results[i].strip() for i in left)
            said = f"rs entry {entries} is" if len(left) == 1 else f"rs entries {entries} are"
            follow = f"{plural(self.blocks, 'board')} follow{'s' * (self.blocks == 1)}"
            builder.rs_problem(left[0], f"{said} the result of no board: an rs with no vg gives its "
                                        f"entries to the boards after it in order (a board of a qx room "
                                        f"its room's of its board's pair), and {follow} it; kept in the rs "
                                        "as written")
        for block in held:
            yield finished(block)


class _ResultsPlaced:
    """Where each vugraph match's ``rs`` entries start, read ahead from its boards before any is finished:
    a ``vg`` whose first board is not the one the entries start at (``vg|...,I,45,60,...`` over boards
    46 to 60 and their results) gave each board another board's result. The blocks of a match are held
    (up to `LOOKAHEAD` with a contract, `HELD` in all) until their calls show where the entries start
    (`placed_first`); where that is not the ``vg``'s first board, one problem at it says so, the ``vg`` is
    kept as written and the entries are read from the board the calls show."""

    LOOKAHEAD = 8
    HELD = 64

    def __init__(self, source: str, strict: bool) -> None:
        self.source, self.strict = source, strict
        self.alone = _ResultsAlone()
        self.listed = _ResultsListed()
        self.seen = BoardsSeen()
        self.held: list[_BoardBuilder] = []
        self.firsts: dict[tuple[str, ...], int] = {}  # by match (its vg line): where its entries start

    def finish(self, builder: _BoardBuilder) -> Iterator[Board]:
        """The boards finished now that ``builder`` has ended: none while its match's are still held."""
        header, key = builder.header, tuple(builder.header.vg)
        if self.held and key != tuple(self.held[0].header.vg):
            yield from self.flush()
        if header.results and not header.vg:  # a list no vg numbers: its entries are its blocks' in order
            self.listed.tell_cut_past_held(builder)
            if not self.listed.continues(builder):
                yield from self.flush()
            yield from self.listed.take(builder, self.finished)
            return
        if key in self.firsts or not header.results or header.first_board() is None or header.board_numbers():
            yield from self.flush()
            yield self.finished(builder)
            return
        self.held.append(builder)
        known = sum(held.outcome() is not None for held in self.held)
        if known >= self.LOOKAHEAD or len(self.held) >= self.HELD:
            yield from self.flush()

    def flush(self, ended: bool = True) -> Iterator[Board]:
        """The boards held, finished with their match's entries placed (a list's, `_ResultsListed`, first:
        it came before them; ``ended``: its list ended, not the reading cut short by a problem)."""
        yield from self.listed.release(self.finished, ended)
        if not self.held:
            return
        held, self.held = self.held, []
        header = held[-1].header  # the latest rs of the match: the most results
        first = header.first_board()
        assert first is not None
        outcomes = [outcome for builder in held if (outcome := builder.outcome()) is not None]
        placed, matched = placed_first(header.results, first, outcomes)
        self.firsts[tuple(header.vg)] = placed
        at = header.vg_pair
        if placed != first and at is not None:
            shown = f"from board {placed} ({matched} of {len(outcomes)} boards)"
            held[0].problem(f"vg first board {first} disagrees with the boards that follow: their calls give "
                            f"the contracts of the rs entries {shown}, so the entries are read from board "
                            f"{placed}; the vg is kept as written", at.line,
                            at.value_column + _field_offset(at.value, 3),
                            context=f"{at.code}|{at.value[:40]}|", about="result")
        for builder in held:
            yield self.finished(builder)

    def finished(self, builder: _BoardBuilder) -> Board:
        """The board ``builder`` read, its header's entries placed as its match's are."""
        builder.header = self.placed(builder.header)
        return self.alone.finish(builder, self.seen)

    def placed(self, header: _Header) -> _Header:
        """``header`` with its entries placed as its match's are (itself where none were placed)."""
        first = self.firsts.get(tuple(header.vg))
        return header if first is None else header.placed_at(first)

    def end(self, builder: _BoardBuilder | None, last: _Header, pending: list[Issue]) -> Iterator[Board]:
        """At the file's end: the last board ``builder`` read, the boards held, the commentary or problems
        (``pending``) no board took, then the boards of entries of rooms no block held."""
        if builder is not None:
            builder.issues.extend(pending)
            yield from self.finish(builder)
        yield from self.flush()
        if builder is None and last.intro:  # the header ends with no board to take its commentary
            yield _intro_alone(last, self.source, self.strict, pending)
        elif builder is None and pending:  # nothing but problems: a board holding them, so no issue is lost
            yield Board(issues=pending)
        yield from self.alone.boards(self.source, self.strict, self.placed(last))


def read_boards(
    stream: TextIO, source: str = "<string>", strict: bool = False, **options: Any
) -> Iterator[Board]:
    """Boards from LIN text, one at a time; problems become `Issue`s (or `ParseError` if ``strict``); after
    a vugraph header's boards, those of its ``rs`` entries that no block held (`_ResultsAlone`)."""
    placing = _ResultsPlaced(source, strict)
    try:
        yield from _read_blocks(stream, source, strict, placing)
    except ParseError:  # --strict stopped at a problem of a block read ahead: the blocks held before it
        yield from placing.flush(ended=False)  # are finished first, so that a problem of theirs stops reading
        raise


def _read_blocks(stream: TextIO, source: str, strict: bool, placing: _ResultsPlaced) -> Iterator[Board]:
    """The boards of LIN text, each block finished (`_ResultsPlaced`) as the next opens or the text ends."""
    pending: list[Issue] = []
    header = _Header()
    builder: _BoardBuilder | None = None
    header_codes, opening_codes = grammar().codes("header"), grammar().codes("opening")
    for pair in read_pairs(stream, source, strict, pending):
        code = pair.code.lower()
        if _is_header(code, pair.value, builder, header_codes):
            if builder is not None and code != "vg" and builder.holds_commentary_alone():
                # vg|...|nt|Welcome|rs|...: commentary inside the header, its first board's before it
                header = header.with_commentary(builder)
                pending.extend(builder.issues)
            elif builder is not None:
                yield from placing.finish(builder)
            elif code == "vg" and header.intro:  # the header ends with no board to take its commentary
                yield from placing.flush()
                yield _intro_alone(header, source, strict, pending)
            builder = None
            header = _added_to_header(header, pair, Reporter(source, strict, pending))
            continue
        if builder is None:
            # Commentary before any board (a lesson's introduction) opens the next one, before its first pair
            heading = code in opening_codes and (code != "ah" or BOARD_HEADING.fullmatch(pair.value))
            opens = code == "nt" or heading
            if not opens:
                header = _before_any_board(header, pair, Reporter(source, strict, pending))
                continue
            builder = _BoardBuilder(header, source, strict)
            header = header.opened(builder)
        elif builder.opened_by(code, pair.value):
            yield from placing.finish(builder)
            builder = _BoardBuilder(header, source, strict)
            header = header.opened(builder)
        if pending:
            builder.issues.extend(pending)
            pending.clear()
        builder.feed(pair)
    yield from placing.end(builder, header, pending)

# The writer's own layout (a board read stores only what differs from it) -------------------------

DISPLAY_CODES = frozenset({"st", "rh", "pg", "vg", "rs", "pn"})
"""Codes a kept LIN record holds that say nothing another format needs: display pairs, and the
vugraph header's pairs (the model holds what they say)."""


def _vg_left_unread(record: LinRecord) -> list[str]:
    """What the ``vg`` of ``record``'s header says that no field of the board holds, named as another
    format loses it: ``LIN vg| scoring Z``, ``LIN vg| fields past the ninth (extra)`` (`vg_unread`)."""
    value = next((value for code, value in record.header if code.lower() == "vg"), None)
    scoring, past = vg_unread([f.strip() for f in value.split(",")]) if value is not None else (None, [])
    return ([f"LIN vg| scoring {scoring}"] if scoring is not None else []) + (
        [f"LIN vg| fields past the ninth ({excerpt(','.join(past))})"] if past else [])


_DISPLAY_TEXT = {"st": "st| title ", "rh": "rh| ", "pg": "pg| "}
"""The display codes whose value, most often empty, is text no field of the model holds when given
(``st|Evening game|``, ``rh|Round 2|``): LIN -> LIN writes it back, and another format names it lost."""


def lin_only(board: Board, calls: bool = True, cards: bool = True) -> list[str]:
    """What a board read from LIN holds that only LIN can say: a ``qx`` or ``ah`` value other than the
    plain one its room and number give, a title (``st``, most often empty), and the codes of its kept
    pairs (unknown codes such as ``zz``, lesson codes, calls and cards kept as written after an illegal one;
    the calls not when ``calls`` is False, nor the cards when ``cards`` is: the target wrote them,
    `calls_kept`, `cards_kept`)."""
    record = lin_record(board)
    if record is None:
        return []
    pairs: list[tuple[str, str | None]] = [(code, value) for _, code, value in record.events or ()]
    pairs += [(code, value) for code, value in record.header if code.lower() != "nt"]  # the first board's
    codes = dict.fromkeys(
        code.lower() for code, value in pairs
        if code.lower() not in DISPLAY_CODES and not (code.lower() == "nt" and value is None)
    )  # fmt: skip
    headings = [name for name, value in (("LIN qx| table labels", record.qx), ("LIN ah| headings", record.ah))
                if value is not None]  # such as qx|o1,BOARD 1| or ah|Tablero 1|
    headings += _vg_left_unread(record)
    headings += [f"LIN {_DISPLAY_TEXT[code.lower()]}({excerpt(value)})"
                 for _, code, value in record.events or ()
                 if code.lower() in _DISPLAY_TEXT and value and value.strip()]  # st|Evening game|: no field
    played = [value for _, code, value in record.events or () if code.lower() == "pc" and value is not None]
    kept = [(code, value if code == "mb" else f"(an: {value})")
            for code, value in kept_call_events(record.events or ())] if calls else []
    explanations = sum(1 for _, code, _ in record.events or () if code.lower() == "an")
    seconds = _second_explanations(board, record)
    if explanations == sum(1 for code, _ in kept if code == "an") + len(seconds) or not calls:
        codes.pop("an", None)  # every kept explanation is named with its call
    named = [
        _cards_kept(board, played) if code == "pc" and played
        else _calls_kept_words(board, kept) if code == "mb" and kept
        else _md_kept(board, record) if code == "md"
        else f"LIN {code}|"
        for code in codes if (calls or code != "mb") and (cards or code != "pc")
    ]
    return headings + named + seconds  # a claim the rs entry overrides: the target's `claim_left_out`


def _md_kept(board: Board, record: LinRecord) -> str:
    """The ``md`` a LIN reader kept as written (a hand in it could not be read), named with the hands the
    deal leaves unknown for it: ``board 4's md as written (LIN md|2X78A...|): South's hand unknown``."""
    value = next(value for _, code, value in record.events or () if code.lower() == "md")
    return deal_kept(board, f"md as written (LIN md|{value}|)", LIN_SEATS)


def _second_explanations(board: Board, record: LinRecord) -> list[str]:
    """Each second explanation of one call (``mb|1S!|an|5+|an|or strong|``), which only LIN holds (a
    call's annotation, and PBN's and RBN's one note, hold the first), named with its board, call and
    text: ``board 1's second explanation of 1S by North (LIN an|: or strong)``."""
    auction = board.auction
    if auction is None or not record.events:
        return []
    heads = len(read_layout(board, record)[0])
    ends: dict[int, int] = {}  # modelled pairs up to the end of each explained call -> its index
    k = heads
    for i, note in enumerate(auction.annotations):
        k += 1 + (note is not None and note.explanation is not None)
        if note is not None and note.explanation is not None:
            ends[k] = i
    whose = whose_loss(board)
    named = []
    for k, code, value in record.events:
        if code.lower() == "mb":
            break  # calls kept as written after an illegal one, their explanations named with them
        if code.lower() == "an" and value is not None and k in ends:
            named.append(f"{whose} second explanation of {auction.calls[ends[k]]} by "
                         f"{auction.seat_of(ends[k]).full_name} (LIN an|: {value})")
    return named


def _calls_kept_words(board: Board, kept: list[tuple[str, str]]) -> str:
    """The calls a LIN reader kept as written (the first could not be made) with their explanations,
    named with their place in the auction and the rule the first one breaks, as `_cards_kept` names
    cards."""
    written = " ".join(value for _, value in kept)
    return f"{calls_kept_words(board, written, 'LIN mb|')}: {_why_not_made(board.auction, kept[0][1])}"


def _why_not_made(auction: Auction | None, value: str) -> str:
    """Why the first call kept as written, ``value``, did not go into ``auction``: the rule it breaks,
    in the reader's words, or what was missing before it."""
    if auction is None:
        return "a call before the dealer is known"
    try:
        calls, _ = parse_calls(value)
    except BridgeError as e:
        return str(e)
    why = auction.why_illegal(calls[0])
    if why is None:
        return "a call kept as written after an earlier problem in the auction"
    return f"{calls[0]} by {auction.turn.full_name}: {why}"


def _cards_kept(board: Board, cards: list[str]) -> str:
    """The cards a LIN reader kept as written (the first could not be played), named with the rule
    the first one breaks: what a director needs to see to mend the record, not just ``LIN pc|``."""
    first, after = cards[0], len(cards) - 1
    more = f" and the {after} card{'s' * (after != 1)} after it" if after else ""
    whose = f"board {board.number}'s card" if board.number is not None else "the card"
    return f"{whose} {first}{more} (LIN pc|): {_why_unplayable(board, first)}"


def _why_unplayable(board: Board, text: str) -> str:
    """Why the card ``text`` could not follow the board's play: the rule it breaks (the same words as the
    reader's issue), or what was missing before it."""
    try:
        card = card_of(text)
    except BridgeError:
        return f"{text!r} is no card"
    if board.play is None:
        auction = board.auction
        if auction is not None and auction.is_complete and auction.final_contract is not None \
                and auction.final_contract.is_passed_out:
            return "a card played on a passed-out board"
        if auction is None or not auction.is_complete:
            return "a card played before the auction is complete"
        return "a play that could not be read"
    try:
        board.play.copy().add(card)
    except IllegalPlayError as e:
        return str(e)
    return "a card kept as written after an earlier problem in the play"


def write_boards(
    boards: Iterable[Board], out: TextIO, *, vugraph: bool | None = None, **options: Any
) -> None:
    """Boards as LIN (see `bridgetools.formats.lin_write`)."""
    from bridgetools.formats.lin_write import write_boards as write

    write(boards, out, vugraph=vugraph, **options)


def to_lin(board: Board) -> str:
    """One board as a LIN string (no line end), as handviewer URLs carry it."""
    from bridgetools.formats.lin_write import to_lin as one_board

    return one_board(board)


__all__ = [
    "EXTENSIONS",
    "LIN_SEATS",
    "LinRecord",
    "Pair",
    "call_text",
    "lin_held_for_others",
    "md_value",
    "parse_calls",
    "parse_lin_hand",
    "parse_md",
    "parse_result",
    "parse_vul",
    "read_boards",
    "read_pairs",
    "sniff",
    "to_lin",
    "write_boards",
]
