"""LIN reading and writing: what BBO files say, read as the model says it (formats.md §8)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from bridgetools import Annotation, Auction, Board, Card, Contract, Deal, Hand, Seat, Vul, dumps, loads
from bridgetools.errors import Issue, ParseError
from bridgetools.formats import lin, lin_pairs
from bridgetools.model import FULL_DECK

DATA = Path(__file__).parent / "data" / "lin"
MANIFEST = json.loads((DATA / "manifest.json").read_text())


def read(text: str, strict: bool = False) -> list[Board]:
    return list(lin.read_boards(io.StringIO(text), "t.lin", strict))


def write(boards: list[Board], **options: object) -> str:
    out = io.StringIO()
    lin.write_boards(boards, out, **options)
    return out.getvalue()


# A full deal, as BBO writes it: dealer North (3), hands South, West, North, East missing.
SOUTH, WEST, NORTH = "SKH4579QKAD69C58K", "S569QAH3D5TJQAC69", "S47H8TD248KC347QA"
MD = f"3{SOUTH},{WEST},{NORTH},"
AUCTION = "mb|p|mb|p|mb|1H|mb|2H!|an|Michaels|mb|p|mb|4S|mb|5H|mb|p|mb|p|mb|p|"
ONE_BOARD = f"pn|s,w,n,e|st||md|{MD}|rh||ah|Board 1|sv|o|{AUCTION}pg||pc|C9|pc|C3|pc|C2|pc|CK|pg||"


# The corpus --------------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", MANIFEST, ids=lambda e: e["file"])
def test_every_corpus_file_reads_with_its_board_count(entry: dict) -> None:
    path = DATA / Path(entry["file"]).name
    boards = list(lin.read_boards(path.open(encoding="utf-8"), str(path)))
    assert len(boards) == entry["boards"]
    assert [i for b in boards for i in b.issues] == []


@pytest.mark.parametrize("entry", MANIFEST, ids=lambda e: e["file"])
def test_corpus_lin_to_lin_gives_equal_boards(entry: dict) -> None:
    path = DATA / Path(entry["file"]).name
    boards = list(lin.read_boards(path.open(encoding="utf-8"), str(path)))
    assert read(write(boards)) == boards


def test_corpus_lin_to_lin_keeps_every_pair_but_normalised_deals() -> None:
    # Unknown codes (zz), display codes (st, rh, pg) and their places survive; only md (four hands,
    # ranks high to low), sv 0 -> o and card case are normalised.
    path = DATA / "Bridge-Parsers__kemistry-boards-2026-01-14.lin"
    text = path.read_text()
    out = write(list(lin.read_boards(io.StringIO(text), "k")))

    def pairs(t: str) -> list[tuple[str, str]]:
        return [(p.code, p.value) for p in lin.read_pairs(io.StringIO(t), "x") if p.code != "md"]

    assert pairs(out) == pairs(text)


# md: dealer and hands ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("digit", "dealer"), [("1", Seat.S), ("2", Seat.W), ("3", Seat.N), ("4", Seat.E)])
def test_md_dealer_digit_counts_from_south_clockwise(digit: str, dealer: Seat) -> None:
    assert lin.parse_md(digit + MD[1:])[0] is dealer


def test_md_hands_are_south_west_north_east_whoever_deals() -> None:
    _, deal = lin.parse_md("4" + MD[1:])
    assert deal is not None
    assert deal[Seat.S] == lin.parse_lin_hand(SOUTH, Seat.S)
    assert deal[Seat.W] == lin.parse_lin_hand(WEST, Seat.W)
    assert deal[Seat.N] == lin.parse_lin_hand(NORTH, Seat.N)


def test_three_hands_give_east_the_other_thirteen_cards() -> None:
    _, deal = lin.parse_md(MD)
    assert deal is not None and deal.is_complete
    others = sum(h.mask for s, h in zip(Seat, deal, strict=True) if s is not Seat.E and h is not None)
    assert deal[Seat.E] == Hand(FULL_DECK & ~others)


def test_ranks_in_any_order_and_voids_read_the_same() -> None:
    ascending = lin.parse_lin_hand("S36TH468KAD4TC45Q", Seat.S)
    descending = lin.parse_lin_hand("ST63HAK864DT4CQ54", Seat.S)
    assert ascending == descending
    assert lin.parse_lin_hand("SAKQJT98765432HDC", Seat.N).length(lin.SUITS_DISPLAY_ORDER[1]) == 0


def test_lesson_hands_of_two_cards_make_a_partial_deal() -> None:
    _, deal = lin.parse_md("4S73,SK6,SAQ,SJT")
    assert deal is not None and not deal.is_complete
    assert [len(h) for h in deal if h is not None] == [2, 2, 2, 2]


def test_md_with_a_card_twice_is_an_issue_naming_line_and_column() -> None:
    (board,) = read("pn|a,b,c,d|\nmd|3SA,SA,,|sv|o|")
    assert board.deal is None
    (issue,) = board.issues
    assert (issue.line, issue.column) == (2, 4)  # the md value's first character
    assert "SA" in issue.message or "two hands" in issue.message


def test_md_with_a_card_left_out_of_a_hand_is_a_warning_as_in_pbn() -> None:
    (board,) = read(f"pn|a,b,c,d|\nmd|3{SOUTH[:-1]},{WEST},{NORTH},|sv|o|")  # South's last card lost
    (issue,) = board.issues
    assert (issue.line, issue.column, issue.level) == (2, 1, "warning")
    assert issue.message == ("md: the hands hold different numbers of cards (South 12, West 13, North 13): "
                             "a card left out?")


def test_lesson_hands_of_even_length_give_no_warning() -> None:
    (board,) = read("md|4S73,SK6,SAQ,SJT|sv|o|")
    assert board.issues == []


def test_md_written_in_south_west_north_east_order_with_all_four_hands() -> None:
    _, deal = lin.parse_md(MD)
    value = lin.md_value(Seat.N, deal)
    assert value.startswith("3") and value.count(",") == 3
    assert lin.parse_md(value) == (Seat.N, deal)


# sv ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "vul"),
    [
        ("o", Vul.NONE),
        ("0", Vul.NONE),
        ("-", Vul.NONE),
        ("n", Vul.NS),
        ("e", Vul.EW),
        ("b", Vul.BOTH),
        ("B", Vul.BOTH),
    ],
)
def test_sv_codes(code: str, vul: Vul) -> None:
    assert lin.parse_vul(code) is vul


def test_unknown_sv_is_an_issue_and_the_pair_is_kept() -> None:
    (board,) = read(f"md|{MD}|sv|q|")
    assert board.vulnerability is None and len(board.issues) == 1
    assert "sv|q|" in write([board])


# The auction -------------------------------------------------------------------------------------------


def test_calls_run_from_the_dealer_with_alerts_and_explanations() -> None:
    (board,) = read(ONE_BOARD)
    assert board.auction is not None and board.auction.dealer is Seat.N
    assert [str(c) for c in board.auction.calls] == [
        "Pass",
        "Pass",
        "1H",
        "2H",
        "Pass",
        "4S",
        "5H",
        "Pass",
        "Pass",
        "Pass",
    ]
    assert board.auction.annotations[3] == Annotation(alert=True, explanation="Michaels")
    assert board.auction.annotations[2] is None


def test_contract_and_declarer_come_from_the_auction() -> None:
    (board,) = read(ONE_BOARD)
    # 5H by South's side (S opened 1H as third hand: N, E pass, S bids 1H).
    assert board.contract == Contract.from_str("5H")
    assert board.declarer is Seat.S


def test_an_explains_a_call_even_without_an_alert() -> None:
    (board,) = read(f"md|{MD}|mb|1N|an|15-17|mb|p|")
    assert board.auction is not None
    assert board.auction.annotations[0] == Annotation(alert=False, explanation="15-17")


def test_call_case_and_packed_lesson_calls() -> None:
    (board,) = read(f"md|{MD}|mb|1nppp|")
    assert board.auction is not None and board.auction.is_complete
    assert board.contract == Contract.from_str("1NT") and board.declarer is Seat.N


def test_passed_out_board_has_the_passed_out_contract_and_no_declarer() -> None:
    (board,) = read(f"md|{MD}|mb|p|mb|p|mb|p|mb|p|")
    assert board.contract == Contract.PASSED_OUT and board.declarer is None


def test_an_illegal_call_is_an_issue_and_the_raw_calls_are_kept() -> None:
    text = f"md|{MD}|mb|1S|mb|1H|mb|p|"
    (board,) = read(text)
    assert board.auction is not None and [str(c) for c in board.auction.calls] == ["1S"]
    (issue,) = board.issues
    assert "1H" in issue.message and issue.column == text.index("mb|1H") + 4  # at the call, past mb|
    assert "mb|1H|mb|p|" in write([board])


def test_strict_reading_raises_parse_error_at_the_illegal_call() -> None:
    text = f"md|{MD}|\nmb|1S|mb|1H|"
    with pytest.raises(ParseError) as caught:
        read(text, strict=True)
    assert (caught.value.line, caught.value.column) == (2, 10)  # the call 1H, not its mb
    assert caught.value.source == "t.lin"


def test_an_illegal_packed_lesson_call_is_placed_at_that_call() -> None:
    text = f"md|{MD}|\nmb|1cp1c|"
    (board,) = read(text)
    assert [(i.line, i.column) for i in board.issues] == [(2, 7)]  # the second 1c of 1cp1c


def test_an_illegal_card_and_an_impossible_claim_are_placed_at_their_values() -> None:
    text = f"md|{MD}|\nmb|1S|mb|p|mb|p|mb|p|pc|C2|pc|C9|"  # South does not hold C9
    (board,) = read(text)
    assert [(i.line, i.column) for i in board.issues] == [(2, text.split("\n")[1].index("C9") + 1)]
    (board,) = read(f"md|{MD}|\nmb|1S|mb|p|mb|p|mb|p|mc|14|")
    assert [(i.line, i.column) for i in board.issues] == [(2, 25)]


# The play ----------------------------------------------------------------------------------------------


def test_cards_are_played_in_order_and_tricks_go_to_their_winners() -> None:
    (board,) = read(ONE_BOARD)
    assert board.play is not None
    assert board.play.cards == tuple(Card.parse(c) for c in ("C9", "C3", "C2", "CK"))
    # West leads against South's 5H; South's king of clubs wins.
    assert board.play.trick_list[0].leader is Seat.W and board.play.trick_list[0].winner is Seat.S
    assert board.tricks is None  # abandoned after one trick: no result


def test_a_claim_mid_trick_gives_declarers_total() -> None:
    (board,) = read(ONE_BOARD + "pc|HA|pc|H3|mc|11|")
    assert board.play is not None and board.play.claimed == 11
    assert board.tricks == 11 and board.result == 0


def test_an_impossible_claim_is_an_issue() -> None:
    # After one trick won by declarer, a claim of 0 tricks is impossible.
    (board,) = read(ONE_BOARD + "mc|0|")
    assert board.tricks is None and len(board.issues) == 1


def test_a_revoke_is_an_issue_and_the_raw_cards_are_kept() -> None:
    # South won trick 1 and leads the heart ace; West holds H3 and must follow, so S5 is a revoke.
    (board,) = read(ONE_BOARD + "pc|HA|pc|S5|pc|H8|")
    assert board.play is not None and len(board.play.cards) == 5
    (issue,) = board.issues
    assert "follow suit" in issue.message
    out = write([board])
    assert "pc|S5|pc|H8|" in out


def test_play_before_the_auction_ends_is_an_issue() -> None:
    (board,) = read(f"md|{MD}|mb|1S|pc|SA|")
    assert board.play is None and len(board.issues) == 1


# Commentary, unknown codes, line ends -------------------------------------------------------------------


def test_nt_commentary_is_kept_in_order_and_in_place() -> None:
    text = f"md|{MD}|nt|first|mb|1H|nt|second|pg||mb|p|"
    (board,) = read(text)
    assert board.commentary == ["first", "second"]
    assert (
        write([board]).strip() == f"md|{lin.md_value(*lin.parse_md(MD))}|nt|first|mb|1H|nt|second|pg||mb|p|"
    )


def test_unknown_codes_survive_lin_to_lin_in_order() -> None:
    text = f"pn|a,b,c,d|xy|1|md|{MD}|zz|3.53|qq||"
    (board,) = read(text)
    out = write([board])
    assert [
        (p.code, p.value) for p in lin.read_pairs(io.StringIO(out), "o") if p.code in ("xy", "zz", "qq")
    ] == [("xy", "1"), ("zz", "3.53"), ("qq", "")]
    assert read(out) == [board]


def test_line_ends_inside_and_around_values_are_not_syntax() -> None:
    (board,) = read(f"pn|a,b,c,\nd\n|st||md|{MD}\n|sv|b\r\n|")
    assert board.players[Seat.E] == "d" and board.vulnerability is Vul.BOTH
    assert board.issues == []


def test_a_pair_without_its_closing_bar_is_an_issue_at_its_line() -> None:
    (board,) = read(f"md|{MD}|\nsv|o")
    assert [(i.line, i.column) for i in board.issues] == [(2, 1)]


def test_text_that_is_not_lin_gives_issues_not_exceptions() -> None:
    boards = read('[Event "x"]\n[Board "1"]\n')
    assert sum(len(b.issues) for b in boards) >= 1


def test_boards_split_at_each_pn_in_one_board_a_line_files() -> None:
    boards = read(ONE_BOARD + "\n" + ONE_BOARD.replace("Board 1", "Board 2"))
    assert [b.number for b in boards] == [1, 2]


def test_reading_in_small_chunks_gives_the_same_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (DATA / "bridge-bots__usbf_sf_14502.lin").read_text()
    whole = read(text)
    monkeypatch.setattr(lin_pairs, "CHUNK_CHARS", 7)
    assert read(text) == whole


# Vugraph ------------------------------------------------------------------------------------------------

VUGRAPH = (
    "vg|Cup,Final,I,1,2,Alpha,0,Beta,3|\nrs|4SN=,4SN-1,,|\npn|aS,aW,aN,aE,bS,bW,bN,bE|pg||\n"
    "qx|o1|st||md|1S..,..|sv|o|pg||\nqx|c1|md|1S..,..|sv|o|pg||\nqx|o2|pn|xS,xW,xN,xE|md|2|sv|n|pg||\n"
)


def _vugraph() -> list[Board]:
    _, deal = lin.parse_md(MD)
    return read(
        VUGRAPH.replace("1S..,..", lin.md_value(Seat.S, deal)).replace("md|2|", "md|2" + MD[1:] + "|")
    )


def test_vugraph_players_come_from_the_eight_names_by_room() -> None:
    open_room, closed_room, second = _vugraph()
    assert open_room.players == {Seat.S: "aS", Seat.W: "aW", Seat.N: "aN", Seat.E: "aE"}
    assert closed_room.players == {Seat.S: "bS", Seat.W: "bW", Seat.N: "bN", Seat.E: "bE"}
    assert second.players[Seat.S] == "xS"  # a pn inside the block overrides the header


def test_vugraph_board_numbers_and_rooms_come_from_qx() -> None:
    assert [(b.number, b.room) for b in _vugraph()] == [(1, "open"), (1, "closed"), (2, "open")]


def test_vugraph_results_come_from_rs_by_board_and_room() -> None:
    open_room, closed_room, second = _vugraph()
    # 4SN= is 10 tricks; 4SN-1 is 9.
    assert (open_room.contract, open_room.declarer, open_room.tricks) == (Contract.from_str("4S"), Seat.N, 10)
    assert closed_room.tricks == 9
    assert second.contract is None


def _match_with_rs(results: str) -> list[Board]:
    """The USBF semi-final segment with its header's first three rs entries replaced by ``results``."""
    text = (DATA / "bridge-bots__usbf_sf_14502.lin").read_text()
    return read(text.replace("rs|4HE=,4HE=,3NW+1,", f"rs|{results},", 1))


