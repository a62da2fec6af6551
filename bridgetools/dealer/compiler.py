"""Compile a parsed dealer `Script` into numpy: the condition as a filter over a `DealBatch`, every
expression as one integer per deal, and the hands the condition pins down as specs for exact sampling.

Integer arithmetic follows C, as dealer's does: ``/`` truncates toward zero and ``%`` takes the sign of
the dividend. A division by zero gives 0 (dealer would crash), because ``?:`` evaluates both branches
over a batch.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from bridgetools import evaluate
from bridgetools._words import plural
from bridgetools.dealer import tables
from bridgetools.dealer.batch import DealBatch, shape_table
from bridgetools.dealer.language import (
    SEATS,
    Action,
    Binary,
    Cccc,
    Count,
    Expr,
    HasCard,
    IfElse,
    Imps,
    Length,
    Num,
    Quality,
    Rnd,
    ScoreOf,
    Script,
    ShapeIn,
    Tricks,
    Unary,
    children,
    deep_recursion,
    parse,
)
from bridgetools.dealer.spans import check_tricks, imps_values
from bridgetools.dealer.together import (
    Addend,
    check_cards,
    check_counts,
    check_hcp_totals,
    check_sums,
    check_together,
    hcp_ranges,
)
from bridgetools.errors import NO_DEAL, ConstraintError
from bridgetools.model import Hand, Seat, Suit

if TYPE_CHECKING:
    from bridgetools.dealer.partnership import PairSpec, Spec
    from bridgetools.dealer.smart import HandSpec

Value = Any  # an int (a constant) or a numpy array with one value per deal


def walk(expr: Expr) -> Iterator[Expr]:
    """``expr`` and every expression under it (shared sub-expressions once each)."""
    seen: set[int] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        stack.extend(children(node))


def action_exprs(action: Action) -> Iterator[Expr]:
    """The expressions an action evaluates."""
    for expr in (action.expr, action.expr2, *action.items):
        if isinstance(expr, Expr):
            yield expr


def _truth(v: Value) -> Value:
    if isinstance(v, np.ndarray):
        return v if v.dtype == np.bool_ else v != 0
    return bool(v)


def _int(v: Value) -> Value:
    if isinstance(v, np.ndarray):
        return v.astype(np.int64) if v.dtype != np.int64 else v
    return int(v)


def c_divide(a: Value, b: Value) -> Value:
    """``a / b`` as C computes it for integers (truncated toward zero); 0 where ``b`` is 0."""
    if not isinstance(a, np.ndarray) and not isinstance(b, np.ndarray):
        return 0 if b == 0 else (abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1)
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    safe = np.where(b == 0, 1, b)
    q = (np.abs(a) // np.abs(safe)) * np.where((a < 0) == (safe < 0), 1, -1)
    return np.where(b == 0, 0, q)


def c_modulo(a: Value, b: Value) -> Value:
    """``a % b`` as C computes it (the sign of ``a``); 0 where ``b`` is 0."""
    if not isinstance(a, np.ndarray) and not isinstance(b, np.ndarray):
        return 0 if b == 0 else a - b * c_divide(a, b)
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    return np.where(b == 0, 0, a - b * c_divide(a, b))


_OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "le": operator.le, "gt": operator.gt,
    "ge": operator.ge, "add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": c_divide,
    "mod": c_modulo,
}
"""The binary operators but ``&&`` and ``||``: each takes constants (Python ints) or per-deal arrays."""

_COMPARISONS = frozenset({"eq", "ne", "lt", "le", "gt", "ge"})


def _logical(op: str, a: Value, b: Value) -> Value:
    """``&&`` or ``||``: a constant side settles it or drops out, so a constant condition stays constant."""
    for constant, other in ((a, b), (b, a)):
        if not isinstance(constant, np.ndarray):
            if bool(constant) == (op == "or"):
                return int(op == "or")  # 0 && x is 0, 1 || x is 1
            return _truth(other) if isinstance(other, np.ndarray) else int(bool(other))
    return np.logical_and(_truth(a), _truth(b)) if op == "and" else np.logical_or(_truth(a), _truth(b))


def _wrapped(n: int) -> int:
    """A constant wrapped to 64 bits, as the per-deal arrays wrap."""
    return (n + 2**63) % 2**64 - 2**63


@dataclass
class Compiled:
    """A script ready to run: evaluate any of its expressions over a batch, filter a batch by it."""

    script: Script
    _counts: dict[str, tables.Table] = field(init=False)
    _shape_tables: dict[int, npt.NDArray[np.bool_]] = field(init=False, default_factory=dict)
    _rnd_order: dict[int, int] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        script = self.script
        # the counts the script redefines; the others are dealer's (`tables.named_table`)
        self._counts = {f"pt{i}": tables.rank_weight_table(w) for i, w in script.altcounts}
        if script.pointcount is not None:
            self._counts["hcp"] = tables.rank_weight_table(script.pointcount)
        self._rnd_order = {id(node): i for i, node in enumerate(
            n for e in self.expressions() for n in walk(e) if isinstance(n, Rnd))}

    def expressions(self) -> Iterator[Expr]:
        """The condition and every expression of the actions."""
        if self.script.condition is not None:
            yield self.script.condition
        for action in self.script.actions or ():
            yield from action_exprs(action)

    # Filtering --------------------------------------------------------------------------------------

    def accept(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        """Which deals of ``batch`` meet the condition (and the suit lengths ``predeal`` asks for)."""
        cache: dict[Any, Value] = {}
        keep = np.ones(len(batch), dtype=np.bool_)
        for fixed in self.script.predeal_lengths:
            keep &= batch.length(fixed.seat, fixed.suit) == fixed.length
        if self.script.condition is not None:
            keep &= np.broadcast_to(_truth(self.value(self.script.condition, batch, cache)), keep.shape)
        return keep

    def evaluate(self, expr: Expr, batch: DealBatch, cache: dict[Any, Value] | None = None
                 ) -> npt.NDArray[np.int64]:
        """``expr`` for every deal of ``batch``, as int64."""
        value = _int(self.value(expr, batch, {} if cache is None else cache))
        return np.broadcast_to(np.asarray(value, dtype=np.int64), (len(batch),))

    # Evaluation -------------------------------------------------------------------------------------

    def value(self, expr: Expr, batch: DealBatch, cache: dict[Any, Value]) -> Value:
        """``expr`` over ``batch``: a constant stays an int, anything else is one value per deal (worked out
        by recursion, an expression up to `DEEPEST` deep: `deep_recursion`)."""
        with deep_recursion():
            return self._value(expr, batch, cache)

    def _value(self, expr: Expr, batch: DealBatch, cache: dict[Any, Value]) -> Value:
        """`value` inside its recursion: ``expr``'s value once per hand key in ``cache``."""
        key = _hand_key(expr)
        if key in cache:
            return cache[key]
        result = self._compute(expr, batch, cache)
        cache[key] = result
        return result

    def _compute(self, expr: Expr, batch: DealBatch, cache: dict[Any, Value]) -> Value:
        v = self._value
        if isinstance(expr, Num):
            return expr.value
        if isinstance(expr, Binary):
            if expr.op in ("and", "or") and _solves(expr.right):
                return self._short_circuit(expr, batch, cache)
            a, b = v(expr.left, batch, cache), v(expr.right, batch, cache)
            if expr.op in ("and", "or"):
                return _logical(expr.op, a, b)
            if expr.op in _COMPARISONS and (isinstance(a, np.ndarray) or isinstance(b, np.ndarray)):
                return _OPERATORS[expr.op](a, b)  # numpy compares any integer dtypes exactly: no int64 copies
            result = _OPERATORS[expr.op](_int(a), _int(b))
            return result if isinstance(result, np.ndarray) else _wrapped(int(result))
        if isinstance(expr, Unary):
            a = v(expr.operand, batch, cache)
            if expr.op == "not":
                return np.logical_not(_truth(a)) if isinstance(a, np.ndarray) else int(not a)
            return -_int(a)
        if isinstance(expr, IfElse):
            test = v(expr.test, batch, cache)
            if not isinstance(test, np.ndarray):
                return v(expr.then if test else expr.other, batch, cache)
            return np.where(_truth(test), _int(v(expr.then, batch, cache)), _int(v(expr.other, batch, cache)))
        if isinstance(expr, Length):
            return batch.length(expr.seat, expr.suit)
        if isinstance(expr, Count):
            table = self._counts[expr.kind] if expr.kind in self._counts else tables.named_table(expr.kind)
            return batch.count(expr.seat, table, expr.suit)
        if isinstance(expr, Quality):
            return batch.quality(expr.seat, expr.suit)
        if isinstance(expr, Cccc):
            return batch.cccc(expr.seat)
        if isinstance(expr, ShapeIn):
            in_shape = self._shape_tables.get(id(expr))
            if in_shape is None:
                in_shape = self._shape_tables[id(expr)] = shape_table(expr.shapes)
            return in_shape[batch.shape_code(expr.seat)]
        if isinstance(expr, HasCard):
            return batch.has_card(expr.seat, expr.card.index)
        if isinstance(expr, ScoreOf):
            return score_values(expr, _int(v(expr.tricks, batch, cache)))
        if isinstance(expr, Imps):
            return imps_values(_int(v(expr.operand, batch, cache)))
        if isinstance(expr, Rnd):
            return rnd_values(batch, _int(v(expr.operand, batch, cache)), self._rnd_order.get(id(expr), 0))
        if isinstance(expr, Tricks):
            solved = cache.get(_DD_KEY)
            if solved is None:
                solved = cache[_DD_KEY] = dd_tricks(batch)
            assert isinstance(solved, np.ndarray)
            return solved[:, expr.seat * 5 + expr.strain]
        raise ConstraintError(f"cannot evaluate {type(expr).__name__}")

    def _short_circuit(self, expr: Binary, batch: DealBatch, cache: dict[Any, Value]) -> Value:
        """``a && b`` / ``a || b`` where ``b`` needs double dummy: ``b`` is solved only for the deals
        ``a`` leaves open (as dealer evaluates it), a sub-batch with a cache of its own."""
        a = self._value(expr.left, batch, cache)
        if not isinstance(a, np.ndarray):
            if bool(a) == (expr.op == "or"):
                return int(expr.op == "or")
            b = self._value(expr.right, batch, cache)
            return _truth(b) if isinstance(b, np.ndarray) else int(bool(b))
        a = _truth(a)
        open_ = a if expr.op == "and" else ~a
        result = a.copy()
        if open_.any():
            part = batch.select(open_)
            b = self._value(expr.right, part, {})
            result[open_] = np.broadcast_to(_truth(b) if isinstance(b, np.ndarray) else bool(b), (len(part),))
        return result


