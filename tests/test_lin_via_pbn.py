"""LIN -> PBN -> LIN keeps what both formats can say (issue 3 acceptance).

The PBN writer and reader belong to `bridgetools.formats.pbn`; this test runs once it exists.
"""

from __future__ import annotations

import io
import re
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from test_lin_properties import legal_boards

from bridgetools import Annotation, Board, Seat, dumps, loads
from bridgetools.formats import lin

pbn = pytest.importorskip("bridgetools.formats.pbn")

DATA = Path(__file__).parent / "data" / "lin"
PBN_DATA = Path(__file__).parent / "data" / "pbn"


def kept(board: Board, exact_annotations: bool = True) -> tuple[object, ...]:
    """What LIN -> PBN -> LIN must keep: deal, calls with alerts and explanations, play, claim,
    contract, declarer, result, board number, dealer, vulnerability and players. An explanation's
    suit marks come back in BBO's case (``!s`` as ``!S``, both shown as the symbol): PBN's ``\\S`` has
    no lower case."""
    auction = board.auction
    calls = None
    if auction is not None:
        calls = [
            (str(c), bool(a and a.alert), _marks_upper(a.explanation) if a else None)
            if exact_annotations
            else (str(c), _marks_upper((a.explanation or "").strip()) if a else "")
            for c, a in zip(auction.calls, auction.annotations, strict=True)
        ]
    play = None if board.play is None else ([str(c) for c in board.play.cards], board.play.claimed)
    return (
        board.deal,
        calls,
        play,
        board.contract,
        board.declarer,
        board.tricks,
        board.number,
        board.dealer,
        board.vulnerability,
        board.players,
    )


def _marks_upper(text: str | None) -> str | None:
    """An explanation with BBO's suit marks upper case (``5!s`` as ``5!S``)."""
    return None if text is None else re.sub(r"!([shdc])", lambda m: "!" + m.group(1).upper(), text)


def via_pbn(path: Path) -> tuple[list[Board], list[Board]]:
    boards = list(lin.read_boards(path.open(encoding="utf-8"), str(path)))
    text = io.StringIO(newline="")
    pbn.write_boards(boards, text)
    read_back = list(pbn.read_boards(io.StringIO(text.getvalue()), "via.pbn", False))
    out = io.StringIO()
    lin.write_boards(read_back, out)
    return boards, list(lin.read_boards(io.StringIO(out.getvalue()), "again.lin"))


@pytest.mark.parametrize("path", sorted(DATA.glob("*.lin")), ids=lambda p: p.name)
def test_lin_to_pbn_to_lin_keeps_each_board(path: Path) -> None:
    boards, again = via_pbn(path)
    assert [kept(b, exact_annotations=False) for b in again] == [
        kept(b, exact_annotations=False) for b in boards
    ]


@pytest.mark.parametrize(
    "name", ["endplay__example1.lin", "bridge-bots__usbf_sf_14502.lin", "pbntools__3399598383.lin"]
)
def test_lin_to_pbn_to_lin_keeps_alert_flags_and_explanations_exactly(name: str) -> None:
    boards, again = via_pbn(DATA / name)
    assert [kept(b) for b in again] == [kept(b) for b in boards]


def test_an_explained_call_nobody_alerted_comes_back_unalerted() -> None:
    lin_text = "md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|mb|1C|an|strong|mb|p|mb|p|mb|p|"
    (board,) = loads(lin_text, "lin")
    (again,) = loads(dumps(loads(dumps([board], "pbn"), "pbn"), "lin"), "lin")
    assert again.auction.annotations[0] == Annotation(explanation="strong")


def test_an_alert_without_explanation_comes_back_without_one() -> None:
    lin_text = "md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|mb|1C!|mb|p|mb|p|mb|p|"
    (board,) = loads(lin_text, "lin")
    pbn_text = dumps([board], "pbn")
    assert "1C $15" in pbn_text  # no Note: programs that know nothing of $15 show the plain call
    (again,) = loads(dumps(loads(pbn_text, "pbn"), "lin"), "lin")
    assert again.auction.annotations[0] == Annotation(alert=True)


