"""docs/bidding.md is generated from the rule tables and kept up to date."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _render() -> str:
    """docs/bidding.md as scripts/bidding_doc.py writes it from the tables now."""
    spec = importlib.util.spec_from_file_location("bidding_doc", ROOT / "scripts" / "bidding_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text: str = module.render()
    return text


def test_docs_bidding_md_is_what_the_tables_generate() -> None:
    assert (ROOT / "docs" / "bidding.md").read_text(encoding="utf-8") == _render(), \
        "docs/bidding.md is out of date: run python scripts/bidding_doc.py"


def test_docs_bidding_md_says_a_single_value_once_and_one_ace_singular() -> None:
    """A range of one value reads "8 HCP", not "8-8 HCP"; one ace is "1 ace"."""
    text = _render()
    assert not re.search(r"\b(\d+)-\1 (HCP|points|dummy points)\b", text)
    assert not re.search(r"(?<!or )\b1 aces\b", text)
    assert "quantitative, five hearts (invitational): 16 HCP, 5 H" in text


def test_docs_bidding_md_says_a_least_count_of_losers_as_the_bidder_explains_it() -> None:
    """A rule asking for 7 losers or more (a minimum declining) reads "7+ losers", as its explanation
    does, not "at most 13 losers"."""
    text = _render()
    assert "| `1N p 2D P 2H P 3H P` | `P` | declines the invitation: 15 HCP, 7+ losers |" in text
    assert not re.search(r"at most 1[2-9] losers", text)


def test_docs_bidding_md_names_the_2h_reply_where_openers_4s_over_3nt_applies() -> None:
    """Opener's "four spades as well" over Stayman's 3NT applies after his 2H alone, as the row now says:
    it read `2M`, as if opener's 2S could hold four spades as well."""
    text = _render()
    assert "| `1N p 2C P 2H P 3N P` | `4S` | four spades as well" in text
    assert "| `1N p 2C P 2M P 3N P` | `4S` |" not in text


def test_docs_bidding_md_says_a_fact_once_in_a_row() -> None:
    """No row says "balanced" after a label that says it, nor the HCP range its label names: "balanced,
    18-19: 18-19 HCP, balanced, stopper in y" is "balanced, 18-19: stopper in y"."""
    text = _render()
    assert "balanced, 18-19: 18-19 HCP" not in text
    assert not re.search(r"\| balanced[^|]*: [^|]*\bbalanced\b", text)
