"""Nothing lost without a word between LIN and the other formats (issue 9: items 4, 5 and 8).

Each test is one thing a converted file used to lose, or say wrongly, with no warning.
"""

from __future__ import annotations

import copy
import io
import re
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools import Board, Deal, Seat, dumps, loads, read
from bridgetools._words import EXCERPT
from bridgetools.cli import cli
from bridgetools.formats import lin
from bridgetools.formats._losses import Losses
from bridgetools.formats.lin_write import CARRY_OVER_OF_NONE
from bridgetools.formats.pbn_write import KEPT_CALLS
from bridgetools.rules import Auction, Play

DEAL = "3SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,"
CALLS = "mb|1C|mb|p|mb|1S|mb|p|mb|2N|mb|p|mb|3N|mb|p|mb|p|mb|p|"


def vugraph(block_pn: str) -> str:
    """A two-room vugraph match of one board whose blocks name their players with ``block_pn``."""
    header = "vg|Match,R1,I,1,1,Home,0,Visitors,0|rs|3NN=,3NN=|pn|a,b,c,d,e,f,g,h|pg||\n"
    blocks = "".join(
        f"qx|{room}1|pn|{block_pn}|md|{DEAL}|sv|o|{CALLS}pg||\n" for room in ("o", "c")
    )
    return header + blocks


# Item 8: the dealer digit, and a qx block's own eight names ---------------------------------------


def test_a_deal_with_no_dealer_is_written_with_a_dealer_digit_and_a_warning() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQJ.AKQ.AK 6789.6789.6789.3 2345.2345.2345.2 T.T.JT.QJT987654")
    with pytest.warns(UserWarning, match="LIN needs a dealer"):
        text = dumps([Board(deal=deal)], "lin")
    md = text.split("md|", 1)[1].split("|", 1)[0]
    assert md[0] in "1234"
    dealer, read_deal = lin.parse_md(md)
    assert (dealer, read_deal) == (Seat.N, deal)


def test_a_numbered_deal_with_no_dealer_given_is_written_with_the_dealer_of_its_number() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQJ.AKQ.AK 6789.6789.6789.3 2345.2345.2345.2 T.T.JT.QJT987654")
    board = Board(number=2, deal=deal)
    board.dealer = None  # clears a given dealer: the board's number gives it (Law 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        (again,) = loads(dumps([board], "lin"), "lin")
    assert again.dealer is Seat.E


def test_calls_with_no_board_dealer_are_written_dealt_by_their_first_seat_with_their_play() -> None:
    """``Board(auction=Auction("E", ...))`` has no dealer of its own: md said North, a warning said the
    dealer was a guess, and the calls read back as other players' (the play, then wrong, lost silently)."""
    deal = Deal.from_pbn("N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 95.T632.754.K963")
    board = Board(deal=deal, auction=Auction("E", "1S P 2S P P P"))
    board.play = Play(deal, "2S", "E", ["ST"])
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        (again,) = loads(dumps([board], "lin"), "lin")
    assert again.auction is not None and again.auction.dealer is Seat.E
    assert again.play is not None and [str(c) for c in again.play.cards] == ["ST"]


def test_a_deal_with_its_dealer_is_written_without_a_warning() -> None:
    (board,) = loads(f"md|{DEAL}|", "lin")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dumps([board], "lin")


@pytest.mark.parametrize("names", [",,,,,,,", "s1,w1,n1,e1,s2,w2,n2,e2"])
def test_eight_names_inside_a_qx_block_are_the_blocks_players_not_a_new_header(names: str) -> None:
    boards = loads(vugraph(names), "lin")
    assert [(b.number, b.room, b.deal is not None, len(b.auction or ())) for b in boards] == [
        (1, "open", True, 10),
        (1, "closed", True, 10),
    ]
    assert not any(b.issues for b in boards)


def test_eight_names_inside_a_qx_block_name_each_room_and_are_written_back_as_they_were() -> None:
    text = vugraph("s1,w1,n1,e1,s2,w2,n2,e2")
    boards = loads(text, "lin")
    assert [b.players[Seat.S] for b in boards] == ["s1", "s2"]
    assert dumps(boards, "lin").count("|pn|s1,w1,n1,e1,s2,w2,n2,e2|") == 2


def test_an_eight_name_pn_between_blocks_is_still_a_new_header() -> None:
    text = vugraph("s1,w1,n1,e1") + "pn|p,q,r,s,t,u,v,w|qx|o2|md|" + DEAL + "|mb|p|mb|p|mb|p|mb|p|pg||\n"
    boards = loads(text, "lin")
    assert [b.room for b in boards] == ["open", "closed", "open"]
    assert boards[2].players[Seat.S] == "p"


# Item 5: commentary keeps its place -------------------------------------------------------------

DATA = Path(__file__).parent / "data" / "lin"
COMMENTED = (
    "md|3SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|nt|before the auction|"
    "mb|1C|mb|p|nt|after a pass|mb|1S|an|spades|nt|after 1S|mb|p|mb|p|mb|p|"
    "pc|H2|nt|after the lead|pc|H6|pc|HT|pc|HA|nt|after trick one|mc|13|nt|at the end|"
)


def comment_places(lin_text: str) -> list[tuple[str, int, int]]:
    """Each ``nt`` with how many calls and cards came before it: its place in the auction and play."""
    calls = cards = 0
    places = []
    for pair in lin.read_pairs(io.StringIO(lin_text), "t.lin"):
        code = pair.code.lower()
        calls += code == "mb"
        cards += code == "pc"
        if code == "nt":
            places.append((pair.value, calls, cards))
    return places


def via_pbn(lin_text: str) -> str:
    return dumps(loads(dumps(loads(lin_text, "lin"), "pbn"), "pbn"), "lin")


def test_lin_comments_go_after_their_call_or_card_in_pbn() -> None:
    pbn = dumps(loads(COMMENTED, "lin"), "pbn")
    auction, play = pbn.split("[Auction")[1].split("[Play")
    assert "{before the auction}" in auction.split("1C")[0]
    assert "Pass {after a pass} 1S" in auction
    assert "1S =1= {after 1S} Pass" in auction
    assert "H2 {after the lead} H6" in play
    assert "HA {after trick one}" in play


