"""Game choice, third pass: the fallback bids 3NT rather than a minor game when every unbid suit is
stopped and finds a major game through the lengths the tables' meanings show; the strong 2C opener bids
game in a six-card major over the no-fit 2NT; opener accepts a limit raise with 15 points, not 14."""

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


def test_opener_with_fourteen_points_declines_the_limit_raise() -> None:
    assert _call(["1S", "P", "3S", "P"], "AT852.J7.AQ2.Q95") == "Pass"


def test_opener_with_fifteen_points_accepts_the_limit_raise() -> None:
    assert _call(["1S", "P", "3S", "P"], "AT852.J7.AQ2.K95") == "4S"
