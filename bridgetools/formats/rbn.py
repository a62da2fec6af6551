"""RBN, Richard Pavlicek's notation: one label letter, a space and the data a line, a blank line between
records. bridgetools reads and writes B (board), H (hands), A (dealer, vulnerability and auction), C (contract
and declarer), P (the play: tricks apart by ``:``, a card following suit by its rank alone), R (declarer's
tricks), F (the form of scoring, by its letter where PBN's name has one), N (players:
``North+South:West+East``), S (the Stage tag) and K (the tags HomeTeam, VisitTeam and their carry-overs),
E, D and L (the hand-record header) and ``{...}`` commentary; other labels (and an N, K or R with other
fields, an F letter with no PBN name) are kept as they are, as is a C line of more fields than contract and
declarer (an opening leader out of turn, the user's own fields), read for those two. The first ten labels
carry over from record to record when not restated.

RBN has no suit marks and no escapes in its text: a comment, a note, the event, site and names are written
with the suit symbols themselves (``5+ ♠``, where PBN writes ``5+ \\S`` and LIN ``5+ !S``), and read back
as the board holds text, PBN's way (`_suit_marks.marked_suits`).
"""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any, Protocol, TextIO

from bridgetools.board import Board
from bridgetools.errors import NOTE, BridgeError, Issue, MisreadValue, NotationError
from bridgetools.formats import SUFFIXES
from bridgetools.formats._cards import card_of
from bridgetools.formats._deal_checks import BoardsSeen, disagreement_kind, disagreements, malformed
from bridgetools.formats._law77 import SCORED_AGAIN, score_worked_out
from bridgetools.formats._losses import (
    Losses,
    claim_left_out,
    dealer_replaced,
    dealer_written,
    given_as_none,
    header_fields,
    is_a_board,
    left_out,
    line_breaks_replaced,
    marks_on_calls,
    nothing_to_say,
    one_line,
    said_by_auction,
    whose_loss,
)
from bridgetools.formats._problems import (
    LAW_2_FIELDS,
    Reporter,
    read_as_unknown,
    report,
    tricks_read_as_unknown,
    unknown_tricks_unless_given,
    unknown_unless_given,
)
from bridgetools.formats._suit_marks import (
    commentary_written_in,
    explanations_written_in,
    has_lower_case_marks,
    holds_suit_symbols,
    marked_suits,
    pbn_suits,
    plain_suits,
)
from bridgetools.formats.rbn_comments import (
    HEADING_LABELS,
    Anchor,
    anchor_after,
    read_places,
    written_with_comments,
)
from bridgetools.formats.rbn_comments import LABELLED as _LABELLED
from bridgetools.model import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Annotation,
    Call,
    Contract,
    Deal,
    Seat,
    Suit,
    Vul,
)
from bridgetools.rules import Auction, Play, dealer_of_board

EXTENSIONS = SUFFIXES["rbn"]
COMMENTARY_IS_A_RECORD = True
"""A record of ``{...}`` commentary alone (a lesson's introduction, a paragraph between blank lines) is one,
as LIN's ``nt`` alone is: so a file of an introduction alone reads back as the record it was written from."""
_VUL_LETTER = {Vul.NONE: "Z", Vul.NS: "N", Vul.EW: "E", Vul.BOTH: "B"}
_LETTER_VUL = {v: k for k, v in _VUL_LETTER.items()}
_LINE = re.compile(r"[A-Z0-9] \S")
_CALL = re.compile(r"([1-7][CDHSNcdhsn]|[PXRApxra])((?:[!*]|\^\d){0,2})")
"""A call of an A line and its marks: ``!`` or ``*`` alerts it, ``^n`` refers to note line ``n`` (its
explanation, which does not alert it: BridgeData reads and writes ``^n`` so); ``1C!^1`` is both. Its
letters in either case: RBN 2.7 keeps the case of a call's letters for a writer's own coding (``1sp2hA``)."""
_PLAYED = re.compile(r"[SHDC]?[2-9TJQKA]")
_CALL_BY_TEXT: dict[str, Call] = {"P": PASS, "X": DOUBLE, "R": REDOUBLE} | {
    str(bid).replace("NT", "N"): bid for bid in ALL_BIDS}
_CALL_BY_TEXT |= {text.lower(): call for text, call in _CALL_BY_TEXT.items()}
"""Each call of an A line (``1N``, ``P``, ``X``, ``R``; ``1n``, ``p``... in lower case too, `_CALL`) by its
letters, looked up rather than parsed (a file holds thousands of calls)."""
_SCORING_LETTER = {"MP": "M", "IMP": "I", "BAM": "B", "Chicago": "C", "Rubber": "R", "Cavendish": "A"}
"""PBN scoring names with an RBN F letter of the same meaning (matchpoints, IMPs, board-a-match...);
other names are written as words, which the F label allows."""
_LETTER_SCORING = {v: k for k, v in _SCORING_LETTER.items()}
_RBN_DATE = re.compile(r"(\d{4}|\?{4})(\d\d|\?\?)?(\d\d|\?\?)?")
"""RBN's D label as a plain date: ``yyyymmdd``, the day (or month and day) left off, ``?`` unknown."""
_PBN_DATE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")
"""A date as the board holds it, PBN's ``YYYY.MM.DD`` with ``?`` for unknown digits."""
_SCORING_WORDS = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:-\d)?(?: *; *[A-Za-z][A-Za-z0-9_]*(?:-\d)?)*")


def sniff(head: str) -> bool:
    """Every one of the first few non-blank lines is a capital label, a space and data, with a B or H line."""
    lines = [ln for ln in head.lstrip("\ufeff").splitlines()[:12] if ln.strip()][:-1] or head.splitlines()[:1]
    return bool(lines) and all(_LINE.match(ln) or ln.startswith("{") for ln in lines) and any(
        ln[:2] in ("B ", "H ") for ln in lines)


def _hands(value: str) -> tuple[Seat, Deal]:
    """``W:hand:hand:hand:`` -> the seat named, which the hands go clockwise from, and the deal; a missing
    fourth hand is the cards left when the three given hold 13 each (one of 12 beside them is told as a card
    left out, the fourth left unknown)."""
    first, _, rest = value.partition(":")
    hands = [h for h in rest.split(":")][:4]
    while len(hands) < 4:
        hands.append("")
    if not hands[3]:
        hands[3] = "-"
    seat = Seat.parse(first)
    text = f"{seat}:" + " ".join(h or "-" for h in hands)
    try:
        deal = Deal.from_pbn(text)
    except NotationError as e:  # told in the line as written, at the bad card's column
        raise MisreadValue(e.detail.replace(text, value), _place_in_hands(value, hands, e.position)) from e
    # the cards left, when the three hands given are whole (else a card left out, `disagreements`)
    return seat, deal.completed()


