"""Tournament dealing: no condition (Law 6), a key from the operating system kept apart (0600), outputs that
record only its commitment, an exact and unbiased mapping to deals, and the set reproduced from the key."""

from __future__ import annotations

import hashlib
import os
import stat
from math import comb
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.cli import cli
from bridgetools.dealer import tournament
from bridgetools.dealer.tournament import DEALS, deal_number, deal_of_number, read_key, subset
from bridgetools.model import Seat


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["deal", *args])
    return result.exit_code, result.output


def rank_of(deal: bt.Deal) -> int:
    """The deal's number, counted independently of the module: lexicographic ranks of the position lists."""
    order = [bt.Card(suit, bt.Rank(r)) for suit in (bt.Suit.S, bt.Suit.H, bt.Suit.D, bt.Suit.C)
             for r in range(14, 1, -1)]
    left = order
    ranks = []
    for seat in (Seat.N, Seat.E, Seat.S):
        hand = deal[seat]
        assert hand is not None
        positions = [i for i, card in enumerate(left) if card in hand]
        n, k, r, previous = len(left), 13, 0, -1
        for j, p in enumerate(positions):
            r += sum(comb(n - x - 1, k - j - 1) for x in range(previous + 1, p))
            previous = p
        ranks.append(r)
        left = [card for card in left if card not in hand]
    return (ranks[0] * comb(39, 13) + ranks[1]) * comb(26, 13) + ranks[2]


def test_there_are_53_644_737_765_488_792_839_237_440_000_deals() -> None:
    assert DEALS == 53_644_737_765_488_792_839_237_440_000


def test_the_first_and_last_deal_numbers_give_each_seat_a_whole_suit() -> None:
    whole_suits = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    assert deal_of_number(0).to_pbn() == whole_suits
    assert deal_of_number(DEALS - 1)[Seat.N].to_pbn() == "...AKQJT98765432"  # type: ignore[union-attr]


