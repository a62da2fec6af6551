"""Competitive auctions: overcalls and their advances, raises in competition,
each call inside its own explanation."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.bots.fallback import COMPETES, PartnerView, competitive_raise_played_for
from bridgetools.bots.meaning import HandFacts, Meaning
from bridgetools.bots.rules import Situation, rule
from bridgetools.evaluate import MAX_HCP
from bridgetools.model import Hand, Seat, Suit
from bridgetools.rules import Auction

BIDDER = Bidder()


def _call(calls: list[str], hand: str) -> str:
    auction = Auction(Seat.N, calls)
    h = Hand.from_pbn(hand)
    call = BIDDER.call(auction, h)
    assert BIDDER.explain(auction, call).allows(h)
    return str(call)


def test_a_jump_to_two_of_a_suit_over_one_of_a_lower_suit_is_only_the_weak_jump_overcall() -> None:
    explanation = BIDDER.explain(Auction(Seat.N, ["1D"]), "2H")
    assert [m.label for m in explanation.meanings] == ["weak jump overcall"]


def test_the_advancer_raises_a_weak_jump_overcall_with_three_trumps_when_they_raise() -> None:
    # 1D 2H 3D: six hearts and three make nine, so three of the suit (the law of total tricks)
    assert _call(["1D", "2H", "3D"], "J984.K84.A7.Q942") == "3H"


def _situation(calls: str) -> Situation:
    auction = Auction(Seat.N, calls.split())
    return Situation(auction, lambda made: BIDDER.explain(Auction(Seat.N, made[:-1]), made[-1]))


def test_a_cue_bid_of_their_suit_is_artificial_and_agrees_partners_suit() -> None:
    # 1H (1S) 2S: a limit raise in hearts, not spades; opener's side has agreed hearts
    explanation = BIDDER.explain(Auction(Seat.N, ["1H", "1S"]), "2S")
    assert all(m.artificial for m in explanation.meanings)
    assert _situation("1H 1S 2S Pass").agreed_suit() == Suit.H


def test_advancers_cue_bid_of_their_suit_agrees_the_overcall() -> None:
    # 1D (1S) Pass (2D): a limit raise of spades or better
    assert _situation("1D 1S Pass 2D Pass").agreed_suit() == Suit.S


def test_opener_jumps_in_partners_response_with_four_trumps_and_extra_values_over_an_overcall() -> None:
    # 1D (P) 1H (1S): four hearts and 16 dummy points invite game
    assert _call(["1D", "P", "1H", "1S"], "4.KJ84.AQ95.A862") == "3H"


def test_opener_raises_a_major_response_with_three_trumps_when_it_costs_the_two_level() -> None:
    # 1D (P) 1S (2C): three spades and a minimum
    assert _call(["1D", "P", "1S", "2C"], "KJ4.Q82.AQ953.62") == "2S"


def test_opener_rebids_a_six_card_suit_over_an_overcall_of_the_response() -> None:
    assert _call(["1D", "P", "1H", "2C"], "K4.82.AQJ953.K62") == "2D"


def test_opener_doubles_their_two_level_overcall_with_a_trump_stack() -> None:
    # 1C (P) 1S (2D): four good diamonds and a sound opening, no fit: penalty
    assert _call(["1C", "P", "1S", "2D"], "A4.K82.KJT9.AJ62") == "X"
    assert BIDDER.explain(Auction(Seat.N, ["1C", "P", "1S", "2D"]), "X").meanings[0].label == "penalty double"


def test_the_penalty_doubles_leave_their_cue_bid_and_the_tables_doubles_alone() -> None:
    # 1C (1S) X (2C): their 2C is a cue bid in our suit, not a contract to double for penalty
    assert _call(["1C", "1S", "X", "2C"], "Q32.AQ32.KJ5.AK8") != "X"
    # 1H (2C) X is a negative double and only that: the fallback's penalty doubles do not widen it
    labels = [m.label for m in BIDDER.explain(Auction(Seat.N, ["1H", "2C"]), "X").meanings]
    assert not any("penalty" in label for label in labels), labels


def test_the_sacrifice_double_counts_only_a_natural_game_of_ours() -> None:
    # 1S P 3S P 4NT (5H): Blackwood is no game bid, so 5H is no sacrifice over it to double
    assert _call(["1S", "P", "3S", "P", "4N", "5H"], "K32.432.KQ3.Q432") != "X"


def test_the_overcalling_side_doubles_their_sacrifice_over_its_game() -> None:
    # 2D X 3D 3S P 4S (5D) P P: the doubler's side bid game on values; 5D goes down doubled, not undoubled
    assert _call(["2D", "X", "3D", "3S", "P", "4S", "5D", "P", "P"], "AKQ4.AJ63.2.K854") == "X"


def test_opener_passes_a_minimum_with_nothing_to_add_over_an_overcall_of_the_response() -> None:
    assert _call(["1C", "P", "1H", "2S"], "Q84.K2.KJ5.AJ982") == "Pass"


def test_the_pass_out_seat_balances_at_the_three_level_over_a_weak_two_only_with_an_opening_hand() -> None:
    # 2S P P: eight HCP and five clubs pass; the same suit with twelve HCP bids 3C
    assert _call(["2S", "P", "P"], "Q82.J6.753.AJ954") == "Pass"
    assert _call(["2S", "P", "P"], "Q82.K6.K53.AJ954") == "3C"


def test_opener_doubles_the_balancing_overcall_with_extra_values_and_shortness_in_their_suit() -> None:
    # 1D P P (1H): eighteen HCP and two hearts do not sell out to 1H
    assert _call(["1D", "P", "P", "1H"], "AJT3.A2.AK43.K63") == "X"


def test_opener_rebids_a_six_card_suit_over_the_balancing_overcall() -> None:
    assert _call(["1D", "P", "P", "1S"], "87.Q82.AKJ953.K4") == "2D"


def test_responder_takes_out_openers_double_of_the_balancing_overcall_into_the_longest_unbid_suit() -> None:
    # 1D P P (1H) X (P): a passed hand with six spades bids them
    assert _call(["1D", "P", "P", "1H", "X", "P"], "K98652.J3.9762.9") == "1S"


def test_responder_raises_the_doubled_weak_two_to_three_with_three_trumps() -> None:
    # 2S (X): six spades and three make nine, so three of the suit
    assert _call(["2S", "X"], "Q74.J832.9652.K4") == "3S"


def test_responder_raises_the_doubled_weak_two_to_game_with_four_trumps_and_a_weak_hand() -> None:
    assert _call(["2H", "X"], "74.Q832.96532.K4") == "4H"


def test_the_overcaller_bids_game_over_the_single_raise_with_five_losers() -> None:
    # 1D (1S) P (2S) P: the raise is about nine losers; five more make ten tricks
    assert _call(["1D", "1S", "P", "2S", "P"], "AKJ986.K5.4.QJ73") == "4S"


def test_the_overcaller_invites_over_the_single_raise_with_seven_losers_and_extra_values() -> None:
    assert _call(["1D", "1S", "P", "2S", "P"], "KQJ86.K54.42.AJ3") == "3S"


def test_the_overcaller_passes_the_single_raise_with_a_minimum() -> None:
    assert _call(["1D", "1S", "P", "2S", "P"], "QJ986.K54.42.Q73") == "Pass"


def test_the_advancer_accepts_the_invitation_with_a_maximum_raise() -> None:
    assert _call(["1D", "1S", "P", "2S", "P", "3S", "P"], "K72.A863.753.QJ4") == "4S"


def test_the_advancer_declines_the_invitation_with_a_minimum_raise() -> None:
    assert _call(["1D", "1S", "P", "2S", "P", "3S", "P"], "K72.Q863.753.J94") == "Pass"


def test_the_advancer_raises_the_overcall_over_a_negative_double_with_three_trumps() -> None:
    # 1C (1S) X: five spades and three make eight, so two of the suit
    assert _call(["1C", "1S", "X"], "Q84.K84.J73.Q942") == "2S"


def test_the_advancer_raises_a_weak_jump_overcall_to_three_over_a_negative_double() -> None:
    # 1C (2S) X: six spades and three make nine, so three of the suit
    assert _call(["1C", "2S", "X"], "K84.Q84.J73.Q942") == "3S"


def test_opener_bids_the_unbid_major_over_the_raise_of_the_overcall() -> None:
    # 1C (1S) X (2S): the doubler has four hearts, so eight hearts compete at the three level
    assert _call(["1C", "1S", "X", "2S"], "A4.KJ84.Q73.Q942") == "3H"


def test_opener_bids_game_in_the_unbid_major_with_18_dummy_points_over_the_raise() -> None:
    assert _call(["1C", "1S", "X", "2S"], "4.AJ84.KQ3.AQ942") == "4H"


def test_the_negative_doubler_bids_game_over_openers_competitive_major_with_12_dummy_points() -> None:
    assert _call(["1C", "1S", "X", "2S", "3H", "P"], "4.KJ84.A9732.Q42") == "4H"


def test_the_negative_doubler_competes_with_a_five_card_major_when_opener_passes_the_raise() -> None:
    assert _call(["1C", "1S", "X", "2S", "P", "P"], "84.KJ874.A97.942") == "3H"


def test_responder_runs_from_a_doubled_one_notrump_by_the_minor_suit_transfer_with_a_weak_hand() -> None:
    # systems on over the double: 2D would be a transfer to hearts
    assert _call(["1N", "X"], "T842.J.95432.Q52") == "2S"
    assert _call(["1N", "X", "2S", "P", "3C", "P"], "T842.J.95432.Q52") == "3D"


def test_responder_transfers_over_a_doubled_one_notrump_as_without_the_double() -> None:
    assert _call(["1N", "X"], "T842.J9532.95.Q5") == "2D"
    assert _call(["1N", "X", "2D", "P"], "AQ2.K3.KT92.Q432") == "2H"


def test_responder_bids_stayman_over_a_doubled_one_notrump_as_without_the_double() -> None:
    assert _call(["1N", "X"], "KQ32.32.Q98.J432") == "2C"


def test_the_doublers_partner_takes_out_a_penalty_double_of_1nt_with_nothing_and_a_long_suit() -> None:
    assert _call(["1N", "X", "P"], "93.KT9764.76.JT9") == "2H"


def test_the_advancer_runs_from_a_doubled_notrump_overcall_with_a_weak_hand_and_a_five_card_suit() -> None:
    assert _call(["1S", "1N", "X"], "84.J7632.T52.987") == "2H"


def test_the_advancer_of_a_takeout_double_of_their_raise_bids_the_longest_unbid_suit_with_nothing() -> None:
    # 1S (P) 2S X (P): a pass would leave two spades doubled to make
    assert _call(["1S", "P", "2S", "X", "P"], "84.J763.T952.987") == "3H"


def test_the_advancer_of_a_takeout_double_of_their_raise_bids_game_in_a_five_card_major_with_12() -> None:
    assert _call(["1S", "P", "2S", "X", "P"], "84.KQJ63.A52.K87") == "4H"


def test_a_two_level_overcall_with_a_five_card_suit_needs_12_hcp() -> None:
    assert _call(["1D"], "K84.J4.973.AQJ42") == "Pass"


def test_a_two_level_overcall_with_a_six_card_suit_needs_only_10_hcp() -> None:
    assert _call(["1D"], "K8.J4.973.AQJ742") == "2C"


def test_a_balancing_three_level_overcall_of_a_weak_two_with_five_cards_needs_13_hcp() -> None:
    assert _call(["2H", "P", "P"], "K8.843.AQJ73.Q42") == "Pass"


def test_the_advancer_of_a_two_level_overcall_invites_with_2nt_holding_their_suit_stopped() -> None:
    # 1H 2C: 11 HCP, no fit for clubs, no five-card suit, hearts stopped: 2NT invites 3NT
    assert _call(["1H", "2C", "P"], "QJ4.JT63.KQ52.Q2") == "2NT"
    explanation = BIDDER.explain(Auction(Seat.N, ["1H", "2C", "P"]), "2NT")
    first = explanation.meanings[0]
    assert (first.label, first.hcp, first.stoppers) == ("invitational", (11, 13), (Suit.H,))


def test_the_two_level_overcaller_accepts_the_2nt_invitation_with_14() -> None:
    assert _call(["1H", "2C", "P", "2NT", "P"], "A8.A93.K4.KJT853") == "3NT"


def test_the_two_level_overcaller_declines_the_2nt_invitation_with_a_minimum() -> None:
    assert _call(["1H", "2C", "P", "2NT", "P"], "A8.93.K42.KJT853") == "3C"


def test_opener_doubles_the_raise_of_the_overcall_with_extra_values_and_shortness_in_their_suit() -> None:
    # 1C (2H) X (3H): 20 HCP and a singleton heart; a double shows the extra values and asks partner
    assert _call(["1C", "2H", "X", "3H"], "KT2.A.KQ42.A9432") == "X"
    first = BIDDER.explain(Auction(Seat.N, ["1C", "2H", "X", "3H"]), "X").meanings[0]
    assert (first.hcp, first.lengths[Suit.H]) == ((16, 40), (0, 2))


def test_opener_rebids_a_six_card_suit_at_the_four_level_over_the_raise_with_extra_values() -> None:
    assert _call(["1D", "2S", "X", "3S"], "A.Q76.AQT643.KJ4") == "4D"


def test_the_negative_doubler_bids_3nt_over_openers_double_with_their_suit_stopped() -> None:
    assert _call(["1C", "2H", "X", "3H", "X", "P"], "J975.Q96.A63.K87") == "3NT"


def test_the_negative_doubler_defends_openers_double_of_the_raise_with_three_of_their_trumps() -> None:
    assert _call(["1C", "2H", "X", "3H", "X", "P"], "J975.963.A63.K87") == "Pass"
    first = BIDDER.explain(Auction(Seat.N, ["1C", "2H", "X", "3H", "X", "P"]), "P").meanings[0]
    assert first.label == "penalty pass"


def test_the_overcaller_competes_at_two_with_a_six_card_suit_when_they_stop_in_their_raise() -> None:
    # 1C (1S) 2C P P: seven spades; two of the suit rather than sell out at the two level
    assert _call(["1C", "1S", "2C", "P", "P"], "AQJ8532.AT.T82.K") == "2S"
    first = BIDDER.explain(Auction(Seat.N, ["1C", "1S", "2C", "P", "P"]), "2S").meanings[0]
    assert (first.label, first.lengths[Suit.S]) == ("six-card suit", (6, 13))


def test_the_overcaller_passes_their_raise_with_a_five_card_suit() -> None:
    assert _call(["1C", "1S", "2C", "P", "P"], "AQJ85.AT3.T82.K4") == "Pass"


def test_a_natural_overcall_of_their_1nt_with_a_six_card_suit_needs_10_hcp() -> None:
    assert _call(["1NT"], "K8.J4.972.KQT742") == "Pass"
    assert _call(["1NT"], "K8.Q4.972.KQT742") == "2C"
    first = BIDDER.explain(Auction(Seat.N, ["1NT"]), "2C").meanings[0]
    assert (first.hcp, first.lengths[Suit.C]) == ((10, 15), (6, 13))


def test_the_overcaller_of_the_response_competes_with_a_six_card_suit_when_they_stop_in_its_raise() -> None:
    # 1D P 1H (1S) 2H P P: the fourth-seat overcaller with six spades bids two of them
    assert _call(["1D", "P", "1H", "1S", "2H", "P", "P"], "KQJ862.4.K93.Q72") == "2S"


def test_the_overcaller_competes_in_a_second_five_card_suit_when_they_stop_in_their_raise() -> None:
    # 1D (1H) 2D P P: five hearts and five clubs; 3C offers partner a choice rather than selling out
    assert _call(["1D", "1H", "2D", "P", "P"], "83.AKQ95.2.QT652") == "3C"
    first = BIDDER.explain(Auction(Seat.N, ["1D", "1H", "2D", "P", "P"]), "3C").meanings[0]
    assert first.label == "second five-card suit"
    assert (first.lengths[Suit.H], first.lengths[Suit.C]) == ((5, 13), (5, 13))


def test_opener_bids_a_second_suit_when_advancer_raises_the_overcall() -> None:
    # 1H (1S) P (2S): seventeen HCP and five diamonds compete at the three level
    assert _call(["1H", "1S", "P", "2S"], "Q.AQ532.AQ763.J5") == "3D"


def test_opener_rebids_a_six_card_suit_when_advancer_raises_the_overcall() -> None:
    # 1S (2H) P (3H): six spades and an opening bid do not sell out to 3H
    assert _call(["1S", "2H", "P", "3H"], "JT9874.KQ.K762.A") == "3S"


def test_opener_passes_a_minimum_without_a_long_suit_when_advancer_raises_the_overcall() -> None:
    assert _call(["1S", "2H", "P", "3H"], "AQ854.K3.Q92.J85") == "Pass"


def test_the_two_level_overcaller_bids_3nt_over_the_raise_with_16_hcp_and_their_suit_stopped() -> None:
    # 1D (2C) P (3C) P: sixteen HCP and Q-T-x-x of diamonds opposite 8-12
    assert _call(["1D", "2C", "P", "3C", "P"], "AT.K4.QT86.AQJ83") == "3NT"


def test_the_two_level_overcaller_passes_the_raise_with_14_hcp_and_their_suit_stopped() -> None:
    # fourteen HCP: 3NT made none of three times on the tuning sets (the twenty-ninth pass)
    assert _call(["1D", "2C", "P", "3C", "P"], "KT.Q4.QT86.AQJ83") == "Pass"


def test_the_two_level_overcaller_passes_the_raise_with_a_minimum() -> None:
    assert _call(["1D", "2C", "P", "3C", "P"], "83.K4.Q86.AQJ983") == "Pass"


def test_a_strong_hand_doubles_a_weak_two_when_no_overcall_or_notrump_fits() -> None:
    # (2D): nineteen HCP, three diamonds and a five-card suit too strong for an 11-17 overcall
    assert _call(["2D"], "A9542.Q3.AK7.AK3") == "X"
    assert "strong double" in [m.label for m in BIDDER.explain(Auction(Seat.N, ["2D"]), "X").meanings]


def test_a_strong_hand_doubles_a_three_level_preempt_without_a_stopper() -> None:
    # (3H): nineteen HCP and three small hearts: no 3NT, too strong to pass
    assert _call(["3H"], "AK4.432.AKJ5.KQ2") == "X"


def test_responder_rebids_a_six_card_suit_when_they_raise_the_overcall_and_opener_passes() -> None:
    # 1C (1S) 2D (2S) P (P): six diamonds compete at the three level rather than sell out to 2S
    assert _call(["1C", "1S", "2D", "2S", "P", "P"], "Q4.K82.KQJ984.73") == "3D"


def test_responder_shows_a_second_five_card_suit_when_they_raise_the_overcall_and_opener_passes() -> None:
    assert _call(["1C", "1S", "2H", "2S", "P", "P"], ".AJT97.KJT83.J63") == "3D"


def test_responder_passes_a_five_card_suit_when_they_raise_the_overcall_and_opener_passes() -> None:
    assert _call(["1C", "1S", "2H", "2S", "P", "P"], "Q4.KJ872.K93.J73") == "Pass"


def test_the_pass_out_seat_balances_when_they_stop_in_two_of_responders_suit() -> None:
    # 1D P 1H P 2H P P: they have found a fit and stopped; five spades and nine HCP compete
    assert _call(["1D", "P", "1H", "P", "2H", "P", "P"], "KQJ85.72.K93.T84") == "2S"


def test_opener_rebids_a_six_card_suit_rather_than_reopen_with_a_double() -> None:
    # 1S (2H) P P: six spades and two hearts; the suit first, where a double would let partner bid clubs
    assert _call(["1S", "2H", "P", "P"], "AJT862.AQ.QT62.Q") == "2S"


def test_the_advancer_bids_3nt_over_a_balancing_double_of_a_preempt_with_nine_hcp_and_a_stopper() -> None:
    # 3S P P X P: the double shows 11+ HCP; nine HCP and Q-T-x of spades make game
    assert _call(["3S", "P", "P", "X", "P"], "QT4.Q83.Q2.A9632") == "3NT"


def test_a_strong_hand_without_shortness_doubles_a_weak_two_rather_than_pass() -> None:
    # 2S: 22 HCP and three spades, no notrump range, too strong to overcall: double, then bid again
    assert _call(["2S"], "AK9.AKQJT.QJ.QT9") == "X"


def test_a_strong_hand_with_a_long_suit_doubles_a_three_level_preempt_rather_than_pass() -> None:
    # 3H: 18 HCP, six diamonds and only two clubs, too strong to overcall 4D
    assert _call(["3H"], "AJT9.J.AKQT42.K2") == "X"


def test_the_takeout_double_of_a_three_level_minor_preempt_needs_both_majors_not_the_other_minor() -> None:
    # 3C: four spades, five hearts, a doubleton diamond and 13 HCP: double for the majors
    assert _call(["3C"], "AQ98.KQ873.82.K4") == "X"


def test_a_good_five_card_major_overcalls_a_three_level_preempt_with_15_to_17_rather_than_3nt() -> None:
    # 3H: five spades and 16 HCP; "add three points" to the weak two's overcall, so 3S, not 3NT on AJx
    assert _call(["3H"], "K9872.AJ4.AQ.Q97") == "3S"


def test_the_strong_doubler_bids_his_five_card_suit_when_they_raise_and_partner_passes() -> None:
    # 1S X 2S P P: 20 HCP and five hearts, strength the double has not yet shown; 3H rather than defend
    assert _call(["1S", "X", "2S", "P", "P"], "AK93.AQ964.AQ.J6") == "3H"


def test_the_strong_doubler_bids_a_five_card_major_at_the_four_level_over_a_three_level_raise() -> None:
    # 1S X 3S P P: 17 HCP and five hearts; 4H is game
    assert _call(["1S", "X", "3S", "P", "P"], "KT9.AQ542.J.AKT2") == "4H"


def test_the_strong_doubler_needs_six_cards_to_bid_a_minor_at_the_four_level() -> None:
    # 2H X 3H P P: five clubs and 20 HCP; four of a minor goes past 3NT and is no game, so not 4C: short
    # in their suit the doubler doubles again
    assert _call(["2H", "X", "3H", "P", "P"], "T6.Q8.AKQ7.AKQ52") == "X"


def test_the_strong_doubler_doubles_their_jump_raise_again_and_advancer_bids_a_four_card_major() -> None:
    # 1H X 4H P P: 22 HCP, two hearts; advancer with four spades and 8 HCP takes it out
    assert _call(["1H", "X", "4H", "P", "P"], "AK75.Q8.AQT9.AK4") == "X"
    assert _call(["1H", "X", "4H", "P", "P", "X", "P"], "KJ63.7.Q872.Q983") == "4S"
    assert _call(["1H", "X", "4H", "P", "P", "X", "P"], "J632.6.J87.Q9832") == "Pass"


def test_the_advancer_who_passed_their_raise_passes_the_strong_doublers_minor() -> None:
    # 1S X 2S P P 3C P: four HCP, the pass of 2S already said so; no 3NT on the doubler's strength
    assert _call(["1S", "X", "2S", "P", "P", "3C", "P"], "JT975.63.T95.K94") == "Pass"


def test_the_advancer_raises_the_strong_doublers_major_to_game_with_three_trumps_and_some_values() -> None:
    # 1D X 2D P P 2H P: three hearts and seven HCP opposite 17+ and five hearts
    assert _call(["1D", "X", "2D", "P", "P", "2H", "P"], "Q84.J53.8642.K97") == "4H"


def test_the_advancer_of_a_balancing_overcall_of_a_weak_two_bids_a_six_card_suit_with_ten_hcp() -> None:
    # 2H P P 2S P: six diamonds and ten HCP, a singleton spade; 3D, where a pass left 2S to play
    assert _call(["2H", "P", "P", "2S", "P"], "9.AQ984.KJT965.T") == "3D"


def test_opener_rebids_3nt_with_18_19_balanced_and_their_suit_stopped_after_a_negative_double() -> None:
    # 1D (2H) X: a balanced 18 with A-K-Q-x of hearts plays 3NT, not three diamonds
    assert _call(["1D", "2H", "X", "P"], "53.AKQ5.AJ65.A62") == "3NT"


def test_opener_with_a_minimum_does_not_jump_to_3nt_after_a_negative_double() -> None:
    # 1D (2H) X: the same shape with 12 HCP rebids three diamonds
    assert _call(["1D", "2H", "X", "P"], "53.AKQ5.QJ65.J62") == "3D"


def test_the_total_trump_count_competes_to_four_of_a_minor_only_at_favourable_vulnerability() -> None:
    # 1H (3D) X (P) 3H (P) P: five diamonds opposite the preempt's six make eleven trumps, but four
    # diamonds over 3H is not game: pass at equal vulnerability, compete when only they are vulnerable
    auction = Auction(Seat.N, "1H 3D X P 3H P P".split())
    hand = Hand.from_pbn("6.K987.KT875.QJ3")
    assert str(BIDDER.call(auction, hand, "None")) == "Pass"
    assert str(BIDDER.call(auction, hand, "NS")) == "4D"
    assert BIDDER.explain(auction, "4D", "NS").allows(hand)


def test_the_takeout_doubler_never_bids_four_of_a_minor_after_a_jump_advance_to_two_of_it() -> None:
    # 1C X P 2D (9-11, four diamonds): four diamonds is no game and bypasses 3NT, so strong hands with a
    # diamond fit raise to three, bid 3NT with clubs stopped, or bid the game in diamonds
    for auction in (["1C", "X", "P", "2D", "P"], ["1C", "P", "P", "X", "P", "2D", "P"]):
        for hand in ("AQ32.KJ32.AQ32.2", "A32.KQ3.AKJ32.32", "A32.KQ3.AKJ32.K2", "AK32.AK32.KQ32.2",
                     "AQ2.KJ2.AQJ32.32"):
            assert _call(auction, hand) != "4D"


def test_the_doubler_answers_advancers_cue_bid_by_describing_his_hand() -> None:
    # 1H P P X P 2H P: the cue bid forces and asks; a four-card major, else notrump with hearts stopped,
    # else the longest unbid suit, each explained by what it shows (not the fallback's game-forcing new suit)
    cue = ["1H", "P", "P", "X", "P", "2H", "P"]
    assert _call(cue, "AQ32.32.KQ32.K32") == "2S"
    assert _call(cue, "Q32.AJ2.KQ32.K32") == "2NT"
    assert _call(cue, "Q32.32.KQ3.AK432") == "3C"
    assert _call(["1C", "X", "P", "2C", "P"], "K32.AQ32.KJ32.32") == "2H"
    labels = [m.label for m in BIDDER.explain(Auction(Seat.N, cue), "2S").meanings]
    assert labels[0] == "four-card major" and "new suit, looking for the best game" not in labels


def test_the_overcallers_reopening_calls_are_not_given_to_the_advancer_who_passed() -> None:
    # 1C (1D) 1S (P) 2S (P) P: the seventh call's maker is the advancer, who passed 1S; the overcaller's
    # reopening double (15+ HCP) and six-card rebid of his suit belong to 1C (1D) 1S (P) 1NT (P) 2S (P) P
    auction = Auction(Seat.N, "1C 1D 1S P 2S P P".split())
    said = [str(BIDDER.explain(auction, call)) for call in ("X", "3D")]
    assert not any("short in their suit" in words or "six-card suit" in words for words in said), said
    reopening = BIDDER.explain(Auction(Seat.N, "1C 1D 1S P 1N P 2S P P".split()), "X")
    assert "takeout, 15+ HCP, short in their suit" in str(reopening)


def test_the_advancer_doubles_their_raised_weak_two_with_the_balance_of_power() -> None:
    # 2D X 3D: partner's takeout double (12+) and twelve HCP, balanced, make 24 together; their nine
    # diamonds compete on shape, and 3D goes down where we have a game: double them rather than sell out
    auction = Auction(Seat.N, ["2D", "X", "3D"])
    assert _call(["2D", "X", "3D"], "KJ4.Q65.QT9.A843") == "X"
    assert "penalty double, the balance of power" in [m.label for m in BIDDER.explain(auction, "X").meanings]


def test_responder_converts_openers_reopening_double_with_five_trumps_only_holding_a_stopper() -> None:
    # 1D 1S P P X P: five small spades and a 3-count take no trick in them; with Qxxxx he defends
    assert _call(["1D", "1S", "P", "P", "X", "P"], "98732.532.J2.Q64") != "Pass"
    assert _call(["1D", "1S", "P", "P", "X", "P"], "Q9732.532.J2.Q64") == "Pass"


def test_responder_converts_openers_reopening_double_with_four_trumps_and_values() -> None:
    # 1D 1S P P X P: responder's pass of 1S was a trap; K2 of diamonds is no reason to run to 2C
    auction = Auction(Seat.N, ["1D", "1S", "P", "P", "X", "P"])
    assert _call(["1D", "1S", "P", "P", "X", "P"], "9832.532.K2.AJ64") == "Pass"
    assert "penalty pass, four trumps" in [m.label for m in BIDDER.explain(auction, "Pass").meanings]


def test_opener_doubles_their_raise_to_three_with_extra_values_and_shortness() -> None:
    # 1C 2S P 3S: fifteen HCP and a singleton spade; responder's pass may hide 9 HCP, and passing sold
    # out to 3S going down where our side had a game: a competitive (takeout) double
    auction = Auction(Seat.N, ["1C", "2S", "P", "3S"])
    assert _call(["1C", "2S", "P", "3S"], "4.KQ7.KT52.AK875") == "X"
    label = BIDDER.explain(auction, "X").meanings[0].label
    assert label == "competitive double of their raise to three, short in it"
    assert _call(["1C", "2S", "P", "3S"], "4.KQ7.KT52.KJ875") == "Pass"


def test_responder_answers_openers_competitive_double_or_passes_it_with_a_trump_stack() -> None:
    calls = ["1C", "2S", "P", "3S", "X", "P"]
    assert _call(calls, "J73.J63.AJ987.Q9") == "4D"
    assert _call(calls, "QJ73.J63.A987.Q9") == "Pass"
    assert "penalty pass" in [m.label for m in BIDDER.explain(Auction(Seat.N, calls), "Pass").meanings]


def test_the_negative_doubler_bids_game_in_a_six_card_major_when_opener_passes_their_raise() -> None:
    # 1D 2S X 3S P P: seven hearts to the AKQ and 12 HCP; passing sold out to 3S going down where 4H made
    assert _call(["1D", "2S", "X", "3S", "P", "P"], ".AKQT986.K8.8642") == "4H"
    assert _call(["1D", "2S", "X", "3S", "P", "P"], ".QT9876.K8.86432") == "Pass"


def test_the_strong_doubler_bids_game_in_his_six_card_major_over_the_forced_advance() -> None:
    # 2H P 3H X P 4C: 19 HCP and six spades; advancer was made to bid, but the major game is there
    assert _call(["2H", "P", "3H", "X", "P", "4C", "P"], "AKQT84.A.K84.K32") == "4S"


def test_the_strong_doubler_raises_the_forced_minor_advance_to_game_with_four_trumps() -> None:
    # 2S P 3S X P 4D: 20 HCP and four diamonds; eight trumps and the values for game
    assert _call(["2S", "P", "3S", "X", "P", "4D", "P"], "AK2.AQ3.KQ84.Q32") == "5D"


def test_the_strong_doubler_bids_3nt_over_the_forced_advance_with_their_suit_stopped() -> None:
    # 2D P 3D X P 3S: 20 HCP, three spades only and diamonds stopped
    assert _call(["2D", "P", "3D", "X", "P", "3S", "P"], "AQ2.KQ3.AJ4.KJ32") == "3NT"


def test_the_direct_seat_doubles_their_single_raise_with_eighteen_hcp_and_no_takeout_shape() -> None:
    # 1D P 2D: eighteen HCP with two hearts (no takeout double, too strong to overcall) do not pass
    assert _call(["1D", "P", "2D"], "AQ984.KQ.J4.AQT7") == "X"
    assert BIDDER.explain(Auction(Seat.N, ["1D", "P", "2D"]), "X").meanings[-1].label == "strong double"


def test_the_pass_out_seat_doubles_their_major_fit_at_two_with_three_of_their_suit_and_an_opening() -> None:
    # 1H P 2H P P: thirteen HCP with three hearts balance with a double; nine HCP with three pass
    assert _call(["1H", "P", "2H", "P", "P"], "KJT.QJ8.K987.KT2") == "X"
    assert _call(["1H", "P", "2H", "P", "P"], "KJT.Q82.K987.T82") == "Pass"
    # their minor fit is not balanced with three of their suit
    assert _call(["1D", "P", "2D", "P", "P"], "KJT.K987.QJ8.KT2") == "Pass"


def test_the_direct_seat_overcalls_their_one_notrump_response_with_a_five_card_suit_and_an_opening() -> None:
    # 1D P 1NT: responder's 6-10 leaves the points split; thirteen HCP and five hearts bid 2H
    assert _call(["1D", "P", "1NT"], "83.KQJ94.AT92.K5") == "2H"
    explanation = BIDDER.explain(Auction(Seat.N, ["1D", "P", "1NT"]), "2H")
    assert explanation.meanings[0].label == "overcall" and explanation.meanings[0].hcp == (13, 17)


def test_opener_competes_over_the_overcall_of_partners_one_notrump_response_with_shape() -> None:
    # 1S P 1NT 2C: six spades and five hearts show the hearts; a six-card suit alone rebids it
    assert _call(["1S", "P", "1NT", "2C"], "AQ9754.KJ654..QT") == "2H"
    assert _call(["1S", "P", "1NT", "2C"], "AQJ975.K64.Q5.J4") == "2S"


def test_a_rule_condition_sees_the_suit_its_call_binds() -> None:
    # `where` is asked for each suit the call's variable z may take: here only a suit bid at two
    two_level = rule("1x P 1N ?y", "cz", "new suit", where=lambda s, b: s.cheapest_level(b["z"].strain) == 2)
    calls = [str(call) for call, _ in two_level.candidates(_situation("1S P 1NT 2D"))]
    assert sorted(calls) == ["2H"]


def test_opener_shows_a_second_suit_over_their_three_level_overcall_of_one_notrump_still_at_three() -> None:
    # 1S P 1NT 3C: hearts are still at the three level, though clubs are not; 1H P 1NT 3D: clubs would
    # be at four, so the five-card club suit passes
    assert _call(["1S", "P", "1NT", "3C"], "AKJ54.KQ964.5.32") == "3H"
    assert _call(["1H", "P", "1NT", "3D"], "A2.KQ964.5.KJ954") == "Pass"


def test_the_advancer_of_a_two_level_overcall_bids_a_five_card_suit_at_two_with_eight_hcp() -> None:
    # 1S 2D P (20261201 b476): Q32.AK863.52.975 passed and 4H was missed; 2H now competes
    assert _call(["1S", "2D", "P"], "Q32.AK863.52.975") == "2H"
    explanation = BIDDER.explain(Auction(Seat.N, ["1S", "2D", "P"]), "2H")
    assert "new suit at the two level" in [m.label for m in explanation.meanings]
    # at the three level (3C over 2D) the light suit passes
    assert _call(["1S", "2D", "P"], "432.Q2.52.AK8653") == "Pass"


def test_the_advancer_of_a_takeout_double_competes_in_a_six_card_major_over_their_raise() -> None:
    # 2H X 3H with QJT982.4.Q64.QJ4 (8 HCP): 3S, which the 21-HCP doubler raises to the making game
    assert _call(["2H", "X", "3H"], "QJT982.4.Q64.QJ4") == "3S"
    assert _call(["2H", "X", "3H", "3S", "P"], "K65.AKJ.K32.AK65") == "4S"


def test_the_overcaller_of_their_one_notrump_response_competes_again_with_a_seven_card_suit() -> None:
    # 1S P 1NT 2D 2S P P (227 b778): seven diamonds bid 3D rather than sell out; a bare five-card
    # overcall with seven losers passes
    assert _call(["1S", "P", "1NT", "2D", "2S", "P", "P"], "97..AKQJ632.K432") == "3D"
    explanation = BIDDER.explain(Auction(Seat.N, ["1S", "P", "1NT", "2D", "2S", "P", "P"]), "3D")
    assert explanation.meanings[0].label == "seven-card suit"
    assert _call(["1S", "P", "1NT", "2D", "2S", "P", "P"], "97.K5.AQJ63.K432") == "Pass"


def test_the_negative_doubler_raises_a_six_card_major_rebid_at_three_to_game_with_two_trumps() -> None:
    # 1H 3C X P 3H P (7 b51): the double promised 8+; two trumps opposite six make eight, and game
    assert _call(["1H", "3C", "X", "P", "3H", "P"], "KJ9754.62.72.A62") == "4H"
    explanation = BIDDER.explain(Auction(Seat.N, ["1H", "3C", "X", "P", "3H", "P"]), "4H")
    assert "to play, two trumps opposite six at the three level" in [m.label for m in explanation.meanings]
    # a singleton trump still passes
    assert _call(["1H", "3C", "X", "P", "3H", "P"], "KJ9754.6.732.A62") == "Pass"


def test_the_seat_over_their_raise_to_game_bids_a_six_card_major_with_few_losers() -> None:
    # 2H P 4H (20261201 b128): AKT543 of spades with six losers bids 4S; 2S P 4S (20261201 b978): eight
    # hearts with four losers bid 5H; a six-card major with eight losers still passes
    assert _call(["2H", "P", "4H"], "AKT543..K976.J86") == "4S"
    explanation = BIDDER.explain(Auction(Seat.N, ["2H", "P", "4H"]), "4S")
    assert explanation.meanings[0].label == "own six-card major"
    assert _call(["2S", "P", "4S"], "Q.KQJT9876.A765.") == "5H"
    assert _call(["2H", "P", "4H"], "QT8543.K2.Q76.J8") == "Pass"


def _labels(calls: list[str], call: str) -> list[str]:
    return [m.label for m in BIDDER.explain(Auction(Seat.N, calls), call).meanings]


def test_the_seat_over_a_raise_of_the_strong_2c_does_not_take_it_for_their_raise_to_game() -> None:
    # 2C P 4C: 2C names no suit, so 4C raises nothing; AKT543..K976.J86 bid 4S ("own six-card major")
    assert _call(["2C", "P", "4C"], "AKT543..K976.J86") != "4S"
    assert "own six-card major" not in _labels(["2C", "P", "4C"], "4S")
    # nor does a passed hand, which did not open its six-card major
    assert "own six-card major" not in _labels(["P", "2H", "P", "4H"], "4S")


def test_the_advancer_does_not_take_a_raise_of_the_strong_2c_for_their_raise_to_three() -> None:
    # 2C X 3C: 2C names no suit, so 3C is no raise to compete over
    label = "competes over their raise to three, a six-card major"
    assert label not in _labels(["2C", "X", "3C"], "3H")
    assert label in _labels(["2D", "X", "3D"], "3H")


def test_the_pass_out_double_of_their_raise_to_three_is_answered_only_over_a_raise_to_three() -> None:
    # 1D 2C 3D P P X P: advancer's penalty pass, longest unbid suit, preference; over a raise to two the
    # overcaller's double has no agreed meaning, and the answers are not read into it
    at_three = BIDDER.explain(Auction(Seat.N, "1D 2C 3D P P X P".split()), "3S").meanings
    at_two = BIDDER.explain(Auction(Seat.N, "1D 2C 2D P P X P".split()), "2S").meanings
    assert "advance" in [m.label for m in at_three]
    assert "advance" not in [m.label for m in at_two]


def test_the_advancers_cue_bid_without_a_fit_shows_their_suit_unstopped() -> None:
    # 1C 1S P 2C: with a club stopper the no-fit hand bids notrump (2NT or 3NT), so the cue denies one
    explanation = BIDDER.explain(Auction(Seat.N, "1C 1S P".split()), "2C")
    no_fit = next(m for m in explanation.meanings if m.label == "cue bid, game values without a fit")
    assert no_fit.unstopped == (Suit.C,)
    assert not no_fit.allows(HandFacts.of(Hand.from_pbn("K4.KQ53.KJ2.A643")))
    assert no_fit.allows(HandFacts.of(Hand.from_pbn("K4.KQ53.KJ2.8643")))


def test_advancers_double_of_their_raise_over_the_overcall_is_responsive_not_penalty() -> None:
    # 1H (1S) 2H: the double shows the unbid minors, for takeout
    assert _labels(["1H", "1S", "2H"], "X") == ["responsive double"]
    assert _call(["1H", "1S", "2H"], "2.873.KJ43.AQ842") == "X"


def test_the_overcaller_answers_the_responsive_double_in_his_longer_unbid_suit() -> None:
    assert _call(["1H", "1S", "2H", "X", "P"], "AKJ54.64.Q3.K543") == "3C"


def test_the_jump_raise_of_the_overcall_over_their_raise_is_no_invitation() -> None:
    # the cue bid (3H) is the limit raise or better; SAYC's preemptive jump is not played (docs/bidding.md)
    assert "invitational raise" not in _labels(["1H", "1S", "2H"], "3S")
    assert _labels(["1H", "1S", "2H"], "3H") == ["cue bid, limit raise or better"]


def _trump_count_bids(calls: str, call: str) -> list[Meaning]:
    """The fallback's competitive bids on the trump count among the meanings of ``call`` after ``calls``."""
    explanation = BIDDER.explain(Auction(Seat.N, calls.split()), call)
    return [m for m in explanation.meanings if m.label == COMPETES]


