"""Rubber bridge and Chicago (four-deal bridge): the deals of a session booked on a We/They score sheet.

Per deal the values are those of Law 77, but rubber bridge books them differently: trick points for the
contracted odd tricks go *below the line* and count towards game (100); everything else goes *above the
line*. There is no partscore premium and no premium per game: the rubber bonus (700 for two games to
none, 500 for two games to one) replaces them. A side that has won a game of the rubber is vulnerable.
Honours (four of the five trump honours in one hand 100, all five 150, four aces at notrump 150) are
scored above the line by the side that holds them, whether it declares or defends, made or not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from bridgetools.errors import BridgeError, SheetError
from bridgetools.model import Contract, Deal, Seat, Side, Strain, Suit
from bridgetools.scoring.duplicate import GAME_BONUS, Score, check_tricks, score_breakdown


class Board(Protocol):
    """What a deal's score needs of a `bridgetools.board.Board` (a layer above scoring): its result."""

    @property
    def number(self) -> int | None: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def declarer(self) -> Seat | None: ...
    @property
    def tricks(self) -> int | None: ...
    @property
    def deal(self) -> Deal | None: ...

SIDES = ("NS", "EW")
RUBBER_BONUS = {0: 700, 1: 500}
"""Rubber bonus by the number of games the losers of the rubber won."""
UNFINISHED_GAME = 300
UNFINISHED_PARTSCORE = 100
"""Law 80 (1993): 100 for the only side with a partscore in the unfinished game (older codes: 50)."""
GAME = 100
CHICAGO_LAST_DEAL_PARTSCORE = 100

_TEN_TO_ACE = 0b1_1111_0000_0000  # bits of T J Q K A in a 13-bit holding
_ACE = 1 << 12


Settlement = Literal["none", "nearest-100-half-down", "nearest-100-half-up"]


def settle(points: int, rule: Settlement = "none") -> int:
    """A margin as a club settles it: as it stands (``none``), or to the nearest hundred with an odd 50
    rounded down (``nearest-100-half-down``, reported UK custom) or up. The sign is kept; the size is
    rounded. Not part of the Laws, so no rule is the default.

    >>> settle(1350, "nearest-100-half-down"), settle(-1350, "nearest-100-half-up"), settle(1360, "none")
    (1300, -1400, 1360)
    """
    if rule == "none":
        return points
    if rule not in ("nearest-100-half-down", "nearest-100-half-up"):
        raise BridgeError(f"settlement is none, nearest-100-half-down or nearest-100-half-up, not {rule!r}")
    size, rest = divmod(abs(points), 100)
    if rest > 50 or (rest == 50 and rule == "nearest-100-half-up"):
        size += 1
    return 100 * size if points >= 0 else -100 * size


