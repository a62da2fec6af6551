"""Reading and writing hand-record files: PBN, LIN, JSON and text diagrams.

Each format lives in its own module and knows nothing of the others. A format module provides
``read_boards(stream, source, strict, **options) -> Iterator[Board]`` (if it can be read),
``write_boards(boards, out, **options)``, ``sniff(head) -> bool`` and ``EXTENSIONS`` (its suffixes in
`SUFFIXES`); this module picks the module from `FORMATS`, opens and decodes the file, and streams boards
one at a time.
"""

from __future__ import annotations

import importlib
import io
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import IO, Any, TextIO, cast

from bridgetools._lazy import lazy_compile
from bridgetools.board import Board
from bridgetools.errors import (
    BridgeError,
    BridgeTypeError,
    DecodeWarning,
    NoBoardsError,
    ParseError,
    StrictStop,
    UnknownFormatError,
    by_place,
    warn_caller,
)
from bridgetools.formats._io import (
    READ_AS_A_SPACE,
    STRAY_NULS_SAID,
    NulWatch,
    PathOrFile,
    Reading,
    binary_error,
    blanked_text,
    decode_tally,
    looks_binary,
    nul_watch,
    open_text,
    peek,
    stray_lines,
    stray_nul_issues,
)
from bridgetools.model import Deal

FORMATS: dict[str, str] = {
    "pbn": "bridgetools.formats.pbn",
    "lin": "bridgetools.formats.lin",
    "json": "bridgetools.formats.jsonfmt",
    "jsonl": "bridgetools.formats.jsonfmt",
    "text": "bridgetools.formats.text",
    "rbn": "bridgetools.formats.rbn",
    "dup": "bridgetools.formats.dup",
    "dupblind": "bridgetools.formats.dup",
    "dlm": "bridgetools.formats.dlm",
    "dlmblind": "bridgetools.formats.dlm",
    "bri": "bridgetools.formats.bri",
    "dge": "bridgetools.formats.dge",
}
"""Format name -> the module that reads and writes it."""

WRITERS: dict[str, str] = {"pbn": "bridgetools.formats.pbn_write"}
"""Format name -> the module that writes it, where that is not its `FORMATS` module: writing PBN (``deal -o
x.pbn``) loads no PBN reader."""

SUFFIXES: dict[str, tuple[str, ...]] = {
    "pbn": (".pbn",),
    "lin": (".lin",),
    "json": (".json",),
    "jsonl": (".jsonl", ".ndjson"),
    "text": (".txt",),
    "rbn": (".rbn",),
    "dup": (".dup",),
    "dupblind": (),
    "dlm": (".dlm",),
    "dlmblind": (),
    "bri": (".bri",),
    "dge": (".dge",),
}
"""Format name -> the file suffixes that name it (a blind variant has none: it writes its format's), here
rather than in each format's module so that naming a file's format imports no format."""

BINARY_FORMATS = frozenset({"dup", "dupblind", "bri", "dge"})
"""The formats whose files are bytes, not text (dealing machines' files), here rather than in each
format's module so that asking (`is_binary`: may it go to a terminal, may its input hold NULs) imports no
format: ``deal -n 1`` to a terminal would otherwise load the PBN reader to learn that PBN is text."""


def is_binary(name: str) -> bool:
    """Whether format ``name`` writes bytes rather than text; a `BridgeError` for an unknown format."""
    return _format_key(name) in BINARY_FORMATS


def own_suffix(name: str) -> str:
    """The suffix a file of format ``name`` takes (a blind variant's is its format's: ``dupblind`` writes
    ``.dup``), from `SUFFIXES` alone; a `BridgeError` for an unknown format."""
    key = _format_key(name)
    return (SUFFIXES[key] or SUFFIXES[key.removesuffix("blind")])[0]


RECORD_OWNERS: dict[str, str] = {"rbn_comments": "rbn"}
"""A format's record kept in ``board.extra`` under another name than the format's -> that format, whose
module registers the record's type when imported (a format's own record is named after it)."""

READABLE = ("dup", "bri", "dge", "dlm", "pbn", "lin", "json", "jsonl", "rbn")
"""Formats that `detect_format` may answer, in the order their sniffers are asked."""

RESULTS_READ = ("pbn", "lin", "json", "jsonl")
"""The formats whose files record results, which `export` and `analyze` search a folder for (a dealing
machine's file holds deals alone)."""


