"""The LIN writer: boards as BBO's single-board lines or as a vugraph file (formats.md §8.7).

What a LIN file said and the model does not hold (display codes, unknown codes, the heading order,
the vugraph header) comes back from the board's `LinRecord` in its place, so LIN -> LIN gives the
same pairs back. Reading, and the layout the reader compares against, are `bridgetools.formats.lin`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from typing import Any, TextIO

from bridgetools.board import Board
from bridgetools.errors import FormatLossWarning, warn_caller
from bridgetools.formats._commentary import BEFORE, commentary_places
from bridgetools.formats._deal_checks import claim_differs
from bridgetools.formats._kept_tags import UNALERTED_TAG
from bridgetools.formats._law77 import SCORED_AGAIN, score_worked_out
from bridgetools.formats._losses import (
    Losses,
    claim_left_out,
    dealer_replaced,
    dealer_written,
    given_as_none,
    is_a_board,
    kept_only_by_its_format,
    marks_on_calls,
    nothing_to_say,
    said_by_auction,
    stray_results,
    whose_loss,
)
from bridgetools.formats._results_tables import DD_TABLE, PAR_TAGS, SCORE_TABLE, recorded_tags
from bridgetools.formats._suit_marks import lin_suit_marks, lin_suits, plain_suits
from bridgetools.formats._unwritable import now_writing
from bridgetools.formats.lin_calls import Outcome, calls_as_written, contract_of_calls
from bridgetools.formats.lin_codes import (
    BOARD_HEADING,
    LIN_SEATS,
    QX,
    SCORING_LETTERS,
    SCORING_NAMES,
    VG_CARRY_OVERS,
    VG_TAGS,
    VUL_LETTERS,
    Event,
    LinRecord,
    calls_and_explanations,
    canonical_lin_layout,
    canonical_qx,
    header_covers_players,
    kept_call_events,
    kept_call_pairs,
    lin_record,
    match_names,
    md_value,
    pn_players,
    result_entry,
    vg_tags,
    written_claim,
)
from bridgetools.formats.lin_results import (
    board_list,
    entry_index,
    first_of_results,
    header_with_results,
    lin_held_for_others,
)
from bridgetools.model import Seat

_TOLD: ContextVar[list[str] | None] = ContextVar("lin_write_told", default=None)
"""What `_tell` was told while a board's pairs were made (`_told_of`); None: warn at once."""


def _tell(message: str) -> None:
    """Say that a value was written otherwise: of the board being written, when `_told_of` gathers it
    (named with its file and boards, as the other losses), else at once."""
    told = _TOLD.get()
    if told is None:
        warn_caller(message, FormatLossWarning)
    else:
        told.append(message)


@contextlib.contextmanager
def _told_of(losses: Losses | None) -> Iterator[list[str]]:
    """Gather what `_tell` says inside (the list yielded), then tell ``losses`` of it for the board it is
    writing (None: the values are only looked at, and it is said when they are written)."""
    told: list[str] = []
    token = _TOLD.set(told)
    try:
        yield told
    finally:
        _TOLD.reset(token)
    if losses is not None and told:
        losses.alter(*dict.fromkeys(told))


def _gathered(losses: Losses | None) -> contextlib.AbstractContextManager[list[str]]:
    """What `_tell` says inside, gathered for ``losses`` to be told of as its writer decides; without
    ``losses``, said at once (the list yielded stays empty)."""
    none: list[str] = []
    return _told_of(None) if losses is not None else contextlib.nullcontext(none)


def _escape(value: str, what: str) -> str:
    """A value LIN can carry: no ``|`` (replaced by ``/``, with a warning) and no line ends (a LIN
    reader removes them: spaces, with a warning when they break lines of text, as a diagram's)."""
    if "|" in value:
        _tell(f"LIN cannot hold '|' in {what}: written as '/'")
        value = value.replace("|", "/")
    if any(end in value.strip() for end in "\r\n"):
        _tell(f"LIN cannot hold line ends in {what}: written as spaces")
    return value.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")


def _pn_name(name: str) -> str:
    """A player's name as ``pn`` can hold it: the commas between names leave none inside one (left
    out, with a warning naming the player); ``-`` (Dealer's placeholder in PBN) is nobody to LIN
    readers, BBO's and ours: written as no name (`lin_losses` says so); PBN's marks as `plain_suits`
    writes them (``A\\\\Smith`` as ``A\\Smith``)."""
    if name.strip() == "-":
        return ""
    if "," in name:
        _tell(f"LIN cannot hold ',' in a player's name: {name!r} written without its commas, "
              f"{name.replace(',', '')!r}")
        name = name.replace(",", "")
    return plain_suits(name)


def _vg_field(value: str) -> str:
    """A field of the ``vg`` match line (title, segment, team names...): no ``|`` (it would end the
    line's value) and no ``,`` (it separates the fields); each replaced, with a warning. PBN's marks
    as `plain_suits` writes them (``C:\\\\Sim`` as ``C:\\Sim``)."""
    if "," in value:
        _tell("LIN cannot hold ',' in the match title (vg): written as ' '")
    return _escape(plain_suits(value).replace(",", " "), "the match title (vg)")


def _vg_text(value: str) -> str:
    """A ``vg`` field as `_vg_field` writes it, said without a warning: what the file then holds."""
    line = plain_suits(value).replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    return line.replace(",", " ").replace("|", "/")


def _head_value(code: str, board: Board, record: LinRecord | None) -> str | None:
    """The value of one heading code: the file's own text while it still says what the board says."""
    if code == "pn":
        return _pn_value(board, record)
    if code == "qx":
        return _qx_value(board, record)
    if code == "md":
        if dealer_written(board) is None and board.deal is None:
            return None
        return md_value(_written_dealer(board), board.deal)
    if code == "ah":
        if board.number is None:
            return None
        ah = record.ah if record is not None else None
        if ah is not None and (m := BOARD_HEADING.fullmatch(ah)) and int(m.group(1)) == board.number:
            return ah
        return f"Board {board.number}"
    if code == "sv":
        return None if board.vulnerability is None else VUL_LETTERS[board.vulnerability]
    return None


