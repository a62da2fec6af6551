"""``bridgetools score`` and ``bridgetools rubber``: score contracts, and rubbers or Chicagos from a log."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Iterable

import click

from bridgetools.cli.common import (
    SEAT_NAME,
    binary_stream,
    go_with,
    refuse_not_a_file,
    reports_errors,
    say,
    tell,
    typed_text,
    warn,
)
from bridgetools.errors import BridgeError, ParseError, SheetError
from bridgetools.formats._io import open_text, typed_lines
from bridgetools.model import Contract, Seat
from bridgetools.rules.variants.rules import VARIANT_NAMES
from bridgetools.scoring import Score, score_breakdown
from bridgetools.scoring.backscore import (
    BACK_SCORE_ROUNDING,
    BackScoreRounding,
    back_score,
    back_score_sheet,
    rubber_entries,
)
from bridgetools.scoring.duplicate import split_result
from bridgetools.scoring.log import RUBBER_LINE, Players, RubberLog, parse_score_line, read_rubbers
from bridgetools.scoring.rubber import (
    UNFINISHED_PARTSCORE,
    Chicago,
    ChicagoVariant,
    DealResult,
    Honours,
    Rubber,
    ScoreSheet,
    Settlement,
)
from bridgetools.scoring.rubber import settle as settle_margin

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


class _TricksMayBeNegative(click.Command):
    """``score``'s command: TRICKS may be ``-1`` or ``-2`` (click would take them for options, so it
    ignores unknown ones), but any other word starting with ``-`` that is no option of the command
    (``--declarer N``) is said to be none, as every other command says, not an extra argument."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        known = {name for param in self.get_params(ctx) if isinstance(param, click.Option)
                 for name in (*param.opts, *param.secondary_opts)}
        for arg in args:
            if arg == "--":
                break
            name = arg.split("=", 1)[0]
            if arg.startswith("-") and arg != "-" and not _UNDERTRICKS.fullmatch(arg) and name not in known:
                raise click.NoSuchOption(name, possibilities=sorted(known), ctx=ctx)
        return super().parse_args(ctx, args)


_UNDERTRICKS = re.compile(r"-\d+")
"""TRICKS relative to the contract, down: ``-1``, ``-13`` (not an option)."""


@click.command(cls=_TricksMayBeNegative, context_settings={"ignore_unknown_options": True})
@click.argument("contract", callback=typed_text)
@click.argument("tricks", required=False, callback=typed_text)
@click.option("--vul", "vulnerable", is_flag=True, help="Declarer's side is vulnerable (default: not).")
@click.option("--nv", "not_vulnerable", is_flag=True, help="Declarer's side is not vulnerable (the default).")
@json_option
@reports_errors
def score(contract: str, tricks: str | None, vulnerable: bool, not_vulnerable: bool, as_json: bool) -> None:
    """Score CONTRACT when declarer takes TRICKS (duplicate, Law 77), item by item.

    TRICKS is 0-13, or relative to the contract: =, +1, -2, also written onto the contract
    as on a traveller (4SX-3, 3NT=). With CONTRACT `-`, score the lines
    `CONTRACT TRICKS [vul|nv]` read from stdin (--vul/--nv for lines that do not say), one result a
    line; a bad line is reported as
    `-:LINE:COLUMN: message` on stderr, the other lines are still scored, and the exit code is 1.

    \b
    Examples:
      bridgetools score 4SX 8 --vul
      bridgetools score 3NT +1
      bridgetools score 6H= --vul
      printf '4SX 8 vul\\n3NT 10 nv\\n' | bridgetools score -
    """
    if vulnerable and not_vulnerable:  # click's --vul/--nv took the last silently: 4S 10 --vul --nv was 420
        raise click.UsageError("--vul and --nv contradict each other; give one")
    if contract == "-":
        if tricks is not None:
            raise click.UsageError("with `-`, the contracts and tricks are read from stdin")
        sys.exit(_score_lines(typed_lines(binary_stream("stdin")), vulnerable, as_json))
    written, attached = split_result(contract)
    if tricks is not None and attached is not None:
        raise click.UsageError(f"the result is written onto the contract ({contract}) and given again as "
                               f"TRICKS ({tricks}): give it once, `{written} {tricks}` or `{contract}`")
    if tricks is None:
        contract, tricks = written, attached
    parsed = _contract(contract)
    if tricks is None and not parsed.is_passed_out:
        raise click.UsageError("missing TRICKS (0-13, or =, +1, -2)")
    result = score_breakdown(parsed, 0 if tricks is None else tricks, vulnerable)
    say(json.dumps(result.as_dict()) if as_json else str(result))