@pytest.mark.parametrize("g", [1, 12345678901234567890, DEALS // 3, DEALS // 2 + 7, DEALS - 2])
def test_numbering_is_one_to_one(g: int) -> None:
    assert rank_of(deal_of_number(g)) == g


def test_subsets_are_counted_in_lexicographic_order() -> None:
    assert [subset(r, 5, 2) for r in range(comb(5, 2))] == [
        [0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]


def test_a_block_above_the_last_whole_multiple_of_d_is_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = iter([b"\xff" * 32, (5).to_bytes(16, "big") + b"\x00" * 16])
    counters = []

    class Fake:
        def __init__(self, key: bytes, message: bytes, digestmod: object) -> None:
            counters.append(int.from_bytes(message[-4:], "big"))

        def digest(self) -> bytes:
            return next(blocks)

    monkeypatch.setattr(tournament.hmac, "new", Fake)
    assert deal_number(b"k" * 32, 1) == 5 and counters == [0, 1]


def test_deal_numbers_are_the_documented_hmac_construction() -> None:
    import hmac

    key = bytes(range(32))
    block = hmac.new(key, b"bridgetools deal" + (7).to_bytes(4, "big") + (0).to_bytes(4, "big"), "sha256")
    x = int.from_bytes(block.digest()[:16], "big")
    if x < (1 << 128) // DEALS * DEALS:
        assert deal_number(key, 7) == x % DEALS


def test_tournament_refuses_a_condition_and_anything_that_shapes_the_deals(tmp_path: Path) -> None:
    out = str(tmp_path / "s")
    for extra in (["hcp(north) >= 20"], ["--north", "15-17 balanced"], ["--seed", "1"], ["--vul", "all"]):
        code, text = run("--tournament", "-n", "4", "-o", out, *extra)
        assert code == 2 and "Law 6" in text, extra
    assert list(tmp_path.iterdir()) == []


def test_tournament_writes_pbn_machine_files_hand_record_and_a_0600_key(tmp_path: Path) -> None:
    code, text = run("--tournament", "-n", "36", "-o", str(tmp_path / "session"))
    assert code == 0, text
    names = sorted(p.name for p in tmp_path.iterdir())
    record = "session.pdf" if "session.pdf" in names else "session.html"
    assert names == sorted(["session.key", "session.pbn", "session.dup", "session.dlm", "session.bri",
                            "session.dge", record])
    key_path = tmp_path / "session.key"
    assert stat.S_IMODE(os.stat(key_path).st_mode) == 0o600
    key = read_key(key_path).key
    commitment = hashlib.sha256(key).hexdigest()
    pbn = (tmp_path / "session.pbn").read_text()
    assert commitment in pbn and key.hex() not in pbn
    for name in names:
        if name != "session.key":
            assert key.hex().encode() not in (tmp_path / name).read_bytes()
    boards = list(bt.read(tmp_path / "session.pbn"))
    assert [b.number for b in boards] == list(range(1, 37))
    for fmt in ("dup", "dlm", "bri", "dge"):
        assert [b.deal for b in bt.read(tmp_path / f"session.{fmt}")] == [b.deal for b in boards]
    assert "HCP" not in text and "%" not in text  # no statistics, only what was written


def test_a_tournament_set_s_dlm_file_is_sealed_so_the_machine_shows_no_cards(tmp_path: Path) -> None:
    code, text = run("--tournament", "-n", "4", "-o", str(tmp_path / "session"), "-q")
    assert code == 0, text
    header = (tmp_path / "session.dlm").read_text().splitlines()
    assert "Status=Sealed" in header and "Status=Show" not in header


def test_a_set_beyond_board_99_says_dup_and_dlm_are_not_written(tmp_path: Path) -> None:
    code, text = run("--tournament", "--first-board", "96", "-n", "5", "-o", str(tmp_path / "big"))
    assert code == 0, text
    suffixes = {p.suffix for p in tmp_path.iterdir()}
    assert {".pbn", ".bri", ".dge"} <= suffixes and not {".dup", ".dlm"} & suffixes
    assert (f"warning: DUP and DLM hold boards 1-99: {tmp_path / 'big'}.dup and {tmp_path / 'big'}.dlm are "
            "not written for boards 96-100") in text


def test_a_set_beyond_board_99_says_the_limit_is_the_board_number_not_a_count(tmp_path: Path) -> None:
    code, text = run("--tournament", "--first-board", "90", "-n", "12", "-o", str(tmp_path / "t90"))
    assert code == 0 and "a set for those machines ends by board 99: from board 90, deal at most 10 boards" \
        in " ".join(text.split()), text
    assert "at most 99 boards" not in text


def test_two_runs_never_give_the_same_deals(tmp_path: Path) -> None:
    sets = []
    for name in ("a", "b"):
        assert run("--tournament", "-n", "8", "-o", str(tmp_path / name))[0] == 0
        sets.append([b.deal for b in bt.read(tmp_path / f"{name}.pbn")])
    assert not set(map(str, sets[0])) & set(map(str, sets[1]))


def test_the_key_file_reproduces_the_set_and_is_never_replaced(tmp_path: Path) -> None:
    assert run("--tournament", "-n", "6", "-o", str(tmp_path / "s"))[0] == 0
    code, text = run("--tournament", "-o", str(tmp_path / "again"), "--key", str(tmp_path / "s.key"))
    assert code == 0, text
    assert (tmp_path / "again.pbn").read_bytes() == (tmp_path / "s.pbn").read_bytes()
    assert not (tmp_path / "again.key").exists()
    before = (tmp_path / "s.key").read_bytes()
    code, text = run("--tournament", "-n", "6", "-o", str(tmp_path / "s"))
    assert code == 1 and "never replaced" in text and (tmp_path / "s.key").read_bytes() == before


def test_a_new_set_over_a_key_file_names_the_key_option_that_completes_its_set(tmp_path: Path) -> None:
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "s"), "-q")[0] == 0
    (tmp_path / "s.pdf").unlink(missing_ok=True)  # cut short by Ctrl-C before the hand record
    code, text = run("--tournament", "-n", "2", "-o", str(tmp_path / "s"))
    assert code == 1 and f"give --key {tmp_path / 's.key'} to complete or reproduce the set" in text, text


def test_a_key_file_whose_commitment_does_not_match_is_refused(tmp_path: Path) -> None:
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "s"))[0] == 0
    path = tmp_path / "s.key"
    lines = path.read_text().splitlines()
    lines[1] = "key: " + "00" * 32
    path.write_text("\n".join(lines) + "\n")
    code, text = run("--tournament", "-o", str(tmp_path / "t"), "--key", str(path))
    assert code == 1 and "s.key:3:" in text and "commitment" in text


