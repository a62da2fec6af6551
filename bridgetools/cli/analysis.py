"""``bridgetools export`` and ``bridgetools analyze``: hand records to Parquet, and summaries of results."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from bridgetools._pool import worker_pool
from bridgetools.cli.common import (
    atomic_output,
    format_option,
    jobs_option,
    output_option,
    plural,
    progress_bar,
    quiet_option,
    refuse_overwriting,
    reports_errors,
    warn,
)
from bridgetools.errors import BridgeError

if TYPE_CHECKING:
    import pandas as pd

RECORD_SUFFIXES = (".pbn", ".lin", ".json", ".jsonl")
"""Files a directory is searched for."""

PLOT_FORMATS = ("png", "pdf", "svg")
PLOT_HINT = "--plot needs matplotlib, an optional extra: pip install 'bridgetools[plot]'"


def expand_inputs(inputs: tuple[str, ...], suffixes: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """Files named by ``inputs`` (files, directories searched recursively for ``suffixes``, glob patterns,
    ``-`` for stdin), in order and without repeats; and a one-line problem for each input naming nothing."""
    files: list[str] = []
    problems: list[str] = []
    for item in inputs:
        if item == "-":  # standard input, read as a hand-record file
            files.append(item)
        elif os.path.isdir(item):
            found = sorted(str(p) for p in Path(item).rglob("*")
                           if p.suffix.lower() in suffixes and p.is_file())
            if not found:
                problems.append(f"{item}: no {'/'.join(suffixes)} files in this directory")
            files.extend(found)
        elif os.path.exists(item):
            files.append(item)
        elif glob.has_magic(item):
            found = sorted(p for p in glob.glob(item, recursive=True) if os.path.isfile(p))
            if not found:
                problems.append(f"{item}: no file matches")
            files.extend(found)
        else:
            problems.append(f"{item}: no such file or directory")
    return list(dict.fromkeys(files)), problems


def issue_lines(path: str, boards: list[Any]) -> list[str]:
    """The boards' reading problems as one-line messages (``file:line:col: message``)."""
    lines = []
    for board in boards:
        for issue in board.issues:
            text = str(issue)
            lines.append(text if issue.source else f"{path}: {text}")
    return lines


def export_sessions(path: str, strict: bool, calls: bool, plays: bool) -> Iterator[dict[str, Any]]:
    """One file's ``boards`` (and ``calls``, ``plays``) record batches, a session of about 10,000 boards at
    a time (`sessions`: the rooms of a board are not cut apart), board ids from 0 in each.

    Never raises: a file that cannot be read or exported ends with a session that has ``error`` set.
    """
    from bridgetools.analysis.export import session_batch, sessions
    from bridgetools.analysis.extract import calls_batch, plays_batch
    from bridgetools.formats import read

    game = 0
    try:
        for boards in sessions(read(path, strict=strict)):
            yield {
                "issues": issue_lines(path, boards), "n": len(boards),
                "boards": session_batch(boards, file=path, first_game=game),
                "calls": calls_batch(boards) if calls else None,
                "plays": plays_batch(boards) if plays else None,
            }
            game += len(boards)
    except (BridgeError, OSError, UnicodeDecodeError) as e:
        yield {"error": _one_line(path, e)}
    except Exception as e:  # a board the exporter cannot handle must not stop the other files
        yield {"error": f"{path}: cannot export: {type(e).__name__}: {_first_line(e)}"}


def export_file(path: str, strict: bool, calls: bool, plays: bool) -> list[dict[str, Any]]:
    """Every session of one file (run in a worker process)."""
    return list(export_sessions(path, strict, calls, plays))


def _first_line(error: BaseException) -> str:
    text = str(error)
    return text.splitlines()[0] if text else ""


def _one_line(path: str, error: BaseException) -> str:
    text = str(error) if not isinstance(error, OSError) else (error.strerror or str(error))
    first = text.splitlines()[0] if text else type(error).__name__
    return first if first.startswith(path) else f"{path}: {first}"


def _exported(files: list[str], strict: bool, calls: bool, plays: bool,
              jobs: int) -> Iterator[Iterator[dict[str, Any]] | list[dict[str, Any]]]:
    """Each file's sessions, in input order, from ``jobs`` worker processes (or streamed from this one)."""
    if jobs <= 1 or len(files) <= 1:
        for path in files:
            yield export_sessions(path, strict, calls, plays)
        return
    try:
        with worker_pool(jobs, preload=[__name__]) as pool:
            n = len(files)
            yield from pool.map(export_file, files, [strict] * n, [calls] * n, [plays] * n)
    except BrokenProcessPool as e:  # a worker killed (out of memory...): say so in one line
        raise click.ClickException(f"a worker process stopped: {e}; try --jobs 1") from None


def _sibling(output: str, table: str) -> str:
    """``OUT.parquet`` -> ``OUT.calls.parquet``."""
    stem, suffix = os.path.splitext(output)
    return f"{stem}.{table}{suffix or '.parquet'}"


