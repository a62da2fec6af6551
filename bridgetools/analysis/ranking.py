"""Pair rankings of a pairs session: each pair's matchpoints (or IMPs) over the boards it played, ranked.

A director scoring a pairs game reads the boards' field results (`bridgetools.analysis.field`) pair by
pair: every scored result credits its North-South pair (``ns_pair``) with ``mp_ns`` and its East-West pair
(``ew_pair``) with the rest of the board's top (or, for a director's artificial adjusted score, East-West's
own percentage of it), the pairs told by their names where rows give them (an arrow-switched round). Each
board's matchpoints are brought to the field's common top (Neuberg) so that every board counts alike, and a
pair's percentage is its total over that top on the boards it played, so a pair that sat out a round is
scored on the boards it played. Pairs are ranked within a session (the results' event and date, else their
file; files sharing no deal and no player apart) and section, files that seat one pair at one board apart
as their fields are (`field.files_apart`): in a Mitchell (no pair sat both directions, or the two
directions number their pairs alike) North-South and East-West apart, in a Howell as one field. Results
that number no pair but name its two players (BBO LIN) are told by the players (`_by_names`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bridgetools.analysis.pipeline import FIELD_FROM
from bridgetools.analysis.summary import aligned_lines

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import pandas as pd

    from bridgetools.board import Table

COLUMNS = tuple(dict.fromkeys(("file", "event", "date", "section", "board", "deal", "scoring", "ns_pair",
                               "ew_pair", "player_n", "player_e", "player_s", "player_w", "mp_ns", "pct_ns",
                               "field_size", "adjusted_pct_ns", "adjusted_pct_ew", "ximp_ns", "butler_ns",
                               "mp_ew", "ximp_ew", "butler_ew", "file_mp_ns", "file_mp_ew", *FIELD_FROM)))
"""The `boards` columns a ranking reads, and every one its files' fields are told apart by (`files_apart`,
`FIELD_FROM`: a team match's tags too), so that it finds the fields and corrections `analyze --by board`
finds."""

FORMATS = ("text", "csv", "json", "markdown")

SEATS = ("player_n", "player_e", "player_s", "player_w")

DIRECTIONS = {"NS": "North-South", "EW": "East-West"}

TIE = 9
"""Decimals two pairs' percentages (or IMPs a board) must agree to to share a rank: equal but for the
last bits of floating-point sums (a Neuberg 7.333... added in another order)."""


@dataclass(frozen=True)
class PairScore:
    """One pair's line of a ranking: its totals over the boards it played."""

    rank: str
    """``1``, or ``3=`` when tied with another pair."""
    pair: str
    players: tuple[str, ...]
    """The pair's players as most of its rows naming them give them (``()``: none named)."""
    boards: int
    matchpoints: float
    """Its matchpoints, each board's brought to the field's common top (`_factored`)."""
    top: float
    """The most matchpoints the boards it played could give: the common top a board."""
    imps: float | None
    """Total IMPs (Butler or cross-IMPs, as the session is scored; an adjusted score's by Law 86A), None
    where no board has them."""
    imp_boards: int = 0
    """How many of its boards have IMPs."""

    @property
    def names(self) -> str | None:
        """``Smith - Jones``, as a director writes a pair; None when its rows name nobody."""
        return " - ".join(self.players) or None

    @property
    def percentage(self) -> float | None:
        """Matchpoints as a percentage of the top available on the boards played."""
        return 100 * self.matchpoints / self.top if self.top > 0 else None

    @property
    def imps_per_board(self) -> float | None:
        """IMPs over the boards that have them."""
        return self.imps / self.imp_boards if self.imps is not None and self.imp_boards else None


@dataclass(frozen=True)
class Ranking:
    """The ranking of one field of pairs: a session's section, one direction of a Mitchell or a Howell."""

    event: str | None
    date: str | None
    file: str | None
    section: str | None
    direction: str | None
    """``NS`` or ``EW`` in a Mitchell; None in a Howell (one ranking)."""
    imps: str | None
    """``Butler`` or ``cross-IMPs`` when the session is scored at IMPs (ranked by IMPs a board); None at
    matchpoints (ranked by percentage)."""
    pairs: tuple[PairScore, ...]
    by_file: bool = False
    """Whether the session's files are ranked apart (their pairs share numbers: `files_apart`): the
    title names the first file of the ranking."""
    files: int = 1
    """How many files its results are in: a session naming no event nor date is titled by its first file
    and the count of the others (a BBO session's LIN files, one a table)."""

    @property
    def movement(self) -> str:
        return "Howell" if self.direction is None else "Mitchell"

    @property
    def session(self) -> str:
        """``Monday Pairs, 2026.12.07`` (``..., b.pbn`` when the session's files are ranked apart;
        ``table01.lin and 9 other files`` for one naming no event nor date)."""
        others = self.files - 1
        named = f"{self.file} and {others} other file{'s' if others > 1 else ''}" if self.file and others \
            else self.file
        return ", ".join(part for part in (self.event, self.date, self.file if self.by_file else None)
                         if part) or named or "results"

    @property
    def title(self) -> str:
        """``Monday Pairs, 2026.12.07, section A: North-South (Mitchell)`` (``..., 2026.12.07, b.pbn: ...``
        when the session's files are ranked apart)."""
        where = self.session
        section = f", section {self.section}" if self.section else ""
        side = f"{DIRECTIONS[self.direction]} " if self.direction else ""
        scored = f", {self.imps}" if self.imps else ""
        return f"{where}{section}: {side}({self.movement}{scored})"


