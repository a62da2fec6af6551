"""``bridgetools convert`` and ``bridgetools validate``: hand records between formats, and checking them."""

from __future__ import annotations

import contextlib
import os
import unicodedata
import warnings
import weakref
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import click

from bridgetools.board import Board
from bridgetools.cli.common import (
    ReadingBar,
    atomic_output,
    count_syntax,
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
    refuse_missing_folder,
    refuse_overwriting,
    refuse_overwriting_any,
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
    NOTE,
    BridgeError,
    DecodeWarning,
    Issue,
    MissingExtraError,
    NoBoardsError,
    by_place,
    place,
)
from bridgetools.formats import FORMATS, READABLE, SUFFIXES, suffixes_of
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
    passed_over: Callable[[str, NoBoardsError], str | None] = lambda name, error: None,
) -> Generator[Board, None, None]:
    """The boards of every input in turn; each file's issues go to stderr once it is read, in file order
    as `validate` lists them, as ``file:line:col: message`` (a note's as ``file:line:col: note: message``;
    those a board carries from the file it was converted from after them), counted in ``counts`` as
    ``issues`` and ``notes``; ``bar`` (when given) shows the bytes read; ``origins`` (when given) learns
    each board's file; ``first_board`` numbers a BRI or DGE file's boards (`bridgetools.formats.read`);
    a file that holds no board and that ``passed_over`` gives a line for (a folder's ``manifest.json``) is
    passed over with that line, counted as ``passed over``."""
    from bridgetools.formats import read

    for name in inputs:
        shown = input_shown(name)
        source = bar.source(name) if bar is not None else name
        found: list[tuple[Issue, str]] = []
        carried: list[str] = []
        try:
            for board in _noting_syntax(read(source, from_format, strict=strict, encoding=encoding,
                                             first_board=first_board), found, shown, counts):
                recorded = _recorded(board, shown)
                found += [(i, issue_line(shown, board, i)) for i in board.issues if i not in recorded]
                count_syntax((i for i in board.issues if i not in recorded), shown)  # exit 1 after
                carried += [issue_line(shown, board, i) for i in by_place(recorded)]
                for issue in board.issues:
                    counts["notes" if issue.is_note else "issues"] += 1
                if board.is_empty:  # text that was no board: its issues are said, nothing is written
                    continue
                counts["boards"] += 1
                if origins is not None:
                    origins.read(board, shown)
                yield board
        except NoBoardsError as e:
            note = passed_over(name, e)
            if note is None:
                raise
            warn(note, quiet)
            counts["passed over"] += 1
        finally:  # said even when writing stops at a board the output cannot hold
            for line in [*(said for _, said in sorted(found, key=lambda f: place(f[0]))), *carried]:
                warn(line, quiet)


