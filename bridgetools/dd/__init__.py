"""Double-dummy analysis through DDS: tables, par, opening leads, positions part way through, play review.

DDS (Bo Haglund and Soren Hein's solver) comes with the optional extra ``bridgetools[dd]`` (endplay's
build); without it every function here raises `bridgetools.errors.MissingExtraError`, whose message
says how to install it. Our `Deal`, `Contract` and `Play` are converted at one boundary (`_dds`);
no solver type appears here.

>>> import bridgetools as bt
>>> deal = bt.Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
>>> table = bt.dd_table(deal)                                     # doctest: +SKIP
>>> table[bt.Seat.E, bt.Strain.NT], str(bt.par(table, bt.Vul.NONE, bt.Seat.N))   # doctest: +SKIP
(9, 'EW 400 (EW 3NT)')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from bridgetools.dd import _dds
from bridgetools.dd.cache import TableCache
from bridgetools.errors import BridgeError, BridgeTypeError
from bridgetools.model import Card, Contract, Deal, Hand, Seat, Strain, Vul
from bridgetools.model.results import DDTable, Par, ParContract
from bridgetools.rules import Play

__all__ = ["DDTable", "Par", "ParContract", "Position", "Review", "ReviewedCard", "dd_leads", "dd_makes",
           "dd_review", "dd_solve", "dd_table", "dd_tables", "par"]


def a_deal(value: object, where: str, takes: str = "a Deal") -> Deal:
    """``value``, a `Deal`; anything else (a PBN deal string) a `TypeError` saying how to make one, not an
    `AttributeError` from deep in the solver."""
    if isinstance(value, Deal):
        return value
    raise BridgeTypeError(f"{where} takes {takes}, not {type(value).__name__} {value!r:.80}: make one with "
                          "bt.Deal.from_pbn('N:AKQ2.KJ3.T98.432 ...')")


def dd_table(deal: Deal) -> DDTable:
    """Tricks each declarer takes in each strain, double dummy (four hands of equal size)."""
    return _dds.solve_tables([a_deal(deal, "dd_table")])[0]


def dd_makes(deals: Sequence[Deal], strain: Strain, declarer: Seat, tricks: int) -> list[bool]:
    """Whether ``declarer`` takes ``tricks`` tricks in ``strain`` on each deal, double dummy, in one
    batched call: a search for one target, much faster than `dd_tricks` where only the target matters."""
    return _dds.declarer_makes(deals, strain, declarer, tricks)


def dd_tables(deals: Iterable[Deal], jobs: int | None = None, scheduler: object | None = None,
              cache: TableCache | str | Path | None = None,
              progress: Callable[[int], None] | None = None,
              waiting: Callable[[str], None] | None = None) -> Iterator[DDTable]:
    """Tables for many deals, in order, through DDS's batched call (`_dds.BATCH` deals at a time).

    ``jobs`` caps DDS's threads (default: one per core); ``cache`` (a `TableCache` or a path) keeps
    solved tables by deal, so a second run over a growing archive solves only the new deals (and a
    run stopped part way keeps what it solved); ``scheduler`` (a Dask scheduler's address or a
    ``distributed.Client``; extra ``bridgetools[dist]``) solves the batches on that cluster, with
    ``jobs`` then capping DDS's threads on each worker. ``progress`` is called with the number of
    deals each batch finished; ``waiting`` is told a line (``no workers connected to ADDRESS:
    waiting``) when the cluster has had no worker for a while (`cluster.NO_WORKERS_WAIT` seconds): the
    run waits on for one to connect.
    """
    deals = (a_deal(deal, "dd_tables") for deal in deals)
    store = TableCache.open(cache)
    solver = None
    solved: Iterator[tuple[tuple[list[Deal], list[DDTable | None]], list[DDTable]]]
    try:
        if scheduler is None:
            if jobs is not None:
                _dds.set_threads(jobs)
            solved = ((context, _dds.solve_tables(todo)) for context, todo in _lookups(deals, store))
        else:
            from bridgetools.dd.cluster import ClusterSolver

            solver = ClusterSolver(scheduler, threads=jobs, waiting=waiting)
            solved = solver.map(_lookups(deals, store))
        for (chunk, known), tables in solved:
            if store is not None and tables:
                store.put_many([d for d, t in zip(chunk, known, strict=True) if t is None], tables)
            fresh = iter(tables)
            for table in known:
                yield table if table is not None else next(fresh)
            if progress is not None:
                progress(len(chunk))
    finally:
        if solver is not None:
            solver.close()
        if store is not None and store is not cache:
            store.close()


def _lookups(deals: Iterable[Deal], store: TableCache | None
             ) -> Iterator[tuple[tuple[list[Deal], list[DDTable | None]], list[Deal]]]:
    """Batches of `_dds.BATCH` deals, each with its cached tables (None where unsolved) and the deals
    still to solve: a deal of one card a hand always, played out at once, its cached table perhaps DDS's
    wrong one, kept by an older version (`_dds.played_out`), and replaced."""
    it = iter(deals)
    while chunk := list(islice(it, _dds.BATCH)):
        known: list[DDTable | None] = store.get_many(chunk) if store is not None else [None] * len(chunk)
        known = [None if _dds.played_out(d) else t for d, t in zip(chunk, known, strict=True)]
        yield (chunk, known), [d for d, t in zip(chunk, known, strict=True) if t is None]


def par(deal_or_table: Deal | DDTable, vulnerability: Vul | str, dealer: Seat | str) -> Par:
    """Par as DDS defines it: North-South's score and every par contract (sacrifices doubled).

    The dealer matters only when both sides' best contract is the same (the first of them clockwise
    from the dealer who makes it gets it).
    """
    table = deal_or_table if isinstance(deal_or_table, DDTable) else _dds.solve_tables(
        [a_deal(deal_or_table, "par", "a Deal or a DDTable")])[0]
    return _dds.par_of(table, Vul.parse(vulnerability), Seat.parse(dealer))


@dataclass(frozen=True, slots=True)
class Position:
    """A position part way through the play: the cards still held, the trick so far and the trump.

    ``deal`` holds only the cards not yet played (the trick in progress is out of the hands);
    ``leader`` led the trick in progress (or leads next when it is empty).
    """

    deal: Deal
    trump: Strain
    leader: Seat
    trick: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        """Take a strain, seat or card by its name, and refuse a position the solver would misread: it
        counts the trick's cards from the hands' sizes, so a trick card left in the deal (the whole deal
        given) would be solved silently as another position, another player to play."""
        object.__setattr__(self, "trump", Strain.parse(self.trump))
        object.__setattr__(self, "leader", Seat.parse(self.leader))
        object.__setattr__(self, "trick", tuple(Card.parse(c) for c in self.trick))
        if not isinstance(self.deal, Deal):
            raise BridgeTypeError(f"a Position's deal is a Deal, not {type(self.deal).__name__}")
        if len(self.trick) > 3:
            raise BridgeError(f"a trick in progress has at most three cards, not {len(self.trick)}: a fourth "
                              "completes it, and its winner leads to an empty one")
        if len(set(self.trick)) < len(self.trick):
            raise BridgeError(f"a card is twice in the trick {' '.join(map(str, self.trick))}")
        sizes = []
        for seat in Seat:
            hand = self.deal[seat]
            if hand is None:
                raise BridgeError(f"a position needs all four hands; {seat.full_name}'s is missing")
            sizes.append(len(hand))
        for card in self.trick:
            holder = self.deal.holder(card)
            if holder is not None:
                raise BridgeError(f"{card} of the trick is still in {holder.full_name}'s hand: a Position's "
                                  "deal holds only the cards not yet played (or give the Play itself)")
        played = {self.leader.offset(i) for i in range(len(self.trick))}
        rest = max(sizes)
        if any(sizes[seat] != rest - (seat in played) for seat in Seat) or (played and rest < 1):
            counts = ", ".join(f"{seat.full_name} {sizes[seat]}" for seat in Seat)
            if not played:
                raise BridgeError(f"the hands hold {counts} cards: with no card played to the trick, each "
                                  "should hold as many")
            who = " and ".join(s.full_name for s in sorted(played))
            raise BridgeError(f"the hands hold {counts} cards: with {len(self.trick)} played to the trick, "
                              f"led by {self.leader.full_name}, {who} should hold one card fewer than "
                              "the others")

    @property
    def to_play(self) -> Seat:
        return self.leader.offset(len(self.trick))

    @classmethod
    def of_play(cls, play: Play) -> Position:
        """The position reached by a play so far (its deal must hold all four hands)."""
        if play.deal is None:
            raise BridgeError("a position needs the deal")
        played = Deal([_without(play.deal[s], play.cards) for s in Seat])
        trick = play.current_trick
        cards = trick.cards if not trick.is_complete else ()
        leader = trick.leader if not trick.is_complete else play.turn
        assert play.contract.strain is not None
        return cls(played, play.contract.strain, leader, tuple(cards))


def _without(hand: Hand | None, cards: Iterable[Card]) -> Hand:
    if hand is None:
        raise BridgeError("a position needs all four hands")
    for card in cards:
        if card in hand:
            hand = hand.remove(card)
    return hand


def dd_solve(position: Position | Play) -> dict[Card, int]:
    """Tricks the side to play takes from here (the current trick included) with each legal card: from a
    `Position` (``bt.Position(deal, trump, leader, trick)``) or the position a `Play` has reached."""
    if isinstance(position, Play):
        position = Position.of_play(position)
    elif not isinstance(position, Position):
        raise BridgeTypeError(
            f"dd_solve takes a Position or a Play, not {type(position).__name__}: make one with "
            "bt.Position(deal, trump, leader) (the cards still held, the trump Strain, the Seat on lead) or "
            "bt.Play(deal, contract, declarer, cards)")
    return _dds.solve_position(position.deal, position.trump, position.leader, position.trick)


def dd_leads(deal: Deal, contract: Contract | str, declarer: Seat | str) -> dict[Card, int]:
    """Declarer's double-dummy tricks after each possible opening lead."""
    deal = a_deal(deal, "dd_leads")
    contract = Contract.from_str(contract)
    declarer = Seat.parse(declarer)
    if contract.strain is None:
        raise BridgeError("a passed-out board has no opening lead")
    leads = dd_solve(Position(deal, contract.strain, declarer.lho))
    total = len(deal.hand(declarer.lho))
    return {card: total - tricks for card, tricks in leads.items()}


