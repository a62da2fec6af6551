"""Explanations in words: the whole agreement (`text`), the brief one a player says at the table
(`brief`, meanings of one name told once by what they all allow) and a note kept within a length."""

from __future__ import annotations

from collections.abc import Iterator

from bridgetools.bots import Bidder
from bridgetools.bots.bidder import NOTE_LIMIT, bid_deal, call_annotation, with_what_was_shown
from bridgetools.bots.judgement import JudgingBidder, judged_candidates
from bridgetools.bots.meaning import (
    LAST_RESORT_PASS,
    Explanation,
    Force,
    HandFacts,
    Meaning,
    hull,
    lengths_of,
)
from bridgetools.bots.rules import Situation
from bridgetools.bots.slam import TWO_SUITER_WORDS, one_suited
from bridgetools.formats.pbn_write import LINE_LIMIT
from bridgetools.model import Hand, Seat, Suit, Vul
from bridgetools.model.calls import PASS, Call
from bridgetools.rules import Auction
from bridgetools.rules.deck import deal_shuffled

BIDDER = Bidder()


def bid_deal_note(calls: list[str], hand: str) -> str:
    """The note on the call the rule bidder makes with ``hand`` after ``calls`` (dealer North)."""
    auction, cards = Auction(Seat.N, calls), Hand.from_pbn(hand)
    call, chosen = BIDDER.choose(auction, cards)
    annotation = call_annotation(BIDDER, auction, call, cards, Vul.NONE, chosen=chosen)
    assert annotation is not None and annotation.explanation is not None
    return annotation.explanation


SPADES_5 = Meaning("raise", hcp=(6, 9), lengths=((0, 13), (0, 13), (0, 13), (5, 13)))
SPADES_4 = Meaning("raise", hcp=(10, 12), lengths=((0, 13), (0, 13), (0, 13), (4, 13)), balanced=True)


def test_the_hull_of_meanings_allows_every_hand_any_of_them_allows() -> None:
    both = hull([SPADES_5, SPADES_4])
    for pbn in ("KQ432.Q32.32.432", "KQ32.AJ2.Q32.432"):
        facts = HandFacts.of(Hand.from_pbn(pbn))
        assert SPADES_5.allows(facts) or SPADES_4.allows(facts)
        assert both.allows(facts)


def test_the_hull_keeps_only_the_conditions_every_meaning_shares() -> None:
    both = hull([SPADES_5, SPADES_4])
    assert both.hcp == (6, 12) and both.lengths[3] == (4, 13) and both.balanced is None


def test_brief_tells_meanings_of_one_name_once() -> None:
    e = Explanation("2S", (SPADES_5, SPADES_4))
    assert e.text.count("raise") == 2
    assert e.brief == "raise: 6-12 HCP, 4+ spades"


def test_brief_keeps_meanings_of_different_names_apart() -> None:
    other = Meaning("preemptive", hcp=(0, 5), force=Force.SIGN_OFF)
    assert Explanation("2S", (SPADES_5, other)).brief == \
        "raise: 6-9 HCP, 5+ spades; or preemptive, sign-off: at most 5 HCP"


def test_a_label_that_names_its_force_does_not_say_it_twice() -> None:
    assert Meaning("invitational", hcp=(11, 12), force=Force.INVITATIONAL).describe() == \
        "invitational: 11-12 HCP"


OTHERS = (Meaning("preemptive", hcp=(0, 5), force=Force.SIGN_OFF),
          Meaning("invitational", hcp=(10, 12), force=Force.INVITATIONAL))


def test_a_note_leaves_out_the_last_meanings_to_stay_within_its_limit() -> None:
    e = Explanation("2S", (SPADES_5, *OTHERS))
    limit = len(e.note()) - 1
    assert len(e.note(limit)) <= limit and e.note(limit).startswith("raise: 6-9 HCP, 5+ spades; or ")
    assert e.note() == e.brief


def test_a_note_that_leaves_out_meanings_says_how_many_in_a_whole_sentence() -> None:
    # user trial, deal -n 3 --seed 40 board 3: North's 2C note ended "support or more shape; or ...",
    # which read as cut off in the page, `bid` and `autoplay`
    e = Explanation("2S", (SPADES_5, *OTHERS))
    assert e.note(len(e.note()) - 1) == \
        "raise: 6-9 HCP, 5+ spades; or 2 other meanings (no room to show them)"


def test_a_single_meaning_too_long_for_the_limit_is_cut_and_marked() -> None:
    note = Explanation("2S", (SPADES_5,)).note(12)
    assert len(note) <= 12 and note.endswith("...")


def test_every_computer_explanation_fits_a_pbn_note_line() -> None:
    for seed in range(40):
        auction = bid_deal(deal_shuffled(seed=seed), Seat(seed % 4))
        for annotation in auction.annotations:
            if annotation is not None and annotation.explanation:
                assert len(f'[Note "99:{annotation.explanation}"]') <= LINE_LIMIT


def test_the_brief_explanation_of_a_call_allows_the_hand_that_made_it() -> None:
    bidder = Bidder()
    for seed in range(30):
        deal = deal_shuffled(seed=seed)
        auction = Auction(Seat.N)
        while not auction.is_complete:
            hand = deal[auction.turn]
            call = bidder.call(auction, hand)
            e = bidder.explain(auction, call)
            named: dict[tuple[str, bool, Force], list[Meaning]] = {}
            for m in e.meanings:
                named.setdefault((m.label, m.artificial, m.force), []).append(m)
            facts = HandFacts.of(hand)
            assert any(hull(group).allows(facts) for group in named.values())
            auction.add(call)
    assert NOTE_LIMIT < LINE_LIMIT


def test_one_ace_is_said_in_the_singular() -> None:
    assert Meaning("Blackwood reply", aces=(1,)).describe() == "Blackwood reply: 1 ace"
    assert Meaning("Blackwood reply", aces=(0, 4)).describe() == "Blackwood reply: 0 or 4 aces"


def test_an_ace_ask_says_it_asks_for_aces_however_its_rules_differ() -> None:
    e = Bidder().explain(Auction(Seat.N, ["1H", "P", "3H", "P"]), "4NT")
    assert len(e.meanings) > 1 and e.brief.endswith("asks for aces")


