"""The bodies of PBN sections: auction calls, play tricks and table rows, as token streams (§3.5-§3.6, §5).

Section text reaches here as the grammar found it (runs of section tokens, strings, comments, in
file order). Tokens are split here with one regular expression, so glued forms such as ``1S!!=1=$3``
come apart into a call, a suffix, a note reference and a NAG.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from bridgetools._lazy import lazy_build, lazy_compile
from bridgetools.formats._cards import CARDS_BY_TEXT
from bridgetools.formats._nags import SUFFIX_NAGS
from bridgetools.formats.pbn_syntax import lone_tag
from bridgetools.formats.pbn_values import NOTE_NUMBERS

LONE_TAG = lazy_build(lone_tag)
"""A line holding one tag and nothing else: after a blank line inside commentary, it ends the game."""


_TOKEN = lazy_compile(
    r"=(?P<note>\d+)="
    r"|\$(?P<nag>\d+)"
    r"|(?P<suffix>[!?]{1,2})"
    r"|\^(?P<irregular>[A-Za-z])"
    r"|(?P<word>[A-Za-z0-9♠-♧]+)"  # suit symbols too: hand-made files write 1♣ for 1C
    r"|(?P<mark>-+|[*+])"
    r"|(?P<other>\S+?(?=[\s=$!?^*+]|$))"
)


_PLAIN = lazy_compile(r"\s*(?:(?:[A-Za-z0-9]+|-+|[*+])(?:\s+|$))*")
PLAIN_WORDS = frozenset(
    {*CARDS_BY_TEXT, "-", "*", "AP", "Pass", "PASS", "pass", "X", "XX", "x", "xx"}
    | {f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT", "N")}
)
"""Words that `_PLAIN` takes (a card, a call, ``-``, ``*``), known without it: a section of them
alone, as nearly every file writes them, is plain at a set lookup a word."""
_RUN = lazy_compile(r"\S+")


@dataclass(frozen=True, slots=True)
class Part:
    """A piece of a section as the grammar found it: ``text`` (a run of section tokens),
    ``string`` or ``comment``, with the line and column where it starts."""

    kind: str
    text: str
    line: int
    column: int

    def locate(self, offset: int) -> tuple[int, int]:
        """Line and column of ``offset`` in this part (``-(i + 1)``: the i-th blank-separated run)."""
        if offset < 0:
            runs = _RUN.finditer(self.text)
            for _ in range(-offset):
                found = next(runs, None)
            offset = found.start() if found is not None else 0
        newlines = self.text.count("\n", 0, offset)
        if not newlines:
            return self.line, self.column + offset
        return self.line + newlines, offset - self.text.rfind("\n", 0, offset)


class Marked(NamedTuple):
    """A call or card as written, with its annotations (PBN keeps them in file order) and where it is."""

    text: str
    part: Part
    offset: int
    note: int | None = None
    nags: tuple[int, ...] = ()
    irregular: str | None = None
    comments: tuple[str, ...] = ()

    @property
    def line(self) -> int:
        return self.part.locate(self.offset)[0]

    @property
    def column(self) -> int:
        return self.part.locate(self.offset)[1]


_new_marked = tuple.__new__  # a Marked without the keyword handling of its constructor (hot loop)


@dataclass(slots=True)
class Body:
    """A section body split into its calls or cards, the end mark, and what could not be read."""

    items: list[Marked] = field(default_factory=list)
    end: str | None = None
    """``*`` (no more calls or cards given) or ``+`` (to be continued), when the body says so."""
    leading_comments: list[str] = field(default_factory=list)
    trailing_comments: list[str] = field(default_factory=list)
    """Comments after the end ``*``: after the play and its claim, not on the last call or card."""
    problems: list[tuple[str, Part, int, bool]] = field(default_factory=list)
    """(message, part, offset, syntax) for tokens that are not part of the section's language (syntax:
    True) or that mark a call or card doubtfully (a NAG for the other kind: `Issue.syntax` False)."""

    def problem(self, found: tuple[str, Part, int], syntax: bool = False) -> None:
        """Keep the problem ``found`` (message, part, offset); ``syntax``: the text is not PBN's."""
        self.problems.append((*found, syntax))