def suffixes_of(formats: Iterable[str]) -> tuple[str, ...]:
    """The file suffixes of ``formats``, each once, in order: the one list of what a folder given as an
    input is searched for (``convert`` every format it reads, or ``--from``'s; ``export`` `RESULTS_READ`)."""
    return tuple(sorted({suffix for fmt in formats for suffix in SUFFIXES[fmt]}))

SNIFF_CHARS = 8192
_JSON_START = lazy_compile(r"[\ufeff \t\r\n]*(?:\{\s*[\"}]|\[\s*[{\]])")
"""The start of JSON text that no sniffer claims (a record of variant rubbers, ``{"rubbers": ...``), as our
JSON formats start: an object opening on a key or closing, an array on an object or its end (not a PBN
tag's ``[Event``, nor a note's ``[[wikilink]]``)."""


def format_module(name: str) -> ModuleType:
    """The module for format ``name``; a `BridgeError` naming the known formats otherwise."""
    return importlib.import_module(FORMATS[_format_key(name)])


def writer_module(name: str) -> ModuleType:
    """The module whose ``write_boards`` writes format ``name`` (`WRITERS`, else its `format_module`)."""
    key = _format_key(name)
    return importlib.import_module(WRITERS.get(key, FORMATS[key]))


def _format_key(name: str) -> str:
    """Format ``name`` as `FORMATS` keys it (``.PBN`` is ``pbn``); a `BridgeError` naming the known formats
    for a name that is none of them."""
    key = name.lower().lstrip(".")
    if key not in FORMATS:
        raise BridgeError(f"unknown format {name!r} (expected one of {', '.join(sorted(FORMATS))})")
    return key


def record_owner(name: str) -> str | None:
    """The format whose module registers the type of the record kept as ``name`` in ``board.extra``
    (`RECORD_OWNERS`, else the format of that name); None when no format keeps a record so named."""
    owner = RECORD_OWNERS.get(name, name)
    return owner if owner in FORMATS else None


def _available(names: Iterable[str]) -> Iterator[tuple[str, ModuleType]]:
    """The format modules that exist now (others may be written later), with their names."""
    for name in names:
        try:
            yield name, format_module(name)
        except ImportError:
            continue


def format_from_name(name: str | None) -> str | None:
    """The format a file name's extension says (``x.pbn`` -> ``pbn``, ``x.jsonl`` -> ``jsonl``), or None."""
    if not name or name == "-" or name.startswith("<"):
        return None
    suffix = Path(name).suffix.lower()
    if not suffix:
        return None
    return next((fmt for fmt in FORMATS if suffix in SUFFIXES[fmt]), None)


def detect_format(name: str | None, head: str) -> str:
    """The format of a file from its name, else from its first characters; `BridgeError` if neither.

    A name that says a format with no reader (``hands.txt``: a PBN file saved as text) gives way to
    the content, and content that starts as JSON does (`_JSON_START`) is read as JSON when no sniffer claims
    it: the JSON reader names what it holds (a record of variant rubbers, ``booby.txt``), where this said
    it could not tell the format."""
    by_name = format_from_name(name)
    if by_name in READABLE:
        return by_name
    for fmt, module in _available(READABLE):
        sniff = getattr(module, "sniff", None)
        if sniff is not None and sniff(head):
            return fmt
    if _JSON_START.match(head):  # JSON with no board's key up front: its reader says what it holds
        return "json"
    if is_empty(head):  # nothing to read, whatever the name says: that, not a format it cannot read
        raise empty_input(name or "<input>")
    refuse_binary(name or "<input>", head)
    # a name saying a format with no reader (notes.txt) names the file too
    raise UnknownFormatError(name, dealer_output=dealer_output(head))


_HOLDING_DOTTED = r"(?:[2-9TJQKA]*\.){3}[2-9TJQKA]*"
_HOLDING_SPACED = r"(?:(?:[2-9TJQKA] )+|- )"
_DEALER_OUTPUTS = (
    ("printall", lazy_compile(rf"^ {{3}}\d+\.[ \t]*\r?\n{_HOLDING_SPACED}", re.MULTILINE)),
    ("print", lazy_compile(r"^(?:North|East|South|West) hands:[ \t]*\r?$", re.MULTILINE)),
    ("printoneline", lazy_compile(rf"^n {_HOLDING_DOTTED} e {_HOLDING_DOTTED}", re.MULTILINE)),
    ("printcompact", lazy_compile(rf"^n {_HOLDING_DOTTED}[ \t]*\r?\ne ", re.MULTILINE)),
    ("printew", lazy_compile(rf"^{_HOLDING_SPACED} {{2,}}{_HOLDING_SPACED}[ \t]*\r?$", re.MULTILINE)),
)
"""Dealer's text actions, each by the first lines only it prints: printall's numbered columns, print(...)'s
page heading, printoneline's and printcompact's hands, printew's two columns."""


