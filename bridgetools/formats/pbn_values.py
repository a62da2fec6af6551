"""PBN's words for a board, as the reader and the writer both take them: the mandatory and player tags, a
call, a Deal value, a Note's value and the mark of bridgetools' alerts.

Writing PBN needs these and none of the reader (`pbn_read`), so they live here, below both: ``deal -o
x.pbn`` loads no reader.
"""

from __future__ import annotations

import functools

from bridgetools._lazy import lazy_compile
from bridgetools.errors import BridgeError, NotationError
from bridgetools.model import Call, Deal, Hand, Seat, parse_holding

MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
"""The Mandatory Tag Set of §3.4, in its export order."""

ALERTS_MARK = "(alerts as NAG $15; notes explain calls and cards)"
"""What bridgetools' ``%Creator`` line says after its version since a note reference became a call's or a
card's explanation alone and an alert the NAG $15, in words a reader of the file understands (docs/formats.md,
"Alerts and explanations"): a file whose ``%Creator`` names bridgetools without it or `CALLS_ALERTS_MARKS`
was written by an earlier bridgetools, which wrote every alerted call's explanation as a note and read a
note as an alert (unless its ``Unalerted`` tag listed it), so its notes are read as alerts."""
CALLS_ALERTS_MARKS = ("($15 alerts)", "(alerts as NAG $15; notes explain calls)")
"""The marks of a bridgetools that wrote a call's alert as $15 but an alerted card with no explanation as an
empty Note (``HK =1=``, ``[Note "1:"]``, before session 51): read as `ALERTS_MARK` but for those cards."""

NOTE_NUMBERS = range(1, 33)
"""The numbers a PBN note may have, in the auction and in the play (§3.5.2: ``=1=`` to ``=32=``)."""


PLAYER_TAGS = {"West": Seat.W, "North": Seat.N, "East": Seat.E, "South": Seat.S}
"""The player tags and their seats."""

_BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "N", "NT")]
CALLS_BY_TEXT: dict[str, Call] = {text: Call.parse(text) for text in ("P", "PASS", "X", "XX", *_BIDS)}
"""The usual spellings of calls, read once."""
SEAT_BY_TEXT = {seat.name: seat for seat in Seat}
_HOLDINGS: dict[str, int] = {}
DEAL_SHAPE = lazy_compile(r"[NESW]:(?:[AKQJT2-9]*\.){3}[AKQJT2-9]*(?: (?:[AKQJT2-9]*\.){3}[AKQJT2-9]*){3}")
"""A Deal value in the usual upper-case form, four hands of 13 cards or fewer, read quickly (`deal_of`)."""


@functools.lru_cache(maxsize=1024)
def deal_read(text: str) -> tuple[Deal, tuple[NotationError, ...]]:
    """The deal a PBN Deal value gives (`deal_of`), a hand that cannot be read unknown, and the problems
    of such hands (`Deal.read_pbn`); raises `BridgeError` for a deal not read at all."""
    if DEAL_SHAPE.fullmatch(text):
        try:
            return deal_of(text), ()
        except BridgeError:
            if all(len(hand) <= 13 + 3 for hand in text[2:].split(" ")):  # 13 cards and 3 dots
                raise  # a card in two hands: the deal is not read
            # a hand of 14 cards: read hand by hand, which keeps the others
    deal, bad = Deal.read_pbn(text)
    return deal, tuple(bad)


def deal_as_written(value: str, deal: Deal | None) -> bool:
    """Whether a Deal ``value`` with a hand that could not be read gives ``deal``, its other hands: kept
    and written back as written then (PBN -> PBN gives it back, as LIN keeps its md), not for a deal
    since changed."""
    try:
        read, bad = deal_read(value)
    except BridgeError:
        return False
    return bool(bad) and read == deal


@functools.lru_cache(maxsize=1024)
def deal_of(text: str) -> Deal:
    """A deal from a PBN Deal value: the usual upper-case four-hand form quickly (holdings cached,
    and the deal itself, immutable, for files that repeat it game after game), anything else
    through `Deal.from_pbn`, which explains what is wrong."""
    if not DEAL_SHAPE.fullmatch(text):
        return Deal.from_pbn(text)
    first = SEAT_BY_TEXT[text[0]]
    hands: list[Hand | None] = [None] * 4
    for i, hand in enumerate(text[2:].split(" ")):
        mask = 0
        for shift, holding in zip((39, 26, 13, 0), hand.split("."), strict=True):
            bits = _HOLDINGS.get(holding)
            if bits is None:
                bits = _HOLDINGS[holding] = parse_holding(holding)
            mask |= bits << shift
        hands[(first + i) % 4] = Hand(mask)
    return Deal(hands)


def call_of(text: str) -> Call:
    """A call from its PBN text (``1NT``, ``pass``, ``X``), quickly for the usual forms."""
    call = CALLS_BY_TEXT.get(text.upper())
    return call if call is not None else Call.parse(text)


def note_text(after_colon: str) -> str:
    """A Note's text: what follows ``n:`` less one space after the colon. The space is the writers'
    separator, not the note's: the standard's Schiphol example has ``[Note "1:non-forcing ..."]`` and
    the PBN verifier's own copy of that game ``[Note "1: non-forcing ..."]``; endplay writes ``1: ``. So
    ``1: Stayman`` explains a call as ``Stayman``, as BBO shows it from LIN (``an|Stayman|``)."""
    return after_colon[1:] if after_colon.startswith(" ") else after_colon


def note_value(number: int, text: str, kept: str | None = None) -> str:
    """The value of the Note tag holding ``text``: ``kept`` (the file's own spelling) when it holds the
    same text, else ``n:text``, with the separating space `note_text` takes off when the text itself
    starts with a space (a LIN ``an| 5+ !S|``), so it reads back whole."""
    written_number, _, after_colon = (kept or "").partition(":")
    if kept is not None and written_number.strip().isdecimal() and int(written_number) == number \
            and note_text(after_colon) == text:  # ``01:text`` and ``1 :text`` are note 1 too
        return kept
    return f"{number}:{' ' if text.startswith(' ') else ''}{text}"
