"""What a target format has no place for is named, never dropped without a word (the README's promise).

A dealing-machine file holds the deal alone (the board number says dealer and vulnerability), RBN's
labels written here hold the deal, the calls and the header, and LIN says a contract only by the calls
that end in it. Each test is one thing a conversion used to drop silently.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools import Annotation, Board, Deal, Seat, Vul, dumps, loads, read, write
from bridgetools.cli import cli
from bridgetools.dealer.tournament import deal_tournament
from bridgetools.formats._losses import held
from bridgetools.model import Contract
from bridgetools.rules import Auction
from bridgetools.rules.play import Play

DATA = Path(__file__).parent / "data"
DEAL = Deal.from_pbn("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85")

# Board 2 of a Schiphol-style file whose auction goes on after an insufficient bid (3C over 4NT).
ILLEGAL_AUCTION = """[Event "Club night"]
[Board "2"]
[West "Player1"]
[North "Player2"]
[East "Player3"]
[South "Player4"]
[Dealer "N"]
[Vulnerable "Both"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
[Declarer "S"]
[Contract "5HX"]
[Result "9"]
[Auction "N"]
1S 3D 3H 4S
4NT X Pass 3C
5C X 5H X
Pass Pass Pass
"""


def _warnings_of(write: Callable[[], object]) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        write()
    return [str(w.message) for w in caught]


def _played_board() -> Board:
    board = Board(number=1, deal=DEAL, auction=Auction(Seat.N, "1D P 1H P 2C P P P"))
    board.players = {Seat.N: "Westra", Seat.S: "Leufkens"}
    board.event = "Schiphol"
    return board


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge"])
def test_a_dealing_machine_file_names_the_auction_players_and_event_it_leaves_out(fmt: str) -> None:
    said = _warnings_of(lambda: dumps([_played_board()], fmt))
    assert len(said) == 1
    assert said[0].startswith(f"{fmt.upper()} has no place for")
    for name in ("auction", "contract and result", "players", "Event"):
        assert name in said[0]


@pytest.mark.parametrize("fmt", ["lin", "rbn", "text"])
def test_a_declarer_with_no_contract_is_named_by_a_format_that_says_the_contract(fmt: str) -> None:
    # The PBN verifier's game 27: a Declarer tag and no Contract; LIN, RBN and text say a declarer only
    # with the contract he plays.
    said = _warnings_of(lambda: dumps([Board(number=27, deal=DEAL, declarer=Seat.S)], fmt))
    assert said == [f"{'text' if fmt == 'text' else fmt.upper()} has no place for declarer with no contract "
                    "(1 board): left out"]


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge"])
def test_a_dealing_machine_file_names_a_declarer_with_no_contract(fmt: str) -> None:
    said = _warnings_of(lambda: dumps([Board(number=1, deal=DEAL, declarer=Seat.S)], fmt))
    assert said == [f"{fmt.upper()} has no place for contract and result (1 board): left out"]


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge"])
def test_a_dealing_machine_file_takes_deals_alone_without_a_warning(fmt: str) -> None:
    boards = [Board(number=n, deal=DEAL) for n in (1, 2, 3)]
    assert _warnings_of(lambda: dumps(boards, fmt)) == []


LESSON = """[Event "Balancing"]
[Board ""]
[Deal ""]
{Most bad results come from bidding unsafely.}

[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:A8654.KQ5.T.QJT6 .63.AKQ987.A9732 J973.J98742.3.K4 KQT2.AT.J6542.85"]
"""


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge"])
def test_a_lessons_introduction_is_left_out_of_a_dealing_machine_file_with_a_word(fmt: str) -> None:
    # It stood in place 1, so `convert lesson.pbn -o lesson.dup` failed: board 1: ... needs all 52 cards.
    boards = loads(LESSON, "pbn")
    text = ""

    def write() -> None:
        nonlocal text
        text = dumps(boards, fmt)

    said = _warnings_of(write)
    assert len(said) == 1 and "(1 board)" in said[0]
    assert "records with neither a board number nor a deal" in said[0]
    back = loads(text, fmt)
    assert [(b.number, b.deal) for b in back] == [(b.number, b.deal) for b in boards[1:]]


@pytest.mark.parametrize("name", ["lesson.dup", "lesson.dlm", "lesson.bri", "lesson.dge"])
def test_convert_counts_the_boards_a_machine_file_holds_not_the_introduction(tmp_path: Path,
                                                                          name: str) -> None:
    source = tmp_path / "lesson.pbn"
    source.write_text(LESSON, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / name)])
    assert result.exit_code == 0, result.output
    assert f"2 boards written to {tmp_path / name}" in result.stderr


def test_a_dealer_other_than_the_board_numbers_is_named_since_the_machine_file_cannot_say_it() -> None:
    board = Board(number=2, deal=DEAL, dealer=Seat.N, vulnerability=Vul.BOTH)  # Law 2: board 2 is E, NS
    assert held(board) == ["dealer and vulnerability"]
    assert held(Board(number=2, deal=DEAL, dealer=Seat.E, vulnerability=Vul.NS)) == []


def test_a_board_with_no_number_is_judged_by_the_number_its_place_gives() -> None:
    board = Board(deal=DEAL, dealer=Seat.E, vulnerability=Vul.NS)
    assert held(board, number=2) == []
    assert held(board, number=1) == ["dealer and vulnerability"]


def test_tournament_dealing_writes_its_machine_files_without_a_warning(tmp_path: Path) -> None:
    prefix = tmp_path / "session"
    assert _warnings_of(lambda: deal_tournament(prefix, 4)) == []


def test_rbn_names_the_calls_its_labels_do_not_hold() -> None:
    boards = loads(ILLEGAL_AUCTION, "pbn")
    said = _warnings_of(lambda: dumps(boards, "rbn"))
    assert len(said) == 1
    assert "board 2's calls 3C 5C X 5H X Pass Pass Pass from call 8 of the auction on (PBN, kept after an " \
           "illegal call)" in said[0]
    assert "players" not in said[0] and "contract and result" not in said[0]  # the N, C and R lines hold them


def test_rbn_carries_the_players_and_the_contract_its_auction_does_not_give() -> None:
    board = loads(ILLEGAL_AUCTION, "pbn")[0]
    board.tricks = None
    with pytest.warns(UserWarning, match="no place for board 2's calls 3C "):
        text = dumps([board], "rbn")
    assert "N Player2+Player4:Player1+Player3\n" in text and "C 5HX:S\n" in text
    back = loads(text, "rbn")[0]
    assert (back.players, back.contract, back.declarer) == (board.players, board.contract, Seat.S)


def test_rbn_names_a_calls_nag_as_a_nag_not_as_alerts_and_explanations() -> None:
    """bridge-wrangler__ABS2-2.pbn's ``1D $2`` (a poor call, alerted by nobody) was named ``alerts and
    explanations``, which the board had none of; it is ``suffixes and NAGs on calls``, as LIN says."""
    board = Board(number=1, deal=DEAL, auction=Auction(Seat.N, "1D P 1H P 2C P P P"))
    board.auction.annotate(0, Annotation(nags=(2,)))
    assert _warnings_of(lambda: dumps([board], "rbn")) == [
        "RBN has no place for suffixes and NAGs on calls (1 board): left out"]
    board.auction.annotate(2, Annotation(alert=True, explanation="forcing"))
    assert _warnings_of(lambda: dumps([board], "rbn")) == [
        "RBN has no place for suffixes and NAGs on calls (1 board): left out"]


def test_rbn_of_a_board_with_only_a_deal_and_its_calls_warns_of_nothing() -> None:
    board = Board(number=1, deal=DEAL, auction=Auction(Seat.N, "1D P 1H P 2C P P P"))
    assert _warnings_of(lambda: dumps([board], "rbn")) == []


def test_lin_writes_the_calls_after_an_illegal_one_and_names_the_contract_they_hide() -> None:
    """LIN keeps calls after an illegal one as written (`mb|3C|`...), as PBN does, so they are not lost;
    it says a contract by its calls alone, and those give none."""
    boards = loads(ILLEGAL_AUCTION, "pbn")
    written: list[str] = []
    said = _warnings_of(lambda: written.append(dumps(boards, "lin")))
    assert "mb|p|mb|3C|mb|5C|mb|d|mb|5H|mb|d|mb|p|mb|p|mb|p|" in written[0]
    assert len(said) == 1 and "contract and result" in said[0] and "calls" not in said[0]


def test_lin_names_a_declarer_its_auction_does_not_give() -> None:
    board = Board(number=1, deal=DEAL, auction=Auction(Seat.N, "1D P 1H P 2C P P P"))
    board.declarer = Seat.S  # the file said South; the calls say North
    said = _warnings_of(lambda: dumps([board], "lin"))
    assert any("contract and result" in s for s in said)


def test_lin_of_a_contract_its_auction_ends_in_warns_of_nothing() -> None:
    board = Board(number=1, deal=DEAL, auction=Auction(Seat.N, "1D P 1H P 2C P P P"))
    board.tricks = 8
    assert _warnings_of(lambda: dumps([board], "lin")) == []


def test_convert_to_a_machine_file_prints_what_it_left_out(tmp_path: Path) -> None:
    source = tmp_path / "club.pbn"
    source.write_text(ILLEGAL_AUCTION, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "club.dup")])
    assert result.exit_code == 0
    said = f"warning: {source}: board 2: DUP has no place for dealer and vulnerability, auction"
    assert said in result.output


SCHIPHOL = """[Event "Schiphol"]
[Site "Amsterdam"]
[Board "1"]
[Deal "N:AKQ2.KJ3.T98.432 JT98.AQ2.KQJ.T98 7654.T98.A72.AKQ 3.7654.6543.J765"]

[Event "Club"]
[Board "4"]
[Deal "N:AKQ2.KJ3.T98.432 JT98.AQ2.KQJ.T98 7654.T98.A72.AKQ 3.7654.6543.J765"]
[Annotator "Ann"]

[Event "Club"]
[Board "5"]
[Deal "N:AKQ2.KJ3.T98.432 JT98.AQ2.KQJ.T98 7654.T98.A72.AKQ 3.7654.6543.J765"]
"""


def test_convert_of_several_files_names_each_file_and_its_boards_in_the_loss_warning(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pbn", tmp_path / "b.pbn"
    first.write_text(SCHIPHOL.split("\n\n")[0] + "\n", encoding="utf-8")
    second.write_text("\n\n".join(SCHIPHOL.split("\n\n")[1:]), encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(first), str(second), "-o", str(tmp_path / "all.lin")])
    assert result.exit_code == 0
    said = [line for line in result.output.splitlines() if "has no place" in line]
    assert said == [f"warning: {first}: board 1: LIN has no place for Event, Site: left out",
                    f"warning: {second}: boards 4, 5: LIN has no place for Event; tag Annotator (board 4): "
                    "left out"]


def test_a_long_loss_warning_counts_the_rest_with_their_boards(tmp_path: Path) -> None:
    source = tmp_path / "many.pbn"
    deal = "N:AKQ2.KJ3.T98.432 JT98.AQ2.KQJ.T98 7654.T98.A72.AKQ 3.7654.6543.J765"
    source.write_text("\n".join(f'[Board "{n}"]\n[Deal "{deal}"]\n[Tag{n} "x"]\n'
                                for n in range(1, 41)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "many.lin")])
    [said] = [line for line in result.output.splitlines() if "has no place" in line]
    assert said.startswith(f"warning: {source}: boards 1-40: LIN has no place for tag Tag1 (board 1); ")
    named = said.count("(board ")
    assert said.endswith(f"; {40 - named} more things (boards {named + 1}-40): left out")
    assert len(said) < 500


def test_a_long_loss_warning_names_every_thing_under_verbose(tmp_path: Path) -> None:
    source = tmp_path / "many.pbn"
    deal = "N:AKQ2.KJ3.T98.432 JT98.AQ2.KQJ.T98 7654.T98.A72.AKQ 3.7654.6543.J765"
    source.write_text("\n".join(f'[Board "{n}"]\n[Deal "{deal}"]\n[Tag{n} "x"]\n'
                                for n in range(1, 41)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["-v", "convert", str(source), "-o", str(tmp_path / "many.lin")])
    [said] = [line for line in result.output.splitlines() if "has no place" in line]
    assert "more thing" not in said and all(f"tag Tag{n} (board {n})" in said for n in range(1, 41))


def test_lin_and_rbn_name_the_pbn_games_percent_lines_they_leave_out() -> None:
    boards = list(read(DATA / "pbn" / "pbn__psbridge.pbn"))  # Big Deal's %%!R deal code before each game
    for fmt in ("lin", "rbn"):
        (said,) = _warnings_of(lambda fmt=fmt: dumps(boards, fmt))
        assert "PBN % lines (32 boards)" in said


def test_lin_and_rbn_name_the_pbn_tag_values_kept_as_written_they_leave_out() -> None:
    text = ILLEGAL_AUCTION.replace("N:.63.AKQ987", "N:.63.AKQT98", 1)
    text = text.replace('[Result "9"]', '[Result "C-1"]')
    boards = loads(text, "pbn")
    assert boards[0].deal is None  # the diamond ten twice: the Deal is kept as written, PBN writes it back
    assert "AKQT98" in dumps(boards, "pbn")
    for fmt in ("lin", "rbn"):
        said = _warnings_of(lambda fmt=fmt: dumps(boards, fmt))
        assert any("PBN Deal as written (not read)" in s for s in said), said
        assert any("PBN Result as written (not read)" in s for s in said), said


def test_pbn_placeholder_values_are_not_named_as_lost() -> None:
    boards = loads(ILLEGAL_AUCTION.replace('[Result "9"]', '[Result "?"]'), "pbn")
    assert not any("as written" in s and "Result" in s for s in _warnings_of(lambda: dumps(boards, "lin")))


def test_a_pbn_files_format_lines_are_not_named_as_lost() -> None:
    # % PBN 2.1, % EXPORT and %Content-type say what the file is: nothing of the boards. bridgetools' own
    # %Creator says only what its output says, so a PBN it wrote goes back to LIN without a word.
    text = "% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=UTF-8\n%Creator: bridgetools 0.1.0\n"
    text += ILLEGAL_AUCTION
    boards = loads(text.replace("4NT X Pass 3C", "4NT X Pass 5C").replace("5C X 5H X", "X 5H X Pass"), "pbn")
    assert not any("%" in s for s in _warnings_of(lambda: dumps(boards, "lin")))


@pytest.mark.parametrize("fmt", ["lin", "rbn"])
def test_lin_and_rbn_name_the_program_and_time_a_pbn_files_heading_gives(fmt: str) -> None:
    # The source's %Creator and %Created (which program made it, and when) have no place in LIN or RBN.
    text = "% PBN 2.1\n%Creator: CSVtoPBN Version 1.04\n%Created: 2025.03.12\n" + ILLEGAL_AUCTION
    boards = loads(text, "pbn")
    heading = "PBN file heading (%Creator: CSVtoPBN Version 1.04; %Created: 2025.03.12) (1 board)"
    assert any(heading in said for said in _warnings_of(lambda: dumps(boards, fmt)))
    from_json = loads(dumps(boards, "json"), "json")  # kept in JSON as the record's heading
    assert any(heading in said for said in _warnings_of(lambda: dumps(from_json, fmt)))


def test_pbn_to_pbn_names_the_program_and_time_its_own_heading_replaces() -> None:
    # was silent: BridgeComposer's %Creator and %Created went, bridgetools' own heading in their place
    text = "% PBN 2.1\n%Creator: CSVtoPBN Version 1.04\n%Created: 2025.03.12\n" + ILLEGAL_AUCTION
    said = _warnings_of(lambda: dumps(loads(text, "pbn"), "pbn"))
    assert said == ["PBN file heading (%Creator: CSVtoPBN Version 1.04; %Created: 2025.03.12): replaced by "
                    "bridgetools' own (1 board)"]


def test_pbn_to_pbn_names_no_heading_that_bridgetools_wrote() -> None:
    text = "% PBN 2.1\n%Creator: bridgetools 0.1.0\n" + ILLEGAL_AUCTION
    assert not any("%" in s for s in _warnings_of(lambda: dumps(loads(text, "pbn"), "pbn")))


def test_bridgetools_own_creator_line_is_not_named_lost_beside_another_programs() -> None:
    # was "PBN file heading (%Creator: CSVtoPBN Version 1.04; %Created: 2025.03.12; %Creator: bridgetools
    # 0.1.0)": our own line named lost whenever another program's stood beside it
    text = "% PBN 2.1\n%Creator: CSVtoPBN Version 1.04\n%Created: 2025.03.12\n%Creator: bridgetools 0.1.0\n"
    said = _warnings_of(lambda: dumps(loads(text + ILLEGAL_AUCTION, "pbn"), "lin"))
    heading = "PBN file heading (%Creator: CSVtoPBN Version 1.04; %Created: 2025.03.12) (1 board)"
    assert any(heading in warning for warning in said)


def test_pbn_names_a_lin_table_label_and_heading_it_cannot_hold() -> None:
    lin = ("qx|o1,BOARD 1|ah|Tablero 1|md|3SK82HKQT3DT52C642,S94HA76DQJ98CKJT5,SA65HJ4DA764CA983|sv|0|pg||\n")
    boards = loads(lin, "lin")
    said = _warnings_of(lambda: dumps(boards, "pbn"))
    assert len(said) == 1 and "LIN qx| table labels" in said[0] and "LIN ah| headings" in said[0]
    assert "BOARD 1" in dumps(boards, "lin") and "Tablero 1" in dumps(boards, "lin")  # LIN keeps them


def test_a_plain_lin_board_number_and_heading_go_to_pbn_without_a_warning() -> None:
    boards = loads("qx|o1|ah|Board 1|md|3SK82HKQT3DT52C642,S94HA76DQJ98CKJT5,SA65HJ4DA764CA983|sv|0|pg||\n",
                   "lin")
    assert _warnings_of(lambda: dumps(boards, "pbn")) == []


NOTED_PLAY = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
[Declarer "S"]
[Contract "5HX"]
[Result "9"]
[Auction "N"]
1D 1S 3H =1= 4S
4NT =2= X Pass Pass
5C X 5H X
Pass Pass Pass
[Note "1:non-forcing 6-9 points, 6-card"]
[Note "2:two colors: clubs and diamonds"]
[Play "W"]
SK =1= H3 S4 S3
*
[Note "1:highest of series"]
"""


def test_rbn_keeps_the_notes_of_calls_when_a_card_has_a_note_and_names_only_the_cards_note() -> None:
    (board,) = loads(NOTED_PLAY, "pbn")
    said = _warnings_of(lambda: dumps([board], "rbn"))
    assert said == [
        "RBN has no place for notes and suffixes on cards (1 board): left out",
    ]
    (back,) = loads(dumps([board], "rbn"), "rbn")
    assert back.notes == board.notes
    assert back.auction is not None and board.auction is not None
    assert [a.note if a else None for a in back.auction.annotations] == \
           [a.note if a else None for a in board.auction.annotations]


UNREAD_TAGS = """[Board "x1"]
[Dealer "Q"]
[Vulnerable "Sometimes"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.A"]
[Contract "9Z"]
"""
"""Values not read; the Deal for the club ace in two hands (a Deal with one hand that cannot be read is
named with the hands unknown: test_pbn_unread_hands)."""


@pytest.mark.parametrize("fmt", ["lin", "rbn"])
def test_lin_and_rbn_name_the_pbn_values_they_could_not_read_and_leave_out(fmt: str) -> None:
    # LIN -> PBN names an unread md| so (PBN has no place for LIN md|); PBN -> LIN said nothing.
    boards = loads(UNREAD_TAGS, "pbn")
    said = [s for s in _warnings_of(lambda: dumps(boards, fmt)) if "has no place" in s]
    assert len(said) == 1
    for tag in ("Board", "Dealer", "Vulnerable", "Deal", "Contract"):
        assert f"PBN {tag} as written (not read)" in said[0]


def test_pbn_placeholders_are_not_named_as_values_not_read() -> None:
    text = '[Event "?"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Declarer ""]\n[Contract "?"]\n' \
           f'[Result ""]\n[Deal "{DEAL.to_pbn()}"]\n'
    assert not any("not read" in s for s in _warnings_of(lambda: dumps(loads(text, "pbn"), "lin")))


HEADING_ONLY = '[Event "Club night"]\n[Site "Hall"]\n[Date "2026.01.14"]\n'


def test_a_record_of_only_event_site_and_date_is_left_out_of_lin_with_a_word() -> None:
    # It became a bare `pn|,,,|` line, which reads back as no board at all.
    boards = [*loads(HEADING_ONLY, "pbn"), Board(number=2, deal=DEAL)]
    text = ""

    def write() -> None:
        nonlocal text
        text = dumps(boards, "lin")

    said = _warnings_of(write)
    assert any("records with no board number, deal or anything else LIN holds" in s and "(1 board)" in s
               for s in said), said
    assert "pn|,,,|\n" not in text
    assert [b.number for b in loads(text, "lin")] == [2]


def test_a_lessons_introduction_with_its_commentary_is_kept_in_lin() -> None:
    intro = Board(event="Lesson", commentary=["Welcome"])
    text = dumps([intro, Board(number=1, deal=DEAL)], "lin")
    assert "nt|Welcome|" in text


def test_convert_counts_the_boards_a_lin_file_holds_not_the_heading(tmp_path: Path) -> None:
    source = tmp_path / "heading.pbn"
    source.write_text(HEADING_ONLY, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "heading.lin")])
    assert result.exit_code == 0, result.output
    assert f"0 boards written to {tmp_path / 'heading.lin'}" in result.stderr


