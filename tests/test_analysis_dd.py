"""Double dummy in an export: the table and par of every board (the file's own, or solved through the
cache), and each played result against them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from test_dd_extra import no_endplay  # noqa: F401  (the fixture: endplay hidden)

import bridgetools as bt
from bridgetools.analysis.double_dummy import with_double_dummy
from bridgetools.analysis.pipeline import DoubleDummy, export_files
from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.dd import _dds
from bridgetools.errors import MissingExtraError
from bridgetools.formats._results_tables import read_recorded
from bridgetools.model import Contract, Seat, Strain
from bridgetools.rules import deal_shuffled

pytest.importorskip("endplay")

DD_ORDER = [(seat, strain) for seat in (Seat.N, Seat.S, Seat.E, Seat.W)
            for strain in (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)]


def dealt(n: int, first_seed: int = 1) -> list[Board]:
    """Boards 1..n, dealt from seeds and played in 3NT by South, making nine tricks."""
    return [Board(number=i + 1, deal=deal_shuffled(seed=first_seed + i), contract=Contract.from_str("3NT"),
                  declarer=Seat.S, tricks=9) for i in range(n)]


def rows(boards: list[Board], tmp_path: Path, **options: Any) -> list[dict[str, Any]]:
    out = tmp_path / "boards.parquet"
    bt.to_parquet(boards, out, dd=True, dd_cache=options.pop("dd_cache", tmp_path / "dd.sqlite"), **options)
    return pq.read_table(out).to_pylist()  # type: ignore[no-any-return]


@pytest.fixture
def solved(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many deals each call of the solver is given."""
    calls: list[int] = []
    solve = _dds.solve_tables

    def spy(deals: list[bt.Deal]) -> list[bt.DDTable]:
        calls.append(len(deals))
        return solve(deals)

    monkeypatch.setattr(_dds, "solve_tables", spy)
    return calls


def test_the_twenty_cells_and_par_are_those_of_the_solver(tmp_path: Path) -> None:
    boards = dealt(3)
    for board, row in zip(boards, rows(boards, tmp_path), strict=True):
        assert board.deal is not None and board.dealer is not None and board.vulnerability is not None
        table = bt.dd_table(board.deal)
        assert [row[f"dd_{s.letter.lower()}_{str(t).lower()}"] for s, t in DD_ORDER] == \
            [table[s, t] for s, t in DD_ORDER]
        par = bt.par(table, board.vulnerability, board.dealer)
        assert row["par_ns"] == par.score
        assert row["par_contract"] == "; ".join(str(c) for c in par.contracts)


def test_a_played_result_is_set_against_double_dummy_and_par(tmp_path: Path) -> None:
    boards = dealt(3)
    for board, row in zip(boards, rows(boards, tmp_path), strict=True):
        assert board.deal is not None and board.vulnerability is not None and board.dealer is not None
        table = bt.dd_table(board.deal)
        assert row["dd_tricks"] == table[Seat.S, Strain.NT]
        assert row["dd_result"] == 9 - table[Seat.S, Strain.NT]
        par = bt.par(table, board.vulnerability, board.dealer).score
        assert row["imps_vs_par"] == bt.imps(row["score_ns"] - par)


def test_a_board_dealt_but_not_played_has_no_result_against_double_dummy(tmp_path: Path) -> None:
    [row] = rows([Board(number=1, deal=deal_shuffled(seed=5))], tmp_path)
    assert row["dd_n_nt"] is not None
    assert (row["dd_tricks"], row["dd_result"], row["imps_vs_par"]) == (None, None, None)


def carrying_a_table() -> Board:
    """A board whose file says every declarer takes 7 tricks in every strain (which is not so)."""
    board = Board(number=1, deal=deal_shuffled(seed=3), tags={"DoubleDummyTricks": "7" * 20})
    read_recorded(board)  # as the PBN reader gives it
    return board


def test_a_table_the_file_carries_is_kept_and_not_solved(tmp_path: Path, solved: list[int]) -> None:
    [row] = rows([carrying_a_table()], tmp_path)
    assert [row[f"dd_{s.letter.lower()}_{str(t).lower()}"] for s, t in DD_ORDER] == [7] * 20
    assert row["par_ns"] == bt.par(bt.DDTable(tuple([7] * 20)), "None", "N").score
    assert sum(solved) == 0


def test_a_par_that_passes_the_deal_out_is_pass_as_the_contract_column_spells_it(tmp_path: Path) -> None:
    board = Board(number=1, deal=deal_shuffled(seed=3), tags={"DoubleDummyTricks": "6" * 20})
    read_recorded(board)  # a table where nobody takes seven tricks: par passes the deal out
    [row] = rows([board], tmp_path)
    assert (row["par_ns"], row["par_contract"]) == (0, "Pass")


