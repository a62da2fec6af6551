"""``bridgetools print``: hand records and lesson handouts as PDF or one HTML file."""

from __future__ import annotations

import os
import re
from collections import deque
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import click

from bridgetools._words import listed, plural
from bridgetools.board import Board
from bridgetools.cli.common import (
    SEAT_NAME,
    atomic_output,
    board_named,
    boards_named,
    check_inputs,
    encoding_option,
    first_board_option,
    from_option,
    input_shown,
    mp_scale_option,
    not_a_seat,
    parse_seats,
    progress_bar,
    progress_shown,
    quiet_option,
    refuse_a_terminal,
    reports_errors,
    rubber_records_refused,
    tell,
    typed_text,
    warn,
    warn_of_boards,
    warnings_said_after,
)
from bridgetools.cli.convert import BoardOrigins, boards_by_place, boards_reporting_issues
from bridgetools.errors import BridgeError, named_extra
from bridgetools.formats._deal_checks import deal_key, number_place, unlike_law_2
from bridgetools.model import Deal, Seat, TableResult


def _rotation(ctx: click.Context, param: click.Parameter,
              value: str | None) -> tuple[str | None, Seat] | None:
    """``--rotate SEAT`` (the student to SEAT), ``--rotate ROLE`` (that player to South) or ``--rotate
    WHO:SEAT``, WHO a role or a seat: who is turned (a role, a seat letter, or None for the student) and
    where to."""
    if value is None:
        return None
    *given, to = value.split(":", 1)
    if not given:
        who = _who(ctx, param, to)
        return (who, Seat.S) if len(who) > 1 else (None, Seat.parse(who))
    return _who(ctx, param, given[0]), Seat.parse(SEAT_NAME.convert(to, param, ctx))


def _who(ctx: click.Context, param: click.Parameter, text: str) -> str:
    """A role of `bridgetools.records.rotate.ROLES` as written, else a seat's letter; refused in one line."""
    from bridgetools.records.rotate import ROLES

    text = typed_text(ctx, param, text) or ""  # as typed, in the C locale too
    if text.strip().lower() in ROLES:
        return text.strip().lower()
    try:
        return Seat.parse(text).letter
    except BridgeError:
        raise click.BadParameter(not_a_seat(text, f" nor a role ({', '.join(ROLES)})"), ctx, param) from None


@click.command(name="print")
@click.argument("inputs", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, allow_dash=True),
              help=f"The file to write: .pdf (needs {named_extra('print')}) or .html; '-' writes to stdout "
                   "(PDF redirected, not to a terminal, unless --format html).")
@click.option("-f", "--format", "fmt", type=click.Choice(["pdf", "html"], case_sensitive=False),
              help="Output format [default: from -o's suffix; pdf for -o -]. A suffix naming another "
                   "format is refused.")
@click.option("-p", "--per-page", type=click.Choice(["1", "2", "4", "6", "8"]),
              help="Boards per page; 8 prints two columns of four [default: one file's BridgeComposer "
                   "%BoardsPerPage, as it asks however few the boards; without it, 4, and fewer boards "
                   "in all (introductions not counted) print at the fewest a page that hold them: 1 for "
                   "one, 2 for two].")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False),
              help="Paper size [default: the locale's: letter in the US, Canada, Mexico and where else "
                   "LC_PAPER is Letter; a4 elsewhere].")
@click.option("--title", callback=typed_text,
              help="Title at the top of every page (default: the file's event, or its name where the "
                   "event is the one deal makes up, 'bridgetools deal, seed 5'; none for several files).")
@click.option("--event", callback=typed_text, help="Event or club, top right (default: the file's site).")
@click.option("--date", callback=typed_text, help="Date, top right (default: the file's date).")
@click.option("--cover", metavar="TEXT", callback=typed_text,
              help="A line printed under the title on every page.")
@click.option("--colours", "colours", type=click.Choice(["2", "4"]), default="2", show_default=True,
              help="Suit colours: 2 (red and black) or 4 (diamonds blue, clubs green).")
@click.option("--show", "show", callback=parse_seats, metavar="SEATS",
              help="Which hands to show, e.g. S or NS (default: all four, less those a board's Hidden "
                   "tag hides).")
