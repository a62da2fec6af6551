"""BBO handviewer links: ``lin=`` URLs and ``hv_popuplin('...')`` calls read; URLs written."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from bridgetools import Seat
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


def test_a_url_without_lin_is_refused() -> None:
    with pytest.raises(BridgeError, match="lin="):
        handviewer.read_url("https://www.bridgebase.com/tools/handviewer.html?n=sakq")


def test_a_written_url_has_every_bar_encoded() -> None:
    (board,) = lin.read_boards(SAMPLE.open(), "s")
    url = handviewer.to_url(board)
    assert url.startswith(handviewer.HANDVIEWER + "?lin=pn%7CPrinceBen%2C")
    assert "|" not in url and " " not in url
