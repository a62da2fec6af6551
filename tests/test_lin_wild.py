"""LIN files as found in public repositories, and the features of such files that the corpus copies
lack, reproduced in a few lines: each reads with its boards and LIN -> PBN -> LIN keeps every board
(deal, calls with alerts and explanations, play and claim, contract, declarer, result, number, dealer,
vulnerability, players)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_lin_via_pbn import kept

from bridgetools import Board, dumps, loads, read

WILD = Path(__file__).parent / "data" / "lin" / "wild"

BOARDS = {
    "bridge-wrangler__ABS2-2_-_NS.lin": 4,
    "bridge-wrangler__ABS2-2_-_S.lin": 4,
}
"""Each file's boards: one ``qx`` block each, counted by hand."""

DEAL = "md|3S49KH6D356KC245TQ,S268QAH29JQD4JC3J,STJH34578DQAC789K,|sv|o|"
"""North deals; South S K94 H 6 D K653 C QT542, West S AQ862 H QJ92 D J4 C J3, North S JT H 87543
D AQ C K987, East the rest (S 753 H AKT D T9872 C A6)."""
WEST_PLAYS_3NT = "mb|p|mb|p|mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|"
"""Three passes, West opens 1NT and East raises: West declares 3NT, North on lead."""


def vugraph(results: str, *blocks: str) -> str:
    """A vugraph file: header with ``rs`` results for boards 1-2, then the given ``qx`` blocks."""
    header = f"vg|Final,Seg 1,I,1,2,Home,0,Away,0|rs|{results}|pn|n1,e1,s1,w1,n2,e2,s2,w2|pg||\n"
    return header + "".join(block + "pg||\n" for block in blocks)


def through_pbn(boards: list[Board]) -> list[Board]:
    return loads(dumps(loads(dumps(boards, "pbn"), "pbn"), "lin"), "lin")


def test_every_wild_file_is_listed() -> None:
    assert sorted(p.name for p in WILD.glob("*.lin")) == sorted(BOARDS)


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_wild_file_reads_with_its_boards_and_keeps_them_through_pbn(name: str) -> None:
    boards = list(read(WILD / name))
    assert len(boards) == BOARDS[name]
    assert [kept(b) for b in through_pbn(boards)] == [kept(b) for b in boards]
    assert loads(dumps(boards, "lin"), "lin") == boards


def test_an_rs_result_without_cards_comes_back_through_pbn_as_it_was() -> None:
    text = vugraph("3NW=,3NW-1", f"qx|o1|{DEAL}{WEST_PLAYS_3NT}", f"qx|c1|{DEAL}{WEST_PLAYS_3NT}pc|H5|")
    boards = loads(text, "lin")
    assert [b.tricks for b in boards] == [9, 8]  # 3NT= is 6 + 3; 3NT-1 is one fewer
    assert [b.play.claimed for b in boards] == [9, 8]  # how LIN says it without rs: mc
    assert [kept(b) for b in through_pbn(boards)] == [kept(b) for b in boards]
    again = dumps(boards, "lin")
    assert "mc|" not in again  # the rs header says the results: no claim is made up
    assert loads(again, "lin") == boards


def test_an_rs_result_for_another_declarer_is_not_this_boards_result() -> None:
    # rs says North played 3NT; the auction says West did, so rs describes some other board.
    (board, _) = loads(vugraph("3NN=,", f"qx|o1|{DEAL}{WEST_PLAYS_3NT}", f"qx|c1|{DEAL}"), "lin")
    assert board.declarer == board.auction.declarer
    assert board.tricks is None


def test_a_play_whose_first_card_is_illegal_models_no_play_and_keeps_the_card() -> None:
    # North is on lead against West's 3NT; D2 is East's card.
    (board,) = loads(f"pn|a,b,c,d|{DEAL}{WEST_PLAYS_3NT}pc|D2|", "lin")
    assert board.play is None and len(board.issues) == 1
    assert "pc|D2|" in dumps([board], "lin")
    assert [kept(b) for b in through_pbn([board])] == [kept(board)]
