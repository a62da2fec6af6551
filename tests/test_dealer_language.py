"""The dealer input language: what parses, what it means, and how bad scripts are reported."""

from __future__ import annotations

import bisect
import contextlib
import itertools
import re
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetools.cli import cli
from bridgetools.dealer.batch import DealBatch, random_batch
from bridgetools.dealer.compiler import c_divide, c_modulo, compile_script, imps_values, seat_limits
from bridgetools.dealer.language import Binary, Count, HasCard, ShapeIn, parse, shapes_of
from bridgetools.errors import ConstraintError, ParseError
from bridgetools.model import Card, Deal, Seat, Suit, Vul

EXAMPLES = Path(__file__).parent / "data" / "dealer"

# A fixed deal to evaluate on, worked out by hand below.
# North: S AKQ32  H K4  D QJ2  C 432   (hcp 4+3+2 + 3 + 2+1 = 15, shape 5-2-3-3)
# East:  S J54    H AQJ32 D 3  C KQJ5
# South: S T9     H T98  D AK9874 C A6
# West:  S 876    H 765  D T65  C T987
DEAL = Deal.from_pbn("N:AKQ32.K4.QJ2.432 J54.AQJ32.3.KQJ5 T9.T98.AK9874.A6 876.765.T65.T987")


def value(expr_text: str, deal: Deal = DEAL) -> int:
    """An expression evaluated on one deal."""
    script = parse(f"v = {expr_text}")
    return int(compile_script(script).evaluate(script.variables["v"], DealBatch.from_deals([deal]))[0])


# -- statements ----------------------------------------------------------------------------------------

def test_a_bare_condition_is_a_whole_script() -> None:
    script = parse("hcp(north) >= 15")
    assert isinstance(script.condition, Binary) and script.actions is None


def test_the_condition_keyword_is_optional_and_the_last_condition_wins() -> None:
    script = parse("condition hcp(north) > 10\nhcp(south) > 3")
    assert isinstance(script.condition, Binary)
    assert isinstance(script.condition.left, Count) and script.condition.left.seat is Seat.S


def test_generate_produce_dealer_and_vulnerable_are_read() -> None:
    script = parse("generate 1000\nproduce 25\ndealer west\nvulnerable EW\n")
    assert (script.generate, script.produce, script.dealer, script.vulnerable) == (1000, 25, Seat.W, Vul.EW)


@pytest.mark.parametrize("word, vul", [("none", Vul.NONE), ("NS", Vul.NS), ("ew", Vul.EW), ("all", Vul.BOTH),
                                       ("Both", Vul.BOTH)])
def test_vulnerable_takes_dealers_four_words(word: str, vul: Vul) -> None:
    assert parse(f"vulnerable {word}").vulnerable is vul


def test_predeal_of_several_seats_in_one_statement() -> None:
    script = parse("predeal\n north SJ865432, HJ5, D72, C95\n west DQ5\n east DKJ\n")
    predealt = script.predealt
    assert len(predealt[Seat.N]) == 13
    assert Card.parse("DQ") in predealt[Seat.W] and Card.parse("DK") in predealt[Seat.E]


@pytest.mark.parametrize("holdings, cards", [
    ("SAKQ, HKJ", "SA SK SQ HK HJ"), ("sAKQ, hKJ", "SA SK SQ HK HJ"), ("sakq, hkj", "SA SK SQ HK HJ"),
    ("Sakq,h10J", "SA SK SQ HT HJ"), ("s", "")])
def test_predeal_reads_a_holding_in_any_case_as_hascard_reads_a_card(holdings: str, cards: str) -> None:
    # Debian's dealer reads SAKQ and a void S; hascard reads a card in any case (sa): so does a holding.
    predealt = parse(f"predeal north {holdings}").predealt.get(Seat.N, ())
    assert set(predealt) == {Card.parse(c) for c in cards.split()}


def test_predeal_seat_comma_card_form() -> None:
    assert Card.parse("S2") in parse("predeal north, S2").predealt[Seat.N]


def test_predeal_suit_length_becomes_a_filter() -> None:
    script = parse("predeal spades(north) == 7")
    batch = random_batch(np.random.default_rng(5), 2000)
    keep = compile_script(script).accept(batch)
    assert keep.any() and (batch.select(keep).length(Seat.N, Suit.S) == 7).all()


def test_a_card_predealt_twice_is_an_error() -> None:
    with pytest.raises(ParseError, match="predealt twice"):
        parse("predeal north SAK\npredeal south SA")


def test_pointcount_redefines_hcp() -> None:
    # 1 point for each of A K Q J T: North holds A K Q in spades, K in hearts, Q J in diamonds = 6.
    script = parse("pointcount 1 1 1 1 1\nv = hcp(north)")
    assert int(compile_script(script).evaluate(script.variables["v"], DealBatch.from_deals([DEAL]))[0]) == 6


def test_altcount_redefines_one_alternate_count() -> None:
    script = parse("altcount 5 2 1\nv = top2(north)")  # A=2 K=1: AS, KS, KH = 2 + 1 + 1
    assert int(compile_script(script).evaluate(script.variables["v"], DealBatch.from_deals([DEAL]))[0]) == 4


def test_frequency_bounds_and_point_counts_may_be_negative() -> None:
    script = parse("pointcount 4 3 2 1 -1\naction frequency (hcp(north) - 10, -10, 10)")
    assert script.pointcount is not None and script.pointcount[4] == -1
    assert (script.actions or ())[0].bounds == (-10, 10)


def test_comments_of_all_three_kinds_and_utf8_are_ignored() -> None:
    text = "# opening — 1NT ♠\nx = 1 // trailing\n/* spans\n two lines */ y = x + 1\ncondition y == 2\n"
    assert parse(text).condition is not None


def test_a_byte_order_mark_is_ignored() -> None:
    assert parse("\ufeffhcp(north) > 3").condition is not None


def test_actions_may_end_with_a_trailing_comma() -> None:
    script = parse('action average "hcp" hcp(north), average "s" spades(north),')
    assert [a.kind for a in script.actions or ()] == ["average", "average"]


def test_words_and_symbols_are_the_same_operators() -> None:
    assert value("1 and not 0 or 0") == value("1 && !0 || 0") == 1


def test_identifiers_may_begin_with_a_keyword() -> None:
    assert value("0", DEAL) == 0
    script = parse("northopen = hcp(north) > 11\norder = 2\ncondition northopen and order == 2")
    assert compile_script(script).accept(DealBatch.from_deals([DEAL]))[0]


# -- meaning -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("hcp(north)", 15), ("hcp(north, spades)", 9), ("hcp(east)", 1 + 7 + 0 + 6),
    ("spades(north)", 5), ("hearts(east)", 5), ("diamond(south)", 6), ("clubs(west)", 4),
    ("controls(north)", 2 + 1 + 1), ("control(south, diamonds)", 3),
    ("losers(north)", 0 + 1 + 2 + 3),  # AKQxx 0, Kx 1, QJx 2 (3 less the queen), xxx 3
    ("aces(south)", 2), ("kings(north)", 2), ("top3(north, spades)", 3), ("c13(north, spades)", 6 + 4 + 2),
    ("tens(south)", 2), ("jacks(east)", 3), ("queens(north)", 2),
])
def test_hand_functions_on_a_fixed_deal(text: str, expected: int) -> None:
    assert value(text) == expected


@pytest.mark.parametrize("card, same", [("2c", "2C"), ("C2", "2C"), ("c2", "2C"), ("10S", "TS"),
                                        ("10s", "TS"), ("S10", "TS"), ("s10", "TS"), ("ts", "TS"),
                                        ("St", "TS")])
def test_hascard_reads_a_card_rank_or_suit_first_in_any_case(card: str, same: str) -> None:
    # `hascard(north, 2c)` was "unexpected '2c'" where `s10`, `St` and `as` were read
    read, written = parse(f"hascard(north, {card})").condition, parse(f"hascard(north, {same})").condition
    assert isinstance(read, HasCard) and isinstance(written, HasCard) and read.card == written.card


def test_hascard_accepts_rank_first_and_suit_first() -> None:
    assert value("hascard(north, AS)") == value("hascard(north, SA)") == 1
    assert value("hascard(south, TH)") == value("hascard(south, HT)") == 1
    assert value("hascard(east, 2C)") == 0 and value("hascard(east, 5C)") == 1


def test_integer_division_truncates_toward_zero_like_c() -> None:
    assert (value("7 / 2"), value("-7 / 2"), value("7 % 3"), value("-7 % 3")) == (3, -3, 1, -1)
    assert int(c_divide(np.array([-7]), np.array([2]))[0]) == -3
    assert int(c_modulo(np.array([-7]), np.array([3]))[0]) == -1


def test_division_by_zero_gives_zero_rather_than_failing() -> None:
    assert value("hcp(west) / hcp(west)") == 0


def test_constant_arithmetic_wraps_at_64_bits_as_the_per_deal_values_do() -> None:
    # 2**62 * 4 is 2**64, which wraps to 0 in a 64-bit integer
    assert value("4611686018427387904 * 4") == 0
    assert value("hcp(west) * 0 + 4611686018427387904 * 4") == 0


@pytest.mark.parametrize("text, expected", [
    ("1 ? 0 ? 3 : 2 : 1", 2), ("1 ? 3 : 1 ? 2 : 1", 3), ("1 || 0 ? 1 : 0", 1), ("1 ? 0 : 1 || 1", 0),
    ("0 && 0 || 1", 1), ("2 == 2 != 0", 1), ("2 < 3 > 0", 1), ("1 + 2 * 3", 7), ("!0 * 2", 2),
    ("2 - -1", 3), ("10 % 8 / 2", 1),
])
def test_operator_precedence_follows_c(text: str, expected: int) -> None:
    assert value(text) == expected


def test_variables_are_the_expressions_they_name() -> None:
    assert value("hcp(north) + spades(north)") == 20
    script = parse("a = hcp(north)\nb = a + 1\nv = b * 2")
    assert int(compile_script(script).evaluate(script.variables["v"], DealBatch.from_deals([DEAL]))[0]) == 32


def test_ternary_picks_per_deal() -> None:
    assert value("clubs(north) > diamonds(north) ? hcp(north, clubs) : hcp(north, diamonds)") == 3


