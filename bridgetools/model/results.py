"""What a hand record says besides one table's play: double-dummy tricks, par, other tables' results.

Immutable values, as `Board.dd_table`, `Board.par` and `Board.results` give them; no file spellings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from bridgetools.errors import BridgeError
from bridgetools.model.calls import Contract
from bridgetools.model.cards import Card, Seat, Side, Strain


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer and strain: ``table[Seat.N, Strain.NT]`` is how many
    tricks North takes at notrump, or None where the table does not say (a partial table)."""

    tricks: tuple[int | None, ...] = (None,) * 20
    """Twenty counts, declarer by declarer (N, E, S, W), strains C, D, H, S, NT within each."""

    def __post_init__(self) -> None:
        if len(self.tricks) != 20:
            raise BridgeError(
                f"a double-dummy table has 20 entries (4 declarers, 5 strains), not {len(self.tricks)}"
            )
        for count in self.tricks:
            if count is not None and not 0 <= count <= 13:
                raise BridgeError(f"double-dummy tricks are 0 to 13, not {count}")

    @classmethod
    def from_mapping(cls, counts: Mapping[tuple[Seat, Strain], int]) -> DDTable:
        """From ``{(declarer, strain): tricks}``; pairs left out are unknown."""
        tricks: list[int | None] = [None] * 20
        for (seat, strain), count in counts.items():
            tricks[Seat.parse(seat) * 5 + Strain.parse(strain)] = count
        return cls(tuple(tricks))

    def __getitem__(self, key: tuple[Seat, Strain]) -> int | None:
        seat, strain = key
        return self.tricks[Seat.parse(seat) * 5 + Strain.parse(strain)]

    def items(self) -> Iterator[tuple[tuple[Seat, Strain], int]]:
        """The known entries: ``((declarer, strain), tricks)``."""
        for i, count in enumerate(self.tricks):
            if count is not None:
                yield (Seat(i // 5), Strain(i % 5)), count

    @property
    def is_complete(self) -> bool:
        return None not in self.tricks


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: the contract, the seats that may declare it, and over- or undertricks."""

    contract: Contract
    declarers: tuple[Seat, ...]
    result: int = 0

    @property
    def side(self) -> Side | None:
        return self.declarers[0].side if self.declarers else None

    def __str__(self) -> str:
        over = "" if self.result == 0 else f"{self.result:+d}"
        return f"{''.join(s.name for s in self.declarers)} {self.contract}{over}"


@dataclass(frozen=True, slots=True)
class Par:
    """Double-dummy par: North-South's score (None when unknown) and the contracts that reach it."""

    score: int | None
    contracts: tuple[ParContract, ...] = ()


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result of a board (a row of a results table): who sat North-South and East-West,
    the contract, declarer, tricks, opening lead, North-South's score, and the pairs' comparison."""

    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    lead: Card | None = None
    score_ns: int | None = None
    ns_pair: str | None = None
    ew_pair: str | None = None
    ns_names: tuple[str, ...] = ()
    ew_names: tuple[str, ...] = ()
    matchpoints_ns: float | None = None
    matchpoints_ew: float | None = None
    imps_ns: float | None = None
    imps_ew: float | None = None
