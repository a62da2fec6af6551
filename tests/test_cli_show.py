"""``bridgetools show``: a deal string, a handviewer link or a file's boards, as diagrams."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.cli import cli
from bridgetools.formats import handviewer, lin
from bridgetools.formats.text import KEPT_MARKED

DATA = Path(__file__).parent / "data" / "lin"
DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def show(*args: str) -> object:
    return CliRunner().invoke(cli, ["show", *args])


def test_show_a_deal_string_with_hcp() -> None:
    result = show(DEAL, "--suits", "ascii")
    assert result.exit_code == 0
    assert "S AKQ2" in result.output and "N 13" in result.output and "E 23" in result.output


def test_a_deal_string_of_three_hands_gives_the_fourth_the_cards_left() -> None:
    result = show(DEAL.rsplit(" ", 1)[0], "--suits", "ascii")  # West left out
    assert result.exit_code == 0, result.output
    assert "S 543" in result.output and "W  4" in result.output


def test_a_deal_string_with_a_card_left_out_is_shown_with_a_warning() -> None:
    result = show(DEAL[:-1], "--suits", "ascii")  # West's club five left out
    assert result.exit_code == 0
    assert "C 6 " in result.stdout
    assert result.stderr == (
        "warning: Deal: the hands hold different numbers of cards (North 13, East 13, South 13, West 12): "
        "a card left out?\n"
    )


def test_a_lin_md_value_shows_its_deal_and_dealer() -> None:
    result = show("md|3SAKQ2HKJ3DT98C432,S876HT98D765CT987,SJT9HAQ2DKQJCAKQJ|", "--auction", "1C P P P",
                  "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert "Dealer N" in result.output and "S AKQ2" in result.output


def test_show_a_deal_in_unicode_when_asked() -> None:
    result = show(DEAL, "--suits", "unicode")
    assert "♠ AKQ2" in result.output


def test_show_auto_suits_are_ascii_when_the_output_is_not_utf8() -> None:
    # CliRunner's output stream does not declare UTF-8.
    result = CliRunner(charset="latin-1").invoke(cli, ["show", DEAL])
    assert result.exit_code == 0 and "♠" not in result.output


def test_show_a_file_gives_auction_with_alerts_and_play_by_trick() -> None:
    result = show(str(DATA / "bridge-bots__usbf_sf_14502.lin"), "--board", "46", "--suits", "ascii")
    assert result.exit_code == 0
    assert result.output.count("Board 46") == 2  # open and closed room
    assert "3C![1]" in result.output and "[1] jacoby 2N" in result.output
    assert " 1. S C2   W C3   N CA   E CJ   won by N" in result.output
    assert "Claim: declarer takes 10 tricks in all" in result.output


def test_show_a_handviewer_link() -> None:
    (board,) = lin.read_boards((DATA / "bridge-bots__sample.lin").open(), "s")
    result = show(handviewer.to_url(board), "--suits", "ascii")
    assert result.exit_code == 0 and "Board 15" in result.output


def test_show_a_handviewer_link_giving_the_hands_one_by_one() -> None:
    # was `a handviewer link giving a=, b=, d=, e=, n=, s=, v=, w=: only its lin= form ... is read`
    url = ("https://www.bridgebase.com/tools/handviewer.html?n=sakq2hkj3dt98c432&e=sjt9haq2dkqjcakqj"
           "&s=s876ht98d765ct987&w=s543h7654da432c65&d=n&v=b&b=7&a=1sp2cp4sppp")
    result = show(url, "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert "Board 7   Dealer N   Vul All" in result.output and "Contract 4S by N" in result.output


def test_a_handviewer_link_with_a_bad_hand_is_one_line_naming_it() -> None:
    result = show("https://www.bridgebase.com/tools/handviewer.html?n=sakq2x&d=n")
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1
    assert "handviewer link: n='sakq2x' is not a hand" in result.output


def test_show_a_missing_board_number_is_one_line_and_exit_1() -> None:
    result = show(str(DATA / "bridge-bots__sample.lin"), "--board", "99")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)  # not a crash
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "text",
    [
        "N:AKQ2.KJ3",
        "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.6X",
        "N:AKQ2.KJ3.T98.432 AKQ2.KJ3.T98.432 - -",
        "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T98",
        "md|9SAKQ2|",
        "hello",
        "",
        "https://www.bridgebase.com/tools/handviewer.html?linurl=x",
    ],
)
def test_a_malformed_deal_is_one_line_and_exit_1(text: str) -> None:
    result = show(text)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)  # not a crash
    assert len(result.output.strip().splitlines()) == 1


def test_a_malformed_file_is_never_a_traceback(tmp_path: Path) -> None:
    junk = tmp_path / "junk.lin"
    junk.write_bytes(b"md|9|mb|1S|pc|ZZ|mc|99|\xff\xfe|")
    result = show(str(junk))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code in (0, 1) and "Traceback" not in result.output


QUIZ = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Hidden "NEW"]\n[Deal "{DEAL}"]\n'


def test_a_quiz_board_leaves_blank_the_hands_its_hidden_tag_names(tmp_path: Path) -> None:
    quiz = tmp_path / "quiz.pbn"
    quiz.write_text(QUIZ)
    result = show(str(quiz), "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert "S 876" in result.output and "S  0" in result.output  # South, the student's hand
    assert "AKQ2" not in result.output and "JT9" not in result.output and "543" not in result.output
    assert "N 13" not in result.output and "E 23" not in result.output


def test_show_seats_names_the_hands_shown_whatever_the_hidden_tag(tmp_path: Path) -> None:
    quiz = tmp_path / "quiz.pbn"
    quiz.write_text(QUIZ)
    result = show(str(quiz), "--show", "NESW", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert all(hand in result.output for hand in ("S AKQ2", "S JT9", "S 876", "S 543"))


def test_show_seats_leaves_the_other_hands_of_a_deal_string_blank() -> None:
    result = show(DEAL, "--show", "ns", "--suits", "ascii")
    assert result.exit_code == 0, result.output
    assert "S AKQ2" in result.output and "S 876" in result.output
    assert "JT9" not in result.output and "543" not in result.output


def test_show_seats_must_be_seat_letters() -> None:
    result = show(DEAL, "--show", "NX")
    assert result.exit_code == 2
    assert "expected seat letters" in result.output


def test_show_a_note_holding_a_suit_symbol_on_an_output_without_suit_symbols(tmp_path: Path) -> None:
    path = tmp_path / "note.pbn"
    path.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Auction "N"]\n'
                    '2S =1= Pass Pass Pass\n[Note "1:5 ♠ and 4 ♥"]\n', encoding="utf-8")
    result = CliRunner(charset="cp1252").invoke(cli, ["show", str(path)])
    assert result.exit_code == 0, result.output
    assert "[1] 5 S and 4 H" in result.output


@pytest.mark.parametrize("command", [["show"], ["convert", "-f", "text"]])
def test_a_deal_that_cannot_be_read_is_said_where_its_diagram_would_be(command: list[str],
                                                                        tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"  # the ace of spades in North's hand and West's
    source.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                      '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 A43.7654.A432.65"]\n',
                      encoding="ascii")
    result = CliRunner().invoke(cli, [*command, str(source)])
    assert result.exit_code == 0, result.output
    where = f"{source}:4:8: card SA is in two hands"
    assert f"Board 1   Dealer N   Vul None\n\nDeal not read: {where}" in result.stdout


def test_show_says_a_hand_not_read_once_in_the_diagram_not_again_on_stderr(tmp_path: Path) -> None:
    source = tmp_path / "bad.lin"  # South's spades AKQZ; the auction's 9S is a second problem
    source.write_text("md|3SAKQZHKJ3DT98C432,S543H7654DA432C65,SJT9HAQ2DKQJCAKQJ|ah|Board 1|sv|o|"
                      "mb|p|mb|p|mb|p|mb|p|pg||\n", encoding="ascii")
    result = show(str(source))
    assert result.exit_code == 1, result.output  # shown; the input has a problem of syntax
    assert f"Hand not read: {source}:1:9: bad spades of South" in result.stdout
    assert "bad spades" not in result.stderr


def test_dd_of_a_deal_that_cannot_be_read_says_so_not_that_a_hand_was_not_given(tmp_path: Path) -> None:
    pytest.importorskip("endplay")
    source = tmp_path / "bad.pbn"
    source.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                      '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 A43.7654.A432.65"]\n\n'
                      '[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
                      '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.6Z"]\n\n'
                      '[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
                      '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n',
                      encoding="ascii")
    result = CliRunner().invoke(cli, ["dd", str(source), "-j", "1"])
    assert result.exit_code == 1, result.output  # shown; the input has a problem of syntax
    assert f"{source}:4:8: card SA is in two hands" in result.stderr
    assert f"{source}:9:76: bad clubs" in result.stderr
    assert f"{source}: board 1: no full deal to solve (its deal could not be read)" in result.stderr
    assert f"{source}: board 2: no full deal to solve (a hand could not be read)" in result.stderr


def test_a_lin_deal_that_cannot_be_read_is_said_where_its_diagram_would_be(tmp_path: Path) -> None:
    source = tmp_path / "bad.lin"  # the ace of spades in South's hand and West's
    source.write_text("md|3SAKQ2HKJ3DT98C432,SA43H7654DA432C65,SJT9HAQ2DKQJCAKQJ|ah|Board 1|sv|o|pg||\n",
                      encoding="ascii")
    result = show(str(source))
    assert result.exit_code == 0, result.output
    assert f"Deal not read: {source}:1:" in result.stdout


def test_a_lin_hand_that_cannot_be_read_is_said_below_the_diagram_of_the_others(tmp_path: Path) -> None:
    source = tmp_path / "bad.lin"  # South's spades AKQZ
    source.write_text("md|3SAKQZHKJ3DT98C432,S543H7654DA432C65,SJT9HAQ2DKQJCAKQJ|ah|Board 1|sv|o|pg||\n",
                      encoding="ascii")
    result = show(str(source))
    assert result.exit_code == 1, result.output  # shown; the input has a problem of syntax
    diagram, said = result.stdout.split("Hand not read: ")
    assert "♠ 543" in diagram and "♠ JT9" in diagram  # West and North as read
    assert said.startswith(f"{source}:1:9: bad spades of South in 'AKQZ'")  # at the Z


def test_a_pbn_hand_that_cannot_be_read_is_said_below_the_diagram_of_the_others(tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"  # North's clubs 43Z
    source.write_text('[Board "1"]\n[Dealer "N"]\n'
                      '[Deal "N:AKQ2.KJ3.T98.43Z JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"]\n',
                      encoding="ascii")
    result = show(str(source))
    assert result.exit_code == 1, result.output  # shown; the input has a problem of syntax
    diagram, said = result.stdout.split("Hand not read: ")
    assert "♠ JT9" in diagram and "♠ 876" in diagram and "♠ 543" in diagram  # East, South, West as read
    assert said.startswith(f"{source}:3:25: bad clubs of North's hand in ")  # at the Z



SAMPLE = Path(__file__).parent.parent / "samples" / "club_night.pbn"
TEXT_COMMANDS = [["show", DEAL], ["deal", "-n", "1", "--seed", "1", "--format", "text"],
                 ["convert", str(SAMPLE), "-f", "text"]]


def in_a_locale(env: dict[str, str]) -> dict[str, str]:
    """This process's environment, its locale settings ``env``'s alone."""
    settings = ("LC_", "LANG", "PYTHONUTF8", "PYTHONIOENCODING")
    return {k: v for k, v in os.environ.items() if not k.startswith(settings)} | env


def run_in_a_locale(command: list[str], env: dict[str, str]) -> str:
    """``bridgetools COMMAND`` in a process of its own whose locale is ``env``'s alone (stdout a pipe)."""
    done = subprocess.run([sys.executable, "-m", "bridgetools", *command], capture_output=True,
                          env=in_a_locale(env), check=True)
    return done.stdout.decode("utf-8")


