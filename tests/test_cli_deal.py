"""``bridgetools deal``: the README's first command, seeds, formats, shorthands and bad input."""

from __future__ import annotations

import json
import math
import random
import re
import shlex
import subprocess
import sys
import warnings
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgetools import __version__
from bridgetools.cli import cli
from bridgetools.dealer import deal_batches
from bridgetools.dealer.engine import Production
from bridgetools.dealer.smart import HandSpec, probability
from bridgetools.errors import ConstraintError
from bridgetools.formats import dumps, loads
from bridgetools.model import Hand, Seat, Vul

README_CONDITION = "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"
BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}


def deal(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["deal", *args])
    return result.exit_code, result.stdout, result.stderr


def test_readme_quick_start_prints_eight_boards_north_deals_and_opens_1nt() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines()
                   if " && .venv/bin/bridgetools deal " in line)
    args = shlex.split(command.split("&& .venv/bin/bridgetools ", 1)[1])
    assert args[0] == "deal" and args[-1] == README_CONDITION
    code, out, _ = deal(*args[1:])
    assert code == 0
    boards = loads(out, "pbn")
    assert [b.number for b in boards] == list(range(1, 9))
    assert {b.dealer for b in boards} == {Seat.N}  # "on which North opens": North deals every board
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
    assert f"% bridgetools {__version__} deal, seed {seed.group(1)} (numpy " in out
    assert f'[Event "bridgetools deal, seed {seed.group(1)}"]' in out


def test_lin_without_a_seed_records_the_one_drawn_in_the_file() -> None:
    code, out, err = deal("-n", "2", "--format", "lin", "hcp(north) > 10")
    seed = re.fullmatch(r"seed=(\d+)\n", err)
    assert code == 0 and seed is not None
    assert out.startswith(f"nt|bridgetools {__version__} deal, seed {seed.group(1)} (numpy ")
    assert len(loads(out, "lin")) == 2  # read back as the first board's comment before it, not a board


def test_dealt_lin_written_with_other_boards_is_not_called_a_vugraph_match() -> None:
    dealt = loads(deal("-n", "2", "--seed", "3", "--format", "lin", "hcp(north) > 10")[1], "lin")
    other = loads("md|1SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|mb|p|mb|p|mb|p|mb|p|\n", "lin")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the seed's nt is no vugraph header the other board would join
        assert dumps(dealt + other, "lin").count("md|") == 3


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
    assert target.read_text(encoding="utf-8").startswith("nt|bridgetools ")  # the seed's line, then boards
    assert len(loads(target.read_text(encoding="utf-8"), "lin")) == 2


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


def test_a_rejection_run_counts_its_deals_in_dealers_words(tmp_path: Path) -> None:
    script = tmp_path / "s.dlr"  # no hand limited to fewer than 5% of hands: dealt at random and tested
    script.write_text("produce 20\ncondition hcp(north) >= 10\naction average hcp(north)\n")
    lines = deal("-f", str(script), "--seed", "1")[1].splitlines()
    generated = int(lines[1].removeprefix("Generated ").removesuffix(" hands"))
    assert generated > 20 and lines[2] == "Produced 20 hands"


def dealers_closing(lines: list[str]) -> tuple[int, int]:
    """The counts of dealer's closing lines, as a script user greps them: ``Generated N hands`` and
    ``Produced N hands``."""
    found = {line.split()[0]: int(line.split()[1]) for line in lines
             if re.fullmatch(r"(Generated|Produced) \d+ hands", line)}
    return found["Generated"], found["Produced"]


def test_an_exact_sampling_run_keeps_dealers_closing_lines_as_dealer_counts(tmp_path: Path) -> None:
    # Before: `Generated` gave way to `Dealt 20 hands, ...: dealer would have generated about 4,720`, and a
    # script grepping `Generated N hands` for the condition's chance found nothing.
    script = tmp_path / "s.dlr"  # North drawn exactly: 1 deal in 236 meets hcp(north) >= 22
    script.write_text("produce 20\ncondition hcp(north) >= 22\naction average hcp(north)\n")
    lines = deal("-f", str(script), "--seed", "1")[1].splitlines()
    assert lines[1] == ("Dealt 20 hands, North's drawn exactly to the condition's limits (1 random deal in "
                        "236 meets them), as dealer's 4,721 random deals")
    assert lines[2:4] == ["Generated 4721 hands", "Produced 20 hands"]  # 20 * 236.05: P(22+) = 1 in 236
    assert lines[4].startswith("Initial random seed") and lines[5].startswith("Time needed")


def test_generate_counts_random_deals_as_dealer_does_where_a_hand_is_drawn_exactly(tmp_path: Path) -> None:
    # Before: generate 100000 dealt 100,000 deals drawn exactly and produced 100,000 boards (Debian's
    # dealer, seed 1: Generated 100000, Produced 426); now it stands for 100,000 random deals.
    script = tmp_path / "s.dlr"
    script.write_text("generate 100000\nproduce 100000\ncondition hcp(north) >= 22\n"
                      "action average hcp(north)\n")
    generated, produced = dealers_closing(deal("-f", str(script), "--seed", "1")[1].splitlines())
    assert generated == 100_000
    chance = 1 / 236.05  # of 22+ HCP in a hand: 1 deal in 236 (the line above)
    assert abs(produced - generated * chance) < 4 * math.sqrt(generated * chance)  # 424 of 424 +- 21


def test_the_predeals_suit_lengths_are_dealt_within_and_count_no_deal_in_generated(tmp_path: Path) -> None:
    # Before: "Dealt 2 hands, North's drawn exactly to the condition's limits (1 random deal in 113 ...)" and
    # Generated 227, with no condition at all: dealer deals within the predeal, so its Generated is 2.
    script = tmp_path / "s.dlr"
    script.write_text("predeal spades(north) == 7\nproduce 2\naction printoneline\n")
    lines = deal("-f", str(script), "--seed", "1")[1].splitlines()
    assert lines[2] == ("Dealt 2 hands, North's drawn exactly to the predeal's suit lengths, as dealer deals "
                        "them")
    assert dealers_closing(lines) == (2, 2)


def test_generated_counts_deals_with_the_predeals_suit_lengths_tried_against_the_condition(
        tmp_path: Path) -> None:
    script = tmp_path / "s.dlr"
    script.write_text("predeal spades(north) == 7\ngenerate 20000\ncondition hcp(north) >= 16\n"
                      "action average hcp(north)\n")
    generated, produced = dealers_closing(deal("-f", str(script), "--seed", "1")[1].splitlines())
    seven = HandSpec(Seat.N, lengths=((7, 7), (0, 13), (0, 13), (0, 13)))
    chance = probability(replace(seven, hcp=(16, 37))) / probability(seven)  # 16+ HCP with seven spades
    assert generated == 20_000
    assert abs(produced - generated * chance) < 4 * math.sqrt(generated * chance)  # ~1,630


def scripts_yield(script: str, seed: int, jobs: int = 1) -> tuple[int, Production]:
    """The boards a script's run keeps with ``seed``, and its counts."""
    stats = Production()
    return sum(len(b) for b in deal_batches(script, seed=seed, jobs=jobs, stats=stats)), stats


def test_a_small_generate_yields_as_many_boards_as_dealers_would_on_average(tmp_path: Path) -> None:
    # Before: generate 100 stood for round(100 / 236) = 0 deals drawn exactly, so no seed gave a board
    # (Debian's dealer, seed 1: Produced 2); now the deals drawn are a seeded draw of how many of dealer's
    # 100 would meet North's limits, so seeds differ as dealer's do.
    script = "generate 100\nproduce 10\ncondition hcp(north) >= 22\naction printoneline\n"
    runs = [scripts_yield(script, seed) for seed in range(1, 201)]
    counts = [count for count, _ in runs]
    assert all(stats.dealer_generated == 100 for _, stats in runs)
    chance = 1 / 236.05  # of 22+ HCP in a hand
    mean, spread = 100 * chance, math.sqrt(100 * chance / len(counts))
    assert abs(sum(counts) / len(counts) - mean) < 4 * spread, counts  # 0.42 a seed
    assert max(counts) > 0 and len(set(counts)) > 1


