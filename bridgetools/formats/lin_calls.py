"""LIN's calls: an ``mb`` value read as calls, and the contract an auction gives past one that cannot be read.

An ``mb`` whose value is no call (``mb|zz|``, ``mb|1Q|``) still took its player's turn: the calls after it
are the next players', so they cannot move up into its place (the seats would shift, and with them the
declarer). The reader keeps the auction's legal start in the model and the calls from the unreadable one on
as written (`bridgetools.formats.lin_codes.LinRecord`), and reads the contract they give whatever the
unread call was: each legal call in its place that makes the written calls after it a legal, finished
auction gives a contract and declarer; when they all give the same one (the opening lead, made by
declarer's left-hand opponent, telling declarers apart) the board has it, and its play is read in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from bridgetools.errors import BridgeError
from bridgetools.model import Call, Card, Contract, Deal, Seat
from bridgetools.rules import Auction

_PACKED_CALL = re.compile(r"[1-7](?:nt|[cdhsn])|xx|p|d|r|x", re.I)

LONGEST_CALL = 3
"""The most characters one call takes in an ``mb`` value (``1NT``, ``2S!``): a longer value that cannot be
read may be a lesson's packed calls (``1nzzp``), so how many turns it took is unknown."""

MOST_UNREAD = 2
"""The most calls that cannot be read an auction is read past: each is tried as every legal call."""

Outcome = tuple[Contract, Seat | None]
"""A contract and its declarer (None when passed out)."""


def parse_calls(value: str) -> tuple[list[Call], bool]:
    """The call(s) of an ``mb`` value and whether it is alerted (a trailing ``!``).

    Lesson files pack several calls into one value (``1nppp``); raises `BridgeError` otherwise.
    """
    calls, alert = _calls_placed(value)
    return [call for call, _ in calls], alert


def call_columns(value: str) -> list[int]:
    """Where each call of an ``mb`` value that `parse_calls` reads starts in it, counted from 0: its first
    character, or each packed lesson call's (``1nppp``: 0, 2, 3, 4), so a problem is placed at the call."""
    calls, _ = _calls_placed(value)
    return [column for _, column in calls]


def _calls_placed(value: str) -> tuple[list[tuple[Call, int]], bool]:
    """The call(s) of an ``mb`` value, each with where it starts in the value (from 0), and whether it is
    alerted: one reading serves the calls (`parse_calls`) and their places (`call_columns`)."""
    start = len(value) - len(value.lstrip())
    text = value.strip()
    alert = text.endswith("!")
    text = text.rstrip("!").strip()
    try:
        return [(Call.parse(text), start)], alert
    except BridgeError:
        pass
    tokens = list(_PACKED_CALL.finditer(text))
    if not tokens or "".join(m.group() for m in tokens).lower() != text.lower():
        raise BridgeError(f"not a call: {value!r} (expected p, d, r or a bid such as 1S or 3N)")
    return [(Call.parse(m.group()), start + m.start()) for m in tokens], alert


def is_one_call(value: str) -> bool:
    """Whether an ``mb`` value that cannot be read took one turn: it is no longer than a call."""
    return len(value.strip()) <= LONGEST_CALL


def calls_as_written(values: Iterable[str]) -> list[Call | None] | None:
    """The calls of ``mb`` values kept as written, None for each one that cannot be read (`is_one_call`);
    None when a value that cannot be read may hold several calls."""
    calls: list[Call | None] = []
    for value in values:
        try:
            calls += parse_calls(value)[0]
        except BridgeError:
            if not is_one_call(value):
                return None
            calls.append(None)
    return calls


def outcomes_past_unread(auction: Auction, after: Sequence[Call | None], deal: Deal | None,
                         lead: Card | None, played: bool) -> list[Outcome]:
    """The contracts and declarers of the finished, legal auctions that ``auction`` and the calls ``after``
    it (None: a call that cannot be read, tried as every legal call) can be; with a play (``played``) not
    passed out, and with an opening ``lead`` from a known hand only those whose declarer's left-hand
    opponent holds it. None found when more than `MOST_UNREAD` calls cannot be read."""
    if sum(call is None for call in after) > MOST_UNREAD:
        return []
    found = list(dict.fromkeys((a.final_contract, a.declarer) for a in _endings(auction, after)))
    outcomes = [(contract, declarer) for contract, declarer in found
                if contract is not None and not (played and contract.is_passed_out)]
    leader = deal.holder(lead) if deal is not None and lead is not None else None
    if leader is not None:
        outcomes = [(contract, declarer) for contract, declarer in outcomes
                    if declarer is not None and declarer.lho is leader]
    return outcomes


def contract_of_calls(auction: Auction | None, after: Sequence[Call | None] | None, deal: Deal | None,
                      lead: Card | None, played: bool) -> Outcome | tuple[None, None]:
    """The contract and declarer a LIN reader reads from a board's calls, which its writer must know it
    reads (one rule for both): the finished ``auction``'s; else, past a call that cannot be read (``after``,
    the calls as written from it on, `calls_as_written`), the one `outcomes_past_unread` leaves; else
    none (calls kept after an illegal one give none)."""
    if auction is not None and auction.is_complete:
        return auction.final_contract or Contract.PASSED_OUT, auction.declarer
    if auction is None or not after or after[0] is not None:
        return None, None
    outcomes = outcomes_past_unread(auction, after, deal, lead, played)
    return outcomes[0] if len(outcomes) == 1 else (None, None)


def _endings(auction: Auction, after: Sequence[Call | None]) -> Iterator[Auction]:
    """Each finished, legal auction made of ``auction`` and the calls ``after``, each None any legal call."""
    unread = next((i for i, call in enumerate(after) if call is None), len(after))
    known = [call for call in after[:unread] if call is not None]
    start = auction.copy()
    if not start.add_calls_if_legal(known):
        return
    if unread == len(after):
        if start.is_complete:
            yield start
        return
    for call in start.legal_calls():
        tried = start.copy()
        tried.add(call)
        yield from _endings(tried, after[unread + 1:])


NAMED = 4
"""The most contracts a message names: past that, how many more."""


def outcomes_named(outcomes: Sequence[Outcome]) -> str:
    """``4H by North or 4H by South`` (past `NAMED`, ``... or 23 others``); ``none`` when there is none."""
    named = [f"{contract} by {declarer.full_name}" if declarer is not None else str(contract)
             for contract, declarer in outcomes[:NAMED]]
    if len(outcomes) > NAMED:
        named.append(f"{len(outcomes) - NAMED} others")
    return " or ".join(named) or "none"
