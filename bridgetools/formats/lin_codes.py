"""LIN's vocabulary, shared by the reader (`lin`) and the writer (`lin_write`): seat order, codes,
letters, the canonical spelling of calls, deals and a board's layout, and `LinRecord`, what a LIN file
said that the model does not hold."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar

from bridgetools.board import Board
from bridgetools.board.leftovers import FormatRecord, KeptCall, calls_kept, no_contract_to_play, register
from bridgetools.errors import BridgeError
from bridgetools.formats._cards import card_of
from bridgetools.formats._places import AFTER_PLAY, BEFORE, HEADING, Place
from bridgetools.formats._suit_marks import escaped_backslashes, lin_suits
from bridgetools.formats.lin_calls import parse_calls
from bridgetools.model import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Card,
    Contract,
    Deal,
    Seat,
    Strain,
    Vul,
    holding_str,
)
from bridgetools.model.cards import SUITS_DISPLAY_ORDER

LIN_SEATS = (Seat.S, Seat.W, Seat.N, Seat.E)
"""The order of hands in ``md`` and of names in ``pn``; the ``md`` dealer digit is 1 + the index."""

HEAD_CODES = ("pn", "qx", "md", "ah", "sv")
"""Codes of a board's heading that the model interprets."""


VUL_LETTERS = {Vul.NONE: "o", Vul.NS: "n", Vul.EW: "e", Vul.BOTH: "b"}
SCORING_NAMES = {"I": "IMP", "P": "MP", "B": "BAM"}
SCORING_LETTERS = {v: k for k, v in SCORING_NAMES.items()}
VG_TAGS = {1: "Stage", 5: "HomeTeam", 6: "HomeCarryOver", 7: "VisitTeam", 8: "VisitCarryOver"}
"""Fields of the ``vg`` match line kept as tags: segment, teams, and each team's carry-over score
(`vg_tags`): ``event,segment,scoring,first board,last board,team1,carry-over1,team2,carry-over2``."""

VG_CARRY_OVERS = (6, 8)
"""The fields of the ``vg`` match line that give each team's carry-over."""


def vg_tags(fields: list[str]) -> dict[str, str]:
    """The tags a ``vg`` match line's fields give (`VG_TAGS`): each field not empty, the carry-overs only
    where one is not 0, as BBO writes ``0,0`` (and BridgeData reads it) for none; ``80,0`` gives both."""
    tags = {tag: fields[i] for i, tag in VG_TAGS.items() if i < len(fields) and fields[i]}
    if all(carry_over(fields[i] if i < len(fields) else None) == 0 for i in VG_CARRY_OVERS):
        for i in VG_CARRY_OVERS:
            tags.pop(VG_TAGS[i], None)
    return tags



_BOARD_WORD = r"\s*(?:board|bd\.?|deal|rozdanie|donne|spiel|brett|tablero|smazzata)"
BOARD_HEADING = re.compile(_BOARD_WORD + r"\s*(\d+)\b.*", re.I | re.S)
"""A board heading: ``Board 12`` as BBO writes it, or the word in another language BBO's clients use."""
NUMBERLESS_HEADING = re.compile(_BOARD_WORD + r"(?![a-z])(?!\s*\d).*", re.I | re.S)
"""A heading that starts as a board heading but gives no number after the word (``Board x``): a number
meant and not given, unlike a heading of other words (``Lesson``), which is kept raw without a word."""
QX = re.compile(r"\s*([A-Za-z]?)(\d+)\s*(?:,.*)?", re.S)

def call_text(call: Call, alert: bool = False) -> str:
    """A call as BBO writes it: ``p``, ``d``, ``r``, ``1S``, ``3N`` (``!`` when alerted)."""
    if call is PASS:
        text = "p"
    elif call is DOUBLE:
        text = "d"
    elif call is REDOUBLE:
        text = "r"
    else:
        assert isinstance(call, Bid)
        text = f"{call.level}{'N' if call.strain is Strain.NT else call.strain.name}"
    return text + "!" if alert else text


def md_value(dealer: Seat | None, deal: Deal | None) -> str:
    """An ``md`` value: dealer digit and all four hands in S, W, N, E order, ranks high to low."""
    digit = "" if dealer is None else str(LIN_SEATS.index(dealer) + 1)
    hands = []
    for seat in LIN_SEATS:
        hand = None if deal is None else deal[seat]
        hands.append(
            ""
            if hand is None
            else "".join(s.name + holding_str(hand.holding(s)) for s in SUITS_DISPLAY_ORDER)
        )
    return digit + ",".join(hands)



