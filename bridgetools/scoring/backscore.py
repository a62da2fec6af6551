"""The back score of rubber bridge: each player's running standing over an evening, in hundreds.

At a club the partnerships change between rubbers, so the standing is kept per player, not per side:
after each rubber its margin is entered, in hundreds, for each of its four players, plus for the winners
and minus for the losers. An odd 50 or more counts as 100 (a rubber won by 950 is +10, by 940 is +9).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from bridgetools.errors import BridgeError, BridgeTypeError
from bridgetools.model.cards import whole_number
from bridgetools.scoring.rubber import settle

BackScoreRounding = Literal["nearest-100-half-up", "nearest-100-half-down"]
BACK_SCORE_ROUNDING: BackScoreRounding = "nearest-100-half-up"
"""An odd 50 or more counts as 100; ``nearest-100-half-down`` is the custom that drops an odd 50."""

RubberResult = tuple[str, str, str, str, int]
"""One rubber for the back score: North, East, South, West and North-South's margin in points."""


def hundreds(points: int, rule: BackScoreRounding = BACK_SCORE_ROUNDING) -> int:
    """A margin as the back score enters it, in hundreds, sign kept.

    >>> hundreds(950), hundreds(940), hundreds(-1450), hundreds(1450, "nearest-100-half-down")
    (10, 9, -15, 14)
    """
    if rule not in ("nearest-100-half-up", "nearest-100-half-down"):
        raise BridgeError(f"the back score rounds nearest-100-half-up or nearest-100-half-down, not {rule!r}")
    return settle(points, rule) // 100


def _checked(number: int, rubber: Sequence[object]) -> RubberResult:
    """One rubber's players and margin, refused with a message naming the rubber when they are not."""
    if len(rubber) != 5:
        raise BridgeTypeError(f"rubber {number}: expected (north, east, south, west, ns_points), "
                              f"not {rubber!r}")
    *players, points = rubber
    if not all(isinstance(p, str) and p.strip() for p in players):
        raise BridgeTypeError(f"rubber {number}: the players are four names, not {players!r}")
    margin = whole_number(points)
    if margin is None:
        raise BridgeTypeError(f"rubber {number}: ns_points is North-South's margin in points, not {points!r}")
    names = [str(p).strip() for p in players]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise BridgeError(f"rubber {number}: {', '.join(twice)} cannot sit in two seats")
    north, east, south, west = names
    return north, east, south, west, margin


def rubber_entries(rubber: Sequence[object], rule: BackScoreRounding = BACK_SCORE_ROUNDING,
                   number: int = 1) -> dict[str, int]:
    """What one rubber enters on the back score: its margin in hundreds, plus for the winning pair,
    minus for the losers, in seat order N, E, S, W."""
    north, east, south, west, points = _checked(number, rubber)
    ns = hundreds(points, rule)
    return {north: ns, east: -ns, south: ns, west: -ns}


def running_back_score(
    rubbers: Iterable[Sequence[object]], rule: BackScoreRounding = BACK_SCORE_ROUNDING
) -> list[dict[str, int]]:
    """Each player's running total after each rubber (a player who sat out keeps his total), in hundreds;
    players in the order they first sat down."""
    totals: dict[str, int] = {}
    running = []
    for number, rubber in enumerate(rubbers, 1):
        for player, entry in rubber_entries(rubber, rule, number).items():
            totals[player] = totals.get(player, 0) + entry
        running.append(dict(totals))
    return running


def back_score(
    rubbers: Iterable[Sequence[object]], rule: BackScoreRounding = BACK_SCORE_ROUNDING
) -> dict[str, int]:
    """Each player's standing, in hundreds, after ``rubbers``: ``(north, east, south, west, ns_points)``
    each, ``ns_points`` North-South's margin (negative when East-West won). The standings sum to 0.

    >>> back_score([("Ann", "Bob", "Cat", "Dan", 940), ("Ann", "Cat", "Bob", "Dan", -950)])
    {'Ann': -1, 'Bob': -19, 'Cat': 19, 'Dan': 1}
    """
    running = running_back_score(rubbers, rule)
    return running[-1] if running else {}


def _signed(hundreds: int) -> str:
    return f"{hundreds:+d}" if hundreds else "0"


def back_score_sheet(rubbers: Sequence[RubberResult], rule: BackScoreRounding = BACK_SCORE_ROUNDING,
                     kind: str = "rubber") -> str:
    """The back score as text: a column per player, a row per rubber with the running totals, and who
    won that rubber by how much; ``kind`` names each row's set of deals (``Chicago``: a Chicago is no
    rubber)."""
    running = running_back_score(rubbers, rule)
    if not running:
        return "Back score: no rubbers."
    players = list(running[-1])
    labels = []
    for north, east, south, west, points in rubbers:
        if points == 0:
            labels.append("all square")
        else:
            winners = (north, south) if points > 0 else (east, west)
            labels.append(f"{winners[0]} & {winners[1]} by {abs(points)}")
    label_width = max(len(f"{kind} {len(rubbers)}  ") + max(map(len, labels)), 6)
    widths = [max(len(p), 5) for p in players]
    odd = "an odd 50 or more counts as 100" if rule == "nearest-100-half-up" else "an odd 50 is dropped"
    lines = [f"Back score, in hundreds ({odd}); running totals:",
             " " * label_width + "".join(f"  {p:>{w}}" for p, w in zip(players, widths, strict=True))]
    for number, (label, totals) in enumerate(zip(labels, running, strict=True), 1):
        cells = "".join(f"  {_signed(totals[p]) if p in totals else '':>{w}}"
                        for p, w in zip(players, widths, strict=True))
        lines.append(f"{f'{kind} {number}  {label}':<{label_width}}{cells}")
    return "\n".join(lines)


__all__ = ["BACK_SCORE_ROUNDING", "BackScoreRounding", "RubberResult", "back_score", "back_score_sheet",
           "hundreds", "rubber_entries", "running_back_score"]
