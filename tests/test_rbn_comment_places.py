"""An RBN comment stands between two lines of a record, after the line it belongs to: the writer keeps each
comment's place where a line says it (with the heading, after the auction, before the opening lead, after
the play) and names the place it cannot say; RBN -> RBN keeps a comment between the lines it was between."""

from __future__ import annotations

import warnings
from dataclasses import replace

import pytest

from bridgetools import Board, dumps, loads
from bridgetools.board.leftovers import record_type
from bridgetools.formats import RECORD_OWNERS, format_module, record_owner
from bridgetools.formats._commentary import commentary_places
from bridgetools.formats._places import AFTER_PLAY, BEFORE, HEADING
from bridgetools.formats.replaced_play import OWN_AUCTION_HEADING, OWN_PLAY_HEADING, with_replacements
from bridgetools.rules import Auction, Play

RBN = """E x
B 7
H W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:
A NB:1SP2SA
{after the auction}
C 2S:N
P HA843
R 8
"""
PBN = """[Event "x"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.AKQ.AKQJ 8765.T987.J76.T9 43.654.5432.8765"]
[Declarer "E"]
[Contract "3NT"]
[Result "9"]
{with the heading}
[Auction "N"]
Pass 3NT Pass Pass
Pass {all pass}
[Play "S"]
S8 S3 SA SJ {first trick}
*
"""


