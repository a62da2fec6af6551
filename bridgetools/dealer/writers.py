"""Dealt boards written straight from the deal batches, a whole chunk of boards at a time.

A dealt board differs from the next only in its number, its deal and the Law 2 dealer and vulnerability,
so each format's text for a board is taken once from the general writer (`bridgetools.formats.write`)
as a template per place in the 16-board cycle, and filled for thousands of boards at once: suit holdings
from a table of the 8,192 holding strings, numbers as digit columns, all assembled as one numpy byte
array. The bytes are the general writer's; a template that cannot be checked falls back to it.
"""

from __future__ import annotations

import codecs
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import IO, TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from bridgetools.model.cards import SUITS_DISPLAY_ORDER, Seat, Vul

if TYPE_CHECKING:
    from bridgetools.dealer.batch import DealBatch
    from bridgetools.model import Deal

FAST_FORMATS = ("pbn", "lin", "text", "rbn")
"""Formats written from templates; the others go through the general writer board by board."""

CHUNK_BOARDS = 8192
"""Boards assembled per numpy pass: big enough to amortise numpy calls, small enough to stay in memory."""

FAST_FIRST_AT_MOST = 2**62
"""The last first board the templates number from: their board numbers are 64-bit (room for 2**62 boards);
a run numbered past it (``deal --first-board 10**22``) is written by the general writer, as any file is."""

_U64 = np.uint64
_SUIT_MASK = _U64(0x1FFF)


def write_batches(batches: Iterable[DealBatch], out: IO[str], fmt: str, *, first: int = 1,
                  dealer: Seat | None = None, vulnerability: Vul | None = None, event: str | None = None,
                  header: Sequence[str] = (), rotate: int = 0, unicode: bool = False,
                  progress: Callable[[int], None] | None = None) -> int:
    """Write the deals of ``batches`` as boards numbered from ``first`` in ``fmt`` and return how many.

    Dealer and vulnerability follow Law 2 unless given; ``rotate`` turns every deal that many seats
    clockwise; ``header`` lines become PBN ``%`` comments before the first tag (LIN: the first, the seed's,
    as an ``nt`` line before the first board). The bytes are those of
    `bridgetools.formats.write` over `bridgetools.dealer.boards` for the same boards; ``progress`` is called
    with the size of each batch once it is written.
    """
    options: dict[str, Any] = {"unicode": unicode} if fmt == "text" else {}
    stream: Any = out
    if fmt == "pbn":
        options["header"] = tuple(header)
    elif fmt == "lin":
        options["header"] = tuple(header[:1])  # the seed's line: a condition may hold '|', which LIN cannot
    board = _BoardMaker(fmt, first, dealer, vulnerability, event, getattr(stream, "encoding", None), options)
    rest = iter(batches)
    if fmt in FAST_FORMATS and first <= FAST_FIRST_AT_MOST:
        opening = next((b for b in rest if len(b)), None)
        templates = _Templates.build(board) if opening is not None else None
        if opening is not None and templates is not None:
            turned = (_turned(b.hands, rotate) for b in itertools.chain([opening], rest))
            written = _write_fast(templates, board, turned, stream, progress)
            _say_losses(board, written)
            return written
        rest = itertools.chain([opening] if opening is not None else [], rest)
    return _write_general(board, rest, stream, rotate, progress)


def _say_losses(board: _BoardMaker, written: int) -> None:
    """Say what the general writer says the ``written`` boards lose, as it says it (the templates are cut
    from boards it wrote with its warnings silenced): a board loses what the board one 16-board cycle
    before it does (the same Law 2 dealer and vulnerability, the run's Event), so one board of each place
    is written to find that, counted by the boards written there."""
    from bridgetools.dealer.batch import DealBatch, random_batch
    from bridgetools.formats._losses import Losses, held_back

    (deal,) = DealBatch(random_batch(np.random.default_rng(20), 1).hands).to_deals()
    total: Losses | None = None
    for place in range(min(16, written)):
        with held_back() as found:
            board.render_numbered([(board.first + place, deal)])
        for losses in found:
            total = total or Losses(losses.target)
            total.add_times(losses, len(range(place, written, 16)))
    if total is not None:
        total.warn()


def _turned(hands: npt.NDArray[np.uint64], rotate: int) -> npt.NDArray[np.uint64]:
    """The hands turned ``rotate`` seats clockwise: North's hand goes to East for 1."""
    return np.roll(hands, rotate % 4, axis=1) if rotate % 4 else hands