@click.option("--rotate", callback=_rotation, metavar="[WHO:]SEAT|ROLE",
              help="Turn every board so the student (RotationBasis or Student tag, else a quiz's one hand "
                   "the Hidden tag shows or the seat its blank '____' asks to call, else declarer, else "
                   "dealer) sits in SEAT; auction and play turn with it, and the heading says so "
                   "('Turned: North as South'). A role alone turns that player "
                   "South on each board, e.g. responder (the opener's partner); WHO:SEAT turns WHO, a role "
                   "(declarer, dummy, dealer, opener, responder, leader) or a seat, to SEAT (responder:N).")
@click.option("--auction", is_flag=True, help="Print the auction.")
@click.option("--play", is_flag=True, help="Print the play, trick by trick.")
@click.option("--result", is_flag=True, help="Print the contract, tricks and score.")
@click.option("--traveller", is_flag=True,
              help="Print each board's traveller: the results at the other tables (a PBN ScoreTable), "
                   "pairs with their names, contract, declarer, tricks, score and matchpoints or IMPs.")
@click.option("--commentary/--no-commentary", default=True, show_default=True, help="Print the commentary.")
@click.option("--replaced", is_flag=True,
              help="Print too the comment `bid --rebid` and `autoplay` keep of the auction and play they "
                   "replaced (its explanations and the comments on it, a teacher's own included; left out "
                   "by default: a handout shows the auction printed).")
@click.option("--renumber", is_flag=True,
              help="Number the boards 1, 2, 3 ... in the order printed (several sets each numbered from 1 "
                   "on one handout); dealer and vulnerability stay the boards' own [default: each board "
                   "its file's number].")
@click.option("--hcp/--no-hcp", default=True, show_default=True,
              help="Print each shown hand's high-card points under the diagram; --no-hcp leaves them out "
                   "(a student sheet whose students count them).")
@click.option("--dd", is_flag=True,
              help="Print the double-dummy table, makeable contracts and par: the file's, else computed "
                   f"(needs {named_extra('dd')}).")
@click.option("--font", metavar="FONT.ttf",
              help="A TrueType font for PDF text beyond the standard fonts' WinAnsi (Greek, Cyrillic, "
                   "Polish L with stroke), embedded as a subset [default: DejaVu, Noto, Liberation or Arial "
                   "if found; "
                   "Chinese, Japanese and Korean in reportlab's fonts, not embedded: a warning says so]; "
                   "refused for HTML, shown in the reader's fonts.")
