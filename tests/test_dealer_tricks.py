"""tricks() in the dealer language: double dummy, solved only for the deals that still need it."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest

from bridgetools.dealer.batch import DealBatch, random_batch
from bridgetools.dealer.compiler import compile_script
from bridgetools.dealer.language import parse
from bridgetools.dealer.tables import named_table
from bridgetools.errors import ConstraintError
from bridgetools.model import Seat, Strain, Suit

dd = pytest.importorskip("bridgetools.dd")
pytest.importorskip("endplay")


def test_a_tricks_condition_accepts_the_deals_that_filtering_by_dd_table_keeps() -> None:
    batch = random_batch(np.random.default_rng(10), 300)
    script = parse("condition spades(south) >= 6 && tricks(south, spades) >= 10\n")
    accepted = compile_script(script).accept(batch)
    six = batch.length(Seat.S, Suit.S) >= 6
    deals = [d for d, keep in zip(batch.to_deals(), six, strict=True) if keep]
    by_table = [t[Seat.S, Strain.S] >= 10 for t in dd.dd_tables(deals)]
    assert accepted[six].tolist() == by_table
    assert not accepted[~six].any()
    assert 0 < sum(by_table) < len(by_table)


def test_tricks_south_spades_at_least_10_keeps_the_deals_bt_dd_table_keeps() -> None:
    import bridgetools as bt
    from bridgetools.model import Hand

    batch = random_batch(np.random.default_rng(12), 24, {Seat.S: Hand.parse("AKQJ...").mask})
    accepted = compile_script(parse("tricks(south, spades) >= 10\n")).accept(batch)
    by_table = [(bt.dd_table(deal)[Seat.S, Strain.S] or 0) >= 10 for deal in batch.to_deals()]
    assert accepted.tolist() == by_table
    assert 0 < sum(by_table) < len(by_table)


def test_tricks_in_an_or_is_solved_only_where_the_left_side_is_false() -> None:
    batch = random_batch(np.random.default_rng(11), 200)
    script = parse("condition hcp(north) < 22 || tricks(north, notrumps) >= 9\n")
    accepted = compile_script(script).accept(batch)
    weak = batch.count(Seat.N, named_table("hcp"), None) < 22
    assert accepted[weak].all()


def test_deal_with_tricks_gives_boards_that_make_the_tricks(tmp_path) -> None:
    from click.testing import CliRunner

    import bridgetools as bt
    from bridgetools.cli import cli

    out = tmp_path / "x.pbn"
    result = CliRunner().invoke(cli, ["deal", "-n", "2", "--seed", "3", "-q", "-o", str(out),
                                      "spades(south) >= 7 && tricks(south, spades) >= 11"])
    assert result.exit_code == 0, result.output
    boards = list(bt.read(out))
    assert len(boards) == 2
    for board in boards:
        assert board.deal is not None and bt.dd_table(board.deal)[Seat.S, Strain.S] >= 11


def test_without_the_dd_extra_tricks_gives_one_line_and_exit_1() -> None:
    code = ("import sys; sys.modules['endplay'] = None; sys.modules['endplay._dds'] = None\n"
            "from bridgetools.cli import main\n"
            "sys.argv = ['bridgetools', 'deal', '-n', '1', '--seed', '1', 'tricks(south, spades) >= 10']\n"
            "main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip().count("\n") == 0 and "pip install 'bridgetools[dd]'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("condition, words", [
    ("tricks(north, spades) > 13",
     "tricks(north, spades) is never more than 13, and it asks for at least 14"),
    ("tricks(north, spades) < 0", "tricks(north, spades) is never less than 0, and it asks for at most -1"),
    ("score(nv, x3N, tricks(north, notrump)) > 2000",
     "score(nv, x3N, tricks(north, notrump)) is never more than 520"),  # 3NT with all 13 tricks
    ("tricks(north, spades) + tricks(south, hearts) > 26", "is never more than 26"),
])
def test_tricks_past_0_to_13_are_refused_before_a_deal_is_solved(
        condition: str, words: str, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    # `tricks(north, spades) > 13` solved deals until generate's 10,000,000 ran out: days
    from click.testing import CliRunner

    from bridgetools.cli import cli
    from bridgetools.dealer import compiler

    solve = compiler.dd_tricks

    def solved(batch: DealBatch) -> np.ndarray:
        assert len(batch) == 0, "a deal was solved"  # the empty batch asks whether the condition is constant
        return solve(batch)

    monkeypatch.setattr(compiler, "dd_tricks", solved)
    script = tmp_path / "t.dlr"
    script.write_text(f"produce 1\ncondition {condition}\n")
    result = CliRunner().invoke(cli, ["deal", "-f", str(script), "--seed", "1"])
    assert result.exit_code == 1
    assert "t.dlr:2:11: no deal can meet the condition: " in result.output and words in result.output


@pytest.mark.parametrize("condition", [
    "tricks(north, spades) > 13 || tricks(south, notrump) < 0",
    "(tricks(north, spades) > 13 && hcp(north) > 5) || (hcp(south) > 4 && tricks(south, notrump) < 0)",
    "hcp(north) > 10 && (tricks(north, spades) > 13 || score(vul, x7N, tricks(north, notrump)) > 3000)",
])
def test_alternatives_that_no_deal_meets_are_refused_as_one_is(condition: str) -> None:
    # `impossible || impossible` was dealt until generate ran out, where `impossible` alone was refused
    from bridgetools.dealer.compiler import make_plan

    with pytest.raises(ConstraintError, match=re.escape("none of the alternatives of its || can be met: "
                                                        "tricks(north, spades) is never more than 13")):
        make_plan(condition)


@pytest.mark.parametrize("condition", [
    "hcp(north) > 10 || tricks(north, spades) > 13",
    "tricks(north, spades) > 13 || tricks(south, notrump) >= 0",
])
def test_alternatives_one_of_which_a_deal_may_meet_are_dealt(condition: str) -> None:
    from bridgetools.dealer.compiler import make_plan

    assert make_plan(condition).accept is not None


@pytest.mark.parametrize(("condition", "words"), [
    ("!(tricks(north, spades) <= 13)",
     "tricks(north, spades) is always from 0 to 13, all of which it asks for"),
    ("!(tricks(north, spades) >= 0 || hcp(north) > 5)", "tricks(north, spades) is always from 0 to 13"),
    ("hcp(north) > 10 && !(tricks(south, hearts) >= 0)", "tricks(south, hearts) is always from 0 to 13"),
    ("!!(tricks(north, spades) > 13)",
     "tricks(north, spades) is never more than 13, and it asks for at least 14"),
])
def test_a_not_of_what_every_deal_meets_is_refused_as_what_none_meets_is(condition: str, words: str) -> None:
    # `!(tricks(north, spades) <= 13)` was dealt until generate ran out: never_met looked past every `not`
    from bridgetools.dealer.compiler import make_plan

    with pytest.raises(ConstraintError, match=re.escape(words)):
        make_plan(condition)


def test_a_not_of_both_terms_an_and_always_meets_names_each_as_de_morgan_reads_it() -> None:
    # !(a && b) is !a || !b: met on no deal only when both a and b are met on every one; it was refused as
    # "none of the alternatives of its ||", which the script does not write
    from bridgetools.dealer.compiler import make_plan

    with pytest.raises(ConstraintError, match=re.escape(
            "none of the terms of its !( ... && ... ) can fail, which the ! asks one of to do: "
            "tricks(north, spades) is always")) as refused:
        make_plan("!(tricks(north, spades) >= 0 && tricks(south, hearts) <= 13)")
    assert "tricks(south, hearts) is always from 0 to 13" in str(refused.value)


@pytest.mark.parametrize("condition", [
    "!(tricks(north, spades) > 13)", "!(tricks(north, spades) >= 7)",
    "!(tricks(north, spades) > 13 || hcp(north) > 5)", "!(tricks(north, spades) >= 0 && hcp(north) > 5)",
])
def test_a_not_that_a_deal_may_meet_is_dealt(condition: str) -> None:
    from bridgetools.dealer.compiler import make_plan

    assert make_plan(condition).accept is not None


def test_tricks_at_the_edge_of_0_to_13_are_dealt() -> None:
    from bridgetools.dealer.compiler import make_plan

    assert make_plan("tricks(north, spades) >= 13 && tricks(north, spades) <= 13").accept is not None