def test_lin_comments_come_back_from_pbn_after_the_same_call_or_card() -> None:
    assert comment_places(via_pbn(COMMENTED)) == comment_places(COMMENTED)


@pytest.mark.parametrize(
    "name",
    ["bridge-bots__usbf_sf_14502.lin", "variants/abandoned_play_and_nt.lin", "variants/windows1250.lin"],
)
def test_real_commentary_keeps_its_place_through_pbn(name: str) -> None:
    text = (DATA / name).read_bytes().decode("utf-8", errors="replace")
    boards = loads(text, "lin")
    again = via_pbn(text)
    as_pbn_says = [(re.sub(r"@[shdc]", lambda m: m[0].upper(), t), calls, cards)  # PBN's \S has one case
                   for t, calls, cards in comment_places(dumps(boards, "lin"))]
    assert comment_places(again) == as_pbn_says


def test_pbn_comments_after_a_call_or_card_go_there_in_lin() -> None:
    pbn = dumps(loads(COMMENTED, "lin"), "pbn")
    (board,) = loads(pbn, "pbn")
    lin_text = dumps([board], "lin")
    assert "mb|p|nt|after a pass|mb|1S|" in lin_text
    assert "pc|H2|nt|after the lead|pc|H6|" in lin_text
    assert comment_places(lin_text) == comment_places(COMMENTED)


def test_a_comment_between_pbn_tags_is_before_the_auction_in_lin_and_between_the_tags_again() -> None:
    pbn = dumps(loads(COMMENTED, "lin"), "pbn").replace("[Result", "{about the board}\r\n[Result", 1)
    (board,) = loads(pbn, "pbn")
    lin = dumps([board], "lin")
    # Among the board's heading pairs, where BBO shows it before the auction, not after the claim; the
    # comment after LIN's claim is after the Play section's end in PBN, and after the claim again.
    assert lin.startswith("pn|,,,|nt|about the board|st||md|")
    assert "|nt|after trick one|pg||mc|13|nt|at the end|" in lin
    again = dumps(loads(lin, "lin"), "pbn")
    assert '[Result "13"]\r\n{about the board}\r\n[Auction "N"]' in again
    assert again.index("{about the board}") < again.index("{before the auction}")


# A comment before the board: a lesson's introduction --------------------------------------------------

INTRO = "nt|Intro|qx|o1|md|1SAKQJT98765432,H23456789TJQKA,DAKQJT98765432,|\n"


def _no_loss_said(write: Callable[[], str]) -> str:
    """What ``write`` gives, with no warning allowed."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return write()


def test_a_leading_lin_comment_goes_before_the_boards_tags_in_pbn_with_no_word_of_a_loss() -> None:
    boards = loads(INTRO, "lin")
    assert [b.commentary for b in boards] == [["Intro"]]
    pbn = _no_loss_said(lambda: dumps(boards, "pbn"))
    assert "{Intro}\r\n[Event" in pbn


def test_a_leading_lin_comment_comes_back_in_place_through_pbn() -> None:
    assert _no_loss_said(lambda: via_pbn(INTRO)).startswith("nt|Intro|qx|o1|")


def test_a_pbn_comment_before_the_first_tags_comes_back_before_them_through_lin() -> None:
    pbn = dumps(loads(COMMENTED, "lin"), "pbn").replace("[Event", "{Intro}\r\n[Event", 1)
    lin_text = dumps(loads(pbn, "pbn"), "lin")
    assert lin_text.startswith("nt|Intro|pn|,,,|")
    again = dumps(loads(lin_text, "lin"), "pbn")
    assert again.split("[Event")[0].endswith("{Intro}\r\n")
    assert again.split("[Auction")[0].count("{Intro}") == 1


def test_a_comment_before_a_later_board_stays_in_that_board_in_lin_with_a_word() -> None:
    # An nt between two boards is the first's: the second's is written after its first pair.
    boards = loads(INTRO + INTRO.replace("o1", "o2"), "lin")
    assert [b.commentary for b in boards] == [["Intro", "Intro"], []]
    pbn = dumps(loads(INTRO, "lin") * 2, "pbn")
    said: list[str] = []

    def write() -> str:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            text = dumps(loads(pbn, "pbn"), "lin")
        said.extend(str(w.message) for w in caught)
        return text

    lin_text = write()
    assert [b.commentary for b in loads(lin_text, "lin")] == [["Intro"], ["Intro"]]
    assert any("LIN cannot put commentary before a board that follows another" in s and "(1 board)" in s
               for s in said), said


MATCH_INTRO = ("vg|Match,Seg,I,1,1,A,0,B,0|\nnt|x|rs|,|\npn|a,b,c,d,e,f,g,h|\n"
               "qx|o1|md|1SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,SHDCAKQJT98765432|\n")


def test_a_comment_inside_a_vugraph_header_stays_there_lin_to_lin() -> None:
    """``vg|...|nt|x|rs|...`` was read as a record of its own before the match, and LIN -> LIN wrote
    the vg line twice: the comment is the first board's, before it, and the header is written as read."""
    boards = loads(MATCH_INTRO, "lin")
    assert [b.commentary for b in boards] == [["x"]] and boards[0].number == 1
    assert _no_loss_said(lambda: dumps(boards, "lin")) == MATCH_INTRO
    assert _no_loss_said(lambda: dumps(boards, "pbn")).count("{x}\r\n[Event") == 1


def test_a_comment_inside_a_vugraph_header_with_no_board_after_it_is_kept() -> None:
    text = "vg|Match,Seg,I,1,2,A,0,B,0|\nnt|x|rs|,|\n"
    (board,) = loads(text, "lin")
    assert board.commentary == ["x"]
    assert [b.commentary for b in loads(dumps([board], "lin"), "lin")] == [["x"]]


