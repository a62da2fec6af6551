"""Call and card suffixes and the NAGs they stand for (PBN §3.7): one table for the PBN reader and writer,
which write them, and the text diagrams, which show them."""

from __future__ import annotations

SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
"""A call's suffix and its NAG (``!`` a good call $1, ``??`` a blunder $4); a card's are these plus
`CARD_NAG_OFFSET` ($7-$12)."""
CARD_NAG_OFFSET = 6
"""What a card's suffix NAGs add to a call's: a card's ``!`` is $7."""
SUFFIX_OF_NAG = {nag: suffix for suffix, nag in SUFFIX_NAGS.items()}
"""The suffix a call's NAG stands for (`SUFFIX_NAGS` read the other way)."""
