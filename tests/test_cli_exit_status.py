"""The exit status of a command on bad input: 1 when a reader met text that does not parse as its format
(`Issue.syntax`), the boards it could read still used; 0 when the text is well-formed and only disagrees
with itself (a Score the contract does not give), as real files do by the thousand."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bridgetools.cli import cli

BOARD = """[Event "club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT98.AQ2.AKQ.765 7654.T98.765.AKQ 3.7654.J432.JT98"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]
[Score "NS 400"]
"""
LIN = ("pn|a,b,c,d|md|3SAKQ2HKJ3DT98C432,SJT98HAQ2DAKQC765,S7654HT98D765CAKQ,|sv|0|"
       "mb|1S|mb|2H|mb|p|mb|p|mb|p|pg||\n")
RBN = "B 1\nH W:3.7654.J432.JT98:AKQ2.KJ3.T98.432:JT98.AQ2.AKQ.765:\nA NZ:3NPPP\nC 3N:N\nR 9\n"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stderr


def converted(tmp_path: Path, name: str, text: str | bytes) -> tuple[int, str]:
    """``convert`` of a file ``name`` holding ``text`` to JSON: its exit status and stderr."""
    source = tmp_path / name
    if isinstance(text, bytes):
        source.write_bytes(text)
    else:
        source.write_text(text)
    return run("convert", str(source), "-o", str(tmp_path / "out.json"))


def json_board(**changed: object) -> str:
    """A JSON hand record of the one board of `BOARD`, with ``changed`` fields."""
    board = {"number": 1, "dealer": "N", "vulnerability": "None",
             "deal": "N:AKQ2.KJ3.T98.432 JT98.AQ2.AKQ.765 7654.T98.765.AKQ 3.7654.J432.JT98", **changed}
    return json.dumps({"schema": "bridgetools.board/3", "boards": [board]})


def test_a_pbn_tag_not_closed_exits_1_after_writing_what_was_read(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "bad.pbn", BOARD.replace('[Dealer "N"]', '[Dealer "N"'))
    assert code == 1
    assert "bad.pbn:3:12: tag Dealer is not closed" in err
    assert err.splitlines()[-1].endswith("bad.pbn: 1 problem of syntax (said above): the text does not parse "
                                         "as its format; what could be read was used, exit status 1")
    assert len(json.loads((tmp_path / "out.json").read_text())["boards"]) == 1


def test_the_run_statistics_debian_dealer_prints_after_its_pbn_are_a_report(tmp_path: Path) -> None:
    """`dealer script.dl > dealt.pbn` (printpbn) ends with these lines: converting its own output exits 0."""
    statistics = "\nGenerated 813 hands\nProduced 10 hands\nInitial random seed 1\nTime needed    0.000 sec\n"
    code, err = converted(tmp_path, "dealt.pbn", BOARD.replace('[Score "NS 400"]\n', "") + statistics)
    assert code == 0
    assert "dealer's run statistics" in err


def test_dealer_s_run_statistics_between_two_runs_appended_to_one_file_are_a_report(tmp_path: Path) -> None:
    """`dealer -v a.dl > dealt.pbn; dealer -v b.dl >> dealt.pbn`: the first run's statistics stand before the
    second run's first tag, no empty line between, and are no more bad text there than at the end."""
    statistics = "\nGenerated 3 hands\nProduced 3 hands\nInitial random seed 1\nTime needed    0.000 sec\n"
    run = BOARD.replace('[Score "NS 400"]\n', "") + statistics
    code, err = converted(tmp_path, "dealt.pbn", run + run.replace('[Board "1"]', '[Board "2"]'))
    assert code == 0
    assert "dealt.pbn:10:1: dealer's run statistics 'Generated 3 hands" in err
    assert "before the first tag: skipped" in err


def test_text_pasted_after_dealer_s_run_statistics_is_still_bad_text(tmp_path: Path) -> None:
    pasted = "\nGenerated 54 hands\nProduced 2 hands\n-s 1 -p 9 -C Descr.pbn\n"
    code, err = converted(tmp_path, "dealt.pbn", BOARD.replace('[Score "NS 400"]\n', "") + pasted)
    assert code == 1
    assert "is not PBN: skipped" in err


