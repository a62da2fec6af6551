"""A board's late or corrected result in a file of its own: which field it is in (docs/analysis.md)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

from bridgetools.analysis.pipeline import export_files, load_results
from bridgetools.analysis.ranking import COLUMNS as RANKED
from bridgetools.analysis.ranking import pair_rankings

DEAL = "N:Q4.732.KT42.QJT3 T87.A865.AJ.K976 AJ9632.94.9765.2 K5.KQJT.Q83.A854"
MD = "3SAJ9632H94D9765C2,SK5HKQJTDQ83CA854,SQ4H732DKT42CQJT3,ST87HA865DAJCK976"
"""Board 1, nobody vulnerable, as PBN and LIN give it: East's 4H makes 10 tricks at most tables."""
COLUMNS = ("Section\\1R;PairId_NS\\2R;PairId_EW\\2R;Names_NS;Names_EW;Contract\\5L;Declarer\\1R;Result\\2R;"
           "Score_NS\\6R;Score_EW\\6R")
ROWS = ['A 1 11 "n1;s1" "e11;w11" 4H E 10 - 420', 'A 2 12 "n2;s2" "e12;w12" 4H E 9 50 -',
        'A 3 13 "n3;s3" "e13;w13" 4H E 11 - 450']


def traveller(path: Path, rows: list[str], columns: str = COLUMNS) -> str:
    """A club's PBN file of board 1 with these ScoreTable rows."""
    path.write_text("\n".join(['[Event "Club Pairs"]', '[Date "2026.12.07"]', '[Board "1"]', '[Dealer "N"]',
                               '[Vulnerable "None"]', f'[Deal "{DEAL}"]', '[Scoring "MP"]',
                               f'[ScoreTable "{columns}"]', *rows]) + "\n", encoding="utf-8")
    return str(path)


def lin_table(path: Path, players: str, tricks: int, marker: str = "") -> str:
    """A BBO LIN file of board 1 at one table (``players`` South, West, North, East): East's 4H."""
    path.write_text(f"{marker}pn|{players}|st||md|{MD}|rh||ah|Board 1|sv|o|mb|p|mb|4H|mb|p|mb|p|mb|p|"
                    f"mc|{tricks}|\n", encoding="utf-8")
    return str(path)


def exported(tmp_path: Path, files: list[str]) -> tuple[dict[str, list[tuple[object, ...]]], list[str]]:
    """Each file's results as `export` of the files writes them (field size, North-South's matchpoints), and
    the warnings."""
    told: list[str] = []
    out = tmp_path / "out.parquet"
    export_files(files, out, on_issue=told.append)
    rows: dict[str, list[tuple[object, ...]]] = {}
    for row in pq.read_table(out).to_pylist():
        if row["contract"] is not None:
            rows.setdefault(Path(row["file"]).name, []).append((row["field_size"], row["mp_ns"]))
    return rows, told


def frame_rows(frame: pd.DataFrame) -> list[list[object]]:
    """A frame's rows as lists, None for a missing value (a row compared whatever its columns' types)."""
    return frame.astype(object).where(frame.notna(), None).values.tolist()


def test_a_late_lin_result_naming_no_section_is_matchpointed_in_the_boards_only_section(
        tmp_path: Path) -> None:
    # It was a field of one: no matchpoints, and the three other tables scored over three.
    early = traveller(tmp_path / "club.pbn", ROWS)
    late = lin_table(tmp_path / "late.lin", "s4,w14,n4,e14", 10)
    rows, told = exported(tmp_path, [early, late])
    assert rows["late.lin"] == [(4, 3.0)]  # -420: beats -450, ties -420
    assert rows["club.pbn"] == [(4, 3.0), (4, 6.0), (4, 0.0)]
    assert told == []


def test_a_late_traveller_without_a_section_column_is_ranked_in_the_boards_only_section(
        tmp_path: Path) -> None:
    early = traveller(tmp_path / "club.pbn", ROWS)
    late = traveller(tmp_path / "late.pbn", ['4 14 "n4;s4" "e14;w14" 4H E 10 - 420'],
                     COLUMNS.removeprefix("Section\\1R;"))
    frame, _ = load_results([early, late], [*RANKED, "contract"])
    ranked = pair_rankings(frame)
    assert [(r.section, r.direction, len(r.pairs)) for r in ranked.rankings] == [
        ("A", "NS", 4), ("A", "EW", 4)]
    assert ranked.left_out == ()


