"""Printed hand records and handouts: what each board shows, that the PDF holds it as text, that nothing
crosses a page edge or another board, that the same input gives the same bytes, and that the HTML prints."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from random_boards import session
from shared_corpus import CORPUS as SHARED_CORPUS
from shared_corpus import needs_corpus
from test_quiz import QUIZ_BLANK

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.formats._results_tables import par_of
from bridgetools.formats.text import KEPT_MARKED
from bridgetools.model import Deal, Seat, Vul
from bridgetools.model.results import DDTable
from bridgetools.records import Options, fonts, write_records
from bridgetools.records.html import write_html
from bridgetools.records.layout import GUTTER, Box, cells, page_size, printable
from bridgetools.records.rotate import rotate_board, student_seat
from bridgetools.records.view import DD_STRAINS, board_view, board_views, header_from, makeable
from bridgetools.rules import Auction

pytest.importorskip("reportlab")
pytest.importorskip("pypdf")
from bridgetools.records.pdf import write_pdf

CORPUS = SHARED_CORPUS / "pbn"
ROOT = Path(__file__).parent.parent
CLUB = ROOT / "tests" / "data" / "machine" / "club_bridgecomposer.pbn"
LESSON = ROOT / "tests" / "data" / "machine" / "lesson_bridgecomposer.pbn"
WORKED = Deal.from_pbn("N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963")




def pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join(page.extract_text() for page in PdfReader(str(path)).pages).split())


def test_each_board_prints_number_dealer_vulnerability_hands_and_hcp(tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    write_records([Board(number=1, deal=WORKED)], out, Options(per_page=4))
    text = pdf_text(out)
    assert "Board 1" in text and "Dealer: North" in text and "Vul: None" in text
    for ranks in ("A J 7 6", "K Q 3", "10 8 4 2", "K 9 6 3"):  # one suit of each hand
        assert ranks in text
    assert "HCP 10 11 16 3" in text  # the HCP compass, drawn N E S W


def test_a_bridgecomposer_session_prints_its_dd_table_makeable_contracts_and_par(tmp_path: Path) -> None:
    boards = list(bt.read(CLUB))
    out = tmp_path / "club.pdf"
    write_records(boards, out, Options(dd=True))
    text = pdf_text(out)
    for board in boards:
        assert f"Board {board.number}" in text
        digits = board.tags["DoubleDummyTricks"]
        row = "N " + " ".join(str(int(d, 16)) for d in digits[:5])  # North's row: NT S H D C
        assert row in text
    assert "Makeable:" in text and "Par: NS 300" in text  # OptimumScore "EW -300"
    assert "Friday Bridge @ the Ladd" in text  # the file's %HRTitleEvent


def test_boards_from_several_files_are_not_headed_by_the_first_file_s_event(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pbn", tmp_path / "b.pbn"
    bt.write([Board(number=1, deal=WORKED, event="Monday pairs")], first, "pbn")
    bt.write([Board(number=2, deal=WORKED, event="Youth teams")], second, "pbn")
    out = tmp_path / "both.pdf"
    result = CliRunner().invoke(cli, ["print", str(first), str(second), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    text = pdf_text(out)
    assert "Board 2" in text and "Monday pairs" not in text
    one = tmp_path / "one.pdf"
    assert CliRunner().invoke(cli, ["print", str(first), "-o", str(one), "-q"]).exit_code == 0
    assert "Monday pairs" in pdf_text(one)  # one file's event heads its own boards


@pytest.mark.parametrize("suffix", [".pdf", ".html"])
def test_boards_from_several_files_name_the_file_each_came_from(tmp_path: Path, suffix: str) -> None:
    first, second = tmp_path / "monday.pbn", tmp_path / "tuesday.pbn"
    bt.write([Board(number=1, deal=WORKED)], first, "pbn")
    bt.write([Board(number=1, deal=WORKED)], second, "pbn")  # the same number: which file's is which?
    out = tmp_path / f"both{suffix}"
    result = CliRunner().invoke(cli, ["print", str(first), str(second), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    text = pdf_text(out) if suffix == ".pdf" else out.read_text(encoding="utf-8")
    assert text.index("File: monday.pbn") < text.index("File: tuesday.pbn")  # each Board 1 named by its file
    one = tmp_path / f"one{suffix}"
    assert CliRunner().invoke(cli, ["print", str(first), "-o", str(one), "-q"]).exit_code == 0
    assert "File:" not in (pdf_text(one) if suffix == ".pdf" else one.read_text(encoding="utf-8"))


def test_files_of_one_name_in_different_folders_are_named_by_the_shortest_path_telling_them_apart(
        tmp_path: Path) -> None:
    # week1/club.pbn and week2/club.pbn both printed "File: club.pbn"
    names = [tmp_path / week / "club.pbn" for week in ("week1", "week2")]
    for name in names:
        name.parent.mkdir()
        bt.write([Board(number=1, deal=WORKED)], name, "pbn")
    (tmp_path / "monday.pbn").write_text(names[0].read_text())
    out = tmp_path / "all.html"
    inputs = [*map(str, names), str(tmp_path / "monday.pbn")]
    result = CliRunner().invoke(cli, ["print", *inputs, "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert re.findall(r"File: ([^<]+)<", out.read_text(encoding="utf-8")) == [
        str(Path("week1", "club.pbn")), str(Path("week2", "club.pbn")), "monday.pbn"]


def test_a_file_named_as_another_s_end_keeps_the_name_it_was_given() -> None:
    from bridgetools.cli.print_ import file_labels

    assert file_labels(("club.pbn", "old/club.pbn", "-")) == {
        "club.pbn": "club.pbn", "old/club.pbn": str(Path("old", "club.pbn")), "<stdin>": "<stdin>"}


def test_long_file_names_cut_to_a_corner_keep_the_ends_that_tell_them_apart(tmp_path: Path) -> None:
    # cut at their end, two sessions' files both read "File: club-night-session-20…"
    names = [tmp_path / f"club-night-session-2026-01-1{day}.pbn" for day in (3, 4)]
    for name in names:
        bt.write([Board(number=1, deal=WORKED)], name, "pbn")
    out = tmp_path / "both.pdf"
    result = CliRunner().invoke(cli, ["print", *map(str, names), "-o", str(out), "-q", "--per-page", "4"])
    assert result.exit_code == 0, result.output
    files = re.findall(r"File: \S+", pdf_text(out))
    assert len(files) == 2 and files[0] != files[1] and files[0].endswith("13.pbn"), files


def test_a_team_match_board_from_one_of_several_files_names_its_room_and_file_on_one_line() -> None:
    view = replace(board_view(Board(number=4, deal=WORKED), Options()), room="closed", source="match.lin")
    assert view.label_lines()[-1] == "Closed room, match.lin"


def test_makeable_contracts_list_partners_apart_when_they_differ() -> None:
    tricks = {Seat.N: (9, 4, 4, 10, 3), Seat.S: (9, 4, 3, 10, 3),
              Seat.E: (4, 9, 9, 3, 10), Seat.W: (4, 9, 10, 3, 10)}
    assert makeable(tricks) == "W 4♥; NS 4♦; EW 4♣; NS 3NT; EW 3♠; E 3♥"


def test_print_lists_makeable_contracts_as_dd_does() -> None:
    tricks = {Seat.N: (9, 4, 4, 10, 3), Seat.S: (9, 4, 3, 10, 3),
              Seat.E: (4, 9, 9, 3, 10), Seat.W: (4, 9, 10, 3, 10)}
    table = DDTable.from_mapping({(seat, strain): count for seat, row in tricks.items()
                                  for strain, count in zip(DD_STRAINS, row, strict=True)})
    dd_records = pytest.importorskip("bridgetools.dd.records")
    assert makeable(tricks) == dd_records.makeable(table, unicode=True)  # one order: higher contracts first


def test_show_s_prints_only_souths_hand(tmp_path: Path) -> None:
    out = tmp_path / "h.pdf"
    write_records([Board(number=1, deal=WORKED)], out, Options(show=frozenset({Seat.S})))
    text = pdf_text(out)
    assert "A K J 6" in text and "10 8 4 2" in text  # South's diamonds and spades
    assert "A J 7 6" not in text and "K Q 3" not in text and "K 9 6 3" not in text


ALERTED = (
    '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"]\n'
    '[Auction "N"]\n1D 1S =1= $15 Pass Pass\nPass\n[Note "1:5+ strong"]\n'  # $15: alerted
)


def test_an_explained_call_prints_its_alert_mark_and_note_under_the_auction(tmp_path: Path) -> None:
    (board,) = bt.loads(ALERTED, "pbn")
    view = board_view(board, Options(auction=True))
    assert view.auction == [["", "1\u2666", "1\u2660! (1)", "All Pass"]]
    assert view.auction_notes == ["1. 5+ strong"]
    html_out, pdf_out = tmp_path / "r.html", tmp_path / "r.pdf"
    write_records([board], html_out, Options(auction=True))
    write_records([board], pdf_out, Options(auction=True))
    assert "1. 5+ strong" in html_out.read_text() and "1. 5+ strong" in pdf_text(pdf_out)


def test_rotation_puts_the_declarer_south_and_turns_auction_play_and_vulnerability() -> None:
    auction = Auction(Seat.E, "1S P 2S P 4S P P P")  # East opens, West declares
    board = Board(number=2, deal=WORKED, auction=auction)
    assert board.declarer is not None
    turned = rotate_board(board, (Seat.S - board.declarer) % 4)
    assert turned.declarer is Seat.S and turned.deal is not None
    assert turned.deal[Seat.S] == WORKED[board.declarer]  # type: ignore[index]
    assert turned.auction is not None and turned.auction.declarer is Seat.S
    assert turned.auction.calls == auction.calls
    assert board.declarer is Seat.E and board.vulnerability is Vul.NS
    assert turned.vulnerability is Vul.EW and turned.dealer is Seat.S  # one turn: the sides swap
    twice = rotate_board(board, 2)
    assert twice.vulnerability is Vul.NS and twice.dealer is Seat.W


@pytest.mark.parametrize(("side", "turns", "turned_side"),
                         [("EW", 1, "NS"), ("NS", 3, "EW"), ("EW", 3, "NS")])
def test_a_par_contract_turned_a_quarter_names_its_new_side_as_ns_or_ew(side: str, turns: int,
                                                                        turned_side: str) -> None:
    tags = {"OptimumScore": f"{side} 450", "ParContract": f"{side} 4S+1",
            "DoubleDummyTricks": "44444444444444444444"}
    board = Board(number=2, deal=WORKED, tags=tags, par=par_of(tags))
    view = board_view(rotate_board(board, turns), Options(dd=True))
    assert view.dd is not None and view.dd.par == f"{turned_side} 450 ({turned_side} 4♠+1)"


def test_rotated_play_stays_legal_and_led_by_declarers_left_hand_opponent() -> None:
    board = next(iter(bt.read(LESSON)))
    turned = rotate_board(board, 2)
    assert turned.play is not None and board.play is not None
    assert turned.play.cards == board.play.cards
    assert turned.play.opening_leader == board.play.opening_leader.offset(2)


def test_a_handout_shows_the_student_south_on_every_board(tmp_path: Path) -> None:
    boards = list(bt.read(LESSON))
    views = list(board_views(boards, Options(show=frozenset({Seat.S}), rotate=Seat.S)))
    for board, view in zip(boards, views, strict=True):
        assert [s for s, h in view.hands.items() if h is not None] == [Seat.S]
        student = board.declarer if board.declarer is not None else board.dealer  # North is 0, falsy
        assert student is not None and board.deal is not None
        spades = board.deal[student].holding(bt.Suit.S)  # type: ignore[union-attr]
        from bridgetools.records.view import ranks_text

        assert view.hands[Seat.S][0] == ranks_text(spades)  # type: ignore[index]


def test_the_same_input_gives_the_same_pdf_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (a, b):
        write_records(list(bt.read(CLUB)), out, Options(dd=True, auction=True))
    assert a.read_bytes() == b.read_bytes()


def test_the_warning_of_text_cut_names_a_board_played_in_two_rooms_once() -> None:
    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    story = ["A long story. " * 2000]  # more than a whole page holds
    rooms = [Board(number=7, deal=deal, room=room, commentary=story) for room in ("Open", "Closed")]
    options = Options(per_page=6, commentary=True)
    with pytest.warns(UserWarning, match=r"^text of board\(s\) 7 cut to fit the page"):
        write_pdf(board_views(rooms, options), io.BytesIO(), options)


def test_long_text_at_one_board_a_page_runs_on_to_the_next_pages_uncut(tmp_path: Path) -> None:
    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    story = "\n\n".join(f"Remark {i} of the kibitzers." for i in range(200))
    out = tmp_path / "long.pdf"
    boards = [Board(number=7, deal=deal, commentary=[story]), Board(number=8, deal=deal)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing cut, nothing to warn of
        write_records(boards, out, Options(per_page=1))
        placed = write_pdf(board_views(boards, Options(per_page=1)), io.BytesIO(), Options(per_page=1))
    assert placed[0].page == 0 and placed[1].page > 1  # board 8 after board 7's pages, on a page of its own
    text = pdf_text(out)
    assert all(f"Remark {i} of" in text for i in range(200))
    assert "Board 7 (continued)" in text


def test_html_at_one_board_a_page_lets_a_long_board_run_on() -> None:
    from bridgetools.records.html import write_html

    out = io.StringIO()
    write_html([], out, Options(per_page=1))
    assert ".page{height:auto;" in out.getvalue() and ".board{overflow:visible;" in out.getvalue()


def test_par_from_the_file_names_its_suits_with_symbols_like_a_computed_par() -> None:
    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    tags = {"OptimumScore": "NS 420", "ParContract": "NS 4S; EW 5DX-2",
            "DoubleDummyTricks": "44444444444444444444"}
    board = Board(number=1, deal=deal, tags=tags, par=par_of(tags))
    view = board_view(board, Options(dd=True))
    assert view.dd is not None and view.dd.par == "NS 420 (NS 4♠, EW 5♦X-2)"


def test_html_at_several_boards_a_page_lets_a_long_board_grow_rather_than_hide_its_text() -> None:
    from bridgetools.records.html import write_html

    out = io.StringIO()
    write_html([], out, Options(per_page=6))
    css = out.getvalue()
    assert ".board{overflow:visible;min-height:auto}" in css  # no text cut out of sight without a word
    assert ".boards{grid-template-rows:repeat(3,minmax(auto,1fr))}" in css and ".page{height:auto;" in css


@pytest.mark.filterwarnings("ignore:text of board")
@pytest.mark.filterwarnings("ignore:double-dummy tables need")
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page", [1, 2, 4, 6, 8])
def test_no_board_crosses_the_page_edge_or_another_board(paper: str, per_page: int) -> None:
    options = Options(per_page=per_page, paper=paper, dd=True, auction=True, commentary=True)
    boards = list(bt.read(LESSON)) * 2 + list(bt.read(CLUB))
    placed = write_pdf(board_views(boards, options), io.BytesIO(), options)
    assert len(placed) == len(boards)
    area = printable(options)
    for p in placed:
        assert p.box.inside(area), p
    for page in {p.page for p in placed}:
        boxes = [p.box for p in placed if p.page == page]
        assert len(boxes) <= per_page
        assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def _white(image: object, box: Box, scale: float, height: float) -> bool:
    from PIL import Image

    assert isinstance(image, Image.Image)
    region = image.convert("L").crop((int(box.x * scale) + 1, int((height - box.top) * scale) + 1,
                         int(box.right * scale) - 1, int((height - box.y) * scale) - 1))
    darkest = region.getextrema()[0]
    return isinstance(darkest, int | float) and darkest >= 250


@pytest.mark.filterwarnings("ignore:text of board")
@pytest.mark.filterwarnings("ignore:double-dummy tables need")
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) is not installed")
@pytest.mark.parametrize("per_page", [2, 6, 8])
def test_rendered_pages_are_blank_in_the_margins_and_between_boards(per_page: int, tmp_path: Path) -> None:
    from PIL import Image

    options = Options(per_page=per_page, dd=True, auction=True)
    out = tmp_path / "r.pdf"
    with out.open("wb") as f:
        placed = write_pdf(board_views(list(bt.read(LESSON)) + session(8), options), f, options)
    subprocess.run(["pdftoppm", "-gray", "-r", "72", "-png", str(out), str(tmp_path / "p")], check=True)
    width, height = page_size(options)
    area = printable(options)
    strips = [Box(0, 0, width, area.y), Box(0, area.top, width, height - area.top),
              Box(0, 0, area.x, height), Box(area.right, 0, width - area.right, height)]
    grid = cells(options)
    for a in grid:  # the gutters right of each cell (rows are as tall as their boards need)
        for b in grid:
            if b.x > a.right:
                strips.append(Box(a.right, min(a.y, b.y), GUTTER, a.h))
    pages = sorted(tmp_path.glob("p-*.png"))
    assert len(pages) == -(-12 // per_page)
    for number, png in enumerate(pages):
        image = Image.open(png)
        on_page = [p.box for p in placed if p.page == number]
        between = []  # under each board (and its descenders), down to the next board's top
        for a in on_page:
            below = [b.top for b in on_page if b.x == a.x and b.top < a.y]
            if below and max(below) < a.y - 2:
                between.append(Box(a.x, max(below), a.w, a.y - 2 - max(below)))
        for strip in [*strips, *between]:
            assert _white(image, strip, 1.0, height), (png.name, strip)


def test_the_html_is_one_self_contained_file_with_print_page_breaks(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    write_records(session(9), out, Options(per_page=4, four_colours=True))
    text = out.read_text(encoding="utf-8")
    assert "<script" not in text and "<link" not in text and not re.search(r"(src|href)=", text)
    assert text.count('class="page"') == 3 and "break-after:page" in text and "@page{size:A4" in text
    assert all(f"Board {n}</b>" in text for n in range(1, 10))
    assert ".sD{color:#0050c0}" in text  # four colours: diamonds blue


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.mark.filterwarnings("ignore:double-dummy tables need")
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium to render the HTML")
@pytest.mark.parametrize("per_page", [4, 6, 8])
def test_chromium_prints_the_html_with_per_page_boards_a_sheet(per_page: int, tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    write_records(list(bt.read(CLUB)) + session(9), out, Options(per_page=per_page, dd=True))
    pdf = tmp_path / "r.pdf"
    subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", out.as_uri()], check=True, capture_output=True, timeout=120)
    from pypdf import PdfReader

    pages = PdfReader(str(pdf)).pages
    assert len(pages) == -(-12 // per_page)
    first = pages[0].extract_text()
    assert all(f"Board {n}" in first for n in range(1, min(per_page, 3) + 1))


LABELS_OVERRUN = """() => [...document.querySelectorAll(".label")]
  .filter(label => label.scrollWidth > label.clientWidth + 0.5).map(label => label.textContent)"""
"""A script for the page: the corner labels whose text runs past their own width (over their neighbours)."""


@pytest.mark.parametrize("per_page", [2, 4, 6, 8])
def test_an_html_board_s_long_file_name_wraps_inside_its_corner(per_page: int, tmp_path: Path) -> None:
    """A name with no space could not break: it ran over the diagram and the next board's heading."""
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if CHROMIUM is None:
        pytest.skip("no chromium to render the HTML")
    from playwright.sync_api import sync_playwright

    long = tmp_path / "a_very_long_file_name_from_the_club_archive_without_any_spaces_in_it_at_all.pbn"
    long.write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(long), str(CLUB), "-o", str(out), "-p", str(per_page)])
    assert result.exit_code == 0, result.output
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 1600})
        page.goto(out.as_uri())
        overrun = page.evaluate(LABELS_OVERRUN)
        browser.close()
    assert long.name in out.read_text(encoding="utf-8") and overrun == []


