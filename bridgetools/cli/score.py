"""``bridgetools score`` and ``bridgetools rubber``: score contracts, and rubbers or Chicagos from a log."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterable

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
from bridgetools.scoring import Score, score_breakdown
from bridgetools.scoring.backscore import (
    BACK_SCORE_ROUNDING,
    BackScoreRounding,
    back_score,
    back_score_sheet,
    rubber_entries,
)
from bridgetools.scoring.duplicate import split_result
from bridgetools.scoring.log import RubberLog, parse_score_line, read_rubbers
from bridgetools.scoring.rubber import (
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


@click.command()
@click.argument("file", type=click.Path(allow_dash=True))
@click.option("--chicago", is_flag=True, help="Score four-deal bridge (Chicago) instead of a rubber.")
@click.option("--variant", type=click.Choice(["laws", "duplicate"]), default="laws", show_default=True,
              help="Chicago: partscores carry over (laws) or every deal scored as at duplicate.")
@click.option("--switched", is_flag=True,
              help="Chicago: the non-dealing side is vulnerable on deals 2 and 3.")
@click.option("--first-dealer", type=SEAT_NAME, default="N", show_default=True,
              help="Chicago: who deals the first deal.")
@click.option("--we", type=click.Choice(["NS", "EW"]), default="NS", show_default=True,
              help="The side written in the We column.")
@click.option("--honours/--no-honours", default=None,
              help="Score honours (default: yes, except for duplicate-style Chicago).")
@click.option("--unfinished-partscore", type=click.Choice(["100", "50"]), default="100", show_default=True,
              help="Unfinished rubber: credit for the only side with a partscore (50 in old codes).")
@click.option("--settle", type=click.Choice(["none", "nearest-100-half-down", "nearest-100-half-up"]),
              default="none", show_default=True,
              help="Also show the margin settled in hundreds (club custom); the back score rounds so too "
                   "(with none: an odd 50 or more counts as 100).")
@json_option
@reports_errors
def rubber(file: str, chicago: bool, variant: ChicagoVariant, switched: bool, first_dealer: str, we: str,
           honours: bool | None, unfinished_partscore: str, settle: Settlement, as_json: bool) -> None:
    """Score a rubber (or, with --chicago, a Chicago) from a plain text log and print the score sheet.

    One deal a line: CONTRACT DECLARER TRICKS, then optionally honours=NS100 (or NS150, EW100, EW150)
    and deal="N:... ... ... ..." (honours are then found in the deal). TRICKS is 0-13 or =, +1, -2.
    A passed-out deal is `Pass`. Comments run from # to the end of the line. A log of several rubbers
    starts each with a line `rubber N=Ann E=Bob S=Cat W=Dan` naming its players: every rubber's sheet
    is printed, then each player's back score in hundreds. FILE may be '-' (stdin). See docs/scoring.md.

    \b
    Examples:
      bridgetools rubber samples/rubber-worked.txt
      bridgetools rubber samples/rubber-evening.txt
      bridgetools rubber --chicago samples/rubber-chicago.txt
    """
    _refuse_chicago_options_for_a_rubber(chicago)
    refuse_not_a_file(file, "a rubber log")  # a directory, as a missing file: one line, exit 1
    stream, _ = open_text(file)  # decoded as hand records are: a byte order mark, UTF-8 or Latin-1
    with stream:
        logged = read_rubbers(stream, file)
    if chicago and variant == "duplicate" and honours is None:
        _warn_of_honours_not_scored(logged, file)
    sheets = []
    for one in logged:
        try:
            deals = [deal for _, deal in one.deals]
            sheets.append(_sheet(deals, chicago, variant, switched, first_dealer, we, honours,
                                 unfinished_partscore))
        except SheetError as e:
            raise ParseError(e.message, file, one.deals[e.deal - 1][0], 1) from None
    if logged[0].players is None:  # a log of one rubber, its players not named
        _print_sheet(sheets[0], settle, as_json)
        return
    half_down = settle == "nearest-100-half-down"
    rule: BackScoreRounding = "nearest-100-half-down" if half_down else BACK_SCORE_ROUNDING
    results = [(*one.players, sheet.ns_net) for one, sheet in zip(logged, sheets, strict=True)
               if one.players is not None]
    if as_json:
        rubbers = [{"line": one.line, "players": dict(zip("NESW", result[:4], strict=True)),
                    "back_score": rubber_entries(result, rule, n), **_sheet_data(sheet, settle)}
                   for n, (one, sheet, result) in enumerate(zip(logged, sheets, results, strict=True), 1)]
        say(json.dumps({"rubbers": rubbers, "back_score": back_score(results, rule)}))
        return
    for n, (one, sheet) in enumerate(zip(logged, sheets, strict=True), 1):
        assert one.players is not None
        seats = ", ".join(f"{seat.full_name} {name}" for seat, name in zip(Seat, one.players, strict=True))
        say(f"{n}. {seats} (line {one.line})\n{sheet.heading()}\n{sheet.sheet(settle)}\n")
    say(back_score_sheet(results, rule))


def _refuse_chicago_options_for_a_rubber(chicago: bool) -> None:
    """``--switched``, ``--variant`` and ``--first-dealer`` given without ``--chicago``: a usage error,
    rather than a rubber scored as if they had not been given."""
    if chicago:
        return
    context = click.get_current_context()
    error = go_with(((f"--{name.replace('_', '-')}",
                      context.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE)
                     for name in ("variant", "switched", "first_dealer")),
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
           we: str, honours: bool | None, unfinished_partscore: str) -> ScoreSheet:
    """The rubber or Chicago of ``deals``, as the options say."""
    if chicago:
        return Chicago(deals, first_dealer=Seat.parse(first_dealer), variant=variant,
                       switched=switched, honours=honours, we=we)
    return Rubber(deals, we=we, honours=honours is not False, unfinished_partscore=int(unfinished_partscore))


__all__ = ["rubber", "score"]
