"""Which ScoreTable row is the board's own table, and which section a row naming none was played in: a pair
plays a board once, each named seat is one player, and a Section written on some rows only is the board's."""

from __future__ import annotations

import bridgetools as bt
from bridgetools.formats import loads

HEAD = """[Board "1"]
[North "{n}"]
[South "{s}"]
[East "{e}"]
[West "{w}"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.QJT9 8765.T987.A76.AK 43.654.5432.8765"]
[Declarer "N"]
[Contract "4S"]
[Result "{tricks}"]
"""
BOARD = HEAD.format(n="Smith", s="Jones", e="Lee", w="Wong", tricks=10)
SECTIONS = BOARD + """[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Names_NS;\
Names_EW"]
- 1 1 4S N 10 420 "Smith - Jones" "Lee - Wong"
A 2 2 4S N 11 450 "A - B" "C - D"
{third} 3 3 3NT S 9 400 "E - F" "G - H"
"""
NAMES = """[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Names_NS;Names_EW"]
"""


def _frame(text: str) -> list[tuple[str, object, str, int, int]]:
    frame = bt.to_dataframe(loads(text, "pbn"))
    return [(row.source, row.section if isinstance(row.section, str) else None, row.player_n, int(row.tricks),
             int(row.field_size)) for row in frame.itertuples()]


def _issues(text: str) -> list[tuple[int, int, str]]:
    (board,) = loads(text, "pbn")
    return [(issue.line, issue.column, issue.message) for issue in board.issues]


def test_a_row_naming_no_section_is_in_the_one_section_the_others_name() -> None:
    # Pair 1 (section null) was a field of its own, pairs 2 and 3 a field of 2.
    rows = _frame(SECTIONS.format(third="A"))
    assert {(section, size) for _, section, _, _, size in rows} == {("A", 3)}


def test_rows_naming_no_section_among_two_sections_make_the_board_one_field_and_are_said() -> None:
    text = SECTIONS.format(third="B")
    assert {(section, size) for _, section, _, _, size in _frame(text)} == {(None, 3)}
    ((line, column, message),) = _issues(text)
    assert (line, column) == (13, 1)
    assert message.startswith("ScoreTable row 1: Section - names no section while other rows name A, B")


def test_two_seats_of_one_name_are_not_a_pair_naming_that_player_once() -> None:
    # N and S both Smith fitted "Smith - Jones": another pair's 3NT became the board's own table.
    text = HEAD.format(n="Smith", s="Smith", e="?", w="?", tricks=11) + NAMES + """\
1 1 3NT S 9 400 "Smith - Jones" "Lee - Wong"
2 2 4S N 10 420 "Smith - Smith" "C - D"
3 3 4S N 10 420 "E - F" "G - H"
"""
    rows = _frame(text)
    assert rows[0][:4] == ("table", None, "Smith", 10)
    assert sorted((player, tricks) for _, _, player, tricks, _ in rows) == [("E", 10), ("Smith", 9),
                                                                             ("Smith", 10)]


def test_several_rows_naming_the_boards_player_none_with_its_result_leave_it_to_the_result() -> None:
    text = HEAD.format(n="Smith", s="?", e="?", w="?", tricks=10) + NAMES + """\
1 1 3NT S 9 400 "Smith - Jones" "Lee - Wong"
2 2 4S N 11 450 "Smith - Brown" "C - D"
3 3 4S N 10 420 "E - F" "G - H"
"""
    # Row 1, the first naming Smith, was taken for the board's own table with its 3NT.
    rows = _frame(text)
    assert rows[0][2:4] == ("Smith", 10)
    assert sorted(tricks for _, _, _, tricks, _ in rows) == [9, 10, 10, 11]
    assert [message[:40] for _, _, message in _issues(text)] == ["ScoreTable row 2: Names_NS 'Smith - Brow"]


def test_a_row_naming_the_boards_pairs_with_sides_swapped_is_its_own_table() -> None:
    # The result-equality fallback took pair 2's row, and Smith - Jones were counted twice.
    text = BOARD + NAMES + """2 2 4S N 10 420 "A - B" "C - D"
5 1 4S N 10 420 "Lee - Wong" "Smith - Jones"
3 3 3NT S 9 400 "E - F" "G - H"
"""
    rows = _frame(text)
    assert sorted(player for _, _, player, _, _ in rows) == ["A", "E", "Smith"]
    ((line, column, message),) = _issues(text)
    assert (line, column) == (14, 17)
    own = bt.to_dataframe(loads(text, "pbn")).iloc[0]
    assert (own.player_n, own.ns_pair, own.ew_pair) == ("Smith", "1", "5")
    assert "the sides are swapped in the row" in message


def test_a_row_naming_another_pair_is_never_the_boards_own_table_by_its_result() -> None:
    text = HEAD.format(n="Smith", s="Jones", e="Lee", w="Wong", tricks=10) + NAMES + """\
2 2 4S N 10 420 "A - B" "C - D"
3 3 3NT S 9 400 "E - F" "G - H"
"""
    assert sorted(player for _, _, player, _, _ in _frame(text)) == ["A", "E", "Smith"]


def test_a_pair_with_two_rows_on_a_board_is_said_at_the_second() -> None:
    text = BOARD + NAMES + """1 1 4S N 11 450 "Smith - Jones" "Lee - Wong"
2 2 4S N 10 420 "Smith - Jones" "X - Y"
"""
    ((line, column, message),) = [issue for issue in _issues(text) if "names the pair" in issue[2]]
    assert (line, column) == (14, 17)
    assert message.startswith("ScoreTable row 2: Names_NS 'Smith - Jones' names the pair of row 1: a pair "
                              "plays a board once")
