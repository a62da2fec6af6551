"""``bridgetools dd``: double-dummy tables and par, opening leads and play reviews, for a deal or a file."""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator

import click

from bridgetools._words import hands_of
from bridgetools.board import Board
from bridgetools.cli.common import (
    JOBS,
    SEAT_NAME,
    BoardsBar,
    atomic_output,
    boards_named,
    encoding_option,
    first_board_option,
    from_option,
    go_with,
    input_shown,
    progress_shown,
    quiet_flag,
    refuse_a_missing_file,
    refuse_first_board_alone,
    refuse_missing_folder,
    refuse_overwriting,
    reports_errors,
    say,
    suits_option,
    tell,
    typed_deal,
    typed_text,
    wants_unicode,
    warn,
    warn_of_boards,
    warn_of_issues,
    warnings_said_after,
)
from bridgetools.dd.cache import RecentTables, refuse_a_foreign_cache
from bridgetools.errors import BridgeError, MissingExtraError, named_extra, unread_issue
from bridgetools.model import Deal, Seat, Vul
from bridgetools.model.results import DDTable, Par


def _boards(source: str, number: int | None, from_format: str | None, dealer: str | None,
            vul: str | None, quiet: bool = False, numbers: list[str] | None = None,
            encoding: str | None = None, first_board: int | None = None) -> Iterator[Board]:
    """The boards of a file (board ``number`` only, when given), or one board of a deal string; the
    problems met reading the boards given on stderr, unless ``quiet`` (-q: no warnings): with a
    ``number``, those of its boards alone, as `show --board` says them, not the whole file's. The numbers
    of all the file's boards go to ``numbers``, to name them when the board asked for is not there."""
    if source == "-" or os.path.exists(source):
        from bridgetools.formats import read

        for board in read(source, from_format, encoding=encoding, first_board=first_board):
            asked = number is None or (not board.is_empty and board.number == number)
            if asked:
                warn_of_issues(board, quiet)
            if not board.is_empty and numbers is not None and board.number is not None:
                numbers.append(str(board.number))
            if asked and not board.is_empty:
                yield board
        return
    deal, typed_dealer = typed_deal(source)  # as `show` reads it: a LIN md|...| too, a fourth hand left out
    board = Board(number=number, deal=deal, dealer=typed_dealer)
    not_given = _hands_not_given(deal)
    if not_given is not None:
        sizes = {len(hand) for hand in deal if hand is not None}
        cards = "all 52 cards" if sizes <= {13} else "all four hands"
        verb = "are" if not_given.endswith("hands") else "is"
        raise BridgeError(f"{source!r}: {not_given} {verb} not given ('-'); double-dummy analysis needs "
                          f"{cards} of the deal")
    if _unequal_hands(board):
        from bridgetools.formats._deal_checks import uneven_hands

        # each hand named by its seat, as show names them; no refused hand to pass (`uneven_hands`): a
        # 14-card hand made `Deal.from_pbn` raise above, one error, as the readers tell it once
        uneven = uneven_hands(deal, Seat.N, repr(source))
        said = uneven[0] if uneven is not None else f"{source!r}: the hands hold no cards"
        raise BridgeError(f"{said}; double dummy needs four hands of one size")
    whole = _tricks_left(board) == 13  # an ending has no auction: no dealer or vulnerability to assume
    # North and None are falsy (Seat.N, Vul.NONE are 0): a board's own is kept by `is not None`
    known_dealer, known_vul = board.dealer, board.vulnerability
    board.dealer = Seat.parse(dealer) if dealer else known_dealer if known_dealer is not None \
        else (Seat.N if whole else None)
    board.vulnerability = Vul.parse(vul) if vul else known_vul if known_vul is not None \
        else (Vul.NONE if whole else None)
    yield board


