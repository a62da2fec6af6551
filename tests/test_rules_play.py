"""The play, as Laws 41-47 and 68-71 describe it: the lead, following suit, winning tricks, claims."""

from __future__ import annotations

import random

import pytest

import bridgetools as bt
from bridgetools.model import Card, Contract, Deal, Seat, Side, Suit
from bridgetools.rules import Play, deal_shuffled, trick_winner

# North is void in clubs; everyone else has clubs. West holds the club ace.
DEAL = Deal.from_pbn(
    "N:AKQJ.AKQJ.AKQJT. T98.T98.98.KQJT9 765.765.765.8765 432.432.432.A432"
)


def play(contract: str = "4H", declarer: Seat = Seat.S, *cards: str) -> Play:
    return Play(DEAL, contract, declarer, cards)


def cards(*texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts]


# The opening lead and dummy (Law 41) ----------------------------------------------------------
def test_declarers_left_hand_opponent_makes_the_opening_lead() -> None:
    assert play("4H", Seat.S).turn is Seat.W and play("4H", Seat.E).turn is Seat.S


def test_the_opening_leader_must_lead_from_their_own_hand() -> None:
    with pytest.raises(bt.IllegalPlayError, match="West does not hold SA"):
        play().add("SA")


def test_dummy_is_declarers_partner() -> None:
    assert play("4H", Seat.S).dummy is Seat.N


def test_dummy_is_faced_after_the_opening_lead() -> None:
    p = play()
    assert not p.dummy_visible
    p.add("CA")
    assert p.dummy_visible


# Following suit (Law 44C) ---------------------------------------------------------------------
def test_a_player_who_can_follow_suit_must() -> None:
    p = play("4H", Seat.S, "CA", "DT")
    with pytest.raises(bt.IllegalPlayError, match="must follow suit to clubs"):
        p.add("S8")  # East holds clubs


def test_a_player_who_cannot_follow_suit_may_discard() -> None:
    p = play("4H", Seat.S, "CA", "DT")
    assert p.cards[-1] == Card.parse("DT")


def test_there_is_no_duty_to_ruff() -> None:
    # North, void in clubs and holding trumps, discards a diamond: legal, and West's ace wins
    p = play("4H", Seat.S, "CA", "DT", "C9", "C8")
    assert p.completed_tricks[0].winner is Seat.W


def test_there_is_no_duty_to_overruff() -> None:
    # a two-card ending, hearts trumps: West leads the club ace, North ruffs with the two, and
    # East, void in clubs with the heart king, may discard the spade ace instead of overruffing
    ending = Deal.from_pbn("N:.2.2. A.K.. ..3.3 ..4.A")
    p = Play(ending, "4H", Seat.S, ["CA", "H2", "SA", "C3"])
    assert p.completed_tricks[0].winner is Seat.N


def test_legal_cards_are_the_suit_led_when_held() -> None:
    p = play("4H", Seat.S, "CA", "DT")
    assert set(p.legal_cards()) == set(cards("CK", "CQ", "CJ", "CT", "C9"))


def test_legal_cards_are_the_whole_hand_when_void_in_the_suit_led() -> None:
    p = play("4H", Seat.S, "CA")
    north = DEAL[Seat.N]
    assert north is not None and set(p.legal_cards()) == set(north)


def test_a_card_cannot_be_played_twice() -> None:
    p = play("4H", Seat.S, "CA", "DT", "C9", "C8")
    with pytest.raises(bt.IllegalPlayError, match="already been played"):
        p.add("CA")


def test_why_illegal_takes_a_card_by_its_string_as_add_does() -> None:
    p = play("4H", Seat.S, "CA")  # West led the club ace; North, void in clubs, may discard
    assert p.why_illegal("SA") is None
    assert p.why_illegal("CA") == "CA has already been played"
    with pytest.raises(bt.NotationError, match="not a card: 'S1'"):
        p.why_illegal("S1")