def _rs_issues(boards: list[Board]) -> list[Issue]:
    return [issue for board in boards for issue in board.issues if "rs entry" in issue.message]


def test_an_rs_result_the_auction_and_play_contradict_is_a_problem_at_its_entry() -> None:
    boards = _match_with_rs("5DNx-3,4HE=,3NW+2")
    first, second = _rs_issues(boards)
    assert (first.line, first.column) == (2, 4)
    assert "5DNx-3" in first.message and "4HE=" in first.message
    assert (second.line, second.column) == (2, 16)
    assert "3NW+2" in second.message and "3NW+1" in second.message


def test_an_rs_result_stands_over_the_auction_and_play_which_are_kept_as_written() -> None:
    # As PBN's Contract, Declarer and Result tags do: the auction said 4H by East and the entry's 5DX by
    # North was dropped (and with it the result), so PBN -> LIN -> PBN changed declarers and lost results.
    open_46, _, closed_47, *_ = _match_with_rs("5DNx-3,4HE=,3NW+2")
    right = _match_with_rs("4HE=,4HE=,3NW+1")
    assert (str(open_46.contract), open_46.declarer, open_46.tricks) == ("5DX", Seat.N, 8)
    assert open_46.auction == right[0].auction and open_46.play == right[0].play
    assert (open_46.auction.final_contract, open_46.auction.declarer) == (Contract.from_str("4H"), Seat.E)
    assert (closed_47.tricks, right[2].tricks) == (11, 10)  # 3NW+2 over the play's 10 tricks
    assert closed_47.play == right[2].play