def test_a_note_on_a_known_hand_tells_only_the_meaning_the_callers_hand_holds() -> None:
    """A student reading the note on this 3-HCP hand's 2S was told of the raise it is not as well."""
    e = Explanation("2S", (SPADES_5, *OTHERS))
    weak = HandFacts.of(Hand.from_pbn("Q8643.432.32.432"))
    assert e.note(len(e.note()) - 1, weak) == "preemptive, sign-off: at most 5 HCP"
    assert e.note(None, weak) == "preemptive, sign-off: at most 5 HCP"


def test_one_card_is_said_in_the_singular() -> None:
    short = Meaning("splinter", lengths=((0, 1), (0, 13), (0, 13), (4, 13)))
    assert short.describe() == "splinter: 4+ spades, at most 1 club"


def test_a_note_leaves_out_the_forced_reading_when_the_callers_hand_holds_a_tables_meaning() -> None:
    # 1NT P 2C P 2S with four spades is the Stayman reply: the fallback's "longest suit, forced" is not
    # what this hand's call showed, so the note written beside the call does not list it
    e = Bidder().explain(Auction(Seat.N, ["1N", "P", "2C", "P"]), "2S")
    assert "longest suit, forced" in e.text
    stayman = HandFacts.of(Hand.from_pbn("KQ32.K32.A32.Q32"))
    assert e.note(NOTE_LIMIT, stayman) == "Stayman reply: 4+ spades, at most 3 hearts"


def test_a_note_keeps_the_forced_reading_when_it_is_the_only_one_the_hand_holds() -> None:
    forced = Meaning("longest suit", force=Force.FORCED)
    e = Explanation("2S", (SPADES_5, forced))
    strong = HandFacts.of(Hand.from_pbn("AKQ64.AK2.K2.432"))
    assert e.note(None, strong) == "longest suit, forced"


def test_a_longest_suit_is_said_and_sampled_as_four_cards_or_more() -> None:
    # thirteen cards in four suits: a hand's longest suit holds four or more, so a meaning that names one
    # says so and the card player samples it so; a 4-3-3-3 hand that makes the call by it still fits it
    longest = Meaning("longest suit", longest=(Suit.C,), force=Force.FORCED)
    assert longest.describe() == "longest suit, forced: 4+ clubs, clubs a longest suit"
    assert longest.constraint().min_length[Suit.C] == 4
    assert longest.allows(HandFacts.of(Hand.from_pbn("AK2.QJ2.K32.A432")))


def test_openers_forced_new_suit_over_a_one_level_response_shows_four_cards() -> None:
    # 1D P 1S P 2C: the table's new suit (4+ clubs) or the fallback's forced longest suit; partner read
    # the forced reading as no clubs at all (the explanation's text and the card player's sampling)
    e = Bidder().explain(Auction(Seat.N, ["1D", "P", "1S", "P"]), "2C")
    assert "longest suit, forced: 11+ HCP, 4+ clubs, clubs a longest suit" in e.text
    assert e.constraint().min_length[Suit.C] == 4


def test_the_last_resort_pass_is_explained_in_a_players_words() -> None:
    # the pass made when nothing else fits is what a player calls "no other call fits", not the
    # program's "no rule applies"
    e = Bidder().explain(Auction(Seat.N, ["P", "1C", "P", "1H", "P", "1N"]), "P")
    assert e.text == "no other call fits"


def test_a_range_that_rules_no_hand_out_is_not_told() -> None:
    """A game try's points worked out from partner's strength can fall below zero: "-10+ points" says
    nothing a hand could fail, so the note leaves it out."""
    assert Meaning("game in the minor", points=(-10, 50), hcp=(-11, 40),
                   lengths=((0, 13), (0, 13), (0, 13), (3, 13))).describe() == "game in the minor: 3+ spades"


def test_the_game_after_partners_strong_double_tells_no_negative_points() -> None:
    auction = Auction(Seat.N)
    for call in "2H X P 3D P 4C P".split():
        auction.add(call)
    assert "-" not in Bidder().explain(auction, "5C").note().replace("losing-trick", "")


def test_a_blackwood_without_a_void_says_no_void_not_one_card_a_suit() -> None:
    """Every suit at least one card long reads "no void", not "1+ spades, 1+ diamonds, 1+ clubs"."""
    blackwood = Meaning("Blackwood", lengths=((1, 13), (1, 13), (4, 13), (1, 13)), convention="Blackwood")
    assert blackwood.describe() == "Blackwood: 4+ hearts, no void, asks for aces"
    slam = Meaning("slam", lengths=((1, 7), (1, 7), (1, 5), (1, 5)))
    assert slam.describe() == "slam: at most 5 spades, at most 5 hearts, no void"


def test_an_ask_holding_at_least_one_ace_says_so_in_words() -> None:
    assert Meaning("Blackwood", aces=(1, 2, 3, 4)).describe() == "Blackwood: at least 1 ace"
    assert Meaning("small slam", aces=(0, 3, 4)).describe() == "small slam: 0 or 3 or 4 aces"
    assert Meaning("sign-off", aces=(2, 3, 4)).describe() == "sign-off: at least 2 aces"


def test_a_balanced_meaning_shows_two_cards_in_every_suit() -> None:
    # opener's 1NT (balanced) holds two hearts at least, so responder's game in the fit after the heart
    # transfer needs six hearts of his own, not eight
    assert Explanation("1NT", (Meaning("notrump", hcp=(15, 17), balanced=True),)).min_length(Suit.H) == 2
    game = Bidder().explain(Auction(Seat.N, ["1N", "P", "2D", "P", "2H", "P"]), "4H")
    assert "8+ hearts" not in game.text and "6+ hearts" in game.text


def test_a_fallback_meaning_keeps_to_the_hcp_the_players_own_calls_showed() -> None:
    # 1C 1D P 2C P 3C: the overcall showed 8-16, so the overcaller's forced support of advancer's cue bid
    # shows 8+ too, not any HCP (Stayman, once 8+, also holds the weak hand with both majors now)
    e = Bidder().explain(Auction(Seat.N, ["1C", "1D", "P", "2C", "P"]), "3C")
    assert e.brief == "support, forced: 8+ HCP, 3+ clubs"
    assert all(m.hcp[0] >= 8 for m in e.meanings)


