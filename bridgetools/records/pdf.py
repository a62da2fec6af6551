"""Hand records as PDF through reportlab (extra ``print``): the compass diagram drawn on the canvas, the text
under it (makeable contracts, par, auction, play, commentary) flowed into the board's cell.

Suit symbols are drawn with the standard Symbol font and WinAnsi text with the standard fonts, so no font file
is embedded or needed; a string beyond WinAnsi (a Greek club's names) is set in a Unicode font embedded as a
subset (`fonts`). The file is the same byte for byte for the same input and fonts (reportlab's ``invariant``
mode fixes the creation date and ids).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import IO, Any

from bridgetools._words import nearest_ascii
from bridgetools.errors import MissingExtraError, warn_caller
from bridgetools.model import Seat, Suit
from bridgetools.model.cards import SUITS_DISPLAY_ORDER
from bridgetools.records.fonts import ASTRAL, RIGHT_TO_LEFT, Fonts, not_drawn
from bridgetools.records.layout import (
    GRID,
    HEADER,
    TEXT_SIZE,
    TRAVELLER_PAD_EM,
    Box,
    Diagram,
    cells,
    diagram,
    fitted_rows,
    page_size,
    printable,
    suit_size,
    traveller_pad,
    traveller_spelling,
)
from bridgetools.records.view import (
    PLAY_HEADING,
    BoardView,
    Options,
    board_list,
    laid_out,
    room_text,
    runs,
    suit_colour,
    tagged,
    traveller_widths,
)

TABLE_GREEN = "#1f6e3a"
TEXT = "Helvetica"
BOLD = "Helvetica-Bold"
ITALIC = "Helvetica-Oblique"
SERIF = "Times-Roman"


@dataclass(frozen=True)
class Placed:
    """Where a board was drawn: page (from 0), board number, and the box its diagram and text fill."""

    page: int
    number: int | None
    box: Box


def _reportlab(dd: bool = False) -> Any:
    """reportlab's canvas, or a one-line error naming the extras to install: with ``dd`` (tables asked
    for) the dd extra too when it is missing as well, so that one install does."""
    try:
        from reportlab.pdfgen import canvas
    except ImportError:
        from bridgetools.dd import _dds

        also = ["dd"] if dd and not _dds.available() else []
        raise MissingExtraError("printing PDF hand records", "print", *also) from None
    return canvas


def markup(text: str, options: Options, allow_tags: bool = False) -> str:
    """``text`` as reportlab paragraph markup: escaped, suit symbols in the Symbol font and their colour;
    with ``allow_tags`` the commentary's ``<b>`` and ``<i>`` stay."""

    def symbol(piece: str, suit: Suit) -> str:
        return f'<font name="Symbol" color="{suit_colour(suit, options.four_colours)}">{piece}</font>'

    return tagged(text, symbol, allow_tags)


