"""Reading speed of a Windows-1252 PBN file full of byte pairs that are UTF-8 letters too, end to end.

Makes a PBN file in Windows-1252 whose player, event and site names are Nordic words in curly quotes
(``“NÅ”``, ``“SKÅ—NE”``, ``“TRÄ•X”``): each holds a capital before punctuation, a byte pair that is a
UTF-8 letter as well (formats.md §2.2), three on each such line, in a word that is not all UTF-8, so the
file stays Windows-1252. Its encoding is chosen on the first 64 KiB, and then the rest of the file is
searched for UTF-8 letters (`_utf8_further_on`) before it is read. Times, best of ``--repeat``:

- ``bridgetools convert FILE -o OUT.pbn`` as a user runs it (a new process each time);
- the search of the file alone, in this process, and its share of the command's time.

Prints the SHA-256 of the decoded text, to compare two checkouts (the decoding must not change):

    python scripts/bench_decode.py                     # 4,300 boards: 30,100 lines with three pairs
    python scripts/bench_decode.py --boards 1000 --repeat 1 --keep /tmp/nordic.pbn
"""

from __future__ import annotations

import argparse
import hashlib
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bridgetools.formats._io import HEAD_BYTES, _first_bytes, _utf8_further_on, open_text
from bridgetools.model import Seat
from bridgetools.rules import deal_shuffled

WORDS = ("“NÅ”", "“SKÅ—NE”", "“TRÄ•X”", "“BLÅ…”", "„MALMÅ”", "“GÄ–VLE”", "«LÅ—N»", "“ÅÄ•”")
"""Words a Windows-1252 file holds whose capital before punctuation is a UTF-8 letter too (Å” is ŕ)."""

NAMED_TAGS = ("Event", "Site", "West", "North", "East", "South", "Annotator")
"""The tags given three such words each."""


def make_file(path: Path, boards: int, seed: int) -> int:
    """Write ``boards`` boards of Windows-1252 PBN to ``path``; the number of lines holding the pairs."""
    rng = random.Random(seed)
    lines: list[str] = ['% PBN 2.1', '% EXPORT', '']
    for number in range(1, boards + 1):
        dealer = Seat((number - 1) % 4)
        deal = deal_shuffled(dealer, seed=rng.getrandbits(64))
        for tag in NAMED_TAGS:
            lines.append(f'[{tag} "{" ".join(rng.choice(WORDS) for _ in range(3))}"]')
        lines += [f'[Board "{number}"]', f'[Dealer "{dealer.name}"]', '[Vulnerable "None"]',
                  f'[Deal "{deal.to_pbn()}"]', '']
    path.write_bytes("\r\n".join(lines).encode("cp1252"))
    return boards * len(NAMED_TAGS)


def decoded_hash(path: Path) -> tuple[str, str]:
    """The SHA-256 of ``path``'s text as the readers decode it, and the encoding chosen."""
    text, _ = open_text(path)
    with text:
        return hashlib.sha256(text.read().encode("utf-8", "surrogatepass")).hexdigest(), text.encoding


def convert_seconds(path: Path, out: Path) -> float:
    """The wall time of ``bridgetools convert path -o out`` in a new process."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bridgetools", "convert", str(path), "-o", str(out)],
                   check=True, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def search_seconds(path: Path) -> tuple[float, bool]:
    """The time `_utf8_further_on` takes over ``path`` after its first chunk, and what it found."""
    with path.open("rb") as raw:
        head = _first_bytes(raw)
        assert len(head) == HEAD_BYTES, "the file is shorter than the chunk the encoding is chosen on"
        started = time.perf_counter()
        found = _utf8_further_on(raw, head)
        return time.perf_counter() - started, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=4300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--keep", type=Path, help="write the file here and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.keep or Path(folder) / "nordic.pbn"
        lines = make_file(path, args.boards, args.seed)
        digest, encoding = decoded_hash(path)
        print(f"{path.stat().st_size / 1e6:.2f} MB, {lines:,} lines with three pairs each;"
              f" read as {encoding}, text sha256 {digest[:16]}")
        convert = min(convert_seconds(path, Path(folder) / "out.pbn") for _ in range(args.repeat))
        search, found = min(search_seconds(path) for _ in range(args.repeat))
        print(f"bridgetools convert: {convert:.3f} s; the search of the rest: {search * 1000:.1f} ms"
              f" ({search / convert:.1%} of it), UTF-8 found: {found}")


if __name__ == "__main__":
    main()
