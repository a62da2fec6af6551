"""PBN (Portable Bridge Notation): a lenient reader of the import format and a strict 2.1 export writer.

Reading streams: a record splitter cuts the file into games (a semi-empty line ends a game, except
inside ``{}`` commentary) and counts lines; each game's text goes to the Lark LALR parser
(``grammars/pbn.lark``), and the game is interpreted (`bridgetools.formats.pbn_read`) only once all of
it has been read, because tag order is free. ``#``/``##`` inheritance and shared-deal files are carried
from game to game. Writing is `bridgetools.formats.pbn_write`.
Everything the model does not interpret is kept in ``board.extra["pbn"]`` so that PBN -> PBN gives
back every tag, note, table and comment. See docs/formats.md for the mapping.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from bridgetools.board import Board
from bridgetools.errors import Issue
from bridgetools.formats._lark import get_parser, to_parse_error
from bridgetools.formats._problems import report
from bridgetools.formats.pbn_read import (
    MANDATORY_TAGS,
    PLAYER_TAGS,
    GameReader,
    Inheritance,
    Item,
    inherit,
)
from bridgetools.formats.pbn_sections import LONE_TAG
from bridgetools.formats.pbn_syntax import string_rest, syntax, tag_parts, tag_start

if TYPE_CHECKING:
    from lark import Token as LarkToken
    from lark import Tree as LarkTree

EXTENSIONS = (".pbn",)

_MAX_REPAIRS = 25
"""Broken lines skipped in one game before the rest of it is given up (each costs a new parse)."""
_LARGE_GAME = 200_000
"""Characters beyond which a game gets only three repairs: a huge "game" is rarely PBN at all."""


def sniff(head: str) -> bool:
    """Whether text starting with ``head`` looks like PBN: a ``% PBN`` line or a tag pair."""
    if re.search(r"^%\s*PBN\b", head, re.M):
        return True
    return tag_start().search(head) is not None


# Splitting the file into games ---------------------------------------------------------------------


@dataclass(slots=True)
class Record:
    """The text of one game and the file line it starts on."""

    text: str
    line: int
    has_tag: bool


_OPENERS = re.compile(r'[{";]')
_GAME_STARTS = ('[Event "', '[Board "', '[Deal "')


def _scan(line: str, pos: int) -> tuple[bool, bool]:
    """From ``pos`` (outside any comment): whether the line ends inside ``{`` commentary, and
    whether it holds a ``[`` outside commentary."""
    has_bracket = False
    while True:
        m = _OPENERS.search(line, pos)
        if m is None:
            return False, has_bracket or "[" in line[pos:]
        has_bracket = has_bracket or "[" in line[pos : m.start()]
        char = m.group()
        if char == ";":
            return False, has_bracket
        if char == '"':
            closing = string_rest().match(line, m.end())
            if closing is None:
                return False, has_bracket
            pos = closing.end()
            continue
        end = line.find("}", m.end())
        if end < 0:
            return True, has_bracket
        pos = end + 1


def split_records(stream: TextIO) -> Iterator[Record]:
    """Games of a PBN file: a semi-empty line ends a game unless it is inside ``{}`` commentary.

    A run of lines with no tag (trailing commentary, junk, a table row after a blank line) is not
    a game: it is joined to the game before it, or, at the start of the file, to the game after.
    A ``{`` never closed would swallow the file: when a lone tag line follows a blank line inside
    commentary, the commentary is taken as unterminated and the game ends there.
    """
    lines: list[str] = []
    start = 0
    has_tag = False
    in_comment = False
    blank_in_comment = False
    pending: Record | None = None
    seen: set[str] = set()
    number = 0
    for number, line in enumerate(_without_bom(stream), 1):
        if in_comment:
            if line.isspace():
                blank_in_comment = True
            elif blank_in_comment and LONE_TAG.match(line):
                in_comment = False
                if lines:
                    pending = yield from _emit(pending, Record("".join(lines), start, has_tag))
                lines, start, has_tag = [], number, False
            end = line.find("}") if in_comment else -1
            if in_comment:
                if end < 0:
                    lines.append(line)
                    continue
                in_comment, bracket = _scan(line, end + 1)
                has_tag = has_tag or bracket
                blank_in_comment = False
                lines.append(line)
                continue
        if line.isspace() or not line or line[0] == "\x1a":  # 0x1A: DOS's end-of-file mark
            if lines:
                pending = yield from _emit(pending, Record("".join(lines), start, has_tag))
                lines = []
            continue
        first = line[0]
        if first == "[" and line.startswith(_GAME_STARTS):
            # A game with no empty line before it (hand-made files): its Event, Board or Deal tag
            # is the second one in the record.
            key = line[1:5]
            if key in seen and lines:
                carried = _repeated_tail(lines)
                if len(carried) < len(lines):
                    kept = lines[: len(lines) - len(carried)]
                    pending = yield from _emit(pending, Record("".join(kept), start, has_tag))
                    start = number - len(carried)
                    has_tag = bool(carried)
                    lines = carried
                    seen = {c[1:5] for c in carried if c.startswith(_GAME_STARTS)}
            seen.add(key)
        if not lines:
            start = number
            has_tag = False
            seen = {line[1:5]} if first == "[" and line.startswith(_GAME_STARTS) else set()
        lines.append(line)
        if first == "%" or (first in " \t" and line.lstrip(" \t").startswith("%")):
            continue
        if "{" not in line:
            has_tag = has_tag or "[" in line
            continue
        in_comment, bracket = _scan(line, 0)
        has_tag = has_tag or bracket
        blank_in_comment = False
    if lines:
        pending = yield from _emit(pending, Record("".join(lines), start, has_tag))
    if pending is not None:
        yield pending


def _repeated_tail(lines: list[str]) -> list[str]:
    """The lone tag lines ending ``lines`` that repeat a tag given earlier in them: in a file with
    no empty line between games, ``[Dealer "E"] [Vulnerable "NS"]`` before the next game's
    ``[Deal]`` are that game's, not second values of the game before."""
    names = [m.group("name") if (m := LONE_TAG.match(line)) else None for line in lines]
    tail = len(lines)
    while tail > 0 and names[tail - 1] is not None and names[tail - 1] in names[: tail - 1]:
        tail -= 1
    return lines[tail:]


def _without_bom(stream: TextIO) -> Iterator[str]:
    """The lines of ``stream``, without the byte order mark a text stream opened as plain UTF-8 keeps."""
    lines = iter(stream)
    first = next(lines, None)
    if first is None:
        return iter(())
    return itertools.chain((first.removeprefix("\ufeff"),), lines)


def _emit(pending: Record | None, record: Record) -> Generator[Record, None, Record]:
    """Hold one record back so that a following run without tags can join it (generator helper)."""
    if pending is None:
        return record
    if not (record.has_tag and pending.has_tag):
        return _joined(pending, record)
    yield pending
    return record


def _joined(first: Record, then: Record) -> Record:
    """Two records as one, the blank lines between them kept so that line numbers stay the file's."""
    gap = then.line - first.line - first.text.count("\n")
    return Record(first.text + "\n" * gap + then.text, first.line, first.has_tag or then.has_tag)


# Parsing one game --------------------------------------------------------------------------------


_UNESCAPE = re.compile(r'\\(["\\])')


def unescape(body: str) -> str:
    """A PBN string's value from its text between the quotes: ``\\"`` is a quote, ``\\\\`` a
    backslash; any other backslash is kept as written (§3.3: the verifier accepts ``\\a``)."""
    return _UNESCAPE.sub(r"\1", body) if "\\" in body else body


def parse_game(text: str, source: str, line: int, strict: bool, issues: list[Issue]) -> list[Item]:
    """The items of one game's text; parse errors become issues and the offending line is skipped."""
    from lark.exceptions import UnexpectedInput

    parser = get_parser("pbn")
    if "\x1a" in text:  # DOS's end-of-file mark after the last line
        text = text.replace("\x1a", "")
    fast = _scan_items(text, line - 1)
    if fast is not None:
        return fast
    for _ in range(_MAX_REPAIRS if len(text) < _LARGE_GAME else 3):
        try:
            tree = parser.parse(text)
        except UnexpectedInput as e:
            error = to_parse_error(e, text, source, line - 1)
            where = (error.message, source, error.line, error.column)
            report(*where, strict=strict, issues=issues, context=error.context, level="error")
            text = _repair_line(text, (error.line or line) - line)
            continue
        return _items(tree.children, line - 1)
    message = "too many errors in this game: rest of it skipped"
    report(message, source, line, None, strict=strict, issues=issues, level="error")
    return []


@functools.cache
def _repairs() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """A one-line tag with its value's text as group 2; a line ending inside a tag's string; a line
    closing a string and its tag (the grammar's tag, seen from either side of a broken line)."""
    s = syntax()
    return (
        re.compile(rf'^(\s*{s.opening}")(.*)("{s.closing}\s*)$'),
        re.compile(rf"^\s*{s.opening}{s.string[:-1]}$"),
        re.compile(rf"^{s.string[1:]}{s.closing}"),
    )


def _repair_line(text: str, index: int) -> str:
    """``text`` with line ``index`` (0-based) mended or emptied, so the lines after keep their
    numbers: a one-line tag whose value holds bare quotes (``[Event "The "Big" Cup"]``) gets them
    escaped; a tag value broken by a line end (CRLF inside a value) is joined with a space, the
    next line left empty; any other line that breaks the grammar is dropped."""
    lines = text.split("\n")
    quotes_inside, string_open, string_close = _repairs()
    if 0 <= index < len(lines):
        m = quotes_inside.match(lines[index])
        value = m.group(2) if m else ""
        broken = index + 1 < len(lines) and string_open.match(lines[index])
        if broken and string_close.match(lines[index + 1]):
            lines[index] = lines[index].rstrip() + " " + lines[index + 1].lstrip()
            lines[index + 1] = ""
        elif m and '"' in value and '\\"' not in value:
            lines[index] = m.group(1) + value.replace('"', '\\"') + m.group(3)
        else:
            lines[index] = ""
    return "\n".join(lines)


def _items(children: list[LarkTree[LarkToken] | LarkToken], offset: int) -> list[Item]:
    items: list[Item] = []
    for child in children:
        if not isinstance(child, str):  # a `tag` subtree
            parts = child.children
            tok, value = parts[0], parts[-1]
            assert isinstance(tok, str) and isinstance(value, str)  # TAGS, or a tag's name and value
            if len(parts) == 1:
                items.extend(_tags_of_run(tok, offset))
            else:
                assert tok.line is not None and tok.column is not None  # the lexer places every token
                items.append(Item("tag", unescape(value[1:-1]), tok.line + offset, tok.column, str(tok)))
            continue
        kind = child.type
        assert child.line is not None and child.column is not None
        if kind == "SECTION":
            items.append(Item("text", str(child), child.line + offset, child.column))
        elif kind == "STRING":
            items.append(Item("string", unescape(child[1:-1]), child.line + offset, child.column))
        elif kind == "ESCAPE":
            items.append(Item("escape", str(child).strip(), child.line + offset, child.column))
        else:
            items.append(Item("comment", str(child), child.line + offset, child.column))
    return items


def _tags_of_run(run: LarkToken, offset: int) -> Iterator[Item]:
    """The tags of a TAGS token (well-formed tags separated by blanks), each with its line and column."""
    assert run.line is not None
    return _tags_in(str(run), run.line + offset, run.column or 1)


def _tags_in(text: str, line: int, column: int) -> Iterator[Item]:
    """The tags of a run of well-formed tags starting at ``line`` and ``column`` of the file."""
    line_start = -column + 1  # index of the start of the current line, relative to text
    scanned = 0
    for m in tag_parts().finditer(text):
        start = m.start()
        newlines = text.count("\n", scanned, start)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", scanned, start) + 1
        scanned = start
        yield Item("tag", unescape(m.group(2)), line, start - line_start + 1, m.group(1))



@functools.cache
def _token_scan() -> re.Pattern[str]:
    """The grammar's own terminals for a game that is all tags, section text, strings and comments,
    as one regular expression (blanks before each token skipped, as the grammar ignores them)."""
    patterns = {t.name: t.pattern.to_regexp() for t in get_parser("pbn").terminals}
    kinds = ("TAGS", "SECTION", "STRING", "BRACE_COMMENT", "LINE_COMMENT")
    return re.compile(r"\s*(?:" + "|".join(f"(?P<{k}>{patterns[k]})" for k in kinds) + ")")


def _scan_items(text: str, offset: int) -> list[Item] | None:
    """The items of a game read with `_token_scan` (what the grammar gives, much faster), or None
    when the game holds anything else (an escape line, a broken tag or string): the parser then
    reads it and reports the problem. The tokens start with distinct characters, so the first
    that matches is the one the grammar's lexer takes."""
    match = _token_scan().match
    items: list[Item] = []
    append = items.append
    count, rfind = text.count, text.rfind
    pos, line, line_start = 0, 1, 0
    while (m := match(text, pos)) is not None:
        kind = m.lastgroup
        assert kind is not None  # one of the named alternatives matched
        start, pos = m.span(kind)
        newlines = count("\n", line_start, start)
        if newlines:
            line += newlines
            line_start = rfind("\n", 0, start) + 1
        column = start - line_start + 1
        value = m.group(kind)
        if kind == "TAGS":
            items.extend(_tags_in(value, line + offset, column))
        elif kind == "SECTION":
            append(Item("text", value, line + offset, column))
        elif kind == "STRING":
            append(Item("string", unescape(value[1:-1]), line + offset, column))
        else:
            append(Item("comment", value, line + offset, column))
        newlines = count("\n", start, pos)
        if newlines:
            line += newlines
            line_start = rfind("\n", start, pos) + 1
    return items if pos == len(text) or text[pos:].isspace() else None

# Public API ----------------------------------------------------------------------------------


def read_boards(
    stream: TextIO,
    source: str = "<string>",
    strict: bool = False,
    *,
    carry_deal: bool = True,
    jobs: int = 1,
) -> Iterator[Board]:
    """Boards from a PBN stream, one per game, read as they come (memory stays flat).

    ``carry_deal``: a game with no Deal tag takes the deal and board tags of the game before (files
    of open and closed rooms that give the deal once), with an issue saying so. ``jobs`` > 1 reads
    games in that many worker processes (in file order; strict reading uses one process).
    """
    if jobs > 1 and not strict:
        yield from _read_in_processes(stream, source, carry_deal, jobs)
        return
    reader = GameReader(source, strict, carry_deal)
    yield from _read_records(reader, split_records(stream))


def _read_records(reader: GameReader, records: Iterable[Record]) -> Iterator[Board]:
    leading: list[Item] = []
    for record in records:
        errors = len(reader.issues)
        items = parse_game(record.text, reader.source, record.line, reader.strict, reader.issues)
        if not any(i.kind == "tag" for i in items):
            if record.has_tag and len(reader.issues) > errors:
                yield reader.board(reader.group(leading + items))  # a game too broken to read
                leading = []
                continue
            leading.extend(items)  # commentary or % lines before the first game go with it
            continue
        if leading:
            items = leading + items
            leading = []
        yield reader.board(reader.group(items))


CHUNK_GAMES = 250
"""Games per task when reading in several processes."""


def _read_chunk(task: tuple[list[Record], Inheritance, str, bool]) -> list[Board]:
    """Worker: the boards of consecutive games, starting from the inheritance state before them."""
    records, state, source, carry_deal = task
    reader = GameReader(source, False, carry_deal)
    reader.inherit = state
    return list(_read_records(reader, records))


def _read_in_processes(stream: TextIO, source: str, carry_deal: bool, jobs: int) -> Iterator[Board]:
    """Games cut here, read in ``jobs`` processes a chunk at a time, yielded in file order.

    Inheritance runs through the whole file, so this process follows the tag values of every game
    (a quick scan of its tags) and hands each chunk the state it starts from. At most two chunks
    per process are in flight, so memory stays flat.
    """
    import copy
    from collections import deque

    from bridgetools._pool import worker_pool

    state = Inheritance()
    with worker_pool(jobs, preload=[__name__]) as pool:
        pending: deque[Any] = deque()
        chunk: list[Record] = []
        start = copy.deepcopy(state)
        for record in _merge_tagless(split_records(stream)):
            chunk.append(record)
            seen: dict[str, str] = {}
            for name, value in tag_parts().findall(record.text):
                if name not in seen and name != "Note":
                    seen[name] = unescape(value)
            inherit(state, list(seen.items()), carry_deal)
            if len(chunk) == CHUNK_GAMES:
                pending.append(pool.submit(_read_chunk, (chunk, start, source, carry_deal)))
                chunk, start = [], copy.deepcopy(state)
                if len(pending) >= 2 * jobs:
                    yield from pending.popleft().result()
        if chunk:
            pending.append(pool.submit(_read_chunk, (chunk, start, source, carry_deal)))
        while pending:
            yield from pending.popleft().result()


def _merge_tagless(records: Iterable[Record]) -> Iterator[Record]:
    """Records with no tag (file-header commentary) joined to the record after them."""
    held: Record | None = None
    for record in records:
        if held is not None:
            record, held = _joined(held, record), None
        if not record.has_tag:
            held = record
            continue
        yield record
    if held is not None:
        yield held


def write_boards(boards: Iterable[Board], out: TextIO, **options: Any) -> None:
    """Boards as a PBN 2.1 export file (see `bridgetools.formats.pbn_write`)."""
    from bridgetools.formats.pbn_write import write_boards as write

    write(boards, out, **options)


__all__ = [
    "EXTENSIONS",
    "MANDATORY_TAGS",
    "PLAYER_TAGS",
    "read_boards",
    "sniff",
    "split_records",
    "write_boards",
]