def test_a_record_with_nothing_rbn_holds_is_left_out_of_rbn_named_and_not_counted(tmp_path: Path) -> None:
    # `convert ev.pbn -f rbn -o ev.rbn` said "1 board written" and wrote a file of one empty line.
    source, target = tmp_path / "ev.pbn", tmp_path / "ev.rbn"
    source.write_text('% PBN 2.1\n[Event ""]\n[Site ""]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert f"0 boards written to {target}" in result.stderr
    said = "; records with no board number, deal or anything else RBN holds (a heading: Event, Date): left"
    assert "ev.pbn: 1 board with no number: RBN has no place for " in result.stderr and said in result.stderr
    assert target.read_text(encoding="utf-8") == ""


def test_a_heading_rbn_holds_is_still_written_to_rbn() -> None:
    boards = [*loads(HEADING_ONLY, "pbn"), Board(number=2, deal=DEAL)]
    text = dumps(boards, "rbn")
    assert text.startswith("D 20260114\nL Hall\nE Club night\n\n") and "B 2\n" in text


@pytest.mark.parametrize("fmt", ["lin", "rbn"])
@pytest.mark.parametrize(("score", "tricks", "scored_again"), [
    ("NS 90", 8, True),  # 2C by N making: what LIN's and RBN's readers score from the contract and result
    ("NS 110", 8, False),  # another score than the contract and result give
    ("NS 90", None, False),  # no result to score it from
])
def test_lin_and_rbn_name_a_score_tag_left_out_saying_whether_their_readers_score_it_again(
        fmt: str, score: str, tricks: int | None, scored_again: bool) -> None:
    # A Score the result gives was not named at all by LIN, yet PBN -> LIN -> PBN came back without it;
    # RBN named it `tag Score` as if the score were lost. One name, with no brackets in a comma list.
    board = _played_board()
    board.event, board.tricks, board.tags["Score"] = None, tricks, score
    said = _warnings_of(lambda: dumps([board], fmt))
    assert any("tag Score" in s for s in said), said
    assert any("tag Score scored again from the contract and result" in s for s in said) is scored_again, said


def test_a_machine_file_of_deal_s_boards_names_no_percent_lines_for_its_own_seed_note(tmp_path: Path) -> None:
    # `deal` writes `% bridgetools ... deal, seed 3` and `% condition ...`: comments of the generator (the
    # seed is in the Event, named where that is lost), which every conversion of its boards named.
    dealt = tmp_path / "dealt.pbn"
    assert CliRunner().invoke(cli, ["deal", "-n", "2", "--seed", "3", "hcp(north) >= 15", "-o",
                                    str(dealt)]).exit_code == 0
    result = CliRunner().invoke(cli, ["convert", str(dealt), "-o", str(tmp_path / "dealt.dup")])
    assert result.exit_code == 0
    assert "% lines" not in result.output
    assert "DUP has no place for Event" in result.output


@pytest.mark.parametrize("condition", [
    "hcp(north) >= 15\n  && hcp(south) >= 10\n  && hearts(south) >= 4",
    # a line of spaces was written as '%' and padding, read back as '%', and it and the lines after it
    # were named `PBN % lines`
    "hcp(north) >= 15\n   \n  && hcp(south) >= 10",
])
def test_a_condition_given_on_several_lines_is_all_deal_s_note_and_not_named_lost(
    tmp_path: Path, condition: str
) -> None:
    # its lines after the first were named `PBN % lines`, as a user's own would be; one line was not
    dealt = tmp_path / "dealt.pbn"
    assert CliRunner().invoke(cli, ["deal", "-n", "2", "--seed", "3", condition, "-o",
                                    str(dealt)]).exit_code == 0
    result = CliRunner().invoke(cli, ["convert", str(dealt), "-o", str(tmp_path / "dealt.dup")])
    assert result.exit_code == 0
    assert "% lines" not in result.output


@pytest.mark.parametrize("own", ["% seat Ann North", "%                  seat Ann North"])
def test_a_user_s_percent_line_after_a_condition_on_several_lines_is_still_named_lost(own: str) -> None:
    # one indented deeper than the condition's later lines was taken for one of them
    note = ["% bridgetools 0.1.0 deal, seed 3 (numpy 2.4.6)", "% condition hcp(north) >= 15",
            "%           && hearts(south) >= 4", own]
    (board,) = loads("\n".join([*note, '[Board "1"]', '[Deal "N:AKQ2.KJ3.T98.432 - - -"]', ""]), "pbn")
    assert board.extra["pbn"].comments_lost == (own,)


def test_a_user_s_percent_line_beside_deal_s_note_is_still_named_lost(tmp_path: Path) -> None:
    dealt = tmp_path / "dealt.pbn"
    assert CliRunner().invoke(cli, ["deal", "-n", "2", "--seed", "3", "hcp(north) >= 15", "-o",
                                    str(dealt)]).exit_code == 0
    text = dealt.read_text(encoding="utf-8").replace("% condition hcp(north) >= 15\n",
                                                     "% condition hcp(north) >= 15\n% seat Ann North\n")
    dealt.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(dealt), "-o", str(tmp_path / "dealt.dup")])
    assert result.exit_code == 0
    assert "PBN % lines (board 1)" in result.output