def test_a_comment_inside_a_vugraph_header_that_the_next_header_follows_is_kept() -> None:
    """``vg|A|nt|x|rs|,|vg|B|...``: the next ``vg`` replaced the header, its comment with it, unsaid."""
    text = "vg|A,Seg,I,1,1,A,0,B,0|\nnt|x|rs|,|\n" + MATCH_INTRO.replace("vg|Match,", "vg|B,")
    boards = loads(text, "lin")
    assert [(b.event, b.commentary) for b in boards] == [("A", ["x"]), ("B", ["x"])]
    again = _no_loss_said(lambda: dumps(boards, "lin"))
    assert again.count("nt|x|rs|,|") == 2 and again.count("vg|A,") == 1
    assert [(b.event, b.commentary) for b in loads(again, "lin")] == [("A", ["x"]), ("B", ["x"])]


def test_a_lin_file_of_only_an_introduction_comes_back_through_pbn_with_no_word_of_a_loss() -> None:
    # PBN's placeholders ([Event "?"]) are no values LIN lost.
    again = _no_loss_said(lambda: via_pbn("nt|Welcome|\n"))
    assert [b.commentary for b in loads(again, "lin")] == [["Welcome"]]


# Item 4: what LIN cannot hold is said; what it can is carried -------------------------------------

PBN_GAME = """[Event "Club night"]
[Site "Town hall"]
[Date "2026.11.30"]
[Board "1"]
[West "w"]
[North "n"]
[East "e"]
[South "s"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQJ.AKQ.AK 2345.2345.2345.2 6789.6789.6789.3 T.T.JT.QJT987654"]
[Scoring "MP"]
[Declarer "N"]
[Contract "7NT"]
[Result "13"]
[Auction "N"]
7NT Pass Pass Pass
[Play "E"]
ST =1= S2 S6 SA
*
[Note "1:the only card that does not give a trick away"]
"""


def test_pbn_to_lin_says_it_leaves_out_event_site_date_scoring_and_notes_on_cards() -> None:
    with pytest.warns(UserWarning) as caught:
        dumps(loads(PBN_GAME, "pbn"), "lin")
    (message,) = [str(w.message) for w in caught]
    assert message.startswith("LIN has no place for ")
    for lost in ("Event", "Site", "Date", "Scoring", "notes and suffixes on cards"):
        assert lost in message


@pytest.mark.parametrize("vugraph_file", [False, True])
def test_a_comma_in_a_players_name_is_left_out_with_a_warning(vugraph_file: bool) -> None:
    board = loads(PBN_GAME.replace('[North "n"]', '[North "Smith, J"]'), "pbn")[0]
    told = (r"^LIN cannot hold ',' in a player's name: 'Smith, J' written without its commas, 'Smith J'"
            r"( \(1 board\))?$")  # a board's pn counts its boards; a vugraph header's names are the match's
    with pytest.warns(UserWarning, match=told):
        text = dumps([board], "lin", vugraph=vugraph_file)
    assert "Smith J" in text


@pytest.mark.parametrize("vugraph_file", [False, True])
def test_a_semicolon_between_people_at_a_seat_goes_to_lin_and_back_whole(vugraph_file: bool) -> None:
    # PBN §3.4 joins several people at a seat with ';'; LIN parts names by commas alone (as BBO, endplay)
    board = loads(PBN_GAME.replace('[North "n"]', '[North "Smith;Jones"]'), "pbn")[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = dumps([board], "lin", vugraph=vugraph_file)
    (back,) = loads(text, "lin")
    assert back.players == board.players and back.players[Seat.N] == "Smith;Jones"


@pytest.mark.parametrize("target", ["pbn", "rbn", "text"])
def test_a_title_in_st_is_named_left_out_by_a_format_with_no_place_for_it(target: str) -> None:
    # st|Evening game| (BBO's title, most often empty) is held by no field of the model
    board = loads(f"pn|a,b,c,d|st|Evening game|md|{DEAL}|rh||ah|Board 1|sv|o|pg||", "lin")[0]
    with pytest.warns(UserWarning, match=re.escape("LIN st| title (Evening game)")):
        dumps([board], target)
    assert "st|Evening game|" in dumps([board], "lin")


@pytest.mark.parametrize(("pair", "named"),
                         [("rh|Round 2|", "LIN rh| (Round 2)"), ("pg|wait|", "LIN pg| (wait)")])
def test_a_display_code_given_a_value_is_named_left_out_by_a_format_with_no_place_for_it(
        pair: str, named: str) -> None:
    # rh|| and pg|| are empty in BBO's files and say nothing; one given text was dropped without a word
    board = loads(f"pn|a,b,c,d|st||md|{DEAL}|{pair}ah|Board 1|sv|o|pg||", "lin")[0]
    with pytest.warns(UserWarning, match=re.escape(named)):
        dumps([board], "pbn")
    assert pair in dumps([board], "lin")


def test_a_bar_or_comma_in_a_vugraph_files_event_is_replaced_with_a_warning_and_the_file_reads() -> None:
    board = loads(PBN_GAME.replace("Club night", "Cup|final, day 2"), "pbn")[0]
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "lin", vugraph=True)
    said = [str(w.message) for w in caught]
    assert "LIN cannot hold '|' in the match title (vg): written as '/' (1 board)" in said
    assert "LIN cannot hold ',' in the match title (vg): written as ' ' (1 board)" in said
    assert not any("Event" in message for message in said)  # written, as the two warnings say
    (back,) = loads(text, "lin")
    assert back.event == "Cup/final  day 2" and back.deal == board.deal


def test_convert_prints_what_lin_leaves_out(tmp_path: Path) -> None:
    source = tmp_path / "club.pbn"
    source.write_text(PBN_GAME, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "club.lin")])
    assert result.exit_code == 0
    assert f"warning: {source}: board 1: LIN has no place for Event, Site, Date, Scoring" in result.output


def test_a_vugraph_match_line_carries_event_and_scoring_to_lin_without_a_warning() -> None:
    boards = loads(vugraph("s1,w1,n1,e1"), "lin")
    for board in boards:
        board.extra.clear()  # as if from another format
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = dumps(boards, "lin", vugraph=True)
    assert text.startswith("vg|Match,R1,I,1,1,Home,0,Visitors,0|")


def test_lin_to_pbn_says_it_leaves_out_unknown_lin_codes() -> None:
    with pytest.warns(UserWarning, match=r"PBN has no place for LIN zz\|"):
        dumps(loads(f"md|{DEAL}|zz|3.53|{CALLS}", "lin"), "pbn")


