"""Summaries over many results: how often contracts make, what they score, and how they fare in the field.

Every figure is from the declaring side's point of view (a passed-out board counts for North-South):
its score, its over/under, its matchpoint percentage and its IMPs, so that "3NT" means the same thing
whichever seat played it. `summarise` groups a `boards` frame and `render` prints it.
"""

from __future__ import annotations

import io
import json
import math
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import pandas as pd

GROUPINGS = ("contract", "strain", "level", "declarer", "vulnerable", "board")
"""What ``--by`` may group on. ``vulnerable`` is the declaring side's vulnerability; ``board`` is the deal
played under a board number (`board_labels`)."""

FORMATS = ("text", "csv", "json", "markdown")

FIGURES = ("count", "make_pct", "avg_score", "avg_result", "avg_mp_pct", "avg_ximps", "avg_butler")
"""Summary columns: results, % made, average declarer score, over/under, MP %, cross-IMPs, Butler IMPs."""

EAST_WEST_OWN = ("mp_ew", "ximp_ew", "butler_ew")
"""East-West's own figures, null but where a field holds assigned scores that do not balance."""

COLUMNS = ("file", "board", "deal", "vulnerable", "contract", "level", "strain", "declarer", "made", "result",
           "score_ns", "pct_ns", "ximp_ns", "butler_ns", "multiplicity", "file_score_ns", "adjusted_pct_ns",
           "adjusted_pct_ew", "field_size", "score_assigned", *EAST_WEST_OWN)
"""The `boards` columns a summary reads (a Parquet file is read for these alone)."""
COUNTED_ONCE_WITHOUT = ("multiplicity", "adjusted_pct_ns", "adjusted_pct_ew", "replaced", "score_assigned",
                        "file_mp_ns", "file_mp_ew", *EAST_WEST_OWN)
"""Columns an older export lacks whose absence blanks no figure: each of its rows counts one table, it
left out the rows of artificial adjusted scores (``^60%``) that the columns hold, it marks no result
a later file replaced, it scored East-West on North-South's score negated (`EAST_WEST_OWN`), and without
the file's own matchpoints nor which scores are assigned, `analyze --by pair` shows ours (2 a table
beaten) and a message calls a score with no contract given rather than assigned."""

ADJUSTED = "adjusted"
"""The ``--by board`` column of the tables given a director's adjusted score and no contract (``^60%``,
``^-300``): in the board's field, and in no figure, which are the declaring side's."""

HEADINGS = {
    "count": "count", ADJUSTED: "adjusted", "make_pct": "make %", "avg_score": "avg score",
    "avg_result": "avg +/-",
    "avg_mp_pct": "avg MP %", "avg_ximps": "avg X-IMPs", "avg_butler": "avg Butler",
}


def declarer_view(frame: pd.DataFrame, boards: bool = False) -> pd.DataFrame:
    """The results with a known contract, one row per result with the `TABLES` it stands for, with their
    figures turned to the declaring side's view; their board the number, or with ``boards`` the deal
    under it as ``--by board`` groups (`board_labels`)."""
    view = _declarer_view(frame, boards)[0]
    return view[~view[ADJUSTED]].drop(columns=ADJUSTED)


TABLES = "tables"
"""The `declarer_view` column of how many tables each result stands for (`tables`)."""


def tables(frame: pd.DataFrame) -> npt.NDArray[np.int64]:
    """How many tables each row of ``frame`` stands for (its ``multiplicity``: a traveller row of three
    tables three, at most `MOST_TABLES`), so that counts and averages are per table, as a director reads
    them and as the field figures count; a row without the column or the value counts one table. The
    figures weigh each row by it rather than repeat the row: 16 million tables are a few thousand rows."""
    import numpy as np

    from bridgetools.model.results import MOST_TABLES

    if "multiplicity" not in frame:
        return np.ones(len(frame), dtype=np.int64)
    each = frame["multiplicity"].astype("Float64").fillna(1).clip(1, MOST_TABLES)
    return np.asarray(each.to_numpy(dtype=np.int64), dtype=np.int64)


