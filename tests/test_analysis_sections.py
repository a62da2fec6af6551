"""Each section is a field of its own (the Laws: a section's pairs are matchpointed among themselves), and
the export says which section each result was played in and by which pairs."""

from __future__ import annotations

import bridgetools as bt
from bridgetools.formats import loads

TWO_SECTIONS = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AQT8.KQ8753.86.8 K72.A942.KQ3.AQ2 J95.JT.AT2.T9654 643.6.J9754.KJ73"]
[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
A 1 2 4H N 10 420 -
A 3 4 3NT E 9 - 400
B 1 2 4H N 9 - 50
B 3 4 4S E 10 - 420
"""


def _rows(text: str) -> list[tuple[str | None, int, float]]:
    frame = bt.to_dataframe(loads(text, "pbn"))
    played = frame[frame.contract.notna()]
    return [(row.section, int(row.field_size), float(row.mp_ns)) for row in played.itertuples()]


def test_the_rows_of_each_section_are_matchpointed_among_themselves() -> None:
    # Matchpointed as one field of four, section B's -50 beat two tables it never met.
    assert _rows(TWO_SECTIONS) == [("A", 2, 2.0), ("A", 2, 0.0), ("B", 2, 2.0), ("B", 2, 0.0)]


def test_a_boards_section_tag_is_the_section_of_its_rows_that_name_none() -> None:
    text = TWO_SECTIONS.replace("Section;", "").replace("\nA ", "\n").replace("\nB ", "\n")
    text = text.replace('[Board "1"]', '[Board "1"]\n[Section "C"]')
    assert {section for section, _, _ in _rows(text)} == {"C"}


def test_each_result_has_its_pairs_numbers_and_the_boards_own_row_those_of_its_table() -> None:
    text = TWO_SECTIONS.replace('[Board "1"]', '[Board "1"]\n[Contract "4S"]\n[Declarer "E"]\n[Result "10"]')
    frame = bt.to_dataframe(loads(text, "pbn"))
    assert [(row.source, row.ns_pair, row.ew_pair) for row in frame.itertuples()] == [
        ("table", "3", "4"), ("score_table", "1", "2"), ("score_table", "3", "4"), ("score_table", "1", "2")]


def test_two_sections_whose_names_share_a_crc32_are_two_fields() -> None:
    # Told apart by the CRC-32 of their names, 'tNXiGIdL' and 'Y9ehY8mR' (one CRC-32) were one field of four.
    text = TWO_SECTIONS.replace("\nA ", "\ntNXiGIdL ").replace("\nB ", "\nY9ehY8mR ")
    assert [(size, mp) for _, size, mp in _rows(text)] == [(2, 2.0), (2, 0.0), (2, 2.0), (2, 0.0)]


def test_a_sections_name_is_one_field_across_the_parts_of_an_export() -> None:
    from bridgetools.analysis.extract import board_arrays
    from bridgetools.analysis.field import FieldInputs

    swapped = TWO_SECTIONS.replace("\nA ", "\nC ").replace("\nB ", "\nA ").replace("\nC ", "\nB ")
    parts = [FieldInputs.of(board_arrays(loads(text, "pbn")), first) for first, text in
             enumerate((TWO_SECTIONS, swapped))]  # B is the second part's first section
    joined = FieldInputs.joined(parts)
    assert joined.section_names == ("A", "B")
    assert joined.sections.tolist() == [0, 1, 1, 2, 2, 0, 2, 2, 1, 1]