def _hand_left_unknown(deal: Deal | None) -> str | None:
    """What an H line of three hands the same size, not 13, and the fourth left out leaves unknown: the
    fourth is the cards left only beside three hands of 13 (`_hands`), so it is not made up from 16."""
    given = [] if deal is None else [(seat, hand) for seat in Seat if (hand := deal[seat]) is not None]
    if len(given) != 3 or len({len(hand) for _, hand in given}) != 1 or len(given[0][1]) == 13:
        return None
    (left,) = (seat for seat in Seat if deal is not None and deal[seat] is None)
    return (f"RBN: H line: three hands of {len(given[0][1])} cards and {left.full_name} left out: "
            f"{left.full_name}'s hand is left unknown (the cards left make a hand only beside three of 13)")


def _place_in_hands(value: str, hands: list[str], position: int | None) -> int:
    """Where in an H line's data ``value`` the character ``position`` of the deal made of its ``hands``
    stands (`_hands`: PBN's deal, a hand left out written ``-``): the same character of the same hand."""
    if position is None:
        return 0
    at, start = 2, value.find(":") + 1
    for hand in hands:
        width = len(hand or "-")
        if position <= at + width:  # in this hand, or at the space after it
            return min(start + min(position - at, len(hand)), len(value))
        at, start = at + width + 1, start + len(hand) + 1
    return len(value)


_Head = tuple[Seat | None, Vul | None]
"""The dealer and vulnerability an A line's ``NZ:`` gives (`_head`)."""


def _head(value: str) -> _Head:
    """The dealer and vulnerability the ``NZ:`` of A line ``value`` gives (``N:``: the dealer alone), each
    None where its letter is none (``QZ:``, ``N?:``) or the line has no ``NZ:`` (its calls first)."""
    head, colon, _ = value.partition(":")
    letters = f"{head.upper()}??"[:2] if colon and len(head) <= 2 else "??"
    return (Seat[letters[0]] if letters[0] in "NESW" else None), _LETTER_VUL.get(letters[1])


def _auction(value: str, given: _Head) -> tuple[Seat, Vul | None, Auction | None]:
    """``NZ:1SP2HP...`` -> dealer, vulnerability and the calls (``A`` = all pass), ``given`` its head
    (`_head`); with no ``NZ:`` (RBN 3.2: ``1SP2HP...``), dealer West and the vulnerability unknown
    (Pavlicek's "any or immaterial")."""
    head, colon, calls = value.partition(":")
    if len(head) == 2 and colon and head[0].isalpha() and head[0].upper() not in "NESWPXRA":  # ``QZ:``
        raise MisreadValue(f"expected a dealer N, E, S or W before the vulnerability, found {head[0]!r}", 0)
    if value[:1].upper() not in "NESW":  # a call first: no dealer and vulnerability given
        return Seat.W, None, _calls_read(Seat.W, value)
    dealer, vul = given
    if not colon or len(head) != 2 or dealer is None:
        raise MisreadValue(f"expected dealer and vulnerability like 'NZ:', found {value[:3]!r}", 0)
    if vul is None:
        raise MisreadValue(f"expected a vulnerability letter Z, N, E or B, found {head[1]!r}", 1)
    return dealer, vul, _calls_read(dealer, calls, len(head) + 1)


def _calls_read(dealer: Seat, calls: str, start: int = 0) -> Auction | None:
    """The calls of an A line after its ``NZ:`` (``:`` between rounds left out), which start ``start``
    characters into the line's data; None for none."""
    text = calls.replace(":", "")
    if not text:
        return None
    auction = Auction(dealer)
    places = [start + i for i, ch in enumerate(calls) if ch != ":"]  # each character of text in the data
    at = 0
    while at < len(text):
        m = _CALL.match(text, at)
        place = places[at]
        if not m:
            raise MisreadValue("expected a call (1C to 7N, P, X, R, or A for all pass) at "
                           f"{text[at:at + 3]!r}", place)
        try:
            _call_added(auction, m.group(1), m.group(2))
        except BridgeError as e:  # a call out of its turn or rank (an insufficient bid): told at it
            raise MisreadValue(str(e), place) from e
        at = m.end()
    return auction


def _call_added(auction: Auction, call: str, mark: str) -> None:
    """One call of an A line and its marks added to ``auction`` (``A``: the passes that end it)."""
    if call in ("A", "a"):
        while not auction.is_complete:
            auction.add("P")
        return
    note = re.search(r"\^(\d)", mark)
    annotation = None if not mark else Annotation(alert="!" in mark or "*" in mark,
                                                  note=int(note.group(1)) if note else None)
    auction.add(_CALL_BY_TEXT[call], annotation)


_CONTRACT_FIRST = re.compile(r"\s*(?:[1-7][CDHSN][XR]?|P)", re.IGNORECASE)
"""The contract a C line's data starts with (``4SX``), where the colon before the declarer goes."""


def _contract(value: str) -> tuple[Contract, Seat | None] | None:
    """``4SX:N`` -> the contract and its declarer, read from the first two fields of a line of more too
    (``4S:N:E``, RBN 2.8's opening leader, then fields RBN 3 leaves to the user: `_leader_problem`); ``P``
    -> passed out, no declarer; None for an empty line. One with no colon (``4SN``: RBN puts one between
    contract and declarer) is told at the place the colon goes and kept as written, not read: ``4SN`` is
    no RBN contract, and guessing one could be wrong."""
    if value.strip().upper() == "P":
        return Contract.PASSED_OUT, None
    parts = value.strip().split(":")
    if len(parts) == 1 and parts[0]:
        first = _CONTRACT_FIRST.match(value)
        raise MisreadValue(f"expected a contract and declarer like '4SX:N', a colon between them, found "
                           f"{value.strip()[:12]!r}: kept as written, not read", first.end() if first else 0)
    if len(parts) < 2:
        return None
    try:
        return Contract.from_str(parts[0].replace("R", "XX")), Seat.parse(parts[1])
    except (BridgeError, ValueError, KeyError) as e:
        raise BridgeError(f"expected a contract and declarer like '4SX:N', found {value[:12]!r}") from e


def _leader_problem(value: str, declarer: Seat) -> tuple[MisreadValue, str] | None:
    """The problem with the opening leader a C line ``value`` gives as its third field (RBN 2.8:
    ``4S:N:S``), at its column, with its level: a letter that is no seat is a problem; a seat other than
    declarer's left-hand opponent (a lead out of turn, which the board's play cannot hold) a note, as RBN
    2.8 gives the field for just that, so --strict reads on; None when it gives none or declarer's
    left-hand opponent."""
    fields = value.split(":")
    if len(fields) < 3 or not fields[2].strip():
        return None
    at = len(fields[0]) + len(fields[1]) + 2
    leader = fields[2].strip()
    if leader.upper() not in ("N", "E", "S", "W"):
        return MisreadValue(f"expected N, E, S or W after the declarer, found {leader!r}: the line kept as "
                            "written", at), "warning"
    if Seat.parse(leader) != declarer.lho:
        return MisreadValue(
            f"{Seat.parse(leader).full_name} is not declarer {declarer.full_name}'s "
            f"left-hand opponent, {declarer.lho.full_name} (a lead out of turn, which the play cannot hold): "
            "the line kept as written", at), NOTE
    return None


