"""Pair rankings of results that name their players but no pair numbers (BBO LIN), worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.analysis.pipeline import load_results
from bridgetools.analysis.ranking import COLUMNS, PairRankings, Ranking, pair_rankings, render_rankings
from bridgetools.cli import cli

DEAL = "N:Q4.732.KT42.QJT3 T87.A865.AJ.K976 AJ9632.94.9765.2 K5.KQJT.Q83.A854"
MD = "3SAJ9632H94D9765C2,SK5HKQJTDQ83CA854,SQ4H732DKT42CQJT3,ST87HA865DAJCK976"
"""Board 1's deal (dealer North, nobody vulnerable), as PBN and LIN give it: East can make 4H."""


def lin_table(path: Path, seats: str, tricks: dict[int, int]) -> str:
    """A BBO LIN file of one table (``seats``: North, East, South, West) playing each board of ``tricks``
    (one deal, nobody vulnerable), East in 4H taking that many tricks: 10 is -420 to North-South, 9
    +50."""
    north, east, south, west = seats.split(",")
    path.write_text("".join(f"pn|{south},{west},{north},{east}|st||md|{MD}|rh||ah|Board {board}|sv|o|"
                            f"mb|p|mb|4H|mb|p|mb|p|mb|p|mc|{took}|\n" for board, took in tricks.items()),
                    encoding="utf-8")
    return str(path)


def ranked(paths: list[str]) -> PairRankings:
    frame, problems = load_results(paths, COLUMNS)
    assert problems == []
    return pair_rankings(frame)


def table(ranking: Ranking) -> list[tuple[str, str, str | None, int, float, float]]:
    """Each pair's rank, number, names, boards, matchpoints and top."""
    return [(p.rank, p.pair, p.names, p.boards, round(p.matchpoints, 4), p.top) for p in ranking.pairs]


def by_direction(rankings: PairRankings) -> dict[str | None, Ranking]:
    return {r.direction: r for r in rankings.rankings}


def two_tables(tmp_path: Path, second: str = "Ed,Gus,Flo,Hal") -> list[str]:
    """Two tables of a Mitchell, boards 1 and 2: -420 and +50 on board 1, -420 at both on board 2."""
    return [lin_table(tmp_path / "table01.lin", "Ann,Cy,Bob,Di", {1: 10, 2: 10}),
            lin_table(tmp_path / "table02.lin", second, {1: 9, 2: 10})]


def test_results_naming_players_but_no_pair_numbers_are_ranked_by_their_players(tmp_path: Path) -> None:
    # Board 1: Ed - Flo's +50 beats Ann - Bob's -420 (2 of 2); board 2 a tie (1 each). North-South
    # numbered first, in the order they appear, then East-West.
    rankings = ranked(two_tables(tmp_path))
    assert rankings.left_out == ()
    ranking = by_direction(rankings)
    assert table(ranking["NS"]) == [("1", "2", "Ed - Flo", 2, 3.0, 4.0), ("2", "1", "Ann - Bob", 2, 1.0, 4.0)]
    assert table(ranking["EW"]) == [("1", "3", "Cy - Di", 2, 3.0, 4.0), ("2", "4", "Gus - Hal", 2, 1.0, 4.0)]


def test_a_pairs_names_tell_it_whatever_their_order_case_and_spacing(tmp_path: Path) -> None:
    paths = two_tables(tmp_path)
    paths.append(lin_table(tmp_path / "table01b.lin", "BOB,Di , ann,cy", {3: 10}))
    paths.append(lin_table(tmp_path / "table02b.lin", "Ed,Gus,Flo,Hal", {3: 9}))
    ranking = by_direction(ranked(paths))
    assert [(p.pair, p.names, p.boards) for p in ranking["NS"].pairs] == [("2", "Ed - Flo", 3),
                                                                          ("1", "Ann - Bob", 3)]
    assert [(p.pair, p.boards) for p in ranking["EW"].pairs] == [("3", 3), ("4", 3)]


def test_placeholder_names_identify_no_pair(tmp_path: Path) -> None:
    rankings = ranked(two_tables(tmp_path, second="?,Robot,North,GIB"))
    assert [(p.names, p.boards) for r in rankings.rankings for p in r.pairs] == [("Ann - Bob", 2),
                                                                                ("Cy - Di", 2)]
    assert any(line.endswith("table02.lin: 2 results name no pair (no PairId_NS or PairId_EW, nor two "
                             "players' names): left out of the pair rankings") for line in rankings.left_out)