ADJUSTED = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT98.AQ2.AKQ.AKQ 7643.T98.J7.JT98 5.7654.65432.765"]
[Declarer "{declarer}"]
[Contract "3NT"]
[Result "{result}"]
[Auction "N"]
Pass 3NT Pass Pass
Pass
"""
"""3NT by East with its auction: the Result's ``^`` (a count the players agreed) and the Declarer's
(declarer and dummy swapped) are PBN's alone (../shared/specs/formats.md §3.4)."""


@pytest.mark.parametrize("fmt", ["lin", "rbn"])
def test_an_adjusted_result_mark_is_named_where_the_target_drops_it(fmt: str) -> None:
    boards = list(loads(ADJUSTED.format(declarer="E", result="^4"), "pbn"))
    said = _warnings_of(lambda: dumps(boards, fmt))
    assert any("adjusted result marks (1 board)" in w for w in said), said


@pytest.mark.parametrize("fmt", ["lin", "rbn"])
def test_an_irregular_declarer_mark_is_named_where_the_target_drops_it(fmt: str) -> None:
    boards = list(loads(ADJUSTED.format(declarer="^E", result="4"), "pbn"))
    said = _warnings_of(lambda: dumps(boards, fmt))
    assert any("irregular declarer marks (1 board)" in w for w in said), said