def pn_players(value: str, room: str | None, header: list[str] | None = None) -> dict[Seat, str]:
    """The players a board's ``pn`` names: S, W, N, E; of both rooms' eight names, this room's four; of
    fewer than four, the seats past them the vugraph ``header``'s players of the room (`block_names`).
    Commas part the names (``S,W,N,E``, as BBO writes them and endplay reads them): a ``;`` is part of a
    name (PBN writes one between several people at a seat, ``Smith;Jones``, §3.4)."""
    return _names_to_players(block_names(value, room, header or [])[0])


_SEAT_NAMES = ("South", "West", "North", "East")
"""LIN's seats in ``pn`` order, as a problem names them."""


def match_names(value: str) -> tuple[list[str], str | None]:
    """A vugraph header's ``pn`` as the two rooms' eight names (S, W, N, E of the open room, then of the
    closed room), and what is wrong with it, if anything: of fewer names, those given are read in that
    order and the seats past them left unknown (``""``); of more, the ninth on are left out."""
    names = [n.strip() for n in value.split(",")]
    if len(names) == 8:
        return names, None
    said = (f"gives {len(names)} names where a vugraph match gives 8 (S, W, N, E of the open room, then of "
            "the closed room)")
    if len(names) > 8:
        return names[:8], f"{said}: {', '.join(names[8:])} left out"
    seats = [f"the {'open' if i < 4 else 'closed'} room's {_SEAT_NAMES[i % 4]}" for i in range(len(names), 8)]
    return names + [""] * (8 - len(names)), f"{said}: read in that order, {', '.join(seats)} unknown"


def block_names(value: str, room: str | None, header: list[str]) -> tuple[list[str], str | None]:
    """The four names (S, W, N, E) a board's own ``pn`` gives its room, and what is wrong with it: of both
    rooms' names (five or more: `match_names`), this room's four; of fewer than four, those given in that
    order, each seat past them the vugraph ``header``'s player of the room (eight names), else unknown."""
    names = [n.strip() for n in value.split(",")]
    if len(names) > 4:
        eight, wrong = match_names(value)
        return (eight[4:8] if room == "closed" else eight[:4]), wrong
    if len(names) == 4:
        return names, None
    own = (header[4:8] if room == "closed" else header[:4]) if len(header) >= 8 else [""] * 4
    kept = [f"{_SEAT_NAMES[i]} {'unknown' if not own[i] else f'kept from the vugraph header ({own[i]})'}"
            for i in range(len(names), 4)]
    return names + own[len(names):], (f"gives {len(names)} names where a board gives 4 (S, W, N, E): read in "
                                      f"that order, {', '.join(kept)}")


CARRY_OVER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)")
"""A carry-over as a vugraph operator types it: a plain decimal, digits and at most one point, a sign
before (``12``, ``10.5``, ``-3``); not ``nan``, ``inf``, ``1e2`` or ``1_000``, which Python's float reads."""


def carry_over(text: str | None) -> float | None:
    """A carry-over's points (`CARRY_OVER`), 0 for none given (an empty field), None for one that is no
    plain decimal."""
    if text is None or not text.strip():
        return 0.0
    return float(text) if CARRY_OVER.fullmatch(text.strip()) else None


def vg_problems(value: str) -> list[tuple[str, int]]:
    """What is wrong with a ``vg`` match line, each with the field it is at: a scoring that is none of LIN's
    (read as unknown), its carry-overs (`vg_carry_over_problems`) and fields past the ninth (not read); the
    line is kept as written, so LIN -> LIN gives it back and another format names what it left unread."""
    scoring, past = vg_unread([f.strip() for f in value.split(",")])
    problems = [] if scoring is None else [(
        f"vg scoring {scoring!r} (field 3) is none of I (IMPs), P (matchpoints) or B (board-a-match): read "
        "as unknown, kept as written", 2)]
    problems += vg_carry_over_problems(value)
    if past:
        problems.append((f"vg fields past the ninth ({','.join(past)}) are no part of BBO's match line: kept "
                         "as written, not read", 9))
    return problems


