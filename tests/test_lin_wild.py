"""LIN files as found in public repositories, and the features of such files that the corpus copies
lack, reproduced in a few lines: each reads with its boards and LIN -> PBN -> LIN keeps every board
(deal, calls with alerts and explanations, play and claim, contract, declarer, result, number, dealer,
vulnerability, players)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_lin_via_pbn import kept

from bridgetools import Annotation, Board, Contract, Hand, Seat, dumps, loads, read

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


def test_an_rs_result_for_another_declarer_than_the_auctions_stands_and_is_a_problem() -> None:
    # rs says North played 3NT; the auction says West did. The entry stands, as PBN's Declarer tag over its
    # auction (the reader took the auction's West and dropped the result); the calls stay as written.
    (board, _) = loads(vugraph("3NN=,", f"qx|o1|{DEAL}{WEST_PLAYS_3NT}", f"qx|c1|{DEAL}"), "lin")
    assert (str(board.contract), board.declarer, board.tricks) == ("3NT", Seat.N, 9)
    assert board.auction is not None and board.auction.declarer is Seat.W
    assert board.play is None  # no claim is made up for a play West's calls would give West
    (issue,) = board.issues
    assert "rs entry 3NN=" in issue.message and "3NW" in issue.message


def test_a_play_whose_first_card_is_illegal_models_no_play_and_keeps_the_card() -> None:
    # North is on lead against West's 3NT; D2 is East's card.
    (board,) = loads(f"pn|a,b,c,d|{DEAL}{WEST_PLAYS_3NT}pc|D2|", "lin")
    assert board.play is None and len(board.issues) == 1
    assert "pc|D2|" in dumps([board], "lin")
    assert [kept(b) for b in through_pbn([board])] == [kept(board)]


def test_a_note_left_at_a_line_end_is_said_and_the_next_lines_code_is_read() -> None:
    # A lesson file names its colours in plain words after each colour's pairs.
    text = f"cr|3255|cg|30 |cb|30 |light red\n  cr|21 |cg|2255|cb|224 |\npn|a,b,c,d|{DEAL}"
    (board,) = loads(text, "lin")
    (issue,) = board.issues
    assert "'light red'" in issue.message and (issue.line, issue.column) == (1, 23)
    codes = [code for code, _ in board.extra["lin"].header]
    assert codes == ["cr", "cg", "cb", "cr", "cg", "cb"]  # the cr on line 2 is kept


def test_a_bad_pair_after_a_note_is_placed_on_its_own_line() -> None:
    (board,) = loads("pn|a,b,c,d|sv|o|note\n  md|9zz|", "lin")
    assert [(i.line, i.column) for i in board.issues] == [(1, 17), (2, 6)]  # md's value, its bad digit


LESSON = (
    "nt||rh||ah|Goal:|ah|take 2 tricks|ah|NO TRUMP|\n"
    "qx|A1|st||md|4S73,SK6,SAQ,SJT|mb|1nppp|\n"
    "ht|b|at|You play from hand.|pg|| \npf|y|pg||\n\n"
    "nt||qx|B13|st||md|4H86Ca3,HKDtCt9,D74CK4,HJDJC62|mb|1cppp|rh||ah|Goal: |ah|4 tricks|\n"
    "ht|b|at|Clubs are trumps.|pg||\npf|y|pg||\n"
    "nt||qx|B17|st||md|4AQTHAK,S74H72DA,S832Dt5,SKJ9H85|mb|1Sppp|\n"
)
"""A teaching file's problems: labelled ``qx``, end positions of a few cards each (lower-case ranks
too), packed auctions, display codes; the last ``md`` lacks South's first suit letter, as in the file."""


def test_a_lesson_file_reads_one_board_a_problem_and_says_which_hand_is_bad() -> None:
    boards = loads(LESSON, "lin")
    assert [b.number for b in boards] == [1, 13, 17]  # the number in each qx label
    assert [len(boards[0].deal.hand(seat)) for seat in Seat] == [2, 2, 2, 2]  # two cards each
    assert boards[1].deal.hand(Seat.S) == Hand.parse(".86..A3")  # hearts 8 6, clubs A 3 (written "Ca3")
    assert [str(b.contract) for b in boards] == ["1NT", "1C", "1S"]  # 'mb|1nppp|': 1NT, three passes
    assert boards[2].deal is not None and boards[2].deal[Seat.S] is None  # the bad hand; the others kept
    assert "South" in boards[2].issues[0].message
    assert loads(dumps(boards, "lin"), "lin")[:2] == boards[:2]
    assert [kept(b) for b in through_pbn(boards)] == [kept(b) for b in boards]