@dataclass(frozen=True)
class PairRankings:
    """Every ranking of some results, and what was left out of them (one sentence each)."""

    rankings: tuple[Ranking, ...]
    left_out: tuple[str, ...]
    untopped: int = 0
    """Fields of pairs left unranked because no board of theirs was played twice (`_untopped`)."""


@dataclass(frozen=True)
class _Entry:
    """One side of one scored result: the pair, its board, its matchpoints and top, its IMPs."""

    pair: str
    side: str
    board: tuple[Any, Any]
    players: tuple[str, ...]
    mp: float | None
    top: float | None
    imps: float | None
    adjusted: float | None = None
    """The side's own percentage of a director's artificial adjusted score (60 average-plus), else None."""


AVERAGE_PLUS_IMPS = 3.0
"""IMPs of an average-plus (60%) in an IMP-scored event, minus 3 for average-minus (Law 86A)."""


def pair_rankings(frame: pd.DataFrame, mp_scale: str | None = None) -> PairRankings:
    """The rankings of the pairs of ``frame`` (a `boards` frame: an export read back, `load_results`), the
    matchpoints of each session on the scale ``mp_scale`` names (``acbl``, ``ebu``: `MP_SCALES`), else on
    the file's own (`matchpoint_scale`: the ACBL's where the matchpoints it gives are half ours)."""
    if frame.empty or "ns_pair" not in frame:
        return PairRankings((), ())
    import pandas as pd

    from bridgetools.analysis.field import FieldInputs, clash_lines, field_names, files_apart

    rows = frame.reset_index(drop=True)
    inputs = FieldInputs.of_rows(rows)
    apart, clashes = files_apart(inputs)  # as the fields are: a section to each part
    given = field_names(inputs)  # a late traveller's section, date and event: its field's
    rows = rows.assign(**{name: rows[name].where(rows[name].notna(), pd.Series(given[name], dtype=object))
                          for name in given if name in rows})
    left_out = clash_lines(clashes)  # the words the fields were scored apart with (`load_results`)
    rows = rows.assign(_part=apart.astype("int64"), _team=inputs.matches != 0)
    numbered = rows["ns_pair"].notna() | rows["ew_pair"].notna()
    keys_ns, keys_ew = _pair_keys(rows, ("player_n", "player_s")), _pair_keys(rows, ("player_e", "player_w"))
    told = [ns is not None or ew is not None for ns, ew in zip(keys_ns, keys_ew, strict=True)]
    by_names = ~numbered & pd.Series(told, index=rows.index, dtype=bool)  # numbered by `_by_names`
    named = numbered | by_names
    imps_column = _imps_column(rows)
    scored = rows["pct_ns"].notna() | rows[imps_column].notna()
    # a result: a contract, or a score in points with none (a scorer's traveller of pair numbers and scores)
    results = [name for name in ("contract", "file_score_ns") if name in rows]
    unscored = rows[named & ~scored & (rows[results].notna().any(axis=1) if "contract" in rows else True)]
    for file, count in _counts(unscored):
        left_out.append(f"{file}{_results(count)} of pairs with no matchpoints (a board played once in its "
                        "field, or a table the field could not score): not in the pairs' boards")
    nameless = rows[~named & scored]
    for file, count in _counts(nameless):
        names = "names" if count == 1 else "name"
        left_out.append(f"{file}{_results(count)} {names} no pair (no PairId_NS or PairId_EW, nor two "
                        "players' names): left out of the pair rankings")
    for side, keys, other, seats in (("North-South", keys_ns, keys_ew, ("player_n", "player_s")),
                                     ("East-West", keys_ew, keys_ns, ("player_e", "player_w"))):
        untold = [key is None and theirs is not None and not _robots(rows, seats, at)
                  for at, (key, theirs) in enumerate(zip(keys, other, strict=True))]
        untold_rows = rows[~numbered & scored & pd.Series(untold, index=rows.index, dtype=bool)]
        for file, count in _counts(untold_rows):
            names = "names" if count == 1 else "name"
            left_out.append(f"{file}{_results(count)} {names} no {side} pair (a seat naming no one: `?`, "
                            f"`North`, a name missing; their opponents named): {side} left out of the pair "
                            "rankings")
    homes = _homes(rows, numbered, by_names, keys_ns, keys_ew)
    known = _numbered_pairs(rows, numbered, keys_ns, keys_ew)
    rows = rows[named & scored]
    rankings: list[Ranking] = []
    untopped = 0
    keys = _sessions(rows, homes[named & scored])
    scales = {session: _session_scale(each, mp_scale)
              for session, each in rows.groupby([keys[c] for c in ("event", "date", "file", "sitting")],
                                                sort=False)}
    apart = keys[keys["sitting"] != ""]
    for (event, date), each in apart.groupby([apart["event"], apart["date"]], sort=False):
        files = ", ".join(dict.fromkeys(rows.loc[each.index, "file"].astype(str)))
        left_out.append(f"{files}: one event and date ({', '.join(p for p in (event, date) if p)}) but no "
                        "deal or player in common: ranked as separate sessions, each under its first file")
    for (event, date, home, section, sitting), group in rows.groupby([keys[c] for c in keys.columns],
                                                                     sort=False):
        scale = scales[(event, date, home, sitting)]
        scoring = _imps_scoring(group) or _team_imps(group)
        column = imps_column if scoring is None else "ximp_ns" if scoring == "cross-IMPs" else "butler_ns"
        pairs = known.get((event, date, section), {})
        parts = [(part, _seated(_by_names(list(_entries(part, column)), pairs)))
                 for _, part in group.groupby("_part", sort=False)]
        for part, entries in parts:
            twice = _played_twice(entries)
            if twice is not None:
                left_out.append(f"{_counts(part)[0][0]}{twice} twice: both results counted (a board given "
                                "twice, or two pairs under one number)")
            first_file = _text(part["file"].iloc[0]) if "file" in part else None  # the session's first
            for direction, each in _fields(entries):
                if not scoring and all(e.top is None for e in each):  # only adjusted boards played once
                    left_out.append(_untopped(part, each, direction))
                    untopped += 1
                    continue
                ranking = Ranking(event or None, date or None, first_file, section or None, direction,
                                  scoring, _ranked(each, bool(scoring), scale),
                                  len(parts) > 1 or bool(sitting),
                                  int(part["file"].nunique()) if "file" in part else 1)
                left_out.extend(_named_apart(ranking, each))
                rankings.append(ranking)
    return PairRankings(tuple(rankings), tuple(left_out), untopped)