# Winning tricks (Law 44E, 44F) ----------------------------------------------------------------
def test_the_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    # at notrump North's spade ace, a discard, does not beat West's club ace
    p = play("3NT", Seat.S, "CA", "SA", "C9", "C8")
    assert p.completed_tricks[0].winner is Seat.W


def test_the_highest_trump_wins() -> None:
    assert trick_winner(Seat.W, cards("CA", "H2", "CK", "H3"), Suit.H) is Seat.S


def test_a_trump_beats_a_higher_card_of_the_suit_led() -> None:
    assert trick_winner(Seat.W, cards("CA", "H2", "CK", "C8"), Suit.H) is Seat.N


def test_a_discard_never_wins() -> None:
    assert trick_winner(Seat.N, cards("C2", "SA", "DA", "HA"), None) is Seat.N


def test_the_winner_of_a_trick_leads_to_the_next() -> None:
    p = play("4H", Seat.S, "CA", "HJ", "C9", "C8")
    assert p.turn is Seat.N and p.current_trick.leader is Seat.N


def test_adding_the_fourth_card_returns_the_winner() -> None:
    p = play("4H", Seat.S, "CA", "HJ", "C9")
    assert p.add("C8") is Seat.N


# Tricks per side ------------------------------------------------------------------------------
def test_tricks_are_counted_for_each_side() -> None:
    p = play("4H", Seat.S, "CA", "DT", "C9", "C8", "C2", "HA", "CK", "C5")
    # trick 1 to West (defenders), trick 2 North ruffs (declarer's side)
    assert p.declarer_tricks == 1 and p.defender_tricks == 1
    assert p.tricks_won(Side.NS) == 1 and p.tricks_won(Seat.E) == 1


def test_tricks_include_the_one_in_progress() -> None:
    p = play("4H", Seat.S, "CA", "DT", "C9", "C8", "C2")
    assert len(p.trick_list) == 2 and p.trick_list[-1].winner is None and len(p.completed_tricks) == 1


# Claims (Laws 68-71) --------------------------------------------------------------------------
def test_a_claim_ends_the_play_with_declarers_total() -> None:
    p = play("4H", Seat.S, "CA", "DT", "C9", "C8")
    p.claim(12)
    assert p.is_complete and p.result == 12


def test_a_claim_may_be_made_in_the_middle_of_a_trick() -> None:
    p = play("4H", Seat.S, "CA", "DT")
    p.claim(12)
    assert p.result == 12


def test_a_claim_cannot_give_back_tricks_already_won() -> None:
    p = play("4H", Seat.S, "CA", "HJ", "C9", "C8")  # declarer's side has won one trick
    with pytest.raises(bt.IllegalPlayError, match="impossible"):
        p.claim(0)


@pytest.mark.parametrize("total", [9.5, 9.0, True, "9"])
def test_a_claim_is_a_whole_number_of_tricks(total: object) -> None:
    p = play("4H", Seat.S)
    with pytest.raises(bt.BridgeTypeError, match="a claim is declarer's whole number of tricks"):
        p.claim(total)  # type: ignore[arg-type]
    assert p.claimed is None and not p.is_complete


def test_a_claim_cannot_take_more_tricks_than_are_left() -> None:
    p = play("4H", Seat.S, "CA", "DT", "C9", "C8")  # the defenders have one
    with pytest.raises(bt.IllegalPlayError, match="impossible"):
        p.claim(13)


def test_the_tricks_left_are_those_no_side_has_won_a_trick_in_progress_among_them() -> None:
    assert play("4H", Seat.S, "CA", "DT").tricks_left == 13
    assert play("4H", Seat.S, "CA", "DT", "C9", "C8").tricks_left == 12


def test_no_card_may_be_played_after_a_claim() -> None:
    p = play()
    p.claim(10)
    with pytest.raises(bt.IllegalPlayError, match="play is over"):
        p.add("CA")


