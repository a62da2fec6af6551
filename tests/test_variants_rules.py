"""The rules of Nullo, Sholem, Chinese bridge and Bridge for two as the engine plays them (Booby has its
own file): dealing, auction, the trick and who leads, each test named for the rule it checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridgetools.errors import BridgeError, IllegalCallError, IllegalPlayError
from bridgetools.model import Card, Rank
from bridgetools.rules.variants import VARIANT_NAMES, Action, VariantDeal, new_deal, rules_of
from bridgetools.rules.variants.deal import PlayFault, pack_of


def call(deal: VariantDeal, *calls: str) -> None:
    for c in calls:
        deal.act(Action.parse("call", c))


def skip_exchanges(deal: VariantDeal) -> None:
    while deal.phase == "exchange":
        deal.act(Action("exchange", ()))


def play_first_legal_step(deal: VariantDeal) -> None:
    """The first legal action of the player to act: the first cards of a choice, else the first listed."""
    choice = deal.choice()
    if choice is not None:
        deal.act(Action(choice[0], tuple(str(c) for c in choice[3][: choice[1]])))
    else:
        deal.act(deal.legal_actions()[0])


def play_first_legal(deal: VariantDeal) -> None:
    while deal.to_act is not None:
        play_first_legal_step(deal)


def test_every_variant_has_a_rule_set() -> None:
    assert [rules_of(n).name for n in VARIANT_NAMES] == list(VARIANT_NAMES)
    with pytest.raises(BridgeError, match="no variant"):
        rules_of("canasta")


# ----- Nullo -----

def test_nullo_deals_13_each_and_the_rest_is_a_face_down_stock() -> None:
    deal = new_deal("nullo", seed=3)
    assert [len(h) for h in deal.hands] == [13, 13, 0] and len(deal.stock) == 26
    assert deal.view(0)["hands"][2]["cards"] is None


def test_nullo_players_see_how_many_cards_the_stock_holds_but_not_which() -> None:
    deal = new_deal("nullo", seed=3, dealer=0)
    stock = deal.view(0)["hands"][2]
    assert (stock["count"], stock["cards"]) == (26, None)
    deal.act(Action("exchange", tuple(str(c) for c in deal.hands[1][:5])))
    assert deal.view(0)["hands"][2]["count"] == 21


def test_nullo_stock_stays_a_face_down_pile_of_its_count_once_the_deal_is_over() -> None:
    deal = new_deal("nullo", seed=3, dealer=0)
    deal.act(Action("exchange", tuple(str(c) for c in deal.hands[1][:5])))
    play_first_legal(deal)
    assert deal.phase == "over" and len(deal.stock) == 21
    assert (deal.view(0)["hands"][2]["count"], deal.view(0)["hands"][2]["cards"]) == (21, None)


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_the_end_of_a_played_deal_shows_each_hand_as_the_play_began(name: str) -> None:
    deal = new_deal(name, seed=4)
    while deal.phase != "play":  # the first to call bids the cheapest bid, then everyone passes
        if deal.phase == "bidding":
            deal.act(Action("call", "P" if deal.auction else deal.legal_calls()[deal.rules.first_may_pass]))
        else:
            play_first_legal_step(deal)
    assert deal.view(0)["deal"] is None
    play_first_legal(deal)
    shown = deal.view(0)["deal"]
    # what each hand held as the play began, told by the tricks: the cards played from it (a Chinese
    # player's table cards are played from no hand: they go with the player's), and any left in it
    began: list[list[Card]] = [list(cards) for cards in deal.hands]
    for player, hand, card in (play for trick in deal.tricks for play in trick):
        began[player if hand is None else hand].append(card)
    stock = [h for h, spec in enumerate(deal.rules.hands) if spec.label == "stock"]
    assert [None if cards is None else sorted(Card.parse(c) for c in cards) for cards in shown] == \
        [None if h in stock else sorted(cards) for h, cards in enumerate(began)]
    assert all(len(cards) == 26 for cards in shown[:2]) if name == "chinese" else True


def test_a_passed_out_deal_shows_the_hands_still_held_and_no_deal_apart() -> None:
    deal = new_deal("booby", seed=4)
    while deal.phase != "bidding":
        play_first_legal_step(deal)
    call(deal, "P", "P", "P")
    view = deal.view(0)
    assert view["deal"] is None and all(len(h["cards"]) == 13 for h in view["hands"])


def test_nullo_non_dealer_exchanges_first_then_the_dealer() -> None:
    deal = new_deal("nullo", seed=3, dealer=0)
    assert (deal.phase, deal.to_act) == ("exchange", 1)
    given = tuple(str(c) for c in deal.hands[1][:5])
    drawn = deal.stock[:5]
    deal.act(Action("exchange", given))
    assert len(deal.hands[1]) == 13 and set(drawn) <= set(deal.hands[1]) and len(deal.stock) == 21
    assert deal.to_act == 0
    deal.act(Action("exchange", ()))
    assert (deal.phase, deal.to_act) == ("bidding", 0)


def test_nullo_tells_a_player_the_cards_their_exchange_drew_and_the_other_how_many() -> None:
    # the view said which cards a player gave to an exchange but not those it drew from the stock, where
    # Booby's discards and Sholem's reserves leave nothing unsaid of what a player's hand became
    deal = new_deal("nullo", seed=3, dealer=0)
    drawn = [str(c) for c in deal.stock[:2]]
    deal.act(Action("exchange", tuple(str(c) for c in deal.hands[1][:2])))
    deal.act(Action("exchange", ()))
    mine, theirs = deal.view(1)["choices"], deal.view(0)["choices"]
    assert [c["drawn"] for c in mine] == [drawn, None]
    assert [(c["count"], c["drawn"]) for c in theirs] == [(2, None), (0, [])]
    assert set(drawn) <= {c for h in deal.view(1)["hands"] if h["owner"] == 1 for c in h["cards"] or ()}


def test_nullo_ranks_above_diamonds_and_below_hearts_in_nullo() -> None:
    deal = new_deal("nullo", seed=3)
    skip_exchanges(deal)
    call(deal, "1D")
    assert "1N0" in deal.legal_calls()
    call(deal, "1N0")
    assert "1H" in deal.legal_calls() and "1D" not in deal.legal_calls()


def test_nullo_both_passing_leaves_the_deal_passed_out() -> None:
    deal = new_deal("nullo", seed=3)
    skip_exchanges(deal)
    call(deal, "P", "P")
    assert deal.phase == "over" and deal.result is not None and deal.result.contract is None


def test_nullo_tricks_are_two_cards_and_declarers_opponent_leads() -> None:
    deal = new_deal("nullo", seed=3, dealer=0)
    skip_exchanges(deal)
    call(deal, "1S", "P")
    assert deal.declarer == 0 and deal.to_act == 1 and deal.phase == "play"
    deal.act(deal.legal_actions()[0])
    deal.act(deal.legal_actions()[0])
    assert len(deal.tricks) == 1 and len(deal.tricks[0]) == 2


def test_nullo_one_nullo_made_scores_30_below() -> None:
    deal = new_deal("nullo", seed=3)
    skip_exchanges(deal)
    call(deal, "1N0", "P")
    play_first_legal(deal)
    assert deal.result is not None and deal.result.tricks is not None
    below = [e.points for e in deal.result.entries if e.line == "below"]
    assert below == ([30] if deal.result.tricks <= 6 else [])


# ----- Sholem -----

def test_sholem_uses_a_piquet_pack_of_32_from_the_seven() -> None:
    pack = pack_of(rules_of("sholem"))
    assert len(pack) == 32 and min(c.rank for c in pack) == Rank.SEVEN


def test_sholem_deals_10_then_2_then_4_cards_with_a_round_of_bids_after_each() -> None:
    deal = new_deal("sholem", seed=5)
    counts = []
    for _ in range(3):
        counts.append([len(h) for h in deal.hands[:2]])
        assert deal.phase == "bidding" and deal.view(0)["round"] == len(counts)
        call(deal, "P", "P")
    assert counts == [[10, 10], [12, 12], [16, 16]]
    assert deal.phase == "over", "no bid in three rounds: passed out"


def test_sholem_raises_are_limited_to_five_points_in_rounds_one_and_two() -> None:
    deal = new_deal("sholem", seed=5, dealer=0)
    call(deal, "1C")
    bids = [c for c in deal.legal_calls() if c[0].isdigit()]
    low = [c for c in bids if int(c[0]) < rules_of("sholem").small_slam]
    assert low == ["1D", "1H", "1S", "1NT", "2N0"], "five steps over 1C"
    assert "4N0" in bids and "5NT" in bids, "a small or grand slam may always be bid"


def test_sholem_raises_are_free_in_round_three() -> None:
    deal = new_deal("sholem", seed=5, dealer=0)
    call(deal, "P", "P", "P", "P", "1C")
    assert deal.round == 3 and "3NT" in deal.legal_calls()


def test_sholem_s_contract_of_an_earlier_round_stands_in_the_view_until_overcalled() -> None:
    deal = new_deal("sholem", seed=5, dealer=0)
    call(deal, "1C", "X")
    assert deal.view(0)["contract"] is None, "a round in progress leaves no contract standing yet"
    call(deal, "P")  # round 1 closes: 1C doubled stands, by player 0
    assert (deal.round, deal.view(1)["contract"], deal.view(1)["declarer"]) == (2, "1CX", 0)
    call(deal, "P", "1D")
    assert deal.view(0)["contract"] == "1CX", "the overcall stands only once its round closes"
    call(deal, "P")
    assert (deal.round, deal.view(0)["contract"], deal.view(0)["declarer"]) == (3, "1D", 1)
    assert deal.contract is None, "the final contract is the third round's"


def test_sholem_each_player_sets_aside_a_reserve_of_three() -> None:
    deal = new_deal("sholem", seed=5, dealer=0)
    call(deal, "1S", "P", "P", "P", "P", "P")
    assert (deal.phase, deal.to_act, deal.choice()[1:3]) == ("reserve", 1, (3, 3))  # type: ignore[index]
    with pytest.raises(BridgeError):
        deal.act(Action("reserve", tuple(str(c) for c in deal.hands[1][:2])))


def test_sholem_two_cards_each_to_six_tricks_then_reserves_in_tricks_of_two() -> None:
    deal = new_deal("sholem", seed=5, dealer=0)
    call(deal, "1S", "P", "P", "P", "P", "P")
    play_first_legal(deal)
    assert [len(t) for t in deal.tricks] == [4] * 6 + [2] * 4
    assert [p for p, _, _ in deal.tricks[0]] == [1, 1, 0, 0], "the leader plays two cards, then the other"


# ----- Chinese bridge -----

def test_chinese_deals_four_in_hand_and_eleven_face_up_over_face_down_piles() -> None:
    deal = new_deal("chinese", seed=7)
    assert [len(h) for h in deal.hands] == [4, 4]
    view = deal.view(1)
    assert [len(t["piles"]) for t in view["table_cards"]] == [11, 11]
    assert all(p["up"] is not None and p["down"] == 1 for t in view["table_cards"] for p in t["piles"])
    assert view["hands"][0]["cards"] is None


def test_chinese_dealer_must_name_a_contract() -> None:
    deal = new_deal("chinese", seed=7)
    assert "P" not in deal.legal_calls()
    with pytest.raises(IllegalCallError):
        call(deal, "P")


def test_chinese_auction_ends_at_the_first_pass_after_a_bid() -> None:
    deal = new_deal("chinese", seed=7, dealer=1)
    call(deal, "1H", "X", "XX", "P")
    assert (str(deal.contract), deal.declarer, deal.phase, deal.to_act) == ("1HXX", 1, "play", 0)


def test_chinese_a_played_table_card_uncovers_the_card_under_it_after_the_trick() -> None:
    deal = new_deal("chinese", seed=7, dealer=1)
    call(deal, "1NT", "P")
    table = {p[0] for p in deal.piles[0]}
    card = next(c for c in deal.legal_cards() if c in table)
    pile = next(p for p in deal.piles[0] if p[0] == card)
    under = pile[1]
    deal.act(Action("card", str(card)))
    assert pile == [None, under]
    deal.act(deal.legal_actions()[0])
    assert pile == [under, None]


def test_chinese_a_player_who_cannot_follow_must_trump() -> None:
    for seed in range(200):
        deal = new_deal("chinese", seed=seed, dealer=0)
        call(deal, "1S", "P")
        rng = random.Random(seed)
        while deal.to_act is not None:
            if deal.trick:
                led = deal.trick[0][2].suit
                seat = deal.seat_to_play()
                playable = [c for h in seat.hands for c in deal.hands[h]]
                playable += [p[0] for p in deal.piles[seat.player] if p[0] is not None]
                trumps = [c for c in playable if c.suit.name == "S"]
                if led.name != "S" and trumps and not any(c.suit == led for c in playable):
                    assert deal.legal_cards() == sorted(trumps)
                    other = next((c for c in playable if c.suit.name != "S"), None)
                    if other is not None:
                        with pytest.raises(IllegalPlayError):
                            deal.act(Action("card", str(other)))
                    return
            deal.act(rng.choice(deal.legal_actions()))
    pytest.fail("no deal came to a trick where a player could not follow and held a trump")


def test_chinese_plays_26_tricks_and_counts_the_contract_over_a_book_of_13() -> None:
    deal = new_deal("chinese", seed=7, dealer=1)
    call(deal, "2NT", "P")
    play_first_legal(deal)
    assert len(deal.tricks) == 26 and sum(deal.tricks_won) == 26
    assert deal.result is not None
    made = deal.tricks_won[1] >= 15
    assert any(e.line == "below" for e in deal.result.entries) is made


# ----- Bridge for two (Konstam) -----

def test_konstam_deals_four_hands_of_13_with_one_dummy_face_up() -> None:
    deal = new_deal("konstam", seed=9)
    assert [len(h) for h in deal.hands] == [13] * 4
    view = deal.view(0)
    assert view["hands"][2]["cards"] is not None and view["hands"][3]["cards"] is None
    assert view["hands"][1]["cards"] is None


def test_konstam_dealer_may_not_pass_and_the_first_pass_ends_the_auction() -> None:
    deal = new_deal("konstam", seed=9, dealer=0)
    assert "P" not in deal.legal_calls()
    call(deal, "1C", "1S", "P")
    assert (str(deal.contract), deal.declarer, deal.phase, deal.to_act) == ("1S", 1, "choose_dummy", 1)


def test_konstam_declarer_chooses_a_dummy_and_the_opponent_takes_the_other() -> None:
    deal = new_deal("konstam", seed=9, dealer=0)
    call(deal, "1C", "P")
    deal.act(Action("choose_dummy", "closed"))
    assert deal.owners[2:] == [1, 0]
    assert deal.to_act == 1, "the opponent of declarer leads"


def test_konstam_closed_dummy_is_turned_up_after_the_opening_lead() -> None:
    deal = new_deal("konstam", seed=9, dealer=0)
    call(deal, "1C", "P")
    deal.act(Action("choose_dummy", "open"))
    assert deal.view(1)["hands"][3]["cards"] is None
    deal.act(deal.legal_actions()[0])
    assert deal.view(1)["hands"][3]["cards"] is not None


def test_konstam_each_player_plays_own_hand_and_own_dummy_in_turn() -> None:
    deal = new_deal("konstam", seed=9, dealer=0)
    call(deal, "1C", "P")
    deal.act(Action("choose_dummy", "open"))
    order = []
    for _ in range(4):
        order.append((deal.to_act, deal.seat_to_play().hands))
        deal.act(deal.legal_actions()[0])
    assert order == [(1, (1,)), (0, (2,)), (1, (3,)), (0, (0,))]


def test_an_action_of_the_wrong_kind_is_refused() -> None:
    deal = new_deal("konstam", seed=9)
    with pytest.raises(BridgeError, match="expected a call"):
        deal.act(Action("card", "SA"))


def test_the_example_at_the_top_of_the_variants_doc_runs_as_its_comments_say() -> None:
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "variants.md").read_text(encoding="utf-8")
    example = doc.split("```python\n", 1)[1].split("```", 1)[0]
    names: dict[str, object] = {}
    exec(compile(example, "docs/variants.md", "exec"), names)  # (it raised: player 2 holds no S2)
    deal = names["deal"]
    assert isinstance(deal, VariantDeal)
    assert deal.phase == "discard" and deal.to_act == 2  # to_act 1 gave four cards; 2's turn
    assert len(deal.hands[1]) == 13 and len(deal.hands[3]) == 1 + 4  # the booby: the 52nd card and four
    assert all(action.kind == "discard" for action in deal.legal_actions())


@pytest.mark.parametrize(("typed", "call"), [
    ("Dbl", "X"), ("double", "X"), ("Rdbl", "XX"), ("Pass", "P"), ("pas", "P"), ("1♠", "1S"), ("1 NT", "1NT"),
    ("2 nullo", "2N0"), ("4nullo", "4N0"), ("2n0", "2N0"), ("10NT", "10NT"), ("13♥", "13H")])
def test_a_call_is_read_as_the_bidding_box_and_the_auction_write_it(typed: str, call: str) -> None:
    assert Action.parse("call", typed) == Action("call", call)


def test_a_call_that_is_not_one_is_refused_naming_what_is_expected() -> None:
    expected = r"not a call: 'Dbbl' \(expected P, X, XX or a bid such as 1S, 3NT or 2N0\)"
    with pytest.raises(BridgeError, match=expected):
        Action.parse("call", "Dbbl")


def _until_a_trick_where(name: str, found: Any) -> VariantDeal:
    """A deal of ``name`` played at random to the first card for which ``found(deal, card)`` holds."""
    for seed in range(200):
        deal = new_deal(name, seed=seed, dealer=0)
        rng = random.Random(seed)
        while deal.to_act is not None:
            if deal.phase == "play" and any(found(deal, c) for c in pack_of(deal.rules)):
                return deal
            deal.act(rng.choice(deal.legal_actions()))
    pytest.fail(f"no deal of {name} came to such a card")


def test_a_revoke_is_refused_with_the_suit_to_follow_as_its_reason() -> None:
    def revoke(deal: VariantDeal, card: Card) -> bool:
        held = deal.legal_cards()
        return bool(deal.trick) and card.suit != held[0].suit and card in deal._playable(deal.seat_to_play())

    deal = _until_a_trick_where("nullo", revoke)
    card = next(c for c in pack_of(deal.rules) if revoke(deal, c))
    with pytest.raises(IllegalPlayError, match=r"must follow suit \(\w+\)") as refused:
        deal.act(Action("card", str(card)))
    assert refused.value.reason == PlayFault("follow_suit", card, led=deal.trick[0][2].suit,
                                             variant="Nullo")


def test_chinese_a_card_refused_for_the_duty_to_trump_says_so() -> None:
    def untrumped(deal: VariantDeal, card: Card) -> bool:
        fault = deal.why_illegal(card)
        return fault is not None and fault.kind == "must_trump"

    deal = _until_a_trick_where("chinese", untrumped)
    card = next(c for c in pack_of(deal.rules) if untrumped(deal, c))
    with pytest.raises(IllegalPlayError, match="Chinese bridge says play a trump") as refused:
        deal.act(Action("card", str(card)))
    assert refused.value.reason.trump.letter == deal.contract.strain  # type: ignore[union-attr]
    assert "from hand or table" in str(refused.value)


def test_konstam_a_card_of_the_hand_whose_turn_it_is_not_is_refused_naming_that_hand() -> None:
    def other_hand(deal: VariantDeal, card: Card) -> bool:
        fault = deal.why_illegal(card)
        return fault is not None and fault.kind == "other_hand"

    deal = _until_a_trick_where("konstam", other_hand)
    card = next(c for c in pack_of(deal.rules) if other_hand(deal, c))
    fault = deal.why_illegal(card)
    assert fault is not None and fault.held_in != fault.play_from[0]
    assert fault.words("you", "your hand").startswith(f"{card} is in ")
    assert "it is the turn of" in fault.words("you", "your hand")


def test_a_legal_card_has_no_fault() -> None:
    deal = _until_a_trick_where("booby", lambda deal, card: True)
    assert all(deal.why_illegal(c) is None for c in deal.legal_cards())


def test_a_legal_card_given_by_its_string_has_no_fault() -> None:
    deal = _until_a_trick_where("booby", lambda deal, card: True)
    assert all(deal.why_illegal(str(c)) is None for c in deal.legal_cards())
