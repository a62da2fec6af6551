"""Tournament dealing: sets that nobody can predict or choose, and that can be reproduced for an appeal.

Law 6 asks for deals with the expectations of a thorough shuffle, so a tournament set takes no condition.
The construction (our own; docs/records.md describes it):

- the key is 32 bytes (256 bits) from the operating system (`secrets`), kept in a key file (mode 0600);
  the outputs carry only its commitment, SHA-256 of the key;
- board k's deal is the first candidate c = 0, 1, ... whose block
  HMAC-SHA256(key, b"bridgetools deal" || k (4 bytes, big-endian) || c (4 bytes, big-endian)), read as a
  128-bit big-endian number x from its first 16 bytes, lies below the largest multiple of D under 2**128
  (D = 53,644,737,765,488,792,839,237,440,000 deals); the deal's number is then x mod D, exactly uniform;
- the number is unranked in mixed radix: North's hand is subset g // (C(39,13) C(26,13)) of the 52 cards,
  East's subset (g // C(26,13)) mod C(39,13) of the 39 left, South's g mod C(26,13) of the 26 left, subsets
  counted in lexicographic order of their card positions (spade ace first); West has the rest.

Nothing in it looks at the deals: no statistics, no re-dealing.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from math import comb
from pathlib import Path

from bridgetools._words import plural
from bridgetools.board import Board
from bridgetools.errors import BridgeError, FormatLossWarning, warn_caller
from bridgetools.model import Card, Deal, Hand, Rank, Suit

DEALS = comb(52, 13) * comb(39, 13) * comb(26, 13)
"""53,644,737,765,488,792,839,237,440,000: every deal of the four hands."""
KEY_BYTES = 32
DOMAIN = b"bridgetools deal"
_LIMIT = (1 << 128) // DEALS * DEALS
_DECK = tuple(
    Card(suit, Rank(rank)) for suit in (Suit.S, Suit.H, Suit.D, Suit.C) for rank in range(14, 1, -1)
)
KEY_HEADER = "bridgetools tournament key"
SEALED = "key commitment SHA-256"
"""How the outputs name the key's commitment: ``key commitment SHA-256 <64 hex digits>`` (the PBN header's
``%`` line, the hand record's cover line, which `print` takes back from the PBN)."""


def sealed_line(commitment: str) -> str:
    """The line that carries the key's commitment in every output."""
    return f"{SEALED} {commitment}"


def commitment_in(lines: Iterable[str]) -> str | None:
    """The commitment a set's PBN header records (its ``% key commitment SHA-256 <hex>`` line); else None."""
    for line in lines:
        m = re.fullmatch(rf"%\s*{re.escape(SEALED)} ([0-9a-f]{{64}})\s*", line)
        if m:
            return m.group(1)
    return None


def new_key() -> bytes:
    """256 bits from the operating system's random source."""
    return secrets.token_bytes(KEY_BYTES)


def commitment(key: bytes) -> str:
    """SHA-256 of the key, in hex: what the outputs record, and what a key shown at an appeal must match."""
    return hashlib.sha256(key).hexdigest()


def deal_number(key: bytes, board: int) -> int:
    """Board ``board``'s deal number in [0, D), uniform, by HMAC-SHA256 with rejection sampling."""
    for counter in range(1 << 32):
        block = hmac.new(key, DOMAIN + board.to_bytes(4, "big") + counter.to_bytes(4, "big"), hashlib.sha256)
        x = int.from_bytes(block.digest()[:16], "big")
        if x < _LIMIT:
            return x % DEALS
    raise AssertionError("unreachable: each candidate is rejected with probability below 2**-32")


def subset(rank: int, n: int, k: int) -> list[int]:
    """The ``rank``-th k-subset of range(n) in lexicographic order of the sorted positions."""
    if not 0 <= rank < comb(n, k):
        raise ValueError(f"rank {rank} out of range for C({n}, {k})")
    chosen = []
    x = 0
    while k:
        starting_here = comb(n - x - 1, k - 1)
        if rank < starting_here:
            chosen.append(x)
            k -= 1
        else:
            rank -= starting_here
        x += 1
    return chosen


