"""The constrained random dealer: dealer-language scripts and composable predicates, dealt by a seeded,
vectorised engine with exact sampling for hands pinned by shape and HCP.

>>> import bridgetools as bt
>>> deals = bt.generate("hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333)", 3, seed=7)
>>> [15 <= d[bt.Seat.N].hcp <= 17 for d in deals]
[True, True, True]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from bridgetools.board import Board
from bridgetools.dealer.predicates import (
    Predicate,
    Quantity,
    balanced,
    clubs,
    controls,
    diamonds,
    has_card,
    hcp,
    hearts,
    length,
    losers,
    semi_balanced,
    shape,
    shorthand,
    spades,
)
from bridgetools.errors import BridgeTypeError
from bridgetools.model import Deal, Seat, Vul

Constraint = str | Predicate | None


def _text(constraint: Constraint) -> str | None:
    """The constraint's dealer-language text (None: any deal); anything but a string, a `Predicate` (or a
    `Quantity`, which renders to text as well) or None is a `BridgeTypeError` saying what is taken, not text
    made of its repr (a function's ``<function``, an int's digits, which the dealer took as a condition
    always true)."""
    if constraint is None or isinstance(constraint, str):
        return constraint
    if isinstance(constraint, (Predicate, Quantity)):
        return str(constraint)
    function = " (the dealer tests whole batches of deals, not one deal at a time in Python)" \
        if callable(constraint) else ""
    raise BridgeTypeError(
        f"constraint: expected a dealer-language condition such as 'hcp(north) >= 20', a dealer script, a "
        f"Predicate such as bridgetools.dealer.hcp('north') >= 20, or None for any deal, not "
        f"{type(constraint).__name__} {constraint!r:.60}{function}")


def _produce(plan: Any, n: int, seed: int | None, jobs: int, shard: tuple[int, int] | None,
             progress: Callable[[int], None] | None, stats: Any, counted: bool = True) -> Iterator[Any]:
    from bridgetools.dealer import engine

    return engine.produce(plan.accept, n, engine.fresh_seed() if seed is None else seed,
                          predeal=plan.predeal or None, specs=plan.specs or None, jobs=jobs, shard=shard,
                          progress=progress, max_generated=plan.max_generated,
                          random_limit=plan.random_limit(counted), stats=stats,
                          chunk=plan.chunk, predeal_share=plan.predeal_share)


def deal_batches(constraint: Constraint, n: int | None = None, seed: int | None = None, *,
                 predeal: Mapping[Any, Any] | None = None, jobs: int = 1,
                 shard: tuple[int, int] | None = None, progress: Callable[[int], None] | None = None,
                 source: str = "<constraint>", stats: Any = None) -> Iterator[Any]:
    """The accepted deals as `DealBatch`es, in stream order (``n`` defaults to the script's ``produce``)."""
    from bridgetools.dealer.compiler import make_plan
    from bridgetools.dealer.dealing import whole_number

    n = None if n is None else whole_number("n", n)
    seed = None if seed is None else whole_number("seed", seed)
    plan = make_plan(_text(constraint), source, predeal=predeal)
    return _produce(plan, plan.default_count() if n is None else n, seed, jobs, shard, progress, stats,
                    counted=n is not None)


class Dealt(list[Deal]):
    """The deals `generate` gives: a list, with the ``seed`` they were dealt from (the one given, or the
    fresh one drawn when none was), so that a run without a seed can be repeated:
    ``bt.generate(condition, n, seed=deals.seed)`` gives the same deals again."""

    def __init__(self, deals: Iterable[Deal], seed: int) -> None:
        super().__init__(deals)
        self.seed = seed


def generate(constraint: Constraint, n: int, seed: int | None = None, *,
             predeal: Mapping[Any, Any] | None = None, jobs: int = 1,
             shard: tuple[int, int] | None = None,
             progress: Callable[[int], None] | None = None) -> Dealt:
    """``n`` random deals that meet ``constraint``: a dealer-language condition, a whole dealer script
    (its ``predeal`` and ``generate`` apply) or a `Predicate` built in Python.

    The same ``seed`` gives the same deals, whatever ``jobs``; without one a fresh seed is drawn, which
    the list returned (a `Dealt`) holds as ``.seed``.
    ``jobs`` > 1 deals in worker processes, each starting by importing the calling script again: in a
    script, make the call under ``if __name__ == "__main__":``.
    ``predeal`` fixes cards to seats: ``{"N": "AKQ2.KJ3.T98.432"}`` or ``{Seat.S: hand}``. Raises
    `ConstraintError` when the condition cannot be met or fewer than ``n`` deals meet it within the limit
    (dealer's default, or the script's own ``generate``: `deal_batches` yields what was found),
    `TypeError` for an ``n`` or ``seed`` that is not a whole number, `BridgeError` for a negative one.
    """
    from bridgetools.dealer import engine
    from bridgetools.dealer.batch import DealBatch
    from bridgetools.dealer.compiler import make_plan
    from bridgetools.dealer.dealing import whole_number

    n = whole_number("n", n)
    seed = None if seed is None else whole_number("seed", seed)
    plan = make_plan(_text(constraint), "<constraint>", predeal=predeal)
    seed = engine.fresh_seed() if seed is None else seed  # drawn here, so that the deals can say it
    stats = engine.Production()
    # One batch made into objects at once: Deal objects made batch by batch cost the garbage collector
    # a pass over all those made before each time.
    dealt = DealBatch.concat(_produce(plan, n, seed, jobs, shard, progress, stats))
    stats.check_found(n, plan.max_generated, plan.script.generate, bound_too=True)
    return Dealt(dealt.to_deals(), seed)


def boards(deals: list[Deal] | Iterator[Deal], *, first: int = 1, dealer: Seat | None = None,
           vulnerable: Vul | None = None, event: str | None = None) -> Iterator[Board]:
    """Deals as boards numbered from ``first``, with the Law 2 dealer and vulnerability unless given."""
    for i, deal in enumerate(deals):
        yield Board(number=first + i, dealer=dealer, vulnerability=vulnerable, deal=deal, event=event)


__all__ = [
    "Constraint", "Dealt", "Predicate", "Quantity", "balanced", "boards", "clubs", "controls", "deal_batches",
    "diamonds", "generate", "has_card", "hcp", "hearts", "length", "losers", "semi_balanced", "shape",
    "shorthand", "spades",
]
