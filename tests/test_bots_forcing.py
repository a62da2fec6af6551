"""Forcing calls as partner reads them: where the fallback's forced bid of a call sits beside a meaning
that forces to game, partner reads the game force (a hand that fits it never makes the forced bid) and
does not pass; a one-round force beside it may still be passed; a relay responder may pass is not forcing."""

from __future__ import annotations

from dataclasses import replace

from bridgetools.bots import Bidder
from bridgetools.bots.fallback import PartnerView
from bridgetools.bots.meaning import Explanation, Force, Meaning
from bridgetools.bots.rules import PASSED_HAND, PASSED_HAND_MOST, Situation, table_hcp_range
from bridgetools.model import PASS, Hand, Seat, Suit
from bridgetools.rules import Auction

BIDDER = Bidder()


def test_a_game_forcing_new_suit_stays_forcing_beside_the_fallbacks_forced_bid() -> None:
    # P 1C (1H) 2D P 2S: opener's new suit is the search for game (25+ together) or, read the other way,
    # his longest suit bid only because 2D forced him
    explanation = BIDDER.explain(Auction(Seat.N, ["P", "1C", "1H", "2D", "P"]), "2S")
    assert any(m.force == Force.FORCED for m in explanation.meanings)
    assert explanation.forcing


def test_partner_does_not_pass_opener_s_game_forcing_new_suit() -> None:
    auction = Auction(Seat.N, ["P", "1C", "1H", "2D", "P", "2S", "P"])
    assert BIDDER.call(auction, Hand.from_pbn("Q4.852.AQJ97.J54")) is not PASS


def test_a_one_round_force_beside_the_fallbacks_forced_bid_may_be_passed() -> None:
    # only a game force outweighs the forced reading: a new suit forcing one round, or a hand made to
    # bid its longest suit, may be dropped by a partner with nothing more to say
    forced = Meaning("longest suit", force=Force.FORCED)
    new_suit = Meaning("new suit", force=Force.FORCING)
    assert not Explanation("2H", (new_suit, forced)).forcing
    assert Explanation("2H", (replace(new_suit, force=Force.GAME_FORCING), forced)).forcing


def test_the_completed_minor_suit_transfer_is_not_forcing() -> None:
    # 1NT P 2S P 3C: opener's relay is passed by a responder with clubs, so it does not force him
    auction = Auction(Seat.N, ["1NT", "P", "2S", "P"])
    assert not BIDDER.explain(auction, "3C").forcing
    assert BIDDER.call(Auction(Seat.N, ["1NT", "P", "2S", "P", "3C", "P"]),
                       Hand.from_pbn("84.73.952.QJ8643")) is PASS


def test_a_forced_bid_does_not_widen_a_tables_call_after_a_game_forcing_positive() -> None:
    # 2C P 3C P: the positive forces to game (read past the forced bid of 3C), and opener's 4C raise
    # still shows three clubs (eight trumps with the positive's five): a hand made to bid takes no call a
    # table gives a meaning
    assert BIDDER.explain(Auction(Seat.N, ["2C", "P"]), "3C").forcing
    raise_ = BIDDER.explain(Auction(Seat.N, ["2C", "P", "3C", "P"]), "4C")
    assert all(m.force != Force.FORCED for m in raise_.meanings)
    assert raise_.min_length(Suit.C) >= 3


def test_an_artificial_stayman_reply_shows_only_what_the_convention_says() -> None:
    # 1NT P 2C P 2D: no four-card major, nothing more; the fallback's forced 'longest suit' is not beside it
    reply = BIDDER.explain(Auction(Seat.N, ["1N", "P", "2C", "P"]), "2D")
    assert [m.label for m in reply.meanings] == ["Stayman reply"]
    assert all(m.force != Force.FORCED for m in reply.meanings)


def test_a_fallback_meaning_the_bidders_own_calls_rule_out_is_not_listed() -> None:
    # 2C P 2D P 2NT: the 2C opener (22+) shows 22-24 balanced, not the fallback's invitational 19-20
    rebid = BIDDER.explain(Auction(Seat.N, ["2C", "P", "2D", "P"]), "2N")
    assert rebid.hcp_range() == (22, 24)
    assert "invitational" not in rebid.text


