"""``bridgetools deal``: practice boards by shape and HCP, from a dealer-language condition or script."""

from __future__ import annotations

import codecs
import contextlib
import re
import shlex
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar, cast

import click

from bridgetools._lazy import lazy_compile
from bridgetools._words import DEFAULT_TITLE, plural
from bridgetools.cli.common import (
    SEAT_NAME,
    WholeNumber,
    display_output,
    format_option,
    input_shown,
    jobs_option,
    output_for,
    output_format,
    output_option,
    progress_bar,
    quiet_flag,
    refuse_binary_to_a_terminal,
    refuse_missing_folder,
    reports_errors,
    same_file,
    stdin_holds_input,
    suit_symbols,
    typed_text,
    warn,
    written_suits_option,
)
from bridgetools.dealer.tournament import DEFAULT_EVENT
from bridgetools.errors import NO_DEAL, BridgeError, ConstraintError, DecodeWarning
from bridgetools.model import Seat, Vul

if TYPE_CHECKING:
    from bridgetools.dealer.batch import DealBatch
    from bridgetools.dealer.dealing import Dealing

T = TypeVar("T")

TEXT_FORMATS = ("pbn", "lin", "json", "jsonl", "text")
MACHINE_FORMATS = ("dup", "dlm", "bri", "dge", "rbn")
"""The dealing machines' files: ``-o NAME.dup`` (and the rest) writes them by suffix, ``--format`` by name."""
FORMATS = TEXT_FORMATS + MACHINE_FORMATS
NAMES_EVENT = ("pbn", "json", "jsonl", "text", "rbn")
"""Formats with a place for the boards' Event: the others get the default one ('bridgetools deal, seed S')
not at all, so that only an Event the user gave (--event) is reported as left out."""
SHORTHAND_HELP = ("North in everyday words, in any order, ANDed with the condition or script: '15-17 hcp "
                  "balanced', '5+S 6-10' or '5+ spades 6-10', '12+ 5+M' (either major), '4=4=1=4' (exact), "
                  "'4-4-1-4' or 'any 4441'.")


_FILE_NAME = lazy_compile(r"[\w./\\~-]*\.[A-Za-z]\w*")
"""A CONDITION shaped like a file name (`practice.dlr`, `scripts/weak.txt`): dealer's language has no dot."""


def _names_file(condition: str) -> bool:
    """Whether a CONDITION is the name of an existing file rather than dealer-language text: dealer's
    users run `dealer script.dlr`, so the same here reads the script, as -f would."""
    if "\n" in condition or "(" in condition:
        return False
    try:
        return Path(condition).is_file()
    except OSError:
        return False


_PATH_LIKE = lazy_compile(r"[\w.~\\/-]+")
"""A CONDITION that could be a path with no suffix (`samples/weak_two`, `weak_two`): no spaces, brackets or
operators other than `/` and `-`."""


def _not_a_script(condition: str) -> str | None:
    """What to say of a CONDITION that names a folder (`deal samples`), or a script without its suffix
    (`deal samples/weak_two` for `samples/weak_two.dlr`), else None: read as dealer text, each was told
    `unknown variable 'samples'`."""
    if not _PATH_LIKE.fullmatch(condition) or not re.search(r"[A-Za-z_]", condition):
        return None  # `deal 1` is a condition (every deal)
    missing = _missing_folder(condition)
    if missing is not None:
        return missing
    path = Path(condition)
    try:
        if path.is_dir():
            return f"{condition} is a folder, not a dealer script: give a script's file name (or -f FILE)"
        near = sorted(str(p) for p in path.parent.glob(f"{path.name}.*") if p.is_file())
        if near or ("/" in condition and str(path.parent) != "." and path.parent.is_dir()):
            hint = f" (did you mean {near[0]}?)" if near else ""
            return (f"no file {condition}{hint}: a CONDITION is dealer-language text such as "
                    "'hcp(north) >= 15'; give a script's file name (or -f FILE)")
    except OSError:
        return None
    return None


