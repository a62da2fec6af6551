"""``bridgetools bid``: a computer auction for every board of a hand-record file, written as PBN (or as
``--format`` or the output's suffix says)."""

from __future__ import annotations

import click

from bridgetools._words import plural
from bridgetools.board import Board
from bridgetools.cli.common import (
    board_named,
    check_inputs,
    encoding_option,
    first_board_option,
    format_option,
    from_option,
    jobs_option,
    judge_needs_dd,
    progress_bar,
    quiet_option,
    reports_errors,
    tell,
    warn_of_assumed,
    warn_of_boards,
    warn_of_issues,
    warn_of_records_left_out,
)
from bridgetools.cli.convert import WRITE_FORMATS, output_format, write_records
from bridgetools.errors import named_extra


@click.command()
@click.argument("input_file", metavar="FILE|-", type=click.Path(allow_dash=True))
@click.option("-o", "--output", default="-", show_default=True,
              type=click.Path(allow_dash=True, dir_okay=False),
              help="Output file (- for stdout); written to a temporary file and renamed.")
@format_option(WRITE_FORMATS, "Output format (default: from the -o suffix, else pbn).")
@from_option
@encoding_option
@first_board_option
@click.option("--rebid", is_flag=True, help="Bid boards that already have an auction again.")
@click.option("--seed", type=int, default=None,
              help="No effect, kept for scripts that give one: the auctions are the same on every run "
                   "(the rules make no random choices; the judge is seeded from the hand and the auction).")
@click.option("--judge/--rules-only", default=None, callback=judge_needs_dd,
              help=f"Judge game decisions by double-dummy simulation (about 0.35 s a board; needs "
                   f"{named_extra('dd')}), or bid by the rule tables alone. Default: judge when the 'dd' "
                   "extra is installed (see docs/bidding.md).")
