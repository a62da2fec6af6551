"""The dealer is unbiased: frequencies of seeded samples against exact combinatorial counts (chi-square).

Expected frequencies come from counting hands exactly, with a plain-Python dynamic programme over the four
suits that uses only the model's scalar ``holding_hcp`` (not the engine's tables). The statistic is compared
with the chi-square quantile at alpha = 1e-6 (Wilson-Hilferty), so a correct dealer fails about once in a
million seeds; every test is seeded, hence deterministic.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt
import pytest

from bridgetools.dealer import tables
from bridgetools.dealer.batch import DealBatch, random_batch
from bridgetools.dealer.engine import produce
from bridgetools.dealer.smart import HandSpec, SmartDealer, all_shapes
from bridgetools.model import Card, Hand, Seat, Suit
from bridgetools.model.hand import holding_hcp

Z_ONE_IN_A_MILLION = 4.753424  # upper 1e-6 point of the standard normal
BALANCED = frozenset(s for s in all_shapes() if sorted(s) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5]))
SPADE_ACE = Card.parse("SA")


# Statistics -----------------------------------------------------------------------------------
def critical_value(df: int) -> float:
    """Chi-square quantile at 1 - 1e-6 by the Wilson-Hilferty cube approximation."""
    a = 2 / (9 * df)
    return df * (1 - a + Z_ONE_IN_A_MILLION * a**0.5) ** 3


def _pooled(observed: Sequence[float], expected: Sequence[float]) -> tuple[list[float], list[float]]:
    """Neighbouring bins merged until each expects at least 5, as the chi-square approximation needs."""
    obs, exp, o, e = [], [], 0.0, 0.0
    for a, b in zip(observed, expected, strict=True):
        o, e = o + a, e + b
        if e >= 5:
            obs.append(o)
            exp.append(e)
            o = e = 0.0
    if exp:
        obs[-1] += o
        exp[-1] += e
    return obs, exp


def assert_fits(observed: Counter[int], weights: dict[int, int]) -> None:
    """The sample's counts fit the exact distribution ``weights`` (value -> number of hands)."""
    n = sum(observed.values())
    total = sum(weights.values())
    assert set(observed) <= set(weights), f"values that cannot occur: {set(observed) - set(weights)}"
    keys = sorted(weights)
    obs, exp = _pooled([observed[k] for k in keys], [n * weights[k] / total for k in keys])
    stat = sum((o - e) ** 2 / e for o, e in zip(obs, exp, strict=True))
    assert len(obs) >= 2
    assert stat < critical_value(len(obs) - 1), f"chi-square {stat:.1f} on {len(obs) - 1} df"


def assert_same_distribution(first: Counter[int], second: Counter[int]) -> None:
    """Two samples look drawn from one distribution (chi-square test of homogeneity)."""
    n1, n2 = sum(first.values()), sum(second.values())
    keys = sorted(set(first) | set(second))
    pooled = [first[k] + second[k] for k in keys]
    # merge sparse bins on the pooled counts, then test the 2 x k table
    rows: list[tuple[float, float]] = []
    a = b = 0.0
    for k, both in zip(keys, pooled, strict=True):
        a, b = a + first[k], b + second[k]
        if (a + b) * min(n1, n2) / (n1 + n2) >= 5 and both:
            rows.append((a, b))
            a = b = 0.0
    rows[-1] = (rows[-1][0] + a, rows[-1][1] + b)
    stat = 0.0
    for x, y in rows:
        col = x + y
        for observed, size in ((x, n1), (y, n2)):
            expected = col * size / (n1 + n2)
            stat += (observed - expected) ** 2 / expected
    assert stat < critical_value(len(rows) - 1), f"chi-square {stat:.1f} on {len(rows) - 1} df"


# Exact counts ---------------------------------------------------------------------------------
@cache
def suit_counts(must_hold: int = 0) -> dict[tuple[int, int], int]:
    """How many holdings of one suit have each (length, HCP), among those containing ``must_hold``."""
    counts: Counter[tuple[int, int]] = Counter()
    for holding in range(1 << 13):
        if holding & must_hold == must_hold:
            counts[holding.bit_count(), holding_hcp(holding)] += 1
    return dict(counts)


