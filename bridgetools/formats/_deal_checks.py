"""What a reader says of a deal whose hands hold different numbers of cards, in one place for every format
that gives four hands (PBN's Deal, LIN's md): the same deal gets the same message and level from each."""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from bridgetools._lazy import lazy_compile
from bridgetools.errors import NOTE, IllegalCallError, IllegalPlayError, TooManyCardsError
from bridgetools.model import Seat, Vul

if TYPE_CHECKING:
    from bridgetools.board import Board
    from bridgetools.errors import Issue
    from bridgetools.formats._problems import Reporter
    from bridgetools.model import Deal
    from bridgetools.rules.play import Play


HAND_READ_AS_UNKNOWN = "; the hand read as unknown, the others kept"
"""What a reader says after the problem of one hand of a deal it could not read (PBN's Deal, LIN's md)."""


def uneven_deal(lengths: Iterable[tuple[Seat, int | None]], name: str = "Deal") -> tuple[str, str] | None:
    """The message and level for a deal (PBN's Deal, LIN's md: ``name``) whose known hands hold
    different numbers of cards, each named by its seat in the order given (the file's); None when they
    hold as many. A full hand beside shorter ones is most likely a card left out (a warning); with no
    hand of 13 it is a position part-way through a trick, as lessons start (a note)."""
    seats = [(seat, n) for seat, n in lengths if n is not None]
    known = [n for _, n in seats]
    if len(set(known)) < 2:
        return None
    sizes = ", ".join(f"{seat.full_name} {n}" for seat, n in seats)
    if max(known) == 13:
        return f"{name}: {UNEVEN} ({sizes}): a card left out?", "warning"
    return f"{name}: {UNEVEN} ({sizes}): a trick part-way played", "info"


UNEVEN = "the hands hold different numbers of cards"
"""What `uneven_deal` says in every format, by which `deal_issue` finds its problem among a board's."""


def deal_issue(issues: Iterable[Issue]) -> Issue | None:
    """The problem that says where a board's deal is wrong: the one that left it unread (`unread_issue`),
    else the one that says its hands are uneven (`uneven_deal`); None when there is neither."""
    from bridgetools.errors import unread_issue

    issues = list(issues)
    unread = unread_issue(issues, "deal")
    return unread if unread is not None else next((i for i in issues if UNEVEN in i.message), None)


TOO_MANY_CARDS = "too-many-cards"
"""The `Issue.kind` of a hand a reader refused for holding more than 13 cards (`TooManyCardsError`): what
shows the board later (`print`'s Card missing) knows, as the reader did, that the hand short of them is the
same mistake (`uneven_hands`)."""

_TOO_MANY_WORDED = lazy_compile(r"'s hand has \d+ cards \(at most 13\)")
"""How `TooManyCardsError` words its problem, by which one kept before `TOO_MANY_CARDS` is told."""


_CARDS_CLASH = lazy_compile(r"appears twice|is in two hands|'s hand has \d+ cards \(at most 13\)|"
                            r"holds another deal than")
"""How the model and the readers word cards that clash (a card twice, a hand of 14, a DUP file's two parts
dealing otherwise): well-formed cards, not malformed text."""


def malformed(error: Exception) -> bool:
    """Whether ``error``, of a hand, deal, card or call a reader could not read, says the text is no such
    notation (a character that is no rank, a hand of three suits: `Issue.syntax`), not that well-formed
    cards clash (a card twice, a hand of 14) or a call or card the rules refuse (an illegal call)."""
    cause: BaseException | None = error
    while cause is not None:  # a reader's own words for it (``RBN: bad play: ...``) wrap the model's error
        if isinstance(cause, (TooManyCardsError, IllegalCallError, IllegalPlayError)):
            return False
        cause = cause.__cause__ or cause.__context__
    return _CARDS_CLASH.search(str(error)) is None


def refusal_kind(error: Exception) -> str | None:
    """The `Issue.kind` of the problem of a hand refused for ``error``: `TOO_MANY_CARDS` or None."""
    return TOO_MANY_CARDS if isinstance(error, TooManyCardsError) else None


