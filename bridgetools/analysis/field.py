"""Field results: every result of a board compared with the others (matchpoints, cross-IMPs, Butler).

A *field* is the set of results of one board within one session (one input file, or one call of
`to_dataframe`): results with the same board number and the same deal. That covers the rows of a
ScoreTable, the open and closed rooms of a team match, and the same board played in several games of a
file. When a board carries a ScoreTable, its rows are the field (the table's own result is usually one
of them, and would otherwise count twice). All figures are from North-South's side; East-West's are the
complement (``top - mp_ns``, ``100 - pct_ns``) or the negation (IMPs). The arithmetic is the scoring
module's: `matchpoints`, `percentages`, `average_cross_imps`, `butler` and `imps_array`.

A field of exactly two results, one from the open room and one from the closed room, is also scored as a
team match scores it: ``team_imps`` is the open room's North-South score less the closed room's, in IMPs,
the board's IMPs to the team that sat North-South in the open room (and East-West in the closed one).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from bridgetools.analysis.columns import BoardArrays
from bridgetools.analysis.schema import SOURCES

SCORE_TABLE = SOURCES.index("score_table")
OPEN, CLOSED = 1, 2
"""Room codes of `room_codes` (0: no room, or another one)."""


def butler_discard(n: int) -> int:
    """Scores dropped at each end before the Butler datum is taken: one, when there are three or more."""
    return 1 if n >= 3 else 0


def field_keys(arrays: BoardArrays) -> npt.NDArray[np.intp]:
    """A group number per result: equal for results of the same board number and the same deal."""
    n = len(arrays)
    key = np.empty((n, 6), dtype=np.uint64)
    key[:, 0] = arrays.board.astype(np.int64).astype(np.uint64)
    key[:, 1:5] = np.where(arrays.known, arrays.masks, np.uint64(0))
    key[:, 5] = (arrays.known * np.array([1, 2, 4, 8])).sum(axis=1).astype(np.uint64)
    _, groups = np.unique(key, axis=0, return_inverse=True)
    return groups.reshape(-1)


def room_codes(arrays: BoardArrays) -> npt.NDArray[np.int8]:
    """`OPEN` or `CLOSED` for each result from the ``room`` column, 0 where it names neither."""
    rooms = arrays.columns.get("room")
    if rooms is None:
        return np.zeros(len(arrays), dtype=np.int8)
    if isinstance(rooms, pa.Array | pa.ChunkedArray):
        rooms = rooms.to_pylist()
    codes = {"open": OPEN, "closed": CLOSED}
    return np.fromiter((codes.get(room, 0) for room in rooms), dtype=np.int8, count=len(arrays))


def team_imps(groups: npt.NDArray[np.intp], member: npt.NDArray[np.bool_], rooms: npt.NDArray[np.int8],
              scores: npt.NDArray[np.int32]) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_]]:
    """Each result's board in IMPs to the team North-South in the open room, and where that applies: a
    field of exactly one open-room and one closed-room result."""
    from bridgetools.scoring import imps_array

    n = len(groups)
    open_room, closed_room = member & (rooms == OPEN), member & (rooms == CLOSED)
    pairs = ((np.bincount(groups[member], minlength=n) == 2)
             & (np.bincount(groups[open_room], minlength=n) == 1)
             & (np.bincount(groups[closed_room], minlength=n) == 1))
    difference = np.zeros(n, dtype=np.int64)  # per group: + open room's score - closed room's
    np.add.at(difference, groups[open_room], scores[open_room].astype(np.int64))
    np.subtract.at(difference, groups[closed_room], scores[closed_room].astype(np.int64))
    applies = member & pairs[groups]
    return imps_array(difference)[groups], applies


def field_columns(arrays: BoardArrays, source: npt.NDArray[np.int8]) -> dict[str, pa.Array]:
    """``field_size``, ``mp_ns``, ``pct_ns``, ``ximp_ns``, ``butler_ns``, ``datum`` and ``team_imps``
    for a session."""
    from bridgetools.scoring import average_cross_imps, butler, matchpoints, percentages

    n = len(arrays)
    scores, valid = arrays.ns_scores()
    size = np.zeros(n, dtype=np.int16)
    mp = np.full(n, np.nan)
    pct = np.full(n, np.nan)
    ximp = np.full(n, np.nan)
    butler_imps = np.zeros(n, dtype=np.int16)
    datum = np.zeros(n, dtype=np.int32)
    compared = np.zeros(n, dtype=np.bool_)
    groups = field_keys(arrays)
    # A board with ScoreTable rows takes them as its field; otherwise every scored result is in it.
    from_table = valid & (source == SCORE_TABLE)
    has_table = np.bincount(groups, weights=from_table, minlength=n) > 0
    member = valid & (from_table | ~has_table[groups])
    counts = np.bincount(groups[member], minlength=n)
    size[member] = counts[groups[member]]
    # Only boards played more than once need the scoring module: loop over those alone.
    shared = np.flatnonzero(member & (size >= 2))
    shared = shared[np.argsort(groups[shared], kind="stable")]
    bounds = np.flatnonzero(np.diff(groups[shared])) + 1
    for members in np.split(shared, bounds) if len(shared) else []:
        field = scores[members].tolist()
        mp[members] = matchpoints(field)
        pct[members] = percentages(field)
        ximp[members] = average_cross_imps(field)
        board_datum, imps = butler(field, discard=butler_discard(len(field)))
        butler_imps[members] = imps
        datum[members] = board_datum
        compared[members] = True
    match_imps, in_match = team_imps(groups, member, room_codes(arrays), scores)
    return {
        "field_size": pa.array(size, pa.int16(), mask=size == 0),
        "mp_ns": pa.array(mp, pa.float64(), mask=~compared),
        "pct_ns": pa.array(pct, pa.float64(), mask=~compared),
        "ximp_ns": pa.array(ximp, pa.float64(), mask=~compared),
        "butler_ns": pa.array(butler_imps, pa.int16(), mask=~compared),
        "datum": pa.array(datum, pa.int32(), mask=~compared),
        "team_imps": pa.array(match_imps, pa.int8(), mask=~in_match),
    }