@mp_scale_option
@from_option
@first_board_option
@encoding_option
@quiet_option
@reports_errors
def print_(inputs: tuple[str, ...], output: str, fmt: str | None, per_page: str | None, paper: str | None,
           title: str | None, event: str | None, date: str | None, cover: str | None, colours: str,
           show: frozenset[Seat] | None,
           rotate: tuple[str | None, Seat] | None, auction: bool, play: bool, result: bool, traveller: bool,
           commentary: bool,
           replaced: bool, renumber: bool, hcp: bool, dd: bool,
           font: str | None, mp_scale: str | None, from_format: str | None, first_board: int | None,
           encoding: str | None, quiet: bool) -> None:
    """Print hand records or lesson handouts from any file bridgetools reads, as PDF or HTML.

    Each board shows its number, dealer and vulnerability, the four hands around the table with
    their HCP (unless --no-hcp), and on request the auction, play, result, commentary and the
    double-dummy table with par. The same input gives the same file byte for byte.

    \b
    Examples:
      bridgetools print samples/club_night.pbn -o records.pdf --dd
      bridgetools print samples/club_night.pbn -o travellers.pdf --per-page 2 --traveller
      bridgetools print samples/club_night.pbn -o records.html --per-page 6 --paper letter --title 'Monday'
      bridgetools print samples/club_night.pbn -o handout.pdf --per-page 1 --show S --rotate S --auction
      bridgetools print samples/club_night.pbn -o respond.pdf --per-page 1 --show S --rotate responder
      bridgetools print samples/club_night.pbn -o sheet.pdf --per-page 1 --show S --no-hcp
      bridgetools print samples/club_night.pbn samples/vugraph_match.lin -o both.pdf
      bridgetools print samples/club_night.pbn -o - | lpr
      bridgetools print samples/club_night.pbn -o - --format html > records.html
      bridgetools print samples/club_night.pbn -o r.pdf --font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
    """
    from bridgetools.records import NothingToPrintError, Options, write_records
    from bridgetools.records.view import default_paper

    kind = output_kind(output, fmt.lower() if fmt else None, font)
    if output == "-" and kind == "pdf":
        refuse_a_terminal("PDF", "records.pdf")
    check_inputs(output, inputs)
    options = Options(
        per_page=int(per_page or 4), per_page_from_file=per_page is None and len(inputs) == 1,
        per_page_to_fit=per_page is None,
        paper=paper.lower() if paper else default_paper(os.environ), title=title,
        event=event, date=date, cover=cover, four_colours=colours == "4", show=show,
        rotate=rotate[1] if rotate else None, rotate_who=rotate[0] if rotate else None, auction=auction,
        play=play, result=result,
        traveller=traveller, commentary=commentary, replaced=replaced, hcp=hcp, dd=dd,
        header_from_file=len(inputs) == 1,
        file_title=Path(inputs[0]).stem if len(inputs) == 1 and inputs[0] != "-" else None, font=font,
    )
    counts = {"boards": 0, "issues": 0, "notes": 0}
    origins = BoardOrigins()
    labels = file_labels(inputs)
    source = (lambda board: _file_name(origins(board), labels)) if len(inputs) > 1 else None
    with warnings_said_after(quiet), rubber_records_refused("print"):
        boards = _telling_boards_without_hands(inputs, from_format, encoding, quiet, counts, traveller,
                                               origins, first_board, play, mp_scale)
        if renumber:
            boards = boards_by_place(boards, "print")
        else:
            boards = _telling_numbers_shared(boards, origins, labels, quiet)
        total = None
        if dd and _bar_wanted(quiet):  # read once, counted for the bar; each board let go once printed
            read = deque(boards)
            total = len(read)
            boards = (read.popleft() for _ in range(total))
        with progress_bar(total or 0, "Solving", quiet=total is None) as bar:
            seen = {"auction": False, "dealt": False}
            boards = _noting_auctions(_counted(boards, bar), seen)
            try:
                if output == "-":
                    with atomic_output("-", "wb") as out:  # on stdout only once the whole file is made
                        printed = write_records(boards, out, options, kind=kind, source=source)
                else:
                    printed = write_records(boards, output, options, kind=kind, source=source)
            except NothingToPrintError as e:
                raise BridgeError(f"{', '.join(inputs)}: {e}") from None
        if auction and seen["dealt"] and not seen["auction"]:  # --auction printed nothing: say why
            import warnings

            files = " ".join(_quoted(name) for name in inputs)
            warnings.warn(f"--auction: no board has an auction; run `bridgetools bid {files}` first",
                          stacklevel=2)
    if not quiet:
        tell(f"{plural(printed, 'board')} -> {'<stdout>' if output == '-' else output}")



def _telling_boards_without_hands(inputs: tuple[str, ...], from_format: str | None, encoding: str | None,
                                  quiet: bool, counts: dict[str, int], traveller: bool,
                                  origins: BoardOrigins, first_board: int | None = None,
                                  play: bool = False, mp_scale: str | None = None) -> Iterator[Board]:
    """The boards of every input in turn (`boards_reporting_issues`; with ``traveller``, telling the
    ScoreTable columns left out, `_telling_columns_left_out`), each one's file told to ``origins``, with one
    warning for each file whose boards have no deal to print (a mistyped card leaves the whole deal
    unread): ``warning: card.pbn: board 1: printed without hands (no deal read)``, so the page's empty
    diagram is no surprise; and with ``play`` (``--play``), one for each file whose dealt boards have no
    play to print (none: the boards of a file never played, and how to play them), so that the missing
    tricks are no surprise either (a teacher's --play printed nothing, with no word). A file given twice
    is printed twice and told once."""
    together = _travellers_together(inputs, from_format, encoding, quiet, counts, origins, first_board,
                                    mp_scale) \
        if traveller and len(inputs) > 1 else None
    told: set[str] = set()
    for i, name in enumerate(inputs):
        handless: list[str] = []
        unplayed: list[str] = []
        unlike: dict[str, set[str]] = {}  # the boards whose dealer or vulnerability is not their number's
        dealt = 0
        if together is not None:
            shown: Iterator[Board] = iter(together[i])
        else:
            read = boards_reporting_issues((name,), from_format, False, encoding, quiet, counts,
                                           origins=origins, first_board=first_board)
            shown = _with_matchpoints(_telling_columns_left_out(read, name), mp_scale=mp_scale) \
                if traveller else read
        for place, board in enumerate(shown, 1):
            for what in unlike_law_2(board):
                unlike.setdefault(str(board.number), set()).add(what)
            if board.deal is None and board.number is not None:
                handless.append(board_named(board, place))
            elif play and board.deal is not None and not _passed_out(board):
                dealt += 1
                if board.play is None or not board.play.cards:
                    unplayed.append(board_named(board, place))
            yield board
        if name in told:
            continue
        told.add(name)
        warn_of_boards(handless, "printed without hands (no deal read)", quiet, input_shown(name))
        if unlike:  # printed for duplicate boards: the wallets say other dealers and vulnerabilities
            differ = " and ".join(what for what in ("dealer", "vulnerability")
                                  if any(what in whats for whats in unlike.values()))
            warn_of_boards(list(unlike), f"not the {differ} Law 2 gives the number (a duplicate board's "
                           "number fixes both): printed as the file gives", quiet, input_shown(name))
        if unplayed and len(unplayed) == dealt:
            warn(f"warning: {input_shown(name)}: --play: no board has a play to print; run `bridgetools "
                 f"autoplay {_quoted(name)}` first", quiet)
        else:
            warn_of_boards(unplayed, "no play to print (--play): printed without it", quiet,
                           input_shown(name))


