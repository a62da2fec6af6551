"""BridgeComposer's per-board ``BCFlags`` tag: which parts of a board its handout shows (a hex bitmask).

`print` honours the bits the hand-record notes name (diagram, auction, play, results, commentary, the
three that hide the board number, dealer and vulnerability, and the page break): the command's options
say what to print, and a board's flags may leave parts of it out. A board without the tag, or with one
that is not hex, prints as the options say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PLAY = 0x01
RESULTS = 0x02
FINAL_COMMENTARY = 0x04
DIAGRAM = 0x08
AUCTION = 0x10
EVENT_COMMENTARY = 0x20
DIAGRAM_COMMENTARY = 0x40
AUCTION_COMMENTARY = 0x80
COMMENTARY = FINAL_COMMENTARY | EVENT_COMMENTARY | DIAGRAM_COMMENTARY | AUCTION_COMMENTARY
HIDE_BOARD = 0x100000
HIDE_DEALER = 0x200000
HIDE_VULNERABILITY = 0x400000
PAGE_BREAK = 0x04000000


@dataclass(frozen=True)
class Shown:
    """What a board's flags let a handout print (everything, for a board without them)."""

    diagram: bool = True
    auction: bool = True
    play: bool = True
    result: bool = True
    commentary: bool = True
    board: bool = True
    dealer: bool = True
    vulnerability: bool = True
    page_break: bool = False
    """Start a new page before this board."""

    @property
    def hidden_labels(self) -> frozenset[str]:
        """Which of ``board``, ``dealer`` and ``vulnerability`` the board's heading leaves out."""
        shown = {"board": self.board, "dealer": self.dealer, "vulnerability": self.vulnerability}
        return frozenset(name for name, here in shown.items() if not here)


def shown_by(flags: str | None) -> Shown:
    """The parts ``flags`` (a ``BCFlags`` tag's value, e.g. ``1f``) lets a handout print."""
    if flags is None or not re.fullmatch(r"\s*[0-9A-Fa-f]{1,8}\s*", flags):
        return Shown()
    bits = int(flags, 16)
    return Shown(
        diagram=bool(bits & DIAGRAM),
        auction=bool(bits & AUCTION),
        play=bool(bits & PLAY),
        result=bool(bits & RESULTS),
        commentary=bool(bits & COMMENTARY),
        board=not bits & HIDE_BOARD,
        dealer=not bits & HIDE_DEALER,
        vulnerability=not bits & HIDE_VULNERABILITY,
        page_break=bool(bits & PAGE_BREAK),
    )


__all__ = ["Shown", "shown_by"]