def test_the_trump_count_bid_is_told_with_the_hcp_short_of_the_calls_tried_before_it() -> None:
    # 1C P 1S (2D) 2S: advancer's 3D holds what did not make a game or a stronger call; one HCP more
    # with the same shape makes one of those
    told = _trump_count_bids("1C P 1S 2D 2S", "3D")
    assert len(told) == 1 and told[0].hcp[1] < MAX_HCP
    top = told[0].hcp[1]
    assert HandFacts.of(Hand.from_pbn("A32.KQ2.KJ32.432")).hcp == top
    assert _call(["1C", "P", "1S", "2D", "2S"], "A32.KQ2.KJ32.432") == "3D"
    assert _call(["1C", "P", "1S", "2D", "2S"], "A32.KQ2.KJ32.J32") != "3D"


def test_the_raise_over_an_overcall_is_not_told_as_a_trump_count_bid_no_hand_makes() -> None:
    # 1D (1S) 2D: a hand with five diamonds raises with 6-10, doubles with 10+ and passes with less
    explanation = BIDDER.explain(Auction(Seat.N, ["1D", "1S"]), "2D")
    assert COMPETES not in explanation.text
    assert _call(["1D", "1S"], "83.842.QJ872.Q54") == "Pass"


def test_the_trump_count_bid_is_read_with_the_hcp_its_hands_can_hold() -> None:
    # partner's raise in competition is read as told, capped by the calls tried before it (not 5+)
    told = _trump_count_bids("1C P 1S 2D 2S", "3D")
    assert BIDDER.explain(Auction(Seat.N, "1C P 1S 2D 2S".split()), "3D").hcp_range() == told[0].hcp
    assert BIDDER.explain(Auction(Seat.N, "P P 1D 1H 2D".split()), "2H").hcp_range()[1] < MAX_HCP


