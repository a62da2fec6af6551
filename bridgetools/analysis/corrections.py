"""Results left out of a field or kept apart: a later file's corrected result replacing the earlier one
(`result_replacements`: the same four players, or a ScoreTable row sent again by its pair numbers), files
that seat one pair at one board as sections apart (`files_apart`), and the warnings saying so
(`clash_lines`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bridgetools.analysis.players import seated_people, seated_players
from bridgetools.analysis.sections import Unsectioned, _row_groups, field_key, most_again, unplaced_results

if TYPE_CHECKING:
    from bridgetools.analysis.field_inputs import FieldInputs


def field_keys(inputs: FieldInputs,
               board: tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]] | None = None,
               replacements: Replacements | None = None) -> npt.NDArray[np.intp]:
    """A group number per result: equal for results of the same event, date, section, board number and
    deal (a team match's rooms never with results of no room), in files not told apart as two sections
    (`files_apart`: files that name one pair at one board; ``replacements`` as it takes them).
    """
    board = field_key(inputs) if board is None else board
    parts, _ = files_apart(inputs, board, replacements)
    groups = board[1]
    if not parts.any():
        return groups
    return _row_groups(np.stack([groups.astype(np.uint64), parts], axis=1))


@dataclass(frozen=True)
class Clash:
    """A later file that names a pair an earlier file names at the same board on the same side: a pair
    plays a board once, so the two files are two sections (or sessions), each a field of its own."""

    later: str
    """The files, as the ``file`` column names them."""
    earlier: str
    board: int
    """The board's number (-1: none)."""
    side: int
    """0: North-South, 1: East-West."""
    pair: str


def files_apart(inputs: FieldInputs,
                board: tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]] | None = None,
                replacements: Replacements | None = None) -> tuple[npt.NDArray[np.uint64], list[Apart]]:
    """Which part of the run each result is in (0 for all when no files clash), and the clashes that
    part them: files (in the order they come, those that clash with another first) join the one part none
    of whose files names one of their pairs at one of their boards (``board``: `field_key`) on the
    same side, a file that clashes with every part starting a part of its own. A pair plays a board once:
    two files that seat it at one board twice are two sections without a Section tag (or two sessions on
    the same boards), never one field. A file that could join several parts is a part of its own,
    `Unplaced`: which section it is nothing says, and the order of the inputs is no answer. A result a
    later file replaces (``replacements``: `result_replacements`, worked out when not given) names its
    pairs in no part; the results that name no
    section where several play a board (`unplaced_results`) are told too."""
    parts = np.zeros(len(inputs), dtype=np.uint64)
    key, groups = field_key(inputs) if board is None else board
    told: list[Apart] = [*unplaced_results(inputs, key)]
    codes, first = np.unique(inputs.files, return_index=True)
    if len(codes) < 2:
        return parts, told
    by, replays = result_replacements(inputs) if replacements is None else replacements
    replaced = by >= 0
    told.extend(replays)
    order = codes[np.argsort(first)]
    rank = np.searchsorted(codes, inputs.files)  # each result's file, as an index into ``codes``
    seated = []
    for side in (0, 1):
        named = (inputs.pairs[:, side] != 0) & ~replaced
        seated.append(np.stack([groups[named].astype(np.uint64), np.full(named.sum(), side, np.uint64),
                                inputs.pairs[named, side], rank[named].astype(np.uint64),
                                np.flatnonzero(named).astype(np.uint64)], axis=1))
    seats = np.concatenate(seated)
    _, one = np.unique(seats[:, :4], axis=0, return_index=True)  # each seat once a file
    seats = seats[np.sort(one)]
    _, seat, count = np.unique(seats[:, :3], axis=0, return_inverse=True, return_counts=True)
    twice = seats[count[seat.reshape(-1)] > 1]
    if not len(twice):
        return parts, told
    files_of: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for group, side, pair, file, row in twice.tolist():
        files_of.setdefault((group, side, pair), []).append((file, row))
    clashing: dict[tuple[int, int], tuple[int, int, int]] = {}  # (file, file): the first seat both name
    for (_, side, pair), seen in files_of.items():
        for (a, row_a), (b, _) in itertools.combinations(seen, 2):
            clashing.setdefault((min(a, b), max(a, b)), (row_a, side, pair))
    members: list[list[int]] = []
    alone: set[int] = set()  # the parts of one file that could have joined several
    part_of: dict[int, int] = {}
    unplaced: list[tuple[int, list[int]]] = []
    in_order = [int(i) for i in np.searchsorted(codes, order)]
    clashed = {file for both in clashing for file in both}
    # the files that clash first, so that a file that clashes with none is placed whatever the order
    for file in [f for f in in_order if f in clashed] + [f for f in in_order if f not in clashed]:
        could = [k for k, files in enumerate(members) if k not in alone
                 and not any((min(f, file), max(f, file)) in clashing for f in files)]
        place = could[0] if len(could) == 1 else len(members)
        if place == len(members):
            members.append([])
        if len(could) > 1:
            alone.add(place)
            unplaced.append((file, [members[k][0] for k in could]))
        members[place].append(file)
        part_of[file] = place
    parts = np.array([part_of[i] for i in range(len(codes))], dtype=np.uint64)[rank]

    def name(code: int) -> str:
        return inputs.names[code - 1] if code else "?"

    clashes: list[Apart] = []
    for (a, b), (row, side, pair) in sorted(clashing.items(), key=lambda item: (
            max(first[item[0][0]], first[item[0][1]]), min(first[item[0][0]], first[item[0][1]]))):
        later, earlier = (a, b) if first[a] > first[b] else (b, a)
        clashes.append(Clash(name(int(codes[later])), name(int(codes[earlier])), int(inputs.board[row]), side,
                             name(pair)))
    for file, could in unplaced:
        clashes.append(Unplaced(name(int(codes[file])), tuple(name(int(codes[f])) for f in could)))
    return parts, clashes + told


