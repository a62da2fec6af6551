"""Printed travellers (`print --traveller`: the other tables' results a PBN ScoreTable gives) and text the
PDF sets in a font it does not embed (Chinese, Japanese, Korean in reportlab's CID fonts)."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.model import Contract, Deal, Seat
from bridgetools.model.results import TableResult
from bridgetools.records import Options, fonts, write_records
from bridgetools.records.html import write_html
from bridgetools.records.layout import cells
from bridgetools.records.view import board_view, board_views, traveller_rows, travellers

pytest.importorskip("reportlab")
pytest.importorskip("pypdf")
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
    assert rows == [("NS", "EW", "Contract", "By", "Tricks", "NS +", "EW +", "MP NS", "MP EW"),
                    ("3 Smith & Jones", "7", "4♠", "N", "+1", "450", "", "4", "0"),
                    ("1", "5", "3NTX", "S", "-2", "", "500", "0.5", "3.5")]


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
    assert "Contract By Tricks NS +" in text and "2 A & B 2 C & D" in text and "1 Brown & Green" in text
    page = io.StringIO()
    write_html(board_views(boards, Options(traveller=True)), page, Options(traveller=True))
    assert '<table class="traveller small">' in page.getvalue() and "<td>1 Brown &amp; Green</td>" in \
        page.getvalue()


def test_cli_print_traveller_prints_it_and_leaves_it_out_without_the_option(tmp_path: Path) -> None:
    for flags, present in ((["--traveller"], True), ([], False)):
        out = tmp_path / "r.pdf"
        result = CliRunner().invoke(cli, ["print", str(NAMED), "-o", str(out), *flags])
        assert result.exit_code == 0, result.output
        assert ("Smith - Jones" in pdf_text(out.read_bytes())) is present


@pytest.mark.parametrize("per_page", [4, 6, 8])
def test_a_thirteen_table_traveller_stays_inside_its_board_s_cell(per_page: int) -> None:
    result = TableResult(contract=Contract.from_str("4S"), declarer=Seat.N, tricks=10, score_ns=420,
                         ns_pair="12", ew_pair="13",
                         ns_names=("Annabel Fotheringham", "Bartholomew Kowalski"),
                         ew_names=("Chen Wei", "Dagny Halvorsen"), matchpoints_ns=12.5, matchpoints_ew=11.5)
    board = Board(number=1, deal=WORKED)
    board.results = (result,) * 13
    options = Options(per_page=per_page, traveller=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a cut is said in a warning; the table must not cross the cell
        placed = write_pdf(board_views([board], options), io.BytesIO(), options)
    assert placed[0].box.inside(cells(options)[0])


def test_chinese_text_set_in_a_font_the_pdf_does_not_embed_is_said_in_a_warning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "FONT_FOLDERS", [])  # no TrueType family: reportlab's CID fonts draw it
    with pytest.warns(UserWarning, match="STSong-Light, a font the PDF names but does not embed"):
        write_records([Board(number=1, deal=WORKED)], io.BytesIO(), Options(title="北京桥牌俱乐部"),
                      kind="pdf")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Western European text needs no font: nothing to say
        write_records([Board(number=1, deal=WORKED)], io.BytesIO(), Options(title="Café club"), kind="pdf")
