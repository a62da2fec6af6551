"""``bridgetools dd`` through click's CliRunner: tables and par, leads, reviews, tags added to PBN files."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from shared_corpus import CORPUS, needs_corpus

import bridgetools as bt
from bridgetools.board import Board
from bridgetools.cli import cli
from bridgetools.formats import _results_tables as results_tables
from bridgetools.model import Seat

dd = pytest.importorskip("bridgetools.dd")
pytest.importorskip("endplay")
from bridgetools.dd import records  # noqa: E402

FULL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
COMPOSER = CORPUS / "pbn" / "bridge-pbn__three_test_records.pbn"
KEMISTRY = CORPUS / "lin" / "Bridge-Parsers__kemistry-boards-2026-01-14.lin"
SAMPLE = CORPUS / "pbn" / "endplay__sample.pbn"
ADDED = ("DoubleDummyTricks", "OptimumScore", "ParContract")


def run(*args: str) -> object:
    return CliRunner().invoke(cli, ["dd", *args], prog_name="bridgetools")


def test_a_deal_shows_its_table_makeable_contracts_and_par() -> None:
    result = run(FULL, "--vul", "NS", "--dealer", "E", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    table = dd.dd_table(bt.Deal.from_pbn(FULL))
    assert records.grid(table) in result.stdout
    assert records.makeable(table) in result.stdout
    assert result.stdout.rstrip().endswith(records.par_line(dd.par(table, "NS", "E")))
    assert result.stderr == ""  # no progress bar when stderr is not a terminal


def test_an_ending_shows_its_table_without_makeable_contracts_or_par() -> None:
    ending = "N:AK.2.. QJ..2. T9...2 87.3.."
    result = run(ending, "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert records.grid(dd.dd_table(bt.Deal.from_pbn(ending))) in result.stdout
    assert result.stdout.rstrip().endswith("An ending of 3 tricks: tricks from here, no contracts or par")
    assert "Nothing makes" not in result.stdout and "Par" not in result.stdout


def test_an_ending_given_as_a_string_is_headed_by_no_dealer_or_vulnerability() -> None:
    result = run("N:AK.2.. QJ..2. T9...2 87.3..", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert "Dealer" not in result.stdout and "Vul" not in result.stdout  # no auction: nothing assumed


def test_a_first_board_for_a_deal_string_is_refused_not_ignored() -> None:
    result = run(FULL, "--first-board", "5")
    assert result.exit_code == 2
    assert "--first-board goes with a file: it numbers a BRI or DGE file's boards" in result.output


def test_dealer_and_vulnerability_for_a_file_are_refused_not_ignored(tmp_path: Path) -> None:
    path = tmp_path / "one.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    result = run(str(path), "--vul", "all", "--dealer", "w")
    assert result.exit_code == 2
    assert "--dealer and --vul go with a deal string: a file's boards give their own" in result.output


def test_cache_with_lead_is_refused_not_ignored(tmp_path: Path) -> None:
    result = run(FULL, "--lead", "3NT", "--declarer", "E", "--cache", str(tmp_path / "t.sqlite"))
    assert result.exit_code == 2
    assert "--cache goes with tables and --add, not --lead or --review" in result.output
    assert not (tmp_path / "t.sqlite").exists()


def test_declarer_without_lead_is_refused_not_ignored() -> None:
    result = run(FULL, "--declarer", "E")
    assert result.exit_code == 2 and "--declarer goes with --lead" in result.output


def test_the_grid_reads_declarers_down_and_strains_across_notrump_first() -> None:
    table = dd.dd_table(bt.Deal.from_pbn(FULL))
    lines = records.grid(table).splitlines()
    assert lines[0].split() == ["NT", "S", "H", "D", "C"]
    assert lines[3].split() == ["E", *(str(table[Seat.E, s]) for s in ("NT", "S", "H", "D", "C"))]


def strip_added(src: Path, dst: Path) -> None:
    """The file without its double-dummy tags, so that what --add writes can be compared with them."""
    boards = list(bt.read(src))
    for board in boards:
        for name in ADDED:
            board.tags.pop(name, None)
        board.tables.pop(results_tables.DD_TABLE, None)
        board.dd_table = board.par = None  # the values the reader gave from them
    bt.write(boards, dst, "pbn")


@needs_corpus(COMPOSER)
def test_add_writes_the_tags_bridgecomposer_wrote_for_the_same_board(tmp_path: Path) -> None:
    bare = tmp_path / "bare.pbn"
    strip_added(COMPOSER, bare)
    result = run(str(bare), "--add", "--board", "1", "-o", str(tmp_path / "out.pbn"))
    assert result.exit_code == 0, result.output
    theirs, ours = next(bt.read(COMPOSER)), list(bt.read(tmp_path / "out.pbn"))
    assert len(ours) == 3  # every board written, only board 1 solved
    assert ours[0].tags["DoubleDummyTricks"] == theirs.tags["DoubleDummyTricks"]
    assert ours[0].tags["OptimumScore"] == theirs.tags["OptimumScore"]
    assert ours[0].tables["OptimumResultTable"].rows == [
        [cell.strip() for cell in row] for row in theirs.tables["OptimumResultTable"].rows]
    assert "DoubleDummyTricks" not in ours[1].tags


def test_add_writes_to_stdout_keeping_everything_else_and_leaves_the_file(tmp_path: Path) -> None:
    path = tmp_path / "night.pbn"
    board = Board(number=3, deal=bt.Deal.from_pbn(FULL), event="Club night")
    board.tags["Annotator"] = "kept"
    bt.write([board], path, "pbn")
    before = path.read_bytes()
    result = run(str(path), "--add")
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == before
    (back,) = bt.loads(result.stdout, "pbn")
    table = dd.dd_table(bt.Deal.from_pbn(FULL))
    par = dd.par(table, back.vulnerability, back.dealer)
    assert back.event == "Club night" and back.tags["Annotator"] == "kept"
    assert back.tags["DoubleDummyTricks"] == results_tables.double_dummy_tricks(table)
    assert back.tags["ParContract"] == "; ".join(results_tables.par_contract(c) for c in par.contracts)
    assert [p.name for p in tmp_path.iterdir()] == ["night.pbn"]  # no temporary file left behind


def test_double_dummy_tricks_are_hex_digits_declarers_n_s_e_w_strains_nt_first() -> None:
    table = dd.dd_table(bt.Deal.from_pbn(FULL))
    digits = results_tables.double_dummy_tricks(table)
    assert [int(d, 16) for d in digits[10:15]] == [table[Seat.E, s] for s in ("NT", "S", "H", "D", "C")]


def test_optimum_score_is_the_par_sides_own_score() -> None:
    par = bt.Par(-300, (dd.ParContract(bt.Contract.from_str("6DX"), (Seat.E, Seat.W), -2),))
    assert results_tables.optimum_score(par) == "EW 300"
    assert results_tables.par_contract(par.contracts[0]) == "EW 6DX-2"
    assert results_tables.optimum_score(bt.Par(0)) == "NS 0"


def test_lead_gives_declarers_tricks_after_every_card_of_the_opening_leader() -> None:
    result = run(FULL, "--lead", "3NT", "--declarer", "E", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    leads = dd.dd_leads(bt.Deal.from_pbn(FULL), "3NT", "E")
    shown = {}
    for line in result.stdout.splitlines()[1:]:  # a suit, the cards alike, declarer's tricks
        suit, *ranks, tricks = line.split()
        shown.update({(suit, rank): int(tricks) for rank in ranks})
    assert shown == {(str(c)[0], str(c)[1:]): t for c, t in leads.items()}


def test_lead_without_a_declarer_on_a_deal_string_says_to_give_one() -> None:
    result = run(FULL, "--lead", "4S")
    assert result.exit_code == 1 and "--declarer" in result.output
    assert "board None" not in result.output


def test_lead_on_a_file_passes_over_a_board_with_no_declarer_and_names_it(tmp_path: Path) -> None:
    deal = bt.Deal.from_pbn(FULL)
    path = tmp_path / "session.pbn"
    bt.write([Board(number=1, deal=deal, auction=bt.Auction(Seat.N, ["Pass"] * 4)),
              Board(number=2, deal=deal, play=bt.Play(deal, "3NT", "E", ["S8"]))], path, "pbn")
    result = run(str(path), "--lead", "3NT", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert "Board 2" in result.stdout and "Board 1" not in result.stdout
    assert "board 1: no declarer, no leads shown (give --declarer)" in result.stderr


def test_lead_on_a_file_with_no_declarer_anywhere_says_to_give_one(tmp_path: Path) -> None:
    path = tmp_path / "dealt.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    result = run(str(path), "--lead", "3NT")
    assert result.exit_code == 1 and result.stdout == ""
    assert "no declarer for --lead on board 1: give --declarer" in result.output


def test_review_marks_the_cards_that_cost_a_trick(tmp_path: Path) -> None:
    deal = bt.Deal.from_pbn(FULL)
    play = bt.Play(deal, "3NT", "E", ["S8", "S3", "S2", "SJ", "HA", "HT", "H4", "H3"])
    path = tmp_path / "played.pbn"
    bt.write([Board(number=1, deal=deal, play=play)], path, "pbn")
    result = run(str(path), "--review", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    review = dd.dd_review(next(bt.read(path)))
    assert result.stdout.count("(-") == len(review.errors())
    assert f"{len(review.errors())} card" in result.stdout


def test_review_tells_a_claim_that_gave_tricks_away(tmp_path: Path) -> None:
    # Two tricks played without a costly card, then declarer claims fewer tricks than double dummy.
    deal = bt.Deal.from_pbn(FULL)
    play = bt.Play(deal, "3NT", "E", ["S8", "S3", "S2", "SJ"])
    review = dd.dd_review(Board(number=1, deal=deal, play=play.copy()))
    best = review.cards[-1].after
    play.claim(best - 2)
    path = tmp_path / "claimed.pbn"
    bt.write([Board(number=1, deal=deal, play=play)], path, "pbn")
    result = run(str(path), "--review", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert (f"Claim: {best - 2} tricks for declarer, 2 tricks fewer than double dummy after the last card "
            f"({best})") in result.stdout


@pytest.mark.parametrize("action", [["--review"], ["--lead", "3NT"]])
def test_review_or_lead_of_a_board_the_file_lacks_names_it(tmp_path: Path, action: list[str]) -> None:
    path = tmp_path / "one.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    result = run(str(path), *action, "--board", "9")
    assert result.exit_code == 1
    assert result.output == f"Error: {path}: no board 9 with four full hands found (the file holds board 1)\n"


def test_a_table_of_a_board_the_file_lacks_names_the_boards_it_holds(tmp_path: Path) -> None:
    path = tmp_path / "two.pbn"
    deal = bt.Deal.from_pbn(FULL)
    bt.write([Board(number=n, deal=deal) for n in (1, 2, 4)], path, "pbn")
    result = run(str(path), "--board", "3")
    assert result.exit_code == 1
    assert result.output == (f"Error: {path}: no board 3 with four full hands found"
                             " (the file holds boards 1, 2, 4)\n")


def test_a_board_without_a_play_cannot_be_reviewed(tmp_path: Path) -> None:
    path = tmp_path / "dealt.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    result = run(str(path), "--review")
    assert result.exit_code == 1 and "no play recorded on board 1" in result.output


def test_review_of_a_file_passes_over_the_boards_never_played_and_names_them(tmp_path: Path) -> None:
    deal = bt.Deal.from_pbn(FULL)
    play = bt.Play(deal, "3NT", "E", ["S8", "S3", "S2", "SJ"])
    path = tmp_path / "session.pbn"
    bt.write([Board(number=1, deal=deal), Board(number=2, deal=deal, play=play)], path, "pbn")
    result = run(str(path), "--review", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert "Board 2" in result.stdout and "Board 1" not in result.stdout
    assert "board 1: no play recorded, not reviewed" in result.stderr


def test_quiet_leaves_out_the_problems_met_reading_the_file(tmp_path: Path) -> None:
    path = tmp_path / "late.pbn"
    path.write_text(f'[Board "1"]\n[Dealer "N"]\n[Deal "{FULL}"]\n[Auction "N"]\n'
                    "1NT Pass Pass Pass Pass\n", encoding="utf-8")
    assert "illegal call" in run(str(path)).stderr
    result = run(str(path), "-q")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


def test_text_that_is_neither_file_nor_deal_is_one_line_and_exit_1() -> None:
    result = run("no-such-file.pbn")
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_add_needs_a_file() -> None:
    assert run(FULL, "--add").exit_code == 2


def test_the_cache_keeps_what_a_run_solved(tmp_path: Path) -> None:
    cache = tmp_path / "tables.sqlite"
    assert run(FULL, "--cache", str(cache)).exit_code == 0
    store = dd.cache.TableCache(cache)
    assert store.get_many([bt.Deal.from_pbn(FULL)]) == [dd.dd_table(bt.Deal.from_pbn(FULL))]
    store.close()


def test_add_of_a_lin_file_writes_pbn_to_stdout_and_leaves_the_file(tmp_path: Path) -> None:
    path = tmp_path / "match.lin"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "lin")
    before = path.read_bytes()
    result = run(str(path), "--add")
    assert result.exit_code == 0 and '[DoubleDummyTricks "' in result.stdout
    assert path.read_bytes() == before


def test_add_refuses_to_write_over_its_input(tmp_path: Path) -> None:
    path = tmp_path / "night.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    before = path.read_bytes()
    result = run(str(path), "--add", "-o", str(path))
    assert result.exit_code == 2 and "inputs are never overwritten" in result.output
    assert path.read_bytes() == before


def test_add_refuses_an_output_named_for_another_format(tmp_path: Path) -> None:
    path = tmp_path / "dealt.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    result = run(str(path), "--add", "-o", str(tmp_path / "out.lin"))
    assert result.exit_code == 2 and "names a lin file" in result.output
    assert not (tmp_path / "out.lin").exists()


@pytest.mark.parametrize("name", ["out.docx", "out.csv", "out.txt"])
def test_add_refuses_an_output_whose_suffix_names_no_pbn_file(tmp_path: Path, name: str) -> None:
    # -o out.lin was refused, but out.docx was given PBN under its name, as convert and deal never do.
    path = tmp_path / "dealt.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    result = run(str(path), "--add", "-o", str(tmp_path / name))
    assert result.exit_code == 2 and "give -o OUT.pbn" in result.output
    assert not (tmp_path / name).exists()


def test_add_writes_pbn_to_an_output_with_no_suffix(tmp_path: Path) -> None:
    path = tmp_path / "dealt.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    assert run(str(path), "--add", "-o", str(tmp_path / "dealt-dd"), "-j", "1").exit_code == 0
    assert "[DoubleDummyTricks " in (tmp_path / "dealt-dd").read_text(encoding="utf-8")


def test_add_to_stdout_writes_the_pbn_there(tmp_path: Path) -> None:
    path = tmp_path / "dealt.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    result = run(str(path), "--add", "-o", "-")
    assert result.exit_code == 0, result.output
    table = dd.dd_table(bt.Deal.from_pbn(FULL))
    assert f'[DoubleDummyTricks "{results_tables.double_dummy_tricks(table)}"]' in result.stdout


def test_add_to_a_missing_file_says_the_file_is_not_there(tmp_path: Path) -> None:
    missing = tmp_path / "session.pbn"
    result = run(str(missing), "--add")
    assert result.exit_code == 1 and f"{missing}: No such file" in result.output


def test_add_for_a_board_not_in_the_file_leaves_no_output_behind(tmp_path: Path) -> None:
    source = tmp_path / "session.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], source, "pbn")
    out = tmp_path / "out.pbn"
    result = run(str(source), "--add", "--board", "99", "-o", str(out))
    assert result.exit_code == 1 and "no board 99" in result.output
    assert not out.exists()


def test_add_to_stdout_with_no_board_solved_writes_nothing_there(tmp_path: Path) -> None:
    source = tmp_path / "session.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], source, "pbn")
    result = run(str(source), "--add", "--board", "99", "-o", "-")
    assert result.exit_code == 1 and "no board 99" in result.stderr
    assert result.stdout == ""  # the PBN was on stdout before the error


def test_a_match_files_board_is_solved_and_shown_once_for_both_rooms(monkeypatch: pytest.MonkeyPatch) -> None:
    # samples/vugraph_match.lin: board 4 in the open and the closed room, one deal: it was solved twice
    # and shown twice, as two boards.
    solve = dd.dd_tables
    solved: list[bt.Deal] = []

    def counted(deals: object, **options: object) -> object:
        def each() -> object:
            for deal in deals:  # type: ignore[attr-defined]
                solved.append(deal)
                yield deal
        return solve(each(), **options)  # type: ignore[arg-type]

    monkeypatch.setattr(dd, "dd_tables", counted)
    match = Path(__file__).parent.parent / "samples" / "vugraph_match.lin"
    result = run(str(match), "--suits", "ascii", "-j", "1")
    assert result.exit_code == 0, result.output
    headings = [line for line in result.stdout.splitlines() if line.startswith("Board")]
    assert headings == ["Board 4 (Open room and Closed room) Dealer W Vul All"]
    assert result.stdout.count("Par: ") == 1
    assert len(solved) == 1


def test_add_gives_both_rooms_of_a_match_their_tables(tmp_path: Path) -> None:
    match = Path(__file__).parent.parent / "samples" / "vugraph_match.lin"
    out = tmp_path / "match.pbn"
    result = run(str(match), "--add", "-o", str(out), "-j", "1")
    assert result.exit_code == 0, result.output
    boards = list(bt.read(out))
    assert [b.room for b in boards] == ["open", "closed"]
    assert all(b.tags.get("DoubleDummyTricks") for b in boards)
    assert boards[0].tags["DoubleDummyTricks"] == boards[1].tags["DoubleDummyTricks"]


def test_a_board_without_four_hands_is_named_with_its_file(tmp_path: Path) -> None:
    path = tmp_path / "partial.pbn"
    bt.write([Board(number=7, deal=bt.Deal.from_pbn("N:AKQ2.KJ3.T98.432 - - -")),
              Board(number=8, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    result = run(str(path))
    assert result.exit_code == 0, result.output
    assert f"{path}: board 7: no full deal to solve (East, South and West's hands not given)" in result.stderr


def test_a_deal_string_with_a_hand_not_given_names_the_seat_once() -> None:
    # it said "no deals with four full hands found" where show shows the three hands given
    result = run("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 -")
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert "West's hand is not given ('-'); double-dummy analysis needs all 52 cards" in result.output


def test_a_deal_string_names_every_hand_not_given() -> None:
    result = run("N:AKQ2.KJ3.T98.432 - - -")
    assert result.exit_code == 1
    assert "East, South and West's hands are not given ('-')" in result.output


def test_dd_words_par_as_the_printed_hand_record_does(tmp_path: Path) -> None:
    # user trial: `dd` said `Par -140: EW 3♠=` where `print --dd` said `Par: EW 140 (EW 3♠)`
    path = tmp_path / "board.pbn"
    path.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{FULL}"]\n', encoding="utf-8")
    shown = run(str(path), "--suits", "unicode")
    printed = CliRunner().invoke(cli, ["print", str(path), "--dd", "-o", str(tmp_path / "r.html")])
    assert shown.exit_code == 0 and printed.exit_code == 0, shown.output + printed.output
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    par = page.split("<b>Par:</b> ", 1)[1].split("<", 1)[0]
    assert par.startswith("EW ") and shown.stdout.rstrip().splitlines()[-1] == f"Par: {par}"


SHORT = FULL[:-1]  # West's last club left out: 13, 13, 13 and 12 cards


def test_a_board_whose_hands_differ_in_size_is_passed_over_not_the_end_of_the_run(tmp_path: Path) -> None:
    path = tmp_path / "short.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{SHORT}"]\n\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
                    f'[Deal "{FULL}"]\n')
    result = run(str(path), "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert "Board 2" in result.stdout and "Par: EW 400 (EW 3NT)" in result.stdout
    assert f"{path}: board 1: no full deal to solve (the hands hold different numbers of cards)" \
        in result.stderr
    out = tmp_path / "out.pbn"
    assert run(str(path), "--add", "-o", str(out)).exit_code == 0
    assert [bool(b.tags.get("DoubleDummyTricks")) for b in bt.read(out)] == [False, True]


def test_a_deal_string_whose_hands_differ_in_size_is_one_line_naming_each_seat_s_size() -> None:
    result = run(SHORT)
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"Error: {SHORT!r}: the hands hold different numbers of cards (North 13, East 13, South 13, "
        "West 12): a card left out?; double dummy needs four hands of one size"]


@needs_corpus(COMPOSER)
def test_a_cache_that_is_some_other_file_is_one_line_and_nothing_written(tmp_path: Path) -> None:
    import sqlite3

    text = tmp_path / "notes.sqlite"
    text.write_text("not a database\n")
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE tables (a, b)")
    for cache, why in ((text, "file is not a database"), (other, "no such column: deal")):
        out = tmp_path / "out.pbn"
        result = run(str(COMPOSER), "--add", "-o", str(out), "--cache", str(cache))
        assert result.exit_code == 1
        assert result.output.strip() == (f"Error: {cache}: not a double-dummy table cache ({why}); "
                                         "name a new file or one a cache was kept in")
        assert not out.exists()
    assert text.read_text() == "not a database\n"


@needs_corpus(COMPOSER)
def test_add_refuses_to_write_over_its_input_through_a_symbolic_link(tmp_path: Path) -> None:
    real = tmp_path / "session.pbn"
    real.write_bytes(COMPOSER.read_bytes())
    link = tmp_path / "latest.pbn"
    link.symlink_to(real.name)
    result = run(str(real), "--add", "-o", str(link), "-j", "1")
    assert result.exit_code == 2 and "inputs are never overwritten" in result.output
    assert real.read_bytes() == COMPOSER.read_bytes()


@needs_corpus(KEMISTRY)
def test_add_quiet_says_nothing_of_what_pbn_cannot_hold_and_says_it_once_otherwise(tmp_path: Path) -> None:
    out = tmp_path / "out.pbn"
    quiet = run(str(KEMISTRY), "--add", "-o", str(out), "-q", "-j", "1")
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stderr == ""
    told = run(str(KEMISTRY), "--add", "-o", str(out), "-j", "1")
    assert told.stderr.splitlines().count("warning: PBN has no place for LIN zz| (12 boards): left out") == 1


@needs_corpus(SAMPLE)
def test_a_play_cut_short_by_a_card_not_held_is_no_claim_in_its_review(tmp_path: Path) -> None:
    sample = SAMPLE.read_text()
    for played, name in (("D2 DQ DA SA", "revoke"), ("D2 DQ DA XX", "nocard")):
        path = tmp_path / f"{name}.pbn"
        path.write_text(sample.replace("D2 DQ DA D9", played))
        board = next(iter(bt.read(path)))
        assert board.tricks == 8 and board.play is not None and board.play.claimed is None
        result = run(str(path), "--review", "--board", "17", "--suits", "ascii")
        assert result.exit_code == (1 if name == "nocard" else 0), result.output  # XX: no card (syntax)
        assert f"{path}:44:10:" in result.stderr
        assert "Claim" not in result.stdout


def test_a_board_without_a_number_and_no_full_deal_is_named_in_plain_words(tmp_path: Path) -> None:
    path = tmp_path / "unnumbered.lin"
    path.write_text("pn|a,b,c,d|md|3SAKQJT98765432HAKQ,,,|\n")
    result = run(str(path))
    assert result.exit_code == 1
    assert f"{path}: a board without a number: no full deal to solve (its deal could not be read)" \
        in result.stderr


def test_a_cache_in_a_missing_folder_is_refused_as_an_output_there_is(tmp_path: Path) -> None:
    """`--cache /nonexist/x.sqlite` made the folder (a mistyped path made a tree of folders), where
    `-o /nonexist/x.pbn` is refused: the cache is refused the same way, before any solving."""
    path = tmp_path / "one.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    missing = tmp_path / "no" / "such"
    result = run(str(path), "--cache", str(missing / "x.sqlite"))
    assert result.exit_code == 1
    assert result.stderr == f"Error: {missing / 'x.sqlite'}: no folder '{missing}'\n"
    assert not (tmp_path / "no").exists()
    export = CliRunner().invoke(cli, ["export", str(path), "-o", str(tmp_path / "x.parquet"), "--dd",
                                      "--dd-cache", str(missing / "x.sqlite")])
    assert export.exit_code == 1 and f"no folder '{missing}'" in export.stderr
    assert not (tmp_path / "no").exists() and not (tmp_path / "x.parquet").exists()


def test_review_of_boards_with_results_but_no_cards_says_their_play_is_not_recorded(tmp_path: Path) -> None:
    """46 boards numbered 1-10 (several sets), each with its contract and result but no cards: the error
    said `46 boards, numbered 1-10 not played`, as if those numbers were not played and others were. They
    were played; their cards are not recorded, and the boards are named last, where no verb can follow."""
    deal = bt.Deal.from_pbn(FULL)
    boards = [Board(number=1 + i % 10, deal=deal, contract=bt.Contract.from_str("3NT"), declarer=Seat.S,
                    tricks=9) for i in range(46)]
    path = tmp_path / "results.pbn"
    bt.write(boards, path, "pbn")
    result = run(str(path), "--review")
    assert result.exit_code == 1
    assert result.stderr == "Error: no cards to review: no play recorded on 46 boards, numbered 1-10\n"
    played = bt.Play(deal, "3NT", "E", ["S8", "S3", "S2", "SJ"])
    bt.write([*boards[:2], Board(number=11, deal=deal, play=played)], path, "pbn")
    result = run(str(path), "--review", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert result.stderr == "warning: boards 1, 2: no play recorded, not reviewed\n"


class _Terminal(io.StringIO):
    """Standard error as a terminal: the progress bar is drawn."""

    def isatty(self) -> bool:
        return True


def test_a_file_solved_with_the_progress_bar_is_read_once(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal the file was read twice, once to count its deals for the bar: twice the time on a big
    archive. The bar now goes by the boards solved, and the file is read once, with the same tables."""
    import bridgetools.formats
    from bridgetools.cli import common

    hands = FULL[2:].split()
    deals = [bt.Deal.from_pbn("N:" + " ".join(hands[turn:] + hands[:turn])) for turn in range(3)]
    path = tmp_path / "three.pbn"
    bt.write([Board(number=n, deal=deal) for n, deal in enumerate(deals, 1)], path, "pbn")
    plain = run(str(path), "--suits", "ascii")
    terminal = _Terminal()
    monkeypatch.setattr(common, "text_stream", lambda name: terminal if name == "stderr" else sys.stdout)
    reads = []
    real_read = bridgetools.formats.read

    def counted(*args: object, **kwargs: object) -> object:
        reads.append(args[0])
        return real_read(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bridgetools.formats, "read", counted)
    result = run(str(path), "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert result.stdout == plain.stdout and len(reads) == 1
    assert "Solving" in terminal.getvalue() and "3/3" in terminal.getvalue()


def test_a_file_solved_with_stderr_a_log_says_its_progress_in_plain_lines(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stderr that is a log had no progress at all: the bar was wanted on a terminal alone."""
    from bridgetools.cli import common

    said: list[str] = []
    monkeypatch.setattr(common, "PLAIN_EVERY", 0.0)
    monkeypatch.setattr(common, "_stderr_is_a_file", lambda: True)
    monkeypatch.setattr(common, "tell", lambda message="", nl=True: said.append(message.split(" after ")[0]))
    path = tmp_path / "two.pbn"
    bt.write(_endings(2), path, "pbn")
    result = run(str(path), "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert [line for line in said if line.startswith("Solving")][-2:] == ["Solving: 100%", "Solving: done"]


def test_dd_names_no_room_for_a_myhands_file_of_open_rooms_alone() -> None:
    from bridgetools.board import Board
    from bridgetools.cli.dd import _board_name, _one_per_deal
    from bridgetools.model import Deal
    from bridgetools.model.results import DDTable

    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")
    table = DDTable.from_mapping({})
    shown = _one_per_deal(iter([(Board(number=1, deal=deal, room="open"), table)]))
    assert [_board_name(board, rooms) for board, _, rooms in shown] == ["Board 1"]


def test_review_names_no_room_on_a_myhands_file_but_does_in_a_team_match() -> None:
    data = Path(__file__).parent / "data" / "lin"
    myhands = CliRunner().invoke(cli, ["dd", str(data / "Bridge-Parsers__kemistry-boards-2026-01-14.lin"),
                                       "--review", "-b", "1"])
    assert myhands.exit_code == 0 and myhands.stdout.splitlines()[0] == "Board 1", myhands.output
    match = CliRunner().invoke(cli, ["dd", str(data / "bridge-bots__usbf_sf_14502.lin"), "--review",
                                     "-b", "46"])
    assert [line for line in match.stdout.splitlines() if line.startswith("Board")] == [
        "Board 46 (Open room)", "Board 46 (Closed room)"]


def test_nothing_to_review_is_said_in_one_wording_for_a_file_and_a_deal_string(tmp_path: Path) -> None:
    path = tmp_path / "unplayed.pbn"
    bt.write([Board(number=1, deal=bt.Deal.from_pbn(FULL))], path, "pbn")
    from_file, from_string = run(str(path), "--review"), run(FULL, "--review")
    assert from_file.stderr == "Error: no cards to review: no play recorded on board 1\n"
    assert from_string.stderr == "Error: no cards to review: no play recorded on the deal string\n"
    lead = run(FULL, "--lead", "3NT")
    assert lead.stderr == "Error: no declarer for --lead on the deal string: give --declarer\n"


def _endings(count: int) -> list[Board]:
    """``count`` numbered boards of three-card endings, each deal its own: quick for DDS to solve."""
    import random

    rng = random.Random(count)
    boards = []
    for number in range(1, count + 1):
        cards = rng.sample([bt.Card.from_index(i) for i in range(52)], 12)
        deal = bt.Deal([bt.Hand.from_cards(cards[i * 3:(i + 1) * 3]) for i in range(4)])
        boards.append(Board(number=number, deal=deal))
    return boards


def test_the_progress_bar_counts_the_boards_solved_not_the_bytes_read(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The bar followed the file's position, which the reader (and the batches of 40 sent to DDS) ran far
    ahead of: 0% while the first batch was solved, then 100% with two batches to go. It now counts the
    boards given out, of a total known once the file has been read to its end."""
    import bridgetools.dd
    from bridgetools.cli import common

    path = tmp_path / "hundred.pbn"
    bt.write(_endings(100), path, "pbn")
    solved = 0
    steps: list[tuple[int, int | None, int]] = []  # the bar's position, its length, tables solved then
    real_tables = bridgetools.dd.dd_tables

    def counting(*args: object, **kwargs: object) -> object:
        nonlocal solved
        for table in real_tables(*args, **kwargs):  # type: ignore[arg-type]
            solved += 1
            yield table

    class Bar:
        def __init__(self, length: int | None, label: str, quiet: bool = False) -> None:
            assert not quiet
            self.length, self.pos = length, 0

        def __enter__(self) -> Bar:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

        def update(self, n: int) -> None:
            self.pos += n
            steps.append((self.pos, self.length, solved))

    monkeypatch.setattr(bridgetools.dd, "dd_tables", counting)
    monkeypatch.setattr(common, "stderr_is_a_terminal", lambda: True)
    monkeypatch.setattr(common, "progress_bar", Bar)  # `BoardsBar`'s
    result = run(str(path), "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert [pos for pos, _, _ in steps] == list(range(1, 101))
    assert all(pos <= tables for pos, _, tables in steps)  # never ahead of the solving
    lengths = [length for _, length, _ in steps]
    assert lengths[-1] == 100 and None in lengths  # unknown until the last batch was read
    assert lengths == sorted(lengths, key=lambda length: length is not None)


def test_each_board_is_shown_as_its_batch_is_solved_not_after_the_whole_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Without --add every board and table was gathered before any was shown: nothing on stdout until the
    end (and nothing at all after a Ctrl-C), memory growing with the file. A board is now shown once its
    batch is solved and `SHOWN_TOGETHER` boards have followed it (its other rooms looked for)."""
    from bridgetools.cli.dd import SHOWN_TOGETHER, _show, _solved

    boards = _endings(2 * SHOWN_TOGETHER + 10)
    shown = ""

    def read() -> object:
        nonlocal shown
        for board in boards:
            if board is boards[-1]:
                shown += capsys.readouterr().out
                assert shown.startswith("Board 1 ")  # out before the file's last board is read
            yield board

    _show(_solved(read(), None, None, None, None, lambda done, total: None, lambda why: None), False)
    shown += capsys.readouterr().out
    alone = []
    for board in boards:
        _show(iter([(board, dd.dd_table(board.deal))]), False)
        alone.append(capsys.readouterr().out)
    assert shown == "\n".join(alone)  # the same bytes as each board shown on its own, in file order


def test_the_rooms_of_a_board_within_the_window_are_one_board() -> None:
    from bridgetools.cli.dd import SHOWN_TOGETHER, _one_per_deal
    from bridgetools.model.results import DDTable

    table = DDTable.from_mapping({})
    deal = bt.Deal.from_pbn(FULL)
    others = [(Board(number=n, deal=deal), table) for n in range(2, SHOWN_TOGETHER + 1)]
    near = [(Board(number=1, deal=deal, room="open"), table), *others[:3],
            (Board(number=1, deal=deal, room="closed"), table), *others[3:]]
    def first_board(boards: list[tuple[Board, DDTable]]) -> list[list[str | None]]:
        return [rooms for board, _, rooms in _one_per_deal(iter(boards)) if board.number == 1]

    assert first_board(near) == [["open", "closed"]]
    far = [(Board(number=1, deal=deal, room="closed"), table), *others, (Board(number=99, deal=deal), table),
           (Board(number=1, deal=deal, room="open"), table)]  # a room beyond the window: shown on its own
    assert first_board(far) == [["closed"], ["open"]]


def test_a_board_of_unknown_vulnerability_says_why_it_has_no_par(tmp_path: Path) -> None:
    path = tmp_path / "unknown.pbn"
    hands = FULL[2:].split()
    other = "N:" + " ".join(hands[1:] + hands[:1])
    path.write_text(f'[Board "3"]\n[Dealer "S"]\n[Vulnerable "?"]\n[Deal "{FULL}"]\n\n'
                    f'[Board "4"]\n[Dealer "W"]\n[Vulnerable "EW"]\n[Deal "{other}"]\n')
    result = run(str(path), "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert result.stderr == f"{path}: board 3: no par: vulnerability unknown\n"
    assert result.stdout.count("Par: ") == 1 and result.stdout.count("NT  S  H  D  C") == 2
    added = run(str(path), "--add", "-o", str(tmp_path / "out.pbn"))
    assert added.exit_code == 0 and added.stderr == result.stderr
    assert run(str(path), "-q").stderr == ""


@pytest.mark.parametrize("action", [[], ["--review"]])
def test_a_board_asked_for_is_told_its_own_reading_problems_not_the_whole_files(
        tmp_path: Path, action: list[str]) -> None:
    # `dd FILE --board N --review` said the problems of all 500 games of a file around one board's review.
    path = tmp_path / "two.pbn"
    play = "[Declarer \"S\"]\n[Contract \"1NT\"]\n[Play \"W\"]\nS3 SA S6 ST\n*\n"
    games = "".join(f"[Board \"{n}\"]\n[Dealer \"N\"]\n[Vulnerable \"{vul}\"]\n[Deal \"{FULL}\"]\n{play}\n"
                    for n, vul in ((1, "Sideways"), (2, "Upside")))
    path.write_text(games + '[Event "cut sho', encoding="utf-8")
    result = run(str(path), "--board", "2", *action)
    assert result.exit_code == 1, result.output  # its own Vulnerable 'Upside', a problem of syntax
    assert "'Upside'" in result.stderr
    assert "'Sideways'" not in result.stderr
    assert "not closed" not in result.stderr  # nor that of text that is no board


def test_a_lin_md_deal_string_is_solved_with_its_dealer_as_show_reads_it() -> None:
    # show took md|...| (its dealer digit too) and dd refused it: two readers of one deal string
    west_deals = "md|2SAKQ2HKJ3DT98C432,S543H7654DA432C65,SJT9HAQ2DKQJCAKQJ,|"
    result = run(west_deals, "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Dealer W ")
    dealt = "S:AKQ2.KJ3.T98.432 543.7654.A432.65 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987"  # md's S W N, E the rest
    table = dd.dd_table(bt.Deal.from_pbn(dealt))
    assert records.grid(table) in result.stdout


def test_a_deal_string_of_three_hands_gives_the_fourth_the_cards_left_as_show_does() -> None:
    result = run(FULL.rsplit(" ", 1)[0], "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert records.grid(dd.dd_table(bt.Deal.from_pbn(FULL))) in result.stdout


def test_review_names_the_rooms_of_a_team_match_whose_file_names_none_as_print_does() -> None:
    """bridge-bots' shared_deals.pbn (HomeTeam and VisitTeam, no Room tags: a board's second game is its
    closed room) was reviewed under ``Board 62`` twice, where `print` and `show` say the rooms."""
    path = Path(__file__).parent / "data" / "pbn" / "bridge-bots__shared_deals.pbn"
    result = CliRunner().invoke(cli, ["dd", str(path), "--review", "-b", "62"])
    assert result.exit_code == 0, result.output
    assert [line for line in result.stdout.splitlines() if line.startswith("Board")] == [
        "Board 62 (Open room)", "Board 62 (Closed room)"]