def test_lin_to_pbn_of_display_codes_only_says_nothing() -> None:
    (board,) = loads(f"st||md|{DEAL}|rh||ah|Board 1|sv|o|{CALLS}pg||", "lin")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dumps([board], "pbn")


@pytest.mark.parametrize("vugraph_option", [{}, {"vugraph": True}])
def test_vugraph_carry_over_scores_come_back_through_pbn(vugraph_option: dict[str, bool]) -> None:
    text = vugraph("s1,w1,n1,e1").replace("Home,0,Visitors,0", "Nickell,80,Fleisher,99")
    again = dumps(loads(dumps(loads(text, "lin"), "pbn"), "pbn"), "lin", **vugraph_option)
    assert again.startswith("vg|Match,R1,I,1,1,Nickell,80,Fleisher,99|")


def test_pbn_of_a_vugraph_match_becomes_a_vugraph_file_again_without_asking() -> None:
    text = vugraph("s1,w1,n1,e1")
    again = dumps(loads(dumps(loads(text, "lin"), "pbn"), "pbn"), "lin")
    assert again.startswith("vg|Match,R1,I,1,1,Home,0,Visitors,0|\nrs|3NN=,3NN=|")
    assert [(b.room, b.tags.get("HomeTeam")) for b in loads(again, "lin")] == [
        ("open", "Home"),
        ("closed", "Home"),
    ]


PBN_DEAL = "N:AKQJ.AKQJ.AKQ.AK 2345.2345.2345.2 6789.6789.6789.3 T.T.JT.QJT987654"
SHARED_DEALS = Path(__file__).parent / "data" / "pbn" / "bridge-bots__shared_deals.pbn"
"""rpbridge.net's vugraph records: board 62 of a Spingold final's fourth segment, then board 7 of a
semi-final's first, each table's second game leaving out Board, Deal, Stage and the teams."""


def test_a_shared_deal_files_stage_and_teams_come_back_from_lin_without_a_loss_named() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = dumps(read(SHARED_DEALS), "lin")
    assert not any("Stage" in str(w.message) or "Team" in str(w.message) for w in caught)
    again = loads(dumps(loads(text, "lin"), "pbn"), "pbn")
    assert [(b.tags["Stage"], b.tags["HomeTeam"], b.tags["VisitTeam"]) for b in again] == [
        ("Final:4", "Monaco", "Schwartz")] * 2 + [("SemiF:1", "Lavazza", "Monaco")] * 2


def test_a_shared_deal_files_second_game_is_the_closed_room_of_the_game_before_in_lin() -> None:
    text = dumps(read(SHARED_DEALS), "lin")
    assert [(b.number, b.room) for b in loads(text, "lin")] == [
        (62, "open"), (62, "closed"), (7, "open"), (7, "closed")]
    assert "qx|c62|" in text and "qx|c7|" in text


def test_the_rooms_lin_puts_boards_with_no_room_in_are_named() -> None:
    # the four games have no Room tag: they read back from LIN as Room Open and Closed, unsaid
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dumps(read(SHARED_DEALS), "lin")
    said = [str(w.message) for w in caught if "room (qx)" in str(w.message)]
    assert said == ["LIN's match puts every board in a room (qx) and the board has none: written as the open "
                    "room (its shared deal's other table as the closed room), and read back so (4 boards)"]


def test_a_board_whose_file_names_its_room_is_not_said_to_be_put_in_one() -> None:
    text = dumps(read(SHARED_DEALS), "lin")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dumps(loads(text, "lin"), "lin")
    assert not any("room (qx)" in str(w.message) for w in caught)


def test_each_match_of_a_file_gets_its_own_match_line() -> None:
    text = dumps(read(SHARED_DEALS), "lin")
    assert [line for line in text.splitlines() if line.startswith("vg|")] == [
        "vg|Spingold,Final:4,I,62,62,Monaco,0,Schwartz,0|", "vg|Spingold,SemiF:1,I,7,7,Lavazza,0,Monaco,0|"]


def test_a_match_giving_no_carry_over_reads_back_with_none() -> None:
    """The shared-deal file names its teams and no carry-over: LIN's match line writes 0,0 as BBO's files
    do, which reads back as none (as BridgeData reads it), not as a carry-over of 0 the source never gave."""
    boards = list(read(SHARED_DEALS))
    again = loads(dumps(boards, "lin"), "lin")
    assert [b.tags for b in again] == [b.tags for b in boards]


def test_a_board_naming_no_match_after_one_names_its_match_at_that_match_line() -> None:
    """rpbridge.net names a segment on its first board alone: the boards after it read back as the
    match's, which the writer says."""
    first, second = (Board(number=n, deal=Deal.from_pbn(PBN_DEAL), event="Cup") for n in (1, 2))
    first.tags.update(Stage="Final", HomeTeam="A", VisitTeam="B")
    closed = [copy.copy(b) for b in (first, second)]
    with pytest.warns(UserWarning, match=r"a board with no Event, Stage or teams of its own, written in a "
                      r"match's boards, reads back with the match's \(2 boards\)"):
        text = dumps([first, closed[0], second, closed[1]], "lin")
    assert [b.tags.get("Stage") for b in loads(text, "lin")] == ["Final"] * 4


def test_hand_records_with_no_room_and_no_match_stay_single_boards() -> None:
    boards = [Board(number=n, deal=Deal.from_pbn(PBN_DEAL)) for n in (1, 1)]
    assert "vg|" not in dumps(boards, "lin")


def test_a_swiss_rounds_two_matches_playing_one_deal_are_not_one_matchs_rooms() -> None:
    """Board 1 of A v B then board 1 of C v D, the same deal, no Room: C v D's table is not A v B's
    closed room, and read back no board carries a room the source never had."""
    boards = [Board(number=1, deal=Deal.from_pbn(PBN_DEAL), event="Swiss") for _ in range(2)]
    boards[0].tags.update(HomeTeam="A", VisitTeam="B")
    boards[1].tags.update(HomeTeam="C", VisitTeam="D")
    assert [b.room for b in loads(dumps(boards, "lin"), "lin")] == [None, None]


