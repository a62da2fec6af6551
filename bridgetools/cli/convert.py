"""``bridgetools convert`` and ``bridgetools validate``: hand records between formats, and checking them."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from typing import Any

import click

from bridgetools.board import Board
from bridgetools.cli.common import (
    atomic_output,
    refuse_overwriting,
    reports_errors,
    suits_option,
    wants_unicode,
)
from bridgetools.errors import BridgeError

READ_FORMATS = ("pbn", "lin", "json", "jsonl")
WRITE_FORMATS = ("pbn", "lin", "json", "jsonl", "text")


def output_format(output: str, to: str | None) -> str:
    """The format to write: ``--to``, else the output's suffix, else PBN (for stdout)."""
    if to:
        return to
    if output == "-":
        return "pbn"
    from bridgetools.formats import format_from_name

    found = format_from_name(output)
    if found is None:
        raise click.UsageError(
            f"cannot tell the output format from {output!r}; add --to ({'|'.join(WRITE_FORMATS)})"
        )
    return found


def boards_reporting_issues(
    inputs: tuple[str, ...],
    from_format: str | None,
    strict: bool,
    encoding: str | None,
    quiet: bool,
    counts: dict[str, int],
) -> Iterator[Board]:
    """The boards of every input in turn; each board's issues go to stderr as ``file:line:col: message``."""
    from bridgetools.formats import read

    for name in inputs:
        for board in read(name, from_format, strict=strict, encoding=encoding):
            for issue in board.issues:
                counts["issues"] += 1
                if not quiet:
                    click.echo(str(issue), err=True)
            if board.is_empty:  # text that was no board: its issues are said, nothing is written
                continue
            counts["boards"] += 1
            yield board


@click.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(allow_dash=True, dir_okay=False))
@click.option(
    "-o",
    "--output",
    default="-",
    show_default=True,
    type=click.Path(allow_dash=True, dir_okay=False),
    help="Output file (- for stdout); written to a temporary file and renamed.",
)
@click.option(
    "--to", "to_format", type=click.Choice(WRITE_FORMATS), help="Output format (default: from -o suffix)."
)
@click.option(
    "--from", "from_format", type=click.Choice(READ_FORMATS), help="Input format (default: sniffed)."
)
@click.option("--strict", is_flag=True, help="Stop at the first problem (exit 1) instead of warning.")
@click.option("--encoding", default=None, help="Input encoding (default: detected).")
@click.option(
    "--vugraph/--no-vugraph", default=None, help="LIN output: write a vugraph file (vg/rs/pn header)."
)
@click.option("-q", "--quiet", is_flag=True, help="Do not print warnings.")
@suits_option
@reports_errors
def convert(
    inputs: tuple[str, ...],
    output: str,
    to_format: str | None,
    from_format: str | None,
    strict: bool,
    encoding: str | None,
    vugraph: bool | None,
    quiet: bool,
    suits: str,
) -> None:
    """Convert hand records between PBN, LIN, JSON, JSON Lines and text diagrams.

    Several inputs go into one output. Input files are never changed. Problems found while reading
    are printed to stderr as file:line:col: message (exit 0); with --strict the first one stops
    the conversion (exit 1) and no output file is written.

    \b
    Examples:
      bridgetools convert match.lin -o match.pbn
      bridgetools convert a.pbn b.lin -o all.jsonl
      cat game.lin | bridgetools convert - --to text
    """
    from bridgetools.formats import write

    fmt = output_format(output, to_format)
    refuse_overwriting(output, inputs)
    for name in inputs:  # before anything is written: stdout cannot be taken back
        if name != "-" and not os.path.isfile(name):
            raise click.ClickException(f"{name}: No such file")
    counts = {"boards": 0, "issues": 0}
    boards = boards_reporting_issues(inputs, from_format, strict, encoding, quiet, counts)
    options: dict[str, Any] = {}
    if fmt == "lin" and vugraph is not None:
        options["vugraph"] = vugraph
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with atomic_output(output, newline="") as out:
            if fmt == "text":  # a file is UTF-8, so only the terminal may need letters
                options["unicode"] = wants_unicode(suits) if output == "-" else suits != "ascii"
            write(boards, out, fmt, **options)
    if not quiet:
        for message in dict.fromkeys(str(w.message) for w in caught):
            click.echo(f"warning: {message}", err=True)
        if output != "-":
            click.echo(f"{counts['boards']} boards written to {output} ({counts['issues']} issues)", err=True)


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True, dir_okay=False))
@click.option(
    "--from", "from_format", type=click.Choice(READ_FORMATS), help="Input format (default: sniffed)."
)
@click.option("--encoding", default=None, help="Input encoding (default: detected).")
@reports_errors
def validate(files: tuple[str, ...], from_format: str | None, encoding: str | None) -> None:
    """Check hand records: print every problem as file:line:col: message; exit 1 if there is any.

    \b
    Examples:
      bridgetools validate *.pbn *.lin
    """
    from bridgetools.formats import read

    problems = boards = 0
    for name in files:
        try:
            found = 0
            for board in read(name, from_format, encoding=encoding):
                found += 0 if board.is_empty else 1
                for issue in board.issues:
                    problems += 1
                    click.echo(str(issue))
            boards += found
            if not found:
                problems += 1
                click.echo(f"{name}: no boards found")
        except (BridgeError, OSError, UnicodeDecodeError) as e:
            problems += 1
            message = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            click.echo(message if message.startswith(name) else f"{name}: {message}")
    click.echo(f"{len(files)} files, {boards} boards, {problems} problems", err=True)
    if problems:
        raise click.exceptions.Exit(1)
