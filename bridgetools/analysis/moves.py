"""The auctions and plays of a session as arrays of codes: the `calls` and `plays` tables, and the
``auction``, ``play`` and ``lead`` columns of `boards`, a whole session at a time.

Python touches each auction and play once (`Moves.of_moves`): each keeps its calls or cards as bytes of
codes (`Auction.codes`, `Play.codes`), which are joined into two flat arrays; the seats, tricks and trick
winners are then worked out by numpy for every board at once."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from operator import is_not
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from bridgetools.analysis.schema import CALLS, SEATS, STRAINS, SUITS
from bridgetools.board import Board
from bridgetools.model import Annotation
from bridgetools.model.cards import Rank
from bridgetools.rules.auction import auction_records
from bridgetools.rules.play import play_records

if TYPE_CHECKING:
    from bridgetools.rules import Auction, Play

CARD_NAMES = tuple(f"{suit}{Rank(rank).char}" for suit in SUITS for rank in range(2, 15))
"""Every card by `Card.index` (clubs 2 first), as `str(Card)` writes it."""


_TRUMPS = (0, 1, 2, 3, -1)
"""The trump suit of a contract by its strain (clubs to spades; -1: no trumps)."""


def _codes(pieces: Sequence[bytes | bytearray]) -> npt.NDArray[np.int8]:
    """The codes of every auction's calls (or every play's cards), one after the other."""
    return np.frombuffer(b"".join(pieces), dtype=np.int8)


def _scattered(values: npt.NDArray[Any], where: npt.NDArray[np.bool_], missing: Any) -> npt.NDArray[Any]:
    """``values`` at the places ``where`` is true, in an array of ``where``'s length holding ``missing``
    elsewhere."""
    out = np.full(len(where), missing, dtype=values.dtype)
    out[where] = values
    return out


def flags(values: Sequence[object]) -> npt.NDArray[np.bool_]:
    """Whether each value is truthy (a non-empty dict or list...), as a bool array. One `any` first: most
    boards have no notes, tables or card annotations, and finding none that way is five times quicker
    than making a flag of each value (in one C loop, into bytes: quicker than `np.fromiter`)."""
    if not any(values):
        return np.zeros(len(values), dtype=np.bool_)
    return np.frombuffer(bytearray(map(bool, values)), dtype=np.bool_)


def _starts(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Offsets of each board's first item in the flat list (and the end): ``[0, c0, c0 + c1, ...]``."""
    return np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)


