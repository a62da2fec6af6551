"""Field results: every result of a board compared with the others (matchpoints, cross-IMPs, Butler).

A *field* is the set of results of one board within one run (the inputs of one `export` or `analyze`,
or one call of `to_dataframe`): results of the same event, date, section, board number and deal (files that
seat one pair at one board told apart as two sections: `files_apart`), and, for a team match's rooms,
of the same match (`match_codes`: two matches of one file playing the same boards, as a LIN file holding
both semi-finals, are two fields a board, not one of four results). That covers the rows of a
ScoreTable, the open and closed rooms of a team match, and the same board played in several games of a
file (a board's own result is one row even when its ScoreTable repeats it: see `extract.add_board`).
A ScoreTable row with a ``Multiplicity`` (several tables with the same result) counts as that many
tables (`multiplicities`).
All figures are from North-South's side; East-West's are the complement (``top - mp_ns``,
``100 - pct_ns``) or the negation (IMPs), except a director's artificial adjusted score, whose two
percentages are each side's own (60 and 60 when neither side was at fault), and a field holding assigned
scores that do not balance (``file_score_ew``, Law 12C1), where East-West's scores are compared among
themselves (``mp_ew``, ``ximp_ew``, ``butler_ew``). The arithmetic is the
scoring module's, for all the fields of a session at once (`count_fields`, `nearest_ten`, `imps_array`,
`neuberg`): the same figures as `matchpoints`, `percentages`, `average_cross_imps` and `butler` give
board by board.

A field of exactly two results, one from the open room and one from the closed room, is also scored as a
team match scores it: ``team_imps`` is the open room's North-South score less the closed room's, in IMPs,
the board's IMPs to the team that sat North-South in the open room (and East-West in the closed one);
null in a board-a-match (scoring ``BAM``), which is not scored in IMPs (`bridgetools.analysis.match`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from bridgetools.analysis.columns import BoardArrays
from bridgetools.analysis.corrections import (
    Apart,
    Clash,
    Replacements,
    Replayed,
    Unplaced,
    clash_lines,
    field_keys,
    files_apart,
    renumbered_tables,
    result_replacements,
)
from bridgetools.analysis.field_inputs import (
    ADJUSTED_BY,
    Columns,
    FieldInputs,
    adjusted_rows,
    adjusted_scores,
    field_scores,
    given_rows,
    multiplicities,
    name_codes,
    not_null,
    ranked_scores,
    section_codes,
    whole_numbers,
)
from bridgetools.analysis.players import folded_name, is_robot, names_someone, seated_people, seated_players
from bridgetools.analysis.sections import (
    Unsectioned,
    _row_groups,
    field_key,
    field_names,
    most_again,
    unplaced_results,
)
from bridgetools.analysis.segments import (
    CLOSED,
    MATCH_TAGS,
    OPEN,
    PLAYER_COLUMNS,
    TEAM_TAGS,
    Segments,
    carried_matches,
    imp_scored,
    match_codes,
    match_identity,
    match_numbers,
    names_teams,
    record_matches,
    room_codes,
    room_players,
    scoring_base,
    seated_names,
    segment_rooms,
)
from bridgetools.errors import BridgeError
from bridgetools.model.results import MOST_TABLES

__all__ = [
    "ADJUSTED_BY",
    "CLOSED",
    "CORRECTED",
    "FIELD_RESULTS",
    "MATCH_TAGS",
    "MOST_TABLES",
    "MP_SCALES",
    "OPEN",
    "PLAYER_COLUMNS",
    "TEAM_TAGS",
    "Apart",
    "Clash",
    "Columns",
    "FieldInputs",
    "Replacements",
    "Replayed",
    "Segments",
    "Unplaced",
    "Unsectioned",
    "_row_groups",
    "adjusted_rows",
    "adjusted_scores",
    "carried_matches",
    "clash_lines",
    "corrected_tables",
    "east_west_imps",
    "east_west_matchpoints",
    "field_columns",
    "field_key",
    "field_keys",
    "field_names",
    "field_results",
    "field_scores",
    "files_apart",
    "folded_name",
    "given_rows",
    "imp_scored",
    "is_robot",
    "match_codes",
    "match_identity",
    "match_numbers",
    "matchpoint_scale",
    "matchpoint_tops",
    "most_again",
    "multiplicities",
    "name_codes",
    "names_someone",
    "names_teams",
    "not_null",
    "ranked_scores",
    "record_matches",
    "renumbered_tables",
    "result_replacements",
    "room_codes",
    "room_players",
    "scoring_base",
    "seated_names",
    "seated_people",
    "seated_players",
    "section_codes",
    "segment_rooms",
    "team_imps",
    "unplaced_results",
    "whole_numbers",
]
"""The names of field results and of the modules it is worked out in (`segments`, `field_inputs`,
`players`, `sections`, `corrections`), importable from here as before they were split out."""


def matchpoint_tops(field_size: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """The top of each result's board, 2 a table beaten (2 x (tables - 1)); NaN for a field of fewer than
    two tables or none (no top: a table alone is not ranked)."""
    size = np.asarray(field_size, dtype=np.float64)
    with np.errstate(invalid="ignore"):
        return np.where(size >= 2, 2.0 * (size - 1), np.nan)


MP_SCALES = {"ebu": 1.0, "acbl": 0.5}
"""The matchpoint scales a director names (``--mp-scale``), each as a factor of ours: the EBU's and
Europe's, 2 a table beaten and 1 a tie (a top of 2 x (tables - 1)), and the ACBL's, 1 a table beaten and
1/2 a tie (a top of tables - 1). Percentages are the same on both."""

GIVEN_ROUNDING = 0.05
"""How far a file's matchpoint may be from half of ours and still be counted on the ACBL's scale: a file
gives them to one or two decimals (a Neuberg 3.335 printed 3.3)."""


def matchpoint_scale(given_and_counted: Iterable[tuple[float | None, float | None]],
                     named: str | None = None) -> float:
    """The scale a session's matchpoints are shown on, as a factor of ours (`MP_SCALES`): the one a
    director names (``named``), else the file's own where every matchpoint it gives is half the one we
    count (ties too: the ACBL's 1/2 for our 1; a Neuberg figure to the file's rounding) and one is more
    than 0 (a field of zeros says no scale), else ours (2 a table beaten, 1 a tie: the EBU's), so that
    `analyze --by pair` and a printed traveller show the matchpoints the file does, by one rule."""
    if named is not None:
        return MP_SCALES[named]
    pairs = [(given, ours) for given, ours in given_and_counted
             if given is not None and ours is not None and not (math.isnan(given) or math.isnan(ours))]
    half = any(ours > 0 for _, ours in pairs) and all(
        abs(given - ours / 2) <= GIVEN_ROUNDING + 1e-9 for given, ours in pairs)
    return MP_SCALES["acbl"] if half else MP_SCALES["ebu"]


def east_west_matchpoints(mp_ns: npt.ArrayLike, field_size: npt.ArrayLike, adjusted_pct_ew: npt.ArrayLike,
                          mp_ew: npt.ArrayLike | None = None) -> npt.NDArray[np.float64]:
    """East-West's matchpoints of each result: their own (``mp_ew``) where a field holds scores that do not
    balance, else from a row's North-South matchpoints: the rest of the top (`matchpoint_tops`), or
    East-West's own artificial adjusted percentage of it (Law 12C2: the two sides' percentages need not add
    to 100); NaN where North-South have none or there is no top. `analyze --by pair` ranks East-West by
    them and a printed traveller shows them (the one rule for both)."""
    ns = np.asarray(mp_ns, dtype=np.float64)
    pct_ew = np.asarray(adjusted_pct_ew, dtype=np.float64)
    top = matchpoint_tops(field_size)
    ew = np.where(np.isnan(pct_ew), top - ns, pct_ew / 100 * top)
    if mp_ew is not None:
        own = np.asarray(mp_ew, dtype=np.float64)
        ew = np.where(np.isnan(own), ew, own)
    return np.where(np.isnan(ns), np.nan, ew)


def east_west_imps(imps_ns: npt.ArrayLike, imps_ew: npt.ArrayLike | None = None) -> npt.NDArray[np.float64]:
    """East-West's IMPs of each result (cross-IMPs or Butler): their own (``imps_ew``) where a field holds
    scores that do not balance, else North-South's negated; NaN where there are none."""
    ew = -np.asarray(imps_ns, dtype=np.float64)
    if imps_ew is None:
        return ew
    own = np.asarray(imps_ew, dtype=np.float64)
    return np.where(np.isnan(own), ew, own)


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