@jobs_option
@quiet_option
@reports_errors
def bid(input_file: str, output: str, fmt: str | None, from_format: str | None, encoding: str | None,
        first_board: int | None,
        rebid: bool, seed: int | None, judge: bool | None,
        jobs: int, quiet: bool) -> None:
    """Give every board a computer auction (SAYC-lite) and write PBN, each call's meaning as a note
    (or the format --format or the -o suffix names: LIN's alerts, JSON's explanations). FILE may be '-'
    (stdin).

    Boards that already have a complete auction keep it unless --rebid, and so do boards whose auction goes
    on past an illegal call (an insufficient bid, a call out of turn: the table's record, kept as written,
    with a warning); an auction that stops part way is finished; the file's own calls so kept (but an
    irregular auction's) are given the system's explanation as a note where the file gave none and the
    hand that made the call holds a table's meaning of it, and a contract and result given with no
    auction (a hand record of the table's results) are replaced, with a warning naming the boards. A rebid
    board's own calls and play are replaced, with a warning naming the boards: their explanations and
    comments are kept in one comment after the computer's last call, each on a line naming its call (the
    play's likewise, naming its card), and so are the calls an irregular auction gave past its illegal one.
    Boards without four full hands, and boards whose dealer is unknown (PBN Dealer "?") and that have no
    calls, are written unchanged, with a warning; a board whose vulnerability is unknown (Vulnerable "?") is
    bid as none vulnerable, with a warning, its vulnerability kept unknown. The bidding system is described
    in docs/bidding.md; with the 'dd' extra its game decisions are judged by double-dummy simulation unless
    --rules-only (seeded from the hand and the auction, so the same board always gets the same auction).

    \b
    Examples:
      bridgetools bid practice.pbn -o bid.pbn
      bridgetools deal -n 8 --seed 7 'hcp(north) >= 15' | bridgetools bid -
      bridgetools bid match.lin --rebid -o rebid.pbn
      bridgetools bid practice.pbn -o bid.lin           # LIN, the explanations as alerts
      bridgetools bid season.pbn --jobs 2 -o bid.pbn     # two worker processes, the same auctions
    """
    from bridgetools.board.terms import playing_terms
    from bridgetools.bots.batch import bid_boards
    from bridgetools.formats import read
    from bridgetools.formats.replaced_play import (
        CONTRACT_REPLACED,
        auction_replaced,
        contract_replaced,
        irregular_auction,
        kept_calls_replaced,
        kept_calls_words,
    )

    fmt = output_format(output, fmt, "bid")
    check_inputs(output, (input_file,))
    boards = [b for b in read(input_file, from_format, encoding=encoding, first_board=first_board)
              if not b.is_empty]
    for board in boards:  # what reading left out or kept as written, as convert and autoplay tell it
        warn_of_issues(board, quiet, REBID_ANEW if rebid and _bids(board) else None)
    done = []
    counts = {"bid": 0, "kept": 0, "unchanged": 0}
    replaced: dict[str, list[str]] = {"auction": [], "auction and play": [], "contract": []}
    kept_calls: dict[str, list[str]] = {}  # the boards whose calls kept as written are replaced, by its words
    changed: list[tuple[str, Board, Board]] = []  # number, as read, as bid: for the records left out
    assumed: list[tuple[str, str]] = []  # board, what `playing_terms` assumed to bid it
    unchanged: list[tuple[list[str], str]] = []  # the boards written unchanged, and why
    irregular: list[str] = []  # the boards whose auction goes on past an illegal call, kept as written
    position: dict[str, int] = {}  # each board's place in the file, for the warnings in file order
    with progress_bar(len(boards), "Bidding", quiet) as bar:
        for i, (board, new) in enumerate(zip(boards, bid_boards(boards, rebid, judge, jobs), strict=True)):
            name = board_named(board, i + 1)
            position.setdefault(name, i)
            if board.auction is not None and board.auction.is_complete and not rebid:
                counts["kept"] += 1  # its calls explained where the file gave no word (`explained_calls`)
            elif new is not board:
                counts["bid"] += 1
                assumed.extend((name, what) for what in playing_terms(board).assumed)
                if contract_replaced(board, new):
                    replaced["contract"].append(name)
                # (without --rebid the file's calls are kept, some given the system's explanation)
                replaced_calls = rebid and auction_replaced(board, new)
                if kept_calls_replaced(board, new) and not replaced_calls:  # bid on from them
                    kept_calls.setdefault(kept_calls_words(board), []).append(name)
                changed.append((name, board, new))
                if replaced_calls:
                    played = board.play is not None and bool(board.play.cards)
                    replaced["auction and play" if played else "auction"].append(name)
            elif irregular_auction(board) and not rebid:
                counts["kept"] += 1
                irregular.append(name)
            elif board.deal is None and board.number is None:
                pass  # commentary alone (a lesson's introduction): no board to bid, written as it was
            else:
                counts["unchanged"] += 1
                unchanged.append(([name], f"{_why_not_bid(board)}, written unchanged"))
            done.append(new)
            bar.update(1)
    kept = ("(their explanations and comments kept in one comment after the computer's last call, "
            "the comments on the play after the play)")
    said = [*unchanged, (irregular, IRREGULAR_KEPT),
            (replaced["auction"], f"the auction the file gave is replaced by the computer's {kept}"),
            (replaced["auction and play"], "the auction the file gave is replaced by the computer's, and its "
             f"play with it (its notes on cards left out) {kept}"),
            (replaced["contract"], f"{CONTRACT_REPLACED} auction, its result unknown"),
            *((names, words) for words, names in kept_calls.items())]
    for names, words in sorted((told for told in said if told[0]), key=lambda told: position[told[0][0]]):
        warn_of_boards(names, words, quiet, input_file)  # in file order, by the first board each names
    warn_of_assumed(assumed, quiet, file=input_file, done="bid")
    warn_of_records_left_out(changed, quiet, input_file)
    write_records(done, output, fmt, quiet)
    if not quiet and output != "-":
        parts = [plural(counts["bid"], "board") + " bid"]
        if counts["kept"]:
            parts.append(f"{counts['kept']} kept their own auction")
        if counts["unchanged"]:
            parts.append(f"{counts['unchanged']} could not be bid")
        tell(f"{', '.join(parts)}; {plural(len(done), 'board')} written to {output}")


IRREGULAR_KEPT = ("the auction the file gave goes on past an illegal call (the table's record): kept as "
                  "written, not bid (--rebid bids the board anew)")
"""What `bid` says of the boards whose auction it keeps as the table made it (`irregular_auction`)."""


REBID_ANEW = {"contract": "the output gives the computer's auction's (--rebid)",
              "declarer": "the output gives the computer's auction's (--rebid)",
              "tricks": "the output has no result, the computer's auction not played (--rebid)"}
"""What ``bid --rebid``'s output gives of a board's facts the file disagreed on (`warn_of_issues`): the
reader keeps the file's tag, the computer's auction sets its own."""


def _bids(board: Board) -> bool:
    """Whether `bid_board` bids ``board`` (four full hands and a dealer), not giving it back as it was."""
    from bridgetools.board.terms import playing_terms

    return board.deal is not None and board.deal.is_complete and playing_terms(board).dealer is not None


def _why_not_bid(board: Board) -> str:
    """Why `bid_board` gave ``board`` back as it was: the deal is not four full hands, or no one deals."""
    if board.deal is None or not board.deal.is_complete:
        return "no four full hands to bid"
    from bridgetools.board.terms import NO_DEALER

    return NO_DEALER
