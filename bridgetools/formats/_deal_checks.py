"""What a reader says of a deal whose hands hold different numbers of cards, in one place for every format
that gives four hands (PBN's Deal, LIN's md): the same deal gets the same message and level from each."""

from __future__ import annotations

from collections.abc import Iterable


def uneven_deal(lengths: Iterable[int | None], name: str = "Deal") -> tuple[str, str] | None:
    """The message and level for a deal (PBN's Deal, LIN's md: ``name``) whose known hands hold
    different numbers of cards; None when they hold as many. A full hand beside shorter ones is most
    likely a card left out (a warning); with no hand of 13 it is a position part-way through a trick,
    as lessons start (a note)."""
    known = [n for n in lengths if n is not None]
    if len(set(known)) < 2:
        return None
    sizes = ", ".join(map(str, known))
    if max(known) == 13:
        return f"{name}: the hands hold different numbers of cards ({sizes}): a card left out?", "warning"
    return f"{name}: the hands hold different numbers of cards ({sizes}): a trick part-way played", "info"