def hand_counts(
    shape_ok: Callable[[tuple[int, ...]], bool], must_hold_spades: int = 0
) -> dict[tuple[tuple[int, ...], int], int]:
    """Hands of 13 cards counted by (shape, HCP), for shapes ``shape_ok`` allows, suit by suit."""
    states: dict[tuple[tuple[int, ...], int], int] = {((), 0): 1}
    for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
        options = suit_counts(must_hold_spades if suit is Suit.S else 0)
        grown: defaultdict[tuple[tuple[int, ...], int], int] = defaultdict(int)
        for (lengths, hcp), ways in states.items():
            for (length, points), more in options.items():
                if sum(lengths) + length <= 13:
                    grown[(*lengths, length), hcp + points] += ways * more
        states = grown
    return {(s, h): w for (s, h), w in states.items() if sum(s) == 13 and shape_ok(s)}


def marginal(
    counts: dict[tuple[tuple[int, ...], int], int],
    value: Callable[[tuple[int, ...], int], int],
    keep: Callable[[tuple[int, ...], int], bool],
) -> dict[int, int]:
    out: defaultdict[int, int] = defaultdict(int)
    for (shape, hcp), ways in counts.items():
        if keep(shape, hcp):
            out[value(shape, hcp)] += ways
    return dict(out)


def tally(values: npt.ArrayLike) -> Counter[int]:
    return Counter(np.asarray(values).tolist())


def holder(batch: DealBatch, card_index: int) -> Counter[int]:
    """How often each seat holds the card."""
    return tally(np.argmax(np.stack([batch.has_card(s, card_index) for s in Seat]), axis=0))


def smart_deals(spec: HandSpec, n: int, seed: int) -> DealBatch:
    return SmartDealer([spec]).deal(np.random.default_rng(seed), n)


def hcp_in(lo: int, hi: int) -> Callable[[tuple[int, ...], int], bool]:
    return lambda _shape, hcp: lo <= hcp <= hi


def _hcp(_shape: tuple[int, ...], hcp: int) -> int:
    return hcp


def _spades(shape: tuple[int, ...], _hcp: int) -> int:
    return shape[0]


def _hearts(shape: tuple[int, ...], _hcp: int) -> int:
    return shape[1]


# Plain dealing ---------------------------------------------------------------------------------
def test_plain_dealing_gives_hcp_and_spade_length_their_exact_distributions() -> None:
    batch = random_batch(np.random.default_rng(101), 200_000)
    every = hand_counts(lambda _s: True)
    assert_fits(tally(batch.hcp(Seat.E)), marginal(every, _hcp, hcp_in(0, 37)))
    assert_fits(tally(batch.length(Seat.E, Suit.S)), marginal(every, _spades, hcp_in(0, 37)))


def test_with_predeal_the_other_cards_go_to_each_seat_in_proportion_to_its_room() -> None:
    north = Hand.from_pbn("AKQJT9876.2..").mask  # ten cards: North has room for 3 of the 42 others
    batch = random_batch(np.random.default_rng(102), 50_000, {Seat.N: north})
    heart_ace = Card.parse("HA").index
    assert_fits(holder(batch, heart_ace), {0: 3, 1: 13, 2: 13, 3: 13})


# One hand drawn exactly --------------------------------------------------------------------------
def test_strong_notrump_hcp_spades_and_the_spade_ace_have_their_exact_distributions() -> None:
    spec = HandSpec(Seat.N, shapes=BALANCED, hcp=(15, 17))
    batch = smart_deals(spec, 60_000, seed=201)
    counts = hand_counts(lambda s: s in BALANCED)
    assert_fits(tally(batch.hcp(Seat.N)), marginal(counts, _hcp, hcp_in(15, 17)))
    assert_fits(tally(batch.length(Seat.N, Suit.S)), marginal(counts, _spades, hcp_in(15, 17)))
    with_ace = sum(marginal(hand_counts(lambda s: s in BALANCED, 1 << 12), _hcp, hcp_in(15, 17)).values())
    total = sum(marginal(counts, _hcp, hcp_in(15, 17)).values())
    others = (total - with_ace) * 13  # an ace North lacks is in one of 39 cards, 13 per other seat
    assert_fits(holder(batch, SPADE_ACE.index), {0: with_ace * 39, 1: others, 2: others, 3: others})


def test_a_predealt_ace_shifts_the_strong_notrump_hcp_to_its_exact_distribution() -> None:
    spec = HandSpec(Seat.N, shapes=BALANCED, hcp=(15, 17))
    batch = SmartDealer([spec], {Seat.N: SPADE_ACE.bit}).deal(np.random.default_rng(205), 40_000)
    with_ace = hand_counts(lambda s: s in BALANCED, 1 << 12)  # the hands that hold the spade ace
    assert_fits(tally(batch.hcp(Seat.N)), marginal(with_ace, _hcp, hcp_in(15, 17)))
    assert_fits(tally(batch.length(Seat.N, Suit.S)), marginal(with_ace, _spades, hcp_in(15, 17)))