def test_an_rs_entry_of_another_contract_without_a_result_leaves_the_tricks_unknown() -> None:
    # The play's ten tricks were East's in 4H: credited to North in 5D they scored a made 5D.
    open_46, *_ = _match_with_rs("5DN,4HE=,3NW+1")
    assert _match_with_rs("4HE=,4HE=,3NW+1")[0].tricks == 10
    assert (str(open_46.contract), open_46.declarer, open_46.tricks) == ("5D", Seat.N, None)
    first, *_ = _rs_issues([open_46])
    assert "the tricks are unknown" in first.message


def test_an_rs_problem_says_the_entry_stands() -> None:
    first, _ = _rs_issues(_match_with_rs("5DNx-3,4HE=,3NW+2"))
    assert "board 46, open room" in first.message and "the rs entry stands" in first.message


def test_an_rs_result_the_auction_and_play_agree_with_is_no_problem() -> None:
    assert _rs_issues(_match_with_rs("4HE=,4HE=,3NW+1")) == []


def test_an_rs_result_with_a_sign_but_no_number_gives_the_contract_and_no_tricks() -> None:
    # "4SN-" says the contract went down, not by how much: 10 tricks (made) would be wrong.
    assert lin.parse_result("4SN-") == (Contract.from_str("4S"), Seat.N, None)
    assert lin.parse_result("4HWxx-1") == (Contract.from_str("4HXX"), Seat.W, 10 - 1)


