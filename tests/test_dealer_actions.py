"""dealer's actions print in dealer's layouts (checked by hand and side by side with Debian's dealer)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.dealer import actions
from bridgetools.dealer.actions import Report, diagram_rows, frequency_table, printoneline
from bridgetools.dealer.batch import DealBatch, random_batch
from bridgetools.dealer.compiler import compile_script
from bridgetools.dealer.language import parse
from bridgetools.model import Deal, Seat, Vul

DEALER = shutil.which("dealer") or ("/usr/games/dealer" if Path("/usr/games/dealer").exists() else None)

HANDS = {"north": "SAKQ2, HKJ3, DT98, C432", "east": "SJT9, HAQ2, DKQJ, CAKQJ",
         "south": "S876, HT98, D765, CT987", "west": "S543, H7654, DA432, C65"}
DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
FIXED = "".join(f"predeal {seat} {cards}\n" for seat, cards in HANDS.items())


def run(actions: str, deals: list[Deal] | None = None, seed: int = 1) -> str:
    """The output of ``action <actions>`` over the given deals (the fixed deal, three times, by default)."""
    compiled = compile_script(parse(f"action {actions}", "t.dlr"))
    out = io.StringIO()
    report = Report(compiled, out, seed)
    report.add(DealBatch.from_deals(deals or [DEAL] * 3))
    report.finish()
    return out.getvalue()


def test_diagram_columns_are_ten_cards_wide() -> None:
    # North's spades AKQ2 take 4 cards (8 characters), padded with 6 more cards' worth (12 spaces).
    first = next(diagram_rows([DEAL.hand(s) for s in range(4)]))
    assert first == "A K Q 2 " + " " * 12 + "J T 9 " + " " * 14 + "8 7 6 " + " " * 14 + "5 4 3 "


def test_a_void_prints_as_a_dash() -> None:
    deal = Deal.from_pbn("N:AKQJT98765432... .KQJ83.J9.AQ9753 .AT65.AKQT742.42 .9742.8653.KJT86")
    rows = list(diagram_rows([deal.hand(s) for s in range(4)]))
    assert rows[0] == "A K Q J T 9 8 7 6 5 4 3 2 -" + " " * 19 + "-" + " " * 19 + "- "


def test_printall_numbers_the_deals_from_one() -> None:
    text = run("printall")
    assert text.startswith("   1.\nA K Q 2 ") and "\n   3.\n" in text


def test_printoneline_lists_the_four_hands() -> None:
    expected = "n AKQ2.KJ3.T98.432 e JT9.AQ2.KQJ.AKQJ s 876.T98.765.T987 w 543.7654.A432.65 "
    assert printoneline(DEAL) == expected


def test_printcompact_with_an_expression_prints_its_value() -> None:
    # East: J (1) + A Q (6) + K Q J (6) + A K Q J (10) = 23 HCP.
    assert run("printcompact(hcp(east))").split("\n")[:5] == [
        "n AKQ2.KJ3.T98.432", "e JT9.AQ2.KQJ.AKQJ", "s 876.T98.765.T987", "w 543.7654.A432.65", "23"]


def test_printes_prints_strings_and_values() -> None:
    closing = "Produced 3 hands\nInitial random seed 1\n"
    assert run('printes("hcp ", hcp(north), \\n)') == "hcp 13\n" * 3 + closing


def test_average_uses_c_g_format() -> None:
    deals = [DEAL, Deal.from_pbn("N:JT9.AQ2.KQJ.AKQJ AKQ2.KJ3.T98.432 876.T98.765.T987 543.7654.A432.65")]
    assert run('average "N" hcp(north)', deals).startswith("N: 18\n")  # (13 + 23) / 2
    assert run("average spades(north) / 3", deals).startswith("1\n")  # 4 / 3 = 1 and 3 / 3 = 1


def test_frequency_shows_low_and_high_rows_only_when_used() -> None:
    expected = "Frequency x:\n    5\t       1\n    6\t       2\n"
    assert frequency_table("x", np.array([1, 2]), 5, 0, 0) == expected
    assert run("frequency (hcp(north), 14, 15)").startswith("Frequency :\nLow\t       3\n   14\t")


def test_two_dimensional_frequency_has_sums() -> None:
    text = run('frequency "f" (hcp(north), 12, 13, spades(north), 4, 4)')
    assert text.splitlines()[:6] == [
        "Frequency f:",
        "        Low      4   High    Sum",
        "Low       0      0      0      0",
        "  12      0      0      0      0",
        "  13      0      3      0      3",
        "High      0      0      0      0",
    ]


def test_printpbn_follows_the_board_cycle_unless_the_script_says() -> None:
    text = run("printpbn")
    board_two = '[Board "2"]\n[West "-"]\n[North "-"]\n[East "-"]\n[South "-"]\n'
    assert board_two + '[Dealer "E"]\n[Vulnerable "NS"]' in text
    compiled = compile_script(parse("dealer west\nvulnerable all\naction printpbn"))
    out = io.StringIO()
    report = Report(compiled, out, 5)
    report.add(DealBatch.from_deals([DEAL] * 2))
    assert out.getvalue().count('[Dealer "W"]\n[Vulnerable "All"]') == 2


def test_a_script_that_only_prints_pbn_ends_with_its_statistics_as_pbn_comments(tmp_path: Path) -> None:
    # `> deals.pbn` ended with dealer's closing lines, which are not PBN: `validate` reported them
    script, target = tmp_path / "pp.dlr", tmp_path / "deals.pbn"
    script.write_text("produce 5\ncondition hcp(north) >= 20\naction printpbn\n", encoding="utf-8")
    dealt = CliRunner().invoke(cli, ["deal", "-f", str(script), "--seed", "5"])
    assert dealt.exit_code == 0, dealt.stderr
    assert "\n% Produced 5 hands\n% Initial random seed 5\n" in dealt.stdout
    target.write_text(dealt.stdout, encoding="utf-8")
    checked = CliRunner().invoke(cli, ["validate", str(target)])
    assert checked.exit_code == 0 and "5 boards, 0 problems" in checked.output


def test_an_action_statement_with_no_action_ends_with_the_bare_closing_lines() -> None:
    # an empty action list is not one of printpbn alone: dealer prints only its closing lines, bare
    dealt = CliRunner().invoke(cli, ["deal", "--seed", "1", "-f", "-"],
                               input="produce 3\ncondition hcp(north)>10\naction\n")
    assert dealt.exit_code == 0, dealt.stderr
    assert dealt.stdout.startswith("Generated ") and "\nProduced 3 hands\n" in dealt.stdout
    assert "%" not in dealt.stdout


def test_print_seats_collects_pages_at_the_end() -> None:
    text = run("print(south, north)")
    assert text.index("North hands:") < text.index("South hands:")
    assert "   1.                  2.                  3.               \n" in text and text.count("\f") == 2


def _strip_statistics(text: str) -> str:
    keep = ("Generated", "Produced", "Initial random seed", "Time needed", "[Date ")
    lines = text.splitlines(keepends=True)
    return "".join(line for line in lines if not line.removeprefix("% ").startswith(keep))


@pytest.mark.skipif(DEALER is None, reason="Debian's dealer is not installed")
@pytest.mark.parametrize("actions", [
    "printall", "printew", "printcompact, printcompact(hcp(east))", "printoneline, printoneline(hcp(west))",
    'printes("x=", hcp(west), " y", \\n)', "printpbn", "print(north, south), print(east)",
    'average "lbl" hcp(east), average hcp(south) * 3 / 2',
    'frequency "one" (hcp(east), 11, 24), frequency (spades(north), 5, 6)',
    'frequency "two" (hcp(east), 11, 14, hearts(west), 2, 4)',
])
def test_layout_matches_debian_dealer_on_a_fixed_deal(tmp_path: Path, actions: str) -> None:
    script = tmp_path / "fixed.dlr"
    script.write_text(f"produce 3\n{FIXED}action {actions}\n")
    theirs = subprocess.run([DEALER, "-s", "1", str(script)], capture_output=True, text=True, check=True,
                            cwd=tmp_path).stdout
    ours = CliRunner().invoke(cli, ["deal", "-f", str(script), "--seed", "1", "-q"])
    assert ours.exit_code == 0, ours.output
    assert _strip_statistics(ours.output) == _strip_statistics(theirs)


def _per_deal_text(report: Report, deals: list[Deal], first: int) -> str:
    """The test script's per-deal output, one `Deal` at a time through the per-deal functions."""
    out = []
    for i, deal in enumerate(deals):
        number, north, east = first + i, deal.hand(Seat.N).hcp, deal.hand(Seat.E).hcp
        dealer = report.dealer if report.dealer is not None else Seat.dealer_of_board(number)
        vul = report.vulnerable if report.vulnerable is not None else Vul.of_board(number)
        out += [actions.printall(deal, number), actions.printew(deal),
                actions.printpbn(deal, number, dealer, vul, "t.dlr", report.seed, report.date),
                actions.printcompact(deal) + f"{north - 20}\n", actions.printoneline(deal) + f"{east}\n",
                actions.printcompact(deal), actions.printoneline(deal) + "\n", f"x {north} y\n"]
    return "".join(out)


