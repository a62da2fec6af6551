"""Hand-record files to Parquet, and hand-record or Parquet files to one results frame: what
``bridgetools export`` and ``bridgetools analyze`` do, without their options and messages.

The files of one run are one session for field results (a board's results in several files are one
field); a file that cannot be read is reported in one line and the others go on. `export_files` reads
files in worker processes when asked (``jobs``), and streams them from this one otherwise.
"""

from __future__ import annotations

import functools
import glob
import itertools
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgetools._pool import worker_pool
from bridgetools._words import plural
from bridgetools.errors import (
    BridgeError,
    MissingExtraError,
    Naming,
    NoBoardsError,
    NothingReadError,
    StrictStop,
    UnknownFormatError,
    by_place,
)
from bridgetools.formats import RESULTS_READ, suffixes_of

if TYPE_CHECKING:
    import os

    import numpy as np
    import numpy.typing as npt
    import pandas as pd
    import pyarrow as pa

    from bridgetools.analysis.columns import BoardArrays
    from bridgetools.board import Board


RECORD_SUFFIXES = suffixes_of(RESULTS_READ)
"""Files a directory is searched for (`bridgetools.formats.suffixes_of`)."""

PARQUET_INPUTS = (".parquet", ".pq")
"""The suffixes of the exports a directory is searched for besides hand records, by `load_results`."""


def long_table_beside_its_boards(path: str) -> bool:
    """Whether ``path`` is the calls or plays table an export wrote beside its boards file, and that file is
    there (``season.calls.parquet`` beside ``season.parquet``, or ``season`` when export was given no
    suffix): part of that export, which a directory or a pattern names along with its boards."""
    stem, suffix = os.path.splitext(path)
    boards, table = os.path.splitext(stem)
    if table not in (".calls", ".plays"):
        return False
    return os.path.isfile(boards + suffix) or (suffix == ".parquet" and os.path.isfile(boards))


def expand_inputs(inputs: Sequence[str | os.PathLike[str]], suffixes: tuple[str, ...] = RECORD_SUFFIXES,
                  skip: Callable[[str], bool] = lambda path: False,
                  on_repeat: Callable[[str, str | None], None] | None = None,
                  missing: Callable[[str], str] = lambda name: f"{name}: No such file or directory",
                  repeats: bool = False) -> tuple[list[str], list[str]]:
    """Files named by ``inputs`` (files, directories searched recursively for ``suffixes``, glob patterns,
    ``-`` for stdin), in order and without repeats; and a one-line problem for each input naming nothing.
    A file a directory or a pattern finds is left out when ``skip`` says so (a file named is kept). A file
    named again goes to ``on_repeat`` once, with the directory or pattern that named it besides itself
    (None: it was named twice as it is); an input given twice (a directory, ``analyze d d``) goes there
    once itself, not each file it finds. ``missing`` says an input that is not there. ``repeats`` keeps a
    file named again in its places (the library's `export_files` and `load_results` count a repeated
    file's results once themselves, or write each file's rows with ``once=False``; the commands read it
    once and warn)."""
    files: list[str] = []
    named_by: dict[str, list[str]] = {}  # a file -> the inputs that named it
    given: dict[str, int] = {}  # an input that named a file -> how many times it was given
    problems: list[str] = []
    for item in (os.fspath(given) for given in inputs):
        if item == "-":  # standard input, read as a hand-record file
            found = [item]
        elif os.path.isdir(item):
            found = sorted(str(p) for p in Path(item).rglob("*")
                           if p.suffix.lower() in suffixes and p.is_file() and not skip(str(p)))
            if not found:
                problems.append(f"{item}: no {'/'.join(suffixes)} files in this directory")
        elif os.path.exists(item):
            found = [item]
        elif glob.has_magic(item):
            found = sorted(p for p in glob.glob(item, recursive=True) if os.path.isfile(p) and not skip(p))
            if not found:
                problems.append(f"{item}: no file matches")
        else:
            found = []
            problems.append(missing(item))
        for file in found:
            named_by.setdefault(file, []).append(item)
        if found:
            given[item] = given.get(item, 0) + 1
        files.extend(found)
    if on_repeat is not None:
        for item, times in given.items():
            if times > 1:
                on_repeat(item, None)
        for file, items in named_by.items():
            if len(set(items)) > 1:
                on_repeat(file, next((item for item in items if item != file), None))
    return (files if repeats else list(dict.fromkeys(files))), problems


def in_a_folder(files: Sequence[str], inputs: Sequence[str | os.PathLike[str]]) -> frozenset[str]:
    """The ``files`` `expand_inputs` found in a folder or by a pattern, not named one by one: those that
    are passed over when they hold no board (`passed_over`)."""
    return frozenset(files).difference(os.fspath(given) for given in inputs)


@dataclass
class ExportReport:
    """What an export wrote: boards, results (rows with a contract: what `analyze` analyses), tables a
    director gave an adjusted score and no contract (what `analyze --by board` counts as ``adjusted``),
    rows (results and rows without a contract), and the files that could not be exported."""

    files: int = 0
    boards: int = 0
    results: int = 0
    adjusted: int = 0
    given: int = 0
    """Of the ``adjusted`` tables, those given a score in points that is no director's ruling (`given_of`)."""
    rows: int = 0
    failed: list[str] = field(default_factory=list)
    """One line per file that could not be read or exported."""
    passed_over: list[str] = field(default_factory=list)
    """One note per file a folder found that is no hand record (`passed_over`): neither read nor failed."""
    stopped: int = 0
    """How many of the files ``failed`` were read and stopped at their first problem by ``strict``."""
    written: bool = True
    """Whether the output files were written: not when every input failed."""

    def nothing_written(self, output: str) -> str:
        """Why nothing was exported to ``output``: the files --strict stopped at a problem (read, not
        unreadable), those that could not be read."""
        unread = len(self.failed) - self.stopped
        why = [f"--strict stops a file at its first problem ({plural(self.stopped, 'file')} stopped)"
               ] if self.stopped else []
        why += [f"{plural(unread, 'input')} could not be read" if self.stopped else "no input could be read"
                ] if unread or not self.stopped else []
        return f"nothing exported: {'; '.join(why)}; {output} not written"


def results_of(arrays: BoardArrays) -> int:
    """Results with a contract (a board played, or passed out), counted per table as a summary counts them:
    a traveller row standing for three tables (its ``multiplicity``) is three."""
    from bridgetools.analysis.columns import contract_index

    return _tables(arrays, contract_index(arrays.level, arrays.strain, arrays.doubled) >= 0)


def _tables(arrays: BoardArrays, rows: npt.NDArray[np.bool_]) -> int:
    """How many tables the ``rows`` of ``arrays`` stand for (each its ``multiplicity``), as `tables`
    counts them."""
    from bridgetools.analysis.field import multiplicities

    return int(multiplicities(arrays)[rows].sum())