def _solvable(board: Board, number: int | None = None) -> bool:
    """Whether the board has all four hands, of one size (and is board ``number``, when given): a board
    whose hands differ (a card left out) is passed over with a warning, not the end of the file's run."""
    return board.deal is not None and all(board.deal[s] is not None for s in Seat) \
        and not _unequal_hands(board) and (number is None or board.number == number)


def _unequal_hands(board: Board) -> bool:
    """Whether the board's hands hold different numbers of cards (or none), which DDS cannot solve."""
    sizes = {len(h) for h in board.deal if h is not None} if board.deal is not None else set()
    return len(sizes) > 1 or sizes == {0}


def _unsolvable_why(board: Board) -> str:
    """Why a file's board has no deal to solve, for the warning that passes it over."""
    if unread_issue(board.issues, "deal") is not None:  # the deal, or a hand in it (the others kept)
        return "its deal could not be read" if board.deal is None else "a hand could not be read"
    if board.deal is not None and all(board.deal[s] is not None for s in Seat) and _unequal_hands(board):
        return "the hands hold different numbers of cards"
    not_given = _hands_not_given(board.deal) if board.deal is not None else None
    return f"{not_given} not given" if not_given is not None else "a hand not given"


def _hands_not_given(deal: Deal) -> str | None:
    """``West's hand``, ``East and West's hands``: the hands a deal leaves unknown (PBN's ``-``), as a
    player names them; None when it gives all four."""
    missing = [seat.full_name for seat in Seat if deal[seat] is None]
    return hands_of(missing) if missing else None


@click.command()
@click.argument("source")
@click.option("-b", "--board", "number", type=int, help="Only the board with this number.")
@from_option
@encoding_option
@first_board_option
@click.option("--dealer", type=SEAT_NAME,
              help="With a deal string: who deals, for par (default N, or the board's Law 2 dealer).")
@click.option("--vul", type=click.Choice(["None", "NS", "EW", "All"], case_sensitive=False),
              help="With a deal string: the vulnerability, for par (default None, or the board's).")
@click.option("--lead", "lead", metavar="CONTRACT", callback=typed_text,
              help="Declarer's tricks after every opening lead against CONTRACT.")
@click.option("--declarer", type=SEAT_NAME,
              help="With --lead: the declarer (default: the board's).")
@click.option("--review", is_flag=True, help="Every card played, with those that cost a trick marked.")
@click.option("--add", is_flag=True,
              help="Write the boards as PBN with the table and par added (DoubleDummyTricks, OptimumScore, "
                   "ParContract, OptimumResultTable), to stdout or -o; the input is never changed.")
@click.option("-o", "--output", metavar="PATH",
              help="With --add: the PBN file to write (default: stdout; not the input).")
@click.option("-j", "--jobs", type=JOBS, help="Solver threads (default: one per core).")
@click.option("--cache", "cache", metavar="PATH", type=click.Path(dir_okay=False),
              help="Keep solved tables in this SQLite file; a second run solves only new deals.")
@click.option("--dask", "dask", metavar="ADDRESS",
              help=f"Solve on this Dask scheduler's cluster (tcp://host:8786; needs {named_extra('dist')}).")
