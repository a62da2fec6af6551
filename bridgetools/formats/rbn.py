"""RBN, Richard Pavlicek's notation: one label letter, a space and the data a line, a blank line between
records. bridgetools reads and writes B (board), H (hands), A (dealer, vulnerability and auction), C (contract
and declarer), N (players: ``North+South:West+East``), E, D and L (the hand-record header) and ``{...}``
commentary; other labels (and a C or N with more fields) are kept as they are. The first ten labels carry
over from record to record when not restated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from bridgetools.board import Board
from bridgetools.errors import BridgeError, Issue
from bridgetools.formats._losses import Losses, left_out, said_by_auction
from bridgetools.formats._problems import report
from bridgetools.model import Contract, Deal, Seat, Vul
from bridgetools.rules import Auction

EXTENSIONS = (".rbn",)
INHERITED = "TDLESFKNBH"
_VUL_LETTER = {Vul.NONE: "Z", Vul.NS: "N", Vul.EW: "E", Vul.BOTH: "B"}
_LETTER_VUL = {v: k for k, v in _VUL_LETTER.items()}
_LINE = re.compile(r"[A-Z0-9] \S")
_CALL = re.compile(r"([1-7][CDHSN]|[PXRA])([!*]|\^\d)?")


def sniff(head: str) -> bool:
    """Every one of the first few non-blank lines is a capital label, a space and data, with a B or H line."""
    lines = [ln for ln in head.lstrip("\ufeff").splitlines()[:12] if ln.strip()][:-1] or head.splitlines()[:1]
    return bool(lines) and all(_LINE.match(ln) or ln.startswith("{") for ln in lines) and any(
        ln[:2] in ("B ", "H ") for ln in lines)


def _hands(value: str) -> Deal:
    """``W:hand:hand:hand:`` clockwise from the seat named; a missing fourth hand is the cards left."""
    first, _, rest = value.partition(":")
    hands = [h for h in rest.split(":")][:4]
    while len(hands) < 4:
        hands.append("")
    if not hands[3]:
        hands[3] = "-"
    deal = Deal.from_pbn(f"{Seat.parse(first)}:" + " ".join(h or "-" for h in hands))
    missing = [s for s in Seat if deal[s] is None]
    if len(missing) == 1:
        from bridgetools.model import Card, Hand

        held = 0
        for s in Seat:
            hand = deal[s]
            held |= hand.mask if hand is not None else 0
        rest_cards = [Card.from_index(i) for i in range(52) if not held >> i & 1]
        deal = Deal({**{s: deal[s] for s in Seat}, missing[0]: Hand.from_cards(rest_cards)})
    return deal


def _auction(value: str) -> tuple[Seat, Vul, Auction | None]:
    """``NZ:1SP2HP...`` -> dealer, vulnerability and the calls (``A`` = all pass)."""
    head, colon, calls = value.partition(":")
    if not colon or len(head) != 2:
        raise BridgeError(f"expected dealer and vulnerability like 'NZ:', found {value[:3]!r}")
    dealer, vul = Seat.parse(head[0]), _LETTER_VUL.get(head[1].upper())
    if vul is None:
        raise BridgeError(f"expected a vulnerability letter Z, N, E or B, found {head[1]!r}")
    text = calls.replace(":", "")
    if not text:
        return dealer, vul, None
    auction = Auction(dealer)
    at = 0
    while at < len(text):
        m = _CALL.match(text, at)
        if not m:
            raise BridgeError(f"expected a call at {text[at:at + 3]!r}")
        call = m.group(1)
        if call == "A":
            while not auction.is_complete:
                auction.add("P")
        else:
            auction.add({"P": "P", "X": "X", "R": "XX"}.get(call, call.replace("N", "NT")))
        at = m.end()
    return dealer, vul, auction


def _contract(value: str) -> tuple[Contract, Seat] | None:
    """``4SX:N`` -> the contract and its declarer; None for a C line with more fields (kept as written)."""
    parts = value.strip().split(":")
    if len(parts) != 2:
        return None
    try:
        return Contract.from_str(parts[0].replace("R", "XX")), Seat.parse(parts[1])
    except (BridgeError, ValueError, KeyError) as e:
        raise BridgeError(f"expected a contract and declarer like '4SX:N', found {value[:12]!r}") from e


def _players(value: str) -> dict[Seat, str] | None:
    """``North+South:West+East`` -> the four names (empty ones left out); None for more fields."""
    pairs = value.split(":")
    if len(pairs) != 2 or any(pair.count("+") != 1 for pair in pairs):
        return None
    (north, south), (west, east) = (pair.split("+") for pair in pairs)
    names = {Seat.N: north, Seat.S: south, Seat.W: west, Seat.E: east}
    return {seat: name.strip() for seat, name in names.items() if name.strip()}


def read_boards(
    stream: TextIO, source: str = "<string>", strict: bool = False, **options: Any
) -> Iterator[Board]:
    """Boards from RBN text, one a record; what cannot be read becomes an issue (strict: an error)."""
    carried: dict[str, str] = {}
    record: list[tuple[int, str, str]] = []
    comment: list[str] = []
    in_comment = False
    for number, raw in enumerate([*stream, ""], 1):
        line = raw.rstrip("\r\n")
        if in_comment or line.startswith("{"):
            comment.append(line)
            in_comment = not line.rstrip().endswith("}")
            continue
        if line.strip():
            record.append((number, line[:1], line[2:]))
            continue
        if record:
            yield _board(record, comment, carried, source, strict)
        record, comment = [], []


def _board(record: list[tuple[int, str, str]], comment: list[str], carried: dict[str, str], source: str,
           strict: bool) -> Board:
    values = {label: value for _, label, value in record}
    lines = {label: number for number, label, _ in record}
    for label in INHERITED:
        if label in values:
            carried[label] = values[label]
    issues: list[Issue] = []
    number_text = values.get("B", carried.get("B", "") if "H" in values else "")
    board = Board(number=int(number_text) if number_text.strip().isdigit() else None)
    board.event = (carried.get("E") or "").replace("::", ":") or None
    board.site = (carried.get("L") or "").replace("::", ":") or None
    board.date = carried.get("D")
    hands = values.get("H", carried.get("H"))
    try:
        if hands:
            board.deal = _hands(hands)
    except BridgeError as e:
        report(f"RBN: bad hands: {e}", source, lines.get("H"), 3, strict=strict, issues=issues)
    if "A" in values:
        try:
            board.dealer, board.vulnerability, auction = _auction(values["A"])
            if auction is not None:
                board.auction = auction
                if auction.is_complete:
                    board.contract = auction.contract
                    board.declarer = auction.declarer
        except BridgeError as e:
            report(f"RBN: bad auction: {e}", source, lines.get("A"), 3, strict=strict, issues=issues)
    parsed = "BHAEDL"
    try:
        played = _contract(values["C"]) if "C" in values else None
        if played is not None:
            board.contract, board.declarer = played
            parsed += "C"
    except BridgeError as e:
        report(f"RBN: bad contract: {e}", source, lines.get("C"), 3, strict=strict, issues=issues)
    players = _players(carried["N"]) if "N" in carried else None
    if players is not None:
        board.players = players
        parsed += "N"
    if comment:
        board.commentary.append("\n".join(comment).strip()[1:-1].strip())
    kept = {label: value for _, label, value in record if label not in parsed}
    if kept:
        board.extra["rbn"] = kept
    board.issues.extend(issues)
    return board


def _calls(auction: Auction) -> str:
    calls = [{"Pass": "P", "X": "X", "XX": "R"}.get(str(c), str(c).replace("NT", "N")) for c in auction.calls]
    if auction.is_complete:  # the closing passes are written A
        end = len(calls)
        while end and calls[end - 1] == "P":
            end -= 1
        calls = [*calls[:end], "A"]
    return "".join(calls)


def write_boards(boards: Iterable[Board], out: TextIO, **options: Any) -> None:
    """Boards as RBN records (LF line ends, as version 3.2 writes), the header labels when they change; one
    warning names what the labels written have no place for (play, players, a result, notes...)."""
    header: dict[str, str] = {}
    first = True
    losses = Losses("RBN")
    for board in boards:
        losses.add(left_out(board, "rbn", _carried(board)))
        lines = []
        for label, value in (("D", board.date), ("L", board.site), ("E", board.event)):
            text = (value or "").replace(":", "::") if label != "D" else (value or "")
            if text and header.get(label) != text:
                lines.append(f"{label} {text}")
                header[label] = text
        names = _names(board)
        if names is not None and header.get("N") != names:
            lines.append(f"N {names}")
            header["N"] = names
        if board.number is not None:
            lines.append(f"B {board.number}")
        if board.deal is not None:
            deal = board.deal
            hands = [deal[s] for s in (Seat.W, Seat.N, Seat.E)]
            lines.append("H W:" + ":".join(h.to_pbn() if h is not None else "" for h in hands) + ":")
        if board.dealer is not None and board.vulnerability is not None:
            calls = _calls(board.auction) if board.auction is not None else ""
            lines.append(f"A {board.dealer}{_VUL_LETTER[board.vulnerability]}:{calls}")
        if _says_contract(board):
            contract = str(board.contract).replace("XX", "R").replace("NT", "N")
            lines.append(f"C {contract}:{board.declarer}")
        for label, value in (board.extra.get("rbn") or {}).items():
            lines.append(f"{label} {value}")
        for text in board.commentary:
            lines.append("{" + text + "}")
        out.write(("" if first else "\n") + "\n".join(lines) + "\n")
        first = False
    losses.warn()


def _names(board: Board) -> str | None:
    """The N line's ``North+South:West+East`` for the board's players; None when it has none, or a name
    the line cannot hold (a ``+`` or ``:`` in it, or a line break)."""
    if not board.players:
        return None
    names = [board.players.get(seat, "") for seat in (Seat.N, Seat.S, Seat.W, Seat.E)]
    if any(ch in name for name in names for ch in "+:\n\r"):
        return None
    return f"{names[0]}+{names[1]}:{names[2]}+{names[3]}"


def _says_contract(board: Board) -> bool:
    """Whether the C line is written: a contract played by a declarer (not a passed-out board)."""
    return board.contract is not None and not board.contract.is_passed_out and board.declarer is not None


def _carried(board: Board) -> list[str]:
    """What of `HELD` the labels this writer writes carry for ``board``: the A line says dealer,
    vulnerability and the calls, the C line the contract and declarer (but no tricks), the N line the
    players."""
    carried = ["auction", "Event", "Site", "Date", "commentary"]
    if board.dealer is not None and board.vulnerability is not None:
        carried.append("dealer and vulnerability")
    if (said_by_auction(board) or _says_contract(board)) and board.tricks is None:
        carried.append("contract and result")
    if _names(board) is not None:
        carried.append("players")
    return carried
