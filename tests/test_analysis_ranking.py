"""Pair rankings of a pairs session, on small sessions whose figures are worked out by hand here."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.analysis.ranking import PairRankings, Ranking, pair_rankings, render_rankings
from bridgetools.cli import cli
from bridgetools.formats import dumps, loads

DEAL = "N:AQT8.KQ8753.86.8 K72.A942.KQ3.AQ2 J95.JT.AT2.T9654 643.6.J9754.KJ73"
COLUMNS = "PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result;Score_NS;Score_EW"


def session(boards: dict[int, list[str]], scoring: str = "MP", columns: str = COLUMNS) -> PairRankings:
    """The rankings of a session whose boards (all nobody vulnerable, one deal) have these ScoreTable
    rows."""
    return pair_rankings(results(boards, scoring, columns))


def results(boards: dict[int, list[str]], scoring: str = "MP", columns: str = COLUMNS,
            file: str | None = None, deal: str = DEAL) -> pd.DataFrame:
    """The `boards` frame of `session`'s file (named ``file``), every board dealt ``deal``."""
    games = []
    for number, rows in boards.items():
        games.append("\n".join([f'[Event "Club"]\n[Date "2026.12.07"]\n[Board "{number}"]', '[Dealer "N"]',
                                '[Vulnerable "None"]', f'[Deal "{deal}"]', f'[Scoring "{scoring}"]',
                                f'[ScoreTable "{columns}"]', *rows]) + "\n")
    frame = bt.to_dataframe(loads("\n".join(games), "pbn"))
    return frame if file is None else frame.assign(file=file)


def row(ns: int, ew: int, contract: str, tricks: int, names: tuple[str, str] | None = None) -> str:
    """A ScoreTable row of pairs ``ns`` and ``ew`` (named after their number, else ``names``): North
    declared ``contract`` and took ``tricks``, nobody vulnerable."""
    score = bt.score(bt.Contract.from_str(contract), tricks, False)
    cells = f"{score} -" if score >= 0 else f"- {-score}"
    ns_names, ew_names = names or (f"N{ns} - S{ns}", f"E{ew} - W{ew}")
    return f'{ns} {ew} "{ns_names}" "{ew_names}" "{contract}" N {tricks} {cells}'


def other(ns: int, ew: int, contract: str, tricks: int) -> str:
    """A `row` of another section's pairs ``ns`` and ``ew``: other players (the same four players at one
    board in two files are a result and its correction)."""
    return row(ns, ew, contract, tricks, (f"Nb{ns} - Sb{ns}", f"Eb{ew} - Wb{ew}"))


def adjusted(ns: int, ew: int, ns_pct: str, ew_pct: str) -> str:
    """A ScoreTable row of a director's artificial adjusted score (``^60%``)."""
    return f'{ns} {ew} "N{ns} - S{ns}" "E{ew} - W{ew}" "A+" - - "{ns_pct}" "{ew_pct}"'


def table(ranking: Ranking) -> list[tuple[str, str, int, float, float]]:
    """Each pair's rank, number, boards, matchpoints and top."""
    return [(p.rank, p.pair, p.boards, round(p.matchpoints, 4), p.top) for p in ranking.pairs]


def by_direction(rankings: PairRankings) -> dict[str | None, Ranking]:
    return {r.direction: r for r in rankings.rankings}


def test_pairs_with_the_same_percentage_share_a_rank() -> None:
    # Board 1 at three tables: 420, 420, -50; top 4. NS 1 and 2 have 3 each, NS 3 none.
    ranked = by_direction(session({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 10),
                                       row(3, 3, "4H", 9)]}))
    assert table(ranked["NS"]) == [("1=", "1", 1, 3.0, 4.0), ("1=", "2", 1, 3.0, 4.0),
                                   ("3", "3", 1, 0.0, 4.0)]
    assert [p.rank for p in ranked["EW"].pairs] == ["1", "2=", "2="]


