"""Printed travellers (`print --traveller`: the other tables' results a PBN ScoreTable gives) and text the
PDF sets in a font it does not embed (Chinese, Japanese, Korean in reportlab's CID fonts)."""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.model import Card, Contract, Deal, Seat
from bridgetools.model.results import TableResult
from bridgetools.records import Options, fonts, write_records
from bridgetools.records.html import write_html
from bridgetools.records.layout import cells
from bridgetools.records.view import board_view, board_views, traveller_rows, travellers

pytest.importorskip("reportlab")
pytest.importorskip("pypdf")
from bridgetools.records import pdf
from bridgetools.records.pdf import write_pdf

TRAVELLERS = Path(__file__).parent / "data" / "pbn" / "travellers"
NAMED = TRAVELLERS / "pair_names_percentages_traveller.pbn"
WORKED = Deal.from_pbn("N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963")


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())


def test_a_traveller_gives_each_table_its_pairs_names_contract_tricks_and_the_scoring_side_s_score() -> None:
    rows = traveller_rows([TableResult(contract=Contract.from_str("4S"), declarer=Seat.N, tricks=11,
                                       score_ns=450, ns_pair="3", ew_pair="7", ns_names=("Smith", "Jones"),
                                       matchpoints_ns=4, matchpoints_ew=0),
                           TableResult(contract=Contract.from_str("3NTX"), declarer=Seat.S, tricks=7,
                                       score_ns=-500, ns_pair="1", ew_pair="5", matchpoints_ns=0.5,
                                       matchpoints_ew=3.5)])
    assert rows == [("NS", "EW", "Contract", "By", "Result", "NS +", "EW +", "MP NS", "MP EW"),
                    ("3 Smith & Jones", "7", "4♠", "N", "+1", "450", "", "4", "0"),
                    ("1", "5", "3NTX", "S", "-2", "", "500", "0.5", "3.5")]


def test_a_traveller_turned_with_its_board_for_a_handout_agrees_with_the_board_s_result() -> None:
    # print --rotate turned the board's result (3NT by S, NS +400) but printed its traveller as the file
    # gave it: 3NT by E, EW + 400, the matchpoints to the pair now sitting North-South
    from bridgetools.records.rotate import rotate_board

    result = TableResult(contract=Contract.from_str("3NT"), declarer=Seat.E, tricks=9, score_ns=-400,
                         ns_pair="1", ew_pair="2", ns_names=("Dahl", "Moe"), matchpoints_ns=1,
                         matchpoints_ew=0, percentage_ns=100, percentage_ew=0)
    board = Board(number=1, deal=WORKED, results=(result,))
    turned = rotate_board(board, 1)
    assert traveller_rows(turned.results or ()) == [
        ("NS", "EW", "Contract", "By", "Result", "NS +", "MP NS", "MP EW", "% NS", "% EW"),
        ("2", "1 Dahl & Moe", "3NT", "S", "=", "400", "0", "1", "0", "100")]
    assert rotate_board(board, 2).results == (replace(result, declarer=Seat.W),)


def test_a_rescored_traveller_line_turned_with_its_board_says_the_file_s_score_from_the_turned_side() -> None:
    from bridgetools.records.rotate import rotate_board
    from bridgetools.records.view import Rescored, rescored_notes

    result = Rescored(contract=Contract.from_str("4S"), declarer=Seat.N, tricks=9, score_ns=-50,
                      file_score_ns=50)
    turned = rotate_board(Board(number=1, deal=WORKED, results=(result,)), 1)
    assert rescored_notes(turned.results or ()) == [
        "* Scored from the contract (Law 77), as the matchpoints rank it; the file says NS -50 for 4♠ by E "
        "making 9."]


def test_a_traveller_row_for_several_tables_says_how_many_and_an_artificial_score_prints_its_percentages(
        ) -> None:
    (board,) = bt.read(TRAVELLERS / "multiplicity_traveller.pbn")
    assert [row[0] for row in traveller_rows(board.results or ())] == ["Tables", "1", "3", "2"]
    (board,) = bt.read(TRAVELLERS / "artificial_adjusted_traveller.pbn")
    rows = traveller_rows(board.results or ())
    assert rows[3][rows[0].index("Contract")] == "A+"
    assert (rows[3][rows[0].index("NS +")], rows[3][rows[0].index("EW +")]) == ("60%", "40%")


def test_a_traveller_short_of_room_spells_its_pairs_by_surnames_then_by_numbers_alone() -> None:
    spelt = travellers([TableResult(contract=Contract.from_str("4S"), declarer=Seat.N, tricks=10,
                                    score_ns=420, ns_pair="3", ns_names=("Berg, Ola", "Ann Smith"),
                                    ew_names=("Lie - Moe",))])
    assert [rows[1][:2] for rows in spelt] == [("3 Berg, Ola & Ann Smith", "Lie - Moe"),
                                               ("3 Berg & Smith", "Lie & Moe"), ("3", "Lie & Moe")]


def test_the_traveller_is_printed_only_when_asked() -> None:
    (board,) = bt.read(NAMED)
    assert board_view(board, Options()).traveller == []
    assert board_view(board, Options(traveller=True)).traveller[0][1][0] == "1 Smith - Jones"
    assert board_view(Board(number=1, deal=WORKED), Options(traveller=True)).traveller == []  # no results


