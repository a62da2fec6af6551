"""A director's artificial adjusted score written as a label (Law 12C2: ``A+``, ``AVE-``, ``A60``) is read
as its percentage, in the Contract cell and in the score cells (docs/analysis.md)."""

from __future__ import annotations

import math

import pytest

import bridgetools as bt
from bridgetools.formats import loads
from bridgetools.model.results import ADJUSTED_LABELS

HEAD = ('[Event "Adj"]\n[Date "2026.12.07"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:Q4.732.KT42.QJT3 T87.A865.AJ.K976 AJ9632.94.9765.2 K5.KQJT.Q83.A854"]\n[Scoring "MP"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;'
        'Score_EW\\6R"]\n1 11 4H E 10 - 420\n2 12 4H E 9 50 -\n3 13 3NT W 9 - 400\n')


def fourth_table(row: str) -> tuple[float | None, float | None]:
    """North-South's and East-West's adjusted percentages of pair 4's ScoreTable row ``row``."""
    frame = bt.to_dataframe(loads(HEAD + row + "\n", "pbn"))
    last = frame[frame["ns_pair"] == "4"].iloc[0]
    return tuple(None if math.isnan(v) else v for v in (last["adjusted_pct_ns"], last["adjusted_pct_ew"]))


def test_the_laws_averages_are_sixty_fifty_and_forty_percent() -> None:
    from bridgetools.model.results import AVERAGE, AVERAGE_MINUS, AVERAGE_PLUS

    assert (AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS) == (60, 50, 40)


@pytest.mark.parametrize(("label", "pct"), [("A+", 60), ("AVE+", 60), ("AVG+", 60), ("a+", 60), ("A", 50),
                                            ("A=", 50), ("AVE", 50), ("AVE=", 50), ("A-", 40), ("AVE-", 40)])
def test_an_adjusted_label_for_a_contract_with_no_score_is_its_percentage_to_both_sides(
        label: str, pct: float) -> None:
    # The row was dropped: no contract, no score, in no field; validate said nothing.
    assert fourth_table(f"4 14 {label} - - - -") == (pct, pct)


@pytest.mark.parametrize(("ns", "ew", "pcts"), [("A60", "A40", (60, 40)), ("AVE+", "AVE-", (60, 40)),
                                                ("A+", "A-", (60, 40)), ("AVE=", "A=", (50, 50)),
                                                ("AVE", "AVE", (50, 50))])
def test_an_adjusted_score_spelt_as_a_label_in_the_score_cells_is_each_sides_percentage(
        ns: str, ew: str, pcts: tuple[float, float]) -> None:
    assert fourth_table(f'4 14 - - - "{ns}" "{ew}"') == pcts


def test_a_board_not_played_np_has_no_percentage() -> None:
    assert ADJUSTED_LABELS["NP"] is None
    assert fourth_table("4 14 NP - - - -") == (None, None)


def test_an_average_plus_label_is_scored_in_its_field() -> None:
    frame = bt.to_dataframe(loads(HEAD + "4 14 A+ - - - -\n", "pbn"))
    last = frame[frame["ns_pair"] == "4"].iloc[0]
    assert (last["field_size"], last["pct_ns"]) == (4, 60)


@pytest.mark.parametrize(("label", "pct", "fault"), [("A+", 60, "neither side at fault"),
                                                     ("AVE-", 40, "both sides directly at fault")])
def test_a_lone_label_read_to_both_sides_is_said_at_its_cell(label: str, pct: int, fault: str) -> None:
    # A club traveller's lone A+ most often means North-South's (East-West's A-): read as the Laws read it,
    # 60 to both sides, it was said nowhere.
    (board,) = loads(HEAD + f"4 14 {label} - - - -\n", "pbn")
    said = [(i.line, i.column, i.message) for i in board.issues]
    assert said == [(12, 6, f"ScoreTable row 4: Contract {label} names no side: read as {pct}% to both sides "
                             f"(Law 12C2(a): {fault}); a score for one side, as North-South's A+ with "
                             "East-West's A-, is said in Score_NS and Score_EW (^60%, ^40%)")]


def test_a_lone_label_read_to_both_sides_is_a_note_that_strict_reading_passes() -> None:
    # The Laws' reading of a valid traveller, said so the director knows it: not a fault in the file.
    (board,) = loads(HEAD + "4 14 A+ - - - -\n", "pbn", strict=True)
    assert [issue.is_note for issue in board.issues] == [True]


PCT_HEAD = HEAD.replace('Score_EW\\6R"]', 'Score_EW\\6R;Percentage_NS\\3R;Percentage_EW\\3R"]').replace(
    "420\n", "420 50 50\n").replace("50 -\n", "50 - 25 75\n").replace("400\n", "400 75 25\n")


def test_a_lone_label_beside_its_rows_percentages_is_each_sides_percentage() -> None:
    # The scorer's A+ to North-South and A- to East-West, said by the row's Percentage cells: East-West 4
    # was ranked on 60% where the traveller gives it 40.
    frame = bt.to_dataframe(loads(PCT_HEAD + "4 14 A+ - - - - 60 40\n", "pbn"))
    last = frame[frame["ns_pair"] == "4"].iloc[0]
    assert (last["adjusted_pct_ns"], last["adjusted_pct_ew"]) == (60, 40)


def test_a_lone_label_whose_percentages_name_its_sides_is_not_noted() -> None:
    (board,) = loads(PCT_HEAD + "4 14 A+ - - - - 60 40\n", "pbn")
    assert [issue.message for issue in board.issues] == []


def test_a_lone_label_with_no_percentage_given_is_read_to_both_sides_still() -> None:
    frame = bt.to_dataframe(loads(PCT_HEAD + "4 14 A+ - - - - - -\n", "pbn"))
    last = frame[frame["ns_pair"] == "4"].iloc[0]
    assert (last["adjusted_pct_ns"], last["adjusted_pct_ew"]) == (60, 60)