def test_a_pbn_score_the_contract_does_not_give_exits_0(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "score.pbn", BOARD.replace("NS 400", "NS 600"))
    assert code == 0
    assert "score.pbn:9:1: Score NS 600 differs from the NS 400" in err


def test_a_pbn_card_that_is_no_card_exits_1(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "card.pbn", BOARD.replace("N:AKQ2", "N:AKX2"))
    assert code == 1 and "card.pbn:5:" in err


def test_a_pbn_card_in_two_hands_exits_0(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "twice.pbn", BOARD.replace("N:AKQ2.KJ3", "N:AKQ2.AJ3"))
    assert code == 0 and "twice.pbn:5:" in err


def test_a_lin_call_that_is_no_call_exits_1(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "call.lin", LIN.replace("mb|2H|", "mb|2Q|"))
    assert code == 1 and "call.lin:1:" in err


def test_a_lin_pair_not_closed_exits_1(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "cut.lin", LIN.rstrip("\n") + "mb|p")
    assert code == 1 and "unterminated LIN pair" in err


def test_a_lin_insufficient_bid_exits_0(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "illegal.lin", LIN.replace("mb|2H|", "mb|1H|"))
    assert code == 0 and "illegal call 1H by East" in err


def test_a_json_contract_that_is_no_contract_exits_1(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "contract.json", json_board(contract="3QT", declarer="N"))
    assert code == 1 and 'contract: not a contract: "3QT"' in err


def test_json_that_is_cut_short_exits_1(tmp_path: Path) -> None:
    text = json_board()
    code, err = converted(tmp_path, "cut.json", text[: text.index("}]}") + 1] + ", {\"number\": 2")
    assert code == 1 and "cut.json:" in err


def test_a_json_insufficient_bid_exits_0(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "illegal.json", json_board(
        auction={"dealer": "N", "calls": [{"call": "1S"}, {"call": "1H"}]}))
    assert code == 0 and "illegal call 1H by East" in err


def test_an_rbn_contract_that_is_no_contract_exits_1(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "contract.rbn", RBN.replace("C 3N:N", "C 3Q:N"))
    assert code == 1 and "contract.rbn:4:3: RBN: bad contract" in err


def test_an_rbn_contract_other_than_the_auction_s_exits_0(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "other.rbn", RBN.replace("C 3N:N", "C 4S:N"))
    assert code == 0 and "other.rbn:4:3: RBN: C line's contract 4S differs from the auction's 3NT" in err


def _dlm(tmp_path: Path) -> str:
    """A DLM file of boards 1 and 2, `BOARD`'s deal, as bridgetools writes it."""
    (tmp_path / "in.pbn").write_text(BOARD + "\n" + BOARD.replace('[Board "1"]', '[Board "2"]'))
    assert run("convert", str(tmp_path / "in.pbn"), "-o", str(tmp_path / "in.dlm"))[0] == 0
    return (tmp_path / "in.dlm").read_text()


def test_a_dlm_letter_that_is_no_letter_exits_1(tmp_path: Path) -> None:
    text = _dlm(tmp_path)
    line = next(line for line in text.splitlines() if line.startswith("Board 01="))
    code, err = converted(tmp_path, "letter.dlm", text.replace(line, line[:9] + "z" + line[10:]))
    assert code == 1 and "expected a letter a-p" in err and "1 board written" in err


def test_a_dlm_checksum_the_letters_do_not_give_exits_0(tmp_path: Path) -> None:
    text = _dlm(tmp_path)
    line = next(line for line in text.splitlines() if line.startswith("Board 01="))
    wrong = f"{(int(line[-3:]) + 1) % 1000:03d}"
    code, err = converted(tmp_path, "sum.dlm", text.replace(line, line[:-3] + wrong))
    assert code == 0 and f"checksum {wrong} should be" in err and "1 board written" in err