def test_print_says_once_a_file_which_boards_give_another_dealer_or_vulnerability_than_law_2(
        tmp_path: Path) -> None:
    """A file whose every board says Dealer N and Vulnerable All printed as tagged with no word: a director
    putting the records with duplicate boards, whose number fixes both, was not told."""
    deal = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
    text = "".join(f'[Board "{n}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "{deal}"]\n\n'
                   for n, dealer, vul in ((1, "N", "None"), (2, "N", "All"), (3, "S", "EW"), (5, "N", "All"),
                                          (7, "S", "All")))
    source = tmp_path / "set.pbn"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "Law 2" in line]
    assert said == [f"warning: {source}: boards 2, 5: not the dealer and vulnerability Law 2 gives the "
                    "number (a duplicate board's number fixes both): printed as the file gives"]
    assert out.read_text(encoding="utf-8").count("Dealer: North") == 3  # boards 1, 2, 5: kept as tagged


def test_cli_print_writes_pdf_and_html_and_refuses_other_suffixes(tmp_path: Path) -> None:
    for name in ("r.pdf", "r.html"):
        result = CliRunner().invoke(cli, ["print", str(CLUB), "-o", str(tmp_path / name), "--dd", "-p", "2"])
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).stat().st_size > 1000
    result = CliRunner().invoke(cli, ["print", str(CLUB), "-o", str(tmp_path / "r.txt")])
    assert result.exit_code == 2 and "pdf or .html" in result.output  # a usage error, as in convert and deal
    assert not (tmp_path / "r.txt").exists()


def test_dd_without_tables_in_the_file_or_the_dd_extra_says_how_to_install_it() -> None:
    try:
        import bridgetools.dd  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        with pytest.warns(UserWarning, match=r"pip install 'bridgetools\[dd\]'"):
            views = list(board_views(session(2), Options(dd=True)))
        assert all(v.dd is None for v in views)
    else:
        assert all(v.dd is not None for v in board_views(session(2), Options(dd=True)))


PARTIAL_TABLE = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.KQJ5 876.T98.A765.A76 543.7654.432.T98"]
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT 7
S NT 7
"""


def test_a_double_dummy_table_the_file_gives_only_in_part_is_solved_whole() -> None:
    pytest.importorskip("bridgetools.dd")
    board = bt.loads(PARTIAL_TABLE, "pbn")[0]
    assert board.dd_table is not None and board.dd_table[Seat.E, bt.Strain.S] is None
    (view,) = board_views([board], Options(dd=True))
    assert view.dd is not None
    assert view.dd.tricks == {seat: tuple(bt.dd_table(board.deal)[seat, strain] for strain in DD_STRAINS)
                              for seat in (Seat.N, Seat.S, Seat.E, Seat.W)}


def test_a_par_contract_without_its_score_prints_the_contract_alone() -> None:
    board = bt.loads('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                     f'[Deal "{WORKED.to_pbn()}"]\n[DoubleDummyTricks "{"7" * 20}"]\n'
                     '[ParContract "EW 3NT"]\n', "pbn")
    (view,) = board_views(board, Options(dd=True))
    assert view.dd is not None and view.dd.par == "EW 3NT"


CLUB_BOARD_1 = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                '[Deal "N:Q.AKJT9873..QJT4 AJ98543.4.AK85.8 K76..643.AK96532 T2.Q652.QJT972.7"]\n'
                '[DoubleDummyTricks "63b3c63b3c492a0492a0"]\n')


@pytest.mark.parametrize("par_tags", ["", '[OptimumScore "NS 300"]\n'])
def test_a_table_the_file_gives_without_par_or_with_its_score_alone_prints_par_as_dd_computes_it(
        par_tags: str) -> None:
    pytest.importorskip("bridgetools.dd")
    board = bt.loads(CLUB_BOARD_1 + par_tags, "pbn")[0]
    (view,) = board_views([board], Options(dd=True))
    assert view.dd is not None and view.dd.par == "NS 300 (EW 6♦X-2)"  # as `bridgetools dd` says it


def test_a_par_score_the_file_gives_that_its_table_does_not_reach_is_printed_as_the_file_gives_it() -> None:
    pytest.importorskip("bridgetools.dd")
    board = bt.loads(CLUB_BOARD_1 + '[OptimumScore "NS 920"]\n', "pbn")[0]
    (view,) = board_views([board], Options(dd=True))
    assert view.dd is not None and view.dd.par == "NS 920"


def test_dd_for_boards_without_four_hands_names_them_in_a_warning() -> None:
    lesson = bt.loads('[Board "3"]\n[Dealer "S"]\n[Deal "W:- K43.AQJ54.63.T95 - A5.KT83.K752.843"]\n', "pbn")
    with pytest.warns(UserWarning, match=r"no double-dummy table for board\(s\) 3: "):
        (view,) = board_views(lesson, Options(dd=True))
    assert view.dd is None


def test_commentary_suit_escapes_print_as_symbols_and_can_be_left_out() -> None:
    board = Board(number=1, deal=WORKED, commentary=["Lead the \\SQ, then <b>think</b>."])
    assert board_view(board, Options()).commentary == ["Lead the ♠Q, then <b>think</b>."]
    assert board_view(board, Options(commentary=False)).commentary == []


def test_lin_commentary_suit_marks_print_as_symbols() -> None:
    written = Board(number=1, dealer=Seat.N, vulnerability=Vul.NONE, deal=WORKED,
                    commentary=["2@c is strong, 2@S weak"])
    (board,) = bt.loads(bt.dumps([written], "lin"), "lin")
    assert board_view(board, Options()).commentary == ["2♣ is strong, 2♠ weak"]


DRURY = ROOT / "tests" / "data" / "pbn" / "pbn-to-pdf__Drury.pbn"
"""A BridgeComposer bidding lesson: its commentary holds the web page's [show S] and [BID 2\\C]."""