def _telling_numbers_shared(boards: Iterator[Board], origins: BoardOrigins, labels: dict[str, str],
                            quiet: bool) -> Iterator[Board]:
    """``boards`` of one file or several, then one warning a file naming the boards it gives other deals
    under one number (`_tell_numbers_given_again`), and one naming the boards that two files or more give
    other deals under one number (two sessions' sets, each dealt from board 1), and their files: a combined
    handout's two ``Board 1``, each marked with its file, are no surprise, and the warning says how to
    number them apart. A board with the same deal in each (a late traveller, a match's other room, a file
    given twice) is no clash; nothing is renumbered unasked (`print --renumber`). Each board's deal is kept
    as `deal_key` keeps it, so a 100,000-board file printed board by board keeps no `Deal` a board."""
    first: dict[str, dict[int, tuple[int | Deal, int | None]]] = {}  # a file's numbers: first deal, line
    again: dict[tuple[str, int], dict[int | Deal, int | None]] = {}  # a number given other deals: lines
    for board in boards:
        origin = origins(board)
        if board.number is not None and board.deal is not None and origin is not None:
            file = _file_name(origin, labels) or origin[0]
            at = number_place(board)
            deal, line = deal_key(board.deal), None if at is None else at[0]
            kept = first.setdefault(file, {}).setdefault(board.number, (deal, line))
            if kept[0] != deal:
                again.setdefault((file, board.number), dict([kept])).setdefault(deal, line)
        yield board
    _tell_numbers_given_again(again, quiet)
    given: dict[int, dict[str, set[int | Deal]]] = {}  # by number, the deals each file gives it
    for file, numbers in first.items() if len(first) > 1 else ():
        for number, (deal, _) in numbers.items():
            given.setdefault(number, {})[file] = {deal, *again.get((file, number), ())}
    shared: dict[tuple[str, ...], list[str]] = {}
    for number, files in given.items():
        if len(files) > 1 and len(set().union(*files.values())) > 1:
            shared.setdefault(tuple(files), []).append(str(number))
    if not shared:
        return
    clauses = [(boards_named(numbers), listed(files)) for files, numbers in shared.items()]
    if len(clauses) == 1:
        [(named, where)] = clauses
        are = "are" if named.startswith("boards") else "is"
        said = f"{named} {are} numbered alike in {where}, with other deals"
    else:
        said = ("boards are numbered alike in several files, with other deals ("
                + "; ".join(f"{named} in {where}" for named, where in clauses) + ")")
    earlier = next(iter(shared))[0]
    highest = max(first[earlier])
    warn(f"warning: {said}: printed as each file numbers them, each marked with its file; to number the "
         f"sets apart, deal the next set on from the last ({earlier} ends at board {highest}: deal "
         f"--first-board {highest + 1}), or print them numbered 1, 2, 3 ... in the order given "
         "(print --renumber)", quiet)