@quiet_flag("warnings or progress bar")
@suits_option
@reports_errors
def dd(source: str, number: int | None, from_format: str | None, encoding: str | None,
       first_board: int | None, dealer: str | None, vul: str | None,
       lead: str | None, declarer: str | None, review: bool, add: bool, output: str | None,
       jobs: int | None, cache: str | None, dask: str | None, quiet: bool, suits: str) -> None:
    """Double-dummy table and par of a deal (PBN deal string) or of a file's boards.

    The table shows the tricks each declarer (N S E W) takes in each strain; then the makeable
    contracts and par, as hand records print them. Needs the 'dd' extra (DDS): pip install 'bridgetools[dd]'.

    \b
    Examples:
      bridgetools dd 'N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65'
      bridgetools dd 'N:AKQ2.KJ3.T98.432 ...' --lead 3NT --declarer E
      bridgetools dd match.pbn --board 3 --review
      bridgetools dd session.pbn --add -o session_dd.pbn --cache ~/.cache/dd.sqlite
      bridgetools dd archive.pbn --add -o analysed.pbn --dask tcp://scheduler:8786
    """
    from bridgetools.dd import _dds

    if dask is not None and not _dds.available():  # the 'dist' extra brings DDS too: named at once
        raise MissingExtraError("solving on a Dask cluster", "dist")
    _dds.dds()  # without the extra: one line saying how to install it, before any work
    unicode = wants_unicode(suits, quiet=quiet)
    refuse_a_missing_file(source)
    if output is not None and not add:
        raise click.UsageError("-o/--output goes with --add")
    refuse_overwriting(output, [source])  # before the solving, not after it: inputs are never modified
    if cache is not None:  # its folder is not made, and it is written in place
        refuse_missing_folder(cache, False)
    error = go_with((("--cache", cache), ("--dask", dask)),
                    "tables and --add, not --lead or --review (solved here, position by position)")
    if (lead or review) and error is not None:
        raise error
    if cache is not None:  # a file named by mistake: one line before the boards are read
        refuse_a_foreign_cache(cache)
    if declarer and not lead:
        raise click.UsageError("--declarer goes with --lead (the declarer of the contract led against)")
    error = go_with((("--dealer", dealer), ("--vul", vul)),
                    "a deal string: a file's boards give their own dealer and vulnerability")
    from_file = source == "-" or os.path.exists(source)
    if error is not None and from_file:
        raise error
    if not from_file:
        refuse_first_board_alone(first_board)
    if add and (lead or review):
        raise click.UsageError("--add writes the table and par; it does not go with --lead or --review")
    numbers: list[str] = []
    boards = _boards(source, None if add else number, from_format, dealer, vul, quiet, numbers, encoding,
                     first_board)
    which = f"board {number}" if number is not None else "deals"

    def none_solved() -> str:
        """The error when no board had four full hands, naming the file's boards when one was asked for
        (known once the file is read)."""
        there = f" (the file holds {boards_named(numbers)})" if number is not None and numbers else ""
        return f"{source}: no {which} with four full hands found{there}"
    if lead or review:
        _leads_and_reviews(boards, lead, declarer, review, unicode, quiet, none_solved,
                           from_file=source == "-" or os.path.exists(source))
        return
    if add:
        from bridgetools.formats import format_from_name

        if not (source == "-" or os.path.exists(source)):
            raise click.UsageError("--add adds the tables to a file's boards (written to stdout or -o); "
                                   "give a file, not a deal string")
        named = None if output in (None, "-") else format_from_name(output)
        if named not in (None, "pbn"):
            raise click.UsageError(f"--add writes PBN (its tags are PBN's) but {output} names a {named} "
                                   "file; give -o OUT.pbn")
        if named is None and output not in (None, "-") and os.path.splitext(output)[1]:
            raise click.UsageError(f"--add writes PBN (its tags are PBN's) but {output} names no PBN file; "
                                   "give -o OUT.pbn")
    from_file = source == "-" or os.path.exists(source)
    name = input_shown(source)
    shown = 0
    with BoardsBar("Solving", quiet=not _bar_wanted(source, quiet)) as bar:

        def counted() -> Iterator[tuple[Board, DDTable | None]]:
            nonlocal shown
            for board, table in _solved(boards, number, jobs, dask, cache, bar.at,
                                        lambda why: warn(f"{name}: {why}", quiet or add or not from_file)):
                shown += table is not None
                yield board, table

        if add:
            _add(counted(), output or "-", none_solved, quiet, name)
        else:
            _show(counted(), unicode, quiet, name)
    if not shown:
        raise BridgeError(none_solved())