NOTED_PBN = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQJ.AKQ.AK 5432.5432.5432.2 6789.6789.6789.3 T.T.JT.QJT987654"]
[Auction "N"]
1C =1= Pass 2C =2= Pass
Pass Pass
[Note "1: Precision, 16+"]
[Note "2:  5+ clubs"]
"""


def test_the_space_after_a_pbn_notes_colon_is_not_part_of_the_explanation_in_lin() -> None:
    lin_text = dumps(loads(NOTED_PBN, "pbn"), "lin")
    assert "|an|Precision, 16+|" in lin_text  # endplay's and the verifier's "1: text" separator
    assert "|an| 5+ clubs|" in lin_text  # a second space is the text's own


def test_a_pbn_note_and_a_lin_explanation_with_a_leading_space_each_come_back_exactly() -> None:
    (board,) = loads(NOTED_PBN, "pbn")
    (via_lin,) = loads(dumps(loads(dumps([board], "lin"), "lin"), "pbn"), "pbn")
    assert via_lin.auction.annotations[0].explanation == "Precision, 16+"
    assert via_lin.auction.annotations[2].explanation == " 5+ clubs"
    lin_text = ("md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|"
                "mb|1C!|an| 5+ spades|mb|p|mb|p|mb|p|")
    pbn_text = dumps(loads(lin_text, "lin"), "pbn")
    assert '[Note "1:  5+ spades"]' in pbn_text
    assert "|an| 5+ spades|" in dumps(loads(pbn_text, "pbn"), "lin")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_boards())
def test_any_lin_board_keeps_its_alerts_and_explanations_through_pbn(board: Board) -> None:
    (from_lin,) = loads(dumps([board], "lin"), "lin")
    (via,) = loads(dumps([from_lin], "pbn"), "pbn")
    assert via.issues == []
    (again,) = loads(dumps([via], "lin"), "lin")
    assert kept(again) == kept(from_lin)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_boards())
def test_a_pbn_export_of_what_lin_can_say_comes_back_byte_identical_through_lin(board: Board) -> None:
    pbn_text = dumps([board], "pbn")
    (again,) = loads(dumps(loads(pbn_text, "pbn"), "lin"), "lin")
    assert dumps([again], "pbn") == pbn_text


# Suit symbols in commentary: PBN's \S \H \D \C are LIN's @S @H @D @C ------------------------------

SPOKEN_LIN = ("pn|s,w,n,e|md|3SAKQJ5HAKQJDAK2CA,S432H5432D543C32,S876H876D876C876,|sv|o|"
              "mb|2C|nt|2@c is strong; 2@s would be weak|mb|p|mb|2D|mb|p|mb|p|mb|p|pg||\n")


def test_lin_at_sign_suits_in_commentary_are_written_as_pbn_suit_escapes() -> None:
    text = dumps(loads(SPOKEN_LIN, "lin"), "pbn")
    assert "{2\\C is strong; 2\\S would be weak}" in text
    assert "@" not in text


def test_pbn_suit_escapes_in_commentary_are_written_as_lin_at_sign_suits() -> None:
    (board,) = loads(dumps(loads(SPOKEN_LIN, "lin"), "pbn"), "pbn")
    assert "nt|2@C is strong; 2@S would be weak|" in dumps([board], "lin")


def test_a_files_own_suit_escapes_are_written_back_as_they_were() -> None:
    assert "nt|2@c is strong; 2@s would be weak|" in dumps(loads(SPOKEN_LIN, "lin"), "lin")
    pbn_text = dumps(loads(SPOKEN_LIN, "lin"), "pbn")
    assert dumps(loads(pbn_text, "pbn"), "pbn").count("2\\C is strong; 2\\S would be weak") == 1


def test_an_explanations_suit_marks_come_back_through_pbn_in_bbo_s_case() -> None:
    lin_text = ("md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|"
                "mb|2C!|an|not 2@s; 5+ !s|mb|p|mb|p|mb|p|")
    pbn_text = dumps(loads(lin_text, "lin"), "pbn")
    assert '[Note "1:not 2@s; 5+ \\S"]' in pbn_text  # PBN has no lower-case mark; @ is commentary's
    assert "|an|not 2@s; 5+ !S|" in dumps(loads(pbn_text, "pbn"), "lin")


def test_a_lower_case_word_after_a_suit_mark_is_text_and_keeps_its_case_through_pbn() -> None:
    # `!so` came back `!So` (read as a spade mark and an o); a rank or a plural after a mark is still one.
    pbn_text, lin_back = _explanation_through_pbn("2+ !so @hello; !sA !Ss !sxx")
    assert '[Note "1:2+ !so @hello; \\SA \\Ss \\Sxx"]' in pbn_text
    assert "|an|2+ !so @hello; !SA !Ss !Sxx|" in lin_back


def _explanation_through_pbn(explanation: str) -> tuple[str, str]:
    """A 2C opening explained as ``explanation`` in LIN, written to PBN, and that PBN written back to LIN."""
    lin_text = ("md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|"
                f"mb|2C!|an|{explanation}|mb|p|mb|p|mb|p|")
    pbn_text = dumps(loads(lin_text, "lin"), "pbn")
    return pbn_text, dumps(loads(pbn_text, "pbn"), "lin")


def test_lower_case_suit_marks_written_to_pbn_are_said_to_come_back_upper_case() -> None:
    """usbf_sf_14502.lin's ``nt|vdoubleu: ... play in 6@s|``: PBN wrote ``6\\S``, read back as ``6@S``, and
    said nothing of it."""
    with pytest.warns(UserWarning, match=r"PBN has no lower-case suit mark: LIN's @s @h @d @c"):
        dumps(loads(SPOKEN_LIN, "lin"), "pbn")


def test_upper_case_suit_marks_written_to_pbn_say_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dumps(loads(SPOKEN_LIN.replace("@c", "@C").replace("@s", "@S"), "lin"), "pbn")


# Suit symbols in calls' explanations: BBO's !S !H !D !C are PBN's \S \H \D \C in a Note -------------


def test_bbo_suit_marks_in_explanations_are_written_as_pbn_suit_escapes_in_notes() -> None:
    pbn_text = dumps(lin.read_boards((DATA / "endplay__example1.lin").open(encoding="utf-8")), "pbn")
    assert '[Note "2:Michaels -- 5+ \\S; 9+ total points; forcing "]' in pbn_text
    notes = [line for line in pbn_text.splitlines() if line.startswith("[Note ")]
    assert len(notes) == 30 and not any("!" in line for line in notes)


def test_pbn_suit_escapes_in_notes_are_written_as_bbo_suit_marks_in_explanations() -> None:
    pbn_text = (PBN_DATA / "endplay__sample.pbn").read_text(encoding="utf-8")
    pbn_text = pbn_text.replace('[Note "2: ♠"]', '[Note "2: 5+ \\S, 4+ \\H \\D \\C"]')
    lin_text = dumps(loads(pbn_text, "pbn"), "lin")
    assert "|mb|5S|an|5+ !S, 4+ !H !D !C|" in lin_text  # a Note explains the call: no alert


def test_a_files_own_explanations_keep_their_marks_through_json() -> None:
    lin_path = DATA / "endplay__example1.lin"
    via_json = loads(dumps(lin.read_boards(lin_path.open(encoding="utf-8")), "json"), "json")
    assert "|an|Michaels -- 5+ !S; 9+ total points; forcing |" in dumps(via_json, "lin")
    assert '[Note "2:Michaels -- 5+ \\S; 9+ total points; forcing "]' in dumps(via_json, "pbn")
    pbn_text = (PBN_DATA / "endplay__sample.pbn").read_text(encoding="utf-8").replace("2: ♠", "2: \\S")
    via_json = loads(dumps(loads(pbn_text, "pbn"), "json"), "json")
    assert '[Note "2: \\S"]' in dumps(via_json, "pbn")
    assert "|an|!S|" in dumps(via_json, "lin")


BACKSLASH_LIN = ("pn|s,w,n,e|md|3SAKQJ5HAKQJDAK2CA,S432H5432D543C32,S876H876D876C876,|sv|o|"
                 "mb|1S|an|see C:\\Spades, 5+ !S|nt|C:\\Spades and @S|mb|p|mb|p|mb|p|pg||\n")


def test_a_lin_backslash_before_a_suit_letter_is_an_escaped_backslash_in_pbn() -> None:
    pbn_text = dumps(loads(BACKSLASH_LIN, "lin"), "pbn")
    assert "{C:\\\\Spades and \\S}" in pbn_text  # a backslash and an S, then PBN's spade
    assert '[Note "1:see C:\\\\Spades, 5+ \\S"]' in pbn_text
    lin_again = dumps(loads(pbn_text, "pbn"), "lin")
    assert "|an|see C:\\Spades, 5+ !S|" in lin_again and "|nt|C:\\Spades and @S|" in lin_again


def test_a_lin_backslash_before_a_suit_letter_comes_back_as_it_was_through_lin_and_json() -> None:
    assert dumps(loads(BACKSLASH_LIN, "lin"), "lin").endswith("|mb|1S|an|see C:\\Spades, 5+ !S|"
                                                            "nt|C:\\Spades and @S|mb|p|mb|p|mb|p|pg||\n")
    via_json = loads(dumps(loads(BACKSLASH_LIN, "lin"), "json"), "json")
    assert "|an|see C:\\Spades, 5+ !S|nt|C:\\Spades and @S|" in dumps(via_json, "lin")
    assert "{C:\\\\Spades and \\S}" in dumps(via_json, "pbn")


BACKSLASH_HEADER_LIN = ("vg|C:\\Sim,R1,I,1,2,A\\S,0,B\\x,0|\n"
                        "pn|A\\Smith,W,N,E,s,w,n,e|\n"
                        "qx|o1|md|3SAKQJ5HAKQJDAK2CA,S432H5432D543C32,S876H876D876C876,|sv|o|"
                        "mb|p|mb|p|mb|p|mb|p|pg||\n")


def test_a_lin_backslash_before_a_suit_letter_in_the_match_line_and_names_is_a_backslash_in_pbn() -> None:
    pbn_text = dumps(loads(BACKSLASH_HEADER_LIN, "lin"), "pbn")
    for tag in ('[Event "C:\\\\Sim"]', '[HomeTeam "A\\\\S"]', '[VisitTeam "B\\\\x"]', '[South "A\\\\Smith"]'):
        assert tag in pbn_text  # a backslash and the letter, not PBN's spade
    board = loads(pbn_text, "pbn")[0]
    assert (board.event, board.tags["HomeTeam"], board.players[Seat.S]) == ("C:\\\\Sim", "A\\\\S",
                                                                                 "A\\\\Smith")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lin_again = dumps([board], "lin")
    assert lin_again.startswith("vg|C:\\Sim,R1,I,1,1,A\\S,0,B\\x,0|") and "pn|A\\Smith,W,N,E," in lin_again


def test_a_lin_backslash_before_a_suit_letter_in_the_header_comes_back_through_lin_and_json() -> None:
    board = loads(BACKSLASH_HEADER_LIN, "lin")[0]
    assert dumps([board], "lin") == BACKSLASH_HEADER_LIN
    via_json = loads(dumps([board], "json"), "json")
    assert (via_json[0].event, via_json[0].players[Seat.S]) == ("C:\\\\Sim", "A\\\\Smith")
    assert '[Event "C:\\\\Sim"]' in dumps(via_json, "pbn")


def test_a_pbn_backslash_before_a_suit_letter_in_tags_and_names_is_one_backslash_in_lin() -> None:
    pbn_text = ('[Event "C:\\\\Sim \\S"]\n[Board "1"]\n[South "A\\\\Smith"]\n[Dealer "N"]\n'
                '[Vulnerable "None"]\n[Room "Open"]\n[HomeTeam "A\\\\Sharks"]\n[Scoring "IMP"]\n'
                '[Deal "N:AKQJ5.AKQJ.AK2.A 876.876.876.8765 432.5432.543.432 T9.T9.QJT9.KQJT9"]\n'
                '[Auction "N"]\nPass Pass Pass Pass\n')
    lin_text = dumps(loads(pbn_text, "pbn"), "lin")
    assert lin_text.startswith("vg|C:\\Sim \u2660,,I,1,1,A\\Sharks,0,,0|")  # PBN's \S is the symbol
    assert "pn|,,,,,,,|" not in lin_text and "A\\Smith" in lin_text
    pbn_again = dumps(loads(lin_text, "lin"), "pbn")
    for tag in ('[Event "C:\\\\Sim \u2660"]', '[HomeTeam "A\\\\Sharks"]', '[South "A\\\\Smith"]'):
        assert tag in pbn_again


def test_lin_suit_marks_of_a_board_laid_out_as_bridgetools_writes_it_become_pbn_escapes() -> None:
    (spoken,) = loads(SPOKEN_LIN, "lin")
    made = Board(number=1, deal=spoken.deal, commentary=["2@c is strong; 2@s would be weak"])
    (plain,) = loads(dumps([made], "lin"), "lin")
    assert not plain.extra  # nothing to keep: read as the writer lays it out
    assert "{2\\C is strong; 2\\S would be weak}" in dumps([plain], "pbn")


def test_comments_on_cards_come_back_through_pbn_in_the_order_the_cards_were_played() -> None:
    # A trick led from another seat column than the first trick's: PBN's row shows the lead after
    # cards played later, and read in the text's order its comment came after theirs.
    boards = list(lin.read_boards((DATA / "bridge-bots__usbf_sf_14502.lin").open(encoding="utf-8")))
    read_back = loads(dumps(boards, "pbn"), "pbn")
    def marks(board: Board) -> list[str]:
        return [re.sub(r"@([SHDCshdc])", lambda m: "\\" + m[1].upper(), c) for c in board.commentary]
    assert [marks(b) for b in read_back] == [marks(b) for b in boards]


def test_a_comment_after_the_claim_stays_after_the_play_not_before_the_auction() -> None:
    """bridge-bots__usbf_sf_14502.lin's ``mc|10|nt|bbramley: that's better|``: the claim's pair had no place,
    so PBN wrote the comment after the tags, before the auction, first of the board's commentary."""
    text = ("pn|s,w,n,e|md|3SAKQJ5HAKQJDAK2CA,S432H5432D543C32,S876H876D876C876,|sv|o|"
            "nt|first|mb|7N|mb|p|mb|p|mb|p|pc|CK|nt|second|mc|13|nt|third|pg||\n")
    (board,) = loads(text, "lin")
    as_pbn = dumps([board], "pbn")
    assert as_pbn.index("{third}") > as_pbn.index("[Play")
    assert loads(as_pbn, "pbn")[0].commentary == ["first", "second", "third"]


