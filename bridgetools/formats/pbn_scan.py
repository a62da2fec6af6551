"""Cutting a PBN file into games and each game into items: the one scanner of PBN text.

A splitter takes the file a line at a time and cuts it into game records (a semi-empty line ends a
game, except inside ``{}`` commentary), counting lines; each record's text is cut into items by the
grammar's terminals (``grammars/pbn.lark``; a game they do not cover goes to the Lark LALR parser,
which names the problem). `bridgetools.formats.pbn_read` turns a game's items into a `Board`.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from bridgetools._lazy import lazy_compile
from bridgetools.errors import Issue
from bridgetools.formats._lark import get_parser, to_parse_error
from bridgetools.formats._problems import report
from bridgetools.formats.pbn_read import Item
from bridgetools.formats.pbn_sections import LONE_TAG
from bridgetools.formats.pbn_syntax import string_rest, syntax, tag_parts, unrolled

if TYPE_CHECKING:
    from lark import Token as LarkToken
    from lark import Tree as LarkTree

_MAX_REPAIRS = 25
"""Broken lines skipped in one game before the rest of it is given up (each costs a new parse)."""
_LARGE_GAME = 200_000
"""Characters beyond which a game gets only three repairs: a huge "game" is rarely PBN at all."""


# Splitting the file into games ---------------------------------------------------------------------


@dataclass(slots=True)
class Record:
    """The text of one game, the file line it starts on, and (when known) the stream position of
    that line, as the stream's ``tell()`` gave it; ``second_deal``: the game was cut off the one before
    at a second Deal tag (`Splitter._game_start`), whose line this gives with that game's first line."""

    text: str
    line: int
    has_tag: bool
    offset: int | None = None
    second_deal: tuple[int, int] | None = None


_OPENERS = lazy_compile(r'[{";]')
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