def _too_long(refused: Exception | Issue) -> bool:
    """Whether ``refused`` (a reader's error, or the problem a board keeps of it) refused a hand for
    holding more than 13 cards; a problem kept before its kind was by its words."""
    if isinstance(refused, Exception):
        return isinstance(refused, TooManyCardsError)
    if refused.kind is not None or refused.unread != "deal":
        return refused.kind == TOO_MANY_CARDS
    return _TOO_MANY_WORDED.search(refused.message) is not None


def uneven_hands(deal: Deal, first: Seat, name: str = "Deal",
                 refused: Iterable[Exception | Issue] = ()) -> tuple[str, str] | None:
    """`uneven_deal` of ``deal``'s hands named in the file's order, from ``first`` (PBN's Deal from its
    seat, LIN's md from South, RBN's H line from its seat): not North, East, South, West whatever the file.
    None when a hand was ``refused`` for holding too many cards (the reader's `TooManyCardsError`, or the
    problem a board keeps of it, `TOO_MANY_CARDS`): the hand short of them is the same mistake, told once."""
    if any(_too_long(error) for error in refused):
        return None
    if len({hand.mask.bit_count() for hand in deal.hands if hand is not None}) < 2:
        return None  # as many cards in every known hand (most deals): no hand to name
    seats = [first.offset(i) for i in range(4)]
    return uneven_deal(((seat, None if (hand := deal[seat]) is None else len(hand)) for seat in seats), name)


Place = Callable[[], tuple[int | None, int | None]]
"""Where a board's number or deal was read (line, column), asked only when a problem says it."""

_DEAL_PLACES: dict[int, tuple[str, Place]] = {}
"""Where each living board whose deal is short of 52 cards was read (`deal_read_at`), by its id: a place
asked of a function (a JSON document's, walked again when said), which a board could not be pickled with."""


def deal_read_at(board: Board, source: str, place: Place) -> None:
    """Keep that ``board``'s deal, short of 52 cards or not read, was read from ``source`` at ``place``
    (asked only when said), while the board lives: a writer that needs all 52 (a dealing machine's) then
    names the file being read and the deal's place in it (`deal_place`), not a file it was recorded from."""
    _DEAL_PLACES[id(board)] = (source, place)
    weakref.finalize(board, _DEAL_PLACES.pop, id(board), None)  # an id is used again once it dies


def deal_place(board: Board) -> tuple[str, int | None, int | None] | None:
    """The file and line and column ``board``'s short deal was read at (`deal_read_at`), if known."""
    found = _DEAL_PLACES.get(id(board))
    return None if found is None else (found[0], *found[1]())


_NUMBER_PLACE = "_number_place"
"""Where a board keeps the line and column its number was read at (`BoardsSeen.check`): in its own
attributes, as it keeps what was given (`Board.given`), no field (not compared, shown, written or given to
`dataclasses.replace`'s copy), gone with the board and pickled with it; an id-keyed table with a finalizer,
as `_DEAL_PLACES` (rare), cost every board read from PBN or LIN some 4-7 us and 640 bytes more."""


def number_place(board: Board) -> tuple[int, int | None] | None:
    """The line and column of the file being read where ``board``'s number was read (a PBN Board tag, a
    LIN ah or md), kept with the board; None where the reader did not say it (a JSON document's, a board
    made in code or by `dataclasses.replace`): what a later check finds of the board is said there."""
    found: tuple[int, int | None] | None = board.__dict__.get(_NUMBER_PLACE)
    return found


SESSION_TAGS = ("Stage", "Round", "Section", "HomeTeam", "VisitTeam")
"""Tags that, with the event, site and date, tell one session or match of a file from another: each may
number its boards from 1 with its own deals."""


BOARD_AGAIN = "board-again"
"""The `Issue.kind` of `BoardsSeen.another_deal`'s warning, which `BoardsSeen.check` reports with it."""