@dataclass(frozen=True)
class Replayed:
    """A board a later file gives again with the same four players in the same seats as an earlier file
    (a director's corrected result): the four play a board once, so the later result replaces the
    earlier, which is left out of its field (`result_replacements`)."""

    later: str
    """The files, as the ``file`` column names them."""
    earlier: str
    board: int
    """The board's number (-1: none)."""
    players: tuple[str, ...]
    """North, East, South and West (none: the table told by its pairs' numbers, ``pairs``)."""
    pairs: tuple[str, str] = ("", "")
    """The North-South and East-West pair numbers that tell the table where no four players do."""
    scores: tuple[str, str] = ("", "")
    """The later result's North-South score and the earlier's, as the note says them."""


Replacements = tuple[npt.NDArray[np.intp], list[Replayed]]
"""The result that replaces each result (its row; -1: none), and each board so replaced
(`result_replacements`)."""


def result_replacements(inputs: FieldInputs) -> Replacements:
    """The result that replaces each result (its row; -1: none), and each board so replaced: results of one
    board (the same event, date, section and deal: `field_key` without the team match) at one table in
    several files are one table's result given twice, the last file's the one that stands (a director gives a
    correction after the result it corrects), at the same table: the pairs the earlier names. A table is
    told by its four players in their seats (four people, their names folded: `seated_players`), else by
    its North-South and East-West pair numbers (`renumbered_tables`: a ScoreTable row sent again). The team
    match is no part of it: four players play a deal once, whatever match or segment each file's header
    names (a vugraph file sent again with its carry-over corrected names another), so the rule is the same
    whichever columns a caller has (`analyze --by board` and ``--by pair`` alike)."""
    n = len(inputs)
    replaced = np.full(n, -1, dtype=np.intp)
    codes, first = np.unique(inputs.files, return_index=True)
    if len(codes) < 2:
        return replaced, []
    people = seated_people(inputs)
    seated = seated_players(inputs, people)
    paired = (inputs.pairs != 0).all(axis=1)
    if seated.sum() < 2 and paired.sum() < 2:
        return replaced, []
    groups = field_key(inputs, by_match=False)[1]
    order = first[np.searchsorted(codes, inputs.files)]  # each result's file, as where it starts
    tables: list[list[int]] = []
    if seated.sum() >= 2:
        rows = np.flatnonzero(seated)
        key = np.concatenate([groups[rows, None].astype(np.uint64), people[rows]], axis=1)
        _, table, count = np.unique(key, axis=0, return_inverse=True, return_counts=True)
        table = table.reshape(-1)
        by_people: dict[int, list[int]] = {}
        for row, at in zip(rows[count[table] > 1].tolist(), table[count[table] > 1].tolist(), strict=True):
            by_people.setdefault(at, []).append(row)
        tables.extend(by_people.values())

    def name(code: int) -> str:
        return inputs.names[code - 1] if code else "?"

    def said(row: int) -> str:
        if inputs.adjusted[row]:
            return f"{inputs.adjusted_pct[row]:g}%"
        return str(int(inputs.scores[row])) if inputs.valid[row] else "no score"

    replays: list[Replayed] = []
    for each in tables:
        last = max(each, key=lambda row: order[row])
        earlier = [row for row in each if order[row] != order[last]]
        replaced[earlier] = last
        for row in dict((int(order[row]), row) for row in earlier).values():
            four = tuple(name(int(code)) for code in inputs.players[last])
            replays.append(Replayed(name(int(inputs.files[last])), name(int(inputs.files[row])),
                                    int(inputs.board[last]), four))
    for was, now in renumbered_tables(inputs, groups, order, seated, people):
        if replaced[was] < 0 and replaced[now] < 0:
            replaced[was] = now
            replays.append(Replayed(name(int(inputs.files[now])), name(int(inputs.files[was])),
                                    int(inputs.board[now]), (),
                                    (name(int(inputs.pairs[now, 0])), name(int(inputs.pairs[now, 1]))),
                                    (said(now), said(was))))
    return replaced, replays


