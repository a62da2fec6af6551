"""The Parquet export writes what it wrote before it was made fast: the same schema and the same values,
column by column, for real files (partial deals, passed-out boards, claims, annotations, score tables).

The reference is ``tests/data/export/``: each table's schema and a digest of each column's values, as
written by the export before issue 9 item 21 (main at 9958e05). Made with that code, from the repository
root::

    /path/to/old/checkout/.venv/bin/python tests/test_analysis_export_stable.py --write tests/data/export

A column that differs is named. Changed on purpose since: the small files' ``extra`` (boards) and
``explanation`` (calls) digests, when a PBN Note's one space after the colon became the writers'
separator rather than part of the explanation (``[Note "1: Spades & minor"]`` reads ``Spades & minor``);
and the small files' ``extra`` (boards) and ``alert`` (calls) digests when a PBN note stopped meaning an
alert (the standard has none; the NAG $15 marks one, and bridgetools' own ``Unalerted`` tag is read, not
kept); and the small files' ``event``, ``site``, ``date``, ``scoring`` and ``player_*`` (boards) digests when
an empty tag (``[Event ""]``, BridgeComposer's ``[North ""]``) became null rather than ``''``; and
example3's ``claimed`` (boards) digest when a play cut short by a card that cannot be played (1,102 of its
garbled games, a card in the wrong column or hand) stopped being read as a claim of the Result there
(4dc2393): the Result is kept, the play is no claim. Added since: the boards' ``multiplicity`` column (the
last, so that no column moves; its schema entry and digest only, every other column checked unchanged),
because without it figures recomputed from an export counted a ScoreTable row of several tables once.
And the small files' ``lead`` (boards) digest when a ScoreTable row's ``Lead`` became its row's lead
(pbn/wild/latin1_crlf_score_tables.pbn): the rows' leads had been null. And the boards' ``field_size``
schema entry, int16 -> int32, when a field of over 32,767 tables (Multiplicity) wrapped to a negative count.
Added since: the boards' ``adjusted_pct_ns`` and ``adjusted_pct_ew`` columns (last, after ``multiplicity``;
their schema entries and digests only), when a ScoreTable row's artificial adjusted score (``^60%``) stopped
being left out of the results.
And the boards' ``par_ns`` schema description (its digests unchanged), when the par a file gives was checked
against its double-dummy table and the solver's par taken under ``--verify-dd`` (session 33). And the
boards' 20 ``dd_`` schema descriptions (their digests unchanged), when ``--verify-dd`` wrote the solver's
table over a file's that differs from it, as it did its par (session 33).
And the boards' ``extra`` schema description and digests (small files and example3; every other column
checked unchanged), when ``extra`` began to keep each format's record under ``formats`` (where each comment
stood, PBN's ``%`` lines), which ``read_parquet`` gives back (session 39).
And the boards' ``board`` schema entry, int16 -> int32 (its digests unchanged), when board 40000 was null
without a word (session 46). Added since: the boards' ``section`` column (last, after ``adjusted_pct_ew``;
its schema entry and digest only, every other column checked unchanged), when two sections of a ScoreTable
were matchpointed as one field (session 46); and the ``ns_pair`` and ``ew_pair`` columns after it (their
schema entries and digests only). Added since: the ``file_mp_ns``, ``file_mp_ew``, ``file_pct_ns`` and
``file_pct_ew`` columns after ``ew_pair`` (their schema entries and digests only, every other column checked
unchanged), when a ScoreTable's own MP and Percentage cells were carried to the export (session 47).
And the small files' ``tags`` (boards) digest when a LIN ``vg`` carry-over of 0 became a tag (``"0"``), not
left unsaid: a later segment's carry-over stood for it (session 47).
And example3's ``field_size``, ``mp_ns``, ``pct_ns``, ``ximp_ns``, ``butler_ns`` and ``datum`` (boards)
digests when results naming their teams (``HomeTeam``/``VisitTeam``) but no room were grouped by match
(session 48): its 490 results naming their teams are each a field of its match's two tables, as a team
event scores a board room against room and `print --traveller` IMPs them (292 had been pooled with other
matches' tables of the deal, fields of 4 to 10: Final:5 board 65, -140 against 600, is 12 IMPs, not
cross-IMPs of -7.33 and 11.33 over four tables); every other column checked unchanged. And the boards'
``par_contract`` schema description (small files and example3, its digests unchanged), when it came to
say the format its values have (e32d8d9b, session 48).
Added since: the boards' ``replaced`` column (last, after ``file_pct_ew``; its schema entry and digest only,
every other column checked unchanged), when an export analysed alone counted again the result a later
file's correction replaces, nothing marking it (session 49).
And example3's ``field_size``, ``mp_ns``, ``pct_ns``, ``ximp_ns``, ``butler_ns`` and ``datum`` (boards)
digests when a segment's later results, naming no match of their own, were put in the match its first
game names (session 50): the other 7,142 results are each a field of its match's two tables too, not
pooled with other matches' tables of the deal; every other column checked unchanged.
And example3's ``player_n``, ``player_e``, ``player_s``, ``player_w`` and ``extra`` (boards) digests when a
segment's later results, naming no player, were given the players its first board names in their room (a
board's first table the open room, its second the closed: session 51), marked ``players_from:
segment_room`` in ``extra``; all 7,632 rows checked against an independent reading of the file; every
other column checked unchanged.
Added since: the boards' ``file_score_ew``, ``mp_ew``, ``ximp_ew`` and ``butler_ew`` columns (last, after
``replaced``; their schema entries and digests only, every other column checked unchanged), when East-West
were scored on the negation of a ScoreTable's Score_NS where a director's assigned scores do not balance
(session 51).
And the small files' ``tags`` (boards) digest back to the one before session 47 when a LIN ``vg`` carry-over
of 0 and 0 stopped being a tag (session 51: BBO writes ``0,0`` for none, BridgeData reads it so; a later
segment's carry-over still stands apart, the match identity reading no carry-over as 0 - 0); every other
column checked unchanged.
Added since: the boards' ``score_assigned`` column (last, after ``butler_ew``; its schema entry and digest
only, every other column checked unchanged), when a ScoreTable row giving a contract and a director's
assigned score (``^200``) was ranked on the contract's score (session 51).
And the boards' ``par_contract`` schema description (small files and example3, its digests unchanged), when a
par that passes the deal out became ``Pass``, not null (session 52).
And the boards' ``team_imps`` schema description and digests (small files and example3), when a team
match's segment naming no rooms was scored in the rooms its order gives, as ``analyze --by match`` scores
it, not left null (session 52); every other column checked unchanged.
The small files are exported with ``once=False``: several of tests/data's variants spell one game alike
(pbn/variants/cr_only.pbn and comment_line_between_tags.pbn), results `export` now writes once (session 44).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
from shared_corpus import CORPUS

DATA = Path(__file__).parent / "data"
REFERENCE = DATA / "export"
EXAMPLE3 = CORPUS / "pbn" / "endplay__example3.pbn"
"""endplay's world-championship archive (7,632 games with auctions and play), in the shared corpus
(`shared_corpus`); the tests that need it are skipped where it is not."""
SMALL = ("pbn/*.pbn", "pbn/wild/*.pbn", "pbn/variants/*.pbn", "lin/*.lin", "lin/wild/*.lin",
         "lin/variants/*.lin")
"""The real and made-up files of tests/data, exported together by `export_files` (one session each)."""
VOLATILE = (b"bridgetools.created", b"bridgetools.version", b"bridgetools.numpy_version",
            b"bridgetools.pyarrow_version")
"""Schema metadata that says when and with what the file was written, not what it holds."""
TABLES = ("boards", "calls", "plays")


def small_files() -> list[str]:
    """The small files, relative to tests/data (so that the ``file`` column is the same anywhere)."""
    return sorted(str(p.relative_to(DATA)) for pattern in SMALL for p in DATA.glob(pattern))


def exports(out: Path) -> Iterator[tuple[str, dict[str, Path]]]:
    """Each export the reference covers: a name and its three Parquet files, written into ``out``."""
    import bridgetools as bt
    from bridgetools.analysis.pipeline import export_files

    paths = {name: {table: out / f"{name}.{table}.parquet" for table in TABLES}
             for name in ("small", "example3")}
    here = os.getcwd()
    os.chdir(DATA)
    try:
        small = paths["small"]
        export_files(small_files(), small["boards"], calls_path=small["calls"], plays_path=small["plays"],
                     once=False)
    finally:
        os.chdir(here)
    yield "small", paths["small"]
    if EXAMPLE3.exists():
        whole = paths["example3"]
        bt.to_parquet(list(bt.read(EXAMPLE3)), whole["boards"], calls_path=whole["calls"],
                      plays_path=whole["plays"])
        yield "example3", whole


def digest(values: list[Any]) -> str:
    """A digest of a column's values, as Python values (categories as their names)."""
    return hashlib.sha256(json.dumps(values, default=repr).encode()).hexdigest()