def test_two_tables_of_a_pairs_event_naming_a_stage_are_not_a_matchs_rooms() -> None:
    """A Stage is said of a pairs event too: only teams (HomeTeam, VisitTeam) make a file a match."""
    boards = [Board(number=1, deal=Deal.from_pbn(PBN_DEAL), event="Pairs") for _ in range(2)]
    for board in boards:
        board.tags["Stage"] = "Final"
    assert [b.room for b in loads(dumps(boards, "lin"), "lin")] == [None, None]


def test_a_match_board_played_in_one_room_keeps_the_match_and_is_written_in_that_room() -> None:
    """A shared-deal file whose last board has one game: its match stays a vugraph match."""
    boards = list(read(SHARED_DEALS))
    alone = copy.copy(boards[0])
    alone.number = 63
    alone.tags = {k: v for k, v in alone.tags.items() if k not in ("Stage", "HomeTeam", "VisitTeam")}
    text = dumps([*boards, alone], "lin")
    assert [line for line in text.splitlines() if line.startswith("vg|")] == [
        "vg|Spingold,Final:4,I,62,62,Monaco,0,Schwartz,0|", "vg|Spingold,SemiF:1,I,7,63,Lavazza,0,Monaco,0|"]
    again = loads(text, "lin")
    assert [(b.number, b.room, b.tags.get("Stage")) for b in again][-1] == (63, "open", "SemiF:1")


def test_the_command_line_prints_a_warning_as_one_line(tmp_path: Path) -> None:
    output = str(tmp_path / "x.lin")
    command = [sys.executable, "-m", "bridgetools", "deal", "-n", "2", "--seed", "1", "-o", output,
               "--event", "Club night"]
    done = subprocess.run(command, capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL)
    assert done.stderr == "warning: LIN has no place for Event (2 boards): left out\n"


@pytest.mark.parametrize("name", ["x.lin", "x.dup"])
def test_dealing_to_a_format_without_an_event_warns_only_of_an_event_the_user_gave(tmp_path: Path,
                                                                                    name: str) -> None:
    output = str(tmp_path / name)
    command = [sys.executable, "-m", "bridgetools", "deal", "-n", "2", "--seed", "1", "-o", output]
    done = subprocess.run(command, capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL)
    assert done.stderr == ""  # 'bridgetools deal, seed 1' is the tool's label, not the user's data


# An illegal card: named with its board and the rule it breaks ---------------------------------------


ILLEGAL_PLAY = (
    "ah|Board 7|md|1SAKQJHAKQJDAKQJCA,S2345H2345D2345CK,S6789H6789D6789CQ,|sv|o|"
    "mb|1C|mb|p|mb|p|mb|p|pc|S2|pc|SA|pc|S3|\n"
)


def test_an_illegal_card_left_out_of_pbn_is_named_with_its_board_and_the_rule_it_breaks() -> None:
    (board,) = loads(ILLEGAL_PLAY, "lin")
    assert board.issues[0].column == ILLEGAL_PLAY.index("pc|SA") + 4  # where the reader said it: the card
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert "S2 - - -" in text  # the legal play is kept
    assert [str(w.message) for w in caught] == [
        "PBN has no place for board 7's card SA and the 1 card after it (LIN pc|): illegal play SA by "
        "North (trick 1): North does not hold SA (South holds it) (1 board): left out"
    ]


# An illegal call: the calls kept as written, named with their place and the rule the first breaks ------


ILLEGAL_CALL = (
    "ah|Board 1|md|3S2345H2345D234C2,S6789H6789D567C3,STJQKHTJQKD89TC4,|sv|o|"
    "mb|1S|mb|p|mb|1H|mb|p|mb|2S!|mb|p|mb|p|mb|p|\n"
)


def test_calls_after_an_illegal_one_are_written_to_pbn_in_their_turns() -> None:
    (board,) = loads(ILLEGAL_CALL, "lin")
    assert board.issues[0].column == ILLEGAL_CALL.index("mb|1H") + 4  # where the reader said it: the call
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert '[Auction "N"]\r\n1S Pass 1H Pass\r\n2S $15 Pass Pass Pass\r\n' in text  # none left out
    assert [str(w.message) for w in caught] == [f"{KEPT_CALLS} (1 board)"]
    (again,) = loads(text, "pbn")
    assert "insufficient bid" in again.issues[0].message  # the PBN reader keeps them as written too


def test_an_explanation_after_an_illegal_call_stays_with_its_call_as_its_note() -> None:
    text = ILLEGAL_CALL.replace("mb|2S!|", "mb|2S!|an|raise|")
    (board,) = loads(text, "lin")
    assert board.auction is not None and board.auction.annotations == (None, None)  # not the Pass's
    assert "an|raise|" in dumps([board], "lin")
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "pbn")
    assert "2S =1= $15 Pass" in text and '[Note "1:raise"]' in text
    assert "LIN an|" not in str(caught[0].message)


# A play LIN cannot follow: made by a declarer other than the auction's --------------------------------


def test_a_play_by_another_declarer_than_the_auctions_is_left_out_of_lin_as_reported() -> None:
    shared = Path(__file__).parent / "data" / "pbn" / "bridge-bots__shared_deals.pbn"
    boards = [b for b in read(shared) if b.number == 7]  # Declarer W, but the auction's declarer is S
    assert len(boards) == 2 and all(b.play is not None and b.play.declarer is Seat.W for b in boards)
    with pytest.warns(UserWarning) as caught:  # single boards: a match's header would say the result in rs
        text = dumps(boards, "lin", vugraph=False)
    assert "the play, where the auction does not end in its contract and declarer (2 boards)" in str(
        caught[0].message
    )
    assert "pc|" not in text and "mc|" not in text  # left out, as the warning says: not written unreadable
    again = loads(text, "lin")
    assert all(b.play is None and not b.issues for b in again)


def test_a_play_by_another_declarer_is_left_out_of_a_matchs_lin_too_and_its_result_said_in_rs() -> None:
    """The default path: the two tables are a vugraph match, whose rs line says each result; the play
    is still left out as reported, and the reader names the rs entry the auction disagrees with."""
    boards = [b for b in read(SHARED_DEALS) if b.number == 7]
    with pytest.warns(UserWarning) as caught:
        text = dumps(boards, "lin")
    assert any("the play, where the auction does not end in its contract and declarer (2 boards)"
               in str(w.message) for w in caught)
    assert "pc|" not in text and "mc|" not in text and "rs|6NW=,6CW=|" in text
    again = loads(text, "lin")
    assert [(b.room, b.play) for b in again] == [("open", None), ("closed", None)]
    assert all(len(b.issues) == 1 and "rs entry" in b.issues[0].message for b in again)


