"""What a writer leaves out because its format has no place for it, said once per output as a warning.

A conversion either carries what the boards hold or says what it dropped: each writer tells a `Losses`
what each board loses, and the warning at the end names each thing with the number of boards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

from bridgetools._words import NAME_EVERY, boards_numbered, excerpt, hands_of, numbers_named, plural
from bridgetools.board import Board
from bridgetools.errors import FormatLossWarning, warn_caller
from bridgetools.formats._deal_checks import claim_differs
from bridgetools.model import Seat

Origin = Callable[[Board], tuple[str, int, int | None] | None]
"""The file a board was read from, as a command names it, the board's place among those read (which
tells two boards of one number apart) and the number it was read with (``convert --renumber`` gives it
another); None when it cannot tell."""

_ORIGIN: ContextVar[Origin | None] = ContextVar("losses_origin", default=None)
_KEPT: ContextVar[list[Losses] | None] = ContextVar("losses_kept", default=None)

LINE_AT_MOST = 400
"""How long a loss warning naming a file's boards grows before the rest is said as a count."""


@contextmanager
def named_by_file(origin: Origin) -> Iterator[None]:
    """Inside, each writer says its losses one line a file, naming the file ``origin`` gives a board and
    the boards that lost each thing (``a.pbn: boards 1-3: LIN has no place for Event: left out``), as a
    command that writes several inputs to one output needs to."""
    token = _ORIGIN.set(origin)
    try:
        yield
    finally:
        _ORIGIN.reset(token)


@contextmanager
def held_back() -> Iterator[list[Losses]]:
    """Inside, a writer's losses are put in the list given rather than said, for a caller that writes
    many boards from the text of a few (`bridgetools.dealer.writers`) and says their losses itself."""
    found: list[Losses] = []
    token = _KEPT.set(found)
    try:
        yield found
    finally:
        _KEPT.reset(token)


NO_BOARD = "records with neither a board number nor a deal (a lesson's introduction, a heading)"
"""What a machine file leaves out of a record that is no board to deal (it takes no place in the file), and
LIN of one that holds nothing else LIN writes (only its Event, Site or Date)."""


def nothing_to_say(target: str) -> str:
    """What ``target`` (``LIN``, ``RBN``) leaves out of a record that is no board and says nothing there
    (a heading of Event, Site and Date it has no place for, or empty ones), which would read back as no
    record, or as none at all."""
    return f"records with no board number, deal or anything else {target} holds (a heading: Event, Date)"


def is_a_board(board: Board) -> bool:
    """Whether a record is a board: it has a number or a deal (or calls needing one). A lesson's
    introduction or a file's heading has none: a machine file leaves it out, LIN when it holds nothing
    more (`bridgetools.formats.lin_write.left_out_of_lin`)."""
    return board.number is not None or board.deal is not None or board.auction is not None


def files_named(boards: Iterable[Board]) -> str:
    """``a.pbn: `` (``a.pbn, b.pbn: ``): the files a command read ``boards`` from (`named_by_file`), to
    begin a writer's error about them, so the user knows which input to mend; empty where none is known."""
    files = files_of(boards)
    return f"{', '.join(files)}: " if files else ""


def files_of(boards: Iterable[Board]) -> list[str]:
    """The files a command read ``boards`` from (`named_by_file`), each once in the order met; none where
    none is known."""
    origin = _ORIGIN.get()
    if origin is None:
        return []
    return list(dict.fromkeys(found[0] for board in boards if (found := origin(board)) is not None))


