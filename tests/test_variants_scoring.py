"""Variant scores entry by entry (rubber values with nullo at 30 a level, Sholem's table), rubbers with a
score sheet per player, and JSON records of a deal and of a rubber read back equal."""

from __future__ import annotations

import json

import pytest

from bridgetools.bots.variants import ComputerPlayer, RandomVariantPlayer, play_out
from bridgetools.errors import BridgeError
from bridgetools.model import Card
from bridgetools.rules.variants import VARIANT_NAMES, Rubber, VariantContract, VariantDeal, new_deal, rules_of
from bridgetools.rules.variants.scoring import (
    contract_entries,
    honours_entries,
    logged_result,
    long_suit_entries,
)

BOOBY, SHOLEM = rules_of("booby"), rules_of("sholem")


def entries(rules_name: str, contract: str, declarer: int, tricks: int,
            vul: bool = False) -> list[tuple[int, str, int]]:
    rules = rules_of(rules_name)
    vulnerable = tuple(vul if p == declarer else False for p in range(rules.players))
    found = contract_entries(rules, VariantContract.from_str(contract), declarer, tricks, vulnerable)
    return [(e.player, e.line, e.points) for e in found]


def test_each_level_of_nullo_made_scores_30_below_the_line() -> None:
    assert entries("nullo", "3N0", 0, 4) == [(0, "below", 90)]


def test_nullo_overtricks_are_tricks_fewer_than_the_limit() -> None:
    assert entries("nullo", "1N0", 1, 4) == [(1, "below", 30), (1, "above", 60)]


def test_nullo_undertricks_are_tricks_over_the_limit_penalised_as_rubber_bridge() -> None:
    assert entries("nullo", "4N0X", 0, 5, vul=True) == [(1, "above", 500)]


def test_nullo_doubled_doubles_the_trick_points_and_earns_the_insult() -> None:
    assert entries("nullo", "2N0X", 0, 5) == [(0, "below", 120), (0, "above", 50)]


def test_a_small_slam_in_nullo_earns_the_slam_bonus() -> None:
    assert entries("booby", "6N0", 2, 1) == [(2, "below", 180), (2, "above", 500)]


def test_booby_defeat_scores_the_penalty_for_each_defender() -> None:
    assert entries("booby", "4S", 1, 8) == [(0, "above", 100), (2, "above", 100)]


def test_rubber_variants_score_trick_points_as_bridge() -> None:
    assert entries("konstam", "3NT", 0, 10) == [(0, "below", 100), (0, "above", 30)]
    assert entries("chinese", "2D", 1, 15) == [(1, "below", 40)]


def test_sholem_trick_values_are_10_notrump_8_majors_6_minors() -> None:
    assert entries("sholem", "2NT", 0, 7) == [(0, "below", 20)]
    assert entries("sholem", "2H", 0, 8) == [(0, "below", 16), (0, "above", 8)]
    assert entries("sholem", "3C", 0, 8) == [(0, "below", 18)]


def test_sholem_undertricks_are_multiples_of_the_trick_value() -> None:
    assert entries("sholem", "2S", 0, 5) == [(1, "above", 3 * 8 * 2)]
    assert entries("sholem", "2SX", 0, 6, vul=True) == [(1, "above", 15 * 8)]
    assert entries("sholem", "1DXX", 0, 5) == [(1, "above", 20 * 6)]


def test_sholem_slams_and_doubled_bonuses() -> None:
    assert entries("sholem", "5NTX", 1, 10, vul=True) == [(1, "below", 100), (1, "above", 300),
                                                           (1, "above", 40)]
    assert entries("sholem", "4H", 0, 9) == [(0, "below", 32), (0, "above", 100)]


def test_sholem_honours_are_aces_at_notrump_and_sevens_in_nullo() -> None:
    aces = [Card.parse(c) for c in ("SA", "HA", "DA", "C7")]
    sevens = [Card.parse(c) for c in ("S7", "H7", "D7", "CA")]
    assert [e.points for e in honours_entries(SHOLEM, VariantContract(1, "NT"), [(0, aces)])] == [30]
    assert [e.points for e in honours_entries(SHOLEM, VariantContract(1, "N0"), [(1, sevens)])] == [30]


def test_sholem_scores_declarers_long_suits() -> None:
    cards = [Card.parse(c) for c in "SA SK SQ SJ ST HA HK HQ HJ DA".split()]
    assert [e.points for e in long_suit_entries(SHOLEM, 0, cards)] == [30, 15]