def test_pbn_to_lin_and_back_keeps_the_contract_declarer_and_result_the_tags_gave_over_the_auction() -> None:
    """Board 7 says ``[Declarer "W"] [Result "12"]`` over an auction whose declarer is South: the LIN
    written says ``rs|6NW=,6CW=|``, and its reader took the auction's South and no result (``Result
    "?"``). The rs entry stands now, as the tags did; the calls are kept as written."""
    boards = [b for b in read(SHARED_DEALS) if b.number == 7]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        again = loads(dumps(loads(dumps(boards, "lin"), "lin"), "pbn"), "pbn")
    said = [(str(b.contract), b.declarer, b.tricks) for b in again]
    assert said == [("6NT", Seat.W, 12), ("6C", Seat.W, 12)]
    assert [b.auction for b in again] == [b.auction for b in boards]
    assert all(any("Declarer W differs from the auction's S" in i.message for i in b.issues) for b in again)


def test_a_play_left_out_of_lin_leaves_no_page_breaks_for_its_tricks_and_lin_comes_back_the_same() -> None:
    """BBO's ``pg||`` after each trick belongs to cards written: a play left out leaves none (the LIN
    written once and written again from its own reading are the same text)."""
    shared = Path(__file__).parent / "data" / "pbn" / "bridge-bots__shared_deals.pbn"
    boards = [b for b in read(shared) if b.number == 7]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = dumps(boards, "lin")
    assert "pg||pg||" not in text
    assert dumps(loads(text, "lin"), "lin") == text


# Commentary's line ends: LIN cannot hold them ---------------------------------------------------------


def test_line_ends_inside_commentary_written_to_lin_are_said() -> None:
    schiphol = Path(__file__).parent / "data" / "pbn" / "pbn__Schiphol.pbn"  # a diagram in a comment
    boards = list(read(schiphol))
    with pytest.warns(UserWarning) as caught:
        dumps(boards, "lin")
    assert "LIN cannot hold line ends in commentary: written as spaces (1 board)" in [
        str(w.message) for w in caught]


def test_line_ends_inside_commentary_written_by_convert_name_the_file_and_boards(tmp_path: Path) -> None:
    """Said as the other ways LIN writes a value otherwise: by file and board, not once for the run."""
    schiphol = Path(__file__).parent / "data" / "pbn" / "pbn__Schiphol.pbn"  # a diagram in a comment
    done = subprocess.run([sys.executable, "-m", "bridgetools", "convert", str(schiphol), "-o",
                           str(tmp_path / "s.lin")], capture_output=True, text=True, check=True,
                          stdin=subprocess.DEVNULL)
    assert f"warning: {schiphol}: board 1: LIN cannot hold line ends in commentary: written as spaces" \
        in done.stderr.splitlines()


def two_boards_of_a_match(event: str, north: str) -> str:
    """Two boards of a team match as PBN (a vugraph file's header in LIN), with ``event`` and ``north``."""
    game = PBN_GAME.replace("Club night", event).replace('[North "n"]', f'[North "{north}"]')
    game = game.replace('[Site "Town hall"]', '[HomeTeam "Home"]\n[VisitTeam "Away"]\n[Room "Open"]')
    return game + "\n" + game.replace('[Board "1"]', '[Board "2"]').replace('[Dealer "N"]', '[Dealer "E"]')


def convert_to_lin(tmp_path: Path, pbn: str) -> list[str]:
    """The warnings `convert` says writing ``pbn`` (a file in ``tmp_path``) as LIN."""
    source = tmp_path / "match.pbn"
    source.write_text(pbn, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bridgetools", "convert", str(source), "-o",
                           str(tmp_path / "match.lin")], capture_output=True, text=True, check=True,
                          stdin=subprocess.DEVNULL)
    return [line for line in done.stderr.splitlines() if line.startswith("warning: ")]


def test_a_comma_in_a_match_players_name_is_said_once_by_file_and_board(tmp_path: Path) -> None:
    """The header's pn names the player too, but the board's own pn holds the name written otherwise."""
    said = convert_to_lin(tmp_path, two_boards_of_a_match("Club night", "Smith, J"))
    assert [line for line in said if "in a player's name" in line] == [
        f"warning: {tmp_path / 'match.pbn'}: boards 1, 2: LIN cannot hold ',' in a player's name: "
        "'Smith, J' written without its commas, 'Smith J'"]


def test_a_bar_in_a_matchs_title_is_said_by_file_and_board(tmp_path: Path) -> None:
    said = convert_to_lin(tmp_path, two_boards_of_a_match("Cup|final", "n"))
    assert [line for line in said if "match title" in line] == [
        f"warning: {tmp_path / 'match.pbn'}: boards 1, 2: LIN cannot hold '|' in the match title (vg): "
        "written as '/'"]


def test_a_comma_in_a_matchs_title_and_a_team_is_said_once_with_the_boards_it_touched() -> None:
    boards = loads(two_boards_of_a_match("Cup, final", "n").replace("Home", "Home, Town"), "pbn")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dumps(boards, "lin")
    assert [str(w.message) for w in caught if "match title" in str(w.message)] == [
        "LIN cannot hold ',' in the match title (vg): written as ' ' (2 boards)"]


def test_a_comment_on_one_line_is_written_to_lin_without_a_line_end_warning() -> None:
    board = Board(number=1, deal=Deal.from_pbn("N:AJ76.K84.Q93.T52 KQ3.AJ95.T82.J74 T842.Q7.AKJ6.AQ8 "
                                               "95.T632.754.K963"))
    board.commentary = ["Lead the king.\n"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "nt|Lead the king. |" in dumps([board], "lin")


def test_a_player_named_dash_is_written_to_lin_as_no_name_and_said() -> None:
    board = loads(PBN_GAME.replace('[North "n"]', '[North "-"]'), "pbn")[0]
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "lin")
    (message,) = [str(w.message) for w in caught]
    assert 'player name "-"' in message
    assert "pn|s,w,,e|" in text


