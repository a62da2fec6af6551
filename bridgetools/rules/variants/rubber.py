"""A rubber of a variant: deals in turn, one score sheet per player (Booby keeps one score for each of its
three players), games below the line, vulnerability once a player has a game, the rubber bonus."""

from __future__ import annotations

from typing import Any

from bridgetools.errors import BridgeError
from bridgetools.rules.variants.deal import VariantDeal, new_deal
from bridgetools.rules.variants.rules import rules_of
from bridgetools.rules.variants.scoring import (
    RUBBER_BONUS,
    RUBBER_GAME,
    UNFINISHED,
    ScoreEntry,
    VariantResult,
)

GAMES_TO_WIN = 2


class Rubber:
    """The deals of one rubber of a variant and each player's score sheet."""

    def __init__(self, name: str, player_names: list[str] | tuple[str, ...] | None = None) -> None:
        self.rules = rules_of(name)
        names = list(player_names) if player_names is not None else \
            [f"player {i + 1}" for i in range(self.rules.players)]
        if len(names) != self.rules.players:
            raise BridgeError(f"{self.rules.title} has {self.rules.players} players, not {len(names)}")
        self.player_names = names
        self.deals: list[VariantDeal] = []
        self.results: list[VariantResult] = []
        """Every deal's result booked, played here or given by a score log."""
        self.games: list[list[ScoreEntry]] = [[]]
        """Below-the-line entries, game by game (the last is the game in progress)."""
        self.above: list[ScoreEntry] = []
        self.deal_of: dict[int, list[int]] = {}
        """The number of the deal (from 1) each entry was booked for, by the id of its list (`above`, each
        game's below the line), entry by entry: the sheet labels an entry with its deal."""
        self.won = [0] * self.rules.players
        self.dealer = 0
        self.left_unfinished = False
        """Whether the rubber was left before a player won it, with Law 80's credits (`leave_unfinished`)."""
        self.unfinished_partscore: int | None = None
        """The credit for the only partscore the rubber was left with, when given (None: the Law's)."""

    @property
    def vulnerable(self) -> tuple[bool, ...]:
        """A player who has won a game of the rubber is vulnerable."""
        return tuple(w > 0 for w in self.won)

    @property
    def is_over(self) -> bool:
        return max(self.won) >= GAMES_TO_WIN

    def new_deal(self, seed: int | None = None) -> VariantDeal:
        """The next deal of the rubber, with its dealer and the players' vulnerability."""
        self._refuse_when_ended()
        deal = new_deal(self.rules.name, dealer=self.dealer, seed=seed, vulnerable=self.vulnerable)
        deal.names = list(self.player_names)
        return deal

    def record(self, deal: VariantDeal) -> None:
        """Book a finished deal on the sheet: below-line entries towards game, the rest above."""
        if deal.result is None:
            raise BridgeError("only a finished deal can be scored")
        self._refuse_when_ended()
        if deal.rules != self.rules or deal.dealer != self.dealer or deal.vulnerable != self.vulnerable:
            raise BridgeError("the deal is not the rubber's next deal (variant, dealer or vulnerability)")
        self.deals.append(deal)
        self.book(deal.result)

    def book(self, result: VariantResult) -> None:
        """Book a deal's result on the sheet, below-line entries towards game and the rest above: a deal
        played here (`record`), or one a score log gives without its cards (`bridgetools rubber --variant`),
        scored by `bridgetools.rules.variants.scoring.logged_result`."""
        self._refuse_when_ended()
        self.results.append(result)
        for entry in result.entries:
            self._book(self.games[-1] if entry.line == "below" else self.above, entry)
        game = RUBBER_GAME[self.rules.scoring]
        winner = next((p for p in range(self.rules.players)
                       if sum(e.points for e in self.games[-1] if e.player == p) >= game), None)
        if winner is not None:
            self.won[winner] += 1
            self.games.append([])
            if self.won[winner] == GAMES_TO_WIN:
                others = max(w for p, w in enumerate(self.won) if p != winner)
                bonus = RUBBER_BONUS[self.rules.scoring][min(others, 1)]
                self._book(self.above, ScoreEntry(winner, "above", bonus, "rubber"))
        passed_out = result.contract is None
        if not (passed_out and self.rules.same_dealer_after_pass_out):
            self.dealer = (self.dealer + 1) % self.rules.players

    def _refuse_when_ended(self) -> None:
        if self.is_over:
            raise BridgeError("the rubber is over")
        if self.left_unfinished:
            raise BridgeError("the rubber was left unfinished")

    def leave_unfinished(self, partscore: int | None = None) -> None:
        """End the rubber before a player has won it, booking Law 80's credits above the line as rubber
        bridge does (`bridgetools.scoring.rubber`): 300 to the only player with a game, 100 (or
        ``partscore``, 50 in older codes) to the only player with a partscore in the game in progress.
        Sholem's table has no such credits; a rubber over or already left is left as it is."""
        if self.is_over or self.left_unfinished:
            return
        self.left_unfinished, self.unfinished_partscore = True, partscore
        credits = UNFINISHED.get(self.rules.scoring)
        if credits is None:
            return
        game, part = credits
        with_game = [p for p, won in enumerate(self.won) if won]
        if len(with_game) == 1:
            self._book(self.above, ScoreEntry(with_game[0], "above", game, "unfinished rubber: game"))
        with_part = [p for p in range(self.rules.players) if any(e.player == p for e in self.games[-1])]
        if len(with_part) == 1:
            self._book(self.above, ScoreEntry(with_part[0], "above", part if partscore is None else partscore,
                                              "unfinished rubber: partscore"))

    def left_here(self, partscore: int | None = None) -> Rubber:
        """The rubber's score should play stop after the deals booked so far: a copy of its sheet left
        unfinished (`leave_unfinished`, Law 80's credits), or as it is once over; this rubber goes on.
        The table's record keeps it, so a rubber left for a new one, or never played on, scores them.
        ``partscore`` None keeps the credit a rubber already left was given (its record's), else the Law's."""
        left = Rubber(self.rules.name, self.player_names)
        for result in self.results:
            left.book(result)
        left.leave_unfinished(self.unfinished_partscore if partscore is None else partscore)
        return left

    def _book(self, entries: list[ScoreEntry], entry: ScoreEntry) -> None:
        entries.append(entry)
        self.deal_of.setdefault(id(entries), []).append(len(self.results))

    def total(self, player: int) -> int:
        return sum(e.points for e in self.above if e.player == player) + \
            sum(e.points for game in self.games for e in game if e.player == player)

    def sheet(self, numbered: bool = False) -> dict[str, Any]:
        """Each player's score sheet: entries above the line, below the line game by game, games won,
        total; and the rubber's state. ``numbered`` gives each entry the number of its deal (``deal``),
        for a sheet that labels its entries (the record's sheet has none)."""
        def entries(booked: list[ScoreEntry], player: int) -> list[dict[str, object]]:
            deals = self.deal_of.get(id(booked), [])
            return [{**e.to_json(), "deal": n} if numbered else e.to_json()
                    for e, n in zip(booked, deals, strict=True) if e.player == player]

        players = []
        for p, name in enumerate(self.player_names):
            players.append({
                "index": p, "name": name,
                "above": entries(self.above, p),
                "below": [entries(game, p) for game in self.games],
                "games": self.won[p], "vulnerable": self.vulnerable[p], "total": self.total(p),
            })
        return {"variant": self.rules.name, "deals": len(self.results), "is_over": self.is_over,
                "left_unfinished": self.left_unfinished, "dealer": self.dealer, "players": players}

    def text(self) -> str:
        """The score sheet as text: a column per player, entries above the line (latest on top), those
        below it game by game with a line under each, then the totals."""
        width = max(10, *(len(n) + 2 for n in self.player_names))

        def row(entry: ScoreEntry) -> str:
            cells = "".join(f"{entry.points if p == entry.player else '':>{width}}"
                            for p in range(self.rules.players))
            return f"{cells}  {entry.item}"

        rule = "-" * (width * self.rules.players)
        lines = ["".join(f"{name:>{width}}" for name in self.player_names)]
        lines += [row(e) for e in reversed(self.above)]
        for game in self.games:
            if game:
                lines.append(rule)
                lines += [row(e) for e in game]
        lines.append("=" * (width * self.rules.players))
        lines.append("".join(f"{self.total(p):>{width}}" for p in range(self.rules.players)) + "  total")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The rubber's record: the variant, the players, every deal's record and whether it was left
        unfinished (with the partscore credit it was given, if not the Law's): Law 80's credits."""
        left: dict[str, Any] = {"left_unfinished": self.left_unfinished}
        if self.unfinished_partscore is not None:
            left["unfinished_partscore"] = self.unfinished_partscore
        return {"variant": self.rules.name, "players": list(self.player_names),
                "deals": [d.to_json() for d in self.deals], **left}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Rubber:
        """The rubber a `to_json` record describes, each deal replayed and booked again; the table's record
        (`bridgetools play --variant NAME --record`) names the players in each deal (``names``) instead. A
        record without ``left_unfinished`` (the table's, or kept before 2026-12-07) is a rubber not left."""
        try:
            deals = record["deals"]
            players = record["players"] if "players" in record or not deals else deals[0]["names"]
            rubber = cls(record["variant"], players)
            for item in deals:
                rubber.record(VariantDeal.from_json(item))
            left, partscore = record.get("left_unfinished", False), record.get("unfinished_partscore")
        except (KeyError, TypeError) as error:
            raise BridgeError(f"not a variant rubber record: {error!r}") from None
        if not isinstance(left, bool) or not (partscore is None or type(partscore) is int):
            raise BridgeError("not a variant rubber record: left_unfinished is true or false, "
                              "unfinished_partscore a whole number")
        if left:
            rubber.leave_unfinished(partscore)
        return rubber

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rubber) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