class BoardsSeen:
    """The deal each board number of the set being read first had, to tell a board number given again with
    another deal, the same in every format. A file may hold several sets, each numbered from 1 (a
    championship's segments, one after another, often with no tag to tell them): a set ends where the
    session tags change (`SESSION_TAGS`), or where the set's lowest number comes again (segments 1-16,
    1-16; a set starting 14-27, 1-13 ends at the next 1). So a board 2 again in boards 1-6 is told, and a
    file of single-board exports, each board 1 with no event, is a set a board: none is told. A match's
    other room (the number with the same deal) is no problem. A board told starts a new set, so the
    boards after it are compared with it, not told again one by one."""

    def __init__(self) -> None:
        self.session: tuple[object, ...] | None = None
        self.first: dict[int, int] = {}
        """Each number's first deal in the set and the line it was read at, as one int (`_kept`): a set of
        a dealing run's 100,000 boards numbered on keeps some 17 MB, not a `Deal` a board (92 MB)."""
        self.placed: dict[int, Place] = {}
        """The place of a first board known only by asking (a JSON document's, walked again when said)."""
        self.lowest: int | None = None

    def check(self, board: Board, line: int | None, column: int | None, reporter: Reporter,
              session: tuple[str, ...] = ()) -> None:
        """Report by ``reporter`` ``board``'s number given again with another deal (`another_deal`) at
        ``line``:``column``, where the reader read the number, with the kind `BOARD_AGAIN`; keep that place
        with the board (`number_place`)."""
        if line is not None:
            board.__dict__[_NUMBER_PLACE] = (line, column)
        self.check_at(board, lambda: (line, column), reporter, session, line)

    def check_at(self, board: Board, place: Place, reporter: Reporter, session: tuple[str, ...] = (),
                 line: int | None = None) -> None:
        """`check` with the number's line and column asked of ``place`` only when they are said: a JSON
        document finds a place by walking its text again, which only a problem is worth. ``line``, when the
        reader knows it without ``place`` (a JSON Lines record's), is what a first board is kept by, so
        ``place`` and the text it reads (the record's whole line) are let go."""
        again = self._another(board, place, session, line)
        if again is not None:
            reporter.problem(again, *place(), kind=BOARD_AGAIN)

    def another_deal(self, board: Board, line: int | None, session: tuple[str, ...] = ()) -> str | None:
        """The warning for ``board`` (read at ``line``) when its number came earlier in its set with
        another whole deal; None otherwise (a partial deal, a lesson's, is never compared). ``session``:
        what else the format tells a session by that the board's tags do not hold (RBN's S and K lines)."""
        return self._another(board, _at_line(line), session, line)

    def _another(self, board: Board, place: Place, session: tuple[str, ...],
                 line: int | None = None) -> str | None:
        """`another_deal` with the board's place asked of ``place`` only when the warning says it; a first
        board is kept by ``line`` when it is given (its deal and line, all the warning names)."""
        number, deal = board.number, board.deal
        if number is None:
            return None
        key = (board.event, board.site, board.date, *map(board.tags.get, SESSION_TAGS), *session)
        if key != self.session or number == self.lowest:  # a new set, numbered afresh
            self.session, self.first, self.placed, self.lowest = key, {}, {}, number
        self.lowest = number if self.lowest is None else min(self.lowest, number)
        if deal is None or not deal.is_complete:
            return None
        kept = _kept(deal, line)
        first = self.first.get(number)
        if first is None:
            self._keep(number, kept, line, place)
            return None
        if first & _DEAL_BITS == kept & _DEAL_BITS:
            return None
        at = self.placed.get(number)
        first_line = at()[0] if at is not None else (first >> _LINE_SHIFT) - 1 if first > _DEAL_BITS else None
        # A new set from here (another match's boards 33-64 after one's 1-64, in a file that kept no
        # tag to tell them): its other boards compare with it, so a run of repeats is told once.
        self.first, self.placed, self.lowest = {}, {}, number
        self._keep(number, kept, line, place)
        where = f" at line {first_line}" if first_line is not None else ""
        return (f"board {number} again with another deal than board {number}{where}: one number "
                "names two deals (expected each board once, or its other room's deal); "
                "the boards from here on are read as a new set (a fouled board, its tables given two deals, "
                "is scored so, each deal a field of its own; a tag telling the second deal's games apart, "
                "such as [Round \"2\"], marks it fouled and stops this warning)")

    def _keep(self, number: int, kept: int, line: int | None, place: Place) -> None:
        """Keep ``number``'s first deal and line (`_kept`); its ``place`` too when the line is not known
        without asking it."""
        self.first[number] = kept
        if line is None:
            self.placed[number] = place


