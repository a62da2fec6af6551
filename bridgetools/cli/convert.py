"""``bridgetools convert`` and ``bridgetools validate``: hand records between formats, and checking them."""

from __future__ import annotations

import contextlib
import glob
import os
import warnings
import weakref
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import click

from bridgetools.board import Board
from bridgetools.cli.common import (
    ReadingBar,
    atomic_output,
    check_inputs,
    encoding_advice,
    encoding_option,
    first_board_option,
    format_option,
    from_option,
    input_shown,
    not_a_file,
    one_line_error,
    output_for,
    plural,
    quiet_option,
    refuse_binary_to_a_terminal,
    reports_errors,
    rubber_record_text,
    say,
    standard_stream,
    suit_symbols,
    tell,
    warn,
    warnings_said_after,
    written_suits_option,
)
from bridgetools.cli.common import (
    output_format as chosen_format,
)
from bridgetools.errors import (
    BridgeError,
    DecodeWarning,
    Issue,
    MissingExtraError,
    NoBoardsError,
    by_place,
    place,
)
from bridgetools.formats import FORMATS, READABLE, SUFFIXES
from bridgetools.formats._losses import named_by_file
from bridgetools.model import Deal

# the formats registry names the choices
READ_FORMATS = tuple(sorted(READABLE))
WRITE_FORMATS = tuple(FORMATS)


def output_format(output: str, to: str | None, command: str = "convert") -> str:
    """The format ``command`` (``convert``, ``bid``, ``autoplay``: any of the formats) writes to ``output``:
    the one rule of every command (`bridgetools.cli.common.output_format`)."""
    return chosen_format(output, to, command, ", ".join(WRITE_FORMATS[:-1]) + f" or {WRITE_FORMATS[-1]}")


def boards_reporting_issues(
    inputs: tuple[str, ...],
    from_format: str | None,
    strict: bool,
    encoding: str | None,
    quiet: bool,
    counts: dict[str, int],
    bar: ReadingBar | None = None,
    origins: BoardOrigins | None = None,
    first_board: int | None = None,
) -> Generator[Board, None, None]:
    """The boards of every input in turn; each file's issues go to stderr once it is read, in file order
    as `validate` lists them, as ``file:line:col: message`` (a note's as ``file:line:col: note: message``;
    those a board carries from the file it was converted from after them), counted in ``counts`` as
    ``issues`` and ``notes``; ``bar`` (when given) shows the bytes read; ``origins`` (when given) learns
    each board's file; ``first_board`` numbers a BRI or DGE file's boards (`bridgetools.formats.read`)."""
    from bridgetools.formats import read

    for name in inputs:
        shown = input_shown(name)
        source = bar.source(name) if bar is not None else name
        found: list[tuple[Issue, str]] = []
        carried: list[str] = []
        try:
            for board in read(source, from_format, strict=strict, encoding=encoding, first_board=first_board):
                recorded = _recorded(board, shown)
                found += [(i, issue_line(shown, board, i)) for i in board.issues if i not in recorded]
                carried += [issue_line(shown, board, i) for i in by_place(recorded)]
                for issue in board.issues:
                    counts["notes" if issue.is_note else "issues"] += 1
                if board.is_empty:  # text that was no board: its issues are said, nothing is written
                    continue
                counts["boards"] += 1
                if origins is not None:
                    origins.read(board, shown)
                yield board
        finally:  # said even when writing stops at a board the output cannot hold
            for line in [*(said for _, said in sorted(found, key=lambda f: place(f[0]))), *carried]:
                warn(line, quiet)


class BoardOrigins:
    """The input each board being written was read from, while the board lives (`named_by_file`): what
    a writer lost, or refuses, is said with the file it came from when several go into one output."""

    def __init__(self) -> None:
        self._files: dict[int, tuple[str, int, int | None]] = {}
        self._read = 0

    def read(self, board: Board, file: str) -> None:
        """``board`` was read from ``file``, after those read before it, with the number it has now."""
        self._read += 1
        self._files[id(board)] = (file, self._read, board.number)
        weakref.finalize(board, self._files.pop, id(board), None)  # an id is used again once it dies

    def __call__(self, board: Board) -> tuple[str, int, int | None] | None:
        """The file ``board`` was read from, its place among the boards read and the number it was read
        with (`_by_place` gives it another), if it was read here."""
        return self._files.get(id(board))