def test_the_pdf_and_html_print_the_traveller_with_the_pairs_names(tmp_path: Path) -> None:
    boards = list(bt.read(NAMED))
    out = io.BytesIO()
    write_pdf(board_views(boards, Options(traveller=True)), out, Options(traveller=True))
    text = pdf_text(out.getvalue())
    assert "Contract By Result NS + % NS % EW" in text and "2 A & B 2 C & D" in text
    assert "1 Brown & Green" in text
    page = io.StringIO()
    write_html(board_views(boards, Options(traveller=True)), page, Options(traveller=True))
    assert '<table class="traveller"' in page.getvalue() and "<td>1 Brown &amp; Green</td>" in \
        page.getvalue()


def test_cli_print_traveller_prints_it_and_leaves_it_out_without_the_option(tmp_path: Path) -> None:
    for flags, present in ((["--traveller"], True), ([], False)):
        out = tmp_path / "r.pdf"
        result = CliRunner().invoke(cli, ["print", str(NAMED), "-o", str(out), *flags])
        assert result.exit_code == 0, result.output
        assert ("Smith - Jones" in pdf_text(out.read_bytes())) is present


@pytest.mark.parametrize("per_page", [4, 6, 8])
def test_a_thirteen_table_traveller_stays_inside_its_board_s_cell(
        per_page: int, monkeypatch: pytest.MonkeyPatch) -> None:
    result = TableResult(contract=Contract.from_str("4S"), declarer=Seat.N, tricks=10, score_ns=420,
                         ns_pair="12", ew_pair="13",
                         ns_names=("Annabel Fotheringham", "Bartholomew Kowalski"),
                         ew_names=("Chen Wei", "Dagny Halvorsen"), matchpoints_ns=12.5, matchpoints_ew=11.5)
    board = Board(number=1, deal=WORKED)
    board.results = (result,) * 13
    options = Options(per_page=per_page, traveller=True)
    made: list[tuple[float, float]] = []  # each traveller's width and the room it was given
    original = pdf._Writer.traveller

    def measured(writer: pdf._Writer, spelt: list[list[tuple[str, ...]]], room: float) -> object:
        table = original(writer, spelt, room)
        made.append((sum(table._colWidths), room))
        return table

    monkeypatch.setattr(pdf._Writer, "traveller", measured)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a cut is said in a warning; the table must not cross the cell
        # a full page: a board alone would be given the blank rows' room (`layout.fitted_rows`)
        placed = write_pdf(board_views([board] * per_page, options), io.BytesIO(), options)
    assert placed[0].box.inside(cells(options)[0])
    # the box above is the cell's own, so the table's width is what tells
    assert made and all(width <= room + 0.01 for width, room in made)


def test_chinese_text_set_in_a_font_the_pdf_does_not_embed_is_said_in_a_warning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "FONT_FOLDERS", [])  # no TrueType family: reportlab's CID fonts draw it
    with pytest.warns(UserWarning, match="STSong-Light, a font the PDF names but does not embed"):
        write_records([Board(number=1, deal=WORKED)], io.BytesIO(), Options(title="北京桥牌俱乐部"),
                      kind="pdf")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Western European text needs no font: nothing to say
        write_records([Board(number=1, deal=WORKED)], io.BytesIO(), Options(title="Café club"), kind="pdf")


EVERY_COLUMN = TRAVELLERS / "every_column_traveller.pbn"


def test_a_score_table_s_percentages_are_kept_in_each_result_and_printed_for_each_side() -> None:
    (board,) = bt.read(NAMED)
    results = board.results or ()
    assert [(r.percentage_ns, r.percentage_ew) for r in results] == [(50, 50), (100, 0), (0, 100)]
    rows = traveller_rows(results)
    assert [(row[rows[0].index("% NS")], row[rows[0].index("% EW")]) for row in rows[1:]] == [
        ("50", "50"), ("100", "0"), ("0", "100")]


def test_print_traveller_names_the_file_and_the_score_table_columns_it_does_not_print_in_one_warning(
        tmp_path: Path) -> None:
    out = str(tmp_path / "r.pdf")
    result = CliRunner().invoke(cli, ["print", str(EVERY_COLUMN), "-o", out, "--traveller"])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert said == [f"warning: {EVERY_COLUMN}: ScoreTable columns Section, Table, Round, Rank, Remark not "
                    "printed in the traveller (convert keeps them)"]
    result = CliRunner().invoke(cli, ["print", str(NAMED), "-o", out, "--traveller"])
    assert "warning:" not in result.stderr  # every column printed: nothing to say