DD_CHUNK = 80
"""Deals a chunk holds when the script solves double dummy: two of DDS's batched calls."""
_DD_KEY = ("double dummy",)
"""The cache key of a batch's double-dummy tables (20 tricks a deal, solved once for every tricks())."""


def _solves(expr: Expr) -> bool:
    """Whether ``expr`` needs double dummy (a ``tricks()`` anywhere in it)."""
    return any(isinstance(node, Tricks) for node in walk(expr))


def dd_tricks(batch: DealBatch) -> npt.NDArray[np.int8]:
    """The double-dummy table of every deal of ``batch``: ``[n, 20]``, declarer-major in model order,
    through DDS's batched call (the ``dd`` extra; without it one line says how to install it)."""
    from bridgetools.dd import dd_tables

    out = np.zeros((len(batch), 20), dtype=np.int8)
    for i, table in enumerate(dd_tables(batch.to_deals())):
        out[i] = [t or 0 for t in table.tricks]
    return out


def _hand_key(expr: Expr) -> Any:
    """The cache key of ``expr``: what a hand function asks (``hcp(south)`` written forty times in a real
    script is one key, so it is counted once per batch); any other node is keyed by its identity."""
    if isinstance(expr, Length):
        return ("length", expr.seat, expr.suit)
    if isinstance(expr, Count):
        return ("count", expr.kind, expr.seat, expr.suit)
    if isinstance(expr, ShapeIn):
        return ("shape", expr.seat, expr.shapes)
    if isinstance(expr, HasCard):
        return ("card", expr.seat, expr.card.index)
    return id(expr)


