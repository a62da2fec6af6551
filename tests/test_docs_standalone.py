"""The docs stand alone: every path they point at with ``../`` is a file of the repository itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RELATIVE = re.compile(r"(?:\.\./)+[\w.-][\w./-]*")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_relative_path_in_the_docs_is_inside_the_repository(page: Path) -> None:
    for found in RELATIVE.findall(page.read_text(encoding="utf-8")):
        target = (page.parent / found.rstrip(".")).resolve()
        assert target.is_relative_to(ROOT) and target.exists(), f"{page.name} points at {found}"
