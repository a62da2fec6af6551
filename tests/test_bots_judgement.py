"""Judgement by double-dummy simulation (bridgetools.bots.judgement): slam decisions weighed on layouts
that fit the auction, calls still inside their own explanations, the rule bidder kept apart."""

from __future__ import annotations

import pytest

import bridgetools as bt
from bridgetools.bots import Bidder, judgement
from bridgetools.bots import judgement as bidder_module
from bridgetools.bots.inference import auction_constraints
from bridgetools.bots.judgement import JUDGED, JudgingBidder
from bridgetools.bots.meaning import HandFacts
from bridgetools.bots.rules import Situation
from bridgetools.bots.sampling import HandConstraint, sample_deals
from bridgetools.dd import _dds, dd_makes
from bridgetools.errors import MissingExtraError
from bridgetools.model import PASS, Bid, Call, Contract, Deal, Hand, Seat, Strain, Suit, Vul
from bridgetools.rules import Auction
from bridgetools.rules.deck import deal_shuffled
from bridgetools.scoring import imps, score

pytest.importorskip("endplay")

# North responded 1H to South's 1C with 20 HCP and bid the fourth suit over South's 2C rebid; South's
# 3NT leaves the rules in game, but with 32+ HCP together 6NT makes on nearly every layout.
STRONG = ("E", "P 1C P 1H P 2C P 2D P 3NT P", "AQ8.AKQJ73.KJ64.")


def _auction(dealer: str, calls: str) -> Auction:
    return Auction(Seat.parse(dealer), calls.split())


def _judged_call(judged: JudgingBidder, auction: Auction, hand: Hand, vulnerability: Vul) -> Call:
    """``judged``'s call with ``hand``, checked to be explained as judged by simulation, in words the
    hand fits."""
    call = judged.call(auction, hand, vulnerability)
    explanation = judged.explain(auction, call)
    assert explanation.allows(hand) and JUDGED in explanation.text
    return call


def test_dd_makes_agrees_with_the_double_dummy_table() -> None:
    deals = [deal_shuffled(seed=s) for s in range(2)]
    tables = [bt.dd_table(d) for d in deals]
    for strain in (Strain.S, Strain.NT):
        for tricks in (6, 9):
            made = dd_makes(deals, strain, Seat.E, tricks)
            assert made == [(t[Seat.E, strain] or 0) >= tricks for t in tables]


def test_the_judge_bids_a_slam_the_layouts_make_where_the_rules_stop_in_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(judgement, "JUDGE_SLAM", True)
    dealer, calls, hand = STRONG
    auction, h = _auction(dealer, calls), Hand.from_pbn(hand)
    assert Bidder().call(auction, h) is PASS
    assert _judged_call(JudgingBidder(), auction, h, Vul.EW) == Bid(6, Strain.NT)


def test_the_judge_asks_for_aces_over_partners_sign_off_where_the_layouts_make_slam() -> None:
    # 1S 4D (splinter) 4S: opener signs off, but responder's 15 HCP with a void and five-four in the red
    # suits make slam on most layouts; the rules pass, the judge asks for aces (20261201 board 696)
    auction, h = _auction("W", "1S P 4D P 4S P"), Hand.from_pbn("KT32.AK743..AJ87")
    assert Bidder().call(auction, h) is PASS
    judged = JudgingBidder()
    call = _judged_call(judged, auction, h, Vul.NONE)
    assert call == Bid(4, Strain.NT)
    assert judged.call(auction, h, Vul.NONE) == call


def test_the_judge_does_not_weigh_6nt_over_partners_sign_off() -> None:
    # P 1D 3C 3S P 3NT: 6NT on 18 HCP opposite the sign-off failed on the real deal (seed 17 board 95,
    # where responder held K97632.AT2.AK.A3, which now plays 4S over 3NT), as it did each time it was bid
    # over a sign-off; only a slam in a fit is weighed there
    auction, h = _auction("S", "P 1D 3C 3S P 3NT P"), Hand.from_pbn("K9763.AT2.AK.A32")
    judged = JudgingBidder()
    assert Bid(6, Strain.NT) not in [c for c, m in judged.candidates(auction) if m.judged]
    assert judged.call(auction, h, Vul.NONE) is PASS


def test_slams_are_not_judged_unless_asked() -> None:
    dealer, calls, hand = STRONG
    auction, h = _auction(dealer, calls), Hand.from_pbn(hand)
    assert JudgingBidder().call(auction, h, Vul.EW) is PASS


