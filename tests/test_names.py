"""Names a bridge player and a Python programmer expect: call classes, the penalty of a contract, sides,
one home for every error, and a trick list named apart from a trick count."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

import bridgetools as bt

PACKAGE = Path(__file__).parent.parent / "bridgetools"


@pytest.mark.parametrize(
    ("cls", "one"), [(bt.Pass, bt.PASS), (bt.Double, bt.DOUBLE), (bt.Redouble, bt.REDOUBLE)]
)
def test_pass_double_and_redouble_are_classes_with_one_instance_each(cls: type, one: bt.Call) -> None:
    assert isinstance(one, cls) and isinstance(one, bt.Call) and cls() is one
    assert pickle.loads(pickle.dumps(one)) is one


def test_isinstance_tells_the_calls_of_an_auction_apart() -> None:
    auction = bt.Auction(bt.Seat.N, ["1S", "X", "XX", "P"])
    kinds = [type(call).__name__ for call in auction.calls]
    assert kinds == ["Bid", "Double", "Redouble", "Pass"]
    assert not isinstance(bt.PASS, bt.Double | bt.Redouble | bt.Bid)


@pytest.mark.parametrize(("text", "penalty"), [("4S", bt.Penalty.UNDOUBLED), ("4SX", bt.Penalty.DOUBLED),
                                               ("4SXX", bt.Penalty.REDOUBLED)])
def test_the_penalty_of_a_contract_is_an_enum_that_still_compares_with_its_number(
    text: str, penalty: bt.Penalty
) -> None:
    contract = bt.Contract.from_str(text)
    assert contract.penalty is penalty and contract.doubled is penalty and contract.doubled == int(penalty)


def test_a_contract_made_with_a_number_gets_the_enum() -> None:
    contract = bt.Contract(3, bt.Strain.NT, 2)
    assert contract.penalty is bt.Penalty.REDOUBLED and contract == bt.Contract.from_str("3NTXX")
    with pytest.raises(bt.BridgeError, match="0, 1 or 2"):
        bt.Contract(3, bt.Strain.NT, 3)


def test_a_side_is_a_value_with_its_seats_and_still_equals_the_old_string() -> None:
    assert bt.Seat.N.side is bt.Side.NS and bt.Seat.W.side is bt.Side.EW
    assert bt.Side.NS.seats == (bt.Seat.N, bt.Seat.S) and bt.Side.EW.opponents is bt.Side.NS
    assert bt.Seat.E.side == "EW" and str(bt.Side.NS) == "NS"
    assert bt.Side.parse("n-s") is bt.Side.NS and bt.Side.parse(bt.Seat.W) is bt.Side.EW


def test_counting_tricks_by_a_side_string_still_works_with_a_warning() -> None:
    play = bt.Play(None, "3NT", bt.Seat.S, ["SA", "S2", "S3", "S4"])
    with pytest.warns(DeprecationWarning, match="Side.NS"):
        old = play.tricks_won("EW")
    assert old == play.tricks_won(bt.Side.EW) == play.tricks_won(bt.Seat.W) == 1


def test_notation_error_lives_with_the_other_errors_and_the_old_path_still_imports() -> None:
    from bridgetools.errors import NotationError
    from bridgetools.model import NotationError as from_model
    from bridgetools.model.cards import NotationError as from_cards

    assert bt.NotationError is NotationError is from_model is from_cards
    assert NotationError.__module__ == "bridgetools.errors"


HTTP_REFUSALS = {"ApiError"}
"""The web table's refusal of a request (an HTTP status and a message): the web layer's own, not a
library error."""


def test_every_error_class_is_defined_in_errors_py() -> None:
    """Every error (a child of an ``...Error`` or of ``Exception``) lives in errors.py; the command line's
    stop signal (a `BaseException`, not an error) stays with the command line."""
    elsewhere = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "errors.py" and path.parent == PACKAGE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name not in HTTP_REFUSALS and any(
                (isinstance(b, ast.Name) and (b.id.endswith("Error") or b.id == "Exception"))
                or (isinstance(b, ast.Attribute) and (b.attr.endswith("Error") or b.attr == "Exception"))
                for b in node.bases
            ):
                elsewhere.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.name}")
    assert elsewhere == []


def test_a_trick_list_and_a_trick_count_have_different_names() -> None:
    play = bt.Play(None, "3NT", bt.Seat.S, ["SA", "S2", "S3", "S4"])
    play.claim(9)
    board = bt.Board(number=1, play=play)
    assert board.tricks == 9 and len(play.trick_list) == 1


def test_the_first_to_name_a_strain_takes_a_side_and_warns_on_the_old_string() -> None:
    auction = bt.Auction(bt.Seat.N, ["1H", "P", "2H", "P", "4H", "P", "P", "P"])
    assert auction.first_to_name(bt.Strain.H, bt.Side.NS) is bt.Seat.N
    with pytest.warns(DeprecationWarning, match="Side.NS"):
        assert auction.first_to_name(bt.Strain.H, "NS") is bt.Seat.N
