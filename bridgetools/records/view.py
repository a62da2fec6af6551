"""What a hand record shows of one board, worked out once for every output (PDF, HTML): the hands shown,
HCP, the double-dummy table, makeable contracts and par, auction, play, result and commentary.

Text holds the Unicode suit symbols ``♠♥♦♣``; each renderer draws them its own way (the PDF with the Symbol
font, HTML as coloured spans).
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bridgetools._words import DEFAULT_TITLE, named, numbers_named, plural
from bridgetools.board import Board
from bridgetools.board.leftovers import calls_shown, play_shown
from bridgetools.dd.cache import RecentTables
from bridgetools.errors import BridgeError, Issue, named_extra, warn_caller
from bridgetools.formats._deal_checks import uneven_hands
from bridgetools.formats._quiz import asks_the_next_call
from bridgetools.formats._results_tables import READ_COLUMNS, SCORE_TABLE, players_of
from bridgetools.formats._suit_marks import commentary_written_in, pbn_marks, pbn_suits
from bridgetools.formats.pbn_checks import PBN_DATE
from bridgetools.formats.replaced_play import OWN_AUCTION_HEADING, OWN_PLAY_HEADING
from bridgetools.formats.text import (
    card_shown,
    deal_not_read,
    judged,
    kept_calls_shown,
    kept_legend,
    play_written_table,
    rooms_named,
    suits_in_explanation,
    unscored_text,
)
from bridgetools.model import Annotation, Card, Deal, Seat, Strain, Suit, Vul, holding_str
from bridgetools.model.cards import SUITS_DISPLAY_ORDER
from bridgetools.model.results import DDTable, Par, TableResult, makeable_text, par_wording
from bridgetools.records.bcflags import shown_by
from bridgetools.records.rotate import hidden_seats, role_missing, role_seat, rotate_board, student_seat

PER_PAGE = (1, 2, 4, 6, 8)
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
"""Paper sizes in points (1/72 inch)."""
LETTER_TERRITORIES = frozenset({"US", "CA", "MX", "PH", "BO", "CL", "CO", "CR", "GT", "NI", "PA", "PR", "SV",
                                "VE"})
"""Where the paper is US Letter: the territories whose C library locales (glibc's LC_PAPER) give 8.5 x 11
inches; A4 everywhere else."""


def default_paper(environ: Mapping[str, str]) -> str:
    """``letter`` or ``a4`` as the locale's paper (LC_ALL, else LC_PAPER, else LANG, as the C library reads
    them): a club in the ACBL area prints on Letter, the rest of the world on A4."""
    locale = next((environ[name] for name in ("LC_ALL", "LC_PAPER", "LANG") if environ.get(name)), "")
    territory = re.match(r"[A-Za-z]+_([A-Za-z]{2})(?![A-Za-z])", locale)
    return "letter" if territory and territory.group(1).upper() in LETTER_TERRITORIES else "a4"
DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
"""Rows and columns of the double-dummy grid, in the order of the PBN DoubleDummyTricks tag."""
SUIT_SYMBOLS = {suit.symbol: suit for suit in Suit}
DD_HINT = f"double-dummy tables need {named_extra('dd')}"
PAR_HINT = f"par for a double-dummy table the file gives without it needs {named_extra('dd')}"


BELOW_THE_DIAGRAM = ("deal not read", "makeable contracts", "par", "auction", "auction notes", "play",
                     "result", "traveller", "commentary")
"""What a board prints under its diagram, in this order in PDF and HTML alike: the double-dummy figures
first, as a club's hand record gives them, then what happened at the table (auction, play, the result it
came to), then the commentary on it (the order of `convert -f text` too)."""


@dataclass(frozen=True)
class Options:
    """How the hand records look: boards per page, paper, header, colours, which hands, rotation, extras."""

    per_page: int = 4
    paper: str = "a4"
    title: str | None = None
    event: str | None = None
    date: str | None = None
    four_colours: bool = False
    show: frozenset[Seat] | None = None
    """The hands to print; None: each board's own (all four, less the seats its PBN Hidden tag names)."""
    rotate: Seat | None = None
    """The seat each board is turned to bring ``rotate_who`` to; None: the boards as the file gives them."""
    rotate_who: str | None = None
    """Who ``rotate`` turns to its seat: a role of `bridgetools.records.rotate.ROLES` (``responder``) or a
    seat letter; None: the student (`student_seat`). A board without that player is not turned."""
    auction: bool = False
    play: bool = False
    result: bool = False
    commentary: bool = True
    replaced: bool = False
    """Print the comments `bid --rebid` and `autoplay` keep of the auction and play they replaced (a
    teacher's handout leaves the discarded auction out: `print --replaced` asks for it)."""
    hcp: bool = True
    """Print each shown hand's HCP (the compass under the diagram); off for a student sheet whose students
    count the points themselves (`print --no-hcp`)."""
    dd: bool = False
    traveller: bool = False
    """Print each board's traveller, the other tables' results its ScoreTable gives (`traveller_rows`)."""
    cover: str | None = None
    header_from_file: bool = True
    """Whether a title, event and date not given are taken from the file (its BridgeComposer header or
    first board). Off for boards from several files: the first file's event would head the others' boards."""
    per_page_from_file: bool = False
    """Whether the file's BridgeComposer ``%BoardsPerPage`` directive, where it has one, sets ``per_page``
    (`print` without ``--per-page``)."""
    per_page_to_fit: bool = False
    """Whether an input of fewer boards than ``per_page`` is printed at the fewest boards a page that
    holds them all (one board alone on its page, in its larger type, its text not cut with the page mostly
    empty): `print` without ``--per-page`` or the file's ``%BoardsPerPage``."""
    file_title: str | None = None
    """The title where the file gives none a person wrote (its boards' Event the one `deal` makes up,
    ``bridgetools deal, seed 2026``): the input's name, ``week 5 – Stayman & transfers`` (`print` of one
    file)."""
    font: str | Path | None = None
    """A TrueType font file (``.ttf``) for PDF text beyond WinAnsi (Greek, Polish ``Ł``, Cyrillic); None:
    a Unicode family found in the usual font folders (`records.fonts`). Refused for HTML, which is shown in
    the reader's fonts."""

    @property
    def page_title(self) -> str:
        """The title each page is headed with (and the document's): the one given, else `DEFAULT_TITLE`."""
        return self.title or DEFAULT_TITLE

    def __post_init__(self) -> None:
        if self.per_page not in PER_PAGE:
            allowed = ", ".join(map(str, PER_PAGE))
            raise BridgeError(f"boards per page must be one of {allowed}, not {self.per_page}")
        if self.paper not in PAPERS:
            raise BridgeError(f"paper must be A4 or Letter, not {self.paper!r}")