@pytest.mark.parametrize("fmt", ["lin", "rbn"])
def test_pbns_empty_none_read_back_as_unknown_is_named(fmt: str) -> None:
    """bridge-utils' demo.pbn gives Event, Site and West as "" (does not apply): through LIN or RBN they
    came back "?" (unknown) with no word said."""
    board = Board(number=1, deal=Deal.from_pbn(
        "N:AKQ2.KJ3.T98.432 JT98.AQ2.KQJ.T98 7654.T98.A72.AKQ 3.7654.6543.J765"), event="", site="")
    board.players = {Seat.W: "", Seat.N: "Ann"}
    said = _warnings_of(lambda: dumps([board], fmt))
    assert any(f'{fmt.upper()} has no place for' in w and
               'PBN\'s "" (none, read back as unknown) for Event, Site, West' in w for w in said), said
    back = loads(dumps([board], fmt), fmt)[0]
    assert "" not in (back.event, back.site, back.players.get(Seat.W))  # each change named is real


@pytest.mark.parametrize("fmt", ["lin", "rbn"])
def test_pbns_empty_scoring_read_back_as_unknown_is_named(fmt: str) -> None:
    """[Scoring ""] came back [Scoring "?"] through LIN or RBN; the warning naming Event's "" left it out."""
    [board] = loads('[Event ""]\n[Board "1"]\n[Deal "N:AKQ2.KJ3.T98.432 JT98.AQ2.KQJ.T98 7654.T98.A72.AKQ '
                    '3.7654.6543.J765"]\n[Scoring ""]\n', "pbn")
    said = _warnings_of(lambda: dumps([board], fmt))
    assert any('PBN\'s "" (none, read back as unknown) for Event, Scoring' in w for w in said), said
    assert loads(dumps([board], fmt), fmt)[0].scoring != ""  # the change named is real