def vg_unread(fields: list[str]) -> tuple[str | None, list[str]]:
    """What the fields of a ``vg`` match line say that the reader cannot read into the board: a scoring
    none of LIN's (``Z``; an empty one says none), and the fields past the ninth."""
    scoring = fields[2] if len(fields) > 2 and fields[2] and fields[2].upper() not in SCORING_NAMES else None
    return scoring, fields[9:]


def vg_carry_over_problems(value: str) -> list[tuple[str, int]]:
    """What is wrong with the carry-overs of a ``vg`` match line, each with the field it is at: one that is
    no plain decimal (`carry_over`: read as 0), or the field left off for a team the line names (an empty
    one is read as none, no problem, as is ``0,0``, BBO's none: `vg_tags`)."""
    fields = [f.strip() for f in value.split(",")]
    problems = []
    for team_at, carry_at in ((5, 6), (7, 8)):
        team = fields[team_at] if len(fields) > team_at else ""
        if len(fields) <= carry_at:
            if team:
                problems.append((f"vg gives no carry-over for {team} (field {carry_at + 1}): read as 0",
                                 carry_at))
            continue
        carry = fields[carry_at]
        if carry_over(carry) is None:
            problems.append((f"vg carry-over {carry!r} for {team or 'a team'} (field {carry_at + 1}) is no "
                             "number such as 12 or 10.5: read as 0", carry_at))
    return problems


def _names_to_players(names: list[str]) -> dict[Seat, str]:
    """The players LIN names give, S, W, N, E: a backslash before a suit's letter (``A\\Smith``) kept as
    the board's text holds it, ``\\\\S`` (`escaped_backslashes`), so every comparison of a file's names
    with a board's goes through here."""
    return {seat: escaped_backslashes(name) for seat, name in zip(LIN_SEATS, names, strict=False)
            if name and name != "-"}



def canonical_qx(room: str | None, number: int | None) -> str:
    return f"{'c' if room == 'closed' else 'o'}{'' if number is None else number}"


class _Named(Protocol):
    names: list[str]


def header_covers_players(board: Board, header: _Named | list[str] | None) -> bool:
    """Whether a vugraph header's eight names (`match_names`: a header of fewer read as of eight, those
    past them unknown) already give this board's players."""
    names = header if header is None or isinstance(header, list) else header.names
    if not names or len(names) < 5 or board.room not in ("open", "closed"):
        return False
    eight = match_names(",".join(names))[0]
    return _names_to_players(eight[:4] if board.room == "open" else eight[4:8]) == board.players



def calls_and_explanations(board: Board) -> list[tuple[str, str]]:
    """The ``mb`` and ``an`` pairs of a board's auction, in order; the explanations of a board read from
    another format (PBN's ``5+ \\S``) with BBO's suit marks (``an|5+ !S|``), and any board's escaped
    backslash before a suit's letter (``\\\\S``) as one (`_suit_marks.lin_suits`)."""
    pairs: list[tuple[str, str]] = []
    if board.auction is None:
        return pairs
    for call, note in zip(board.auction.calls, board.auction.annotations, strict=True):
        pairs.append(("mb", call_text(call, bool(note and note.alert))))
        if note is not None and note.explanation is not None:
            pairs.append(("an", lin_suits(note.explanation, "an")))
    record = lin_record(board)  # a LIN record keeps its own in place, as events
    return pairs + (kept_call_pairs(board) if record is None or record.events is None else [])


def kept_call_pairs(board: Board) -> list[tuple[str, str]]:
    """The ``mb`` and ``an`` pairs of the calls another format's reader kept as written past the legal
    start of the auction (PBN's ``1Q Pass 4H``, `calls_kept`), a call that cannot be read as written: a
    LIN reader keeps them so too, and reads the contract they give. None when one holds a bar."""
    pairs: list[tuple[str, str]] = []
    for kept in calls_kept(board):
        text = call_text(kept.call, kept.alert) if kept.call is not None else kept.written + "!" * kept.alert
        pairs.append(("mb", text))
        if kept.explanation is not None:
            pairs.append(("an", lin_suits(kept.explanation, "an")))
    return [] if any("|" in value for _, value in pairs) else pairs