def test_bridgecomposer_s_web_page_directives_are_left_out_of_printed_commentary() -> None:
    board = next(b for b in bt.read(DRURY) if any("[BID " in c for c in b.commentary))
    printed = "\n".join(board_view(board, Options()).commentary)
    assert "[show" not in printed and "[BID" not in printed
    assert "The bidding has gone as shown." in printed and "So you bid a Reverse Drury 2♣." in printed
    assert not printed.startswith("\n") and "\n\n\n" not in printed  # no blank paragraph left for them


def test_a_bracketed_word_that_is_no_directive_still_prints() -> None:
    board = Board(number=1, deal=WORKED, commentary=["Bid 4\\S [the only game] and [show] no fear."])
    assert board_view(board, Options()).commentary == ["Bid 4♠ [the only game] and [show] no fear."]


QUIZ = ROOT / "tests" / "data" / "pbn" / "pbn-to-pdf__Balancing_Weak_2.pbn"
"""A BridgeComposer bidding quiz: an introduction, then boards whose Hidden tag shows East alone."""


def test_the_hidden_tag_hides_its_seats_unless_show_says_otherwise() -> None:
    boards = [b for b in bt.read(QUIZ) if b.deal is not None]
    assert boards and all(b.tags.get("Hidden") == "NSW" for b in boards)
    for view in board_views(boards, Options()):
        assert [seat for seat, hand in view.hands.items() if hand is not None] == [Seat.E]
    for view in board_views(boards, Options(show=frozenset(Seat))):
        assert all(hand is not None for hand in view.hands.values())


def test_turning_a_board_turns_the_seats_its_hidden_tag_hides() -> None:
    board = Board(number=1, deal=WORKED, tags={"Hidden": "NSW"})  # East's hand alone is shown
    view = board_view(board, Options(rotate=Seat.S, rotate_who="N"))  # North turns to South
    assert [seat for seat, hand in view.hands.items() if hand is not None] == [Seat.W]
    assert view.hands[Seat.W] == board_view(board, Options()).hands[Seat.E]


def test_a_quiz_whose_hidden_tag_shows_one_hand_turns_that_hand_to_the_student_s_seat() -> None:
    """A BridgeComposer quiz names no student: the one hand it shows is the student's, not the dealer's."""
    board = Board(number=1, deal=WORKED, tags={"Hidden": "NSW"})  # East's hand alone is shown; North deals
    view = board_view(board, Options(rotate=Seat.S))
    assert [seat for seat, hand in view.hands.items() if hand is not None] == [Seat.S]
    assert view.hands[Seat.S] == board_view(board, Options()).hands[Seat.E]


def test_a_bidding_quiz_s_blank_turns_the_player_it_asks_for_a_call_to_the_student_s_seat() -> None:
    (board,) = bt.read(io.StringIO(QUIZ_BLANK.replace('[Hidden "NSW"]\n', "")), format="pbn")
    assert student_seat(board) is Seat.E  # 2D Pass Pass ____ dealt by South: East's call
    view = board_view(board, Options(rotate=Seat.S, auction=True))
    assert view.auction == [["2♦", "Pass", "Pass", "?"]]  # dealt by West now: South's turn


def test_a_turned_board_says_so_under_its_heading_and_one_printed_as_dealt_does_not(tmp_path: Path) -> None:
    """Its dealer and vulnerability are no longer the board's own (Law 2): the student holding the board
    itself must see why."""
    auction = Auction(Seat.N, "1NT P 2D P 2H P P P")  # North opens and declares
    board = Board(number=1, deal=WORKED, auction=auction)
    turned = board_view(board, Options(rotate=Seat.S))
    assert turned.dealer is Seat.S and turned.label_lines()[-1] == "Turned: North as South"
    assert replace(turned, room="open").label_lines()[-1] == "Turned: N as S, Open room"  # one narrow line
    as_dealt = board_view(board, Options(rotate=Seat.N))
    assert not any(line.startswith("Turned") for line in as_dealt.label_lines())
    out = tmp_path / "h.pdf"
    write_records([board], out, Options(rotate=Seat.S))
    assert "Turned: North as South" in pdf_text(out)


def test_a_turned_board_s_seats_are_kept_whole_where_a_long_file_name_is_cut_to_fit_the_corner(
        tmp_path: Path) -> None:
    """The corner's third line is narrow: the file's name gives, not the seat the hand is printed in."""
    board = Board(number=1, deal=WORKED, auction=Auction(Seat.N, "1NT P 2D P 2H P P P"))  # North declares
    out = tmp_path / "h.pdf"
    name = "a_very_long_file_name_for_the_usbf_semifinal_segment_fourteen_thousand.lin"
    for per_page in (1, 4, 8):
        write_records([board], out, Options(rotate=Seat.S, per_page=per_page), source=lambda _: name)
        assert "Turned: N as S" in pdf_text(out)


def test_an_introduction_without_a_deal_prints_as_text_not_under_an_empty_diagram(tmp_path: Path) -> None:
    intro = Board(commentary=["Most bad results come from bidding unsafely."])
    assert next(board_views([intro], Options())).is_text_only
    pdf, page = tmp_path / "q.pdf", tmp_path / "q.html"
    write_records([intro, Board(number=1, deal=WORKED)], pdf, Options())
    write_records([intro, Board(number=1, deal=WORKED)], page, Options())
    text = pdf_text(pdf)
    assert "bidding unsafely" in text and "Board ?" not in text and "Board 1" in text
    assert "bidding unsafely" in page.read_text() and "Board ?" not in page.read_text()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_title_stops_short_of_the_event_and_date_at_the_top_right(paper: str, tmp_path: Path) -> None:
    from pypdf import PdfReader
    from reportlab.pdfbase.pdfmetrics import stringWidth

    out = tmp_path / "r.pdf"
    options = Options(title="International Amsterdam Airport Schiphol Bridgetournament", paper=paper,
                      event="Amsterdam, The Netherlands NLD", date="1995.06.10")
    write_records([Board(number=1, deal=WORKED)], out, options)
    right = "Amsterdam, The Netherlands NLD  1995.06.10"
    spans: dict[str, tuple[float, float]] = {}

    def seen(text: str, cm: object, tm: list[float], font: dict[str, str] | None, size: float) -> None:
        if font is not None and text.strip() in (options.title, right):
            spans[text.strip()] = (tm[4], tm[4] + stringWidth(text.strip(), font["/BaseFont"][1:], size))

    PdfReader(str(out)).pages[0].extract_text(visitor_text=seen)
    title_end = spans[str(options.title)][1]
    right_start = spans[right][0]
    assert title_end < right_start


SCHIPHOL = ROOT / "tests" / "data" / "pbn" / "pbn__Schiphol.pbn"
"""Its one board's comment is a diagram laid out with spaces, a hand a column."""


def test_a_comment_laid_out_in_columns_prints_line_by_line_in_a_fixed_width_font(tmp_path: Path) -> None:
    from pypdf import PdfReader

    (board,) = bt.read(SCHIPHOL)
    (diagram,) = board.commentary
    lines = [line.strip() for line in diagram.splitlines() if line.strip()]
    out = tmp_path / "s.pdf"
    write_records([board], out, Options(per_page=1))
    fixed: list[str] = []

    def seen(text: str, cm: object, tm: object, font: dict[str, str] | None, size: float) -> None:
        if font is not None and "Courier" in font["/BaseFont"] and text.strip():
            fixed.append(" ".join(text.split()))

    PdfReader(str(out)).pages[0].extract_text(visitor_text=seen)
    assert " ".join(fixed) == " ".join(" ".join(line.split()) for line in lines)
    assert len(fixed) >= len(lines)  # a line each, not one paragraph


def test_a_laid_out_comment_too_tall_for_its_cell_runs_on_as_text_rather_than_being_cut() -> None:
    (board,) = bt.read(SCHIPHOL)
    assert board.play is not None
    for index in list(board.play.annotations):  # the lead's note, printed under the tricks, leaves no room
        board.play.annotate(index, None)
    options = Options(per_page=4, auction=True, play=True, result=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        write_pdf(board_views([board], options), io.BytesIO(), options)


def test_a_board_played_in_two_rooms_says_which_room_each_diagram_is(tmp_path: Path) -> None:
    rooms = [Board(number=1, deal=WORKED, room=room) for room in ("open", "closed")]
    for name in ("r.pdf", "r.html"):
        write_records(rooms, tmp_path / name, Options(per_page=4))
    assert re.search(r"Board 1 .*Open room.* Board 1 .*Closed room", pdf_text(tmp_path / "r.pdf"))
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert page.index("Open room") < page.index("Closed room")


def test_a_myhands_file_of_open_rooms_alone_prints_no_room_but_a_team_match_does(tmp_path: Path) -> None:
    myhands = [Board(number=n, deal=WORKED, room="open") for n in (1, 2)]
    views = list(board_views(myhands, Options()))
    assert [v.room for v in views] == [None, None]
    assert [b.room for b in myhands] == ["open", "open"]  # the data is kept
    named = [Board(number=1, deal=WORKED, room="open", tags={"HomeTeam": "Lions"})]
    assert [v.room for v in board_views(named, Options())] == ["open"]
    both = [Board(number=1, deal=WORKED, room="open"), Board(number=1, deal=WORKED, room="closed")]
    assert [v.room for v in board_views(both, Options())] == ["open", "closed"]


def test_print_to_stdout_writes_the_same_pdf_as_to_a_file(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    source = tmp_path / "s.pbn"
    bt.write([Board(number=1, deal=WORKED)], source, "pbn")
    out = tmp_path / "s.pdf"
    assert CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "-q"]).exit_code == 0
    result = CliRunner().invoke(cli, ["print", str(source), "-o", "-", "-q"])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == out.read_bytes()


def test_print_to_stdout_on_a_terminal_says_to_redirect(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.cli import common

    source = tmp_path / "s.pbn"
    bt.write([Board(number=1, deal=WORKED)], source, "pbn")
    monkeypatch.setattr(common, "text_stream", lambda name: type("Tty", (), {"isatty": lambda self: True})())
    result = CliRunner().invoke(cli, ["print", str(source), "-o", "-"])
    assert result.exit_code == 1 and result.stdout_bytes == b""
    assert result.stderr.count("\n") == 1 and "redirect" in result.stderr


BAD_DEAL = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 A43.7654.A432.65"]\n')
"""The ace of spades in North's hand and West's: the deal not read at all."""
BAD_HAND = BAD_DEAL.replace("A43.7654.A432.65", "543.7654.A432.6Z")
"""West's clubs 6Z: the other hands read."""


@pytest.mark.parametrize(("suffix", "written", "said", "where"), [
    ("pdf", BAD_DEAL, "Deal not read:", "4:8: card SA is in two hands"),
    ("html", BAD_DEAL, "Deal not read:", "4:8: card SA is in two hands"),
    ("pdf", BAD_HAND, "Hand not read:", "4:76: bad clubs of West's hand"),
    ("html", BAD_HAND, "Hand not read:", "4:76: bad clubs of West's hand"),
])
def test_a_deal_or_hand_that_cannot_be_read_prints_where_it_is_wrong(suffix: str, written: str, said: str,
                                                                     where: str, tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text(written, encoding="ascii")
    out = tmp_path / f"bad.{suffix}"
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out)])
    assert result.exit_code == (1 if "is not a rank" in result.stderr else 0), result.output  # syntax: 1
    assert f"{source}:{where}" in result.stderr
    page = re.sub(r"<[^>]+>", " ", out.read_text()).replace("&#x27;", "'") if suffix == "html" else ""
    text = " ".join((pdf_text(out) if suffix == "pdf" else page).split())
    assert said in text
    assert f"{source}:{where}" in text