FIELD_RESULTS = ("field_size", "mp_ns", "pct_ns", "ximp_ns", "butler_ns", "mp_ew", "ximp_ew", "butler_ew",
                 "datum", "team_imps", "multiplicity", "replaced")
"""The columns `field_columns` gives (and, where a later file corrects a result, `CORRECTED`)."""


def field_columns(arrays: BoardArrays) -> dict[str, pa.Array]:
    """``field_size``, ``mp_ns``, ``pct_ns``, ``ximp_ns``, ``butler_ns``, ``datum`` and ``team_imps``
    for a session, the ``multiplicity`` each result was counted with, and whether a later file's result
    ``replaced`` it (`result_replacements`).

    Every field of the session is scored at once (`count_fields`, no loop over boards), with the same
    figures as `matchpoints`, `percentages`, `average_cross_imps` and `butler` give field by field.
    A table with an artificial adjusted score (Law 12C2, `adjusted_scores`) is in its field's size and
    top, and earns its percentage of that top; the results played are matchpointed among themselves and
    scaled to the whole field (`neuberg`), and compared among themselves alone for cross-IMPs and Butler.
    """
    return field_results(FieldInputs.of(arrays))


def field_results(inputs: FieldInputs) -> dict[str, pa.Array]:
    """`field_columns` of the results ``inputs`` holds, one session however many files' parts it joins."""
    n = len(inputs)
    board = field_key(inputs)
    replacements = result_replacements(inputs)  # a result a later file corrects: not in its field
    groups = field_keys(inputs, board, replacements)
    by = replacements[0]
    replaced = by >= 0
    scores, valid = inputs.scores, inputs.valid & ~replaced
    adjusted_pct, adjusted = inputs.adjusted_pct, inputs.adjusted & ~replaced
    index = np.flatnonzero(valid)  # every scored result is in its field
    each = inputs.tables
    weight = each[index]
    field, own = groups[index], scores[index].astype(np.int64)
    given = np.flatnonzero(adjusted)  # the tables given a percentage count in their field's size and top
    fields_in_play = (np.bincount(groups[index], weights=weight, minlength=n)
                      + np.bincount(groups[given], weights=each[given], minlength=n)).astype(np.int64)
    in_play = fields_in_play[field]
    size, mp, ximp, butler_imps, datum = _side_figures(own, field, weight, in_play)
    shared = size >= 2
    ranked = in_play >= 2
    top = 2.0 * np.maximum(in_play - 1, 1)
    pct = 100 * mp / top
    # East-West's own figures, in each field where a director's assigned scores do not balance (Law 12C1):
    # there each side's score is compared with the other tables' scores of the same direction.
    own_ew = inputs.ew_scores[index].astype(np.int64)
    apart = np.zeros(n, dtype=np.bool_)
    apart[field[own_ew != -own]] = True
    unbalanced = apart[field]
    ew = _side_figures(own_ew, field, weight, in_play)[1:4] if unbalanced.any() else (mp, ximp, butler_imps)
    match_imps, in_match = team_imps(groups, valid, inputs.rooms, scores)
    in_match &= inputs.imps  # a board-a-match wins the board (1, 1/2, 0): no IMPs

    given_in_play = fields_in_play[groups[given]]
    given_mp = adjusted_pct[given] / 100 * 2.0 * (given_in_play - 1)

    def column(values: npt.NDArray[Any], type_: pa.DataType, known: npt.NDArray[np.bool_],
               percentage: tuple[npt.NDArray[Any], npt.NDArray[np.bool_]] | None = None) -> pa.Array:
        full = np.zeros(n, dtype=values.dtype)
        full[index] = values
        mask = np.ones(n, dtype=np.bool_)
        mask[index] = ~known
        if percentage is not None:  # the figure of a table with an artificial adjusted score
            full[given] = percentage[0]
            mask[given] = ~percentage[1]
        return pa.array(full, type_, mask=mask)

    everyone = np.ones(len(index), dtype=np.bool_)
    return {
        "field_size": column(in_play.astype(np.int32), pa.int32(), everyone,
                             (given_in_play, np.ones(len(given), dtype=np.bool_))),
        "mp_ns": column(mp, pa.float64(), ranked, (given_mp, given_in_play >= 2)),
        "pct_ns": column(pct, pa.float64(), ranked, (adjusted_pct[given], np.ones(len(given), np.bool_))),
        "ximp_ns": column(ximp, pa.float64(), shared),
        "butler_ns": column(butler_imps.astype(np.int16), pa.int16(), shared),
        "mp_ew": column(ew[0], pa.float64(), ranked & unbalanced),
        "ximp_ew": column(ew[1], pa.float64(), shared & unbalanced),
        "butler_ew": column(ew[2].astype(np.int16), pa.int16(), shared & unbalanced),
        "datum": column(datum.astype(np.int32), pa.int32(), shared),
        "team_imps": pa.array(match_imps, pa.int8(), mask=~in_match),
        "multiplicity": pa.array(each.astype(np.int16), pa.int16()),  # as counted, a slip cut to MOST_TABLES
        "replaced": pa.array(replaced, pa.bool_()),
        **(corrected_tables(inputs, by) if replaced.any() else {}),
    }


