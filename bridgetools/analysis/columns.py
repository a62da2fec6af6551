"""Build ``boards`` record batches from arrays: the fast path every export goes through.

A batch of results arrives as numpy arrays (hand masks, contract codes, tricks) plus optional columns
as Python lists. Everything derived from them (hand strings, HCP, shapes, the PBN deal, contract names,
the score from the Laws) is computed here a whole column at a time, with lookup tables over the 8192
possible suit holdings (`bridgetools.dealer.tables`), so no Python code runs per board.
`bridgetools.analysis.extract` turns `Board`s into these arrays; the export benchmark fills them
straight from the dealer's numpy batches.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from bridgetools.analysis.schema import (
    BOARDS_SCHEMA,
    CONTRACTS,
    DD_COLUMNS,
    SEATS,
    SOURCES,
    STRAINS,
    VULNERABILITY,
)
from bridgetools.dealer.tables import HOLDINGS, hcp_table, length_table
from bridgetools.model import Contract, Seat, Strain, Vul, holding_str
from bridgetools.scoring.imps import imps_array

UNKNOWN = -1
"""Code for an unknown value in the small-integer arrays (seat, strain, level, tricks...)."""

_SUIT_MASK = np.uint64(0x1FFF)


@functools.cache
def _holding_text() -> pa.Array:
    """PBN text of every 13-bit suit holding (``AKT2``), indexed by the holding."""
    return pa.array([holding_str(h) for h in range(HOLDINGS)], pa.string())


@functools.cache
def _score_table() -> npt.NDArray[np.int32]:
    """Declarer's duplicate score by [contract index, vulnerable, tricks], from `scoring.score` (Law 77)."""
    from bridgetools.scoring import score

    table = np.zeros((len(CONTRACTS), 2, 14), dtype=np.int32)
    for index, name in enumerate(CONTRACTS):
        if index == 0:
            continue  # passed out: 0 for both sides
        contract = Contract.from_str(name)
        for vulnerable in (0, 1):
            for tricks in range(14):
                table[index, vulnerable, tricks] = score(contract, tricks, bool(vulnerable))
    return table


@functools.cache
def vulnerable_table() -> npt.NDArray[np.bool_]:
    """Whether a declarer is vulnerable, by [board vulnerability, seat]."""
    return np.array([[Vul(v).is_vulnerable(Seat(s)) for s in range(4)] for v in range(4)], dtype=np.bool_)


def contract_index(level: npt.NDArray[np.int8], strain: npt.NDArray[np.int8],
                   doubled: npt.NDArray[np.int8]) -> npt.NDArray[np.int16]:
    """Index into `CONTRACTS` (0 = passed out), or UNKNOWN where the contract is unknown."""
    level16 = level.astype(np.int16)
    index = 1 + (level16 - 1) * 15 + strain.astype(np.int16) * 3 + doubled.astype(np.int16)
    index = np.where(level16 == 0, 0, index)
    return np.where((level16 < 0) | ((level16 > 0) & ((strain < 0) | (doubled < 0))), UNKNOWN, index)


@dataclass
class BoardArrays:
    """One batch of results, as arrays of small integer codes (`UNKNOWN` = not known).

    ``masks[i, seat]`` is the 52-bit hand of ``seat`` (``Card.index`` bits) and ``known[i, seat]`` says
    whether the file gave it. ``columns`` holds any other `boards` column by name, as a list or an Arrow
    array; columns not given are null.
    """

    masks: npt.NDArray[np.uint64]
    known: npt.NDArray[np.bool_]
    board: npt.NDArray[np.int32]
    dealer: npt.NDArray[np.int8]
    vulnerable: npt.NDArray[np.int8]
    level: npt.NDArray[np.int8]
    strain: npt.NDArray[np.int8]
    doubled: npt.NDArray[np.int8]
    declarer: npt.NDArray[np.int8]
    tricks: npt.NDArray[np.int8]
    columns: dict[str, Any] = field(default_factory=dict)
    deals: tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]] | None = None
    """When known, the rows that share a deal: the first row of each deal, and each row's deal among them
    (``first[inverse]`` is a row with the row's deal), so that its hand columns are made once a deal."""

    def __len__(self) -> int:
        return len(self.board)

    def concat(self, other: BoardArrays) -> BoardArrays:
        """These results, then ``other``'s (a column that only one of them has is null in the other)."""
        n, m = len(self), len(other)
        columns = {name: _concat_column(self.columns.get(name), other.columns.get(name), n, m)
                   for name in {**self.columns, **other.columns}}
        return replace(self, **{name: np.concatenate([getattr(self, name), getattr(other, name)])
                                for name in _CODE_ARRAYS}, columns=columns, deals=None)

    def take(self, order: npt.NDArray[np.intp]) -> BoardArrays:
        """The results in the order of the positions ``order``."""
        columns = {name: _take_column(value, order) for name, value in self.columns.items()}
        return replace(self, **{name: getattr(self, name)[order] for name in _CODE_ARRAYS}, columns=columns,
                       deals=None)

    def ns_scores(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_]]:
        """North-South's duplicate score of each result, and where it could be worked out.

        A result is scored when its contract, declarer, tricks and vulnerability are known (a passed-out
        board needs only the contract: 0).
        """
        index = contract_index(self.level, self.strain, self.doubled)
        passed = index == 0
        playable = (index > 0) & (self.declarer >= 0) & (self.tricks >= 0) & (self.vulnerable >= 0)
        valid = passed | playable
        seat = np.clip(self.declarer, 0, 3)
        vulnerable = vulnerable_table()[np.clip(self.vulnerable, 0, 3), seat]
        points = _score_table()[np.clip(index, 0, None), vulnerable.astype(np.intp),
                                np.clip(self.tricks, 0, 13)]
        signed = np.where(seat % 2 == 0, points, -points)
        return np.where(playable, signed, 0).astype(np.int32), valid


