"""``bridgetools play``: serve the table in the browser, South with a computer partner, or a rubber of one
of the variants for two or three players against the computer."""

from __future__ import annotations

import socket
import threading
import time
import webbrowser
from functools import partial
from typing import Any

import click

from bridgetools._words import plural
from bridgetools.cli.common import (
    WholeNumber,
    board_named,
    encoding_option,
    first_board_option,
    from_option,
    refuse_first_board_alone,
    refuse_not_a_file,
    reports_errors,
    say,
    warn_of_assumed,
    warn_of_boards,
)
from bridgetools.errors import BridgeError, named_extra

PLAY_HINT = "bridgetools play needs the 'play' extra (starlette, uvicorn): pip install 'bridgetools[play]'"


@click.command()
@click.argument("file", required=False, type=click.Path(allow_dash=True))
@from_option
@encoding_option
@first_board_option
@click.option("--port", type=WholeNumber(0, 65535), default=0, show_default="a free port",
              help="The port to serve on.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to serve on; give a local network's address only to let a club's players in.")
@click.option("--no-browser", is_flag=True, help="Do not open the browser; just print the address.")
@click.option("--variant", type=click.Choice(["standard", "booby", "nullo", "sholem", "chinese", "konstam"]),
              default="standard", show_default=True,
              help="What to play: standard bridge, or a rubber of Booby (three players), Nullo, Sholem, "
                   "Chinese bridge or Konstam's Bridge for two (two players).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False),
              help="Append each finished board to this PBN file (with --variant: keep the rubbers in this "
                   "JSON file).")
@click.option("--no-confirm", is_flag=True, help="Play a card on the first click (no confirm step).")
@click.option("--players", type=click.Choice(["computer", "judging", "rules", "simple"]), default="computer",
              show_default=True,
              help="Who sits North, East and West. computer: rule-table bidding that explains itself "
                   "(judging game decisions by double-dummy simulation when the 'dd' extra is installed) "
                   "and Monte Carlo double-dummy card play; judging: the same, always judging by "
                   "simulation; rules: the same, bidding by the rule tables alone; simple: a quick "
                   "simple player.")
@click.option("--practice", is_flag=True,
              help="Practice mode: an Undo button takes back your last call or card (and what the "
                   "computer did after it), a Hint button says what the computer would call (and what "
                   "the call shows) or play in your place, and the end of each deal also shows par and "
                   f"the cards that cost a trick, double dummy (needs {named_extra('dd')}). The plain "
                   "game has none of these.")
