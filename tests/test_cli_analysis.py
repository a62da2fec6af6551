"""``bridgetools export`` and ``bridgetools analyze`` on small files whose answers are worked out here."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from bridgetools.cli import cli

DEAL_1 = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
DEAL_2 = "E:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def game(board: int, dealer: str, vulnerable: str, deal: str, contract: str, declarer: str,
         result: int) -> str:
    return "\n".join([
        '[Event "Club pairs"]', '[Site "Here"]', '[Date "2025.03.12"]', f'[Board "{board}"]',
        '[West "W"]', '[North "N"]', '[East "E"]', '[South "S"]', f'[Dealer "{dealer}"]',
        f'[Vulnerable "{vulnerable}"]', f'[Deal "{deal}"]', '[Scoring "MP"]', f'[Declarer "{declarer}"]',
        f'[Contract "{contract}"]', f'[Result "{result}"]', "", ""])


# Board 1 (nobody vulnerable) in three games: 3NT by South making 10 (+430) and 9 (+400), 4S by North
# making 9 (one down, -50). Board 2 (North-South vulnerable) in two: 2H by East making 8 (EW +110, so
# North-South -110) and 3NT by North making 8 (one down vulnerable, -100).
PAIRS = "".join([
    game(1, "N", "None", DEAL_1, "3NT", "S", 10),
    game(1, "N", "None", DEAL_1, "4S", "N", 9),
    game(1, "N", "None", DEAL_1, "3NT", "S", 9),
    game(2, "E", "NS", DEAL_2, "2H", "E", 8),
    game(2, "E", "NS", DEAL_2, "3NT", "N", 8),
])


def without_tag(text: str, tag: str) -> str:
    """A game's PBN text without its ``tag``."""
    return "\n".join(line for line in text.split("\n") if not line.startswith(f"[{tag} "))


@pytest.fixture
def pairs(tmp_path: Path) -> Path:
    path = tmp_path / "pairs.pbn"
    path.write_text(PAIRS, encoding="ascii")
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), \
        result.exception
    return result.exit_code, result.stdout, result.stderr


def by(stdout: str, key: str) -> dict[object, dict[str, object]]:
    return {row[key]: row for row in json.loads(stdout)}


def test_analyze_by_contract_gives_the_figures_worked_out_by_hand(pairs: Path) -> None:
    code, out, _ = run("analyze", str(pairs), "--by", "contract", "--format", "json")
    assert code == 0
    rows = by(out, "contract")
    assert list(rows) == ["2H", "3NT", "4S"]  # in bidding order
    # 3NT three times: +430 (made, +1), +400 (made, =), -100 (one down): 2 of 3 made.
    three_nt = rows["3NT"]
    assert three_nt["count"] == 3
    assert three_nt["make_pct"] == round(100 * 2 / 3, 4)
    assert three_nt["avg_score"] == round((430 + 400 - 100) / 3, 4)
    assert three_nt["avg_result"] == round((1 + 0 - 1) / 3, 4)
    # Matchpoints, board 1 (NS +430, -50, +400; top 4): 4 and 2 -> 100% and 50%. Board 2 (NS -110 and -100,
    # top 2): -100 beats -110 -> 100%. Average (100 + 50 + 100) / 3.
    assert three_nt["avg_mp_pct"] == round((100 + 50 + 100) / 3, 4)
    # Cross-IMPs, board 1: +430 vs -50 (480: 10) and +400 (30: 1) -> 11 / 2; +400: (450: 10) + (-30: -1)
    # -> 9 / 2. Board 2: -100 vs -110 (10: 0 IMPs) -> 0.
    assert three_nt["avg_ximps"] == round((5.5 + 4.5 + 0) / 3, 4)
    # Butler, board 1: drop +430 and -50, datum 400: +430 is 1 IMP, +400 is 0. Board 2: the mean of -110
    # and -100 is -105, to the even ten -100: -100 is 0.
    assert three_nt["avg_butler"] == round((1 + 0 + 0) / 3, 4)
    # 2H by East, +110 for East-West; East-West's matchpoints are the complement of North-South's 0%.
    assert rows["2H"] == {"contract": "2H", "count": 1, "make_pct": 100.0, "avg_score": 110.0,
                          "avg_result": 0.0, "avg_mp_pct": 100.0, "avg_ximps": 0.0, "avg_butler": 0.0}
    # 4S by North one down: -50; it beats nobody on board 1; -480 and -450 are -10 IMPs each.
    assert rows["4S"] == {"contract": "4S", "count": 1, "make_pct": 0.0, "avg_score": -50.0,
                          "avg_result": -1.0, "avg_mp_pct": 0.0, "avg_ximps": -10.0, "avg_butler": -10.0}


# Board 1 as a club's hand record gives it: its own result, 3NT by East making 9, is also the first row of
# its ScoreTable, and the second row is 4S by East making 10.
SCORED = game(1, "N", "None", DEAL_1, "3NT", "E", 9).rstrip() + "\n" + "\n".join([
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer;Result\\2R;Score_NS\\5R"]',
    " 1  2 3NT  E  9  -400",
    " 3  4 4S   E 10  -420", "", ""])


def test_analyze_counts_a_result_its_score_table_repeats_once(tmp_path: Path) -> None:
    path = tmp_path / "scored.pbn"
    path.write_text(SCORED, encoding="ascii")
    code, out, _ = run("analyze", str(path), "--by", "board", "--format", "json")
    assert code == 0
    # Two results, not three: East-West +400 (3NT=) and +420 (4S=), nobody vulnerable.
    # As North-South -400 beats -420: North-South 100% and 0%, so the declaring side's 0% and 100%.
    # Cross-IMPs: 20 apart is 1 IMP, -1 and +1 for the declarers. Butler: the datum of two results is
    # their mean, -410, to the even ten -410: 10 apart is 0 IMPs each.
    assert by(out, "board")[1] == {"board": 1, "file": str(path), "deal": DEAL_1,
                                   "count": 2, "make_pct": 100.0, "avg_score": (400 + 420) / 2,
                                   "avg_result": 0.0, "avg_mp_pct": (0 + 100) / 2,
                                   "avg_ximps": (-1 + 1) / 2, "avg_butler": 0.0}


def test_analyze_by_board_groups_board_1_of_two_files_by_deal(tmp_path: Path) -> None:
    # Two sessions, each numbering from 1: a.pbn's board 1 is DEAL_1 (3NT= by South, +400), b.pbn's another
    # deal (2H by East making 8); c.pbn plays a.pbn's deal again (+430). One row per deal, the other deal's
    # row labelled by its file.
    other = "N:JT9.AQ2.KQJ.AKQJ AKQ2.KJ3.T98.432 876.T98.765.T987 543.7654.A432.65"
    (tmp_path / "a.pbn").write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 9), encoding="ascii")
    (tmp_path / "b.pbn").write_text(game(1, "N", "None", other, "2H", "E", 8), encoding="ascii")
    (tmp_path / "c.pbn").write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 10), encoding="ascii")
    files = [str(tmp_path / name) for name in ("a.pbn", "b.pbn", "c.pbn")]
    code, out, _ = run("analyze", *files, "--by", "board")
    assert code == 0
    rows = {line.split("  ")[0].strip(): line.split() for line in out.splitlines()[1:]}
    assert list(rows) == [f"1 ({files[0]})", f"1 ({files[1]})"]
    assert rows[f"1 ({files[0]})"][2:4] == ["2", "100.0"] and rows[f"1 ({files[1]})"][2:4] == ["1", "100.0"]
    code, out, _ = run("analyze", *files, "--by", "board", "--format", "json")
    assert code == 0
    assert [(r["board"], r["file"], r["count"], r["avg_score"]) for r in json.loads(out)] == [
        (1, files[0], 2, 415.0), (1, files[1], 1, 110.0)]
    code, out, _ = run("analyze", files[0], files[2], "--by", "board")
    assert code == 0 and out.splitlines()[1].split()[:2] == ["1", "2"]  # one deal: labelled 1


def test_analyze_by_board_gives_board_one_type_with_its_file_and_deal_in_json_and_csv(tmp_path: Path) -> None:
    # Board 1 of a.pbn and of b.pbn are other deals (rows labelled "1 (a.pbn)" in the text table); board 2 is
    # one deal. The machine formats give every row's board as a number, with the file and deal beside it.
    other = "N:JT9.AQ2.KQJ.AKQJ AKQ2.KJ3.T98.432 876.T98.765.T987 543.7654.A432.65"
    a, b = tmp_path / "a.pbn", tmp_path / "b.pbn"
    a.write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 9) + game(2, "E", "NS", DEAL_2, "2H", "E", 8),
                 encoding="ascii")
    b.write_text(game(1, "N", "None", other, "2H", "E", 8), encoding="ascii")
    deal_2 = "N:543.7654.A432.65 AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987"  # DEAL_2 from North
    code, out, _ = run("analyze", str(a), str(b), "--by", "board", "--format", "json")
    assert code == 0
    assert [(r["board"], r["file"], r["deal"], r["count"]) for r in json.loads(out)] == [
        (1, str(a), DEAL_1, 1), (1, str(b), other, 1), (2, str(a), deal_2, 1)]
    code, out, _ = run("analyze", str(a), str(b), "--by", "board", "--format", "csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("board,file,deal,count,")
    assert [line.split(",")[:4] for line in lines[1:]] == [
        ["1", str(a), DEAL_1, "1"], ["1", str(b), other, "1"], ["2", str(a), deal_2, "1"]]


def test_a_board_summary_sorts_its_rows_in_board_order_as_the_plot_does(tmp_path: Path) -> None:
    # --plot sorts the groups it draws: board 10 after board 2, not between 1 and 2 as text would sort them.
    from bridgetools.analysis.pipeline import load_results
    from bridgetools.analysis.summary import COLUMNS, summarise

    path = tmp_path / "long.pbn"
    path.write_text("".join(game(n, "N", "None", DEAL_1, "3NT", "S", 9) for n in (1, 2, 10)),
                    encoding="ascii")
    frame, _ = load_results([str(path)], list(COLUMNS))
    assert [str(label) for label in summarise(frame, "board").sort_index().index] == ["1", "2", "10"]


def test_analyze_by_board_counts_a_result_without_its_deal_with_its_boards_one_deal(tmp_path: Path) -> None:
    # A room that does not give its deal (a vugraph room without its md) is its board's one deal.
    no_deal = "\n".join(line for line in game(1, "N", "None", DEAL_1, "3NT", "S", 10).split("\n")
                        if not line.startswith("[Deal "))
    path = tmp_path / "rooms.pbn"
    path.write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 9) + no_deal, encoding="ascii")
    code, out, _ = run("analyze", str(path), "--by", "board", "--format", "json")
    assert code == 0
    assert list(by(out, "board")) == [1] and by(out, "board")[1]["count"] == 2


