"""bridgetools: contract bridge deals, hand records, rules, scoring and analysis.

>>> import bridgetools as bt
>>> deal = bt.Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
>>> deal[bt.Seat.N].hcp, deal[bt.Seat.E].shape
(13, (3, 3, 3, 4))
>>> bt.score("4SX", 8, vulnerable=True)
-500
"""

from __future__ import annotations

import importlib
from typing import Any

from bridgetools.errors import (
    BridgeError,
    ConstraintError,
    IllegalCallError,
    IllegalPlayError,
    Issue,
    ParseError,
)
from bridgetools.model import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Annotation,
    Bid,
    Board,
    Call,
    Card,
    Contract,
    Deal,
    Double,
    Hand,
    NotationError,
    Pass,
    Rank,
    Redouble,
    Seat,
    Strain,
    Suit,
    Table,
    Vul,
)
from bridgetools.rules import Auction, Play, Trick

__version__ = "0.1.0"

# Names whose modules import numpy, pandas, pyarrow or lark: loaded on first use so that
# `import bridgetools` and `bridgetools --help` stay fast.
_LAZY = {
    "score": "bridgetools.scoring",
    "imps": "bridgetools.scoring",
    "Score": "bridgetools.scoring",
    "read": "bridgetools.formats",
    "write": "bridgetools.formats",
    "loads": "bridgetools.formats",
    "dumps": "bridgetools.formats",
    "generate": "bridgetools.dealer",
    "to_dataframe": "bridgetools.analysis",
    "to_parquet": "bridgetools.analysis",
    "read_parquet": "bridgetools.analysis",
    "dd_table": "bridgetools.dd",
    "dd_tables": "bridgetools.dd",
    "par": "bridgetools.dd",
    "dd_leads": "bridgetools.dd",
    "dd_solve": "bridgetools.dd",
    "dd_review": "bridgetools.dd",
    "play_deal": "bridgetools.bots",
    "CardPlayer": "bridgetools.bots",
    "HandConstraint": "bridgetools.bots",
    "DDTable": "bridgetools.model.dd",
    "Par": "bridgetools.model.dd",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'bridgetools' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "DOUBLE", "PASS", "REDOUBLE", "Annotation", "Auction", "Bid", "Board", "BridgeError", "Call",
    "Card", "ConstraintError", "Contract", "Deal", "Double", "Hand", "IllegalCallError",
    "IllegalPlayError", "Issue", "NotationError", "ParseError", "Pass", "Play", "Rank", "Redouble", "Seat",
    "Strain", "Suit", "Table", "Trick", "Vul", "__version__", *_LAZY,
]
