"""The bodies of PBN sections: auction calls, play tricks and table rows, as token streams (§3.5-§3.6, §5).

Section text reaches here as the grammar found it (runs of section tokens, strings, comments, in
file order). Tokens are split here with one regular expression, so glued forms such as ``1S!!=1=$3``
come apart into a call, a suffix, a note reference and a NAG.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Call and card suffixes and the NAGs they stand for (§3.7): calls $1-$6, cards $7-$12.
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
CARD_NAG_OFFSET = 6

_TOKEN = re.compile(
    r"=(?P<note>\d+)="
    r"|\$(?P<nag>\d+)"
    r"|(?P<suffix>[!?]{1,2})"
    r"|\^(?P<irregular>[A-Za-z])"
    r"|(?P<word>[A-Za-z0-9]+)"
    r"|(?P<mark>[-*+])"
    r"|(?P<other>\S+?(?=[\s=$!?^*+]|$))"
)


@dataclass(slots=True)
class Token:
    """One section token with where it stands in the file."""

    kind: str
    """``word`` (a call or card), ``mark`` (``-`` ``*`` ``+``), ``note``, ``nag``, ``suffix``,
    ``irregular``, ``string``, ``comment`` or ``other`` (not a PBN token)."""
    text: str
    line: int
    column: int


def tokens(parts: list[tuple[str, str, int, int]]) -> list[Token]:
    """The tokens of a section body, given as (kind, text, line, column) parts from the grammar.

    ``kind`` is ``text`` for section token runs; strings and comments pass through as one token.
    """
    out: list[Token] = []
    for kind, text, line, column in parts:
        if kind != "text":
            out.append(Token(kind, text, line, column))
            continue
        line_start = 0  # index in text of the start of the current line
        newlines_seen = 0
        for m in _TOKEN.finditer(text):
            start = m.start()
            if text.count("\n", line_start, start):
                newlines_seen += text.count("\n", line_start, start)
                line_start = text.rfind("\n", 0, start) + 1
            if newlines_seen:
                where_line, where_col = line + newlines_seen, start - line_start + 1
            else:
                where_line, where_col = line, column + start
            group = m.lastgroup or "other"
            value = m.group(group)
            out.append(Token(group, value, where_line, where_col))
    return out


@dataclass(slots=True)
class Marked:
    """A call or card as written, with its annotations (PBN keeps them in file order)."""

    text: str
    line: int
    column: int
    note: int | None = None
    nags: list[int] = field(default_factory=list)
    irregular: str | None = None
    comments: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Body:
    """A section body split into its calls or cards, the end mark, and what could not be read."""

    items: list[Marked] = field(default_factory=list)
    end: str | None = None
    """``*`` (no more calls or cards given) or ``+`` (to be continued), when the body says so."""
    leading_comments: list[str] = field(default_factory=list)
    problems: list[tuple[str, int, int]] = field(default_factory=list)
    """(message, line, column) for tokens that are not part of the section's language."""


def split_body(toks: list[Token], nag_offset: int) -> Body:
    """Group tokens into calls or cards with their annotations (suffixes become NAGs)."""
    body = Body()
    pending_irregular: str | None = None
    last: Marked | None = None
    for tok in toks:
        kind = tok.kind
        if kind in ("word", "other") or (kind == "mark" and tok.text == "-"):
            last = Marked(tok.text, tok.line, tok.column, irregular=pending_irregular)
            pending_irregular = None
            body.items.append(last)
            continue
        if kind == "mark":
            if tok.text == "+":
                # '+' stands in for the next call or card (§3.5, §3.6): a slot of its own.
                last = Marked("+", tok.line, tok.column)
                body.items.append(last)
            body.end = tok.text
            continue
        if kind == "comment":
            (last.comments if last is not None else body.leading_comments).append(tok.text)
            continue
        if kind == "irregular":
            letter = tok.text.upper()
            if letter == "S":  # a skipped player: ^S stands in place of the call
                last = Marked("^S", tok.line, tok.column, irregular="S")
                body.items.append(last)
            else:
                pending_irregular = letter
            continue
        if last is None or kind == "string":
            what = f"{tok.text!r}" if kind != "string" else "a string"
            body.problems.append((f"unexpected {what} in the section", tok.line, tok.column))
            continue
        if kind == "note":
            if last.note is not None:
                body.problems.append(
                    (f"second note reference {tok.text}= after {last.text}", tok.line, tok.column)
                )
            last.note = int(tok.text)
        elif kind == "nag":
            value = int(tok.text)
            if value > 255:
                body.problems.append((f"NAG ${value} is out of range (0-255)", tok.line, tok.column))
            last.nags.append(value)
        elif kind == "suffix":
            if tok.text not in SUFFIX_NAGS:
                body.problems.append((f"unknown suffix {tok.text!r}", tok.line, tok.column))
                continue
            last.nags.append(SUFFIX_NAGS[tok.text] + nag_offset)
    return body


def table_rows(
    parts: list[tuple[str, str, int, int]], columns: int
) -> tuple[list[list[str]], list[str], list[tuple[str, int, int]]]:
    """Regroup a table's cells into rows of ``columns`` cells (§5.2: a row may wrap over lines).

    ``parts`` are the section's (kind, text, line, column) pieces from the grammar: cells are the
    whitespace-separated runs of section text, and strings (names with spaces) are one cell each.
    Returns the rows, the comments found (kept, though §5 allows none between cells) and problems
    as (message, line, column).
    """
    cells: list[str] = []
    comments: list[str] = []
    problems: list[tuple[str, int, int]] = []
    last_line, last_column = 0, 0
    for kind, text, line, column in parts:
        if kind == "comment":
            comments.append(text)
        elif kind == "string":
            cells.append(text)
        else:
            cells.extend(text.split())
        last_line, last_column = line, column
    width = max(columns, 1)
    rows = [cells[i : i + width] for i in range(0, len(cells), width)]
    if rows and len(rows[-1]) != width:
        problems.append((f"table row has {len(rows[-1])} cells, expected {width}", last_line, last_column))
    return rows, comments, problems
