"""``bridgetools bid``: computer auctions for a file's boards, written as PBN with explanations."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgetools as bt
from bridgetools.cli import cli

PBN = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AQ2.KJ3.KT98.Q32 T74.Q85.A74.AT74 J85.A962.J52.J85 K963.T74.Q63.K96"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AQ2.KJ3.KT98.Q32 T74.Q85.A74.AT74 J85.A962.J52.J85 K963.T74.Q63.K96"]
[Auction "E"]
Pass Pass Pass Pass
"""


def _run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["bid", *args], input=stdin, prog_name="bridgetools")
    return result.exit_code, result.stdout, result.stderr


def test_bid_gives_a_board_without_an_auction_one_with_notes(tmp_path: Path) -> None:
    src = tmp_path / "in.pbn"
    src.write_text(PBN, encoding="utf-8")
    out = tmp_path / "out.pbn"
    code, _, err = _run([str(src), "-o", str(out), "-q"])
    assert code == 0, err
    boards = list(bt.read(out))
    assert [str(c) for c in boards[0].auction.calls][:1] == ["1NT"]
    assert '[Note "1:1NT opening: 15-17 HCP, balanced"]' in out.read_text(encoding="utf-8")


def test_bid_keeps_an_auction_the_board_has_unless_rebid(tmp_path: Path) -> None:
    code, out, _ = _run(["-", "-q"], PBN)
    assert code == 0
    kept = list(bt.loads(out, "pbn"))[1]
    assert [str(c) for c in kept.auction.calls] == ["Pass"] * 4
    code, out, _ = _run(["-", "-q", "--rebid"], PBN)
    rebid = list(bt.loads(out, "pbn"))[1]
    assert [str(c) for c in rebid.auction.calls] != ["Pass"] * 4


def test_bid_names_a_missing_file_in_one_line() -> None:
    code, _, err = _run(["no-such.pbn"])
    assert code == 1
    assert err.strip().count("\n") == 0 and "no-such.pbn" in err


# East opens 1H on five hearts and 13 HCP, shows clubs, and West invites with 3H: the judge bids 4H where
# the rules pass.
FIT_PBN = """[Board "1"]
[Dealer "E"]
[Vulnerable "None"]
[Deal "N:92.Q6.KJ9632.J32 QJ.J5432.54.AKQ5 63.AKT.QT8.T9876 AKT8754.987.A7.4"]
"""


def test_bid_judges_game_by_simulation_with_judge_and_not_with_rules_only() -> None:
    pytest.importorskip("endplay")
    code, judged, err = _run(["-", "-q", "--judge"], FIT_PBN)
    assert code == 0, err
    assert "chosen by playing out sample deals of the unseen cards" in judged
    code, rules, err = _run(["-", "-q", "--rules-only"], FIT_PBN)
    assert code == 0, err
    assert "simulating" not in rules


def test_bid_counts_only_the_boards_it_bid_and_names_those_it_could_not(tmp_path: Path) -> None:
    partial = (PBN + '\n[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
               '[Deal "S:A5.KT83.K752.843 - K43.AQJ54.63.T95 -"]\n')  # a lesson's two hands
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    src.write_text(partial, encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out)])
    assert code == 0, err
    assert "board 3: no four full hands to bid, written unchanged" in err
    assert f"1 board bid, 1 kept their own auction, 1 could not be bid; 3 boards written to {out}" in err



def test_bid_with_two_jobs_writes_what_one_job_writes_and_counts_the_same(tmp_path: Path) -> None:
    partial = (PBN + '\n[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
               '[Deal "S:A5.KT83.K752.843 - K43.AQJ54.63.T95 -"]\n'
               '\n[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n'
               '[Deal "N:AQ952.K6.K873.K5 T76.QJT.QJ6.JT96 KJ843.A5432..Q43 .987.AT9542.A872"]\n')
    src = tmp_path / "in.pbn"
    src.write_text(partial, encoding="utf-8")
    one, two = tmp_path / "one.pbn", tmp_path / "two.pbn"
    code, _, err_one = _run([str(src), "-o", str(one)])
    assert code == 0, err_one
    code, _, err_two = _run([str(src), "-o", str(two), "--jobs", "2"])
    assert code == 0, err_two
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8")
    counted = "2 boards bid, 1 kept their own auction, 1 could not be bid; 4 boards written to "
    assert counted + str(one) in err_one and counted + str(two) in err_two