def test_score_and_imps_use_duplicate_scoring() -> None:
    # 3NT making 9 vulnerable: 40 + 30 + 30 trick score, 500 game bonus = 600; 4S down one vul = -100.
    assert value("score(vul, x3N, 9)") == 600
    assert value("score(nv, x4S, 9)") == -50
    assert value("imps(600 - 170)") == 10 and value("imps(-430)") == -10  # 430-490 is 10 IMPs (WBF)
    assert value("imps(score(vul, x3N, 9) - score(vul, x2N, 9))") == value("imps(600 - 150)")


DEALER_IMP_TABLE = (10, 40, 80, 120, 160, 210, 260, 310, 360, 410, 490, 590, 740, 890, 1090, 1190, 1490, 1740,
                    1990, 2240, 2490, 2990, 3490, 3990)
"""Debian dealer's own IMP table (its ``imparr``): the largest difference worth 0, 1, ... 23 IMPs."""
WBF_ZONES = (range(411, 421), range(1191, 1291))
"""Where dealer's table is a step off the WBF scale (420 is 10 IMPs there, 1200-1290 16): the scale kept."""


def dealer_imps(difference: int) -> int:
    """IMPs as Debian's dealer counts them: the entries of its table the difference's size exceeds."""
    points = bisect.bisect_left(DEALER_IMP_TABLE, abs(difference))
    return points if difference >= 0 else -points


@pytest.mark.parametrize("difference, expected", [(11, 1), (14, 1), (10, 0), (41, 2), (44, 2), (421, 10),
                                                  (3991, 24), (-11, -1), (-84, -3)])
def test_imps_counts_a_difference_between_tens_as_the_next_ten_from_zero_as_dealer(
        difference: int, expected: int) -> None:
    assert value(f"imps({difference})") == expected
    assert value(f"imps(hcp(north) * 0 + {difference})") == expected  # per deal, as a computed difference


def test_imps_agrees_with_dealer_off_the_wbf_zones_for_every_difference_to_4599() -> None:
    differences = np.arange(-4599, 4600)
    kept = ~np.isin(np.abs(differences), [k for zone in WBF_ZONES for k in zone])
    counted = imps_values(differences)
    assert counted[kept].tolist() == [dealer_imps(int(d)) for d in differences[kept]]
    assert [imps_values(d) for d in (415, 1195, -1290)] == [9, 15, -15]  # the WBF scale where dealer differs


def test_rnd_stays_in_range_and_repeats_for_the_same_deals() -> None:
    script = parse("v = rnd(6)")
    batch = random_batch(np.random.default_rng(3), 500)
    first = compile_script(script).evaluate(script.variables["v"], batch)
    again = compile_script(parse("v = rnd(6)")).evaluate(parse("v = rnd(6)").variables["v"], batch)
    assert first.min() >= 0 and first.max() <= 5 and len(set(first.tolist())) == 6
    assert (first == again).all()


def test_rnd_of_a_deal_does_not_depend_on_the_batch_it_is_in() -> None:
    script = parse("v = rnd(1000)")
    compiled = compile_script(script)
    batch = random_batch(np.random.default_rng(4), 50)
    whole = compiled.evaluate(script.variables["v"], batch)
    assert (compiled.evaluate(script.variables["v"], batch[:7]) == whole[:7]).all()
    assert (compiled.evaluate(script.variables["v"], batch[20:]) == whole[20:]).all()


def test_rnd_draws_apart_for_equal_deals_of_a_fully_predealt_script() -> None:
    """Every deal is the same when all 52 cards are predealt; dealer's rnd() still draws at random."""
    script = ("predeal north SAKQ32, HK4, DQJ2, C432\npredeal east SJ54, HAQJ32, D3, CKQJ5\n"
              "predeal south ST9, HT98, DAK9874, CA6\npredeal west S876, H765, DT65, CT987\n"
              "produce 600\naction frequency (rnd(6), 0, 5)\n")
    result = CliRunner().invoke(cli, ["deal", "-f", "-", "--seed", "1", "-q"], input=script)
    counts = [int(line.split()[1]) for line in result.stdout.splitlines()[1:7]]
    assert result.exit_code == 0 and sum(counts) == 600 and min(counts) > 60


# -- shapes --------------------------------------------------------------------------------------------

def test_any_4333_is_the_four_rotations() -> None:
    assert shapes_of("4333", True) == {(4, 3, 3, 3), (3, 4, 3, 3), (3, 3, 4, 3), (3, 3, 3, 4)}


def test_x_is_a_wildcard_for_the_remaining_cards() -> None:
    # 55xx: five spades, five hearts, and the other three cards split 3-0, 2-1, 1-2 or 0-3.
    assert shapes_of("55xx", False) == {(5, 5, d, 3 - d) for d in range(4)}


def test_plus_and_minus_combine_in_order() -> None:
    script = parse("shape(north, any 4333 + 54xx - any 0xxx)")
    assert isinstance(script.condition, ShapeIn)
    expected = shapes_of("4333", True) | {s for s in shapes_of("54xx", False) if 0 not in s}
    assert script.condition.shapes == expected


def test_commas_in_a_shape_list_add_shapes() -> None:
    script = parse("shape(east, any 4333, any 4432, 2335)")
    assert isinstance(script.condition, ShapeIn) and (2, 3, 3, 5) in script.condition.shapes


def test_an_upper_case_x_is_a_wildcard_too() -> None:
    upper, lower = parse("shape(north, 55XX)").condition, parse("shape(north, 55xx)").condition
    assert isinstance(upper, ShapeIn) and isinstance(lower, ShapeIn) and upper.shapes == lower.shapes


def test_shape_matches_the_hand() -> None:
    assert value("shape(north, 5233)") == 1 and value("shape(north, any 5332 - 5xxx)") == 0


@pytest.mark.parametrize("pattern", ["any 4443", "5332x", "4432 + 7331"])
def test_invalid_shapes_are_rejected(pattern: str) -> None:
    with pytest.raises(ParseError):
        parse(f"shape(north, {pattern})")


# -- errors --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pattern, words", [
    ("5-4-x-x", "unexpected '5-4-x-x': a shape's four lengths are written together: any 54xx for them in any "
                "suits (54xx for spades, hearts, diamonds, clubs in that order)"),
    ("5=4=3=1", "unexpected '5=4=3=1': a shape's four lengths are written together, spades first: 5431 (any "
                "5431 for the lengths in any suits)"),
    ("5+xxx", "unexpected '5+xxx': expected a shape, four lengths written together, spades first, x for any "
              "length"),
    ("5xxxx", "unexpected '5xxxx': expected a shape, four lengths written"),  # it said '+', ',', '-' first
    ("balanced", "unexpected 'balanced': shape() takes patterns, not names; balanced is any 4333 + any 4432 "
                 "+ any 5332"),
])
def test_a_shape_written_as_a_bridge_book_writes_it_says_how_to_write_it(pattern: str, words: str) -> None:
    # it was `unexpected '5', expected '+', ',', '-', 'any', a shape such as 4333 or 5xxx`
    with pytest.raises(ParseError) as e:
        parse(f"shape(north, {pattern})")
    assert words in str(e.value) and ":1:14:" in str(e.value)


@pytest.mark.parametrize("text, column", [("hcp(north) > 10 && spades(north) > 4)", 37),
                                          ("# (\nhcp(north) > 10) && (spades(north) > 4", 16)])
def test_a_bracket_that_closes_nothing_is_told_as_such(text: str, column: int) -> None:
    # it was `unexpected ')', expected an expression`, as if a term were missing
    with pytest.raises(ParseError) as e:
        parse(text, "s.dlr")
    assert str(e.value).endswith(f":{column}: unexpected ')': no '(' before it opens it (one ')' too many, "
                                 "or a '(' left out)")