def _contract(text: str) -> Contract:
    """CONTRACT read; a file's name given instead (``score adir.pbn``: a hand-record file or a directory,
    there or named like one) is said as such, with what ``score`` expects and the command that scores a
    file's boards, rather than as a contract with a bad first character."""
    from bridgetools.formats import format_from_name

    try:
        return Contract.from_str(text)
    except BridgeError:
        if not (os.path.exists(text) or format_from_name(text) is not None):
            raise
    what = "a directory" if os.path.isdir(text) else "a file" if os.path.exists(text) else "a file name"
    raise BridgeError(f"{text}: {what}, not a contract: expected CONTRACT [TRICKS], such as 4SX 8 or 3NT= "
                      f"({_command_for(text)})")


def _command_for(name: str) -> str:
    """The command that reads the file ``name`` as it is: ``analyze`` for boards (a hand-record file or
    a directory), ``score -`` for a file whose content is no boards format (score lines: results.txt)."""
    import shlex

    from bridgetools.formats import SNIFF_CHARS, detect_format

    if os.path.isfile(name):
        try:
            stream, _ = open_text(name)  # decoded as hand records are (a byte order mark, UTF-16, Latin-1)
            with stream:
                detect_format(name, stream.read(SNIFF_CHARS))
        except (BridgeError, OSError):
            return f"the score lines of a file: bridgetools score - < {shlex.quote(name)}"
    return f"the results of a file's boards: bridgetools analyze {shlex.quote(name)}"


def _score_lines(lines: Iterable[str], vulnerable: bool, as_json: bool) -> int:
    """Score every line of ``lines``; the exit code: 1 when any line was bad."""
    status = 0
    for number, text in enumerate(lines, 1):
        try:
            line = parse_score_line(text, "-", number, vulnerable)
        except BridgeError as e:
            tell(str(e))
            status = 1
            continue
        if line is None:
            continue
        result = score_breakdown(*line)
        if as_json:
            say(json.dumps(result.as_dict()))
        else:
            say(score_line(result))
    return status


def score_line(result: Score) -> str:
    """One line of ``score -``: ``4S 10 vul 620``; a passed-out deal, which has no tricks nor
    vulnerability that count, ``Pass: 0``."""
    if result.contract.is_passed_out:
        return f"{result.contract}: {result.total}"
    vul = "vul" if result.vulnerable else "nv"
    return f"{result.contract} {result.tricks} {vul} {result.total}"


CHICAGO_SCORING = ("laws", "duplicate")
"""``--variant`` with ``--chicago``: how a Chicago is scored."""


@click.command()
@click.argument("file", type=click.Path(allow_dash=True))
@click.option("--chicago", is_flag=True, help="Score four-deal bridge (Chicago) instead of a rubber.")
@click.option("--variant", type=click.Choice([*CHICAGO_SCORING, *VARIANT_NAMES]), default=None,
              show_default="laws, with --chicago",
              help="With --chicago: partscores carry over (laws) or every deal scored as at duplicate. "
                   "Without: a rubber of a variant for two or three players (booby, nullo, chinese, "
                   "konstam; see docs/variants.md), its deals written CONTRACT PLAYER TRICKS.")
@click.option("--switched", is_flag=True,
              help="Chicago: the non-dealing side is vulnerable on deals 2 and 3.")
@click.option("--first-dealer", type=SEAT_NAME, default="N", show_default=True,
              help="Chicago: who deals the first deal.")
@click.option("--we", type=click.Choice(["NS", "EW"]), default="NS", show_default=True,
              help="The side written in the We column.")
@click.option("--honours/--no-honours", default=None,
              help="Score honours (default: yes, except for duplicate-style Chicago).")