class Losses:
    """What boards written to one output lost, counted by board; inside `named_by_file`, named by file and
    board for each board the writer says it is writing (`writing`)."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.boards: Counter[str] = Counter()
        self.altered: Counter[str] = Counter()
        self._origin = _ORIGIN.get()
        self._at: tuple[str, _Named] | None = None
        self._lost: dict[str, dict[str, list[_Named]]] = {}
        self._changed: dict[str, dict[str, list[_Named]]] = {}
        self._others: dict[tuple[str, str], _Others] = {}

    def writing(self, board: Board) -> None:
        """The board whose losses `add` and `alter` are told next: named by its file and number in the
        warnings when a command asked for that (`named_by_file`)."""
        from bridgetools.formats._unwritable import now_writing

        now_writing(board)  # a character the encoding lacks is credited to this board too
        origin = self._origin(board) if self._origin is not None else None
        self._at = None if origin is None else (origin[0], (origin[1], board.number, origin[2]))

    def add(self, what: Iterable[str]) -> None:
        """One board's losses (each named once, such as ``Event`` or ``tags Annotator, BCFlags``)."""
        if self._at is None:
            self.boards.update(dict.fromkeys(what, 1))
            return
        file, board = self._at
        for name in dict.fromkeys(what):
            self._lost.setdefault(file, {}).setdefault(name, []).append(board)

    def add_count(self, what: str, boards: int) -> None:
        """``boards`` boards each lose ``what`` (a writer that counts without seeing each board)."""
        self.boards[what] += boards

    def add_times(self, other: Losses, times: int) -> None:
        """What ``other``'s boards lost, lost ``times`` times over (boards written alike)."""
        for what, n in other.boards.items():
            self.boards[what] += n * times
        for message, n in other.altered.items():
            self.altered[message] += n * times

    def add_held_for_others(self, board: Board, target: str) -> None:
        """Note what ``board``'s records say of other boards of its file (`held_for_others`), which the
        ``target`` writer has no place for: once all are written, what they say of boards none of those
        written is (a LIN match's ``rs`` results of boards cut from it) is named as lost by the boards
        that carried it; what they say of boards written, those boards hold themselves."""
        self.add_held(board, held_for_others(board, target))

    def add_held(self, board: Board, said: Iterable[HeldForOthers]) -> None:
        """Note what ``board`` ``said`` of other boards of its file, which the target has no place for
        (`add_held_for_others`; a writer that drops a record of its own format names it so too)."""
        at = self._at
        number = board.number if at is None or at[1][2] is None else at[1][2]
        for held in said:
            others = self._others.setdefault((held.group, held.words), _Others())
            others.said.update(held.said)
            others.carriers.append(at)
            own = number if held.holds is None else held.holds
            if own is not None:
                others.written.add(own)

    def _others_lost(self) -> None:
        """Each board that carried what its records say of boards not written, named as losing it (once:
        the notes are cleared)."""
        for (_, words), others in self._others.items():
            missing = sorted(n for n in others.said if n not in others.written)
            if not missing:
                continue
            name = words.format(boards=boards_numbered([str(n) for n in missing]),
                                said=excerpt("; ".join(others.said[n] for n in missing)))
            for at in others.carriers:
                if at is None:
                    self.boards[name] += 1
                else:
                    self._lost.setdefault(at[0], {}).setdefault(name, []).append(at[1])
        self._others.clear()

    def alter(self, *messages: str) -> None:
        """One board held something the target writes otherwise, or lost it, as each of ``messages`` says,
        worded whole (``PBN cannot hold ... : written as ...``; ``ScoreTable Remark of rows ...: left out``
        where "has no place for" would not be true): it will not read back the same."""
        if self._at is None:
            self.altered.update(messages)
            return
        file, board = self._at
        for message in messages:
            self._changed.setdefault(file, {}).setdefault(message, []).append(board)

    def warn(self) -> None:
        """One warning naming everything left out, if anything was, and one for each way text was written
        otherwise, with the boards it touched: by file and board where `writing` named them; each a
        `FormatLossWarning` said at the code that called into bridgetools (`warn_caller`)."""
        self._others_lost()
        found = _KEPT.get()
        if found is not None:
            found.append(self)
            return
        for message, n in self.altered.items():
            warn_caller(f"{message} ({n} board{'s' * (n != 1)})", FormatLossWarning)
        for file in dict.fromkeys([*self._changed, *self._lost]):
            for message, boards in self._changed.get(file, {}).items():
                warn_caller(f"{file}: {_boards_phrase(boards)}: {message}", FormatLossWarning)
            if file in self._lost:
                warn_caller(self._left_out_of(file), FormatLossWarning)
        left = self.left_out()
        if left is not None:
            warn_caller(left, FormatLossWarning)

    def _left_out_of(self, file: str) -> str:
        """The line naming what the boards of ``file`` lost: the file, its boards that lost something, and
        each thing with the boards that lost it where those are not all of them; past `LINE_AT_MOST`
        characters the rest is counted, with their boards (each named under ``-v``: `NAME_EVERY`)."""
        lost = self._lost[file]
        every = [b for boards in lost.values() for b in boards]
        groups: dict[tuple[_Named, ...], list[str]] = {}
        for name, boards in lost.items():
            groups.setdefault(tuple(dict.fromkeys(boards)), []).append(name)
        whole = set(every)
        head = f"{file}: {_boards_phrase(every)}: {self.target} has no place for "
        parts: list[str] = []
        rest: list[_Named] = []
        more = 0
        at_most = None if NAME_EVERY.get() else LINE_AT_MOST
        for touched, names in groups.items():
            # A name that is itself a list (PBN's "" (none) for Event, West) stands apart, after "; ",
            # followed by its boards as the other names are.
            plain = ", ".join(name for name in names if ", " not in name)
            lists = [name for name in names if ", " in name]
            which = "" if set(touched) == whole else f" ({_boards_phrase(list(touched), inside=True)})"
            part = "; ".join(f"{named}{which}" for named in [plain, *lists] if named)
            long = at_most is not None and len(head) + len("; ".join([*parts, part])) > at_most
            if rest or (parts and long):
                rest.extend(touched)
                more += len(names)
                continue
            parts.append(part)
        if rest:
            parts.append(f"{more} more thing{'s' * (more != 1)} ({_boards_phrase(rest, inside=True)})")
        return f"{head}{'; '.join(parts)}: left out"

    def left_out(self) -> str | None:
        """The line naming everything left out, with the boards that lost each, or None when nothing was
        (for a caller that reports its own lines rather than warn)."""
        self._others_lost()
        if not self.boards:
            return None
        by_count: dict[int, list[str]] = {}
        for what, n in self.boards.items():
            by_count.setdefault(n, []).append(what)
        parts = [f"{', '.join(whats)} ({n} board{'s' * (n != 1)})" for n, whats in by_count.items()]
        return f"{self.target} has no place for {'; '.join(parts)}: left out"