@dataclass(frozen=True, slots=True)
class ReviewedCard:
    """One card of a played board: who played it, and declarer's double-dummy total before and after."""

    seat: Seat
    card: Card
    before: int
    """Declarer's tricks in all (those won so far plus the rest with best play), before this card."""
    after: int
    """The same once this card is played."""
    by_declarer: bool
    """Whether declarer's side played it (declarer or dummy)."""

    @property
    def cost(self) -> int:
        """Tricks this card cost the side that played it (0 for a card as good as the best)."""
        return self.before - self.after if self.by_declarer else self.after - self.before


@dataclass(frozen=True, slots=True)
class Review:
    """Every played card of a board with declarer's double-dummy tricks before and after it."""

    declarer: Seat
    contract: Contract
    cards: tuple[ReviewedCard, ...]

    @property
    def start(self) -> int | None:
        """Declarer's double-dummy tricks before the opening lead (None when no card was played)."""
        return self.cards[0].before if self.cards else None

    def errors(self) -> list[ReviewedCard]:
        """The cards that cost their side a trick or more."""
        return [c for c in self.cards if c.cost > 0]

    def __str__(self) -> str:
        lines = [f"{self.contract} by {self.declarer.full_name}: "
                 f"{self.start} tricks double dummy at the start"]
        for i, c in enumerate(self.cards):
            mark = f"  costs {c.cost}" if c.cost else ""
            lines.append(f"{i // 4 + 1:>2}.{i % 4 + 1} {c.seat.letter} {c.card}  "
                         f"{c.before} -> {c.after}{mark}")
        return "\n".join(lines)


def dd_review(board: object) -> Review:
    """For a played board, declarer's double-dummy tricks before and after every card played.

    Takes a `Board` (or a `Play`) whose deal holds all four hands at the start of the play.
    """
    play = board if isinstance(board, Play) else getattr(board, "play", None)
    if not isinstance(play, Play) or play.deal is None or not play.cards:
        raise BridgeError("a review needs a board with its deal and the cards played")
    replay = Play(play.deal, play.contract, play.declarer)
    declaring = {play.declarer, play.declarer.partner}
    reviewed: list[ReviewedCard] = []
    for card in play.cards:
        position = Position.of_play(replay)
        seat = position.to_play
        values = dd_solve(position)
        won = replay.declarer_tricks
        left = len(position.deal.hand(seat))  # tricks still to play, the current one included
        by_declarer = seat in declaring

        def total(side_tricks: int, left: int = left, won: int = won, by_declarer: bool = by_declarer) -> int:
            return won + (side_tricks if by_declarer else left - side_tricks)

        best = max(values.values())
        reviewed.append(ReviewedCard(seat, card, total(best), total(values[card]), by_declarer))
        replay.add(card)
    return Review(play.declarer, play.contract, tuple(reviewed))
