"""Hand evaluation: each measure on hands worked out by hand, and the four C's checked against dealer."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgetools import evaluate as ev
from bridgetools.model import Hand, Suit
from bridgetools.model.hand import parse_holding

HAND = "AKQ2.KJ3.T98.432"  # spades AKQ2, hearts KJ3, diamonds T98, clubs 432


def hand_of_shape(spades: int, hearts: int, diamonds: int, clubs: int) -> Hand:
    """A hand with the given suit lengths, made of the lowest cards of each suit."""
    return Hand.from_holdings(*((1 << n) - 1 for n in (spades, hearts, diamonds, clubs)))


# Points and lengths ---------------------------------------------------------------------------
def test_hcp_counts_ace_4_king_3_queen_2_jack_1() -> None:
    # spades A K Q = 4 + 3 + 2, hearts K J = 3 + 1, diamonds and clubs nothing
    assert ev.hcp(HAND) == 4 + 3 + 2 + 3 + 1


def test_hcp_of_one_suit() -> None:
    assert ev.hcp(HAND, Suit.S) == 9 and ev.hcp(HAND, "H") == 4 and ev.hcp(HAND, "C") == 0


def test_length_of_a_suit() -> None:
    assert ev.length(HAND, Suit.S) == 4 and ev.length(".AK54..QJ9876532", "C") == 9


def test_shape_is_spades_hearts_diamonds_clubs() -> None:
    assert ev.shape("AKQ32.KJ3.T98.43") == (5, 3, 3, 2)
    assert ev.shape("43.KJ3.T98.AKQ32") == (2, 3, 3, 5)


def test_pattern_is_longest_first_whatever_the_suits() -> None:
    assert ev.pattern("43.KJ3.T98.AKQ32") == (5, 3, 3, 2)


def test_shape_and_pattern_strings() -> None:
    assert ev.shape_str("43.KJ3.T98.AKQ32") == "2-3-3-5"
    assert ev.pattern_str("43.KJ3.T98.AKQ32") == "5332"


# Balanced, semi-balanced, regular, two-suited -------------------------------------------------
@pytest.mark.parametrize(
    ("shape", "balanced"),
    [((4, 3, 3, 3), True), ((3, 4, 2, 4), True), ((2, 3, 5, 3), True),
     ((5, 4, 2, 2), False), ((4, 4, 4, 1), False), ((6, 3, 2, 2), False), ((5, 4, 3, 1), False)],
)
def test_balanced_is_4333_4432_or_5332(shape: tuple[int, int, int, int], balanced: bool) -> None:
    assert ev.is_balanced(hand_of_shape(*shape)) is balanced


@pytest.mark.parametrize(
    ("shape", "semi"),
    [((4, 3, 3, 3), True), ((5, 3, 3, 2), True), ((2, 5, 4, 2), True), ((2, 2, 3, 6), True),
     ((7, 2, 2, 2), False), ((4, 4, 4, 1), False), ((5, 4, 3, 1), False), ((5, 5, 2, 1), False)],
)
def test_semi_balanced_adds_5422_and_6322(shape: tuple[int, int, int, int], semi: bool) -> None:
    assert ev.is_semi_balanced(hand_of_shape(*shape)) is semi


@pytest.mark.parametrize(
    ("shape", "regular"),
    [((4, 3, 3, 3), True), ((4, 4, 3, 2), True), ((1, 4, 4, 4), True),
     ((5, 3, 3, 2), False), ((5, 4, 2, 2), False)],
)
def test_regular_is_4333_4432_or_4441(shape: tuple[int, int, int, int], regular: bool) -> None:
    assert ev.is_regular(hand_of_shape(*shape)) is regular


@pytest.mark.parametrize(
    ("shape", "two_suited"),
    [((5, 4, 2, 2), True), ((4, 2, 2, 5), True), ((5, 5, 3, 0), True), ((6, 4, 2, 1), True),
     ((5, 4, 4, 0), True), ((6, 3, 2, 2), False), ((7, 2, 2, 2), False), ((4, 4, 4, 1), False),
     ((5, 3, 3, 2), False)],
)
def test_two_suited_has_nine_cards_in_two_suits_of_four_or_more(
    shape: tuple[int, int, int, int], two_suited: bool
) -> None:
    assert ev.is_two_suited(hand_of_shape(*shape)) is two_suited


# Losers, controls, quick tricks, honours ------------------------------------------------------
@pytest.mark.parametrize(
    ("holding", "losers"),
    [("", 0), ("A", 0), ("K", 1), ("2", 1), ("AK", 0), ("AQ", 1), ("KQ", 1), ("K2", 1), ("Q2", 2),
     ("AKQ", 0), ("AK2", 1), ("AQ2", 1), ("KQ2", 1), ("Q32", 2), ("QJT9", 2), ("J5432", 3),
     ("AKQJT98", 0)],
)
def test_losers_are_the_top_places_missing_ace_king_queen(holding: str, losers: int) -> None:
    assert ev.holding_losers(parse_holding(holding)) == losers


def test_hand_losers_add_the_suits() -> None:
    # AKQ2: 0, KJ3: 2 (ace and queen missing), T98: 3, 432: 3
    assert ev.losers(HAND) == 0 + 2 + 3 + 3 and ev.losers(HAND, "H") == 2


def test_controls_count_ace_two_king_one() -> None:
    # spades A and K = 3, hearts K = 1
    assert ev.controls(HAND) == 2 + 1 + 1 and ev.controls(HAND, Suit.S) == 3


@pytest.mark.parametrize(
    ("holding", "tricks"),
    [("AK", 2.0), ("AKQ", 2.0), ("AQ", 1.5), ("AQ3", 1.5), ("A", 1.0), ("AJ3", 1.0), ("KQ", 1.0),
     ("KQ5", 1.0), ("K5", 0.5), ("KJ54", 0.5), ("K", 0.0), ("QJ5", 0.0), ("", 0.0)],
)
def test_quick_tricks_of_a_suit(holding: str, tricks: float) -> None:
    assert ev.holding_quick_tricks(parse_holding(holding)) == tricks


def test_quick_tricks_of_a_hand() -> None:
    # AK2 = 2, KQ3 = 1, A98 = 1, K432 = 0.5
    assert ev.quick_tricks("AK2.KQ3.A98.K432") == 2 + 1 + 1 + 0.5


def test_honours_are_ace_to_ten() -> None:
    # spades A K Q, hearts K J, diamonds T
    assert ev.honours(HAND, Suit.S) == 3 and ev.honours(HAND, "D") == 1 and ev.honours(HAND) == 6


def test_top_counts_the_highest_ranks() -> None:
    assert ev.holding_top(parse_holding("AQJ2"), 2) == 1 and ev.holding_top(parse_holding("AQJ2"), 4) == 3


# Kaplan-Rubens suit quality and four C's ------------------------------------------------------
@pytest.mark.parametrize(
    ("holding", "quality"),
    [
        # A 4 + K 3, ten with two higher honours 1, nine with exactly two higher honours 0.5; x 6/10
        ("AKT952", (4 + 3 + 1 + 0.5) * 6 / 10),
        # K 3 + J 1, the missing queen made up by one point (only one card beyond six); x 7/10
        ("KJ98765", (3 + 1 + 1) * 7 / 10),
        # Q 2, the nine alone does not count; x 2/10
        ("Q9", 2 * 2 / 10),
        # J 1, ten with the jack 1; x 3/10
        ("JT8", (1 + 1) * 3 / 10),
        # ten without the jack or two higher honours 0.5, nine with the ten 0.5; x 4/10
        ("T932", (0.5 + 0.5) * 4 / 10),
        # nine cards, no queen or jack: both made up (2 + 1); x 9/10
        ("AK8765432", (4 + 3 + 2 + 1) * 9 / 10),
        ("", 0.0),
    ],
)
def test_suit_quality_is_kaplan_rubens(holding: str, quality: float) -> None:
    hand = Hand.from_holdings(parse_holding(holding), 0, 0, 0)
    assert ev.suit_quality(hand, Suit.S) == pytest.approx(quality)
    assert ev.holding_quality(parse_holding(holding)) == round(quality * 100)


def test_four_cs_of_a_worked_hand() -> None:
    # spades AKQ2: A 3, K 2, Q 1 + quality (4+3+2) x 4/10 = 3.6          -> 9.6
    # hearts KJ3:  K 2, J with one higher 0.25 + quality (3+1) x 3/10 = 1.2 -> 3.45
    # diamonds T98: quality: ten alone 0.5, nine with the ten 0.5, x 3/10  -> 0.3
    # clubs 432: nothing; shape 4-3-3-3: less 0.5
    assert ev.cccc(HAND) == pytest.approx(9.6 + 3.45 + 0.3 + 0 - 0.5)
    assert ev.cccc_hundredths(HAND) == 960 + 345 + 30 - 50


def test_four_cs_shortness_is_void_3_singleton_2_doubleton_1_less_1() -> None:
    assert ev.cccc_shape_hundredths((5, 4, 4, 0)) == 300 - 100
    assert ev.cccc_shape_hundredths((5, 4, 2, 2)) == 100 + 100 - 100
    assert ev.cccc_shape_hundredths((4, 3, 3, 3)) == -50


def test_singleton_king_counts_half() -> None:
    # K 0.5 as a singleton, plus its suit quality: K 3 x 1/10 = 0.3
    assert ev.holding_cccc(parse_holding("K")) == 50 + 30


# Holdings and hands agree ---------------------------------------------------------------------
def test_holding_table_is_indexed_by_holding() -> None:
    table = ev.holding_table(ev.holding_losers)
    assert len(table) == 8192 and table[parse_holding("KQ2")] == 1


hands = st.integers(0, (1 << 52) - 1).map(Hand)


@given(hands)
def test_hand_measures_are_sums_over_suits(hand: Hand) -> None:
    for measure in (ev.hcp, ev.losers, ev.controls, ev.quick_tricks, ev.honours):
        assert measure(hand) == sum(measure(hand, s) for s in Suit)


# The dealer program as a second opinion -------------------------------------------------------
@pytest.mark.skipif(shutil.which("dealer") is None and shutil.which("/usr/games/dealer") is None,
                    reason="Debian's dealer is not installed")
def test_agrees_with_the_dealer_program(tmp_path: Path) -> None:
    """cccc, quality, loser, control and hcp of 4,000 random hands equal what dealer computes."""
    program = shutil.which("dealer") or "/usr/games/dealer"
    exprs = ["cccc(north)"] + [
        f"{f}(north,{s})" for s in ("spades", "hearts", "diamonds", "clubs")
        for f in ("quality", "loser", "control", "hcp")
    ]
    script = tmp_path / "eval.dl"
    script.write_text(
        "generate 10000\nproduce 4000\naction printoneline, printes("
        + ', " ", '.join(exprs) + ', "\n")\n'  # dealer wants a real newline inside the quotes
    )
    out = subprocess.run([program, "-s", "11", str(script)], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    compared = 0
    for deal_line, values in zip(out[0::2], out[1::2], strict=False):
        if not deal_line.startswith("n "):
            break
        hand = Hand.from_pbn(deal_line.split()[1])
        mine = [ev.cccc_hundredths(hand)]
        for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
            holding = hand.holding(suit)
            mine += [ev.holding_quality(holding), ev.holding_losers(holding),
                     ev.holding_controls(holding), ev.hcp(hand, suit)]
        assert [int(v) for v in values.split()] == mine, deal_line
        compared += 1
    assert compared == 4000