COMMENTED = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]
[Auction "N"]
1C =1= {short club, maybe} 2NT {unusual?} Pass 3C
Pass Pass Pass
[Note "1:could be 2"]
{a note the file wrote}
"""


def test_a_rebid_auction_s_explanations_and_comments_follow_the_computer_s_auction_naming_their_calls(
        tmp_path: Path) -> None:
    from bridgetools.formats.replaced_play import OWN_AUCTION_HEADING

    code, out, err = _run(["-", "--rebid"], COMMENTED)
    assert code == 0, err
    (board,) = list(bt.loads(out, "pbn"))
    auction = out[out.index("[Auction "):]
    computer_s_calls = [t for t in auction[:auction.index("{")].split() if not t.startswith("=")]
    assert len(computer_s_calls) == 2 + len(board.auction.calls)  # no comment before the last call
    assert not board.issues
    (comment,) = board.commentary
    assert comment.startswith(OWN_AUCTION_HEADING)
    for line in ("N's 1C was explained: could be 2", "after N's 1C: short club, maybe",
                 "after E's 2NT: unusual?", "after its note 1 (could be 2): a note the file wrote"):
        assert line in comment.splitlines()
    assert "could be 2" not in board.notes.values()  # no call of the computer's auction refers to it


def test_rebidding_a_board_with_an_auction_warns_that_the_file_s_auction_and_play_are_replaced(
        tmp_path: Path) -> None:
    played = COMMENTED + '[Play "N"]\nS2\n*\n'
    code, _, err = _run(["-", "--rebid", "-o", str(tmp_path / "out.pbn")], played)
    assert code == 0, err
    assert "warning: -: board 1: the auction the file gave is replaced by the computer's" in err
    assert "and its play" in err


def test_a_rebid_board_keeps_the_comments_on_the_file_s_play(tmp_path: Path) -> None:
    schiphol = Path(__file__).parent / "data" / "pbn" / "pbn__Schiphol.pbn"
    text = schiphol.read_text(encoding="utf-8").replace("SK =1= ", "SK =1= {a fine lead} ")
    code, out, err = _run(["-", "--rebid", "-q"], text)
    assert code == 0, err
    (board,) = list(bt.loads(out, "pbn"))
    assert any("after trick 1, W's SK: a fine lead" in c for c in board.commentary)
    assert any("N's 4NT was explained: two colors: clubs and diamonds" in c for c in board.commentary)
    assert not board.issues


def test_a_rebid_lin_auction_s_explanations_and_nt_follow_the_computer_s_auction(tmp_path: Path) -> None:
    lin = ("pn|a,b,c,d|md|3SAKQ2HKJ3DT98C432,SJT9HAQ2DKQJCAKQJ,S876HT98D765CT987|ah|Board 1|"
           "mb|1C!|an|could be 2|nt|short club, maybe|mb|2N|nt|unusual?|mb|p|mb|3C|mb|p|mb|p|mb|p|")
    source = tmp_path / "in.lin"
    source.write_text(lin + "\n", encoding="utf-8")
    code, out, err = _run([str(source), "--rebid", "-q"])
    assert code == 0, err
    (board,) = list(bt.loads(out, "pbn"))
    (comment,) = board.commentary
    assert "N's 1C was explained: could be 2" in comment.splitlines()
    assert "after N's 1C: short club, maybe" in comment.splitlines()
    assert "after E's 2NT: unusual?" in comment.splitlines()


def test_a_rebid_lin_board_laid_out_as_bbo_writes_it_keeps_its_explanations_in_a_comment() -> None:
    source = Path(__file__).parent / "data" / "lin" / "bridge-bots__sample.lin"  # 2N explained, no nt
    code, out, err = _run([str(source), "--rebid", "-q"])
    assert code == 0, err
    (board,) = list(bt.loads(out, "pbn"))
    (comment,) = board.commentary
    assert "N's 2NT was explained: Unusual No Trump: 2 5card minors" in comment.splitlines()


def test_a_rebid_vugraph_match_s_results_line_says_the_computer_s_contracts() -> None:
    from bridgetools.formats.lin import parse_result

    source = Path(__file__).parent / "data" / "lin" / "bridge-bots__usbf_sf_14502.lin"  # rs|4HE=,...
    code, out, err = _run([str(source), "--rebid", "-q", "-f", "lin"])
    assert code == 0, err
    rs = next(line for line in out.splitlines() if line.startswith("rs|")).split("|")[1].split(",")
    boards = list(bt.loads(out, "lin"))
    assert all(b.tricks is None for b in boards)  # the play is gone: no result from the old rs
    for board in boards:
        said = parse_result(rs[2 * (board.number - 46) + (board.room == "closed")])
        assert said == (board.contract, board.declarer, None)


def test_a_rebid_board_no_longer_has_the_score_of_the_file_s_result(tmp_path: Path) -> None:
    source = tmp_path / "in.pbn"
    source.write_text(PBN.replace('Pass Pass Pass Pass', '1NT Pass 3NT Pass Pass Pass\n[Result "8"]\n'
                                  '[Score "NS -100"]\n[ScoreIMP "NS -5"]'), encoding="utf-8")
    code, out, err = _run([str(source), "--rebid", "-q"])
    assert code == 0, err
    for board in bt.loads(out, "pbn"):
        assert board.tricks is None and not {"Score", "ScoreIMP"} & set(board.tags)


def _source(tmp_path: Path) -> Path:
    """Boards 1 (no auction) and 2 (passed out) as a PBN file."""
    src = tmp_path / "in.pbn"
    src.write_text(PBN, encoding="utf-8")
    return src


def test_an_output_named_lin_is_written_as_lin_with_the_explanations_as_alerts(tmp_path: Path) -> None:
    out = tmp_path / "out.lin"
    code, _, err = _run([str(_source(tmp_path)), "-o", str(out), "-q"])
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert text.startswith(("qx|", "pn|", "st|", "md|", "vg|")), text[:40]
    (first, _) = list(bt.read(out, "lin"))
    assert str(first.auction.calls[0]) == "1NT"
    assert first.auction.annotations[0].explanation.startswith("1NT opening")


def test_an_output_name_without_suffix_is_written_as_pbn(tmp_path: Path) -> None:
    code, _, err = _run([str(_source(tmp_path)), "-o", str(tmp_path / "bid")])
    assert code == 0, err
    assert (tmp_path / "bid").read_text(encoding="utf-8").startswith("% PBN")


def test_an_output_suffix_no_format_claims_names_bid_in_the_error(tmp_path: Path) -> None:
    code, _, err = _run([str(_source(tmp_path)), "-o", str(tmp_path / "out.abc")])
    assert code == 2
    assert "bid does not write .abc files" in err


def test_format_and_an_output_suffix_that_disagree_are_refused(tmp_path: Path) -> None:
    code, _, err = _run([str(_source(tmp_path)), "-o", str(tmp_path / "out.pbn"), "--format", "lin"])
    assert code == 2
    assert "out.pbn names a pbn file but --format is lin" in err
    assert not (tmp_path / "out.pbn").exists()


def test_a_match_s_replaced_boards_are_named_once_each_as_ranges_with_their_count(tmp_path: Path) -> None:
    match = Path(__file__).parent / "data" / "lin" / "bridge-bots__usbf_sf_14502.lin"
    code, _, err = _run([str(match), "--rebid", "-o", str(tmp_path / "out.pbn")])
    assert code == 0, err
    assert f"warning: {match}: 30 boards, numbered 46-60: the auction the file gave is replaced" in err


def test_bid_writes_a_lesson_s_introduction_as_it_was_without_calling_it_a_board_it_could_not_bid(
        tmp_path: Path) -> None:
    """A paragraph of commentary before the first board was warned of as `board ?: no four full hands
    to bid` and counted as a board that could not be bid."""
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    intro = '[Event ""]\n[Board ""]\n[Deal ""]\n{Most bad results come from bidding unsafely.}\n\n'
    src.write_text(intro + PBN, encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out), "--rules-only"])
    assert code == 0, err
    assert "?" not in err and "could not be bid" not in err
    intro, *_ = bt.read(str(out))
    assert intro.deal is None and "Most bad results" in intro.commentary[0]


def test_bid_tells_what_reading_the_file_left_out(tmp_path: Path) -> None:
    """A quiz's blank for the answer (`2D Pass Pass ____`) was dropped and the auction finished by the
    computer without a word, where `convert` and `autoplay` name it at its line and column."""
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    quiz = PBN.split("\n\n")[0] + '\n[Auction "N"]\nPass Pass Pass ____\n'
    src.write_text(quiz, encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out), "--rules-only"])
    assert code == 0, err
    assert f"{src}:" in err and "'____' read as a bidding quiz's blank for the next call" in err


def test_a_quiz_s_blank_the_computer_bids_past_is_named_not_a_call_not_an_illegal_one(tmp_path: Path) -> None:
    """``Pass Pass Pass ____``: the computer's fourth pass went in the blank's place with the warning "the
    calls the file kept as written after an illegal one are replaced", where the blank is no call at all."""
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    src.write_text(PBN.split("\n\n")[0] + '\n[Auction "N"]\nPass Pass Pass ____\n', encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out), "--rules-only"])
    assert code == 0, err
    assert "board 1: the bidding quiz's blank turn that ends the file's auction (underscores, not a call) " \
        "is left out, the computer's calls in its place" in err
    assert "illegal" not in err


