"""Which field each result is in (`field_key`): its board, deal, section, room, team match, date and
event, a result naming no section, date or event taking those of its board's other results where they tell
one (a late traveller, a LIN file, a correction sitting at a section's table).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bridgetools.analysis.players import seated_people, seated_players
from bridgetools.analysis.segments import CLOSED, OPEN

if TYPE_CHECKING:
    from bridgetools.analysis.field_inputs import FieldInputs


def most_again(again: int, tables: int) -> bool:
    """Whether ``again`` of a section's ``tables`` (a session's, or a board's) given again by their pair
    numbers with other results are most of them, so another section's on the same movement, not a
    correction: a correction changes a few results (one of a board's two tables is one), another
    section's traveller or session most (more than half: a file of one table given again is all of it)."""
    return 2 * again > tables


def field_key(inputs: FieldInputs, by_match: bool = True
              ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]]:
    """Each result's field as its parts (a row a result: board number, the deal's hands, which hands are
    known, section, room, team match, date and event, the codes of `FieldInputs` as the field takes them),
    and a group number per result: equal for results of the same event, date, section, board number and
    deal (and team match), whatever file each is in; a team match's rooms (a result naming its room) are
    never in one field with results of no room (a pairs game's), whatever event and date each names.

    A result that names no section, date or event (a late traveller typed without its Section, Date or
    Event, and every LIN file, which names none) is in the section (then the date and event) of the other
    results of its board and deal when they all name one; apart otherwise (`unplaced_results`). A result
    naming the open room (BBO's ``qx|o1|`` on a pairs result) on a board whose results name no closed room
    is of no team match: it is in the field of the results naming no room.

    A result of a team match naming no date or event (a segment's later board: `carried_matches`) has
    those its match's other results name, where they name one.

    A result whose deal the file does not give (a vugraph room without its ``md``) joins the results of
    its board number when they all have one and the same deal; with several deals it stays apart. A
    result with neither a number nor a deal is compared only with the other results of its own board
    (``board_id``: its ScoreTable's rows), since nothing says that it is another result's board.
    ``by_match=False`` leaves the team match out (`result_replacements`: one table's results).
    """
    n = len(inputs)
    dealt = inputs.known.any(axis=1)
    key = np.zeros((n, 11), dtype=np.uint64)
    key[:, 0] = inputs.board.astype(np.int64).astype(np.uint64)
    key[:, 1:5] = np.where(inputs.known, inputs.masks, np.uint64(0))
    key[:, 5] = (inputs.known * np.array([1, 2, 4, 8])).sum(axis=1).astype(np.uint64)
    lone = ~dealt & (inputs.board < 0)
    if lone.any():  # told apart by board_id, in a key column no dealt result uses (its hands are 0)
        key[lone, 1] = inputs.ids[lone].astype(np.uint64)
    rooms, matches = _rooms_of_matches(_row_groups(key), inputs)
    key[:, 7] = rooms != 0  # a team match's rooms never a field with results of no room (pairs)
    key[:, 6] = _sections(key, inputs)  # each section its own field
    key[:, 8] = matches if by_match else 0  # each team match its own field
    in_match = np.where(matches != 0, matches, matches.max(initial=0) + 1 + np.arange(n, dtype=np.uint64)
                        ).astype(np.intp)
    dates, events = _events(in_match, inputs.dates), _events(in_match, inputs.events)  # a segment's later
    key[:, 9] = _events(_row_groups(key), dates)  # each date its own field (a club's two sessions)
    key[:, 10] = _events(_row_groups(key), events)  # each event its own field
    groups = _row_groups(key)
    if dealt.all() or not dealt.any():
        return key, groups
    # Each board number's deals (as groups) among the results that have one; numbers with exactly one.
    number = inputs.board.astype(np.int64)
    pairs = np.unique(np.stack([number[dealt], groups[dealt]], axis=1), axis=0)
    numbers, first, count = np.unique(pairs[:, 0], return_index=True, return_counts=True)
    where = np.clip(np.searchsorted(numbers, number), 0, len(numbers) - 1)
    joins = ~dealt & ~lone & (numbers[where] == number) & (count[where] == 1)
    groups[joins] = pairs[first[where[joins]], 1]
    return key, groups


