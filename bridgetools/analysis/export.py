"""Boards to pandas and Parquet, and Parquet back to boards.

Export streams: boards are read and turned into Arrow record batches 10,000 at a time, field results are
worked out over the whole *session* (the files of one run, or one `to_parquet` call:
`ParquetExport.start_session`), and
rows are written in row groups of 100,000 through `pyarrow.parquet.ParquetWriter` into a temporary file
that is renamed into place when complete. Memory depends on the row-group and batch sizes, not on the
number of boards: the writer keeps only the file footer (the row groups' metadata) until it closes, which
is why row groups are large (see ``ROW_GROUP_SIZE``), and a session of more than one batch waits on disk
for its field results (`_Spool`), only the few numbers they are worked out from in memory (`FieldInputs`).
"""

from __future__ import annotations

import base64
import collections
import contextlib
import itertools
import json
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar, cast

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from bridgetools._files import discard, publish, readable_name, temporary_beside
from bridgetools._gc import collector_paused
from bridgetools.analysis.columns import BoardArrays, build_batch
from bridgetools.analysis.extract import (
    EXPORT,
    board_arrays,
    board_from_row,
    calls_batch,
    long_batch,
    note_losses,
    plays_batch,
    read_boards,
    repeated_result,
    repeated_results,
    same_match_records,
)
from bridgetools.analysis.field import (
    FIELD_RESULTS,
    Apart,
    FieldInputs,
    Segments,
    east_west_imps,
    east_west_matchpoints,
    field_columns,
    field_keys,
    field_results,
    files_apart,
    not_null,
    ranked_scores,
    whole_numbers,
)
from bridgetools.analysis.moves import Moves
from bridgetools.analysis.schema import (
    BOARDS_SCHEMA,
    CALLS_SCHEMA,
    CATEGORIES,
    PLAYS_SCHEMA,
    SCHEMA_NAME,
    SOURCES,
)
from bridgetools.board import Board
from bridgetools.errors import BridgeError
from bridgetools.formats import as_boards
from bridgetools.formats._losses import Losses
from bridgetools.model import Deal

if TYPE_CHECKING:
    import pandas as pd

    from bridgetools.dd.cache import TableCache

ROW_GROUP_SIZE = 100_000
"""Rows per Parquet row group. pyarrow holds each row group's metadata in memory until the file closes,
while the rows of one group wait in memory: at 100,000 peak memory is the same for 1 and 3 million boards
(at 10,000 it grew by 28 MB; `scripts/bench_export.py --row-group-size`, docs/performance.md)."""
SESSION_SIZE = 10_000
"""Boards read and made into a batch at a time when an iterator or a large file is exported, and rows per
batch read back."""


def created_at() -> datetime:
    """Now (UTC), or the time ``SOURCE_DATE_EPOCH`` gives (the reproducible-builds convention), so that
    two exports of the same files can be made byte for byte the same."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isascii() and epoch.isdecimal():
        return datetime.fromtimestamp(int(epoch), UTC)
    return datetime.now(UTC)


def export_metadata(extra: dict[str, Any] | None = None) -> dict[str, str]:
    """Schema metadata recorded in every export: versions, creation time, and ``extra`` (seed...)."""
    from bridgetools._version import __version__

    meta = {
        "bridgetools.version": __version__,
        "bridgetools.numpy_version": np.__version__,
        "bridgetools.pyarrow_version": pa.__version__,
        "bridgetools.created": created_at().isoformat(timespec="seconds"),
    }
    for key, value in (extra or {}).items():
        meta[key if "." in key else f"bridgetools.{key}"] = str(value)
    return meta


def session_batch(boards: Sequence[Board], first_id: int = 0, file: str | None = None,
                  first_game: int = 0, moves: Moves | None = None,
                  fields: dict[str, Sequence[Any]] | None = None) -> pa.RecordBatch:
    """The `boards` rows of one session, field results included (a file name that is not UTF-8 with its
    odd bytes as ``\\xNN``: Parquet strings are UTF-8); ``moves`` and ``fields``: see `board_arrays`."""
    arrays = board_arrays(boards, first_id, None if file is None else readable_name(file), first_game, moves,
                          fields)
    return arrays_batch(arrays)


def traveller_matchpoints(board: Board) -> list[tuple[float | None, float | None]]:
    """North-South's and East-West's matchpoints (2 a score beaten) of each of ``board``'s results (its
    ScoreTable's rows) as the export counts them (`session_batch`: the board's own result in the field,
    the row repeating it given its figures), for a printed traveller whose ScoreTable gives none; East-West
    the rest of the top, or its own artificial adjusted percentage of it; (None, None) in no field."""
    return travellers_matchpoints([board])[0]


def travellers_matchpoints(boards: Sequence[Board]) -> list[list[tuple[float | None, float | None]]]:
    """`traveller_matchpoints` of each of ``boards``, from one batch (a batch a board cost 3 times the
    CPU of a printed traveller). Boards of one number and deal make one field in a batch: the caller
    gives boards of distinct numbers for each board's traveller to be its own field."""
    return travellers_figures(boards, "mp_ns")


TRAVELLER_FIGURES = ("mp_ns", "ximp_ns", "ximp_sum_ns", "ximp_per_score_ns", "butler_ns", "butler_all_ns",
                     "butler_median_ns")
"""The field figures a printed traveller may be given (`travellers_figures`): matchpoints; cross-IMPs
averaged over the comparisons (PBN's ``Cross2``), summed (``Cross``) or divided by the number of scores
(``Cross1``); IMPs against the Butler datum without the top and bottom (``Butler-2``), of every score
(``Butler``), or the median score (``Median``)."""


_READ_FROM = {"ximp_sum_ns": "ximp_ns", "ximp_per_score_ns": "ximp_ns", "butler_all_ns": "butler_ns",
              "butler_median_ns": "butler_ns"}
"""The exported column each traveller figure that is not one is worked out from (`_field_reading`)."""


