"""An RBN comment stands between two lines of a record, after the line it belongs to: the writer keeps each
comment's place where a line says it (with the heading, after the auction, before the opening lead, after
the play) and names the place it cannot say; RBN -> RBN keeps a comment between the lines it was between."""

from __future__ import annotations

import warnings

import pytest

from bridgetools import dumps, loads
from bridgetools.formats._commentary import commentary_places
from bridgetools.formats._places import BEFORE, HEADING

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