def field_names(inputs: FieldInputs) -> dict[str, list[str | None]]:
    """Each result's ``section``, ``date`` and ``event`` as its field takes them (`field_key`): a result
    that names none has those of the other results of its board where they name one, so that a late
    traveller is ranked in the section whose field it is in."""
    key = field_key(inputs)[0]

    def named(codes: npt.NDArray[np.uint64], names: tuple[str, ...]) -> list[str | None]:
        return [names[code - 1] if code else None for code in codes.tolist()]

    return {"section": named(key[:, 6], inputs.section_names), "date": named(key[:, 9], inputs.names),
            "event": named(key[:, 10], inputs.names)}


def _sections(key: npt.NDArray[np.uint64], inputs: FieldInputs) -> npt.NDArray[np.uint64]:
    """Each result's section as its field takes it (`field_key`: ``key`` its board, deal and room so far): a
    result naming none is in its board's one section (`_events`), unless its file seats one of its pairs
    where that section seats it (a section's file without a Section tag, a section apart: `files_apart`).
    A result naming none whose four players (`seated_players`) sit at a result of its board naming one is
    that table's result again (a correction: `result_replacements`), in that section, whatever else plays
    the board, unless another result of its file clashes so (its file a section apart); so is one naming
    no players whose North-South and East-West pair numbers are those of one section's table at its board
    (a ScoreTable row sent again: `renumbered_tables` says whether it corrects that table)."""
    boards = _row_groups(key)
    sections = _events(boards, inputs.sections)
    people = seated_people(inputs)
    seated = seated_players(inputs, people)
    tables = _row_groups(np.concatenate([boards[:, None].astype(np.uint64), people], axis=1))
    same = _events(tables, np.where(seated, inputs.sections, np.uint64(0)))
    paired = (inputs.pairs != 0).all(axis=1) & ~seated
    numbered = _row_groups(np.concatenate([boards[:, None].astype(np.uint64), inputs.pairs], axis=1))
    same = np.where(seated, same, _events(numbered, np.where(paired, inputs.sections, np.uint64(0))))
    renumbered = (inputs.sections == 0) & paired & (same != 0)
    if renumbered.any():  # a file giving most of the sections' tables again is a section of its own
        tabled = paired & (inputs.sections != 0)
        files, again = np.unique(inputs.files[renumbered], return_counts=True)
        most = {int(f) for f, n in zip(files.tolist(), again.tolist(), strict=True)
                if most_again(n, int((tabled & (inputs.files != f)).sum()))}
        renumbered &= ~np.isin(inputs.files, list(most))
    replay = (inputs.sections == 0) & ((seated & (same != 0)) | renumbered)
    joined = (inputs.sections == 0) & (sections != 0) & ~replay
    sections = np.where(replay, same, sections)
    if not joined.any():
        return sections
    board = key.copy()
    board[:, 6] = sections
    groups = _row_groups(board).astype(np.uint64)
    named = inputs.sections != 0
    clashing: set[int] = set()
    for side in (0, 1):
        pair = inputs.pairs[:, side]
        seats = _row_groups(np.stack([groups, pair], axis=1))
        taken = np.isin(seats, seats[named & (pair != 0)])
        clashing.update(inputs.files[joined & (pair != 0) & taken].tolist())
    if clashing:
        sections[(joined | replay) & np.isin(inputs.files, list(clashing))] = 0
    return sections