@dataclass(frozen=True)
class DDView:
    """Double-dummy tricks by declarer (N S E W) and strain (NT S H D C), makeable contracts and par."""

    tricks: dict[Seat, tuple[int, ...]]
    makeable: str
    par: str | None


@dataclass(frozen=True)
class BoardView:
    """One board as printed."""

    number: int | None
    dealer: Seat | None
    vulnerability: Vul | None
    hands: dict[Seat, tuple[str, str, str, str] | None]
    """Per seat the four holdings (spades first; ``—`` for a void), None when hidden or unknown."""
    hcp: dict[Seat, int]
    """HCP of the hands shown; empty where ``Options.hcp`` is off."""
    dd: DDView | None = None
    auction: list[list[str]] = field(default_factory=list)
    """Rows of four calls under W N E S; empty strings before the dealer. An alerted call ends in ``!``,
    an explained one in its number in `auction_notes` (``1♠! (1)``)."""
    auction_notes: list[str] = field(default_factory=list)
    """The explanations of the auction's calls, numbered as the calls refer to them (``1. 5+ strong``)."""
    play: list[str] = field(default_factory=list)
    """The tricks, ``1. W: ♠K ♥3 ♠4 ♠3  won by N``, and a claim that ended the play; printed under a
    ``Play:`` heading, so that they are not read as more of the auction's numbered explanations."""
    result: str | None = None
    result_label: str = "Result:"
    """What `result` is headed: ``Result:`` for what the contract came to, ``Contract:`` for a contract
    whose tricks the file does not give (``Contract: 6♥ by N``)."""
    traveller: list[list[tuple[str, ...]]] = field(default_factory=list)
    """The traveller as rows of cells, its column heads first, in each spelling of its pairs, fullest first
    (`travellers`); empty when not printed."""
    traveller_notes: list[str] = field(default_factory=list)
    """Printed under the traveller: the legend of its scores worked out anew (`rescored_notes`)."""
    commentary: list[str] = field(default_factory=list)
    room: str | None = None
    """``open`` or ``closed`` for a board of a team match, so its two diagrams can be told apart."""
    unread_deal: str | None = None
    """``Deal not read: club.pbn:5:76: ...`` when the file's deal string could not be read: printed under the
    heading, so that the empty diagram is not taken for a board with no cards."""
    hidden_labels: frozenset[str] = frozenset()
    """Which of ``board``, ``dealer`` and ``vulnerability`` the heading leaves out (BridgeComposer's
    BCFlags hide bits: a quiz's "sub-board")."""
    page_break: bool = False
    """Start a new page (sheet) before this board (BCFlags 0x04000000)."""
    source: str | None = None
    """The name of the file the board came from, when boards of several files are printed together, so
    that two files' ``Board 1`` can be told apart (``File: monday.pbn``); None for one file."""
    turned: tuple[Seat, Seat] | None = None
    """The seat whose hand `print --rotate` turned and the seat it is printed in (``Turned: East as
    South``), so that a student at a table holding the board itself, its dealer and vulnerability as dealt,
    sees why the handout's differ; None for a board printed as dealt."""

    def label_lines(self) -> list[str]:
        """The heading under the board's number: dealer, vulnerability, then the turn, room and the file it
        came from (one line, where several: the corner holds three); less what BCFlags hides."""
        dealer = self.dealer.full_name if self.dealer is not None else "?"
        lines = [] if "dealer" in self.hidden_labels else [f"Dealer: {dealer}"]
        if "vulnerability" not in self.hidden_labels:
            lines.append(f"Vul: {vul_text(self.vulnerability)}")
        where = [room_text(self.room)] if self.room else []
        if self.source is not None:
            where.append(f"File: {self.source}" if not where else self.source)
        if self.turned is not None:  # by the seats' letters where it shares the corner's narrow line
            names = [seat.full_name if not where else seat.letter for seat in self.turned]
            where.insert(0, f"Turned: {names[0]} as {names[1]}")
        return [*lines, ", ".join(where)] if where else lines

    @property
    def heading(self) -> str | None:
        """``Board 7``; None when BCFlags hides the number."""
        if "board" in self.hidden_labels:
            return None
        return f"Board {self.number if self.number is not None else '?'}"

    @property
    def is_text_only(self) -> bool:
        """A page of text, not a board: no number, dealer, vulnerability or hand to print (a lesson file's
        introduction); printed as its commentary alone, not under an empty diagram."""
        no_hand = all(hand is None for hand in self.hands.values())
        return (self.number is None and self.dealer is None and self.vulnerability is None and no_hand
                and self.dd is None and not self.auction)


def room_text(room: str | None) -> str:
    """``Open room`` or ``Closed room`` (another room's name as it is); empty for no room."""
    return f"{room.capitalize()} room" if room in ("open", "closed") else (room or "")


def ranks_text(holding: int) -> str:
    """A holding as printed: ranks highest first, spaced, ``10`` for the ten, ``—`` for a void."""
    text = holding_str(holding)
    return " ".join("10" if r == "T" else r for r in text) if text else "—"


def card_text(card: Card) -> str:
    """A card as printed in the play: its suit symbol and rank, ``10`` for the ten, as the hands show it
    (``♣10``, not ``♣T``)."""
    return card.suit.symbol + ("10" if card.rank.char == "T" else card.rank.char)


def _dd_from_file(board: Board) -> dict[Seat, tuple[int, ...]] | None:
    """The file's double-dummy table when it gives every cell (a partial one is solved again)."""
    table = board.dd_table
    if table is not None:
        cells = {seat: tuple(table[seat, strain] for strain in DD_STRAINS) for seat in DD_SEATS}
        if all(t is not None for row in cells.values() for t in row):
            return {seat: tuple(int(t) for t in row if t is not None) for seat, row in cells.items()}
        return None
    digits = board.tags.get("DoubleDummyTricks", "").strip()
    if re.fullmatch(r"[0-9a-dA-D]{20}", digits):
        return {seat: tuple(int(d, 16) for d in digits[5 * i:5 * i + 5]) for i, seat in enumerate(DD_SEATS)}
    return None


