"""``bridgetools autoplay``: boards played out by computer players and written as full PBN records."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from test_cli_bid import SCORED_PBN

import bridgetools as bt
from bridgetools.bots import play as bots_play
from bridgetools.cli import cli
from bridgetools.formats.replaced_play import OWN_PLAY_HEADING, PLAY_REPLACED
from bridgetools.scoring import ns_score

DEAL = bt.Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")


def board_file(tmp_path: Path, *boards: bt.Board) -> Path:
    path = tmp_path / "in.pbn"
    bt.write(list(boards), str(path), "pbn")
    return path


def bid(calls: str, number: int = 1) -> bt.Board:
    dealer = bt.Seat.dealer_of_board(number)
    return bt.Board(number=number, deal=DEAL, auction=bt.Auction(dealer, calls.split()))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["autoplay", *args], prog_name="bridgetools")
    return result.exit_code, result.output


def test_each_board_is_written_with_its_play_result_and_score(tmp_path: Path) -> None:
    out = tmp_path / "out.pbn"
    code, output = run(str(board_file(tmp_path, bid("1NT P 3NT P P P"))), "-o", str(out), "--seed", "1",
                       "--samples", "1", "-q")
    assert code == 0, output
    (board,) = list(bt.read(str(out)))
    assert board.play is not None and len(board.play.cards) == 52
    assert board.tricks == board.play.result and board.contract == bt.Contract.from_str("3NT")
    points = ns_score(board.contract, board.declarer, board.tricks, board.vulnerability)
    assert board.tags["Score"] == f"NS {points}"


def test_the_file_s_imps_and_matchpoints_for_its_own_play_are_left_out(tmp_path: Path) -> None:
    board = bid("1NT P 3NT P P P")
    board.tags.update({"Score": "NS 400", "ScoreIMP": "NS 6", "ScoreMP": "NS 10"})
    out = tmp_path / "out.pbn"
    code, output = run(str(board_file(tmp_path, board)), "-o", str(out), "--seed", "1", "--samples", "1",
                       "-q")
    assert code == 0, output
    (played,) = list(bt.read(str(out)))
    assert "ScoreIMP" not in played.tags and "ScoreMP" not in played.tags
    assert played.tags["Score"].startswith("NS ")


def test_the_file_s_rubber_score_of_its_own_play_is_left_out(tmp_path: Path) -> None:
    """``ScoreRubber "30/40"`` and its history scored the file's 1NT making 7, not the computer's play."""
    board = bid("1NT P 3NT P P P")
    board.scoring = "Rubber"
    board.tags.update({"ScoreRubber": "30/40", "ScoreRubberHistory": "NS 0/0 EW 30/40"})
    out = tmp_path / "out.pbn"
    code, output = run(str(board_file(tmp_path, board)), "-o", str(out), "--seed", "1", "--samples", "1",
                       "-q")
    assert code == 0, output
    (played,) = list(bt.read(str(out)))
    assert not {"ScoreRubber", "ScoreRubberHistory"} & set(played.tags)


def test_an_output_named_lin_is_written_as_lin_with_the_play(tmp_path: Path) -> None:
    out = tmp_path / "out.lin"
    code, output = run(str(board_file(tmp_path, bid("1NT P 3NT P P P"))), "-o", str(out), "--seed", "1",
                       "--samples", "1", "-q")
    assert code == 0, output
    assert "|pc|" in out.read_text(encoding="utf-8")
    (board,) = list(bt.read(str(out), "lin"))
    assert board.play is not None and len(board.play.cards) == 52


def test_a_passed_out_board_is_written_without_play_and_scores_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.pbn"
    code, output = run(str(board_file(tmp_path, bid("P P P P"))), "-o", str(out), "--seed", "1", "-q")
    assert code == 0, output
    (board,) = list(bt.read(str(out)))
    assert board.play is None and board.tags["Score"] == "NS 0"


def test_the_same_seed_gives_the_same_records_with_any_number_of_jobs(tmp_path: Path) -> None:
    source = str(board_file(tmp_path, bid("1NT P 3NT P P P", 1), bid("P 1S P 4S P P P", 2)))
    one, two = tmp_path / "one.pbn", tmp_path / "two.pbn"
    assert run(source, "-o", str(one), "--seed", "9", "--samples", "1", "-q")[0] == 0
    assert run(source, "-o", str(two), "--seed", "9", "--samples", "1", "--jobs", "2", "-q")[0] == 0
    assert one.read_text() == two.read_text()


def test_a_board_is_played_the_same_alone_as_after_other_boards_of_the_file(tmp_path: Path) -> None:
    """An analyst replays one board of a run alone: its seed comes from the run's and the board itself,
    not from its place in the file."""
    alone, after = tmp_path / "alone", tmp_path / "after"
    alone.mkdir(), after.mkdir()
    board = bid("P 1S P 4S P P P", 2)
    one, two = tmp_path / "one.pbn", tmp_path / "two.pbn"
    assert run(str(board_file(alone, board)), "-o", str(one), "--seed", "9", "--samples", "1", "-q")[0] == 0
    source = board_file(after, bid("1NT P 3NT P P P", 1), board)
    assert run(str(source), "-o", str(two), "--seed", "9", "--samples", "1", "-q")[0] == 0
    (played,), (_, again) = list(bt.read(str(one))), list(bt.read(str(two)))
    assert played.play is not None and again.play is not None and played.play.cards == again.play.cards


def test_boards_alike_but_for_their_number_are_played_from_different_seeds() -> None:
    first, second = bid("1NT P 3NT P P P", 1), bid("1NT P 3NT P P P", 2)
    assert bots_play.board_seed(9, first) == bots_play.board_seed(9, bid("1NT P 3NT P P P", 1))
    assert bots_play.board_seed(9, first) != bots_play.board_seed(9, second)
    assert bots_play.board_seed(9, first) != bots_play.board_seed(10, first)


def test_a_fresh_seed_is_recorded_in_the_pbn_heading_even_when_quiet(tmp_path: Path) -> None:
    source = str(board_file(tmp_path, bid("1NT P 3NT P P P")))
    out, again = tmp_path / "out.pbn", tmp_path / "again.pbn"
    code, output = run(source, "-o", str(out), "--samples", "1", "-q")
    assert code == 0 and output == ""
    (seed,) = [line.rsplit(" ", 1)[1] for line in out.read_text().splitlines() if " autoplay, seed " in line]
    assert run(source, "-o", str(again), "--seed", seed, "--samples", "1", "-q")[0] == 0
    assert again.read_text() == out.read_text()


def test_the_summary_counts_a_passed_out_board_apart_from_those_played(tmp_path: Path) -> None:
    source = board_file(tmp_path, bid("1NT P 3NT P P P", 1), bid("P P P P", 2))
    code, output = run(str(source), "-o", str(tmp_path / "out.pbn"), "--seed", "1", "--samples", "1")
    assert code == 0, output
    assert "1 board played, 1 passed out; 2 boards written to" in output


def test_a_board_without_an_auction_is_an_error_when_no_bidder_is_installed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots_play, "_bidder", lambda: None)
    source = board_file(tmp_path, bt.Board(number=3, deal=DEAL))
    out = tmp_path / "out.pbn"
    code, output = run(str(source), "-o", str(out), "--seed", "1")
    assert code == 1
    assert "board 3" in output and "no complete auction" in output and "Traceback" not in output
    assert not out.exists()


def test_a_board_without_all_four_hands_is_an_error(tmp_path: Path) -> None:
    partial = bt.Deal([DEAL[bt.Seat.N], None, None, None])
    source = board_file(tmp_path, bt.Board(number=1, deal=partial, auction=bt.Auction(bt.Seat.N, ["P"] * 4)))
    code, output = run(str(source), "--seed", "1")
    assert code == 1 and "all four hands" in output


SCHIPHOL = Path(__file__).parent / "data" / "pbn" / "pbn__Schiphol.pbn"
"""One board with its auction, its play and a Note on the opening lead (SK =1=)."""


def test_a_play_the_file_gave_is_replaced_with_replay_with_a_warning_and_its_card_notes_go_too(
        tmp_path: Path) -> None:
    out = tmp_path / "out.pbn"
    result = CliRunner().invoke(cli, ["autoplay", str(SCHIPHOL), "-o", str(out), "--seed", "1",
                                      "--samples", "1", "--replay"], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert "board 1: the play the file gave is replaced by the computer's" in result.output
    text = out.read_text(encoding="utf-8")
    play_section = text[text.index("[Play "):]
    assert "highest of series" not in play_section  # the note of the lead no longer made
    (board,) = list(bt.read(str(out)))
    assert not board.issues  # no Note left that no card refers to


def test_comments_on_the_cards_of_the_file_s_play_follow_the_computer_s_play_naming_their_cards(
        tmp_path: Path) -> None:
    source = tmp_path / "commented.pbn"
    text = SCHIPHOL.read_text(encoding="utf-8")
    text = text.replace("SK =1= ", "SK =1= {a fine lead} ").replace("C8 CA CT C4", "C8 CA CT C4 {duck!}")
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out.pbn"
    args = ["autoplay", str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--replay"]
    result = CliRunner().invoke(cli, args, prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert "board 1: the play the file gave is replaced by the computer's" in result.output
    written = out.read_text(encoding="utf-8")
    play = written[written.index("[Play "):]
    # [Play "W"] and every card, the moved comments in one after the last card played (which need not
    # be the last one written: the section's columns start with the opening leader); the computer leads
    # the king from KQ as the table did and plays the first two tricks as it did, so the comment on that
    # lead stays on its card and only the later one moves
    start = play.index("{" + OWN_PLAY_HEADING)
    comment = play[start:play.index("}", start) + 1]
    assert play.startswith('[Play "W"]\nSK {a fine lead} ')
    assert len(play.replace(comment, " ").replace("{a fine lead}", " ").split()) == 2 + 52
    assert "after trick 4, S's C4: duck!" in comment and "a fine lead" not in comment
    (board,) = list(bt.read(str(out)))
    assert not board.issues
    assert len(board.commentary) == 3  # Schiphol's diagram, the lead's comment on its card, the moved ones


def test_comments_kept_from_a_replaced_play_export_again_as_they_were_written(tmp_path: Path) -> None:
    source = tmp_path / "commented.pbn"
    source.write_text(SCHIPHOL.read_text(encoding="utf-8").replace("SK =1= ", "SK =1= {a fine lead} "),
                      encoding="utf-8")
    out, again = tmp_path / "out.pbn", tmp_path / "again.pbn"
    assert run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--replay", "-q")[0] == 0
    bt.write(list(bt.read(str(out))), str(again), "pbn")
    assert again.read_bytes() == out.read_bytes()


def test_a_comment_after_a_note_on_a_card_of_the_replaced_play_is_kept_with_the_note_s_text(
        tmp_path: Path) -> None:
    source = tmp_path / "commented.pbn"
    text = SCHIPHOL.read_text(encoding="utf-8")
    note = '[Note "1:highest of series"]'
    # the note on the third trick's lead, where the computer's play leaves the table's (its first two
    # tricks are the table's, and their notes stay on their cards)
    text = text.replace("SK =1= ", "SK ").replace("S2 H6 S5 S7", "S2 =1= H6 S5 S7")
    source.write_text(text.replace(note, note + "\n{or a singleton}"), encoding="utf-8")
    out = tmp_path / "out.pbn"
    assert run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--replay", "-q")[0] == 0
    (board,) = list(bt.read(str(out)))
    assert any("after its note 1 (highest of series): or a singleton" in c for c in board.commentary)
    assert not board.issues


def test_lin_commentary_after_cards_of_the_file_s_play_follows_the_computer_s_play(tmp_path: Path) -> None:
    source = tmp_path / "kibitzed.lin"
    vugraph = Path(__file__).parent / "data" / "lin" / "bridge-bots__usbf_sf_14502.lin"
    bt.write(list(bt.read(str(vugraph)))[:1], str(source), "lin")  # kibitzers' nt after the 4th card...
    out = tmp_path / "out.pbn"
    assert run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--replay", "-q")[0] == 0
    written = out.read_text(encoding="utf-8")
    play = written[written.index("[Play "):]
    computer_s_cards = play[:play.index("{")]
    assert len([t for t in computer_s_cards.split() if len(t) == 2]) >= 51  # all but one card before it
    comment = play[len(computer_s_cards):]
    assert comment.startswith("{" + OWN_PLAY_HEADING)
    assert "you jinxed it, Val" in comment and "Good ---1 quick hand down" in comment
    # the header's rs gives the closed room's result too: a board of that result alone, after the block's
    board, closed = list(bt.read(str(out)))
    assert (board.room, closed.room) == ("open", "closed") and not board.issues


def test_an_unfinished_auction_is_finished_keeping_the_file_s_calls_with_their_comments_and_notes(
        tmp_path: Path) -> None:
    source = tmp_path / "unfinished.pbn"
    source.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                      f'[Deal "{DEAL.to_pbn(bt.Seat.N)}"]\n[Auction "N"]\n'
                      "1C =1= {short club, maybe} 2NT {unusual?}\n*\n"
                      '[Note "1:could be 2"]\n', encoding="utf-8")
    out = tmp_path / "out.pbn"
    assert run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "-q")[0] == 0
    (board,) = list(bt.read(str(out)))
    assert [str(c) for c in board.auction.calls[:2]] == ["1C", "2NT"] and board.auction.is_complete
    assert board.auction.annotations[0].explanation == "could be 2"
    written = out.read_text(encoding="utf-8")
    assert "1C =1= {short club, maybe} 2NT {unusual?}" in written
    assert not board.issues


def test_a_lesson_s_introduction_and_partial_deals_are_written_unchanged_and_the_full_deals_played(
        tmp_path: Path) -> None:
    """A teacher's file opening with a paragraph of commentary (a board of no deal) was refused whole,
    named as board 1, though its board 1 gave four hands."""
    intro = bt.Board(commentary=["Most bad results come from bidding unsafely."])
    partial = bt.Board(number=2, deal=bt.Deal([DEAL[bt.Seat.N], None, None, None]))
    out = tmp_path / "out.pbn"
    src = board_file(tmp_path, intro, bid("1NT P 3NT P P P"), partial)
    code, output = run(str(src), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only")
    assert code == 0, output
    assert f"warning: {src}: board 2: no four full hands to play, written unchanged" in output
    assert "?" not in output
    assert "1 board played, 2 written unchanged; 3 boards written" in output
    first, played, kept = list(bt.read(str(out)))
    assert first.commentary and "Most bad results" in first.commentary[0] and first.deal is None
    assert played.number == 1 and played.play is not None and played.tags["Score"].startswith("NS ")
    assert kept.number == 2 and kept.play is None and kept.deal is not None and not kept.deal.is_complete


def test_help_names_stdin_as_the_file_autoplay_reads() -> None:
    """`autoplay -` reads stdin, as `bid -` does, but its usage named FILE alone."""
    code, output = run("--help")
    assert code == 0 and "autoplay [OPTIONS] FILE|-" in output


def test_a_contract_and_result_given_with_no_auction_are_said_to_be_replaced(tmp_path: Path) -> None:
    """A board with the table's contract and result but no auction was bid and played anew, the file's
    result gone without a word."""
    board = bt.Board(number=4, deal=DEAL, contract=bt.Contract.parse("2S"), declarer=bt.Seat.N, tricks=7)
    src = board_file(tmp_path, board)
    code, output = run(str(src), "--seed", "1", "--samples", "1", "--rules-only",
                       "-o", str(tmp_path / "out.pbn"))
    assert code == 0, output
    assert (f"warning: {src}: board 4: the contract and result the file gave (with no finished auction) are "
            "replaced") in output


def test_autoplay_takes_the_input_s_format_and_encoding_as_other_commands_do(tmp_path: Path) -> None:
    """`autoplay` refused `--from` and `--encoding`, which every other command reading boards takes."""
    source = tmp_path / "deal.txt"
    rbn = "B 1\nD N\nV 0\nH N:AKQ2.KJ3.T98.432:JT9.AQ2.KQJ.AKQJ:876.T98.765.T987:\n"
    source.write_text(rbn, encoding="utf-8")
    code, output = run(str(source), "--from", "rbn", "--encoding", "utf-8", "--seed", "1", "--samples", "1",
                       "--rules-only", "-q")
    assert code == 0, output
    assert "[Score" in output


SCORED_LIN = ("pn|S,W,N,E|st||md|3S876HT98D765CT987,S543H7654DA432C65,SAKQ2HKJ3DT98C432,SJT9HAQ2DKQJCAKQJ|"
              "rh||ah|Board 1|sv|o|mb|p|mb|1N|mb|p|mb|p|mb|p|pg||pc|S8|pc|S3|pc|SA|pc|S9|pg||mc|0|"
              "zz|-5.20|pg||\n")
"""A LIN board scored by the site (``zz``) after a claim of no tricks in 1NT: any play out makes more."""


def test_a_lin_score_of_the_file_s_result_is_left_out_with_a_warning_and_page_breaks_follow_the_new_play(
        tmp_path: Path) -> None:
    source = tmp_path / "scored.lin"
    source.write_text(SCORED_LIN, encoding="utf-8")
    out = tmp_path / "out.lin"
    result = CliRunner().invoke(cli, ["autoplay", str(source), "-o", str(out), "--seed", "1", "--samples",
                                      "1", "--replay"], prog_name="bridgetools")
    assert result.exit_code == 0, result.output
    assert "board 1: the file's score of its result (LIN zz|) left out" in result.output
    written = out.read_text(encoding="utf-8")
    assert "zz|" not in written
    pairs = written.strip().split("|")[:-1]
    codes = pairs[0::2]
    first_card = codes.index("pc")
    assert codes[first_card + 4] == "pg"  # after the first trick, as the file had it
    assert codes[-1] == "pg" and codes[-2] == "pc" and codes.count("pg") == 3  # auction, trick, play


def test_cards_a_lin_file_kept_after_an_illegal_one_go_with_the_play_the_computer_replaces(
        tmp_path: Path) -> None:
    """``pc|SA|pc|SA|``: the second SA, kept as written, was written after the computer's 52 cards."""
    source = tmp_path / "revoke.lin"
    source.write_text(SCORED_LIN.replace("pc|S9|pg||mc|0|", "pc|SA|pg||"), encoding="utf-8")
    out = tmp_path / "out.lin"
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "-q")
    assert code == 0, output
    assert out.read_text(encoding="utf-8").count("pc|") == 52
    (board,) = list(bt.read(str(out)))
    assert board.issues == [] and board.play is not None and len(board.play.cards) == 52