def test_a_comment_after_the_claim_comes_back_after_the_claim_through_pbn() -> None:
    """usbf_sf_14502.lin's ``mc|10|nt|bbramley: that's better|pg||`` (11 boards): PBN wrote the comment after
    the last card, and LIN -> PBN -> LIN gave ``nt|bbramley: that's better|mc|10|``, before the claim."""
    text = ("pn|s,w,n,e|md|3SAKQJ5HAKQJDAK2CA,S432H5432D543C32,S876H876D876C876,|sv|o|"
            "mb|7N|mb|p|mb|p|mb|p|pc|CK|nt|on the lead|mc|13|nt|after the claim|pg||\n")
    as_pbn = dumps(loads(text, "lin"), "pbn")
    assert as_pbn.index("{after the claim}") > as_pbn.index("*")
    again = dumps(loads(as_pbn, "pbn"), "lin")
    assert "|pc|CK|nt|on the lead|mc|13|nt|after the claim|pg||" in again
    assert dumps(loads(again, "lin"), "pbn") == as_pbn


def test_the_corpus_comments_after_claims_stay_after_them_through_pbn() -> None:
    path = DATA / "bridge-bots__usbf_sf_14502.lin"
    after_claims = re.compile(r"mc\|\d+\|nt\|")
    boards = list(lin.read_boards(path.open(encoding="utf-8")))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its lower-case suit marks
        again = dumps(loads(dumps(boards, "pbn"), "pbn"), "lin")
    written = path.read_text(encoding="utf-8")
    assert len(after_claims.findall(again)) == len(after_claims.findall(written)) == 11


