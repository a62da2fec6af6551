"""Team matches: IMPs per board from the two rooms' scores and the teams' running totals, from the
carry-over on; and `analyze` printing the match as a vugraph operator checks it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.analysis.match import team_match
from bridgetools.cli import cli
from bridgetools.scoring import ns_score

CORPUS = Path(__file__).parent / "data"
USBF = CORPUS / "lin" / "bridge-bots__usbf_sf_14502.lin"
DEAL_1 = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def room(number: int, room: str, contract: str, declarer: str, tricks: int, extra: str = "") -> str:
    return (f'[Event "Teams"]\n[Board "{number}"]\n[Room "{room}"]\n[HomeTeam "Lions"]\n'
            f'[VisitTeam "Tigers"]\n{extra}[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL_1}"]\n'
            f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{tricks}"]\n\n')


# Board 1: the open room's North-South make 4S (+420), the closed room's North-South go one down in
# 4S (-50): 470 to the Lions, 10 IMPs. Board 2: East makes 3NT in both rooms (-400 each way): 0 IMPs.
# Board 3: played only in the open room so far.
MATCH = "".join([
    room(1, "Open", "4S", "N", 10), room(1, "Closed", "4S", "N", 9),
    room(2, "Open", "3NT", "E", 9), room(2, "Closed", "3NT", "E", 9),
    room(3, "Open", "2H", "W", 8),
])


@pytest.fixture
def match_file(tmp_path: Path) -> Path:
    path = tmp_path / "match.pbn"
    path.write_text(MATCH, encoding="ascii")
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_board_is_worth_the_imps_of_the_open_rooms_score_less_the_closed_rooms(match_file: Path) -> None:
    match = team_match(bt.read(match_file))
    assert match is not None
    assert (match.home, match.visitors) == ("Lions", "Tigers")
    first, second, third = match.boards
    assert (first.open.score_ns, first.closed.score_ns) == (420, -50)  # type: ignore[union-attr]
    assert (first.home_imps, first.visitors_imps) == (bt.imps(420 - -50), 0) == (10, 0)
    assert (second.home_imps, second.visitors_imps) == (0, 0)
    assert third.closed is None and third.home_imps is None
    assert match.totals == (10, 0)


def test_running_totals_start_from_the_vugraph_carry_over() -> None:
    boards = list(bt.read(USBF))
    match = team_match(boards)
    assert match is not None
    assert (match.home, match.visitors, match.carry_over) == ("Nickell", "Fleisher", (80, 99))
    home, visitors = match.carry_over
    for board in match.boards:
        rooms = {b.room: b for b in boards if b.number == board.number}
        scores = [ns_score(r.contract, r.declarer, r.tricks, r.vulnerability)
                  for r in (rooms["open"], rooms["closed"])]
        won = bt.imps(scores[0] - scores[1])
        home, visitors = home + max(won, 0), visitors + max(-won, 0)
        assert (board.home_total, board.visitors_total) == (home, visitors)
    assert match.totals == (home, visitors) and len(match.boards) == 15


def test_analyze_of_a_vugraph_file_prints_the_match_and_its_totals() -> None:
    code, out, _ = run("analyze", str(USBF))
    assert code == 0
    match = team_match(bt.read(USBF))
    assert match is not None
    home, visitors = match.totals
    lines = out.splitlines()
    assert lines[0] == f"2010 USBF SF A, Segment 4 of 8: Nickell {home:g} - Fleisher {visitors:g}"
    assert lines[2].split() == ["carry-over", "80", "99"]
    assert lines[-1].split()[-2:] == [f"{home:g}", f"{visitors:g}"]
    assert len(lines) == 3 + 15 + 1


def test_analyze_prints_the_match_from_a_parquet_export_as_from_the_file(match_file: Path,
                                                                         tmp_path: Path) -> None:
    exported = tmp_path / "match.parquet"
    assert run("export", str(match_file), "-o", str(exported), "-q")[0] == 0
    from_file = run("analyze", str(match_file), "--format", "json")
    from_export = run("analyze", str(exported), "--format", "json")
    assert from_file[0] == from_export[0] == 0
    assert json.loads(from_file[1]) == json.loads(from_export[1])
    assert json.loads(from_file[1])[0]["totals"] == [10, 0]


def test_by_match_on_results_without_rooms_says_there_is_no_match(tmp_path: Path) -> None:
    """No room nor team named: a pairs game (teams named and no rooms are a match in its file's order:
    `test_analyze_by_match_prints_a_match_whose_file_names_no_rooms_in_its_order`)."""
    path = tmp_path / "pairs.pbn"
    unnamed = MATCH.replace('[HomeTeam "Lions"]\n', "").replace('[VisitTeam "Tigers"]\n', "")
    path.write_text(unnamed.replace('[Room "Open"]\n', "").replace('[Room "Closed"]\n', ""), encoding="ascii")
    code, _, err = run("analyze", str(path), "--by", "match")
    assert code == 1 and "no team match in the inputs" in err
    code, out, _ = run("analyze", str(path))  # without --by: the contract summary
    assert code == 0 and out.startswith("contract")


def test_analyze_summarises_a_teaching_table_download_every_board_open_room_no_teams() -> None:
    kemistry = CORPUS / "lin" / "Bridge-Parsers__kemistry-boards-2026-01-14.lin"  # qx|o1| ... qx|o12|
    code, out, _ = run("analyze", str(kemistry), "-q")
    assert code == 0 and out.startswith("contract") and "6C " in out
    code, out, _ = run("analyze", str(kemistry), "-q", "--by", "match")  # asked for: the match all the same
    assert code == 0 and out.startswith("Home 0 - Visitors 0")


def test_a_match_in_progress_with_its_teams_named_is_still_the_match(tmp_path: Path) -> None:
    path = tmp_path / "open_only.pbn"
    path.write_text(room(1, "Open", "4S", "N", 10) + room(2, "Open", "3NT", "E", 9), encoding="ascii")
    code, out, _ = run("analyze", str(path))
    assert code == 0 and out.startswith("Teams: Lions 0 - Tigers 0")


def test_a_file_that_is_no_match_beside_a_match_is_named_not_dropped_silently(match_file: Path,
                                                                              tmp_path: Path) -> None:
    pairs = tmp_path / "pairs.pbn"
    text = MATCH.replace('[Room "Open"]\n', "").replace('[Room "Closed"]\n', "")
    pairs.write_text(text.replace('[HomeTeam "Lions"]\n', "").replace('[VisitTeam "Tigers"]\n', ""),
                     encoding="ascii")
    code, out, err = run("analyze", str(match_file), str(pairs))
    assert code == 0 and out.startswith("Teams: Lions")
    assert (f"warning: {pairs}: not a team match, its results left out of the match printed: analyze "
            "it alone, or give --by contract to summarise every input\n") in err


def test_a_second_result_of_a_board_in_one_room_is_named_not_dropped_silently(tmp_path: Path) -> None:
    """A file holding board 1's open room twice (a copy pasted in, a result entered again) was printed
    as the match with the first result scored and nothing said of the second."""
    path = tmp_path / "match.pbn"
    path.write_text(MATCH + room(1, "Open", "4S", "N", 11), encoding="ascii")
    code, out, err = run("analyze", str(path))
    assert code == 0 and "4S N =" in out and "4S N +1" not in out
    assert err == (f"warning: {path}: board 1 has a second result in the open room, 4S N +1 (NS 450), left "
                   "out: the first, 4S N = (NS 420), is scored\n")


def test_a_match_as_csv_is_one_row_a_board_with_the_json_s_fields(match_file: Path) -> None:
    import csv
    import io

    code, out, err = run("analyze", str(match_file), "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["board"] for r in rows] == ["1", "2", "3"]  # no carry-over or total rows among the boards
    boards = json.loads(run("analyze", str(match_file), "--format", "json")[1])[0]["boards"]
    for row, board in zip(rows, boards, strict=True):
        assert row["home"] == "Lions" and row["visitors"] == "Tigers" and row["file"] == str(match_file)
        assert row["open_result"] == board["open"]["result"]
        assert row["open_score_ns"] == str(board["open"]["score_ns"])
        assert row["home_imps"] == ("" if board["home_imps"] is None else str(board["home_imps"]))
        assert float(row["home_total"]) == board["home_total"]


def test_two_matches_as_csv_are_one_table_under_one_header(match_file: Path) -> None:
    code, out, err = run("analyze", str(match_file), str(USBF), "--by", "match", "--format", "csv")
    assert code == 0, err
    lines = out.splitlines()
    assert sum(line.startswith("file,title,home,visitors,board,") for line in lines) == 1
    assert len(lines) == 1 + 3 + 15


def test_matches_as_json_name_the_file_each_was_read_from(match_file: Path) -> None:
    # Two matches give a JSON list: each names its file, as the CSV's file column does.
    code, out, err = run("analyze", str(match_file), str(USBF), "--format", "json")
    assert code == 0, err
    assert [m["file"] for m in json.loads(out)] == [str(match_file), str(USBF)]
    assert json.loads(run("analyze", str(match_file), "--format", "json")[1])[0]["file"] == str(match_file)


def test_analyze_json_is_a_list_of_matches_however_many_files_are_given(match_file: Path) -> None:
    one = json.loads(run("analyze", str(match_file), "--format", "json")[1])
    two = json.loads(run("analyze", str(match_file), str(USBF), "--format", "json")[1])
    assert isinstance(one, list) and isinstance(two, list)
    assert [m["file"] for m in one] == [str(match_file)]
    assert two[0] == one[0]
    summary = json.loads(run("analyze", str(match_file), "--by", "contract", "--format", "json")[1])
    assert isinstance(summary, list)


def test_a_file_naming_its_teams_from_its_second_board_is_a_match_as_show_finds_it(tmp_path: Path) -> None:
    unnamed = room(1, "Open", "4S", "N", 10).replace('"Lions"', '""').replace('"Tigers"', '""')
    path = tmp_path / "late_names.pbn"
    path.write_text(unnamed + room(2, "Open", "3NT", "E", 9), encoding="ascii")
    code, out, _ = run("show", str(path))
    assert code == 0 and "(open room)" in out  # show: a match, its rooms shown
    code, out, _ = run("analyze", str(path))
    assert code == 0 and not out.startswith("contract")  # analyze: the same match, not a summary


TWO_ROOMS_EACH_LISTING_BOTH = """\
[Event "Teams"]
[Board "1"]
[Room "{room}"]
[North "{north}"]
[South "{south}"]
[East "{east}"]
[West "{west}"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.QJT9 8765.T987.A76.AK 43.654.5432.8765"]
[Scoring "IMP"]
[Declarer "N"]
[Contract "{contract}"]
[Result "10"]
[ScoreTable "Room;Contract;Declarer;Result;Score_NS;Names_NS;Names_EW"]
Open 4S N 10 420 "Smith - Jones" "Lee - Wong"
Closed 2S N 10 170 "Kim - Park" "Roe - Fox"
"""


def test_a_room_s_row_in_the_other_room_s_score_table_is_that_room_s_result_not_a_third_table(
        tmp_path: Path) -> None:
    """Each room's record lists both tables: the two rooms are two tables, and the match is scored."""
    source = tmp_path / "teams.pbn"
    source.write_text("\n".join([
        TWO_ROOMS_EACH_LISTING_BOTH.format(room="Open", north="Smith", south="Jones", east="Lee", west="Wong",
                                           contract="4S"),
        TWO_ROOMS_EACH_LISTING_BOTH.format(room="Closed", north="Kim", south="Park", east="Roe", west="Fox",
                                           contract="2S")]), encoding="ascii")
    frame = bt.to_dataframe(bt.read(source))
    assert frame["room"].tolist() == ["open", "closed"]
    assert frame["field_size"].tolist() == [2, 2]
    assert frame["team_imps"].tolist() == [6, 6]


def _no_names(record: str) -> str:
    """A room's record whose ScoreTable names no players: its rows told apart by their Room cells."""
    return (record.replace(";Names_NS;Names_EW", "").replace(' "Smith - Jones" "Lee - Wong"', "")
            .replace(' "Kim - Park" "Roe - Fox"', ""))


def test_a_room_s_row_by_its_room_cell_in_the_other_room_s_score_table_is_that_room_s_result(
        tmp_path: Path) -> None:
    """No names in the ScoreTable: the row whose Room cell is the other record's room is that record's."""
    source = tmp_path / "teams.pbn"
    source.write_text("\n".join([
        _no_names(TWO_ROOMS_EACH_LISTING_BOTH.format(room="Open", north="Smith", south="Jones", east="Lee",
                                                     west="Wong", contract="4S")),
        _no_names(TWO_ROOMS_EACH_LISTING_BOTH.format(room="Closed", north="Kim", south="Park", east="Roe",
                                                     west="Fox", contract="2S"))]), encoding="ascii")
    frame = bt.to_dataframe(bt.read(source))
    assert frame["room"].tolist() == ["open", "closed"]
    assert frame["team_imps"].tolist() == [6, 6]


def test_a_score_table_row_is_in_the_room_its_room_cell_names_not_the_board_s(tmp_path: Path) -> None:
    """The open room's record listing the closed room's table too: that row is the closed room's."""
    source = tmp_path / "open.pbn"
    record = TWO_ROOMS_EACH_LISTING_BOTH.format(room="Open", north="Smith", south="Jones", east="Lee",
                                                west="Wong", contract="4S")
    source.write_text(record, encoding="ascii")
    frame = bt.to_dataframe(bt.read(source))
    assert frame["room"].tolist() == ["open", "closed"]
    assert frame["team_imps"].tolist() == [6, 6]


TRIAL = CORPUS / "lin" / "trial47c"


def test_two_matches_in_one_file_are_two_matches_each_from_its_own_carry_over() -> None:
    """SF A and SF B (two vg lines, the same boards) in one LIN file were one match: SF B's results were
    left out as second results of its rooms and the totals were SF A's alone."""
    code, out, err = run("analyze", str(TRIAL / "two_matches.lin"), "--format", "json")
    assert code == 0 and "second result" not in err
    matches = json.loads(out)
    assert [(m["title"], m["home"], m["visitors"], m["carry_over"]) for m in matches] == [
        ("2010 USBF SF A, Segment 4 of 8", "Nickell", "Fleisher", [80, 99]),
        ("2010 USBF SF B, Segment 4 of 8", "Diamond", "Monaco", [50, 70])]
    for match in matches:
        assert [b["board"] for b in match["boards"]] == [46, 47, 48]
        won = [sum(b[side] for b in match["boards"]) for side in ("home_imps", "visitors_imps")]
        assert match["totals"] == [match["carry_over"][0] + won[0], match["carry_over"][1] + won[1]]


def test_each_match_s_boards_are_scored_against_its_own_other_room_in_the_export() -> None:
    """Two matches playing the same boards: each room is compared with its own match's other room, not
    with the four results of both matches."""
    frame = bt.to_dataframe(bt.read(TRIAL / "two_matches.lin"))
    assert frame["field_size"].tolist() == [2] * 12
    assert frame["team_imps"].notna().all()
    sf_b = frame[frame["event"] == "2010 USBF SF B"]
    assert sf_b[sf_b["board"] == 48]["team_imps"].tolist() == [bt.imps(130 - 400)] * 2


def test_a_later_segment_starts_from_its_own_vg_carry_over() -> None:
    """Segment 3's vg carries 10.5 - 16 (the home team penalised 3 IMPs): board 21 counts from there, not
    from segment 2's running totals, and is shown under segment 3's title; so does the match's total over
    its segments (session 48)."""
    code, out, _ = run("analyze", str(TRIAL / "segments.lin"), "-q")
    assert code == 0
    titles = [line for line in out.splitlines() if line.startswith("National")]
    assert titles == ["National Teams Final, Segment 2 of 4: HOME TEAM 13.5 - AWAY TEAM 15",
                      "National Teams Final, Segment 3 of 4: HOME TEAM 22.5 - AWAY TEAM 16",
                      "National Teams Final: HOME TEAM 22.5 - AWAY TEAM 16 over 2 segments (5 boards)"]


def test_a_later_segment_s_vg_carrying_0_and_0_over_counts_on_from_the_total_before_it(
        tmp_path: Path) -> None:
    """BBO writes 0,0 for no carry-over (BridgeData reads it so): segment 3's 0 - 0 is none, not a carry-over
    that disagrees with segment 2's 1 - 12, and the match total counts on from there."""
    path = tmp_path / "zero.lin"
    text = (TRIAL / "segments.lin").read_text(encoding="utf-8")
    path.write_text(text.replace("HOME TEAM,12.5,AWAY TEAM,3", "HOME TEAM,0,AWAY TEAM,0")
                    .replace("HOME TEAM,10.5,AWAY TEAM,16", "HOME TEAM,0,AWAY TEAM,0"), encoding="utf-8")
    code, out, err = run("analyze", str(path))
    assert code == 0 and "carry-over" not in err
    assert out.rstrip().endswith("National Teams Final: HOME TEAM 13 - AWAY TEAM 12 over 2 segments "
                                 "(5 boards)")


def test_a_segment_giving_its_carry_over_on_its_first_board_alone_is_one_match(tmp_path: Path) -> None:
    # Board 2 names the teams and no carry-over: it counts on in the match board 1 started from 10 - 0
    path = tmp_path / "first.pbn"
    given, none = '[Stage "S1"]\n[HomeCarryOver "10"]\n[VisitCarryOver "0"]\n', '[Stage "S1"]\n'
    path.write_text(room(1, "Open", "4S", "N", 10, given) + room(1, "Closed", "4S", "N", 9, given)
                    + room(2, "Open", "4S", "N", 10, none) + room(2, "Closed", "4S", "N", 9, none),
                    encoding="ascii")
    code, out, _ = run("analyze", str(path))
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("total")] == [
        "total                                                 20            0     30       0"]


