"""Double-dummy values a board can carry: the table of tricks per declarer and strain, and par.

They are plain values: a file may give them (PBN ``DoubleDummyTricks``, ``OptimumScore``) or
`bridgetools.dd` may compute them; nothing here knows how.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from bridgetools.errors import BridgeError
from bridgetools.model.calls import Contract
from bridgetools.model.cards import Seat, Strain

TABLE_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
"""The strains in the order hand records print them (notrump first)."""
TABLE_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
"""The declarers in the order hand records print them (North-South first)."""


@dataclass(frozen=True, slots=True)
class DDTable:
    """Tricks declarer takes double dummy, for each of the four declarers and five strains.

    ``table[Seat.S, Strain.H]`` is what South takes as declarer in hearts (East leading).
    Stored as 20 numbers, seat-major in model order (N E S W x C D H S NT).
    """

    tricks: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 20:
            raise BridgeError(f"a double-dummy table has 20 cells, not {len(self.tricks)}")
        if any(not isinstance(t, int) or not 0 <= t <= 13 for t in self.tricks):
            raise BridgeError(f"double-dummy tricks are 0 to 13: {self.tricks}")

    @classmethod
    def from_cells(cls, cells: Mapping[tuple[Seat, Strain], int]) -> DDTable:
        """From a mapping of every (declarer, strain) to tricks."""
        try:
            return cls(tuple(int(cells[seat, strain]) for seat in Seat for strain in Strain))
        except KeyError as e:
            raise BridgeError(f"a double-dummy table needs every declarer and strain ({e} is missing)") \
                from None

    def __getitem__(self, key: tuple[Seat | str | int, Strain | str | int]) -> int:
        seat, strain = key
        return self.tricks[Seat.parse(seat) * 5 + Strain.parse(strain)]

    def cells(self) -> Iterator[tuple[Seat, Strain, int]]:
        """Every (declarer, strain, tricks), in model order."""
        for seat in Seat:
            for strain in Strain:
                yield seat, strain, self.tricks[seat * 5 + strain]

    def rotated(self, steps: int) -> DDTable:
        """The table of the deal turned ``steps`` seats clockwise (North's hand given to East for 1)."""
        return DDTable.from_cells({(seat.offset(steps), strain): t for seat, strain, t in self.cells()})

    def makeable(self) -> dict[tuple[Seat, Strain], int]:
        """The highest level each declarer makes in each strain (0 when not even one)."""
        return {(seat, strain): max(0, t - 6) for seat, strain, t in self.cells()}

    def __str__(self) -> str:
        """As hand records print it: a row per declarer, a column per strain, notrump first."""
        head = "   " + "".join(f"{s.letter if s is not Strain.NT else 'NT':>3}" for s in TABLE_STRAINS)
        rows = [f"{seat.letter:>2} " + "".join(f"{self[seat, s]:>3}" for s in TABLE_STRAINS)
                for seat in TABLE_SEATS]
        return "\n".join([head, *rows])

    def __repr__(self) -> str:
        return f"DDTable({self.tricks!r})"


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: the contract, the seats that can declare it, and the over- or undertricks."""

    contract: Contract
    declarers: tuple[Seat, ...]
    result: int = 0
    """Tricks over the contract (positive) or short of it (negative: a doubled sacrifice)."""

    @property
    def side(self) -> str:
        """``"NS"`` or ``"EW"``: the side that declares."""
        return self.declarers[0].side

    def __str__(self) -> str:
        seats = "".join(s.letter for s in self.declarers)
        result = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.contract}{result} {seats}"


@dataclass(frozen=True, slots=True)
class Par:
    """Par: the score when both sides bid perfectly double dummy, and the contracts that give it.

    ``score`` is North-South's; a passed-out par has score 0 and no contracts.
    """

    score: int
    contracts: tuple[ParContract, ...] = ()

    @classmethod
    def of(cls, score: int, contracts: Iterable[ParContract]) -> Par:
        return cls(score, tuple(contracts))

    def __str__(self) -> str:
        if not self.contracts:
            return "Par 0 (passed out)"
        return f"Par {self.score:+d}: " + ", ".join(str(c) for c in self.contracts)