def test_a_fallback_meaning_no_hand_can_hold_is_not_listed() -> None:
    # 2H P 2NT: the fallback's 'balanced, at most 1 heart' fits no thirteen cards
    response = BIDDER.explain(Auction(Seat.N, ["2H", "P"]), "2N")
    assert "at most 1 heart" not in response.text
    assert all(m.constraint().possible for m in response.meanings)


def test_two_notrump_over_a_weak_two_asks_for_a_feature_and_opener_does_not_pass_it() -> None:
    # 2H P 2NT is SAYC's forcing feature ask: a maximum shows an outside ace or king, a minimum rebids 3H
    ask = BIDDER.explain(Auction(Seat.N, ["2H", "P"]), "2N")
    assert ask.forcing and ask.convention == "feature ask"
    auction = Auction(Seat.N, ["2H", "P", "2N", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("32.KQJ982.A32.32"))) == "3D"
    assert str(BIDDER.call(auction, Hand.from_pbn("32.KQJ982.432.32"))) == "3H"
    feature = BIDDER.explain(auction, "3D")
    assert feature.hcp_range() == (9, 10) and all(m.artificial for m in feature.meanings)


def test_a_queen_is_no_feature_so_the_maximum_without_an_outside_ace_or_king_bids_three_notrump() -> None:
    # SAYC's feature is an outside ace or king: Q-J-x of diamonds is a stopper, not a feature
    auction = Auction(Seat.N, ["2H", "P", "2N", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("32.AKT982.QJ2.32"))) == "3NT"
    assert str(BIDDER.call(auction, Hand.from_pbn("32.QJT982.AK2.32"))) == "3D"
    assert "ace or king of diamonds" in BIDDER.explain(auction, "3D").text


def test_the_weak_jump_overcaller_answers_advancer_s_forcing_new_suit() -> None:
    # 1D (2H) P (2S): advancer's new suit over a weak jump overcall forces one round; the overcaller
    # raises with three cards, bids notrump with a maximum and their suit stopped, else rebids his suit
    auction = Auction(Seat.N, ["1D", "2H", "P", "2S", "P"])
    assert BIDDER.explain(Auction(Seat.N, ["1D", "2H", "P"]), "2S").forcing
    assert str(BIDDER.call(auction, Hand.from_pbn("AJ7.AJT986.654.3"))) == "3S"
    assert str(BIDDER.call(auction, Hand.from_pbn("3.KQJ986.A54.654"))) == "2NT"
    assert str(BIDDER.call(auction, Hand.from_pbn("3.KQT986.654.J54"))) == "3H"


def test_opener_rebids_his_six_card_suit_over_their_bid_only_after_an_unpassed_partner_s_new_suit() -> None:
    # 1C (1H) 2D (2H): the forcing new suit asks opener for a call, and the six clubs say the most; a
    # passed hand's 2D (P P 1C (1H) 2D (2H)) forces nothing, so nothing makes opener bid again (a seventh
    # club, or six with six losers, would compete of its own accord: test_bots_compete.py)
    hand = Hand.from_pbn("AJ.K52.32.QJT873")
    assert str(BIDDER.call(Auction(Seat.N, ["1C", "1H", "2D", "2H"]), hand)) == "3C"
    assert BIDDER.call(Auction(Seat.N, ["P", "P", "1C", "1H", "2D", "2H"]), hand) is PASS


def test_a_passed_hand_s_new_suit_is_not_forcing_and_says_it_holds_at_most_eleven_hcp() -> None:
    # P P 1C P 1H: responder passed before the opening, so he holds no 12-count and his new suit may be
    # passed; the same 1H from a hand that has not passed (P 1C P 1H, West) forces opener to bid again
    passed = BIDDER.explain(Auction(Seat.N, ["P", "P", "1C", "P"]), "1H")
    assert not passed.forcing and PASSED_HAND in str(passed) and passed.hcp_range() == (6, 11)
    assert BIDDER.explain(Auction(Seat.N, ["P", "1C", "P"]), "1H").forcing


def test_a_passed_hand_s_new_suit_drops_the_strong_alternatives_it_cannot_hold() -> None:
    # P P 1C P 1D: the table's "a strong hand, can be short: 19+" and "game values: 13-18" are not a
    # passed hand's; what is left says 6-11 in every alternative
    passed = BIDDER.explain(Auction(Seat.N, ["P", "P", "1C", "P"]), "1D")
    assert passed.meanings and all(m.hcp[1] <= PASSED_HAND_MOST for m in passed.meanings)
    assert "strong" not in str(passed) and "game" not in str(passed)


