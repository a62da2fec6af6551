"""``bridgetools deal``: practice boards by shape and HCP, from a dealer-language condition or script."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import click

from bridgetools._version import __version__
from bridgetools.cli.common import (
    atomic_output,
    progress_bar,
    reports_errors,
    same_file,
    suits_option,
    wants_unicode,
    warn,
)
from bridgetools.errors import BridgeError

if TYPE_CHECKING:
    from bridgetools.dealer.language import Script
    from bridgetools.model import Deal

FORMATS = ("pbn", "lin", "json", "jsonl", "text")
SHORTHAND_HELP = ("North in everyday words, ANDed with the condition: '15-17 balanced', '5+S 6-10', "
                  "'4-5H 12+', 'any 4441' (HCP, suit lengths, shapes).")


def _read_script(path: str) -> str:
    """A script file's text: UTF-8 (with or without BOM), else Latin-1, as old scripts often are."""
    data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _shard(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        first, count = (int(x) for x in text.split("/"))
    except ValueError:
        raise click.BadParameter(f"{text!r} is not i/N (e.g. 0/4)", param_hint="--shard") from None
    if not (count >= 1 and 0 <= first < count):
        raise click.BadParameter(f"{text!r}: use i/N with 0 <= i < N", param_hint="--shard")
    return first, count


def _constraint(condition: str | None, hands: dict[str, str | None]) -> str | None:
    """The condition with the per-seat shorthands ANDed to it."""
    from bridgetools.dealer.predicates import shorthand

    parts = [condition] if condition else []
    for seat, text in hands.items():
        if text:
            try:
                parts.append(shorthand(seat, text))
            except BridgeError as e:
                raise click.BadParameter(str(e), param_hint=f"--{seat}") from None
    if len(parts) > 1 and condition:
        parts[0] = f"({condition})"
    return " && ".join(parts) if parts else None


PROGRESS_AT_ONCE = 10_000
"""Runs of at least this many boards show the progress bar from the start; shorter ones once they have
taken `PROGRESS_AFTER` seconds (a rare condition can be slow with few boards)."""
PROGRESS_AFTER = 1.0


class _Progress:
    """The progress bar on stderr, drawn on a terminal only, and only for a long run: from the start for
    many boards, else once the run has lasted `PROGRESS_AFTER` seconds. Never drawn when the boards go to
    a terminal's stdout too, where the bar's redraws would mix with them."""

    def __init__(self, n: int, quiet: bool, output: str) -> None:
        self.n = n
        self.done = 0
        self.started = time.perf_counter()
        self.off = quiet or n == 0 or (output == "-" and sys.stdout.isatty())
        self._bar: Any = None
        if not self.off and n >= PROGRESS_AT_ONCE:
            self._start()

    def _start(self) -> None:
        self._bar = progress_bar(self.n, "Dealing")
        self._bar.__enter__()
        self._bar.update(self.done)

    def update(self, k: int) -> None:
        self.done += k
        if self._bar is not None:
            self._bar.update(k)
        elif not self.off and time.perf_counter() - self.started >= PROGRESS_AFTER:
            self._start()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


@click.command()
@click.argument("condition", required=False)
@click.option("-f", "--file", "script", type=click.Path(dir_okay=False, allow_dash=True),
              help="A dealer script (the dealer program's input language); '-' reads stdin.")
@click.option("-n", "count", type=click.IntRange(min=0), default=None,
              help="Number of boards [default: the script's produce, else 40].")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Seed of the random stream; the same seed gives the same boards.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
              help="Output format [default: from -o's suffix, else pbn; a script with actions prints "
                   "dealer's own output].")
@click.option("-o", "--output", default="-", show_default=True,
              type=click.Path(dir_okay=False, allow_dash=True),
              help="Output file ('-' for stdout); written to a temporary file and renamed.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes; the boards do not depend on it.")
