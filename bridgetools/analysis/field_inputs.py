"""What the field results of some results are worked out from (`FieldInputs`), and the column readers it is
made with: the score each result is ranked by, a director's adjusted scores, tables a row stands for, and the
names of sections, events, files, dates, pairs and players as numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from bridgetools.analysis.columns import BoardArrays
from bridgetools.analysis.segments import _ROOMS, PLAYER_COLUMNS, imp_scored, match_codes, room_codes
from bridgetools.model.results import MOST_TABLES

if TYPE_CHECKING:
    import pandas as pd


_NAMED = ("event", "ns_pair", "ew_pair", "date", "player_n", "player_e", "player_s", "player_w")
"""The columns `FieldInputs` keeps as name codes after the file: its event, pairs, date and players."""


@dataclass(frozen=True)
class FieldInputs:
    """What the field results of some results are worked out from: a few numbers a result (120 bytes), so
    that the files of one run are scored as one session without keeping their rows
    (`bridgetools.analysis.export.ParquetExport.start_session`)."""

    masks: npt.NDArray[np.uint64]
    """The four hands of each result's deal (`BoardArrays.masks`), and which of them are ``known``."""
    known: npt.NDArray[np.bool_]
    board: npt.NDArray[np.int32]
    ids: npt.NDArray[np.int64]
    """Each result's ``board_id``: the rows of one board's ScoreTable share it."""
    scores: npt.NDArray[np.int32]
    """North-South's score (`ranked_scores`), where ``valid``: ranked (not a director's percentage)."""
    valid: npt.NDArray[np.bool_]
    ew_scores: npt.NDArray[np.int32]
    """East-West's score of each result (`ranked_scores`): their own where a director's assigned scores
    do not balance (``file_score_ew``), else North-South's negated."""
    adjusted_pct: npt.NDArray[np.float64]
    """North-South's artificial adjusted score as a percentage, where ``adjusted`` (`adjusted_scores`)."""
    adjusted: npt.NDArray[np.bool_]
    tables: npt.NDArray[np.int64]
    """How many tables each result stands for (`multiplicities`)."""
    rooms: npt.NDArray[np.int8]
    """`OPEN`, `CLOSED` or 0: the room each result was played in as the match is scored (`match_codes`:
    the ``room`` column's, `room_codes`, else its segment's order), so that `team_imps` agrees with
    ``analyze --by match``."""
    sections: npt.NDArray[np.uint64]
    """Each result's section as a number (`section_codes`), 0 for none: ``section_names[code - 1]``."""
    matches: npt.NDArray[np.uint64]
    """Each result's team match as a number (`match_codes`), 0 for a result of no room:
    ``match_names[code - 1]``."""
    imps: npt.NDArray[np.bool_]
    """Whether a team match scores the result's board in IMPs (not a board-a-match: `imp_scored`)."""
    events: npt.NDArray[np.uint64]
    """Each result's event as a number (`name_codes`), 0 for none: ``names[code - 1]``."""
    files: npt.NDArray[np.uint64]
    """Each result's file as a number (`name_codes`), 0 for none."""
    dates: npt.NDArray[np.uint64]
    """Each result's date as a number (`name_codes`), 0 for none: a club's sessions on one deal file on two
    dates are two fields."""
    pairs: npt.NDArray[np.uint64]
    """Each result's North-South and East-West pair numbers as numbers (two columns: `name_codes`), 0 for
    none: files that seat one pair at one board are apart (`files_apart`)."""
    players: npt.NDArray[np.uint64]
    """Each result's North, East, South and West player as numbers (four columns: `name_codes`), 0 for
    none: the same four players at one board in two files are a result and its correction
    (`result_replacements`)."""
    section_names: tuple[str, ...] = ()
    """The section names the ``sections`` codes stand for: the names themselves tell sections apart, so that
    two sections are one field only when their names are one (a CRC-32 of each could be shared by two)."""
    match_names: tuple[str, ...] = ()
    """The team matches the ``matches`` codes stand for (`match_identity`, its parts joined), as
    ``section_names``."""
    names: tuple[str, ...] = ()
    """The events, files, dates and pairs the ``events``, ``files``, ``dates`` and ``pairs`` codes stand
    for, likewise."""

    @classmethod
    def of(cls, arrays: BoardArrays, first_id: int = 0) -> FieldInputs:
        """The inputs of ``arrays``' results, their ``board_id`` counted from ``first_id``."""
        n = len(arrays)
        scores, valid, ew_scores = ranked_scores(*arrays.ns_scores(), arrays.columns.get)
        adjusted_pct, adjusted = adjusted_scores(arrays)
        ids = np.asarray(arrays.columns.get("board_id", np.arange(n)), dtype=np.int64) + first_id
        sections, section_names = section_codes(arrays)
        matches, match_names, rooms = match_codes(arrays.columns, n, room_codes(arrays), ids, arrays.board)
        file = arrays.columns.get("file")
        codes, names = name_codes([[file] * n if isinstance(file, str) else file]
                                  + [arrays.columns.get(name) for name in _NAMED], n)
        return cls(arrays.masks, arrays.known, arrays.board, ids, scores,
                   valid & ~adjusted,  # a percentage is not ranked, whatever score the contract would give
                   ew_scores,
                   adjusted_pct, adjusted, multiplicities(arrays), rooms, sections, matches,
                   imp_scored(arrays.columns, n), codes[1], codes[0], codes[4], codes[2:4].T.copy(),
                   codes[5:9].T.copy(), section_names, match_names, names)

    @classmethod
    def of_rows(cls, frame: pd.DataFrame) -> FieldInputs:
        """The inputs of the rows of a `boards` frame (an export read back, a file's rows: `analyze` of
        several inputs), worked out as `of` works them out from a batch: the deal (its text) told apart
        by a hash, the score the one exported (``score_ns``, else ``file_score_ns``), the ``board_id``
        as the frame gives it (unique across the frame's inputs)."""
        import pandas as pd

        n = len(frame)

        def column(name: str) -> pd.Series:
            return frame[name] if name in frame else pd.Series([None] * n, index=frame.index, dtype=object)

        def text(name: str) -> list[Any]:
            return list(column(name).astype(object).where(column(name).notna(), None))

        deal = column("deal")
        known = np.zeros((n, 4), dtype=np.bool_)
        known[:, 0] = not_null(deal)
        masks = np.zeros((n, 4), dtype=np.uint64)
        masks[:, 0] = np.where(known[:, 0], pd.util.hash_array(deal.astype(object).fillna("").to_numpy()),
                               np.uint64(0))
        board, numbered = whole_numbers(column("board"), -1, np.iinfo(np.int32).max)
        ids, _ = whole_numbers(column("board_id"))
        score, scored = whole_numbers(column("score_ns"))
        ns, ranked, ew = ranked_scores(score.astype(np.int32), scored, column)
        pct = column("adjusted_pct_ns")
        adjusted = not_null(pct)
        tables, counted = whole_numbers(column("multiplicity"), 0, MOST_TABLES)
        rooms = pc.fill_null(pc.index_in(pa.array(text("room"), pa.string()), value_set=_ROOMS), -1)
        sections, section_names = name_codes([text("section")], n)
        codes, names = name_codes([text(name) for name in ("file", *_NAMED)], n)
        room_code = (np.asarray(rooms.to_numpy(zero_copy_only=False)) + 1).astype(np.int8)
        columns = {name: text(name) for name in ("tags", "event", "scoring", "file", "date", *PLAYER_COLUMNS)}
        matches, match_names, room_code = match_codes(columns, n, room_code, ids, board)
        return cls(masks, known, np.where(numbered, board, -1).astype(np.int32), ids,
                   ns, ranked & ~adjusted, ew,
                   np.asarray(pd.to_numeric(pct, errors="coerce").fillna(0.0), dtype=np.float64), adjusted,
                   np.where(counted & (tables >= 1), tables, 1), room_code, sections[0], matches,
                   imp_scored(columns, n), codes[1], codes[0], codes[4], codes[2:4].T.copy(),
                   codes[5:9].T.copy(), section_names, match_names, names)

    @classmethod
    def joined(cls, parts: list[FieldInputs]) -> FieldInputs:
        """The results of ``parts``, one after another, each part's section and match codes given the
        numbers of the joined names (a name is one code in every part)."""
        sections, section_names = _renumbered([(part.sections, part.section_names) for part in parts])
        matches, match_names = _renumbered([(part.matches, part.match_names) for part in parts])
        coded, names = _renumbered([(np.concatenate([part.events, part.files, part.dates, *part.pairs.T,
                                                     *part.players.T]), part.names) for part in parts])
        sizes = [len(part) for part in parts]
        each = np.split(coded, np.cumsum([9 * size for size in sizes])[:-1])
        events, files, dates, ns, ew, *players = (np.concatenate([part.reshape(9, -1)[k] for part in each])
                                                  for k in range(9))
        named = ("sections", "section_names", "matches", "match_names", "events", "files", "dates", "pairs",
                 "players", "names")
        joined = {f.name: np.concatenate([getattr(part, f.name) for part in parts])
                  for f in fields(cls) if f.name not in named}
        return cls(**joined, sections=sections, section_names=section_names, matches=matches,
                   match_names=match_names, events=events, files=files, dates=dates,
                   pairs=np.stack([ns, ew], axis=1), players=np.stack(players, axis=1), names=names)

    def __len__(self) -> int:
        return len(self.board)

    def rows(self, kept: npt.NDArray[np.bool_]) -> FieldInputs:
        """The inputs of the ``kept`` results only (a later input's repeats left out)."""
        return replace(self, **{f.name: getattr(self, f.name)[kept] for f in fields(FieldInputs)
                                if not f.name.endswith("names")})