def test_the_deals_drawn_for_generate_are_the_same_whatever_jobs() -> None:
    script = "generate 2000\nproduce 2000\ncondition hcp(north) >= 22\naction printoneline\n"
    (one, alone), (two, shared) = scripts_yield(script, 5), scripts_yield(script, 5, jobs=2)
    assert (one, alone.generated) == (two, shared.generated)
    assert alone.budget == shared.budget == alone.generated < 2000  # deals drawn, not dealer's 2,000


def test_a_script_with_actions_and_no_generate_counts_dealers_default_in_random_deals() -> None:
    # Before: the default 10,000,000 counted deals drawn exactly (Descr.stayman without generate: 759,848
    # boards, as 3,261,764,494 random deals; Debian's dealer: 2,282 in 10,000,000).
    count, stats = scripts_yield("condition hcp(north) >= 22\naction average hcp(north)\n", 3)
    assert stats.dealer_generated == 10_000_000
    expected = 10_000_000 / 236.05
    assert abs(count - expected) < 4 * math.sqrt(expected), count


def test_a_script_that_only_prints_finds_boards_of_a_rare_hand_without_generate() -> None:
    # dealer's default action written out (action printall) counted dealer's 10,000,000 random deals, so
    # five 33+ HCP hands were not found (none in 10,000,000), though without the line they were.
    count, _ = scripts_yield("produce 5\ncondition hcp(north) >= 33\naction printall\n", 1)
    assert count == 5


def test_boards_of_a_hand_rarer_than_dealers_default_allows_are_found_without_generate() -> None:
    # 33+ HCP: about 1 hand in a thousand million, which dealer's 10,000,000 random deals would not hold.
    code, out, err = deal("-n", "3", "--seed", "1", "hcp(north) >= 33")
    assert code == 0, err
    assert [board.deal[Seat.N].hcp >= 33 for board in loads(out, "pbn")] == [True] * 3


def test_a_rare_conditions_frequency_is_produced_over_generated_either_way(tmp_path: Path) -> None:
    # North 20-21 balanced is drawn exactly (1.6% of hands); the same with North's limits written so
    # that no hand is (>= 5% of hands: tested at random) must give the same frequency, within chance.
    exact, tested = tmp_path / "exact.dlr", tmp_path / "tested.dlr"
    exact.write_text("generate 400000\nproduce 1000000\ncondition hcp(north) >= 20 && hcp(north) <= 21 "
                     "&& shape(north, any 4333 + any 4432 + any 5332)\naction average hcp(north)\n")
    tested.write_text("generate 400000\nproduce 1000000\ncondition hcp(north) + hcp(east) >= 20 + hcp(east) "
                      "&& hcp(north) + hcp(east) <= 21 + hcp(east) && "
                      "shape(north, any 4333 + any 4432 + any 5332)\naction average hcp(north)\n")
    exact_out = deal("-f", str(exact), "--seed", "2")[1].splitlines()
    tested_out = deal("-f", str(tested), "--seed", "2")[1].splitlines()
    assert [line.startswith("Dealt ") for line in (exact_out[1], tested_out[1])] == [True, False]
    (g1, p1), (g2, p2) = dealers_closing(exact_out), dealers_closing(tested_out)
    assert g1 == g2 == 400_000
    assert abs(p1 - p2) < 4 * math.sqrt(p1 + p2), (p1, p2)  # 2,137 and 2,153 (Debian's dealer: 2,194)


def test_a_malformed_condition_names_line_and_column() -> None:
    code, out, err = deal("hcp(north) >= 15 &&")
    assert code == 1 and "Traceback" not in out + err
    assert "Error: <condition>:1:18: an expression after && was expected" in err  # at the operator


def test_a_malformed_script_names_file_line_and_column(tmp_path: Path) -> None:
    script = tmp_path / "bad.dlr"
    script.write_text("produce 5\ncondition shape(north, any 4443)\n", encoding="utf-8")
    code, _, err = deal("-f", str(script))
    assert code == 1 and f"{script}:2:28: shape 4443 has 15 cards" in err


def test_a_missing_script_file_is_reported() -> None:
    code, _, err = deal("-f", "no/such/file.dlr")
    assert code in (1, 2) and "file.dlr" in err


def test_condition_and_script_together_are_a_usage_error(tmp_path: Path) -> None:
    script = tmp_path / "s.dlr"
    script.write_text("hcp(north) > 3\n")
    assert deal("-f", str(script), "hcp(south) > 3")[0] == 2


def test_a_dash_for_condition_is_a_usage_error_pointing_at_o_and_f() -> None:
    code, _, err = deal("-n", "1", "-")
    assert code == 2 and "-o -" in err and "-f -" in err


def test_a_failed_run_leaves_no_output_file(tmp_path: Path) -> None:
    target = tmp_path / "out.pbn"
    assert deal("-o", str(target), "hcp(north) >")[0] == 1
    assert not target.exists() and not list(tmp_path.iterdir())


def test_the_script_itself_is_never_the_output(tmp_path: Path) -> None:
    script = tmp_path / "s.dlr"
    script.write_text("hcp(north) > 10\n")
    code, _, err = deal("-f", str(script), "-n", "1", "--seed", "1", "-o", str(script))
    assert code == 2 and "is the script itself" in err
    assert script.read_text() == "hcp(north) > 10\n"


def test_a_latin1_script_is_read(tmp_path: Path) -> None:
    script = tmp_path / "latin.dlr"
    script.write_bytes("# ouverture \xe0 1SA\nproduce 2\nhcp(north) > 14\n".encode("latin-1"))
    assert deal("-f", str(script), "--seed", "1", "--format", "pbn")[0] == 0


def test_a_windows_1252_script_prints_its_curly_quotes(tmp_path: Path) -> None:
    """printes of ``North’s “strong” hand`` saved in Windows-1252 (0x92, 0x93, 0x94) printed the control
    characters Latin-1 has there; the script is decided as a hand record is, so it prints the quotes."""
    script = tmp_path / "quotes.dlr"
    text = 'produce 1\nhcp(north) >= 10\naction printes("Bjørn’s “strong” hand: ", hcp(north), \\n)\n'
    script.write_bytes(text.encode("cp1252"))
    code, out, err = deal("-f", str(script), "--seed", "1", "-q")
    assert (code, err) == (0, "")
    assert out.startswith("Bjørn’s “strong” hand: ")


def test_a_utf8_script_with_a_windows_1252_quote_pasted_in_reads_both_with_a_warning(tmp_path: Path) -> None:
    script = tmp_path / "mixed.dlr"
    script.write_bytes(b"produce 1\n# Bj\xc3\xb8rn\xe2\x80\x99s weak two\nhcp(north) >= 10\n"
                       b"action printes(\"North\x92s hand\", \\n)\n")
    code, out, err = deal("-f", str(script), "--seed", "1")
    assert code == 0 and out.startswith("North\u2019s hand\n")
    assert f"warning: {script}:4:22: bytes that are not UTF-8 were read as Windows-1252 on line 4 (the rest" \
        " of the file is UTF-8)" in err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_script_saved_as_utf16_with_its_byte_order_mark_is_read(encoding: str, tmp_path: Path) -> None:
    script = tmp_path / "notepad.dlr"  # Windows Notepad's "Unicode" and PowerShell's redirection write this
    script.write_bytes("produce 2\nhcp(north) > 14\n".encode(encoding))
    code, out, err = deal("-f", str(script), "--seed", "1", "--format", "jsonl")
    assert code == 0, err
    assert len(out.splitlines()) == 2


@pytest.mark.parametrize("encoding", ["utf-16-be", "utf-16-le"])
def test_a_script_saved_as_utf16_without_a_byte_order_mark_is_read(encoding: str, tmp_path: Path) -> None:
    # every other byte NUL: refused as "byte 0x00: a binary file" where the same text with a BOM was read
    script = tmp_path / "unmarked.dlr"
    script.write_bytes("# ouverture \xe0 1SA\nproduce 2\nhcp(north) > 14\n".encode(encoding))
    code, out, err = deal("-f", str(script), "--seed", "1", "--format", "jsonl")
    assert code == 0, err
    assert len(out.splitlines()) == 2


def test_binary_records_with_nul_padding_are_not_taken_for_utf16(tmp_path: Path) -> None:
    records = tmp_path / "boards.dge"  # a dealing machine's records: 68 bytes, then 60 NULs
    records.write_bytes((b"\x06" + bytes(range(65, 132)) + b"\x00" * 60) * 3)
    code, _, err = deal("-f", str(records))
    assert code == 1 and "a binary file, not a dealer script" in err