def _par_from_file(board: Board) -> str | None:
    """Par as the file gives it (OptimumScore and ParContract), suits as symbols like a par computed here."""
    par = getattr(board, "par", None)
    if par is not None:
        contracts = _contracts_text(getattr(par, "contracts", ()) or ())
        if par.score is None:  # a ParContract tag without OptimumScore: the contracts alone
            return contracts or None
        return par_wording(int(par.score), contracts)
    score_text = board.tags.get("OptimumScore", "").strip()
    contract = board.tags.get("ParContract", "").strip()
    m = re.fullmatch(r"(NS|EW)\s*([+-]?\d+)", score_text)
    if m:
        value = int(m.group(2))
        return par_wording(value if m.group(1) == "NS" else -value, _suits(contract))
    return contract or None


def _suits(text: str) -> str:
    """Strain letters after a level as suit symbols: ``4S`` -> ``4♠``."""
    return re.sub(r"(?<=[1-7])([SHDC])", lambda m: Suit[m.group(1)].symbol, text)


PLAY_HEADING = "Play:"
"""What heads a board's tricks in print, PDF and HTML alike."""

SOLVED_KEPT = 1_000
"""How many recent deals' tables `print --dd` keeps, to give a repeat of one (a match's other room) without
solving it again."""


class _Solver:
    """Computes the tables files do not carry, through `bridgetools.dd` when it is installed; warns once
    (with the install hint) when it is not."""

    def __init__(self) -> None:
        self.hinted: set[str] = set()
        """The install hints already given (the table's, par's): each once."""
        self.not_full: list[int | None] = []
        """The boards asked for a table that have no four full hands (a lesson's two hands)."""
        self.tables: RecentTables[Deal, DDTable] = RecentTables(SOLVED_KEPT)
        """The recent deals' tables: a match's two rooms of a board are solved once."""

    def __call__(self, board: Board, ending: int) -> tuple[dict[Seat, tuple[int, ...]], str | None] | None:
        """The table of ``board``'s deal and par's text (none in an ending of ``ending`` tricks,
        `ending_tricks`), or None where there is no deal to solve or no dd extra."""
        if board.deal is None and board.number is None:  # no board: a lesson's introduction, a heading
            return None
        if deal_not_read(board) is not None:  # its page and the reader's warning say where the deal is wrong
            return None
        if board.deal is None or not (board.deal.is_complete or ending):
            self.not_full.append(board.number)
            return None
        dd = self._dd(DD_HINT)
        if dd is None:
            return None
        table = self.tables.get(board.deal)
        if table is None:
            table = self.tables[board.deal] = dd.dd_table(board.deal)
        tricks = {seat: tuple(int(table[seat, strain] or 0) for strain in DD_STRAINS) for seat in DD_SEATS}
        if board.vulnerability is None or board.dealer is None or ending:  # par depends on them, and on
            return tricks, None  # thirteen tricks: `dd` gives none
        return tricks, _computed_par_text(dd.par(table, board.vulnerability, board.dealer))

    def par(self, board: Board, tricks: dict[Seat, tuple[int, ...]]) -> Par | None:
        """Par from a table the file gives without it (or with its score alone), as `dd` computes it from
        the same table; None without the dd extra (one warning) or the board's dealer and vulnerability."""
        if board.vulnerability is None or board.dealer is None:
            return None
        dd = self._dd(PAR_HINT)
        if dd is None:
            return None
        par: Par = dd.par(_table(tricks), board.vulnerability, board.dealer)
        return par

    def _dd(self, hint: str) -> Any:
        """The `bridgetools.dd` module when the dd extra (endplay's DDS) is installed, or None after warning
        ``hint`` once: `bridgetools.dd` itself imports without the extra, and stops at the first table."""
        try:
            import importlib

            from bridgetools.dd import _dds

            if _dds.available():
                return importlib.import_module("bridgetools.dd")
        except ImportError:
            pass
        if hint not in self.hinted:
            warn_caller(hint)
            self.hinted.add(hint)
        return None


def ending_tricks(deal: Deal | None) -> int:
    """The tricks left to play in an ending (four hands of one size, 1 to 12 cards: a lesson's squeeze or
    endplay), which `dd` solves as it stands; 0 for a whole deal or one with hands missing or unequal."""
    hands = deal.hands if deal is not None else ()
    sizes = {len(hand) for hand in hands if hand is not None}
    return sizes.pop() if len(hands) == 4 and None not in hands and len(sizes) == 1 and sizes != {13} \
        and sizes != {0} else 0


def _table(tricks: dict[Seat, tuple[int, ...]]) -> DDTable:
    """The printed rows (declarers N S E W by NT S H D C) as a `DDTable`."""
    return DDTable.from_mapping({(seat, strain): count for seat, row in tricks.items()
                                 for strain, count in zip(DD_STRAINS, row, strict=True)})


def _computed_par_text(par: Par) -> str:
    """A par worked out here, as printed (and as `dd` shows it): ``NS 420 (NS 4♠)``."""
    return par.text(unicode=True)


def _contracts_text(contracts: Iterable[object]) -> str:
    """Par contracts as printed, suits as symbols: ``4♠, 5♦x``."""
    return ", ".join(_suits(str(c)) for c in contracts)


def makeable(tricks: dict[Seat, tuple[int, ...]]) -> str:
    """Makeable contracts as `dd` shows them (`makeable_text`: ``NS 4♦; EW 3NT``), with suit symbols."""
    return makeable_text(_table(tricks), unicode=True, nothing="none")


def _file_par_incomplete(board: Board) -> bool:
    """Whether the file leaves par to be worked out: none given, or its score without the contracts
    (``OptimumScore`` alone) that `dd` names from the same table."""
    par = getattr(board, "par", None)
    if par is not None:
        return par.score is not None and not par.contracts
    return not board.tags.get("ParContract", "").strip()


