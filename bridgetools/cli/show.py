"""``bridgetools show``: a deal string, a handviewer link or a file's boards, as diagrams."""

from __future__ import annotations

import os

import click

from bridgetools.cli.common import reports_errors, suits_option, wants_unicode
from bridgetools.cli.convert import READ_FORMATS, guarded
from bridgetools.errors import BridgeError
from bridgetools.model import Deal


def _looks_like_file(text: str) -> bool:
    return text == "-" or os.path.exists(text)


@click.command()
@click.argument("source")
@click.option("-b", "--board", "number", type=int, help="Show only the board(s) with this number.")
@click.option(
    "--from", "from_format", type=click.Choice(READ_FORMATS), help="Input format (default: sniffed)."
)
@suits_option
@reports_errors
@guarded
def show(source: str, number: int | None, from_format: str | None, suits: str) -> None:
    """Show a deal (PBN deal string), a BBO handviewer link, or a file's boards as diagrams.

    A file's boards come with the auction (alerts marked, explanations as footnotes) and the play
    trick by trick.

    \b
    Examples:
      bridgetools show 'N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65'
      bridgetools show match.lin --board 12
      bridgetools show 'https://www.bridgebase.com/tools/handviewer.html?lin=...'
    """
    from bridgetools.formats import handviewer, text

    unicode = wants_unicode(suits)
    if _looks_like_file(source):
        from bridgetools.formats import read

        boards = read(source, from_format)
    elif handviewer.is_handviewer(source):
        boards = iter(handviewer.read_url(source))
    else:
        try:
            deal = Deal.from_pbn(source)
        except BridgeError as e:
            raise BridgeError(f"{source!r} is not a file, and not a deal: {e}") from None
        click.echo(text.diagram(deal, unicode=unicode))
        return
    shown = 0
    for board in boards:
        if number is not None and board.number != number:
            continue
        if shown:
            click.echo()
        click.echo(text.board_text(board, unicode=unicode), nl=False)
        for issue in board.issues:
            click.echo(str(issue), err=True)
        shown += 1
    if not shown:
        which = f"board {number}" if number is not None else "boards"
        raise BridgeError(f"{source}: no {which} found")