def test_a_sit_out_pairs_percentage_is_over_the_boards_it_played() -> None:
    # Board 1: 420, 400, 400 (top 4: NS1 4, NS2 1, NS3 1). Board 2, NS 3 sitting out: 420, 400 (top 2).
    ranked = by_direction(session({1: [row(1, 1, "4H", 10), row(2, 2, "3NT", 9), row(3, 3, "3NT", 9)],
                                   2: [row(1, 2, "4H", 11), row(2, 3, "4H", 10)]}))
    ns3 = next(p for p in ranked["NS"].pairs if p.pair == "3")
    assert (ns3.boards, ns3.matchpoints, ns3.top, ns3.percentage) == (1, 1.0, 4.0, 25.0)


def test_a_board_played_fewer_times_is_brought_to_the_common_top_by_neuberg() -> None:
    # Board 1 at three tables (top 4); board 2 at two (top 2). NS 1's top on board 2, 2 of 2, is
    # (2 + 1) x 3 / 2 - 1 = 3.5 of 4, so each board weighs alike: (4 + 3.5) / 8; NS 2's bottom 0.5 of 4.
    ranked = by_direction(session({1: [row(1, 1, "4H", 10), row(2, 2, "3NT", 9), row(3, 3, "3NT", 9)],
                                   2: [row(1, 2, "4H", 11), row(2, 3, "4H", 10)]}))
    assert table(ranked["NS"]) == [("1", "1", 2, 7.5, 8.0), ("2", "3", 1, 1.0, 4.0),
                                   ("3", "2", 2, 1.5, 8.0)]


def test_an_adjusted_score_on_a_short_board_is_its_percentage_of_the_common_top() -> None:
    # Board 2 at two tables, NS 2 given 60%: 60% of the common top 4 (2.4), not of board 2's top 2.
    # NS 1's 450, the one result played, is 1 of 2 (Neuberg from one result to two), (1 + 1) x 3 / 2 - 1 = 2
    # of 4; East-West 3 has 3 of 4 on board 1 and 40% of 4 on board 2.
    ranked = by_direction(session({1: [row(1, 1, "4H", 10), row(2, 2, "3NT", 9), row(3, 3, "3NT", 9)],
                                   2: [row(1, 2, "4H", 11), adjusted(2, 3, "^60%", "^40%")]}))
    assert {p.pair: round(p.matchpoints, 4) for p in ranked["NS"].pairs} == {"1": 6.0, "2": 3.4, "3": 1.0}
    assert {p.pair: round(p.matchpoints, 4) for p in ranked["EW"].pairs}["3"] == 3.0 + 1.6


def test_each_deal_of_a_fouled_board_counts_as_one_board_on_the_common_top() -> None:
    # Board 1 fouled: three tables played one deal (top 4), two another (top 2, factored to 4).
    other = "N:K72.A942.KQ3.AQ2 AQT8.KQ8753.86.8 J95.JT.AT2.T9654 643.6.J9754.KJ73"
    frame = pd.concat([results({1: [row(1, 1, "4H", 10), row(2, 2, "3NT", 9), row(3, 3, "3NT", 9)]}),
                       results({1: [row(4, 4, "4H", 11), row(5, 5, "4H", 10)]}, deal=other)])
    # NS 1 4 of 4, NS 2 and 3 1 each; NS 4's top on the other deal (2 + 1) x 3 / 2 - 1 = 3.5, NS 5 0.5.
    ranked = by_direction(pair_rankings(frame))
    assert table(ranked["NS"]) == [("1", "1", 1, 4.0, 4.0), ("2", "4", 1, 3.5, 4.0), ("3=", "2", 1, 1.0, 4.0),
                                   ("3=", "3", 1, 1.0, 4.0), ("5", "5", 1, 0.5, 4.0)]