_CODE_ARRAYS = ("masks", "known", "board", "dealer", "vulnerable", "level", "strain", "doubled", "declarer",
                "tricks")


def _as_list(value: Any, n: int) -> Any:
    """A column given as one value for every row (``file``), or not given, as a list of ``n``."""
    return [value] * n if value is None or isinstance(value, str) else value


def _concat_column(first: Any, second: Any, n: int, m: int) -> Any:
    first, second = _as_list(first, n), _as_list(second, m)
    if isinstance(first, pa.Array) or isinstance(second, pa.Array):
        type_ = first.type if isinstance(first, pa.Array) else second.type
        return pa.concat_arrays([v if isinstance(v, pa.Array) else pa.array(list(v), type_)
                                 for v in (first, second)])
    if isinstance(first, np.ndarray) or isinstance(second, np.ndarray):
        return np.concatenate([np.asarray(first), np.asarray(second)])
    return [*first, *second]


def _take_column(value: Any, order: npt.NDArray[np.intp]) -> Any:
    if isinstance(value, pa.Array):
        return value.take(pa.array(order))
    if isinstance(value, np.ndarray):
        return value[order]
    if value is None or isinstance(value, str):
        return value
    return [value[i] for i in order.tolist()]


def _nullable(values: npt.NDArray[Any], valid: npt.NDArray[np.bool_], type_: pa.DataType) -> pa.Array:
    return pa.array(values, type=type_, mask=~valid)


def coded(codes: npt.NDArray[Any], names: tuple[str, ...]) -> pa.Array:
    """A dictionary array over the fixed category list ``names`` (codes < 0 are null)."""
    indices = pa.array(codes.astype(np.int8), type=pa.int8(), mask=codes < 0)
    return pa.DictionaryArray.from_arrays(indices, pa.array(names, pa.string()))


SHARED_DEALS = 0.75
"""`_hands` works on each distinct deal once when a batch has at most this many distinct deals a row (the
rooms of a match, or the games of a file that replays its deals, share theirs); else on every row."""


def _hands(arrays: BoardArrays) -> dict[str, pa.Array]:
    """Hand strings, HCP and shapes of the four seats, and the PBN deal string: made once for each deal
    when the rows share deals (`BoardArrays.deals`), else for every row."""
    if arrays.deals is None or len(arrays.deals[0]) > SHARED_DEALS * len(arrays):
        return _deal_columns(arrays.masks, arrays.known)
    first, inverse = arrays.deals
    columns = _deal_columns(arrays.masks[first], arrays.known[first])
    rows = pa.array(inverse.astype(np.int32), pa.int32())
    return {name: column.take(rows) for name, column in columns.items()}


def _deal_columns(masks: npt.NDArray[np.uint64], known: npt.NDArray[np.bool_]) -> dict[str, pa.Array]:
    """Hand strings, HCP and shapes of the four seats, and the PBN deal string, of each row of hand masks
    (``known``: which hands are given)."""
    text_table = _holding_text()
    # holdings[i, seat, suit], suits in bidding order C D H S (13 bits each)
    shifts = (np.arange(4, dtype=np.uint64) * np.uint64(13))
    holdings = ((masks[:, :, None] >> shifts[None, None, :]) & _SUIT_MASK).astype(np.intp)
    hcp = hcp_table()[holdings].sum(axis=2, dtype=np.int16)
    lengths = length_table()[holdings].astype(np.int32)
    out: dict[str, pa.Array] = {}
    hand_texts = []
    for seat in range(4):
        letter = "nesw"[seat]
        given = known[:, seat]
        parts = [text_table.take(pa.array(holdings[:, seat, suit])) for suit in (3, 2, 1, 0)]
        text = pc.binary_join_element_wise(*parts, ".")
        text = pc.if_else(pa.array(given), text, pa.scalar(None, pa.string()))
        hand_texts.append(text)
        out[f"hand_{letter}"] = text
        out[f"hcp_{letter}"] = _nullable(hcp[:, seat].astype(np.int8), given, pa.int8())
        s, h, d, c = (lengths[:, seat, suit] for suit in (3, 2, 1, 0))
        code = np.where(given, s * 2744 + h * 196 + d * 14 + c, -1)  # as `dealer.tables.shape_code_of`
        out[f"shape_{letter}"] = _shape_column(code)
    deal = pc.binary_join_element_wise(*hand_texts, " ", null_handling="replace", null_replacement="-")
    deal = pc.binary_join_element_wise("N:", deal, "")
    out["deal"] = pc.if_else(pa.array(known.any(axis=1)), deal, pa.scalar(None, pa.string()))
    return out