def test_a_lin_score_of_the_file_s_result_stays_when_the_computer_s_result_is_the_same() -> None:
    """The score (``zz``) still holds for the same contract, declarer and tricks, however they were made."""
    from dataclasses import replace

    from bridgetools.formats.replaced_play import stale_scores, with_replacements

    (own,) = bt.loads(SCORED_LIN, "lin")
    same = with_replacements(own, replace(own, tags={}))
    assert "zz|-5.20|" in bt.dumps([same], "lin") and not stale_scores(own, same)
    other = with_replacements(own, replace(own, play=None, tricks=None))
    assert "zz|" not in bt.dumps([other], "lin") and stale_scores(own, other) == ["LIN zz|"]


TIMED_PBN = (SCORED_PBN.replace('[Contract "3NT"]', '[Contract "7NT"]')
             .replace('[Result "10"]', '[Result "3"]')
             .replace("1C Pass 1D Pass\n3NT Pass Pass Pass", "7NT Pass Pass Pass"))
"""A board scored in IMPs, with the time each call and card took: no computer takes three tricks in 7NT."""


def test_playing_a_board_again_leaves_out_its_scores_and_the_times_of_its_cards_with_a_warning(
        tmp_path: Path) -> None:
    source, out = tmp_path / "club.pbn", tmp_path / "out.pbn"
    source.write_text(TIMED_PBN, encoding="utf-8")
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--replay",
                       "--rules-only")
    assert code == 0, output
    assert ("board 1: the file's score of its result (ScoreIMP, ScoreMP, ScorePercentage) left out: the "
            "computer's result is another") in output
    assert "board 1: the file's PlayTimeTable left out" in output
    written = out.read_text(encoding="utf-8")
    assert "ScoreIMP" not in written and "PlayTimeTable" not in written
    assert "[AuctionTimeTable" in written  # its own auction was kept