class _Writer:
    """One PDF being drawn: the canvas, the options, the paragraph styles, and what has been placed."""

    def __init__(self, out: IO[bytes], options: Options, fonts: Fonts) -> None:
        canvas = _reportlab()
        from reportlab.lib.styles import ParagraphStyle

        self.options = options
        self.fonts = fonts
        self.styles: dict[tuple[str, str], Any] = {}
        self.canvas = canvas.Canvas(out, pagesize=page_size(options), invariant=1, pageCompression=1)
        self.canvas.setTitle(options.page_title)
        self.canvas.setCreator("bridgetools")
        self.placed: list[Placed] = []
        self.colours: dict[str, Any] = {}
        self.widths: dict[tuple[str, str, float], float] = {}
        self.out: Any = None
        self.filled = "#000000"
        self.font: tuple[str, float] = ("", 0.0)
        self.page = 0
        self.cut: list[int | None] = []
        self.lost: dict[int | None, str] = {}
        self.built: dict[tuple[int, float], _Content] = {}
        """A page's boards' text as built in each size (`content`), measured once and drawn from."""
        """What was cut of each board cut, as `finish` tells it (``explanations 8-10 of 10``)."""
        self.texts_cut: list[str] = []
        """Records of text alone (a lesson's introduction) whose text was cut, named by the board before."""
        self.last_number: int | None = None
        self.header_cut: dict[str, tuple[str, str]] = {}  # a header line cut to fit: as printed, the room
        size = TEXT_SIZE[options.per_page]
        self.body = ParagraphStyle("body", fontName=TEXT, fontSize=size, leading=size * 1.2)
        self.comment = ParagraphStyle("comment", fontName=SERIF, fontSize=size + 0.5, leading=size * 1.3,
                                      spaceBefore=size * 0.4)
        self.small = ParagraphStyle("small", fontName=TEXT, fontSize=size - 1, leading=(size - 1) * 1.2)
        self.fixed = ParagraphStyle("fixed", fontName="Courier", fontSize=size - 0.5, leading=size * 1.1,
                                    spaceBefore=size * 0.4)

    # Text with suit symbols ---------------------------------------------------------------
    def text(self, x: float, y: float, text: str, font: str = TEXT, size: float = 10.0,
             colour: str = "#000000", centre: bool = False) -> float:
        """Draw ``text`` at ``x``, ``y`` (its centre at ``x`` when ``centre``) into the board's text object;
        the width drawn."""
        pieces = self.faced(text, font)
        widths = [self.width(p, f, size) for p, _, f in pieces]
        width = sum(widths)
        if centre:
            x -= width / 2
        out = self.out
        for (piece, suit, face), step in zip(pieces, widths, strict=True):
            self.fill(suit_colour(suit, self.options.four_colours) if suit is not None else colour)
            if (face, size) != self.font:
                out.setFont(face, size)
                self.font = (face, size)
            out.setTextOrigin(x, y)
            out.textOut(piece)
            x += step
        return width

    def width(self, text: str, font: str, size: float) -> float:
        """``stringWidth``, remembered: boards repeat the same few strings (seats, digits, suit symbols)."""
        key = (text, font, size)
        found = self.widths.get(key)
        if found is None:
            from reportlab.pdfbase.pdfmetrics import stringWidth

            found = self.widths[key] = float(stringWidth(text, font, size))
        return found

    def colour(self, colour: str) -> Any:
        """A reportlab colour, made once per hex string (reportlab parses colour strings slowly)."""
        if colour not in self.colours:
            from reportlab.lib.colors import HexColor

            self.colours[colour] = HexColor(colour)
        return self.colours[colour]

    def fill(self, colour: str) -> None:
        """Set the text's fill colour when it changes."""
        if colour != self.filled:
            self.out.setFillColor(self.colour(colour))
            self.filled = colour

    def paragraph(self, text: str, style: Any, kind: Any = None) -> Any:
        """A paragraph (or ``kind``: `XPreformatted`) of markup ``text`` in ``style``, set in a Unicode font
        when it holds characters beyond WinAnsi (`Fonts.face`)."""
        from reportlab.platypus import Paragraph

        pieces = self.fonts.pieces(style.fontName, text, tagged="<b>" in text or "<i>" in text)
        face = pieces[0][1] if len(pieces) == 1 else style.fontName
        if len(pieces) > 1:  # no one font has it all: each piece in a font that has it
            text = "".join(p if f == face else f'<font name="{f}">{p}</font>' for p, f in pieces)
        if face != style.fontName:
            key = (style.name, face)
            if key not in self.styles:
                self.styles[key] = style.clone(f"{style.name}-{face}", fontName=face)
            style = self.styles[key]
        return (kind or Paragraph)(text, style)

    # Page furniture -----------------------------------------------------------------------
    def header(self) -> None:
        o, c = self.options, self.canvas
        c.setFillColor(self.colour("#000000"))
        area = printable(o)
        top = area.top
        given = "  ".join(part for part in (o.event, o.date) if part)
        right, right_size = self.fitted(given, TEXT, area.w / 2, 10.0, 7.0)  # half the width at most
        if right != given and o.event:  # the event is cut, the date kept whole
            date = f"  {o.date}" if o.date else ""
            event, _ = self.fitted(o.event, TEXT, area.w / 2 - self.drawn_width(date, TEXT, 7.0), 7.0, 7.0)
            right = event + date
            self.header_cut["the event is"] = (event, "half the page's width at 7 pt")
        room = area.w - (self.drawn_width(right, TEXT, right_size) + 12 if right else 0)
        title, size = self.fitted(o.page_title, BOLD, room, 14.0, 9.0)
        if title != o.page_title:
            beside = " beside the event and date" if right else ""
            self.header_cut["the title is"] = (title, f"the page's width{beside} even at 9 pt")
        self.header_line(area.x, top - 14, title, BOLD, size)
        if right:
            self.header_line(area.right - self.drawn_width(right, TEXT, right_size), top - 13, right, TEXT,
                             right_size)
        if o.cover:
            cover, size = self.fitted(o.cover, ITALIC, area.w, 9.0, 6.0)
            if cover != o.cover:
                self.header_cut["--cover is"] = (cover, "the page's width even at 6 pt")
            self.header_line(area.x, top - 28, cover, ITALIC, size)
        c.setFillColor(self.colour("#000000"))
        c.setLineWidth(0.6)
        c.line(area.x, top - HEADER + 8, area.right, top - HEADER + 8)
        c.setFont(TEXT, 7.5)
        c.drawCentredString(area.x + area.w / 2, area.y + 2, f"Page {self.page + 1}")
        c.drawRightString(area.right, area.y + 2, "bridgetools")

    def fitted(self, text: str, font: str, room: float, size: float, smallest: float,
               middle: bool = False, keep: tuple[int, ...] = ()) -> tuple[str, float]:
        """A header line and its size (``size`` pt, down to ``smallest``) to fit ``room``: the title beside
        the event and date, the cover line across the page. A line too long even then is cut with an
        ellipsis rather than drawn over the event or past the paper's edge: at its end, or (``middle``) in
        its middle, so that file names that differ at the end (two sessions' dates) still differ; its first
        characters uncut, the first of ``keep``'s counts that fits (a turned board's ``Turned: E as S``), so
        that the rest gives."""
        while size > smallest and self.drawn_width(text, font, size) > room:
            size -= 0.5
        kept = next((text[:n] for n in keep  # with room for some of the rest: its last four characters
                     if self.drawn_width(text[:n] + "…" + text[n:][-4:], font, size) <= room), "")
        text = text[len(kept):]
        head, tail = (text[:(len(text) + 1) // 2], text[(len(text) + 1) // 2:]) if middle else (text, "")
        while len(head) + len(tail) > 1 and self.drawn_width(kept + text, font, size) > room:
            if middle and len(tail) >= len(head):
                tail = tail[1:]
            else:
                head = head[:-1]
            text = head.rstrip() + "…" + tail
        return kept + text, size

    def header_line(self, x: float, y: float, text: str, font: str, size: float) -> None:
        """A header line drawn as the boards' text is (`text`): a suit symbol in a title (``1♥ openings``)
        in the Symbol font and its colour, not in black from the text font's stand-in."""
        self.out = self.canvas.beginText()
        self.filled, self.font = "", ("", 0.0)
        self.text(x, y, text, font, size)
        self.canvas.drawText(self.out)

    def drawn_width(self, text: str, font: str, size: float) -> float:
        """The width of ``text`` as `text` draws it: its suit symbols in the Symbol font."""
        return sum(self.width(piece, face, size) for piece, _, face in self.faced(text, font))

    def faced(self, text: str, font: str) -> list[tuple[str, Suit | None, str]]:
        """``text`` in pieces, each with its suit and the font that draws it: a suit symbol in Symbol, the
        rest in ``font``, or in a Unicode font when beyond WinAnsi (`Fonts.pieces`)."""
        return [(piece, suit, face) for part, suit in runs(text) for piece, face in
                ([(part, "Symbol")] if suit is not None else self.fonts.pieces(font, part))]

    # One board ----------------------------------------------------------------------------
    def board(self, view: BoardView, cell: Box) -> None:
        page = self.page  # where the board starts: at one board a page its text may run on (`spill`)
        if view.is_text_only:  # an introduction: its text fills the cell from the top
            bottom = self.below(view, cell.top, cell, [])
            self.placed.append(Placed(page, view.number, Box(cell.x, bottom, cell.w, cell.top - bottom)))
            return
        self.last_number = view.number
        d = diagram(cell, self.options)
        self.out = self.canvas.beginText()
        self.filled, self.font = "", ("", 0.0)
        self.corner(view, d)
        for seat, (row, col) in {Seat.N: (0, 1), Seat.W: (1, 0), Seat.E: (1, 2), Seat.S: (2, 1)}.items():
            self.hand(view.hands[seat], d, row, col)
        self.compass(d)
        self.points(view, d)
        if view.dd is not None:
            self.grid(view, d)
        top, story = self.lines(view, d, cell)
        self.canvas.drawText(self.out)
        bottom = self.below(view, top, cell, story)
        self.placed.append(Placed(page, view.number, Box(cell.x, bottom, cell.w, cell.top - bottom)))

    def corner(self, view: BoardView, d: Diagram) -> None:
        y = d.top - d.line * 1.05
        if view.heading is not None:
            self.text(d.x, y, view.heading, BOLD, d.size * 1.25)
        small = d.size * 0.9
        lines = view.label_lines()
        below = (1.15, 1.95, 2.75) if len(lines) > 2 else (1.25, 2.2)  # a third line fits above West's hand
        for offset, line in zip(below, lines, strict=False):  # a turn's seats kept whole: room, file give
            turn = view.turned is not None and line.startswith("Turned: ")
            keep = (len(line.split(",")[0]),) if turn else ()
            line, size = self.fitted(line, TEXT, d.column, small, small * 0.75, middle=True, keep=keep)
            self.text(d.x, y - d.line * offset, line, size=size)

    def hand(self, holdings: tuple[str, str, str, str] | None, d: Diagram, row: int, col: int) -> None:
        if holdings is None:
            return

        x = d.x + col * d.column + (d.size * 0.6 if col == 1 else 0)
        room = d.column - d.size * 0.8
        for i, (suit, ranks) in enumerate(zip(SUITS_DISPLAY_ORDER, holdings, strict=True)):
            y = d.top - (4 * row + i + 1) * d.line + d.line * 0.22
            size = suit_size(functools.partial(self.width, ranks, TEXT), d.size, room)
            self.text(x, y, suit.symbol, size=d.size)
            self.text(x + d.size * 1.2, y, ranks, size=size)

    def compass(self, d: Diagram) -> None:
        c = self.canvas
        side = min(4 * d.line - d.size * 0.5, d.column * 0.62)
        cx = d.x + 1.5 * d.column
        cy = d.top - 6 * d.line
        c.setFillColor(self.colour(TABLE_GREEN))
        c.rect(cx - side / 2, cy - side / 2, side, side, stroke=0, fill=1)
        size = d.size * 0.8
        inset = size * 0.75
        for letter, (dx, dy) in {"N": (0, 1), "S": (0, -1), "W": (-1, 0), "E": (1, 0)}.items():
            x = cx + dx * (side / 2 - inset)
            y = cy + dy * (side / 2 - inset) - size * 0.35
            self.text(x, y, letter, BOLD, size, "#ffffff", centre=True)

    def points(self, view: BoardView, d: Diagram) -> None:
        if not view.hcp:
            return
        size = d.size * 0.85
        cx = d.x + d.column * 0.42
        top = d.top - 8 * d.line
        self.text(cx, top - d.line * 0.9, "HCP", size=size * 0.8, colour="#555555", centre=True)
        spots = {Seat.N: (0, 1.9), Seat.W: (-1, 2.8), Seat.E: (1, 2.8), Seat.S: (0, 3.7)}
        for seat, points in view.hcp.items():
            dx, down = spots[seat]
            self.text(cx + dx * size * 1.7, top - down * d.line, str(points), BOLD, size, centre=True)

    def grid(self, view: BoardView, d: Diagram) -> None:
        assert view.dd is not None
        size = d.size * 0.72
        x0 = d.x + 2 * d.column + d.size * 0.3
        width = (d.column - d.size * 0.4) / 6
        height = 4 * d.line / 5.1
        top = d.top - 8 * d.line
        c = self.canvas
        c.setLineWidth(0.3)
        c.setStrokeColor("#888888")
        c.rect(x0, top - 5 * height, 6 * width, 5 * height, stroke=1, fill=0)
        c.line(x0, top - height, x0 + 6 * width, top - height)
        c.setStrokeColor("#000000")
        for j, name in enumerate(("", "NT", *(s.symbol for s in (Suit.S, Suit.H, Suit.D, Suit.C)))):
            self.text(x0 + (j + 0.5) * width, top - height * 0.78, name, BOLD, size, centre=True)
        for i, seat in enumerate((Seat.N, Seat.S, Seat.E, Seat.W)):
            y = top - (i + 1.78) * height
            self.text(x0 + 0.5 * width, y, seat.letter, BOLD, size, centre=True)
            for j, tricks in enumerate(view.dd.tricks[seat]):
                self.text(x0 + (j + 1.5) * width, y, str(tricks), size=size, centre=True)

    def lines(self, view: BoardView, d: Diagram, cell: Box) -> tuple[float, list[Any]]:
        """Draw the short items under the diagram (makeable contracts, par) straight into the text,
        wrapped at word ends (paragraphs are slow); the top left for the rest, and as paragraphs what does
        not fit the cell."""
        y = d.box.y - 2
        x = cell.x
        story: list[Any] = []
        for label, text, style in self.short_items(view):
            size = style.fontSize
            indent = self.width(label + " ", BOLD, size)
            rows = self.wrap(text, size, cell.right - (x + indent))
            if story or y - len(rows) * style.leading < cell.y:
                story.append(self.paragraph(f"<b>{label}</b> {markup(text, self.options)}", style))
                continue
            self.text(x, y - style.leading + size * 0.22, label, BOLD, size)
            for row in rows:
                y -= style.leading
                self.text(x + indent, y + size * 0.22, row, size=size)
        return y, story

    def short_items(self, view: BoardView) -> list[tuple[str, str, Any]]:
        """The short items under the diagram (`lines`): a deal not read, makeable contracts, par."""
        label, _, unread = (view.unread_deal or "").partition(": ")  # Deal not read, or Hand not read
        items = [(f"{label}:", unread, self.body)] if view.unread_deal else []
        if view.dd is not None:
            items.append(("Makeable:", view.dd.makeable, self.small))
            if view.dd.par:
                items.append(("Par:", view.dd.par, self.small))
        return items

    def needed(self, view: BoardView, cell: Box) -> float:
        """How tall a board stands from its cell's top when nothing is cut, in this layout's type: the
        diagram and the short items under it (`lines`), then its text (`content`)."""
        if view.is_text_only:
            top = cell.top
        else:
            d = diagram(cell, self.options)
            top = d.box.y - 2
            for label, text, style in self.short_items(view):
                indent = self.width(label + " ", BOLD, style.fontSize)
                top -= len(self.wrap(text, style.fontSize, cell.w - indent)) * style.leading
        story = self.content(view, cell.w).everything()
        return cell.top - top + (_height(story, cell.w, cell.h * 4) if story else 0.0)

    def page_cells(self, page: list[BoardView], boxes: list[Box]) -> list[Box]:
        """The cells of one page's boards: the layout's equal rows, or where a board's text would not fit
        its row, rows as tall as their boards need, the room of rows with blank space below their boards
        given to those that need it (`layout.fitted_rows`)."""
        columns, rows = GRID[self.options.per_page]
        if rows == 1:
            return boxes
        needs = [0.0] * rows
        for k, (view, box) in enumerate(zip(page, boxes, strict=False)):
            needs[k // columns] = max(needs[k // columns], self.needed(view, box))
        return fitted_rows(boxes, columns, needs)

    def wrap(self, text: str, size: float, room: float) -> list[str]:
        """``text`` cut at spaces into rows no wider than ``room`` (a longer word has a row alone)."""
        rows: list[str] = []
        for word in text.split(" "):
            candidate = f"{rows[-1]} {word}" if rows else word
            wide = self.drawn_width(candidate, TEXT, size)
            if rows and wide <= room:
                rows[-1] = candidate
            else:
                rows.append(word)
        return rows

    def content(self, view: BoardView, width: float) -> _Content:
        """The board's text under the diagram and short items, as flowables in the current type (`sized`):
        the auction and its explanations, the play, the result, the traveller and the commentary; built
        once a size a board of the page (`built`)."""
        key = (id(view), self.body.fontSize)
        if key not in self.built:
            self.built[key] = self._content(view, width)
        return self.built[key]

    def _content(self, view: BoardView, width: float) -> _Content:
        """`content`, built."""
        from reportlab.platypus import Spacer, Table, TableStyle, XPreformatted

        o = self.options
        story: list[Any] = []
        notes: dict[int, int] = {}
        play: dict[int, int] = {}
        auction = None
        if view.auction:
            head = [self.paragraph(f"<b>{name}</b>", self.body)
                    for name in ("West", "North", "East", "South")]
            rows = [[self.paragraph(markup(call, o), self.body) for call in row] for row in view.auction]
            column = min(width / 4, self.body.fontSize * 5.5)
            auction = Table([head, *rows], colWidths=[column] * 4, hAlign="LEFT")
            auction.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 1),
                                         ("TOPPADDING", (0, 0), (-1, -1), 0),
                                         ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
            story += [Spacer(1, 3), auction]
            for k, note in enumerate(view.auction_notes, 1):
                story.append(self.paragraph(markup(note, o), self.small))
                notes[id(story[-1])] = k
        for k, line in enumerate(view.play):  # headed, or "1. W: ..." reads as one more of the notes
            heading = f"<b>{PLAY_HEADING}</b> " if k == 0 else ""
            story.append(self.paragraph(heading + markup(line, o), self.small))
            play[id(story[-1])] = k + 1
        result = None
        if view.result:  # after the play that made it, before the commentary (`BELOW_THE_DIAGRAM`)
            result = self.paragraph(f"<b>{view.result_label}</b> {markup(view.result, o)}",
                                    self.body)
        after: list[Any] = []
        traveller = None
        if view.traveller:
            traveller = self.traveller(view.traveller, width)
            after += [Spacer(1, 3), traveller]
            after += [self.paragraph(markup(note, o), self.small) for note in view.traveller_notes]
        as_text: dict[int, Any] = {}  # a diagram's lines as running text, when they would not fit
        comments: dict[int, int] = {}
        for text in view.commentary:
            for paragraph in re.split(r"\n\s*\n", text):
                columns = laid_out(paragraph)  # a diagram keeps its lines and spaces
                running = self.paragraph(markup(" ".join(paragraph.split()), o, allow_tags=True),
                                         self.comment)
                comments[id(running)] = len(comments) + 1
                if columns is not None:
                    after.append(self.paragraph(markup(columns, o), self.fixed, XPreformatted))
                    as_text[id(after[-1])] = running
                    comments[id(after[-1])] = comments[id(running)]
                    continue
                after.append(running)
        return _Content(story, result, after, as_text, auction, traveller, notes, play, comments)

    def sizes(self) -> list[float]:
        """The type sizes a board's text is tried in, largest first: this layout's, then by half points
        down to four fifths of it (not below 6 pt), before anything is cut; at one board a page its own
        alone (the rest runs on to the next page, `spill`)."""
        size = TEXT_SIZE[self.options.per_page]
        if self.options.per_page == 1:
            return [size]
        smallest = max(6.0, size * 0.8)
        found = []
        while size >= smallest - 1e-6:
            found.append(size)
            size -= 0.5
        return found

    def sized(self, size: float) -> None:
        """Set the text's styles (`body`, `small`, `comment`, `fixed`) in ``size`` type, as the layout
        sets them at its own."""
        from reportlab.lib.styles import ParagraphStyle

        if self.body.fontSize == size:
            return
        self.body = ParagraphStyle(f"body-{size:g}", fontName=TEXT, fontSize=size, leading=size * 1.2)
        self.comment = ParagraphStyle(f"comment-{size:g}", fontName=self.comment.fontName,
                                      fontSize=size + 0.5, leading=size * 1.3, spaceBefore=size * 0.4)
        self.small = ParagraphStyle(f"small-{size:g}", fontName=TEXT, fontSize=size - 1,
                                    leading=(size - 1) * 1.2)
        self.fixed = ParagraphStyle(f"fixed-{size:g}", fontName="Courier", fontSize=size - 0.5,
                                    leading=size * 1.1, spaceBefore=size * 0.4)

    def below(self, view: BoardView, top: float, cell: Box, story: list[Any]) -> float:
        """Flow the text under the diagram into the rest of the cell, in smaller type (`sizes`) where it
        would not fit in the layout's; the lowest point used."""
        from reportlab.platypus import Frame

        room = top - cell.y
        sizes = self.sizes()
        for size in sizes:
            self.sized(size)
            content = self.content(view, cell.w)
            if _height([*story, *content.everything()], cell.w, room) <= room:
                break
        try:
            return self._below(view, top, cell, story, content, Frame)
        finally:
            self.sized(sizes[0])

    def _below(self, view: BoardView, top: float, cell: Box, story: list[Any], content: _Content,
               frame_kind: Any) -> float:
        """`below` in the type chosen: what does not fit is cut, the result kept (`keeping`), and what was
        cut told (`finish`)."""
        start = len(story)  # what happened at the table starts here
        story = [*story, *content.story]
        dropped = False
        if content.result is not None:
            story, dropped = self.keeping(story, content.result, start, cell.w, top - cell.y)
        story += content.after
        if not story:
            return top
        if content.as_text and _height(story, cell.w, top - cell.y) > top - cell.y:
            story = [content.as_text.get(id(flowable), flowable) for flowable in story]
        frame = frame_kind(cell.x, cell.y, cell.w, top - cell.y, leftPadding=0, rightPadding=0, topPadding=0,
                           bottomPadding=0, showBoundary=0)
        drawn: set[int] = set()
        _fill(frame, story, self.canvas, drawn)  # what fits, an auction or paragraph cut at a row or line
        if self.options.per_page == 1 and story and self.spill(view, story, cell):  # the rest on next pages
            return cell.y
        if story or dropped:  # what did not fit is left in the story: say so on the page and on stderr
            if view.is_text_only:  # no board: named by where it stands, not as "board ?"
                after = "" if self.last_number is None else f" after board {self.last_number}"
                self.texts_cut.append(f"the text{after}" if after else "the opening text")
            else:
                self.cut.append(view.number)
                lost = content.lost(drawn)
                if lost and view.number not in self.lost:
                    self.lost[view.number] = lost
            self.canvas.setFont(TEXT, self.body.fontSize)
            self.canvas.drawString(cell.right - self.body.fontSize, cell.y + 1, "…")
            return cell.y  # the mark at the cell's foot is the board's too
        return max(float(frame._y), cell.y)

    def keeping(self, story: list[Any], result: Any, start: int, width: float,
                room: float) -> tuple[list[Any], bool]:
        """``story`` (from ``start``: the auction, its notes and the play) with the ``result`` line after
        it, kept in ``room``: where they do not all fit, the play's last tricks, then the notes, then the
        auction's last rounds make way for it (a line "…" in their place); only where not even the
        auction's first round fits above it does the result go before the auction, next to the diagram:
        a cut takes the detail, never the outcome. True when something made way."""
        from reportlab.platypus import Paragraph

        if _height([*story, result], width, room) <= room:
            return [*story, result], False
        more = self.paragraph("…", self.small)
        kept = list(story)
        while len(kept) > start and isinstance(kept[-1], Paragraph):  # the play, then the notes
            kept.pop()
            if _height([*kept, more, result], width, room) <= room:
                return [*kept, more, result], True
        for after in ([more, result], [result]):  # the cut marked in place, else at the cell's corner alone
            cut = _auction_cut(kept, start, after, width, room)
            if cut is not None:
                return cut, True
        return [*story[:start], result, *story[start:]], False

    def traveller(self, spelt: list[list[tuple[str, ...]]], room: float) -> Any:
        """The traveller as a table in the small type, heads in bold, a line a table: each figure's column
        as wide as its widest cell (a head wrapped at its spaces when that makes room), the pairs' columns
        sharing the rest, their players' names in full, else surnames, else the pairs' numbers alone,
        whichever is the first to fit on one line or, wrapped, on two, and a word (a pair's number) never
        broken. A spelling that misses in this layout's type is tried in the smaller type of each layout
        with more boards to a page in cells as wide, so that a roomier layout never names pairs more
        shortly than a tighter one (the last spelling wraps as it must). The spelling and size are chosen
        as the HTML's are (`traveller_spelling`), the columns set by the PDF's own measure."""
        from reportlab.platypus import Table, TableStyle

        o = self.options
        rows, size = traveller_spelling(spelt, o.per_page, room)  # as the HTML's
        widths = self._traveller_widths(rows, size, room, squeeze=True)  # the same widths where they fit
        style = self._small(size)
        head = [self.paragraph(f"<b>{markup(cell, o)}</b>", style) for cell in rows[0]]
        body = [[self.paragraph(markup(cell, o), style) for cell in row] for row in rows[1:]]
        table = Table([head, *body], colWidths=widths or None, hAlign="LEFT", repeatRows=1)
        table.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), size * TRAVELLER_PAD_EM),
                                   ("TOPPADDING", (0, 0), (-1, -1), 0),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5),
                                   ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LINEBELOW", (0, 0), (-1, 0), 0.4, self.colour("#888888"))]))
        return table

    def _traveller_widths(self, rows: list[tuple[str, ...]], size: float, room: float,
                          squeeze: bool = False) -> list[float] | None:
        """`traveller_widths` in ``size`` type, measured as the PDF draws it."""
        return traveller_widths(rows, lambda text, bold: self.drawn_width(text, BOLD if bold else TEXT, size),
                                traveller_pad(size), room, squeeze)

    def _small(self, size: float) -> Any:
        """The small style at ``size`` (a traveller set smaller than its layout's type to fit)."""
        key = (f"small-{size:g}", "")
        if key not in self.styles:
            self.styles[key] = self.small.clone(key[0], fontSize=size, leading=size * 1.2)
        return self.styles[key]

    def spill(self, view: BoardView, story: list[Any], cell: Box) -> bool:
        """At one board a page: the rest of the board's text on as many following pages as it takes, each
        headed ``Board 7 (continued)`` (``Board 7, Open room (continued)``), so that no text is cut. False
        (the rest left in ``story``) when a flowable fits no whole page and cannot be split."""
        from reportlab.platypus import Frame

        while story:
            self.canvas.showPage()
            self.page += 1
            self.header()
            self.canvas.setFillColor(self.colour("#000000"))
            number = view.number if view.number is not None else "?"
            room = f", {room_text(view.room)}" if view.room else ""
            heading = f"Board {number}{room} (continued)"
            self.canvas.setFont(self.fonts.face(BOLD, heading), self.body.fontSize)
            self.canvas.drawString(cell.x, cell.top - self.body.fontSize, heading)
            top = cell.top - self.body.leading * 1.5
            frame = Frame(cell.x, cell.y, cell.w, top - cell.y, leftPadding=0, rightPadding=0,
                          topPadding=0, bottomPadding=0, showBoundary=0)
            _fill(frame, story, self.canvas)
            if story and frame._atTop:  # nothing placed on a whole page: give up
                return False
        return True

    def finish(self) -> None:
        self.canvas.save()
        for what, (printed, room) in self.header_cut.items():
            warn_caller(f"{what} too long for {room}: printed as {printed!r}; shorten it (the HTML page "
                        "wraps it whole)")
        if self.cut or self.texts_cut:  # a board played in two rooms (a vugraph match) is named once
            fewer = "print fewer boards per page" if self.options.per_page > 1 else \
                "at one board a page, leave out --play or the commentary (--no-commentary)"
            cut = [f"text of board(s) {board_list(self.cut)} cut to fit the page{_lost_said(self.lost)}"] \
                if self.cut else []
            texts = [f"{text} cut to fit the page" for text in dict.fromkeys(self.texts_cut)]
            warn_caller(f"{' and '.join([*cut, *texts])}; {fewer}")