def _solved(boards: Iterable[Board], number: int | None, jobs: int | None, dask: str | None,
            cache: str | None, progress: Callable[[int, int | None], None], passed_over: Callable[[str], None]
            ) -> Iterator[tuple[Board, DDTable | None]]:
    """Each board with its table (None for a board with no full deal, named to ``passed_over``), in file
    order, each as its batch is solved; the rooms of a match (or the tables of a pairs file) that play one
    deal under one number are solved once. ``progress`` is told the boards given out so far and, once the
    file has been read to its end, how many it holds (None before): boards solved, not bytes read, which
    ran a batch or more ahead of the solving."""
    from bridgetools import dd as solver

    pending: deque[tuple[Board, DealKey | None]] = deque()  # each board read, and its deal when solvable
    tables: RecentTables[DealKey, DDTable | None] = RecentTables(REMEMBERED)  # sent to the solver
    read = done = 0
    total: int | None = None

    def deals() -> Iterator[Deal]:
        nonlocal read, total
        for board in boards:
            read += 1
            if board.deal is not None and _solvable(board, number):
                key = _deal_key(board)
                pending.append((board, key))
                if key not in tables:
                    tables[key] = None
                    yield board.deal
                continue
            pending.append((board, None))
            passed_over(f"{_which(board)}: no full deal to solve ({_unsolvable_why(board)})")
        total = read

    def given(board: Board, table: DDTable | None) -> tuple[Board, DDTable | None]:
        nonlocal done
        done += 1
        progress(done, total)
        return board, table

    def known() -> Iterator[tuple[Board, DDTable | None]]:
        """The boards waiting whose deal has no table to come: unsolvable, or solved already."""
        while pending and (pending[0][1] is None or tables.get(pending[0][1]) is not None):
            board, key = pending.popleft()
            yield given(board, None if key is None else tables[key])

    for table in solver.dd_tables(deals(), jobs=jobs, scheduler=dask, cache=cache, waiting=tell):
        yield from known()
        board, key = pending.popleft()
        assert key is not None
        tables[key] = table
        yield given(board, table)
    yield from known()


DealKey = tuple[int | None, Deal, Seat | None, Vul | None]
"""What makes two boards one to solve and show: number, deal, dealer and vulnerability (the two rooms of a
match's board, the tables of a pairs file)."""
REMEMBERED = 20_000
"""How many recent deals' tables are kept to give a repeat of one (a match's closed room) without solving
it again: the rooms of a board are that close in any file."""


def _deal_key(board: Board) -> DealKey:
    assert board.deal is not None
    return board.number, board.deal, board.dealer, board.vulnerability


def _tricks_left(board: Board) -> int:
    """Tricks the deal has to play: 13, or fewer for an ending (a deal string of a few cards a hand)."""
    hand = board.deal[Seat.N] if board.deal is not None else None
    return len(hand) if hand is not None else 0


def _par(board: Board, table: DDTable) -> Par | None:
    """Par when the board's vulnerability and dealer are known and it is a whole deal (an ending has no
    auction, so no par)."""
    from bridgetools import dd as solver

    if board.vulnerability is None or board.dealer is None or _tricks_left(board) != 13:
        return None
    return solver.par(table, board.vulnerability, board.dealer)


def _board_name(board: Board, rooms: list[str | None] | None = None) -> str:
    """``Board 4``, with its room where the file names one (``Board 4 (Open room)``), or the ``rooms`` its
    deal was played in (``Board 4 (Open room and Closed room)``); ``""`` unnumbered."""
    from bridgetools.records.view import room_text

    if board.number is None:
        return ""
    named = [room_text(room) for room in dict.fromkeys(rooms or [board.room]) if room]
    return f"Board {board.number}" + (f" ({' and '.join(named)})" if named else "")


SHOWN_TOGETHER = 40
"""How many boards after a deal's first its other rooms are looked for before it is shown: the rooms of a
board are adjacent in a match's file, and the window keeps the output flowing as the batches are solved."""