@pytest.mark.parametrize("text, where, words", [
    ("hcp(north) >=", "s.dlr:1:12", "an expression after >= was expected"),  # at the operator, not the end
    ("condition hcp(nort) > 3", "s.dlr:1:15", "expected a seat"),
    ("produce 10\ncondition x > 3", "s.dlr:2:11", "unknown variable 'x'"),
    ("x = 1\nx = 2", "s.dlr:2:1", "already defined on line 1"),
    ("/* never closed", "s.dlr:1:1", "unterminated /* comment"),
    ('action average "label hcp(north)', "s.dlr:1:16", "unterminated string"),
    ("hascard(north, ZZ)", "s.dlr:1:16", "bad card 'ZZ'"),
    ("hascard(north, ZZ)", "s.dlr:1:16", "a card is a rank (A K Q J T or 10, 9 to 2) and a suit "
     "(S H D C), either first, in any case: AS, sa, TH, 10h or 2C"),
    ("hascard(north, 1s)", "s.dlr:1:16", "unexpected '1s', expected a card, a rank (A K Q J T or 10"),
    ("vulnerable sometimes", "s.dlr:1:12", "unknown vulnerability"),
    # LIN's letters, which Vul.parse reads: n was NS, where a script's writer may mean none
    ("vulnerable n", "s.dlr:1:12", "unknown vulnerability 'n' (expected none, NS, EW or all)"),
    ("vulnerable o", "s.dlr:1:12", "unknown vulnerability 'o'"),
    ("predeal north SAXQ", "s.dlr:1:15", "bad holding"),
    ("predeal north XAKQ", "s.dlr:1:15", "bad holding 'XAKQ': expected a suit letter (S H D C, in any case) "
     "and its ranks (A K Q J T or 10, 9 to 2), each once, such as SAQ542 or sAQ542"),
    ("predeal north SAK,\nproduce 10", "s.dlr:2:1", "unexpected 'produce' after a comma: expected one more "
     "holding (such as HQJ), or no comma after the predeal's last holding"),
    ("score(vul, x8N, 9)", "s.dlr:1:12", "bad contract"),
    ("shape(north, any 4443)", "s.dlr:1:18", "15 cards"),
    ("hcp(north) > 3 $", "s.dlr:1:16", "unexpected character '$'"),
    ("action printall printew", "s.dlr:1:17", "actions are separated by commas"),
    # printall on a line of its own: Debian's dealer says "syntax error"; it was told to put a comma
    ("produce 2\nprintall(1)", "s.dlr:2:1", "unexpected 'printall': printall is an action, written in an "
     "action statement (action printall); dealer reads it nowhere else"),
    ("action printall\nproduce 3\nprintew", "s.dlr:3:1", "printew is an action, written in an action"),
    ("predeal north: SAK", "s.dlr:1:14", "unexpected ':', expected ',', a holding such as SAK"),
    ("predeal north SAK, 3", "s.dlr:1:20", "unexpected '3', expected a holding such as SAK"),
    ("predeal north", "s.dlr:1:14", "unexpected end of script, expected ',', a holding such as SAK"),
    ("vulnerable 3", "s.dlr:1:12", "unexpected '3', expected a vulnerability (none, NS, EW, all)"),
    ("score(3, 4S, 9) > 0", "s.dlr:1:7", "unexpected '3', expected vul or nv"),
    ("action evalcontract(3, 4S, vul)", "s.dlr:1:21",
     "expected a seat (north, east, south, west), a side (ns, ew)"),
    ("action evalcontract(ns, 4S, 3)", "s.dlr:1:29", "unexpected '3', expected vul or nv"),
    ("loosers(north) < 7", "s.dlr:1:1", "unknown function 'loosers' (did you mean losers?)"),
    ("hcp(north) > 9 && shapes(north, any 4333)", "s.dlr:1:19",
     "unknown function 'shapes' (did you mean shape?)"),
    ("action printoneline(bar(north))", "s.dlr:1:21", "unknown function 'bar'"),
    ("(hcp(north) > 3) or (hcpp(north) > 2)", "s.dlr:1:22", "unknown function 'hcpp' (did you mean hcp?)"),
    ("predeal north SAK, HQ, south DAK", "s.dlr:1:24",
     "unexpected 'south' after a comma: the next seat follows the last holding without one"),
    ("predeal north SAK, HQ, south DAK, CQ", "s.dlr:1:24",
     "unexpected 'south' after a comma: the next seat follows the last holding without one"),
    ("predeal north SAK, HQ,\n  east DAK, CQ\ncondition hcp(west) > 9", "s.dlr:2:3",
     "unexpected 'east' after a"),
    ("predeal north SAK\naction print(north, south), printall printew", "s.dlr:2:38",
     "actions are separated by commas"),
    ("action evalcontract(northx, 3N, vul)", "s.dlr:1:21",
     "unknown side 'northx' in evalcontract: expected ns, ew or a seat (north, east, south, west)"),
    ("x = 3\ncondition x(north) > 1", "s.dlr:2:11",
     "unknown function 'x': 'x' is the variable defined on line 1"),
    ("spades(north) = 5", "s.dlr:1:15", "unexpected '=': a comparison is ==, >= or <="),
    ("produce 1\n/* a /* b */ c */\naction printall", "s.dlr:2:16",
     "unexpected '*/': no /* comment is open here (comments do not nest"),
    ("produce 1 */\naction printall", "s.dlr:1:11", "unexpected '*/': no /* comment is open here"),
    ("condition hcp(north) >= 15 and <= 17", "s.dlr:1:32",
     "unexpected '<=': a comparison needs a value on its left, and 'and' does not carry over the one before "
     "it: write hcp(north) >= 15 and hcp(north) <= 17"),
    ("hcp(north, spades) > 3 && < 8\naction printall", "s.dlr:1:27",
     "write hcp(north, spades) > 3 && hcp(north, spades) < 8"),
    ("x = spades(north) == 5 || == 6", "s.dlr:1:27", "write spades(north) == 5 || spades(north) == 6"),
    ("hcp(north) => 10", "s.dlr:1:12", "unexpected '=>': write >= (at least)"),
    ("action average hcp(north)\n  frequency (hcp(south), 0, 20)", "s.dlr:2:3",
     "unexpected 'frequency': actions are separated by commas"),
    ('action printall\n  printes("x", hcp(north), \\n)', "s.dlr:2:3", "unexpected 'printes': actions are"),
    # an operator left at a line's end is the mistake, not the statement on the next line
    ("condition hcp(north) >= 12 &&\nproduce 10", "s.dlr:1:28", "an expression after && was expected"),
    ("x = hcp(north) +\naction printall", "s.dlr:1:16", "an expression after + was expected"),
    ("condition hcp(north) >= 15 and // more to come\n/* later */ action printall", "s.dlr:1:28",
     "an expression after and was expected"),
    ("condition hcp(north) >= 12 && hcp(south) >=\n\naction printall", "s.dlr:1:42",
     "an expression after >= was expected"),
    # ... and at the very end of the script too (it was "s.dlr:2:1: unexpected end of script")
    ("condition hcp(north) > 10 &&", "s.dlr:1:27", "an expression after && was expected"),
    ("condition hcp(north) > 10 &&\n\n// nothing more\n", "s.dlr:1:27", "an expression after &&"),
    ("x = hcp(north) or /* later */", "s.dlr:1:16", "an expression after or was expected"),
    # inside shape() a shape follows + or -, not an expression (it said "an expression after - was expected")
    ("condition shape(north, any 4333 -", "s.dlr:1:33",
     "a shape after - was expected (such as 4333, 5xxx or any 4333)"),
    ("condition shape(north, 5xxx + 4xxx +", "s.dlr:1:36", "a shape after + was expected"),
    ("condition shape(north, 5xxx) && (hcp(north) -", "s.dlr:1:45", "an expression after - was expected"),
    ("predeal north SAK HQJ", "s.dlr:1:19",
     "unexpected 'HQJ': the holdings of a predeal are separated by commas (SAK, HQJ)"),
    ("predeal\n  north SJ865432, HJ5 D72, C95", "s.dlr:2:23", "separated by commas (HJ5, D72)"),
    ("predeal north S AQ542", "s.dlr:1:17",
     "unexpected 'AQ542': a holding's ranks follow its suit letter without a space (SAQ542)"),
    ("predeal north S AQ542, H KJ87, D32, CAK", "s.dlr:1:17", "without a space (SAQ542)"),
    ("predeal north SAQ542, H KJ87\naction printall", "s.dlr:1:25", "without a space (HKJ87)"),
    ("predeal north AQ542.KJ87.32.AK", "s.dlr:1:15",
     "unexpected 'AQ542.KJ87.32.AK': a predeal gives a hand suit by suit, each holding after its suit "
     "letter: SAQ542, HKJ87, D32, CAK"),
    ("predeal south KQJ..T98765.5432\nproduce 3", "s.dlr:1:15", "SKQJ, H, DT98765, C5432"),
    ("predeal north S-, HAKQJT98765", "s.dlr:1:16",
     "unexpected '-': a void is its suit letter alone (S), or left out"),
    ("predeal north HAKQJT98765, S-\nproduce 3", "s.dlr:1:29", "a void is its suit letter alone (S)"),
    ("predeal north HAK, S-\n", "s.dlr:1:21", "a void is its suit letter alone (S)"),  # at the script's end
    ("predeal north HAK, S-", "s.dlr:1:21", "a void is its suit letter alone (S)"),
    ("condition balanced(north)", "s.dlr:1:11", "unknown function 'balanced': expected shape(north, any "
     "4333 + any 4432 + any 5332) for a balanced hand"),
    ("x = semibalanced(south)\ncondition x", "s.dlr:1:5", "unknown function 'semibalanced': expected "
     "shape(south, any 4333 + any 4432 + any 5332 + any 5422 + any 6322) for a semibalanced hand"),
    ("hcp(north) < 9223372036854775808", "s.dlr:1:14", "number 9223372036854775808 is too large"),
    ("action frequency (hcp(north), 0, 1000000)", "s.dlr:1:31", "counts at most 1,000,000 values"),
    ("action frequency (hcp(north), 0, 2000, hcp(south), 0, 1000)", "s.dlr:1:31", "at most 1,000,000"),
])
def test_malformed_scripts_say_file_line_and_column(text: str, where: str, words: str) -> None:
    assert words in parse_error(text, where)


@pytest.mark.parametrize("text, words", [
    ("north = 3\ncondition hcp(north) > 10", "'north' is a seat"),
    ("hcp = 3\ncondition hcp(north) > 10", "'hcp' is a function"),
    ("condition = 3", "'condition' is a statement"),
    ("  and = 1", "'and' is an operator"),
    ("nv = 1", "'nv' is a vulnerability"),
    ("AS = 1", "'AS' is a card"),
    ("x5xx = 1", "'x5xx' is a shape"),
    # a holding, as dealer's scanner reads it: "SAKQ = 1" named a variable where dealer says syntax error
    ("SAKQ = 1\ncondition SAKQ", "'SAKQ' is a holding (as in predeal north SAKQ)"),
    ("CK2 = 1", "'CK2' is a holding"),
    ("xxxx = 1\nxxxx", "'xxxx' is a shape"),
    ("x3N = 1", "'x3N' is a contract"),
    ("predeal north SAK, HQ\nsouth = 3", "'south' is a seat"),
])
def test_a_reserved_word_cannot_name_a_variable(text: str, words: str) -> None:
    """As in Debian's dealer (a syntax error there), named at the word, whether lark reads it as a name
    (``north`` at a statement's start) or as its keyword (``hcp``, then an ``=`` it cannot take)."""
    line = text.count("\n", 0, text.index(" =")) + 1
    column = text.index(" =") - text.rfind("\n", 0, text.index(" =")) - len(words.split("'")[1])
    message = parse_error(text, f"s.dlr:{line}:{column}")
    assert words in message and message.endswith("cannot name a variable: choose another name")


