"""The Monte Carlo card player and its sampler: legal play, only what a seat may see, the auction's shape."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetools.board import Board
from bridgetools.bots import (
    CardPlayer,
    HandConstraint,
    HeuristicPlayer,
    View,
    play_deal,
    play_out,
    sample_layouts,
)
from bridgetools.bots.heuristic import equal_floor
from bridgetools.bots.play import _Values, autoplay_board
from bridgetools.errors import BridgeError
from bridgetools.model import Card, Deal, Hand, Seat, Suit
from bridgetools.rules import Auction, Play
from bridgetools.rules.deck import deal_shuffled

DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")


def quick(seed: int = 1) -> CardPlayer:
    """A player that thinks briefly: enough layouts to exercise every path, fast enough for tests."""
    return CardPlayer(seed=seed, samples=2)


def needs_dds() -> None:
    pytest.importorskip("endplay")


# The sampler ---------------------------------------------------------------------------------------
def test_layouts_keep_the_visible_hands_and_give_each_hidden_hand_its_size() -> None:
    play = Play(DEAL, "3NT", "S", ["S3", "SA", "S9"])
    view = View.of_play(play)  # South, declarer, sees dummy (North)
    for layout in sample_layouts(view, 20, random.Random(1)):
        assert layout[Seat.S] == DEAL[Seat.S]
        assert layout[Seat.N] == DEAL.hand(Seat.N).remove(Card.parse("SA"))
        assert len(layout.hand(Seat.E)) == 12 and len(layout.hand(Seat.W)) == 12


def test_layouts_never_give_a_seat_a_suit_it_showed_out_of() -> None:
    # Hearts led; East discards a club: East has no heart in any layout.
    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9..KQJ2.AKQJ98 876.T98.765.T765 543.AQ76542.A43.")
    play = Play(deal, "3NT", "S", ["H2", "H3", "C8"])
    assert (Seat.E, Suit.H) in View.of_play(play).voids
    layouts = list(sample_layouts(View.of_play(play), 30, random.Random(2)))
    assert layouts and all(layout.hand(Seat.E).length(Suit.H) == 0 for layout in layouts)


def test_a_two_way_guess_for_a_queen_is_sampled_evenly_between_the_defenders() -> None:
    # 6NT by North, trick 12 (bridgetools autoplay, stayman.dlr seed 3, board 8): dummy leads D6, West
    # plays DT; North holds DA DJ, the DQ, D5 and SJ are out. West showed out of spades, so the SJ is
    # East's; the DQ is West's or East's with the same shapes either way: DJ wins if West has it, DA
    # (dropping it) if East has it. No layout may place the SJ with West, nor favour either queen.
    deal = Deal.from_pbn("N:Q53.AKJ.AJ74.JT6 JT87.764.52.9742 AK42.985.K6.AK85 96.QT32.QT983.Q3")
    play = Play(deal, "6NT", "N", "H4 H5 HQ HK S3 S7 SK S6 S2 S9 SQ S8 D4 D2 DK D3 CK C3 C6 C2 H8 H2 HJ H6 "
                "CT C4 C5 CQ H3 HA H7 H9 CJ C7 C8 D8 S5 ST SA D9 CA HT D7 C9 D6 DT".split())
    layouts = list(sample_layouts(View.of_play(play), 200, random.Random(5)))
    assert all(Card.parse("SJ") in layout.hand(Seat.E) for layout in layouts)
    west_queen = sum(Card.parse("DQ") in layout.hand(Seat.W) for layout in layouts)
    assert 70 < west_queen < 130  # about half: a guess no sampling error makes


def test_layouts_fit_the_auctions_constraints_when_they_can() -> None:
    view = View.of_play(Play(DEAL, "3NT", "S", ["S3"]))
    west = HandConstraint(hcp_min=12, hcp_max=16, min_length=(0, 0, 0, 5))
    for layout in sample_layouts(view, 10, random.Random(3), {Seat.W: west}, tries=2000):
        west_hand = layout.hand(Seat.W).add(Card.parse("S3"))
        assert west.misfit(west_hand) == 0


def test_an_impossible_constraint_still_gives_layouts() -> None:
    view = View.of_play(Play(DEAL, "3NT", "S", ["S3"]))
    impossible = HandConstraint(hcp_min=30, hcp_max=37)
    assert len(list(sample_layouts(view, 5, random.Random(4), {Seat.W: impossible}, tries=5))) == 5


def test_loosened_constraints_widen_each_range() -> None:
    shown = HandConstraint(15, 17, (0, 0, 2, 5), (5, 5, 5, 13))
    assert shown.loosened() == HandConstraint(13, 19, (0, 0, 1, 4), (6, 6, 6, 13))


def test_a_view_holds_only_the_seats_hand_dummy_and_the_cards_played() -> None:
    before_lead = View.of_play(Play(DEAL, "3NT", "S", []))
    assert before_lead.seat == Seat.W and before_lead.dummy is None
    view = View.of_play(Play(DEAL, "3NT", "S", ["S3"]))
    assert view.seat == Seat.S and view.known() == {Seat.S: DEAL[Seat.S], Seat.N: DEAL[Seat.N]}
    assert view.hidden_seats() == [Seat.E, Seat.W]


# What the player may look at ------------------------------------------------------------------------
def rearranged(play: Play, seed: int) -> Play:
    """The same play on a deal whose hidden hands (hidden from the seat in turn) hold the unseen cards
    differently."""
    view = View.of_play(play)
    layout = next(sample_layouts(view, 1, random.Random(seed)))
    hands: dict[Seat, Hand | None] = {s: Hand(layout.hand(s).mask | view.played_by(s).mask) for s in Seat}
    return Play(Deal(hands), play.contract, play.declarer, play.cards)


@pytest.mark.parametrize("cards", ["", "S3 SA S9 S6 HJ", "D2 D8"])
def test_the_choice_depends_only_on_what_the_seat_may_see(cards: str) -> None:
    needs_dds()
    play = Play(DEAL, "3NT", "S", cards.split())
    other = rearranged(play, seed=11)
    hidden = [s for s in Seat if s not in View.of_play(play).known()]
    assert any(other.deal[s] != play.deal[s] for s in hidden)  # type: ignore[index]
    assert quick(5).card(play) == quick(5).card(other)


# Choosing -------------------------------------------------------------------------------------------
def third_trick_lead(hand: str, honour: str, low: str, honours_points: tuple[int, ...]) -> Card:
    """West's lead at trick three against 4S by North holding ``hand``, with made-up values on the layouts
    for a heart honour (``honours_points``) and a low heart (0 on every layout)."""
    play = Play(DEAL, "4S", "N", ["SJ", "S6", "S3", "SQ", "D8", "DK", "D5", "DA"])
    values = _Values([Card.parse(low), Card.parse(honour)])
    for points in honours_points:
        values.add(Card.parse(honour), points, 1)
        values.add(Card.parse(low), 0, 1)
    return CardPlayer()._choose(play, View.of_play(play), Hand.from_pbn(hand), values, None)


def test_a_defender_on_lead_prefers_a_low_card_to_an_unsupported_honour_not_clearly_better() -> None:
    assert third_trick_lead("54.K654.432.65", "HK", "H4", (0, 0, 0, 50)) == Card.parse("H4")
    assert third_trick_lead("54.K654.432.65", "HK", "H4", (50, 50, 50, 50)) == Card.parse("HK")


def test_a_defender_leads_the_top_of_an_honour_sequence_the_layouts_chose_later_in_the_play() -> None:
    # West's KQ6 of hearts: the king, though the queen is the card of the two the layouts valued.
    assert third_trick_lead("54.KQ6.432.654", "HQ", "H6", (50, 50, 50, 50)) == Card.parse("HK")


def test_an_honour_led_from_a_sequence_is_not_an_unsupported_honour() -> None:
    # The queen (the king's equal) no better than a low heart on the layouts: still the king.
    assert third_trick_lead("54.KQ6.432.654", "HQ", "H6", (0, 0, 0, 50)) == Card.parse("HK")


def tied_values(play: Play) -> tuple[Hand, _Values]:
    """The seat in turn's hand and every candidate (the lowest of each group of equal cards) scoring the
    same on four layouts, as the card player would value them: the lead table alone decides."""
    view = View.of_play(play)
    hand = Hand(view.known()[play.turn].mask & ~view.played_cards.mask)
    values = _Values(sorted({equal_floor(c, hand, view.quitted_cards) for c in play.legal_cards()}))
    for _ in range(4):
        for card in values.cards:
            values.add(card, -90, 6)
    return hand, values


def table_lead(deal: str, contract: str, declarer: str, auction: Auction) -> Card:
    play = Play(Deal.from_pbn(deal), contract, declarer)
    hand, values = tied_values(play)
    return CardPlayer()._choose(play, View.of_play(play), hand, values, auction)


def test_the_opening_lead_from_a_sequence_is_its_top_card_not_the_lowest_of_the_equal_cards() -> None:
    # 1NT by North; East's QJT73 of spades: the queen, though the ten is the candidate the layouts value.
    deal = "N:A65.J4.A764.A983 QJT73.9852.K3.Q7 K82.KQT3.T52.642 94.A76.QJ98.KJT5"
    assert table_lead(deal, "1NT", "N", Auction(Seat.N, ["1NT", "P", "P", "P"])) == Card.parse("SQ")


def test_the_opening_lead_against_notrump_is_fourth_best_though_the_card_below_is_equal() -> None:
    # 3NT by South; West's KT754 of clubs: the five, equal to the four.
    deal = "N:AQJ.AK2.AKQ4.Q98 T98.JT98.T98.J63 7654.7654.765.A2 K32.Q3.J32.KT754"
    auction = Auction(Seat.S, ["1NT", "P", "3NT", "P", "P", "P"])
    assert table_lead(deal, "3NT", "S", auction) == Card.parse("C5")


@pytest.mark.parametrize(("deal", "lead"), [
    # West's Q3 of hearts: the queen the table says, no better double dummy than the three, is no
    # unsupported honour to be swapped for it
    ("N:Q.K94.AKQT65.AJ4 KJ32.J86.84.T865 AT94.AT752.7.Q97 8765.Q3.J932.K32", "HQ"),
    ("N:Q.Q94.AKQT65.AJ4 KJ32.J86.84.T865 AT94.AT752.7.K97 8765.K3.J932.Q32", "HK"),  # West's K3: the king
])
def test_the_opening_lead_in_partners_suit_is_the_top_of_a_doubleton_honour(deal: str, lead: str) -> None:
    # East overcalled 1H; 3NT by South
    auction = Auction(Seat.E, ["1H", "1NT", "P", "3NT", "P", "P", "P"])
    assert table_lead(deal, "3NT", "S", auction) == Card.parse(lead)


def test_the_opening_lead_in_partners_suit_is_the_top_of_three_small() -> None:
    # East overcalled 1H; 3NT by South; West's T94 of hearts: the ten, equal to the nine.
    deal = "N:AQJ.A32.AKQ4.Q98 T9.KQJ87.T98.JT7 K432.65.765.A654 8765.T94.J32.K32"
    auction = Auction(Seat.E, ["1H", "1NT", "P", "3NT", "P", "P", "P"])
    assert table_lead(deal, "3NT", "S", auction) == Card.parse("HT")


def test_a_defender_on_lead_with_one_group_of_equal_cards_leads_the_top_of_the_sequence() -> None:
    # 1NT by South; West cashes eleven clubs and is left with the KQ of spades: the king, not the queen.
    needs_dds()
    deal = Deal.from_pbn("N:AJT98.AKQ.AKQ.32 765432.JT987.JT. .65432.98765432. KQ...AKQJT987654")
    discards = ("S8 S9 ST SJ HQ HK HA DQ DK", "S2 S3 S4 S5 S6 S7 H7 H8 H9", "H2 H3 H4 H5 H6 D2 D3 D4 D5")
    cards = ["CA", "C2", "DT", "D8", "CK", "C3", "DJ", "D9"]
    for club, *others in zip("QJT987654", *(seat.split() for seat in discards), strict=True):
        cards += [f"C{club}", *others]
    play = Play(deal, "1NT", "S", cards)
    assert play.turn == Seat.W and len(play.completed_tricks) == 11
    assert CardPlayer(seed=1, samples=2, budget=None).card(play) == Card.parse("SK")


def test_third_hand_plays_the_lowest_of_equal_cards() -> None:
    # 3NT by South, West leads the club five; dummy plays low; East's QJ6 of clubs: the jack.
    needs_dds()
    deal = Deal.from_pbn("N:AQJ.AK2.AKQ4.982 T98.JT98.T98.QJ6 7654.7654.765.A3 K32.Q3.J32.KT754")
    play = Play(deal, "3NT", "S", ["C5", "C2"])
    assert CardPlayer(seed=1, samples=4, budget=None).card(play) == Card.parse("CJ")


def test_without_the_solver_the_card_player_plays_the_heuristic_card() -> None:
    player = CardPlayer(seed=1)
    player.uses_dd = False
    play = Play(DEAL, "1NT", "S", ["S3", "SA", "S9", "S6", "HJ"])
    assert player.card(play) == HeuristicPlayer().card(play)


def test_a_passed_out_board_has_no_play() -> None:
    with pytest.raises(BridgeError):
        play_deal(DEAL, Auction(Seat.N, ["P", "P", "P", "P"]))


def test_play_deal_names_the_hand_a_partial_deal_is_missing() -> None:
    with pytest.raises(BridgeError, match="playing needs all four hands; East's is missing"):
        play_deal(Deal.from_pbn("N:AKQ2.KJ3.T98.432 - - -"), Auction(Seat.N, ["1S", "P", "P", "P"]))


def test_autoplaying_a_board_with_a_partial_deal_names_the_hand_missing() -> None:
    board = Board(number=1, deal=Deal.from_pbn("N:AKQ2.KJ3.T98.432 - - -"))
    with pytest.raises(BridgeError, match="East's is missing"):
        autoplay_board(board, seed=1)


def test_play_deal_plays_the_contract_out_and_the_seed_makes_it_reproducible() -> None:
    needs_dds()
    auction = Auction(Seat.N, ["1NT", "P", "3NT", "P", "P", "P"])
    first = play_deal(DEAL, auction, seed=3, samples=2)
    assert first.is_complete and len(first.cards) == 52 and first.declarer == Seat.N
    assert play_deal(DEAL, auction, seed=3, samples=2).cards == first.cards


@settings(max_examples=2)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["3NT", "4S", "2H"]), st.sampled_from(list(Seat)))
def test_monte_carlo_play_is_always_legal_and_finishes(seed: int, contract: str, declarer: Seat) -> None:
    needs_dds()
    play = play_out(deal_shuffled(seed=seed), contract, declarer, dict.fromkeys(Seat, quick(seed)))
    assert len(play.cards) == 52 and play.is_complete and play.result is not None


# Equal cards ---------------------------------------------------------------------------------------
# North AK32.AK32.A432.K, East QJT.QJT.KQJT.876, South 654.654.65.AQJT9, West 987.987.987.5432
STRANDED = Deal.from_pbn("N:AK32.AK32.A432.K QJT.QJT.KQJT.876 654.654.65.AQJT9 987.987.987.5432")


def test_dummy_overtakes_declarers_king_when_its_suit_has_no_other_way_in() -> None:
    # North (3NT) wins the spade lead and leads the singleton club king, East follows: the king in the
    # trick keeps dummy's ace apart from its queen, and only the ace reaches the clubs (ten tricks, not six).
    needs_dds()
    play = Play(STRANDED, "3NT", "N", "SQ S4 S7 SA CK C6".split())
    assert quick().card(play) == Card.parse("CA")


# North AKQJ.AKQJ.AKQ.32, East 76.T987654.5.T98, South 5432.32.432.7654, West T98..JT9876.AKQJ
TRUMPS = Deal.from_pbn("N:AKQJ.AKQJ.AKQ.32 76.T987654.5.T98 5432.32.432.7654 T98..JT9876.AKQJ")


def test_declarer_draws_the_last_trump_before_cashing_winners_a_defender_may_ruff() -> None:
    # 4S by North: two clubs lost, DA, then SA and SK; one trump is out. A heart or a diamond now does as
    # well on nearly every layout, but the trump is never worse, and here West ruffs the first heart.
    needs_dds()
    cards = "C9 C4 CJ C2 CA C3 CT C5 DJ DA D5 D2 SA S6 S2 S8 SK S7 S3 S9"
    play = Play(TRUMPS, "4S", "N", cards.split())
    assert CardPlayer(seed=1, samples=20, budget=None).card(play).suit == Suit.S


# More layouts when the best card is not clearly ahead ---------------------------------------------
def test_a_card_that_differs_from_the_best_on_a_few_layouts_is_not_yet_behind_it() -> None:
    # The ace of trumps drops a singleton king on one layout in twenty: one layout cannot tell the two apart.
    ace, low = Card.parse("HA"), Card.parse("H3")
    values = _Values([low, ace])
    for points in [980] * 19 + [-50]:
        values.add(ace, 980, 9)
        values.add(low, points, 8 if points < 0 else 9)
    assert values.best() == ace and values.unsettled()


def test_a_card_clearly_behind_or_scoring_the_same_everywhere_leaves_the_choice_settled() -> None:
    ace, low, other = Card.parse("HA"), Card.parse("H3"), Card.parse("D8")
    values = _Values([low, ace, other])
    for points in [980] * 14 + [-50] * 6:
        values.add(ace, 980, 9)
        values.add(low, points, 8 if points < 0 else 9)
        values.add(other, 980, 9)
    assert values.best() in (ace, other) and not values.unsettled()


# 6H by North, eight tricks won; South (dummy) on lead with A953 of trumps opposite J8762, KQT4 out (East
# holds the singleton king). The ace first drops a singleton honour with East; low first gains where
# West's singleton ten must win the trick, and where double dummy throws East in with KQT4.
ENDING = Deal.from_pbn("N:AKQJ.J8762.KQJ.2 T98.K.T98.KQJT74 5432.A953.A5432. 76.QT4.76.A98653")
ENDING_PLAY = ("ST S2 S6 SA SK S9 S3 S7 SQ S8 S4 C3 SJ C4 S5 C5 DK DT D2 D6 DQ D9 D3 D7 DJ D8 DA C6 D4 C8 "
               "C2 C7").split()


def test_the_player_deals_more_layouts_while_the_ace_and_a_low_trump_are_not_told_apart() -> None:
    needs_dds()
    play = Play(ENDING, "6H", "N", ENDING_PLAY)
    player = CardPlayer(seed=4, samples=10, budget=None, more=4)
    view = View.of_play(play)
    candidates = [Card.parse(c) for c in ("H3", "D5", "HA")]
    values = player._evaluate(play, view, candidates, None)
    assert values is not None and 10 < values.count <= 40
    assert values.count == 40 or not values.unsettled()
    assert values.points[Card.parse("HA")] != values.points[Card.parse("H3")]


def test_the_ace_of_trumps_is_cashed_more_often_than_a_low_trump_is_led() -> None:
    # Double dummy the ace beats the three on 30 layouts of 252, the three the ace on 21 (15 by the
    # contract): twenty layouts tell them apart only now and then, up to eighty mostly.
    needs_dds()
    play = Play(ENDING, "6H", "N", ENDING_PLAY)
    chosen = [CardPlayer(seed=seed, samples=20, budget=None).card(play) for seed in range(12)]
    assert chosen.count(Card.parse("HA")) > 2 * chosen.count(Card.parse("H3"))


def test_play_out_without_a_player_for_a_defender_says_which_before_any_card() -> None:
    with pytest.raises(BridgeError, match="play_out needs a player for North"):
        play_out(DEAL, "3NT", "E", {Seat.E: HeuristicPlayer(), Seat.S: HeuristicPlayer()})


def test_play_out_of_a_finished_play_needs_no_player_and_returns_it() -> None:
    start = Play(DEAL, "3NT", "E")
    start.claim(9)
    assert play_out(DEAL, "3NT", "E", {}, start=start).claimed == 9


def test_the_card_player_asked_for_a_hand_the_deal_does_not_hold_says_it_is_needed() -> None:
    north_only = Deal([DEAL[Seat.N], None, None, None])
    with pytest.raises(BridgeError, match="East's hand is needed to choose a card"):
        quick().card(Play(north_only, "3NT", "N"))
