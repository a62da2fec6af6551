"""``bridgetools rubber`` reading hand-record files (the game's ``play --record`` PBN, LIN, JSON) as the deals
of an evening's rubbers, and ``--variant NAME`` scoring rubbers of the variants for two or three players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgetools.bots.variants import ComputerPlayer, play_out
from bridgetools.cli import cli
from bridgetools.rules.variants import Rubber, rules_of

SAMPLES = Path(__file__).parent.parent / "samples"
HONOURS_DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
"""North holds four of the five spade honours (and all four aces)."""
EVENING = ("S:.AKT8762.T6.AQ52 Q842.QJ.AQJ54.64 K76.543.K873.983 AJT953.9.92.KJT7",
           "S:A84.Q8.AQ97.A963 KJ73..T85.KJT742 QT52.AJ76.KJ62.Q 96.KT95432.43.85",
           "S:KT.J98.K984.AK84 AJ542.T43.A32.J5 983.AQ7.QJT76.T6 Q76.K652.5.Q9732")
"""Three deals the game played, with no honours held in the contracts below."""


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def game(number: int, contract: str, declarer: str, result: int | None, deal: str = HONOURS_DEAL,
         players: tuple[str, str, str, str] = ("?", "?", "?", "?")) -> str:
    """One game of PBN as `play --record` writes it (no play section: the result is the Result tag)."""
    tags = [("Board", str(number)), *zip(("North", "East", "South", "West"), players, strict=True),
            ("Dealer", "N"), ("Vulnerable", "None"), ("Deal", deal), ("Declarer", declarer),
            ("Contract", contract)]
    if result is not None:
        tags.append(("Result", str(result)))
    return "".join(f'[{name} "{value}"]\n' for name, value in tags)


def pbn(*games: str) -> str:
    return "% PBN 2.1\n% EXPORT\n" + "\n".join(games)


def evening() -> str:
    return pbn(game(1, "4S", "E", 10, EVENING[0]), game(2, "2C", "N", 6, EVENING[1]),
               game(3, "2NT", "S", 2, EVENING[2]))


def test_a_pbn_of_played_boards_is_scored_as_the_deals_of_a_rubber(tmp_path: Path) -> None:
    # 4S by E =: 120 below, game to EW; 2C by N -2, NS not vulnerable: 100; 2NT by S -6: 300; EW's only
    # game of the unfinished rubber: 300 (Law 80). EW 820, NS 0.
    path = tmp_path / "evening.pbn"
    path.write_text(evening())
    code, out, err = run("rubber", str(path))
    assert code == 0 and err == ""
    assert "They win by 820." in out and "300    3  unfinished rubber: game" in out


def test_honours_are_found_in_the_deal_of_a_board(tmp_path: Path) -> None:
    path = tmp_path / "honours.pbn"
    path.write_text(pbn(game(1, "4S", "N", 10)))
    code, out, _ = run("rubber", "--json", str(path))
    entries = json.loads(out)["entries"]
    assert code == 0 and {"deal": 1, "side": "NS", "points": 100, "what": "honours", "below": False,
                          "game": 0} in entries


def test_a_board_without_a_result_is_named_by_its_line_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "unfinished.pbn"
    path.write_text(pbn(game(1, "1NT", "S", 7), game(2, "3NT", "N", None), game(3, "2S", "N", 8)))
    code, out, err = run("rubber", str(path))
    line = path.read_text().splitlines().index('[Board "2"]') + 1
    assert code == 0
    assert err == (f"warning: {path}:{line}: board 2: no result (a contract and declarer's tricks): "
                   "not scored\n")
    assert "2S by N =" in out and "3NT" not in out


def test_a_hand_record_read_from_stdin_is_told_by_its_content() -> None:
    code, out, _ = run("rubber", "-", stdin=pbn(game(1, "4S", "N", 10), game(2, "3NT", "S", 9)))
    assert code == 0 and "rubber bonus (2-0)" in out


def test_the_deal_after_a_finished_rubber_starts_the_next_rubber(tmp_path: Path) -> None:
    path = tmp_path / "two.pbn"
    path.write_text(pbn(game(1, "4S", "N", 10), game(2, "3NT", "S", 9), game(3, "1C", "W", 8)))
    code, out, _ = run("rubber", str(path))
    assert code == 0
    assert "1. players not named (boards 1-2)" in out and "2. players not named (board 3)" in out


def test_players_the_boards_name_get_a_back_score(tmp_path: Path) -> None:
    seated = ("Ann", "Bob", "Cat", "Dan")
    path = tmp_path / "named.pbn"
    path.write_text(pbn(game(1, "4S", "N", 10, players=seated), game(2, "3NT", "S", 9, players=seated)))
    code, out, _ = run("rubber", str(path))
    assert code == 0 and "1. North Ann, East Bob, South Cat, West Dan (boards 1-2)" in out
    assert "rubber 1  Ann & Cat by" in out


def test_a_json_file_of_the_same_boards_scores_the_same(tmp_path: Path) -> None:
    import bridgetools as bt

    path = tmp_path / "evening.pbn"
    path.write_text(evening())
    other = tmp_path / "evening.json"
    other.write_text(bt.dumps(list(bt.read(str(path))), "json"))
    code, out, _ = run("rubber", str(other))
    assert code == 0 and out == run("rubber", str(path))[1] and "They win by 820." in out


def test_a_bare_rubber_line_starts_the_next_rubber_with_the_same_players() -> None:
    log = "rubber N=Ann E=Bob S=Cat W=Dan\n4S N 10\n3NT S 9\nrubber\n1C W 8\n"
    code, out, _ = run("rubber", "-", stdin=log)
    assert code == 0 and "2. North Ann, East Bob, South Cat, West Dan (line 4)" in out


def test_a_deal_after_the_rubber_ends_says_how_to_start_the_next() -> None:
    code, _, err = run("rubber", "-", stdin="4S N 10\n3NT S 9\n1C N 7\n")
    assert code == 1 and "start the next rubber with a line `rubber N=NAME E=NAME S=NAME W=NAME`" in err


def test_a_chicago_back_score_names_each_set_of_four_deals_a_chicago() -> None:
    log = "rubber N=Ann E=Bob S=Cat W=Dan\n4S N 10\nrubber\n3NT E 9\n"
    code, out, _ = run("rubber", "--chicago", "-", stdin=log)
    assert code == 0 and "Chicago 1  Ann & Cat by 420" in out and "rubber 1" not in out


# ---- --variant NAME: rubbers of the variants for two or three players -----------------------------------
def test_a_booby_log_is_scored_player_by_player() -> None:
    # 4H by 1: 120, game 1; honours 100 to player 2; 2S by 2 one down: 50 to players 1 and 3; one nullo
    # by 3: 30; 3NT by 1 (vulnerable): 100, game 2, rubber bonus 700 (no other player has a game).
    code, out, _ = run("rubber", "--variant", "booby", str(SAMPLES / "rubber-booby.txt"))
    assert code == 0 and "the rubber over" in out
    assert out.strip().splitlines()[-1].split() == ["970", "100", "80", "total"]


def logged(rubber: Rubber) -> str:
    """The log a scorer writes of a rubber played by the library: contract, player, tricks, honours."""
    lines = []
    for deal in rubber.deals:
        result = deal.result
        assert result is not None
        if result.contract is None:
            lines.append("Pass")
            continue
        honours = ",".join(f"{e.player + 1}:{e.points}" for e in result.entries if e.item == "honours")
        lines.append(f"{result.contract} {result.declarer + 1} {result.tricks}"  # type: ignore[operator]
                     + (f" honours={honours}" if honours else ""))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", ["booby", "nullo", "chinese", "konstam"])
def test_a_logged_rubber_scores_as_the_library_scored_it_played(name: str) -> None:
    rules = rules_of(name)
    rubber = Rubber(name)
    players = [ComputerPlayer(7 + p, samples=0) for p in range(rules.players)]
    while not rubber.is_over:
        rubber.record(play_out(rubber.new_deal(7000 + len(rubber.deals)), players))
    code, out, err = run("rubber", "--variant", name, "--json", "-", stdin=logged(rubber))
    assert code == 0, err
    assert json.loads(out)["rubbers"] == [rubber.sheet()]


def test_a_sholem_log_is_refused_saying_what_a_line_cannot_give() -> None:
    code, _, err = run("rubber", "--variant", "sholem", "-", stdin="2H 1 8\n")
    assert code == 1 and "long suits" in err and "bridgetools play --variant sholem" in err


def test_a_variant_with_chicago_is_a_usage_error() -> None:
    code, _, err = run("rubber", "--variant", "booby", "--chicago", "-", stdin="4H 1 10\n")
    assert code == 2 and "--variant booby scores a rubber of booby" in err


def test_a_variant_declarer_beyond_its_players_names_the_column() -> None:
    code, _, err = run("rubber", "--variant", "nullo", "-", stdin="4H 1 10\n2S 3 8\n")
    assert code == 1 and err.strip() == "Error: -:2:4: expected a player 1-2 of Nullo (two players), not '3'"


def test_the_tables_record_of_variant_rubbers_is_scored(tmp_path: Path) -> None:
    rubber = Rubber("konstam", ["You", "Computer"])
    players = [ComputerPlayer(3 + p, samples=0) for p in range(2)]
    while not rubber.is_over:
        rubber.record(play_out(rubber.new_deal(300 + len(rubber.deals)), players))
    deals = [d.to_json() for d in rubber.deals]
    record = {"rubbers": [{"id": "1", "variant": "konstam", "seed": 3, "deals": deals,
                           "sheet": rubber.sheet(), "over": True}]}
    path = tmp_path / "konstam.json"
    path.write_text(json.dumps(record))
    code, out, _ = run("rubber", "--json", str(path))
    assert code == 0 and json.loads(out)["rubbers"] == [rubber.sheet()]


def test_a_variant_rubber_line_names_its_players_and_a_bare_one_keeps_them() -> None:
    log = 'rubber 1=Ann 2="Bob Hall"\n4H 1 10\n3NT 1 9\nrubber\n1S 2 7\n'
    code, out, _ = run("rubber", "--variant", "konstam", "-", stdin=log)
    assert code == 0
    assert "1. Bridge for two (Konstam), Ann, Bob Hall: 2 deals, the rubber over" in out
    assert "2. Bridge for two (Konstam), Ann, Bob Hall: 1 deal, the rubber unfinished" in out


def test_a_variant_rubber_left_unfinished_scores_law_80_credits_as_a_rubber_of_bridge() -> None:
    # 4S made by the first player: game; 2H made by the second: a partscore. Bridge's rubber scores 300 for
    # the only game and 100 (50 in older codes) for the only partscore; so does a variant's.
    bridge = run("rubber", "-", stdin="4S N 10\n2H E 8\n")[1].strip().splitlines()
    variant = run("rubber", "--variant", "nullo", "-", stdin="4S 1 10\n2H 2 8\n")[1].strip().splitlines()
    assert bridge[-2].split()[:2] == variant[-1].split()[:2] == ["420", "160"]
    assert "the rubber unfinished (Law 80 credits included)" in variant[0]
    old_code = run("rubber", "--variant", "nullo", "--unfinished-partscore", "50", "-",
                   stdin="4S 1 10\n2H 2 8\n")
    assert old_code[1].strip().splitlines()[-1].split()[:2] == ["420", "110"]


def rubber_left_with_game_and_partscore() -> Rubber:
    """A Nullo rubber the computers played until a player has a game and one a partscore in the next."""
    rubber = Rubber("nullo")
    players = [ComputerPlayer(p, samples=0) for p in range(2)]
    while not (any(rubber.won) and rubber.games[-1]):
        rubber.record(play_out(rubber.new_deal(len(rubber.deals)), players))
    return rubber


def test_a_rubber_record_left_in_an_older_code_is_scored_with_its_credit_unless_another_is_asked() -> None:
    rubber = rubber_left_with_game_and_partscore()
    asked = rubber.left_here(100).sheet()
    rubber.leave_unfinished(partscore=50)
    record = json.dumps(rubber.to_json())
    code, out, _ = run("rubber", "--json", "-", stdin=record)
    assert code == 0 and json.loads(out)["rubbers"] == [rubber.sheet()]
    code, out, _ = run("rubber", "--json", "--unfinished-partscore", "100", "-", stdin=record)
    assert code == 0 and json.loads(out)["rubbers"] == [asked]


def test_a_record_of_rubbers_nested_too_deeply_is_bad_json_at_its_place(tmp_path: Path) -> None:
    # `rubber deep.json` said "unexpected error (RecursionError)"
    path = tmp_path / "deep.json"
    path.write_text('{"rubbers": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    code, _, err = run("rubber", str(path))
    assert code == 1
    assert "deep.json:1:112: " in err and "nested too deeply" in err
