"""Every error the library raises on bad input, and the `Issue` records of lenient parsing."""

from __future__ import annotations

from dataclasses import dataclass


class BridgeError(ValueError):
    """Base of every error bridgetools raises on bad input (a ValueError, as python-chess does)."""


class ParseError(BridgeError):
    """Text that cannot be read: says where (source, line, column) and what was expected.

    ``str(error)`` is one line: ``source:line:column: message``, ready for a terminal.
    """

    def __init__(
        self,
        message: str,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        context: str | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.context = context
        super().__init__(self._one_line())

    def _one_line(self) -> str:
        return _placed(self.message, self.source, self.line, self.column)

    def located(
        self, source: str | None = None, line_offset: int = 0, column: int | None = None
    ) -> ParseError:
        """The same error placed in a file: the source named and lines counted from its start."""
        line = None if self.line is None else self.line + line_offset
        return ParseError(
            self.message,
            source if source is not None else self.source,
            line if line is not None else (line_offset + 1 if line_offset else None),
            column if column is not None else self.column,
            self.context,
        )


class IllegalCallError(BridgeError):
    """A call that the Laws (18-22) do not allow at this point of the auction."""


class IllegalPlayError(BridgeError):
    """A card that may not be played now (not held, not this player's turn, or a revoke)."""


class ConstraintError(BridgeError):
    """A dealer constraint or script that cannot be compiled, or cannot be satisfied."""


@dataclass(frozen=True, slots=True)
class Issue:
    """A problem found while reading leniently: where it is and what is wrong."""

    message: str
    line: int | None = None
    column: int | None = None
    source: str | None = None
    level: str = "warning"

    def __str__(self) -> str:
        return _placed(self.message, self.source, self.line, self.column)


def _placed(message: str, source: str | None, line: int | None, column: int | None) -> str:
    """``source:line:column: message``, leaving out what is not known."""
    where = ":".join(str(p) for p in (source, line, column) if p is not None)
    return f"{where}: {message}" if where else message


class MissingExtraError(BridgeError):
    """A feature whose optional dependency is not installed; the message says how to install it."""

    def __init__(self, feature: str, extra: str) -> None:
        self.feature = feature
        self.extra = extra
        super().__init__(f"{feature} needs the '{extra}' extra: pip install 'bridgetools[{extra}]'")
