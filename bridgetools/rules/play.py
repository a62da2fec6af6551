"""The play (Laws 41-47 and 68-71 in outline): who leads, following suit, trick winners, claims."""

from __future__ import annotations

import warnings
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from numbers import Integral
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from bridgetools.errors import BridgeTypeError, IllegalPlayError
from bridgetools.model.calls import Annotation, Contract
from bridgetools.model.cards import ALL_CARDS, Card, Seat, Side, Strain, Suit
from bridgetools.model.hand import Deal, Hand

_SEATS = tuple(Seat)
_INDEX = {card: card.index for card in ALL_CARDS}
"""`Card.index` of every card, by value (a card is a tuple of two ints, hashed in C)."""
_PLAYED, _HELD_ELSEWHERE, _NOT_HELD, _REVOKE = 1, 2, 3, 4
"""The rules a card can break (`Play._legal_run`); 0 is a legal card."""


def trick_winner(leader: Seat, cards: Iterable[Card], trump: Suit | None) -> Seat:
    """Who wins a trick: the highest trump, else the highest card of the suit led (Law 44E, 44F)."""
    cards = tuple(cards)
    if not cards:
        raise IllegalPlayError("an empty trick has no winner")
    led = cards[0].suit
    best, best_strength = 0, -1
    for i, (suit, rank) in enumerate(cards):
        strength = 100 + rank if suit == trump else (rank if suit == led else 0)
        if strength > best_strength:
            best, best_strength = i, strength
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
        self._codes = bytearray()  # `Card.index` of each card of ``_cards``: see `codes`
        self._annotations: dict[int, Annotation] = {}
        self._played = 0  # bit mask of cards played
        self._winners: list[Seat] = []  # the winner of each completed trick
        self._built: list[Trick] = []  # `Trick`s of the first completed tricks, made when asked for
        self._leader = self.declarer.lho
        self.claimed: int | None = None
        """Declarer's total tricks when play ended by a claim (or concession)."""
        for card in cards:
            self.add(card)

    # State --------------------------------------------------------------------------------
    @property
    def deal(self) -> Deal | None:
        """The hands, as far as they are known (unknown hands are not checked)."""
        return self._deal

    @deal.setter
    def deal(self, deal: Deal | None) -> None:
        self._deal = deal
        self._masks = None if deal is None else tuple(None if h is None else h.mask for h in deal.hands)

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
    def codes(self) -> bytes:
        """The cards played as one byte each, their `Card.index` (clubs 2 is 0, spade ace 51): the
        compact form exports and pickles read, kept as the cards are played."""
        return bytes(self._codes)

    @property
    def annotations(self) -> Mapping[int, Annotation]:
        """Annotations (notes, NAGs, suffixes) of cards by their index in `cards`: a read-only view, so that
        a change goes through `annotate` (or `add`), which checks the card is played."""
        return MappingProxyType(self._annotations)

    @property
    def trick_list(self) -> tuple[Trick, ...]:
        """Completed tricks, then the trick in progress (if any) with ``winner`` None. (A board's
        ``tricks`` is declarer's count; this is the tricks themselves.)"""
        current = self.current_trick
        return self.completed_tricks + ((current,) if current.cards else ())

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Deprecated name of `trick_list` (``board.tricks`` is a count): goes in the next release."""
        warnings.warn(
            "Play.tricks is now Play.trick_list (board.tricks is declarer's trick count)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.trick_list

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        """The completed tricks. Each `Trick` is made the first time it is asked for (readers play
        thousands of tricks that nobody looks at one by one), then kept until it is undone."""
        built, winners, cards = self._built, self._winners, self._cards
        for t in range(len(built), len(winners)):
            leader = winners[t - 1] if t else self.declarer.lho
            built.append(Trick(leader, tuple(cards[4 * t : 4 * t + 4]), winners[t]))
        return tuple(built)

    @property
    def current_trick(self) -> Trick:
        start = len(self._winners) * 4
        return Trick(self._leader, tuple(self._cards[start:]), None)

    @property
    def turn(self) -> Seat:
        """Who plays next."""
        return self._leader.offset(len(self._cards) - len(self._winners) * 4)

    @property
    def is_complete(self) -> bool:
        """All thirteen tricks played, or the play ended by a claim."""
        return self.claimed is not None or len(self._winners) == 13

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by declarer's side so far (by the cards; see `result` for claims)."""
        return self.tricks_won(self.declarer)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet won by either side: what a claim may add to declarer's (`claim`)."""
        return 13 - len(self._winners)

    @property
    def defender_tricks(self) -> int:
        return len(self._winners) - self.declarer_tricks

    def tricks_won(self, side: Side | Seat | str) -> int:
        """Completed tricks won so far by ``side`` (a `Side`, or the side of a seat). The strings
        ``"NS"``/``"EW"`` still work for one release, with a DeprecationWarning."""
        if isinstance(side, Side):
            wanted = side
        elif isinstance(side, str) and side.strip().upper() in ("NS", "EW"):
            warnings.warn("tricks_won('NS'/'EW'): pass Side.NS or Side.EW", DeprecationWarning, stacklevel=2)
            wanted = Side.parse(side)
        else:
            wanted = Seat.parse(side).side
        parity = 0 if wanted is Side.NS else 1  # North and South are seats 0 and 2
        return sum(1 for winner in self._winners if winner % 2 == parity)

    @property
    def result(self) -> int | None:
        """Declarer's total tricks once the play is over (by claim or 13 tricks), else None."""
        if self.claimed is not None:
            return self.claimed
        return self.declarer_tricks if len(self._winners) == 13 else None

    # Moves --------------------------------------------------------------------------------
    def _legal_run(self, cards: Sequence[Card], seat: int, led: int) -> tuple[int, int, int]:
        """How many of ``cards``, played in turn from ``seat`` to the trick in progress (its led suit
        ``led``, -1 when the first of them leads), are legal, and the rule the next one breaks (one
        of ``_FAULTS``; 0 when all are legal), and the cards played once the legal ones are (a bit
        mask). The one statement of the rules of play (Law 44C):
        `why_illegal`, `add`, `add_if_legal`, `add_tricks_by_seat` and `legal_cards` all ask it, a
        card or a trick at a time."""
        played, masks = self._played, self._masks
        for n, (suit, rank) in enumerate(cards):
            index = suit * 13 + rank - 2  # `Card.index`, without the property call (hot loop)
            bit = 1 << index
            if played & bit:
                return n, _PLAYED, played
            if masks is not None:
                mask = masks[(seat + n) % 4]
                if mask is None:
                    if any(m is not None and m & bit for m in masks):
                        return n, _HELD_ELSEWHERE, played
                elif not mask & bit:
                    return n, _NOT_HELD, played
                elif led >= 0 and index // 13 != led and (mask & ~played) >> (13 * led) & 0x1FFF:
                    return n, _REVOKE, played
            if led < 0:
                led = index // 13
            played |= bit
        return len(cards), 0, played

    def _led(self) -> int:
        """The suit led to the trick in progress, or -1 when the next card leads."""
        start = len(self._winners) * 4
        return self._cards[start].suit if len(self._cards) > start else -1

    def why_illegal(self, card: Card | str, seen: Container[Seat] | None = None) -> str | None:
        """The rule that playing ``card`` (a `Card` or its string, as `add` takes it) now would break, or None
        when it is legal. With ``seen``, the hands the player may see, a hidden hand's card is not said to be
        held there (a card tried would find every hidden card)."""
        if type(card) is not Card:
            card = Card.parse(card)
        if self.is_complete:
            return "the play is over"
        seat = self.turn
        fault = self._legal_run((card,), seat, self._led())[1]
        if fault == 0:
            return None
        if fault == _PLAYED:
            return f"{card} has already been played"
        holder = None if self.deal is None else self.deal.holder(card)
        if seen is not None and holder is not None and holder not in seen:
            return f"{seat.full_name} does not hold {card}"
        if fault == _HELD_ELSEWHERE:
            return f"{card} is held by {holder.full_name if holder is not None else 'another player'}"
        if fault == _NOT_HELD:
            who = f" ({holder.full_name} holds it)" if holder is not None else ""
            return f"{seat.full_name} does not hold {card}{who}"
        return f"{seat.full_name} must follow suit to {Suit(self._led()).full_name} (Law 44C)"

    def legal_cards(self) -> list[Card]:
        """Cards the player in turn may play, spades first and highest first as a hand is written
        (empty when that hand is unknown or the play is over): the cards of the suit led still
        held, else every card still held."""
        if self.deal is None or self.is_complete:
            return []
        hand = self.deal[self.turn]
        if hand is None:
            return []
        left = hand.mask & ~self._played
        led = self._led()
        if led >= 0 and left >> (13 * led) & 0x1FFF:
            left &= 0x1FFF << (13 * led)
        return Hand(left).cards()

    def add(self, card: Card | str, annotation: Annotation | None = None) -> Seat | None:
        """Play ``card`` for the player in turn; returns the trick's winner when it completes it."""
        parsed = Card.parse(card)
        why = self.why_illegal(parsed)
        if why is not None:
            raise IllegalPlayError(
                f"illegal play {parsed} by {self.turn.full_name} "
                f"(trick {len(self._winners) + 1}): {why}"
            )
        if annotation:
            self._annotations[len(self._cards)] = annotation
        return self._push(parsed)

    def annotate(self, index: int, annotation: Annotation | None) -> None:
        """Put ``annotation`` on card ``index`` (a reader that plays whole tricks first); None (or an empty
        annotation) takes the card's away, as `Auction.annotate` does a call's."""
        if not 0 <= index < len(self._cards):
            raise IndexError(f"no card {index} in a play of {len(self._cards)} cards")
        if annotation:
            self._annotations[index] = annotation
        else:
            self._annotations.pop(index, None)

    def add_if_legal(self, card: Card) -> bool:
        """Play ``card`` and return True when `add` would accept it; else change nothing and return
        False (`add` then gives the reason): for readers that play thousands of cards (LIN)."""
        done = len(self._winners)
        if self.claimed is not None or done == 13:
            return False
        start = done * 4
        cards = self._cards
        k = len(cards) - start
        if self._legal_run((card,), (self._leader + k) % 4, cards[start].suit if k else -1)[1]:
            return False
        self._push(card)
        return True

    def _push(self, card: Card) -> Seat | None:
        """Put a checked card on the table; when it completes a trick, the trick and its winner (who
        leads next) are recorded and the winner returned."""
        cards = self._cards
        cards.append(card)
        index = card.index
        self._codes.append(index)
        self._played |= 1 << index
        return self._complete_trick() if len(cards) - len(self._winners) * 4 == 4 else None

    def _complete_trick(self) -> Seat:
        """Record the winner of the four cards of the trick in progress; the winner leads next."""
        winner = trick_winner(self._leader, self._cards[len(self._winners) * 4 :], self.trump)
        self._winners.append(winner)
        self._leader = winner
        return winner

    def add_tricks_by_seat(
        self,
        rows: Sequence[Sequence[Card | None]],
        first: Seat,
        annotations: Mapping[tuple[int, int], Annotation] | None = None,
    ) -> None:
        """Play tricks given as trick records write them: one row per trick, each card in its seat's
        column, column 0 being ``first`` (PBN's Play section). The playing order comes from the
        trick winners. Stops at the first missing card (None); a card `add` would refuse goes
        through `add`, which raises its error with the cards before it played (cards of the trick in
        progress are skipped in the first row). ``annotations`` are keyed by (row, column).
        """
        base = int(first)
        cards, tricks = self._cards, self._winners
        for t, row in enumerate(rows):
            start = len(tricks) * 4
            leader, k = self._leader, len(cards) - start
            width = len(row)
            columns: list[int] = []  # in playing order
            run: list[Card] = []  # the trick's cards in playing order, to the first gap
            for j in range(k, 4):
                column = (leader + j - base) % 4
                card = row[column] if column < width else None
                if card is None:
                    break
                run.append(card)
                columns.append(column)
            if not run:
                return
            if self.claimed is not None or len(tricks) == 13:
                legal = 0
            else:
                legal, _, played = self._legal_run(run, (leader + k) % 4, cards[start].suit if k else -1)
                self._played = played  # the legal cards, played as `_push` does
            if annotations:
                for n in range(legal):
                    note = annotations.get((t, columns[n]))
                    if note:
                        self._annotations[len(cards) + n] = note
            good = run if legal == len(run) else run[:legal]
            cards.extend(good)  # the trick completed once below
            self._codes += bytes(map(_INDEX.__getitem__, good))
            if legal < len(run):
                note = annotations.get((t, columns[legal])) if annotations else None
                self.add(run[legal], note)  # raises the reason
                return
            if k + len(run) < 4:
                return
            self._complete_trick()

    def add_tricks_if_legal(self, tricks: Iterable[Sequence[int]]) -> bool:
        """Play whole tricks, each given as the index of the card each seat plays (N, E, S, W), when
        every card is legal; else play none and return False (`add_tricks_by_seat` then says why).
        Each trick is checked at once on bit masks of the hands (Law 44C, as `_legal_run` states it
        card by card): a trick record's usual case, for readers. Needs every hand known and no trick
        in progress."""
        masks = self._masks
        if masks is None or None in masks or len(self._cards) % 4 or self.claimed is not None:
            return False
        m: tuple[int, int, int, int] = masks  # type: ignore[assignment]  # every hand is known
        played, leader = self._played, int(self._leader)
        trumps = 0 if self.trump is None else 0x1FFF << (13 * int(self.trump))
        room = self.tricks_left
        order: list[int] = []  # the cards in playing order
        winners: list[Seat] = []
        for by_seat in tricks:
            if len(winners) == room:
                return False
            s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
            c0, c1, c2, c3 = by_seat[leader], by_seat[s1], by_seat[s2], by_seat[s3]
            b0, b1, b2, b3 = 1 << c0, 1 << c1, 1 << c2, 1 << c3
            cards = b0 | b1 | b2 | b3
            if cards & played or cards.bit_count() != 4:
                return False  # a card played before, or twice in the trick
            if not (b0 & m[leader] and b1 & m[s1] and b2 & m[s2] and b3 & m[s3]):
                return False  # a card its player does not hold
            suit = 0x1FFF << (13 * (c0 // 13))
            left = suit & ~(played | b0)  # the suit led, as each follower may still hold it
            if (
                (not b1 & suit and m[s1] & left)
                or (not b2 & suit and m[s2] & left & ~b1)
                or (not b3 & suit and m[s3] & left & ~b1 & ~b2)
            ):
                return False  # a revoke: a card of another suit while holding the suit led
            played |= cards
            order += (c0, c1, c2, c3)
            # The highest trump wins, else the highest card of the suit led (Law 44E, 44F): within
            # a suit a higher index is a higher rank.
            top = ((cards & trumps) or (cards & suit)).bit_length() - 1
            leader = leader if top == c0 else s1 if top == c1 else s2 if top == c2 else s3
            winners.append(_SEATS[leader])
        self._cards += [ALL_CARDS[c] for c in order]
        self._codes += bytes(order)
        self._winners += winners
        self._played = played
        self._leader = _SEATS[leader]
        return True

    def undo(self) -> Card:
        """Take back the last card played (across a completed trick too: its winner no longer
        leads); a claim made after it is withdrawn with it. Raises `IllegalPlayError` when no card
        has been played."""
        if not self._cards:
            raise IllegalPlayError("no card has been played: nothing to undo")
        self.claimed = None
        if len(self._cards) == len(self._winners) * 4:
            self._winners.pop()
            del self._built[len(self._winners) :]
            self._leader = self._winners[-1] if self._winners else self.declarer.lho
        card = self._cards.pop()
        self._codes.pop()
        self._played &= ~(1 << card.index)
        self._annotations.pop(len(self._cards), None)
        return card

    def copy(self) -> Play:
        """An independent play with the same cards, annotations and claim (the deal is shared: it is
        immutable)."""
        new = Play(self.deal, self.contract, self.declarer)
        new._cards = list(self._cards)
        new._codes = bytearray(self._codes)
        new._annotations = dict(self._annotations)
        new._played = self._played
        new._winners = list(self._winners)
        new._built = list(self._built)
        new._leader = self._leader
        new.claimed = self.claimed
        return new

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled compactly (card indices and trick winners as bytes), so boards read in worker
        processes travel back to the parent quickly; restored without replaying the checks."""
        winners = bytes(self._winners)
        cards = bytes(self._codes)
        state = (self.deal, self.contract, self.declarer, cards, winners, self._annotations, self.claimed)
        return (_restore_play, state)

    def claim(self, declarer_total: int) -> None:
        """End the play by a claim or concession: declarer's side takes ``declarer_total`` tricks in
        all (tricks already won included), as LIN ``mc`` and PBN ``Result`` give it."""
        if self.claimed is not None:
            raise IllegalPlayError(f"the play already ended by a claim of {self.claimed} tricks")
        if isinstance(declarer_total, bool) or not isinstance(declarer_total, Integral):
            # 9.5 or True would stand as the result, to be refused only when scored or written
            raise BridgeTypeError(f"a claim is declarer's whole number of tricks, not {declarer_total!r}")
        declarer_total = int(declarer_total)
        done, left = self.declarer_tricks, self.tricks_left
        if not done <= declarer_total <= done + left:
            raise IllegalPlayError(
                f"claim of {declarer_total} tricks is impossible: declarer has {done} "
                f"with {left} to play"
            )
        self.claimed = declarer_total

    def __eq__(self, other: object) -> bool:
        """The same cards to the same contract, with the same claim and notes on the cards (as an auction's
        equality takes its calls' annotations): a round trip that loses a card's note is no equal play."""
        return (
            isinstance(other, Play)
            and self.contract == other.contract
            and self.declarer == other.declarer
            and self._cards == other._cards
            and self.claimed == other.claimed
            and self._annotations == other._annotations
        )

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self._cards)
        return f"Play({self.contract!s} by {self.declarer.name}: {cards})"


_RECORD = attrgetter("_codes", "declarer", "contract.strain", "claimed", "_annotations")


def play_records(
    plays: Iterable[Play],
) -> Iterator[tuple[bytes | bytearray, Seat, Strain, int | None, dict[int, Annotation]]]:
    """For bulk readers (the export): each play's cards as `Play.codes` gives them, its declarer, the
    strain of its contract, its claim and its card annotations, read by one C loop with no copy. Use
    each record before its play changes."""
    return map(_RECORD, plays)


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
    play._codes = bytearray(cards)
    played = 0
    for i in cards:
        played |= 1 << i
    play._played = played
    play._winners = [_SEATS[winner] for winner in winners]
    play._leader = play._winners[-1] if play._winners else play.opening_leader
    play._annotations = dict(annotations)
    play.claimed = claimed
    return play