def test_the_fallback_offers_no_call_stronger_than_the_players_own_told_range() -> None:
    # a teacher's note: 1D 1S 2D 2S P P, the 6-10 raiser was offered 3H 11+ and a double 12+ (his 2D read
    # whole, with the fallback's competitive raise's 5+ HCP that no hand makes)
    auction = Auction(Seat.N, ["1D", "1S", "2D", "2S", "P", "P"])
    offered = {str(call) for call, meaning in Bidder().candidates(auction) if meaning.hcp[0] > 10}
    assert not offered & {"3H", "3C", "X", "3NT"}


def test_a_second_suit_after_a_transfer_is_not_told_as_a_raise_of_the_notrump_openers_two_cards() -> None:
    # a teacher's note: 1NT P 2H P 2S P 3H also read "invitational raise: 7-8 HCP, 7+ hearts"
    e = Bidder().explain(Auction(Seat.N, ["1NT", "P", "2H", "P", "2S", "P"]), "3H")
    assert e.text == ("second suit, four or more hearts, game forcing: 10+ HCP, 5 spades, 4+ hearts; or "
                      "second suit, five hearts, game forcing: 8-9 HCP, 10+ points, 5 spades, 5 hearts")


def test_2nt_over_a_takeout_double_of_a_major_is_explained_as_jordan() -> None:
    # SAYC: 1H (X) 2NT is Jordan, a limit raise or better in hearts; Jacoby 2NT is made without the double
    e = Bidder().explain(Auction(Seat.N, ["1H", "X"]), "2N")
    assert e.text == ("Jordan 2NT (artificial), forcing: 8+ HCP, 10+ dummy points, 3+ hearts, "
                      "a limit raise or better")


def test_direct_blackwood_is_explained_with_second_round_control_of_the_unbid_suits() -> None:
    # 1H P 4NT: no two quick losers in a suit the side has not bid, which no reply to Blackwood tells about
    e = Bidder().explain(Auction(Seat.N, ["1H", "P"]), "4N")
    assert "second-round control of spades, diamonds, clubs" in e.brief
    assert not e.allows(Hand.from_pbn("AQT7.AK742.J3.Q3"))
    assert e.allows(Hand.from_pbn("AQT7.AK742.K3.A3"))


def test_a_forced_simple_preference_is_explained_as_one() -> None:
    # 1H (1S) P (1NT) P (2D) P: advancer's 2S is simple preference for partner's first suit, two cards or
    # more; the opponents' 2H is no "longest suit" of his
    auction = Auction(Seat.N, ["1H", "1S", "P", "1N", "P", "2D", "P"])
    assert Bidder().explain(auction, "2S").text.startswith("simple preference, forced: 8+ HCP, 2+ spades")
    assert "longest suit" not in Bidder().explain(auction, "2H").text


FALLBACK_WORDS = ("no other call fits", "no agreed meaning")
"""The labels of the fallback's last-resort pass and of a call no rule gives a meaning."""


def test_the_calls_after_weak_stayman_and_the_new_advances_are_explained_by_rules() -> None:
    # each call a hand makes in these sequences has a table's meaning, not the last resort's words: what
    # a teacher reads in the PBN notes of `bridgetools bid --rebid`
    cases = [
        ("1NT P 2C P 2D P 2H P", "AQ2.K32.KT9.Q432"),  # opener passes 2H
        ("1NT P 2C P 2D P 2H P 2S P", "QJ32.QT72.5.J943"),  # responder passes opener's correction
        ("1D 1S P 2NT P 3S P", "Q2.KJ3.AQ54.J432"),  # advancer passes the overcaller's sign-off
        ("1D 1S P 2NT P 3NT P", "Q2.KJ3.AQ54.J432"),
        ("1S 2D P 2NT P 3D P", "KJ3.Q432.Q2.AJ43"),
        ("1S 2D P 2H P", "K32.Q4.AQJ965.52"),  # the overcaller passes advancer's new suit
        ("1S 2D P 2H P", "K32.4.AQJ965.Q52"),  # or rebids his six-card suit
        ("1S 2D P 2H P 3D P", "Q32.AK863.52.975"),  # which advancer passes
    ]
    bidder = Bidder()
    for calls, hand in cases:
        auction = Auction(Seat.N, calls.split())
        call = bidder.call(auction, Hand.from_pbn(hand))
        words = bidder.explain(auction, call).text
        assert not any(w in words for w in FALLBACK_WORDS), (calls, hand, words)


def test_brief_tells_a_meaning_within_another_s_ranges_once_as_the_wider() -> None:
    # East's 2S after 1H 2D Pass: "new suit: 10+ HCP" lies within "new suit at the two level: 8+ HCP"
    spades = ((0, 13), (0, 13), (0, 13), (5, 13))
    narrow = Meaning("new suit", hcp=(10, 40), lengths=spades)
    wide = Meaning("new suit at the two level", hcp=(8, 40), lengths=spades)
    assert Explanation("2S", (narrow, wide)).brief == "new suit at the two level: 8+ HCP, 5+ spades"


def test_brief_keeps_both_meanings_when_neither_holds_the_other() -> None:
    # 6-9 HCP with five spades and 10-12 HCP with four, balanced: each allows hands the other does not
    both = Explanation("2S", (SPADES_5, Meaning("limit raise", hcp=(10, 12), lengths=SPADES_4.lengths,
                                                  balanced=True)))
    assert both.brief == "raise: 6-9 HCP, 5+ spades; or limit raise: 10-12 HCP, 4+ spades, balanced"


def test_a_meaning_that_allows_any_number_of_aces_says_nothing_of_them() -> None:
    assert Meaning("cue bid", hcp=(10, 40), aces=(0, 1, 2, 3, 4)).describe() == "cue bid: 10+ HCP"
    assert Meaning("cue bid", aces=(1, 2, 3, 4)).describe() == "cue bid: at least 1 ace"