def test_a_comment_before_the_opening_lead_stays_before_it_through_lin() -> None:
    """LIN writes PBN's comment after the Play tag after the auction's ``pg||``; its reader took that spot
    for after the last call, so PBN -> LIN -> PBN moved the comment into the auction."""
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
            '[Declarer "N"]\n[Contract "1S"]\n[Result "13"]\n[Auction "N"]\n1S {after 1S} Pass Pass Pass\n'
            '[Play "E"]\n{before the lead}\n*\n')
    as_lin = dumps(loads(text, "pbn"), "lin")
    assert "mb|1S|nt|after 1S|mb|p|mb|p|mb|p|pg||nt|before the lead|mc|13|" in as_lin
    again = dumps(loads(as_lin, "lin"), "pbn")
    assert "1S {after 1S} Pass Pass Pass\r\n[Play \"E\"]\r\n{before the lead}\r\n*" in again
    assert loads(again, "pbn")[0].commentary == ["after 1S", "before the lead"]
    assert dumps(loads(again, "pbn"), "lin") == as_lin
    # with no play, an nt after the auction's pg is the auction's last comment, as before
    bidding = ("pn|s,w,n,e|md|3SAKQJ5HAKQJDAK2CA,S432H5432D543C32,S876H876D876C876,|sv|o|"
               "mb|7N|mb|p|mb|p|mb|p|pg||nt|good|")
    assert "7NT Pass Pass Pass {good}" in dumps(loads(bidding, "lin"), "pbn")