def run_on_a_terminal(command: list[str], env: dict[str, str]) -> str:
    """``bridgetools COMMAND`` in a process of its own whose locale is ``env``'s alone and whose stdout
    is a terminal (a pseudo-terminal), what it showed there."""
    import pty
    ours, theirs = pty.openpty()
    with subprocess.Popen([sys.executable, "-m", "bridgetools", *command], stdout=theirs,
                          env=in_a_locale(env)) as process:
        os.close(theirs)
        shown = b""
        try:
            while chunk := os.read(ours, 4096):
                shown += chunk
        except OSError:  # the terminal's other end closed: all was read
            pass
        os.close(ours)
    assert process.returncode == 0
    return shown.decode("utf-8").replace("\r\n", "\n")


@pytest.mark.parametrize("command", TEXT_COMMANDS)
@pytest.mark.parametrize("env", [{"LANG": "C"}, {"LC_ALL": "C"}, {"LC_ALL": "POSIX"}, {}])
def test_diagrams_on_a_c_locale_terminal_take_suit_letters(command: list[str], env: dict[str, str]) -> None:
    # Python writes UTF-8 in the C locale (PEP 538, 540), but a terminal set to C shows ASCII alone.
    text = run_on_a_terminal(command, env)
    assert "\nS " in text.replace("  ", "") and "♠" not in text