_Named = tuple[int, int | None, int | None]
"""A board as a loss warning names it: its place among those read, its number (None: it has none) and
the number it was read with."""


class HeldForOthers(NamedTuple):
    """What a board's record says of other boards of its file, which a format declares with a function
    ``<name>_held_for_others(board)``, a list of them (``lin_held_for_others``: a LIN match header's ``rs``
    entries, its ``vg``'s first and last boards):
    a target with no place for it loses what it says of each board that is not itself written."""

    group: str
    """The whole it belongs to (a LIN match, by its ``vg``): the boards of one group say it together."""
    said: Mapping[int, str]
    """What it says of each board, by number (``1: 4SN=, 4SN-1``: board 1's results in both rooms)."""
    words: str
    """How a loss names it, ``{boards}`` and ``{said}`` filled in (``LIN rs| results of {boards}...``)."""
    holds: int | None = None
    """The key of `said` the board itself stands for, where it is not its number (its place among the
    boards of a LIN ``rs`` that no ``vg`` numbers: the entry it took)."""


class _Others:
    """What the boards of one group said of their file's boards (`HeldForOthers`), the numbers of those
    written, and the boards that carried it (None: one not named by file)."""

    def __init__(self) -> None:
        self.said: dict[int, str] = {}
        self.written: set[int] = set()
        self.carriers: list[tuple[str, _Named] | None] = []


def held_for_others(board: Board, target: str) -> list[HeldForOthers]:
    """What ``board``'s records of formats other than ``target`` say of other boards (`HeldForOthers`),
    found as `kept_only_by_its_format` finds what only a format can say."""
    from bridgetools.formats import FORMATS, format_module

    held: list[HeldForOthers] = []
    for name in board.extra:
        hook = getattr(format_module(name), f"{name}_held_for_others", None) \
            if name != target and name in FORMATS else None
        held.extend(hook(board) if hook is not None else ())
    return held


def _boards_phrase(boards: list[_Named], inside: bool = False) -> str:
    """The boards a loss touched, each once: ``board 3``, ``boards 1-16, 18``, ``2 boards, numbered 1-3``
    (a match's two rooms), ``1 board with no number``; boards renumbered (``convert --renumber``) with
    the numbers they were read with, which the user finds them by: ``board 2 (was 17)``, or ``board 2,
    was 17`` ``inside`` brackets."""
    distinct = dict.fromkeys(boards)
    numbers = [str(number) for _, number, _ in distinct if number is not None]
    unnumbered = sum(number is None for _, number, _ in distinct)
    said = boards_numbered(numbers) if numbers else ""
    if unnumbered:
        said += f"{' and ' if said else ''}{plural(unnumbered, 'board')} with no number"
    read_as = _read_as(list(distinct))
    return said if not read_as else f"{said}, {read_as}" if inside else f"{said} ({read_as})"


