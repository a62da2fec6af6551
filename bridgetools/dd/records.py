"""Double-dummy results as hand records show them, and given to a board for its writer.

Text: the grid (declarers N S E W by strains NT S H D C), the makeable contracts (``NS 4♥; EW 3♣``,
seats apart when partners differ) and the par line (``Par: NS 300 (EW 6♦X-2)``, as `print --dd` words it).
A board takes the table and par as values (`add_to_board`); the PBN writer spells them as BridgeComposer
does.
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgetools.board import Board
from bridgetools.dd import Review
from bridgetools.model import Card, Contract, Strain, Suit
from bridgetools.model.results import TABLE_SEATS, TABLE_STRAINS, DDTable, Par
from bridgetools.model.results import makeable_text as makeable

__all__ = ["add_to_board", "claim_text", "contract_text", "grid", "leads_text", "makeable", "par_line",
           "review_text"]


def _strain(strain: Strain, unicode: bool) -> str:
    return strain.symbol if unicode and strain is not Strain.NT else strain.letter


def contract_text(contract: Contract, unicode: bool) -> str:
    return contract.unicode() if unicode else str(contract)


def grid(table: DDTable, unicode: bool = False) -> str:
    """A row per declarer (N S E W), a column per strain (NT first), tricks in each cell."""
    head = "  " + "".join(f"{_strain(s, unicode):>3}" for s in TABLE_STRAINS)
    rows = [f"{seat.letter} " + "".join(f"{table[seat, s]:>3}" for s in TABLE_STRAINS)
            for seat in TABLE_SEATS]
    return "\n".join([head, *rows])


def par_line(par: Par, unicode: bool = False) -> str:
    """``Par: NS 420 (NS 4♠)``: par as hand records print it (`Par.text`), the side that scores and what,
    then the contracts; ``Par: 0 (passed out)``."""
    return f"Par: {par.text(unicode)}"


def leads_text(leads: Mapping[Card, int], unicode: bool = False) -> str:
    """Declarer's tricks after each lead: a line per suit and result, best leads for the defence first."""
    lines = []
    for suit in reversed(Suit):
        by_tricks: dict[int, list[Card]] = {}
        for card in sorted((c for c in leads if c.suit is suit), key=lambda c: -c.rank):
            by_tricks.setdefault(leads[card], []).append(card)
        for tricks in sorted(by_tricks):
            ranks = " ".join(str(c)[1:] for c in by_tricks[tricks])
            mark = suit.symbol if unicode else suit.name
            lines.append(f"{mark} {ranks:<26}{tricks:>3}")
    return "\n".join(lines)


def review_text(review: Review, unicode: bool = False) -> str:
    """A line per trick, leader first; a card that cost its side tricks is marked ``(-n)``; the last
    column is declarer's double-dummy total once the trick is over."""
    contract = contract_text(review.contract, unicode)
    lines = [f"{contract} by {review.declarer.full_name}: {review.start} tricks double dummy at the start",
             "Trick" + " " * 48 + "After"]
    cards = review.cards
    for start in range(0, len(cards), 4):
        cells = []
        for c in cards[start:start + 4]:
            text = f"{c.seat.letter} {c.card.unicode() if unicode else str(c.card)}"
            cells.append(f"{text}{f' (-{c.cost})' if c.cost else '':<6}")
        lines.append(f"{start // 4 + 1:>4}  " + "  ".join(f"{cell:<10}" for cell in cells).ljust(48)
                     + f"{cards[min(start + 3, len(cards) - 1)].after:>5}")
    costly = review.errors()
    lines.append(f"{len(costly)} card{'s' if len(costly) != 1 else ''} cost a trick or more")
    return "\n".join(lines)


def claim_text(review: Review, claimed: int | None) -> str | None:
    """The line after a review whose play ended in a claim (or concession) that differs from double
    dummy: the cards played may have cost nothing while the claim gave tricks away (or took gifts)."""
    if claimed is None or not review.cards:
        return None
    best = review.cards[-1].after
    if claimed == best:
        return None
    gap = abs(claimed - best)
    way = "fewer" if claimed < best else "more"
    return (f"Claim: {claimed} tricks for declarer, {gap} trick{'s' if gap != 1 else ''} {way} than "
            f"double dummy after the last card ({best})")


def add_to_board(board: Board, table: DDTable, par: Par | None) -> None:
    """Give the board a double-dummy table and par, replacing any it had (par only when the board's
    vulnerability and dealer are known); a writer spells them its own way (PBN: as BridgeComposer does)."""
    board.dd_table = table
    if par is not None:
        board.par = par