def test_vugraph_match_line_gives_event_scoring_teams_and_carry_over() -> None:
    board = _vugraph()[0]
    assert (board.event, board.scoring) == ("Cup", "IMP")
    assert board.tags == {"Stage": "Final", "HomeTeam": "Alpha", "HomeCarryOver": "0", "VisitTeam": "Beta",
                          "VisitCarryOver": "3"}


def test_a_vugraph_match_line_carrying_0_and_0_over_gives_no_carry_over() -> None:
    # BBO's own files write 0,0 for none (bridge-wrangler's ABS2-2); BridgeData reads it so
    text = (DATA / "bridge-wrangler__ABS2-2_-_NES.lin").read_text(encoding="utf-8")
    assert "vg|,,P,1,4,Team 1,0,Team 2,0|" in text
    assert loads(text, "lin")[0].tags == {"HomeTeam": "Team 1", "VisitTeam": "Team 2"}


def test_a_vugraph_match_line_leaving_its_carry_overs_empty_gives_no_carry_over() -> None:
    # bridgetools' own LIN of early session 51 wrote none so: it still reads as none
    text = (DATA / "bridge-wrangler__ABS2-2_-_NES.lin").read_text(encoding="utf-8")
    text = text.replace("vg|,,P,1,4,Team 1,0,Team 2,0|", "vg|,,P,1,4,Team 1,,Team 2,|")
    assert loads(text, "lin")[0].tags == {"HomeTeam": "Team 1", "VisitTeam": "Team 2"}


