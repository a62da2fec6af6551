"""A team match's victory points (`analyze --vp`): the WBF scale over the boards scored in both rooms, for
a whole match only (a segment or a match begun from a carry-over is not scored on its own)."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

from test_analysis_match import MATCH, USBF, _segments, room, run

from bridgetools.scoring import victory_points

TRIAL = Path(__file__).parent / "data" / "lin" / "trial47c"


FINISHED = "".join([room(1, "Open", "4S", "N", 10), room(1, "Closed", "4S", "N", 9),
                    room(2, "Open", "3NT", "E", 9), room(2, "Closed", "3NT", "E", 9)])
"""Lions 10 - Tigers 0, both boards scored in both rooms."""


def _match(tmp_path: Path, text: str = FINISHED) -> Path:
    path = tmp_path / "match.pbn"
    path.write_text(text, encoding="ascii")
    return path


def test_a_whole_match_shows_each_team_s_victory_points_over_its_boards(tmp_path: Path) -> None:
    code, out, err = run("analyze", str(_match(tmp_path)), "--vp")
    won, lost = victory_points(10, 2)
    assert code == 0, err
    assert out.splitlines()[0] == f"Teams: Lions 10 - Tigers 0 ({won:.2f} - {lost:.2f} VPs)"


def test_without_vp_the_match_shows_no_victory_points(tmp_path: Path) -> None:
    code, out, _ = run("analyze", str(_match(tmp_path)))
    assert code == 0 and "VP" not in out


def test_victory_points_are_a_json_key_of_the_match(tmp_path: Path) -> None:
    code, out, _ = run("analyze", str(_match(tmp_path)), "--vp", "--format", "json")
    assert code == 0 and json.loads(out)[0]["victory_points"] == list(victory_points(10, 2))


def test_victory_points_are_csv_columns_on_each_board_s_row(tmp_path: Path) -> None:
    code, out, _ = run("analyze", str(_match(tmp_path)), "--vp", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and {(r["home_vp"], r["visitors_vp"]) for r in rows} == {
        tuple(f"{p:.2f}" for p in victory_points(10, 2))}


def test_a_match_in_segments_has_its_victory_points_on_its_total_not_on_a_segment(tmp_path: Path) -> None:
    code, out, _ = run("analyze", *map(str, _segments(tmp_path, (10, 0))), "--vp")
    lines = out.rstrip().splitlines()
    assert code == 0
    assert lines[-1] == "Teams: Lions 10 - Tigers 10 over 2 segments (3 boards) (10.00 - 10.00 VPs)"
    assert [line for line in lines if line.startswith("Teams, Segment")] == [
        "Teams, Segment 1 of 2: Lions 10 - Tigers 0", "Teams, Segment 2 of 2: Lions 10 - Tigers 10"]


def test_a_segment_s_victory_points_are_null_in_json(tmp_path: Path) -> None:
    code, out, _ = run("analyze", *map(str, _segments(tmp_path, (10, 0))), "--vp", "--format", "json")
    assert code == 0 and [m["victory_points"] for m in json.loads(out)] == [None, None]


def test_a_match_begun_from_a_carry_over_says_why_it_has_no_victory_points() -> None:
    code, out, _ = run("analyze", str(USBF), "--vp")
    assert code == 0
    assert out.splitlines()[0].endswith("(no VPs: Segment 4 of 8 starts from a carry-over, the boards before "
                                        "it not given)")


def test_a_lone_segment_of_several_has_no_victory_points(tmp_path: Path) -> None:
    first, _ = _segments(tmp_path, (10, 0))
    code, out, _ = run("analyze", str(first), "--vp")
    assert code == 0
    assert out.splitlines()[0].endswith("(no VPs: Segment 1 of 2: the other segments not given)")


def test_a_board_a_match_has_no_victory_points() -> None:
    code, out, _ = run("analyze", str(TRIAL / "bam.lin"), "--vp")
    assert code == 0 and "(no VPs: a board-a-match is won on boards)" in out


def test_vp_with_a_grouping_that_prints_no_match_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run("analyze", str(_match(tmp_path)), "--vp", "--by", "strain")
    assert code == 2 and "--vp gives a team match's victory points" in err


def test_a_match_with_a_board_still_to_be_scored_in_a_room_has_no_victory_points_yet(tmp_path: Path) -> None:
    # Board 3 is played in the open room only: the match (3 boards) is not over, and 10 - 0 over the two
    # boards scored is neither its result nor on its scale.
    code, out, _ = run("analyze", str(_match(tmp_path, MATCH)), "--vp")
    assert code == 0
    assert out.splitlines()[0] == "Teams: Lions 10 - Tigers 0 (no VPs: board 3 not scored in both rooms)"


def test_a_stage_counting_the_event_s_rounds_is_a_whole_match(tmp_path: Path) -> None:
    stage = '[Stage "Round 5 of 23"]\n'
    text = "".join([room(1, "Open", "4S", "N", 10, stage), room(1, "Closed", "4S", "N", 9, stage),
                    room(2, "Open", "3NT", "E", 9, stage), room(2, "Closed", "3NT", "E", 9, stage)])
    code, out, _ = run("analyze", str(_match(tmp_path, text)), "--vp")
    won, lost = victory_points(10, 2)
    assert code == 0
    assert out.splitlines()[0] == f"Teams, Round 5 of 23: Lions 10 - Tigers 0 ({won:.2f} - {lost:.2f} VPs)"


def _wbf(margin: int, boards: int) -> tuple[float, float]:
    """The WBF continuous scale (WBF 2013, written out here apart from the code): the winner's VPs are
    10 + 10 (1 - tau^(3 M / B)) / (1 - tau^3), tau the golden ratio's inverse, B = 15 sqrt(boards),
    capped at 20, to two decimals."""
    tau = (math.sqrt(5) - 1) / 2
    won = min(20.0, 10 + 10 * (1 - tau ** (3 * margin / (15 * math.sqrt(boards)))) / (1 - tau ** 3))
    return round(won, 2), round(20 - round(won, 2), 2)


ONE_BOARD = room(1, "Open", "4S", "N", 10) + room(1, "Closed", "4S", "N", 9)
"""One board of a longer match, an excerpt: Lions 10 - Tigers 0."""


def test_an_excerpt_of_a_match_given_its_length_is_scored_on_the_match_s_scale(tmp_path: Path) -> None:
    code, out, err = run("analyze", str(_match(tmp_path, ONE_BOARD)), "--vp", "--match-boards", "16")
    won, lost = _wbf(10, 16)
    assert code == 0, err
    assert out.splitlines()[0] == (f"Teams: Lions 10 - Tigers 0 ({won:.2f} - {lost:.2f} VPs on a 16-board "
                                   "scale, 1 board given)")


def test_a_match_length_below_the_boards_the_match_holds_is_refused(tmp_path: Path) -> None:
    code, out, err = run("analyze", str(_match(tmp_path)), "--vp", "--match-boards", "1")
    assert code != 0 and out == ""
    assert err.strip().splitlines() == [
        f"Error: --match-boards 1: {tmp_path / 'match.pbn'} holds 2 boards of Lions - Tigers, more than 1"]


def test_without_a_match_length_an_excerpt_is_scored_on_the_boards_it_holds(tmp_path: Path) -> None:
    code, out, _ = run("analyze", str(_match(tmp_path, ONE_BOARD)), "--vp")
    won, lost = _wbf(10, 1)
    assert code == 0 and out.splitlines()[0] == f"Teams: Lions 10 - Tigers 0 ({won:.2f} - {lost:.2f} VPs)"


def test_a_lone_segment_given_its_match_s_length_is_scored_on_it(tmp_path: Path) -> None:
    first, _ = _segments(tmp_path, (10, 0))
    code, out, _ = run("analyze", str(first), "--vp", "--match-boards", "16")
    won, lost = _wbf(10, 16)
    assert code == 0
    assert out.splitlines()[0].endswith(f"({won:.2f} - {lost:.2f} VPs on a 16-board scale, 2 boards given)")


def test_a_match_length_goes_with_vp(tmp_path: Path) -> None:
    code, _, err = run("analyze", str(_match(tmp_path)), "--match-boards", "16")
    assert code == 2 and "give --vp too" in err


def _won_segments(tmp_path: Path) -> tuple[Path, Path]:
    """Segment 1 (Lions 10 - Tigers 0) and segment 2 (board 3: 10 more IMPs to the Lions, from a carry-over
    of 10 - 0): Lions 20 - Tigers 0 over 3 boards."""
    return _segments(tmp_path, (10, 0), (10, 9))


def test_a_match_in_segments_given_its_length_is_scored_on_it_on_its_total_line(tmp_path: Path) -> None:
    code, out, err = run("analyze", *map(str, _won_segments(tmp_path)), "--vp", "--match-boards", "16")
    won, lost = _wbf(20, 16)
    assert code == 0, err
    assert out.rstrip().splitlines()[-1] == (
        f"Teams: Lions 20 - Tigers 0 over 2 segments (3 boards) ({won:.2f} - {lost:.2f} VPs on a 16-board "
        "scale, 3 boards given)")


def test_a_segment_from_a_carry_over_given_the_match_s_length_is_scored_with_it(tmp_path: Path) -> None:
    _, second = _won_segments(tmp_path)
    code, out, err = run("analyze", str(second), "--vp", "--match-boards", "16")
    won, lost = _wbf(20, 16)  # the carry-over's 10 IMPs and board 3's 10
    assert code == 0, err
    assert out.splitlines()[0].endswith(f"({won:.2f} - {lost:.2f} VPs on a 16-board scale, 1 board given)")


def test_json_gives_the_match_length_beside_the_victory_points_on_its_scale(tmp_path: Path) -> None:
    code, out, err = run("analyze", str(_match(tmp_path, ONE_BOARD)), "--vp", "--match-boards", "16",
                         "--format", "json")
    (match,) = json.loads(out)
    assert code == 0, err
    assert (match["match_boards"], match["victory_points"]) == (16, list(_wbf(10, 16)))


def test_a_match_in_several_files_longer_than_its_length_is_refused_as_the_match(tmp_path: Path) -> None:
    first, second = tmp_path / "board1.pbn", tmp_path / "board2.pbn"
    first.write_text(ONE_BOARD, encoding="ascii")
    second.write_text(room(2, "Open", "3NT", "E", 9) + room(2, "Closed", "3NT", "E", 9), encoding="ascii")
    code, out, err = run("analyze", str(first), str(second), "--vp", "--match-boards", "1")
    assert code != 0 and out == ""  # neither file holds the two boards: the match does
    assert err.strip().splitlines() == [
        "Error: --match-boards 1: the match Lions - Tigers holds 2 boards in the inputs, more than 1"]
