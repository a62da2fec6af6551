"""``bridgetools score`` and ``bridgetools rubber``, through click's CliRunner, bad input included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli

SAMPLES = Path(__file__).parent.parent / "samples"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_score_prints_the_breakdown_and_declarers_total() -> None:
    code, out, _ = run("score", "4SX", "8", "--vul")
    assert code == 0
    assert "down 2" in out and "200 + 300" in out
    assert out.strip().splitlines()[-1].split()[:2] == ["total", "-500"]


@pytest.mark.parametrize("flags", [["--vul", "--nv"], ["--nv", "--vul"]])
def test_vul_and_nv_together_are_a_usage_error_not_the_last_one_taken(flags: list[str]) -> None:
    code, out, err = run("score", "4S", "10", *flags)
    assert code == 2
    assert "--vul and --nv contradict each other" in err
    assert "total" not in out


def test_nv_alone_scores_not_vulnerable() -> None:
    code, out, _ = run("score", "4S", "10", "--nv")
    assert code == 0 and "+420" in out


def test_score_not_vulnerable_by_default_and_relative_tricks() -> None:
    code, out, _ = run("score", "3NT", "+1")
    assert code == 0 and "+430" in out  # 100 + 30 + 300


@pytest.mark.parametrize("option", [["--declarer", "N"], ["-x"], ["--declarer=N"]])
def test_score_says_an_unknown_option_is_no_option_as_other_commands_do(option: list[str]) -> None:
    # `score 4S 10 --declarer N` said "Got unexpected extra arguments (--declarer N)"
    code, out, err = run("score", "4S", "10", *option)
    assert code == 2 and out == ""
    assert f"No such option '{option[0].split('=')[0]}'" in err
    assert "No such option" in run("show", *option, "x")[2]


def test_score_tricks_may_be_undertricks_written_with_a_minus() -> None:
    code, out, _ = run("score", "4S", "-1", "--vul")
    assert code == 0 and "down 1" in out and out.strip().splitlines()[-1].split()[:2] == ["total", "-100"]


def test_score_takes_the_result_written_onto_the_contract_as_on_a_traveller() -> None:
    assert run("score", "4SX-3", "--vul")[1].strip().splitlines()[-1].split()[:2] == ["total", "-800"]
    assert run("score", "3NT=")[1].strip().splitlines()[-1].split()[:2] == ["total", "+400"]


def test_score_json() -> None:
    code, out, _ = run("score", "4SX", "8", "--vul", "--json")
    data = json.loads(out)
    assert code == 0 and data["total"] == -500 and data["undertricks"] == -500 and data["contract"] == "4SX"


def test_score_passed_out_needs_no_tricks() -> None:
    code, out, _ = run("score", "Pass")
    assert code == 0 and out.strip() == "Passed out: 0 to either side"


def test_score_passed_out_with_tricks_is_refused_as_rubber_refuses_it() -> None:
    # `score Pass 3` printed "Passed out" and its JSON gave "tricks": 3, where `pass =` and a rubber's
    # `Pass 3` are refused: no one declared, so no one took tricks.
    code, _, err = run("score", "Pass", "3")
    assert code == 1 and "a passed-out deal has no tricks: '3' (write Pass alone)" in err
    code, out, err = run("score", "-", stdin="pass 3\npass 0\n")
    assert code == 1 and out == "Pass: 0\n"
    assert err == "-:1:6: a passed-out deal has no tricks: '3' (write Pass alone)\n"


def test_score_lines_read_a_passed_out_deals_vulnerability() -> None:
    # `pass vul` was "not a number of tricks: 'vul'": a passed-out deal has no tricks before it.
    code, out, err = run("score", "-", stdin="pass vul\nPass NV\n")
    assert (code, out, err) == (0, "Pass: 0\nPass: 0\n", "")


def test_score_bad_contract_is_one_line_and_exit_1() -> None:
    code, _, err = run("score", "4Q", "8")
    assert code == 1 and "not a contract" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("made", "what"), [("dir", "a directory"), ("file", "a file"), ("", "a file name")])
def test_score_given_a_files_name_says_so_and_what_it_expects_in_one_line(
        made: str, what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`score adir.pbn` read the name as a contract: "'ADIR.PBN' is not a word for Pass, double or ..."."""
    monkeypatch.chdir(tmp_path)
    if made == "dir":
        (tmp_path / "adir.pbn").mkdir()
    elif made == "file":
        (tmp_path / "adir.pbn").write_text('[Board "1"]\n', encoding="utf-8")
    for args in (["adir.pbn"], ["adir.pbn", "9"]):
        code, out, err = run("score", *args)
        assert (code, out) == (1, "")
        assert err == (f"Error: adir.pbn: {what}, not a contract: expected CONTRACT [TRICKS], such as 4SX 8 "
                       "or 3NT= (the results of a file's boards: bridgetools analyze adir.pbn)\n")


