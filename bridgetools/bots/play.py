"""Card play by Monte Carlo double dummy: deal the unseen cards many ways, solve each, play the best card.

For each decision the player deals the cards it cannot see consistently with what it has seen (voids,
cards played, dummy) and with what the auction said (`HandConstraint` per seat), asks DDS for every legal
card's tricks on each layout, and plays the card with the best expected duplicate score for its side;
ties go to the card that takes most tricks, then to the lowest of equal cards. While a card that scores
differently from the best on some layout is not clearly behind it, more layouts are dealt (up to four
times as many), since a few may miss the few that tell the two apart. At trick one a lead table breaks
near-ties and gives the card of its group (top of a sequence, fourth best: equal cards are one choice
double dummy); a defender on lead later leads the top of an honour sequence, and does not lead an
unsupported honour unless the layouts show it clearly better than a low card of the suit. Without the
``dd`` extra the `HeuristicPlayer` plays instead.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from typing import Protocol

from bridgetools.board import Board
from bridgetools.board.terms import playing_terms
from bridgetools.bots.given import given_deal, given_turn
from bridgetools.bots.heuristic import HeuristicPlayer, equal_floor, equal_top, lead_order, partner_suits
from bridgetools.bots.inference import Explain, auction_constraints
from bridgetools.bots.sampling import HandConstraint, View, sample_layouts
from bridgetools.errors import BridgeError
from bridgetools.formats.replaced_play import with_replacements, without_stale_records
from bridgetools.model import Call, Card, Contract, Deal, Hand, Rank, Seat, Vul
from bridgetools.rules import Auction, Play
from bridgetools.scoring import score

__all__ = ["CardPlayer", "Player", "RandomPlayer", "autoplay", "autoplay_board", "board_seed",
           "check_playable", "dd_available", "has_full_deal", "play_deal", "play_out"]


class Player(Protocol):
    """Anything that chooses the card for the seat in turn from a play so far."""

    def card(self, play: Play, seat: Seat | None = None, *, auction: Auction | None = None) -> Card: ...


@cache
def dd_available() -> bool:
    """Whether the double-dummy solver (the ``dd`` extra) is installed."""
    from bridgetools.dd import _dds

    return _dds.available()


class RandomPlayer:
    """Plays a random legal card: the baseline every player should beat."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def card(self, play: Play, seat: Seat | None = None, *, auction: Auction | None = None) -> Card:
        given_turn(play, seat, auction)
        return self.rng.choice(play.legal_cards())