class _Problem(Protocol):
    """How a record's reader reports a problem with a labelled line (kept as written): its label, what
    was bad, the error, and its level (a note, `NOTE`, does not stop --strict)."""

    def __call__(self, label: str, what: str, e: BridgeError, level: str = ...) -> None: ...


def _play(value: str, deal: Deal | None, contract: Contract, declarer: Seat) -> Play:
    """``SA23K:H4HAH2H3:...`` -> the cards played: tricks apart by ``:`` (``;`` before tricks too
    plain to write), each card by suit and rank, or by rank alone when it is of the suit led."""
    play = Play(deal, contract, declarer)
    for trick in re.split(r"[:;]", value.strip().upper()):
        if not trick:
            continue
        cards = _PLAYED.findall(trick)
        if "".join(cards) != trick or len(cards) > 4 or len(cards[0]) != 2:
            raise BridgeError(f"expected a trick like 'SA23K' (suit and rank, then ranks), found {trick!r}")
        led = cards[0][0]
        for text in cards:
            card = card_of(text if len(text) == 2 else led + text)
            if not play.add_if_legal(card):
                play.add(card)  # raises the reason
    return play


def _played(play: Play) -> str:
    """The P line's text for ``play``: the inverse of `_play`."""
    tricks = []
    for trick in play.trick_list:
        led: Suit | None = None
        text = ""
        for card in trick.cards:
            text += str(card) if card.suit != led else str(card)[1:]
            led = card.suit if led is None else led
        tricks.append(text)
    return ":".join(tricks)


def _auction_notes(record: list[tuple[int, str, str]]) -> dict[int, tuple[int, str]]:
    """The auction's notes by number, with the line each is on: digit lines 1-9 before any P line (after
    it they are the play's; a number said twice is read once: those are kept as written)."""
    notes: dict[int, tuple[int, str]] = {}
    for line, label, value in record:
        if label == "P":
            break
        if label.isdecimal() and label != "0" and int(label) not in notes:
            notes[int(label)] = line, value
    return notes


def _scoring(value: str) -> str | None:
    """An F line's form of scoring as PBN names it (``M`` -> ``MP``), or its words; None for a letter
    PBN has no name for, or more fields (kept as written)."""
    value = value.strip()
    if value in _LETTER_SCORING:
        return _LETTER_SCORING[value]
    return value if len(value) > 1 and _SCORING_WORDS.fullmatch(value) else None


def _date_read(value: str) -> str | None:
    """The D line's date as PBN writes one (``19980131`` -> ``1998.01.31``, ``199709`` -> ``1997.09.??``);
    a date RBN says otherwise (``1955C`` circa, a span, a time) as written."""
    m = _RBN_DATE.fullmatch(value.strip())
    if m is None:
        return value or None
    return f"{m[1]}.{m[2] or '??'}.{m[3] or '??'}"


def _date_written(date: str) -> str:
    """The D line's text for a board's date: PBN's ``1998.01.31`` as ``19980131``, its unknown month and
    day left off (``1997.09.??`` as ``199709``, ``????.??.??`` as nothing); any other text as it is."""
    m = _PBN_DATE.fullmatch(date)
    if m is None:
        return date
    text = "".join(m.groups())
    while text.endswith("??"):
        text = text[:-2]
    return text


def _players(value: str) -> dict[Seat, str] | None:
    """``North+South:West+East`` -> the four names (empty ones left out); None for more fields."""
    pairs = value.split(":")
    if len(pairs) != 2 or any(pair.count("+") != 1 for pair in pairs):
        return None
    (north, south), (west, east) = (pair.split("+") for pair in pairs)
    names = {Seat.N: north, Seat.S: south, Seat.W: west, Seat.E: east}
    return {seat: marked_suits(name.strip()) for seat, name in names.items() if name.strip()}


def read_boards(
    stream: TextIO, source: str = "<string>", strict: bool = False, **options: Any
) -> Iterator[Board]:
    """Boards from RBN text, one a record; what cannot be read becomes an issue (strict: an error)."""
    carried: dict[str, str] = {}
    carried_at: dict[str, int] = {}  # the line of each carried label, where a problem with it is
    record: list[tuple[int, str, str]] = []
    comments: list[list[str]] = []  # each ``{...}`` of the record, a list of its lines
    anchors: list[Anchor] = []  # the line each comment follows
    unclosed: list[Issue] = []  # the comment the text ends inside (a file cut short), told at its '{'
    in_comment = False
    seen = BoardsSeen()
    for number, raw in enumerate(itertools.chain(stream, [""]), 1):  # record by record, not the whole text
        line = raw.rstrip("\r\n")
        if line.endswith("\x1a") and not in_comment:  # DOS's end-of-file mark (Ctrl-Z) after the last line
            line = line.rstrip("\x1a")
        if in_comment or line.startswith("{"):
            if not in_comment:
                comments.append([])
                anchors.append(anchor_after([label for _, label, _ in record]))
            if raw:  # a line of the text (each but the end, "", ends in a line end or has characters)
                comments[-1].append(line)
                in_comment = not line.rstrip().endswith("}")
                continue
            in_comment = False  # the text ends inside the comment: read to the end, and told
            _unclosed(number - len(comments[-1]), source, strict, unclosed)
        if line.strip():
            record.append((number, line[:1], line[2:]) if _LABELLED.fullmatch(line) else (number, "", line))
            continue
        texts = ["\n".join(lines) for lines in comments]
        if record:
            board = _board(record, texts, anchors, carried, carried_at, source, strict, unclosed)
            yield _told_again(board, record, carried, carried_at, seen, source, strict)
        elif texts:  # text alone between blank lines (a file's introduction): a board of commentary
            yield Board(commentary=[_comment_read(text) for text in texts], issues=unclosed)
        record, comments, anchors = [], [], []