def describe(path: Path) -> dict[str, Any]:
    """What the reference keeps of one Parquet file: its schema (with field metadata) and column digests."""
    table = pq.read_table(path)
    meta = {k.decode(): v.decode() for k, v in (table.schema.metadata or {}).items() if k not in VOLATILE}
    return {
        "rows": table.num_rows,
        "schema": [[f.name, str(f.type), f.nullable, {k.decode(): v.decode()
                                                        for k, v in (f.metadata or {}).items()}]
                   for f in table.schema],
        "metadata": meta,
        "digests": {name: digest(table.column(name).to_pylist()) for name in table.column_names},
    }


def write_reference(folder: Path) -> None:
    """Write the reference for the code that runs this (see the module's docstring)."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, files in exports(Path(tmp)):
            reference = {table: describe(path) for table, path in files.items()}
            (folder / f"{name}.json").write_text(json.dumps(reference, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="write the export's reference (see the docstring)")
    parser.add_argument("--write", type=Path, required=True, metavar="FOLDER")
    write_reference(parser.parse_args().write)
    sys.exit(0)


import pytest  # noqa: E402  (the script above runs without pytest)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Path]]:
    return dict(exports(tmp_path_factory.mktemp("stable")))


def _check(written: dict[str, dict[str, Path]], name: str, table: str) -> None:
    if name not in written:
        pytest.skip(f"{EXAMPLE3} is not there")
    before = json.loads((REFERENCE / f"{name}.json").read_text())[table]
    now = describe(written[name][table])
    assert now["schema"] == before["schema"]
    assert now["metadata"] == before["metadata"]
    assert now["rows"] == before["rows"]
    changed = [column for column, value in now["digests"].items() if before["digests"][column] != value]
    assert not changed, f"{name} {table}: columns {changed} differ from the export before"


@pytest.mark.parametrize("table", TABLES)
def test_the_small_files_export_as_before(written: dict[str, dict[str, Path]], table: str) -> None:
    _check(written, "small", table)


@pytest.mark.parametrize("table", TABLES)
def test_example3_exports_as_before(written: dict[str, dict[str, Path]], table: str) -> None:
    _check(written, "example3", table)


def test_the_small_files_hold_what_the_export_must_keep() -> None:
    """The reference covers the cases the fast path treats apart: passed-out boards, unknown hands,
    claims, call and card annotations, score tables and boards without an auction or a play."""
    import bridgetools as bt

    boards = [b for f in small_files() for b in bt.read(DATA / f)]
    assert any(b.is_passed_out for b in boards)
    assert any(b.deal is not None and None in b.deal.hands for b in boards)
    assert any(b.play is not None and b.play.claimed is not None for b in boards)
    assert any(b.auction is not None and any(b.auction.annotations) for b in boards)
    assert any(b.play is not None and b.play.annotations for b in boards)
    assert any(b.results for b in boards)
    assert any(b.dd_table is not None for b in boards)
    assert any(b.auction is None for b in boards) and any(b.play is None for b in boards)