def test_long_hearts_with_a_few_points_have_their_exact_distributions() -> None:
    spec = HandSpec(Seat.E, lengths=((0, 13), (7, 13), (0, 13), (0, 13)), hcp=(5, 10))
    batch = smart_deals(spec, 40_000, seed=202)
    counts = hand_counts(lambda s: s[1] >= 7)
    assert_fits(tally(batch.length(Seat.E, Suit.H)), marginal(counts, _hearts, hcp_in(5, 10)))
    assert_fits(tally(batch.hcp(Seat.E)), marginal(counts, _hcp, hcp_in(5, 10)))


def test_extreme_hcp_ranges_have_their_exact_distributions() -> None:
    counts = hand_counts(lambda _s: True)
    strong = smart_deals(HandSpec(Seat.S, hcp=(22, 37)), 30_000, seed=203)
    assert_fits(tally(strong.hcp(Seat.S)), marginal(counts, _hcp, hcp_in(22, 37)))
    assert_fits(tally(strong.length(Seat.S, Suit.S)), marginal(counts, _spades, hcp_in(22, 37)))
    weak = smart_deals(HandSpec(Seat.W, hcp=(0, 2)), 30_000, seed=204)
    assert_fits(tally(weak.hcp(Seat.W)), marginal(counts, _hcp, hcp_in(0, 2)))
    assert_fits(tally(weak.length(Seat.W, Suit.S)), marginal(counts, _spades, hcp_in(0, 2)))