INPUT_SUFFIXES = tuple(sorted({suffix for fmt in READABLE for suffix in SUFFIXES[fmt]}))
"""Files a directory given to `convert` is searched for: those of every format it reads."""


@dataclass(frozen=True)
class Reading:
    """How `convert` reads its inputs and writes each output: the options that hold for every one."""

    from_format: str | None
    first_board: int | None
    strict: bool
    encoding: str | None
    renumber: bool
    quiet: bool
    suits: str
    options: dict[str, Any]


def convert_inputs(inputs: tuple[str, ...]) -> list[str]:
    """The files ``inputs`` name, in order: a file (or ``-``, once) as it is, a directory searched and a
    glob pattern matched as `export` does (`bridgetools.cli.analysis.expand_inputs`); one naming no file
    stops before any work, as a missing file does."""
    from bridgetools.cli.analysis import expand_inputs

    if inputs.count("-") > 1:
        raise click.UsageError("'-' (standard input) is given twice: it can be read once")
    files: list[str] = []
    for item in inputs:
        if not (os.path.isdir(item) or (glob.has_magic(item) and not os.path.exists(item))):
            files.append(item)  # a file, '-', or a missing one `check_inputs` names
            continue
        found, problems = expand_inputs((item,), INPUT_SUFFIXES)
        if problems:
            raise click.ClickException(problems[0])
        files.extend(found)
    return files


def into_a_folder(output: str) -> bool:
    """Whether ``-o`` names a folder to write one output per input in: a trailing slash, or a directory."""
    return output != "-" and (output.endswith(("/", os.sep)) or os.path.isdir(output))


def outputs_in(folder: str, files: list[str], fmt: str | None) -> list[tuple[str, str]]:
    """Each input file with its output in ``folder``: the same stem, ``fmt``'s suffix; a usage error
    when ``--format`` is not given, an input is stdin, or two inputs would give one output name. A folder
    not there is made once all is checked, when the folder it goes in is there (``-o out/``)."""
    if fmt is None:
        raise click.UsageError(f"-o {folder} writes one file per input: give --format (the files' format)")
    parent = os.path.dirname(os.path.normpath(folder)) or "."
    if not os.path.isdir(folder) and not os.path.isdir(parent):
        raise click.ClickException(f"{folder}: no such folder, nor {parent} to make it in")
    suffix = (SUFFIXES[fmt] or SUFFIXES[fmt.removesuffix("blind")])[0]
    pairs: list[tuple[str, str]] = []
    named: dict[str, str] = {}
    for file in files:
        if file == "-":
            raise click.UsageError(f"-o {folder} names each output after its input; standard input has no "
                                   "name: give -o FILE")
        output = os.path.join(folder, Path(file).stem + suffix)
        clash = named.setdefault(os.path.normcase(os.path.abspath(output)), file)
        if clash != file or any(pair[0] == file for pair in pairs):
            raise click.UsageError(f"{clash} and {file} would both be written to {output}; convert them "
                                   "apart, or into one file")
        pairs.append((file, output))
    if not os.path.isdir(folder):
        try:  # one level made, as mkdir does: a typing slip higher up is said, not made into folders
            os.mkdir(folder)
        except OSError as e:
            raise click.ClickException(f"{folder}: cannot make the folder ({e.strerror})") from None
    return pairs


@click.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option(
    "-o", "--output", default="-", show_default=True, type=click.Path(allow_dash=True),
    help="Output file ('-' for stdout); written to a temporary file and renamed (stdout: once complete). "
         "A folder (a trailing slash, or a directory) takes one file per input, named after it, in "
         "--format.",
)
@format_option(WRITE_FORMATS, "Output format (default: from the -o suffix, else pbn; needed by -o DIR/). "
                              "dup, dupblind, bri and dge are binary: -o - writes them to a pipe or a "
                              "redirect, not a terminal.")
