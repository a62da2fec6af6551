"""Printing lesson handouts: long explanations use the page's room, commentary, seats and labels (a
beginners' teacher's trial, session 46)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest

import bridgetools as bt
from bridgetools.records import Options, write_records
from bridgetools.records.layout import Box, fitted_rows
from bridgetools.records.view import board_views

pytest.importorskip("reportlab")
pytest.importorskip("pypdf")
from bridgetools.records.pdf import write_pdf

DEAL = "N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"


def board_pbn(number: int, notes: int, words: int = 14) -> str:
    """A board whose auction explains each of its ``notes`` calls in about ``words`` words."""
    bids = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")][:notes]
    calls = " ".join(f"{bid} =" + str(k) + "= Pass" for k, bid in enumerate(bids, 1))
    words_said = " ".join(["explained"] * words)
    said = "".join(f'[Note "{k}:{words_said} number {k}"]\n' for k in range(1, notes + 1))
    return (f'[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "N"]\n'
            f'[Contract "7NT"]\n[Auction "N"]\n{calls} Pass Pass\n{said}\n')


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())


def test_a_long_auction_s_explanations_take_the_blank_room_of_the_row_above() -> None:
    text = "".join(board_pbn(n, 2) for n in (1, 2, 3)) + board_pbn(4, 12)
    options = Options(per_page=4, auction=True)
    out = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing cut, nothing to warn of
        write_pdf(board_views(bt.loads(text, "pbn"), options), out, options)
    printed = pdf_text(out.getvalue())
    assert all(f"explained number {k}" in printed for k in range(1, 13))


def test_rows_that_fit_give_their_blank_room_to_a_row_that_does_not() -> None:
    boxes = [Box(0, 400, 100, 300), Box(110, 400, 100, 300), Box(0, 86, 100, 300), Box(110, 86, 100, 300)]
    fitted = fitted_rows(boxes, 2, [200.0, 350.0])
    assert [b.h for b in fitted] == [250.0, 250.0, 350.0, 350.0]
    assert fitted[0].top == 700 and fitted[2].top == fitted[0].y - 14 and fitted[2].y == pytest.approx(86)


def test_rows_that_all_fit_keep_the_layout_s_equal_heights() -> None:
    boxes = [Box(0, 400, 100, 300), Box(0, 86, 100, 300)]
    assert fitted_rows(boxes, 1, [290.0, 120.0]) == boxes


def test_the_warning_of_a_cut_names_the_board_and_the_explanations_cut() -> None:
    text = "".join(board_pbn(n, 30) for n in (1, 2, 3, 4))  # a full page: no row has room to give
    options = Options(per_page=4, auction=True)
    with pytest.warns(UserWarning) as said:
        write_pdf(board_views(bt.loads(text, "pbn"), options), io.BytesIO(), options)
    message = str(said[0].message)
    assert message.startswith("text of board(s) 1-4 cut to fit the page (boards 1-4: ")
    assert "explanations" in message and "of 30" in message, message


def test_a_contract_whose_tricks_the_file_does_not_give_is_headed_contract_not_result(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    write_records(bt.loads(board_pbn(1, 1), "pbn"), out, Options(result=True))
    html = out.read_text(encoding="utf-8")
    assert "<b>Contract:</b> 7NT by N" in html and "Result:" not in html


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium to print the HTML")
@pytest.mark.parametrize(("paper", "per_page"), [("a4", 4), ("letter", 4), ("a4", 8)])
def test_a_browser_prints_every_board_and_explanation_of_an_html_handout_however_long(
        paper: str, per_page: int, tmp_path: Path) -> None:
    # a printed page was one sheet tall with its overflow hidden: at 8 a page boards 7 and 8 were not printed
    text = "".join(board_pbn(n, 12 if n in (4, 8) else 2) for n in range(1, 13))
    out, pdf = tmp_path / "r.html", tmp_path / "r.pdf"
    write_records(bt.loads(text, "pbn"), out, Options(per_page=per_page, auction=True, paper=paper))
    subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", out.as_uri()], check=True, capture_output=True, timeout=120)
    printed = pdf_text(pdf.read_bytes())
    assert all(f"Board {n}" in printed for n in range(1, 13))
    assert printed.count("number 12") == 2  # the last explanation of each long auction


REBID = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "' + DEAL + '"]\n[Auction "N"]\n'
         "1NT Pass 3NT Pass\nPass Pass\n{The auction this file gave was replaced by the computer's. The "
         "explanations and comments on it were:\nS's 4NT was explained: Blackwood\nN's 5D was explained: "
         "1 ace}\n")
"""A board after `bid --rebid`: the replaced auction's explanations kept as a comment."""


def test_a_handout_leaves_out_the_explanations_of_an_auction_bid_replaced() -> None:
    options = Options(auction=True)
    [view] = board_views(bt.loads(REBID, "pbn"), options)
    assert view.commentary == []


def test_asked_for_a_replaced_auction_s_explanations_print_a_line_each_with_suit_symbols() -> None:
    [view] = board_views(bt.loads(REBID, "pbn"), Options(auction=True, replaced=True))
    [comment] = view.commentary
    assert comment.split("\n\n")[1:] == ["S's 4NT was explained: Blackwood", "N's 5♦ was explained: 1 ace"]


def test_print_takes_seats_by_their_names_in_any_case(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    source = tmp_path / "b.pbn"
    source.write_text(board_pbn(1, 1))
    for given in (["--rotate", "south", "--show", "South"], ["--rotate", "S", "--show", "north,SOUTH"]):
        result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "r.html"), *given])
        assert result.exit_code == 0, result.output
    wrong = ["print", str(source), "-o", str(tmp_path / "r.html"), "--rotate", "sud"]
    result = CliRunner().invoke(cli, wrong)
    assert result.exit_code == 2 and "not a seat (north, east, south, west or N, E, S, W)" in result.output