def test_an_open_room_marker_on_a_pairs_result_does_not_keep_it_apart(tmp_path: Path) -> None:
    # BBO's myhands files mark every result qx|o1|, the open room, with no team match on the board.
    early = traveller(tmp_path / "club.pbn", ROWS)
    late = lin_table(tmp_path / "late.lin", "s4,w14,n4,e14", 10, marker="qx|o1|")
    rows, _ = exported(tmp_path, [early, late])
    assert rows["late.lin"] == [(4, 3.0)]


def test_a_result_naming_no_section_where_several_sections_play_the_board_is_said_left_out(
        tmp_path: Path) -> None:
    early = traveller(tmp_path / "club.pbn", [*ROWS, 'B 1 11 "bn1;bs1" "be11;bw11" 4H E 10 - 420'])
    late = lin_table(tmp_path / "late.lin", "s4,w14,n4,e14", 10)
    rows, told = exported(tmp_path, [early, late])
    assert rows["late.lin"] == [(1, None)]
    assert told == [f"{late}: 1 result names no section on a board several sections play (the first board "
                    "1, sections A, B): each left out of the sections' fields, a field of its own (a Section "
                    "tag or column names its section)"]


def test_a_second_lin_result_by_the_same_four_players_replaces_the_first(tmp_path: Path) -> None:
    # The corrected file was counted as a fourth table: the top went from 4 to 6.
    early = traveller(tmp_path / "club.pbn", ROWS)
    corrected = lin_table(tmp_path / "corrected.lin", "s3,w13,n3,e13", 10)
    rows, told = exported(tmp_path, [early, corrected])
    assert rows["corrected.lin"] == [(3, 1.0)]  # -420 ties -420, below +50: the replaced -450 is gone
    assert rows["club.pbn"] == [(3, 1.0), (3, 4.0), (None, None)]
    assert told == [f"{corrected}: board 1 again with the players of {early} (N n3, E e13, S s3, W w13): "
                    "four players play a board once, so the later result replaces the earlier (a corrected "
                    "result), left out of its field"]


def test_a_corrected_traveller_row_replaces_the_earlier_one_in_analyze(tmp_path: Path) -> None:
    # It warned that the files were two sections and gave the correction a field of one.
    early = traveller(tmp_path / "club.pbn", ROWS)
    corrected = traveller(tmp_path / "correction.pbn", ['A 3 13 "n3;s3" "e13;w13" 4H E 10 - 420'])
    told: list[str] = []
    wanted = list(dict.fromkeys([*RANKED, "contract", "field_size"]))
    frame, _ = load_results([early, corrected], wanted, on_issue=told.append)
    played = frame[frame["contract"].notna()]
    names = played["file"].map(lambda f: Path(f).name)
    assert sorted(zip(names, played["field_size"], played["mp_ns"], strict=True)) == [
        ("club.pbn", 3, 1.0), ("club.pbn", 3, 4.0), ("correction.pbn", 3, 1.0)]
    assert len(told) == 1 and told[0].startswith(f"{corrected}: board 1 again with the players of {early}")


def test_a_result_by_placeholder_names_replaces_nothing(tmp_path: Path) -> None:
    # Seats' names (North, East, ...) name no players: two such tables are two tables.
    early = lin_table(tmp_path / "a.lin", "South,West,North,East", 10)
    later = lin_table(tmp_path / "b.lin", "South,West,North,East", 11)
    rows, told = exported(tmp_path, [early, later])
    assert rows == {"a.lin": [(2, 2.0)], "b.lin": [(2, 0.0)]} and told == []


def test_one_result_naming_no_pair_is_said_in_the_singular(tmp_path: Path) -> None:
    early = traveller(tmp_path / "club.pbn", ROWS)
    late = lin_table(tmp_path / "late.lin", "South,?,Robot,GIB", 10)  # names no player: no pair
    frame, _ = load_results([early, late], [*RANKED, "contract"])
    assert pair_rankings(frame).left_out == (
        f"{late}: 1 result names no pair (no PairId_NS or PairId_EW, nor two players' names): left out of "
        "the pair rankings",)