@click.option("--unfinished-partscore", type=click.Choice(["100", "50"]), default=None,
              help="Unfinished rubber: credit for the only side with a partscore (50 in old codes). "
                   "Default: 100, or the credit a recorded variant rubber was left with.")
@click.option("--settle", type=click.Choice(["none", "nearest-100-half-down", "nearest-100-half-up"]),
              default="none", show_default=True,
              help="Also show the margin settled in hundreds (club custom); the back score rounds so too "
                   "(with none: an odd 50 or more counts as 100).")
@json_option
@reports_errors
def rubber(file: str, chicago: bool, variant: str | None, switched: bool, first_dealer: str, we: str,
           honours: bool | None, unfinished_partscore: str | None, settle: Settlement, as_json: bool) -> None:
    """Score a rubber (or, with --chicago, a Chicago) from a plain text log or a hand-record file and print
    the score sheet.

    One deal a line: CONTRACT DECLARER TRICKS, then optionally honours=NS100 (or NS150, EW100, EW150)
    and deal="N:... ... ... ..." (honours are then found in the deal). TRICKS is 0-13 or =, +1, -2.
    A passed-out deal is `Pass`. Comments run from # to the end of the line. A log of several rubbers
    starts each with a line `rubber N=Ann E=Bob S=Cat W=Dan` naming its players (a bare `rubber` line:
    the same players): every rubber's sheet is printed, then each player's back score in hundreds.
    FILE may be '-' (stdin). See docs/scoring.md.

    A hand-record file (PBN, LIN, JSON: the record `bridgetools play --record` keeps) is read as the
    deals of an evening: each board with a contract and a result, in file order, is a deal; a rubber
    ends when a side wins two games (a Chicago after four deals) or the players the boards name change,
    and the next deal starts the next. Honours are found in the boards' deals. A board with no result is
    named in one warning and skipped.

    With --variant NAME (booby: three players; nullo, chinese, konstam: two) the log's deals are
    CONTRACT PLAYER TRICKS with the player 1-3 (`2N0 1 4`: two nullo by player 1, four tricks), honours
    as honours=2:100 (player 2 holds 100); a line `rubber 1=Ann 2=Bob 3=Cat` names the players of the
    rubber after it, a bare `rubber` line starts the next with the same players. Sholem is not scored
    from a log (its long suits and honours come from the cards). A record of variant rubbers that
    `bridgetools play --variant NAME --record FILE.json` keeps is scored too.

    \b
    Examples:
      bridgetools rubber samples/rubber-worked.txt
      bridgetools rubber samples/rubber-evening.txt
      bridgetools rubber --chicago samples/rubber-chicago.txt
      bridgetools rubber evening.pbn
      bridgetools rubber --variant booby samples/rubber-booby.txt
    """
    variant_name = variant if variant in VARIANT_NAMES else None
    scoring: ChicagoVariant = "duplicate" if variant == "duplicate" else "laws"
    _refuse_chicago_options_for_a_rubber(chicago, variant_name)
    refuse_not_a_file(file, "a rubber log")  # a directory, as a missing file: one line, exit 1
    stream, _ = open_text(file)  # decoded as hand records are: a byte order mark, UTF-8 or Latin-1
    with stream:
        text = stream.read()
    if variant_name is not None or _is_a_variant_record(file, text):
        from bridgetools.cli.variant_rubber import score_variant_log

        score_variant_log(text, file, variant_name, as_json,
                          None if unfinished_partscore is None else int(unfinished_partscore))
        return

    def sheet_of(deals: list[DealResult]) -> ScoreSheet:
        return _sheet(deals, chicago, scoring, switched, first_dealer, we, honours, unfinished_partscore)

    fmt = _hand_record_format(file, text)
    from_boards = fmt is not None
    if fmt is not None:
        logged = _rubbers_of_boards(file, text, fmt, lambda deals: sheet_of(deals).is_finished)
    else:
        logged = read_rubbers(text.splitlines(), file)
    if chicago and scoring == "duplicate" and honours is None:
        _warn_of_honours_not_scored(logged, file)
    sheets = []
    for one in logged:
        try:
            sheets.append(sheet_of([deal for _, deal in one.deals]))
        except SheetError as e:
            line = one.deals[e.deal - 1][0]
            raise ParseError(f"{e.message}: {_next_one(chicago)}", file, line, 1) from None
    if len(logged) == 1 and logged[0].players is None:  # one rubber, its players not named
        _print_sheet(sheets[0], settle, as_json)
        return
    half_down = settle == "nearest-100-half-down"
    rule: BackScoreRounding = "nearest-100-half-down" if half_down else BACK_SCORE_ROUNDING
    results = [(*one.players, sheet.ns_net) for one, sheet in zip(logged, sheets, strict=True)
               if one.players is not None]
    if as_json:
        rubbers = [{"line": one.line, "players": None if one.players is None else
                    dict(zip("NESW", one.players, strict=True)),
                    "back_score": None if one.players is None else
                    rubber_entries((*one.players, sheet.ns_net), rule, n),
                    **_sheet_data(sheet, settle)}
                   for n, (one, sheet) in enumerate(zip(logged, sheets, strict=True), 1)]
        say(json.dumps({"rubbers": rubbers, "back_score": back_score(results, rule)}))
        return
    for n, (one, sheet) in enumerate(zip(logged, sheets, strict=True), 1):
        seats = ("players not named" if one.players is None else
                 ", ".join(f"{seat.full_name} {name}" for seat, name in zip(Seat, one.players, strict=True)))
        where = _boards_of(one) if from_boards else f"line {one.line}" if one.line is not None else \
            f"from line {one.deals[0][0]}"
        say(f"{n}. {seats} ({where})\n{sheet.heading()}\n{sheet.sheet(settle)}\n")
    if results:
        say(back_score_sheet(results, rule, "Chicago" if chicago else "rubber"))


