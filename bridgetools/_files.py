"""Writing a file safely: into a temporary file beside it, renamed into place only when complete.

An output that fails half-way never replaces an existing file, and errors name the file the user asked
for, not the temporary one. A device or named pipe (``-o /dev/null``) is not replaced: the finished
output is copied into it. The finished file gets the permissions a plainly created file would have
(the mode of the file it replaces, else 0666 less the umask), not the 0600 of a temporary file.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import re
import secrets
import shutil
import stat
import tempfile
from collections.abc import Iterator
from typing import IO, Any

from bridgetools._lazy import lazy_compile


def written_in_place(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a device, a named pipe or a socket (``/dev/null``, ``/dev/stdout``, a fifo), or
    names a file already open (`_descriptor_named`): its output is copied into it once complete, as a
    file renamed over it would replace the device itself, or the file a shell opened with what it held."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return (not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)) or _descriptor_named(path) is not None


_DESCRIPTOR = lazy_compile(r"/(?:dev/fd|proc/([^/]+)/fd)/([0-9]+)")
"""Where Linux names a file descriptor of a process: ``/dev/fd/1``, ``/proc/self/fd/1``."""


def _descriptor_named(path: str | os.PathLike[str]) -> re.Match[str] | None:
    """Where ``path`` (or a link it goes through, as ``/dev/stdout``) names an open file descriptor:
    ``-o /dev/stdout >> log.txt`` is log.txt, opened by the shell to be added to; None for other paths."""
    link = os.path.abspath(path)
    for _ in range(40):  # as the system follows links, a loop given up on
        if (named := _DESCRIPTOR.fullmatch(link)) is not None:
            return named
        if not os.path.islink(link):
            return None
        link = os.path.join(os.path.dirname(link), os.readlink(link))
    return None


def _own_descriptor(path: str) -> int | None:
    """The descriptor of this process ``path`` names (``/dev/stdout``: 1), to be written through itself,
    at the place the shell and the commands before have come to; None for any other path."""
    named = _descriptor_named(path)
    if named is None or named[1] not in (None, "self", "thread-self", str(os.getpid())):
        return None
    return int(named[2])


def refuse_read_only(target: str) -> None:
    """A `PermissionError` naming ``target`` when it is a read-only file: a rename would replace it all
    the same (it needs only the directory writable), where ``open`` refuses it; a file no one may write
    is refused even to root, as ``rm`` asks before removing one."""
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return
    if stat.S_ISREG(mode) and (not mode & 0o222 or not os.access(target, os.W_OK)):
        raise PermissionError(errno.EACCES, "a read-only file, not replaced (make it writable first)", target)


def write_target(path: str | os.PathLike[str]) -> str:
    """The file a write to ``path`` replaces: a symbolic link's target (the link kept, as ``open`` writes
    through it), so every writer of temporary files keeps links; an output `written_in_place`
    (``/dev/stdout``) stays itself."""
    target = os.fspath(path)
    if os.path.islink(target) and not written_in_place(target):
        return os.path.realpath(target)
    return target


def temporary_beside(path: str | os.PathLike[str]) -> str:
    """A new, empty temporary file in ``path``'s directory (so the final rename stays on one disk); for
    an output `written_in_place`, in the temporary directory."""
    target = write_target(path)
    refuse_read_only(target)
    directory = os.path.dirname(os.path.abspath(target))
    if written_in_place(target):
        directory = tempfile.gettempdir()
    name = os.path.basename(target)
    for _ in range(100):
        tmp = os.path.join(directory, f".{name}.{secrets.token_hex(6)}.tmp")
        _UNFINISHED.add(tmp)  # listed before it exists: a stop signal can come at any moment
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # not ours: try another name
            _UNFINISHED.discard(tmp)
            continue
        except OSError as e:  # a missing or read-only directory: name the output
            _UNFINISHED.discard(tmp)
            raise OSError(e.errno, e.strerror, target) from None
        os.close(fd)
        return tmp
    raise FileExistsError(errno.EEXIST, "no free temporary name beside it", target)


_UNFINISHED: set[str] = set()
"""Temporary files of this process neither published nor discarded yet."""


def discard_unfinished() -> None:
    """Remove the temporary files this process made and did not finish: a stop signal may come between
    making one and the code that would remove it on the way out."""
    for tmp in list(_UNFINISHED):
        discard(tmp)


def _default_mode(target: str) -> int:
    with contextlib.suppress(OSError):
        return stat.S_IMODE(os.stat(target).st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def publish(tmp: str, path: str | os.PathLike[str]) -> None:
    """Rename the finished temporary file ``tmp`` to ``path``, with ordinary permissions (copy it into a
    device or pipe, see `written_in_place`)."""
    target = write_target(path)
    try:
        if written_in_place(target):
            try:
                _copy_into(tmp, target)
            finally:
                discard(tmp)
            return
        os.chmod(tmp, _default_mode(target))
        os.replace(tmp, target)
    except OSError as e:  # the output is a directory, say
        raise OSError(e.errno, e.strerror, target) from None
    _UNFINISHED.discard(tmp)


def _copy_into(tmp: str, target: str) -> None:
    """The bytes of ``tmp`` written into the device or pipe ``target``; into an open file through its own
    descriptor, or else added to its end (truncating it would lose what the shell or others wrote there)."""
    own = _own_descriptor(target)
    with open(tmp, "rb") as source, (open(target, "ab") if own is None else open(os.dup(own), "wb")) as out:
        shutil.copyfileobj(source, out)


def discard(tmp: str) -> None:
    """Remove an unfinished temporary file (nothing to do when it is already gone)."""
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    _UNFINISHED.discard(tmp)


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str], mode: str = "w", **open_options: Any) -> Iterator[IO[Any]]:
    """``open(path, mode)`` that leaves ``path`` untouched unless the ``with`` block completes; a symbolic
    link is written through (its target replaced, the link kept), as ``open`` would."""
    tmp = temporary_beside(path)
    try:
        with open(tmp, mode, **open_options) as handle:
            yield handle
        publish(tmp, path)
    except BaseException:
        discard(tmp)
        raise


def undecodable(char: str) -> bool:
    """Whether ``char`` stands for a byte the operating system could not decode (a lone surrogate of
    ``surrogateescape``: a file name's or an argument's byte in a locale that is not UTF-8)."""
    return "\udc80" <= char <= "\udcff"


def readable_name(path: str | os.PathLike[str]) -> str:
    """A file name as text any output can hold: bytes that are not UTF-8 (the operating system gives them
    as lone surrogates) are shown as ``\\xNN``, so ``café.pbn`` saved in Latin-1 reads ``caf\\xe9.pbn``."""
    name = os.fspath(path)
    if not any(map(undecodable, name)):
        return name
    return os.fsencode(name).decode("utf-8", "backslashreplace")


NAMES_ERROR_HANDLER = "bridgetools.names"
"""The `codecs` error handler for messages: undecodable bytes of a file name shown as ``\\xNN``."""


def _show_undecodable(error: UnicodeError) -> tuple[str, int]:
    """Encoding error handler: lone surrogates from a file name written as ``\\xNN``; anything else still
    fails (the caller then gives advice on the output's encoding)."""
    if isinstance(error, UnicodeEncodeError):
        bad = error.object[error.start:error.end]
        if all(map(undecodable, bad)):
            return "".join(f"\\x{ord(c) - 0xDC00:02x}" for c in bad), error.end
    raise error


codecs.register_error(NAMES_ERROR_HANDLER, _show_undecodable)