@pytest.mark.parametrize("text, where, words", [
    # a reserved word where a value goes: no variable can take that name, so "unknown variable 'north'
    # (define it with north = ... before using it)" gave advice no script could follow
    ("action printcompact(north)", "s.dlr:1:21", "unexpected 'north': a seat is no value"),
    ("condition hcp(north) > 3 && vul", "s.dlr:1:29", "unexpected 'vul': a vulnerability is no value"),
    ("produce 2\naction average AS", "s.dlr:2:16", "unexpected 'AS': a card is no value"),
    ("condition SAK", "s.dlr:1:11", "unexpected 'SAK': a holding (as in predeal north SAKQ) is no value"),
    # dealer's words are lower case: ``Condition`` was an unknown variable to define
    ("Condition hcp(north) >= 15", "s.dlr:1:1", "words are lower case (did you mean condition?)"),
    ("produce 1\nAction printall", "s.dlr:2:1", "words are lower case (did you mean action?)"),
    # a seat or `any` capitalised, where only a seat or a shape goes: "unexpected 'North', expected a seat"
    ("condition hcp(North) >= 15", "s.dlr:1:15", "unexpected 'North': the dealer language's words are lower "
     "case (did you mean north?)"),
    ("predeal West SAK", "s.dlr:1:9", "unexpected 'West': the dealer language's words are lower case"),
    ("predeal north SAK, North SQ", "s.dlr:1:20", "unexpected 'North': the dealer language's words are lower "
     "case (did you mean north?)"),
    ("shape(north, ANY 4333)", "s.dlr:1:14", "unexpected 'ANY': the dealer language's words are lower case"),
    ("condition hcp(north) > 3 AND hcp(south) > 3", "s.dlr:1:26", "lower case (did you mean and?)"),
    # scripts are pasted from web pages and documents, whose quotes, spaces and dashes look like dealer's
    ("action average \u201cpoints\u201d hcp(north)", "s.dlr:1:16",
     "'\u201c': a typographic quote; write \"...\""),
    ("condition hcp(north)\u00a0>= 15", "s.dlr:1:21", "a no-break space; write a plain space"),
    ("condition hcp(north) \u2013 hcp(south) > 3", "s.dlr:1:22", "a typographic dash; write - (minus)"),
    ("condition hcp(north) \u2265 15", "s.dlr:1:22", "'\u2265': write >="),
    # numbers as a spreadsheet writes them: "unknown variable 'e6'" and "unexpected character '.'"
    ("generate 25e4", "s.dlr:1:12", "unexpected 'e4': numbers are written out in digits in the dealer "
     "language (250000, not 25e4)"),
    ("condition hcp(north) >= 12.5", "s.dlr:1:27", "unexpected '.': numbers are whole"),
    # a shape outside shape(): "unknown variable 'xxx'", at its second character
    ("condition shape(north, 4333) || 5xxx", "s.dlr:1:33", "unexpected '5xxx': a shape goes in shape(seat"),
    # C's and SQL's spellings: "unexpected character '&'", "unexpected '>', expected an expression"
    ("hcp(north) > 3 & hcp(south) > 3", "s.dlr:1:16", "unexpected character '&': and is && (or the word"),
    ("hcp(north) > 3 | hcp(south) > 3", "s.dlr:1:16", "unexpected character '|': or is || (or the word or"),
    ("action average 'x' hcp(north)", "s.dlr:1:16", 'unexpected character "\'": strings are in double'),
    ("hcp(north) => 12", "s.dlr:1:12", "unexpected '=>': write >= (at least)"),
    ("hcp(north) =< 12", "s.dlr:1:12", "unexpected '=<': write <= (at most)"),
    ("x = 3\nhcp(north) <> x", "s.dlr:2:12", "unexpected '<>': write != (not equal)"),
    # a card where a number or a variable goes: dealer's scanner reads 4S as one card (a syntax error);
    # read as the number 4 and the variable S, `4S = hcp(north)` dealt with conditions nobody wrote
    ("4S = hcp(north)\ncondition 4S > 10", "s.dlr:1:1", "unexpected '4S': a card in the dealer language"),
    ("condition hcp(north) > 10S", "s.dlr:1:24", "unexpected '10S': a card in the dealer language (as in "
     "hascard(north, 10S)), which can neither name a variable nor stand for a number"),
    # a number run into a name: read as the number 4 and a name abc, as Debian's dealer reads it, a script
    # whose abc was defined dealt with a condition of its own nobody wrote (only a warning)
    ("abc = 3\ncondition hcp(north) > 4abc", "s.dlr:2:24", "unexpected '4abc': a number runs into the "
     "letters after it; a name starts with a letter, and a number is digits alone (dealer reads 4 and then "
     "a name abc)"),
    ("x = 4abc", "s.dlr:1:5", "unexpected '4abc': a number runs into the letters"),
    ("produce 10k", "s.dlr:1:9", "unexpected '10k': a number runs into the letters"),
    ("e6 = 1\ngenerate 1e6", "s.dlr:2:11", "unexpected 'e6': numbers are written out in digits"),
    ("xxx = 1\ncondition 5xxx", "s.dlr:2:11", "unexpected '5xxx': a shape goes in shape(seat"),
    # a comma before print's or printes's closing bracket: read, where Debian's dealer says syntax error
    ("produce 1\naction print(north, south,)", "s.dlr:2:27", "unexpected ')' after a comma: a comma goes "
     "between two items, none before the closing bracket"),
    ('produce 1\naction printes("x", \\n, )', "s.dlr:2:25", "unexpected ')' after a comma"),
    # a quote in a string written as C writes it: "unexpected 'b', expected ')', ','" and "unexpected
    # character '\\'" (dealer's strings have no escapes; it says syntax error or unknown variable)
    ('produce 1\naction printes("a\\"b", \\n)', "s.dlr:2:20", "unexpected 'b': the string before it ends at "
     "its \\\" (the dealer language's strings have no escapes, so a string cannot hold a double quote)"),
    ('produce 1\naction average "say \\"hi\\"" hcp(north)', "s.dlr:2:25", "unexpected character '\\\\': the "
     "dealer language's strings have no escapes"),
    # a name starting with an underscore: dealer's names start with a letter (a syntax error there)
    ("_x = 1\ncondition _x", "s.dlr:1:1", "unexpected character '_': a name starts with a letter, as in "
     "dealer (x_1, not _x)"),
    # the DOS end-of-file mark an old editor leaves: "unexpected character '\x1a'" alone
    ("produce 1\naction printoneline\n\x1a", "s.dlr:3:1", "'\\x1a': the DOS end-of-file mark (Ctrl-Z)"),
    # printes without its brackets: "unexpected '"x"', expected '('"
    ('produce 1\naction printes "x", hearts(north)', "s.dlr:2:16",
     "unexpected '\"x\"': printes takes its list in brackets"),
    # DealerV2's seed statement: "unknown variable 'seed' (define it with seed = ...)"
    ("produce 1\nseed 42", "s.dlr:2:1", "no seed statement (DealerV2 has); give it as --seed 42"),
    # DealerV2's title statement: "unexpected '"Weak twos"', expected an expression"
    ('produce 1\n  title "Weak twos"', "s.dlr:2:3",
     "unexpected 'title': the dealer language has no title statement (DealerV2 has); make it a comment"),
])
def test_an_error_says_what_to_write_instead(text: str, where: str, words: str) -> None:
    message = parse_error(text, where)
    assert words in message and "define it" not in message


@pytest.mark.parametrize(("end", "column"), [(" \\\n", 31), ("\\\n", 30), ("\\  \n", 30), ("\\\r\n", 30)])
def test_a_backslash_ending_a_line_is_named_as_a_line_continuation(end: str, column: int) -> None:
    # C's and the shell's way to go on over lines, typed by habit in a long condition: it was "unexpected
    # character '\\': the dealer language's strings have no escapes ..." (dealer: syntax error)
    message = parse_error(f"condition hcp(north) >= 12 &&{end}  shape(north, any 5xxx)", f"s.dlr:1:{column}")
    assert "unexpected '\\' at the end of a line: no line continuation is needed" in message
    assert "strings" not in message


@pytest.mark.parametrize(("text", "where", "idiom"), [
    ("source format/pbn\nmain {\n  reject unless {[hcp north] >= 15}\n  accept\n}\n", "s.dlr:1:1",
     "'source format/pbn'"),
    ("source lib/utility.tcl\n", "s.dlr:1:1", "'source lib/utility.tcl'"),
    ('south is "AKQ2 K32 AJ5 432"\nmain {\n accept\n}\n', "s.dlr:1:1", "'south is'"),
    ("  north is {AKQ2 K32 AJ5 432}\n", "s.dlr:1:3", "'north is'"),
    ("# from a deal script\nmain {\n    if {[spades south] >= 6} { accept }\n}\n", "s.dlr:2:1", "'main {'"),
    ("produce 5\ncondition [hcp north] >= 15\n", "s.dlr:2:11", "'[hcp north]'"),
])
def test_a_tcl_deal_script_is_named_as_thomas_andrews_deal(text: str, where: str, idiom: str) -> None:
    # Thomas Andrews' Deal, the other dealer people keep scripts for: it was "unexpected character '{'"
    # or "unexpected character '['" (Debian's dealer: unknown variable, syntax error)
    message = parse_error(text, where)
    assert f"unexpected {idiom}: a script for Thomas Andrews' Deal (Tcl)" in message
    assert "hcp(north) >= 15" in message


def test_brackets_in_a_dealer_script_are_not_taken_for_deal() -> None:
    assert "Deal (Tcl)" not in parse_error("condition hcp(north) > [2]", "s.dlr:1:24")


def test_a_hand_given_with_is_is_pointed_at_predeal() -> None:
    message = parse_error('south is "AKQ2 K32 AJ5 432"\n', "s.dlr:1:1")
    assert "is dealer's predeal (predeal south SAKQ2" in message


def test_a_variable_named_source_is_not_taken_for_deal() -> None:
    assert parse("source = 3\ncondition source > 2\n").condition is not None


@pytest.mark.parametrize(("text", "where", "entity", "write"), [
    ("condition hcp(north) &gt;= 15", "s.dlr:1:22", "&gt;", ">"),
    ("condition hcp(west)&lt;18", "s.dlr:1:20", "&lt;", "<"),
    ("condition hcp(north) > 5 &amp;&amp; hcp(south) > 5", "s.dlr:1:26", "&amp;", "&"),
    ('produce 1\naction printes(&quot;x&quot;, \\n)', "s.dlr:2:16", "&quot;", '"'),
    ("condition hcp(north) &#62;= 15", "s.dlr:1:22", "&#62;", ">"),
])
def test_an_html_entity_is_named_as_one_with_the_character_it_stands_for(
        text: str, where: str, entity: str, write: str) -> None:
    # A script copied from a web page's source (the dealer manual's own input.html writes < as &lt;): it
    # was "unexpected character '&': and is && (or the word and)" (Debian's dealer: syntax error)
    message = parse_error(text, where)
    assert f"unexpected {entity!r}: an HTML entity, a web page's source for {write}; write {write}" in message