def _spade_deals() -> list[Deal]:
    return [deal_shuffled(seed=s) for s in range(24)]


def test_the_judge_counts_each_contracts_real_tricks_down_to_two_undertricks() -> None:
    deals = _spade_deals()
    tricks, searches = judgement._tricks(deals, Strain.S, Seat.N, [2, 4])
    table = [bt.dd_table(d)[Seat.N, Strain.S] or 0 for d in deals]
    assert tricks == [min(10, max(5, t)) for t in table]
    assert any(t < 8 for t in table) and 0 < searches <= 3 * len(deals)


def _option(level: int, strain: Strain = Strain.S) -> judgement._Option:
    return judgement._Option(Bid(level, strain), level, strain, Seat.N)


def test_the_judge_scores_each_option_on_the_same_layouts_by_exact_duplicate_score() -> None:
    deals = _spade_deals()
    table = [bt.dd_table(d)[Seat.N, Strain.S] or 0 for d in deals]
    for vul in (Vul.NONE, Vul.NS):
        gains, _ = judgement._gains([_option(2), _option(4)], deals, vul, (Seat.N, Seat.S))
        vulnerable = vul.is_vulnerable(Seat.N)
        expected = [imps(score(Contract(4, Strain.S), max(5, t), vulnerable)
                         - score(Contract(2, Strain.S), max(5, t), vulnerable)) for t in table]
        assert gains == [[0] * len(deals), expected]


def test_defending_their_contract_scores_minus_their_declarers_score_on_the_same_layouts() -> None:
    deals = _spade_deals()
    theirs = [bt.dd_table(d)[Seat.E, Strain.H] or 0 for d in deals]
    ours = [bt.dd_table(d)[Seat.N, Strain.S] or 0 for d in deals]
    defend = judgement._Option(PASS, 3, Strain.H, Seat.E)
    gains, _ = judgement._gains([defend, _option(4)], deals, Vul.EW, (Seat.N, Seat.S))
    expected = [imps(score(Contract(4, Strain.S), min(10, max(7, s)), False)
                     + score(Contract(3, Strain.H), min(9, max(6, h)), True))
                for s, h in zip(ours, theirs, strict=True)]
    assert gains == [[0] * len(deals), expected]


def test_the_judge_weighs_defending_their_bid_that_stands_against_the_rules_game() -> None:
    # 1S 2H 2S 3H: East's 3H stands if North passes; where the rules bid 4S the judge may defend 3H instead
    bidder = JudgingBidder()
    sit = Situation(_auction("N", "1S 2H 2S 3H"), bidder._explain_calls)
    judged = dict(judgement.judged_candidates(sit, {}))
    assert PASS in judged
    offers = dict(bidder._offers(tuple(sit.calls)))
    game = Bid(4, Strain.S)
    assert judgement.considers(sit, game, offers[game])
    placed = judgement._placement(sit, game, offers[game])
    assert placed is not None
    options = judgement._options(sit, placed, [(PASS, judged[PASS])])
    assert [(o.call, o.level, o.strain, o.declarer) for o in options] == [
        (game, 4, Strain.S, Seat.N), (PASS, 3, Strain.H, Seat.E)]


def test_the_judge_does_not_bid_game_over_the_rules_pass_of_their_bid() -> None:
    # measured: a judged game over their contract cost game precision on every seed (docs/performance.md)
    bidder = JudgingBidder()
    sit = Situation(_auction("N", "1S 2H 2S 3H"), bidder._explain_calls)
    offers = dict(bidder._offers(tuple(sit.calls)))
    assert not judgement.considers(sit, PASS, offers[PASS])


def test_the_judge_weighs_defence_only_after_partner_has_bid_naturally() -> None:
    bidder = JudgingBidder()
    assert judgement._defend_ready(Situation(_auction("N", "1S 2H 2S 3H"), bidder._explain_calls))
    assert not judgement._defend_ready(Situation(_auction("N", "1S 2H P 3H"), bidder._explain_calls))


def test_the_sequential_test_settles_only_a_clear_decision_after_enough_layouts() -> None:
    options = [_option(2), _option(4)]
    few, losing, winning = [[0] * 8, [-6] * 8], [[0] * 16, [-6] * 16], [[0] * 16, [10] * 16]
    mixed = [[0] * 16, [10, -6] * 8]
    assert judgement._settled(options, few) is None
    assert judgement._settled(options, losing) == 0
    assert judgement._settled(options, winning) == 1
    assert judgement._settled(options, mixed) is None