def travellers_figures(boards: Sequence[Board], figure: str | Sequence[str | None],
                       inputs: Sequence[str] | None = None,
                       batched: tuple[pa.Table | pa.RecordBatch, list[int], dict[int, int]] | None = None
                       ) -> list[list[tuple[float | None, float | None]]]:
    """North-South's and East-West's ``figure`` (one of `TRAVELLER_FIGURES`, or one a board: None for a
    board whose traveller is given none, []) of each result of each of ``boards``, as `session_batch`
    counts them for the boards as one session (a file: the fields export and analyze count, a board's
    results in all its records of the file one field; with ``inputs``, the input each board came from,
    the fields `export` of those inputs counts, ``batched`` by `bridgetools.analysis.pipeline.inputs_batch`:
    `inputs_figures`); East-West's IMPs are North-South's with the other sign, and East-West's figures
    their own in a field holding scores that do not balance (``mp_ew``...: `_EAST_WEST`); (None, None) in
    no field (a table alone, an adjusted score for IMPs)."""
    wanted = [figure] * len(boards) if isinstance(figure, str) else list(figure)
    if batched is None:
        arrays = board_arrays(boards)
        batch: pa.Table | pa.RecordBatch = arrays_batch(arrays)
        groups = field_keys(FieldInputs.of(arrays)).tolist()
        copies: dict[int, int] = {}
    else:
        batch, groups, copies = batched
    names = ("source", "board_id", "field_size", "adjusted_pct_ew", "multiplicity")
    source, ids, size, pct_ew, tables = (batch.column(name).to_pylist() for name in names)
    # the scores each result is ranked by (`ranked_scores`): its contract's, a director's assigned score
    contract, scored = whole_numbers(batch.column("score_ns"), np.iinfo(np.int32).min, np.iinfo(np.int32).max)
    named = set(batch.column_names)
    ns_ranked, known, ew_ranked = ranked_scores(contract.astype(np.int32), scored,
                                                lambda name: batch.column(name) if name in named else None)
    ew_known = known | not_null(batch.column("file_score_ew"))
    scores: list[Any] = [int(score) if ok else None
                         for score, ok in zip(ns_ranked.tolist(), known.tolist(), strict=True)]
    ew_scores: list[Any] = [int(score) if ok else None
                            for score, ok in zip(ew_ranked.tolist(), ew_known.tolist(), strict=True)]
    rows = _traveller_rows(boards, source, ids, inputs)
    figures: dict[str, tuple[list[Any], list[Any]]] = {}
    for name in dict.fromkeys(name for name in wanted if name is not None):
        values = batch.column(_READ_FROM.get(name, name)).to_pylist()
        own = batch.column(_EAST_WEST[name]).to_pylist() if name in _EAST_WEST else [None] * len(values)
        if name in _READ_FROM:
            field: dict[int, list[int]] = {}
            for row, group in enumerate(groups):
                if values[row] is not None and size[row] is not None:
                    field.setdefault(group, []).append(row)
            for played in field.values():  # a table alone has no field to IMP it against
                values_read = _field_reading(name, [values[row] for row in played],
                                             [(scores[row], tables[row]) for row in played])
                own_read = _field_reading(name, [own[row] or 0 for row in played],
                                          [(ew_scores[row], tables[row]) for row in played])
                for row, value, ew in zip(played, values_read, own_read, strict=True):
                    values[row], own[row] = value, None if own[row] is None else ew
        for row, original in copies.items():  # a repeat: the figures of the result it repeats
            values[row], own[row] = values[original], own[original]
        figures[name] = values, own

    def floats(values: list[Any]) -> npt.NDArray[np.float64]:
        return np.array(values, dtype=np.float64)  # None: NaN

    east_west = {name: east_west_matchpoints(floats(ns), floats(size), floats(pct_ew), floats(own))
                 if name == "mp_ns" else east_west_imps(floats(ns), floats(own))
                 for name, (ns, own) in figures.items()}

    def figured(name: str, row: int | None) -> tuple[float | None, float | None]:
        ns = None if row is None else figures[name][0][row]
        if row is None or ns is None or size[row] is None:
            return None, None
        ew = float(east_west[name][row])
        return (ns if name == "mp_ns" else float(ns)), None if np.isnan(ew) else ew

    return [[] if name is None else [figured(name, row) for row in rows[board_id]]
            for board_id, name in enumerate(wanted)]


_EAST_WEST = {"mp_ns": "mp_ew", "ximp_ns": "ximp_ew", "ximp_sum_ns": "ximp_ew",
              "ximp_per_score_ns": "ximp_ew", "butler_ns": "butler_ew", "butler_all_ns": "butler_ew",
              "butler_median_ns": "butler_ew"}
"""The column of East-West's own figures (null but in a field holding scores that do not balance) that
each traveller figure is read from, as North-South's is from its own (`_READ_FROM`)."""


def _traveller_rows(boards: Sequence[Board], source: list[str], ids: list[int],
                    inputs: Sequence[str] | None = None) -> list[list[int | None]]:
    """The batch row of each result of each board's ScoreTable (`session_batch` of ``boards``, its
    ``source`` and ``board_id`` columns): its own row where the ScoreTable repeats its own result
    (`repeated_result`), the own row of the other record of the board whose result it is
    (`repeated_results`: a team match's other room), a row of its own otherwise."""
    own: dict[int, int] = {}
    listed: dict[int, list[int]] = {i: [] for i in range(len(boards))}
    for row, (name, board_id) in enumerate(zip(source, ids, strict=True)):
        if name == SOURCES[1]:
            listed[board_id].append(row)
        else:
            own.setdefault(board_id, row)
    records: list[list[int]] = []  # each input's records of a board and match, as its batch was made
    for _, each in itertools.groupby(range(len(boards)), key=lambda i: None if inputs is None else inputs[i]):
        read = list(each)
        records += [[read[j] for j in same] for same in same_match_records([boards[i] for i in read])]
    rows: list[list[int | None]] = []
    for i, board in enumerate(boards):
        same = repeated_result(board)
        record = records[i]
        theirs = repeated_results(board, [boards[j] for j in record])
        others = iter(listed[i])
        places: list[int | None] = []
        for k in range(len(board.results or ())):
            if k == same:
                places.append(own[i])
            elif k in theirs:  # the record whose own table the row is (each asked alone)
                places.append(next((own[j] for j in record if j != i
                                    and k in repeated_results(board, [board, boards[j]])), None))
            else:
                places.append(next(others))
        rows.append(places)
    return rows