def test_a_thing_lost_by_some_boards_is_named_with_them_beside_a_thing_that_is_a_list(tmp_path: Path) -> None:
    # "Site (board 1); tag Annotator; PBN's "" ... for Event, Site (board 2)" read as if every board lost
    # the Annotator tag, where board 2 alone had one.
    source = tmp_path / "t3.pbn"
    deal = '[Deal "N:AKQJ.T98.765.432 T987.AKQ.J84.765 65432.765.32.AKQ .J432.AKQT9.JT98"]\n'
    source.write_text('[Event "Club"]\n[Site "Town"]\n[Board "1"]\n' + deal + '\n'
                      '[Event ""]\n[Site ""]\n[Annotator "Me"]\n[Board "2"]\n' + deal, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "t3.lin")])
    assert result.exit_code == 0, result.output
    said = 'tag Annotator (board 2); PBN\'s "" (none, read back as unknown) for Event, Site (board 2): left'
    assert said in result.output


@pytest.mark.parametrize("target", ["rbn", "pbn"])
def test_a_line_break_in_the_event_is_written_as_a_space_and_named(target: str) -> None:
    # one rule for both: RBN wrote a bare second line, read back as a problem; PBN a space without a word
    board = Board(number=1, deal=Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 "
                                                "432.AKQJ.T98.765"))
    board.event = "Line1\nLine2"
    with pytest.warns(UserWarning, match=f"{target.upper()} cannot hold a line break in Event: written as a "
                                         "space"):
        written = dumps([board], target)
    [back] = loads(written, target)
    assert back.event == "Line1 Line2"
    assert not back.issues


