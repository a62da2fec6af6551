"""Where things go on a printed page: the header, the grid of board cells, and the parts of one board's
diagram. Shared by the PDF renderer and by the tests that check nothing crosses a page edge or another board.

Coordinates are PDF points, origin at the bottom left of the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgetools.records.view import PAPERS, Options

MARGIN = 36.0
"""Half an inch all round: inside what any office printer prints."""
GUTTER = 14.0
HEADER = 44.0
FOOTER = 16.0
GRID = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 8: (2, 4)}
"""Boards per page -> columns, rows (filled row by row, top to bottom)."""
FONT_SIZE = {1: 13.0, 2: 11.0, 4: 10.0, 6: 9.0, 8: 8.0}


@dataclass(frozen=True)
class Box:
    """A rectangle: left, bottom, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    def inside(self, other: Box) -> bool:
        return self.x >= other.x - 1e-6 and self.y >= other.y - 1e-6 and self.right <= other.right + 1e-6 \
            and self.top <= other.top + 1e-6

    def overlaps(self, other: Box) -> bool:
        return self.x < other.right and other.x < self.right and self.y < other.top and other.y < self.top


def page_size(options: Options) -> tuple[float, float]:
    return PAPERS[options.paper]


def printable(options: Options) -> Box:
    """The page inside its margins."""
    width, height = page_size(options)
    return Box(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)


def cells(options: Options) -> list[Box]:
    """The boxes the boards of one page go in, in reading order, below the header and above the footer."""
    area = printable(options)
    columns, rows = GRID[options.per_page]
    top = area.top - HEADER
    bottom = area.y + FOOTER
    w = (area.w - GUTTER * (columns - 1)) / columns
    h = (top - bottom - GUTTER * (rows - 1)) / rows
    return [
        Box(area.x + c * (w + GUTTER), top - (r + 1) * h - r * GUTTER, w, h)
        for r in range(rows) for c in range(columns)
    ]


@dataclass(frozen=True)
class Diagram:
    """The compass diagram's geometry in a cell: font size, line height, column width and its top-left."""

    size: float
    line: float
    column: float
    x: float
    top: float

    @property
    def box(self) -> Box:
        return Box(self.x, self.top - 12 * self.line, 3 * self.column, 12 * self.line)


def diagram(cell: Box, options: Options) -> Diagram:
    """The diagram's geometry for a board in ``cell``: three columns of four lines each, three rows high."""
    size = FONT_SIZE[options.per_page]
    column = min(cell.w / 3, size * 9.0)
    # a board across the whole page width (1 or 2 a page) has its diagram centred, as handouts do
    x = cell.x + (cell.w - 3 * column) / 2 if options.per_page <= 2 else cell.x
    return Diagram(size, size * 1.22, column, x, cell.top)
