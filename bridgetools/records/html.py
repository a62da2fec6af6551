"""Hand records as one self-contained HTML file: inline CSS, no scripts, no images, no fonts to fetch, with
print rules that put ``per_page`` boards on each sheet and never split a board across sheets, except at one
board a sheet, where a board too long for its sheet runs on to the next rather than being hidden."""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable
from typing import IO

from bridgetools.model import Seat, Suit
from bridgetools.model.cards import SUITS_DISPLAY_ORDER
from bridgetools.records.layout import (
    GRID,
    MARGIN,
    TRAVELLER_PAD_EM,
    cells,
    estimated_width,
    suit_size,
    traveller_pad,
    traveller_spelling,
)
from bridgetools.records.view import (
    PLAY_HEADING,
    BoardView,
    Options,
    laid_out,
    suit_colour,
    tagged,
    traveller_widths,
)

_PAPER_MM = {"a4": (210, 297), "letter": (215.9, 279.4)}
_SIZE = {1: 13, 2: 11.5, 4: 10.5, 6: 9.5, 8: 8.5}
"""Boards per page -> the type's size in points."""
_GAP_MM = 5
"""Between the boards of a page."""
_SHORT_MM = 1.5
"""How much shorter than its sheet's printable height a page is printed (`_running_on`)."""
_SMALL = 0.9
"""The small type (makeable contracts, par) in ems of the page's."""


def _css(options: Options) -> str:
    width, height = _PAPER_MM[options.paper]
    margin = MARGIN / 72 * 25.4
    columns, rows = GRID[options.per_page]
    size = _SIZE[options.per_page]
    colours = "".join(f".s{suit.letter}{{color:{suit_colour(suit, options.four_colours)}}}" for suit in Suit)
    inner_h = height - 2 * margin
    return f"""
@page{{size:{'A4' if options.paper == 'a4' else 'letter'};margin:{margin:.1f}mm}}
*{{box-sizing:border-box}}
body{{font-family:Helvetica,Arial,sans-serif;font-size:{size}pt;margin:0;background:#ddd}}
.page{{background:#fff;width:{width - 2 * margin:.1f}mm;height:{inner_h:.1f}mm;margin:6mm auto;padding:0;
 display:flex;flex-direction:column;overflow:hidden;break-after:page;page-break-after:always}}
.page:last-child{{break-after:auto;page-break-after:auto}}
header{{border-bottom:0.6pt solid #000;margin-bottom:4mm;padding-bottom:1mm;height:14mm;flex:none}}
header h1{{font-size:14pt;margin:0;display:flex;justify-content:space-between}}
header h1 small{{font-size:10pt;font-weight:normal}}
header .cover{{font-style:italic;font-size:9pt}}
.boards{{flex:1;display:grid;grid-template-columns:repeat({columns},minmax(0,1fr));
 grid-template-rows:repeat({rows},1fr);gap:{_GAP_MM}mm;min-height:0}}
.board{{break-inside:avoid;page-break-inside:avoid;overflow:hidden;min-height:0}}
.diagram{{display:grid;grid-template-columns:repeat(3,minmax(0,{size * 9}pt));grid-auto-rows:auto}}
.diagram>div{{min-height:{4 * 1.22 * size}pt;line-height:1.22}}
.hand{{white-space:nowrap}}
.label b{{font-size:1.25em}} .label{{font-size:.9em;overflow-wrap:anywhere}}
.compass{{display:flex;align-items:center;justify-content:center}}
.table{{width:{size * 5}pt;height:{size * 5}pt;background:#1f6e3a;color:#fff;font-weight:bold;font-size:.8em;
 display:grid;grid-template:1fr 1fr 1fr/1fr 1fr 1fr;text-align:center;align-items:center}}
.hcp{{display:grid;grid-template:repeat(3,1fr)/repeat(3,2em);font-weight:bold;text-align:center;
 font-size:.85em;width:6em;margin-top:.6em}}
.hcp .t{{grid-column:1/4;font-weight:normal;color:#555;font-size:.8em}}
table.dd{{border-collapse:collapse;font-size:.72em;margin-top:.4em}}
table.dd td,table.dd th{{padding:0 .35em;text-align:center}} table.dd{{border:0.3pt solid #888}}
table.dd tr:first-child th{{border-bottom:0.3pt solid #888}}
table.auction{{border-collapse:collapse;margin-top:.4em}}
table.auction td,table.auction th{{width:5em;text-align:left}}
table.traveller{{border-collapse:collapse;margin-top:.4em;table-layout:fixed}}
table.traveller th{{border-bottom:1px solid #888;text-align:left}}
table.traveller td,table.traveller th{{padding:0 {TRAVELLER_PAD_EM}em 0 0;vertical-align:top;
 overflow-wrap:anywhere}}
.small{{font-size:{_SMALL}em}} .unread{{color:#a00}}
.comment{{font-family:'Times New Roman',Times,serif;margin:.3em 0}}
pre.comment{{font-family:'Courier New',Courier,monospace}}
footer{{flex:none;font-size:7.5pt;display:flex;justify-content:space-between;margin-top:2mm}}
@media print{{body{{background:none}} .page{{margin:0}}}}
{colours}{_running_on(options, inner_h)}
"""


