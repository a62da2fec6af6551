"""Double-dummy results as hand records show them, and as BridgeComposer writes them into PBN files.

Text: the grid (declarers N S E W by strains NT S H D C), the makeable contracts (``NS 4♥; EW 3♣``,
seats apart when partners differ) and the par line (``Par -300: EW 6♦X-2``). PBN: the tags
``DoubleDummyTricks`` (20 hex digits), ``OptimumScore`` (the par side's score, ``EW -300``),
``ParContract`` (``EW 6DX-2``, ``;``-separated) and the table ``OptimumResultTable``.
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgetools.board import Board, Table
from bridgetools.dd import Review
from bridgetools.model import Card, Contract, Seat, Strain, Suit
from bridgetools.model.results import TABLE_SEATS, TABLE_STRAINS, DDTable, Par, ParContract

RESULT_TABLE = "OptimumResultTable"
RESULT_COLUMNS = ["Declarer", "Denomination\\2R", "Result\\2R"]
ADDED_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract")


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


def makeable(table: DDTable, unicode: bool = False) -> str:
    """The highest makeable level per side and strain, ``NS 4♥; EW 3♣`` (``N 3♥; S 2♥`` when partners
    differ), higher contracts first; ``Nothing makes`` when no side takes seven tricks anywhere."""
    found: list[tuple[int, int, str]] = []
    for side in ((Seat.N, Seat.S), (Seat.E, Seat.W)):
        for strain in TABLE_STRAINS:
            levels = [(table[seat, strain] or 0) - 6 for seat in side]  # unknown: nothing shown
            shown = [("".join(s.letter for s in side), levels[0])] if levels[0] == levels[1] else \
                [(seat.letter, level) for seat, level in zip(side, levels, strict=True)]
            for who, level in shown:
                if level >= 1:
                    found.append((level, int(strain), f"{who} {level}{_strain(strain, unicode)}"))
    found.sort(key=lambda f: (-f[0], -f[1]))
    return "; ".join(text for *_, text in found) if found else "Nothing makes"


def _result_mark(result: int) -> str:
    return "=" if result == 0 else f"{result:+d}"


def par_line(par: Par, unicode: bool = False) -> str:
    """``Par +420: NS 4♠=`` (North-South's score; ``Par 0`` when the deal is passed out)."""
    if not par.contracts:
        return "Par 0: passed out"
    contracts = "; ".join(f"{''.join(s.letter for s in c.declarers)} {contract_text(c.contract, unicode)}"
                          f"{_result_mark(c.result)}" for c in par.contracts)
    return f"Par {par.score:+d}: {contracts}"


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


def double_dummy_tricks(table: DDTable) -> str:
    """The ``DoubleDummyTricks`` value: 20 hex digits, declarers N S E W by strains NT S H D C."""
    return "".join(f"{table[seat, strain]:x}" for seat in TABLE_SEATS for strain in TABLE_STRAINS)


def optimum_score(par: Par) -> str:
    """The ``OptimumScore`` value: the par contract's side and its own score (``NS 420``, ``EW -300``)."""
    if not par.contracts or par.score is None:
        return "NS 0"
    side = par.contracts[0].side
    return f"{side} {par.score if side == 'NS' else -par.score}"


def par_contract(contract: ParContract) -> str:
    """One ``ParContract`` entry: ``NS 4S``, ``EW 3N+1``, ``E 5DX-2`` (N for notrump, X for doubled)."""
    strain = "N" if contract.contract.strain is Strain.NT else str(contract.contract.strain)
    doubled = "X" * contract.contract.doubled
    result = "" if contract.result == 0 else f"{contract.result:+d}"
    seats = "".join(s.letter for s in contract.declarers)
    return f"{seats} {contract.contract.level}{strain}{doubled}{result}"


def result_table(table: DDTable) -> Table:
    """The ``OptimumResultTable``: 20 rows ``N NT  9``, declarers N S E W by strains NT S H D C."""
    return Table(list(RESULT_COLUMNS), [[seat.letter, strain.letter, str(table[seat, strain])]
                                        for seat in TABLE_SEATS for strain in TABLE_STRAINS])


def add_to_board(board: Board, table: DDTable, par: Par | None) -> None:
    """Give the board the tags BridgeComposer writes for a double-dummy analysis, replacing any it had
    (par only when the board's vulnerability and dealer are known)."""
    for name in ADDED_TAGS:
        board.tags.pop(name, None)
    board.tags["DoubleDummyTricks"] = double_dummy_tricks(table)
    if par is not None:
        board.tags["OptimumScore"] = optimum_score(par)
        board.tags["ParContract"] = "; ".join(par_contract(c) for c in par.contracts) or "Pass"
    board.tables[RESULT_TABLE] = result_table(table)
