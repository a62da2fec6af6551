"""Text diagrams for people: the four hands around a compass with HCP, the auction, the play by trick.

Suit symbols are Unicode (``♠♥♦♣``) or letters, chosen per call with ``unicode=`` (never global
state): the CLI decides from the terminal, a file gets what its caller asks for.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from bridgetools._words import named, plural
from bridgetools.board import Board
from bridgetools.board.leftovers import KeptCall, calls_shown, play_shown
from bridgetools.formats import SUFFIXES
from bridgetools.formats._cards import CARDS_BY_TEXT
from bridgetools.formats._losses import Losses, left_out
from bridgetools.formats._nags import CARD_NAG_OFFSET, SUFFIX_OF_NAG
from bridgetools.formats._quiz import asks_the_next_call, blank_turn_lost
from bridgetools.formats._suit_marks import shown_marks
from bridgetools.model import Annotation, Call, Card, Contract, Deal, Seat, holding_str
from bridgetools.model.cards import SUIT_GLYPHS, SUITS_DISPLAY_ORDER, Suit

if TYPE_CHECKING:
    from bridgetools.rules import Auction, Play

EXTENSIONS = SUFFIXES["text"]
AUCTION_ORDER = (Seat.W, Seat.N, Seat.E, Seat.S)
"""Auction table columns, as bridge columns print them."""


def sniff(head: str) -> bool:
    """Diagrams are written, never read."""
    return False


def suit_mark(suit: Suit, unicode: bool) -> str:
    return suit.symbol if unicode else suit.name


def card_text(card: Card, unicode: bool = False) -> str:
    return card.unicode() if unicode else str(card)


def call_text(call: Call, unicode: bool = False) -> str:
    return call.unicode() if unicode else str(call)


def contract_text(contract: Contract, unicode: bool = False) -> str:
    return contract.unicode() if unicode else str(contract)


def hand_lines(deal: Deal, seat: Seat, unicode: bool = False, *, shown: bool = True) -> list[str]:
    """Four lines, spades first: ``♠ AKQ2``; ``-`` for a void, ``?`` for an unknown hand; four empty
    lines for a hand not ``shown`` (a quiz's hidden hand)."""
    if not shown:
        return ["", "", "", ""]
    hand = deal[seat]
    lines = []
    for suit in SUITS_DISPLAY_ORDER:
        ranks = "?" if hand is None else (holding_str(hand.holding(suit)) or "-")
        lines.append(f"{suit_mark(suit, unicode)} {ranks}")
    return lines


def diagram(deal: Deal, *, unicode: bool = False, hcp: bool = True,
            shown: frozenset[Seat] = frozenset(Seat)) -> str:
    """The four hands around a compass (North at the top), with each known hand's HCP in the middle;
    the hands not ``shown`` are left blank, their HCP too.

    >>> print(diagram(Deal.from_pbn("N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65")))
                   S AKQ2
                   H KJ3
                   D T98
                   C 432
    S 543                         S JT9
    H 7654            N 13        H AQ2
    D A432         W  4  E 23     D KQJ
    C 65              S  0        C AKQJ
                   S 876
                   H T98
                   D 765
                   C T987
    """
    west = hand_lines(deal, Seat.W, unicode, shown=Seat.W in shown)
    east = hand_lines(deal, Seat.E, unicode, shown=Seat.E in shown)
    side = max(len(s) for s in west) + 3
    side = max(side, 15)

    def points(seat: Seat) -> str:
        hand = deal[seat]
        if seat not in shown:
            return "  "
        return " ?" if hand is None else f"{hand.hcp:2d}"

    middle = ["", "", "", ""]
    if hcp:
        middle = [
            "",
            f"   N {points(Seat.N)}",
            f"W {points(Seat.W)}  E {points(Seat.E)}",
            f"   S {points(Seat.S)}",
        ]
    pad = " " * side
    rows = [pad + line for line in hand_lines(deal, Seat.N, unicode, shown=Seat.N in shown)]
    for w, m, e in zip(west, middle, east, strict=True):
        rows.append(f"{w:<{side}}{m:<15}{e}")
    rows += [pad + line for line in hand_lines(deal, Seat.S, unicode, shown=Seat.S in shown)]
    return "\n".join(r.rstrip() for r in rows)


_SYMBOL_LETTERS = str.maketrans(SUIT_GLYPHS)
"""Suit symbols, black and white, as the letters an output without them shows."""


def suits_in_explanation(text: str, unicode: bool) -> str:
    """An explanation's or a comment's suit marks (BBO's ``!S`` and ``@S``, PBN's ``\\S``) shown as
    symbols or letters, by the rule `convert` follows. With letters, the suit symbols a PBN note may hold
    become letters too, for an output that cannot show them."""
    text = shown_marks(text, lambda letter: suit_mark(Suit.parse(letter), unicode))
    return text if unicode else text.translate(_SYMBOL_LETTERS)


def auction_table(auction: Auction, *, unicode: bool = False, notes: dict[int, str] | None = None,
                  student_turn: bool = False, kept: Sequence[KeptCall] = ()) -> str:
    """The calls in four columns (West, North, East, South); ``!`` marks an alert and ``[n]`` a
    footnote giving the explanation, listed under the table. An unfinished auction ends in ``...``, or
    in ``?`` at a bidding quiz's blank turn (``student_turn``: `asks_the_next_call`), as print shows it.
    The calls a reader ``kept`` as written past the legal ones follow in their turns (`calls_kept`), the
    first and each that cannot be read (``zz``) marked ``?``, as a line under the table says."""
    cells: list[str] = [""] * AUCTION_ORDER.index(auction.dealer)
    footnotes: list[str] = []
    annotated = [(call_text(call, unicode), note) for call, note in zip(auction.calls, auction.annotations,
                                                                         strict=True)]
    annotated += kept_calls_shown(kept, unicode)
    for text, note in annotated:
        if note is not None and note.alert:
            text += "!"
        text += judged(note)
        explanation = None
        if note is not None:
            explanation = note.explanation
            if explanation is None and note.note is not None and notes:
                explanation = notes.get(note.note)
        if explanation is not None:
            footnotes.append(suits_in_explanation(explanation, unicode))
            text += f"[{len(footnotes)}]"
        cells.append(text)
    if student_turn:
        cells.append("?")
    elif not auction.is_complete and not kept:
        cells.append("...")
    width = max(8, *(len(c) + 1 for c in cells))
    rows = ["".join(f"{seat.full_name:<{width}}" for seat in AUCTION_ORDER).rstrip()]
    for start in range(0, len(cells), 4):
        rows.append("".join(f"{c:<{width}}" for c in cells[start : start + 4]).rstrip())
    rows += [f"[{i}] {text}" for i, text in enumerate(footnotes, 1)]
    rows += kept_legend(kept)
    return "\n".join(rows)


KEPT_MARKED = "? a call kept as written that could not be read or made there; the calls after it as written"
"""The line under an auction with calls kept as written (`auction_table`) that says what its ``?`` marks."""

IRREGULARITIES = {"I": "an insufficient bid, accepted (Law 27A)", "S": "a player's turn skipped (no call)",
                  "R": "a revoke (Law 61)", "L": "a lead out of turn (Law 53)"}
"""What PBN's irregularity marks say (§3.9), as the line under a diagram's calls or cards names them."""


def kept_legend(kept: Sequence[KeptCall]) -> list[str]:
    """The lines under an auction that say what its marks on calls kept as written mean: `KEPT_MARKED`
    for a ``?``, a line for each irregularity mark (``^I an insufficient bid, accepted (Law 27A); ...``)."""
    if not kept:
        return []
    marks = dict.fromkeys(k.irregular for k in kept if k.irregular)
    lines = [irregularity_line(mark, "calls") for mark in marks]
    if not kept[0].irregular or any(k.call is None and not k.irregular for k in kept):
        lines.insert(0, KEPT_MARKED)
    return lines


def irregularity_line(mark: str, what: str) -> str:
    """``^R a revoke (Law 61); the cards from it on as written``: what an irregularity mark says (PBN
    §3.9), with the ``what`` (calls, cards) shown as the file wrote them past it: the Laws cannot replay
    them."""
    return f"^{mark} {IRREGULARITIES.get(mark, 'an irregularity')}; the {what} from it on as written"


def kept_calls_shown(kept: Sequence[KeptCall], unicode: bool) -> list[tuple[str, Annotation]]:
    """Calls kept as written (`calls_kept`) as a diagram shows them, each with its alert and explanation:
    in symbols when it reads as a call, else as written, ``?`` after the first (it could not be made)
    and after each that cannot be read; `show`, text and `print` alike."""
    return [(_kept_call_text(k, unicode, i == 0 and not k.irregular),
             Annotation(alert=k.alert, explanation=k.explanation)) for i, k in enumerate(kept)]


def _kept_call_text(kept: KeptCall, unicode: bool, first: bool) -> str:
    """A call kept as written as a diagram shows it (`kept_calls_shown`): ``1♣^I`` with its irregularity
    mark, ``^S`` for a skipped turn, else ``?`` after the ``first`` and after one that cannot be read."""
    shown = call_text(kept.call, unicode) if kept.call is not None else kept.written
    if kept.irregular:
        return shown if shown.startswith("^") else f"{shown}^{kept.irregular}"
    return shown + "?" * (first or kept.call is None)


def judged(note: Annotation | None, card: bool = False) -> str:
    """A call's or card's suffix and NAGs as a diagram shows them after it, in brackets so that ``!`` is
    not read as an alert: ``(??)``, ``(!)``, ``($9)`` for a NAG with no suffix; empty for none. A teacher's
    marks are the point of the file, so `show` and text show them rather than drop them."""
    if note is None:
        return ""
    offset = CARD_NAG_OFFSET if card else 0
    marks = [note.suffix] if note.suffix else []
    marks += [SUFFIX_OF_NAG.get(nag - offset, f"${nag}") if nag > offset else f"${nag}" for nag in note.nags]
    return f"({' '.join(marks)})" if marks else ""


def play_table(play: Play, *, unicode: bool = False) -> str:
    """The play trick by trick, in the order the cards were played, with each trick's winner; a card's
    suffix or NAG after it (`judged`) and its note as a footnote ``[n]`` listed under the tricks, as the
    auction's explanations are."""
    footnotes: list[str] = []
    notes = play.annotations
    at = 0
    tricks = []
    for number, trick in enumerate(play.trick_list, 1):
        cells = []
        for i, c in enumerate(trick.cards):
            cells.append((trick.seat_of(i).name, card_shown(card_text(c, unicode), notes.get(at), footnotes,
                                                             unicode)))
            at += 1
        tricks.append((number, cells, f"  won by {trick.winner.name}" if trick.winner is not None else ""))
    rows = trick_lines(tricks)
    if play.claimed is not None:
        rows.append(f"Claim: declarer takes {plural(play.claimed, 'trick')} in all")
    rows += [f"[{i}] {text}" for i, text in enumerate(footnotes, 1)]
    return "\n".join(rows)


def trick_lines(tricks: Sequence[tuple[int, Sequence[tuple[str, str]], str]]) -> list[str]:
    """Tricks (number, each card's seat and text, what follows: ``  won by N``) as rows ``1. S ♠6   W ♠3``,
    each card's column as wide as its widest card, at least three (``♠10``, a suit symbol one column): a
    card with a suffix or a note's number (``♠A[1]``, ``♦2^R``) pushes no column out of line."""
    widths = [max([3, *(len(cells[i][1]) for _, cells, _ in tricks if i < len(cells))]) for i in range(4)]
    return [f"{number:>2}. {'  '.join(f'{seat} {card:<{widths[i]}}' for i, (seat, card) in enumerate(cells))}"
            f"{end}".rstrip() for number, cells, end in tricks]


def card_shown(text: str, note: Annotation | None, footnotes: list[str], unicode: bool) -> str:
    """A card (``text``) as a diagram's play shows it: with its suffix or NAGs (`judged`) and, where its
    note explains it, ``[n]``, the explanation added to ``footnotes`` to list under the tricks; `show`,
    text and `print` alike."""
    shown = text + judged(note, card=True)
    if note is not None and note.explanation is not None:
        footnotes.append(suits_in_explanation(note.explanation, unicode))
        shown += f"[{len(footnotes)}]"
    return shown


def play_written_table(rows: Sequence[Sequence[tuple[str, str]]], board: Board, unicode: bool,
                       shown: Callable[[Card], str] | None = None) -> str:
    """The tricks the play could not replay, as the file wrote them (`play_shown`: a revoke ``^R``, a lead
    out of turn ``^L``), each card after its seat (``shown`` as a printed record shows a card, ``♣10``;
    default `card_text`), under a line saying so and over a line saying what each mark means: shown, not
    cut off without a word."""
    first = len(board.play.cards) // 4 + 1 if board.play is not None else 1
    lines = [f"As written from trick {first} (not replayed from there on):"]
    show = shown if shown is not None else lambda card: card_text(card, unicode)
    lines += trick_lines([(number, [(seat, _written_card(card, show)) for seat, card in row], "")
                          for number, row in enumerate(rows, first)])
    marks = dict.fromkeys(card.partition("^")[2] for row in rows for _, card in row if "^" in card)
    lines += [irregularity_line(mark, "cards") for mark in marks]
    return "\n".join(lines)


def _written_card(written: str, shown: Callable[[Card], str]) -> str:
    """A card as written (``D2^R``) as ``shown`` shows it where it reads as a card, its mark kept."""
    text, hat, mark = written.partition("^")
    card = CARDS_BY_TEXT.get(text.upper())
    return (shown(card) if card is not None else text) + hat + mark


def result_line(board: Board, unicode: bool = False) -> str | None:
    """``Contract 4♥ by E, 10 tricks (=), NS -420`` (the score when the vulnerability is known; when the
    file gives it as unknown, the file's own Score, else none); None when the board has no contract."""
    if board.contract is None:
        return None
    if board.contract.is_passed_out:
        return "Passed out"
    text = f"Contract {contract_text(board.contract, unicode)}"
    if board.declarer is not None:
        text += f" by {board.declarer.name}"
    if board.tricks is not None:
        result = board.result
        mark = "=" if result == 0 else f"{result:+d}"
        text += f", {plural(board.tricks, 'trick')} ({mark})"
        if board.declarer is not None and board.vulnerability is not None:
            from bridgetools.scoring import ns_score

            text += f", NS {ns_score(board.contract, board.declarer, board.tricks, board.vulnerability):+d}"
        elif board.declarer is not None and (unscored := unscored_text(board)) is not None:
            text += f", {unscored}"
    return text


def unscored_text(board: Board) -> str | None:
    """``the file's score NS 620`` or ``not scored: vulnerability unknown`` for a played board whose file
    gives the vulnerability as unknown (the file's own score, as the file's: not one worked out at a
    vulnerability it does not give); None when the vulnerability is not unknown. `show` and printed
    records say it alike."""
    if not board.is_unknown("vulnerability"):
        return None
    given = board.tags.get("Score", "").strip()
    return f"the file's score {given}" if given else "not scored: vulnerability unknown"


def deal_not_read(board: Board) -> str | None:
    """``Deal not read: club.pbn:5:76: bad clubs ...`` for a board whose deal string could not be read,
    printed where its diagram would be (``Hand not read: ...`` below it, for a deal read but for a hand:
    LIN's ``md``); None for a board whose deal was read or never given."""
    from bridgetools.errors import unread_issue

    issue = unread_issue(board.issues, "deal")
    return None if issue is None else f"{'Deal' if board.deal is None else 'Hand'} not read: {issue}"


def names_a_match(room: str | None, tags: Mapping[str, str]) -> bool:
    """Whether a board's room and tags show its file is a team match: its teams named (PBN ``HomeTeam``/
    ``VisitTeam``, LIN's ``vg`` line) or a room other than the open one (a closed room). One board that
    does makes the file a match: rooms are shown (``show``, ``dd``) and the match printed (``analyze``)."""
    return room not in (None, "open") or bool(tags.get("HomeTeam") or tags.get("VisitTeam"))


def rooms_shown(boards: Iterable[Board]) -> Iterator[tuple[Board, bool]]:
    """Each board with whether to show its room: only in a team match (`names_a_match`), not in a BBO
    myhands or teaching-table file, whose every board says ``qx|o1``, open room. Boards from the first
    with a room are held until one shows a match or the file ends (the closed room follows the open)."""
    stream = iter(boards)
    held: list[Board] = []
    for board in stream:
        if names_a_match(board.room, board.tags):
            yield from ((b, True) for b in held)
            yield board, True
            yield from ((b, True) for b in stream)
            return
        if held or board.room is not None:
            held.append(board)
        else:
            yield board, False
    yield from ((b, False) for b in held)


MATCH_TAGS = ("HomeTeam", "VisitTeam", "Event", "Round")
"""The tags that say which match a board was played in: two tables of a board are one match's rooms only
when these agree (a tag a board leaves out counts as empty)."""


def same_match(first: Board, second: Board) -> bool:
    """Whether ``second`` is ``first`` played at the other table of the same match: the same board number
    and deal, and the same teams, event and round (`MATCH_TAGS`)."""
    return (first.number == second.number and first.deal is not None and first.deal == second.deal
            and all(first.tags.get(tag, "") == second.tags.get(tag, "") for tag in MATCH_TAGS))


def first_rooms(named_first: Iterable[str | None]) -> tuple[str, str] | None:
    """The rooms of a board's two tables, in the file's order, in a team match's segment whose file names
    neither: the open room then the closed room (the home team North-South first, the order match files
    keep), the other way round where the segment's boards naming both their rooms name the closed room
    first (``named_first``: the room each such board names first), none where some name the open room first
    and some the closed room. ``show``, ``print`` and `bridgetools.analysis.segments.segment_rooms` (export,
    analyze) all take a segment's rooms by this one rule."""
    said = set(named_first)
    if len(said) > 1:
        return None
    return ("closed", "open") if "closed" in said else ("open", "closed")


SEGMENT_TAGS = ("Stage", "Round", "HomeTeam", "VisitTeam")
"""The tags (with the event) naming a team match's segment: a board naming its teams with others starts
another segment (`rooms_named`)."""


def rooms_named(boards: Iterable[Board]) -> Iterator[tuple[Board, str | None]]:
    """Each board with the room to name: its own in a team match (`rooms_shown`), none elsewhere; and in
    a match whose file names no rooms (PBN with HomeTeam and VisitTeam but no Room tags) a board followed
    by the same board of the same match (`same_match`) is played in the rooms `first_rooms` gives, from the
    order the segment's boards naming both their rooms name them (the open room first where none does). A
    segment runs from a board naming its teams to the next naming others, or its own board a third time.
    ``show``, text output and ``print`` all name rooms by this one rule; a segment's boards are held only
    from its first board naming no room."""
    run: list[tuple[Board, bool]] = []
    identity: tuple[str, ...] | None = None
    played: dict[int | None, int] = {}
    firsts: list[str | None] = []  # the room each board of the segment naming both names first
    last: Board | None = None
    for board, shown in rooms_shown(boards):
        names = (named(board.event) or "", *(board.tags.get(tag, "") for tag in SEGMENT_TAGS))
        if any(names[3:]) and (names != identity or played.get(board.number, 0) >= 2):
            yield from _segment_rooms_named(run, first_rooms(firsts))
            run, identity, played, firsts, last = [], names, {}, [], None
        played[board.number] = played.get(board.number, 0) + 1
        if last is not None and same_match(last, board) and {last.room, board.room} == {"open", "closed"}:
            firsts.append(last.room)
        last = board
        if run or (shown and board.room is None and board.deal is not None):
            run.append((board, shown))
        else:
            yield board, board.room if shown else None
    yield from _segment_rooms_named(run, first_rooms(firsts))


def _segment_rooms_named(run: Sequence[tuple[Board, bool]], order: tuple[str, str] | None
                         ) -> Iterator[tuple[Board, str | None]]:
    """`rooms_named` of one segment's boards held (``run``, each with whether its room is shown), a board
    and the same board of the same match after it named ``order`` (`first_rooms`)."""
    pending: Board | None = None
    for board, shown in run:
        unnamed = shown and board.room is None and board.deal is not None
        if pending is not None:
            if unnamed and same_match(pending, board) and order is not None:
                yield pending, order[0]
                yield board, order[1]
                pending = None
                continue
            yield pending, None
            pending = None
        if unnamed:
            pending = board
            continue
        yield board, board.room if shown else None
    if pending is not None:
        yield pending, None


def board_text(board: Board, *, unicode: bool = False, shown: frozenset[Seat] = frozenset(Seat),
               room: bool | str | None = True) -> str:
    """A board as a person reads it: heading (with its room: the board's own when ``room`` is True, the
    one given when a name, as `rooms_named` gives it; none when False or None), players, diagram (the
    hands ``shown``), auction, play, result and commentary."""
    heading = []
    if event := named(board.event):
        heading.append(event)
    title = [f"Board {board.number}"] if board.number is not None else []
    named_room = board.room if room is True else room or None
    if named_room:
        title.append(f"({named_room} room)")
    if board.dealer is not None or board.is_unknown("dealer"):  # one the file gives as unknown, as ``?``
        title.append(f"  Dealer {board.dealer.name if board.dealer is not None else '?'}")
    if board.vulnerability is not None or board.is_unknown("vulnerability"):
        title.append(f"  Vul {board.vulnerability.pbn if board.vulnerability is not None else '?'}")
    heading.append(" ".join(title).strip())
    players = [(seat, name) for seat in Seat if (name := named(board.players.get(seat)))]
    if players:  # empty names ([North ""], as BridgeComposer writes) or Dealer's "-" make no row of seats
        heading.append("   ".join(f"{seat.name} {name}" for seat, name in players))
    parts = ["\n".join(heading)]
    if board.deal is not None:
        parts.append(diagram(board.deal, unicode=unicode, shown=shown))
    if (unread := deal_not_read(board)) is not None:  # not an empty diagram, or a hand's ?: say why
        parts.append(unread)
    kept = calls_shown(board)
    if board.auction is not None and (len(board.auction) or kept):
        parts.append(auction_table(board.auction, unicode=unicode, notes=board.notes,
                                   student_turn=asks_the_next_call(board), kept=kept))
    if board.play is not None and (board.play.cards or board.play.claimed is not None):
        parts.append(play_table(board.play, unicode=unicode))
    if written := play_shown(board):
        parts.append(play_written_table(written, board, unicode))
    result = result_line(board, unicode)
    if result:
        parts.append(result)
    # the commentary last, a paragraph a comment, as a hand record prints it after the deal
    parts += [suits_in_explanation(re.sub(r"\n\s*\n(\s*\n)+", "\n\n", _drawn_as_written(comment)), unicode)
              for comment in board.commentary if comment.strip()]
    return "\n\n".join(parts) + "\n"


def _drawn_as_written(comment: str) -> str:
    """A comment's text without its blank lines first and last, its lines moved left together only as far
    as all are indented: a diagram drawn in it after a line break (a hand in the middle, ``         S``)
    keeps its columns. Text begun on the ``{`` line starts flush left (``{ North opens`` is no indent),
    the lines after it moved left together."""
    first, newline, rest = comment.partition("\n")
    if first.strip():
        return (first.lstrip() + newline + textwrap.dedent(rest)).rstrip()
    return textwrap.dedent(re.sub(r"\A(?:[ \t]*\n)+", "", comment)).rstrip()


SHOWN = ("dealer and vulnerability", "auction", "alerts and explanations", "play", "contract and result",
         "players", "Event", "room", "notes", "commentary")
"""What `board_text` shows of a board besides its number and deal (names from `HELD`): the rest (a
ScoreTable's traveller, other tags, the double-dummy table) a text file leaves out, and says so."""


def write_boards(boards: Iterable[Board], out: TextIO, *, unicode: bool = False, **options: Any) -> None:
    """Write each board as text, separated by a blank line; once all are written, one warning naming what
    the boards held that text has no place for (`Losses`), as every writer names what it drops (not a
    bidding quiz's blank turn, which text shows as ``?``)."""
    losses = Losses("text")
    for i, (board, room) in enumerate(rooms_named(boards)):
        if i:
            out.write("\n")
        losses.writing(board)
        losses.add_held_for_others(board, "text")
        out.write(board_text(board, unicode=unicode, room=room))
        blank = blank_turn_lost(board)  # a quiz's blank turn is shown, as ?
        losses.add([lost for lost in left_out(board, "text", SHOWN, calls_written=True,
                                                           marks_shown=True) if lost != blank])
    losses.warn()


__all__ = [
    "auction_table",
    "board_text",
    "diagram",
    "first_rooms",
    "hand_lines",
    "names_a_match",
    "play_table",
    "result_line",
    "rooms_named",
    "rooms_shown",
    "same_match",
    "write_boards",
]