def _renumbered(parts: list[tuple[npt.NDArray[np.uint64], tuple[str, ...]]]
                ) -> tuple[npt.NDArray[np.uint64], tuple[str, ...]]:
    """Several parts' codes (0 for none, else ``names[code - 1]`` of the part's names) as one: each name
    one number in every part, in the order first met."""
    numbers: dict[str, int] = {}
    codes = []
    for part_codes, names in parts:
        table = [0, *(numbers.setdefault(name, len(numbers) + 1) for name in names)]
        codes.append(np.array(table, dtype=np.uint64)[part_codes.astype(np.intp)])
    return np.concatenate(codes), tuple(numbers)


def section_codes(arrays: BoardArrays) -> tuple[npt.NDArray[np.uint64], tuple[str, ...]]:
    """A number for each result's section (the ``section`` column: a ScoreTable's Section cell), 0 for none,
    and the names the numbers stand for (``names[code - 1]``, in the order first met): `FieldInputs.joined`
    gives a name one number in every part of an export."""
    given = arrays.columns.get("section")
    codes = np.zeros(len(arrays), dtype=np.uint64)
    if given is None:
        return codes, ()
    found: dict[str, int] = {}
    names = given.to_pylist() if isinstance(given, pa.Array | pa.ChunkedArray) else list(given)
    for i, name in enumerate(names):
        if name is not None:
            codes[i] = found.setdefault(str(name), len(found) + 1)
    return codes, tuple(found)