class Splitter:
    """Cuts a PBN file's lines into game records, one line at a time (see `split_records`)."""

    __slots__ = ("blank_in_comment", "has_tag", "in_comment", "lines", "second_deal", "seen", "start")

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.start = 0
        self.has_tag = False
        self.in_comment = False
        self.blank_in_comment = False
        self.seen: set[str] = set()
        self.second_deal: tuple[int, int] | None = None

    @property
    def between_games(self) -> bool:
        """Whether the next line may start a record (a reader noting where games start asks)."""
        return not self.lines or (self.in_comment and self.blank_in_comment)

    def feed(self, line: str, number: int) -> Record | None:
        """Take line ``number`` of the file; the record it ends, if any."""
        lines = self.lines
        if lines and line:  # most lines: within a game,
            first = line[0]
            if self.in_comment:  # a line of commentary that neither closes it nor may end the game
                if first != "[" and "}" not in line:
                    if line.isspace():
                        self.blank_in_comment = True
                    lines.append(line)
                    return None
            elif first == "%":  # an escape line
                lines.append(line)
                return None
            elif "{" not in line:  # a tag that starts no game, or section text
                if first == "[" and not line.startswith(_GAME_STARTS):
                    lines.append(line)
                    self.has_tag = True
                    return None
                if first != "[" and first != "\x1a" and not first.isspace():
                    lines.append(line)
                    self.has_tag = self.has_tag or "[" in line
                    return None
        cut = None
        if self.in_comment:
            cut = self._unclosed(line)
            if self.in_comment:
                if "}" in line:
                    self._inside_comment(line)
                else:  # a line of commentary that does not close it, as `_inside_comment` takes it
                    self.lines.append(line)
                return cut
        if line.isspace() or not line or line[0] == "\x1a":  # 0x1A: DOS's end-of-file mark
            return self.cut() if self.lines else cut
        if line[0] == "[" and line.startswith(_GAME_STARTS):
            cut = self._game_start(line, number) or cut
        self._take(line, number)
        return cut

    def cut(self) -> Record | None:
        """The record read so far (None when there is none); the next line starts another."""
        if not self.lines:
            return None
        record = Record("".join(self.lines), self.start, self.has_tag, second_deal=self.second_deal)
        self.lines, self.second_deal = [], None
        return record

    def _unclosed(self, line: str) -> Record | None:
        """Inside commentary: a lone tag line after a blank line takes the ``{`` as never closed, and
        ends the game there (so an unclosed comment does not swallow the file)."""
        if line.isspace():
            self.blank_in_comment = True
        elif self.blank_in_comment and line[:1] == "[" and LONE_TAG.match(line):  # the pattern starts "^\["
            self.in_comment = False
            return self.cut()
        return None

    def _inside_comment(self, line: str) -> None:
        self.lines.append(line)
        end = line.find("}")
        if end >= 0:
            self.in_comment, bracket = _scan(line, end + 1)
            self.has_tag = self.has_tag or bracket
            self.blank_in_comment = False

    def _game_start(self, line: str, number: int) -> Record | None:
        """A game with no empty line before it (hand-made files): its Event, Board or Deal tag is the
        second one in the record, and the record ends before it (and before its own lone tags). A second
        Deal tag in a game with a Board tag is marked on the record it starts (`Record.second_deal`): the
        reader says so where that record has no board number (a list of Deal tags alone is no mistake)."""
        key = line[1:5]
        record = None
        lines = self.lines
        if key in self.seen and lines:
            carried = _repeated_tail(lines)
            if len(carried) < len(lines):
                record = Record("".join(lines[: len(lines) - len(carried)]), self.start, self.has_tag,
                                second_deal=self.second_deal)
                numbered = key == "Deal" and "Boar" in self.seen  # a numbered game's second deal
                self.second_deal = (number, self.start) if numbered else None
                self.start = number - len(carried)
                self.has_tag = bool(carried)
                self.lines = carried
                self.seen = {c[1:5] for c in carried if c.startswith(_GAME_STARTS)}
        self.seen.add(key)
        return record

    def _take(self, line: str, number: int) -> None:
        """A line of the game (not blank, not inside commentary)."""
        if not self.lines:
            self.start = number
            self.has_tag = False
            self.seen = {line[1:5]} if line[0] == "[" and line.startswith(_GAME_STARTS) else set()
        self.lines.append(line)
        first = line[0]
        if first == "%" or (first in " \t" and line.lstrip(" \t").startswith("%")):
            return
        if "{" not in line:
            self.has_tag = self.has_tag or "[" in line
            return
        self.in_comment, bracket = _scan(line, 0)
        self.has_tag = self.has_tag or bracket
        self.blank_in_comment = False


def split_records(stream: TextIO) -> Iterator[Record]:
    """Games of a PBN file: a semi-empty line ends a game unless it is inside ``{}`` commentary.

    A run of lines with no tag (trailing commentary, junk, a table row after a blank line) is not
    a game: it is joined to the game before it, or, at the start of the file, to the game after.
    A ``{`` never closed would swallow the file: when a lone tag line follows a blank line inside
    commentary, the commentary is taken as unterminated and the game ends there.
    """
    return join_tagless(_cut(stream))


def _cut(stream: TextIO) -> Iterator[Record]:
    splitter = Splitter()
    feed = splitter.feed
    for number, line in enumerate(_without_bom(stream), 1):
        if splitter.in_comment and line[:1] not in ("[", "") and "}" not in line and splitter.lines:
            # `Splitter.feed`'s first case in line: long commentary (lesson files) is most of their lines
            if line.isspace():
                splitter.blank_in_comment = True
            splitter.lines.append(line)
            continue
        record = feed(line, number)
        if record is not None:
            yield record
    last = splitter.cut()
    if last is not None:
        yield last


def join_tagless(records: Iterable[Record]) -> Iterator[Record]:
    """Records with no tag joined to the game before them (at the start, to the game after)."""
    pending: Record | None = None
    for record in records:
        if pending is None:
            pending = record
        elif record.has_tag and pending.has_tag:
            yield pending
            pending = record
        else:
            pending = joined(pending, record)
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