def test_vugraph_written_back_keeps_header_once_and_blocks() -> None:
    boards = _vugraph()
    out = write(boards)
    assert out.count("vg|") == 1 and out.count("qx|") == 3
    assert read(out) == boards


def test_vugraph_made_from_boards_without_a_header() -> None:
    boards = _vugraph()
    for b in boards:
        b.extra.clear()
    out = write(boards, vugraph=True)
    again = read(out)
    assert [(b.number, b.room, b.players, b.contract, b.tricks) for b in again] == [
        (b.number, b.room, b.players, b.contract, b.tricks) for b in boards
    ]


def test_qx_with_a_label_is_kept() -> None:
    (board,) = read(f"qx|o1,BOARD 1|md|{MD}|")
    assert (board.number, board.room) == (1, "open")
    assert "qx|o1,BOARD 1|" in write([board])


# Writing ------------------------------------------------------------------------------------------------


def test_a_board_from_elsewhere_is_written_in_bbo_single_board_form() -> None:
    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    board = Board()
    board.number, board.dealer, board.vulnerability, board.deal = 3, Seat.S, Vul.EW, deal
    board.players = {Seat.N: "Nora", Seat.S: "Sam"}
    board.auction = Auction(Seat.S, ["1C", "P", "P", "P"])
    text = write([board])
    assert text == (
        f"pn|Sam,,Nora,|st||md|{lin.md_value(Seat.S, deal)}|rh||ah|Board 3|sv|e|mb|1C|mb|p|mb|p|mb|p|pg||\n"
    )
    assert read(text)[0].contract == Contract.from_str("1C")


