"""The card player reads the auction: each seat's calls, by the bidder's explanations, become the ranges
its hidden hand is sampled within, loosened so an off-system call stays possible."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bridgetools.bots import Bidder, CardPlayer, HandConstraint, View, sample_layouts
from bridgetools.bots.inference import auction_constraints, constraint_of
from bridgetools.bots.meaning import Explanation, Meaning
from bridgetools.model import Call, Deal, Seat, Suit
from bridgetools.rules import Auction, Play

DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")


def test_a_call_shows_the_hull_of_its_meanings() -> None:
    weak = Meaning("weak", hcp=(5, 10), lengths=((0, 13), (0, 13), (6, 6), (0, 13)))
    strong = Meaning("strong", hcp=(22, 40), points=(0, 30))
    shown = constraint_of(Explanation("2H", (weak, strong)))
    assert shown == HandConstraint(5, 30, (0, 0, 0, 0), (13, 13, 13, 13))


def test_a_balanced_meaning_holds_two_to_five_cards_a_suit() -> None:
    shown = constraint_of(Explanation("1NT", (Meaning("1NT", hcp=(15, 17), balanced=True),)))
    assert shown == HandConstraint(15, 17, (2, 2, 2, 2), (5, 5, 5, 5))


def test_each_seat_keeps_what_all_its_calls_showed() -> None:
    bidder = Bidder()
    auction = Auction(Seat.N, ["1NT", "P", "2C", "P", "2H", "P", "4H", "P", "P", "P"])
    shown = auction_constraints(auction, bidder.explain)
    so_far = Auction(Seat.N)
    expected: dict[Seat, HandConstraint] = {}
    for call in auction.calls:
        told = constraint_of(bidder.explain(so_far, call))
        expected[so_far.turn] = expected.get(so_far.turn, HandConstraint()).narrowed(told)
        so_far.add(call)
    assert shown[Seat.N] == expected[Seat.N]
    assert shown[Seat.N].hcp_min >= 15 and shown[Seat.N].hcp_max <= 17
    assert shown[Seat.S].min_length[Suit.H] >= 4


def test_a_call_that_contradicts_the_seats_earlier_calls_adds_nothing() -> None:
    def explain(auction: Auction, call: Call) -> Explanation:
        hcp = (15, 17) if len(auction.calls) == 0 else (0, 5)  # North's rebid contradicts the opening
        return Explanation(str(call), (Meaning(str(call), hcp=hcp),))

    auction = Auction(Seat.N, ["1NT", "P", "2C", "P", "2D", "P", "P", "P"])
    assert auction_constraints(auction, explain)[Seat.N] == HandConstraint(15, 17)


def test_a_seat_whose_calls_showed_nothing_is_left_out() -> None:
    def explain(auction: Auction, call: Call) -> Explanation:
        return Explanation(str(call), (Meaning("no agreed meaning"),))

    assert auction_constraints(Auction(Seat.N, ["1C", "P", "P", "P"]), explain) == {}


def test_layouts_of_an_off_system_hand_still_come_from_the_loosened_ranges() -> None:
    # West "opened 1NT" (15-17 balanced): every layout gives West a hand within the loosened 13-19 HCP
    # and one to six cards a suit, so a 1NT opener of 18 HCP or with a singleton is among them.
    view = View.of_play(Play(DEAL, "3NT", "S", ["S3"]))
    shown = HandConstraint(15, 17, (2, 2, 2, 2), (5, 5, 5, 5)).loosened()
    layouts = list(sample_layouts(view, 8, random.Random(5), {Seat.W: shown}, tries=400))
    assert len(layouts) == 8
    assert all(shown.misfit(layout.hand(Seat.W).add(view.played[0][1])) == 0 for layout in layouts)


class _Recorded:
    """Stands in for `sample_layouts`, keeping the constraints each decision sampled with."""

    def __init__(self) -> None:
        self.seen: list[Mapping[Seat, HandConstraint] | None] = []

    def __call__(self, view: View, count: int, rng: random.Random,
                 constraints: Mapping[Seat, HandConstraint] | None = None) -> Iterator[Deal]:
        self.seen.append(constraints)
        return iter(())


@pytest.mark.parametrize("infer", [True, False])
def test_the_card_player_samples_within_what_the_auction_showed_unless_told_not_to(
        infer: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("endplay")
    recorded = _Recorded()
    monkeypatch.setattr("bridgetools.bots.play.sample_layouts", recorded)
    auction = Auction(Seat.W, ["1NT", "P", "3NT", "P", "P", "P"])
    play = Play(DEAL, "3NT", "E", [])
    CardPlayer(seed=1, samples=2, infer=infer).card(play, auction=auction)
    shown = auction_constraints(auction)
    assert recorded.seen == [{s: c.loosened() for s, c in shown.items()} if infer else None]
    assert not infer or Seat.E in shown


def test_after_layouts_in_a_row_that_nothing_fitted_the_rest_are_dealt_without_the_constraints(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.bots import sampling

    dealt: list[int] = []
    deal_free = sampling._deal_free

    def counting(*args: object) -> dict[Seat, int]:
        dealt.append(1)
        return deal_free(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(sampling, "_deal_free", counting)
    view = View.of_play(Play(DEAL, "3NT", "S", ["S3"]))
    impossible = {Seat.W: HandConstraint(hcp_min=30, hcp_max=37)}
    layouts = list(sample_layouts(view, 10, random.Random(6), impossible, tries=5, give_up=2))
    assert len(layouts) == 10
    assert len(dealt) == 2 * 5 + 8  # two layouts of five tries each, then one deal a layout


def test_misfit_counts_the_points_and_cards_outside_the_ranges() -> None:
    shown = HandConstraint(12, 14, (0, 0, 0, 5), (13, 13, 2, 13))
    for seat in Seat:
        hand = DEAL.hand(seat)
        points = max(0, 12 - hand.hcp, hand.hcp - 14)
        cards = max(0, hand.length(Suit.H) - 2) + max(0, 5 - hand.length(Suit.S))
        assert shown.misfit(hand) == points + cards


def test_a_vulnerable_weak_jump_overcall_is_read_at_the_boards_vulnerability() -> None:
    auction = Auction(Seat.N, ["1H", "2S"])
    assert auction_constraints(auction, vulnerability="EW")[Seat.E].hcp_min == 7
    assert auction_constraints(auction, vulnerability="None")[Seat.E].hcp_min == 5


def test_a_tables_raise_is_read_without_the_fallbacks_forced_support_or_longest_suit() -> None:
    # 1C (1H) 2D P 3D: the table's raise (4+ diamonds); the fallback's forced "support" (3+) and "longest
    # suit" (4+) are made only by a hand no rule fits, so opener is dealt four diamonds or more
    auction = Auction(Seat.N, ["1C", "1H", "2D", "P", "3D", "P", "P", "P"])
    assert auction_constraints(auction)[Seat.N].min_length[Suit.D] == 4


def test_a_tables_rebid_is_read_without_the_fallbacks_forced_bid_of_the_same_call() -> None:
    # 1D P 1H P 2D: the rebid shows five diamonds and 11-16 HCP; the forced "longest suit" (any hand no rule
    # fits, 4+ diamonds) widened it to four and 11-21 in the card player's ranges and the bidder's notes
    shown = auction_constraints(Auction(Seat.N, ["1D", "P", "1H", "P", "2D", "P", "P", "P"]))[Seat.N]
    assert shown.min_length[Suit.D] == 5
    assert shown.hcp_max == 16


def test_a_passed_hand_is_read_as_the_pass_says_at_most_11_hcp_not_its_untold_21() -> None:
    # bridge-bots sample.lin board 15: South passed, then bid 3NT over partner's 2NT (the Unusual 2NT,
    # no agreed meaning here). 3NT, read as 21+ HCP, narrowed the pass's untold 0-21 to exactly 21, and the
    # opening leader was dealt a dummy of 19-23 HCP; the dummy held 9.
    auction = Auction(Seat.S, ["P", "1H", "2NT", "P", "3NT", "P", "P", "P"])
    assert auction_constraints(auction, vulnerability="NS", untold=False)[Seat.S].hcp_max == 11


def test_the_card_player_reads_a_passed_hand_by_what_the_pass_told(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("endplay")
    recorded = _Recorded()
    monkeypatch.setattr("bridgetools.bots.play.sample_layouts", recorded)
    auction = Auction(Seat.N, ["P", "1H", "P", "4H", "P", "P", "P"])
    CardPlayer(seed=1, samples=2).card(Play(DEAL, "4H", "E", []), auction=auction)
    assert recorded.seen[0][Seat.N] == HandConstraint(0, 11).loosened()


@pytest.mark.parametrize("vulnerability", ["None", "EW"])
def test_the_default_reading_is_a_fresh_bidders_without_building_one_each_time(
    monkeypatch: pytest.MonkeyPatch, vulnerability: str
) -> None:
    auction = Auction(Seat.S, ["1H", "2S", "X", "P", "3H", "P", "4H", "P", "P", "P"])
    fresh = auction_constraints(auction, lambda so_far, call: Bidder().explain(so_far, call, vulnerability))
    built: list[Bidder] = []
    build = Bidder.__init__

    def counted(self: Bidder, *args: Any, **kwargs: Any) -> None:
        built.append(self)
        build(self, *args, **kwargs)

    auction_constraints(auction, vulnerability=vulnerability)  # the process's bidder exists from here on
    monkeypatch.setattr(Bidder, "__init__", counted)
    assert auction_constraints(auction, vulnerability=vulnerability) == fresh
    other = Auction(Seat.N, ["1NT", "P", "3NT", "P", "P", "P"])
    assert auction_constraints(other, vulnerability=vulnerability)
    assert built == []


def test_the_card_player_reads_the_auction_at_its_vulnerability(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("endplay")
    recorded = _Recorded()
    monkeypatch.setattr("bridgetools.bots.play.sample_layouts", recorded)
    auction = Auction(Seat.N, ["1H", "2S", "P", "4S", "P", "P", "P"])
    play = Play(DEAL, "4S", "E", [])
    player = CardPlayer(seed=1, samples=2, vulnerability="EW")
    player.card(play, auction=auction)
    shown = auction_constraints(auction, vulnerability="EW")
    assert shown[Seat.E].hcp_min == 7
    assert recorded.seen == [{s: c.loosened() for s, c in shown.items()}]