def _stages_solved(monkeypatch: pytest.MonkeyPatch, deadline: float | None) -> int:
    """How many stages of layouts `_weigh` solves when every layout is a coin toss between the options."""
    stages = []

    def coin_toss(options, deals, vulnerability, side):  # type: ignore[no-untyped-def]
        stages.append(len(deals))
        return [[0] * len(deals), [10, -6] * (len(deals) // 2)], 1

    monkeypatch.setattr(judgement, "_gains", coin_toss)
    deals = [deal_shuffled(seed=s) for s in range(32)]
    judgement._weigh([_option(2), _option(4)], deals, Vul.NONE, (Seat.N, Seat.S), deadline)
    return len(stages)


def test_a_judged_decision_stops_solving_layouts_when_its_time_budget_is_spent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert _stages_solved(monkeypatch, None) == judgement.SAMPLES // judgement.STAGE
    assert _stages_solved(monkeypatch, 0.0) == 1


def test_the_computer_players_at_the_table_judge_their_calls_within_a_time_budget() -> None:
    from bridgetools.table.players import CALL_BUDGET, ComputerPlayer

    bidder = ComputerPlayer(seed=1, judge=True).bidder
    assert isinstance(bidder, JudgingBidder)
    assert bidder.budget == CALL_BUDGET
    assert bidder_module.default_bidder(True).budget is None  # type: ignore[attr-defined]


def test_a_judged_call_is_offered_only_to_a_judging_bidder() -> None:
    dealer, calls, _ = STRONG
    auction = _auction(dealer, calls)
    assert JUDGED not in Bidder().explain(auction, "6NT").text


def test_the_judge_leaves_a_hand_below_its_high_card_floor_to_the_rules() -> None:
    dealer, calls, _ = STRONG
    auction, weak = _auction(dealer, calls), Hand.from_pbn("Q82.AKJ873.K64.4")
    assert JudgingBidder().call(auction, weak) == Bidder().call(auction, weak)


def test_the_layouts_are_seeded_from_the_hand_and_the_auction() -> None:
    dealer, calls, hand = STRONG
    auction, h = _auction(dealer, calls), Hand.from_pbn(hand)
    other = _auction(dealer, calls.replace("3NT", "4NT"))
    assert judgement._seed(h, auction) == judgement._seed(h, _auction(dealer, calls))
    assert judgement._seed(h, auction) != judgement._seed(h, other)


def test_without_the_dd_extra_the_bidder_is_the_rule_bidder(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise MissingExtraError("double-dummy analysis", "dd")

    monkeypatch.setattr(_dds, "dds", missing)
    assert not judgement.available()
    assert not JudgingBidder().judge


def test_the_plain_bidder_is_the_rule_bidder() -> None:
    assert not Bidder().judge


# East opened 1H on five hearts and showed clubs; West's 3H invites: the rules pass with 13 HCP, but game
# in the fit makes on most layouts that fit the auction.
FIT = ("E", "1H P 1S P 2C P 3H P", "QJ.J5432.54.AKQ5")


def test_the_judge_bids_game_in_a_fit_where_the_rules_stop_short() -> None:
    dealer, calls, hand = FIT
    auction, h = _auction(dealer, calls), Hand.from_pbn(hand)
    call = _judged_call(JudgingBidder(), auction, h, Vul.NONE)
    assert Bidder().call(auction, h) != call == Bid(4, Strain.H)


def test_the_judge_bids_the_major_game_not_3nt_with_eight_trumps_partner_has_shown() -> None:
    auction, hand = _auction("N", "1NT P 2H P 2S P 3S P"), Hand.from_pbn("AK6.K83.QT6.K985")
    assert _judged_call(JudgingBidder(), auction, hand, Vul.NS) == Bid(4, Strain.S)


def test_judged_3nt_says_it_denies_a_fit_in_partners_major() -> None:
    bidder = JudgingBidder()
    sit = Situation(_auction("N", "1NT P 2H P 2S P 3S P"), bidder._explain_calls)
    notrump = dict(judgement.judged_candidates(sit, {}))[Bid(3, Strain.NT)]
    assert notrump.lengths[Suit.S] == (0, 1)
    assert not notrump.allows(HandFacts.of(Hand.from_pbn("AK6.K83.QT6.K985")))
    assert "at most 1 spade" in bidder.explain(sit.auction, "3NT", Vul.NS).text


def test_a_judged_pass_is_offered_only_after_partners_bid_that_does_not_force() -> None:
    bidder = JudgingBidder()
    invited = Situation(_auction("N", "1NT P 2NT P"), bidder._explain_calls)
    forced = Situation(_auction("N", "1NT P 2C P"), bidder._explain_calls)
    assert PASS in dict(judgement.judged_candidates(invited, {}))
    assert PASS not in dict(judgement.judged_candidates(forced, {}))


def test_the_judge_weighs_passing_partners_bid_but_not_a_raise_partner_may_carry_on_from() -> None:
    bidder = JudgingBidder()
    over_opening = Situation(_auction("N", "1S P"), bidder._explain_calls)
    raise_, meaning = next((c, m) for c, m in bidder._offers(tuple(over_opening.calls))
                           if c == Bid(2, Strain.S) and not m.artificial)
    pass_meaning = next(m for c, m in bidder._offers(tuple(over_opening.calls)) if c is PASS)
    assert judgement.considers(over_opening, PASS, pass_meaning)
    assert not judgement.considers(over_opening, raise_, meaning)


def test_judged_game_needs_the_partnerships_high_card_floor() -> None:
    bidder = JudgingBidder()
    sit = Situation(_auction("N", "1S P"), bidder._explain_calls)
    game = dict(judgement.judged_candidates(sit, {}))[Bid(4, Strain.S)]
    floor = game.hcp[0]
    fit = "KJ843.5432.5432."
    weak, strong = Hand.from_pbn(fit), Hand.from_pbn("KJ843.A432.K432.")
    assert weak.hcp < floor <= strong.hcp
    assert not game.allows(HandFacts.of(weak)) and game.allows(HandFacts.of(strong))


def test_the_rules_choice_of_a_hand_by_its_facts_is_the_rule_call() -> None:
    bidder = Bidder()
    for seed in range(20):
        deal = deal_shuffled(seed=seed)
        auction = Auction(Seat.N)
        while not auction.is_complete and len(auction.calls) < 12:
            hand = deal[auction.turn] or Hand(0)
            call = bidder.rule_call(auction, hand)
            assert bidder.rule_choice(tuple(auction.calls), HandFacts.of(hand)) == call
            auction.add(call)


def test_batched_layouts_keep_the_hand_and_fit_the_auctions_ranges() -> None:
    dealer, calls, hand = STRONG
    auction, h = _auction(dealer, calls), Hand.from_pbn(hand)
    shown = auction_constraints(auction, Bidder().explain)
    deals = sample_deals(Seat.N, h, 32, 5, shown)
    assert len(deals) == 32
    assert all(d[Seat.N] == h and all(len(d[s] or ()) == 13 for s in Seat) for d in deals)
    assert all(c.misfit(d[s] or Hand(0)) == 0 for d in deals for s, c in shown.items() if s != Seat.N)


def test_batched_layouts_are_fixed_by_the_seed() -> None:
    h = Hand.from_pbn("AQ8.AKQJ73.KJ64.")
    shown = {Seat.S: HandConstraint(hcp_min=10, hcp_max=15)}
    first = sample_deals(Seat.N, h, 8, 3, shown)
    assert first == sample_deals(Seat.N, h, 8, 3, shown) != sample_deals(Seat.N, h, 8, 4, shown)


def test_batched_layouts_offer_only_hands_inside_the_ranges_to_the_finer_test() -> None:
    h = Hand.from_pbn("AQ8.AKQJ73.KJ64.")
    shown = {Seat.S: HandConstraint(hcp_min=10, hcp_max=12)}
    seen: list[int] = []

    def accept(hands: object) -> bool:
        assert isinstance(hands, dict)
        seen.append(hands[Seat.S].hcp)
        return bool(hands[Seat.S].length(Suit.S) >= 4)

    deals = sample_deals(Seat.N, h, 8, 1, shown, accept)
    assert seen and all(10 <= p <= 12 for p in seen)
    assert all((d[Seat.S] or Hand(0)).length(Suit.S) >= 4 for d in deals)


def test_batched_layouts_loosen_the_ranges_when_no_hand_fits() -> None:
    impossible = {Seat.W: HandConstraint(hcp_min=30, hcp_max=37)}
    deals = sample_deals(Seat.E, Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"), 4, 1, impossible)
    assert len(deals) == 4


def test_the_commands_bidder_judges_when_asked_and_is_shared() -> None:
    assert bt.bots.default_bidder(judge=True).judge
    assert not bt.bots.default_bidder(judge=False).judge
    assert bt.bots.default_bidder().judge == bidder_module.JUDGE_BY_DEFAULT
    assert bt.bots.default_bidder(judge=True) is bt.bots.default_bidder(judge=True)


def test_the_judging_bidder_times_only_the_decisions_it_simulates() -> None:
    dealer, calls, hand = FIT
    judged = JudgingBidder()
    weak = Hand.from_pbn("2.J5432.5432.432")
    assert judged.call(_auction(dealer, calls), weak) is PASS
    assert judged.timings == []
    judged.call(_auction(dealer, calls), Hand.from_pbn(hand))
    assert len(judged.timings) == 1 and judged.timings[0] > 0


# Opener's 3NT after 1S 2D 2S 3S is a table's call; the judging bidder also offers 3NT there as a judged
# game, but partner reads opener's 3NT by the table alone, so the slam tries over it mean what they mean
# to the rules (the judged meaning widened opener's range and changed every 4NT and 6NT offered).
TABLE_3NT = ("N", "P 1S P 2D P 2S P 3S P 3NT P")


def test_a_judged_meaning_does_not_change_how_the_rules_read_a_tables_call() -> None:
    dealer, calls = TABLE_3NT
    auction = _auction(dealer, calls)
    ruled = [(c, m) for c, m in JudgingBidder().candidates(auction) if not m.judged]
    assert ruled == list(Bidder().candidates(auction))
    assert any(m.judged for m in JudgingBidder().explain(_auction(dealer, calls[:-6]), "3NT").meanings)


def test_the_judge_does_not_weigh_game_once_partner_has_declined_the_invitation() -> None:
    # 1NT P 2H P 2S P 2NT P 3S P: opener knew responder's 9 HCP top and signed off; no game to simulate
    bidder = JudgingBidder()
    declined = Situation(_auction("N", "1NT P 2H P 2S P 2NT P 3S P"), bidder._explain_calls)
    assert not list(judgement.judged_candidates(declined, {}))
    hand = Hand.from_pbn("AKJ52.T753.J9.96")
    assert bidder.call(declined.auction, hand) is PASS


# A teacher's trial: South dealt, P P 1C X P 1H P; West's 1H is the forced advance of East's takeout double
# (0-8 HCP, it may hold nothing), and East holds 23 HCP: the rules bid 3NT, which makes.
FORCED_ADVANCE = ("S", "P P 1C X P 1H P", "JT9.AQ2.KQJ.AKQJ")


def test_the_judge_weighs_no_pass_of_partners_forced_advance_of_a_takeout_double() -> None:
    bidder = JudgingBidder()
    dealer, calls, _ = FORCED_ADVANCE
    advanced = Situation(_auction(dealer, calls), bidder._explain_calls)
    offers = dict(bidder._offers(tuple(advanced.calls)))
    game = Bid(3, Strain.NT)
    assert PASS not in dict(judgement.judged_candidates(advanced, {}))
    assert not judgement.considers(advanced, game, offers[game])


def test_the_judge_still_weighs_passing_partners_free_advance_of_a_takeout_double() -> None:
    # 1C X 1S 2H P: responder's 1S freed West, whose 2H is a free bid (6-11 HCP), not a forced one
    bidder = JudgingBidder()
    free = Situation(_auction("N", "1C X 1S 2H P"), bidder._explain_calls)
    assert PASS in dict(judgement.judged_candidates(free, {}))


def test_the_judging_bidder_bids_game_over_partners_forced_advance_with_game_values() -> None:
    dealer, calls, hand = FORCED_ADVANCE
    auction, h = _auction(dealer, calls), Hand.from_pbn(hand)
    assert Bidder().call(auction, h) == Bid(3, Strain.NT)
    assert JudgingBidder().call(auction, h) == Bid(3, Strain.NT)
    assert "partnership at most" not in JudgingBidder().explain(auction, PASS).text


def test_the_judge_still_weighs_passing_partners_runout_from_a_penalty_double() -> None:
    # 1NT X P 2H P: East's double of 1NT is for penalty, which West may pass; his 2H, a weak runout from a
    # hand that may hold nothing, is his choice and a contract, not a forced answer
    bidder = JudgingBidder()
    runout = Situation(_auction("N", "1NT X P 2H P"), bidder._explain_calls)
    assert PASS in dict(judgement.judged_candidates(runout, {}))