def _tell_numbers_given_again(again: dict[tuple[str, int], dict[int | Deal, int | None]],
                              quiet: bool) -> None:
    """One warning a file that gives one board number to other deals (two sessions' sets one after the
    other, each from board 1), naming each such number (the first four of more) with the lines its deals
    are at (the first four of more): the handout prints two ``Board 1`` of that file, which `print
    --renumber` numbers apart."""
    files: dict[str, list[str]] = {}
    for (file, number), given in again.items():
        lines = [str(line) for line in given.values() if line is not None]
        shown = [*lines[:4], f"{len(lines) - 4} more"] if len(lines) > 5 else lines
        at = f" at lines {listed(shown)}" if len(lines) == len(given) else f" ({len(given)} deals)"
        files.setdefault(file, []).append(f"board {number}{at}")
    for file, named in files.items():
        more = f"; {plural(len(named) - 4, 'more board')}" if len(named) > 5 else ""
        named = named[:4] if more else named
        warn(f"warning: {file} numbers other deals alike ({'; '.join(named)}{more}): printed as the file "
             "numbers them; to number them apart, print them numbered 1, 2, 3 ... in the order given "
             "(print --renumber)", quiet)


def _travellers_together(inputs: tuple[str, ...], from_format: str | None, encoding: str | None,
                         quiet: bool, counts: dict[str, int], origins: BoardOrigins,
                         first_board: int | None, mp_scale: str | None = None) -> list[list[Board]]:
    """The boards of each of ``inputs``, read before any is printed so that their travellers are given
    the fields of all of them (`_with_matchpoints`): a late traveller in a file of its own is ranked with
    its board's other tables, as `export` of the files counts it."""
    read = [list(_telling_columns_left_out(boards_reporting_issues(
        (name,), from_format, False, encoding, quiet, counts, origins=origins, first_board=first_board),
        name)) for name in inputs]
    every = [board for boards in read for board in boards]
    list(_with_matchpoints(iter(every), [name for name, boards in zip(inputs, read, strict=True)
                                         for _ in boards],
                           [place for place, boards in enumerate(read) for _ in boards], mp_scale))
    return read


def _passed_out(board: Board) -> bool:
    """Whether ``board`` was passed out: no play to print, and none missing."""
    return board.contract is not None and board.contract.is_passed_out


def _telling_columns_left_out(boards: Iterator[Board], name: str) -> Iterator[Board]:
    """The ``boards`` of input ``name``, then one warning if their ScoreTables hold columns the printed
    traveller has no place for (``Table``, ``Round``, ``Remark``)."""
    import warnings

    from bridgetools.records.view import traveller_columns_left_out

    left_out: dict[str, None] = {}
    for board in boards:
        left_out.update(dict.fromkeys(traveller_columns_left_out(board)))
        yield board
    if left_out:
        columns = f"{'column' if len(left_out) == 1 else 'columns'} {', '.join(left_out)}"
        warnings.warn(f"{input_shown(name)}: ScoreTable {columns} not printed in the traveller "
                      "(convert keeps them)", stacklevel=2)


def _with_matchpoints(boards: Iterator[Board], inputs: Sequence[str] | None = None,
                      places: Sequence[int] | None = None, mp_scale: str | None = None) -> Iterator[Board]:
    """The ``boards`` of one file (or of several, ``inputs`` naming each board's and ``places`` its place
    among them: a file given twice is two), each whose results give no matchpoints nor IMPs (a ScoreTable
    without MP_NS or IMP_NS) given those `export` and `analyze` count, as its Scoring says (`_field_figure`:
    matchpoints, cross-IMPs or Butler IMPs, to two decimals), so that its printed traveller ranks the tables
    as they do, each score printed as ranked: one the file gives otherwise than its contract scores (Law 77)
    as the contract's, marked (`Rescored`); a board scored otherwise (BAM, Patton, total points) is left as it
    is. The boards are one session, as `export` counts them (`travellers_figures`): a board's results in
    several records of a file (a late traveller added), or in several files printed together (their repeats
    counted once), are one field; a team match's are its match's (`_matches`), a segment's later boards those
    of its own file. The matchpoints are on the file's scale, or the one ``mp_scale`` names
    (`matchpoint_scale`, the rule `analyze --by pair` shows them by)."""
    from bridgetools.analysis.export import travellers_figures
    from bridgetools.analysis.field import matchpoint_scale
    from bridgetools.analysis.pipeline import inputs_figures

    read = list(boards)
    for match_places in _matches(read, places):
        match = [read[i] for i in match_places]
        wanted = [_field_figure(board) for board in match]
        if any(figure is not None for figure in wanted):
            own = [_own_matchpoints(board) for board in match]  # counted too, to learn the file's scale
            asked = ["mp_ns" if mine else figure for figure, mine in zip(wanted, own, strict=True)]
            sources = [inputs[i] for i in match_places] if inputs is not None else None
            counted = travellers_figures(match, asked) if sources is None \
                else inputs_figures(match, asked, sources)
            scale = matchpoint_scale(_matchpoint_pairs(match, own, counted), mp_scale)
            if mp_scale is not None:
                _tell_two_scales(match, own, wanted, counted, scale, mp_scale)
            for board, figure, figures in zip(match, wanted, counted, strict=True):
                if figure is not None:
                    times = scale if figure == "mp_ns" else 1.0
                    board.results = tuple(_as_ranked(board, _given(r, figure, ns, ew, times), figure)
                                          for r, (ns, ew) in zip(board.results or (), figures, strict=True))
    yield from read