@pytest.mark.parametrize("suffix", ["pbn", "json"])
def test_converting_a_score_table_keeps_every_column_and_each_result_s_percentages_and_adjustment(
        tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"out.{suffix}"
    result = CliRunner().invoke(cli, ["convert", str(EVERY_COLUMN), "-o", str(out)])
    assert result.exit_code == 0, result.output
    (read,), (converted,) = bt.read(EVERY_COLUMN), bt.read(out)
    assert converted.tables["ScoreTable"].names == read.tables["ScoreTable"].names
    assert converted.tables["ScoreTable"].rows == read.tables["ScoreTable"].rows
    assert converted.results == read.results
    assert [r.adjusted for r in converted.results or ()] == [False, False, True]


def test_a_score_table_rebuilt_from_changed_results_writes_their_percentages_and_adjustments() -> None:
    from bridgetools.formats._results_tables import results_of, score_table

    (board,) = bt.read(EVERY_COLUMN)
    results = board.results or ()
    rebuilt = score_table(results)
    assert "Percentage_NS" in rebuilt.names and "Percentage_EW" in rebuilt.names
    assert rebuilt.records()[2]["Score_EW"] == "^300"
    assert results_of({"ScoreTable": rebuilt}) == results


def test_a_caret_in_a_score_or_result_cell_marks_the_result_adjusted_and_the_traveller_says_so() -> None:
    from bridgetools.formats._results_tables import table_result

    def adjusted(**cells: str) -> bool:
        result = table_result({"Contract": "2H", "Declarer": "W", **cells})
        return result is not None and result.adjusted

    assert adjusted(Result="8", Score_NS="^100") and adjusted(Result="^8", Score_EW="110")
    assert adjusted(Result="8", Score_EW="EW ^110") and not adjusted(Result="8", Score_EW="110")
    rows = traveller_rows([TableResult(contract=Contract.from_str("3NT"), declarer=Seat.S, tricks=9,
                                       score_ns=-300, adjusted=True),
                           TableResult(contract=Contract.from_str("3NT"), declarer=Seat.S, tricks=9,
                                       score_ns=400)])
    assert [(row[rows[0].index("NS +")], row[rows[0].index("EW +")]) for row in rows[1:]] == [
        ("", "300 adj."), ("400", "")]


def test_an_adjusted_score_in_json_results_is_not_checked_against_its_contract(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    CliRunner().invoke(cli, ["convert", str(EVERY_COLUMN), "-o", str(out)])
    back = CliRunner().invoke(cli, ["convert", str(out), "-o", str(tmp_path / "back.pbn")])
    assert back.exit_code == 0 and "Law 77" not in back.stderr, back.stderr


def test_a_traveller_prints_each_table_s_opening_lead_with_its_suit_symbol() -> None:
    (board,) = bt.read(EVERY_COLUMN)
    rows = traveller_rows(board.results or ())
    assert [row[rows[0].index("Lead")] for row in rows[1:]] == ["♦2", "♦A", "♠K"]
    assert "Lead" not in traveller_rows([TableResult(contract=Contract.from_str("1NT"), score_ns=90)])[0]


def test_a_traveller_s_result_column_gives_the_over_or_undertricks_under_the_head_result() -> None:
    rows = traveller_rows([TableResult(contract=Contract.from_str("4S"), declarer=Seat.N, tricks=8,
                                       score_ns=-100)])
    assert rows[0][rows[0].index("By") + 1] == "Result" and rows[1][rows[0].index("Result")] == "-2"


@pytest.mark.parametrize(("name", "surname"), [
    ("Bartholomew Fitzgerald-Montgomery III", "Fitzgerald-Montgomery"), ("Carl Lee Jr.", "Lee"),
    ("Carl Lee Sr", "Lee"), ("John Smith, Jr.", "Smith"), ("Henry Ford II", "Ford"), ("Louis Roy IV", "Roy"),
    ("Berg, Ola", "Berg"), ("Ann Smith", "Smith")])
def test_a_surname_skips_a_generational_suffix(name: str, surname: str) -> None:
    spelt = travellers([TableResult(contract=Contract.from_str("4S"), score_ns=420,
                                    ns_names=(name, "Bo Jones"))])
    assert spelt[1][1][0] == f"{surname} & Jones"


def test_a_pdf_traveller_keeps_the_pairs_names_wrapped_on_two_lines_rather_than_print_numbers_alone() -> None:
    (board,) = bt.read(NAMED)  # at four boards a page the names miss one line by a little
    out = io.BytesIO()
    write_pdf(board_views([board], Options(traveller=True)), out, Options(traveller=True))
    text = pdf_text(out.getvalue())
    assert "% NS % EW" in text and "1 Smith - Jones" in text and "1 Brown & Green" in text


def _seven_tables() -> tuple[TableResult, ...]:
    names = ((("Smith, Ann", "Jones, Bob"), ("Berg, Ola", "Dahl, Kari")),
             (("Carl Lee Jr.", "Maria Gonzalez-Fernandez"),
              ("Wolfgang Amadeus Mozart-Schmidt", "Ludwig van Beethoven")),
             (("Lie, Per", "Moe, Anne"), ("O'Brien, Sean", "Ng, Wei")), (("A", "B"), ("C", "D")),
             (("E", "F"), ("G", "H")), (("I", "J"), ("K", "L")), (("M", "N"), ("O", "P")))
    played = (("3NT", 9, "S3", 400), ("3NT", 10, "H5", 430), ("2S", 9, "D2", 140), ("4S", 8, "CA", -100),
              ("3NT", 7, "S3", -100), ("1NT", 7, "S3", 300), ("2C", 9, "H5", None))
    return tuple(TableResult(contract=Contract.from_str(contract), declarer=Seat.N, tricks=tricks,
                             lead=Card.parse(lead), score_ns=score, adjusted=k == 6,
                             adjusted_pct_ns=60.0 if score is None else None,
                             adjusted_pct_ew=40.0 if score is None else None,
                             ns_pair=str(k), ew_pair=str(10 + k), ns_names=ns, ew_names=ew,
                             matchpoints_ns=7 - k, matchpoints_ew=k - 1, percentage_ns=100 - 14 * k,
                             percentage_ew=14 * k)
                 for k, ((ns, ew), (contract, tricks, lead, score)) in enumerate(zip(names, played,
                                                                                     strict=True), 1))


SEVEN_TABLES = _seven_tables()
"""A club's seven-table traveller: North-South pairs 1-7, East-West 11-17, some names long, a lead, an
adjusted and an artificial score in each (a teacher's trial)."""


def seven_table_pdf(per_page: int, monkeypatch: pytest.MonkeyPatch) -> list[tuple[pdf._Writer, object]]:
    """Print a board with `SEVEN_TABLES` at ``per_page``, no text cut (that is a warning): its travellers
    with the writer that made each."""
    board = Board(number=1, deal=WORKED)
    board.results = SEVEN_TABLES
    options = Options(per_page=per_page, traveller=True)
    made: list[tuple[pdf._Writer, object]] = []
    original = pdf._Writer.traveller

    def kept(writer: pdf._Writer, spelt: list[list[tuple[str, ...]]], room: float) -> object:
        made.append((writer, original(writer, spelt, room)))
        return made[-1][1]

    monkeypatch.setattr(pdf._Writer, "traveller", kept)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "text of board(s) 1 cut to fit the page"
        write_pdf(board_views([board], options), io.BytesIO(), options)
    return made


@pytest.mark.parametrize("per_page", [4, 6])  # at 8 a page the cell has no room for seven rows
def test_a_two_digit_pair_number_is_never_broken_and_seven_tables_fit_the_cell(
        per_page: int, monkeypatch: pytest.MonkeyPatch) -> None:
    ((writer, table),) = seven_table_pdf(per_page, monkeypatch)
    widths = table._colWidths  # type: ignore[attr-defined]
    cells = [[cell[0] for cell in row] for row in table._cellvalues]  # type: ignore[attr-defined]
    for k, head in enumerate(cells[0]):
        size = head.style.fontSize
        for cell in (row[k] for row in cells):
            words = cell.getPlainText().split()
            assert all(writer.drawn_width(word, "Helvetica-Bold", size) <= widths[k] - size * 0.5
                       for word in words), (head.getPlainText(), words, widths[k])


def test_a_traveller_at_one_board_a_page_names_its_pairs_no_more_shortly_than_at_two(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spelt = travellers(SEVEN_TABLES)  # names, surnames, numbers

    def spelling(per_page: int) -> int:
        ((_, table),) = seven_table_pdf(per_page, monkeypatch)
        printed = [" ".join(cell[0].getPlainText().split()) for cell in table._cellvalues[2]]  # type: ignore[attr-defined]
        return next(k for k, rows in enumerate(spelt) if list(rows[2]) == printed)

    assert spelling(1) <= spelling(2) < len(spelt) - 1  # the cell as wide, the type larger: still surnames


OUTSIDE = """() => {
  // the boards' parts (the traveller's cells among them) that end right of their board or of their page
  const outside = [];
  for (const page of document.querySelectorAll(".page")) {
    const right = page.getBoundingClientRect().right;
    for (const board of page.querySelectorAll(".board")) {
      const own = board.getBoundingClientRect().right;
      for (const part of board.querySelectorAll("*")) {
        const box = part.getBoundingClientRect();
        const edge = Math.min(own, right) + 0.5;
        if (box.right > edge) outside.push(`${board.id} ${part.textContent.slice(0, 20)}`);
      }
    }
  }
  return outside;
}"""
"""A script for the page: what of a board reaches past its board's right edge or its page's."""


@pytest.mark.parametrize("per_page", [1, 2, 4, 6, 8])
@pytest.mark.parametrize("media", ["screen", "print"])
def test_an_html_traveller_with_long_names_stays_inside_its_board_and_the_page(per_page: int,
                                                                               media: str) -> None:
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    import shutil

    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("no chromium to render the HTML")
    boards = [Board(number=n, deal=WORKED) for n in (1, 2)]
    for board in boards:
        board.results = SEVEN_TABLES
    options = Options(per_page=per_page, traveller=True)
    out = io.StringIO()
    write_html(board_views(boards, options), out, options)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox"])
        page = browser.new_page(viewport={"width": 1000, "height": 1200})
        page.emulate_media(media=media)
        page.set_content(out.getvalue())
        outside = page.evaluate(OUTSIDE)
        browser.close()
    assert outside == []


def html_traveller(per_page: int) -> tuple[list[str], float]:
    """The pairs' cells of the first table's row of `SEVEN_TABLES` as the HTML prints it, and its type."""
    import html
    import re

    board = Board(number=1, deal=WORKED)
    board.results = SEVEN_TABLES
    options = Options(per_page=per_page, traveller=True)
    out = io.StringIO()
    write_html(board_views([board], options), out, options)
    table = re.search(r'<table class="traveller" style="[^"]*font-size:([\d.]+)pt">(.*?)</table>',
                      out.getvalue())
    assert table is not None
    rows = [[html.unescape(re.sub(r"<[^>]+>", "", cell)) for cell in re.findall(r"<t[hd]>(.*?)</t[hd]>", row)]
            for row in table.group(2).split("<tr>")[1:]]
    pairs = [k for k, head in enumerate(rows[0]) if head in ("NS", "EW")]
    return [rows[1][k] for k in pairs], float(table.group(1))


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])  # at 8 a page the cell has no room for seven rows
def test_the_html_traveller_names_pairs_as_the_pdf_does_in_the_same_type(
        per_page: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The HTML set its traveller in 0.7 of its page's type and named the pairs in full ("Smith, Ann -
    # Jones, Bob") where the PDF, a point under its text, printed surnames ("Smith & Jones").
    ((_, table),) = seven_table_pdf(per_page, monkeypatch)
    cells = [[" ".join(cell[0].getPlainText().split()) for cell in row]
             for row in table._cellvalues]  # type: ignore[attr-defined]
    pairs = [k for k, head in enumerate(cells[0]) if head in ("NS", "EW")]
    size = table._cellvalues[0][0][0].style.fontSize  # type: ignore[attr-defined]
    assert html_traveller(per_page) == ([cells[1][k] for k in pairs], size)


def unranked_traveller(tmp_path: Path, rows: str) -> Path:
    """A PBN file of board 4 (all vulnerable) whose ScoreTable gives these ``rows`` and no matchpoints."""
    traveller = tmp_path / "trav.pbn"
    traveller.write_text(
        '[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;'
        'Score_EW\\5R"]\n' + rows, encoding="utf-8")
    return traveller


def test_print_traveller_gives_a_score_table_without_matchpoints_those_the_export_counts(
        tmp_path: Path) -> None:
    # No MP_NS column: the traveller printed none, though export and analyze count them (a top of 12).
    traveller = unranked_traveller(tmp_path, "1 11 4S N 10 620 -\n2 12 4S N 11 650 -\n3 13 3NT S 9 600 -\n"
                                             "4 14 2H W 8 - 110\n")
    (board,) = bt.read(traveller)
    counted = bt.to_dataframe([board])["mp_ns"].tolist()[1:]
    assert counted == [4.0, 6.0, 2.0, 0.0]
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(traveller), "-o", str(page), "--traveller"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert "<th>MP NS</th>" in html and "<th>MP EW</th>" in html
    assert "<td>650</td><td></td><td>6</td><td>0</td>" in html
    assert "<td></td><td>110</td><td>0</td><td>6</td>" in html


def test_print_traveller_prints_a_wrong_sign_score_as_its_contract_scores_it_marked_as_matchpoints_rank_it(
        tmp_path: Path) -> None:
    # `4S N 9 100` printed NS + 100 while its matchpoints ranked the -100 that 4S one down scores (Law 77).
    traveller = unranked_traveller(tmp_path, "1 11 4S N 10 620 -\n2 12 4S N 9 100 -\n3 13 3NT S 9 600 -\n")
    for suffix in ("html", "pdf"):
        page = tmp_path / f"r.{suffix}"
        result = CliRunner().invoke(cli, ["print", str(traveller), "-o", str(page), "--traveller"])
        assert result.exit_code == 0, result.output
        text = pdf_text(page.read_bytes()) if suffix == "pdf" else page.read_text(encoding="utf-8")
        if suffix == "html":
            assert "<td>-1</td><td></td><td>100*</td><td>0</td><td>4</td>" in text  # EW + 100: the bottom
        assert "Scored from the contract (Law 77), as the matchpoints rank it; the file says NS 100" in text


def test_print_traveller_counts_each_section_s_board_its_own_field(tmp_path: Path) -> None:
    # Two sections' board 4 of one deal stay two travellers, each its own top, as export counts them.
    table = ('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;'
             'Score_EW\\5R"]\n')
    board = ('[Board "{n}"]\n[Section "{section}"]\n[Dealer "W"]\n[Vulnerable "All"]\n'
             '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.QJT9 8765.T987.A76.AK 43.654.5432.8765"]\n')
    rows = ["1 11 4S N 10 620 -\n", "2 12 4S N 11 650 -\n", "3 13 3NT S 9 600 -\n"]
    traveller = tmp_path / "two.pbn"
    sections = ((4, "A", 3), (5, "A", 1), (4, "B", 2))  # board 4 of three tables, then of two
    traveller.write_text("\n".join(board.format(n=n, section=section) + table + "".join(rows[:k])
                                   for n, section, k in sections), encoding="utf-8")
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(traveller), "-o", str(page), "--traveller"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert html.count("<td>650</td><td>4</td><td>0</td>") == 1  # three tables: a top of 4
    assert html.count("<td>650</td><td>2</td><td>0</td>") == 1  # two tables: a top of 2


def test_print_traveller_counts_a_board_s_records_in_one_file_as_one_field_as_export_does(
        tmp_path: Path) -> None:
    # convert early.pbn late.pbn -o merged.pbn (trial47a): board 7's late traveller a record of its own.
    # export matchpointed the six tables as one field; the printed travellers gave the first record's five
    # a top of 8 and the late table none.
    merged = TRAVELLERS / "split" / "merged_board7.pbn"
    exported = bt.to_dataframe(bt.read(merged))
    seven = exported[(exported["board"] == 7) & exported["mp_ns"].notna()]
    assert seven["field_size"].tolist() == [6] * 6
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(merged), "-o", str(page), "--traveller"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    for score, mp_ns in zip(seven["score_ns"], seven["mp_ns"], strict=True):  # NS + or EW +, then MPs
        assert re.search(rf"<td>{abs(score)}</td>(<td></td>)?<td>{mp_ns:g}</td><td>{10 - mp_ns:g}</td>", html)


def test_a_late_traveller_in_a_file_of_its_own_is_printed_with_its_board_s_field(tmp_path: Path) -> None:
    # early_board7.pbn's five tables and late_board7.pbn's one (pairs 4 and 5, -110) printed together, the
    # early file named twice: one field of six, top 10, as export of the two files counts it.
    split = TRAVELLERS / "split"
    copy = tmp_path / "copy.pbn"
    copy.write_bytes((split / "early_board7.pbn").read_bytes())
    page = tmp_path / "r.html"
    inputs = [str(split / "early_board7.pbn"), str(copy), str(split / "late_board7.pbn")]
    result = CliRunner().invoke(cli, ["print", *inputs, "-o", str(page), "--traveller"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    for score, mp_ns in ((620, 9), (100, 6), (100, 4)):  # NS + or EW +, then MPs
        assert re.search(rf"<td>{score}</td>(<td></td>)?<td>{mp_ns:g}</td><td>{10 - mp_ns:g}</td>", html)
    assert len(re.findall(r"<td>110</td><td>1</td><td>9</td>", html)) == 3  # pairs 6-2 twice, 4-5: tied


def test_the_matchpoints_of_travellers_counted_together_are_each_board_s_own() -> None:
    from bridgetools.analysis.export import traveller_matchpoints, travellers_matchpoints

    boards = [Board(number=n, deal=WORKED) for n in (1, 2)]
    boards[0].results, boards[1].results = SEVEN_TABLES, SEVEN_TABLES[:3]
    assert travellers_matchpoints(boards) == [traveller_matchpoints(board) for board in boards]


@pytest.mark.parametrize(("scoring", "counted"), [
    ("", True), ("MP", True), ("MatchPoints;Mitchell2", True), ("##Matchpoints", True), ("IMP", False),
    ("IMP;Butler-2", False), ("BAM", False), ("Patton", False), ("TotalPoints", False)])
def test_print_traveller_counts_matchpoints_only_for_matchpoint_scoring(
        tmp_path: Path, scoring: str, counted: bool) -> None:
    # BAM, Patton and total points travellers were given matchpoint columns; IMP and Butler alone were not.
    traveller = tmp_path / "trav.pbn"
    traveller.write_text(
        f'[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n[Scoring "{scoring}"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;'
        'Score_EW\\5R"]\n1 11 4S N 10 620 -\n2 12 4S N 11 650 -\n', encoding="utf-8")
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(traveller), "-o", str(page), "--traveller"])
    assert result.exit_code == 0, result.output
    assert ("<th>MP NS</th>" in page.read_text(encoding="utf-8")) == counted


IMP_PAIRS = ("1 11 4S N 11 650 -\n2 12 4S N 10 620 -\n3 13 4S N 10 620 -\n4 14 2H N 10 170 -\n"
             "5 15 3H N 9 140 -\n6 16 4S N 9 - 100\n7 17 4S N 8 - 200\n")
"""The scoring spec's worked field (§1.8): Butler datum 290, +650 8 IMPs; cross-IMPs 49 over 6."""


def printed_traveller(tmp_path: Path, scoring: str, rows: str = IMP_PAIRS) -> str:
    """The HTML of ``rows`` (`IMP_PAIRS`) printed with ``--traveller`` under this Scoring tag."""
    traveller = unranked_traveller(tmp_path, rows)
    traveller.write_text(traveller.read_text(encoding="utf-8").replace(
        '[Vulnerable "All"]\n', f'[Vulnerable "All"]\n[Scoring "{scoring}"]\n'), encoding="utf-8")
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(traveller), "-o", str(page), "--traveller"])
    assert result.exit_code == 0, result.output
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize("scoring", [
    "IMP;Butler-2", "IMP;Butler-2;Mean", "Butler 2", "IMP;Butler2", "IMP;Butler-3"])