@pytest.mark.parametrize("command", TEXT_COMMANDS)
def test_suits_unicode_on_a_c_locale_terminal_shows_the_symbols_asked_for(command: list[str]) -> None:
    # `LC_ALL=C bridgetools show DEAL --suits unicode` printed letters: the locale's fallback won over the
    # option the README says chooses
    text = run_on_a_terminal([*command, "--suits", "unicode"], {"LC_ALL": "C"})
    assert "\n♠ " in text.replace("  ", "") and "\nS " not in text.replace("  ", "")


def test_suits_unicode_on_an_output_that_cannot_hold_them_says_so_in_one_line() -> None:
    done = run_with_stdout_encoding(["show", DEAL, "--suits", "unicode"], "ascii")
    assert done.returncode == 0
    assert done.stderr.decode() == ("warning: --suits unicode: the output's encoding (ascii) cannot hold the "
                                    "suit symbols; the letters S H D C are shown\n")
    assert "\nS " in done.stdout.decode().replace("  ", "")


@pytest.mark.parametrize("command", [*TEXT_COMMANDS, ["dd", DEAL]])
def test_suits_unicode_on_an_output_that_cannot_hold_them_says_nothing_under_q(command: list[str]) -> None:
    # -q is no warnings on stderr: the --suits unicode warning came through it
    if command[0] == "dd":
        pytest.importorskip("endplay")
    done = run_with_stdout_encoding([*command, "--suits", "unicode", "-q"], "ascii")
    assert done.returncode == 0 and done.stderr.decode() == ""
    assert "\nS " in done.stdout.decode().replace("  ", "")