def test_json_after_replacing_a_broken_play_no_longer_carries_the_issues_of_the_old_play(
        tmp_path: Path) -> None:
    """The file's illegal card (``pc|SA|pc|SA|``) was told as kept as written: once the computer's play
    replaces it, JSON's issues tell of nothing the board holds."""
    import json

    source, out = tmp_path / "revoke.lin", tmp_path / "out.json"
    source.write_text(SCORED_LIN.replace("pc|S9|pg||mc|0|", "pc|SA|pg||"), encoding="utf-8")
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only")
    assert code == 0, output
    assert "this and later cards kept as they are" in output  # told when read
    (board,) = json.loads(out.read_text(encoding="utf-8"))["boards"]
    assert board["issues"] == []


def test_issues_of_a_part_the_computer_did_not_replace_stay() -> None:
    from dataclasses import replace

    from bridgetools.errors import Issue
    from bridgetools.formats.replaced_play import still_true_issues

    (own,) = bt.loads(SCORED_LIN, "lin")
    own = replace(own, issues=[Issue("bad card", about="play"), Issue("bad call", about="auction"),
                               Issue("odd deal", about="deal")])
    assert [i.message for i in still_true_issues(own, replace(own, play=None))] == ["bad call", "odd deal"]
    assert [i.message for i in still_true_issues(own, own)] == ["bad card", "bad call", "odd deal"]