def joined(first: Record, then: Record) -> Record:
    """Two records as one, the blank lines between them kept so that line numbers stay the file's."""
    gap = then.line - first.line - first.text.count("\n")
    text = first.text + "\n" * gap + then.text
    return Record(text, first.line, first.has_tag or then.has_tag, first.offset,
                  first.second_deal or then.second_deal)



# Parsing one game --------------------------------------------------------------------------------


_UNESCAPE = lazy_compile(r'\\(?:(")|(\\)(?![SHDC]))')
"""PBN's escapes a string's value drops, read in one pass: ``\\"`` a quote, ``\\\\`` a backslash, except
before ``S H D C``, where the value keeps ``\\\\`` so that a backslash and a letter (``\\\\S``) stay
apart from the suit symbol's ``\\S``."""


def unescape(body: str) -> str:
    """A PBN string's value from its text between the quotes, in one pass: ``\\"`` is a quote, ``\\\\`` a
    backslash; ``\\S \\H \\D \\C`` (suit symbols) and any other backslash are kept as written (§3.3:
    the verifier accepts ``\\a``).

    An escaped backslash before a suit's letter stays ``\\\\`` in the value, PBN's mark of a backslash
    and the letter (`_suit_marks.pbn_marks`): read as one backslash, ``"C:\\\\Spades"`` would be the
    value ``C:\\Spades``, a spade symbol, and written back so."""
    return _UNESCAPE.sub(lambda m: m[1] or m[2], body) if "\\" in body else body


def parse_game(text: str, source: str, line: int, strict: bool, issues: list[Issue]) -> list[Item]:
    """The items of one game's text; parse errors become issues and the offending line is skipped."""
    from lark.exceptions import UnexpectedInput

    parser = get_parser("pbn")
    text = text.replace("\x1a", "")  # DOS's end-of-file mark after the last line
    fast = _scan_items(text, line - 1)
    if fast is not None:
        return fast
    mended: set[int] = set()  # the lines that already had one stray character blanked
    quotes: _Quotes = {}  # the quotes put round unquoted table cells, taken off the columns told
    for _ in range(_MAX_REPAIRS if len(text) < _LARGE_GAME else 3):
        try:
            tree = parser.parse(text)
        except UnexpectedInput as e:
            closed = _closed(e, text, source, line, strict, issues)
            if closed is not None:
                text = closed
                continue
            error = to_parse_error(e, text, source, line - 1)
            told = _in_file(quotes, error.line, error.column)
            stray = _stray_character(e, text)
            cell = _table_cell(text, stray) if stray is not None else None
            if stray is not None and cell is not None:  # a cell is read whole, never ranked half read
                report(_cell_problem(text[cell[0]:cell[1]], text[stray]), source, error.line, told,
                       strict=strict, issues=issues, context=error.context, level="error", syntax=True)
                text = _quoted_cells(text, [cell, *_percentages_after(text, cell[1])], line, quotes,
                                     (source, strict, issues))
                continue
            index = (error.line or line) - line
            said = _line_left_out(error.message, text, stray if index in mended else None)
            report(said, source, error.line, told, strict=strict, issues=issues,
                   context=error.context, level="error", syntax=True)
            if stray is not None and index not in mended:
                mended.add(index)
                text = text[:stray] + " " + text[stray + 1 :]
            else:
                text = _repair_line(text, index)
            continue
        return _unshifted(_items(tree.children, line - 1), quotes)
    message = "too many errors in this game: rest of it skipped"
    report(message, source, line, None, strict=strict, issues=issues, level="error", syntax=True)
    return []


_Quotes = dict[int, list[int]]
"""The quotes put round unquoted table cells: for each line of the file, their columns in the text as
mended (each takes one off the columns after it on that line, as the file has them)."""


def _in_file(quotes: _Quotes, line: int | None, column: int | None) -> int | None:
    """``column`` of ``line`` in the text as mended, as the file has it: less the quotes put in before it
    (``1 ^60% 55%``: ``55%`` at column 10, not 12, after ``^60%`` was quoted)."""
    if line is None or column is None:
        return column
    return column - sum(1 for at in quotes.get(line, ()) if at < column)


