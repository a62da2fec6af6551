"""RBN's H line as written: South is left out only when it is the cards left beside three hands of 13, the
one fourth hand the reader fills; any other South is written, so a position or an uneven deal keeps it."""

from __future__ import annotations

import warnings

from bridgetools import Board, dumps, loads
from bridgetools.model import Deal


def _back_from_rbn(deal: str) -> tuple[str, Board]:
    """The RBN written for a board of ``deal`` (PBN's notation) and the board read back from it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = dumps([Board(number=1, deal=Deal.from_pbn(deal))], "rbn")
        return text, loads(text, "rbn")[0]


def test_a_position_written_to_rbn_keeps_south() -> None:
    text, back = _back_from_rbn("N:AKQ... JT9... 876... 543...")
    assert "H W:543...:AKQ...:JT9...:876...\n" in text
    assert back.deal == Deal.from_pbn("N:AKQ... JT9... 876... 543...")


def test_an_uneven_deal_written_to_rbn_keeps_south() -> None:
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 .5432.5432.5432"  # West 12, South 13
    _, back = _back_from_rbn(deal)
    assert back.deal == Deal.from_pbn(deal)


def test_a_full_deal_written_to_rbn_leaves_south_to_the_cards_left() -> None:
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    text, back = _back_from_rbn(deal)
    assert "H W:2.5432.5432.5432:AKQJ.AKQ.AKQ.AKQ:T987.JT9.JT9.JT9:\n" in text
    assert back.deal == Deal.from_pbn(deal)