def _board(record: list[tuple[int, str, str]], comments: list[str], anchors: list[Anchor],
           carried: dict[str, str], carried_at: dict[str, int], source: str, strict: bool,
           unclosed: list[Issue]) -> Board:
    """One record's board; ``carried`` (and the lines ``carried_at``) the labels earlier records gave,
    which hold until another gives them, so a problem with one is told at the line that gave it;
    ``unclosed``: the problem of a comment the text ends inside."""
    issues: list[Issue] = []
    values, lines, again = _labels_read(record, source, strict, issues)
    for label in HEADING_LABELS:
        if label in values:
            carried[label], carried_at[label] = values[label], lines[label]
    lines = {**carried_at, **lines}
    unread: list[str] = []  # labels of this record whose line could not be read: kept as written

    def problem(label: str, what: str, e: BridgeError, level: str = "warning") -> None:
        unread.append(label)
        # the data starts after the label and a space
        column = 3 + (e.at if isinstance(e, MisreadValue) else 0)
        report(f"RBN: bad {what}: {e}", source, lines.get(label), column, strict=strict, issues=issues,
               level=level, about=PART_OF_LABEL.get(label), syntax=level != NOTE and malformed(e))

    number_text = values.get("B", carried.get("B", "") if "H" in values else "")
    board = Board(number=int(number_text) if number_text.strip().isdecimal() else None)
    if values.get("B", "").strip() and board.number is None:  # a bare B ends a carried number
        problem("B", "board number", BridgeError(f"expected a number, found {values['B']!r}"))
    board.event = marked_suits((carried.get("E") or "").replace("::", ":")) or None
    board.site = marked_suits((carried.get("L") or "").replace("::", ":")) or None
    board.date = _date_read(carried.get("D") or "")
    first = _read_deal(board, values.get("H", carried.get("H")), values.get("A"), problem)
    notes = _auction_notes(record)
    board.notes.update({number: marked_suits(text) for number, (_, text) in notes.items()})
    _explain_calls(board)
    read_lines = {line for line, _ in notes.values()}
    parsed = "".join(label for label in "BHAEDL" if label not in unread)
    parsed += _read_result(board, values, problem) + _read_header(board, carried)
    read_places(board, [label for _, label, _ in record], anchors, [_comment_read(text) for text in comments])
    _unlabelled(record, source, strict, issues)
    for message, fact, level in disagreements(board, _LINES_CHECKED, "line", first):
        report(message, source, lines.get(_LABEL_CHECKED[fact]), 3, strict=strict, issues=issues,
               level=level, kind=disagreement_kind(fact))
    if (unknown := _hand_left_unknown(board.deal)) is not None:
        report(unknown, source, lines.get("H"), 3, strict=strict, issues=issues, about="deal")
    kept = [(label, value) for line, label, value in record
            if (not label or label not in parsed or line in again) and line not in read_lines]
    if kept:
        board.extra["rbn"] = kept
    board.issues.extend([*issues, *unclosed])
    return board


def _labels_read(record: list[tuple[int, str, str]], source: str, strict: bool, issues: list[Issue]
                 ) -> tuple[dict[str, str], dict[str, int], set[int]]:
    """Each label's value and line in ``record``, from its first line; the lines of a letter label given
    again, each told at its line and kept as written (the first is read: a later one took its place
    without a word). Digit lines are the notes' (`_auction_notes`)."""
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    again: set[int] = set()
    for number, label, value in record:
        if label in values and label.isalpha():
            report(f"RBN: label {label} given again in the record (line {lines[label]} gave it): kept as "
                   "written, not read", source, number, 1, strict=strict, issues=issues)
            again.add(number)
            continue
        values.setdefault(label, value)
        lines.setdefault(label, number)
    return values, lines, again


def _read_deal(board: Board, hands: str | None, auction: str | None,
               problem: Callable[[str, str, BridgeError], None]) -> Seat:
    """The H line (said here or carried over) and the A line into the board, a problem with either told;
    the seat the H line names its hands from, the order they are told in (West, where RBN's own lines
    start, when no deal is read)."""
    first = Seat.W
    try:
        if hands:
            first, board.deal = _hands(hands)
    except BridgeError as e:
        problem("H", "hands", e)
    if auction is not None:
        try:
            _read_auction(board, auction)
        except BridgeError as e:
            problem("A", "auction", e)
    return first


def _unclosed(opened: int, source: str, strict: bool, issues: list[Issue]) -> None:
    """Tell a comment that the text ends inside (a file cut short, a ``}`` left out), at its ``{`` on line
    ``opened``: its text is kept to the end, as a reader of a whole file can only take it."""
    report("RBN: a comment not closed: expected '}' at the end of its last line (the text ends inside the "
           "comment: read to the end)", source, opened, 1, strict=strict, issues=issues, syntax=True)


def _told_again(board: Board, record: list[tuple[int, str, str]], carried: dict[str, str],
                carried_at: dict[str, int], seen: BoardsSeen, source: str, strict: bool) -> Board:
    """``board``, told when its number came earlier in its set with another deal (`BoardsSeen`) at its B line
    (its H line when the number is carried over), a change of session (S) or teams (K) starting a new set as
    PBN's Stage and teams do."""
    own = {label: number for number, label, _ in record}
    line = own.get("B", own.get("H", carried_at.get("H")))
    session = (carried.get("S", ""), carried.get("K", ""))
    seen.check(board, line, 3, Reporter(source, strict, board.issues), session)
    return board


_LABEL_CHECKED = {"deal": "H", "contract": "C", "declarer": "C", "tricks": "R"}
"""The facts `disagreements` checks against each other, each with the label of the line that gives it,
where its problem is told (the A line gives the auction and its dealer together)."""
_LINES_CHECKED = {"deal": "RBN: H line", "contract": "RBN: C line's contract",
                  "declarer": "RBN: C line's declarer", "tricks": "RBN: R line's tricks"}
"""The facts of `_LABEL_CHECKED` as an RBN problem names each."""


PART_OF_LABEL = {"H": "deal", "A": "auction", "P": "play", "C": "result", "R": "result"}
"""The part of a board (`ISSUE_PARTS`) a line of these labels says: a problem with it is in that part, and
the line, kept as written, goes when the computer replaces that part (`replaced_play.stale_rbn_lines`)."""


def _comment_read(text: str) -> str:
    """A ``{...}`` comment's text as written between its braces, spaces and line ends kept (a line of one
    space inside read as the empty line it stands for), its suit symbols as the board holds them."""
    text = text.rstrip()
    lines = (text[1:-1] if text.endswith("}") else text[1:]).split("\n")
    if len(lines) > 2:  # a line of one space inside stands for an empty one (`_without_blank_lines`)
        lines[1:-1] = ["" if line == " " else line for line in lines[1:-1]]
    return marked_suits("\n".join(lines))


def _unlabelled(record: list[tuple[int, str, str]], source: str, strict: bool, issues: list[Issue]) -> None:
    """Each line of ``record`` with no label (``hello world``: read whole, label ``""``), told at its line."""
    for line, label, value in record:
        if not label:
            report("RBN: not a labelled line (a capital label letter or digit, a space and its data, such as "
                   f"'B 1'): {value[:30]!r} kept as written", source, line, 1, strict=strict, issues=issues,
                   syntax=True)


def _explain_calls(board: Board) -> None:
    """Each call marked ``^n`` explained by its digit line's text, as the PBN reader explains a call by its
    Note: kept in the notes alone, the text was lost by LIN (whose ``an`` says a call's explanation),
    which named it a note reference with no Note."""
    auction = board.auction
    if auction is None or not board.notes:
        return
    for index, annotation in enumerate(auction.annotations):
        if annotation and annotation.note in board.notes and annotation.explanation is None:
            auction.annotate(index, replace(annotation, explanation=board.notes[annotation.note]))


def _read_auction(board: Board, value: str) -> None:
    """The A line: dealer, vulnerability, and the calls with the contract they end in. One that cannot be
    read (kept as written) gives what its ``NZ:`` gives, the others unknown, as the file gave them (not the
    board number's, Law 2), and its error says so (``; dealer read as unknown, ...``)."""
    head = _head(value)
    try:
        board.dealer, vulnerability, auction = _auction(value, head)
    except BridgeError as e:
        board.dealer, board.vulnerability = head
        unknown = unknown_unless_given(board, LAW_2_FIELDS)
        said = f"{e}{read_as_unknown(names=unknown) if unknown else ''}"
        raise (MisreadValue(said, e.at) if isinstance(e, MisreadValue) else BridgeError(said)) from None
    if vulnerability is None:  # calls with no ``NZ:``: unknown, not the board number's
        board.set_unknown("vulnerability")
    else:
        board.vulnerability = vulnerability
    if auction is not None:
        board.auction = auction
        if auction.is_complete:
            board.contract = auction.contract
            board.declarer = auction.declarer