def _unshifted(items: list[Item], quotes: _Quotes) -> list[Item]:
    """``items`` with their columns (and their values') as the file has them, not the text as mended."""
    for item in (item for item in items if item.line in quotes):
        item.column = _in_file(quotes, item.line, item.column) or item.column
        if item.value_column:
            item.value_column = _in_file(quotes, item.line, item.value_column) or item.value_column
    return items


def _percentages_after(text: str, at: int) -> list[tuple[int, int]]:
    """Where the unquoted percentage cells (``55%``) of the table section after ``at`` stand, to the next
    tag: quoted all in one repair, not one each (26 cells spent the game's repairs and lost the board)."""
    cells = []
    for m in _SECTION_TOKEN.finditer(text, at):
        if m[0] == "[":
            break
        if _PERCENTAGE_CELL.fullmatch(m[0]):
            cells.append(m.span())
    return cells


_SECTION_TOKEN = lazy_compile(r'"(?:\\.|[^"\\])*"|\{[^}]*\}|;[^\n]*|\[|[^\s"{;\[]+')
"""A section's string, comment, a tag's ``[``, or a run of anything else (a cell as written)."""


def _quoted_cells(text: str, cells: list[tuple[int, int]], line: int, quotes: _Quotes,
                  told: tuple[str, bool, list[Issue]]) -> str:
    """``text`` with each of ``cells`` (the first told already) quoted, the others told at their ``%``,
    and the quotes' columns kept in ``quotes`` by file line (``line`` the text's first)."""
    source, strict, issues = told
    for start, end in cells[1:]:
        row, line_start = text.count("\n", 0, start) + line, text.rfind("\n", 0, start) + 1
        report(_cell_problem(text[start:end], "%"), source, row,
               _in_file(quotes, row, text.index("%", start, end) - line_start + 1), strict=strict,
               issues=issues, context=text[line_start:text.find("\n", end)], level="error", syntax=True)
    for start, end in reversed(cells):  # from the last: the places before it stand
        row, line_start = text.count("\n", 0, start) + line, text.rfind("\n", 0, start) + 1
        opening, closing = start - line_start + 1, end - line_start + 1  # columns of the quotes put in
        kept = quotes.setdefault(row, [])
        kept[:] = [at + (at >= opening) + (at >= closing) for at in kept] + [opening, closing + 1]
        text = f'{text[:start]}"{text[start:end]}"{text[end:]}'
    return text


def _line_left_out(message: str, text: str, stray: int | None) -> str:
    """``message`` of a second stray character (at ``stray``) on one line, which empties the line
    (`_repair_line`): in a table's section the row it held goes with it, and is said to."""
    table = None if stray is None else _table_name(text, stray)
    return message if table is None else (f"{message}: a second on this line of {table}, the line is left "
                                          "out (its cells are not read)")


def _closed(error: Exception, text: str, source: str, line: int, strict: bool,
            issues: list[Issue]) -> str | None:
    """``text`` mended where it is broken, not where the parser noticed, the problem reported: a tag with no
    ``]`` (`_closed_tag`), a comment with no ``}`` kept as commentary to where it must end, not skipped as
    stray text (`_closed_comment`), a value with no closing quote read, not its line dropped
    (`_closed_string`); None for other errors."""
    for close in (_closed_tag, _closed_comment, _closed_string):
        closed = close(error, text, source, line, strict, issues)
        if closed is not None:
            return closed
    return None


def _closed_tag(error: Exception, text: str, source: str, line: int, strict: bool,
                issues: list[Issue]) -> str | None:
    """``text`` with a tag that no ``]`` closes closed after its value (`_unclosed_tag`), the problem
    reported there; None for other errors."""
    unclosed = _unclosed_tag(error, text)
    if unclosed is None:
        return None
    name, at = unclosed
    row, column = text.count("\n", 0, at) + line, at - text.rfind("\n", 0, at)
    message = f"tag {name} is not closed: expected ']' after its value"
    report(message, source, row, column, strict=strict, issues=issues, level="error", syntax=True,
           context=text[text.rfind("\n", 0, at) + 1 : at])
    return text[:at] + "]" + text[at:]


