"""Printing for a teacher's handouts: a student sheet without the HCP counts, and several files whose
boards share numbers (a teacher's trial, session 50)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli

DEAL = "N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963"
OTHER = "N:KQ3.AJ95.T82.J74 AJ76.K84.Q93.T52 95.T632.754.K963 T842.Q7.AKJ6.AQ8"


def board(number: int, deal: str = DEAL, tags: str = "") -> str:
    """One PBN board of ``deal``, dealer and vulnerability by Law 2 for board 1."""
    return f'[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n{tags}\n'


def printed(tmp_path: Path, *args: str, files: dict[str, str] | None = None) -> tuple[str, str]:
    """The stderr of ``print`` run on ``files`` (name: text) with ``args``, and the output file's name."""
    names = []
    for name, text in (files or {"lesson.pbn": board(1)}).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        names.append(str(tmp_path / name))
    result = CliRunner().invoke(cli, ["print", *names, *args])
    assert result.exit_code == 0, result.output
    return result.stderr, result.output


def pdf_text(path: Path) -> str:
    """The PDF's text as pdftotext lays it out (poppler-utils)."""
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


needs_pdf = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")


@needs_pdf
def test_a_student_sheet_printed_with_no_hcp_shows_the_hand_without_its_count(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    out = tmp_path / "sheet.pdf"
    printed(tmp_path, "-o", str(out), "--show", "S", "--per-page", "1", "--no-hcp")
    text = pdf_text(out)
    assert "♦ AKJ6" in text  # South's diamonds shown
    assert "HCP" not in text and "16" not in text


@needs_pdf
def test_a_hand_record_printed_with_no_hcp_shows_no_count_of_any_hand(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    out = tmp_path / "record.pdf"
    printed(tmp_path, "-o", str(out), "--no-hcp")
    text = pdf_text(out)
    assert "♠ AJ76" in text and "♠ 95" in text
    assert "HCP" not in text


def test_an_html_handout_printed_with_no_hcp_has_no_hcp_compass(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    printed(tmp_path, "-o", str(out), "--show", "S", "--no-hcp")
    assert 'class="hcp"' not in out.read_text(encoding="utf-8")


def test_a_quiz_hiding_hands_by_its_hidden_tag_prints_no_hcp_with_no_hcp(tmp_path: Path) -> None:
    out = tmp_path / "quiz.html"
    printed(tmp_path, "-o", str(out), "--no-hcp", files={"quiz.pbn": board(1, tags='[Hidden "NSW"]')})
    assert 'class="hcp"' not in out.read_text(encoding="utf-8")



TWO_SETS = {"monday.pbn": board(1) + board(2, OTHER), "tuesday.pbn": board(1, OTHER) + board(2)}
"""Two sessions' sets, each numbered from 1: boards 1 and 2 of one are other deals than the other's."""


def test_two_files_numbering_other_deals_alike_are_named_in_one_warning(tmp_path: Path) -> None:
    stderr, _ = printed(tmp_path, "-o", str(tmp_path / "r.html"), files=TWO_SETS)
    [line] = [line for line in stderr.splitlines() if "numbered alike" in line]
    assert line.startswith("warning: boards 1, 2 are numbered alike in monday.pbn and tuesday.pbn, with "
                           "other deals")
    assert "--first-board 3" in line and "--renumber" in line


def test_a_board_two_files_give_the_same_deal_is_not_named_as_numbered_alike(tmp_path: Path) -> None:
    # board 2 of late.pbn is monday's again (a late traveller, a match's other room): the same board
    files = {"monday.pbn": board(1) + board(2, OTHER), "late.pbn": board(1, OTHER) + board(2, OTHER)}
    stderr, _ = printed(tmp_path, "-o", str(tmp_path / "r.html"), files=files)
    [line] = [line for line in stderr.splitlines() if "numbered alike" in line]
    assert line.startswith("warning: board 1 is numbered alike in monday.pbn and late.pbn, with other deals")


def test_print_renumber_numbers_several_files_boards_in_the_order_given(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    stderr, _ = printed(tmp_path, "-o", str(out), "--renumber", files=TWO_SETS)
    assert re.findall(r"<b>Board (\d+)</b>", out.read_text(encoding="utf-8")) == ["1", "2", "3", "4"]
    assert "numbered alike" not in stderr


def test_one_file_numbering_other_deals_alike_is_named_with_the_boards_lines(tmp_path: Path) -> None:
    files = {"sets.pbn": TWO_SETS["monday.pbn"] + TWO_SETS["tuesday.pbn"]}  # boards at lines 1, 6, 11, 16
    stderr, _ = printed(tmp_path, "-o", str(tmp_path / "r.html"), files=files)
    [line] = [line for line in stderr.splitlines() if "alike" in line]
    assert line.startswith("warning: sets.pbn numbers other deals alike (board 1 at lines 1 and 11; board 2 "
                           "at lines 6 and 16): ")
    assert line.endswith("(print --renumber)")


def test_one_file_giving_a_board_s_deal_twice_is_not_named_as_numbered_alike(tmp_path: Path) -> None:
    # the other room's table of board 1: the same deal
    stderr, _ = printed(tmp_path, "-o", str(tmp_path / "r.html"), files={"match.pbn": board(1) + board(1)})
    assert "alike" not in stderr


def test_one_file_s_many_sets_name_four_lines_of_a_number_and_how_many_more(tmp_path: Path) -> None:
    hands = DEAL[2:].split(), OTHER[2:].split()
    deals = ["N:" + " ".join(h[i:] + h[:i]) for h in hands for i in range(3)]  # six other deals
    files = {"sets.pbn": "".join(board(1, deal) for deal in deals)}  # boards at lines 1, 6, ..., 26
    stderr, _ = printed(tmp_path, "-o", str(tmp_path / "r.html"), files=files)
    assert "numbers other deals alike (board 1 at lines 1, 6, 11, 16 and 2 more): " in stderr


def test_printing_a_file_keeps_no_deal_a_board_to_tell_its_numbers_apart() -> None:
    # a 100,000-board file printed board by board: what the check keeps grows with each board
    import tracemalloc

    from bridgetools.board import Board
    from bridgetools.cli.print_ import _telling_numbers_shared
    from bridgetools.rules import deal_shuffled

    count = 2000
    boards = (Board(number=n, deal=deal_shuffled(seed=n)) for n in range(1, count + 1))
    tracemalloc.start()
    try:
        told = _telling_numbers_shared(boards, lambda board: ("sets.pbn", 1, None), {}, True)
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(count):
            next(told)
        kept = (tracemalloc.get_traced_memory()[0] - before) / count
    finally:
        tracemalloc.stop()
    assert kept < 400  # bytes a board (a Deal a board keeps some 1,000)