def test_a_lesson_s_quiz_the_computer_answers_keeps_its_calls_with_no_comment_saying_they_were_replaced(
        tmp_path: Path) -> None:
    """``2D Pass Pass ____`` bid on: the lesson's calls stay and the computer's fill the blank, where a
    comment after the last call said "The auction this file gave was replaced by the computer's"."""
    board = _quiz_bid_on(tmp_path, "")
    assert [str(c) for c in board.auction.calls][:3] == ["2D", "Pass", "Pass"]
    assert board.commentary == []


def _quiz_bid_on(tmp_path: Path, after_blank: str) -> bt.Board:
    """The board `bid --rules-only` writes for a quiz ``2D Pass Pass ____`` and ``after_blank``."""
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    src.write_text('[Board "1"]\n[Dealer "S"]\n[Vulnerable "None"]\n'
                   '[Deal "S:A92.T82.AJ62.532 Q43.A97.QT98.KJ6 JT6.KJ3.K754.Q94 K875.Q654.3.AT87"]\n'
                   f'[Auction "S"]\n2D Pass Pass ____{after_blank}\n', encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out), "--rules-only"])
    assert code == 0, err
    return next(iter(bt.read(out)))


def test_a_lesson_s_question_after_its_quiz_blank_stays_with_no_comment_saying_the_auction_was_replaced(
        tmp_path: Path) -> None:
    """``2D Pass Pass ____ {What do you bid?}`` bid on: the question stays after the blank's turn, where
    it went into a comment saying "The auction this file gave was replaced by the computer's"."""
    board = _quiz_bid_on(tmp_path, " {What do you bid?}")
    assert [str(c) for c in board.auction.calls][:3] == ["2D", "Pass", "Pass"]
    assert board.commentary == ["What do you bid?"]