def _par_for(board: Board, tricks: dict[Seat, tuple[int, ...]], given: str | None,
             solve: _Solver) -> str | None:
    """Par for a table the file gives: the file's own when whole; else par computed from that table, as
    `dd` gives it, where the file has none or its score agrees (its contracts filled in); else the file's."""
    if given is not None and not _file_par_incomplete(board):
        return given
    computed = solve.par(board, tricks)
    if computed is None:
        return given
    if given is not None and given != par_wording(int(computed.score or 0), ""):  # the file's score prevails
        return given
    return _computed_par_text(computed)


def _auction_rows(board: Board) -> tuple[list[list[str]], list[str]]:
    """The auction's rows under W N E S, and the explanations its calls refer to (numbered in order); a
    call's suffix and NAGs after it (`judged`); the calls kept as written after the legal ones, or past an
    irregularity, follow, marked and explained under the table as `show` marks them (`kept_calls_shown`,
    `kept_legend`)."""
    if board.auction is None:
        return [], []
    order = (Seat.W, Seat.N, Seat.E, Seat.S)
    cells = [""] * order.index(board.auction.dealer)
    notes: list[str] = []
    kept = calls_shown(board)
    made = [(call.unicode(), a)
            for call, a in zip(board.auction.calls, board.auction.annotations, strict=True)]
    for text, annotation in made + kept_calls_shown(kept, unicode=True):
        if annotation is not None and annotation.alert:
            text += "!"
        text += judged(annotation)
        said = _explanation(board, annotation)
        if said:
            notes.append(f"{len(notes) + 1}. {said}")
            text += f" ({len(notes)})"
        cells.append(text)
    if board.auction.is_complete and not board.auction.is_passed_out and cells[-3:] == ["Pass"] * 3:
        cells = [*cells[:-3], "All Pass"]  # whoever dealt; a passed-out board keeps its four passes
    if asks_the_next_call(board):  # a bidding quiz: the student's turn
        cells.append("?")
    notes += kept_legend(kept)
    return [cells[i:i + 4] + [""] * (4 - len(cells[i:i + 4])) for i in range(0, len(cells), 4)], notes


def _explanation(board: Board, annotation: Annotation | None) -> str | None:
    """What a call's annotation explains: its own explanation (LIN ``an``), else its PBN note's text; its
    suit marks as symbols."""
    if annotation is None:
        return None
    note = board.notes.get(annotation.note) if annotation.note is not None else None
    said = annotation.explanation or note
    return suits_in_explanation(said, unicode=True) if said else None  # BBO's !S and @S, PBN's \S, as `show`


def _play_lines(board: Board, turned: int = 0) -> list[str]:
    """The tricks as printed, each card with its suffix and NAGs and its note's number, the notes listed
    under them (`card_shown`); a claim; the tricks the play could not replay (a revoke ``^R``) as written
    with their marks (`play_written_table`): what `show` shows, so a handout drops no teacher's mark. The
    written tricks keep the file's seats, so a board ``turned`` quarter-turns (`rotate_board`) turns them."""
    play = board.play
    notes = play.annotations if play is not None else {}
    lines = []
    footnotes: list[str] = []
    at = 0
    for k, trick in enumerate(play.trick_list if play is not None else (), 1):
        cards = " ".join(card_shown(card_text(card), notes.get(at + i), footnotes, unicode=True)
                         for i, card in enumerate(trick.cards))
        at += len(trick.cards)
        won = f"  won by {trick.winner}" if trick.winner is not None else ""
        lines.append(f"{k}. {trick.leader}: {cards}{won}")
    if play is not None and play.claimed is not None:  # the tricks the play stopped short of, as `show`
        lines.append(f"Claim: declarer takes {plural(play.claimed, 'trick')} in all")
    lines += [f"[{i}] {text}" for i, text in enumerate(footnotes, 1)]
    if written := play_shown(board):
        written = tuple(tuple((Seat.parse(seat).offset(turned).name, card) for seat, card in row)
                        for row in written)
        lines += play_written_table(written, board, unicode=True, shown=card_text).splitlines()
    return lines


def _result_line(board: Board) -> str | None:
    contract, declarer = board.contract, board.declarer
    if contract is None:
        return None
    if contract.is_passed_out:
        return "Passed out"
    from bridgetools.scoring import score

    text = f"{contract.unicode()} by {declarer}" if declarer is not None else contract.unicode()
    if board.tricks is None or declarer is None:
        return text
    if board.vulnerability is None:  # the tricks, and the file's score as the file's, as `show` says them
        unscored = unscored_text(board)
        return f"{text}, {board.tricks} tricks" + (f", {unscored}" if unscored is not None else "")
    points = score(contract, board.tricks, board.vulnerability, declarer=declarer)
    side = declarer.side if points >= 0 else ("EW" if declarer.side == "NS" else "NS")
    return f"{text}, {board.tricks} tricks, {side} +{abs(points)}"


TRAVELLER_HEADS = ("NS", "EW", "Tables", "Contract", "By", "Result", "Lead", "NS +", "EW +", "MP NS", "MP EW",
                   "% NS", "% EW", "IMP NS", "IMP EW")
"""A traveller's columns as a director's scoring program prints them; the pairs' columns carry their names
where the file gives them, and a column no row fills is left out (``Tables`` where every row is one).
``Result`` is the over- or undertricks (``=``, ``+1``, ``-2``), ``% NS`` / ``% EW`` each side's percentage."""


@dataclass(frozen=True, slots=True)
class Rescored(TableResult):
    """A table's result whose score the file gives otherwise than its contract, declarer and tricks score
    (Law 77), as a traveller whose matchpoints are counted here ranks it: ``score_ns`` is the Law 77 score
    (the one ranked), ``file_score_ns`` the file's (``file_score_ew`` East-West's, where it does not balance
    it). The traveller prints the first marked `RESCORED`, and says the second under it (`rescored_notes`),
    so that a line and its matchpoints agree."""

    file_score_ns: int | None = None
    file_score_ew: int | None = None
    ranked_by: str = "matchpoints rank"
    """What ranks the score, for the note: ``matchpoints rank``, ``IMPs count``."""

    def turned(self, k: int) -> Rescored:
        """As `TableResult.turned`, the file's score too seen from the side it turns to."""
        turned = TableResult.turned(self, k)
        if k % 2 == 0 or self.file_score_ns is None:
            return turned
        if self.file_score_ew is not None:
            return replace(turned, file_score_ns=self.file_score_ew, file_score_ew=self.file_score_ns)
        return replace(turned, file_score_ns=-self.file_score_ns)


