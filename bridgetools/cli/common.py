"""What every command shares: error reporting, suit symbols, atomic output, progress bars, the options
several commands take (declared once here, so they are named and explained alike)."""

from __future__ import annotations

import codecs
import contextlib
import functools
import io
import os
import re
import shutil
import stat
import sys
import tempfile
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, ClassVar, TextIO, TypeVar, cast

import click

from bridgetools._files import (
    NAMES_ERROR_HANDLER,
    atomic_file,
    discard,
    temporary_beside,
    undecodable,
    written_in_place,
)
from bridgetools._lazy import lazy_compile
from bridgetools._words import NAME_EVERY, boards_numbered, close_word, nearest_ascii
from bridgetools._words import plural as plural  # the commands count through common
from bridgetools.errors import (
    BridgeError,
    DecodeWarning,
    Issue,
    MissingExtraError,
    Naming,
    NoBoardsError,
    UnknownFormatError,
    WorkerStopped,
    by_place,
)
from bridgetools.model import Deal, Seat, Suit
from bridgetools.model.cards import SUIT_GLYPHS

if TYPE_CHECKING:
    from collections.abc import Mapping

    from bridgetools.board import Board

F = TypeVar("F", bound=Callable[..., Any])


def go_with(options: Iterable[tuple[str, object]], where: str) -> click.UsageError | None:
    """The error for options given where they do nothing: ``--a and --b go with where`` (``goes`` for
    one), naming only those given (``options`` pairs an option's name with its value); None when none is."""
    given = [name for name, value in options if value]
    if not given:
        return None
    return click.UsageError(f"{' and '.join(given)} {'goes' if len(given) == 1 else 'go'} with {where}")


def judge_needs_dd(ctx: click.Context, param: click.Parameter, judge: bool | None) -> bool | None:
    """``--judge`` asked for needs the 'dd' extra: without it one line and exit 1, rather than the rules
    alone unsaid (the default, judging when the extra is there, says nothing)."""
    from bridgetools.dd import _dds

    if judge and not _dds.available():
        raise click.ClickException(str(MissingExtraError("--judge", "dd")))
    return judge


def text_stream(name: str) -> IO[str]:
    """The process's stdin, stdout or stderr as text (what CliRunner swaps in, under tests).

    click 8.5 deprecates ``click.get_text_stream``; the ``sys`` streams serve as well here.
    """
    return cast("IO[str]", getattr(sys, name))


def binary_stream(name: str) -> IO[bytes]:
    """The binary stream under stdin or stdout (for Parquet and other binary output)."""
    return cast("IO[bytes]", getattr(sys, name).buffer)


DEBUG = "bridgetools.debug"
"""Key of the root context's ``meta`` that is true under ``bridgetools --debug``."""


def typed_text(ctx: click.Context | None, param: click.Parameter | None, value: str | None) -> str | None:
    """Text typed on the command line (a click callback: ``--event``, a condition), as typed: in the C
    locale Python decodes the arguments as ASCII, each other byte a lone surrogate, which no output can
    write (``--event 'Café'``); its bytes are read back as UTF-8, else as Latin-1 (every byte a letter)."""
    if value is None or not any(map(undecodable, value)):
        return value
    typed = os.fsencode(value)
    try:
        return typed.decode("utf-8")
    except UnicodeDecodeError:
        return typed.decode("latin-1")


def debugging() -> bool:
    """Whether ``--debug`` was given: errors then show the traceback before their one line."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.find_root().meta.get(DEBUG))


SUIT_SYMBOLS = frozenset(SUIT_GLYPHS)


def encoding_advice(error: UnicodeEncodeError, suits_ascii: bool = True, encoding: str | None = None) -> str:
    """One line for text the output's encoding cannot write: how to give the output a UTF-8 encoding
    (``--suits ascii`` only when what failed is a suit symbol and ``suits_ascii`` would write it). The
    encoding is named as the user named it (`encoding_named`)."""
    bad = error.object[error.start:error.end]
    if bad and all(map(undecodable, bad)):  # bytes the locale could not decode: no output
        return (f"{bad!a} is bytes the locale could not read as text, which no output can write: use a UTF-8 "
                "locale (LANG=C.UTF-8) or set PYTHONUTF8=1")
    advice = "set PYTHONIOENCODING=utf-8 or use a UTF-8 locale (LANG=C.UTF-8)"
    if _takes_an_output():
        advice += ", or write to a file with -o (files are UTF-8)"
    if suits_ascii and bad and set(bad) <= SUIT_SYMBOLS:
        advice = f"use --suits ascii, or {advice}"
    return f"the output's encoding ({encoding_named(error, encoding)}) cannot write {bad!a}: {advice}"


def encoding_named(error: UnicodeEncodeError, encoding: str | None = None) -> str:
    """The encoding ``error`` came from as the user named it: ``encoding`` (an ``--encoding`` given), else
    the error's own name unless it is Python's ``charmap`` (every code page's codec says that: windows-1252,
    cp437), for which stdout's: PYTHONIOENCODING's word for it where that names it (Python calls
    ``windows-1252`` ``cp1252``), else the stream's."""
    if encoding is not None:
        return encoding
    if error.encoding != "charmap":
        return error.encoding
    shown: str = getattr(text_stream("stdout"), "encoding", None) or error.encoding
    given = os.environ.get("PYTHONIOENCODING", "").partition(":")[0].strip()
    try:
        return given if given and codecs.lookup(given).name == codecs.lookup(shown).name else shown
    except LookupError:
        return shown


DISPLAY_ERROR_HANDLER = "bridgetools.display"
"""The `codecs` error handler for what a command shows (`say`): a character the output's encoding cannot
hold is shown as its nearest ASCII (`_nearest_ascii`), never an error."""


def _nearest_ascii(char: str) -> str:
    """What shows ``char`` on an ASCII output: a suit symbol as its letter, a file name's undecodable byte
    as ``\\xNN``, else its nearest ASCII (`nearest_ascii`: é as e, ``?`` where there is none)."""
    if char in SUIT_GLYPHS:
        return SUIT_GLYPHS[char]
    if undecodable(char):
        return f"\\x{ord(char) - 0xDC00:02x}"
    return nearest_ascii(char)


