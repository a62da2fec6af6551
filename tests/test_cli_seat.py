"""Every option that takes one seat takes it alike: one type (`SeatName`), shown as SEAT, ``S`` or ``south``
in any case, and a misspelt name answered with the seat it looks like."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.cli.common import SeatName

SEAT_OPTIONS = {("deal", "--dealer"), ("dd", "--dealer"), ("dd", "--declarer"), ("show", "--dealer"),
                ("rubber", "--first-dealer")}
"""The options of one seat, each command's."""


def _options() -> dict[tuple[str, str], click.Option]:
    ctx = cli.make_context("bridgetools", ["--help"], resilient_parsing=True)
    found = {}
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        assert command is not None
        for param in command.params:
            if isinstance(param, click.Option):
                found.update({(name, opt): param for opt in param.opts if opt.startswith("--")})
    return found


def test_every_option_of_one_seat_is_the_seat_type_shown_as_seat() -> None:
    # deal --dealer had its own callback (metavar SEAT); the others the shared type, shown [N|E|S|W]
    options = _options()
    seat_typed = {key for key, option in options.items() if isinstance(option.type, SeatName)}
    assert seat_typed == SEAT_OPTIONS
    ctx = click.Context(cli)
    assert {options[key].make_metavar(ctx) for key in SEAT_OPTIONS} == {"SEAT"}


@pytest.mark.parametrize(("args", "option"), [(["deal", "--dealer", "soth"], "--dealer"),
                                              (["show", "--dealer", "Soth", "x"], "--dealer"),
                                              (["dd", "--declarer", "nrth", "x"], "--declarer"),
                                              (["deal", "--rotate", "wesst"], "--rotate")])
def test_a_misspelt_seat_is_answered_with_the_seat_it_looks_like(args: list[str], option: str) -> None:
    result = CliRunner().invoke(cli, args)
    seat = {"soth": "south", "Soth": "south", "nrth": "north", "wesst": "west"}[args[2]]
    assert result.exit_code == 2 and f"Invalid value for '{option}'" in result.output
    assert f"not a seat (north, east, south, west or N, E, S, W); did you mean {seat}?" in result.output


def test_a_word_like_no_seat_is_not_taken_for_one() -> None:
    result = CliRunner().invoke(cli, ["deal", "--dealer", "northeast"])
    assert result.exit_code == 2 and "not a seat" in result.output and "did you mean" not in result.output


@pytest.mark.parametrize("given", ["W", "w", "west", "WEST"])
def test_a_seat_is_its_letter_or_its_name_in_any_case(given: str) -> None:
    assert SeatName().convert(given, None, None) == "W"


@pytest.mark.parametrize("args", [["deal", "--dealer", "n\udce9"],
                                  ["print", "x.pbn", "-o", "x.html", "--rotate", "n\udce9"]])
def test_a_seat_typed_in_the_c_locale_is_refused_as_typed(args: list[str]) -> None:
    # said "'n\udce9': not a seat": the byte the C locale could not decode, shown as Python holds it
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert "'né': not a seat" in result.output
    assert "udce9" not in result.output