def test_a_sit_out_pair_with_a_better_average_ranks_above_one_with_more_matchpoints() -> None:
    # Board 1: 420, -50, 450; board 2, NS 3 sitting out: 450, 420. NS 3 has 4 of 4 (100%), NS 1 has
    # 2 + 2 = 4 of 6, more matchpoints than NS 3 but a lower percentage.
    ranked = by_direction(session({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 9),
                                       row(3, 3, "4H", 11)],
                                   2: [row(1, 2, "4H", 11), row(2, 3, "4H", 10)]}))
    assert [(p.rank, p.pair) for p in ranked["NS"].pairs][:2] == [("1", "3"), ("2", "1")]


def test_a_mitchells_north_south_and_east_west_pairs_are_ranked_apart() -> None:
    # NS pair 1 and EW pair 1 are two pairs: each direction numbers its own pairs.
    rankings = session({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 9)],
                        2: [row(1, 2, "4H", 10), row(2, 1, "4H", 10)]})
    assert [(r.direction, r.movement) for r in rankings.rankings] == [("NS", "Mitchell"), ("EW", "Mitchell")]
    assert [(p.pair, p.names) for p in by_direction(rankings)["EW"].pairs] == [("2", "E2 - W2"),
                                                                               ("1", "E1 - W1")]


def test_a_mitchell_numbering_its_pairs_through_is_ranked_by_direction() -> None:
    # NS 1-2, EW 3-4: no pair ever sat East-West and North-South.
    rankings = session({1: [row(1, 3, "4H", 10), row(2, 4, "4H", 9)]})
    assert [(r.direction, [p.pair for p in r.pairs]) for r in rankings.rankings] == [
        ("NS", ["1", "2"]), ("EW", ["4", "3"])]


def test_a_howell_is_ranked_as_one_field() -> None:
    # Board 1: 1-2 +420, 3-4 +400. Board 2: 4-1 +110, 2-3 +140. Pair 1 4/4, 2 and 4 2/4, 3 0/4.
    rankings = session({1: [row(1, 2, "4H", 10), row(3, 4, "3NT", 9)],
                        2: [row(4, 1, "2H", 8), row(2, 3, "2H", 9)]})
    assert [(r.direction, r.movement) for r in rankings.rankings] == [(None, "Howell")]
    assert table(rankings.rankings[0]) == [("1", "1", 2, 4.0, 4.0), ("2=", "2", 2, 2.0, 4.0),
                                           ("2=", "4", 2, 2.0, 4.0), ("4", "3", 2, 0.0, 4.0)]


def test_an_adjusted_score_counts_as_the_director_gave_it_to_each_side() -> None:
    # 420 and 400 played, table 3 given 60% each way (neither side at fault); top 4.
    # Played: Neuberg to three tables, (2 + 1) x 3 / 2 - 1 = 3.5 and (0 + 1) x 3 / 2 - 1 = 0.5.
    ranked = by_direction(session({1: [row(1, 1, "4H", 10), row(2, 2, "3NT", 9),
                                       adjusted(3, 3, "^60%", "^60%")]}))
    assert {p.pair: round(p.matchpoints, 4) for p in ranked["NS"].pairs} == {"1": 3.5, "2": 0.5, "3": 2.4}
    assert {p.pair: round(p.matchpoints, 4) for p in ranked["EW"].pairs} == {"1": 0.5, "2": 3.5, "3": 2.4}


def test_each_section_is_ranked_apart() -> None:
    columns = "Section;" + COLUMNS
    rankings = session({1: ["A " + row(1, 1, "4H", 10), "A " + row(2, 2, "4H", 9),
                            "B " + row(1, 1, "4H", 9), "B " + row(2, 2, "4H", 9)]},
                       columns=columns)
    assert [(r.section, r.direction, table(r)[0][:2]) for r in rankings.rankings] == [
        ("A", "NS", ("1", "1")), ("A", "EW", ("1", "2")), ("B", "NS", ("1=", "1")), ("B", "EW", ("1=", "1"))]