def test_export_and_analyze_say_a_runs_warnings_with_the_warning_prefix(tmp_path: Path) -> None:
    # "corrected.lin: board 1 again ..." had no "warning: "; a reading problem is said at its place, as
    # validate says it.
    from click.testing import CliRunner

    from bridgetools.cli import cli

    early = traveller(tmp_path / "club.pbn", [*ROWS, 'A 4 14 "n4;s4" "e14;w14" 4H E 10 - 421'])
    corrected = lin_table(tmp_path / "corrected.lin", "s3,w13,n3,e13", 10)
    out = str(tmp_path / "o.parquet")
    for args in (["analyze", early, corrected], ["export", early, corrected, "-o", out]):
        result = CliRunner().invoke(cli, args)
        lines = [line for line in result.stderr.splitlines() if "club.pbn" in line]
        assert [line.split(": ")[0] for line in lines] == [f"{early}:12:36", "warning"], result.stderr


def test_a_corrected_result_naming_no_pair_is_ranked_as_the_pairs_of_the_result_it_replaces(
        tmp_path: Path) -> None:
    # A LIN file names no pair: the pairs whose result it corrects were left out of the ranking.
    early = traveller(tmp_path / "club.pbn", ROWS)
    corrected = lin_table(tmp_path / "corrected.lin", "s3,w13,n3,e13", 10)
    frame, _ = load_results([early, corrected], [*RANKED, "contract"])
    ranked = pair_rankings(frame)
    assert [sorted((entry.pair, entry.matchpoints) for entry in ranking.pairs)
            for ranking in ranked.rankings] == [[("1", 1.0), ("2", 4.0), ("3", 1.0)],
                                                [("11", 3.0), ("12", 0.0), ("13", 3.0)]]
    assert ranked.left_out == ()


def test_a_corrected_traveller_row_without_a_section_column_replaces_the_earlier_one(tmp_path: Path) -> None:
    # The correction's pairs sit in section A at the board, so it was kept out of the section as a
    # section's file of its own: a field of 1, the uncorrected -450 scored, no word of a correction.
    early = traveller(tmp_path / "club.pbn", ROWS)
    corrected = traveller(tmp_path / "correction.pbn", ['3 13 "n3;s3" "e13;w13" 4H E 10 - 420'],
                          COLUMNS.removeprefix("Section\\1R;"))
    rows, told = exported(tmp_path, [early, corrected])
    assert rows["correction.pbn"] == [(3, 1.0)]
    assert rows["club.pbn"] == [(3, 1.0), (3, 4.0), (None, None)]
    assert [line.split(" (N ")[0] for line in told] == [
        f"{corrected}: board 1 again with the players of {early}"]


def test_a_corrected_lin_result_replaces_the_earlier_one_where_several_sections_play_the_board(
        tmp_path: Path) -> None:
    # Its four players say its section: it was a field of its own, the uncorrected -450 scored in A.
    early = traveller(tmp_path / "club.pbn", [*ROWS, 'B 1 11 "bn1;bs1" "be11;bw11" 4H E 10 - 420',
                                              'B 2 12 "bn2;bs2" "be12;bw12" 4H E 11 - 450'])
    corrected = lin_table(tmp_path / "corrected.lin", "s3,w13,n3,e13", 10)
    rows, told = exported(tmp_path, [early, corrected])
    assert rows["corrected.lin"] == [(3, 1.0)]
    assert rows["club.pbn"] == [(3, 1.0), (3, 4.0), (None, None), (2, 2.0), (2, 0.0)]
    assert [line.split(" (N ")[0] for line in told] == [
        f"{corrected}: board 1 again with the players of {early}"]


def test_a_table_again_in_a_file_that_seats_another_pair_where_the_section_seats_it_replaces_nothing(
        tmp_path: Path) -> None:
    # Pair 1 of the second file is not section A's pair 1: the file is a section apart, its table of
    # the same four names another table.
    early = traveller(tmp_path / "club.pbn", ROWS)
    other = traveller(tmp_path / "other.pbn", ['1 11 "x1;y1" "e11;w11" 4H E 10 - 420',
                                               '3 13 "n3;s3" "e13;w13" 4H E 10 - 420'],
                      COLUMNS.removeprefix("Section\\1R;"))
    rows, told = exported(tmp_path, [early, other])
    assert rows["club.pbn"] == [(3, 2.0), (3, 4.0), (3, 0.0)]
    assert rows["other.pbn"] == [(2, 1.0), (2, 1.0)]
    assert not any("again with the players" in line for line in told)