def adjusted_of(arrays: BoardArrays) -> int:
    """Tables a director gave an adjusted score with no contract (a ScoreTable row ``A+ ^60% ^40%`` or
    ``^-300``), by the rule `adjusted_results` finds them by in a frame: exported, and counted beside the
    results."""
    from bridgetools.analysis.field import adjusted_rows

    return _tables(arrays, adjusted_rows(_no_contract(arrays), arrays.columns))


def given_of(arrays: BoardArrays) -> int:
    """Of the tables `adjusted_of` counts, those given a score in points and no contract that is no
    director's ruling (`given_rows`): messages call them so, not adjusted."""
    from bridgetools.analysis.field import given_rows

    return _tables(arrays, given_rows(_no_contract(arrays), arrays.columns))


def _no_contract(arrays: BoardArrays) -> npt.NDArray[np.bool_]:
    """The rows with no contract, or none scored (a contract with no declarer)."""
    import numpy as np

    from bridgetools.analysis.columns import contract_index

    index = contract_index(arrays.level, arrays.strain, arrays.doubled)
    return np.asarray((index < 0) | ((index > 0) & (arrays.declarer < 0)), dtype=np.bool_)


def issue_lines(path: str, boards: Sequence[Any]) -> list[str]:
    """The boards' reading problems as one-line messages (``file:line:col: message``), by place in the
    file as `validate` says them (`by_place`: a problem found late, an unclosed tag, in its line's turn)."""
    issues = by_place(issue for board in boards for issue in board.issues)
    return [str(issue) if issue.source else f"{path}: {issue}" for issue in issues]


def par_warnings(boards: Sequence[Board], path: str) -> list[str]:
    """A warning for each board whose par score the file gives (OptimumScore) differs from the par of
    the double-dummy table it gives (`file_par_disagreement`); raises `MissingExtraError` without the
    ``dd`` extra, whose par this needs, where a board has both (`unchecked_pars` says so)."""
    from bridgetools.analysis.double_dummy import file_par_disagreement

    found = (file_par_disagreement(board, path) for board in boards
             if board.par is not None and board.dd_table is not None)
    return [warning for warning in found if warning is not None]


def unchecked_pars(path: str, missing: MissingExtraError) -> str:
    """The one line saying that the file's par scores were not checked against its tables (`par_warnings`)
    and how to install the extra that checks them."""
    return f"{path}: the file's par scores are not checked against its double-dummy tables: {missing}"


@dataclass(frozen=True)
class DoubleDummy:
    """Double dummy in an export: tables solved through ``cache`` (a path) for the boards whose file carries
    none, and with ``verify`` the carried tables solved too and each disagreement reported."""

    cache: str | None = None
    verify: bool = False


@dataclass(frozen=True)
class ReadAs:
    """How an export reads its hand-record files: their ``format`` and ``encoding`` (None: told from each
    file), and how its messages name a format (Python's ``format=``, a command's ``--from``)."""

    format: str | None = None
    encoding: str | None = None
    naming: Naming = "format="
    in_a_folder: frozenset[str] = frozenset()
    """The files a folder or a pattern found, not named one by one: one that is no hand record (a
    folder's ``manifest.json``, ``settings.json``) is passed over with a note (`passed_over`), not a file
    that failed."""
    first_board: int | None = None
    """The number of a BRI or DGE file's first board (``--first-board``); None: 1."""


def passed_over(path: str, error: BaseException, read_as: ReadAs) -> str | None:
    """The note for ``path`` when ``error`` shows it a file a folder found that is no hand record
    (`no_hand_record`), which `export` and `analyze` alike pass over (exit 0: other files in a folder are
    passed over, as the README says); None for a file that failed."""
    if path not in read_as.in_a_folder or not isinstance(error, NoBoardsError) \
            or not no_hand_record(error):
        return None
    return f"{_one_line(path, error, read_as.naming)}: passed over (a file in a folder, no hand record)"


def no_hand_record(error: NoBoardsError) -> bool:
    """Whether a file that gave no board is no hand record at all, as its reader found the document's shape
    reading it (`bridgetools.formats.jsonfmt.no_hand_record`: JSON read without a problem, an object of no
    board's or document's key, an array of objects none with a board's key), so the file is parsed once. An
    empty file, a PBN or LIN file, one the reader found problems in, or a board file whose boards are none
    (``{"boards": []}``, ``[]``) is a broken hand record instead."""
    return error.no_hand_record and not error.issues


def export_sessions(path: str, strict: bool, calls: bool, plays: bool,
                    dd: DoubleDummy | None = None, read_as: ReadAs = ReadAs(),
                    on_read: Callable[[int], object] | None = None,
                    on_boards: Callable[[int, int | None], object] | None = None) -> Iterator[dict[str, Any]]:
    """One file's sessions of about 10,000 boards (`sessions`: the rooms of a board are not cut apart), each
    as `session_parts` reads it (``arrays``, and ``moves`` when ``calls`` or ``plays``; board ids from 0 in
    each), for `ParquetExport.add_parts`; with ``dd``, each board's double-dummy table and par
    (`with_double_dummy`). ``on_read``, when given, is told how many bytes of the file each read takes
    (a progress bar's measure within one big file); ``on_boards`` is told how many of its boards are done
    (read, and solved with ``dd``: as each batch of DDS's is) and, once the file has been read to its end,
    how many it holds (None before): with ``dd`` the solving is the long part, which the bytes read run
    far ahead of.

    Never raises: a file that cannot be read or exported ends with a session that has ``error`` set.
    """
    from bridgetools.analysis.export import session_parts, sessions
    from bridgetools.analysis.extract import (
        EXPORT,
        note_losses,
        other_rooms_disagreements,
        same_match_records,
    )
    from bridgetools.formats import read
    from bridgetools.formats._io import counted_bytes
    from bridgetools.formats._losses import Losses

    game = 0
    unchecked = False
    held: int | None = None  # the boards the file holds, once read to its end
    solved = 0  # the boards of the session in hand solved so far

    def tell(done: int) -> None:
        if on_boards is not None:
            on_boards(done, held)

    def counted(boards: Iterator[Board]) -> Iterator[Board]:
        """The boards read, their number told once the file has been read to its end."""
        nonlocal held
        count = 0
        for board in boards:
            count += 1
            yield board
        held = count
        tell(game)

    def solving(deals: int) -> None:
        nonlocal solved
        solved += deals
        tell(game + solved)

    try:
        source = path if on_read is None or path == "-" else counted_bytes(path, on_read)
        for boards in sessions(counted(read(source, read_as.format, strict=strict, encoding=read_as.encoding,
                                            first_board=read_as.first_board))):
            warnings: list[str] = []
            if dd is not None:
                from bridgetools.analysis.double_dummy import with_double_dummy

                solved = 0
                tell(game)  # the session read: its solving starts (a bar said "reading" until now)
                boards = with_double_dummy(boards, dd.cache, verify=dd.verify, source=path,
                                           on_warning=warnings.append,
                                           on_solved=solving if on_boards is not None else None)
            elif not unchecked:
                try:
                    warnings += par_warnings(boards, path)
                except MissingExtraError as e:
                    warnings.append(unchecked_pars(path, e))
                    unchecked = True  # said once a file
            issues = issue_lines(path, boards)
            read_in = len(boards)
            games: int | list[int] = game
            if any(board.is_empty for board in boards):  # text that was no board: said, not a board (convert)
                games = [game + i for i, board in enumerate(boards) if not board.is_empty]  # their positions
                boards = [board for board in boards if not board.is_empty]
            records = same_match_records(boards)  # each board's match's records: worked out once, for both
            warnings += other_rooms_disagreements(boards, path, records)
            arrays, moves = session_parts(boards, file=path, first_game=games, records=records)
            losses = Losses(f"{path}: {EXPORT}")
            note_losses(boards, losses)
            warnings += filter(None, [losses.left_out()])
            yield {"issues": [*issues, *warnings], "n": len(boards), "arrays": arrays,
                   "syntax": sum(issue.syntax for board in boards for issue in board.issues),
                   "moves": moves if calls or plays else None}
            game += read_in
            tell(game)
    except (BridgeError, OSError, UnicodeDecodeError) as e:
        note = passed_over(path, e, read_as) if not game else None
        yield {"passed over": note} if note is not None else {
            "error": _one_line(path, e, read_as.naming), "stopped": isinstance(e, StrictStop)}
    except Exception as e:  # a board the exporter cannot handle must not stop the other files
        yield {"error": f"{path}: cannot export: {type(e).__name__}: {_first_line(e)}"}