def table_count(frame: pd.DataFrame) -> int:
    """How many tables the rows of ``frame`` stand for (`tables`)."""
    return int(tables(frame).sum())


def adjusted_results(frame: pd.DataFrame, given: bool = False) -> pd.Series:
    """Which rows are a director's adjusted score with no contract (or a contract with no declarer, a
    mistyped cell): an artificial one's percentage (``^60%``, Law 12C2) or a score in points the file
    gives (``^-300``); with ``given``, those of them given a score that is no ruling (`given_rows`)."""
    import pandas as pd

    from bridgetools.analysis.field import adjusted_rows, given_rows

    contract = frame["contract"]
    no_declarer = contract.notna() & contract.astype(object).ne("Pass") & frame["declarer"].isna()
    no_contract = (contract.isna() | no_declarer).to_numpy(dtype=bool)
    return pd.Series((given_rows if given else adjusted_rows)(no_contract, frame), index=frame.index)


def _declarer_view(frame: pd.DataFrame, boards: bool) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """`declarer_view`, and with ``boards`` what each board label stands for (`board_groups`); with
    ``boards`` the adjusted results too (`adjusted_results`, each figure blank), marked `ADJUSTED`."""
    import numpy as np
    import pandas as pd

    adjusted = adjusted_results(frame) if boards else pd.Series(False, index=frame.index)
    rows = frame[frame["contract"].notna() | adjusted]
    given = adjusted_results(rows).to_numpy(dtype=bool) if boards else np.zeros(len(rows), dtype=bool)
    labels, meaning = board_groups(rows) if boards else (rows["board"].astype("Int64"), None)
    ew = rows["declarer"].isin(["E", "W"]).to_numpy()
    sign = np.where(ew, -1.0, 1.0)
    passed = (rows["level"] == 0).fillna(False).to_numpy(dtype=bool)
    view = pd.DataFrame({
        "contract": rows["contract"].astype(str),
        "strain": np.where(passed, "Pass", rows["strain"].astype(str)),
        "level": rows["level"].astype("Int64"),
        # "-" too where the file names no declarer: such a result must not drop out of --by declarer
        "declarer": np.where(passed | rows["declarer"].isna().to_numpy(dtype=bool), "-",
                             rows["declarer"].astype(str)),
        "vulnerable": _declarer_vulnerable(rows, passed),
        "board": labels,
        "made": rows["made"].astype("boolean"),
        "score": rows["score_ns"].astype("Float64") * sign,
        "result": rows["result"].astype("Float64"),
        "mp_pct": _turned(rows["pct_ns"].astype("Float64"), ew, 100.0),
        "ximps": rows["ximp_ns"].astype("Float64") * sign,
        "butler": rows["butler_ns"].astype("Float64") * sign,
    }, index=rows.index)
    _east_west_own(view, rows, ew)
    view.loc[given, ["score", "mp_pct", "ximps", "butler"]] = pd.NA  # the declaring side's figures: none
    view[ADJUSTED] = given
    view[TABLES] = tables(rows)
    return view, meaning


BOARD_KEYS = ("number", "file", "deal")
"""The columns a ``--by board`` summary has before its figures: what each labelled row is, as machine
formats give it (``board``, ``file``, ``deal``; `render`), one type a field where the label is text."""


def board_labels(rows: pd.DataFrame) -> pd.Categorical:
    """Each result's board as ``--by board`` groups it: its number and its deal, in board order.

    Files of other sessions number their boards from 1 too, with other deals: the results of one deal
    under one number are one group, labelled by the number alone when it is the number's only deal, and
    by the number and the file the deal is first found in (``1 (b.pbn)``) when another deal has the same
    number (``#2``... after it when one file holds two such deals). A result without a board number has
    no label (it is in no group); without ``file`` and ``deal`` columns the number alone groups.
    """
    return board_groups(rows)[0]


