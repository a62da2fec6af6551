"""Double dummy in an export: each board's table and par (the file's own when it carries them, else
solved through the on-disk cache by deal), and each played result against double dummy and par.

Solving needs the extra ``bridgetools[dd]``; the columns against double dummy are worked out from any
table a row has, the file's or a solved one.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from bridgetools.analysis.schema import DD_COLUMNS
from bridgetools.board import Board
from bridgetools.model import Deal, Seat, Strain
from bridgetools.model.results import DDTable
from bridgetools.scoring.imps import imps_array

if TYPE_CHECKING:
    from bridgetools.analysis.columns import BoardArrays
    from bridgetools.dd.cache import TableCache

_DD_DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)
_DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_CELL = np.array([[_DD_DECLARERS.index(Seat(seat)) * 5 + _DD_STRAINS.index(Strain(strain))
                   for strain in range(5)] for seat in range(4)], dtype=np.intp)
"""The `DD_COLUMNS` position of declarer ``seat`` in ``strain`` (our codes: seats N E S W, strains C-NT)."""


def require_solver() -> None:
    """Stop with one line saying how to install the ``dd`` extra when DDS is not there."""
    from bridgetools.dd import _dds

    _dds.dds()


def _solvable(deal: Deal | None) -> bool:
    return deal is not None and all(hand is not None and len(hand) == 13 for hand in deal.hands)


def _differences(carried: DDTable, solved: DDTable) -> list[str]:
    """The cells where a file's table differs from the solver's (``N NT 9, solver 10``)."""
    return [f"{seat.letter} {strain} {carried[seat, strain]}, solver {solved[seat, strain]}"
            for seat in _DD_DECLARERS for strain in _DD_STRAINS
            if carried[seat, strain] is not None and carried[seat, strain] != solved[seat, strain]]


def with_double_dummy(boards: Sequence[Board], cache: TableCache | str | Path | None = None, *,
                      verify: bool = False, source: str | None = None,
                      on_warning: Callable[[str], None] | None = None) -> list[Board]:
    """The boards with a double-dummy table and par: copies (the boards given are not changed) where
    they were solved here, in DDS's batches through ``cache``; a table the file carries is kept, and
    with ``verify`` solved too and each disagreement sent to ``on_warning`` (named by ``source``)."""
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
        new_par = (par(table, vulnerability, dealer) if table is not None and board.par is None
                   and None not in table.tricks
                   and dealer is not None and vulnerability is not None else None)
        if table is None or (carried[i] is not None and new_par is None):
            done.append(board)
            continue
        board = copy.copy(board)
        board.dd_table = table
        if new_par is not None:
            board.par = new_par
        done.append(board)
    return done


def _int_column(value: Any, n: int) -> np.ndarray[Any, np.dtype[np.int64]]:
    """A column given as a list or an Arrow array as integers, -1... for null (None: all null)."""
    if value is None:
        return np.full(n, np.iinfo(np.int64).min, dtype=np.int64)
    array = value if isinstance(value, pa.Array | pa.ChunkedArray) else pa.array(value, pa.int64())
    filled = pc.fill_null(array.cast(pa.int64()), np.iinfo(np.int64).min)
    return np.asarray(filled.to_numpy(zero_copy_only=False), dtype=np.int64)


def against_double_dummy(arrays: BoardArrays) -> dict[str, pa.Array]:
    """``dd_tricks``, ``dd_result`` and ``imps_vs_par`` of each result, where its table (and par) are known;
    nothing when no row has a table or par."""
    n = len(arrays)
    columns: dict[str, pa.Array] = {}
    missing = np.iinfo(np.int64).min
    if any(arrays.columns.get(name) is not None for name in DD_COLUMNS):
        cells = np.stack([_int_column(arrays.columns.get(name), n) for name in DD_COLUMNS], axis=1)
        played = (arrays.level > 0) & (arrays.declarer >= 0) & (arrays.strain >= 0)
        cell = _CELL[np.clip(arrays.declarer, 0, 3), np.clip(arrays.strain, 0, 4)]
        dd = cells[np.arange(n), cell]
        known = played & (dd != missing)
        columns["dd_tricks"] = pa.array(np.where(known, dd, 0).astype(np.int8), pa.int8(), mask=~known)
        has_result = known & (arrays.tricks >= 0)
        result = np.where(has_result, arrays.tricks - dd, 0).astype(np.int8)
        columns["dd_result"] = pa.array(result, pa.int8(), mask=~has_result)
    if arrays.columns.get("par_ns") is not None:
        par_ns = _int_column(arrays.columns["par_ns"], n)
        score, scored = arrays.ns_scores()
        valid = scored & (par_ns != missing)
        columns["imps_vs_par"] = pa.array(imps_array(np.where(valid, score - par_ns, 0)), pa.int8(),
                                          mask=~valid)
    return columns
