"""Printed hand records and lesson handouts, as PDF (reportlab, extra ``print``) or one HTML file.

`write_records` reads nothing: it takes boards and `Options` and writes the file whose suffix says the kind.
What each board shows is worked out once (`view`), then drawn by `pdf` or `html`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from bridgetools.errors import BridgeError
from bridgetools.model import Board
from bridgetools.records.view import PER_PAGE, BoardView, Options, board_views, header_from

KINDS = {".pdf": "pdf", ".html": "html", ".htm": "html"}


def kind_of(path: str | Path) -> str:
    """``pdf`` or ``html`` from the output's suffix; a `BridgeError` for any other."""
    kind = KINDS.get(Path(path).suffix.lower())
    if kind is None:
        raise BridgeError(f"{path}: hand records are written as .pdf or .html")
    return kind


def write_records(boards: Iterable[Board], path: str | Path, options: Options | None = None) -> int:
    """Write the hand records of ``boards`` to ``path`` (``.pdf`` or ``.html``) through a temporary file
    renamed into place; the number of boards printed. The header comes from ``options``, else the file."""
    from bridgetools._files import atomic_file

    kind = kind_of(path)
    options = options or Options()
    boards = list(boards)
    options = header_from(boards, options)
    views = list(board_views(boards, options))
    if kind == "pdf":
        from bridgetools.records.pdf import _reportlab, write_pdf

        _reportlab()  # the hint before any file is made
        with atomic_file(path, "wb") as out:
            write_pdf(views, out, options)
    else:
        from bridgetools.records.html import write_html

        with atomic_file(path, "w", encoding="utf-8", newline="\n") as out:
            write_html(views, out, options)
    return len(views)


__all__ = ["PER_PAGE", "BoardView", "Options", "kind_of", "write_records"]