def test_analyze_by_board_keeps_a_room_without_its_deal_with_its_own_files_deal(tmp_path: Path) -> None:
    # rooms.pbn: board 1 in two rooms, the second without its deal; other.pbn deals another board 1. The
    # second room is rooms.pbn's board 1, as in its field, not a board of its own ("1 (rooms.pbn #2)").
    other = "N:JT9.AQ2.KQJ.AKQJ AKQ2.KJ3.T98.432 876.T98.765.T987 543.7654.A432.65"
    no_deal = "\n".join(line for line in game(1, "N", "None", DEAL_1, "3NT", "S", 10).split("\n")
                        if not line.startswith("[Deal "))
    rooms, elsewhere = tmp_path / "rooms.pbn", tmp_path / "other.pbn"
    rooms.write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 9) + no_deal, encoding="ascii")
    elsewhere.write_text(game(1, "N", "None", other, "2H", "E", 8), encoding="ascii")
    code, out, _ = run("analyze", str(rooms), str(elsewhere), "--by", "board", "--format", "json")
    assert code == 0
    assert [(r["board"], r["file"], r["count"]) for r in json.loads(out)] == [
        (1, str(rooms), 2), (1, str(elsewhere), 1)]


def test_export_without_dd_names_the_dd_option_given(pairs: Path, tmp_path: Path) -> None:
    code, _, err = run("export", str(pairs), "-o", str(tmp_path / "y.parquet"), "--verify-dd")
    assert code == 2 and "--verify-dd goes with --dd" in err and "--dd-cache" not in err
    code, _, err = run("export", str(pairs), "-o", str(tmp_path / "y.parquet"), "--dd-cache", "t.sqlite",
                       "--verify-dd")
    assert code == 2 and "--dd-cache and --verify-dd go with --dd" in err


def test_export_with_a_dd_cache_that_is_no_cache_stops_at_once_on_one_line_naming_it(
        pairs: Path, tmp_path: Path) -> None:
    """Said per input before, as though the input could not be read, then 'no input could be read'."""
    cache = tmp_path / "notes.pbn"
    cache.write_text("not a database\n")
    out = tmp_path / "y.parquet"
    code, _, err = run("export", "--dd", "--dd-cache", str(cache), str(pairs), "-o", str(out))
    assert code == 1
    assert err.strip().splitlines() == [f"Error: {cache}: not a double-dummy table cache (file is not a "
                                        "database); name a new file or one a cache was kept in"]
    assert not out.exists() and cache.read_text() == "not a database\n"


def test_analyze_says_so_when_no_board_has_a_contract(tmp_path: Path) -> None:
    path = tmp_path / "dealt.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{DEAL_1}"]\n', encoding="ascii")
    code, out, err = run("analyze", str(path))
    assert code == 1 and out == ""
    assert "no results to analyse: the inputs hold 1 board, none with a contract" in err


def test_analyze_by_pair_says_so_when_no_board_has_a_contract(tmp_path: Path) -> None:
    path = tmp_path / "dealt.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{DEAL_1}"]\n', encoding="ascii")
    code, out, err = run("analyze", str(path), "--by", "pair")
    assert code == 1 and out == ""
    assert err.strip() == "Error: no results to analyse: the inputs hold 1 board, none with a contract"


def test_analyze_of_one_file_that_holds_no_board_fails_on_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.pbn"
    path.write_text("hello\n", encoding="ascii")
    code, out, err = run("analyze", str(path))
    assert code == 1 and out == ""
    assert err.strip().splitlines() == [
        f"Error: {path}:1:1: no boards found (read as PBN); first problem: no PBN tag pair: expected tags "
        "such as [Board \"1\"] and [Deal \"N:AKQ2.KJ3...\"], found 'hello'"]


def test_analyze_by_declarer_vulnerability(pairs: Path) -> None:
    code, out, _ = run("analyze", str(pairs), "--by", "vulnerable", "--format", "json")
    assert code == 0
    rows = by(out, "vulnerable")
    # Only North's 3NT on board 2 was declared vulnerable.
    assert rows["vul"]["count"] == 1 and rows["vul"]["avg_score"] == -100.0
    assert rows["not vul"]["count"] == 4


def test_analyze_prints_an_aligned_text_table_by_default(pairs: Path) -> None:
    code, out, _ = run("analyze", str(pairs), "--by", "strain")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["strain", "count", "make"]
    assert [line.split()[0] for line in lines[1:]] == ["H", "S", "NT"]
    assert len({len(line) for line in lines}) == 1


@pytest.mark.parametrize("fmt", ["csv", "markdown"])
def test_analyze_prints_csv_and_markdown(pairs: Path, fmt: str) -> None:
    code, out, _ = run("analyze", str(pairs), "--by", "level", "--format", fmt)
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("level,count,make_pct") if fmt == "csv" else first.startswith("| level | count |")


def test_analyze_writes_the_format_an_output_s_suffix_names(pairs: Path, tmp_path: Path) -> None:
    out = tmp_path / "levels.csv"
    code, _, err = run("analyze", str(pairs), "--by", "level", "-o", str(out))
    assert code == 0, err
    assert out.read_text(encoding="utf-8").startswith("level,count,make_pct")



@pytest.mark.parametrize("name", ["levels.pdf", "levels.parquet", "levels.docx"])
def test_analyze_refuses_an_output_named_for_a_kind_of_file_it_does_not_write(pairs: Path, tmp_path: Path,
                                                                              name: str) -> None:
    # The text table went under levels.pdf (or .parquet), where convert, deal and export refuse such names.
    out = tmp_path / name
    code, _, err = run("analyze", str(pairs), "--by", "level", "-o", str(out))
    assert code == 2 and f"analyze does not write {out.suffix} files" in err
    assert not out.exists()


def test_analyze_refuses_a_format_other_than_the_one_its_output_names(pairs: Path, tmp_path: Path) -> None:
    out = tmp_path / "levels.csv"
    code, _, err = run("analyze", str(pairs), "-f", "json", "-o", str(out))
    assert code == 2
    assert f"{out} names a csv file but --format is json" in err
    assert not out.exists()

def test_analyze_csv_gives_the_same_figures_as_json(pairs: Path) -> None:
    _, as_json, _ = run("analyze", str(pairs), "--format", "json")
    _, as_csv, _ = run("analyze", str(pairs), "--format", "csv")
    header, *lines = as_csv.splitlines()
    rows = [dict(zip(header.split(","), line.split(","), strict=True)) for line in lines]
    for row, expected in zip(rows, json.loads(as_json), strict=True):
        figures = {k: None if v == "" else v if k == "contract" else float(v) for k, v in row.items()}
        assert figures == expected
    # e.g. 3NT's average score (430 + 400 - 100) / 3 = 243.3333, not 243.3
    assert rows[1]["avg_score"] == "243.3333"