@click.option("--shard", default=None, metavar="i/N", help="Deal only shard i of N of the seeded run.")
@click.option("--north", default=None, help=SHORTHAND_HELP)
@click.option("--east", default=None, help="The same for East.")
@click.option("--south", default=None, help="The same for South.")
@click.option("--west", default=None, help="The same for West.")
@suits_option
@click.option("-q", "--quiet", is_flag=True, help="No seed message and no progress bar on stderr.")
@reports_errors
def deal(condition: str | None, script: str | None, count: int | None, seed: int | None, fmt: str | None,
         output: str, jobs: int, shard: str | None, north: str | None, east: str | None, south: str | None,
         west: str | None, suits: str, quiet: bool) -> None:
    """Deal practice boards that meet a CONDITION in the dealer language (or a dealer script).

    Boards are numbered from 1 with the Law 2 dealer and vulnerability unless the script sets them.
    Without --seed a fresh seed is drawn, printed on stderr and recorded in the output.

    \b
    Examples:
      bridgetools deal -n 8 --seed 7 'hcp(north) >= 15 && hcp(north) <= 17 &&
                                       shape(north, any 4333 + any 4432 + any 5332)'
      bridgetools deal --north '15-17 balanced' --south '5+S 6-10' -o practice.pbn
      bridgetools deal -f samples/weak_two.dlr --seed 1
    """
    import numpy

    from bridgetools.dealer import engine
    from bridgetools.dealer.compiler import make_plan

    shorthands = {"north": north, "east": east, "south": south, "west": west}
    if script is not None and (condition or any(shorthands.values())):
        raise click.UsageError("give a CONDITION (or --north/--east/--south/--west) or -f SCRIPT, not both")
    shards = _shard(shard)
    if script is not None and same_file(script, output):
        raise click.UsageError(f"{output} is the script itself; write the boards to another file")
    if script is not None:
        text: str | None = _read_script(script)
        source = "<stdin>" if script == "-" else script
    else:
        text = _constraint(condition, shorthands)
        source = "<condition>"
    plan = make_plan(text, source)
    n = plan.default_count() if count is None else count
    seed_given = seed is not None
    seed = seed if seed is not None else engine.fresh_seed()
    stats = engine.Production()
    started = time.perf_counter()
    batches = engine.produce(plan.accept, n, seed, predeal=plan.predeal or None, specs=plan.specs or None,
                             jobs=jobs, shard=shards, max_generated=plan.max_generated, stats=stats)
    if not seed_given and not quiet:
        warn(f"seed={seed}")

    dealer_output = plan.script.actions is not None and fmt is None
    bar = _Progress(n, quiet, output)
    try:
        if dealer_output:
            from bridgetools.dealer.actions import Report

            with atomic_output(output) as out:
                report = Report(plan.compiled, out, seed)
                for batch in batches:
                    report.add(batch)
                    bar.update(len(batch))
                stats.check_found(n, plan.script.generate, "boards", partial_ok=True)
                report.finish(stats.generated, time.perf_counter() - started)
        else:

            def deals() -> Iterator[Deal]:
                for batch in batches:
                    yield from batch.to_deals()
                    bar.update(len(batch))
                stats.check_found(n, plan.script.generate, "boards", partial_ok=True)

            part = f", shard {shard}" if shard else ""
            header = [f"bridgetools {__version__} deal, seed {seed}{part} (numpy {numpy.__version__})",
                      *(f"script {script}" if script is not None else f"condition {text or '(none)'}")
                      .replace("\r", "").split("\n")]
            # Shard i of N numbers its boards from i*n + 1, so the shards' files merge without clashes.
            first = 1 + (shards[0] * n if shards else 0)
            _write_boards(deals(), plan.script, seed, header, fmt, output, suits, first)
    except UnicodeEncodeError as e:
        hint = " (try --suits ascii)" if suits == "unicode" else ""
        raise click.ClickException(f"the output's encoding ({e.encoding}) cannot write "
                                   f"{e.object[e.start:e.end]!a}{hint}") from None
    finally:
        bar.close()
    if stats.produced < n:
        limit = "the script's generate" if plan.script.generate is not None else "the default limit"
        warn(f"only {stats.produced} of {n} boards met the condition in {stats.generated:,} deals "
             f"({limit}, {plan.max_generated:,} deals)", quiet)


class _HeaderLines:
    """A text stream that adds ``%`` comment lines to a PBN file just before its first tag."""

    def __init__(self, out: IO[str], lines: list[str]) -> None:
        self.out = out
        self.lines = lines
        self.pending: list[str] | None = []

    def write(self, text: str) -> int:
        if self.pending is None:
            return self.out.write(text)
        self.pending.append(text)
        held = "".join(self.pending)
        at = held.find("[")
        if at < 0:
            return len(text)
        end = "\r\n" if "\r\n" in held else "\n"
        self.pending = None
        self.out.write(held[:at] + "".join(f"% {line}{end}" for line in self.lines) + held[at:])
        return len(text)

    def close(self) -> None:
        if self.pending:
            self.out.write("".join(self.pending))
            self.pending = None


def _write_boards(deals: Iterator[Deal], script: Script, seed: int, header: list[str], fmt: str | None,
                  output: str, suits: str, first: int = 1) -> None:
    """The boards, streamed in the chosen format; PBN records the seed and the constraint in its header,
    text shows suit symbols as ``--suits`` says (Unicode for ``auto`` only where the output encodes it)."""
    from bridgetools.dealer import boards
    from bridgetools.formats import format_from_name, write

    fmt = fmt or format_from_name(output) or "pbn"
    made = boards(deals, first=first, dealer=script.dealer, vulnerable=script.vulnerable,
                  event=f"bridgetools deal, seed {seed}")
    with atomic_output(output, newline="") as out:
        if fmt == "pbn":
            stream = _HeaderLines(out, header)
            write(made, stream, fmt)  # type: ignore[arg-type]
            stream.close()
        elif fmt == "text":
            write(made, out, fmt, unicode=wants_unicode(suits, out))
        else:
            write(made, out, fmt)