def _next_one(chicago: bool) -> str:
    """What starts the next rubber (or Chicago) in a log: the hint after a deal the sheet had no room for."""
    kind = "Chicago" if chicago else "rubber"
    return (f"start the next {kind} with a line `{RUBBER_LINE}` above this deal (or `rubber`: the same "
            "players)")


def _is_a_variant_record(file: str, text: str) -> bool:
    """Whether ``text`` is the record of variant rubbers `bridgetools play --variant NAME --record` keeps."""
    from bridgetools.formats.jsonfmt import json_value
    from bridgetools.rules.variants.record_shape import rubbers_of

    if not text.lstrip("\ufeff \t\r\n").startswith("{"):
        return False
    try:
        return rubbers_of(json_value(text)) is not None
    except ValueError:
        return False


def _hand_record_format(file: str, text: str) -> str | None:
    """The hand-record format ``file`` is in, by its name (``evening.pbn``) or else its content, as other
    commands tell; None for a rubber log (text no hand-record format claims: ``4S N 10``)."""
    from bridgetools.formats import READABLE, SNIFF_CHARS, detect_format, format_from_name

    named = format_from_name(file)
    if named in READABLE:
        return named
    try:
        return detect_format(None, text[:SNIFF_CHARS])
    except BridgeError:
        return None


def _rubbers_of_boards(file: str, text: str, fmt: str, over: Callable[[list[DealResult]], bool]
                       ) -> list[RubberLog]:
    """The rubbers an evening's hand records hold: each board with a contract and a result in file order
    is a deal (its honours found in its deal); a rubber ends when ``over`` says so of its deals, or when
    the players the boards name change. Each board with no result is named in a warning (``file:line``
    where the format has lines) and skipped."""
    import io

    from bridgetools.cli.common import (
        board_named,
        rubber_records_refused,
        warn_of_issues,
        warnings_said_after,
    )
    from bridgetools.formats import read

    stream = io.StringIO(text)
    stream.name = file
    with warnings_said_after(), rubber_records_refused("rubber"):
        boards = list(read(stream, fmt))
    for board in boards:  # its reading problems, said as every command says them (syntax: exit 1 after)
        warn_of_issues(board)
    lines = _game_lines(text, fmt, len(boards))
    rubbers: list[RubberLog] = []
    deals: list[tuple[int, DealResult]] = []
    players: Players | None = None

    def close() -> None:
        if deals:
            rubbers.append(RubberLog(None, players, tuple(deals)))

    for position, board in enumerate(boards, 1):
        named = board_named(board, position)
        if board.contract is None or (not board.contract.is_passed_out and board.tricks is None):
            where = f"{file}:{lines[position - 1]}" if lines else file
            warn(f"warning: {where}: board {named}: no result (a contract and declarer's tricks): not scored")
            continue
        sitting = tuple(board.players.get(seat) for seat in Seat)
        seated: Players | None = sitting if all(sitting) else None  # type: ignore[assignment]
        if deals and seated != players:
            close()
            deals = []
        players = seated
        deals.append((board.number if board.number is not None else position, DealResult.from_board(board)))
        if over([deal for _, deal in deals]):
            close()
            deals = []
    close()
    if not rubbers:
        raise ParseError("no board has a result (a contract and declarer's tricks) to score", file)
    return rubbers