def test_a_word_that_is_no_call_the_computer_bids_past_is_named_as_not_a_call(tmp_path: Path) -> None:
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    src.write_text(PBN.split("\n\n")[0] + '\n[Auction "N"]\nPass 1NT Pass 2Z\n', encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out), "--rules-only"])
    assert code == 1, err  # bid on and written, but '2Z' is no call: the input is bad (a problem of syntax)
    assert "board 1: the calls the file kept as written from '2Z', which is not a call, are replaced" in err
    assert "after an illegal one" not in err


def test_bid_help_says_seed_changes_nothing() -> None:
    """`--seed` was offered 'for reproducible runs', though every run bids the same with any seed."""
    result = CliRunner().invoke(cli, ["bid", "--help"], prog_name="bridgetools", terminal_width=200)
    assert "No effect" in result.output and "reproducible runs" not in result.output


def test_bid_warns_that_a_contract_and_result_given_with_no_auction_are_replaced(tmp_path: Path) -> None:
    """A hand record of the table's results (Contract, Declarer, Result, no Auction: 163 boards of
    endplay__example3.pbn) got the computer's auction and contract, the result unknown, without a word."""
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    src.write_text(PBN.split("\n\n")[0] + '[Declarer "N"]\n[Contract "2S"]\n[Result "7"]\n', encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out), "--rules-only"])
    assert code == 0, err
    assert (f"warning: {src}: board 1: the contract and result the file gave (with no finished auction) are "
            "replaced by the computer's auction, its result unknown") in err


def test_bid_of_a_contract_whose_auction_stops_part_way_does_not_say_there_was_no_auction(
    tmp_path: Path,
) -> None:
    """A file cut off inside its auction (1C 1S 2H 4S of a 5H contract) was said to give its contract
    'with no auction', though the computer finished the calls it gave."""
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    cut_off = '[Declarer "N"]\n[Contract "2S"]\n[Result "7"]\n[Auction "N"]\n1S\n'
    src.write_text(PBN.split("\n\n")[0] + cut_off, encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out), "--rules-only"])
    assert code == 0, err
    assert "with no auction" not in err
    assert "board 1: the contract and result the file gave (with no finished auction) are replaced" in err


def test_bid_rebid_of_its_own_pbn_output_gives_the_same_file_without_a_warning(tmp_path: Path) -> None:
    """The same calls with the same explanations, read back from their PBN Notes, were taken for other
    calls: each auction was said to be replaced and its explanations repeated in a comment after it."""
    src, first, again = tmp_path / "in.pbn", tmp_path / "first.pbn", tmp_path / "again.pbn"
    src.write_text(PBN.split("\n\n")[0], encoding="utf-8")  # the board with no auction
    code, _, err = _run([str(src), "-o", str(first), "-q", "--rules-only"])
    assert code == 0, err
    code, _, err = _run([str(first), "--rebid", "-o", str(again), "--rules-only"])
    assert code == 0, err
    assert "replaced" not in err
    assert again.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")


