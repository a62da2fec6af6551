"""dealer's ``evalcontract`` reports, from how often each number of double-dummy tricks came up.

Two dialects: Hans van Staveren's bare ``evalcontract`` prints, for every level and strain, the average
score with North and with South declaring, not vulnerable and vulnerable; DealerV2's
``evalcontract(ns, 4S, nv)`` prints one contract's average score, how often it makes and fails, and how
often game or slam was there to bid, with what missing it cost in IMPs a board.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from bridgetools.dealer.compiler import score_values
from bridgetools.dealer.language import ScoreOf, Tricks
from bridgetools.model import Contract, Seat, Strain

TABLE_DECLARERS = (Seat.N, Seat.S)
"""The declarers of the bare ``evalcontract`` table, in the order it prints them (North / South)."""

Counts = npt.NDArray[np.int64]
"""How many accepted deals gave declarer 0..13 tricks: one row of 14 per `Tricks` asked."""


def tricks_asked(score_of: ScoreOf | None) -> tuple[Tricks, ...]:
    """The double-dummy tricks the action counts: the contract's (DealerV2), or North's and South's in
    every strain (the bare table)."""
    if score_of is None:
        return tuple(Tricks(seat, strain) for seat in TABLE_DECLARERS for strain in Strain)
    assert isinstance(score_of.tricks, Tricks)
    return (score_of.tricks,)


def _score(level: int, strain: Strain, tricks: int, vulnerable: bool) -> int:
    """The undoubled score of ``level`` in ``strain`` when declarer takes ``tricks``."""
    from bridgetools.scoring import score

    return score(Contract.from_str(f"{level}{strain.letter}"), tricks, vulnerable)


def _c_quotient(total: int, deals: int) -> int:
    """C's ``total / deals`` (truncated toward zero), as dealer prints the table; 0 with no deals."""
    if deals == 0:
        return 0
    quotient = abs(total) // deals
    return quotient if total >= 0 else -quotient


def table_report(counts: Counts, deals: int) -> str:
    """The bare ``evalcontract``: for not vulnerable then vulnerable, a row per strain (c d h s n) and a
    column per level, ``North/South``: the average undoubled score with that seat declaring."""
    by_declarer = counts.reshape(len(TABLE_DECLARERS), len(Strain), 14)
    lines: list[str] = []
    for vulnerable in (False, True):
        lines.append(f"{'' if vulnerable else 'Not '}Vulnerable")
        lines.append("   " + "".join(f"  {level}       " for level in range(1, 8)))
        for strain in Strain:
            cells = []
            for level in range(1, 8):
                scores = [_score(level, strain, t, vulnerable) for t in range(14)]
                north, south = (_c_quotient(int(np.dot(row[strain], scores)), deals) for row in by_declarer)
                cells.append(f"{north:4d}/{south:4d} ")
            lines.append(f"{'cdhsn'[strain]}: " + "".join(cells))
        lines.append("")
    return "\n".join(lines) + "\n"


def _missed(score_of: ScoreOf, counts: Sequence[int]) -> tuple[int, int, int, int]:
    """Deals where game (or slam) made but the contract is below it, and the IMPs that cost: DealerV2's
    reckoning, undoubled scores at the contract's vulnerability."""
    from bridgetools.scoring import imps

    contract, vul = score_of.contract, score_of.vulnerable
    level, strain = contract.level, contract.strain
    assert strain is not None  # a contract bid, not a passed-out board
    game = 3 if strain is Strain.NT else 4 if strain in (Strain.H, Strain.S) else 5
    games = game_imps = slams = slam_imps = 0
    if level < game:
        for tricks in range(game + 6, 14):
            games += counts[tricks]
            lost = _score(game, strain, tricks, vul) - _score(level, strain, tricks, vul)
            game_imps += counts[tricks] * imps(lost)
    if level < 6:
        slams = counts[12] + counts[13]
        for tricks in (12, 13):
            slam_imps += counts[tricks] * imps(_score(tricks - 6, strain, tricks, vul)
                                               - _score(level, strain, tricks, vul))
    return games, slams, game_imps, slam_imps


def contract_report(score_of: ScoreOf, side: str, counts: Counts, deals: int) -> str:
    """DealerV2's ``evalcontract(side, contract, vul)``: the contract's average score by double-dummy
    tricks, the percentages made and failed, and the games and slams missed with their IMPs a board."""
    row = [int(n) for n in counts.reshape(-1)]
    scores = [int(s) for s in score_values(score_of, np.arange(14))]
    total = sum(n * s for n, s in zip(row, scores, strict=True))
    made = sum(n for n, s in zip(row, scores, strict=True) if s > 0)
    failed = sum(n for n, s in zip(row, scores, strict=True) if s < 0)
    games, slams, game_imps, slam_imps = _missed(score_of, row)
    per = 1 / deals if deals else float("nan")
    return (f"\nContract {score_of.contract!s:>6} by {side:>3} Average Result = {total * per: 8.2f}, "
            f"Made pct= {100 * made * per: 7.2f}, Fail pct= {100 * failed * per: 7.2f}\n"
            f"Missed Game_pct= {100 * games * per: 7.2f}, Missed Slam_pct={100 * slams * per: 7.2f}, "
            f"Missed Game Imps/board={game_imps * per: 7.2f}, "
            f"Missed Slam Imps/board={slam_imps * per: 7.2f}\n")