def split_body(parts: list[Part], nag_offset: int) -> Body:
    """Calls or cards with their annotations (suffixes become NAGs), from a section's parts.

    Plain text (calls, cards, ``-``, ``*``, ``+`` separated by blanks, as most files have it) is
    split on blanks; anything else goes through the full token pattern, which takes glued forms
    such as ``1S!!=1=$3`` apart.
    """
    body = Body()
    state = _State(body, nag_offset)
    for part in parts:
        if part.kind != "text":
            state.token(part.kind, part.text, part, 0)
        elif _PLAIN.fullmatch(part.text):
            words = part.text.split()
            if "+" in part.text or state.pending_irregular:
                for i, word in enumerate(words):
                    kind = "mark" if word in ("*", "+") or word[0] == "-" else "word"
                    state.token(kind, word, part, -(i + 1))
            else:  # calls, cards, '-' and the end mark '*', as `_State.token` takes them
                if "*" in words:
                    body.end = "*"
                body.items.extend(
                    [
                        _new_marked(Marked, ("-" if w[0] == "-" else w, part, ~i, None, (), None, ()))
                        for i, w in enumerate(words)
                        if w != "*"
                    ]
                )
        else:
            state.runs(part)
    if state.annotated:
        _check_annotations(body, nag_offset)
    if state.plus:
        _check_continuation(body, in_play=nag_offset > 0)
    return body


def plain_words(texts: list[str]) -> tuple[list[str], bool] | None:
    """The words of a section's text runs written plainly (calls, cards, ``-`` and ``*`` separated
    by blanks, no ``+``), without ``*``, and whether ``*`` ended it; None for anything else.
    `split_body` gives such a section as these words, each unannotated, and the end ``*``."""
    words: list[str] = []
    dashes = False
    for text in texts:
        split = text.split()
        if not PLAIN_WORDS.issuperset(split) and ("+" in text or not _PLAIN.fullmatch(text)):
            return None
        words.extend(split)
        dashes = dashes or "-" in text
    ended = "*" in words
    if ended:
        if words[-1] == "*" and words.count("*") == 1:  # the usual place, at the end
            words.pop()
        else:
            words = [w for w in words if w != "*"]
    if dashes:
        words = ["-" if w[0] == "-" else w for w in words]
    return words, ended


