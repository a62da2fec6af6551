"""A kept ScoreTable's problems (Law 77 scores, Result cells that are no tricks, rows with no score), in one
place for every format that keeps the table: the PBN reader says them of the table it reads, and the JSON
reader says them again of a table an older schema's reader judged (`score_table_issues_again`)."""

from __future__ import annotations

from bridgetools._lazy import lazy_compile
from bridgetools.board import Board, Table
from bridgetools.errors import NOTE, Issue
from bridgetools.formats._law77 import law77_score, result_disagrees
from bridgetools.formats._results_tables import (
    BEYOND_POINTS,
    FIGURE_COLUMNS,
    _said,
    adjusted_percentages,
    beyond_points,
    board_section,
    cell_names,
    figure,
    is_tricks_cell,
    mixed_sections,
    own_table_disagreement,
    played_column,
    players_of,
    seated_ambiguity,
    seated_result,
    seated_rows,
    side_score,
    table_result,
)
from bridgetools.model import TableResult
from bridgetools.model.results import AVERAGE, MOST_TABLES, TOO_MANY_TABLES


def score_table_problems(board: Board, table: Table) -> list[tuple[str, int, str | None, str]]:
    """What the reader says of a board's ScoreTable: each problem with its cell's index and the part of
    the board it is about (a score Law 77 gives otherwise is about the results, `ISSUE_PARTS`) and its level
    (``info`` for a reading said so the user knows it, not a fault: a lone ``A+`` read to both sides)."""
    rows = [(record, table_result(record)) for record in table.records()]  # each row read once
    results, warning = "results", "warning"
    found = [*((said, cell, results, warning) for said, cell in _score_table_disagreements(board, table,
                                                                                           rows)),
             *((said, cell, None, warning) for said, cell in _score_table_results(table, rows)),
             *((said, cell, None, warning) for said, cell in _score_table_unscored(table, rows)),
             *((said, cell, results, level) for said, cell, level in _unbalanced_scores(board, table, rows)),
             *((said, cell, None, NOTE) for said, cell in _labels_to_both_sides(table, rows)),
             *((said, cell, results, warning) for said, cell in _own_table_disagreement(board, table, rows)),
             *((said, cell, results, warning) for said, cell in _percentage_beside_points(table, rows)),
             *((said, cell, results, warning) for said, cell in _own_table_seating(board, table, rows)),
             *((said, cell, None, warning) for said, cell in _pairs_twice(table, rows)),
             *((said, cell, None, warning) for said, cell in _sections_unknown(board, table, rows))]
    named = {cell for _, cell, _, _ in found}
    found += [(said, cell, None, "warning") for said, cell in _score_table_mistyped(table, rows)
              if cell not in named]
    return sorted(found, key=lambda problem: problem[1])  # in the order of the cells


_Rows = list[tuple[dict[str, str], TableResult | None]]
"""A ScoreTable's rows: each one's cells by column name, and its result as the board's results read it
(`table_result`), read once for every check."""


_SCORE_TABLE_CELL = lazy_compile(r"ScoreTable row (\d+): (\S+) ")
"""The start of a problem with one ScoreTable cell: its row and column."""


def score_table_issues_again(board: Board) -> None:
    """Replace the ScoreTable problems an older reader recorded with ``board`` (a JSON file of an older
    schema) by those this reader finds in the kept table: one it reads now (``^60%``) is no longer said.
    A problem with a cell the older reader also named keeps that one's place in the source file."""
    old = [issue for issue in board.issues if _SCORE_TABLE_CELL.match(issue.message)]
    if not old:
        return
    table = board.tables.get("ScoreTable")
    found = score_table_problems(board, table) if table is not None else []
    placed = {_cell_of(issue.message): issue for issue in reversed(old)}
    again = [_placed_like(placed.get(_cell_of(message)), old[0].source, message, about, level)
             for message, _, about, level in found]
    board.issues = [issue for issue in board.issues if issue not in old] + again