RESCORED = "*"
"""The mark of a traveller's score worked out from the contract in place of the file's (`Rescored`)."""


def rescored_notes(results: Iterable[TableResult]) -> list[str]:
    """The legend of a traveller's `RESCORED` marks (none when no score is marked): what the file says of
    each table so scored again."""
    results = list(results)
    said = [f"NS {r.file_score_ns}{'' if r.file_score_ew is None else f' and EW {r.file_score_ew}'} for "
            f"{r.contract.unicode() if r.contract is not None else '?'} by "
            f"{r.declarer.letter if r.declarer is not None else '?'} making {r.tricks}"
            for r in results if isinstance(r, Rescored)]
    if not said:
        return []
    ranked_by = next(r.ranked_by for r in results if isinstance(r, Rescored))
    return [f"{RESCORED} Scored from the contract (Law 77), as the {ranked_by} it; the file says "
            f"{', '.join(said)}."]


PAIRS_SPELT = ("names", "surnames", "numbers")
"""How a traveller names its pairs, fullest first: number and players' names (``3 Ann Smith & Bo Jones``),
number and surnames (``3 Smith & Jones``), the number alone (surnames for a pair with no number)."""


def travellers(results: Iterable[TableResult]) -> list[list[tuple[str, ...]]]:
    """The traveller in each of `PAIRS_SPELT`'s spellings (none repeated), for a printer to take the fullest
    whose pairs fit a line; empty when there are no other tables' results."""
    results = list(results)
    spelt: list[list[tuple[str, ...]]] = []
    for pairs in PAIRS_SPELT:
        rows = traveller_rows(results, pairs)
        if rows and rows not in spelt:
            spelt.append(rows)
    return spelt


def traveller_rows(results: Iterable[TableResult], pairs: str = "names") -> list[tuple[str, ...]]:
    """The other tables' results (a PBN ScoreTable) as a traveller: the column heads, then a row a table,
    in the file's order, the pairs spelt as ``pairs`` says (`PAIRS_SPELT`). A score goes in the column of
    the side that scored it (``NS +`` 420, or ``EW +`` 50; ``300 adj.`` when the director assigned it),
    assigned scores that do not balance as each side's own, signed (``-420 adj.`` and ``100 adj.``), an
    artificial adjusted score as each side's percentage (``60%``); a row standing for several tables says
    how many under ``Tables``."""
    rows = [_traveller_row(result, pairs) for result in results]
    if not rows:
        return []
    kept = [k for k, head in enumerate(TRAVELLER_HEADS)
            if any(row[k] not in ("", "1" if head == "Tables" else "") for row in rows)]
    return [tuple(TRAVELLER_HEADS[k] for k in kept), *(tuple(row[k] for k in kept) for row in rows)]


def traveller_widths(rows: list[tuple[str, ...]], measure: Callable[[str, bool], float], pad: float,
                     room: float, squeeze: bool = False) -> list[float] | None:
    """A traveller's column widths within ``room``, text measured by ``measure(text, bold)`` (the heads
    bold), each column ``pad`` wider than its text: each figure's column as wide as its widest entry, the
    heads on one line, else wrapped at their spaces; the pairs' columns narrowed to share what is left,
    each pair on two lines at most and no word of it (a pair's number) broken. None when that does not
    fit; when ``squeeze``, the narrowest widths instead, the pairs' columns as narrow as the room leaves."""
    names = [k for k, head in enumerate(rows[0]) if head in ("NS", "EW")]

    def widest(cells: Iterable[str], bold: bool = False, words: bool = False) -> float:
        pieces = (word for cell in cells for word in cell.split()) if words else cells
        return max((measure(piece, bold) for piece in pieces), default=0.0)

    widths: list[float] = []
    over = 0.0
    for heads_wrap in (False, True):
        widths = [max(widest([row[k] for row in rows[1:]]), widest([rows[0][k]], True, heads_wrap)) + pad
                  for k in range(len(rows[0]))]
        over = sum(widths) - room
        if over <= 0:
            return widths
        if names and all(widths[k] - over / len(names) >= max(
                widths[k] / 2, widest([row[k] for row in rows[1:]], words=True) + pad,
                widest([rows[0][k]], True) + pad) for k in names):
            return [w - over / len(names) if k in names else w for k, w in enumerate(widths)]
    if not squeeze:
        return None
    return [max(w - over / len(names), pad) if k in names else w for k, w in enumerate(widths)] \
        if names else widths


def traveller_columns_left_out(board: Board) -> list[str]:
    """The columns of ``board``'s ScoreTable that its printed traveller has no place for (``Table``,
    ``Round``, ``Rank``, ``Remark``: `READ_COLUMNS` are those it reads), for one warning; none when the
    board has no results to print."""
    table = board.tables.get(SCORE_TABLE)
    if table is None or not board.results:
        return []
    return [name for name in table.names if name not in READ_COLUMNS]


def _traveller_row(result: TableResult, pairs: str) -> tuple[str, ...]:
    def pair(number: str | None, names: tuple[str, ...]) -> str:
        if pairs != "names":
            names = () if number and pairs == "numbers" else tuple(map(_surname, players_of(names)))
        return " ".join(part for part in (number, " & ".join(names)) if part)

    contract = result.contract.unicode() if result.contract is not None else (result.contract_label or "")
    tricks = ""
    if result.contract is not None and result.tricks is not None and not result.contract.is_passed_out:
        over = result.tricks - result.contract.tricks_needed
        tricks = "=" if over == 0 else f"{over:+d}"
    plus_ns = plus_ew = ""
    marks = f"{' adj.' if result.adjusted else ''}{RESCORED if isinstance(result, Rescored) else ''}"
    if result.score_ns is not None and result.score_ew is not None:  # assigned scores that do not balance:
        plus_ns, plus_ew = f"{result.score_ns}{marks}", f"{result.score_ew}{marks}"  # each side's own, signed
    elif result.score_ns is not None:
        score = f"{abs(result.score_ns)}{marks}"
        plus_ns, plus_ew = (score, "") if result.score_ns >= 0 else ("", score)
    elif result.adjusted_pct_ns is not None:
        plus_ns = f"{_figure(result.adjusted_pct_ns)}%"
        plus_ew = f"{_figure(result.adjusted_pct_ew)}%" if result.adjusted_pct_ew is not None else ""
    passed = result.contract is not None and result.contract.is_passed_out
    return (pair(result.ns_pair, result.ns_names), pair(result.ew_pair, result.ew_names),
            str(result.multiplicity), contract,
            result.declarer.letter if result.declarer is not None and not passed else "", tricks,
            card_text(result.lead) if result.lead is not None else "",
            plus_ns, plus_ew, _figure(result.matchpoints_ns), _figure(result.matchpoints_ew),
            _figure(result.percentage_ns), _figure(result.percentage_ew),
            _figure(result.imps_ns), _figure(result.imps_ew))