# Evaluations from the scoring tables -------------------------------------------------------------

def score_values(expr: ScoreOf, tricks: Value) -> Value:
    """Declarer's score for each deal's number of tricks (clipped to 0..13)."""
    from bridgetools.scoring import score

    by_tricks = np.array([score(expr.contract, t, expr.vulnerable) for t in range(14)], dtype=np.int64)
    return by_tricks[np.clip(tricks, 0, 13)]


def _mixed(x: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """SplitMix64's finaliser: every input bit reaches every output bit (arrays wrap on overflow)."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def rnd_values(batch: DealBatch, n: Value, salt: int) -> npt.NDArray[np.int64]:
    """``rnd(n)``: 0..n-1 for each deal, drawn from a hash of the deal's key (its place in the seeded
    stream, `DealBatch.keys`), its cards and ``salt`` (which ``rnd()`` of the script it is).

    Each deal's number depends on that deal and its place only, so a seeded run gives the same numbers
    whatever the batches it is cut into, the number of workers or how many deals are asked for; the place
    makes equal deals (every deal of a script that predeals all 52 cards) draw apart, as in dealer.
    """
    x = np.full(len(batch), (salt + 1) * 0x9E3779B97F4A7C15 % 2**64, dtype=np.uint64)
    if batch.keys is not None:
        x = _mixed(x + batch.keys)
    for seat in range(4):
        x = _mixed(x + batch.hands[:, seat])
    upper = np.maximum(np.asarray(n, dtype=np.int64), 0)
    values: npt.NDArray[np.int64] = np.floor((x >> np.uint64(11)) * 2.0**-53 * upper).astype(np.int64)
    return values


# Specs for exact sampling -------------------------------------------------------------------------

@dataclass
class SeatLimits:
    """What the condition's top-level conjunction says about one hand: necessary, never sufficient."""

    hcp: tuple[int, int] = (0, evaluate.MAX_HCP)
    lengths: dict[Suit, tuple[int, int]] = field(default_factory=dict)
    shapes: frozenset[tuple[int, int, int, int]] | None = None
    suit_hcp: dict[Suit, tuple[int, int]] = field(default_factory=dict)

    @property
    def is_free(self) -> bool:
        no_hcp_limit = self.hcp == (0, evaluate.MAX_HCP)
        return no_hcp_limit and not self.lengths and self.shapes is None and not self.suit_hcp

    def spec(self, seat: Seat) -> HandSpec:
        """These limits as the engine's `HandSpec` (suits spades first)."""
        from bridgetools.dealer.smart import HandSpec

        order = (Suit.S, Suit.H, Suit.D, Suit.C)
        spades, hearts, diamonds, clubs = (self.lengths.get(s, (0, 13)) for s in order)
        hcp_s, hcp_h, hcp_d, hcp_c = (self.suit_hcp.get(s, (0, 10)) for s in order)
        return HandSpec(seat, shapes=self.shapes, lengths=(spades, hearts, diamonds, clubs), hcp=self.hcp,
                        suit_hcp=(hcp_s, hcp_h, hcp_d, hcp_c))


def _within(old: tuple[int, int], bounds: tuple[int, int]) -> tuple[int, int]:
    """The part of the range ``old`` that ``bounds`` allows."""
    return max(old[0], bounds[0]), min(old[1], bounds[1])


def conjuncts(expr: Expr | None) -> Iterator[Expr]:
    """The terms of a top-level ``&&`` chain, left to right (found without recursion: a chain may be
    `DEEPEST` long)."""
    stack = [] if expr is None else [expr]
    while stack:
        term = stack.pop()
        if isinstance(term, Binary) and term.op == "and":
            stack += (term.right, term.left)
        else:
            yield term


_FLIP = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}