def _cell_of(message: str) -> tuple[str, ...]:
    """The row and column a ScoreTable problem names (empty for another problem)."""
    found = _SCORE_TABLE_CELL.match(message)
    return found.groups() if found is not None else ()


def _placed_like(earlier: Issue | None, source: str | None, message: str, about: str | None,
                 level: str = "warning") -> Issue:
    """A ScoreTable problem at the place the ``earlier`` one of its cell had (none: in ``source``)."""
    if earlier is None:
        return Issue(message, source=source, level=level, about=about)
    return Issue(message, earlier.line, earlier.column, earlier.source, level, about=about)


def _score_table_disagreements(board: Board, table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """Each ScoreTable row whose ``Score_NS`` (or ``Score_EW``) the row's contract, declarer and result
    score otherwise at this board's vulnerability (Law 77), with the index of that score's cell. A
    traveller is checked as the board's own Score tag is (`result_disagrees`); a director's assigned
    (``^``) score is not, a result adjusted alone (``^9``) is."""
    found = []
    for row, (record, read) in enumerate(rows):
        traveller = _traveller_row(record, read)
        if traveller is None:
            continue
        result, name = traveller
        scored = result_disagrees(board, result)
        if scored is None:
            continue
        expected, how = scored
        side, value = ("NS", expected) if name == "Score_NS" else ("EW", -expected)
        found.append((
            f"ScoreTable row {row + 1}: {name} {record[name]} differs from the {side} {value} that {how} "
            "scores (Law 77); the row is kept as written",
            table.cell_index(row, table.names.index(name)),
        ))
    return found


def _own_table_disagreement(board: Board, table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """The row naming the board's players when it gives another result than the board's tags
    (`own_table_disagreement`), at the first cell that differs."""
    given = [r for r, (_, read) in enumerate(rows) if read is not None]
    found = own_table_disagreement(board, [read for _, read in rows if read is not None])
    if found is None:
        return []
    index, field, message = found
    row, name = given[index], played_column(field)
    column = table.names.index(name) if name in table.names else 0
    return [(f"ScoreTable row {row + 1}: {name} {rows[row][0].get(name, '').strip() or '?'} {message}",
             table.cell_index(row, column))]


def _names_cell(table: Table, rows: _Rows, row: int, name: str = "Names_NS") -> tuple[str, int]:
    """A ScoreTable row's names cell as a problem names it (``Names_NS "Smith - Jones"``), and its index."""
    column = table.names.index(name) if name in table.names else 0
    return f"{name} {rows[row][0].get(name, '').strip()!r}", table.cell_index(row, column)


def _own_table_seating(board: Board, table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """The board's own table taken from a row naming its pairs with the sides swapped (an arrow switch), or
    left to the result because several rows name its players and none has its result (`seated_ambiguity`),
    each said at the row's names."""
    given = [r for r, (_, read) in enumerate(rows) if read is not None]
    results = [read for _, read in rows if read is not None]
    played = (board.contract, board.declarer, board.tricks)
    found = []
    _, swapped = seated_rows(board.players, results)
    own = seated_result(board.players, results, played)
    if swapped and own is not None:
        said, cell = _names_cell(table, rows, given[own])
        found.append((f"ScoreTable row {given[own] + 1}: {said} names the board's East-West, and Names_EW "
                      "its North-South: the sides are swapped in the row (an arrow switch?); taken as the "
                      "board's own table (a pair plays a board once)", cell))
    ambiguous = seated_ambiguity(board.players, results, played)
    if ambiguous is not None:
        first, second = (given[i] for i in ambiguous)
        said, cell = _names_cell(table, rows, second)
        found.append((f"ScoreTable row {second + 1}: {said} names the board's players as row {first + 1} "
                      "does, and neither has the board's result: which is its own table is unknown, so it "
                      "is the row with the board's result naming no other pair, else a table apart", cell))
    return found


def _pairs_twice(table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """Each ScoreTable row naming a pair an earlier row names on the same side, at its names cell: a pair
    plays a board once, so one of the two rows is another pair's or a row written twice."""
    found = []
    for name in ("Names_NS", "Names_EW"):
        seen: dict[tuple[str, ...], int] = {}
        for row, (record, read) in enumerate(rows):
            pair = tuple(sorted(_folded_players(record.get(name, ""))))
            if read is None or not pair:
                continue
            if pair in seen:
                said, cell = _names_cell(table, rows, row, name)
                found.append((f"ScoreTable row {row + 1}: {said} names the pair of row {seen[pair] + 1}: a "
                              "pair plays a board once; both rows are kept as written", cell))
            else:
                seen[pair] = row
    return found


def _folded_players(cell: str) -> list[str]:
    """The players a names cell names, folded as names compare; none when it leaves one unknown."""
    players = [" ".join(n.split()).casefold() for n in players_of(cell_names(cell))]
    return [] if any(n in ("", "?", "-") for n in players) else players


def _sections_unknown(board: Board, table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """The first row naming no section where the others name two or more and the board has no Section tag
    (`mixed_sections`), at its Section cell: which section it was played in is unknown, so the board's
    results are scored as one field."""
    if "Section" not in table.names:
        return []
    given = [r for r, (_, read) in enumerate(rows) if read is not None]
    cells = [_said(rows[r][0], "Section") or None for r in given]
    if not mixed_sections(cells, board_section(board)):
        return []
    row = given[cells.index(None)]
    named = ", ".join(sorted(set(filter(None, cells))))
    return [(f"ScoreTable row {row + 1}: Section {rows[row][0]['Section'].strip() or '?'} names no section "
             f"while other rows name {named} and the board has no Section tag: which section the rows "
             "naming none were played in is unknown, so the board's results are scored as one field",
             table.cell_index(row, table.names.index("Section")))]


def _score_table_results(table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """Each ScoreTable Result cell that is no number of tricks (``abc``, ``²``, ``+1``), with its cell's
    index: read as tricks unknown (a relative result as the tricks the row's contract gives), so said
    rather than passed over."""
    if "Result" not in table.names:
        return []
    column = table.names.index("Result")
    return [
        (f"ScoreTable row {row + 1}: Result {record['Result']!r} is not a number of tricks (0 to 13, ? or -)"
         + _read_as(record["Result"], read), table.cell_index(row, column))
        for row, (record, read) in enumerate(rows)
        if not is_tricks_cell(record.get("Result", ""))
    ]


def _read_as(cell: str, read: TableResult | None) -> str:
    """How a Result cell that is no number of tricks is read beyond tricks unknown: the tricks a relative
    result (``+1``) gives with the row's contract, as `table_result` read them (`relative_tricks`)."""
    if read is None or read.tricks is None or cell.strip().lstrip("^").isdecimal():
        return ""
    return f"; read against the row's contract {read.contract}: {read.tricks} tricks"


def _score_table_unscored(table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """Each ScoreTable score cell that is neither a score in points nor an artificial adjusted score's
    percentage (``5OO``, ``^60%``), with its index: read as no score (the row left out of the results
    when it gives nothing else), so said rather than passed over."""
    found = []
    for row, (record, read) in enumerate(rows):
        for name in [name for name in _SCORE_CELLS if _no_score(record.get(name, "").strip())]:
            then = "read as no score" if read is not None else "the row is left out of the results"
            said = BEYOND_POINTS if beyond_points(record[name]) else \
                "no score in points nor a percentage (an artificial adjusted score, ^60%)"
            found.append((f"ScoreTable row {row + 1}: {name} {record[name]!r} is {said}; {then}",
                          table.cell_index(row, table.names.index(name))))
    return found


def _unbalanced_scores(board: Board, table: Table, rows: _Rows) -> list[tuple[str, int, str]]:
    """Each ScoreTable row whose ``Score_EW`` gives East-West another score in points than the one
    ``Score_NS`` leaves them (``^-420`` with ``^100``: a director's assigned scores that do not balance,
    Law 12C1, or a slip), at its Score_EW cell, with its level: a note, so the user knows each side is
    scored on its own cell (the result's ``score_ew``), not East-West on Score_NS negated; a warning where
    the row's contract scores it (Law 77) and the cells are no assigned score (``^``), as the contract's
    score then ranks both sides, not the cells."""
    found = []
    for row, (record, read) in enumerate(rows):
        if read is None or read.score_ew is None or read.score_ns is None:
            continue
        ns, ew = _said(record, "Score_NS"), _said(record, "Score_EW")
        said = f"ScoreTable row {row + 1}: Score_EW {ew} does not balance Score_NS {ns}"
        cell = table.cell_index(row, table.names.index("Score_EW"))
        scored = law77_score(board, read.contract, read.declarer, read.tricks)
        if scored is not None and not read.assigned_score:  # an assigned score is the ruling, as given
            found.append((f"{said}, and the row's contract scores both sides ({scored[1]}, Law 77): "
                          f"North-South are ranked on {scored[0]:+d} and East-West on {-scored[0]:+d}, not "
                          f"on {read.score_ew:+d}", cell, "warning"))
            continue
        found.append((f"{said} (a director's assigned scores need not: Law 12C1): each side is scored on its "
                      f"own, North-South on {read.score_ns:+d} and East-West on {read.score_ew:+d} against "
                      "the other East-West scores", cell, NOTE))
    return found


def _labels_to_both_sides(table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """Each Contract cell of a label other than average (``A+``, ``AVE-``) with no score or Percentage cell
    to say whose it is, with its index: read as the Laws read it, the percentage to both sides (Law
    12C2(a): ``A+``, neither side at fault), where a club traveller's lone ``A+`` most often means
    North-South's, with ``A-`` to East-West; said, since the two readings rank both pairs otherwise."""
    found = []
    for row, (record, read) in enumerate(rows):
        if read is None or read.contract_label is None or any(_said(record, name) for name in _SCORE_CELLS) \
                or read.percentage_ns is not None or read.percentage_ew is not None:
            continue  # a score or Percentage cell says a side's: the row names its sides
        pct = read.adjusted_pct_ns
        if pct is None or pct == AVERAGE:
            continue
        fault = "neither side at fault" if pct > AVERAGE else "both sides directly at fault"
        found.append((f"ScoreTable row {row + 1}: Contract {read.contract_label} names no side: read as "
                      f"{pct:g}% to both sides (Law 12C2(a): {fault}); a score for one side, as "
                      "North-South's A+ with East-West's A-, is said in Score_NS and Score_EW (^60%, ^40%)",
                      table.cell_index(row, table.names.index("Contract"))))
    return found


def _percentage_beside_points(table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """Each ScoreTable row giving one side a percentage and the other a score in points (``^-420`` with
    ``^60%``: a slip, as Law 12C2 gives both sides a percentage), at the percentage's cell: the row is
    scored on the points alone, both sides, its percentage passed over, so said as the rankings differ."""
    found = []
    for row, (record, read) in enumerate(rows):
        if read is None or read.score_ns is None:
            continue
        for name, other, side, score in (("Score_NS", "Score_EW", "North-South", read.score_ns),
                                         ("Score_EW", "Score_NS", "East-West", -read.score_ns)):
            pct = adjusted_percentages(_said(record, name))[0]
            if pct is None or not _said(record, other):
                continue
            found.append((f"ScoreTable row {row + 1}: {name} {_said(record, name)} is a percentage beside "
                          f"{other} {_said(record, other)}, a score in points: the row is scored on the "
                          f"points, so {side} are matchpointed on {score:+d}, not on {pct:g}%",
                          table.cell_index(row, table.names.index(name))))
    return found


def _no_score(cell: str) -> bool:
    """Whether a score cell says something (not empty, ``?`` or ``-``) that is neither a score in points
    nor an artificial adjusted score's percentage."""
    return cell not in ("", "-", "?") and side_score(cell) is None and adjusted_percentages(cell)[0] is None


_SCORE_CELLS = ("Score_NS", "Score_EW")


def _score_table_mistyped(table: Table, rows: _Rows) -> list[tuple[str, int]]:
    """Each ScoreTable Contract cell that is no contract (``3NY``, ``8NT``) in a row that is no adjusted
    score, Declarer cell that is no seat (``Q``) and score not a multiple of 10 (``3``: a cell missing or
    one too many), with its cell's index: read as nothing said (no contract, no declarer) or as written,
    so said, with what the table's result then is, rather than scored or left out without a word."""
    found = []
    for row, (record, result) in enumerate(rows):
        if result is None:
            continue
        said = {name: cell.strip() for name, cell in record.items() if cell.strip() not in ("", "-", "?")}
        for name, message in _mistyped_cells(said, result):
            found.append((f"ScoreTable row {row + 1}: {name} {said[name]!r}{message}",
                          table.cell_index(row, table.names.index(name))))
    return found


def _mistyped_cells(said: dict[str, str], result: TableResult) -> list[tuple[str, str]]:
    """The mistyped cells of one ScoreTable row (`_score_table_mistyped`), each with what to say of it:
    ``said`` the row's cells that say something, ``result`` the row as read (`table_result`)."""
    scored = ("the table is ranked by the score given, as one with no contract is" if result.score_ns
              is not None else "with no score either, the table is left out of the field (unscorable)")
    artificial = (result.adjusted or result.adjusted_label or result.adjusted_pct_ns is not None
                  or result.adjusted_pct_ew is not None)
    found = []
    if "Contract" in said and result.contract is None and not artificial:
        found.append(("Contract", f": expected a contract such as 4SX, 3NT or Pass; read as no contract: "
                                  f"{scored}"))
    if "Declarer" in said and result.declarer is None:
        found.append(("Declarer", f": expected a seat N, E, S or W; read as no declarer: {scored}"))
    for name in _SCORE_CELLS:
        points = side_score(said.get(name))
        if points is not None and points % 10:
            found.append((name, ": no bridge score is off a multiple of 10 (a cell missing, or one too many, "
                                "before it?); kept as written"))
    found += [(name, ": expected a number (4, 4.5 or 4,5); read as none") for name in FIGURE_COLUMNS
              if name in said and figure(said[name]) is None]
    if "Multiplicity" in said and (message := _mistyped_multiplicity(said["Multiplicity"])):
        found.append(("Multiplicity", message))
    return found


def _mistyped_multiplicity(cell: str) -> str | None:
    """What to say of a ScoreTable Multiplicity cell (how many tables the row stands for, PBN 2.1 §5.9)
    that is no number of tables (``0``, ``2.5``) or more than any session holds (``99999``, over
    `MOST_TABLES`); None for a plausible one."""
    if not cell.isdecimal() or int(cell) < 1:
        return ": expected a number of tables (1 or more); counted as 1 table"
    if int(cell) > MOST_TABLES:
        return f": {TOO_MANY_TABLES}"
    return None


def _traveller_row(record: dict[str, str], result: TableResult | None) -> tuple[TableResult, str] | None:
    """A ScoreTable row's ``result`` as the board's results read it (`table_result`) and the column its score
    is written in, for a row that gives a contract, declarer, tricks and score as played; None for one
    that does not give them all (a passed-out board, a director's assigned score). A result adjusted alone
    (``^9``: the tricks the director adjusted or the players agreed) gives the score its tricks score
    (`TableResult.assigned_score`), so its row is checked as any (it was passed over in silence, where
    export and analyze take the tricks' score)."""
    given_in = [n for n in ("Score_NS", "Score_EW") if record.get(n, "").strip() not in ("", "-", "?")]
    name = given_in[0] if given_in else None
    if name is None or record[name].strip().startswith("^"):
        return None
    if name == "Score_NS" and side_score(record[name]) is None:
        return None  # a Score_NS that is no score: the result's would be Score_EW's, not this cell's
    if (result is None or result.contract is None or result.contract.is_passed_out or result.declarer is None
            or result.tricks is None or result.tricks > 13 or result.score_ns is None):
        return None
    return result, name