def _read_as(boards: list[_Named]) -> str | None:
    """``was 17``, ``were 11, 17 and 1 with no number``: the numbers renumbered ``boards`` were read with;
    None when each keeps its own."""
    if all(number == read for _, number, read in boards):
        return None
    read = [str(number) for _, _, number in boards if number is not None]
    unnumbered = len(boards) - len(read)
    parts = [numbers_named(read)] if read else []
    if unnumbered:
        parts.append("no number" if len(boards) == 1 else f"{unnumbered} with no number")
    return f"{'was' if len(boards) == 1 else 'were'} {' and '.join(parts)}"


def held(board: Board, number: int | None = None) -> list[str]:
    """The names of what ``board`` holds besides its number and deal, in the order of `HELD`. ``dealer and
    vulnerability`` counts only when they are not those Law 2 gives the number ``number`` (default: the
    board's own), since a file that numbers its boards says them that way."""
    return [name for name, holds in _holdings(board, number).items() if holds]


def _own_dealer_and_vulnerability(board: Board, number: int | None) -> tuple[bool, bool]:
    """Whether ``board`` gives a dealer, and a vulnerability, other than those the number ``number``
    (default: the board's own) gives by itself (Law 2; without a number, the first call's seat and no
    vulnerability): one given as unknown where the number gives one counts, since a file numbering its
    boards says that."""
    from bridgetools.model import Seat, Vul

    number = board.number if number is None else number
    auction = board.auction
    said = (Seat.dealer_of_board(number), Vul.of_board(number)) if number is not None and number >= 1 \
        else (None if auction is None else auction.dealer, None)
    dealer = board.dealer not in (None, said[0]) or (board.is_unknown("dealer") and said[0] is not None)
    vulnerability = board.vulnerability not in (None, said[1]) or (
        board.is_unknown("vulnerability") and said[1] is not None)
    return dealer, vulnerability


def _named_as_lost(board: Board, name: str, number: int | None) -> str:
    """``name`` as a loss warning says it of ``board``: ``dealer and vulnerability`` as the one of the two
    that differs from what the number gives (``vulnerability`` for board 37 read back as 1, dealer North
    either way), or both."""
    if name != "dealer and vulnerability":
        return name
    dealer, vulnerability = _own_dealer_and_vulnerability(board, number)
    return name if dealer and vulnerability else "dealer" if dealer else "vulnerability"


def _holdings(board: Board, number: int | None) -> dict[str, bool]:
    """Each thing a board can hold besides its number and deal, by the name a loss warning gives it, and
    whether ``board`` holds it."""
    auction = board.auction
    return {
        "dealer and vulnerability": any(_own_dealer_and_vulnerability(board, number)),
        "auction": auction is not None and bool(auction.calls),
        "alerts and explanations": auction is not None and any(auction.annotations),
        "play": board.play is not None and bool(board.play.cards),
        "contract and result": board.contract is not None or board.tricks is not None
        or board.declarer is not None,
        "players": bool(board.players),
        "Event": bool(board.event), "Site": bool(board.site), "Date": bool(board.date),
        "Scoring": bool(board.scoring), "room": board.room is not None,
        "notes": bool(board.notes), "commentary": bool(board.commentary), "tags": bool(board.tags),
        "tables": bool(board.tables), "other tables' results": bool(board.results),
        "double-dummy table": board.dd_table is not None, "par": board.par is not None,
    }


HELD = tuple(_holdings(Board(), None))
"""What a board can hold besides its number and deal, by the names a loss warning gives them."""


def left_out(board: Board, target: str, carried: Iterable[str] = (), number: int | None = None,
             calls_written: bool = False, marks_shown: bool = False) -> list[str]:
    """What a ``target`` writer that carries the number, the deal and ``carried`` (names from `HELD`)
    leaves out of ``board``: the rest of what it holds, a declarer or result no contract was played to
    where it carries the contract and result (`stray_results`), and what only its own format could say
    (not the calls kept as written when it writes them, ``calls_written``: `calls_kept`; nor, when it
    shows them past an irregularity with its mark, ``marks_shown``, those and the play as written)."""
    keep = set(carried)
    stray = stray_results(board) if "contract and result" in keep else []
    return [_named_as_lost(board, name, number) for name in held(board, number) if name not in keep] + stray \
        + kept_only_by_its_format(board, target, calls_written, marks_shown=marks_shown)