_GENERATIONS = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
"""The generational suffixes after a surname (``Fitzgerald-Montgomery III``, ``Lee Jr.``), no surname."""


def _surname(name: str) -> str:
    """A player's surname as a traveller short of room prints it: before the comma of ``Berg, Ola``, else
    the last word but a generational suffix after it (``Ann Smith``, ``Carl Lee Jr.``)."""
    head, comma, tail = name.partition(",")
    if comma and tail.strip().lower() not in _GENERATIONS:
        return head.strip()  # surname first: Berg, Ola
    words = head.split() or [name]
    while len(words) > 1 and words[-1].lower() in _GENERATIONS:
        words.pop()
    return words[-1]


def _figure(value: float | None) -> str:
    """A matchpoint, IMP or percentage figure as printed: ``3``, ``2.5``; empty for none."""
    return "" if value is None else f"{value:g}"


_ESCAPES = {"\\S": "♠", "\\H": "♥", "\\D": "♦", "\\C": "♣"}


def laid_out(paragraph: str) -> str | None:
    """A comment paragraph laid out with spaces (a diagram, a table: columns lined up), its common indent
    taken off, or None for running text: two lines or more, one indented or holding three spaces in a row."""
    lines = [line.rstrip() for line in paragraph.strip("\r\n").splitlines()]
    if len([line for line in lines if line]) < 2 or not any(
            re.search(r"^ {2,}\S|\S {3,}\S", line) for line in lines):
        return None
    return textwrap.dedent("\n".join(lines))


_DIRECTIVE = re.compile(r"\[(?:show [NESW]{1,4}|BID [^\]\n]{1,12})\]")
"""BridgeComposer's directives to its web page in commentary: ``[show S]`` (the hands to show from here
on), ``[BID 2\\C]`` (the call the student is asked for, behind a button)."""


def commentary_text(text: str) -> str:
    """PBN commentary as printed: ``\\S`` escapes become suit symbols (``\\\\S`` a backslash and S);
    ``<b>``/``<i>`` markup stays;
    BridgeComposer's web page directives (`_DIRECTIVE`) are left out, with the blank lines they leave."""
    if _DIRECTIVE.search(text):
        text = re.sub(r"[ \t]+$", "", _DIRECTIVE.sub("", text), flags=re.M)
        text = re.sub(r"\n{3,}", "\n\n", text).strip("\n")
    return pbn_marks(text, lambda letter: _ESCAPES["\\" + letter])


def is_replaced_comment(text: str) -> bool:
    """Whether ``text`` is the comment that keeps what a replaced auction or play said (`bid --rebid`)."""
    return text.lstrip().startswith((OWN_AUCTION_HEADING, OWN_PLAY_HEADING))


_CALL = re.compile(r"\b([1-7])([CDHS])\b")
"""A suit bid as the replaced auction's comment names it (``N's 5D``)."""


def printed_commentary(board: Board, options: Options, pbn_marks: bool) -> list[str]:
    """``board``'s commentary as printed (`commentary_text`): the comment keeping a replaced auction's
    explanations left out unless ``options.replaced``, and then a paragraph a line (each line names one
    call), its calls' suits as symbols (``N's 5♦``), as the auction prints them."""
    printed = []
    for comment in board.commentary:
        replaced = is_replaced_comment(comment)
        if replaced and not options.replaced:
            continue
        text = commentary_text(comment if pbn_marks else pbn_suits(comment))
        if replaced:
            lines = (_CALL.sub(lambda m: m[1] + Suit.parse(m[2]).symbol, line.strip())
                     for line in text.splitlines())
            text = "\n\n".join(line for line in lines if line)
        printed.append(text)
    return printed


def board_view(board: Board, options: Options, solve: _Solver | None = None) -> BoardView:
    """What ``options`` print of ``board`` (turned first when ``options.rotate`` asks)."""
    turned, mark = 0, None  # mark: whose hand was turned to which seat
    whose = _turned_seat(board, options)
    if options.rotate is not None and whose is not None:
        turned = (options.rotate - whose) % 4
        board = rotate_board(board, turned)
        mark = (whose, options.rotate) if turned else None
    deal: Deal | None = board.deal
    flags = shown_by(board.tags.get("BCFlags"))  # BridgeComposer's: what this board's handout shows
    shown = options.show if options.show is not None else frozenset(Seat) - hidden_seats(board)
    if not flags.diagram and options.show is None:  # as the Hidden tag: --show says otherwise
        shown = frozenset()
    hands: dict[Seat, tuple[str, str, str, str] | None] = {}
    hcp: dict[Seat, int] = {}
    for seat in Seat:
        hand = deal[seat] if deal is not None else None
        if hand is None or seat not in shown:
            hands[seat] = None
            continue
        h = tuple(ranks_text(hand.holding(suit)) for suit in SUITS_DISPLAY_ORDER)
        hands[seat] = (h[0], h[1], h[2], h[3])
        if options.hcp:
            hcp[seat] = hand.hcp
    dd = None
    if options.dd:
        tricks, par = _dd_from_file(board), _par_from_file(board)
        ending = ending_tricks(deal)
        if tricks is None and solve is not None:
            solved = solve(board, ending)
            if solved is not None:
                tricks, par = solved[0], par or solved[1]
        elif tricks is not None and solve is not None:
            par = _par_for(board, tricks, par, solve)
        if tricks is not None and ending:  # contracts and par count thirteen tricks, as `dd` says
            dd = DDView(tricks, f"none: an ending of {plural(ending, 'trick')}, the table counts the tricks "
                                "from here", None)
        elif tricks is not None:
            dd = DDView(tricks, makeable(tricks), par)
    auction, auction_notes = _auction_rows(board) if options.auction and flags.auction else ([], [])
    pbn_marks = commentary_written_in(board, "pbn")  # else LIN's @S, as PBN's \S
    return BoardView(
        number=board.number,
        dealer=board.dealer,
        vulnerability=board.vulnerability,
        hands=hands,
        hcp=hcp,
        dd=dd,
        auction=auction,
        auction_notes=auction_notes,
        play=_play_lines(board, turned) if options.play and flags.play else [],
        result=_result_line(board) if options.result and flags.result else None,
        result_label="Contract:" if board.tricks is None and board.contract is not None
        and not board.contract.is_passed_out else "Result:",
        traveller=travellers(board.results or ()) if options.traveller and flags.result else [],
        traveller_notes=rescored_notes(board.results or ()) if options.traveller and flags.result else [],
        commentary=printed_commentary(board, options, pbn_marks) if options.commentary and flags.commentary
        else [],
        room=board.room,
        unread_deal=deal_not_read(board) or cards_missing(deal, board.issues),
        hidden_labels=flags.hidden_labels,
        page_break=flags.page_break,
        turned=mark,
    )