EVENT_WITH_A_SUIT = ["deal", "-n", "1", "--seed", "3", "--event", "Café ♠ x", "--format", "text"]


@pytest.mark.parametrize("env", [{"LANG": "C"}, {"LC_ALL": "C"}])
def test_in_the_c_locale_text_sent_to_a_file_or_pipe_is_written_as_it_is(env: dict[str, str]) -> None:
    # `> x.txt` under cron or Docker: the event's é and ♠ are the user's text, not folded to ASCII
    assert run_in_a_locale(EVENT_WITH_A_SUIT, env).startswith("Café ♠ x\n")


@pytest.mark.parametrize("env", [{"LANG": "C"}, {"LC_ALL": "C"}])
def test_in_the_c_locale_a_file_or_pipe_takes_suit_symbols_in_diagrams_as_in_the_event(
        env: dict[str, str]) -> None:
    # one rule for one output: the diagrams took letters while the event above them kept its ♠
    text = run_in_a_locale(EVENT_WITH_A_SUIT, env)
    assert text.startswith("Café ♠ x\n") and "\n♠ " in text.replace("  ", "")


def test_in_the_c_locale_a_terminal_shows_suit_symbols_as_letters_and_the_rest_as_it_is() -> None:
    text = run_on_a_terminal(EVENT_WITH_A_SUIT, {"LC_ALL": "C"})
    assert text.startswith("Café S x\n") and "\nS " in text.replace("  ", "") and "♠" not in text


@pytest.mark.parametrize("env", [{"LANG": "C"}, {"LC_ALL": "C"}])
def test_in_the_c_locale_a_file_name_is_named_exactly(tmp_path: Path, env: dict[str, str]) -> None:
    (tmp_path / "été.pbn").write_text('[Board "1"]\n[Dealer "Q"]\n', "utf-8")
    done = subprocess.run([sys.executable, "-m", "bridgetools", "validate", "été.pbn"], capture_output=True,
                          env=in_a_locale(env), cwd=tmp_path)
    assert done.stdout.decode("utf-8").startswith("été.pbn:2:")


@pytest.mark.parametrize("command", TEXT_COMMANDS)
@pytest.mark.parametrize("env", [{"LANG": "C.UTF-8"}, {"LANG": "C", "PYTHONIOENCODING": "utf-8"},
                                 {"LANG": "C", "PYTHONUTF8": "1"}])