def _compared(term: Expr) -> tuple[Expr, str, int] | None:
    """A comparison of an expression with a number, turned so the number is on the right (``20 <= x`` as
    ``x >= 20``): (expression, operator, number); None for any other term."""
    if not (isinstance(term, Binary) and term.op in _FLIP):
        return None
    left, op, right = term.left, term.op, term.right
    if isinstance(left, Num):
        left, right, op = right, left, _FLIP[op]
    return (left, op, right.value) if isinstance(right, Num) else None


def _bounds(op: str, n: int) -> tuple[int, int] | None:
    """The range ``x op n`` allows (``cccc`` may be below 0; a count or length never is), None for ``!=``."""
    return {"lt": (-2**63, n - 1), "le": (-2**63, n), "gt": (n + 1, 2**63), "ge": (n, 2**63),
            "eq": (n, n)}.get(op)


def seat_limits(script: Script) -> dict[Seat, SeatLimits]:
    """Per-seat limits implied by the condition's top-level conjunction and by ``predeal`` lengths.

    Only standard 4-3-2-1 hcp counts (``pointcount`` changes what hcp() means, so it is then ignored).
    """
    return condition_limits(script).seats


@dataclass(frozen=True)
class ConditionLimits:
    """What the condition's top-level conjunction says, necessary and never sufficient: each seat's limits
    (``seats``), the HCP range on two or more hands added (``hcp_totals``: the seats added -> range), the
    range on two or more suit lengths added (``length_totals``: the (seat, suit) pairs added -> range,
    ``spades(north) + spades(south) >= 8``) and on two or more suits' HCP added (``suit_hcp_totals``,
    ``hcp(north, spades) + hcp(south, spades) >= 8``), and every sum of lengths and counts whatever it
    mixes, or a count alone that ``seats`` does not hold (``sums``: its addends -> range, ``hcp(north) +
    spades(north) + hearts(north) >= 20``, ``controls(north) > 12``)."""

    seats: dict[Seat, SeatLimits]
    hcp_totals: dict[frozenset[Seat], tuple[int, int]]
    length_totals: dict[frozenset[tuple[Seat, Suit]], tuple[int, int]]
    suit_hcp_totals: dict[frozenset[tuple[Seat, Suit]], tuple[int, int]]
    sums: dict[tuple[Addend, ...], tuple[int, int]]


def condition_limits(script: Script) -> ConditionLimits:
    """What the condition's top-level conjunction (and ``predeal`` lengths) says, read in one walk: each
    seat's limits (`seat_limits`), and the ranges it sets on two or more hands' HCP added (``hcp(north) +
    hcp(south) >= 21``), on suit lengths added (``spades(north) + hearts(north) >= 9``), on suits' HCP
    added and on any sum of these or of dealer's other counts, or one alone (`ConditionLimits`). Counts as
    dealer defines them only: HCP under ``pointcount``, ``pt3`` under ``altcount 3`` are left out."""
    found = ConditionLimits({}, {}, {}, {}, {})
    for fixed in script.predeal_lengths:
        _narrow_length(found.seats, fixed.seat, fixed.suit, (fixed.length, fixed.length))
    standard = script.pointcount is None
    refused: list[tuple[Expr, int]] = []
    for term in conjuncts(script.condition):
        if isinstance(term, ShapeIn):
            lim = found.seats.setdefault(term.seat, SeatLimits())
            lim.shapes = term.shapes if lim.shapes is None else lim.shapes & term.shapes
        elif (compared := _compared_range(term)) is not None:
            left, signed = compared
            if not _narrow_hand(found.seats, left, _within(signed, (0, 2**63)), standard):
                _narrow_sums(found, left, signed, script, standard)
        elif (unequal := _compared(term)) is not None and unequal[1] == "ne":
            refused.append((unequal[0], unequal[2]))
    _refuse_values(found.seats, refused, standard)
    return replace(found, seats={seat: lim for seat, lim in found.seats.items() if not lim.is_free})


def _refuse_values(limits: dict[Seat, SeatLimits], refused: list[tuple[Expr, int]], standard: bool) -> None:
    """One hand's limits narrowed by the ``x != n`` terms ``refused`` (a length, the hand's HCP or a suit's,
    as `_narrow_hand` reads them): a range ending at ``n`` ends one short of it, and shapes giving the suit
    ``n`` cards are dropped, so ``hcp(north) == 5 && hcp(north) != 5`` is met by no hand (it was dealt
    until ``generate`` ran out). Taken until none narrows more: ``!= 36 && != 37`` after ``>= 36``."""
    narrowed = True
    while narrowed:
        narrowed = False
        for left, value in refused:
            reached = _hand_range(limits, left, standard)
            if reached is not None and reached[0] <= reached[1] and value in reached:  # at an end
                low, high = reached
                shorter = (value + 1, high) if low == value else (low, value - 1)
                narrowed |= _narrow_hand(limits, left, shorter, standard)
            if isinstance(left, Length) and (lim := limits.get(left.seat)) is not None and lim.shapes:
                order = (Suit.S, Suit.H, Suit.D, Suit.C).index(left.suit)
                kept = frozenset(shape for shape in lim.shapes if shape[order] != value)
                narrowed |= kept != lim.shapes
                lim.shapes = kept


def _hand_range(limits: dict[Seat, SeatLimits], left: Expr, standard: bool) -> tuple[int, int] | None:
    """The range ``limits`` give ``left`` (a length, or the hand's HCP or a suit's counted as dealer does:
    ``standard``); None for any other expression."""
    if not isinstance(left, Length | Count) or (isinstance(left, Count) and not (left.kind == "hcp"
                                                                              and standard)):
        return None
    lim = limits.get(left.seat, SeatLimits())
    if isinstance(left, Length):
        return lim.lengths.get(left.suit, (0, 13))
    return lim.hcp if left.suit is None else lim.suit_hcp.get(left.suit, (0, 10))


