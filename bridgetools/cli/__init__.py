"""The ``bridgetools`` command: one click group; each command lives in its own module, loaded lazily.

Exit codes: 0 success (warnings go to stderr), 1 bad input or a runtime error, 2 a usage error, 128 + the
signal's number when stopped by Ctrl-C (130), SIGTERM (143) or a closed terminal (SIGHUP, 129).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import re
import signal
import sys
import threading
import time
import warnings
from types import FrameType
from typing import IO, Any, NoReturn, cast

import click

from bridgetools._version import __version__

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}

# command name -> "module:attribute"; modules are imported only when the command runs.
COMMANDS = {
    "deal": ("bridgetools.cli.deal:deal", "Deal practice boards by shape and HCP (dealer language)."),
    "convert": ("bridgetools.cli.convert:convert",
                "Convert hand records: PBN, LIN, JSON, RBN, text, DUP, DLM, BRI, DGE."),
    "validate": ("bridgetools.cli.convert:validate", "Check hand records and list every problem found."),
    "show": ("bridgetools.cli.show:show", "Show a deal or the boards of a file as diagrams."),
    "score": ("bridgetools.cli.score:score", "Score contracts (duplicate, Law 77) with a breakdown."),
    "rubber": ("bridgetools.cli.score:rubber", "Score a rubber from a plain text log."),
    "export": ("bridgetools.cli.analysis:export", "Export hand records to Parquet (its one format)."),
    "bid": ("bridgetools.cli.bid:bid", "Give every board a computer auction, explained, as PBN."),
    "analyze": ("bridgetools.cli.analysis:analyze", "Summarise results over many boards."),
    "dd": ("bridgetools.cli.dd:dd", "Double-dummy tables, par, opening leads and play reviews (DDS)."),
    "autoplay": ("bridgetools.cli.autoplay:autoplay", "Bid and play every board with four computer players."),
    "print": ("bridgetools.cli.print_:print_", "Print hand records and handouts as PDF or HTML."),
    "play": ("bridgetools.cli.play:play", "Play a deal in the browser: South with a computer partner."),
}


PROG = "bridgetools"
"""The command's name, as its usage and its errors say it."""


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(n for n in COMMANDS if self._available(n))

    @staticmethod
    def _available(name: str) -> bool:
        module = COMMANDS[name][0].split(":")[0]
        return importlib.util.find_spec(module) is not None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS or not self._available(cmd_name):
            return None
        module, attr = COMMANDS[cmd_name][0].split(":")
        command: click.Command = getattr(importlib.import_module(module), attr)
        return command

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        """The group's context; a usage error in its own options (``--debug=1``) said in one line, and a
        command's option given before the command (``bridgetools -q convert ...``) said where it goes."""
        given = list(args)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.NoSuchOption as e:
            after = self._goes_after(e.option_name, given)
            if after is None:
                raise _in_one_line(e) from None
            raise click.UsageError(f"{PROG}: No such option '{e.option_name}'; {after}; "
                                   f"see '{PROG} --help'") from None
        except click.UsageError as e:
            raise _in_one_line(e) from None

    def _goes_after(self, option: str, given: list[str]) -> str | None:
        """Where ``option``, given before the command in ``given``, goes when that command takes it:
        ``-q goes after the command: bridgetools convert -q ...`` (as ``-v`` after one says it goes before).
        None when no command given takes it."""
        name = next((arg for arg in given if arg in COMMANDS), None)
        command = None if name is None or not self._available(name) else self.get_command(
            click.Context(self), name)
        if command is None or not any(option in param.opts for param in command.params):
            return None
        return f"{option} goes after the command: {PROG} {name} {option} ..."

    def invoke(self, ctx: click.Context) -> None:
        """Run the command, its return value dropped: `main` runs the group outside click's standalone
        mode, where a return value would read as an exit code. A usage error is said in one line
        (`_in_one_line`); one click's parser raises with no context (``deal -n`` with no value) is given the
        command's, so that `usage_line` names it."""
        try:
            super().invoke(ctx)
        except click.UsageError as e:
            command = self.get_command(ctx, ctx.invoked_subcommand) if ctx.invoked_subcommand else None
            if e.ctx is None and command is not None:
                e.ctx = click.Context(command, info_name=ctx.invoked_subcommand, parent=ctx)
            raise _in_one_line(e) from None
        from bridgetools.cli.common import fail_after_syntax

        fail_after_syntax()  # an input whose text did not parse: the work is done, its exit status 1

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(n, COMMANDS[n][1]) for n in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(PROG, cls=LazyGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(__version__, prog_name=PROG)
@click.option("--debug", is_flag=True, help="Show the traceback behind an error (for bug reports).")
@click.option("-v", "--verbose", is_flag=True,
              help="Say every warning: without it, after 10 of one kind the others are counted in one line "
                   "at the end.")
@click.pass_context
def cli(ctx: click.Context, debug: bool, verbose: bool) -> None:
    """bridgetools: deal practice boards; convert, check (validate), show and print hand records; bid them,
    play them out (autoplay) and solve them double dummy (dd); play a deal in the browser (play); score
    contracts and rubbers; export and analyse results.

    Exit status 0 when done (an input's disagreements, such as a Score the contract does not give, are
    warnings); 1 on bad input: a file that cannot be read, or text that does not parse as its format
    (each problem said as file:line:col: message, the boards read still used); 2 on a usage error.

    \b
    Examples:
      bridgetools deal -n 8 --seed 7 'hcp(north) >= 15 && hcp(north) <= 17'
      bridgetools score 4SX 8 --vul
      bridgetools convert game.lin -o game.pbn
    """
    from bridgetools.cli.common import DEBUG, count_repeats, say_repeats

    ctx.meta[DEBUG] = _session.debug = debug
    count_repeats(every=verbose)
    ctx.call_on_close(say_repeats)


STOP_SIGNALS = {"SIGINT": "Ctrl-C", "SIGTERM": "", "SIGHUP": "the terminal closed"}
"""Signals that end a command cleanly: temporary files removed, worker processes stopped, one line said."""


class Stopped(BaseException):
    """A stop signal, raised in the main thread so that every ``finally`` on the way out runs.

    Not an `Exception` (nothing catches it by mistake), and not `KeyboardInterrupt` (which click turns
    into "Aborted!" with exit 1)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _Session:
    """What `main` must know after the command has gone: the signal that stopped it, ``--debug``."""

    stopped_by: int | None = None
    lost: int | None = None
    """A stop signal whose `Stopped` a finaliser let go (`_stop_again`), sent again until it is caught."""
    debug: bool = False


_session = _Session()


def _stop(signum: int, frame: FrameType | None) -> None:
    if _in_stop_again(frame):  # raised here it would be let go again, with a traceback: it is sent again
        _session.lost = signum
        return
    if _session.stopped_by is not None:  # already stopping: let the clean-up finish
        return
    _session.stopped_by, _session.lost = signum, None
    common = sys.modules.get("bridgetools.cli.common")  # loaded by `main` before a signal is caught
    if common is not None:
        common.stop_telling()  # the stop's line is the last said (`_say_stopped`)
    raise Stopped(signum)


def catch_stop_signals() -> None:
    """Turn the stop signals into `Stopped`; a signal this process was started ignoring (``nohup``, a
    background job of a script) stays ignored."""
    for name in STOP_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _stop)
    if sys.unraisablehook is not _stop_again:
        global _unraisable_before
        _unraisable_before = sys.unraisablehook
        sys.unraisablehook = _stop_again


_unraisable_before = sys.unraisablehook
"""The hook `_stop_again` hands every other unraisable exception to."""

SEND_AGAIN_EVERY = 0.01
"""Seconds between two sendings of a stop signal a finaliser let go, until caught where the command is."""

_sender: list[threading.Thread] = []
"""The thread sending a lost stop signal again (`_send_again`), once started."""


def _stop_again(unraisable: Any) -> None:
    """A `Stopped` raised in a finaliser (a ``__del__``, a generator closed by the garbage collector) is
    let go by Python with a traceback, and the command would run on to its end, deaf to a second Ctrl-C
    (`_stop`: already stopping) and publishing its output: no traceback is said, and the signal is sent
    again from a thread (`_send_again`) until it is caught where the command is. Any other is said as
    before."""
    if isinstance(unraisable.exc_value, Stopped):
        _session.lost, _session.stopped_by = unraisable.exc_value.signum, None
    else:
        _unraisable_before(unraisable)
    if _session.lost is not None and not _sender:  # also a signal come while this hook ran (`_stop`)
        with contextlib.suppress(RuntimeError):  # no new thread as the interpreter ends: it is ending anyway
            sender = threading.Thread(target=_send_again, name="bridgetools: a stop signal sent again",
                                      daemon=True)
            sender.start()
            _sender.append(sender)


def _send_again() -> None:
    """Send the lost stop signal every `SEND_AGAIN_EVERY` until `_stop` raises it outside a finaliser:
    one sent while a finaliser or `_stop_again` runs is lost again, and sent again."""
    while True:
        time.sleep(SEND_AGAIN_EVERY)
        lost = _session.lost
        if lost is not None and _session.stopped_by is None:
            os.kill(os.getpid(), lost)


def _in_stop_again(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs within `_stop_again`."""
    while frame is not None:
        if frame.f_code is _stop_again.__code__:
            return True
        frame = frame.f_back
    return False


def _say_stopped(signum: int, error: BaseException | None) -> None:
    name = signal.Signals(signum).name
    why = STOP_SIGNALS.get(name)
    from bridgetools.cli.common import tell_last

    with contextlib.suppress(OSError, ValueError):  # the terminal may be gone
        tell_last(f"Stopped by {name}{f' ({why})' if why else ''}.", error if _session.debug else None)


def _one_line_warning(message: Warning | str, *_: object, **__: object) -> None:
    from bridgetools.cli.common import count_syntax_warned, tell

    count_syntax_warned(message)  # a text file's stray NUL: exit 1 after
    tell(f"warning: {message}")


def _in_one_line(error: click.UsageError) -> click.UsageError:
    """``error`` worded in one line (`usage_line`) and raised with no context, which click says as
    ``Error: ...`` alone (with one it says the usage and a hint first): so every way of running the group
    (the console script, ``python -m``, click's ``CliRunner``) says it alike, exit 2. One that asks for the
    help (``bridgetools`` alone) is left as it is."""
    return error if _asks_for_help(error) else click.UsageError(usage_line(error).removeprefix("Error: "))


_EXTRA_ARGUMENTS = re.compile(r"Got unexpected extra arguments? \((.*)\)")
"""Click's words for arguments a command has no place for, the arguments in brackets."""


def usage_line(error: click.UsageError) -> str:
    """A usage error in one line, as all bad input is said, where click gives a block of three (usage, a
    hint and the error): ``Error: bridgetools convert: No such option '--frobnicate' (did you mean
    '--format' or '--strict'?); see 'bridgetools convert --help'``. Exit 2 as before. The group's own
    option given after the command (``export x.pbn -v``) says where it goes; a command's own words for an
    option it has not (``deal -s``: dealer's switch) are said as they are."""
    if isinstance(error, click.NoSuchOption) and _in_click_s_words(error):
        hidden = {name for param in (error.ctx.command.params if error.ctx else ())
                  if getattr(param, "hidden", False) for name in param.opts}  # an old name: not suggested
        named = [f"'{p}'" for p in sorted(set(error.possibilities or ()) - hidden)]
        guesses = " or ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
        before = _goes_before(error)
        what = f"No such option '{error.option_name}'" + (
            f"; {before}" if before
            else f" (did you mean {guesses}?)" if guesses else "")
    else:
        message = error.format_message()
        what = message if message.endswith("...") else message.removesuffix(".")
        extra = _EXTRA_ARGUMENTS.fullmatch(what)
        if extra is not None:  # a file name with a space, not quoted: say so when the file is there
            from bridgetools.cli.common import extra_words_hint

            what += extra_words_hint(error.ctx, extra.group(1).split(" "))
    # no context: click's parser met it in the group's own options (`LazyGroup.invoke` gives a command one)
    path = PROG if error.ctx is None else error.ctx.command_path
    return f"Error: {path}: {what}; see '{path} --help'"


def _in_click_s_words(error: click.NoSuchOption) -> bool:
    """Whether ``error`` says click's own ``No such option: -s``, not a command's words for the option
    (`deal`'s for dealer's switches), which are said as they are."""
    return error.message == click.NoSuchOption(error.option_name).message


def _goes_before(error: click.NoSuchOption) -> str | None:
    """Where ``error``'s option goes when it is the group's own (``-v``, ``--debug``) given after a command
    that has no such option: ``-v goes before the command: bridgetools -v export ...``; for an eager one,
    which answers alone, ``--version is asked alone: bridgetools --version``. None otherwise."""
    ctx = error.ctx
    if ctx is None or ctx.parent is None or ctx.info_name is None:
        return None
    group_s = [param for param in ctx.parent.command.params if error.option_name in param.opts]
    if not group_s:
        return None
    if group_s[0].is_eager:
        return f"{error.option_name} is asked alone: {PROG} {error.option_name}"
    return f"{error.option_name} goes before the command: {PROG} {error.option_name} {ctx.info_name} ..."


def _asks_for_help(error: click.UsageError) -> bool:
    """Whether ``error`` is click's way of showing the help of a command given no arguments
    (``bridgetools`` alone): the help is said as it is, not worded as a one-line error."""
    asked = getattr(click.exceptions, "NoArgsIsHelpError", None)  # click 8.2 on; 8.1 printed the help itself
    return asked is not None and isinstance(error, asked)


def _run() -> None:
    """Run the command line as click's standalone mode does, but for what click says of its errors (a
    usage error in one line, `usage_line`; ``Error: ...``; ``Aborted!``): said through `tell`, in stderr's
    own encoding (click writes UTF-8 to an ASCII stderr)."""
    from bridgetools.cli.common import ToldStream, tell

    try:
        code = cli.main(prog_name=PROG, standalone_mode=False)
    except click.ClickException as e:  # a usage error is one line already (`_in_one_line`)
        e.show(file=cast(IO[str], ToldStream()))
        sys.exit(e.exit_code)
    except click.Abort:
        tell("Aborted!")
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def main() -> None:
    """Entry point of the console script: one line for bad input (exit 1) and for a stop signal; a
    library warning (what a format leaves out) is one ``warning: ...`` line on stderr."""
    from bridgetools._files import discard_unfinished
    from bridgetools._words import told_by
    from bridgetools.cli.common import readable_streams, tell

    warnings.showwarning = _one_line_warning
    told_by(tell)  # what a layer below says on stderr (`_words.tell_user`) is said as every line is
    catch_stop_signals()
    readable_streams()
    try:
        try:
            _run()
        finally:
            if _session.stopped_by is None and _session.lost is not None:  # ended before it was caught again
                _session.stopped_by = _session.lost
            if _session.stopped_by is not None:
                discard_unfinished()
    except Stopped as e:
        _say_stopped(e.signum, e)
        _exit_stopped(128 + e.signum)
    except SystemExit:
        if _session.stopped_by is None:
            raise
        # the signal came while an error was being reported (a worker killed by the same signal)
        _say_stopped(_session.stopped_by, None)
        _exit_stopped(128 + _session.stopped_by)


def _exit_stopped(code: int) -> NoReturn:
    """Exit with ``code`` once stopped (its files removed, its line said). A double-dummy batch left
    solving in its thread (`bridgetools.dd._dds.left_running`) would hold the interpreter's exit until it
    is done, 20 s under load: the process then ends at once, its output flushed, as the signal would."""
    solver = sys.modules.get("bridgetools.dd._dds")  # loaded only by a command that solved
    if solver is not None and solver.left_running():
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):  # closed, or gone
                stream.flush()
        os._exit(code)
    sys.exit(code)
