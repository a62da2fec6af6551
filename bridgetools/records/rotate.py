"""Turning a board by quarter-turns, so that a lesson's student always sits in one seat (usually South).

Everything turns together: the hands, dealer and declarer, the auction (its first caller), the play (its
leader), the vulnerability and the side of each score (swapped for an odd number of turns), the traveller's
declarers and sides, the double-dummy table's rows, the seats the Hidden tag hides and the compass words of
the commentary. The board keeps its number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from bridgetools.board import Board
from bridgetools.formats._quiz import blank_turn_seat
from bridgetools.model import Bid, Deal, Par, Seat, Vul
from bridgetools.rules import Auction, Play

_WORDS = ("North", "East", "South", "West")
_SIDE_SWAP = {"NS": "EW", "EW": "NS", "N-S": "E-W", "E-W": "N-S"}


def student_seat(board: Board) -> Seat:
    """Whose hand the lesson is about: the RotationBasis tag, else Student, else a quiz's student
    (`quiz_seat`), else declarer, else dealer."""
    for tag in ("RotationBasis", "Student"):
        value = board.tags.get(tag, "").strip()
        if value[:1].upper() in "NESW" and value:
            return Seat.parse(value[:1])
    for seat in (quiz_seat(board), board.declarer, board.dealer):
        if seat is not None:
            return seat
    return Seat.S


def quiz_seat(board: Board) -> Seat | None:
    """The student of a BridgeComposer quiz, which names none in a tag: the one hand its Hidden tag leaves
    shown (``[Hidden "NSW"]``: East), else the seat whose call its auction's blank asks for
    (``2D Pass Pass ____`` dealt by South: East); None for a board that is no such quiz."""
    shown = frozenset(Seat) - hidden_seats(board)
    if len(shown) == 1:
        return next(iter(shown))
    return blank_turn_seat(board)


ROLES = ("declarer", "dummy", "dealer", "opener", "responder", "leader")
"""The players `print --rotate` turns by what they do on each board rather than where they sit: the
responder is the opener's partner, the opener the first player to bid, the leader declarer's left-hand
opponent."""


def role_seat(board: Board, role: str) -> Seat | None:
    """Where the player of ``role`` (one of `ROLES`, or a seat letter) sits on ``board``; None where the board
    has no such player (no one bid: a passed-out board, or one without an auction)."""
    if role in ROLES:
        return _ROLE_SEATS[role](board)
    return Seat.parse(role)


def role_missing(role: str) -> str:
    """Why a board has no player of ``role``: for the one warning on the boards `print --rotate` leaves."""
    if role == "dealer":
        return "no dealer given"
    if role in ("opener", "responder"):
        return "no one bid (passed out, or no auction)"
    return "no contract (passed out, or no auction)"


def _opener(board: Board) -> Seat | None:
    """The first player to bid (a pass, double or redouble opens nothing), None where no one bid."""
    if board.auction is None:
        return None
    return next((board.auction.dealer.offset(i) for i, call in enumerate(board.auction.calls)
                 if isinstance(call, Bid)), None)


def _partner(seat: Seat | None) -> Seat | None:
    return seat.partner if seat is not None else None


_ROLE_SEATS: dict[str, Callable[[Board], Seat | None]] = {
    "declarer": lambda board: board.declarer,
    "dummy": lambda board: _partner(board.declarer),
    "dealer": lambda board: board.dealer,
    "opener": _opener,
    "responder": lambda board: _partner(_opener(board)),
    "leader": lambda board: board.declarer.lho if board.declarer is not None else None,
}


def hidden_seats(board: Board) -> frozenset[Seat]:
    """The seats the board's PBN ``Hidden`` tag hides (a quiz shows only the student's hand), none if the
    tag is absent or is not seat letters."""
    value = board.tags.get("Hidden", "").strip().upper()
    if not re.fullmatch(r"[NESW]{1,4}", value):
        return frozenset()
    return frozenset(Seat.parse(letter) for letter in value)


def _turn_words(text: str, k: int) -> str:
    text = re.sub(r"\b(North|East|South|West)\b", lambda m: _WORDS[(_WORDS.index(m.group()) + k) % 4], text)
    if k % 2:
        text = re.sub(r"\b(NS|EW|N-S|E-W)\b", lambda m: _SIDE_SWAP[m.group()], text)
    return text


def rotate_board(board: Board, k: int) -> Board:
    """``board`` turned ``k`` quarter-turns clockwise (North's hand goes to East for k = 1); a new board."""
    k %= 4
    if k == 0:
        return board

    def seat(s: Seat | None) -> Seat | None:
        return s.offset(k) if s is not None else None

    deal = None
    if board.deal is not None:
        deal = Deal({s.offset(k): board.deal[s] for s in Seat})
    auction = None
    if board.auction is not None:
        auction = Auction(board.auction.dealer.offset(k), board.auction.calls, board.auction.annotations)
    play = None
    if board.play is not None:
        play = Play(deal, board.play.contract, board.play.declarer.offset(k), board.play.cards)
        for index, annotation in board.play.annotations.items():  # a card's suffix and note turn with it
            play.annotate(index, annotation)
        if board.play.claimed is not None:
            play.claimed = board.play.claimed
    vul = board.vulnerability
    if vul is not None and k % 2 and vul in (Vul.NS, Vul.EW):
        vul = Vul.EW if vul is Vul.NS else Vul.NS
    tags = dict(board.tags)
    if "DoubleDummyTricks" in tags and len(tags["DoubleDummyTricks"]) == 20:
        rows = dict(zip("NSEW", (tags["DoubleDummyTricks"][5 * i:5 * i + 5] for i in range(4)), strict=True))
        turned = {Seat.parse(s).offset(k).letter: digits for s, digits in rows.items()}
        tags["DoubleDummyTricks"] = "".join(turned[s] for s in "NSEW")
    if hidden_seats(board):  # the same hands stay hidden, in their new seats
        tags["Hidden"] = "".join(seat.offset(k).letter for seat in Seat if seat in hidden_seats(board))
    for tag in ("OptimumScore", "ParContract"):
        if tag in tags:
            tags[tag] = _turn_words(tags[tag], k)
    return replace(
        board,
        dealer=seat(board.dealer),
        vulnerability=vul,
        deal=deal,
        auction=auction,
        play=play,
        declarer=seat(board.declarer),
        players={s.offset(k): name for s, name in board.players.items()},
        commentary=[_turn_words(text, k) for text in board.commentary],
        tags=tags,
        issues=list(board.issues),
        dd_table=None if board.dd_table is None else board.dd_table.rotated(k),
        par=_turned_par(board.par, k),
        results=None if board.results is None else tuple(result.turned(k) for result in board.results),
    )


def _turned_par(par: Par | None, k: int) -> Par | None:
    """Par of the deal turned ``k`` quarter-turns: the declarers turn, in seat order (East-West's ``EW 4S``
    turned once is ``NS 4S``, not ``SN``), and an odd turn swaps the sides."""
    if par is None:
        return None
    score = par.score if par.score is None or k % 2 == 0 else -par.score
    contracts = tuple(replace(c, declarers=tuple(sorted(s.offset(k) for s in c.declarers)))
                      for c in par.contracts)
    return Par(score, contracts)