def test_rubber_honours_are_scored_by_whoever_holds_them() -> None:
    hand = [Card.parse(c) for c in "SA SK SQ SJ H2".split()]
    assert [(e.player, e.points) for e in honours_entries(BOOBY, VariantContract(4, "S"), [(2, hand)])] \
        == [(2, 100)]
    assert honours_entries(BOOBY, VariantContract(4, "N0"), [(2, hand)]) == []


def play_rubber(name: str, seed: int) -> Rubber:
    rules = rules_of(name)
    rubber = Rubber(name, [f"P{i}" for i in range(rules.players)])
    players = [ComputerPlayer(seed + p, samples=0) for p in range(rules.players)]
    n = 0
    while not rubber.is_over:
        rubber.record(play_out(rubber.new_deal(seed * 1000 + n), players))
        n += 1
        assert n < 200
    return rubber


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_rubber_ends_when_a_player_wins_two_games_with_the_rubber_bonus(name: str) -> None:
    rubber = play_rubber(name, 1)
    sheet = rubber.sheet()
    winner = next(p for p in sheet["players"] if p["games"] == 2)
    others = max(p["games"] for p in sheet["players"] if p is not winner)
    bonus = [e["points"] for e in winner["above"] if e["item"] == "rubber"]
    expected = {"rubber": {0: 700, 1: 500}, "sholem": {0: 150, 1: 100}}[rules_of(name).scoring][others]
    assert bonus == [expected]
    for p in sheet["players"]:
        booked = sum(e["points"] for e in p["above"]) + sum(e["points"] for g in p["below"] for e in g)
        assert p["total"] == booked


def test_a_player_with_a_game_is_vulnerable_in_the_next_deal() -> None:
    rubber = play_rubber("konstam", 2)
    games_before = [0, 0]
    for deal in rubber.deals:
        assert deal.vulnerable == tuple(g > 0 for g in games_before)
        replay = Rubber("konstam", rubber.player_names)
        for d in rubber.deals[: rubber.deals.index(deal) + 1]:
            replay.record(d)
        games_before = list(replay.won)


def test_nullo_passed_out_deal_is_dealt_again_by_the_same_dealer() -> None:
    rubber = Rubber("nullo")
    deal = rubber.new_deal(1)
    while deal.phase == "exchange":
        deal.act(deal.legal_actions()[0])
    deal.act(deal.legal_actions()[0])
    deal.act(deal.legal_actions()[0])
    assert deal.result is not None and deal.result.contract is None
    rubber.record(deal)
    assert rubber.dealer == 0


def logged_rubber(name: str, *deals: tuple[str, int, int]) -> Rubber:
    """A rubber of the deals (contract, declarer, tricks) as a score log gives them."""
    rubber = Rubber(name)
    for contract, declarer, tricks in deals:
        rubber.book(logged_result(rubber.rules, VariantContract.from_str(contract), declarer, tricks,
                                  rubber.vulnerable))
    return rubber


def unfinished_credits(rubber: Rubber) -> list[tuple[int, int, str]]:
    return [(e.player, e.points, e.item) for e in rubber.above if e.item.startswith("unfinished")]


def test_a_rubber_left_unfinished_credits_the_only_game_300_and_the_only_partscore_100() -> None:
    rubber = logged_rubber("nullo", ("4S", 0, 10), ("2H", 1, 8))
    rubber.leave_unfinished()
    assert unfinished_credits(rubber) == [(0, 300, "unfinished rubber: game"),
                                          (1, 100, "unfinished rubber: partscore")]
    assert [rubber.total(p) for p in range(2)] == [420, 160]
    with pytest.raises(BridgeError, match="left unfinished"):
        rubber.new_deal(1)


def test_a_copy_of_a_rubber_left_in_an_older_code_keeps_the_credit_it_was_left_with() -> None:
    rubber = logged_rubber("nullo", ("4S", 0, 10), ("2H", 1, 8))
    rubber.leave_unfinished(partscore=50)
    assert unfinished_credits(rubber.left_here()) == unfinished_credits(rubber)
    assert [points for _, points, _ in unfinished_credits(rubber.left_here(100))] == [300, 100]