def _format_for_a_script(script: str) -> str | None:
    """What to say of ``-f pbn`` (or another format's name) naming no file: `convert`, `print` and
    `analyze` take -f as the format, `deal` as its script, so the user meant --format; else None."""
    if script.lower() not in FORMATS or Path(script).exists():
        return None
    return (f"-f is deal's dealer script, and there is no file {script}: for the output format, "
            f"give --format {script.lower()}")


def _missing_folder(condition: str) -> str | None:
    """What to say of a CONDITION shaped like a path in a folder that does not exist (`deal nosuch/x`,
    `deal nosuch/x.dlr`), else None: read as dealer text, `nosuch/x` was told `unknown variable 'nosuch'`."""
    if "/" not in condition and "\\" not in condition:
        return None
    folder = Path(condition).parent
    try:
        if str(folder) == "." or folder.is_dir():
            return None
    except OSError:
        return None
    return (f"{condition}: no folder '{folder}' (a CONDITION is dealer-language text such as "
            "'hcp(north) >= 15'; give a script's file name, or -f FILE)")


def _refuse_hand_record(script: str, text: str) -> None:
    """A usage error for a hand record given as the script (``deal boards.pbn``): its first line would
    be refused as dealer language, which does not say what went wrong. Both the name and the content
    must say so: dealer's own examples include a script named ``Descr.pbn``."""
    from bridgetools.formats import FORMATS, format_from_name, format_module

    fmt = format_from_name(script)
    if fmt is None or fmt == "text":
        return
    sniff = getattr(format_module(fmt), "sniff", None) if fmt in FORMATS else None
    if sniff is not None and sniff(text[:4096]):
        raise click.UsageError(f"{script} is a {fmt.upper()} hand record, not a dealer script; "
                               "`bridgetools show` and `bridgetools convert` read hand records")


def _read_script(path: str) -> str:
    """A script file's text: as its byte order mark says (UTF-16 and UTF-32 too: Windows Notepad and
    PowerShell write them), UTF-16 without one when its bytes clearly are (`utf16_without_bom`), else as
    a hand record's bytes choose (`detect_encoding`): UTF-8, or Latin-1 or a Windows code page, as old
    scripts often are, or UTF-8 with lines in a code page (`_mixed_script`)."""
    from bridgetools.formats._io import BOMS, detect_encoding, utf16_without_bom

    data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    source = input_shown(path)
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return _decoded_script(data[len(bom):], encoding, source)
    unmarked = utf16_without_bom(data)
    if unmarked is not None:
        return _decoded_script(data, unmarked, source)
    _refuse_binary(data, source)
    encoding, _ = detect_encoding(data)
    if codecs.lookup(encoding).name == "utf-8":
        return _mixed_script(data, source)
    return _decoded_script(data, encoding, source)


def _mixed_script(data: bytes, source: str) -> str:
    """A UTF-8 script's text, its bytes that are not UTF-8 (a Windows-1252 quote pasted in) read in the
    code page they choose, with one warning naming their lines, as the hand-record readers say it."""
    from bridgetools.formats._io import StrayLines, stray_code_page, stray_handler

    stray = StrayLines(stray_code_page(data))
    stray.source = source
    stray.see(data)
    issue = stray.issue()
    if issue is not None:
        warnings.warn(DecodeWarning(issue), stacklevel=2)
    return data.decode("utf-8", stray_handler(stray.code_page))


_BINARY = lazy_compile(rb"[\x00-\x08\x0e-\x19\x1b-\x1f]")
"""Bytes no text file holds (tab, line ends, form feed and DOS's end-of-file mark are text)."""


def _refuse_binary(data: bytes, source: str) -> None:
    """A binary file (a program, a PDF, a dealing machine's file under another name) is no script: read as
    Latin-1 text, it failed somewhere inside with a message about comments or characters."""
    if data.startswith(b"%PDF-"):
        raise BridgeError(f"{source}: a PDF file, not a dealer script (which is text)")
    binary = _BINARY.search(data)
    if binary is not None:
        at = binary.start()
        line, column = data.count(b"\n", 0, at) + 1, at - data.rfind(b"\n", 0, at)
        raise BridgeError(f"{source}:{line}:{column}: byte 0x{data[at]:02X}: a binary file, not a dealer "
                          "script (which is text)")