def test_a_board_a_match_board_is_won_lost_or_tied_on_the_two_rooms_scores_not_imps() -> None:
    code, out, _ = run("analyze", str(TRIAL / "bam.lin"), "--format", "json")
    assert code == 0
    match = json.loads(out)[0]
    assert match["scoring"] == "BAM"
    boards = match["boards"]
    # 46 and 47 the same score in both rooms: a tie; 48: 130 in the open room, 400 in the closed room
    assert [(b["home_points"], b["visitors_points"]) for b in boards] == [(0.5, 0.5), (0.5, 0.5), (0, 1)]
    assert all(b["home_imps"] is None for b in boards)
    assert match["totals"] == [81, 101]
    assert "NS  points Nickell  points Fleisher" in run("analyze", str(TRIAL / "bam.lin"))[1].splitlines()[1]


def test_a_board_a_match_has_no_team_imps_in_the_export() -> None:
    frame = bt.to_dataframe(bt.read(TRIAL / "bam.lin"))
    assert set(frame["scoring"]) == {"BAM"}
    assert frame["team_imps"].isna().all()


def cup(board: int, room: str, tricks: int, **tags: str) -> str:
    """A room's result of a Cup board (East declares 4H, every board the same deal), ``tags`` added."""
    said = "".join(f'[{tag} "{value}"]\n' for tag, value in tags.items())
    return (f'[Event "Cup"]\n[Board "{board}"]\n[Dealer "E"]\n[Vulnerable "None"]\n'
            '[Deal "E:A63.J8642.K53.KJ J5.9.AT862.Q8752 KQT94.AK73.Q4.93 872.QT5.J97.AT64"]\n'
            f'[Scoring "IMP"]\n[Declarer "E"]\n[Contract "4H"]\n[Result "{tricks}"]\n{said}'
            f'[Room "{room}"]\n\n')