def test_a_bar_in_a_name_cannot_be_written_and_warns() -> None:
    board = Board()
    board.players = {Seat.N: "a|b"}
    with pytest.warns(UserWarning, match="'\\|'"):
        text = write([board])
    assert "a/b" in text


def test_sniff_knows_lin_from_pbn_and_json() -> None:
    assert lin.sniff("pn|a,b,c,d|st||")
    assert lin.sniff("\ufeffvg|x|")
    assert not lin.sniff('[Event "x"]')
    assert not lin.sniff('{"schema": "bridgetools.board/1"}')


# Samples --------------------------------------------------------------------------------------------

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.lin"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_files_read_cleanly_and_write_back_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    boards = read(text)
    assert boards and all(b.issues == [] for b in boards)
    assert write(boards) == text


def test_md_dealer_digit_zero_gives_the_hands_without_a_dealer() -> None:
    assert lin.parse_md("0" + MD[1:]) == (None, lin.parse_md(MD)[1])


# The grammar ----------------------------------------------------------------------------------------


ODD_TEXTS = ["", "x", "|", "||", "a|b", "|x|y|", "ab|\ncd|ef\n|gh", "pn|a|\n\n  st||tail",
             "mb|1C|\r\nan|x\r\ny|", "cb|30 |light red\ncb|x|", "abc|1|md|1S|", "ab cd|x|", " mb |1C|",
             "x \ncb\n|y|", "ab\ncd x|y|"]
