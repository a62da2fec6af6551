"""Lark parsers for every grammar in `bridgetools.grammars`, built once per process.

Each grammar is loaded by package name (so it works from a wheel or a zip), always with
``parser="lalr"``, and lark's own cache of the LALR tables goes to the temp directory, never next
to the package. `to_parse_error` is the one place where lark's errors become `ParseError`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgetools.errors import ParseError

if TYPE_CHECKING:
    from lark import Lark
    from lark.exceptions import UnexpectedInput

GRAMMAR_PACKAGE = "bridgetools.grammars"


def _ensure_grammar_package() -> None:
    """Make `bridgetools.grammars` importable when running from a source checkout, the checkout's own.

    An installed bridgetools has it (pyproject maps the top-level ``grammars/`` folder to it); a
    checkout (a folder with ``pyproject.toml`` and ``grammars/`` beside the package) is loaded from
    its own folder under the package name, even when another checkout is installed in editable mode:
    a second worktree imported through ``PYTHONPATH`` would otherwise parse with the installed
    checkout's grammars and its tests would test the wrong ones.
    """
    import importlib.util
    import sys

    if GRAMMAR_PACKAGE in sys.modules:
        return
    checkout = Path(__file__).resolve().parents[2]
    init = checkout / "grammars" / "__init__.py"
    own = (checkout / "pyproject.toml").is_file() and init.is_file()
    if not own and importlib.util.find_spec(GRAMMAR_PACKAGE) is not None:
        return
    spec = importlib.util.spec_from_file_location(
        GRAMMAR_PACKAGE, init, submodule_search_locations=[str(init.parent)]
    )
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules[GRAMMAR_PACKAGE] = module
    spec.loader.exec_module(module)


@functools.cache
def get_parser(grammar_name: str, **options: Any) -> Lark:
    """The LALR parser for ``grammars/<grammar_name>.lark``, built on first use and kept.

    ``options`` go to `lark.Lark` (``strict=True`` in tests checks the grammar for conflicts).
    """
    from lark import Lark

    _ensure_grammar_package()
    settings: dict[str, Any] = {"parser": "lalr", "propagate_positions": False}
    settings.update(options)
    if not settings.get("strict"):
        # lark keys its cache on the grammar text and options and keeps it in the temp directory.
        settings.setdefault("cache", True)
    return Lark.open_from_package(GRAMMAR_PACKAGE, f"{grammar_name}.lark", ("",), **settings)


def to_parse_error(error: UnexpectedInput, text: str, source: str | None, line_offset: int = 0) -> ParseError:
    """A `ParseError` for a lark error in ``text``: where it is in the file and what was expected.

    ``line_offset`` is the number of lines of the file before ``text`` (records are parsed one at a
    time), so the line named is the line of the file.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    line = getattr(error, "line", None)
    column = getattr(error, "column", None)
    at_end = isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END")
    if at_end or not isinstance(line, int) or line < 1:
        line, column = _end_of(text if not at_end else text.rstrip())
    try:
        context = error.get_context(text, 30).rstrip("\n") if line is not None else None
    except Exception:  # lark cannot show context past the end of the text
        context = None
    if isinstance(error, UnexpectedToken):
        token = error.token
        shown = "end of text" if token.type == "$END" else repr(str(token))
        message = f"unexpected {shown}; expected {_expected(error.accepts or error.expected)}"
    elif isinstance(error, UnexpectedCharacters):
        at = error.pos_in_stream
        assert at is not None  # the lexer always says where it stopped
        char = text[at] if at < len(text) else ""
        message = f"unexpected character {char!r}"
        if char == '"':
            message = "a string is not closed on its line (missing quote)"
        elif error.allowed:
            message += f"; expected {_expected(error.allowed)}"
    elif isinstance(error, UnexpectedEOF):
        message = f"unexpected end of text; expected {_expected(error.expected)}"
    else:
        message = str(error).splitlines()[0]
    return ParseError(message, source, line + line_offset, column, context)


def _end_of(text: str) -> tuple[int, int]:
    """The line and column just after ``text``: where a text cut short (a tag with no value or no
    ``]``) ends, which lark names by the last token it read instead."""
    return text.count("\n") + 1, len(text) - text.rfind("\n")


_TERMINAL_NAMES = {
    "LSQB": "'['",
    "RSQB": "']'",
    "STRING": "a quoted string",
    "NAME": "a tag name",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "COMMENT": "a comment",
    "$END": "end of text",
}


def _expected(names: Iterable[str]) -> str:
    """Terminal names as a reader would say them: ``']' or a quoted string``."""
    words = sorted({_TERMINAL_NAMES.get(n, n.lower().replace("_", " ")) for n in names})
    if not words:
        return "something else"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