def _pn_value(board: Board, record: LinRecord | None) -> str:
    """A board's own ``pn``: the file's, while the players it gives under the vugraph header written with the
    board (the record's, when it is kept) are still the board's; else the board's four names."""
    kept = record.pn if record is not None else None
    header = next((match_names(value)[0] for code, value in record.header if code.lower() == "pn"), None) \
        if record is not None and board.room in ("open", "closed") else None
    if kept is not None and pn_players(kept, board.room, header) == board.players:
        return kept
    return ",".join(_pn_name(board.players.get(seat, "")) for seat in LIN_SEATS)


def _qx_value(board: Board, record: LinRecord | None) -> str:
    qx = record.qx if record is not None else None
    if qx is not None:
        m = QX.fullmatch(qx)
        room = {"o": "open", "c": "closed"}.get(m.group(1).lower()) if m else None
        if m is None or (room == board.room and int(m.group(2)) == board.number):
            return qx
    return canonical_qx(board.room, board.number)


def _written_dealer(board: Board) -> Seat:
    """The dealer ``md`` names: other readers cannot read an ``md`` without its digit, so a board
    whose dealer is unknown gets its calls' first seat, else its number's (Law 2), or North, and a warning
    says so (the calls' seat is no guess: written with another dealer, they would be other players'); a board
    whose auction starts at another seat than its dealer is written with the auction's (`dealer_written`)."""
    dealer = dealer_written(board)
    if dealer is not None:
        return dealer
    numbered = board.number is not None and board.number >= 1
    fallback = Seat.dealer_of_board(board.number) if board.number is not None and numbered else Seat.N
    which = "unknown" if board.is_unknown("dealer") else "missing"
    why = "its number's (Law 2)" if numbered else "North (it has no number)"
    warn_caller(f"LIN needs a dealer in md: {whose_loss(board)} {which} dealer written as "
                f"{fallback.full_name}, {why}", FormatLossWarning)
    return fallback


def board_pairs(board: Board, players_in_header: bool = False, opens: bool = True,
                said_in_header: int = 0) -> list[tuple[str, str]]:
    """The ``(code, value)`` pairs of one board, its kept display and unknown pairs in place. ``opens``: the
    board is written where no board is open (the file's start, or after a vugraph header), the one place
    where an ``nt`` before its first pair reads back as its own; elsewhere such a comment is written after
    that pair (`commentary_before`). ``said_in_header``: how many of its comments before it the vugraph
    header just written holds (`header_commentary`), left out here."""
    record = lin_record(board)
    # Commentary another format placed (PBN's {} after a call or card) keeps its place; a LIN
    # record's own events place it otherwise.
    places = None if record is not None else commentary_places(board, besides="lin")
    layout, events = canonical_lin_layout(_as_written(board), players_in_header, places)
    if record is not None and record.layout is not None:
        layout = list(record.layout)
    if record is not None and record.events is not None:
        events = list(record.events)
    completed = _completed_layout(board, layout, {e[1] for e in events}, record, players_in_header, opens)
    events = _events_moved(events, layout, completed)
    layout = completed
    if not opens:  # an nt before the first pair would be the board before's
        events = [(1 if k == 0 and code.lower() == "nt" else k, code, value) for k, code, value in events]
    placed = places is not None and any(places)
    comments = [lin_suits(text) for text in board.commentary]  # PBN's \S is LIN's @S, its \\S a \S
    if said_in_header:
        events, comments = _without_comments_before(events, said_in_header), comments[said_in_header:]
    return _in_place(_modelled_pairs(board, layout, record), events, () if placed else comments)


def _as_written(board: Board) -> Board:
    """``board`` as its pairs say it: without a play a LIN reader cannot follow (`_play_follows_auction`),
    which is left out, so that no ``pg`` stands for its tricks."""
    return board if _play_follows_auction(board) else dataclasses.replace(board, play=None)


def _without_comments_before(events: list[Event], count: int) -> list[Event]:
    """``events`` without the first ``count`` comments before the board's first pair."""
    kept = []
    for event in events:
        if count and event[0] == 0 and event[1].lower() == "nt" and event[2] is None:
            count -= 1
            continue
        kept.append(event)
    return kept


def comments_before(board: Board) -> list[str]:
    """The ``nt`` values of ``board``'s comments before its first pair, as its LIN record placed them (a
    lesson's or match's introduction), in order."""
    record = lin_record(board)
    leading = 0
    for k, code, text in (record.events or ()) if record is not None else ():
        if k != 0 or code.lower() != "nt" or text is not None:
            break
        leading += 1
    return [lin_suits(text) for text in board.commentary[:leading]]


def header_commentary(header: tuple[tuple[str, str], ...], board: Board
                      ) -> tuple[tuple[str, str], ...]:
    """``header`` as written before ``board``, its first board: with its own ``nt`` pairs (the reader
    gave their comments to that board, before it: ``vg|...|nt|Welcome|rs|...``) while the board's comments
    before it still begin with them, so LIN -> LIN writes them where they were; else without them, the
    board writing its own."""
    texts = [value for code, value in header if code.lower() == "nt"]
    if not texts or comments_before(board)[:len(texts)] == texts:
        return header
    return tuple((code, value) for code, value in header if code.lower() != "nt")


def _completed_layout(
    board: Board, layout: list[str], kept: set[str], record: LinRecord | None, players_in_header: bool,
    opens: bool = True,
) -> list[str]:
    """The heading codes to write: the kept layout, with what the model holds that it lacks, and a ``pn``
    where it has none and the board does not open the file (its calls or commentary would be the board
    before's)."""
    layout = list(layout)
    for code in ("md", "sv"):  # what the model holds is written even if the layout lacks it
        # (unless the file's own pair, which could not be read, is kept as it was; a vulnerability
        # the number gives is not written into a layout that has none, even given as such by JSON)
        if code == "sv" and record is not None and record.layout is not None \
                and board.given("vulnerability") in (None, board.derived("vulnerability")):
            continue
        if code not in layout and code not in kept and _head_value(code, board, record) is not None:
            layout.append(code)
    if board.number is not None and "ah" not in layout and "qx" not in layout:
        layout.append("ah")
    if (board.players or not (opens or layout)) and "pn" not in layout and not players_in_header:
        layout.insert(0, "pn")
    return layout


def commentary_before(board: Board) -> bool:
    """Whether a comment of ``board`` stands before it (a lesson's introduction: PBN's ``{}`` before the
    tags, LIN's ``nt`` before the first pair)."""
    record = lin_record(board)
    if record is not None:
        return any(k == 0 and code.lower() == "nt" and text is None for k, code, text in record.events or ())
    return BEFORE in commentary_places(board, besides="lin")