def _field_reading(figure: str, given: list[float], played: list[tuple[int, int]]) -> list[float]:
    """Each of one field's results' ``figure`` (of `_READ_FROM`) from its exported one (``given``: average
    cross-IMPs or Butler-2 IMPs) and the field's scores, each with its tables (``played``)."""
    from bridgetools.scoring import datum, imps
    from bridgetools.scoring.field import median_datum

    tables = sum(count for _, count in played)
    if figure == "ximp_sum_ns":  # the comparisons, each table against each other
        return [value * (tables - 1) for value in given]
    if figure == "ximp_per_score_ns":
        return [value * (tables - 1) / tables for value in given]
    every = [score for score, count in played for _ in range(count)]
    mark = datum(every, discard=0) if figure == "butler_all_ns" else median_datum(every)
    return [float(imps(score - mark)) for score, _ in played]


def session_parts(boards: Sequence[Board], *, first_id: int = 0, file: str | None = None,
                  first_game: int | Sequence[int] = 0, records: list[list[int]] | None = None
                  ) -> tuple[BoardArrays, Moves]:
    """What the three tables of one session are made of: the `boards` rows as arrays (ids from
    ``first_id``), and the session's auctions and plays (`Moves`, for `calls` and `plays`). The boards are
    read once (`read_boards`), with Python's garbage collector held off; ``records``: `board_arrays`'."""
    with collector_paused():
        fields = read_boards(boards)
        moves = Moves.of_moves(fields["auction"], fields["play"])
        arrays = board_arrays(boards, first_id, None if file is None else readable_name(file), first_game,
                              moves, fields, records)
    return arrays, moves


def session_batches(boards: Sequence[Board], *, file: str | None = None, first_game: int = 0,
                    calls: bool = False, plays: bool = False
                    ) -> tuple[pa.RecordBatch, pa.RecordBatch | None, pa.RecordBatch | None]:
    """The `boards` rows of one session (ids from 0), and its `calls` and `plays` rows when asked: the
    session's boards are read once, their auctions and plays gathered once for the three."""
    arrays, moves = session_parts(boards, file=file, first_game=first_game)
    return (arrays_batch(arrays),
            long_batch(moves.calls_columns(), CALLS_SCHEMA) if calls else None,
            long_batch(moves.plays_columns(), PLAYS_SCHEMA) if plays else None)


def arrays_batch(arrays: BoardArrays, schema: pa.Schema = BOARDS_SCHEMA) -> pa.RecordBatch:
    """`build_batch` with the session's field results: the fast path for arrays made without `Board`s."""
    return build_batch(arrays, field_columns(arrays), schema)


Keep = Callable[[pa.RecordBatch], "npt.NDArray[np.bool_]"]
"""Which rows of a batch an export writes (`bridgetools.analysis.pipeline.RepeatedResults.kept_rows`)."""

_Rows = TypeVar("_Rows", pa.RecordBatch, pa.Table)


def unscored(n: int) -> dict[str, pa.Array]:
    """The `FIELD_RESULTS` columns of ``n`` rows whose fields are not yet known, as `build_batch`'s
    ``extra``: null until `with_fields` gives them."""
    return {name: pa.nulls(n, BOARDS_SCHEMA.field(name).type) for name in FIELD_RESULTS}


def with_fields(rows: _Rows, fields: dict[str, pa.Array], start: int) -> _Rows:
    """``rows`` (a batch or a table of a session's rows from its ``start``-th on) with the field results
    ``fields`` of the whole session, for the columns ``rows`` has."""
    for name, values in fields.items():
        index = rows.schema.get_field_index(name)
        if index >= 0:
            place = rows.schema.field(index)
            rows = rows.set_column(index, place, values.slice(start, rows.num_rows).cast(place.type))
    return rows


def statistics_columns(schema: pa.Schema) -> list[str]:
    """The columns whose row groups carry statistics (minimum, maximum, nulls): every column but those of
    text, lists and maps (names, deals, hands, tags, the auction...), whose minimum and maximum help no
    query skip a row group and cost a fifth of the writing; dates (text in calendar order) keep theirs
    (docs/analysis.md)."""
    plain = (pa.types.is_string, pa.types.is_large_string, pa.types.is_list, pa.types.is_map)
    return [f.name for f in schema if f.name == "date" or not any(test(f.type) for test in plain)]


COUNTED = ("board_id", "game")
"""Columns that count up row by row: stored as differences (Parquet's DELTA_BINARY_PACKED), a few bits a
row, where a dictionary of every value was larger and slower to write."""
PLAIN = ("position",)
"""Columns of small numbers that change every row (a call's or card's place): stored as they are, which
writes faster than a dictionary of them (docs/analysis.md, Encoding)."""


def column_encodings(schema: pa.Schema) -> dict[str, Any]:
    """How the writer encodes ``schema``'s columns: `COUNTED` and `PLAIN` columns by their own encodings,
    every other column by a dictionary of its values where pyarrow finds that worthwhile."""
    own = {name: "DELTA_BINARY_PACKED" for name in COUNTED} | {name: "PLAIN" for name in PLAIN}
    return {"use_dictionary": [path for f in schema if f.name not in own for path in _leaves(f.name, f.type)],
            "column_encoding": {f.name: own[f.name] for f in schema if f.name in own}}


NAMED = ("lead", "auction", "play", "card")
"""Text columns whose every value is a name from a fixed list (a card's or a call's)."""
_NAME_CODES = pa.dictionary(pa.int8(), pa.string())


def written_schema(schema: pa.Schema) -> pa.Schema:
    """``schema`` as the export makes and writes its batches: the `NAMED` columns as codes of their
    names (dictionary arrays), which Parquet stores as the dictionary encoding it would have worked out
    by hashing every string; the file declares ``schema`` itself (`declared_metadata`), so readers get
    the same text as before."""
    def coded(field: pa.Field) -> pa.Field:
        if field.name not in NAMED:
            return field
        return field.with_type(pa.list_(_NAME_CODES) if pa.types.is_list(field.type) else _NAME_CODES)

    return pa.schema([coded(f) for f in schema], metadata=schema.metadata)


def declared_metadata(schema: pa.Schema) -> dict[bytes, bytes]:
    """The file metadata that declares ``schema`` to Arrow readers (``ARROW:schema``, the serialized
    schema as pyarrow stores it) and to the others (the schema's own key-value metadata)."""
    return {b"ARROW:schema": base64.b64encode(schema.serialize().to_pybytes()), **(schema.metadata or {})}


