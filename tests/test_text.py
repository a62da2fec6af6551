"""Text diagrams: hands around the compass with HCP, the auction in four columns, the play by trick."""

from __future__ import annotations

import io
import re
import warnings
from pathlib import Path

import pytest

from bridgetools import Annotation, Auction, Board, Deal, Play, Seat, Vul
from bridgetools.formats import loads, text

DATA = Path(__file__).parent / "data" / "pbn"

DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")


def test_diagram_shows_each_hand_spades_first() -> None:
    lines = text.diagram(DEAL).splitlines()
    assert [line.strip() for line in lines[:4]] == ["S AKQ2", "H KJ3", "D T98", "C 432"]
    assert [line.strip() for line in lines[-4:]] == ["S 876", "H T98", "D 765", "C T987"]
    assert lines[4].startswith("S 543") and lines[4].endswith("S JT9")


def test_diagram_shows_hcp_of_every_hand() -> None:
    # North AKQ2 KJ3 = 4+3+2 + 3+1 = 13; East JT9 AQ2 KQJ AKQJ = 1 + 4+2 + 3+2+1 + 4+3+2+1 = 23;
    # South has no honour: 0; West A of diamonds: 4.
    diagram = text.diagram(DEAL)
    assert "N 13" in diagram and "E 23" in diagram and "S  0" in diagram and "W  4" in diagram


def test_unicode_is_asked_for_not_global() -> None:
    assert "♠ AKQ2" in text.diagram(DEAL, unicode=True)
    assert "♠" not in text.diagram(DEAL)


def test_void_is_a_dash_and_an_unknown_hand_a_question_mark() -> None:
    deal = Deal.from_pbn("N:AKQJT98765432... - - -")
    lines = text.diagram(deal).splitlines()
    assert lines[1].strip() == "H -"
    assert "S ?" in lines[4]


def test_auction_table_starts_under_the_dealer_and_marks_alerts() -> None:
    auction = Auction(
        Seat.N,
        ["1C", "1S", "P", "P", "P"],
        [Annotation(alert=True, explanation="Precision, 16+ !H"), None, None, None, None],
    )
    table = text.auction_table(auction).splitlines()
    assert table[0].split() == ["West", "North", "East", "South"]
    assert table[1].split() == ["1C![1]", "1S", "Pass"]
    assert table[1].startswith(" ")  # West, before the dealer, is empty
    assert table[-1] == "[1] Precision, 16+ H"
    assert text.auction_table(auction, unicode=True).splitlines()[-1] == "[1] Precision, 16+ ♥"


def test_play_is_shown_trick_by_trick_with_winners() -> None:
    # East leads the club ace against North's 4S; South, West and North follow; the ace wins.
    play = Play(DEAL, "4S", Seat.N, ["CA", "C7", "C5", "C2", "SJ"])
    first, second = text.play_table(play).splitlines()
    assert first.split() == ["1.", "E", "CA", "S", "C7", "W", "C5", "N", "C2", "won", "by", "E"]
    assert second.split() == ["2.", "E", "SJ"]


def test_board_text_has_heading_diagram_auction_play_and_result() -> None:
    board = Board()
    board.number, board.dealer, board.vulnerability, board.deal = 5, Seat.N, Vul.NS, DEAL
    board.auction = Auction(Seat.N, ["1S", "P", "4S", "P", "P", "P"])
    board.contract, board.declarer = board.auction.final_contract, board.auction.declarer
    board.play = Play(DEAL, "4S", Seat.N)
    board.play.claim(10)
    board.tricks = 10
    out = io.StringIO()
    text.write_boards([board], out)
    shown = out.getvalue()
    assert shown.startswith("Board 5   Dealer N   Vul NS")
    assert "Claim: declarer takes 10 tricks in all" in shown
    assert shown.rstrip().endswith("Contract 4S by N, 10 tricks (=), NS +620")  # vulnerable game


def test_an_explanation_written_with_suit_symbols_shows_letters_when_letters_are_asked_for() -> None:
    auction = Auction(Seat.N, ["2D", "P"], [Annotation(explanation="weak two in ♥ or ♠, ♤♡ too"), None])
    assert text.auction_table(auction).splitlines()[-1] == "[1] weak two in H or S, SH too"
    assert text.auction_table(auction, unicode=True).splitlines()[-1] == "[1] weak two in ♥ or ♠, ♤♡ too"


def test_a_pbn_notes_suit_escapes_show_as_symbols_or_letters() -> None:
    pbn_text = (DATA / "endplay__sample.pbn").read_text(encoding="utf-8")
    (board, _) = loads(pbn_text.replace('[Note "2: ♠"]', '[Note "2: 5+ \\S, 4+ \\h"]'), "pbn")
    assert "[2] 5+ ♠, 4+ \\h\n" in text.board_text(board, unicode=True)  # the standard's marks: upper case
    assert "[2] 5+ S, 4+ \\h\n" in text.board_text(board)


