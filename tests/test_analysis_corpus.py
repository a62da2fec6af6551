"""Every board of the real-world corpus (tests/data) exports, scores by the Laws, and comes back."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

import bridgetools as bt
from bridgetools.analysis.schema import BOARD_COLUMNS, DD_COLUMNS
from bridgetools.board import Board
from bridgetools.scoring import ns_score

DATA = Path(__file__).parent / "data"
FILES = sorted([*DATA.glob("pbn/*.pbn"), *DATA.glob("lin/*.lin")])

KEPT = ("number", "dealer", "vulnerability", "deal", "auction", "play", "contract", "declarer", "tricks",
        "players", "event", "site", "date", "room", "scoring", "notes", "commentary", "tables", "tags",
        "extra")
"""What `read_parquet` gives back of a board (an empty tag as unknown: `as_exported`), the format's record
(``extra``: where each comment stood, PBN's ``%`` lines, LIN's pairs) with the rest."""

Exported = dict[Path, tuple[list[Board], Path]]
"""Each corpus file's boards, and the Parquet file they were exported to."""


def own_rows(target: Path, columns: list[str] | None = None) -> list[dict[str, object]]:
    """The rows of the boards themselves (``source`` 'table'), one per board in file order."""
    table = pq.read_table(target, columns=None if columns is None else ["source", *columns])
    return table.filter(pc.equal(pc.cast(table.column("source"), "string"), "table")).to_pylist()


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Exported:
    out = tmp_path_factory.mktemp("corpus")
    done = {}
    for i, path in enumerate(FILES):
        boards = list(bt.read(path))
        target = out / f"{i}.parquet"
        bt.to_parquet(boards, target)
        done[path] = (boards, target)
    return done


def test_the_corpus_is_there() -> None:
    assert len(list(DATA.glob("pbn/*.pbn"))) >= 13


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_board_exports_one_row_of_its_own(path: Path, exported: Exported) -> None:
    boards, target = exported[path]
    table = pq.read_table(target)
    assert table.schema.names == [c.name for c in BOARD_COLUMNS]
    own = own_rows(target)
    assert [row["board"] for row in own] == [b.number for b in boards]
    assert [row["deal"] for row in own] == [None if b.deal is None else b.deal.to_pbn() for b in boards]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_score_ns_agrees_with_the_scoring_rules(path: Path,
                                                exported: Exported) -> None:
    boards, target = exported[path]
    for board, row in zip(boards, own_rows(target), strict=True):
        scorable = board.contract is not None and (board.contract.is_passed_out or (
            board.declarer is not None and board.tricks is not None and board.vulnerability is not None))
        if not scorable:
            assert row["score_ns"] is None
            continue
        expected = ns_score(board.contract, board.declarer, board.tricks or 0,  # type: ignore[arg-type]
                            board.vulnerability or bt.Vul.NONE)
        assert row["score_ns"] == expected, (board.number, str(board.contract))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_read_parquet_gives_back_the_same_boards(path: Path,
                                                 exported: Exported) -> None:
    boards, target = exported[path]
    back = list(bt.read_parquet(target))
    assert len(back) == len(boards)
    for original, copy in zip(boards, back, strict=True):
        for name in KEPT:
            assert getattr(copy, name) == as_exported(name, getattr(original, name)), (original.number, name)


def as_exported(name: str, value: object) -> object:
    """A board's value as the export keeps it: an empty tag (``[Event ""]``, ``[North ""]``) means unknown."""
    from bridgetools.analysis.extract import TEXT_TAGS, known_text

    if name in TEXT_TAGS and isinstance(value, str):
        return known_text(value)
    if name == "players" and isinstance(value, dict):
        return {seat: player for seat, player in value.items() if known_text(player) is not None}
    return value


def test_double_dummy_tricks_match_the_files_tag(exported: Exported) -> None:
    checked = 0
    for boards, target in exported.values():
        for board, row in zip(boards, own_rows(target, list(DD_COLUMNS)), strict=True):
            digits = board.tags.get("DoubleDummyTricks")
            if digits:
                assert [row[c] for c in DD_COLUMNS] == [int(d, 16) for d in digits]
                checked += 1
    assert checked >= 5


COMMENTED = [DATA / "pbn" / "pbn__Schiphol.pbn", DATA / "pbn" / "bridge-wrangler__ABS2-2.pbn",
             DATA / "lin" / "bridge-bots__usbf_sf_14502.lin"]
"""Files whose comments stand among the calls and cards, or before the auction (a diagram, a lesson's text,
the vugraph's chat), and a BridgeComposer file of ``%`` lines."""


def written(boards: list[Board], fmt: str) -> list[str]:
    """The lines ``fmt``'s writer makes of ``boards``, less the PBN tags (an empty tag is exported as
    unknown, and written back ``"?"``: `as_exported`)."""
    out = io.StringIO()
    with warnings.catch_warnings():  # what the target format cannot hold, named alike for both
        warnings.simplefilter("ignore")
        bt.write(boards, out, fmt)
    return [line for line in out.getvalue().splitlines() if not line.startswith("[")]


@pytest.mark.parametrize("path", COMMENTED, ids=lambda p: p.name)
@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_each_comment_is_written_in_its_place_from_the_boards_read_back(path: Path, fmt: str,
                                                                        exported: Exported) -> None:
    boards, target = exported[path]
    assert written(list(bt.read_parquet(target)), fmt) == written(boards, fmt)


def test_the_pbn_escape_lines_are_written_from_the_boards_read_back(exported: Exported) -> None:
    boards, target = exported[DATA / "pbn" / "bridge-wrangler__ABS2-2.pbn"]
    escapes = [line for line in written(boards, "pbn") if line.startswith("%")]
    assert len(escapes) > 3  # more than the heading the writer writes anew
    assert [line for line in written(list(bt.read_parquet(target)), "pbn") if line.startswith("%")] == escapes