def test_export_then_analyze_the_parquet_file_gives_the_same_summary(pairs: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "pairs.parquet"
    code, _, err = run("export", str(pairs), "-o", str(out_file), "--calls", "--plays")
    assert code == 0, err
    assert pq.read_table(out_file).num_rows == 5
    assert (tmp_path / "pairs.calls.parquet").exists() and (tmp_path / "pairs.plays.parquet").exists()
    _, from_parquet, _ = run("analyze", str(out_file), "--format", "json")
    _, from_pbn, _ = run("analyze", str(pairs), "--format", "json")
    assert from_parquet == from_pbn


def test_export_s_bar_counts_the_bytes_of_the_files_it_reads(
        pairs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.cli import common

    steps: list[tuple[int | None, int]] = []

    class Bar:
        hidden = False

        def __init__(self, length: int | None, label: str, quiet: bool = False) -> None:
            self.length = length

        def __enter__(self) -> Bar:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

        def update(self, n: int) -> None:
            steps.append((self.length, n))

    monkeypatch.setattr(common, "progress_bar", Bar)
    code, _, err = run("export", str(pairs), "-o", str(tmp_path / "pairs.parquet"))
    assert code == 0, err
    size = pairs.stat().st_size
    assert {length for length, _ in steps} == {size} and sum(n for _, n in steps) == size


def test_export_takes_directories_and_glob_patterns(pairs: Path, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "again.pbn").write_text(PAIRS.replace("2025.03.12", "2025.03.19"), encoding="ascii")
    out_file = tmp_path / "all.parquet"
    code, _, err = run("export", str(tmp_path / "sub"), str(tmp_path / "*.pbn"), "-o", str(out_file))
    assert code == 0, err
    table = pq.read_table(out_file, columns=["file", "board_id"])
    assert table.num_rows == 10
    assert table.column("board_id").to_pylist() == list(range(10))


def test_export_with_worker_processes_writes_the_same_rows(pairs: Path, tmp_path: Path) -> None:
    second = tmp_path / "second.pbn"
    second.write_text(PAIRS, encoding="ascii")
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    assert run("export", str(pairs), str(second), "-o", str(one))[0] == 0
    assert run("export", str(pairs), str(second), "-o", str(two), "--jobs", "2")[0] == 0
    columns = ["board_id", "file", "contract", "score_ns", "mp_ns"]
    assert pq.read_table(one, columns=columns).equals(pq.read_table(two, columns=columns))


def test_a_missing_file_is_one_line_and_the_others_are_still_exported(pairs: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "out.parquet"
    code, _, err = run("export", str(tmp_path / "missing.pbn"), str(pairs), "-o", str(out_file))
    assert code == 1
    assert f"{tmp_path / 'missing.pbn'}: No such file or directory" in err
    assert "Traceback" not in err
    assert pq.read_table(out_file).num_rows == 5


@pytest.mark.parametrize("command", ["analyze", "export"])
def test_a_warning_about_one_board_leaves_the_exit_code_0(command: str, tmp_path: Path) -> None:
    warned = tmp_path / "warned.pbn"  # a Score the result does not give: well-formed, a disagreement
    warned.write_text(PAIRS.replace('[Result "10"]', '[Result "10"]\n[Score "NS 999"]', 1), encoding="ascii")
    out = ["-o", str(tmp_path / "out.parquet")] if command == "export" else []
    code, _, err = run(command, str(warned), *out)
    assert f"{warned}:" in err and "999" in err
    assert code == 0


@pytest.mark.parametrize("command", ["analyze", "export"])
def test_a_tag_value_that_is_no_value_of_its_kind_makes_the_exit_code_1(command: str, tmp_path: Path) -> None:
    warned = tmp_path / "warned.pbn"
    warned.write_text(PAIRS.replace('[Vulnerable "None"]', '[Vulnerable "Nobody"]', 1), encoding="ascii")
    out = ["-o", str(tmp_path / "out.parquet")] if command == "export" else []
    code, _, err = run(command, str(warned), *out)
    assert f"{warned}:" in err and "Nobody" in err
    assert code == 1 and err.splitlines()[-1].startswith(f"{warned}: 1 problem of syntax")


def test_a_file_that_is_not_a_hand_record_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_bytes(b"\x00\xff garbage [Board")
    code, _, err = run("analyze", str(bad))
    assert code == 1
    assert "Traceback" not in err
    assert all(line.startswith(str(bad)) or line.startswith("Error:") for line in err.splitlines())


def test_a_parquet_file_that_is_not_parquet_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.parquet"
    bad.write_text("not parquet")
    code, _, err = run("analyze", str(bad))
    assert code == 1
    assert len(err.splitlines()) == 1 and err.startswith(f"Error: {bad}: cannot read")


def test_analyze_of_the_calls_table_says_to_give_the_boards_file(pairs: Path, tmp_path: Path) -> None:
    out = tmp_path / "club.parquet"
    assert run("export", str(pairs), "-o", str(out), "--calls")[0] == 0
    code, _, err = run("analyze", str(tmp_path / "club.calls.parquet"))
    assert code == 1
    assert err == (f"Error: {tmp_path / 'club.calls.parquet'}: the calls table of an export, not its boards: "
                   "give the boards file (OUT.parquet beside OUT.calls.parquet)\n")


def test_analyze_quiet_still_names_a_file_it_could_not_read(pairs: Path, tmp_path: Path) -> None:
    code, out, err = run("analyze", str(tmp_path / "missing.pbn"), str(pairs), "-q")
    assert code == 1 and "3NT" in out
    assert err == f"{tmp_path / 'missing.pbn'}: No such file or directory\n"


def test_an_export_of_which_no_input_reads_fails_and_leaves_the_output_as_it_was(tmp_path: Path) -> None:
    bad, output = tmp_path / "notes.pbn", tmp_path / "season.parquet"
    bad.write_text("hello\n", encoding="ascii")
    output.write_bytes(b"last week's export")
    code, _, err = run("export", str(bad), "-o", str(output))
    assert code == 1 and "nothing exported" in err.strip().splitlines()[-1]
    assert output.read_bytes() == b"last week's export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.pbn", "season.parquet"]  # no temporary


def test_export_refuses_an_output_named_for_another_format(tmp_path: Path, pairs: Path) -> None:
    code, _, err = run("export", str(pairs), "-o", str(tmp_path / "season.csv"))
    assert code == 2
    assert "export writes Parquet, but" in err and "names a .csv file" in err
    assert not (tmp_path / "season.csv").exists()


def test_export_to_a_hand_record_name_points_to_convert_not_to_a_csv(tmp_path: Path, pairs: Path) -> None:
    code, _, err = run("export", str(pairs), "-o", str(tmp_path / "copy.pbn"))
    assert code == 2
    assert "bridgetools convert INPUTS -o" in err and "as PBN" in err and "to_csv" not in err


def test_export_to_stdout_writes_the_parquet_there(pairs: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["export", str(pairs), "-o", "-", "-q"])
    assert result.exit_code == 0, result.stderr
    (tmp_path / "piped.parquet").write_bytes(result.stdout_bytes)
    assert pq.read_table(tmp_path / "piped.parquet").num_rows == 5


def test_export_to_stdout_refuses_the_tables_written_beside_the_output(pairs: Path) -> None:
    code, out, err = run("export", str(pairs), "-o", "-", "--calls")
    assert code == 2 and out == "" and "give -o a file name" in err


def test_plot_draws_a_png(pairs: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    image = tmp_path / "plot.png"
    code, _, err = run("analyze", str(pairs), "--plot", str(image))
    assert code == 0, err
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_names_a_boards_file_by_its_name_alone() -> None:
    # A whole path in each label ran the --by board plot's tick labels into one another.
    from bridgetools.analysis.summary import plot_labels

    assert plot_labels(["1 (/club/2026/monday.pbn)", "1 (/club/2026/tuesday.pbn #2)", "2", "3NT"]) == [
        "1 (monday.pbn)", "1 (tuesday.pbn #2)", "2", "3NT"]


def test_plot_without_matplotlib_says_how_to_install_it(pairs: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, _, err = run("analyze", str(pairs), "--plot", str(tmp_path / "plot.png"))
    assert code == 1
    assert "pip install 'bridgetools[plot]'" in err
    assert not (tmp_path / "plot.png").exists()


def test_analyze_reads_a_hand_record_from_stdin() -> None:
    result = CliRunner().invoke(cli, ["analyze", "-", "--format", "json"], input=PAIRS)
    assert result.exit_code == 0, result.output
    assert sum(row["count"] for row in json.loads(result.stdout)) == 5


@pytest.mark.parametrize("name", ["season.pq", "season"])
def test_analyze_reads_an_export_written_under_any_name_export_takes(pairs: Path, tmp_path: Path,
                                                                     name: str) -> None:
    out_file = tmp_path / name
    assert run("export", str(pairs), "-o", str(out_file))[0] == 0
    code, out, err = run("analyze", str(out_file), "--format", "json")
    assert code == 0, err
    assert sum(row["count"] for row in json.loads(out)) == 5


def test_analyze_of_a_directory_finds_the_exports_named_pq(pairs: Path, tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    assert run("export", str(pairs), "-o", str(folder / "season.pq"))[0] == 0
    code, out, err = run("analyze", str(folder), "--format", "json")
    assert code == 0, err
    assert sum(row["count"] for row in json.loads(out)) == 5


def test_analyze_reads_an_export_piped_to_stdin(pairs: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "season.parquet"
    assert run("export", str(pairs), "-o", str(out_file))[0] == 0
    result = CliRunner().invoke(cli, ["analyze", "-", "--format", "json"], input=out_file.read_bytes())
    assert result.exit_code == 0, result.output
    assert sum(row["count"] for row in json.loads(result.stdout)) == 5


def test_export_makes_one_field_of_a_board_played_in_several_games_of_a_file(tmp_path: Path) -> None:
    # PAIRS, plus board 1 once more with another deal (the same number in another set of boards).
    other_deal = "N:JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65 AKQ2.KJ3.T98.432"
    path = tmp_path / "pairs.pbn"
    path.write_text(PAIRS + game(1, "N", "None", other_deal, "1NT", "N", 7), encoding="ascii")
    out_file = tmp_path / "pairs.parquet"
    code, _, err = run("export", str(path), "-o", str(out_file))
    assert code == 0, err
    rows = pq.read_table(out_file, columns=["board", "game", "score_ns", "field_size", "mp_ns",
                                            "team_imps"]).to_pylist()
    # Games 0-2, board 1: +430, -50, +400 are one field of three (top 4): +430 beats both (4), -50 none
    # (0), +400 one (2). Games 3-4, board 2: -110 and -100, a field of two: -100 beats -110 (2 to 0).
    # Game 5, board 1 with another deal (+90, 1NT made): alone in its field.
    assert [(r["board"], r["score_ns"], r["field_size"], r["mp_ns"]) for r in rows] == [
        (1, 430, 3, 4.0), (1, -50, 3, 0.0), (1, 400, 3, 2.0), (2, -110, 2, 0.0), (2, -100, 2, 2.0),
        (1, 90, 1, None)]
    assert [r["game"] for r in rows] == [0, 1, 2, 3, 4, 5]
    assert all(r["team_imps"] is None for r in rows)  # no rooms: not a team match


# A two-board vugraph match: each board in the open room (qx|o..) and the closed room (qx|c..), the deal
# of DEAL_1 given as South, West, North (md|3: North deals board 1; md|4: East deals board 2).
HANDS = "S876HT98D765CT987,S543H7654DA432C65,SAKQ2HKJ3DT98C432,"
VUGRAPH = "\n".join([
    "vg|Test teams,Round 1,I,1,2,Home,0,Away,0|",
    "pn|Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal|pg||",
    f"qx|o1|md|3{HANDS}|sv|o|mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|mc|9|pg||",
    f"qx|c1|md|3{HANDS}|sv|o|mb|1C|mb|X|mb|p|mb|3N|mb|p|mb|p|mb|p|mc|10|pg||",
    f"qx|o2|md|4{HANDS}|sv|n|mb|p|mb|p|mb|p|mb|4S|mb|p|mb|p|mb|p|mc|8|pg||",
    f"qx|c2|md|4{HANDS}|sv|n|mb|p|mb|p|mb|p|mb|1N|mb|p|mb|p|mb|p|mc|7|pg||",
    ""])


def test_export_scores_a_vugraph_match_room_against_room(tmp_path: Path) -> None:
    path = tmp_path / "match.lin"
    path.write_text(VUGRAPH, encoding="ascii")
    out_file = tmp_path / "match.parquet"
    code, _, err = run("export", str(path), "-o", str(out_file))
    assert code == 0, err
    rows = pq.read_table(out_file, columns=["board", "room", "contract", "declarer", "score_ns",
                                            "field_size", "ximp_ns", "team_imps"]).to_pylist()
    # Board 1, nobody vulnerable: open room 3NT by East making 9 (NS -400), closed room 3NT by West
    # making 10 (NS -430). The team North-South in the open room is 30 up: 1 IMP (20-40).
    # Board 2, North-South vulnerable: open room 4S by North making 8 (two down vulnerable, -200), closed
    # room 1NT by North making 7 (40 + 50 = +90). That team is 290 down: -7 IMPs (270-310).
    assert [(r["board"], r["room"], r["contract"], r["declarer"], r["score_ns"]) for r in rows] == [
        (1, "open", "3NT", "E", -400), (1, "closed", "3NT", "W", -430),
        (2, "open", "4S", "N", -200), (2, "closed", "1NT", "N", 90)]
    assert [r["field_size"] for r in rows] == [2, 2, 2, 2]
    assert [r["team_imps"] for r in rows] == [1, 1, -7, -7]
    assert [r["ximp_ns"] for r in rows] == [1.0, -1.0, -7.0, 7.0]  # each room's NS against the other's


def test_a_closed_room_without_the_deal_is_still_scored_against_the_open_room(tmp_path: Path) -> None:
    path = tmp_path / "match.lin"
    closed_rooms_without_md = [line.replace(f"md|3{HANDS}|", "").replace(f"md|4{HANDS}|", "")
                               if line.startswith("qx|c") else line for line in VUGRAPH.split("\n")]
    path.write_text("\n".join(closed_rooms_without_md), encoding="ascii")
    out_file = tmp_path / "match.parquet"
    code, _, err = run("export", str(path), "-o", str(out_file))
    assert code == 0, err
    rows = pq.read_table(out_file, columns=["room", "deal", "score_ns", "team_imps"]).to_pylist()
    assert [r["deal"] is None for r in rows] == [False, True, False, True]
    assert [r["team_imps"] for r in rows] == [1, 1, -7, -7]  # as worked out for the full match above


def test_export_counts_as_results_only_the_rows_analyze_analyses(tmp_path: Path, pairs: Path) -> None:
    dealt = tmp_path / "dealt.pbn"
    dealt.write_text(f'[Board "1"]\n[Deal "{DEAL_1}"]\n\n[Board "2"]\n[Deal "{DEAL_2}"]\n', encoding="ascii")
    code, _, err = run("export", str(dealt), "-o", str(tmp_path / "dealt.parquet"))
    assert code == 0
    assert "2 boards, 0 results (no board has a contract) from 1 file" in err
    code, _, err = run("analyze", str(tmp_path / "dealt.parquet"))
    assert code == 1 and "the inputs hold 2 boards, none with a contract" in err
    code, _, err = run("export", str(pairs), str(dealt), "-o", str(tmp_path / "both.parquet"))
    assert code == 0 and "7 boards, 5 results from 2 files" in err
    code, out, _ = run("analyze", str(tmp_path / "both.parquet"), "--format", "json")
    assert sum(row["count"] for row in json.loads(out)) == 5


def test_export_files_is_the_library_side_of_the_export_command(tmp_path: Path, pairs: Path) -> None:
    from bridgetools.analysis.pipeline import export_files

    missing = str(tmp_path / "missing.pbn")
    failures: list[str] = []
    report = export_files([str(pairs), missing], tmp_path / "out.parquet",
                          calls_path=tmp_path / "out.calls.parquet", on_failure=failures.append)
    assert (report.files, report.boards, report.results, report.rows) == (2, 5, 5, 5)
    assert len(failures) == 1 and failures[0].startswith(missing) and report.failed == failures
    assert pq.read_table(tmp_path / "out.parquet").num_rows == 5
    assert (tmp_path / "out.calls.parquet").exists()


def test_export_counts_only_the_files_it_read_and_names_those_skipped(tmp_path: Path, pairs: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text("")
    code, _, err = run("export", str(pairs), str(empty), "-o", str(tmp_path / "both.parquet"))
    assert code == 1
    assert "5 boards, 5 results from 1 file (1 file skipped)" in err


def test_export_writes_large_counts_with_thousands_separators_as_the_docs_show(tmp_path: Path) -> None:
    dealt = tmp_path / "dealt.pbn"
    boards = "".join(f'[Board "{n}"]\n[Deal "{DEAL_1}"]\n\n' for n in range(1, 1001))
    dealt.write_text(boards, encoding="ascii")
    code, _, err = run("export", str(dealt), "-o", str(tmp_path / "dealt.parquet"))
    assert code == 0 and "1,000 boards, 0 results" in err


def test_export_given_an_earlier_export_names_it_as_parquet(pairs: Path, tmp_path: Path) -> None:
    # `export 'club/*' -o club/a.parquet`, then again to another name: the first export is among the inputs.
    first = tmp_path / "first.parquet"
    assert run("export", str(pairs), "-o", str(first))[0] == 0
    code, _, err = run("export", str(pairs), str(first), "-o", str(tmp_path / "second.parquet"))
    assert code == 1
    assert f"{first}: no boards found: a Parquet file (an export?), not a hand-record file" in err
    assert "bridgetools analyze reads exports" in err


def analyze_with_a_tag_missing(path: Path, tag: str, by: str) -> tuple[list[dict[str, object]], str]:
    """``analyze --by BY --format json`` of two results, the first 1NT making 8 by North without its
    ``tag``, the second 2H making 8 by East on board 2: the records and stderr."""
    path.write_text(without_tag(game(1, "N", "None", DEAL_1, "1NT", "N", 8), tag)
                    + game(2, "E", "NS", DEAL_2, "2H", "E", 8), encoding="ascii")
    code, out, err = run("analyze", str(path), "--by", by, "--format", "json")
    assert code == 0, err
    return json.loads(out), err


def test_analyze_by_declarer_counts_a_result_whose_file_names_no_declarer(tmp_path: Path) -> None:
    # --by strain counts two results, so must --by declarer (the first under "-", as a passed-out board
    # is), not one.
    rows, _ = analyze_with_a_tag_missing(tmp_path / "unnamed.pbn", "Declarer", "declarer")
    assert {r["declarer"]: r["count"] for r in rows} == {"E": 1, "-": 1}


def test_analyze_by_board_warns_of_the_results_without_a_board_number(tmp_path: Path) -> None:
    # The result with no Board tag is in no board's row, and the warning says so (it was dropped unseen).
    path = tmp_path / "unnumbered.pbn"
    rows, err = analyze_with_a_tag_missing(path, "Board", "board")
    assert [r["board"] for r in rows] == [2]
    assert f"warning: {path}: 1 result without a board number left out of --by board" in err


def test_analyze_by_board_counts_the_tables_of_a_traveller_row_without_a_board_number(tmp_path: Path) -> None:
    # A ScoreTable row standing for three tables is three results, as --by contract counts it.
    path = tmp_path / "traveller.pbn"
    path.write_text(f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL_1}"]\n'
                    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;'
                    'Multiplicity\\2R"]\n 1  2 3NT  E  9  3\n 3  4 4S   N  10 -\n\n'
                    + game(2, "E", "NS", DEAL_2, "2H", "E", 8), encoding="ascii")
    code, _, err = run("analyze", str(path), "--by", "board")
    assert code == 0, err
    assert f"warning: {path}: 4 results without a board number left out of --by board" in err


def test_analyze_of_a_directory_reads_an_export_made_with_calls_and_plays(pairs: Path,
                                                                          tmp_path: Path) -> None:
    # The long tables beside the boards file are part of the export: the directory is read without them
    # (named alone, the calls table is still refused).
    folder = tmp_path / "exports"
    folder.mkdir()
    assert run("export", str(pairs), "-o", str(folder / "season.parquet"), "--calls", "--plays")[0] == 0
    for given in (str(folder), str(folder / "*")):
        code, out, err = run("analyze", given, "--format", "json")
        assert code == 0, err
        assert sum(row["count"] for row in json.loads(out)) == 5
    assert run("analyze", str(folder / "season.calls.parquet"))[0] == 1


def test_analyze_reads_an_export_by_an_older_version_without_a_newer_column(pairs: Path,
                                                                             tmp_path: Path) -> None:
    # An export written before butler_ns existed (the same schema name): read, its Butler figures blank,
    # and a warning saying why (it was pyarrow's "No match for FieldRef.Name(butler_ns)").
    from bridgetools.analysis import read_dataframe

    current, older = tmp_path / "season.parquet", tmp_path / "older.parquet"
    assert run("export", str(pairs), "-o", str(current))[0] == 0
    pq.write_table(pq.read_table(current).drop_columns(["butler_ns"]), older)
    code, out, err = run("analyze", str(older), "--format", "json")
    assert code == 0, err
    assert sum(row["count"] for row in json.loads(out)) == 5
    assert all(row["avg_butler"] is None for row in json.loads(out))
    assert f"{older}: an export by an older bridgetools, without butler_ns" in err
    frame = read_dataframe(older, ["board", "butler_ns"])
    assert str(frame["butler_ns"].dtype) == "Int16" and frame["butler_ns"].isna().all()


def test_analyze_counts_once_a_result_read_from_a_file_and_its_export(pairs: Path, tmp_path: Path) -> None:
    export = tmp_path / "pairs.parquet"
    assert run("export", str(pairs), "-o", str(export))[0] == 0
    code, out, err = run("analyze", str(pairs), str(export), "--format", "json")
    assert code == 0
    assert sum(row["count"] for row in json.loads(out)) == 5
    assert err.count("\n") == 1
    assert f"{export}: 5 results repeat those of {pairs} (same event, board, deal, table and result): " \
           "counted once" in err


def test_export_writes_once_a_result_read_from_a_file_and_its_copy(pairs: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.pbn"
    copy.write_text(PAIRS + game(3, "S", "EW", DEAL_1, "1NT", "S", 7), encoding="ascii")
    export = tmp_path / "both.parquet"
    code, _, err = run("export", str(pairs), str(copy), "-o", str(export))
    assert code == 0, err
    assert f"{copy}: 5 results repeat those of {pairs} (same event, board, deal, table and result): " \
           "counted once" in err
    assert f"{export}: 6 boards, 6 results from 2 files" in err
    assert pq.read_table(export).num_rows == 6
    _, from_parquet, _ = run("analyze", str(export), "--format", "json")
    _, from_files, _ = run("analyze", str(pairs), str(copy), "--format", "json")
    assert from_parquet == from_files


def test_export_of_the_samples_writes_once_the_results_and_moves_of_the_export_format_copy(
        tmp_path: Path) -> None:
    samples = Path(__file__).parents[1] / "samples"
    out = tmp_path / "s.parquet"
    code, _, err = run("export", str(samples / "club_night.pbn"), str(samples / "club_night_export.pbn"),
                       "-o", str(out), "--calls", "--plays")
    assert code == 0, err
    assert "club_night_export.pbn: 3 results repeat those of" in err
    boards = set(pq.read_table(out)["board_id"].to_pylist())
    for table in ("calls", "plays"):
        ids = set(pq.read_table(tmp_path / f"s.{table}.parquet")["board_id"].to_pylist())
        assert ids and ids <= boards


def test_analyze_counts_once_a_result_read_from_a_file_and_its_copy(pairs: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.pbn"
    copy.write_text(PAIRS + game(3, "S", "EW", DEAL_1, "1NT", "S", 7), encoding="ascii")
    code, out, err = run("analyze", str(pairs), str(copy), "--format", "json")
    assert code == 0
    assert sum(row["count"] for row in json.loads(out)) == 6
    assert f"{copy}: 5 results repeat those of {pairs}" in err


def test_analyze_keeps_the_same_result_at_two_tables_of_one_file(tmp_path: Path) -> None:
    twice = tmp_path / "twice.pbn"
    twice.write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 10) * 2, encoding="ascii")
    once = tmp_path / "once.pbn"
    once.write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 10), encoding="ascii")
    code, out, err = run("analyze", str(twice), str(once), "--format", "json")
    assert code == 0
    assert sum(row["count"] for row in json.loads(out)) == 2
    assert f"{once}: 1 result repeats those of {twice}" in err


def test_analyze_keeps_the_same_result_in_two_sections_of_one_event(tmp_path: Path) -> None:
    # Two sections play the same boards; a result alike in both is two results, told apart by the Section tag.
    a, b = tmp_path / "a.pbn", tmp_path / "b.pbn"
    a.write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 10).replace('[Board ', '[Section "A"]\n[Board '),
                 encoding="ascii")
    b.write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 10).replace('[Board ', '[Section "B"]\n[Board '),
                 encoding="ascii")
    code, out, err = run("analyze", str(a), str(b), "--format", "json")
    assert code == 0 and err == ""
    assert sum(row["count"] for row in json.loads(out)) == 2