def test_characters_a_given_encoding_cannot_hold_are_said_with_their_boards_and_lines(tmp_path: Path) -> None:
    boards = [Board(number=1, deal=DEAL, event="Tricks \u2014 Promotion"),
              Board(number=2, deal=DEAL, event="Plain"),
              Board(number=3, deal=DEAL, event="Caf\u00e9 \u2019s night")]
    path = tmp_path / "latin.pbn"
    with pytest.warns(UserWarning, match="cannot hold") as said:
        write(boards, path, "pbn", encoding="latin-1")
    (message,) = [str(w.message) for w in said if "cannot hold" in str(w.message)]
    assert "'\u2014' (1 time), '\u2019' (1 time): written as '?' (boards 1, 3:" in message
    assert '[Event "Tricks \u2014 Promotion"]' in message and "Caf\u00e9" in message
    assert '[Event "Tricks ? Promotion"]' in path.read_text(encoding="latin-1")


def test_an_encoding_that_holds_every_character_says_nothing(tmp_path: Path) -> None:
    board = Board(number=1, deal=DEAL, event="Caf\u00e9")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        write([board], tmp_path / "latin.pbn", "pbn", encoding="latin-1")


def test_a_codecs_writer_takes_text_though_its_mode_says_b(tmp_path: Path) -> None:
    import codecs

    path = tmp_path / "codecs.pbn"
    with codecs.open(str(path), "w", "latin-1") as out:
        assert "b" in out.mode
        write([Board(number=1, deal=DEAL, event="Caf\u00e9")], out, "pbn")
    assert '[Event "Caf\u00e9"]' in path.read_text(encoding="latin-1")