def test_a_pair_named_on_both_sides_of_the_table_makes_one_ranking(tmp_path: Path) -> None:
    # Ann - Bob sit East-West on board 2: a Howell, one ranking of the four pairs.
    paths = [lin_table(tmp_path / "table01.lin", "Ann,Cy,Bob,Di", {1: 10}),
             lin_table(tmp_path / "table02.lin", "Ed,Gus,Flo,Hal", {1: 9}),
             lin_table(tmp_path / "table01b.lin", "Cy,Ann,Di,Bob", {2: 10}),
             lin_table(tmp_path / "table02b.lin", "Gus,Ed,Hal,Flo", {2: 9})]
    rankings = ranked(paths)
    assert [r.direction for r in rankings.rankings] == [None]
    assert [(p.names, p.boards, p.matchpoints) for p in rankings.rankings[0].pairs] == [
        ("Ann - Bob", 2, 2.0), ("Ed - Flo", 2, 2.0), ("Cy - Di", 2, 2.0), ("Gus - Hal", 2, 2.0)]


PBN_COLUMNS = "PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result;Score_NS;Score_EW"


def traveller(path: Path, boards: dict[int, list[str]]) -> str:
    """A club's PBN file: each board's ScoreTable rows (one deal, nobody vulnerable)."""
    path.write_text("".join("\n".join(['[Event "Club Pairs"]', '[Date "2026.12.07"]', f'[Board "{board}"]',
                                       '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL}"]',
                                       '[Scoring "MP"]', f'[ScoreTable "{PBN_COLUMNS}"]', *rows]) + "\n\n"
                            for board, rows in boards.items()), encoding="utf-8")
    return str(path)


def test_a_late_result_naming_a_numbered_pairs_players_is_that_pairs(tmp_path: Path) -> None:
    # Pairs 1 and 2 play board 1; board 2's traveller has pair 1 only, pair 2's result comes late as LIN.
    club = traveller(tmp_path / "club.pbn", {
        1: ['1 11 "Ann;Bob" "Cy;Di" 4H E 10 - 420', '2 12 "Ed;Flo" "Gus;Hal" 4H E 9 50 -'],
        2: ['1 12 "Ann;Bob" "Gus;Hal" 4H E 10 - 420']})
    late = lin_table(tmp_path / "late.lin", "flo,Di,ed,Cy", {2: 9})
    rankings = ranked([club, late])
    assert rankings.left_out == ()  # "ed - flo" is "Ed - Flo", no pair named twice
    ranking = by_direction(rankings)
    assert table(ranking["NS"]) == [("1", "2", "Ed - Flo", 2, 4.0, 4.0), ("2", "1", "Ann - Bob", 2, 0.0, 4.0)]
    assert table(ranking["EW"]) == [("1=", "11", "Cy - Di", 2, 2.0, 4.0),
                                    ("1=", "12", "Gus - Hal", 2, 2.0, 4.0)]


def test_a_late_result_of_players_no_numbered_pair_has_is_numbered_after_the_sessions_pairs(
        tmp_path: Path) -> None:
    club = traveller(tmp_path / "club.pbn", {
        1: ['1 11 "Ann;Bob" "Cy;Di" 4H E 10 - 420', '2 12 "Ed;Flo" "Gus;Hal" 4H E 9 50 -']})
    late = lin_table(tmp_path / "late.lin", "Ivy,Jo,Kim,Lee", {1: 9})
    ranking = by_direction(ranked([club, late]))
    assert [(p.pair, p.names) for p in ranking["NS"].pairs] == [("2", "Ed - Flo"), ("13", "Ivy - Kim"),
                                                                ("1", "Ann - Bob")]
    assert [(p.pair, p.names) for p in ranking["EW"].pairs][-1] == ("14", "Jo - Lee")


def test_analyze_by_pair_ranks_lin_tables_naming_their_players(tmp_path: Path) -> None:
    paths = two_tables(tmp_path)
    result = CliRunner().invoke(cli, ["analyze", *paths, "--by", "pair"])
    assert result.exit_code == 0, result.output
    assert "name no pair" not in result.stderr
    assert result.stdout.splitlines()[0].endswith("table01.lin and 1 other file: North-South (Mitchell)")
    assert result.stdout.splitlines()[2].split() == ["1", "2", "Ed", "-", "Flo", "2", "3", "4", "75.00"]


def test_each_figure_column_of_a_text_ranking_has_one_number_of_decimals(tmp_path: Path) -> None:
    # Board 1 at three tables, board 2 at two (pairs 1 and 2): Neuberg brings board 2's 2 and 0 of 2 to
    # 3.5 and 0.5 of 4, so one pair's matchpoints are whole (pair 3's 1 on board 1 alone), others not.
    club = traveller(tmp_path / "club.pbn", {
        1: ['1 11 "Ann;Bob" "Cy;Di" 4H E 9 50 -', '2 12 "Ed;Flo" "Gus;Hal" 4H E 10 - 420',
            '3 13 "Ivy;Kim" "Jo;Lee" 4H E 10 - 420'],
        2: ['1 12 "Ann;Bob" "Gus;Hal" 4H E 9 50 -', '2 13 "Ed;Flo" "Jo;Lee" 4H E 10 - 420']})
    ranking = by_direction(ranked([club]))["NS"]
    assert [p.matchpoints for p in ranking.pairs] == [7.5, 1.0, 1.5]
    lines = render_rankings([ranking]).splitlines()
    assert [line.split()[-3] for line in lines[2:]] == ["7.50", "1.00", "1.50"]


