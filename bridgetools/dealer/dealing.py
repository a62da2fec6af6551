"""One dealing run as the ``deal`` command makes it, as a library value: the compiled plan, the seed (drawn
when none is given), the shard, and how the boards are numbered, turned and labelled (dealer,
vulnerability, event, the PBN header's ``%`` lines). The command line only reads options and writes files.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np

from bridgetools._version import __version__
from bridgetools._words import CONDITION_GOES_ON
from bridgetools.board import Board
from bridgetools.dealer.batch import DealBatch
from bridgetools.dealer.compiler import ALSO_SOURCE, Plan, located, make_plan
from bridgetools.dealer.engine import Production, fresh_seed, produce
from bridgetools.dealer.language import CONDITION_SOURCE, STDIN_SCRIPT, Expr, Script, script_named
from bridgetools.errors import BridgeError, BridgeTypeError, ConstraintError, UnclearHand
from bridgetools.model import Seat, Vul


def whole_number(name: str, value: object, least: int = 0) -> int:
    """``value`` as an int of at least ``least``: `TypeError` naming the argument for anything not a whole
    number (``2.5``, ``"abc"``, ``True``), a `BridgeError` (a `ValueError`) for one that is too small."""
    if isinstance(value, bool):
        raise BridgeTypeError(f"{name} must be a whole number, not {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]  # anything else raises TypeError below
    except TypeError:
        raise BridgeTypeError(f"{name} must be a whole number, not {value!r}") from None
    if number < least:
        raise BridgeError(f"{name} must be at least {least}, not {number}")
    return int(number)


def seats_named(expr: Expr | None) -> set[Seat]:
    """Every seat a hand function of ``expr`` asks about (``hcp(north) + spades(south)``: North, South)."""
    found: set[Seat] = set()
    todo = [expr] if expr is not None else []
    while todo:
        node = todo.pop()
        for f in dataclasses.fields(node):  # type: ignore[arg-type]  # every Expr node is a dataclass
            value = getattr(node, f.name)
            if isinstance(value, Seat):
                found.add(value)
            elif isinstance(value, Expr):
                todo.append(value)
    return found


def hand_about(script: Script) -> Seat:
    """The one hand a script's condition and ``predeal`` are about; `UnclearHand` when there are several
    or none (which hand to turn would be a guess)."""
    seats = seats_named(script.condition) | {seat for seat, _ in script.predeal}
    seats |= {fixed.seat for fixed in script.predeal_lengths}
    if len(seats) == 1:
        return seats.pop()
    if not seats:
        raise UnclearHand("the condition names no hand, so there is no hand to turn")
    names = " and ".join(seat.full_name for seat in sorted(seats))
    raise UnclearHand(f"the condition is about {names}, so which hand to turn is not clear")


def turned(seat: Seat, turns: int) -> Seat:
    """The seat ``seat``'s hand sits at once the deal is turned ``turns`` seats clockwise."""
    return Seat((seat + turns) % 4)


def turned_vul(vul: Vul, turns: int) -> Vul:
    """Vulnerability that follows the hands when a deal is turned (NS and EW swap on an odd turn)."""
    if turns % 2 and vul in (Vul.NS, Vul.EW):
        return Vul.EW if vul is Vul.NS else Vul.NS
    return vul


@dataclass(frozen=True)
class Dealing:
    """A run ready to deal: what to deal (``plan``, ``count``, ``seed``, ``shard`` counted from 0), and how
    its boards are written: numbered from ``first``, each deal turned ``rotate`` seats clockwise,
    ``dealer`` and ``vulnerability`` fixed (None: Law 2 by the board number), with ``event`` and the PBN
    ``header`` lines. ``keeps_all`` says that no count was asked for (no ``-n``, no ``produce``) by a script
    that only averages and counts: dealer then keeps every deal its ``generate`` gives that meets the
    condition, however few."""

    plan: Plan
    count: int
    seed: int
    seed_drawn: bool
    shard: tuple[int, int] | None
    first: int
    dealer: Seat | None
    vulnerability: Vul | None
    event: str
    rotate: int
    header: tuple[str, ...]
    stats: Production = field(default_factory=Production, compare=False)
    keeps_all: bool = False

    def batches(self, jobs: int = 1) -> Iterator[DealBatch]:
        """The accepted deals in stream order (as the script's seats, before any turning), in batches."""
        plan = self.plan
        return produce(plan.accept, self.count, self.seed, predeal=plan.predeal or None,
                       specs=plan.specs or None, jobs=jobs, shard=self.shard,
                       max_generated=plan.max_generated,
                       random_limit=plan.random_limit(counted=not self.keeps_all),
                       stats=self.stats, chunk=plan.chunk, predeal_share=plan.predeal_share)

    def checked(self, batches: Iterable[DealBatch]) -> Iterator[DealBatch]:
        """``batches``, then `ConstraintError` if none at all met the condition within the default limit
        (dealer's output and a board file alike; finding fewer than asked, or none within the script's own
        ``generate``, is only `shortfall`), naming the script's file and the condition's line and column."""
        try:
            yield from batches  # a pair of hands no deal can give is found as the engine weighs them
            self.stats.check_found(None if self.keeps_all else self.count, self.plan.max_generated,
                                   self.plan.script.generate, "boards", partial_ok=True)
        except ConstraintError as e:  # either said where the condition is written, as its syntax errors are
            raise located(self.plan.script, e) from None

    def boards(self, batches: Iterable[DealBatch],
               progress: Callable[[int], None] | None = None) -> Iterator[Board]:
        """The boards of ``batches``, numbered, turned and labelled as this run says; ``progress`` is told the
        size of each batch once its boards are out."""
        number = self.first
        for batch in batches:
            hands = np.roll(batch.hands, self.rotate, axis=1) if self.rotate else batch.hands
            for deal in DealBatch(hands).to_deals():
                yield Board(number=number, dealer=self.dealer, vulnerability=self.vulnerability, deal=deal,
                            event=self.event)
                number += 1
            if progress is not None:
                progress(len(batch))

    @property
    def shortfall(self) -> str | None:
        """What to warn of when fewer boards than asked met the condition before the limit, else None (also
        where none were asked: a statistics script's count is only the most it could keep, as in dealer)."""
        if self.stats.produced >= self.count or self.keeps_all:
            return None
        own = self.plan.script.generate is not None
        return self.stats.shortfall(self.count, self.plan.max_generated, own, "boards")