def test_a_lesson_introduction_alone_comes_back_through_lin_as_a_record_of_commentary() -> None:
    boards = loads('[Event "x"]\n{Welcome}\n', "pbn")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Event: LIN has no place for it
        text = dumps(boards, "lin")
    back = loads(text, "lin")
    assert [b.commentary for b in back] == [["Welcome"]]
    assert [b.commentary for b in loads(dumps(back, "pbn"), "pbn")] == [["Welcome"]]


def test_a_vugraph_files_comments_keep_their_call_and_card_through_pbn_twice() -> None:
    """A vugraph file whose header names both rooms' players (no ``pn`` in each board): its boards written
    again as LIN leave each comment after its call and card, so reading that LIN again places them
    there too, not one pair earlier, and a second LIN -> PBN round trip gives the first one's PBN."""
    text = (
        "vg|Cup,Final,I,1,1,Home,0,Away,0|\n"
        "pn|Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal|pg||\n"
        "qx|o1|md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|sv|0|"
        "mb|1D|mb|p|nt|after the pass|pg||mb|p|mb|p|"
        "pc|C2|pc|S2|pc|H2|pc|D2|nt|after the fourth card|pg||mc|13|\n"
    )
    first = dumps(loads(text, "lin"), "pbn")
    again = dumps(loads(dumps(loads(first, "pbn"), "lin"), "lin"), "pbn")
    assert "1D Pass {after the pass}" in first
    assert "{after the fourth card}" in first.split("D2")[1]
    assert again == first