def test_print_traveller_gives_a_butler_2_field_its_imps_against_the_datum_without_the_extremes(
        tmp_path: Path, scoring: str) -> None:
    # an IMP pairs traveller printed no IMP columns at all, where its director's shows each pair's IMPs;
    # PBN 2.1's Butler-2: "as 'Butler', but the 2 extreme scores are not used" (datum 290; Ruter writes
    # IMP;Butler-2;Mean, tests/data/pbn/wild/latin1_crlf_score_tables.pbn); "Butler 2" got no IMPs and
    # Butler-3 cross-IMPs: a count PBN does not name is read as the one it does
    html = printed_traveller(tmp_path, scoring)
    assert "<th>IMP NS</th>" in html and "<th>IMP EW</th>" in html and "<th>MP NS</th>" not in html
    assert "<td>650</td><td></td><td>8</td><td>-8</td>" in html
    assert "<td></td><td>200</td><td>-10</td><td>10</td>" in html


@pytest.mark.parametrize("scoring", ["IMP;Butler", "Butler", "IMP;Mean"])
def test_print_traveller_imps_a_butler_field_against_the_mean_of_every_score(
        tmp_path: Path, scoring: str) -> None:
    # PBN 2.1's Butler: "IMPed against the average value of all scores": 1,900 over 7 is 270, not the
    # 290 of Butler-2 that these tags were read as (+650 is 380 over it: 9 IMPs, not 8)
    html = printed_traveller(tmp_path, scoring)
    assert "<td>650</td><td></td><td>9</td><td>-9</td>" in html
    assert "<td>140</td><td></td><td>-4</td><td>4</td>" in html