class CardPlayer:
    """The Monte Carlo double-dummy player (the heuristic player when DDS is not installed).

    ``samples`` layouts per decision, up to ``more`` times as many while a card that differs from the best
    on some layout is not clearly behind it (`_Values.unsettled`). By default (``budget=None``) the same
    ``seed`` always gives the same cards, however loaded the machine; a time ``budget`` (seconds a card) is
    for interactive use: fewer layouts when the budget would be exceeded (never fewer than
    ``min_samples``), which makes the play depend on the machine's speed. ``constraints`` (per seat)
    shape the layouts; without them, what each seat's calls showed by the auction's explanations
    (`auction_constraints`, through ``explain``, by default the computer bidder's) does, unless ``infer``
    is False. Either is loosened by two points and one card a side first, so a person's off-system call
    is never impossible; ``vulnerability`` sets the score the player maximises and the vulnerability the
    default explanations read each call at.
    """

    def __init__(self, *, seed: int | None = None, samples: int = 30, budget: float | None = None,
                 min_samples: int = 3, constraints: Mapping[Seat, HandConstraint] | None = None,
                 vulnerability: Vul | str = Vul.NONE, lead_margin: float = 15.0, infer: bool = True,
                 explain: Explain | None = None, more: int = 4) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.more = more
        self.budget = budget
        self.min_samples = min_samples
        self.constraints = constraints
        self.vulnerability = Vul.parse(vulnerability)
        self.lead_margin = lead_margin
        self.heuristic = HeuristicPlayer()
        self.uses_dd = dd_available()
        self.infer = infer
        self.explain = explain
        self._inferred: dict[tuple[Seat, tuple[Call, ...], Vul], dict[Seat, HandConstraint]] = {}
        self.cut_short = False
        """Whether the time ``budget`` cut the last card's layouts short (the table notes it of a seeded
        player, whose card a replay of the seed may then not repeat)."""

    def card(self, play: Play, seat: Seat | None = None, *, auction: Auction | None = None,
             constraints: Mapping[Seat, HandConstraint] | None = None) -> Card:
        """The card for the seat in turn, chosen from what that seat (declarer for dummy) may see."""
        self.cut_short = False
        mover = given_turn(play, seat, auction)
        legal = play.legal_cards()
        if not legal:
            hidden = play.deal is None or play.deal[play.turn] is None  # no cards known: none legal
            raise BridgeError(f"{play.turn.full_name}'s hand is needed to choose a card" if hidden
                              else f"{mover.full_name} has no card to play")
        if not self.uses_dd:
            return self.heuristic.card(play, auction=auction)
        view = View.of_play(play, mover)
        played = view.played_cards
        hand = Hand(view.known()[mover].mask & ~played.mask)
        gone = view.quitted_cards  # not the trick in progress: dummy's ace may overtake declarer's king
        candidates = sorted({equal_floor(c, hand, gone) for c in legal}, key=lambda c: (c.rank, c.suit))
        if len(candidates) == 1:  # nothing to solve, but a defender on lead still leads a sequence's top
            return self._choose(play, view, hand, _Values.only(candidates[0]), auction)
        rules = constraints if constraints is not None else self.constraints
        if rules is None and self.infer and auction is not None:
            rules = self._shown(auction)
        loose = {s: c.loosened() for s, c in rules.items()} if rules else None
        values = self._evaluate(play, view, candidates, loose)
        if values is None:
            return self.heuristic.card(play, auction=auction)
        return self._choose(play, view, hand, values, auction)

    def _shown(self, auction: Auction) -> dict[Seat, HandConstraint]:
        """What each seat's calls showed at the board's vulnerability, worked out once per auction (every
        card of a deal asks)."""
        key = (auction.dealer, tuple(auction.calls), self.vulnerability)
        shown = self._inferred.get(key)
        if shown is None:
            if len(self._inferred) > 64:
                self._inferred.clear()
            shown = self._inferred[key] = auction_constraints(auction, self.explain, self.vulnerability,
                                                              untold=False)
        return shown

    # Evaluation -----------------------------------------------------------------------------
    def _evaluate(self, play: Play, view: View, candidates: list[Card],
                  constraints: Mapping[Seat, HandConstraint] | None) -> _Values | None:
        """Each candidate's score for the mover's side and tricks on each sampled layout."""
        from bridgetools.dd import Position, dd_solve

        contract = play.contract
        assert contract.strain is not None
        mover = play.turn
        declaring = mover in (play.declarer, play.dummy)
        trick = play.current_trick
        leader = trick.leader if trick.cards else mover
        won = play.declarer_tricks
        left = 13 - len(play.completed_tricks)
        vulnerable = self.vulnerability.is_vulnerable(play.declarer)
        sign = 1 if declaring else -1
        points = [sign * score(contract, t, vulnerable) for t in range(14)]
        values = _Values(candidates)
        start = time.perf_counter()
        # no more for an opening lead: its layouts cost most, and the lead table settles its near-ties
        most = self.samples if not play.cards else self.samples * max(1, self.more)
        for layout in sample_layouts(view, most, self.rng, constraints):
            tricks = dd_solve(Position(layout, contract.strain, leader, trick.cards))
            for card in candidates:
                ours = tricks[card]
                total = won + (ours if declaring else left - ours)
                values.add(card, points[total], ours)
            n = values.count
            if self.budget is not None:
                spent = time.perf_counter() - start
                if n >= self.min_samples and spent * (n + 1) / n > self.budget:
                    self.cut_short = n < most and (n < self.samples or values.unsettled())
                    break
            if n >= self.samples and not values.unsettled():
                break
        return values if values.count else None

    def _choose(self, play: Play, view: View, hand: Hand, values: _Values, auction: Auction | None) -> Card:
        """The card to play: the best candidate (the lowest of its equal cards), but a defender on lead
        leads the card of its group the table says at trick one (its convention kept: the top of a
        doubleton in partner's suit), else the top of an honour sequence, or a low card rather than an
        unsupported honour not clearly better."""
        best = values.best()
        on_lead = not play.current_trick.cards
        defending = play.turn not in (play.declarer, play.dummy)
        if on_lead and not defending:
            return _draw_trumps(best, play, view, values)
        if not on_lead:
            return best
        gone = view.quitted_cards
        lead = self._table_lead(play, hand, values, best, auction) if not play.cards else None
        if lead is not None:
            return lead  # the guard below is against double dummy's unsupported honours, not the table's
        top = equal_top(best, hand, gone)
        lead = top if top.rank >= Rank.TEN else best
        best = equal_floor(lead, hand, gone)  # the candidate the layouts valued
        if _unsupported_honour(lead, hand, view):
            low = min((c for c in values.cards if c.suit == best.suit), key=lambda c: c.rank)
            if low != best and not values.clearly_better(best, low):
                return low
        return lead

    def _table_lead(self, play: Play, hand: Hand, values: _Values, best: Card,
                    auction: Auction | None) -> Card | None:
        """The lead table's first card whose equal cards score near the best (the table's card and the
        lowest of its equals are the same choice double dummy), or None."""
        near = {c for c in values.cards if values.mean(c) >= values.mean(best) - self.lead_margin}
        order = lead_order(hand, play.contract, partner_suits(auction, play.turn))
        return next((c for c in order if equal_floor(c, hand, Hand()) in near), None)