def _fill(frame: Any, story: list[Any], canvas: Any, drawn: set[int] | None = None) -> None:
    """Draw ``story``'s flowables into ``frame`` from the front, splitting the first that does not fit
    (a paragraph at a line, a table at a row); what is left stays in ``story``, and the ids of those
    drawn whole go in ``drawn``."""
    while story:
        if frame.add(story[0], canvas, trySplit=1):
            if drawn is not None:
                drawn.add(id(story[0]))
            del story[0]
            continue
        parts = frame.split(story[0], canvas)
        if len(parts) < 2 or not frame.add(parts[0], canvas, trySplit=1):
            return
        story[:1] = parts[1:]


_LOST_NAMED = 4
"""The most kinds of cut the warning spells out (`_lost_said`); the boards of the others are counted."""


def _lost_said(lost: dict[int | None, str]) -> str:
    """What was cut of each board, for the warning, the boards that lost the same named together:
    `` (board 8: explanations 8-10 of 10)``, `` (boards 1-8: the auction's last rounds)``."""
    if not lost:
        return ""
    alike: dict[str, list[int | None]] = {}
    for number, what in lost.items():
        alike.setdefault(what, []).append(number)
    said = [f"{'boards' if len(numbers) > 1 else 'board'} {board_list(numbers)}: {what}"
            for what, numbers in list(alike.items())[:_LOST_NAMED]]
    rest = sum(len(numbers) for numbers in list(alike.values())[_LOST_NAMED:])
    if rest:
        said.append(f"and {rest} more {'boards' if rest > 1 else 'board'}")
    return f" ({'; '.join(said)})"