def _decoded_script(data: bytes, encoding: str, source: str) -> str:
    """A script's bytes after its byte order mark, as text, decoded once: bytes the encoding cannot
    decode become U+FFFD with one warning naming the first one's line and column, as the hand-record
    readers say it."""
    # Imported here, as this module's other formats imports are: bridgetools.formats costs 11-20 ms to
    # import, which `deal --help` and a usage error need not pay.
    from bridgetools.formats._io import DecodeTally

    tally = DecodeTally(encoding)
    tally.source = source
    text = tally.decode(data)
    issue = tally.issue()
    if issue is not None:
        warnings.warn(DecodeWarning(issue), stacklevel=2)
    return text


N_HINT = "leave -n out for the default, as dealer's produce 0 means"
"""What ``-n 0`` is told (it dealt no board and wrote an empty file; dealer's ``produce 0`` is its "not
given", which leaving ``-n`` out already says)."""


def _shard(text: str | None) -> tuple[int, int] | None:
    """``--shard i/N`` (i from 1 to N) as the library's (i - 1, N)."""
    if text is None:
        return None
    try:
        number, count = (int(x) for x in text.split("/"))
    except ValueError:
        raise click.BadParameter(f"{text!r} is not i/N (e.g. 1/4)", param_hint="--shard") from None
    if not (count >= 1 and 1 <= number <= count):
        raise click.BadParameter(f"{text!r}: shards are numbered 1 to N (1/{max(count, 1)} is the first)",
                                 param_hint="--shard")
    return number - 1, count


def _shorthand(hands: dict[str, str | None]) -> str | None:
    """The per-seat shorthands as one dealer condition (ANDed with the condition or the script's)."""
    from bridgetools.dealer.predicates import shorthand

    parts = []
    for seat, text in hands.items():
        if text:
            try:
                parts.append(shorthand(seat, text))
            except BridgeError as e:
                raise click.BadParameter(str(e), param_hint=f"--{seat}") from None
    return " && ".join(parts) if parts else None


@contextlib.contextmanager
def _naming_the_shorthand(hands: dict[str, str | None]) -> Iterator[None]:
    """That no deal can meet the condition, said naming the hand options ANDed with it as the user wrote
    them: the error points at the script's condition, which alone may well be met (``hcp(north) <= 10``
    with ``--north 20+``); without a condition of the user's own, the options alone are named."""
    given = " and ".join(f"--{seat} {shlex.quote(text)}" for seat, text in hands.items() if text)
    try:
        yield
    except ConstraintError as e:
        where, found, why = str(e).partition(f"{NO_DEAL}: ")
        if not given or not found:
            raise
        told = f"{where}{NO_DEAL} with {given}: " if where else f"no deal can meet {given}: "
        raise ConstraintError(told + why) from None


def _named(parse: Callable[[str], T], expected: str) -> Callable[[click.Context, click.Parameter, str | None],
                                                                  T | None]:
    """A click callback reading an option's value with ``parse`` (`Seat.parse`, `Vul.parse`): a usage
    error saying what was ``expected`` for a value it cannot read."""

    def read(_ctx: click.Context, param: click.Parameter, value: str | None) -> T | None:
        try:
            return None if value is None else parse(value)
        except BridgeError:
            raise click.BadParameter(f"{value!r} is not {expected}", param=param) from None

    return read


_vul = _named(Vul.parse, "a vulnerability (none, ns, ew, all)")


def _rotation(ctx: click.Context, param: click.Parameter,
              value: str | None) -> tuple[Seat | None, Seat] | None:
    """``--rotate SEAT`` or ``--rotate FROM:TO``: the hand to turn (None: the one the condition is about)
    and the seat it goes to."""
    if value is None:
        return None
    *given, to = value.split(":", 1)
    turned = Seat.parse(SEAT_NAME.convert(given[0], param, ctx)) if given else None
    return turned, Seat.parse(SEAT_NAME.convert(to, param, ctx))