def test_a_files_empty_player_names_make_no_row_of_bare_seats() -> None:
    """BridgeComposer's ``[North ""]``...: the heading had a line ``N    E    S    W `` and no name."""
    board = Board(number=1, players={seat: "" for seat in Seat})
    assert "N    E    S    W" not in text.board_text(board)
    board.players[Seat.S] = "Moe"
    assert "\nS Moe\n" in text.board_text(board)


def test_the_commentary_follows_the_result_a_paragraph_a_comment_its_suits_shown() -> None:
    pbn = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
           '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n'
           '{Lead the \\S2.}\n[Contract "1NT"]\n[Declarer "N"]\n[Result "7"]\n{Partner\n\n\n\nmade it.}\n')
    board = loads(pbn, "pbn")[0]
    shown = text.board_text(board, unicode=True)
    assert shown.endswith("Contract 1NT by N, 7 tricks (=), NS +90\n\nLead the ♠2.\n\nPartner\n\nmade it.\n")
    assert "Lead the S2." in text.board_text(board, unicode=False)


DEALER_PBN = """[Event "Hand simulated by dealer with file pp.dlr, seed 2"]
[Site "-"]
[Date "2026.12.04"]
[Board "1"]
[West "-"]
[North "-"]
[East "-"]
[South "-"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]
"""


def test_dealers_dash_for_no_player_prints_no_row_of_names() -> None:
    board = next(iter(loads(DEALER_PBN, "pbn")))
    shown = text.board_text(board)
    assert "N -" not in shown and "W -" not in shown
    assert shown.splitlines()[:2] == ["Hand simulated by dealer with file pp.dlr, seed 2",
                                      "Board 1   Dealer W   Vul All"]
    board.players[Seat.S] = "Anne Moe"
    assert "S Anne Moe" in text.board_text(board).splitlines()[2]


def test_an_explanation_shows_suit_marks_by_the_rule_convert_follows() -> None:
    from bridgetools.formats.text import suits_in_explanation

    # as convert reads them: a lower-case word after the mark is text, a rank or a plural is a suit's
    shown = suits_in_explanation("2+ !so @hello @h; !sA 5@Ss !sxx", unicode=True)
    assert shown == "2+ !so @hello ♥; ♠A 5♠s ♠xx"


def test_an_explanation_shows_a_lower_case_plural_or_rank_after_a_mark_as_a_suit() -> None:
    from bridgetools.formats.text import suits_in_explanation

    shown = suits_in_explanation("2 !hs or 5!ss, !sa !sxx; !so @hello", unicode=True)
    assert shown == "2 ♥s or 5♠s, ♠a ♠xx; !so @hello"


def test_text_names_a_traveller_it_leaves_out_as_every_writer_names_its_losses() -> None:
    traveller = DATA / "travellers" / "pair_names_percentages_traveller.pbn"
    [board] = loads(traveller.read_text(encoding="utf-8"), "pbn")
    assert board.results
    losses = r"text has no place for .*other tables' results \(1 board\): left out"
    with pytest.warns(UserWarning, match=losses):
        text.write_boards([board], io.StringIO())