def kept_call_events(events: Iterable[tuple[int, str, str | None]]) -> list[tuple[str, str]]:
    """The ``mb`` and ``an`` pairs (codes in lower case) of the calls a LIN reader kept as written among
    a record's ``events``, in order, each ``an`` after its call; an ``an`` before the first call is not a
    kept call's (a legal call's second explanation, named apart) and is left out."""
    kept: list[tuple[str, str]] = []
    for _, code, value in events:
        if value is not None and (code.lower() == "mb" or (code.lower() == "an" and kept)):
            kept.append((code.lower(), value))
    return kept


def written_claim(board: Board) -> int | None:
    """Declarer's total to write as ``mc``: a claim, or a known result the cards do not show."""
    play = board.play
    record = lin_record(board)
    if record is not None and record.result_from_rs:  # the header's rs says the result
        if record.mc is None:
            return None
        # the file's own mc, while the board's claim is still the one read; else the claim edited since
        return play.claimed if play is not None else None
    if board.auction is None or not board.auction.is_complete:
        return None  # an mc before the auction ends cannot be read; a header's rs says the result
    if play is not None and play.claimed is not None:  # not where the result is unknown: mc says the result
        return None if board.tricks is None else play.claimed  # (`lin_losses` names the claim left out)
    if board.tricks is None or (play is not None and play.result is not None) or board.contract is None:
        return None
    if (board.contract, board.declarer) != (board.auction.final_contract, board.auction.declarer):
        return None  # the tricks of another contract than the calls': LIN would give them to the calls'
    return None if board.contract.is_passed_out else board.tricks


Event = tuple[int, str, str | None]
"""A pair the model does not hold, in its place: how many modelled pairs (heading codes, calls,
explanations, cards, claim) come before it, its code, and its value; an ``nt`` whose value is None
stands for the next item of ``board.commentary``."""

_L = TypeVar("_L", bound="LinRecord")