def prepare(text: str | None, source: str = CONDITION_SOURCE, *, also: str | None = None,
            count: int | None = None, seed: int | None = None, shard: tuple[int, int] | None = None,
            first_board: int = 1, dealer: Seat | None = None, vulnerability: Vul | None = None,
            event: str | None = None, rotate_to: Seat | None = None, about: Seat | None = None,
            described: str | None = None) -> Dealing:
    """Compile a condition or script (with ``also`` ANDed to its condition) into a `Dealing`.

    ``count`` defaults to the script's ``produce``; ``seed`` is drawn when None. Shard ``(i, n)`` (from 0)
    deals chunks i, i + n, ... of the seeded stream and numbers its boards from ``first_board + i * count``,
    so the shards' files join with no number twice. ``rotate_to`` turns every deal so the hand ``about``
    (default: the one hand the condition names, see `hand_about`) sits there; the script's ``dealer`` and
    ``vulnerable`` turn with it, while ``dealer`` and ``vulnerability`` given here are the boards' own.
    ``described`` is the header line naming what was dealt (default: the condition).
    """
    plan = make_plan(text, source, also=also)
    n = plan.default_count() if count is None else whole_number("count", count)
    drawn = seed is None
    seed = fresh_seed() if seed is None else whole_number("seed", seed)
    first_board = whole_number("first board", first_board, 1)
    if shard is not None:
        index, shards = whole_number("shard", shard[0]), whole_number("shard count", shard[1], 1)
        if index >= shards:
            raise ValueError(f"shard {index} of {shards} does not exist (shards count from 0 here)")
    script = plan.script
    turns = 0
    if rotate_to is not None:
        turns = (rotate_to - (about if about is not None else hand_about(script))) % 4
    if dealer is None and script.dealer is not None:
        dealer = turned(script.dealer, turns)
    if vulnerability is None and script.vulnerable is not None:
        vulnerability = turned_vul(script.vulnerable, turns)
    shown_shard = f", shard {shard[0] + 1}/{shard[1]}" if shard else ""
    if described is None:
        described = f"condition {text or '(none)'}" if text or not also else ""
    lines = [line.strip() for line in described.replace("\r", "").split("\n") if line.strip()]
    header = [f"bridgetools {__version__} deal, seed {seed}{shown_shard} (numpy {np.__version__})",
              *lines[:1], *(CONDITION_GOES_ON + line for line in lines[1:])]  # set under the first's text
    if also:
        header.append(f"{ALSO_SOURCE[1:-1]} {also}")
    if turns and rotate_to is not None:
        header.append(f"turned {turns} seat{'s' if turns > 1 else ''} clockwise, so the hand dealt "
                      f"{turned(rotate_to, -turns).full_name} sits {rotate_to.full_name}")
    return Dealing(plan=plan, count=n, seed=seed, seed_drawn=drawn, shard=shard,
                   first=first_board + (shard[0] * n if shard else 0), dealer=dealer,
                   vulnerability=vulnerability, rotate=turns, header=tuple(header),
                   keeps_all=count is None and plan.keeps_all,
                   event=event if event is not None else dealt_event(source, seed))


def dealt_event(source: str, seed: int) -> str:
    """The Event of boards dealt with no ``--event``: the script they were dealt from (its file, or
    ``script from standard input``) and the seed, ``bridgetools deal weak.dlr, seed 5``; a condition's
    ``bridgetools deal, seed 5``."""
    named = script_named(source)
    shown = "" if named is None else f", {named}" if named == STDIN_SCRIPT else f" {named}"
    return f"bridgetools deal{shown}, seed {seed}"


__all__ = [
    "Dealing", "UnclearHand", "hand_about", "prepare", "seats_named", "turned", "turned_vul", "whole_number",
]