def _shown_nearest(error: UnicodeError) -> tuple[str, int]:
    """The `DISPLAY_ERROR_HANDLER`: what the encoding could not hold, each character as its nearest ASCII
    (`_nearest_ascii`), and where encoding goes on; a decoding error is raised as it came."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(_nearest_ascii(c) for c in error.object[error.start:error.end]), error.end


codecs.register_error(DISPLAY_ERROR_HANDLER, _shown_nearest)


def say(message: str = "", nl: bool = True) -> None:
    """Show ``message`` on stdout as a display command does (``show``, ``dd``, ``score``, ``validate``):
    what stdout's encoding cannot hold is substituted (`DISPLAY_ERROR_HANDLER`), never an error, and it
    is written in that encoding (``click.echo`` alone writes UTF-8 to an ASCII stdout); on a terminal, a
    progress bar drawn there is cleared first (`_BarLine.clear`)."""
    stdout = _open_stream("stdout")
    if stdout is not None and _BarLine.drawn is not None and stdout.isatty():
        _BarLine.drawn.clear()
    _shown_on(stdout, message, nl)


def tell(message: str = "", nl: bool = True) -> None:
    """Say ``message`` on stderr (a warning, an ``Error: ...`` line, the seed ``deal`` drew) as `say` shows
    on stdout: in stderr's encoding, a character it cannot hold shown as its nearest ASCII, a file name's
    undecodable byte as ``\\xNN`` (``click.echo(err=True)`` writes UTF-8 to an ASCII stderr). A progress
    bar drawn on stderr is cleared first (`_BarLine.clear`), so that ``message`` starts a line of its own.
    Nothing once a stop signal came (`stop_telling`): its own line (`tell_last`) is the last said."""
    if not _Told.stopping:
        _told(message, nl)


def _told(message: str, nl: bool) -> None:
    if _BarLine.drawn is not None:
        _BarLine.drawn.clear()
    _shown_on(_open_stream("stderr"), message, nl)


class _Told:
    """Whether a stop signal came (`stop_telling`), after which `tell` says nothing."""

    stopping = False


def stop_telling() -> None:
    """Say nothing more through `tell`: a stop signal came, and its line (`tell_last`) is to be the last
    said, not scrolled away by what is let go on the way out (a file's reading problems, said as its
    reader is closed: 120 lines after ``Stopped by SIGINT``)."""
    _Told.stopping = True


def tell_last(message: str, error: BaseException | None = None) -> None:
    """Say a stop signal's ``message`` on stderr, after the traceback of ``error`` (``--debug``) when
    given, whatever `stop_telling` holds back."""
    if error is not None:
        _told("".join(traceback.format_exception(error)), nl=False)
    _told(message, nl=True)


def _open_stream(name: str) -> IO[str] | None:
    """The process's stdout or stderr, or None when it has none (closed by ``>&-`` or ``2>&-``: Python's
    ``sys.stderr`` is then None, and ``click.echo`` would write to stdout instead)."""
    return cast("IO[str] | None", text_stream(name))


def _shown_on(stream: IO[str] | None, message: str, nl: bool) -> None:
    """``message`` written to ``stream`` in its encoding, what the encoding cannot hold substituted;
    nothing when the stream is closed (what is said there is never said on the other)."""
    if stream is None:
        return
    text = f"{message}\n" if nl else message
    if folds_suits(stream):
        text = text.translate(SUIT_LETTERS)
    encoding = shown_encoding(stream)
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        text = text.encode(encoding, DISPLAY_ERROR_HANDLER).decode(encoding)
    except LookupError:  # a stream naming no encoding Python knows: left to write as it can
        pass
    click.echo(text, file=stream, nl=False)


def tell_traceback(error: BaseException) -> None:
    """The traceback behind ``error`` (``--debug``) on stderr through `tell`, as every stderr line is: a
    character stderr's encoding cannot hold shown as its nearest ASCII, not as Python's ``\\xe9``."""
    tell("".join(traceback.format_exception(error)), nl=False)


class ToldStream(io.TextIOBase):
    """Standard error as a file to write to, each write said through `tell`: for what writes to a file of
    its own (click's display of its errors and usage, a progress bar), so it too is in stderr's encoding."""

    def write(self, text: str) -> int:
        """``text`` said on stderr (`tell`), its length returned as a file's write returns it."""
        tell(text, nl=False)
        return len(text)

    def flush(self) -> None:
        """Standard error flushed (a progress bar's line shown at once)."""
        stderr = _open_stream("stderr")
        if stderr is not None:
            stderr.flush()

    def isatty(self) -> bool:
        """Whether stderr is a terminal (a progress bar is drawn only there)."""
        return stderr_is_a_terminal()

    def writable(self) -> bool:
        """Always: it is written to, never read."""
        return True


def stderr_is_a_terminal() -> bool:
    """Whether stderr is a terminal, where a progress bar is drawn; not when it is closed (``2>&-``)."""
    stderr = _open_stream("stderr")
    return stderr is not None and stderr.isatty()


def _takes_an_output() -> bool:
    """Whether the command running has ``-o/--output`` (``show`` and ``validate`` write to stdout alone)."""
    return _running_command_takes("output") is not False


def _running_command_takes(name: str) -> bool | None:
    """Whether the click command running has the parameter ``name`` (its Python name); None when no
    command is running (the library called on its own)."""
    context = click.get_current_context(silent=True)
    return None if context is None else any(param.name == name for param in context.command.params)


def reports_errors(fn: F) -> F:
    """Turn library errors (and unreadable files) into one-line messages and exit code 1; stop quietly
    when the reader of the output goes away (``| head``). Any other failure on strange input is one
    line too (exit 1), never a traceback unless ``--debug`` asks for it."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (click.ClickException, click.exceptions.Exit, click.Abort, SystemExit):
            raise
        except BrokenPipeError:
            with contextlib.suppress(OSError, ValueError):  # nothing more to the closed pipe at exit
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return None
        except Exception as e:
            if debugging():
                tell_traceback(e)
            raise click.ClickException(one_line_error(e)) from None

    return cast(F, wrapper)


def one_line_error(error: Exception) -> str:
    """What a user is told of ``error``: library errors as they are, files by name, anything else (a bug
    shown on strange input) as its type and message."""
    if isinstance(error, UnknownFormatError | NoBoardsError):
        return str(error.named_by(format_naming()))
    if isinstance(error, WorkerStopped):
        return str(error.on_command_line())
    if isinstance(error, BridgeError):
        return str(error)
    if isinstance(error, UnicodeDecodeError):
        return f"cannot decode input: {error}"
    if isinstance(error, UnicodeEncodeError):
        return encoding_advice(error)
    if isinstance(error, OSError):
        name = getattr(error, "filename", None) or ("<stdout>" if _writing_stdout(error) else None)
        where = f"{os.fsdecode(name)}: " if name else ""
        folder = os.path.dirname(os.fsdecode(name)) if isinstance(name, (str, bytes)) else ""
        if isinstance(error, FileNotFoundError) and folder and not os.path.isdir(folder):
            return f"{where}no folder {folder!r}"  # `-o /no/such/dir/x.pbn`: the folder is what is missing
        if isinstance(error, FileNotFoundError) and name:
            return missing_file(os.fsdecode(name))
        return f"{where}{error.strerror or error}"
    return f"unexpected error ({type(error).__name__}): {error}"


def _writing_stdout(error: OSError) -> bool:
    """Whether ``error`` (``No space left on device`` of ``show > /dev/full``, which names no file) came
    from a write to standard output: the frame it was raised in holds stdout, its text or byte stream."""
    tb = error.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    stdout = sys.stdout
    streams = {id(stdout), id(getattr(stdout, "buffer", None)), id(sys.__stdout__),
               id(getattr(sys.__stdout__, "buffer", None))}
    return any(id(value) in streams for value in tb.tb_frame.f_locals.values() if value is not None)


def format_naming() -> Naming:
    """How the command being run names an input's format, for its messages: ``--from`` when it takes
    one, else the file's suffix (never Python's ``format=``)."""
    return "--from" if _running_command_takes("from_format") else "suffix"


def readable_streams() -> None:
    """Let standard output and error show file names that are not UTF-8 (bytes as ``\\xNN``) instead of
    failing on them; on standard error, any other character its encoding lacks is shown as its nearest
    ASCII, as `tell` shows it, also in what is written there without it (Python's own tracebacks)."""
    for name, errors in (("stdout", NAMES_ERROR_HANDLER), ("stderr", DISPLAY_ERROR_HANDLER)):
        stream = getattr(sys, name, None)
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors=errors)


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (``-`` is never a file)."""
    if a == "-" or b == "-":
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def refuse_overwriting(output: str | None, inputs: Iterable[str]) -> None:
    """A usage error when the output would replace one of the inputs: inputs are never modified; and an
    error when the output's folder does not exist (`refuse_missing_folder`)."""
    if output is None:
        return
    refuse_overwriting_any([output], inputs)
    refuse_missing_folder(output)


def refuse_overwriting_any(outputs: Iterable[str], inputs: Iterable[str]) -> None:
    """A usage error when one of ``outputs`` would replace one of the inputs (`same_file`): the inputs'
    files are found once, and each output looked up among them, so that a folder's thousand outputs of
    its thousand inputs take a thousand looks, not a million."""
    files: set[tuple[int, int]] = set()
    unseen: set[str] = set()  # an input not there: by its name, as `same_file` takes it
    for name in inputs:
        if name == "-":
            continue
        try:
            found = os.stat(name)
        except OSError:
            unseen.add(os.path.abspath(name))
            continue
        files.add((found.st_dev, found.st_ino))
    for output in outputs:
        if output == "-":
            continue
        try:
            found = os.stat(output)
            clash = (found.st_dev, found.st_ino) in files
        except OSError:
            clash = os.path.abspath(output) in unseen
        if clash:
            raise click.UsageError(f"output {output!r} is also an input; inputs are never overwritten")


