"""docs/bidding.md is generated from the rule tables and kept up to date."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_docs_bidding_md_is_what_the_tables_generate() -> None:
    spec = importlib.util.spec_from_file_location("bidding_doc", ROOT / "scripts" / "bidding_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (ROOT / "docs" / "bidding.md").read_text(encoding="utf-8") == module.render(), \
        "docs/bidding.md is out of date: run python scripts/bidding_doc.py"