def test_brief_keeps_a_conventions_meaning_within_a_natural_ones_ranges() -> None:
    # the wider quantitative meaning allowed every hand the ace ask did, and "asks for aces" was lost
    ace_ask = Meaning("ace ask", hcp=(16, 37), convention="Blackwood")
    brief = Explanation("4NT", (Meaning("quantitative", hcp=(15, 37)), ace_ask)).brief
    assert "asks for aces" in brief and "quantitative" in brief



def test_a_note_says_the_table_s_words_for_a_pass_a_table_rule_made() -> None:
    # P P 1H P 1S: opener's pass with a minimum and three spades is the table's pass of a passed hand's
    # new suit, so the note beside it says so, not the fallback's "no other call fits"
    e = Bidder().explain(Auction(Seat.N, ["P", "P", "1H", "P", "1S", "P"]), "P")
    minimum = HandFacts.of(Hand.from_pbn("A32.KQ982.Q32.32"))
    assert "no other call fits" not in e.note(NOTE_LIMIT, minimum)
    assert e.note(NOTE_LIMIT, minimum).startswith("minimum")


JUDGED_GAME = Meaning("game in notrump", hcp=(7, 40), judged=True)
CHOICE_OF_GAMES = Meaning("choice of games", hcp=(10, 15))


def test_a_note_tells_the_meaning_that_chose_the_call_not_a_wider_one_the_hand_also_holds() -> None:
    # 1NT P 2D P 2H P 3NT with 95.KQ985.Q86.AKT: the rules chose 3NT, so the judge's "7+ HCP" is not told
    e = Explanation("3NT", (CHOICE_OF_GAMES, JUDGED_GAME))
    maker = HandFacts.of(Hand.from_pbn("95.KQ985.Q86.AKT"))
    assert e.note(NOTE_LIMIT, maker, CHOICE_OF_GAMES) == "choice of games: 10-15 HCP"


def test_a_note_tells_the_judges_meaning_when_the_judge_chose_the_call() -> None:
    e = Explanation("3NT", (CHOICE_OF_GAMES, JUDGED_GAME))
    maker = HandFacts.of(Hand.from_pbn("95.KQ985.Q86.AT2"))
    assert e.note(NOTE_LIMIT, maker, JUDGED_GAME) == "game in notrump: 7+ HCP"


def test_a_note_on_the_chosen_meaning_names_its_variants_by_suit() -> None:
    # Stayman with four hearts or with four spades is one agreement: the note names both majors
    e = Bidder().explain(Auction(Seat.N, ["1N", "P"]), "2C")
    hearts = next(m for m in e.meanings if m.label == "Stayman" and m.lengths[Suit.H] == (4, 4))
    note = e.note(NOTE_LIMIT, None, hearts)
    assert note.startswith("Stayman (artificial), forcing: 8+ HCP, 4 hearts or 4 spades")


def test_a_note_on_a_chosen_artificial_call_adds_the_calls_other_table_meanings() -> None:
    # an opponent asking about 2C hears the whole agreement: weak Stayman with both majors too
    e = Bidder().explain(Auction(Seat.N, ["1N", "P"]), "2C")
    spades = next(m for m in e.meanings if m.label == "Stayman" and m.lengths[Suit.S] == (4, 4))
    assert "; or Stayman, weak with both majors" in e.note(None, None, spades)


def test_a_note_on_the_chosen_meaning_tells_one_range_whatever_the_hcp_of_its_rule() -> None:
    # 1H 2C: the overcall's two rules (10-16 with six clubs, 12-16 with five) read alike on every board
    e = Bidder().explain(Auction(Seat.N, ["1H"]), "2C")
    overcalls = [m for m in e.meanings if m.label == "overcall"]
    assert len(overcalls) > 1
    notes = {e.note(NOTE_LIMIT, None, m) for m in overcalls}
    assert len(notes) == 1
    (note,) = notes
    assert "10-16 HCP" in note and "5+ clubs" in note


def test_the_rules_choice_comes_with_the_meaning_of_the_rule_that_made_it() -> None:
    # the table's 2NT comes before the fallback's balanced 7-8 invitation of the same name
    bidder = Bidder()
    auction = Auction(Seat.N, ["1N", "P"])
    call, meaning = bidder.choose(auction, Hand.from_pbn("K32.Q32.J98.Q432"))
    assert str(call) == "2NT" and meaning == next(m for c, m in bidder.candidates(auction) if c == call)


def test_a_pass_of_partners_one_level_opening_is_noted_as_weak() -> None:
    # 1H P P with a 3-count: not "or nothing to show: 6+ HCP", a pass no SAYC responder makes
    weak = Hand.from_pbn("32.432.J432.Q432")
    auction = Auction(Seat.N, ["1H", "P"])
    bidder = Bidder()
    call, chosen = bidder.choose(auction, weak)
    note = bidder.explain(auction, call).note(NOTE_LIMIT, HandFacts.of(weak), chosen)
    assert str(call) == "Pass" and note == "weak: at most 5 HCP"


def test_responders_pass_of_an_unopposed_opening_is_not_read_as_the_pass_after_an_overcall() -> None:
    e = Bidder().explain(Auction(Seat.N, ["1H", "P"]), "P")
    assert "nothing to show" not in e.text
    assert e.text.startswith("weak: at most 5 HCP")


def test_3nt_rather_than_a_minor_is_offered_only_in_a_minor_the_side_has_bid() -> None:
    # S 1C, W P, N 1H, E 1S, S 2H, W 3NT: East-West bid no minor, so no "eight cards in the minor"
    e = Bidder().explain(Auction(Seat.S, ["1C", "P", "1H", "1S", "2H"]), "3NT")
    assert "rather than the minor" not in e.text
    assert "game in notrump" in e.text


def test_the_note_on_a_2nt_invitation_over_1nt_tells_the_tables_8_9() -> None:
    bidder = Bidder()
    auction = Auction(Seat.N, ["1N", "P"])
    nine = Hand.from_pbn("K32.Q32.Q98.Q432")
    call, chosen = bidder.choose(auction, nine)
    note = bidder.explain(auction, call).note(NOTE_LIMIT, HandFacts.of(nine), chosen)
    assert str(call) == "2NT" and note == "invitational: 8-9 HCP"


