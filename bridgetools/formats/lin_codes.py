"""LIN's vocabulary, shared by the reader (`lin`) and the writer (`lin_write`): seat order, codes,
letters, and the canonical spelling of calls, deals and a board's layout."""

from __future__ import annotations

import re
from typing import Any, Protocol

from bridgetools.board import Board
from bridgetools.model import DOUBLE, PASS, REDOUBLE, Bid, Call, Deal, Seat, Strain, Vul, holding_str
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
(when not 0): ``event,segment,scoring,first board,last board,team1,carry-over1,team2,carry-over2``."""



BOARD_HEADING = re.compile(
    r"\s*(?:board|bd\.?|deal|rozdanie|donne|spiel|brett|tablero|smazzata)\s*(\d+)\b.*", re.I | re.S
)
"""A board heading: ``Board 12`` as BBO writes it, or the word in another language BBO's clients use."""
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



def pn_players(value: str, room: str | None) -> dict[Seat, str]:
    """The players a board's ``pn`` names: S, W, N, E; of both rooms' eight names, this room's four."""
    names = [n.strip() for n in value.replace(";", ",").split(",")]
    if len(names) >= 8 and room == "closed":
        names = names[4:8]
    return _names_to_players(names[:4])


def _names_to_players(names: list[str]) -> dict[Seat, str]:
    return {seat: name for seat, name in zip(LIN_SEATS, names, strict=False) if name and name != "-"}



def canonical_qx(room: str | None, number: int | None) -> str:
    return f"{'c' if room == 'closed' else 'o'}{'' if number is None else number}"


class _Named(Protocol):
    names: list[str]


def header_covers_players(board: Board, header: _Named | list[str] | None) -> bool:
    """Whether a vugraph header's eight names already give this board's players."""
    names = header if header is None or isinstance(header, list) else header.names
    if not names or len(names) < 8 or board.room not in ("open", "closed"):
        return False
    room_names = names[:4] if board.room == "open" else names[4:8]
    return _names_to_players(room_names) == board.players



def calls_and_explanations(board: Board) -> list[tuple[str, str]]:
    """The ``mb`` and ``an`` pairs of a board's auction, in order."""
    pairs: list[tuple[str, str]] = []
    if board.auction is None:
        return pairs
    for call, note in zip(board.auction.calls, board.auction.annotations, strict=True):
        pairs.append(("mb", call_text(call, bool(note and note.alert))))
        if note is not None and note.explanation is not None:
            pairs.append(("an", note.explanation))
    return pairs


def written_claim(board: Board) -> int | None:
    """Declarer's total to write as ``mc``: a claim, or a known result the cards do not show."""
    play = board.play
    if board.extra.get("lin", {}).get("result_from") == "rs":
        return None  # the header's rs says it
    if board.auction is None or not board.auction.is_complete:
        return None  # an mc before the auction ends cannot be read; a header's rs says the result
    if play is not None and play.claimed is not None:
        return play.claimed
    if board.tricks is None or (play is not None and play.result is not None) or board.contract is None:
        return None
    return None if board.contract.is_passed_out else board.tricks


def canonical_lin_layout(
    board: Board, players_in_header: bool = False, places: list[tuple[str, int] | None] | None = None
) -> tuple[list[str], list[list[Any]]]:
    """The heading codes and the display pairs (``st``, ``rh``, ``pg``, ``nt``) the writer uses for
    a board that brings no layout of its own: BBO's single-board form (formats.md §8.7).

    Commentary goes after the last card, or, with ``places`` (see `bridgetools.formats._commentary`),
    each comment after its call or card, with its text in the event (the order is then the places').
    """
    layout = [] if board.room is None else ["qx"]  # qx opens a vugraph block, before its pn
    if not players_in_header:
        layout.append("pn")
    if board.dealer is not None or board.deal is not None:
        layout.append("md")
    if board.number is not None:
        layout.append("ah")
    if board.vulnerability is not None:
        layout.append("sv")
    events: list[list[Any]] = []
    if "md" in layout:
        at = layout.index("md")
        events += [[at, "st", ""], [at + 1, "rh", ""]]
    auction_pairs = calls_and_explanations(board)
    k = len(layout) + len(auction_pairs)
    if board.auction is not None and len(board.auction):
        events.append([k, "pg", ""])
    cards = len(board.play.cards) if board.play is not None else 0
    for trick in range(1, cards // 4 + 1):
        events.append([k + 4 * trick, "pg", ""])
    k += cards
    if written_claim(board) is not None:
        k += 1
    if cards % 4:
        events.append([k, "pg", ""])
    if places is None or not any(places):
        events += [[k, "nt", None] for _ in board.commentary]
        return layout, events
    # The k after each call (and its explanation), then after each card; a comment goes before a
    # pg at the same place (BBO's nt|...|pg||: the comment, then the pause to read it).
    after_call: list[int] = []
    for i, (code, _) in enumerate(auction_pairs, 1):
        if code == "mb":
            after_call.append(i)
        elif after_call:  # the call's explanation
            after_call[-1] = i
    heads, start = len(layout), len(layout) + len(auction_pairs)
    placed: list[list[Any]] = []
    for text, place in zip(board.commentary, places, strict=False):
        at = k
        if place is not None and place[0] == "call" and place[1] < len(after_call):
            at = heads + (after_call[place[1]] if place[1] >= 0 else 0)
        elif place is not None and place[0] == "card" and place[1] < cards:
            at = start + place[1] + 1
        placed.append([at, "nt", text, place is None or place[1] < 0])
    ordered = sorted(events + placed, key=lambda e: (e[0], len(e) == 3 or e[3]))
    return layout, [e[:3] for e in ordered]