def renumbered_tables(inputs: FieldInputs, groups: npt.NDArray[np.intp], order: npt.NDArray[np.intp],
                      seated: npt.NDArray[np.bool_], people: npt.NDArray[np.uint64]) -> list[tuple[int, int]]:
    """Each result a later file gives again by its pair numbers, and the result that replaces it (a
    director's ScoreTable row sent again: Law 79C): a row of the same field (``groups``: `field_key`
    without the team match) with the same North-South and East-West pair numbers as an earlier file's
    row is that table's result corrected, the latest file's standing, unless the two files are two
    sections numbering their pairs alike: the later seats one of the earlier's pairs at another table of a
    board both give (a pair plays a board once), gives most of the earlier's tables, or of a board's
    tables, again with other results (`most_again`: a correction changes a few of a session's results;
    another section on the same movement most, its session or a board's traveller: its equal results are
    its own, no repeats, by the same rule: `pipeline.RepeatedResults`), or names other players at one of its
    tables (both naming four). A row that matches no earlier table is a result of its own (`files_apart`
    then places it)."""
    paired = (inputs.pairs != 0).all(axis=1)
    rows = np.flatnonzero(paired)
    if len(rows) < 2:
        return []
    key = np.stack([groups[rows].astype(np.uint64), inputs.pairs[rows, 0], inputs.pairs[rows, 1]], axis=1)
    _, table = np.unique(key, axis=0, return_inverse=True)
    table = table.reshape(-1)
    at_table: dict[int, dict[int, list[int]]] = {}  # a table's results, by the file they are in
    for row, at in zip(rows.tolist(), table.tolist(), strict=True):
        at_table.setdefault(at, {}).setdefault(int(order[row]), []).append(row)
    again = {at: files for at, files in at_table.items() if len(files) > 1}
    if not again:
        return []
    files = sorted({file for each in again.values() for file in each})
    tables_of: dict[int, set[int]] = {file: set() for file in files}  # each file's tables
    seats_of: dict[int, dict[tuple[int, int, int], set[int]]] = {file: {} for file in files}
    for side in (0, 1):
        named = np.flatnonzero((inputs.pairs[:, side] != 0) & np.isin(order, files))
        for row in named.tolist():
            seat = (int(groups[row]), side, int(inputs.pairs[row, side]))
            seats_of[int(order[row])].setdefault(seat, set()).add(-row - 1)  # a row of no table: itself
    board_of: dict[int, int] = {}  # each table's board (its field)
    for row, at in zip(rows.tolist(), table.tolist(), strict=True):
        file = int(order[row])
        board_of[at] = int(groups[row])
        if file in tables_of:
            tables_of[file].add(at)
            for side in (0, 1):
                seat = (int(groups[row]), side, int(inputs.pairs[row, side]))
                seats_of[file][seat].discard(-row - 1)
                seats_of[file][seat].add(at)

    def corrects(later: int, earlier: int) -> bool:
        """Whether ``later``'s tables that ``earlier`` has are its results corrected (not another
        section's)."""
        both = tables_of[earlier] & tables_of[later]
        if most_again(len(both), len(tables_of[earlier])):
            return False
        at_board = Counter(board_of[at] for at in tables_of[earlier])
        if any(most_again(n, at_board[board]) for board, n in Counter(board_of[at] for at in both).items()):
            return False
        for at in both:
            one, other = at_table[at][earlier][-1], at_table[at][later][-1]
            if seated[one] and seated[other] and (people[one] != people[other]).any():
                return False
        mine, theirs = seats_of[later], seats_of[earlier]
        return all(len(mine[seat] | theirs[seat]) == 1 for seat in mine.keys() & theirs.keys())

    told = {(later, earlier): corrects(later, earlier) for later in files for earlier in files
            if earlier < later}
    pairs: list[tuple[int, int]] = []
    for each in again.values():
        ordered = sorted(each)
        for k, earlier in enumerate(ordered[:-1]):
            by = [later for later in ordered[k + 1:] if told[(later, earlier)]]
            if by:
                pairs.extend((row, each[by[-1]][-1]) for row in each[earlier])
    return pairs