DEAL_SUFFIXES = {"pbn": ".pbn", "lin": ".lin", "json": ".json", "jsonl": ".jsonl", "text": ".txt",
                 **{fmt: f".{fmt}" for fmt in MACHINE_FORMATS}}


def _output_format(output: str, fmt: str | None, actions: bool) -> str | None:
    """The format to write, by the rule of every command (`bridgetools.cli.common.output_format`), or None
    for dealer's own output (a script with actions, to stdout or a ``.txt`` file or one with no suffix)."""
    from bridgetools.formats import format_from_name

    writes = (", ".join(f"{f} ({DEAL_SUFFIXES[f]})" for f in TEXT_FORMATS) + " or a dealing machine's file ("
              + ", ".join(DEAL_SUFFIXES[f] for f in MACHINE_FORMATS) + ")")
    chosen = output_format(output, fmt, "deal", writes)
    if actions and fmt is None and format_from_name(output) in (None, "text"):
        return None
    return chosen


PROGRESS_AT_ONCE = 10_000
"""Runs of at least this many boards show the progress bar from the start; shorter ones once they have
taken `PROGRESS_AFTER` seconds (a rare condition can be slow with few boards)."""
PROGRESS_AFTER = 1.0


class _Progress:
    """The progress bar on stderr, drawn on a terminal only, and only for a long run: from the start for
    many boards, else once the run has lasted `PROGRESS_AFTER` seconds. Never drawn when the boards go to
    a terminal's stdout too, where the bar's redraws would mix with them."""

    def __init__(self, n: int, quiet: bool, output: str) -> None:
        self.n = n
        self.done = 0
        self.started = time.perf_counter()
        self.off = quiet or n == 0 or (output == "-" and sys.stdout.isatty())
        self._bar: Any = None
        if not self.off and n >= PROGRESS_AT_ONCE:
            self._start()

    def _start(self) -> None:
        self._bar = progress_bar(self.n, "Dealing")
        self._bar.__enter__()
        self._bar.update(self.done)

    def update(self, k: int) -> None:
        self.done += k
        if self._bar is not None:
            self._bar.update(k)
        elif not self.off and time.perf_counter() - self.started >= PROGRESS_AFTER:
            self._start()

    def finish(self) -> None:
        """The bar drawn full where the run ended before its count (a script's ``generate`` ran out, a
        script that averages dealt what it gives): the boards dealt are then the whole run."""
        if self._bar is not None and self.done < self.n:
            self._bar.length = self.done
            self._bar.make_step(0)
            self._bar.render_progress()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


SHUFFLED = "every deal is shuffled whole"
DEALER_SWITCHES = {
    "-s": "dealer's -s SEED is --seed SEED here",
    "-p": "dealer's -p N (hands to produce) is -n N here",
    "-g": "dealer's -g N (hands to generate) is the script's generate N here",
    "-v": "dealer's -v (leaving out the statistics at the end) is not done: a script's own output ends "
          "with them; for the boards alone, give --format pbn (or text); bridgetools' own -v (every warning "
          "said) goes before the command: bridgetools -v deal ...",
    "-m": "dealer's -m (progress meter) is not needed: deal draws one on a terminal for a long run",
    "-V": "dealer's -V is bridgetools --version here",
    "-0": f"dealer's -0 (no swapping) is not needed: {SHUFFLED}",
    "-2": f"dealer's -2 (swapping East and West) is not done: {SHUFFLED}",
    "-3": f"dealer's -3 (swapping East, South and West) is not done: {SHUFFLED}",
    "-e": f"dealer's -e (exhaust mode) is not done: {SHUFFLED}",
    "-l": "dealer's -l (deals read from GIB's library.dat) is not done: deals are shuffled",
    "-t": "dealer's -t SECONDS (a time limit) is not done: the script's generate N limits the run",
    "-u": "dealer's -u (upper- or lower-case card letters) is not done: cards are written as the format does",
    "-i": "Deal's -i FILE (a Tcl file read first, such as format/pbn) is not read: boards are PBN unless "
          "--format (or -o's suffix) names another: text, lin, json ...",
    "-x": "Deal's -x SCRIPT (a Tcl script) is not run: write its test as a dealer condition, [hcp north] "
          ">= 15 as hcp(north) >= 15, and give it as the CONDITION or in a script with -f SCRIPT",
}
"""Dealer's own command-line switches, and Thomas Andrews' Deal's (-i, -x), which their users type by habit,
and what to write here instead."""


