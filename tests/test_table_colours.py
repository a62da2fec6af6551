"""The table page's colours read against what is behind them: the focus ring and a heart on the felt (WCAG
2.2's 3:1 for a focus indicator, 4.5:1 for text), worked out from table.css itself."""

from __future__ import annotations

import re
from pathlib import Path

import bridgetools.table.web as web

CSS = (Path(web.__file__).parent / "static" / "table.css").read_text(encoding="utf-8")
VARIABLES = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", CSS))
FELT = ["#16784a", VARIABLES["felt"], VARIABLES["felt-dark"]]
"""The felt's gradient: its lightest middle, its colour, its dark edge."""
BEHIND_FOCUS = [*FELT, VARIABLES["panel"], "#f6efdc", VARIABLES["card"], "#1d1610"]
"""What a focused control may stand on or be: the felt, a panel, a button, a card, the header."""


def colour(value: str) -> str:
    """A colour of table.css, a variable (``var(--red)``) read."""
    found = re.fullmatch(r"var\(--([\w-]+)\)", value.strip())
    return VARIABLES[found.group(1)] if found else value.strip()


def luminance(hex_colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def rule(selector: str) -> str:
    """The declarations of the rule of ``selector`` in table.css (its first)."""
    found = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert found, selector
    return found.group(1)


def test_the_focus_ring_stands_out_three_to_one_on_the_felt_the_panels_and_the_buttons() -> None:
    focus = rule("button:focus-visible, .card:focus-visible")
    outline = colour(re.search(r"outline:\s*\S+\s+solid\s+([^;]+);", focus).group(1))  # type: ignore[union-attr]
    ring = colour(re.search(r"box-shadow:\s*0 0 0 \S+\s+([^;]+);", focus).group(1))  # type: ignore[union-attr]
    assert contrast(outline, ring) >= 3  # the two rings told apart
    for behind in BEHIND_FOCUS:
        assert max(contrast(outline, behind), contrast(ring, behind)) >= 3, behind


def test_a_heart_on_the_felt_reads_four_and_a_half_to_one() -> None:
    heart = rule("#centre .caption .red-suit")
    shown = colour(re.search(r"(?<![-\w])color:\s*([^;]+);", heart).group(1))  # type: ignore[union-attr]
    chip = re.search(r"background:\s*([^;]+);", heart)
    for behind in [colour(chip.group(1))] if chip else FELT:
        assert contrast(shown, behind) >= 4.5, behind