def test_two_files_of_one_session_are_one_ranking() -> None:
    # Rounds in two files (boards 1 and 2): NS 1 has 2 of 2 on each, EW 1 and 2 one top each.
    frame = pd.concat([results({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 9)]}, file="early.pbn"),
                       results({2: [row(1, 2, "4H", 10), row(2, 1, "4H", 9)]}, file="late.pbn")])
    ranked = pair_rankings(frame)
    assert [table(r) for r in ranked.rankings] == [
        [("1", "1", 2, 4.0, 4.0), ("2", "2", 2, 0.0, 4.0)],
        [("1=", "1", 2, 2.0, 4.0), ("1=", "2", 2, 2.0, 4.0)]]


def test_files_of_one_session_whose_pairs_share_numbers_are_ranked_apart() -> None:
    # Two sections in two files with no Section tag: NS 1 of each played board 1.
    frame = pd.concat([results({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 9)]}, file="a.pbn"),
                       results({1: [other(1, 1, "4H", 9), other(2, 2, "4H", 10)]}, file="b.pbn")])
    ranked = pair_rankings(frame)
    assert [(r.file, r.direction, table(r)[0]) for r in ranked.rankings] == [
        ("a.pbn", "NS", ("1", "1", 1, 2.0, 2.0)), ("a.pbn", "EW", ("1", "2", 1, 2.0, 2.0)),
        ("b.pbn", "NS", ("1", "2", 1, 2.0, 2.0)), ("b.pbn", "EW", ("1", "1", 1, 2.0, 2.0))]
    assert ranked.rankings[0].title == "Club, 2026.12.07, a.pbn: North-South (Mitchell)"
    assert ranked.left_out == ("b.pbn: scored apart from a.pbn: North-South pair 1 plays board 1 in both, "
                               "and a pair plays a board once, so each is a section (or session) of its own, "
                               "a field apart (a Section tag in each names its section)",)


def text(boards: dict[int, list[str]]) -> str:
    """The PBN text of `session`'s file."""
    return "\n".join("\n".join([f'[Event "Club"]\n[Date "2026.12.07"]\n[Board "{number}"]', '[Dealer "N"]',
                                '[Vulnerable "None"]', f'[Deal "{DEAL}"]', '[Scoring "MP"]',
                                f'[ScoreTable "{COLUMNS}"]', *rows]) + "\n"
                     for number, rows in boards.items())


def test_a_late_file_that_could_be_of_either_untagged_section_is_ranked_with_neither(tmp_path: Path) -> None:
    # Sections a and b number their pairs 1 and 2; a third table came in late: NS 3 and EW 3, 4H= (420).
    # Nothing says whose: it was ranked with whichever section's file came first.
    from bridgetools.analysis.pipeline import load_results
    from bridgetools.analysis.ranking import COLUMNS as RANKED

    files = {"a.pbn": {1: [row(1, 1, "4H", 10), row(2, 2, "4H", 9)]},
             "b.pbn": {1: [other(1, 1, "4H", 9), other(2, 2, "4H", 11)]},
             "late.pbn": {1: [row(3, 3, "4H", 10)]}}
    for name, boards in files.items():
        (tmp_path / name).write_text(text(boards))
    frame, _ = load_results([str(tmp_path / name) for name in files], [*RANKED, "contract"])
    ranked = pair_rankings(frame)
    assert [(r.direction, table(r)) for r in ranked.rankings] == [
        ("NS", [("1", "1", 1, 2.0, 2.0), ("2", "2", 1, 0.0, 2.0)]),
        ("EW", [("1", "2", 1, 2.0, 2.0), ("2", "1", 1, 0.0, 2.0)]),
        ("NS", [("1", "2", 1, 2.0, 2.0), ("2", "1", 1, 0.0, 2.0)]),
        ("EW", [("1", "1", 1, 2.0, 2.0), ("2", "2", 1, 0.0, 2.0)])]
    assert [r.file for r in ranked.rankings] == [str(tmp_path / "a.pbn")] * 2 + [str(tmp_path / "b.pbn")] * 2


