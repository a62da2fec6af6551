"""Dealt boards written straight from the batches (`bridgetools.dealer.writers`): the general writer's
bytes, a whole chunk at a time."""

from __future__ import annotations

import io
import subprocess
import sys
import warnings
from collections.abc import Callable

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bridgetools.dealer
from bridgetools.cli import cli
from bridgetools.dealer import boards
from bridgetools.dealer.batch import DealBatch, random_batch
from bridgetools.dealer.writers import FAST_FORMATS, _BoardMaker, _Templates, write_batches
from bridgetools.formats import dumps, loads
from bridgetools.model import Deal, Hand, Seat, Vul

EVENT = "bridgetools deal, seed 1"


def dealt(sizes: list[int], seed: int) -> list[DealBatch]:
    rng = np.random.default_rng(seed)
    return [random_batch(rng, size) for size in sizes]


def general(batches: list[DealBatch], fmt: str, *, first: int = 1, dealer: Seat | None = None,
            vulnerability: Vul | None = None, event: str | None = None, header: tuple[str, ...] = (),
            rotate: int = 0, unicode: bool = False) -> str:
    """What `bridgetools deal` wrote before the fast writer: a `Board` per deal through the format's writer,
    the deals turned ``rotate`` seats clockwise, the header lines before the first PBN tag (by the writer
    when it takes ``header=``), the first (the seed's) as LIN's opening ``nt`` line."""
    deals = [Deal([Hand(int(mask)) for mask in np.roll(row, rotate % 4)]) for b in batches for row in b.hands]
    made = boards(deals, first=first, dealer=dealer, vulnerable=vulnerability, event=event)
    if fmt == "pbn" and "% ~" in dumps([], fmt, header=("~",)):
        return dumps(made, fmt, header=header)  # the writer puts the header lines in
    if fmt == "lin":
        return dumps(made, fmt, header=header[:1])
    text = dumps(made, fmt, **({"unicode": unicode} if fmt == "text" else {}))
    at = text.find("[")
    if fmt == "pbn" and at >= 0:
        text = text[:at] + "".join(f"% {line}\r\n" for line in header) + text[at:]
    return text


def fast(batches: list[DealBatch], fmt: str, **options: object) -> str:
    out = io.StringIO(newline="")
    count = write_batches(batches, out, fmt, **options)  # type: ignore[arg-type]
    assert count == sum(len(b) for b in batches)
    return out.getvalue()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    fmt=st.sampled_from(FAST_FORMATS),
    sizes=st.lists(st.integers(0, 40), min_size=1, max_size=4),
    seed=st.integers(0, 2**32),
    first=st.one_of(st.integers(1, 40), st.integers(90, 101), st.integers(9_970, 10_001)),
    dealer=st.one_of(st.none(), st.sampled_from(Seat)),
    vulnerability=st.one_of(st.none(), st.sampled_from(Vul)),
    rotate=st.integers(0, 7),
    event=st.one_of(st.none(), st.text(st.characters(codec="utf-8"), max_size=12),
                    st.integers(0, 10**8).map(lambda s: f"bridgetools deal, seed {s}")),
    unicode=st.booleans(),
)
def test_fast_writer_gives_the_general_writers_bytes(
    fmt: str, sizes: list[int], seed: int, first: int, dealer: Seat | None, vulnerability: Vul | None,
    rotate: int, event: str | None, unicode: bool,
) -> None:
    batches = dealt(sizes, seed)
    options = {"first": first, "dealer": dealer, "vulnerability": vulnerability, "event": event,
               "rotate": rotate, "unicode": unicode, "header": ("bridgetools deal, seed 9", "condition 1")}
    assert fast(batches, fmt, **options) == general(batches, fmt, **options)  # type: ignore[arg-type]


def said(make: Callable[[], str]) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        make()
    return [str(w.message) for w in caught]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    fmt=st.sampled_from(FAST_FORMATS),
    size=st.integers(1, 40),
    first=st.integers(1, 40),
    dealer=st.one_of(st.none(), st.sampled_from(Seat)),
    vulnerability=st.one_of(st.none(), st.sampled_from(Vul)),
    event=st.one_of(st.none(), st.sampled_from(["", "Club pairs", "two\nlines", "a|b"])),
)
def test_fast_writer_says_the_general_writers_losses(
    fmt: str, size: int, first: int, dealer: Seat | None, vulnerability: Vul | None, event: str | None,
) -> None:
    # `deal --format rbn --event ''` said nothing of the Event RBN cannot hold as "" (the general writer
    # named it), nor PBN and RBN of a line break in it written as a space
    batches = dealt([size], first)
    options = {"first": first, "dealer": dealer, "vulnerability": vulnerability, "event": event}
    assert said(lambda: fast(batches, fmt, **options)) == said(lambda: general(batches, fmt, **options))


