"""The record of play at the table: each finished board appended to a PBN file that every other
bridgetools command reads."""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

from bridgetools.board import Board


class PbnRecord:
    """Appends finished boards to ``path`` as PBN (the file keeps one header); boards without a number
    are numbered on from the boards already in the file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._count = self._boards_in_file()

    def _boards_in_file(self) -> int:
        if not self.path.exists():
            return 0
        from bridgetools.formats import read

        return sum(1 for _ in read(self.path, "pbn"))

    def __call__(self, board: Board) -> None:
        from bridgetools.formats import write

        with self._lock:
            self._count += 1
            if board.number is None:
                board.number = self._count
            out = io.StringIO()
            write([board], out, "pbn")
            text = out.getvalue()
            if self.path.exists() and self.path.stat().st_size > 0:
                lines = text.splitlines(keepends=True)
                text = "\n" + "".join(line for line in lines if not line.startswith("%"))
            with open(self.path, "a", encoding="utf-8", newline="\n") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