def dealer_output(head: str) -> str | None:
    """The dealer action whose text ``head`` starts as (``printall``), else None: such a file holds the
    boards as dealer shows them, which no reader reads."""
    head = head.lstrip("\ufeff")  # a byte order mark a text read as it is keeps
    found = [(m.start(), action) for action, shape in _DEALER_OUTPUTS if (m := shape.search(head))]
    # the first printed: print(...)'s boards, under its heading, are numbered as printall's are
    return min(found)[1] if found else None


def is_empty(head: str) -> bool:
    """Whether input starting with ``head`` (`SNIFF_CHARS` of it, or all there is) holds nothing but blank
    lines (and a byte order mark)."""
    return not head.lstrip("\ufeff \t\r\n") and len(head) < SNIFF_CHARS


def empty_input(source: str) -> NoBoardsError:
    """The error for input holding nothing to read, placed at its start (1:1) as every error is placed."""
    return NoBoardsError("no boards found: the input is empty", source, place=(1, 1))


def read(
    path_or_file: PathOrFile,
    format: str | None = None,
    *,
    strict: bool = False,
    encoding: str | None = None,
    **options: Any,
) -> Iterator[Board]:
    """Boards from a file, a path, ``-`` (stdin) or an open file, one at a time (memory stays flat).

    The format is ``format`` or is sniffed from the name, then from the content. Problems become
    `Issue` records on each board; with ``strict=True`` the first problem raises `ParseError`.
    Further ``options`` go to the format's reader (PBN: ``jobs``, worker processes that import the
    calling script again: call under ``if __name__ == "__main__":``; BRI, DGE: ``first_board``)."""
    stream, source = open_text(path_or_file, encoding)
    owned = stream is not path_or_file
    tally, watch, stray = decode_tally(stream), nul_watch(stream), stray_lines(stream)
    if tally is not None:
        tally.source, tally.strict = source, strict
    if stray is not None:
        stray.source = source
    head, named = "", format is not None
    try:
        if format is None or owned:  # a stream of the caller's, with its format named, is read as it is
            head, stream, format = _sniffed(stream, source, encoding, format, watch, strict)
        module = format_module(format)
        reader = getattr(module, "read_boards", None)
        # --from jsonl: JSON Lines whatever the file's name
        options, reading = _reading_options(format, named and format == "jsonl", options, source)
        if reader is None:
            raise BridgeError(f"format {format!r} can be written but not read")
        try:
            yield from at_least_one_board(reader(stream, source, strict, **options), source, format, reading)
        except NoBoardsError as e:
            raise (e if named else _with_content_hint(e, format, head)) from None
        for watched in (tally, stray):
            undecoded = watched.issue() if watched is not None else None
            if undecoded is not None:
                warn_caller(DecodeWarning(undecoded))
        for issue in watch.issues() if watch is not None and watch.blanking else ():  # stray NULs
            warn_caller(DecodeWarning(issue))
    finally:
        if owned:
            stream.close()


def _sniffed(stream: TextIO, source: str, encoding: str | None, format: str | None,
             watch: NulWatch | None, strict: bool = False) -> tuple[str, TextIO, str]:
    """The head of ``stream``, the stream to read on from and its format (``format``, else sniffed),
    refusing what is no hand record: nothing, a PDF or Parquet file, a machine file under another
    format's name, binary data read as a text format (whose stray NULs are read as spaces, and said)."""
    head, stream = _peek_decoded(stream, source, encoding)
    named = format is not None
    format = format or detect_format(source, head)
    if is_empty(head):  # named as a format: nothing to read is the problem all the same
        raise empty_input(source)
    refuse_other_kinds(source, head)  # a PDF or a Parquet file, whatever its name says
    if not named:
        refuse_machine_file(source, head, format)
    if not is_binary(format):  # dealing-machine files hold NULs
        refuse_binary(source, head)
        if watch is not None:  # stray NULs further on, found as the bytes are read: spaces from now on
            watch.source = source
            watch.blank()
            if strict:
                watch.refuse()
            if watch.first is not None:  # some read already (in the head): spaces as characters
                stream = blanked_text(stream)
    return head, stream, format


