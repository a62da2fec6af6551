"""Counts in messages, in good English: ``1 board``, ``2 boards`` (one helper for every message)."""

from __future__ import annotations


def plural(n: int, noun: str, nouns: str | None = None, thousands: bool = False) -> str:
    """``n`` with ``noun``, or its plural ``nouns`` (default noun + s) unless ``n`` is 1; ``thousands``
    writes large counts as ``12,345``."""
    count = f"{n:,}" if thousands else str(n)
    return f"{count} {noun if n == 1 else nouns or noun + 's'}"
