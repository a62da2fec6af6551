"""``bridgetools show DEAL --auction ... --play ...``: the Laws check every call and card, and a
broken rule is one line and exit code 1, never a traceback."""

from __future__ import annotations

from click.testing import CliRunner

from bridgetools.cli import cli

DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def show(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["show", DEAL, "--suits", "ascii", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_legal_auction_and_play_are_shown_with_the_trick_winner() -> None:
    code, out, _ = show("--auction", "1S P 4S P P P", "--play", "SJ S6 S3 S2")
    assert code == 0
    assert "1. E SJ   S S6   W S3   N S2   won by E" in out
    assert "4S by N" in out


def test_an_insufficient_bid_is_one_line_naming_the_law() -> None:
    code, out, err = show("--auction", "1S P 1H")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "insufficient" in err and "Law 18" in err
    assert "Traceback" not in err


def test_a_card_the_player_does_not_hold_is_one_line() -> None:
    code, _, err = show("--auction", "1S P 4S P P P", "--play", "SJ HA")
    assert code == 1 and err.count("\n") == 1 and "does not hold HA" in err


def test_a_revoke_is_refused() -> None:
    # East leads the spade jack; South holds spades, so a heart from South is a revoke.
    code, _, err = show("--auction", "1S P 4S P P P", "--play", "SJ H8")
    assert code == 1 and "follow suit" in err


def test_a_card_that_is_not_a_card_is_one_line() -> None:
    code, _, err = show("--auction", "1S P 4S P P P", "--play", "SJ SZ")
    assert code == 1 and err.count("\n") == 1 and "not a card" in err


def test_play_without_a_finished_auction_is_refused() -> None:
    code, _, err = show("--auction", "1S P", "--play", "SJ")
    assert code == 1 and "complete auction" in err


def test_the_dealer_may_be_given() -> None:
    code, out, _ = show("--dealer", "E", "--auction", "P 1NT P 3NT P P P")
    assert code == 0 and "3NT by S" in out