@dataclass
class _Content:
    """A board's text under its diagram as flowables (`_Writer.content`): ``story``, what happened at the
    table; ``result``; ``after``, the traveller and the commentary; and what each flowable is, so that
    what is cut can be named (`lost`)."""

    story: list[Any]
    result: Any
    after: list[Any]
    as_text: dict[int, Any]
    auction: Any
    traveller: Any
    notes: dict[int, int]
    play: dict[int, int]
    comments: dict[int, int]

    def everything(self) -> list[Any]:
        return [*self.story, *([self.result] if self.result is not None else []), *self.after]

    def lost(self, drawn: set[int]) -> str:
        """What of it was not drawn whole, given the ids of what was: ``the auction's last rounds,
        explanations 8-10 of 10``."""
        parts = []
        if self.auction is not None and id(self.auction) not in drawn:
            parts.append("the auction's last rounds")
        for what, numbered in (("explanation", self.notes), ("line", self.play)):
            cut = sorted(k for i, k in numbered.items() if i not in drawn)
            if cut:
                ones = f"{what}s" if len(cut) > 1 else what
                parts.append(f"{ones} {board_list(list(cut))} of {len(numbered)}"
                             + (" of the play" if what == "line" else ""))
        if self.traveller is not None and id(self.traveller) not in drawn:
            parts.append("the traveller")
        paragraphs = len(set(self.comments.values()))
        kept = {k for i, k in self.comments.items() if i in drawn}
        if paragraphs > len(kept):
            parts.append(f"{paragraphs - len(kept)} of {paragraphs} paragraphs of commentary")
        return ", ".join(parts)