# Other boundaries -----------------------------------------------------------------------------
def test_a_passed_out_board_has_no_play() -> None:
    with pytest.raises(bt.IllegalPlayError, match="passed-out"):
        Play(DEAL, Contract.PASSED_OUT, Seat.N)


def test_unknown_hands_may_play_any_card_nobody_else_holds() -> None:
    partial = Deal.from_pbn("N:AKQJ.AKQJ.AKQJT. - 765.765.765.8765 -")
    p = Play(partial, "4H", Seat.S, ["CA", "DT", "C9", "C8"])  # West and East are unknown
    assert p.completed_tricks[0].winner is Seat.W
    with pytest.raises(bt.IllegalPlayError, match="S7 is held by South"):
        p.add("S7")


def test_the_error_says_who_played_what_at_which_trick() -> None:
    p = play("4H", Seat.S, "CA", "DT")
    with pytest.raises(bt.IllegalPlayError, match=r"illegal play S8 by East \(trick 1\)"):
        p.add("S8")


# Taking back, copying, and the tricks themselves ----------------------------------------------
def test_undo_across_a_completed_trick_gives_the_lead_back_to_who_led_it() -> None:
    p = play("4H", Seat.S, "CA", "SA", "CK", "C5")  # North, void in clubs, discards: West wins
    winner = p.trick_list[0].winner
    assert winner is Seat.W and p.turn is Seat.W and p.undo() == Card.parse("C5")
    assert p.turn is Seat.S and len(p.completed_tricks) == 0
    assert Card.parse("C5") in p.legal_cards()


def test_undo_withdraws_a_claim_made_after_the_card() -> None:
    p = play("4H", Seat.S, "CA")
    p.claim(10)
    p.undo()
    assert p.claimed is None and p.cards == () and p.turn is Seat.W


def test_nothing_to_undo_at_the_start() -> None:
    with pytest.raises(bt.IllegalPlayError, match="nothing to undo"):
        play().undo()


def test_a_copy_plays_on_without_changing_the_original() -> None:
    p = play("4H", Seat.S, "CA")
    q = p.copy()
    q.add("SA")
    assert list(p.cards) == cards("CA") and list(q.cards) == cards("CA", "SA") and p.turn is Seat.N


def test_legal_cards_are_the_suit_led_while_one_is_held() -> None:
    p = play("4H", Seat.S, "CA")  # North is void in clubs: any card, listed as the hand is written
    north = DEAL[Seat.N]
    assert north is not None and p.legal_cards() == north.cards()
    p.add("SA")
    assert {c.suit for c in p.legal_cards()} == {Suit.C}  # East holds clubs


def test_the_tricks_themselves_are_trick_list_and_the_old_name_warns() -> None:
    p = play("4H", Seat.S, "CA")
    with pytest.warns(DeprecationWarning, match="trick_list"):
        old = p.tricks
    assert old == p.trick_list and len(p.trick_list) == 1


def test_tricks_made_when_asked_for_follow_undo_and_replay() -> None:
    """`completed_tricks` are made on demand: asked for between cards, after undoing across a
    trick and playing on differently, they are those of a play made card by card from scratch."""
    rng = random.Random(17)
    for seed in range(40):
        deal = deal_shuffled(seed=seed)
        play = Play(deal, "4S", Seat.S)
        while not play.is_complete:
            if rng.random() < 0.3:
                assert play.completed_tricks == Play(deal, "4S", Seat.S, play.cards).completed_tricks
            if play.cards and rng.random() < 0.15:
                for _ in range(rng.randrange(1, 6)):
                    if play.cards:
                        play.undo()
            play.add(rng.choice(play.legal_cards()))
        again = Play(deal, "4S", Seat.S, play.cards)
        assert play.trick_list == again.trick_list and play.declarer_tricks == again.declarer_tricks
        copied = play.copy()
        copied.undo()
        assert play.trick_list == again.trick_list and len(copied.completed_tricks) == 12