def test_an_imp_pairs_session_totals_and_ranks_each_pairs_butler_imps() -> None:
    # 420, 400, -50: the datum drops the highest and lowest, 400; NS +1 (20), 0, -10 (450); EW the negation.
    ranked = by_direction(session({1: [row(1, 1, "4H", 10), row(2, 2, "3NT", 9), row(3, 3, "4H", 9)]},
                                  scoring="IMP;Butler"))
    assert ranked["NS"].imps == "Butler"
    assert [(p.rank, p.pair, p.imps, p.imps_per_board) for p in ranked["NS"].pairs] == [
        ("1", "1", 1.0, 1.0), ("2", "2", 0.0, 0.0), ("3", "3", -10.0, -10.0)]
    assert [(p.pair, p.imps) for p in ranked["EW"].pairs] == [("3", 10.0), ("2", 0.0), ("1", -1.0)]


def test_a_result_naming_no_pair_is_left_out_and_said() -> None:
    columns = "Contract;Declarer;Result;Score_NS;Score_EW"
    rankings = session({1: ['"4H" N 10 420 -', '"4H" N 9 - 50']}, columns=columns)
    assert rankings.rankings == ()
    assert rankings.left_out == ("2 results name no pair (no PairId_NS or PairId_EW, nor two players' "
                                 "names): left out of the pair rankings",)


def test_the_text_ranking_has_a_heading_per_direction() -> None:
    rankings = session({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 9)]})
    text = render_rankings(rankings.rankings)
    assert text.splitlines()[:4] == [
        "Club, 2026.12.07: North-South (Mitchell)",
        "rank  pair  names    boards  MP  top       %",
        "1     1     N1 - S1       1   2    2  100.00",
        "2     2     N2 - S2       1   0    2    0.00",
    ]
    assert "Club, 2026.12.07: East-West (Mitchell)" in text


def test_analyze_by_pair_prints_each_pairs_record_as_json(tmp_path: Path) -> None:
    path = tmp_path / "club.pbn"
    path.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
                    f'[ScoreTable "{COLUMNS}"]\n{row(1, 1, "4H", 10)}\n{row(2, 2, "4H", 9)}\n',
                    encoding="ascii")
    result = CliRunner().invoke(cli, ["analyze", str(path), "--by", "pair", "--format", "json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert [(r["direction"], r["rank"], r["pair"], r["names"], r["mp"], r["percentage"])
            for r in records] == [
        ("NS", "1", "1", "N1 - S1", 2.0, 100.0), ("NS", "2", "2", "N2 - S2", 0.0, 0.0),
        ("EW", "1", "2", "E2 - W2", 2.0, 100.0), ("EW", "2", "1", "E1 - W1", 0.0, 0.0)]


def test_a_ranking_written_as_a_total_score_table_reads_back_pair_by_pair() -> None:
    from bridgetools.analysis.ranking import total_score_table

    rankings = session({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 10), row(3, 3, "4H", 9)]})
    board = next(iter(loads(f'[Board "1"]\n[Deal "{DEAL}"]\n', "pbn")))
    board.tables["TotalScoreTable"] = total_score_table(rankings.rankings)
    again = next(iter(loads(dumps([board], "pbn"), "pbn")))
    assert [(r["Rank"], r["PairId"], r["Direction"], r["Names"], r["TotalMP"], r["TotalPercentage"],
             r["NrBoards"]) for r in again.tables["TotalScoreTable"].records()] == [
        ("1", "1", "N-S", "N1;S1", "3", "75.00", "1"), ("1", "2", "N-S", "N2;S2", "3", "75.00", "1"),
        ("3", "3", "N-S", "N3;S3", "0", "0.00", "1"), ("1", "3", "E-W", "E3;W3", "4", "100.00", "1"),
        ("2", "1", "E-W", "E1;W1", "1", "25.00", "1"), ("2", "2", "E-W", "E2;W2", "1", "25.00", "1")]


