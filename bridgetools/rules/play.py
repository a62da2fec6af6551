"""The play (Laws 41-47 and 68-71 in outline): who leads, following suit, trick winners, claims."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bridgetools.errors import IllegalPlayError
from bridgetools.model.calls import Annotation, Contract
from bridgetools.model.cards import Card, Seat, Suit
from bridgetools.model.hand import Deal

_SEATS = tuple(Seat)


def trick_winner(leader: Seat, cards: Iterable[Card], trump: Suit | None) -> Seat:
    """Who wins a trick: the highest trump, else the highest card of the suit led (Law 44E, 44F)."""
    cards = list(cards)
    if not cards:
        raise IllegalPlayError("an empty trick has no winner")
    led = cards[0].suit

    def strength(card: Card) -> int:
        if trump is not None and card.suit == trump:
            return 100 + card.rank
        return card.rank if card.suit == led else 0

    best = max(range(len(cards)), key=lambda i: strength(cards[i]))
    return leader.offset(best)


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: who led, the cards in the order played, and (when complete) who won it."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    def seat_of(self, index: int) -> Seat:
        return self.leader.offset(index)

    def card_of(self, seat: Seat) -> Card | None:
        i = (seat - self.leader) % 4
        return self.cards[i] if i < len(self.cards) else None


class Play:
    """The cards played to a contract, in order; each card is checked as it is added.

    The opening lead is made by declarer's left-hand opponent; then the winner of each trick leads.
    Hands that are unknown in ``deal`` are not checked for holding or following suit.
    """

    def __init__(
        self,
        deal: Deal | None,
        contract: Contract | str,
        declarer: Seat | str,
        cards: Iterable[Card | str] = (),
    ) -> None:
        self.deal = deal
        self.contract = Contract.from_str(contract)
        if self.contract.is_passed_out:
            raise IllegalPlayError("a passed-out board has no play")
        self.declarer = Seat.parse(declarer)
        assert self.contract.strain is not None
        self.trump: Suit | None = self.contract.strain.suit
        self._cards: list[Card] = []
        self._annotations: dict[int, Annotation] = {}
        self._played = 0  # bit mask of cards played
        self._tricks: list[Trick] = []
        self._leader = self.declarer.lho
        self.claimed: int | None = None
        """Declarer's total tricks when play ended by a claim (or concession)."""
        for card in cards:
            self.add(card)

    # State --------------------------------------------------------------------------------
    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """Declarer's left-hand opponent makes the opening lead (Law 41A)."""
        return self.declarer.lho

    @property
    def dummy_visible(self) -> bool:
        """Whether dummy's hand is faced: from the opening lead on (Law 41D)."""
        return bool(self._cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._cards)

    @property
    def annotations(self) -> dict[int, Annotation]:
        """Annotations (notes, NAGs, suffixes) of cards by their index in `cards`."""
        return self._annotations

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Completed tricks, then the trick in progress (if any) with ``winner`` None."""
        current = self.current_trick
        return tuple(self._tricks) + ((current,) if current.cards else ())

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        return tuple(self._tricks)

    @property
    def current_trick(self) -> Trick:
        start = len(self._tricks) * 4
        return Trick(self._leader, tuple(self._cards[start:]), None)

    @property
    def turn(self) -> Seat:
        """Who plays next."""
        return self._leader.offset(len(self._cards) - len(self._tricks) * 4)

    @property
    def is_complete(self) -> bool:
        """All thirteen tricks played, or the play ended by a claim."""
        return self.claimed is not None or len(self._tricks) == 13

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by declarer's side so far (by the cards; see `result` for claims)."""
        return self.tricks_won(self.declarer)

    @property
    def defender_tricks(self) -> int:
        return len(self._tricks) - self.declarer_tricks

    def tricks_won(self, side: Seat | str) -> int:
        """Completed tricks won so far by the side of ``side`` (a seat, or ``"NS"``/``"EW"``)."""
        name = side if side in ("NS", "EW") else Seat.parse(side).side
        return sum(1 for t in self._tricks if t.winner is not None and t.winner.side == name)

    @property
    def result(self) -> int | None:
        """Declarer's total tricks once the play is over (by claim or 13 tricks), else None."""
        if self.claimed is not None:
            return self.claimed
        return self.declarer_tricks if len(self._tricks) == 13 else None

    # Moves --------------------------------------------------------------------------------
    def why_illegal(self, card: Card) -> str | None:
        """The rule that playing ``card`` now would break, or None when it is legal."""
        if self.is_complete:
            return "the play is over"
        if self._played & card.bit:
            return f"{card} has already been played"
        seat = self.turn
        if self.deal is None:
            return None
        hand = self.deal[seat]
        if hand is None:
            holder = self.deal.holder(card)
            return None if holder is None else f"{card} is held by {holder.full_name}"
        if card not in hand:
            holder = self.deal.holder(card)
            who = f" ({holder.full_name} holds it)" if holder is not None else ""
            return f"{seat.full_name} does not hold {card}{who}"
        trick = self.current_trick
        if trick.cards:
            led = trick.cards[0].suit
            remaining = hand.mask & ~self._played
            if card.suit != led and remaining >> (13 * led) & 0x1FFF:
                return f"{seat.full_name} must follow suit to {led.full_name} (Law 44C)"
        return None

    def legal_cards(self) -> list[Card]:
        """Cards the player in turn may play (empty when that hand is unknown)."""
        if self.deal is None or self.deal[self.turn] is None or self.is_complete:
            return []
        hand = self.deal[self.turn]
        assert hand is not None
        return [c for c in hand if self.why_illegal(c) is None]

    def add(self, card: Card | str, annotation: Annotation | None = None) -> Seat | None:
        """Play ``card`` for the player in turn; returns the trick's winner when it completes it."""
        parsed = Card.parse(card)
        why = self.why_illegal(parsed)
        if why is not None:
            raise IllegalPlayError(
                f"illegal play {parsed} by {self.turn.full_name} "
                f"(trick {len(self._tricks) + 1}): {why}"
            )
        self._cards.append(parsed)
        self._played |= parsed.bit
        if annotation:
            self._annotations[len(self._cards) - 1] = annotation
        trick = self.current_trick
        if len(trick.cards) == 4:
            winner = trick_winner(trick.leader, trick.cards, self.trump)
            self._tricks.append(Trick(trick.leader, trick.cards, winner))
            self._leader = winner
            return winner
        return None

    def add_if_legal(self, card: Card) -> bool:
        """Play ``card`` and return True when `add` would accept it; else change nothing and return
        False (`add` then gives the reason). The checks of `why_illegal` done on bit masks, for
        readers that play thousands of cards in playing order (LIN)."""
        tricks = self._tricks
        if self.claimed is not None or len(tricks) == 13:
            return False
        index = card.index
        bit = 1 << index
        played = self._played
        if played & bit:
            return False
        cards = self._cards
        start = len(tricks) * 4
        k = len(cards) - start
        leader = self._leader
        deal = self.deal
        if deal is not None:
            hand = deal.hands[(leader + k) % 4]
            if hand is None:
                if deal.holder(card) is not None:
                    return False
            else:
                mask = hand.mask
                if not mask & bit:
                    return False
                if k:
                    led = cards[start].suit
                    if index // 13 != led and (mask & ~played) >> (13 * led) & 0x1FFF:
                        return False
        cards.append(card)
        self._played = played | bit
        if k == 3:
            trick = tuple(cards[start:])
            winner = trick_winner(leader, trick, self.trump)
            tricks.append(Trick(leader, trick, winner))
            self._leader = winner
        return True

    def add_tricks_by_seat(
        self,
        rows: Sequence[Sequence[Card | None]],
        first: Seat,
        annotations: Mapping[tuple[int, int], Annotation] | None = None,
    ) -> None:
        """Play tricks given as trick records write them: one row per trick, each card in its seat's
        column, column 0 being ``first`` (PBN's Play section). The playing order comes from the
        trick winners. Stops at the first missing card (None); a card `add` would refuse goes
        through `add`, which raises its error with the cards before it played. ``annotations`` are
        keyed by (row, column).
        """
        if self._cards[len(self._tricks) * 4 :] or self.claimed is not None:
            self._add_rows_one_by_one(rows, 0, first, annotations)
            return
        masks = None if self.deal is None else [None if h is None else h.mask for h in self.deal.hands]
        trump = -1 if self.trump is None else int(self.trump)
        played, leader, base = self._played, int(self._leader), int(first)
        for t, row in enumerate(rows):
            if len(self._tricks) == 13:
                self._add_rows_one_by_one(rows, t, first, annotations)  # raises: the play is over
                return
            cards: list[Card] = []
            led = best_strength = -1
            best = leader
            for k in range(4):
                seat = (leader + k) % 4
                column = (seat - base) % 4
                card = row[column] if column < len(row) else None
                if card is None:
                    break
                index = card.index
                bit = 1 << index
                mask = masks[seat] if masks is not None else 0
                suit, rank = divmod(index, 13)
                if (
                    played & bit
                    or (masks is not None and (mask is None or not mask & bit))
                    or (k and suit != led and mask and (mask & ~played) >> (13 * led) & 0x1FFF)
                ):
                    self._cards.extend(cards)
                    self._played, self._leader = played, _SEATS[leader]
                    self._add_rows_one_by_one(rows, t, first, annotations)
                    return
                if k == 0:
                    led = suit
                strength = 100 + rank if suit == trump else (rank if suit == led else -1)
                if strength > best_strength:
                    best_strength, best = strength, seat
                cards.append(card)
                played |= bit
                if annotations:
                    annotation = annotations.get((t, column))
                    if annotation:
                        self._annotations[len(self._cards) + len(cards) - 1] = annotation
            self._cards.extend(cards)
            if len(cards) < 4:
                break
            self._tricks.append(Trick(_SEATS[leader], tuple(cards), _SEATS[best]))
            leader = best
        self._played, self._leader = played, _SEATS[leader]

    def _add_rows_one_by_one(
        self,
        rows: Sequence[Sequence[Card | None]],
        start: int,
        first: Seat,
        annotations: Mapping[tuple[int, int], Annotation] | None,
    ) -> None:
        """`add_tricks_by_seat` card by card through `add`, from row ``start`` (cards of that row
        already played are skipped)."""
        for t in range(start, len(rows)):
            row = rows[t]
            done = len(self._cards) - len(self._tricks) * 4
            for _ in range(done, 4):
                column = (self.turn - first) % 4
                card = row[column] if column < len(row) else None
                if card is None:
                    return
                self.add(card, annotations.get((t, column)) if annotations else None)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled compactly (card indices and trick winners as bytes), so boards read in worker
        processes travel back to the parent quickly; restored without replaying the checks."""
        winners = bytes(int(t.winner) for t in self._tricks if t.winner is not None)
        cards = bytes(c.index for c in self._cards)
        state = (self.deal, self.contract, self.declarer, cards, winners, self._annotations, self.claimed)
        return (_restore_play, state)

    def claim(self, declarer_total: int) -> None:
        """End the play by a claim or concession: declarer's side takes ``declarer_total`` tricks in
        all (tricks already won included), as LIN ``mc`` and PBN ``Result`` give it."""
        if self.claimed is not None:
            raise IllegalPlayError(f"the play already ended by a claim of {self.claimed} tricks")
        done = self.declarer_tricks
        left = 13 - len(self._tricks)
        if not done <= declarer_total <= done + left:
            raise IllegalPlayError(
                f"claim of {declarer_total} tricks is impossible: declarer has {done} "
                f"with {left} to play"
            )
        self.claimed = declarer_total

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Play)
            and self.contract == other.contract
            and self.declarer == other.declarer
            and self._cards == other._cards
            and self.claimed == other.claimed
        )

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self._cards)
        return f"Play({self.contract!s} by {self.declarer.name}: {cards})"


def _restore_play(
    deal: Deal | None,
    contract: Contract,
    declarer: Seat,
    cards: bytes,
    winners: bytes,
    annotations: dict[int, Annotation],
    claimed: int | None,
) -> Play:
    """A `Play` from its pickled state (see `Play.__reduce__`): the cards were checked when played."""
    play = Play(deal, contract, declarer)
    play._cards = [Card.from_index(i) for i in cards]
    played = 0
    for i in cards:
        played |= 1 << i
    play._played = played
    leader = play.opening_leader
    for t, winner in enumerate(winners):
        trick = tuple(play._cards[4 * t : 4 * t + 4])
        play._tricks.append(Trick(leader, trick, _SEATS[winner]))
        leader = _SEATS[winner]
    play._leader = leader
    play._annotations = dict(annotations)
    play.claimed = claimed
    return play
