"""What a hand record says besides one table's play: double-dummy tricks, par, other tables' results.

Immutable values, as `Board.dd_table`, `Board.par` and `Board.results` give them; no file spellings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Self

from bridgetools.errors import BridgeError, BridgeTypeError
from bridgetools.model.calls import Contract
from bridgetools.model.cards import Card, Seat, Side, Strain

TABLE_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
"""The strains in the order hand records print them (notrump first)."""
TABLE_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
"""The declarers in the order hand records print them (North-South first)."""


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer and strain: ``table[Seat.N, Strain.NT]`` is how many
    tricks North takes at notrump, or None where the table does not say (a partial table).

    ``tricks`` holds the twenty counts in model order: declarer by declarer N, E, S, W, and within each
    the strains C, D, H, S, NT (``tricks[seat * 5 + strain]``). That is not the order hand records print
    (the DoubleDummyTricks tag, `__str__` and the export's ``dd_*`` columns: N, S, E, W with NT, S, H, D,
    C); name the counts by `cells` or by ``table[seat, strain]``, not by that order.

    >>> table = DDTable.from_mapping({(Seat.E, Strain.C): 7, (Seat.N, Strain.NT): 9})
    >>> table.tricks.index(9), table.tricks.index(7)   # North's notrump 5th, East's clubs 6th
    (4, 5)
    >>> [f"{seat.letter}_{strain}" for seat, strain, _ in table.cells()][:7]
    ['N_C', 'N_D', 'N_H', 'N_S', 'N_NT', 'E_C', 'E_D']
    """

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

    from_cells = from_mapping

    def __getitem__(self, key: tuple[Seat | str, Strain | str]) -> int | None:
        if not (isinstance(key, tuple) and len(key) == 2):
            raise BridgeTypeError(f"a double-dummy table is indexed by declarer and strain, table['N', 'NT'] "
                                  f"or table[Seat.N, Strain.NT], not {key!r}")
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

    def cells(self) -> Iterator[tuple[Seat, Strain, int | None]]:
        """Every (declarer, strain, tricks), in model order, None where unknown."""
        for i, count in enumerate(self.tricks):
            yield Seat(i // 5), Strain(i % 5), count

    def rotated(self, steps: int) -> DDTable:
        """The table of the deal turned ``steps`` seats clockwise (North's hand given to East for 1)."""
        tricks: list[int | None] = [None] * 20
        for seat, strain, count in self.cells():
            tricks[seat.offset(steps) * 5 + strain] = count
        return DDTable(tuple(tricks))

    def makeable(self) -> dict[tuple[Seat, Strain], int]:
        """The highest level each declarer makes in each strain (0 when not even one), where known."""
        return {(seat, strain): max(0, count - 6)
                for seat, strain, count in self.cells() if count is not None}

    def __str__(self) -> str:
        """As hand records print it: a row per declarer (N S E W), a column per strain, notrump first."""
        head = "   " + "".join(f"{'NT' if s is Strain.NT else s.letter:>3}" for s in TABLE_STRAINS)
        rows = [f"{seat.letter:>2} " + "".join(f"{'-' if (t := self[seat, s]) is None else t:>3}"
                                               for s in TABLE_STRAINS)
                for seat in TABLE_SEATS]
        return "\n".join([head, *rows])


def makeable_text(table: DDTable, unicode: bool = False, nothing: str = "Nothing makes") -> str:
    """The highest level each side makes in each strain, as `dd` and `print --dd` show it: ``NS 4♥; EW 3♣``
    (``N 3♥; S 2♥`` when partners differ; symbols with ``unicode``, else letters: ``NS 4H``), higher
    contracts first (by level, then NT ♠ ♥ ♦ ♣, North-South first at the same contract): the best a side
    can bid is read first. ``nothing`` when no side takes seven tricks anywhere; an unknown cell shows
    nothing."""
    found: list[tuple[int, int, str]] = []
    for side in ((Seat.N, Seat.S), (Seat.E, Seat.W)):
        for strain in TABLE_STRAINS:
            levels = [(table[seat, strain] or 0) - 6 for seat in side]
            shown = [("".join(s.letter for s in side), levels[0])] if levels[0] == levels[1] else \
                [(seat.letter, level) for seat, level in zip(side, levels, strict=True)]
            name = strain.symbol if unicode else strain.letter
            for who, level in shown:
                if level >= 1:
                    found.append((level, int(strain), f"{who} {level}{name}"))
    found.sort(key=lambda f: (-f[0], -f[1]))
    return "; ".join(text for *_, text in found) if found else nothing


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: the contract, the seats that may declare it, and over- or undertricks."""

    contract: Contract
    declarers: tuple[Seat, ...]
    result: int = 0

    @property
    def side(self) -> Side | None:
        return self.declarers[0].side if self.declarers else None

    def text(self, unicode: bool = False) -> str:
        """``NS 4S+1`` (``NS 4♠+1`` with ``unicode``): the seats that may declare, the contract and any over-
        or undertricks, as hand records print it."""
        over = "" if self.result == 0 else f"{self.result:+d}"
        contract = self.contract.unicode() if unicode else str(self.contract)
        return f"{''.join(s.name for s in self.declarers)} {contract}{over}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Par:
    """Double-dummy par: North-South's score (None when unknown) and the contracts that reach it."""

    score: int | None
    contracts: tuple[ParContract, ...] = ()

    def text(self, unicode: bool = False) -> str:
        """``NS 420 (NS 4S)`` (``NS 420 (NS 4♠)`` with ``unicode``): `par_wording` of the score and contracts,
        the one wording of a par that `dd`, `print --dd` and the rest show."""
        return par_wording(self.score, ", ".join(c.text(unicode) for c in self.contracts))

    def __str__(self) -> str:
        return self.text()


def par_wording(ns_score: int | None, contracts: str) -> str:
    """A par as hand records, warnings and `Par` itself word it: the side that scores and what, then the
    contracts: ``NS 420 (NS 4S)``, ``EW 140``, ``0 (passed out)``, ``unknown`` (contracts alone, if any)."""
    if ns_score is None:
        return f"unknown ({contracts})" if contracts else "unknown"
    if not ns_score:
        return "0 (passed out)"
    side, value = ("NS", ns_score) if ns_score > 0 else ("EW", -ns_score)
    return f"{side} {value}" + (f" ({contracts})" if contracts else "")


MOST_TABLES = 1_000
"""The most tables one result is counted for (a ScoreTable row's ``Multiplicity``): more than any session
holds, so a mistyped one (``99999999999``) cannot make the counting take all the memory there is; the
reader reports a larger one at its cell and keeps it as written."""
TOO_MANY_TABLES = (f"more tables than a session holds (a slip?); kept as written, counted as {MOST_TABLES:,} "
                   "tables (the most a row is counted for)")
"""What a reader says of a result's number of tables over `MOST_TABLES` (PBN's Multiplicity, JSON's)."""


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result of a board (a row of a results table): who sat North-South and East-West,
    the contract, declarer, tricks, opening lead, North-South's score, and the pairs' comparison.
    ``multiplicity`` is how many tables had this result (PBN 2.1 §5.9: one row for several tables).
    ``adjusted_pct_ns`` and ``adjusted_pct_ew`` are a director's artificial adjusted score (Law 12C2:
    60 to the side not at fault, 40 to the one at fault, 50 to one partly at fault), a percentage each.
    ``percentage_ns`` and ``percentage_ew`` are each side's score on the board as a percentage of the top
    (the ScoreTable's ``Percentage_NS`` / ``Percentage_EW``); ``adjusted`` says the director assigned the
    score or result (Law 12C1: a ``^`` before it), so that it differs from what the contract scores.
    ``score_ew`` is East-West's own score when the director's assigned scores do not balance (``^-420``
    to North-South with ``^100`` to East-West: Law 12C1, Law 86B); None when it is North-South's negated
    (`east_west_score` gives it either way), so that a balanced score is held once."""

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
    multiplicity: int = 1
    adjusted_pct_ns: float | None = None
    adjusted_pct_ew: float | None = None
    contract_label: str | None = None
    """The results table's contract cell as written when it names no contract (``A+``, ``A``: the label
    of an artificial adjusted score), written back so."""
    percentage_ns: float | None = None
    percentage_ew: float | None = None
    adjusted: bool = False
    score_ew: int | None = None
    tricks_adjusted: bool = False
    """Whether the ``^`` of an ``adjusted`` result was on its Result cell alone (``4S W ^9 50``: the tricks
    the director adjusted or the players agreed, Law 12C1, Law 79), not on a score: the score in points is
    then the one those tricks give, not an assigned score (`assigned_score`)."""

    def __post_init__(self) -> None:
        """A balanced score held once, as North-South's: East-West's alone (a JSON ``score_ew`` with no
        ``score_ns``) is North-South's negated, as PBN reads a Score_EW cell alone."""
        if self.score_ew is not None and self.score_ns is None:
            object.__setattr__(self, "score_ns", -self.score_ew)
        if self.score_ew is not None and self.score_ns is not None and self.score_ew == -self.score_ns:
            object.__setattr__(self, "score_ew", None)

    @property
    def east_west_score(self) -> int | None:
        """East-West's score (their points): their own where the assigned scores do not balance
        (``score_ew``), else North-South's negated."""
        if self.score_ew is not None:
            return self.score_ew
        return None if self.score_ns is None else -self.score_ns

    @property
    def assigned_score(self) -> bool:
        """Whether the score in points is a director's assigned one (``adjusted``: ``^200``, Law 12C), the
        ruling: the result is ranked on it as given, and its contract's score (Law 77) does not overrule
        it as it overrules a slip. The one rule export, analyze, validate and the traveller follow."""
        return self.adjusted and not self.tricks_adjusted and self.score_ns is not None

    def turned(self, k: int) -> Self:
        """The result as the board turned ``k`` quarter-turns clockwise shows it (a handout's `print
        --rotate`): declarer turns with the cards, and an odd turn swaps the sides, the pairs who held
        North-South's cards now holding East-West's, with their score, matchpoints, IMPs and percentages."""
        declarer = self.declarer.offset(k) if self.declarer is not None else None
        if k % 2 == 0:
            return replace(self, declarer=declarer)
        return replace(
            self, declarer=declarer, score_ns=self.east_west_score,
            score_ew=None if self.score_ew is None else self.score_ns,
            ns_pair=self.ew_pair, ew_pair=self.ns_pair, ns_names=self.ew_names, ew_names=self.ns_names,
            matchpoints_ns=self.matchpoints_ew, matchpoints_ew=self.matchpoints_ns,
            imps_ns=self.imps_ew, imps_ew=self.imps_ns,
            adjusted_pct_ns=self.adjusted_pct_ew, adjusted_pct_ew=self.adjusted_pct_ns,
            percentage_ns=self.percentage_ew, percentage_ew=self.percentage_ns)

    @property
    def adjusted_label(self) -> bool:
        """Whether the contract cell names a director's adjusted score rather than a contract (``A+``,
        ``AVG-``, ``NP``: `ADJUSTED_LABELS`), so that it is no mistyped contract."""
        return self.contract_label is not None and self.contract_label.strip().upper() in ADJUSTED_LABELS


AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS = 60.0, 50.0, 40.0
"""The percentages a label reads as (Law 12C2(a)): average-plus to a side in no way at fault, average to
one only partly at fault, average-minus to one directly at fault. The Law makes average-plus at least 60%
and average-minus at most 40% (in pairs), and the WBF Laws Committee (ACBL and EBU alike) gives a pair its
session percentage instead where that is higher for average-plus, lower for average-minus; a label holds no
figure and a hand record no session percentage, so each reads as the Law's bound, fixed: a score cell
that means another figure says it (``^65%``)."""
ADJUSTED_LABELS: Mapping[str, float | None] = MappingProxyType({
    **dict.fromkeys(("A+", "AVG+", "AVE+"), AVERAGE_PLUS),
    **dict.fromkeys(("A", "A=", "AVG", "AVG=", "AVE", "AVE="), AVERAGE),
    **dict.fromkeys(("A-", "AVG-", "AVE-"), AVERAGE_MINUS),
    "NP": None,
})
"""The labels of a director's adjusted score (Law 12C2(a): average-plus, average, average-minus) or of a
board not played (``NP``: no score), upper case, and the percentage each gives (`AVERAGE_PLUS`): in a
traveller row's Contract cell (labels, not contracts mistyped: the percentage to both sides, the cell naming
neither, which the PBN reader says of ``A+`` and ``A-``) and in a score cell (the percentage to that cell's
side). The one table every reader of a label looks in."""


def label_percentage(text: str | None) -> float | None:
    """The percentage an adjusted score's label gives (``A+``, ``AVE-``, ``A=``: `ADJUSTED_LABELS`),
    None for any other text and for ``NP``."""
    return ADJUSTED_LABELS.get((text or "").strip().upper())