def test_text_of_a_board_it_shows_whole_warns_of_nothing() -> None:
    board = Board(number=1, deal=Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 "
                                                "432.AKQJ.T98.765"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text.write_boards([board], io.StringIO())


def test_text_does_not_name_a_quiz_blank_turn_it_shows_as_a_question_mark_among_its_losses() -> None:
    [board] = loads('[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
                    '432.AKQJ.T98.765"]\n[Auction "N"]\n1D Pass Pass ____\n', "pbn")
    out = io.StringIO()
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        text.write_boards([board], out)
    assert out.getvalue().endswith("1D      Pass    Pass\n?\n")  # the blank shown, West's turn
    assert not [str(w.message) for w in said if "blank turn" in str(w.message)]


def test_a_diagram_drawn_in_a_comment_keeps_its_columns() -> None:
    # Schiphol's comment: a line break after '{', then a hand drawn 16 columns in; the first line lost
    # its spaces ("S" at the left edge above "H 6 3" at column 17), as PBN's writer never did.
    drawn = "{\n                S\n                H 6 3\nS K Q 10 2      S A 8 6\n}\n"
    [board] = loads(f'[Board "1"]\n{drawn}', "pbn")
    shown = text.board_text(board)
    assert "\n                S\n                H 6 3\nS K Q 10 2      S A 8 6\n" in shown


def test_a_comment_indented_as_a_whole_is_shown_from_the_left_edge() -> None:
    [board] = loads('[Board "1"]\n{  A note.\n  Another line.}\n', "pbn")
    assert "\n\nA note.\nAnother line.\n" in text.board_text(board)


def test_a_comment_begun_on_the_brace_line_starts_flush_left() -> None:
    # '{ text' puts a space between the brace and the text, no indent: the first line was shown with it.
    [board] = loads('[Board "1"]\n{ North opens one diamond.\nSouth responds.}\n', "pbn")
    assert "\n\nNorth opens one diamond.\nSouth responds.\n" in text.board_text(board)
    [board] = loads('[Board "1"]\n{\tNorth opens.\n    South responds.\n      West passes.}\n', "pbn")
    assert "\n\nNorth opens.\nSouth responds.\n  West passes.\n" in text.board_text(board)


SUFFIXED = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]
[Declarer "E"]
[Contract "3NT"]
[Result "9"]
[Auction "N"]
Pass 1NT ?? Pass 3NT !
AP
[Play "S"]
S6 S3 SA =1= S9 ?
*
[Note "1:Ace from AK"]
"""


def test_a_calls_suffix_follows_it_in_brackets_told_from_an_alert() -> None:
    [board] = loads(SUFFIXED, "pbn")
    assert board.auction is not None
    table = text.auction_table(board.auction).splitlines()
    assert table[1].split() == ["Pass", "1NT(??)", "Pass"]
    assert table[2].split()[0] == "3NT(!)"


def test_a_cards_suffix_follows_it_and_its_note_is_a_footnote_under_the_tricks() -> None:
    [board] = loads(SUFFIXED, "pbn")
    assert board.play is not None
    rows = text.play_table(board.play).splitlines()
    assert rows[0].split()[:8] == ["1.", "S", "S6", "W", "S3", "N", "SA[1]", "E"]
    assert rows[0].split()[8] == "S9(?)"
    assert rows[-1] == "[1] Ace from AK"


def test_a_cards_nag_is_its_suffix_and_a_nag_with_no_suffix_shows_as_its_number() -> None:
    assert text.judged(Annotation(nags=(12,)), card=True) == "(?!)"
    assert text.judged(Annotation(nags=(20,))) == "($20)"
    assert text.judged(Annotation(nags=(8,))) == "($8)"
    assert text.judged(None) == ""


def test_text_of_suffixes_and_card_notes_it_shows_warns_of_nothing() -> None:
    [board] = loads(SUFFIXED, "pbn")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text.write_boards([board], io.StringIO())


DEAL_LINE = '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n'
INSUFFICIENT = ('[Board "1"]\n[Dealer "S"]\n[Vulnerable "None"]\n' + DEAL_LINE
                + '[Auction "S"]\n1D ^I 1C X XX\nPass Pass Pass\n')
REVOKE = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + DEAL_LINE
          + '[Declarer "E"]\n[Contract "3NT"]\n[Result "10"]\n[Auction "N"]\n'
          + 'Pass 1NT Pass 3NT\nPass Pass Pass\n'
          + '[Play "S"]\nS6 S3 SA S9\nH8 H4 H3 HA\nC7 C5 ^R D2 CA\n*\n')


def test_an_accepted_insufficient_bid_and_the_calls_after_it_are_shown_with_its_mark() -> None:
    # Law 27A: the insufficient bid accepted stands; the auction goes on from it
    [board] = loads(INSUFFICIENT, "pbn")
    rows = text.board_text(board).splitlines()
    assert ["1C^I", "X", "XX", "Pass"] in [row.split() for row in rows]
    assert any(row.startswith("^I an insufficient bid, accepted (Law 27A)") for row in rows)


def test_a_revoked_trick_is_shown_as_written_with_its_mark_under_the_tricks_replayed() -> None:
    [board] = loads(REVOKE, "pbn")
    rows = text.board_text(board).splitlines()
    at = rows.index("As written from trick 3 (not replayed from there on):")
    assert rows[at + 1].split() == ["3.", "S", "C7", "W", "C5", "N", "D2^R", "E", "CA"]
    assert rows[at + 2].startswith("^R a revoke (Law 61)")


@pytest.mark.parametrize("written", [INSUFFICIENT, REVOKE])
def test_text_names_no_loss_of_what_it_shows_past_an_irregularity(written: str) -> None:
    [board] = loads(written, "pbn")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text.write_boards([board], io.StringIO())


def test_a_card_with_a_suffix_or_note_keeps_the_play_tables_columns_in_line() -> None:
    # ♠A[1] and ♠9(?) pushed the rest of their trick's row right of the other tricks' columns
    more = "S6 S3 SA =1= S9 ?\nH8 H4 H3 HA\nD5 D2 D8 DK\n"
    [board] = loads(SUFFIXED.replace("S6 S3 SA =1= S9 ?\n", more), "pbn")
    assert board.play is not None
    rows = text.play_table(board.play, unicode=True).splitlines()[:3]
    assert len({cell_starts(row) for row in rows}) == 1, rows


def cell_starts(row: str) -> tuple[int, ...]:
    """Where each card's cell (its seat letter) and ``won by`` start in a row of tricks."""
    return tuple(m.start(1) for m in re.finditer(r"(?:^ ?\d+\.|  ) ?([NESW] |won by)", row))


def test_a_card_written_past_an_irregularity_keeps_the_columns_of_the_tricks_as_written_in_line() -> None:
    [board] = loads(REVOKE.replace("C7 C5 ^R D2 CA\n", "C7 C5 ^R D2 CA\nS8 SJ S2 SK\n"), "pbn")
    rows = text.board_text(board).splitlines()
    at = rows.index("As written from trick 3 (not replayed from there on):")
    assert cell_starts(rows[at + 1]) == cell_starts(rows[at + 2]), rows[at + 1:at + 3]