@register
@dataclasses.dataclass(frozen=True)
class LinRecord(FormatRecord):
    """What a LIN file said of a board that the model does not hold, kept in ``board.extra["lin"]`` so
    that LIN -> LIN gives the same pairs back. The reader leaves each field at its default when it is
    what the writer makes anyway (`canonical_lin_layout`), so most boards keep no record."""

    FORMAT = "lin"

    layout: tuple[str, ...] | None = None
    """The board's heading codes (``pn``, ``qx``, ``md``, ``ah``, ``sv``) in the file's order: the writer
    writes the heading in this order and leaves out a code the file did not have (None: its own order)."""
    events: tuple[Event, ...] | None = None
    """Every pair the model does not hold (display, lesson and unknown codes, calls and cards kept as
    written after an illegal one, commentary's places): the writer puts each back in its place (None:
    its own display codes and commentary at the end)."""
    header: tuple[tuple[str, str], ...] = ()
    """The vugraph header pairs (``vg``, ``rs``, ``pn``...) the board was read under: the writer writes
    the header again, once, before the boards that carry it."""
    qx: str | None = None
    """The ``qx`` value when it is not the plain ``o12``/``c12`` (``o12,BBO``): written as it was while
    the room and number still agree."""
    ah: str | None = None
    """The ``ah`` value when it is not ``Board 12`` (another language, more words): written as it was
    while the number still agrees."""
    pn: str | None = None
    """The ``pn`` value when it gives other than four names (both rooms' eight; fewer, the header's players
    of the room at the seats past them): written as it was while the players it gives still agree, so
    that LIN -> LIN writes no name the block did not say."""
    result_from_rs: bool = False
    """Whether the result came from the vugraph header's ``rs``: the writer then writes no ``mc`` claim
    for it, since the header says it (but the file's own, `mc`)."""
    mc: str | None = None
    """The board's own ``mc`` claim where the header's ``rs`` entry gives other tricks, which stand: written
    back as it was while the board's claim is still it, so LIN -> LIN keeps the operator's claim (it was
    dropped without a word); a claim edited since (JSON, the library) is written instead, or none."""
    results_alone: bool = False
    """Whether the reader made the board of a room's ``rs`` entry alone, a room no ``qx`` block holds
    (`lin._ResultsAlone`): under the header kept the writer writes no block for it (the ``rs`` says it)."""
    result_replaced: bool = False
    """Whether the computer has replaced the board's auction or play since it was read (`bid --rebid`,
    `autoplay`): the header's ``rs`` entry for it no longer says its result, and the writer writes it
    anew from the board. The file's own entries, even ones its auction contradicts, are written as read."""
    results_first: int | None = None
    """The board the header's ``rs`` entries start at where it is not the first board its ``vg`` names: the
    boards' calls showed it (`lin._ResultsPlaced`), so the entries are each board's from it (None: vg's)."""
    results_place: int | None = None
    """The entry, counted from 0, the block took of an ``rs`` that no ``vg`` numbers (``rs|5HS-2|`` over a
    board with no ``qx``), by its place among the blocks under it (`lin._ResultsListed`,
    `lin_results.entry_index`); None under a ``vg``."""

    def comment_places(self, board: Board) -> list[Place] | None:
        """Where each comment of ``board.commentary`` stands, as this record's ``nt`` pairs put it."""
        return lin_places(board, self)

    def calls_kept(self, board: Board) -> tuple[KeptCall, ...]:
        """The ``mb`` values kept as written (from an illegal call or one that cannot be read on), each
        packed lesson call apart, with the ``an`` after each as its explanation (`kept_call_events`)."""
        kept: list[KeptCall] = []
        for code, value in kept_call_events(self.events or ()):
            if code == "an":
                if kept and kept[-1].explanation is None:
                    kept[-1] = kept[-1]._replace(explanation=value)
                continue
            try:
                calls, alert = parse_calls(value)
            except BridgeError:
                kept.append(KeptCall(value.strip().rstrip("!").strip(), None, value.strip().endswith("!")))
                continue
            kept += [KeptCall(call_text(call), call, alert and i == len(calls) - 1)
                     for i, call in enumerate(calls)]
        return tuple(kept)

    def cards_kept(self, board: Board) -> tuple[Card, ...]:
        """The ``pc`` values kept as written where the board has no play nor contract (the calls leave the
        contract open: `no_contract_to_play`), when each is a card; none else (an illegal card's are kept
        after a play or under a contract, named apart)."""
        if not no_contract_to_play(board):
            return ()
        try:
            return tuple(card_of(value) for _, code, value in self.events or ()
                         if code.lower() == "pc" and value is not None)
        except BridgeError:
            return ()

    @classmethod
    def from_json(cls: type[_L], data: Mapping[str, Any]) -> _L:
        """The record `to_json` gave, or the dict earlier versions kept (``"result_from": "rs"``); entries
        that are not well formed (an edited document) are left out."""
        fields = dict(data)
        if "result_from" in fields:
            fields["result_from_rs"] = fields.pop("result_from") == "rs"
        record = super().from_json(fields)
        return dataclasses.replace(
            record,
            layout=None if record.layout is None else tuple(_well_formed_layout(record.layout)),
            events=None if record.events is None else tuple(_well_formed_events(record.events)),
            header=tuple((str(p[0]), str(p[1])) for p in _sequences(record.header, 2)),
            result_from_rs=record.result_from_rs is True,
            mc=record.mc if isinstance(record.mc, str) and record.mc.isdecimal() else None,
        )


def _sequences(items: Any, size: int) -> Iterable[tuple[Any, ...] | list[Any]]:
    """The entries of ``items`` that are lists or tuples of ``size`` items."""
    if not isinstance(items, tuple | list):
        return ()
    return (e for e in items if isinstance(e, tuple | list) and len(e) == size)


def _well_formed_layout(layout: Any) -> Iterable[str]:
    return (c for c in layout if c in HEAD_CODES) if isinstance(layout, tuple | list) else ()


def _well_formed_events(events: Any) -> Iterable[Event]:
    for k, code, value in _sequences(events, 3):
        if isinstance(k, int) and isinstance(code, str):
            yield k, code, None if value is None else str(value)


def lin_record(board: Board) -> LinRecord | None:
    """The board's `LinRecord`, if it was read from LIN (or carried one through JSON)."""
    record = board.extra.get(LinRecord.FORMAT)
    return record if isinstance(record, LinRecord) else None


