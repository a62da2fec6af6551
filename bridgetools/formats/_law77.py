"""Law 77 checks of a score a file gives: the board's own (PBN's ``Score``) and each table's result (a
PBN ScoreTable row, a JSON ``results`` entry) against the contract, declarer and tricks it comes with,
in one place, so that each format says the same of the same score."""

from __future__ import annotations

import re

from bridgetools._lazy import lazy_compile
from bridgetools.board import Board
from bridgetools.formats._results_tables import BEYOND_POINTS, beyond_points, side_score
from bridgetools.model import Contract, Seat, TableResult, Vul

_HONOURS_SCORING = lazy_compile(r"rubber|chicago|cavendish", re.IGNORECASE)
"""Scorings whose Score may count honours, which the contract and the result do not say."""


def same_play(board: Board, contract: Contract | None, declarer: Seat | None) -> bool:
    """Whether ``contract`` by ``declarer`` is played as the board's contract and declarer are: the same
    level, strain and declarer (a double changes no card)."""
    return played_alike(board.contract, board.declarer, contract, declarer)


def played_alike(contract: Contract | None, declarer: Seat | None, other: Contract | None,
                 other_declarer: Seat | None) -> bool:
    """Whether ``contract`` by ``declarer`` and ``other`` by ``other_declarer`` are one play: the same level,
    strain and declarer (a double changes no card; passed out, both)."""
    return (contract is not None and other is not None and declarer == other_declarer
            and (contract.level, contract.strain) == (other.level, other.strain))


def law77_score(board: Board, contract: Contract | None, declarer: Seat | None, tricks: int | None,
                vulnerability: Vul | None = None) -> tuple[int, str] | None:
    """North-South's score for ``contract`` by ``declarer`` with ``tricks`` at the board's vulnerability
    (or ``vulnerability``, given in its place) (Law 77), and how it comes (for a message); None when the
    board's scoring may count honours, which the contract and the result do not say, or its vulnerability,
    the contract, the declarer or the tricks are unknown."""
    from bridgetools.scoring import ns_score

    vulnerability = board.vulnerability if vulnerability is None else vulnerability
    if contract is None or vulnerability is None or _HONOURS_SCORING.search(board.scoring or ""):
        return None
    if contract.is_passed_out:
        return 0, "a passed-out board"
    if declarer is None or tricks is None:
        return None
    how = f"{contract} by {declarer.name} with {tricks} tricks (Vulnerable {vulnerability})"
    return ns_score(contract, declarer, tricks, vulnerability), how


def _tag_scored(board: Board, score: str) -> tuple[int | None, tuple[int, str] | None]:
    """North-South's score a Score tag gives, and the one (with how it comes) the board's contract,
    declarer, tricks and vulnerability give (Law 77), each None when it cannot be worked out."""
    given = side_score(score, board.declarer)
    return given, None if given is None else law77_score(board, board.contract, board.declarer, board.tricks)


SCORED_AGAIN = "tag Score scored again from the contract and result"
"""How a writer that says the contract and result (LIN, RBN) names a Score tag they give (Law 77,
`score_worked_out`), which it leaves out: its readers score them, but the tag itself does not come back.
No brackets: it stands in a comma list that ends in a bracketed board count."""


def score_worked_out(board: Board, score: str) -> bool:
    """Whether a Score tag is the score the board's contract, declarer, tricks and vulnerability give
    (Law 77): a format that says the contract and result, whose readers score them (LIN), loses nothing
    without it."""
    given, scored = _tag_scored(board, score)
    return scored is not None and scored[0] == given


def score_disagrees(board: Board, score: str) -> str | None:
    """What is wrong with a Score tag that the board's contract, declarer, tricks and vulnerability
    score otherwise (Law 77), or None when it agrees or they do not say (honours, a result unknown)."""
    if beyond_points(score):
        return f"Score {score} is {BEYOND_POINTS}; read as no score, the tag kept as written"
    given, scored = _tag_scored(board, score)
    if scored is None or scored[0] == given:
        return None
    expected, how = scored
    return f"Score {score} differs from the NS {expected} that {how} scores (Law 77); the tag is kept as " \
        "written"


def result_disagrees(board: Board, result: TableResult) -> tuple[int, str] | None:
    """North-South's score for another table's ``result`` (Law 77) and how it comes, when the result
    gives a score that differs from it; None when it agrees, its contract or tricks do not say, or the
    director adjusted it (``^``: an assigned score differs by design)."""
    if result.score_ns is None or result.assigned_score:
        return None
    scored = law77_score(board, result.contract, result.declarer, result.tricks)
    return None if scored is None or scored[0] == result.score_ns else scored