_LINE_SHIFT = 4 * 52
"""Where `_kept` puts a board's line, above its deal's four hands of 52 bits."""
_DEAL_BITS = (1 << _LINE_SHIFT) - 1


def _kept(deal: Deal, line: int | None) -> int:
    """A whole ``deal`` (its four hands' cards, each 52 bits) and the ``line`` it was read at (plus one, 0
    for none) as one int: all `BoardsSeen` tells a board's deal again by and names it at."""
    packed = 0
    for i, hand in enumerate(deal.hands):
        assert hand is not None  # a whole deal
        packed |= hand.mask << (52 * i)
    return packed | (0 if line is None else line + 1) << _LINE_SHIFT


def deal_key(deal: Deal) -> int | Deal:
    """``deal`` as a check that keeps one for each board of a file keeps it: a whole deal as its four
    hands' cards in one int (`_kept`, some 60 bytes, not a `Deal`'s 900), a partial one (a lesson's) as is."""
    return _kept(deal, None) if deal.is_complete else deal


def _at_line(line: int | None) -> Place:
    """The place of a board known by its line alone."""
    return lambda: (line, None)


RESULT = "result"
"""The fact of a problem that says the contract, declarer and tricks at once (LIN's ``rs`` entry against
the auction and play): a reader that checks them one by one takes it for all three (`covered`)."""


_WORDED_BEFORE_KINDS = lazy_compile(
    r"(?:^|: )(Declarer|Contract|Result|declarer|contract|tricks|rs entry) .* differs from"
    r"|^(Deal|deal): the hands hold different numbers of cards")
"""What a problem kept by a version before `Issue.kind` says, by its words (``Declarer W differs from the
auction's S``, a JSON field's ``tricks 9 differs from ...``, LIN's ``rs entry ... differs from``, ``Deal:
the hands hold different numbers of cards (13, 13, 13, 12)``)."""

_FACT_WORDED = {"declarer": "declarer", "contract": "contract", "result": "tricks", "tricks": "tricks",
                "rs entry": RESULT, "deal": "deal"}


def _kind_of(issue: Issue) -> str | None:
    """``issue``'s kind, or for one written before kinds were kept, the disagreement its words say."""
    if issue.kind is not None:
        return issue.kind
    worded = _WORDED_BEFORE_KINDS.search(issue.message)
    if worded is None:
        return None
    return disagreement_kind(_FACT_WORDED[(worded.group(1) or worded.group(2)).lower()])


def covered(fact: str, issues: Iterable[Issue]) -> bool:
    """Whether ``issues`` (kept from the file a board came from) already say ``fact``'s problem
    (`disagreement_kind`): its own kind, or for the contract, declarer or tricks `RESULT`'s; an issue
    written before kinds were kept by its words, so a JSON file of an earlier version is not told twice."""
    said = {_kind_of(issue) for issue in issues}
    return disagreement_kind(fact) in said or (
        fact in ("contract", "declarer", "tricks") and disagreement_kind(RESULT) in said)


def disagreement_kind(fact: str) -> str:
    """The `Issue.kind` of a problem `disagreements` finds with ``fact``: a reader of a file that keeps the
    issues of the file it came from (JSON) says one such problem once, not once more for each file."""
    return f"against-itself:{fact}"