def _auction_cut(kept: list[Any], start: int, after: list[Any], width: float,
                 room: float) -> list[Any] | None:
    """``kept`` with its auction (the first table from ``start``) cut after its last whole round that
    leaves room for ``after`` below it (the auction's order, `BELOW_THE_DIAGRAM`, kept); None when not
    even its heading and first round fit."""
    from reportlab.platypus import Table

    at = next((i for i in range(start, len(kept)) if isinstance(kept[i], Table)), None)
    if at is None:
        return None
    before = kept[:at]
    space = room - _height([*before, *after], width, room)
    parts = kept[at].split(width, space) if space > 0 else []
    if len(parts) < 2 or len(parts[0]._cellvalues) < 2:  # the heading alone says no call
        return None
    cut = [*before, parts[0], *after]
    return cut if _height(cut, width, room) <= room else None


def _height(story: list[Any], width: float, room: float) -> float:
    """How tall ``story``'s flowables stand one under the other in a column ``width`` wide."""
    return float(sum(f.wrap(width, room)[1] + f.getSpaceBefore() for f in story))


class _Drawable:
    """Text as the PDF's fonts draw it: the standard fonts hold the WinAnsi characters (cp1252) and the
    Symbol font the suit symbols, the Unicode fonts (`Fonts`) what they have; any other character would print
    as a black box (right-to-left text backwards: `fonts.not_drawn`), so it is printed as its nearest
    letters (`nearest_ascii`) and remembered for one warning for each reason."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.replaced: dict[str, str] = {}
        self.drawn: set[str] = set()

    def text(self, text: str) -> str:
        if text.isascii():
            return text
        return "".join(self._char(c) for c in text)

    def _char(self, char: str) -> str:
        if char in self.replaced:
            return self.replaced[char]
        if char in self.drawn:
            return char
        if self.fonts.drawable(char):  # through the font chain once a character, not at each occurrence
            self.drawn.add(char)
            return char
        self.replaced[char] = nearest_ascii(char)
        return self.replaced[char]

    def maybe(self, text: str | None) -> str | None:
        return None if text is None else self.text(text)

    def options(self, options: Options) -> Options:
        """``options`` with the header's lines drawable."""
        return replace(options, title=self.maybe(options.title), event=self.maybe(options.event),
                       date=self.maybe(options.date), cover=self.maybe(options.cover))

    def views(self, views: Iterable[BoardView]) -> Iterator[BoardView]:
        """Each board with its text drawable (the hands hold ranks and ``—`` alone)."""
        for view in views:
            yield replace(
                view, auction=[[self.text(call) for call in row] for row in view.auction],
                auction_notes=[self.text(note) for note in view.auction_notes],
                play=[self.text(line) for line in view.play], result=self.maybe(view.result),
                traveller=[[tuple(self.text(cell) for cell in row) for row in rows]
                           for rows in view.traveller],
                commentary=[self.text(text) for text in view.commentary], room=self.maybe(view.room),
                unread_deal=self.maybe(view.unread_deal))

    def warn(self) -> None:
        """One warning for each reason characters were printed otherwise (no font has them, right-to-left
        text, beyond U+FFFF), naming them and where they are printed as written."""
        why: dict[str | None, list[tuple[str, str]]] = {}
        for char, printed in self.replaced.items():
            why.setdefault(not_drawn(char), []).append((char, printed))
        for reason, replaced in why.items():
            shown = replaced[:8]
            chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c, _ in shown)
            more = f" and {len(replaced) - len(shown)} more" if len(replaced) > len(shown) else ""
            each = [repr(r) for _, r in shown]  # Hebrew's letters: '?' once, not nine times
            printed = each[0] if len(set(each)) == 1 else ", ".join(each)
            if reason == RIGHT_TO_LEFT:
                said = (f"the PDF does not support right-to-left text (Hebrew, Arabic): {chars}{more} "
                        f"printed as {printed}; an HTML hand record (-o records.html) shows it as written, "
                        "the browser setting it right to left")
            elif reason == ASTRAL:
                said = (f"the PDF does not print characters beyond U+FFFF ({chars}{more}), which would copy "
                        f"and search as others: printed as {printed}; an HTML hand record "
                        "(-o records.html) shows them as written")
            else:
                said = f"the PDF's standard fonts have no {chars}{more}, {self.looked()}: printed as " \
                       f"{printed}; give a TrueType font that has them with --font FONT.ttf, or an HTML " \
                       "hand record (-o records.html) shows them as written"
            warn_caller(said)

    def looked(self) -> str:
        """Which Unicode fonts were looked in."""
        if self.fonts.given:
            return f"nor has {self.fonts.given}"
        if self.fonts.found:
            return f"nor have the fonts found ({', '.join(self.fonts.found)})"
        return "and no Unicode font (DejaVu, Noto, Liberation, Arial) was found"