@pytest.mark.parametrize("script", ["", "dealer west\nvulnerable ew\n"])
def test_batch_columns_give_the_per_deal_text_exactly(script: str) -> None:
    # Many seeded deals, numbered across 9,999 -> 10,000 (the number column widens), and deals with a
    # 13-card suit, voids and 11-card suits (wider than dealer's ten-card column).
    extreme = [Deal.from_pbn("N:AKQJT98765432... .KQJ83.J9.AQ9753 .AT65.AKQT742.42 .9742.8653.KJT86"),
               Deal.from_pbn("N:AKQJT987654.A.A. 32.KQJT987654..A .32.KQJT98765.KQ ..432.JT98765432")]
    deals = extreme + random_batch(np.random.default_rng(18), 3000).to_deals()
    compiled = compile_script(parse(
        f"{script}action printall, printew, printpbn, printcompact(hcp(north) - 20), "
        'printoneline(hcp(east)), printcompact, printoneline, printes("x ", hcp(north), " y", \\n)', "t.dlr"))
    out = io.StringIO()
    report = Report(compiled, out, 18)
    report.produced = 9_000
    report.add(DealBatch.from_deals(deals))
    assert out.getvalue() == _per_deal_text(report, deals, 9_001)


@pytest.mark.parametrize("padded", [False, True])
def test_the_diagram_cell_table_is_the_per_deal_text_of_every_holding(padded: bool) -> None:
    table = actions._cells(padded)
    for holding in range(1 << 13):
        cell = actions._spaced(holding)
        expected = actions._padded(cell) if padded else cell
        assert bytes(table[holding]).rstrip(b"\0").decode() == expected