def _one_per_deal(boards: Iterable[tuple[Board, DDTable | None]]
                  ) -> Iterator[tuple[Board, DDTable, list[str | None]]]:
    """The solved boards once per deal under its number (`_deal_key`), in file order, each with the rooms
    that played it: a match's two rooms are one board with one table, as a hand record gives it. Rooms are
    named only in a team match (`names_a_match`), not on a BBO myhands file's every ``qx|o1``. A deal is
    given once `SHOWN_TOGETHER` boards have followed its first (a room further on is shown on its own), so
    memory stays flat and each board comes out as its batch is solved."""
    from bridgetools.formats.text import names_a_match

    held: dict[DealKey, tuple[int, Board, DDTable, list[str | None]]] = {}  # in file order
    match = False

    def oldest() -> tuple[Board, DDTable, list[str | None]]:
        _, board, table, rooms = held.pop(next(iter(held)))
        return board, table, rooms if match else [None]

    for place, (board, table) in enumerate(boards):
        match = match or names_a_match(board.room, board.tags)
        if table is not None and board.deal is not None:
            held.setdefault(_deal_key(board), (place, board, table, []))[3].append(board.room)
        while held and next(iter(held.values()))[0] <= place - SHOWN_TOGETHER:
            yield oldest()
    while held:
        yield oldest()


def _show(boards: Iterable[tuple[Board, DDTable | None]], unicode: bool, quiet: bool = False,
          name: str = "") -> None:
    """Each solved deal as a hand record shows it, as soon as it is known: heading, diagram, table,
    makeable contracts, par (a warning naming the board where par cannot be had)."""
    from bridgetools.dd import records
    from bridgetools.formats import text

    for i, (board, table, rooms) in enumerate(_one_per_deal(boards)):
        assert board.deal is not None
        if i:
            say()
        title = " ".join(p for p in (
            _board_name(board, rooms),
            f"Dealer {board.dealer.name}" if board.dealer is not None else "",
            f"Vul {board.vulnerability.pbn}" if board.vulnerability is not None else "") if p)
        if title:
            say(title)
        say(text.diagram(board.deal, unicode=unicode))
        say()
        say(records.grid(table, unicode))
        left = _tricks_left(board)
        if left != 13:  # contracts and par count thirteen tricks: an ending has only its table
            say(f"An ending of {left} trick{'s' if left != 1 else ''}: "
                "tricks from here, no contracts or par")
            continue
        say(records.makeable(table, unicode))
        par = _par_telling(board, table, quiet, name)
        if par is not None:
            say(records.par_line(par, unicode))


def _which(board: Board) -> str:
    """Which board a warning is about: ``board 3``, or ``a board without a number``."""
    return f"board {board.number}" if board.number is not None else "a board without a number"


def _par_telling(board: Board, table: DDTable, quiet: bool, name: str) -> Par | None:
    """`_par`, with a warning when a whole deal has none for want of its vulnerability or dealer (a file's
    ``[Vulnerable "?"]``): ``x.pbn: board 3: no par: vulnerability unknown``, not a par line left out
    without a word."""
    par = _par(board, table)
    if par is None and _tricks_left(board) == 13:
        unknown = " and ".join(what for what, value in (("vulnerability", board.vulnerability),
                                                        ("dealer", board.dealer)) if value is None)
        warn(f"{name + ': ' if name else ''}{_which(board)}: no par: {unknown} unknown", quiet)
    return par