def refuse_missing_folder(output: str, replaced: bool = True) -> None:
    """An error when ``output`` (a file, or a prefix of files) is in a folder that does not exist, or is
    a read-only file to be ``replaced`` (not a cache, written in place), told before the boards are
    dealt, bid, played or solved rather than when they are written."""
    folder = os.path.dirname(output)
    if output != "-" and folder and not os.path.isdir(folder):
        raise click.ClickException(f"{output}: no folder {folder!r}")
    if output != "-" and replaced:
        try:
            # a read-only file, or a folder it cannot be written in (read-only, or another's): the temporary
            # file the output is written to is made now (`temporary_beside` refuses a read-only output
            # first), and removed, not after minutes of bidding, playing or solving
            discard(temporary_beside(output))
        except OSError as e:
            raise click.ClickException(f"{output}: {e.strerror}") from None


OTHER_KINDS_OF_FILE = frozenset({".parquet", ".csv", ".tsv", ".xlsx", ".xls", ".ods", ".docx", ".doc", ".odt",
                                 ".rtf", ".pdf", ".html", ".htm", ".xml", ".md", ".dlr", ".zip", ".gz"})
"""Suffixes that name a kind of file no hand-record format is: `deal`, `convert` and `analyze` (but the
summaries it writes) refuse them rather than fill them with another format, whatever ``--format`` says."""

_PRINTED = "printed hand records come from `bridgetools print`"
_MADE_BY = {".pdf": _PRINTED, ".html": _PRINTED, ".htm": _PRINTED,
            ".parquet": "Parquet tables of results come from `bridgetools export`",
            ".csv": "CSV tables of results come from `bridgetools analyze --format csv`"}
"""The command that makes a kind of file in `OTHER_KINDS_OF_FILE`, where one does."""


def refuse_other_kind(output: str, command: str, writes: str, own: Iterable[str] = ()) -> None:
    """A usage error when ``output``'s suffix names a kind of file ``command`` does not write (one of
    `OTHER_KINDS_OF_FILE` but its ``own`` suffixes), saying what it writes and which command makes that
    kind where one does."""
    suffix = os.path.splitext(output)[1].lower() if output != "-" else ""
    if suffix in OTHER_KINDS_OF_FILE.difference(own):
        made_by = f" ({_MADE_BY[suffix]})" if suffix in _MADE_BY else ""
        raise click.UsageError(f"{output}: {command} does not write {suffix} files; it writes "
                               f"{writes}{made_by}")


def output_format(output: str, fmt: str | None, command: str, writes: str) -> str:
    """The format ``command`` writes to ``output``: ``--format``, else the format the output's suffix names,
    else PBN (stdout, and a name with no suffix such as ``/dev/null`` or ``club``), as every ``--format``
    help says. The name is honoured or refused, never filled with something else: a suffix naming another
    kind of file (`refuse_other_kind`), a format ``command`` does not write, or another format than
    ``--format`` is a usage error (a plain ``.txt``, or a suffix no format claims, takes what ``--format``
    says). ``writes`` says what ``command`` writes, for those errors."""
    from bridgetools.formats import format_from_name

    refuse_other_kind(output, command, writes)
    named = None if standard_stream(output) else format_from_name(output)
    if fmt is not None:
        if named not in (None, fmt, "text") and not _named_as(fmt, named):
            raise click.UsageError(f"{output} names a {named} file but --format is {fmt}; "
                                   "give one or make them agree")
        return fmt
    suffix = "" if standard_stream(output) else os.path.splitext(output)[1].lower()
    if named is None and suffix:
        raise click.UsageError(f"{output}: {command} does not write {suffix} files; it writes {writes}; "
                               "--format writes one of them under this name")
    return named or "pbn"


def _named_as(variant: str, fmt: str | None) -> bool:
    """Whether ``variant`` is a way of writing ``fmt`` with no suffix of its own, so that its files are
    named as ``fmt``'s: ``dupblind`` writes a ``.dup`` file, ``dlmblind`` a ``.dlm``. (``jsonl`` has
    its own, so ``--format jsonl -o x.json`` is still refused.)"""
    from bridgetools.formats import FORMATS, SUFFIXES

    if fmt is None or FORMATS.get(variant) != FORMATS.get(fmt):
        return False
    return SUFFIXES.get(variant) == ()


def input_shown(name: str) -> str:
    """The name an input is said by: ``<stdin>`` for ``-``, else the name as given, as the readers name it
    in each problem (`bridgetools.formats.read`), so a command's own lines about the file agree with them."""
    return "<stdin>" if name == "-" else name


def missing_file(name: str) -> str:
    """The one line every command says of an input file that is not there, naming it in the system's words
    (as an unreadable file's error is said): ``club.pbn: No such file or directory``."""
    if not name:
        return "an empty file name was given (''): name a file, or - for standard input"
    return f"{name}: No such file or directory{_quote_hint(name)}"


def _quote_hint(name: str) -> str:
    """For an input ``name`` that is a word of a file name split at its spaces (``print my file.pbn``, the
    name not quoted: inputs ``my`` and ``file.pbn``), the file it and its neighbours among the command's
    inputs name together when that file is there: ``; did you mean to quote 'my file.pbn'?``; else ""."""
    ctx = click.get_current_context(silent=True)
    for given in ctx.params.values() if ctx is not None else ():
        words = list(given) if isinstance(given, tuple | list) else []
        if name in words and all(isinstance(word, str) for word in words):
            joined = _split_file(words, words.index(name))
            if joined is not None:
                return quote_hint(joined)
    return ""


def quote_hint(name: str) -> str:
    """What a message about a file name split at its spaces ends with: how to give it whole."""
    import shlex

    return f"; did you mean to quote {shlex.quote(name)}? (a name with spaces is quoted)"


def extra_words_hint(ctx: click.Context | None, extra: list[str]) -> str:
    """`quote_hint` for a command given ``extra`` arguments it has no place for, when an argument it took
    and the words after it name a file (``bid my file.pbn``: ``my`` taken, ``file.pbn`` left over); else
    ""."""
    for given in ctx.params.values() if ctx is not None else ():
        if isinstance(given, str) and given:
            joined = _split_file([given, *extra], 0)
            if joined is not None:
                return quote_hint(joined)
    return ""


def _split_file(words: list[str], at: int) -> str | None:
    """The file that ``words[at]`` and its neighbours name joined by spaces, when one is there."""
    for start in range(max(0, at - _SPLIT_WORDS + 1), at + 1):
        for end in range(at + 1, min(len(words), start + _SPLIT_WORDS) + 1):
            joined = " ".join(words[start:end])
            if end - start > 1 and os.path.isfile(joined):
                return joined
    return None


_SPLIT_WORDS = 4
"""The most inputs `_quote_hint` joins into one file name."""


def not_a_file(name: str, what: str = "a hand-record file") -> str | None:
    """The one line every command says of an input that is no file to read, naming it (None for a file,
    or ``-``, stdin): `missing_file`, or ``adir.pbn: is a directory, not a hand-record file`` (``what``:
    the file the command reads, ``a rubber log``). Commands that read a folder of files on purpose
    (``export``, ``analyze``) search a directory instead (`bridgetools.cli.analysis.expand_inputs`); the
    others refuse it by this line, exit 1."""
    from bridgetools.formats._io import directory_given

    if name == "-" or os.path.isfile(name):
        return None
    if os.path.isdir(name):
        return directory_given(name, what)
    return missing_file(name) if not os.path.exists(name) else None


def refuse_not_a_file(name: str, what: str = "a hand-record file") -> None:
    """Stop, before any work, on an input that is no file to read: `not_a_file`'s line, exit 1."""
    unread = not_a_file(name, what)
    if unread is not None:
        raise BridgeError(unread)


def refuse_a_missing_file(source: str) -> None:
    """``source`` (of ``show`` or ``dd``, a file or a deal string) named like a hand-record file
    (``session.pbn``) that is not there: `missing_file`, rather than reading the name as a deal string
    ('bad deal: expected four hands, found 1'); a directory: `not_a_file`."""
    from bridgetools.formats import format_from_name

    if os.path.isdir(source):
        refuse_not_a_file(source)
    if source != "-" and not os.path.exists(source) and format_from_name(source) is not None:
        raise BridgeError(missing_file(source))