TRAVELLER = Path(__file__).parent / "data" / "pbn" / "travellers" / "multiplicity_traveller.pbn"
"""Six tables in three ScoreTable rows: 4S= +450 (1 table), 4S= +420 (3: the board's own result), 3NT= +400
(2); matchpoints over the six tables 100%, 60% and 10%."""


def test_analyze_counts_a_score_table_row_as_many_tables_as_its_multiplicity() -> None:
    """The table by contract counted rows: 4S twice and 3NT once, where six tables played the board, and
    averaged 4S over the two rows (435) where its four tables average 427.5."""
    code, out, err = run("analyze", str(TRAVELLER), "--by", "contract", "--format", "json")
    assert code == 0, err
    rows = by(out, "contract")
    assert rows["4S"] == {"contract": "4S", "count": 4, "make_pct": 100.0, "avg_score": (450 + 3 * 420) / 4,
                          "avg_result": (1 + 0 * 3) / 4, "avg_mp_pct": (100 + 3 * 60) / 4,
                          "avg_ximps": rows["4S"]["avg_ximps"], "avg_butler": rows["4S"]["avg_butler"]}
    assert rows["3NT"]["count"] == 2 and rows["3NT"]["avg_mp_pct"] == 10.0
    code, out, _ = run("analyze", str(TRAVELLER), "--by", "board", "--format", "json")
    assert code == 0 and by(out, "board")[1]["count"] == 6


