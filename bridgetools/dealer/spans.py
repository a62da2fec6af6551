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
from bridgetools.dealer.together import outside
from bridgetools.errors import NO_DEAL, ConstraintError
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


Compared = Callable[[Expr], tuple[Expr, Span] | None]
"""A comparison read as the expression compared and the range it allows it (``tricks(north, spades) >
13``: 14 up); None for a term that is no comparison of an expression with a number that weighs tricks."""


def check_tricks(condition: Expr | None, compared: Compared) -> None:
    """Raise `ConstraintError` when ``condition`` holds on no deal for the tricks it asks for: a comparison
    of an expression holding a ``tricks()`` with a number (read by ``compared``) that can never come
    within the range it allows (`span`), or a ``not`` of one that always does; an ``&&`` one of whose terms
    is so; an ``||`` all of whose alternatives are so, each named (`never_met`)."""
    why = never_met(condition, compared)
    if why:
        lead = "" if len(why) == 1 else f"{_several_written(condition)}: "
        raise ConstraintError(f"{NO_DEAL}: {lead}{'; '.join(why)}")


_SEVERAL = {("or", False): "none of the alternatives of its || can be met",
            ("and", True): "none of the terms of its !( ... && ... ) can fail, which the ! asks one of to do"}
"""How a refusal naming several reasons says the form they came from, as the script writes it: an
``||`` none of whose alternatives is met, or a ``!`` of an ``&&`` every term of which always is (De
Morgan's ``!a || !b``), by the operator and whether a ``!`` turns it."""


def _several_written(condition: Expr | None) -> str:
    """The words of `_SEVERAL` for the first ``||`` or ``!( && )`` of ``condition`` (through its ``!``s and
    the other ``&&`` and ``||``), whose terms `never_met` names each: the script's own form."""
    stack: list[tuple[Expr | None, bool]] = [(condition, False)]
    while stack:
        node, turned = stack.pop()
        if isinstance(node, Unary) and node.op == "not":
            stack.append((node.operand, not turned))
        elif isinstance(node, Binary) and node.op in ("and", "or"):
            if (node.op, turned) in _SEVERAL:
                return _SEVERAL[node.op, turned]
            stack += [(node.right, turned), (node.left, turned)]
    return _SEVERAL["or", False]


Weighed = tuple[list[str], list[str]]
"""Why a condition is met on no deal, and why on every deal (a reason a comparison; none: it may not be)."""


def never_met(condition: Expr | None, compared: Compared) -> list[str]:
    """Why ``condition`` is met on no deal as far as `check_tricks` weighs it, one reason for each
    alternative of an ``||`` (each term of an ``&&``, the first that is never met); none when it may be.
    A ``not`` turns what is always met into what never is, and back, as De Morgan's laws say (``!(a || b)``
    is ``!a && !b``): so a term is weighed both ways. Walked without recursion: a chain may be `DEEPEST`
    long."""
    if condition is None:
        return []
    why: dict[int, Weighed] = {}
    stack: list[tuple[Expr, bool]] = [(condition, False)]
    while stack:
        node, weighed = stack.pop()
        if isinstance(node, Binary) and node.op in ("and", "or"):
            if not weighed:
                stack += [(node, True), (node.right, False), (node.left, False)]
                continue
            why[id(node)] = _joined(node.op, why[id(node.left)], why[id(node.right)])
        elif isinstance(node, Unary) and node.op == "not":
            if not weighed:
                stack += [(node, True), (node.operand, False)]
                continue
            never, always = why[id(node.operand)]
            why[id(node)] = always, never
        else:
            why[id(node)] = _weigh(node, compared)
    return why[id(condition)][0]


def _joined(op: str, left: Weighed, right: Weighed) -> Weighed:
    """An ``&&`` (``op`` "and") or ``||`` of two weighed terms: an ``&&`` is never met when either term
    is not and always when both are; an ``||`` never when neither is and always when either is."""
    (left_never, left_always), (right_never, right_always) = left, right
    both_never = left_never + right_never if left_never and right_never else []
    both_always = left_always + right_always if left_always and right_always else []
    if op == "and":
        return left_never or right_never, both_always
    return both_never, left_always or right_always


def _weigh(term: Expr, compared: Compared) -> Weighed:
    """Why a term that is no ``&&``, ``||`` nor ``not`` is never met, and why always: a comparison whose
    expression can never come within the range it allows, or never leave it (`span`); none for any other
    term."""
    found = compared(term)
    reached = None if found is None else span(found[0])
    if found is None or reached is None:
        return [], []
    written = spelled(found[0]) or "it"
    never = outside(written, reached, found[1])
    (least, most), (low, high) = reached, found[1]
    always = (f"{written} is always from {least} to {most}, all of which it asks for, and a not refuses it"
              if low <= least and most <= high else None)
    return [] if never is None else [never], [] if always is None else [always]
