"""``bridgetools export`` and ``bridgetools analyze``: hand records to Parquet, and summaries of results."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Set
from pathlib import Path
from typing import TYPE_CHECKING

import click

from bridgetools.analysis.pipeline import RECORD_SUFFIXES, in_a_folder, long_table_beside_its_boards
from bridgetools.analysis.pipeline import expand_inputs as _expand_inputs
from bridgetools.cli.common import (
    BoardsBar,
    ReadingBar,
    atomic_output,
    copy_to_stdout,
    encoding_option,
    first_board_option,
    format_option,
    from_option,
    go_with,
    jobs_option,
    missing_file,
    mp_scale_option,
    output_for,
    output_option,
    plural,
    quiet_flag,
    quiet_option,
    refuse_a_terminal,
    refuse_missing_folder,
    refuse_other_kind,
    refuse_overwriting,
    reports_errors,
    syntax_met,
    warn,
    warn_of_library,
    warnings_said_after,
)
from bridgetools.errors import NothingReadError, named_extra

if TYPE_CHECKING:
    from collections.abc import Callable

    import pandas as pd

PLOT_FORMATS = ("png", "pdf", "svg")
PLOT_HINT = "--plot needs the 'plot' extra (matplotlib): pip install 'bridgetools[plot]'"


def expand_inputs(inputs: tuple[str, ...], suffixes: tuple[str, ...],
                  skip: Callable[[str], bool] = lambda path: False,
                  on_repeat: Callable[[str, str | None], None] | None = None) -> tuple[list[str], list[str]]:
    """`bridgetools.analysis.pipeline.expand_inputs`, a missing file said in a command's words
    (`missing_file`: a name split at its spaces told)."""
    return _expand_inputs(inputs, suffixes, skip, on_repeat, missing_file)


def named_twice(file: str, also: str | None, counted: str) -> str:
    """The warning for a file two inputs name (``also``: the directory or pattern that named it besides
    itself), read once: ``warning: mon.pbn: named twice: read once, its results counted once``."""
    where = f" (in {also} too)" if also is not None else ""
    return f"warning: {file}: named twice{where}: read once, {counted}"


def _sibling(output: str, table: str) -> str:
    """``OUT.parquet`` -> ``OUT.calls.parquet``."""
    stem, suffix = os.path.splitext(output)
    return f"{stem}.{table}{suffix or '.parquet'}"


SUMMARY_SUFFIXES = {".csv": "csv", ".json": "json", ".md": "markdown", ".markdown": "markdown"}
"""The summary format an output's suffix asks for when ``--format`` is not given (else text)."""
PARQUET_SUFFIXES = ("", ".parquet", ".pq")
"""The output names `export` takes: a Parquet file's own suffixes, or none; any other (``.csv``) would name a
file that is not what it says."""


def not_parquet(output: str) -> str:
    """What to do instead of exporting to ``output``, a name that is not a Parquet file's: a hand-record
    format's is `convert`'s to write; a CSV of the table is pandas's (or `analyze`'s summary)."""
    from bridgetools.formats import format_from_name

    fmt = format_from_name(output)
    if fmt is not None:
        return (f"bridgetools convert INPUTS -o {output} writes the boards as {fmt.upper()}; "
                "export takes -o NAME.parquet")
    return "give -o NAME.parquet (pandas.read_parquet(NAME).to_csv() makes a CSV of it)"


@click.command()
@click.argument("inputs", nargs=-1, required=True)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="The Parquet file to write (boards: a row a board, and a row per other result of its "
                   "ScoreTable); '-' for stdout (redirected: not to a terminal).")
@jobs_option
@click.option("--calls", is_flag=True, help="Also write the long calls table to OUT.calls.parquet.")
@click.option("--plays", is_flag=True, help="Also write the long plays table to OUT.plays.parquet.")
@click.option("--strict", is_flag=True, help="Skip a file at its first problem instead of reading on.")
@click.option("--dd", is_flag=True,
              help="Add each board's double-dummy table and par (solved when the file carries none), and "
                   f"each result against them (needs {named_extra('dd')}).")
@click.option("--dd-cache", type=click.Path(dir_okay=False),
              help="The cache of solved double-dummy tables, one per deal, so that "
                   "a run solves only deals not solved before "
                   "[default: ~/.cache/bridgetools/dd-tables.sqlite].")
@from_option
@encoding_option
@first_board_option
@click.option("--verify-dd", is_flag=True,
              help="With --dd, also solve the tables the files carry, warn where they disagree, and "
                   "export the solver's table and its par there.")