@reports_errors
def play(file: str | None, from_format: str | None, encoding: str | None, first_board: int | None,
         port: int, host: str,
         no_browser: bool, variant: str, record_path: str | None,
         no_confirm: bool, players: str, practice: bool) -> None:
    """Play a deal in the browser: you sit South, the computer plays North, East and West.

    The plain game: South deals, you choose the vulnerability, and the duplicate score of the deal is
    shown with its breakdown at the end. With FILE (a practice set, e.g. from `bridgetools deal`; '-' for
    stdin), its
    boards are played in turn, each with its own dealer and vulnerability; where the file gives one
    as unknown (PBN Dealer "?" or Vulnerable "?") the board is played with South dealing or none
    vulnerable, with a warning, and its record keeps it unknown. A board giving the auction so far (a
    bidding quiz) or an opening lead (a lesson) goes on from there. The server listens on the
    loopback address only, unless --host says otherwise; Ctrl-C stops it.

    With --variant you play a rubber of a variant as player 1, the computer in the other seats: the
    score sheet is shown after each deal, and the next deal is offered until the rubber ends.

    \b
    Examples:
      bridgetools play
      bridgetools play --record evening.pbn
      bridgetools deal -n 8 'hcp(south) >= 15' -o set.pbn && bridgetools play set.pbn
      bridgetools play --port 8080 --no-browser
      bridgetools play set.pbn --practice     # undo; par and the costly cards after each deal
      bridgetools play --variant booby --record booby.json
    """
    if file:
        refuse_not_a_file(file)  # a directory, as a missing file: one line, exit 1
    else:
        refuse_first_board_alone(first_board)
    try:
        import uvicorn

        from bridgetools.table.web.app import create_app
    except ImportError:
        raise BridgeError(PLAY_HINT) from None
    from bridgetools.table.record import JsonRecord, PbnRecord

    _refuse_misnamed_record(record_path, variant)
    if file and variant != "standard":
        raise BridgeError(f"{file}: a file's boards are standard bridge deals; "
                          f"--variant {variant} deals afresh")
    boards = _boards(file, from_format, encoding, first_board) if file else []
    standard = variant == "standard"
    record = PbnRecord(record_path) if record_path and standard else None
    variant_record = JsonRecord(record_path) if record_path and not standard else None
    from bridgetools.table.players import computer_players, simple_players
    from bridgetools.table.variants import computer_players as variant_computers
    from bridgetools.table.variants import simple_players as variant_simple

    judge = {"judging": True, "rules": False}.get(players)
    seated = simple_players if players == "simple" else partial(computer_players, judge=judge)
    app = create_app(seated, boards=boards, record=record, confirm=not no_confirm, variant=variant,
                     variant_players=variant_simple if players == "simple" else variant_computers,
                     variant_record=variant_record, practice=practice)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)  # connections wait in the backlog from the moment the address is printed
    except OSError as e:
        raise BridgeError(f"cannot serve on {host}:{port}: {e.strerror or e}") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{bound}/"
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    from_file = f"; {plural(len(boards), 'board')} from {file}" if file else ""
    say(f"The table is at {url} (Ctrl-C to stop){from_file}")
    if not no_browser:
        threading.Thread(target=_open_when_ready, args=(server, url), daemon=True).start()
    server.run(sockets=[sock])


def _refuse_misnamed_record(path: str | None, variant: str) -> None:
    """A usage error for a --record whose suffix names another format than the one the table writes
    (PBN, a variant's rubbers JSON): `--record evening.lin` got PBN that no LIN reader opens."""
    from bridgetools.formats import format_from_name

    wanted = "pbn" if variant == "standard" else "json"
    named = format_from_name(path)
    if named is None or named == wanted:
        return
    if wanted == "pbn":
        raise click.UsageError(f"--record appends PBN but {path} names {named.upper()}; give a .pbn file "
                               "(bridgetools convert turns it into another format afterwards)")
    raise click.UsageError(f"--record keeps {variant}'s rubbers as JSON but {path} names {named.upper()}; "
                           "give a .json file")


def _boards(path: str, from_format: str | None = None, encoding: str | None = None,
            first_board: int | None = None) -> list[Any]:
    """The boards of ``path`` with a complete deal, to play in turn (read as ``--from``, ``--encoding`` and
    ``--first-board`` say); a warning naming the boards skipped for want of four full hands (a lesson's
    board of one or two hands: startup said "1 board" without a word of the others), as `autoplay` and
    `bid` name theirs, and one for each thing assumed to play them."""
    from bridgetools.board.terms import playing_terms
    from bridgetools.formats import read
    from bridgetools.table.game import HUMAN

    # placed among the boards not empty (text that was no board), as `bid` and `autoplay` place theirs
    boards = [b for b in read(path, from_format, encoding=encoding, first_board=first_board)
              if not b.is_empty]
    read_boards = list(enumerate(boards, 1))
    playable = [(i, b) for i, b in read_boards if b.deal is not None and b.deal.is_complete]
    if not playable:
        raise BridgeError(f"{path}: no board with a complete deal to play")
    skipped = [board_named(b, i) for i, b in read_boards if (b.deal is None or not b.deal.is_complete)
               and not (b.deal is None and b.number is None)]  # commentary alone is no board (`bid`)
    warn_of_boards(skipped, "no four full hands to play, skipped", file=path)
    # as the table plays them (`Game.from_board`), and the page says so too
    warn_of_assumed([(board_named(b, i), what) for i, b in playable
                     for what in playing_terms(b, dealer=HUMAN).assumed], file=path, done="played")
    return [b for _, b in playable]


def _open_when_ready(server: Any, url: str) -> None:
    for _ in range(100):
        if server.started:
            webbrowser.open(url)
            return
        time.sleep(0.05)