def _compared_range(term: Expr) -> tuple[Expr, tuple[int, int]] | None:
    """A comparison of an expression with a number as the expression and the range it allows it
    (``hcp(north) >= 15``: ``hcp(north)``, 15 up); None for any other term, and for ``!=``."""
    compared = _compared(term)
    if compared is None:
        return None
    left, op, value = compared
    signed = _bounds(op, value)
    return None if signed is None else (left, signed)


def _tricks_compared(term: Expr) -> tuple[Expr, tuple[int, int]] | None:
    """A comparison of an expression that holds a ``tricks()`` with a number, as `_compared_range` reads
    it (`bridgetools.dealer.spans.check_tricks` weighs it); None for any other term."""
    compared = _compared_range(term)
    return compared if compared is not None and _solves(compared[0]) else None


def _narrow_length(limits: dict[Seat, SeatLimits], seat: Seat, suit: Suit, bounds: tuple[int, int]) -> None:
    """``seat``'s length in ``suit`` kept within ``bounds`` too."""
    lim = limits.setdefault(seat, SeatLimits())
    lim.lengths[suit] = _within(lim.lengths.get(suit, (0, 13)), bounds)


def _narrow_hand(limits: dict[Seat, SeatLimits], left: Expr, bounds: tuple[int, int], standard: bool) -> bool:
    """Whether ``left`` is one hand's HCP (counted as dealer does: ``standard``), a suit's HCP or a
    length, whose seat's limits it then keeps within ``bounds`` (never below 0)."""
    if isinstance(left, Length):
        _narrow_length(limits, left.seat, left.suit, bounds)
        return True
    if not (isinstance(left, Count) and left.kind == "hcp" and standard):
        return False
    lim = limits.setdefault(left.seat, SeatLimits())
    if left.suit is None:
        lim.hcp = _within(lim.hcp, bounds)
    else:
        lim.suit_hcp[left.suit] = _within(lim.suit_hcp.get(left.suit, (0, 10)), bounds)
    return True


def _narrow_sums(found: ConditionLimits, left: Expr, signed: tuple[int, int], script: Script,
                 standard: bool) -> None:
    """The ranges of ``found`` a sum (or a count `_narrow_hand` does not read: ``controls(north)``) keeps
    within ``signed``: of hands' HCP, of lengths or of suits' HCP added, and of any sum dealer's counts
    weigh (`_addend`); nothing for an expression that does more than add."""
    added = _addends(left)
    if added is None:
        return
    bounds = _within(signed, (0, 2**63))  # of a count or a length, never below 0
    hands = [t.seat for t in added if isinstance(t, Count) and t.kind == "hcp" and t.suit is None]
    cells = frozenset((t.seat, t.suit) for t in added if isinstance(t, Length))
    suits = frozenset((t.seat, t.suit) for t in added
                      if isinstance(t, Count) and t.kind == "hcp" and t.suit is not None)
    if standard and len(hands) == len(added):
        seats = frozenset(hands)
        found.hcp_totals[seats] = _within(found.hcp_totals.get(seats, (0, 2**63)), bounds)
    elif len(cells) == len(added):
        found.length_totals[cells] = _within(found.length_totals.get(cells, (0, 2**63)), bounds)
    elif standard and len(suits) == len(added):
        found.suit_hcp_totals[suits] = _within(found.suit_hcp_totals.get(suits, (0, 2**63)), bounds)
    weighed = [_addend(t, script) for t in added]
    if None not in weighed:
        key = tuple(a for a in weighed if a is not None)
        found.sums[key] = _within(found.sums.get(key, (-2**63, 2**63)), signed)


HandTerm = Count | Length | Quality | Cccc
"""A hand function a sum the up-front checks weigh may add."""


def _addend(term: HandTerm, script: Script) -> Addend | None:
    """``term`` as an `Addend` the up-front checks weigh: a length or one of dealer's own counts; None for
    one whose meaning the script changes (``hcp`` under ``pointcount``, ``pt3`` under ``altcount 3``)."""
    if isinstance(term, Length):
        return Addend("length", term.seat, term.suit)
    if isinstance(term, Quality):
        return Addend("quality", term.seat, term.suit)
    if isinstance(term, Cccc):
        return Addend("cccc", term.seat)
    redefined = {f"pt{i}" for i, _ in script.altcounts}
    if script.pointcount is not None:
        redefined.add("hcp")
    return None if term.kind in redefined else Addend(term.kind, term.seat, term.suit)


def _addends(expr: Expr) -> list[HandTerm] | None:
    """The hand functions ``expr`` adds up (``hcp(east) + hcp(west)``), each asked once; None where it does
    more than add them, or asks one twice (``spades(north) + spades(north)`` is twice one length)."""
    found: dict[Any, HandTerm] = {}
    stack = [expr]
    while stack:
        term = stack.pop()
        if isinstance(term, Binary) and term.op == "add":
            stack += (term.right, term.left)  # left first: the addends as written
        elif isinstance(term, HandTerm) and _hand_key(term) not in found:
            found[_hand_key(term)] = term
        else:
            return None
    return list(found.values())


_TRUTHS = _COMPARISONS | {"and", "or"}