def test_analyze_of_the_export_of_a_traveller_with_multiplicities_counts_its_tables(tmp_path: Path) -> None:
    """The export kept no multiplicity, so figures recomputed from the Parquet counted each row once."""
    exported = tmp_path / "traveller.parquet"
    code, _, err = run("export", str(TRAVELLER), "-o", str(exported))
    assert code == 0, err
    assert pq.read_table(exported).column("multiplicity").to_pylist() == [3, 1, 2]
    _, from_parquet, _ = run("analyze", str(exported), "--format", "json")
    _, from_pbn, _ = run("analyze", str(TRAVELLER), "--format", "json")
    assert from_parquet == from_pbn and by(from_parquet, "contract")["4S"]["count"] == 4


def test_an_export_without_the_multiplicity_column_counts_each_row_once_without_a_warning(
        tmp_path: Path) -> None:
    """An export written before ``multiplicity`` holds one table a row: no figure is blank for lack of it."""
    current, older = tmp_path / "traveller.parquet", tmp_path / "older.parquet"
    assert run("export", str(TRAVELLER), "-o", str(current))[0] == 0
    pq.write_table(pq.read_table(current).drop_columns(["multiplicity"]), older)
    code, out, err = run("analyze", str(older), "--format", "json")
    assert code == 0 and err == ""
    assert by(out, "contract")["4S"]["count"] == 2


def adjusted_traveller(percentage_ns: int, made: int) -> str:
    """Board 1 of a section whose ScoreTable has one result played and one nameless average-plus row."""
    return "\n".join([
        '[Event "Club pairs"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL_1}"]',
        '[ScoreTable "Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]',
        f'"4S" N {made} {420 if made == 10 else 450} -',
        f'"A+" - - "^{percentage_ns}%" "^{100 - percentage_ns}%"', "", ""])


def test_two_sections_nameless_adjusted_rows_with_other_percentages_are_both_kept(tmp_path: Path) -> None:
    # Two sections of one event, each with a nameless average-plus row (^60% and ^40% North-South): the
    # percentages make them two results, not one read twice.
    from bridgetools.analysis.pipeline import load_results

    first, second = tmp_path / "a.pbn", tmp_path / "b.pbn"
    first.write_text(adjusted_traveller(60, 10), encoding="ascii")
    second.write_text(adjusted_traveller(40, 11), encoding="ascii")
    frame, problems = load_results([str(first), str(second)], ["contract", "adjusted_pct_ns"])
    assert problems == []
    assert sorted(frame["adjusted_pct_ns"].dropna()) == [40.0, 60.0]
    assert frame["contract"].notna().sum() == 2