def _written(boards: object, fmt: str) -> tuple[str, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = dumps(boards, fmt)  # type: ignore[arg-type]
    return text, [str(w.message) for w in caught]


def test_rbn_to_rbn_keeps_a_comment_between_the_lines_it_was_between() -> None:
    text, said = _written(loads(RBN, "rbn"), "rbn")
    assert text == RBN
    assert said == []


def test_a_comment_before_the_record_and_after_its_heading_stay_there() -> None:
    rbn = "{intro}\n" + RBN.replace("A NB", "{heading}\nA NB")
    text, _ = _written(loads(rbn, "rbn"), "rbn")
    assert text == rbn


def test_an_rbn_comment_after_the_auction_is_placed_after_its_last_call_for_other_formats() -> None:
    (board,) = loads(RBN, "rbn")
    assert commentary_places(board, besides="lin") == [("call", 5)]
    assert "mb|p|nt|after the auction|pg||" in dumps([board], "lin")


def test_an_rbn_comment_before_the_record_and_with_the_heading_is_placed_so() -> None:
    (board,) = loads("{intro}\n" + RBN.replace("A NB", "{heading}\nA NB"), "rbn")
    assert commentary_places(board, besides="pbn")[:2] == [BEFORE, HEADING]


def test_pbn_comments_after_the_last_call_and_card_and_with_the_heading_keep_their_place_in_rbn() -> None:
    text, said = _written(loads(PBN, "pbn"), "rbn")
    lines = text.splitlines()
    assert lines[lines.index("{with the heading}") + 1].startswith("A ")
    assert lines[lines.index("{all pass}") - 1].startswith("A ")
    assert lines[lines.index("{first trick}") - 1].startswith("P ")
    assert not any("commentary" in s for s in said)


def test_a_pbn_comment_after_a_call_rbn_cannot_say_is_named_as_its_place_lost() -> None:
    text, said = _written(loads(PBN.replace("3NT Pass", "3NT {nice jump} Pass"), "pbn"), "rbn")
    assert "{nice jump}" in text
    assert any("RBN has no place for commentary's place in the auction (1 board)" in s for s in said)


def test_a_pbn_comment_after_a_card_rbn_cannot_say_is_named_as_its_place_lost() -> None:
    _, said = _written(loads(PBN.replace("S3 SA", "S3 {low} SA"), "pbn"), "rbn")
    assert any("commentary's place in the play (1 board)" in s for s in said)


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_rbn_to_another_format_and_back_keeps_the_comments_place(fmt: str) -> None:
    text, _ = _written(loads(RBN, "rbn"), fmt)
    back, _ = _written(loads(text, fmt), "rbn")
    assert "A NB:1SP2SA\n{after the auction}\nC 2S:N\n" in back  # (LIN has no place for the E line)


def test_an_rbn_comments_place_comes_back_through_json() -> None:
    text, _ = _written(loads(RBN, "rbn"), "json")
    back, _ = _written(loads(text, "json"), "rbn")
    assert back == RBN


PLAYED = """{before the record}
E x
B 7
{with the heading}
H W:543.7654.A432.65:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:
A NB:1SP2SA
{after the auction}
C 2S:N
P HA843
{about the HA}
R 8
"""


def _replaced(rbn: str, calls: list[str] | None = None) -> Board:
    """The board of ``rbn`` with the computer's play (its first legal lead but the file's), or with the
    computer's auction ``calls`` and no play."""
    own = loads(rbn, "rbn")[0]
    assert own.deal is not None and own.play is not None and own.dealer is not None
    if calls is not None:
        return with_replacements(own, replace(own, auction=Auction(own.dealer, calls=calls), play=None))
    play = Play(own.deal, own.contract, own.declarer)
    play.add(next(card for card in play.legal_cards() if card != own.play.cards[0]))
    return with_replacements(own, replace(own, play=play))


def test_an_rbn_comment_on_a_play_the_computer_replaced_is_moved_after_its_play_naming_the_card() -> None:
    board = _replaced(PLAYED)
    text, _ = _written([board], "rbn")
    moved = f"{OWN_PLAY_HEADING}\nafter trick 1, N's H3: about the HA"
    assert board.commentary[-1] == moved
    assert "\n{about the HA}\n" not in text
    assert commentary_places(board, besides="pbn")[-1] == ("card", 0)  # the computer's only card
    lines = text.splitlines()
    assert lines[[line[:2] for line in lines].index("P ") + 1] == "{" + OWN_PLAY_HEADING


def test_rbn_comments_on_an_auction_the_computer_replaced_are_moved_and_the_others_keep_their_lines() -> None:
    board = _replaced(PLAYED, ["1S", "P", "3S", "P", "P", "P"])
    text, said = _written([board], "rbn")
    assert text.startswith("{before the record}\nE x\nB 7\n{with the heading}\nH ")
    assert ("A NB:1SP3SA\n{" + OWN_AUCTION_HEADING + "\nafter E's Pass: after the auction}\n") in text
    assert not any("place" in warning for warning in said)


def test_a_comment_after_a_heading_line_the_record_before_gave_stays_with_the_heading() -> None:
    rbn = RBN + "\nE x\n{after the event}\nB 8\n" + RBN.split("\n", 2)[2].replace("1SP2SA", "P1SP2SA")
    text, _ = _written(loads(rbn, "rbn"), "rbn")
    second = text.split("\n\n")[1]
    assert second.startswith("B 8\nH ") and "\n{after the event}\nA " in second


def test_an_rbn_comments_place_follows_the_board_when_its_play_changes() -> None:
    board = loads(PLAYED, "rbn")[0]
    assert board.play is not None
    board.play.undo()
    assert commentary_places(board, besides="pbn")[-1] == ("card", 2)


@pytest.mark.parametrize("through", [[], ["json"]])
def test_an_at_sign_in_an_rbn_comment_is_text_written_back_as_it_was(through: list[str]) -> None:
    rbn = RBN.replace("{after the auction}", "{mail me@sam.com or lead @s}")
    boards = loads(rbn, "rbn")
    for fmt in through:
        boards = loads(_written(boards, fmt)[0], fmt)
    text, said = _written(boards, "rbn")
    assert text == rbn
    assert said == []


def test_a_record_kept_under_another_name_is_registered_by_the_format_that_owns_it() -> None:
    for name, owner in RECORD_OWNERS.items():
        format_module(owner)
        assert record_type(name) is not None
    assert record_owner("rbn_notes") is None  # a format's name before "_" is no owner
    assert record_owner("pbn") == "pbn"


@pytest.mark.parametrize("fmt", ["pbn", "lin", "json"])
def test_an_rbn_comment_after_the_result_stays_after_it_through_another_format(fmt: str) -> None:
    # RBN -> PBN -> RBN moved `{after the result}` before `R 8`, with no word
    rbn = RBN.replace("P HA843\n", "P HA843\n{after the play}\n") + "{after the result}\n"
    (board,) = loads(rbn, "rbn")
    assert commentary_places(board, besides="pbn")[1:] == [("card", 3), AFTER_PLAY]
    back, _ = _written(loads(dumps([board], fmt), fmt), "rbn")
    assert back.endswith("P HA843\n{after the play}\nR 8\n{after the result}\n")  # (LIN has no E line)