def _unclosed_tag(error: Exception, text: str) -> tuple[str, int] | None:
    """The name of a tag whose line ends after its value with no ``]`` (``[Board "1"`` then the next
    line), and where the ``]`` belongs; None for other errors. The parser only notices on the next
    line, and dropping that line, then the next, would lose the whole game to one missing bracket."""
    from lark.exceptions import UnexpectedToken

    if not isinstance(error, UnexpectedToken) or set(error.expected) != {"RSQB"}:
        return None
    at = error.token.start_pos if error.token.type != "$END" else len(text)
    if at is None:
        return None
    start = text.rfind("\n", 0, len(text[:at].rstrip())) + 1  # the last line holding anything
    m = _unclosed_tags().match(text, start, at)
    if m is None or ("\n" not in text[m.end("value") : at] and error.token.type != "$END"):
        return None
    return m.group("name"), m.end("value") + 1


@functools.cache
def _unclosed_tags() -> re.Pattern[str]:
    """A line holding a tag up to its value's closing quote, then only blanks to the end of the text
    searched: the broken tag the parser stopped after."""
    s = syntax()
    opening = s.opening.replace(s.name, f"(?P<name>{s.name})", 1)
    return re.compile(unrolled(r"[ \t]*" + opening + f'"(?P<value>{s.string[1:-1]})"') + r"\s*\Z")


def _closed_string(error: Exception, text: str, source: str, line: int, strict: bool,
                   issues: list[Issue]) -> str | None:
    """``text`` with a tag whose value no quote closes on its line (``[Board "3``, ``[Board "3]``) closed
    after the value, the rest of its line, the problem reported where the quote belongs; None for other
    errors and for a value a line end breaks (the next line closes it: `_repair_line` joins the two). The
    game's last line is read so too (a file cut short may have cut the value: the problem says what was
    read). Dropping the line lost the value, which the line holds whole."""
    from lark.exceptions import UnexpectedCharacters

    if not isinstance(error, UnexpectedCharacters) or error.pos_in_stream is None:
        return None
    at = error.pos_in_stream
    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    end = len(text) if end < 0 else end
    m = _unclosed_strings().match(text, start, end) if text[at : at + 1] == '"' else None
    after = text[end + 1 : text.find("\n", end + 1) if "\n" in text[end + 1 :] else len(text)]
    if m is None or _repairs()[2].match(after):
        return None
    value = m.end("value")
    row, column = text.count("\n", 0, value) + line, value - start + 1
    report(f"tag {m['name']}'s value is not closed: expected '\"' after it on its line (read as "
           f"\"{m['value']}\")", source, row, column, strict=strict, issues=issues, level="error",
           syntax=True, context=text[start:end])
    return text[:value] + '"]' + text[end:]


@functools.cache
def _unclosed_strings() -> re.Pattern[str]:
    """A line holding a tag whose value's string is not closed: its name, and its value, the rest of the
    line but for blanks and a ``]`` (no quote, backslash or bracket in it: nothing else it could be)."""
    s = syntax()
    opening = s.opening.replace(s.name, f"(?P<name>{s.name})", 1)
    return re.compile(r"[ \t]*" + opening + r'"(?P<value>[^"\\\[\]\n]*?)[ \t\r]*\]?[ \t\r]*\Z')


def _closed_comment(error: Exception, text: str, source: str, line: int, strict: bool,
                    issues: list[Issue]) -> str | None:
    """``text`` with a ``{`` that no ``}`` closes closed where `_unclosed_comment` says (a ``{`` of
    nothing blanked), the problem reported at the brace; None for other errors."""
    comment = _unclosed_comment(error, text)
    if comment is None:
        return None
    at, end = comment
    row, column = text.count("\n", 0, at) + line, at - text.rfind("\n", 0, at)
    empty = not text[at + 1 : end].strip()
    before_tag = end < len(text.rstrip())
    if strict:  # nothing is taken: the reading stops here
        message = "comment not closed: expected '}' after its text, before " + (
            "the tag after it" if before_tag else "the end of the game")
    else:
        closed = "before the tag after it" if before_tag else "at the end of the game"
        message = "comment not closed: expected '}' after its text " + (
            "(a comment of nothing, left out)" if empty else f"(taken as closed {closed})")
    report(message, source, row, column, strict=strict, issues=issues, level="error", syntax=True,
           context=text[at : text.find("\n", at) if "\n" in text[at:] else len(text)])
    return text[:at] + " " + text[at + 1 :] if empty else text[:end] + "}" + text[end:]