def board_groups(rows: pd.DataFrame) -> tuple[pd.Categorical, pd.DataFrame]:
    """`board_labels`, and what each label stands for: a frame indexed by label with `BOARD_KEYS`, the
    number, the file the deal is first found in and the deal (null where not known)."""
    import numpy as np
    import pandas as pd

    keys = pd.DataFrame({
        "number": rows["board"].astype("Int64").fillna(-1).to_numpy(dtype=np.int64),
        "deal": rows["deal"].astype(object).fillna("").to_numpy() if "deal" in rows else "",
        "file": rows["file"].astype(object).fillna("").to_numpy() if "file" in rows else "",
    })
    # The labels are worked out once a (number, deal, file), in the order the results first give them:
    # a session's results repeat a few hundred of those many times.
    group = keys.groupby(["number", "deal", "file"], sort=False).ngroup().to_numpy()
    unique = keys.drop_duplicates()
    labels, order = _labels(unique["number"].tolist(), [_known_deal(d) for d in unique["deal"]],
                            [str(f) for f in unique["file"]])
    meaning = pd.DataFrame({
        "number": pd.array([number for number, _, _ in order.values()], dtype="Int64"),
        "file": [file or None for _, file, _ in order.values()],
        "deal": [deal or None for _, _, deal in order.values()],
    }, index=pd.Index(list(order), name="board"))
    each = pd.Categorical(np.array(labels, dtype=object)[group], categories=list(order), ordered=True)
    return each, meaning


def _labels(numbers: list[int], deals: list[str], files: list[str]
            ) -> tuple[list[str | None], dict[str, tuple[int, str, str]]]:
    """`board_labels` of each (number, deal, file) in the order the results give them (-1: no number), and
    every label in board order with its number, first file and deal (``""`` where not known)."""
    first_file: dict[tuple[int, str], str] = {}
    for number, deal, file in zip(numbers, deals, files, strict=True):
        if number >= 0:
            first_file.setdefault((number, deal), file)
    known: dict[int, list[str]] = {}
    for number, deal in first_file:
        if deal:
            known.setdefault(number, []).append(deal)
    deals = _given_deals(numbers, deals, files, known)
    per_number: dict[int, list[tuple[str, str]]] = {}
    for (number, deal), file in first_file.items():
        if deal:
            per_number.setdefault(number, []).append((deal, file))
    for number, file in _first_file_without_deal(numbers, deals, files).items():
        per_number.setdefault(number, []).append(("", file))
    label: dict[tuple[int, str], str] = {}
    meaning: dict[str, tuple[int, str, str]] = {}
    for number in sorted(per_number):
        found = per_number[number]
        if len(found) == 1:
            label[number, found[0][0]] = str(number)
            meaning[str(number)] = (number, found[0][1], found[0][0])
            continue
        seen: dict[str, int] = {}
        for deal, file in found:
            seen[file] = seen.get(file, 0) + 1
            where = file or "no file"
            label[number, deal] = f"{number} ({where}{'' if seen[file] == 1 else f' #{seen[file]}'})"
            meaning[label[number, deal]] = (number, file, deal)
    each = [None if number < 0 else label[number, deal] for number, deal in zip(numbers, deals, strict=True)]
    return each, meaning


def _given_deals(numbers: list[int], deals: list[str], files: list[str], known: dict[int, list[str]]
                 ) -> list[str]:
    """Each result's deal, a result whose file does not give it (a vugraph room without its md) taking
    the one deal its file has under its number, as in its field (`field.field_keys`: a session is a
    file), or, where its file has none, the number's one deal in every file; with several it stays ``""``
    (apart). Another file's deal under the same number must not part a match's two rooms."""
    in_file: dict[tuple[int, str], list[str]] = {}
    for number, deal, file in zip(numbers, deals, files, strict=True):
        if number >= 0 and deal and deal not in in_file.setdefault((number, file), []):
            in_file[number, file].append(deal)
    given = []
    for number, deal, file in zip(numbers, deals, files, strict=True):
        if not deal and number >= 0:
            own = in_file.get((number, file)) or known.get(number, [])
            deal = own[0] if len(own) == 1 else ""
        given.append(deal)
    return given


def _first_file_without_deal(numbers: list[int], deals: list[str], files: list[str]) -> dict[int, str]:
    """The first file of each board number some of whose results are of no known deal."""
    first: dict[int, str] = {}
    for number, deal, file in zip(numbers, deals, files, strict=True):
        if number >= 0 and not deal:
            first.setdefault(number, file)
    return first