def test_diagrams_in_a_utf8_locale_or_asked_for_utf8_take_suit_symbols(command: list[str],
                                                                       env: dict[str, str]) -> None:
    assert "♠ " in run_in_a_locale(command, env)


def test_show_names_the_room_only_in_a_team_match(tmp_path: Path) -> None:
    deal = "md|3S48JH25TQD235C679,S36TH468KAD4TC45Q,S257QAH9DJQKC8JKA,|"
    myhands = tmp_path / "myhands.lin"
    myhands.write_text(f"qx|o1|{deal}ah|Board 1|pg||\nqx|o2|{deal}ah|Board 2|pg||\n")
    out = CliRunner().invoke(cli, ["show", str(myhands)]).output
    assert "Board 1   Dealer" in out and "room" not in out
    match = tmp_path / "match.lin"
    match.write_text(f"qx|o1|{deal}ah|Board 1|pg||\nqx|c1|{deal}ah|Board 1|pg||\n")
    out = CliRunner().invoke(cli, ["show", str(match)]).output
    assert "Board 1 (open room)" in out and "Board 1 (closed room)" in out


@pytest.mark.parametrize("command", [c for c in TEXT_COMMANDS if c[0] != "show"])  # show has no -o
@pytest.mark.parametrize("output", ["/dev/stdout", "/dev/fd/1"])
def test_an_output_naming_stdout_takes_suit_letters_in_the_c_locale_as_stdout_does(command: list[str],
                                                                                   output: str) -> None:
    on_a_terminal = run_on_a_terminal([*command, "-o", output], {"LC_ALL": "C"})
    assert "\nS " in on_a_terminal.replace("  ", "") and "♠" not in on_a_terminal
    in_a_pipe = run_in_a_locale([*command, "-o", output], {"LC_ALL": "C"})
    assert "\n♠ " in in_a_pipe.replace("  ", "")


def test_an_output_naming_stdout_is_written_in_stdout_s_encoding(tmp_path: Path) -> None:
    source = tmp_path / "names.pbn"
    source.write_text(f'[Board "1"]\n[North "André"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n',
                      encoding="utf-8")
    done = run_with_stdout_encoding(["convert", str(source), "-o", "/dev/stdout"], "latin-1")
    assert done.returncode == 0, done.stderr
    assert b'[North "Andr\xe9"]' in done.stdout


@pytest.mark.parametrize("output", ["/dev/stderr", "/dev/fd/2"])
def test_an_output_naming_stderr_is_written_in_stderr_s_encoding(tmp_path: Path, output: str) -> None:
    """``-o /dev/stderr`` was written as a UTF-8 file (``Andr\\303\\251`` on a Latin-1 stderr): it is
    written as stderr is, as ``-o /dev/stdout`` is written as stdout is."""
    source = tmp_path / "names.pbn"
    source.write_text(f'[Board "1"]\n[North "André"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n',
                      encoding="utf-8")
    done = run_with_stdout_encoding(["convert", str(source), "-o", output], "latin-1")
    assert done.returncode == 0 and done.stdout == b"", done.stderr
    assert b'[North "Andr\xe9"]' in done.stderr and b"charset=ISO-8859-1" in done.stderr


@pytest.mark.parametrize("command", [c for c in TEXT_COMMANDS if c[0] != "show"])
def test_an_output_naming_stderr_takes_suit_letters_in_the_c_locale(command: list[str]) -> None:
    settings = ("LC_", "LANG", "PYTHONUTF8", "PYTHONIOENCODING")
    env = {k: v for k, v in os.environ.items() if not k.startswith(settings)}
    done = subprocess.run([sys.executable, "-m", "bridgetools", *command, "-o", "/dev/stderr"],
                          capture_output=True, env={**env, "LC_ALL": "C"}, check=True)
    text = done.stderr.decode("utf-8")
    assert "\nS " in text.replace("  ", "") and "♠" not in text


def run_with_stdout_encoding(command: list[str], encoding: str) -> subprocess.CompletedProcess[bytes]:
    """``bridgetools COMMAND`` in a process of its own whose stdout's encoding is ``encoding``."""
    settings = ("LC_", "LANG", "PYTHONUTF8", "PYTHONIOENCODING")
    env = {k: v for k, v in os.environ.items() if not k.startswith(settings)}
    return subprocess.run([sys.executable, "-m", "bridgetools", *command], capture_output=True,
                          env={**env, "LANG": "C.UTF-8", "PYTHONIOENCODING": encoding})