def _events_moved(events: list[Event], layout: list[str], completed: list[str]) -> list[Event]:
    """``events`` placed among the modelled pairs of ``completed``, as they were among ``layout``'s: an
    event counts the modelled pairs before it, so a heading code the writer adds (``sv`` of a board whose
    file had none, read back from JSON as given) would otherwise put a ``pg`` before the last call."""
    if completed == layout:
        return events
    added = len(completed) - len(layout)
    return [(completed.index(layout[k]) if k < len(layout) else k + added, code, value)
            for k, code, value in events]


def _modelled_pairs(board: Board, layout: list[str], record: LinRecord | None) -> list[tuple[str, str]]:
    """The pairs the model holds: heading, calls and explanations, cards, and a claim (the cards and claim
    only of a play a LIN reader can follow: `_play_follows_auction`; a board with a result and no play
    gets its tricks as the claim)."""
    modelled: list[tuple[str, str]] = []
    for code in layout:
        value = _head_value(code, board, record)
        if value is not None:
            modelled.append((code, _escape(value, code)))
    modelled += [(c, _escape(v, "an explanation")) for c, v in calls_and_explanations(board)]
    if not _play_follows_auction(board):  # a play LIN cannot follow: as written, or left out (`lin_losses`)
        written = board.play.cards if board.play is not None and _cards_as_written(board) else ()
        return modelled + [("pc", str(card)) for card in written]
    if board.play is not None:
        modelled += [("pc", str(card)) for card in board.play.cards]
    claim = written_claim(board)  # with no play, the result: a claim before the lead
    if claim is not None:
        modelled.append(("mc", str(claim)))
    return modelled


def _in_place(
    modelled: list[tuple[str, str]], events: list[Event], comments: Iterable[str]
) -> list[tuple[str, str]]:
    """The modelled pairs with each event before the modelled pair it stands before; an ``nt`` event with
    no value takes the next comment, and comments left over go at the end."""
    commentary = iter(comments)
    out: list[tuple[str, str]] = []

    def literal(event: Event) -> None:
        code, value = event[1], event[2]
        if code.lower() == "nt" and value is None:
            text = next(commentary, None)
            if text is not None:
                out.append((code, _escape(text, "commentary")))
        else:  # an nt placed with its text is commentary as much as one that takes the next comment
            out.append((code, _escape(str(value), "commentary" if code.lower() == "nt" else code)))

    events = sorted(events, key=lambda e: e[0])
    e = 0
    for i, pair in enumerate(modelled):
        while e < len(events) and events[e][0] <= i:
            literal(events[e])
            e += 1
        out.append(pair)
    for event in events[e:]:
        literal(event)
    out += [("nt", _escape(text, "commentary")) for text in commentary]
    return out


def _join(pairs: Iterable[tuple[str, str]], newline_after: tuple[str, ...]) -> str:
    """The pairs as LIN text ending in a line end, a line end after each code of ``newline_after``;
    nothing for no pairs (a board whose comments its vugraph header holds: no empty line)."""
    parts = []
    for code, value in pairs:
        parts.append(f"{code}|{value}|")
        if code.lower() in newline_after:
            parts.append("\n")
    text = "".join(parts)
    return text if text.endswith("\n") or not text else text + "\n"


def _join_suits_marked(pairs: Iterable[tuple[str, str]], newline_after: tuple[str, ...]) -> str:
    """`_join` with the suit symbols of explanations and commentary as BBO's marks (`lin_suit_marks`)."""
    return _join(lin_suit_marks(pairs), newline_after)


def vugraph_header(boards: list[Board], losses: Losses | None = None) -> list[list[str]]:
    """A ``vg``/``rs``/``pn`` header for boards of a team match, from what the boards say.

    ``vg`` must say a scoring: boards of none get the first a board states (else IMP), which ``losses``
    is told of for each such board (`Losses.alter`), as the writers tell what they write otherwise; so is
    a title or team the ``vg`` line writes otherwise, of every board (without ``losses``: said at once)."""
    numbers = [b.number for b in boards if b.number is not None]
    first, last = (min(numbers), max(numbers)) if numbers else (1, 1)
    sample = boards[0] if boards else Board()
    known = next((b.scoring for b in boards if b.scoring), "")
    scoring = SCORING_LETTERS.get(known, "I")
    if losses is not None:
        for board in (b for b in boards if not b.scoring):  # the reader takes vg's for the boards'
            losses.writing(board)
            losses.alter(f"LIN cannot hold an unknown scoring (vg): written as {SCORING_NAMES[scoring]}")
    vg = [sample.event or "", "", scoring, str(first), str(last), "", "0", "", "0"]  # BBO's none: 0,0
    for index, tag in VG_TAGS.items():
        vg[index] = sample.tags.get(tag) or vg[index]
    results = [""] * (2 * (last - first + 1))
    names = [""] * 8
    for b in boards:
        if b.number is None:
            continue
        closed = b.room == "closed"
        entry = entry_index(first, b.number, "closed" if closed else "open", None)
        assert entry is not None  # a numbered board in a room
        results[entry] = result_entry(b)
        room_names = [b.players.get(seat, "") for seat in LIN_SEATS]
        if any(room_names) and not any(names[4 * closed : 4 * closed + 4]):
            names[4 * closed : 4 * closed + 4] = room_names
    with _gathered(losses) as said_of_vg:
        match = ",".join(_vg_field(f) for f in vg)
        for tag in _carry_over_made_up(sample, vg):
            _tell(f"LIN's match line (vg) gives both carry-overs or none: {tag} not given, written as 0")
    # a name written otherwise leaves its board uncovered (`header_covers_players`): the board's own pn
    # holds it and says so, by file and board, where the header's said it again, naming neither
    with _gathered(losses):
        clean = [_escape(_pn_name(n), "pn") for n in names]
    if losses is not None and said_of_vg:
        for board in boards:  # each reads vg back as its own
            losses.writing(board)
            losses.alter(*dict.fromkeys(said_of_vg))
    return [
        ["vg", match],
        ["rs", ",".join(results)],
        ["pn", ",".join(clean)],
        ["pg", ""],
    ]