def test_a_lower_case_plural_or_rank_after_a_suit_mark_is_still_a_suit_through_pbn() -> None:
    # `!hs`, `5!ss`, `!sa` stayed text once a lower-case word after a mark was; `!so`, `@hello` still are.
    pbn_text, lin_back = _explanation_through_pbn("2 !hs or 5!ss, !sa !sxx; !so @hello")
    assert '[Note "1:2 \\Hs or 5\\Ss, \\Sa \\Sxx; !so @hello"]' in pbn_text
    assert "|an|2 !Hs or 5!Ss, !Sa !Sxx; !so @hello|" in lin_back


def test_the_play_of_an_auction_an_rs_entry_contradicts_comes_back_through_pbn() -> None:
    # The entry's 5D by North stands over the calls' 4H by East (as PBN's Contract and Declarer tags do);
    # the cards, South's lead against 4H, were read as North's 5D led by East and went at PBN -> LIN.
    text = (DATA / "bridge-bots__usbf_sf_14502.lin").read_text()
    boards = loads(text.replace("rs|4HE=,", "rs|5DN-1,", 1), "lin")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        again = loads(dumps(loads(dumps(boards[:1], "pbn"), "pbn"), "lin"), "lin")
    assert (str(again[0].contract), again[0].declarer, again[0].tricks) == ("5D", Seat.N, 10)
    assert again[0].play == boards[0].play and again[0].play is not None