@from_option
@first_board_option
@click.option("--strict", is_flag=True, help="Stop at the first problem (exit 1) instead of warning.")
@encoding_option
@click.option(
    "--vugraph/--no-vugraph", default=None, help="LIN output: write a vugraph file (vg/rs/pn header)."
)
@click.option(
    "--renumber", is_flag=True,
    help="Number the boards 1, 2, 3 ... by their place in the input (a lesson set with gaps into a "
         "dealing machine's file, which cannot leave one out); dealer and vulnerability stay the "
         "boards' own.",
)
@quiet_option
@written_suits_option
@reports_errors
def convert(
    inputs: tuple[str, ...],
    output: str,
    fmt: str | None,
    from_format: str | None,
    first_board: int | None,
    strict: bool,
    encoding: str | None,
    vugraph: bool | None,
    renumber: bool,
    quiet: bool,
    suits: str,
) -> None:
    """Convert hand records between PBN, LIN, JSON, JSON Lines, RBN, text diagrams and the dealing
    machines' files (DUP, DLM, BRI, DGE; written also blind: dupblind, dlmblind).

    Several inputs (files, directories searched for hand records, glob patterns, '-' once) go into one
    output, in the order given; -o DIR/ writes one output per input instead. Input files are never
    changed. Problems found while reading are printed to stderr as file:line:col: message (exit 0), a
    note as file:line:col: note: message; with --strict the first problem stops the conversion (exit 1)
    and no output file is written.

    \b
    Examples:
      bridgetools convert match.lin -o match.pbn
      bridgetools convert a.pbn b.lin -o all.jsonl
      bridgetools convert archive/ -o pbn/ --format pbn
      cat game.lin | bridgetools convert - --format text
    """
    files = convert_inputs(inputs)
    folder = into_a_folder(output)
    if not folder:
        fmt = output_format(output, fmt)
    if output == "-":
        refuse_binary_to_a_terminal(str(fmt))
    options: dict[str, Any] = {}
    if fmt == "lin" and vugraph is not None:
        options["vugraph"] = vugraph
    reading = Reading(from_format, first_board, strict, encoding, renumber, quiet, suits, options)
    if folder:
        _convert_each(files, outputs_in(output, files, fmt), str(fmt), reading)
        return
    check_inputs(output, files)
    with ReadingBar(files, "Converting", quiet) as bar:
        counts = _convert_into(files, output, str(fmt), reading, bar)
    if not quiet and output != "-":
        tell(f"{plural(counts['boards'] - counts['no board'], 'board', thousands=True)} written to {output} "
             f"({plural(counts['issues'], 'issue', thousands=True)}{and_notes(counts['notes'])})")


def _convert_each(files: list[str], pairs: list[tuple[str, str]], fmt: str, reading: Reading) -> None:
    """Convert each input file into its own output (``pairs``), all checked before any is read: a file
    that fails is named on one line and has no output, the others are written (exit 1 then)."""
    for _, output in pairs:
        check_inputs(output, files)
    written = boards = issues = notes = 0
    failed = []
    with ReadingBar(files, "Converting", reading.quiet) as bar:
        for file, output in pairs:
            try:
                counts = _convert_into([file], output, fmt, reading, bar)
            except (BridgeError, OSError, UnicodeDecodeError, click.ClickException) as e:
                message = e.format_message() if isinstance(e, click.ClickException) else one_line_error(e)
                warn(f"error: {message}", every=True)
                failed.append(file)
                continue
            written += 1
            boards += counts["boards"] - counts["no board"]
            issues += counts["issues"]
            notes += counts["notes"]
    if not reading.quiet:
        skipped = f", {plural(len(failed), 'file')} not converted" if failed else ""
        tell(f"{plural(boards, 'board', thousands=True)} written to {plural(written, 'file', thousands=True)}"
             f"{skipped} ({plural(issues, 'issue', thousands=True)}{and_notes(notes)})")
    if failed:
        raise SystemExit(1)


