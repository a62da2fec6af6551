"""What every command shares: error reporting, suit symbols, atomic output, progress bars."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, TypeVar

import click

from bridgetools._files import atomic_file
from bridgetools.errors import BridgeError

F = TypeVar("F", bound=Callable[..., Any])


def text_stream(name: str) -> IO[str]:
    """The process's stdin, stdout or stderr as text (what CliRunner swaps in, under tests).

    click 8.5 deprecates ``click.get_text_stream``; the ``sys`` streams serve as well here.
    """
    return getattr(sys, name)  # type: ignore[no-any-return]


def binary_stream(name: str) -> IO[bytes]:
    """The binary stream under stdin or stdout (for Parquet and other binary output)."""
    return getattr(sys, name).buffer  # type: ignore[no-any-return]


def reports_errors(fn: F) -> F:
    """Turn library errors (and unreadable files) into one-line messages and exit code 1; stop quietly
    when the reader of the output goes away (``| head``). Any other failure on strange input is one
    line too (exit 1), never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (click.ClickException, click.exceptions.Exit, click.Abort, SystemExit):
            raise
        except BrokenPipeError:
            with contextlib.suppress(OSError, ValueError):  # nothing more to the closed pipe at exit
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return None
        except BridgeError as e:
            raise click.ClickException(str(e)) from None
        except UnicodeDecodeError as e:
            raise click.ClickException(f"cannot decode input: {e}") from None
        except UnicodeEncodeError as e:
            raise click.ClickException(
                f"the output cannot show {e.object[e.start:e.end]!r}: use --suits ascii or a UTF-8 output"
            ) from None
        except OSError as e:
            name = getattr(e, "filename", None)
            where = f"{name}: " if name else ""
            raise click.ClickException(f"{where}{e.strerror or e}") from None
        except Exception as e:  # a bug shown to a user as one line, not a stack trace
            raise click.ClickException(f"unexpected error ({type(e).__name__}): {e}") from None

    return wrapper  # type: ignore[return-value]


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (``-`` is never a file)."""
    if a == "-" or b == "-":
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def refuse_overwriting(output: str | None, inputs: Iterable[str]) -> None:
    """A usage error when the output would replace one of the inputs: inputs are never modified."""
    if output is None:
        return
    for name in inputs:
        if same_file(name, output):
            raise click.UsageError(f"output {output!r} is also an input; inputs are never overwritten")


def wants_unicode(choice: str = "auto", stream: IO[str] | None = None) -> bool:
    """Unicode suit symbols for ``unicode``; for ``auto`` only when the output encodes them."""
    if choice == "unicode":
        return True
    if choice == "ascii":
        return False
    stream = stream or text_stream("stdout")
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    return encoding in ("utf8", "utf8sig", "utf16", "utf32")


suits_option = click.option(
    "--suits",
    type=click.Choice(["auto", "unicode", "ascii"]),
    default="auto",
    show_default=True,
    help="Suit symbols in diagrams: Unicode when the output can show them, else letters.",
)


@contextlib.contextmanager
def atomic_output(path: str, mode: str = "w", encoding: str | None = "utf-8",
                  newline: str | None = None) -> Iterator[IO[Any]]:
    """Write to ``path`` through a temporary file renamed into place on success (``-`` is stdout).

    An output that fails half-way never replaces an existing file.
    """
    if path == "-":
        if "b" in mode:
            yield binary_stream("stdout")
        else:
            yield text_stream("stdout")
        return
    kwargs: dict[str, Any] = {} if "b" in mode else {"encoding": encoding, "newline": newline}
    with atomic_file(path, mode, **kwargs) as handle:
        yield handle


def progress_bar(length: int | None, label: str, quiet: bool = False) -> Any:
    """A progress bar on stderr, drawn only when stderr is a terminal (never on stdout)."""
    stderr = text_stream("stderr")
    hidden = quiet or not stderr.isatty()
    return click.progressbar(length=length, label=label, file=stderr, hidden=hidden)


def warn(message: str, quiet: bool = False) -> None:
    if not quiet:
        click.echo(message, err=True)


def stdin_is_tty() -> bool:
    return sys.stdin.isatty()
