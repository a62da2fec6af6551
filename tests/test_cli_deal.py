"""``bridgetools deal``: the README's first command, seeds, formats, shorthands and bad input."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.formats import loads
from bridgetools.model import Seat, Vul

README_CONDITION = "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"
BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}


def deal(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["deal", *args])
    return result.exit_code, result.stdout, result.stderr


def test_readme_quick_start_prints_eight_boards() -> None:
    code, out, _ = deal("-n", "8", "--seed", "7", README_CONDITION)
    assert code == 0
    boards = loads(out, "pbn")
    assert [b.number for b in boards] == list(range(1, 9))
    for board in boards:
        north = board.deal[Seat.N]
        assert 15 <= north.hcp <= 17 and tuple(sorted(north.shape, reverse=True)) in BALANCED


def test_boards_follow_the_law_2_cycle() -> None:
    boards = loads(deal("-n", "5", "--seed", "1", "hcp(south) > 5")[1], "pbn")
    assert [(b.dealer, b.vulnerability) for b in boards] == [
        (Seat.N, Vul.NONE), (Seat.E, Vul.NS), (Seat.S, Vul.EW), (Seat.W, Vul.BOTH), (Seat.N, Vul.NS)]


def test_the_same_seed_gives_the_same_boards() -> None:
    first = deal("-n", "6", "--seed", "42", "spades(north) >= 5")[1]
    assert first == deal("-n", "6", "--seed", "42", "spades(north) >= 5")[1]
    assert first != deal("-n", "6", "--seed", "43", "spades(north) >= 5")[1]


def test_worker_processes_do_not_change_the_boards() -> None:
    args = ("-n", "30", "--seed", "9", "--format", "lin", "hcp(north) + hcp(south) >= 26")
    assert deal(*args)[1] == deal("--jobs", "2", *args)[1]


def test_shards_are_reproducible_and_different() -> None:
    zero = deal("-n", "4", "--seed", "3", "--shard", "0/2", "--format", "lin", "hcp(east) > 12")[1]
    one = deal("-n", "4", "--seed", "3", "--shard", "1/2", "--format", "lin", "hcp(east) > 12")[1]
    assert zero == deal("-n", "4", "--seed", "3", "--shard", "0/2", "--format", "lin", "hcp(east) > 12")[1]
    assert zero != one
    pbn = deal("-n", "1", "--seed", "3", "--shard", "1/2", "hcp(east) > 12")[1]
    assert "deal, seed 3, shard 1/2 (numpy" in pbn


def test_without_a_seed_a_fresh_one_is_printed_and_recorded() -> None:
    code, out, err = deal("-n", "2", "hcp(north) > 10")
    seed = re.fullmatch(r"seed=(\d+)\n", err)
    assert code == 0 and seed is not None
    assert f"% bridgetools 0.1.0 deal, seed {seed.group(1)} (numpy " in out
    assert f'[Event "bridgetools deal, seed {seed.group(1)}"]' in out


def test_pbn_header_records_the_constraint() -> None:
    out = deal("-n", "1", "--seed", "2", "hcp(north) > 10")[1]
    header = [line for line in out.splitlines() if line.startswith("%")]
    assert "% condition hcp(north) > 10" in header


def test_json_output_is_one_document() -> None:
    code, out, _ = deal("-n", "3", "--seed", "5", "--format", "json", "controls(west) >= 4")
    assert code == 0 and len(json.loads(out)["boards"]) == 3


def test_output_file_format_comes_from_its_suffix(tmp_path: Path) -> None:
    target = tmp_path / "boards.lin"
    assert deal("-n", "2", "--seed", "5", "-o", str(target), "hcp(west) > 14")[0] == 0
    assert target.read_text(encoding="utf-8").startswith("pn|")


def test_shorthands_deal_the_everyday_cases() -> None:
    out = deal("-n", "5", "--seed", "8", "--north", "15-17 balanced", "--south", "5+S 6-10")[1]
    for board in loads(out, "pbn"):
        north, south = board.deal[Seat.N], board.deal[Seat.S]
        assert 15 <= north.hcp <= 17 and tuple(sorted(north.shape, reverse=True)) in BALANCED
        assert south.shape[0] >= 5 and 6 <= south.hcp <= 10


def test_a_shorthand_word_it_cannot_read_is_a_usage_error() -> None:
    code, _, err = deal("--north", "15-17 bananas")
    assert code == 2 and "bananas" in err


def test_a_script_sets_dealer_vulnerability_and_count(tmp_path: Path) -> None:
    script = tmp_path / "s.dlr"
    script.write_text("produce 3\ndealer west\nvulnerable ns\ncondition hcp(west) >= 12\n", encoding="utf-8")
    boards = loads(deal("-f", str(script), "--seed", "1", "--format", "pbn")[1], "pbn")
    assert [(b.dealer, b.vulnerability) for b in boards] == [(Seat.W, Vul.NS)] * 3


def test_a_script_with_actions_prints_dealers_output(tmp_path: Path) -> None:
    script = tmp_path / "s.dlr"
    script.write_text('produce 4\ncondition hcp(north) > 15\naction average "hcp" hcp(north)\n')
    code, out, _ = deal("-f", str(script), "--seed", "1")
    assert code == 0
    lines = out.splitlines()
    assert float(lines[0].removeprefix("hcp: ")) > 15 and "Produced 4 hands" in lines


def test_a_malformed_condition_names_line_and_column() -> None:
    code, out, err = deal("hcp(north) >= 15 &&")
    assert code == 1 and "Traceback" not in out + err
    assert "Error: <condition>:1:20: unexpected end of script, expected an expression" in err


def test_a_malformed_script_names_file_line_and_column(tmp_path: Path) -> None:
    script = tmp_path / "bad.dlr"
    script.write_text("produce 5\ncondition shape(north, any 4443)\n", encoding="utf-8")
    code, _, err = deal("-f", str(script))
    assert code == 1 and f"{script}:2:28: shape 4443 has 15 cards" in err


def test_tricks_is_a_clear_error_not_a_traceback() -> None:
    code, _, err = deal("tricks(north, spades) >= 10")
    assert code == 1 and "tricks() needs double-dummy analysis" in err


def test_a_missing_script_file_is_reported() -> None:
    code, _, err = deal("-f", "no/such/file.dlr")
    assert code in (1, 2) and "file.dlr" in err


def test_condition_and_script_together_are_a_usage_error(tmp_path: Path) -> None:
    script = tmp_path / "s.dlr"
    script.write_text("hcp(north) > 3\n")
    assert deal("-f", str(script), "hcp(south) > 3")[0] == 2


def test_a_failed_run_leaves_no_output_file(tmp_path: Path) -> None:
    target = tmp_path / "out.pbn"
    assert deal("-o", str(target), "hcp(north) >")[0] == 1
    assert not target.exists() and not list(tmp_path.iterdir())


def test_a_latin1_script_is_read(tmp_path: Path) -> None:
    script = tmp_path / "latin.dlr"
    script.write_bytes("# ouverture \xe0 1SA\nproduce 2\nhcp(north) > 14\n".encode("latin-1"))
    assert deal("-f", str(script), "--seed", "1", "--format", "pbn")[0] == 0


def test_a_script_can_come_from_stdin() -> None:
    result = CliRunner().invoke(cli, ["deal", "-f", "-", "--seed", "1", "--format", "jsonl"],
                                input="produce 3\nspades(west) >= 6\n")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and all(json.loads(line)["deal"] for line in lines)


def test_workers_rebuild_a_script_with_predeal(tmp_path: Path) -> None:
    script = tmp_path / "p.dlr"
    script.write_text("predeal south SAQ542, HKJ87, D32, CAK\nhcp(west) > 10 && clubs(west) >= 3\n")
    args = ("-f", str(script), "-n", "12", "--seed", "4", "--format", "lin")
    one, two = deal(*args), deal("--jobs", "2", *args)
    assert one[0] == two[0] == 0 and one[1] == two[1]


def test_no_input_ends_in_a_traceback(tmp_path: Path) -> None:
    words = ["hcp(north)", ">", "15", "&&", "shape(", "north", ",", "any", "4333", ")", "(", "x", "=",
             "action", "printall", "average", '"a"', "predeal", "SAK", "tricks(", "#", "\n", "/*", "?", ":"]
    rng = random.Random(5)
    for i in range(40):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 10)))
        script = tmp_path / f"r{i}.dlr"
        script.write_text(text, encoding="utf-8")
        result = CliRunner().invoke(cli, ["deal", "-f", str(script), "-n", "1", "--seed", "1", "-q"])
        assert result.exit_code in (0, 1), (text, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), text