def test_a_correction_naming_the_four_players_in_another_case_replaces_the_earlier_result(
        tmp_path: Path) -> None:
    # "S3" is "s3", as a pair ranking takes them: the correction was counted as a fourth table.
    early = traveller(tmp_path / "club.pbn", ROWS)
    corrected = lin_table(tmp_path / "corrected.lin", "S3,W13,n3,E13", 10)
    rows, told = exported(tmp_path, [early, corrected])
    assert rows["corrected.lin"] == [(3, 1.0)]
    assert rows["club.pbn"] == [(3, 1.0), (3, 4.0), (None, None)]
    assert [line.split(" (N ")[0] for line in told] == [
        f"{corrected}: board 1 again with the players of {early}"]


@pytest.mark.parametrize("players", ["N,E,S,W", "Unknown,NN,--,n/a"])
def test_a_result_by_a_scorers_placeholder_names_replaces_nothing(tmp_path: Path, players: str) -> None:
    # The seats' letters, "Unknown", "NN" name no player: two such tables are two tables.
    early = lin_table(tmp_path / "a.lin", players, 10)
    later = lin_table(tmp_path / "b.lin", players, 11)
    rows, told = exported(tmp_path, [early, later])
    assert rows == {"a.lin": [(2, 2.0)], "b.lin": [(2, 0.0)]} and told == []


def test_a_table_of_one_player_and_three_robots_again_in_a_later_file_replaces_nothing(
        tmp_path: Path) -> None:
    # A BBO robot (~~M...) is no person: four seats with robots are not four players at one table.
    early = lin_table(tmp_path / "a.lin", "Ann,~~M101,~~M102,~~M103", 10)
    later = lin_table(tmp_path / "b.lin", "Ann,~~M101,~~M102,~~M103", 11)
    rows, told = exported(tmp_path, [early, later])
    assert rows == {"a.lin": [(2, 2.0)], "b.lin": [(2, 0.0)]} and told == []


def test_an_export_analysed_alone_leaves_out_the_result_a_correction_replaces(tmp_path: Path) -> None:
    # The export's replaced row was counted again: 4 results where the inputs' analysis counts 3.
    early = traveller(tmp_path / "club.pbn", ROWS)
    corrected = lin_table(tmp_path / "corrected.lin", "s3,w13,n3,e13", 10)
    out = tmp_path / "night.parquet"
    export_files([early, corrected], out)
    wanted = ["file", "section", "ns_pair", "ew_pair", "contract", "field_size", "mp_ns"]
    from_inputs, _ = load_results([early, corrected], wanted)
    from_export, _ = load_results([out], wanted)

    assert frame_rows(from_export) == frame_rows(from_inputs)
    marked = pq.read_table(out).to_pandas()
    assert marked.loc[marked["replaced"], "player_n"].tolist() == ["n3"]  # the earlier row: kept, marked
    assert len(marked) == 5


def test_an_export_ranks_the_correction_as_the_pairs_it_replaces_as_its_inputs_do(tmp_path: Path) -> None:
    # The export's analysis said "club.pbn: 1 result of pairs with no matchpoints" of the replaced row.
    from click.testing import CliRunner

    from bridgetools.cli import cli

    early = traveller(tmp_path / "club.pbn", ROWS)
    corrected = lin_table(tmp_path / "corrected.lin", "s3,w13,n3,e13", 10)
    out = str(tmp_path / "night.parquet")
    assert CliRunner().invoke(cli, ["export", early, corrected, "-o", out]).exit_code == 0
    for by in ("contract", "pair"):
        inputs = CliRunner().invoke(cli, ["analyze", "--by", by, early, corrected])
        export = CliRunner().invoke(cli, ["analyze", "--by", by, out])
        assert export.stdout == inputs.stdout
        assert "no matchpoints" not in export.stderr


def test_an_older_export_analysed_alone_leaves_out_the_result_a_correction_replaces(tmp_path: Path) -> None:
    # An export made before the replaced column holds the corrected result unmarked: counted twice, 4
    # results where its inputs count 3.
    early = traveller(tmp_path / "club.pbn", ROWS)
    corrected = lin_table(tmp_path / "corrected.lin", "s3,w13,n3,e13", 10)
    out = tmp_path / "night.parquet"
    export_files([early, corrected], out)
    older = tmp_path / "older.parquet"
    table = pq.read_table(out)
    pq.write_table(table.drop_columns(["replaced"]), older)
    wanted = ["file", "section", "ns_pair", "ew_pair", "contract", "field_size", "mp_ns"]
    from_inputs, _ = load_results([early, corrected], wanted)
    from_older, _ = load_results([older], wanted)


    assert frame_rows(from_older) == frame_rows(from_inputs)