def test_a_player_named_dash_is_written_to_a_vugraph_header_as_no_name_and_reads_back_as_none() -> None:
    board = loads(PBN_GAME.replace('[North "n"]', '[North "-"]'), "pbn")[0]
    with pytest.warns(UserWarning, match='player name "-"'):
        text = dumps([board], "lin", vugraph=True)
    (header_pn,) = [line for line in text.splitlines() if line.startswith("pn|")]
    assert "-" not in header_pn.split("|")[1].split(",")
    (again,) = loads(text, "lin")
    assert again.players == {seat: name for seat, name in board.players.items() if seat is not Seat.N}


def test_an_unknown_player_is_written_to_lin_as_no_name_without_a_word_about_it() -> None:
    board = loads(PBN_GAME.replace('[North "n"]', '[North "?"]'), "pbn")[0]
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "lin")
    assert "pn|s,w,,e|" in text and all("player name" not in str(w.message) for w in caught)


def test_a_note_reference_with_no_note_is_said_when_lin_writes_the_plain_call() -> None:
    game = PBN_GAME.replace("7NT Pass Pass Pass", "7NT =2= Pass Pass Pass")
    board = loads(game, "pbn")[0]
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "lin")
    (message,) = [str(w.message) for w in caught]
    assert "note references with no Note on calls" in message
    assert "mb|7N|mb|p|" in text  # a note explains, and this one says nothing: no alert either


def test_a_note_reference_with_its_note_goes_to_lin_as_an_explanation_without_a_word() -> None:
    game = PBN_GAME.replace("7NT Pass Pass Pass", '7NT =2= Pass Pass Pass\n[Note "2:grand slam"]')
    board = loads(game, "pbn")[0]
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "lin")
    (message,) = [str(w.message) for w in caught]
    assert "note references" not in message and "mb|7N|an|grand slam|" in text  # explained, not alerted


def test_an_auction_note_no_call_refers_to_is_said_when_lin_leaves_it_out() -> None:
    game = PBN_GAME.replace("7NT Pass Pass Pass", '7NT Pass Pass Pass\n[Note "4:grand slam"]')
    board = loads(game, "pbn")[0]
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "lin")
    (message,) = [str(w.message) for w in caught]
    assert "notes no call refers to" in message and "grand slam" not in text


def test_a_vugraph_file_of_boards_of_unknown_scoring_says_the_scoring_its_match_line_gives() -> None:
    board = loads(PBN_GAME.replace('[Scoring "MP"]\n', '[Room "Open"]\n'), "pbn")[0]
    assert board.scoring is None
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "lin", vugraph=True)
    (back,) = [b for b in loads(text, "lin") if b.room == "open"]
    said = [str(w.message) for w in caught]
    assert f"LIN cannot hold an unknown scoring (vg): written as {back.scoring} (1 board)" in said


def test_an_unknown_scoring_is_told_by_losses_alter_as_the_other_writers_tell_what_they_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The vugraph header's scoring warning counted its own boards; it goes through `Losses.alter`, the
    one mechanism of what a writer writes otherwise (same message)."""
    told: list[str] = []
    alter = Losses.alter
    monkeypatch.setattr(Losses, "alter", lambda self, message: (told.append(message), alter(self, message)))
    board = loads(PBN_GAME.replace('[Scoring "MP"]\n', '[Room "Open"]\n'), "pbn")[0]
    with pytest.warns(UserWarning, match="unknown scoring"):
        dumps([board, board], "lin", vugraph=True)
    assert told == ["LIN cannot hold an unknown scoring (vg): written as IMP"] * 2


# A vugraph header holds until the next: boards of no match written after one join it -----------------


def test_boards_of_no_match_written_after_a_vugraph_header_are_warned_of() -> None:
    match = loads(vugraph("a,b,c,d"), "lin")
    (single,) = loads(f"pn|w,x,y,z|md|{DEAL}|sv|o|{CALLS}pg||\n", "lin")
    with pytest.warns(UserWarning, match="LIN cannot end a vugraph header: 1 board of no vugraph match"):
        text = dumps([*match, single], "lin")
    assert loads(text, "lin")[-1].event == "Match"  # what the warning is about: it joins the match


def test_boards_of_no_match_written_before_a_vugraph_header_need_no_warning() -> None:
    match = loads(vugraph("a,b,c,d"), "lin")
    (single,) = loads(f"pn|w,x,y,z|md|{DEAL}|sv|o|{CALLS}pg||\n", "lin")
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        text = dumps([single, *match], "lin")
    assert loads(text, "lin")[0].event is None


@pytest.mark.parametrize("target", ["pbn", "rbn"])
def test_a_second_explanation_of_a_call_is_named_with_its_call_and_text_when_the_target_has_no_place(
        target: str) -> None:
    (board,) = loads(f"ah|Board 3|md|{DEAL}|mb|1C!|an|16+|an|or 4441|{CALLS[6:]}", "lin")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dumps([board], target)
    (message,) = [str(w.message) for w in caught]
    assert "board 3's second explanation of 1C by North (LIN an|: or 4441)" in message
    assert message.count("LIN an|") == 1  # not again as a code with no call


# A result with no play: LIN says it as a claim --------------------------------------------------------

RESULT_NO_PLAY = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]
[Declarer "E"]
[Contract "3NT"]
[Result "10"]
[Auction "N"]
Pass 2NT Pass 3NT
AP
"""


def test_a_result_with_no_play_goes_to_lin_as_a_claim_and_reads_back() -> None:
    (board,) = loads(RESULT_NO_PLAY, "pbn")
    with pytest.warns(UserWarning) as caught:
        text = dumps([board], "lin")
    assert not any("result" in str(w.message) for w in caught)  # only the Event is left out
    assert "mc|10|" in text
    (again,) = loads(text, "lin")
    assert (str(again.contract), again.declarer, again.tricks) == ("3NT", Seat.E, 10)