def other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours held in one hand: 100 (four trump honours) or 150 (all five, or four aces at notrump)."""

    side: str
    points: int

    def __post_init__(self) -> None:
        if self.side not in SIDES:
            raise BridgeError(f"honours are held by NS or EW, not {self.side!r}")
        if self.points not in (100, 150):
            raise BridgeError(f"honours are worth 100 or 150, not {self.points}")

    @classmethod
    def parse(cls, text: str) -> Honours | None:
        """From ``NS100``, ``EW150``, ``NS 150`` or ``none``."""
        key = text.strip().upper().replace(" ", "").replace("-", "")
        if key in ("", "NONE", "0", "NO"):
            return None
        side, points = key[:2], key[2:]
        if side not in SIDES or not (points.isascii() and points.isdigit()):
            raise BridgeError(f"not honours: {text!r} (expected NS100, NS150, EW100, EW150 or none)")
        return cls(side, int(points))

    def __str__(self) -> str:
        return f"{self.side}{self.points}"


def check_honours(contract: Contract, honours: Honours | bool | None) -> None:
    """Refuse honours no deal of ``contract`` can hold (Law 77): none when the deal is passed out (no
    contract is played), and at notrump only the four aces in one hand, worth 150, never 100."""
    if not isinstance(honours, Honours):
        return
    if contract.is_passed_out:
        raise BridgeError(f"a passed-out deal scores no honours, not {honours} (honours go with a contract "
                          "played)")
    if contract.strain is Strain.NT and honours.points != 150:
        raise BridgeError(f"at notrump only the four aces in one hand count, for 150, not {honours}: "
                          f"write honours={honours.side}150")


def honours_held(deal: Deal, strain: Strain) -> Honours | None:
    """The honours in ``deal`` for a contract in ``strain``, or None when no one hand holds enough.

    A suit contract: four of the five trump honours (A K Q J 10) in one hand 100, all five 150.
    Notrump: all four aces in one hand 150. Honours split between partners score nothing.
    """
    trump = strain.suit
    for seat, hand in zip(Seat, deal, strict=True):
        if hand is None:
            continue
        if trump is None:
            if all(hand.holding(suit) & _ACE for suit in Suit):
                return Honours(seat.side, 150)
            continue
        count = (hand.holding(trump) & _TEN_TO_ACE).bit_count()
        if count >= 4:
            return Honours(seat.side, 150 if count == 5 else 100)
    return None


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal of a rubber or Chicago: the contract, who declared, the tricks declarer took, and honours.

    Honours may be given (``honours``; ``False`` says that nobody held any); when they are not (None) and
    the ``deal`` is known, they are found in its known hands. A passed-out deal has no declarer.
    """

    contract: Contract
    declarer: Seat | None = None
    tricks: int = 0
    honours: Honours | bool | None = None
    deal: Deal | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "contract", Contract.from_str(self.contract))
        check_honours(self.contract, self.honours)
        if self.contract.is_passed_out:
            return
        if self.declarer is None:
            raise BridgeError(f"{self.contract} needs a declarer")
        object.__setattr__(self, "declarer", Seat.parse(self.declarer))
        object.__setattr__(self, "tricks", check_tricks(self.tricks))

    @classmethod
    def from_board(cls, board: Board) -> DealResult:
        """The result recorded on a `Board` (its contract, declarer, tricks and deal)."""
        contract = board.contract or Contract.PASSED_OUT
        if not contract.is_passed_out and board.tricks is None:
            raise BridgeError(f"board {board.number}: {contract} has no result")
        return cls(contract, board.declarer, board.tricks or 0, None, board.deal)

    @property
    def side(self) -> str | None:
        return None if self.declarer is None else self.declarer.side

    def held_honours(self) -> Honours | None:
        """The honours given, else those found in the deal, else none."""
        if isinstance(self.honours, Honours):
            return self.honours
        if self.honours is not None or self.deal is None or self.contract.strain is None:
            return None
        return honours_held(self.deal, self.contract.strain)

    def describe(self) -> str:
        """``2H by S +1`` / ``4SX by E -2`` / ``Pass``: the deal as a scorer reads it."""
        if self.contract.is_passed_out:
            return "passed out"
        result = self.tricks - self.contract.tricks_needed
        how = "=" if result == 0 else f"{result:+d}"
        return f"{self.contract} by {self.declarer} {how}"


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a score sheet: ``points`` to ``side`` on ``deal``, below the line (towards ``game``)
    or above it, and what they are for."""

    deal: int
    side: str
    points: int
    what: str
    below: bool = False
    game: int = 0


def _as_result(item: DealResult | Board) -> DealResult:
    return item if isinstance(item, DealResult) else DealResult.from_board(item)


class ScoreSheet:
    """The entries of a session, We and They columns, totals and the net result."""

    kind = "sheet"
    is_finished = False

    def __init__(self, entries: Sequence[Entry], scores: Sequence[Score | None], we: str = "NS") -> None:
        if we not in SIDES:
            raise BridgeError(f"We are NS or EW, not {we!r}")
        self.entries: tuple[Entry, ...] = tuple(entries)
        self.scores: tuple[Score | None, ...] = tuple(scores)
        """Each deal's items for declarer's side (honours included); None for a passed-out deal."""
        self.we = we
        self.they = other(we)

    def total(self, side: str) -> int:
        return sum(e.points for e in self.entries if e.side == side)

    def above(self, side: str) -> int:
        return sum(e.points for e in self.entries if e.side == side and not e.below)

    def below(self, side: str) -> int:
        return sum(e.points for e in self.entries if e.side == side and e.below)

    @property
    def totals(self) -> tuple[int, int]:
        """(We, They)."""
        return self.total(self.we), self.total(self.they)

    @property
    def net(self) -> int:
        """We minus They: positive when We are ahead."""
        we, they = self.totals
        return we - they

    @property
    def ns_net(self) -> int:
        """North-South minus East-West, whichever side is We: the margin a back score enters."""
        return self.total("NS") - self.total("EW")

    def heading(self) -> str:
        """What the sheet is, and whether it is complete."""
        return self.kind.capitalize()

    def result(self, settlement: Settlement = "none") -> str:
        """``We win by 1310.``; with a settlement rule, the settled margin too."""
        net = self.net
        if net == 0:
            return "All square."
        text = f"{'We' if net > 0 else 'They'} win by {abs(net)}"
        settled = settle(net, settlement)
        if settlement != "none":
            text += f" (settled: {abs(settled)})" if settled else " (settled: all square)"
        return text + "."

    def sheet(self, settlement: Settlement = "none") -> str:
        """The score sheet as text: We and They columns, premiums above the line (latest on top),
        trick points below it with a line under each game, then the totals and the result."""
        width = 8

        def row(entry: Entry) -> str:
            cells = [f"{entry.points:>{width}}" if entry.side == side else " " * width
                     for side in (self.we, self.they)]
            return f"{cells[0]}{cells[1]}  {entry.deal:>3}  {entry.what}"

        rule = "-" * (2 * width + 2)
        lines = [f"{'We':>{width}}{'They':>{width}}  deal", f"{'(' + self.we + ')':>{width}}"
                 f"{'(' + self.they + ')':>{width}}"]
        if not any(e.below for e in self.entries):  # scored deal by deal: in the order played
            lines += [row(e) for e in self.entries]
        else:
            lines += [row(e) for e in reversed(self.entries) if not e.below]
            lines.append(rule)
        games = sorted({e.game for e in self.entries if e.below})
        for i, game in enumerate(games):
            if i:
                lines.append(rule)
            lines += [row(e) for e in self.entries if e.below and e.game == game]
        lines.append("=" * (2 * width + 2))
        we, they = self.totals
        lines.append(f"{we:>{width}}{they:>{width}}       total")
        lines.append(self.result(settlement))
        return "\n".join(lines)

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON: every entry, the totals and the net result (from We's side)."""
        we, they = self.totals
        return {
            "kind": self.kind, "finished": self.is_finished, "we": self.we, "they": self.they,
            "entries": [{"deal": e.deal, "side": e.side, "points": e.points, "what": e.what,
                         "below": e.below, "game": e.game} for e in self.entries],
            "we_total": we, "they_total": they, "net": self.net,
        }

    def __str__(self) -> str:
        return self.sheet()