def _is_truth(expr: Expr) -> bool:
    """Whether ``expr`` is 1 or 0 on every deal: a comparison, ``&&``, ``||``, ``not``, ``shape`` or
    ``hascard``."""
    return (isinstance(expr, Unary) and expr.op == "not") or isinstance(expr, ShapeIn | HasCard) or (
        isinstance(expr, Binary) and expr.op in _TRUTHS)


def check_truths(script: Script) -> None:
    """Raise `ConstraintError` for a term of the condition's top-level ``&&`` that compares a truth, 1 or 0,
    with a number neither meets: never true, so without this it is dealt until ``generate`` runs out. For
    ``not hcp(north) > 10``, ``(not hcp(north)) > 10`` as dealer reads it, the error is the parser's note
    saying where and what was meant."""
    for term in conjuncts(script.condition):
        compared = _compared(term)
        if compared is None:
            continue
        left, op, value = compared
        if not _is_truth(left) or any(_OPERATORS[op](truth, value) for truth in (0, 1)):
            continue
        said = script.not_first.get(left)
        if said is not None:
            where, what = said
            raise ConstraintError(f"{where}: {NO_DEAL}: {what}")
        error = ConstraintError(f"{NO_DEAL}: it compares a truth (1 or 0: a comparison, not, && or ||) with "
                                f"{value}, which neither is")
        place = script.places.get(term)
        if place is None:
            raise located(script, error)
        raise ConstraintError(f"{place}: {error}")


NARROW = 0.05
"""A hand spec is handed to the engine for exact sampling when rejection would keep fewer deals than this."""


LOOSE = 0.5
"""A shape-only spec met by at least this share of hands is left to the condition: rejecting on it costs
less than setting up and drawing a second hand exactly."""


def hand_specs(script: Script, predeal: Mapping[Seat, int] | None = None) -> tuple[Spec, ...]:
    """The specs for exact sampling: each seat the condition pins to fewer than `NARROW` of all hands and,
    when there is one, every other seat limited by shape and suit lengths only to fewer than `LOOSE` of all
    hands (the engine may draw such a hand exactly alongside the first, e.g. "South 4+ spades" after "North
    8+ spades and 10+ HCP"); or, where two seats' HCP added are held to fewer than `NARROW` of all deals
    and to fewer than any one seat's spec (`rare_pair`), that alone (``hcp(north) + hcp(south) >= 33``).

    Each spec is a necessary condition only: the compiled condition still tests every deal. Limits no deal
    can meet, one hand's, the four hands' together, a sum's or tricks' (`check_hcp_totals`,
    `check_together`, `check_sums`, `check_counts`, `check_tricks`), raise `ConstraintError`: `make_plan`
    calls this whether or not it deals by the specs, so that every run refuses them before dealing.
    """
    from bridgetools.dealer.smart import probability

    narrow, shape_only, rarest = [], [], 1.0
    said = condition_limits(script)
    every = said.seats
    for seat, limits in sorted(every.items()):
        spec = limits.spec(seat)
        chance = probability(spec, predeal)
        if chance == 0:
            raise ConstraintError(f"no deal can meet the condition: {seat.full_name} can never hold such a "
                                  "hand" + (" with the cards predealt" if predeal else ""))
        if chance < NARROW:
            narrow.append(spec)
            rarest = min(rarest, chance)
        elif spec.limits_shape_only and chance < LOOSE:
            shape_only.append(spec)
    try:
        check_limits(said, predeal or {})
    except ConstraintError as e:
        if predeal and _meets_limits(said, {}):
            raise ConstraintError(f"{e} (with the cards predealt)") from None
        raise
    check_tricks(script.condition, _tricks_compared)
    pair = rare_pair(said, script, predeal or {})
    if pair is not None and pair[1] < rarest:
        return (pair[0],)
    return tuple(narrow + shape_only) if narrow else ()


def rare_pair(said: ConditionLimits, script: Script,
              predeal: Mapping[Seat, int]) -> tuple[PairSpec, float] | None:
    """The range the condition sets on two seats' HCP added that the fewest deals meet, if fewer than
    `NARROW` do, with that share; None where there is none, and where ``predeal`` fixes suit lengths (the
    share would have to be counted within them)."""
    from bridgetools.dealer.partnership import PAIR_HCP, PairSpec, pair_share

    if script.predeal_lengths:
        return None
    found = [PairSpec((min(seats), max(seats)), (lo, min(hi, PAIR_HCP)))
             for seats, (lo, hi) in said.hcp_totals.items() if len(seats) == 2]
    if not found:
        return None
    share, spec = min(((pair_share(spec, predeal), spec) for spec in found), key=lambda pair: pair[0])
    if share >= NARROW:
        return None
    if share == 0:
        raise ConstraintError(f"no deal can meet the condition: {spec.describe()} cannot be dealt"
                              + (" with the cards predealt" if predeal else ""))
    return spec, share


def check_limits(said: ConditionLimits, predealt: Mapping[Seat, int]) -> None:
    """Raise `ConstraintError` when the limits the condition sets, on one hand, on hands together or on a
    sum, cannot all hold in one deal with the cards ``predealt`` (`check_hcp_totals`, `check_together`,
    `check_sums`, `check_counts`)."""
    every = said.seats
    check_hcp_totals({**hcp_ranges(every, None, predealt), **said.hcp_totals})
    check_together(every, said.length_totals, said.suit_hcp_totals, predealt)
    check_sums(every, said.sums, predealt)
    check_counts(said.sums, every, predealt)