@dataclass(frozen=True)
class Unplaced:
    """A file that clashes with none of several parts of the run (`files_apart`), so could be of any of
    them: a field of its own, since the order of the inputs does not say which section it is."""

    file: str
    could: tuple[str, ...]
    """The first file of each part it could join."""


def clash_lines(clashes: Sequence[Apart]) -> list[str]:
    """The warning for each file scored apart from an earlier one as a section of its own
    (`files_apart`), the first pair both name at one board given as the reason; and for each file that
    could be of several sections, which."""
    from bridgetools._files import readable_name

    told: dict[str, list[Clash]] = {}
    for clash in clashes:
        if isinstance(clash, Clash):
            told.setdefault(clash.later, []).append(clash)
    lines = []
    for later, each in told.items():
        first = each[0]
        earlier = " and ".join(readable_name(clash.earlier) for clash in each)
        board = f"board {first.board}" if first.board >= 0 else "a board without a number"
        lines.append(f"{readable_name(later)}: scored apart from {earlier}: "
                     f"{('North-South', 'East-West')[first.side]} pair {first.pair} plays "
                     f"{board} in both, and a pair plays a board once, so each is a section (or session) "
                     "of its own, a field apart (a Section tag in each names its section)")
    for unplaced in (clash for clash in clashes if isinstance(clash, Unplaced)):
        lines.append(f"{readable_name(unplaced.file)}: scored apart, a field of its own: it could be of the "
                     f"section of {' or of '.join(readable_name(f) for f in unplaced.could)}, which are "
                     "scored apart (a Section tag in it names its section)")
    for lost in (clash for clash in clashes if isinstance(clash, Unsectioned)):
        board = f"board {lost.board}" if lost.board >= 0 else "a board without a number"
        count = "1 result names" if lost.results == 1 else f"{lost.results} results name"
        lines.append(f"{readable_name(lost.file)}: {count} no section on a board several sections play "
                     f"(the first {board}, sections {', '.join(lost.sections)}): each left out of the "
                     "sections' fields, a field of its own (a Section tag or column names its section)")
    for replay in (clash for clash in clashes if isinstance(clash, Replayed)):
        board = f"board {replay.board}" if replay.board >= 0 else "a board without a number"
        if not replay.players:
            lines.append(f"{readable_name(replay.later)}: {board} again with North-South pair "
                         f"{replay.pairs[0]} and East-West pair {replay.pairs[1]} of "
                         f"{readable_name(replay.earlier)}: a pair plays a board once, so the later result "
                         f"(NS {replay.scores[0]}) replaces the earlier (NS {replay.scores[1]}: a corrected "
                         "result), left out of its field")
            continue
        lines.append(f"{readable_name(replay.later)}: {board} again with the players of "
                     f"{readable_name(replay.earlier)} (N {replay.players[0]}, E {replay.players[1]}, "
                     f"S {replay.players[2]}, W {replay.players[3]}): four players play a board once, so the "
                     f"later result replaces the earlier (a corrected result), left out of its field")
    return lines


Apart = Clash | Unplaced | Unsectioned | Replayed
"""What a warning says of a run's fields: files scored apart, results left out of a section's field or
replaced by a later file's (`files_apart`)."""