@click.command()
@click.argument("inputs", nargs=-1, required=True)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="The Parquet file to write (boards, one row per result).")
@jobs_option
@click.option("--calls", is_flag=True, help="Also write the long calls table to OUT.calls.parquet.")
@click.option("--plays", is_flag=True, help="Also write the long plays table to OUT.plays.parquet.")
@click.option("--strict", is_flag=True, help="Skip a file at its first problem instead of reading on.")
@quiet_option
@reports_errors
def export(inputs: tuple[str, ...], output: str, jobs: int, calls: bool, plays: bool, strict: bool,
           quiet: bool) -> None:
    """Export hand records (PBN, LIN, JSON; files, directories or glob patterns) to Parquet.

    One row per result, with the columns of docs/analysis.md; field results (matchpoints, IMPs) compare
    the results of each board within its file. A file that cannot be read is reported on one line and
    skipped; the others are exported, and the exit code is then 1.

    \b
    Examples:
      bridgetools export results/ -o season.parquet --jobs 2
      bridgetools export 'club/**/*.pbn' game.lin -o club.parquet --calls --plays
    """
    if output == "-":
        raise click.UsageError("binary output needs -o FILE, not stdout")
    from bridgetools.analysis.export import ParquetExport

    files, problems = expand_inputs(inputs, RECORD_SUFFIXES)
    for written in (output, _sibling(output, "calls") if calls else None,
                    _sibling(output, "plays") if plays else None):
        refuse_overwriting(written, [*inputs, *files])
    for problem in problems:
        warn(problem)
    if not files:
        raise click.ClickException("nothing to export")
    failed = bool(problems)
    rows = boards = 0
    with ParquetExport(output, metadata={"inputs": len(files)},
                       calls_path=_sibling(output, "calls") if calls else None,
                       plays_path=_sibling(output, "plays") if plays else None) as sink, \
            progress_bar(len(files), "exporting", quiet) as bar:
        for sessions in _exported(files, strict, calls, plays, jobs):
            for done in sessions:
                if "error" in done:
                    warn(done["error"])
                    failed = True
                    continue
                for issue in done["issues"]:
                    warn(issue, quiet)
                sink.add_batches(done["boards"], done["calls"], done["plays"], done["n"])
                boards += done["n"]
            bar.update(1)
        rows = sink.rows
    warn(f"{output}: {plural(boards, 'board')}, {plural(rows, 'result')} from {plural(len(files), 'file')}",
         quiet)
    if failed:
        raise SystemExit(1)


def load_results(
    files: list[str], problems: list[str], strict: bool = False
) -> tuple[pd.DataFrame, list[str]]:
    """The summary columns of `boards` from Parquet exports and hand-record files (each file a session);
    ``files`` and ``problems`` are what `expand_inputs` made of the command line."""
    import pandas as pd
    import pyarrow as pa

    from bridgetools.analysis.export import read_dataframe, table_to_dataframe
    from bridgetools.analysis.schema import BOARDS_SCHEMA
    from bridgetools.analysis.summary import COLUMNS

    problems = list(problems)
    frames = []
    for path in files:
        try:
            if path.lower().endswith(".parquet"):
                frames.append(read_dataframe(path, list(COLUMNS)))
                continue
            for done in export_sessions(path, strict, False, False):
                if "error" in done:
                    problems.append(done["error"])
                    continue
                problems.extend(done["issues"])
                table = pa.Table.from_batches([done["boards"]], schema=BOARDS_SCHEMA).select(list(COLUMNS))
                frames.append(table_to_dataframe(table))
        except (OSError, BridgeError) as e:
            problems.append(_one_line(path, e))
        except Exception as e:  # pyarrow's errors for a file that is not Parquet
            problems.append(f"{path}: cannot read: {type(e).__name__}: {_first_line(e)}")
    frames = [f for f in frames if len(f)]
    return (pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()), problems


@click.command()
@click.argument("inputs", nargs=-1, required=True)
@click.option("--by", type=click.Choice(["contract", "strain", "level", "declarer", "vulnerable", "board"]),
              default="contract", show_default=True, help="Group the results by this.")
@format_option(["text", "csv", "json", "markdown"], "How to print the summary [default: text].")
@output_option
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False),
              help="Also draw score distributions and make rates to this image (needs matplotlib).")
@quiet_option
@reports_errors
def analyze(inputs: tuple[str, ...], by: str, fmt: str | None, output: str, plot_path: str | None,
            quiet: bool) -> None:
    """Summarise the results in Parquet exports and hand-record files.

    For each group: the number of results, how often the contract made, and the declaring side's
    average score, over/under, matchpoint percentage, cross-IMPs and Butler IMPs.

    \b
    Examples:
      bridgetools analyze season.parquet --by strain
      bridgetools analyze game.pbn --by contract --format markdown
      bridgetools analyze season.parquet --plot contracts.png
    """
    from bridgetools.analysis.summary import plot, render, summarise

    fmt = fmt or "text"

    if plot_path is not None:
        suffix = os.path.splitext(plot_path)[1].lstrip(".").lower()
        if suffix not in PLOT_FORMATS:
            kinds = ", ".join(PLOT_FORMATS)
            raise click.UsageError(f"--plot writes {kinds} images, not {suffix or 'no suffix'!r}")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise click.ClickException(PLOT_HINT) from None
    files, unread = expand_inputs(inputs, (*RECORD_SUFFIXES, ".parquet"))
    refuse_overwriting(output, [*inputs, *files])
    refuse_overwriting(plot_path, [*inputs, *files])
    frame, problems = load_results(files, unread)
    for problem in problems:
        warn(problem, quiet)
    if frame.empty or frame["contract"].isna().all():
        why = "" if problems else ": the inputs hold no boards with a contract"
        raise click.ClickException(f"no results to analyse{why}")
    table = summarise(frame, by)
    with atomic_output(output) as out:
        out.write(render(table, fmt))
    if plot_path is not None:
        with atomic_output(plot_path, "wb") as image:
            plot(frame, table, image, fmt=suffix)
    if problems:
        raise SystemExit(1)
