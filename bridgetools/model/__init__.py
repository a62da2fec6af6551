"""The model: immutable values for cards, hands, deals, calls and contracts.

The `Board` record lives a layer above, in `bridgetools.board` (it holds an `Auction` and a `Play`, which
the rules define); ``bridgetools.model.Board`` and ``.Table`` still resolve, with a DeprecationWarning,
for one release.
"""

import importlib
import warnings
from typing import Any

from bridgetools.errors import NotationError
from bridgetools.model.calls import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Annotation,
    Bid,
    Call,
    Contract,
    Double,
    Pass,
    Penalty,
    Redouble,
)
from bridgetools.model.cards import ALL_CARDS, SUITS_DISPLAY_ORDER, Card, Rank, Seat, Side, Strain, Suit, Vul
from bridgetools.model.hand import FULL_DECK, Deal, Hand, holding_hcp, holding_str, parse_holding
from bridgetools.model.results import DDTable, Par, ParContract, TableResult

__all__ = [
    "ALL_BIDS", "ALL_CARDS", "DOUBLE", "FULL_DECK", "PASS", "REDOUBLE", "SUITS_DISPLAY_ORDER",
    "Annotation", "Bid", "Call", "Card", "Contract", "DDTable", "Deal", "Double", "Hand", "NotationError",
    "Par", "ParContract", "Pass", "Penalty", "Rank", "Redouble", "Seat", "Side", "Strain", "Suit",
    "TableResult", "Vul",
    "holding_hcp", "holding_str", "parse_holding",
]


_MOVED = {"Board": "bridgetools.board", "Table": "bridgetools.board"}


def __getattr__(name: str) -> Any:
    """``bridgetools.model.Board`` and ``.Table``, deprecated: they moved to `bridgetools.board`."""
    module = _MOVED.get(name)
    if module is None:
        raise AttributeError(f"module 'bridgetools.model' has no attribute {name!r}")
    warnings.warn(
        f"bridgetools.model.{name} moved to {module}.{name} (or bridgetools.{name}); "
        "the old name goes in the next release",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(importlib.import_module(module), name)