def test_an_rbn_play_kept_as_written_goes_with_a_warning_rather_than_follow_the_computer_s(
        tmp_path: Path) -> None:
    """``P XX``, kept as written, was written after the computer's P line: the RBN held two plays."""
    from test_cli_bid import RBN_HEAD

    source, out = tmp_path / "bad.rbn", tmp_path / "out.rbn"
    source.write_text(RBN_HEAD + "A NZ:1NPPP\nP XX\n", encoding="utf-8")
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only")
    assert code == 1, output  # written, but 'XX' is no trick: the input is bad (a problem of syntax)
    assert "board 1: the file's RBN P line (kept as written, not read) left out" in output
    written = out.read_text(encoding="utf-8")
    assert written.count("\nP ") == 1 and "P XX" not in written
    (board,) = bt.read(str(out))
    assert board.issues == [] and board.play is not None and len(board.play.cards) == 52


WRONG_DECLARER = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                  '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n'
                  '[Declarer "W"]\n[Contract "1NT"]\n[Result "7"]\n[Auction "N"]\n1NT Pass Pass Pass\n')


def test_a_declarer_tag_against_the_auction_is_told_as_autoplay_s_output_gives_it(tmp_path: Path) -> None:
    """Declarer W against 1NT by North: the warning said "the tag is kept", and the output has North."""
    source, out = tmp_path / "in.pbn", tmp_path / "out.pbn"
    source.write_text(WRONG_DECLARER, encoding="utf-8")
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1")
    assert code == 0, output
    assert "Declarer W differs from the auction's N (board 1): the output gives the auction's, which " \
        "autoplay plays" in output
    assert "the tag is kept" not in output
    (board,) = list(bt.read(str(out)))
    assert board.declarer is bt.Seat.N and board.tags.get("Declarer", "N") == "N"


