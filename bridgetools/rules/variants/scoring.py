"""The score of one variant deal, entry by entry and player by player: rubber bridge's values (with nullo
at 30 a level) or Sholem's table. Each player keeps their own score: declarer scores against all the
defenders, and each defender scores the penalties of a defeated contract (Booby's rule, and the same as a
side's score when there are two players)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgetools.errors import BridgeError
from bridgetools.model import Card, Rank
from bridgetools.rules.variants.actions import VariantContract
from bridgetools.rules.variants.rules import NOTRUMP, VariantRules

MULTIPLIER = (1, 2, 4)
RUBBER_GAME = {"rubber": 100, "sholem": 20}
RUBBER_BONUS = {"rubber": {0: 700, 1: 500}, "sholem": {0: 150, 1: 100}}
"""Rubber bonus by the most games another player won."""
UNFINISHED = {"rubber": (300, 100)}
"""Law 80's credits for a rubber left unfinished, the values `bridgetools.scoring.rubber` gives them (a
sibling layer, not imported; a test holds them equal): the only player with a game, the only player with a
partscore in the game in progress. Sholem's table gives none."""
BRIDGE_SLAM = {"small": (500, 750), "grand": (1000, 1500)}
SHOLEM_SLAM = {"small": (100, 150), "grand": (200, 300)}
BRIDGE_DOUBLED_UNDERTRICKS = ((100, 200, 200, 300), (200, 300, 300, 300))
"""Doubled undertricks, the first, second, third and each further one, not vulnerable / vulnerable."""
SHOLEM_UNDERTRICK_TIMES = ((3, 10, 20), (5, 15, 30))
"""Sholem: undertricks cost these times the trick value, by doubling, not vulnerable / vulnerable."""
SHOLEM_INSULT = (25, 40)
SHOLEM_TRICK_VALUE = {NOTRUMP: 10, "S": 8, "H": 8, "D": 6, "C": 6}
SHOLEM_LONG_SUIT = {4: 15, 5: 30, 6: 45, 7: 60, 8: 75}


@dataclass(frozen=True, slots=True)
class ScoreEntry:
    """One line of a player's score: ``below`` the line (contracted trick points, counting towards game)
    or ``above``, the points, and what they are for."""

    player: int
    line: str
    points: int
    item: str

    def to_json(self) -> dict[str, object]:
        return {"player": self.player, "line": self.line, "points": self.points, "item": self.item}


@dataclass(frozen=True, slots=True)
class VariantResult:
    """The outcome of a deal: declarer, contract, declarer's tricks and the score entries (empty when the
    deal was passed out, then declarer and contract are None)."""

    declarer: int | None
    contract: VariantContract | None
    tricks: int | None
    entries: tuple[ScoreEntry, ...]

    def total(self, player: int) -> int:
        return sum(e.points for e in self.entries if e.player == player)

    def to_json(self) -> dict[str, object]:
        return {"declarer": self.declarer, "contract": None if self.contract is None else str(self.contract),
                "tricks": self.tricks, "entries": [e.to_json() for e in self.entries]}


def trick_value(rules: VariantRules, strain: str, nth: int) -> int:
    """Undoubled points of the ``nth`` trick of a contract: bridge's 20/30/40-then-30, nullo's value a
    level, or Sholem's 10/8/6."""
    if strain == "N0":
        return rules.nullo_trick_value
    if rules.scoring == "sholem":
        return SHOLEM_TRICK_VALUE[strain]
    if strain in ("C", "D"):
        return 20
    return 40 if strain == NOTRUMP and nth == 1 else 30


def contract_points(rules: VariantRules, contract: VariantContract) -> int:
    """Below-the-line points of a made contract (its levels, doubling included)."""
    base = sum(trick_value(rules, contract.strain, i) for i in range(1, contract.level + 1))
    return base * MULTIPLIER[contract.doubled]


def undertrick_points(rules: VariantRules, contract: VariantContract, down: int, vulnerable: bool) -> int:
    """What each defender scores for ``down`` undertricks."""
    if rules.scoring == "sholem":
        times = SHOLEM_UNDERTRICK_TIMES[vulnerable][contract.doubled]
        return times * trick_value(rules, contract.strain, 2) * down
    if contract.doubled == 0:
        return down * (100 if vulnerable else 50)
    steps = BRIDGE_DOUBLED_UNDERTRICKS[vulnerable]
    return sum(steps[min(i, 3)] for i in range(down)) * contract.doubled


def margin(rules: VariantRules, contract: VariantContract, tricks: int) -> int:
    """Tricks over (positive) or under (negative) the contract; for nullo, tricks *fewer* than its limit."""
    if contract.is_nullo:
        return rules.nullo_limit(contract.level) - tricks
    return tricks - rules.book - contract.level


