"""Natural calls, third pass: responder never passes opener's reverse (17+, forcing), raising it to game
or bidding 3NT with 8+ and taking the cheapest natural call with less; a two-suiter with a five-card
major overcalls a 1NT opening; responder bids game over a weak two in a major with 15+ HCP and two
trumps, or 12-14 and three; the fallback does not pass below game after its own game-forcing new
suit, nor with game values opposite partner's least after partner's forced bid over its forcing one;
over 1NT, responder bids 3NT with 9 HCP (directly or after Stayman) and invites with 8; after 1M 1NT 2m,
responder with as many cards in opener's first suit as in the second gives preference to the first; a
balancing doubler rebids a strong hand after the advance as a direct doubler does; partner of a one-level
overcaller bids a six-card suit of his own before notrump; after 1x 1NT 2z 3z opener bids game on the
losing-trick count; a negative doubler of a three-level overcall raises opener's major with three
trumps and 10+ HCP; over a two-level overcall of 1NT responder bids game in a six-card major or 3NT with
values, or competes in a five-card suit at two or a six-card one at three; over a takeout double of a
major, responder with four trumps and 3-7 HCP raises to three; partner of a takeout doubler makes a free
bid in a four-card suit with 6-11 HCP over responder's one-level bid or single raise; over 1NT the
quantitative 4NT shows 15-17 HCP."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.bots.meaning import HandFacts
from bridgetools.model import Hand, Seat, Suit
from bridgetools.rules import Auction

BIDDER = Bidder()


def _call_and_explanation(calls: list[str], hand: str) -> tuple[str, str]:
    """The call made with ``hand`` and the label of the explanation that allows it, checked to allow it."""
    auction = Auction(Seat.N, calls)
    h = Hand.from_pbn(hand)
    call = BIDDER.call(auction, h)
    why = BIDDER.explain(auction, call)
    assert why.allows(h)
    return str(call), next(m.label for m in why.meanings if m.allows(HandFacts.of(h)))


def test_responder_with_four_trumps_and_8_hcp_raises_the_reverse_to_game() -> None:
    assert _call_and_explanation(["1C", "P", "1S", "P", "2H", "P"], "A9865.KJ72.JT8.3") == \
        ("4H", "game raise after a reverse")


def test_responder_with_a_weak_hand_does_not_pass_the_reverse() -> None:
    assert _call_and_explanation(["1C", "P", "1S", "P", "2H", "P"], "7632.QT2.AJ965.5") == \
        ("2NT", "weak, no fit after a reverse")


def test_responder_with_a_weak_hand_and_five_cards_rebids_the_suit_over_the_reverse() -> None:
    assert _call_and_explanation(["1D", "P", "1S", "P", "2H", "P"], "QJ865.Q2.J5.8732") == \
        ("2S", "five-card suit after a reverse, weak")


def test_responder_with_a_minimum_still_passes_a_lower_ranking_second_suit() -> None:
    assert _call_and_explanation(["1H", "P", "1S", "P", "2C", "P"], "QJ865.2.J85.8732") == \
        ("Pass", "minimum, prefers the second suit")


def test_a_five_card_major_with_a_four_card_side_suit_overcalls_1nt() -> None:
    assert _call_and_explanation(["1NT"], "KQ975.Q865.K4.Q4") == (
        "2S", "natural, the major bid and a second suit")


def test_a_balanced_hand_with_a_five_card_major_does_not_overcall_1nt() -> None:
    assert _call_and_explanation(["1NT"], "KQ975.Q86.K54.Q4") == ("Pass", "nothing to show")


def test_responder_with_15_hcp_and_two_trumps_bids_game_over_a_weak_two() -> None:
    assert _call_and_explanation(["2S", "P"], "A2.72.AQ97.KQ764") == ("4S", "to play")


def test_responder_with_14_hcp_and_two_trumps_passes_the_weak_two() -> None:
    assert _call_and_explanation(["2S", "P"], "A2.72.AQ97.KJ764") == ("Pass", "no game interest")


def test_responder_with_14_hcp_and_three_trumps_bids_game_over_a_weak_two() -> None:
    assert _call_and_explanation(["2S", "P"], "A92.72.AQ97.KJ76") == ("4S", "to play")


def test_responder_with_13_hcp_and_three_trumps_bids_game_over_a_weak_two() -> None:
    assert _call_and_explanation(["2S", "P"], "K92.72.AQ97.KJ76") == ("4S", "to play")


def test_responder_with_11_hcp_and_three_trumps_only_raises_the_weak_two() -> None:
    assert _call_and_explanation(["2S", "P"], "K92.72.AQ97.Q876") == ("3S", "preemptive raise")


def test_the_fallback_bids_game_after_its_own_game_forcing_new_suit() -> None:
    # 1S (2H) X P 2S P 3D (the fallback's game-forcing new suit) P 3S P: not a pass below game
    calls = ["1S", "2H", "X", "P", "2S", "P", "3D", "P", "3S", "P"]
    assert _call_and_explanation(calls, "Q7.Q6.JT952.AKT7") == ("4S", "game in the fit, forced to game")


def test_responder_with_game_values_bids_the_minor_game_over_openers_raise() -> None:
    # 1C (1H) 2D (forcing, 10+) P 3D (opener's raise, 11-14, four diamonds) P: 15 HCP and six diamonds, no
    # heart stopper, is game opposite an opening bid, not a pass below it
    calls = ["1C", "1H", "2D", "P", "3D", "P"]
    expected = ("5D", "game in the minor by the losing-trick count")
    assert _call_and_explanation(calls, "J3.J9.AKT974.AQ9") == expected


def test_responder_bids_the_major_game_over_openers_three_card_raise() -> None:
    calls = ["1C", "1S", "2H", "P", "3H", "P"]
    expected = ("4H", "to play")
    assert _call_and_explanation(calls, "T62.AKQJ3.A97.84") == expected


def test_openers_forced_raise_shows_three_trumps_read_with_its_longest_suit() -> None:
    # 1C (1H) 2D P 3D: the fallback's forced bid, "support" (3+ diamonds) or "longest suit" (diamonds):
    # three diamonds when a longest suit counts four, as the game over it reads it; none otherwise
    shown = BIDDER.explain(Auction(Seat.N, ["1C", "1H", "2D", "P"]), "3D")
    assert (shown.min_length(Suit.D), shown.min_length(Suit.D, longest=True)) == (0, 3)


def test_responder_without_game_values_passes_openers_forced_raise() -> None:
    calls = ["1C", "1H", "2D", "P", "3D", "P"]
    assert _call_and_explanation(calls, "32.J9.AKT974.Q98") == ("Pass", "no other call fits")


def test_responder_with_9_hcp_invites_with_2nt_over_1nt() -> None:
    # SAYC (and the spec): 2NT 8-9 invites, 3NT 10-15
    assert _call_and_explanation(["1NT", "P"], "J87.943.A87.KJ74") == ("2NT", "invitational")


def test_responder_with_10_hcp_bids_3nt_over_1nt() -> None:
    assert _call_and_explanation(["1NT", "P"], "J87.943.A87.KQ74") == ("3NT", "to play")


def test_responder_with_8_hcp_invites_over_1nt() -> None:
    assert _call_and_explanation(["1NT", "P"], "J87.943.A87.QJ74") == ("2NT", "invitational")


def test_responder_with_10_hcp_bids_3nt_after_stayman_finds_no_fit() -> None:
    assert _call_and_explanation(["1NT", "P", "2C", "P", "2D", "P"], "KJ87.943.A87.Q74") == ("3NT", "to play")


def test_responder_with_9_hcp_invites_with_2nt_after_stayman_finds_no_fit_as_without_stayman() -> None:
    assert _call_and_explanation(["1NT", "P", "2C", "P", "2D", "P"], "KJ87.943.A87.J74") == \
        ("2NT", "invitational")


def test_responder_with_8_hcp_invites_with_2nt_after_stayman_finds_no_fit() -> None:
    assert _call_and_explanation(["1NT", "P", "2C", "P", "2D", "P"], "KJ87.943.A87.T74") == \
        ("2NT", "invitational")


def test_responder_with_equal_length_gives_preference_to_openers_first_suit() -> None:
    assert _call_and_explanation(["1S", "P", "1NT", "P", "2D", "P"], "Q3.KJ84.52.Q9742") == \
        ("2S", "preference")


def test_responder_with_more_cards_in_openers_second_suit_passes_it() -> None:
    assert _call_and_explanation(["1S", "P", "1NT", "P", "2D", "P"], "Q3.KJ84.952.Q974")[0] == "Pass"


def test_a_balancing_doubler_with_19_balanced_and_their_suit_stopped_bids_2nt_over_the_advance() -> None:
    assert _call_and_explanation(["1D", "P", "P", "X", "P", "1S", "P"], "AQ4.KJ3.KQ5.KJ62") == \
        ("2NT", "strong, balanced")


def test_a_balancing_doubler_with_19_and_four_trumps_raises_a_two_level_advance_to_game() -> None:
    assert _call_and_explanation(["2H", "P", "P", "X", "P", "2S", "P"], "AKJ9.T9.AK8.AKQ6") == \
        ("4S", "to play")


def test_a_balancing_doubler_with_a_minimum_passes_the_advance() -> None:
    assert _call_and_explanation(["1D", "P", "P", "X", "P", "1S", "P"], "AQ4.KJ3.Q52.KJ62") == \
        ("Pass", "minimum")


def test_partner_of_an_overcaller_bids_a_six_card_suit_before_notrump() -> None:
    assert _call_and_explanation(["1C", "1H", "P"], "AKJ864.83.975.K4") == ("1S", "new suit, six cards")


def test_partner_of_an_overcaller_with_a_five_card_suit_and_their_suit_stopped_bids_notrump() -> None:
    assert _call_and_explanation(["1C", "1H", "P"], "AKJ86.83.975.K43") == ("1NT", "natural")


def test_opener_with_five_losers_accepts_the_raise_of_his_minor_to_game() -> None:
    assert _call_and_explanation(["1S", "P", "1NT", "P", "2C", "P", "3C", "P"], "98752.A.AK.QJ985") == \
        ("5C", "accepts")


def test_opener_with_six_losers_accepts_the_raise_of_his_hearts_to_game() -> None:
    assert _call_and_explanation(["1S", "P", "1NT", "P", "2H", "P", "3H", "P"], "QJT84.AQJ6.94.KT") == \
        ("4H", "accepts")


def test_opener_with_six_losers_passes_the_raise_of_his_minor() -> None:
    call, _ = _call_and_explanation(["1S", "P", "1NT", "P", "2D", "P", "3D", "P"], "AQJ84.32.KQT5.Q2")
    assert call == "Pass"


def test_a_negative_doubler_of_a_three_level_overcall_raises_opener_s_major_with_three_trumps() -> None:
    assert _call_and_explanation(["1S", "3C", "X", "P", "3H", "P"], "AQ.T63.AT54.9654") == \
        ("4H", "to play, three trumps")


def test_over_a_two_level_overcall_of_1nt_responder_competes_in_a_five_card_suit() -> None:
    assert _call_and_explanation(["1NT", "2H"], "Q98754.J8.7654.5") == ("2S", "to play")


def test_over_a_two_level_overcall_of_1nt_responder_bids_game_in_a_six_card_major_with_8_hcp() -> None:
    assert _call_and_explanation(["1NT", "2D"], "KQ9854.J8.76.Q54") == ("4S", "to play")


def test_over_a_two_level_overcall_of_1nt_responder_bids_3nt_with_values_and_their_suit_stopped() -> None:
    assert _call_and_explanation(["1NT", "2H"], "K52.AJ4.QT93.J84") == ("3NT", "to play")


def test_over_a_two_level_overcall_of_1nt_responder_competes_at_three_in_a_six_card_lower_suit() -> None:
    assert _call_and_explanation(["1NT", "2S"], "75.J8.Q54.KJ9854") == ("3C", "to play")


def test_over_a_takeout_double_of_a_major_responder_with_four_trumps_and_a_weak_hand_jumps_to_three() -> None:
    assert _call_and_explanation(["1H", "X"], "8643.K982.Q864.4") == ("3H", "preemptive raise")


def test_partner_of_a_takeout_doubler_makes_a_free_bid_in_a_four_card_suit_over_responder_s_bid() -> None:
    assert _call_and_explanation(["1C", "X", "1H"], "AT53.5.Q543.T754") == ("1S", "free advance")


def test_partner_of_a_takeout_doubler_passes_responder_s_bid_with_a_bad_hand() -> None:
    call, _ = _call_and_explanation(["1C", "X", "1H"], "T853.5.Q543.T754")
    assert call == "Pass"


def test_partner_of_a_takeout_doubler_makes_a_free_bid_over_responder_s_single_raise() -> None:
    assert _call_and_explanation(["1D", "X", "2D"], "A853.K5.743.QT75") == ("2S", "free advance")


def test_over_1nt_responder_with_16_hcp_balanced_invites_slam_with_a_quantitative_4nt() -> None:
    assert _call_and_explanation(["1NT", "P"], "KJ7.Q7.K654.AQJ5") == ("4NT", "quantitative")


def test_over_1nt_responder_with_15_hcp_balanced_bids_3nt() -> None:
    assert _call_and_explanation(["1NT", "P"], "KJ7.Q7.K654.KQJ5") == ("3NT", "to play")


def test_after_stayman_responder_with_16_hcp_invites_slam_with_a_quantitative_4nt() -> None:
    assert _call_and_explanation(["1NT", "P", "2C", "P", "2D", "P"], "KJ7.QJ72.K65.AQ5") == \
        ("4NT", "quantitative")


def test_the_jump_to_three_of_a_major_over_1nt_is_a_slam_try_not_an_invitation() -> None:
    # SAYC: a six-card major with slam interest, forcing; opener with a maximum and three trumps asks for aces
    text = BIDDER.explain(Auction(Seat.N, ["1NT", "P"]), "3H").text
    assert text == "six-card major, slam interest, forcing: 14-15 HCP, 6+ hearts"
    call, _ = _call_and_explanation(["1NT", "P", "3H", "P"], "AK4.K82.QJ73.A95")
    assert call == "4NT"