def _running_on(options: Options, inner_h: float) -> str:
    """At one board a sheet, rules that let a board longer than the sheet run on to the next (a page as
    tall as its board, nothing hidden). At more, the boards share the sheet evenly, but a board longer than
    its share makes its row (and its page) taller rather than being cut out of sight: a browser cannot tell
    the writer that a cell overflowed, so hiding it would lose text without a word (the PDF says so)."""
    if options.per_page != 1:
        rows = GRID[options.per_page][1]
        return (f"\n.page{{height:auto;min-height:{inner_h:.1f}mm}}"
                f"\n.boards{{grid-template-rows:repeat({rows},minmax(auto,1fr))}}"
                "\n.board{overflow:visible;min-height:auto}"
                # printed, a page is at least one sheet (a hair short of the sheet's height, which a
                # browser's rounding would otherwise push onto a second sheet) and its rows are as tall as
                # their boards, the blank room shared out among them, so that a row of long boards takes
                # the blank room of the others rather than every row growing as tall; a page whose boards
                # are taller than the sheet runs on to the next one, never cut out of sight
                f"\n@media print{{.page{{height:auto;min-height:{inner_h - _SHORT_MM:.1f}mm;"
                "overflow:visible}}"
                f"\n@media print{{.boards{{grid-template-rows:repeat({rows},auto)}}}}")
    return (f"\n.page{{height:auto;min-height:{inner_h:.1f}mm;overflow:visible}}"
            "\n.boards{grid-template-rows:auto}"
            "\n.board{overflow:visible;break-inside:auto;page-break-inside:auto}")


def marked(text: str, allow_tags: bool = False) -> str:
    """``text`` as HTML: escaped, each suit symbol in a span of its colour class."""
    return tagged(text, lambda piece, suit: f'<span class="s{suit.letter}">{piece}</span>', allow_tags)


def _hand(holdings: tuple[str, str, str, str] | None, options: Options) -> str:
    """A hand's four suits, a line each; a suit never wraps (``.hand``: ``white-space:nowrap``), and one too
    long for the column is set smaller, as the PDF sets it (`suit_size`, the width estimated): ``AQT9876432``
    wrapped its last ranks onto a fifth line."""
    if holdings is None:
        return ""
    size = _SIZE[options.per_page]
    room = min(cells(options)[0].w / 3, size * 9)  # the column, as the CSS sizes it (the estimate runs over)
    lines = []
    for suit, ranks in zip(SUITS_DISPLAY_ORDER, holdings, strict=True):
        fitted = suit_size(functools.partial(estimated_width, ranks, False), size, room)
        shown = ranks if fitted == size else f'<span style="font-size:{fitted / size:.3g}em">{ranks}</span>'
        lines.append(f"{marked(suit.symbol)} {shown}")
    return "<br>".join(lines)


def _traveller(spelt: list[list[tuple[str, ...]]], options: Options) -> str:
    """The traveller as a table of fixed column widths no wider than a board's cell, its pairs spelt and
    its type sized as the PDF's (`traveller_spelling`): a browser sizing the table itself widens the cell
    for a long name and pushes the board beside it off the page. A cell's text wraps within its column
    whatever the reckoning (`estimated_width`: a browser's fonts cannot be measured here) missed."""
    room = cells(options)[0].w  # in points, as the PDF's
    rows, size = traveller_spelling(spelt, options.per_page, room)

    chosen = traveller_widths(rows, lambda text, bold: estimated_width(text, bold, size),
                              traveller_pad(size), room, squeeze=True) or []  # the same where they fit
    heads, *results = rows
    cols = "".join(f'<col style="width:{w:.2f}pt">' for w in chosen)
    head = "".join(f"<th>{marked(cell)}</th>" for cell in heads)
    body = "".join("<tr>" + "".join(f"<td>{marked(cell)}</td>" for cell in row) + "</tr>" for row in results)
    return (f'<table class="traveller" style="width:{sum(chosen):.2f}pt;font-size:{size:g}pt">'
            f"<colgroup>{cols}</colgroup><tr>{head}</tr>{body}</table>")