def test_bid_takes_the_input_s_format_and_encoding_as_other_commands_do() -> None:
    """`bid` refused `--from` (`No such option`), though its error for an input it cannot place said
    `name it (format=, --from)`, and the README says --from and --encoding mean the same everywhere."""
    rbn = "B 1\nD N\nV 0\nH N:AQ2.KJ3.KT98.Q32:T74.Q85.A74.AT74:J85.A962.J52.J85:\n"
    code, out, err = _run(["-", "--from", "rbn", "--encoding", "utf-8", "--rules-only", "-q"], rbn)
    assert code == 0, err
    assert "[Auction" in out

LIN_HEADING = ("pn|S,W,N,E|st||md|3S876HT98D765CT987,S543H7654DA432C65,SAKQ2HKJ3DT98C432,SJT9HAQ2DKQJCAKQJ|"
               "rh||ah|Board 1|sv|o|")
"""A LIN board's heading: East has 20 HCP, the others are weak."""


def _bid_lin(tmp_path: Path, pairs: str, *options: str) -> tuple[int, str, str]:
    """``bid`` of a LIN board of ``LIN_HEADING`` and ``pairs`` (its calls, cards...) to ``out.lin`` in
    ``tmp_path``, by the rule tables: the exit code, what was written and stderr."""
    source, out = tmp_path / "in.lin", tmp_path / "out.lin"
    source.write_text(LIN_HEADING + pairs + "\n", encoding="utf-8")
    code, _, err = _run([str(source), "--rules-only", "-o", str(out), *options])
    return code, out.read_text(encoding="utf-8") if out.exists() else "", err


def test_rebidding_a_lin_board_leaves_out_the_score_of_its_result_with_a_warning(tmp_path: Path) -> None:
    code, written, err = _bid_lin(tmp_path, "mb|p|mb|1N|mb|p|mb|p|mb|p|pg||pc|S8|pc|S3|pc|SA|pc|S9|pg||mc|0|"
                                  "zz|-5.20|pg||", "--rebid")
    assert code == 0, err
    assert "board 1: the file's score of its result (LIN zz|) left out" in err
    assert "zz|" not in written and "pc|" not in written
    assert written.rstrip().endswith("mb|p|pg||") and written.count("pg||") == 1


def test_calls_a_lin_file_kept_after_an_illegal_one_go_when_the_computer_bids_anew_with_a_warning(
        tmp_path: Path) -> None:
    """``mb|1N|mb|1C|an|oops|mb|p|mb|p|``, --rebid: the 1C and what followed, kept as written, were written
    after the computer's calls, which then read back as an illegal auction."""
    code, written, err = _bid_lin(tmp_path, "mb|p|mb|1N|mb|1C|an|oops|mb|p|mb|p|pg||", "--rebid")
    assert code == 0, err
    assert "board 1: the auction the file gave is replaced by the computer's" in err
    assert "an|oops|" not in written and "mb|p|mb|p|mb|p|pg||" in written
    assert "S's 1C (kept as written after an illegal call) was explained: oops" in written
    (board,) = list(bt.read(str(tmp_path / "out.lin")))
    assert board.issues == [] and board.auction is not None and board.auction.is_complete


def test_a_second_explanation_of_a_rebid_lin_call_goes_with_its_call_into_the_comment(tmp_path: Path) -> None:
    """``mb|1S!|an|5+ spades|an|or a strong hand|``: rebid, the second explanation stood after the computer's
    last pass, explaining it."""
    code, written, err = _bid_lin(tmp_path, "mb|1S!|an|5+ spades|an|or a strong hand|mb|p|mb|p|mb|p|",
                                  "--rebid")
    assert code == 0, err
    assert "an|or a strong hand|" not in written
    assert "N's 1S was explained: 5+ spades" in written
    assert "N's 1S was explained again: or a strong hand" in written
    (board,) = list(bt.read(str(tmp_path / "out.lin")))
    assert board.issues == []


def test_a_pbn_note_on_a_call_kept_after_an_illegal_one_goes_into_the_comment_not_left_dangling(
        tmp_path: Path) -> None:
    """``Pass 1NT 1C =1= Pass Pass``, bid anew: ``[Note "1:oops"]`` was written with no call
    referring to it (`validate`: Note 1 of the auction is not referred to)."""
    source = tmp_path / "insufficient.pbn"
    source.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                      '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n'
                      '[Auction "N"]\nPass 1NT 1C =1= Pass\nPass\n[Note "1:oops"]\n', encoding="utf-8")
    out = tmp_path / "out.pbn"
    code, _, err = _run([str(source), "--rules-only", "--rebid", "-o", str(out)])
    assert code == 0, err
    (board,) = list(bt.read(str(out)))
    assert board.issues == [] and "oops" not in board.notes.values()
    assert any("S's 1C (kept as written after an illegal call) was explained: oops" in c
               for c in board.commentary)