def _with_content_hint(error: NoBoardsError, format: str, head: str) -> NoBoardsError:
    """``error`` for a file read by its name's format (``game.pbn`` holding LIN) saying, when the text
    looks like another format, which one and how to name it: the name was wrong, not the file."""
    module = format_module(format)
    for fmt, other in _available(READABLE):
        sniff = getattr(other, "sniff", None)
        if other is not module and sniff is not None and sniff(head):
            return error.with_(looks_like=fmt)
    return error


def _peek_decoded(stream: TextIO, source: str, encoding: str | None) -> tuple[str, TextIO]:
    """The first characters of ``stream`` as `peek` gives them; a `ParseError` naming the file when the
    encoding named cannot start it (utf-16 with no byte order mark, a decoder's own refusal)."""
    try:
        return peek(stream, SNIFF_CHARS)
    except UnicodeError as e:
        raise ParseError(f"cannot decode as {encoding}: {e}", source) from None


def refuse_machine_file(source: str, head: str, format: str) -> None:
    """A `NoBoardsError` naming the dealing machine's file (BRI, DGE, DUP) that input read by its name as
    ``format`` plainly is (``deals.pbn`` holding BRI, ``deals.bri`` holding DUP): a text format's reader
    took its NULs for damage ("binary data"), and another machine's read its first record and then
    garbage, where the name was wrong. A machine file that its own format's layout starts is read as it
    is."""
    own = getattr(format_module(format), "sniff", None) if is_binary(format) else None
    if own is not None and own(head):
        return
    for fmt, module in _available(sorted(BINARY_FORMATS & set(READABLE))):
        sniff = getattr(module, "sniff", None)
        if fmt != _format_key(format) and sniff is not None and sniff(head):
            raise NoBoardsError(f"no boards found (read as {format.upper()})", source, looks_like=fmt,
                                place=(1, 1))


def refuse_other_kinds(source: str, head: str) -> None:
    """A `ParseError` for a Parquet file (an export given to `export` or `convert` again) or a PDF (a
    printed hand record), named as such with what to read instead, whatever format its name or ``--from``
    says (a PDF named ``.dup`` was read as DUP records: "expected a card number 01-52, found '%P'")."""
    if head.startswith("PAR1"):  # Parquet's magic: an export of this tool's, given where boards are read
        what = ("a Parquet file (an export?), not a hand-record file (expected PBN, LIN or JSON text): "
                "bridgetools analyze reads exports, and bridgetools.read_parquet gives back their boards")
        raise ParseError(f"no boards found: {what}", source)
    if head.startswith("%PDF-"):  # a printed hand record: no NUL up front, and as text it looks like none
        what = ("a PDF file (bridgetools print makes them from hand records), not a hand-record file "
                "(expected PBN, LIN or JSON text): read the file it was printed from")
        raise ParseError(f"no boards found: {what}", source)


def refuse_binary(source: str, head: str) -> None:
    """A `ParseError` for input whose first characters say binary data (`looks_binary`: an image, a
    program, a zip), which no hand-record format is, rather than boards made of its bytes (named by its
    first NUL's line and column); a Parquet file and a PDF are named as such (`refuse_other_kinds`). A
    text file's few stray NULs are not refused: they are read as spaces and said (`stray_nuls`)."""
    refuse_other_kinds(source, head)
    if looks_binary(head):
        raise binary_error(source, *_nul_places(head)[0])


def _nul_places(text: str, most: int = 1) -> list[tuple[int, int]]:
    """The line and column of the first ``most`` NULs of ``text``."""
    places: list[tuple[int, int]] = []
    at = text.find("\x00")
    while at >= 0 and len(places) < most:
        places.append((text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)))
        at = text.find("\x00", at + 1)
    return places