def test_brief_leaves_out_the_judges_and_the_last_resort_readings_beside_a_tables_meaning() -> None:
    weak = Meaning("weak", hcp=(0, 5))
    last_resort = Meaning(LAST_RESORT_PASS, hcp=(6, 37))
    judged = Meaning("pass", hcp=(0, 13), judged=True)
    assert Explanation("Pass", (weak, last_resort, judged)).brief == "weak: at most 5 HCP"


class _JudgingTo3NT(Bidder):
    """A bidder whose judge prefers 3NT, by its own meaning, to whatever the rules chose."""

    def __init__(self) -> None:
        super().__init__()
        self.judge = True

    def _considers(self, sit: object, call: object, meaning: Meaning) -> bool:
        return True

    def _judged(self, sit: object, offered: object) -> Iterator[tuple[Call, Meaning]]:
        yield Call.parse("3NT"), JUDGED_GAME

    def _judge(self, *args: object) -> Call | None:
        return Call.parse("3NT")


def test_when_the_judge_changes_the_call_its_meaning_is_the_one_that_chose_it() -> None:
    auction = Auction(Seat.N, ["1N", "P"])
    hand = Hand.from_pbn("95.KQ985.Q86.AT2")
    assert str(Bidder().call(auction, hand)) != "3NT"
    assert _JudgingTo3NT().choose(auction, hand) == (Call.parse("3NT"), JUDGED_GAME)


def test_a_balanced_hands_note_does_not_list_the_length_caps_balance_implies() -> None:
    # a balanced hand holds two to five cards a suit: "at most 7 spades" or "2+ clubs" beside it says nothing
    wide = lengths_of([(2, 7), (2, 13), (0, 7), (1, 5)])
    assert Meaning("values", hcp=(16, 18), lengths=wide, balanced=True).describe() == \
        "values: 16-18 HCP, balanced"


def test_a_balanced_hands_note_keeps_a_cap_below_five() -> None:
    # no four-card major is a condition of its own: "at most 3 spades, at most 3 hearts" stays
    no_major = lengths_of([(0, 13), (0, 13), (0, 3), (0, 3)])
    assert Meaning("values", hcp=(16, 18), lengths=no_major, balanced=True).describe() == \
        "values: 16-18 HCP, at most 3 spades, at most 3 hearts, balanced"


def test_a_cap_the_other_suits_minimums_imply_is_left_out() -> None:
    # five spades and four diamonds leave at most four cards for hearts and clubs together
    two_suiter = lengths_of([(0, 13), (4, 13), (0, 4), (5, 13)])
    assert Meaning("two suits", lengths=two_suiter).describe() == "two suits: 5+ spades, 4+ diamonds"


def test_a_cap_of_seven_in_a_suit_the_meaning_asks_no_cards_in_is_left_out() -> None:
    game = Meaning("game in notrump", hcp=(11, 40), lengths=lengths_of([(0, 13), (0, 13), (0, 7), (0, 3)]))
    assert game.describe() == "game in notrump: 11+ HCP, at most 3 spades"


def test_a_suits_range_up_to_seven_cards_is_kept_where_it_asks_for_cards() -> None:
    long = Meaning("one long suit", lengths=lengths_of([(0, 4), (5, 7), (0, 4), (0, 4)]))
    assert "5-7 diamonds" in long.describe()


def test_two_cards_in_every_suit_is_said_as_no_singleton_or_void() -> None:
    choice = Meaning("choice of games", lengths=lengths_of([(2, 13), (2, 13), (5, 5), (2, 13)]))
    assert choice.describe() == "choice of games: 5 hearts, no singleton or void"


def test_a_label_that_says_balanced_is_not_followed_by_balanced_again() -> None:
    minimum = Meaning("balanced minimum", hcp=(11, 14), balanced=True)
    assert minimum.describe() == "balanced minimum: 11-14 HCP"
    assert Meaning("rebid", hcp=(11, 14), balanced=True).describe() == "rebid: 11-14 HCP, balanced"


def test_honours_under_an_opponents_suit_are_told_as_lying_under_his_bid() -> None:
    game = Meaning("game", losers=(0, 6), losers_under=(Suit.H,))
    assert game.describe() == ("game: at most 6 losers, any king or queen of hearts counted as a loser "
                               "(under the opponent who bid hearts)")


def test_variants_in_one_suit_alone_are_not_named() -> None:
    # a preempt of seven spades or eight: "7+ spades" says both
    seven, eight = (Meaning("preempt", lengths=lengths_of([(0, 13), (0, 13), (0, 13), r]))
                    for r in ((7, 7), (8, 13)))
    assert Explanation("3S", (seven, eight)).note(chosen=seven) == "preempt: 7+ spades"


def test_more_variants_than_a_player_would_list_are_left_to_the_meanings_words() -> None:
    # a notrump slam with no long suit or one in any suit: "no two five-card suits", not five variants
    variants = list(one_suited([(1, 7)] * 4))
    slam = [Meaning("slam in notrump", lengths=v, extra=(TWO_SUITER_WORDS,)) for v in variants]
    assert len(slam) == 5
    note = Explanation("6N", tuple(slam)).note(chosen=slam[0])
    assert note == "slam in notrump: no void, no two five-card suits"


def _slam_in_two_suits(extra: tuple[str, ...]) -> list[Meaning]:
    """A notrump slam's variants when only hearts and clubs may be long (at most three spades and four
    diamonds): no long suit, five to seven hearts, or five to seven clubs."""
    variants = list(one_suited([(1, 7), (1, 4), (1, 7), (1, 3)]))  # clubs, diamonds, hearts, spades
    return [Meaning("slam in notrump", lengths=v, extra=extra) for v in variants]


def test_a_slam_s_variants_in_two_suits_are_said_once_by_its_words() -> None:
    """Seed 392's board 3 (1D P 1H P 2S P 6NT): "..., no two five-card suits, at most 4 hearts, at most
    4 clubs or at most 4 hearts, 5-7 clubs or 5-7 hearts, at most 4 clubs"."""
    slam = _slam_in_two_suits((TWO_SUITER_WORDS,))
    assert len(slam) == 3
    note = Explanation("6N", tuple(slam)).note(chosen=slam[0])
    assert note == "slam in notrump: at most 3 spades, at most 4 diamonds, no void, no two five-card suits"