def _convert_into(files: list[str], output: str, fmt: str, reading: Reading,
                  bar: ReadingBar) -> dict[str, int]:
    """Read ``files`` in turn and write their boards to ``output`` in ``fmt``; what was counted."""
    counts = {"boards": 0, "issues": 0, "notes": 0, "no board": 0}
    origins = BoardOrigins()
    with named_by_file(origins):
        read = boards_reporting_issues(tuple(files), reading.from_format, reading.strict, reading.encoding,
                                       reading.quiet, counts, bar, origins, reading.first_board)
        boards: Iterable[Board] = read
        if reading.renumber:
            boards = _by_place(boards, fmt)
        left_out = _left_out_of(fmt)
        if left_out is not None:
            boards = _counting_records_left_out(boards, left_out, counts)
        by_place: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
        if reading.renumber:
            from bridgetools.formats._machine import renumbered_by_place

            by_place = renumbered_by_place()
        with contextlib.closing(read), by_place:
            # closed before a writer's refusal is said: the problems read up to it first, the stop line last
            write_records(boards, output, fmt, reading.quiet, reading.suits, **reading.options)
    return counts


def and_notes(notes: int) -> str:
    """``, 1 note`` to follow a count of problems (notes are none: --strict passes them), or nothing."""
    return f", {plural(notes, 'note', thousands=True)}" if notes else ""


BOARDS_BY_PLACE = frozenset({"dup", "dupblind", "dlm", "dlmblind", "bri", "dge"})
"""The dealing machines' formats, which hold boards alone: a record that is no board (a lesson's
introduction), or that repeats an earlier one's board and deal (a match's other room), is left out of them
(`bridgetools.formats._machine.left_out_of_machine`)."""


def _by_place(boards: Iterable[Board], fmt: str) -> Iterator[Board]:
    """``boards`` numbered 1, 2, 3 ... by their place among the records that are boards (`is_a_board`: a
    lesson's introduction takes none; in a machine file, `dealt`: nor does a board with no deal, which it
    leaves out), as ``--renumber`` asks; each read here for this output alone. A record with an earlier
    one's number and deal (a match's other room, the same file given twice) takes that record's new
    number, so it stays the same board; dealer and vulnerability are pinned first, so those a number gave
    (Law 2, no tag) stay the board's own."""
    from bridgetools.formats._losses import is_a_board
    from bridgetools.formats._machine import dealt

    takes_a_place = dealt if fmt in BOARDS_BY_PLACE else is_a_board
    place = 0
    renumbered: dict[tuple[int | None, Deal], int] = {}
    for board in boards:
        if takes_a_place(board):
            board.dealer, board.vulnerability = board.dealer, board.vulnerability
            key = None if board.deal is None else (board.number, board.deal)
            if key is None or key not in renumbered:
                place += 1
                if key is not None:
                    renumbered[key] = place
            board.number = place if key is None else renumbered[key]
        yield board


def _left_out_of(fmt: str) -> Callable[[Board], bool] | None:
    """What records the writer of ``fmt`` leaves out, so that the count of boards written leaves them out
    too: a machine file's records that are no board or repeat a board, LIN's and RBN's that would say
    nothing; None for the others."""
    if fmt in BOARDS_BY_PLACE:
        from bridgetools.formats._machine import left_out_of_machine

        return left_out_of_machine()
    if fmt == "lin":
        from bridgetools.formats.lin_write import left_out_of_lin

        return left_out_of_lin
    if fmt == "rbn":
        from bridgetools.formats.rbn import left_out_of_rbn

        return left_out_of_rbn
    return None


def _counting_records_left_out(boards: Iterable[Board], left_out: Callable[[Board], bool],
                               counts: dict[str, int]) -> Iterator[Board]:
    """``boards`` as they are, counting in ``counts["no board"]`` those the writer leaves out."""
    for board in boards:
        counts["no board"] += left_out(board)
        yield board


def write_records(boards: Iterable[Board], output: str, fmt: str, quiet: bool = False, suits: str = "auto",
                  **options: Any) -> None:
    """Write ``boards`` to ``output`` (``-`` for stdout) in ``fmt``: a file through a temporary one renamed
    into place, stdout only once the whole output is made; then one warning for each thing ``fmt``
    could not hold. Suit symbols go as
    letters or marks where ``suits`` (or the terminal) asks; text, which a person reads, shows what the
    terminal's encoding lacks as `say` does (`display_output`)."""
    from bridgetools.formats import default_encoding, write

    stream = standard_stream(output)
    with warnings_said_after(quiet):
        boards, encoding = default_encoding(boards, fmt, **options)  # a DLM set's headline's, else None
        opened = _whole_to_stream(fmt, output, encoding) if stream and fmt != "text" \
            else output_for(output, fmt == "text", newline="", encoding=encoding)
        with opened as out:
            if fmt in ("text", "lin"):  # a file is UTF-8, so only the terminal may need letters or marks
                options["unicode"] = suit_symbols(suits, output, quiet)
            write(boards, out, fmt, **options)


