"""LIN's pairs as grammars/lin.lark defines them, read from a stream chunk by chunk (formats.md §8.1).

The grammar is the one definition of what a code, a value, a note between pairs and a tail are, and of
which codes head a vugraph header, open a board, or belong to its auction or play. The reader scans the
grammar's own terminals with regular expressions made of them (`grammar`): runs of plain pairs in one
``finditer``, anything else one pair at a time. Lark's LALR parser finds the same tokens (a test checks it
on every file) but would spend most of the reading time building a tree that the reader does not need.
Line ends are not syntax: those inside a value are removed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import NamedTuple, TextIO

from bridgetools.errors import Issue
from bridgetools.formats._problems import report

CHUNK_CHARS = 1 << 16
"""How much text is read at a time; a chunk is cut after its last whole pair."""


class Pair(NamedTuple):
    """One ``code|value|`` pair, where its code starts in the file (1-based line and column)."""

    code: str
    value: str
    line: int
    column: int
    value_at: int = 0
    """The column of the value's first character when the file puts blanks before its bar (0: none)."""

    @property
    def value_column(self) -> int:
        """The column of the value's first character, where a bad value's problem is placed."""
        return self.value_at or self.column + len(self.code) + 1


class Grammar(NamedTuple):
    """What the reader takes from grammars/lin.lark: its pair scanners and the rule each known code is in."""

    scanner: re.Pattern[str]
    """Any one pair: spaces, maybe a note that is not LIN (group ``note``), a code (``code``) or
    something in its place (``bad``), spaces, and the value (``value``) between its bars."""
    plain: re.Pattern[str]
    """A pair with its code right before its bar: the code and the value, as groups 1 and 2 (most pairs)."""
    rule_of: dict[str, str]

    def codes(self, *rules: str) -> frozenset[str]:
        """The codes of the grammar's ``rules`` (``header``, ``opening``...), lower case."""
        return frozenset(code for code, rule in self.rule_of.items() if rule in rules)


@functools.cache
def grammar() -> Grammar:
    """The scanners made of the grammar's terminals, and the rule of each code the grammar names."""
    from bridgetools.formats._lark import get_parser

    parser = get_parser("lin")
    terminal = {t.name: t.pattern.to_regexp() for t in parser.terminals}
    space, bar, value = f"(?:{terminal['WS']})?", terminal["VBAR"], terminal["VALUE"]
    scanner = re.compile(
        f"{space}(?:(?P<note>{terminal['NOT_LIN']}){space})?"
        f"(?:(?P<code>{terminal['CODE']})|(?P<bad>{terminal['BAD_CODE']}))?{space}"
        f"{bar}(?P<value>{value})?{bar}"
    )
    plain = re.compile(f"{space}({terminal['CODE']}){bar}({value})?{bar}")
    rule_of = {}
    for rule in parser.rules:
        for symbol in rule.expansion:
            if symbol.is_term and re.fullmatch(r"[A-Z]{2}", symbol.name):
                rule_of[symbol.name.lower()] = str(rule.origin.name)
    return Grammar(scanner, plain, rule_of)


def _clean(value: str) -> str:
    """A value without the line ends tools put inside or around it (formats.md §8.1)."""
    return value.replace("\r", "").replace("\n", "")


def read_pairs(
    stream: TextIO, source: str, strict: bool = False, issues: list[Issue] | None = None
) -> Iterator[Pair]:
    """The ``code|value|`` pairs of a LIN text, chunk by chunk (a chunk always ends after a pair).

    A field with no code, a note between pairs, or text after the last pair is an `Issue` in
    ``issues`` (raised as `ParseError` when ``strict``).
    """
    carry = ""
    line, column = 1, 1  # where the next chunk starts
    first = True
    while True:
        data = stream.read(CHUNK_CHARS)
        if first:  # a byte order mark a text stream opened as plain UTF-8 keeps
            data, first = data.removeprefix("\ufeff"), False
        if "\x1a" in data:  # DOS's end-of-file mark
            data = data.replace("\x1a", "")
        text = carry + data
        if not text:
            return
        chunk, carry = _cut(text) if data else (text, "")
        if chunk is None:
            carry = text
            continue
        yield from _chunk_pairs(_Chunk(chunk, source, line, column, strict, issues))
        newlines = chunk.count("\n")
        column = len(chunk) - chunk.rfind("\n") if newlines else column + len(chunk)
        line += newlines
        if not data:
            return


def _cut(text: str) -> tuple[str | None, str]:
    """``text`` cut after its last whole pair (an even number of bars), and the rest; None: no pair yet."""
    end = text.rfind("|")
    if end >= 0 and text.count("|", 0, end + 1) % 2:
        end = text.rfind("|", 0, end)
    if end < 0:
        return None, text
    return text[: end + 1], text[end + 1 :]