def _side_figures(own: npt.NDArray[np.int64], field: npt.NDArray[np.int64], weight: npt.NDArray[np.int64],
                  in_play: npt.NDArray[np.int64]) -> tuple[npt.NDArray[Any], ...]:
    """One direction's figures of each scored result, its ``own`` score compared with those of its
    ``field`` (``weight`` tables each; ``in_play``: the tables of its field, with those given a
    percentage): the tables scored, matchpoints (Neuberg-scaled to ``in_play``), average cross-IMPs,
    Butler IMPs and the datum."""
    from bridgetools.scoring import imps_array
    from bridgetools.scoring.field import count_fields, nearest_ten, neuberg

    n = int(field.max(initial=-1)) + 1  # the fields, numbered from 0
    counts = count_fields(own, field, weights=weight)  # each result counted as many times as its tables
    if counts is None:  # cannot happen: duplicate scores are within 7,600 of 0 and fields number at most n
        raise BridgeError("field scores out of range")
    size = counts.size
    others = np.where(size >= 2, size - 1, 1)
    mp = 2.0 * counts.below + (counts.equal - 1)           # 2 per score beaten, 1 per tie
    # scaled to the tables in play (a field played in full keeps its own: Neuberg only scales up)
    mp = np.where(in_play > size, neuberg(mp, size, np.maximum(in_play, size)), mp)
    ximp = counts.cross_imps / others
    # Butler: the mean of the field without its highest and lowest score (with three or more), to 10.
    total = np.zeros(n, np.int64)
    lowest, highest = np.full(n, own.max(initial=0)), np.full(n, own.min(initial=0))
    np.add.at(total, field, own * weight)
    np.minimum.at(lowest, field, own)
    np.maximum.at(highest, field, own)
    drop = size >= 3
    kept = total[field] - np.where(drop, lowest[field] + highest[field], 0)
    datum = nearest_ten(kept, size - 2 * drop)
    return size, mp, ximp, imps_array(own - datum), datum