UNPLAYED = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
PLAYED = ('[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 '
          'T842.Q7.AKJ6.AQ8 95.T632.754.K963"]\n[Declarer "N"]\n[Contract "1S"]\n[Result "7"]\n'
          '[Play "E"]\nSK S2 S5 S6\n*\n')


def test_print_play_of_a_file_never_played_says_to_play_it_first(tmp_path: Path) -> None:
    # --play on a file with no play printed no tricks and said nothing: a teacher took it for a bug
    from click.testing import CliRunner

    from bridgetools.cli import cli

    source = tmp_path / "lesson.pbn"
    source.write_text(UNPLAYED)
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "r.html"), "--play"])
    assert result.exit_code == 0
    assert result.stderr.count("--play") == 1
    assert f"--play: no board has a play to print; run `bridgetools autoplay {source}` first" in result.stderr


def test_print_play_of_a_file_given_twice_says_to_play_it_once(tmp_path: Path) -> None:
    # the file printed twice (as asked) said its "--play: no board has a play" twice too
    from click.testing import CliRunner

    from bridgetools.cli import cli

    source = tmp_path / "lesson.pbn"
    source.write_text(UNPLAYED)
    twice = [str(source), str(source)]
    result = CliRunner().invoke(cli, ["print", *twice, "-o", str(tmp_path / "r.html"), "--play"])
    assert result.exit_code == 0
    assert result.stderr.count("--play: no board has a play to print") == 1


def test_print_play_names_once_the_boards_with_no_play(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    source = tmp_path / "club.pbn"
    source.write_text(UNPLAYED + "\n" + PLAYED)
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "r.html"), "--play"])
    assert result.exit_code == 0
    assert result.stderr.count("no play") == 1
    assert f"{source}: board 1: no play to print (--play): printed without it" in result.stderr
    assert "board 2" not in result.stderr


def test_print_auction_of_deals_without_auctions_says_to_bid_them_first(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    source = tmp_path / "week 5.pbn"
    source.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n')
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "r.html"), "--auction"])
    assert result.exit_code == 0
    assert f"warning: --auction: no board has an auction; run `bridgetools bid '{source}'` first" in \
        result.output
    source.write_text(board_pbn(1, 1))
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "r.html"), "--auction"])
    assert "no board has an auction" not in result.output


def test_a_handout_of_dealt_boards_is_titled_by_its_file_not_the_seed(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    source = tmp_path / "week 5 – Stayman.pbn"
    source.write_text(f'[Event "bridgetools deal, seed 2026"]\n[Board "1"]\n[Dealer "N"]\n'
                      f'[Vulnerable "None"]\n[Deal "{DEAL}"]\n')
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    assert "<title>week 5 – Stayman</title>" in (tmp_path / "r.html").read_text(encoding="utf-8")
    source.write_text(source.read_text().replace("bridgetools deal, seed 2026", "Tuesday lesson"))
    CliRunner().invoke(cli, ["print", str(source), "-o", str(tmp_path / "r.html")])
    assert "<title>Tuesday lesson</title>" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_the_docs_practice_deals_for_a_partnership_name_the_dealer() -> None:
    # without --dealer N the Law 2 dealer rotates, and on half the boards East or West opens first
    root = Path(__file__).parent.parent
    examples = [line for doc in (root / "README.md", *sorted((root / "docs").glob("*.md")))
                for line in doc.read_text(encoding="utf-8").splitlines()
                if line.startswith("bridgetools deal ") and "--north" in line and "--south" in line]
    assert examples and all("--dealer" in line for line in examples), examples


@pytest.mark.parametrize(("script", "said"), [
    ("quiet = hcp(east) < 8\nconditon quiet\nproduce 1\n",
     "unknown word 'conditon' at the start of a statement: did you mean condition?"),
    ("condition hcp(nrth) > 20\n", "unexpected 'nrth', expected a seat (north, east, south, west): did you "
                                    "mean north?"),
])
def test_a_misspelt_word_of_a_dealer_script_is_answered_with_the_word_meant(script: str, said: str) -> None:
    from bridgetools.dealer.language import parse

    with pytest.raises(bt.BridgeError, match=re.escape(said)):
        parse(script)


def test_a_word_on_a_line_continuing_an_expression_is_no_statement_misspelt() -> None:
    # 'nt &&' then 'deal' on the next line was answered 'at the start of a statement: did you mean dealer?'
    from bridgetools.dealer.language import parse

    with pytest.raises(bt.BridgeError) as raised:
        parse("nt = hcp(north) > 15\ncondition\n  nt &&\n  deal\n")
    assert "start of a statement" not in str(raised.value) and "unknown variable 'deal'" in str(raised.value)


@pytest.mark.parametrize(("text", "meant"), [("15-17 balancd", "balanced"), ("5+spaeds", "5+spades")])
def test_a_misspelt_word_of_a_hand_shorthand_is_answered_with_the_word_meant(text: str, meant: str) -> None:
    from bridgetools.dealer.predicates import shorthand

    with pytest.raises(bt.BridgeError, match=re.escape(f"did you mean {meant}?")):
        shorthand(bt.Seat.N, text)


@pytest.mark.parametrize("text", ["any", "12-14 any", "5+balanced", "2 aces"])
def test_a_shorthand_word_known_or_far_from_any_gets_no_guess(text: str) -> None:
    # 'any' alone was answered 'did you mean any?', '2 aces' 'did you mean spades?'
    from bridgetools.dealer.predicates import shorthand

    with pytest.raises(bt.BridgeError) as raised:
        shorthand(bt.Seat.N, text)
    assert "did you mean" not in str(raised.value)