SHORT_DEAL = BAD_DEAL.replace("N:AKQ2.", "N:AKQ.").replace("A43.7654", "543.7654")
"""North's two of spades left out: three hands of 13 and North's of 12."""


@pytest.mark.parametrize("suffix", ["pdf", "html"])
def test_a_deal_with_a_card_left_out_is_marked_on_the_page_and_named_by_board(suffix: str,
                                                                            tmp_path: Path) -> None:
    # printed with no mark at all: a club director handed out a record with a lost card unseen
    source = tmp_path / "short.pbn"
    source.write_text(SHORT_DEAL, encoding="ascii")
    out = tmp_path / f"short.{suffix}"
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "board(s) 1: a card missing from the deal" in result.stderr
    page = re.sub(r"<[^>]+>", " ", out.read_text()) if suffix == "html" else ""
    text = " ".join((pdf_text(out) if suffix == "pdf" else page).split())
    assert "Card missing: North holds 12 cards; not in the deal: \u26602" in text


TOO_LONG_DEAL = ('[Board "1"]\n'
                 '[Deal "N:AKQ.KJ3.T98.432 J543.Q98.AK7.KQ5 T98.AT7.QJ5.AJT9 762.6542.6432.876"]\n')
"""West's hand of 14 cards (North's two of spades in it), refused by the reader; North holds 12."""


@pytest.mark.parametrize("via", ["pbn", "json"])
def test_a_hand_refused_for_too_many_cards_is_not_called_a_card_missing(via: str, tmp_path: Path) -> None:
    # print warned "board(s) 1: a card missing from the deal" while the page said "Hand not read": the
    # reader tells the 14-card hand, and the 12-card hand beside it is the same mistake, not a lost card
    source = tmp_path / "long.pbn"
    source.write_text(TOO_LONG_DEAL, encoding="ascii")
    if via == "json":
        kept = tmp_path / "long.json"
        CliRunner().invoke(cli, ["convert", str(source), "-o", str(kept)])
        source = kept
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "long.html")])
    assert result.exit_code == 0, result.output
    assert "West's hand has 14 cards" in result.stderr
    assert "a card missing from the deal" not in result.stderr


def test_a_lesson_position_of_short_hands_alike_is_printed_unmarked(tmp_path: Path) -> None:
    source = tmp_path / "ending.pbn"
    source.write_text('[Board "1"]\n[Deal "N:AK.. QJ.. T9.. 87.."]\n', encoding="ascii")
    out = tmp_path / "ending.html"
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out)])
    assert result.exit_code == 1  # printed; 'AK..' gives three suits, not four: a problem of syntax
    assert "missing" not in result.stderr + out.read_text()


class _Terminal:
    """A stderr that says it is a terminal, keeping what is drawn on it."""

    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("quiet", [False, True])
def test_print_dd_draws_a_progress_bar_on_a_terminal_unless_quiet(quiet: bool, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("bridgetools.dd")
    pytest.importorskip("endplay")
    from bridgetools.cli import common

    terminal = _Terminal()
    monkeypatch.setattr(common, "text_stream", lambda name: terminal)
    source = tmp_path / "s.pbn"
    bt.write([Board(number=n, deal=WORKED) for n in (1, 2, 3)], source, "pbn")
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "s.html"), "--dd",
                                      *(["-q"] if quiet else [])])
    assert result.exit_code == 0, result.output
    assert ("Solving" in terminal.text and "100%" in terminal.text) is not quiet
    assert ("Solving" in terminal.text) is not quiet


def test_print_dd_on_a_log_says_its_progress_in_plain_lines(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A stderr that is a log had no progress at all: the bar's count was made on a terminal alone."""
    pytest.importorskip("bridgetools.dd")
    pytest.importorskip("endplay")
    from bridgetools.cli import common

    said: list[str] = []
    monkeypatch.setattr(common, "PLAIN_EVERY", 0.0)
    monkeypatch.setattr(common, "_stderr_is_a_file", lambda: True)
    monkeypatch.setattr(common, "tell", lambda message="", nl=True: said.append(message.split(" after ")[0]))
    source = tmp_path / "s.pbn"
    bt.write([Board(number=n, deal=WORKED) for n in (1, 2)], source, "pbn")
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "s.html"), "--dd"])
    assert result.exit_code == 0, result.output
    assert [line for line in said if line.startswith("Solving")] == [
        "Solving: 50%", "Solving: 100%", "Solving: done"]


def test_print_dd_reads_its_file_once_for_the_bar_and_draws_one_for_stdin(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("bridgetools.dd")
    pytest.importorskip("endplay")
    from bridgetools import formats
    from bridgetools.cli import common

    terminal = _Terminal()
    monkeypatch.setattr(common, "text_stream", lambda name: terminal)
    reads: list[str] = []
    real_read = formats.read
    monkeypatch.setattr(formats, "read", lambda name, *a, **k: reads.append(name) or real_read(name, *a, **k))
    source = tmp_path / "s.pbn"
    bt.write([Board(number=n, deal=WORKED) for n in (1, 2, 3)], source, "pbn")
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "s.html"), "--dd"])
    assert result.exit_code == 0, result.output
    assert reads == [str(source)]
    terminal.text = ""
    result = CliRunner().invoke(cli, ["print", "-", "-o", str(tmp_path / "in.html"), "--dd"],
                                input=source.read_text())
    assert result.exit_code == 0, result.output
    assert "Solving" in terminal.text and "100%" in terminal.text
    assert (tmp_path / "in.html").read_bytes() == (tmp_path / "s.html").read_bytes().replace(
        str(source).encode(), b"<stdin>")


@pytest.mark.parametrize("suffix", ["pdf", "html"])
def test_pdf_and_html_print_a_board_s_parts_in_the_hand_record_s_order(suffix: str, tmp_path: Path) -> None:
    # Both printed the result, but the PDF before the auction and the HTML between the auction and the play.
    pytest.importorskip("bridgetools.dd")
    pytest.importorskip("endplay")
    board = next(iter(bt.read(ROOT / "samples" / "vugraph_match.lin")))
    board.commentary = ["Zebra commentary on the play."]
    out = tmp_path / f"board.{suffix}"
    write_records([board], out, Options(per_page=1, dd=True, auction=True, play=True, result=True))
    text = pdf_text(out) if suffix == "pdf" else " ".join(re.sub(r"<[^>]+>", " ", out.read_text()).split())
    marks = ["Makeable:", "Par:", "West North East South", "1. ", "Result:", "Zebra commentary"]
    places = [text.find(mark) for mark in marks]
    assert -1 not in places, (marks, places)
    assert places == sorted(places), text


def test_print_dd_solves_a_match_board_once_for_both_rooms(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    dd = pytest.importorskip("bridgetools.dd")
    pytest.importorskip("endplay")
    solve = dd.dd_table
    solved: list[Deal] = []

    def counted(deal: Deal) -> DDTable:
        solved.append(deal)
        return solve(deal)  # type: ignore[no-any-return]

    monkeypatch.setattr(dd, "dd_table", counted)
    out = tmp_path / "match.html"
    match = ROOT / "samples" / "vugraph_match.lin"
    result = CliRunner().invoke(cli, ["print", str(match), "-o", str(out), "--dd"])
    assert result.exit_code == 0, result.output
    assert out.read_text().count("Makeable:") == 2  # each room's diagram keeps its table
    assert len(solved) == 1


def test_print_format_html_writes_html_to_stdout_and_to_a_name_without_a_suffix(tmp_path: Path) -> None:
    source = tmp_path / "s.pbn"
    bt.write([Board(number=1, deal=WORKED)], source, "pbn")
    out = tmp_path / "s.html"
    assert CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "-q"]).exit_code == 0
    result = CliRunner().invoke(cli, ["print", str(source), "-o", "-", "--format", "html", "-q"])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == out.read_bytes()
    bare = tmp_path / "records"
    assert CliRunner().invoke(cli, ["print", str(source), "-o", str(bare), "-f", "html", "-q"]).exit_code == 0
    assert bare.read_bytes() == out.read_bytes()


def test_print_refuses_a_format_other_than_the_one_its_output_names(tmp_path: Path) -> None:
    source = tmp_path / "s.pbn"
    bt.write([Board(number=1, deal=WORKED)], source, "pbn")
    out = tmp_path / "r.pdf"
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "--format", "html"])
    assert result.exit_code == 2
    assert f"{out} names a pdf file but --format is html" in result.output
    assert not out.exists()
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "records")])
    assert result.exit_code == 2 and "give --format pdf or html" in result.output


def test_dealers_dash_for_no_site_is_not_printed_in_the_header() -> None:
    board = Board(number=1, deal=WORKED, event="Hand simulated by dealer", site="-", date="2026.12.04")
    options = header_from([board], Options())
    assert (options.title, options.event) == ("Hand simulated by dealer", None)
    assert options.date == "4 December 2026"
    out = io.StringIO()
    write_html(board_views([board], options), out, options)
    assert "<small>4 December 2026</small>" in out.getvalue()


@needs_corpus(CORPUS / "pbn__Schiphol.pbn")
@pytest.mark.parametrize("suffix", ["pdf", "html"])
def test_the_play_is_headed_apart_from_the_auction_notes_and_ends_with_its_claim(suffix: str,
                                                                                 tmp_path: Path) -> None:
    # The tricks ("1. W: ♠K ...") ran on under the explanations ("1. non-forcing ...") with nothing between,
    # and the claim that ended the play (PBN Schiphol: 9 tricks) was left out.
    board = next(iter(bt.read(CORPUS / "pbn__Schiphol.pbn")))
    out = tmp_path / f"board.{suffix}"
    write_records([board], out, Options(per_page=1, auction=True, play=True, result=True))
    text = pdf_text(out) if suffix == "pdf" else " ".join(re.sub(r"<[^>]+>", " ", out.read_text()).split())
    marks = ["2. two colors", "Play: 1. W:", "7. S:", "Claim: declarer takes 9 tricks in all", "Result:"]
    places = [text.find(mark) for mark in marks]
    assert -1 not in places, (marks, text)
    assert places == sorted(places), text


@pytest.mark.parametrize(("environ", "paper"), [
    ({"LANG": "en_US.UTF-8"}, "letter"), ({"LANG": "fr_CA.UTF-8"}, "letter"), ({"LANG": "es_MX"}, "letter"),
    ({"LANG": "en_GB.UTF-8"}, "a4"), ({"LANG": "C.UTF-8"}, "a4"), ({}, "a4"),
    ({"LANG": "en_GB.UTF-8", "LC_PAPER": "en_US.UTF-8"}, "letter"),
    ({"LC_ALL": "de_DE.UTF-8", "LC_PAPER": "en_US.UTF-8"}, "a4"),
])
def test_the_paper_is_the_locale_s_letter_in_the_acbl_area_and_a4_elsewhere(environ: dict[str, str],
                                                                            paper: str) -> None:
    from bridgetools.records.view import default_paper

    assert default_paper(environ) == paper


def test_print_and_tournament_dealing_print_on_letter_in_a_us_locale_unless_paper_says(
        tmp_path: Path) -> None:
    # Both printed A4 whatever the locale, though an ACBL club prints on US Letter.
    from pypdf import PdfReader

    source = tmp_path / "s.pbn"
    bt.write([Board(number=1, deal=WORKED)], source, "pbn")
    us = {"LC_ALL": "", "LC_PAPER": "", "LANG": "en_US.UTF-8"}
    runs = {"letter.pdf": [], "a4.pdf": ["--paper", "a4"]}
    for name, extra in runs.items():
        args = ["print", str(source), "-o", str(tmp_path / name), "-q", *extra]
        result = CliRunner().invoke(cli, args, env=us)
        assert result.exit_code == 0, result.output
    args = ["deal", "--tournament", "-n", "1", "-o", str(tmp_path / "set"), "-q"]
    result = CliRunner().invoke(cli, args, env=us)
    assert result.exit_code == 0, result.output
    sizes = {name: tuple(round(float(v)) for v in PdfReader(str(tmp_path / name)).pages[0].mediabox[2:])
             for name in ("letter.pdf", "a4.pdf", "set.pdf")}
    assert sizes == {"letter.pdf": (612, 792), "a4.pdf": (595, 842), "set.pdf": (612, 792)}