@contextlib.contextmanager
def _whole_to_stream(fmt: str, output: str, encoding: str | None = None) -> Iterator[IO[str]]:
    """stdout or stderr (``output`` names one: `standard_stream`) for a machine format (text goes to
    `display_output`), written once the whole output is made (as every command's ``-o -``), with suit
    symbols escaped as ``fmt`` writes them where its encoding (the stream's, or ``encoding``) lacks them: any
    other character the encoding cannot hold stops the conversion with one line before anything is
    written."""
    from bridgetools.formats._unwritable import suit_escapes

    errors = suit_escapes(fmt)
    try:
        with atomic_output(output, newline="", errors=errors, encoding=encoding) as out:
            yield out
    except UnicodeEncodeError as e:
        raise click.ClickException(
            f"nothing written: {encoding_advice(e, suits_ascii=False)}") from e


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@from_option
@first_board_option
@encoding_option
@click.option("-q", "--quiet", is_flag=True,
              help="No progress bar (the problems are still listed on stdout, the summary on stderr).")
@reports_errors
def validate(files: tuple[str, ...], from_format: str | None, first_board: int | None, encoding: str | None,
             quiet: bool) -> None:
    """Check hand records: print every problem as file:line:col: message; exit 1 if there is any. A
    file may be '-' (stdin).

    Each file's problems are listed in the order of their place in it (line, then column). A note (what
    the reader read as something a file means, such as a bidding quiz's blank turn "____") is listed
    too, as file:line:col: note: message, but is no problem: it does not fail the file. validate lists
    every problem; it has no --strict, which in convert and export stops at a file's first problem (a
    note does not stop it).

    \b
    Examples:
      bridgetools validate *.pbn *.lin
    """
    problems = boards = recorded = notes = 0
    with ReadingBar(files, "Checking", quiet) as bar:
        for name in files:
            unread = not_a_file(name)  # a directory, as a missing file: one problem, the others checked
            found, lines, carried, noted = (0, [unread], 0, 0) if unread else _problems_of(
                name, from_format, encoding, bar, first_board)
            boards += found
            problems += len(lines) - noted
            recorded += carried
            notes += noted
            for line in lines:
                say(line)
    sources = f" ({recorded:,} from the files they were converted from)" if recorded else ""
    tell(f"{plural(len(files), 'file', thousands=True)}, {plural(boards, 'board', thousands=True)}, "
         f"{plural(problems, 'problem', thousands=True)}{sources}{and_notes(notes)}")
    if problems:
        raise click.exceptions.Exit(1)