CORRECTED = ("section", "ns_pair", "ew_pair")
"""The columns a correction naming none takes from the result it replaces (`corrected_tables`)."""


def corrected_tables(inputs: FieldInputs, by: npt.NDArray[np.intp]) -> dict[str, pa.Array]:
    """Each result's `CORRECTED` columns, a correction's (a result that replaces another: ``by``,
    `result_replacements`) taken from the result it replaces where it names none (a LIN file names no
    section or pair): its four players say its table, so `export` writes, and `analyze` ranks, the
    correction in that table's section and pairs once the earlier row is left out."""
    earlier = np.flatnonzero(by >= 0)
    later = by[earlier]
    sections, pairs = inputs.sections.copy(), inputs.pairs.copy()
    unnamed = sections[later] == 0
    sections[later[unnamed]] = inputs.sections[earlier[unnamed]]
    for side in (0, 1):
        unnamed = pairs[later, side] == 0
        pairs[later[unnamed], side] = inputs.pairs[earlier[unnamed], side]

    def text(codes: npt.NDArray[np.uint64], names: tuple[str, ...]) -> pa.Array:
        return pa.array(np.array([None, *names], dtype=object)[codes.astype(np.intp)], pa.string())

    return {"section": text(sections, inputs.section_names), "ns_pair": text(pairs[:, 0], inputs.names),
            "ew_pair": text(pairs[:, 1], inputs.names)}
