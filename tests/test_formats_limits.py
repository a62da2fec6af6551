"""The file readers and writers stay readable: no function over 50 lines (issue 8). The functions
still over the limit are named here, so that none is added and each one split comes off the list."""

from __future__ import annotations

import ast
from pathlib import Path

FORMATS = Path(__file__).resolve().parents[1] / "bridgetools" / "formats"
READER_MODULES = sorted(FORMATS.glob("*.py"))
"""Every module of the formats: the readers and writers of each format and what they share."""
MAX_LINES = 50

STILL_TO_SPLIT: set[str] = set()
"""Functions over the limit today, to be split into named steps."""


def long_functions() -> dict[str, int]:
    """``module:function`` -> its length in lines, for every function of the reader modules over the limit."""
    found: dict[str, int] = {}
    for path in READER_MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                length = node.end_lineno - node.lineno + 1
                if length > MAX_LINES:
                    found[f"{path.name}:{node.name}"] = length
    return found


def test_the_reader_modules_are_found() -> None:
    names = {p.name for p in READER_MODULES}
    assert {"pbn.py", "pbn_read.py", "lin.py", "jsonfmt.py"} <= names


def test_no_new_reader_function_is_over_fifty_lines() -> None:
    over = {name: n for name, n in long_functions().items() if name not in STILL_TO_SPLIT}
    assert over == {}, f"split these into named steps (at most {MAX_LINES} lines each): {over}"


def test_a_function_split_comes_off_the_list() -> None:
    stale = STILL_TO_SPLIT - set(long_functions())
    assert stale == set(), f"now within {MAX_LINES} lines: take them off STILL_TO_SPLIT: {stale}"