def _leaves(path: str, type_: pa.DataType) -> Iterator[str]:
    """The Parquet paths of the values of a column (``auction.list.element``, ``tags.key_value.key``...)."""
    if pa.types.is_map(type_):
        yield from _leaves(f"{path}.key_value.key", type_.key_type)
        yield from _leaves(f"{path}.key_value.value", type_.item_type)
    elif pa.types.is_list(type_):
        yield from _leaves(f"{path}.list.element", type_.value_type)
    else:
        yield path


WRITE_BATCH = 65_536
"""Values the Parquet writer encodes in one go within a column (pyarrow's default is 1,024): the same pages
and bytes, and 10-18% less time writing each table, the per-batch work (levels, dictionary, statistics)
being done 64 times less often (example3.pbn x 13, one thread)."""


SWITCH_INTERVAL = 0.0002
"""Seconds a thread runs Python before a thread waiting for the interpreter gets it, while an export runs
(Python's default is 0.005). A table's thread makes its batch in many short calls into numpy and pyarrow
that let go of the interpreter, and coming back from each it waits until the thread reading the boards,
which runs Python without a pause, is made to let go: up to the whole interval for every call."""
_switching = threading.Lock()
_exports_running = 0
_interval_before = 0.0


def _switch_often() -> None:
    """Set `SWITCH_INTERVAL` for the first export running, keeping the interval it replaces."""
    global _exports_running, _interval_before
    with _switching:
        if _exports_running == 0:
            _interval_before = sys.getswitchinterval()
            sys.setswitchinterval(min(SWITCH_INTERVAL, _interval_before))
        _exports_running += 1


def _switch_as_before() -> None:
    """Put back the interval `_switch_often` replaced when the last export running ends."""
    global _exports_running
    with _switching:
        _exports_running -= 1
        if _exports_running == 0:
            sys.setswitchinterval(_interval_before)


def arrow_file(path: str | os.PathLike[str], mode: str) -> str | BinaryIO:
    """``path`` as pyarrow takes it: the name, or the file opened in ``mode`` when pyarrow cannot take the
    name (it encodes names as UTF-8, and one holding bytes the locale could not read as text,
    ``o\\xe9.parquet`` under C.UTF-8, has none); the caller closes a file it is given (`closed`)."""
    name = os.fspath(path)
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return cast(BinaryIO, open(name, mode))
    return name


def closed(target: str | BinaryIO) -> None:
    """Close the file `arrow_file` opened (a name is left as it is)."""
    if not isinstance(target, str):
        target.close()


@contextlib.contextmanager
def arrow_opened(path: str | os.PathLike[str] | pa.NativeFile) -> Iterator[str | BinaryIO | pa.NativeFile]:
    """`arrow_file` of ``path`` to read, closed after (a buffer, stdin's bytes, as it is)."""
    if isinstance(path, pa.NativeFile):
        yield path
        return
    target = arrow_file(path, "rb")
    try:
        yield target
    finally:
        closed(target)


def parquet_schema(source: str | os.PathLike[str] | pa.NativeFile) -> pa.Schema:
    """The Arrow schema of the Parquet file at ``source`` (a name, as `arrow_file` hands it to pyarrow, or
    a buffer)."""
    with arrow_opened(source) as target:
        return pq.read_schema(target)