AB = {"Stage": "R1", "HomeTeam": "Alpha", "VisitTeam": "Bravo"}


def test_a_match_naming_its_teams_in_the_open_room_only_is_scored_in_the_export(tmp_path: Path) -> None:
    """The closed room naming no teams was a match apart in the export (field_size 1, no team_imps) while
    analyze paired the rooms: the two kept two rules for a row's match."""
    path = tmp_path / "one_room_names.pbn"
    path.write_text(cup(1, "Open", 10, **AB) + cup(1, "Closed", 9, Stage="R1")
                    + cup(2, "Open", 9, **AB) + cup(2, "Closed", 10, Stage="R1"), encoding="ascii")
    frame = bt.to_dataframe(bt.read(path))
    assert frame["field_size"].tolist() == [2] * 4
    assert frame["team_imps"].tolist() == [-10, -10, 10, 10]


def test_a_board_naming_no_teams_in_a_taken_room_joins_the_next_match_that_has_it_free(
        tmp_path: Path) -> None:
    """Board 1 of Charlie - Delta names no teams, after Alpha - Bravo's: it was taken into Alpha - Bravo and
    left out there as a second result of its rooms (Charlie 0 - Delta 0 for 0 - 11)."""
    path = tmp_path / "nameless.pbn"
    cd = {"Stage": "R1", "HomeTeam": "Charlie", "VisitTeam": "Delta"}
    path.write_text(cup(1, "Open", 10, **AB) + cup(1, "Closed", 9, **AB) + cup(2, "Open", 9, **AB)
                    + cup(2, "Closed", 10, **AB) + cup(1, "Open", 11, Stage="R1")
                    + cup(1, "Closed", 8, Stage="R1") + cup(2, "Open", 10, **cd) + cup(2, "Closed", 10, **cd),
                    encoding="ascii")
    code, out, err = run("analyze", str(path), "--format", "json")
    assert code == 0 and "second result" not in err
    assert [(m["home"], m["totals"]) for m in json.loads(out)] == [("Alpha", [10, 10]), ("Charlie", [0, 11])]


