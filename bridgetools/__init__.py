"""bridgetools: contract bridge deals, hand records, rules, scoring and analysis.

>>> import bridgetools as bt
>>> deal = bt.Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
>>> deal.known_hand(bt.Seat.N).hcp, deal.known_hand(bt.Seat.E).shape
(13, (3, 3, 3, 4))
>>> bt.score("4SX", 8, vulnerable=True)
-500
"""

from typing import TYPE_CHECKING

from bridgetools import evaluate
from bridgetools._lazy import lazy_attributes as _lazy_attributes
from bridgetools._version import __version__
from bridgetools.board import Board, Table
from bridgetools.errors import (
    BridgeError,
    BridgeTypeError,
    BridgeWarning,
    ConstraintError,
    FormatLossWarning,
    IllegalCallError,
    IllegalPlayError,
    Issue,
    NotationError,
    ParseError,
)
from bridgetools.evaluate import (
    cccc,
    cccc_hundredths,
    controls,
    hcp,
    honours,
    is_balanced,
    is_regular,
    is_semi_balanced,
    is_two_suited,
    length,
    losers,
    pattern,
    pattern_str,
    quick_tricks,
    shape,
    shape_str,
    suit_quality,
)
from bridgetools.model import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Annotation,
    Bid,
    Call,
    Card,
    Contract,
    DDTable,
    Deal,
    Double,
    Hand,
    Par,
    ParContract,
    Pass,
    Penalty,
    Rank,
    Redouble,
    Seat,
    Side,
    Strain,
    Suit,
    TableResult,
    Vul,
)
from bridgetools.rules import Auction, Play, Trick

if TYPE_CHECKING:  # the lazy names' types, for mypy; at run time they come from __getattr__ below
    from bridgetools.analysis import read_parquet as read_parquet
    from bridgetools.analysis import to_dataframe as to_dataframe
    from bridgetools.analysis import to_parquet as to_parquet
    from bridgetools.bots import Bidder as Bidder
    from bridgetools.bots import CardPlayer as CardPlayer
    from bridgetools.bots import HandConstraint as HandConstraint
    from bridgetools.bots import bid_deal as bid_deal
    from bridgetools.bots import play_deal as play_deal
    from bridgetools.dd import Position as Position
    from bridgetools.dd import dd_leads as dd_leads
    from bridgetools.dd import dd_review as dd_review
    from bridgetools.dd import dd_solve as dd_solve
    from bridgetools.dd import dd_table as dd_table
    from bridgetools.dd import dd_tables as dd_tables
    from bridgetools.dd import par as par
    from bridgetools.dealer import generate as generate
    from bridgetools.formats import dumps as dumps
    from bridgetools.formats import loads as loads
    from bridgetools.formats import read as read
    from bridgetools.formats import write as write
    from bridgetools.rules.variants import VARIANT_NAMES as VARIANT_NAMES
    from bridgetools.rules.variants import VariantDeal as VariantDeal
    from bridgetools.rules.variants import VariantRules as VariantRules
    from bridgetools.scoring import Score as Score
    from bridgetools.scoring import back_score as back_score
    from bridgetools.scoring import imps as imps
    from bridgetools.scoring import score as score

# Names whose modules import numpy, pandas, pyarrow or lark: loaded on first use so that
# `import bridgetools` and `bridgetools --help` stay fast.
_LAZY = {
    "score": "bridgetools.scoring",
    "imps": "bridgetools.scoring",
    "back_score": "bridgetools.scoring",
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
    "Position": "bridgetools.dd",  # what dd_solve takes: a position part way through the play
    "Bidder": "bridgetools.bots",
    "bid_deal": "bridgetools.bots",
    "play_deal": "bridgetools.bots",
    "CardPlayer": "bridgetools.bots",
    "HandConstraint": "bridgetools.bots",
    # the variants (Booby, Nullo, Sholem, Chinese bridge, Bridge for two): docs/variants.md
    "VARIANT_NAMES": "bridgetools.rules.variants",
    "VariantDeal": "bridgetools.rules.variants",
    "VariantRules": "bridgetools.rules.variants",
}


__getattr__, __dir__ = _lazy_attributes("bridgetools", _LAZY, globals())


__all__ = [
    "DOUBLE", "PASS", "REDOUBLE", "Annotation", "Auction", "Bid", "Board", "BridgeError", "BridgeTypeError",
    "BridgeWarning", "Call", "Card", "ConstraintError", "Contract", "DDTable", "Deal", "Double",
    "FormatLossWarning", "Hand", "IllegalCallError", "IllegalPlayError", "Issue", "NotationError", "Par",
    "ParContract", "ParseError", "Pass", "Penalty", "Play", "Rank", "Redouble", "Seat", "Side", "Strain",
    "Suit", "Table", "TableResult", "Trick", "Vul",
    "__version__", *_LAZY,
    # hand evaluation (bridgetools.evaluate, also reachable as bt.evaluate with the holding-level functions)
    "cccc", "cccc_hundredths", "controls", "evaluate", "hcp", "honours", "is_balanced", "is_regular",
    "is_semi_balanced", "is_two_suited", "length", "losers", "pattern", "pattern_str", "quick_tricks",
    "shape", "shape_str", "suit_quality",
]