BCFLAGS_LESSON = """[Event "Quiz"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"]
[Auction "N"]
1D Pass 1S Pass
2S Pass Pass Pass
[BCFlags "1f"]
{Whole board.}

[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"]
[Auction "N"]
1D Pass 1S Pass
2S Pass Pass Pass
[BCFlags "70000c"]
{Sub-board, no heading and no auction.}

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"]
[BCFlags "4000017"]
{On a page of its own, no diagram.}
"""


@pytest.mark.parametrize("suffix", ["pdf", "html"])
def test_a_board_s_bcflags_leave_out_its_auction_heading_and_diagram_and_break_the_page(
        suffix: str, tmp_path: Path) -> None:
    # BCFlags were read and ignored: a quiz's sub-board printed its number, dealer, vulnerability and the
    # auction its flags hide, and a board marked to start a page shared the page before it.
    source = tmp_path / "quiz.pbn"
    source.write_text(BCFLAGS_LESSON)
    out = tmp_path / f"quiz.{suffix}"
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "--auction", "-q"])
    assert result.exit_code == 0, result.output
    if suffix == "pdf":
        from pypdf import PdfReader

        pages = [" ".join(page.extract_text().split()) for page in PdfReader(str(out)).pages]
    else:
        html_pages = out.read_text().split('<div class="page">')[1:]
        pages = [" ".join(re.sub(r"<[^>]+>", " ", page).split()) for page in html_pages]
    assert len(pages) == 2, pages
    first, second = pages
    assert first.count("Board 1") == 1 and first.count("Dealer:") == 1 and first.count("Vul:") == 1
    assert first.count("West North East South") == 1  # the sub-board's auction is left out
    assert "Whole board." in first and "Sub-board, no heading and no auction." in first
    assert "Board 2" in second and "Dealer: East" in second and "On a page of its own" in second
    assert "A J 7 6" not in second and "HCP" not in second  # 0x08 clear: no hands


def test_bcflags_that_are_not_hex_leave_the_board_as_the_options_print_it() -> None:
    from bridgetools.records.bcflags import Shown, shown_by

    assert shown_by("zz") == shown_by(None) == Shown()
    assert shown_by("1f") == Shown()
    assert shown_by("60001b").hidden_labels == frozenset({"dealer", "vulnerability"})


def test_show_prints_the_hands_it_names_over_a_board_s_bcflags_as_over_its_hidden_tag() -> None:
    board = bt.loads(BCFLAGS_LESSON, "pbn")[2]  # BCFlags 4000017: no diagram
    assert all(hand is None for hand in board_view(board, Options()).hands.values())
    shown = board_view(board, Options(show=frozenset({Seat.S}))).hands
    assert shown[Seat.S] is not None and shown[Seat.N] is None


@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_the_auction_ends_all_pass_after_a_bid_and_a_passed_out_board_keeps_its_four_passes(
        dealer: str) -> None:
    # With West dealing, "1S Pass Pass Pass" printed its three passes and "Pass Pass Pass Pass" its four, but
    # with another dealer "1♠ All Pass" and "Pass All Pass": the same auction read two ways.
    def auction(calls: str) -> list[str]:
        board = bt.loads(f'[Board "1"]\n[Dealer "{dealer}"]\n[Vulnerable "None"]\n'
                         f'[Deal "{WORKED.to_pbn()}"]\n[Auction "{dealer}"]\n{calls}\n', "pbn")[0]
        return [call for row in board_view(board, Options(auction=True)).auction for call in row if call]

    assert auction("1S Pass Pass Pass") == ["1♠", "All Pass"]
    assert auction("Pass Pass Pass Pass") == ["Pass"] * 4


def test_the_play_prints_the_ten_as_10_as_the_hands_do() -> None:
    board = Board(number=1, deal=WORKED, auction=Auction("N", "1NT Pass Pass Pass"))
    board.play = bt.Play(WORKED, "1NT", "N", ["DT", "D6", "D4", "D3", "H5", "HQ", "HT", "H4"])
    view = board_view(board, Options(play=True))
    assert view.play[:2] == ["1. E: ♦10 ♦6 ♦4 ♦3  won by E", "2. E: ♥5 ♥Q ♥10 ♥4  won by S"]
    assert view.hands[Seat.E] is not None and "10" in view.hands[Seat.E][2]  # ♦ 10 8 2, as the play


def test_a_cover_line_too_long_for_the_page_is_set_smaller_then_cut_with_a_warning(tmp_path: Path) -> None:
    # it ran off the paper's right edge, its end lost without a word
    from pypdf import PdfReader
    from reportlab.pdfbase.pdfmetrics import stringWidth

    out = tmp_path / "r.pdf"
    cover = ("Not to be taken from the room before the end of the session; the director collects every copy "
             "at the end, and a player found with one is penalised under Law 90 with a procedural penalty "
             "of a quarter of a board, or more when the director judges that it gave an advantage")
    options = Options(cover=cover)
    with pytest.warns(UserWarning, match="--cover is too long for the page's width even at 6 pt"):
        write_records([Board(number=1, deal=WORKED)], out, options)
    ends: list[float] = []

    def seen(text: str, cm: object, tm: list[float], font: dict[str, str] | None, size: float) -> None:
        if font is not None and text.startswith("Not to be taken"):
            ends.append(tm[4] + stringWidth(text.rstrip("\n"), font["/BaseFont"][1:], size))

    PdfReader(str(out)).pages[0].extract_text(visitor_text=seen)
    assert ends and ends[0] <= printable(options).right + 0.5
    short = tmp_path / "s.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        write_records([Board(number=1, deal=WORKED)], short, Options(cover="Not to be taken from the room"))


def test_an_event_too_long_for_half_the_page_is_cut_and_the_date_kept_whole(tmp_path: Path) -> None:
    # it ran off the page's left edge, over the title
    from pypdf import PdfReader

    out = tmp_path / "r.pdf"
    event = ("Oslo Bridge Club, Thursday evening pairs, section A north-south and east-west, second session "
             "of the autumn championship, directed by Kari Dahl")
    options = Options(title="Monday pairs", event=event, date="2026.12.03")
    with pytest.warns(UserWarning, match="the event is too long for half the page's width at 7 pt"):
        write_records([Board(number=1, deal=WORKED)], out, options)
    starts: dict[str, float] = {}

    def seen(text: str, cm: object, tm: list[float], font: dict[str, str] | None, size: float) -> None:
        if font is not None and text.startswith(("Oslo", "Monday")):
            starts[text[:4]] = tm[4]

    PdfReader(str(out)).pages[0].extract_text(visitor_text=seen)
    area = printable(options)
    assert starts["Mond"] == area.x and starts["Oslo"] >= area.x + area.w / 2 - 0.5
    assert "… 2026.12.03" in pdf_text(out)


def test_the_html_header_writes_no_empty_small_when_neither_event_nor_date_is_known(tmp_path: Path) -> None:
    source, out = tmp_path / "plain.pbn", tmp_path / "r.html"
    source.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                      '[Deal "N:AKQ2.KQ2.AJ2.K32 J543.J43.543.654 T987.T98.T98.T98 6.A765.KQ76.AQJ7"]\n',
                      encoding="utf-8")
    assert CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "-q"]).exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert "<h1>Hand records</h1>" in text and "<small>" not in text
    write_html([], buffer := io.StringIO(), Options(event="Club pairs", date="2026.12.04"))
    assert "<small>Club pairs  2026.12.04</small>" in buffer.getvalue()


def test_a_title_too_long_for_the_page_is_cut_with_a_warning_as_cover_and_event_are(tmp_path: Path) -> None:
    # it was cut with `…` without a word
    out = tmp_path / "r.pdf"
    title = ("Oslo Bridge Club autumn championship, Thursday evening pairs, second session, hand records "
             "with double-dummy analysis and commentary")
    with pytest.warns(UserWarning, match="the title is too long for the page's width beside the event and "
                                         "date even at 9 pt: printed as 'Oslo Bridge Club"):
        write_records([Board(number=1, deal=WORKED)], out, Options(title=title, date="2026.12.04"))
    assert "…" in pdf_text(out)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        write_records([Board(number=1, deal=WORKED)], tmp_path / "s.pdf", Options(title="Monday pairs"))


def _pages(path: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(str(path)).pages)


def test_print_lays_out_the_boards_a_page_a_bridgecomposer_file_asks_for(tmp_path: Path) -> None:
    # `%BoardsPerPage fit,2` (an introduction and five boards) printed 4 a page, on 2 pages, not 2 a page
    # on 3; -p still chooses, and the file's directive is not read for boards from several files.
    lesson = ROOT / "tests" / "data" / "pbn" / "pbn-to-pdf__Balancing_Weak_2.pbn"
    out = tmp_path / "r.pdf"
    assert CliRunner().invoke(cli, ["print", str(lesson), "-o", str(out)]).exit_code == 0
    assert _pages(out) == 3
    assert CliRunner().invoke(cli, ["print", str(lesson), "-o", str(out), "-p", "4"]).exit_code == 0
    assert _pages(out) == 2
    assert CliRunner().invoke(cli, ["print", str(lesson), str(lesson), "-o", str(out)]).exit_code == 0
    assert _pages(out) == 3  # 12 records, 4 a page


def test_a_boards_per_page_the_printer_has_no_layout_for_prints_the_nearest_with_one_warning(
        tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(CLUB), "-o", str(out)])
    assert result.exit_code == 0
    said = [line for line in result.output.splitlines() if "BoardsPerPage" in line]
    assert said == ["warning: the file's '%BoardsPerPage 18' asks for 18 boards a page, which the printer "
                    "does not lay out: printed 8 a page (the nearest it does: 1, 2, 4, 6, 8)"]
    record = type("Record", (), {"escapes": ["%BoardsPerPage 3"]})()
    board = Board(number=1, deal=WORKED, extra={"pbn": record})
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        from bridgetools.records.view import per_page_from
        assert per_page_from([board], Options(per_page_from_file=True)).per_page == 2  # the fewer of 2 and 4


def test_print_dd_without_the_dd_extra_prints_the_boards_without_tables_and_says_how_to_install_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.dd import _dds
    from bridgetools.errors import MissingExtraError

    def missing() -> None:
        raise MissingExtraError("double-dummy analysis", "dd")

    monkeypatch.setattr(_dds, "dds", missing)  # endplay not installed
    source = tmp_path / "s.pbn"
    bt.write([Board(number=n, deal=WORKED) for n in (1, 2)], source, "pbn")
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "s.pdf"), "--dd"])
    assert result.exit_code == 0, result.output
    assert result.output.count("pip install 'bridgetools[dd]'") == 1
    assert "Board 2" in pdf_text(tmp_path / "s.pdf") and "Makeable" not in pdf_text(tmp_path / "s.pdf")


def test_a_deal_without_dealer_or_vulnerability_prints_its_table_but_no_par_as_dd_does() -> None:
    pytest.importorskip("endplay")
    board = next(iter(bt.read(io.StringIO(f'[Deal "{WORKED.to_pbn()}"]\n'), "pbn")))
    assert board.vulnerability is None and board.dealer is None
    [view] = board_views([board], Options(dd=True))
    assert view.dd is not None and view.dd.makeable and view.dd.par is None  # not par at love by North


def test_dd_does_not_name_a_lesson_s_introduction_among_boards_without_four_hands() -> None:
    lesson = (f'{{Tonight: balancing.}}\n[Board ""]\n[Deal ""]\n\n[Board "1"]\n[Dealer "N"]\n'
              f'[Vulnerable "None"]\n[Deal "{WORKED.to_pbn()}"]\n')
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        views = list(board_views(bt.read(io.StringIO(lesson), "pbn"), Options(dd=True)))
    assert views[0].is_text_only and views[0].commentary
    assert not [w for w in said if "no double-dummy table" in str(w.message)]  # not "board(s) ?"