EVENT_IN_FULL = "Coupe de Genève – “open” 2024"


@pytest.mark.parametrize(("encoding", "shown"), [("ascii", 'Coupe de Geneve - "open" 2024'),
                                                  ("latin-1", 'Coupe de Genève - "open" 2024'),
                                                  ("utf-8", EVENT_IN_FULL)])
def test_show_substitutes_what_stdout_s_encoding_cannot_hold(tmp_path: Path, encoding: str,
                                                             shown: str) -> None:
    source = tmp_path / "event.pbn"
    source.write_text(f'[Event "{EVENT_IN_FULL}"]\n[Board "1"]\n[North "André"]\n[Dealer "N"]\n'
                      f'[Vulnerable "None"]\n[Deal "{DEAL}"]\n', encoding="utf-8")
    done = run_with_stdout_encoding(["show", str(source)], encoding)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)  # bytes of stdout's own encoding, none of another
    assert text.startswith(f"{shown}\n") and "André"[:4] in text


def test_validate_lines_substitute_what_stdout_s_encoding_cannot_hold(tmp_path: Path) -> None:
    source = tmp_path / "Genève – club.pbn"
    source.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Result "1x"]\n',
                      encoding="utf-8")
    done = run_with_stdout_encoding(["validate", str(source)], "ascii")
    assert done.returncode == 1, done.stderr
    assert f"{tmp_path}/Geneve - club.pbn:5:".encode() in done.stdout


def test_show_names_the_rooms_of_a_named_match_without_room_tags_as_print_does(tmp_path: Path) -> None:
    board = ('[Event "Semi-final"]\n[Board "1"]\n[HomeTeam "{home}"]\n[VisitTeam "{visitors}"]\n'
             '[Dealer "N"]\n[Vulnerable "None"]\n'
             '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQ5 8765.T98.765.T98 43.7654.A432.J76"]\n')
    match = tmp_path / "match.pbn"
    match.write_text("\n".join([board.format(home="Nickell", visitors="Fleisher")] * 2))
    out = CliRunner().invoke(cli, ["show", str(match)]).output
    assert "Board 1 (open room)" in out and "Board 1 (closed room)" in out
    two = tmp_path / "two.pbn"
    two.write_text("\n".join([board.format(home="Nickell", visitors="Fleisher"),
                              board.format(home="Diamond", visitors="Monaco")]))
    assert "room" not in CliRunner().invoke(cli, ["show", str(two)]).output


def test_show_board_draws_the_bar_of_the_bytes_read_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """show --board N reads the whole file to show one board: on a terminal a bar shows the reading, its
    line cleared before the board is shown, which is the same as without it."""
    from test_cli_convert import as_a_terminal

    source = str(DATA / "bridge-bots__usbf_sf_14502.lin")
    plain = show(source, "--board", "46", "--suits", "ascii")
    as_a_terminal(monkeypatch)
    drawn = show(source, "--board", "46", "--suits", "ascii")
    assert drawn.exit_code == 0 and drawn.stdout == plain.stdout  # type: ignore[attr-defined]
    assert "Reading" in drawn.stderr and "100%" in drawn.stderr  # type: ignore[attr-defined]
    quiet = show(source, "--board", "46", "--suits", "ascii", "-q")
    assert "Reading" not in quiet.stderr  # type: ignore[attr-defined]