@pytest.mark.parametrize("name", ["results.txt", "results"])
def test_score_given_a_file_of_score_lines_suggests_reading_it_from_stdin_which_works(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`score results.txt` suggested `analyze results.txt`, which cannot tell the format of score lines."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text("4SX 8 vul\n3NT 10 nv\n", encoding="utf-8")
    code, out, err = run("score", name)
    assert (code, out) == (1, "")
    assert err.endswith(f"(the score lines of a file: bridgetools score - < {name})\n")
    code, out, _ = run("score", "-", stdin=(tmp_path / name).read_text(encoding="utf-8"))
    assert code == 0 and len(out.splitlines()) == 2  # what it suggests works


def test_score_reads_a_contract_that_is_also_a_files_name_as_the_contract(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "4S").write_text("", encoding="utf-8")
    assert run("score", "4S", "10")[0] == 0


def test_score_impossible_tricks_is_exit_1() -> None:
    code, _, err = run("score", "4S", "14")
    assert code == 1 and "0 to 13" in err


def test_score_tricks_in_other_digits_is_one_line_and_exit_1() -> None:
    code, _, err = run("score", "4S", "¹⁰")
    assert code == 1 and err.strip() == "Error: not a number of tricks: '¹⁰' (expected 0-13, =, +N or -N)"


def test_score_missing_tricks_is_a_usage_error() -> None:
    code, _, err = run("score", "4S")
    assert code == 2 and "TRICKS" in err


def test_score_lines_from_stdin_one_result_per_line() -> None:
    code, out, err = run("score", "-", stdin="4SX 8 vul\n# a comment\n\n3NT 10 nv\n1C =\n")
    assert code == 0 and err == ""
    assert out.splitlines() == ["4SX 8 vul -500", "3NT 10 nv 430", "1C 7 nv 70"]


def test_score_lines_after_a_byte_order_mark_are_read_from_the_first() -> None:
    code, out, err = run("score", "-", stdin="\ufeff4S 10 vul\r\n3NT= nv\r\n")
    assert (code, err) == (0, "")
    assert out.splitlines() == ["4S 10 vul 620", "3NT 9 nv 400"]


def test_score_lines_without_vulnerability_take_the_option() -> None:
    code, out, _ = run("score", "-", "--vul", stdin="4S 10\n4S 10 nv\n")
    assert code == 0 and out.splitlines() == ["4S 10 vul 620", "4S 10 nv 420"]


def test_score_lines_from_stdin_as_json_lines() -> None:
    code, out, _ = run("score", "-", "--json", stdin="4SX 8 vul\n6NT 12 vul\n")
    assert code == 0 and [json.loads(line)["total"] for line in out.splitlines()] == [-500, 1440]


def test_score_stdin_bad_line_reports_line_and_exits_1() -> None:
    code, out, err = run("score", "-", stdin="4SX 8 vul\nfoo 3\n3NT 9\n")
    assert code == 1
    assert out.splitlines() == ["4SX 8 vul -500", "3NT 9 nv 400"]  # the good lines are still scored
    assert err.startswith("-:2:1: not a contract") and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_rubber_prints_the_we_they_sheet_of_the_worked_rubber() -> None:
    code, out, _ = run("rubber", str(SAMPLES / "rubber-worked.txt"))
    assert code == 0
    assert "We" in out and "They" in out and "rubber bonus" in out
    assert out.strip().splitlines()[-1] == "We win by 1310."
    assert out.strip().splitlines()[-2].split() == ["1350", "40", "total"]


def test_rubber_unfinished_sample_credits_law_80() -> None:
    code, out, _ = run("rubber", str(SAMPLES / "rubber-unfinished.txt"))
    assert code == 0 and "unfinished rubber: game" in out and out.strip().endswith("We win by 810.")


def test_rubber_chicago_sample_both_variants() -> None:
    path = str(SAMPLES / "rubber-chicago.txt")
    assert run("rubber", "--chicago", path)[1].strip().endswith("We win by 330.")
    assert run("rubber", "--chicago", "--variant", "duplicate", path)[1].strip().endswith("We win by 180.")


def test_rubber_chicago_sheet_numbers_the_four_deals_played_not_a_passed_out_one(tmp_path: Path) -> None:
    # The passed-out second line is dealt again by the same dealer (not one of the four): 2H by W is the
    # fourth deal, its partscore premium says so, and the sheet numbers it 4, not 5.
    log = tmp_path / "chi.txt"
    log.write_text("1NT N 8\nPass\n2S E 8\n3NT S 9\n2H W 8\n")
    code, out, _ = run("rubber", "--chicago", str(log))
    assert code == 0
    assert "    4  partscore on the fourth deal" in out
    assert "    4  2H by W = (vul)" in out and "    2  2S by E = (vul)" in out
    assert not any(line[16:21].strip() == "5" for line in out.splitlines())


def test_rubber_json() -> None:
    code, out, _ = run("rubber", "--json", str(SAMPLES / "rubber-worked.txt"))
    data = json.loads(out)
    assert code == 0 and (data["we_total"], data["they_total"], data["net"]) == (1350, 40, 1310)
    assert data["finished"] is True and data["kind"] == "rubber"


@pytest.mark.parametrize(("options", "named"), [(["--switched"], "--switched goes"),
                                               (["--variant", "laws", "--first-dealer", "E"],
                                                "--variant and --first-dealer go")])
def test_chicago_options_without_chicago_are_refused(options: list[str], named: str) -> None:
    code, _, err = run("rubber", *options, str(SAMPLES / "rubber-worked.txt"))
    assert code == 2 and f"{named} with --chicago (four-deal bridge)" in err


def test_rubber_reads_stdin() -> None:
    code, out, _ = run("rubber", "-", stdin="4S N 10\n3NT S 9\n")
    assert code == 0 and "We win by 920." in out


def test_rubber_bad_line_names_file_line_and_column(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    log.write_text("4S N 10\n# fine\n3NT Q 9\n", encoding="utf-8")
    code, _, err = run("rubber", str(log))
    assert code == 1 and err.strip() == f"Error: {log}:3:5: not a seat: 'Q' (expected N, E, S or W)"
    assert log.read_text(encoding="utf-8") == "4S N 10\n# fine\n3NT Q 9\n"  # the input is untouched


def test_rubber_deal_after_the_end_is_exit_1() -> None:
    code, _, err = run("rubber", "-", stdin="4S N 10\n3NT S 9\n1C N 7\n")
    assert code == 1 and err.startswith("Error: -:3:1: the rubber was over after deal 2")


def test_rubber_log_is_decoded_as_hand_records_are_latin_1_bom_crlf(tmp_path: Path) -> None:
    latin = tmp_path / "latin.txt"
    latin.write_bytes("4S N 10  # café\n3NT S 9\n".encode("latin-1"))
    assert run("rubber", str(latin))[:2] == (0, run("rubber", "-", stdin="4S N 10\n3NT S 9\n")[1])
    assert run("rubber", "-", stdin="\ufeff4S N 10\r\n3NT S 9\r\n")[1].strip().endswith("We win by 920.")


def test_rubber_missing_file_is_exit_1() -> None:
    code, _, err = run("rubber", "no-such-file.txt")
    assert code == 1 and "no-such-file.txt" in err and "Traceback" not in err


def test_rubber_settle_in_hundreds() -> None:
    code, out, _ = run("rubber", "--settle", "nearest-100-half-down", str(SAMPLES / "rubber-unfinished.txt"))
    assert code == 0 and out.strip().endswith("We win by 810 (settled: 800).")


def test_rubber_unknown_option_value_is_a_usage_error() -> None:
    code, _, err = run("rubber", "--variant", "club", "--chicago", str(SAMPLES / "rubber-chicago.txt"))
    assert code == 2 and "club" in err


def test_help_shows_examples_and_both_commands_are_listed() -> None:
    assert "bridgetools score 4SX 8 --vul" in run("score", "--help")[1]
    assert "rubber-worked.txt" in run("rubber", "-h")[1]
    listing = run("--help")[1]
    assert "score" in listing and "rubber" in listing


# ---- An evening of rubbers: every sheet, then the back score -----------------------------------------
def evening_from_the_library() -> tuple[list[str], list[tuple[str, str, str, str, int]]]:
    """Each rubber's sheet text and (players, North-South margin), scored by the library itself."""
    from bridgetools.scoring import Rubber
    from bridgetools.scoring.log import read_rubbers

    sheets, results = [], []
    for one in read_rubbers((SAMPLES / "rubber-evening.txt").read_text().splitlines()):
        sheet = Rubber([deal for _, deal in one.deals])
        assert one.players is not None
        sheets.append(sheet.sheet())
        results.append((*one.players, sheet.ns_net))
    return sheets, results


def test_rubber_evening_prints_every_rubbers_sheet_and_the_back_score() -> None:
    from bridgetools.scoring import back_score_sheet

    code, out, _ = run("rubber", str(SAMPLES / "rubber-evening.txt"))
    sheets, results = evening_from_the_library()
    assert code == 0 and len(sheets) == 3
    assert all(sheet in out for sheet in sheets)
    assert "1. North Ann, East Bob, South Cat, West Dan (line 5)" in out
    assert out.rstrip("\n").endswith(back_score_sheet(results))


def test_rubber_evening_json_gives_each_rubber_and_the_back_score() -> None:
    import bridgetools as bt

    code, out, _ = run("rubber", "--json", str(SAMPLES / "rubber-evening.txt"))
    data = json.loads(out)
    _, results = evening_from_the_library()
    assert code == 0 and data["back_score"] == bt.back_score(results)
    assert [r["players"] for r in data["rubbers"]] == [dict(zip("NESW", r[:4], strict=True)) for r in results]
    assert [r["back_score"]["Ann"] for r in data["rubbers"]] == [9, -10, -15]


def test_rubber_evening_back_score_may_drop_an_odd_fifty() -> None:
    from bridgetools.scoring import back_score_sheet

    code, out, _ = run("rubber", "--settle", "nearest-100-half-down", str(SAMPLES / "rubber-evening.txt"))
    _, results = evening_from_the_library()
    assert code == 0 and out.rstrip("\n").endswith(back_score_sheet(results, "nearest-100-half-down"))


def test_rubber_evening_bad_players_line_names_file_line_and_column() -> None:
    log = "rubber N=Ann E=Bob S=Cat W=Dan\n4S N 10\nrubber N=Ann E=Bob S=Ann\n"
    code, _, err = run("rubber", "-", stdin=log)
    assert code == 1 and err.strip() == "Error: -:3:20: Ann cannot sit in two seats"


def test_rubber_evening_deal_after_the_end_names_its_line() -> None:
    log = ("rubber N=Ann E=Bob S=Cat W=Dan\n4S N 10\n3NT S 9\n1C N 7\n"
           "rubber N=Ann E=Cat S=Bob W=Dan\n4S N 10\n")
    code, _, err = run("rubber", "-", stdin=log)
    assert code == 1 and err.startswith("Error: -:4:1: the rubber was over after deal 2")


def test_score_lines_in_latin_1_name_the_character_typed_not_an_escape() -> None:
    # A Latin-1 line (a Windows editor's) was shown as '4\udce9': the bytes are read as rubber logs are.
    result = CliRunner().invoke(cli, ["score", "-"], input=b"4\xe9 10\n4S 10 vul\n")
    assert result.exit_code == 1 and result.stdout == "4S 10 vul 620\n"
    assert result.stderr == ("-:1:2: not a contract: '4é': 'É' is not a strain C, D, H, S or NT (expected "
                             "level, strain and X/XX, such as 4SX, or Pass)\n")


def test_score_with_the_result_on_the_contract_and_as_tricks_says_it_is_given_twice() -> None:
    # `4SX-3 10` said "'X-3' after the strain is not X or XX", as if the contract were misspelt.
    code, _, err = run("score", "4SX-3", "10")
    assert code == 2
    assert "the result is written onto the contract (4SX-3) and given again as TRICKS (10)" in err
    code, _, err = run("score", "-", stdin="4SX-3 10 vul\n")
    assert code == 1 and err == ("-:1:7: the result is written onto the contract (-3), so '10' should be "
                                 "'vul' or 'nv': give the result once\n")


def test_duplicate_style_chicago_warns_of_honours_written_in_the_log_and_not_scored() -> None:
    """Duplicate-style Chicago scores no honours: a log that writes them (`honours=EW100`) was scored
    without them and without a word. Each such line is named on stderr; the sheet is as before."""
    log = "3S N 9 honours=EW100\n4H E 10\n2S N 8 honours=NS150\n"
    code, out, err = run("rubber", "--chicago", "--variant", "duplicate", "-", stdin=log)
    assert code == 0 and "honours" not in out
    assert err.splitlines() == [
        "warning: -:1: honours=EW100 not scored: duplicate-style Chicago scores no honours "
        "(--honours scores them)",
        "warning: -:3: honours=NS150 not scored: duplicate-style Chicago scores no honours "
        "(--honours scores them)"]
    for options in (["--honours"], ["--no-honours"], ["--variant", "laws"]):  # asked for, or scored
        code, _, err = run("rubber", "--chicago", *options, "-", stdin=log)
        assert code == 0 and err == "", options


def test_a_passed_out_line_of_score_stdin_is_pass_and_its_score() -> None:
    """`printf 'Pass\\n' | bridgetools score -` printed "Pass 0 nv 0": tricks and a vulnerability for a deal
    no one declared. It prints "Pass: 0"; a contract's line is as it was."""
    code, out, _ = run("score", "-", stdin="Pass\n4S 10 vul\n")
    assert code == 0 and out == "Pass: 0\n4S 10 vul 620\n"
