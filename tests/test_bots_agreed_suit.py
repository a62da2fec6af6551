"""The suit a partnership has agreed (`Situation.agreed_suit`): the fit the two hands' calls have shown,
from the auction alone, so that Blackwood and six of the trump suit name the same suit as `explain`."""

from __future__ import annotations

from bridgetools.bots import Bidder
from bridgetools.bots.meaning import ANY_LENGTH, Explanation, Force, Meaning, lengths_of
from bridgetools.bots.rules import Situation
from bridgetools.model import Call, Seat, Suit
from bridgetools.rules import Auction

BIDDER = Bidder()

Shown = dict[Suit, int]


def _table(shown: list[Shown], forced: Shown | None = None) -> Situation:
    """A situation after the bids 1H 2S 3C 4D (as many as ``shown`` has entries) with passes between:
    this player's are the first and third, partner's the second and fourth. Each bid's explanation shows
    the least lengths of its entry; ``forced`` adds to the last bid a fallback forced meaning showing
    those lengths."""
    calls = [text for bid in ("1H", "2S", "3C", "4D")[:len(shown)] for text in (bid, "Pass")]

    def explain(made: tuple[Call, ...]) -> Explanation:
        index = len(made) - 1
        if index % 2:
            return Explanation(str(made[-1]), (Meaning("pass"),))
        meanings = [_meaning(shown[index // 2])]
        if forced is not None and index // 2 == len(shown) - 1:
            meanings.append(_meaning(forced, Force.FORCED))
        return Explanation(str(made[-1]), tuple(meanings))

    return Situation(Auction(Seat.N, calls), explain)


def _meaning(lengths: Shown, force: Force = Force.NONE) -> Meaning:
    ranges = [ANY_LENGTH] * 4
    for suit, n in lengths.items():
        ranges[suit] = (n, 13)
    return Meaning("shown", lengths=lengths_of(ranges), force=force)


def _situation(calls: str) -> Situation:
    auction = Auction(Seat.N, calls.split())
    return Situation(auction, lambda made: BIDDER.explain(Auction(Seat.N, made[:-1]), made[-1]))


def test_a_major_fit_is_agreed_over_a_longer_minor_fit_bid_later() -> None:
    # ten diamonds shown, the last suit bid, against eight hearts
    sit = _table([{Suit.H: 4, Suit.D: 5}, {Suit.H: 4, Suit.D: 5}, {}, {}])
    assert sit.agreed_suit() == Suit.H


def test_the_longer_of_two_major_fits_is_agreed() -> None:
    # nine hearts against eight spades, though spades were bid later
    sit = _table([{Suit.S: 5, Suit.H: 5}, {Suit.S: 3}, {}, {Suit.H: 4}])
    assert sit.agreed_suit() == Suit.H


def test_of_two_equal_fits_the_suit_bid_last_is_agreed() -> None:
    # eight hearts and eight spades shown; spades (2S) were bid after hearts (1H)
    sit = _table([{Suit.S: 5, Suit.H: 5}, {Suit.S: 3, Suit.H: 3}])
    assert sit.agreed_suit() == Suit.S


def test_a_fallback_forced_bid_leaves_the_length_its_table_meaning_shows() -> None:
    # partner's 4D shows four clubs by the tables; the fallback's forced 4D, shown beside, none
    sit = _table([{}, {}, {}, {Suit.C: 4}], forced={Suit.C: 0})
    assert sit.shown_lengths(2)[Suit.C] == 4


def test_without_eight_cards_shown_partners_last_suit_is_agreed() -> None:
    # 1H 1S 2C: responder has shown no fit; opener's last suit stands in
    assert _situation("1H Pass 1S Pass 2C Pass").agreed_suit() == Suit.C


def test_advancers_cue_bid_agrees_the_overcall_after_the_overcaller_bids_their_suit() -> None:
    # 1C (1D) P (2C) P (3C): 2C is the raise or game values without a fit; diamonds, partner's suit, stay
    # agreed, never opener's clubs
    assert _situation("1C 1D Pass 2C Pass 3C Pass").agreed_suit() == Suit.D


def test_the_opponents_suit_is_not_agreed_without_a_fit_shown_in_it() -> None:
    # 1C (1D) P (2C) P (3C): partner's last natural-looking suit is clubs, which opener bid first
    sit = _situation("1C 1D Pass 2C Pass 3C Pass")
    assert Suit.C in sit.natural_suits(2)
    assert sit.agreed_suit() != Suit.C


def test_advancers_cue_bid_alone_shows_no_fit_as_it_may_be_the_no_fit_cue_bid() -> None:
    # 1C (1S) P (2C): the raise (three spades) or game values without a fit (two at most)
    sit = _situation("1C 1S Pass 2C Pass")
    assert sit.shown_lengths(2)[Suit.S] == 0


def test_the_cue_bidders_game_over_the_minimum_shows_the_fit_the_cue_bid_left_open() -> None:
    # 1C (1S) P (2C) P (2S) P (4S): only the raise bids game in spades, so eight spades are shown
    sit = _situation("1C 1S Pass 2C Pass 2S Pass 4S Pass")
    assert sit.shown_lengths(0)[Suit.S] + sit.shown_lengths(2)[Suit.S] >= 8
    assert sit.agreed_suit() == Suit.S


def test_the_cue_bidders_notrump_game_over_2nt_leaves_no_fit_agreed() -> None:
    # 1C (1S) P (2C) P (2NT) P (3NT): the no-fit hand's game (the raise bids 4S with 12+)
    sit = _situation("1C 1S Pass 2C Pass 2NT Pass 3NT Pass")
    assert sit.shown_lengths(0)[Suit.S] + sit.shown_lengths(2)[Suit.S] < 8


def test_the_cue_bid_of_a_preempt_agrees_openers_major() -> None:
    # 1S (3H) 4H: the strong raise shows three spades, so opener's Blackwood and six name spades
    sit = _situation("1S 3H 4H Pass")
    assert sit.shown_lengths(2)[Suit.S] >= 3
    assert sit.agreed_suit() == Suit.S


def test_their_suits_are_the_suits_the_opponents_bid_naturally_not_our_cue_bid_of_one() -> None:
    # 1C (1D) P (2C) P (3C): opener's clubs are theirs; advancer's 2C cue bid does not make them ours
    assert _situation("1C 1D Pass 2C Pass 3C Pass").their_suits() == {Suit.C}


def test_their_artificial_bids_name_none_of_their_suits() -> None:
    # (1NT) P (2C): Stayman asks for a major and shows no clubs
    assert _situation("Pass 1NT Pass 2C").their_suits() == frozenset()


def test_their_suits_are_both_opponents_suits() -> None:
    # 1H (1S) 2C (2D): to opener, spades are his left-hand opponent's suit, diamonds his right-hand's
    sit = _situation("1H 1S 2C 2D")
    assert sit.their_suits() == {Suit.S, Suit.D}
    assert sit.natural_suits(1) == [Suit.S] and sit.natural_suits(3) == [Suit.D]


def test_their_suits_after_a_call_leave_out_those_bid_before_it() -> None:
    # 1H (2C) 2NT (3C) 3NT (4D): after our 3NT (call 4) only their diamonds are new
    assert _situation("1H 2C 2NT 3C 3NT 4D").their_suits(after=4) == {Suit.D}


def _bidders_situation(calls: str) -> Situation:
    """The player to call after ``calls`` (dealer North), each call explained by the bidder."""
    return Situation(Auction(Seat.N, calls.split()), lambda made: BIDDER.explain(
        Auction(Seat.N, made[:-1]), made[-1]))


def test_completing_partners_transfer_is_not_a_natural_bid_of_ones_own() -> None:
    # a teacher's note: 1NT P 2H P 2S counted spades as opener's own suit (the completion is not
    # artificial, so `natural_bids` kept it); they are responder's, shown by the transfer
    responder = _bidders_situation("1NT Pass 2H Pass 2S Pass")
    assert responder.natural_suits(2) == []
    assert responder.transferred_to(2) is Suit.S
    assert _bidders_situation("1NT Pass 2C Pass 2H Pass").natural_suits(2) == [Suit.H]  # Stayman's answer
