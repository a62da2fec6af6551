"""Analysis: boards as pandas DataFrames and Parquet files (explicit schemas), field results, summaries.

pandas and pyarrow are imported here, never by ``import bridgetools``: the top-level names
``bt.to_dataframe``, ``bt.to_parquet`` and ``bt.read_parquet`` load this package on first use.
"""

from bridgetools.analysis.export import (
    ParquetExport,
    calls_dataframe,
    plays_dataframe,
    read_dataframe,
    read_parquet,
    read_table,
    to_dataframe,
    to_parquet,
)
from bridgetools.analysis.match import TeamMatch, render_match, team_match, team_matches
from bridgetools.analysis.pipeline import ExportReport, export_files
from bridgetools.analysis.schema import BOARDS_SCHEMA, CALLS_SCHEMA, PLAYS_SCHEMA

__all__ = [
    "BOARDS_SCHEMA", "CALLS_SCHEMA", "PLAYS_SCHEMA", "ExportReport", "ParquetExport", "TeamMatch",
    "calls_dataframe", "export_files", "plays_dataframe", "read_dataframe", "read_parquet", "read_table",
    "render_match", "team_match", "team_matches", "to_dataframe", "to_parquet",
]
