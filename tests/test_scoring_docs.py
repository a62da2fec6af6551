"""The scoring docs and docstrings show what the code does: their examples run as doctests."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

DOC = Path(__file__).parent.parent / "docs" / "scoring.md"
MODULES = ["duplicate", "imps", "field", "rubber", "log", "backscore", "victory"]


@pytest.mark.parametrize("name", MODULES)
def test_scoring_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(f"bridgetools.scoring.{name}")
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0


def test_docs_scoring_examples_hold() -> None:
    failed, tried = doctest.testfile(str(DOC), module_relative=False)
    assert failed == 0 and tried > 0