SPECTATORS = (
    "vg|Quarter final,Segment 4,I,16,16,Home,100,Away,68|rs|3HS=,4DE=|pn|a,b,c,d,e,f,g,h|pg||\n"
    "qx|c16|st||md|2ST942HKJT82DKCKQ9,SAKQHQD97542CT863,SJ85HA976D86CAJ75,S763H543DAQJT3C42|sv|e|"
    "mb|p|mb|p|mb|1D|mb|1H|mb|2H!|an|good raise|nt|kib: a cue bid|pg||\n"
    "mb|3D|mb|p|mb|3H|mb|d|mb|p|mb|4D|mb|p|mb|p|mb|p|pc|hJ|pc|hQ|nt|kib: thinking|pg||\n"
    "pc|hA|pc|h4|pg||\npc|c5|pc|c4|pc|cQ|pc|c3|pg||\nmc|10|nt|kib: well played|pg||\npg||\n"
)
"""A vugraph board as BBO archives it: spectators' ``nt`` between calls and between cards, lower-case
cards, an alert with its explanation, a claim followed by a comment and an empty ``pg``."""


def test_spectators_comments_sit_between_calls_and_cards_and_all_come_back() -> None:
    board, alone = loads(SPECTATORS, "lin")  # and the open room's rs entry, which no block holds
    assert board.issues == [] and (alone.room, alone.number, str(alone.contract)) == ("open", 16, "3H")
    assert board.auction.annotations[4] == Annotation(alert=True, explanation="good raise")
    assert len(board.play.cards) == 8 and board.play.claimed == 10 and board.tricks == 10
    assert board.commentary == ["kib: a cue bid", "kib: thinking", "kib: well played"]
    assert loads(dumps([board, alone], "lin"), "lin") == [board, alone]
    assert [kept(b) for b in through_pbn([board])] == [kept(board)]


def test_a_heading_before_its_deal_opens_the_next_board() -> None:
    # Some converters write ah|Board n| before each board's md, with no qx or pn to open it.
    hands = DEAL.split("|")[1][1:]
    text = "".join(f"rh||ah|Board {n}|md|{dealer}{hands}|pg||\n" for n, dealer in ((1, 3), (2, 4), (3, 1)))
    boards = loads(text, "lin")
    assert [(b.number, b.dealer) for b in boards] == [(1, Seat.N), (2, Seat.E), (3, Seat.S)]
    assert loads(dumps(boards, "lin"), "lin") == boards


def test_a_repeated_heading_for_the_same_board_stays_in_it() -> None:
    (board,) = loads(f"pn|a,b,c,d|{DEAL}rh||ah|Board 4|mb|p|ah|Board 4|", "lin")
    assert board.number == 4 and len(board.auction) == 1


def test_boards_whose_contract_only_rs_gives_keep_it_through_pbn() -> None:
    # The operator missed the auctions: 4SX by East down two (8 tricks), and 3NT by West down one.
    text = vugraph("4SEx-2,3NW-1", f"qx|o1|{DEAL}mb|p|mb|p|", f"qx|c1|{DEAL}")
    boards = loads(text, "lin")
    results = [(str(b.contract), b.declarer, b.tricks) for b in boards]
    assert results == [("4SX", Seat.E, 8), ("3NT", Seat.W, 8)]  # 10 needed less 2; 9 needed less 1
    again = through_pbn(boards)
    assert [b.issues for b in again] == [[], []]
    assert [kept(b) for b in again] == [kept(b) for b in boards]
    assert "rs|4SEx-2,3NW-1|" in dumps(again, "lin")  # PBN kept no header: the writer makes one


def test_an_rs_entry_with_a_number_after_its_equals_sign_is_made_exactly() -> None:
    (board, _) = loads(vugraph("3NW=1,", f"qx|o1|{DEAL}{WEST_PLAYS_3NT}", f"qx|c1|{DEAL}"), "lin")
    assert board.tricks == 9 and board.issues == []  # 3NT made: 6 + 3


def test_no_results_line_is_made_when_two_boards_share_a_number_and_room() -> None:
    # Two segments' board 1, open room, contracts without auctions: one rs entry cannot hold both.
    four_spades = Contract.from_str("4S")
    boards = [Board(number=1, room="open", contract=four_spades, declarer=s) for s in (Seat.N, Seat.E)]
    assert "rs|" not in dumps(boards, "lin")