# The cards as codes (what exports and pickles read) -------------------------------------------
def _codes_of(play: Play) -> bytes:
    return bytes(card.index for card in play.cards)


def test_codes_are_the_cards_played_one_byte_each() -> None:
    p = play("4H", Seat.S, "CA", "SA", "CK", "C5")
    assert p.codes == bytes([Card.parse(c).index for c in ("CA", "SA", "CK", "C5")])


def test_codes_follow_cards_played_by_every_path_and_undone() -> None:
    """Card by card (`add`, `add_if_legal`), whole tricks (`add_tricks_if_legal`) and trick rows
    (`add_tricks_by_seat`), then undone one by one: the codes are always those of the cards."""
    for seed in range(20):
        deal = deal_shuffled(seed=seed)
        whole = Play(deal, "3NT", Seat.S)
        rng = random.Random(seed)
        while not whole.is_complete:
            whole.add(rng.choice(whole.legal_cards()))
        by_index = [[0] * 4 for _ in range(13)]
        rows: list[list[Card | None]] = [[None] * 4 for _ in range(13)]
        for t, trick in enumerate(whole.completed_tricks):
            for k, card in enumerate(trick.cards):
                by_index[t][trick.seat_of(k)] = card.index
                rows[t][trick.seat_of(k)] = card
        at_once, by_seat, one_by_one = (Play(deal, "3NT", Seat.S) for _ in range(3))
        assert at_once.add_tricks_if_legal(by_index[:7])
        by_seat.add_tricks_by_seat(rows[:7], Seat.N)
        for card in whole.cards[:28]:
            assert one_by_one.add_if_legal(card)
        for p in (at_once, by_seat, one_by_one):
            assert p.codes == _codes_of(p) == whole.codes[:28]
            while p.cards:
                p.undo()
                assert p.codes == _codes_of(p)


def test_codes_stop_at_the_card_a_trick_row_cannot_play() -> None:
    p = play("4H", Seat.S)
    with pytest.raises(bt.IllegalPlayError):
        p.add_tricks_by_seat([cards("SA", "CK", "C5", "CA"), cards("S2", "H2", "H5", "HT")], Seat.N)
    assert p.codes == _codes_of(p) and len(p.cards) == 4


def test_codes_survive_copying_and_pickling() -> None:
    import pickle

    p = play("4H", Seat.S, "CA", "SA", "CK", "C5", "C2")
    q = p.copy()
    q.add("SK")
    r = pickle.loads(pickle.dumps(p))
    assert p.codes == _codes_of(p) and q.codes == _codes_of(q) and r.codes == p.codes and r == p


def test_a_plays_annotations_are_read_only_changed_through_annotate() -> None:
    p = play("4H", Seat.S, "CA")
    p.annotate(0, bt.Annotation(alert=True))
    with pytest.raises(TypeError):
        p.annotations[0] = bt.Annotation(note=1)  # type: ignore[index]
    assert p.annotations[0] == bt.Annotation(alert=True)
    p.annotate(0, None)
    assert dict(p.annotations) == {}


def test_a_play_with_another_note_on_a_card_is_another_play() -> None:
    # As an auction with another alert is another auction: a round trip that lost a card's note read equal.
    p, q = play("4H", Seat.S, "CA"), play("4H", Seat.S, "CA")
    p.annotate(0, bt.Annotation(explanation="highest of series", note=1))
    assert p != q
    q.annotate(0, bt.Annotation(explanation="highest of series", note=1))
    assert p == q


def test_a_note_goes_only_on_a_card_already_played() -> None:
    p = play("4H", Seat.S, "CA")
    p.annotate(0, bt.Annotation(alert=True))
    assert p.annotations[0].alert
    with pytest.raises(IndexError):
        p.annotate(1, bt.Annotation(alert=True))