class _DealCommand(click.Command):
    """The deal command: a switch of dealer's own (`dealer -s 42 -p 10 x.dlr`) says what to write here,
    where click would only say there is no such option."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as e:
            said = DEALER_SWITCHES.get(e.option_name)
            if said is None:
                raise
            raise click.NoSuchOption(e.option_name, f"No such option '{e.option_name}': {said}",
                                     ctx=ctx) from None


def _key_file(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--key``'s file, which must exist; ``-`` refused in a line saying why (the key is read by name:
    it is the file the set's deal was kept in, beside the set)."""
    if value == "-":
        raise click.BadParameter("the key is read from its file, not from stdin: give the .key file "
                                 "--tournament wrote beside the set (e.g. --key session.key)")
    if value is None:
        return None
    return str(click.Path(exists=True, dir_okay=False).convert(value, param, ctx))


@click.command(cls=_DealCommand)
@click.argument("condition", required=False)
@click.option("-f", "--file", "script", type=click.Path(dir_okay=False, allow_dash=True),
              help="A dealer script (the dealer program's input language); '-' reads stdin.")
@click.option("-n", "count", type=WholeNumber(1, hint=N_HINT), default=None,
              help="Number of boards, at least 1 [default: the script's produce, else 40; a script that only "
                   "averages or counts: every deal its generate gives, else 1,000,000].")
@click.option("--seed", type=WholeNumber(0), default=None,
              help="Seed of the random stream; the same seed gives the same boards.")
@format_option(FORMATS, "Output format [default: from -o's suffix, else pbn; a script with actions "
                        "prints dealer's own output to stdout or a .txt file]. dup, dlm, bri, dge and rbn "
                        "are the dealing machines' files, which -o naming one (.dup, .dlm, .bri, .dge, "
                        ".rbn) writes too; dup, bri and dge are binary: -o - writes them to a pipe or a "
                        "redirect, not a terminal. A suffix naming another format is refused.", short=False)
@output_option
@jobs_option
@click.option("--shard", default=None, metavar="i/N",
              help="Deal only shard i of N (1 to N) of the seeded run; its boards are numbered from "
                   "(i-1) x n + 1, so the shards' files join without a number twice.")
@click.option("--north", default=None, callback=typed_text, help=SHORTHAND_HELP)
@click.option("--east", default=None, callback=typed_text, help="The same for East.")
@click.option("--south", default=None, callback=typed_text, help="The same for South.")
@click.option("--west", default=None, callback=typed_text, help="The same for West.")
@click.option("--dealer", "dealer_letter", default=None, type=SEAT_NAME,
              help="Who deals every board [default: the script's, else Law 2 by board number].")
@click.option("--vul", "vulnerability", default=None, callback=_vul, metavar="none|ns|ew|all",
              help="Vulnerability of every board [default: the script's, else Law 2 by board number].")
@click.option("--first-board", type=WholeNumber(1), default=1, show_default=True, metavar="N",
              help="Number of the first board.")
@click.option("--event", default=None, callback=typed_text,
              help="The boards' Event [default: 'bridgetools deal SCRIPT, seed S', 'bridgetools deal, seed "
                   "S' for a condition; with "
                   f"--tournament {DEFAULT_EVENT!r}], and with --tournament the "
                   f"hand record's heading [default: {DEFAULT_TITLE!r}].")