# Two hands: exact drawing plus rejection against plain rejection ------------------------------------
class _SouthSpadesAndPoints:
    """South has four or more spades and 6+ HCP; North's own spec is checked too (plain rejection)."""

    def __init__(self, north: HandSpec | None) -> None:
        self.north = north

    def __call__(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        ok = (batch.length(Seat.S, Suit.S) >= 4) & (batch.hcp(Seat.S) >= 6)
        if self.north is not None:
            ok &= self.north.matches(batch)
        return ok


def _features(batches: Iterable[DealBatch]) -> dict[str, Counter[int]]:
    batch = DealBatch.concat(batches)
    return {
        "north hcp": tally(batch.hcp(Seat.N)),
        "north spades": tally(batch.length(Seat.N, Suit.S)),
        "south hcp": tally(batch.hcp(Seat.S)),
        "south spades": tally(batch.length(Seat.S, Suit.S)),
        "east hcp": tally(batch.hcp(Seat.E)),
        "south clubs": tally(batch.length(Seat.S, Suit.C)),
        "west spades": tally(batch.length(Seat.W, Suit.S)),
    }


def test_a_two_hand_constraint_matches_plain_rejection() -> None:
    north = HandSpec(Seat.N, shapes=BALANCED, hcp=(15, 17))
    smart = _features(produce(_SouthSpadesAndPoints(None), 20_000, seed=301, specs=[north]))
    plain = _features(produce(_SouthSpadesAndPoints(north), 20_000, seed=302))
    for name in smart:
        assert_same_distribution(smart[name], plain[name])


class _Specs:
    """Plain rejection on hand specs: every spec met."""

    def __init__(self, *specs: HandSpec) -> None:
        self.specs = specs

    def __call__(self, batch: DealBatch) -> npt.NDArray[np.bool_]:
        ok = np.ones(batch.n, dtype=np.bool_)
        for spec in self.specs:
            ok &= spec.matches(batch)
        return ok


def test_two_hands_drawn_exactly_match_plain_rejection() -> None:
    # North's spade length changes how many hands South can hold: the pair must be weighted for it
    north = HandSpec(Seat.N, lengths=((6, 13), (0, 13), (0, 13), (0, 13)), hcp=(10, 37))
    south = HandSpec(Seat.S, lengths=((3, 13), (0, 13), (0, 13), (0, 13)))
    assert SmartDealer([north, south]).second is not None
    smart = _features(produce(None, 8000, seed=304, specs=[north, south]))
    plain = _features(produce(_Specs(north, south), 8000, seed=305))
    for name in smart:
        assert_same_distribution(smart[name], plain[name])


def test_exact_sampling_never_changes_what_rejection_accepts() -> None:
    north = HandSpec(Seat.N, hcp=(20, 21), shapes=BALANCED)
    batches = list(produce(_SouthSpadesAndPoints(None), 500, seed=303, specs=[north]))
    assert north.matches(DealBatch.concat(batches)).all()


def test_two_hands_pinned_through_the_dealer_language_match_plain_rejection() -> None:
    from bridgetools.dealer import deal_batches
    from bridgetools.dealer.compiler import make_plan

    # North is pinned narrowly, South by shape only: the plan hands the engine both, and it draws both
    condition = "spades(north) >= 6 && hcp(north) >= 10 && spades(south) >= 4"
    plan = make_plan(condition)
    assert sorted(spec.seat for spec in plan.specs) == [Seat.N, Seat.S]
    assert SmartDealer(plan.specs).second is not None
    smart = _features(deal_batches(condition, 8000, seed=306))
    plain = _features(produce(make_plan(condition, smart=False).accept, 8000, seed=307))
    for name in smart:
        assert_same_distribution(smart[name], plain[name])


# Two hands' HCP together drawn exactly --------------------------------------------------------------
def _partnership_features(batches: Iterable[DealBatch]) -> dict[str, Counter[int]]:
    batch = DealBatch.concat(batches)
    aces = tables.rank_weight_table((1,))
    return {
        "north hcp": tally(batch.hcp(Seat.N)),
        "north-south hcp": tally(batch.hcp(Seat.N) + batch.hcp(Seat.S)),
        "north's hcp less south's": tally(batch.hcp(Seat.N) - batch.hcp(Seat.S)),
        "north-south aces": tally(batch.count(Seat.N, aces) + batch.count(Seat.S, aces)),
        "east hcp": tally(batch.hcp(Seat.E)),
        "holder of the spade ace": holder(batch, SPADE_ACE.index),
        "holder of the heart two": holder(batch, Card.parse("H2").index),
        "north spades": tally(batch.length(Seat.N, Suit.S)),
        "south clubs": tally(batch.length(Seat.S, Suit.C)),
        "west hearts": tally(batch.length(Seat.W, Suit.H)),
    }


@pytest.mark.parametrize("condition, predeal", [
    ("hcp(north) + hcp(south) >= 30", None),
    ("hcp(north) + hcp(south) >= 30 && spades(north) + spades(south) >= 8", None),
    ("hcp(east) + hcp(south) >= 29 && hcp(east) + hcp(south) <= 30", None),
    ("hcp(north) + hcp(south) >= 30", {Seat.N: "SA"}),
    ("hcp(north) + hcp(south) >= 30", {Seat.W: "SK"}),
])
def test_two_hands_hcp_together_drawn_exactly_match_plain_rejection(
    condition: str, predeal: dict[Seat, str] | None
) -> None:
    # 1 deal in 45 has North-South 30+ HCP: cheap enough to reject for, rare enough to be drawn exactly
    from bridgetools.dealer import deal_batches
    from bridgetools.dealer.compiler import make_plan
    from bridgetools.dealer.partnership import PairSpec

    assert [type(spec) for spec in make_plan(condition, predeal=predeal).specs] == [PairSpec]
    exact = _partnership_features(deal_batches(condition, 8000, seed=311, predeal=predeal))
    plain = make_plan(condition, predeal=predeal, smart=False)
    rejected = _partnership_features(produce(plain.accept, 8000, seed=312, predeal=plain.predeal))
    for name in exact:
        if len(set(exact[name]) | set(rejected[name])) > 1:  # not a card the predeal places
            assert_same_distribution(exact[name], rejected[name])


# A script's statistics over the deals it produces ----------------------------------------------------
def test_a_frequency_over_deals_produced_with_a_hand_drawn_exactly_has_its_exact_distribution() -> None:
    # `produce` with an average or frequency deals by exact sampling: the table must be what dealer's
    # rejection would give, the spade HCP of a 10-card suit weighted by its holdings
    from click.testing import CliRunner

    from bridgetools.cli import cli

    script = 'produce 20000\nspades(north) == 10\naction frequency "sp" (hcp(north, spades), 0, 10)\n'
    result = CliRunner().invoke(cli, ["deal", "-f", "-", "--seed", "5"], input=script)
    assert result.exit_code == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines()[1:12]]
    observed = Counter({int(value): int(count) for value, count in rows if int(count)})
    assert_fits(observed, {h: ways for (length, h), ways in suit_counts().items() if length == 10})
