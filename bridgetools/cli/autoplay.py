"""``bridgetools autoplay``: every board bid and played out by four computer players, written as PBN (or as
``--format`` or the output's suffix says)."""

from __future__ import annotations

import secrets
from typing import Any

import click

from bridgetools._version import __version__
from bridgetools._words import plural
from bridgetools.board import Board
from bridgetools.cli.common import (
    JOBS,
    WholeNumber,
    board_named,
    boards_named,
    check_inputs,
    encoding_option,
    first_board_option,
    format_option,
    from_option,
    judge_needs_dd,
    progress_bar,
    quiet_flag,
    reports_errors,
    warn,
    warn_of_assumed,
    warn_of_boards,
    warn_of_issues,
    warn_of_records_left_out,
)
from bridgetools.cli.convert import WRITE_FORMATS, output_format, write_records
from bridgetools.errors import named_extra

PLAYED_ANEW = {"contract": "the output gives the auction's, which autoplay plays",
               "declarer": "the output gives the auction's, which autoplay plays",
               "tricks": "the output gives those of autoplay's own play"}
"""What autoplay's output gives of a played board's facts the file disagreed on (`warn_of_issues`): the
reader keeps the file's tag, autoplay writes its own."""


@click.command()
@click.argument("file", metavar="FILE|-", type=click.Path(allow_dash=True))
@click.option("-o", "--output", default="-", show_default=True,
              type=click.Path(allow_dash=True, dir_okay=False),
              help="Output file (- for stdout); written to a temporary file and renamed.")
@format_option(WRITE_FORMATS, "Output format (default: from the -o suffix, else pbn).")
@from_option
@encoding_option
@first_board_option
@click.option("--replay", is_flag=True,
              help="Play boards that already have a play again from the opening lead (without it a complete "
                   "play is kept and one that stops part way is played on from its last card).")
@click.option("--seed", type=WholeNumber(0), default=None,
              help="Seed making the play reproducible (default: a fresh one, printed on stderr); a PBN "
                   "output records it in its heading.")
@click.option("-j", "--jobs", type=JOBS, default=1, show_default=True,
              help="Worker processes playing boards side by side (the result does not depend on it).")
@click.option("--samples", type=WholeNumber(1), default=20, show_default=True,
              help="Layouts of the unseen cards a computer player solves for each card (up to four times "
                   "as many while the best card is not clearly ahead of another).")
@click.option("--budget", type=click.FloatRange(min=0.0), default=None,
              help="Seconds a player may think about one card (fewer layouts when short of time; "
                   "the play then depends on the machine's speed).")
@click.option("--judge/--rules-only", default=None, callback=judge_needs_dd,
              help=f"Judge game decisions by double-dummy simulation (slower; needs {named_extra('dd')}), "
                   "or bid by the rule tables alone. Default: judge when the 'dd' extra is installed (see "
                   "docs/bidding.md).")