def stray_nuls(source: str, text: str, strict: bool) -> str:
    """``text`` (a whole file's, read as a text format) with each stray NUL a space, each said as a
    `DecodeWarning` (a `StrictStop` with ``strict``), as `read` says a file's."""
    count = text.count("\x00")
    if not count:
        return text
    places = _nul_places(text, STRAY_NULS_SAID + 1)
    issues = stray_nul_issues(source, places, count)
    if strict:
        raise StrictStop(issues[0].message.removesuffix(READ_AS_A_SPACE), source, *places[0])
    for issue in issues:
        warn_caller(DecodeWarning(issue))
    return text.replace("\x00", " ")


def holds_a_board(board: Board, commentary_counts: bool = False, leftovers_count: bool = True) -> bool:
    """Whether a reader's board is one: it gives some fact of a deal or its play, not only commentary or
    a format's leftovers (what garbage read leniently becomes); ``commentary_counts``: a format whose
    commentary is its own code (LIN's ``nt``, RBN's ``{}``) makes a record of commentary alone (an
    introduction), one the reader found no problem in (text of another format read as RBN is no record);
    ``leftovers_count``: a tag value kept as written the model cannot read makes one (else the board's
    own facts alone, as a copy with no ``extra`` would say, without the cost of copying it)."""
    return (commentary_counts and bool(board.commentary) and not board.issues) or any(
        value is not None
        for value in (board.number, board.dealer, board.vulnerability, board.deal, board.auction, board.play,
                      board.contract, board.declarer, board.tricks, board.event, board.site, board.date,
                      board.room, board.scoring)
    ) or bool(board.players or board.tags or board.tables or board.notes) or (leftovers_count and any(
        # A tag the model cannot read ([Board "1-1"]) still makes a board, kept as written.
        record.get("raw") if isinstance(record, dict) else getattr(record, "raw", None)
        for record in board.extra.values()
    ))


def at_least_one_board(
    boards: Iterable[Board], source: str, format: str, reading: Reading | None = None
) -> Iterator[Board]:
    """``boards`` as they come, or a `NoBoardsError` naming ``source`` when none of them is a board
    (an empty file, text that is not ``format``), saying how it was read (the last of ``reading.how``,
    filled by the reader, else ``format``) and whether the reader found another kind of document (a record
    of variant rubbers is named by its rubbers and deals: `rubbers_named`). The leading non-boards wait
    until a board comes, so input that holds none gives one error (naming the first of their issues by
    place, and holding each)."""
    waiting: list[Board] = []
    found = False
    commentary_counts = getattr(format_module(format), "COMMENTARY_IS_A_RECORD", False)
    for board in boards:
        if not found and not holds_a_board(board, commentary_counts):
            waiting.append(board)
            continue
        if not found:
            found = True
            yield from waiting
            waiting = []
        yield board
    if found:
        return
    issues = tuple(by_place(issue for board in waiting for issue in board.issues))
    if reading is not None and reading.rubbers is not None:
        from bridgetools.rules.variants.record_shape import rubbers_named

        raise NoBoardsError(f"{rubbers_named(reading.rubbers)} (bridgetools validate checks them)", source,
                            issues, no_hand_record=True, rubbers=tuple(reading.rubbers))
    how = reading.how[-1] if reading is not None and reading.how else format.upper()
    raise NoBoardsError(f"no boards found (read as {how})", source, issues,
                        no_hand_record=reading is not None and reading.no_hand_record,
                        place=reading.place if reading is not None else None)


def loads(
    text: str, format: str | None = None, *, strict: bool = False, source: str = "<string>", **options: Any
) -> list[Board]:
    """All boards in ``text`` (a whole file's content, a str), as a list; bytes are a `BridgeTypeError`
    saying to read them as a file (`read` of ``io.BytesIO(data)``), which finds their encoding."""
    if not isinstance(text, str):
        bytes_hint = ": read bytes with bt.read(io.BytesIO(data)), which finds their encoding, or decode " \
            "them first" if isinstance(text, (bytes, bytearray, memoryview)) else ""
        raise BridgeTypeError(f"loads takes a file's content as text (str), not {type(text).__name__}"
                              f"{bytes_hint}")
    text = text.removeprefix("\ufeff")
    if format is None:
        format = detect_format(None, text[:SNIFF_CHARS])
    if not is_binary(format):
        refuse_binary(source, text[:SNIFF_CHARS])  # the first characters, as a file's are
        text = stray_nuls(source, text, strict)  # a search for one character costs next to nothing
    reader = format_module(format).read_boards
    options, reading = _reading_options(format, format == "jsonl", options, source)
    # newline=None: CRLF and CR-only line ends read as "\n", as files opened by `read` do.
    return list(at_least_one_board(reader(io.StringIO(text, newline=None), source, strict, **options),
                                   source, format, reading))