def _noting_syntax(boards: Iterator[Board], found: list[tuple[Issue, str]], shown: str,
                   counts: dict[str, int]) -> Iterator[Board]:
    """``boards`` as read, the reading problems of syntax the reader warns of rather than puts on a board
    (a text file's stray NULs, known once it is read) noted in ``found`` and ``counts`` as a board's are,
    so that they are said in file order, counted among the issues, and make the exit status 1."""
    while True:
        caught: list[warnings.WarningMessage] = []
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always", DecodeWarning)
                board = next(boards, None)
        finally:  # a file that stops (no boards in it) keeps what was met before
            for w in caught:
                issue = w.message.issue if isinstance(w.message, DecodeWarning) else None
                if issue is not None and issue.syntax:
                    found.append((issue, str(issue)))
                    count_syntax([issue], shown)
                    counts["issues"] += 1
                else:  # said as it would have been
                    warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        if board is None:
            return
        yield board


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
        with (`boards_by_place` gives it another), if it was read here."""
        return self._files.get(id(board))



@dataclass(frozen=True, kw_only=True)
class Reading:
    """How `convert` reads its inputs and writes each output: the options that hold for every one."""

    from_format: str | None
    first_board: int | None
    strict: bool
    encoding: str | None
    renumber: bool
    quiet: bool
    suits: str
    options: Mapping[str, Any]
    """The writer's options (LIN's ``vugraph``)."""
    in_a_folder: frozenset[str] = frozenset()
    """The inputs a folder or a pattern found (`bridgetools.cli.analysis.in_a_folder`): one that is no
    hand record is passed over, as `export` passes it over (`passed_over`)."""

    def passed_over(self, name: str, error: NoBoardsError) -> str | None:
        """The warning for input ``name`` that gave ``error``, when it is a file a folder or a pattern found
        that is no hand record (`bridgetools.analysis.pipeline.passed_over`); None for a file that failed."""
        if name not in self.in_a_folder:
            return None
        from bridgetools.analysis.pipeline import ReadAs, passed_over

        return passed_over(name, error, ReadAs(self.from_format, self.encoding, "--from", self.in_a_folder))


def convert_inputs(inputs: tuple[str, ...], from_format: str | None, quiet: bool,
                   skip: Callable[[str], bool] = lambda path: False) -> list[str]:
    """The files ``inputs`` name, in order, each once, as `export` finds them
    (`bridgetools.cli.analysis.expand_inputs`): a file (or ``-``, once) as it is, a directory searched for
    the suffixes of ``from_format`` (every format read, when None) but the files ``skip`` says, a glob
    pattern matched; a file named again is read once, with a warning. One naming no file stops before any
    work."""
    from bridgetools.cli.analysis import expand_inputs, named_twice

    if inputs.count("-") > 1:
        raise click.UsageError("'-' (standard input) is given twice: it can be read once")
    files, problems = expand_inputs(
        inputs, suffixes_of(READABLE if from_format is None else (from_format,)), skip,
        on_repeat=lambda file, also: warn(named_twice(file, also, "its boards written once"), quiet))
    if problems:
        raise click.ClickException(problems[0])
    return files


def into_a_folder(output: str) -> bool:
    """Whether ``-o`` names a folder to write one output per input in: a trailing slash, or a directory."""
    return output != "-" and (output.endswith(("/", os.sep)) or os.path.isdir(output))


def in_the_output(folder: str, inputs: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether a file an input folder's search finds is in the output ``folder`` (links resolved): an
    earlier run's output, not read back as an input (``convert arch -o arch/pbn/`` run twice); none is
    when ``folder`` is itself an input, whose files `refuse_overwriting_any` refuses as outputs."""
    real = os.path.realpath(folder)
    if any(os.path.realpath(item) == real for item in inputs if item != "-"):
        return lambda path: False
    return lambda path: os.path.commonpath([real, os.path.realpath(path)]) == real


def one_file_key(output: str) -> str:
    """What names the file a write to ``output`` replaces, whatever way ``output`` spells it: its real
    path (a link written through, `bridgetools._files.write_target`), in one Unicode form (a Mac's disk
    gives NFD for NFC) and case (a Mac's and Windows's disks take A.pbn for a.pbn: refused everywhere)."""
    return unicodedata.normalize("NFC", os.path.realpath(output)).casefold()


def outputs_in(folder: str, files: list[str], fmt: str) -> list[tuple[str, str]]:
    """Each input file with its output in ``folder``: the same stem, ``fmt``'s suffix; a usage error
    when an input is stdin, or two inputs would be written to one file (`one_file_key`), before any is
    written."""
    parent = os.path.dirname(os.path.normpath(folder)) or "."
    if not os.path.isdir(folder) and not os.path.isdir(parent):
        raise click.ClickException(f"{folder}: no such folder, nor {parent} to make it in")
    suffix = (SUFFIXES[fmt] or SUFFIXES[fmt.removesuffix("blind")])[0]
    pairs: list[tuple[str, str]] = []
    named: dict[str, tuple[str, str]] = {}
    for file in files:
        if file == "-":
            raise click.UsageError(f"-o {folder} names each output after its input; standard input has no "
                                   "name: give -o FILE")
        output = os.path.join(folder, Path(file).stem + suffix)
        clash, written = named.setdefault(one_file_key(output), (file, output))
        if clash != file or any(pair[0] == file for pair in pairs):
            where = output if written == output else \
                f"{written} and {output}, one file (a link, or names apart in case or Unicode form only)"
            raise click.UsageError(f"{clash} and {file} would both be written to {where}; convert them "
                                   "apart, or into one file")
        pairs.append((file, output))
    return pairs


def make_folder(folder: str) -> None:
    """Make the output ``folder`` when it is not there, one level, as mkdir does: a typing slip higher up
    is said, not made into folders (`outputs_in` checked its parent)."""
    if not os.path.isdir(folder):
        try:
            os.mkdir(folder)
        except OSError as e:
            raise click.ClickException(f"{folder}: cannot make the folder ({e.strerror})") from None


