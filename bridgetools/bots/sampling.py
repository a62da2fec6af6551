"""What one player may see at the table, and layouts of the hidden cards consistent with it.

A `View` holds only a player's own hand, dummy once it is faced, and the cards played; the sampler
deals the unseen cards to the hidden hands so that every hand keeps its size, nobody holds a card of a
suit they have shown out of, and each hand fits what the auction said about it (`HandConstraint`, met
when it can be; the closest layout found otherwise, so an off-system call never makes sampling fail).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from bridgetools import evaluate
from bridgetools.dealer.batch import DealBatch, random_batch
from bridgetools.errors import BridgeError
from bridgetools.model import Card, Contract, Deal, Hand, Seat, Suit
from bridgetools.model.hand import holding_hcp
from bridgetools.rules import Play

__all__ = ["HandConstraint", "View", "sample_deals", "sample_layouts", "suit_lengths"]

_FULL = (1 << 52) - 1
_HCP = tuple(holding_hcp(h) for h in range(1 << 13))
"""High-card points of every 13-bit suit holding."""
GIVE_UP = 4
"""Layouts in a row that no try fitted after which a decision's remaining layouts are dealt without
the constraints: the auction said something these cards cannot match (an off-system call)."""


def suit_lengths(values: Iterable[int]) -> tuple[int, int, int, int]:
    """Four numbers, one a suit (C D H S), as the four-tuple `HandConstraint` keeps."""
    clubs, diamonds, hearts, spades = values
    return clubs, diamonds, hearts, spades


@dataclass(frozen=True, slots=True)
class HandConstraint:
    """What the auction showed about one hand: an HCP range and a length range per suit (C D H S)."""

    hcp_min: int = 0
    hcp_max: int = evaluate.MAX_HCP
    min_length: tuple[int, int, int, int] = (0, 0, 0, 0)
    max_length: tuple[int, int, int, int] = (13, 13, 13, 13)

    def loosened(self, hcp: int = 2, length: int = 1) -> HandConstraint:
        """The same ranges widened by ``hcp`` points and ``length`` cards a side, so that a hand a
        person bid a little off-system still fits."""
        return HandConstraint(
            max(0, self.hcp_min - hcp), min(evaluate.MAX_HCP, self.hcp_max + hcp),
            suit_lengths(max(0, n - length) for n in self.min_length),
            suit_lengths(min(13, n + length) for n in self.max_length),
        )

    def narrowed(self, other: HandConstraint) -> HandConstraint:
        """What both say: the intersection of the ranges (possibly empty, see `possible`)."""
        return HandConstraint(
            max(self.hcp_min, other.hcp_min), min(self.hcp_max, other.hcp_max),
            suit_lengths(max(a, b) for a, b in zip(self.min_length, other.min_length, strict=True)),
            suit_lengths(min(a, b) for a, b in zip(self.max_length, other.max_length, strict=True)),
        )

    @property
    def possible(self) -> bool:
        """Whether some thirteen-card hand fits: every range non-empty and the lengths able to make 13."""
        return (self.hcp_min <= self.hcp_max
                and all(lo <= hi for lo, hi in zip(self.min_length, self.max_length, strict=True))
                and sum(self.min_length) <= 13 <= sum(self.max_length))

    def misfit(self, hand: Hand) -> int:
        """How far ``hand`` is from the ranges (points and cards outside them); 0 when it fits."""
        return self.misfit_of(hand.mask)

    def misfit_of(self, mask: int) -> int:
        """`misfit` of a hand given as its 52-bit mask (the sampler judges thousands a decision)."""
        points = miss = 0
        for suit in range(4):
            holding = mask >> (13 * suit) & 0x1FFF
            points += _HCP[holding]
            n = holding.bit_count()
            miss += max(0, self.min_length[suit] - n, n - self.max_length[suit])
        return miss + max(0, self.hcp_min - points, points - self.hcp_max)


@dataclass(frozen=True, slots=True)
class View:
    """What ``seat`` may see: its own hand, dummy once the opening lead is made, the cards played.

    Declarer sees for dummy too, so the view of dummy's turn is declarer's.
    """

    seat: Seat
    contract: Contract
    declarer: Seat
    hand: Hand
    """The seat's thirteen cards as dealt (those played included)."""
    dummy: Hand | None
    """Dummy's thirteen cards once faced, else None."""
    played: tuple[tuple[Seat, Card], ...]
    voids: frozenset[tuple[Seat, Suit]] = field(default_factory=frozenset)
    """(seat, suit) pairs where the seat has failed to follow to that suit."""

    @classmethod
    def of_play(cls, play: Play, seat: Seat | None = None) -> View:
        """The view of ``seat`` (by default the one in turn; dummy's turn is declarer's) of ``play``.

        Reads from ``play.deal`` only that seat's hand and, after the opening lead, dummy's.
        """
        seat = play.turn if seat is None else seat
        if seat == play.dummy:
            seat = play.declarer
        deal = play.deal
        hand = deal[seat] if deal is not None else None
        if hand is None:
            raise BridgeError(f"{seat.full_name}'s hand is needed to choose a card")
        dummy = deal[play.dummy] if deal is not None and play.dummy_visible else None
        played: list[tuple[Seat, Card]] = []
        voids: set[tuple[Seat, Suit]] = set()
        for trick in play.trick_list:
            led = trick.cards[0].suit
            for i, card in enumerate(trick.cards):
                who = trick.seat_of(i)
                played.append((who, card))
                if card.suit != led:
                    voids.add((who, led))
        return cls(seat, play.contract, play.declarer, hand, dummy, tuple(played), frozenset(voids))

    @property
    def dummy_seat(self) -> Seat:
        return self.declarer.partner

    def played_by(self, seat: Seat) -> Hand:
        return Hand(sum(c.bit for s, c in self.played if s == seat))

    @property
    def played_cards(self) -> Hand:
        return Hand(sum(c.bit for _, c in self.played))

    @property
    def quitted_cards(self) -> Hand:
        """The cards of the completed tricks, turned and gone (Law 65): not those of the trick in progress,
        which still decide who wins it."""
        done = len(self.played) - len(self.played) % 4
        return Hand(sum(c.bit for _, c in self.played[:done]))

    def known(self) -> dict[Seat, Hand]:
        """The hands this seat sees, as dealt."""
        seen = {self.seat: self.hand}
        if self.dummy is not None:
            seen[self.dummy_seat] = self.dummy
        return seen

    def hidden_seats(self) -> list[Seat]:
        known = self.known()
        return [s for s in Seat if s not in known]

    def unseen(self) -> Hand:
        """Cards neither in a visible hand nor played: those the hidden hands hold now."""
        mask = _FULL & ~self.played_cards.mask
        for hand in self.known().values():
            mask &= ~hand.mask
        return Hand(mask)

    def remaining(self) -> dict[Seat, Hand]:
        """The visible hands' cards not yet played."""
        played = self.played_cards.mask
        return {s: Hand(h.mask & ~played) for s, h in self.known().items()}