def test_analyze_by_pair_of_results_naming_no_pair_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "club.pbn"
    path.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
                    '[ScoreTable "Contract;Declarer;Result;Score_NS;Score_EW"]\n'
                    '"4H" N 10 420 -\n"4H" N 9 - 50\n',
                    encoding="ascii")
    result = CliRunner().invoke(cli, ["analyze", str(path), "--by", "pair"])
    assert result.exit_code == 1
    assert "2 results name no pair" in result.stderr
    assert result.stderr.splitlines()[-1].startswith("Error: no pairs to rank: no scored result names")


def two_sittings() -> pd.DataFrame:
    """An afternoon and an evening file, both "Club" on 2026.12.07: other deals, other players."""
    evening = "N:K72.A942.KQ3.AQ2 AQT8.KQ8753.86.8 J95.JT.AT2.T9654 643.6.J9754.KJ73"
    return pd.concat([results({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 9)]}, file="afternoon.pbn"),
                      results({1: [row(1, 1, "4H", 9, ("Ann - Bob", "Cy - Di")),
                                   row(2, 2, "4H", 10, ("Ed - Flo", "Gus - Hal"))]},
                              file="evening.pbn", deal=evening)])


def test_two_sittings_under_one_event_sharing_no_deal_or_player_are_ranked_apart() -> None:
    ranked = pair_rankings(two_sittings())
    north_south = [(r.title, [(p.pair, p.names) for p in r.pairs]) for r in ranked.rankings][::2]
    assert north_south == [
        ("Club, 2026.12.07, afternoon.pbn: North-South (Mitchell)", [("1", "N1 - S1"), ("2", "N2 - S2")]),
        ("Club, 2026.12.07, evening.pbn: North-South (Mitchell)", [("2", "Ed - Flo"), ("1", "Ann - Bob")])]
    assert ranked.left_out == ("afternoon.pbn, evening.pbn: one event and date (Club, 2026.12.07) but no "
                               "deal or player in common: ranked as separate sessions, each under its first "
                               "file",)


def test_a_pair_named_as_two_pairs_in_one_ranking_is_warned_of() -> None:
    rankings = session({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 9)],
                        2: [row(1, 2, "4H", 10, ("Ann - Bob", "E2 - W2")), row(2, 1, "4H", 9)]})
    assert rankings.left_out == ("Club, 2026.12.07: North-South pair 1 is named both N1 - S1 and Ann - Bob: "
                                 "their results are counted as one pair's (two sessions under one Event and "
                                 "Date, or a pair number given twice?)",)


def test_an_arrow_switched_row_is_credited_to_the_pairs_its_names_show() -> None:
    # Board 2's second table arrow-switched: East-West 1 sat North-South against North-South 2 (-50).
    # NS 1 2 + 2; NS 2 0 + 2 (sitting East-West, it beat the -50 of the other table's 420); EW 1 0 + 0.
    rankings = by_direction(session({1: [row(1, 1, "4H", 10), row(2, 2, "4H", 9)],
                                     2: [row(1, 2, "4H", 10), row(1, 2, "4H", 9, ("E1 - W1", "N2 - S2"))]}))
    assert table(rankings["NS"]) == [("1", "1", 2, 4.0, 4.0), ("2", "2", 2, 2.0, 4.0)]
    assert table(rankings["EW"]) == [("1", "2", 2, 2.0, 4.0), ("2", "1", 2, 0.0, 4.0)]
    assert rankings["NS"].pairs[1].names == "N2 - S2"


def test_average_plus_at_imp_pairs_is_three_imps_and_average_minus_minus_three() -> None:
    # 420 and 400 played (datum 410: NS +1 and -1 IMPs); table 3 given 60% to North-South, 40% to East-West.
    ranked = by_direction(session({1: [row(1, 1, "4H", 10), row(2, 2, "3NT", 9),
                                       adjusted(3, 3, "^60%", "^40%")]}, scoring="IMP;Butler"))
    ns3 = next(p for p in ranked["NS"].pairs if p.pair == "3")
    ew3 = next(p for p in ranked["EW"].pairs if p.pair == "3")
    assert (ns3.boards, ns3.imps, ns3.imps_per_board) == (1, 3.0, 3.0)
    assert (ew3.boards, ew3.imps, ew3.imps_per_board) == (1, -3.0, -3.0)