def typed_deal(source: str) -> tuple[Deal, Seat | None]:
    """The deal a player typed or pasted: a PBN deal string (three hands give the fourth the cards
    left, as a hand record often leaves one out), or a LIN ``md|...|`` value with its dealer; `show` and
    `dd` read a deal string alike."""
    from bridgetools.formats.lin import parse_md

    text = (typed_text(None, None, source) or "").strip()  # a file's name it is not: read as typed
    try:
        if text.lower().startswith("md|"):
            dealer, deal = parse_md(text[3:].split("|")[0])
            if deal is None:
                raise BridgeError("the md value holds no hand")
            return deal, dealer
        if len(text.split()) == 3:
            deal = Deal.from_pbn(f"{text} -").completed()
            if deal.is_complete:
                return deal, None
        return Deal.from_pbn(text), None
    except BridgeError as e:
        raise BridgeError(f"{text!r} is not a file, and not a deal: {e}") from None


def check_inputs(output: str | None, inputs: Iterable[str]) -> None:
    """Before any work: the output is none of the inputs (`refuse_overwriting`), and every input file is
    there and no directory (``-`` is stdin), else one line naming it (`not_a_file`)."""
    refuse_overwriting(output, inputs)
    for name in inputs:
        problem = not_a_file(name)
        if problem is not None:
            raise click.ClickException(problem)


def rubber_record_text(name: str, from_format: str | None, encoding: str | None) -> str | None:
    """The text of ``name`` when it may be the record of variant rubbers that `bridgetools play --variant
    NAME --record FILE.json` keeps (a .json file read as JSON), else None (the readers say what is wrong)."""
    if name == "-" or from_format not in (None, "json") or not name.lower().endswith(".json"):
        return None
    try:
        return Path(name).read_text(encoding=encoding or "utf-8")
    except (OSError, UnicodeDecodeError):
        return None


@contextlib.contextmanager
def rubber_records_refused(command: str) -> Iterator[None]:
    """The reader's refusal of a record of variant rubbers (`NoBoardsError.rubbers`), whose deals (three
    players, two, 32 cards) are no boards of bridge that ``command`` lays out, ending with what ``command``
    cannot do: ``vr.json: rubber 1, deals 1-9: deals of Booby (three players), no boards of bridge: show has
    no layout for them (bridgetools validate checks them)``; one with no deals says so, without the variants
    it names (an empty list of rubbers names none)."""
    from bridgetools.rules.variants.record_shape import rubbers_named

    try:
        yield
    except NoBoardsError as e:
        if e.rubbers is None:
            raise
        tail = (f"{command} has no layout for them (bridgetools validate checks them)"
                if any(n for _, n in e.rubbers)
                else f"{command} has nothing to lay out (bridgetools validate checks it)")
        raise click.ClickException(f"{e.source}: {rubbers_named(list(e.rubbers))}: {tail}") from None


class _SuitsAsked:
    """Whether ``--suits unicode`` asked for the suit symbols on stdout: they are then written there even on
    a C-locale terminal, which `folds_suits` would show as letters (the user knows their terminal)."""

    on_stdout = False


def wants_unicode(choice: str = "auto", stream: IO[str] | None = None, quiet: bool = False) -> bool:
    """Unicode suit symbols for ``unicode`` (written as asked, on a C-locale terminal too: `_SuitsAsked`;
    letters, said in one warning (not when ``quiet``: -q, no warnings), where the stream's encoding cannot
    hold them); for ``auto`` only where
    the output shows them: a UTF encoding whose suit symbols are not shown as letters (`folds_suits`), so
    a diagram's suits and an event's ♠ in one output are alike (a C-locale terminal letters, a file or
    pipe symbols)."""
    shown: IO[str] = stream or text_stream("stdout")
    on_stdout = shown is sys.__stdout__
    if on_stdout:
        _SuitsAsked.on_stdout = choice == "unicode"
    if choice == "unicode":
        encoding = shown_encoding(shown)
        try:
            "".join(suit.symbol for suit in Suit).encode(encoding)  # the ♠♥♦♣ a diagram shows
        except (UnicodeEncodeError, LookupError):
            _SuitsAsked.on_stdout = False
            if not quiet:
                tell(f"warning: --suits unicode: the output's encoding ({encoding}) cannot hold the suit "
                     "symbols; the letters S H D C are shown")
            return False
        return True
    if choice == "ascii":
        return False
    encoding = (getattr(shown, "encoding", None) or "").lower().replace("-", "")
    return encoding in ("utf8", "utf8sig", "utf16", "utf32") and not folds_suits(shown)


def standard_stream(output: str) -> str | None:
    """The standard stream ``output`` names, which is then written as that stream is (in its encoding,
    with suit symbols only where it shows them): ``"stdout"`` for ``-`` or a path to the file stdout
    already writes to (``/dev/stdout``, ``/dev/fd/1``, the terminal's device), ``"stderr"`` for one to
    stderr's (``/dev/stderr``, ``/dev/fd/2``: the records seen while stdout goes on, as ``tee /dev/stderr``
    shows them); None for any other path."""
    if output == "-":
        return "stdout"
    if not written_in_place(output):
        return None
    try:
        named = os.stat(output)
    except OSError:
        return None
    for name in ("stdout", "stderr"):
        try:
            ours = os.fstat(text_stream(name).fileno())
        except (OSError, ValueError, AttributeError):  # no descriptor (a test's stream), or closed
            continue
        if (ours.st_dev, ours.st_ino) == (named.st_dev, named.st_ino):
            return name
    return None


def names_stdout(output: str) -> bool:
    """Whether ``output`` is standard output, however named (`standard_stream`)."""
    return standard_stream(output) == "stdout"


def suit_symbols(suits: str, output: str, quiet: bool = False) -> bool:
    """Whether text written to ``output`` shows Unicode suit symbols: on stdout or stderr (however named)
    as `wants_unicode` says of that stream (its warning not when ``quiet``); a file is UTF-8, so unless
    ``--suits ascii``."""
    stream = standard_stream(output)
    return wants_unicode(suits, text_stream(stream), quiet) if stream else suits != "ascii"


def shown_encoding(stream: IO[str]) -> str:
    """The encoding of what a person reads on ``stream``: the stream's (UTF-8 in the C locale, as Python
    writes it there), so a file name, a player's é, reads exactly as it is."""
    return getattr(stream, "encoding", None) or "utf-8"


SUIT_LETTERS = str.maketrans(SUIT_GLYPHS)
"""Each suit symbol as its letter (♠ as S): what `folds_suits` shows in place of one."""


def folds_suits(stream: IO[str]) -> bool:
    """Whether suit symbols in what is shown on ``stream`` are shown as their letters (an event's ♠ as S,
    as the diagrams take them): in the C locale (`locale_is_c`), on the process's stderr and on its stdout
    where that is a terminal. Nothing else is folded (a file name, a player's é is written as it is), nor
    stdout sent to a file or a pipe: the text a command writes there is kept as it is."""
    if not locale_is_c():
        return False
    if stream is sys.__stderr__:
        return True
    try:
        return stream is sys.__stdout__ and not _SuitsAsked.on_stdout and stream.isatty()
    except (ValueError, OSError):  # closed
        return False


def locale_is_c() -> bool:
    """Whether the user's locale is C or POSIX (or none is set): Python then writes UTF-8 all the same
    (PEP 538 and 540), but a terminal set so shows ASCII alone. A UTF-8 output asked for by name
    (``PYTHONIOENCODING``, ``PYTHONUTF8``, ``-X utf8``) is taken at its word."""
    if not sys.flags.utf8_mode or "utf8" in sys._xoptions \
            or any(os.environ.get(name) for name in ("PYTHONUTF8", "PYTHONIOENCODING")):
        return False  # the locale's own encoding, or UTF-8 asked for by name
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = os.environ.get(name)
        if value and not (name == "LC_CTYPE" and value == "C.UTF-8"):  # Python's own coercion of C
            return value.split(".")[0] in ("C", "POSIX")
    return True


