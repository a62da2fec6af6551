"""The evalcontract action: a contract's average duplicate score over the accepted deals, by double-dummy
tricks, in DealerV2's spelling ``evalcontract(ns, 4S, nv)`` and as classic dealer's bare table."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import bridgetools as bt
from bridgetools.dealer.actions import Report
from bridgetools.dealer.batch import DealBatch, random_batch
from bridgetools.dealer.compiler import compile_script
from bridgetools.dealer.language import ScoreOf, Tricks, parse
from bridgetools.errors import ParseError
from bridgetools.model import Contract, Seat, Strain


@pytest.mark.parametrize(("written", "declarer", "contract", "vulnerable"), [
    ("evalcontract(ns, 4S, nv)", Seat.S, "4S", False),
    ("evalcontract (NS, x4S, nv)", Seat.S, "4S", False),
    ("evalcontract(ew, z3Hxx, vul)", Seat.W, "3HXX", True),
    ("evalcontract(EW, 2DX, vul)", Seat.W, "2DX", True),
    ("evalcontract(ns, 3NT, nonvul)", Seat.S, "3NT", False),
    ("evalcontract(ns, x3N, nv)", Seat.S, "3NT", False),
    ("evalcontract(ns, z3N, nv)", Seat.S, "3NT", False),  # z, as x, is a plain prefix: not redoubled
    ("evalcontract(north, 6c, vul)", Seat.N, "6C", True),
])
def test_evalcontract_reads_dealers_spellings(written: str, declarer: Seat, contract: str,
                                              vulnerable: bool) -> None:
    (action,) = parse(f"action {written}").actions or ()
    assert action.kind == "evalcontract"
    assert isinstance(action.expr, ScoreOf)
    assert action.expr.contract == Contract.from_str(contract)
    assert action.expr.vulnerable is vulnerable
    assert isinstance(action.expr.tricks, Tricks)
    strain = Contract.from_str(contract).strain
    assert (action.expr.tricks.seat, action.expr.tricks.strain) == (declarer, strain)


def test_bare_evalcontract_is_classic_dealers_table_and_prints_40_by_default() -> None:
    script = parse("action evalcontract")
    assert script.actions is not None and script.actions[0].expr is None
    assert script.prints
    assert not parse("action evalcontract(ns, 4S, nv)").prints


@pytest.mark.parametrize(("written", "column", "expected"), [
    ("evalcontract(nw, 4S, nv)", 21, r"expected ns, ew or a seat \(north, east, south, west\)"),
    ("evalcontract(ns, 8S, nv)", 25, "bad contract '8S'"),
    ("evalcontract(ns, 4S, red)", 29, "expected vul or nv"),
])
def test_a_bad_evalcontract_names_line_column_and_what_was_expected(written: str, column: int,
                                                                    expected: str) -> None:
    with pytest.raises(ParseError, match=expected) as caught:
        parse(f"action {written}")
    assert (caught.value.line, caught.value.column) == (1, column)


dd = pytest.importorskip("bridgetools.dd")
pytest.importorskip("endplay")


@pytest.fixture(scope="module")
def batch() -> DealBatch:
    return random_batch(np.random.default_rng(20), 8)


@pytest.fixture(scope="module")
def tables(batch: DealBatch) -> list[bt.dd.DDTable]:
    return [bt.dd_table(deal) for deal in batch.to_deals()]


def report_of(script: str, batch: DealBatch) -> str:
    out = io.StringIO()
    report = Report(compile_script(parse(script)), out, 1)
    report.add(batch)
    report.finish()
    return out.getvalue()


def test_the_average_is_the_mean_of_each_deals_score_by_its_dd_table(batch: DealBatch,
                                                                     tables: list[bt.dd.DDTable]) -> None:
    out = report_of("action evalcontract(ew, 3NT, vul)", batch)
    scores = [bt.score("3NT", table[Seat.W, Strain.NT], True) for table in tables]
    found = re.search(r"Contract +3NT by +EW Average Result = +(-?[\d.]+), Made pct= +([\d.]+), "
                      r"Fail pct= +([\d.]+)", out)
    assert found, out
    assert float(found[1]) == pytest.approx(np.mean(scores), abs=0.005)
    assert float(found[2]) == pytest.approx(100 * np.mean([s > 0 for s in scores]), abs=0.005)
    assert float(found[3]) == pytest.approx(100 * np.mean([s < 0 for s in scores]), abs=0.005)


def test_missed_games_count_the_deals_where_game_makes_above_a_partscore(batch: DealBatch,
                                                                         tables: list[bt.dd.DDTable]) -> None:
    out = report_of("action evalcontract(ns, 2H, nv)", batch)
    made_game = [(table[Seat.S, Strain.H] or 0) >= 10 for table in tables]
    found = re.search(r"Missed Game_pct= +([\d.]+)", out)
    assert found, out
    assert float(found[1]) == pytest.approx(100 * np.mean(made_game), abs=0.005)


def test_the_bare_table_averages_north_and_south_declaring_each_level(batch: DealBatch,
                                                                      tables: list[bt.dd.DDTable]) -> None:
    out = report_of("action evalcontract", batch)
    not_vul = out.split("Vulnerable\n")[1]
    row = re.search(r"^s: (.*)$", not_vul, flags=re.M)
    assert row, out
    cells = re.findall(r"(-?\d+)/ *(-?\d+)", row[1])
    for level, (north, south) in enumerate(cells, start=1):
        for seat, shown in ((Seat.N, north), (Seat.S, south)):
            total = sum(bt.score(f"{level}S", table[seat, Strain.S], False) for table in tables)
            assert int(shown) == int(total / len(tables))  # C's division truncates toward zero


def test_every_evalcontract_of_a_batch_shares_one_call_to_dds(batch: DealBatch,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    solve = bt.dd.dd_tables

    def counting(deals: list[bt.Deal], *args: object, **kwargs: object) -> object:
        calls.append(len(deals))
        return solve(deals, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("bridgetools.dd.dd_tables", counting)
    report_of("action evalcontract(ns, 4S, nv), evalcontract(ew, 3NT, vul), evalcontract", batch)
    assert calls == [len(batch)]


def test_deal_prints_evalcontract_after_the_run_as_dealer_does(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bridgetools.cli import cli

    script = tmp_path / "game.dlr"
    script.write_text("produce 3\ncondition hcp(north) + hcp(south) >= 25\n"
                      "action evalcontract(ns, 3NT, nv), average score(nv, x3N, tricks(south, notrumps))\n")
    result = CliRunner().invoke(cli, ["deal", "-f", str(script), "--seed", "4", "-q"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "" and lines[1].startswith("Contract    3NT by  NS Average Result = ")
    assert lines[2].startswith("Missed Game_pct=    0.00, Missed Slam_pct=")
    average = float(re.findall(r"Average Result = +(-?[\d.]+)", lines[1])[0])
    assert average == pytest.approx(float(lines[3]), abs=0.005)
    assert "Produced 3 hands" in result.stdout


def test_without_the_dd_extra_evalcontract_gives_one_line_and_exit_1(tmp_path: Path) -> None:
    script = tmp_path / "game.dlr"
    script.write_text("produce 1\naction evalcontract(ns, 4S, nv)\n")
    code = ("import sys; sys.modules['endplay'] = None; sys.modules['endplay._dds'] = None\n"
            "from bridgetools.cli import main\n"
            f"sys.argv = ['bridgetools', 'deal', '--seed', '1', '-f', {str(script)!r}]\n"
            "main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip().count("\n") == 0 and "pip install 'bridgetools[dd]'" in done.stderr
    assert "Traceback" not in done.stderr