def test_a_utf16_script_with_undecodable_bytes_warns_with_their_line_and_column(tmp_path: Path) -> None:
    body = "produce 2\nhcp(north) > 14 # caf\n".encode("utf-16-le")
    at = body.index("caf".encode("utf-16-le"))
    script = tmp_path / "notepad.dlr"
    script.write_bytes(b"\xff\xfe" + body[:at] + b"\x00\xd8" + body[at:])  # a lone surrogate in a comment
    code, out, err = deal("-f", str(script), "--seed", "1", "--format", "jsonl")
    assert code == 0, err
    assert len(out.splitlines()) == 2
    assert (f"warning: {script}:2:19: 1 character could not be decoded as utf-16-le and was replaced by "
            "U+FFFD (the first: byte 0x00)\n") in err


def test_quiet_leaves_out_the_warning_of_a_script_s_undecodable_bytes(tmp_path: Path) -> None:
    # -q says "no warnings on stderr", yet this one came through
    script = tmp_path / "old.dlr"
    script.write_bytes(b"\xef\xbb\xbfproduce 2\n# caf\xe9\nhcp(north) > 14\n")
    done = deal_process("-f", str(script), "--format", "jsonl", "-q", stdin=subprocess.DEVNULL)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 2
    assert done.stderr == b""
    done = deal_process("-f", str(script), "--format", "jsonl", stdin=subprocess.DEVNULL)
    assert b"could not be decoded as utf-8" in done.stderr


def test_a_script_can_come_from_stdin() -> None:
    result = CliRunner().invoke(cli, ["deal", "-f", "-", "--seed", "1", "--format", "jsonl"],
                                input="produce 3\nspades(west) >= 6\n")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and all(json.loads(line)["deal"] for line in lines)


def deal_process(*args: str, **stdin: Any) -> subprocess.CompletedProcess[bytes]:
    """``bridgetools deal --seed 1 -n 2 ARGS`` as its own process, its stdin what the shell would give it
    (``stdin=`` a file or DEVNULL, ``input=`` bytes through a pipe)."""
    return subprocess.run([sys.executable, "-m", "bridgetools", "deal", "--seed", "1", "-n", "2", *args],
                          capture_output=True, check=False, cwd=Path(__file__).parent.parent, **stdin)


WEAK_TWO = Path(__file__).parent.parent / "samples" / "weak_two.dlr"
STDIN_NOTE = ("note: no condition given, dealing boards without one; to read a dealer script from standard "
              "input, use -f -")


@pytest.mark.parametrize("how", ["< weak_two.dlr", "cat weak_two.dlr |"])
def test_a_script_on_stdin_without_f_is_named_as_not_read_and_the_boards_are_the_same(how: str) -> None:
    with WEAK_TWO.open("rb") as script:  # `bridgetools deal --seed 1 < weak_two.dlr`, as Debian's dealer
        given = deal_process(stdin=script) if how.startswith("<") else deal_process(input=script.read())
    alone = deal_process(stdin=subprocess.DEVNULL)  # cron, CI: nothing to say
    assert given.returncode == alone.returncode == 0
    assert given.stdout == alone.stdout
    assert given.stderr.decode().splitlines() == [STDIN_NOTE]
    assert alone.stderr == b""


@pytest.mark.parametrize("args", [("hcp(north) > 10",), ("--north", "12+"), ("-f", "-"), ("-q",)])
def test_a_condition_a_script_or_q_has_no_note_of_stdin(args: tuple[str, ...]) -> None:
    done = deal_process(*args, input=b"spades(west) >= 6\n")
    assert done.returncode == 0 and done.stderr == b""


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


# -- text diagrams and their suit symbols -----------------------------------------------------------------

def test_text_output_shows_suit_symbols_as_asked() -> None:
    args = ("-n", "2", "--seed", "3", "--format", "text")
    unicode, ascii_only = deal(*args, "--suits", "unicode")[1], deal(*args, "--suits", "ascii")[1]
    assert "\u2660 " in unicode and "\u2660" not in ascii_only
    # the same boards: only the suit marks differ
    assert ascii_only == unicode.translate(str.maketrans("\u2660\u2665\u2666\u2663", "SHDC"))


def test_text_output_is_unicode_only_where_the_output_can_encode_it(tmp_path: Path) -> None:
    result = CliRunner(charset="latin-1").invoke(cli, ["deal", "-n", "1", "--seed", "3", "--format", "text"])
    assert result.exit_code == 0 and "\u2660" not in result.stdout and "\n               S " in result.stdout
    target = tmp_path / "boards.txt"  # files are written in UTF-8
    assert deal("-n", "1", "--seed", "3", "--format", "text", "-o", str(target))[0] == 0
    assert "\u2660 " in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("command", [["deal", "-n", "2", "--seed", "3", "--format", "text"], ["show"]],
                         ids=["deal", "show"])
