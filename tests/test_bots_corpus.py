"""The expected-call corpus (tests/data/bidding/*.txt): each hand in each auction makes the call the
system's documented rules give, and the bidder's explanation of that call allows the hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetools.bots import Bidder
from bridgetools.model import Call, Hand, Seat
from bridgetools.rules import Auction

DATA = Path(__file__).parent / "data" / "bidding"


def _cases() -> list[tuple[str, str, str, str]]:
    cases = []
    for path in sorted(DATA.glob("*.txt")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            calls, hand, expected = (part.strip() for part in line.split("|"))
            cases.append((f"{path.name}:{number}", calls, hand, expected))
    return cases


CASES = _cases()
BIDDER = Bidder()


def test_the_corpus_holds_at_least_150_cases() -> None:
    assert len(CASES) >= 150


@pytest.mark.parametrize(("where", "calls", "hand", "expected"), CASES, ids=[c[0] for c in CASES])
def test_expected_call_and_its_explanation(where: str, calls: str, hand: str, expected: str) -> None:
    auction = Auction(Seat.N, [] if calls == "-" else calls.split())
    h = Hand.from_pbn(hand)
    call = BIDDER.call(auction, h)
    why = BIDDER.explain(auction, call)
    assert str(call) == str(Call.parse(expected)), f"{where}: {calls} with {hand}: {why}"
    assert BIDDER.explain(auction, call).allows(h)