def test_in_booby_a_game_or_partscore_two_players_hold_earns_no_unfinished_credit() -> None:
    rubber = logged_rubber("booby", ("4H", 0, 10), ("4S", 1, 10), ("2C", 2, 8), ("1S", 0, 7))
    rubber.leave_unfinished()
    assert unfinished_credits(rubber) == []


def test_a_rubber_over_or_in_sholem_left_unfinished_scores_no_credit() -> None:
    over = logged_rubber("konstam", ("4S", 0, 10), ("3NT", 0, 9))
    over.leave_unfinished()
    assert over.is_over and unfinished_credits(over) == []
    sholem = Rubber("sholem")
    players = [ComputerPlayer(p, samples=0) for p in range(2)]
    while not (any(sholem.won) or sholem.games[-1]):  # a game or a partscore, which bridge would credit
        sholem.record(play_out(sholem.new_deal(len(sholem.deals)), players))
    sholem.leave_unfinished()
    assert unfinished_credits(sholem) == []


def test_a_rubber_refuses_an_unfinished_deal() -> None:
    rubber = Rubber("booby")
    with pytest.raises(BridgeError, match="finished"):
        rubber.record(rubber.new_deal(1))


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_deal_record_reads_back_equal(name: str) -> None:
    deal = play_out(new_deal(name, seed=11, dealer=1), [RandomVariantPlayer(p) for p in range(3)])
    text = json.dumps(deal.to_json())
    again = VariantDeal.from_json(json.loads(text))
    assert again == deal and again.result == deal.result


def test_a_rubber_record_reads_back_equal() -> None:
    rubber = play_rubber("booby", 3)
    again = Rubber.from_json(json.loads(json.dumps(rubber.to_json())))
    assert again == rubber and again.sheet() == rubber.sheet()


def test_a_record_with_a_changed_card_is_refused() -> None:
    record = play_out(new_deal("nullo", seed=2), [RandomVariantPlayer(1), RandomVariantPlayer(2)]).to_json()
    record["pack"][0] = record["pack"][1]
    with pytest.raises(BridgeError, match="each of its 52 cards once"):
        VariantDeal.from_json(record)


def test_a_numbered_sheet_gives_each_entry_its_deal_and_the_records_sheet_none() -> None:
    rubber = Rubber("konstam", ["Ann", "Bob"])
    for seed in range(60):
        if rubber.is_over:
            break
        deal = rubber.new_deal(seed)
        while deal.to_act is not None:
            deal.act(deal.legal_actions()[0])
        rubber.record(deal)
    numbered = rubber.sheet(numbered=True)
    entries = [e for p in numbered["players"] for e in [*p["above"], *(x for g in p["below"] for x in g)]]
    assert entries and all(1 <= e["deal"] <= len(rubber.deals) for e in entries)
    assert max(e["deal"] for e in entries if e["item"] == "rubber") == len(rubber.deals)
    assert all("deal" not in e for p in rubber.sheet()["players"] for e in p["above"])


def test_a_rubber_left_unfinished_reads_back_left_with_its_law_80_credits() -> None:
    rubber = Rubber("nullo")
    players = [ComputerPlayer(p, samples=0) for p in range(2)]
    while not (any(rubber.won) and rubber.games[-1]):  # a game, and a partscore in the next
        rubber.record(play_out(rubber.new_deal(len(rubber.deals)), players))
    rubber.leave_unfinished(partscore=50)  # an older code's credit
    again = Rubber.from_json(json.loads(json.dumps(rubber.to_json())))
    assert again.left_unfinished and again == rubber and again.sheet() == rubber.sheet()
    assert [points for _, points, _ in unfinished_credits(again)] == [300, 50]


def test_a_rubber_record_without_the_word_left_reads_as_a_rubber_not_left() -> None:
    rubber = play_rubber("booby", 1)
    record = rubber.to_json()
    record.pop("left_unfinished", None)  # kept before 2026-12-07
    again = Rubber.from_json(record)
    assert not again.left_unfinished and again == rubber


def test_a_variant_rubber_left_unfinished_credits_what_a_rubber_of_bridge_does() -> None:
    from bridgetools.rules.variants.scoring import UNFINISHED
    from bridgetools.scoring.rubber import UNFINISHED_GAME, UNFINISHED_PARTSCORE

    assert UNFINISHED["rubber"] == (UNFINISHED_GAME, UNFINISHED_PARTSCORE)