def name_codes(columns: list[Any], n: int) -> tuple[npt.NDArray[np.uint64], tuple[str, ...]]:
    """A number for each of ``n`` rows' name in each of ``columns`` (a list with None for null, an Arrow
    array, or None for a column not there), 0 for none, one table of names for all of them (``names[code -
    1]``, in the order first met), as `section_codes` numbers sections: a row of codes a column."""
    codes = np.zeros((len(columns), n), dtype=np.uint64)
    found: dict[str, int] = {}
    for row, given in enumerate(columns):
        if given is None:
            continue
        if isinstance(given, pa.Array | pa.ChunkedArray) and pa.types.is_string(given.type):
            # each distinct name looked up once (a column of a million players' names holds a few hundred)
            encoded = pc.dictionary_encode(given.combine_chunks() if isinstance(given, pa.ChunkedArray)
                                           else given)
            table = np.array([found.setdefault(str(name), len(found) + 1)
                              for name in encoded.dictionary.to_pylist()] + [0], dtype=np.uint64)
            index = pc.fill_null(encoded.indices, len(encoded.dictionary)).to_numpy(zero_copy_only=False)
            codes[row] = table[np.asarray(index, dtype=np.intp)]
            continue
        names = given.to_pylist() if isinstance(given, pa.Array | pa.ChunkedArray) else list(given)
        for i, name in enumerate(names):
            if name is not None:
                codes[row, i] = found.setdefault(str(name), len(found) + 1)
    return codes, tuple(found)


