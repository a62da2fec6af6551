"""The decoding of every file under some folders, to compare two checkouts: a change to the encoding rules
(bridgetools/formats/_io.py) must leave the files it is not about as they were read.

For each file: the decoded text's SHA-256, the encoding chosen and the mixed file's warning, read from a
path, from a pipe giving 1 MiB reads and from one giving 5,000-byte reads. Run it with each checkout's
code and compare the two outputs:

    PYTHONPATH=/work/main python scripts/decoding_snapshot.py /work/shared/corpus tests/data -o main.json
    PYTHONPATH=. python scripts/decoding_snapshot.py /work/shared/corpus tests/data -o mine.json
    python scripts/decoding_snapshot.py --compare main.json mine.json
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
from pathlib import Path


class _Pipe(io.RawIOBase):
    """A file's bytes as a pipe gives them: at most ``size`` bytes a read, and no seeking."""

    def __init__(self, data: bytes, size: int) -> None:
        self._data = memoryview(data)
        self._size = size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]  # typeshed: Buffer
        n = min(len(buffer), self._size, len(self._data))
        buffer[:n] = self._data[:n]
        self._data = self._data[n:]
        return n


def decoding(path: Path) -> dict[str, dict[str, str | None]]:
    """How ``path`` decodes from a path and from two kinds of pipe."""
    from bridgetools.formats import _io

    data = path.read_bytes()
    ways: dict[str, object] = {"path": path, "pipe-1MiB": _Pipe(data, 1 << 20),
                               "pipe-5000": _Pipe(data, 5000)}
    found: dict[str, dict[str, str | None]] = {}
    for way, source in ways.items():
        stream, _ = _io.open_text(source)  # type: ignore[arg-type]  # a path or a binary stream
        try:
            text = stream.read()
        except UnicodeError as error:  # a UTF-16 or declared file that does not decode
            found[way] = {"error": str(error)}
            continue
        stray = _io.stray_lines(stream)
        issue = stray.issue() if stray is not None else None
        found[way] = {"sha256": hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(),
                      "encoding": stream.encoding, "warning": None if issue is None else issue.message}
        stream.close()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("-o", "--output", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        before, after = (json.loads(p.read_text(encoding="utf-8")) for p in args.compare)
        changed = sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))
        for name in changed:
            print(f"{name}: {before.get(name)} -> {after.get(name)}")
        print(f"{len(before)} files before, {len(after)} after, {len(changed)} decoded differently")
        return 1 if changed else 0
    files = sorted(p for folder in args.folders for p in folder.rglob("*") if p.is_file())
    snapshot = {str(p): decoding(p) for p in files}
    text = json.dumps(snapshot, indent=1, sort_keys=True)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        print(text)
    print(f"{len(snapshot)} files", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