def test_export_counts_the_tables_given_an_adjusted_score_it_exported(tmp_path: Path) -> None:
    # A board whose only ScoreTable row is A+ ^60% ^40% was summarised "0 results (no board has a contract)".
    path, export = tmp_path / "only.pbn", tmp_path / "only.parquet"
    path.write_text(adjusted_traveller(60, 10).replace('"4S" N 10 420 -\n', ""), encoding="ascii")
    code, _, err = run("export", str(path), "-o", str(export))
    assert code == 0
    assert err == (f"{export}: 1 board, 1 result (1 table with a director's adjusted score and no contract) "
                   "from 1 file\n")
    path.write_text(adjusted_traveller(60, 10), encoding="ascii")
    code, _, err = run("export", str(path), "-o", str(export))
    assert err.endswith(": 1 board, 2 results (1 table with a director's adjusted score and no contract) "
                        "from 1 file\n")


def test_analyze_by_board_counts_a_row_of_a_mistyped_declarer_and_a_score_as_adjusted(tmp_path: Path) -> None:
    # "4S Q 10 420" is ranked by its score, as an adjusted score is, as a mistyped contract's row is: it was
    # counted among the tables played (count 3, adjusted 1), though docs/analysis.md said adjusted.
    path = tmp_path / "typo.pbn"
    path.write_text(
        f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL_1}"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R"]\n'
        "1 1 4S N 10 420\n2 2 4S Q 10 420\n3 3 3NT S 9 400\n4 4 3NY S 9 400\n", encoding="utf-8")
    code, out, _ = run("analyze", str(path), "--by", "board", "--format", "json")
    assert code == 0
    assert [(row["count"], row["adjusted"]) for row in json.loads(out)] == [(2, 2)]


def test_export_and_analyze_count_a_table_given_east_wests_adjusted_percentage_alone(tmp_path: Path) -> None:
    # A JSON result of East-West's ^40% alone and no contract: analyze --by board counted it adjusted,
    # export's summary did not ("1 board, 1 result from 1 file"): one rule now serves both.
    from bridgetools import Board, Contract, Deal, Seat, write
    from bridgetools.model import TableResult

    board = Board(number=1, deal=Deal.from_pbn(DEAL_1))
    board.results = (TableResult(contract=Contract.from_str("4S"), declarer=Seat.N, tricks=10, score_ns=420),
                     TableResult(adjusted_pct_ew=40.0, contract_label="A+"))
    path, export = tmp_path / "ew.json", tmp_path / "ew.parquet"
    write([board], path, "json")
    code, _, err = run("export", str(path), "-o", str(export))
    assert code == 0
    assert err.endswith(": 1 board, 2 results (1 table with a director's adjusted score and no contract) "
                        "from 1 file\n")
    code, out, _ = run("analyze", str(path), "--by", "board", "--format", "json")
    assert [(row["count"], row["adjusted"]) for row in json.loads(out)] == [(1, 1)]


def test_a_file_and_its_export_still_count_adjusted_rows_once(tmp_path: Path) -> None:
    from bridgetools.analysis.pipeline import load_results

    path, export = tmp_path / "a.pbn", tmp_path / "a.parquet"
    path.write_text(adjusted_traveller(60, 10), encoding="ascii")
    assert run("export", str(path), "-o", str(export), "-q")[0] == 0
    frame, _ = load_results([str(path), str(export)], ["contract", "adjusted_pct_ns"])
    assert list(frame["adjusted_pct_ns"].dropna()) == [60.0]
    assert frame["contract"].notna().sum() == 1


SCORE_COLUMNS = ('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
                 'Score_NS\\6R;Score_EW\\6R"]')
ADJUSTED_TRAVELLERS = "\n".join([
    '[Event "Club pairs"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL_1}"]',
    SCORE_COLUMNS,
    ' 1  1 "4S"  N 10    420      -', ' 2  2 "A+"  -  - "^60%" "^40%"', ' 3  3 "-"   -  - "^-300"     -',
    ' 4  4 "3NT" S  9    400      -', "",
    '[Event "Club pairs"]', '[Board "2"]', '[Dealer "E"]', '[Vulnerable "NS"]', f'[Deal "{DEAL_2}"]',
    SCORE_COLUMNS,
    ' 1  1 "A"   -  - "^50%" "^50%"', ' 2  2 "2H"  E  8      -    110', "", ""])


def test_analyze_by_board_counts_each_boards_adjusted_results_apart(tmp_path: Path) -> None:
    # Board 1: two tables played, an average-plus (^60%) and an assigned score (^-300) with no contract;
    # board 2: one played and an average. The adjusted tables are in their own column, not in the figures.
    path = tmp_path / "travellers.pbn"
    path.write_text(ADJUSTED_TRAVELLERS, encoding="ascii")
    code, out, _ = run("analyze", str(path), "--by", "board", "--format", "json")
    assert code == 0
    rows = by(out, "board")
    assert [(rows[n]["count"], rows[n]["adjusted"]) for n in (1, 2)] == [(2, 2), (1, 1)]
    assert rows[1]["avg_score"] == 410.0 and rows[2]["avg_score"] == 110.0
    code, out, _ = run("analyze", str(path), "--by", "board")
    assert out.splitlines()[0].split()[:3] == ["board", "count", "adjusted"]
    code, out, _ = run("analyze", str(path), "--by", "contract", "--format", "json")
    assert "adjusted" not in out and sum(row["count"] for row in json.loads(out)) == 3


def test_export_counts_the_tables_a_traveller_row_stands_for_as_analyze_does(tmp_path: Path) -> None:
    # The summary said "3 results" (traveller rows) where analyze --by board counts 6 (tables)
    traveller = Path(__file__).parent / "data" / "pbn" / "travellers" / "multiplicity_traveller.pbn"
    export = tmp_path / "m.parquet"
    code, _, err = run("export", str(traveller), "-o", str(export))
    assert code == 0
    code, out, _ = run("analyze", str(export), "--by", "board", "--format", "json")
    counted = sum(row["count"] for row in json.loads(out))
    assert counted == 6 and err == f"{export}: 1 board, {counted} results from 1 file\n"


def test_a_board_whose_only_tables_are_adjusted_is_analysed_by_board(tmp_path: Path) -> None:
    # One board, its one table an average-plus (^60%) and no contract: --by board has its row (count 0,
    # adjusted 1); a grouping by contract, strain or seat has no group for it and says what is there.
    path = tmp_path / "average_plus.pbn"
    path.write_text("\n".join([
        '[Event "Club pairs"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL_1}"]',
        SCORE_COLUMNS, ' 3  3 "A+"  -  - "^60%" "^40%"', "", ""]), encoding="ascii")
    code, out, err = run("analyze", str(path), "--by", "board", "--format", "json")
    assert code == 0 and err == ""
    rows = json.loads(out)
    assert [(r["board"], r["count"], r["adjusted"], r["avg_score"]) for r in rows] == [(1, 0, 1, None)]
    for grouping in ("contract", "declarer", "vulnerable"):
        code, out, err = run("analyze", str(path), "--by", grouping)
        assert code == 1 and out == ""
        said = (f"no results to analyse by {grouping}: the inputs hold 1 board, none with a contract; "
                "1 table has a director's adjusted score and no contract, which only --by board and "
                "--by pair count")
        assert said in err


def test_a_traveller_of_pair_numbers_and_scores_alone_is_ranked_by_pair(tmp_path: Path) -> None:
    # A scorer's traveller giving each table's pairs and North-South score, no contract: --by pair said
    # "no results to analyse by pair ... which only --by board counts" and exited 1, ranking nobody.
    path = tmp_path / "scores.pbn"
    path.write_text("\n".join([
        '[Event "Club pairs"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL_1}"]',
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]', " 1  4    420", " 2  5    400",
        " 3  6    -50", "", ""]), encoding="ascii")
    code, out, err = run("analyze", str(path), "--by", "pair", "--format", "json")
    assert code == 0, err
    ranked = {(r["direction"], r["pair"]): (r["mp"], r["top"]) for r in json.loads(out)}
    assert ranked == {("NS", "1"): (4, 4), ("NS", "2"): (2, 4), ("NS", "3"): (0, 4),
                      ("EW", "4"): (0, 4), ("EW", "5"): (2, 4), ("EW", "6"): (4, 4)}


def test_a_board_of_pair_numbers_and_a_score_played_once_is_said_left_out_of_the_rankings(tmp_path: Path
                                                                                           ) -> None:
    # Board 2 played at one table, its row a score with no contract: left out of the pairs' boards (no
    # field to matchpoint it in) with nothing said, where the row with a contract is said.
    path = tmp_path / "scores.pbn"
    head = ['[Event "Club pairs"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL_1}"]',
            '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]']
    path.write_text("\n".join(['[Board "1"]', *head, " 1  3    420", " 2  4    -50", "",
                               '[Board "2"]', *head, " 1  4    620", "", ""]), encoding="ascii")
    code, out, err = run("analyze", str(path), "--by", "pair", "--format", "json")
    assert code == 0, err
    assert (f"{path}: 1 result of pairs with no matchpoints (a board played once in its field, or a table "
            "the field could not score): not in the pairs' boards") in err
    assert {r["pair"]: r["boards"] for r in json.loads(out)} == {"1": 1, "2": 1, "3": 1, "4": 1}