@quiet_option
@reports_errors
def export(inputs: tuple[str, ...], output: str, jobs: int, calls: bool, plays: bool, strict: bool,
           dd: bool, dd_cache: str | None, from_format: str | None, encoding: str | None,
           first_board: int | None, verify_dd: bool, quiet: bool) -> None:
    """Export hand records (PBN, LIN, JSON; files, directories or glob patterns) to Parquet.

    It writes Parquet only (no --format): analyze --format csv makes a CSV summary, and pandas a CSV of
    the table (pandas.read_parquet(NAME).to_csv()).

    One row per board (a board not played has a null contract) and per other result of its ScoreTable,
    with the columns of docs/analysis.md; field results (matchpoints, IMPs) compare the results of each
    board within its file. A file that cannot be read is reported on one line and
    skipped; the others are exported, and the exit code is then 1. When no input can be read, nothing
    is written (a file already at the output stays as it was).

    \b
    Examples:
      bridgetools export results/ -o season.parquet --jobs 2
      bridgetools export 'club/**/*.pbn' game.lin -o club.parquet --calls --plays
      bridgetools export --dd dealt.pbn -o dealt.parquet
    """
    if output == "-" and (calls or plays):
        raise click.UsageError("--calls and --plays write files beside -o NAME.parquet; give -o a file name")
    if output == "-":
        refuse_a_terminal("Parquet", "season.parquet")
    error = go_with((("--dd-cache", dd_cache), ("--verify-dd", verify_dd)),
                    "--dd (double-dummy tables added to the export)")
    if error is not None and not dd:  # only those given: one alone read as both before
        raise error
    if dd_cache is not None:  # as -o is: a mistyped folder is not made
        refuse_missing_folder(dd_cache, replaced=False)
    from bridgetools.analysis.pipeline import DoubleDummy, ReadAs, export_files

    double_dummy = None
    if dd:
        from bridgetools.analysis.double_dummy import require_solver
        from bridgetools.dd.cache import default_path, refuse_a_foreign_cache

        require_solver()
        double_dummy = DoubleDummy(dd_cache or str(default_path()), verify_dd)
        refuse_a_foreign_cache(double_dummy.cache or default_path())  # at once, as dd --cache: not per file

    files, problems = expand_inputs(
        inputs, RECORD_SUFFIXES,
        on_repeat=lambda file, also: warn(named_twice(file, also, "its boards written once"), quiet))
    for written in (output, _sibling(output, "calls") if calls else None,
                    _sibling(output, "plays") if plays else None):
        refuse_overwriting(written, [*inputs, *files])
    if Path(output).suffix.lower() not in PARQUET_SUFFIXES:
        raise click.UsageError(f"export writes Parquet, but {output} names a {Path(output).suffix} file; "
                               f"{not_parquet(output)}")
    for problem in problems:
        warn(problem, every=True)
    if not files:
        raise click.ClickException("nothing to export")
    shown = "<stdout>" if output == "-" else output
    # The bar counts bytes read (one big file moves it); with --dd the boards solved, the long part, which
    # the reading runs far ahead of.
    reading = ReadingBar(files, "Exporting", quiet) if double_dummy is None else None
    solving = BoardsBar("Solving", quiet, before="Reading") if double_dummy is not None else None
    # the readers' warnings (a --first-board a PBN file does not use) held and said once, as analyze says them
    with (reading or solving or contextlib.nullcontext(), tempfile.TemporaryDirectory() as spool,
          warnings_said_after(quiet)):
        target = os.path.join(spool, "export.parquet") if output == "-" else output  # stdout: once whole
        report = export_files(files, target, calls_path=_sibling(output, "calls") if calls else None,
                              plays_path=_sibling(output, "plays") if plays else None, strict=strict,
                              jobs=jobs, dd=double_dummy,
                              on_issue=lambda issue: warn_of_library(issue, quiet),
                              on_failure=lambda line: warn(line, every=True), on_syntax=syntax_met,
                              on_read=reading.update if reading is not None else None,
                              on_boards=solving.at if solving is not None else None,
                              read_as=ReadAs(from_format, encoding, "--from", in_a_folder(files, inputs),
                                             first_board))
        if output == "-" and report.written:  # the file is whole: straight to stdout, no second spool
            with open(target, "rb") as made:
                copy_to_stdout(made)
    if not report.written:
        raise click.ClickException(report.nothing_written(shown))
    none = " (no board has a contract)" if report.boards and not report.results + report.adjusted else ""
    if report.adjusted:  # in analyze's words: tables given an adjusted score are results with no contract
        none = f" ({no_contract_tables(report.adjusted, report.given)})"
    # Only the files read count as the source; those skipped were named as they failed, those passed over
    # (no hand record) in a note: one bracket says both, `from 1 file (4 files skipped, 1 passed over: ...)`.
    left = [*([f"{plural(len(report.failed), 'file')} skipped"] if report.failed else []),
            *([f"{len(report.passed_over)} passed over: no hand record"] if report.passed_over else [])]
    skipped = f" ({', '.join(left)})" if left else ""
    boards = plural(report.boards, "board", thousands=True)
    results = plural(report.results + report.adjusted, "result", thousands=True)
    read = len(files) - len(report.failed) - len(report.passed_over)
    warn(f"{shown}: {boards}, {results}{none} from {plural(read, 'file')}{skipped}", quiet)
    if problems or report.failed:
        raise SystemExit(1)