def write_pdf(views: Iterable[BoardView], out: IO[bytes], options: Options,
              fonts: Fonts | None = None) -> list[Placed]:
    """Draw the boards ``options.per_page`` to a page into ``out``; where each board went. Text beyond
    WinAnsi is set in ``fonts`` (by default ``Fonts(options.font)``); characters no font has are printed as
    their nearest letters, with one warning (`_Drawable`)."""
    fonts = fonts or Fonts(options.font)
    drawable = _Drawable(fonts)
    options = drawable.options(options)
    writer = _Writer(out, options, fonts)
    boxes = cells(options)
    first = True
    for page in _pages(drawable.views(views), len(boxes)):
        if not first:
            writer.canvas.showPage()
            writer.page += 1
        first = False
        writer.header()
        for view, cell in zip(page, writer.page_cells(page, boxes), strict=False):
            writer.board(view, cell)
        writer.built.clear()
    if first:
        writer.header()
    writer.finish()
    drawable.warn()
    _warn_not_embedded(fonts)
    return writer.placed


def _pages(views: Iterable[BoardView], slots: int) -> Iterator[list[BoardView]]:
    """``views`` a page at a time: ``slots`` boards, fewer where a board asks for a new page
    (``page_break``); one page in memory at a time."""
    page: list[BoardView] = []
    for view in views:
        if len(page) == slots or (view.page_break and page):
            yield page
            page = []
        page.append(view)
    if page:
        yield page


def _warn_not_embedded(fonts: Fonts) -> None:
    """One warning when Chinese, Japanese or Korean text was set in reportlab's CID fonts, which a PDF
    names but does not embed: a reader without them (Adobe Reader lacking its Asian font pack, poppler
    without a CJK font) draws empty boxes, and a laid-out comment's columns are no longer lined up."""
    if not fonts.not_embedded:
        return
    names = ", ".join(fonts.not_embedded)
    first = next(iter(fonts.not_embedded.values()))
    warn_caller(f"Chinese, Japanese or Korean text (first {first!r}) is set in {names}, a font the PDF "
                "names but does not embed: a reader without it shows empty boxes, and columns laid out "
                "with spaces no longer line up; give --font FONT.ttf, a TrueType font with those "
                "characters, to embed them, or an HTML hand record (-o records.html) shows them "
                "in the reader's fonts")
