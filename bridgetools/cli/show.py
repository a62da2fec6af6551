"""``bridgetools show``: a deal string, a handviewer link or a file's boards, as diagrams."""

from __future__ import annotations

import os
from collections.abc import Iterator

import click

from bridgetools.board import Board
from bridgetools.cli.common import (
    SEAT_NAME,
    ReadingBar,
    encoding_option,
    first_board_option,
    from_option,
    parse_seats,
    quiet_flag,
    refuse_a_missing_file,
    reports_errors,
    rubber_records_refused,
    say,
    suits_option,
    tell,
    typed_deal,
    typed_text,
    wants_unicode,
    warn_of_issues,
)
from bridgetools.errors import BridgeError, unread_issue
from bridgetools.model import Deal, Seat
from bridgetools.rules import Auction, Play


def _looks_like_file(text: str) -> bool:
    return text == "-" or os.path.exists(text)


@click.command()
@click.argument("source")
@click.option("-b", "--board", "number", type=int, help="Show only the board(s) with this number.")
@from_option
@first_board_option
@encoding_option
@click.option("--dealer", type=SEAT_NAME,
              help="With a deal string: who deals (default N, or the board's Law 2 dealer).")
@click.option("--auction", "calls", metavar="CALLS", callback=typed_text,
              help="With a deal string: the calls from the dealer, e.g. '1S P 4S P P P'; each is checked.")
@click.option("--play", "cards", metavar="CARDS", callback=typed_text,
              help="With a deal string and a complete auction: the cards in the order played, checked.")
@click.option("--show", "hands", callback=parse_seats, metavar="SEATS",
              help="Which hands to show, e.g. S or NS (default: all four, less those a board's PBN Hidden "
                   "tag hides).")
@suits_option
@quiet_flag("warnings or progress bar")
@reports_errors
def show(source: str, number: int | None, from_format: str | None, first_board: int | None,
         encoding: str | None, dealer: str | None,
         calls: str | None, cards: str | None, hands: frozenset[Seat] | None, suits: str,
         quiet: bool) -> None:
    """Show a deal (PBN deal string, or a LIN md|...| value), a BBO handviewer link (lin=, or the hands
    as n=, e=, s=, w=), or a file's boards as diagrams ('-' reads the file from stdin). A deal string of
    three hands gives the fourth the cards left.

    A file's boards come with the auction (alerts marked, explanations as footnotes) and the play
    trick by trick. A quiz's hidden hands (its PBN Hidden tag) are left blank unless --show names them.

    \b
    Examples:
      bridgetools show 'N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65'
      bridgetools show 'N:AKQ2.KJ3.T98.432 ...' --auction '1S P 4S P P P' --play 'SJ S6 S3 S2'
      bridgetools show match.lin --board 12
      bridgetools show quiz.pbn --show NESW
      bridgetools show 'https://www.bridgebase.com/tools/handviewer.html?lin=...'
      bridgetools show 'https://www.bridgebase.com/tools/handviewer.html?n=sakq2hkj3dt98c432&d=n&b=7'
    """
    from bridgetools.formats import handviewer, text

    unicode = wants_unicode(suits, quiet=quiet)
    refuse_a_missing_file(source)
    # --board reads the whole file to show a few: the bytes read are shown on a terminal meanwhile
    from_file = _looks_like_file(source)
    bar = ReadingBar([source] if number is not None and from_file else [], "Reading", quiet)
    if from_file:
        from bridgetools.formats import read

        boards = read(bar.source(source), from_format, encoding=encoding, first_board=first_board)
    elif handviewer.is_handviewer(source):
        boards = iter(handviewer.read_url(source))
    else:
        deal, lin_dealer = typed_deal(source)
        _warn_if_uneven(deal)
        dealer = dealer or (lin_dealer.name if lin_dealer is not None else None)
        seats = hands if hands is not None else frozenset(Seat)
        if calls is None and cards is None:
            say(text.diagram(deal, unicode=unicode, shown=seats))
            return
        say(text.board_text(_played_board(deal, number, dealer, calls, cards), unicode=unicode,
                    shown=seats), nl=False)
        return
    with bar, rubber_records_refused("show"):
        count = _shown(boards, number, hands, unicode, quiet)
    if not count:
        which = f"board {number}" if number is not None else "boards"
        hint = _by_place_hint(source, from_format, number, first_board)
        raise BridgeError(f"{source}: no {which} found{hint}")


def _by_place_hint(source: str, from_format: str | None, number: int | None, first_board: int | None) -> str:
    """What to add when ``--board`` finds no board past 1 in a BRI or DGE file read without --first-board:
    those formats number their boards by place from 1, so a set dealt from board 37 reads back as 1, 2 ..."""
    from bridgetools.formats import format_from_name

    fmt = from_format or format_from_name(source)
    if number is None or number <= 1 or first_board is not None or fmt not in ("bri", "dge"):
        return ""
    return (f" ({fmt.upper()} numbers its boards by their place from board 1: a set dealt from board "
            f"{number} reads as boards 1, 2 ...; read it with --first-board {number} to number it from "
            f"{number})")


def _shown(boards: Iterator[Board], number: int | None, hands: frozenset[Seat] | None, unicode: bool,
           quiet: bool = False) -> int:
    """Show the boards numbered ``number`` (every board when None) with their issues on stderr (not when
    ``quiet``): with a ``number``, those boards' alone, not the whole file's; how many were shown."""
    from bridgetools.formats import text
    from bridgetools.records.rotate import hidden_seats

    count = 0
    for board, room in text.rooms_named(boards):
        if board.is_empty:  # text that was no board: say why (not a board asked for), show nothing
            if number is None:  # nor counted for the exit status: the command is about that board alone
                warn_of_issues(board, quiet)
            continue
        if number is not None and board.number != number:
            continue
        if count:
            say()
        seats = hands if hands is not None else frozenset(Seat) - hidden_seats(board)
        say(text.board_text(board, unicode=unicode, shown=seats, room=room), nl=False)
        warn_of_issues(board, quiet, said=unread_issue(board.issues, "deal"))  # the diagram says it
        count += 1
    return count


def _warn_if_uneven(deal: Deal) -> None:
    """Say on stderr when a full hand sits beside a shorter one (a card left out when typing the deal),
    as reading the deal from a PBN file does; the diagram is still shown."""
    from bridgetools.formats._deal_checks import uneven_hands

    # no refused hand to pass: a typed deal with a 14-card hand is refused whole by `typed_deal`, one error
    uneven = uneven_hands(deal, Seat.N)
    if uneven is not None and uneven[1] == "warning":
        tell(f"warning: {uneven[0]}")


def _played_board(deal: Deal, number: int | None, dealer: str | None, calls: str | None,
                  cards: str | None) -> Board:
    """A board of ``deal`` with the auction and play given on the command line, checked by the Laws
    (an illegal call or card raises, naming the rule broken)."""
    board = Board(number=number, dealer=Seat.parse(dealer) if dealer else None, deal=deal)
    if board.dealer is None:
        board.dealer = Seat.N
    auction = Auction(board.dealer, (calls or "").replace(",", " ").split())
    board.auction = auction
    if cards:
        if auction.contract is None or auction.declarer is None:
            raise BridgeError("--play needs a complete auction that ends in a contract")
        board.play = Play(deal, auction.contract, auction.declarer, cards.replace(",", " ").split())
    return board