def _carry_over_made_up(board: Board, vg: list[str]) -> list[str]:
    """The carry-over tags ``board`` does not give that the ``vg`` fields written for it give (the 0
    written for one team where the other's is not 0), which it reads back with."""
    given = vg_tags(vg)
    return [tag for tag in (VG_TAGS[i] for i in VG_CARRY_OVERS)
            if tag in given and not board.tags.get(tag, "").strip()]


CARRY_OVER_OF_NONE = ("a carry-over of 0 - 0 (the match line writes none as 0 and 0 as BBO does: read "
                      "back as none)")
"""What a board giving a carry-over of 0 to each team loses in a LIN match line (`lin_losses`)."""


def write_boards(
    boards: Iterable[Board], out: TextIO, *, vugraph: bool | None = None, unicode: bool = True,
    header: Iterable[str] = (), **options: Any
) -> None:
    """Write boards as LIN: one board a line, or a vugraph file (``vg``/``rs``/``pn`` header, then
    ``qx`` blocks with a line end after each ``pg||``).

    ``vugraph=None`` keeps the header a board was read with, and makes one when boards that have none
    are a team match whose contracts only a header's ``rs`` can say (a board with no auction, from
    PBN); ``True`` makes one from the boards (rooms, results and players); ``False`` writes single
    boards only. ``unicode=False`` (an output that cannot hold them) writes suit symbols as BBO's marks.
    ``header`` lines (what ``deal`` dealt, with its seed) are one ``nt`` line before the first board, LIN's
    nearest to PBN's ``%`` header: BBO shows it as commentary, and the reader takes it as the first board's
    comment before it (a lesson's introduction).
    """
    join = _join if unicode else _join_suits_marked
    if said := "; ".join(header):
        out.write(join([("nt", _escape(said, "the file's header"))], ()))
    losses = Losses("LIN")
    boards = _records_with_something_to_say(boards, losses)
    made_up: set[int] = set()  # the copies a made-up header put in a room (`_with_room`), by id
    if vugraph is None:
        boards, vugraph = _header_needed(boards, made_up)  # True: in their rooms already
    elif vugraph:
        boards = _rooms_paired(boards, made_up)
    if vugraph:
        for match in _matches(list(boards)):
            _write_match(match, out, join, losses, made_up)
        losses.warn()
        return
    strays = _write_kept_headers(boards, out, join, losses, vugraph)
    losses.warn()
    if strays:
        _warn_strays(strays)


def _goes_on(header: tuple[tuple[str, str], ...], before: tuple[tuple[str, str], ...]) -> bool:
    """Whether ``header`` goes on from the header ``before`` (an ``rs`` restated with no ``vg`` to start a
    header anew, which the reader adds to the one before): only its pairs past it are written, its ``rs``
    rewritten with the results of the boards under both (written whole, the old list went out again ahead
    of the new, one line more each trip; rewritten for its own boards alone, a result the computer
    replaced on a board before it stayed old in the list read, which then no longer went on from the
    first, and the next board took the first's entry)."""
    return bool(before) and len(header) > len(before) and header[:len(before)] == before


def _last_rs(pairs: tuple[tuple[str, str], ...]) -> list[str]:
    """The entries of the last ``rs`` of ``pairs``: the list as last restated, the one read."""
    return next((value for code, value in reversed(pairs) if code.lower() == "rs"), "").split(",")


def _entry_of(board: Board, header: tuple[tuple[str, str], ...]) -> int | None:
    """The ``rs`` entry of ``header`` that ``board`` was read with (`entry_index`), None without one."""
    record = board.extra.get("lin")
    if not isinstance(record, LinRecord):
        return None
    first = first_of_results(header, record.results_first)
    return entry_index(first, board.number, board.room, record.results_place, board_list(header))


def _restated_in(header: tuple[tuple[str, str], ...], before: tuple[tuple[str, str], ...],
                 boards_before: list[Board], boards: list[Board]) -> list[Board]:
    """The boards of ``boards_before`` (under ``before``, which ``header`` goes on from) that the reader
    read with ``header``'s ``rs`` as one list with ``boards``: those whose entry ``header`` restates as it
    was and none of ``boards`` takes (a list restated otherwise, single-board files joined, each with its
    own ``rs``, starts a new list, its first board at the entry a board before took: its result written
    there gave the next board the other's; under a ``vg`` restated with another entry, a board before keeps
    the entry it was read with, which the new list's board took, not its own new result)."""
    old, new = _last_rs(before), _last_rs(header)
    taken = {_entry_of(board, header) for board in boards}
    kept = []
    for board in boards_before:
        place = _entry_of(board, before)
        if place is None or (place < min(len(old), len(new)) and old[place] == new[place]
                             and place not in taken):
            kept.append(board)
    return kept


Header = tuple[tuple[str, str], ...]


class _Ahead:
    """The groups of boards under one header each (`_header_kept`), read ahead only as far as asked: a
    group is listed once a header going on from the one before is looked past (`_restated_after`), so
    boards with no header are written as they come."""

    def __init__(self, groups: Iterator[tuple[Header, Iterator[Board]]]) -> None:
        self.groups = groups
        self.held: list[tuple[Header, Iterator[Board] | list[Board]]] = []  # the current group first

    def at(self, ahead: int) -> tuple[Header, Iterator[Board] | list[Board]] | None:
        """The group ``ahead`` after the current one (0: the current), None past the last."""
        while len(self.held) <= ahead:
            if self.held and not isinstance(self.held[-1][1], list):
                self.held[-1] = (self.held[-1][0], list(self.held[-1][1]))  # listed before the next is read
            group = next(self.groups, None)
            if group is None:
                return None
            self.held.append(group)
        return self.held[ahead]

    def listed(self, ahead: int) -> list[Board]:
        """The boards of the group ``ahead`` after the current one (one there is), listed."""
        self.at(ahead)
        header, group = self.held[ahead]
        if not isinstance(group, list):
            self.held[ahead] = (header, group := list(group))
        return group

    def next(self) -> None:
        """Go on to the next group."""
        self.held.pop(0)


