"""The five variants' rule sets as data: pack, players, hands, dealing, strains, auction, trick and scoring.

Every field is a fact of the variant that the engine (`bridgetools.rules.variants.deal`) reads instead of
assuming four players and 52 cards; the choices where the source text is silent are in docs/variants.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bridgetools.errors import BridgeError

VARIANT_NAMES = ("booby", "nullo", "sholem", "chinese", "konstam")
"""The variants, in the order the source text gives them."""

NULLO = "N0"
"""The nullo strain's letters in a call: ``2N0`` is two nullo."""
NOTRUMP = "NT"
BRIDGE_STRAINS = ("C", "D", "H", "S", NOTRUMP)

Scoring = Literal["rubber", "sholem"]
Dealing = Literal["booby", "stock", "rounds", "table", "dummies"]


@dataclass(frozen=True, slots=True)
class HandSpec:
    """One hand of the layout: who holds it (a player index, or None for a dummy or stock whose owner is
    settled later or never), its label, and whether it lies face up from the deal."""

    label: str
    owner: int | None
    face_up: bool = False


@dataclass(frozen=True, slots=True)
class VariantRules:
    """One variant of bridge as data: what is dealt, what may be bid, how a trick is made and scored."""

    name: str
    title: str
    pack: int
    """52, or 32 (a piquet pack, ace high down to seven)."""
    players: int
    hands: tuple[HandSpec, ...]
    """The hands of the layout, by id (players' own hands first, at the ids of their players)."""
    dealing: Dealing
    """How the deal is made: ``booby`` (17 each, the 52nd card to the booby, four discards each),
    ``stock`` (13 each, the rest a stock to exchange with), ``rounds`` (10, 2 and 4 cards with an auction
    after each), ``table`` (4 in hand and 11 face-down cards under 11 face-up ones each), ``dummies``
    (four hands of 13, one dummy face up, one face down)."""
    strains: tuple[str, ...]
    """The strains in auction order, lowest first (nullo where the variant has it)."""
    book: int
    """Tricks a contract does not count: the contract of level n is ``book + n`` tricks."""
    tricks: int
    """Tricks in a deal."""
    max_level: int
    first_may_pass: bool = True
    """False where the dealer must open (Bridge for two, Chinese bridge)."""
    passes_to_end: int = 2
    """Passes after a bid, double or redouble that end the auction (or the round)."""
    rounds: int = 1
    raise_limit: int | None = None
    """In every round but the last, the most steps of the bidding ladder a bid may go over the last bid
    (Sholem's 'five points'); bids of a small or grand slam are free."""
    cards_per_trick: int = 1
    """Cards each player plays to a trick in the first stage (Sholem: 2)."""
    duty_to_trump: bool = False
    scoring: Scoring = "rubber"
    nullo_trick_value: int = 30
    same_dealer_after_pass_out: bool = False
    discards: int = 0
    """Cards each player adds to the booby before the auction."""
    reserve: int = 0
    """Cards each player sets aside before the play (Sholem)."""

    @property
    def has_nullo(self) -> bool:
        return NULLO in self.strains

    @property
    def small_slam(self) -> int:
        """The level of a small slam (all tricks but one), nullo or not."""
        return self.max_level - 1

    def nullo_limit(self, level: int) -> int:
        """The most tricks a nullo contract of ``level`` lets declarer take (one nullo: 6 of 13)."""
        return self.tricks - self.book - level

    def trump(self, strain: str) -> str | None:
        """The trump suit's letter for a strain, or None at notrump and nullo."""
        return strain if strain in ("C", "D", "H", "S") else None


def _players(n: int) -> tuple[HandSpec, ...]:
    return tuple(HandSpec(f"player {i + 1}", i) for i in range(n))


BOOBY = VariantRules(
    name="booby", title="Booby (three players)", pack=52, players=3,
    hands=(*_players(3), HandSpec("booby", None)), dealing="booby",
    strains=("C", "D", "H", NULLO, "S", NOTRUMP), book=6, tricks=13, max_level=7, passes_to_end=2,
    discards=4,
)
NULLO_GAME = VariantRules(
    name="nullo", title="Nullo (two players)", pack=52, players=2,
    hands=(*_players(2), HandSpec("stock", None)), dealing="stock",
    strains=("C", "D", NULLO, "H", "S", NOTRUMP), book=6, tricks=13, max_level=7, passes_to_end=1,
    same_dealer_after_pass_out=True,
)
SHOLEM = VariantRules(
    name="sholem", title="Sholem (two players, 32 cards)", pack=32, players=2,
    hands=(*_players(2), HandSpec("reserve of player 1", 0), HandSpec("reserve of player 2", 1)),
    dealing="rounds", strains=(NULLO, "C", "D", "H", "S", NOTRUMP), book=5, tricks=10, max_level=5,
    passes_to_end=1, rounds=3, raise_limit=5, cards_per_trick=2, scoring="sholem", nullo_trick_value=10,
    reserve=3,
)
CHINESE = VariantRules(
    name="chinese", title="Chinese bridge (two players)", pack=52, players=2,
    hands=_players(2), dealing="table", strains=BRIDGE_STRAINS, book=13, tricks=26, max_level=13,
    first_may_pass=False, passes_to_end=1, duty_to_trump=True,
)
KONSTAM = VariantRules(
    name="konstam", title="Bridge for two (Konstam)", pack=52, players=2,
    hands=(*_players(2), HandSpec("open dummy", None, face_up=True), HandSpec("closed dummy", None)),
    dealing="dummies", strains=BRIDGE_STRAINS, book=6, tricks=13, max_level=7, first_may_pass=False,
    passes_to_end=1,
)

RULES = {r.name: r for r in (BOOBY, NULLO_GAME, SHOLEM, CHINESE, KONSTAM)}


def rules_of(name: str) -> VariantRules:
    """The rule set of a variant by name (``booby``, ``nullo``, ``sholem``, ``chinese``, ``konstam``)."""
    try:
        return RULES[name.lower()]
    except KeyError:
        raise BridgeError(f"no variant {name!r} (expected one of {', '.join(VARIANT_NAMES)})") from None