def _add(boards: Iterator[tuple[Board, DDTable | None]], output: str, none_solved: Callable[[], str],
         quiet: bool = False, name: str = "") -> None:
    """Every board written to ``output`` as PBN (atomically), the solved ones with their tags added;
    when no board was solved, the error ``none_solved`` and no file written or rewritten (an ``-o``
    left behind, or the input rewritten, beside an error). What PBN cannot hold (a LIN input's ``zz``)
    is said once after the writing, unless ``quiet``, as ``convert`` says it."""
    from bridgetools.dd import records
    from bridgetools.formats import write

    solved = 0
    told: RecentTables[DealKey, None] = RecentTables(REMEMBERED)  # a deal's rooms: one warning of no par

    def annotated() -> Iterator[Board]:
        nonlocal solved
        for board, table in boards:
            if table is not None:
                key = _deal_key(board)
                records.add_to_board(board, table, _par_telling(board, table, quiet or key in told, name))
                told[key] = None
                solved += 1
            yield board

    # a temporary file renamed into place (or stdout for -), the warnings said once it is
    with warnings_said_after(quiet), atomic_output(output) as out:
        write(annotated(), out, "pbn")
        if not solved:
            raise BridgeError(none_solved())  # inside: the temporary file is dropped, not renamed


def _leads_and_reviews(boards: Iterator[Board], lead: str | None, declarer: str | None, review: bool,
                       unicode: bool, quiet: bool, none_solvable: Callable[[], str], from_file: bool) -> None:
    """Each solvable board's leads and review. A board with no cards played is passed over by
    --review, and one with no declarer (a passed-out or unplayed board) by --lead without --declarer,
    each named in one warning at the end, so that a file whose first boards were never played
    (endplay__example3.pbn's board 37) still has the others reviewed; an error only when no board
    had anything to show, ``none_solvable`` when no board had four full hands."""
    from bridgetools import dd as solver
    from bridgetools.dd import records
    from bridgetools.model import Contract

    shown = 0
    unplayed: list[str] = []
    undeclared: list[str] = []
    from bridgetools.formats.text import rooms_named

    contract = Contract.from_str(lead) if lead else None
    for board, room in rooms_named(boards):  # a room named only in a team match, as print names it
        if not _solvable(board):
            continue
        assert board.deal is not None
        name = str(board.number) if board.number is not None else "?"
        played = board.play is not None and bool(board.play.cards)
        seat = Seat.parse(declarer) if declarer else board.declarer
        if review and not played:
            unplayed.append(name)
        if lead and seat is None:
            undeclared.append(name)
        if not ((lead and seat is not None) or (review and played)):
            continue  # nothing to show: named in a warning at the end
        if shown:
            say()
        if board.number is not None:
            say(_board_name(board, [room]))
        if contract is not None and seat is not None:
            leads = solver.dd_leads(board.deal, contract, seat)
            say(f"{records.contract_text(contract, unicode)} by {seat.full_name}, "
                f"{seat.lho.full_name} on lead: declarer's tricks after each lead")
            say(records.leads_text(leads, unicode))
        if review and played:
            reviewed = solver.dd_review(board)
            say(records.review_text(reviewed, unicode))
            claim = records.claim_text(reviewed, board.play.claimed if board.play is not None else None)
            if claim is not None:
                say(claim)
        shown += 1
    if not shown and undeclared:
        raise BridgeError(f"no declarer for --lead on {_named(undeclared, from_file)}: give --declarer")
    if not shown and unplayed:
        raise BridgeError(f"no cards to review: no play recorded on {_named(unplayed, from_file)}")
    if not shown:
        raise BridgeError(none_solvable())
    warn_of_boards(undeclared, "no declarer, no leads shown (give --declarer)", quiet)
    warn_of_boards(unplayed, "no play recorded, not reviewed", quiet)  # a result without its cards too


def _named(numbers: list[str], from_file: bool) -> str:
    """What an error is about: a file's boards by number (`boards_named`), else the deal string."""
    return boards_named(numbers) if from_file else "the deal string"


def _bar_wanted(source: str, quiet: bool) -> bool:
    """Whether the bar of boards solved is shown: for a file named (not standard input or a pipe), drawn on
    a terminal or said in plain lines on a log (`progress_shown`), unless ``quiet``."""
    return os.path.isfile(source) and source != "-" and progress_shown(quiet)