SCORED_PBN = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KQ2.AJ2.K32 J543.J43.543.654 T987.T98.T98.T98 6.A765.KQ76.AQJ7"]
[Declarer "N"]
[Contract "3NT"]
[Result "10"]
[Score "NS 430"]
[ScoreIMP "NS 2.5"]
[ScoreMP "NS 7"]
[ScorePercentage "NS 70"]
[OptimumScore "NS 430"]
[Auction "N"]
1C Pass 1D Pass
3NT Pass Pass Pass
[Play "E"]
S3 S8 S6 SA
[AuctionTimeTable "Time"]
0:05
0:10
[PlayTimeTable "Time"]
0:05
"""
"""A club's scored board (its IMPs, match points and percentage), with the time each call and card took."""


def test_rebidding_a_pbn_board_leaves_out_its_scores_and_times_with_a_warning_naming_them(
        tmp_path: Path) -> None:
    source, out = tmp_path / "club.pbn", tmp_path / "out.pbn"
    source.write_text(SCORED_PBN, encoding="utf-8")
    code, _, err = _run([str(source), "--rebid", "--rules-only", "-o", str(out)])
    assert code == 0, err
    assert ("board 1: the file's score of its result (Score, ScoreIMP, ScoreMP, ScorePercentage) left out: "
            "the computer's result is another") in err
    assert "board 1: the file's AuctionTimeTable, PlayTimeTable left out" in err
    written = out.read_text(encoding="utf-8")
    assert "[Score" not in written and "TimeTable" not in written
    assert '[OptimumScore "NS 430"]' in written  # the deal's par, not the result's


def test_a_pbn_board_s_scores_stay_when_the_computer_s_result_is_the_same() -> None:
    """ScoreIMP and the rest still hold for the same contract, declarer and tricks, however made."""
    from dataclasses import replace

    import bridgetools as bt
    from bridgetools.formats.replaced_play import stale_records_left_out, without_stale_records

    (own,) = bt.loads(SCORED_PBN, "pbn")
    same = without_stale_records(own, replace(own, tags=dict(own.tags)))
    assert same.tags["ScoreIMP"] == "NS 2.5" and not stale_records_left_out(own, same)
    other = without_stale_records(own, replace(own, tricks=9))
    assert "ScoreIMP" not in other.tags


RBN_HEAD = "B 1\nH W:6.A765.KQ76.AQJ7:AKQ2.KQ2.AJ2.K32:J543.J43.543.654:\n"
"""An RBN board's number and hands (North has 22 HCP, balanced)."""


def test_an_rbn_auction_kept_as_written_goes_with_a_warning_rather_than_follow_the_computer_s(
        tmp_path: Path) -> None:
    """``A NZ:1C1CPPP`` (an insufficient bid), kept as written, was written after the computer's A line:
    the RBN held two auctions."""
    source, out = tmp_path / "bad.rbn", tmp_path / "out.rbn"
    source.write_text(RBN_HEAD + "A NZ:1C1CPPP\n", encoding="utf-8")
    code, _, err = _run([str(source), "--rules-only", "-o", str(out)])
    assert code == 0, err
    assert "board 1: the file's RBN A line (kept as written, not read) left out" in err
    written = out.read_text(encoding="utf-8")
    assert written.count("\nA ") == 1 and "1C1C" not in written
    (board,) = bt.read(str(out))
    assert board.issues == [] and board.auction is not None and board.auction.is_complete


def test_a_rebid_board_keeps_no_issue_of_the_notes_of_the_calls_and_cards_it_replaced(tmp_path: Path) -> None:
    """``2NT =1=`` and a card ``=2=`` with no Note tags, rebid: the board still carried "auction: no Note
    tag for =1=" and "play: no Note tag for =2=" (the JSON's issues), of calls and cards it no longer has."""
    source = tmp_path / "notes.pbn"
    source.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                      '[Deal "N:AKQ2.KQ2.AQ2.K32 J543.J43.J43.J54 T987.T98.T98.T98 6.A765.K765.AQ76"]\n'
                      '[Auction "N"]\n2NT =1= Pass 3NT Pass\nPass Pass\n[Note "40:what"]\n[Contract "3NT"]\n'
                      '[Declarer "N"]\n[Result "9"]\n[Play "E"]\nS3 =2= ST S6 SA\n[Unalerted "x"]\n',
                      encoding="utf-8")
    (read,) = list(bt.read(str(source)))
    assert {issue.message: issue.about for issue in read.issues} == {
        "Note 40 of the auction: note numbers are 1 to 32": "auction",
        "auction: no Note tag for =1=": "auction",
        "play: no Note tag for =2=": "play", "Unalerted 'x' is not a list of note numbers": "auction"}
    code, _, err = _run([str(source), "--rebid", "--rules-only", "-o", str(tmp_path / "out.json")])
    assert code == 1, err  # rebid and written; Unalerted 'x' is no list of numbers: a problem of syntax
    (board,) = list(bt.read(str(tmp_path / "out.json")))
    assert [issue.message for issue in board.issues] == []


