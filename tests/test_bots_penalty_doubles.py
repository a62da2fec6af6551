"""Doubles for penalty carry the flag `Meaning.penalty` (partner may pass them, so his bid over one is his
choice, not forced), every one of them and only those: the tables' doubles labelled penalty, the fallback's
(a trump stack, the balance of power, their sacrifice) and the penalty double of their slam; the judge reads
the flag, not the label."""

from __future__ import annotations

from pathlib import Path

from bridgetools.bots import Bidder
from bridgetools.bots.judgement import _for_penalty
from bridgetools.bots.meaning import Explanation, Meaning
from bridgetools.bots.system import ALL_RULES
from bridgetools.model import DOUBLE, Seat
from bridgetools.rules import Auction

BIDDER = Bidder()
CORPUS = Path(__file__).parent / "data" / "bidding"
FALLBACK_DOUBLES = (("2D", "X", "3D"), ("1H", "1S", "2H", "2S", "4H", "P", "P", "4S"), ("7NT",))
"""Auctions whose double the fallback (or the slam rules) reads for penalty: the balance of power and a
trump stack over their raised weak two, their sacrifice over our game, their grand slam."""


def _says_penalty(meaning: Meaning) -> bool:
    return "penalty" in meaning.label


def test_every_table_double_labelled_penalty_is_flagged_for_penalty_and_only_those() -> None:
    doubles = [r for r in ALL_RULES if r.call == "X"]
    assert any("penalty" in r.label for r in doubles)
    wrong = [(" ".join(r.pattern), r.label) for r in doubles
             if ("penalty" in r.label) != bool(r.spec.get("penalty"))]
    assert not wrong


def test_every_double_read_for_penalty_in_the_corpus_auctions_carries_the_flag_and_only_those() -> None:
    auctions = [tuple(line.split("|")[0].split()) for path in sorted(CORPUS.glob("*.txt"))
                for line in path.read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    read = 0
    for calls in (*FALLBACK_DOUBLES, *auctions):
        auction = Auction(Seat.N, [] if calls == ("-",) else list(calls))
        if auction.is_complete or not auction.is_legal(DOUBLE):
            continue
        meanings = BIDDER.explain(auction, DOUBLE).meanings
        read += sum(_says_penalty(m) for m in meanings)
        assert all(_says_penalty(m) == m.penalty for m in meanings), (calls, meanings)
    assert read >= len(FALLBACK_DOUBLES) + 1


def test_the_fallbacks_penalty_doubles_are_flagged() -> None:
    meanings = BIDDER.explain(Auction(Seat.N, ["2D", "X", "3D"]), DOUBLE).meanings
    fallback = [m for m in meanings if m.label in ("penalty double", "penalty double, the balance of power")]
    assert len(fallback) == 2 and all(m.penalty for m in fallback)


def test_the_judge_reads_a_double_for_penalty_by_its_flag_not_its_label() -> None:
    flagged = Explanation("X", (Meaning("business double", penalty=True),))
    labelled = Explanation("X", (Meaning("penalty-minded takeout double"),))
    assert _for_penalty(flagged) and not _for_penalty(labelled)


def test_the_redoublers_double_of_their_escape_with_no_clear_bid_is_read_for_penalty() -> None:
    # 1H X XX 4S P P: opener's pass was forcing and he leaves the redoubler's double in, whatever it holds
    after = Auction(Seat.N, ["1H", "X", "XX", "4S", "P", "P"])
    assert _for_penalty(BIDDER.explain(after, DOUBLE))