RESULT_ALONE = ("vg|Cup,Seg 1,I,1,1,Alpha,0,Beta,0|\nrs|4SN=,4SN-1|\npn|aS,aW,aN,aE,bS,bW,bN,bE|pg||\n"
                "qx|o1|st||md|3SAKQ2HKJ3DT98C432,S543H7654DA432C65,S876HT98D765CT987,SJT9HAQ2DKQJCAKQJ|"
                "sv|o|mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|pg||\n")
"""A match whose header says both rooms' results, and the open room's block alone (trial 42c's rsonly.lin)."""


def test_an_rs_entry_of_a_room_no_block_holds_is_a_board_of_that_result_alone() -> None:
    opened, closed = loads(RESULT_ALONE, "lin")
    assert (opened.room, closed.room, closed.number, closed.deal) == ("open", "closed", 1, opened.deal)
    assert (str(closed.contract), closed.declarer, closed.tricks, closed.play) == ("4S", Seat.N, 9, None)
    assert closed.players == {Seat.S: "bS", Seat.W: "bW", Seat.N: "bN", Seat.E: "bE"} and not closed.issues


def test_a_board_of_an_rs_entry_alone_the_computer_bid_is_written_with_its_block() -> None:
    # bid and autoplay give the closed room an auction: the header's entry no longer holds it all, and
    # its block was left out while "2 boards written" was said (trial 42's rsonly.lin).
    from dataclasses import replace

    from bridgetools.formats.replaced_play import with_replacements

    opened, closed = loads(RESULT_ALONE, "lin")
    bid = with_replacements(closed, replace(closed, auction=opened.auction, tricks=None))
    again = loads(dumps([opened, bid], "lin"), "lin")
    assert [(b.room, b.auction) for b in again] == [("open", opened.auction), ("closed", opened.auction)]


def test_a_header_restated_with_a_grown_rs_is_the_same_match_and_makes_no_board_of_a_room_read() -> None:
    # The operator restates the header as results come in: a match is its vg line, so the open room's
    # block, read under the first header, is not made a second time from the grown rs (trial 42's grow.lin).
    block = RESULT_ALONE.split("qx|", 1)[1]
    grown = (RESULT_ALONE.replace("4SN=,4SN-1", "4SN=,") + RESULT_ALONE.split("qx|", 1)[0]
             + "qx|" + block.replace("o1|st||", "c1|st||"))
    boards = loads(grown, "lin")
    assert [(b.number, b.room, b.tricks) for b in boards] == [(1, "open", 10), (1, "closed", 9)]