@pytest.mark.parametrize(("text", "where", "wrapper", "what"), [
    ("```\nproduce 2\ncondition hcp(north) > 15\n```\n", "s.dlr:1:1", "```", "a Markdown code fence"),
    ("produce 2\ncondition hcp(north) > 15\n```\n", "s.dlr:3:1", "```", "a Markdown code fence"),
    ("```dealer\nproduce 2\n```\n", "s.dlr:1:1", "```dealer", "a Markdown code fence"),
    ("[code]\nproduce 2\n[/code]\n", "s.dlr:1:1", "[code]", "a forum's [code] tag"),
    ("produce 2\n[/CODE]\n", "s.dlr:2:1", "[/CODE]", "a forum's [code] tag"),
    ("<pre>\nproduce 2\n</pre>\n", "s.dlr:1:1", "<pre>", "an HTML tag"),
    ("produce 2\n</pre>\n", "s.dlr:2:1", "</pre>", "an HTML tag"),
])
def test_a_wrapper_pasted_around_a_script_is_named_as_not_part_of_it(
        text: str, where: str, wrapper: str, what: str) -> None:
    # A script copied from a chat, a forum post or a web page with what wraps it there: it was "unexpected
    # character '`'", "unexpected character '['" or "unexpected '<', expected an expression" (dealer:
    # syntax error)
    message = parse_error(text, where)
    assert f"unexpected {wrapper!r}: {what} around the script" in message and "delete it" in message


@pytest.mark.parametrize(("text", "where"), [
    ("> produce 2\n> condition hcp(north) > 20\n", "s.dlr:1:1"),
    ("produce 2\n  > condition hcp(north) > 20\n", "s.dlr:2:3"),
])
def test_an_email_quote_mark_before_each_line_is_named_as_not_part_of_the_script(
        text: str, where: str) -> None:
    # a script quoted in a reply (> produce 2) was "unexpected '>', expected an expression"
    message = parse_error(text, where)
    assert "quote mark" in message and "delete the '>' that begins each line" in message


def test_a_comparison_on_a_line_of_its_own_is_no_quote_mark() -> None:
    assert "quote mark" not in parse_error("condition hcp(north)\n> 20 >\n", "s.dlr:2:6")


def test_a_comparison_is_not_taken_for_an_html_tag() -> None:
    assert "HTML tag" not in parse_error("condition hcp(north) <pre>", "s.dlr:1:26")


@pytest.mark.parametrize(("character", "said"), [
    ("\u200b", "an invisible zero-width character"), ("\ufeff", "an invisible zero-width character"),
    ("\u2060", "an invisible zero-width character"), ("\u200e", "an invisible direction mark"),
    ("\u00ad", "an invisible soft hyphen"), ("\u3000", "a wide space; write a plain space"),
])
def test_an_invisible_character_pasted_from_a_page_is_named_as_such(character: str, said: str) -> None:
    # A web page or a word processor leaves these in copied text, where the column the error names shows
    # nothing: it was "unexpected character '\u200b'" alone (Debian's dealer: syntax error)
    message = parse_error(f"produce 1\ncondition hcp(north){character} > 15", "s.dlr:2:21")
    assert said in message and ("delete it" in message or "plain space" in message)


def test_a_capitalised_name_defined_as_a_variable_is_that_variable() -> None:
    assert set(parse("Hearts = 3\ncondition Hearts > 2").variables) == {"Hearts"}


def test_words_dealer_leaves_free_still_name_variables() -> None:
    script = parse("as = 1\nx3n = 2\norder = 3\nnorthx = 4\ncondition as + x3n + order + northx == 10")
    assert set(script.variables) == {"as", "x3n", "order", "northx"}


def parse_error(text: str, where: str) -> str:
    """The error a script ``s.dlr`` gives, checked to start with ``where`` (``s.dlr:line:col``)."""
    with pytest.raises(ParseError) as caught:
        parse(text, "s.dlr")
    assert str(caught.value).startswith(where + ": ")
    return str(caught.value)


@pytest.mark.parametrize("text, where, words", [
    ("dealer northeast", "s.dlr:1:8", "unexpected 'northeast', expected a seat (north, east, south, west)"),
    ("predeal northh SA", "s.dlr:1:9", "unexpected 'northh', expected a seat (north, east, south, west)"),
    ("hcp(northx) > 1", "s.dlr:1:5", "unexpected 'northx', expected a seat"),
    ("action print(north, west2)", "s.dlr:1:21", "unexpected 'west2', expected a seat"),
    ("hcp(north, spadesx) > 1", "s.dlr:1:12", "unexpected 'spadesx', expected a suit"),
    ("tricks(north, notrumps2) > 9", "s.dlr:1:15", "unexpected 'notrumps2', expected"),
    ("shape(north, anyx 4333)", "s.dlr:1:14", "unexpected 'anyx', expected"),
    ("shape(north, any 4333x)", "s.dlr:1:18", "unexpected '4333x': expected a shape"),
    ("shape(north, 5xxxx)", "s.dlr:1:14", "unexpected '5xxxx': expected a shape"),
])
def test_a_keyword_is_read_only_as_a_whole_word(text: str, where: str, words: str) -> None:
    """As dealer's scanner reads them: ``northeast`` is one (unknown) word, not ``north`` and ``east``."""
    message = parse_error(text, where)
    assert words in message and "a name" not in message


@pytest.mark.parametrize("text", ["shape(north, xxxx)", "shape(north, any xxx4 - x5xx)", "xxxxx = 1\nxxxxx",
                                  "evalcontract_ = 2\nevalcontract_ > 1",
                                  "northeast = hcp(north)\nnortheast > 3"])
def test_words_that_start_with_a_keyword_still_parse(text: str) -> None:
    parse(text)


def test_arbitrary_text_raises_only_parse_errors() -> None:
    alphabet = ["hcp", "(", ")", "north", ",", "&&", "shape", "4333", "any", "1", "=", "x", "action",
                "printall", "?", ":", '"', "/*", "#", "\n", "predeal", "SAK", "-"]
    rng = np.random.default_rng(11)
    for _ in range(300):
        words = [alphabet[i] for i in rng.integers(0, len(alphabet), rng.integers(1, 9))]
        with contextlib.suppress(ParseError):
            parse(" ".join(words))


# -- specs for exact sampling --------------------------------------------------------------------------

def test_limits_come_from_the_top_level_conjunction_only() -> None:
    script = parse("hcp(north) >= 15 && 17 >= hcp(north) && spades(north) >= 5 && "
                   "(hcp(south) > 10 || hearts(south) > 4) && shape(north, any 5332)")
    limits = seat_limits(script)
    assert set(limits) == {Seat.N}
    assert limits[Seat.N].hcp == (15, 17) and limits[Seat.N].lengths[Suit.S] == (5, 13)
    assert limits[Seat.N].shapes == frozenset(shapes_of("5332", True))


def test_limits_ignore_hcp_under_a_redefined_pointcount() -> None:
    assert seat_limits(parse("pointcount 1 1 1 1 1\nhcp(north) == 0")) == {}


def test_limits_admit_every_hand_the_condition_admits() -> None:
    text = "hcp(north) > 11 && hcp(north) < 15 && hearts(north) >= 4 && shape(north, any 4432 + any 5431)"
    compiled = compile_script(parse(text))
    lim = seat_limits(parse(text))[Seat.N]
    batch = random_batch(np.random.default_rng(9), 50_000)
    kept = batch.select(compiled.accept(batch))
    hcp = kept.hcp(Seat.N)
    assert len(kept) > 100 and hcp.min() >= lim.hcp[0] and hcp.max() <= lim.hcp[1]
    assert kept.length(Seat.N, Suit.H).min() >= lim.lengths[Suit.H][0]


def test_manual_examples_parse() -> None:
    for path in sorted(EXAMPLES.glob("Descr.*")):
        parse(path.read_text(encoding="utf-8"), path.name)


def test_every_shape_digit_combination_totals_thirteen() -> None:
    for lengths in itertools.islice(shapes_of("xxxx", False), 50):
        assert sum(lengths) == 13


# -- vectorised evaluation equals the scalar one -------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.permutations(range(52)))
def test_compiled_functions_equal_scalar_evaluation(order: list[int]) -> None:
    from bridgetools import evaluate
    from bridgetools.model import Hand

    hands = [Hand(sum(1 << c for c in order[13 * i:13 * i + 13])) for i in range(4)]
    deal = Deal(hands)
    for seat, word in zip(Seat, ("north", "east", "south", "west"), strict=True):
        hand = deal.hand(seat)
        assert value(f"hcp({word})", deal) == evaluate.hcp(hand)
        assert value(f"losers({word})", deal) == evaluate.losers(hand)
        assert value(f"controls({word})", deal) == evaluate.controls(hand)
        assert value(f"cccc({word})", deal) == evaluate.cccc_hundredths(hand)
        for suit, name in zip(Suit, ("clubs", "diamonds", "hearts", "spades"), strict=True):
            assert value(f"{name}({word})", deal) == hand.length(suit)
            assert value(f"quality({word}, {name})", deal) == evaluate.holding_quality(hand.holding(suit))


# -- predicates from Python ----------------------------------------------------------------------------

def test_predicates_combine_into_dealer_text() -> None:
    from bridgetools.dealer import balanced, has_card, hcp, spades

    both = (hcp("N").between(15, 17) & balanced("north")) | (spades(Seat.S) >= 6)
    assert str(both) == ("hcp(north) >= 15 && hcp(north) <= 17 && "
                         "shape(north, any 4333 + any 4432 + any 5332) || spades(south) >= 6")
    narrowed = both & ~has_card("west", "SA")
    assert str(narrowed).startswith("(hcp(north) >= 15") and str(narrowed).endswith("&& !(hascard(west, AS))")


def test_generate_takes_a_predicate_and_keeps_to_it() -> None:
    import bridgetools as bt
    from bridgetools.dealer import hcp, hearts

    deals = bt.generate((hcp("south") + hcp("north") >= 30) & (hearts("north") >= 5), 20, seed=3)
    assert len(deals) == 20
    assert all(d.hand(Seat.N).hcp + d.hand(Seat.S).hcp >= 30 and d.hand(Seat.N).length(Suit.H) >= 5
               for d in deals)


def test_generate_with_the_same_seed_repeats() -> None:
    import bridgetools as bt

    first = bt.generate("hcp(east) >= 20", 10, seed=12)
    assert first == bt.generate("hcp(east) >= 20", 10, seed=12)
    assert first != bt.generate("hcp(east) >= 20", 10, seed=13)


def test_generate_honours_predeal_given_from_python() -> None:
    import bridgetools as bt

    hand = "AK32.KQ2.J32.432"
    deals = bt.generate("hcp(south) >= 5", 5, seed=1, predeal={"N": hand})
    assert all(d.hand(Seat.N).to_pbn() == hand for d in deals)