def stray_results(board: Board) -> list[str]:
    """``declarer with no contract``, ``result of a passed-out board`` and the like: a declarer or a
    result (tricks) ``board`` gives though no contract was played (a PBN Declarer with no Contract, a
    Result on a board passed out), which a target saying the contract and result (LIN, RBN, the analysis
    export) has no place for: named, not dropped without a word."""
    contract = board.contract
    if contract is not None and not contract.is_passed_out:
        return []
    played = "with no contract" if contract is None else "of a passed-out board"
    return [f"{name} {played}" for name, value in (("declarer", board.declarer), ("result", board.tricks))
            if value is not None]


def claim_left_out(board: Board) -> list[str]:
    """The claim ending ``board``'s play, named as lost by a format that says a claim only by the result
    (PBN's Result, RBN's R line: the cards stop short of it) where it is not the result written: one of
    another count (`_deal_checks.claim_differs`: ``board 18's claim of 8 tricks, where the result's 7
    stand``), or one where the result is unknown (``?``, no R line: the cards then end in no claim)."""
    play = board.play
    claimed = play.claimed if play is not None else None
    if claimed is None or (board.tricks is not None and not claim_differs(play, board.tricks)):
        return []
    where = "the result is unknown" if board.tricks is None else f"the result's {board.tricks} stand"
    return [f"{whose_loss(board)} claim of {plural(claimed, 'trick')}, where {where}"]


def given_as_none(board: Board) -> list[str]:
    """``PBN's "" (none) for Event, West`` and the like: what ``board`` gives as PBN's ``""`` ("does not
    apply", told from ``?``, unknown), for a writer whose empty value reads back as unknown (LIN, RBN), so
    that the change is named; nothing when the board gives none."""
    named = [name for name, value in (("Event", board.event), ("Site", board.site), ("Date", board.date),
                                      ("Scoring", board.scoring)) if value == ""]
    named += [seat.full_name for seat, name in board.players.items() if name == ""]
    return [f'PBN\'s "" (none, read back as unknown) for {", ".join(named)}'] if named else []


def said_by_auction(board: Board) -> bool:
    """Whether the board's contract and declarer are those its finished auction ends in (or it has no
    contract): a format that says the contract only by the calls (LIN, RBN) then keeps them."""
    auction = board.auction
    if board.contract is None:
        return True
    if auction is None or not auction.is_complete:
        return False
    return (auction.final_contract, auction.declarer) == (board.contract, board.declarer)


def one_line(text: str) -> str:
    """``text`` with each line break a space: a PBN tag value and an RBN header line hold one line."""
    return text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")


def line_breaks_replaced(target: str, fields: Iterable[tuple[str, str | None]]) -> list[str]:
    """``RBN cannot hold a line break in Event: written as a space`` when a value of ``fields`` (name,
    value) holds one, which the ``target`` writer writes on one line (`one_line`): PBN and RBN name the
    change by this one rule, not a bare second line read back as a problem, nor a space without a word."""
    named = [name for name, value in fields if value and ("\n" in value or "\r" in value)]
    return [f"{target} cannot hold a line break in {', '.join(named)}: written as a space"] if named else []


def header_fields(board: Board) -> list[tuple[str, str | None]]:
    """The board's Event, Site and Date by name, the one-line values a PBN tag and an RBN header line
    hold (`line_breaks_replaced`)."""
    return [("Event", board.event), ("Site", board.site), ("Date", board.date)]


def marks_on_calls(board: Board) -> list[str]:
    """``suffixes and NAGs on calls`` when a call of ``board`` has a suffix (``!``, ``?``) or a NAG, for a
    writer whose calls have no place for them (LIN, RBN): named apart from alerts and explanations, which
    such a board may not have."""
    auction = board.auction
    if auction is not None and any(a and (a.suffix or a.nags) for a in auction.annotations):
        return ["suffixes and NAGs on calls"]
    return []


