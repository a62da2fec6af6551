"""The back score of rubber bridge: each player's running standing over an evening, in hundreds."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import bridgetools as bt
from bridgetools.scoring import Rubber
from bridgetools.scoring.backscore import back_score, hundreds, rubber_entries, running_back_score
from bridgetools.scoring.log import RubberLog, parse_players_line, read_rubber_log, read_rubbers

ROOT = Path(__file__).parent.parent
DOC = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
SAMPLE = ROOT / "samples" / "rubber-evening.txt"


# ---- Rounding: an odd 50 or more counts as 100 -------------------------------------------------------
@pytest.mark.parametrize(("points", "expected"), [(950, 10), (940, 9), (1050, 11), (1049, 10), (50, 1),
                                                  (49, 0), (0, 0), (-950, -10), (-940, -9), (-1450, -15)])
def test_an_odd_fifty_or_more_counts_as_a_hundred(points: int, expected: int) -> None:
    assert hundreds(points) == expected


@pytest.mark.parametrize(("points", "expected"), [(950, 9), (951, 10), (-1450, -14), (940, 9)])
def test_the_custom_that_drops_an_odd_fifty_is_an_option(points: int, expected: int) -> None:
    assert hundreds(points, "nearest-100-half-down") == expected


def test_back_score_rounding_must_give_hundreds() -> None:
    with pytest.raises(bt.BridgeError, match="nearest-100"):
        hundreds(950, "none")  # type: ignore[arg-type]


# ---- Per player, as partnerships change ---------------------------------------------------------------
def test_each_rubber_enters_plus_for_the_winners_and_minus_for_the_losers() -> None:
    entries = rubber_entries(("Ann", "Bob", "Cat", "Dan", -950))
    assert entries == {"Ann": -10, "Bob": 10, "Cat": -10, "Dan": 10}


def test_a_margin_may_be_a_numpy_integer_and_is_entered_as_an_int() -> None:
    entries = back_score([("Ann", "Bob", "Cat", "Dan", np.int64(-950))])
    assert entries == {"Ann": -10, "Bob": 10, "Cat": -10, "Dan": 10}
    assert all(type(value) is int for value in entries.values())


def test_the_back_score_follows_each_player_through_changing_partnerships() -> None:
    evening = [("Ann", "Bob", "Cat", "Dan", 940), ("Ann", "Cat", "Bob", "Dan", -950)]
    assert back_score(evening) == {"Ann": 9 - 10, "Bob": -9 - 10, "Cat": 9 + 10, "Dan": -9 + 10}


def test_a_player_who_sits_out_a_rubber_keeps_his_standing() -> None:
    evening = [("Ann", "Bob", "Cat", "Dan", 600), ("Eve", "Bob", "Cat", "Dan", 300)]
    running = running_back_score(evening)
    assert running[0] == {"Ann": 6, "Bob": -6, "Cat": 6, "Dan": -6}
    assert running[1] == {"Ann": 6, "Bob": -9, "Cat": 9, "Dan": -9, "Eve": 3}
    assert sum(running[1].values()) == 0


def test_no_rubbers_no_standings() -> None:
    assert back_score([]) == {} and bt.back_score([]) == {}


def test_a_player_named_twice_in_one_rubber_is_an_error() -> None:
    with pytest.raises(bt.BridgeError, match="rubber 2: Ann cannot sit in two seats"):
        back_score([("Ann", "Bob", "Cat", "Dan", 0), ("Ann", "Bob", "Ann", "Dan", 500)])


@pytest.mark.parametrize("rubber", [("Ann", "Bob", "Cat", 500), ("Ann", "Bob", "Cat", "Dan", "500"),
                                    ("Ann", "Bob", "Cat", "Dan", True), ("Ann", "", "Cat", "Dan", 500),
                                    ("Ann", 2, "Cat", "Dan", 500)])
def test_a_rubber_that_is_not_four_names_and_a_margin_is_a_type_error(rubber: tuple[object, ...]) -> None:
    with pytest.raises(TypeError, match="rubber 1"):
        back_score([rubber])


# ---- The worked evening of docs/scoring.md -----------------------------------------------------------
def doc_table(marker: str) -> list[list[str]]:
    """The rows (cells as text) of the Markdown table that follows ``<!-- marker`` in the doc."""
    after = DOC.split(f"<!-- {marker}", 1)[1].split("\n", 1)[1]
    rows = re.findall(r"^\|(.*)\|$", after.split("\n\n", 1)[0], flags=re.M)
    return [[cell.strip() for cell in row.split("|")] for row in rows[2:]]  # past the header and the rule


def doc_log() -> list[str]:
    block = DOC.split("**Worked evening**", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    return block.splitlines()


def evening(rubbers: list[RubberLog]) -> list[tuple[RubberLog, Rubber]]:
    return [(one, Rubber([deal for _, deal in one.deals])) for one in rubbers]


def test_the_docs_worked_evening_is_the_sample_log() -> None:
    def content(rubbers: list[RubberLog]) -> list[object]:
        return [(one.players, [deal for _, deal in one.deals]) for one in rubbers]

    assert content(read_rubbers(doc_log())) == content(read_rubbers(SAMPLE.read_text().splitlines()))


def test_each_rubber_of_the_docs_worked_evening_is_scored_as_worked_by_hand() -> None:
    rows = doc_table("back-score-rubbers")
    scored = evening(read_rubbers(doc_log()))
    assert len(rows) == len(scored) == 3
    for row, (one, sheet) in zip(rows, scored, strict=True):
        number, north, east, south, west, *figures = row
        ns_below, ns_above, ew_below, ew_above, margin, entry = map(int, figures)
        assert one.players == (north, east, south, west), number
        assert sheet.is_finished
        assert (sheet.below("NS"), sheet.above("NS"), sheet.below("EW"), sheet.above("EW")) == (
            ns_below, ns_above, ew_below, ew_above), number
        assert sheet.ns_net == margin and hundreds(margin) == entry, number


def test_the_docs_back_score_is_the_librarys() -> None:
    rows = doc_table("back-score-players")
    results = [(*one.players, sheet.ns_net) for one, sheet in evening(read_rubbers(doc_log()))
               if one.players is not None]
    running = running_back_score(results)
    assert {row[0]: [int(cell) for cell in row[1:]] for row in rows} == {
        player: [after[player] for after in running] for player in running[-1]}
    assert bt.back_score(results) == {row[0]: int(row[-1]) for row in rows}
    assert sum(bt.back_score(results).values()) == 0


# ---- The log: a `rubber` line names the players of each rubber ---------------------------------------
def test_a_rubber_line_names_north_east_south_west() -> None:
    named = parse_players_line('rubber W=Dan S=Cat north=Ann E="Bob Smith"')
    assert named == ("Ann", "Bob Smith", "Cat", "Dan")
    assert parse_players_line("4S N 10") is None and parse_players_line("# rubber N=Ann") is None


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [("rubber N=Ann E=Bob S=Cat", 1, "missing: West"),
     ("rubber N=Ann E=Bob S=Cat W=Ann", 26, "Ann cannot sit in two seats"),
     ("rubber N=Ann E=Bob N=Cat W=Dan", 20, "North is named twice"),
     ("rubber N=Ann E=Bob S=Cat Dan", 26, "expected a seat and a name"),
     ("rubber N=Ann E=Bob S=Cat X=Dan", 26, "not a seat"),
     ("rubber N=Ann E= S=Cat W=Dan", 14, "expected a seat and a name")],
)
def test_a_bad_rubber_line_names_file_line_and_column(text: str, column: int, message: str) -> None:
    with pytest.raises(bt.ParseError, match=message) as caught:
        parse_players_line(text, "evening.txt", 4)
    assert (caught.value.line, caught.value.column) == (4, column)


@pytest.mark.parametrize(
    ("text", "column"),
    [('rubber N="Ann E=Bob S=Cat W=Dan', 8), ('rubber N=Ann E=Bob S=Cat W="Dan Smith', 26),
     ('rubber N=Ann" E=Bob S=Cat W=Dan', 8)],
)
def test_a_name_whose_quote_is_not_closed_is_an_error_not_a_name(text: str, column: int) -> None:
    with pytest.raises(bt.ParseError, match=r"double quote .* is not closed") as caught:
        parse_players_line(text, "evening.txt", 4)
    assert (caught.value.line, caught.value.column) == (4, column)


def test_a_log_without_rubber_lines_is_one_rubber_as_before() -> None:
    rubbers = read_rubbers(["4S N 10", "3NT S 9"])
    assert len(rubbers) == 1 and rubbers[0].players is None and [n for n, _ in rubbers[0].deals] == [1, 2]


def test_deals_before_the_first_rubber_line_are_an_error() -> None:
    with pytest.raises(bt.ParseError, match="deals from line 1 come before any rubber line") as caught:
        read_rubbers(["4S N 10", "rubber N=Ann E=Bob S=Cat W=Dan", "3NT S 9"], "evening.txt")
    assert caught.value.line == 2


FIRST, SECOND = "rubber N=Ann E=Bob S=Cat W=Dan", "rubber N=Ann E=Cat S=Bob W=Dan"


@pytest.mark.parametrize("lines", [[FIRST, SECOND, "4S N 10"], [FIRST, "4S N 10", SECOND]])
def test_a_rubber_without_deals_is_an_error(lines: list[str]) -> None:
    with pytest.raises(bt.ParseError, match="no deals"):
        read_rubbers(lines)


@pytest.mark.parametrize("lines", [[], ["# only a comment", ""]])
def test_a_log_with_no_deal_at_all_is_an_error_not_an_empty_sheet(lines: list[str]) -> None:
    with pytest.raises(bt.ParseError, match="the log holds no deals") as caught:
        read_rubbers(lines, "log.txt")
    assert str(caught.value).startswith("log.txt: ")


def test_the_one_rubber_reader_refuses_a_log_of_several() -> None:
    with pytest.raises(bt.ParseError, match="read_rubbers"):
        list(read_rubber_log(["rubber N=Ann E=Bob S=Cat W=Dan", "4S N 10"]))