def sample_layouts(view: View, count: int, rng: random.Random,
                   constraints: Mapping[Seat, HandConstraint] | None = None,
                   tries: int = 40, give_up: int = GIVE_UP) -> Iterator[Deal]:
    """Up to ``count`` deals of the cards still to be played, each consistent with ``view``.

    Each layout is the first of ``tries`` random deals of the unseen cards that fits every hidden
    seat's constraint (judged on the hand as dealt: what it holds now plus what it has played), or the
    one that fits best when none does; after ``give_up`` layouts in a row that none fitted, the rest
    are dealt without the constraints.
    """
    hidden = view.hidden_seats()
    remaining = view.remaining()
    unseen = view.unseen().cards()
    need = {s: 13 - len(view.played_by(s)) for s in hidden}
    played = {s: view.played_by(s).mask for s in hidden}
    rules = {s: c for s, c in (constraints or {}).items() if s in hidden}
    allowed = {c: [s for s in hidden if (s, c.suit) not in view.voids] for c in unseen}
    free = all(len(seats) == len(hidden) for seats in allowed.values())
    missed = 0
    for _ in range(count):
        best: dict[Seat, int] | None = None
        best_miss = -1
        for _ in range(tries if rules else 1):
            layout = _deal_free(unseen, need, rng) if free else _deal_once(unseen, allowed, need, rng)
            if layout is None:
                continue
            miss = sum(c.misfit_of(layout[s] | played[s]) for s, c in rules.items())
            if best is None or miss < best_miss:
                best, best_miss = layout, miss
            if miss == 0:
                break
        if best is None:
            return
        missed = missed + 1 if best_miss > 0 else 0
        if missed >= give_up:
            rules = {}
        hands: dict[Seat, Hand | None] = {s: remaining[s] for s in remaining}
        hands.update({s: Hand(m) for s, m in best.items()})
        yield Deal(hands)


