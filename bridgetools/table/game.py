"""The single-deal game: a person sits South, partnered by a computer North against computer East and West.

No web code here: `Game` runs the deal (auction, play, duplicate score) and `south_view` says what South
may see at any moment. Computer players plug in through the small `Player` interface.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, TypeVar

from bridgetools.board import Board
from bridgetools.board.terms import Terms, playing_terms
from bridgetools.errors import (
    BridgeError,
    HintRefused,
    IllegalCallError,
    IllegalPlayError,
    OutOfTurnError,
    UndoRefused,
)
from bridgetools.model.calls import Annotation, Call, Contract
from bridgetools.model.cards import Card, Seat, Side, Vul
from bridgetools.model.hand import Deal, Hand
from bridgetools.rules.auction import Auction
from bridgetools.rules.deck import deal_shuffled
from bridgetools.rules.play import Play, Trick
from bridgetools.scoring.duplicate import Score, score_breakdown
from bridgetools.table.review import par_sentence

_log = logging.getLogger(__name__)

_Read = TypeVar("_Read", Call, Card)
"""What South sends: a call in the auction, a card in the play."""

HUMAN = Seat.S
"""The person's seat: the game is always played from South."""

SCORING = "TotalPoints"
"""The scoring the record names (PBN's Scoring tag, open-ended by the standard): each deal is scored alone in
duplicate points, not compared into IMPs or matchpoints (docs/play.md)."""

EVENT = "bridgetools play"
"""The record's Event of a deal dealt from a seed, the seed after it (``bridgetools play, seed 11``), as
`bridgetools deal` writes ``bridgetools deal, seed 11``: the seed deals the same cards again at the table."""


@dataclass(frozen=True, slots=True)
class CardView:
    """What the player choosing a card may see: the hands visible to that player (cards still held),
    the contract, the tricks so far and the legal cards of the seat to play; and, as at the table, the
    auction and the vulnerability (a computer player samples the unseen hands within what the calls
    showed, and plays for its side's score)."""

    seat: Seat
    """The seat whose card is to be played (dummy's when declarer plays from dummy)."""
    player: Seat
    """Who chooses it: declarer for dummy, North for South when North declares."""
    hands: Mapping[Seat, Hand]
    contract: Contract
    declarer: Seat
    tricks: tuple[Trick, ...]
    """Completed tricks, in order."""
    current: Trick
    legal: tuple[Card, ...]
    auction: Auction | None = None
    vulnerability: Vul = Vul.NONE


class Player(Protocol):
    """A computer player: chooses calls and cards, and says what a call of its own meant."""

    def call(self, auction: Auction, hand: Hand, seat: Seat, vulnerability: Vul = Vul.NONE) -> Call: ...

    def card(self, view: CardView) -> Card: ...

    def explain(self, auction: Auction, call: Call, vulnerability: Vul = Vul.NONE) -> str:
        """What ``call`` means, in words, without the call itself (the page names seat and call)."""
        ...

    def annotate(self, auction: Auction, call: Call, hand: Hand, vulnerability: Vul = Vul.NONE,
                 assumed: bool = False) -> Annotation | None:
        """What the record keeps with ``call``, made next in ``auction`` from ``hand`` by this player or
        (South's) its partner: the alert and the explanation, as `bridgetools bid` writes them; None for
        none. ``assumed``: the vulnerability was unknown and assumed."""
        ...


class Phase(Enum):
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