def _unclosed_comment(error: Exception, text: str) -> tuple[int, int] | None:
    """Where a ``{`` that no ``}`` closes stands in ``text``, and where its comment is taken to end: before
    the first lone tag line after it or the first ``%`` line after a blank line (the next game's escapes),
    else after the game's last text (a file cut short inside a comment, a brace left open by hand); None
    for other errors. Blanking the ``{`` lost the comment's text."""
    from lark.exceptions import UnexpectedCharacters

    if not isinstance(error, UnexpectedCharacters):
        return None
    at = error.pos_in_stream
    if at is None or text[at : at + 1] != "{" or "}" in text[at:]:
        return None
    end = len(text.rstrip())
    start, blank_before = text.find("\n", at), False
    while 0 <= start < end:
        after = text.find("\n", start + 1)
        following = text[start + 1 : after if after >= 0 else len(text)]
        if (following[:1] == "[" and LONE_TAG.match(following)) or (blank_before and following[:1] == "%"):
            return at, len(text[:start].rstrip())
        start, blank_before = after, not following.strip()
    return at, end


def _stray_character(error: Exception, text: str) -> int | None:
    """Where in ``text`` the lexer met a character no token starts with (a stray ``}`` after a
    comment), or None for other errors: blanking that one character keeps the rest of its line
    (the comment before it, the text after it). An unclosed string is left to `_repair_line`."""
    from lark.exceptions import UnexpectedCharacters

    if not isinstance(error, UnexpectedCharacters):
        return None
    at = error.pos_in_stream
    if at is None or at >= len(text) or text[at] in '"\n':
        return None
    return at


_CELL_RUN = lazy_compile(r'[^\s"\[\]{};\\]*')
"""The characters a stray one in a table cell may stand between: a section's, but for the stray ones."""

_TABLE_TAG = lazy_compile(r'\[\s*([A-Za-z0-9_]+)\s*"')
"""A tag's opening, for the name of the tag whose section a character stands in."""

_PERCENTAGE_CELL = lazy_compile(r"\^?\d+(?:\.\d+)?%")
"""A table cell that is a percentage, as an artificial adjusted score gives it (``^60%``, ``60%``)."""


def _table_cell(text: str, at: int) -> tuple[int, int] | None:
    """Where the table cell holding the stray character at ``at`` starts and ends (``^60%`` unquoted
    in a ScoreTable row: PBN's sections hold no ``%``); None when ``at`` is not in a table's section or
    the character stands alone (blanked, as anywhere else: no cell is read in part)."""
    if _table_name(text, at) is None:
        return None
    start = at
    while start > 0 and _CELL_RUN.fullmatch(text[start - 1]):
        start -= 1
    end = _CELL_RUN.match(text, at + 1)
    assert end is not None  # the pattern matches nothing at least
    if end.end() < len(text) and not text[end.end()].isspace():  # ``60%\``: not a cell's end, blanked
        return None
    return (start, end.end()) if end.end() - start > 1 else None  # a character alone is blanked


def _table_name(text: str, at: int) -> str | None:
    """The name of the table (a tag ending ``Table``) whose section holds ``text[at]``, or None."""
    tags = _TABLE_TAG.findall(text, 0, at)
    return tags[-1] if tags and tags[-1].endswith("Table") else None


