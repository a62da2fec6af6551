"""Writing a file safely: into a temporary file beside it, renamed into place only when complete.

An output that fails half-way never replaces an existing file, and errors name the file the user asked
for, not the temporary one. The finished file gets the permissions a plainly created file would have
(the mode of the file it replaces, else 0666 less the umask), not the 0600 of a temporary file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from typing import IO, Any


def temporary_beside(path: str | os.PathLike[str]) -> str:
    """A new, empty temporary file in ``path``'s directory (so the final rename stays on one disk)."""
    target = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(target))
    name = os.path.basename(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
    except OSError as e:  # a missing or read-only directory: name the output
        raise OSError(e.errno, e.strerror, target) from None
    os.close(fd)
    return tmp


def _default_mode(target: str) -> int:
    with contextlib.suppress(OSError):
        return stat.S_IMODE(os.stat(target).st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def publish(tmp: str, path: str | os.PathLike[str]) -> None:
    """Rename the finished temporary file ``tmp`` to ``path``, with ordinary permissions."""
    target = os.fspath(path)
    try:
        os.chmod(tmp, _default_mode(target))
        os.replace(tmp, target)
    except OSError as e:  # the output is a directory, say
        raise OSError(e.errno, e.strerror, target) from None


def discard(tmp: str) -> None:
    """Remove an unfinished temporary file (nothing to do when it is already gone)."""
    with contextlib.suppress(OSError):
        os.unlink(tmp)


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str], mode: str = "w", **open_options: Any) -> Iterator[IO[Any]]:
    """``open(path, mode)`` that leaves ``path`` untouched unless the ``with`` block completes."""
    tmp = temporary_beside(path)
    try:
        with open(tmp, mode, **open_options) as handle:
            yield handle
        publish(tmp, path)
    except BaseException:
        discard(tmp)
        raise
