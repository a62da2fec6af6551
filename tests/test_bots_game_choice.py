"""Game choice in the fallback, third pass: 3NT rather than a minor game when every unbid suit is
stopped, and a major game found through the lengths the tables' meanings show."""

from __future__ import annotations

from test_bots_compete import _call


def test_with_the_unbid_suits_stopped_responder_bids_3nt_rather_than_five_of_openers_minor() -> None:
    assert _call(["1D", "P", "1S", "P", "3D", "P"], "QT64.KQ.K9.KT742") == "3NT"


def test_without_a_stopper_in_an_unbid_suit_responder_still_bids_five_of_openers_minor() -> None:
    assert _call(["1D", "P", "1S", "P", "3D", "P"], "QT64.82.K9.AKT74") == "5D"