def _restated_after(groups: _Ahead, header: Header, boards: list[Board]) -> list[Board]:
    """The boards of the headers after ``header``'s (over ``boards``, the current group), each going on from
    the one before (`_goes_on`), that the reader read with its ``rs`` as one list: those whose entry every
    list since restates as it was and no board since takes (`_restated_in` read forwards). A result the
    computer replaced on such a board is written in this list too: rewritten in the later list alone,
    that list no longer restated this one, and read as a new list its first board took the first pair
    (board 2 of two cuts of one match, each with its ``rs``, read back with board 1's result)."""
    if not any(code.lower() == "rs" for code, _ in header):
        return []
    same = _last_rs(header)
    kept_places = set(range(len(same)))
    taken = {_entry_of(board, header) for board in boards}
    found: list[Board] = []
    before, ahead = header, 1
    while (group := groups.at(ahead)) is not None and group[0] and _goes_on(group[0], before):
        later = group[0]
        now = _last_rs(later)
        kept_places = {i for i in kept_places if i < len(now) and now[i] == same[i] and same[i].strip()}
        entries = [(board, _entry_of(board, later)) for board in groups.listed(ahead)]
        found += [board for board, place in entries if place in kept_places and place not in taken]
        taken |= {place for _, place in entries}
        before, ahead = later, ahead + 1
    return found


def _write_kept_headers(boards: Iterable[Board], out: TextIO, join: Any, losses: Losses,
                        vugraph: bool | None) -> int:
    """Write ``boards`` each under the header it was read with (one a match, its ``rs`` holding their
    results), a board with none as a single board; returns how many boards were written so (strays)."""
    last_header: Header = ()
    under: list[Board] = []  # the boards under the last header and those it goes on from (`_goes_on`)
    written: set[tuple[tuple[str, str], ...]] = set()  # the headers written, whose rs holds their entries
    strays = 0
    opens = True  # no board written since the file's start or a header: an nt before the next is its own
    groups = _Ahead(itertools.groupby(boards, key=lambda board: _header_kept(board, vugraph)))
    while (current := groups.at(0)) is not None:
        kept = current[0]
        same_header = groups.listed(0) if kept else []  # a match's boards, held until its rs says theirs
        if kept and kept in written and all(_entry_alone(board) for board in same_header):
            pass  # rooms of rs entries alone, read after later matches: the header written holds them
        elif kept:
            written.add(kept)
            in_header = 0  # the first board's comments before it that its header holds
            if kept != last_header:
                goes_on = _goes_on(kept, last_header)
                under = [*_restated_in(kept, last_header, under, same_header), *same_header] if goes_on \
                    else list(same_header)
                fixed = header_with_results(kept, [*under, *_restated_after(groups, kept, same_header)])
                said = header_commentary(fixed[len(last_header):] if goes_on else fixed, same_header[0])
                now_writing(None)
                out.write(join(said, ("vg", "rs", "pw", "mp", "bn", "pg")))
                last_header, opens = kept, True
                in_header = sum(code.lower() == "nt" for code, _ in said)
            else:
                under.extend(same_header)
            _write_under_header(same_header, kept, out, join, losses, opens, in_header)
            opens = False
        else:
            strays += _write_singles(current[1], out, join, losses, vugraph, last_header, opens)
            opens = False
        groups.next()
    return strays


def _write_singles(group: Iterable[Board], out: TextIO, join: Any, losses: Losses,
                   vugraph: bool | None, last_header: tuple[tuple[str, str], ...], opens: bool) -> int:
    """Write boards that keep no header, one a line; how many of them follow a match's header (its
    strays, whose commentary LIN would read as the match's)."""
    strays = 0
    for board in group:
        losses.writing(board)
        strays += any(code.lower() == "vg" for code, _ in last_header)  # a match's, not a deal's nt
        single = _without_lin_header(board) if vugraph is False else board
        with _told_of(losses):
            pairs = board_pairs(single, opens=_opens(board, opens, losses))
        out.write(join(pairs, ()))
        losses.add(lin_losses(board, None))
        opens = False
    return strays


NOTHING_TO_SAY = nothing_to_say("LIN")
"""What LIN leaves out of a record that is no board and says nothing in LIN (`left_out_of_lin`)."""


def left_out_of_lin(board: Board) -> bool:
    """Whether LIN leaves ``board`` out: a record that is no board (`is_a_board`) and whose pairs would
    say nothing but an empty ``pn|,,,|`` (only an Event, Site or Date: LIN has no place for them), which
    reads back as no board at all. A lesson's introduction, its commentary in ``nt``, is written."""
    with _told_of(None):  # said when the board is written
        pairs = board_pairs(board)
    return not is_a_board(board) and all(code == "pn" and not value.strip(", ") for code, value in pairs)


def _records_with_something_to_say(boards: Iterable[Board], losses: Losses) -> Iterator[Board]:
    """``boards`` less those LIN leaves out (`left_out_of_lin`), each named in ``losses``, contents too."""
    for board in boards:
        losses.writing(board)
        if left_out_of_lin(board):
            losses.add([NOTHING_TO_SAY, *lin_losses(board, None)])  # and what it held, as for any
        else:
            if replaced := dealer_replaced(board, "LIN"):
                losses.alter(*replaced)
            yield board


def _write_match(boards: list[Board], out: TextIO, join: Any, losses: Losses, made_up: set[int]) -> None:
    """``boards`` as one vugraph match: a header made from them (rooms, results, players), then each
    board in its room, its players left to the header where it names them. A board that names no match
    of its own (no Event, Stage or teams: a segment's later boards in an rpbridge.net file) reads back
    with the header's, and one ``made_up`` holds (by id) in the room the header put it in, which
    ``losses`` is told of."""
    heading = vugraph_header(boards, losses)
    if _match_of(boards[0]) is not None:
        for board in (b for b in boards if _match_of(b) is None):
            losses.writing(board)
            losses.alter(JOINS_THE_MATCH)
    names = heading[2][1].split(",")
    now_writing(None)  # the header names every board's players: what it lacks is the header's
    out.write(join(((code, value) for code, value in heading), ("vg", "rs", "pg")))
    for i, board in enumerate(boards):
        losses.writing(board)
        losses.add_held(board, lin_held_for_others(board))  # the header it was read with, made anew
        if id(board) in made_up:
            losses.alter(ROOM_MADE_UP)
        covered = header_covers_players(board, names)
        with _told_of(losses):
            pairs = board_pairs(_without_lin_header(board), covered, _opens(board, i == 0, losses))
        out.write(join(pairs, ("pg",)))
        losses.add(lin_losses(board, heading[0][1], results_line=True))