@click.option("--rotate", default=None, callback=_rotation, metavar="SEAT",
              help="Turn every deal so the hand the shorthand or condition is about sits at SEAT "
                   "(FROM:TO names the hand when the condition is about several).")
@click.option("--tournament", is_flag=True,
              help="A tournament set: no condition, an OS-drawn key; writes -o PREFIX .pbn, machine files, "
                   "hand record and .key (see docs/records.md).")
@click.option("--key", "key_file", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              callback=_key_file,
              help="With --tournament: reproduce the set this key file (the SET.key it wrote) dealt.")
@written_suits_option
@quiet_flag("warnings, seed or progress bar")
@reports_errors
def deal(condition: str | None, script: str | None, count: int | None, seed: int | None, fmt: str | None,
         output: str, jobs: int, shard: str | None, north: str | None, east: str | None, south: str | None,
         west: str | None, dealer_letter: str | None, vulnerability: Vul | None, first_board: int,
         event: str | None, rotate: tuple[Seat | None, Seat] | None, tournament: bool, key_file: str | None,
         suits: str, quiet: bool) -> None:
    """Deal practice boards that meet a CONDITION in the dealer language (or a dealer script, given as
    -f SCRIPT or by its file name in place of the CONDITION).

    Boards are numbered from 1 (--first-board) with the Law 2 dealer and vulnerability unless the script
    or --dealer/--vul set them. Without --seed a fresh seed is drawn, printed on stderr and recorded in
    the output.

    \b
    Examples:
      bridgetools deal -n 8 --seed 7 'hcp(north) >= 15 && hcp(north) <= 17 &&
                                       shape(north, any 4333 + any 4432 + any 5332)'
      bridgetools deal --north '15-17 balanced' --south '5+S 6-10' -o practice.pbn
      bridgetools deal --west '12+ hcp 5+M' --rotate south -o overcalls.pbn
      bridgetools deal -f samples/weak_two.dlr --seed 1
      bridgetools deal samples/weak_two.dlr --seed 1 --format text
      bridgetools deal --tournament -n 36 -o session
    """
    dealer = None if dealer_letter is None else Seat.parse(dealer_letter)
    if tournament or key_file:
        from click.core import ParameterSource

        from bridgetools.cli.print_tournament import refuse_choices, refuse_unused
        from bridgetools.cli.print_tournament import tournament as deal_set

        refuse_choices({"the CONDITION argument": condition, "-f/--file": script, "--north": north,
                        "--east": east, "--south": south, "--west": west, "--seed": seed, "--shard": shard,
                        "--dealer": dealer, "--vul": vulnerability, "--rotate": rotate, "--format": fmt})
        source_of = click.get_current_context().get_parameter_source
        refuse_unused(jobs=source_of("jobs") is not ParameterSource.DEFAULT,
                      suits=source_of("suits") is not ParameterSource.DEFAULT)
        refuse_missing_folder(output)
        first = first_board if source_of("first_board") is not ParameterSource.DEFAULT else None
        return deal_set(output, count, key_file, first, quiet, event)
    refuse_missing_folder(output)
    from bridgetools.dealer.dealing import UnclearHand, prepare
    from bridgetools.dealer.language import CONDITION_SOURCE, STDIN_SCRIPT, script_named

    hands = {"north": north, "east": east, "south": south, "west": west}
    if script is None and condition and _names_file(condition):
        script, condition = condition, None  # `bridgetools deal weak_two.dlr`, as `dealer weak_two.dlr`
    condition = typed_text(None, None, condition)  # a file's name is left as the file system has it
    if script is None and condition and _FILE_NAME.fullmatch(condition):
        raise click.UsageError(_missing_folder(condition) or f"no file {condition}: a CONDITION is "
                               "dealer-language text such as 'hcp(north) >= 15'; give a script's file name "
                               "(or -f FILE)")
    elif script is None and condition and (not_a_script := _not_a_script(condition)):
        raise click.UsageError(not_a_script)
    elif script is None and condition and (always := _always_true(condition)):
        raise click.UsageError(always)
    if script is not None and (format_named := _format_for_a_script(script)):
        raise click.UsageError(format_named)
    if script is not None and condition:
        raise click.UsageError("give a CONDITION or -f SCRIPT, not both (--north ... add to either)")
    if condition == "-":
        raise click.UsageError("'-' is not a condition: write to stdout with -o - (the default), "
                               "or read a script from stdin with -f -")
    shards = _shard(shard)
    if script is not None and same_file(script, output):
        raise click.UsageError(f"{output} is the script itself; write the boards to another file")
    also = _shorthand(hands)
    if script is None and not condition and also is None:
        _note_an_unread_stdin(quiet)
    if script is not None:
        with warnings.catch_warnings(record=True) as caught:  # a script's undecodable bytes: said unless -q
            warnings.simplefilter("always", DecodeWarning)
            text: str | None = _read_script(script)
        for w in caught:
            warn(f"warning: {w.message}", quiet)
        _refuse_hand_record(script, text or "")
        source = input_shown(script)
        named = script_named(source)
        described = named if named == STDIN_SCRIPT else f"script {named}"  # `script weak.dlr`
    else:
        text, source, described = condition, CONDITION_SOURCE, None
    about = rotate[0] if rotate else None
    try:
        with _naming_the_shorthand(hands):
            job = prepare(text, source, also=also, count=count, seed=seed, shard=shards,
                          first_board=first_board, dealer=dealer, vulnerability=vulnerability, event=event,
                          rotate_to=rotate[1] if rotate else None, about=about, described=described)
    except UnclearHand as e:
        raise click.BadParameter(f"{e}; name it as FROM:TO (e.g. north:south)", param_hint="--rotate") \
            from None
    actions = job.plan.script.actions is not None
    out_format = _output_format(output, fmt, actions)
    if output == "-" and out_format is not None:
        refuse_binary_to_a_terminal(out_format)
    board_options = {"--dealer": dealer, "--vul": vulnerability, "--event": event, "--rotate": rotate,
                     "--first-board": first_board != 1 or None}
    if out_format is None and any(v is not None for v in board_options.values()):
        given = [k for k, v in board_options.items() if v is not None]
        verb = "describes" if len(given) == 1 else "describe"
        raise click.UsageError(f"{', '.join(given)} {verb} boards, but the script's actions print dealer's "
                               "own output; add --format pbn (or -o NAME.pbn) to write boards")
    if out_format is not None:
        _refuse_past_the_last_board(job, out_format)
    if actions and out_format is not None:
        warn(f"writing the boards as {out_format}; the script's actions are not run "
             "(dealer's output goes to stdout or a .txt file)", quiet)
    started = time.perf_counter()
    # an impossible hand is refused here, before the seed is told
    batches = _told(job.checked(job.batches(jobs)), hands)
    for note in job.plan.script.notes:
        warn(note, quiet)
    if job.seed_drawn:
        warn(f"seed={job.seed}", quiet)
    bar = _Progress(job.count, quiet, output)
    try:
        if out_format is None:
            from bridgetools.dealer.actions import Report

            with display_output(output) as out:
                report = Report(job.plan.compiled, cast("TextIO", out), job.seed)
                for batch in batches:
                    report.add(batch)
                    bar.update(len(batch))
                report.finish(job.stats, time.perf_counter() - started)
        else:
            _write_boards(job, batches, out_format, output, suits, bar.update, event_given=event is not None,
                          quiet=quiet)
        bar.finish()
    finally:
        bar.close()
    if job.shortfall and out_format is not None:  # dealer's output says it in its Produced line, as dealer's
        warn(job.shortfall, quiet)