NUMBERED = COLUMNS.replace('Names_NS;Names_EW;', "")
"""A ScoreTable that tells its tables by their pair numbers only (no players' names)."""
NUMBERED_ROWS = ['A 1 11 4H E 10 - 420', 'A 2 12 4H E 9 50 -', 'A 3 13 4H E 11 - 450']


@pytest.mark.parametrize("section", ["A ", ""])
def test_a_scoretable_row_sent_again_by_its_pair_numbers_replaces_the_earlier_row(tmp_path: Path,
                                                                                  section: str) -> None:
    # Law 79C: it was scored as a section of its own (a field of 1), the uncorrected -450 kept.
    columns = NUMBERED if section else NUMBERED.removeprefix("Section\\1R;")
    early = traveller(tmp_path / "club.pbn", [row.removeprefix("A ") for row in NUMBERED_ROWS]
                      if not section else NUMBERED_ROWS, columns)
    corrected = traveller(tmp_path / "correction.pbn", [f"{section}3 13 4H E 10 - 420"], columns)
    rows, _ = exported(tmp_path, [early, corrected])
    assert rows["correction.pbn"] == [(3, 1.0)]
    assert rows["club.pbn"] == [(3, 1.0), (3, 4.0), (None, None)]


def test_a_correction_by_pair_numbers_is_said_naming_the_table_and_both_scores(tmp_path: Path) -> None:
    # It was said as two sections: "scored apart from club.pbn: North-South pair 3 plays board 1 in both".
    early = traveller(tmp_path / "club.pbn", NUMBERED_ROWS, NUMBERED)
    corrected = traveller(tmp_path / "correction.pbn", ['3 13 4H E 10 - 420'],
                          NUMBERED.removeprefix("Section\\1R;"))
    _, told = exported(tmp_path, [early, corrected])
    assert told == [f"{corrected}: board 1 again with North-South pair 3 and East-West pair 13 of {early}: a "
                    "pair plays a board once, so the later result (NS -420) replaces the earlier (NS -450: a "
                    "corrected result), left out of its field"]


def test_analyze_by_pair_ranks_the_pairs_by_the_corrected_score(tmp_path: Path) -> None:
    # Before the correction NS 3 has 0 (-450, below both); after it ties NS 1 at -420.
    from click.testing import CliRunner

    from bridgetools.cli import cli

    early = traveller(tmp_path / "club.pbn", NUMBERED_ROWS, NUMBERED)
    corrected = traveller(tmp_path / "correction.pbn", ['A 3 13 4H E 10 - 420'], NUMBERED)

    def matchpoints(*files: str) -> list[list[tuple[str, float]]]:
        frame, _ = load_results(list(files), [*RANKED, "contract"])
        return [sorted((entry.pair, entry.matchpoints) for entry in ranking.pairs)
                for ranking in pair_rankings(frame).rankings]

    assert matchpoints(early) == [[("1", 2.0), ("2", 4.0), ("3", 0.0)],
                                  [("11", 2.0), ("12", 0.0), ("13", 4.0)]]
    assert matchpoints(early, corrected) == [[("1", 1.0), ("2", 4.0), ("3", 1.0)],
                                             [("11", 3.0), ("12", 0.0), ("13", 3.0)]]
    result = CliRunner().invoke(cli, ["analyze", early, corrected, "--by", "pair"])
    assert result.exit_code == 0 and "scored apart" not in result.stderr
    assert "replaces the earlier" in result.stderr


def test_a_file_giving_most_of_a_sections_tables_again_with_other_results_is_another_section(
        tmp_path: Path) -> None:
    # Two sections' files numbering their pairs alike on one movement, one result equal by chance: the
    # rest is no correction of section A (a guard: the rule corrects a few results, not most), and the
    # equal one is section B's own, no repeat (`test_another_sections_equal_result_is_no_repeat`).
    early = traveller(tmp_path / "a.pbn", [row.removeprefix("A ") for row in NUMBERED_ROWS],
                      NUMBERED.removeprefix("Section\\1R;"))
    other = traveller(tmp_path / "b.pbn", ['1 11 4H E 10 - 420', '2 12 4H E 10 - 420', '3 13 4H E 10 - 420'],
                      NUMBERED.removeprefix("Section\\1R;"))
    rows, told = exported(tmp_path, [early, other])
    assert not any("replaces the earlier" in line for line in told)
    assert rows["b.pbn"] == [(3, 2.0), (3, 2.0), (3, 2.0)]