def contract_entries(rules: VariantRules, contract: VariantContract, declarer: int, tricks: int,
                     vulnerable: Sequence[bool]) -> list[ScoreEntry]:
    """Declarer's entries for a made contract, or each defender's for a defeated one (no honours)."""
    vul = vulnerable[declarer]
    result = margin(rules, contract, tricks)
    if result < 0:
        points = undertrick_points(rules, contract, -result, vul)
        return [ScoreEntry(p, "above", points, f"{-result} down")
                for p in range(rules.players) if p != declarer]
    entries = [ScoreEntry(declarer, "below", contract_points(rules, contract), f"{contract} made")]
    if result:
        if contract.doubled == 0 or rules.scoring == "sholem":
            each = trick_value(rules, contract.strain, 2) * MULTIPLIER[contract.doubled]
        else:
            each = (200 if vul else 100) * contract.doubled
        entries.append(ScoreEntry(declarer, "above", each * result,
                                  f"{result} overtrick{'s' * (result > 1)}"))
    slams = SHOLEM_SLAM if rules.scoring == "sholem" else BRIDGE_SLAM
    if contract.level == rules.max_level:
        entries.append(ScoreEntry(declarer, "above", slams["grand"][vul], "grand slam"))
    elif contract.level == rules.small_slam:
        entries.append(ScoreEntry(declarer, "above", slams["small"][vul], "small slam"))
    if contract.doubled:
        insult = SHOLEM_INSULT[vul] if rules.scoring == "sholem" else 50
        entries.append(ScoreEntry(declarer, "above", insult * contract.doubled,
                                  "for making a " + ("doubled" if contract.doubled == 1 else "redoubled")
                                  + " contract"))
    return entries


def honours_entries(rules: VariantRules, contract: VariantContract,
                    holdings: Sequence[tuple[int, Sequence[Card]]]) -> list[ScoreEntry]:
    """Honours held in one hand, scored by the player who holds (or controls) that hand.

    Rubber variants: four of the five trump honours 100, all five 150, four aces at notrump 150, none in
    nullo. Sholem: four aces at notrump 40, three 30; four sevens in nullo 40, three 30.
    """
    entries = []
    trump = rules.trump(contract.strain)
    for owner, cards in holdings:
        if rules.scoring == "sholem":
            rank = {NOTRUMP: Rank.ACE, "N0": Rank.SEVEN}.get(contract.strain)
            count = sum(1 for c in cards if c.rank == rank)
            points = {4: 40, 3: 30}.get(count, 0) if rank is not None else 0
        elif contract.strain == NOTRUMP:
            points = 150 if sum(1 for c in cards if c.rank == Rank.ACE) == 4 else 0
        elif trump is not None:
            count = sum(1 for c in cards if c.suit.name == trump and c.rank >= Rank.TEN)
            points = {5: 150, 4: 100}.get(count, 0)
        else:
            points = 0
        if points:
            entries.append(ScoreEntry(owner, "above", points, "honours"))
    return entries


def long_suit_entries(rules: VariantRules, declarer: int, cards: Sequence[Card]) -> list[ScoreEntry]:
    """Sholem: declarer's long suits, 15 for four cards up to 75 for eight (none in other variants)."""
    if rules.scoring != "sholem":
        return []
    lengths = [sum(1 for c in cards if c.suit == s) for s in {c.suit for c in cards}]
    return [ScoreEntry(declarer, "above", SHOLEM_LONG_SUIT[n], f"long suit of {n}")
            for n in sorted(lengths, reverse=True) if n in SHOLEM_LONG_SUIT]


def score_deal(rules: VariantRules, contract: VariantContract, declarer: int, tricks: int,
               vulnerable: Sequence[bool], holdings: Sequence[tuple[int, Sequence[Card]]],
               declarers_cards: Sequence[Card]) -> VariantResult:
    """The whole score of a played deal: contract, honours and (Sholem) long suits."""
    entries = [*contract_entries(rules, contract, declarer, tricks, vulnerable),
               *honours_entries(rules, contract, holdings),
               *long_suit_entries(rules, declarer, declarers_cards)]
    return VariantResult(declarer, contract, tricks, tuple(entries))


def logged_result(rules: VariantRules, contract: VariantContract | None, declarer: int | None, tricks: int,
                  vulnerable: Sequence[bool], honours: Sequence[tuple[int, int]] = ()) -> VariantResult:
    """The score of a deal a score log gives without its cards: contract, declarer and tricks, and the
    honours each player held as the log says them ((player, points), checked against the variant's
    values); None for the contract: passed out. Sholem's long suits and honours come from the cards only,
    so it has no logged result (`BridgeError`)."""
    if rules.scoring == "sholem":
        raise BridgeError(f"{rules.title}: declarer's long suits and the aces or sevens held are scored "
                          "from the cards, which a log line does not give: its rubbers are scored as "
                          f"played (bridgetools play --variant {rules.name})")
    if contract is None or declarer is None:
        if honours:
            raise BridgeError("a passed-out deal scores no honours")
        return VariantResult(None, None, None, ())
    for player, points in honours:
        if not 0 <= player < rules.players:
            raise BridgeError(f"{rules.title} has players 1-{rules.players}, not {player + 1}")
        allowed = () if contract.is_nullo else (150,) if contract.strain == NOTRUMP else (100, 150)
        if points not in allowed:
            worth = "no honours" if not allowed else " or ".join(map(str, allowed))
            raise BridgeError(f"honours in {contract} are worth {worth}, not {points}")
    entries = [*contract_entries(rules, contract, declarer, tricks, vulnerable),
               *(ScoreEntry(p, "above", points, "honours") for p, points in honours)]
    return VariantResult(declarer, contract, tricks, tuple(entries))