def deal_of_number(g: int) -> Deal:
    """The deal numbered ``g`` (0 <= g < D): mixed radix over North's, East's and South's hands."""
    if not 0 <= g < DEALS:
        raise ValueError(f"deal numbers run from 0 to {DEALS - 1}")
    east_south = comb(39, 13) * comb(26, 13)
    indices = (g // east_south, (g // comb(26, 13)) % comb(39, 13), g % comb(26, 13))
    left = list(_DECK)
    hands = []
    for index in indices:
        taken = subset(index, len(left), 13)
        hands.append(Hand.from_cards(left[i] for i in taken))
        chosen = set(taken)
        left = [card for i, card in enumerate(left) if i not in chosen]
    hands.append(Hand.from_cards(left))
    return Deal(hands)


def tournament_boards(key: bytes, count: int, first_board: int = 1) -> Iterator[Board]:
    """Boards ``first_board`` ... of the set ``key`` deals, with the Law 2 dealer and vulnerability."""
    for number in range(first_board, first_board + count):
        yield Board(number=number, deal=deal_of_number(deal_number(key, number)))


DEFAULT_EVENT = "Tournament set"
"""The boards' Event where the set was dealt for none."""


def event_named(text: str | None) -> str | None:
    """An Event as the key file keeps it and the boards carry it: one line, its runs of spaces made one
    (`Club   Pairs` is `Club Pairs`); None for none or a blank one."""
    return " ".join((text or "").split()) or None


@dataclass(frozen=True)
class KeyFile:
    """What a key file holds: the key, and the boards it dealt."""

    key: bytes
    first_board: int
    count: int
    event: str | None = None
    """The Event the set was dealt for (``--event``, one line), which its reproduction keeps; None:
    `DEFAULT_EVENT`."""

    @property
    def commitment(self) -> str:
        return commitment(self.key)

    @property
    def boards_event(self) -> str:
        """The Event the boards carry: the set's, else `DEFAULT_EVENT`."""
        return self.event or DEFAULT_EVENT


def write_key(path: Path, keyfile: KeyFile) -> None:
    """Write the key file readable by its owner only (0600); an existing file is never replaced."""
    text = (f"{KEY_HEADER}\nkey: {keyfile.key.hex()}\ncommitment: {keyfile.commitment}\n"
            f"boards: {keyfile.first_board}-{keyfile.first_board + keyfile.count - 1}\n"
            + (f"event: {keyfile.event}\n" if keyfile.event else ""))
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise key_kept(path) from None
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    os.chmod(path, 0o600)


def key_kept(path: Path) -> BridgeError:
    """The refusal to replace the key file at ``path``, saying what it is good for: with ``--key`` it
    completes a set cut short (a Ctrl-C part way) or reproduces it."""
    return BridgeError(f"{path}: a key file is never replaced; choose another -o, or give --key {path} to "
                       "complete or reproduce the set it dealt")


def read_key(path: Path) -> KeyFile:
    """The key file at ``path``; a `BridgeError` naming the line when it is not one."""
    lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    if not lines or lines[0].strip() != KEY_HEADER:
        raise BridgeError(f"{path}:1:1: expected {KEY_HEADER!r}")
    fields = {}
    for number, line in enumerate(lines[1:], 2):
        name, colon, value = line.partition(":")
        if not colon:
            raise BridgeError(f"{path}:{number}:1: expected 'name: value'")
        fields[name.strip()] = (value.strip(), number)
    try:
        key = bytes.fromhex(fields["key"][0])
        low, high = (int(x) for x in fields["boards"][0].split("-"))
    except (KeyError, ValueError):
        raise BridgeError(f"{path}: expected lines 'key: <64 hex digits>' and 'boards: first-last'") from None
    if len(key) != KEY_BYTES:
        raise BridgeError(f"{path}:{fields['key'][1]}:6: expected {2 * KEY_BYTES} hex digits")
    if "commitment" in fields and fields["commitment"][0] != commitment(key):
        raise BridgeError(f"{path}:{fields['commitment'][1]}:13: the commitment does not match the key")
    event = event_named(fields["event"][0]) if "event" in fields else None  # (a key edited by hand too)
    return KeyFile(key, low, high - low + 1, event)


@dataclass(frozen=True)
class Written:
    """What a tournament run wrote: the files, the commitment they carry, and the boards (for the hand
    record, which the layer above draws)."""

    files: list[Path]
    commitment: str
    boards: list[Board]
    event: str | None = None
    """The Event given (``--event``, or the key file's), None for the default (`DEFAULT_EVENT`)."""


MACHINE_FORMATS = ("dup", "dlm", "bri", "dge")
MACHINE_LIMIT = 99
"""DUP and DLM hold boards 1-99 only."""


def set_file(prefix: str | Path, fmt: str) -> Path:
    """A tournament set's file of ``fmt``: the suffix added to the whole ``prefix`` (``club.dec`` writes
    ``club.dec.pbn``), as the hand record beside it is named, so no set's files take another's names."""
    return Path(f"{prefix}.{fmt}")


def set_files(prefix: str | Path) -> list[Path]:
    """The files a tournament set ``prefix`` is written to: its key, PBN and the machines' files."""
    return [set_file(prefix, fmt) for fmt in ("key", "pbn", *MACHINE_FORMATS)]


def _there(paths: list[Path]) -> str:
    """Those of ``paths`` already there, as a refusal names them (``s.pbn, s.dup exist``); empty for none."""
    there = [str(path) for path in paths if path.exists()]
    return f"{', '.join(there)} {'exist' if len(there) > 1 else 'exists'}" if there else ""


def refuse_replacing(prefix: str | Path, beside: tuple[Path, ...] = ()) -> None:
    """Refuse, before a byte is written, a new set whose files (`set_files`, and ``beside``: the hand record
    the caller draws) are there already: an earlier set's, whose deals a new key would replace for good.
    The key file is named first (its own line: give it to complete or reproduce its set)."""
    key, *others = set_files(prefix)
    if key.exists():
        raise key_kept(key)
    there = _there([*others, *beside])
    if there:
        raise BridgeError(f"{there}: a new set never replaces an earlier set's files; choose another -o (to "
                          "write that set again, give its key: --key)")


def refuse_another_set(prefix: str | Path, keyfile: KeyFile, beside: tuple[Path, ...] = ()) -> None:
    """Refuse, before a byte is written, to reproduce a set (``--key``) over files that are not its own: a
    key file at ``prefix`` holding another key, a PBN recording another commitment (or none), or the machine
    files and hand record (``beside``) with neither beside them to say whose they are. The set's own files
    (a set cut short and completed, or written again in place) are replaced by the same boards."""
    key, pbn, *machines = set_files(prefix)
    vouched = False
    if key.exists():
        try:
            theirs = read_key(key).commitment
        except (BridgeError, OSError):
            theirs = None
        if theirs != keyfile.commitment:
            raise BridgeError(f"{key} is another set's key, not the one given: the files beside it are that "
                              "set's and are never replaced; choose another -o")
        vouched = True
    if pbn.exists():
        with open(pbn, encoding="utf-8", errors="replace") as text:
            head = [line.rstrip("\r\n") for line in islice(text, 20)]  # the header's % lines
        if commitment_in(head) != keyfile.commitment:
            raise BridgeError(f"{pbn} is not the set this key dealt (it records "
                              f"{'another key commitment' if commitment_in(head) else 'no key commitment'}): "
                              "another set's files are never replaced; choose another -o")
        vouched = True
    there = _there([*machines, *beside])
    if there and not vouched:
        raise BridgeError(f"{there}, with no key file or PBN of the set beside them to say whose they are: "
                          "they are never replaced; choose another -o")


def _within_limit(first: int) -> str:
    """How a set from board ``first`` fits DUP and DLM, whose limit is board number `MACHINE_LIMIT` (not a
    count of boards): from board 90, at most 10 boards."""
    if first > MACHINE_LIMIT:
        return f"a set for those machines ends by board {MACHINE_LIMIT}"
    most = MACHINE_LIMIT - first + 1
    return (f"a set for those machines ends by board {MACHINE_LIMIT}: from board {first}, deal at most "
            f"{plural(most, 'board')}")


def deal_tournament(prefix: str | Path, count: int | None = None, *, key_file: str | Path | None = None,
                    first_board: int | None = None, event: str | None = None,
                    beside: tuple[Path, ...] = ()) -> Written:
    """Deal a tournament set to ``prefix``.pbn and the dealing-machine files (DUP and DLM up to board 99),
    keeping a fresh key in ``prefix``.key (0600); or, with ``key_file``, reproduce the set that key dealt
    (a ``count`` or ``first_board`` other than the key's is refused: the key fixes which boards it dealt).
    ``event`` is the boards' Event, its runs of spaces made one as the key file keeps it (default
    `DEFAULT_EVENT`); with ``key_file`` it is the key file's, and another is refused as a count is. A new
    set replaces no file: one already there (``beside``: the caller's hand record too) is refused before
    a byte is written (`refuse_replacing`); a reproduced set replaces its own files alone
    (`refuse_another_set`)."""
    from bridgetools.formats import write

    prefix = Path(prefix)
    given = event_named(event)
    if key_file is not None:
        keyfile = read_key(Path(key_file))
        dealt = f"{key_file} dealt boards {keyfile.first_board}-{keyfile.first_board + keyfile.count - 1}"
        if count is not None and count != keyfile.count:
            raise BridgeError(f"{dealt}, {keyfile.count} boards, not {count}; leave out -n to reproduce them")
        if first_board is not None and first_board != keyfile.first_board:
            raise BridgeError(f"{dealt}, not from board {first_board}; leave out --first-board to reproduce "
                              "them")
        if given is not None and given != keyfile.boards_event:
            raise BridgeError(f"{dealt}, Event {keyfile.boards_event!r}, not {given!r}; leave out --event to "
                              "reproduce them")
        refuse_another_set(prefix, keyfile, beside)
    else:
        if count is None or count < 1:
            raise BridgeError("a tournament set needs a number of boards (-n)")
        refuse_replacing(prefix, beside)
        keyfile = KeyFile(new_key(), first_board or 1, count, given)
        write_key(set_file(prefix, "key"), keyfile)
    boards = list(tournament_boards(keyfile.key, keyfile.count, keyfile.first_board))
    sealed = sealed_line(keyfile.commitment)
    for board in boards:
        board.event = keyfile.boards_event
    files = [set_file(prefix, "key")] if key_file is None else []
    pbn = set_file(prefix, "pbn")
    write(boards, pbn, "pbn", header=["bridgetools tournament dealing (docs/records.md)", sealed])
    files.append(pbn)
    last = keyfile.first_board + keyfile.count - 1
    deals_only = [Board(number=board.number, deal=board.deal) for board in boards]  # what a machine holds
    if last > MACHINE_LIMIT:  # said, not skipped without a word: the director expects a file a machine
        warn_caller(f"DUP and DLM hold boards 1-{MACHINE_LIMIT}: {prefix}.dup and {prefix}.dlm are not "
                    f"written for boards {keyfile.first_board}-{last} "
                    f"({_within_limit(keyfile.first_board)}; BRI and DGE hold them all)", FormatLossWarning)
    for fmt in MACHINE_FORMATS:
        if fmt in ("dup", "dlm") and last > MACHINE_LIMIT:
            continue
        path = set_file(prefix, fmt)
        # sealed: the machine deals the cards without showing them on its screen, as a set nobody may see
        # before play is dealt (Big Deal's `dlmblind`)
        options: dict[str, object] = {}
        if fmt == "dlm":
            options = {"headline": f"Generated by bridgetools, {sealed[:34]}", "blind": True}
        write(deals_only, path, fmt, **options)
        files.append(path)
    return Written(files, keyfile.commitment, boards, keyfile.event)
