"""Tricks a file gives as unknown stay unknown through every format that can say so (JSON's null, PBN's
``Result "?"``, a LIN ``rs`` entry with no result), never worked out from cards of another contract."""

from __future__ import annotations

from bridgetools import Board, Contract, Seat, dumps, loads

_PLAY = (
    "D2 DJ D8 D5 S5 S2 SJ S8 SQ S9 S6 S3 SK ST S7 S4 D6 D3 DQ D9 DK DT D7 D4 DA C5 C2 H5 H2 HJ H8 H6 "
    "HQ H9 H7 H3 C6 C3 CJ C8 CQ C9 C7 C4 CK CT HK HT CA H4 HA SA"
).split()
"""1S bid and played out by North (East leads): eight tricks for North."""


def _match(entry: str) -> str:
    """A one-board vugraph LIN file whose open room bid and played 1S by North, with the rs ``entry``."""
    cards = "".join(f"pc|{card}|" + ("pg||" if i % 4 == 3 else "") for i, card in enumerate(_PLAY))
    return (
        "vg|Match,Seg,I,1,1,A,0,B,0|\n"
        f"rs|{entry},|\n"
        "pn|a,b,c,d,e,f,g,h|\n"
        "qx|o1|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|rh||sv|o|"
        f"mb|1S|mb|p|mb|p|mb|p|pg||{cards}\n"
    )


def _unknown_tricks(board: Board) -> bool:
    return board.tricks is None and board.is_unknown("tricks")


def test_the_1s_play_takes_eight_tricks_for_north() -> None:
    (board,) = loads(_match("1SN"), "lin")
    assert (board.declarer, board.tricks) == (Seat.N, 8)


def test_json_keeps_tricks_an_rs_entry_leaves_unknown() -> None:
    # JSON read null as "from the play": 1S by South made 8 tricks, North's (score_ns 110).
    (lin_board,) = loads(_match("1SS"), "lin")
    assert _unknown_tricks(lin_board)
    text = dumps([lin_board], "json")
    (board,) = loads(text, "json")
    assert (board.contract, board.declarer) == (Contract.from_str("1S"), Seat.S)
    assert _unknown_tricks(board) and board.play is not None and board.play.result == 8
    assert dumps([board], "json") == text


def test_json_lines_written_as_pbn_keep_the_result_unknown() -> None:
    (board,) = loads(dumps(loads(dumps(loads(_match("1SS"), "lin"), "pbn"), "pbn"), "jsonl"), "jsonl")
    written = dumps([board], "pbn")
    assert '[Result "?"]' in written and '[Result "8"]' not in written


def test_json_null_tricks_without_a_play_is_no_unknown() -> None:
    (board,) = loads(dumps([Board(number=1, contract=Contract.from_str("4H"), declarer=Seat.N)], "json"),
                     "json")
    assert board.tricks is None and "tricks" not in board.unknown


def test_json_without_tricks_works_them_out_from_the_play() -> None:
    (lin_board,) = loads(_match("1SN"), "lin")
    text = dumps([lin_board], "json").replace('"tricks": 8, ', "")
    assert '"tricks"' not in text
    (board,) = loads(text, "json")
    assert board.tricks == 8


def test_pbn_of_another_contract_by_the_same_declarer_leaves_the_tricks_unknown() -> None:
    # [Contract "1NT"] over 1S bid and played by North: the cards were replayed in notrump, 1NT= (7 tricks).
    (lin_board,) = loads(_match("1NN"), "lin")
    (board,) = loads(dumps([lin_board], "pbn"), "pbn")
    assert (board.contract, board.declarer) == (Contract.from_str("1NT"), Seat.N)
    assert board.play is not None and board.play.contract == Contract.from_str("1S")
    assert [str(card) for card in board.play.cards] == _PLAY
    assert _unknown_tricks(board)


def test_lin_through_pbn_keeps_the_rs_entry_and_the_cards() -> None:
    # PBN -> LIN wrote rs|1NN=,| (a result the file never gave) and dropped all 52 cards.
    via_pbn = dumps(loads(dumps(loads(_match("1NN"), "lin"), "pbn"), "pbn"), "lin")
    assert "rs|1NN,|" in via_pbn and via_pbn.count("pc|") == 52


def test_an_rs_entry_that_only_doubles_the_auctions_contract_keeps_the_plays_tricks() -> None:
    # A double changes no card: 1SX by North took the play's 8 tricks (they were read as unknown).
    (board,) = loads(_match("1SNx"), "lin")
    assert (str(board.contract), board.declarer, board.tricks) == ("1SX", Seat.N, 8)


def test_json_tricks_that_cannot_be_read_are_unknown_with_a_placed_problem_not_the_plays() -> None:
    # "tricks": "ten" over North's 1S played out was read as the play's 8 tricks, the problem not saying so.
    (lin_board,) = loads(_match("1SN"), "lin")
    text = dumps([lin_board], "json").replace('"tricks": 8', '"tricks": "ten"')
    (board,) = loads(text, "json")
    assert _unknown_tricks(board) and board.play is not None and board.play.result == 8
    (issue,) = board.issues
    assert issue.message == ('tricks: expected a whole number, found a string "ten"; read as unknown '
                             "(null), not from the play")
    line = text.splitlines()[issue.line - 1]
    assert line[issue.column - 1:].startswith('"ten"')
    assert board.contract == Contract.from_str("1S")  # the rest of the board is read