class _Values:
    """Per candidate card: its score for the mover's side and its tricks on each layout solved."""

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        self.points: dict[Card, list[int]] = {c: [] for c in cards}
        self.tricks: dict[Card, int] = dict.fromkeys(cards, 0)
        self.count = 0

    @classmethod
    def only(cls, card: Card) -> _Values:
        """The values of a choice of one group of equal cards (``card`` the lowest): no layout to solve."""
        values = cls([card])
        values.add(card, 0, 0)
        return values

    def add(self, card: Card, points: int, tricks: int) -> None:
        self.points[card].append(points)
        self.tricks[card] += tricks
        self.count = len(self.points[card])

    def mean(self, card: Card) -> float:
        return sum(self.points[card]) / len(self.points[card])

    def mean_tricks(self, card: Card) -> float:
        return self.tricks[card] / self.count

    def best(self) -> Card:
        """The card of the best mean score; then of most tricks; then the lowest."""
        return max(self.cards, key=lambda c: (self.mean(c), self.mean_tricks(c), -c.rank))

    def unsettled(self) -> bool:
        """Whether a card that scores differently from the best on some layout is not clearly behind it:
        the layouts so far cannot tell the two apart, and more may (a card scoring the same on every
        layout is no rival: more layouts seldom part them)."""
        best = self.best()
        ahead = self.points[best]
        return any(self.points[c] != ahead and not self.clearly_better(best, c) for c in self.cards)

    def clearly_better(self, a: Card, b: Card) -> bool:
        """Whether ``a`` beats ``b`` by more than twice the standard error of their paired difference."""
        diffs = [x - y for x, y in zip(self.points[a], self.points[b], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return False
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        return mean > 0 and mean > 2 * spread


LAST_TRUMPS = 2
"""Trumps the defenders may still hold at most for `_draw_trumps` to draw them: the last one or two, not
an early round that may cost dummy's trump entry."""


def _draw_trumps(best: Card, play: Play, view: View, values: _Values) -> Card:
    """Declarer's side on lead draws the defenders' last trumps rather than play a side card that does
    exactly as well on every layout solved: the layouts show no ruff that a few of them missed, and
    double dummy every later card knows where the trump is, so without this the draw waits a trick too
    long (a winner cashed first and ruffed)."""
    trump = play.trump
    if trump is None or best.suit == trump or not 0 < view.unseen().length(trump) <= LAST_TRUMPS:
        return best
    tied = [c for c in values.cards if c.suit == trump and values.points[c] == values.points[best]
            and values.tricks[c] == values.tricks[best]]
    return min(tied, key=lambda c: c.rank) if tied else best


def _unsupported_honour(card: Card, hand: Hand, view: View) -> bool:
    """A king, queen or jack led from two or more cards without the card below it (nor that card gone)."""
    if card.rank not in (Rank.KING, Rank.QUEEN, Rank.JACK) or hand.length(card.suit) < 2:
        return False
    below = Card(card.suit, Rank(card.rank - 1))
    return below not in hand and below not in view.played_cards


def play_out(deal: Deal, contract: Contract | str, declarer: Seat | str, players: Mapping[Seat, Player],
             auction: Auction | None = None, start: Play | None = None) -> Play:
    """Play ``deal`` out with a player per seat (declarer's plays for dummy), on from the cards of
    ``start`` (a file's play that stops part way) when given; returns the finished play."""
    play = Play(deal, contract, declarer) if start is None else start.copy()
    missing = [s.full_name for s in (play.declarer.lho, play.declarer, play.declarer.rho) if s not in players]
    if missing and not play.is_complete:  # a finished ``start`` has no card left for anyone to play
        raise BridgeError(f"play_out needs a player for {' and '.join(missing)}, in ``players`` by seat "
                          f"(declarer's, {play.declarer.full_name}'s, plays dummy's cards too)")
    while not play.is_complete:
        seat = play.turn
        who = play.declarer if seat == play.dummy else seat
        play.add(players[who].card(play, seat, auction=auction))
    return play


def play_deal(deal: Deal, auction: Auction, seed: int | None = None, *, vulnerability: Vul | str = Vul.NONE,
              constraints: Mapping[Seat, HandConstraint] | None = None, samples: int = 20,
              budget: float | None = None, start: Play | None = None) -> Play:
    """Four computer players play ``deal`` in the contract ``auction`` reached (Monte Carlo double dummy
    on ``samples`` layouts a card, or by rules of thumb without the ``dd`` extra), on from the cards of
    ``start`` when given (a file's play that stops part way, in that contract); ``seed`` makes the
    play reproducible (unless a time ``budget`` per card cuts the layouts short). A deal short of four
    hands of 13 cards is a `BridgeError`."""
    given_deal(deal, "playing")
    contract, declarer = auction.contract, auction.declarer
    if not auction.is_complete:
        raise BridgeError("the auction is not over, so there is no contract to play")
    if contract is None or declarer is None:
        raise BridgeError("a passed-out board has no play")
    if start is not None and (start.contract, start.declarer) != (contract, declarer):
        raise BridgeError(f"the play to go on from is of {start.contract} by {start.declarer.name}, "
                          f"not of the auction's {contract} by {declarer.name}")
    player = CardPlayer(seed=seed, vulnerability=vulnerability, constraints=constraints, samples=samples,
                        budget=budget)
    return play_out(deal, contract, declarer, dict.fromkeys(Seat, player), auction, start)


def board_seed(seed: int, board: Board) -> int:
    """The seed ``board`` is played from in a run seeded ``seed``: from the run's seed and the board's own
    number, dealer, vulnerability and deal, so that the board plays the same alone as anywhere in a file,
    whatever the number of worker processes."""
    import hashlib

    import numpy as np

    deal = board.deal.to_pbn() if board.deal is not None else "-"
    dealer, vulnerability = board.dealer, board.vulnerability  # IntEnums: North and none are 0
    named = [str(board.number), dealer.name if dealer is not None else "-",
             vulnerability.name if vulnerability is not None else "-"]
    digest = hashlib.sha256("|".join([*named, deal]).encode()).digest()
    words = [int.from_bytes(digest[i:i + 4], "little") for i in range(0, len(digest), 4)]
    return int(np.random.SeedSequence([seed, *words]).generate_state(1)[0])


def _bidder() -> Callable[..., Auction] | None:
    """The computer bidder's ``bid_deal``."""
    from bridgetools.bots.bidder import bid_deal

    return bid_deal


def has_full_deal(board: Board) -> bool:
    """Whether ``board`` gives all four hands of 13 cards, as a board to be played out needs."""
    return board.deal is not None and board.deal.is_complete  # `Deal.is_complete`: four hands of 13


def check_playable(board: Board, where: str) -> None:
    """A one-line error naming the board when it cannot be played out: no full deal, or no auction
    and no computer bidder to give it one."""
    if not has_full_deal(board):
        raise BridgeError(f"{where}: the deal must give all four hands of 13 cards to be played out")
    if (board.auction is None or not board.auction.is_complete) and _bidder() is None:
        raise BridgeError(f"{where}: the board has no complete auction, and no computer bidder is installed "
                          "to give it one")


def keeps_its_play(board: Board, replay: bool = False) -> bool:
    """Whether `autoplay_board` gives ``board`` back as it was, its play the file's: a complete one (13
    tricks, or cards up to a claim or a given result: the table's record, a lesson's play), unless
    ``replay``."""
    play = board.play
    return not replay and play is not None and bool(play.cards) and (
        play.is_complete or board.given("tricks") is not None)


def play_to_go_on_from(board: Board, auction: Auction, replay: bool = False) -> Play | None:
    """The cards of ``board``'s play that stops part way (a lesson's opening lead), for the computer
    players to go on from in the contract ``auction`` reached; None when there are none, when they are of
    another contract (an auction the computer finished otherwise) or with ``replay``."""
    play = board.play
    if replay or play is None or not play.cards or play.is_complete:
        return None
    return play if (play.contract, play.declarer) == (auction.contract, auction.declarer) else None


def autoplay_board(board: Board, seed: int, samples: int = 20, budget: float | None = None,
                   judge: bool | None = None, replay: bool = False) -> Board:
    """A copy of ``board`` bid (when it has no complete auction; ``judge`` as `default_bidder`'s) and played
    by four computer players, with the result and North-South's score (tag ``Score``). A board whose
    file gives a complete play comes back as it was (`keeps_its_play`), and one whose play stops part
    way is played on from its last card (`play_to_go_on_from`), unless ``replay``: played from the lead."""
    from dataclasses import replace

    from bridgetools.scoring import ns_score

    if keeps_its_play(board, replay):
        return board
    deal, terms = given_deal(board.deal, "playing out"), playing_terms(board)
    auction = explained = board.auction
    if auction is None or not auction.is_complete:  # bid, or finished from the file's last call
        if terms.dealer is None:
            return board  # no one to start the auction: no dealer is made up (`NO_DEALER`)
        if _bidder() is None:
            raise BridgeError("no complete auction and no computer bidder installed")
        from bridgetools.bots.bidder import bid_board
        from bridgetools.bots.judgement import default_bidder

        bidder = default_bidder() if judge is None else default_bidder(judge)
        explained = bid_board(board, bidder=bidder, keep_irregular=False).auction  # a contract to play
        assert explained is not None
        # the file's calls as it noted them for `with_replacements` (bid_board explained some: they are
        # still the file's, not replaced), their explanations put back after it
        auction = _noted_as(explained, board.auction)
    play = None
    score = "NS 0"
    if auction.contract is not None and auction.declarer is not None:
        play = play_deal(deal, auction, seed, vulnerability=terms.vulnerability, samples=samples,
                         budget=budget, start=play_to_go_on_from(board, auction, replay))
        assert play.result is not None
        score = f"NS {ns_score(play.contract, play.declarer, play.result, terms.vulnerability)}"
    played = without_stale_records(board, replace(board, auction=auction, play=play, contract=None,
                                                  declarer=None, tricks=None))  # the file's ScoreIMP...
    # at an assumed vulnerability no Score: the record keeps the vulnerability unknown
    tags = {**played.tags, "Score": score} if terms.scored else played.tags
    done = with_replacements(board, replace(played, tags=tags))
    if explained is auction or done.auction is None:
        return done
    return replace(done, auction=_noted_as(done.auction, explained))


def _noted_as(auction: Auction, source: Auction | None) -> Auction:
    """``auction`` with its first calls, those ``source`` gives, annotated as ``source`` annotates them."""
    out = auction.copy()
    for index, annotation in enumerate(source.annotations[:len(out.calls)] if source is not None else ()):
        out.annotate(index, annotation)
    return out


def autoplay(boards: Iterable[Board], seed: int, jobs: int = 1, samples: int = 20,
             budget: float | None = None, judge: bool | None = None, replay: bool = False) -> Iterator[Board]:
    """Every board bid (if need be; ``judge`` as `default_bidder`'s) and played out by computer players
    (`autoplay_board`: a complete play the file gave kept, one that stops part way played on, unless
    ``replay``), in order; ``jobs`` worker processes; each board is played from its `board_seed`, whatever
    ``jobs`` is and wherever the board stands in ``boards``."""
    from bridgetools.bots.batch import in_order

    work = ((b, board_seed(seed, b), samples, budget, judge, replay) for b in boards)
    yield from in_order(_autoplay_args, work, jobs)


def _autoplay_args(args: tuple[Board, int, int, float | None, bool | None, bool]) -> Board:
    return autoplay_board(*args)