BEFORE_A_LATER_BOARD = ("LIN cannot put commentary before a board that follows another (an nt there is the "
                        "board before's): written after the board's first pair")
"""What the writer says of a comment before a board (`commentary_before`) it cannot write there."""


def _opens(board: Board, opens: bool, losses: Losses) -> bool:
    """``opens``, having said (in ``losses``) that ``board``'s comment before it moves into it when it does
    not open the file or a header's boards."""
    if not opens and commentary_before(board):
        losses.alter(BEFORE_A_LATER_BOARD)
    return opens


def _warn_strays(boards: int) -> None:
    """Say that ``boards`` boards with no vugraph header of their own were written after one: a header
    holds until the next, so they read back as boards of that match (its event, teams and scoring)."""
    these = "1 board" if boards == 1 else f"{boards} boards"
    warn_caller(
        f"LIN cannot end a vugraph header: {these} of no vugraph match, written after one, will read "
        "back as boards of that match (its event, teams and scoring); write them to a file of their own",
        FormatLossWarning)


def _header_kept(board: Board, vugraph: bool | None) -> tuple[tuple[str, str], ...]:
    """The vugraph header ``board`` was read with, written back when the writer keeps headers."""
    record = lin_record(board)
    return record.header if record is not None and vugraph is None else ()


def _write_under_header(boards: list[Board], header: tuple[tuple[str, str], ...], out: TextIO,
                        join: Any, losses: Losses, opens: bool, said: int = 0) -> None:
    """The boards of one kept vugraph header, each after it (the players the header names left out
    of their own pn); ``opens``: the header was just written (`board_pairs`), holding ``said`` of the
    first board's comments before it."""
    players = next((v.split(",") for c, v in header if c.lower() == "pn"), None)
    codes = {c.lower(): v for c, v in header}
    alone = _left_to_entries(boards, header)
    for i, board in enumerate(boards):
        if id(board) in alone:
            continue  # a room's rs entry alone, which the header written holds (no block of its own)
        losses.writing(board)
        covered = header_covers_players(board, [n.strip() for n in players] if players else None)
        first = opens and i == 0
        with _told_of(losses):
            pairs = board_pairs(board, covered, _opens(board, first, losses), said if first else 0)
        out.write(join(pairs, ("pg",)))
        losses.add(lin_losses(board, codes.get("vg"), results_line="rs" in codes))


def _left_to_entries(boards: list[Board], header: Header) -> set[int]:
    """The ids of ``boards`` left to ``header``'s ``rs`` entries, with no block (`_entry_alone`): those after
    the last board written a block, in their entries' order, as a reader gives them, after the blocks. One
    before a block or out of that order (a later room given a block by `bid`) is written a block of no
    calls and no cards, its result the entry's and no play, so that the boards read back in the order given
    (they read with a closed room after the one written: the order of a match's rooms)."""
    alone: list[Board] = []
    for board in reversed(boards):
        entry = _entry_of(board, header)
        later = _entry_of(alone[-1], header) if alone else None
        if not _entry_alone(board) or entry is None or (later is not None and entry >= later):
            break
        alone.append(board)
    return {id(board) for board in alone}


def _entry_alone(board: Board) -> bool:
    """Whether ``board`` is still just a room's ``rs`` entry (`LinRecord.results_alone`): once the
    computer gave it an auction or play (`bid`, `autoplay`), the header's entry no longer holds it all."""
    record = lin_record(board)
    return (record is not None and record.results_alone and not record.result_replaced
            and not board.auction and board.play is None)


def _kept_code(board: Board, code: str) -> bool:
    """Whether ``board``'s LIN record keeps a pair of ``code`` as written (one it could not read)."""
    record = lin_record(board)
    return record is not None and any(c.lower() == code and text is not None
                                      for _, c, text in record.events or ())


def lin_losses(board: Board, vg: str | None, results_line: bool = False) -> list[str]:
    """What of ``board`` LIN has no place for: Event, Site, Date and Scoring (a vugraph match line
    ``vg`` holds event, scoring, segment and teams), other tags, tables, the player name ``-``, notes on
    cards, a call's note reference with no Note, a Note no call refers to, a contract its auction does
    not end in (unless a ``results_line`` says it), and what only its own format said. A Score its
    contract and result give (Law 77) is named as `SCORED_AGAIN`: LIN's readers score them, but the tag
    itself does not come back."""
    fields = [f.strip() for f in vg.split(",")] if vg is not None else []
    said = dict(zip(("Event", "", "Scoring"), fields, strict=False))
    said["Scoring"] = SCORING_NAMES.get(said.get("Scoring", "").upper(), "")
    said.update((tag, fields[i]) for i, tag in VG_TAGS.items() if i < len(fields))
    read_back = vg_tags(fields)
    zero = [tag for tag in (VG_TAGS[i] for i in VG_CARRY_OVERS if i < len(fields)) if tag not in read_back
            and board.tags.get(tag, "").strip() and said.get(tag) == _vg_text(board.tags[tag])]
    lost = [
        name for name, value in (("Event", board.event), ("Site", board.site), ("Date", board.date),
                                 ("Scoring", board.scoring))
        if value and _vg_text(value) != said.get(name)
    ]  # fmt: skip
    for tag, value in board.tags.items():
        if (tag == "Room" and board.room is not None) or tag == UNALERTED_TAG:
            continue  # qx says the room; an explained call not alerted is an an after an mb with no !
        if tag == "Score" and (results_line or said_by_auction(board)) and score_worked_out(board, value):
            lost.append(SCORED_AGAIN)  # LIN's readers score the contract and result it says (Law 77)
            continue
        if tag in zero:
            lost.append(CARRY_OVER_OF_NONE)  # BBO's 0,0 says none: a 0 given cannot be told from it
        elif said.get(tag) != _vg_text(value):
            lost.append(f"tag {tag}")
    lost += [f"table {name}" for name in board.tables]
    lost += _recorded_values_left_out(board)
    if board.is_unknown("vulnerability") and board.derived("vulnerability") is not None \
            and not _kept_code(board, "sv"):  # an sv|x| read as unknown is written back as it was
        lost.append("an unknown vulnerability (sv; read back as the board number's)")  # sv has no unknown
    lost += given_as_none(board)
    if any(name.strip() == "-" for name in board.players.values()):
        lost.append('player name "-"')  # not a name PBN defines ("?" unknown, "" none): a LIN reader's nobody
    if board.play is not None and any(board.play.annotations.values()):
        lost.append("notes and suffixes on cards")
    lost += marks_on_calls(board)
    if board.auction is not None and any(
        a and a.note is not None and a.explanation is None for a in board.auction.annotations
    ):
        lost.append("note references with no Note on calls")  # an an says a note's text, not its number
    written = kept_call_pairs(board) if lin_record(board) is None else []  # another format's kept calls
    if _notes_unreferred(board, written):
        lost.append("notes no call refers to")  # an an follows its call: a Note of none has no place
    return lost + _result_and_play_losses(board, results_line) \
        + kept_only_by_its_format(board, "lin", calls_written=bool(written))