def _known_deal(deal: Any) -> str:
    """The deal column's text, or ``""`` when no hand is given (null, or ``-`` for every hand)."""
    if deal is None or not isinstance(deal, str):
        return ""
    return deal if any(hand != "-" for hand in deal.partition(":")[2].split()) else ""


def _declarer_vulnerable(rows: pd.DataFrame, passed: Any) -> Any:
    """``vul``, ``not vul``, or ``-`` (passed out, or declarer or vulnerability unknown), per result."""
    import numpy as np
    import pandas as pd

    from bridgetools.analysis.columns import vulnerable_table
    from bridgetools.analysis.schema import SEATS, VULNERABILITY

    seat = pd.Categorical(rows["declarer"].astype(object), categories=SEATS).codes
    board = pd.Categorical(rows["vulnerable"].astype(object), categories=VULNERABILITY).codes
    known = ~passed & (seat >= 0) & (board >= 0)
    vulnerable = vulnerable_table()[np.clip(board, 0, 3), np.clip(seat, 0, 3)]
    return np.where(known, np.where(vulnerable, "vul", "not vul"), "-")


def _east_west_own(view: pd.DataFrame, rows: pd.DataFrame, ew: Any) -> None:
    """East-West declarers' figures, in ``view``, their own where their field holds assigned scores that do
    not balance (`EAST_WEST_OWN`): their matchpoint percentage, cross-IMPs and Butler IMPs. Their score stays
    the contract's (``score_ns``), as North-South's does: a declared result is ranked on it, both sides."""
    import numpy as np

    own = {"ximps": "ximp_ew", "butler": "butler_ew", "mp_pct": "mp_ew"}
    for figure, column in own.items():
        if column not in rows or "field_size" not in rows:
            continue
        values = rows[column].astype("Float64")
        if figure == "mp_pct":  # of the top, 2 a table beaten
            values = 100 * values / (2 * (rows["field_size"].astype("Float64") - 1))
        at = np.flatnonzero(np.asarray(ew, dtype=bool) & values.notna().to_numpy(dtype=bool))
        view.iloc[at, view.columns.get_loc(figure)] = values.iloc[at].to_numpy()


def _turned(pct: pd.Series, ew: Any, top: float) -> pd.Series:
    """North-South percentages as the declaring side's: ``top - pct`` where East-West declared. By
    position, not by label: rows repeated under one label made pandas pair every copy with every other
    (a row of 1,000 tables, a million pairs)."""
    import pandas as pd

    turned = pct.array.copy()
    turned[ew] = top - turned[ew]
    return pd.Series(turned, index=pct.index, name=pct.name)


def summarise(frame: pd.DataFrame, by: str = "contract") -> pd.DataFrame:
    """One row per ``by`` group, in bridge order: count, make %, average score, over/under, MP %, IMPs,
    over the tables played (a traveller row standing for three tables counts three: `tables`).

    Grouped ``by`` board, the rows are labelled as `board_labels` gives them, and `BOARD_KEYS` before the
    figures say what each is: its number, the file its deal is first found in and the deal.
    """
    import pandas as pd

    if by not in GROUPINGS:
        raise ValueError(f"cannot group by {by!r} (expected one of {', '.join(GROUPINGS)})")
    view, meaning = _declarer_view(frame, by == "board")
    keys = view[by]
    if by in ("contract", "strain", "declarer"):  # a board's labels are ordered already (`board_labels`)
        from bridgetools.analysis.schema import CONTRACTS, SEATS, STRAINS

        order = {"contract": CONTRACTS, "strain": ("Pass", *STRAINS), "declarer": (*SEATS, "-")}[by]
        present = set(keys.unique())
        keys = pd.Categorical(keys, categories=[c for c in order if c in present], ordered=True)
    table = _figures(view, keys)
    table.index.name = by
    if meaning is not None:  # what each label stands for, before the figures (`BOARD_KEYS`)
        keys = meaning.loc[table.index.astype(str)].set_axis(table.index)  # the labels stay in board order
        table = pd.concat([keys, table], axis=1)
    return table