def test_variants_never_long_in_both_of_two_suits_are_said_as_a_player_says_them() -> None:
    slam = _slam_in_two_suits(())
    note = Explanation("6N", tuple(slam)).note(chosen=slam[0])
    assert note == ("slam in notrump: at most 3 spades, at most 4 diamonds, no void, not five-five in "
                    "hearts and clubs")
    shapes = ("A2.KQ987.K2.AJ32", "A2.KQ987.2.AJ632", "A2.KQ98.K32.AJ32")
    hands = [HandFacts.of(Hand.from_pbn(h)) for h in shapes]
    assert [any(m.allows(f) for m in slam) for f in hands] == [True, False, True]  # the words' meaning


def test_a_rebid_whose_rule_asks_nothing_more_is_told_by_what_the_maker_showed() -> None:
    """1D 3C X P 3D: the note was "rebid", the one word; now what opener's calls showed (no club stopper:
    with one the balanced opener bids 3NT)."""
    note = bid_deal_note(["P", "1D", "3C", "X", "P"], "Q84.A6.AK43.9863")
    assert note == "rebid: 11-21 HCP, at most 4 spades, at most 4 hearts, 3+ diamonds"


def test_a_bare_name_is_told_with_what_its_maker_showed_only_for_a_strain_bid_before() -> None:
    auction = Auction(Seat.N, ["1S", "P", "2S", "P"])
    told = [with_what_was_shown(BIDDER, auction, Call.parse(call), Vul.NONE, text) for call, text in (
        ("4S", "rebid"), ("4S", "game, minimum"), ("4S", "rebid: 12 HCP"), ("3NT", "rebid"))]
    assert told == ["rebid: 11-21 HCP, 5+ spades", "game, minimum: 5+ spades",  # (its HCP said by its name)
                    "rebid: 12 HCP", "rebid"]  # (words of its own; notrump not bid before)


def test_a_judged_call_is_explained_in_words_a_student_can_use() -> None:
    auction = Auction(Seat.N)
    for call in "1NT P 2NT P".split():
        auction.add(call)
    sit = Situation(auction, JudgingBidder()._explain_calls)
    judged = dict(judged_candidates(sit, {}))
    note = Explanation("3NT", (judged[Call.parse("3NT")],)).note()
    assert "playing out sample deals of the unseen cards" in note and "double-dummy" not in note


def _note(calls: str, call: str) -> str:
    auction = Auction(Seat.N)
    for made in calls.split():
        auction.add(made)
    return Bidder().explain(auction, call).note()


def test_a_passed_hands_jump_in_a_new_suit_is_not_a_strong_jump_shift() -> None:
    assert "strong jump shift" in _note("1C P", "2D")
    assert "strong jump shift" not in _note("P P 1C P", "2D")


def test_opposite_a_passed_hands_free_bid_opener_does_not_force_to_game_by_the_contested_rules() -> None:
    assert "four-card major, game forcing" in _note("1C 1H 2D P", "2S")
    assert "four-card major, game forcing" not in _note("P P 1C 1H 2D P", "2S")
def test_the_slam_after_gerber_names_the_partnerships_aces_and_the_askers_own() -> None:
    auction = Auction(Seat.N)
    for call in "1NT P 4C P 4S P".split():
        auction.add(call)
    note = Bidder().explain(auction, "6NT").note()
    assert note.startswith("small slam, three or four aces together, the asker holding: 1 or 2 aces")


def test_the_second_major_after_a_transfer_tells_four_or_more_cards() -> None:
    auction = Auction(Seat.N)
    for call in "1NT P 2D P 2H P".split():
        auction.add(call)
    explanation = Bidder().explain(auction, "2S")
    assert "four or more spades" in explanation.note()
    assert explanation.allows(Hand.from_pbn("K9864.AKJ54.Q.A8"))


def test_a_first_seat_pass_is_told_as_fewer_than_twelve_points() -> None:
    # every hand of 12+ HCP opens: the pass's 21 HCP top, kept for the readings, is not told
    explanation = BIDDER.explain(Auction(Seat.N), "P")
    assert "21" not in explanation.text and "21" not in explanation.brief
    assert "at most 11 HCP" in explanation.brief and "fewer than 12 points" in explanation.brief


def test_a_first_seat_pass_is_still_read_up_to_twenty_one() -> None:
    # the readings were tuned on the wider range: narrowing it changed 64 deals on the tuning sets
    assert BIDDER.explain(Auction(Seat.N), "P").hcp_range() == (0, 21)


def test_the_balancing_seat_s_strong_double_is_told_as_a_balancing_double() -> None:
    note = bid_deal_note(["2H", "P", "P"], "42.K3.AKQJ87.AJ5")
    assert note.startswith("balancing double, strong: 16+ HCP")
    assert "bids again" in note


def test_the_short_balancing_double_is_told_by_the_meaning_that_chose_it() -> None:
    note = bid_deal_note(["2D", "P", "P"], "K875.Q654.3.AT87")
    assert note.startswith("balancing double, short in their suit: 8-9 HCP")


def test_the_doublers_jump_raise_of_the_advance_is_invitational_only_below_game() -> None:
    """1S X P 2H P 4H was "strong raise of an advance below four, invitational": 4H is game."""
    assert "strong raise of the advance to game: 19+ HCP" in _note("1S X P 2H P", "4H")
    assert "invitational" not in _note("1S X P 2H P", "4H")
    assert "strong raise of the advance, below game, invitational" in _note("1S X P 2D P", "4D")
    assert "strong raise of the advance past game, invitational to slam" in _note("1S X P 3H P", "5H")