def test_a_header_restated_at_the_end_with_a_grown_rs_gives_the_room_its_entry_alone_holds() -> None:
    # The closed room's 4SN-1 came in a header restated after the last block: it was read by no board.
    head, block = RESULT_ALONE.split("qx|", 1)
    text = head.replace("4SN=,4SN-1", "4SN=,") + "qx|" + block + head
    boards = loads(text, "lin")
    assert [(b.number, b.room, b.tricks) for b in boards] == [(1, "open", 10), (1, "closed", 9)]
    assert dumps(boards, "lin") == text


def test_an_rs_entry_of_a_room_no_block_holds_comes_back_through_pbn_and_lin_writes_no_block_for_it() -> None:
    boards = loads(RESULT_ALONE, "lin")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing named lost
        back = dumps(loads(dumps(boards, "pbn"), "pbn"), "lin")
    assert "rs|4SN=,4SN-1|" in back and "pn|aS,aW,aN,aE,bS,bW,bN,bE|" in back
    assert dumps(boards, "lin") == RESULT_ALONE  # LIN -> LIN: the header holds the entry, no block is made


def test_a_room_given_by_its_rs_entry_alone_comes_back_through_pbn_with_no_play_given() -> None:
    # PBN keeps it with no Play section; LIN -> PBN -> LIN wrote it a block of no calls and no cards,
    # whose rs result was read as a claim: a play of no cards where none was given.
    boards = loads(RESULT_ALONE, "lin")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        back = loads(dumps(loads(dumps(boards, "pbn"), "pbn"), "lin"), "lin")
    assert [(b.room, b.tricks, b.play) for b in back[1:]] == [("closed", 9, None)]


def test_a_board_cut_from_a_match_makes_no_boards_of_the_results_of_boards_it_does_not_hold() -> None:
    # BBO's single-board links keep the whole match's rs: only the board's own other room is read from it
    match = list(lin.read_boards(io.StringIO((DATA / "bridge-bots__usbf_sf_14502.lin").read_text("utf-8"))))
    cut = dumps(match[:1], "lin")
    again = loads(cut, "lin")
    assert [(b.number, b.room) for b in again] == [(match[0].number, "open"), (match[0].number, "closed")]
    assert again[1].deal == match[0].deal


def test_the_results_of_boards_cut_from_a_match_are_named_lost_where_the_target_has_no_place_for_it() -> None:
    # A board cut from a match keeps the whole match's rs: LIN and JSON carry it, PBN and RBN left out
    # the other boards' results without a word.
    match = list(lin.read_boards(io.StringIO((DATA / "bridge-bots__usbf_sf_14502.lin").read_text("utf-8"))))
    cut = loads(dumps(match[:2], "lin"), "lin")
    for target in ("pbn", "rbn"):
        with pytest.warns(UserWarning) as said:
            dumps(cut, target)
        assert any("LIN rs| results of the match's boards 47-60" in str(w.message) for w in said), target


def test_the_results_of_a_match_whose_boards_are_all_written_are_named_lost_nowhere() -> None:
    boards = loads(RESULT_ALONE, "lin")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        dumps(boards, "rbn")
    assert not [w for w in said if "LIN rs|" in str(w.message)]


def test_the_block_written_for_an_rs_entry_alone_the_computer_bid_is_laid_out_as_any_boards() -> None:
    # bid gave the closed room of rsonly.lin a block of qx, md and calls alone: no st, no ah, no pg, and
    # no sv where the number's vulnerability was the board's (trial 42's rsonly.lin)
    from dataclasses import replace

    from bridgetools.formats.replaced_play import with_replacements

    opened, closed = loads(RESULT_ALONE, "lin")
    bid = with_replacements(closed, replace(closed, auction=opened.auction, tricks=None))
    written = dumps([opened, bid], "lin")
    block = next(line for line in written.splitlines() if line.startswith("qx|c1|"))
    assert block.startswith("qx|c1|st||md|") and "|ah|Board 1|sv|o|" in block and block.endswith("pg||")
