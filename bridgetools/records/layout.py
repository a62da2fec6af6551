"""Where things go on a printed page: the header, the grid of board cells, and the parts of one board's
diagram. Shared by the PDF renderer and by the tests that check nothing crosses a page edge or another board.

Coordinates are PDF points, origin at the bottom left of the page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bridgetools.records.view import PAPERS, Options, traveller_widths

MARGIN = 36.0
"""Half an inch all round: inside what any office printer prints."""
GUTTER = 14.0
HEADER = 44.0
FOOTER = 16.0
GRID = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 8: (2, 4)}
"""Boards per page -> columns, rows (filled row by row, top to bottom)."""
FONT_SIZE = {1: 13.0, 2: 11.0, 4: 10.0, 6: 9.0, 8: 8.0}
TEXT_SIZE = {1: 11.0, 2: 10.0, 4: 8.5, 6: 8.0, 8: 7.5}
"""Boards per page -> the size of the text under the diagram (auction, play, notes); the small type of
makeable contracts, par and the traveller a point less."""

Rows = list[tuple[str, ...]]
"""A traveller as spelt: its heads, then a row a table."""


def traveller_sizes(per_page: int) -> list[float]:
    """The traveller's type sizes in points, largest first, PDF and HTML alike: this layout's small type
    and that of each layout with more boards to a page in columns as wide (a spelling that misses in one
    is tried in the next, so a roomier layout never names pairs more shortly than a tighter one)."""
    columns = GRID[per_page][0]
    return sorted({TEXT_SIZE[q] - 1 for q in GRID if q >= per_page and GRID[q][0] == columns}, reverse=True)


TRAVELLER_PAD_EM = 0.5
"""A traveller cell's right padding in ems, as the PDF and the HTML draw it and `traveller_pad` counts it."""


def traveller_pad(size: float) -> float:
    """What a traveller's column takes beyond its text, in points, in ``size`` type: its right padding
    and a point to spare."""
    return size * TRAVELLER_PAD_EM + 1


def traveller_spelling(spelt: list[Rows], per_page: int, room: float) -> tuple[Rows, float]:
    """The traveller's rows and type size for a cell ``room`` points wide: the first of the spellings
    ``spelt`` (fullest first) whose columns fit in one of `traveller_sizes`, its text reckoned in Helvetica
    (`estimated_width`); else the last spelling in the smallest size (its pairs wrap as they must). PDF
    and HTML both choose by it, so they name the pairs alike; each then sets its columns by its own
    measure."""
    sizes = traveller_sizes(per_page)
    for rows in spelt:
        for size in sizes:
            def measure(text: str, bold: bool, size: float = size) -> float:
                return estimated_width(text, bold, size)

            if traveller_widths(rows, measure, traveller_pad(size), room) is not None:
                return rows, size
    return spelt[-1], sizes[-1]


_WIDTHS = {letter: width for letters, width in (
    (" .,:;!|ijlft'[]/I", 0.278), ("r-()", 0.333), ("cksvxyzJ\"*", 0.5), ("+=<>", 0.584),
    ("FTZ", 0.611), ("ABEKPSVXY&", 0.667), ("CDHNRUw", 0.722), ("GOQ", 0.778), ("Mm", 0.833), ("%", 0.889),
    ("W@", 0.944), ("♠♥♦♣", 0.75)) for letter in letters}
"""Letters' widths in ems in Helvetica (and Arial, and Liberation Sans, drawn to the same widths); others
0.556, as lower case and figures mostly are. A suit symbol as the fallback fonts draw it, rounded up."""


def letter_width(letter: str) -> float:
    """A letter's width in ems in Helvetica, a little over (`_WIDTHS`)."""
    return _WIDTHS.get(letter, 0.556) * 1.03


def estimated_width(text: str, bold: bool, size: float) -> float:
    """``text``'s width in points in ``size`` type, reckoned in Helvetica a little over (bold a little
    wider): where the font cannot be measured (a browser's), and for the spelling both renderers share."""
    return sum(letter_width(letter) for letter in text) * size * (1.08 if bold else 1.0)


SMALLEST_SUIT = 5.0
"""The smallest type a very long suit's ranks shrink to (points)."""


def suit_size(ranks_width: Callable[[float], float], size: float, room: float) -> float:
    """The type size for a suit's ranks in a hand's column ``room`` points wide: ``size``, or for a very
    long suit (``AQT9876432``) smaller, by half points down to `SMALLEST_SUIT`, so that the ranks keep to
    one line beside the symbol (``size * 1.3``) rather than cross the column or wrap to a fifth line;
    ``ranks_width`` gives their width at a size (the PDF's measured, the HTML's `estimated_width`)."""
    while size > SMALLEST_SUIT and ranks_width(size) + size * 1.3 > room:
        size -= 0.5
    return size


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
    # at the cell's left, where the text under it starts: one left edge a board at every layout, as in the
    # HTML (a diagram centred at 1 or 2 a page left its heading 86 pt right of the auction and play)
    return Diagram(size, size * 1.22, column, cell.x, cell.top)


def fitted_rows(boxes: list[Box], columns: int, needs: list[float]) -> list[Box]:
    """A page's cells (``boxes``, the layout's equal rows) with each row as tall as the tallest of its
    boards ``needs``, where one would not fit its row and others have room to spare: the rows that fit
    give up part of their blank space below their boards (in proportion to it) to those that do not, each
    of which gets what it needs, or where there is not room enough, a share of what there is in
    proportion to what it lacks. Rows that all fit keep the layout's equal heights."""
    rows = len(boxes) // columns
    equal = boxes[0].h
    short = [max(0.0, need - equal) for need in needs]
    spare = [max(0.0, equal - need) for need in needs]
    wanted, free = sum(short), sum(spare)
    if wanted <= 1e-6 or free <= 1e-6:
        return boxes
    if wanted <= free:
        heights = [equal + s - f * wanted / free for s, f in zip(short, spare, strict=True)]
    else:
        heights = [equal - f + s * free / wanted for s, f in zip(short, spare, strict=True)]
    fitted: list[Box] = []
    top = boxes[0].top
    gutter = boxes[0].y - boxes[columns].top if rows > 1 else 0.0
    for row, height in enumerate(heights):
        fitted += [Box(box.x, top - height, box.w, height)
                   for box in boxes[row * columns:(row + 1) * columns]]
        top -= height + gutter
    return fitted