BATCH = 2048
"""Deals dealt a numpy pass by `sample_deals`: with the auction's HCP and length ranges passing one deal in
ten to a few hundred, one or two passes give a decision its layouts."""
PASSES = 4
"""Numpy passes `sample_deals` makes before it loosens the ranges (a call off the system's meanings)."""
TESTS = 8
"""Deals a layout wanted that `sample_deals` offers to the finer test at most (a bound on its time)."""


def _fitting(batch: DealBatch, rules: Mapping[Seat, HandConstraint]) -> npt.NDArray[np.bool_]:
    """Which deals of ``batch`` give every seat a hand inside its ranges, judged for all deals at once."""
    ok = np.ones(batch.n, dtype=np.bool_)
    for seat, c in rules.items():
        points = batch.hcp(seat)
        ok &= (points >= c.hcp_min) & (points <= c.hcp_max)
        for suit in Suit:
            if c.min_length[suit] > 0 or c.max_length[suit] < 13:
                n = batch.length(seat, suit)
                ok &= (n >= c.min_length[suit]) & (n <= c.max_length[suit])
    return ok


def sample_deals(seat: Seat, hand: Hand, count: int, seed: int,
                 constraints: Mapping[Seat, HandConstraint] | None = None,
                 accept: Callable[[Mapping[Seat, Hand]], bool] | None = None) -> list[Deal]:
    """Up to ``count`` deals of the other three hands around ``hand`` (``seat``'s) before any card is
    played, what a bidder imagines the others hold after the auction so far, dealt by the dealer's numpy
    batches: the HCP and length ranges are tested for a whole batch at once, and only the deals inside
    them are offered to ``accept`` (a finer test, such as replaying partner's calls). When too few fit,
    the ranges are loosened, then dropped; ``seed`` fixes them all."""
    rng = np.random.default_rng(seed)
    rules = {s: c for s, c in (constraints or {}).items() if s != seat}
    out: list[Deal] = []
    tests = TESTS * count
    for ranges, test in ((rules, accept), ({s: c.loosened() for s, c in rules.items()}, None), ({}, None)):
        for _ in range(PASSES if ranges or test else 1):
            batch = random_batch(rng, BATCH, {seat: hand.mask})
            for i in np.flatnonzero(_fitting(batch, ranges)).tolist():
                row = [Hand(m) for m in batch.hands[i].tolist()]
                if test is not None:
                    tests -= 1
                    if tests < 0:
                        break
                if test is None or test(dict(zip(Seat, row, strict=True))):
                    out.append(Deal(row))
                    if len(out) == count:
                        return out
            if tests < 0:
                break
        if len(out) >= count // 2:
            break
    return out


def _deal_free(unseen: list[Card], need: Mapping[Seat, int], rng: random.Random) -> dict[Seat, int]:
    """One uniform deal of ``unseen`` when nobody has shown out of a suit they may hold: a shuffle."""
    cards = unseen[:]
    rng.shuffle(cards)
    masks: dict[Seat, int] = {}
    start = 0
    for seat, n in need.items():
        masks[seat] = sum(c.bit for c in cards[start:start + n])
        start += n
    return masks


def _deal_once(unseen: list[Card], allowed: Mapping[Card, list[Seat]], need: Mapping[Seat, int],
               rng: random.Random) -> dict[Seat, int] | None:
    """One random deal of ``unseen`` respecting voids and hand sizes (None on a dead end).

    The most restricted cards go first; each goes to one of its possible seats with probability in
    proportion to the room left there, which is the uniform deal when nobody has shown out.
    """
    cards = unseen[:]
    rng.shuffle(cards)
    cards.sort(key=lambda c: len(allowed[c]))
    room = dict(need)
    masks = dict.fromkeys(need, 0)
    for card in cards:
        seats = [s for s in allowed[card] if room[s] > 0]
        if not seats:
            return None
        total = sum(room[s] for s in seats)
        pick = rng.randrange(total)
        for seat in seats:
            pick -= room[seat]
            if pick < 0:
                break
        room[seat] -= 1
        masks[seat] |= card.bit
    return masks