def _cell_problem(cell: str, stray: str) -> str:
    """What the reader says of a table cell holding a character no section holds, read whole as if
    quoted: a percentage is read as the percentage a director gave; any other is no score."""
    if _PERCENTAGE_CELL.fullmatch(cell):
        return (f"table cell {cell} is not quoted (PBN quotes a cell holding '%'): read as the "
                "percentage it gives")
    return (f"unexpected character {stray!r} in table cell {cell!r}: the cell is kept whole as written, "
            "not read in part (a score in it is unknown)")


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
                items.append(Item("tag", unescape(value[1:-1]), tok.line + offset, tok.column, str(tok),
                                  _string_column(tok, value)))
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


def _string_column(name: LarkToken, value: LarkToken) -> int:
    """The column of a tag value's first character (past its quote): 0 when not on the name's line."""
    return (value.column or 0) + 1 if value.line == name.line and value.column else 0


def _tags_of_run(run: LarkToken, offset: int) -> list[Item]:
    """The tags of a TAGS token (well-formed tags separated by blanks), each with its line and column."""
    assert run.line is not None
    return _tags_in(str(run), run.line + offset, run.column or 1)


def _tags_in(text: str, line: int, column: int) -> list[Item]:
    """The tags of a run of well-formed tags starting at ``line`` and ``column`` of the file (a
    list made in one loop over plain strings: a game's tags are most of its items)."""
    items: list[Item] = []
    append = items.append
    column -= 1  # the column before the next character
    for blanks, tag, name, value in _spaced_tags().findall(text):
        if blanks:
            newlines = blanks.count("\n")
            if newlines:
                line += newlines
                column = len(blanks) - blanks.rfind("\n") - 1
            else:
                column += len(blanks)
        append(Item("tag", unescape(value) if "\\" in value else value, line, column + 1, name,
                    column + 2 + tag.index('"')))
        column += len(tag)
    return items


@functools.cache
def _spaced_tags() -> re.Pattern[str]:
    """One tag of a run, with the blanks before it, the tag itself, its name and its value as groups
    (a tag holds no line end: a string cannot)."""
    return re.compile(rf"(\s*)({tag_parts().pattern})")


@functools.cache
def _token_scan() -> re.Pattern[str]:
    """The grammar's own terminals for a game that is all tags, section text, strings, comments and
    escape lines, as one regular expression (blanks before each token skipped, as the grammar
    ignores them). ESCAPE is the grammar's without its ``^``: a ``%`` after other text on its line
    is left to the parser (see `_scan_items`)."""
    patterns = {t.name: t.pattern.to_regexp() for t in get_parser("pbn").terminals}
    kinds = ("TAGS", "SECTION", "STRING", "BRACE_COMMENT", "LINE_COMMENT")
    alternatives = [f"(?P<{k}>{patterns[k]})" for k in kinds] + ["(?P<ESCAPE>%[^\n]*)"]
    return re.compile(unrolled(r"\s*(?:" + "|".join(alternatives) + ")"))


def _scan_items(text: str, offset: int) -> list[Item] | None:
    """The items of a game read with `_token_scan` (what the grammar gives, much faster), or None
    when the game holds anything else (a broken tag or string, a ``%`` after blanks or after other
    text on its line): the parser then reads it and reports the problem. The tokens start with
    distinct characters, so the first that matches is the one the grammar's lexer takes."""
    match = _token_scan().match
    items: list[Item] = []
    append = items.append
    count, rfind = text.count, text.rfind
    pos, line, line_start = 0, 1, 0
    while (m := match(text, pos)) is not None:
        kind = m.lastgroup
        assert kind is not None  # one of the named alternatives matched
        start, pos = m.span(kind)
        if kind == "ESCAPE" and start and text[start - 1] != "\n":
            return None  # "%" after blanks: the parser says what the grammar makes of it
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
        elif kind == "ESCAPE":
            append(Item("escape", value.strip(), line + offset, column))
        else:
            append(Item("comment", value, line + offset, column))
        newlines = count("\n", start, pos)
        if newlines:
            line += newlines
            line_start = rfind("\n", start, pos) + 1
    return items if pos == len(text) or text[pos:].isspace() else None