def test_the_repeat_warning_counts_adjusted_tables_as_results(tmp_path: Path) -> None:
    # Travellers of four tables played and three adjusted (^60%, ^-300, ^50%), and a board whose one table
    # is an average-plus, each read from a file and its copy: the warning counts the results, not boards.
    for text, said in ((ADJUSTED_TRAVELLERS, "6 results repeat"),
                       ("\n".join(['[Event "Club pairs"]', '[Board "1"]', f'[Deal "{DEAL_1}"]', SCORE_COLUMNS,
                                   ' 3  3 "A+"  -  - "^60%" "^40%"', "", ""]), "1 result repeats")):
        path, copy = tmp_path / "a.pbn", tmp_path / "copy.pbn"
        path.write_text(text, encoding="ascii")
        copy.write_text(text, encoding="ascii")
        code, _, err = run("analyze", str(path), str(copy), "--by", "board")
        assert code == 0
        assert f"{copy}: {said} those of {path} (same event, board, deal, table and result)" in err


def test_analyze_warns_that_a_file_named_twice_is_counted_once(pairs: Path) -> None:
    """``analyze mon.pbn mon.pbn`` (meant: mon.pbn tue.pbn): the results are counted once, as a file and its
    copy's are, and the director is told, as the repeat warning tells of a copy."""
    code, out, err = run("analyze", str(pairs), str(pairs), "--format", "json")
    assert code == 0
    assert out == run("analyze", str(pairs), "--format", "json")[1]
    assert err == f"warning: {pairs}: named twice: read once, its results counted once\n"


def test_analyze_warns_of_a_file_both_named_and_found_in_its_folder(pairs: Path) -> None:
    code, out, err = run("analyze", str(pairs.parent), str(pairs), "--format", "json")
    assert code == 0
    assert out == run("analyze", str(pairs), "--format", "json")[1]
    said = f"warning: {pairs}: named twice (in {pairs.parent} too): read once, its results counted once"
    assert said in err


def test_analyze_warns_once_of_a_folder_named_twice(pairs: Path) -> None:
    """``analyze d d``: the folder was named twice, not each file in it on its own."""
    code, out, err = run("analyze", str(pairs.parent), str(pairs.parent), "--format", "json")
    assert code == 0
    assert out == run("analyze", str(pairs.parent), "--format", "json")[1]
    assert err == f"warning: {pairs.parent}: named twice: read once, its results counted once\n"


def test_analyze_quiet_says_nothing_of_a_file_named_twice(pairs: Path) -> None:
    assert run("analyze", str(pairs), str(pairs), "--format", "json", "-q")[2] == ""


def test_export_warns_that_a_file_named_twice_is_written_once(pairs: Path, tmp_path: Path) -> None:
    code, _, err = run("export", str(pairs), str(pairs), "-o", str(tmp_path / "x.parquet"))
    assert code == 0
    assert f"warning: {pairs}: named twice: read once, its boards written once\n" in err
    assert "from 1 file" in err


@pytest.fixture
def club_with_settings(pairs: Path, tmp_path: Path) -> Path:
    """A folder of one game and a stray settings.json (as the shared corpus holds a manifest.json)."""
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "pairs.pbn").write_text(PAIRS, encoding="ascii")
    (folder / "settings.json").write_text('{"name": "x"}\n', encoding="utf-8")
    return folder


@pytest.mark.parametrize("command", [["export", "-o", "OUT"], ["analyze", "--format", "json"]])
def test_a_folder_s_json_of_no_boards_is_passed_over_with_a_note(club_with_settings: Path, tmp_path: Path,
                                                                 command: list[str]) -> None:
    args = [str(tmp_path / "club.parquet") if a == "OUT" else a for a in command]
    code, _, err = run(command[0], str(club_with_settings), *args[1:])
    assert code == 0, err
    settings = club_with_settings / "settings.json"
    assert f"{settings}: no boards found (read as JSON): passed over" in err
    assert "JSON Lines" not in err


MANIFEST = ('[\n {"file": "pbn/pairs.pbn", "boards": 1, "sha256": "ab12"},\n'
            ' {"file": "lin/t.lin", "boards": 2}\n]\n')
"""A corpus's manifest.json: an array of one object a file (its ``boards`` a count), no hand record."""


@pytest.mark.parametrize("command", [["export", "-o", "OUT"], ["analyze", "--format", "json"]])
def test_a_folder_s_json_array_of_no_boards_is_passed_over_with_a_note(club_with_settings: Path,
                                                                       tmp_path: Path,
                                                                       command: list[str]) -> None:
    (club_with_settings / "manifest.json").write_text(MANIFEST, encoding="utf-8")
    args = [str(tmp_path / "club.parquet") if a == "OUT" else a for a in command]
    code, _, err = run(command[0], str(club_with_settings), *args[1:])
    assert code == 0, err
    manifest = club_with_settings / "manifest.json"
    assert f"{manifest}: no boards found (read as JSON): passed over" in err


def test_a_json_array_of_no_boards_named_on_its_own_still_fails_export(club_with_settings: Path,
                                                                       tmp_path: Path) -> None:
    (club_with_settings / "manifest.json").write_text(MANIFEST, encoding="utf-8")
    code, _, err = run("export", str(club_with_settings / "manifest.json"),
                       "-o", str(tmp_path / "club.parquet"))
    assert code == 1
    assert "no boards found" in err and "passed over" not in err


def test_a_json_of_no_boards_named_on_its_own_still_fails_export(club_with_settings: Path,
                                                                 tmp_path: Path) -> None:
    folder = club_with_settings
    code, _, err = run("export", str(folder / "pairs.pbn"), str(folder / "settings.json"),
                       "-o", str(tmp_path / "club.parquet"))
    assert code == 1
    assert "passed over" not in err


@pytest.mark.parametrize(("name", "text"), [("empty.pbn", ""), ("garbage.lin", "hello world\n"),
                                            ("m.json", '{"boards": []}\n'), ("bad.json", '{"name":\n'),
                                            ("none.json", "[]\n")])
def test_a_folder_s_broken_hand_record_still_fails_export(club_with_settings: Path, tmp_path: Path,
                                                          name: str, text: str) -> None:
    (club_with_settings / name).write_text(text, encoding="utf-8")
    code, _, err = run("export", str(club_with_settings), "-o", str(tmp_path / "club.parquet"))
    assert code == 1
    (said,) = [line for line in err.splitlines() if line.startswith(f"{club_with_settings / name}:")]
    assert "no boards found" in said and "passed over" not in said
    assert f"{club_with_settings / 'settings.json'}: no boards found (read as JSON): passed over" in err


@pytest.mark.parametrize("command", [["export", "-o", "OUT"], ["analyze", "--format", "json"]])
def test_reading_problems_are_said_by_place_in_the_file_as_validate_says_them(tmp_path: Path,
                                                                              command: list[str]) -> None:
    broken = tmp_path / "broken.pbn"
    broken.write_text('hello world\n[Board "x"\n', encoding="ascii")
    args = [str(tmp_path / "b.parquet") if a == "OUT" else a for a in command]
    _, _, err = run(command[0], str(broken), *args[1:])
    _, validated, _ = run("validate", str(broken))
    places = [line.split(": ")[0] for line in err.splitlines() if line.startswith(f"{broken}:")
              and "problems of syntax" not in line]  # the closing line of the exit status
    assert places == [line.split(": ")[0] for line in validated.splitlines()
                      if line.startswith(f"{broken}:")]
    assert places == [f"{broken}:1:1", f"{broken}:2:9", f"{broken}:2:11"]


def test_plot_to_stdout_is_refused_saying_it_takes_a_file(pairs: Path) -> None:
    """`analyze - --plot -` said "--plot writes png, pdf, svg images, not 'no suffix'"."""
    code, out, err = run("analyze", str(pairs), "--plot", "-")
    assert code == 2 and out == ""
    assert "--plot takes a file name (contracts.png; png, pdf, svg by its suffix), not '-'" in err


def test_the_export_bar_counts_the_bytes_read_within_one_file(tmp_path: Path) -> None:
    """export's bar counted files: one big file showed 0% then 100%. It is told the bytes as they are read
    (`on_read`), many times within one big file, adding up to its size."""
    import bridgetools as bt
    from bridgetools.analysis.pipeline import export_files

    big = tmp_path / "big.pbn"
    bt.write(bt.generate("", 1500, seed=1), big, "pbn")
    told: list[int] = []
    export_files([str(big)], tmp_path / "big.parquet", on_read=told.append)
    assert len(told) > 2 and sum(told) == big.stat().st_size


def test_an_export_that_strict_stopped_says_strict_stopped_it_not_that_nothing_could_be_read(
        tmp_path: Path) -> None:
    # The file was read: its problem (a call after the auction ended) stopped --strict, yet the error said
    # "no input could be read".
    played = tmp_path / "lesson.pbn"
    played.write_text(game(1, "N", "None", DEAL_1, "1NT", "N", 7).rstrip("\n")
                      + '\n[Auction "N"]\n1NT Pass Pass Pass Pass\n', encoding="ascii")
    code, _, err = run("export", str(played), "--strict", "-o", str(tmp_path / "out.parquet"))
    assert code == 1
    assert err.strip().splitlines()[-1] == (
        "Error: nothing exported: --strict stops a file at its first problem (1 file stopped); "
        f"{tmp_path / 'out.parquet'} not written")


