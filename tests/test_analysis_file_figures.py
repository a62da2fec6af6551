"""A ScoreTable's own matchpoints and percentages (MP_NS, MP_EW, Percentage_NS, Percentage_EW) in the export,
beside those worked out from the field, so that a club site can set the scorer's figures beside ours."""

from __future__ import annotations

from pathlib import Path

import bridgetools as bt
from bridgetools.formats import loads

TRAVELLERS = Path(__file__).parent / "data" / "pbn" / "travellers"
SWAPPED = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[North "Smith"]
[South "Jones"]
[East "Brown"]
[West "Green"]
[Contract "4S"]
[Declarer "N"]
[Result "10"]
[ScoreTable "PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result;Score_NS;MP_NS;MP_EW"]
1 11 "Brown;Green" "Smith;Jones" 4S N 10 420 1 3
2 12 "Hill;Lee" "Moss;Park" 4S N 11 450 4 0
"""


def test_a_score_tables_own_percentages_are_exported_beside_the_fields() -> None:
    frame = bt.to_dataframe(bt.read(TRAVELLERS / "pair_names_percentages_traveller.pbn"))
    assert frame.file_pct_ns.tolist() == [50.0, 100.0, 0.0]
    assert frame.file_pct_ew.tolist() == [50.0, 0.0, 100.0]
    assert frame.file_mp_ns.isna().all()


def test_a_score_tables_own_matchpoints_are_exported_for_every_row() -> None:
    frame = bt.to_dataframe(bt.read(TRAVELLERS / "unquoted_name_traveller.pbn"))
    assert list(zip(frame.file_mp_ns, frame.file_mp_ew, strict=True)) == [(5, 3), (8, 0), (5, 3), (0, 8)]


def test_the_own_rows_figures_change_sides_where_its_score_is_the_boards_with_the_sides_exchanged() -> None:
    frame = bt.to_dataframe(loads(SWAPPED.replace("4S N 10 420 1 3", "4S E 10 -420 3 1"), "pbn"))
    own = frame[frame.source == "table"].iloc[0]
    assert (own.ns_pair, own.file_mp_ns, own.file_mp_ew) == ("11", 1.0, 3.0)


def test_the_own_rows_figures_stay_where_its_row_is_written_compass_wise_under_swapped_names() -> None:
    # Its Score_NS 420 is the board's own North-South score: MP_NS 1 is North-South's, whatever names say.
    frame = bt.to_dataframe(loads(SWAPPED, "pbn"))
    own = frame[frame.source == "table"].iloc[0]
    assert (own.ns_pair, own.file_mp_ns, own.file_mp_ew) == ("11", 1.0, 3.0)