def test_print_traveller_imps_a_median_field_against_the_middle_score(tmp_path: Path) -> None:
    # PBN 2.1's Median: "the datum score is based on the median value": +170 of the seven
    html = printed_traveller(tmp_path, "IMP;Butler;Median")
    assert "<td>650</td><td></td><td>10</td><td>-10</td>" in html  # 480 over the datum
    assert "<td>170</td><td></td><td>0</td><td>0</td>" in html


@pytest.mark.parametrize("scoring", ["IMP;Butler", "IMP;Mean", "IMP;Median", "IMP;Butler-2", "IMP;Cross"])
def test_print_traveller_gives_a_table_alone_no_imps_under_any_datum(tmp_path: Path, scoring: str) -> None:
    # a Butler, Mean or Median board played at one table stopped print with "a datum needs more than 0
    # scores": a table alone has no field to be IMPed against, as Butler-2 and cross-IMPs already said
    html = printed_traveller(tmp_path, scoring, "1 11 4S N 11 650 -\n")
    assert "<td>650</td>" in html and "<th>IMP NS</th>" not in html


@pytest.mark.parametrize(("scoring", "imps_adjusted"), [
    ("IMP;Butler", "-11"), ("IMP;Median", "-10"), ("IMP;Butler-2", "-11")])