def whose_loss(board: Board) -> str:
    """``board 7's``, or ``the board's`` for a board without a number: whose loss a warning names; a board
    renumbered (``convert --renumber``) with the number it was read with, as the loss line names it
    (``board 2 (was 11)'s``), so that the user finds it in the input."""
    if board.number is None:
        return "the board's"
    origin = _ORIGIN.get()
    found = origin(board) if origin is not None else None
    return f"{_boards_phrase([(0, board.number, board.number if found is None else found[2])])}'s"


def deal_kept(board: Board, written: str, seats: Iterable[Seat]) -> str:
    """A deal a reader kept as ``written`` (a hand in it could not be read), named with the hands the
    board's deal leaves unknown, in ``seats``' order (the file's): ``board 4's md as written (LIN
    md|2X78A...|): South's hand unknown``."""
    deal = board.deal
    unknown = [seat.full_name for seat in seats if deal is None or deal[seat] is None]
    hands = hands_of(unknown) if unknown else "no hand"
    return f"{whose_loss(board)} {written}: {hands} unknown"


def calls_kept_words(board: Board, written: str, where: str) -> str:
    """Calls a reader kept as written past the legal start of ``board``'s auction, named with the board
    and the call they start at, so a director can find and mend them (``where`` says which reader); many
    calls (their explanations with them) cut to an `excerpt`."""
    start = len(board.auction) + 1 if board.auction is not None else 1
    return f"{whose_loss(board)} calls {excerpt(written)} from call {start} of the auction on ({where})"


def kept_only_by_its_format(board: Board, target: str, calls_written: bool = False,
                            cards_written: bool = False, marks_shown: bool = False) -> list[str]:
    """What ``board`` keeps that only the format it was read from can say, so a ``target`` writer loses
    it. A format declares that with a function ``<name>_only(board)`` in its module (``lin_only``); the
    module is found by name in the registry, so writers import no other format. ``calls_written``: the
    target wrote the calls kept as written (`calls_kept`), so the format whose record kept them
    (``<name>_only(board, calls=False)``) does not name them; ``cards_written`` likewise of the cards kept
    as written where the board has no play (`cards_kept`, ``cards=False``); ``marks_shown``: a diagram
    showed the calls and the play as written past an irregularity (`calls_shown`, `play_shown`:
    ``play=False``)."""
    from bridgetools.board.leftovers import FormatRecord, calls_kept, calls_shown, cards_kept
    from bridgetools.formats import FORMATS, format_module

    kept = (calls_shown(board) if marks_shown else calls_kept(board)) if calls_written else ()
    played = cards_kept(board) if cards_written else ()
    lost: list[str] = []
    for name, record in board.extra.items():
        if name != target and name in FORMATS:
            only = getattr(format_module(name), f"{name}_only", None)
            if only is None:
                continue
            written: dict[str, bool] = {}
            if isinstance(record, FormatRecord):
                as_written = record.calls_as_written(board) if marks_shown else record.calls_kept(board)
                if kept and as_written == kept:
                    written["calls"] = False
                if marks_shown and record.play_as_written(board):
                    written["play"] = False
                if played and record.cards_kept(board) == played:
                    written["cards"] = False
            lost.extend(only(board, **written))
    return lost


__all__ = [
    "HELD", "HeldForOthers", "Losses", "claim_left_out", "files_named", "files_of",
    "given_as_none", "header_fields", "held", "held_back", "held_for_others", "kept_only_by_its_format",
    "left_out", "line_breaks_replaced", "marks_on_calls", "named_by_file", "one_line", "said_by_auction",
    "stray_results",
]


def dealer_written(board: Board) -> Seat | None:
    """The dealer a format with one dealer for dealer and calls writes: the auction's first caller when
    the board has an auction, so that each call keeps its player (`dealer_replaced` says when the board's
    own dealer differs), else the board's dealer."""
    auction = board.auction
    return board.dealer if auction is None else auction.dealer


def dealer_replaced(board: Board, target: str) -> list[str]:
    """The loss message of a board whose auction does not start at its dealer (`Board.conflicts` names
    ``"auction"``), written by `dealer_written`'s rule; none when they agree."""
    auction, dealer = board.auction, board.dealer
    if auction is None or dealer is None or auction.dealer == dealer:
        return []
    return [f"{target} has one dealer for the deal and the calls: a board whose auction starts at another "
            "seat than its dealer is written with the auction's first caller as dealer, so that each call "
            "keeps its player"]