class _Spool:
    """The `boards` batches of a session held in a temporary Arrow stream (LZ4) beside the output until
    the session's field results are known (`ParquetExport.start_session`): one batch in memory at a time."""

    def __init__(self, beside: str, schema: pa.Schema) -> None:
        self.path = temporary_beside(beside)
        self.target = arrow_file(self.path, "wb")
        self.writer = pa.ipc.new_stream(self.target, schema,
                                        options=pa.ipc.IpcWriteOptions(compression="lz4"))

    def write(self, batch: pa.RecordBatch) -> None:
        self.writer.write_batch(batch)

    def batches(self, fields: dict[str, pa.Array]) -> Iterator[pa.RecordBatch]:
        """The batches held, in order, each with its rows' ``fields``; the file goes once read."""
        self.writer.close()
        closed(self.target)
        start = 0
        with arrow_opened(self.path) as source, \
                pa.ipc.open_stream(pa.OSFile(source) if isinstance(source, str) else source) as reader:
            for batch in reader:
                yield with_fields(batch, fields, start)
                start += batch.num_rows
        discard(self.path)

    def discard(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
        closed(self.target)
        discard(self.path)


_Given = TypeVar("_Given")


def _call(work: Callable[[], object]) -> None:
    work()


class _Sink:
    """One Parquet file written through a temporary file in row groups of ``row_group_size``.

    The sink works in a thread of its own: it makes each batch it is given to make (`write_later`: the
    numpy and Arrow work of a table, while this thread reads the next session's boards), gathers the rows
    and encodes and compresses each full row group (pyarrow and numpy let go of the GIL meanwhile, so the
    three tables of an export are made and written side by side). At most ``QUEUED`` batches wait for it,
    so memory stays bounded.
    """

    QUEUED = 2

    def __init__(self, path: str | os.PathLike[str], schema: pa.Schema, row_group_size: int,
                 keep: Keep | None = None) -> None:
        self.path = os.fspath(path)
        self.keep = keep
        """Which rows of each batch made to write to keep (a later input's repeats left out), when not
        all of them: those written at once after their field results are known, those held before."""
        self.declared = schema
        self.schema = written_schema(schema)
        """The schema of the batches this sink is given (`written_schema`)."""
        self.row_group_size = row_group_size
        self.tmp = temporary_beside(self.path)
        self.target = arrow_file(self.tmp, "wb")
        self.writer = self._writer()
        self.dropped: set[int] = set()
        """The boards whose every row ``keep`` left out."""
        self.pending: list[pa.RecordBatch] = []
        self.pending_rows = 0
        self.rows = 0
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parquet")
        self.queue: collections.deque[Future[None]] = collections.deque()
        self.spool: _Spool | None = None

    def _writer(self) -> pq.ParquetWriter:
        return pq.ParquetWriter(self.target, self.schema, compression="zstd", store_schema=False,
                                write_statistics=statistics_columns(self.declared),
                                write_batch_size=WRITE_BATCH, **column_encodings(self.declared))

    def hold(self, make: Callable[[], pa.RecordBatch], held: Callable[[npt.NDArray[np.bool_] | None], None]
             ) -> None:
        """Make the batch ``make()`` gives, as `write_later` does, and keep the rows ``keep`` keeps in the
        spool until `release`; ``held`` is told which those are (None: all), in the sink's thread, so
        that the fields are worked out without the rows left out."""
        self._queue(self._hold, (make, held))

    def _hold(self, given: tuple[Callable[[], pa.RecordBatch],
                                 Callable[[npt.NDArray[np.bool_] | None], None]]) -> None:
        make, held = given
        batch = self._kept(make())
        kept = batch if isinstance(batch, pa.RecordBatch) else batch[0]
        held(None if isinstance(batch, pa.RecordBatch) else batch[1])
        if self.spool is None:
            self.spool = _Spool(self.path, self.schema)
        self.spool.write(kept)

    def _kept(self, batch: pa.RecordBatch) -> pa.RecordBatch | tuple[pa.RecordBatch, npt.NDArray[np.bool_]]:
        """``batch`` less the rows ``keep`` leaves out (with which rows are kept, when some are not), the
        boards whose every row it leaves out added to `dropped`."""
        if self.keep is None:
            return batch
        keep = self.keep(batch)
        if keep.all():
            return batch
        kept = batch.filter(pa.array(keep))
        self.dropped |= set(batch["board_id"].to_pylist()) - set(kept["board_id"].to_pylist())
        return kept, keep

    def release(self, fields: Callable[[], dict[str, pa.Array]]) -> None:
        """Write the batches held, with their session's field results, ``fields()`` worked out in the
        sink's thread once every batch is held."""
        self._queue(self._release, fields)

    def _release(self, fields: Callable[[], dict[str, pa.Array]]) -> None:
        spool, self.spool = self.spool, None
        for batch in spool.batches(fields()) if spool is not None else ():
            self._gather(batch)

    def write(self, batch: pa.RecordBatch) -> None:
        self.write_later(lambda: batch)

    def write_later(self, make: Callable[[], pa.RecordBatch]) -> None:
        """Write the batch that ``make()`` gives, made in the sink's thread; an error in making or writing
        an earlier batch is raised here."""
        self._queue(self._add, make)

    def _queue(self, work: Callable[[_Given], None], given: _Given) -> None:
        """Run ``work(given)`` in the sink's thread after the work before it, once fewer than ``QUEUED``
        wait."""
        while len(self.queue) >= self.QUEUED:
            self.queue.popleft().result()
        self.queue.append(self.thread.submit(work, given))

    def then(self, work: Callable[[], object]) -> None:
        """Run ``work()`` in the sink's thread after the work given before it."""
        self._queue(_call, work)

    def _add(self, make: Callable[[], pa.RecordBatch]) -> None:
        kept = self._kept(make())
        self._gather(kept if isinstance(kept, pa.RecordBatch) else kept[0])

    def _gather(self, batch: pa.RecordBatch) -> None:
        """Add ``batch`` to the rows to write, a row group written when they fill one."""
        if batch.num_rows == 0:
            return
        self.pending.append(batch)
        self.pending_rows += batch.num_rows
        if self.pending_rows >= self.row_group_size:
            self._flush(final=False)

    def _flush(self, final: bool) -> None:
        table = pa.Table.from_batches(self.pending, schema=self.schema)
        keep = 0 if final else table.num_rows % self.row_group_size
        head = table.slice(0, table.num_rows - keep)
        if head.num_rows:
            self.writer.write_table(head.unify_dictionaries(), row_group_size=self.row_group_size)
            self.rows += head.num_rows
        self.pending = table.slice(table.num_rows - keep).to_batches() if keep else []
        self.pending_rows = keep

    def wait(self) -> None:
        """Wait until every batch given is made and gathered (or written)."""
        while self.queue:
            self.queue.popleft().result()

    def flush(self) -> None:
        """Send the rows still waiting to be written (the last row group)."""
        self.queue.append(self.thread.submit(self._flush, True))

    def finish(self) -> None:
        """Write what is left and the footer; the file is complete but not yet in place (`publish`)."""
        try:
            self.wait()
        finally:
            self.thread.shutdown()
        self.writer.add_key_value_metadata(declared_metadata(self.declared))
        self.writer.close()
        closed(self.target)

    def drop_boards(self, ids: set[int]) -> None:
        """Write the finished file again without the rows of the boards ``ids`` (those the `boards` table
        left out as repeats: their calls and plays are those of the board they repeat)."""
        with arrow_opened(self.tmp) as source:
            table = pq.read_table(source, schema=self.schema)
        table = table.filter(pc.invert(pc.is_in(table["board_id"], pa.array(sorted(ids), pa.int64()))))
        written = self.tmp
        self.tmp = temporary_beside(self.path)
        try:
            self.target = arrow_file(self.tmp, "wb")
            self.writer = self._writer()
            self.writer.write_table(table, row_group_size=self.row_group_size)
            self.writer.add_key_value_metadata(declared_metadata(self.declared))
            self.writer.close()
            closed(self.target)
        finally:
            discard(written)

    def publish(self) -> None:
        publish(self.tmp, self.path)

    def abort(self) -> None:
        while self.queue:
            with contextlib.suppress(BaseException):
                self.queue.popleft().result()
        self.thread.shutdown()
        with contextlib.suppress(Exception):
            self.writer.close()
        closed(self.target)
        discard(self.tmp)
        if self.spool is not None:
            self.spool.discard()


class ParquetExport:
    """A streaming export: ``boards`` to ``path``, and optionally the long ``calls`` and ``plays`` tables.

    Use as a context manager; the files appear (renamed from temporaries) only when it closes without an
    error. Each `add_session`, `add_parts` or `add_arrays` call is one session for field results, and so
    are all those between `start_session` and `end_session`.
    """

    def __init__(self, path: str | os.PathLike[str], *, metadata: dict[str, Any] | None = None,
                 calls_path: str | os.PathLike[str] | None = None,
                 plays_path: str | os.PathLike[str] | None = None,
                 row_group_size: int = ROW_GROUP_SIZE,
                 keep: Keep | None = None) -> None:
        meta = export_metadata(metadata)
        self.next_id = 0
        self._session: list[FieldInputs] | None = None
        """The field inputs of the session's parts held so far (`start_session`), None outside one."""
        self._first: tuple[BoardArrays, int] | None = None
        """A session's first part (and its first board id), held until a second one comes or it ends."""
        self._keeps = keep is not None
        self.clashes: list[Apart] = []
        """The files of the last session told apart as sections of their own (`files_apart`), once its
        rows are written."""

        self._running = False
        self._discarded = False
        self.boards = _Sink(path, BOARDS_SCHEMA.with_metadata({**BOARDS_SCHEMA.metadata, **_bytes(meta)}),
                            row_group_size, keep)
        self.calls = self.plays = None
        try:
            if calls_path is not None:
                self.calls = _Sink(calls_path, CALLS_SCHEMA.with_metadata(
                    {**CALLS_SCHEMA.metadata, **_bytes(meta)}), row_group_size)
            if plays_path is not None:
                self.plays = _Sink(plays_path, PLAYS_SCHEMA.with_metadata(
                    {**PLAYS_SCHEMA.metadata, **_bytes(meta)}), row_group_size)
        except BaseException:
            self._abort()
            raise
        _switch_often()
        self._running = True

    @property
    def rows(self) -> int:
        """Result rows written so far (pending rows included)."""
        self.boards.wait()
        return self.boards.rows + self.boards.pending_rows

    def add_session(self, boards: Sequence[Board], file: str | None = None) -> int:
        """Export the boards of one session (one file), or one part of the session `start_session` began;
        returns the number of boards."""
        arrays, moves = session_parts(boards, file=file)
        self.add_parts(arrays, moves, len(boards))
        return len(boards)

    def add_parts(self, arrays: BoardArrays, moves: Moves | None, n_boards: int) -> None:
        """Export one session read by `session_parts` (board ids from 0; here or in a worker process), or
        one part of the session `start_session` began: each table's sink makes its batch in its own
        thread, while this one reads the next session."""
        offset = self.next_id
        boards, calls, plays = self.boards, self.calls, self.plays
        if self._session is None:
            boards.write_later(lambda: _shift_ids(arrays_batch(arrays, boards.schema), offset))
        elif not self._session and self._first is None and not self._keeps:
            self._first = arrays, offset
        else:
            if self._first is not None:
                self._hold(*self._first)
                self._first = None
            self._hold(arrays, offset)
        if calls is not None and moves is not None:
            calls.write_later(lambda: long_batch(moves.calls_columns(offset), calls.schema))
        if plays is not None and moves is not None:
            plays.write_later(lambda: long_batch(moves.plays_columns(offset), plays.schema))
        self.next_id += n_boards

    def start_session(self) -> None:
        """The parts `add_parts` is given until `end_session` are one session for field results: the first
        waits in memory until a second comes or the session ends; from the second on, each part's rows
        are made without their field results and held on disk (`_Sink.hold`), and only the numbers the
        fields are worked out from (`FieldInputs`, 120 bytes a result) stay in memory. With ``keep`` (a run
        of several files, whose later repeats are left out), every part is held: the fields are worked out
        from the rows kept."""
        self._session, self._first = [], None

    def _hold(self, arrays: BoardArrays, offset: int) -> None:
        """Hold one part of a session of several (its board ids from ``offset``) until its fields are
        known."""
        session = self._session
        assert session is not None
        inputs = FieldInputs.of(arrays, offset)

        def held(kept: npt.NDArray[np.bool_] | None) -> None:
            session.append(inputs if kept is None else inputs.rows(kept))

        boards = self.boards
        boards.hold(lambda: _shift_ids(build_batch(arrays, unscored(len(arrays)), boards.schema), offset),
                    held)

    def end_session(self) -> None:
        """The session `start_session` began is complete: its rows are written with its fields."""
        parts, first = self._session, self._first
        self._session = self._first = None
        if first is not None:  # one part: as `add_parts` writes one
            arrays, offset = first
            boards = self.boards
            boards.write_later(lambda: _shift_ids(arrays_batch(arrays, boards.schema), offset))
        elif parts is not None:  # the parts held, once the sink has them all
            def fields() -> dict[str, pa.Array]:
                if not parts:
                    return {}
                joined = FieldInputs.joined(parts)
                self.clashes = files_apart(joined)[1]
                return field_results(joined)

            self.boards.release(fields)

    def add_arrays(self, arrays: BoardArrays) -> None:
        """Export one session given as arrays (the fast path: no `Board` objects)."""
        n = len(arrays)
        arrays.columns.setdefault("board_id", np.arange(self.next_id, self.next_id + n, dtype=np.int64))
        self.boards.write_later(lambda: arrays_batch(arrays, self.boards.schema))
        self.next_id += n

    def then(self, work: Callable[[], object]) -> None:
        """Run ``work()`` in the `boards` table's thread once the rows given so far are made (``keep``
        told of them)."""
        self.boards.then(work)

    def _sinks(self) -> list[_Sink]:
        return [s for s in (self.boards, self.calls, self.plays) if s is not None]

    def discard(self) -> None:
        """Write nothing after all: the temporary files go, and files already at the paths stay as they
        were (an export of which no input could be read). Closing after this does nothing."""
        self._discarded = True
        self._abort()

    def _abort(self) -> None:
        try:
            for sink in self._sinks():
                sink.abort()
        finally:
            self._stop()

    def _stop(self) -> None:
        """The export's threads are done: the switch interval as it was (`SWITCH_INTERVAL`)."""
        if self._running:
            self._running = False
            _switch_as_before()

    def close(self) -> None:
        """Finish the files and put them in place: all of them, or none when one cannot be finished."""
        if self._discarded:
            return
        try:
            for sink in self._sinks():  # the last row groups of the three tables are written side by side
                sink.flush()
            for sink in self._sinks():
                sink.finish()
            for moves in (self.calls, self.plays) if self.boards.dropped else ():
                if moves is not None:
                    moves.drop_boards(self.boards.dropped)
        except BaseException:
            self._abort()
            raise
        self._stop()
        for sink in self._sinks():
            sink.publish()

    def __enter__(self) -> ParquetExport:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is None:
            self.close()
        else:
            self._abort()


def _bytes(meta: dict[str, str]) -> dict[bytes, bytes]:
    return {k.encode(): v.encode() for k, v in meta.items()}


def _shift_ids(batch: pa.RecordBatch, offset: int) -> pa.RecordBatch:
    if offset == 0 or batch.num_rows == 0:
        return batch
    index = batch.schema.get_field_index("board_id")
    shifted = pc.add(batch.column(index), pa.scalar(offset, pa.int64()))
    return batch.set_column(index, batch.schema.field(index), shifted)


def sessions(boards: Iterable[Board], size: int = SESSION_SIZE) -> Iterator[Sequence[Board]]:
    """A sequence is one session; any other iterable is cut into sessions of about ``size`` boards.

    A cut never falls between two boards of the same number in a row (the open and closed rooms of a
    match are written one after the other), nor before a segment's later board naming no match, in the
    segment of a board in the session (`Segments`: each session's results find their match alone), up to
    twice ``size`` boards, so the rooms stay one field.
    """
    if isinstance(boards, Sequence):
        yield boards
        return
    segments = Segments()  # each board with the position of the board naming the segment it goes on
    marked = ((i, board, segments.of_board(i, board)) for i, board in enumerate(boards))
    chunk = list(itertools.islice(marked, size))
    while chunk:
        first = chunk[0][0]
        following = next(marked, None)
        while (following is not None and len(chunk) < 2 * size
               and ((following[1].number is not None and following[1].number == chunk[-1][1].number)
                    or first <= following[2] < following[0])):  # a later board of a segment it holds
            chunk.append(following)
            following = next(marked, None)
        yield [board for _, board, _ in chunk]
        chunk = [] if following is None else [following, *itertools.islice(marked, size - 1)]


def to_parquet(boards: Iterable[Board | Deal], path: str | os.PathLike[str], *,
               metadata: dict[str, Any] | None = None,
               calls_path: str | os.PathLike[str] | None = None,
               plays_path: str | os.PathLike[str] | None = None,
               row_group_size: int = ROW_GROUP_SIZE, dd: bool = False,
               dd_cache: TableCache | str | os.PathLike[str] | None = None) -> int:
    """Write ``boards`` to a Parquet file of `boards` rows; returns the number of rows written.

    The boards are one session for field results; an iterator is read ``SESSION_SIZE`` boards at a
    time, so memory stays flat however many boards it yields (`ParquetExport.start_session`).
    ``metadata`` (a seed, a source...) is stored in the schema's key-value metadata under
    ``bridgetools.<key>``. Deals are boards numbered from 1, as `to_dataframe` takes them. With ``dd`` (extra
    ``bridgetools[dd]``), each board's double-dummy table and par, solved for the boards that carry none
    through the cache ``dd_cache`` (default `bridgetools.dd.cache.default_path`).
    """
    from bridgetools.analysis.double_dummy import require_solver, with_double_dummy

    if dd:
        require_solver()
    losses = Losses(EXPORT)
    with ParquetExport(path, metadata=metadata, calls_path=calls_path, plays_path=plays_path,
                       row_group_size=row_group_size) as export:
        export.start_session()
        for session in sessions(as_boards(boards)):
            note_losses(session, losses)
            export.add_session(with_double_dummy(session, _dd_cache(dd_cache)) if dd else session)
        export.end_session()
    losses.warn()
    return export.boards.rows


def _dd_cache(cache: TableCache | str | os.PathLike[str] | None) -> TableCache | Path:
    """The table cache to solve through: the one given, else the default."""
    from bridgetools.dd.cache import TableCache, default_path

    return default_path() if cache is None else cache if isinstance(cache, TableCache) else Path(cache)


def table_to_dataframe(table: pa.Table) -> pd.DataFrame:
    """A pandas DataFrame: code sets as ordered categoricals in bridge order, nullable integers."""
    import pandas as pd

    meta = table.schema.metadata or {}
    categories = json.loads(meta.get(b"bridgetools.categories", b"{}"))
    nullable = {pa.int8(): pd.Int8Dtype(), pa.int16(): pd.Int16Dtype(), pa.int32(): pd.Int32Dtype(),
                pa.int64(): pd.Int64Dtype(), pa.bool_(): pd.BooleanDtype()}
    frame = table.to_pandas(maps_as_pydicts="strict", types_mapper=nullable.get)
    for name, values in categories.items():
        if name not in frame.columns:
            continue
        column = frame[name]
        if isinstance(column.dtype, pd.CategoricalDtype):
            frame[name] = column.cat.set_categories(values, ordered=True)
        else:
            frame[name] = column.astype(pd.CategoricalDtype(values, ordered=True))
    return frame


def concat_dataframes(frames: Iterable[pd.DataFrame]) -> pd.DataFrame:
    """``frames`` one after another, each categorical column keeping its kind: pandas makes a column whose
    categories differ from frame to frame (a file's own ``file`` or ``shape_n`` values; a frame of no rows)
    object or text, so each is given the union of their categories first, in order, and the rows come out
    as `read_dataframe` gives them. A column ordered in any frame (the schema's code sets) stays ordered, in
    the schema's order (`CATEGORIES`: contracts upwards), whichever frame comes first."""
    import pandas as pd

    frames = [frame.copy(deep=False) for frame in frames]
    if not frames:
        return pd.DataFrame()
    for name in dict.fromkeys(name for frame in frames for name in frame.columns):
        columns = [frame[name] for frame in frames if name in frame]
        kinds = [column.dtype for column in columns if isinstance(column.dtype, pd.CategoricalDtype)]
        if not kinds or all(column.dtype == kinds[0] for column in columns):
            continue
        ordered = [kind for kind in kinds if kind.ordered]
        schema = CATEGORIES.get(name, ()) if ordered else ()
        values = dict.fromkeys(value for kind in (schema, *(k.categories for k in (*ordered, *kinds)))
                               for value in kind)
        if not ordered:  # an ordered set is the schema's: a value outside it is none, as read
            values.update(dict.fromkeys(value for column in columns if column.dtype not in kinds
                                        for value in column.dropna().unique()))
        union = pd.CategoricalDtype(list(values), ordered=bool(ordered))
        for frame in frames:
            if name in frame:
                frame[name] = frame[name].astype(union)
    return pd.concat(frames, ignore_index=True)


def to_dataframe(boards: Iterable[Board | Deal]) -> pd.DataFrame:
    """One row per board (a board dealt but not played has a null contract), and one per other result of
    its ScoreTable, as `to_parquet` writes them.

    All the boards form one session for field results. Deals (as `generate` gives them) are boards
    numbered from 1 with the Law 2 dealer and vulnerability, as `write` takes them.
    """
    board_list = list(as_boards(boards))
    table = pa.Table.from_batches([session_batch(board_list)], schema=BOARDS_SCHEMA)
    losses = Losses(EXPORT)
    note_losses(board_list, losses)
    losses.warn()
    return table_to_dataframe(table)


def calls_dataframe(boards: Iterable[Board | Deal]) -> pd.DataFrame:
    """The long `calls` table of ``boards`` (one row per call; ``board_id`` is the position in ``boards``)."""
    board_list = list(as_boards(boards))
    return table_to_dataframe(pa.Table.from_batches([calls_batch(board_list)], schema=CALLS_SCHEMA))


def plays_dataframe(boards: Iterable[Board | Deal]) -> pd.DataFrame:
    """The long `plays` table of ``boards`` (one row per card played, with its trick and whether it won)."""
    board_list = list(as_boards(boards))
    return table_to_dataframe(pa.Table.from_batches([plays_batch(board_list)], schema=PLAYS_SCHEMA))


def check_boards_file(path: str | os.PathLike[str], schema: pa.Schema) -> None:
    """Refuse a Parquet file that is not an export's `boards` table: the calls or plays table beside it
    (read as boards it gave no board at all, or a pyarrow error about a missing field), or another
    program's Parquet file."""
    named = (schema.metadata or {}).get(b"bridgetools.schema", b"").decode("utf-8", "replace")
    if named and named != SCHEMA_NAME:
        table = named.removeprefix("bridgetools.").partition("/")[0]
        raise BridgeError(f"{os.fspath(path)}: the {table} table of an export, not its boards: give the "
                          f"boards file (OUT.parquet beside OUT.{table}.parquet)")
    missing = [name for name in ("board", "source", "deal") if name not in schema.names]
    if missing:
        raise BridgeError(f"{os.fspath(path)}: not a bridgetools boards export (no column "
                          f"{', '.join(missing)}; see docs/analysis.md)")


def read_table(path: str | os.PathLike[str], columns: list[str] | None = None) -> pa.Table:
    """The `boards` table of a Parquet export, as Arrow. A column asked for that the file lacks, one an
    older bridgetools did not write yet (`missing_columns`), comes as nulls of its documented type rather
    than as pyarrow's error: every export of the same schema name still reads."""
    return read_boards_table(path, columns, os.fspath(path))


def read_boards_table(source: str | os.PathLike[str] | pa.NativeFile, columns: list[str] | None,
                      name: str) -> pa.Table:
    """`read_table` of a path or of a buffer (stdin's bytes), named ``name`` in its errors."""
    schema = parquet_schema(source)
    check_boards_file(name, schema)
    unknown = [column for column in columns or () if column not in BOARDS_SCHEMA.names]
    if unknown:
        raise BridgeError(f"no column {', '.join(map(repr, unknown))} in the boards table (docs/analysis.md)")
    with arrow_opened(source) as given:
        table = conformed(pq.read_table(given, columns=None if columns is None else
                                        [column for column in columns if column in schema.names]), name)
    if columns is None:
        return table
    for column in missing_columns(schema, columns):
        field = BOARDS_SCHEMA.field(column)
        table = table.append_column(field, pa.nulls(len(table), field.type))
    return table.select(columns)


def conformed(table: pa.Table, name: str) -> pa.Table:
    """``table`` (an export's boards, read from file ``name``) with each column of the boards schema in its
    documented type: an export another program re-saved (pandas: ``read_table(x).to_pandas().to_parquet(y)``)
    holds a map as lists of pairs, a nullable integer as floats, text as large strings, an all-null column
    as nulls; each reads as the export it was (a map a dict again, not arrays that hash as nothing). A
    column that cannot hold its type is refused, named."""
    for i, field in enumerate(table.schema):
        if field.name not in BOARDS_SCHEMA.names or field.type == BOARDS_SCHEMA.field(field.name).type:
            continue
        wanted = BOARDS_SCHEMA.field(field.name)
        try:
            if pa.types.is_map(wanted.type) and not pa.types.is_map(field.type):
                column: pa.Array | pa.ChunkedArray = pa.array(
                    [None if pairs is None else [_pair(pair) for pair in pairs]
                     for pairs in table.column(i).to_pylist()], wanted.type)
            else:
                column = table.column(i).cast(wanted.type)
        except (pa.ArrowException, TypeError, ValueError) as e:
            raise BridgeError(f"{name}: column {field.name!r} holds {field.type}, not the boards table's "
                              f"{wanted.type} (docs/analysis.md): {e}") from None
        table = table.set_column(i, wanted, column)
    return table


def _pair(pair: object) -> tuple[object, object]:
    """A map's entry as another program saved it: a two-item list or tuple, or a key-value struct."""
    if isinstance(pair, dict):
        return pair.get("key"), pair.get("value")
    if not isinstance(pair, list | tuple) or len(pair) != 2:
        raise TypeError(f"a map entry as a pair of name and value, not {pair!r}")
    return pair[0], pair[1]


def missing_columns(schema: pa.Schema, columns: Sequence[str]) -> list[str]:
    """The ``columns`` of the boards schema that a file's ``schema`` lacks (an export by an older version)."""
    return [name for name in columns if name not in schema.names and name in BOARDS_SCHEMA.names]


def read_dataframe(path: str | os.PathLike[str], columns: list[str] | None = None) -> pd.DataFrame:
    """The `boards` table of a Parquet export as pandas, with ordered categoricals."""
    return table_to_dataframe(read_table(path, columns))


def read_parquet(path: str | os.PathLike[str] | Path) -> Iterator[Board]:
    """The boards of a Parquet export, one at a time (rows from ScoreTables are part of their board)."""
    with arrow_opened(path) as target:
        parquet = pq.ParquetFile(target)
        check_boards_file(path, parquet.schema_arrow)
        for batch in parquet.iter_batches(batch_size=SESSION_SIZE):
            rows = conformed(pa.Table.from_batches([batch]), os.fspath(path))
            own = pc.equal(pc.cast(rows.column("source"), pa.string()), SOURCES[0])
            for row in rows.filter(own).to_pylist():
                yield board_from_row(row)