def test_print_traveller_imps_an_adjusted_score_in_points_against_the_datum(
        tmp_path: Path, scoring: str, imps_adjusted: str) -> None:
    # a director's -300 with no contract stopped a Butler or Median traveller with a TypeError; it is
    # ranked with the others, as Butler-2 ranks it: datum 260 (mean) or 170 (median), 290 without extremes
    html = printed_traveller(tmp_path, scoring, IMP_PAIRS.replace("7 17 4S N 8 - 200", "7 17 - - - ^-300 -"))
    positive = imps_adjusted.removeprefix("-")
    assert f"<td>300 adj.</td><td>{imps_adjusted}</td><td>{positive}</td>" in html


@pytest.mark.parametrize(("scoring", "imps_650"), [
    ("IMP", "8.17"), ("IMP;Cross2", "8.17"), ("Cross-IMPs", "8.17"), ("XIMP", "8.17"),
    ("IMP;Cross", "49"), ("IMP;Cross1", "7"), ("IMP;Cross;Mean", "49"), ("IMP;Cross2;Median", "8.17"),
    ("IMP;Cross;Experts", "49")])
def test_print_traveller_gives_an_imp_scored_field_its_cross_imps_as_pbn_words_them(
        tmp_path: Path, scoring: str, imps_650: str) -> None:
    # PBN 2.1: Cross "IMPed against every other trick point score, and summed", Cross1 "divided by number
    # of scores", Cross2 "by number of comparisons": 49 IMPs, over 7 scores, over 6 comparisons; Mean,
    # Median and Experts say how a datum is formed, and Cross names none (they got datum IMPs, or none)
    html = printed_traveller(tmp_path, scoring)
    assert f"<td>650</td><td></td><td>{imps_650}</td><td>-{imps_650}</td>" in html