def test_autoplay_bids_on_from_an_irregular_auction_s_last_legal_call_keeping_its_calls_in_a_comment(
        tmp_path: Path) -> None:
    """`test_cli_bid.IRREGULAR_LIN`'s calls after the insufficient 1H vanished, not even in a comment."""
    from test_cli_bid import IRREGULAR_LIN, LIN_HEADING

    source, out = tmp_path / "in.lin", tmp_path / "out.pbn"
    source.write_text(LIN_HEADING + IRREGULAR_LIN + "\n", encoding="utf-8")
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only")
    assert code == 0, output
    assert "bid on from the last legal call" in output
    (board,) = list(bt.read(str(out)))
    assert board.auction is not None and board.auction.is_complete and board.play is not None
    assert any("the calls the file kept as written from its illegal call on: E's 1H, S's 2H" in c
               for c in board.commentary)


def test_a_complete_play_the_file_gave_is_kept_as_it_was_with_a_warning(tmp_path: Path) -> None:
    """Schiphol's 5HX, six tricks played and nine taken by the table (Result 9), was played anew: 8."""
    out = tmp_path / "out.pbn"
    code, output = run(str(SCHIPHOL), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only")
    assert code == 0, output
    assert "board 1: the play the file gave is complete: kept as it was, not played (--replay" in output
    (own,), (written,) = bt.read(str(SCHIPHOL)), bt.read(str(out))
    assert written.play is not None and own.play is not None
    assert written.play.cards == own.play.cards and written.tricks == 9


def test_autoplay_board_gives_back_a_board_whose_play_is_complete_unless_replay() -> None:
    """The library owns the rule the command follows (`keeps_its_play`)."""
    (own,) = bt.read(str(SCHIPHOL))
    assert bots_play.keeps_its_play(own) and not bots_play.keeps_its_play(own, replay=True)
    assert bots_play.autoplay_board(own, 1, samples=1, judge=False) is own


PART_PLAYED = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
               '[Deal "N:A65.J4.A764.A983 QJT73.9852.K3.Q7 K82.KQT3.T52.642 94.A76.QJ98.KJT5"]\n'
               '[Declarer "N"]\n[Contract "1NT"]\n[Result ""]\n[Auction "N"]\n1D 1S X Pass\n1NT AP\n'
               '[Play "E"]\nSQ =1= {top of a sequence}\n*\n[Note "1:highest of touching honours"]\n')