def _tell_two_scales(boards: Sequence[Board], own: Sequence[bool], wanted: Sequence[str | None],
                     counted: Sequence[Sequence[tuple[float | None, float | None]]], scale: float,
                     named: str) -> None:
    """Warn where ``--mp-scale`` counts some tables on a scale that the matchpoints the file gives on its
    ``own`` boards (printed as given) are not on, so that a record printing two scales says so."""
    import warnings

    from bridgetools.analysis.field import GIVEN_ROUNDING

    if not any(figure == "mp_ns" and not mine for figure, mine in zip(wanted, own, strict=True)):
        return  # no table counted on the scale named: every matchpoint printed is the file's
    other = [str(board.number) for board, mine, figures in zip(boards, own, counted, strict=True)
             if mine and any(abs(given - ours * scale) > GIVEN_ROUNDING + 1e-9
                             for given, ours in _matchpoint_pairs([board], [True], [figures])
                             if given is not None and ours is not None)]
    if other:
        label = {"acbl": "the ACBL's, 1 a table beaten", "ebu": "the EBU's, 2 a table beaten"}[named]
        warnings.warn(f"--mp-scale {named}: the matchpoints given on board{'s' if len(other) > 1 else ''} "
                      f"{', '.join(dict.fromkeys(other))} are on another scale, printed as given beside the "
                      f"tables counted on {label}", stacklevel=2)


def _own_matchpoints(board: Board) -> bool:
    """Whether ``board``, scored by matchpoints, gives its tables' matchpoints itself (its MP_NS)."""
    return scored_by(board.scoring) == "mp_ns" and any(
        figure is not None for r in board.results or () for figure in (r.matchpoints_ns, r.matchpoints_ew))


def _matchpoint_pairs(boards: Sequence[Board], own: Sequence[bool],
                      counted: Sequence[Sequence[tuple[float | None, float | None]]]
                      ) -> Iterator[tuple[float | None, float | None]]:
    """Each matchpoint the file gives on its ``own`` boards beside the one counted here (2 a table beaten,
    `export`'s), for `matchpoint_scale` to learn the file's scale from."""
    for board, mine, figures in zip(boards, own, counted, strict=True):
        if mine:
            for r, (ns, ew) in zip(board.results or (), figures, strict=True):
                yield from ((r.matchpoints_ns, ns), (r.matchpoints_ew, ew))


def _matches(boards: list[Board], files: Sequence[int] | None = None) -> list[list[int]]:
    """The places of a file's boards (or several's, ``files`` giving each board's) as fields are counted
    for its travellers: a team match's (a closed room or teams named: `names_a_match`) by their match as
    `export` and `analyze` find it (`record_matches`: a Swiss file's rounds, a segment of one file, a room
    naming no teams with its match), room against room as `analyze` scores them; another file's all one
    session."""
    from bridgetools.analysis.field import record_matches
    from bridgetools.formats.text import names_a_match

    if not any(names_a_match(board.room, board.tags) for board in boards):
        return [list(range(len(boards)))]
    groups: dict[int, list[int]] = {}
    for place, match in enumerate(record_matches(boards, files)):
        groups.setdefault(match, []).append(place)
    return list(groups.values())


def _given(result: TableResult, figure: str, ns: float | None, ew: float | None,
           scale: float = 1.0) -> TableResult:
    """``result`` with each side's ``figure`` (`TRAVELLER_FIGURES`), to two decimals, in its place: the
    matchpoints' (times ``scale``, the file's: `matchpoint_scale`), or the IMPs'."""
    from dataclasses import replace

    if figure == "mp_ns":
        return replace(result, matchpoints_ns=_rounded(ns, scale), matchpoints_ew=_rounded(ew, scale))
    return replace(result, imps_ns=_rounded(ns), imps_ew=_rounded(ew))