def test_the_note_on_a_known_hands_artificial_call_leaves_out_the_other_meanings_it_does_not_hold() -> None:
    """A 14-HCP hand's Blackwood was noted "...; or Blackwood, a six-card suit ...: 16+ HCP, 6+ hearts"."""
    asks = Meaning("Blackwood", hcp=(14, 40), artificial=True, force=Force.FORCING)
    six = Meaning("Blackwood, a six-card suit", hcp=(16, 40), lengths=((0, 13), (0, 13), (6, 13), (0, 13)),
                  artificial=True, force=Force.FORCING)
    e = Explanation("4NT", (asks, six), tables=(asks, six))
    maker = HandFacts.of(Hand.from_pbn("32.AKQ32.K32.Q32"))
    assert e.note(None, maker, chosen=asks) == "Blackwood (artificial), forcing: 14+ HCP"
    assert "6+ hearts" in e.note(None, chosen=asks)  # the agreement, no hand known


def test_a_slam_invitation_is_not_told_invitational_again() -> None:
    text = Bidder().explain(Auction(Seat.N, ["1NT", "P", "2C", "P", "2H", "P"]), "5H").text
    assert text.startswith("slam invitation:") and "invitational" not in text


def test_the_king_ask_tells_the_four_aces_once() -> None:
    text = Bidder().explain(Auction(Seat.N, ["1NT", "P", "4C", "P", "4S", "P"]), "5C").text
    assert text.count("four aces") == 1


def test_a_grand_slam_note_does_not_tell_the_hcp_its_maker_showed_long_before() -> None:
    # the grand slam is bid on the aces and kings together: "6+ HCP" from the 1D response reads as its values
    auction = Auction(Seat.N, "1C P 1D P 3D P 4NT P 5S P 5NT P 6C P".split())
    text = with_what_was_shown(BIDDER, auction, Call.parse("7D"), Vul.NONE,
                               "grand slam, all four aces and kings together, sign-off")
    assert text.startswith("grand slam") and "HCP" not in text


def test_a_bid_named_in_an_explanation_is_shown_as_the_auctions_bids_are() -> None:
    # "asks opener to bid 2S" stayed in letters beside the auction's 2♠ in show and print
    from bridgetools.formats.text import suits_in_explanation

    auction = Auction(Seat.N)
    auction.add("1N")
    auction.add("P")
    hand = Hand.from_pbn("QJ8765.54.T5.765")
    note = call_annotation(Bidder(), auction, Call.parse("2H"), hand, Vul.NONE)
    assert note is not None and note.explanation is not None
    assert suits_in_explanation(note.explanation, unicode=True).endswith("asks opener to bid 2\u2660")
    assert suits_in_explanation(note.explanation, unicode=False).endswith("asks opener to bid 2S")


def test_the_1nt_openers_pass_after_stayman_is_not_read_below_the_1nt_range() -> None:
    from bridgetools.bots import default_bidder
    from bridgetools.model import Call, Seat, Vul
    from bridgetools.rules import Auction

    for calls in ("1NT P 2C P", "1NT P 2C P 2D P 2S P"):  # passing Stayman, passing responder's 2S
        auction = Auction(Seat.S, [Call.parse(c) for c in calls.split()])
        shown = default_bidder().explain(auction, Call.parse("P"), Vul.NONE)
        assert shown.hcp_range()[1] >= 15, shown.brief  # not "at most 14 HCP" after a 15-17 1NT


def test_a_computers_first_seat_pass_is_noted_at_most_11_hcp_not_by_the_untold_21() -> None:
    """The browser tells a computer's own pass by the meaning that chose it: grouped with the pass's
    untold 0-21 HCP reading (kept for the bidder's readings alone) it said "no opening bid: at most 21
    HCP"."""
    auction, west = Auction(Seat.W), Hand.from_pbn("T8652.4.K85.Q653")
    call, chosen = BIDDER.choose(auction, west)
    assert call is PASS and chosen is not None
    note = BIDDER.explain(auction, call).note(chosen=chosen)
    assert note.startswith("no opening bid: at most 11 HCP") and "21" not in note


def test_a_students_stayman_is_told_with_the_four_card_major_it_promises() -> None:
    """South's own 2C in the browser (`brief`) read "Stayman (artificial), forcing: 8+ HCP", the hull of
    its heart and spade variants, where the record's note says the major too."""
    brief = BIDDER.explain(Auction(Seat.N, ["1N", "P"]), "2C").brief
    assert brief.startswith("Stayman (artificial), forcing: 8+ HCP, 4 hearts or 4 spades; or ")


def test_a_2nt_invitation_over_1nt_is_told_in_the_tables_range_not_merged_with_the_fallbacks() -> None:
    """1NT P 2NT, and 1NT P 2C P 2D P 2NT, read "invitational: 7-9 HCP": the table's 8-9 merged with the
    fallback's balanced 7-8 invitation of the same name."""
    for calls in (["1N", "P"], ["1N", "P", "2C", "P", "2D", "P"]):
        assert BIDDER.explain(Auction(Seat.N, calls), "2N").brief == "invitational: 8-9 HCP"


def test_a_call_a_table_gives_a_meaning_is_told_without_the_fallbacks_alternatives() -> None:
    """South's 4H over the super-accept listed the fallback's games in the fit besides the table's
    sign-off, and his 3NT after Stayman the fallback's "eight cards in the minor"."""
    super_accept = Auction(Seat.N, ["1N", "P", "2D", "P", "3H", "P"])
    assert BIDDER.explain(super_accept, "4H").brief == "to play, sign-off: 4+ HCP"
    stayman = Auction(Seat.N, ["1N", "P", "2C", "P", "2H", "P"])
    assert BIDDER.explain(stayman, "3N").brief == "to play, sign-off: 10-15 HCP"


def test_a_declined_invitation_is_told_in_the_tables_range() -> None:
    """Opener's pass of 1NT P 2NT read "at most 16 HCP", the table's 15 merged with the fallback's
    minimum's 15-16 of the same name."""
    declines = BIDDER.explain(Auction(Seat.N, ["1N", "P", "2C", "P", "2S", "P", "2N", "P"]), "P")
    assert declines.brief == "declines the invitation: at most 15 HCP"


