"""The conventions the dealing-machine files share (hand-records spec §1): cards numbered 1..52 from the
ace of spades down to the two of clubs, seats N E S W as 0..3, boards numbered by their place in the file.

Binary files are handled as text in which each character is one byte (all their bytes are below 0x80),
so they travel through the same readers and writers as every other format.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from bridgetools._words import boards_numbered, plural
from bridgetools.board import Board
from bridgetools.errors import BridgeError, FormatLossWarning, Issue, RecordError, unread_issue, warn_caller
from bridgetools.formats._deal_checks import deal_issue, deal_place, malformed
from bridgetools.formats._losses import NO_BOARD, Losses, files_named, files_of, is_a_board, left_out
from bridgetools.formats._problems import report
from bridgetools.model import Card, Deal, Hand, Rank, Seat, Suit
from bridgetools.model.cards import SUITS_DISPLAY_ORDER

MACHINE_ORDER: tuple[Card, ...] = tuple(
    Card(suit, Rank(rank)) for suit in SUITS_DISPLAY_ORDER for rank in range(14, 1, -1)
)
"""Card number k (0-based) -> the card: 0 = spade ace ... 51 = club two."""

NUMBER_OF: dict[Card, int] = {card: k + 1 for k, card in enumerate(MACHINE_ORDER)}
"""The card -> its 1-based number (1 = spade ace, 52 = club two)."""

DGE_MARKS = {Suit.S: "\x06", Suit.H: "\x03", Suit.D: "\x04", Suit.C: "\x05"}
"""The code page 437 control codes that show as suit pips, the suit markers of DGE."""


def dge_char_named(char: str) -> str:
    """A DGE character as a director reads it: a suit marker by its suit and byte, any other quoted."""
    suit = next((s for s, mark in DGE_MARKS.items() if mark == char), None)
    return repr(char) if suit is None else f"the {suit.full_name} marker (0x{ord(char):02x})"


def full_deal(board: Board, fmt: str, number: int) -> Deal:
    """The board's deal, which a machine file needs whole; a `BridgeError` naming the board otherwise
    (by ``number``, the one it gets in the file: a board without a number is named by its place), at the
    place of the hand the reader could not read, or of the deal whose hands hold different numbers of
    cards (a card left out), and saying what was wrong with it, when that is why (`deal_issue`)."""
    deal = board.deal
    if deal is None or not deal.is_complete:
        needs = f"board {number}: a {fmt.upper()} file needs all 52 cards dealt"
        wrong = deal_issue(board.issues)
        read = deal_place(board)  # the file being read: a JSON board's problem may be its source's
        if wrong is not None and wrong.line is not None and (read is None or wrong.source == read[0]):
            source = wrong.source if wrong.source is not None else ", ".join(files_of([board])) or None
            raise BridgeError(str(Issue(f"{needs}; {wrong.message}", wrong.line, wrong.column, source)))
        if read is not None:  # where the deal is in the file being read, and why, as its source said
            why = "" if wrong is None else f"; {wrong.message}"
            if wrong is not None and wrong.source is not None:
                recorded = (wrong.source, wrong.line, wrong.column)
                why += f" (recorded from {':'.join(str(part) for part in recorded if part is not None)})"
            raise BridgeError(str(Issue(f"{needs}{why}", read[1], read[2], read[0])))
        raise BridgeError(f"{files_named([board])}{needs}")
    return deal


def numbered(
    boards: Iterable[Board], fmt: str, by_place_from: int | None = None,
    named_apart: Callable[[int | None, set[int]], bool] | None = None,
) -> Iterator[tuple[int, Deal]]:
    """Each board's number and whole deal; once all are given, one warning naming what else they held (a
    machine file holds the deal alone, and the number says dealer and vulnerability). A record that is no
    board (`is_a_board`) is named in the warning and takes no place; a board with no deal (`dealt`: a
    PBN record cut short, kept for its tags) takes none either, said in one line naming it.

    Without ``by_place_from`` (DLM, which keys its boards by number) they come in file order. A file that
    numbers its records by place from ``by_place_from`` (BRI, DGE: 1; DUP: its lowest board) gets each
    deal at its own number's place (`_in_places`): boards in sequence as they come, the rest lowest first
    once all are read; a gap is refused (a board with no deal inside the set makes one), since such a file
    cannot leave a board out and every board after it would be dealt under the number before its own; so
    is a file with no board dealt. The writers make their whole file before writing a byte, so a refusal
    leaves nothing written. ``named_apart``: whether a board number with no deal is one the writer names
    itself, given the numbers dealt (DLM: one inside its From..To, written as its dummy deal)."""
    losses = Losses(fmt.upper())
    waiting: list[tuple[int, Board, Deal]] = []  # from the first board out of sequence on, in file order
    given: set[int] = set()
    undealt: list[_LeftOut] = []  # boards left out for want of a deal, and records not read
    undealt_at: list[tuple[int, int]] = []  # a board given with no deal: how many dealt came before, number
    unreadable: set[int] = set()  # those of them whose deal or record could not be read
    given_from: dict[str, None] = {}  # the files of the boards given in sequence (`named_by_file`), in order
    no_boards: list[Board] = []  # records that are no board (a lesson's introduction), for a refusal's file
    for number, board in _in_file(boards):
        undealt += _note_no_deal(board, number is None, len(given) + len(waiting), undealt_at, unreadable)
        if number is None:
            if not is_a_board(board):
                no_boards.append(board)
                losses.writing(board)
                losses.add([NO_BOARD])
            continue
        deal = full_deal(board, fmt, number)
        if by_place_from is None or (not waiting and number == by_place_from + len(given)):
            given.add(number)
            given_from.update(dict.fromkeys(files_of([board])))
            _board_losses(losses, board, fmt, number)
            yield number, deal
        else:
            waiting.append((number, board, deal))
    if by_place_from is not None and waiting:
        placed = _in_places(waiting, given, fmt, by_place_from + len(given), undealt_at, given_from,
                            unreadable)
        for read_as, board, deal in placed:
            _board_losses(losses, board, fmt, read_as)  # named as written, not as the last one read
            yield read_as, deal
    dealt_numbers = given | {number for number, _, _ in waiting}  # none dealt: refused, naming the records
    _warn_undealt(undealt, fmt, dealt_numbers, named_apart, None if dealt_numbers else no_boards)
    losses.warn()


_LeftOut = tuple[Board, int | None, bool]
"""A board a machine file leaves out for want of a deal (`_warn_undealt`): the board that says it (a record
not read: the board carrying its problem), its number, and whether its deal or record could not be read."""


def _note_no_deal(board: Board, undealt: bool, place: int, undealt_at: list[tuple[int, int]],
                  unreadable: set[int]) -> list[_LeftOut]:
    """Note, for `numbered`, the boards with no deal ``board`` stands for, each with ``place`` (how many dealt
    came before it) in ``undealt_at``, and those of them not read in ``unreadable``: a machine file's records
    not read before it (`records_not_read`) and, when it is a board with no deal (``undealt``), itself; both
    given back, to be named if left out (`_warn_undealt`)."""
    lost = records_not_read(board)
    left_out: list[_LeftOut] = [(board, number, True) for number in lost]
    unreadable.update(lost)
    if undealt and is_a_board(board):
        left_out.append((board, board.number, _deal_unread(board)))
        if board.number is not None:
            lost.append(board.number)
            if _deal_unread(board):
                unreadable.add(board.number)
    undealt_at.extend((place, number) for number in lost)
    return left_out


def _board_losses(losses: Losses, board: Board, fmt: str, number: int) -> None:
    """What ``board``, written under ``number``, loses in ``fmt``, told ``losses``."""
    losses.writing(board)
    losses.add_held_for_others(board, fmt)
    losses.add(left_out(board, fmt, number=number))


UNREAD_RECORD = "record-not-read"
"""The start of the `Issue.kind` of a machine file's record that could not be read (`records`), which the
next board read carries: the kind names the record's board (`record_not_read`), which a file numbering its
boards by place must not leave out silently (`numbered`: a BRI record 1 not read would put board 2's deal
in board 1's place)."""


def record_not_read(number: int) -> str:
    """The `Issue.kind` of a machine file's record of board ``number`` that could not be read."""
    return f"{UNREAD_RECORD} {number}"


def records_not_read(board: Board) -> list[int]:
    """The boards of the records not read (`record_not_read`) whose problems ``board`` carries."""
    kinds = [(issue.kind or "").split() for issue in board.issues]
    return [int(kind[1]) for kind in kinds
            if len(kind) == 2 and kind[0] == UNREAD_RECORD and kind[1].isdecimal()]


def _deal_unread(board: Board) -> bool:
    """Whether ``board``, given with no deal, had one that could not be read (a card in two hands)."""
    return unread_issue(board.issues, "deal") is not None


def dealt(board: Board) -> bool:
    """Whether a record takes a place in a machine file: it has a deal. One that is no board (a lesson's
    introduction) or a board with none (a PBN record cut short, kept for its number and tags) is left out:
    the machine has nothing to deal, and a deal made up for it would be dealt as the board's."""
    return board.deal is not None


UNDEALT = "given with no deal"
"""What a board a machine file leaves out for want of a deal is, as a warning or a refusal names it."""
UNREADABLE = "given with a deal that could not be read"
"""What a board a machine file leaves out because its deal or record could not be read (a card in two
hands) is, as a warning or a refusal names it (the reader has said what was wrong)."""


def numbers_given(boards: Iterable[Board]) -> set[int]:
    """The numbers ``boards`` give (those without one give none)."""
    return {board.number for board in boards if board.number is not None}


_RENUMBERED: ContextVar[bool] = ContextVar("renumbered_by_place", default=False)
"""Whether the boards written were numbered by their place (convert --renumber), those with no deal keeping
the input's numbers, which the other boards' no longer are."""


@contextmanager
def renumbered_by_place() -> Iterator[None]:
    """Inside, the boards with no deal a machine file leaves out are named by their input numbers, said as
    such (``board 2 of the input``), since the others are written under new ones."""
    token = _RENUMBERED.set(True)
    try:
        yield
    finally:
        _RENUMBERED.reset(token)


def _warn_undealt(undealt: list[_LeftOut], fmt: str, dealt_numbers: set[int],
                  named_apart: Callable[[int | None, set[int]], bool] | None = None,
                  refuse: list[Board] | None = None) -> None:
    """One warning a file naming the boards with no deal that a machine file of ``fmt`` leaves out
    (`dealt`), so a director knows which records to mend: ``cut.pbn: a BRI file deals whole deals: board 5,
    given with no deal (...), left out`` (`_LeftOut`). One whose number a dealt board also gives
    (``dealt_numbers``) as a repeat, not as the board written; none the writer names itself
    (``named_apart``, `numbered`). With ``refuse`` (no board dealt: the records that are no board) a
    `BridgeError` saying so in one line instead, when any record was given: a file with no deal is no set
    a machine can deal (it was written empty, exit 0)."""
    if named_apart is not None:
        undealt = [given for given in undealt if not named_apart(given[1], dealt_numbers)]
    lines = []
    by_file: dict[tuple[str, bool], list[int | None]] = {}
    for board, number, unread in undealt:
        by_file.setdefault((files_named([board]), unread), []).append(number)
    for (file, unread), given in by_file.items():
        numbers = [number for number in given if number is not None]
        by_input = _RENUMBERED.get()
        fresh = [n for n in numbers if by_input or n not in dealt_numbers]
        again = [n for n in numbers if n not in fresh]
        unnumbered = len(given) - len(numbers)
        named = " and ".join(([boards_named(fresh) + " of the input" * by_input] if fresh else [])
                             + ([f"{boards_named(again)} again (the record with its deal written)"] if again
                                else [])
                             + ([f"{plural(unnumbered, 'record')} with no number"] if unnumbered else []))
        why = (f"{UNREADABLE} (said above)" if unread
               else f"{UNDEALT} (a record cut short, or one without its cards)")
        lines.append((file, f"{named}, {why}"))
    if refuse is not None and (undealt or refuse):
        said = f": {'; '.join(named for _, named in lines)}" if lines else ""
        named_in = files_named([*(board for board, _, _ in undealt), *refuse])
        raise BridgeError(f"{named_in}a {fmt.upper()} file deals whole deals, and no "
                          f"board of the input has one{said}; nothing written")
    for file, named in lines:
        warn_caller(f"{file}a {fmt.upper()} file deals whole deals: {named}, left out", FormatLossWarning)


def gap_named(gap: Iterable[int], undealt: set[int], said: Callable[[str, bool, str], str],
              absent_from: str = "the input", unreadable: Iterable[int] = ()) -> str:
    """The boards of ``gap``, a machine file's missing boards, each group as ``said(boards, one, why)``
    gives it (``one``: a single board) and joined by `and`: those not in the input (or ``absent_from``: the
    file of one of several sets), then those given with no deal (``undealt``), so that a director knows
    which to add and which to mend; those of them whose deal or record could not be read (``unreadable``)
    named so."""
    gap, unread = list(gap), set(unreadable)
    groups = [([n for n in gap if n not in undealt], f"not in {absent_from}"),
              ([n for n in gap if n in undealt and n not in unread], UNDEALT),
              ([n for n in gap if n in undealt and n in unread], UNREADABLE)]
    return " and ".join(said(boards_named(numbers), len(numbers) == 1, why) for numbers, why in groups
                        if numbers)


def _in_places(
    waiting: list[tuple[int, Board, Deal]], given: set[int], fmt: str, place: int,
    undealt_at: list[tuple[int, int]], given_from: dict[str, None], unreadable: set[int],
) -> list[tuple[int, Board, Deal]]:
    """The boards that came out of sequence (``waiting``, in file order, after those ``given`` in sequence),
    each with the number a reader gives it: from ``place`` on, lowest first. Numbers given twice with
    different deals (several sets each numbered from 1) keep file order, said renumbered in one warning;
    a set that starts past ``place`` before any board was written (BRI or DGE from board 37) is read back
    from ``place``, said in one warning; a gap is refused (`missing_boards`), naming the boards of it given
    with no deal (``undealt_at``: each with the number of dealt boards before it) as such, and a board
    missing from one of several sets as not in its file (``given_from``: the files of those ``given``), one
    whose deal or record could not be read (``unreadable``) as such."""
    undealt = {number for _, number in undealt_at}
    numbers = [number for number, _, _ in waiting]
    seen, again = set(given), []
    for number in numbers:
        if number in seen:
            again.append(number)
        seen.add(number)
    if again:
        first = place - len(given)
        _refuse_gaps_in_sets(waiting, given, fmt, first, undealt_at, given_from, unreadable)
        _warn_renumbered(fmt, again, first, len(given) + len(waiting))
        return [(place + k, board, deal) for k, (_, board, deal) in enumerate(waiting)]
    waiting = sorted(waiting, key=lambda held: held[0])
    # BRI or DGE from board 37: read back from board 1
    numbers = [*given, *(number for number, _, _ in waiting)]
    gap = missing_boards(numbers, _set_opens(numbers, undealt, place - len(given)))
    if gap:
        raise _gap_refused(gap, given, waiting, fmt, undealt, files_of(board for _, board, _ in waiting),
                           unreadable=unreadable)
    if waiting[0][0] != place:
        last = place + len(waiting) - 1
        warn_caller(f"{files_named(board for _, board, _ in waiting)}{fmt.upper()} numbers its boards by "
                    f"their place from board {place}: boards {waiting[0][0]}-{waiting[-1][0]} are written "
                    f"in order and read back as boards {place}-{last} (read them with --first-board "
                    f"{waiting[0][0]} to number them {waiting[0][0]}-{waiting[-1][0]})", FormatLossWarning)
    return [(place + k, board, deal) for k, (_, board, deal) in enumerate(waiting)]


def _set_opens(dealt: Iterable[int], undealt: Iterable[int], first: int) -> int:
    """The number a set of a file numbering by place starts from: its lowest board, dealt or given with no
    deal, so that boards 2-15 after a board 1 with no deal are a gap, not a set read back from board 1. A
    board with no deal below the file's ``first`` number (DUP's lowest dealt board; BRI, DGE: 1) opens
    none: DUP leaves it out as it would of a single set."""
    return min([*dealt, *(number for number in undealt if number >= first)])


def _refuse_gaps_in_sets(waiting: list[tuple[int, Board, Deal]], given: set[int], fmt: str, first: int,
                         undealt_at: list[tuple[int, int]], given_from: dict[str, None], unreadable: set[int]
                         ) -> None:
    """Refuse a gap inside any set of a file that gives numbers again (each set from a number its set
    already holds on: several sets each numbered from 1), as a gap in a single set is: the boards after it
    would be read back under the numbers before theirs. A set's first boards given with no deal open it
    (a second file whose board 1 was cut short), as they open a single set; a board missing from a set
    is named as not in the file that holds the set (the input holds it, in another set; ``given_from``:
    the files of the boards ``given``, which are the first set's); ``first``: the file's first number
    (`_set_opens`); ``unreadable``: the boards whose deal or record could not be read."""
    sets = _sets(waiting, given, undealt_at)
    for k, (plain, part, undealt) in enumerate(sets):
        dealt = {*plain, *(number for number, _, _ in part)}
        gap = missing_boards(dealt, _set_opens(dealt, undealt, first))
        if gap:
            raise _gap_refused(gap, plain, part, fmt, undealt, _set_files(k, sets, given_from),
                               _set_named(k, sets, given_from), unreadable)


_Set = tuple[set[int], list[tuple[int, Board, Deal]], set[int]]
"""One set of a file holding several: the numbers given in sequence at the file's start, the boards out of
sequence (each with its number and deal), and the numbers given with no deal."""


def _sets(waiting: list[tuple[int, Board, Deal]], given: set[int], undealt_at: list[tuple[int, int]]
          ) -> list[_Set]:
    """The sets of a file that gives numbers again, in file order: a dealt board whose number its set
    already holds (dealt or not) starts the next; a board with no deal goes to the next set where the next
    dealt board starts it and it comes before that board's number (``board 1`` before a second set's board
    2), is a repeat where its set already holds its number (a match's other room, cut short), and else
    joins its set."""
    dealt: list[tuple[int, tuple[int, Board, Deal] | None]] = [
        *((number, None) for number in sorted(given)), *((entry[0], entry) for entry in waiting)]
    lone_before: dict[int, list[int]] = {}  # a dealt board's place -> those with no deal before it
    for place, number in undealt_at:
        lone_before.setdefault(place, []).append(number)
    sets: list[_Set] = []
    numbers: set[int] = set()  # the numbers of the set being read, dealt or not
    for place, (number, entry) in enumerate(dealt):
        for lone in lone_before.pop(place, []):
            if not sets or (number in numbers and lone < number):  # it opens the set this board goes on
                numbers = set()
                sets.append((set(), [], set()))
            if lone not in numbers:
                sets[-1][2].add(lone)
                numbers.add(lone)
        if not sets or number in numbers:
            numbers = set()
            sets.append((set(), [], set()))
        numbers.add(number)
        if entry is None:
            sets[-1][0].add(number)
        else:
            sets[-1][1].append(entry)
    for lone in (n for rest in lone_before.values() for n in rest if n not in numbers):
        sets[-1][2].add(lone)  # after the last dealt board: no gap it could make, named as left out
    return sets


def _set_named(k: int, sets: list[_Set], given_from: dict[str, None]) -> str:
    """What set ``k`` (from 0) of ``sets`` is named by as a refusal says a board is not in it: the files its
    boards came from, where no other set's came from them (``b.pbn``), else ``set 2`` (``of b.pbn``);
    ``given_from``: the files of the first set's boards given in sequence."""
    here = _set_files(k, sets, given_from)
    others = {file for j in range(len(sets)) if j != k for file in _set_files(j, sets, given_from)}
    if here and not others.intersection(here):
        return ", ".join(here)
    return f"set {k + 1}" + (f" of {', '.join(here)}" if here else "")


def _set_files(k: int, sets: list[_Set], given_from: dict[str, None]) -> list[str]:
    """The files set ``k`` (from 0) of ``sets`` came from, each once in order: the first set's boards given
    in sequence came from ``given_from``."""
    held = files_of(board for _, board, _ in sets[k][1])
    return list(dict.fromkeys([*(given_from if k == 0 else ()), *held]))


def _gap_refused(gap: list[int], given: set[int], waiting: list[tuple[int, Board, Deal]], fmt: str,
                 undealt: set[int], files: list[str], absent_from: str = "the input",
                 unreadable: set[int] | frozenset[int] = frozenset()) -> BridgeError:
    """The one-line refusal of a set with a gap a file numbering by place cannot hold, naming the files of
    the set (``files``: those of its boards, the first set's given in sequence among them), the boards of
    the gap (``undealt``: given with no deal, the others not in the input, or ``absent_from``), the boards
    there, and the ways past it."""
    absent = not undealt.intersection(gap)
    give = "give the missing boards" if absent else "give the missing boards and deals"
    if undealt.issuperset(gap):
        give = f"give {boards_named(gap)} {'its deal' if len(gap) == 1 else 'their deals'}"
    if unreadable.issuperset(gap):
        give = f"mend {boards_named(gap)}'s {'deal' if len(gap) == 1 else 'deals'}"
    missing = gap_named(gap, undealt, lambda boards, one, why: f"{boards} {'is' if one else 'are'} {why}",
                        absent_from, unreadable)
    return BridgeError(f"{', '.join(files)}{': ' * bool(files)}a {fmt.upper()} file numbers its "
                       f"boards by their place and cannot leave one out: {missing} "
                       f"({_boards_given(given, waiting, '' if absent else ' dealt')}): each board after it "
                       f"would be dealt under another number; {give}, write the boards either side of the "
                       "gap to separate files, or number the boards by their place (convert --renumber) (DLM "
                       "fills a gap with a dummy deal)")


def _boards_given(given: set[int], waiting: list[tuple[int, Board, Deal]], dealt: str = "") -> str:
    """``boards 2, 37, 39 are``: the boards a set with a gap holds (``are dealt``, with ``dealt``, beside
    boards given with no deal), a board without a number named as one dealt by its place (``boards 37, 39
    are, and one with no number, dealt as board 2 by its place``), as `show` and `print` give it no
    number."""
    numbers = sorted({*given, *(number for number, board, _ in waiting if board.number is not None)})
    places = [number for number, board, _ in waiting if board.number is None]
    said = f"{boards_named(numbers)} {'is' if len(numbers) == 1 else 'are'}{dealt}" if numbers else ""
    if not places:
        return said
    which = "one" if len(places) == 1 else f"{len(places)}"
    unnumbered = (f"{which} with no number, dealt as {'board' if len(places) == 1 else 'boards'} "
                  f"{', '.join(map(str, places))} by {'its' if len(places) == 1 else 'their'} place")
    return f"{said}, and {unnumbered}" if said else unnumbered


def missing_boards(numbers: Iterable[int], low: int | None = None) -> list[int]:
    """The board numbers from ``low`` (default: the lowest of ``numbers``) to the highest of ``numbers`` that
    ``numbers`` lacks: the gaps a set of boards has."""
    held = set(numbers)
    if not held:
        return []
    return [n for n in range(min(held) if low is None else low, max(held) + 1) if n not in held]


def _warn_renumbered(fmt: str, again: list[int], first: int, count: int) -> None:
    """The one warning for a file that numbers by place given board numbers more than once with other
    deals (several sets each numbered from 1): written in file order, read back as ``first``.. onwards."""
    warn_caller(f"{fmt.upper()} numbers its boards by their place in the file, and {boards_named(again)} "
                f"{'are' if len(set(again)) > 1 else 'is'} there more than once with different deals: "
                "the boards are written in file order and read back renumbered "
                f"{first}-{first + count - 1}", FormatLossWarning)


def boards_named(numbers: Iterable[str | int]) -> str:
    """``board 3`` or ``boards 1-3, 7`` (`_words.boards_numbered`): the boards a warning names, each once."""
    return boards_numbered(list(dict.fromkeys(str(n) for n in numbers)))


def past_last_board(fmt: str, numbered: Iterable[tuple[int, Board]], last: int = 99) -> str:
    """What to say of boards numbered past the ``last`` a DUP or DLM file holds, given each board with the
    number it has in the file (`numbered_boards`: its own, or its place), naming the input files of those
    past it (`files_named`), the first of their numbers (``-n 120`` ran past 99 at board 100, not at 120)
    and the others: how many follow when they run on from it, else which they are."""
    beyond = [(number, board) for number, board in numbered if number > last]
    files = files_named(board for _, board in beyond)
    past = sorted({number for number, _ in beyond})
    rest = past[1:]
    if rest and rest == list(range(past[0] + 1, past[-1] + 1)):
        after = f" (nor the {len(rest)} after it, to board {past[-1]})"
    else:
        after = f" (nor {boards_named(rest)})" if rest else ""
    return (f"{files}a {fmt} file holds boards 1-{last}, not board {past[0]}{after}; BRI, DGE and PBN hold "
            "boards past it")


def repeats() -> Callable[[Board], bool]:
    """A test, given a file's records in order, of whether a record repeats an earlier one's board number
    and deal (a match's other room), which a machine file holds once (`one_deal_a_board`). A record
    without a number or a deal (a lesson's introduction) takes no part."""
    seen: dict[int, list[Deal]] = {}

    def repeat(board: Board) -> bool:
        if board.number is None or board.deal is None:
            return False
        deals = seen.setdefault(board.number, [])
        if board.deal in deals:
            return True
        deals.append(board.deal)
        return False

    return repeat


def left_out_of_machine() -> Callable[[Board], bool]:
    """A test, given a file's records in order, of whether a machine file leaves a record out: one with no
    deal (`dealt`: no board, or a board cut short) or that `repeats` an earlier one."""
    repeat = repeats()
    return lambda board: not dealt(board) or repeat(board)


def one_deal_a_board(boards: Iterable[Board], fmt: str) -> Iterator[Board]:
    """The records a machine file holds, one at a time: a record that `repeats` an earlier one's number
    and deal (a match's other room) is left out, said in one line once all are given. A number given
    again with another deal is kept: the files that number by place write it in order (`numbered` says
    they are renumbered); DLM, which keys its boards by number, refuses it."""
    repeat = repeats()
    repeated: list[str] = []
    in_rooms = 0
    for board in boards:
        if repeat(board):
            repeated.append(str(board.number))
            in_rooms += board.room is not None or board.auction is not None or board.contract is not None
        else:
            yield board
    if repeated:
        warn_caller(f"{fmt.upper()} holds one deal a board: {plural(len(repeated), 'record')} repeating an "
                    f"earlier one's board and deal ({_why_repeated(in_rooms, len(repeated))}: "
                    f"{boards_named(repeated)}) left out, each deal written once", FormatLossWarning)


def by_place_text(boards: Iterable[Board], fmt: str, record: Callable[[Deal], str]) -> str:
    """A BRI or DGE file's text: each board's ``record`` at its place from board 1 (`numbered`; a match's
    other room once, `one_deal_a_board`), made whole before any of it is written, as DUP's and DLM's are,
    so that a board the file cannot hold (half a deal, a gap) leaves nothing written, on stdout or in a
    file the caller opened. Each board is let go once its record is made: the text is kept, not the
    boards."""
    placed = numbered(one_deal_a_board(boards, fmt), fmt, by_place_from=1)
    return "".join(record(deal) for _, deal in placed)


def _why_repeated(in_rooms: int, repeated: int) -> str:
    """What ``repeated`` records giving a board and deal again are, ``in_rooms`` of them another table's
    (a room, an auction or a contract of their own): a match's other room, or, with none, the same deal
    given again (a dealer program's sets dealt with one seed, a file copied into itself)."""
    if in_rooms == repeated:
        return "a match's other room"
    if not in_rooms:
        return "the same deal given again, in no other room"
    return "a match's other room, or the same deal given again"


def numbered_boards(boards: Iterable[Board]) -> list[tuple[int, Board]]:
    """Each board with the number it has in a machine file (`_in_file`); records with no deal (`dealt`)
    are left out."""
    return [(number, board) for number, board in _in_file(boards) if number is not None]


def _in_file(boards: Iterable[Board]) -> Iterator[tuple[int | None, Board]]:
    """Each record with the number its board has in a machine file: its own, or its place when it has
    none; None for a record with no deal (`dealt`: no board, or a board cut short), which takes no place."""
    place = 0
    for board in boards:
        if not dealt(board):
            yield None, board
            continue
        place += 1
        yield board.number or place, board


def hand_digits(hand: Hand) -> str:
    """A hand as BRI writes it: 13 two-digit card numbers, ascending."""
    return "".join(f"{n:02d}" for n in sorted(NUMBER_OF[card] for card in hand))


def bri_part(deal: Deal) -> str:
    """The 78 digits of BRI: North's, East's and South's card numbers (West holds the rest)."""
    return "".join(hand_digits(deal[seat]) for seat in (Seat.N, Seat.E, Seat.S))  # type: ignore[arg-type]  # whole deal


def dge_part(deal: Deal) -> str:
    """The 68 characters of DGE: per hand N E S W, each suit marker followed by its ranks, highest first."""
    out = []
    for seat in Seat:
        hand = deal[seat]
        assert hand is not None
        for suit in SUITS_DISPLAY_ORDER:
            ranks = sorted(hand.cards_in(suit), reverse=True)
            out.append(DGE_MARKS[suit] + "".join(card.rank.char for card in ranks))
    return "".join(out)


def deal_from_bri(text: str) -> Deal:
    """The deal in 78 BRI digits (cards in any order); `RecordError` for anything else."""
    hands: list[Hand] = []
    seen: set[int] = set()
    for h in range(3):
        cards = []
        for i in range(13):
            at = 26 * h + 2 * i
            pair = text[at : at + 2]
            if not (len(pair) == 2 and pair.isdigit() and pair.isascii() and 1 <= int(pair) <= 52):
                raise RecordError(f"expected a card number 01-52, found {pair!r}", at)
            if int(pair) in seen:
                raise RecordError(f"card number {pair} appears twice", at)
            seen.add(int(pair))
            cards.append(MACHINE_ORDER[int(pair) - 1])
        hands.append(Hand.from_cards(cards))
    west = Hand.from_cards(MACHINE_ORDER[n - 1] for n in range(1, 53) if n not in seen)
    return Deal([*hands, west])


def deal_from_dge(text: str) -> Deal:
    """The deal in 68 DGE characters; `RecordError` for anything else."""
    suit_of = {mark: suit for suit, mark in DGE_MARKS.items()}
    hands: list[Hand] = []
    at = 0
    for _seat in Seat:
        cards: list[Card] = []
        for expected in SUITS_DISPLAY_ORDER:
            if at >= len(text) or suit_of.get(text[at]) is not expected:
                raise RecordError(f"expected {dge_char_named(DGE_MARKS[expected])}", at)
            at += 1
            while at < len(text) and text[at] not in suit_of and len(cards) < 13:
                try:
                    cards.append(Card(expected, Rank.parse(text[at])))
                except Exception:
                    raise RecordError(f"expected a rank (AKQJT98765432), found {text[at]!r}", at) from None
                at += 1
        if len(cards) != 13:
            raise RecordError(f"expected 13 cards in a hand, found {len(cards)}", at)
        try:
            hands.append(Hand.from_cards(cards))
        except BridgeError as e:  # a card twice in the hand: said at the hand's bytes, no traceback
            raise RecordError(str(e), at - 17) from None
    try:
        return Deal(hands)
    except Exception as e:
        raise RecordError(str(e), 0) from None


def records(
    text: str, size: int, decode: Callable[[str], Deal], source: str, strict: bool, fmt: str,
    first_board: int = 1,
) -> Iterator[Board]:
    """Boards from fixed-size records: record k is board ``first_board + k``; a bad record is no board (none
    is made of what is not there) but an issue (or a `ParseError` when ``strict``), carried by the next
    board read (by a record that is no board after the last), and the next record still reads."""
    issues: list[Issue] = []
    for k in range(0, len(text) // size):
        chunk = text[k * size : (k + 1) * size]
        number = first_board + k
        try:
            deal = decode(chunk)
        except RecordError as e:
            report(f"{fmt.upper()} record {k + 1} (board {number}): {e}; the board is not read", source, 1,
                   k * size + e.offset + 1, strict=strict, issues=issues, kind=record_not_read(number),
                   syntax=malformed(e))  # bytes that are no record, not cards that clash
            continue
        board = Board(number=number, deal=deal)
        board.issues.extend(issues)
        issues = []
        yield board
    tail = len(text) % size
    if tail:
        report(f"{fmt.upper()}: {tail} bytes after the last whole {size}-byte record are ignored", source, 1,
               len(text) - tail + 1, strict=strict, issues=issues, syntax=True)
    if issues:
        board = Board()
        board.issues.extend(issues)
        yield board