def _dup(tmp_path: Path) -> bytes:
    """A DUP file of `BOARD`'s deal, as bridgetools writes it."""
    (tmp_path / "in.pbn").write_text(BOARD)
    assert run("convert", str(tmp_path / "in.pbn"), "-o", str(tmp_path / "in.dup"))[0] == 0
    return (tmp_path / "in.dup").read_bytes()


def test_dup_bytes_past_the_last_record_exit_1(tmp_path: Path) -> None:
    code, err = converted(tmp_path, "tail.dup", _dup(tmp_path) + b"abc")
    assert code == 1 and "3 bytes after the last whole" in err


def test_a_dup_trailer_naming_more_boards_than_it_holds_exits_0(tmp_path: Path) -> None:
    data = bytearray(_dup(tmp_path))
    data[153:156] = b"2  "  # the highest board: 2, where the file holds one record
    code, err = converted(tmp_path, "range.dup", bytes(data))
    assert code == 0 and "DUP trailer: boards 1-2" in err


def test_a_dealer_script_that_does_not_parse_exits_1(tmp_path: Path) -> None:
    script = tmp_path / "bad.dlr"
    script.write_text("produce 1\ncondition hcp(north >= 20\n")
    code, err = run("deal", str(script), "--seed", "1", "-o", str(tmp_path / "out.pbn"))
    assert code == 1 and err.startswith(f"Error: {script}:2:")


def test_a_dealer_script_that_finds_fewer_boards_than_asked_exits_0(tmp_path: Path) -> None:
    script = tmp_path / "rare.dlr"
    script.write_text("generate 50\nproduce 5\ncondition hcp(north) >= 25\n")
    code, err = run("deal", str(script), "--seed", "1", "-o", str(tmp_path / "out.pbn"))
    assert code == 0 and "only 0 of 5 boards" in err


def test_show_of_a_file_with_a_syntax_problem_exits_1(tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text(BOARD.replace('[Dealer "N"]', '[Dealer "N"'))
    code, err = run("show", str(source))
    assert code == 1 and "bad.pbn:3:12: tag Dealer is not closed" in err


def test_export_of_a_file_with_a_syntax_problem_exits_1_after_writing_it(tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text(BOARD.replace('[Dealer "N"]', '[Dealer "N"'))
    code, err = run("export", str(source), "-o", str(tmp_path / "out.parquet"))
    assert code == 1 and (tmp_path / "out.parquet").exists()
    assert "bad.pbn: 1 problem of syntax" in err


def test_export_of_a_file_with_a_content_problem_alone_exits_0(tmp_path: Path) -> None:
    source = tmp_path / "score.pbn"
    source.write_text(BOARD.replace("NS 400", "NS 600"))
    code, _ = run("export", str(source), "-o", str(tmp_path / "out.parquet"))
    assert code == 0


def test_a_json_file_keeping_its_source_s_syntax_problem_exits_0(tmp_path: Path) -> None:
    """The problem was the source's text; the JSON file that records it is well-formed."""
    bad = tmp_path / "bad.pbn"
    bad.write_text(BOARD.replace('[Dealer "N"]', '[Dealer "N"'))
    assert run("convert", str(bad), "-o", str(tmp_path / "kept.json"))[0] == 1
    code, err = run("convert", str(tmp_path / "kept.json"), "-o", str(tmp_path / "again.pbn"))
    assert code == 0 and "recorded from" in err


def test_an_rbn_file_ending_in_dos_s_end_of_file_mark_exits_0(tmp_path: Path) -> None:
    """Ctrl-Z after the last line, as a DOS program wrote it, is no line of the file, as in PBN and LIN."""
    code, err = converted(tmp_path, "dos.rbn", RBN.replace("\n", "\r\n").encode() + b"\x1a")
    assert code == 0
    assert "(0 issues)" in err


def test_under_quiet_the_closing_line_does_not_say_the_problems_were_said_above(tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text(BOARD.replace('[Dealer "N"]', '[Dealer "N"'))
    code, err = run("convert", "-q", str(source), "-o", str(tmp_path / "out.json"))
    assert code == 1
    assert err.splitlines() == [f"{source}: 1 problem of syntax (not said under -q): the text does not "
                                "parse as its format; what could be read was used, exit status 1"]
