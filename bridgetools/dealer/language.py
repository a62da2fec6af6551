"""The dealer input language: parse a script (or a bare condition) into an immutable `Script` AST.

The language is Hans van Staveren's *dealer* as its manual documents it (also BBO's deal generator).
Variables are bound when they are used, as dealer binds them, so a variable is the expression it names;
the AST shares that expression wherever the variable is used, and the compiler evaluates it once.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import re
import sys
import threading
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar, dataclass_transform

from bridgetools._files import readable_name
from bridgetools._lazy import lazy_compile
from bridgetools._words import close_word
from bridgetools.dealer.dealerv2 import SCRIPT_PARAMETER, TITLE_STATEMENT, dealerv2_word, seed_statement
from bridgetools.dealer.predicates import BALANCED, SEMI_BALANCED
from bridgetools.errors import ParseError
from bridgetools.model import Card, Contract, Hand, NotationError, Seat, Strain, Suit, Vul
from bridgetools.model.hand import parse_holding

if TYPE_CHECKING:
    from lark import Lark, Token, Tree

    Child: TypeAlias = "Tree[Token] | Token | None"
    """A child of a parse tree: a subtree, a token, or None where an optional part is absent."""

# --------------------------------------------------------------------------------------------------
# Expressions


class Expr:
    """Base of every expression node; each node evaluates to one integer per deal."""

    __slots__ = ()


_E = TypeVar("_E", bound=Expr)


@dataclass_transform(eq_default=False, frozen_default=True)
def node(cls: type[_E]) -> type[_E]:
    """The decorator of every expression node: immutable, and equal only to itself, so a variable's expression
    shared across the tree is one node that the compiler evaluates once (by identity)."""
    return dataclass(frozen=True, slots=True, eq=False)(cls)


@node
class Num(Expr):
    """An integer constant."""

    value: int


@node
class Binary(Expr):
    """``left op right`` for op in or, and, eq, ne, lt, le, gt, ge, add, sub, mul, div, mod."""

    op: str
    left: Expr
    right: Expr


@node
class Unary(Expr):
    """``!x`` (op ``not``) or ``-x`` (op ``neg``)."""

    op: str
    operand: Expr


@node
class IfElse(Expr):
    """``test ? then : other``."""

    test: Expr
    then: Expr
    other: Expr


@node
class Length(Expr):
    """``spades(north)``: the number of cards a seat holds in a suit."""

    seat: Seat
    suit: Suit


@node
class Count(Expr):
    """A per-card count over a hand or one suit: ``hcp``, ``pt0``..``pt9``, ``losers``, ``controls``."""

    kind: str
    seat: Seat
    suit: Suit | None = None


@node
class Cccc(Expr):
    """``cccc(seat)``: the Kaplan-Rubens hand evaluation (The Bridge World, October 1982) times 100."""

    seat: Seat


@node
class Quality(Expr):
    """``quality(seat, suit)``: the Kaplan-Rubens suit quality times 100."""

    seat: Seat
    suit: Suit


@node
class ShapeIn(Expr):
    """``shape(seat, ...)``: 1 when the seat's (spades, hearts, diamonds, clubs) is one of ``shapes``."""

    seat: Seat
    shapes: frozenset[tuple[int, int, int, int]]


@node
class HasCard(Expr):
    """``hascard(seat, AS)``."""

    seat: Seat
    card: Card


@node
class Tricks(Expr):
    """``tricks(seat, strain)``: the tricks ``seat`` takes as declarer in ``strain``, double dummy."""

    seat: Seat
    strain: Strain
    line: int | None = None
    column: int | None = None


@node
class ScoreOf(Expr):
    """``score(vul, x3N, tricks)``: declarer's duplicate score."""

    vulnerable: bool
    contract: Contract
    tricks: Expr


@node
class Imps(Expr):
    """``imps(difference)``: a score difference on the WBF IMP scale, with its sign."""

    operand: Expr


@node
class Rnd(Expr):
    """``rnd(n)``: a random integer from 0 to n - 1, drawn for every deal."""

    operand: Expr


def children(expr: Expr) -> Iterator[Expr]:
    """The sub-expressions of ``expr``."""
    if isinstance(expr, Binary):
        yield expr.left
        yield expr.right
    elif isinstance(expr, IfElse):
        yield expr.test
        yield expr.then
        yield expr.other
    elif isinstance(expr, Unary | Imps | Rnd):
        yield expr.operand
    elif isinstance(expr, ScoreOf):
        yield expr.tricks


DEEPEST = 1_000
"""The most operators and functions an expression may hold one inside another, counting those of the
variables it uses. The parser and the compiler walk an expression by recursion: Python's default stack
(1,000 frames) ended at about 500, with an unexpected RecursionError instead of an error in the script."""
_FRAMES = 10 * DEEPEST
"""The recursion limit `deep_recursion` makes sure of: ample for an expression `DEEPEST` deep (it takes two
or three frames a level), and far from the end of the C stack (a 50,000-term sum still stops cleanly)."""