def _read_result(board: Board, values: dict[str, str], problem: _Problem
                 ) -> str:
    """The C, P and R lines into the board; the labels read (the others are kept as written). An R line
    that gives no tricks leaves them unknown, not the play's (`unknown_tricks_unless_given`)."""
    parsed = ""
    try:
        played = _contract(values["C"]) if "C" in values else None
        if played is not None:
            board.contract, board.declarer = played
            leader = None if played[1] is None else _leader_problem(values["C"], played[1])
            if leader is not None:
                problem("C", "opening leader", *leader)
            elif values["C"].count(":") < 3:  # a field past the leader, the user's, is kept as written
                parsed += "C"
    except BridgeError as e:
        problem("C", "contract", e)
    result = values.get("R", "").strip()
    unread = bool(result) and ":" not in result and not (result.isdecimal() and int(result) <= 13)
    if unread:  # (more fields, apart by ":", are kept)
        problem("R", "result", BridgeError(f"expected declarer's tricks, 0 to 13, found {result!r}"
                                           f"{tricks_read_as_unknown('')}"))
    contract, declarer = board.contract, board.declarer
    if contract is None or declarer is None or contract.is_passed_out:
        return parsed  # an R line with no contract, or passed out, is kept as written
    if "P" in values:
        try:
            board.play = _play(values["P"], board.deal, contract, declarer)
            parsed += "P"
        except BridgeError as e:
            kept = BridgeError(f"{e}; the play is kept as it is")
            kept.__cause__ = e  # an illegal card, or one that cannot be read (`malformed`)
            problem("P", "play", kept)
    if unread:
        unknown_tricks_unless_given(board)
    if result.isdecimal() and int(result) <= 13:
        board.tricks = int(result)
        parsed += "R"
        if board.play is not None and len(board.play.cards) < 52:
            # The cards stop short of the result: a claim. Where they say otherwise, the result stands.
            with contextlib.suppress(BridgeError):
                board.play.claim(board.tricks)
    return parsed


def _read_header(board: Board, carried: dict[str, str]) -> str:
    """The F, N, S and K lines (said here or carried over) into the board; the labels read."""
    parsed = "".join(label for label in "FNSK" if label in carried and not carried[label].strip())  # ended
    said = {label: carried[label] for label in "FNSK" if carried.get(label, "").strip()}
    scoring = _scoring(said["F"]) if "F" in said else None
    if scoring is not None:
        board.scoring = scoring
        parsed += "F"
    players = _players(said["N"]) if "N" in said else None
    if players is not None:
        board.players = players
        parsed += "N"
    if "S" in said:
        board.tags["Stage"] = marked_suits(said["S"].replace("::", ":"))
        parsed += "S"
    teams = _teams(said["K"]) if "K" in said else None
    if teams is not None:
        board.tags.update(teams)
        parsed += "K"
    return parsed


_TEAM_TAGS = ("HomeTeam", "VisitTeam", "HomeCarryOver", "VisitCarryOver")
"""The tags of a K line's fields, ``Team1:Team2:carry1:carry2``, as PBN names the teams (and LIN's ``vg``
match line its carry-overs)."""
_CARRY_OVER = re.compile(r"[-+]?\d+(?:\.\d+)?")
"""A carry-over score, as a K line or LIN's vg line gives it: ``12.5``, ``-3``, ``+7``."""


def _teams(value: str) -> dict[str, str] | None:
    """``Team1:Team2[:carry1[:carry2]]`` -> the tags of its fields given (`_TEAM_TAGS`), the teams in the
    order PBN lists them; None for a line of other fields (kept as written), such as a carry-over that is
    no number."""
    fields = value.split(":")
    if not 2 <= len(fields) <= 4 or any(f and not _CARRY_OVER.fullmatch(f) for f in fields[2:]):
        return None
    given = {tag: marked_suits(f) for tag, f in zip(_TEAM_TAGS, fields, strict=False) if f}
    return {tag: given[tag] for tag in ("HomeTeam", "HomeCarryOver", "VisitTeam", "VisitCarryOver")
            if tag in given}


_LABEL_NAMES = {"T": "title", "S": "session", "K": "teams", "M": "double-dummy makes", "I": "item list",
                "F": "scoring", "N": "players", "C": "contract", "P": "play", "R": "result"}


def _kept(board: Board) -> list[tuple[str, str]]:
    """The lines a board read from RBN keeps as written, as (label, value) pairs in the file's order (a
    mapping of label to value in JSON written before a label could be kept twice); a line with no label
    has the label ``""`` and the whole line as its value."""
    kept = board.extra.get("rbn") or ()
    return list(kept.items() if isinstance(kept, dict) else kept)


def rbn_only(board: Board) -> list[str]:
    """What a board read from RBN holds that only RBN can say: the lines kept as written (a session or
    teams line, double-dummy makes, the play's notes, a line this reader could not read...); of a C line
    read for the board's contract and declarer, which every format writes, only what else it gives
    (`_contract_line_lost`)."""
    lost: list[str] = []
    for label, value in _kept(board):
        if label == "C":
            lost += _contract_line_lost(board, value)
        else:
            lost.append(f"RBN {label} ({_LABEL_NAMES.get(label, 'note' if label.isdigit() else 'line')})"
                        if label else "RBN lines with no label")
    return list(dict.fromkeys(lost))


def _contract_line_lost(board: Board, value: str) -> list[str]:
    """What a kept C line ``value`` holds that another format loses. One that reads as the board's contract
    and declarer loses only its fields past them: an opening leader other than declarer's left-hand
    opponent (a lead out of turn, which the play cannot hold, or no seat) and the user's own fields after
    it (RBN 3); a leader that agrees loses nothing. One that does not (``4SN``, unread) is lost whole."""
    declarer = board.declarer
    if _contract_read(value) != (board.contract, declarer) or declarer is None:
        return ["RBN C (contract)"]
    fields = value.split(":")
    lost = []
    leader = _leader_problem(value, declarer)
    if leader is not None:
        said = fields[2].strip()
        lost.append(f"RBN C opening leader {Seat.parse(said).full_name} (a lead out of turn)"
                    if leader[1] == NOTE else f"RBN C opening leader {said!r} (no seat)")
    if any(field.strip() for field in fields[3:]):
        lost.append(f"RBN C fields past the leader ({':'.join(fields[3:])!r})")
    return lost


