"""Game choice, third pass: the fallback bids 3NT rather than a minor game when every unbid suit is
stopped and finds a major game through the lengths the tables' meanings show; the strong 2C opener bids
game in a six-card major over the no-fit 2NT; opener accepts a limit raise with 15 points, not 14;
an unbalanced hand takes a doubleton as support for partner's rebid major (not after interference);
five-five in the majors with game values transfers to spades and shows the hearts, opener choosing the
major with three spades or four hearts, else 3NT, over which the fifth heart is bid."""

from __future__ import annotations

from test_bots_compete import _call


def test_with_the_unbid_suits_stopped_responder_bids_3nt_rather_than_five_of_openers_minor() -> None:
    assert _call(["1D", "P", "1S", "P", "3D", "P"], "QT64.KQ.K9.KT742") == "3NT"


def test_without_a_stopper_in_an_unbid_suit_responder_still_bids_five_of_openers_minor() -> None:
    assert _call(["1D", "P", "1S", "P", "3D", "P"], "QT64.82.K9.AKT74") == "5D"


def test_responder_raises_openers_second_suit_to_game_with_four_of_it_after_a_two_over_one() -> None:
    # 1S 2D 2H: the tables' 2H shows four hearts; the fallback's forced 2H (no rule fits) does not count
    assert _call(["1S", "P", "2D", "P", "2H", "P"], "A.QJ84.QJT92.QJ5") == "4H"


def test_the_strong_two_club_opener_bids_game_in_a_six_card_major_over_the_no_fit_2nt() -> None:
    assert _call(["2C", "P", "2D", "P", "2S", "P", "2NT", "P"], "AKQ7632.AK7..AK8") == "4S"


def test_opener_with_thirteen_points_declines_the_limit_raise() -> None:
    assert _call(["1S", "P", "3S", "P"], "AT852.J7.AQ2.J95") == "Pass"


def test_opener_with_fourteen_points_accepts_the_limit_raise() -> None:
    # a limit raise opposite 14 points makes game more often than not (docs/performance.md, 26th pass)
    assert _call(["1S", "P", "3S", "P"], "AT852.J7.AQ2.Q95") == "4S"


def test_opener_with_fifteen_points_accepts_the_limit_raise() -> None:
    assert _call(["1S", "P", "3S", "P"], "AT852.J7.AQ2.K95") == "4S"


def test_responder_with_a_doubleton_bids_game_in_openers_rebid_major_rather_than_3nt() -> None:
    # 1S 2H 2S: the rebid shows five spades and most often six; A3 is support, diamonds are unstopped
    assert _call(["1S", "P", "2H", "P", "2S", "P"], "A3.AJ8764.643.A7") == "4S"


def test_a_doubleton_is_support_for_openers_rebid_heart_suit_too() -> None:
    assert _call(["1H", "P", "2C", "P", "2H", "P"], "KJ5.K3.53.AK9654") == "4H"


def test_a_singleton_is_no_support_for_openers_jump_rebid() -> None:
    assert _call(["1H", "P", "1S", "P", "3H", "P"], "K8643.J.AQT854.J") == "3NT"


def test_a_rebid_forced_by_the_opponents_interference_does_not_make_a_doubleton_support() -> None:
    # 1H (3D) X (P) 3H: opener had to bid something over the negative double
    assert _call(["1H", "3D", "X", "P", "3H", "P"], "A743.86.A52.A873") == "3NT"


def test_five_five_in_the_majors_with_game_values_transfers_to_spades() -> None:
    # SAYC: 1NT 2H 2S 3H, so that opener with three spades plays the spade game (AK6 and 6S making lost
    # to 3NT when the hearts came first and opener had two of them)
    assert _call(["1NT", "P"], "Q8732.AK862..KT2") == "2H"


def test_the_five_five_hand_shows_its_fifth_heart_over_openers_3nt() -> None:
    # opener's 3NT denies three spades and four hearts: a balanced hand then holds three hearts
    assert _call(["1NT", "P", "2H", "P", "2S", "P", "3H", "P", "3NT", "P"], "Q8732.AK862..KT2") == "4H"


def test_over_2nt_the_five_five_hand_shows_its_fifth_spade_over_openers_3nt() -> None:
    assert _call(["2NT", "P", "3D", "P", "3H", "P", "3S", "P", "3NT", "P"], "Q8732.AK862.2.32") == "4S"