MEANS = {"make_pct": "made", "avg_score": "score", "avg_result": "result", "avg_mp_pct": "mp_pct",
         "avg_ximps": "ximps", "avg_butler": "butler"}
"""Each averaged figure and the `declarer_view` column it is the average of."""


def _figures(view: pd.DataFrame, keys: Any) -> pd.DataFrame:
    """`summarise`'s figures of each group of ``keys``: its tables (``count``, and `ADJUSTED` where a
    director adjusted one), and each average over the tables whose figure is known, every result weighed
    by the `TABLES` it stands for: the sums of a group's tables, not a row a table."""
    import numpy as np
    import pandas as pd

    each = view[TABLES].to_numpy(dtype=np.int64)
    given = view[ADJUSTED].to_numpy(dtype=np.bool_)
    sums: dict[str, Any] = {"count": np.where(given, 0, each), ADJUSTED: np.where(given, each, 0)}
    for figure, column in MEANS.items():
        values = view[column].astype("Float64")
        known = values.notna().to_numpy(dtype=np.bool_)
        sums[figure] = np.where(known, values.fillna(0).to_numpy(dtype=np.float64) * each, 0.0)
        sums[f"{figure} tables"] = np.where(known, each, 0)
    totals = pd.DataFrame(sums, index=view.index).groupby(keys, observed=True, sort=True).sum()
    table = totals[["count", ADJUSTED] if given.any() else ["count"]].copy()
    for figure in MEANS:
        known = totals[f"{figure} tables"]
        table[figure] = (totals[figure] / known.where(known > 0)).astype("Float64")
    table["make_pct"] = table["make_pct"] * 100
    return table


def _cell(value: Any, name: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)) or str(value) == "<NA>":
        return "-"
    if name in ("count", ADJUSTED):
        return str(int(value))
    text = f"{float(value):.1f}" if name in ("make_pct", "avg_mp_pct", "avg_score") else f"{float(value):.2f}"
    return text.removeprefix("-") if not text.strip("-0.") else text  # a zero has no sign (`NO_SIGNED_ZERO`)


NO_SIGNED_ZERO = 0.0
"""Added to a rounded figure so that an average that is zero but for rounding (the cross-IMPs of a field,
each table's the others' negated: ``-2e-16``) prints ``0.0``, not ``-0.0``."""


def render(table: pd.DataFrame, fmt: str = "text") -> str:
    """The summary as aligned text, CSV, JSON (a list of records) or a Markdown table.

    Text and Markdown, for reading, show a board by its label (``1 (b.pbn)``); CSV and JSON give each
    field one type, the board its number (an integer) with its ``file`` and ``deal`` (`BOARD_KEYS`).
    """
    by = table.index.name or "group"
    keys = [c for c in BOARD_KEYS if c in table.columns] if by == "board" else []
    figures = table.drop(columns=keys)
    header = [by, *(HEADINGS[c] for c in figures.columns)]
    rows = [[str(key), *(_cell(v, c) for c, v in zip(figures.columns, values, strict=True))]
            for key, values in zip(figures.index, figures.itertuples(index=False), strict=True)]
    if fmt in ("csv", "json") and keys:
        plain = table.reset_index(drop=True).rename(columns={"number": "board"})
    elif fmt in ("csv", "json"):
        plain = table.reset_index()
    if fmt == "csv":
        out = io.StringIO()
        plain = plain.round(4)  # as in JSON: "%.4g" printed an average of 1234.5 as 1234
        for column in plain.columns.intersection(MEANS):
            plain[column] = plain[column] + NO_SIGNED_ZERO
        if not keys:
            plain[by] = plain[by].astype(str)
        plain.to_csv(out, index=False, lineterminator="\n")
        return out.getvalue()
    if fmt == "json":
        records = [{column: _json_value(value, column)
                    for column, value in zip(plain.columns, values, strict=True)}
                   for values in plain.itertuples(index=False)]
        return json.dumps(records, indent=2) + "\n"
    if fmt == "markdown":
        rule = "|" + "|".join(["---", *["---:"] * (len(header) - 1)]) + "|"
        lines = ["| " + " | ".join(header) + " |", rule]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines) + "\n"
    if fmt != "text":
        raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
    return "\n".join(aligned_lines(header, rows)) + "\n"