def test_a_key_from_stdin_is_refused_saying_the_key_is_its_file(tmp_path: Path) -> None:
    """`deal --tournament --key -` said "File '-' does not exist"; the key is read from its file alone."""
    result = CliRunner().invoke(cli, ["deal", "--tournament", "--key", "-", "-o", str(tmp_path / "set")])
    assert result.exit_code == 2
    assert "the key is read from its file, not from stdin: give the .key file" in result.stderr


def test_event_names_the_set_in_the_pbn_the_hand_record_and_its_reproduction(tmp_path: Path) -> None:
    # --event was taken and left out without a word: [Event "Tournament set"], the record "Hand records"
    code, text = run("--tournament", "-n", "2", "--event", "Tuesday Pairs", "-o", str(tmp_path / "wed"))
    assert code == 0, text
    assert {b.event for b in bt.read(tmp_path / "wed.pbn")} == {"Tuesday Pairs"}
    record = next(p for p in tmp_path.iterdir() if p.suffix in (".pdf", ".html"))
    if record.suffix == ".html":
        assert "Tuesday Pairs" in record.read_text(encoding="utf-8")
    else:
        pypdf = pytest.importorskip("pypdf")
        assert "Tuesday Pairs" in pypdf.PdfReader(record).pages[0].extract_text()
    assert run("--tournament", "--key", str(tmp_path / "wed.key"), "-o", str(tmp_path / "again"))[0] == 0
    assert (tmp_path / "again.pbn").read_bytes() == (tmp_path / "wed.pbn").read_bytes()


def test_an_event_with_runs_of_spaces_is_reproduced_byte_for_byte(tmp_path: Path) -> None:
    # the key kept "Club Pairs Night" and the boards "Club  Pairs  Night": the reproduction differed
    code, text = run("--tournament", "-n", "2", "--event", "Club  Pairs  Night", "-o", str(tmp_path / "a"))
    assert code == 0, text
    assert {b.event for b in bt.read(tmp_path / "a.pbn")} == {"Club Pairs Night"}
    assert run("--tournament", "--key", str(tmp_path / "a.key"), "-o", str(tmp_path / "b"))[0] == 0
    assert (tmp_path / "b.pbn").read_bytes() == (tmp_path / "a.pbn").read_bytes()


def test_an_event_other_than_the_key_s_is_refused(tmp_path: Path) -> None:
    # `--key tue.key --event Other` reproduced the boards under another Event without a word
    assert run("--tournament", "-n", "2", "--event", "Tuesday Pairs", "-o", str(tmp_path / "tue"))[0] == 0
    key = str(tmp_path / "tue.key")
    code, text = run("--tournament", "--key", key, "--event", "Other", "-o", str(tmp_path / "ap"))
    assert code == 1 and f"{key} dealt boards 1-2, Event 'Tuesday Pairs', not 'Other'" in text
    assert not (tmp_path / "ap.pbn").exists()
    assert run("--tournament", "--key", key, "--event", "Tuesday  Pairs", "-o", str(tmp_path / "ap2"))[0] == 0


