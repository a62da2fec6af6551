"""Printed hand records and lesson handouts, as PDF (reportlab, extra ``print``) or one HTML file.

`write_records` reads nothing: it takes boards and `Options` and writes the file whose suffix says the kind.
What each board shows is worked out once (`view`), then drawn by `pdf` or `html`.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, cast

from bridgetools.board import Board
from bridgetools.errors import BridgeError, NothingToPrintError
from bridgetools.records.view import (
    PER_PAGE,
    BoardView,
    Options,
    board_views,
    counts_as_a_board,
    header_from,
    per_page_from,
    per_page_to_fit,
)

KINDS = {".pdf": "pdf", ".html": "html", ".htm": "html"}


def kind_of(path: str | Path) -> str:
    """``pdf`` or ``html`` from the output's suffix; a `BridgeError` for any other, saying which command
    writes a hand-record format's suffix (``.lin``, ``.dup``: `bridgetools convert`)."""
    from bridgetools.formats import format_from_name

    suffix = Path(path).suffix.lower()
    kind = KINDS.get(suffix)
    if kind is None:
        converted = format_from_name(str(path)) is not None
        elsewhere = f" ({suffix} files come from `bridgetools convert`)" if converted else ""
        raise BridgeError(f"{path}: hand records are written as .pdf or .html{elsewhere}")
    return kind


def check_font(kind: str, font: str | Path | None) -> None:
    """A `BridgeError` for a font given for HTML: refused, not ignored, as the user meant it to be used,
    and an HTML hand record is shown in the reader's own fonts (``print`` makes it a usage error)."""
    if kind == "html" and font is not None:
        raise BridgeError(f"--font {font}: a font is for PDF output; an HTML hand record is shown in the "
                          "reader's own fonts (leave out --font, or write a .pdf)")


def write_records(boards: Iterable[Board], path: str | Path | IO[bytes],
                  options: Options | None = None, *, kind: str | None = None,
                  source: Callable[[Board], str | None] | None = None) -> int:
    """Write the hand records of ``boards`` to ``path`` through a temporary file renamed into place; the
    number of boards printed (records of text alone, a lesson's introduction, not counted). The header
    comes from ``options``, else the file.

    ``kind`` (``pdf`` or ``html``) is the output's, by default the one ``path``'s suffix names (a PDF for
    a stream). ``path`` may be an open binary stream (``print -o -``: stdout); HTML goes there as UTF-8,
    the charset it declares. ``source`` names the file each board came from, printed under its heading
    (``File: monday.pbn``) when boards of several files are printed together.
    """
    from bridgetools._files import atomic_file

    stream_out = None if isinstance(path, (str, Path)) else path
    if kind is None:
        kind = "pdf" if stream_out is not None else kind_of(cast("str | Path", path))
    elif kind not in KINDS.values():
        raise BridgeError(f"hand records are written as pdf or html, not {kind!r}")
    options = options or Options()
    check_font(kind, options.font)
    stream = iter(boards)
    first = next(stream, None)
    boards = stream if first is None else itertools.chain([first], stream)
    options = header_from([first] if first is not None else [], options)
    options = per_page_from([first] if first is not None else [], options)
    if options.per_page_to_fit:  # read ahead at most a page's boards to count a short input
        ahead: list[Board] = []
        found = 0  # boards: a lesson's introduction and an empty record are none
        for board in boards:
            ahead.append(board)
            found += counts_as_a_board(board)
            if found == options.per_page:
                break
        boards = itertools.chain(ahead, boards)
        options = per_page_to_fit(found, options)
    counted = [0]

    def counted_views() -> Iterator[BoardView]:  # one board at a time: memory stays flat however many
        for view in board_views(boards, options, source):
            counted[0] += not view.is_text_only  # boards: a lesson's introduction is none
            yield view

    printed = counted_views()
    first_view = next(printed, None)
    if first_view is None:  # refused before any file is made, rather than a page with a header alone
        raise NothingToPrintError("nothing to print: no board with a deal, a number or commentary")

    def views() -> Iterator[BoardView]:
        return itertools.chain([first_view], printed)

    if kind == "pdf":
        from bridgetools.records.fonts import Fonts
        from bridgetools.records.pdf import _reportlab, write_pdf

        _reportlab(options.dd)  # the hint before any file is made
        fonts = Fonts(options.font)  # and a font file not found or not TrueType
        if stream_out is not None:
            write_pdf(views(), stream_out, options, fonts)
        else:
            with atomic_file(cast("str | Path", path), "wb") as out:
                write_pdf(views(), out, options, fonts)
    else:
        from bridgetools.records.html import write_html

        if stream_out is not None:
            text = io.TextIOWrapper(stream_out, encoding="utf-8", newline="\n")
            write_html(views(), text, options)
            text.flush()
            text.detach()  # the caller's stream stays open
        else:
            with atomic_file(cast("str | Path", path), "w", encoding="utf-8", newline="\n") as out:
                write_html(views(), out, options)
    return counted[0]


__all__ = ["PER_PAGE", "BoardView", "NothingToPrintError", "Options", "check_font", "kind_of",
           "write_records"]
