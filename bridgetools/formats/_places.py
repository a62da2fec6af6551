"""The places a comment can stand in a board, shared by the commentary finder and the writers that place
comments (kept apart so that a writer's codes and `_commentary`, which reads each format's record, do not
import each other).

A place is ``("call", i)``: after call ``i`` (``-1``: before the first call), ``("card", j)``: after the
``j``-th card played (``-1``: before the opening lead), `BEFORE`: before the board, `HEADING`: with its
heading, before the auction, `AFTER_PLAY`: after the play and its claim, or None: the board's, not tied
to a call or card (after its play).
"""

from __future__ import annotations

Place = tuple[str, int] | None

BEFORE: Place = ("board", -1)
"""Before the board: before its tags in PBN, before its first pair in LIN."""

HEADING: Place = ("board", 0)
"""With the board's heading, before its auction: after a tag in PBN, among the pairs before the first call
in LIN (after ``md``, before ``sv``), where BBO shows it before the auction."""

AFTER_PLAY: Place = ("board", 1)
"""After the play and its claim: after the Play section's end ``*`` in PBN, after ``mc`` in LIN."""

__all__ = ["AFTER_PLAY", "BEFORE", "HEADING", "Place"]