_KEPT = lazy_compile(r": the (?:tag|field|line) is kept$")
"""How `disagreements` ends a contract's, declarer's or tricks' problem: the reader keeps the file's fact."""


def told_replaced(issue: Issue, replaced: Mapping[str, str]) -> Issue:
    """``issue`` as a command whose output replaces the file's fact says it: a contract's, declarer's or
    tricks' problem `disagreements` found ends in ``replaced``'s words for its fact (``declarer``: "the
    output gives the auction's, which autoplay plays") in place of "the tag is kept", which the reader
    did and the output does not; any other issue as it is."""
    fact = next((f for f in replaced if issue.kind == disagreement_kind(f)), None)
    if fact is None or _KEPT.search(issue.message) is None:
        return issue
    return dataclasses.replace(issue, message=_KEPT.sub(f": {replaced[fact]}", issue.message))


def disagreements(board: Board, names: Mapping[str, str], kept: str,
                  first: Seat = Seat.N) -> list[tuple[str, str, str]]:
    """What ``board``'s own facts say against each other, each as (message, fact, level), in one place for
    every format: hands of different sizes (`uneven_deal`), a dealer other than the auction's, a contract
    or declarer other than a complete auction's, tricks other than a finished play gives (thirteen tricks
    played, or the claim that ended it). ``names`` says how the format names each fact (PBN's Contract
    tag, JSON's contract, RBN's C line); a fact it does not name is not checked. Each fact is kept as the
    file gives it, as PBN's reader keeps its tags: a declarer's problem says so of the format's ``kept``
    (``tag``, ``field``, ``line``); the hands are named from the file's ``first`` seat on."""
    found: list[tuple[str, str, str]] = []
    deal = board.deal
    if deal is not None:
        uneven = uneven_hands(deal, first, names.get("deal", "deal"))
        if uneven is not None:
            found.append((uneven[0], "deal", uneven[1]))
    found.extend(_dealer_disagreements(board, names))
    found.extend(_against_play(board, names, kept))
    return [(message, fact, level) for message, fact, level in found if fact in names]