def _problems_of(name: str, from_format: str | None, encoding: str | None, bar: ReadingBar | None = None,
                 first_board: int | None = None) -> tuple[int, list[str], int, int]:
    """How many boards the file holds, its problems as lines, how many of those that are no note it only
    recorded, and how many of the lines are notes (an `Issue` of level ``info``, which --strict passes).

    The file's own problems come by place in it (a problem found late, a board's inheritance say,
    still in its line's turn), a board's par its own table does not give among them after the problems
    found up to the end of that board (a board does not keep its line); then those a board carries from
    the file it was converted from (a JSON board keeps its source's issues, as it keeps all it read),
    each named with its board and source: they still hold of the data, but the line is the source's,
    not this file's. Without the ``dd`` extra the pars are not checked, which is said on stderr."""
    from bridgetools.analysis.pipeline import par_warnings, unchecked_pars
    from bridgetools.formats import read

    found = notes = carried_notes = 0
    issues: list[Issue] = []
    carried: list[str] = []
    checked: list[tuple[int, str]] = []  # a par warning, after the issues found before it
    unchecked: str | None = None
    shown = input_shown(name)
    rubbers = _rubber_record(name, from_format, encoding)
    if rubbers is not None:
        return (*rubbers, 0, 0)

    def in_order(more: Sequence[Issue] = ()) -> list[str]:
        return _merged([*issues, *more], checked) + carried

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", DecodeWarning)
            for board in read(bar.source(name) if bar is not None else name, from_format, encoding=encoding,
                              first_board=first_board):
                found += 0 if board.is_empty else 1
                recorded = _recorded(board, shown)
                issues.extend(i for i in board.issues if i not in recorded)
                carried += [issue_line(shown, board, i) for i in by_place(recorded)]
                notes += sum(i.is_note for i in board.issues)
                carried_notes += sum(i.is_note for i in recorded)
                if unchecked is None:
                    try:  # a par its own table does not give
                        checked += [(len(issues), line) for line in par_warnings([board], shown)]
                    except MissingExtraError as e:
                        unchecked = unchecked_pars(shown, e)
                        tell(unchecked)
        issues.extend(_undecodable(caught))
    except NoBoardsError as e:  # each problem, as for a file with boards, then why there are none
        e = e.named_by("--from")
        lines = in_order(e.issues)
        if len(lines) == 1:  # the file's one problem is why it holds none (an empty .pbn): one line
            return found, [f"{lines[0]}; {e.summary}"], len(carried) - carried_notes, notes
        where = f"{shown}:{e.place[0]}:{e.place[1]}" if e.place else shown  # an empty input: at 1:1
        return found, [*lines, f"{where}: {e.summary}"], len(carried) - carried_notes, notes
    except (BridgeError, OSError, UnicodeDecodeError) as e:
        message = e.strerror if isinstance(e, OSError) and e.strerror else one_line_error(e)
        return found, [*in_order(), message if message.startswith(shown) else f"{shown}: {message}"], \
            len(carried) - carried_notes, notes
    lines = in_order()
    if not found:
        lines.append(f"{shown}: no boards found")
    return found, lines, len(carried) - carried_notes, notes


def _merged(issues: list[Issue], checked: list[tuple[int, str]]) -> list[str]:
    """``issues`` as lines by place, each par warning of ``checked`` (``(issues found before it, line)``)
    after the last by place of those found before it: its board's place in the file, as near as known."""
    keyed = [(place(issue), 0, n, str(issue)) for n, issue in enumerate(issues)]
    keyed += [(max((place(i) for i in issues[:before]), default=(-1, -1)), 1, k, line)
              for k, (before, line) in enumerate(checked)]
    return [line for *_, line in sorted(keyed)]


def _recorded(board: Board, shown: str) -> list[Issue]:
    """The issues ``board`` of file ``shown`` carries from the file it was converted from (a JSON board
    keeps them as it keeps all it read): they name another file."""
    return [i for i in board.issues if i.source not in (None, shown)]


def issue_line(shown: str, board: Board, issue: Issue) -> str:
    """An issue of ``board``, read from ``shown``, as one line: ``file:line:col: message``, and for one
    the board carries from its source, this file and board first: ``out.json: board 2: recorded from
    in.pbn:61:1: Play columns do not match ...`` (its line is the source's, not this file's); a message
    naming its board already (``Declarer W differs from the auction's S (board 7): ...``) is not told
    the board again."""
    if issue.source in (None, shown):
        return str(issue)
    named = board.number is None or f"(board {board.number})" in issue.message
    which = "" if named else f"board {board.number}: "
    return f"{shown}: {which}recorded from {issue}"


def _rubber_record(name: str, from_format: str | None, encoding: str | None) -> tuple[int, list[str]] | None:
    """The deals and problems of the record of variant rubbers `bridgetools play --variant NAME --record
    FILE.json` keeps (no hand record: its deals are not boards of bridge), or None for any other file."""
    from bridgetools.table.record import rubber_problems

    text = rubber_record_text(name, from_format, encoding)
    return rubber_problems(text, name) if text is not None else None


def _undecodable(caught: list[warnings.WarningMessage]) -> list[Issue]:
    """Bytes the encoding could not decode, as problems of the file (the other warnings are shown as
    they came, on stderr)."""
    found = []
    for w in caught:
        if isinstance(w.message, DecodeWarning):
            found.append(w.message.issue)
        else:
            warnings.showwarning(w.message, w.category, w.filename, w.lineno)
    return found