def _refuse_past_the_last_board(job: Dealing, fmt: str) -> None:
    """Refuse, before dealing, a run whose boards a DUP or DLM file (boards 1-99) cannot all hold: the
    boards asked (-n or ``produce``), or fewer where the script's ``generate`` bounds them, from the first
    board's number (a shard's, after the shards before it), where the writer said so after dealing them
    all (`-n 100000 -o big.dlm`: 13 s)."""
    if fmt not in ("dup", "dlm"):  # the other formats hold any board: their modules need not be loaded
        return
    from bridgetools.formats import dlm, dup

    last = {"dup": dup.MAX_BOARD, "dlm": dlm.MAX_BOARD}[fmt]
    generate = job.plan.script.generate
    most = None if job.keeps_all else job.count
    if generate is not None:
        most = generate if most is None else min(most, generate)
    if most is None or job.first + most - 1 <= last:
        return
    index = job.shard[0] if job.shard else 0  # shard i's boards start i x n past the first board
    room = (last - (job.first - index * job.count) + 1) // (index + 1)
    fits = f"give -n {room} at most, or" if room > 0 else "number them from --first-board 1 to 99, or"
    raise click.UsageError(f"a {fmt.upper()} file holds boards 1-{last}, and {plural(most, 'board')} from "
                           f"board {job.first} would end at board {job.first + most - 1}: {fits} write BRI, "
                           "DGE or PBN, which hold boards past it")


