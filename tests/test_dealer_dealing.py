"""`bridgetools.dealer.dealing`: a dealing run as a library value (seed, shard numbering, turning, header),
the differences from Debian's dealer that are refused before dealing, and `generate`'s argument checks."""

from __future__ import annotations

import pytest

import bridgetools as bt
from bridgetools.dealer.compiler import make_plan
from bridgetools.dealer.dealing import UnclearHand, hand_about, prepare, turned_vul
from bridgetools.dealer.language import parse
from bridgetools.errors import ConstraintError, ParseError
from bridgetools.model import Seat, Vul


def test_a_run_without_a_seed_draws_one_and_says_so() -> None:
    job = prepare("hcp(north) > 10", count=2)
    assert job.seed_drawn and job.seed >= 0 and f"seed {job.seed}" in job.header[0]


def test_shard_i_counted_from_0_numbers_from_first_board_plus_i_times_n() -> None:
    job = prepare("hcp(north) > 10", count=5, seed=1, shard=(2, 3), first_board=11)
    assert job.first == 21 and "shard 3/3" in job.header[0]


def test_a_turn_moves_the_scripts_dealer_and_swaps_ns_and_ew_vulnerability() -> None:
    job = prepare("dealer north\nvulnerable ns\nhcp(north) > 10", count=1, seed=1, rotate_to=Seat.E)
    assert (job.rotate, job.dealer, job.vulnerability) == (1, Seat.E, Vul.EW)


def test_dealer_and_vulnerability_given_are_the_boards_own_whatever_the_turn() -> None:
    job = prepare("dealer north\nhcp(north) > 10", count=1, seed=1, rotate_to=Seat.S, dealer=Seat.W,
                  vulnerability=Vul.NS)
    assert (job.rotate, job.dealer, job.vulnerability) == (2, Seat.W, Vul.NS)


def test_the_turned_boards_hold_the_described_hand_at_the_seat() -> None:
    job = prepare("hcp(west) >= 20", count=4, seed=2, rotate_to=Seat.S)
    assert all(board.deal[Seat.S].hcp >= 20 for board in job.boards(job.batches()))


@pytest.mark.parametrize("vul, turns, expected", [(Vul.NS, 1, Vul.EW), (Vul.EW, 3, Vul.NS),
                                                  (Vul.NS, 2, Vul.NS), (Vul.BOTH, 1, Vul.BOTH)])
def test_vulnerability_follows_the_hands(vul: Vul, turns: int, expected: Vul) -> None:
    assert turned_vul(vul, turns) is expected


def test_the_hand_a_script_is_about_counts_predealt_seats_too() -> None:
    assert hand_about(parse("predeal south SA\nhcp(south) > 10")) is Seat.S
    with pytest.raises(UnclearHand, match="North and South"):
        hand_about(parse("predeal north SA\nhcp(south) > 10"))


@pytest.mark.parametrize("script", [
    "predeal hearts(north) == 7\npredeal hearts(south) == 4\npredeal hearts(east) == 4\n"
    "predeal hearts(west) == 4",
    "predeal spades(north) == 7\npredeal hearts(north) == 7",
    "predeal clubs(north) == 4\npredeal clubs(south) == 4\n"
    "predeal clubs(east) == 3\npredeal clubs(west) == 1",
    "predeal north SAKQJ\npredeal spades(north) == 3",
])
def test_suit_lengths_predeal_no_deal_can_hold_are_refused_before_dealing(script: str) -> None:
    with pytest.raises(ConstraintError, match="predeal"):
        bt.generate(script, 1, seed=1)


@pytest.mark.parametrize("script, where", [
    ("predeal north SAK\npredeal spades(north) == 1", "s.dlr:2:9: predeal: North is given 1 spade but"),
    ("produce 1\npredeal hearts(north) == 7\n  predeal hearts(south) == 7", "s.dlr:3:11: predeal: the four"),
    ("predeal north SAKQJT98765432\npredeal hearts(north) == 1", "s.dlr:2:9: predeal: North cannot hold"),
])
def test_suit_lengths_predeal_no_deal_can_hold_name_the_statement(script: str, where: str) -> None:
    with pytest.raises(ConstraintError) as caught:
        make_plan(script, "s.dlr")
    assert str(caught.value).startswith(where)


def test_suit_lengths_predeal_that_fit_are_dealt() -> None:
    script = "\n".join(f"predeal clubs({seat}) == {n}" for seat, n in
                       (("north", 4), ("south", 4), ("east", 3), ("west", 2)))
    assert all(d[Seat.W].length(bt.Suit.C) == 2 for d in bt.generate(script, 3, seed=1))


@pytest.mark.parametrize("text, line, column", [
    ("hcp(north) > 10 /* never closed\nproduce 3\n", 1, 17),
    ("# a /* in a comment is fine\nhcp(north) > 10 /* ok */ &&\n  hcp(south) > 3 /* open", 3, 18),
])
def test_an_unclosed_block_comment_is_an_error_saying_so_where_it_opens(text: str, line: int,
                                                                       column: int) -> None:
    with pytest.raises(ParseError, match="unterminated /\\* comment") as caught:
        parse(text, "x.dlr")
    assert (caught.value.line, caught.value.column) == (line, column)


@pytest.mark.parametrize("kwargs, error, word", [
    ({"n": 2.5}, TypeError, "n must"), ({"n": "3"}, TypeError, "n must"), ({"n": True}, TypeError, "n must"),
    ({"n": -1}, bt.BridgeError, "n must"), ({"n": 2, "seed": "abc"}, TypeError, "seed must"),
    ({"n": 2, "seed": 1.5}, TypeError, "seed must"), ({"n": 2, "seed": -4}, bt.BridgeError, "seed must"),
])
def test_generate_names_a_bad_count_or_seed(kwargs: dict[str, object], error: type[Exception],
                                            word: str) -> None:
    with pytest.raises(error, match=word):
        bt.generate("hcp(north) > 10", **kwargs)  # type: ignore[arg-type]


def test_generate_takes_numpy_integers() -> None:
    import numpy as np

    assert len(bt.generate("hcp(north) > 10", np.int64(2), seed=np.uint32(5))) == 2


def test_a_run_with_no_condition_says_so_in_the_header() -> None:
    assert prepare(None, count=1, seed=1).header[1] == "condition (none)"