@pytest.mark.parametrize("fmt", FAST_FORMATS)
def test_thousands_of_boards_across_a_power_of_ten_are_the_general_writers(fmt: str) -> None:
    batches = dealt([5000, 3, 4096], 11)
    assert fast(batches, fmt, first=9_000, event=EVENT) == general(batches, fmt, first=9_000, event=EVENT)


@pytest.mark.parametrize("first", [2**63 - 5, 10**22])
@pytest.mark.parametrize("fmt", FAST_FORMATS)
def test_boards_numbered_past_64_bits_are_the_general_writers(fmt: str, first: int) -> None:
    # `deal --first-board 99999999999999999999999` said "unexpected error (OverflowError)"
    batches = dealt([20], 5)
    assert fast(batches, fmt, first=first, event=EVENT) == general(batches, fmt, first=first, event=EVENT)


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_other_formats_go_through_the_general_writer(fmt: str) -> None:
    batches = dealt([7, 5], 3)
    assert fast(batches, fmt, first=4, rotate=2, event=EVENT) == general(batches, fmt, first=4, rotate=2,
                                                                           event=EVENT)


@pytest.mark.parametrize("fmt", FAST_FORMATS)
def test_a_run_with_no_boards_writes_what_the_general_writer_does(fmt: str) -> None:
    batches = dealt([0, 0], 1)
    assert fast(batches, fmt, header=("seed 1",)) == general(batches, fmt, header=("seed 1",))


@pytest.mark.parametrize("fmt", FAST_FORMATS)
def test_every_format_it_serves_is_written_from_templates(fmt: str) -> None:
    """The general writer's text splits around the number and the deal (else every board would be slow)."""
    options = {"unicode": True} if fmt == "text" else {}
    assert _Templates.build(_BoardMaker(fmt, 1, None, None, EVENT, None, options)) is not None


def test_rbn_is_written_from_templates_though_its_first_board_carries_the_header() -> None:
    # RBN went through the general writer board by board, 14 times slower than PBN: a board alone repeats
    # the E line a board after the first leaves out, so no template was found
    assert "rbn" in FAST_FORMATS
    assert _Templates.build(_BoardMaker("rbn", 1, None, None, EVENT, None, {})) is not None


@pytest.mark.parametrize("fmt", FAST_FORMATS)
def test_hands_of_fewer_than_13_cards_are_written_as_the_general_writer_does(fmt: str) -> None:
    """A batch made from an array may hold end positions; their hands are shorter than the templates'."""
    short = DealBatch(np.array([[0b111, 0b111 << 13, 0b111 << 26, 0b111 << 39]] * 40, dtype=np.uint64))
    assert fast([short], fmt) == general([short], fmt)


def test_rotate_turns_each_deal_clockwise() -> None:
    (batch,) = dealt([3], 5)
    written = loads(fast([batch], "pbn", rotate=1), "pbn")
    for board, row in zip(written, batch.hands, strict=True):
        assert board.deal is not None
        assert board.deal[Seat.E] == Hand(int(row[Seat.N]))
        assert board.deal[Seat.N] == Hand(int(row[Seat.W]))


def test_progress_hears_of_every_batch_once_written() -> None:
    seen: list[int] = []
    fast(dealt([20, 0, 7], 2), "pbn", progress=seen.append)
    assert sum(seen) == 27


def test_deal_command_makes_no_board_object_per_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards are written from the batches: the general writer sees only the few the templates need."""
    made = 0
    real = bridgetools.dealer.boards

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal made
        for board in real(*args, **kwargs):  # type: ignore[arg-type]
            made += 1
            yield board

    monkeypatch.setattr(bridgetools.dealer, "boards", counted)
    result = CliRunner().invoke(cli, ["deal", "-n", "2000", "--seed", "3", "-q"])
    assert result.exit_code == 0
    assert len(loads(result.stdout, "pbn")) == 2000
    assert made < 100


def test_a_deal_with_no_condition_starts_without_the_parser_or_the_process_pool() -> None:
    """Start-up counts end to end: an unconstrained one-job run loads neither lark nor the worker pool."""
    code = ("import sys; from bridgetools.dealer.compiler import make_plan;"
            " from bridgetools.dealer import engine; p = make_plan(None);"
            " list(engine.produce(p.accept, 5, 1));"
            " print('lark' in sys.modules, 'concurrent.futures' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]