def aligned_lines(header: list[str], rows: list[list[str]], left: frozenset[int] | set[int] = frozenset({0})
                  ) -> list[str]:
    """The header and rows as lines of aligned columns two spaces apart: the ``left`` columns (text)
    padded on the right, the others (figures) on the left."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return ["  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths,
                                                                                             strict=True)))
            for row in [header, *rows]]


def _json_value(value: Any, column: str) -> Any:
    """A JSON record's field: a figure rounded (null where none), a group's key or a board's keys."""
    if column in (*FIGURES, ADJUSTED):
        return None if _cell(value, column) == "-" else (
            int(value) if column in ("count", ADJUSTED) else round(float(value), 4) + NO_SIGNED_ZERO)
    if column in ("file", "deal"):
        return None if value is None or str(value) == "<NA>" else str(value)
    return _json_key(value)


def _json_key(key: Any) -> Any:
    try:
        return int(key)
    except (TypeError, ValueError):
        return str(key)


def plot_labels(labels: list[str]) -> list[str]:
    """The groups' labels as a plot's axis shows them: a board's file by its name alone (``1 (b.pbn)``
    for ``1 (results/2026/b.pbn)``), since a whole path runs into the next label."""
    import re
    from pathlib import PurePath

    return [re.sub(r"^(\d+) \((.+?)((?: #\d+)?)\)$", lambda m: f"{m[1]} ({PurePath(m[2]).name}{m[3]})", label)
            for label in labels]


def _each_table(view: pd.DataFrame) -> npt.NDArray[np.float64]:
    """The known scores of a `declarer_view`, one a table (a box plot draws the tables' spread): only
    this column repeated, as many times as the `TABLES` its result stands for."""
    import numpy as np

    known = view["score"].notna().to_numpy(dtype=bool)
    scores = view["score"][known].astype(float).to_numpy(dtype=np.float64)
    return np.repeat(scores, view[TABLES].to_numpy(dtype=np.int64)[known])


def plot(frame: pd.DataFrame, table: pd.DataFrame, out: str | IO[bytes], *, fmt: str = "png",
         groups: int = 12) -> None:
    """Score distributions (box plots) and make rates (bars) of the ``groups`` commonest groups.

    Needs matplotlib (``pip install 'bridgetools[plot]'``); raises ImportError without it.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    by = table.index.name or "contract"
    view = declarer_view(frame, boards=by == "board")
    top = table.sort_values("count", ascending=False).head(groups).sort_index()
    labels = [str(k) for k in top.index]
    series = [_each_table(view[(view[by].astype(str) == label).to_numpy(dtype=bool)]) for label in labels]
    ticks = plot_labels(labels)
    turn = 30 if max((len(t) for t in ticks), default=0) > 6 else 0  # labels wider than their column
    figure, (scores, makes) = plt.subplots(2, 1, figsize=(max(6.0, 0.7 * len(labels) + 2), 8))
    if labels:
        scores.boxplot(series)  # labels apart: ``tick_labels=`` needs matplotlib 3.9, the extra asks 3.7
        scores.set_xticks(range(1, len(labels) + 1), ticks, rotation=turn, ha="right" if turn else "center")
    scores.set_title(f"Declarer's score by {by}")
    scores.set_ylabel("score")
    # By position, not by label: two files of one name in other folders give two groups one tick text.
    makes.bar(range(len(labels)), [0.0 if _cell(v, "make_pct") == "-" else float(v) for v in top["make_pct"]])
    makes.set_xticks(range(len(labels)), ticks, rotation=turn, ha="right" if turn else "center")
    makes.set_title(f"Make rate by {by}")
    makes.set_ylabel("made %")
    makes.set_ylim(0, 100)
    figure.tight_layout()
    figure.savefig(out, format=fmt)
    plt.close(figure)