def canonical_lin_layout(
    board: Board, players_in_header: bool = False, places: list[tuple[str, int] | None] | None = None
) -> tuple[list[str], list[Event]]:
    """The heading codes and the display pairs (``st``, ``rh``, ``pg``, ``nt``) the writer uses for
    a board that brings no layout of its own: BBO's single-board form (formats.md §8.7).

    Commentary goes after the last card, or, with ``places`` (see `bridgetools.formats._commentary`),
    each comment after its call or card, with its text in the event (the order is then the places').
    """
    layout = _canonical_heading(board, players_in_header)
    auction_pairs = calls_and_explanations(board)
    events, end = _display_events(board, layout, len(auction_pairs))
    if places is None or not any(places):
        return layout, events + [(end, "nt", None) for _ in board.commentary]
    return layout, _placed_commentary(board, len(layout), auction_pairs, events, end, places)


def read_layout(board: Board, record: LinRecord) -> tuple[list[str], list[Event]]:
    """The heading codes and display pairs ``board`` was read with: its record's own, else the writer's
    under the vugraph header it was read under (whose eight names may give its players, and no ``pn``),
    so that an event's count of the modelled pairs before it means what it meant to the reader."""
    if record.layout is not None and record.events is not None:
        return list(record.layout), list(record.events)
    layout, events = canonical_lin_layout(board, header_covers_players(board, _header_names(record)))
    return (list(record.layout) if record.layout is not None else layout,
            list(record.events) if record.events is not None else events)


def _header_names(record: LinRecord) -> list[str] | None:
    """The vugraph header's eight names (its ``pn``), if the board was read under one."""
    return next(([n.strip() for n in value.split(",")] for code, value in record.header if code == "pn"),
                None)


def _canonical_heading(board: Board, players_in_header: bool) -> list[str]:
    """The heading codes the board has something for, in BBO's order (qx opens a vugraph block)."""
    layout = [] if board.room is None else ["qx"]
    if not players_in_header:
        layout.append("pn")
    if board.dealer is not None or board.deal is not None:
        layout.append("md")
    if board.number is not None:
        layout.append("ah")
    if board.vulnerability is not None:
        layout.append("sv")
    return layout


