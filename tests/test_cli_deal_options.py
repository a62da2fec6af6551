"""``bridgetools deal``: the hand shorthand with a script or a condition, and the board options a teacher
sets (--dealer, --vul, --first-board, --event, --rotate)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.formats import loads
from bridgetools.model import Seat, Suit, Vul

WEAK_TWO = Path(__file__).parent.parent / "samples" / "weak_two.dlr"


def boards(*args: str) -> list[Board]:
    result = CliRunner().invoke(cli, ["deal", "--seed", "3", "-n", "6", "-q", *args])
    assert result.exit_code == 0, result.output
    return loads(result.stdout, "pbn")


def usage_error(*args: str) -> str:
    result = CliRunner().invoke(cli, ["deal", "--seed", "3", "-n", "2", "-q", *args])
    assert result.exit_code == 2, result.output
    return result.stderr


def lengths(board: Board, seat: Seat) -> tuple[int, ...]:
    hand = board.deal[seat]
    return tuple(hand.length(suit) for suit in (Suit.S, Suit.H, Suit.D, Suit.C))


@pytest.mark.parametrize("words", ["15-17 hcp", "15-17 HCP", "15-17hcp"])
def test_an_hcp_range_may_say_hcp(words: str) -> None:
    assert all(15 <= b.deal[Seat.N].hcp <= 17 for b in boards("--north", words))


def test_12_plus_hcp_is_twelve_or_more() -> None:
    assert all(b.deal[Seat.E].hcp >= 12 for b in boards("--east", "12+ HCP"))


def test_5_plus_m_is_either_major() -> None:
    dealt = boards("--north", "5+M", "-n", "20")
    assert all(max(lengths(b, Seat.N)[:2]) >= 5 for b in dealt)
    assert {lengths(b, Seat.N)[0] >= 5 for b in dealt} == {True, False}


def test_equals_signs_give_the_exact_shape_spades_first() -> None:
    assert {lengths(b, Seat.S) for b in boards("--south", "4=4=1=4")} == {(4, 4, 1, 4)}


@pytest.mark.parametrize("words", ["4-4-1-4", "any 4441"])
def test_dashes_or_any_give_the_pattern_in_any_suits(words: str) -> None:
    dealt = boards("--south", words, "-n", "20")
    assert {tuple(sorted(lengths(b, Seat.S))) for b in dealt} == {(1, 4, 4, 4)}
    assert len({lengths(b, Seat.S) for b in dealt}) > 1


def test_a_shorthand_combines_with_a_condition() -> None:
    for b in boards("--south", "5+S", "hcp(north) >= 15"):
        assert b.deal[Seat.S].length(Suit.S) >= 5 and b.deal[Seat.N].hcp >= 15


def test_a_shorthand_combines_with_a_script() -> None:
    for b in boards("--south", "4+S 12+", "-f", str(WEAK_TWO)):
        north, south = b.deal[Seat.N], b.deal[Seat.S]
        assert 5 <= north.hcp <= 10 and max(north.length(Suit.S), north.length(Suit.H)) == 6
        assert south.length(Suit.S) >= 4 and south.hcp >= 12


def test_dealer_vul_first_board_and_event_label_every_board() -> None:
    dealt = boards("--dealer", "west", "--vul", "ew", "--first-board", "9", "--event", "Tuesday lesson")
    assert [b.number for b in dealt] == list(range(9, 15))
    assert {(b.dealer, b.vulnerability, b.event) for b in dealt} == {(Seat.W, Vul.EW, "Tuesday lesson")}


def test_rotate_puts_the_hand_the_shorthand_describes_at_the_seat() -> None:
    plain, turned = boards("--north", "20-21 hcp"), boards("--north", "20-21 hcp", "--rotate", "south")
    assert [b.deal[Seat.S] for b in turned] == [b.deal[Seat.N] for b in plain]
    assert [b.deal[Seat.E] for b in turned] == [b.deal[Seat.W] for b in plain]


def test_rotate_turns_the_scripts_dealer_with_the_hands() -> None:
    dealt = boards("-f", str(WEAK_TWO), "--rotate", "east")
    assert all(b.dealer is Seat.E and max(lengths(b, Seat.E)[:2]) == 6 for b in dealt)


def test_rotate_keeps_law_2_dealer_and_vulnerability_by_board_number() -> None:
    dealt = boards("--west", "15+", "--rotate", "south")
    assert [(b.dealer, b.vulnerability) for b in dealt] == [(Seat.dealer_of_board(b.number),
                                                            Vul.of_board(b.number)) for b in dealt]
    assert all(b.deal[Seat.S].hcp >= 15 for b in dealt)


def test_rotate_with_two_hands_named_is_refused_unless_from_to_says_which() -> None:
    assert "North and South" in usage_error("--north", "15-17", "--south", "5+S", "--rotate", "south")
    dealt = boards("--north", "15-17", "--south", "5+S", "--rotate", "north:south")
    assert all(15 <= b.deal[Seat.S].hcp <= 17 and b.deal[Seat.N].length(Suit.S) >= 5 for b in dealt)


def test_rotate_with_no_hand_named_is_refused() -> None:
    assert "names no hand" in usage_error("--rotate", "south")


@pytest.mark.parametrize("args", [["--dealer", "x"], ["--vul", "red"], ["--first-board", "0"],
                                  ["--rotate", "up"]])
def test_bad_board_options_are_usage_errors(args: list[str]) -> None:
    assert args[0] in usage_error(*args)


def test_the_pbn_header_records_the_shorthand_and_the_turn() -> None:
    result = CliRunner().invoke(cli, ["deal", "--seed", "3", "-n", "1", "--west", "15+", "--rotate", "south"])
    assert "% shorthand hcp(west) >= 15" in result.stdout
    assert "% turned 3 seats clockwise, so the hand dealt West sits South" in result.stdout


def test_a_shorthand_added_to_a_script_reaches_worker_processes() -> None:
    args = ("--south", "12+ 4+S", "-f", str(WEAK_TWO), "-n", "30")
    dealt = boards(*args, "--jobs", "2")
    assert dealt == boards(*args)
    assert all(b.deal[Seat.S].hcp >= 12 and b.deal[Seat.S].length(Suit.S) >= 4 for b in dealt)


def test_a_script_named_in_place_of_the_condition_is_read_as_with_f() -> None:
    assert [b.deal for b in boards(str(WEAK_TWO))] == [b.deal for b in boards("-f", str(WEAK_TWO))]


def test_a_file_name_that_does_not_exist_is_refused_as_a_missing_file() -> None:
    error = usage_error("no_such_script.dlr")
    assert "no file no_such_script.dlr" in error and "unexpected character" not in error


def test_a_hand_record_given_as_the_script_is_refused_as_one(tmp_path: Path) -> None:
    record = tmp_path / "boards.pbn"
    record.write_text('[Board "1"]\n[Deal "N:AKQ2.KJ3.T98.432 - - -"]\n')
    assert "boards.pbn is a PBN hand record, not a dealer script" in usage_error(str(record))


@pytest.mark.parametrize("count", ["0", "-3"])
def test_n_below_one_is_refused_rather_than_writing_a_file_of_no_board(count: str) -> None:
    result = CliRunner().invoke(cli, ["deal", "--seed", "1", "-n", count, "hcp(north) > 20"])
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{count}: expected a whole number, 1 or more (leave -n out for the default" in result.stderr


def test_board_options_with_dealers_own_output_are_refused_in_good_english() -> None:
    script = str(Path(__file__).parent.parent / "samples" / "jacoby_transfer.dlr")
    assert "--rotate describes boards, but the script's actions print dealer's own output" in usage_error(
        script, "--rotate", "north:south")
    assert "--dealer, --vul describe boards" in usage_error(script, "--dealer", "W", "--vul", "ns")


def test_a_folder_or_a_script_named_without_its_suffix_is_told_as_such(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # read as dealer text, each was `unknown variable 'samples'`
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "weak_two.dlr").write_text("hcp(north) >= 20\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert "lessons is a folder, not a dealer script" in usage_error("lessons")
    error = usage_error("lessons/weak_two")
    assert "no file lessons/weak_two (did you mean lessons/weak_two.dlr?)" in error
    assert "unknown variable" not in error
    monkeypatch.chdir(tmp_path / "lessons")
    assert "no file weak_two (did you mean weak_two.dlr?)" in usage_error("weak_two")
    assert "a number alone is true for every deal" in usage_error("1")  # a condition, not a file name


@pytest.mark.parametrize("name", ["jsonl", "LIN", "text"])
def test_minus_f_naming_a_format_and_no_file_says_to_give_format(name: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # convert's -f is the format, deal's the script: `deal -f jsonl` was `Error: jsonl: No such file`
    monkeypatch.chdir(tmp_path)
    error = usage_error("-f", name, "hcp(north) >= 20")
    assert f"there is no file {name}: for the output format, give --format {name.lower()}" in error
    (tmp_path / "lin").write_text("hcp(north) >= 20\n", encoding="utf-8")
    assert len(boards("-f", "lin")) == 6  # a script of that name is read


@pytest.mark.parametrize("condition", ["nosuch/x", "nosuch/x.dlr", "lessons/nosuch/x"])
def test_a_condition_in_a_folder_that_does_not_exist_is_told_so(
        condition: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # read as dealer text, `nosuch/x` was `unknown variable 'nosuch'`
    (tmp_path / "lessons").mkdir()
    monkeypatch.chdir(tmp_path)
    error = usage_error(condition)
    folder = condition.rsplit("/", 1)[0]
    assert f"{condition}: no folder '{folder}'" in error and "unknown variable" not in error
    assert "Traceback" not in error


@pytest.mark.parametrize(("switch", "says"), [
    (["-s", "42"], "dealer's -s SEED is --seed SEED here"),
    (["-p", "10"], "dealer's -p N (hands to produce) is -n N here"),
    (["-g", "1000"], "dealer's -g N (hands to generate) is the script's generate N here"),
    (["-v"], "dealer's -v (leaving out the statistics at the end) is not done"),
    (["-2"], "dealer's -2 (swapping East and West) is not done"),
    (["-l", "3"], "dealer's -l (deals read from GIB's library.dat) is not done"),
    (["-i", "format/pbn"], "Deal's -i FILE (a Tcl file read first, such as format/pbn) is not read"),
    (["-x", "s.tcl"], "Deal's -x SCRIPT (a Tcl script) is not run: write its test as a dealer condition"),
])
def test_dealers_command_line_switches_say_what_to_write_here(switch: list[str], says: str) -> None:
    message = usage_error(*switch, str(WEAK_TWO))
    assert says in message
    assert len(message.strip().splitlines()[-1]) > 0 and "Traceback" not in message


def test_dealers_v_switch_is_named_for_turning_the_statistics_off() -> None:
    # Debian's dealer prints Generated/Produced/... by default and -v toggles them off (its man page:
    # "Toggle verbose output ... (default is on)"); the hint had said -v asks for them.
    message = usage_error("-v", str(WEAK_TWO))
    assert "leaving out the statistics at the end" in message and "not needed" not in message
    assert "--format" in message


def test_dealers_v_switch_also_says_where_bridgetools_own_v_goes() -> None:
    # as convert -v says it: the group's -v goes before the command
    assert "goes before the command: bridgetools -v deal ..." in usage_error("-v", str(WEAK_TWO))


@pytest.mark.parametrize("option, value, expected", [
    ("--seed", "1.5", "'1.5': expected a whole number, 0 or more"),
    ("--seed", "-3", "-3: expected a whole number, 0 or more"),
    ("--first-board", "x", "'x': expected a whole number, 1 or more"),
    ("-n", "2.5", "'2.5': expected a whole number, 1 or more"),
])
def test_a_number_option_that_is_no_whole_number_says_what_was_expected(option: str, value: str,
                                                                        expected: str) -> None:
    # click said "'1.5' is not a valid integer range" and "-3 is not in the range x>=0"
    said = usage_error(option, value)
    assert said.count("\n") == 1 and f"Invalid value for '{option}': {expected};" in said


@pytest.mark.parametrize("command, expected", [
    (["deal", "-j", "x"], "'-j' / '--jobs': 'x': expected a whole number from 1 to 1024"),
    (["autoplay", "-j", "1.5", "x.pbn"], "'-j' / '--jobs': '1.5': expected a whole number from 1 to 1024"),
    (["autoplay", "--samples", "x", "x.pbn"], "'--samples': 'x': expected a whole number, 1 or more"),
    (["dd", "-j", "x", "x.pbn"], "'-j' / '--jobs': 'x': expected a whole number from 1 to 1024"),
    (["play", "--port", "x"], "'--port': 'x': expected a whole number from 0 to 65535"),
    (["play", "--port", "70000"], "'--port': 70000: expected a whole number from 0 to 65535"),
])
def test_every_commands_number_options_say_what_was_expected(command: list[str], expected: str) -> None:
    # click's IntRange said "'x' is not a valid integer range"
    result = CliRunner().invoke(cli, command)
    assert result.exit_code == 2 and f"Invalid value for {expected};" in result.stderr


def test_a_number_alone_as_the_condition_is_a_count_of_boards_typed_without_n() -> None:
    # `deal 10` dealt 40 boards at random: the 10, a condition true for every deal, was taken as one
    result = CliRunner().invoke(cli, ["deal", "--seed", "1", "10"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "a number alone is true for every deal; for 10 boards give -n 10" in result.stderr


def test_a_condition_that_asks_nothing_of_the_hands_is_refused_as_true_for_every_deal() -> None:
    assert "3 > 2 asks nothing of the hands, so it is true for every deal" in usage_error("3 > 2")


@pytest.mark.parametrize("condition", ["hcp(north) > 10 || 1", "rnd(2) < 5"])
def test_a_condition_naming_a_hand_or_a_draw_is_dealt_though_always_true(condition: str) -> None:
    assert len(boards(condition)) == 6


def test_a_script_may_say_condition_1(tmp_path: Path) -> None:
    script = tmp_path / "any.dlr"
    script.write_text("condition 1\n")
    assert len(boards("-f", str(script))) == 6


@pytest.mark.parametrize("typed, kept", [(b"Caf\xc3\xa9", "Café"), (b"Caf\xe9", "Café")])
def test_an_event_typed_in_the_c_locale_is_written_as_typed(tmp_path: Path, typed: bytes, kept: str) -> None:
    # in the C locale Python gave the é's bytes as lone surrogates, which no file could hold: "the output's
    # encoding (utf-8) cannot write '\udcc3\udca9' ... or write to a file with -o", said of -o's file
    import os
    import subprocess
    import sys

    out = tmp_path / "ev.pbn"
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    args = [b"-m", b"bridgetools", b"deal", b"-n", b"1", b"--seed", b"1", b"--event", typed, b"-o"]
    done = subprocess.run([os.fsencode(sys.executable), *args, os.fsencode(out)], env=env,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f'[Event "{kept}"]' in out.read_text(encoding="utf-8")