def _reading_options(
    format: str, lines: bool, options: dict[str, Any], source: str
) -> tuple[dict[str, Any], Reading]:
    """A reader's options with, for JSON, ``lines`` (``--from jsonl``: JSON Lines whatever the name) and a
    `Reading` the reader fills with how it read the text (one document, or line by line) and its shape;
    ``first_board`` for BRI and DGE alone (`_first_board_taken`)."""
    reading = Reading()
    module = format_module(format)
    options = _first_board_taken(module, format, source, options)
    if module.__name__.endswith("jsonfmt"):
        options = {"lines": lines, "reading": reading, **options}
    return options, reading


def _first_board_taken(
    module: ModuleType, format: str, source: str, options: dict[str, Any]
) -> dict[str, Any]:
    """A reader's options, ``first_board`` left out for a format that numbers its own boards (with a
    warning naming the file when one was given) and when none is given. A BRI or DGE file, which gives
    none, numbers its boards from ``first_board`` (hand-records spec §1: boards 25-48 take Law 2's dealer
    and vulnerability of 25-48)."""
    first = options.get("first_board")
    if first is not None and getattr(module, "NUMBERED_BY_PLACE", False):
        return options
    if first is not None:
        warn_caller(f"{source}: the first board ({first}) numbers BRI and DGE files, which give no "
                    f"board numbers; {format.upper()} gives its own: not used")
    return {key: value for key, value in options.items() if key != "first_board"}


def as_boards(items: Iterable[Board | Deal]) -> Iterator[Board]:
    """Boards as they are, and deals (what `generate` gives) as boards numbered by their place from 1,
    with the Law 2 dealer and vulnerability."""
    for number, item in enumerate(items, 1):
        if isinstance(item, Deal):
            yield Board(number=number, deal=item)
        elif isinstance(item, Board):
            yield item
        else:
            raise BridgeTypeError(f"boards to write are Boards or Deals, not {type(item).__name__} "
                                  f"(item {number})")


def write(
    boards: Iterable[Board | Deal], path_or_file: str | Path | IO[str] | IO[bytes], format: str | None = None,
    **options: Any,
) -> None:
    """Write ``boards`` in ``format`` (or the one the file name says) to a path or an open text file.

    Deals (as `generate` gives them) are written as boards numbered from 1 with the Law 2 dealer and
    vulnerability. A path is written through a temporary file renamed into place, so a failed write
    leaves no half-written file; ``encoding`` is the file's (or stdout's, for ``"-"``), e.g. ``"latin-1"``
    for a strict PBN 2.1 file (a suit symbol it lacks becomes the format's escape, PBN's ``\\S``, JSON's
    ``\\u2660``; any other character ``?``, said in one warning naming the boards and lines); without one,
    the format's own default for the boards (`default_encoding`: a DLM set's headline's), else UTF-8
    (stdout: its own, written the same way, never a UnicodeEncodeError half-way). An open text file is
    written in its own encoding.
    """
    boards = as_boards(boards)
    if format is None:
        name = path_or_file if isinstance(path_or_file, str | Path) else getattr(path_or_file, "name", None)
        format = format_from_name(str(name) if name is not None else None)
        if format is None:
            raise BridgeError(f"cannot tell the output format from {name!r}; name it with format=")
    module = writer_module(format)
    if isinstance(path_or_file, str | Path):
        boards, encoding = (boards, options["encoding"]) if options.get("encoding") \
            else default_encoding(boards, format, **options)
        options = {**options, "encoding": encoding}
        if str(path_or_file) == "-":
            _write_to_stdout(module, boards, format, options)
            return
        _write_atomically(module, boards, Path(path_or_file), format, options)
        return
    if _takes_bytes(path_or_file):
        _write_bytes(module, boards, cast(IO[bytes], path_or_file), format, options)  # a binary file
        return
    module.write_boards(boards, path_or_file, **_with_format(format, options))