def _result_and_play_losses(board: Board, results_line: bool) -> list[str]:
    """What of ``board``'s contract, result, claim and play LIN has no place for (`lin_losses`)."""
    lost = []
    told = results_line or _said_by_calls(board)  # LIN says them by a finished auction, or a vugraph rs line
    lost += stray_results(board) if told else ["contract and result"]
    if told and not results_line and claim_differs(board.play, board.tricks):
        lost.append(RESULT_LEFT_OUT)  # mc says declarer's total: the claim
    if board.tricks is None and written_claim(board) is None:
        lost += claim_left_out(board)  # an mc of a claim where the result is unknown would read as the result
    if _cards_as_written(board):
        lost.append("the play as a play (its cards written as a LIN reader keeps them, as written: the calls "
                    "give no contract to play them in)")
    elif not _play_follows_auction(board):
        lost.append("the play, where the auction does not end in its contract and declarer")
    return lost


RESULT_LEFT_OUT = "a result other than the claim (mc says the claim, read back as the result)"
"""What LIN without a results line loses of a board whose claim and result differ
(`_deal_checks.claim_differs`): its one count of declarer's tricks is the claim's."""


def _notes_unreferred(board: Board, written: list[tuple[str, str]]) -> bool:
    """Whether a Note of ``board`` explains no call written: none of its auction, nor one of the calls
    kept as written (``written``, `kept_call_pairs`), whose explanations are written as their ``an``."""
    referred = {a.note for a in (board.auction.annotations if board.auction is not None else ()) if a}
    explained = {value for code, value in written if code == "an"}
    return any(lin_suits(text, "an") not in explained for number, text in board.notes.items()
               if number not in referred)


def _recorded_values_left_out(board: Board) -> list[str]:
    """The other tables' results, double-dummy table and par ``board`` holds that no tag or table it
    keeps spells (a JSON board's, a table solved since the file was read): LIN has no place for them,
    and the tags and tables that do spell them are named as tags and tables."""
    tags, tables = recorded_tags(board)
    spelt = (("other tables' results", tables.get(SCORE_TABLE), board.tables.get(SCORE_TABLE)),
             ("double-dummy table", tables.get(DD_TABLE), board.tables.get(DD_TABLE)),
             ("par", [tags.get(t) for t in PAR_TAGS], [board.tags.get(t) for t in PAR_TAGS]))
    return [name for name, written, kept in spelt if written != kept]


def _play_follows_auction(board: Board) -> bool:
    """Whether a LIN reader can follow the board's play: it plays the contract the calls give
    (`_contract_of_calls`), led by that declarer's left-hand opponent, so a play made by another declarer
    or in another strain (a file whose Declarer tag differs from its auction, a play with no auction)
    reads back as cards kept as written."""
    play = board.play
    if play is None or not (play.cards or play.claimed is not None):
        return True
    contract, declarer = _contract_of_calls(board)
    return contract is not None and declarer == play.declarer and contract.strain == play.contract.strain


def _cards_as_written(board: Board) -> bool:
    """Whether the board's cards, which a LIN reader cannot follow (`_play_follows_auction`), are written
    all the same, for it keeps them as written: its calls give no contract (an unfinished auction, one
    past a call that cannot be read that leaves it open), so no card is read in another's."""
    play, auction = board.play, board.auction
    return play is not None and bool(play.cards) and not _play_follows_auction(board) \
        and auction is not None and not auction.is_complete and _contract_of_calls(board)[0] is None


def _said_by_calls(board: Board) -> bool:
    """Whether a LIN reader reads the board's contract and declarer from its calls (`said_by_auction`, or
    past a call that cannot be read, `_contract_of_calls`)."""
    return said_by_auction(board) or (
        board.contract is not None and _contract_of_calls(board) == (board.contract, board.declarer))


def _contract_of_calls(board: Board) -> Outcome | tuple[None, None]:
    """The contract and declarer a LIN reader reads from the board's calls as written here (the model's,
    then those kept as written: `_calls_kept`), by the reader's own rule (`lin_calls.contract_of_calls`),
    the play's opening lead telling declarers apart."""
    play = board.play
    played = play is not None and (bool(play.cards) or play.claimed is not None)
    lead = play.cards[0] if play is not None and play.cards else None
    kept = _calls_kept(board)
    after = calls_as_written(value for code, value in kept if code == "mb") if kept else None
    return contract_of_calls(board.auction, after, board.deal, lead, played)


def _calls_kept(board: Board) -> list[tuple[str, str]]:
    """The ``mb`` and ``an`` pairs of the calls kept as written past the legal start of the auction: a LIN
    record's own (written in their places as events), else another format's (PBN's ``1Q``, `calls_kept`),
    written after the model's calls (`calls_and_explanations`)."""
    record = lin_record(board)
    if record is not None and record.events is not None:
        return kept_call_events(record.events)
    return kept_call_pairs(board)


def _header_needed(boards: Iterable[Board], made_up: set[int]) -> tuple[Iterable[Board], bool | None]:
    """The boards again, and True when they need a made-up vugraph header (see `_needs_results_line`);
    then in their rooms, a shared-deal file's two tables paired (`_rooms_paired`).

    Boards are held only while they could still need one: the first board with a header of its own, with
    no number, with no room before any board names teams, or with no room and no table to pair with
    before two tables were paired, settles it, and the rest then streams (memory stays flat for hand
    records). Once two tables were paired, a board with no other table is a match's board played in one
    room, and the match is kept."""
    held: list[Board] = []  # every board read, given back as it came when the answer is no header
    rest = iter(boards)
    pairs = False  # two tables so far paired: a board played in one room alone stays in the match
    written: list[Board] = []  # the boards held, in their rooms as a made-up header writes them
    for board, other in _tables(_match_boards(rest, held)):
        if other is None and board.room is None and not pairs:
            break  # no room and no other table before two tables were paired: no match
        pairs = pairs or other is not None
        written += _in_rooms(board, other, made_up)
    if len(written) < len(held):  # a board settled it before the end
        return itertools.chain(held, rest), None
    return (written, True) if _needs_results_line(written) else (held, None)