def _always_true(condition: str) -> str | None:
    """What to say of a CONDITION that names no hand and is true for every deal: a Deal or dealer user's
    count of boards typed without -n (`deal 10`: ten boards meant, forty dealt at random); None for any
    other, and for one `prepare` refuses itself (a syntax error, never true). A script may say
    ``condition 1``; a condition true for every deal that names a hand is a note (`always_true`)."""
    from bridgetools.dealer.compiler import compile_script, constant_value, walk
    from bridgetools.dealer.language import CONDITION_SOURCE, Binary, IfElse, Num, Unary, parse

    try:
        script = parse(condition, CONDITION_SOURCE)
    except BridgeError:
        return None
    said = script.condition
    if said is None or not all(isinstance(e, Num | Binary | Unary | IfElse) for e in walk(said)):
        return None
    value = constant_value(compile_script(script), said)
    if not value:
        return None
    if isinstance(script.condition, Num) and value > 0:
        return (f"CONDITION {condition}: a number alone is true for every deal; for {plural(value, 'board')} "
                f"give -n {value}")
    return (f"CONDITION {condition} asks nothing of the hands, so it is true for every deal: write one on "
            "the hands ('hcp(north) >= 15'), or give none to deal at random")


def _told(batches: Iterator[DealBatch], hands: dict[str, str | None]) -> Iterator[DealBatch]:
    """``batches``, a pair of hands no deal can give (found as the engine weighs them) said naming the hand
    options, as `_naming_the_shorthand` says."""
    with _naming_the_shorthand(hands):
        yield from batches


STDIN_NOT_READ = ("note: no condition given, dealing boards without one; to read a dealer script from "
                  "standard input, use -f -")


def _note_an_unread_stdin(quiet: bool) -> None:
    """One line on stderr when no condition is given but stdin holds something: Debian's dealer reads its
    script from stdin (``dealer < weak_two.dlr``), so its users type that here and would get unconstrained
    boards without a word. stdin is not read unasked: that could wait on a caller's terminal or pipe, or
    swallow input meant for another program."""
    if stdin_holds_input():
        warn(STDIN_NOT_READ, quiet)


def _write_boards(job: Dealing, batches: Iterator[DealBatch], fmt: str, output: str, suits: str,
                  progress: Callable[[int], None], event_given: bool = True, quiet: bool = False) -> None:
    """The boards, streamed in the chosen format straight from the batches: numbered, turned and labelled
    as ``job`` says; PBN records the seed and the condition in its header, text shows suit symbols as
    ``--suits`` says (Unicode for ``auto`` only where the output encodes it)."""
    from bridgetools.dealer.writers import write_batches

    with output_for(output, fmt == "text", newline="") as out:
        write_batches(batches, out, fmt, first=job.first, dealer=job.dealer, vulnerability=job.vulnerability,
                      event=job.event if event_given or fmt in NAMES_EVENT else None, header=job.header,
                      rotate=job.rotate,
                      unicode=fmt == "text" and suit_symbols(suits, output, quiet),
                      progress=progress)