@pytest.mark.parametrize("record", ['{"rubbers": []}', '{"variant": "booby", "deals": []}'])
def test_show_of_a_record_of_rubbers_not_named_json_says_what_it_is(tmp_path: Path, record: str) -> None:
    # `show booby.txt` said "cannot tell the format ...; name it with --from": its name tells nothing.
    path = tmp_path / "booby.txt"
    path.write_text(record, encoding="utf-8")
    result = CliRunner().invoke(cli, ["show", str(path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"Error: {path}: a record of variant rubbers with no deals, no boards of bridge: show has nothing to"
        " lay out (bridgetools validate checks it)"]


def test_a_lin_board_with_an_unreadable_call_shows_it_and_the_calls_kept_after_it(tmp_path: Path) -> None:
    """The warning says the calls from the unreadable one on are kept as written: show prints them, in
    their turns, the unreadable one as written and marked ``?``, with what the mark means."""
    lines = (DATA / "endplay__example1.lin").read_text("utf-8").splitlines()
    path = tmp_path / "zz.lin"
    path.write_text(lines[3].replace("mb|1H|", "mb|zz|", 1) + "\n", "utf-8")  # South's 1H
    result = show(str(path), "--suits", "ascii")
    assert result.exit_code == 1, result.output  # shown; the input has a problem of syntax
    table = "Pass    Pass    Pass    zz?[1]\nPass    2H[2]   Pass    4H[3]\nPass    Pass    Pass\n"
    assert table in result.stdout
    assert KEPT_MARKED in result.stdout and "..." not in result.stdout


def test_a_board_asked_for_is_shown_with_its_own_reading_problems_not_the_whole_files(tmp_path: Path) -> None:
    # as `dd --board` says them: neither another board's problems nor text that is no board
    path = tmp_path / "two.pbn"
    deal = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
    path.write_text("".join(
        f"[Board \"{n}\"]\n[Dealer \"N\"]\n[Vulnerable \"{vul}\"]\n[Deal \"{deal}\"]\n\n"
        for n, vul in ((1, "Sideways"), (2, "Upside"))) + '[Event "cut sho', encoding="utf-8")
    asked = show(str(path), "--board", "2")
    assert asked.exit_code == 1, asked.output  # its own Vulnerable 'Upside': syntax
    assert "'Upside'" in asked.stderr
    assert "'Sideways'" not in asked.stderr and "not closed" not in asked.stderr
    every = show(str(path))
    assert "'Upside'" in every.stderr and "'Sideways'" in every.stderr and "not closed" in every.stderr


@pytest.mark.parametrize("command", ["show", "dd"])
def test_a_typed_deal_with_a_fourteen_card_hand_is_one_error_and_no_uneven_hands_message(
        command: str) -> None:
    # The readers tell a hand refused for too many cards once, not again as uneven hands (`uneven_hands`'s
    # refused); show and dd refuse the deal string there, before their own uneven-hands check.
    if command == "dd":
        pytest.importorskip("endplay")
    fourteen = "N:AKQ2.KJ3.T98.4327 JT9.AQ2.KQJ.AKQJ 876.T98.765.T98 543.7654.A432.65"
    result = CliRunner().invoke(cli, [command, fourteen, "--suits", "ascii"])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "North's hand has 14 cards" in result.output
    assert "different numbers of cards" not in result.output


@pytest.mark.parametrize("fmt", ["bri", "dge"])
def test_a_board_past_one_not_found_in_a_file_numbered_by_place_hints_first_board(tmp_path: Path, fmt: str
                                                                                  ) -> None:
    # a trial's `show s2.bri --board 37` (boards 37-72 written as BRI) said only "no board 37 found"
    from random_boards import session

    from bridgetools.formats import dumps

    source = tmp_path / f"s2.{fmt}"
    source.write_bytes(dumps(session(3), fmt).encode("latin-1"))
    result = CliRunner().invoke(cli, ["show", str(source), "--board", "37"])
    assert result.exit_code == 1
    assert (f"no board 37 found ({fmt.upper()} numbers its boards by their place from board 1: a set dealt "
            "from board 37 reads as boards 1, 2 ...; read it with --first-board 37 to number it from 37)"
            ) in result.output


def test_show_names_a_segment_s_unnamed_rooms_in_the_order_its_named_boards_give(tmp_path: Path) -> None:
    """A segment whose first board names the closed room first: `show` named board 2's first table the open
    room while `analyze --by match` (and the export) took it as the closed room; one rule now (the
    segment's)."""
    deal = ('[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQ5 8765.T98.765.T98 43.7654.A432.J76"]\n')
    teams = '[Event "Cup"]\n[HomeTeam "Lions"]\n[VisitTeam "Tigers"]\n'
    match = tmp_path / "closed_first.pbn"
    match.write_text(teams + '[Board "1"]\n[Room "Closed"]\n' + deal + "\n" + teams
                     + '[Board "1"]\n[Room "Open"]\n' + deal + ('\n[Board "2"]\n' + deal) * 2)
    out = CliRunner().invoke(cli, ["show", str(match)]).output
    headings = [line for line in out.splitlines() if line.startswith("Board 2 (")]
    assert [line.split(" (")[1].split(")")[0] for line in headings] == ["closed room", "open room"]