def _match_boards(boards: Iterator[Board], held: list[Board]) -> Iterator[Board]:
    """``boards``, each added to ``held`` as it is read, up to the first that is no board of a match with
    a made-up header (held, not yielded): one with a header of its own, with no number, or with no room
    before any board names teams (its tables may be told by their order)."""
    named = False
    for board in boards:
        held.append(board)
        named = named or _names_teams(board)
        if _kept_header(board) or board.room not in ("open", "closed", None) or board.number is None \
                or (board.room is None and not named):
            return
        yield board


def _needs_results_line(boards: list[Board]) -> bool:
    """Whether boards with no header of their own, all with a room, hold a contract their auction
    does not end in (only a vugraph header's ``rs`` says it, and then the result), or a segment, team
    or carry-over that only its ``vg`` match line can say."""

    if not boards or any(_kept_header(b) for b in boards):
        return False
    if any(b.room not in ("open", "closed") or b.number is None for b in boards):
        return False
    for match in _matches(boards):
        if len({(b.number, b.room) for b in match}) < len(match):
            return False  # one rs entry a board and room: a second segment's board 1 would take the first's
    if any(_match_of(b) is not None for b in boards):
        return True  # a vugraph match read and converted: its match line comes back
    return not all(_said_by_calls(b) for b in boards)


JOINS_THE_MATCH = ("LIN's match line (vg) holds for every board after it: a board with no Event, Stage or "
                   "teams of its own, written in a match's boards, reads back with the match's")
"""What the writer says of a board that names no match written under a match's header (`_write_match`)."""


def _match_of(board: Board) -> tuple[str, ...] | None:
    """The match ``board`` names: its Event and the tags of a ``vg`` match line (Stage, teams,
    carry-overs); None when it names none."""
    match = (board.event or "", *(board.tags.get(tag, "") for tag in VG_TAGS.values()))
    return match if any(match[1:]) else None


def _matches(boards: list[Board]) -> list[list[Board]]:
    """``boards`` cut into matches, one ``vg`` header each: a board naming another match than the one
    before starts one (a file of several segments or matches); a board naming none stays in the match
    before it, as a segment's later boards in rpbridge.net files, which name it on its first alone."""
    matches: list[list[Board]] = []
    current: tuple[str, ...] | None = None
    for board in boards:
        match = _match_of(board)
        if not matches or (match is not None and match != current):
            matches.append([])
            current = match if match is not None else current
        matches[-1].append(board)
    return matches


def _names_teams(board: Board) -> bool:
    """Whether ``board`` names a team match (HomeTeam or VisitTeam): a Stage or Event alone is said of a
    pairs event too, whose tables of one deal are not a match's two rooms."""
    return bool(board.tags.get("HomeTeam") or board.tags.get("VisitTeam"))


def _other_table(board: Board, after: Board) -> bool:
    """Whether ``after``, the board after ``board``, is its other table: neither has a room, both have
    the same number and the same deal, and ``after`` names no match or ``board``'s (a Swiss round's
    matches play the same deals: board 1 of C v D is not A v B's closed room) (`_rooms_paired`)."""
    return board.room is None and after.room is None and board.number is not None \
        and after.number == board.number and board.deal is not None and after.deal == board.deal \
        and _match_of(after) in (None, _match_of(board))


def _tables(boards: Iterable[Board]) -> Iterator[tuple[Board, Board | None]]:
    """Each board with its other table (`_other_table`: the board after it, which is then not yielded on
    its own), or None."""
    before: Board | None = None
    for board in boards:
        if before is None:
            before = board
        elif _other_table(before, board):
            yield before, board
            before = None
        else:
            yield before, None
            before = board
    if before is not None:
        yield before, None


def _in_rooms(board: Board, other: Board | None, made_up: set[int]) -> list[Board]:
    """``board`` and its ``other`` table as the open and closed rooms; a board with no room and no other
    table was played in one room, written as the open room. The copies put in a room go in ``made_up``."""
    if other is not None:
        return [_with_room(board, made_up), _with_room(other, made_up, "closed")]
    return [_with_room(board, made_up) if board.room is None else board]


def _rooms_paired(boards: Iterable[Board], made_up: set[int]) -> list[Board]:
    """``boards`` with each shared deal's two tables in their rooms: a board with no room followed by one
    with none, the same number and the same deal (a shared-deal PBN file's second game, leaving out
    Board and Deal) is the open room, the second the closed room, as LIN's ``qx|o1|``/``qx|c1|`` say
    (`_in_rooms`)."""
    return [table for board, other in _tables(boards) for table in _in_rooms(board, other, made_up)]


def _kept_header(board: Board) -> bool:
    record = lin_record(board)
    return record is not None and bool(record.header)


ROOM_MADE_UP = ("LIN's match puts every board in a room (qx) and the board has none: written as the open "
                "room (its shared deal's other table as the closed room), and read back so")
"""What the writer says of a board `_with_room` put in a room."""


def _with_room(board: Board, made_up: set[int], room: str = "open") -> Board:
    """A shallow copy of ``board`` in ``room`` (a vugraph block needs one), its id added to ``made_up``:
    it reads back with that room, which the writer says (`ROOM_MADE_UP`)."""
    import copy

    clone = copy.copy(board)
    clone.room = room
    made_up.add(id(clone))
    return clone


def _without_lin_header(board: Board) -> Board:
    record = lin_record(board)
    if record is None or not record.header:
        return board
    import copy

    clone = copy.copy(board)
    clone.extra = {**board.extra, LinRecord.FORMAT: dataclasses.replace(record, header=())}
    return clone


def to_lin(board: Board) -> str:
    """One board as a LIN string (no line end), as handviewer URLs carry it."""
    return _join(board_pairs(_without_lin_header(board)), ()).rstrip("\n")


__all__ = ["board_pairs", "to_lin", "vugraph_header", "write_boards"]