def test_boards_naming_no_teams_before_each_match_s_named_boards_are_that_match_s_in_the_export(
        tmp_path: Path) -> None:
    """Board 1 of both matches naming no teams was one field of four results (no team_imps)."""
    path = tmp_path / "nameless_both.pbn"
    cd = {"Stage": "R1", "HomeTeam": "Charlie", "VisitTeam": "Delta"}
    path.write_text(cup(1, "Open", 10, Stage="R1") + cup(1, "Closed", 9, Stage="R1")
                    + cup(2, "Open", 9, **AB) + cup(2, "Closed", 10, **AB) + cup(1, "Open", 11, Stage="R1")
                    + cup(1, "Closed", 8, Stage="R1") + cup(2, "Open", 10, **cd) + cup(2, "Closed", 10, **cd),
                    encoding="ascii")
    frame = bt.to_dataframe(bt.read(path))
    assert frame["field_size"].tolist() == [2] * 8
    assert frame["team_imps"].tolist() == [-10, -10, 10, 10, -11, -11, 0, 0]


def test_two_vg_lines_of_one_stage_text_are_two_segments_each_from_its_own_carry_over() -> None:
    """The first vg carries 0 - 0, the second (board 21) 13.5 - 16 under the same Segment text: the two
    were one match from 13.5 - 16, boards 17-20 counted on top of the carry-over that already held them."""
    code, out, _ = run("analyze", str(TRIAL / "samestage.lin"), "--format", "json", "-q")
    assert code == 0
    assert [(m["carry_over"], m["totals"]) for m in json.loads(out)] == [([0, 0], [1, 12]),
                                                                         ([13.5, 16], [25.5, 16])]


def test_the_tables_of_a_swiss_round_naming_no_teams_are_its_matches(tmp_path: Path) -> None:
    """Round 1's tables 1 and 2, each both rooms, no teams named, interleaved: two matches, not one whose
    rooms each had a second result."""
    path = tmp_path / "swiss.pbn"
    t1, t2 = {"Round": "1", "Table": "1"}, {"Round": "1", "Table": "2"}
    path.write_text(cup(1, "Open", 10, **t1) + cup(1, "Open", 11, **t2) + cup(1, "Closed", 9, **t1)
                    + cup(1, "Closed", 8, **t2), encoding="ascii")
    frame = bt.to_dataframe(bt.read(path))
    assert frame["team_imps"].tolist() == [-10, -11, -10, -11]
    code, out, err = run("analyze", str(path), "--format", "json")
    assert code == 0 and "second result" not in err and len(json.loads(out)) == 2


def test_a_board_a_match_whose_scoring_has_a_modifier_is_still_won_or_lost(tmp_path: Path) -> None:
    """``Scoring "BAM;Mean"`` (a base and its modifier) was scored in IMPs: the base is before the ``;``."""
    path = tmp_path / "bam.pbn"
    path.write_text((cup(1, "Open", 10, **AB) + cup(1, "Closed", 9, **AB)).replace('"IMP"', '"BAM;Mean"'),
                    encoding="ascii")
    code, out, _ = run("analyze", str(path), "--format", "json")
    assert code == 0 and json.loads(out)[0]["scoring"] == "BAM"
    assert bt.to_dataframe(bt.read(path))["team_imps"].isna().all()


