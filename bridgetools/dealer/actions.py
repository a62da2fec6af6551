"""dealer's actions, printed in dealer's own layouts: printall, print(seats), printew, printpbn,
printcompact, printoneline, printes, average, frequency (one and two dimensions), evalcontract.

A `Report` takes the accepted deals batch by batch, evaluates the actions' expressions over each batch
at once, writes per-deal output in deal order, and prints the summaries (averages, histograms, the
``print(seats)`` pages and the run statistics) when the run ends, as dealer does.

The per-deal output is formatted a chunk of deals at a time as byte columns (`deal_columns`), as the deal
command's own writer does (`bridgetools.dealer.writers`): holdings from tables of the 8,192 holdings'
texts, numbers as digit columns, the actions' columns side by side in action order and read as text at
once. The functions formatting one `Deal` (`printall`, `printpbn`, ...) say what the text is; the columns
give the same bytes (a test compares them on many deals), about ten times faster.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TextIO

import numpy as np
import numpy.typing as npt

from bridgetools._files import readable_name
from bridgetools.dealer import evalcontract
from bridgetools.dealer.batch import DealBatch
from bridgetools.dealer.compiler import Compiled
from bridgetools.dealer.engine import Production
from bridgetools.dealer.language import STDIN_SCRIPT, Action, Expr, ScoreOf, Tricks, script_named
from bridgetools.dealer.writers import (
    CHUNK_BOARDS,
    PBN_SUITS,
    Column,
    assemble,
    digit_column,
    hand_field,
    holding_ranks,
    literal_column,
    pbn_deal_columns,
    text_table,
)
from bridgetools.model import SUITS_DISPLAY_ORDER, Deal, Hand, Seat, Vul, holding_str

COLUMN_CARDS = 10
"""dealer pads each hand of a row to ten cards (two characters a card) before the next hand."""


def _spaced(holding: int) -> str:
    """A holding as dealer prints it in diagrams: ``A K 7 `` (a space after each card), ``- `` if void."""
    text = holding_str(holding)
    return "".join(f"{c} " for c in text) if text else "- "


def diagram_rows(hands: list[Hand]) -> Iterator[str]:
    """Four lines (spades to clubs) with the hands side by side in dealer's ten-card columns."""
    for suit in SUITS_DISPLAY_ORDER:
        cells = [_spaced(hand.holding(suit)) for hand in hands]
        padded = [cell + "  " * max(0, COLUMN_CARDS - len(cell) // 2) for cell in cells[:-1]]
        yield "".join(padded) + cells[-1]


def printall(deal: Deal, number: int) -> str:
    """``printall``: the board number, then the four hands N, E, S, W side by side."""
    rows = "\n".join(diagram_rows([deal.hand(s) for s in Seat]))
    return f"{number:4d}.\n{rows}\n\n"


def printew(deal: Deal) -> str:
    """``printew``: West and East side by side, West on the left."""
    return "\n".join(diagram_rows([deal.hand(Seat.W), deal.hand(Seat.E)])) + "\n\n"


def printcompact(deal: Deal) -> str:
    """``printcompact``: one line a hand, ``n AKQ2.KJ3.T98.432``."""
    return "".join(f"{s.letter.lower()} {deal.hand(s).to_pbn()}\n" for s in Seat)


def printoneline(deal: Deal) -> str:
    """``printoneline``: the four hands on one line, each followed by a space."""
    return "".join(f"{s.letter.lower()} {deal.hand(s).to_pbn()} " for s in Seat)


def simulated_event(source: str, seed: int) -> str:
    """``printpbn``'s Event, in dealer's words: the script's file as it was given and the seed (``with file
    /home/me/weak.dlr``, as Debian's dealer writes it: a script's own printpbn asks for dealer's output); a
    script with no file says where it came from (``with a script from standard input``), not ``<stdin>``."""
    named = script_named(source)
    script = f"file {readable_name(source)}" if named not in (None, STDIN_SCRIPT) \
        else f"a {named or 'condition'}"
    return f"Hand simulated by dealer with {script}, seed {seed}"


def printpbn(deal: Deal, number: int, dealer: Seat, vulnerable: Vul, source: str, seed: int,
             date: datetime.date) -> str:
    """``printpbn``: one PBN game with dealer's tags (Event names the script and the seed)."""
    tags = [
        ("Event", simulated_event(source, seed)), ("Site", "-"),
        ("Date", date.strftime("%Y.%m.%d")), ("Board", str(number)), ("West", "-"), ("North", "-"),
        ("East", "-"), ("South", "-"), ("Dealer", dealer.letter), ("Vulnerable", vulnerable.pbn),
        ("Deal", deal.to_pbn()), ("Declarer", "?"), ("Contract", "?"), ("Result", "?"),
    ]
    return "".join(f'[{name} "{value}"]\n' for name, value in tags) + "\n"


# The same texts for a chunk of deals at once, as byte columns ---------------------------------------

Hands = npt.NDArray[np.uint64]
"""The hands of a chunk of deals, ``uint64[n, 4]`` as in `DealBatch.hands`."""


def _padded(cell: str) -> str:
    """A diagram cell padded to dealer's ten-card column (a longer suit is not cut)."""
    return cell + "  " * max(0, COLUMN_CARDS - len(cell) // 2)


@cache
def _cells(padded: bool) -> Column:
    """`_spaced` for every 13-bit holding (rows of a zero-padded table), padded with spaces to the column
    (`_padded`: all hands but the last of a row) or not; from the table of holdings' rank strings."""
    ranks = holding_ranks()
    cells = np.zeros((len(ranks), 2 * ranks.shape[1]), dtype=np.uint8)
    cells[:, 0::2] = ranks
    cells[:, 1::2] = np.where(ranks != 0, ord(" "), 0)
    cells[0, :2] = np.frombuffer(b"- ", dtype=np.uint8)
    if padded:
        column = cells[:, : 2 * COLUMN_CARDS]
        column[column == 0] = ord(" ")  # the zero bytes after a cell: a cell is never empty
    return cells


def _suit(hands: Hands, seat: Seat, suit: int) -> npt.NDArray[np.intp]:
    return ((hands[:, seat] >> np.uint64(13 * suit)) & np.uint64(0x1FFF)).astype(np.intp)


def diagram_columns(hands: Hands, seats: Sequence[Seat]) -> list[Column]:
    """`diagram_rows` of the ``seats``' hands for every deal, each row ended by a newline."""
    columns: list[Column] = []
    for suit in SUITS_DISPLAY_ORDER:
        columns += [_cells(True)[_suit(hands, seat, suit)] for seat in seats[:-1]]
        columns += [_cells(False)[_suit(hands, seats[-1], suit)], literal_column("\n")]
    return columns


def _right_aligned(numbers: npt.NDArray[np.int64], width: int) -> Column:
    """``f"{number:{width}d}"`` for non-negative numbers: digit columns, spaces before short numbers."""
    digits = digit_column(numbers)
    if digits.shape[1] < width:
        digits = np.hstack([np.zeros((len(numbers), width - digits.shape[1]), dtype=np.uint8), digits])
    tail = digits[:, -width:]
    tail[tail == 0] = ord(" ")  # only leading places are zero
    return digits


def value_column(values: npt.NDArray[np.int64]) -> Column:
    """``str(value)`` of each deal's value (negative ones too), from a table of the distinct values."""
    distinct, which = np.unique(values, return_inverse=True)
    return text_table([str(v) for v in distinct.tolist()])[which.reshape(-1)]


def _compact_hands(hands: Hands, before: str, after: str) -> list[Column]:
    """Each hand N, E, S, W as ``<before>n AKQ2.KJ3.T98.432<after>`` (`printcompact`, `printoneline`)."""
    columns: list[Column] = []
    for seat in Seat:
        columns += [literal_column(f"{before}{seat.letter.lower()} "), hand_field(hands[:, seat], PBN_SUITS),
                    literal_column(after)]
    return columns


def _cycle_column(numbers: npt.NDArray[np.int64], text: Sequence[str]) -> Column:
    """A column from the 16-board cycle: ``text[(number - 1) % 16]`` for each number."""
    return text_table(text)[(numbers - 1) % 16]


def deal_columns(action: Action, hands: Hands, numbers: npt.NDArray[np.int64],
                 values: Sequence[npt.NDArray[np.int64] | str], report: Report) -> list[Column]:
    """The byte columns of one per-deal action for a chunk of deals (boards ``numbers``): the same bytes
    as `printall`, `printew`, `printpbn`, `printcompact`, `printoneline` and ``printes``; ``values`` are
    the action's value (printcompact, printoneline) or items (printes) for these deals."""
    kind = action.kind
    texts = [literal_column(v) if isinstance(v, str) else value_column(v) for v in values]
    if kind == "printall":
        return [_right_aligned(numbers, 4), literal_column(".\n"), *diagram_columns(hands, list(Seat)),
                literal_column("\n")]
    if kind == "printew":
        return [*diagram_columns(hands, [Seat.W, Seat.E]), literal_column("\n")]
    if kind == "printcompact":
        return [*_compact_hands(hands, "", "\n"), *(c for t in texts for c in (t, literal_column("\n")))]
    if kind == "printoneline":
        return [*_compact_hands(hands, "", " "), *texts, literal_column("\n")]
    if kind == "printes":
        return texts
    if kind == "printpbn":
        cycle = range(1, 17)
        dealers = [report.dealer if report.dealer is not None else Seat.dealer_of_board(n) for n in cycle]
        vuls = [report.vulnerable if report.vulnerable is not None else Vul.of_board(n) for n in cycle]
        head = (f'[Event "{simulated_event(report.compiled.script.source, report.seed)}"]\n[Site "-"]\n'
                f'[Date "{report.date.strftime("%Y.%m.%d")}"]\n[Board "')
        return [literal_column(head), digit_column(numbers),
                literal_column('"]\n[West "-"]\n[North "-"]\n[East "-"]\n[South "-"]\n[Dealer "'),
                _cycle_column(numbers, [d.letter for d in dealers]), literal_column('"]\n[Vulnerable "'),
                _cycle_column(numbers, [v.pbn for v in vuls]), literal_column('"]\n[Deal "'),
                *pbn_deal_columns(hands, np.zeros(len(hands), dtype=np.intp), False),
                literal_column('"]\n[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n\n')]
    return []  # print(seats) keeps the deals for its pages at the end


def batch_text(report: Report, actions: Sequence[tuple[Action, Sequence[npt.NDArray[np.int64] | str]]],
               hands: Hands, first: int) -> str:
    """What the per-deal ``actions`` print for deals ``hands`` numbered from ``first``, deal after deal."""
    parts = []
    for at in range(0, len(hands), CHUNK_BOARDS):
        part = hands[at:at + CHUNK_BOARDS]
        numbers = first + at + np.arange(len(part), dtype=np.int64)
        columns: list[Column] = []
        for action, values in actions:
            chunk = [v if isinstance(v, str) else v[at:at + CHUNK_BOARDS] for v in values]
            columns += deal_columns(action, part, numbers, chunk, report)
        parts.append(assemble(columns, len(part)))
    return "".join(parts)


def print_pages(deals: list[Deal], seats: tuple[Seat, ...]) -> str:
    """``print(seats)``: for each seat (in N, E, S, W order) a page of its hands, four across."""
    out: list[str] = []
    for seat in sorted(set(seats)):
        out.append(f"\n\n{seat.full_name} hands:\n\n\n\n")
        for start in range(0, len(deals), 4):
            group = deals[start:start + 4]
            out.append("".join(f"{start + i + 1:4d}.{' ':15s}" for i in range(len(group))) + "\n")
            out.append("\n".join(diagram_rows([d.hand(seat) for d in group])) + "\n\n")
        out.append("\f")
    return "".join(out)


def frequency_table(label: str | None, counts: np.ndarray, lo: int, low: int, high: int) -> str:
    """A one-dimensional ``frequency``: Low and High rows only when something fell outside."""
    lines = [f"Frequency {label or ''}:"]
    if low:
        lines.append(f"Low\t{low:8d}")
    lines.extend(f"{lo + i:5d}\t{int(c):8d}" for i, c in enumerate(counts))
    if high:
        lines.append(f"High\t{high:8d}")
    return "\n".join(lines) + "\n"


def frequency2d_table(label: str | None, grid: np.ndarray, bounds: tuple[int, ...]) -> str:
    """A two-dimensional ``frequency``: rows for the first expression (Low, lo1..hi1, High), columns
    for the second, with row and column sums."""
    lo1, _hi1, lo2, hi2 = bounds
    lines = [f"Frequency {label or ''}:"]
    lines.append("        Low" + "".join(f" {v:6d}" for v in range(lo2, hi2 + 1)) + "   High    Sum")
    rows, _cols = grid.shape
    for i in range(rows):
        name = "Low " if i == 0 else "High" if i == rows - 1 else f"{lo1 + i - 1:4d}"
        lines.append(name + "".join(f" {int(n):6d}" for n in grid[i]) + f" {int(grid[i].sum()):6d}")
    lines.append("Sum " + "".join(f" {int(n):6d}" for n in grid.sum(axis=0)) + f" {int(grid.sum()):6d}")
    return "\n".join(lines) + "\n\n"


def _score_of(action: Action) -> ScoreOf | None:
    """The contract an ``evalcontract(side, contract, vul)`` scores; None for the bare table."""
    assert action.expr is None or isinstance(action.expr, ScoreOf)
    return action.expr


def _format_g(value: float) -> str:
    """C's ``%g``, as dealer prints averages."""
    return f"{value:g}"


@dataclass
class _Tally:
    """What a summary action has gathered so far."""

    total: int = 0
    counts: np.ndarray | None = None
    low: int = 0
    high: int = 0
    tricks: tuple[Tricks, ...] = ()


def dealt_line(stats: Production) -> str:
    """The closing lines counting the deals dealt: dealer's ``Generated N hands``, which dealer's users
    divide into ``Produced`` for how often the condition holds. Where hands were drawn exactly, no deal was
    rejected for them: a ``Dealt`` line before it says how many were dealt, which hands were drawn so and to
    whose limits, the predeal's suit lengths (which dealer deals within, so they count no deal) or the
    condition's (then how rare), and ``Generated`` counts the deals dealer would have dealt for as many
    (`Production.dealer_generated`), so the ratio is the condition's frequency still and dealer's four
    closing lines stay the last four."""
    generated = f"Generated {stats.dealer_generated} hands\n"
    if not stats.exact:
        return generated
    hands = " and ".join(f"{seat.full_name}'s" for seat in stats.exact)
    dealt = f"Dealt {stats.generated} hands, {hands} drawn exactly to"
    one_in = f"{round(1 / stats.condition_share):,}"
    if stats.predeal_share == 1:
        return (f"{dealt} the condition's limits (1 random deal in {one_in} meets them), as dealer's "
                f"{stats.dealer_generated:,} random deals\n{generated}")
    if stats.condition_share == 1:
        return f"{dealt} the predeal's suit lengths, as dealer deals them\n{generated}"
    return (f"{dealt} the predeal's suit lengths and the condition's limits (1 deal in {one_in} with those "
            f"lengths meets the limits), as dealer's {stats.dealer_generated:,} deals\n{generated}")


@dataclass
class Report:
    """Runs a script's actions over the deals of a run and writes dealer's output to ``out``."""

    compiled: Compiled
    out: TextIO
    seed: int
    dealer: Seat | None = None
    vulnerable: Vul | None = None
    date: datetime.date = field(default_factory=datetime.date.today)
    produced: int = 0
    _tallies: list[_Tally] = field(default_factory=list)
    _kept: list[Deal] = field(default_factory=list)

    def __post_init__(self) -> None:
        script = self.compiled.script
        self.dealer = self.dealer if self.dealer is not None else script.dealer
        self.vulnerable = self.vulnerable if self.vulnerable is not None else script.vulnerable
        self._tallies = [self._new_tally(a) for a in self.actions]

    @property
    def actions(self) -> tuple[Action, ...]:
        """The script's actions; ``printall`` when it names none, as dealer does."""
        actions = self.compiled.script.actions
        return (Action("printall"),) if actions is None else actions

    @staticmethod
    def _new_tally(action: Action) -> _Tally:
        if action.kind == "frequency":
            lo, hi = action.bounds
            return _Tally(counts=np.zeros(hi - lo + 1, dtype=np.int64))
        if action.kind == "frequency2d":
            lo1, hi1, lo2, hi2 = action.bounds
            return _Tally(counts=np.zeros((hi1 - lo1 + 3, hi2 - lo2 + 3), dtype=np.int64))
        if action.kind == "evalcontract":
            asked = evalcontract.tricks_asked(_score_of(action))
            return _Tally(counts=np.zeros((len(asked), 14), dtype=np.int64), tricks=asked)
        return _Tally()

    def add(self, batch: DealBatch) -> None:
        """Run the actions on the deals of one accepted batch, in order."""
        if not len(batch):
            return
        cache: dict[int, object] = {}

        def values(expr: Expr | None) -> list[npt.NDArray[np.int64]]:
            return [] if expr is None else [self.compiled.evaluate(expr, batch, cache)]

        per_deal: list[tuple[Action, Sequence[npt.NDArray[np.int64] | str]]] = []
        for action, tally in zip(self.actions, self._tallies, strict=True):
            self._summarise(action, tally, batch, cache)
            if action.kind in ("printcompact", "printoneline"):
                per_deal.append((action, values(action.expr)))
            elif action.kind == "printes":
                per_deal.append((action, [item if isinstance(item, str) else values(item)[0]
                                          for item in action.items]))
            elif action.kind in ("printall", "printew", "printpbn"):
                per_deal.append((action, []))
        if any(action.kind == "print" for action in self.actions):
            self._kept.extend(batch.to_deals())
        if per_deal:
            self.out.write(batch_text(self, per_deal, batch.hands, self.produced + 1))
        self.produced += len(batch)

    def _summarise(self, action: Action, tally: _Tally, batch: DealBatch, cache: dict[int, object]) -> None:
        evaluate = self.compiled.evaluate
        if action.kind == "average" and action.expr is not None:
            tally.total += int(evaluate(action.expr, batch, cache).sum())
        elif action.kind == "frequency" and action.expr is not None and tally.counts is not None:
            lo, hi = action.bounds
            x = evaluate(action.expr, batch, cache)
            tally.low += int((x < lo).sum())
            tally.high += int((x > hi).sum())
            inside = x[(x >= lo) & (x <= hi)] - lo
            tally.counts += np.bincount(inside, minlength=hi - lo + 1)
        elif action.kind == "frequency2d" and action.expr is not None and action.expr2 is not None:
            assert tally.counts is not None
            lo1, hi1, lo2, hi2 = action.bounds
            rows = np.clip(evaluate(action.expr, batch, cache) - lo1 + 1, 0, hi1 - lo1 + 2)
            cols = np.clip(evaluate(action.expr2, batch, cache) - lo2 + 1, 0, hi2 - lo2 + 2)
            np.add.at(tally.counts, (rows, cols), 1)
        elif action.kind == "evalcontract" and tally.counts is not None:
            for row, asked in zip(tally.counts, tally.tricks, strict=True):  # one DDS batch for them all
                row += np.bincount(np.clip(evaluate(asked, batch, cache), 0, 13), minlength=14)

    def finish(self, stats: Production | None = None, seconds: float | None = None) -> None:
        """Print the summaries (in action order) and dealer's closing statistics (``stats``: the run's
        deals dealt, see `dealt_line`)."""
        write = self.out.write
        for action, tally in zip(self.actions, self._tallies, strict=True):
            if action.kind == "print":
                write(print_pages(self._kept, action.seats))
            elif action.kind == "average":
                label = f"{action.label}: " if action.label is not None else ""
                mean = tally.total / self.produced if self.produced else float("nan")
                write(f"{label}{_format_g(mean)}\n")
            elif action.kind == "frequency" and tally.counts is not None:
                write(frequency_table(action.label, tally.counts, action.bounds[0], tally.low, tally.high))
            elif action.kind == "frequency2d" and tally.counts is not None:
                write(frequency2d_table(action.label, tally.counts, action.bounds))
            elif action.kind == "evalcontract" and tally.counts is not None:
                score_of = _score_of(action)
                write(evalcontract.table_report(tally.counts, self.produced) if score_of is None else
                      evalcontract.contract_report(score_of, action.label or "", tally.counts, self.produced))
        closing = dealt_line(stats) if stats is not None else ""
        closing += f"Produced {self.produced} hands\nInitial random seed {self.seed}\n"
        if seconds is not None:
            closing += f"Time needed {seconds:8.3f} sec\n"
        write(as_pbn_comments(closing) if self.pbn_only else closing)

    @property
    def pbn_only(self) -> bool:
        """Whether there are actions and every one is ``printpbn``: the output is then a PBN file
        (``> deals.pbn``), which dealer's closing lines would spoil (an ``action`` naming none prints
        only those lines, bare, as dealer does)."""
        return bool(self.actions) and all(action.kind == "printpbn" for action in self.actions)


def as_pbn_comments(text: str) -> str:
    """Lines of ``text`` as PBN comment lines (``% Generated 346 hands``), which a PBN reader skips."""
    return "".join(f"% {line}\n" for line in text.splitlines())