def _calls(auction: Auction, notes: dict[int, str], unnumbered: list[int] | None = None) -> str:
    """The A line's calls: an alert as ``!``, a note or explanation as ``^n`` with its text put in
    ``notes`` (numbers 1-9, RBN's digit labels); the closing passes as ``A``. The calls whose note or
    explanation found no number go into ``unnumbered``, by index."""
    calls = [{"Pass": "P", "X": "X", "XX": "R"}.get(str(c), str(c).replace("NT", "N")) for c in auction.calls]
    end = len(calls)
    if auction.is_complete:  # the closing passes are written A
        while end and calls[end - 1] == "P" and not auction.annotations[end - 1]:
            end -= 1
    marks = [_mark(annotation, notes) for annotation in auction.annotations]
    if unnumbered is not None:
        unnumbered.extend(i for i, (a, mark) in enumerate(zip(auction.annotations, marks, strict=True))
                          if a and (a.note is not None or a.explanation is not None) and "^" not in mark)
    return "".join(call + mark for call, mark in zip(calls[:end], marks, strict=False)) + \
        ("A" if end < len(calls) else "")


def _unnumbered_named(board: Board, unnumbered: list[int]) -> list[str]:
    """The calls whose explanation the A line could not number, past RBN's nine notes, each named with its
    board and seat (when the board's notes are otherwise carried: else `_carried` names them all)."""
    auction = board.auction
    if auction is None or not _notes_carried(board):
        return []
    whose = whose_loss(board)
    return [f"{whose} explanation of {auction.calls[i]} by {auction.seat_of(i).full_name} (past RBN's nine "
            "notes)" for i in unnumbered]


def _mark(annotation: Annotation | None, notes: dict[int, str]) -> str:
    """``!`` for an alert, then ``^n`` for a note (or an explanation, given the next free number): ``1C!^1``
    alerted and explained, ``1C^1`` explained alone; no ``^n`` when RBN cannot say it (a note number
    above 9)."""
    if not annotation:
        return ""
    alert = "!" if annotation.alert else ""
    if annotation.note is not None or annotation.explanation is not None:
        number = annotation.note if annotation.note is not None else next(
            (n for n in range(1, 10) if n not in notes), None)
        if number is None or not 1 <= number <= 9:
            return alert
        if annotation.explanation is not None:
            notes.setdefault(number, annotation.explanation)
        notes.setdefault(number, "")
        return f"{alert}^{number}"
    return alert


def _notes_renumbered(board: Board) -> Board:
    """``board`` with its calls' notes numbered above 9 (PBN's ``=12=``) given the free numbers of 1-9, in
    the order the calls refer to them (then those no call refers to): an RBN note line's label is one
    digit. Notes past the nine numbers keep theirs, and the writer names them as lost."""
    auction = board.auction
    referenced = [a.note for a in (auction.annotations if auction is not None else ())
                  if a and a.note is not None]
    order = list(dict.fromkeys([*referenced, *board.notes]))
    free = iter(n for n in range(1, 10) if n not in order)
    numbers = {n: n if 1 <= n <= 9 else next(free, n) for n in order}
    if all(n == new for n, new in numbers.items()):
        return board
    notes = {numbers.get(n, n): text for n, text in board.notes.items()}
    if auction is None:
        return replace(board, notes=notes)
    annotations = [replace(a, note=numbers.get(a.note, a.note)) if a and a.note is not None else a
                   for a in auction.annotations]
    return replace(board, notes=notes, auction=Auction(auction.dealer, auction.calls, annotations))


def _notes_carried(board: Board) -> bool:
    """Whether a call refers to every Note of ``board`` (`_notes_renumbered`), so that only the notes and
    explanations past RBN's nine numbers are lost, each named with its call, not notes told of nowhere."""
    auction = board.auction
    referenced = {a.note for a in (auction.annotations if auction is not None else ()) if a and a.note}
    return set(board.notes) <= referenced


def write_boards(boards: Iterable[Board], out: TextIO, **options: Any) -> None:
    """Boards as RBN records (LF line ends, as version 3.2 writes), the header labels when they change; one
    warning names what the labels written have no place for (alerts, notes, tables...), and the records
    left out as saying nothing in RBN (`left_out_of_rbn`)."""
    header: dict[str, str] = {}
    first = True
    losses = Losses("RBN")
    for read in boards:
        losses.writing(read)
        losses.add_held_for_others(read, "rbn")
        board = _notes_renumbered(read)
        losses.add(left_out(board, "rbn", _carried(board)) + _tags_left_out(board) + marks_on_calls(board)
                   + given_as_none(board) + claim_left_out(board))
        losses.alter(*line_breaks_replaced("RBN", header_fields(board)))
        if left_out_of_rbn(board):
            losses.add([nothing_to_say("RBN")])
            continue
        # a record saying only what the header carries says its header again: an empty one reads as none
        lines = _record_lines(board, header, losses) or _header_lines(board, {})
        out.write(("" if first else "\n") + "\n".join(lines) + "\n")
        first = False
    losses.warn()


def left_out_of_rbn(board: Board) -> bool:
    """Whether RBN leaves ``board`` out: a record that is no board (`is_a_board`) and that would write no
    line (an empty Event and Site), an empty record that reads back as none; `nothing_to_say` names it."""
    return not is_a_board(board) and not _record_lines(board, {}, Losses("RBN"))


def _record_lines(board: Board, header: dict[str, str], losses: Losses) -> list[str]:
    """The lines of ``board``'s record, the header labels that differ from ``header`` (updated) first;
    what RBN writes otherwise said in ``losses``."""
    if board.play is not None and any(board.play.annotations.values()):
        losses.add(["notes and suffixes on cards"])  # a P line marks no card
    lines = _header_lines(board, header)
    lines += _carried_line(header, "B", None if board.number is None else str(board.number))
    lines += _carried_line(header, "H", None if board.deal is None else _hands_line(board.deal))
    notes = {n: text for n, text in board.notes.items() if 1 <= n <= 9}
    # the record's own A line kept as written because it did not read (not one given again after it)
    kept_a = board.auction is None and any(label == "A" and not _readable_auction(value)
                                           for label, value in _kept(board))
    head = None if kept_a else _auction_head(board, losses)  # an A line not read says the calls alone
    if head is not None:
        unnumbered: list[int] = []
        calls = _calls(board.auction, notes, unnumbered) if board.auction is not None else ""
        losses.add(_unnumbered_named(board, unnumbered))
        lines.append(f"A {head}{calls}")
    if head is not None or kept_a:
        lines.extend(f"{n} {_one_line(_text(board, notes[n], 'an'))}" for n in sorted(notes))
    contract_line, kept = _contract_line(board, losses)
    lines += contract_line
    if _says_play(board):
        assert board.play is not None
        lines.append(f"P {_played(board.play)}")
    if _says_contract(board) and board.tricks is not None:
        lines.append(f"R {board.tricks}")
    lines.extend(f"{label} {value}" if label else value for label, value in kept)
    return written_with_comments(board, lines, _comment_lines(board, losses), losses)