"""A lesson's board: its auction, and the opening lead it explains, the rest of the play left to come."""


def _lesson_played(tmp_path: Path, *options: str) -> tuple[str, str]:
    """autoplay's warnings and output of `PART_PLAYED` (by the rules, one layout a card)."""
    source, out = tmp_path / "lesson.pbn", tmp_path / "out.pbn"
    source.write_text(PART_PLAYED, encoding="utf-8")
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only", *options)
    assert code == 0, output
    return output, out.read_text(encoding="utf-8")


def test_a_play_that_stops_part_way_is_played_on_from_the_file_s_last_card_its_comment_in_place(
        tmp_path: Path) -> None:
    """The lesson's lead SQ became another card, its comment moved after the computer's play."""
    output, written = _lesson_played(tmp_path)
    assert "replaced" not in output
    assert "[Play \"E\"]\nSQ =1= {top of a sequence} " in written and OWN_PLAY_HEADING not in written
    assert '[Note "1:highest of touching honours"]' in written
    (board,) = bt.loads(written, "pbn")
    assert board.play is not None and len(board.play.cards) == 52 and board.issues == []


def test_the_claim_of_a_play_after_an_irregular_auction_goes_with_the_play_the_output_reads_back(
        tmp_path: Path) -> None:
    """The file's 1C after 1NT is insufficient: its calls and cards from there on are kept as written, the
    claim too; the computer bids on from 1NT and plays anew, so the claim goes with the file's play rather
    than stand among the computer's calls, where it read back as a play before the auction ended."""
    source, out = tmp_path / "irregular.lin", tmp_path / "out.lin"
    source.write_text(SCORED_LIN.replace("mb|1N|mb|p|", "mb|1N|mb|1C|"), encoding="utf-8")
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only")
    assert code == 0, output
    assert f"board 1: {PLAY_REPLACED}" in output
    (board,) = bt.read(str(out))
    assert board.issues == [] and board.play is not None and board.play.claimed is None
    assert board.auction is not None and board.auction.is_complete and len(board.play.cards) == 52