def _check_continuation(body: Body, in_play: bool) -> None:
    """'+' stands once, for the next call or card (§3.5, §3.6): no call may follow it; in the play
    only cards of the same trick row (played before it, in seat columns) and '-' may."""
    plus = [i for i, item in enumerate(body.items) if item.text == "+"]
    if not plus:
        return
    for i in plus[1:]:
        body.problem(("'+' again: it stands once, for the next call or card", body.items[i].part,
                      body.items[i].offset), syntax=True)
    for i, item in enumerate(body.items[plus[0] + 1 :], plus[0] + 1):
        if item.text in ("-", "+") or (in_play and i // 4 == plus[0] // 4):
            continue
        body.problem(
            (f"{item.text!r} after '+', which stands for the next call or card", item.part, item.offset),
            syntax=True,
        )
    if body.end == "*":
        body.problem(
            (
                "'*' after '+': an unfinished section ends with one of them",
                body.items[plus[0]].part,
                body.items[plus[0]].offset,
            ),
            syntax=True,
        )


def _check_annotations(body: Body, nag_offset: int) -> None:
    """Note references 1-32 and NAGs of the right section, at most one suffix NAG each (§3.5.2, §3.7)."""
    own = range(1 + nag_offset, 7 + nag_offset)
    foreign = range(7 - nag_offset, 13 - nag_offset)
    for item in body.items:
        if item.note is not None and item.note not in NOTE_NUMBERS:
            body.problem((f"note reference ={item.note}= is not 1 to 32", item.part, item.offset))
        if not item.nags:
            continue
        wrong = [n for n in item.nags if n in foreign or n == (14 if nag_offset == 0 else 13)]
        if wrong:
            what = "calls" if nag_offset else "cards"
            body.problem((f"NAG ${wrong[0]} is for {what} (§3.7)", item.part, item.offset))
        if sum(1 for n in item.nags if n in own) > 1:
            body.problem((f"{item.text} has more than one suffix NAG", item.part, item.offset))


class _State:
    """Where `split_body` is: the items so far (annotations go to the last) and a pending ``^I``."""

    __slots__ = ("annotated", "body", "nag_offset", "pending_irregular", "plus", "suffixed")

    def __init__(self, body: Body, nag_offset: int) -> None:
        self.body = body
        self.nag_offset = nag_offset
        self.pending_irregular: str | None = None
        self.suffixed: set[int] = set()
        self.annotated = False  # a note reference, NAG or suffix seen: worth checking
        self.plus = False

    def token(self, kind: str, text: str, part: Part, offset: int) -> None:
        """Take one token of the section: a call or card, a mark, a comment, an irregularity, or an
        annotation of the call or card before it."""
        items = self.body.items
        if kind == "mark" and text[0] == "-":
            text = "-"
        if kind in ("word", "other") or (kind == "mark" and text == "-"):
            items.append(Marked(text, part, offset, irregular=self.pending_irregular))
            self.pending_irregular = None
        elif kind == "mark":
            if text == "+":
                # '+' stands in for the next call or card (§3.5, §3.6): a slot of its own.
                items.append(Marked("+", part, offset))
                self.plus = True
            self.body.end = text
        elif kind == "comment":
            if self.body.end == "*":
                self.body.trailing_comments.append(text)
            elif items:
                items[-1] = items[-1]._replace(comments=(*items[-1].comments, text))
            else:
                self.body.leading_comments.append(text)
        elif kind == "irregular":
            self._irregular(text.upper(), part, offset)
        elif not items or kind == "string":
            what = f"{text!r}" if kind != "string" else "a string"
            self.body.problem((f"unexpected {what} in the section", part, offset), syntax=True)
        else:
            self.annotated = True
            self._annotate(kind, text, part, offset)

    def runs(self, part: Part) -> None:
        """Take a text part that is not plain, a blank-separated run at a time: a lone call or card,
        or a lone note reference, without the token pattern (annotated sections, as Schiphol's
        ``4NT =2= X``, are mostly such runs); any other run through it, as `split_body` would take
        the whole part (every token lies within a run, so the runs give the same tokens)."""
        items, text = self.body.items, part.text
        for run in _RUN.finditer(text):
            word, start = run.group(), run.start()
            if word.isalnum() and word.isascii() and self.pending_irregular is None:
                items.append(_new_marked(Marked, (word, part, start, None, (), None, ())))
            elif len(word) > 2 and word[0] == "=" == word[-1] and word[1:-1].isdecimal():
                self.token("note", word[1:-1], part, start)
            else:
                for m in _TOKEN.finditer(word):
                    kind = m.lastgroup or "other"
                    self.token(kind, m.group(kind), part, start + m.start())

    def _irregular(self, letter: str, part: Part, offset: int) -> None:
        """``^S`` stands in place of a skipped player's call; other letters mark the next call or card."""
        if letter == "S":
            self.body.items.append(Marked("^S", part, offset, irregular="S"))
        else:
            self.pending_irregular = letter

    def _annotate(self, kind: str, text: str, part: Part, offset: int) -> None:
        """A note reference, NAG or suffix, put on the last call or card."""
        body, items = self.body, self.body.items
        last = items[-1]
        if kind == "note":
            if last.note is not None:
                body.problem((f"second note reference ={text}= after {last.text}", part, offset))
            items[-1] = last._replace(note=int(text))
        elif kind == "nag":
            value = int(text)
            if value > 255:
                body.problem((f"NAG ${value} is out of range (0-255)", part, offset))
            items[-1] = last._replace(nags=(*last.nags, value))
        elif kind == "suffix":
            if len(items) in self.suffixed:
                body.problem((f"a second suffix {text!r} after {last.text}", part, offset))
            self.suffixed.add(len(items))
            if text not in SUFFIX_NAGS:
                body.problem((f"unknown suffix {text!r}", part, offset), syntax=True)
                return
            items[-1] = last._replace(nags=(*last.nags, SUFFIX_NAGS[text] + self.nag_offset))


def table_rows(
    parts: list[tuple[str, str, int, int]], columns: int, unread: str = "it is not read",
    fits: Callable[[list[str]], bool] | None = None,
) -> tuple[list[list[str]], list[str], list[tuple[str, int, int, bool]]]:
    """Regroup a table's cells into rows of ``columns`` cells (§5.2: a row may wrap over lines).

    ``parts`` are the section's (kind, text, line, column) pieces from the grammar: cells are the
    whitespace-separated runs of section text, and strings (names with spaces) are one cell each.
    The cells are read in order, a row each ``columns`` cells, through lines that together hold whole rows
    (`_rows_by_line`); a line that cannot belong to them (a cell too many or missing) is a row of its own
    that lines up with no column (``unread`` says what comes of it), so the rows after it are not shifted;
    ``fits`` checks a row read across lines (`_rows_by_line`). Returns the rows, the comments found (kept,
    though §5 allows none between cells) and problems
    as (message, line, column, syntax): a line whose cells line up with no column is not the table's
    syntax (`Issue.syntax`); a tab in a string is read as a space.
    """
    cells: list[str] = []
    comments: list[str] = []
    problems: list[tuple[str, int, int, bool]] = []
    for kind, text, line, column in parts:
        if kind == "comment":
            comments.append(text)
        elif kind == "string":
            if "\t" in text:  # as in a tag value: a string holds no tab, and the export writes none
                problems.append(("a tab in a table string (read as a space)", line, column, False))
                text = text.replace("\t", " ")
            cells.append(text)
        else:
            cells.extend(text.split())
    rows, uneven = _rows_by_line(cells, _line_cells(parts), max(columns, 1), unread, fits)
    return rows, comments, problems + [(*problem, True) for problem in uneven]


def _line_cells(parts: list[tuple[str, str, int, int]]) -> list[tuple[int, int, int]]:
    """Each line of a table's section holding cells, in file order: (line, column of its first cell, how
    many cells it holds)."""
    lines: dict[int, list[int]] = {}
    for line, column in cell_places(parts):
        lines.setdefault(line, []).append(column)
    return [(line, columns[0], len(columns)) for line, columns in lines.items()]


def _each_line_off_by_one(counts: list[int], width: int) -> bool:
    """Whether every line of a table holds one cell more than a row, or every line one fewer: a cell too
    many or missing on each line (a column the header lacks or has too many), not rows wrapped."""
    return len(counts) > 1 and width > 2 and len(set(counts)) == 1 and abs(counts[0] - width) == 1


def _rows_by_line(cells: list[str], lines: list[tuple[int, int, int]], width: int, unread: str,
                  fits: Callable[[list[str]], bool] | None = None
                  ) -> tuple[list[list[str]], list[tuple[str, int, int]]]:
    """The rows of a table's cells read in order, ``width`` a row, through each run of lines that together
    hold whole rows (a line of several rows, a row wrapped over lines, §5.2). A line from which no run
    of lines makes whole rows is a row of its own cells that lines up with no column (a cell too many or
    missing: which, the file does not say), with a problem at it; the cells of a last row after rows that
    line up, fewer than a row, are that row's first cells (its trailing cells missing). A run whose rows
    start inside a line is taken only when fewer of its rows fail to ``fit`` their columns than of its lines
    read a row each (`_shifted`): a line with a cell too many and a later one with a cell missing make whole
    rows together, and the rows between, read across them, would each be shifted a cell (a contract read as
    a declarer); each such line is then a row of its own, and the lines between read a row each."""
    rows: list[list[str]] = []
    problems: list[tuple[str, int, int]] = []
    counts = [count for *_, count in lines]
    starts = [sum(counts[:at]) for at in range(len(counts) + 1)]
    at = 0
    if _each_line_off_by_one(counts, width):  # one problem for the table, not one a line
        problems.append((f"every line holds {counts[0]} cells where each row has {width} (a cell "
                         f"{'too many' if counts[0] > width else 'missing'} on each): no row lines up with a "
                         f"column, so {unread}", lines[0][0], lines[0][1]))
        return [cells[start : start + count] for start, count in zip(starts, counts, strict=False)], problems
    while at < len(lines):
        end = next((end for end in range(at + 1, len(lines) + 1)
                    if (starts[end] - starts[at]) % width == 0), None)
        if end is not None and not _shifted(cells, starts[at:end + 1], width, fits):
            rows.extend(cells[first : first + width] for first in range(starts[at], starts[end], width))
            at = end
            continue
        line, column, count = lines[at]
        if len(cells) - starts[at] < width and not problems:
            rows.append(cells[starts[at]:])
            problems.append((f"table row has {len(rows[-1])} cells, expected {width}: its trailing cells "
                             "are missing (the cells it has are read)", line, column))
            break
        rows.append(cells[starts[at] : starts[at] + count])
        problems.append((f"line holds {count} cells where each row has {width} (a cell "
                         f"{'too many' if count > width else 'missing'}: a name with spaces not in "
                         f"quotes?); its row lines up with no column, so {unread}; the other lines are "
                         "read a row each", line, column))
        at += 1
    return rows, problems


def _shifted(cells: list[str], starts: list[int], width: int, fits: Callable[[list[str]], bool] | None
             ) -> bool:
    """Whether the rows of a run of lines (``starts``: where each line's cells start, and where the run
    ends) would be read shifted: some row starts inside a line, and as many of its rows do not fit their
    columns as there are lines that, read a row each, line up with none or hold a row that does not fit.
    Counted against the lines, not alone: a row wrapped so with one odd cell (a contract ``3NY``, a score
    ``A+``) does not fit, yet read line by line every row of the run would be lost."""
    first, end = starts[0], starts[-1]
    lines = set(starts)
    if fits is None or all(at in lines for at in range(first, end, width)):
        return False
    across = sum(not fits(cells[at : at + width]) for at in range(first, end, width))
    by_line = sum(1 if (stop - start) % width else sum(not fits(cells[at : at + width])
                                                      for at in range(start, stop, width))
                  for start, stop in itertools.pairwise(starts))
    return across > 0 and across >= by_line


def cell_places(parts: list[tuple[str, str, int, int]]) -> list[tuple[int, int]]:
    """The (line, column) of each cell of a table's section, in the order `table_rows` reads them, so
    that a problem with one cell can name its place."""
    places: list[tuple[int, int]] = []
    for kind, text, line, column in parts:
        if kind == "string":
            places.append((line, column))
        elif kind != "comment":  # a run of text may span lines
            breaks, line_start = 0, None  # line_start: the offset after the last line end passed
            for m in re.finditer(r"\S+|\n", text):
                if m.group() == "\n":
                    breaks, line_start = breaks + 1, m.end()
                else:
                    at = column + m.start() if line_start is None else m.start() - line_start + 1
                    places.append((line + breaks, at))
    return places