# The general path --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _BoardMaker:
    """The boards of the run as the general writer sees them, and that writer's text for a few of them."""

    fmt: str
    first: int
    dealer: Seat | None
    vulnerability: Vul | None
    event: str | None
    encoding: str | None
    options: dict[str, Any]

    def boards(self, deals: list[Deal] | Iterator[Deal], first: int | None = None) -> Iterator[Any]:
        """The deals as the run's boards, numbered from ``first`` (the run's first)."""
        from bridgetools.dealer import boards

        return boards(deals, first=self.first if first is None else first, dealer=self.dealer,
                      vulnerable=self.vulnerability, event=self.event)

    def render(self, boards: Iterable[Any]) -> str:
        """What the general writer writes for ``boards`` (its warnings are about these few boards, which
        are samples or the first of many: not shown; `_say_losses` says the run's)."""
        import warnings

        from bridgetools.formats import write

        capture = _Capture(self.encoding)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            write(boards, capture, self.fmt, **self.options)  # type: ignore[arg-type]  # _Capture is a text sink
        return "".join(capture.parts)

    def render_numbered(self, rows: Sequence[tuple[int, Deal]]) -> str:
        """The general writer's text for deals with the given board numbers."""
        return self.render(board for number, deal in rows for board in self.boards([deal], number))

    def dealer_of(self, number: int) -> Seat:
        return self.dealer if self.dealer is not None else Seat.dealer_of_board(number)

    def vulnerability_of(self, number: int) -> Vul:
        return self.vulnerability if self.vulnerability is not None else Vul.of_board(number)


class _Capture:
    """A text stream that keeps what is written, with the encoding of the stream it stands for."""

    def __init__(self, encoding: str | None) -> None:
        self.parts: list[str] = []
        if encoding is not None:
            self.encoding = encoding

    def write(self, text: str) -> int:
        self.parts.append(text)
        return len(text)


def _write_general(board: _BoardMaker, batches: Iterable[DealBatch], stream: Any, rotate: int,
                   progress: Callable[[int], None] | None) -> int:
    """Every board through the general writer, one `Board` object at a time."""
    from bridgetools.dealer.batch import DealBatch
    from bridgetools.formats import write

    count = 0

    def deals() -> Iterator[Deal]:
        nonlocal count
        for batch in batches:
            yield from DealBatch(_turned(batch.hands, rotate)).to_deals()
            count += len(batch)
            if progress is not None:
                progress(len(batch))

    write(board.boards(deals()), stream, board.fmt, **board.options)
    return count


# Byte columns ------------------------------------------------------------------------------------

Column = npt.NDArray[np.uint8]
"""Bytes of every board: ``uint8[n, w]``, one row a board, zero bytes left out (rows of a padded table);
or ``uint8[w]``, a literal written for every board."""


def literal_column(text: str) -> Column:
    """The same bytes for every board (a tag name, a separator)."""
    return np.frombuffer(text.encode(), dtype=np.uint8)


def text_table(strings: Sequence[str]) -> Column:
    """Strings as the rows of a table padded with zero bytes: index it with an array to gather a column."""
    data = [s.encode() for s in strings]
    table = np.zeros((len(data), max((len(b) for b in data), default=0)), dtype=np.uint8)
    for i, b in enumerate(data):
        table[i, : len(b)] = np.frombuffer(b, dtype=np.uint8)
    return table