def test_a_lin_play_that_stops_part_way_is_played_on_its_nt_after_the_lead_in_place(tmp_path: Path) -> None:
    source = tmp_path / "part.lin"
    source.write_text(SCORED_LIN.replace("pc|S9|pg||mc|0|zz|-5.20|pg||", "nt|a fine lead|"), encoding="utf-8")
    out = tmp_path / "out.lin"
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only")
    assert code == 0, output
    written = out.read_text(encoding="utf-8")
    assert "pc|S8|pc|S3|pc|SA|nt|a fine lead|pc|" in written and written.count("pc|") == 52


def test_a_replay_plays_a_partial_play_from_the_lead_a_comment_on_a_card_it_plays_again_stays_on_it(
        tmp_path: Path) -> None:
    """The computer leads the queen from QJT73 as the lesson did (top of a sequence), so the lesson's
    comment on that lead stays on the card; the note on the replaced play goes, with the warning."""
    output, written = _lesson_played(tmp_path, "--replay")
    assert "board 1: the play the file gave is replaced by the computer's (its notes" in output
    assert '[Play "E"]\nSQ {top of a sequence} ' in written and OWN_PLAY_HEADING not in written


def test_a_partial_play_of_another_contract_than_the_computer_s_is_replaced_with_the_warning(
        tmp_path: Path) -> None:
    """Without its auction the lesson's lead is of its Contract tag's 7C, which the computer does not bid:
    its play goes, with the warning, without --replay too; the computer's 1NT is led as the lesson's SQ
    was, so the comment on that lead stays on the card and only its note goes."""
    source, out = tmp_path / "lesson.pbn", tmp_path / "out.pbn"
    source.write_text(PART_PLAYED.replace('[Auction "N"]\n1D 1S X Pass\n1NT AP\n', "")
                      .replace('[Contract "1NT"]', '[Contract "7C"]'), encoding="utf-8")
    code, output = run(str(source), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only")
    assert code == 0, output
    assert f"board 1: {PLAY_REPLACED}" in output
    written = out.read_text(encoding="utf-8")
    assert '[Contract "1NT"]' in written and '[Play "E"]\nSQ {top of a sequence} ' in written
    assert "highest of touching honours" not in written


def test_autoplay_of_its_own_output_gives_the_same_file(tmp_path: Path) -> None:
    """A lesson's leads (ABS2-2: SQ, HK, C5, HA, explained in its commentary) are played on, and playing
    the output again keeps every play: the second run wrote other cards."""
    lesson = Path(__file__).parent / "data" / "pbn" / "bridge-wrangler__ABS2-2.pbn"
    out, again = tmp_path / "out.pbn", tmp_path / "again.pbn"
    code, output = run(str(lesson), "-o", str(out), "--seed", "1", "--samples", "1", "--rules-only", "-q")
    assert code == 0, output
    leads = [board.play.cards[0] for board in bt.read(str(out)) if board.play is not None]
    assert [str(card) for card in leads] == ["SQ", "HK", "C5", "HA"]
    code, output = run(str(out), "-o", str(again), "--seed", "2", "--samples", "1", "--rules-only", "-q")
    assert code == 0, output
    # byte for byte but for the heading lines naming the runs' seeds (the second run's after the first's:
    # it stacked above it, so the heading read newest first)
    first, second = out.read_bytes().split(b"\r\n"), again.read_bytes().split(b"\r\n")
    assert [line for line in second if b"autoplay, seed" in line] == \
        [f"% bridgetools {bt.__version__} autoplay, seed {n}".encode() for n in (1, 2)]
    assert [line for line in first if b"autoplay, seed" not in line] == \
        [line for line in second if b"autoplay, seed" not in line]


def test_autoplay_s_seed_line_follows_the_seed_lines_of_the_deal_it_plays(tmp_path: Path) -> None:
    # the file's history reads in the order it was made: deal's seed and condition, then autoplay's seed
    dealt, out = tmp_path / "dealt.pbn", tmp_path / "out.pbn"
    assert CliRunner().invoke(cli, ["deal", "-n", "1", "--seed", "4", "-q", "-o", str(dealt)]).exit_code == 0
    code, output = run(str(dealt), "-o", str(out), "--seed", "7", "--samples", "1", "--rules-only", "-q")
    assert code == 0, output
    lines = out.read_text(encoding="utf-8").splitlines()
    notes = [line for line in lines if line.startswith("% bridgetools")]
    assert [note.split(", ")[0].rsplit(" ", 1)[1] for note in notes] == ["deal", "autoplay"]