def _split_match(tmp_path: Path) -> tuple[Path, Path]:
    """Boards 1 and 2 of the Lions' match in one file; board 1's closed room late in a file of its own."""
    early = tmp_path / "early.pbn"
    early.write_text(room(1, "Open", "4S", "N", 10) + room(2, "Open", "3NT", "E", 9)
                     + room(2, "Closed", "3NT", "E", 9), encoding="ascii")
    late = tmp_path / "late.pbn"
    late.write_text(room(1, "Closed", "4S", "N", 9), encoding="ascii")
    return early, late


def test_a_match_s_closed_room_sent_in_a_file_of_its_own_is_scored_in_the_match(tmp_path: Path) -> None:
    # Each file was a match of its own: board 1's 10 IMPs (420 against -50) were lost from the totals, and
    # the late room printed as a second match of one board, where export scored the board (team_imps 10).
    early, late = _split_match(tmp_path)
    code, out, err = run("analyze", str(early), str(late), "--format", "json")
    assert code == 0, err
    (match,) = json.loads(out)
    assert match["totals"] == [10, 0] and [b["board"] for b in match["boards"]] == [1, 2]
    assert "not a team match" not in err


def test_analyze_of_an_export_of_a_split_match_prints_the_match_as_the_export_scores_it(
        tmp_path: Path) -> None:
    # The export scored board 1 across the two files, analyze of the export split the match by file.
    early, late = _split_match(tmp_path)
    exported = tmp_path / "match.parquet"
    assert run("export", str(early), str(late), "-o", str(exported), "-q")[0] == 0
    from bridgetools.analysis import read_dataframe

    assert read_dataframe(exported).query("board == 1")["team_imps"].tolist() == [10, 10]
    code, out, err = run("analyze", str(exported), "--format", "json")
    assert code == 0, err
    (match,) = json.loads(out)
    assert match["totals"] == [10, 0]


def test_two_files_of_two_matches_with_the_same_names_on_the_same_board_stay_two_matches(
        tmp_path: Path) -> None:
    # Both files play board 1 in both rooms under the same event and teams: one match cannot hold a room
    # twice, so each file's results are a match of their own, not one match with two results a room.
    first, second = tmp_path / "first.pbn", tmp_path / "second.pbn"
    first.write_text(room(1, "Open", "4S", "N", 10) + room(1, "Closed", "4S", "N", 9), encoding="ascii")
    second.write_text(room(1, "Open", "3NT", "E", 9) + room(1, "Closed", "3NT", "E", 9), encoding="ascii")
    code, out, err = run("analyze", str(first), str(second), "--format", "json")
    assert code == 0, err
    assert [m["totals"] for m in json.loads(out)] == [[10, 0], [0, 0]]
    assert "second result" not in err


def _segments(tmp_path: Path, carry_over: tuple[int, int], tricks: tuple[int, int] = (9, 10)
              ) -> tuple[Path, Path]:
    """Segment 1 (boards 1 and 2: Lions 10 - Tigers 0) and segment 2 (board 3: 10 IMPs to the Tigers, or to
    the Lions for ``tricks`` (10, 9): North's in 4S in the open room and the closed), each in its file,
    segment 2's carry-over ``carry_over``."""
    first, second = tmp_path / "seg1.pbn", tmp_path / "seg2.pbn"
    one = '[Stage "Segment 1 of 2"]\n'
    two = (f'[Stage "Segment 2 of 2"]\n[HomeCarryOver "{carry_over[0]}"]\n'
           f'[VisitCarryOver "{carry_over[1]}"]\n')
    first.write_text(room(1, "Open", "4S", "N", 10, one) + room(1, "Closed", "4S", "N", 9, one)
                     + room(2, "Open", "3NT", "E", 9, one) + room(2, "Closed", "3NT", "E", 9, one),
                     encoding="ascii")
    opened, closed = tricks
    second.write_text(room(3, "Open", "4S", "N", opened, two) + room(3, "Closed", "4S", "N", closed, two),
                      encoding="ascii")
    return first, second


def test_a_match_in_two_segments_is_totalled_over_its_segments(tmp_path: Path) -> None:
    # Each segment was printed on its own and no total over the match: Lions 10 - Tigers 0, then 10 - 10.
    code, out, err = run("analyze", *map(str, _segments(tmp_path, (10, 0))))
    assert code == 0 and "carry-over" not in err
    assert out.rstrip().endswith("Teams: Lions 10 - Tigers 10 over 2 segments (3 boards)")


def test_a_segment_s_carry_over_that_is_not_the_total_before_it_is_named(tmp_path: Path) -> None:
    # Segment 2's vg line says 0 - 0 where segment 1 ended 10 - 0: the total counts on from segment 1's.
    first, second = _segments(tmp_path, (0, 0))
    code, out, err = run("analyze", str(second), str(first))
    assert code == 0
    assert out.rstrip().endswith("Teams: Lions 10 - Tigers 10 over 2 segments (3 boards)")
    assert (f"warning: {second}: Segment 2 of 2 starts from Lions 0 - Tigers 0 (its carry-over), but "
            "Segment 1 of 2 ended Lions 10 - Tigers 0") in err


def test_a_match_in_segments_gives_its_total_in_json_and_csv_as_in_text(tmp_path: Path) -> None:
    # Only text and Markdown ended with "Lions 10 - Tigers 10 over 2 segments".
    import csv
    import io

    files = [str(path) for path in _segments(tmp_path, (10, 0))]
    code, out, err = run("analyze", *files, "--format", "json")
    assert code == 0, err
    assert [m["match_totals"] for m in json.loads(out)] == [[10, 10], [10, 10]]
    rows = list(csv.DictReader(io.StringIO(run("analyze", *files, "--format", "csv")[1])))
    assert {(r["match_home_total"], r["match_visitors_total"]) for r in rows} == {("10", "10")}


@pytest.mark.parametrize("fmt", ["text", "csv", "json", "markdown"])
def test_a_match_total_is_worked_out_once_for_its_warnings_and_its_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    # analyze worked the totals out for its warnings, render_matches again, and its JSON and CSV a third time.
    from bridgetools.analysis import match as match_module

    calls: list[int] = []

    def counted(matches):  # type: ignore[no-untyped-def]
        calls.append(1)
        return worked_out(matches)

    worked_out = match_module.match_totals
    monkeypatch.setattr(match_module, "match_totals", counted)
    code, out, err = run("analyze", *map(str, _segments(tmp_path, (10, 0))), "--format", fmt)
    assert code == 0, err
    assert "10" in out
    assert len(calls) == 1


