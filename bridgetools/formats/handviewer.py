"""BBO handviewer links: boards from a ``handviewer.html?lin=...`` URL (or a ``hv_popuplin('...')``
call from a BBO hand-record page) or from one giving the hands one by one (``n=``, ``e=``, ``s=``,
``w=``, ``d=``, ``v=``, ``b=``, ``a=``), and a URL for a board (formats.md §8.6).

The ``lin=`` form is written: it carries the whole board. The ``linurl=`` form points at a file on
BBO's server, which this module does not fetch.
"""

from __future__ import annotations

import io
import re
from urllib.parse import parse_qsl, quote, unquote, urlsplit

from bridgetools.board import Board
from bridgetools.errors import BridgeError
from bridgetools.formats import lin
from bridgetools.formats.lin_codes import VUL_LETTERS
from bridgetools.model import Seat

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
    parameters = dict(parse_qsl(query, keep_blank_values=True))
    if any(parameters.get(seat) for seat in _HAND_KEYS):
        return _lin_of_parameters(parameters)
    raise BridgeError(f"not a handviewer link with lin= or hands (n=, e=, s=, w=): {text[:60]!r}")


_HAND_KEYS = tuple(seat.name.lower() for seat in lin.LIN_SEATS)  # the order of a LIN ``md`` value
_HAND = re.compile(r"(?:[shdc][akqjt2-9]*)*", re.I)


def _lin_of_parameters(parameters: dict[str, str]) -> str:
    """The LIN text of a link giving the hands as ``n=``, ``e=``, ``s=``, ``w=`` (suit letters, each
    followed by its ranks), with ``d=`` dealer, ``v=`` vulnerability, ``b=`` board and ``a=`` calls."""
    hands = [_hand_parameter(key, parameters.get(key, "")) for key in _HAND_KEYS]
    dealer = _dealer_parameter(parameters.get("d", ""))
    pairs = [f"md|{dealer}{','.join(hands)}|"]
    if parameters.get("v"):
        pairs.append(f"sv|{_vulnerability_parameter(parameters['v'])}|")
    if parameters.get("b"):
        pairs.append(f"ah|Board {_board_parameter(parameters['b'])}|")
    pairs += [f"mb|{call}|" for call in _auction_parameter(parameters.get("a", ""))]
    return "".join(pairs)


def _hand_parameter(key: str, value: str) -> str:
    """A hand parameter as LIN writes it (``SAKQ2HKJ3DT98C432``), checked."""
    if not _HAND.fullmatch(value.strip()):
        raise BridgeError(f"handviewer link: {key}={value!r} is not a hand (expected suit letters s, h, d, c "
                          "each followed by its ranks, such as sakq2hkj3dt98c432)")
    try:
        lin.parse_lin_hand(value, Seat.parse(key))
    except BridgeError as e:
        raise BridgeError(f"handviewer link: {key}={value!r}: {e}") from None
    return value.strip().upper()


def _dealer_parameter(value: str) -> str:
    """The LIN dealer digit of a ``d=`` value (none when not given)."""
    if not value:
        return ""
    if value.strip().lower() not in _HAND_KEYS:
        raise BridgeError(f"handviewer link: d={value!r} is not a dealer (expected n, e, s or w)")
    return str(_HAND_KEYS.index(value.strip().lower()) + 1)


def _vulnerability_parameter(value: str) -> str:
    """The LIN ``sv`` value of a ``v=`` value: ``n``, ``e``, ``b``, or ``-``/``o``/``0`` for none, or any
    other spelling LIN's ``sv`` takes (``ns``, ``all``, ``both``, ``None``: `lin.parse_vul`)."""
    try:
        return VUL_LETTERS[lin.parse_vul(value)]
    except BridgeError:
        raise BridgeError(
            f"handviewer link: v={value!r} is not a vulnerability (expected n, e, b, or - / o / 0 for "
            "none; or NS, EW, All, Both, None)"
        ) from None


def _board_parameter(value: str) -> int:
    """The board number of a ``b=`` value."""
    if not value.strip().isdecimal() or int(value) < 1:
        raise BridgeError(f"handviewer link: b={value!r} is not a board number (expected 1, 2, ...)")
    return int(value)


def _auction_parameter(value: str) -> list[str]:
    """The calls of an ``a=`` value (``1sp2cp``: LIN's call letters run together), each as LIN writes it."""
    if not value.strip():
        return []
    try:
        calls, _ = lin.parse_calls(value)
    except BridgeError:
        raise BridgeError(f"handviewer link: a={value!r} is not an auction (expected calls run together, "
                          "p, d, r or a bid such as 1s or 3n: 1sp2cp)") from None
    return [str(call) for call in calls]


def read_url(url: str, strict: bool = False) -> list[Board]:
    """The board(s) of a handviewer URL."""
    return list(lin.read_boards(io.StringIO(lin_from_url(url)), "<handviewer>", strict))


def to_url(board: Board) -> str:
    """A handviewer URL that shows ``board`` (deal, auction with alerts, play, claim)."""
    return f"{HANDVIEWER}?lin={quote(lin.to_lin(board), safe='')}"


__all__ = ["HANDVIEWER", "is_handviewer", "lin_from_url", "read_url", "to_url"]