def cards_missing(deal: Deal | None, issues: Iterable[Issue] = ()) -> str | None:
    """``Card missing: North holds 12 cards; not in the deal: ♠2`` for a deal with a full hand beside a
    short one (a card left out, as the reader warns: `uneven_hands`), printed under the heading where the
    deal's problem is: a club director must not hand out a record with a lost card unseen. None for a
    whole deal, for hands all short alike or a trick part-way played (a lesson's position), and, as the
    reader, where the board's ``issues`` say a hand was refused for too many cards (its Hand not read)."""
    uneven = uneven_hands(deal, Seat.N, refused=issues) if deal is not None else None
    if deal is None or uneven is None or uneven[1] != "warning":
        return None
    hands = [(seat, hand) for seat in Seat if (hand := deal[seat]) is not None]
    short = ", ".join(f"{seat.full_name} holds {plural(len(hand), 'card')}" for seat, hand in hands
                      if len(hand) < 13)
    if len(hands) < 4:  # a hand not given: the cards not dealt are not known
        return f"Cards missing: {short}"
    held = 0
    for _, hand in hands:
        held |= hand.mask
    gone = sorted((card for card in map(Card.from_index, range(52)) if not held & card.bit),
                  key=lambda card: (SUITS_DISPLAY_ORDER.index(card.suit), -card.rank))
    return f"{'Card' if len(gone) == 1 else 'Cards'} missing: {short}; not in the deal: " \
           f"{' '.join(map(card_text, gone))}"


def _turned_seat(board: Board, options: Options) -> Seat | None:
    """The seat of the player ``options.rotate`` turns to its seat on ``board``; None where there is none."""
    return student_seat(board) if options.rotate_who is None else role_seat(board, options.rotate_who)


def board_views(boards: Iterable[Board], options: Options,
                source: Callable[[Board], str | None] | None = None) -> Iterator[BoardView]:
    """The views of ``boards`` in order, skipping what holds no board and what would print nothing (a record
    of text with its text left out); a room named only in a team match (`rooms_named`); each board's file
    named by ``source`` (`BoardView.source`) when boards of several files are printed."""
    solve = _Solver()
    unturned: list[int | None] = []
    short: list[int | None] = []
    for board, room in rooms_named(boards):
        if board.is_empty:
            continue
        view = board_view(board, options, solve)
        if cards_missing(board.deal, board.issues) is not None:
            short.append(board.number)
        if view.is_text_only and not view.commentary and view.unread_deal is None:
            continue  # nothing to print (a heading alone, an introduction under --no-commentary)
        if options.rotate is not None and board.deal is not None and _turned_seat(board, options) is None:
            unturned.append(board.number)
        yield replace(view, room=room, source=source(board) if source is not None else None)
    if short:  # the reader's warning names the line; this, the boards the record marks
        warn_caller(f"board(s) {board_list(short)}: a card missing from the deal, printed with the hands "
                    "as given and marked 'Card missing' under the heading: find the card before handing "
                    "the record out")
    if unturned:  # the role names no one there: printed as dealt, said once rather than turned at random
        warn_caller(f"--rotate {options.rotate_who}: board(s) {board_list(unturned)} printed as dealt, "
                    f"{role_missing(options.rotate_who or '')}")
    if solve.not_full:  # --dd printed nothing for them: say why rather than leave the space blank
        warn_caller(f"no double-dummy table for board(s) {board_list(solve.not_full)}: the file does not "
                    "give all four hands")


def board_list(numbers: list[int | None]) -> str:
    """Board numbers for a warning: each once (a match's two rooms), runs as ranges (`numbers_named`)."""
    return numbers_named(["?" if n is None else str(n) for n in numbers])


def file_escapes(boards: list[Board]) -> list[str]:
    """The ``%`` lines of the file the first of ``boards`` came from (BridgeComposer's directives)."""
    if not boards:
        return []
    pbn = boards[0].extra.get("pbn")
    return list(getattr(pbn, "escapes", ()))  # the PBN reader's `PbnRecord`


def per_page_from(boards: list[Board], options: Options) -> Options:
    """``options`` with the boards a page the file's ``%BoardsPerPage`` asks for (``6``, or ``fit,2``: the
    number, "fit" being BridgeComposer's scaling to the page) where ``per_page_from_file``; a number the
    layout has no grid for becomes the nearest it has (the fewer of two as near), with one warning."""
    if not options.per_page_from_file:
        return options
    for line in file_escapes(boards):
        m = re.match(r"%\s*BoardsPerPage\s+(.*?)\s*$", line)
        if not m:
            continue
        asked = re.fullmatch(r"(?:fit\s*,\s*)?(\d+)", m.group(1), re.IGNORECASE)
        if asked is None:
            warn_caller(f"the file's '{line.strip()}' names no number of boards a page: printed "
                        f"{options.per_page} a page")
            return options
        wanted = int(asked.group(1))
        nearest = min(PER_PAGE, key=lambda n: (abs(n - wanted), n))
        if nearest != wanted:
            warn_caller(f"the file's '{line.strip()}' asks for {plural(wanted, 'board')} a page, which "
                        f"the printer does not lay out: printed {nearest} a page (the nearest it does: "
                        f"{', '.join(map(str, PER_PAGE))})")
        return replace(options, per_page=nearest, per_page_to_fit=False)  # as the file asks
    return options