def test_print_traveller_counts_no_imps_against_a_datum_of_experts(tmp_path: Path) -> None:
    # the experts' datum is not in the file: no figure is better than one counted against another datum
    assert "<th>IMP NS</th>" not in printed_traveller(tmp_path, "IMP;Butler;Experts")


@pytest.mark.parametrize("scoring", ["BAM", "Patton", "TotalPoints"])
def test_print_traveller_counts_no_imps_for_other_scoring(tmp_path: Path, scoring: str) -> None:
    assert "<th>IMP NS</th>" not in printed_traveller(tmp_path, scoring)


def test_print_traveller_says_a_wrong_sign_score_is_scored_as_the_imps_count_it(tmp_path: Path) -> None:
    html = printed_traveller(tmp_path, "IMP", "1 11 4S N 10 620 -\n2 12 4S N 9 100 -\n3 13 3NT S 9 600 -\n")
    assert "<td>100*</td><td>-12</td><td>12</td>" in html  # -100 against 620 and 600: 12 IMPs each
    assert "Scored from the contract (Law 77), as the IMPs count it; the file says NS 100" in html


def test_an_imp_figure_that_rounds_to_zero_prints_without_a_sign() -> None:
    from bridgetools.cli.print_ import _rounded
    from bridgetools.records.view import _figure

    assert [_figure(_rounded(figure)) for figure in (-1 / 300, 1 / 300, -0.0)] == ["0", "0", "0"]