def _contract_line(board: Board, losses: Losses) -> tuple[list[str], list[tuple[str, str]]]:
    """The record's C line and the lines kept as written to follow it (`_kept`). A kept C line of more fields
    than ``4S:N`` (an opening leader, the user's own) that reads as the board's contract and declarer is
    written in its place; beside the writer's own, a kept C line that could not be read (``4SN``), or one
    of more fields the board's contract no longer is, is written as a comment, said in ``losses``: RBN
    holds one C line, and a second read as given again (one given again in the file, ``4S:N``, is
    written after the record's own as it was)."""
    kept = _kept(board)
    if not _says_contract(board):
        return ["C P"] if _says_passed_out(board) else [], kept
    fuller = next((i for i, (label, _) in enumerate(kept) if label == "C"), None)
    if fuller is not None and kept[fuller][1].count(":") > 1 and _contract_read(kept[fuller][1]) == (
            board.contract, board.declarer):
        return [f"C {kept[fuller][1]}"], kept[:fuller] + kept[fuller + 1:]
    contract = str(board.contract).replace("XX", "R").replace("NT", "N")
    written = f"C {contract}:{board.declarer}"
    rest: list[tuple[str, str]] = []
    for label, value in kept:
        if label == "C" and (_contract_read(value) is None or value.count(":") > 1):
            rest.append(("", _comment(f"C {value}")[0]))
            losses.alter(f"RBN holds one C line: the C line {value!r} kept as written, not the board's "
                         f"contract, written as a comment beside the board's own, {written!r}")
        else:
            rest.append((label, value))
    return [written], rest


def _contract_read(value: str) -> tuple[Contract, Seat | None] | None:
    """The contract and declarer a C line's ``value`` gives, None when it gives none or cannot be read."""
    try:
        return _contract(value)
    except BridgeError:
        return None


def _readable_auction(value: str) -> bool:
    """Whether an A line's ``value`` reads (one kept as written that does was given again, `_labels_read`;
    one that does not stands for the calls, and the writer writes no A line of its own beside it)."""
    try:
        _auction(value, _head(value))
    except BridgeError:
        return False
    return True


def _carried_line(header: dict[str, str], label: str, text: str | None) -> list[str]:
    """The B or H line of a record: its number or hands, or, for a board without them, a bare label that
    ends the one an earlier record gave (RBN carries B and H over), so that it does not take that
    board's number or deal; ``header`` holds what is carried, updated."""
    if text is not None:
        header[label] = text
        return [f"{label} {text}"]
    if header.get(label):
        header[label] = ""
        return [label]
    return []


def _comment_lines(board: Board, losses: Losses) -> list[str]:
    """``board``'s commentary as RBN comments, each way one is written otherwise said in ``losses``."""
    texts = [_without_blank_lines(_text(board, text, "nt")) for text in board.commentary]
    comments = [_comment(text) for text, _ in texts]
    if any(spaced for _, spaced in texts):
        losses.alter("RBN cannot tell a comment's line of one space from an empty line (written so, as a "
                     "blank line ends the record): read back empty")
    if any(map(holds_suit_symbols, _texts(board))):
        losses.alter("RBN cannot tell a suit symbol typed as such (♠) from a suit mark, which it writes "
                     "as the symbol: read back as the mark (PBN \\S, LIN !S)")
    if _lower_case_marks(board):
        losses.alter("RBN has no lower-case suit mark: LIN's @s @h @d @c (!s... in explanations) written as "
                     "the symbols, which read back as @S @H @D @C (!S...)")
    if any(closed for _, closed in comments):
        losses.alter("RBN cannot end a comment's line with '}' before its last (a reader ends the "
                     "comment there): written as ')'")
    return [comment for comment, _ in comments]


def _lower_case_marks(board: Board) -> bool:
    """Whether a comment or an explanation of ``board``, in LIN's marks, has a lower-case one (``@s``,
    ``!h``), which RBN writes as the symbol, as it does ``@S``: it reads back upper-case, as through PBN."""
    auction = board.auction
    explained = [*board.notes.values(), *(a.explanation for a in (auction.annotations if auction else ())
                                          if a and a.explanation)]
    return (not commentary_written_in(board, "pbn") and any(map(has_lower_case_marks, board.commentary))) or (
        not explanations_written_in(board, "pbn") and any(has_lower_case_marks(t, "an") for t in explained))


def _auction_head(board: Board, losses: Losses) -> str | None:
    """The start of the A line, ``NZ:``: dealer and vulnerability, with or without calls (``A SN:`` says
    them alone); none (RBN 3.2: dealer West, the vulnerability any) for calls dealt by West at an unknown
    vulnerability. The letters have no unknown: one unknown beside a known one is written as none (``Z``)
    for the vulnerability, as the board number's dealer (Law 2; West with no number) for the dealer, and
    said in ``losses``. None when there is no A line to write: the dealer and the vulnerability unknown."""
    auction, dealer, vulnerability = board.auction, dealer_written(board), board.vulnerability
    if replaced := dealer_replaced(board, "RBN"):
        losses.alter(*replaced)
    if dealer is None and vulnerability is None:
        return None
    if vulnerability is None and dealer is Seat.W and auction is not None:
        return ""
    if dealer is None:
        dealer = dealer_of_board(board.number) if board.number else Seat.W
        losses.alter("RBN cannot give an unknown dealer beside a known vulnerability: written as the board "
                     "number's (Law 2; West with no number)")
    if vulnerability is None:
        losses.alter("RBN cannot give an unknown vulnerability (but for calls dealt by West): "
                     "written as none (Z)")
        return f"{dealer}Z:"
    return f"{dealer}{_VUL_LETTER[vulnerability]}:"


def _header_lines(board: Board, header: dict[str, str]) -> list[str]:
    """The header labels (date, site, event, scoring, names) whose text differs from what ``header``
    carries over from the boards before, updating it: a bare label ends a carried-over one."""
    lines = []
    scoring = _SCORING_LETTER.get(board.scoring or "", board.scoring or "")
    for label, text in (
        ("D", _date_written(one_line(board.date or ""))),
        ("L", _with_colons(plain_suits(one_line(board.site or "")))),
        ("E", _with_colons(plain_suits(one_line(board.event or "")))),
        ("S", _stage(board) or ""),
        ("F", scoring if "\n" not in scoring else ""),
        ("K", _teams_line(board) or ""),
        ("N", _names(board) or ""),
    ):
        if text and header.get(label) != text:
            lines.append(f"{label} {text}")
            header[label] = text
        elif not text and header.get(label):  # carried over unless a bare label ends it
            lines.append(label)
            header[label] = ""
    return lines


def _stage(board: Board) -> str | None:
    """The S line's text for the board's Stage tag (its colons as `_with_colons` writes them, as in E and
    L); None when it has none, or one of several lines, which the S line cannot hold."""
    stage = board.tags.get("Stage")
    if not stage or "\n" in stage or "\r" in stage:
        return None
    return _with_colons(plain_suits(stage))


def _with_colons(text: str) -> str:
    """An E, L or S line's text whose colons read back as they are: the reader takes ``::`` as one colon
    (``S Final:Segment 1`` keeps its one), so a colon alone is written as itself, two as ``::::``."""
    return text.replace("::", "::::")


