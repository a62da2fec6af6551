"""Double dummy in an export: each board's table and par, the file's own when it carries them, else
solved through the on-disk cache by deal (extra ``bridgetools[dd]``). The results against them are columns
worked out from any table a row has (`columns.against_double_dummy`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bridgetools.analysis.columns import DD_DECLARERS, DD_STRAINS
from bridgetools.board import Board
from bridgetools.model import Deal
from bridgetools.model.results import DDTable

if TYPE_CHECKING:
    from bridgetools.dd.cache import TableCache



def require_solver() -> None:
    """Stop with one line saying how to install the ``dd`` extra when DDS is not there."""
    from bridgetools.dd import _dds

    _dds.dds()


def _solvable(deal: Deal | None) -> bool:
    return deal is not None and all(hand is not None and len(hand) == 13 for hand in deal.hands)


def _differences(carried: DDTable, solved: DDTable) -> list[str]:
    """The cells where a file's table differs from the solver's (``N NT 9, solver 10``)."""
    return [f"{seat.letter} {strain} {carried[seat, strain]}, solver {solved[seat, strain]}"
            for seat in DD_DECLARERS for strain in DD_STRAINS
            if carried[seat, strain] is not None and carried[seat, strain] != solved[seat, strain]]


def with_double_dummy(boards: Sequence[Board], cache: TableCache | str | Path | None = None, *,
                      verify: bool = False, source: str | None = None,
                      on_warning: Callable[[str], None] | None = None) -> list[Board]:
    """The boards with a double-dummy table and par: copies (the boards given are not changed) where
    they were solved here, in DDS's batches through ``cache``; a table the file carries is kept, and
    with ``verify`` solved too and each disagreement sent to ``on_warning`` (named by ``source``). A par
    the file gives as a score alone (OptimumScore, no ParContract) gets its contracts from the table when
    the solver's par has that score."""
    from bridgetools.dd import dd_tables, par

    require_solver()
    carried = [board.dd_table for board in boards]
    todo = [i for i, board in enumerate(boards) if (carried[i] is None or verify) and _solvable(board.deal)]
    deals = [deal for i in todo if (deal := boards[i].deal) is not None]
    solved = dict(zip(todo, dd_tables(deals, cache=cache), strict=True))
    done: list[Board] = []
    for i, board in enumerate(boards):
        table = carried[i]
        wrong = _differences(table, solved[i]) if table is not None and i in solved else []
        if wrong and on_warning is not None:
            where = f"{source}: " if source else ""
            on_warning(f"{where}board {board.number}: the file's double-dummy table differs from the "
                       f"solver's: {'; '.join(wrong)}")
        table = solved.get(i) if table is None else table
        dealer, vulnerability = board.dealer, board.vulnerability
        wanted = board.par is None or not board.par.contracts  # none, or an OptimumScore alone
        new_par = (par(table, vulnerability, dealer) if table is not None and wanted
                   and None not in table.tricks
                   and dealer is not None and vulnerability is not None else None)
        if new_par is not None and board.par is not None and new_par.score != board.par.score:
            new_par = None  # the file's score, whose contracts the solver's par does not give, stays alone
        if table is None or (carried[i] is not None and new_par is None):
            done.append(board)
            continue
        board = copy.copy(board)
        board.dd_table = table
        if new_par is not None:
            board.par = new_par
        done.append(board)
    return done