def _premiums(entries: list[Entry], n: int, s: Score, side: str, desc: str) -> None:
    """Book a deal's premiums above the line: overtricks, slam and insult to declarer's side,
    undertricks to the defenders."""
    for name, label in (("overtricks", "overtricks"), ("slam_bonus", "slam bonus"), ("insult", "insult")):
        points = getattr(s, name)
        if points:
            entries.append(Entry(n, side, points, f"{desc}: {label}"))
    if s.undertricks:
        entries.append(Entry(n, other(side), -s.undertricks, f"{desc}: undertricks"))


def _book_honours(entries: list[Entry], n: int, s: Score, side: str, held: Honours | None) -> Score:
    """Book honours above the line to whoever holds them; the deal's score with them signed for ``side``."""
    if held is None:
        return s
    entries.append(Entry(n, held.side, held.points, "honours"))
    return replace(s, honours=held.points if held.side == side else -held.points)


class Rubber(ScoreSheet):
    """A rubber scored deal by deal: games to 100 below the line, vulnerability from games won, the rubber
    bonus when a side wins two games, and Law 80's credits when the rubber is left unfinished.

    >>> r = Rubber([DealResult(Contract.from_str("4S"), Seat.N, 10), DealResult(Contract.from_str("3NT"),
    ...             Seat.S, 9)])
    >>> r.games, r.is_finished, r.totals
    ({'NS': 2, 'EW': 0}, True, (920, 0))
    """

    kind = "rubber"

    def __init__(
        self,
        deals: Iterable[DealResult | Board],
        *,
        we: str = "NS",
        honours: bool = True,
        unfinished_game: int = UNFINISHED_GAME,
        unfinished_partscore: int = UNFINISHED_PARTSCORE,
        count_unfinished: bool = True,
    ) -> None:
        entries: list[Entry] = []
        scores: list[Score | None] = []
        games = {"NS": 0, "EW": 0}
        pending = {"NS": 0, "EW": 0}
        game_no = 1
        ended_on = 0
        for n, item in enumerate(deals, 1):
            deal = _as_result(item)
            if ended_on:
                raise SheetError(f"the rubber was over after deal {ended_on}", n)
            if deal.contract.is_passed_out:
                scores.append(None)
                continue
            side = deal.side
            assert side is not None
            s = replace(score_breakdown(deal.contract, deal.tricks, games[side] > 0),
                        game_bonus=0, partscore_bonus=0)
            held = deal.held_honours() if honours else None
            desc = deal.describe()
            if s.trick_points:
                pending[side] += s.trick_points
                what = desc
                if pending[side] >= GAME:
                    games[side] += 1
                    what = f"{desc} (game {game_no})"
                entries.append(Entry(n, side, s.trick_points, what, below=True, game=game_no))
            _premiums(entries, n, s, side, desc)
            scores.append(_book_honours(entries, n, s, side, held))
            if pending[side] >= GAME:
                game_no += 1
                pending = {"NS": 0, "EW": 0}
                if games[side] == 2:
                    lost = games[other(side)]
                    entries.append(Entry(n, side, RUBBER_BONUS[lost], f"rubber bonus (2-{lost})"))
                    ended_on = n
        if not ended_on and count_unfinished:
            with_game = [s for s in SIDES if games[s]]
            if len(with_game) == 1:
                entries.append(Entry(len(scores), with_game[0], unfinished_game, "unfinished rubber: game"))
            with_part = [s for s in SIDES if pending[s]]
            if len(with_part) == 1:
                entries.append(Entry(len(scores), with_part[0], unfinished_partscore,
                                     "unfinished rubber: partscore"))
        super().__init__(entries, scores, we)
        self.games = games
        self.is_finished = bool(ended_on)
        self.pending = pending
        """Trick points each side has towards the game in progress (0 after a game)."""

    def heading(self) -> str:
        return "Rubber" if self.is_finished else "Rubber (unfinished: Law 80 credits included)"

    def vulnerable(self, side: str) -> bool:
        """Whether ``side`` is vulnerable on the next deal: it has won a game of this rubber."""
        return self.games[side] > 0