def test_stdout_already_in_the_given_encoding_writes_what_it_lacks_as_question_marks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io
    import sys

    stdout = io.TextIOWrapper(io.BytesIO(), encoding="latin-1", newline="")
    monkeypatch.setattr(sys, "stdout", stdout)
    with pytest.warns(UserWarning, match="cannot hold '\u2014'"):
        write([Board(number=1, deal=DEAL, event="A \u2014 B")], "-", "pbn", encoding="latin-1")
    stdout.flush()
    assert b'[Event "A ? B"]' in stdout.buffer.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_stdout_of_an_encoding_without_suit_symbols_gets_the_formats_escapes_not_an_error(
    encoding: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # write(boards, "-") to a Windows or PYTHONIOENCODING=ascii stdout raised UnicodeEncodeError half-way
    import io
    import sys

    stdout = io.TextIOWrapper(io.BytesIO(), encoding=encoding, newline="")
    monkeypatch.setattr(sys, "stdout", stdout)
    board = Board(number=1, deal=DEAL, players={Seat.N: "\u00c5se \u00d8vre"},
                  commentary=["Lead the \u2660A"])
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        write([board], "-", "pbn")
    stdout.flush()
    text = stdout.buffer.getvalue().decode(encoding)  # type: ignore[attr-defined]
    assert "{Lead the \\SA}" in text  # PBN's own escape, read back as the symbol
    lacked = [str(w.message) for w in said if "cannot hold" in str(w.message)]
    if encoding == "ascii":  # the names' letters cannot be escaped: '?', said once
        assert '[North "?se ?vre"]' in text and len(lacked) == 1
    else:
        assert '[North "\u00c5se \u00d8vre"]' in text and not lacked


def test_a_given_encoding_writes_a_suit_symbol_as_the_formats_escape(tmp_path: Path) -> None:
    board = Board(number=1, deal=DEAL, commentary=["Lead the \u2665K"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing lost: nothing said
        write([board], tmp_path / "latin.pbn", "pbn", encoding="latin-1")
        write([board], tmp_path / "latin.json", "json", encoding="latin-1")
    assert "{Lead the \\HK}" in (tmp_path / "latin.pbn").read_text(encoding="latin-1")
    assert next(iter(read(tmp_path / "latin.json"))).commentary == ["Lead the \u2665K"]


def test_a_suit_symbol_where_pbn_reads_its_escape_as_text_is_said(tmp_path: Path) -> None:
    # a symbol in a tag's value or a table's cell became \\H in silence, which reads back as a backslash
    # and H: PBN reads \\S \\H \\D \\C as suit symbols in commentary and notes alone
    from bridgetools.board import Table

    board = Board(number=1, deal=DEAL, event="Cup \u2660", commentary=["Lead the \u2665K"])
    board.notes[1] = "5+ \u2663"
    board.tables["ScoreTable"] = Table(["PairId_NS\\2R", "Names\\10L"], [["1", "Ann\u2665"]])
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        write([board], tmp_path / "latin.pbn", "pbn", encoding="latin-1")
    text = (tmp_path / "latin.pbn").read_text(encoding="latin-1")
    assert "{Lead the \\HK}" in text and '[Note "1:5+ \\C"]' in text
    (message,) = [str(w.message) for w in said if "suit symbols" in str(w.message)]
    assert "'[Event \"Cup \u2660\"]'" in message and "Ann\u2665" in message
    assert "Lead" not in message and "Note" not in message
    assert "read back as a backslash and a letter" in message


def test_a_suit_symbol_beside_a_character_the_encoding_lacks_is_still_escaped(tmp_path: Path) -> None:
    # the encoder hands its error handler the run "\u2660\u2014" at once: both were written "??"
    board = Board(number=1, deal=DEAL, commentary=["4\u2660\u2014 a spade"])
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        write([board], tmp_path / "latin.pbn", "pbn", encoding="latin-1")
    assert "{4\\S? a spade}" in (tmp_path / "latin.pbn").read_text(encoding="latin-1")


def test_rbn_s_suit_letters_are_said_to_a_library_caller_in_its_words(tmp_path: Path) -> None:
    # the warning named the command line's -o and pointed inside formats/rbn.py
    board = Board(number=1, deal=DEAL, commentary=["Lead the \u2665K"])
    with pytest.warns(UserWarning, match="letters S H D C") as said:
        write([board], tmp_path / "latin.rbn", "rbn", encoding="latin-1")
    (warned,) = [w for w in said if "letters S H D C" in str(w.message)]
    assert warned.filename == __file__ and "encoding='utf-8'" in str(warned.message)


@pytest.mark.parametrize("to", ["path", "-", "bytes"])
def test_the_warning_of_what_an_encoding_lacks_names_the_caller(
    to: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    out = {"path": tmp_path / "x.pbn", "-": "-", "bytes": io.BytesIO()}[to]
    with pytest.warns(UserWarning, match="cannot hold") as said:
        write([Board(number=1, deal=DEAL, event="A \u2014 B")], out, "pbn", encoding="latin-1")  # type: ignore[arg-type]
    assert [w.filename for w in said if "cannot hold" in str(w.message)] == [__file__]


def test_a_character_a_vugraph_header_cannot_hold_is_credited_to_the_header_not_the_last_board(
    tmp_path: Path,
) -> None:
    boards = []
    for number in (1, 2, 3):
        for room in ("open", "closed"):
            board = Board(number=number, deal=DEAL, room=room,
                          players={Seat.N: "Anna", Seat.E: "Ben", Seat.S: "Cleo", Seat.W: "Dan"})
            boards.append(board)
    boards[0].players = {**boards[0].players, Seat.N: "\u0141ukasz"}
    with pytest.warns(UserWarning, match="cannot hold") as said:
        write(boards, tmp_path / "match.lin", vugraph=True, encoding="latin-1")
    (message,) = [str(w.message) for w in said if "the encoding" in str(w.message)]
    assert "written as '?' (the file's header: 'pn|" in message and "board 3" not in message


def test_a_dlm_headline_an_encoding_cannot_hold_is_credited_to_the_files_header(tmp_path: Path) -> None:
    boards = [Board(number=number, deal=DEAL) for number in (1, 2, 3)]
    with pytest.warns(UserWarning, match="cannot hold") as said:
        write(boards, tmp_path / "set.dlm", headline="Club \u2014 night", encoding="latin-1")
    (message,) = [str(w.message) for w in said if "the encoding" in str(w.message)]
    assert "written as '?' (the file's header: 'Headline=Club" in message


@pytest.mark.parametrize("fmt", ["rbn", "lin", "text"])
def test_what_a_writer_leaves_out_is_said_at_the_callers_line(tmp_path: Path, fmt: str) -> None:
    # the RBN writer's warning pointed at formats/__init__.py, the line that called the writer
    boards = list(read(Path(__file__).parents[1] / "samples" / "club_night.pbn"))
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        write(boards, tmp_path / f"out.{fmt}", fmt)
        dumps(boards, fmt)
    assert said and all(w.filename == __file__ for w in said), [(w.filename, str(w.message)) for w in said]


def _claimed_board(tricks: int | None) -> Board:
    """North's 2C after East's diamond lead, ended by a claim of 8 tricks; ``tricks`` the board's result
    (a director's ruling on the claim gives another count)."""
    board = _played_board()
    play = Play(DEAL, "2C", Seat.N, ["DT", "D3", "D2", "DA"])
    play.claim(8)
    return replace(board, play=play, contract=Contract.parse("2C"), declarer=Seat.N, tricks=tricks)


@pytest.mark.parametrize("fmt", ["pbn", "rbn"])
def test_a_claim_other_than_the_result_is_named_by_a_format_saying_the_claim_by_the_result(fmt: str) -> None:
    # The Result (R line) says the claim when the cards stop short: a claim of 8 ruled 9 has no place.
    said = _warnings_of(lambda: dumps([_claimed_board(9)], fmt))
    assert any(line.startswith(f"{fmt.upper()} has no place for")
               and "board 1's claim of 8 tricks, where the result's 9 stand" in line for line in said)


def test_a_result_other_than_the_claim_is_named_by_lin() -> None:
    # LIN's mc says the claim; with no rs line it is the board's one count of declarer's tricks.
    said = _warnings_of(lambda: dumps([_claimed_board(9)], "lin"))
    assert any(line.startswith("LIN has no place for") and "a result other than the claim" in line
               for line in said)


@pytest.mark.parametrize("fmt", ["pbn", "rbn"])
def test_a_claim_on_a_board_whose_result_is_unknown_is_named(fmt: str) -> None:
    # JSON's "tricks": null beside a claim: PBN's Result "?" (no R line) leaves the cards with no claim.
    board = _claimed_board(None)
    board.set_unknown("tricks")
    said = _warnings_of(lambda: dumps([board], fmt))
    assert any(line.startswith(f"{fmt.upper()} has no place for")
               and "board 1's claim of 8 tricks, where the result is unknown" in line for line in said)


def test_convert_json_to_pbn_names_the_claim_its_result_overrides(tmp_path: Path) -> None:
    source = tmp_path / "ruled.json"
    source.write_text(dumps([_claimed_board(9)], "json"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), "-o", str(tmp_path / "ruled.pbn")])
    assert result.exit_code == 0, result.output
    said = f"warning: {source}: board 1: PBN has no place for board 1's claim of 8 tricks, where the result's"
    assert said in result.output


@pytest.mark.parametrize("vugraph", [False, True])
def test_lin_writes_no_claim_as_the_result_of_a_board_whose_result_is_unknown(vugraph: bool) -> None:
    # mc says declarer's total, read back as the result: a claim of 8 beside an unknown result came back
    # as a result of 8 (an rs entry of no tricks too), a result the board never had.
    board = _claimed_board(None)
    board.set_unknown("tricks")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (again,) = loads(dumps([board], "lin", vugraph=vugraph), "lin")
    assert again.tricks is None


def test_lin_names_the_claim_of_a_board_whose_result_is_unknown_as_left_out() -> None:
    board = _claimed_board(None)
    board.set_unknown("tricks")
    said = _warnings_of(lambda: dumps([board], "lin"))
    assert any(line.startswith("LIN has no place for")
               and "board 1's claim of 8 tricks, where the result is unknown" in line for line in said)