def _known_encoding(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        try:
            codecs.lookup(value)
        except LookupError:
            raise click.BadParameter(f"{value!r} is not an encoding Python knows (e.g. utf-8, cp1252, "
                                     "latin-1)") from None
    return value


def parse_seats(ctx: click.Context, param: click.Parameter, value: str | None) -> frozenset[Seat] | None:
    """The seats of an option such as ``--show NS`` (letters in any order, or seats' names, ``South``,
    ``north,south``, in any case); None when it is not given."""
    if value is None:
        return None
    seats: set[Seat] = set()
    words = [word for word in re.split(r"[\s,+]+", value) if word]
    for word in words:
        named = _seat_named(word)
        if named is not None:
            seats.add(named)
        elif all(ch in "NESW" for ch in word.upper()):
            seats.update(Seat.parse(ch) for ch in word.upper())
        else:
            raise click.BadParameter(f"{value!r}: expected seat letters or names, e.g. S or NS or "
                                     "north,south")
    if not seats:
        raise click.BadParameter(f"{value!r}: expected seat letters or names, e.g. S or NS or north,south")
    return frozenset(seats)


def _seat_named(word: str) -> Seat | None:
    """The seat whose full name ``word`` is (``south``, any case), else None."""
    return next((seat for seat in Seat if seat.full_name.upper() == word.upper()), None)


class SeatName(click.ParamType):  # type: ignore[type-arg]  # generic in newer click
    """A seat as a player names it, ``S`` or ``south`` in any case, given as its letter (``S``; not a `Seat`,
    whose North is false): the one type of every option that takes one seat (``--dealer``, ``--declarer``,
    ``--first-dealer``, each seat of ``--rotate``), so that each takes, shows (``SEAT``) and refuses a seat
    alike (``soth``: did you mean south?)."""

    name = "seat"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if isinstance(value, Seat):
            return value.letter
        text = typed_text(ctx, param, str(value)) or ""  # as typed, in the C locale too
        try:
            return Seat.parse(text).letter
        except BridgeError:
            self.fail(not_a_seat(text), param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "SEAT"


def not_a_seat(value: str, also: str = "") -> str:
    """What a seat option says of ``value``, no seat (``also``: what else it takes, `print --rotate`'s
    roles), with the seat it looks like a misspelling of."""
    close = close_word(value.strip().lower(), [seat.full_name.lower() for seat in Seat], 0.8)
    return (f"{value!r}: not a seat (north, east, south, west or N, E, S, W){also}"
            + (f"; did you mean {close}?" if close else ""))


SEAT_NAME = SeatName()


encoding_option = click.option(
    "--encoding", default=None, callback=_known_encoding, help="Input encoding (default: detected)."
)
from_option = click.option(
    "--from", "from_format",
    type=click.Choice(("pbn", "lin", "json", "jsonl", "rbn", "dup", "dlm", "bri", "dge")),
    help="Input format (default: from the suffix or the content).",
)
output_option = click.option(
    "-o", "--output", default="-", show_default=True, type=click.Path(dir_okay=False, allow_dash=True),
    help="Output file ('-' for stdout); written to a temporary file and renamed (stdout: once complete).",
)


def quiet_flag(said: str) -> Callable[[F], F]:
    """The -q/--quiet flag, its help naming what the command says on stderr that it leaves out (``said``:
    ``warnings, progress bar or summary``); one meaning in every command: stderr keeps only the errors
    (a file that could not be read is still named)."""
    return click.option("-q", "--quiet", is_flag=True, help=f"No {said} on stderr.")


quiet_option = quiet_flag("warnings, progress bar or summary")
"""-q of the commands that end with a summary line on stderr (convert, export, bid, print)."""


class WholeNumber(click.ParamType[int, Any]):
    """An option's whole number of at least ``least`` (None: any) and at most ``most`` (None: any), refused
    in a person's words (``'1.5': expected a whole number, 0 or more``, then ``hint`` for one out of
    range) where click's ``IntRange`` says ``'1.5' is not a valid integer range`` and ``-3 is not in the
    range x>=0``."""

    name = "integer"

    def __init__(self, least: int | None = 0, most: int | None = None, hint: str = "") -> None:
        self.least, self.most, self.hint = least, most, hint

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        expected = "a whole number" if self.least is None \
            else f"a whole number, {self.least} or more" if self.most is None \
            else f"a whole number from {self.least} to {self.most}"
        try:
            number = value if isinstance(value, int) and not isinstance(value, bool) else int(str(value))
        except ValueError:
            self.fail(f"{value!r}: expected {expected}", param, ctx)
        if (self.least is not None and number < self.least) or (self.most is not None and number > self.most):
            self.fail(f"{number}: expected {expected}{f' ({self.hint})' if self.hint else ''}", param, ctx)
        return number


mp_scale_option = click.option(
    "--mp-scale", "mp_scale", type=click.Choice(("acbl", "ebu"), case_sensitive=False),
    callback=lambda ctx, param, value: value.lower() if value else None,
    help="Show matchpoints on this scale: acbl, 1 a table beaten and 1/2 a tie (a top of tables - 1); ebu, 2 "
         "and 1 (a top of 2 x (tables - 1)) [default: the file's own where the matchpoints it gives are "
         "half ours, else ebu]. Percentages are the same on both.",
)
"""--mp-scale of the commands that show matchpoints: analyze (--by pair) and print (--traveller)."""


first_board_option = click.option(
    "--first-board", "first_board", type=WholeNumber(1), default=None, metavar="N",
    help="Number the boards of a BRI or DGE file, which give no board numbers, from N (a set of boards "
         "25-48: dealer and vulnerability follow Law 2 for 25-48) [default: 1]; other files keep their own.",
)
"""--first-board of the commands that read hand-record files: convert, validate, show, print, export, analyze,
dd, bid, play and autoplay."""


def refuse_first_board_alone(first_board: int | None) -> None:
    """Stop on ``--first-board`` given with no file (a deal string, or none): it numbers a BRI or DGE
    file's boards, so it would do nothing; said in one line, as ``--dealer`` with a file is."""
    if first_board is not None:
        raise click.UsageError("--first-board goes with a file: it numbers a BRI or DGE file's boards")

JOBS_AT_MOST = 1024
"""The most worker processes or solver threads ``-j`` asks for: far past any machine's cores, and a number
a process pool and the solver hold (``-j 99999999999999999999999`` said ``unexpected error
(OverflowError)``)."""

JOBS = WholeNumber(1, JOBS_AT_MOST)
"""The type of every ``-j``/``--jobs``."""

jobs_option = click.option(
    "-j", "--jobs", type=JOBS, default=1, show_default=True,
    help="Worker processes; the output does not depend on it.",
)


def format_option(choices: Iterable[str], help: str, short: bool = True) -> Callable[[F], F]:
    """``--format`` (``-f`` when ``short``) as the function's ``fmt``; the old ``--to`` of ``convert``
    still works, hidden, with a warning that it is deprecated."""
    names = ("-f", "--format") if short else ("--format",)
    kinds = click.Choice(tuple(choices))

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, fmt: str | None, deprecated_to: str | None, **kwargs: Any) -> Any:
            if deprecated_to is not None:
                warn("warning: --to is deprecated; use --format")
                if fmt is not None and fmt != deprecated_to:
                    raise click.UsageError("--to and --format disagree; give --format only")
                fmt = deprecated_to
            return fn(*args, fmt=fmt, **kwargs)

        with_to = click.option("--to", "deprecated_to", type=kinds, hidden=True)(wrapper)
        # functools.wraps types the wrapper as its own _Wrapped; to the caller it is still ``fn``.
        return cast(F, click.option(*names, "fmt", type=kinds, default=None, help=help)(with_to))

    return decorate


def _suits(help: str) -> Callable[[F], F]:
    return click.option("--suits", type=click.Choice(["auto", "unicode", "ascii"]), default="auto",
                        show_default=True, help=help)


_SUITS_HELP = "Suit symbols in diagrams: Unicode when the output can show them, else the letters S H D C."
suits_option = _suits(_SUITS_HELP)
"""``--suits`` of a command that shows diagrams (``show``, ``dd``)."""
written_suits_option = _suits(f"{_SUITS_HELP[:-1]} (in LIN output: BBO's marks, !S in explanations, @S in "
                              "commentary).")
"""``--suits`` of a command that writes hand records (``deal``, ``convert``), LIN among them."""


@contextlib.contextmanager
def atomic_output(path: str, mode: str = "w", encoding: str | None = None,
                  newline: str | None = None, errors: str | None = None) -> Iterator[IO[Any]]:
    """Write to ``path`` through a temporary file renamed into place on success; ``-`` is stdout, written
    only once the whole output is made.

    An output that fails half-way never replaces an existing file, and a command that fails writes
    nothing to stdout (``dd --add FILE -o -`` with no board solved used to leave the PBN there before
    its error). ``errors`` is the encoding's error handler for stdout (default: stdout's own). Text to a
    path naming stdout (``/dev/stdout``) is written as to ``-``, in stdout's encoding, and text to one
    naming stderr (``/dev/stderr``) so to stderr, in its encoding (`standard_stream`); ``encoding``, when
    given, is the text's there too (a file's is UTF-8 unless given; a given one writes what it lacks as
    ``?``, as `bridgetools.formats.write` does).
    """
    stream = "stdout" if path == "-" else standard_stream(path) if "b" not in mode else None
    if stream is not None:
        with _stream_when_done(mode, newline, errors, stream, encoding) as out:
            yield out
        return
    kwargs: dict[str, Any] = {} if "b" in mode else {"encoding": encoding or "utf-8", "newline": newline,
                                                      **({"errors": "replace"} if encoding else {})}
    with atomic_file(path, mode, **kwargs) as handle:
        yield handle


@contextlib.contextmanager
def display_output(path: str, newline: str | None = None) -> Iterator[IO[str]]:
    """`atomic_output` for text a person reads (``--format text`` diagrams, dealer's report, analyze's
    tables): on stdout or stderr whose encoding cannot hold a character, it is shown as `say` shows it
    (`DISPLAY_ERROR_HANDLER`: a suit symbol as its letter, é as e), never an error; a file is UTF-8."""
    with atomic_output(path, newline=newline, errors=DISPLAY_ERROR_HANDLER) as out:
        yield out


def output_for(
    path: str, for_people: bool, newline: str | None = None, encoding: str | None = None
) -> contextlib.AbstractContextManager[IO[str]]:
    """Where a command writes its output: `display_output` for text a person reads (``for_people``: the
    text format's diagrams, analyze's tables), `atomic_output` for a format a program reads (in
    ``encoding``, given)."""
    return display_output(path, newline) if for_people else atomic_output(path, newline=newline,
                                                                          encoding=encoding)


@contextlib.contextmanager
def _stream_when_done(mode: str, newline: str | None, errors: str | None, name: str = "stdout",
                      encoding: str | None = None) -> Iterator[IO[Any]]:
    """A temporary file copied to stdout (or stderr: ``name``) once the block ends without an error
    (dropped on one): text in that stream's encoding (or ``encoding``, given), so that a character it
    cannot hold fails before anything is written."""
    if "b" in mode:
        with tempfile.TemporaryFile("w+b") as spool:
            yield spool
            copy_to_stdout(spool)
        return
    stream = text_stream(name)
    shown = errors == DISPLAY_ERROR_HANDLER
    encoding = encoding or shown_encoding(stream)
    handler = errors or getattr(stream, "errors", None) or "strict"
    with tempfile.TemporaryFile("w+", encoding=encoding, errors=handler, newline=newline) as text:
        yield text
        text.flush()
        folded = shown and folds_suits(stream)
        if folded or getattr(stream, "buffer", None) is None:  # suit letters, a StringIO
            text.seek(0)
            stream.write(text.read().translate(SUIT_LETTERS) if folded else text.read())
            stream.flush()
            return
        copy_to_stdout(cast("IO[bytes]", text.buffer), name)


def copy_to_stdout(spool: IO[bytes], name: str = "stdout") -> None:
    """The bytes of ``spool``, a finished output, from its start to stdout (or stderr: ``name``), after
    any text already echoed there."""
    spool.seek(0)
    text_stream(name).flush()  # anything echoed before goes first
    stdout = binary_stream(name)
    shutil.copyfileobj(spool, stdout)
    stdout.flush()


def refuse_a_terminal(kind: str, example: str) -> None:
    """For ``-o -`` of a binary format (``print``'s PDF, ``export``'s Parquet): bytes no terminal shows
    (and some would act on), so a stdout that is one gets one line saying how to write them."""
    if text_stream("stdout").isatty():
        raise click.ClickException(f"-o - writes {kind}, which a terminal cannot show: redirect stdout "
                                   f"(> {example}) or give -o {example}")


def refuse_binary_to_a_terminal(fmt: str) -> None:
    """``-o -`` of a binary hand-record format (DUP and its blind variant, BRI, DGE: ``deal``, ``convert``)
    refused on a terminal, as ``print`` and ``export`` refuse their PDF and Parquet there: its bytes (card
    numbers run together, DGE's control codes) are no use on a screen, and a pipe or a redirect takes
    them as a file would. The example names the format's own suffix (``dupblind`` writes ``.dup``)."""
    from bridgetools.formats import is_binary, own_suffix

    if is_binary(fmt):
        refuse_a_terminal(f"a {fmt.upper()} file", f"session{own_suffix(fmt)}")


def progress_bar(length: int | None, label: str, quiet: bool = False) -> Any:
    """A progress bar on stderr, drawn only when stderr is a terminal (never on stdout); with ``length``
    None, a count of the steps done until the caller sets the bar's ``length`` once it is known. While
    its line is drawn, whatever else is said on the terminal (`tell`, `say`) clears it first, and the bar
    is drawn again on its next update (`_BarLine`): no command wires that itself. On a stderr that is a
    file or a pipe (a log, a batch job's), not quiet, the progress is said as a plain line every
    `PLAIN_EVERY` seconds instead (`_PlainProgress`): a long run (``export --dd``) is seen to go on."""
    hidden = quiet or not stderr_is_a_terminal()
    line = _BarLine()
    bar: Any
    if length is None:  # click needs a length or an iterable: one with no length hint leaves it unknown
        bar = click.progressbar(iter(_no_steps()), label=label, file=cast(TextIO, line), hidden=hidden,
                                show_pos=True)
    else:
        bar = click.progressbar(length=length, label=label, file=cast(TextIO, line), hidden=hidden)
    line.bar = bar
    return _PlainProgress(bar, label) if hidden and not quiet and _stderr_is_a_file() else bar


PLAIN_EVERY = 10.0
"""Seconds between two lines of a progress said on a stderr that is no terminal (`_PlainProgress`)."""


def _stderr_is_a_file() -> bool:
    """Whether stderr is a file or a pipe of the system's (a log, a batch job's), not a terminal, closed
    or a stream held in memory."""
    stderr = _open_stream("stderr")
    try:
        return stderr is not None and not stderr.isatty() and stderr.fileno() >= 0
    except (OSError, ValueError):  # io.UnsupportedOperation: no descriptor (a stream in memory)
        return False


class _PlainProgress:
    """A progress bar not drawn (stderr is no terminal) whose progress is said as a plain line every
    `PLAIN_EVERY` seconds (``Exporting: 45% after 1 min 20 s``), and a last one when it ends, if any was
    said: a short run says nothing. A thread of its own says the line when it is due, whether a step came
    or not: a step may take longer (a board ``autoplay`` plays, half a minute under load). Everything else
    is the bar's (`progress_bar`)."""

    hidden = False
    """Its steps are counted (`ReadingBar` counts the bytes read): they are said."""

    def __init__(self, bar: Any, label: str) -> None:
        object.__setattr__(self, "_bar", bar)
        object.__setattr__(self, "_label", label)
        object.__setattr__(self, "_start", time.monotonic())
        object.__setattr__(self, "_said", None)
        object.__setattr__(self, "_saying", threading.Lock())  # the steps' thread and the ticking one
        object.__setattr__(self, "_ended", threading.Event())
        object.__setattr__(self, "_ticking", threading.Thread(target=self._tick, name=f"{label} progress",
                                                              daemon=True))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bar, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._bar, name, value)  # the length, once a count of steps learns it

    def __enter__(self) -> _PlainProgress:
        self._bar.__enter__()
        if PLAIN_EVERY > 0:  # at 0 every step is said: no line falls due between two
            self._ticking.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._ended.set()
        if self._ticking.is_alive():
            self._ticking.join()
        self._bar.__exit__(*exc)
        if self._said is not None and exc[0] is None:
            self._say(done=True)

    def __iter__(self) -> Iterator[Any]:
        for item in self._bar:
            yield item
            self._step()

    def update(self, steps: int, current_item: Any = None) -> None:
        """The bar's `update`, said when `PLAIN_EVERY` seconds have gone since the last line."""
        self._bar.update(steps, current_item)
        self._step()

    def _tick(self) -> None:
        """Say the line each time it is due until the bar ends, steps or none."""
        while not self._ended.wait(max(self._due_in(), 0.0)):
            self._step()

    def _due_in(self) -> float:
        """Seconds until the next line is due: `PLAIN_EVERY` after the last, or after the start."""
        last: float = self._start if self._said is None else self._said
        return last + PLAIN_EVERY - time.monotonic()

    def _step(self) -> None:
        with self._saying:
            if self._due_in() <= 0:
                self._say()

    def _say(self, done: bool = False) -> None:
        object.__setattr__(self, "_said", time.monotonic())
        length, pos = self._bar.length, self._bar.pos
        where = "done" if done else f"{100 * pos // length}%" if length else f"{pos:,} done" if pos \
            else "under way"  # nothing counted yet: not a false "0 done"
        tell(f"{self._bar.label}: {where} after {_elapsed(self._said - self._start)}")


