"""The five variants of bridge the rule texts end with (Booby, Nullo, Sholem, Chinese bridge, Bridge for
two): rule sets as data, one deal as a state machine, scores per player and rubbers. See docs/variants.md."""

from bridgetools.rules.variants.actions import Action, VariantContract
from bridgetools.rules.variants.deal import VariantDeal, new_deal
from bridgetools.rules.variants.rubber import Rubber
from bridgetools.rules.variants.rules import VARIANT_NAMES, VariantRules, rules_of
from bridgetools.rules.variants.scoring import ScoreEntry, VariantResult

__all__ = [
    "VARIANT_NAMES", "Action", "Rubber", "ScoreEntry", "VariantContract", "VariantDeal", "VariantResult",
    "VariantRules", "new_deal", "rules_of",
]