@quiet_flag("warnings, progress bar, seed or summary")
@reports_errors
def autoplay(file: str, output: str, fmt: str | None, from_format: str | None, encoding: str | None,
             first_board: int | None, replay: bool,
             seed: int | None, jobs: int, samples: int,
             budget: float | None, judge: bool | None, quiet: bool) -> None:
    """Bid and play every board of FILE (- for stdin) with four computer players and write the full
    records.

    Each board gets an auction from the computer bidder (its game decisions judged by double-dummy
    simulation with the 'dd' extra, unless --rules-only) unless it already has a complete one (one that stops
    part way is finished from the file's last call; one that goes on past an illegal call from its last
    legal call, the calls after it named in a comment), then
    is played out by Monte Carlo double-dummy players (by rules of thumb without the 'dd' extra). A
    complete play the file gave (13 tricks, or cards up to a claim or a given Result: the table's
    record) is kept, the board written unchanged with a warning, and a play that stops part way (a
    lesson's opening lead) is played on from its last card, its notes and comments kept in place, unless
    --replay, or unless the auction reaches another contract than the one that play was of: then the
    file's play is replaced, with a warning naming the boards: its notes on cards
    are left out, and the comments that stood among its cards (PBN's, LIN's nt) are kept as one comment
    after the computer's last card, each on a line naming the card of the file's play it followed. The output
    holds the auction, the play, the result and North-South's score (Score tag); a board whose file
    gives the vulnerability as unknown (PBN Vulnerable "?") is played as none vulnerable, with a warning,
    and gets no score, its vulnerability kept unknown. Boards without four full hands (a partial deal, a
    lesson's introduction) are written unchanged, a partial deal with a warning, and so are boards
    whose dealer is unknown (Dealer "?") and that have no calls, with a warning. Each board is played
    from --seed and its own number, dealer, vulnerability and deal, so the same --seed gives the same
    play of a board alone or anywhere in a file, whatever --jobs is (unless a --budget cuts a player's
    thinking short); a PBN output records the seed in its heading.

    \b
    Examples:
      bridgetools autoplay lesson.pbn -o played.pbn --seed 7
      bridgetools autoplay club.pbn --jobs 2 -o played.pbn
      bridgetools autoplay match.pbn --replay -o replayed.pbn   # the table's plays played again
      bridgetools deal -n 4 --seed 3 | bridgetools autoplay - --seed 7
    """
    from bridgetools.board.terms import NO_DEALER, playing_terms
    from bridgetools.bots.play import autoplay as play_boards
    from bridgetools.bots.play import check_playable, has_full_deal, keeps_its_play
    from bridgetools.formats import read
    from bridgetools.formats.replaced_play import (
        CONTRACT_REPLACED,
        PLAY_REPLACED,
        contract_replaced,
        kept_calls_replaced,
        kept_calls_words,
        play_replaced,
    )

    fmt = output_format(output, fmt, "autoplay")
    check_inputs(output, (file,))
    boards = [board for board in read(file, from_format, encoding=encoding, first_board=first_board)
              if not board.is_empty]
    playable: list[Board] = []
    unplayable: list[str] = []
    no_dealer: list[str] = []
    kept_play: list[str] = []  # the boards whose complete play the file gave is kept (not --replay)
    assumed: list[tuple[str, str]] = []  # board, what `playing_terms` assumed for it
    names = [board_named(board, i + 1) for i, board in enumerate(boards)]
    for board, number in zip(boards, names, strict=True):
        if not has_full_deal(board):  # a partial deal, a lesson's introduction: written as it was
            warn_of_issues(board, quiet)
            if board.deal is not None or board.number is not None:  # commentary alone is no board to play
                unplayable.append(number)
            continue
        if keeps_its_play(board, replay):  # the table's or the lesson's play, written as it was
            warn_of_issues(board, quiet)
            kept_play.append(number)
            continue
        terms = playing_terms(board)
        if terms.dealer is None and (board.auction is None or not board.auction.is_complete):
            warn_of_issues(board, quiet)
            no_dealer.append(number)  # no dealer is made up for the record (`NO_DEALER`)
            continue
        warn_of_issues(board, quiet, PLAYED_ANEW)  # its Contract, Declarer and Result are autoplay's
        check_playable(board, f"{file}: {boards_named([number])}")
        assumed.extend((number, what) for what in terms.assumed)
        playable.append(board)
    if boards and not playable and not no_dealer and not kept_play:
        raise click.ClickException(f"{file}: no board gives all four hands of 13 cards to be played out")
    warn_of_boards(unplayable, "no four full hands to play, written unchanged", quiet, file)
    warn_of_boards(kept_play, "the play the file gave is complete: kept as it was, not played (--replay "
                   "plays it again)", quiet, file)
    warn_of_boards(no_dealer, f"{NO_DEALER}, written unchanged", quiet, file)
    warn_of_assumed(assumed, quiet, ", not scored (no Score tag)", file)  # only a vulnerability assumed
    if seed is None:
        seed = secrets.randbits(32)
        warn(f"seed {seed}", quiet)
    played = []
    with progress_bar(len(playable), "Playing", quiet) as bar:
        for board in play_boards(playable, seed, jobs=jobs, samples=samples, budget=budget, judge=judge,
                                 replay=replay):
            played.append(board)
            bar.update(1)
    done = iter(played)
    to_play = {id(board) for board in playable}
    written = [next(done) if id(board) in to_play else board for board in boards]
    pairs = list(zip(names, boards, written, strict=True))
    # played from the lead (--replay), or in another contract than the one the file's partial play was of
    warn_of_boards([name for name, board, new in pairs if play_replaced(board, new)],
                   PLAY_REPLACED, quiet, file)
    warn_of_boards([name for name, board, new in pairs if contract_replaced(board, new)], CONTRACT_REPLACED,
                   quiet, file)
    kept_calls: dict[str, list[str]] = {}  # the boards whose calls kept as written are replaced, by its words
    for name, board, new in pairs:
        if kept_calls_replaced(board, new):
            kept_calls.setdefault(kept_calls_words(board), []).append(name)
    for words, kept_names in kept_calls.items():
        warn_of_boards(kept_names, words, quiet, file)
    warn_of_records_left_out(pairs, quiet, file)
    # the seed in PBN's heading, as deal records its own: LIN's nt line would be a board's comment
    line = f"bridgetools {__version__} autoplay, seed {seed}"
    heading: dict[str, Any] = {"header": (line,)} if fmt == "pbn" else {}
    write_records(written, output, fmt, quiet, **heading)
    if output != "-":
        warn(_summary(played, len(written), output), quiet)


def _summary(played: list[Board], written: int, output: str) -> str:
    """What was done, truthfully: ``4 boards played and written to out.pbn``, else each kind counted
    (``1 board played, 1 passed out, 2 written unchanged; 4 boards written to out.pbn``)."""
    passed = sum(1 for board in played if board.auction is not None and board.auction.contract is None)
    counts = ((passed, "passed out"), (written - len(played), "written unchanged"))
    others = [f"{n} {what}" for n, what in counts if n]
    said = f"{plural(len(played) - passed, 'board')} played"
    if not others:
        return f"{said} and written to {output}"
    return f"{', '.join([said, *others])}; {plural(written, 'board')} written to {output}"