def _untopped(part: pd.DataFrame, entries: list[_Entry], direction: str | None) -> str:
    """What is said of a field of pairs whose every board was played once and given an artificial adjusted
    score (``A+``): a percentage of no top (Law 12C2's 60% of the matchpoints available, and none are) ranks
    no pair."""
    side = f" {DIRECTIONS[direction]}" if direction else ""
    return (f"{_counts(part)[0][0]}{_results(len(entries))} of{side} pairs given an artificial adjusted "
            "score on a board played once, in a field with no board played twice: no top to take a "
            "percentage of, not ranked")


def _session_scale(rows: pd.DataFrame, named: str | None) -> float:
    """The scale a session's matchpoints are shown on (`matchpoint_scale`): the one ``named``, else the
    file's, learnt from each side's matchpoints its rows give (``file_mp_ns``, ``file_mp_ew``) beside
    ours (``mp_ns``, East-West's `east_west_matchpoints`)."""
    from bridgetools.analysis.field import east_west_matchpoints, matchpoint_scale

    def numbers(name: str) -> npt.NDArray[np.float64]:
        return _numbers(rows, name)

    if named is not None or ("file_mp_ns" not in rows and "file_mp_ew" not in rows):
        return matchpoint_scale((), named)
    mp_ns = numbers("mp_ns")
    mp_ew = east_west_matchpoints(mp_ns, numbers("field_size"), numbers("adjusted_pct_ew"), numbers("mp_ew"))
    return matchpoint_scale([*zip(numbers("file_mp_ns").tolist(), mp_ns.tolist(), strict=True),
                             *zip(numbers("file_mp_ew").tolist(), mp_ew.tolist(), strict=True)])


def _played_twice(entries: list[_Entry]) -> str | None:
    """The first pair that has a board twice on one side (``North-South pair 1 has board 1``), or None:
    a pair plays a board once in a session, so two such results are two pairs under one number."""
    seen: set[tuple[str, str, tuple[Any, Any]]] = set()
    for entry in entries:
        key = (entry.side, entry.pair, entry.board)
        if key in seen:
            board = "?" if entry.board[0] is None else f"{entry.board[0]:g}"
            return f"{DIRECTIONS[entry.side]} pair {entry.pair} has board {board}"
        seen.add(key)
    return None


def _counts(rows: pd.DataFrame) -> list[tuple[str, int]]:
    """How many of ``rows`` each file holds, in the order of the files, each file as a sentence starts
    with it (``club.pbn: ``; ``""`` for rows of no file)."""
    counts: dict[str, int] = {}
    for file in rows["file"] if "file" in rows else [None] * len(rows):
        named = "" if (text := _text(file)) is None else f"{text}: "
        counts[named] = counts.get(named, 0) + 1
    return list(counts.items())


def _results(count: int) -> str:
    return "1 result" if count == 1 else f"{count} results"


def _text(value: Any) -> str | None:
    """A cell as text, None where null (None, NaN, ``<NA>``)."""
    import pandas as pd

    return None if value is None or pd.isna(value) else str(value)


def _sessions(rows: pd.DataFrame, homes: pd.Series) -> pd.DataFrame:
    """Each result's session and section, as text (``""`` for none): its event and date where either is
    given, else its home (`_homes`: its file, as a pair number names one pair in one session, whichever
    files hold its results), and its sitting: the first file of its sitting where one event and date
    (or no event, date nor home) holds several (`_sittings`), else ``""``."""
    import pandas as pd

    def column(name: str) -> pd.Series:
        return rows[name].astype(object).fillna("").astype(str) if name in rows else \
            pd.Series("", index=rows.index, dtype=object)

    event, date = column("event"), column("date")
    file = homes.where((event == "") & (date == ""), "")
    sitting = pd.Series("", index=rows.index, dtype=object)
    for _, session in rows.groupby([event, date, file], sort=False):
        sittings = _sittings(session) if "file" in session else []
        for files in sittings if len(sittings) > 1 else []:
            sitting[session.index[session["file"].astype(str).isin(files)]] = files[0]
    return pd.DataFrame({"event": event, "date": date, "file": file, "section": column("section"),
                         "sitting": sitting})