def test_a_match_of_one_segment_has_no_match_total_in_json_or_csv(match_file: Path) -> None:
    import csv
    import io

    assert json.loads(run("analyze", str(match_file), "--format", "json")[1])[0]["match_totals"] is None
    rows = list(csv.DictReader(io.StringIO(run("analyze", str(match_file), "--format", "csv")[1])))
    assert {(r["match_home_total"], r["match_visitors_total"]) for r in rows} == {("", "")}


def test_a_vugraph_file_sent_again_with_another_carry_over_replaces_the_earlier_under_every_by() -> None:
    # --by pair warned ten times that segments.lin replaces samestage.lin yet ranked both files' boards;
    # --by board warned of nothing and counted each board four times: the same players at the same deals
    # in two files are one table's results given twice, whatever match each file's vg line names.
    files = [str(CORPUS / "lin" / "trial47c" / name) for name in ("samestage.lin", "segments.lin")]
    warned = {}
    for by in ("board", "pair", "match"):
        code, out, err = run("analyze", "--by", by, *files)
        assert code == 0, err
        warned[by] = [line for line in err.splitlines() if "replaces the earlier" in line]
        if by == "board":
            assert [line.split()[1] for line in out.splitlines()[1:]] == ["2"] * 5
        if by == "pair":
            assert "twice" not in err and " 10 " not in out
        if by == "match":
            assert out.rstrip().endswith("over 2 segments (5 boards)")
    assert len(warned["board"]) == 10 and warned["pair"] == warned["board"] == warned["match"]


def shared_deal(board: int, tricks: int, **tags: str) -> str:
    """A game of an rpbridge.net vugraph file (endplay's example3.pbn): no Room, and ``tags`` (a segment's
    Event, Stage and teams) on the segment's first game alone."""
    said = "".join(f'[{tag} "{value}"]\n' for tag, value in tags.items())
    return (f'{said}[Board "{board}"]\n[Dealer "E"]\n[Vulnerable "None"]\n'
            '[Deal "E:A63.J8642.K53.KJ J5.9.AT862.Q8752 KQT94.AK73.Q4.93 872.QT5.J97.AT64"]\n'
            f'[Declarer "E"]\n[Contract "4H"]\n[Result "{tricks}"]\n\n')


def _two_segments(tmp_path: Path) -> Path:
    """Two matches playing boards 1 and 2 (one deal), each naming its event, stage and teams on its
    first game alone, as rpbridge.net writes a segment."""
    path = tmp_path / "segments.pbn"
    cd = {"Stage": "R1", "HomeTeam": "Charlie", "VisitTeam": "Delta"}
    path.write_text(shared_deal(1, 10, Event="Cup", **AB) + shared_deal(1, 9) + shared_deal(2, 9)
                    + shared_deal(2, 10) + shared_deal(1, 11, Event="Cup", **cd) + shared_deal(1, 8)
                    + shared_deal(2, 10) + shared_deal(2, 10), encoding="ascii")
    return path


def test_a_segment_s_boards_after_the_one_naming_its_teams_are_of_its_match_in_the_export(
        tmp_path: Path) -> None:
    """Board 1's second room and board 2 of each match name no match: the four tables of board 2 were one
    field, matchpointed and cross-IMPed across the two matches (7,142 of example3.pbn's 7,632 results, in
    fields of 4 to 10)."""
    frame = bt.to_dataframe(bt.read(_two_segments(tmp_path)))
    assert frame["field_size"].tolist() == [2] * 8
    assert frame["ximp_ns"].tolist() == [-10, 10, 10, -10, -11, 11, 0, 0]


def test_a_segment_s_later_boards_are_of_its_match_when_the_export_is_analysed_again(tmp_path: Path) -> None:
    """`analyze` of an export and a file works the fields out again from the rows (`FieldInputs.of_rows`),
    by the same rule: board 2's four tables were one field there too."""
    from bridgetools.analysis.pipeline import load_results

    path = _two_segments(tmp_path)
    late = tmp_path / "z_late.pbn"
    late.write_text(shared_deal(3, 10, Event="Cup", **AB) + shared_deal(3, 9), encoding="ascii")
    frame, _ = load_results([str(path), str(late)])
    assert frame["field_size"].tolist() == [2] * 10
    assert frame["ximp_ns"].tolist()[:8] == [-10, 10, 10, -10, -11, 11, 0, 0]


def test_a_session_of_a_long_file_is_not_cut_inside_a_segment_named_on_its_first_game(tmp_path: Path) -> None:
    """A file is exported about 10,000 boards at a time, each part finding its results' matches alone: a
    cut after a segment's first game left the segment's later boards in the next part with no match named,
    pooled with other matches' tables of their deals (an rpbridge.net archive over 10,000 games)."""
    from bridgetools.analysis.export import sessions

    games = list(bt.read(_two_segments(tmp_path)))
    assert [len(part) for part in sessions(iter(games), size=2)] == [4, 4]


def test_a_pairs_game_after_a_match_in_one_file_is_not_a_third_table_of_the_match(tmp_path: Path) -> None:
    """A team match plays a board at two tables: a pairs game on the same board after it, naming no event
    or teams, is no segment's later board (its four tables and the match's two were one field of six)."""
    path = tmp_path / "teams_then_pairs.pbn"
    path.write_text(shared_deal(1, 10, Event="Cup", **AB) + shared_deal(1, 9, Event="Cup", **AB)
                    + "".join(shared_deal(1, tricks) for tricks in (8, 9, 10, 11)), encoding="ascii")
    frame = bt.to_dataframe(bt.read(path))
    assert frame["field_size"].tolist() == [2, 2, 4, 4, 4, 4]
    assert frame["ximp_ns"].tolist()[:2] == [-10, 10]