ChicagoVariant = Literal["laws", "duplicate"]


def chicago_vulnerable(deal_number: int, dealer: Seat, switched: bool = False) -> tuple[Side, ...]:
    """The sides vulnerable on deal 1-4 of a Chicago: none, dealer's side, dealer's side, both, as `Side`s
    (a str enum: ``Side.NS == "NS"``).

    With ``switched`` (a common agreement) deals 2 and 3 make the non-dealing side vulnerable.
    """
    if deal_number == 1:
        return ()
    if deal_number == 4:
        return (Side.NS, Side.EW)
    return (dealer.side.opponents,) if switched else (dealer.side,)


class Chicago(ScoreSheet):
    """Four-deal bridge: dealer clockwise from ``first_dealer``; vulnerability none, dealer's side (twice),
    both. A passed-out deal is dealt again by the same dealer.

    ``variant="laws"``: duplicate values, but partscores carry over and combine into game on later deals
    (a game, 300 or 500 by the vulnerability of the deal it is completed on, wipes both sides' pending
    partscores), and a partscore made on deal 4 that does not complete a game earns 100; no other
    partscore premium. Honours count unless ``honours=False``.
    ``variant="duplicate"``: every deal scored exactly as at duplicate (50 for a partscore, no
    carry-over); honours only if ``honours=True``.
    The sheet numbers the deals 1 to 4 as played: a passed-out deal, dealt again, takes no number.
    """

    kind = "chicago"

    def __init__(
        self,
        deals: Iterable[DealResult | Board],
        *,
        first_dealer: Seat = Seat.N,
        variant: ChicagoVariant = "laws",
        switched: bool = False,
        honours: bool | None = None,
        we: str = "NS",
    ) -> None:
        if variant not in ("laws", "duplicate"):
            raise BridgeError(f"Chicago variant is 'laws' or 'duplicate', not {variant!r}")
        count_honours = variant == "laws" if honours is None else honours
        first_dealer = Seat.parse(first_dealer)
        entries: list[Entry] = []
        scores: list[Score | None] = []
        pending = {"NS": 0, "EW": 0}
        game_no = 1
        played = 0
        for n, item in enumerate(deals, 1):
            deal = _as_result(item)
            if played == 4:
                raise SheetError("a Chicago has four deals, and they have been played", n)
            if deal.contract.is_passed_out:
                scores.append(None)
                continue
            played += 1
            side = deal.side
            assert side is not None
            dealer = first_dealer.offset(played - 1)
            vul = side in chicago_vulnerable(played, dealer, switched)
            s = score_breakdown(deal.contract, deal.tricks, vul)
            held = deal.held_honours() if count_honours else None
            desc = f"{deal.describe()} ({'vul' if vul else 'not vul'})"
            if variant == "duplicate":
                if s.total > 0:
                    entries.append(Entry(played, side, s.total, desc))
                else:
                    entries.append(Entry(played, other(side), -s.total, desc))
            else:
                game_bonus = partscore_bonus = 0
                if s.trick_points:
                    pending[side] += s.trick_points
                    entries.append(Entry(played, side, s.trick_points, desc, below=True, game=game_no))
                    if pending[side] >= GAME:
                        game_bonus = GAME_BONUS[vul]
                        entries.append(Entry(played, side, game_bonus,
                                             f"game {game_no} ({'vul' if vul else 'not vul'})"))
                        pending = {"NS": 0, "EW": 0}
                        game_no += 1
                    elif played == 4:
                        partscore_bonus = CHICAGO_LAST_DEAL_PARTSCORE
                        entries.append(Entry(played, side, partscore_bonus, "partscore on the fourth deal"))
                _premiums(entries, played, s, side, desc)
                s = replace(s, game_bonus=game_bonus, partscore_bonus=partscore_bonus)
            scores.append(_book_honours(entries, played, s, side, held))
        super().__init__(entries, scores, we)
        self.played = played
        self.is_finished = played == 4
        self.variant = variant

    def heading(self) -> str:
        state = "four deals played" if self.is_finished else f"{self.played} of 4 deals played"
        return f"Chicago ({self.variant} scoring, {state})"