def _sittings(session: pd.DataFrame) -> list[list[str]]:
    """The files of one event and date grouped by the games they hold: two files sharing no deal and no
    player are two sittings (an afternoon and an evening session under one Event), ranked apart; where a
    file names nobody they cannot be told apart and are one."""
    held: dict[str, tuple[set[str], set[str]]] = {}
    for file, rows in session.groupby(session["file"].astype(str), sort=False):
        deals = set(rows["deal"].dropna().astype(str)) if "deal" in rows else set()
        players = set(_folded_names(_people(name for seat in SEATS if seat in rows for name in rows[seat])))
        held[str(file)] = (deals, players)
    if any(not players for _, players in held.values()):
        return [list(held)]
    groups: list[tuple[list[str], set[str], set[str]]] = []
    for file, (deals, players) in held.items():  # a file joins every group it shares a deal or player with
        joined = [group for group in groups if group[1] & deals or group[2] & players]
        groups = [group for group in groups if group not in joined]
        groups.append(([f for group in joined for f in group[0]] + [file],
                       deals.union(*(group[1] for group in joined)),
                       players.union(*(group[2] for group in joined))))
    return sorted((group[0] for group in groups), key=lambda files: list(held).index(files[0]))


def _folded_names(players: Iterable[str]) -> frozenset[str]:
    """A row's names as they tell its players (`field.folded_name`), in any order."""
    from bridgetools.analysis.field import folded_name

    return frozenset(folded_name(name) for name in players)


def _people(names: Iterable[Any]) -> tuple[str, ...]:
    """The seats' names that name a person (`field.names_someone`: not ``?``, ``North``, a robot)."""
    from bridgetools.analysis.field import names_someone

    return tuple(text for text in map(_text, names) if text is not None and names_someone(text))


def _pair_key(players: Iterable[Any]) -> frozenset[str] | None:
    """The pair two seats' names tell (`field.folded_name`, in either order): its two people, or the one
    person partnered by a robot (`field.is_robot`: a human playing with a robot on BBO is ranked by the
    human's name); None where they tell none: a seat naming nobody else (`field.names_someone`: ``?``,
    ``North``), two robots, or both seats the one name."""
    from bridgetools.analysis.field import is_robot

    names = [_text(name) for name in players]
    people = _people(names)
    robots = sum(name is not None and is_robot(name) for name in names)
    if len(names) != 2 or not people or len(people) + robots != 2:
        return None
    key = _folded_names(people)
    return key if len(key) == len(people) else None


def _robots(rows: pd.DataFrame, seats: tuple[str, str], at: int) -> bool:
    """Whether both ``seats`` of the row at ``at`` are robots (`field.is_robot`: a BBO robot game's
    opponents, ranked by no one)."""
    from bridgetools.analysis.field import is_robot

    return all(seat in rows and is_robot(_text(rows[seat].iat[at])) for seat in seats)


def _pair_keys(rows: pd.DataFrame, seats: tuple[str, str]) -> list[frozenset[str] | None]:
    """Each row's `_pair_key` of its two ``seats``."""
    if any(seat not in rows for seat in seats):
        return [None] * len(rows)
    return [_pair_key(both) for both in zip(rows[seats[0]].tolist(), rows[seats[1]].tolist(), strict=True)]


def _homes(rows: pd.DataFrame, numbered: pd.Series, by_names: pd.Series,
           keys_ns: list[frozenset[str] | None], keys_ew: list[frozenset[str] | None]) -> pd.Series:
    """Each result's home, its session where it names neither event nor date: its file; but for a result
    telling its pairs by their players alone (``by_names``), the file of a numbered result of those players
    (a late result of a file numbering its pairs), else none (``""``): a BBO session gives each table a
    LIN file, and its tables are one session (those sharing no deal and no player: `_sittings`)."""
    import pandas as pd

    files = rows["file"].astype(object).fillna("").astype(str).tolist() if "file" in rows \
        else [""] * len(rows)
    found: dict[frozenset[str], str] = {}
    for file, key_ns, key_ew, is_numbered in zip(files, keys_ns, keys_ew, numbered.tolist(), strict=True):
        for key in (key_ns, key_ew) if is_numbered else ():
            if key is not None:
                found.setdefault(key, file)
    homes = [next((found[key] for key in (key_ns, key_ew) if key is not None and key in found), "")
             if told else file
             for file, key_ns, key_ew, told in zip(files, keys_ns, keys_ew, by_names.tolist(), strict=True)]
    return pd.Series(homes, index=rows.index, dtype=object)