def session(path: Path, boards: int, rows: list[str], columns: str) -> str:
    """A club's PBN file of ``boards`` boards (board 1's deal each time) with these ScoreTable rows each."""
    board_1 = Path(traveller(path, rows, columns)).read_text(encoding="utf-8")
    path.write_text("\n".join(board_1.replace('[Board "1"]', f'[Board "{board}"]')
                              for board in range(1, boards + 1)), encoding="utf-8")
    return str(path)


def test_another_sections_traveller_of_one_board_corrects_no_result_of_a_session(tmp_path: Path) -> None:
    # Two sections numbering their pairs alike, the second's board 1 sent alone: its three tables were taken
    # as three corrections of the first's (a few of the session's twelve), its results replacing theirs.
    columns = NUMBERED.removeprefix("Section\\1R;")
    early = session(tmp_path / "a.pbn", 4, [row.removeprefix("A ") for row in NUMBERED_ROWS], columns)
    other = traveller(tmp_path / "b.pbn", ['1 11 4H E 11 - 450', '2 12 4H E 10 - 420', '3 13 3NT W 9 - 400'],
                      columns)
    rows, told = exported(tmp_path, [early, other])
    assert not any("replaces the earlier" in line for line in told)
    assert rows["a.pbn"][:3] == [(3, 2.0), (3, 4.0), (3, 0.0)]


def test_another_sections_traveller_naming_none_joins_no_section_of_a_session(tmp_path: Path) -> None:
    # The same with the first file's Section tag: the traveller joined section A as its tables corrected.
    early = session(tmp_path / "a.pbn", 4, NUMBERED_ROWS, NUMBERED)
    other = traveller(tmp_path / "b.pbn", ['1 11 4H E 11 - 450', '2 12 4H E 10 - 420', '3 13 3NT W 9 - 400'],
                      NUMBERED.removeprefix("Section\\1R;"))
    rows, told = exported(tmp_path, [early, other])
    assert not any("replaces the earlier" in line for line in told)
    assert rows["a.pbn"][:3] == [(3, 2.0), (3, 4.0), (3, 0.0)]


def test_a_correction_of_one_of_a_boards_two_tables_replaces_it(tmp_path: Path) -> None:
    # One of two is half: the correction was scored apart, a field of one, and the -450 stood.
    columns = NUMBERED.removeprefix("Section\\1R;")
    early = traveller(tmp_path / "club.pbn", ['1 11 4H E 10 - 420', '3 13 4H E 11 - 450'], columns)
    corrected = traveller(tmp_path / "correction.pbn", ['3 13 4H E 10 - 420'], columns)
    rows, told = exported(tmp_path, [early, corrected])
    assert rows["correction.pbn"] == [(2, 1.0)]
    assert any("replaces the earlier (NS -450" in line for line in told)


def test_a_correction_given_before_the_table_it_corrects_is_scored_apart(tmp_path: Path) -> None:
    # docs/analysis.md: given first, the correction is a file of one table, all of it given again later.
    columns = NUMBERED.removeprefix("Section\\1R;")
    corrected = traveller(tmp_path / "correction.pbn", ['3 13 4H E 10 - 420'], columns)
    early = traveller(tmp_path / "club.pbn", ['1 11 4H E 10 - 420', '3 13 4H E 11 - 450'], columns)
    _, told = exported(tmp_path, [corrected, early])
    assert not any("replaces the earlier" in line for line in told)


OTHER_ROWS = ['1 11 4H E 10 - 420', '2 12 4H E 10 - 420', '3 13 3NT W 9 - 400']
"""Another section's tables on the same movement: its table 1's result equals the first section's."""


