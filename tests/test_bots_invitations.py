"""Game invitations: opener answers responder's 2NT invitation over his own suit rebid by points
counting length, so a minimum with a long suit (tricks for notrump) accepts; the advancer of a 1NT
overcall (15-18) invites with 8-9 HCP and bids game with 10+; a 1NT opener declines responder's six-card
transfer invitation with a minimum; opener accepts the major limit raise with 13 points and a sixth
trump (nine together) or a singleton or void, and declines it with 13, five trumps and no short suit;
a hand on the least HCP of a notrump invitation's accepting range accepts only with a ten; an invitation
declined (answered below game without a force) is not bid to game on the same values; over the single
raise of a major opener's help-suit game try names the cheapest side suit of three or more cards with two
or more losers, and the raise bids game with a maximum or with a middling hand and the ace, king, a
singleton or a void there, else signs off in three of the major; 3M, the invitation made instead, is read
as no such suit; the raise answers 3M and the tries the opponents double or bid over as it answers them
alone, and its answer over their double declines as it does undoubled; a 1NT opener answers a
2NT invitation they doubled with a fit as undoubled, and his three of the major over it declines; over a
double or overcall of the single raise opener's three of the major competes, to play, and the raise
passes it."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.bots.fallback import invitation_declined
from bridgetools.bots.meaning import HandFacts
from bridgetools.bots.rules import Situation
from bridgetools.model import PASS, Hand, Seat
from bridgetools.rules import Auction

BIDDER = Bidder()
REBID_THEN_2NT = ["1D", "P", "1S", "P", "2D", "P", "2NT", "P"]


def _assert_answers(calls: list[str], pbn: str, expected: str, label: str) -> None:
    """The hand's call is ``expected`` and one of its explanation's meanings labelled ``label`` allows the
    hand."""
    auction = Auction(Seat.N, calls)
    hand = Hand.from_pbn(pbn)
    call = BIDDER.call(auction, hand)
    assert str(call) == expected
    meanings = [m for m in BIDDER.explain(auction, call).meanings if m.label == label]
    assert any(m.allows(HandFacts.of(hand)) for m in meanings), meanings


def _passes(calls: list[str], pbn: str) -> bool:
    """Whether the hand passes after ``calls``."""
    return BIDDER.call(Auction(Seat.N, calls), Hand.from_pbn(pbn)) is PASS


def test_opener_accepts_2nt_over_his_suit_rebid_with_12_hcp_and_a_six_card_suit() -> None:
    _assert_answers(REBID_THEN_2NT, "K4.Q3.AQT874.J52", "3NT", "accepts")


def test_opener_declines_2nt_over_his_suit_rebid_with_12_hcp_and_a_five_card_suit() -> None:
    _assert_answers(REBID_THEN_2NT, "K43.Q3.AQT87.J52", "Pass", "declines")


def test_1nt_rebidder_accepts_2nt_with_12_hcp_and_a_five_card_suit() -> None:
    _assert_answers(["1D", "P", "1S", "P", "1NT", "P", "2NT", "P"], "K43.Q3.AQT87.J52", "3NT", "accepts")


def test_1nt_rebidder_accepts_2nt_with_a_flat_12_hcp() -> None:
    _assert_answers(["1D", "P", "1S", "P", "1NT", "P", "2NT", "P"], "K43.Q32.AQT8.J52", "3NT", "accepts")


def test_1nt_rebidder_declines_2nt_with_11_hcp() -> None:
    _assert_answers(["1D", "P", "1S", "P", "1NT", "P", "2NT", "P"], "K43.Q32.AQT8.952", "Pass", "declines")


def test_advancer_invites_a_1nt_overcall_with_9_hcp() -> None:
    # the overcall shows 15-18: nine HCP opposite it is an invitation, not game (no four-card major: that
    # would ask by Stayman first)
    _assert_answers(["1D", "1NT", "P"], "KJ6.Q62.J984.Q72", "2NT", "invitational")


def test_advancer_bids_3nt_over_a_1nt_overcall_with_10_hcp() -> None:
    _assert_answers(["1D", "1NT", "P"], "KJ6.Q62.Q984.Q72", "3NT", "to play")


def test_1nt_opener_declines_the_six_card_transfer_invitation_with_a_minimum() -> None:
    # 1NT 2D 2H 3H: six hearts and 8-9 HCP; 15 HCP and seven losers say no, and the pass says so
    _assert_answers(["1NT", "P", "2D", "P", "2H", "P", "3H", "P"], "AJ64.KQ8.Q652.QJ", "Pass",
                    "declines the invitation")


def test_1nt_opener_with_a_minimum_and_a_singleton_still_bids_the_transfer_game() -> None:
    # four trumps and a singleton ace make five losers: the fallback's losing-trick count bids game
    auction = Auction(Seat.N, ["1NT", "P", "2H", "P", "2S", "P", "3S", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("KQ84.A864.Q652.A"))) == "4S"


def test_opener_accepts_the_limit_raise_with_13_points_and_a_sixth_trump() -> None:
    auction = Auction(Seat.N, ["1S", "P", "3S", "P"])
    hand = Hand.from_pbn("KJ9832.32.A9.K42")
    call = BIDDER.call(auction, hand)
    assert str(call) == "4S"
    shown = [m for m in BIDDER.explain(auction, call).meanings if m.allows(HandFacts.of(hand))]
    assert "accepts, a sixth trump" in [m.label for m in shown]
    # so the pass that declines does not allow that hand
    declines = BIDDER.explain(auction, "Pass").meanings
    assert not any(m.allows(HandFacts.of(hand)) for m in declines if m.label == "declines")


def test_opener_declines_the_limit_raise_with_13_points_and_five_trumps() -> None:
    _assert_answers(["1S", "P", "3S", "P"], "KJ983.J2.A98.K42", "Pass", "declines")


def test_opener_accepts_the_limit_raise_with_13_points_and_a_singleton() -> None:
    # 12 HCP, five spades and a singleton heart: the short suit ruffs opposite the raise's trumps
    _assert_answers(["1S", "P", "3S", "P"], "AQ983.2.A984.Q42", "4S", "accepts, a singleton or void")


def test_opener_declines_the_limit_raise_with_13_points_and_no_short_suit() -> None:
    _assert_answers(["1S", "P", "3S", "P"], "AQ983.42.A98.Q42", "Pass", "declines")


def test_1nt_opener_accepts_2nt_with_a_flat_16_and_no_ten() -> None:
    # opposite the 8-9 invitation SAYC accepts with 16-17: 16 and 9 are 25 together
    _assert_answers(["1NT", "P", "2NT", "P"], "Q632.KQ9.K98.AQ9", "3NT", "accepts the invitation")


def test_1nt_opener_declines_2nt_with_15() -> None:
    _assert_answers(["1NT", "P", "2NT", "P"], "Q632.KQ9.K98.KQ9", "Pass", "declines the invitation")


def test_1nt_opener_accepts_2nt_with_16_and_a_ten() -> None:
    _assert_answers(["1NT", "P", "2NT", "P"], "AKT5.Q92.K86.KJ7", "3NT", "accepts the invitation")


def test_responder_passes_openers_2nt_rebid_with_6_hcp_and_no_ten() -> None:
    _assert_answers(["1D", "P", "1S", "P", "2NT", "P"], "K874.Q65.J842.92", "Pass", "declines")


def test_responder_raises_openers_2nt_rebid_to_3nt_with_6_hcp_and_a_ten() -> None:
    _assert_answers(["1D", "P", "1S", "P", "2NT", "P"], "K874.Q65.J842.T2", "3NT", "accepts")




def test_the_pass_of_partners_invitation_declines_it_with_a_minimum() -> None:
    # 1D (1S) 2D (2S) 2NT (P): responder's pass says what it is, not "no other call fits"
    auction = Auction(Seat.N, ["1D", "1S", "2D", "2S", "2NT", "P"])
    assert str(BIDDER.call(auction, Hand.from_pbn("983.AQ7.QJT76.T6"))) == "Pass"
    assert BIDDER.explain(auction, "P").text.startswith("declines the invitation: 5-9 HCP")


def test_responder_passes_when_opener_declines_the_spade_transfer_invitation_with_support() -> None:
    # 8-9 HCP invited with 2NT; opener's 3S declines: a fifth spade's length point does not make it game
    assert _passes(["1NT", "P", "2H", "P", "2S", "P", "2NT", "P", "3S", "P"], "AKJ52.T753.J9.96")


def test_responder_passes_when_opener_declines_the_heart_transfer_invitation_with_support() -> None:
    assert _passes(["1NT", "P", "2D", "P", "2H", "P", "2NT", "P", "3H", "P"], "96.AKJ52.T753.J9")


def test_an_invitation_answered_below_game_without_force_is_declined() -> None:
    sit = Situation(Auction(Seat.N, ["1NT", "P", "2H", "P", "2S", "P", "2NT", "P", "3S", "P"]),
                    BIDDER._explain_calls)
    assert invitation_declined(sit)


def test_an_invitation_accepted_at_game_is_not_declined() -> None:
    sit = Situation(Auction(Seat.N, ["1NT", "P", "2H", "P", "2S", "P", "2NT", "P", "3NT", "P"]),
                    BIDDER._explain_calls)
    assert not invitation_declined(sit)


def test_a_call_that_invites_with_no_top_is_never_declined() -> None:
    # the strong double's own suit (17+) has no maximum partner could decline against
    sit = Situation(Auction(Seat.N, ["1D", "X", "P", "1S", "P", "2C", "P", "3C", "P"]), BIDDER._explain_calls)
    assert not invitation_declined(sit)


def test_partners_pass_over_their_bid_does_not_decline_the_invitation() -> None:
    # 1H (1S) 3H (3S) P (P): opener's pass over their bid is a competitive call; 4H stays open
    sit = Situation(Auction(Seat.N, ["1H", "1S", "3H", "3S", "P", "P"]), BIDDER._explain_calls)
    assert not invitation_declined(sit)


def test_partners_answer_over_their_double_of_the_invitation_declines_it() -> None:
    # 1H P 2H P 3C (X) 3H: their double takes no room; the raise's 3H answers the try as it does undoubled
    sit = Situation(Auction(Seat.N, ["1H", "P", "2H", "P", "3C", "X", "3H", "P"]), BIDDER._explain_calls)
    assert invitation_declined(sit)


def test_responder_does_not_bid_game_when_opener_passes_his_doubled_invitation() -> None:
    # 1NT P 2C P 2H P 2NT (X) P (P): opener's pass declines the 8-9 HCP invitation as it does undoubled
    assert _passes(["1NT", "P", "2C", "P", "2H", "P", "2NT", "X", "P", "P"], "A753.T8.KQ43.943")


def test_opener_declines_the_doubled_transfer_invitation_with_support_in_three_of_the_major() -> None:
    # 1NT P 2H P 2S P 2NT (X): their double takes no room; 3S is the decline with three spades it is undoubled
    _assert_answers(["1NT", "P", "2H", "P", "2S", "P", "2NT", "X"], "KQ4.AQ64.Q84.QT4", "3S",
                    "declines with support")


def test_responder_passes_when_opener_declines_the_doubled_transfer_invitation_with_support() -> None:
    # opener's 3S over their double of 2NT declines, as undoubled: not an invitation back to 4S
    assert _passes(["1NT", "P", "2H", "P", "2S", "P", "2NT", "X", "3S", "P"], "AKJ52.T753.J9.96")


def test_opener_declines_the_doubled_stayman_invitation_with_four_spades_in_three_spades() -> None:
    # 1NT P 2C P 2H P 2NT (X): responder's 2NT showed four spades; a minimum with four plays 3S
    _assert_answers(["1NT", "P", "2C", "P", "2H", "P", "2NT", "X"], "KQ74.AQ64.Q84.T4", "3S",
                    "declines, four spades as well")


HELP_TRY = ["1S", "P", "2S", "P", "3D", "P"]


def test_the_invitation_over_a_single_raise_is_read_as_no_suit_needing_help() -> None:
    # 1S P 2S P 3S: with three small clubs opener would have asked for help in them (3C)
    invitation = BIDDER.explain(Auction(Seat.N, ["1S", "P", "2S", "P"]), "3S")
    assert not invitation.allows(Hand.from_pbn("AKJ85.A4.K52.432"))
    assert "no suit needing help (3+ cards with 2+ losers) in clubs, diamonds or hearts" in invitation.text


def test_opener_with_an_invitation_and_three_small_clubs_asks_for_help_in_clubs() -> None:
    _assert_answers(["1S", "P", "2S", "P"], "AKJ85.A4.K52.432", "3C", "help-suit game try")


def test_opener_asks_for_help_in_the_cheapest_suit_of_three_cards_or_more_with_two_losers() -> None:
    _assert_answers(["1S", "P", "2S", "P"], "AKJ85.A42.432.A2", "3D", "help-suit game try")


def test_opener_asks_for_help_in_spades_at_the_two_level_over_the_raise_of_hearts() -> None:
    _assert_answers(["1H", "P", "2H", "P"], "A42.AKJ85.A4.432", "2S", "help-suit game try")


def test_a_help_suit_try_is_not_made_in_a_suit_with_one_loser() -> None:
    _assert_answers(["1S", "P", "2S", "P"], "AKJ85.432.KQ2.Q2", "3H", "help-suit game try")


def test_the_raise_accepts_a_help_suit_try_with_a_middling_hand_and_the_king_of_the_suit() -> None:
    _assert_answers(HELP_TRY, "Q74.J52.K5.J9853", "4S", "accepts, help in diamonds")


def test_the_raise_accepts_a_help_suit_try_with_a_middling_hand_and_a_singleton_in_the_suit() -> None:
    _assert_answers(HELP_TRY, "Q74.J852.5.QJ853", "4S", "accepts, help in diamonds")


def test_the_raise_declines_a_help_suit_try_with_a_middling_hand_and_no_help_in_the_suit() -> None:
    _assert_answers(HELP_TRY, "Q74.K52.J53.Q985", "3S", "declines")


def test_the_raise_declines_a_help_suit_try_with_a_minimum_and_the_king_of_the_suit() -> None:
    _assert_answers(HELP_TRY, "Q74.J52.K53.9853", "3S", "declines")


def test_the_raise_accepts_a_help_suit_try_with_a_maximum_and_no_help_in_the_suit() -> None:
    _assert_answers(HELP_TRY, "Q74.A52.J53.Q985", "4S", "accepts")


def test_opener_passes_the_sign_off_over_his_help_suit_try() -> None:
    _assert_answers([*HELP_TRY, "3S", "P"], "AKJ85.A42.432.A2", "Pass", "to play")


def test_a_help_suit_try_is_read_as_two_or_more_losers_in_the_suit() -> None:
    auction = Auction(Seat.N, ["1S", "P", "2S", "P"])
    tables = BIDDER.explain(auction, BIDDER.call(auction, Hand.from_pbn("AKJ85.A42.432.A2"))).tables
    assert tables and not any(m.allows(HandFacts.of(Hand.from_pbn("AQJ85.A42.KQ2.32"))) for m in tables)


def test_over_a_double_of_the_help_suit_try_a_minimum_raise_signs_off_in_three_of_the_major() -> None:
    # not game on 6 HCP (the fallback's acceptance of an invitation), opener's try read as no suit to play
    _assert_answers([*HELP_TRY[:5], "X"], "Q74.J52.J53.Q985", "3S", "declines")


def test_over_a_double_of_the_help_suit_try_the_raise_does_not_leave_opener_doubled_in_it() -> None:
    _assert_answers(["1H", "P", "2H", "P", "2S", "X"], "4.Q952.J753.J985", "3H", "declines")


def test_over_a_double_of_the_help_suit_try_the_raise_with_help_accepts() -> None:
    _assert_answers([*HELP_TRY[:5], "X"], "Q74.J52.K5.J9853", "4S", "accepts, help in diamonds")


def test_opener_passes_the_sign_off_over_his_doubled_help_suit_try() -> None:
    _assert_answers([*HELP_TRY[:5], "X", "3S", "P"], "AKJ85.A42.432.A2", "Pass", "to play")


def test_over_a_bid_over_the_help_suit_try_a_minimum_raise_signs_off_in_three_of_the_major() -> None:
    _assert_answers([*HELP_TRY[:5], "3H"], "Q74.J52.J53.Q985", "3S", "declines")


def test_over_a_bid_above_three_of_the_major_a_minimum_raise_passes_not_bids_game() -> None:
    _assert_answers([*HELP_TRY[:5], "4C"], "Q74.J52.J53.Q985", "Pass",
                    "declines, their bid above three of the major")


RAISE_TRY = ["1S", "P", "2S", "P", "3S"]


def test_over_a_double_of_3m_a_minimum_raise_passes_not_bids_game() -> None:
    # not game on 6 HCP (the fallback's acceptance of an invitation from its top)
    _assert_answers([*RAISE_TRY, "X"], "Q74.J52.J53.Q985", "Pass", "declines")


def test_over_a_bid_over_3m_a_minimum_raise_passes_not_bids_game() -> None:
    _assert_answers([*RAISE_TRY, "4H"], "Q74.J52.J53.Q985", "Pass", "declines")


def test_over_a_bid_over_3m_a_maximum_raise_accepts() -> None:
    _assert_answers([*RAISE_TRY, "4H"], "Q74.A52.J53.Q985", "4S", "accepts")


def test_over_a_double_of_the_opening_a_minimum_raise_declines_3m() -> None:
    _assert_answers(["1S", "X", "2S", "P", "3S", "P"], "Q74.J52.J53.Q985", "Pass", "declines")



RAISE_DOUBLED = ["1S", "P", "2S", "X"]
RAISE_OVERCALLED = ["1S", "P", "2S", "3C"]


def test_opener_competes_in_three_of_the_major_over_a_double_of_the_raise_with_six_trumps() -> None:
    # nine trumps together: the law of total tricks bids three, to play
    _assert_answers(RAISE_DOUBLED, "AQJ854.K4.Q52.32", "3S", "competitive")


def test_opener_competes_in_three_of_the_major_over_an_overcall_of_the_raise_with_six_trumps() -> None:
    _assert_answers(RAISE_OVERCALLED, "AQJ854.K4.Q52.32", "3S", "competitive")


def test_three_of_the_major_over_a_double_of_the_raise_is_read_as_competitive_not_invitational() -> None:
    # not "invitational raise: 16-17 HCP, 6+ spades": a hand with those values bids game
    competes = BIDDER.explain(Auction(Seat.N, RAISE_DOUBLED), "3S")
    assert not competes.allows(Hand.from_pbn("AKQ854.K4.KJ2.32"))
    assert competes.hcp_range() == (11, 15)
    assert competes.note().startswith("competitive, sign-off: 11-15 HCP")


def test_the_raise_passes_opener_s_three_of_the_major_over_their_double() -> None:
    # a human opener competing with 3S: the raise with 9 dummy points does not bid 4S
    _assert_answers([*RAISE_DOUBLED, "3S", "P"], "K74.Q64.A842.T54", "Pass", "to play")


def test_the_raise_passes_opener_s_three_of_the_major_over_their_overcall() -> None:
    _assert_answers([*RAISE_OVERCALLED, "3S", "P"], "Q74.A52.J53.Q985", "Pass", "to play")

