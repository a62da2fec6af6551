"""BBO handviewer links: boards from a ``handviewer.html?lin=...`` URL (or a ``hv_popuplin('...')``
call from a BBO hand-record page), and a URL for a board (formats.md §8.6).

Only the ``lin=`` form is read and written: it carries the whole board. The ``linurl=`` form points
at a file on BBO's server, which this module does not fetch.
"""

from __future__ import annotations

import io
import re
from urllib.parse import parse_qsl, quote, unquote, urlsplit

from bridgetools.board import Board
from bridgetools.errors import BridgeError
from bridgetools.formats import lin

HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html"
_POPUP = re.compile(r"hv_popuplin\(\s*(['\"])(.*?)\1\s*\)", re.S)


def is_handviewer(text: str) -> bool:
    """Whether ``text`` is a handviewer URL (with ``lin=``, or another form `lin_from_url` names) or a
    ``hv_popuplin(...)`` call."""
    stripped = text.strip()
    return bool(_POPUP.search(stripped)) or (
        "handviewer" in stripped and ("lin=" in stripped or "linurl=" in stripped or "?" in stripped)
    )


def lin_from_url(url: str) -> str:
    """The LIN text a handviewer URL (or ``hv_popuplin('...')`` call) carries, percent-decoded.

    A ``+`` stays a plus (LIN uses it in results and explanations); spaces come as ``%20``.
    """
    text = url.strip()
    popup = _POPUP.search(text)
    if popup:
        return unquote(popup.group(2))
    query = urlsplit(text).query
    for key, value in parse_qsl(query.replace("+", "%2B"), keep_blank_values=True):
        if key == "lin":
            return value
        if key == "linurl":
            raise BridgeError(
                f"this handviewer link points at a file on BBO's server ({value}); "
                "download that file and read it as LIN"
            )
    given = sorted({key for key, _ in parse_qsl(query, keep_blank_values=True)})
    if given:  # the n=, s=, e=, w= (hands), d=, v=, b=, a= form: a deal string shows the hands
        raise BridgeError(f"a handviewer link giving {', '.join(f'{key}=' for key in given)}: only its lin= "
                          "form, which carries the whole board, is read; give the hands as a deal string "
                          "('N:AKQ2.KJ3.T98.432 ...') with --auction and --play")
    raise BridgeError(f"not a handviewer link with lin=: {text[:60]!r}")


def read_url(url: str, strict: bool = False) -> list[Board]:
    """The board(s) of a handviewer URL."""
    return list(lin.read_boards(io.StringIO(lin_from_url(url)), "<handviewer>", strict))


def to_url(board: Board) -> str:
    """A handviewer URL that shows ``board`` (deal, auction with alerts, play, claim)."""
    return f"{HANDVIEWER}?lin={quote(lin.to_lin(board), safe='')}"


__all__ = ["HANDVIEWER", "is_handviewer", "lin_from_url", "read_url", "to_url"]