def counts_as_a_board(board: Board) -> bool:
    """Whether ``board`` prints as a board (a number, dealer, vulnerability, hand or call to show), not as
    a page of text (a lesson's introduction) or nothing (an empty record): what `per_page_to_fit` counts."""
    return (board.number is not None or board.dealer is not None or board.vulnerability is not None
            or board.deal is not None or bool(board.auction))


def per_page_to_fit(boards: int, options: Options) -> Options:
    """``options`` at the fewest boards a page that holds all of an input's ``boards`` where that is fewer
    than ``per_page`` and ``per_page_to_fit``."""
    if not options.per_page_to_fit or boards >= options.per_page:
        return options
    return replace(options, per_page=min(n for n in PER_PAGE if n >= max(boards, 1)))


def header_from(boards: list[Board], options: Options) -> Options:
    """``options`` with the title, event and date a BridgeComposer file gives (``%HRTitleEvent``...) or the
    first board's Event and Date tags filled in where the caller gave none, and a tournament set's key
    commitment as the cover line."""
    if not options.header_from_file:
        return options
    escapes = file_escapes(boards)
    found: dict[str, str] = {}
    for line in escapes:
        m = re.match(r'%\s*HRTitle(Event|Site|Date)\s+"?([^"]*)"?\s*$', line)
        if m and m.group(2).strip():
            found[m.group(1)] = m.group(2).strip()
    first = boards[0] if boards else Board()
    return replace(
        options,
        title=options.title or found.get("Event") or _title_from(named(first.event), options.file_title),
        event=options.event or found.get("Site") or named(first.site),
        date=options.date or found.get("Date") or date_text(named(first.date)),
        cover=options.cover or sealed_in(escapes),
    )


DEALT_EVENT = re.compile(r"bridgetools deal(?:,? .+)?, seed \d+(?:, shard \d+/\d+)?")
"""The Event `deal` gives its boards where none is asked for (`dealing.dealt_event`: the script's file or
``script from standard input``, or none for a condition, and the seed): no title a person chose."""


def _title_from(event: str | None, file_title: str | None) -> str | None:
    """The page's title from the first board's ``event``: the file's name (``file_title``) in place of
    the one `deal` makes up (`DEALT_EVENT`), which tells a student nothing."""
    if event is not None and file_title and DEALT_EVENT.fullmatch(event):
        return file_title
    return event


def sealed_in(escapes: list[str]) -> str | None:
    """The key commitment a tournament set's PBN carries (``% key commitment SHA-256 ...``), which its
    own hand record prints as the cover line, so `print` of the PBN prints it too; else None."""
    from bridgetools.dealer.tournament import commitment_in, sealed_line

    found = commitment_in(escapes)
    return None if found is None else sealed_line(found)


def date_text(date: str | None) -> str | None:
    """A PBN date as a header prints it, in one style whatever is known: the day, the month's name and the
    year (``2012.08.15`` as ``15 August 2012``), each part unknown left out (``2012.08.??`` as ``August
    2012``, ``2012.??.??`` as ``2012``, ``????.08.15`` as ``15 August``), a day without its month too;
    none when nothing is known; a month past 12 is not known; any other text as it is."""
    m = PBN_DATE.fullmatch(date or "")
    if m is None:
        return date
    year, month, day = ("" if "?" in part else part for part in m.groups())
    if month and not 1 <= int(month) <= 12:
        month = ""
    parts = [str(int(day))] if day and month and int(day) else []
    parts += [_MONTHS[int(month) - 1]] if month else []
    parts += [year] if year else []
    return " ".join(parts) or None


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
"""The months in English, as the header's other words (not the reader's locale: the same file gives the
same pages)."""


def vul_text(vul: Vul | None) -> str:
    """Vulnerability as a hand record prints it."""
    return {Vul.NONE: "None", Vul.NS: "N-S", Vul.EW: "E-W", Vul.BOTH: "Both"}[vul] if vul is not None else "?"


__all__ = ["PAPERS", "PER_PAGE", "BoardView", "DDView", "Options", "board_view", "board_views",
           "counts_as_a_board", "default_paper", "hidden_seats", "makeable", "per_page_from",
           "per_page_to_fit", "runs", "suit_colour"]


TWO_COLOURS = {Suit.S: "#000000", Suit.H: "#cc0000", Suit.D: "#cc0000", Suit.C: "#000000"}
FOUR_COLOURS = {Suit.S: "#000000", Suit.H: "#cc0000", Suit.D: "#0050c0", Suit.C: "#008000"}
"""The usual colours: spades and clubs black, hearts and diamonds red; or the English four-colour deck
(diamonds blue, clubs green)."""


def suit_colour(suit: Suit, four_colours: bool) -> str:
    return (FOUR_COLOURS if four_colours else TWO_COLOURS)[suit]


def tagged(text: str, symbol: Callable[[str, Suit], str], allow_tags: bool = False) -> str:
    """``text`` as markup (HTML, or reportlab's paragraphs): escaped, each suit symbol as ``symbol`` draws it;
    with ``allow_tags`` the commentary's ``<b>`` and ``<i>`` stay."""
    out = []
    for piece, suit in runs(text):
        if suit is not None:
            out.append(symbol(piece, suit))
            continue
        escaped = html.escape(piece, quote=False)
        out.append(re.sub(r"&lt;(/?)([bi])&gt;", r"<\1\2>", escaped) if allow_tags else escaped)
    return "".join(out)


def runs(text: str) -> Iterator[tuple[str, Suit | None]]:
    """``text`` cut into plain pieces and single suit symbols, for renderers that draw the symbols apart."""
    for piece in re.split(r"([♠♥♦♣])", text):
        if piece:
            yield piece, SUIT_SYMBOLS.get(piece)