def test_an_impossible_condition_is_refused_rather_than_dealt_forever() -> None:
    import bridgetools as bt

    with pytest.raises(ConstraintError, match="South can never hold such a hand with the cards predealt"):
        # North and East hold all sixteen honours between them.
        bt.generate("hcp(south) >= 1", 1, seed=1, predeal={"N": "AKQJ.AKQJ.AKQJ.A", "E": "T98.T98.T98.KQJ2"})


def test_generate_refuses_a_card_predealt_to_two_seats() -> None:
    import bridgetools as bt

    with pytest.raises(ConstraintError, match="already"):
        bt.generate("predeal north SA", 1, seed=1, predeal={"S": "A..."})


@pytest.mark.parametrize("text, expected", [
    ("15-17 balanced",
     "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"),
    ("5+S 6-10", "spades(north) >= 5 && hcp(north) >= 6 && hcp(north) <= 10"),
    ("4-5H 12+", "hearts(north) >= 4 && hearts(north) <= 5 && hcp(north) >= 12"),
    ("any 4441 20-21hcp", "shape(north, any 4441) && hcp(north) >= 20 && hcp(north) <= 21"),
    ("6D 2-S", "diamonds(north) == 6 && spades(north) <= 2"),
    ("15-17 hcp", "hcp(north) >= 15 && hcp(north) <= 17"),
    ("12+ HCP", "hcp(north) >= 12"),
    ("5+M", "(spades(north) >= 5 || hearts(north) >= 5)"),
    ("4+m", "(diamonds(north) >= 4 || clubs(north) >= 4)"),
    ("4=4=1=4", "shape(north, 4414)"),
    ("4-4-1-4", "shape(north, any 4414)"),
    ("5-4-x-x", "shape(north, any 54xx)"),
    # in the order a player writes them, suits named in words
    ("15-17 balanced hcp",
     "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"),
    ("hcp 15-17", "hcp(north) >= 15 && hcp(north) <= 17"),
    ("5+ spades", "spades(north) >= 5"),
    ("4-5 Hearts 11-15 points",
     "hearts(north) >= 4 && hearts(north) <= 5 && hcp(north) >= 11 && hcp(north) <= 15"),
    ("6 diamonds", "diamonds(north) == 6"),
    ("2- clubs", "clubs(north) <= 2"),
    ("5+spades", "spades(north) >= 5"),
    ("5+ major", "(spades(north) >= 5 || hearts(north) >= 5)"),
    ("4+ minor", "(diamonds(north) >= 4 || clubs(north) >= 4)"),
    ("5+ SPADES", "spades(north) >= 5"),  # a suit's name in any case, the count apart or joined
    ("4+MINOR", "(diamonds(north) >= 4 || clubs(north) >= 4)"),
])
def test_shorthands_read_as_dealer_conditions(text: str, expected: str) -> None:
    from bridgetools.dealer import shorthand

    assert shorthand("north", text) == expected
    parse(expected)


@pytest.mark.parametrize("text, words", [
    ("balanced hcp", "'hcp' in 'balanced hcp' has no count of points"),
    ("spades balanced", "'spades' in 'spades balanced' has no count before it (expected e.g. 5+ spades)"),
    ("Spades balanced", "'Spades' in 'Spades balanced' has no count before it (expected e.g. 5+ Spades)"),
    ("15-17 bananas", "cannot read 'bananas'"),
    ("5+X", "cannot read '5+X'"),
])
def test_a_shorthand_says_which_word_it_cannot_read(text: str, words: str) -> None:
    from bridgetools.dealer import shorthand

    with pytest.raises(ConstraintError, match=re.escape(words)):
        shorthand("north", text)


@pytest.mark.parametrize("condition", ["0", "hcp(north) > 5 && 1 == 2", "x = 3\nx > 4 and spades(east) > 2"])
def test_a_condition_that_is_never_true_is_refused(condition: str) -> None:
    import bridgetools as bt

    with pytest.raises(ConstraintError, match="never true"):
        bt.generate(condition, 1, seed=1)


def test_a_script_generate_limit_that_leaves_fewer_deals_is_an_error_naming_the_shortfall() -> None:
    import bridgetools as bt
    from bridgetools.dealer import deal_batches

    # Three hands share 39+ of the 40 HCP (West holds 0 or 1) in roughly 1 deal in 90: 4,096 deals hold
    # about 45. (Two hands' HCP together would be drawn exactly.)
    script = "generate 4096\nhcp(north) + hcp(east) + hcp(south) >= 39"
    found = sum(len(batch) for batch in deal_batches(script, 500, seed=1))
    assert 0 < found < 100
    with pytest.raises(ConstraintError) as raised:
        bt.generate(script, 500, seed=1)
    assert str(raised.value) == (f"only {found} of 500 deals: {found} of the script's generate 4,096 deals"
                                 " met the condition; for the rest, raise the script's generate")


_ATOMS = st.one_of(
    st.tuples(st.sampled_from(["hcp({s})", "spades({s})", "hearts({s})", "hcp({s}, clubs)", "diamonds({s})"]),
              st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), st.integers(0, 14), st.booleans()),
    st.tuples(st.just("shape({s}, {n})"), st.sampled_from(["any 4333 + any 5332", "5xxx - any 0xxx", "xx4x"]),
              st.just(0), st.just(False)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_ATOMS, st.sampled_from(["north", "south"])), min_size=1, max_size=4))
def test_hand_specs_admit_every_deal_the_condition_admits(
    atoms: list[tuple[tuple[str, str, int, bool], str]],
) -> None:
    terms = []
    for (template, op, n, flipped), seat in atoms:
        if template.startswith("shape"):
            terms.append(template.format(s=seat, n=op))
        else:
            what = template.format(s=seat)
            terms.append(f"{n} {_FLIPPED[op]} {what}" if flipped else f"{what} {op} {n}")
    script = parse(" && ".join(terms))
    batch = random_batch(np.random.default_rng(len(terms)), 20_000)
    accepted = compile_script(script).accept(batch)
    for seat, limits in seat_limits(script).items():
        assert not (accepted & ~limits.spec(seat).matches(batch)).any()


_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _counts(values: np.ndarray, categories: range) -> np.ndarray:
    return np.array([(values == c).sum() for c in categories])


@pytest.mark.parametrize("condition, seats", [
    # North pinned narrowly: South's shape-only limit goes with it, to be drawn exactly alongside
    ("spades(north) >= 8 && hcp(north) >= 10 && spades(south) >= 4", [Seat.N, Seat.S]),
    # a shape limit most hands meet (South 3+ hearts: about 7 in 10) is left to the condition
    ("hcp(north) >= 20 && hearts(south) >= 3", [Seat.N]),
    # no hand pinned narrowly: nothing is drawn exactly, however selective the shapes together
    ("spades(south) >= 4 && hearts(west) >= 4", []),
])
def test_the_plan_hands_the_engine_narrow_specs_and_selective_shapes_beside_them(
    condition: str, seats: list[Seat]
) -> None:
    from bridgetools.dealer.compiler import make_plan

    assert [spec.seat for spec in make_plan(condition).specs] == seats


def test_exact_sampling_through_the_plan_matches_plain_rejection() -> None:
    from bridgetools.dealer import _produce
    from bridgetools.dealer.batch import DealBatch as Batch
    from bridgetools.dealer.compiler import make_plan

    cond = ("hcp(north) >= 20 && hcp(north) <= 21 && shape(north, any 4333 + any 4432 + any 5332) && "
            "hcp(south) <= 4")
    smart, plain = make_plan(cond), make_plan(cond, smart=False)
    assert smart.specs and not plain.specs
    n = 3000
    a = Batch.concat(_produce(smart, n, 1, 1, None, None, None))
    b = Batch.concat(_produce(plain, n, 2, 1, None, None, None))
    # Two-sample chi-square with equal totals: sum (a - b)^2 / (a + b); critical values at p = 0.001.
    for values_a, values_b, categories, critical in [
        (a.hcp(Seat.S), b.hcp(Seat.S), range(5), 18.47),  # 4 degrees of freedom
        (a.length(Seat.N, Suit.S), b.length(Seat.N, Suit.S), range(2, 6), 16.27),  # 3
    ]:
        x, y = _counts(values_a, categories), _counts(values_b, categories)
        assert x.sum() == y.sum() == n
        assert float((((x - y) ** 2) / np.maximum(x + y, 1)).sum()) < critical


@pytest.mark.parametrize("module", ["bridgetools.dealer", "bridgetools.dealer.predicates"])
def test_docstring_examples_hold(module: str) -> None:
    import doctest
    import importlib

    failed, tried = doctest.testmod(importlib.import_module(module))
    assert failed == 0 and tried > 0


def test_docs_dealer_examples_hold() -> None:
    import doctest

    failed, tried = doctest.testfile(str(Path(__file__).parent.parent / "docs" / "dealer.md"),
                                     module_relative=False)
    assert failed == 0 and tried > 0


@pytest.mark.parametrize("contract", ["4S", "x4S", "4s"])
def test_score_takes_a_contract_with_or_without_dealer_s_x(contract: str) -> None:
    # docs/dealer.md: evalcontract's contract "is written as in score(): 4S, x4S, 3NT, x3N".
    assert value(f"score(nv, {contract}, 10)") == 420


def test_score_takes_3nt_as_evalcontract_does() -> None:
    assert value("score(vul, 3NT, 9)") == value("score(vul, x3N, 9)") == 600


@pytest.mark.parametrize("text, produce, generate", [
    ("produce 0", None, None),
    ("generate 0", None, None),
    ("produce 0\nproduce 5", 5, None),
    ("generate 0\ngenerate 7", None, 7),
    ("produce 5\nproduce 9", 5, None),
])
def test_a_zero_produce_or_generate_is_dealers_not_given(text: str, produce: int | None,
                                                          generate: int | None) -> None:
    # Debian's dealer reads 0 as "use the default" (40 printed, 10,000,000 tried), and a later statement
    # still sets it; here `generate 0` was a run of no deal ("only 0 of 40 boards ... in 0 deals").
    script = parse(text)
    assert (script.produce, script.generate) == (produce, generate)


def chained(levels: int) -> str:
    """A script whose condition adds 1 to North's HCP ``levels`` times, through as many variables."""
    lines = ["a0 = hcp(north)", *(f"a{i} = a{i - 1} + 1" for i in range(1, levels))]
    last = f"a{levels - 1}"
    return "\n".join([*lines, f"condition {last} > {levels + 10}", f'action average "a" {last}'])