def test_print_s_travellers_count_a_pairs_game_after_a_match_in_one_file_apart_from_the_match(
        tmp_path: Path) -> None:
    """`print --traveller` and the records listing each other's results group a file's records by
    `record_matches`: the pairs game's four tables were the match's, as in the export."""
    from bridgetools.analysis.field import record_matches

    path = tmp_path / "teams_then_pairs.pbn"
    path.write_text(shared_deal(1, 10, Event="Cup", **AB) + shared_deal(1, 9, Event="Cup", **AB)
                    + "".join(shared_deal(1, tricks) for tricks in (8, 9, 10, 11)), encoding="ascii")
    matches = record_matches(list(bt.read(path)))
    assert matches[0] == matches[1] and len(set(matches[2:])) == 1 and matches[2] != matches[0]


def _seated_segment(tmp_path: Path) -> Path:
    """A segment of a match naming its teams and each room's four players on its first board alone (the
    first table Alpha's North-South, the second Bravo's), then boards 2 and 3 naming neither, as
    rpbridge.net's vugraph PBN writes a segment (endplay's example3.pbn)."""
    open_room = '[North "Ann"]\n[South "Bob"]\n[East "Cid"]\n[West "Dot"]\n'
    closed_room = '[North "Eve"]\n[South "Fay"]\n[East "Gus"]\n[West "Hal"]\n'
    path = tmp_path / "segment.pbn"
    path.write_text(open_room + shared_deal(1, 10, Event="Cup", **AB) + closed_room + shared_deal(1, 9)
                    + shared_deal(2, 9) + shared_deal(2, 10) + shared_deal(3, 11) + shared_deal(3, 8),
                    encoding="ascii")
    return path


def test_a_segment_s_later_boards_are_played_by_the_players_its_first_board_seats_in_each_room(
        tmp_path: Path) -> None:
    """The players named on a segment's first board sit in their room through the segment, the file's
    order telling the rooms (a board's first table, its second): example3.pbn's 7,142 later results named
    no player, and `analyze --by pair` left them out."""
    frame = bt.to_dataframe(bt.read(_seated_segment(tmp_path)))
    assert frame["player_n"].tolist() == ["Ann", "Eve"] * 3
    assert frame["player_w"].tolist() == ["Dot", "Hal"] * 3


def test_players_a_segment_seats_are_not_written_back_as_tags_of_its_later_boards(tmp_path: Path) -> None:
    """An export read back gives each board the players its file named, not those its room lends it."""
    from bridgetools.analysis.export import read_parquet, to_parquet

    out = tmp_path / "segment.parquet"
    to_parquet(bt.read(_seated_segment(tmp_path)), out)
    assert [bool(board.players) for board in read_parquet(out)] == [True, True, False, False, False, False]


def test_a_board_a_segment_played_at_one_table_lends_it_no_players(tmp_path: Path) -> None:
    """Which room a board's one table was, nothing says: it takes no room's players."""
    path = _seated_segment(tmp_path)
    path.write_text(path.read_text(encoding="ascii") + shared_deal(4, 9), encoding="ascii")
    frame = bt.to_dataframe(bt.read(path))
    assert frame["player_n"].isna().tolist() == [False] * 6 + [True]


def test_analyze_by_match_prints_a_match_whose_file_names_no_rooms_in_its_order(tmp_path: Path) -> None:
    """A segment naming its teams on its first board and no room anywhere is a match: a board's first table
    the open room, its second the closed room, as `show` and `print` name them (it said no room named)."""
    code, out, err = run("analyze", "--by", "match", str(_seated_segment(tmp_path)))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Cup, R1: Alpha 10 - Bravo 21"
    assert lines[3].split()[:8] == ["1", "4H", "E", "=", "-420", "4H", "E", "-1"]


def test_a_team_match_s_pairs_are_ranked_in_imps_against_the_other_room_when_no_scoring_tag_says(
        tmp_path: Path) -> None:
    """A team match is scored in IMPs: with no Scoring tag its pairs were ranked on matchpoints, 2 or 0 a
    board. Board 1: -420 against +50, 10 IMPs; board 2 the other way; board 3: -450 against +100, 11."""
    code, out, err = run("analyze", "--by", "pair", str(_seated_segment(tmp_path)))
    assert code == 0, err
    headings = [line for line in out.splitlines() if line.startswith("Cup")]
    assert headings == ["Cup: North-South (Mitchell, cross-IMPs)", "Cup: East-West (Mitchell, cross-IMPs)"]
    assert "2     Eve - Fay       3    11        3.67" in out


def test_a_segment_s_later_boards_are_ranked_in_the_event_its_first_board_names(tmp_path: Path) -> None:
    """A segment's later boards name no event: they are its match's, and so of its event's session (they
    were ranked as a session of their own, under the file's name)."""
    path = _seated_segment(tmp_path)
    code, out, err = run("analyze", "--by", "pair", str(path))
    assert code == 0, err
    assert str(path) not in out and out.splitlines()[0].startswith("Cup: North-South")
    assert "Eve - Fay       3" in out


def test_a_pairs_game_on_another_day_after_a_match_is_not_the_match_s_on_boards_it_never_played(
        tmp_path: Path) -> None:
    """A segment's later board names no match: one naming another date than the segment's first board is
    another session (a pairs game after the match, on boards 4 and 5 it never played), not the match's:
    it was, lent the match's players and printed as the match's boards."""
    path = _seated_segment(tmp_path)
    dated = '[Event "Cup"]\n[Date "2026.03.01"]\n'
    match = path.read_text(encoding="ascii").replace('[Event "Cup"]\n', dated)
    pairs = "".join(shared_deal(board, tricks, Date="2026.03.02") for board, tricks in ((4, 9), (4, 10),
                                                                                          (5, 10), (5, 8)))
    path.write_text(match + pairs, encoding="ascii")
    frame = bt.to_dataframe(bt.read(path))
    assert frame["player_n"].isna().tolist() == [False] * 6 + [True] * 4
    code, out, err = run("analyze", "--by", "match", str(path))
    assert code == 0, err
    assert [line.split()[0] for line in out.splitlines()[3:6]] == ["1", "2", "3"]
    assert out.splitlines()[6].startswith("total")