def test_what_a_players_calls_showed_is_worded_by_the_meanings_told() -> None:
    """Responder's 6H after a transfer to spades and 3H: the untold reading of his 3H (seven hearts, no
    hand makes it) widened "5 spades" to "5+ spades" in the words of what his calls showed."""
    auction = Auction(Seat.N, "1NT P 2H P 2S P 3H P 4H P 4NT P 5H P".split())
    words = with_what_was_shown(BIDDER, auction, Call.parse("6H"), Vul.NONE,
                                "small slam, the five level is past")
    assert words.endswith(": 5 spades, 4+ hearts")


def test_bid_notes_a_pass_a_tables_rule_made_for_a_side_that_has_called() -> None:
    """A teacher's record explained no pass: opener declining the invitation and responder leaving the
    completed transfer are noted; a first-seat pass, an opponent's over 1NT and the fallback's last-resort
    pass are not."""
    def note(calls: list[str], hand: str) -> str | None:
        auction, cards = Auction(Seat.N, calls), Hand.from_pbn(hand)
        call, chosen = BIDDER.choose(auction, cards)
        assert call is PASS
        annotation = call_annotation(BIDDER, auction, call, cards, Vul.NONE, chosen=chosen)
        return None if annotation is None else annotation.explanation

    assert note(["1N", "P", "2N", "P"], "KQ2.KJ3.A32.Q432") == "declines the invitation: at most 15 HCP"
    assert note(["1N", "P", "2D", "P", "2H", "P"], "432.Q8643.432.32") == "to play: at most 7 HCP"
    assert note([], "432.Q8643.432.32") is None
    assert note(["1N"], "432.Q8643.432.32") is None
    assert note(["1N", "P", "2D", "P", "3H", "P", "4H", "P"], "KQ2.AK32.Q32.Q32") is None


def test_a_pass_only_the_fallback_gives_is_told_by_its_meaning_not_by_the_last_resort() -> None:
    """South's pass of partner's limit raise over a double read "no other call fits" in the browser
    (`brief`): with no table's meaning, the fallback's last-resort pass, which any hand holds, covered its
    "declines the invitation" and the note said nothing of the hand."""
    declines = BIDDER.explain(Auction(Seat.N, ["1S", "P", "3S", "X"]), "P")
    assert declines.brief == "declines the invitation: 11-13 HCP, a minimum"


def test_blackwood_is_told_as_the_slam_try_reads_it_first_and_then_as_the_table_does() -> None:
    # the bidder reads 4NT with the slam tries before the tables: partner is told both, in that order
    brief = BIDDER.explain(Auction(Seat.N, "1S P 2H P 2S P".split()), "4N").brief
    assert brief.startswith("Blackwood (artificial), forcing: 3+ spades, asks for aces; or ")
    assert "; or Blackwood, three-card support and slam values (artificial), forcing: 16+ HCP" in brief


def test_a_slam_bid_on_the_partnerships_values_is_told_beside_the_tables_meaning_of_the_call() -> None:
    brief = BIDDER.explain(Auction(Seat.N, "1C P 3N P".split()), "6N").brief
    assert brief.startswith("slam in notrump: 16+ HCP")
    assert brief.endswith("; or to play, sign-off: 17-21 HCP")


def test_a_slam_tries_meaning_comes_from_the_slam_tries_not_the_fallback() -> None:
    explained = BIDDER.explain(Auction(Seat.N, "1C P 3N P".split()), "6N")
    assert [explained.origin(m) for m in explained.meanings] == ["slam", "slam", "slam", "table"]


def test_a_range_the_label_names_is_not_said_again_but_one_it_names_otherwise_is() -> None:
    """"balanced, 18-19: 18-19 HCP" says the range twice: the label's "18-19" is the HCP. A label's "19+
    HCP" is not the meaning's 19-21, "opposite 6-10" is partner's range and "9+ trumps" another count."""
    words = Meaning("balanced, 18-19", hcp=(18, 19), balanced=True,
                    lengths=((0, 13), (0, 13), (0, 13), (0, 13))).describe()
    assert words == "balanced, 18-19"
    assert Meaning("six-card major, 19+ HCP", hcp=(19, 21)).describe() == "six-card major, 19+ HCP: 19-21 HCP"
    assert Meaning("no game opposite 6-10", hcp=(6, 10)).describe() == "no game opposite 6-10: 6-10 HCP"
    assert Meaning("jump, 9+ trumps", hcp=(9, 40)).describe() == "jump, 9+ trumps: 9+ HCP"


def test_a_clause_the_label_says_is_not_said_again() -> None:
    """"takeout, 15+ HCP, short in their suit: 15+ HCP, ..." says 15+ HCP once; a clause the label denies
    or gives partner is the hand's still."""
    words = Meaning("takeout, 15+ HCP", hcp=(15, 40), lengths=((0, 13), (0, 13), (0, 13), (0, 1))).describe()
    assert words == "takeout, 15+ HCP: at most 1 spade"
    # "no stopper in hearts" in a label is not the hand's "stopper in hearts"; "opposite 10+ HCP" is partner's
    assert Meaning("slam opposite 10+ HCP", hcp=(10, 40)).describe() == "slam opposite 10+ HCP: 10+ HCP"
    assert Meaning("no stopper in hearts", extra=("stopper in hearts",)).describe() \
        == "no stopper in hearts: stopper in hearts"


def test_no_singleton_beside_no_singleton_or_void_is_said_once() -> None:
    """A meaning whose lengths say "no singleton or void" and whose words add "no singleton" says it once."""
    words = Meaning("game in notrump", hcp=(12, 40), lengths=((2, 13),) * 4,
                    extra=("no major fit, no singleton",)).describe()
    assert words == "game in notrump: 12+ HCP, no singleton or void, no major fit"


def test_a_clause_said_twice_is_said_once() -> None:
    words = Meaning("raise", hcp=(6, 9), extra=("partnership 25+ HCP", "partnership 25+ HCP")).describe()
    assert words == "raise: 6-9 HCP, partnership 25+ HCP"


def test_no_singleton_or_void_after_a_label_saying_no_short_suit_is_left_out() -> None:
    words = Meaning("game in notrump, no short suit", hcp=(12, 40), lengths=((2, 13),) * 4).describe()
    assert words == "game in notrump, no short suit: 12+ HCP"