def nothing_to_analyse(frame: pd.DataFrame, by: str | None, unread: bool) -> str | None:
    """The error when no result of the inputs has a contract (None when one has): how many boards they
    hold and how many tables a director gave an adjusted score with no contract, which only ``--by board``
    counts (in a row of ``count`` 0) and ``--by pair`` ranks (by the score), so that there they are the
    summary rather than an error."""
    from bridgetools.analysis.summary import adjusted_results, table_count

    if not frame.empty and frame["contract"].notna().any():
        return None
    boards = 0 if frame.empty else int((frame["source"].astype(str) == "table").sum())
    adjusted = 0 if frame.empty else table_count(frame[adjusted_results(frame)])
    given = 0 if frame.empty else table_count(frame[adjusted_results(frame, given=True)])
    if adjusted and by in ("board", "pair"):  # a table scored with no contract is ranked by its score
        return None
    if unread and not boards:  # the files not read were named, one line each
        return "no results to analyse"
    held = f"the inputs hold {plural(boards, 'board', thousands=True)}, none with a contract"
    if not adjusted:
        return f"no results to analyse: {held}"
    return (f"no results to analyse by {by or 'contract'}: {held}; "
            f"{no_contract_tables(adjusted, given, verb=True)}, which only --by board and --by pair count")


def no_contract_tables(adjusted: int, given: int, verb: bool = False) -> str:
    """The tables with no contract but a score (``adjusted``: `adjusted_results`), each called what it is:
    a director's adjusted score (``A+``, ``^-300``) or a score given (``given``: a scorer's traveller of
    scores alone, a contract mistyped): ``1 table with a director's adjusted score and no contract``, or
    with ``verb`` ``1 table has ...``."""
    tables = plural(adjusted, "table", thousands=True)
    has = (" has" if adjusted == 1 else " have") if verb else " with"
    if not given:
        return f"{tables}{has} a director's adjusted score and no contract"
    if given == adjusted:
        return f"{tables}{has} a score given and no contract"
    ruled = adjusted - given
    return (f"{tables}{has} no contract: {ruled:,} a director's adjusted score, {given:,} "
            f"{'a score' if given == 1 else 'scores'} given")


@click.command()
@click.argument("inputs", nargs=-1, required=True)
@click.option("--by", type=click.Choice(["match", "contract", "strain", "level", "declarer", "vulnerable",
                                         "board", "pair"]),
              help="Group the results by this; 'match' prints a team match board by board, 'pair' the "
                   "pairs' ranking (matchpoints, or IMPs where the session is scored so). "
                   "[default: match when the results name their rooms, else contract]")
@format_option(["text", "csv", "json", "markdown"],
               "How to print the summary [default: from the -o suffix (.csv, .json, .md), else text].")
@output_option
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Also draw score distributions and make rates to this image file, its kind by its "
                   "suffix (.png, .pdf, .svg; needs matplotlib).")
@click.option("--vp", is_flag=True,
              help="Also give each team match's victory points (WBF continuous 20-point scale over its "
                   "boards, once every board is scored in both rooms; a match in segments on its total "
                   "line).")
@click.option("--match-boards", type=click.IntRange(min=1), metavar="N",
              help="With --vp: the match is N boards long, its victory point scale counted for N boards "
                   "rather than those the inputs hold (an excerpt, a segment).")
