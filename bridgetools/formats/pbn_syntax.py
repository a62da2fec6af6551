"""What a PBN tag, tag name and string are, for the code around the parser, taken from the grammar.

``grammars/pbn.lark`` defines the tokens once (``TAG`` from ``NAME`` and ``STRING``; ``TAGS`` a run
of them). The file splitter, the line repairs, the format sniffer and the writer's check of what the
reader would take for a new game use the patterns built here from the parser's own terminals, so
they cannot disagree with the grammar on a tag name or a string. Patterns are built on first use
(the writer imports this module without loading Lark until it needs them).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from bridgetools._lazy import lazy_compile
from bridgetools.formats._lark import get_parser


@dataclass(frozen=True, slots=True)
class TagSyntax:
    """The regular expressions of one tag, from the grammar's terminals."""

    name: str
    """A tag name (``NAME``)."""
    string: str
    """A string with its quotes (``STRING``)."""
    opening: str
    """A tag up to its value's opening quote: ``[``, blanks, the name, blanks."""
    closing: str
    """A tag after its value's closing quote: blanks and ``]``."""
    run: str
    """Well-formed tags separated by blanks (``TAGS``)."""

    @property
    def tag(self) -> str:
        """One well-formed tag on one line (``TAG``)."""
        return self.opening + self.string + self.closing


@functools.cache
def syntax() -> TagSyntax:
    """The tag patterns of the PBN grammar, split where the code needs to see inside a tag."""
    terminals = {t.name: t.pattern.to_regexp() for t in get_parser("pbn").terminals}
    name, string, run = terminals["NAME"], terminals["STRING"], terminals["TAGS"]
    # TAGS is `TAG (/\s*/ TAG)*` in the grammar: lark writes it as TAG(?:\s*TAG)*.
    size = (len(run) - len(r"(?:\s*)*")) // 2
    tag = run[:size]
    if run != rf"{tag}(?:\s*{tag})*" or tag.count(name) != 1 or tag.count(string) != 1:
        raise RuntimeError("grammars/pbn.lark: TAGS must be TAG (/\\s*/ TAG)* with one NAME and one STRING")
    opening, closing = tag.split(string)
    return TagSyntax(name, string, opening, closing, run)


_STRING_LOOP = lazy_compile(r"\(\?:\[\^([^\]]*)\]\|\\\\\.\)\*")
"""A string's body as the grammar writes it, ``(?:[^"\\\n]|\\.)*``: a character or an escape, as
often as they come."""


def unrolled(pattern: str) -> str:
    """``pattern`` with each string body written as the same loop unrolled, ``[^...]*(?:\\.[^...]*)*``:
    it takes exactly the same text (a backslash is only ever the start of an escape, so either way
    there is one reading of a body), but the engine runs a character class over the plain
    characters instead of trying two branches at each, several times faster on tag values."""
    return _STRING_LOOP.sub(lambda m: f"[^{m.group(1)}]*(?:\\\\.[^{m.group(1)}]*)*", pattern)


@functools.cache
def tag_parts() -> re.Pattern[str]:
    """One tag, its name and its value (between the quotes) as groups ``name`` and ``value``."""
    s = syntax()
    opening = s.opening.replace(s.name, f"(?P<name>{s.name})", 1)
    return re.compile(unrolled(opening + f'"(?P<value>{s.string[1:-1]})"' + s.closing))


@functools.cache
def lone_tag() -> re.Pattern[str]:
    """A line holding one tag and nothing else (after a blank line inside commentary, it ends the game)."""
    return re.compile(r"^" + tag_parts().pattern + r"\s*$")


@functools.cache
def tag_start() -> re.Pattern[str]:
    """A line starting with a tag's name and opening quote (after blanks): what makes text look like PBN."""
    return re.compile(r"^\s*" + syntax().opening + '"', re.M)


@functools.cache
def string_rest() -> re.Pattern[str]:
    """The rest of a string after its opening quote, closing quote included."""
    return re.compile(unrolled(syntax().string[1:]))

