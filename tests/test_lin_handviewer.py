"""BBO handviewer links: ``lin=`` URLs and ``hv_popuplin('...')`` calls read; URLs written."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest

from bridgetools import Seat, Vul
from bridgetools.errors import BridgeError
from bridgetools.formats import handviewer, lin

SAMPLE = Path(__file__).parent / "data" / "lin" / "bridge-bots__sample.lin"
TEXT = SAMPLE.read_text().strip()


def test_a_lin_url_reads_as_the_file_does() -> None:
    url = f"{handviewer.HANDVIEWER}?lin={quote(TEXT, safe='')}"
    assert handviewer.read_url(url) == list(lin.read_boards(SAMPLE.open(), "s"))


def test_a_plus_in_the_lin_stays_a_plus() -> None:
    url = f"{handviewer.HANDVIEWER}?lin=pn|a,b,c,d|md|3SA,,,|mb|1N|an|15-17%20with%205+%20minor|"
    (board,) = handviewer.read_url(url)
    assert board.auction is not None and board.auction.annotations[0].explanation == "15-17 with 5+ minor"


def test_a_popup_call_from_a_hand_record_page_is_read() -> None:
    call = "javascript:hv_popuplin('pn%7CAnn%2CBo%2CCy%2CDi%7Cst%7C%7Cmd%7C3SA%2C%2C%2C%7C')"
    (board,) = handviewer.read_url(call)
    assert board.players[Seat.S] == "Ann" and board.dealer is Seat.N


def test_a_linurl_link_is_refused_with_a_reason() -> None:
    with pytest.raises(BridgeError, match="download that file"):
        handviewer.read_url(f"{handviewer.HANDVIEWER}?bbo=y&linurl=https://x/vugraph_linfetch.php?id=1")


def test_a_url_without_lin_or_hands_is_refused() -> None:
    with pytest.raises(BridgeError, match="lin= or hands"):
        handviewer.read_url("https://www.bridgebase.com/tools/handviewer.html?d=n&b=7")


HANDS_URL = (f"{handviewer.HANDVIEWER}?n=sakq2hkj3dt98c432&e=sjt9haq2dkqjcakqj&s=s876ht98d765ct987"
             "&w=s543h7654da432c65&d=n&v=b&b=7&a=1sp2cp4sdrppp")


def test_a_link_giving_the_hands_one_by_one_reads_deal_board_dealer_vulnerability_and_auction() -> None:
    (board,) = handviewer.read_url(HANDS_URL)
    assert board.deal is not None and str(board.deal[Seat.N]) == "AKQ2.KJ3.T98.432"
    assert str(board.deal[Seat.W]) == "543.7654.A432.65"
    assert board.number == 7 and board.dealer is Seat.N and board.vulnerability is Vul.BOTH
    assert board.auction is not None
    calls = ["1S", "Pass", "2C", "Pass", "4S", "X", "XX", "Pass", "Pass", "Pass"]
    assert [str(call) for call in board.auction.calls] == calls


def test_a_link_giving_one_hand_reads_that_hand_alone() -> None:
    (board,) = handviewer.read_url(f"{handviewer.HANDVIEWER}?n=sakq2hkj3dt98c432&d=e&v=-&b=3")
    assert board.deal is not None and str(board.deal[Seat.N]) == "AKQ2.KJ3.T98.432"
    assert board.dealer is Seat.E and board.vulnerability is Vul.NONE and board.auction is None


@pytest.mark.parametrize(("given", "vulnerability"), [("-", Vul.NONE), ("o", Vul.NONE), ("ns", Vul.NS),
                                                      ("e", Vul.EW), ("all", Vul.BOTH)])
def test_a_hands_link_s_vulnerability_is_read_as_lin_s_sv_is(given: str, vulnerability: Vul) -> None:
    (board,) = handviewer.read_url(f"{handviewer.HANDVIEWER}?n=sakq2hkj3dt98c432&v={given}")
    assert board.vulnerability is vulnerability


@pytest.mark.parametrize(
    ("parameters", "message"),
    [
        ("n=sakq2x", "n='sakq2x' is not a hand"),
        ("n=sakq&d=q", "d='q' is not a dealer"),
        ("n=sakq&v=z", "v='z' is not a vulnerability (expected n, e, b, or - / o / 0 for none; or NS, EW, "
                       "All, Both, None)"),
        ("n=sakq&b=0", "b='0' is not a board number"),
        ("n=sakq&b=%C2%B2", "b='²' is not a board number"),  # a digit to isdigit, no number to int
        ("n=sakq&a=1sp9c", "a='1sp9c' is not an auction"),
    ],
)
def test_a_bad_parameter_of_a_hands_link_is_named(parameters: str, message: str) -> None:
    with pytest.raises(BridgeError, match=f"^handviewer link: {re.escape(message)}"):
        handviewer.read_url(f"{handviewer.HANDVIEWER}?{parameters}")


def test_a_written_url_has_every_bar_encoded() -> None:
    (board,) = lin.read_boards(SAMPLE.open(), "s")
    url = handviewer.to_url(board)
    assert url.startswith(handviewer.HANDVIEWER + "?lin=pn%7CPrinceBen%2C")
    assert "|" not in url and " " not in url