class _RecursionLimit:
    """Python's recursion limit raised to `_FRAMES` while expressions are walked by recursion, and put back
    as it was when the last walk ends (walks may overlap, in threads): the limit is the whole process's."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.walks = 0
        self.before = 0

    @contextlib.contextmanager
    def raised(self) -> Iterator[None]:
        """A context with the limit at least `_FRAMES`; the limit from before the first walk is put back
        after the last."""
        with self.lock:
            if not self.walks:
                self.before = sys.getrecursionlimit()
                if self.before < _FRAMES:
                    sys.setrecursionlimit(_FRAMES)
            self.walks += 1
        try:
            yield
        finally:
            with self.lock:
                self.walks -= 1
                if not self.walks and self.before < _FRAMES:
                    sys.setrecursionlimit(self.before)


deep_recursion = _RecursionLimit().raised
"""A context in which an expression up to `DEEPEST` deep may be walked by recursion (`parse`, and the
compiler's evaluation): the recursion limit is raised inside and put back after, not left raised."""


def nesting(expr: Expr, known: dict[int, int] | None = None) -> int:
    """How many operators and functions ``expr`` holds one inside another (a number or ``hcp(north)`` is
    1), found without recursion; ``known`` keeps the depths found, by node, for the next call."""
    depth = {} if known is None else known
    stack: list[tuple[Expr, bool]] = [(expr, False)]
    while stack:
        node, ready = stack.pop()
        if ready:
            depth[id(node)] = 1 + max((depth[id(c)] for c in children(node)), default=0)
        elif id(node) not in depth:
            stack.append((node, True))
            stack.extend((c, False) for c in children(node) if id(c) not in depth)
    return depth[id(expr)]


# --------------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of the ``action`` list: ``kind`` names it, the other fields are its arguments."""

    kind: str
    expr: Expr | None = None
    label: str | None = None
    seats: tuple[Seat, ...] = ()
    items: tuple[Expr | str, ...] = ()
    bounds: tuple[int, ...] = ()
    expr2: Expr | None = None


ACTION_WORDS = frozenset({"printall", "printew", "printpbn", "printcompact", "printoneline", "print",
                          "printes", "average", "frequency", "evalcontract"})
PRINT_ACTIONS = ACTION_WORDS - {"average", "frequency", "evalcontract"}
STATEMENT_WORDS = frozenset({"generate", "produce", "dealer", "vulnerable", "predeal", "pointcount",
                             "altcount", "condition", "action"})
"""The words that start a statement: met where an expression was expected, the line before ended too soon
(``hcp(north) >= 12 &&`` and then ``produce 10``), so they are named as such, not as unknown variables."""


@dataclass(frozen=True, slots=True)
class PredealLength:
    """``predeal spades(north) 5``: the length of ``suit`` that ``seat`` is dealt."""

    seat: Seat
    suit: Suit
    length: int
    at: tuple[int, int] = field(default=(0, 0), compare=False)
    """Where it is written (line, column), for the error when no deal can hold it."""


@dataclass(frozen=True)
class Script:
    """A parsed dealer script: what to deal, which deals to keep, and what to do with them."""

    source: str = "<script>"
    text: str = ""
    generate: int | None = None
    produce: int | None = None
    dealer: Seat | None = None
    vulnerable: Vul | None = None
    predeal: tuple[tuple[Seat, Hand], ...] = ()
    predeal_lengths: tuple[PredealLength, ...] = ()
    condition_at: tuple[int, int] | None = field(default=None, compare=False)
    """Where the condition starts (line, column), for the error when no deal can meet it."""
    pointcount: tuple[int, ...] | None = None
    altcounts: tuple[tuple[int, tuple[int, ...]], ...] = ()
    condition: Expr | None = None
    actions: tuple[Action, ...] | None = None
    variables: dict[str, Expr] = field(default_factory=dict, compare=False)
    notes: tuple[str, ...] = field(default=(), compare=False)
    """What a reader should be told of the script though it runs (``file:line:col: ...``): a condition
    another one replaces, as dealer keeps only the last."""
    places: dict[Expr, str] = field(default_factory=dict, compare=False)
    """Where each comparison and ``not`` of the script is written (``source:line:column`` of its first token,
    as its notes start), by node, for an error that names the very term it refuses."""
    not_first: dict[Expr, tuple[str, str]] = field(default_factory=dict, compare=False)
    """The note on each ``not x > n`` (`notes`) in its two pieces, where and what (``not applies to x alone
    ...``), by its ``not`` node: the never-true check gives them as its error."""

    @property
    def predealt(self) -> dict[Seat, Hand]:
        """The cards fixed to each seat by ``predeal``."""
        return dict(self.predeal)

    @property
    def prints(self) -> bool:
        """Whether an action prints deals (dealer then produces 40 by default, not all it generates); the
        classic bare ``evalcontract`` counts, as in dealer."""
        return self.actions is None or any(
            a.kind in PRINT_ACTIONS or (a.kind == "evalcontract" and a.expr is None) for a in self.actions)


# --------------------------------------------------------------------------------------------------
# Parsing

CONDITION_SOURCE = "<condition>"
"""The source of the `deal` command's CONDITION: one expression, where a script may hold several conditions
(the last counts, as in dealer), so a second one there is an operator left out
(`spades(north) >= 5 hearts(north) >= 4`), an error rather than a note."""
STDIN_SOURCE = "<stdin>"
"""The source of a script read from standard input (``deal -f -``), as the readers name it in errors."""
STDIN_SCRIPT = "script from standard input"
"""What a title calls a script read from standard input, where a script file is named by its file."""


def script_named(source: str) -> str | None:
    """How a title names the script of ``source``: its file's name without its folders (``weak.dlr``: a
    record handed out keeps no path of the dealer's machine), `STDIN_SCRIPT`, or None for a condition
    (the command line's, `CONDITION_SOURCE`), which names no script."""
    if source == CONDITION_SOURCE:
        return None
    return STDIN_SCRIPT if source == STDIN_SOURCE else readable_name(os.path.basename(source))


SEATS = {"north": Seat.N, "east": Seat.E, "south": Seat.S, "west": Seat.W}
SUITS = {"club": Suit.C, "diamond": Suit.D, "heart": Suit.H, "spade": Suit.S}
COUNT_NAMES = {
    "hcp": "hcp", "ten": "pt0", "jack": "pt1", "queen": "pt2", "king": "pt3", "ace": "pt4", "top2": "pt5",
    "top3": "pt6", "top4": "pt7", "top5": "pt8", "c13": "pt9", "loser": "losers", "control": "controls",
    **{f"pt{i}": f"pt{i}" for i in range(10)},
}
LARGEST_NUMBER = 2**63 - 1
"""The largest number a script may write: values are 64-bit integers per deal."""
COUNT_RANGE = (-2**31, 2**31 - 1)
"""What dealer's counts hold (a C ``int``): a ``pointcount`` or ``altcount`` that lets a hand count past it
is refused, as Debian's dealer wraps such a count round to another number without a word."""


def count_extremes(weights: tuple[int, ...]) -> tuple[int, int]:
    """The least and most a hand of 13 cards, or one suit of it, counts by ``weights`` (13 of them, ace
    first): the 13 lowest, or highest, of the deck's 52 cards, four of each rank; a suit's negative, or
    positive, weights all added."""
    deck = sorted(weights * 4)
    return (min(sum(deck[:13]), sum(w for w in weights if w < 0)),
            max(sum(deck[-13:]), sum(w for w in weights if w > 0)))


def _wrapped(total: int) -> int:
    """``total`` as a C ``int`` holds it, wrapped round."""
    return (total + 2**31) % 2**32 - 2**31


FREQUENCY_BUCKETS = 1_000_000
"""The most values one ``frequency`` table may count between its bounds."""
CONTRACT_RE = lazy_compile(r"[XZ]?([1-7])(NT|[CDHSN])(XX|X)?")
EVAL_SIDES = {"NS": Seat.S, "EW": Seat.W}
"""The declarer DealerV2's ``evalcontract`` takes for each side."""


class _WholeWords:
    """Lark's post-lexer hook, used only to read every word whole: a name (``IDENT``) is a terminal the lexer
    tries in every parser state.

    The contextual lexer tries only the terminals the parser accepts where it is, so where a seat is expected
    ``northeast`` was read as ``north`` and then ``east`` (``unknown variable 'east'``) and ``northh`` as
    ``north`` and a holding ``h``. Trying a name too reads the whole word, as dealer's flex scanner does; a
    keyword that is the whole word still becomes its keyword (lark's rule for strings a name pattern matches),
    and anything else is one error at the word: ``unexpected 'northeast', expected a seat (...)``.
    """

    always_accept = ("IDENT",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


_WHOLE_WORDS = _WholeWords()


def parser() -> Lark:
    """The LALR parser for dealer scripts, built once per process."""
    from bridgetools.formats._lark import get_parser

    return get_parser("dealer", lexer="contextual", postlex=_WHOLE_WORDS)


def parse(text: str, source: str = "<script>") -> Script:
    """Parse a dealer script (or a bare condition such as ``hcp(north) >= 15``) into a `Script`.

    Raises `ParseError` (``source:line:col: message``) for anything dealer would not accept.
    """
    # a CR alone ends a line too (an old Mac file): else a `//` comment runs on to the end of the script
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():  # nothing to parse: no need to load the parser (a plain `deal -n 100` starts sooner)
        return Script(source=source, text=text)
    from lark.exceptions import UnexpectedInput

    with deep_recursion():  # an expression up to DEEPEST deep is read and built by recursion
        try:
            tree = parser().parse(text)
        except UnexpectedInput as e:
            raise _syntax_error(e, text, source) from None
        return _Builder(text, source).build(tree)


_PASTED = {
    **dict.fromkeys("\u201c\u201d\u201e\u00ab\u00bb\u2018\u2019", ': a typographic quote; write "..."'),
    **dict.fromkeys("\u00a0\u2002\u2003\u2009\u202f", ": a no-break space; write a plain space"),
    **dict.fromkeys("\u2013\u2014\u2212", ": a typographic dash; write - (minus)"),
    "\u2265": ": write >=", "\u2264": ": write <=", "\u2260": ": write !=", "\u00d7": ": write *",
    "\u00f7": ": write /",
    **dict.fromkeys("\u200b\u200c\u200d\u2060\ufeff", ": an invisible zero-width character, as web pages and "
                    "word processors leave in copied text; delete it"),
    **dict.fromkeys("\u200e\u200f", ": an invisible direction mark, as web pages leave in copied text; "
                    "delete it"),
    "\u00ad": ": an invisible soft hyphen, as word processors leave in copied text; delete it",
    **dict.fromkeys("\u3000\u2007\u2008\u200a\u205f", ": a wide space; write a plain space"),
}
"""What a character a word processor or a web page puts for dealer's own says to write instead: scripts
are pasted from both, and Debian's dealer says only ``syntax error``."""

_ELSEWHERE = {
    "&": ": and is && (or the word and)", "|": ": or is || (or the word or)",
    "'": ': strings are in double quotes, "..."',
    "\x1a": ": the DOS end-of-file mark (Ctrl-Z) an old editor leaves at the end of a file; delete it",
    "_": ": a name starts with a letter, as in dealer (x_1, not _x)",
    "\\": (": the dealer language's strings have no escapes, so a string cannot hold a double quote; "
           "outside a string, \\n goes alone in printes(...)"),
    ";": ": a statement needs no terminator: delete it",
    "[": ": brackets mean nothing in the dealer language; group with ( )",
    "{": (": braces mean nothing in the dealer language (no blocks: each statement stands alone); "
          "group with ( )"),
    "@": ": @ means nothing in the dealer language; a name is letters, digits and _ (x_1)",
    "$": ": a variable needs no $ (x = hcp(north), then x)",
    "^": ": the dealer language has no exclusive or (nor a power); for one condition but not both, write "
         "(a) != (b)",
    "~": ": not is ! (or the word not)",
}
"""What a character other languages use for one of dealer's (C's ``&``, SQL's ``'``), or put where it has
none (C's ``;``, a block's ``{``), says to write: the one table of these hints."""

_HTML_ENTITY = lazy_compile(r"&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);")
"""An HTML entity (``&gt;``, ``&#62;``), which a script copied from a web page's source holds for a
character: the dealer manual's own input.html writes ``<`` as ``&lt;``."""


def _html_entity(entity: str) -> str:
    """What to say of an HTML entity where a script has a character of its own (``&gt;`` for ``>``)."""
    import html

    character = html.unescape(entity)
    if character == entity:  # not an entity HTML knows
        return f"unexpected {entity!r}: an HTML entity; write the character it stands for"
    shown = "a space" if character.isspace() else character
    return (f"unexpected {entity!r}: an HTML entity, a web page's source for {shown}; write {shown} "
            "(copy the script from the page as shown, not from its source)")


_OPERATORS_ELSEWHERE = {"=>": "write >= (at least)", "=<": "write <= (at most)", "<>": "write != (not equal)"}
"""Comparisons as other languages (or a slip of the keys) write them, where dealer's are ``>= <= !=``."""


_SHAPE_APART = lazy_compile(r"([\dx])([-=.])([\dx])\2([\dx])\2([\dx])(?!\w)")
"""A shape as a bridge book writes it, its lengths apart: ``5-4-3-1`` (any suits), ``5=4=3=1`` (spades
first)."""

_SHAPE_WORDS = {"balanced": BALANCED, "semibalanced": SEMI_BALANCED}
"""Shapes by name, which `shape()` has not, and the patterns that say them."""


def _shape_written_otherwise(text: str, start: int, accepted: Collection[str]) -> str | None:
    """What to say where ``shape()`` wanted a pattern and found one written as a bridge book writes it
    (``5-4-3-1``, ``5=4=3=1``, ``5+xxx``) or by name (``balanced``), else None: the error was
    ``unexpected '5', expected ... a shape such as 4333 or 5xxx``, pointing at a length."""
    if "PATTERN" not in accepted:
        return None
    apart = _SHAPE_APART.match(text, start)
    if apart is not None:
        lengths = "".join(apart.group(i) for i in (1, 3, 4, 5))
        if apart.group(2) == "=":
            return (f"unexpected {apart.group()!r}: a shape's four lengths are written together, spades "
                    f"first: {lengths} (any {lengths} for the lengths in any suits)")
        return (f"unexpected {apart.group()!r}: a shape's four lengths are written together: any {lengths} "
                f"for them in any suits ({lengths} for spades, hearts, diamonds, clubs in that order)")
    written = re.match(r"[^\s,)]+", text[start:])
    if written is None:
        return None
    if written.group() in _SHAPE_WORDS:
        return (f"unexpected {written.group()!r}: shape() takes patterns, not names; {written.group()} is "
                f"{_SHAPE_WORDS[written.group()]}")
    if written.group()[0].isdigit() and (re.search(r"[^\dx]", written.group()) or len(written.group()) != 4):
        return (f"unexpected {written.group()!r}: expected a shape, four lengths written together, spades "
                "first, x for any length (5431, 54xx), or after any for any suits (any 4333)")
    return None


_COMPARISON_JOINED = lazy_compile(
    r"((?:[A-Za-z_]\w*\s*\([^()]*\))|[A-Za-z_]\w*)\s*(?:>=|<=|==|!=|<|>)\s*[^\s&|()]+\s*(&&|\|\||\band|\bor)\s*$")
"""The end of ``hcp(north) >= 15 and``: a comparison, then ``and``/``or`` with nothing after it yet."""
_COMPARISON_RIGHT = lazy_compile(r"\s*(?:>=|<=|==|!=|<|>)\s*([^\s&|()]+)")


def _comparison_left_out(text: str, start: int, operator: str) -> str | None:
    """What to say where a comparison after ``and``/``or`` leaves out its left side, as in speech
    (``hcp(north) >= 15 and <= 17``), else None: lark said only ``expected an expression``."""
    if operator not in (">=", "<=", "==", "!=", "<", ">"):
        return None
    joined = _COMPARISON_JOINED.search(_code_only(text[:start]))
    right = _COMPARISON_RIGHT.match(text, start)
    if joined is None or right is None:
        return None
    left, join = joined.groups()
    return (f"unexpected {operator!r}: a comparison needs a value on its left, and {join!r} does not carry "
            f"over the one before it: write {joined.group().rstrip()} {left} {operator} {right.group(1)}")


def _stray_close(text: str, at: int) -> int | None:
    """Where a ``*/`` that closes no comment stands, when lark stopped at its ``*`` or its ``/`` (``/* a /* b
    */ c */``: the first ``*/`` closes the comment, and ``c */`` reads as a product), else None."""
    return next((i for i in (at, at - 1) if i >= 0 and text.startswith("*/", i)), None)


def _unopened(text: str, at: int) -> bool:
    """Whether the ``)`` at ``at`` closes no bracket: the code before it (comments and strings left out)
    opens no more than it closes. Lark said ``expected an expression`` there, as if a term were missing."""
    code = _code_only(text[:at])
    return code.count("(") <= code.count(")")


def _syntax_error(e: Any, text: str, source: str) -> ParseError:
    """One readable line for a lark error: where it is and what was expected there."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    line, column = getattr(e, "line", None), getattr(e, "column", None)
    context = e.get_context(text) if line not in (None, -1) else None
    unclosed = _unclosed_comment(text)
    if unclosed is not None:  # the rest of the script reads as code: the error lark sees is a symptom
        return ParseError("unterminated /* comment (no */ closes it)", source, *unclosed)
    offset = _error_offset(e, text)
    at_end = isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END")
    missing = (_dealerv2_statement(text, offset, source) or _holdings_written_otherwise(text, line, source)
               or _void_dash(text, len(text) if at_end else offset, source)  # $END stands at the last token
               or (_dangling_operator(text, len(text), source) if at_end else None)  # `... &&` at the end
               or _reserved_assigned(text, e, source) or _comma_before_seat(text, offset, source)
               or _paste_wrapper(text, offset, source) or _quote_mark(text, offset, source)
               or _actions_apart(text, offset, source) or _deal_tcl(text, offset, source)
               or _action_misspelt(text, offset, source) or _first_unknown_function(text, offset, source)
               or _dealerv2_before(text, offset, source))
    if missing is not None:
        return missing
    if isinstance(e, UnexpectedCharacters):
        at = e.pos_in_stream
        assert at is not None  # the lexer always says where it stopped
        if text.startswith("/*", at):
            message = "unterminated /* comment"
        elif text[at] == '"':
            message = "unterminated string"
        elif text[at] == "." and text[at - 1:at].isdigit() and text[at + 1:at + 2].isdigit():
            message = "unexpected '.': numbers are whole in the dealer language (12, not 12.5)"
        elif text[at] == "{" and re.search(r"\bshape\s*$", text[:at]):
            message = f"unexpected '{{': {dpp_shape(source)}"
        elif re.match(r"\$\d", text[at:]):
            message = f"unexpected '$': {SCRIPT_PARAMETER}"
        elif (entity := _HTML_ENTITY.match(text, at)) is not None:
            message = _html_entity(entity.group())
        elif text[at] == "\\" and not text[at + 1:].partition("\n")[0].strip():
            message = ("unexpected '\\' at the end of a line: no line continuation is needed, as a statement "
                       "goes on over lines as written (as in dealer); delete it")
        else:
            instead = _PASTED.get(text[at], _ELSEWHERE.get(text[at], ""))
            message = f"unexpected character {text[at]!r}{instead}"
    elif at_end:
        line, column = _end_position(text)
        message = f"unexpected end of script, expected {_expected(e.expected, _name_there(text, len(text)))}"
    elif isinstance(e, UnexpectedToken) and text.startswith("/*", e.token.start_pos or 0):
        message = "unterminated /* comment"
    elif isinstance(e, UnexpectedToken):
        word = _word_at(text, e.token)
        message = f"unexpected {word!r}, expected {_expected(_accepted(e), _name_there(text, offset))}"
        accepted = set(_accepted(e))
        seat = (_SEAT_LETTERS.get(word.lower()) or close_word(word.lower(), SEATS, 0.8)) \
            if {"NORTH", "SOUTH"} <= accepted else None
        suit = _SUIT_LETTERS.get(word.lower()) if {"SPADES", "CLUBS"} <= accepted else None
        if seat and word.lower() not in SEATS:  # hcp(nrth): a seat misspelt; hcp(N): a seat by its letter
            message += f": did you mean {seat}?"
        elif suit:  # hcp(north, s): a suit by its letter
            message += f": did you mean {suit}?"
        if word != word.lower() and word.lower() in _WORDS_LOWER_CASE:  # `hcp(North)`, `predeal North SAK`
            message = (f"unexpected {word!r}: the dealer language's words are lower case (did you mean "
                       f"{word.lower()}?)")
        start = e.token.start_pos or 0
        pairs = (text[start:start + 2], text[start - 1:start + 1])  # `=>` at its =, `<>` at its >
        pair = next((p for p in pairs if p in _OPERATORS_ELSEWHERE), None)
        if pair is not None:
            line, column = _position(text, text.index(pair, max(start - 1, 0)))
            message = f"unexpected {pair!r}: {_OPERATORS_ELSEWHERE[pair]}"
        elif (shaped := _shape_written_otherwise(text, start, _accepted(e))) is not None:
            message = shaped
        elif (close := _stray_close(text, start)) is not None:
            line, column = _position(text, close)
            message = ("unexpected '*/': no /* comment is open here (comments do not nest: the first */ "
                       "closes the /* before it)")
        elif e.token != "(" and _PRINTES_BARE.search(text, 0, start):
            message = (f"unexpected {word!r}: printes takes its list in brackets, printes({word}, ...), as "
                       "print(north, south) does")
        elif text[:start].rstrip().endswith('\\"'):  # printes("say \"hi\"", ...): no escapes in a string
            message = (f"unexpected {word!r}: the string before it ends at its \\\" (the dealer language's "
                       "strings have no escapes, so a string cannot hold a double quote)")
        elif e.token == ")" and text[:start].rstrip().endswith(","):  # print(north, south,): dealer refuses
            message = ("unexpected ')' after a comma: a comma goes between two items, none before the "
                       "closing bracket")
        elif e.token == ")" and _unopened(text, start):
            message = "unexpected ')': no '(' before it opens it (one ')' too many, or a '(' left out)"
        elif (left_out := _comparison_left_out(text, start, str(e.token))) is not None:
            message = left_out
        elif e.token == "-" and (counted := _NEGATIVE_COUNT.search(text, 0, start)) is not None:
            message = _negative_count(counted.group(1), text, start)
        elif e.token == "=":  # C's == for =, as dealer's manual warns: 'NOT "=", but rather "=="'
            message = ("unexpected '=': a comparison is ==, >= or <= (a single = defines a variable: "
                       "name = ...)")
    else:  # pragma: no cover - lark has no other kinds today
        message = str(e).splitlines()[0]
    if line == -1:
        line, column = _end_position(text)
    return ParseError(message, source, line, column, context)


_NEGATIVE_COUNT = lazy_compile(r"(?<![\w\"])(produce|generate|altcount)[ \t]*$")
"""A count statement (or altcount's number) just before an unexpected minus: ``produce -2``."""


def _negative_count(statement: str, text: str, start: int) -> str:
    """What a negative count is told: what the statement expects (Debian's dealer takes ``produce -2`` and
    deals nothing, an accident of its C, not a meaning)."""
    written = re.match(r"-[ \t]*[0-9]*", text[start:])
    number = written.group() if written is not None else "-"
    if statement == "altcount":
        return f"altcount {number}: expected 0 to 9, the alternate counts pt0 to pt9"
    return (f"{statement} {number}: expected a number of deals, 1 or more ({statement} 0, or none, keeps the "
            f"default); Debian's dealer takes it as none and deals nothing")


_DEBIAN_ALTCOUNT = {index: f"; Debian's dealer writes altcount N into pt(N - 2), so its altcount {index} is "
                           f"pt{index - 2}: write altcount {index - 2}" for index in (10, 11)}
"""What ``altcount 10`` and ``11`` meant to Debian's dealer, which stores ``altcount N`` two tables down
(``altcount 12`` and beyond crash it)."""


_WORD = lazy_compile(r"[A-Za-z0-9_]+")
_PRINTES_BARE = lazy_compile(r"(?<![\w\"])printes[ \t]*$")
"""A ``printes`` with no bracket yet, at the end of the code before an unexpected token."""
_CARD_WORD = lazy_compile(r"(?:10|[2-9])[CDHScdhs]")
"""A card written rank first with a digit (``4S``), which dealer's scanner reads as one card."""


def _word_at(text: str, token: Token) -> str:
    """The whole word an unexpected token starts (``5xxxx``, not the number ``5`` the lexer took of it)."""
    start = token.start_pos
    match = _WORD.match(text, start) if start is not None else None
    return match.group() if match is not None and match.group().startswith(str(token)) else str(token)


def _accepted(e: Any) -> Collection[str]:
    """The terminals the parser accepts where it stopped, as lark's interactive parser finds by trying each.

    Neither ``e.expected`` nor the parse table's row says it: the row is of a state LALR shares between
    contexts (after ``north`` it lists ``)`` and ``:``, which only a function's argument or an expression
    takes, so ``predeal north: SAK`` said ``expected ')', ',', an expression``), and the contextual lexer's
    fallback gives its own set, which holds the name every state tries (`_WholeWords`).
    """
    try:
        accepts = e.accepts
    except Exception:  # pragma: no cover - lark's own simulation failing: say what the parser saw
        accepts = None
    return set(accepts) if accepts else set(e.expected)


_HOLDINGS_APART = lazy_compile(r"(?<!\w)([SHDC][AKQJT2-9]+)[ \t]+([SHDC][AKQJT2-9]+)(?!\w)", re.IGNORECASE)
"""Two holdings with only spaces between them, as a predeal with a comma left out has them."""
_SUIT_APART = lazy_compile(r"(?<![\w.])([SHDC])[ \t]+((?:10|[AKQJT2-9])+)(?![\w.])", re.IGNORECASE)
"""A suit letter with its ranks a space away (``S AQ542``), read as a void and then a condition."""
_HAND_AS_PBN = lazy_compile(r"(?<![\w.])([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)(?![\w.])",
                          re.IGNORECASE)
"""A hand as PBN writes it, spades to clubs apart by dots (``AQ542.KJ87.32.AK``), which predeal has not."""


def _holdings_written_otherwise(text: str, line: int | None, source: str) -> ParseError | None:
    """The error to give when ``line`` is a predeal whose holdings are written otherwise than dealer reads
    them (``predeal north SAK HQJ``, a comma left out; ``S AQ542``, a space after the suit letter;
    ``AQ542.KJ87.32.AK``, a PBN hand), else None: the first two read as a predeal and then a condition,
    the third stops at its dot."""
    lines = text.split("\n")
    if line is None or not 0 < line <= len(lines):
        return None
    words = lines[line - 1].split()
    if not words or words[0] not in ("predeal", *SEATS):
        return None
    found = [(m.start(), m) for m in (pattern.search(lines[line - 1])
                                      for pattern in (_HOLDINGS_APART, _SUIT_APART, _HAND_AS_PBN)) if m]
    if not found:
        return None
    match = min(found, key=lambda pair: pair[0])[1]
    if match.re.pattern == _HAND_AS_PBN.pattern:
        suits = zip("SHDC", match.groups(), strict=True)
        holdings = ", ".join(letter + ranks.upper() for letter, ranks in suits)
        return ParseError(f"unexpected {match.group()!r}: a predeal gives a hand suit by suit, each holding "
                          f"after its suit letter: {holdings}", source, line, match.start() + 1)
    first, second = match.groups()
    if match.re.pattern == _SUIT_APART.pattern:
        return ParseError(f"unexpected {second!r}: a holding's ranks follow its suit letter without a space "
                          f"({first}{second})", source, line, match.start(2) + 1)
    return ParseError(f"unexpected {second!r}: the holdings of a predeal are separated by commas "
                      f"({first}, {second})", source, line, match.start(2) + 1)


_VOID_DASH = lazy_compile(r"(?<![\w.])([SHDC])-[ \t]*(?=,|\n|$)", re.IGNORECASE)
"""A void written with a dash (``S-``), as hand diagrams print it."""


def _void_dash(text: str, at: int, source: str) -> ParseError | None:
    """The error to give when lark stopped just after a predeal's void written with a dash (``predeal north
    S-, HAK``: ``S`` read as a void, ``-`` as the start of a condition), else None."""
    code = _code_only(text[:at])
    dash = next((m for m in reversed(list(_VOID_DASH.finditer(code))) if not code[m.end():].strip()), None)
    if dash is None or not _predeal_words(code[:dash.start(1) + 1])[1]:
        return None
    return ParseError(f"unexpected '-': a void is its suit letter alone ({dash.group(1)}), or left out",
                      source, *_position(text, dash.start(1) + 1))


_DANGLING_OPERATOR = lazy_compile(r"(&&|\|\||==|!=|>=|<=|[<>+\-*/%!?:]|(?<!\w)(?:and|or|not)(?!\w))\s*$")
"""An operator that code ends with, its operand still to come (comments and strings blanked)."""


def _dangling_operator(text: str, at: int, source: str) -> ParseError | None:
    """The error to give when a statement starting at ``at`` follows an operator with no operand after
    it (``condition hcp(north) >= 15 &&`` at a line's end, then ``action``), else None: the operator is
    the mistake, so the error names it where it stands, not the next line's statement."""
    code = _code_only(text[:at])
    found = _DANGLING_OPERATOR.search(code)
    if found is None:
        return None
    if found.group(1) in "+-" and _in_shape(code[:found.start(1)]):  # shape(north, any 4333 - : a shape next
        return ParseError(f"a shape after {found.group(1)} was expected (such as 4333, 5xxx or any 4333)",
                          source, *_position(text, found.start(1)))
    return ParseError(f"an expression after {found.group(1)} was expected", source,
                      *_position(text, found.start(1)))


_SHAPE_CALL = lazy_compile(r"(?<!\w)shape\s*$")
"""The name of `shape` right before a parenthesis (code before the ``(``)."""


def _in_shape(code: str) -> bool:
    """Whether ``code`` ends inside the arguments of a ``shape(`` call still open, where ``+`` and ``-``
    join shapes (``shape(north, 4333 + 5xxx - 5332)``), not numbers."""
    depth = 0
    for at in range(len(code) - 1, -1, -1):
        if code[at] == ")":
            depth += 1
        elif code[at] == "(":
            if depth == 0:
                return _SHAPE_CALL.search(code[:at]) is not None
            depth -= 1
    return False


_RESERVED_KINDS = {
    **dict.fromkeys(SEATS, "a seat"), **dict.fromkeys(STATEMENT_WORDS, "a statement"),
    **dict.fromkeys(ACTION_WORDS, "an action"), **dict.fromkeys(("and", "or", "not"), "an operator"),
    "any": "a word of shape()",
    **dict.fromkeys(("club", "clubs", "diamond", "diamonds", "heart", "hearts", "spade", "spades"), "a suit"),
    **dict.fromkeys(("notrump", "notrumps"), "a strain"),
    **dict.fromkeys(("nv", "vul", "none", "all", "NS", "EW"), "a vulnerability"),
    **dict.fromkeys(("ns", "ew"), "a side"),
}
"""What each reserved word that is no function is, as an error names it."""
_HOLDING = lazy_compile(r"[CDHS](?=.)A?K?Q?J?T?9?8?7?6?5?4?3?2?")
"""A holding as dealer's scanner reads one wherever it stands: a suit letter and its ranks, upper case,
highest first (``SAKQ``, ``CK2``; the suit letter alone is left to name a variable)."""

_SHAPE_WORD = lazy_compile(r"[0-9xX]{4}")
"""A shape as ``shape()`` reads one (``5xxx``, ``4333``): a word of its own wherever it stands."""

_RESERVED_SPELLINGS = (
    (lazy_compile(r"[2-9TJQKA][CDHS]|[CDHS][2-9TJQKA]"), "a card"),
    (_HOLDING, "a holding (as in predeal north SAKQ)"),
    (_SHAPE_WORD, "a shape"),
    (lazy_compile(r"[xz][1-7](NT|[CDHSN])(XX|X)?"), "a contract"),
)
"""Words that dealer's scanner reads as a card, a holding (its suit letter and ranks, upper case, highest
first; the suit letter alone is left to name a variable), a shape or a contract wherever they stand."""


_WORDS_LOWER_CASE = frozenset({*SEATS, "any", "vul", "nv", "ns", "ew"})
"""Words read in lower case alone where a capital is natural to write (``North``, ``ANY``); a capitalised
keyword or function is named as such elsewhere (`_Builder.unknown_name`, `_unknown_function`)."""


def _reserved_kind(word: str) -> str | None:
    """What ``word`` is if the language keeps it for itself (``a seat``, ``a card``, ...), else None."""
    kind = _RESERVED_KINDS.get(word)
    if kind is None and word in _function_words():
        kind = "a function"
    return kind or next((k for pattern, k in _RESERVED_SPELLINGS if pattern.fullmatch(word)), None)


def _reserved_name(word: str) -> str | None:
    """What to say when a script defines a variable named ``word`` that the language keeps for itself
    (``north = 3``, ``hcp = 3``, ``AS = 1``: Debian's dealer rejects each as a syntax error), else None."""
    kind = _reserved_kind(word)
    if kind is None:
        return None
    return f"{word!r} is {kind} in the dealer language and cannot name a variable: choose another name"


_BARE_ACTIONS = {"printall": "the four hands", "printew": "East's and West's hands",
                 "printpbn": "each deal as PBN"}
"""The actions that take no arguments, and what they print."""

_BARE_ACTION = lazy_compile(rf"\b({'|'.join(_BARE_ACTIONS)})\s*\(\s*$")
"""Such an action, then an opening bracket: what stands before a seat given to it."""

_AFTER_BARE_ACTION = lazy_compile(rf"\b({'|'.join(_BARE_ACTIONS)})\s*(\()")
"""Such an action, then an opening bracket, anywhere: a bracket dealer reads as a condition of its own."""


def _reserved_value(word: str) -> str | None:
    """What to say when a reserved word stands where a value goes (``printcompact(north)``, ``condition
    vul``), which would otherwise be named an unknown variable to define, a name no variable can take."""
    kind = _reserved_kind(word)
    if kind is None:
        return None
    return (f"unexpected {word!r}: {kind} is no value; expected an expression, such as a number, a "
            "variable or hcp(north)")


_ASSIGNED_WORD = lazy_compile(r"(?:^|\n)[ \t]*([A-Za-z_]\w*)[ \t]*$")


def _reserved_assigned(text: str, e: Any, source: str) -> ParseError | None:
    """The error to give when lark stopped at the ``=`` of a line ``word = ...`` whose word is reserved and
    read as itself (``hcp = 3``, ``condition = 1``: the keyword, then an ``=`` it cannot take), else None."""
    token = getattr(e, "token", None)
    if token is None or token != "=" or token.start_pos is None:
        return None
    word = _ASSIGNED_WORD.search(text, 0, token.start_pos)
    reserved = _reserved_name(word.group(1)) if word is not None else None
    if word is None or reserved is None:
        return None
    return ParseError(reserved, source, *_position(text, word.start(1)))


def _seat_after_comma(seat: str) -> str:
    """What to say of a predeal's seat written after a comma, where lark reads it as one more holding."""
    return (f"unexpected {seat!r} after a comma: the next seat follows the last holding without one "
            f"(predeal north SAK, HQ {seat} DAK)")


_PREDEAL = lazy_compile(r"(?<!\w)predeal(?!\w)")
_PREDEAL_WORD = lazy_compile(r",|\w+|\S")
_HOLDING_WORD = lazy_compile(r"[SHDC][AKQJT2-9]*", re.IGNORECASE)


def _predeal_words(code: str) -> tuple[list[re.Match[str]], bool]:
    """The words (seats, holdings, commas) of the last predeal in ``code``, and whether it is still open
    at the end of ``code`` (no other word has ended it)."""
    statements = list(_PREDEAL.finditer(code))
    if not statements:
        return [], False
    words: list[re.Match[str]] = []
    for word in _PREDEAL_WORD.finditer(code, statements[-1].end()):
        if word.group() != "," and word.group() not in SEATS and not _HOLDING_WORD.fullmatch(word.group()):
            return words, False  # the predeal has ended
        words.append(word)
    return words, True


def _comma_before_seat(text: str, at: int, source: str) -> ParseError | None:
    """The error to give when the predeal before ``at`` has a comma before its next seat and lark stopped
    further on (``predeal north SAK, HQ, south DAK, CQ``: ``south`` read as a holding, ``DAK`` as a
    condition, and the error at the comma after it), else None. Where the script parses, the builder
    names the seat itself (`_Builder.cards_of`)."""
    words, _ = _predeal_words(_code_only(text[:at]))
    for before, word in itertools.pairwise(words):
        if before.group() == "," and word.group() in SEATS:
            return ParseError(_seat_after_comma(word.group()), source, *_position(text, word.start()))
    return None


_NAME_PLACES = (
    (lazy_compile(r"(?<!\w)vulnerable\s*$"), "a vulnerability (none, NS, EW, all)"),
    (lazy_compile(r"(?<!\w)score\s*\(\s*$"), "vul or nv"),
    (lazy_compile(r"(?<!\w)evalcontract\s*\(\s*$"), "a side (ns, ew)"),
    (lazy_compile(r"(?<!\w)evalcontract\s*\([^()]*,[^(),]*,\s*$"), "vul or nv"),
)
"""Where a name the grammar reads as any word (``IDENT``) is one of a few words, and which."""


def _name_there(text: str, at: int) -> str:
    """What a name is where lark stopped at ``at``, for the expected list: a predeal's holding, a
    vulnerability, a side, or any name (a variable)."""
    code = _code_only(text[:at])
    if _predeal_words(code)[1]:
        return "a holding such as SAK"
    return next((words for place, words in _NAME_PLACES if place.search(code)), "a name")


_ACTION_WORD = lazy_compile(r"(?<![\w\"])(?:printall|printew|printpbn|printcompact|printoneline|printes|print"
                          r"|average|frequency|evalcontract)(?![\w\"])")
_ACTION_STATEMENT = lazy_compile(r"(?<!\w)action(?!\w)")


_STATEMENT_WORD = lazy_compile(rf"(?<!\w)({'|'.join(sorted(STATEMENT_WORDS))})(?!\w)")


def _action_out_of_place(text: str, start: int, name: str) -> str:
    """What to say of the action ``name`` met at offset ``start`` where an expression was expected: in an
    action list, a comma left out before it; after any other statement (``printall(1)`` on a line of its
    own, which Debian's dealer refuses as a syntax error), that an action goes in an action statement."""
    statements = list(_STATEMENT_WORD.finditer(_code_only(text), 0, start))
    if statements and statements[-1][1] == "action":
        return f"unexpected {name!r}: actions are separated by commas"
    return (f"unexpected {name!r}: {name} is an action, written in an action statement (action {name}); "
            "dealer reads it nowhere else")


def _error_offset(e: Any, text: str) -> int:
    """Where in ``text`` a lark error stopped (its end when lark does not say)."""
    token = getattr(e, "token", None)
    at = getattr(token, "start_pos", None) if token is not None else getattr(e, "pos_in_stream", None)
    return at if isinstance(at, int) and at >= 0 else len(text)


def _actions_apart(text: str, at: int, source: str) -> ParseError | None:
    """The error to give when an action list before ``at`` lacks the comma before one of its actions
    (``average hcp(north)`` and then ``frequency (hcp(north), 0, 20)`` on the next line: read as a new
    statement, it fails later, at its first comma), else None. An action word counts when the script parses
    further with a comma put before it."""
    from lark.exceptions import UnexpectedInput

    statements = list(_ACTION_STATEMENT.finditer(text, 0, at))
    if not statements:
        return None
    start = statements[-1].end()
    for word in _ACTION_WORD.finditer(text, start, at):
        before = text[start:word.start()].rstrip()
        if before.endswith(",") or not before or before.count('"') % 2:
            continue  # a separated action, the first one, or a word inside a label
        try:
            parser().parse(text[:word.start()] + "," + text[word.start():])
        except UnexpectedInput as again:
            if _error_offset(again, text) <= at + 1:
                continue
        return ParseError(f"unexpected {word.group()!r}: actions are separated by commas", source,
                          *_position(text, word.start()))
    return None


def _action_misspelt(text: str, at: int, source: str) -> ParseError | None:
    """The error to give when an item of the action list before ``at`` starts with an action misspelt
    (``action frequncy (hcp(north), 0, 5)``, ``printcompac(hcp(north))``: read as a name, then a condition
    or a call, they fail later, at a comma or as a function the language lacks), else None."""
    code = _code_only(text)
    statements = list(_STATEMENT_WORD.finditer(code, 0, at))
    if not statements or statements[-1][1] != "action":
        return None
    depth, item = 0, statements[-1].end()
    for i in range(item, at + 1):
        char = code[i] if i < len(code) else ","
        if (char == "," and depth == 0) or i == at:
            word = re.match(r"\s*([A-Za-z_]\w*)", code[item:i])
            if (word is not None and word[1] not in ACTION_WORDS and dealerv2_word(word[1]) is None
                    and close_word(word[1], ACTION_WORDS)):  # printside is DealerV2's, said as such
                return ParseError(_unknown_action(word[1]), source, *_position(text, item + word.start(1)))
            item = i + 1
        depth += (char == "(") - (char == ")")
    return None


def _unknown_action(name: str) -> str:
    """What to say of ``name`` where an action goes: the action it looks like, and every action."""
    action = close_word(name, ACTION_WORDS)
    guess = f": did you mean {action}?" if action else ""
    return f"unknown action {name!r}{guess} (the actions are {', '.join(sorted(ACTION_WORDS))})"


_CALL = lazy_compile(r"(?<![\w\"])([A-Za-z_]\w*)\(")
_NOT_CODE = lazy_compile(r'#[^\n]*|//[^\n]*|/\*.*?\*/|"[^"\n]*"', re.DOTALL)


_COMMENTS_AND_BLANKS = lazy_compile(rf"(?:\s*(?:{_NOT_CODE.pattern}))+\s*", re.DOTALL)
"""A run of comments (strings too) with the blanks around them."""


def _is_word(char: str) -> bool:
    """Whether ``char`` is part of a word of the language (a name or a number)."""
    return char.isalnum() or char == "_"


def _without_comments(text: str) -> str:
    """``text`` on one line without its comments: each run of them with the blanks around it is one
    space where the writer put a blank beside it or where it parts two words (``not/**/x``, as C reads
    a comment), else nothing, and nothing inside a bracket's edge or at either end (``(hcp(north) /* c
    */)`` is ``(hcp(north))``, not ``(hcp(north) )``; ``hcp(north)/**/+1`` is ``hcp(north)+1``)."""
    def gap(found: re.Match[str]) -> str:
        before, after = text[:found.start()], text[found.end():]
        if not before or not after or before.endswith("(") or after.startswith(")"):
            return ""
        blank = found.group() != found.group().strip()
        return " " if blank or (_is_word(before[-1]) and _is_word(after[0])) else ""

    return " ".join(_COMMENTS_AND_BLANKS.sub(gap, text).split())


def _code_only(text: str) -> str:
    """``text`` with its comments and strings blanked out, each character a space, so the words a
    search finds are code and their offsets still the script's."""
    return _NOT_CODE.sub(lambda m: " " * len(m.group()), text)


def _function_words() -> frozenset[str]:
    """The words of the grammar that a ``(`` may follow: its functions and actions."""
    words = (t.pattern.value for t in parser().terminals if t.pattern.type == "str")
    return frozenset(w for w in words if w.isalnum() and not w.isdigit())


def _unknown_function(name: str, text: str = "", opened: int = -1) -> str:
    """What to say of ``name(`` where ``name`` is no function (``shapex(north, 4333)``, ``HCP(north)``);
    ``text`` and where its ``(`` stands (``opened``) give the seat a shape by name is asked of
    (``balanced(north)``: expected ``shape(north, any 4333 + ...)``)."""
    if (dealerv2 := dealerv2_word(name)) is not None:
        return dealerv2
    called = re.match(r"\s*([a-z]+)\s*(?:,\s*([a-z]+)\s*)?\)", text[opened + 1:]) if opened >= 0 else None
    seat, suit = called.groups() if called is not None else (None, None)
    who = seat if seat in SEATS else "seat"
    if (shapes := _SHAPE_WORDS.get(name.lower())) is not None:
        who = who if seat in SEATS and suit is None else "north"
        return (f"unknown function {name!r}: expected shape({who}, {shapes}) for a {name.lower()} hand "
                "(shape() takes patterns, not names)")
    if name.lower() in _POINTS_WORDS:  # points(north): the count dealer names hcp
        one = f"hcp({who}, {suit})" if suit in _SUIT_NAMES else f"hcp({who}, suit) for one suit"
        return f"unknown function {name!r}: high-card points are hcp({who}), or {one}"
    if name.lower() in _LENGTH_WORDS:  # length(north, spades): each suit's length is a function of its own
        if suit in _SUIT_NAMES:
            return (f"unknown function {name!r}: a suit's length is its own function, "
                    f"{_SUIT_NAMES[suit]}({who})")
        return (f"unknown function {name!r}: a suit's length is its own function, spades({who}), "
                f"hearts({who}), diamonds({who}) or clubs({who})")
    functions = _function_words() - STATEMENT_WORDS - ACTION_WORDS - set(SEATS) - {"and", "or", "not", "any"}
    close = close_word(name.lower(), functions)
    return f"unknown function {name!r}" + (f" (did you mean {close}?)" if close else "")


_SEAT_LETTERS = {name[0]: name for name in SEATS}
"""A seat by its letter, as PBN and LIN write it (``N``), where dealer writes it out (``north``)."""
_SUIT_LETTERS = {name[0]: name + "s" for name in SUITS}
"""A suit by its letter (``S``), where dealer writes it out (``spades``)."""


_POINTS_WORDS = frozenset({"points", "point", "pts", "hcpoints", "highcards"})
"""Names a player gives the high-card points, which dealer calls ``hcp``."""
_LENGTH_WORDS = frozenset({"length", "lengths", "lenght", "len", "suit", "suitlength", "cards"})
"""Names a player gives a suit's length, which dealer asks of each suit by its own name (``spades``)."""
_SUIT_NAMES = {**{name: name + "s" for name in SUITS}, **{name + "s": name + "s" for name in SUITS}}
"""A suit as ``hcp(north, spade)`` may name it, and the function of its length (``spades``)."""


def _first_unknown_function(text: str, at: int, source: str) -> ParseError | None:
    """The error to give when a word up to ``at`` is called as a function the language lacks: read as a
    variable and then a bracket, ``shapex(north, 4333)`` fails later, at the comma, and inside brackets
    (``printoneline(foo(north))``) at that very bracket, which is why the text is read through ``at``."""
    code = _code_only(text[:at + 1])
    known = _function_words()
    for call in _CALL.finditer(code):
        if call.group(1) not in known:
            return ParseError(_unknown_function(call.group(1), text, call.end() - 1), source,
                              *_position(text, call.start()))
    return None


_DEALERV2_STATEMENT = lazy_compile(r"(?:^|\n)[ \t]*(seed[ \t]+(\d+)|title(?=[ \t]*\"))")
"""DealerV2's ``seed 17`` and ``title "..."`` at a line's start: read here as a variable and then a number
(two conditions, no syntax error) or a string where an operator goes."""


def _dealerv2_statement(text: str, at: int, source: str) -> ParseError | None:
    """The error to give for DealerV2's ``seed`` or ``title`` before ``at``, where lark stopped further on
    (``printrpt(...)`` after ``seed 17``) or at the title's string: the script's first problem first."""
    code = _code_only(text)  # a comment's `title "x"` is no statement; a string blanked keeps its quote out
    for found in _DEALERV2_STATEMENT.finditer(text, 0, at + 1):
        if code[found.start(1):found.end(1)] != text[found.start(1):found.end(1)]:
            continue  # in a comment or a string
        message = seed_statement(found[2]) if found[2] else TITLE_STATEMENT
        return ParseError(message, source, *_position(text, found.start(1)))
    return None


_DEALERV2_USE = lazy_compile(r"\b([A-Za-z_][A-Za-z0-9_]*)(?=\s*\(|\s*$)")
"""A word called, with or without a space before its bracket (``bktfreq (hcp(north), ...)``), or the last
word before where lark stopped."""


def _dealerv2_before(text: str, at: int, source: str) -> ParseError | None:
    """The error to give when a word of DealerV2's is called up to ``at`` or just before it, which lark
    took for a variable and failed at what follows (``bktfreq "hcp" (...)``: at the string;
    ``bktfreq (hcp(north), 8, 20, 1)``: at the first comma)."""
    code = _code_only(text)
    for word in _DEALERV2_USE.finditer(code[:at]):
        assigned = re.search(rf"(?:^|\n)\s*{word.group(1)}\s*=(?!=)", code)  # the script's own variable
        if (message := dealerv2_word(word.group(1))) is not None and assigned is None:
            return ParseError(message, source, *_position(text, word.start(1)))
    return None


_PASTE_WRAPPER = lazy_compile(
    r"(```|~~~)[\w+-]*|\[/?code(?:=[^\]\n]*)?\]|</?(?:pre|code|p|br|div|span|tt)\b[^>\n]*>", re.I)
"""What wraps a script in the chat, forum post or web page it was copied from: a Markdown code fence
(`````dealer``), a forum's ``[code]`` tag, an HTML tag (``<pre>``)."""


def _paste_wrapper(text: str, at: int, source: str) -> ParseError | None:
    """The error to give where lark stopped at a wrapper copied with the script (``unexpected character
    '`'``), else None."""
    found = _PASTE_WRAPPER.match(text, at)
    if found is None:
        return None
    what = ("a Markdown code fence" if found.group(1) else "a forum's [code] tag" if text[at] == "["
            else "an HTML tag")
    return ParseError(f"unexpected {found.group()!r}: {what} around the script, from the chat or page it was "
                      "copied from, not part of it; delete it", source, *_position(text, at))


def _quote_mark(text: str, at: int, source: str) -> ParseError | None:
    """The error to give where lark stopped at a ``>`` that begins a line: the quote mark of an e-mail or
    forum reply the script was copied from (``> produce 2``), else None."""
    if text[at:at + 1] != ">" or text[text.rfind("\n", 0, at) + 1:at].strip():
        return None
    return ParseError("unexpected '>' at the start of a line: an e-mail's or forum's quote mark, copied "
                      "with the script and not part of it; delete the '>' that begins each line",
                      source, *_position(text, at))


_DEAL_TCL = lazy_compile(r"^[ \t]*(main\s*\{)|(\[\s*[a-z]+\s+(?:north|east|south|west)\b[^\]\n]*\])"
                       r"|^[ \t]*((?:north|east|south|west)[ \t]+is\b)|^[ \t]*(source[ \t]+[\w./~$-]+)", re.M)
"""What only a script of Thomas Andrews' Deal (Tcl) holds: its ``main {`` block, a Tcl call of a hand
function in brackets (``[hcp north]``), a hand given as ``south is "AKQ2 K32 AJ5 432"`` or a Tcl file
sourced (``source lib/utility.tcl``)."""

DEAL_TCL = ("a script for Thomas Andrews' Deal (Tcl), which this dealer does not run: write its test as a "
            "dealer condition, [hcp north] >= 15 as hcp(north) >= 15; a deal that meets the condition is "
            "kept (no main, accept or reject)")
"""What to say of a Deal script, the other dealing program people keep scripts for."""


def dpp_shape(source: str) -> str:
    """What to say of ``shape{...}``: the dealer pre-processor's shapes (``4M(3+3+2+)``), which Debian's
    dealer package installs as ``dealer.dpp`` to expand into ``shape(...)`` before dealer reads them."""
    script = "SCRIPT" if source.startswith("<") else source
    return ("shape{...} is the dealer pre-processor's (dpp, by Francois Dellacherie), which this dealer does "
            f"not run: expand the script with it first, dealer.dpp {script} | bridgetools deal -f -, or "
            "write shape(seat, ...) with dealer's shapes (any 4333 + 5xxx)")


def _deal_tcl(text: str, at: int, source: str) -> ParseError | None:
    """The error to give for a script of Thomas Andrews' Deal (Tcl) up to ``at``, where lark stopped at a
    ``{`` or ``[`` (``unexpected character '{'``), a hand's string after ``is`` or a file name after
    ``source``: the script is another program's."""
    found = _DEAL_TCL.search(_code_only(text))  # the first idiom, if it starts where lark stopped or before
    if found is None or found.start() > at:
        return None
    group = next(i for i in range(1, 5) if found.group(i))
    given = ("; a hand given with is (south is ...) is dealer's predeal (predeal south SAKQ2, HK32, DAJ5, "
             "C432)")
    return ParseError(f"unexpected {found.group(group)!r}: {DEAL_TCL}{given if group == 3 else ''}", source,
                      *_position(text, found.start(group)))


def _position(text: str, offset: int) -> tuple[int, int]:
    """The line and column (from 1) of ``offset`` in ``text``."""
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def _unclosed_comment(text: str) -> tuple[int, int] | None:
    """Line and column of a ``/*`` that no ``*/`` closes, skipping strings and line comments, or None."""
    i = 0
    while i < len(text):
        if text.startswith(("#", "//"), i):
            i = text.find("\n", i)
        elif text[i] == '"':
            i = text.find('"', i + 1)
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                return _position(text, i)
            i = end + 1
        if i < 0:
            return None
        i += 1
    return None


def _end_position(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


_CARD_SPELLINGS = ("a rank (A K Q J T or 10, 9 to 2) and a suit (S H D C), either first, in any case: "
                   "AS, sa, TH, 10h or 2C")
"""How ``hascard``'s card may be written, said wherever a card is expected (`Card.parse` reads them all)."""

_TERMINAL_WORDS = {
    "EXPRESSION": "an expression", "NUMBER": "a number", "IDENT": "a name",
    "PATTERN": "a shape such as 4333 or 5xxx", "STRING": "a string", "CARD": f"a card, {_CARD_SPELLINGS}",
    **dict.fromkeys(("NORTH", "EAST", "SOUTH", "WEST"), "a seat (north, east, south, west)"),
    **dict.fromkeys(("CLUB", "CLUBS", "DIAMOND", "DIAMONDS", "HEART", "HEARTS", "SPADE", "SPADES"), "a suit"),
}
"""What a player would call the grammar's terminals, in messages about what was expected."""


def _expected(names: Collection[str], ident: str = "a name") -> str:
    """The expected terminals as a player would write them: ``')'``, ``a number``, ``a seat``; ``ident``
    says what a name (``IDENT``) is at that place (`_name_there`)."""
    terminals = {t.name: t for t in parser().terminals}
    if {"NUMBER", "LPAR", "IDENT"} <= set(names):
        names = {n for n in names if n in ("RPAR", "COMMA", "COLON", "STRING")} | {"EXPRESSION"}
    if "DIGIT_CARD" in names:  # hascard's card: a name there is a card such as AS, not a variable
        names = (set(names) - {"IDENT", "DIGIT_CARD"}) | {"CARD"}
    words: set[str] = set()
    for name in names:
        term = terminals.get(name)
        if name == "IDENT":
            words.add(ident)
        elif name in _TERMINAL_WORDS:
            words.add(_TERMINAL_WORDS[name])
        elif name.startswith("K_"):
            words.add("a function such as hcp")
        elif term is not None and term.pattern.type == "str":
            words.add(repr(term.pattern.value))
        else:
            words.add(name.lower())
    shown = sorted(words)
    return ", ".join(shown[:8]) + (", ..." if len(shown) > 8 else "") if shown else "nothing more"


@functools.cache
def all_shapes() -> tuple[tuple[int, int, int, int], ...]:
    """Every shape of a 13-card hand (560 of them), spades first."""
    return tuple(
        (s, h, d, 13 - s - h - d) for s in range(14) for h in range(14 - s) for d in range(14 - s - h)
    )


@functools.cache
def shapes_of(pattern: str, any_order: bool) -> frozenset[tuple[int, int, int, int]]:
    """Every (S, H, D, C) a shape pattern such as ``54xx`` (or ``any 4333``) stands for.

    Raises ValueError when the pattern cannot be a hand of 13 cards.
    """
    digits = [None if ch == "x" else int(ch) for ch in pattern]
    fixed = sum(d for d in digits if d is not None)
    free = digits.count(None)
    if (free == 0 and fixed != 13) or fixed > 13:
        raise ValueError(f"shape {pattern} has {fixed} cards; a hand has 13")
    if any_order:  # some order of the suits fits: the given lengths are among the hand's, x takes the rest
        wanted = [d for d in digits if d is not None]
        return frozenset(lengths for lengths in all_shapes() if _among(wanted, lengths))
    return frozenset(
        lengths for lengths in all_shapes()
        if all(d is None or d == n for d, n in zip(digits, lengths, strict=True))
    )


def _among(wanted: list[int], lengths: tuple[int, int, int, int]) -> bool:
    """Whether the suit lengths ``wanted`` are among a shape's ``lengths``, each length once for each time
    it is wanted (``4333``: one four and three threes): a list taken from, not a `collections.Counter`
    made for each of the 560 shapes, which cost a script of three ``any`` shapes ~5 ms to start."""
    left = list(lengths)
    for length in wanted:
        if length not in left:
            return False
        left.remove(length)
    return True


_ORDERS = frozenset({"lt", "le", "gt", "ge"})
_EQUALITIES = frozenset({"eq", "ne"})
_CHAINED = {**dict.fromkeys(_ORDERS, _ORDERS), **dict.fromkeys(_EQUALITIES, _EQUALITIES)}
"""A comparison and the comparisons which, unbracketed on its left, make a chain (``a < b < c``,
``a == b == c``); ``a > 1 == b > 1`` compares two comparisons by C's precedence, as written."""
_COMPARISON_SIGNS = {"lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!="}
"""Each comparison as a script writes it, to quote a chain with the operators it holds."""


def _first_token(child: Child) -> Token | None:
    """The first token under ``child``, found without recursion (the tree may be too deep for it)."""
    while child is not None and not isinstance(child, str):
        child = next((c for c in _tree(child).children if c is not None), None)
    return child


def _tree(child: Child) -> Tree[Token]:
    """A child the grammar makes a subtree (a token is a `str`, a subtree is not)."""
    assert child is not None and not isinstance(child, str), child
    return child


def _token(child: Child) -> Token:
    """A child the grammar makes a token."""
    assert isinstance(child, str), child
    return child


class _Builder:
    """Walks the lark tree statement by statement, binding variables as dealer does (at first use)."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.variables: dict[str, Expr] = {}
        self.defined_at: dict[str, int | None] = {}
        self.fields: dict[str, Any] = {}
        self.predeal: dict[Seat, int] = {}
        self.lengths: list[PredealLength] = []
        self.altcounts: dict[int, tuple[int, ...]] = {}
        self.condition_line: int | None = None
        self.condition_column: int | None = None
        self.count_lines: dict[str, int | None] = {}
        self.last_count: tuple[int | None, str] | None = None
        """The line of the last ``generate`` or ``produce`` read, and the statement as written there."""
        self.action_statements = 0
        self.notes: list[str] = []
        self.places: dict[Expr, str] = {}
        self.not_first: dict[Expr, tuple[str, str]] = {}
        self.depths: dict[int, int] = {}

    def error(self, message: str, token: Any) -> ParseError:
        line = getattr(token, "line", None)
        column = getattr(token, "column", None)
        return ParseError(message, self.source, line, column)

    def build(self, tree: Tree[Token]) -> Script:
        for child in tree.children:
            stmt = _tree(child)
            try:
                getattr(self, "stmt_" + stmt.data)(stmt)
            except RecursionError:  # deeper still than DEEPEST: the tree itself is too deep to read
                raise self.error(self.too_deep(), _first_token(stmt)) from None
        predeal = tuple((seat, Hand(mask)) for seat, mask in sorted(self.predeal.items()))
        return Script(source=self.source, text=self.text, predeal=predeal,
                      predeal_lengths=tuple(self.lengths),
                      altcounts=tuple(sorted(self.altcounts.items())),
                      variables=dict(self.variables), notes=tuple(self.notes),
                      places=dict(self.places), not_first=dict(self.not_first), **self.fields)

    @staticmethod
    def too_deep(depth: int | None = None) -> str:
        """What to say of an expression deeper than `DEEPEST`."""
        found = f"{depth:,} operators and functions" if depth else "its operators and functions"
        return (f"expression nested too deeply: {found} one inside another, counting those of the variables "
                f"it uses (at most {DEEPEST:,})")

    def where(self, token: object) -> str:
        """``source:line:column`` of ``token``, as every note and located error of the script starts (``?``
        for a place lark gave no token)."""
        return f"{self.source}:{getattr(token, 'line', '?')}:{getattr(token, 'column', '?')}"

    def note_chain(self, first: Child, second: str) -> None:
        """Say where a comparison (kind ``second``) compares the result of another unbracketed
        (``15 <= hcp(north) <= 17``), quoting the two operators written: dealer, as C, compares the first
        one's truth, 1 or 0, so the writer most likely meant ``&&``."""
        where = self.where(_first_token(first))
        one, two = _COMPARISON_SIGNS[str(getattr(first, "data", ""))], _COMPARISON_SIGNS[second]
        self.notes.append(f"{where}: a chain of comparisons: dealer reads a {one} b {two} c as C does, the "
                          f"truth of a {one} b (1 or 0) compared with c, not as a {one} b && b {two} c; "
                          "write that, or bracket the first comparison if it is what you mean")

    def note_not(self, negated: Tree[Token], kind: str, right: Child) -> tuple[str, str]:
        """Say where ``not x > n`` (or ``!x > n``) compares the negation of ``x`` alone, 1 or 0, with ``n``:
        dealer, as C, binds ``not`` tighter than a comparison, so ``not hcp(north) > 10`` is never true for
        any n of 1 or more, though its writer meant ``not (hcp(north) > 10)``. Returns the note's pieces,
        where and what, for `Script.not_first`."""
        where = self.where(negated.children[0])  # the `not` or `!`, kept in the tree for this
        operand, compared = self.written(negated.children[-1]), self.written(right)
        asked = f"{operand} {_COMPARISON_SIGNS[kind]} {compared}"
        what = (f"not applies to {operand} alone (1 or 0) before the comparison, as in dealer and C; did you "
                f"mean not ({asked})?")
        self.notes.append(f"{where}: {what}")
        return where, what

    @functools.cached_property
    def code(self) -> str:
        """The script's text with its comments blanked out (`_code_only`): brackets counted in it are code."""
        return _code_only(self.text)

    def written(self, child: Child) -> str:
        """The text of the script ``child`` was read from, as written: from its first token to its last,
        with the brackets and minus signs around them that lark keeps no token for (``child`` follows an
        operator or a `not`, so a bracket or a minus just before its first token is its own), on one line,
        its comments left out (a bracket in one is no bracket: ``(hcp(north) /* ) */)``)."""
        tokens = [child] if isinstance(child, str) else list(_tree(child).scan_values(
            lambda v: isinstance(v, str)))
        starts = [at for t in tokens if isinstance(at := getattr(t, "start_pos", None), int)]
        ends = [at for t in tokens if isinstance(at := getattr(t, "end_pos", None), int)]
        if not starts or not ends:
            return "it"
        start, end, code = min(starts), max(ends), self.code
        at = start - 1
        while at >= 0 and code[at] in "(- \t\n":
            start = at if code[at] in "(-" else start
            at -= 1
        opened = code.count("(", start, end) - code.count(")", start, end)
        while opened > 0 and end < len(code) and code[end] in ") \t\n":
            opened -= code[end] == ")"
            end += 1
        return _without_comments(self.text[start:end])

    def expression(self, child: Child) -> Expr:
        """The expression ``child`` holds, refused where it nests deeper than `DEEPEST`."""
        expr = self.expr(child)
        depth = nesting(expr, self.depths)
        if depth > DEEPEST:
            raise self.error(self.too_deep(depth), _first_token(child))
        return expr

    # statements ------------------------------------------------------------------------------------

    def stmt_generate(self, t: Tree[Token]) -> None:
        self.count_statement("generate", t)

    def stmt_produce(self, t: Tree[Token]) -> None:
        self.count_statement("produce", t)

    def count_statement(self, name: str, t: Tree[Token]) -> None:
        """``generate N`` or ``produce N`` as dealer reads them: the first that is not 0 counts (0 is dealer's
        "not given", so its default holds)."""
        value = self.number(t.children[0])
        token = _token(t.children[0] if isinstance(t.children[0], str) else _tree(t.children[0]).children[0])
        self.last_count = (token.line, f"{name} {value}")
        if not value:
            return
        if name in self.fields:  # said, as a second condition is: the writer may think the later one counts
            first = f"{name} {self.fields[name]} on line {self.count_lines[name]}"
            self.notes.append(f"{self.where(token)}: {name} {value} is not used: "
                              f"dealer keeps the first, {first}; remove one")
            return
        self.fields[name] = value
        self.count_lines[name] = token.line

    def stmt_dealer(self, t: Tree[Token]) -> None:
        self.fields["dealer"] = self.seat(_tree(t.children[0]))

    def stmt_vulnerable(self, t: Tree[Token]) -> None:
        """``vulnerable none|NS|EW|all`` (any case; ``both`` too, PBN's word). The letters of LIN's ``sv``
        (``n``, ``e``, ``o``, ``b``) that `Vul.parse` reads are refused: ``vulnerable n`` is NS there, where
        a script's writer may well mean none."""
        token = t.children[0]
        if str(token).lower() not in ("none", "ns", "ew", "all", "both"):
            raise self.error(f"unknown vulnerability {str(token)!r} (expected none, NS, EW or all)", token)
        self.fields["vulnerable"] = Vul.parse(str(token))

    def stmt_predeal(self, t: Tree[Token]) -> None:
        for item in map(_tree, t.children):
            if item.data == "predeal_length":
                seat_tree = _tree(item.children[1])
                suit = self.suit(_tree(item.children[0]))
                first = _token(_tree(item.children[0]).children[0])
                self.lengths.append(PredealLength(self.seat(seat_tree), suit, self.number(item.children[2]),
                                                  (first.line or 0, first.column or 0)))
                continue
            seat = self.seat(_tree(item.children[0]))
            for holding in item.children[1:]:
                if holding is None:
                    continue
                token = _token(_tree(holding).children[0])
                for card in self.cards_of(token):
                    held_by = [s for s, mask in self.predeal.items() if mask >> card.index & 1]
                    if held_by:
                        raise self.error(f"{card} is predealt twice (to {held_by[0].full_name} already)",
                                         token)
                    self.predeal[seat] = self.predeal.get(seat, 0) | 1 << card.index
                if bin(self.predeal.get(seat, 0)).count("1") > 13:
                    raise self.error(f"more than 13 cards predealt to {seat.full_name}", token)

    def stmt_pointcount(self, t: Tree[Token]) -> None:
        self.fields["pointcount"] = self.count_values(t.children, "pointcount")

    def stmt_altcount(self, t: Tree[Token]) -> None:
        index_tree, *values = t.children
        index = self.number(index_tree)
        if not 0 <= index <= 9:
            raise self.error(f"altcount {index}: expected 0 to 9, the alternate counts pt0 to pt9"
                             f"{_DEBIAN_ALTCOUNT.get(index, '')}", _tree(index_tree).children[0])
        self.altcounts[index] = self.count_values(values, f"altcount {index}")

    def stmt_condition(self, t: Tree[Token]) -> None:
        child = t.children[0]  # a token is a `str`, a subtree is not
        first = child if isinstance(child, str) else next(iter(_tree(child).scan_values(
            lambda v: isinstance(v, str))), None)
        line, column = getattr(first, "line", None), getattr(first, "column", None)
        if self.condition_line is not None and self.source == CONDITION_SOURCE:  # before its words are read,
            raise ParseError("a second condition where an operator was expected: a CONDITION is one "
                             "expression, so join its parts with && (or ||)", self.source, line, column)
        # so that `hcp(north) between 10 and 15` is told this, not `unknown variable 'between'`
        self.fields["condition"] = self.expression(child)
        if self.condition_line is not None and self.condition_line == line:  # `condition hcp(north) > 20 5`
            self.notes.append(f"{self.where(first)}: a second condition on this line, after the "
                              f"one at column {self.condition_column}: dealer reads what follows a condition "
                              "as a condition of its own and keeps only the last; join them with && to ask "
                              "for both, or take out what is left over")
        elif isinstance(self.fields["condition"], Num) and self.last_count is not None \
                and self.last_count[0] == line:  # `produce 10 10`
            after = self.last_count[1]
            hint = " (generate N sets the deals tried)" if after.startswith("produce") else ""
            self.notes.append(f"{self.where(first)}: a second number after {after}: dealer reads it as a "
                              f"condition of its own, a number alone, true for every deal; take it out{hint}")
        elif self.condition_line is not None:
            self.notes.append(f"{self.where(first)}: this condition replaces the one on line "
                              f"{self.condition_line} (dealer keeps only the last); join them with && to ask "
                              "for both")
        after_action = self.after_bare_action(line, column)
        if after_action is not None:  # `action printall(1)`
            action, at = after_action
            condition = self.fields["condition"]
            always = f" ({'true' if condition.value else 'false'} for every deal)" \
                if isinstance(condition, Num) else ""
            self.notes.append(f"{self.source}:{line}:{at}: a bracket after {action} is a condition of its "
                              f"own: {action} takes no arguments, and dealer reads the bracket as the "
                              f"script's condition{always}; write it as condition ... on a line of its own "
                              "if it is meant, else take it out")
        self.condition_line, self.condition_column = line, column
        self.fields["condition_at"] = self.expression_start(first)

    def after_bare_action(self, line: int | None, column: int | None) -> tuple[str, int] | None:
        """The action that takes no arguments (`_BARE_ACTIONS`) a condition starting at ``line``, before
        ``column``, stands right after as its bracket (``action printall(1)``), and the bracket's column;
        None when it does not."""
        if line is None or column is None:
            return None
        start = sum(len(text) + 1 for text in self.text.split("\n")[: line - 1])  # lark counts "\n" alone
        code = _code_only(self.text)[start : start + column - 1]
        found = [*_AFTER_BARE_ACTION.finditer(code)]
        return None if not found else (found[-1][1], found[-1].start(2) + 1)

    def expression_start(self, first: Any) -> tuple[int, int] | None:
        """Where an expression whose first named token is ``first`` starts (line, column): after a
        ``condition`` on that line, else at the line's first word, as ``shape`` and ``hascard`` before it
        are keywords lark does not keep as tokens."""
        at, line = getattr(first, "start_pos", None), getattr(first, "line", None)
        if at is None or line is None:
            return None
        head = self.text[self.text.rfind("\n", 0, at) + 1:at]
        keyword = re.search(r"\bcondition\s+", head)
        return line, (keyword.end() if keyword else len(head) - len(head.lstrip())) + 1

    def stmt_assign(self, t: Tree[Token]) -> None:
        name, value = _token(t.children[0]), t.children[1]
        reserved = _reserved_name(str(name))
        if reserved is not None:
            raise self.error(reserved, name)
        if str(name) in self.variables:
            raise self.error(f"variable {str(name)!r} is already defined on line "
                             f"{self.defined_at[str(name)]}", name)
        self.variables[str(name)] = self.expression(value)
        self.defined_at[str(name)] = name.line

    def stmt_actions(self, t: Tree[Token]) -> None:
        action_list = t.children[0]
        items = [] if action_list is None else _tree(action_list).children
        actions = [self.action(_tree(a)) for a in items if a is not None]
        self.fields["actions"] = tuple(actions)
        self.action_statements += 1
        if self.action_statements > 1:
            self.note_actions_replaced()

    def note_actions_replaced(self) -> None:
        """A second ``action`` statement replaces the first (dealer keeps only the last), so the first's
        output would be missing without a word: say so, naming both lines, as for a second condition."""
        starts = [m.start() for m in _ACTION_STATEMENT.finditer(_code_only(self.text))]
        if len(starts) < self.action_statements:
            return
        line, column = _position(self.text, starts[self.action_statements - 1])
        before = _position(self.text, starts[self.action_statements - 2])[0]
        self.notes.append(f"{self.source}:{line}:{column}: this action list replaces the one on line "
                          f"{before} (dealer keeps only the last); join them with commas to run both")

    # pieces ----------------------------------------------------------------------------------------

    def count_values(self, numbers: Sequence[Child], statement: str) -> tuple[int, ...]:
        """The 13 weights, ace first, of a ``pointcount`` or ``altcount`` (those left out weigh 0): at most
        13, and none that lets a hand or a suit count past what dealer's counts hold (`COUNT_RANGE`)."""
        given = [n for n in numbers if n is not None]
        values = [self.number(n) for n in given]
        if len(values) > 13:
            raise self.error(f"too many {statement.split()[0]} values: there are 13 ranks, ace to two",
                             _tree(given[13]).children[0])
        weights = tuple(values + [0] * (13 - len(values)))
        least, most = count_extremes(weights)
        if least < COUNT_RANGE[0] or most > COUNT_RANGE[1]:
            total = most if most > COUNT_RANGE[1] else least  # the weights of that side make it
            at = max(range(len(values)), key=lambda i: values[i] if total > 0 else -values[i])
            raise self.error(f"{statement} {values[at]}: a hand could count {total}, and dealer counts in 32 "
                             f"bits ({COUNT_RANGE[0]} to {COUNT_RANGE[1]}), where Debian's dealer wraps it "
                             f"round to {_wrapped(total)}; expected weights whose count of 13 cards stays "
                             "within that", self.number_at(given[at]))
        return weights

    def number(self, t: Child) -> int:
        token = _token(t if isinstance(t, str) else _tree(t).children[0])
        self.number_run_into_letters(token)
        negative = getattr(t, "data", None) == "negative"
        if int(token) > LARGEST_NUMBER:
            raise self.error(f"number -{token!s} is too small (at least -{LARGEST_NUMBER})" if negative else
                             f"number {token!s} is too large (at most {LARGEST_NUMBER})", self.number_at(t))
        return -int(token) if negative else int(token)

    def number_at(self, t: Child) -> Any:
        """Where a number an error names begins: its minus sign when it is negative (``-3``, ``- 3``: the
        sign is no token of the tree), else its digits."""
        token = _token(t if isinstance(t, str) else _tree(t).children[0])
        if getattr(t, "data", None) != "negative":
            return token
        line, column = _position(self.text, self.text.rindex("-", 0, token.start_pos))
        return SimpleNamespace(line=line, column=column)

    def number_run_into_letters(self, token: Token) -> None:
        """Refuse a number run into the letters after it: the lexer reads ``4abc`` as the number 4 and then
        a name ``abc``, a condition of its own, as Debian's dealer does (which then keeps only the last
        condition), and ``4S`` as 4 and ``S``, where dealer's scanner reads one card. A word of the
        language run on (``1and``, ``produce 10action``) is that word, as in dealer. A number written
        ``1e6`` or a shape outside ``shape()`` (``5xxx``) is named as such (`unknown_name`)."""
        end = token.end_pos
        word = _WORD.match(self.text, token.start_pos or 0) if end is not None else None
        if word is None or word.end() == end:
            return
        text = word.group()
        if _CARD_WORD.fullmatch(text):
            raise self.error(f"unexpected {text!r}: a card in the dealer language (as in hascard(north, "
                             f"{text})), which can neither name a variable nor stand for a number", token)
        name = text[len(token):]
        if _reserved_kind(name) is not None:  # 1and, 20or, produce 10action: dealer reads the word itself
            return
        if re.fullmatch(r"[eE]\d{1,3}", name) or _SHAPE_WORD.fullmatch(text):
            after = SimpleNamespace(line=token.line, column=(token.column or 1) + len(token))
            raise self.unknown_name(name, after, end)
        raise self.error(f"unexpected {text!r}: a number runs into the letters after it; a name starts with "
                         f"a letter, and a number is digits alone (dealer reads {token} and then a name "
                         f"{name})", token)

    def seat(self, t: Tree[Token]) -> Seat:
        return SEATS[str(t.children[0])]

    def suit(self, t: Tree[Token]) -> Suit:
        return SUITS[str(t.children[0]).rstrip("s")]

    def cards_of(self, token: Token) -> list[Card]:
        text = str(token)
        if text in SEATS:  # `predeal north SAK, HQ, south DAK`: the comma before a seat reads it as a holding
            raise self.error(_seat_after_comma(text), token)
        if text.lower() in SEATS:  # `predeal north SAK, North`: a seat, capitalised
            raise self.error(f"unexpected {text!r}: the dealer language's words are lower case (did you mean "
                             f"{text.lower()}?)", token)
        if text in STATEMENT_WORDS:  # `predeal north SAK,` and `produce 10` on the next line
            raise self.error(f"unexpected {text!r} after a comma: expected one more holding (such as HQJ), "
                             "or no comma after the predeal's last holding", token)
        try:  # the suit letter in any case, as hascard's cards and the ranks: `sAKQ`, `Sakq`, `SAKQ`
            suit = Suit.parse(text[0].upper()) if text[:1].upper() in ("C", "D", "H", "S") else None
            holding = parse_holding(text[1:]) if suit is not None else None
        except NotationError:
            holding = None
        if suit is None or holding is None:
            raise self.error(f"bad holding {text!r}: expected a suit letter (S H D C, in any case) and its "
                             "ranks (A K Q J T or 10, 9 to 2), each once, such as SAQ542 or sAQ542", token)
        return [Card.from_index(13 * suit + r) for r in range(13) if holding >> r & 1]

    def card(self, t: Tree[Token]) -> Card:
        token = t.children[0]
        try:
            return Card.parse(str(token))
        except NotationError:
            raise self.error(f"bad card {str(token)!r}: a card is {_CARD_SPELLINGS}", token) from None

    def action(self, t: Tree[Token]) -> Action:
        kind = t.data
        c = t.children
        if kind in ("printall", "printew", "printpbn"):
            return Action(str(kind))
        if kind in ("printcompact", "printoneline"):
            return Action(str(kind), expr=None if c[0] is None else self.expression(c[0]))
        if kind == "print_seats":
            return Action("print", seats=tuple(self.seat(_tree(s)) for s in c if s is not None))
        if kind == "printes":
            items: list[Expr | str] = []
            for item in c:
                if item is None:
                    continue
                if getattr(item, "type", None) == "STRING":
                    items.append(str(item)[1:-1])
                elif getattr(item, "type", None) == "NEWLINE":
                    items.append("\n")
                else:
                    items.append(self.expression(item))
            return Action("printes", items=tuple(items))
        if kind == "average":
            return Action("average", expr=self.expression(c[1]), label=self.label(c[0]))
        if kind == "frequency":
            lo, hi = self.number(c[2]), self.number(c[3])
            self.check_bounds(lo, hi, _tree(c[2]))
            return Action("frequency", expr=self.expression(c[1]), label=self.label(c[0]), bounds=(lo, hi))
        if kind == "frequency2d":
            bounds = (self.number(c[2]), self.number(c[3]), self.number(c[5]), self.number(c[6]))
            self.check_bounds(bounds[0], bounds[1], _tree(c[2]),
                              FREQUENCY_BUCKETS // (self.check_bounds(bounds[2], bounds[3], _tree(c[5])) + 1))
            return Action("frequency2d", expr=self.expression(c[1]), label=self.label(c[0]), bounds=bounds,
                          expr2=self.expression(c[4]))
        if kind == "evalcontract_table":
            return Action("evalcontract")
        if kind == "evalcontract":
            return self.evalcontract(_tree(c[0]), _tree(c[1]), _token(c[2]))
        raise AssertionError(kind)  # pragma: no cover

    def evalcontract(self, side: Tree[Token], contract: Tree[Token], vul: Token) -> Action:
        """DealerV2's ``evalcontract(ns, 4S, nv)``: the contract's score by double-dummy tricks, South
        declaring for ``ns`` and West for ``ew`` (a seat names declarer itself), as a `ScoreOf` whose
        average the action reports; ``label`` keeps the side as written."""
        first = side.children[0]
        if not isinstance(first, str):  # a seat
            declarer = self.seat(_tree(first))
            label = declarer.letter
        else:
            label = str(first).upper()
            if label not in EVAL_SIDES:
                raise self.error(f"unknown side {str(first)!r} in evalcontract: expected ns, ew or a seat "
                                 "(north, east, south, west)", first)
            declarer = EVAL_SIDES[label]
        played = self.contract_of(contract)
        assert played.strain is not None  # `contract` reads a level and a strain
        scored = ScoreOf(self.vulnerable(vul), played, Tricks(declarer, played.strain))
        return Action("evalcontract", expr=scored, label=label)

    def check_bounds(self, lo: int, hi: int, t: Tree[Token], most: int = FREQUENCY_BUCKETS) -> int:
        """How many values ``lo..hi`` holds, checked: at least one and at most ``most``."""
        if hi < lo:
            raise self.error(f"frequency bounds {lo}..{hi}: expected the low bound first, then a high bound "
                             f"not below it (..., {hi}, {lo}); Debian's dealer counts every value as High "
                             "there", t.children[0])
        if hi - lo >= most:
            raise self.error(f"frequency bounds {lo}..{hi}: a frequency table counts at most "
                             f"{FREQUENCY_BUCKETS:,} values", t.children[0])
        return hi - lo + 1

    @staticmethod
    def label(token: Child) -> str | None:
        return None if token is None else str(_token(token))[1:-1]

    # expressions -----------------------------------------------------------------------------------

    def unknown_name(self, name: str, token: Any, start: int | None) -> ParseError:
        """The error for a name that is no variable, saying what it most likely is: a number written
        ``1e6``, a reserved word where a value goes, a capitalised keyword, else a variable to define."""
        mantissa = re.search(r"\d+$", self.text[:start or 0])
        if re.fullmatch(r"[eE]\d{1,3}", name) and mantissa:
            return self.error(f"unexpected {name!r}: numbers are written out in digits in the dealer "
                              f"language ({int(mantissa[0]) * 10 ** int(name[1:])}, not {mantissa[0]}{name})",
                              token)
        if mantissa and re.fullmatch(r"[0-9xX]+", name) and len(mantissa[0] + name) == 4:
            shape = mantissa[0] + name
            return ParseError(f"unexpected {shape!r}: a shape goes in shape(seat, ...), as in shape(north, "
                              f"{shape})", self.source, getattr(token, "line", None),
                              (getattr(token, "column", None) or len(shape)) - len(mantissa[0]))
        given = re.match(r"[ \t]+(\d+)", self.text[(start or 0) + len(name):])
        if name == "seed" and given:  # DealerV2's statement; dealer takes the seed as -s on its command line
            return self.error(seed_statement(given[1]), token)
        missing = _holdings_written_otherwise(self.text, getattr(token, "line", None), self.source)
        if missing is not None and _HOLDING.fullmatch(name):  # predeal north SAK HQJ: a comma left out
            return missing
        bare = _BARE_ACTION.search(_code_only(self.text)[:start or 0])
        if bare is not None:  # action printall(north): dealer's printall prints all four hands
            return self.error(f"{bare[1]} takes no arguments: write {bare[1]} alone (it prints "
                              f"{_BARE_ACTIONS[bare[1]]})", token)
        if (reserved := _reserved_value(name) or dealerv2_word(name)) is not None:
            return self.error(reserved, token)
        if name != name.lower() and _reserved_kind(name.lower()):
            return self.error(f"unknown variable {name!r}: the dealer language's words are lower case "
                              f"(did you mean {name.lower()}?)", token)
        if missing is not None:
            return missing
        return self.unknown_word(name, token, start or 0)

    def unknown_word(self, name: str, token: Any, start: int) -> ParseError:
        """The error for a name that is neither a number, a reserved word nor a holding: an action misspelt
        after ``action`` (or a comma, if close to one), a variable used above its definition or misspelt,
        else a variable to define."""
        before = _code_only(self.text)[:start]
        action = close_word(name, ACTION_WORDS)
        if re.search(r"\baction\s*$", before) or (action and re.search(r",\s*$", before)):  # action printal
            return self.error(_unknown_action(name), token)
        later = self.defined_later(name, start)
        if later is not None:
            return self.error(f"variable {name!r} is defined on line {later}, after this use: dealer binds a "
                              "variable where it is defined, so move its definition above", token)
        variable = close_word(name, self.variables)
        at_line_start = not before.strip() or before.endswith("\n") or re.search(r"\n[ \t]*$", before)
        continued = _DANGLING_OPERATOR.search(before) or re.search(r"[(,]\s*$", before)  # nt &&\n  deal
        statement = close_word(name, STATEMENT_WORDS) if at_line_start and not continued else None
        if statement and not variable:  # conditon nt && ...: a statement's word misspelt at a line's start
            return self.error(f"unknown word {name!r} at the start of a statement: did you mean {statement}? "
                              f"(the statements are {', '.join(sorted(STATEMENT_WORDS))})", token)
        if variable:
            return self.error(f"unknown variable {name!r}: did you mean {variable}? (or define {name} = ... "
                              "before using it)", token)
        return self.error(f"unknown variable {name!r} (define it with {name} = ... before using it)", token)

    def defined_later(self, name: str, start: int) -> int | None:
        """The line where the script defines ``name`` (``name = ...``) after offset ``start``, else None."""
        found = re.compile(rf"^[ \t]*{re.escape(name)}[ \t]*=(?!=)", re.MULTILINE).search(
            _code_only(self.text), start)
        return None if found is None else _position(self.text, found.start())[0]

    def placed(self, tree: Tree[Token], built: _E) -> _E:
        """``built``, noted as written where ``tree``'s first token is (`Script.places`)."""
        token = _first_token(tree)
        if isinstance(getattr(token, "line", None), int) and isinstance(getattr(token, "column", None), int):
            self.places[built] = self.where(token)  # with no place, an error falls back to the condition's
        return built

    BINARY = frozenset({"or_", "and_", "eq", "ne", "lt", "le", "gt", "ge", "add", "sub", "mul", "div", "mod"})

    def expr(self, child: Child) -> Expr:
        t = _tree(child)
        kind = str(t.data)
        c = t.children
        if kind == "number":
            return Num(self.number(t))
        if kind == "var":
            name = str(c[0])
            start = getattr(c[0], "start_pos", None)
            if name not in self.variables and name in ACTION_WORDS:
                raise self.error(_action_out_of_place(self.text, start or 0, name), c[0])
            if name not in self.variables and name in STATEMENT_WORDS:  # after `predeal north S-`, too
                raise _void_dash(self.text, start or 0, self.source) \
                    or _dangling_operator(self.text, start or 0, self.source) or self.error(
                    f"unexpected {name!r}: a statement starts where an expression was expected (does the "
                    "expression before it end too soon?)", c[0])
            if start is not None and self.text.startswith("(", start + len(name)):  # x(north): no function
                defined = self.defined_at.get(name)
                misspelt = _action_misspelt(self.text, start + len(name), self.source)
                if misspelt is not None and defined is None:  # action printcompac(hcp(north))
                    raise misspelt
                told = "" if defined is None else f": {name!r} is the variable defined on line {defined}"
                raise self.error(_unknown_function(name, self.text, start + len(name)) + told, c[0])
            if name not in self.variables:
                raise self.unknown_name(name, c[0], start)
            return self.variables[name]
        if kind == "paren":
            return self.expr(c[0])
        if kind in self.BINARY:
            if getattr(c[0], "data", None) in _CHAINED.get(kind, ()):
                self.note_chain(c[0], kind)
            said = None
            if kind in _COMPARISON_SIGNS and getattr(c[0], "data", None) == "not_":
                said = self.note_not(_tree(c[0]), kind, c[1])  # noted before any note inside it
            left = self.expr(c[0])
            if said is not None:
                self.not_first[left] = said
            return self.placed(t, Binary(kind.rstrip("_"), left, self.expr(c[1])))
        if kind == "not_":
            return self.placed(t, Unary("not", self.expr(c[-1])))
        if kind == "neg":
            operand = self.expr(c[0])
            return Num(-operand.value) if isinstance(operand, Num) else Unary("neg", operand)
        if kind == "ifelse":
            return IfElse(self.expr(c[0]), self.expr(c[1]), self.expr(c[2]))
        if kind == "length":
            return Length(self.seat(_tree(c[1])), self.suit(_tree(c[0])))
        if kind == "count":
            name = str(_tree(c[0]).children[0])
            base = name if name in COUNT_NAMES else name[:-1]
            suit = None if c[2] is None else self.suit(_tree(c[2]))
            return Count(COUNT_NAMES[base], self.seat(_tree(c[1])), suit)
        if kind == "cccc":
            return Cccc(self.seat(_tree(c[0])))
        if kind == "quality":
            return Quality(self.seat(_tree(c[0])), self.suit(_tree(c[1])))
        if kind == "shape":
            return ShapeIn(self.seat(_tree(c[0])), frozenset(self.shape_list([_tree(s) for s in c[1:]])))
        if kind == "hascard":
            return HasCard(self.seat(_tree(c[0])), self.card(_tree(c[1])))
        if kind == "tricks":
            first = _tree(c[2]).children[0]
            if isinstance(first, str):
                strain = Strain.NT
            else:
                strain = self.suit(_tree(first)).strain
            token = _token(_tree(c[0]).children[0])
            return Tricks(self.seat(_tree(c[1])), strain, token.line, token.column)
        if kind == "score":
            return ScoreOf(self.vulnerable(_token(c[0])), self.contract_of(_tree(c[1])), self.expr(c[2]))
        if kind == "imps":
            return Imps(self.expr(c[1]))
        if kind == "rnd":
            return Rnd(self.expr(c[0]))
        raise AssertionError(kind)  # pragma: no cover

    def shape_list(self, items: list[Tree[Token]]) -> set[tuple[int, int, int, int]]:
        """The shapes of ``shape()``'s list: each item adds its shapes (``+`` or no sign) or takes them away
        (``-``) from those before it; a list that starts by taking away has nothing to take from."""
        shapes: set[tuple[int, int, int, int]] = set()
        self.refuse_taking_from_none(items[0])
        for item in items:
            sign, any_token, pattern = item.children
            try:
                these = shapes_of(str(pattern).lower(), any_token is not None)
            except ValueError as e:
                raise self.error(str(e), pattern) from None
            if sign is not None and _tree(sign).data == "minus":
                shapes -= these
            else:
                shapes |= these
        return shapes

    def refuse_taking_from_none(self, first: Tree[Token]) -> None:
        """An error for a shape list whose first item takes shapes away (``shape(north, -any 4333)``): it
        holds no shape, never true, so Debian's dealer deals until ``generate`` runs out; the writer meant
        every shape but those, written ``xxxx - any 4333``."""
        sign, any_token, pattern = first.children
        if sign is None or _tree(sign).data != "minus":
            return
        written = f"{'any ' if any_token is not None else ''}{pattern}"
        raise self.error(f"-{written} takes shapes away from none: expected the shapes to keep first, then "
                         f"those taken away (xxxx - {written} is every shape but those); as written the "
                         "list holds no shape, and Debian's dealer deals until generate runs out",
                         any_token if any_token is not None else pattern)

    def contract_of(self, t: Tree[Token]) -> Contract:
        """The contract of ``score()`` or ``evalcontract()``: one word (``x4S``, ``z3Hxx``) or a level and a
        strain the lexer reads as a number and a word (``4S``, ``3NT``)."""
        parts = [_token(p) for p in t.children]
        return self.contract(parts[0].update(value="".join(str(p) for p in parts)))

    def vulnerable(self, token: Token) -> bool:
        """``vul`` or ``nv`` (``nonvul``)."""
        vul = str(token).lower()
        if vul not in ("vul", "nv", "nonvul"):
            raise self.error(f"unknown vulnerability {str(token)!r} (expected vul or nv)", token)
        return vul == "vul"

    def contract(self, token: Token) -> Contract:
        """A contract as dealer writes it: ``x3N``, ``4S``, ``z3Hxx`` (an ``x`` or ``z`` first is optional;
        ``X``/``XX`` after it doubles, in either case)."""
        match = CONTRACT_RE.fullmatch(str(token).upper())
        if not match:
            raise self.error(f"bad contract {str(token)!r} (expected a level and strain, as in x3N)", token)
        level, strain, doubled = match.groups()
        return Contract.from_str(f"{level}{'NT' if strain in ('N', 'NT') else strain}{doubled or ''}")