def _numbered_pairs(rows: pd.DataFrame, numbered: pd.Series, keys_ns: list[frozenset[str] | None],
                    keys_ew: list[frozenset[str] | None]
                    ) -> dict[tuple[str, str, str], dict[frozenset[str], set[tuple[str, str]]]]:
    """The numbered pairs each pair of players is (`_pair_key`), side and number, in each event, date and
    section (as `_sessions` gives them), of every result numbering its pairs, scored or not (a result a
    later file corrects still numbers its pairs)."""
    def column(name: str) -> list[str]:
        return rows[name].astype(object).fillna("").astype(str).tolist() if name in rows else [""] * len(rows)

    pairs: dict[tuple[str, str, str], dict[frozenset[str], set[tuple[str, str]]]] = {}
    given = zip(column("event"), column("date"), column("section"), column("ns_pair"), column("ew_pair"),
                keys_ns, keys_ew, numbered.tolist(), strict=True)
    for event, date, section, ns, ew, key_ns, key_ew, is_numbered in given:
        for side, pair, key in (("NS", ns, key_ns), ("EW", ew, key_ew)) if is_numbered else ():
            if pair and key is not None:
                pairs.setdefault((event, date, section), {}).setdefault(key, set()).add((side, pair))
    return pairs


def _by_names(entries: list[_Entry], numbered: dict[frozenset[str], set[tuple[str, str]]]) -> list[_Entry]:
    """The entries with each side that numbers no pair given its pair by its players (`_pair_key`): the
    ``numbered`` pair (`_numbered_pairs`) its players are on that side (a late BBO result of a numbered
    session), else the one pair they are on the other (an arrow switch, credited to that pair as `_seated`
    credits one), else a number of their own, after the part's highest pair number, one a pair whichever
    side it sits (a Howell), in the order the pairs first appear, those first seen North-South first."""
    if all(entry.pair for entry in entries):
        return entries
    told: list[_Entry | frozenset[str]] = []
    first: dict[frozenset[str], tuple[int, int]] = {}
    partners = _partnered(entries, numbered)
    for at, entry in enumerate(entries):
        if entry.pair:
            told.append(entry)
            continue
        key = _folded_names(entry.players)  # its people: its pair as `_entries` told it (`_pair_key`)
        key = partners.get(key, key)  # a robot partnering one player of a pair for a while: that pair
        pairs = numbered.get(key, set())
        same = [pair for side, pair in pairs if side == entry.side]
        if len(same) == 1:
            told.append(replace(entry, pair=same[0]))
        elif not same and len(pairs) == 1:
            side, pair = next(iter(pairs))
            told.append(replace(entry, side=side, pair=pair))
        else:  # players of no numbered pair (or of several): a pair of their own
            first.setdefault(key, (0 if entry.side == "NS" else 1, at))
            told.append(key)
    highest = max((int(entry.pair) for entry in entries if entry.pair.isdigit()), default=0)
    numbers = {key: str(highest + n) for n, key in enumerate(sorted(first, key=first.__getitem__), start=1)}
    return [replace(entries[at], pair=numbers[each]) if isinstance(each, frozenset) else each
            for at, each in enumerate(told)]


def _partnered(entries: list[_Entry], numbered: dict[frozenset[str], set[tuple[str, str]]]
               ) -> dict[frozenset[str], frozenset[str]]:
    """The pair of two players that a player partnered by a robot (a one-name key, `_pair_key`) stands for:
    the one pair among ``entries`` and ``numbered`` that the player is in (a robot substituting for an
    absent partner on BBO plays for the pair); a player in none (a BBO robot game) or in several is kept."""
    pairs: dict[frozenset[str], set[frozenset[str]]] = {}
    for key in [*numbered, *(_folded_names(entry.players) for entry in entries if not entry.pair)]:
        if len(key) == 2:
            for name in key:
                pairs.setdefault(frozenset((name,)), set()).add(key)
    return {alone: next(iter(held)) for alone, held in pairs.items() if len(held) == 1}


def _seated(entries: Iterable[_Entry]) -> list[_Entry]:
    """The entries with each side credited to the pair its names show: a row whose North-South names are
    those of an East-West pair (an arrow-switched round) is that pair's, sitting North-South. A pair's
    names are those most of its rows give; rows naming nobody are as numbered."""
    entries = list(entries)
    usual = {key: names.most_common(1)[0][0] for key, names in _names(entries).items()}
    known: dict[frozenset[str], list[tuple[str, str]]] = {}
    for key, names in usual.items():
        known.setdefault(names, []).append(key)
    seated = []
    for entry in entries:
        names = _folded_names(entry.players)
        others = [key for key in known.get(names, []) if key[0] != entry.side]
        if entry.players and usual.get((entry.side, entry.pair)) != names and len(others) == 1:
            entry = replace(entry, side=others[0][0], pair=others[0][1])
        seated.append(entry)
    return seated


def _names(entries: Iterable[_Entry]) -> dict[tuple[str, str], Counter[frozenset[str]]]:
    """How often each pair (side and number) is given each set of names."""
    names: dict[tuple[str, str], Counter[frozenset[str]]] = {}
    for entry in entries:
        if entry.players:
            names.setdefault((entry.side, entry.pair), Counter())[_folded_names(entry.players)] += 1
    return names