def test_a_blank_event_with_the_key_is_no_event_given(tmp_path: Path) -> None:
    # `--key tue.key --event '  '` was refused as Event '', though without --key a blank one is no event
    assert run("--tournament", "-n", "2", "--event", "Tuesday Pairs", "-o", str(tmp_path / "tue"))[0] == 0
    key = str(tmp_path / "tue.key")
    code, text = run("--tournament", "--key", key, "--event", "  ", "-o", str(tmp_path / "ap"))
    assert code == 0, text
    assert (tmp_path / "ap.pbn").read_bytes() == (tmp_path / "tue.pbn").read_bytes()


def test_a_hand_edited_key_s_event_with_runs_of_spaces_is_the_event_tidied(tmp_path: Path) -> None:
    # `event: Club   Pairs` typed into the key, with --event 'Club   Pairs', was refused as
    # "Event 'Club   Pairs', not 'Club Pairs'": the key's Event was not tidied as the one given was
    assert run("--tournament", "-n", "2", "--event", "Club Pairs", "-o", str(tmp_path / "club"))[0] == 0
    key = tmp_path / "club.key"
    key.write_text(key.read_text().replace("event: Club Pairs", "event: Club   Pairs"))
    assert read_key(key).event == "Club Pairs"
    code, text = run("--tournament", "--key", str(key), "--event", "Club   Pairs", "-o", str(tmp_path / "ap"))
    assert code == 0, text
    assert (tmp_path / "ap.pbn").read_bytes() == (tmp_path / "club.pbn").read_bytes()


def test_the_help_names_the_event_and_heading_a_set_without_event_gets(tmp_path: Path) -> None:
    # the help said a set's Event 'Tournament set' was the hand record's heading too; it is "Hand records"
    assert run("--tournament", "-n", "1", "-o", str(tmp_path / "s"))[0] == 0
    [event] = {b.event for b in bt.read(tmp_path / "s.pbn")}
    record = next(p for p in tmp_path.iterdir() if p.suffix in (".pdf", ".html"))
    if record.suffix == ".html":
        heading = record.read_text(encoding="utf-8").split("<h1>", 1)[1].split("<", 1)[0]
    else:
        pypdf = pytest.importorskip("pypdf")
        heading = pypdf.PdfReader(record).pages[0].extract_text().splitlines()[0]
    assert (event, heading) == (tournament.DEFAULT_EVENT, "Hand records")
    said = " ".join(run("--help")[1].split())
    assert f"with --tournament {event!r}]" in said and f"heading [default: {heading!r}]" in said


def test_a_first_board_other_than_the_key_s_is_refused(tmp_path: Path) -> None:
    # `--key tue.key --first-board 5` wrote the key's boards 1-2 without a word
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "tue"))[0] == 0
    key = str(tmp_path / "tue.key")
    code, text = run("--tournament", "--key", key, "--first-board", "5", "-o", str(tmp_path / "ap3"))
    assert code == 1 and f"{key} dealt boards 1-2, not from board 5" in text
    assert not (tmp_path / "ap3.pbn").exists()
    assert run("--tournament", "--key", key, "--first-board", "1", "-o", str(tmp_path / "ap4"))[0] == 0


@pytest.mark.parametrize("option", [["--jobs", "2"], ["--suits", "ascii"]])
def test_options_a_set_has_no_use_for_are_refused(tmp_path: Path, option: list[str]) -> None:
    code, text = run("--tournament", "-n", "2", "-o", str(tmp_path / "s"), *option)
    assert code == 2 and f"a tournament set takes no {option[0]}" in text
    assert list(tmp_path.iterdir()) == []


def test_a_new_set_replaces_no_file_of_an_earlier_set_whose_key_was_moved_away(tmp_path: Path) -> None:
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "s"), "-q")[0] == 0
    (tmp_path / "s.key").rename(tmp_path / "vault.key")
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    code, text = run("--tournament", "-n", "2", "-o", str(tmp_path / "s"))
    assert code == 1 and "s.pbn" in text and "s.dup" in text and "never replaces" in text, text
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before