def _rooms_of_matches(boards: npt.NDArray[np.intp], inputs: FieldInputs
                      ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint64]]:
    """Each result's room and team match as its field takes them: a result naming the open room on a board
    (``boards``: a group number per board and deal) that no result names the closed room of, and that
    results naming no room play, is of no room and no match (BBO's ``qx|o1|`` on a pairs game's result)."""
    rooms, matches = inputs.rooms, inputs.matches
    size = int(boards.max()) + 1 if len(boards) else 0
    closed = np.bincount(boards[rooms == CLOSED], minlength=size) > 0
    roomless = np.bincount(boards[rooms == 0], minlength=size) > 0
    pairs_game = (rooms == OPEN) & ~closed[boards] & roomless[boards]
    if not pairs_game.any():
        return rooms, matches
    return np.where(pairs_game, np.int8(0), rooms), np.where(pairs_game, np.uint64(0), matches)


@dataclass(frozen=True)
class Unsectioned:
    """Results that name no section on a board several sections play: which section each is of nothing
    says, so each is a field of its own, left out of the sections' scores (`field_key`)."""

    file: str
    """The file, as the ``file`` column names it."""
    board: int
    """The first such board's number (-1: none)."""
    results: int
    sections: tuple[str, ...]
    """The sections the board's other results name."""


def unplaced_results(inputs: FieldInputs, key: npt.NDArray[np.uint64] | None = None) -> list[Unsectioned]:
    """The results, a file at a time, that name no section on a board whose other results name several
    (``key``: `field_key`'s): a field of their own, which the warning says."""
    key = field_key(inputs)[0] if key is None else key
    lost = (key[:, 6] == 0) & (inputs.sections == 0) & (inputs.valid | inputs.adjusted)  # results only
    if not lost.any() or inputs.sections.max(initial=0) == 0:
        return []
    board = key.copy()
    board[:, 6] = 0
    groups = _row_groups(board[:, :8])
    named = inputs.sections != 0
    sections: dict[int, set[int]] = {}
    for group, code in zip(groups[named].tolist(), inputs.sections[named].tolist(), strict=True):
        sections.setdefault(group, set()).add(code)
    found: dict[int, Unsectioned] = {}
    for row in np.flatnonzero(lost).tolist():
        codes = sections.get(int(groups[row]), set())
        if len(codes) < 2:
            continue
        file = int(inputs.files[row])
        had = found.get(file)
        found[file] = Unsectioned(inputs.names[file - 1] if file else "", int(inputs.board[row]), 1,
                                  tuple(inputs.section_names[c - 1] for c in sorted(codes))) \
            if had is None else replace(had, results=had.results + 1)
    return list(found.values())


def _events(boards: npt.NDArray[np.intp], events: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """Each result's event or date (`FieldInputs.events`, ``dates``), one given none taking that of the
    other results of its board (``boards``: a group number per result) where they name one and one only."""
    named = events != 0
    if named.all() or not named.any():
        return events
    pairs = np.unique(np.stack([boards[named].astype(np.uint64), events[named]], axis=1), axis=0)
    numbers, first, count = np.unique(pairs[:, 0], return_index=True, return_counts=True)
    where = np.clip(np.searchsorted(numbers, boards.astype(np.uint64)), 0, len(numbers) - 1)
    joins = ~named & (numbers[where] == boards.astype(np.uint64)) & (count[where] == 1)
    given = events.copy()
    given[joins] = pairs[first[where[joins]], 1]
    return given


def _row_groups(key: npt.NDArray[np.uint64]) -> npt.NDArray[np.intp]:
    """A group number per row of ``key``, equal for equal rows: the rows are hashed to one number each
    and grouped by it (quick), and by the whole rows only if two different rows share a hash."""
    mixed = np.zeros(len(key), dtype=np.uint64)
    with np.errstate(over="ignore"):
        for column in key.T:  # a multiply-xorshift hash of the row, column by column
            mixed = (mixed ^ column) * np.uint64(0x9E3779B97F4A7C15)
            mixed ^= mixed >> np.uint64(29)
    _, first, groups = np.unique(mixed, return_index=True, return_inverse=True)
    groups = groups.reshape(-1)
    if not (key == key[first[groups]]).all():  # a collision: group by the rows themselves
        _, groups = np.unique(key, axis=0, return_inverse=True)
        groups = groups.reshape(-1)
    return groups