def _elapsed(seconds: float) -> str:
    """``45 s``, ``1 min 20 s``, ``2 h 5 min``: how long a run has gone, to the second."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


class _BarLine(ToldStream):
    """Where a progress bar draws its line on stderr (through `tell`'s encoding), keeping which bar's line
    is on the terminal now (`drawn`): `tell` and `say` clear it before they write, as a bar's line with a
    warning glued to it (``Solving [---]  0r.pbn:1:1: ...``) is of no use to anyone."""

    drawn: _BarLine | None = None
    """The bar whose line is on the terminal, with no newline after it yet; None when there is none."""

    def __init__(self) -> None:
        super().__init__()
        self.bar: Any = None
        self._line = ""  # the bar's last drawing, shown again when it ends cleared

    def write(self, text: str) -> int:
        """The bar's ``text`` on stderr; its line is then the one drawn, until a newline ends it (the bar
        finished). A bar ending while cleared draws its last line again first, not an empty line."""
        if text.endswith("\n"):
            if _BarLine.drawn is not self and self._line:
                _shown_on(_open_stream("stderr"), self._line, nl=False)
            _BarLine.drawn = None
        else:
            self._line = text
            _BarLine.drawn = self
        _shown_on(_open_stream("stderr"), text, nl=False)
        return len(text)

    def clear(self) -> None:
        """The bar's line cleared, and click told it is no longer drawn, so that its next update draws it
        again (click draws a line only when it changed)."""
        _shown_on(_open_stream("stderr"), "\r\x1b[K", nl=False)
        _BarLine.drawn = None
        if self.bar is not None:
            self.bar._last_line = None


class ReadingBar:
    """The progress bar of a command reading hand records (``convert``, ``validate``, ``show``, ``export``):
    the bytes of the input files read, drawn on a terminal alone and not with ``quiet``; stdin and anything
    that is not a regular file are read as they are, outside the count."""

    def __init__(self, files: Iterable[str], label: str, quiet: bool = False) -> None:
        from bridgetools.formats._io import regular_size

        sizes = {name: regular_size(name) for name in files}
        self._counted = {name for name, size in sizes.items() if size}
        total = sum(size or 0 for size in sizes.values())
        self._bar = progress_bar(total, label, quiet=quiet or not total)
        self._drawn = not self._bar.hidden  # on a terminal, not quiet, something to count

    def __enter__(self) -> ReadingBar:
        self._bar.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._bar.__exit__(*exc)

    def source(self, name: str) -> Any:
        """What to read ``name`` from: the path itself, or (the bar drawn) its bytes counted as read."""
        if not self._drawn or name not in self._counted:
            return name
        from bridgetools.formats._io import counted_bytes

        return counted_bytes(name, self._bar.update)

    def update(self, read: int) -> None:
        """Count ``read`` bytes read where the reader tells them itself (``export``'s, in its processes)."""
        self._bar.update(read)


class BoardsBar:
    """The progress bar of a command whose long part is solving the boards it reads (``dd``, ``export
    --dd``): the boards done, of how many the input holds once it has been read to its end (a count of
    them until then), not the bytes read, which run far ahead of the solving (`progress_bar`)."""

    def __init__(self, label: str, quiet: bool = False, before: str | None = None) -> None:
        """A bar saying ``label``; ``before`` what it says, with no count, until it is first told (`at`):
        ``Reading`` while the first boards to solve are read, where "0 done" would be false."""
        self._label = label
        self._bar = progress_bar(None, before or label, quiet=quiet)
        self._before = before is not None
        if self._before:
            self._bar.show_pos = False

    def __enter__(self) -> BoardsBar:
        self._bar.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._bar.__exit__(*exc)

    def at(self, done: int, total: int | None) -> None:
        """The bar at ``done`` boards, of ``total`` once the input has been read to its end (None before)."""
        if self._before:
            self._bar.label, self._bar.show_pos, self._before = self._label, True, False
        self._bar.length = total
        self._bar.update(done - self._bar.pos)


def progress_shown(quiet: bool = False) -> bool:
    """Whether a progress bar says anything (`progress_bar`): drawn on a terminal, said in plain lines on a
    log; not with ``quiet``, nor on a stream in memory: a command counting its input for the bar first
    does so only then."""
    return not quiet and (stderr_is_a_terminal() or _stderr_is_a_file())


def _no_steps() -> Iterator[None]:
    """Nothing, from a generator (whose length Python cannot hint), for a bar of unknown length."""
    yield from ()


SHOWN_OF_A_KIND = 10
"""Warnings of one kind (`kind_of`) said in full in a command; the others are counted, and said as one line
when the command ends (`say_repeats`). ``bridgetools -v`` says every one."""
_PLACE = lazy_compile(r"^\S.*?:\d+(?::\d+)?: ")
"""Where a warning is (``file:line:col: ``), which differs from one warning of a kind to the next."""
_SEAT_WORDS = frozenset(("North", "East", "South", "West", "north", "east", "south", "west"))


def kind_of(message: str) -> str:
    """What warnings of one kind share: ``message`` less its place (`_PLACE`) and each word that names a
    value (a number, a card, a seat, a contract, a quoted text), so that "Declarer W differs from the
    auction's S (board 5)" and "Declarer N differs from the auction's E (board 9)" are one kind."""
    words = _PLACE.sub("", message, count=1).split()
    return " ".join("#" if _a_value(word) else word for word in words)


def _a_value(word: str) -> bool:
    bare = word.strip("()[]{},.;:!?")
    return (any(c.isdigit() for c in bare) or bare in _SEAT_WORDS or bare[:1] in "'\"\u201c"
            or (0 < len(bare) <= 3 and bare.isupper()))


class _Repeats:
    """The warnings of the command running, by kind (`kind_of`): how many were said, the first of each
    kind held back and how many were."""

    every = True
    """Say every warning: outside a command, and under ``bridgetools -v``."""
    said: ClassVar[dict[str, int]] = {}
    held: ClassVar[dict[str, tuple[str, int]]] = {}


def count_repeats(every: bool) -> None:
    """A command starts: warnings from here on are counted by kind, and those after `SHOWN_OF_A_KIND` of
    one kind held back (unless ``every``) until `say_repeats`; ``every`` also has a loss warning name every
    thing lost (`NAME_EVERY`)."""
    _Repeats.every, _Repeats.said, _Repeats.held = every, {}, {}
    _SyntaxMet.files, _SyntaxMet.hushed = {}, False
    NAME_EVERY.set(every)


def say_repeats() -> None:
    """The command ends: one line for each kind of warning held back, with how many and the first of them
    (``... and 3,100 more like "..."``), in the order the kinds were first held back."""
    held, _Repeats.held, _Repeats.every = _Repeats.held, {}, True
    NAME_EVERY.set(False)  # the command's -v ends with it (a test runs many commands in one process)
    for first, count in held.values():
        tell(f"... and {count:,} more like this one (bridgetools -v says every one): {first}")


class _SyntaxMet:
    """The inputs of the command running whose text did not parse as their format (`Issue.syntax`), with
    how many such problems: the command uses what it could read, then exits 1 (`fail_after_syntax`)."""

    files: ClassVar[dict[str, int]] = {}
    hushed: ClassVar[bool] = False
    """Whether a warning was held back (-q): the problems were then not said above."""


def count_syntax(issues: Iterable[Issue], file: str | None = None) -> None:
    """Note the problems of syntax among ``issues`` (said where they were met), by the file each names
    (``file`` when it names none): bad input, which makes the command's exit status 1 once its work is
    done; a disagreement of well-formed text (a Score the contract does not give) leaves it 0."""
    for issue in issues:
        if issue.syntax:
            syntax_met(issue.source or file or "input")


def count_syntax_warned(message: Warning | str) -> None:
    """Note a library warning that is a reading problem of syntax (a text file's stray NUL, said as a
    `DecodeWarning` once the file is read, not on a board) as `count_syntax` notes a board's."""
    if isinstance(message, DecodeWarning):
        count_syntax([message.issue])


def syntax_met(file: str, count: int = 1) -> None:
    """Note ``count`` problems of syntax met in ``file`` (`count_syntax`; `export` and `analyze` are told
    them by file)."""
    _SyntaxMet.files[file] = _SyntaxMet.files.get(file, 0) + count


def fail_after_syntax() -> None:
    """The command has done its work from what it could read: one line for each input whose text did not
    parse as its format, and exit 1, so that a script knows the input was bad (and the output not the
    whole of it). Reset at each command's start (`count_repeats`)."""
    files, _SyntaxMet.files = _SyntaxMet.files, {}
    said = "not said under -q" if _SyntaxMet.hushed else "said above"
    _SyntaxMet.hushed = False
    for file, count in files.items():
        tell(f"{file}: {plural(count, 'problem', thousands=True)} of syntax ({said}): the text does not "
             "parse as its format; what could be read was used, exit status 1")
    if files:
        raise SystemExit(1)


def warn(message: str, quiet: bool = False, *, every: bool = False) -> None:
    """Say ``message`` on stderr (`tell`) unless ``quiet``; after `SHOWN_OF_A_KIND` warnings of its kind in
    a command it is counted instead, and said in one line when the command ends (`say_repeats`), unless
    ``every`` (a file that failed: each is said)."""
    if quiet:
        _SyntaxMet.hushed = True  # the closing line of problems of syntax does not say them said above
        return
    if not (every or _Repeats.every):
        kind = kind_of(message)
        said = _Repeats.said[kind] = _Repeats.said.get(kind, 0) + 1
        if said > SHOWN_OF_A_KIND:
            first, count = _Repeats.held.get(kind, (message, 0))
            _Repeats.held[kind] = (first, count + 1)
            return
    tell(message)


def warn_of_library(issue: str, quiet: bool = False) -> None:
    """Say a line the library gives a run's ``on_issue`` (files scored apart, a repeat, a corrected result, a
    reading problem) as `export` and `analyze` say every warning (`warn`): ``warning: ...``, but a reading
    problem at its place (``club.pbn:9:1: ...``), said as `validate` and every reader say it."""
    placed = _PLACE.match(issue) is not None
    warn(issue if placed or issue.startswith("warning: ") else f"warning: {issue}", quiet)


def warn_of_issues(board: Board, quiet: bool = False, replaced: Mapping[str, str] | None = None,
                   said: Issue | None = None) -> None:
    """Say a board's reading problems on stderr (`warn`) in file order, by line and column (`by_place`),
    not in the order found: an unclosed tag is found after the tags below it, and a tag's value is
    checked when its meaning is worked out (a Declarer before its Contract), not when its line is read.
    ``replaced``: the facts (``contract``, ``declarer``, ``tricks``) the command's output gives anew, by
    the words that say so, told in place of the reader's "the tag is kept" (`told_replaced`); ``said``:
    a problem the output itself gives (`show`'s ``Hand not read: ...``), not said twice."""
    from bridgetools.formats._deal_checks import told_replaced

    count_syntax(board.issues)
    for issue in by_place(board.issues):
        if issue is not said:
            warn(str(told_replaced(issue, replaced or {})), quiet)


@contextlib.contextmanager
def warnings_said_after(quiet: bool = False) -> Iterator[None]:
    """Hold back the library's warnings (what a format or a hand record leaves out) met inside, then say
    each distinct one once, as ``warning: ...`` on stderr, when the work ends (nothing with -q; nothing
    either when the work fails: its error is what is said)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    for w in caught:
        count_syntax_warned(w.message)
    for message in dict.fromkeys(str(w.message) for w in caught):
        warn(f"warning: {message}", quiet)


def warn_of_boards(numbers: list[str], message: str, quiet: bool = False, file: str | None = None) -> None:
    """One warning naming the boards ``message`` is true of (``warning: club.pbn: boards 1, 4: ...``,
    the file first where given), none when there are none; `board_named` names an unnumbered board."""
    if numbers:
        where = f"{file}: " if file is not None else ""
        warn(f"warning: {where}{boards_named(numbers)}: {message}", quiet)


def warn_of_assumed(assumed: list[tuple[str, str]], quiet: bool = False, after: str = "",
                    file: str | None = None, done: str = "bid and played") -> None:
    """One warning for each thing `playing_terms` assumed to bid or play boards (a vulnerability the file
    gives as unknown), naming the file and boards: ``assumed`` holds (`board_named`, what); ``done`` says
    what the command did at the assumed vulnerability (``bid``, ``played``); ``after`` ends it."""
    from bridgetools.board.terms import VULNERABILITY_ASSUMED  # at terms.ASSUMED_VULNERABILITY, none

    vulnerability = f"vulnerability unknown: {done} as none vulnerable"
    for what in dict.fromkeys(what for _, what in assumed):
        said = vulnerability if what == VULNERABILITY_ASSUMED else what
        warn_of_boards([number for number, was in assumed if was == what], f"{said}{after}", quiet, file)


UNNUMBERED = " board (no number)"
"""How `board_named` ends the name of a board with no number."""


def board_named(board: Board, position: int) -> str:
    """How a warning names a board: its number, else where it stands in its file (``the 3rd board (no
    number)``), never a bare position a reader would take for a ``[Board "3"]``; ``position`` counts
    from 1."""
    if board.number is not None:
        return str(board.number)
    tens, units = position % 100 // 10, position % 10
    suffix = "th" if tens == 1 or units not in (1, 2, 3) else ("st", "nd", "rd")[units - 1]
    return f"the {position}{suffix}{UNNUMBERED}"


def warn_of_records_left_out(replaced: Iterable[tuple[str, Board, Board]], quiet: bool = False,
                             file: str | None = None) -> None:
    """One warning for each kind of record the computer's new auction or play left out of the boards
    (``stale_records_left_out``), naming the boards it is true of; ``replaced`` holds each board's
    number with the board as read and as written."""
    from bridgetools.formats.replaced_play import stale_records_left_out

    left_out: dict[str, list[str]] = {}
    for number, own, new in replaced:
        for message in stale_records_left_out(own, new):
            left_out.setdefault(message, []).append(number)
    for message, numbers in left_out.items():
        warn_of_boards(numbers, message, quiet, file)


def boards_named(numbers: list[str]) -> str:
    """The boards a warning is about (`boards_numbered`: ``boards 1-16, 18``, ``60 boards, numbered
    1-30``), then those with no number, each named in full (`UNNUMBERED`)."""
    unnumbered = list(dict.fromkeys(n for n in numbers if n.endswith(UNNUMBERED)))  # named in full
    numbers = [n for n in numbers if not n.endswith(UNNUMBERED)]
    return ", ".join([boards_numbered(numbers), *unnumbered] if numbers else unnumbered)


def stdin_holds_input() -> bool:
    """Whether stdin is a pipe or a non-empty file (``< script.dlr``, ``cat x |``), found without reading
    it: a command that does not read stdin can then say how to make it read it. A terminal, /dev/null
    (cron, CI), an empty file and a stream with no descriptor (a test's) hold nothing to say about."""
    try:
        found = os.fstat(text_stream("stdin").fileno())
    except (OSError, ValueError, AttributeError):  # closed, or no descriptor (io.UnsupportedOperation)
        return False
    try:
        null = os.stat(os.devnull)
    except OSError:
        null = None
    if null is not None and (found.st_dev, found.st_ino) == (null.st_dev, null.st_ino):
        return False  # /dev/null, even where a sandbox made it a regular file that something wrote to
    return stat.S_ISFIFO(found.st_mode) or (stat.S_ISREG(found.st_mode) and found.st_size > 0)