def digit_column(numbers: npt.NDArray[np.int64]) -> Column:
    """Decimal numbers, right-aligned in a column as wide as the largest, leading zeros left out."""
    width = len(str(int(numbers.max())))
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    digits = ((numbers[:, None] // powers) % 10 + ord("0")).astype(np.uint8)
    digits[numbers[:, None] < powers] = 0
    digits[:, -1] = (numbers % 10 + ord("0")).astype(np.uint8)
    return digits


def assemble(columns: Sequence[Column], n: int) -> str:
    """The boards' texts one after the other: each column's bytes for each board, in column order."""
    block = _block(columns, n)
    flat = block.ravel()
    return _decoded(flat[flat != 0])


def _decoded(data: Column) -> str:
    """UTF-8 bytes as text, read in place (several times faster than ``tobytes().decode()``)."""
    text: str = codecs.utf_8_decode(np.ascontiguousarray(data).data, "strict", True)[0]
    return text


def _block(columns: Sequence[Column], n: int) -> Column:
    """The columns side by side, a literal repeated on every row."""
    block = np.empty((n, sum(c.shape[-1] for c in columns)), dtype=np.uint8)
    at = 0
    for column in columns:
        end = at + column.shape[-1]
        block[:, at:end] = column
        at = end
    return block


@cache
def holding_ranks(void: str = "") -> Column:
    """The rank string of every 13-bit holding (``holding_str``, ``void`` for none), zero-padded."""
    from bridgetools.dealer.tables import HOLDINGS
    from bridgetools.model.cards import RANK_CHARS

    held = ((np.arange(HOLDINGS)[:, None] >> np.arange(12, -1, -1)) & 1).astype(np.bool_)  # ace first
    place = np.cumsum(held, axis=1) - 1
    table = np.zeros((HOLDINGS, 13), dtype=np.uint8)
    rows, ranks = np.nonzero(held)
    table[rows, place[rows, ranks]] = np.frombuffer(RANK_CHARS[::-1].encode(), dtype=np.uint8)[ranks]
    table[0, : len(void)] = np.frombuffer(void.encode(), dtype=np.uint8)
    return table


@cache
def _lanes(before: bytes, after: bytes) -> tuple[npt.NDArray[np.uint64], ...]:
    """``before``, a holding's ranks and ``after`` (at most 16 bytes), for every holding, as the low and
    high little-endian halves of a 128-bit number, and the bits they fill."""
    ranks = holding_ranks()
    item = np.zeros((len(ranks), 16), dtype=np.uint8)
    item[:, : len(before)] = np.frombuffer(before, dtype=np.uint8)
    item[:, len(before) : len(before) + 13] = ranks
    ends = np.bitwise_count(np.arange(len(ranks), dtype=np.uint16)).astype(np.intp) + len(before)
    for k, byte in enumerate(after):
        item[np.arange(len(ranks)), ends + k] = byte
    lanes = item.view("<u8")
    return lanes[:, 0].copy(), lanes[:, 1].copy(), (8 * (ends + len(after))).astype(np.uint64)


def _holding(hands: npt.NDArray[np.uint64], seat: int, suit: int) -> npt.NDArray[np.intp]:
    return ((hands[:, seat] >> _U64(13 * suit)) & _SUIT_MASK).astype(np.intp)


def hand_field(hand: npt.NDArray[np.uint64], items: Sequence[tuple[bytes, bytes]]) -> Column:
    """Each hand's suits, spades first, each between its ``items`` pair (``before``, ``after``), one after
    the other in 16 bytes (zero bytes after a hand of fewer than 13 cards): four holdings placed by shifts
    of a 128-bit number held in two 64-bit halves."""
    low = np.zeros(len(hand), dtype="<u8")
    high = np.zeros(len(hand), dtype="<u8")
    shift = np.zeros(len(hand), dtype=np.uint64)  # bits already filled
    for suit, (before, after) in zip(SUITS_DISPLAY_ORDER, items, strict=True):
        holding = (hand >> _U64(13 * suit)) & _SUIT_MASK
        table_low, table_high, table_bits = _lanes(before, after)
        part_low, part_high = table_low[holding], table_high[holding]
        low |= part_low << shift
        # Shifts of 64 bits or more give 0 in numpy, so both branches are safe to compute.
        high |= np.where(shift < 64, (part_high << shift) | (part_low >> (_U64(64) - shift)),
                         part_low << (shift - _U64(64)))
        shift += table_bits[holding]
    return np.stack([low, high], axis=1).view(np.uint8)


# Deals as each format writes them ----------------------------------------------------------------

DealColumns = Callable[[npt.NDArray[np.uint64], npt.NDArray[np.intp], bool], list[Column]]
"""The columns of the deals of a chunk (hands ``uint64[n, 4]``, dealers ``intp[n]``, unicode)."""


def pbn_deal_columns(hands: npt.NDArray[np.uint64], dealers: npt.NDArray[np.intp],
                     unicode: bool) -> list[Column]:
    """``E:AK.. ...``: the four hands from the dealer round, suits separated by dots (69 bytes)."""
    rows = np.arange(len(hands))
    columns = [text_table([f"{s.name}:" for s in Seat])[dealers]]
    for i in range(4):
        if i:
            columns.append(literal_column(" "))
        columns.append(hand_field(hands[rows, (dealers + i) % 4], PBN_SUITS))
    return [_block(columns, len(hands))]


PBN_SUITS = ((b"", b"."), (b"", b"."), (b"", b"."), (b"", b""))
_LIN_SUITS = ((b"", b""), (b"H", b""), (b"D", b""), (b"C", b""))  # the S is written before the field


def _lin_deal(hands: npt.NDArray[np.uint64], dealers: npt.NDArray[np.intp], unicode: bool) -> list[Column]:
    """The hands of an ``md`` value: South, West, North, East, each ``S..H..D..C..`` (71 bytes)."""
    from bridgetools.formats.lin_codes import LIN_SEATS

    columns = []
    for i, seat in enumerate(LIN_SEATS):
        columns.append(literal_column("S" if not i else ",S"))
        columns.append(hand_field(hands[:, seat], _LIN_SUITS))
    return [_block(columns, len(hands))]


def _text_deal(hands: npt.NDArray[np.uint64], dealers: npt.NDArray[np.intp], unicode: bool) -> list[Column]:
    """`bridgetools.formats.text.diagram`: North, West and East with the HCP, South; voids as ``-``."""
    from bridgetools.dealer.tables import hcp_table
    from bridgetools.formats.text import suit_mark

    ranks = holding_ranks("-")
    spaces = text_table([" " * k for k in range(19)])
    figures = text_table([f"{k:2d}" for k in range(41)])
    lengths = {s: np.maximum(np.bitwise_count(_holding(hands, Seat.W, s)), 1) for s in SUITS_DISPLAY_ORDER}
    side = np.maximum(np.max(np.stack(list(lengths.values())), axis=0) + 5, 15)
    points = {seat: np.sum([hcp_table()[_holding(hands, seat, s)] for s in SUITS_DISPLAY_ORDER], axis=0,
                           dtype=np.intp) for seat in Seat}
    marks = {suit: literal_column(suit_mark(suit, unicode) + " ") for suit in SUITS_DISPLAY_ORDER}
    middle = [
        [literal_column(" " * 15)],
        [literal_column("   N "), figures[points[Seat.N]], literal_column(" " * 8)],
        [literal_column("W "), figures[points[Seat.W]], literal_column("  E "), figures[points[Seat.E]],
         literal_column(" " * 5)],
        [literal_column("   S "), figures[points[Seat.S]], literal_column(" " * 8)],
    ]
    columns: list[Column] = []

    def alone(seat: Seat) -> None:
        for suit in SUITS_DISPLAY_ORDER:
            columns.extend([spaces[side], marks[suit], ranks[_holding(hands, seat, suit)],
                            literal_column("\n")])

    alone(Seat.N)
    for row, suit in enumerate(SUITS_DISPLAY_ORDER):
        columns += [marks[suit], ranks[_holding(hands, Seat.W, suit)], spaces[side - 2 - lengths[suit]],
                    *middle[row], marks[suit], ranks[_holding(hands, Seat.E, suit)], literal_column("\n")]
    alone(Seat.S)
    del columns[-1]
    return columns


def _rbn_deal(hands: npt.NDArray[np.uint64], dealers: npt.NDArray[np.intp], unicode: bool) -> list[Column]:
    """An H line's ``W:west:north:east:``, suits separated by dots (53 bytes), and South after it where
    it is not the cards the other three hands of 13 leave (an end position: `rbn._hands_line`)."""
    west, north, east, south = (hands[:, seat] for seat in (Seat.W, Seat.N, Seat.E, Seat.S))
    columns = [literal_column("W:")]
    for hand in (west, north, east):
        columns += [hand_field(hand, PBN_SUITS), literal_column(":")]
    thirteen = [np.bitwise_count(hand) == 13 for hand in (west, north, east)]
    rest = np.logical_and.reduce(thirteen) & (south == (_U64((1 << 52) - 1) & ~(west | north | east)))
    told = hand_field(south, PBN_SUITS)
    told[rest] = 0  # zero bytes: nothing written
    return [_block([*columns, told], len(hands))]


DEAL_COLUMNS: dict[str, tuple[DealColumns, bool]] = {
    "pbn": (pbn_deal_columns, True), "lin": (_lin_deal, True), "text": (_text_deal, False),
    "rbn": (_rbn_deal, True),
}
"""Per format: the deal's columns, and whether they are one column of fixed width with no zero byte."""


# Templates ---------------------------------------------------------------------------------------

_DEAL, _NUMBER = 0, 1  # the slots of a template
_POWERS_OF_TEN = 10 ** np.arange(1, 19, dtype=np.int64)  # how many of them a number reaches: its digits - 1
_Row = tuple[Column, list[list[int]], list[list[int]]]


@dataclass(frozen=True)
class _Templates:
    """The text of a board after the first, per place in the 16-board cycle: literal pieces around the
    board number and the deal."""

    slots: tuple[int, ...]
    literals: list[list[bytes]]  # per template: the pieces before each slot and after the last
    pieces: list[Column]  # the same per piece: a literal, or a table with a row per template
    template_of: npt.NDArray[np.intp]  # (number - 1) % 16 -> the template
    dealer_of: npt.NDArray[np.intp]  # (number - 1) % 16 -> the dealer's seat
    deal_columns: DealColumns
    fixed: bool  # the deal is one fixed-width column
    unicode: bool
    rows: dict[tuple[int, int, int], _Row] = field(default_factory=dict)  # `_row`'s, made as needed

    @classmethod
    def build(cls, board: _BoardMaker) -> _Templates | None:
        """The templates of ``board``'s format for the boards after the run's first, from the general
        writer's text for a board of each dealer and vulnerability written after a first board; None when
        that text does not split so, or the templates do not give back its text for 16 boards in a row."""
        from bridgetools.dealer.batch import DealBatch, random_batch

        deal_columns, fixed = DEAL_COLUMNS[board.fmt]
        unicode = bool(board.options.get("unicode"))
        hands = random_batch(np.random.default_rng(20), 17).hands
        deals = DealBatch(hands).to_deals()
        head = board.render_numbered([(board.first, deals[0])])
        lead = [(board.first, deals[16])]  # a first board, before each board after it
        led = board.render_numbered(lead)
        bodies: dict[tuple[Seat, Vul], tuple[str, int]] = {}  # a board after the first, and its number
        template_of = np.zeros(16, dtype=np.intp)
        dealer_of = np.zeros(16, dtype=np.intp)
        for place in range(16):  # board first + 1 + place
            number = board.first + 1 + place
            key = board.dealer_of(number), board.vulnerability_of(number)
            dealer_of[place] = key[0]
            if key not in bodies:
                # A number with the same Law 2 dealer and vulnerability, written nowhere else. The board is
                # written second, so that what the first carries for those after it (RBN's header labels)
                # is left out of it, and what comes between two boards is its own.
                far = next(f for b in (62_500, 6_250_010, 62_500_100)
                           if str(f := 16 * b + (number - 1) % 16 + 1) not in head + led)
                pair = board.render_numbered([*lead, (far, deals[0])])
                if not pair.startswith(led):
                    return None
                bodies[key] = pair[len(led):], far
            template_of[place] = list(bodies).index(key)
        dealers = sorted({dealer for dealer, _ in bodies})
        texts = [assemble(deal_columns(hands[:1], np.array([d], dtype=np.intp), unicode), 1)
                 for d in dealers]
        found = [_split(body, texts[dealers.index(dealer)], str(far))
                 for (dealer, _), (body, far) in bodies.items()]
        slots = tuple(p for p in found[0] if isinstance(p, int))
        if any(tuple(p for p in t if isinstance(p, int)) != slots for t in found):
            return None
        literals = [[p.encode() for p in t if isinstance(p, str)] for t in found]
        if any(b"\0" in literal for t in literals for literal in t):
            return None  # a zero byte is how a column says "nothing here"
        pieces = [
            np.frombuffer(texts[0], dtype=np.uint8) if len(set(texts)) == 1
            else text_table([t.decode() for t in texts])
            for texts in zip(*literals, strict=True)
        ]
        turn = board.first % 16  # place p is board first + 1 + p: index by (number - 1) % 16 instead
        made = cls(slots, literals, pieces, np.roll(template_of, turn), np.roll(dealer_of, turn),
                   deal_columns, fixed, unicode)
        text = board.render_numbered([(board.first + i, deals[i]) for i in range(17)])
        numbers = board.first + 1 + np.arange(16, dtype=np.int64)
        if not text.startswith(head) or made.text(hands[1:17], numbers) != text[len(head):]:
            return None
        return made

    def text(self, hands: npt.NDArray[np.uint64], numbers: npt.NDArray[np.int64]) -> str:
        """The boards' text: whole 16-board cycles as rows of one array when the deal is of fixed width and
        the numbers of as many digits, the rest column by column."""
        parts = []
        fixed = self.fixed
        digits = np.searchsorted(_POWERS_OF_TEN, numbers, side="right") if fixed else np.zeros_like(numbers)
        cuts = [0, *np.flatnonzero(np.diff(digits)) + 1, len(numbers)]
        for start, stop in itertools.pairwise(cuts):
            cycles = (stop - start) // 16 if self.fixed else 0
            whole = slice(start, start + 16 * cycles)
            if cycles:
                parts.append(self._cycles(hands[whole], numbers[whole]))
            if start + 16 * cycles < stop:
                rest = slice(start + 16 * cycles, stop)
                parts.append(assemble(self._columns(hands[rest], numbers[rest]), stop - rest.start))
        return "".join(parts)

    def _columns(self, hands: npt.NDArray[np.uint64], numbers: npt.NDArray[np.int64]) -> list[Column]:
        place = (numbers - 1) % 16
        which = self.template_of[place]
        deal = self.deal_columns(hands, self.dealer_of[place], self.unicode)
        number = digit_column(numbers)
        columns: list[Column] = []
        for piece, slot in zip(self.pieces, (*self.slots, None), strict=True):
            columns.append(piece if piece.ndim == 1 else piece[which])
            if slot == _DEAL:
                columns += deal
            elif slot == _NUMBER:
                columns.append(number)
        return columns

    def _cycles(self, hands: npt.NDArray[np.uint64], numbers: npt.NDArray[np.int64]) -> str:
        """Boards 16 to a row, each row laid out alike (numbers of equal length, deals of fixed width): the
        literal pieces are copied as one row, then the numbers and deals go into their columns."""
        place = (numbers - 1) % 16
        (deal,) = self.deal_columns(hands, self.dealer_of[place], self.unicode)
        if not deal.all():  # a hand of fewer than 13 cards: the deals are not all of one width
            return assemble(self._columns(hands, numbers), len(numbers))
        number = digit_column(numbers)
        row, deal_at, number_at = self._row(int(place[0]), number.shape[1], deal.shape[1])
        block = np.empty((len(numbers) // 16, len(row)), dtype=np.uint8)
        block[:] = row
        for p in range(16):
            for at in deal_at[p]:
                block[:, at : at + deal.shape[1]] = deal[p::16]
            for at in number_at[p]:
                block[:, at : at + number.shape[1]] = number[p::16]
        return _decoded(block)

    def _row(self, start: int, digits: int, deal: int) -> _Row:
        """The literal bytes of 16 boards from place ``start`` with zeros where the numbers (``digits``
        wide) and deals (``deal`` wide) go, and where each board's go."""
        key = (start, digits, deal)
        if key not in self.rows:
            parts: list[bytes] = []
            deal_at: list[list[int]] = [[] for _ in range(16)]
            number_at: list[list[int]] = [[] for _ in range(16)]
            at = 0
            for p in range(16):
                literals = self.literals[self.template_of[(start + p) % 16]]
                for literal, slot in zip(literals, (*self.slots, None), strict=True):
                    parts.append(literal)
                    at += len(literal)
                    if slot is not None:
                        width = deal if slot == _DEAL else digits
                        (deal_at if slot == _DEAL else number_at)[p].append(at)
                        parts.append(bytes(width))
                        at += width
            self.rows[key] = (np.frombuffer(b"".join(parts), dtype=np.uint8), deal_at, number_at)
        return self.rows[key]


def _split(text: str, deal: str, number: str) -> list[str | int]:
    """``text`` as literal pieces around the deal's and the number's places (a piece before, between and
    after them, perhaps empty)."""
    pieces: list[str | int] = []
    for i, part in enumerate(text.split(deal)):
        if i:
            pieces.append(_DEAL)
        for j, bit in enumerate(part.split(number)):
            if j:
                pieces.append(_NUMBER)
            pieces.append(bit)
    return pieces


def _write_fast(templates: _Templates, board: _BoardMaker, hands: Iterator[npt.NDArray[np.uint64]],
                stream: Any, progress: Callable[[int], None] | None) -> int:
    """The first board through the general writer (file heading and all), the rest from the templates."""
    from bridgetools.dealer.batch import DealBatch

    count = 0
    for block in hands:
        start = 0
        if count == 0:
            stream.write(board.render(board.boards(DealBatch(block[:1]).to_deals())))
            start = 1
        for at in range(start, len(block), CHUNK_BOARDS):
            part = block[at : at + CHUNK_BOARDS]
            numbers = board.first + count + at + np.arange(len(part), dtype=np.int64)
            stream.write(templates.text(part, numbers))
        count += len(block)
        if progress is not None:
            progress(len(block))
    return count