def test_unicode_asked_for_an_output_that_cannot_encode_it_falls_back_to_letters(command: list[str]) -> None:
    # one fallback for every text output: deal stopped with an error where show gave the letters
    if command == ["show"]:
        command = ["show", "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]
    result = CliRunner(charset="latin-1").invoke(cli, [*command, "--suits", "unicode"])
    letters = CliRunner().invoke(cli, [*command, "--suits", "ascii"])
    assert result.exit_code == 0 and letters.exit_code == 0, result.output
    assert result.stdout == letters.stdout


# -- every error is one line, exit 1 (2 for usage errors) ---------------------------------------------------

def _one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    return lines[0]


def test_a_hand_no_deal_can_hold_is_one_line_and_exit_1() -> None:
    code, out, err = deal("--seed", "1", "hcp(north) > 40")
    assert code == 1 and out == ""
    assert "no deal can meet the condition: North can never hold such a hand" in _one_error_line(err)


def test_two_hands_that_cannot_go_together_are_one_line_and_exit_1() -> None:
    code, _, err = deal("spades(north) >= 8 && spades(south) >= 8")  # no seed: none is printed either
    assert code == 1
    assert "North and South hold at least 16 spades between them" in _one_error_line(err)


@pytest.mark.parametrize("condition, words", [
    ("hcp(north) >= 21 && hcp(south) >= 20", "North and South hold at least 41 HCP between them"),
    ("spades(north) >= 5 && spades(south) >= 5 && shape(east, 4xxx + 5xxx)",
     "North, East and South hold at least 14 spades between them"),
    ("hcp(north, hearts) >= 6 && hcp(west, hearts) >= 5", "North and West hold at least 11 HCP in hearts"),
    ("hcp(north) <= 9 && hcp(east) <= 9 && hcp(south) <= 9 && hcp(west) <= 9",
     "the four hands hold at most 36 HCP between them"),
    ("hcp(north) >= 10 && hcp(east) >= 10 && hcp(south) >= 10 && hcp(west) >= 11",  # as the totals say it
     "the four hands hold at least 41 HCP between them"),
    ("clubs(north) < 3 && clubs(east) < 3 && clubs(south) < 3 && clubs(west) < 3",
     "the four hands hold at most 8 clubs between them"),
    ("hcp(east)+hcp(west) >= 20 && hcp(north)+hcp(south) >= 21", "the four hands hold at least 41 HCP"),
    ("hcp(north) + hcp(east) + hcp(south) >= 30 && hcp(west) > 10", "the four hands hold at least 41 HCP"),
    ("hcp(north) + hcp(south) <= 15 && 20 >= hcp(east) + hcp(west)", "the four hands hold at most 35 HCP"),
    ("hcp(north) >= 20 && hcp(north) + hcp(south) <= 15",
     "North and South would hold at least 20 HCP and at most 15 between them"),
])
def test_hands_that_together_need_more_than_the_deck_are_refused_at_once(condition: str, words: str) -> None:
    # Each hand alone is possible, so only the hands together show it: such a condition was dealt for
    # 10,000,000 deals (30-40 s) before "only 0 of 3 boards met the condition".
    code, out, err = deal("-n", "3", "--seed", "1", condition)
    assert code == 1 and out == ""
    assert "no deal can meet the condition: " + words in _one_error_line(err)


@pytest.mark.parametrize("condition, words", [
    ("spades(north) + spades(south) >= 14",
     "North and South hold at least 14 spades between them, and the deck has 13"),
    ("hearts(north) + hearts(south) >= 8 && hearts(east) + hearts(west) >= 6",
     "the four hands hold at least 14 hearts between them"),
    ("spades(north) + spades(east) + spades(south) + spades(west) <= 12",
     "the four hands hold at most 12 spades between them"),
    ("shape(north, 7xxx) && spades(south) + spades(east) >= 7",
     "North, East and South hold at least 14 spades"),
    ("spades(north) >= 9 && spades(north) + spades(south) <= 7",
     "North and South would hold at least 9 spades and at most 7 between them"),
    ("spades(north) + hearts(north) >= 8 && diamonds(north) >= 6",
     "North holds at least 14 cards in spades, hearts and diamonds, and a hand has 13"),
    ("spades(south) + hearts(south) + diamonds(south) + clubs(south) == 12",
     "South holds at most 12 cards, and a hand has 13"),
    ("spades(west) + hearts(west) >= 9 && spades(west) + hearts(west) <= 7",
     "West would hold at least 9 and at most 7 cards in spades and hearts"),
    ("spades(east) + clubs(east) >= 7 && hearts(east) + diamonds(east) >= 7",
     "East holds at least 14 cards, and a hand has 13"),
])
def test_suit_lengths_added_past_13_cards_of_a_suit_or_a_hand_are_refused_at_once(
        condition: str, words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # `spades(north) + spades(south) >= 14` was dealt for 10,000,000 deals (30 s) before "only 0 of 2
    # boards met the condition in 10,000,000 deals"
    assert "no deal can meet the condition: " + words in _refused_at_once(condition, monkeypatch)


@pytest.mark.parametrize("condition, one", [
    ("spades(north) + spades(south) >= 1 && spades(north) + spades(south) <= 0",
     "North and South would hold at least 1 spade and"),
    ("spades(west) + spades(north) + spades(east) + spades(south) <= 1",
     "the four hands hold at most 1 spade "),
    ("spades(north) + hearts(north) + diamonds(north) + clubs(north) <= 1", "North holds at most 1 card,"),
    ("aces(north) + aces(south) >= 1 && aces(north) + aces(south) <= 0", "would hold at least 1 ace and"),
])
def test_a_refusal_counting_one_card_says_it_in_the_singular(
        condition: str, one: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # said "at least 1 spades", "at most 1 cards"
    said = _refused_at_once(condition, monkeypatch)
    assert one in said, said


def _refused_at_once(condition: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The one error line of dealing ``condition``, with exit 1 and no output; the deals allowed are few,
    so that a condition no longer refused before dealing fails soon."""
    from bridgetools.dealer import compiler

    monkeypatch.setattr(compiler, "DEFAULT_GENERATE", 20_000)
    code, out, err = deal("-n", "3", "--seed", "1", condition)
    assert code == 1 and out == ""
    return _one_error_line(err)


def test_suit_lengths_added_past_the_deck_are_said_where_the_script_writes_its_condition(
        tmp_path: Path) -> None:
    script = tmp_path / "fit.dlr"
    script.write_text("produce 2\ncondition spades(north) + spades(south) >= 14\n")
    code, _, err = deal("-f", str(script), "--seed", "3")
    assert code == 1 and _one_error_line(err) == (
        f"Error: {script}:2:11: no deal can meet the condition: North and South hold at least 14 spades "
        "between them, and the deck has 13")


@pytest.mark.parametrize("condition", [
    "spades(north) + spades(south) >= 13",  # every spade: rare, yet a deal can hold it
    "spades(north) + spades(south) >= 14 || hcp(north) >= 10",
    "spades(north) + hearts(north) + diamonds(north) + clubs(north) == 13",
    "spades(north) + spades(north) >= 14",  # one length twice: seven spades
    "hearts(north) + hearts(south) >= 8 && hearts(east) + hearts(west) >= 5",
    "spades(north) + hearts(north) >= 8 && diamonds(north) + clubs(north) >= 5",
    "spades(north) >= 9 && spades(north) + spades(south) <= 9",
    "hcp(north) + spades(north) >= 14",
    "hcp(north, spades) + hcp(south, spades) >= 10",  # every spade honour
    "hcp(north, spades) + hcp(south, spades) >= 6 && hcp(east, spades) + hcp(west, spades) >= 4",
    "spades(north) + hearts(south) >= 26",  # 13 spades and 13 hearts
    "spades(north) + hearts(north) + spades(south) >= 26",
    "spades(north) + hearts(south) >= 19 && spades(east) >= 7",
    "hcp(north, spades) + hcp(north, hearts) >= 20",
    "hcp(north) + spades(north) >= 41",  # 37 HCP with AKQJ of spades
    "hcp(north) + spades(north) + hearts(north) >= 44",  # AKQJ AKQJ AKQ AK
    "hcp(north, spades) + spades(north) >= 23",  # all 13 spades
    "hcp(north) + hcp(north, spades) >= 47",  # AKQJ AKQ AKQ AKQ
    "hcp(north) + spades(north) + hcp(south) + spades(south) >= 53",  # every honour and every spade
    "hcp(north) + spades(north) + hearts(north) >= 20",  # the rule of 20
    "hcp(north) + hcp(east) + hcp(south) + hcp(west) + spades(north) <= 40",
    "hcp(north) + spades(north) >= 51 || hcp(north) >= 10",  # an impossible sum in one branch of an ||
])
def test_sums_that_a_deal_can_hold_are_not_refused(condition: str) -> None:
    from bridgetools.dealer.compiler import make_plan

    for smart in (True, False):
        make_plan(condition, smart=smart)  # raises ConstraintError for a condition it refuses before dealing


@pytest.mark.parametrize("condition", [
    "spades(north) + spades(south) >= 14 || hcp(north) >= 10",
    "spades(north) + hearts(north) + diamonds(north) + clubs(north) == 13",
    "spades(north) + spades(north) >= 14",
    "hcp(north, spades) + hcp(south, spades) >= 10",  # at the edge of what a deal holds
    "hcp(north, spades) + hcp(north, hearts) >= 18",
    "hcp(north) + spades(north) + hearts(north) >= 30",
])
def test_sums_that_a_deal_can_hold_are_dealt(condition: str) -> None:
    code, out, _ = deal("-n", "2", "--seed", "1", "--format", "json", condition)
    assert code == 0 and len(json.loads(out)["boards"]) == 2


@pytest.mark.parametrize("condition, words", [
    ("hcp(north, spades) + hcp(south, spades) > 10",
     "North and South hold at least 11 HCP in spades between them, and the deck has 10"),
    ("hcp(north, hearts) + hcp(south, hearts) >= 6 && hcp(east, hearts) + hcp(west, hearts) >= 5",
     "the four hands hold at least 11 HCP in hearts between them"),
    ("spades(north) + hearts(south) >= 27",
     "spades(north) + hearts(south) is never more than 26, and it asks for at least 27"),
    ("spades(north) + hearts(north) + spades(south) > 26",
     "spades(north) + hearts(north) + spades(south) is never more than 26"),
    ("spades(north) + hearts(south) >= 20 && spades(east) >= 7 && hearts(west) >= 1",  # 6 and 12 are left
     "spades(north) + hearts(south) is never more than 18"),
    ("hcp(north, spades) + hcp(north, hearts) >= 21", "hcp(north, spades) + hcp(north, hearts) is never more "
     "than 20"),
    ("hcp(north) + spades(north) + hearts(north) > 50",  # AKQJ AKQJ AKQ AK: 36 HCP and 8 cards
     "hcp(north) + spades(north) + hearts(north) is never more than 44, and it asks for at least 51"),
    ("hcp(north) + spades(north) >= 42", "hcp(north) + spades(north) is never more than 41"),
    ("hcp(north, spades) + spades(north) >= 24", "hcp(north, spades) + spades(north) is never more than 23"),
    ("hcp(north) + hcp(north, spades) >= 48", "hcp(north) + hcp(north, spades) is never more than 47"),
    ("hcp(north) + spades(north) + hcp(south) + spades(south) >= 54",  # 41 each, but the deck has 40 HCP
     "hcp(north) + spades(north) + hcp(south) + spades(south) is never more than 53"),
    ("hcp(north) + hcp(east) + hcp(south) + hcp(west) + spades(north) < 40",
     "hcp(north) + hcp(east) + hcp(south) + hcp(west) + spades(north) is never less than 40, and it asks "
     "for at most 39"),
])
def test_sums_mixing_hands_suits_hcp_and_lengths_past_what_a_deal_holds_are_refused_at_once(
        condition: str, words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # `hcp(north, spades) + hcp(south, spades) > 10` was dealt for 10,000,000 deals (44 s) before "only 0 of
    # 3 boards: none of the default limit of 10,000,000 deals met the condition"
    assert "no deal can meet the condition: " + words in _refused_at_once(condition, monkeypatch)


@pytest.mark.parametrize("condition, words", [
    ("controls(north) > 12", "controls(north) is never more than 12, and it asks for at least 13"),
    ("controls(north, spades) >= 4", "controls(north, spades) is never more than 3"),
    ("losers(north) >= 13", "losers(north) is never more than 12, and it asks for at least 13"),
    ("losers(north, hearts) > 3", "losers(north, hearts) is never more than 3"),
    ("top3(north, spades) > 3", "top3(north, spades) is never more than 3, and it asks for at least 4"),
    ("pt6(north, spades) > 3", "top3(north, spades) is never more than 3"),  # top3 by its number
    ("aces(north) >= 5", "aces(north) is never more than 4"),
    ("top5(north) > 13", "top5(north) is never more than 13"),  # 20 honours, 13 cards
    ("c13(north) >= 50", "c13(north) is never more than 49"),  # four aces, kings and queens and a jack
    ("quality(north, spades) > 1300", "quality(north, spades) is never more than 1300"),  # all 13 spades
    ("cccc(north) < -50", "cccc(north) is never less than -50, and it asks for at most -51"),  # 4-3-3-3
    ("cccc(north) > 3560", "cccc(north) is never more than 3560"),  # AKQ AKQ AKQ AKQT
    ("controls(north) + controls(south) > 12", "controls(north) + controls(south) is never more than 12"),
    ("aces(north) + aces(south) + aces(east) > 4", "aces(north) + aces(south) + aces(east) is never more "
     "than 4"),
    ("controls(north) + losers(north) > 16", "controls(north) + losers(north) is never more than 16"),
    ("controls(north) >= 7 && controls(south) >= 6",
     "North and South hold at least 13 controls between them, and the deck has 12"),
    ("aces(north) >= 2 && aces(south) + aces(east) >= 3",
     "North, East and South hold at least 5 aces between them, and the deck has 4"),
    ("controls(north, spades) >= 2 && controls(south, spades) >= 2",
     "North and South hold at least 4 controls in spades between them, and the deck has 3"),
    ("controls(north) <= 2 && controls(east) <= 2 && controls(south) <= 2 && controls(west) <= 5",
     "the four hands hold at most 11 controls between them, and the deck has 12"),
])
def test_counts_past_their_fixed_range_are_refused_at_once(condition: str, words: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # `controls(north) > 12` was dealt for 10,000,000 deals (45-55 s) before "only 0 of 1 board"
    assert "no deal can meet the condition: " + words in _refused_at_once(condition, monkeypatch)


@pytest.mark.parametrize("condition, words", [
    ("predeal north SAKQJ,HAKQ\ncondition hcp(north) + hcp(south) < 10",
     "North and South would hold at least 19 HCP and at most 9 between them (with the cards predealt)"),
    ("predeal east SAKQJ,HAKQJ,DAKQJ\ncondition hcp(north) + hcp(south) > 10",
     "North, East and South hold at least 41 HCP between them, and the deck has 40 (with the cards "
     "predealt)"),
    ("predeal west SAKQJT98\ncondition spades(north) + spades(south) >= 7",  # 7 predealt
     "North, South and West hold at least 14 spades between them, and the deck has 13 (with the cards "
     "predealt)"),
    ("predeal north SAKQJ,HAKQ\ncondition controls(north) < 5",
     "controls(north) is never less than 6, and it asks for at most 4 (with the cards predealt)"),
    ("predeal north SAKQ,HAKQ,DAKQ,CAKQ\ncondition losers(north) > 0",
     "losers(north) is never more than 0, and it asks for at least 1 (with the cards predealt)"),
    ("predeal north SA,HA\ncondition aces(east) > 2",
     "aces(east) is never more than 2, and it asks for at least 3"),
    ("predeal north SA,HA\ncondition aces(north) + aces(south) < 2",
     "aces(north) + aces(south) is never less than 2, and it asks for at most 1 (with the cards predealt)"),
    ("predeal south HAK\ncondition controls(north, hearts) + controls(east, hearts) > 0",
     "controls(north, hearts) + controls(east, hearts) is never more than 0"),
    ("predeal north SAKQJT\ncondition quality(north, spades) < 500",
     "quality(north, spades) is never less than 550"),  # AKQJ and the ten: 5 x (10 + 1)
])
def test_counts_the_predealt_cards_rule_out_are_refused_at_once(condition: str, words: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # `predeal north SAKQJ,HAKQ` with `hcp(north) + hcp(south) < 10` was dealt for 10,000,000 deals before
    # "only 0 of 3 boards": the up-front checks weighed the hands as if nothing were predealt
    assert "no deal can meet the condition: " + words in _refused_at_once(condition, monkeypatch)


@pytest.mark.parametrize("condition, words", [
    ("losers(north) + losers(east) + losers(south) + losers(west) > 40",  # 12 a hand, but 9 a suit
     "losers(north) + losers(east) + losers(south) + losers(west) is never more than 36, and it asks for at "
     "least 41"),
    ("hcp(north) + controls(south) > 45", "hcp(north) + controls(south) is never more than 40"),
    ("quality(north, spades) + quality(south, spades) > 1300",  # the suit's 13 cards shared
     "quality(north, spades) + quality(south, spades) is never more than 1300"),
])
def test_sums_over_hands_past_what_the_suits_hold_are_refused_at_once(
        condition: str, words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # `losers(north) + losers(east) + losers(south) + losers(west) > 40` was dealt for 10,000,000 deals (38 s)
    # before "only 0 of 40 boards": each hand can lose 12, and the sum was weighed hand by hand
    assert "no deal can meet the condition: " + words in _refused_at_once(condition, monkeypatch)


@pytest.mark.parametrize("condition", [
    "losers(north) + losers(east) + losers(south) + losers(west) >= 36",  # four 4-3-3-3 hands, 4-3-3-3 suits
    "predeal north SAKQJ,HAKQ\ncondition hcp(north) + hcp(south) <= 19",  # South with no honour
    "predeal east SAKQJ,HAKQJ,DAKQ\ncondition hcp(north) + hcp(south) >= 11",  # every other honour
    "predeal west SAKQJT9\ncondition spades(north) + spades(south) >= 6",
    "predeal north SAKQ,HAKQ,DAKQ,CAKQ\ncondition losers(north) == 0 && losers(south) >= 12",
    "predeal north SA\ncondition top5(north) == 1",
    "hcp(north) + controls(south) >= 37",  # North AKQ of each suit and a jack: an honour counts most as HCP
])
def test_sums_and_predealt_cards_at_the_edge_of_what_a_deal_holds_are_not_refused(condition: str) -> None:
    from bridgetools.dealer.compiler import make_plan

    make_plan(condition)  # raises ConstraintError when refused


@pytest.mark.parametrize("condition", [
    "controls(north) >= 12",  # four aces and four kings
    "controls(north, spades) >= 3",
    "losers(north) >= 12",  # no ace, king or queen and no suit shorter than three
    "losers(north, hearts) >= 3",
    "top3(north, spades) >= 3",
    "top5(north) >= 13",
    "c13(north) >= 49",
    "quality(north, spades) >= 1300",
    "cccc(north) <= -50",
    "cccc(north) >= 3560",
    "controls(north) + controls(south) >= 12",
    "aces(north) + aces(south) + aces(east) >= 4",
    "controls(north) + losers(north) >= 16",  # AKx AKx AKx AKxx: 12 controls and 4 losers
    "losers(north) + losers(south) >= 24",  # 26 of the 40 cards below the queen
    "controls(north) >= 7 && controls(south) >= 5",
    "aces(north) >= 2 && aces(south) + aces(east) >= 2",
    "controls(north) <= 3 && controls(east) <= 3 && controls(south) <= 3 && controls(west) <= 3",
    "controls(north) > 12 || hcp(north) >= 10",  # an impossible count in one branch of an ||
    "altcount 5 3 3\ncondition top2(north) > 8",  # top2 reweighed: 24 is the most
    "pointcount 5 4 3 2 1\ncondition hcp(north) + controls(north) > 49",  # hcp reweighed: 52 + 12
])
def test_counts_at_the_edge_of_their_range_are_not_refused(condition: str) -> None:
    from bridgetools.dealer.compiler import make_plan

    for smart in (True, False):
        make_plan(condition, smart=smart)  # raises ConstraintError when refused


def test_a_count_at_the_edge_of_its_range_is_dealt() -> None:
    code, out, _ = deal("-n", "2", "--seed", "1", "--format", "json", "losers(north) >= 12")
    assert code == 0 and len(json.loads(out)["boards"]) == 2


@pytest.mark.parametrize("condition, words", [
    ("hcp(north) > 40", "North can never hold such a hand"),
    ("hcp(north) >= 21 && hcp(south) >= 20", "North and South hold at least 41 HCP"),
    ("spades(north) + hearts(south) >= 27", "spades(north) + hearts(south) is never more than 26"),
])
def test_a_plan_that_deals_at_random_only_refuses_what_no_deal_meets_as_the_smart_one_does(
        condition: str, words: str) -> None:
    # `make_plan(smart=False)` skipped every check the hand specs make, and dealt until the limit
    from bridgetools.dealer.compiler import make_plan

    for smart in (True, False):
        with pytest.raises(ConstraintError, match=re.escape(words)):
            make_plan(condition, smart=smart)


def test_two_sides_sharing_the_deck_s_40_hcp_exactly_are_dealt() -> None:
    code, out, _ = deal("-n", "2", "--seed", "1", "--format", "json",
                        "hcp(east)+hcp(west) >= 20 && hcp(north)+hcp(south) >= 20")
    assert code == 0 and len(json.loads(out)["boards"]) == 2


def test_no_board_found_is_said_where_the_script_writes_its_condition(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.dealer import compiler

    monkeypatch.setattr(compiler, "DEFAULT_GENERATE", 2000)  # the default limit: the script sets none
    script = tmp_path / "never.dlr"
    script.write_text("produce 5\ncondition spades(north) + spades(south) == 13\n")
    code, _, err = deal(str(script), "--seed", "1")
    assert code == 1
    assert (f"Error: {script}:2:11: only 0 of 5 boards: none of the default limit of 2,000 deals met the "
            "condition") in err


def test_not_before_a_comparison_no_truth_meets_is_refused_at_once_saying_what_was_meant(
        tmp_path: Path) -> None:
    # `not hcp(north) > 10` is `(not hcp(north)) > 10`: 10,000,000 deals (50 s) and "only 0 of 5 boards"
    script = tmp_path / "not.dlr"
    script.write_text("produce 5\ncondition hcp(south) >= 11 and not hcp(north) > 10\n")
    code, _, err = deal(str(script), "--seed", "1")
    assert code == 1
    assert _one_error_line(err) == (
        f"Error: {script}:2:32: no deal can meet the condition: not applies to hcp(north) alone (1 or 0) "
        "before the comparison, as in dealer and C; did you mean not (hcp(north) > 10)?")


@pytest.mark.parametrize("condition, said", [
    # `(not hcp(south)) >= 1` can be met: North's term on line 3 is the one no deal meets, not the first not
    ("not hcp(south) >= 1 &&\n  not hcp(north) > 10", "3:3: no deal can meet the condition: not applies to "
     "hcp(north) alone"),
    ("(not hcp(south) > 3 || hcp(east) > 3) &&\n  not hcp(north) > 10", "3:3: no deal can meet the "
     "condition: not applies to hcp(north) alone"),
    ("hcp(north) > 10 &&\n  (hcp(south) > 5) == 3", "3:4: no deal can meet the condition: it compares"),
])
def test_a_never_true_term_is_refused_where_that_term_is_written(tmp_path: Path, condition: str,
                                                                   said: str) -> None:
    script = tmp_path / "n.dlr"
    script.write_text(f"produce 5\ncondition {condition}\n")
    code, _, err = deal(str(script), "--seed", "1")
    assert code == 1 and _one_error_line(err).startswith(f"Error: {script}:{said}")


def test_a_comparison_compared_with_a_number_no_truth_meets_is_refused_at_once() -> None:
    code, _, err = deal("-n", "2", "--seed", "1", "hcp(north) > 10 && (hcp(south) > 5) == 3")
    assert code == 1 and "it compares a truth (1 or 0" in _one_error_line(err)


@pytest.mark.parametrize("condition, words", [
    ("hascard(north, AS) && hascard(south, AS)", "it asks both North and South to hold SA (hascard)"),
    ("hcp(east) > 3 && hascard(west, C2) && hascard(east, C2)", "it asks both East and West to hold C2"),
    ("predeal north SA\ncondition hascard(south, AS)", "it asks South to hold SA (hascard), which is "
     "predealt to North"),
])
def test_one_card_demanded_of_two_hands_is_refused_at_once(condition: str, words: str) -> None:
    # Each hascard alone can be met: this was dealt for 10,000,000 deals (20 s) before "only 0 of 5
    # boards met the condition".
    code, out, err = deal("-n", "5", "--seed", "1", condition)
    assert code == 1 and out == ""
    assert "no deal can meet the condition: " + words in _one_error_line(err)


@pytest.mark.parametrize("condition, words", [
    ("condition hascard(north, AS) &&\n hascard(south, AS)", "2:11: no deal can meet the condition: it"),
    ("  hcp(north) >= 21 && hcp(south) >= 20", "2:3: no deal can meet the condition: North and South hold"),
    ("condition hcp(north) > 3 && 0", "2:11: the condition is never true"),
])
def test_a_condition_no_deal_can_meet_names_where_it_is_written(
    tmp_path: Path, condition: str, words: str
) -> None:
    script = tmp_path / "never.dlr"
    script.write_text(f"produce 3\n{condition}\n")
    code, _, err = deal("-f", str(script), "--seed", "1")
    assert code == 1 and _one_error_line(err).startswith(f"Error: {script}:{words}")


@pytest.mark.parametrize("condition, hint", [("spades(north) == 5 || 6", True), ("2 > 1", False)])
def test_a_condition_always_true_is_said_with_where_it_is(tmp_path: Path, condition: str, hint: bool) -> None:
    # as dealer, every deal is kept; "|| 6" is (spades == 5) || 6, true, where "5 or 6 spades" was meant
    script = tmp_path / "always.dlr"
    script.write_text(f"produce 3\ncondition {condition}\n")
    code, out, err = deal("-f", str(script), "--seed", "1")
    assert code == 0 and len(loads(out, "pbn")) == 3
    assert f"{script}:2:11: this condition is always true, so every deal meets it" in err
    assert ("write spades(north) == 5 || spades(north) == 6" in err) == hint


def test_a_condition_never_met_in_the_deals_allowed_is_exit_1_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgetools.dealer import compiler

    monkeypatch.setattr(compiler, "DEFAULT_GENERATE", 50_000)
    target = tmp_path / "out.pbn"
    never = "hcp(north) + spades(north) >= 40"  # possible (37 HCP with four spades), never so soon
    code, _, err = deal("-n", "3", "--seed", "1", "-o", str(target), never)
    assert code == 1
    assert _one_error_line(err).endswith(
        "only 0 of 3 boards: none of the default limit of 50,000 deals met the condition; for the rest, a "
        "script's generate above 50,000 looks further")
    assert not list(tmp_path.iterdir())


def test_a_script_with_actions_whose_condition_is_never_met_is_exit_1_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgetools.dealer import compiler

    monkeypatch.setattr(compiler, "DEFAULT_GENERATE", 50_000)
    script = tmp_path / "never.dlr"
    script.write_text("hcp(north) + spades(north) >= 40\naction average hcp(north)\n")
    target = tmp_path / "out.txt"
    code, _, err = deal("-f", str(script), "-n", "3", "--seed", "1", "-o", str(target))
    assert code == 1
    assert _one_error_line(err).endswith(
        "only 0 of 3 boards: none of the default limit of 50,000 deals met the condition; for the rest, a "
        "script's generate above 50,000 looks further")
    assert not target.exists()


def test_dealers_output_falling_short_of_produce_says_so_in_its_closing_lines_alone(tmp_path: Path) -> None:
    # Debian's dealer prints `Produced N hands` and nothing on stderr; a warning `only N of 1000 boards met
    # the condition` went to stderr too, into the output of a caller that runs it with 2>&1
    script = tmp_path / "short.dlr"
    script.write_text("generate 2000\nproduce 1000\nhcp(north) >= 12\naction printoneline\n")
    code, out, err = deal("-f", str(script), "--seed", "1")
    produced = int(out.splitlines()[-3].removeprefix("Produced ").removesuffix(" hands"))
    assert code == 0 and 0 < produced < 1000 and err == ""


def test_a_script_that_sets_generate_may_produce_fewer_boards(tmp_path: Path) -> None:
    script = tmp_path / "few.dlr"
    script.write_text("generate 500\nproduce 30\nhcp(north) + hcp(south) > 30\n")
    code, out, err = deal("-f", str(script), "--seed", "1", "--format", "jsonl")
    found = len(out.splitlines())
    assert code == 0 and 0 < found < 30 and f"only {found} of 30 boards" in err


@pytest.mark.parametrize("count", [(), ("-n", "5000")])
def test_a_statistics_script_that_stops_at_its_generate_says_nothing_more_than_dealer(
    tmp_path: Path, count: tuple[str, ...]
) -> None:
    # dealer keeps every deal its generate gives that meets the condition: 2,000 deals with about a third
    # of them 12+ HCP is no shortfall, where "only 737 of 2000 boards met the condition" was said; with
    # -n 5000 (dealer's -p 5000) it warned on stderr of what the Produced line says, where dealer is silent
    script = tmp_path / "stats.dlr"
    script.write_text("generate 2000\ncondition hcp(north) >= 12\naction average hcp(north)\n")
    code, out, err = deal("-f", str(script), "--seed", "1", *count)
    assert code == 0 and "Generated 2000 hands" in out and err == ""


def test_a_generate_limit_that_finds_no_board_prints_dealers_closing_lines_and_exit_0(tmp_path: Path) -> None:
    # Debian's dealer: `Generated 1000 hands`, `Produced 0 hands`, exit 0; here it was exit 1 and no output
    script = tmp_path / "none.dlr"
    script.write_text("generate 1000\nspades(north) + spades(east) == 13\naction printall\n")
    code, out, err = deal("-f", str(script), "--seed", "1")
    assert code == 0 and out.splitlines()[-4:-2] == ["Generated 1000 hands", "Produced 0 hands"]
    assert err == ""


def test_a_generate_limit_that_finds_no_board_writes_a_file_of_none_and_says_so(tmp_path: Path) -> None:
    script = tmp_path / "none.dlr"
    script.write_text("generate 1000\nspades(north) + spades(east) == 13\n")
    output = tmp_path / "none.pbn"
    code, _, err = deal("-f", str(script), "--seed", "1", "-o", str(output))
    written = output.read_text(encoding="utf-8")  # the header alone, as dealer's output is its closing lines
    assert code == 0 and written.startswith("% PBN") and "[Deal " not in written
    assert "only 0 of 40 boards: none of the script's generate 1,000 deals met the condition" in err


def test_a_missing_script_file_is_one_line_and_exit_1() -> None:
    code, _, err = deal("-f", "no/such/file.dlr")
    assert code == 1 and _one_error_line(err) == "Error: no/such/file.dlr: no folder 'no/such'"


def test_a_directory_given_as_script_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = deal("-f", str(tmp_path))
    assert code == 2 and "is a directory" in err


@pytest.mark.parametrize("shard, words", [("3/2", "shards are numbered 1 to N"), ("half", "is not i/N"),
                                          ("0/0", "shards are numbered 1 to N"),
                                          ("0/4", "1/4 is the first")])
def test_a_bad_shard_is_a_usage_error_before_any_dealing(shard: str, words: str) -> None:
    code, out, err = deal("--shard", shard, "hcp(north) > 10")
    assert code == 2 and out == "" and words in err and "seed=" not in err


def test_a_north_shorthand_no_hand_can_meet_is_one_line_and_exit_1() -> None:
    code, _, err = deal("--seed", "1", "--north", "5+S 5+H 5+D")
    assert code == 1 and "North can never hold such a hand" in _one_error_line(err)


# -- the progress bar ----------------------------------------------------------------------------------------

def test_no_progress_bar_when_stderr_is_not_a_terminal() -> None:
    code, out, err = deal("-n", "10000", "--seed", "1", "--format", "jsonl")
    assert code == 0 and err == "" and len(out.splitlines()) == 10_000


def test_the_progress_bar_goes_to_a_terminal_stderr_and_leaves_stdout_alone() -> None:
    import os
    import pty
    import select

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "bridgetools", "deal", "-n", "10000", "--seed", "1", "--format", "jsonl"],
        stdout=subprocess.PIPE, stderr=follower, cwd=Path(__file__).parent.parent)
    os.close(follower)
    out, _ = process.communicate(timeout=120)
    drawn = b""
    while select.select([leader], [], [], 0.2)[0]:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        drawn += chunk
    os.close(leader)
    assert process.returncode == 0
    assert b"Dealing" in drawn and b"100%" in drawn
    lines = out.decode().splitlines()
    assert len(lines) == 10_000 and all(json.loads(line)["deal"] for line in lines[:: 997])


def test_an_output_in_a_missing_directory_is_one_line_naming_it(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "out.pbn"
    code, _, err = deal("-n", "2", "--seed", "1", "-o", str(target), "hcp(north) > 10")
    assert code == 1 and _one_error_line(err) == f"Error: {target}: no folder {str(target.parent)!r}"


def test_a_second_condition_says_it_replaces_the_first(tmp_path: Path) -> None:
    # dealer keeps only the last condition; a script written a constraint a line (BBO style) dealt boards
    # meeting the last line alone, with no word.
    script = tmp_path / "two.dlr"
    script.write_text("hcp(north) >= 20\nproduce 2\nspades(north) >= 5\n", encoding="utf-8")
    code, out, err = deal("--seed", "1", "-f", str(script))
    assert code == 0 and out.count("[Board ") == 2
    assert (f"{script}:3:1: this condition replaces the one on line 1 (dealer keeps only the last); "
            "join them with && to ask for both") in err
    code, _, err = deal("--seed", "1", "-q", "-f", str(script))
    assert code == 0 and err == ""


def test_what_follows_a_condition_on_its_line_is_told_as_a_second_condition(tmp_path: Path) -> None:
    # `condition hcp(north) > 20 5`: dealer's grammar reads the 5 as a bare condition of its own, which
    # replaces the first (Debian's dealer deals any hand, without a word); it was told as replacing "the
    # one on line 1", the line it is on.
    script = tmp_path / "stray.dlr"
    script.write_text("condition hcp(north) > 20 5\nproduce 2\n", encoding="utf-8")
    code, out, err = deal("--seed", "1", "-f", str(script))
    assert code == 0 and out.count("[Board ") == 2
    assert err == (f"{script}:1:27: a second condition on this line, after the one at column 11: dealer "
                   "reads what follows a condition as a condition of its own and keeps only the last; join "
                   "them with && to ask for both, or take out what is left over\n")


def dealt_by(tmp_path: Path, text: str, *args: str) -> tuple[Path, tuple[int, str, str]]:
    """A script of ``text`` and what `deal --seed 1 -f` it (with ``args``) gives."""
    script = tmp_path / "s.dlr"
    script.write_text(text, encoding="utf-8")
    return script, deal("--seed", "1", "-f", str(script), *args)


def test_a_second_number_after_produce_is_told_as_a_condition_always_true(tmp_path: Path) -> None:
    # `produce 10 10`: the second 10 is a bare condition, true for every deal, and ran without a word
    script, (code, out, err) = dealt_by(tmp_path, "produce 10 10\n", "--format", "jsonl")
    assert code == 0 and len(out.splitlines()) == 10
    assert err == (f"{script}:1:12: a second number after produce 10: dealer reads it as a condition of "
                   "its own, a number alone, true for every deal; take it out (generate N sets the deals "
                   "tried)\n")


def test_a_bracket_after_printall_is_told_as_the_condition_dealer_reads_it_as(tmp_path: Path) -> None:
    # `action printall(1)`: Debian's dealer reads (1) as a bare condition, true for every deal, and deals
    # on without a word; deal did the same, silent
    script, (code, out, err) = dealt_by(tmp_path, "produce 2\naction printall(1)\n")
    assert code == 0 and "Produced 2 hands" in out
    assert err == (f"{script}:2:16: a bracket after printall is a condition of its own: printall takes no "
                   "arguments, and dealer reads the bracket as the script's condition (true for every "
                   "deal); write it as condition ... on a line of its own if it is meant, else take it out\n")


def test_a_zero_bracket_after_printall_is_told_false_with_the_never_true_refusal(tmp_path: Path) -> None:
    script, (code, _, err) = dealt_by(tmp_path, "produce 2\naction printall(0)\n")
    assert code == 1
    assert f"{script}:2:1: the condition is never true, so no deal can meet it; {script}:2:16: a bracket " \
           "after printall is a condition of its own" in err
    assert "(false for every deal)" in err


def test_a_condition_in_a_bracket_after_an_action_is_the_scripts_as_in_dealer(tmp_path: Path) -> None:
    script, (code, out, err) = dealt_by(tmp_path, "produce 2\naction printpbn(hcp(north) > 20)\n")
    assert code == 0
    deals = re.findall(r'\[Deal "N:(\S+)', out)
    assert len(deals) == 2 and all(Hand.from_pbn(north).hcp > 20 for north in deals)
    assert f"{script}:2:16: a bracket after printpbn is a condition of its own" in err


def test_a_second_action_list_says_it_replaces_the_first(tmp_path: Path) -> None:
    # dealer runs only the last action statement: the first one's output was missing with no word
    script = tmp_path / "two.dlr"
    script.write_text('produce 1\naction printcompact  # the action word in a comment\naction printoneline\n',
                      encoding="utf-8")
    code, out, err = deal("--seed", "1", "-f", str(script))
    assert code == 0 and out.startswith("n ") and "\ne " not in out  # printoneline alone, as dealer
    assert (f"{script}:3:1: this action list replaces the one on line 2 (dealer keeps only the last); "
            "join them with commas to run both") in err


def test_a_second_produce_or_generate_says_it_is_not_used(tmp_path: Path) -> None:
    # dealer keeps the first count given; a later one, perhaps meant as the new count, changed nothing
    script = tmp_path / "counts.dlr"
    script.write_text("produce 3\ngenerate 1000\nproduce 2\ngenerate 0\n", encoding="utf-8")
    code, out, err = deal("--seed", "1", "-f", str(script))
    assert code == 0 and out.count("[Board ") == 3
    assert (f"{script}:3:9: produce 2 is not used: dealer keeps the first, produce 3 on line 1; "
            "remove one") in err
    assert "generate" not in err  # generate 0 is dealer's "not given", no count


@pytest.mark.parametrize("args, words", [
    (["-f", "{script}", "--north", "20+"],
     "{script}:1:1: no deal can meet the condition with --north 20+: North can never hold such a hand"),
    (["--north", "20+", "--south", "21+ balanced"],
     "no deal can meet --north 20+ and --south '21+ balanced': North and South hold at least 41 HCP "
     "between them, and the deck has 40"),
])
def test_a_condition_no_deal_can_meet_names_the_hand_options_added_to_it(
    tmp_path: Path, args: list[str], words: str
) -> None:
    # `hcp(north) <= 10` alone is met: the error pointed at it and did not say --north 20+ was added
    script = tmp_path / "weak.dlr"
    script.write_text("hcp(north) <= 10\n")
    code, out, err = deal("--seed", "1", *(a.format(script=script) for a in args))
    assert code == 1 and out == ""
    assert _one_error_line(err) == "Error: " + words.format(script=script)


def test_a_binary_file_given_as_the_script_is_told_as_one(tmp_path: Path) -> None:
    # read as Latin-1 text, a program was `unterminated /* comment`, a PDF `unexpected '%'`
    program = tmp_path / "tool"
    program.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00/* stuff")
    code, _, err = deal("-f", str(program))
    assert code == 1
    assert _one_error_line(err) == (f"Error: {program}:1:5: byte 0x02: a binary file, not a dealer script "
                                    "(which is text)")
    pdf = tmp_path / "records.pdf"
    pdf.write_bytes(b"%PDF-1.4\n%\x93\x8c\x8b\x9e ReportLab\n")
    code, _, err = deal(str(pdf))
    assert code == 1
    assert _one_error_line(err) == f"Error: {pdf}: a PDF file, not a dealer script (which is text)"


def test_a_condition_with_an_operator_left_out_is_an_error_not_a_second_condition() -> None:
    # read as two conditions, the last alone counted: North was dealt boards without five spades
    code, out, err = deal("-n", "2", "--seed", "1", "spades(north) >= 5 hearts(north) >= 4")
    assert code == 1 and out == ""
    assert _one_error_line(err) == ("Error: <condition>:1:20: a second condition where an operator was "
                                    "expected: a CONDITION is one expression, so join its parts with && "
                                    "(or ||)")


def test_a_word_where_an_operator_goes_in_a_condition_is_told_as_a_missing_operator() -> None:
    # `between` was told `unknown variable 'between' (define it with between = ...)`
    code, _, err = deal("-n", "1", "hcp(north) between 10 and 15")
    assert code == 1 and "<condition>:1:12: a second condition where an operator was expected" in err


def test_a_script_error_is_the_line_the_docs_give_an_editor_to_match(tmp_path: Path) -> None:
    # docs/dealer.md said a script error reads `file:line:col: message`; it starts `Error: ` as every
    # command's error does (a warning has no prefix), and the docs now give that line and its matcher.
    script = tmp_path / "a17.dlr"
    script.write_text("produce 1\n\n\n\ncondition hcp(nord) > 10\n", encoding="utf-8")
    code, _, err = deal("-f", str(script), "--seed", "1")
    line = _one_error_line(err)
    docs = (Path(__file__).parent.parent / "docs" / "dealer.md").read_text(encoding="utf-8")
    said = " ".join(docs.split())
    matcher = re.search(r"error matcher takes `([^`]+)` for errors", said)
    found = re.fullmatch(matcher.group(1), line) if matcher else None
    assert code == 1 and "(a script error is the line `Error: file:line:col: message`)" in said
    assert found is not None and found.groups()[:3] == (str(script), "5", "15")


WEAK = "produce 1\ncondition hcp(north) > 10\n"
"""A script with no actions: its boards are written as PBN."""


def test_boards_dealt_from_a_script_file_are_titled_by_the_file(tmp_path: Path) -> None:
    # every script's boards were "bridgetools deal, seed 1", the script named in a % line alone
    (tmp_path / "weak.dlr").write_text(WEAK)
    result = CliRunner().invoke(cli, ["deal", "-f", str(tmp_path / "weak.dlr"), "--seed", "1"])
    assert result.exit_code == 0
    assert '[Event "bridgetools deal weak.dlr, seed 1"]' in result.stdout


def test_a_script_file_is_named_in_the_records_without_its_folders(tmp_path: Path) -> None:
    # the Event said "bridgetools deal /home/ann/scripts/weak.dlr, seed 1": a path of the dealer's machine
    # in a record handed out, which a title needs no more of than the file's name (a script's own
    # `action printpbn` writes dealer's Event as Debian's dealer does, the path as given:
    # tests/test_dealer_actions.py compares the two)
    (tmp_path / "weak.dlr").write_text(WEAK)
    result = CliRunner().invoke(cli, ["deal", "-f", str(tmp_path / "weak.dlr"), "--seed", "1"])
    assert result.exit_code == 0
    assert "weak.dlr" in result.stdout
    assert str(tmp_path) not in result.stdout


def test_boards_dealt_from_a_script_on_standard_input_say_so() -> None:
    # the % line said "script -", and printpbn's Event "with file <stdin>", a file there is not
    result = CliRunner().invoke(cli, ["deal", "-f", "-", "--seed", "1"], input=WEAK)
    assert result.exit_code == 0
    assert '[Event "bridgetools deal, script from standard input, seed 1"]' in result.stdout
    assert "\n% script from standard input\n" in result.stdout.replace("\r\n", "\n")
    printed = CliRunner().invoke(cli, ["deal", "-f", "-", "--seed", "1"], input=WEAK + "action printpbn\n")
    assert printed.stdout.startswith(
        '[Event "Hand simulated by dealer with a script from standard input, seed 1"]')


@pytest.mark.parametrize("event", ["bridgetools deal weak.dlr, seed 5", "bridgetools deal, seed 5",
                                   "bridgetools deal, script from standard input, seed 5"])
def test_a_handout_of_boards_deal_titled_gives_way_to_the_file_s_name(event: str) -> None:
    from bridgetools.records.view import _title_from

    assert _title_from(event, "week 5") == "week 5"
    assert _title_from("Tuesday lesson", "week 5") == "Tuesday lesson"