@dataclass
class Moves:
    """A session's calls and cards, flat, with each board's count (0 for a board without)."""

    calls: npt.NDArray[np.int8]
    """`CALLS` index of every call, board after board."""
    call_counts: npt.NDArray[np.int64]
    has_auction: npt.NDArray[np.bool_]
    dealer: npt.NDArray[np.int8]
    notes: dict[int, Annotation]
    """Annotations of calls by their position in ``calls``."""
    cards: npt.NDArray[np.int8]
    """`Card.index` of every card played, board after board."""
    card_counts: npt.NDArray[np.int64]
    has_play: npt.NDArray[np.bool_]
    declarer: npt.NDArray[np.int8]
    trump: npt.NDArray[np.int8]
    """The trump suit of each play (-1: no trumps, or no play)."""

    claimed: list[int | None]
    """Declarer's total tricks when a board's play ended by a claim (None without a claim or a play)."""
    card_notes: npt.NDArray[np.bool_]
    """Whether a board's play has annotated cards."""

    @classmethod
    def of(cls, boards: Sequence[Board]) -> Moves:
        """The moves of ``boards``."""
        return cls.of_moves([board.auction for board in boards], [board.play for board in boards])

    @classmethod
    def of_moves(cls, auctions: Sequence[Auction | None], plays: Sequence[Play | None]) -> Moves:
        """The moves of a session from each board's auction and play (None: the board has none): each
        auction and play is read once, by C loops (`auction_records`, `play_records`), its calls or
        cards in one piece (as `Auction.codes` and `Play.codes` give them), and no Python runs per call
        or card."""
        n = len(auctions)
        has_auction = np.fromiter(map(is_not, auctions, repeat(None)), dtype=np.bool_, count=n)
        given = cast("list[Auction]", list(compress(auctions, has_auction)))
        dealers, calls, annotations = zip(*auction_records(given), strict=True) if given else ((), (), ())
        call_counts = _scattered(np.fromiter(map(len, calls), dtype=np.int64, count=len(given)),
                                 has_auction, 0)
        notes: dict[int, Annotation] = {}
        if any(map(any, annotations)):
            starts = _starts(call_counts[has_auction]).tolist()
            for j in compress(range(len(given)), map(any, annotations)):
                notes.update((starts[j] + k, a) for k, a in enumerate(annotations[j]) if a is not None)
        has_play = np.fromiter(map(is_not, plays, repeat(None)), dtype=np.bool_, count=n)
        played = cast("list[Play]", list(compress(plays, has_play)))
        cards, declarers, strains, claims, card_notes = (
            zip(*play_records(played), strict=True) if played else ((), (), (), (), ()))
        claimed: list[int | None] = [None] * n
        for i, claim in zip(np.flatnonzero(has_play).tolist(), claims, strict=True):
            claimed[i] = claim
        strain = np.fromiter(strains, dtype=np.int8, count=len(played))
        return cls(
            _codes(calls), call_counts, has_auction,
            _scattered(np.fromiter(dealers, dtype=np.int8, count=len(given)), has_auction, -1), notes,
            _codes(cards),
            _scattered(np.fromiter(map(len, cards), dtype=np.int64, count=len(played)), has_play, 0),
            has_play,
            _scattered(np.fromiter(declarers, dtype=np.int8, count=len(played)), has_play, -1),
            _scattered(np.array(_TRUMPS, dtype=np.int8)[strain], has_play, -1), claimed,
            _scattered(flags(card_notes), has_play,
                       False),
        )

    def auction_column(self) -> pa.Array:
        """The ``auction`` column: each board's calls as a list of names (null without an auction)."""
        return _lists(self.calls, self.call_counts, self.has_auction, CALLS)

    def play_column(self) -> pa.Array:
        """The ``play`` column: each board's cards as a list of names (null without a play)."""
        return _lists(self.cards, self.card_counts, self.has_play, CARD_NAMES)

    def lead_column(self) -> pa.Array:
        """The ``lead`` column: each board's opening lead (null before it)."""
        led = self.card_counts > 0
        first = _starts(self.card_counts)[:-1]
        codes = np.where(led, self.cards[np.minimum(first, max(len(self.cards) - 1, 0))]
                         if len(self.cards) else 0, 0)
        return _names(CARD_NAMES, codes, ~led)

    def calls_columns(self, first_id: int = 0) -> dict[str, Any]:
        """The columns of the `calls` table (seat, call, strain as codes of their category lists)."""
        counts = self.call_counts
        board = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
        position = np.arange(len(self.calls), dtype=np.int64) - np.repeat(_starts(counts)[:-1], counts)
        code = self.calls.astype(np.int16)
        bid = code >= 3
        step = np.where(bid, code - 3, 0)  # bids from 1C: level - 1 and strain by fives
        level = step // 5
        return {
            "board_id": board + first_id,
            "position": position.astype(np.int16),
            "seat": ((np.repeat(self.dealer, counts).astype(np.int16) + position) & 3).astype(np.int8),
            "call": self.calls,
            "level": pa.array((level + 1).astype(np.int8), pa.int8(), mask=~bid),
            "strain": np.where(bid, step - level * 5, -1).astype(np.int8),  # a remainder is slow in numpy
            **self._notes_columns(len(code)),
        }

    def _notes_columns(self, n: int) -> dict[str, Any]:
        """The ``alert`` and ``explanation`` columns of the `calls` table, set at the annotated calls."""
        alert = np.zeros(n, dtype=np.bool_)
        if not self.notes:
            return {"alert": alert, "explanation": pa.nulls(n, pa.string())}
        where = np.fromiter(self.notes, dtype=np.int64, count=len(self.notes))
        alert[where] = [note.alert for note in self.notes.values()]
        pick = np.zeros(n, dtype=np.int32)
        pick[where] = np.arange(len(where), dtype=np.int32)
        noted = np.zeros(n, dtype=np.bool_)
        noted[where] = True
        texts = pa.array([note.explanation for note in self.notes.values()], pa.string())
        return {"alert": alert, "explanation": texts.take(pa.array(pick, pa.int32(), mask=~noted))}

    def plays_columns(self, first_id: int = 0) -> dict[str, Any]:
        """The columns of the `plays` table: each card with who played it, its trick and whether it won.

        The opening leader is declarer's left-hand opponent and each trick's winner leads to the next
        (the highest trump, else the highest card of the suit led): worked out trick by trick for all
        the boards at once.
        """
        counts = self.card_counts
        n = len(counts)
        slots = _PLACES[None, :] < counts[:, None]  # [board, position]: a card was played there
        grid = np.full((n, 52), -1, dtype=np.int8)  # the cards of each board in the order played
        grid[slots] = self.cards
        places = grid.reshape(n * 13, 4).T.copy()  # row k: the k-th card of every trick (-1: none)
        suit, wide = places // 13, places.astype(np.int16)  # within a suit, a higher code is a higher card
        trumps = suit == np.repeat(self.trump, 13)
        strength = np.where(trumps | (suit == suit[0]), wide + trumps * np.int16(100), np.int16(-1))
        strength[places < 0] = -2
        best = np.zeros(n * 13, dtype=np.int16)  # the winning card's place in each trick (the first best)
        top = strength[0]
        for k in (1, 2, 3):
            best[strength[k] > top] = k
            top = np.maximum(top, strength[k])
        done = counts[:, None] >= _TRICK_ENDS  # each trick complete
        moved = np.where(done, best.reshape(n, 13), 0)  # the lead passes that many seats on
        leader = (self.declarer[:, None] + 1 + np.cumsum(moved, axis=1, dtype=np.int16) - moved) & 3
        board = np.repeat(np.arange(n, dtype=np.int64), counts)
        position = np.broadcast_to(_PLACES, (n, 52))[slots]
        place = position & 3
        number = position // 4 + 1
        trick = board * 13 + (number - 1)  # each card's trick among all the boards' tricks
        codes = self.cards
        return {
            "board_id": board + first_id,
            "position": position,
            "trick": number,
            "seat": ((leader.reshape(-1)[trick] + place) & 3).astype(np.int8),
            "card": _names(CARD_NAMES, codes),
            "suit": codes // 13,
            "rank": codes - codes // 13 * 13 + 2,  # int8 division is quick, its remainder is not
            "won": pa.array(best[trick] == place, pa.bool_(), mask=~done.reshape(-1)[trick]),
        }