def board_html(view: BoardView, options: Options) -> str:
    """One board's block, its traveller fitted to a board's width at ``options.per_page``."""
    number = view.number if view.number is not None else "?"
    heading = [f"<b>{view.heading}</b>"] if view.heading is not None else []
    lines = heading + [html.escape(line) for line in view.label_lines()]
    label = f'<div class="label">{"<br>".join(lines)}</div>'
    table = ('<div class="compass"><div class="table"><span></span><span>N</span><span></span><span>W</span>'
             '<span></span><span>E</span><span></span><span>S</span><span></span></div></div>')
    hcp = ""
    if view.hcp:
        spot = {seat: str(view.hcp[seat]) if seat in view.hcp else "" for seat in Seat}
        hcp = ('<div><div class="hcp"><span class="t">HCP</span>'
               f'<span></span><span>{spot[Seat.N]}</span><span></span>'
               f'<span>{spot[Seat.W]}</span><span></span><span>{spot[Seat.E]}</span><span></span>'
               f'<span>{spot[Seat.S]}</span><span></span></div></div>')
    else:
        hcp = "<div></div>"
    grid = "<div></div>"
    below = [f'<div class="unread">{html.escape(view.unread_deal)}</div>'] if view.unread_deal else []
    if view.dd is not None:
        head = "".join(f"<th>{marked(s)}</th>" for s in ("NT", "♠", "♥", "♦", "♣"))
        rows = "".join(f"<tr><th>{seat.letter}</th>" + "".join(f"<td>{t}</td>" for t in view.dd.tricks[seat])
                       + "</tr>" for seat in (Seat.N, Seat.S, Seat.E, Seat.W))
        grid = f'<div><table class="dd"><tr><th></th>{head}</tr>{rows}</table></div>'
        below.append(f'<div class="small"><b>Makeable:</b> {marked(view.dd.makeable)}</div>')
        if view.dd.par:
            below.append(f'<div class="small"><b>Par:</b> {marked(view.dd.par)}</div>')
    if view.auction:
        rows = "".join("<tr>" + "".join(f"<td>{marked(c)}</td>" for c in row) + "</tr>"
                       for row in view.auction)
        below.append('<table class="auction"><tr><th>West</th><th>North</th><th>East</th><th>South</th></tr>'
                     f"{rows}</table>")
        below += [f'<div class="small">{marked(note)}</div>' for note in view.auction_notes]
    below += [f'<div class="small">{f"<b>{PLAY_HEADING}</b> " if k == 0 else ""}{marked(line)}</div>'
              for k, line in enumerate(view.play)]  # headed, or "1. W: ..." reads as one more of the notes
    if view.result:  # after the play that made it, before the commentary (`BELOW_THE_DIAGRAM`)
        below.append(f"<div><b>{view.result_label}</b> {marked(view.result)}</div>")
    if view.traveller:
        below.append(_traveller(view.traveller, options))
        below += [f'<div class="small">{marked(note)}</div>' for note in view.traveller_notes]
    for text in view.commentary:
        for paragraph in re.split(r"\n\s*\n", text):
            columns = laid_out(paragraph)  # a diagram keeps its lines and spaces
            if columns is not None:
                below.append(f'<pre class="comment">{marked(columns)}</pre>')
                continue
            below.append(f'<p class="comment">{marked(" ".join(paragraph.split()), allow_tags=True)}</p>')
    if view.is_text_only:  # an introduction: its text alone, not under an empty diagram
        return f'<section class="board">{"".join(below)}</section>'
    hands = {seat: f'<div class="hand">{_hand(view.hands[seat], options)}</div>' for seat in Seat}
    parts = [label, hands[Seat.N], "<div></div>", hands[Seat.W], table, hands[Seat.E], hcp, hands[Seat.S],
             grid]
    return (f'<section class="board" id="board-{number}"><div class="diagram">{"".join(parts)}</div>'
            + "".join(below) + "</section>")


def write_html(views: Iterable[BoardView], out: IO[str], options: Options) -> None:
    """The boards as one HTML document, ``options.per_page`` to a printed sheet."""
    title = html.escape(options.page_title)
    out.write(f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
              f'<meta name="generator" content="bridgetools"><style>{_css(options)}</style></head><body>\n')
    heading = marked(options.page_title)  # suit symbols in their colours, as in the boards
    right = marked("  ".join(p for p in (options.event, options.date) if p))
    right = f"<small>{right}</small>" if right else ""  # no empty element when neither is known
    cover = f'<div class="cover">{marked(options.cover)}</div>' if options.cover else ""
    page: list[str] = []
    number = 0

    def flush() -> None:
        nonlocal number
        number += 1
        out.write(f'<div class="page"><header><h1>{heading}{right}</h1>{cover}</header>'
                  f'<div class="boards">{"".join(page)}</div>'
                  f"<footer><span></span><span>Page {number}</span><span>bridgetools</span></footer></div>\n")
        page.clear()

    for view in views:
        if view.page_break and page:
            flush()
        page.append(board_html(view, options))
        if len(page) == options.per_page:
            flush()
    if page or number == 0:
        flush()
    out.write("</body></html>\n")
