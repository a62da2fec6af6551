"""The practice review's words: par said as a teacher would say it to a learner at the table.

`Par`'s own text (``NS 450 (S 4H+1)``) is the hand records' shorthand; a learner reading the review after
a deal wants the contract, who plays it, how many tricks and whose score, in one plain line.
"""

from __future__ import annotations

from bridgetools._words import plural
from bridgetools.model.calls import Contract
from bridgetools.model.results import Par, ParContract

PENALTY_WORDS = ("", " doubled", " redoubled")
"""After a contract's bid, by its `Penalty`: sacrifices at par are doubled."""


def contract_words(contract: Contract) -> str:
    """``4♥``, ``5♠ doubled``: the bid with its suit symbol, and the penalty in words."""
    if contract.strain is None:
        return "Pass"
    return f"{contract.level}{contract.strain.symbol}{PENALTY_WORDS[contract.doubled]}"


def par_contract_words(found: ParContract) -> str:
    """One par contract: ``4♥ by South making 11 tricks``, ``5♠ doubled by East or West taking 9 tricks,
    down 2``."""
    declarers = " or ".join(seat.full_name for seat in found.declarers)
    tricks = found.contract.tricks_needed + found.result
    made = (f"making {plural(tricks, 'trick')}" if found.result >= 0
            else f"taking {plural(tricks, 'trick')}, down {-found.result}")
    return f"{contract_words(found.contract)} by {declarers} {made}"


def par_sentence(found: Par) -> str:
    """Par in one line a learner reads: ``Par: 4♥ by South making 11 tricks, +450 to North-South``
    (every par contract, joined by "or"; the score to the side it favours)."""
    if found.score is None:
        return "Par: unknown"
    if not found.contracts:
        return "Par: the deal passed out, 0 to either side"
    contracts = "; or ".join(par_contract_words(c) for c in found.contracts)
    side = "North-South" if found.score >= 0 else "East-West"
    return f"Par: {contracts}, +{abs(found.score)} to {side}"
