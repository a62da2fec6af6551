"""Scoring: duplicate (Law 77), IMPs (Law 78B), matchpoints, Neuberg, cross-IMPs and Butler, rubber and
Chicago and the back score of an evening of rubbers. Every score comes with a breakdown, because people
check scores by hand."""

from bridgetools.errors import SheetError
from bridgetools.scoring.backscore import back_score, back_score_sheet, hundreds, running_back_score
from bridgetools.scoring.duplicate import (
    Score,
    ns_score,
    odd_trick_value,
    overtrick_value,
    score,
    score_breakdown,
    trick_score,
    undertrick_penalty,
)
from bridgetools.scoring.field import (
    average_cross_imps,
    butler,
    cross_imps,
    datum,
    matchpoints,
    neuberg,
    neuberg_matchpoints,
    percentages,
    top,
)
from bridgetools.scoring.imps import IMP_THRESHOLDS, imps, imps_array, round_to_ten
from bridgetools.scoring.rubber import (
    Chicago,
    DealResult,
    Entry,
    Honours,
    Rubber,
    ScoreSheet,
    chicago_vulnerable,
    honours_held,
    settle,
)

__all__ = [
    "IMP_THRESHOLDS", "Chicago", "DealResult", "Entry", "Honours", "Rubber", "Score", "ScoreSheet",
    "SheetError", "average_cross_imps", "back_score", "back_score_sheet", "butler", "chicago_vulnerable",
    "cross_imps", "datum", "honours_held", "hundreds", "imps", "imps_array", "matchpoints", "neuberg",
    "neuberg_matchpoints", "ns_score", "odd_trick_value", "overtrick_value", "percentages",
    "round_to_ten", "running_back_score", "score", "score_breakdown", "settle", "top", "trick_score",
    "undertrick_penalty",
]