def field_scores(arrays: BoardArrays) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_]]:
    """North-South's score of each result for its field, and which results have one (`ranked_scores` of
    the contract's scores, `BoardArrays.ns_scores`)."""
    ns, valid, _ = ranked_scores(*arrays.ns_scores(), arrays.columns.get)
    return ns, valid


def ranked_scores(contract: npt.NDArray[np.int32], contract_scored: npt.NDArray[np.bool_],
                  column: Callable[[str], Any]
                  ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
    """The scores each result is ranked by: North-South's, where they have one, and East-West's; the one
    rule export, analyze and the traveller share. A result is ranked on the score worked out from its
    contract (``contract`` where ``contract_scored``, Law 77: a ``Score_NS`` that disagrees is a slip),
    except that a director's assigned score (``score_assigned``: a ScoreTable ``^200``, Law 12C) is the
    ruling and ranks it as given whatever its contract; where no contract scores it, the file's score
    (``file_score_ns``: ``^-300`` with no contract, a Score tag beside no result) ranks it, rather than
    the field's matchpoints counted without it. East-West's is North-South's negated, except the file's
    own East-West score where it ranks the result and does not balance (``file_score_ew``: a director's
    assigned scores need not, Law 12C1)."""
    assigned = column("score_assigned")
    ruled = ~contract_scored | (np.zeros(len(contract), np.bool_) if assigned is None else _flags(assigned))
    given = column("file_score_ns")
    ns, valid = contract, contract_scored
    if given is not None:
        file_scores, known = whole_numbers(given)
        ns = np.where(known & ruled, file_scores, contract).astype(np.int32)
        valid = contract_scored | known
    negated = (-ns.astype(np.int64)).astype(np.int32)
    given_ew = column("file_score_ew")
    if given_ew is None:
        return ns, valid, negated
    own, known_ew = whole_numbers(given_ew, np.iinfo(np.int32).min, np.iinfo(np.int32).max)
    return ns, valid, np.where(known_ew & ruled, own, negated).astype(np.int32)


def _flags(values: Any) -> npt.NDArray[np.bool_]:
    """A column of booleans (a list with None, an Arrow array, a pandas Series) as a numpy array, null as
    False."""
    if isinstance(values, pa.Array | pa.ChunkedArray):
        return np.asarray(pc.fill_null(values, False).to_numpy(zero_copy_only=False), dtype=np.bool_)
    if hasattr(values, "fillna"):
        return np.asarray(values.astype(object).fillna(False).to_numpy(), dtype=np.bool_)
    return np.asarray([bool(value) for value in values], dtype=np.bool_)


def multiplicities(arrays: BoardArrays) -> npt.NDArray[np.int64]:
    """How many tables each result stands for: a ScoreTable row's ``Multiplicity`` (PBN 2.1 §5.9, at most
    `MOST_TABLES`), and the board's own result that row repeats; 1 for every other result."""
    given = arrays.columns.get("multiplicity")
    if given is None:
        return np.ones(len(arrays), dtype=np.int64)
    tables, known = whole_numbers(given, 0, MOST_TABLES)
    return np.where(known & (tables >= 1), tables, 1)


_INT64 = np.iinfo(np.int64)


def whole_numbers(values: Any, lowest: int = _INT64.min, highest: int = _INT64.max
                  ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """A column of whole numbers (a list with None for null, an Arrow or a numpy array) as int64, each
    kept between ``lowest`` and ``highest`` however large it is written, 0 where null; and where it is
    not null. Column at a time, not value by value in Python."""
    known = not_null(values)
    if isinstance(values, pa.Array | pa.ChunkedArray):
        filled = pc.fill_null(values.cast(pa.int64()), 0).to_numpy(zero_copy_only=False)
        return np.where(known, np.clip(filled, lowest, highest), 0).astype(np.int64), known
    column = np.asarray(values, dtype=object)  # Python ints of any size stay whole until clipped
    return np.clip(np.where(known, column, 0), lowest, highest).astype(np.int64), known


def not_null(values: Any) -> npt.NDArray[np.bool_]:
    """Where a column (a list with None for null, an Arrow or a numpy array, a pandas Series) is not
    null."""
    if isinstance(values, pa.Array | pa.ChunkedArray):
        return np.asarray(pc.is_valid(values).to_numpy(zero_copy_only=False), dtype=np.bool_)
    if hasattr(values, "notna"):  # a pandas Series, whose NaN and NA are null too
        return np.asarray(values.notna().to_numpy(dtype=np.bool_), dtype=np.bool_)
    column = np.asarray(values, dtype=object)
    return np.asarray(np.not_equal(column, np.array(None, dtype=object)), dtype=np.bool_)


ADJUSTED_BY = ("adjusted_pct_ns", "adjusted_pct_ew", "file_score_ns")
"""The columns that give a director's adjusted score: either side's artificial percentage (``^60%``, Law
12C2), or a score in points the file gives (``^-300``)."""


class Columns(Protocol):
    """Columns by name: a batch's (`BoardArrays.columns`) or a pandas DataFrame."""

    def __contains__(self, name: object, /) -> bool: ...

    def __getitem__(self, name: str, /) -> Any: ...


def adjusted_rows(no_contract: npt.NDArray[np.bool_], columns: Columns) -> npt.NDArray[np.bool_]:
    """Which rows are a director's adjusted score with no contract: the rule `analyze` counts them by,
    over a batch's arrays and a frame alike. ``no_contract``: the rows with no contract, or a contract
    with no declarer (a mistyped cell: `3NY`, `4S Q`), which a score given ranks as it ranks an adjusted
    one. ``columns``: the rows' columns, of which those of `ADJUSTED_BY` there are read (`not_null`)."""
    any_given = np.zeros(len(no_contract), dtype=np.bool_)
    for name in ADJUSTED_BY:
        if name in columns:
            any_given |= not_null(columns[name])
    return no_contract & any_given


def given_rows(no_contract: npt.NDArray[np.bool_], columns: Columns) -> npt.NDArray[np.bool_]:
    """Which of the `adjusted_rows` are a score in points given with no contract (a scorer's traveller of
    pair numbers and scores, a contract cell mistyped) rather than a director's adjusted score: neither an
    artificial percentage (``^60%``) nor an assigned score (``^-300``, ``score_assigned``), so that
    messages call each what it is."""
    given = adjusted_rows(no_contract, columns)
    for name in ("adjusted_pct_ns", "adjusted_pct_ew"):
        if name in columns:
            given &= ~not_null(columns[name])
    if "score_assigned" in columns:
        given &= ~_flags(columns["score_assigned"])
    return given


def adjusted_scores(arrays: BoardArrays) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """North-South's artificial adjusted score of each result as a percentage (Law 12C2: the
    ``adjusted_pct_ns`` column), and which results have one (they have no score in points)."""
    given = arrays.columns.get("adjusted_pct_ns")
    if given is None:
        return np.zeros(len(arrays)), np.zeros(len(arrays), dtype=np.bool_)
    column = pa.array(given, pa.float64()) if not isinstance(given, pa.Array | pa.ChunkedArray) \
        else given.cast(pa.float64())
    known = not_null(column)
    values = np.asarray(pc.fill_null(column, 0.0).to_numpy(zero_copy_only=False), dtype=np.float64)
    return values, known
