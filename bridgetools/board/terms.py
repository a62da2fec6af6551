"""The dealer and vulnerability a board is bid and played at: one rule for the computer (`bid`,
`autoplay`) and the browser table, so a file's unknown (`Board.unknown`) is treated alike everywhere."""

from __future__ import annotations

from dataclasses import dataclass

from bridgetools.board import Board, DerivedName
from bridgetools.model.cards import Seat, Vul

ASSUMED_VULNERABILITY = Vul.NONE
"""The vulnerability a board given as unknown is bid and played at: the quietest, as Law 2's board 1."""

VULNERABILITY_ASSUMED = "vulnerability unknown: bid and played as none vulnerable"
"""What a player is told of a board played at `ASSUMED_VULNERABILITY`."""

NO_DEALER = "dealer unknown and no calls: no one to start the auction"
"""Why a board with no dealer and no calls is not bid by the computer (no dealer is made up for it)."""


@dataclass(frozen=True, slots=True)
class Terms:
    """The dealer and vulnerability to bid and play ``board`` at, and what was assumed to get them."""

    dealer: Seat | None
    """None: no one to start the auction (no dealer known, no calls, and none to assume)."""
    vulnerability: Vul
    assumed: tuple[str, ...]
    """What was assumed, in a player's words (`VULNERABILITY_ASSUMED`): to be said wherever it is played."""
    unknown: frozenset[DerivedName]
    """The facts the file gives as unknown: a record of the play keeps them so (``?``)."""

    @property
    def scored(self) -> bool:
        """Whether the result may be scored: not at an assumed vulnerability (so no Score is written)."""
        return "vulnerability" not in self.unknown


def playing_terms(board: Board, dealer: Seat | None = None) -> Terms:
    """The terms ``board`` is played at: its own; at a vulnerability the file gives as unknown,
    `ASSUMED_VULNERABILITY`, unscored; with no dealer and no calls, ``dealer`` when given (the table,
    which must deal to play at all, says so), else none. The board itself is not changed: its record
    keeps them unknown."""
    assumed: list[str] = []
    unknown = frozenset(name for name in board.unknown if board.is_unknown(name))
    if "vulnerability" in unknown:
        assumed.append(VULNERABILITY_ASSUMED)
    seat = board.dealer  # an auction's first seat when the file gives the dealer as unknown
    if seat is None and dealer is not None:
        seat = dealer
        assumed.append(f"dealer unknown: played with {dealer.full_name} dealing")
    vulnerability = board.vulnerability if board.vulnerability is not None else ASSUMED_VULNERABILITY
    return Terms(seat, vulnerability, tuple(assumed), unknown)
