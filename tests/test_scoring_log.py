"""Plain text score logs: deal lines of a rubber log and ``CONTRACT TRICKS [vul]`` score lines."""

from __future__ import annotations

import pytest

import bridgetools as bt
from bridgetools.model import Contract, Seat
from bridgetools.scoring.log import parse_deal_line, parse_score_line, read_rubber_log, tokens
from bridgetools.scoring.rubber import Honours


def test_a_deal_line_is_contract_declarer_tricks() -> None:
    deal = parse_deal_line("4SX E 8")
    assert deal is not None
    assert (deal.contract, deal.declarer, deal.tricks) == (Contract.from_str("4SX"), Seat.E, 8)


@pytest.mark.parametrize(("text", "tricks"), [("=", 10), ("+2", 12), ("-3", 7), ("0", 0), ("13", 13)])
def test_tricks_may_be_absolute_or_relative_to_the_contract(text: str, tricks: int) -> None:
    deal = parse_deal_line(f"4S N {text}")
    assert deal is not None and deal.tricks == tricks


def test_honours_and_deal_are_options() -> None:
    deal = parse_deal_line('2H S 9 honours=NS100 deal="N:AKQ2.KJ3.T98.432 - - -"')
    assert deal is not None and deal.honours == Honours("NS", 100) and deal.deal is not None


def test_honours_none_means_none_held_even_with_a_deal() -> None:
    deal = parse_deal_line('2H S 9 honours=none deal="N:AKQ2.KJ3.T98.432 - - -"')
    assert deal is not None and deal.honours is False and deal.held_honours() is None


def test_comments_and_blank_lines_are_skipped() -> None:
    assert parse_deal_line("   # a comment") is None and parse_deal_line("") is None
    assert tokens("2H S 9 # honours=NS100") == [(1, "2H"), (4, "S"), (6, "9")]


def test_pass_needs_nothing_more() -> None:
    deal = parse_deal_line("Pass")
    assert deal is not None and deal.contract.is_passed_out


def test_read_rubber_log_numbers_the_lines() -> None:
    lines = ["# header", "4S N 10", "", "3NT S 9"]
    assert [n for n, _ in read_rubber_log(lines)] == [2, 4]


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("4S Q 10", 4, "not a seat"),
        ("4S N 14", 6, "0 to 13"),
        ("8S N 10", 1, "not a contract"),
        ("honours=NS100 8S N 10", 15, "not a contract"),
        ("honours=NS100", 1, "expected a contract first"),
        ("4S N", 1, "needs a declarer"),
        ("4S N 10 extra", 9, "unexpected 'extra'"),
        ("4S N 10 colour=red", 9, "unknown option"),
        ("4S N 10 honours=NS99", 9, "100 or 150"),
        ("4S N 10 honours=NS¹⁰⁰", 9, "not honours"),
        ("3NT N 9 honours=NS100", 9, "at notrump only the four aces"),
        ("Pass honours=NS150", 6, "a passed-out deal scores no honours"),
        ("4S N ¹⁰", 6, "not a number of tricks"),
        ("7NT N +1", 7, "14 tricks"),
        ('4S N 10 deal="N:AKQ.. - - -"', 17, "four suits"),
        ('4S N 10 deal="N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65', 9,
         "double quote .* is not closed"),
        ('4S N 10 honours="NS100', 9, "double quote .* is not closed"),
    ],
)
def test_a_bad_deal_line_names_file_line_column_and_the_problem(
    text: str, column: int, message: str
) -> None:
    with pytest.raises(bt.ParseError, match=message) as caught:
        parse_deal_line(text, "log.txt", 7)
    assert (caught.value.source, caught.value.line, caught.value.column) == ("log.txt", 7, column)
    assert str(caught.value).startswith(f"log.txt:7:{column}: ") and "\n" not in str(caught.value)


def test_a_score_line_is_contract_tricks_and_vulnerability() -> None:
    assert parse_score_line("4SX 8 vul") == (Contract.from_str("4SX"), 8, True)
    assert parse_score_line("3NT = nv") == (Contract.from_str("3NT"), 9, False)
    assert parse_score_line("1C 7") == (Contract.from_str("1C"), 7, False)


def test_a_score_line_may_write_the_result_onto_the_contract() -> None:
    assert parse_score_line("4SX-3 vul") == (Contract.from_str("4SX"), 7, True)
    assert parse_score_line("6H+1") == (Contract.from_str("6H"), 13, False)


def test_a_result_written_onto_the_contract_is_located_in_its_own_column() -> None:
    with pytest.raises(bt.ParseError) as caught:
        parse_score_line("1NT-8", "-", 2)
    assert str(caught.value).startswith("-:2:4: ")


@pytest.mark.parametrize(("text", "column"), [("4SX", 1), ("4SX 8 maybe", 7), ("4SX eight", 5),
                                              ("4SX 8 vul 3", 11)])
def test_a_bad_score_line_names_line_and_column(text: str, column: int) -> None:
    with pytest.raises(bt.ParseError) as caught:
        parse_score_line(text, "-", 3)
    assert str(caught.value).startswith(f"-:3:{column}: ")


@pytest.mark.parametrize(("text", "column"), [("4Q N 10", 2), ("2H S 9 x=1", 8), ("3NTQ N 9", 4),
                                              ('2H S 9 deal="N:AA82.85.AJ85.Q96 - - -"', 17)])
def test_a_bad_character_is_named_by_its_own_column_not_a_character_count(text: str, column: int) -> None:
    with pytest.raises(bt.ParseError) as caught:
        parse_deal_line(text, "log.txt", 2)
    assert caught.value.column == column and "(character" not in str(caught.value)


def test_a_bad_strain_on_a_score_line_is_named_by_its_column() -> None:
    with pytest.raises(bt.ParseError) as caught:
        parse_score_line("  4Z 3", "-", 5)
    assert str(caught.value).startswith("-:5:4: not a contract: '4Z': 'Z' is not a strain")
    assert "(character" not in str(caught.value)