def _field_figure(board: Board) -> str | None:
    """The figure ``board``'s traveller is given (`_with_matchpoints`), as its Scoring says (`scored_by`),
    when it has results none of which gives matchpoints or IMPs; None otherwise."""
    results = board.results or ()
    given = any(figure is not None for r in results
                for figure in (r.matchpoints_ns, r.matchpoints_ew, r.imps_ns, r.imps_ew))
    return None if not results or given else scored_by(board.scoring)


MATCHPOINT_SCORING = frozenset({"MP", "MATCHPOINTS", "MATCHPOINT", "MP1", "MP2", "OLDMP", "INSTANT"})
"""The base systems of a PBN Scoring tag (its first ``;`` field, upper case) that score by matchpoints."""


IMP_SCORING = frozenset({"IMP", "IMPS"})
"""The base systems of a PBN Scoring tag that score by IMPs, across the field unless a field names Butler."""


_BUTLER = re.compile(r"BUTLER(?:[\s_-]*(\d+))?")
"""A Scoring field naming a Butler datum: ``Butler`` (the mean of every score), or ``Butler-2`` as PBN
2.1 spells it and as files do (``Butler 2``, ``Butler2``; ``Butler-3`` and any other count read as
``Butler-2``, the one PBN names: the mean without the extreme scores)."""


_CROSS_FIGURES = {"CROSS": "ximp_sum_ns", "CROSS1": "ximp_per_score_ns", "CROSS2": "ximp_ns"}
"""PBN's cross-IMP fields by the figure each names: ``Cross`` summed over the other scores, ``Cross1``
that divided by the number of scores, ``Cross2`` by the number of comparisons (``Cross-IMPs`` and
``XIMP`` too)."""


def scored_by(scoring: str | None) -> str | None:
    """The field figure a board of this Scoring tag is scored by (`TRAVELLER_FIGURES`), as PBN 2.1 §3.4.12
    words its fields: matchpoints with no tag (or none that names a system: ``620``, ``;``) or a base
    system of `MATCHPOINT_SCORING` (``MP;Mitchell2``, ``##Matchpoints``); where a field names a Butler
    datum (`_BUTLER`), IMPs against it, formed as ``Median`` or ``Mean`` say (``IMP;Butler;Median``;
    ``Butler-2`` without the extremes, ``Butler`` of every score); else cross-IMPs where a field names
    them (`_CROSS_FIGURES`: ``IMP;Cross;Mean`` too, a datum's way of forming it naming no datum); else
    IMPs against a datum ``Median`` or ``Mean`` names alone, or cross-IMPs averaged for IMPs alone (a
    team match's two rooms get the IMPs between them); None for a datum of experts (not in the file),
    BAM, Patton, total points, rubber and any other."""
    fields = [field.strip().lstrip("#").strip().upper() for field in (scoring or "").split(";")]
    base = fields[0]
    if not base or base.isdecimal() or base in MATCHPOINT_SCORING:
        return "mp_ns"
    butler = [m for field in fields if (m := _BUTLER.fullmatch(field))]
    cross = [field for field in fields if field.startswith(("CROSS", "XIMP"))]
    if cross and not butler:
        return next((_CROSS_FIGURES[field] for field in cross if field in _CROSS_FIGURES), "ximp_ns")
    if "EXPERTS" in fields:
        return None
    if "MEDIAN" in fields:
        return "butler_median_ns"
    if butler:
        return "butler_ns" if any(m[1] is not None for m in butler) else "butler_all_ns"
    if "MEAN" in fields:
        return "butler_all_ns"
    return "ximp_ns" if base in IMP_SCORING else None


def _as_ranked(board: Board, result: TableResult, figure: str = "mp_ns") -> TableResult:
    """``result`` with the score its matchpoints (or IMPs, as ``figure`` says) rank: the one its contract,
    declarer and tricks give (Law 77) where the file's differs (a sign lost: 100 for 4S one down), marked
    as such (`Rescored`); likewise where the file's East-West score does not balance North-South's
    (``score_ew``), as the contract's score ranks both sides (`ranked_scores`); a director's assigned
    (``^``) score as given."""
    from dataclasses import fields

    from bridgetools.formats._law77 import law77_score, result_disagrees
    from bridgetools.records.view import Rescored

    scored = result_disagrees(board, result)
    if scored is None and result.score_ew is not None and not result.assigned_score:
        scored = law77_score(board, result.contract, result.declarer, result.tricks)
    if scored is None:
        return result
    given = {f.name: getattr(result, f.name) for f in fields(TableResult)}
    return Rescored(**{**given, "score_ns": scored[0], "score_ew": None}, file_score_ns=result.score_ns,
                    file_score_ew=result.score_ew,
                    ranked_by="matchpoints rank" if figure == "mp_ns" else "IMPs count")


