"""The heuristic card player: each rule of thumb it follows, and the opening lead table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetools.bots import HeuristicPlayer, RandomPlayer, lead_order, play_out
from bridgetools.errors import BridgeError
from bridgetools.model import Card, Contract, Deal, Hand, Seat, Suit
from bridgetools.rules import Auction, Play
from bridgetools.rules.deck import deal_shuffled

# North AKQ2.KJ3.T98.432, East JT9.AQ2.KQJ.AKQJ, South 876.T98.765.T987, West 543.7654.A432.65
DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")


def next_card(contract: str, declarer: str, cards: str, auction: Auction | None = None) -> Card:
    play = Play(DEAL, contract, declarer, cards.split())
    return HeuristicPlayer().card(play, auction=auction)


def test_second_hand_plays_low() -> None:
    # West leads a low heart against South's 1NT; dummy (North, KJ3) plays second.
    assert next_card("1NT", "S", "H4") == Card.parse("H3")


def test_second_hand_covers_an_honour_with_an_honour() -> None:
    # North won the spade lead and leads the heart jack; East (AQ2) covers with the queen.
    assert next_card("1NT", "S", "S3 SA S9 S6 HJ") == Card.parse("HQ")


def test_second_hand_does_not_cover_a_small_card() -> None:
    assert next_card("1NT", "S", "S3 SA S9 S6 H3") == Card.parse("H2")


def test_third_hand_plays_high_but_the_lowest_of_equal_honours() -> None:
    # West leads a diamond, dummy plays the eight; East's KQJ: the jack does the work of the king.
    assert next_card("1NT", "S", "D2 D8") == Card.parse("DJ")


def test_third_hand_plays_low_when_partners_card_is_sure_to_win() -> None:
    # 1NT by North: East leads the club ace, South plays low; West keeps low behind partner's ace.
    assert next_card("1NT", "N", "CA C7") == Card.parse("C5")


def test_fourth_hand_wins_as_cheaply_as_possible() -> None:
    # West leads the heart four, dummy and East play low: South wins with the eight, not the ten.
    assert next_card("1NT", "S", "H4 H3 H2") == Card.parse("H8")


def test_defender_returns_partners_suit() -> None:
    # West led a diamond, East won with the jack: East returns the suit (king from the doubleton left).
    assert next_card("1NT", "S", "D2 D8 DJ D5") == Card.parse("DK")


def test_declarer_draws_trumps_while_the_defenders_hold_some() -> None:
    # 4S by North: North wins the trump lead with the queen and goes on with a top trump.
    card = next_card("4S", "N", "SJ S6 S3 SQ")
    assert card.suit == Suit.S and card.rank >= 13


def test_declarer_cashes_winners_at_notrump() -> None:
    card = next_card("1NT", "N", "SJ S6 S3 SQ")
    assert card in (Card.parse("SA"), Card.parse("SK"))


def test_opening_lead_in_partners_suit() -> None:
    # 4S by South: West would not underlead the diamond ace, unless East bid diamonds.
    silent = Auction(Seat.N, ["1C", "P", "1S", "P", "4S", "P", "P", "P"])
    bid = Auction(Seat.N, ["1C", "2D", "2S", "P", "4S", "P", "P", "P"])
    assert next_card("4S", "S", "", silent).suit != Suit.D
    assert next_card("4S", "S", "", bid).suit == Suit.D


def test_lead_table_top_of_a_sequence() -> None:
    hand = Hand.from_pbn("KQJ4.873.962.T85")
    assert lead_order(hand, Contract.from_str("4H"))[0] == Card.parse("SK")


def test_lead_table_fourth_best_from_the_longest_suit_against_notrump() -> None:
    hand = Hand.from_pbn("K8643.72.Q95.J82")
    assert lead_order(hand, Contract.from_str("3NT"))[0] == Card.parse("S4")


def test_lead_table_does_not_underlead_an_ace_against_a_suit_contract() -> None:
    hand = Hand.from_pbn("A8643.72.Q95.J82")
    assert lead_order(hand, Contract.from_str("4H"))[0].suit != Suit.S


def test_lead_table_prefers_partners_suit() -> None:
    hand = Hand.from_pbn("K8643.72.Q95.J82")
    assert lead_order(hand, Contract.from_str("3NT"), partner=[Suit.C])[0].suit == Suit.C


@settings(max_examples=40)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["1NT", "4S", "3H", "5D", "6C"]),
       st.sampled_from(list(Seat)))
def test_heuristic_play_is_always_legal_and_finishes(seed: int, contract: str, declarer: Seat) -> None:
    deal = deal_shuffled(seed=seed)
    heuristic, rand = HeuristicPlayer(), RandomPlayer(seed)
    players = {s: heuristic if s.side == declarer.side else rand for s in Seat}
    play = play_out(deal, contract, declarer, players)  # Play.add refuses any illegal card
    assert len(play.cards) == 52 and play.is_complete


def test_third_hand_wins_with_the_ace_over_second_hands_king_not_the_queen_below_it() -> None:
    # West leads a heart against 1NT, dummy rises with the king; East's AQ2: the king in the trick keeps
    # the queen from being equal to the ace.
    assert next_card("1NT", "S", "H4 HK") == Card.parse("HA")


def test_a_card_asked_of_a_hand_the_deal_does_not_hold_is_a_bridge_error_saying_so() -> None:
    unknown = Play(Deal([None, None, None, None]), "3NT", "N")
    with pytest.raises(BridgeError, match="East's hand is needed to choose a card"):
        HeuristicPlayer().card(unknown)


def test_every_player_asked_for_a_card_once_the_play_is_over_says_so() -> None:
    claimed = Play(deal_shuffled(seed=3), "3NT", "N")
    claimed.claim(9)
    for player in (HeuristicPlayer(), RandomPlayer(1)):
        with pytest.raises(BridgeError, match="the play is over: it ended by a claim of 9 tricks"):
            player.card(claimed)
