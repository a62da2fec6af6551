"""Scoring: duplicate (Law 77), IMPs (Law 78B), matchpoints, Neuberg, cross-IMPs and Butler, rubber and
Chicago and the back score of an evening of rubbers, a team match's victory points (the WBF scale). Every
score comes with a breakdown, because people check scores by hand."""

from typing import TYPE_CHECKING

from bridgetools._lazy import lazy_attributes as _lazy_attributes
from bridgetools.errors import SheetError

# imported now: the module `imps` would otherwise stand for the function `imps` once any module imported it
from bridgetools.scoring.imps import IMP_THRESHOLDS, imps, imps_array, round_to_ten

if TYPE_CHECKING:  # the names' types, for mypy; at run time they come from __getattr__ below
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
    from bridgetools.scoring.victory import blitz, victory_point_scale, victory_points

# name -> its module, imported on first use: reading a PBN file's scores needs `duplicate` alone, not the
# rubber, back-score and field modules (a `deal` run of a few boards is dominated by start-up).
_LAZY = {
    "back_score": "bridgetools.scoring.backscore",
    "back_score_sheet": "bridgetools.scoring.backscore",
    "hundreds": "bridgetools.scoring.backscore",
    "running_back_score": "bridgetools.scoring.backscore",
    "Score": "bridgetools.scoring.duplicate",
    "ns_score": "bridgetools.scoring.duplicate",
    "odd_trick_value": "bridgetools.scoring.duplicate",
    "overtrick_value": "bridgetools.scoring.duplicate",
    "score": "bridgetools.scoring.duplicate",
    "score_breakdown": "bridgetools.scoring.duplicate",
    "trick_score": "bridgetools.scoring.duplicate",
    "undertrick_penalty": "bridgetools.scoring.duplicate",
    "average_cross_imps": "bridgetools.scoring.field",
    "butler": "bridgetools.scoring.field",
    "cross_imps": "bridgetools.scoring.field",
    "datum": "bridgetools.scoring.field",
    "matchpoints": "bridgetools.scoring.field",
    "neuberg": "bridgetools.scoring.field",
    "neuberg_matchpoints": "bridgetools.scoring.field",
    "percentages": "bridgetools.scoring.field",
    "top": "bridgetools.scoring.field",
    "Chicago": "bridgetools.scoring.rubber",
    "DealResult": "bridgetools.scoring.rubber",
    "Entry": "bridgetools.scoring.rubber",
    "Honours": "bridgetools.scoring.rubber",
    "Rubber": "bridgetools.scoring.rubber",
    "ScoreSheet": "bridgetools.scoring.rubber",
    "chicago_vulnerable": "bridgetools.scoring.rubber",
    "honours_held": "bridgetools.scoring.rubber",
    "settle": "bridgetools.scoring.rubber",
    "blitz": "bridgetools.scoring.victory",
    "victory_point_scale": "bridgetools.scoring.victory",
    "victory_points": "bridgetools.scoring.victory",
}


__getattr__, __dir__ = _lazy_attributes("bridgetools.scoring", _LAZY, globals())


__all__ = [
    "IMP_THRESHOLDS", "Chicago", "DealResult", "Entry", "Honours", "Rubber", "Score", "ScoreSheet",
    "SheetError", "average_cross_imps", "back_score", "back_score_sheet", "blitz", "butler",
    "chicago_vulnerable", "cross_imps", "datum", "honours_held", "hundreds", "imps", "imps_array",
    "matchpoints", "neuberg", "neuberg_matchpoints", "ns_score", "odd_trick_value", "overtrick_value",
    "percentages", "round_to_ten", "running_back_score", "score", "score_breakdown", "settle", "top",
    "trick_score", "undertrick_penalty", "victory_point_scale", "victory_points",
]