@mp_scale_option
@from_option
@encoding_option
@first_board_option
@quiet_flag("warnings")
@reports_errors
def analyze(inputs: tuple[str, ...], by: str | None, fmt: str | None, output: str, plot_path: str | None,
            vp: bool, match_boards: int | None, mp_scale: str | None, from_format: str | None,
            encoding: str | None, first_board: int | None, quiet: bool) -> None:
    """Summarise the results in Parquet exports and hand-record files.

    For each group: the number of results (tables: a traveller row standing for three tables counts
    three), how often the contract made, and the declaring side's
    average score, over/under, matchpoint percentage, cross-IMPs and Butler IMPs. --by pair ranks the
    pairs of each session and section (a Mitchell's directions apart) by their percentage over the
    boards they played (IMPs a board where the session is scored at IMPs). A team match (a LIN
    vugraph file, PBN with Room tags) is printed as the match: each board's two rooms, its IMPs, and
    each team's running score from the carry-over.

    \b
    Examples:
      bridgetools analyze season.parquet --by strain
      bridgetools analyze game.pbn --by contract --format markdown
      bridgetools analyze semifinal.lin
      bridgetools analyze round3/*.lin --vp
      bridgetools analyze board7.lin --vp --match-boards 16
      bridgetools analyze season.parquet --plot contracts.png
      bridgetools analyze monday.pbn --by pair
    """
    from bridgetools.analysis.match import COLUMNS as MATCH_COLUMNS
    from bridgetools.analysis.match import match_totals, render_matches, team_matches, with_match_boards
    from bridgetools.analysis.pipeline import ReadAs, load_results
    from bridgetools.analysis.ranking import COLUMNS as RANKING_COLUMNS
    from bridgetools.analysis.summary import COLUMNS, plot, render, summarise, tables

    refuse_other_kind(output, "analyze", "a text table, or csv (.csv), json (.json) or markdown (.md)",
                      own=SUMMARY_SUFFIXES)
    named = SUMMARY_SUFFIXES.get(Path(output).suffix.lower()) if output != "-" else None
    if fmt and named not in (None, fmt):  # `-o b.csv -f json` would write JSON under a CSV name
        raise click.UsageError(f"{output} names a {named} file but --format is {fmt}; give one or make them "
                               "agree")
    fmt = fmt or named or "text"

    if plot_path == "-":
        raise click.UsageError(f"--plot takes a file name (contracts.png; {', '.join(PLOT_FORMATS)} by its "
                               "suffix), not '-': stdout is where the summary goes")
    if mp_scale and by != "pair":
        raise click.UsageError(f"--mp-scale shows the pairs' matchpoints; --by {by or 'contract'} shows "
                               "percentages, the same on every scale")
    if vp and by not in (None, "match"):
        raise click.UsageError(f"--vp gives a team match's victory points; --by {by} prints no match")
    if match_boards is not None and not vp:
        raise click.UsageError("--match-boards sets the scale of the victory points: give --vp too")
    if plot_path is not None and by == "pair":
        raise click.UsageError("--plot draws the results of each group; --by pair prints rankings, no plot")
    if plot_path is not None:
        suffix = os.path.splitext(plot_path)[1].lstrip(".").lower()
        if suffix not in PLOT_FORMATS:
            kinds = ", ".join(PLOT_FORMATS)
            raise click.UsageError(f"--plot writes {kinds} images, not {suffix or 'no suffix'!r}")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise click.ClickException(PLOT_HINT) from None
    files, unread = expand_inputs(
        inputs, (*RECORD_SUFFIXES, ".parquet", ".pq"), long_table_beside_its_boards,
        on_repeat=lambda file, also: warn(named_twice(file, also, "its results counted once"), quiet))
    refuse_overwriting(output, [*inputs, *files])
    refuse_overwriting(plot_path, [*inputs, *files])
    with warnings_said_after(quiet):  # the readers' warnings (a --first-board a PBN file does not use)
        # "source": nothing_to_analyse counts the boards by it, whichever --by
        wanted = [*COLUMNS, "source", *(RANKING_COLUMNS if by == "pair" else MATCH_COLUMNS)]
        said: set[str] = set()  # what the fields of several inputs said, not said again by the rankings

        def told(issue: str) -> None:
            said.add(issue)
            warn_of_library(issue, quiet)

        try:
            frame, problems = load_results(files, list(dict.fromkeys(wanted)), on_issue=told,
                                           read_as=ReadAs(from_format, encoding, "--from",
                                                          in_a_folder(files, inputs), first_board),
                                           on_syntax=syntax_met)
        except NothingReadError as e:  # said as every input's problem is, below
            import pandas as pd

            frame, problems = pd.DataFrame(), e.problems
    problems = [*unread, *problems]
    if frame.empty and len(problems) == 1:  # the one input could not be read: say so, once
        raise click.ClickException(problems[0])
    for problem in problems:  # a file not read is a failure, not a warning: said even with --quiet
        warn(problem, every=True)
    nothing = nothing_to_analyse(frame, by, bool(problems))
    if nothing is not None:
        raise click.ClickException(nothing)
    if by == "pair":
        print_rankings(frame, fmt, output, quiet, said, mp_scale)
        if problems:
            raise SystemExit(1)
        return
    matches = team_matches(frame) if by in (None, "match") else []
    if by is None:  # by default only what reads as a match; --by match prints every file naming rooms
        matches = [match for match in matches if match.looks_like_a_match]
    if matches and "file" in frame:  # the results of the other files are not in the matches printed
        played = frame[frame["contract"].notna() & (frame["source"].astype(str) == "table")]
        shown = {file for match in matches for file in (match.files or (match.file,))}
        left = [f for f in dict.fromkeys(played["file"].dropna().astype(str).tolist()) if f not in shown]
        for file in left:
            warn(f"warning: {file}: not a team match, its results left out of the match printed: analyze it "
                 "alone, or give --by contract to summarise every input", quiet)
    for match in matches:  # a board's second result in one room: not scored, so said
        for sentence in match.left_out:
            warn(f"warning: {match.file}: {sentence}" if match.file else f"warning: {sentence}", quiet)
    if match_boards is not None:
        matches = with_match_boards(matches, match_boards)
    totals = match_totals(matches)  # worked out once: the warnings here, the totals printed below
    for total in totals:  # a later segment's carry-over that is not the total before it
        for file, sentence in total.disagreements:
            warn(f"warning: {file}: {sentence}" if file else f"warning: {sentence}", quiet)
    if by == "match" and not matches:
        raise click.ClickException("no team match in the inputs: no result names its room (open or closed)")
    if vp and not matches:
        warn("warning: --vp: no team match in the inputs (no result names its room), so no victory points",
             quiet)
    table = summarise(frame, by if by not in (None, "match") else "contract")
    if by == "board":  # a result with no number is in no board's row: say so rather than drop it unseen
        # counted as the table counts them: a traveller row of three tables is three results
        unnumbered = frame[frame["contract"].notna() & frame["board"].isna()]
        counts: dict[str, int] = {}
        for file, each in zip(unnumbered["file"].astype(object).fillna("-"), tables(unnumbered), strict=True):
            counts[file] = counts.get(file, 0) + int(each)
        for file, count in counts.items():
            warn(f"warning: {file}: {plural(int(count), 'result')} without a board number left out of "
                 "--by board (--by contract counts every result)", quiet)
    with output_for(output, fmt in ("text", "markdown")) as out:
        out.write(render_matches(matches, fmt, vp, totals) if matches else render(table, fmt))
    if plot_path is not None:
        with atomic_output(plot_path, "wb") as image:
            plot(frame, table, image, fmt=suffix)
    if problems:
        raise SystemExit(1)


def print_rankings(frame: pd.DataFrame, fmt: str, output: str, quiet: bool, said: Set[str] = frozenset(),
                   mp_scale: str | None = None) -> None:
    """``analyze --by pair``: the pairs' rankings of ``frame`` to ``output``, what they leave out warned of
    (but what was ``said`` already: files scored apart); an error when no result names its pairs. The
    matchpoints are on ``mp_scale`` where named (``acbl``, ``ebu``), else the file's (`matchpoint_scale`)."""
    from bridgetools.analysis.ranking import pair_rankings, render_rankings

    ranked = pair_rankings(frame, mp_scale)
    for sentence in ranked.left_out:
        if sentence not in said:
            warn(f"warning: {sentence}", quiet)
    if not ranked.rankings and ranked.untopped:
        raise click.ClickException("no pairs to rank: no board was played twice, and a board played once "
                                   "has no matchpoints")
    if not ranked.rankings:
        raise click.ClickException("no pairs to rank: no scored result names its pairs (a ScoreTable's "
                                   "PairId_NS and PairId_EW, or each pair's two players)")
    with output_for(output, fmt in ("text", "markdown")) as out:
        out.write(render_rankings(ranked.rankings, fmt))