def test_a_declarer_tag_against_the_auction_is_kept_by_bid_and_replaced_by_rebid(tmp_path: Path) -> None:
    from test_cli_autoplay import WRONG_DECLARER

    source, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    source.write_text(WRONG_DECLARER, encoding="utf-8")
    code, _, err = _run([str(source), "--rules-only", "-o", str(out)])
    assert code == 0 and "Declarer W differs from the auction's N (board 1): the tag is kept" in err
    assert "Declarer W" in out.read_text(encoding="utf-8").replace('"', "").replace("[", "")
    code, _, err = _run([str(source), "--rules-only", "--rebid", "-o", str(out)])
    assert code == 0 and "the tag is kept" not in err
    assert "Declarer W differs from the auction's N (board 1): the output gives the computer's auction's " \
        "(--rebid)" in err


def test_rebid_warnings_come_in_the_file_s_board_order(tmp_path: Path) -> None:
    # board 1 of the sample has an auction and play, board 2 an auction alone: two kinds of warning
    sample = Path(__file__).parent.parent / "samples" / "club_night.pbn"
    code, _, err = _run([str(sample), "--rebid", "-o", str(tmp_path / "out.pbn"), "--rules-only"])
    assert code == 0, err
    said = [line for line in err.splitlines() if "is replaced by the computer's" in line]
    assert [line.split(": board ")[1].split(":")[0] for line in said] == ["1", "2"]


IRREGULAR_LIN = "mb|1S|mb|1H|nt|director called|mb|2H|mb|p|mb|p|mb|p|pg||"
"""A table's auction with an insufficient bid (East's 1H over North's 1S), accepted: 2H by South."""


def test_bid_keeps_an_auction_that_goes_on_past_an_illegal_call_as_the_table_made_it(tmp_path: Path) -> None:
    """The 1H and the calls after it were dropped, not even in a comment: the computer bid on from 1S."""
    code, written, err = _bid_lin(tmp_path, IRREGULAR_LIN)
    assert code == 0, err
    assert "mb|1H|nt|director called|mb|2H|mb|p|mb|p|mb|p|" in written
    assert "board 1: the auction the file gave goes on past an illegal call (the table's record): kept" in err
    assert "1 kept their own auction" in err


def test_a_rebid_irregular_auction_s_calls_are_kept_in_the_comment_even_unexplained(tmp_path: Path) -> None:
    """--rebid of `IRREGULAR_LIN`: the comment named only the comment after 1S, not the calls it replaced."""
    code, written, err = _bid_lin(tmp_path, IRREGULAR_LIN, "--rebid")
    assert code == 0, err
    assert "mb|1H|nt|director called|" not in written
    assert ("the calls the file kept as written from its illegal call on: E's 1H, S's 2H, W's p, N's p, "
            "E's p") in written


def test_a_lesson_s_auction_noted_up_to_31_is_bid_on_within_pbn_s_32_note_numbers(tmp_path: Path) -> None:
    src = tmp_path / "lesson.pbn"
    src.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                   '[Deal "N:65.Q.AJT32.J8654 KT8.JT2.974.AQ92 J973.K874.KQ8.T7 AQ42.A9653.65.K3"]\n'
                   '[Auction "N"]\nPass Pass Pass 1H =3=\nPass 2H =31= +\n'
                   '[Note "3:five-card major"]\n[Note "31:simple raise"]\n', encoding="utf-8")
    out = tmp_path / "out.pbn"
    code, _, err = _run([str(src), "--rules-only", "-o", str(out)])
    assert code == 0, err
    board = next(iter(bt.read(out)))
    assert not board.issues and all(n <= 32 for n in board.notes)
    explained = [a.explanation for a in board.auction.annotations[7:] if a is not None]
    assert len(explained) >= 2 and all(explained)


LESSON = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AK32.KJ3.Q98.432 QJ4.AQ2.K765.J65 T98.T9876.A2.AK7 765.54.JT43.QT98"]
[Auction "N"]
1D Pass 1H Pass
1S Pass 2NT =1= Pass
Pass Pass
[Note "1:the lesson's own words"]