def test_a_passed_hand_s_free_bid_at_the_one_level_forces_nothing() -> None:
    assert not BIDDER.explain(Auction(Seat.N, ["P", "P", "1D", "1H"]), "1S").forcing


def test_opener_s_game_and_slam_decisions_read_a_passed_hand_s_new_suit_as_the_table_does() -> None:
    # opener's game and slam decisions were tuned on "6+" (6-21 inside the first-seat pass): capped at 11
    # they stopped short of slams that made, so they read the table's range, not the explanation's
    unpassed = BIDDER.explain(Auction(Seat.N, ["P", "1C", "P"]), "1H")
    passed = BIDDER.explain(Auction(Seat.N, ["P", "P", "1C", "P"]), "1H")
    assert table_hcp_range(passed) == unpassed.hcp_range() != passed.hcp_range()
    auction = Auction(Seat.N, ["P", "P", "1C", "P", "1H", "P"])
    sit = Situation(auction, lambda made: BIDDER.explain(Auction(Seat.N, made[:-1]), made[-1]))
    assert PartnerView(sit).hcp_hi > PASSED_HAND_MOST


def test_blackwood_opposite_a_passed_hand_says_what_the_passed_hand_is_played_for() -> None:
    # P P 1D P 1S P 4NT: "partnership 32+" on 22 points opposite a hand of at most 11 says he is played
    # for 10, as the slam tries read his new suit
    blackwood = BIDDER.explain(Auction(Seat.N, ["P", "P", "1D", "P", "1S", "P"]), "4NT")
    assert "partner, a passed hand, played for 10 HCP" in str(blackwood)


def test_a_passed_hand_s_answer_to_the_strong_two_clubs_keeps_its_meaning() -> None:
    # P P 2C P 3D: partner's 2C forced the answer, so it says what the table says (a positive, forcing)
    assert BIDDER.explain(Auction(Seat.N, ["P", "P", "2C", "P"]), "3D").forcing


def test_opener_passes_a_passed_hand_s_new_suit_with_a_minimum_and_three_cards_in_it() -> None:
    auction = Auction(Seat.N, ["P", "P", "1H", "P", "1S", "P"])
    assert BIDDER.call(auction, Hand.from_pbn("A32.KQ982.Q32.32")) is PASS
    assert BIDDER.call(Auction(Seat.N, ["1H", "P", "1S", "P"]), Hand.from_pbn("A32.KQ982.Q32.32")) is not PASS


def test_opener_shows_a_one_level_four_card_suit_before_passing_a_passed_hand_s_new_suit() -> None:
    auction = Auction(Seat.N, ["P", "P", "1C", "P", "1H", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("AKJT.JT6.75.KT87"))) == "1S"


def test_a_passed_hand_s_two_level_new_suit_is_natural_and_not_forcing() -> None:
    # P P 1S P 2C: a passed hand holds no two over one (11+ is an opening): 10-11 HCP, five clubs
    explanation = BIDDER.explain(Auction(Seat.N, ["P", "P", "1S", "P"]), "2C")
    assert not explanation.forcing
    assert explanation.hcp_range() == (10, PASSED_HAND_MOST)
    assert all("two over one" not in m.label for m in explanation.meanings)


def test_opener_s_suit_rebid_over_a_passed_hand_s_two_level_new_suit_is_not_forcing() -> None:
    explanation = BIDDER.explain(Auction(Seat.N, ["P", "P", "1S", "P", "2C", "P"]), "2S")
    assert not explanation.forcing
    assert "forc" not in explanation.text


def test_opener_passes_a_passed_hand_s_new_suit_with_a_minimum_and_a_fit() -> None:
    auction = Auction(Seat.N, ["P", "P", "1S", "P", "2C", "P"])
    assert BIDDER.call(auction, Hand.from_pbn("AKJ65.Q92.84.Q63")) is PASS


def test_a_passed_hand_s_free_bid_at_two_is_not_forcing() -> None:
    # P P 1C 1D 2H: the passed hand's new suit over the overcall does not force opener either
    explanation = BIDDER.explain(Auction(Seat.N, ["P", "P", "1C", "1D"]), "2H")
    assert not explanation.forcing
    assert PASSED_HAND in explanation.text