def _dealer_disagreements(board: Board, names: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """A dealer other than the auction's first caller (Law 17A: `Board.conflicts` names ``"auction"``): the
    board's dealer given or, with none given, its number's (Law 2), as a warning."""
    auction, given, dealer = board.auction, board.given("dealer"), board.dealer
    if auction is None or dealer is None or auction.dealer == dealer:
        return []  # a dealer given as unknown reads the auction's
    said = f"{names.get('dealer')} {dealer.name}" if given is not None else \
        f"the dealer {dealer.name} of board {board.number} (Law 2: no {names.get('dealer')} given)"
    first = auction.dealer.name
    return [(f"{said} differs from the auction's dealer {first}: both kept, the calls made from {first}",
             "dealer", "warning")]


def unlike_law_2(board: Board) -> tuple[str, ...]:
    """Which of ``dealer`` and ``vulnerability`` a numbered board gives other than Law 2 gives its number:
    legal (the record is what was played), but a duplicate board's number fixes both, so a board put in
    the wrong wallet, or a file whose every board says North and All, is worth a word."""
    number = board.number
    if number is None or number < 1:
        return ()
    given = (("dealer", board.given("dealer"), Seat.dealer_of_board(number)),
             ("vulnerability", board.given("vulnerability"), Vul.of_board(number)))
    return tuple(name for name, value, numbered in given if value is not None and value != numbered)


def dealt_from_another_seat(board: Board) -> str | None:
    """The note for a board whose dealer, given and first to call, is not the one its number gives (Law 2),
    or None: legal (a lesson's boards all dealt by South, a hand record's own dealers), so no problem, and
    a reader keeps it unsaid (a board written and read back is the same board), but `validate` says it, as
    a board numbered wrongly gives its calls to other players. A deal without calls has none: its dealer
    is the dealing's choice (``deal --dealer``); one whose calls start elsewhere is `disagreements`'."""
    auction, given, number = board.auction, board.given("dealer"), board.number
    if auction is None or not auction.calls or given is None or auction.dealer != given \
            or number is None or "dealer" not in unlike_law_2(board):
        return None
    numbered = Seat.dealer_of_board(number)
    return (f"board {number} is dealt by {given.full_name}, not by {numbered.full_name} as its number gives "
            f"(Law 2): kept, the calls made from {given.full_name} (if the board is misnumbered, they are "
            "other players' calls: check its number and dealer)")


def board_named(board: Board, inside: str | None = None) -> str:
    """Which board a problem is on, said after it: `` (board 5)``; with ``inside``, the place in the board
    (``character 2``) in the same phrase, `` (character 2 of board 5)``; for a board with no number,
    ``inside`` alone (`` (character 2)``), else ""."""
    if board.number is None:
        return f" ({inside})" if inside else ""
    return f" ({inside} of board {board.number})" if inside else f" (board {board.number})"


CLAIM_RULED = "both kept (a director may rule a contested claim otherwise, Laws 69-71)"
"""What a reader says of a result other than the claim that ended the play (`result_ruled_on_claim`)."""


def claim_differs(play: Play | None, tricks: int | None) -> bool:
    """Whether ``tricks`` are another count than the claim that ended ``play`` (the tricks a director gave on
    a contested claim, Law 70): both are the record, which a format that says the claim only by the result
    (PBN's Result, RBN's R line) or the result only by the claim (LIN's ``mc``) cannot keep."""
    return play is not None and play.claimed is not None and tricks is not None and play.claimed != tricks


def result_ruled_on_claim(play: Play | None, tricks: int | None) -> bool:
    """Whether ``tricks`` are another count than the claim that ended ``play``: a director's ruling on a
    contested claim (Laws 69-71), where claim and result are both the record, so every reader keeps both
    and says it as a note, not a problem. Only a count the claim could have given: no ruling takes away a
    trick declarer has won or gives one beyond those left to play (Laws 69-71 rule on the tricks claimed),
    so a count outside them is still a problem."""
    if play is None or tricks is None or not claim_differs(play, tricks):
        return False
    won = play.declarer_tricks
    return won <= tricks <= won + play.tricks_left  # the bound `Play.claim` puts on a claim


def _against_play(board: Board, names: Mapping[str, str], kept: str) -> list[tuple[str, str, str]]:
    """The contract and declarer a complete auction gives otherwise, and tricks a finished play gives
    otherwise (thirteen tricks played, or declarer's total in the claim that ended it: a note, the
    director's ruling `result_ruled_on_claim`), each as (message, fact, level) (`disagreements`)."""
    found: list[tuple[str, str, str]] = []
    auction, play, contract, declarer = board.auction, board.play, board.contract, board.declarer
    where = board_named(board)
    if auction is not None and auction.is_complete:
        final, bid_by = auction.final_contract, auction.declarer
        if contract is not None and final != contract:
            found.append((f"{names.get('contract')} {contract} differs from the auction's {final}{where}: "
                          f"the {kept} is kept", "contract", "warning"))
        if bid_by is not None and declarer is not None and declarer != bid_by:
            found.append((f"{names.get('declarer')} {declarer.name} differs from the auction's {bid_by.name}"
                          f"{where}: the {kept} is kept", "declarer", "warning"))
    played = play.result if play is not None else None  # tricks won, or the claim that ended the play
    if played is not None and board.tricks is not None and played != board.tricks:
        said = f"{names.get('tricks')} {board.tricks} differs from the {played} tricks"
        if result_ruled_on_claim(play, board.tricks):
            found.append((f"{said} the play's claim gives{where}: {CLAIM_RULED}", "tricks", NOTE))
        else:
            claimed = play is not None and play.claimed is not None
            gives = "the play's claim gives" if claimed else "the play gives"
            found.append((f"{said} {gives}{where}: the {kept} is kept", "tricks", "warning"))
    return found