def _display_events(board: Board, layout: list[str], auction_pairs: int) -> tuple[list[Event], int]:
    """BBO's display pairs: ``st`` and ``rh`` round the deal, a ``pg`` after the auction (its calls and
    those kept as written, ``auction_pairs``: an auction whose first call could not be read holds none)
    and after each trick; and the number of modelled pairs in all (where the board's end is)."""
    events: list[Event] = []
    if "md" in layout:
        at = layout.index("md")
        events += [(at, "st", ""), (at + 1, "rh", "")]
    k = len(layout) + auction_pairs
    if board.auction is not None and auction_pairs:
        events.append((k, "pg", ""))
    cards = len(board.play.cards) if board.play is not None else 0
    events += [(k + 4 * trick, "pg", "") for trick in range(1, cards // 4 + 1)]
    k += cards
    if written_claim(board) is not None:
        k += 1
    if cards % 4:
        events.append((k, "pg", ""))
    return events, k


def _placed_commentary(
    board: Board,
    heads: int,
    auction_pairs: list[tuple[str, str]],
    events: list[Event],
    end: int,
    places: list[tuple[str, int] | None],
) -> list[Event]:
    """The display events with each comment after its call or card, or before the board's first pair; a
    comment goes before a ``pg`` at the same place (BBO's ``nt|...|pg||``: the comment, then the pause to
    read it), and one before the board before an ``st`` there."""
    after_call: list[int] = []  # the number of auction pairs up to each call and its explanation
    for i, (code, _) in enumerate(auction_pairs, 1):
        if code == "mb":
            after_call.append(i)
        elif after_call:  # the call's explanation
            after_call[-1] = i
    start = heads + len(auction_pairs)
    cards = len(board.play.cards) if board.play is not None else 0
    placed: list[tuple[int, int, Event]] = [(e[0], 1, e) for e in events]  # at, then before (-1) or after
    for text, place in zip(board.commentary, places, strict=False):
        at, order = end, int(place is None or place[1] < 0)  # after a call or card: before a pg there
        if place == BEFORE:
            at, order = 0, -1
        elif place == HEADING and heads > 1:
            at, order = heads - 1, -1  # before the last heading pair: read back as the heading's
        elif place is not None and place[0] == "call" and place[1] < len(after_call):
            at = heads + (after_call[place[1]] if place[1] >= 0 else 0)
        elif place is not None and place[0] == "card" and place[1] < cards:
            at = start + place[1] + 1
        placed.append((at, order, (at, "nt", lin_suits(text))))
    return [e for _, _, e in sorted(placed, key=lambda p: (p[0], p[1]))]


def lin_places(board: Board, record: LinRecord) -> list[Place] | None:
    """The place of each comment of the board's commentary as the ``nt`` pairs of its LIN record put it
    (`bridgetools.formats._commentary`); None when the record's ``nt`` are not exactly the commentary."""
    layout, events = read_layout(board, record)
    heads = len(layout)
    auction = calls_and_explanations(board)
    lead = heads + len(auction) if auction and board.play is not None else None
    positions = _comment_positions(events, lead)
    if len(positions) != len(board.commentary):
        return None
    # after[k]: the place after k modelled pairs; before the first, before the board (the reader puts an nt
    # there only when it opens the board: a lesson's introduction); among the heading pairs, with the heading
    after: list[Place] = [HEADING] * heads + [("call", -1)]
    after[0] = BEFORE
    call = -1
    for code, _ in auction:
        call += code == "mb"
        after.append(("call", call))
    cards = len(board.play.cards) if board.play is not None else 0
    after += [("card", j) for j in range(cards)]
    if written_claim(board) is not None:  # the mc pair: a comment after it is after the claim
        after.append(AFTER_PLAY)
    return [("card", -1) if at_lead else after[k] if 0 <= k < len(after) else None
            for k, at_lead in positions]


def _comment_positions(events: list[Any], lead: int | None) -> list[tuple[int, bool]]:
    """How many modelled pairs come before each ``nt`` of the board's commentary, and whether it is before
    the opening lead: after the auction's ``pg`` and before the first card (``lead``: the pairs of the
    heading and the auction, when the board has a play), as the writer puts it, not after the last call."""
    positions: list[tuple[int, bool]] = []
    paused = False  # the auction's pg has come
    for k, code, value in events:
        paused |= code.lower() == "pg" and k == lead
        if code.lower() == "nt" and value is None:
            positions.append((k, paused and k == lead))
    return positions


def result_entry(board: Board) -> str:
    """An ``rs`` entry such as ``4SN=``, ``3NE+1`` or ``5CSx-2`` (empty when unknown)."""
    contract, declarer = board.contract, board.declarer
    if contract is None:
        return ""
    if contract.is_passed_out:
        return "P"
    bid = contract.bid
    if declarer is None or bid is None:
        return ""
    text = f"{call_text(bid)}{declarer.name}{'x' * contract.doubled}"
    if board.tricks is not None:
        over = board.tricks - contract.tricks_needed
        text += "=" if over == 0 else f"{over:+d}"
    return text


_RS_ENTRY = re.compile(r"([1-7])(NT|[CDHSN])([NESW])(XX|X|R)?([=+-]\d*)?", re.I)


def rs_entry_head(entry: str) -> tuple[Contract, Seat] | None:
    """The contract and declarer an ``rs`` entry starts with (``1SN`` of ``1SNten``, or of ``1SN+9``, more
    tricks than 13), for one whose result `parse_result` cannot read; None where it starts with none."""
    m = _RS_ENTRY.match(entry.strip())
    if m is None:
        return None
    level, strain, declarer, doubling, _ = m.groups()
    return Contract.from_str(level + strain + (doubling or "")), Seat.parse(declarer)


def parse_result(entry: str) -> tuple[Contract, Seat | None, int | None] | None:
    """Contract, declarer and declarer's tricks from an ``rs`` entry (``4SN=``, ``5CSx-2``, ``P``)."""
    text = entry.strip()
    if not text:
        return None
    if text.upper() in ("P", "PASS", "PASSED", "AP"):
        return Contract.PASSED_OUT, None, None
    m = _RS_ENTRY.fullmatch(text)
    if not m:
        return None
    level, strain, declarer, doubling, result = m.groups()
    contract = Contract.from_str(level + strain + (doubling or ""))
    tricks = None
    if result and result[0] == "=":  # "=", or a number after it ("=1") that adds nothing to it
        tricks = contract.tricks_needed
    elif result and result[1:]:  # a bare + or - says no number of tricks
        tricks = contract.tricks_needed + int(result)
        if not 0 <= tricks <= 13:
            return None
    return contract, Seat.parse(declarer), tricks