def export_file(path: str, strict: bool, calls: bool, plays: bool,
                dd: DoubleDummy | None = None, read_as: ReadAs = ReadAs()) -> list[dict[str, Any]]:
    """Every session of one file (run in a worker process), the reader's warnings (a --first-board the file
    does not use), which the worker's own stderr would lose, as issues of its first session: each once."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parts = list(export_sessions(path, strict, calls, plays, dd, read_as))
    said = [f"warning: {message}" for message in dict.fromkeys(str(w.message) for w in caught)]
    first = next((part for part in parts if "issues" in part), None)
    if said and first is not None:  # none when the file failed: its error is what is said
        first["issues"] = [*said, *first["issues"]]
    return parts


def _first_line(error: BaseException) -> str:
    text = str(error)
    return text.splitlines()[0] if text else ""


def _one_line(path: str, error: BaseException, naming: Naming = "format=") -> str:
    """``error`` as one line naming ``path``; a format not told is named as ``naming`` says (``--from``
    in a command, ``format=`` in Python)."""
    if isinstance(error, UnknownFormatError | NoBoardsError):
        error = error.named_by(naming)
    text = str(error) if not isinstance(error, OSError) else (error.strerror or str(error))
    first = text.splitlines()[0] if text else type(error).__name__
    named = first.startswith(path) or (path == "-" and first.startswith("<stdin>"))
    return first if named else f"{path}: {first}"


def _streamed(files: Sequence[str], jobs: int) -> bool:
    """Whether ``files`` are read in this process (one job or one file), not by worker processes."""
    return jobs <= 1 or len(files) <= 1


def _exported(files: Sequence[str], strict: bool, calls: bool, plays: bool, jobs: int,
              dd: DoubleDummy | None = None, read_as: ReadAs = ReadAs(),
              on_read: Callable[[int], object] | None = None,
              on_boards: Callable[[int, int | None], object] | None = None
              ) -> Iterator[Iterator[dict[str, Any]] | list[dict[str, Any]]]:
    """Each file's sessions, in input order, from ``jobs`` worker processes (or streamed from this one,
    its bytes read told to ``on_read``, its boards done to ``on_boards``)."""
    if _streamed(files, jobs):
        for path in files:
            yield export_sessions(path, strict, calls, plays, dd, read_as, on_read, on_boards)
        return
    with worker_pool(jobs, preload=[__name__]) as pool:  # a worker killed: a one-line BridgeError
        n = len(files)
        yield from pool.map(export_file, files, [strict] * n, [calls] * n, [plays] * n, [dd] * n,
                            [read_as] * n)


def export_files(files: Sequence[str | os.PathLike[str]], output: str | os.PathLike[str], *,
                 calls_path: str | os.PathLike[str] | None = None,
                 plays_path: str | os.PathLike[str] | None = None, strict: bool = False, jobs: int = 1,
                 metadata: dict[str, Any] | None = None, dd: DoubleDummy | None = None,
                 on_issue: Callable[[str], None] | None = None,
                 on_failure: Callable[[str], None] | None = None,
                 on_syntax: Callable[[str, int], None] | None = None,
                 on_file: Callable[[], None] | None = None, read_as: ReadAs = ReadAs(),
                 on_read: Callable[[int], object] | None = None,
                 on_boards: Callable[[int, int | None], object] | None = None,
                 once: bool = True) -> ExportReport:
    """Export hand-record ``files`` (files, directories searched for hand records, glob patterns, as
    `expand_inputs` finds them; one naming none is a file that failed) to ``output`` (and the long calls
    and plays tables when their paths are given), read as ``read_as`` says (format and encoding, else
    told); the files are one session, a board's results in several of them one field (`field_keys`),
    worked out once all are read, whatever ``jobs``.
    Reading problems go to ``on_issue`` (how many of them in a file are of syntax, `Issue.syntax`, to
    ``on_syntax``), a file that cannot be exported to ``on_failure`` (and the
    report), and ``on_file`` is called as each file is done; ``on_read`` is told how many bytes of the
    files each read takes (a whole file's as it is done, when worker processes read them), and
    ``on_boards`` how many boards are done (read, and solved with ``dd``: a progress bar's measure when the
    solving is the long part) and, once every file has been read, how many they hold (None before; a whole
    file's boards as it is done, when worker processes read them). With ``dd``,
    each board's double-dummy table and par (the disagreements ``verify`` finds go to ``on_issue``);
    without the ``dd`` extra that stops at once, before anything is written. A result a later file gives
    again (a file and its export) is written once, as `analyze` counts it (`RepeatedResults`), and
    ``on_issue`` told, and left out of the fields; ``once=False`` writes every file's rows, each file a
    session of its own (a board's results in two files two fields). ``jobs`` > 1 reads in worker
    processes, each starting by importing the calling script again: call it under a main guard."""
    from bridgetools.analysis.export import ParquetExport
    from bridgetools.analysis.field import clash_lines
    from bridgetools.formats._io import regular_size

    given = files
    if dd is not None:
        from bridgetools.analysis.double_dummy import require_solver

        require_solver()

    files, unread = _expanded(files, RECORD_SUFFIXES)
    read_as = replace(read_as, in_a_folder=read_as.in_a_folder | in_a_folder(files, given))
    report = ExportReport(files=len(files) + len(unread), failed=list(unread))
    for line in unread:
        if on_failure is not None:
            on_failure(line)
    repeats = RepeatedResults() if once and len(files) > 1 else None  # a file and its export: each once
    done = _BoardsDone(on_boards, len(files))
    if not _streamed(files, jobs):
        done.in_file(0, None)  # worker processes read and solve at once: no reading of this one's to tell
    with ParquetExport(output, metadata={"inputs": len(files), **(metadata or {})}, calls_path=calls_path,
                       plays_path=plays_path, keep=repeats.kept_rows if repeats else None) as sink:
        streamed = _streamed(files, jobs)
        if once:
            sink.start_session()  # the files are one session, however many boards each holds (`field_keys`)
        for path, sessions in zip(files, _exported(files, strict, calls_path is not None,
                                                   plays_path is not None, jobs, dd, read_as,
                                                   on_read if streamed else None,
                                                   done.in_file if streamed else None), strict=True):
            if not once:
                sink.start_session()  # each file a session of its own, however many boards it holds
            if repeats is not None:
                sink.then(functools.partial(repeats.start, path))
            for part in sessions:
                if "passed over" in part:
                    report.passed_over.append(part["passed over"])
                    if on_issue is not None:
                        on_issue(part["passed over"])
                    continue
                if "error" in part:
                    report.failed.append(part["error"])
                    report.stopped += bool(part.get("stopped"))
                    if on_failure is not None:
                        on_failure(part["error"])
                    continue
                for issue in part["issues"]:
                    if on_issue is not None:
                        on_issue(issue)
                if on_syntax is not None and part["syntax"]:
                    on_syntax(path, part["syntax"])
                sink.add_parts(part["arrays"], part["moves"], part["n"])
                report.boards += part["n"]
                report.results += results_of(part["arrays"])
                report.adjusted += adjusted_of(part["arrays"])
                report.given += given_of(part["arrays"])
                if not streamed:
                    done.in_file(done.file + part["n"], None)
            if not once:
                sink.end_session()
            if repeats is not None:
                sink.then(repeats.end)
            done.file_ended()
            if on_file is not None:
                on_file()
            if on_read is not None and not streamed:
                on_read(regular_size(path) or 0)
        if once:
            sink.end_session()  # once all are read: a late file's results join the fields of the earlier ones
        report.rows = sink.rows
        report.boards -= len(sink.boards.dropped)
        if repeats is not None:
            _told_repeats(repeats, report, on_issue)
        for line in clash_lines(sink.clashes):
            if on_issue is not None:
                on_issue(line)
        if report.failed and not report.boards:  # an empty file must not replace a good one
            sink.discard()
            report.written = False
    return report


@dataclass
class _BoardsDone:
    """The boards an export has done over its files in turn, told to ``tell`` with how many the files hold
    once the last of them has been read to its end (None before)."""

    tell: Callable[[int, int | None], object] | None
    files: int
    before: int = 0
    """The boards of the files ended."""
    file: int = 0
    """The boards of the file in hand done."""

    def in_file(self, done: int, held: int | None) -> None:
        """The file in hand has ``done`` boards done, of ``held`` once it has been read to its end."""
        self.file = done
        if self.tell is not None:
            last = self.files <= 1
            self.tell(self.before + done, self.before + held if last and held is not None else None)

    def file_ended(self) -> None:
        """The file in hand is done, whether it was read to its end or failed part way."""
        self.before += self.file
        self.file = 0
        self.files -= 1
        if self.tell is not None:
            self.tell(self.before, self.before if self.files <= 0 else None)


def _told_repeats(repeats: RepeatedResults, report: ExportReport,
                  on_issue: Callable[[str], None] | None) -> None:
    """The results an export left out as repeats (`RepeatedResults`) taken from its ``report``, and their
    warnings to ``on_issue``."""
    report.results -= repeats.results
    report.adjusted -= repeats.adjusted
    report.given -= repeats.given
    if on_issue is not None:
        for line in repeats.lines:
            on_issue(line)


PARQUET_MAGIC = b"PAR1"
"""The first bytes of every Parquet file."""


def parquet_input(path: str) -> str | pa.BufferReader | None:
    """The Parquet file ``path`` names, known by its first bytes rather than its suffix, since `export`
    writes Parquet under any name it takes (``season.parquet``, ``season.pq``, ``season``) and to stdout:
    the path, stdin's bytes as a buffer for ``-``, or None for a hand-record file (and for a path that
    cannot be opened, which reading it names). A ``.parquet`` name is Parquet whatever it holds, so that
    a damaged export is told pyarrow's error rather than taken for text."""
    import pyarrow as pa

    if path == "-":
        stdin = sys.stdin.buffer
        if hasattr(stdin, "peek"):  # a pipe or a redirected file: look without taking
            head = stdin.peek(len(PARQUET_MAGIC))[:len(PARQUET_MAGIC)]
        elif stdin.seekable():
            start = stdin.tell()
            head = stdin.read(len(PARQUET_MAGIC))
            stdin.seek(start)
        else:
            return None
        return pa.BufferReader(stdin.read()) if head == PARQUET_MAGIC else None
    if path.lower().endswith(".parquet"):
        return path
    try:
        with open(path, "rb") as file:
            head = file.read(len(PARQUET_MAGIC))
    except OSError:
        return None
    return path if head == PARQUET_MAGIC else None


RESULT_KEY = ("event", "site", "date", "board", "deal", "room", "section", "ns_pair", "ew_pair", "source",
              "contract", "declarer", "tricks", "player_n", "player_e", "player_s", "player_w",
              "file_score_ns", "file_score_ew", "lead", "tags", "auction", "play", "claimed", "multiplicity",
              "adjusted_pct_ns", "adjusted_pct_ew")
"""What makes a result the same one read twice (a file and its export, a file and its copy): its event,
board and deal, its table (room, section, pair numbers, players, and the board's other tags, such as a
Table), its contract and result, how it was bid and played, how many tables it stands for, and a
director's adjusted percentages (two nameless ^60% and ^40% rows are two results). A ScoreTable row has
no tags of its own: its section and pair numbers are what tell it from another table's equal result."""
TABLE_KEY = ("event", "site", "date", "board", "deal", "room", "section", "ns_pair", "ew_pair")
"""The `RESULT_KEY` columns naming a result's table by its pair numbers, its board's the ones before them:
what a file sent again and another section on the same movement alike give again (`RepeatedResults`)."""
BOARD_OF = ("file", "game")
"""What tells one board's rows (its own and its ScoreTable's) from another's within an input."""
FIELD_FROM = ("event", "section", "board", "deal", "board_id", "room", "score_ns", "file_score_ns",
              "file_score_ew", "adjusted_pct_ns", "multiplicity", "file", "ns_pair", "ew_pair", "tags",
              "scoring", "date", "player_n", "player_e", "player_s", "player_w")
"""The columns the field results of several inputs' rows are worked out from (`FieldInputs.of_rows`): the
fields, and the results a later input replaces (the four players), whatever else a caller reads (`analyze
--by board` and ``--by pair`` alike: `bridgetools.analysis.ranking.COLUMNS`)."""
REPLACED = "replaced"
"""The column marking a result a later file's replaces (`field.result_replacements`): left out of the
analysis (`without_replaced`), whether an export marked it or the inputs' fields were worked out again."""
SINCE_47 = ("section", "ns_pair", "ew_pair")
"""The `RESULT_KEY` columns an export made before session 47 lacks: its results are compared with another
input's without them (`RepeatedResults.kept`): else a file and its older export count each result twice."""
LACKS = "lacks"
"""The frame attribute naming the `SINCE_47` columns an input (an older export) lacks."""


def load_results(files: Sequence[str | os.PathLike[str]], columns: Sequence[str] | None = None,
                 strict: bool = False, on_issue: Callable[[str], None] | None = None,
                 read_as: ReadAs = ReadAs(),
                 on_syntax: Callable[[str, int], None] | None = None) -> tuple[pd.DataFrame, list[str]]:
    """``columns`` (every column of the `boards` table when None) of the rows of Parquet exports and
    hand-record ``files`` (files, directories searched for both, glob patterns: `expand_inputs`, as
    ``analyze`` takes them; each file a session, read as ``read_as`` says), and a one-line problem for each
    input that could not be read or names no file; `NothingReadError` when no input gives a row and one
    could not be read (or none was given). The warnings about single boards of
    the files read go to ``on_issue`` (they are no failure, as in `export_files`; how many of a file's are
    of syntax, `Issue.syntax`, to ``on_syntax``). A result read again
    from a later input (`RESULT_KEY`: a file and its export) is counted once, and ``on_issue`` told. The
    inputs are one session: with several, the field results are worked out again from the results kept
    (`in_one_session`), an export's as a file's; one export alone keeps the figures it was written with."""

    from bridgetools.analysis.export import concat_dataframes
    from bridgetools.analysis.schema import BOARDS_SCHEMA

    given = files
    files, unread = _expanded(files, (*RECORD_SUFFIXES, *PARQUET_INPUTS), long_table_beside_its_boards)
    read_as = replace(read_as, in_a_folder=read_as.in_a_folder | in_a_folder(files, given))
    columns = list(BOARDS_SCHEMA.names) if columns is None else list(columns)
    every = [*RESULT_KEY, *BOARD_OF, *FIELD_FROM] if len(files) > 1 else []  # to find repeats and fields
    wanted = list(dict.fromkeys([*columns, *every, REPLACED]))  # a result replaced: left out
    problems: list[str] = list(unread)
    inputs: list[tuple[str, pd.DataFrame]] = []
    for path in files:
        try:
            inputs.append((path, _input_results(path, wanted, columns, strict, on_issue, problems, read_as,
                                                on_syntax)))
        except (OSError, BridgeError) as e:
            problems.append(_one_line(path, e, read_as.naming))
        except Exception as e:  # pyarrow's errors for a file that is not Parquet
            problems.append(f"{path}: cannot read: {type(e).__name__}: {_first_line(e)}")
    frames = [frame for frame in drop_repeated_results(inputs, on_issue) if len(frame)]
    if not frames and (problems or not files):  # nothing read: an error, as `analyze` says it
        raise NothingReadError(problems)
    frame = in_one_session(frames, on_issue) if len(inputs) > 1 \
        else without_replaced(concat_dataframes(frames))
    return (frame[list(columns)] if len(frame) else frame), problems


def without_replaced(frame: pd.DataFrame) -> pd.DataFrame:
    """The rows of ``frame`` that no later file's result replaces (`REPLACED`: a corrected result), as
    `analyze` counts them: an export analysed alone as the inputs it was made from."""
    if REPLACED not in frame:
        return frame
    replaced = frame[REPLACED].fillna(False).to_numpy(dtype=bool)  # an older export's: none marked
    return frame[~replaced].reset_index(drop=True) if replaced.any() else frame


def _expanded(inputs: Sequence[str | os.PathLike[str]], suffixes: tuple[str, ...],
              skip: Callable[[str], bool] = lambda path: False) -> tuple[list[str], list[str]]:
    """The files ``inputs`` name (`expand_inputs`), a file named twice kept twice (its results are counted
    once by the repeat check, which says so), and a line for each input naming none."""
    if isinstance(inputs, str | os.PathLike):  # one name, not its letters
        inputs = [inputs]
    return expand_inputs(inputs, suffixes, skip, repeats=True)


def in_one_session(frames: Sequence[pd.DataFrame], on_issue: Callable[[str], None] | None = None
                   ) -> pd.DataFrame:
    """The rows of several inputs (their repeats left out) as one session: their `FIELD_RESULTS` worked
    out again over all of them (`FieldInputs.of_rows`), so that a board's results in several inputs (a
    late traveller, an export and the file of a table that came in after it) are one field, as `export`
    of the files writes them; files told apart as sections of their own (`files_apart`) are said to
    ``on_issue``. A result a later input corrects (`result_replacements`) is left out, its correction
    taking the section and pairs it names where the correction names none (a LIN file names no pair)
    (`field.corrected_tables`); so is one an export marks `REPLACED` (`without_replaced`)."""
    import pandas as pd
    import pyarrow as pa

    from bridgetools.analysis.export import concat_dataframes, table_to_dataframe
    from bridgetools.analysis.field import (
        FIELD_RESULTS,
        FieldInputs,
        clash_lines,
        field_results,
        files_apart,
    )

    if not frames:
        return pd.DataFrame()
    ids = [pd.Series(frame["board_id"] if "board_id" in frame else range(len(frame)), index=frame.index)
           .astype("Int64").fillna(0).astype("int64") + (i << 40) for i, frame in enumerate(frames)]
    frame = concat_dataframes(frames)  # each input's board ids kept apart, for a lone board's rows
    rows = frame.assign(board_id=pd.concat(ids, ignore_index=True)) if "board_id" in frame else frame
    inputs = FieldInputs.of_rows(rows)
    fields = field_results(inputs)
    for line in clash_lines(files_apart(inputs)[1]):
        if on_issue is not None:
            on_issue(line)
    marked = frame[REPLACED].fillna(False).to_numpy(dtype=bool) if REPLACED in frame else None
    worked = table_to_dataframe(pa.table({name: fields[name] for name in FIELD_RESULTS}))
    for name in FIELD_RESULTS:
        if name in frame:
            frame[name] = worked[name].to_numpy() if worked[name].dtype.kind == "f" else worked[name].array
    if marked is not None:  # an export's mark stands (an export of files each a session of its own too)
        frame[REPLACED] = pd.array(frame[REPLACED].to_numpy(dtype=bool) | marked, dtype=frame[REPLACED].dtype)
    return without_replaced(_with_corrected(frame, fields))


def _with_corrected(frame: pd.DataFrame, fields: Mapping[str, pa.Array]) -> pd.DataFrame:
    """``frame`` with the `field.CORRECTED` columns ``fields`` gives (a correction naming none: the section
    and pairs of the table it replaces), for those ``frame`` has."""
    import pandas as pd

    from bridgetools.analysis.field import CORRECTED

    for name in CORRECTED:
        if name in fields and name in frame:
            frame[name] = pd.array(fields[name].to_pylist(), dtype=frame[name].dtype)
    return frame


def marked_replaced(frame: pd.DataFrame) -> pd.DataFrame:
    """An export's rows (read with `FIELD_FROM`) with `REPLACED` worked out from them, as the export marks
    them now (`field.result_replacements`), and each correction's section and pairs: an export made before
    the column (session 49) holds the result a correction replaces unmarked, and was counted twice."""
    import pandas as pd

    from bridgetools.analysis.field import FieldInputs, corrected_tables, result_replacements

    inputs = FieldInputs.of_rows(frame)
    by, _ = result_replacements(inputs)
    frame = frame.assign(**{REPLACED: pd.array(by >= 0, dtype="boolean")})
    return _with_corrected(frame, corrected_tables(inputs, by)) if (by >= 0).any() else frame


def _input_results(path: str, wanted: list[str], columns: Sequence[str], strict: bool,
                   on_issue: Callable[[str], None] | None, problems: list[str],
                   read_as: ReadAs = ReadAs(),
                   on_syntax: Callable[[str, int], None] | None = None) -> pd.DataFrame:
    """The ``wanted`` columns of one input's rows: a Parquet export (known by its bytes) or a hand-record
    file; a file that cannot be read adds its line to ``problems`` and gives no rows; how many of its
    reading problems are of syntax goes to ``on_syntax`` (`load_results`)."""
    import pyarrow as pa

    from bridgetools.analysis.columns import build_batch
    from bridgetools.analysis.export import (
        concat_dataframes,
        missing_columns,
        parquet_schema,
        read_boards_table,
        table_to_dataframe,
        unscored,
        with_fields,
    )
    from bridgetools.analysis.field import FieldInputs, field_results
    from bridgetools.analysis.summary import COUNTED_ONCE_WITHOUT

    parquet = parquet_input(path)
    if parquet is not None:  # a file, or an export piped in: `export ... -o - | analyze -`
        name = path if isinstance(parquet, str) else "<stdin>"
        older = REPLACED in wanted and REPLACED not in parquet_schema(parquet).names  # none marked
        read = list(dict.fromkeys([*wanted, *FIELD_FROM])) if older else wanted
        frame = table_to_dataframe(read_boards_table(parquet, read, name))
        frame = marked_replaced(frame)[wanted] if older else frame
        frame.attrs[LACKS] = missing_columns(parquet_schema(parquet), SINCE_47)  # compared without them
        lacking = [column for column in missing_columns(parquet_schema(parquet), columns)
                   if column not in COUNTED_ONCE_WITHOUT]
        if lacking and on_issue is not None:
            on_issue(f"{name}: an export by an older bridgetools, without {', '.join(lacking)}: "
                     "those figures are blank (export its files again to fill them)")
        return frame
    tables: list[pa.Table] = []
    inputs: list[FieldInputs] = []
    offset = 0  # rows of the parts before this one
    for done in export_sessions(path, strict, False, False, read_as=read_as):
        if "passed over" in done:
            if on_issue is not None:
                on_issue(done["passed over"])
            continue
        if "error" in done:
            problems.append(done["error"])
            continue
        for issue in done["issues"]:
            if on_issue is not None:
                on_issue(issue)
        if on_syntax is not None and done["syntax"]:
            on_syntax(path, done["syntax"])
        arrays = done["arrays"]  # its fields are the whole file's: given once it is read (`with_fields`)
        inputs.append(FieldInputs.of(arrays, offset))
        offset += len(arrays)
        tables.append(pa.Table.from_batches([build_batch(arrays, unscored(len(arrays)))]).select(wanted))
    fields = field_results(FieldInputs.joined(inputs)) if inputs else {}
    starts = itertools.accumulate((table.num_rows for table in tables), initial=0)
    frames = [table_to_dataframe(with_fields(table, fields, start))
              for table, start in zip(tables, starts, strict=False) if len(table)]
    return concat_dataframes(frames)


def drop_repeated_results(inputs: Sequence[tuple[str, pd.DataFrame]],
                          on_issue: Callable[[str], None] | None = None) -> list[pd.DataFrame]:
    """Each input's rows less those an earlier input already gave (`RepeatedResults`), so that a file
    and its export, or one file named twice, count each result once; a line to ``on_issue`` for each input
    with repeats, naming the earlier input."""
    repeats = RepeatedResults()
    kept = []
    for path, frame in inputs:
        if frame.empty or not set(RESULT_KEY) <= set(frame.columns):
            kept.append(frame)
            continue
        repeats.start(path)
        kept.append(frame[repeats.kept(frame)])
        line = repeats.end()
        if line is not None and on_issue is not None:
            on_issue(line)
    return kept


class RepeatedResults:
    """The rule by which `analyze` and `export` count a result once when a later input gives it again (the
    same `RESULT_KEY`: a file and its export, one file named twice). A result at two tables of one file
    stays twice: only as many rows of a key are dropped as an earlier input holds; a board's row with no
    result (a board dealt) is dropped only with the rest of its board; a result of another section
    numbering its pairs alike (`_sections_apart`) is its own. The rows of an input come between
    `start` and `end`, in one frame or in several batches (`kept_rows`, as an export streams them)."""

    def __init__(self) -> None:
        import pandas as pd

        self.seen = pd.DataFrame({"rows": pd.Series(dtype="int64"), "input": pd.Series(dtype=object)},
                                 index=pd.Index([], dtype="uint64"))  # key hash -> most rows in one input
        self.path = ""
        self.counts = pd.Series(dtype="int64")  # key hash -> rows of it in this input so far
        self.repeats: list[tuple[pd.DataFrame, list[str]]] = []  # this input's repeats, and whose they are
        self.lines: list[str] = []
        """The warning of each input with repeats (`end`), in input order."""
        self.results = self.adjusted = self.given = 0
        """The results with a contract, the tables with an adjusted score and none, and of those the ones
        given a score that is no ruling (`given_of`), dropped so far."""
        self.tables: list[pd.Series] = []  # this input's tables (`TABLE_KEY` hash) -> their board's
        self.tables_of: dict[str, pd.Series] = {}  # each earlier input's, by its name as `seen` has it

    def start(self, path: str) -> None:
        """The rows that follow are those of input ``path``."""
        import pandas as pd

        self.path, self.counts, self.repeats, self.tables = path, pd.Series(dtype="int64"), [], []

    def kept(self, frame: pd.DataFrame) -> npt.NDArray[np.bool_]:
        """Which rows of ``frame`` (with the `RESULT_KEY` and `BOARD_OF` columns) no earlier input gave: a
        row with no result (a board dealt, not played) is a repeat only where its board's every row is."""

        from bridgetools.analysis.summary import adjusted_results

        keys, marks, repeated = self._repeated(frame)
        repeated &= ~self._sections_apart(frame, repeated, keys)
        result = frame["contract"].notna() | adjusted_results(frame)
        if (repeated & ~result).any() and set(BOARD_OF) <= set(frame.columns):
            boards = [frame[name].astype(object) for name in BOARD_OF]
            whole = repeated.groupby(boards, dropna=False, observed=True).transform("all")
            repeated &= result | whole.astype(bool)
        if repeated.any():
            self.repeats.append((frame[repeated], keys[repeated].map(self.seen["input"]).tolist()))
        self.counts = self.counts.add(marks.value_counts(), fill_value=0).astype("int64")
        kept: npt.NDArray[np.bool_] = ~repeated.to_numpy(dtype=bool)
        return kept

    def _sections_apart(self, frame: pd.DataFrame, repeated: pd.Series, keys: pd.Series) -> pd.Series:
        """Which of ``frame``'s rows equal to an earlier input's are another section's own results, not
        repeats: those equal to an input whose tables (`TABLE_KEY`) this one gives most of again with other
        results, of all its tables at the boards ``frame`` gives (so that a file exported in batches is
        judged as it is analysed: each result equal to that input's its own) or of one board's (that
        board's alone: a file sent again with one board's traveller re-scored repeats its other boards'
        results) (`field.most_again`, the rule by which a file giving a table again is another section on
        the same movement, not a correction): another section's result
        equals one of the same pair numbers by chance, while a file or a traveller sent again gives its
        results again, a few corrected. The tables of ``frame`` are noted for later inputs (`end`)."""
        import numpy as np
        import pandas as pd

        from bridgetools.analysis.field import most_again

        apart = pd.Series(False, index=frame.index)
        if not set(TABLE_KEY) <= set(frame.columns) or frame.attrs.get(LACKS):
            return apart
        pairs = frame[["ns_pair", "ew_pair"]]
        paired = (pairs.notna() & ~pairs.astype(object).isin([0, "0", ""])).all(axis=1)
        if not paired.any():
            return apart
        key = frame.loc[paired, list(TABLE_KEY)].astype(object)
        key = key.where(key.notna(), None)
        tables = pd.util.hash_pandas_object(key, index=False)
        boards = pd.util.hash_pandas_object(key[list(TABLE_KEY[:-2])], index=False)
        self.tables.append(pd.Series(boards.to_numpy(), index=tables.to_numpy()))
        board_of = pd.Series(np.zeros(len(frame), dtype=np.uint64), index=frame.index)  # a paired row's board
        board_of[paired.to_numpy()] = boards.to_numpy()
        other = ~repeated[paired].to_numpy(dtype=bool)
        given = tables[other].drop_duplicates()  # this input's tables with results of their own
        whose = keys.map(self.seen["input"]).where(paired & repeated)
        for name in whose.dropna().unique().tolist():
            theirs = self.tables_of.get(name)
            if theirs is None:
                continue
            again = theirs[theirs.index.isin(given.to_numpy())]  # their tables, by board
            here = theirs.isin(boards.to_numpy())  # of the boards ``frame`` gives: an export's batch alike
            if most_again(len(again), int(here.sum())):
                apart |= whose == name
                continue
            at_board = theirs.value_counts()  # else only a board's traveller of another section is apart
            traveller = [board for board, n in again.value_counts().items()
                         if most_again(int(n), int(at_board[board]))]
            apart |= (whose == name) & board_of.isin(traveller)
        return apart

    def _repeated(self, frame: pd.DataFrame) -> tuple[pd.Series, pd.Series, pd.Series]:
        """Each row's key as an earlier input gave it, the keys this input's rows leave for later inputs,
        and which rows an earlier input gave: on the whole `RESULT_KEY`, and without the `SINCE_47` columns
        where one of the two inputs is an export that lacks them (its keys kept apart as ``old``, only
        those of results no earlier input gave)."""
        import pandas as pd

        def hashed(key: pd.DataFrame) -> pd.Series:
            return pd.util.hash_pandas_object(key, index=False)

        def given(keys: pd.Series) -> pd.Series:
            before = keys.map(self.counts).fillna(0) + keys.groupby(keys).cumcount()
            return before < keys.map(self.seen["rows"]).fillna(0)

        full = _result_key(frame)
        short = full.drop(columns=list(SINCE_47))
        shorter, old = hashed(short.assign(shape="short")), hashed(short.assign(shape="old"))
        if frame.attrs.get(LACKS):  # a result of it another input gave already is no result of its own
            repeated = given(shorter)
            return shorter, pd.concat([shorter, old[~repeated]]), repeated
        keys = hashed(full)
        theirs, older = given(keys), given(old)
        return keys.where(theirs | ~older, old), pd.concat([keys, shorter]), theirs | older

    def kept_rows(self, batch: pa.RecordBatch) -> npt.NDArray[np.bool_]:
        """Which of ``batch``'s rows no earlier input gave (`kept`)."""
        import pyarrow as pa

        from bridgetools.analysis.export import table_to_dataframe

        return self.kept(table_to_dataframe(pa.Table.from_batches([batch]).select([*RESULT_KEY, *BOARD_OF])))

    def end(self) -> str | None:
        """The input is done: its warning (`_repeats_line`), None when nothing repeated."""
        import pandas as pd

        from bridgetools._files import readable_name
        from bridgetools.analysis.summary import adjusted_results, table_count

        if self.tables:
            name = readable_name(self.path)
            tables = pd.concat([*([self.tables_of[name]] if name in self.tables_of else []), *self.tables])
            self.tables_of[name] = tables[~tables.index.duplicated()]
        grown = self.counts[self.counts > self.seen["rows"].reindex(self.counts.index, fill_value=0)]
        self.seen = pd.concat([self.seen.drop(grown.index, errors="ignore"),
                               pd.DataFrame({"rows": grown, "input": readable_name(self.path)},
                                            index=grown.index)])
        if not self.repeats:
            return None
        repeats = pd.concat([frame for frame, _ in self.repeats])
        self.results += table_count(repeats[repeats["contract"].notna()])  # as `results_of` counts them
        self.adjusted += table_count(repeats[adjusted_results(repeats)])  # and `adjusted_of`
        self.given += table_count(repeats[adjusted_results(repeats, given=True)])  # and `given_of`
        line = _repeats_line(self.path, repeats, [name for _, names in self.repeats for name in names])
        self.lines.append(line)
        return line


def inputs_batch(boards: Sequence[Board], inputs: Sequence[str]
                 ) -> tuple[pa.Table, list[int], dict[int, int]]:
    """The rows of ``boards`` (each board's input in ``inputs``, an input's boards together) as `export`
    of the inputs writes them, each row's field (`field_keys`), and each repeat's row with the row of the
    result it repeats: the inputs are one session, a later input's repeats (`RepeatedResults`: a file
    named twice) left out of the fields and given the figures of the result they repeat."""
    import numpy as np
    import pandas as pd
    import pyarrow as pa

    from bridgetools.analysis.columns import build_batch
    from bridgetools.analysis.export import table_to_dataframe, unscored, with_fields
    from bridgetools.analysis.extract import board_arrays
    from bridgetools.analysis.field import FieldInputs, field_keys, field_results

    repeats = RepeatedResults()
    batches, parts, keys, kept = [], [], [], []
    start = 0
    for name, each in itertools.groupby(range(len(boards)), key=lambda i: inputs[i]):
        chosen = [boards[i] for i in each]
        arrays = board_arrays(chosen, first_id=start, file=name)
        batch = build_batch(arrays, unscored(len(arrays)))
        repeats.start(name)
        keep = repeats.kept_rows(batch)
        repeats.end()
        frame = table_to_dataframe(pa.Table.from_batches([batch]).select([*RESULT_KEY, *BOARD_OF]))
        keys.append(pd.util.hash_pandas_object(_result_key(frame), index=False).to_numpy())
        parts.append(FieldInputs.of(arrays).rows(keep))
        batches.append(batch)
        kept.append(keep)
        start += len(chosen)
    every, kept_rows = np.concatenate(keys), np.concatenate(kept)
    first: dict[int, int] = {}
    for place, key in enumerate(every[kept_rows].tolist()):
        first.setdefault(key, place)
    where = np.cumsum(kept_rows) - 1  # each kept row's place among the kept; a repeat: its result's
    where[~kept_rows] = [first.get(key, -1) for key in every[~kept_rows].tolist()]
    joined = FieldInputs.joined(parts)
    fields = field_results(joined)
    index = pa.array(where, pa.int64(), mask=where < 0)
    table = with_fields(pa.Table.from_batches(batches),
                        {name: values.take(index) for name, values in fields.items()}, 0)
    groups = field_keys(joined)
    places = np.flatnonzero(kept_rows)  # each kept result's row
    return table, [int(groups[i]) if kept_rows[row] and i >= 0 else -1 - row
                   for row, i in enumerate(where.tolist())], \
        {row: int(places[i]) for row in np.flatnonzero(~kept_rows).tolist() if (i := int(where[row])) >= 0}


def inputs_figures(boards: Sequence[Board], figure: str | Sequence[str | None], inputs: Sequence[str]
                   ) -> list[list[tuple[float | None, float | None]]]:
    """`bridgetools.analysis.export.travellers_figures` of ``boards`` read from several ``inputs`` (each
    board's), the inputs one session as `export` of them counts it (`inputs_batch`); of one input, as
    a file's."""
    from bridgetools.analysis.export import travellers_figures

    if len(set(inputs)) < 2:
        return travellers_figures(boards, figure, inputs)
    return travellers_figures(boards, figure, inputs, inputs_batch(boards, inputs))


def _result_key(frame: pd.DataFrame) -> pd.DataFrame:
    """The `RESULT_KEY` columns of ``frame`` in a form that hashes alike from a file and from its export:
    a map by its items, a list (the auction, the play) as a tuple's text, a blank multiplicity (an older
    export) as the one table it stands for."""
    key = frame[list(RESULT_KEY)].astype(object)
    key["tags"] = key["tags"].map(_tag_items)
    for column in ("auction", "play"):
        key[column] = key[column].map(lambda moves: None if moves is None or not hasattr(moves, "__len__")
                                      else repr(tuple(moves)))
    key["multiplicity"] = frame["multiplicity"].fillna(1).astype("int64").astype(object)
    return key.where(key.notna(), None)


def _tag_items(tags: object) -> object:
    """A row's tags as the text of their sorted (name, value) pairs, alike from a map (a dict, as an export
    is read) and from the pairs a map becomes once pandas re-saves the file (arrays of two, or tuples)."""
    if isinstance(tags, dict):
        pairs: Iterable[tuple[object, ...]] = tags.items()
    elif isinstance(tags, Iterable) and not isinstance(tags, str):
        pairs = (tuple(pair) for pair in tags)
    else:
        return tags  # (none, or a NaN: no tags)
    return repr(sorted((str(name), None if value is None else str(value)) for name, value in pairs))


def _repeats_line(path: str, repeats: pd.DataFrame, earlier: list[str]) -> str:
    """The warning for an input's repeats: ``b.parquet: 3 results repeat those of a.pbn (...): counted once``
    (the earlier inputs named by how many of the repeats each holds). The results are counted as `analyze`
    counts them, the tables played and those given an adjusted score (``^60%``), a traveller row of three
    tables three; repeats with none are boards dealt and not played."""
    from collections import Counter

    from bridgetools._files import readable_name
    from bridgetools.analysis.summary import adjusted_results, table_count

    results = table_count(repeats[repeats["contract"].notna() | adjusted_results(repeats)])
    count = results or len(repeats)
    what = plural(count, "result" if results else "board")
    names = " and ".join(readable_name(name) for name, _ in Counter(earlier).most_common())
    verb = "repeats" if count == 1 else "repeat"
    return (f"{readable_name(path)}: {what} {verb} those of {names} (same event, board, deal, table and "
            "result): counted once")