def _named_apart(ranking: Ranking, entries: list[_Entry]) -> list[str]:
    """A sentence when one pair of the ranking is named as two pairs (neither names the other's players:
    two pairs under one number, not a player missing from a row), naming the first such pair and both
    names; none otherwise."""
    clashes = []
    if ranking.direction is None:  # a Howell's pair sits both ways under one number
        entries = [replace(e, side="NS") for e in entries]
    for (side, pair), names in _names(entries).items():
        given = list(names)
        apart = next(((a, b) for a in given for b in given if not a <= b and not b <= a), None)
        if apart is not None:
            which = "pair" if ranking.direction is None else f"{DIRECTIONS[side]} pair"
            clashes.append(f"{which} {pair} is named both {_players(entries, side, pair, apart[0])} and "
                           f"{_players(entries, side, pair, apart[1])}")
    if not clashes:
        return []
    more = len(clashes) - 1
    others = f" (and {more} other pair{'s' if more > 1 else ''} likewise)" if more else ""
    section = f", section {ranking.section}" if ranking.section else ""
    return [f"{ranking.session}{section}: {clashes[0]}{others}: their results are counted as one "
            "pair's (two sessions under one Event and Date, or a pair number given twice?)"]


def _players(entries: list[_Entry], side: str, pair: str, names: frozenset[str]) -> str:
    """The names as a row gives them (``A - B``)."""
    return " - ".join(next(e.players for e in entries
                           if (e.side, e.pair) == (side, pair) and _folded_names(e.players) == names))


def _imps_column(rows: pd.DataFrame) -> str:
    return "butler_ns" if "butler_ns" in rows else "ximp_ns"


def _imps_scoring(rows: pd.DataFrame) -> str | None:
    """``Butler`` or ``cross-IMPs`` when the results' Scoring tag says IMPs (PBN: ``IMP;Butler``,
    ``IMP;Cross``...), else None: matchpoints."""
    if "scoring" not in rows:
        return None
    for value in rows["scoring"].dropna().astype(str).unique():
        parts = [part.strip().lower() for part in value.removeprefix("#").split(";")]
        if parts and parts[0] == "imp":
            return "cross-IMPs" if any(part.startswith("cross") for part in parts[1:]) else "Butler"
    return None


def _team_imps(rows: pd.DataFrame) -> str | None:
    """``cross-IMPs`` for a session of team matches' results whose Scoring tag says nothing (endplay's
    example3.pbn, a vugraph archive, names none): a team match is scored in IMPs, each table against the
    other room of its match (the one comparison of its field of two), as `analyze --by match` scores it;
    None otherwise (matchpoints: a pairs game's, and any session holding results of no team match)."""
    if "scoring" in rows and rows["scoring"].notna().any():
        return None
    return "cross-IMPs" if bool(rows["_team"].all()) else None


def _numbers(rows: pd.DataFrame, name: str) -> npt.NDArray[np.float64]:
    """Column ``name`` of ``rows`` as floats, NaN where null or not there."""
    import numpy as np
    import pandas as pd

    if name not in rows:
        return np.full(len(rows), np.nan)
    values: npt.NDArray[np.float64] = pd.to_numeric(rows[name], errors="coerce").to_numpy(
        dtype=np.float64, na_value=np.nan)
    return values


def _entries(rows: pd.DataFrame, imps_column: str) -> Iterable[_Entry]:
    """Each pair's side of each result: North-South's figures as they are, East-West's the rest of the
    top (an adjusted score: East-West's own percentage of it: `east_west_matchpoints`) and the IMPs
    negated, or their own where the field holds scores that do not balance (``mp_ew``, `east_west_imps`);
    a side numbering no pair but naming its players with pair ``""`` (`_by_names` numbers it)."""
    import numpy as np

    from bridgetools.analysis.field import east_west_imps, east_west_matchpoints, matchpoint_tops

    n = len(rows)

    def numbers(name: str) -> npt.NDArray[np.float64]:
        return _numbers(rows, name)

    def figures(values: npt.NDArray[np.float64]) -> list[float | None]:
        return [None if np.isnan(value) else value for value in values.tolist()]

    def column(name: str) -> list[Any]:
        return rows[name].tolist() if name in rows else [None] * n

    size, mp_ns, adjusted_ew = numbers("field_size"), numbers("mp_ns"), numbers("adjusted_pct_ew")
    tops = figures(matchpoint_tops(size))
    north_south = figures(mp_ns)
    east_west = figures(east_west_matchpoints(mp_ns, size, adjusted_ew, numbers("mp_ew")))
    imps = figures(numbers(imps_column))
    imps_ew = figures(east_west_imps(numbers(imps_column), numbers(imps_column.replace("_ns", "_ew"))))
    adjusted = (figures(numbers("adjusted_pct_ns")), figures(adjusted_ew))
    boards = list(zip(figures(numbers("board")), map(_text, column("deal")), strict=True))
    pairs = (column("ns_pair"), column("ew_pair"))
    seated = {seat: column(seat) for seat in ("player_n", "player_s", "player_e", "player_w")}
    for i in range(n):
        top, ns_imps = tops[i], imps[i]
        for side, pair, mp, signed, own, seats in (
                ("NS", pairs[0][i], north_south[i], ns_imps, adjusted[0][i], ("player_n", "player_s")),
                ("EW", pairs[1][i], east_west[i], imps_ew[i], adjusted[1][i],
                 ("player_e", "player_w"))):
            players = _people(seated[seat][i] for seat in seats)  # a robot partner, a ``?``: no name
            if _text(pair) is None and _pair_key(seated[seat][i] for seat in seats) is None:
                continue  # numbered nor told by its players (`_by_names`)
            if signed is None and own is not None:  # average-plus at IMPs: 3 IMPs (Law 86A)
                signed = (own - 50) / 10 * AVERAGE_PLUS_IMPS
            yield _Entry(_text(pair) or "", side, boards[i], players,
                         mp if top is not None else None, top if mp is not None else None, signed, own)