@click.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option(
    "-o", "--output", default="-", show_default=True, type=click.Path(allow_dash=True),
    help="Output file ('-' for stdout); written to a temporary file and renamed (stdout: once complete). "
         "A folder (a trailing slash, or a directory) takes one file per input, named after it, in "
         "--format; a search of an input folder holding it passes over its files.",
)
@format_option(WRITE_FORMATS, "Output format (default: from the -o suffix, else pbn; needed by -o DIR/). "
                              "dup, dupblind, bri and dge are binary: -o - writes them to a pipe or a "
                              "redirect, not a terminal.")
@from_option
@first_board_option
@click.option("--strict", is_flag=True,
              help="Stop at the first problem (exit 1) instead of warning; with -o DIR/, the files converted "
                   "before it stay (each complete), and no further file is written.")
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
    output, in the order given, each file once; -o DIR/ writes one output per input instead. A folder is
    searched for the suffixes of every format read (of --from's, given); a file it or a pattern finds
    that is no hand record (a manifest.json) is passed over with a warning. Input files are never
    changed. Problems found while reading are printed to stderr as file:line:col: message, a note as
    file:line:col: note: message; the boards read are converted either way, and the exit status is 1
    when a problem was of syntax (text that does not parse as its format), 0 for disagreements alone (a
    Score the contract does not give). With --strict the first problem stops the conversion (exit 1)
    and no output file is written (with -o DIR/, no further one).

    \b
    Examples:
      bridgetools convert match.lin -o match.pbn
      bridgetools convert a.pbn b.lin -o all.jsonl
      bridgetools convert archive/ -o pbn/ --format pbn
      cat game.lin | bridgetools convert - --format text
    """
    folder = into_a_folder(output)
    if folder and fmt is None:
        raise click.UsageError(f"-o {output} writes one file per input: give --format (the files' format)")
    written = fmt if folder and fmt is not None else output_format(output, fmt)
    if output == "-":
        refuse_binary_to_a_terminal(written)
    files = convert_inputs(inputs, from_format, quiet, in_the_output(output, inputs) if folder else
                           lambda path: False)
    options: dict[str, Any] = {}
    if written == "lin" and vugraph is not None:
        options["vugraph"] = vugraph
    from bridgetools.analysis.pipeline import in_a_folder

    reading = Reading(from_format=from_format, first_board=first_board, strict=strict, encoding=encoding,
                      renumber=renumber, quiet=quiet, suits=suits, options=options,
                      in_a_folder=in_a_folder(files, inputs))
    if folder:
        pairs = outputs_in(output, files, written)
        refuse_overwriting_any([made for _, made in pairs], files)
        make_folder(output)
        for _, made in pairs:  # a read-only one, before any is written
            refuse_missing_folder(made)
        _convert_each(pairs, output, written, reading)
        return
    refuse_overwriting(output, files)
    with ReadingBar(files, "Converting", quiet) as bar:
        counts = _convert_into(files, output, written, reading, bar, pass_over=True)
    if not quiet and output != "-":
        tell(f"{plural(counts['boards'] - counts['no board'], 'board', thousands=True)} written to {output} "
             f"({plural(counts['issues'], 'issue', thousands=True)}{and_notes(counts['notes'])}"
             f"{_and_passed_over(counts['passed over'])})")


def _and_passed_over(files: int) -> str:
    """``, 1 file passed over: no hand record`` to follow a summary's counts, or nothing."""
    return f", {plural(files, 'file', thousands=True)} passed over: no hand record" if files else ""


def _convert_each(pairs: list[tuple[str, str]], folder: str, fmt: str, reading: Reading) -> None:
    """Convert each input file into its own output (``pairs``, all checked before any is read): a file
    that fails is named on one line and has no output, the others are written (exit 1 then), but with
    ``--strict`` the first that fails stops the rest (those written stay: each is complete); a file a
    folder found that is no hand record is passed over. The summary names the ``folder``."""
    written = boards = issues = notes = passed = 0
    failed = False
    with ReadingBar([file for file, _ in pairs], "Converting", reading.quiet) as bar:
        for file, output in pairs:
            try:
                counts = _convert_into([file], output, fmt, reading, bar)
            except Exception as e:  # a bug shown by one file is said, and the others still converted
                note = reading.passed_over(file, e) if isinstance(e, NoBoardsError) else None
                if note is not None:
                    warn(note, reading.quiet)
                    passed += 1
                    continue
                message = e.format_message() if isinstance(e, click.ClickException) else one_line_error(e)
                warn(f"Error: {message}", every=True)
                failed = True
                if reading.strict:
                    break
                continue
            written += 1
            boards += counts["boards"] - counts["no board"]
            issues += counts["issues"]
            notes += counts["notes"]
    if not reading.quiet:
        left = len(pairs) - written - passed
        stopped = " (--strict: stopped at the first)" if reading.strict and failed else ""
        skipped = f", {plural(left, 'file', thousands=True)} not converted{stopped}" if left else ""
        tell(f"{plural(boards, 'board', thousands=True)} written to {plural(written, 'file', thousands=True)}"
             f" in {folder}{skipped} ({plural(issues, 'issue', thousands=True)}{and_notes(notes)}"
             f"{_and_passed_over(passed)})")
    if failed:
        raise SystemExit(1)


def _convert_into(files: list[str], output: str, fmt: str, reading: Reading, bar: ReadingBar,
                  pass_over: bool = False) -> dict[str, int]:
    """Read ``files`` in turn and write their boards to ``output`` in ``fmt``; what was counted. With
    ``pass_over``, a file a folder found that is no hand record is passed over (`Reading.passed_over`)
    among the others merged, not the end of them."""
    counts = {"boards": 0, "issues": 0, "notes": 0, "no board": 0, "passed over": 0}
    origins = BoardOrigins()
    with named_by_file(origins):
        read = boards_reporting_issues(tuple(files), reading.from_format, reading.strict, reading.encoding,
                                       reading.quiet, counts, bar, origins, reading.first_board,
                                       reading.passed_over if pass_over else lambda name, error: None)
        boards: Iterable[Board] = read
        if reading.renumber:
            boards = boards_by_place(boards, fmt)
        if pass_over:
            boards = _not_all_passed_over(boards, counts, len(files))
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


def _not_all_passed_over(boards: Iterable[Board], counts: dict[str, int], files: int) -> Iterator[Board]:
    """``boards`` as they are; an error once they end if every one of the ``files`` was passed over (a
    folder holding a ``manifest.json`` alone), so that no empty output is written for them."""
    yield from boards
    if counts["passed over"] == files:
        raise click.ClickException(f"nothing to convert: {plural(files, 'file')} found, none a hand record; "
                                   "nothing written")


def and_notes(notes: int) -> str:
    """``, 1 note`` to follow a count of problems (notes are none: --strict passes them), or nothing."""
    return f", {plural(notes, 'note', thousands=True)}" if notes else ""


BOARDS_BY_PLACE = frozenset({"dup", "dupblind", "dlm", "dlmblind", "bri", "dge"})
"""The dealing machines' formats, which hold boards alone: a record that is no board (a lesson's
introduction), or that repeats an earlier one's board and deal (a match's other room), is left out of them
(`bridgetools.formats._machine.left_out_of_machine`)."""


def boards_by_place(boards: Iterable[Board], fmt: str) -> Iterator[Board]:
    """``boards`` numbered 1, 2, 3 ... by their place among the records that are boards (`is_a_board`: a
    lesson's introduction takes none; in a machine file, `dealt`: nor does a board with no deal, which it
    leaves out), as ``--renumber`` of `convert` and `print` asks; each read here for this output alone. A
    record with an earlier one's number and deal (a match's other room, the same file given twice) takes
    that record's new number, so it stays the same board; dealer and vulnerability are pinned first, so
    those a number gave (Law 2, no tag) stay the board's own."""
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
            f"nothing written: {encoding_advice(e, suits_ascii=False, encoding=encoding)}") from e


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
    the reader read as something a file means, such as a bidding quiz's blank turn "____"; a board bid
    from another dealer than its number gives, Law 2) is listed too, as file:line:col: note: message,
    but is no problem: it does not fail the file. validate lists
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
    from bridgetools.formats._deal_checks import dealt_from_another_seat, number_place

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
                if (dealt := dealt_from_another_seat(board)) is not None:  # legal: no reader says it
                    if (at := number_place(board)) is not None:  # at the board's number, by place
                        issues.append(Issue(dealt, *at, source=shown, level=NOTE))
                    else:
                        checked.append((len(issues), str(Issue(dealt, source=shown, level=NOTE))))
                    notes += 1
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