def _meets_limits(said: ConditionLimits, predealt: Mapping[Seat, int]) -> bool:
    """Whether `check_limits` lets ``said`` through."""
    try:
        check_limits(said, predealt)
    except ConstraintError:
        return False
    return True


# The picklable filter handed to the engine ---------------------------------------------------------

class ScriptFilter:
    """A picklable ``DealBatch -> bool array`` for a script: holds only the source text and compiles
    itself on first use, so each worker process rebuilds it."""

    def __init__(self, text: str, source: str = "<script>", compiled: Compiled | None = None,
                 also: str | None = None) -> None:
        self.text = text
        self.source = source
        self.also = also
        self._compiled = compiled  # the script of ``text`` already compiled (it is not pickled)

    @property
    def compiled(self) -> Compiled:
        if self._compiled is None:
            self._compiled = compile_script(with_condition(parse(self.text, self.source), self.also))
        return self._compiled

    def __call__(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        return self.compiled.accept(batch)

    def __getstate__(self) -> dict[str, str | None]:
        return {"text": self.text, "source": self.source, "also": self.also}

    def __setstate__(self, state: dict[str, str | None]) -> None:
        self.text = state["text"] or ""
        self.source = state["source"] or "<script>"
        self.also = state.get("also")
        self._compiled = None


ALSO_SOURCE = "<shorthand>"


def with_condition(script: Script, also: str | None) -> Script:
    """``script`` whose condition is ANDed with ``also``, a condition in the dealer language (the command
    line's hand shorthand added to a script)."""
    if also is None:
        return script
    extra = parse(also, ALSO_SOURCE).condition
    if extra is None:
        return script
    both = extra if script.condition is None else Binary("and", script.condition, extra)
    return replace(script, condition=both)


def always_true(script: Script) -> str:
    """The note for a condition that holds for every deal though it is no number, mostly a number alone
    after ``||`` (``spades(north) == 5 || 6`` is ``(spades(north) == 5) || 6``): dealer takes it as given."""
    where = "" if script.condition_at is None else "{}:{}:{}: ".format(script.source, *script.condition_at)
    number_or = script.condition is not None and any(
        isinstance(e, Binary) and e.op == "or" and Num in (type(e.left), type(e.right))
        for e in walk(script.condition))
    hint = (" (a number alone is true: spades(north) == 5 || 6 is (spades(north) == 5) || 6; write "
            "spades(north) == 5 || spades(north) == 6)") if number_or else ""
    return f"{where}this condition is always true, so every deal meets it{hint}"


def located(script: Script, error: ConstraintError) -> ConstraintError:
    """``error``, that no deal can meet the script's condition, starting with where the condition is
    written (``s.dlr:3:11: no deal can meet the condition: ...``), as a script's syntax errors do."""
    if script.condition_at is None:
        return error
    line, column = script.condition_at
    return ConstraintError(f"{script.source}:{line}:{column}: {error}")


def check_predeal_lengths(script: Script, masks: Mapping[Seat, int]) -> None:
    """Refuse suit lengths ``predeal`` fixes that no deal can hold (7+4+4+4 hearts; a seat given more than
    13 cards; fewer than the cards predealt), before any dealing, naming where the last statement that
    makes them impossible is written."""
    fixed = {(f.seat, f.suit): f.length for f in script.predeal_lengths}
    where = {(f.seat, f.suit): f.at for f in script.predeal_lengths}

    def refuse(message: str, keys: Iterable[tuple[Seat, Suit]]) -> ConstraintError:
        line, column = max((where[k] for k in keys if k in where), default=(0, 0))
        return ConstraintError(f"{script.source}:{line}:{column}: {message}" if line else message)

    for seat, suit in fixed:
        held = Hand(masks.get(seat, 0)).length(suit)
        if held > fixed[seat, suit]:
            name = suit.full_name.lower()
            raise refuse(f"predeal: {seat.full_name} is given {plural(fixed[seat, suit], name[:-1], name)} "
                         f"but already holds {held} predealt", [(seat, suit)])

    def least(seat: Seat, suit: Suit) -> int:
        return fixed.get((seat, suit), Hand(masks.get(seat, 0)).length(suit))

    for suit in Suit:
        total = sum(least(seat, suit) for seat in Seat)
        if total > 13 or (total < 13 and all((seat, suit) in fixed for seat in Seat)):
            raise refuse(f"predeal: the four hands cannot hold {total} {suit.full_name} between them (a suit "
                         "has 13 cards)", [(seat, suit) for seat in Seat])
    for seat in Seat:
        total = sum(least(seat, suit) for suit in Suit)
        if total > 13 or (total < 13 and all((seat, suit) in fixed for suit in Suit)):
            raise refuse(f"predeal: {seat.full_name} cannot hold {total} cards (a hand has 13)",
                         [(seat, suit) for suit in Suit])


def compile_script(script: Script) -> Compiled:
    """Make a parsed script runnable."""
    return Compiled(script)


# Putting a run together -----------------------------------------------------------------------------

@dataclass
class Plan:
    """Everything the engine needs for one run of a script: filter, predealt cards, specs, counts."""

    script: Script
    compiled: Compiled
    accept: ScriptFilter | None
    predeal: dict[Seat, int]
    specs: tuple[Spec, ...]
    max_generated: int | None

    @property
    def keeps_all(self) -> bool:
        """Whether the script only averages and counts and says no ``produce``: dealer's ``produce`` is then
        its ``generate``, so its statistics are over every deal its ``generate`` gives that meets the
        condition, however few."""
        return self.script.produce is None and not self.script.prints

    def random_limit(self, counted: bool) -> bool:
        """Whether ``max_generated`` counts random deals, as dealer's ``generate`` does (`engine.produce`):
        where the script gives ``generate``, or where no count of deals is asked (``counted``: ``produce``,
        ``-n``) by a script that only averages and counts (`keeps_all`), whose statistics are over the
        deals of dealer's default ``generate``. Else it counts deals dealt, so that boards asked for a rare
        hand drawn exactly are found though dealer would need more than 10,000,000 random deals; averages
        and frequency tables over ``produce`` deals are then over deals drawn exactly, which are as likely
        as dealer's."""
        return self.script.generate is not None or (not counted and self.keeps_all)

    @property
    def chunk(self) -> int:
        """Deals dealt at a time: `DD_CHUNK` when the script solves double dummy (a run stops soon after its
        last board instead of solving thousands of deals it will not use), else the engine's chunk."""
        from bridgetools.dealer.engine import CHUNK

        uses_dd = any(_solves(expr) for expr in self.compiled.expressions()) or any(
            a.kind == "evalcontract" for a in self.script.actions or ())
        return DD_CHUNK if uses_dd else CHUNK

    @property
    def predeal_share(self) -> float:
        """The chance that a random deal with the predealt cards has the suit lengths ``predeal`` fixes (1.0
        where it fixes none): dealer deals within them, as within its predealt cards (`engine.produce`)."""
        if not self.script.predeal_lengths:
            return 1.0
        from bridgetools.dealer.batch import check_predeal
        from bridgetools.dealer.smart import lengths_chance

        fixed = {(f.seat, int(f.suit)): f.length for f in self.script.predeal_lengths}
        return lengths_chance(fixed, check_predeal(self.predeal))

    def default_count(self) -> int:
        """dealer's default: ``produce`` if given, else 40 deals for printing, else what ``generate`` says."""
        if self.script.produce is not None:
            return self.script.produce
        if self.script.prints:
            return 40
        return self.script.generate if self.script.generate is not None else 1_000_000


DEFAULT_GENERATE = 10_000_000
"""dealer's default ``generate``: deals tried at most when the script says none, so that an impossible
condition ends. A script that only averages and counts, with no ``produce``, counts them as random deals,
as its own ``generate`` is counted (`Plan.random_limit`), so that its averages and frequency tables count
what dealer's do."""


def predeal_masks(predeal: Mapping[Any, Any] | None) -> dict[Seat, int]:
    """Predealt cards given from Python: seat (``Seat``, ``"N"``, ``"north"``) -> `Hand`, PBN hand or mask."""
    masks: dict[Seat, int] = {}
    for key, value in (predeal or {}).items():
        seat = SEATS.get(str(key).lower()) if isinstance(key, str) and len(key) > 1 else Seat.parse(key)
        if seat is None:
            raise ConstraintError(f"not a seat: {key!r}")
        if isinstance(value, int):
            mask = value
        elif isinstance(value, Hand):
            mask = value.mask
        else:
            mask = Hand.parse(str(value)).mask
        masks[seat] = masks.get(seat, 0) | mask
    return masks


def constant_value(compiled: Compiled, condition: Expr) -> int | None:
    """``condition``'s value where it is the same for every deal, asking no hand (``1``, ``3 > 2``); None
    where it is not."""
    value = compiled.value(condition, DealBatch(np.empty((0, 4), dtype=np.uint64)), {})
    return None if isinstance(value, np.ndarray) else int(value)


def make_plan(constraint: str | None, source: str = "<constraint>", *,
              predeal: Mapping[Any, Any] | None = None, smart: bool = True, also: str | None = None) -> Plan:
    """Parse and compile a constraint (a condition or a whole script) and merge the predealt cards;
    ``also`` is a condition ANDed with the script's (see `with_condition`)."""
    text = constraint if constraint is not None else ""
    script = with_condition(parse(text, source), also)
    compiled = compile_script(script)
    masks = {seat: hand.mask for seat, hand in script.predeal}
    for seat, mask in predeal_masks(predeal).items():
        clash = [s for s, m in masks.items() if m & mask and s is not seat]
        if clash:
            raise ConstraintError(f"a card predealt to {seat.full_name} is already {clash[0].full_name}'s")
        masks[seat] = masks.get(seat, 0) | mask
    check_predeal_lengths(script, masks)
    needs_filter = script.condition is not None or bool(script.predeal_lengths)
    try:
        check_cards(((t.seat, t.card) for t in conjuncts(script.condition) if isinstance(t, HasCard)), masks)
        if script.condition is not None:
            constant = constant_value(compiled, script.condition)
            if constant == 0:
                # the script's notes (`action printall(0)`'s bracket read as the condition) say why
                raise ConstraintError("; ".join(("the condition is never true, so no deal can meet it",
                                                 *script.notes)))
            if constant is not None and not isinstance(script.condition, Num):
                script = replace(script, notes=(*script.notes, always_true(script)))
        specs = hand_specs(script, masks) if needs_filter else ()  # its checks hold for either way of dealing
    except ConstraintError as e:
        raise located(script, e) from None
    check_truths(script)
    accept = ScriptFilter(text, source, compiled, also) if needs_filter else None
    limit = script.generate if script.generate is not None else DEFAULT_GENERATE
    return Plan(script, compiled, accept, masks, specs if smart else (), limit)