def test_a_result_of_another_contract_than_the_auctions_is_no_claim_in_lin_and_is_said() -> None:
    (board,) = loads(RESULT_NO_PLAY.replace('[Declarer "E"]', '[Declarer "W"]'), "pbn")
    with pytest.warns(UserWarning, match="contract and result"):
        text = dumps([board], "lin")
    assert "mc|" not in text  # 10 tricks would be read as the auction's declarer's, East's


def test_results_dd_table_and_par_a_json_board_gives_are_said_when_lin_leaves_them_out() -> None:
    document = """{"schema": "bridgetools.board/2", "boards": [
{"number": 1, "deal": "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65",
 "results": [{"contract": "3NT", "declarer": "E", "tricks": 9, "score_ns": -400}],
 "dd_table": {"N": {"NT": 3}}, "par": {"score": -430, "contracts": []}}]}"""
    (board,) = loads(document, "json")
    with pytest.warns(UserWarning) as caught:
        dumps([board], "lin")
    (message,) = [str(w.message) for w in caught]
    assert "other tables' results, double-dummy table, par (1 board)" in message


def test_a_par_a_json_board_gives_by_its_contracts_alone_is_said_when_lin_leaves_it_out() -> None:
    document = """{"schema": "bridgetools.board/2", "boards": [{"number": 1,
 "par": {"score": null, "contracts": [{"contract": "4S", "declarers": ["N", "S"], "result": 0}]}}]}"""
    (board,) = loads(document, "json")
    assert board.par is not None and board.par.contracts
    with pytest.warns(UserWarning, match=r"no place for par \(1 board\)"):
        dumps([board], "lin")


def test_results_a_pbn_board_spells_in_tags_and_tables_are_said_once_as_those() -> None:
    sample = Path(__file__).parent / "data" / "pbn" / "endplay__sample.pbn"
    with pytest.warns(UserWarning) as caught:
        dumps(list(read(sample)), "lin")
    (message,) = [str(w.message) for w in caught]
    named = message.split("no place for ", 1)[1].rsplit(" (", 1)[0].split(", ")
    assert "tag DoubleDummyTricks" in named and "table OptimumResultTable" in named
    assert "double-dummy table" not in named and "par" not in named


def test_a_comment_of_the_board_from_a_canonical_lin_goes_after_the_last_call_in_pbn_and_stays() -> None:
    lin = ("pn|a,b,c,d|st||md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|rh||ah|Board 1|sv|o|"
           "mb|p|mb|p|mb|p|mb|p|pg||nt|dull|\n")
    assert "lin" not in loads(lin, "lin")[0].extra  # laid out as the writer lays it out: no record
    pbn = dumps(loads(lin, "lin"), "pbn")
    assert "Pass Pass Pass Pass {dull}" in pbn
    assert dumps(loads(pbn, "pbn"), "pbn") == pbn
    assert "mb|p|mb|p|mb|p|mb|p|nt|dull|" in dumps(loads(pbn, "pbn"), "lin")


def test_calls_kept_after_an_illegal_one_are_quoted_cut_short_in_the_loss_line() -> None:
    # user trial: a warning quoting every call and explanation after a bad call ran to 1,500 characters
    explained = "".join(f"mb|{level}{strain}|an|explanation of call {level}{strain} in a long auction|"
                        for level in "1234567" for strain in "CDHSN")
    (board,) = loads(f"md|{DEAL}|ah|Board 1|mb|1C|mb|1C|{explained}pg||\n", "lin")
    with pytest.warns(UserWarning) as caught:
        dumps([board], "rbn")
    (said,) = [str(w.message) for w in caught if "calls 1C 1C" in str(w.message)]
    quoted = said.split("calls ", 1)[1].split(" from call ", 1)[0]
    assert quoted.endswith(" ...") and len(quoted) <= EXCERPT + len(" ...")


def test_a_mistyped_dealer_goes_to_lin_as_its_numbers_and_the_warning_names_the_board_and_seat() -> None:
    # [Dealer "Z"] on board 3: read as unknown (a problem at the tag); md needs a digit: South, Law 2
    deal = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
    [board] = loads(f'[Board "3"]\n[Dealer "Z"]\n[Vulnerable "EW"]\n[Deal "{deal}"]\n', "pbn")
    with pytest.warns(UserWarning, match="LIN needs a dealer in md: board 3's unknown dealer written as "
                                         r"South, its number's \(Law 2\)"):
        text = dumps([board], "lin")
    assert lin.parse_md(text.split("md|", 1)[1].split("|", 1)[0])[0] == Seat.S


# The match line's carry-overs: BBO writes 0,0 for none ----------------------------------------------------


def test_a_match_carrying_0_and_0_over_is_said_lost_by_file_and_board(tmp_path: Path) -> None:
    """LIN's 0,0 says no carry-over (BBO's files, BridgeData): a carry-over of 0 given cannot be told from
    none, and reads back as none."""
    given = '[HomeTeam "Home"]\n[HomeCarryOver "0"]\n[VisitCarryOver "0"]'
    pbn = two_boards_of_a_match("Cup", "n").replace('[HomeTeam "Home"]', given)
    said = convert_to_lin(tmp_path, pbn)
    [line] = [line for line in said if "carry-over" in line]
    assert line.startswith(f"warning: {tmp_path / 'match.pbn'}: boards 1, 2: LIN has no place for ")
    assert f" {CARRY_OVER_OF_NONE}, " in line


def test_a_match_carrying_over_to_one_team_alone_is_said_to_write_the_other_s_as_0(tmp_path: Path) -> None:
    """The match line gives both carry-overs where one is not 0 (80,0 reads back as both): the other
    team's, not given, is written as 0 and read back so."""
    given = '[HomeTeam "Home"]\n[HomeCarryOver "80"]'
    pbn = two_boards_of_a_match("Cup", "n").replace('[HomeTeam "Home"]', given)
    said = convert_to_lin(tmp_path, pbn)
    assert [line for line in said if "carry-over" in line] == [
        f"warning: {tmp_path / 'match.pbn'}: boards 1, 2: LIN's match line (vg) gives both carry-overs or "
        "none: VisitCarryOver not given, written as 0"]
    assert (tmp_path / "match.lin").read_text(encoding="utf-8").startswith("vg|Cup,,P,1,2,Home,80,Away,0|")