@functools.cache
def _shape_name(code: int) -> str:
    """The shape string (``5-3-3-2``, spades first) of a packed suit-length code, made once for each."""
    lengths = []
    for _ in range(4):
        code, rest = divmod(code, 14)
        lengths.append(rest)
    return "-".join(str(n) for n in reversed(lengths))


def _shape_column(code: npt.NDArray[np.int32]) -> pa.Array:
    """Shape strings (``5-3-3-2``) from packed suit-length codes (< 0: hand unknown, null), formatting each
    distinct shape once. The dictionary holds only the shapes present: an unknown hand adds no category
    (a blank one would be a phantom ``''`` shape in pandas, counted 0 by ``value_counts``)."""
    unknown = code < 0
    unique, inverse = np.unique(np.where(unknown, -1, code), return_inverse=True)
    skip = int(unique.size > 0 and unique[0] < 0)  # np.unique sorts the unknown code (-1) first
    names = [_shape_name(value) for value in unique[skip:].tolist()]
    indices = pa.array((inverse.reshape(-1) - skip).astype(np.int16), pa.int16(), mask=unknown)
    return pa.DictionaryArray.from_arrays(indices, pa.array(names, pa.string()))


def _contract_columns(arrays: BoardArrays) -> dict[str, pa.Array]:
    """Contract name and parts, declarer, tricks, over/under, made, and the score from the Laws."""
    index = contract_index(arrays.level, arrays.strain, arrays.doubled)
    known = index >= 0
    played = index > 0
    has_tricks = played & (arrays.tricks >= 0)
    result = arrays.tricks.astype(np.int16) - 6 - arrays.level.astype(np.int16)
    score, scored = arrays.ns_scores()
    return {
        "contract": coded(index, CONTRACTS),
        "level": _nullable(arrays.level, known, pa.int8()),
        "strain": coded(np.where(played, arrays.strain, UNKNOWN), STRAINS),
        "doubled": _nullable(arrays.doubled, played, pa.int8()),
        "declarer": coded(np.where(played, arrays.declarer, UNKNOWN), SEATS),
        "tricks": _nullable(arrays.tricks, has_tricks, pa.int8()),
        "result": _nullable(result.astype(np.int8), has_tricks, pa.int8()),
        "made": _nullable(result >= 0, has_tricks, pa.bool_()),
        "score_ns": _nullable(score, scored, pa.int32()),
    }


DD_DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)
DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
"""The declarers and strains of `DD_COLUMNS`, in their order (that of the DoubleDummyTricks tag)."""
_CELL = np.array([[DD_DECLARERS.index(Seat(seat)) * 5 + DD_STRAINS.index(Strain(strain))
                   for strain in range(5)] for seat in range(4)], dtype=np.intp)
"""The `DD_COLUMNS` position of declarer ``seat`` in ``strain`` (our codes: seats N E S W, strains C-NT)."""


def _int_column(value: Any, n: int) -> np.ndarray[Any, np.dtype[np.int64]]:
    """A column given as a list or an Arrow array, as integers with the smallest int64 for null (None:
    all null)."""
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


def build_batch(arrays: BoardArrays, extra: Mapping[str, Any] | None = None,
                schema: pa.Schema = BOARDS_SCHEMA) -> pa.RecordBatch:
    """A `boards` record batch of ``schema`` (`BOARDS_SCHEMA`, or the form the export writes it in): the
    derived columns computed here, the rest from ``arrays.columns`` and ``extra`` (field results...), and
    null for whatever is not given."""
    n = len(arrays)
    computed: dict[str, Any] = {
        "board": _nullable(arrays.board, arrays.board >= 1, pa.int32()),
        "dealer": coded(arrays.dealer, SEATS),
        "vulnerable": coded(arrays.vulnerable, VULNERABILITY),
        **_hands(arrays),
        **_contract_columns(arrays),
        **against_double_dummy(arrays),
        **arrays.columns,
        **(extra or {}),
    }
    columns = []
    for column in schema:
        value = computed.get(column.name)
        if value is None:
            columns.append(pa.nulls(n, column.type))
        elif isinstance(value, pa.Array | pa.ChunkedArray):
            columns.append(value.cast(column.type) if value.type != column.type else value)
        elif column.name == "source":
            columns.append(coded(np.asarray(value, dtype=np.int8), SOURCES))
        elif column.name == "file" and isinstance(value, str):  # one file for every row
            columns.append(pa.DictionaryArray.from_arrays(pa.array(np.zeros(n, np.int32)),
                                                          pa.array([value], pa.string())))
        elif column.name == "file":
            columns.append(pa.array(value, pa.string()).dictionary_encode().cast(column.type))
        else:
            columns.append(pa.array(value, column.type))
    return pa.RecordBatch.from_arrays(columns, schema=schema)
