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
from bridgetools.model.results import DDTable, Par

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


def table_par(board: Board, table: DDTable | None = None) -> Par | None:
    """The par of ``table`` (the board's own by default) at the board's dealer and vulnerability, where
    the table is whole and both are known; DDS's par, cheap, with no solving."""
    from bridgetools.dd import par

    table = board.dd_table if table is None else table
    if table is None or None in table.tricks or board.dealer is None or board.vulnerability is None:
        return None
    return par(table, board.vulnerability, board.dealer)


SOLVERS = "the solver's double-dummy table's"
"""Whose par a file's is checked against where the deal was solved (`par_disagreement`)."""
OWN = "its double-dummy table's"
"""Whose par a file's is checked against where only the file's own table is there."""
BOTH_KEPT = "both are kept as given (export --dd --verify-dd solves the deal to tell which is wrong)"
"""What happens where a file's par and its own table's disagree: nothing tells which of the two is wrong."""


def par_disagreement(board: Board, computed: Par | None, whose: str, used: str,
                     source: str | None = None) -> str | None:
    """The warning, named by ``source`` and the board, where the par score the file gives (OptimumScore)
    differs from ``computed``, the par of ``whose`` table; ``used`` says what the export does."""
    given = board.par
    if computed is None or given is None or given.score is None or given.score == computed.score:
        return None
    where = f"{source}: " if source else ""
    return f"{where}board {board.number}: the file's par ({given}) differs from {whose} ({computed}): {used}"


def file_par_disagreement(board: Board, source: str | None = None) -> str | None:
    """`par_disagreement` of a board read as it is (no solving), its par against its own table's;
    raises `MissingExtraError` without the ``dd`` extra, whose par this needs."""
    return par_disagreement(board, table_par(board), OWN, BOTH_KEPT, source)


def _checked_par(board: Board, table: DDTable | None, solved: bool, source: str | None,
                 on_warning: Callable[[str], None] | None) -> Par | None:
    """The par to give ``board`` from ``table`` (None: the file's stands), each disagreement with the
    file's par said. The solver's table (``solved``) is right, and so its par; the file's own table and
    the file's par, where they disagree, are both kept, as nothing tells which of the two is wrong."""
    computed = table_par(board, table) if table is not None else None
    wrong = par_disagreement(board, computed, SOLVERS if solved else OWN,
                             "the solver's is used" if solved else BOTH_KEPT, source)
    if wrong is not None and on_warning is not None:
        on_warning(wrong)
    if wrong is not None and not solved:
        return None
    given = board.par
    # a par of 0 is passed out, whole with no contracts: given, as one naming its contracts is
    wanted = given is None or (not given.contracts and given.score != 0) or wrong is not None
    return computed if wanted else None  # none, an OptimumScore alone, or one the solver's is not


def with_double_dummy(boards: Sequence[Board], cache: TableCache | str | Path | None = None, *,
                      verify: bool = False, source: str | None = None,
                      on_warning: Callable[[str], None] | None = None,
                      on_solved: Callable[[int], None] | None = None) -> list[Board]:
    """The boards with a double-dummy table and par: copies (the boards given are not changed) where
    they were solved here, in DDS's batches through ``cache``; a table the file carries is kept, and
    with ``verify`` solved too, each disagreement sent to ``on_warning`` (named by ``source``) and the
    solver's table given in its place (the file's stays in its tags and tables, as read). The par is the
    solver's table's where there is one (a file's par it differs from is said and replaced); otherwise
    the file's, or its own table's where it has none or a score alone (contracts added when the scores
    agree). A file's par and table that disagree, unsolved, are both kept and said. ``on_solved`` is told
    how many deals each of DDS's batches solved (a progress bar's measure: the solving is the long part)."""
    from bridgetools.dd import dd_tables

    require_solver()
    carried = [board.dd_table for board in boards]
    todo = [i for i, board in enumerate(boards) if (carried[i] is None or verify) and _solvable(board.deal)]
    deals = [deal for i in todo if (deal := boards[i].deal) is not None]
    solved = dict(zip(todo, dd_tables(deals, cache=cache, progress=on_solved), strict=True))
    done: list[Board] = []
    for i, board in enumerate(boards):
        table = carried[i]
        wrong = _differences(table, solved[i]) if table is not None and i in solved else []
        if wrong and on_warning is not None:
            where = f"{source}: " if source else ""
            on_warning(f"{where}board {board.number}: the file's double-dummy table differs from the "
                       f"solver's: {'; '.join(wrong)}: the solver's is used")
        new_par = _checked_par(board, solved.get(i, table), i in solved, source, on_warning)
        table = solved.get(i) if table is None or wrong else table  # the verified cells over wrong ones
        if table is None or (table is carried[i] and new_par is None):
            done.append(board)
            continue
        board = copy.copy(board)
        board.dd_table = table
        if new_par is not None:
            board.par = new_par
        done.append(board)
    return done