def test_another_sections_result_equal_to_the_firsts_at_the_same_pair_numbers_is_its_own(
        tmp_path: Path) -> None:
    # Two sections' sessions numbering their pairs alike, no Section tag: the result equal by chance at
    # each board's table 1 was dropped as a repeat of the first section's, its pairs ranked on fewer boards.
    columns = NUMBERED.removeprefix("Section\\1R;")
    early = session(tmp_path / "a.pbn", 4, [row.removeprefix("A ") for row in NUMBERED_ROWS], columns)
    other = session(tmp_path / "b.pbn", 4, OTHER_ROWS, columns)
    rows, told = exported(tmp_path, [early, other])
    assert not any("repeat" in line for line in told)
    assert len(rows["b.pbn"]) == 12
    frame, _ = load_results([early, other], ["file", "contract"])
    played = frame[frame["contract"].notna()]
    assert played["file"].map(lambda name: Path(name).name).value_counts()["b.pbn"] == 12


def test_a_traveller_sent_again_with_one_of_three_results_corrected_repeats_the_other_two(
        tmp_path: Path) -> None:
    # The same judgement the other way: a traveller giving most of a board's tables again with their
    # results is the board sent again, its equal results counted once, the other one a correction.
    columns = NUMBERED.removeprefix("Section\\1R;")
    early = session(tmp_path / "a.pbn", 4, [row.removeprefix("A ") for row in NUMBERED_ROWS], columns)
    again = traveller(tmp_path / "b.pbn", ['1 11 4H E 10 - 420', '2 12 4H E 9 50 -', '3 13 4H E 10 - 420'],
                      columns)
    rows, told = exported(tmp_path, [early, again])
    assert any("2 results repeat" in line for line in told)
    assert any("replaces the earlier" in line for line in told)
    assert rows["b.pbn"] == [(3, 1.0)]


def test_a_session_sent_again_with_one_boards_traveller_rescored_repeats_its_other_boards(
        tmp_path: Path) -> None:
    # Most of board 4's tables given again with other results marked the whole file another section: its
    # results equal to the first file's on boards 1 to 3 were kept, each of those tables counted twice.
    columns = NUMBERED.removeprefix("Section\\1R;")
    rows = [row.removeprefix("A ") for row in NUMBERED_ROWS]
    early = session(tmp_path / "a.pbn", 4, rows, columns)
    rescored = Path(traveller(tmp_path / "board4.pbn", [*OTHER_ROWS[1:], '1 11 3NT W 9 - 400'], columns))
    again = Path(session(tmp_path / "b.pbn", 3, rows, columns))
    again.write_text(again.read_text(encoding="utf-8") + "\n"
                     + rescored.read_text(encoding="utf-8").replace('[Board "1"]', '[Board "4"]'),
                     encoding="utf-8")
    played, told = exported(tmp_path, [early, str(again)])
    assert any("9 results repeat" in line for line in told)
    assert len(played["b.pbn"]) == 3
    frame, _ = load_results([early, str(again)], ["file", "contract"])
    kept = frame[frame["contract"].notna()]
    assert kept["file"].map(lambda name: Path(name).name).value_counts()["b.pbn"] == 3


def test_another_sections_file_exported_in_batches_keeps_its_results_as_analyze_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A batch's tables were weighed against all of the first file's: board 1's equal results dropped by
    # an export reading three boards at a time, kept by analyze, which weighs the whole file.
    import functools

    from bridgetools.analysis import export

    columns = NUMBERED.removeprefix("Section\\1R;")
    rows = [row.removeprefix("A ") for row in NUMBERED_ROWS]
    early = session(tmp_path / "a.pbn", 4, rows, columns)
    equal = Path(traveller(tmp_path / "board1.pbn", rows, columns)).read_text(encoding="utf-8")
    other = Path(session(tmp_path / "b.pbn", 4, [*OTHER_ROWS[1:], '1 11 3NT W 9 - 400'], columns))
    boards = other.read_text(encoding="utf-8").split('[Event "Club Pairs"]')
    other.write_text('[Event "Club Pairs"]'.join([*boards[:1], equal.split('[Event "Club Pairs"]')[1],
                                                  *boards[2:]]), encoding="utf-8")
    monkeypatch.setattr(export, "sessions", functools.partial(export.sessions, size=3))
    played, _ = exported(tmp_path, [early, str(other)])
    frame, _ = load_results([early, str(other)], ["file", "contract"])
    kept = frame[frame["contract"].notna()]["file"].map(lambda name: Path(name).name)
    assert len(played["b.pbn"]) == kept.value_counts()["b.pbn"] == 12