_PLACES = np.arange(52, dtype=np.int8)
_TRICK_ENDS = 4 * np.arange(1, 14)
"""The number of cards played when each trick is complete."""


def _names(names: tuple[str, ...], codes: npt.NDArray[Any], null: npt.NDArray[np.bool_] | None = None
           ) -> pa.Array:
    """The name of each code (null where ``null``), as a dictionary array over ``names``: text to any
    reader, written without hashing a string (see `bridgetools.analysis.export.written_schema`)."""
    indices = pa.array(codes.astype(np.int8), pa.int8(), mask=null)
    return pa.DictionaryArray.from_arrays(indices, _dictionary(names))


@functools.cache
def _dictionary(names: tuple[str, ...]) -> pa.Array:
    """``names`` as an Arrow array, made once: every batch's dictionary is the same object."""
    return pa.array(names, pa.string())


def _lists(codes: npt.NDArray[np.int8], counts: npt.NDArray[np.int64], present: npt.NDArray[np.bool_],
           names: tuple[str, ...]) -> pa.Array:
    values = _names(names, codes)
    offsets = pa.array(_starts(counts).astype(np.int32), pa.int32())
    return pa.ListArray.from_arrays(offsets, values, type=pa.list_(values.type),
                                    mask=pa.array(~present, pa.bool_()))


CODE_SETS = {"seat": SEATS, "call": CALLS, "strain": STRAINS, "suit": SUITS}
"""The category list each coded column of `calls_columns` and `plays_columns` indexes."""