def test_a_par_score_without_its_contracts_gets_them_from_the_table(tmp_path: Path) -> None:
    deal = deal_shuffled(seed=3)
    table = bt.dd_table(deal)
    par = bt.par(table, "None", "N")
    right = Board(number=1, deal=deal, tags={"OptimumScore": f"NS {par.score}"})
    wrong = Board(number=1, deal=deal, tags={"OptimumScore": f"NS {par.score + 10}"})
    for board in (right, wrong):
        read_recorded(board)  # as the PBN reader gives it: a par score, no contracts
    [row] = rows([right], tmp_path)
    assert (row["par_ns"], row["par_contract"]) == (par.score, "; ".join(str(c) for c in par.contracts))
    [row] = rows([wrong], tmp_path)  # a par score the table's par does not have: the table's is right
    assert (row["par_ns"], row["par_contract"]) == (par.score, "; ".join(str(c) for c in par.contracts))


WRONG_PAR = (Path(__file__).parent / "data" / "pbn" / "bridge-pbn__three_test_records.pbn").read_text(
    encoding="ascii").replace('OptimumScore "EW 110"', 'OptimumScore "EW 140"')
"""Three BridgeComposer boards, board 2's OptimumScore (EW 140) not the par of its own table (EW 1H+1:
NS -110)."""


@pytest.fixture
def wrong_par(tmp_path: Path) -> Path:
    path = tmp_path / "w.pbn"
    path.write_text(WRONG_PAR, encoding="ascii")
    return path


def test_a_par_score_the_files_own_table_does_not_give_is_kept_with_the_table_and_said(
        wrong_par: Path, tmp_path: Path) -> None:
    boards = list(bt.read(wrong_par))
    warnings: list[str] = []
    done = with_double_dummy(boards, tmp_path / "dd.sqlite", source="w.pbn", on_warning=warnings.append)
    assert done[1].par == boards[1].par  # nothing tells which of the two is wrong: the file's stands
    assert [b.dd_table for b in done] == [b.dd_table for b in boards]
    assert warnings == ["w.pbn: board 2: the file's par (EW 140) differs from its double-dummy table's "
                        "(EW 110 (EW 1H+1)): both are kept as given (export --dd --verify-dd solves the "
                        "deal to tell which is wrong)"]


def test_verifying_uses_the_solver_s_par_over_a_wrong_one_the_file_gives(
        wrong_par: Path, tmp_path: Path) -> None:
    boards = list(bt.read(wrong_par))
    warnings: list[str] = []
    done = with_double_dummy(boards, tmp_path / "dd.sqlite", verify=True, source="w.pbn",
                             on_warning=warnings.append)
    assert boards[1].deal is not None
    solved = bt.par(bt.dd_table(boards[1].deal), boards[1].vulnerability, boards[1].dealer)  # type: ignore[arg-type]
    assert solved.score == -110 and done[1].par == solved
    assert [p.score for b in (done[0], done[2]) if (p := b.par)] == [300, -600]  # the pars that agree
    assert warnings == ["w.pbn: board 2: the file's par (EW 140) differs from the solver's double-dummy "
                        "table's (EW 110 (EW 1H+1)): the solver's is used"]


@pytest.mark.parametrize(("verify", "par_ns", "par_contract"),
                         [([], -140, None), (["--verify-dd"], -110, "EW 1H+1")])