@dataclass
class Game:
    """One deal at the table, from the first call to the score. South acts through `call` and `card`;
    the computer seats act in `advance` until it is South's turn again or the deal is over."""

    deal: Deal
    players: Mapping[Seat, Player]
    dealer: Seat = HUMAN
    vulnerability: Vul = Vul.NONE
    number: int | None = None
    terms: Terms | None = None
    """A file's board's terms (`playing_terms`): what the table assumed where the file gives the dealer or
    vulnerability as unknown, which the page states; the record keeps them unknown (``?``) and, at an
    unknown vulnerability, gives no Score (the score shown is at the assumed one)."""
    seed: int | None = None
    """The seed the plain game's deal was shuffled from (None: a random deal, or a file's board): the page
    shows it, and the record keeps it in the Event tag, as `bridgetools deal` keeps its seed."""
    practice: bool = False
    """Practice mode, which the player turns on: the end of the deal also shows par and the cards that cost
    a trick, double dummy. The plain game never does (the rules have no such review)."""
    adviser: Callable[[], Player] | None = None
    """Practice mode's hint (`hint`): makes a computer player of partner's kind, apart from North's own,
    afresh for each hint, to say what it would do in South's place: asking changes nothing any computer
    seat does, and a hint asked again is the same (a player kept from one hint to the next would have
    drawn its card player's layouts further on, or used up a scripted call)."""
    auction: Auction = field(init=False)
    play: Play | None = field(default=None, init=False)
    thinking: float = field(default=0.0, init=False)
    """Seconds the computer players have spent choosing, in total."""
    explanations: dict[tuple[Call, ...], str] = field(default_factory=dict, init=False)
    """What each call explained meant, by the calls up to it: `explain` reads the auction without the
    table's lock, and a call taken back and made again otherwise is explained afresh."""
    ceiling: dict[tuple[int, int], str] = field(default_factory=dict, init=False)
    """The computer decisions that reached a seeded player's time ceiling (`ceiling_reached`), by where
    they were made (calls and cards before them), in words: a replay of the seed may differ there."""
    _double_dummy: dict[str, Any] | None = field(default=None, init=False, repr=False)
    _undo_points: list[tuple[int, int]] = field(default_factory=list, init=False, repr=False)
    """Where the deal stood before each of South's calls and cards (calls made, cards played): what `undo`
    goes back to, the latest last."""

    def __post_init__(self) -> None:
        if not self.deal.is_complete:
            raise BridgeError("the game needs a complete deal of four thirteen-card hands")
        missing = [s.full_name for s in Seat if s is not HUMAN and s not in self.players]
        if missing:
            raise BridgeError(f"no computer player for {', '.join(missing)}")
        self.auction = Auction(self.dealer)

    @classmethod
    def new(cls, players: Mapping[Seat, Player], vulnerability: Vul = Vul.NONE,
            seed: int | None = None) -> Game:
        """The plain game: South deals, the pack shuffled, cut and dealt one card at a time from West."""
        return cls(deal_shuffled(HUMAN, seed), players, HUMAN, vulnerability, seed=seed)

    @classmethod
    def from_board(cls, board: Board, players: Mapping[Seat, Player]) -> Game:
        """A board of a practice set, played with its own dealer and vulnerability; one the file gives as
        unknown at what `playing_terms` assumes (South dealing), which the page states."""
        if board.deal is None or not board.deal.is_complete:
            raise BridgeError(f"board {board.number or '?'} has no complete deal to play")
        terms = playing_terms(board, dealer=HUMAN)
        assert terms.dealer is not None
        game = cls(board.deal, players, terms.dealer, terms.vulnerability, board.number, terms=terms)
        game._go_on_from(board)
        return game

    def _go_on_from(self, board: Board) -> None:
        """The start of a lesson that ``board`` gives, made: its auction so far (a bidding quiz's, or a
        whole one) and the first cards of its play (an opening lead), which the table goes on from, as
        `autoplay` does; a board the file gives as played (a complete play or a result: a hand record) is
        bid and played afresh, and so is a passed-out one. No one's to undo: they are the lesson's."""
        from bridgetools.bots.play import keeps_its_play, play_to_go_on_from

        auction = board.auction
        passed_out = auction is not None and auction.is_complete and auction.contract is None
        if auction is None or not auction.calls or auction.dealer is not self.dealer or passed_out \
                or keeps_its_play(board):
            return
        for call in auction.calls:
            self._add_call(call)
        start = play_to_go_on_from(board, auction) if self.play is not None else None
        for card in start.cards if start is not None else ():
            assert self.play is not None
            self.play.add(card)

    # State --------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        if not self.auction.is_complete:
            return Phase.AUCTION
        if self.play is None or self.play.is_complete:
            return Phase.OVER
        return Phase.PLAY

    @property
    def contract(self) -> Contract | None:
        """The final contract (PASSED_OUT when passed out), None during the auction."""
        if not self.auction.is_complete:
            return None
        return self.auction.contract or Contract.PASSED_OUT

    @property
    def declarer(self) -> Seat | None:
        return self.auction.declarer if self.auction.is_complete else None

    def controller(self, seat: Seat) -> Seat:
        """Who chooses the cards of ``seat``: declarer plays dummy (so North plays South's cards when
        South is dummy)."""
        if self.play is not None and seat == self.play.dummy:
            return self.play.declarer
        return seat

    @property
    def to_act(self) -> Seat | None:
        """The seat whose call or card comes next, None when the deal is over."""
        phase = self.phase
        if phase is Phase.AUCTION:
            return self.auction.turn
        if phase is Phase.PLAY:
            assert self.play is not None
            return self.play.turn
        return None

    @property
    def souths_turn(self) -> bool:
        """Whether the game waits for South: South's call, or a card South chooses (own or dummy's)."""
        seat = self.to_act
        return seat is not None and self.controller(seat) is HUMAN

    def remaining(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        hand = self.deal.hand(seat)
        if self.play is None:
            return hand
        return Hand(hand.mask & ~sum(c.bit for c in self.play.cards))

    def visible_to(self, viewer: Seat) -> set[Seat]:
        """The hands ``viewer`` may see now: own; dummy once the opening lead is made; declarer's too
        for a dummy whose cards declarer plays; every hand once the deal is over."""
        if self.phase is Phase.OVER:
            return set(Seat)
        seen = {viewer}
        if self.play is not None and self.play.dummy_visible:
            seen.add(self.play.dummy)
            if viewer == self.play.dummy:
                seen.add(self.play.declarer)
        return seen

    @property
    def score(self) -> Score | None:
        """The duplicate score for declarer's side, item by item, once the deal is over."""
        if self.phase is not Phase.OVER:
            return None
        contract = self.contract
        assert contract is not None
        if contract.is_passed_out or self.play is None:
            return score_breakdown(contract, 0, False)
        return score_breakdown(contract, self.play.declarer_tricks, self.vulnerability,
                               declarer=self.play.declarer)

    @property
    def ns_score(self) -> int | None:
        """North-South's points (East-West get the same with the sign turned), once the deal is over."""
        score, declarer = self.score, self.declarer
        if score is None:
            return None
        if declarer is None:
            return 0
        return score.total if declarer.side == "NS" else -score.total

    # South's actions ------------------------------------------------------------------------
    def call(self, call: Call | str) -> None:
        """South's call; raises `OutOfTurnError` or `IllegalCallError` and then changes nothing."""
        if self.phase is not Phase.AUCTION or self.auction.turn is not HUMAN:
            raise self._out_of_turn(Phase.AUCTION)
        parsed = _read(call, Call.parse, Card.parse, IllegalCallError,
                       "is a card, but the auction is not over: make a call (a bid such as 1S or 3NT, "
                       "Pass, X or XX)" + _as_a_bid(call))
        why = self.auction.why_illegal(parsed)
        if why is not None:
            raise IllegalCallError(f"{parsed} is not a legal call now: {why}")
        before = self._position()
        self._add_call(parsed)  # (the call first: if it raises, no undo point for no call)
        self._undo_points.append(before)

    def card(self, card: Card | str) -> None:
        """A card South chooses (own, or dummy's when South declares); raises and changes nothing when
        it is not South's turn, the card is not held, or it does not follow suit."""
        if self.phase is not Phase.PLAY or not self.souths_turn:
            raise self._out_of_turn(Phase.PLAY)
        assert self.play is not None
        legal = self.play.legal_cards()  # South's own or dummy's, the seat in turn: all South may see
        such_as = " or ".join(dict.fromkeys(str(c) for c in (legal[0], legal[-1]))) if legal else "SA"
        parsed = _read(card, Card.parse, Call.parse, IllegalPlayError,
                       f"is a call, but the auction is over: play a card (such as {such_as})")
        why = self.play.why_illegal(parsed, seen=self.visible_to(HUMAN))
        if why is not None:
            raise IllegalPlayError(f"{parsed} cannot be played now: {why}")
        self._undo_points.append(self._position())
        self.play.add(parsed)

    def _out_of_turn(self, acting: Phase) -> OutOfTurnError:
        """Why South may not call (``acting`` AUCTION) or play a card (PLAY) now, as the game stands: a page
        behind the game (another tab of it played on) or a program sent it."""
        if self.phase is Phase.OVER:
            return OutOfTurnError("the deal is over: start a new one")
        seat = self.to_act
        assert seat is not None
        who, doing = seat.full_name, "call" if self.phase is Phase.AUCTION else "play a card"
        if self.controller(seat) != seat:  # (dummy's turn, the state's `turn` naming dummy's seat)
            who, doing = self.controller(seat).full_name, f"play a card from dummy ({seat.full_name})"
        if acting is not self.phase:
            over = "the auction is over" if self.phase is Phase.PLAY else "the auction is not over"
            return OutOfTurnError(f"{over}: {who} is to {doing}")
        return OutOfTurnError(f"it is not South's turn: {who} is to {doing}")

    # Undo, in practice mode -----------------------------------------------------------------
    def _position(self) -> tuple[int, int]:
        return len(self.auction), len(self.play.cards) if self.play is not None else 0

    def why_no_undo(self) -> str | None:
        """Why `undo` is refused now, or None: the plain game has none (the rules have no undo); a deal
        that is over stays as played (its record is kept at its end); before South's first call there is
        nothing to take back."""
        if not self.practice:
            return ("undo is a practice-mode feature: start the game in practice mode "
                    "(bridgetools play --practice, or \"practice\": true)")
        if self.phase is Phase.OVER:
            return "the deal is over: undo takes back a call or card only while the deal is in play"
        if not self._undo_points:
            return "nothing to undo: you have not made a call or played a card yet"
        return None

    # A hint, in practice mode ---------------------------------------------------------------
    def hint(self) -> dict[str, str]:
        """What the adviser would do at South's turn, seeing only what South sees: in the auction the call
        and what it shows in the system, as partner would read it (``call``, ``why``); in the play the
        card, of South's hand or of dummy's (``card``, ``seat``)."""
        if not self.practice or self.adviser is None:
            raise HintRefused("a hint is a practice-mode feature: start the game in practice mode "
                              "(bridgetools play --practice, or \"practice\": true)")
        seat = self.to_act
        if seat is None or not self.souths_turn:
            raise HintRefused("the deal is over: no hint" if seat is None
                              else f"no hint now: it is {seat.full_name}'s turn, not yours")
        adviser = self.adviser()
        if self.phase is Phase.AUCTION:
            before = Auction(self.dealer, self.auction.calls)
            call = Call.parse(adviser.call(before, self.deal.hand(seat), seat, self.vulnerability))
            return {"call": str(call), "why": adviser.explain(before, call, self.vulnerability)}
        card = Card.parse(adviser.card(self.card_view(seat)))
        return {"card": str(card), "seat": seat.letter}

    def undo(self) -> None:
        """Take back South's last call or card (own or, as declarer, dummy's) and everything the computer
        players did after it, so that it is South's turn again where it was; raises `UndoRefused` (and
        changes nothing) when `why_no_undo` says why not. The deal is cut back to what it was, not replayed:
        the computer players choose afresh from there, and may choose otherwise."""
        why = self.why_no_undo()
        if why is not None:
            raise UndoRefused(why)
        calls, cards = self._undo_points.pop()
        if calls < len(self.auction):
            while len(self.auction) > calls:
                self.auction.undo()
            self.play = None
            self.explanations = {made: text for made, text in self.explanations.items() if len(made) <= calls}
        elif self.play is not None:
            while len(self.play.cards) > cards:
                self.play.undo()
        self._double_dummy = None

    # The computer players -----------------------------------------------------------------
    def advance(self, acted: Callable[[], None] | None = None) -> None:
        """Let the computer seats act until South is to act or the deal is over; ``acted`` is called after
        each of their calls and cards (the table publishes the deal as it stands meanwhile)."""
        while not self.souths_turn and self.phase is not Phase.OVER:
            seat = self.to_act
            assert seat is not None
            player = self.players[self.controller(seat)]
            started, where = time.perf_counter(), self._position()
            if self.phase is Phase.AUCTION:
                chosen = player.call(Auction(self.dealer, self.auction.calls), self.deal.hand(seat), seat,
                                     self.vulnerability)
                self.thinking += time.perf_counter() - started
                self._add_call(Call.parse(chosen))
                made = f"{seat.full_name}'s call {Call.parse(chosen)} (call {len(self.auction)})"
            else:
                assert self.play is not None
                choice = Card.parse(player.card(self.card_view(seat)))
                self.thinking += time.perf_counter() - started
                self.play.add(choice)
                made = f"{seat.full_name}'s card {choice} (trick {(len(self.play.cards) + 3) // 4})"
            self.ceiling.pop(where, None)  # (one taken back by an undo and made afresh)
            if getattr(player, "ceiling_reached", False):
                self.ceiling[where] = made
            if acted is not None:
                acted()

    def ceiling_note(self) -> str | None:
        """The record's line naming the computer decisions still in the deal that reached a seeded
        player's time ceiling (a slow or busy machine), or None: a replay of the seed may differ there."""
        now = self._position()
        made = [text for where, text in sorted(self.ceiling.items()) if where < now]
        if not made:
            return None
        return ("reached the time ceiling of a seeded computer player (a slow or busy machine), so a replay "
                f"of the seed may differ from here: {'; '.join(made)}")

    def card_view(self, seat: Seat) -> CardView:
        """What the player choosing ``seat``'s card may see."""
        assert self.play is not None
        player = self.controller(seat)
        seen = self.visible_to(player) | {seat}
        return CardView(seat, player, {s: self.remaining(s) for s in sorted(seen)}, self.play.contract,
                        self.play.declarer, self.play.completed_tricks, self.play.current_trick,
                        tuple(self.play.legal_cards()), Auction(self.dealer, self.auction.calls),
                        self.vulnerability)

    def explain(self, index: int) -> str:
        """What the computer player meant by call ``index`` of the auction; a call of South's, what it shows
        in the system as partner reads it (a learner's question: what did my call tell him?). Safe while
        the computer players act (the table asks it without the game's lock, not to wait for a long
        play-out): it reads the auction once, as it stands."""
        calls = self.auction.calls
        if not 0 <= index < len(calls):
            raise BridgeError(f"there is no call {index} in the auction (its calls are counted from 0: "
                              f"{_counted(len(calls))})")
        made = calls[:index + 1]
        seat = self.auction.seat_of(index)
        reader = HUMAN.partner if seat is HUMAN else seat
        known = self.explanations.get(made)
        if known is None:
            before = Auction(self.dealer, made[:-1])
            meaning = self.players[reader].explain(before, made[-1], self.vulnerability)
            known = f"as partner reads it, {meaning}" if seat is HUMAN else meaning
            self.explanations[made] = known
        return known

    def _add_call(self, call: Call) -> None:
        """``call`` added, then its annotation (`Player.annotate`, by the caller, or for South's call by
        partner, who would alert it): the page marks the alerts, the record keeps them all. The call is in
        the auction before its note is worked out, so a note that fails (`_note`) never loses it: the
        call stands, shown and recorded with no note."""
        seat = self.auction.turn
        before = Auction(self.dealer, self.auction.calls)
        self.auction.add(call)
        self.auction.annotate(len(self.auction) - 1, self._note(before, call, seat))
        if self.auction.is_complete and self.auction.contract is not None:
            declarer = self.auction.declarer
            assert declarer is not None
            self.play = Play(self.deal, self.auction.contract, declarer)

    def _note(self, before: Auction, call: Call, seat: Seat) -> Annotation | None:
        """The annotation of ``seat``'s ``call`` after ``before``, by the player who would explain it; None
        when that player has none, or fails to work it out: a computer player's bug, which must not stop
        a legal call (the note is extra), logged as an error with its traceback for the server's log."""
        reader = HUMAN.partner if seat is HUMAN else seat
        assumed = self.terms is not None and "vulnerability" in self.terms.unknown
        try:
            return self.players[reader].annotate(before, call, self.deal.hand(seat), self.vulnerability,
                                                 assumed)
        except Exception:
            _log.exception("no note on %s's %s: %s's annotate failed; the call stands without one",
                           seat.full_name, call, reader.full_name)
            return None

    # The record ---------------------------------------------------------------------------
    def board(self) -> Board:
        """The deal as a bridgetools `Board`: deal, every call, every card, contract and result, the
        scoring it was played by (`SCORING`) and, once over, North-South's score (``NS 0`` passed out, as
        autoplay writes it: a club's scorer reads a board with no Score as not yet scored), none at a
        vulnerability the file gives as unknown, which the record keeps unknown (`terms`)."""
        board = Board(number=self.number, dealer=self.dealer, vulnerability=self.vulnerability,
                      scoring=SCORING, deal=self.deal,
                      event=None if self.seed is None else f"{EVENT}, seed {self.seed}",
                      auction=Auction(self.dealer, self.auction.calls, self.auction.annotations),
                      play=Play(self.deal, self.play.contract, self.play.declarer, self.play.cards)
                      if self.play is not None else None)
        terms = self.terms
        for name in terms.unknown if terms is not None else ():  # an assumption is no fact of the board
            board.set_unknown(name)
        if self.phase is Phase.OVER and (terms is None or terms.scored):
            board.tags["Score"] = f"NS {self.ns_score}"
        note = self.ceiling_note()
        if note is not None:
            board.commentary.append(note[0].upper() + note[1:])
        return board

    def double_dummy(self) -> dict[str, Any] | None:
        """Once the deal is over, in practice mode and with the ``dd`` extra: par, and each card played that
        cost its side a trick double dummy (None in the plain game, without the extra or before the end).
        Solved once per game."""
        if self.phase is not Phase.OVER or not self.practice:
            return None
        if self._double_dummy is None:
            try:
                from bridgetools.dd import dd_review, par
                from bridgetools.errors import MissingExtraError

                found = par(self.deal, self.vulnerability, self.dealer)
                costly: list[dict[str, Any]] = []
                if self.play is not None and self.play.cards:
                    for i, card in enumerate(dd_review(self.play).cards):
                        if card.cost > 0:
                            costly.append({"trick": i // 4 + 1, "seat": card.seat.letter,
                                           "card": str(card.card), "cost": card.cost})
                self._double_dummy = {"par": str(found), "par_words": par_sentence(found),
                                      "par_score": found.score, "costly": costly}
            except (ImportError, MissingExtraError):
                self._double_dummy = {}
        return self._double_dummy or None


def south_view(game: Game) -> dict[str, Any]:
    """The game as South may see it now, as plain data for JSON: own hand, dummy after the opening lead
    (North's hand too when North declares and plays South's cards), every hand once the deal is over;
    the calls, the tricks, and what South may do next. Hidden cards are never in it."""
    seen = game.visible_to(HUMAN)
    phase = game.phase
    play = game.play
    contract, declarer = game.contract, game.declarer
    no_undo = game.why_no_undo()
    state: dict[str, Any] = {
        "phase": phase.value,
        "board": game.number,
        "seed": game.seed,
        "dealer": game.dealer.letter,
        "vulnerability": game.vulnerability.pbn,
        "unknown": sorted(game.terms.unknown) if game.terms is not None else [],
        "assumed": list(game.terms.assumed) if game.terms is not None else [],
        "hands": {s.letter: [str(c) for c in game.remaining(s)] for s in Seat if s in seen},
        "counts": {s.letter: len(game.remaining(s)) for s in Seat},
        "auction": [str(c) for c in game.auction.calls],
        "alerts": [i for i, note in enumerate(game.auction.annotations) if note is not None and note.alert],
        "contract": str(contract) if contract is not None else None,
        "declarer": declarer.letter if declarer is not None else None,
        "dummy": play.dummy.letter if play is not None else None,
        "turn": game.to_act.letter if game.to_act is not None else None,
        "your_turn": game.souths_turn,
        "legal_calls": [str(c) for c in game.auction.legal_calls()]
        if phase is Phase.AUCTION and game.souths_turn else [],
        "legal_cards": [str(c) for c in play.legal_cards()]
        if play is not None and phase is Phase.PLAY and game.souths_turn else [],
        "tricks": [_trick(t) for t in play.completed_tricks] if play is not None else [],
        "current_trick": _trick(play.current_trick) if play is not None and phase is Phase.PLAY else None,
        "tricks_won": {str(side): play.tricks_won(side) if play else 0 for side in (Side.NS, Side.EW)},
        "score": None,
        "practice": game.practice,
        "can_undo": no_undo is None,
        "why_no_undo": no_undo,
        "ceiling": game.ceiling_note(),
    }
    score = game.score
    if score is not None:
        ns = game.ns_score
        assert ns is not None
        played = declarer is not None
        side = declarer.side if declarer is not None else None
        assumed = game.terms is not None and not game.terms.scored  # an unknown vulnerability, scored at one
        state["score"] = {"declarer_side": side, "NS": ns, "EW": -ns,
                          "text": score.described(assumed), "items": [
                              {"name": name.replace("_", " "), "points": points, "how": how}
                              for name, points, how in score.items(assumed)],
                          "total": score.total, "tricks": score.tricks if played else None,
                          "result": score.result if played else None,
                          "vulnerable": score.vulnerable if played else None}  # (no side declares)
        state["deal"] = {s.letter: [str(c) for c in game.deal.hand(s)] for s in Seat}
        state["double_dummy"] = game.double_dummy()
    return state


def _trick(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader.letter, "cards": [str(c) for c in trick.cards],
            "winner": trick.winner.letter if trick.winner is not None else None}


def _counted(calls: int) -> str:
    """The indexes of an auction of ``calls`` calls, as the explanation's address counts them (from 0)."""
    return "none yet" if calls == 0 else "0" if calls == 1 else f"0 to {calls - 1}"


def _read(text: _Read | str, parse: Callable[[_Read | str], _Read], other: Callable[[str], object],
          error: type[BridgeError], what_it_is: str) -> _Read:
    """South's call or card read by ``parse``; one that reads as the other kind (a card typed in the
    auction, a call in the play) is refused as ``error`` saying so, not as a word that means nothing."""
    try:
        return parse(text)
    except BridgeError:
        if not isinstance(text, str) or not _reads(other, text):
            raise
        raise error(f"{text.strip()} {what_it_is}") from None


def _as_a_bid(text: Call | str) -> str:
    """Why ``text`` that starts as a bid does (a level: ``8C``, which reads as the eight of clubs) is no
    bid, for the message that it is a card: ``; as a bid, 8 is no level (1 to 7)``; else nothing. (Only
    a level beyond 7 leaves a card that reads as a bid's start unread as a bid.)"""
    level = re.match(r"\s*(\d+)", text) if isinstance(text, str) else None
    return f"; as a bid, {level.group(1)} is no level (1 to 7)" if level else ""


def _reads(parse: Callable[[str], object], text: str) -> bool:
    """Whether ``parse`` reads ``text``."""
    try:
        parse(text)
    except BridgeError:
        return False
    return True