def test_an_expression_nested_a_thousand_deep_is_dealt(tmp_path: Path) -> None:
    script = tmp_path / "deep.dlr"
    script.write_text(chained(998) + ", printoneline\nproduce 2\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["deal", "-f", str(script), "--seed", "1", "-q"])
    assert result.exit_code == 0, result.output
    assert "Produced 2 hands" in result.stdout


@pytest.mark.parametrize("text, where", [
    (chained(1500), "s.dlr:1001:9"),
    ("condition hcp(north)" + " + 1" * 3000 + " > 30", "s.dlr:1:11"),
    ("condition hcp(north)" + " + 1" * 50_000 + " > 30", "s.dlr:1:11"),
])
def test_an_expression_nested_too_deeply_is_one_line_naming_where(text: str, where: str) -> None:
    assert "expression nested too deeply" in parse_error(text, where)


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_line_ends_a_comment_whatever_the_line_ends(end: str) -> None:
    script = parse(end.join(["produce 2", "condition hcp(north) > 10 // opener", "# actions:",
                             "action printoneline"]) + end)
    assert script.produce == 2 and script.actions is not None and len(script.actions) == 1


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_errors_count_lines_whatever_the_line_ends(end: str) -> None:
    parse_error(end.join(["produce 2", "// a comment", "condition hcp(nort) > 10"]), "s.dlr:3:15")


@pytest.mark.parametrize("text", [
    "condition 15 <= hcp(north) <= 17", "condition spades(north) == hearts(north) == 4",
    "x = hcp(north) > hcp(south) > 3\ncondition x",
])
def test_a_chain_of_comparisons_is_read_as_c_reads_it_and_said(text: str) -> None:
    script = parse(text, "s.dlr")
    assert any(note.startswith("s.dlr:") and "a chain of comparisons" in note for note in script.notes)


def test_a_terms_place_is_written_as_the_scripts_notes_start_theirs() -> None:
    # `Script.places` held (line, column) and the compiler put the source before them, while the notes built
    # `source:line:column` two more ways: one helper (`where`) now writes all of them
    script = parse("produce 2\ncondition hcp(north) > 5 > 3", "s.dlr")
    (chain,) = script.notes
    assert script.condition is not None
    assert chain.startswith(script.places[script.condition] + ": a chain of comparisons")
    assert script.places[script.condition] == "s.dlr:2:11"


@pytest.mark.parametrize("text, written", [
    ("condition 1 == 1 == 1", "a == b == c"), ("condition 3 > 2 > 1", "a > b > c"),
    ("condition hcp(north) != 10 == 1", "a != b == c"), ("condition 15 <= hcp(north) < 17", "a <= b < c"),
])
def test_a_chain_of_comparisons_is_quoted_with_the_operators_written(text: str, written: str) -> None:
    one, two = written.split()[1], written.split()[3]
    (note,) = parse(text, "s.dlr").notes
    assert f"dealer reads {written} as C does" in note and f"not as a {one} b && b {two} c" in note


@pytest.mark.parametrize("text", [
    "condition (15 <= hcp(north)) <= 17", "condition 15 <= hcp(north) && hcp(north) <= 17",
    "condition hcp(north) > 10 == hcp(south) > 10", "condition ((diamonds(west) == clubs(west)) == 4)",
])
def test_comparisons_bracketed_or_of_two_levels_are_no_chain(text: str) -> None:
    assert not any("chain" in note for note in parse(text, "s.dlr").notes)


@pytest.mark.parametrize("text, where, words", [
    ("produce 5\ncondition hcp(north) >= 12\naction printal", "s.dlr:3:8",
     "unknown action 'printal': did you mean printall?"),
    ("condition hcp(north) > 1\naction printoneline, averag hcp(north)", "s.dlr:2:22",
     "unknown action 'averag': did you mean average?"),
    ("action zzz", "s.dlr:1:8", "unknown action 'zzz' (the actions are average, "),
])
def test_an_unknown_action_is_named_an_action_not_a_variable(text: str, where: str, words: str) -> None:
    # each was `unknown variable 'printal' (define it with printal = ... before using it)`
    assert words in parse_error(text, where)


@pytest.mark.parametrize("text, where, words", [
    ("action frequncy (hcp(north), 0, 5)", "s.dlr:1:8", "unknown action 'frequncy': did you mean frequency?"),
    ("action printcompac(hcp(north))", "s.dlr:1:8",
     "unknown action 'printcompac': did you mean printcompact?"),
    ("action printall, averag \"x\" hcp(north), frequency (hcp(north), 0, 5)", "s.dlr:1:18",
     "unknown action 'averag': did you mean average?"),
])
def test_a_misspelt_action_before_a_bracket_or_label_is_named_an_action(text: str, where: str,
                                                                         words: str) -> None:
    # each was read as a name and then a condition or a call: "unexpected ',', expected ')'" at the first
    # comma, "unknown function 'printcompac'", "unknown variable 'averag'" after the bracket
    assert words in parse_error(text, where)


@pytest.mark.parametrize("text, where, words", [
    ("condition points(north) > 10", "s.dlr:1:11",
     "unknown function 'points': high-card points are hcp(north), or hcp(north, suit) for one suit"),
    ('action average "x" point(south)', "s.dlr:1:20",
     "unknown function 'point': high-card points are hcp(south)"),
    ("condition length(north, spades) >= 5", "s.dlr:1:11",
     "unknown function 'length': a suit's length is its own function, spades(north)"),
    ("condition suit(west) > 3", "s.dlr:1:11",
     "a suit's length is its own function, spades(west), hearts(west), diamonds(west) or clubs(west)"),
])
def test_points_or_a_length_asked_by_another_name_is_shown_dealers_function(text: str, where: str,
                                                                             words: str) -> None:
    # points(north) was answered "did you mean printes?", an action; length(north, spades) with nothing
    assert words in parse_error(text, where)


@pytest.mark.parametrize("text, where", [
    ("condition printe(north) > 3", "s.dlr:1:11"), ("action printoneline(printe(north))", "s.dlr:1:21"),
])
def test_an_unknown_function_is_not_offered_an_action(text: str, where: str) -> None:
    # printe(north) was answered "did you mean printew?": an action is no value in a condition
    assert parse_error(text, where).endswith("unknown function 'printe'")


@pytest.mark.parametrize("text, where, words", [
    ("condition hcp(N) > 5", "s.dlr:1:15", "expected a seat (north, east, south, west): did you mean north?"),
    ("dealer W", "s.dlr:1:8", "did you mean west?"),
    ("action print(n, s)", "s.dlr:1:14", "did you mean north?"),
    ("condition hcp(north, s) > 5", "s.dlr:1:22", "unexpected 's', expected a suit: did you mean spades?"),
    ("condition hcp(east, H) > 5", "s.dlr:1:21", "did you mean hearts?"),
])
def test_a_seat_or_suit_written_as_its_letter_is_offered_its_name(text: str, where: str, words: str) -> None:
    # each named the seats or said "expected a suit", not the one the letter stands for
    assert parse_error(text, where).endswith(words)


@pytest.mark.parametrize("text, where, words", [
    ("produce 1\naction printall(north)", "s.dlr:2:17", "printall takes no arguments: write printall alone"),
    ("action printew(west)", "s.dlr:1:16", "printew takes no arguments"),
    ("action average hcp(north), printpbn( south )", "s.dlr:1:38", "printpbn takes no arguments"),
])
def test_a_seat_given_to_an_action_that_takes_none_says_so(text: str, where: str, words: str) -> None:
    # each was `unexpected 'north': a seat is no value; expected an expression`
    assert words in parse_error(text, where)


def test_a_misspelt_variable_is_named_with_the_one_defined() -> None:
    error = parse_error("opener = hcp(north) >= 12\ncondition openr", "s.dlr:2:11")
    assert "unknown variable 'openr': did you mean opener?" in error


def test_a_variable_used_above_its_definition_is_said_to_be_defined_below() -> None:
    error = parse_error("produce 5\ncondition x > 1\nx = hcp(north)", "s.dlr:2:11")
    assert "variable 'x' is defined on line 3, after this use" in error


@pytest.mark.parametrize("text, meant", [
    ("condition hcp(south) >= 11 and not hcp(north) > 10", "did you mean not (hcp(north) > 10)?"),
    ("condition !spades(west) == 5", "did you mean not (spades(west) == 5)?"),
    ("x = not hcp(north, spades) >= 4\ncondition x", "did you mean not (hcp(north, spades) >= 4)?"),
])
def test_not_before_a_comparison_is_read_as_c_reads_it_and_said(text: str, meant: str) -> None:
    (note,) = parse(text, "s.dlr").notes
    assert note.startswith("s.dlr:") and "not applies to" in note and note.endswith(meant)


@pytest.mark.parametrize("condition, where, operand", [
    # the note named the operand's place (1:15) and quoted `hcp(north)` for `!hcp(north)` and for
    # `(!hcp(north) > 3)`, the inner `!` and the brackets lost
    ("not hcp(north) > 3", "s.dlr:1:11", "hcp(north)"),
    ("!!hcp(north) > 3", "s.dlr:1:11", "!hcp(north)"),
    ("!(!hcp(north) > 3) > 0", "s.dlr:1:11", "(!hcp(north) > 3)"),
    ("hcp(south) > 3 &&\n  ! spades(west) == 5", "s.dlr:2:3", "spades(west)"),
])
def test_the_note_on_not_before_a_comparison_is_at_the_not_and_quotes_its_operand_as_written(
        condition: str, where: str, operand: str) -> None:
    note = parse(f"condition {condition}", "s.dlr").notes[0]
    assert note.startswith(f"{where}: not applies to {operand} alone (1 or 0)")

@pytest.mark.parametrize("condition, operand", [
    # a bracket inside a comment was counted: the note quoted `(hcp(north)`, its bracket left open
    ("!(hcp(north)/*)*/) > 10", "(hcp(north))"),
    ("!(hcp(north) // )\n) > 10", "(hcp(north))"),  # the comment's space was kept: `(hcp(north) )`
    ("not /* ( */ (hcp(north) +\n  hcp(south)) > 20", "(hcp(north) + hcp(south))"),  # one line, no comment
    ("not (hcp(north) /* his */) > 10", "(hcp(north))"),
    ("not ( /* a */ hcp(north) /* b */ /* c */ ) > 10", "(hcp(north))"),
    ("not (hcp(north)/**/+/**/1) > 10", "(hcp(north)+1)"),
    ("not (hcp(north) /* a */+ 1) > 10", "(hcp(north) + 1)"),
    ("not ( hcp(north) ) > 10", "( hcp(north) )"),  # spaces the writer put there are kept
])
def test_the_note_on_not_quotes_its_operand_balanced_without_its_comments(
        condition: str, operand: str) -> None:
    (note,) = parse(f"condition {condition}", "s.dlr").notes
    assert f"not applies to {operand} alone (1 or 0)" in note and "\n" not in note
    assert note.endswith(f"did you mean not ({operand} > {condition.rsplit(' ', 1)[-1]})?")


def test_not_applied_to_a_bracketed_comparison_is_not_said() -> None:
    assert not parse("condition hcp(south) >= 11 and not (hcp(north) > 10)", "s.dlr").notes


def test_a_word_of_the_language_run_into_a_number_is_read_as_dealer_reads_it() -> None:
    """``1and`` is the number and the operator, ``produce 1action`` the count and the next statement, as in
    Debian's dealer: only a name run into a number (``4abc``) is an error."""
    script = parse("produce 1action printoneline\ncondition hcp(north) > 1and hcp(south) > 20or 1")
    assert script.produce == 1 and len(script.actions) == 1


def test_parsing_and_dealing_a_deep_expression_leave_the_recursion_limit_as_it_was(tmp_path: Path) -> None:
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(1_000)  # Python's default, which an expression 998 deep would overrun
    try:
        parse(chained(998))
        assert sys.getrecursionlimit() == 1_000
        script = tmp_path / "deep.dlr"
        script.write_text(chained(998) + ", printoneline\nproduce 2\n", encoding="utf-8")
        result = CliRunner().invoke(cli, ["deal", "-f", str(script), "--seed", "1", "-q"])
        assert result.exit_code == 0 and "Produced 2 hands" in result.stdout, result.output
        assert sys.getrecursionlimit() == 1_000
    finally:
        sys.setrecursionlimit(before)


def script_error(text: str) -> str:
    """The one line a script is refused with."""
    with pytest.raises(ParseError) as caught:
        parse(text, "s.dlr")
    return str(caught.value)


@pytest.mark.parametrize("text, expected", [
    ("produce -2\n", "s.dlr:1:9: produce -2: expected a number of deals, 1 or more (produce 0, or none, "
                     "keeps the default); Debian's dealer takes it as none and deals nothing"),
    ("generate -10\n", "s.dlr:1:10: generate -10: expected a number of deals, 1 or more"),
    ("altcount -1 1 1\n", "s.dlr:1:10: altcount -1: expected 0 to 9, the alternate counts pt0 to pt9"),
])
def test_a_negative_count_is_refused_saying_what_the_statement_expects(text: str, expected: str) -> None:
    # Debian's dealer deals nothing for `produce -2` (its loop never starts): an accident, not a meaning.
    assert script_error(text).startswith(expected)


def test_altcount_10_is_refused_naming_the_count_debians_dealer_wrote() -> None:
    # Debian's dealer stores altcount N as pt(N - 2): its altcount 10 redefines pt8 (12 and up crash it).
    assert script_error("altcount 10 1 1\n") == (
        "s.dlr:1:10: altcount 10: expected 0 to 9, the alternate counts pt0 to pt9; Debian's dealer writes "
        "altcount N into pt(N - 2), so its altcount 10 is pt8: write altcount 8")
    assert script_error("altcount 12 1 1\n").endswith("altcount 12: expected 0 to 9, the alternate counts "
                                                      "pt0 to pt9")


@pytest.mark.parametrize("text, expected", [
    ("pointcount 1 2 3 4 5 6 7 8 9 10 11 12 13 14\n",
     "s.dlr:1:42: too many pointcount values: there are 13 ranks, ace to two"),
    ("altcount 4 1 2 3 4 5 6 7 8 9 10 11 12 13 14\n",
     "s.dlr:1:42: too many altcount values: there are 13 ranks, ace to two"),
    ("pointcount 4 3 2\naltcount 7 1000000000\n",
     "s.dlr:2:12: altcount 7 1000000000: a hand could count 4000000000, and dealer counts in 32 bits "
     "(-2147483648 to 2147483647), where Debian's dealer wraps it round to -294967296"),
    ("pointcount 0 0 0 0 0 0 0 0 0 0 0 0 -600000000\n",  # the four twos
     "s.dlr:1:36: pointcount -600000000: a hand could count -2400000000"),
    ("pointcount 0 0 0 0 0 0 0 0 0 0 0 0 -536870913\n",  # the four twos: -2147483652, one past the least
     "s.dlr:1:36: pointcount -536870913: a hand could count -2147483652"),
    ("pointcount 300000000 300000000 0 0 0 0 0 0 0 0 0 0 -500000000\n",  # the aces and kings, not the twos
     "s.dlr:1:12: pointcount 300000000: a hand could count 2400000000"),
])
def test_a_count_redefined_past_13_ranks_or_past_what_dealer_counts_to_is_refused_where_it_stands(
        text: str, expected: str) -> None:
    # Debian's dealer wraps a count past its C int round without a word: `pointcount 1000000000` gives a
    # hand with three aces -1294967296 there
    assert script_error(text).startswith(expected)


@pytest.mark.parametrize("text, expected", [
    ("pointcount 4 3 - 999999999 1\n", "s.dlr:1:16: pointcount -999999999: a hand could count -3999999996"),
    ("pointcount 4 3 -99999999999999999999999\n",
     "s.dlr:1:16: number -99999999999999999999999 is too small (at least -9223372036854775807)"),
])
def test_a_negative_weight_refused_is_placed_at_its_minus_sign(text: str, expected: str) -> None:
    # placed at its digits, a column or more past where the weight is written
    assert script_error(text).startswith(expected)


@pytest.mark.parametrize("text, weights", [
    ("pointcount\n", (0,) * 13),  # every hcp 0, as in Debian's dealer
    ("pointcount -4 -3 -2 -1\n", (-4, -3, -2, -1) + (0,) * 9),  # honours against the hand, as there
    ("pointcount 536870911\n", (536870911,) + (0,) * 12),  # four aces: 2147483644, the most a count holds
    ("pointcount 0 0 0 0 0 0 0 0 0 0 0 0 -536870912\n", (0,) * 12 + (-536870912,)),  # four twos: -2147483648
])
def test_a_count_dealer_takes_is_taken(text: str, weights: tuple[int, ...]) -> None:
    assert parse(text).pointcount == weights


def test_frequency_bounds_high_below_low_are_refused_saying_the_order_expected() -> None:
    # Debian's dealer counts every value as High there: an accident of its bounds, not a table.
    assert script_error("action frequency (hcp(north), 5, 4)\n") == (
        "s.dlr:1:31: frequency bounds 5..4: expected the low bound first, then a high bound not below it "
        "(..., 4, 5); Debian's dealer counts every value as High there")


@pytest.mark.parametrize("text, column, written", [("shape(north, -any 4333)", 15, "any 4333"),
                                                   ("shape(north, - 5xxx + 4333) || hcp(north) > 20", 16,
                                                    "5xxx")])
def test_a_shape_list_starting_by_taking_shapes_away_is_refused_at_it(text: str, column: int,
                                                                      written: str) -> None:
    # Debian's dealer reads such a list as no shape, never true, and deals until generate runs out.
    assert script_error(text) == (
        f"s.dlr:1:{column}: -{written} takes shapes away from none: expected the shapes to keep first, then "
        f"those taken away (xxxx - {written} is every shape but those); as written the list holds no shape, "
        "and Debian's dealer deals until generate runs out")


def test_a_remainder_or_quotient_by_zero_is_zero_where_debians_dealer_crashes() -> None:
    # Debian's dealer stops with a floating point exception on `condition 5 % 0 == 0`.
    assert value("5 % 0") == value("5 / 0") == value("hcp(north) % 0") == 0


@pytest.mark.parametrize(("text", "where", "hint"), [
    ("condition hcp(north) > 10;", "s.dlr:1:26", "';': a statement needs no terminator: delete it"),
    ("condition hcp(north) > 10 ;\nproduce 2", "s.dlr:1:27", "';': a statement needs no terminator"),
    ("condition hcp(north[0]) > 10", "s.dlr:1:20", "'[': brackets mean nothing in the dealer language"),
    ("condition hcp(north) > 10 {", "s.dlr:1:27", "'{': braces mean nothing in the dealer language"),
    ("condition hcp(north) > @x", "s.dlr:1:24", "'@': @ means nothing in the dealer language"),
    ("x = hcp(north)\ncondition $x > 10", "s.dlr:2:11", "'$': a variable needs no $"),
    ("condition hcp(north) > 10 ^ hcp(south) > 10", "s.dlr:1:27", "'^': the dealer language has no "
     "exclusive or (nor a power); for one condition but not both, write (a) != (b)"),
    ("condition ~(hcp(north) > 10)", "s.dlr:1:11", "'~': not is ! (or the word not)"),
])
def test_a_stray_character_says_what_to_write_as_and_and_or_do(text: str, where: str, hint: str) -> None:
    # It was "unexpected character ';'" alone, as `&` and `|` were before they said what to write.
    message = parse_error(text, where)
    assert f"unexpected character {hint}" in message and "\n" not in message


@pytest.mark.parametrize("condition", [
    "hcp(north) == 5 && hcp(north) != 5",
    "hcp(north) >= 36 && hcp(north) != 36 && hcp(north) != 37",
    "spades(north) < 1 && spades(north) != 0",
    "hcp(north, spades) >= 10 && hcp(north, spades) != 10",
    "shape(north, 4333) && spades(north) != 4",
])
def test_a_not_equal_that_refuses_the_last_value_left_is_never_met(condition: str) -> None:
    import bridgetools as bt

    with pytest.raises(ConstraintError, match="North can never hold such a hand"):  # not dealt for ever
        bt.generate(f"generate 10000\ncondition {condition}", 1, seed=1)


@pytest.mark.parametrize("condition", [
    "hcp(north) != 5",
    "hcp(north) <= 1 && hcp(north) != 0",
    "spades(north) >= 12 && spades(north) != 13",
    "shape(north, 4333 + 3433) && spades(north) != 4",
])
def test_a_not_equal_that_leaves_a_value_is_dealt(condition: str) -> None:
    import bridgetools as bt

    (deal,) = bt.generate(condition, 1, seed=1)
    assert not (condition.startswith("shape") and bt.length(deal.hand(Seat.N), Suit.S) == 4)