[Board "2"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AK32.KJ3.Q98.432 QJ4.AQ2.K765.J65 T98.T9876.A2.AK7 765.54.JT43.QT98"]
[Auction "N"]
1D Pass 1H Pass
1S Pass 5D Pass
Pass Pass

[Board "3"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AK32.KJ3.Q98.432 QJ4.AQ2.K765.J65 T98.T9876.A2.AK7 765.54.JT43.QT98"]
[Auction "N"]
1D Pass 1H Pass
"""


def _lesson_bid(tmp_path: Path) -> tuple[list[bt.Board], str]:
    """The boards `bid --rules-only` writes for `LESSON`, and what it said."""
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    src.write_text(LESSON, encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out), "--rules-only"])
    assert code == 0, err
    return list(bt.read(out)), err


def _explanations(board: bt.Board) -> list[str | None]:
    assert board.auction is not None
    return [None if a is None else a.explanation for a in board.auction.annotations]


def test_a_lesson_s_kept_auction_is_written_with_the_system_s_explanation_of_its_calls(
        tmp_path: Path) -> None:
    boards, err = _lesson_bid(tmp_path)
    notes = _explanations(boards[0])
    assert [str(c) for c in boards[0].auction.calls] == "1D Pass 1H Pass 1S Pass 2NT Pass Pass Pass".split()
    assert notes[0] is not None and notes[0].startswith("one of a minor")
    assert notes[2] is not None and notes[2].startswith("new suit")
    assert notes[4] is not None and notes[4].startswith("new suit")
    assert notes[6] == "the lesson's own words"  # a call the lesson noted keeps its note
    assert "kept their own auction" in err and "replaced" not in err


def test_a_kept_call_no_table_explains_is_given_no_note(tmp_path: Path) -> None:
    """Responder's 5D after 1D P 1H P 1S P has no table's meaning (only the fallback's reading): no note."""
    boards, _ = _lesson_bid(tmp_path)
    notes = _explanations(boards[1])
    assert str(boards[1].auction.calls[6]) == "5D" and notes[6] is None
    assert notes[0] is not None


def test_the_calls_a_lesson_s_auction_gave_before_the_computer_bid_on_are_explained(tmp_path: Path) -> None:
    boards, err = _lesson_bid(tmp_path)
    notes = _explanations(boards[2])
    assert [str(c) for c in boards[2].auction.calls][:4] == ["1D", "Pass", "1H", "Pass"]
    assert notes[0] is not None and notes[0].startswith("one of a minor")
    assert notes[2] is not None and notes[2].startswith("new suit")
    assert "replaced" not in err


PARTIAL_WITH_COMMENT = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AK32.KJ3.Q98.432 QJ4.AQ2.K765.J65 T98.T9876.A2.AK7 765.54.JT43.QT98"]
[Auction "N"]
1D Pass 1H =1= Pass
{a comment after the calls}
[Note "1:the lesson's own words"]
"""


def test_autoplay_keeps_a_partial_auction_s_calls_it_explained_with_their_comments_in_place(
        tmp_path: Path) -> None:
    """autoplay bids on from the file's calls (`bid_board`, which explains them) and gives the board to
    `with_replacements` again: the calls are still the file's, their comment where the file put it, and no
    comment says the auction was replaced."""
    from bridgetools.bots.play import autoplay_board
    from bridgetools.formats.replaced_play import OWN_AUCTION_HEADING

    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    src.write_text(PARTIAL_WITH_COMMENT, encoding="utf-8")
    played = autoplay_board(next(iter(bt.read(src))), seed=1, samples=1, budget=0.01, judge=False)
    bt.write([played], out)
    text = out.read_text(encoding="utf-8")
    assert OWN_AUCTION_HEADING not in text and "Pass {a comment after the calls}" in text
    assert _explanations(played)[0] is not None and _explanations(played)[0].startswith("one of a minor")


def test_a_kept_call_its_hand_made_outside_the_system_s_meanings_is_given_no_note(tmp_path: Path) -> None:
    """North's 1NT on nine HCP (another system's): the system's "15-17 HCP" would misstate his hand."""
    src, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    src.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                   '[Deal "N:QJ4.KJ3.Q98.5432 AK32.AQ2.K765.J6 T98.T9876.A2.AK7 765.54.JT43.QT98"]\n'
                   '[Auction "N"]\n1NT Pass Pass Pass\n', encoding="utf-8")
    code, _, err = _run([str(src), "-o", str(out), "--rules-only"])
    assert code == 0, err
    board = next(iter(bt.read(out)))
    assert [str(c) for c in board.auction.calls] == ["1NT", "Pass", "Pass", "Pass"]
    assert _explanations(board)[0] is None