def _fields(entries: list[_Entry]) -> list[tuple[str | None, list[_Entry]]]:
    """The entries of a section as ranked: one list a direction in a Mitchell (no pair sat both
    directions, or a pair number is on both sides of one board, so the directions number their pairs
    apart), else one list (a Howell)."""
    ns = {e.pair for e in entries if e.side == "NS"}
    ew = {e.pair for e in entries if e.side == "EW"}
    sides: dict[tuple[Any, Any], dict[str, set[str]]] = {}
    for entry in entries:
        sides.setdefault(entry.board, {"NS": set(), "EW": set()})[entry.side].add(entry.pair)
    numbered_apart = any(each["NS"] & each["EW"] for each in sides.values())
    if ns & ew and not numbered_apart:
        return [(None, entries)]
    return [(side, [e for e in entries if e.side == side]) for side in ("NS", "EW")
            if any(e.side == side for e in entries)]


def _ranked(entries: list[_Entry], by_imps: bool, scale: float = 1.0) -> tuple[PairScore, ...]:
    """Each pair's totals, best first, tied pairs sharing a rank (``3=``); ranked by percentage, or by
    IMPs a board when ``by_imps``; matchpoints and tops times ``scale`` (`matchpoint_scale`)."""
    by_pair: dict[str, list[_Entry]] = {}
    for entry in entries:
        by_pair.setdefault(entry.pair, []).append(entry)
    common = max((e.top for e in entries if e.top is not None), default=None)
    scores = [_totals(pair, each, common, scale) for pair, each in by_pair.items()]

    def key(score: PairScore) -> float:
        figure = score.imps_per_board if by_imps else score.percentage
        return round(figure, TIE) if figure is not None else float("-inf")

    scores.sort(key=lambda s: (-key(s), _pair_order(s.pair)))
    keys = [key(score) for score in scores]
    ranked = []
    for i, score in enumerate(scores):
        place = keys.index(keys[i]) + 1  # the first of the pairs on its figure: they are in order
        tied = keys.count(keys[i]) > 1
        ranked.append(replace(score, rank=f"{place}{'=' if tied else ''}"))
    return tuple(ranked)


def _totals(pair: str, entries: list[_Entry], common: float | None, scale: float = 1.0) -> PairScore:
    """A pair's totals over its boards (unranked): the names most of its rows give, the matchpoints of
    the boards scored each brought to the field's common top (`_factored`: an artificial adjusted score on
    a board played once, which has no top of its own, its percentage of it, Law 12C2) and that top a board
    (both times ``scale``: the ACBL's 1/2), the IMPs of those that have them."""
    scored = [e for e in entries if (e.mp is not None and e.top is not None)
              or (e.adjusted is not None and common is not None)]  # a board played once: its % of common
    imps = [e.imps for e in entries if e.imps is not None]
    named = Counter(e.players for e in entries if e.players)
    return PairScore("", pair, named.most_common(1)[0][0] if named else (), len(entries),
                     scale * sum(_factored(e, common) for e in scored), scale * (common or 0.0) * len(scored),
                     sum(imps) if imps else None, len(imps))


def _factored(entry: _Entry, common: float | None) -> float:
    """The entry's matchpoints on the field's common top (that of a board played the most times), so that
    each board counts alike: a board played fewer times scaled up by Neuberg's formula, as the field's
    matchpoints already scale an adjusted board's results; an adjusted score that percentage of it."""
    from bridgetools.scoring.field import neuberg

    mp, top = entry.mp or 0.0, entry.top or 0.0
    if common is None or top == common:
        return mp
    if entry.adjusted is not None:
        return entry.adjusted / 100 * common
    return float(neuberg(mp, round(top / 2) + 1, round(common / 2) + 1))  # results: top / 2 + 1


def _pair_order(pair: str) -> tuple[int, float, str]:
    """Pair numbers in number order (2 before 10), other ids after them as text."""
    try:
        return (0, float(pair), pair)
    except ValueError:
        return (1, 0.0, pair)


def _figure(value: float | None, decimals: int = 2) -> str:
    """A figure as a director reads it: ``120``, ``7.33``, ``-``; no ``-0``."""
    if value is None:
        return "-"
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def ranking_rows(ranking: Ranking) -> tuple[list[str], list[list[str]]]:
    """The ranking as a table: rank, pair, names, boards, then the matchpoints, top and percentage (and
    the IMPs and IMPs a board where the session is scored at IMPs)."""
    header = ["rank", "pair", "names", "boards", "MP", "top", "%"]
    if ranking.imps:
        header = ["rank", "pair", "names", "boards", "IMPs", "IMPs/board"]
    pairs = ranking.pairs
    if ranking.imps:
        figures = [_column([p.imps for p in pairs]), _column([p.imps_per_board for p in pairs])]
    else:
        figures = [_column([p.matchpoints for p in pairs]), _column([p.top for p in pairs]),
                   ["-" if (percentage := p.percentage) is None else f"{percentage:.2f}" for p in pairs]]
    rows = [[pair.rank, pair.pair, pair.names or "-", str(pair.boards), *(column[i] for column in figures)]
            for i, pair in enumerate(pairs)]
    return header, rows