def test_an_export_of_a_json_file_that_cannot_be_read_says_so_not_that_strict_stopped_it(
        tmp_path: Path) -> None:
    # `{"boards": [` is no document: read leniently it gives no board either, yet --strict counted it
    # "stopped at its first problem". A file --strict stopped beside it is told apart.
    broken = tmp_path / "broken.json"
    broken.write_text('{"boards": [', encoding="ascii")
    out = tmp_path / "out.parquet"
    code, _, err = run("export", str(broken), "--strict", "-o", str(out))
    assert code == 1
    assert err.strip().splitlines()[-1] == (
        f"Error: nothing exported: no input could be read; {out} not written")
    played = tmp_path / "lesson.pbn"
    played.write_text(game(1, "N", "None", DEAL_1, "1NT", "N", 7).rstrip("\n")
                      + '\n[Auction "N"]\n1NT Pass Pass Pass Pass\n', encoding="ascii")
    code, _, err = run("export", str(broken), str(played), "--strict", "-o", str(out))
    assert code == 1
    assert err.strip().splitlines()[-1] == (
        "Error: nothing exported: --strict stops a file at its first problem (1 file stopped); "
        f"1 input could not be read; {out} not written")


def test_analyze_says_where_a_traveller_row_it_cannot_score_is(tmp_path: Path) -> None:
    # Row 2's contract 3NY, no score: the table is in no field, and analyze says so at the cell.
    path = tmp_path / "trav.pbn"
    path.write_text(game(1, "N", "None", DEAL_1, "3NT", "S", 10).rstrip("\n") + "\n"
                    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
                    'Score_NS\\5R;Score_EW\\5R"]\n1 1 3NT S 10 430 -\n2 2 3NY S 9 - -\n3 3 4S N 9 - 50\n',
                    encoding="utf-8")
    code, _, err = run("analyze", str(path), "--by", "board")
    assert code == 0
    assert f"{path}:18:5: ScoreTable row 2: Contract '3NY': expected a contract such as 4SX, 3NT" in err
    assert "the table is left out of the field (unscorable)" in err


MULTIPLIED_TRAVELLERS = "\n".join([
    '[Event "Club pairs"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL_1}"]',
    SCORE_COLUMNS.replace('"]', ';Multiplicity\\4R"]'),
    ' 1  1 "4S"  N 10    420      -    3', ' 2  2 "A+"  -  - "^60%" "^40%"    2',
    ' 3  3 "3NT" W  8      -   50  4', ' 4  4 "3NT" S  9    400      -    1',
    ' 5  5 "4SX" E 10      -  590  7', ' 6  6 "Pass" -  -    0   -  2', "",
    '[Event "Club pairs"]', '[Board "2"]', '[Dealer "E"]', '[Vulnerable "NS"]', f'[Deal "{DEAL_2}"]',
    SCORE_COLUMNS.replace('"]', ';Multiplicity\\4R"]'),
    ' 1  1 "-"   -  - "^-300"   -    2', ' 2  2 "2H"  E  8      -  110    5',
    ' 3  3 "3NT" N  8 -100  -  1', "", ""])
"""Two travellers whose rows stand for 1 to 7 tables: contracts declared by either side, doubled, passed out,
and adjusted scores with no contract (``^60%``, ``^-300``)."""


@pytest.mark.parametrize("grouping", ["contract", "strain", "level", "declarer", "vulnerable", "board"])
def test_a_row_of_several_tables_counts_in_every_figure_as_that_many_rows_of_one(tmp_path: Path,
                                                                                grouping: str) -> None:
    # The summary weighs each row by its tables rather than repeating it: the same figures as the rows
    # written out one a table (each with its field figures, worked out over all the tables).
    import numpy as np
    import pandas as pd

    from bridgetools.analysis.pipeline import load_results
    from bridgetools.analysis.summary import COLUMNS, summarise

    path = tmp_path / "multiplied.pbn"
    path.write_text(MULTIPLIED_TRAVELLERS, encoding="ascii")
    frame, _ = load_results([str(path)], list(COLUMNS))
    repeated = frame.iloc[np.repeat(np.arange(len(frame)), frame["multiplicity"].to_numpy(dtype=int))]
    repeated = repeated.reset_index(drop=True).assign(multiplicity=1)
    weighed = summarise(frame, grouping)
    assert weighed["count"].sum() == 23  # the adjusted tables (2 + 2) apart
    pd.testing.assert_frame_equal(weighed, summarise(repeated, grouping), check_exact=False, rtol=1e-12)


def test_the_declarers_view_is_one_row_a_result_with_the_tables_it_stands_for(tmp_path: Path) -> None:
    # A row of 1,000 tables declared by East-West was a thousand rows under one label, which pandas paired
    # each with each in turning the percentages to the declaring side's: a million pairs a row.
    from bridgetools.analysis.pipeline import load_results
    from bridgetools.analysis.summary import COLUMNS, TABLES, declarer_view

    path = tmp_path / "multiplied.pbn"
    path.write_text(MULTIPLIED_TRAVELLERS, encoding="ascii")
    frame, _ = load_results([str(path)], list(COLUMNS))
    view = declarer_view(frame)
    assert len(view) == len(frame[frame["contract"].notna()]) == 7
    assert view[TABLES].tolist() == [3, 4, 1, 7, 2, 5, 1]


def test_export_says_the_files_skipped_and_passed_over_in_one_bracket(club_with_settings: Path,
                                                                      tmp_path: Path) -> None:
    # It wrote two brackets: "from 1 file (1 file skipped) (1 passed over, no hand record)".
    (club_with_settings / "empty.pbn").write_text("", encoding="utf-8")
    output = tmp_path / "club.parquet"
    code, _, err = run("export", str(club_with_settings), "-o", str(output))
    assert code == 1 and output.exists()
    assert err.splitlines()[-1] == (f"{output}: 5 boards, 5 results from 1 file (1 file skipped, 1 passed "
                                    "over: no hand record)")


def test_an_export_under_a_name_of_bytes_that_are_not_utf8_is_written_and_read(pairs: Path,
                                                                              tmp_path: Path) -> None:
    """pyarrow encodes names as UTF-8 and refused ``o\\xe9.parquet`` (a Latin-1 name under C.UTF-8): it is
    handed the file open."""
    import os

    from bridgetools.analysis.export import read_parquet, read_table
    from bridgetools.analysis.pipeline import export_files, load_results

    out = tmp_path / os.fsdecode(b"o\xe9.parquet")
    report = export_files([str(pairs)], out, calls_path=tmp_path / os.fsdecode(b"o\xe9.calls.parquet"))
    assert report.written and sorted(os.listdir(os.fsencode(tmp_path))) == [
        b"o\xe9.calls.parquet", b"o\xe9.parquet", b"pairs.pbn"]
    assert read_table(out, ["contract"]).num_rows == 5
    assert len(list(read_parquet(out))) == 5
    frame, problems = load_results([str(out), str(pairs)], ["contract"])
    assert problems == [] and len(frame) == 5


def pandas_resaved(export: Path, path: Path) -> Path:
    """``export`` read and written again by pandas (``pq.read_table(x).to_pandas().to_parquet(y)``): its
    tags map become lists of pairs, its nullable integers floats, its text large strings."""
    pq.read_table(export).to_pandas().to_parquet(path)
    return path


def test_analyze_counts_once_a_result_of_an_export_and_of_its_copy_pandas_re_saved(pairs: Path,
                                                                                   tmp_path: Path) -> None:
    export = tmp_path / "pairs.parquet"
    assert run("export", str(pairs), "-o", str(export))[0] == 0
    copy = pandas_resaved(export, tmp_path / "copy.parquet")
    code, out, err = run("analyze", str(export), str(copy), "--format", "json")
    assert code == 0, err
    assert sum(row["count"] for row in json.loads(out)) == 5
    assert f"{copy}: 5 results repeat those of {export} (same event, board, deal, table and result): " \
           "counted once" in err


def test_analyze_refuses_a_parquet_column_that_cannot_hold_its_documented_type(pairs: Path,
                                                                              tmp_path: Path) -> None:
    export = tmp_path / "pairs.parquet"
    assert run("export", str(pairs), "-o", str(export))[0] == 0
    frame = pq.read_table(export).to_pandas()
    frame["board"] = "first"
    broken = tmp_path / "broken.parquet"
    frame.to_parquet(broken)
    code, _, err = run("analyze", str(broken))
    assert code != 0
    assert err.startswith(f"Error: {broken}: column 'board' holds large_string, not the boards table's int32")
    assert err.count("\n") == 1


def scores_alone(tmp_path: Path, assigned: str = "") -> Path:
    """A scorer's traveller of pair numbers and scores, no contract: ``assigned`` ``^`` marks the second
    a director's ruling (Law 12C)."""
    path = tmp_path / "scores.pbn"
    path.write_text("\n".join([
        '[Event "Club pairs"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL_1}"]',
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R"]', " 1  2  420", f" 3  4  {assigned}-50",
        "", ""]), encoding="ascii")
    return path


def test_export_calls_a_score_given_with_no_contract_so_not_an_adjusted_score(tmp_path: Path) -> None:
    export = tmp_path / "s.parquet"
    code, _, err = run("export", str(scores_alone(tmp_path)), "-o", str(export))
    assert code == 0
    assert err.endswith(": 1 board, 2 results (2 tables with a score given and no contract) from 1 file\n")
    code, _, err = run("export", str(scores_alone(tmp_path, "^")), "-o", str(export))
    assert err.endswith(": 1 board, 2 results (2 tables with no contract: 1 a director's adjusted score, "
                        "1 a score given) from 1 file\n")


def test_analyze_says_tables_of_scores_alone_have_a_score_given(tmp_path: Path) -> None:
    code, _, err = run("analyze", str(scores_alone(tmp_path)))
    assert code == 1
    assert ("the inputs hold 1 board, none with a contract; 2 tables have a score given and no contract, "
            "which only --by board and --by pair count") in err
