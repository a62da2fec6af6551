"""``bridgetools autoplay``: every board bid and played out by four computer players, written as PBN (or as
``--format`` or the output's suffix says)."""

from __future__ import annotations

import os
import secrets

import click

from bridgetools._words import plural
from bridgetools.cli.common import (
    format_option,
    progress_bar,
    refuse_overwriting,
    reports_errors,
    warn,
    warn_of_boards,
)
from bridgetools.cli.convert import WRITE_FORMATS, output_format, write_records


@click.command()
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("-o", "--output", default="-", show_default=True,
              type=click.Path(allow_dash=True, dir_okay=False),
              help="Output file (- for stdout); written to a temporary file and renamed.")
@format_option(WRITE_FORMATS, "Output format (default: from the -o suffix, else pbn).")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Seed making the play reproducible (default: a fresh one, printed on stderr).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes playing boards side by side (the result does not depend on it).")
@click.option("--samples", type=click.IntRange(min=1), default=20, show_default=True,
              help="Layouts of the unseen cards a computer player solves for each card.")
@click.option("--budget", type=click.FloatRange(min=0.0), default=None,
              help="Seconds a player may think about one card (fewer layouts when short of time; "
                   "the play then depends on the machine's speed).")
@click.option("--judge/--rules-only", default=None,
              help="Judge game decisions by double-dummy simulation (slower), or bid by the rule tables "
                   "alone (default: judge when the dd extra is installed, see docs/bidding.md).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar, seed or summary on stderr.")
@reports_errors
def autoplay(file: str, output: str, fmt: str | None, seed: int | None, jobs: int, samples: int,
             budget: float | None, judge: bool | None, quiet: bool) -> None:
    """Bid and play every board of FILE with four computer players and write the full records.

    Each board gets an auction from the computer bidder (its game decisions judged by double-dummy
    simulation with the dd extra, unless --rules-only) unless it already has a complete one (one that stops
    part way is finished from the file's last call), then
    is played out by Monte Carlo double-dummy players (by rules of thumb without the dd extra); a
    play the file gave is replaced, with a warning naming the boards: its notes on cards are left out,
    and the comments that stood among its cards (PBN's, LIN's nt) are kept as one comment after the
    computer's last card, each on a line naming the card of the file's play it followed. The output
    holds the auction, the play, the result and North-South's score (Score tag). Every board needs
    all four hands. The same --seed gives the same play, whatever --jobs is (unless a --budget cuts a
    player's thinking short).

    \b
    Examples:
      bridgetools autoplay lesson.pbn -o played.pbn --seed 7
      bridgetools autoplay club.pbn --jobs 2 -o played.pbn
    """
    from bridgetools.bots.play import autoplay as play_boards
    from bridgetools.bots.play import check_playable
    from bridgetools.formats import read

    fmt = output_format(output, fmt)
    refuse_overwriting(output, [file])
    if file != "-" and not os.path.isfile(file):
        raise click.ClickException(f"{file}: No such file")
    boards = []
    replaced: list[str] = []
    for i, board in enumerate(read(file)):
        if board.is_empty:
            continue
        for issue in board.issues:
            warn(str(issue), quiet)
        number = board.number if board.number is not None else i + 1
        check_playable(board, f"{file}: board {number}")
        if board.play is not None and board.play.cards:
            replaced.append(str(number))
        boards.append(board)
    warn_of_boards(replaced, "the play the file gave is replaced by the computer's (its notes on cards left "
                   "out)", quiet)  # played out again: the file's play is not kept
    if seed is None:
        seed = secrets.randbits(32)
        warn(f"seed {seed}", quiet)
    played = []
    with progress_bar(len(boards), "Playing", quiet) as bar:
        for board in play_boards(boards, seed, jobs=jobs, samples=samples, budget=budget, judge=judge):
            played.append(board)
            bar.update(1)
    write_records(played, output, fmt, quiet)
    if output != "-":
        warn(f"{plural(len(played), 'board')} played and written to {output}", quiet)
