"""What a writer leaves out because its format has no place for it, said once per output as a warning.

A conversion either carries what the boards hold or says what it dropped: each writer tells a `Losses`
what each board loses, and the warning at the end names each thing with the number of boards.
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Iterable

from bridgetools.board import Board


class Losses:
    """What boards written to one output lost, counted by board."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.boards: Counter[str] = Counter()

    def add(self, what: Iterable[str]) -> None:
        """One board's losses (each named once, such as ``Event`` or ``tags Annotator, BCFlags``)."""
        self.boards.update(dict.fromkeys(what, 1))

    def add_count(self, what: str, boards: int) -> None:
        """``boards`` boards each lose ``what`` (a writer that counts without seeing each board)."""
        self.boards[what] += boards

    def warn(self) -> None:
        """One warning naming everything left out, if anything was."""
        if not self.boards:
            return
        by_count: dict[int, list[str]] = {}
        for what, n in self.boards.items():
            by_count.setdefault(n, []).append(what)
        parts = [f"{', '.join(whats)} ({n} board{'s' * (n != 1)})" for n, whats in by_count.items()]
        warnings.warn(f"{self.target} has no place for {'; '.join(parts)}: left out", stacklevel=3)


def kept_only_by_its_format(board: Board, target: str) -> list[str]:
    """What ``board`` keeps that only the format it was read from can say, so a ``target`` writer loses
    it. A format declares that with a function ``<name>_only(board)`` in its module (``lin_only``); the
    module is found by name in the registry, so writers import no other format."""
    from bridgetools.formats import FORMATS, format_module

    lost: list[str] = []
    for name in board.extra:
        if name != target and name in FORMATS:
            only = getattr(format_module(name), f"{name}_only", None)
            if only is not None:
                lost.extend(only(board))
    return lost


__all__ = ["Losses", "kept_only_by_its_format"]