def test_a_total_score_table_of_two_sessions_says_each_rows_session() -> None:
    from bridgetools.analysis.ranking import total_score_table

    written = total_score_table(pair_rankings(two_sittings()).rankings)
    assert [(r["Session"], r["PairId"], r["Direction"]) for r in written.records()][:3] == [
        ("Club, 2026.12.07, afternoon.pbn", "1", "N-S"), ("Club, 2026.12.07, afternoon.pbn", "2", "N-S"),
        ("Club, 2026.12.07, afternoon.pbn", "2", "E-W")]
    assert [r["Session"] for r in written.records()][4:] == ["Club, 2026.12.07, evening.pbn"] * 4


def test_east_west_s_matchpoints_are_the_rest_of_the_top_or_their_own_adjusted_percentage_of_it() -> None:
    # A top of 6 (four tables): 6 - 3; an artificial 75% to East-West, 75% of 6 whatever North-South have;
    # none without North-South's figure or a field of one table.
    import math

    from bridgetools.analysis.field import east_west_matchpoints

    none = math.nan
    figures = east_west_matchpoints([3.0, 2.0, none, 4.0], [4, 4, 4, 1], [none, 75.0, none, none])
    assert figures[:2].tolist() == [3.0, 4.5] and math.isnan(figures[2]) and math.isnan(figures[3])


def adjusted_once(tmp_path: Path, played: bool) -> Path:
    """Board 1 played at one table alone, given average-plus (A+ ^60% ^40%) there; with ``played``, board 2
    played by pairs 1-2 and 3-4 (4S made and one over)."""
    table = ('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;'
             'Score_EW\\6R"]')
    games = ["\n".join(['[Event "Club"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]',
                        f'[Deal "{DEAL}"]', table, ' 1  2 "A+"  -  - "^60%" "^40%"'])]
    if played:
        games.append("\n".join(['[Event "Club"]', '[Board "2"]', '[Dealer "E"]', '[Vulnerable "NS"]',
                                f'[Deal "{DEAL}"]', table, ' 1  2 "4S"  N 10 620 -',
                                ' 3  4 "4S"  N 11 650 -']))
    path = tmp_path / "once.pbn"
    path.write_text("\n\n".join(games) + "\n", encoding="ascii")
    return path


def test_an_average_plus_on_a_board_played_once_is_sixty_percent_of_the_common_top(tmp_path: Path) -> None:
    # Law 12C2: 60% of the matchpoints available; the board has no top of its own (one table), so it is
    # 60% of the session's top a board (2): pair 1 had 0 on board 2, 1.2 of 4 in all (it was 0 of 2, as if
    # it had not played board 1, and East-West's pair 2 a top on one board).
    result = CliRunner().invoke(cli, ["analyze", str(adjusted_once(tmp_path, True)), "--by", "pair",
                                      "-f", "json"])
    assert result.exit_code == 0, result.output
    pairs = {(p["direction"], p["pair"]): (p["boards"], p["mp"], p["top"]) for p in json.loads(result.stdout)}
    assert pairs[("NS", "1")] == (2, 1.2, 4.0)
    assert pairs[("EW", "2")] == (2, 2.8, 4.0)


def test_a_field_whose_only_board_is_adjusted_and_played_once_ranks_no_pair_on_top_0(tmp_path: Path) -> None:
    # With no board played twice there is no top to take 60% of: the pairs were ranked 1 on MP 0, top 0.
    result = CliRunner().invoke(cli, ["analyze", str(adjusted_once(tmp_path, False)), "--by", "pair"])
    assert result.exit_code == 1
    assert "1 result of North-South pairs given an artificial adjusted score on a board played once" in \
        result.stderr
    assert "top" not in result.stdout
    assert "no pairs to rank: no board was played twice" in result.stderr
