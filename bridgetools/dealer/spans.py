"""The range of values an expression built on double-dummy tricks can take on any deal, so a condition
that asks ``tricks()`` (or a ``score()`` or an IMP swing built on it) for a value no deal gives is refused
before dealing instead of being dealt until ``generate`` runs out: ``tricks(north, spades) > 13``.

Sums of lengths and counts are `bridgetools.dealer.together`'s; this weighs only what holds a ``tricks()``,
each trick count 0 to 13 (a bound, never tighter than the truth)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from bridgetools.dealer.language import Binary, Expr, Imps, Length, Num, ScoreOf, Tricks, Unary
from bridgetools.dealer.together import refuse_outside
from bridgetools.model import Strain

Span = tuple[int, int]

TRICKS: Span = (0, 13)
"""The tricks a declarer can take, and the cards a hand holds in a suit."""

_STRAIN_WORDS = {Strain.S: "spades", Strain.H: "hearts", Strain.D: "diamonds", Strain.C: "clubs",
                 Strain.NT: "notrump"}
_SIGNS = {"add": "+", "sub": "-", "mul": "*"}


def span(expr: Expr) -> Span | None:
    """The least and most ``expr`` comes to on any deal: a number, ``tricks()`` (0 to 13), a suit length
    (0 to 13), ``score()`` and ``imps()`` of these (each rises with what it is given), and ``+``, ``-``,
    ``*`` and unary minus of them; None for anything else."""
    if isinstance(expr, Num):
        return expr.value, expr.value
    if isinstance(expr, Tricks | Length):
        return TRICKS
    if isinstance(expr, ScoreOf):
        from bridgetools.scoring import score

        return _rising(lambda t: score(expr.contract, max(0, min(13, t)), expr.vulnerable), span(expr.tricks))
    if isinstance(expr, Imps):
        return _rising(lambda n: int(imps_values(n)), span(expr.operand))
    if isinstance(expr, Unary) and expr.op == "neg":
        inner = span(expr.operand)
        return None if inner is None else (-inner[1], -inner[0])
    if isinstance(expr, Binary) and expr.op in _SIGNS:
        left, right = span(expr.left), span(expr.right)
        if left is None or right is None:
            return None
        if expr.op == "add":
            return left[0] + right[0], left[1] + right[1]
        if expr.op == "sub":
            return left[0] - right[1], left[1] - right[0]
        corners = [a * b for a in left for b in right]
        return min(corners), max(corners)
    return None


def imps_values(differences: Any) -> Any:
    """Each score difference (an int, or an array of one a deal) on the WBF IMP scale, keeping its sign.
    The Law's table has only multiples of 10; any other difference counts as the next multiple of 10 from
    zero, as dealer reads it (11 is 1 IMP, 41 is 2, where `bridgetools.scoring.imps` rounds to the nearest
    10), so scripts give dealer's answers. Here, where `span` weighs it, and `compiler` runs it."""
    from bridgetools.scoring import imps, imps_array

    up_to_ten = np.sign(differences) * ((np.abs(differences) + 9) // 10 * 10)
    if not isinstance(up_to_ten, np.ndarray):
        return imps(int(up_to_ten))
    return imps_array(up_to_ten).astype(np.int64)


def _rising(of: Callable[[int], int], given: Span | None) -> Span | None:
    """The range of ``of``, which never falls as its argument rises (a score, the IMP scale), over the
    range ``given`` (None: unknown)."""
    return None if given is None else (of(given[0]), of(given[1]))


def spelled(expr: Expr) -> str | None:
    """``expr`` as the dealer language writes it, for what `span` reads; None for anything else."""
    if isinstance(expr, Num):
        return str(expr.value)
    if isinstance(expr, Tricks):
        return f"tricks({expr.seat.full_name.lower()}, {_STRAIN_WORDS[expr.strain]})"
    if isinstance(expr, Length):
        return f"{expr.suit.full_name}({expr.seat.full_name.lower()})"
    if isinstance(expr, ScoreOf):
        contract = expr.contract
        strain = "N" if contract.strain in (Strain.NT, None) else contract.strain.name
        written = f"x{contract.level}{strain}{'x' * int(contract.doubled)}"
        return _call(f"score({'vul' if expr.vulnerable else 'nv'}, {written}, ", [expr.tricks])
    if isinstance(expr, Imps):
        return _call("imps(", [expr.operand])
    if isinstance(expr, Unary) and expr.op == "neg":
        inner = spelled(expr.operand)
        return None if inner is None else f"-{inner}"
    if isinstance(expr, Binary) and expr.op in _SIGNS:
        left, right = _operand(expr.left), _operand(expr.right)
        return None if left is None or right is None else f"{left} {_SIGNS[expr.op]} {right}"
    return None


def _operand(expr: Expr) -> str | None:
    """``expr`` spelled as an operator's operand: bracketed if it is an operation itself."""
    written = spelled(expr)
    return f"({written})" if written is not None and isinstance(expr, Binary) else written


def _call(opening: str, args: Iterable[Expr]) -> str | None:
    """``opening`` followed by ``args`` spelled and a closing bracket; None if one cannot be spelled."""
    words = [spelled(a) for a in args]
    return None if None in words else opening + ", ".join(w for w in words if w is not None) + ")"


def check_tricks(compared: Iterable[tuple[Expr, Span]]) -> None:
    """Raise `ConstraintError` when an expression holding a ``tricks()``, compared with a number (each
    with the range the comparison allows it), can never come within that range (`span`)."""
    for expr, (low, high) in compared:
        found = span(expr)
        if found is not None:
            refuse_outside(spelled(expr) or "it", found, (low, high))