def test_export_dd_takes_the_solver_s_par_over_the_file_s_only_when_it_verifies(
        wrong_par: Path, tmp_path: Path, verify: list[str], par_ns: int, par_contract: str | None) -> None:
    out = tmp_path / "w.parquet"
    result = CliRunner().invoke(cli, ["export", "--dd", *verify, "--dd-cache", str(tmp_path / "c"),
                                      str(wrong_par), "-o", str(out)], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert f"{wrong_par}: board 2: the file's par (EW 140) differs" in result.output
    row = pq.read_table(out).to_pylist()[1]
    tags = dict(row["tags"])
    assert (row["par_ns"], row["par_contract"], tags["OptimumScore"]) == (par_ns, par_contract, "EW 140")


def wrong_table(tmp_path: Path) -> Path:
    """Board 1 of the BridgeComposer file with one digit of its DoubleDummyTricks mistyped (N NT 13, not
    6) and its OptimumResultTable left out: its OptimumScore (EW -300: NS +300) is right, its table's par
    (N 7NT, NS +1520) is not."""
    head, tag, rest = WRONG_PAR.partition('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n')
    assert tag
    text = (head.rstrip("\n") + rest[rest.index("\n\n"):]).replace(
        '"63b3c63b3c492a0492a0"', '"d3b3c63b3c492a0492a0"').replace("EW 140", "EW 110")
    path = tmp_path / "typo.pbn"
    path.write_text(text, encoding="ascii")
    return path


def test_verifying_keeps_a_right_par_over_the_one_of_a_mistyped_table(tmp_path: Path) -> None:
    out = tmp_path / "v.parquet"
    typo = wrong_table(tmp_path)
    result = CliRunner().invoke(cli, ["export", "--dd", "--verify-dd", "--dd-cache", str(tmp_path / "c"),
                                      str(typo), "-o", str(out)], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert "board 1: the file's double-dummy table differs from the solver's: N NT 13, solver 6" in (
        result.output)
    assert "the file's par" not in result.output  # it is the solver's
    assert pq.read_table(out).to_pylist()[0]["par_ns"] == 300


def test_verifying_writes_the_solver_s_cells_over_a_mistyped_one_and_keeps_the_file_s_tag(
        tmp_path: Path) -> None:
    out = tmp_path / "v.parquet"
    typo = wrong_table(tmp_path)
    result = CliRunner().invoke(cli, ["export", "--dd", "--verify-dd", "--dd-cache", str(tmp_path / "c"),
                                      str(typo), "-o", str(out)], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert "N NT 13, solver 6: the solver's is used" in result.output
    row = pq.read_table(out).to_pylist()[0]
    assert (row["dd_n_nt"], row["par_ns"]) == (6, 300)
    assert dict(row["tags"])["DoubleDummyTricks"] == "d3b3c63b3c492a0492a0"  # the file's, as it wrote it


def test_verifying_works_the_results_against_double_dummy_out_from_the_solver_s_table(
        tmp_path: Path) -> None:
    board = carrying_a_table()
    board.contract, board.declarer, board.tricks = Contract.from_str("1NT"), Seat.S, 7
    assert board.deal is not None
    solved = bt.dd_table(board.deal)[Seat.S, Strain.NT]
    assert solved != 7
    out = tmp_path / "v.parquet"
    bt.to_parquet(with_double_dummy([board], tmp_path / "dd.sqlite", verify=True), out)
    [row] = pq.read_table(out).to_pylist()
    assert (row["dd_s_nt"], row["dd_tricks"], row["dd_result"]) == (solved, solved, 7 - solved)
    assert row["par_ns"] == bt.par(bt.dd_table(board.deal), "None", "N").score


@pytest.mark.parametrize("dd", [["--dd", "--dd-cache", "c.sqlite"], []])
def test_a_mistyped_table_does_not_replace_the_file_s_par_unverified(tmp_path: Path, dd: list[str]) -> None:
    out = tmp_path / "v.parquet"
    typo = wrong_table(tmp_path)
    dd = [str(tmp_path / o) if o.endswith(".sqlite") else o for o in dd]
    result = CliRunner().invoke(cli, ["export", *dd, str(typo), "-o", str(out)], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert (f"{typo}: board 1: the file's par (NS 300) differs from its double-dummy table's "
            f"(NS 1520 (N 7NT)): both are kept as given") in result.output
    row = pq.read_table(out).to_pylist()[0]
    assert (row["par_ns"], row["dd_n_nt"]) == (300, 13)


def test_export_without_dd_says_the_file_s_par_differs_from_its_table_and_keeps_it(
        wrong_par: Path, tmp_path: Path) -> None:
    out = tmp_path / "w.parquet"
    result = CliRunner().invoke(cli, ["export", str(wrong_par), "-o", str(out)], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert "board 2: the file's par (EW 140) differs from its double-dummy table's" in result.output
    assert "both are kept as given" in result.output
    assert pq.read_table(out).to_pylist()[1]["par_ns"] == -140


def test_validate_counts_a_par_the_file_s_own_table_does_not_give_as_a_problem(wrong_par: Path) -> None:
    result = CliRunner().invoke(cli, ["validate", str(wrong_par)], prog_name="bridgetools")
    assert result.exit_code == 1
    assert f"{wrong_par}: board 2: the file's par (EW 140) differs" in result.output
    assert "1 problem" in result.output and "converted" not in result.output


def test_validate_lists_a_wrong_par_in_its_board_s_turn_among_the_file_s_problems(tmp_path: Path) -> None:
    path = tmp_path / "o.pbn"
    board_3 = WRONG_PAR.index('[Board "3"]')
    path.write_text(WRONG_PAR[:board_3] + WRONG_PAR[board_3:].replace('[Contract ""]', '[Contract "8NT"]', 1),
                    encoding="ascii")
    result = CliRunner().invoke(cli, ["validate", str(path)], prog_name="bridgetools")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{path}: board 2: the file's par (EW 140) differs")
    assert "Contract '8NT'" in lines[1] and lines[2] == "1 file, 3 boards, 2 problems"


def test_validate_says_in_one_line_that_pars_are_not_checked_without_the_dd_extra(
        wrong_par: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise MissingExtraError("double-dummy analysis", "dd")

    monkeypatch.setattr(_dds, "dds", missing)
    result = CliRunner().invoke(cli, ["validate", str(wrong_par)], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"{wrong_par}: the file's par scores are not checked against its double-dummy tables: "
        "double-dummy analysis needs the 'dd' extra: pip install 'bridgetools[dd]'",
        "1 file, 3 boards, 0 problems"]


def test_a_par_that_agrees_with_the_file_s_table_is_no_problem(tmp_path: Path) -> None:
    right = tmp_path / "r.pbn"
    right.write_text(WRONG_PAR.replace("EW 140", "EW 110"), encoding="ascii")
    result = CliRunner().invoke(cli, ["validate", str(right)], prog_name="bridgetools")
    assert result.exit_code == 0, result.output


def test_verifying_reports_where_the_files_table_disagrees_with_the_solver(tmp_path: Path) -> None:
    warnings: list[str] = []
    board = carrying_a_table()
    [kept] = with_double_dummy([board], tmp_path / "dd.sqlite", verify=True, source="x.pbn",
                               on_warning=warnings.append)
    assert board.deal is not None and kept.dd_table == bt.dd_table(board.deal)
    assert board.dd_table == bt.DDTable(tuple([7] * 20))  # the board given is not changed
    assert len(warnings) == 1
    assert warnings[0].startswith("x.pbn: board 1: the file's double-dummy table differs from the solver's: ")


def test_the_boards_given_are_not_changed(tmp_path: Path) -> None:
    boards = dealt(1)
    with_double_dummy(boards, tmp_path / "dd.sqlite")
    assert (boards[0].dd_table, boards[0].par) == (None, None)


def test_a_second_run_through_the_cache_solves_nothing(tmp_path: Path, solved: list[int]) -> None:
    boards = dealt(3)
    first = rows(boards, tmp_path)
    assert sum(solved) == 3
    again = rows(boards, tmp_path)
    assert sum(solved) == 3
    assert [{k: v for k, v in r.items() if k.startswith(("dd_", "par"))} for r in again] == \
        [{k: v for k, v in r.items() if k.startswith(("dd_", "par"))} for r in first]


def test_a_growing_archive_solves_only_its_new_deals(tmp_path: Path, solved: list[int]) -> None:
    rows(dealt(2), tmp_path)
    rows(dealt(4), tmp_path)
    assert sum(solved) == 4


@pytest.mark.usefixtures("no_endplay")
def test_without_the_extra_the_api_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(MissingExtraError):
        bt.to_parquet(dealt(1), tmp_path / "x.parquet", dd=True, dd_cache=tmp_path / "dd.sqlite")
    assert not (tmp_path / "x.parquet").exists()


def write_pbn(path: Path, boards: list[Board]) -> None:
    bt.write(boards, path)


@pytest.mark.usefixtures("no_endplay")
def test_without_the_extra_export_dd_says_so_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "x.pbn"
    write_pbn(source, dealt(1))
    result = CliRunner().invoke(cli, ["export", "--dd", str(source), "-o", str(tmp_path / "x.parquet")],
                                prog_name="bridgetools")
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: double-dummy analysis needs the 'dd' extra: pip install 'bridgetools[dd]'"]
    assert not (tmp_path / "x.parquet").exists()


def test_export_dd_fills_the_columns_through_the_cache_named(tmp_path: Path) -> None:
    source, out, cache = tmp_path / "x.pbn", tmp_path / "x.parquet", tmp_path / "tables.sqlite"
    write_pbn(source, dealt(2))
    result = CliRunner().invoke(cli, ["export", "--dd", "--dd-cache", str(cache), "-q", str(source),
                                      "-o", str(out)], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert len(bt.dd.cache.TableCache(cache)) == 2
    assert all(r["dd_tricks"] is not None and r["par_ns"] is not None for r in pq.read_table(out).to_pylist())


def test_export_verify_dd_warns_of_a_wrong_table(tmp_path: Path) -> None:
    source, out = tmp_path / "x.pbn", tmp_path / "x.parquet"
    write_pbn(source, [carrying_a_table()])
    result = CliRunner().invoke(cli, ["export", "--dd", "--verify-dd", "--dd-cache", str(tmp_path / "c"),
                                      str(source), "-o", str(out)], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert "the file's double-dummy table differs from the solver's" in result.output


def plain_progress(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The progress lines said on a stderr that is a log, every step of the bar (no 10 seconds between)."""
    from bridgetools.cli import common

    said: list[str] = []
    monkeypatch.setattr(common, "PLAIN_EVERY", 0.0)
    monkeypatch.setattr(common, "_stderr_is_a_file", lambda: True)
    monkeypatch.setattr(common, "stderr_is_a_terminal", lambda: False)
    monkeypatch.setattr(common, "tell", lambda message="", nl=True: said.append(message.split(" after ")[0]))
    return said


def test_export_dd_s_progress_counts_the_boards_solved_not_the_bytes_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file is read long before its boards are solved: a bar of bytes said 100% for minutes."""
    source = tmp_path / "dealt.pbn"
    bt.write([Board(number=i + 1, deal=deal_shuffled(seed=i + 1)) for i in range(4)], source, "pbn")
    monkeypatch.setattr(_dds, "BATCH", 1)  # one board a batch: the bar moves board by board
    said = plain_progress(monkeypatch)
    at_each_batch: list[list[str]] = []
    solve = _dds.solve_tables

    def spy(deals: list[bt.Deal]) -> list[bt.DDTable]:
        at_each_batch.append(list(said))
        return solve(deals)

    monkeypatch.setattr(_dds, "solve_tables", spy)
    result = CliRunner().invoke(cli, ["export", "--dd", "--dd-cache", str(tmp_path / "c"), str(source),
                                      "-o", str(tmp_path / "x.parquet")], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert [batch[-1] for batch in at_each_batch] == ["Solving: 0%", "Solving: 25%", "Solving: 50%",
                                                      "Solving: 75%"]
    assert [line for line in said if line.startswith("Solving")][-1] == "Solving: done"


def test_export_dd_tells_its_bar_when_a_session_is_read_and_its_solving_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The bar said "Solving: 0 done" while the first session was read: told nothing until a batch was solved.
    import functools

    from bridgetools.analysis import export

    source = tmp_path / "dealt.pbn"
    bt.write([Board(number=i + 1, deal=deal_shuffled(seed=i + 1)) for i in range(4)], source, "pbn")
    monkeypatch.setattr(export, "sessions", functools.partial(export.sessions, size=2))  # two sessions
    told: list[tuple[int, int | None]] = []
    at_first_batch: list[list[tuple[int, int | None]]] = []
    solve = _dds.solve_tables

    def spy(deals: list[bt.Deal]) -> list[bt.DDTable]:
        at_first_batch.append(list(told))
        return solve(deals)

    monkeypatch.setattr(_dds, "solve_tables", spy)
    export_files([str(source)], tmp_path / "x.parquet", dd=DoubleDummy(str(tmp_path / "c")),
                 on_boards=lambda done, total: told.append((done, total)))
    assert at_first_batch[0] == [(0, None)]  # the first session read (not the file), none solved yet


def test_export_dd_of_several_files_counts_the_boards_of_them_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = []
    for name, first in (("a.pbn", 1), ("b.pbn", 3)):
        files.append(tmp_path / name)
        bt.write([Board(number=i, deal=deal_shuffled(seed=i)) for i in (first, first + 1)], files[-1], "pbn")
    said = plain_progress(monkeypatch)
    result = CliRunner().invoke(cli, ["export", "--dd", "--dd-cache", str(tmp_path / "c"), *map(str, files),
                                      "-o", str(tmp_path / "x.parquet")], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    progress = [line for line in said if line.startswith(("Solving", "Exporting"))]
    assert "Solving: 2 done" in progress and progress[-2:] == ["Solving: 100%", "Solving: done"]
    assert "Solving: 50%" in progress  # the boards of both files counted, once the last is read


def test_a_passed_out_par_the_file_gives_with_its_table_counts_as_given(solved: list[int]) -> None:
    """It was taken for a par wanting its contracts (a passed-out par has none): worked out again and the
    board copied to hold it."""
    for par_contract in ("Pass", None):  # ParContract "Pass", or OptimumScore 0 alone
        text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n'
                '[DoubleDummyTricks "66666666666666666666"]\n[OptimumScore "NS 0"]\n'
                + (f'[ParContract "{par_contract}"]\n' if par_contract else ""))
        [board] = bt.loads(text, "pbn")
        assert board.par == bt.Par(0) and board.dd_table is not None
        [kept] = with_double_dummy([board])
        assert kept is board
    assert solved == []
