"""The auction as the Laws run it (18-22): whose turn, which calls are legal, and the contract."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Iterator, Sequence
from operator import attrgetter

from bridgetools._lazy import lazy_compile
from bridgetools.errors import BridgeError, IllegalCallError
from bridgetools.model.calls import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Annotation,
    Bid,
    Call,
    Contract,
    Penalty,
)
from bridgetools.model.cards import Seat, Side, Strain

_SEATS = tuple(Seat)
_ALL_PASS = lazy_compile(r"\ball\s+pass\b", re.IGNORECASE)
"""``all pass`` as typed in an auction string: read as ``AP``."""
_NAMED_CODES = {PASS: 0, DOUBLE: 1, REDOUBLE: 2}
"""The codes of pass, double and redouble in `Auction.codes` (a bid's is 3 + `Bid.index`)."""
_CONTRACTS = tuple(Contract(bid.level, bid.strain, penalty) for bid in ALL_BIDS for penalty in Penalty)
"""Every contract a bid can give, at 3 * `Bid.index` + its `Penalty` (contracts are immutable, and
making one checks its parts)."""


class Auction:
    """The calls of one auction from ``dealer``; every call is checked as it is added.

    ``Auction(Seat.N, ["1S", "P", "4S", "P", "P", "P"]).contract`` is ``4S`` and ``.declarer`` ``N``;
    the dealer may be a letter and the calls one string, ``Auction("N", "1S P 4S P P P")``; ``AP`` or
    ``all pass`` in the calls passes to the end (``Auction("N", "1S AP")``).
    """

    __slots__ = (
        "_annotations", "_calls", "_codes", "_doubled", "_last_bid", "_last_bid_seat", "_outcome", "dealer",
    )

    def __init__(
        self,
        dealer: Seat | str,
        calls: Iterable[Call | str] = (),
        annotations: Iterable[Annotation | None] | None = None,
    ) -> None:
        self.dealer = Seat.parse(dealer)
        self._calls: list[Call] = []
        self._codes = bytearray()  # the code of each call of ``_calls``: see `codes`
        self._annotations: list[Annotation | None] = []
        self._last_bid: Bid | None = None
        self._last_bid_seat: Seat | None = None
        self._doubled = Penalty.UNDOUBLED
        self._outcome: tuple[Contract, Seat | None] | None = None  # see `_settled`
        notes = list(annotations) if annotations is not None else []
        if isinstance(calls, str):  # "1N P 2C": calls separated by spaces, not the characters of a string
            calls = _ALL_PASS.sub("AP", calls).split()
        given = 0
        for given, call in enumerate(calls, 1):
            if isinstance(call, str) and call.strip().upper() == "AP":
                self.pass_to_the_end()
                continue
            self.add(call, notes[given - 1] if given <= len(notes) else None)
        if any(notes[given:]):  # an annotation with no call to go on would be lost without a word
            raise BridgeError(f"{len(notes)} annotations for {given} calls: one past the last call has no "
                              "call to go with")

    # State --------------------------------------------------------------------------------
    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(self._calls)

    @property
    def codes(self) -> bytes:
        """The calls as one byte each: 0 pass, 1 double, 2 redouble, 3 + `Bid.index` for a bid (1C is 3,
        7NT 37): the compact form exports read, kept as the calls are made."""
        return bytes(self._codes)

    @property
    def annotations(self) -> tuple[Annotation | None, ...]:
        """One entry per call: its alert, explanation, note reference and NAGs, or None."""
        return tuple(self._annotations)

    def __len__(self) -> int:
        return len(self._calls)

    def __iter__(self) -> Iterator[Call]:
        return iter(self._calls)

    @property
    def turn(self) -> Seat:
        """The seat whose turn it is to call."""
        return self.dealer.offset(len(self._calls))

    def seat_of(self, index: int) -> Seat:
        """Who made call number ``index`` (0 = the dealer's first call)."""
        return self.dealer.offset(index)

    @property
    def is_complete(self) -> bool:
        """Three passes after any call, or four passes at the start (a pass-out): either way, at least
        four calls, the last three of them passes."""
        calls = self._calls
        return len(calls) >= 4 and calls[-1] is PASS and calls[-2] is PASS and calls[-3] is PASS

    @property
    def is_passed_out(self) -> bool:
        return self.is_complete and self._last_bid is None

    # Legality -----------------------------------------------------------------------------
    def why_illegal(self, call: Call | str) -> str | None:
        """The rule that ``call`` (a `Call` or its string, as `add` takes it) would break now, or None when it
        is legal."""
        if not isinstance(call, Call):
            call = Call.parse(call)  # a string read as no call would pass every test below as a pass
        if self.is_complete:
            return "the auction is over (Law 22A)"
        if isinstance(call, Bid):
            if self._last_bid is not None and call.index <= self._last_bid.index:
                return (
                    f"insufficient bid: {call} does not supersede {self._last_bid}; a bid must name more "
                    "tricks, or as many in a higher strain (Law 18B, Law 18D; rectified by Law 27)"
                )
            return None
        if call is DOUBLE:
            if self._last_bid is None:
                return "nothing to double: no bid has been made (Law 19A1)"
            assert self._last_bid_seat is not None
            if self._last_bid_seat.side == self.turn.side:
                return (
                    f"cannot double {self._last_bid}: it was made by your own side, not an opponent "
                    "(Law 19A1)"
                )
            if self._doubled:
                return (
                    f"cannot double {self._last_bid}: it is already doubled; only the last bid, undoubled, "
                    "with nothing but passes since, may be doubled (Law 19A1)"
                )
            return None
        if call is REDOUBLE:
            if self._doubled is Penalty.REDOUBLED:
                return f"cannot redouble {self._last_bid}: it is already redoubled (Law 19B1)"
            if self._doubled is not Penalty.DOUBLED:
                return "nothing to redouble: the last bid has not been doubled (Law 19B1)"
            assert self._last_bid_seat is not None
            if self._last_bid_seat.side != self.turn.side:
                return (
                    "cannot redouble your own side's double: only the side whose bid was doubled may "
                    "(Law 19B1)"
                )
            return None
        return None  # a pass is always legal while the auction lasts

    def is_legal(self, call: Call | str) -> bool:
        return self.why_illegal(Call.parse(call)) is None

    def legal_calls(self) -> list[Call]:
        """Every call the player in turn may make: pass, double, redouble, then bids upwards (the
        bids are those above the last bid, so only the three others are checked one by one)."""
        if self.is_complete:
            return []
        calls = [c for c in (PASS, DOUBLE, REDOUBLE) if self.why_illegal(c) is None]
        start = 0 if self._last_bid is None else self._last_bid.index + 1
        return calls + list(ALL_BIDS[start:])

    def add(self, call: Call | str, annotation: Annotation | None = None) -> None:
        """Make ``call`` for the player in turn; raises `IllegalCallError` naming the rule broken."""
        parsed = Call.parse(call)
        why = self.why_illegal(parsed)
        if why is not None:
            seat = None if self.is_complete else self.turn  # none is due after the end
            who = "" if seat is None else f" by {seat.full_name}"
            raise IllegalCallError(f"illegal call {parsed}{who} (call {len(self) + 1}): {why}",
                                   parsed, seat, len(self) + 1, why)
        self._push(parsed)
        self._annotations.append(annotation if annotation else None)

    def pass_to_the_end(self) -> None:
        """All pass (PBN's ``AP``): passes until the auction is over, four at the start (a pass-out) or
        three after the last call; an `IllegalCallError` when it is over already."""
        self.add(PASS)
        while not self.is_complete:
            self.add(PASS)

    def _push(self, call: Call) -> None:
        """Record a checked call: a bid becomes the last bid, undoubled; a double or redouble
        doubles it."""
        if isinstance(call, Bid):
            self._last_bid, self._last_bid_seat, self._doubled = call, self.turn, Penalty.UNDOUBLED
            self._codes.append(3 + call.index)
        else:
            if call is DOUBLE:
                self._doubled = Penalty.DOUBLED
            elif call is REDOUBLE:
                self._doubled = Penalty.REDOUBLED
            self._codes.append(_NAMED_CODES[call])
        self._calls.append(call)
        self._outcome = None

    def add_calls_if_legal(self, calls: Sequence[Call]) -> bool:
        """Make ``calls`` in turn when every one is legal, checked as `why_illegal` states the rules
        (Laws 18B, 19, 22A) in one pass; else make none and return False (`add` then says which rule
        a call breaks). For readers of whole auctions."""
        made = self._calls
        last_bid, doubled = self._last_bid, self._doubled
        last_seat = -1 if self._last_bid_seat is None else int(self._last_bid_seat)
        seat = (int(self.dealer) + len(made)) % 4
        codes = bytearray()
        trailing = 0  # passes ending the calls so far
        while trailing < min(len(made), 3) and made[-1 - trailing] is PASS:
            trailing += 1
        total = len(made)
        for call in calls:
            if trailing >= 3 and total >= 4:
                return False  # the auction is over
            if call is PASS:
                trailing += 1
                codes.append(0)
            elif isinstance(call, Bid):
                index = call.index
                if last_bid is not None and index <= last_bid.index:
                    return False
                last_bid, last_seat, doubled, trailing = call, seat, Penalty.UNDOUBLED, 0
                codes.append(3 + index)
            elif call is DOUBLE:
                if last_bid is None or (last_seat - seat) % 2 == 0 or doubled:
                    return False
                doubled, trailing = Penalty.DOUBLED, 0
                codes.append(1)
            elif call is REDOUBLE:
                if doubled is not Penalty.DOUBLED or (last_seat - seat) % 2:
                    return False
                doubled, trailing = Penalty.REDOUBLED, 0
                codes.append(2)
            else:
                return False
            seat = (seat + 1) % 4
            total += 1
        made.extend(calls)
        self._codes += codes
        self._outcome = None
        self._annotations.extend([None] * len(calls))
        self._last_bid, self._doubled = last_bid, doubled
        self._last_bid_seat = None if last_seat < 0 else _SEATS[last_seat]
        return True

    def undo(self) -> Call:
        """Take back the last call (its annotation too) and return it; the auction is as it was
        before it. Raises `IllegalCallError` when no call has been made."""
        if not self._calls:
            raise IllegalCallError("no call has been made: nothing to undo")
        calls = self._calls
        last = calls.pop()
        self._annotations.pop()
        self._calls = []
        self._codes = bytearray()
        self._last_bid, self._last_bid_seat, self._doubled = None, None, Penalty.UNDOUBLED
        self._outcome = None
        for call in calls:  # the calls were checked when made; auctions are short
            self._push(call)
        return last

    def copy(self) -> Auction:
        """An independent auction with the same calls and annotations."""
        new = Auction(self.dealer)
        new._calls = list(self._calls)
        new._codes = bytearray(self._codes)
        new._annotations = list(self._annotations)
        new._last_bid, new._last_bid_seat, new._doubled = self._last_bid, self._last_bid_seat, self._doubled
        return new

    def annotate(self, index: int, annotation: Annotation | None) -> None:
        """Replace the annotation of call ``index``."""
        if not 0 <= index < len(self._calls):
            raise IndexError(f"no call {index} in an auction of {len(self._calls)} calls")
        self._annotations[index] = annotation if annotation else None

    # Outcome ------------------------------------------------------------------------------
    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is complete; None while it goes on or when passed
        out (see `final_contract` for a contract that is `Contract.PASSED_OUT` then)."""
        return self.current_contract if self.is_complete else None

    @property
    def final_contract(self) -> Contract | None:
        """As `contract`, but `Contract.PASSED_OUT` for a passed-out auction."""
        if not self.is_complete:
            return None
        return self._settled()[0]

    @property
    def current_contract(self) -> Contract | None:
        """The contract if the auction stopped now (highest bid and its doubling), or None."""
        if self._last_bid is None:
            return None
        return _CONTRACTS[3 * self._last_bid.index + self._doubled]

    @property
    def declarer(self) -> Seat | None:
        """The first player of the side that made the final bid to name its strain (Law 22)."""
        if not self.is_complete:
            return None
        return self._settled()[1]

    def _settled(self) -> tuple[Contract, Seat | None]:
        """The final contract and declarer of the complete auction, worked out once: readers and a
        board's derived contract and declarer ask for them again and again, and a complete auction
        changes only by `undo` (which forgets them, as every call made does)."""
        if self._outcome is None:
            declarer = None
            if self._last_bid is not None and self._last_bid_seat is not None:
                declarer = self.first_to_name(self._last_bid.strain, self._last_bid_seat.side)
            self._outcome = (self.contract or Contract.PASSED_OUT, declarer)
        return self._outcome

    def first_to_name(self, strain: Strain, side: Side | str) -> Seat | None:
        """The first player of ``side`` to bid ``strain`` in this auction, if any. (``"NS"``/``"EW"``
        still work for one release, with a DeprecationWarning.)"""
        if not isinstance(side, Side):
            warnings.warn(
                "first_to_name('NS'/'EW'): pass Side.NS or Side.EW", DeprecationWarning, stacklevel=2
            )
            side = Side.parse(side)
        dealer, calls = int(self.dealer), self._calls
        for i in range((int(side is Side.EW) - dealer) % 2, len(calls), 2):  # the side's calls
            call = calls[i]
            if isinstance(call, Bid) and call.strain == strain:
                return _SEATS[(dealer + i) % 4]
        return None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Auction)
            and self.dealer == other.dealer
            and self._calls == other._calls
            and self._annotations == other._annotations
        )

    def __repr__(self) -> str:
        calls = ", ".join(repr(str(c)) for c in self._calls)
        return f"Auction(Seat.{self.dealer.name}, [{calls}])"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self._calls)


_RECORD = attrgetter("dealer", "_codes", "_annotations")


def auction_records(
    auctions: Iterable[Auction],
) -> Iterator[tuple[Seat, bytes | bytearray, Sequence[Annotation | None]]]:
    """For bulk readers (the export): each auction's dealer, its calls as `Auction.codes` gives them and
    its annotations (one entry per call), read by one C loop with no copy. Use each record before its
    auction changes."""
    return map(_RECORD, auctions)