def _game_lines(text: str, fmt: str, count: int) -> list[int]:
    """The line each board of a PBN file starts on (empty for other formats, or when the games and the
    boards read do not pair off)."""
    import io

    if fmt != "pbn":
        return []
    from bridgetools.formats.pbn import scan_offsets

    lines = [game.line for game in scan_offsets(io.StringIO(text))]
    return lines if len(lines) == count else []


def _boards_of(one: RubberLog) -> str:
    """The boards a rubber read from hand records was played on: ``boards 1-8``."""
    first, last = one.deals[0][0], one.deals[-1][0]
    return f"board {first}" if first == last else f"boards {first}-{last}"


def _refuse_chicago_options_for_a_rubber(chicago: bool, variant_name: str | None) -> None:
    """``--switched``, ``--variant laws|duplicate`` and ``--first-dealer`` given without ``--chicago``: a
    usage error, rather than a rubber scored as if they had not been given; ``--chicago`` with a variant's
    name (``booby``) too: a Chicago is four-deal bridge."""
    if variant_name is not None and chicago:
        raise click.UsageError(f"--variant {variant_name} scores a rubber of {variant_name}; --chicago is "
                               "four-deal bridge (--variant laws or duplicate)")
    if chicago:
        return
    context = click.get_current_context()
    given = {name: context.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
             for name in ("variant", "switched", "first_dealer")}
    given["variant"] = given["variant"] and variant_name is None
    error = go_with(((f"--{name.replace('_', '-')}", said) for name, said in given.items()),
                    "--chicago (four-deal bridge); a rubber has no such choice")
    if error is not None:
        raise error


def _warn_of_honours_not_scored(logged: list[RubberLog], file: str) -> None:
    """One warning for each line whose written honours duplicate-style Chicago does not score, rather
    than a sheet without them and no word of it (honours found in a ``deal=`` are not written)."""
    for one in logged:
        for line, deal in one.deals:
            if isinstance(deal.honours, Honours):
                warn(f"warning: {file}:{line}: honours={deal.honours} not scored: duplicate-style Chicago "
                     "scores no honours (--honours scores them)")


def _sheet_data(sheet: ScoreSheet, settle: Settlement) -> dict[str, object]:
    """A sheet as JSON data, with its margin settled as ``--settle`` says."""
    data = sheet.as_dict()
    data["settled"] = settle_margin(sheet.net, settle)
    return data


def _print_sheet(sheet: ScoreSheet, settle: Settlement, as_json: bool) -> None:
    if as_json:
        say(json.dumps(_sheet_data(sheet, settle)))
    else:
        say(f"{sheet.heading()}\n{sheet.sheet(settle)}")


def _sheet(deals: list[DealResult], chicago: bool, variant: ChicagoVariant, switched: bool, first_dealer: str,
           we: str, honours: bool | None, unfinished_partscore: str | None) -> ScoreSheet:
    """The rubber or Chicago of ``deals``, as the options say."""
    if chicago:
        return Chicago(deals, first_dealer=Seat.parse(first_dealer), variant=variant,
                       switched=switched, honours=honours, we=we)
    partscore = UNFINISHED_PARTSCORE if unfinished_partscore is None else int(unfinished_partscore)
    return Rubber(deals, we=we, honours=honours is not False, unfinished_partscore=partscore)


__all__ = ["rubber", "score"]
