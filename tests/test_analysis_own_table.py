"""The board's own table among its ScoreTable rows: the row naming the board's players (a pair plays a board
once), whatever result each gives; result equality only where no row names them."""

from __future__ import annotations

import bridgetools as bt
from bridgetools.formats import loads

HEAD = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AQT8.KQ8753.86.8 K72.A942.KQ3.AQ2 J95.JT.AT2.T9654 643.6.J9754.KJ73"]
[North "N2"]
[South "S2"]
[East "E2"]
[West "W2"]
[Contract "4H"]
[Declarer "N"]
[Result "{tricks}"]
[ScoreTable "PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result;Score_NS"]
"""
TIE = HEAD.format(tricks=10) + """1 11 "N1;S1" "E1;W1" 4H N 10 420
2 12 "N2;S2" "E2;W2" 4H N 10 420
3 13 "N3;S3" "E3;W3" 3NT E 9 -400
"""
STALE = HEAD.format(tricks=9) + """1 11 "N1;S1" "E1;W1" 3NT E 9 -400
2 12 "N2;S2" "E2;W2" 4H N 10 420
3 13 "N3;S3" "E3;W3" 4S N 10 420
"""


def _pairs(text: str) -> list[tuple[str, str, str, int]]:
    frame = bt.to_dataframe(loads(text, "pbn"))
    return [(row.source, row.player_n, row.player_e, int(row.tricks)) for row in frame.itertuples()]


def test_a_result_tied_at_another_table_is_the_own_table_of_the_pair_the_board_names() -> None:
    # Pair 1's row, first with the same result, was taken for the board's: pair 2 twice, pair 1 gone.
    pairs = _pairs(TIE)
    assert sorted(name for _, name, _, _ in pairs) == ["N1", "N2", "N3"]
    assert pairs[0][:2] == ("table", "N2")


def test_the_row_naming_the_boards_players_is_its_own_table_though_its_result_differs() -> None:
    # A Result tag left behind when the table's tricks were corrected made a fourth table never played.
    frame = bt.to_dataframe(loads(STALE, "pbn"))
    assert len(frame) == 3
    own = frame.iloc[0]
    assert (own.source, own.player_n, int(own.tricks), int(own.score_ns)) == ("table", "N2", 10, 420)
    assert set(frame.field_size.astype(int)) == {3}


def test_the_reader_says_at_the_own_tables_result_cell_that_the_board_gives_another() -> None:
    (board,) = loads(STALE, "pbn")
    (issue,) = [i for i in board.issues if "own table" in i.message]
    assert (issue.line, issue.column) == (14, STALE.splitlines()[13].index("10") + 1)
    assert issue.message.startswith("ScoreTable row 2: Result 10 (4H by N, 10 tricks) names the board's "
                                    "players")
    assert "the board gives 4H by N, 9 tricks" in issue.message


def test_a_json_result_naming_the_boards_players_with_another_result_is_said_at_its_tricks() -> None:
    # The JSON editing workflow: tricks corrected in the result, the board's own left as they were.
    text = ('{"boards": [{"number": 1, "contract": "4H", "declarer": "N", "tricks": 9,\n'
            '"players": {"N": "Ann", "S": "Bob"}, "results": [\n'
            '{"contract": "4H", "declarer": "N", "tricks": 10, "ns_names": ["Ann", "Bob"]}]}]}')
    (board,) = loads(text, "json")
    (issue,) = board.issues
    assert (issue.line, issue.column) == (3, text.splitlines()[2].index("10") + 1)
    assert issue.message.startswith("results: result 1: tricks 10 (4H by N, 10 tricks) names the board's")



def test_a_row_repeating_the_boards_result_with_its_tricks_unsaid_leaves_the_boards_tricks() -> None:
    text = TIE.replace('1 11 "N1;S1" "E1;W1" 4H N 10 420\n', '1 11 "N1;S1" "E1;W1" 4H N ? 420\n')
    text = text.replace('2 12 "N2;S2" "E2;W2" 4H N 10 420\n', "")
    text = text.replace('[North "N2"]\n[South "S2"]\n[East "E2"]\n[West "W2"]\n', "")
    frame = bt.to_dataframe(loads(text, "pbn"))
    assert [(row.source, row.player_n, int(row.tricks)) for row in frame.itertuples()] == [
        ("table", "N1", 10), ("score_table", "N3", 9)]
