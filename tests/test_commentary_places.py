"""Each format's record places its own comments; the shared finder asks whichever record the board has,
knowing no format itself, so a comment keeps its place from one format to another."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from bridgetools.board import Board
from bridgetools.formats import loads
from bridgetools.formats._commentary import commentary_places
from bridgetools.formats._places import BEFORE, HEADING, Place

COMMENTED_PBN = """{Before the board}
[Event "Club pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KJ3.T98.432 JT9.AQ2.AKQ.AKQJ 8765.T987.J76.T9 43.654.5432.8765"]
{With the heading}
[Auction "N"]
1S {A light opening} Pass 2S Pass
Pass Pass
"""

FORMAT_NAME = re.compile(r"(?i:(?<![a-z])(pbn|lin)(?![a-z]))|Pbn|Lin(?=[A-Z])")
"""PBN's or LIN's name in an identifier or string: ``"pbn"``, ``_pbn_places``, ``LinRecord``."""


@dataclasses.dataclass(frozen=True)
class _PlacesAll:
    """A record of some format the finder has never heard of, placing every comment at one place."""

    place: Place

    def comment_places(self, board: Board) -> list[Place] | None:
        return [self.place] * len(board.commentary)


def test_a_pbn_record_places_its_comments_before_the_board_with_the_heading_and_after_a_call() -> None:
    (board,) = loads(COMMENTED_PBN, "pbn")
    assert board.extra["pbn"].comment_places(board) == [BEFORE, HEADING, ("call", 0)]


def test_a_pbn_record_places_nothing_once_the_commentary_was_edited() -> None:
    (board,) = loads(COMMENTED_PBN, "pbn")
    board.commentary[2] = "A sound opening"
    assert board.extra["pbn"].comment_places(board) is None


def test_a_writer_of_another_format_takes_the_places_the_pbn_record_gives() -> None:
    (board,) = loads(COMMENTED_PBN, "pbn")
    assert commentary_places(board, besides="lin") == [BEFORE, HEADING, ("call", 0)]


def test_the_pbn_writer_does_not_take_the_places_of_its_own_record() -> None:
    (board,) = loads(COMMENTED_PBN, "pbn")
    assert commentary_places(board, besides="pbn") == [None, None, None]


def test_the_finder_asks_the_record_of_any_format_that_places_its_comments() -> None:
    (board,) = loads(COMMENTED_PBN, "pbn")
    board.extra = {"another": _PlacesAll(("call", 1))}
    assert commentary_places(board, besides="pbn") == [("call", 1)] * 3


def test_the_shared_finder_names_no_format() -> None:
    """Its code (docstrings aside) holds no PBN or LIN name nor string: each format places its own."""
    source = Path(__file__).parent.parent / "bridgetools" / "formats" / "_commentary.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    words = [node.id if isinstance(node, ast.Name) else node.name if isinstance(node, ast.FunctionDef)
             else node.attr if isinstance(node, ast.Attribute) else str(node.value)
             for node in ast.walk(tree) if id(node) not in docstrings
             and isinstance(node, ast.Name | ast.FunctionDef | ast.Attribute | ast.Constant)]
    assert [w for w in words if FORMAT_NAME.search(w)] == []