def _rounded(figure: float | None, scale: float = 1.0) -> float | None:
    """A matchpoint or IMP figure (times ``scale``) as a traveller prints it: to two decimals (``7.33``),
    one that rounds to zero without a sign (a field's cross-IMPs of -1/300 are 0, not -0)."""
    return None if figure is None else round(figure * scale, 2) + 0.0


def _file_name(origin: tuple[str, int, int | None] | None, labels: dict[str, str]) -> str | None:
    """The name a board's file is printed by when several are (`file_labels`)."""
    return None if origin is None else labels.get(origin[0], origin[0])


def file_labels(inputs: Sequence[str]) -> dict[str, str]:
    """The name each input's boards are printed by when several are, by the name the input is read as
    (`input_shown`): the shortest end of its path that no other input's ends in, so that a director can tell
    them apart (``monday.pbn``; ``week1/club.pbn`` beside ``week2/club.pbn``, where both read ``club.pbn``),
    and the path as given where no end is shorter (``club.pbn`` beside ``old/club.pbn``)."""
    paths = {shown: Path(os.path.normpath(shown)).parts for shown in map(input_shown, inputs)}
    labels: dict[str, str] = {}
    for shown, parts in paths.items():
        others = [other for other in paths.values() if other != parts]
        ends = (parts[-k:] for k in range(1, len(parts) + 1))
        end = next((end for end in ends if all(other[-len(end):] != end for other in others)), None)
        labels[shown] = shown if end is None else str(Path(*end))
    return labels


def _bar_wanted(quiet: bool) -> bool:
    """A progress bar for `print --dd`, whose solving is long on a big file: drawn on a terminal, said in
    plain lines on a log (`progress_shown`)."""
    return progress_shown(quiet)


def _noting_auctions(boards: Iterator[Board], seen: dict[str, bool]) -> Iterator[Board]:
    """``boards``, noting in ``seen`` whether any has a deal (``dealt``) and any an auction (``auction``),
    so that ``--auction`` on a file of deals alone is told what to run first."""
    for board in boards:
        seen["dealt"] = seen["dealt"] or board.deal is not None
        seen["auction"] = seen["auction"] or bool(board.auction is not None and board.auction.calls)
        yield board


def _quoted(name: str) -> str:
    """``name`` as a shell would take it (`shlex.quote`), so the command said can be pasted."""
    import shlex

    return shlex.quote(name)


def _counted(boards: Iterator[Board], bar: Any) -> Iterator[Board]:
    """``boards``, moving ``bar`` on as each is taken to be printed (and its table solved)."""
    for board in boards:
        yield board
        bar.update(1)


def output_kind(output: str, fmt: str | None, font: str | None = None) -> str:
    """``pdf`` or ``html``: ``--format``, else what ``-o``'s suffix names (PDF for stdout). A suffix naming
    the other one is a usage error, as in ``convert`` and ``analyze``, and so are a name with no suffix
    without ``--format``, any other suffix (`kind_of`), as in ``convert`` and ``deal``, and ``--font``
    for HTML (`check_font`)."""
    kind = _output_kind(output, fmt)
    from bridgetools.records import check_font

    try:
        check_font(kind, font)
    except BridgeError as e:
        raise click.UsageError(str(e)) from None
    return kind


def _output_kind(output: str, fmt: str | None) -> str:
    from bridgetools.records import kind_of

    if output == "-":
        return fmt or "pdf"
    if not Path(output).suffix:
        if fmt:
            return fmt
        raise click.UsageError(f"{output}: hand records are written as .pdf or .html (or give --format pdf "
                               "or html)")
    try:
        named = kind_of(output)
    except BridgeError as e:
        raise click.UsageError(str(e)) from None
    if fmt and fmt != named:
        raise click.UsageError(f"{output} names a {named} file but --format is {fmt}; give one or make them "
                               "agree")
    return named