def test_letters_no_font_has_print_as_their_nearest_letters_with_one_warning_naming_font(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "FONT_FOLDERS", [])  # a system without a Unicode TrueType font
    board = Board(number=1, deal=WORKED, commentary=["Open 1NT with ≥ 15 HCP, said Παύλος."])
    out = tmp_path / "r.pdf"
    with pytest.warns(UserWarning) as said:
        write_records([board], out, Options(title="Łódź Bridge Club", event="Ålesund", auction=True))
    text = pdf_text(out)
    assert "Lódz Bridge Club" in text and "Ålesund" in text  # ó and Å are in the fonts: kept
    assert "with >= 15 HCP, said ??????." in text  # not black boxes
    [warning] = [w for w in said if "standard fonts" in str(w.message)]
    assert "'Ł' (U+0141)" in str(warning.message) and "-o records.html" in str(warning.message)
    assert "--font FONT.ttf" in str(warning.message)  # how to print them as written


def pdftotext(path: Path) -> str:
    """The PDF's text as poppler reads it (pypdf guesses at a subset font's characters)."""
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


def words_placed(path: Path, page: int = 1) -> list[tuple[str, float, float]]:
    """Each word of a PDF's ``page`` as poppler places it: the word, its left edge and its top, in points
    from the page's top left."""
    found = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                           capture_output=True, text=True, check=True).stdout
    return [(word, float(x), float(y)) for x, y, word in
            re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)</word>', found)]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) is not installed")
