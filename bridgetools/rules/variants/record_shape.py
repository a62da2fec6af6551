"""What a record of variant rubbers holds, from its JSON value alone (the table's ``--record FILE.json``, or
one rubber's record as ``GET /api/games/{id}/record`` downloads it): every reader of hand records names
such a file by its rubbers and deals rather than as JSON with no boards (`bridgetools.formats`)."""

from __future__ import annotations

from typing import Any

from bridgetools._words import plural
from bridgetools.errors import BridgeError


def rubbers_of(data: object) -> dict[str, Any] | None:
    """``data`` (a JSON value) as a record of rubbers (an object with a "rubbers" list and no "boards"),
    or one rubber's record (``{"variant", "deals": [...]}``) as a record of that rubber alone; None when it
    is neither (a hand record in JSON, say)."""
    if not isinstance(data, dict) or "boards" in data:
        return None
    if "rubbers" not in data and isinstance(data.get("variant"), str) and isinstance(data.get("deals"), list):
        return {"rubbers": [data]}
    return data if isinstance(data.get("rubbers"), list) else None


def rubber_variants_of(data: object) -> list[tuple[str, int]] | None:
    """Each rubber of the record ``data`` (`rubbers_of`) as (its variant's title, its deals), or None when
    ``data`` is no such record."""
    from bridgetools.rules.variants.rules import rules_of

    record = rubbers_of(data)
    if record is None:
        return None
    found = []
    for rubber in record["rubbers"]:
        deals = rubber.get("deals") if isinstance(rubber, dict) else None
        name = rubber.get("variant") if isinstance(rubber, dict) else None
        try:
            title = rules_of(name).title if isinstance(name, str) else "an unnamed variant"
        except BridgeError:
            title = f"the variant {name!r}"
        found.append((title, len(deals) if isinstance(deals, list) else 0))
    return found


def rubbers_named(rubbers: list[tuple[str, int]]) -> str:
    """What a record of rubbers holds, as a command refusing it says so: ``rubber 1, deals 1-9: deals of
    Booby (three players), no boards of bridge`` (as many deals as `validate` counts)."""
    deals = sum(n for _, n in rubbers)
    if not deals:  # an empty list of rubbers names no variant
        return "a record of variant rubbers with no deals, no boards of bridge"
    where = (f"rubber 1, {_deals_numbered(deals)}" if len(rubbers) == 1
             else f"{plural(len(rubbers), 'rubber')}, {plural(deals, 'deal')}")
    titles = " and ".join(dict.fromkeys(title for title, _ in rubbers))
    return f"{where}: deals of {titles}, no boards of bridge"


def _deals_numbered(deals: int) -> str:
    """``deal 1`` or ``deals 1-9``, as a one-rubber record's deals (never none: `rubbers_named`) are named."""
    return "deal 1" if deals == 1 else f"deals 1-{deals}"
