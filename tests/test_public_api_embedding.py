"""The library as a program embedding it meets it: readable signatures, reproducible seeded players, errors
that are all `BridgeError`s, warnings it can filter, pointing at its own calls."""

from __future__ import annotations

import inspect
import io
import types
import warnings
from collections.abc import Callable
from typing import Any

import pytest

import bridgetools as bt
from bridgetools.bots.system import ALL_RULES

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
SIGNATURE_AT_MOST = 2000
"""The longest signature help() and an editor's hover show in a few lines (Board's, the longest, ~850)."""


def _public_callables() -> list[tuple[str, Any]]:
    """Every public name that has a signature, and the methods of the public classes."""
    found = []
    for name in bt.__all__:
        value = getattr(bt, name)
        found.append((name, value))
        if isinstance(value, type):
            found += [(f"{name}.{attr}", getattr(value, attr)) for attr in vars(value)
                      if not attr.startswith("_") or attr == "__init__"]
    return [(name, value) for name, value in found if callable(value)]


def _signature_length(value: Any) -> int:
    try:
        return len(str(inspect.signature(value)))
    except (TypeError, ValueError):  # a builtin or an enum member without one
        return 0


def test_no_public_signature_is_too_long_to_read() -> None:
    # Bidder's default rule table rendered whole: 471 kB in its signature, help(bt) 1.1 MB
    lengths = {name: _signature_length(value) for name, value in _public_callables()}
    assert {name: n for name, n in lengths.items() if n > SIGNATURE_AT_MOST} == {}


def test_a_bidder_given_none_for_its_rules_bids_by_the_system_s_tables() -> None:
    assert bt.Bidder(None).rules is ALL_RULES


def test_a_seeded_card_player_plays_the_same_however_slow_the_machine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("endplay")
    from bridgetools.bots import play as play_module

    play = bt.Play(bt.Deal.from_pbn(DEAL), "3NT", "E", ["S8", "S3", "S2", "S9"])
    calm = bt.CardPlayer(seed=1, samples=5).card(play)
    ticks = iter(range(0, 10**9, 100))  # every look at the clock a hundred seconds on: a loaded machine
    monkeypatch.setattr(play_module, "time", types.SimpleNamespace(perf_counter=lambda: float(next(ticks))))
    loaded = bt.CardPlayer(seed=1, samples=5)
    assert loaded.card(play) == calm and not loaded.cut_short


def test_the_position_dd_solve_takes_is_public() -> None:
    from bridgetools.dd import Position

    assert bt.Position is Position and "Position" in bt.__all__


def test_dd_solve_takes_the_position_a_play_has_reached() -> None:
    pytest.importorskip("endplay")
    play = bt.Play(bt.Deal.from_pbn(DEAL), "3NT", "N", ["DK"])
    assert bt.dd_solve(play) == bt.dd_solve(bt.Position.of_play(play))


def test_dd_solve_of_a_deal_says_what_it_takes() -> None:
    with pytest.raises(bt.BridgeTypeError, match=r"takes a Position or a Play, not Deal: .*bt\.Position\("):
        bt.dd_solve(bt.Deal.from_pbn(DEAL))  # type: ignore[arg-type]


WRONG: dict[str, tuple[Callable[[], object], str]] = {
    "a card player asked for a seat not on turn": (
        lambda: bt.CardPlayer(seed=1).card(bt.Play(bt.Deal.from_pbn(DEAL), "3NT", "E"), bt.Seat.N),
        "it is South's turn, not North's"),
    "bytes given to loads": (
        lambda: bt.loads(b'[Board "1"]'),  # type: ignore[arg-type]
        r"loads takes a file's content as text \(str\), not bytes: .*bt\.read\(io\.BytesIO"),
    "a number given as a dealer condition": (lambda: bt.generate(5, 3, seed=1),  # type: ignore[arg-type]
                                             r"constraint: expected a dealer-language condition .*not int 5"),
    "a Python function given as a dealer condition": (
        lambda: bt.generate(lambda deal: True, 3, seed=1),  # type: ignore[arg-type]
        r"constraint: .*not function .*not one deal at a time in Python"),
    "a string given for a number of IMPs": (lambda: bt.imps("430"),  # type: ignore[arg-type]
                                            "a difference in points is a number"),
    "a string given for a deal": (lambda: bt.dd_table(DEAL), "dd_table takes a Deal"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("call,message", WRONG.values(), ids=WRONG.keys())
def test_every_error_of_bad_input_is_a_bridge_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(bt.BridgeError, match=message):
        call()


def test_a_wrong_kind_of_value_is_still_a_type_error_as_it_was() -> None:
    with pytest.raises(TypeError):
        bt.imps("430")  # type: ignore[arg-type]
    assert issubclass(bt.BridgeTypeError, TypeError) and issubclass(bt.BridgeTypeError, bt.BridgeError)


def test_the_holder_of_a_card_is_found_from_its_string_as_play_takes_it() -> None:
    deal = bt.Deal.from_pbn(DEAL)
    assert deal.holder("SA") == deal.holder(bt.Card.parse("SA")) == bt.Seat.N
    with pytest.raises(bt.NotationError, match="not a card: 'XX'"):
        deal.holder("XX")


def _lossy_board() -> bt.Board:
    board = bt.Board(number=1, deal=bt.Deal.from_pbn(DEAL), event="Club pairs")
    board.tags["Foo"] = "bar"  # LIN has no place for it
    return board


WRITES: dict[str, Callable[[bt.Board], object]] = {
    "dumps": lambda b: bt.dumps([b], "lin"),
    "write": lambda b: bt.write([b], io.StringIO(), "lin"),
    "machine file": lambda b: bt.dumps([b], "dup"),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_what_a_format_loses_is_a_format_loss_warning_said_at_the_caller_s_line(
        write: Callable[[bt.Board], object]) -> None:
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        write(_lossy_board())
    losses = [w for w in said if "has no place for" in str(w.message)]
    assert losses and all(w.category is bt.FormatLossWarning and w.filename == __file__ for w in losses)


def test_a_program_quiets_every_bridgetools_warning_by_one_class() -> None:
    assert issubclass(bt.FormatLossWarning, bt.BridgeWarning) and issubclass(bt.BridgeWarning, UserWarning)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", category=bt.BridgeWarning)
        bt.dumps([_lossy_board()], "lin")
    assert said == []


def test_deals_dealt_without_a_seed_carry_the_seed_drawn_to_deal_them_again() -> None:
    deals = bt.generate("hcp(north) >= 20", 3)
    assert isinstance(deals, list) and isinstance(deals.seed, int)
    assert bt.generate("hcp(north) >= 20", 3, seed=deals.seed) == deals


def test_deals_dealt_with_a_seed_carry_that_seed() -> None:
    assert bt.generate("hcp(north) >= 20", 2, seed=7).seed == 7