@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_a_board_s_text_starts_at_its_heading_s_left_edge(tmp_path: Path, per_page: int) -> None:
    pytest.importorskip("bridgetools.dd")
    out = tmp_path / "r.pdf"
    boards = list(bt.read(ROOT / "samples" / "club_night.pbn"))
    write_records(boards, out, Options(per_page=per_page, auction=True, play=True, result=True,
                                       traveller=True, dd=True))
    words = words_placed(out)
    headings = sorted({x for word, x, _ in words if word == "Board"})
    labels = [(word, x) for word, x, y in words if word in ("Makeable:", "Par:", "West", "Play:", "Result:")]
    assert {word for word, _ in labels} == {"Makeable:", "Par:", "West", "Play:", "Result:"}
    for word, x in labels:  # each under its own board's heading (the auction's cells padded a point)
        edge = max((h for h in headings if h <= x + 0.5), default=0.0)
        assert x - edge <= 1.5, (word, x, headings)
    top, bottom = 36 + 44, page_size(Options())[1] - 36 - 16  # below the page's header, above its footer
    board_words = [(word, x) for word, x, y in words if top < y < bottom]
    assert min(x for _, x in board_words) >= headings[0] - 0.5  # the traveller and commentary too


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) is not installed")
def test_a_greek_name_prints_as_written_in_a_unicode_font_found_on_the_system(tmp_path: Path) -> None:
    if not fonts.Fonts().drawable("Π"):
        pytest.skip("no Unicode TrueType font (DejaVu, Noto, Liberation, Arial) in the usual folders")
    board = Board(number=1, deal=WORKED, commentary=["Παύλος led the ♠K."])
    out = tmp_path / "r.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning of letters printed otherwise
        write_records([board], out, Options(title="Łódź Bridge Club"))
    text = pdftotext(out)
    assert "Łódź Bridge Club" in text and "Παύλος led the ♠K." in text


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) is not installed")
def test_a_font_given_prints_what_the_standard_fonts_lack(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not font.is_file():
        pytest.skip(f"{font} is not installed")
    monkeypatch.setattr(fonts, "FONT_FOLDERS", [])  # the font given, not one found
    out = tmp_path / "r.pdf"
    result = CliRunner().invoke(cli, ["print", str(CLUB), "-o", str(out), "--title", "Клуб Ђорђе",
                                      "--font", str(font)])
    assert result.exit_code == 0 and "standard fonts" not in result.output
    assert "Клуб Ђорђе" in pdftotext(out)


def test_a_winansi_file_embeds_no_font_and_is_the_same_without_unicode_fonts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board(number=1, deal=WORKED, commentary=["Ålesund's Søren led the ♠K; 1NT shows 15–17."])
    found, without = tmp_path / "found.pdf", tmp_path / "without.pdf"
    write_records([board], found, Options(title="Malmö Bridgeklubb"))
    monkeypatch.setattr(fonts, "FONT_FOLDERS", [])
    write_records([board], without, Options(title="Malmö Bridgeklubb"))
    assert b"/FontFile" not in found.read_bytes()  # the standard fonts alone, none embedded
    assert found.read_bytes() == without.read_bytes()


def test_print_with_a_font_file_not_found_says_so_in_one_line_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    missing = tmp_path / "Arial.ttf"
    result = CliRunner().invoke(cli, ["print", str(CLUB), "-o", str(out), "--font", str(missing)])
    assert result.exit_code == 1
    assert result.output == f"Error: {missing}: no such font file; --font takes a TrueType font (.ttf)\n"
    assert not out.exists()


DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@pytest.fixture
def dejavu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A font folder with DejaVu's regular sans, serif and mono alone, the only one looked in."""
    names = ("DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSansMono.ttf")
    if shutil.which("pdftotext") is None or not all((DEJAVU / name).is_file() for name in names):
        pytest.skip("needs pdftotext and DejaVu Sans, Serif and Sans Mono in /usr/share/fonts")
    folder = tmp_path / "fonts"
    folder.mkdir()
    for name in names:
        (folder / name).symlink_to(DEJAVU / name)
    monkeypatch.setattr(fonts, "FONT_FOLDERS", [folder])
    return folder


def test_the_font_folders_are_walked_once_not_once_a_pdf(dejavu: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    walked: list[Path] = []
    walk = fonts._walk

    def counted(folder: Path) -> Iterator[Path]:
        walked.append(folder)
        return walk(folder)

    monkeypatch.setattr(fonts, "_walk", counted)
    board = Board(number=1, deal=WORKED, commentary=["Παύλος led the ♠K."])
    for name in ("first.pdf", "second.pdf"):
        write_records([board], tmp_path / name, Options())
    assert walked == [dejavu]
    assert "Παύλος led the ♠K." in pdftotext(tmp_path / "second.pdf")


def test_a_letter_the_serif_or_mono_face_lacks_is_set_in_the_family_s_sans(dejavu: Path) -> None:
    found = fonts.Fonts()
    assert found.face("Times-Roman", "Ωmega") == "BTDejaVu-serif"  # the serif has Greek: kept
    assert found.face("Times-Roman", "Ϣ") == "BTDejaVu-sans"  # DejaVu Serif has no Coptic
    assert found.face("Courier", "Ѡ") == "BTDejaVu-sans"  # nor has DejaVu Sans Mono old Cyrillic


def test_commentary_in_letters_the_serif_lacks_prints_as_written_not_as_boxes(dejavu: Path,
                                                                             tmp_path: Path) -> None:
    board = Board(number=1, deal=WORKED, commentary=["Coptic Ϣϣ Ϧ said 1♣.",
                                                     "   Ѡ K Q\n   Ϣ J 4"])  # a diagram: the mono font
    out = tmp_path / "r.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing printed otherwise
        write_records([board], out, Options())
    text = pdftotext(out)
    assert "Coptic Ϣϣ Ϧ said 1♣." in text
    assert "ѠKQ" in text.replace(" ", "") and "ϢJ4" in text.replace(" ", "")  # in the sans: narrower spaces


@pytest.mark.parametrize("char", ["ש", "\u05b0", "ب", "\u064b", "\u0661", "\ufb2a", "\ufefb"])
def test_hebrew_and_arabic_letters_points_and_digits_are_right_to_left(char: str) -> None:
    assert fonts.not_drawn(char) == fonts.RIGHT_TO_LEFT
    assert not fonts.Fonts().drawable(char)


def test_right_to_left_text_prints_as_nearest_letters_with_a_warning_naming_the_html(dejavu: Path,
                                                                                     tmp_path: Path) -> None:
    board = Board(number=1, deal=WORKED, commentary=["הערה: צפון פותח 1♣"])
    out = tmp_path / "r.pdf"
    with pytest.warns(UserWarning) as said:
        write_records([board], out, Options(event="שלום עולם"))
    assert "םולש" not in pdftotext(out) and "? 1♣" in pdftotext(out)  # not drawn backwards
    [warning] = [str(w.message) for w in said if "right-to-left" in str(w.message)]
    assert "'ש' (U+05E9)" in warning and "-o records.html" in warning and "--font" not in warning


def test_a_character_beyond_u_ffff_prints_as_nearest_letters_with_a_warning(dejavu: Path,
                                                                           tmp_path: Path) -> None:
    board = Board(number=1, deal=WORKED, commentary=["West led the 🂡."])
    out = tmp_path / "r.pdf"
    with pytest.warns(UserWarning) as said:
        write_records([board], out, Options())
    assert "West led the ?." in pdftotext(out)  # not U+1F0A, as reportlab's ToUnicode map would give
    [warning] = [str(w.message) for w in said if "beyond U+FFFF" in str(w.message)]
    assert "'🂡' (U+1F0A1)" in warning and "-o records.html" in warning


@pytest.mark.parametrize("font", ["nosuch.ttf", str(DEJAVU / "DejaVuSans.ttf")])
@pytest.mark.parametrize("output", [["-o", "r.html"], ["-o", "r", "--format", "html"],
                                    ["-o", "-", "-f", "html"]])
def test_print_refuses_a_font_for_html_as_a_usage_error_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, font: str, output: list[str]) -> None:
    monkeypatch.chdir(tmp_path)  # as -o r.pdf --format html is refused
    result = CliRunner().invoke(cli, ["print", str(CLUB), *output, "--font", font])
    assert result.exit_code == 2 and not list(tmp_path.iterdir())
    assert result.output == (f"Error: bridgetools print: --font {font}: a font is for PDF output; an HTML "
                             "hand record is shown in the reader's own fonts (leave out --font, or write a "
                             ".pdf); see 'bridgetools print --help'\n")


def test_write_records_refuses_a_font_for_html(tmp_path: Path) -> None:
    with pytest.raises(bt.BridgeError, match="a font is for PDF output"):
        write_records([Board(number=1, deal=WORKED)], tmp_path / "r.html", Options(font="DejaVuSans.ttf"))
    assert not (tmp_path / "r.html").exists()


def test_print_with_a_folder_for_a_font_says_it_is_a_folder(tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    result = CliRunner().invoke(cli, ["print", str(CLUB), "-o", str(out), "--font", str(tmp_path)])
    assert result.exit_code == 1 and not out.exists()
    assert result.output == (f"Error: {tmp_path}: a folder, not a font file; --font takes a TrueType font "
                             "file (.ttf)\n")


def test_print_of_a_txt_file_that_is_no_hand_record_names_the_file_and_writes_nothing(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Bring the boards for Tuesday.\n")
    result = CliRunner().invoke(cli, ["print", str(notes), "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.strip() == f"Error: {notes}: cannot tell the format (expected PBN, LIN, JSON, RBN " \
                                    "or a dealing machine's DUP, BRI, DGE or DLM); name it with --from"
    # not "format 'text' can be written but not read"
    assert list(tmp_path.iterdir()) == [notes]


def test_dd_of_an_ending_prints_its_table_of_the_tricks_left_without_contracts_or_par() -> None:
    pytest.importorskip("endplay")
    ending = '[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "N:AK2.A.. Q.K.K2. .Q.A.A2 43..Q.K"]\n'
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        [view] = board_views(bt.read(io.StringIO(ending), "pbn"), Options(dd=True))
    assert not [w for w in said if "all four hands" in str(w.message)]  # it gives them: 4 cards each
    assert view.dd is not None and view.dd.tricks[Seat.N] == (4, 3, 4, 2, 3)  # as `dd` gives it
    assert view.dd.makeable.startswith("none: an ending of 4 tricks") and view.dd.par is None


@needs_corpus(CORPUS / "pbn-to-pdf__Balancing_Weak_2.pbn")
def test_an_introduction_left_out_by_no_commentary_leaves_no_empty_cell(tmp_path: Path) -> None:
    lesson = CORPUS / "pbn-to-pdf__Balancing_Weak_2.pbn"  # an introduction, then boards 1-5, 2 a page
    out = tmp_path / "h.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        printed = write_records(bt.read(lesson), out, Options(per_page=2, commentary=False))
    from pypdf import PdfReader

    first = PdfReader(str(out)).pages[0].extract_text()
    assert printed == 5 and "Board 1" in first and "Board 2" in first  # not a blank half page, then board 1


def test_print_of_a_file_with_nothing_to_print_says_so_and_writes_no_file(tmp_path: Path) -> None:
    heading = tmp_path / "heading.pbn"
    heading.write_text('[Event "Tuesday pairs"]\n[Site "Club"]\n')
    result = CliRunner().invoke(cli, ["print", str(heading), "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    said = f"Error: {heading}: nothing to print: no board with a deal, a number or commentary"
    assert result.output.strip() == said  # not a page with a header alone, "1 board -> r.pdf"
    assert list(tmp_path.iterdir()) == [heading]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_36_board_session_prints_8_a_page_on_5_sheets_with_every_table_whole(paper: str,
                                                                               tmp_path: Path) -> None:
    pytest.importorskip("endplay")
    source, out = tmp_path / "session.pbn", tmp_path / "r.pdf"
    bt.write(session(36), source, "pbn")
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "-p", "8", "--dd", "--result",
                                      "--paper", paper])
    assert result.exit_code == 0 and "cut to fit" not in result.output, result.output
    from pypdf import PdfReader

    pages = PdfReader(str(out)).pages
    assert len(pages) == 5
    first = pages[0].extract_text()
    assert all(f"Board {n}" in first for n in range(1, 9)) and first.count("Par:") == 8


def test_a_lesson_s_introduction_cut_to_fit_is_named_as_text_not_a_board_and_not_counted(
        tmp_path: Path) -> None:
    intro = " ".join(["Tonight we look at what responder does over partner's 1NT opening."] * 200)
    lesson = tmp_path / "lesson.pbn"
    lesson.write_text(f'{{{intro}}}\n[Board ""]\n[Deal ""]\n\n[Board "1"]\n[Dealer "N"]\n'
                      f'[Vulnerable "None"]\n[Deal "{WORKED.to_pbn()}"]\n')
    result = CliRunner().invoke(cli, ["print", str(lesson), "-o", str(tmp_path / "h.pdf"), "-p", "4"])
    assert result.exit_code == 0, result.output
    assert "warning: the opening text cut to fit the page; print fewer boards per page" in result.output
    assert "board(s) ?" not in result.output and "1 board -> " in result.output  # the lesson has one board


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) is not installed")
def test_a_suit_symbol_in_the_title_or_cover_line_prints_in_its_suit_s_colour(tmp_path: Path) -> None:
    from PIL import Image

    out = tmp_path / "r.pdf"
    options = Options(title="Lesson 3: 1♥ openings", cover="Answers: 2♦ then 3♣")
    write_records([Board(number=1, deal=WORKED)], out, options)
    subprocess.run(["pdftoppm", "-r", "72", "-png", "-singlefile", str(out), str(tmp_path / "p")], check=True)
    area, height = printable(options), page_size(options)[1]
    header = Image.open(tmp_path / "p.png").convert("RGB").crop(
        (int(area.x), int(height - area.top), int(area.right), int(height - area.top + 34)))
    width, rows = header.size
    pixels = [header.getpixel((x, y)) for x in range(width) for y in range(rows)]
    red = [p for p in pixels if isinstance(p, tuple) and p[0] > 150 and p[1] < 90 and p[2] < 90]
    assert len(red) > 10  # the heart and the diamond, red as in the diagrams (they were black)


def test_a_suit_symbol_in_the_html_header_is_marked_in_its_suit_s_colour(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    options = Options(title="Lesson 3: 1♥ openings", event="Club <&>", cover="Answers: 2♦")
    write_records([Board(number=1, deal=WORKED)], out, options)
    text = out.read_text(encoding="utf-8")
    assert '<h1>Lesson 3: 1<span class="sH">♥</span> openings<small>Club &lt;&amp;&gt;</small></h1>' in text
    assert '<div class="cover">Answers: 2<span class="sD">♦</span></div>' in text
    assert "<title>Lesson 3: 1♥ openings</title>" in text


@pytest.mark.parametrize(("suffix", "text"), [
    (".pbn", '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n[Auction "N"]\n'
             '1NT Pass 2C =1= Pass\n2S AP\n[Note "1:Stayman, asks for \\H or \\S"]\n'),
    (".lin", "qx|o1|md|3{lin}|sv|o|mb|1N|mb|p|mb|2C!|an|Stayman, asks for !H or @S|mb|p|mb|2S|"
             "mb|p|mb|p|mb|p|\n"),
])
def test_suit_marks_in_an_auction_s_explanations_print_as_symbols(suffix: str, text: str,
                                                                   tmp_path: Path) -> None:
    source = tmp_path / f"stayman{suffix}"
    lin = "SAJ76HK84DQ93CT52,SKQ3HAJ95DT82CJ74,ST842HQ7DAKJ6CAQ8,"
    source.write_text(text.replace("{deal}", WORKED.to_pbn()).replace("{lin}", lin))
    for out in (tmp_path / "r.pdf", tmp_path / "r.html"):
        result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "--auction", "-q"])
        assert result.exit_code == 0, result.output
    assert "1. Stayman, asks for ♥ or ♠" in pdf_text(tmp_path / "r.pdf")  # not \H or \S, !H or @S
    assert 'asks for <span class="sH">♥</span> or <span class="sS">♠</span>' in \
        (tmp_path / "r.html").read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) is not installed")
@pytest.mark.parametrize("per_page", [1, 2])
def test_long_makeable_contracts_under_a_centred_diagram_wrap_inside_the_right_margin(per_page: int,
                                                                                      tmp_path: Path) -> None:
    from dataclasses import replace

    from PIL import Image

    from bridgetools.records.view import DDView

    options = Options(per_page=per_page)
    [view] = board_views([Board(number=1, deal=WORKED, dealer=Seat.N, vulnerability=Vul.NONE)], options)
    strains = ("NT", "♠", "♥", "♦", "♣")  # the longest a table gives: each seat apart in each strain
    every = "; ".join(f"{seat} {level}{strain}" for level in (6, 5, 4, 3) for strain in strains
                      for seat in ("N", "S"))
    tricks = {seat: (7, 7, 7, 7, 7) for seat in Seat}
    out = tmp_path / "r.pdf"
    with out.open("wb") as f:
        write_pdf([replace(view, dd=DDView(tricks, every, "NS 90 (NS 1NT)"))], f, options)
    subprocess.run(["pdftoppm", "-gray", "-r", "72", "-png", "-singlefile", str(out), str(tmp_path / "p")],
                   check=True)
    width, height = page_size(options)
    area = printable(options)
    assert _white(Image.open(tmp_path / "p.png"), Box(area.right, 0, width - area.right, height), 1.0, height)


def test_dd_does_not_say_a_deal_that_cannot_be_read_lacks_hands() -> None:
    bad = '[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n[Deal "N:AK52.K84.Q93.A52 QJ3.AJ95.T82 - -"]\n'
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        [view] = board_views(bt.read(io.StringIO(bad), "pbn"), Options(dd=True))
    assert view.unread_deal is not None and view.dd is None
    assert not [w for w in said if "all four hands" in str(w.message)]  # it gives them, wrongly written


def test_an_auction_too_long_for_its_cell_keeps_its_first_rounds_and_is_marked_cut(tmp_path: Path) -> None:
    # at 8 boards a page it vanished whole, heading and all, where a shorter one was cut at a row
    bids = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
    auction = Auction(Seat.N, " ".join(f"{bid} P" for bid in bids) + " P P")
    boards = [Board(number=n, deal=WORKED, auction=auction) for n in range(1, 9)]
    out = tmp_path / "r.pdf"
    options = Options(per_page=8, dd=True, auction=True)
    with pytest.warns(UserWarning, match=r"^text of board\(s\) 1-8 cut to fit the page"):
        write_records(boards, out, options)
    text = pdf_text(out)
    assert text.count("West North East South 1♣ Pass 1♦") == 8
    assert text.count("…") >= 8


def test_at_8_a_page_the_result_follows_the_auction_s_first_rounds_as_in_every_layout(tmp_path: Path) -> None:
    # the result was printed before the auction, next to the par, where the auction alone filled the cell
    bids = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
    auction = Auction(Seat.N, " ".join(f"{bid} P" for bid in bids) + " P P")
    boards = [Board(number=n, deal=WORKED, auction=auction, tricks=13) for n in range(1, 9)]
    out = tmp_path / "r.pdf"
    with pytest.warns(UserWarning, match=r"^text of board\(s\) 1-8 cut to fit the page"):
        write_records(boards, out, Options(per_page=8, dd=True, auction=True, result=True))
    text = pdf_text(out)
    kept = re.findall("West North East South 1♣ Pass 1♦ (?:… )?Result: 7NT by N, 13 tricks", text)
    assert len(kept) == 8, text


NOTED_LIN = ROOT / "tests" / "data" / "lin" / "pbntools__1047742261.lin"
"""One board with a ten-note auction and the whole play: more than its cell holds at 4 or 8 a page."""


@pytest.mark.parametrize(("per_page", "extras"), [(4, {"play": True}), (8, {}), (6, {"play": True})])
def test_the_result_is_kept_when_the_play_or_the_notes_are_cut(per_page: int,
                                                                extras: dict[str, bool]) -> None:
    options = Options(per_page=per_page, auction=True, result=True, **extras)
    boards = list(bt.read(NOTED_LIN)) * per_page  # a full page: each board has its cell's room alone
    out = io.BytesIO()
    with pytest.warns(UserWarning, match="cut to fit the page"):
        write_pdf(board_views(boards, options), out, options)
    from pypdf import PdfReader

    text = PdfReader(out).pages[0].extract_text()
    assert text.count("Result: 5") == per_page  # "Result: 5♥ by W, 12 tricks, EW +680" in each cell


def test_print_without_per_page_gives_a_one_board_file_a_page_to_itself(tmp_path: Path) -> None:
    out = tmp_path / "one.pdf"
    result = CliRunner().invoke(cli, ["print", str(NOTED_LIN), "-o", str(out), "--auction", "--play",
                                      "--result"])
    assert result.exit_code == 0 and "cut" not in result.output, result.output
    text = pdf_text(out)
    assert "13. " in text and "Result: 5" in text  # the last trick and the result, nothing cut
    result = CliRunner().invoke(cli, ["print", str(NOTED_LIN), "-o", str(out), "-p", "4", "--auction"])
    assert result.exit_code == 0 and "cut" not in result.output  # asked for: four a page, as before


def test_a_bidding_quiz_s_blank_prints_as_the_student_s_turn_and_converts_back_as_written(
        tmp_path: Path) -> None:
    (board,) = bt.read(io.StringIO(QUIZ_BLANK), format="pbn")
    assert [i.level for i in board.issues] == ["info"]  # once a file: "'____' read as a bidding quiz's blank"
    assert [str(c) for c in board.auction.calls] == ["2D", "Pass", "Pass"]
    assert board_view(board, Options(auction=True)).auction == [["", "", "", "2♦"], ["Pass", "Pass", "?", ""]]
    out = io.StringIO()
    with pytest.warns(UserWarning, match="'____' kept as written"):
        bt.write([board], out, "pbn")
    assert "2D Pass Pass ____" in out.getvalue()


def test_a_call_that_cannot_be_read_prints_with_the_calls_kept_after_it() -> None:
    """South's 1H of a LIN board written ``1Q``: the record prints it as written and marked, and the
    calls after it in their turns, as `show` does, with the line saying what the mark means."""
    lines = (Path(__file__).parent / "data" / "lin" / "endplay__example1.lin").read_text("utf-8").splitlines()
    (board,) = bt.loads(lines[3].replace("mb|1H|", "mb|1Q|", 1), "lin")
    view = board_view(board, Options(auction=True))
    assert view.auction == [["Pass", "Pass", "Pass", "1Q? (1)"], ["Pass", "2♥ (2)", "Pass", "4♥ (3)"],
                            ["Pass", "Pass", "Pass", ""]]
    assert view.auction_notes[-1] == KEPT_MARKED


NAMED_MATCH = """[Event "World Championship"]
[HomeTeam "Poland"]
[VisitTeam "Sweden"]
[North "Balicki"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "W:.AQJ85.986.JT973 A8643.97642.Q.Q8 KT9.K3.K75.AK652 QJ752.T.AJT432.4"]
[Declarer "E"]
[Contract "5C"]
[Result "12"]

[North "Ahlesved"]
[Declarer "N"]
[Contract "4SX"]
[Result "10"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.KQJ5 876.T98.A765.A76 543.7654.432.T98"]
"""
"""A team match written with its teams named and no Room tags (endplay's example3): each board's second
table a record of its own, the deal carried over."""


def test_a_named_team_match_without_room_tags_prints_each_board_s_rooms_open_then_closed(
        tmp_path: Path) -> None:
    boards = list(bt.read(io.StringIO(NAMED_MATCH), format="pbn"))
    assert [b.number for b in boards] == [1, 1, 2] and all(b.room is None for b in boards)
    assert [v.room for v in board_views(boards, Options())] == ["open", "closed", None]
    out = tmp_path / "match.pdf"
    write_records(boards, out, Options())
    assert "Open room" in pdf_text(out) and "Closed room" in pdf_text(out)
    alone = [b for b in bt.read(io.StringIO(NAMED_MATCH.replace('[HomeTeam "Poland"]\n[VisitTeam "Sweden"]\n',
                                                                "")), format="pbn")]
    assert [v.room for v in board_views(alone, Options())] == [None, None, None]  # no match: no rooms


@pytest.mark.parametrize(("date", "printed"), [("2012.08.??", "August 2012"), ("2012.??.??", "2012"),
                                               ("2012.08.15", "15 August 2012"), ("????.08.15", "15 August"),
                                               ("2012.08.05", "5 August 2012"), ("????.08.??", "August"),
                                               ("2012.??.15", "2012"), ("2012.13.15", "2012")])
def test_a_pbn_date_with_unknown_parts_heads_the_page_with_the_parts_known(date: str, printed: str,
                                                                          tmp_path: Path) -> None:
    (board,) = bt.read(io.StringIO(f'[Event "Club"]\n[Date "{date}"]\n[Board "1"]\n[Dealer "N"]\n'
                                   f'[Vulnerable "None"]\n[Deal "N:{WORKED.to_pbn()[2:]}"]\n'), format="pbn")
    out = tmp_path / "dated.pdf"
    write_records([board], out, Options())
    assert header_from([board], Options()).date == printed  # exactly: no stray day or month beside it
    assert printed in pdf_text(out) and "?" not in pdf_text(out)


def test_a_pbn_date_wholly_unknown_heads_no_date() -> None:
    (board,) = bt.read(io.StringIO('[Date "????.??.??"]\n[Board "1"]\n'), format="pbn")
    assert header_from([board], Options()).date is None


def test_the_same_board_of_two_matches_is_no_pair_of_rooms() -> None:
    # Board 1 of the semi-final between Nickell and Fleisher, then Board 1 of the one between Diamond and
    # Monaco: the same deal, but two matches' open rooms, neither the other's closed room.
    second = NAMED_MATCH.split("\n\n")[0].replace("Poland", "Nickell").replace("Sweden", "Fleisher")
    other = second.replace("Nickell", "Diamond").replace("Fleisher", "Monaco")
    boards = list(bt.read(io.StringIO(f"{second}\n\n{other}\n"), format="pbn"))
    assert [v.room for v in board_views(boards, Options())] == [None, None]
    rounds = [second.replace('[North "Balicki"]', f'[Round "{r}"]') for r in ("1", "2")]
    boards = list(bt.read(io.StringIO("\n\n".join(rounds) + "\n"), format="pbn"))
    assert [v.room for v in board_views(boards, Options())] == [None, None]


@pytest.mark.parametrize(("records", "per_page"), [("intro,1", 1), ("intro,empty,1", 1), ("1,2", 2),
                                                   ("intro,1,2,3", 4)])
def test_an_input_fits_its_page_by_its_boards_not_its_introduction_or_empty_records(
        monkeypatch: pytest.MonkeyPatch, records: str, per_page: int) -> None:
    # A one-board lesson with an introduction prints as one board does, alone on its page (it printed 2 a
    # page: the introduction was counted as a board).
    import bridgetools.records.html as html

    made = {"intro": Board(commentary=["Tonight: responder's rebids."]), "empty": Board()}
    boards = [made[r] if r in made else Board(number=int(r), deal=WORKED) for r in records.split(",")]
    seen: list[int] = []
    monkeypatch.setattr(html, "write_html", lambda views, out, options: seen.append(options.per_page))
    write_records(boards, io.BytesIO(), Options(per_page=4, per_page_to_fit=True), kind="html")
    assert seen == [per_page]


@pytest.mark.parametrize(("score_tag", "said"), [
    ('[Score "NS 620"]\n', "4♠ by N, 10 tricks, the file's score NS 620"),
    ("", "4♠ by N, 10 tricks, not scored: vulnerability unknown"),
])
def test_a_result_at_an_unknown_vulnerability_gives_its_tricks_and_the_file_s_score_as_show_does(
        score_tag: str, said: str) -> None:
    # Vulnerable "?" printed "Result: 4♠ by N" alone, where show says the tricks and the file's score.
    from bridgetools.formats.text import result_line

    text = ('[Dealer "N"]\n[Vulnerable "?"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 '
            '6543.876.876.876 2.5432.5432.5432"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n'
            + score_tag)
    board = next(iter(bt.read(io.StringIO(text), format="pbn")))
    assert board_view(board, Options(result=True)).result == said
    assert result_line(board, unicode=True) == "Contract " + said.replace("10 tricks", "10 tricks (=)")


def test_printing_a_tournament_set_s_pbn_prints_its_key_commitment(tmp_path: Path) -> None:
    # `print tue.pbn` gave no commitment line, where the set's own hand record has one on every page
    dealt = CliRunner().invoke(cli, ["deal", "--tournament", "-n", "2", "-o", str(tmp_path / "tue")])
    assert dealt.exit_code == 0
    (sealed,) = [line[2:] for line in (tmp_path / "tue.pbn").read_text().splitlines()
                 if line.startswith("% key commitment SHA-256 ")]
    result = CliRunner().invoke(cli, ["print", str(tmp_path / "tue.pbn"), "-o", str(tmp_path / "tue.html")])
    assert result.exit_code == 0, result.output
    assert sealed in (tmp_path / "tue.html").read_text(encoding="utf-8")


def test_a_commitment_given_as_cover_stands_over_the_file_s() -> None:
    board = bt.loads('% key commitment SHA-256 ' + "ab" * 32 + '\n[Board "1"]\n', "pbn")[0]
    assert header_from([board], Options(cover="Tuesday")).cover == "Tuesday"
    assert header_from([board], Options()).cover == "key commitment SHA-256 " + "ab" * 32


@pytest.mark.parametrize("title", [None, "Club pairs"])
def test_html_and_pdf_records_are_headed_by_the_title_given_else_the_same_default(tmp_path: Path,
                                                                                 title: str | None) -> None:
    from pypdf import PdfReader

    options = Options(title=title)
    heading = title or "Hand records"
    write_html([], buffer := io.StringIO(), options)
    assert f"<title>{heading}</title>" in buffer.getvalue() and f"<h1>{heading}</h1>" in buffer.getvalue()
    write_records([Board(number=1, deal=WORKED)], tmp_path / "r.pdf", options)
    assert PdfReader(str(tmp_path / "r.pdf")).metadata.title == heading
    assert pdf_text(tmp_path / "r.pdf").startswith(heading)


def test_html_keeps_a_ten_card_suit_on_one_line_in_smaller_type_as_the_pdf_does() -> None:
    deal = Deal.from_pbn("W:3.AQT9876432.A.K K95..KQT42.AJ942 8742.KJ.653.QT83 AQJT6.5.J987.765")
    out = io.StringIO()
    write_html(board_views([Board(number=2, deal=deal)], Options(per_page=4)), out, Options(per_page=4))
    page = out.getvalue()
    assert ".hand{white-space:nowrap}" in page  # no suit wraps, whatever the browser's font measures
    hearts = re.search(r'<span class="sH">♥</span> <span style="font-size:([\d.]+)em">A Q 10 9 8 7 6 4 3 2<',
                       page)
    assert hearts is not None, "West's hearts are set smaller"
    from bridgetools.records.html import _SIZE
    from bridgetools.records.layout import estimated_width

    size = _SIZE[4]
    column = min(cells(Options(per_page=4))[0].w / 3, size * 9)
    smaller = float(hearts.group(1)) * size
    assert smaller < size
    assert estimated_width("A Q 10 9 8 7 6 4 3 2", False, smaller) + 1.3 * smaller <= column
    assert '<span class="sS">♠</span> A Q J 10 6<' in page  # an ordinary suit keeps the board's type


def test_a_calls_and_a_cards_suffix_and_a_cards_note_print_as_show_shows_them() -> None:
    # A handout dropped a teacher's (??) on a call, (?) on a card and the card's note without a word
    from test_text import SUFFIXED

    (board,) = bt.loads(SUFFIXED, "pbn")
    view = board_view(board, Options(auction=True, play=True))
    assert view.auction[0][2:] == ["1NT(??)", "Pass"] and view.auction[1][0] == "3NT(!)"
    assert view.play[0] == "1. S: ♠6 ♠3 ♠A[1] ♠9(?)  won by N" and view.play[-1] == "[1] Ace from AK"


def test_a_cards_note_prints_in_its_seat_on_a_handout_turned_for_the_student() -> None:
    from test_text import SUFFIXED

    (board,) = bt.loads(SUFFIXED, "pbn")
    view = board_view(rotate_board(board, 1), Options(play=True))
    assert view.play[0] == "1. W: ♠6 ♠3 ♠A[1] ♠9(?)  won by E"


def test_calls_and_cards_past_an_irregularity_print_as_written_with_the_mark_as_show_shows_them() -> None:
    from test_text import INSUFFICIENT, REVOKE

    (board,) = bt.loads(INSUFFICIENT, "pbn")
    view = board_view(board, Options(auction=True))
    assert ["1♣^I", "X", "XX", "Pass"] in view.auction
    assert view.auction_notes[-1].startswith("^I an insufficient bid, accepted (Law 27A)")
    (board,) = bt.loads(REVOKE, "pbn")
    play = board_view(board, Options(play=True)).play
    at = play.index("As written from trick 3 (not replayed from there on):")
    assert play[at + 1].split() == ["3.", "S", "♣7", "W", "♣5", "N", "♦2^R", "E", "♣A"]
    assert play[at + 2].startswith("^R a revoke (Law 61)")


def test_tricks_past_an_irregularity_turn_with_the_handout_as_the_tricks_replayed_do() -> None:
    # the revoke of North's hand (its D2) is seated where North's hand is printed: turned to West, South
    # to North (review43a: the written rows kept the file's seats under a turned diagram)
    from test_text import REVOKE

    (board,) = bt.loads(REVOKE, "pbn")
    play = board_view(board, Options(play=True, rotate=Seat.W)).play
    at = play.index("As written from trick 3 (not replayed from there on):")
    turned = (Seat.W - student_seat(board)) % 4
    seats = [Seat.parse(s).offset(turned).name for s in "SWNE"]
    assert play[at + 1].split() == ["3.", seats[0], "♣7", seats[1], "♣5", seats[2], "♦2^R", seats[3], "♣A"]
    assert play[at + 1].split()[1] != "S"


@pytest.mark.parametrize(("named", "said"), [
    ("out.dup", "out.dup: hand records are written as .pdf or .html (.dup files come from `bridgetools "
                "convert`)"),
    ("out.docx", "out.docx: hand records are written as .pdf or .html; see"),
])
def test_print_to_a_hand_record_formats_suffix_says_which_command_writes_it(named: str, said: str,
                                                                           tmp_path: Path) -> None:
    # a teacher asked print for a dealing machine's file and was told only "written as .pdf or .html"
    source = tmp_path / "s.pbn"
    bt.write([Board(number=1, deal=WORKED)], source, "pbn")
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / named)])
    assert result.exit_code == 2
    assert said in result.stderr.replace(str(tmp_path) + "/", "")