def test_a_pairs_table_again_in_another_case_is_its_result_corrected_not_a_board_played_twice(
        tmp_path: Path) -> None:
    # "ann - bob" is "Ann - Bob" in the ranking, so the four at board 1 again are a correction: it
    # was a third table of board 1, the pair warned of playing it twice.
    paths = two_tables(tmp_path)
    fix = lin_table(tmp_path / "table01_fix.lin", "ann,CY,bob,di", {1: 9})
    told: list[str] = []
    frame, _ = load_results([*paths, fix], COLUMNS, on_issue=told.append)
    rankings = pair_rankings(frame)
    ranking = by_direction(rankings)
    assert table(ranking["NS"]) == [("1=", "1", "Ann - Bob", 2, 2.0, 4.0),
                                    ("1=", "2", "Ed - Flo", 2, 2.0, 4.0)]
    assert rankings.left_out == ()
    assert [line.split(" (N ")[0] for line in told] == [
        f"{fix}: board 1 again with the players of {paths[0]}"]


def test_a_player_partnered_by_robots_is_ranked_by_the_players_name(tmp_path: Path) -> None:
    # A BBO robot game: each player sits South, robots (~~M ids, new at each table) in the other seats.
    # The robots were ranked as pairs, and Ann as two pairs, one with each partner.
    paths = [lin_table(tmp_path / "ann1.lin", "~~M101,~~M102,Ann,~~M103", {1: 10}),
             lin_table(tmp_path / "ann2.lin", "~~M111,~~M112,Ann,~~M113", {2: 10}),
             lin_table(tmp_path / "bob.lin", "~~M201,~~M202,Bob,~~M203", {1: 9, 2: 10})]
    rankings = ranked(paths)
    assert [(r.direction, table(r)) for r in rankings.rankings] == [
        ("NS", [("1", "2", "Bob", 2, 3.0, 4.0), ("2", "1", "Ann", 2, 1.0, 4.0)])]
    assert rankings.left_out == ()


@pytest.mark.parametrize("north, south", [("王", "李"), ("A", "Bob")])
def test_a_player_named_by_one_letter_is_a_person_in_the_ranking(tmp_path: Path, north: str, south: str
                                                                 ) -> None:
    # A Chinese name of one character, a player entered by an initial: the pair was left out of the
    # ranking, unsaid, as a placeholder's (only a seat's letter, N E S W, names no one).
    paths = [lin_table(tmp_path / "t1.lin", f"{north},Cy,{south},Di", {1: 10, 2: 10}),
             lin_table(tmp_path / "t2.lin", "Ed,Gus,Flo,Hal", {1: 9, 2: 9})]
    rankings = ranked(paths)
    assert [(p.names, p.boards) for p in by_direction(rankings)["NS"].pairs] == [
        ("Ed - Flo", 2), (f"{north} - {south}", 2)]


def test_a_side_naming_no_pair_opposite_a_named_one_is_said_to_be_left_out(tmp_path: Path) -> None:
    # North is "?": Ann's results were left out of the North-South ranking unsaid, as Cy - Di named theirs.
    paths = [lin_table(tmp_path / "t1.lin", "?,Cy,Ann,Di", {1: 10, 2: 10}),
             lin_table(tmp_path / "t2.lin", "Ed,Gus,Flo,Hal", {1: 9, 2: 9})]
    rankings = ranked(paths)
    assert [line.split(" (")[0] for line in rankings.left_out] == [
        f"{paths[0]}: 2 results name no North-South pair"]


def test_a_robot_pair_opposite_a_player_is_not_said_to_be_left_out(tmp_path: Path) -> None:
    rankings = ranked([lin_table(tmp_path / "ann.lin", "~~M101,~~M102,Ann,~~M103", {1: 10}),
                       lin_table(tmp_path / "bob.lin", "~~M201,~~M202,Bob,~~M203", {1: 9})])
    assert rankings.left_out == ()


def test_a_robot_substituting_for_a_partner_plays_for_that_pair(tmp_path: Path) -> None:
    # Bob left after board 1 and a robot played board 2 for him: Ann - Bob's two boards, not "Ann" a pair
    # of her own with one board.
    paths = [lin_table(tmp_path / "t1a.lin", "Ann,Cy,Bob,Di", {1: 10}),
             lin_table(tmp_path / "t1b.lin", "Ann,Cy,~~M555,Di", {2: 10}),
             lin_table(tmp_path / "t2.lin", "Ed,Gus,Flo,Hal", {1: 9, 2: 9})]
    ranking = by_direction(ranked(paths))
    assert table(ranking["NS"]) == [("1", "2", "Ed - Flo", 2, 4.0, 4.0), ("2", "1", "Ann - Bob", 2, 0.0, 4.0)]