def test_a_set_reproduced_by_its_key_replaces_its_own_files_and_never_another_set_s(tmp_path: Path) -> None:
    # `--key s.key -o other` replaced the files of the set `other` (its key beside them) with set s's deals
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "s"), "-q")[0] == 0
    (tmp_path / "s.pdf").unlink()  # cut short before the hand record: --key completes it in place
    assert run("--tournament", "-o", str(tmp_path / "s"), "--key", str(tmp_path / "s.key"), "-q")[0] == 0
    assert (tmp_path / "s.pdf").exists()
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "other"), "-q")[0] == 0
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    code, text = run("--tournament", "-o", str(tmp_path / "other"), "--key", str(tmp_path / "s.key"))
    assert code == 1 and "other.key is another set's key" in text, text
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before


def test_a_set_reproduced_over_another_set_s_pbn_whose_key_was_moved_away_is_refused(tmp_path: Path) -> None:
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "s"), "-q")[0] == 0
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "other"), "-q")[0] == 0
    (tmp_path / "other.key").rename(tmp_path / "vault.key")
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    code, text = run("--tournament", "-o", str(tmp_path / "other"), "--key", str(tmp_path / "s.key"))
    assert code == 1 and "other.pbn is not the set this key dealt" in text, text
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before


def test_a_set_reproduced_over_machine_files_no_key_or_pbn_vouches_for_is_refused(tmp_path: Path) -> None:
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "s"), "-q")[0] == 0
    (tmp_path / "other.dup").write_bytes(b"a club's own set")
    code, text = run("--tournament", "-o", str(tmp_path / "other"), "--key", str(tmp_path / "s.key"))
    assert code == 1 and "other.dup exists" in text, text
    assert (tmp_path / "other.dup").read_bytes() == b"a club's own set"


def test_a_prefix_with_a_dot_names_every_file_of_its_set_and_no_other_set_s(tmp_path: Path) -> None:
    # `-o club.dec` wrote club.key, club.pbn ... but club.dec.pdf, and `-o club.jan` then met club.key
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "club.dec"), "-q")[0] == 0
    assert run("--tournament", "-n", "2", "-o", str(tmp_path / "club.jan"), "-q")[0] == 0
    names = {path.name for path in tmp_path.iterdir()}
    for month in ("dec", "jan"):
        assert {f"club.{month}.{fmt}" for fmt in ("key", "pbn", "dup", "dlm", "bri", "dge")} <= names
    assert not any(name.startswith("club.key") or name == "club.pbn" for name in names)


def test_a_tournament_set_without_a_number_of_boards_is_a_usage_error(tmp_path: Path) -> None:
    # `deal --tournament -o x` said "Error: a tournament set needs a number of boards (-n)", exit 1, not in
    # the usage form a missing -o gets (exit 2)
    result = CliRunner().invoke(cli, ["deal", "--tournament", "-o", str(tmp_path / "set")])
    assert result.exit_code == 2, result.output
    assert result.output == ("Error: bridgetools deal: a tournament set needs a number of boards: give -n "
                             "(-n 36); see 'bridgetools deal --help'\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("extra", [["--dealer", "N"], ["--vul", "none"], ["--seed", "0"]])
def test_tournament_refuses_a_choice_whose_value_is_zero(tmp_path: Path, extra: list[str]) -> None:
    # North, no one vulnerable and seed 0 are 0 (IntEnum, int): refused as no choice was, they were
    # dropped without a word and the set dealt
    code, text = run("--tournament", "-n", "4", "-o", str(tmp_path / "s"), *extra)
    assert code == 2 and "Law 6" in text, extra
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("option", [["--dealer", "N"], ["--vul", "ns"], ["--seed", "3"], ["--north", "5+S"]])
def test_a_choice_a_set_refuses_is_named_as_the_option_typed(tmp_path: Path, option: list[str]) -> None:
    # it said "remove dealer", "remove vul": no option of those names; the user typed --dealer, --vul
    code, text = run("--tournament", "-n", "2", "-o", str(tmp_path / "s"), *option)
    assert code == 2 and f"(Law 6: wholly random deals); remove {option[0]};" in text, text
    assert list(tmp_path.iterdir()) == []