def test_a_competitive_raise_is_played_for_more_than_its_middle_in_the_games() -> None:
    # P P 1D (1H) 2D (2H) P: advancer's 5-10 played for 9, so 14 HCP with a singleton ace bid the game
    assert competitive_raise_played_for(5, 10) == 9
    assert _call(["P", "P", "1D", "1H", "2D", "2H", "P"], "KJ96.AQT63.A.943") == "4H"


def test_a_competitive_raise_is_played_for_less_than_its_top() -> None:
    assert competitive_raise_played_for(5, 6) == 5


def test_openers_competitive_bid_is_played_for_what_his_opening_showed() -> None:
    # 1C (1H) 2C (2H) 3C (P): the bid counts trumps; opener is played for his opening's 11-21 as 14
    for calls in ("1C 1H 2C 2H 3C P", "1C 1H 2C 2H 3C 3H P 4H P P"):  # his pass after it too
        partner = PartnerView(_situation(calls))
        assert partner.hcp_hi < 21 and partner.expected == 14


def test_a_seven_card_suit_is_bid_again_over_their_bid_when_partner_has_bid() -> None:
    # 1D P 1H (1S) P P: opener's pass left the one-level overcall to play; seven hearts say more (17 b485)
    assert _call(["1D", "P", "1H", "1S", "P", "P"], "QT.KQJ9853.82.72") == "2H"


def test_a_six_card_suit_is_bid_again_over_their_bid_only_with_six_losers_at_most() -> None:
    assert _call(["1D", "P", "1H", "1S", "P", "P"], "QT.KQJ985.A32.72") == "Pass"
    assert _call(["1D", "P", "1H", "1S", "P", "P"], "2.KQJ985.9.98732") == "2H"


def test_a_long_suit_is_not_bid_again_when_partner_has_said_nothing() -> None:
    # 1C X P 1S: partner passed the double; the points are theirs and opener's seven clubs wait
    assert _call(["1C", "X", "P", "1S"], "2.K32.A2.AQJ9865") == "Pass"