def test_print_traveller_imps_each_swiss_match_room_against_room(tmp_path: Path) -> None:
    # Round 1: 4S N = (420) against 2S N +1 (140), 7 IMPs; round 2: 3NT S = (400) against 4S N +1 (450), 2
    # IMPs. One field over the file gave cross-IMPs over all four tables (2.33 / -6.67).
    page = tmp_path / "r.html"
    swiss = TRAVELLERS / "swiss_two_rounds.pbn"
    result = CliRunner().invoke(cli, ["print", str(swiss), "-o", str(page), "--traveller"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert re.findall(r"<td>(420|140|400|450)</td>(?:<td></td>)?<td>(-?[\d.]+)</td>", html) == [
        ("420", "7"), ("140", "-7"), ("420", "7"), ("140", "-7"),
        ("400", "-2"), ("450", "2"), ("400", "-2"), ("450", "2")]


def test_a_swiss_rooms_other_records_are_each_counted_once_with_room_cells_alone() -> None:
    # Each record lists both rooms of its match by a Room cell: two records of the closed room in the file
    # (one a round) left the other room's row unmatched, a result counted twice (a field of 8 for 4 tables);
    # each round is a match of its own (its Round tag), its two rooms the field.
    frame = bt.to_dataframe(bt.read(TRAVELLERS / "swiss_two_rounds.pbn"))
    assert frame.score_ns.tolist() == [420, 140, 400, 450]
    assert frame.field_size.tolist() == [2] * 4


def _team_record(room: str, rows: tuple[str, ...], named: bool = True, **tags: str) -> str:
    """One room's record of board 1 of a team match (4S N = 420 open, 2S N +1 140 closed: 7 IMPs), its
    ScoreTable the ``rows`` (rooms) it lists; its room and the rows' named only when ``named``."""
    played = {"Open": ("4S", "10", "420"), "Closed": ("2S", "9", "140")}
    contract, tricks, _ = played[room]
    table = "".join(f"{row + ' ' if named else ''}{played[row][0]} N {played[row][1]} {played[row][2]} -\n"
                    for row in rows)
    said = "".join(f'[{tag} "{value}"]\n' for tag, value in tags.items())
    return (f'[Event "Cup"]\n{said}[Board "1"]\n' + (f'[Room "{room}"]\n' if named else "")
            + f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{WORKED.to_pbn()}"]\n[Scoring "IMP"]\n'
            f'[Contract "{contract}"]\n[Declarer "N"]\n[Result "{tricks}"]\n'
            f'[ScoreTable "{"Room;" if named else ""}Contract;Declarer;Result;Score_NS;Score_EW"]\n{table}\n')


def _printed_imps(path: Path) -> list[tuple[str, str]]:
    page = path.with_suffix(".html")
    result = CliRunner().invoke(cli, ["print", str(path), "-o", str(page), "--traveller"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    return re.findall(r"<td>(420|140)</td>(?:<td></td>)?<td>(-?[\d.]+)</td>", html)


TEAMS = {"HomeTeam": "Amber", "VisitTeam": "Blue"}


def test_print_traveller_imps_a_closed_room_naming_no_teams_against_its_match_s_open_room(
        tmp_path: Path) -> None:
    # Each record lists its own room alone: print took the room naming no teams for another match, each
    # room a field of one and no IMPs, where export and analyze pair the rooms (7 IMPs).
    path = tmp_path / "cup.pbn"
    path.write_text(_team_record("Open", ("Open",), **TEAMS) + _team_record("Closed", ("Closed",)),
                    encoding="ascii")
    assert _printed_imps(path) == [("420", "7"), ("140", "-7")]


def test_a_closed_room_naming_no_teams_that_lists_both_rooms_counts_each_result_once() -> None:
    # The open room's record named the teams, the closed room's none: the other record's row was not taken
    # for its result, each counted twice (a field of 4 for 2 tables, no team IMPs).
    frame = bt.to_dataframe(bt.loads(_team_record("Open", ("Open", "Closed"), **TEAMS)
                                     + _team_record("Closed", ("Open", "Closed")), "pbn"))
    assert frame.score_ns.tolist() == [420, 140]
    assert frame.field_size.tolist() == [2, 2]
    assert frame.team_imps.tolist() == [7, 7]


def test_print_traveller_imps_each_table_of_a_swiss_round_naming_no_teams_room_against_room(
        tmp_path: Path) -> None:
    # Tables 1 and 2 of round 1, each record listing both rooms: the records of both tables were taken for
    # one match's, each result counted twice and cross-IMPed (4.67) in print, export and analyze.
    first, second = {"Round": "1", "Table": "1"}, {"Round": "1", "Table": "2"}
    both = ("Open", "Closed")
    path = tmp_path / "swiss.pbn"
    path.write_text(_team_record("Open", both, **first) + _team_record("Open", both, **second)
                    + _team_record("Closed", both, **first) + _team_record("Closed", both, **second),
                    encoding="ascii")
    assert _printed_imps(path) == [("420", "7"), ("140", "-7")] * 4
    frame = bt.to_dataframe(bt.read(path))
    assert frame.field_size.tolist() == [2] * 4
    assert frame.team_imps.tolist() == [7] * 4



def test_each_match_of_a_swiss_round_naming_its_teams_but_no_rooms_is_a_field_of_its_own() -> None:
    # Amber v Blue and Cyan v Dune play board 1, no Room tags: export and analyze cross-IMPed the four
    # tables as one field (4.67) where print IMPed each match's two (7), as its teams say.
    cyan = {"HomeTeam": "Cyan", "VisitTeam": "Dune"}
    text = "".join(_team_record(room, (room,), False, Round="1", **teams)
                   for room, teams in (("Open", TEAMS), ("Closed", TEAMS), ("Closed", cyan), ("Open", cyan)))
    frame = bt.to_dataframe(bt.loads(text, "pbn"))
    assert frame.score_ns.tolist() == [420, 140, 140, 420]
    assert frame.field_size.tolist() == [2] * 4
    assert frame.ximp_ns.tolist() == [7.0, -7.0, -7.0, 7.0]


def test_a_pairs_file_printed_after_a_team_match_s_file_is_not_taken_for_the_match_s_later_boards(
        tmp_path: Path) -> None:
    # cup.pbn names its teams on its first record alone and ends after one room of board 2; pairs.pbn's
    # board 2, a record and a late traveller, was carried into the match (its segment kept over files):
    # printed together the first record's three tables ranked alone (a top of 4) and the late one's none,
    # where export of the two files and print of pairs.pbn alone count the four (a top of 6).
    def record(number: int, teams: str = "", scoring: str = "IMP", rows: str = "") -> str:
        played = '[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n' if not rows else ""
        table = ('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;'
                 f'Score_EW\\5R"]\n{rows}') if rows else ""
        return (f'[Board "{number}"]\n{teams}[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{WORKED.to_pbn()}"]\n'
                f'[Scoring "{scoring}"]\n{played}{table}\n')

    cup, pairs = tmp_path / "cup.pbn", tmp_path / "pairs.pbn"
    cup.write_text(record(1, "".join(f'[{tag} "{name}"]\n' for tag, name in TEAMS.items()))
                   + record(1) + record(2), encoding="ascii")
    first = "1 11 4S N 10 420 -\n2 12 2S N 9 140 -\n3 13 3S N 10 170 -\n"
    pairs.write_text(record(2, scoring="MP", rows=first)
                     + record(2, scoring="MP", rows="4 14 4S N 9 - 50\n"), encoding="ascii")
    page = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["print", str(cup), str(pairs), "-o", str(page), "--traveller"])
    assert result.exit_code == 0, result.output
    printed = re.findall(r"<td>(420|140|170|50)</td>(?:<td></td>)?<td>(\d+)</td><td>(\d+)</td>",
                         page.read_text(encoding="utf-8"))
    assert printed == [("420", "6", "0"), ("140", "2", "4"), ("170", "4", "2"), ("50", "0", "6")]
