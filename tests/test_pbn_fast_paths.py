"""The PBN reader's quick paths (issue 9 item 20) give what the general ones give."""

from __future__ import annotations

from bridgetools.formats import loads
from bridgetools.formats.pbn_read import _all_pass, _holders
from bridgetools.model import PASS, Call, Card, Deal, Seat
from bridgetools.rules import Auction

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def probed(auction: Auction) -> list[str]:
    """The passes AP stands for, found by adding passes to a copy until the auction ends (at most three)."""
    probe = auction.copy()
    texts: list[str] = []
    while not probe.is_complete and len(texts) < 3:
        probe.add(PASS)
        texts.append("Pass")
    return texts or ["Pass"]


def test_all_pass_stands_for_the_passes_that_close_the_auction() -> None:
    prefixes = ["", "P", "P P", "P P P", "P P P P", "1C", "1C P", "1C P P", "1C X", "1C X XX P"]
    prefixes.append("P 1S 2H X P")
    for calls in prefixes:
        auction = Auction(Seat.N, [Call.parse(c) for c in calls.split()])
        assert _all_pass(auction) == probed(auction), calls


def test_a_plain_auction_reads_as_the_same_auction_with_a_note() -> None:
    head = f'[Dealer "N"]\n[Deal "{DEAL}"]\n[Auction "N"]\n'
    plain = loads(head + "1NT Pass 3NT AP\n", "pbn")[0]
    noted = loads(head + '1NT =1= Pass 3NT AP\n[Note "1:15-17"]\n', "pbn")[0]
    assert plain.auction is not None and noted.auction is not None
    assert plain.auction.calls == noted.auction.calls
    assert plain.contract == noted.contract and plain.issues == []


def test_the_holder_table_names_the_holder_of_every_card() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ - 5432.5432.5432.5 -")
    holders = _holders(deal)
    for index in range(52):
        card = Card.from_index(index)
        holder = deal.holder(card)
        assert holders[index] == (-1 if holder is None else int(holder)), card