class _Chunk:
    """A chunk of text being scanned, and where in the file its current line starts."""

    def __init__(
        self, text: str, source: str, line: int, column: int, strict: bool, issues: list[Issue] | None
    ) -> None:
        self.text, self.source, self.strict, self.issues = text, source, strict, issues
        self.line = line
        self.line_start = 1 - column  # the offset the current line starts at: column = offset - it + 1
        self.counted = 0  # the lines before this offset are counted in self.line

    def place(self, offset: int) -> tuple[int, int]:
        """Line and column of ``offset``, at or after the last offset placed."""
        newlines = self.text.count("\n", self.counted, offset)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rfind("\n", self.counted, offset) + 1
        self.counted = offset
        return self.line, offset - self.line_start + 1

    def problem(self, message: str, offset: int, context: str) -> None:
        line, column = self.place(offset)
        report(message, self.source, line, column, strict=self.strict, issues=self.issues, context=context,
               syntax=True)  # text that is no LIN pair


def _chunk_pairs(chunk: _Chunk) -> list[Pair]:
    """The pairs of one chunk, placed in the file: runs of plain pairs, and the others one by one."""
    pairs: list[Pair] = []
    pos, end = 0, len(chunk.text)
    while pos < end:
        pos = _plain_pairs(chunk, pos, pairs.append)
        if pos < end:
            pos = _any_pair(chunk, pos, pairs.append)
    return pairs


def _plain_pairs(chunk: _Chunk, pos: int, add: Callable[[Pair], None]) -> int:
    """The plain pairs from ``pos`` on, up to the first other text, given to ``add``; where they end."""
    for m in grammar().plain.finditer(chunk.text, pos):
        if m.start() != pos:
            break
        code, value = m.groups()
        at = m.start(1)
        line, column = chunk.place(at) if at != pos else (chunk.line, at - chunk.line_start + 1)
        pos = m.end()
        if value is None:
            value = ""
        elif "\n" in value or "\r" in value:
            value = _clean(value)
            chunk.place(pos)
        add(Pair(code, value, line, column))
    return pos


def _any_pair(chunk: _Chunk, pos: int, add: Callable[[Pair], None]) -> int:
    """The pair at ``pos``, whatever it holds (a note before it, no code, line ends), or the tail; where
    it ends. Its problems are said."""
    m = grammar().scanner.match(chunk.text, pos)
    if m is None:
        _tail(chunk, pos)
        return len(chunk.text)
    value = _clean(m.group("value") or "")
    if m.start("note") >= 0:
        _note(chunk, m)
    code = m.group("code")
    if code is None:
        _bad_code(chunk, m, value)
    else:
        line, column = chunk.place(m.start("code"))
        add(Pair(code, value, line, column, _value_at(chunk.text, m, column)))
    chunk.place(m.end())
    return m.end()


def _value_at(text: str, m: re.Match[str], column: int) -> int:
    """The column of the value of the pair ``m`` found, whose code is in ``column``: past the blanks
    before its bar; 0 when a line ends between (the value's problem is then placed at the code)."""
    start = m.start("value") if m.start("value") >= 0 else m.end() - 1
    between = text[m.start("code"):start]
    return 0 if "\n" in between or "\r" in between else column + len(between)


def _tail(chunk: _Chunk, pos: int) -> None:
    """Text after the last pair, said unless blank."""
    tail = chunk.text[pos:]
    stripped = tail.strip()
    if stripped:
        chunk.problem(
            f"unterminated LIN pair {stripped[:30]!r} at the end: expected 'code|value|'",
            pos + len(tail) - len(tail.lstrip()), stripped[:40],
        )  # fmt: skip


def _note(chunk: _Chunk, m: re.Match[str]) -> None:
    """A lesson file's note to itself at a line end (``cb|30 |light red``): the next line still starts
    with its code, which is read; the note is said and left out."""
    note = m.group("note")
    chunk.problem(
        f"text between pairs is not LIN: {note.strip()[:30]!r} left out",
        m.start("note"), f"{chunk.text[m.start('note'):m.end('code')][:30]}|",
    )  # fmt: skip


def _bad_code(chunk: _Chunk, m: re.Match[str], value: str) -> None:
    """A field whose code is not a code: said, and the pair left out."""
    bad = m.group("bad") or ""
    at = m.start("bad") if bad else m.start("value") - 1 if m.start("value") >= 0 else m.end() - 2
    shown = f"found {bad[:20]!r}" if bad else "found nothing"
    chunk.problem(
        f"expected a two-letter LIN code before '|', {shown}", at, f"{bad[:20]}|{value[:20]}|"
    )