def test_a_segment_naming_no_event_counts_in_its_file_s_match_of_its_teams_and_no_carry_over_is_disputed(
        tmp_path: Path) -> None:
    """rpbridge.net names the event on a match's first segment alone and gives no carry-over: the match
    total counts every segment (example3's final: Poland 253 - Sweden 353 over 8 segments, not 222 - 310
    over 7), and a carry-over the file never gave is not said to disagree with the total before it."""
    teams = {"HomeTeam": "Alpha", "VisitTeam": "Bravo"}
    path = tmp_path / "two_segments.pbn"
    path.write_text(shared_deal(1, 10, Event="Cup", Stage="S1", **teams) + shared_deal(1, 9)
                    + shared_deal(2, 9, Stage="S2", **teams) + shared_deal(2, 10), encoding="ascii")
    code, out, err = run("analyze", "--by", "match", str(path))
    assert code == 0, err
    assert out.rstrip().splitlines()[-1] == "Cup: Alpha 10 - Bravo 10 over 2 segments (2 boards)"
    assert "carry-over" not in err


def test_a_segment_whose_first_board_names_the_closed_room_first_keeps_that_order_on_its_later_boards(
        tmp_path: Path) -> None:
    """Where the segment's first board names its rooms, closed room first, a later board's first table is
    the closed room too, played by the closed room's players: it was taken for the open room and lent the
    open room's players, so each later board's pairs and IMPs were swapped."""
    closed_room = '[Room "Closed"]\n[North "Ann"]\n[South "Bob"]\n[East "Cid"]\n[West "Dot"]\n'
    open_room = '[Room "Open"]\n[North "Eve"]\n[South "Fay"]\n[East "Gus"]\n[West "Hal"]\n'
    path = tmp_path / "closed_first.pbn"
    path.write_text(closed_room + shared_deal(1, 10, Event="Cup", **AB) + open_room + shared_deal(1, 10)
                    + shared_deal(2, 11) + shared_deal(2, 9), encoding="ascii")
    frame = bt.to_dataframe(bt.read(path))
    assert frame["player_n"].tolist() == ["Ann", "Eve", "Ann", "Eve"]
    code, out, err = run("analyze", "--by", "match", str(path))
    assert code == 0, err
    assert out.splitlines()[4].split()[:8] == ["2", "4H", "E", "-1", "50", "4H", "E", "+1"]
    assert out.splitlines()[0] == "Cup, R1: Alpha 11 - Bravo 0"


def test_a_pairs_game_seating_other_players_after_a_match_on_the_same_day_is_not_the_match_s(
        tmp_path: Path) -> None:
    """A team keeps its four players through a segment: a result naming players none of whom the segment
    named (a pairs game after the match, naming no event or date, on boards 4 and 5 the match never
    played) ends it. Board 4's first two tables were the match's, printed as its board 4 (Alpha 10 -
    Bravo 31) and ranked in its cross-IMPs, and the third a field of its own."""
    path = _seated_segment(tmp_path)
    seats = '[North "N{0}"]\n[South "S{0}"]\n[East "E{0}"]\n[West "W{0}"]\n'
    pairs = "".join(seats.format(table) + shared_deal(board, tricks)
                    for board in (4, 5) for table, tricks in enumerate((8, 9, 10)))
    path.write_text(path.read_text(encoding="ascii") + pairs, encoding="ascii")
    frame = bt.to_dataframe(bt.read(path))
    assert frame["field_size"].tolist()[6:] == [3] * 6
    code, out, err = run("analyze", "--by", "match", str(path))
    assert code == 0, err
    assert out.splitlines()[0] == "Cup, R1: Alpha 10 - Bravo 21"


def test_a_pairs_game_on_another_day_after_a_match_is_ranked_apart_from_the_match_on_matchpoints(
        tmp_path: Path) -> None:
    """The ranking reads a result's match as the export does: a pairs game naming another date than the
    match's (some of the match's players among its pairs) is another session, on matchpoints. Its first
    two tables of each board were ranked with the match, in cross-IMPs, the date not looked at."""
    path = _seated_segment(tmp_path)
    dated = '[Event "Cup"]\n[Date "2026.03.01"]\n'
    match = path.read_text(encoding="ascii").replace('[Event "Cup"]\n', dated)
    seats = ('[North "Ann"]\n[South "Bob"]\n[East "E1"]\n[West "W1"]\n',
             '[North "N2"]\n[South "S2"]\n[East "Cid"]\n[West "Dot"]\n',
             '[North "N3"]\n[South "S3"]\n[East "E3"]\n[West "W3"]\n')
    pairs = "".join(seats[table] + shared_deal(board, tricks, Date="2026.03.02")
                    for board in (4, 5) for table, tricks in enumerate((8, 9, 10)))
    path.write_text(match + pairs, encoding="ascii")
    code, out, err = run("analyze", "--by", "pair", str(path))
    assert code == 0, err
    headings = [line for line in out.splitlines() if "(Mitchell" in line]
    assert [heading.endswith("cross-IMPs)") for heading in headings] == [True, True, False, False]
    assert "N3 - S3         2" in out


def test_a_segment_s_boards_naming_no_room_have_team_imps_in_the_export(tmp_path: Path) -> None:
    """The export's ``team_imps`` took the rooms the file names alone: a segment naming none (example3.pbn's
    7,632 results) had none, while ``analyze --by match`` scored its rooms in the segment's order."""
    frame = bt.to_dataframe(bt.read(_two_segments(tmp_path)))
    # Alpha - Bravo: board 1 -420 then +50 (10 down), board 2 +50 then -420 (10 up); Charlie - Delta:
    # board 1 -450 then +100 (11 down), board 2 -420 twice (0).
    assert frame["team_imps"].tolist() == [-10, -10, 10, 10, -11, -11, 0, 0]


def test_a_segment_s_team_imps_add_up_to_its_match_s_total(tmp_path: Path) -> None:
    """The export and ``analyze --by match`` take a segment's rooms by one rule: a board's IMPs, summed over
    the segment, are the home team's total less the visitors' as analyze gives them."""
    path = tmp_path / "closed_first.pbn"
    path.write_text(shared_deal(1, 10, Event="Cup", Room="Closed", **AB) + shared_deal(1, 9, Room="Open")
                    + shared_deal(2, 9) + shared_deal(2, 10) + shared_deal(3, 11) + shared_deal(3, 8),
                    encoding="ascii")
    frame = bt.to_dataframe(bt.read(path))
    code, out, _ = run("analyze", str(path), "--by", "match", "--format", "json")
    totals = json.loads(out)[0]["totals"]
    assert code == 0 and frame["team_imps"].iloc[::2].sum() == totals[0] - totals[1] != 0