def _takes_bytes(out: object) -> bool:
    """Whether an open file ``out`` takes bytes, told before anything is written: by what it is (a text
    file, or a codecs writer, whose mode says ``b`` for the file under it, takes text), else by whether
    it says an encoding (text files do), else by a ``b`` in its mode."""
    import codecs

    if isinstance(out, io.TextIOBase | codecs.StreamWriter | codecs.StreamReaderWriter):
        return False
    if isinstance(out, io.RawIOBase | io.BufferedIOBase):
        return True
    try:
        if getattr(out, "encoding", None) is not None:
            return False
    except (AttributeError, ValueError):  # a wrapper asking a closed or binary file under it
        pass
    return "b" in str(getattr(out, "mode", ""))


def default_encoding(
    boards: Iterable[Board], format: str, **options: Any
) -> tuple[Iterable[Board], str | None]:
    """The encoding an output of ``boards`` in ``format`` is opened in when none is given: the format's
    own for them (`dlm.default_encoding`: a set read from a DLM file keeps the encoding its headline came
    in), else None (UTF-8); with the boards to write, made a list where the encoding depends on them."""
    choose = getattr(writer_module(format), "default_encoding", None)
    if choose is None:
        return boards, None
    boards = list(boards)
    return boards, choose(boards, **_with_format(format, options))


def _write_to_stdout(
    module: ModuleType, boards: Iterable[Board], format: str, options: dict[str, Any]
) -> None:
    """``boards`` to stdout, a stream of bytes too, in the ``encoding`` of ``options`` where given, else in
    stdout's own (what the encoding lacks as `_write_bytes` writes it: a suit symbol as the format's escape,
    any other ``?``, said); to a stdout of text alone (a StringIO) as it writes text."""
    import sys

    stdout = sys.stdout
    buffer = getattr(stdout, "buffer", None)
    if buffer is None:  # a StringIO: its text as it is
        module.write_boards(boards, stdout, **_with_format(format, options))
        return
    stdout.flush()
    _write_bytes(module, boards, buffer, format,
                 {**options, "encoding": options.get("encoding") or getattr(stdout, "encoding", None)})


def _write_bytes(module: ModuleType, boards: Iterable[Board], buffer: IO[bytes], format: str,
                 options: dict[str, Any]) -> None:
    """``boards`` to a stream of bytes (stdout's, a binary file of the caller's) in the ``encoding`` of
    ``options``, UTF-8 unless given: a suit symbol it cannot hold as the format's own escape (PBN's ``\\S``,
    JSON's ``\\u2660``: `suit_escapes`), any other character as ``?``, said (`told_as_question_marks`)."""
    from bridgetools.formats._unwritable import HANDLER, suit_escapes, told_as_question_marks

    encoding = options.get("encoding") or "utf-8"
    out = io.TextIOWrapper(buffer, encoding=encoding, errors=suit_escapes(format, HANDLER), newline="")
    try:
        with told_as_question_marks(boards, encoding) as told:
            module.write_boards(told, out, **_with_format(format, options))
            out.flush()
    finally:
        out.detach()  # the caller's bytes stay open


def _with_format(format: str, options: dict[str, Any]) -> dict[str, Any]:
    """Options for a module that writes more than one format (json and jsonl) say which one."""
    if format in ("json", "jsonl", "dup", "dupblind", "dlm", "dlmblind"):
        return {"format": format, **options}
    return options


def _write_atomically(
    module: ModuleType, boards: Iterable[Board], path: Path, format: str, options: dict[str, Any]
) -> None:
    from bridgetools._files import atomic_file
    from bridgetools.formats._unwritable import HANDLER, suit_escapes, told_as_question_marks

    options = dict(options)
    encoding = options.pop("encoding", None) or "utf-8"
    # newline="": writers choose their own line ends (PBN export is CRLF).
    errors = suit_escapes(format, HANDLER)
    with told_as_question_marks(boards, encoding) as told, \
            atomic_file(path, "w", encoding=encoding, errors=errors, newline="") as out:
        module.write_boards(told, out, **_with_format(format, options))


def dumps(boards: Iterable[Board | Deal], format: str, **options: Any) -> str:
    """``boards`` written in ``format``, as one string: `write` to a string, so it takes what `write`
    takes (deals as `generate` gives them too)."""
    out = io.StringIO(newline="")
    write(boards, out, format, **options)
    return out.getvalue()


__all__ = [
    "FORMATS", "RECORD_OWNERS", "SUFFIXES", "default_encoding", "detect_format", "dumps", "format_from_name",
    "format_module", "loads", "read", "record_owner", "write",
]