FILES = [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.lin"))]


def _lark_reading(text: str) -> tuple[list[tuple[str, str, int, int]], list[tuple[int, int]]]:
    """The pairs lark's parse with the strict grammar finds, and where it finds text that is not a pair."""
    from lark import Token

    from bridgetools.formats._lark import get_parser

    pairs, problems = [], []
    for item in get_parser("lin", strict=True).parse(text).children:
        tokens: list[Any] = [item] if isinstance(item, Token) else item.children
        first = tokens[0] if tokens else None
        if isinstance(item, Token) or item.data in ("not_lin", "bad_pair"):
            if first is not None and first.type != "VALUE":
                problems.append((first.line, first.column))
            continue
        code, value = tokens[0], str(tokens[1]) if len(tokens) > 1 else ""
        pairs.append((str(code), value.replace("\r", "").replace("\n", ""), code.line, code.column))
    return pairs, problems


@pytest.mark.parametrize("text", FILES + ODD_TEXTS)
def test_the_reader_finds_the_pairs_and_problems_lark_finds_with_the_grammar(text: str) -> None:
    issues: list[Issue] = []
    pairs = [tuple(p)[:4] for p in lin.read_pairs(io.StringIO(text), "x", issues=issues)]
    expected_pairs, expected_problems = _lark_reading(text)
    assert pairs == expected_pairs
    placed = [(i.line, i.column) for i in issues if not i.message.endswith("found nothing")]
    assert placed == expected_problems


@pytest.mark.parametrize("text", FILES)
def test_reading_in_chunks_of_any_size_finds_the_same_pairs(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = list(lin.read_pairs(io.StringIO(text), "x"))
    monkeypatch.setattr(lin_pairs, "CHUNK_CHARS", 5)
    assert list(lin.read_pairs(io.StringIO(text), "x")) == whole


def test_a_code_after_a_note_is_placed_at_its_own_line_not_after_it() -> None:
    issues: list[Issue] = []
    (pair,) = lin.read_pairs(io.StringIO("x \ncb\n|y|"), "x", issues=issues)
    assert (pair.code, pair.line, pair.column) == ("cb", 2, 1)
    assert [(i.line, i.column) for i in issues] == [(1, 1)]


def test_the_board_classes_of_codes_come_from_the_grammar_rules() -> None:
    from bridgetools.formats._lark import get_parser

    rules: dict[str, set[str]] = {}
    for rule in get_parser("lin").rules:
        codes = {s.name.lower() for s in rule.expansion if s.is_term}
        rules.setdefault(str(rule.origin.name), set()).update(codes)
    classes = lin_pairs.grammar()
    assert classes.codes("header") == rules["header"] and classes.codes("opening") == rules["opening"]


class _CountingStream(io.StringIO):
    """A text stream that counts how many characters have been read from it."""

    consumed = 0

    def read(self, size: int | None = -1) -> str:
        data = super().read(size)
        self.consumed += len(data)
        return data


def test_reading_streams_a_board_before_the_rest_of_the_file_is_read() -> None:
    one = ONE_BOARD + "\n"
    stream = _CountingStream(one * 2000)  # about 340 KB
    boards = lin.read_boards(stream, "big.lin")
    first = next(boards)
    assert first.number == 1
    assert stream.consumed <= 2 * lin_pairs.CHUNK_CHARS < len(one * 2000)
    assert 1 + sum(1 for _ in boards) == 2000


def test_a_board_heading_with_more_words_gives_the_number_and_is_kept() -> None:
    (board,) = read(f"md|{MD}|ah|Board 7 (open room)|")
    assert board.number == 7
    assert "ah|Board 7 (open room)|" in write([board])


def test_a_board_heading_without_its_number_is_told_at_its_place_and_kept() -> None:
    (board,) = read(f"md|{MD}|ah|Board x|")
    assert board.number is None
    (issue,) = board.issues
    assert (issue.line, issue.column) == (1, len(f"md|{MD}|") + 1)
    assert "'Board x' gives no board number" in issue.message
    assert "ah|Board x|" in write([board])


def test_a_heading_of_other_words_is_kept_without_an_issue() -> None:
    (board,) = read(f"md|{MD}|ah|Lesson one|")
    assert board.issues == [] and "ah|Lesson one|" in write([board])


def test_a_second_explanation_of_a_call_is_told_at_its_place_and_kept_for_lin() -> None:
    text = f"md|{MD}|mb|1S|an|x|an|y|mb|p|"
    (board,) = read(text)
    assert board.auction is not None and board.auction.annotations[0] is not None
    assert board.auction.annotations[0].explanation == "x"
    (issue,) = board.issues
    assert (issue.line, issue.column) == (1, text.index("an|y|") + 1)
    assert issue.message.startswith("a second explanation of 1S by ")
    assert "|mb|1S|an|x|an|y|mb|p|" in write([board])


def test_a_second_explanation_of_a_call_goes_through_json_back_to_lin_as_the_issue_says() -> None:
    (board,) = read(f"md|{MD}|mb|1S|an|x|an|y|mb|p|")
    (issue,) = board.issues
    assert "kept as written for LIN (and JSON, which carries it back to LIN)" in issue.message
    (back,) = loads(dumps([board], "json"), "json")
    assert "|mb|1S|an|x|an|y|mb|p|" in write([back])


def test_a_player_named_dash_is_nobody_and_written_as_an_empty_name() -> None:
    board = Board(number=1)
    board.players = {seat: "-" for seat in Seat}
    assert write([board]).startswith("pn|,,,|")
    assert read("pn|-,-,-,-|md|" + MD + "|")[0].players == {}


def test_a_kept_record_edited_into_nonsense_keeps_its_well_formed_entries() -> None:
    (board,) = read(f"pn|a,b,c,d|md|{MD}|zz|1|")
    board.extra["lin"] = lin.LinRecord.from_json({
        "layout": ["md", 3, "xx"],
        "events": [["a", "zz", "1"], [0, "qq", "2"], 5],
        "header": [["vg", "x"], "junk"],
    })  # fmt: skip
    text = write([board])
    assert "qq|2|" in text and "vg|x|" in text and "md|" in text and "zz|" not in text


# The record of what the model does not hold --------------------------------------------------------


def _recorded_boards() -> list[Board]:
    """Every board of the LIN test files, the odd ones too."""
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(DATA.rglob("*.lin"))]
    return [board for text in texts for board in read(text)]


def test_every_kept_record_comes_back_equal_from_its_json_values() -> None:
    from bridgetools.board.leftovers import record_type

    records = [b.extra["lin"] for b in _recorded_boards() if "lin" in b.extra]
    assert records and all(isinstance(r, lin.LinRecord) for r in records)
    for record in records:
        assert record_type("lin") is lin.LinRecord
        assert lin.LinRecord.from_json(json.loads(json.dumps(record.to_json()))) == record


def test_a_record_as_earlier_versions_kept_it_reads_as_a_record() -> None:
    old = {"layout": ["md", "pn"], "events": [[2, "zz", "1"], [2, "nt", None]], "header": [["vg", "x"]],
           "qx": "o1,BBO", "result_from": "rs"}  # fmt: skip
    record = lin.LinRecord.from_json(old)
    assert record.layout == ("md", "pn") and record.events == ((2, "zz", "1"), (2, "nt", None))
    assert record.header == (("vg", "x"),) and record.qx == "o1,BBO" and record.result_from_rs


def test_a_board_the_writer_would_write_the_same_keeps_no_record() -> None:
    assert all(b.extra.get("lin") != lin.LinRecord() for b in _recorded_boards())
    (board,) = read(write(read(ONE_BOARD)))
    assert "lin" not in board.extra


def test_boards_through_json_write_the_same_lin() -> None:
    from bridgetools.formats import jsonfmt

    boards = _recorded_boards()
    out = io.StringIO()
    jsonfmt.write_boards(boards, out)
    again = list(jsonfmt.read_boards(io.StringIO(out.getvalue()), "t.json"))
    assert write(again) == write(boards)


def test_the_same_deal_shown_again_stays_in_its_board_and_a_new_deal_opens_one() -> None:
    _, deal = lin.parse_md(MD)
    other = lin.md_value(Seat.E, lin.parse_md("1" + WEST + "," + SOUTH + "," + NORTH + ",")[1])
    boards = read(f"md|{MD}|ah|Board 1|md|0{MD[1:]}|md|{other}|")
    assert [b.number for b in boards] == [1, None]
    assert boards[0].deal == deal and "md|0" in write(boards[:1])


def test_a_board_with_no_sv_keeps_its_pg_after_the_last_call_through_json() -> None:
    # JSON reads the vulnerability back as given; when the writer adds sv to the file's layout (here one
    # other than the number's) the kept pg, placed by the pairs before it, came before the last pass
    # (mb|p|mb|p|mb|p|pg||mb|p|).
    text = "qx|o1|md|3SAKQJ5HAKQJDAK2CA,S432H5432D543C32,S876H876D876C876,|mb|p|mb|p|mb|p|mb|p|pg||\n"
    (board,) = loads(dumps(loads(text, "lin"), "json"), "json")
    board.vulnerability = Vul.BOTH
    via_json = dumps([board], "lin")
    assert "|sv|b|" in via_json and via_json.endswith("|mb|p|mb|p|mb|p|mb|p|pg||\n")


@pytest.mark.parametrize("number", [1, 2])
def test_a_board_with_no_sv_comes_back_from_json_without_one(number: int) -> None:
    # LIN -> JSON -> LIN added sv|o| (sv|n| on board 2) that LIN -> LIN does not: JSON gives the
    # vulnerability the number gives as given.
    text = f"qx|o{number}|md|1SAKQJT98765432,H23456789TJQKA,DAKQJT98765432,|\n"
    assert dumps(loads(dumps(loads(text, "lin"), "json"), "json"), "lin") == dumps(loads(text, "lin"), "lin")
    assert "sv|" not in dumps(loads(dumps(loads(text, "lin"), "json"), "json"), "lin")


def test_a_bad_rank_in_an_md_hand_is_placed_at_its_own_column() -> None:
    text = "pn|a,b,c,d|md|3S48JH25TQD235C679,S36TH468KAD4TC45Q,S257QAH9DJQKC43Z,|"
    (board,) = read(text)
    (issue,) = board.issues
    assert (issue.line, issue.column) == (1, text.index("Z") + 1)
    assert "(character" not in issue.message  # the column says where


def test_a_bad_value_of_a_pair_is_placed_at_the_value_not_the_code() -> None:
    text = "md|3SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|mb|1Z|"
    (board,) = read(text)
    assert [(i.line, i.column) for i in board.issues] == [(1, text.index("1Z") + 1)]


def test_a_vugraph_header_comment_with_no_board_after_it_ends_without_a_blank_line() -> None:
    # The record holding the header's nt wrote no pairs of its own, but still a line end: vg|...|nt|..|rs||
    # came back with an empty line after it.
    text = "vg|M,S,I,1,1,A,0,B,0|\nnt|only|rs||\n"
    assert dumps(loads(text, "lin"), "lin") == text
    assert dumps(loads(dumps(loads(text, "lin"), "json"), "json"), "lin") == text