def _column(values: list[float | None]) -> list[str]:
    """A column of figures to one number of decimals, so that they line up: two where any has a fraction
    (``107.00`` beside ``107.02``), none where all are whole; ``-`` for none, no ``-0``."""
    decimals = 2 if any(v is not None and round(v, 2) != round(v) for v in values) else 0
    texts = []
    for value in values:
        text = "-" if value is None else f"{value:.{decimals}f}"
        texts.append(text[1:] if text.startswith("-") and text != "-" and float(text) == 0 else text)
    return texts


RECORD = ("event", "date", "file", "section", "direction", "movement", "scoring", "rank", "pair", "names",
          "boards", "mp", "top", "percentage", "imps", "imps_per_board")
"""The fields of a pair's CSV row and JSON record."""


def _record(ranking: Ranking, pair: PairScore) -> dict[str, Any]:
    def rounded(value: float | None) -> float | None:
        return None if value is None else round(value, 4) + 0.0

    return {"event": ranking.event, "date": ranking.date, "file": ranking.file, "section": ranking.section,
            "direction": ranking.direction, "movement": ranking.movement, "scoring": ranking.imps or "MP",
            "rank": pair.rank, "pair": pair.pair, "names": pair.names, "boards": pair.boards,
            "mp": rounded(pair.matchpoints), "top": rounded(pair.top), "percentage": rounded(pair.percentage),
            "imps": rounded(pair.imps), "imps_per_board": rounded(pair.imps_per_board)}


def render_rankings(rankings: Iterable[Ranking], fmt: str = "text") -> str:
    """The rankings as text (a heading and an aligned table each), a Markdown table each under a bold
    heading, or one CSV table / JSON list of every pair's record (`RECORD`)."""
    import csv
    import io

    rankings = list(rankings)
    if fmt == "json":
        return json.dumps([_record(r, p) for r in rankings for p in r.pairs], indent=2) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, RECORD, lineterminator="\n")
        writer.writeheader()
        for ranking in rankings:
            writer.writerows(_record(ranking, pair) for pair in ranking.pairs)
        return out.getvalue()
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
    blocks = []
    for ranking in rankings:
        header, rows = ranking_rows(ranking)
        if fmt == "markdown":
            rule = "|" + "|".join(["---:", "---:", "---", *["---:"] * (len(header) - 3)]) + "|"
            lines = ["| " + " | ".join(header) + " |", rule, *("| " + " | ".join(row) + " |" for row in rows)]
            blocks.append(f"**{ranking.title}**\n\n" + "\n".join(lines) + "\n")
        else:
            blocks.append("\n".join([ranking.title, *aligned_lines(header, rows, left={0, 1, 2})]) + "\n")
    return "\n".join(blocks)


def total_score_table(rankings: Iterable[Ranking]) -> Table:
    """The rankings of one session as a PBN ``TotalScoreTable`` (PBN 2.1 §5.10), for a board's ``tables``:
    a row a pair, ``Rank`` its place (tied pairs the same), ``Names`` its players ``Smith;Jones``, the
    matchpoint (``TotalMP``, ``TotalPercentage``) or IMP (``TotalIMP``, ``MeanIMP``) figures and
    ``NrBoards``; a ``Section`` and a ``Direction`` column (``N-S``, ``E-W``, as scorers write it) where
    the rankings are of sections or of a Mitchell's directions, and a ``Session`` one (`Ranking.session`)
    where they are of several sessions, whose pair numbers name other pairs."""
    from bridgetools.board import Table

    rankings = list(rankings)
    sessions = len({r.session for r in rankings}) > 1
    sections = any(r.section for r in rankings)
    directions = any(r.direction for r in rankings)
    matchpoints = any(r.imps is None for r in rankings)
    imps = any(r.imps is not None for r in rankings)
    columns = [*(["Session"] if sessions else []), "Rank\\3R", *(["Section"] if sections else []),
               "PairId\\3R",
               *(["Direction\\5R"] if directions else []), "Names",
               *(["TotalMP\\7R", "TotalPercentage\\6R"] if matchpoints else []),
               *(["TotalIMP\\6R", "MeanIMP\\6R"] if imps else []), "NrBoards\\3R"]
    rows = []
    for ranking in rankings:
        for pair in ranking.pairs:
            row = [*([ranking.session] if sessions else []), pair.rank.rstrip("="),
                   *([ranking.section or "-"] if sections else []), pair.pair,
                   *([{"NS": "N-S", "EW": "E-W"}.get(ranking.direction or "", "-")] if directions else []),
                   ";".join(pair.players) or "?"]
            if matchpoints:
                percentage = pair.percentage
                row += [_figure(pair.matchpoints), "?" if percentage is None else f"{percentage:.2f}"]
            if imps:
                row += [_figure(pair.imps) if pair.imps is not None else "?",
                        "?" if pair.imps_per_board is None else _figure(pair.imps_per_board)]
            rows.append([*row, str(pair.boards)])
    return Table(columns, rows)