def _teams_line(board: Board) -> str | None:
    """The K line's ``Team1:Team2[:carry1:carry2]`` for the board's teams and carry-overs (`_TEAM_TAGS`);
    None when it names none, or a value the line cannot hold: a colon or a line break in it, a carry-over
    that is no number (the reader would keep the line as written, not as the tags)."""
    fields = [board.tags.get(tag, "") for tag in _TEAM_TAGS]
    if not any(fields) or any(ch in field for field in fields for ch in ":\n\r"):
        return None
    if any(carry and not _CARRY_OVER.fullmatch(carry) for carry in fields[2:]):
        return None
    texts = [plain_suits(field) for field in fields]
    while len(texts) > 2 and not texts[-1]:
        texts.pop()  # a carry-over not given is left off the end (K A:B:7), not written empty
    return ":".join(texts)


def _tags_left_out(board: Board) -> list[str]:
    """Each tag of ``board`` that no line of its record says (``tag Round``): the S line says its Stage,
    the K line its teams and carry-overs, when they can hold them (`_stage`, `_teams_line`); a Room tag
    beside the board's room is named as the room, once; a Score the C and R lines give is `SCORED_AGAIN`."""
    said = (["Stage"] if _stage(board) is not None else []) + (
        list(_TEAM_TAGS) if _teams_line(board) is not None else [])
    scored = _says_contract(board) and board.tricks is not None  # the C and R lines are written
    return [SCORED_AGAIN if tag == "Score" and scored and score_worked_out(board, value) else f"tag {tag}"
            for tag, value in board.tags.items()
            if tag not in said and not (tag == "Room" and board.room is not None)]


def _text(board: Board, text: str, code: str) -> str:
    """A comment (``code`` ``nt``) or a note (``an``) as RBN writes it: its suit marks as the symbols
    (`plain_suits`), LIN's ``@S`` or ``!S`` among them where the board may hold LIN's marks (any board
    not read from PBN, as the PBN writer takes them)."""
    written_in_pbn = commentary_written_in(board, "pbn") if code == "nt" else explanations_written_in(
        board, "pbn")
    return plain_suits(text if written_in_pbn else pbn_suits(text, code))


def _texts(board: Board) -> list[str]:
    """The texts of ``board`` the RBN writer writes suit marks in as symbols: comments, notes and
    explanations, the event, the site and the players' names."""
    auction = board.auction
    explanations = [a.explanation for a in (auction.annotations if auction is not None else ())
                    if a and a.explanation]
    return [*board.commentary, *board.notes.values(), *explanations, board.event or "", board.site or "",
            *board.players.values()]


def _one_line(text: str) -> str:
    """A note as its digit line holds it: line ends become spaces (`one_line`); its own spaces, which the
    reader keeps, are written as they are (``5+  \\S`` was written ``5+ \\S``)."""
    return one_line(text)


_CLOSING_AT_END = re.compile(r"\}(?=\s*$)")


def _without_blank_lines(text: str) -> tuple[str, bool]:
    """A comment with each empty line inside it written as one space, and whether it had a line of one
    space already (which reads back empty): RBN's paragraph may not hold a blank line, which ends the
    record (Pavlicek's readers take the lines after it for the next deal's)."""
    lines = text.split("\n")
    inner = lines[1:-1]
    if "" not in inner:
        return text, False
    return "\n".join([lines[0], *(line or " " for line in inner), lines[-1]]), " " in inner


def _comment(text: str) -> tuple[str, bool]:
    """A comment as RBN writes it, ``{text}``, and whether a ``}`` had to change: a line ending in ``}``
    before the last (``see {x}`` and then more lines) ends the comment for a reader, and the lines after it
    became records, so that ``}`` is written ``)``; any other ``}`` is kept."""
    lines = text.split("\n")
    written = [_CLOSING_AT_END.sub(")", line) for line in lines[:-1]] + lines[-1:]
    return "{" + "\n".join(written) + "}", written != lines


def _hands_line(deal: Deal) -> str:
    """``W:west:north:east:`` when South is the cards left beside three hands of 13 (or unknown), else all
    four: the reader fills a missing fourth hand only beside three of 13, so a position's or an uneven
    deal's South left out was lost."""
    seats = [Seat.W, Seat.N, Seat.E]
    if deal[Seat.S] is not None and not _south_is_the_rest(deal):
        seats.append(Seat.S)
    hands = [hand.to_pbn() if (hand := deal[s]) is not None else "" for s in seats]
    return "W:" + ":".join(hands) + ("" if len(seats) == 4 else ":")


def _south_is_the_rest(deal: Deal) -> bool:
    """Whether West, North and East hold 13 each and South exactly the cards they leave (`Deal.completed`
    gives it back)."""
    return deal[Seat.S] is not None and deal.with_hand(Seat.S, None).completed() == deal


def _names(board: Board) -> str | None:
    """The N line's ``North+South:West+East`` for the board's players; None when it has none, or a name
    the line cannot hold (a ``+`` or ``:`` in it, or a line break); empty when every name is (a file's
    ``[North ""]``...: no ``N +:+`` line)."""
    if not board.players:
        return None
    names = [board.players.get(seat, "") for seat in (Seat.N, Seat.S, Seat.W, Seat.E)]
    if any(ch in name for name in names for ch in "+:\n\r"):
        return None
    if not any(name.strip() for name in names):
        return ""
    return plain_suits(f"{names[0]}+{names[1]}:{names[2]}+{names[3]}")


def _says_contract(board: Board) -> bool:
    """Whether the C line is written: a contract played by a declarer (not a passed-out board)."""
    return board.contract is not None and not board.contract.is_passed_out and board.declarer is not None


def _says_passed_out(board: Board) -> bool:
    """Whether the C line is ``C P``: a board passed out that no A line's calls say is (RBN's C line
    names no declarer then)."""
    return board.contract is not None and board.contract.is_passed_out and not said_by_auction(board)


def _says_play(board: Board) -> bool:
    """Whether the P line is written: cards played to the contract and declarer the C line names."""
    play = board.play
    return play is not None and bool(play.cards) and _says_contract(board) and (
        play.contract, play.declarer) == (board.contract, board.declarer)


def _carried(board: Board) -> list[str]:
    """What of `HELD` the labels this writer writes carry for ``board``: the A line says dealer,
    vulnerability and the calls, the C and R lines the contract, declarer and tricks, the P line the
    play, the F line the scoring, the N line the players."""
    carried = ["auction", "Event", "Site", "Date", "commentary", "tags"]  # a tag not said: `_tags_left_out`
    if board.dealer is not None or board.vulnerability is not None:
        carried.append("dealer and vulnerability")  # an A line says them (`_auction_head`)
    if said_by_auction(board) or _says_contract(board) or _says_passed_out(board):
        carried.append("contract and result")
    if _says_play(board) or board.play is None or not board.play.cards:
        carried.append("play")
    if board.scoring and "\n" not in board.scoring:
        carried.append("Scoring")
    if _names(board) is not None:
        carried.append("players")
    if _notes_carried(board):  # the notes and explanations the A line cannot number are named apart
        carried.extend(["alerts and explanations", "notes"])
    return carried
