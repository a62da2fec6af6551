"""docs/analysis.md documents every column of the three tables exactly as the schemas define them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgetools.analysis.schema import BOARD_COLUMNS, CALL_COLUMNS, PLAY_COLUMNS, Column, type_name

DOC = (Path(__file__).parents[1] / "docs" / "analysis.md").read_text(encoding="utf-8")


def documented(table: str) -> list[tuple[str, str, str]]:
    """The rows of the column table under ``### `table` `` in docs/analysis.md."""
    section = DOC.split(f"### `{table}`", 1)[1].split("\n#", 1)[0]
    return re.findall(r"^\| `([a-z_0-9]+)` \| ([^|]+) \| (.+) \|$", section, re.M)


@pytest.mark.parametrize(("table", "columns"), [
    ("boards", BOARD_COLUMNS), ("calls", CALL_COLUMNS), ("plays", PLAY_COLUMNS),
])
def test_every_column_is_documented_with_its_type_and_description(
        table: str, columns: tuple[Column, ...]) -> None:
    assert documented(table) == [(c.name, type_name(c.type), c.doc) for c in columns]


def test_the_boards_table_has_the_columns_the_issue_asks_for() -> None:
    names = {c.name for c in BOARD_COLUMNS}
    asked = {"event", "site", "date", "board", "room", "dealer", "vulnerable", "deal", "hcp_n", "hcp_e",
             "hcp_s", "hcp_w", "shape_n", "contract", "level", "strain", "doubled", "declarer", "tricks",
             "result", "score_ns", "file_score_ns", "lead", "n_calls", "player_n", "par_ns", "dd_n_nt"}
    assert asked <= names


def documented_metadata() -> set[str]:
    """The metadata keys docs/analysis.md's Metadata section lists as written (before what ``metadata=``
    adds)."""
    section = DOC.split("### Metadata", 1)[1].split("\n#", 1)[0].split("whatever `metadata=` adds", 1)[0]
    return set(re.findall(r"`(bridgetools\.[a-z_]+)`", section))


def test_every_metadata_key_an_export_writes_is_documented(tmp_path: Path) -> None:
    # `bridgetools.inputs`, the number of input files, was written but not listed.
    import pyarrow.parquet as pq

    from bridgetools.analysis.pipeline import export_files

    sample = Path(__file__).parents[1] / "samples" / "club_night.pbn"
    paths = {name: tmp_path / f"club.{name}parquet" for name in ("", "calls.", "plays.")}
    export_files([str(sample)], paths[""], calls_path=paths["calls."], plays_path=paths["plays."])
    for path in paths.values():
        written = {key.decode() for key in pq.read_schema(path).metadata}
        assert written == documented_metadata()
