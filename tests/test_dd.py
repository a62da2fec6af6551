"""Double dummy through DDS, checked against what the tests solve themselves.

Small deals (two to four cards a hand) are solved here by exhaustive search, and par is checked
against a minimax over the bidding written here from the definition; neither uses DDS.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

import bridgetools as bt
from bridgetools.errors import BridgeError
from bridgetools.model import Card, Contract, Deal, Hand, Seat, Strain, Suit, Vul
from bridgetools.model.results import DDTable, Par
from bridgetools.rules import Play
from bridgetools.scoring import score

dd = pytest.importorskip("bridgetools.dd")
pytest.importorskip("endplay")

FULL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def small_deal(rng: random.Random, size: int) -> Deal:
    cards = rng.sample([Card.from_index(i) for i in range(52)], 4 * size)
    return Deal([Hand.from_cards(cards[i * size:(i + 1) * size]) for i in range(4)])


def rotate(deal: Deal, steps: int) -> Deal:
    """The deal turned clockwise: the hand North held goes to the seat ``steps`` places on."""
    return Deal([deal[seat.offset(-steps)] for seat in Seat])


def exhaustive_tricks(deal: Deal, declarer: Seat, strain: Strain) -> int:
    """Declarer's tricks by trying every legal card at every turn (only for small deals)."""
    hands = tuple(tuple(sorted(c.index for c in deal.hand(s))) for s in Seat)
    return _best(hands, int(declarer.lho), -1 if strain is Strain.NT else int(strain), declarer % 2)


@cache
def _best(hands: tuple[tuple[int, ...], ...], leader: int, trump: int, side: int) -> int:
    """Tricks the side ``side`` (0 NS, 1 EW) takes from a trick boundary; cards as indices 0-51."""
    if not hands[leader]:
        return 0
    return _trick(hands, leader, (), trump, side)


def _trick(hands: tuple[tuple[int, ...], ...], leader: int, cards: tuple[int, ...], trump: int,
           side: int) -> int:
    if len(cards) == 4:
        led = cards[0] // 13
        power = [(100 if c // 13 == trump else 0 if c // 13 == led else -100) + c % 13 for c in cards]
        won = (leader + power.index(max(power))) % 4
        return (won % 2 == side) + _best(hands, won, trump, side)
    seat = (leader + len(cards)) % 4
    legal = hands[seat]
    if cards:
        legal = tuple(c for c in legal if c // 13 == cards[0] // 13) or legal
    results = []
    for c in legal:
        rest = list(hands)
        rest[seat] = tuple(x for x in hands[seat] if x != c)
        results.append(_trick(tuple(rest), leader, (*cards, c), trump, side))
    return max(results) if seat % 2 == side else min(results)


def minimax_par_score(table: DDTable, vul: Vul, dealer: Seat) -> int | None:
    """North-South's par score by minimax over a bidding between two sides (None where the
    dealer-dependent tie makes seat order matter: both sides' best contract the same)."""
    best = {side: max(((lvl, st) for st in Strain for s in side
                       for lvl in [table[s, st] - 6] if lvl >= 1), default=None)
            for side in ((Seat.N, Seat.S), (Seat.E, Seat.W))}
    ns, ew = best[(Seat.N, Seat.S)], best[(Seat.E, Seat.W)]
    if ns is not None and ns == ew:
        return None
    bids = [(lvl, st) for lvl in range(1, 8) for st in Strain]

    def value(i: int, side: int) -> int:
        """NS's score when bid ``i`` by ``side`` (0 NS, 1 EW) stands, doubled if it fails."""
        lvl, st = bids[i]
        seats = (Seat.N, Seat.S) if side == 0 else (Seat.E, Seat.W)
        tricks = max(table[s, st] for s in seats)
        made = tricks >= 6 + lvl
        contract = Contract(lvl, st, 0 if made else 1)
        points = score(contract, tricks, vul.is_vulnerable(seats[0]))
        return points if side == 0 else -points

    @cache
    def play(i: int, holder: int, mover: int, passes: int) -> int:
        if passes == 2:
            return 0 if i < 0 else value(i, holder)
        sign = 1 if mover == 0 else -1
        options = [play(i, holder, 1 - mover, passes + 1)]
        options += [play(j, mover, 1 - mover, 0) for j in range(i + 1, len(bids))]
        return sign * max(sign * o for o in options)

    return play(-1, -1, dealer % 2, 0)


def test_tables_agree_with_exhaustive_search_on_200_small_deals() -> None:
    rng = random.Random(2026)
    deals = [small_deal(rng, size) for size in (2, 3) for _ in range(100)]
    for deal, table in zip(deals, dd.dd_tables(deals), strict=True):
        for seat in Seat:
            for strain in Strain:
                assert table[seat, strain] == exhaustive_tricks(deal, seat, strain), (deal, seat, strain)


def test_a_last_trick_ending_is_solved_right_among_other_deals() -> None:
    rng = random.Random(51)
    deals = [small_deal(rng, size) for _ in range(20) for size in (1, 2)]
    for deal, table in zip(deals, dd.dd_tables(deals), strict=True):
        for seat in Seat:
            for strain in Strain:
                assert table[seat, strain] == exhaustive_tricks(deal, seat, strain), (deal, seat, strain)


def test_a_contract_is_made_only_where_exhaustive_search_makes_it_even_with_a_forced_lead() -> None:
    rng = random.Random(3)
    deals = [small_deal(rng, 2) for _ in range(20)]
    for strain in Strain:
        made = dd.dd_makes(deals, strain, Seat.N, 2)
        for deal, makes in zip(deals, made, strict=True):
            assert makes == (exhaustive_tricks(deal, Seat.N, strain) == 2), (deal, strain)


def test_table_of_a_full_deal_reads_declarer_then_strain() -> None:
    table = dd.dd_table(Deal.from_pbn(FULL))
    assert [table[Seat.E, s] for s in Strain] == [9, 10, 8, 9, 9]
    assert [table[Seat.N, s] for s in Strain] == [3, 2, 3, 4, 3]
    assert table[Seat.S, Strain.S] == table["S", "S"] == 4


def test_the_header_docs_dd_writes_names_each_count_of_table_tricks() -> None:
    # docs/dd.md's Slurm example writes a header, then table.tricks; the header must name each count's
    # declarer and strain (before, no header: the order was documented nowhere).
    doc = (Path(__file__).parent.parent / "docs" / "dd.md").read_text(encoding="utf-8")
    line = next(line for line in doc.splitlines() if line.startswith("columns = "))
    columns = eval(line.partition("=")[2].partition("#")[0], {"bt": bt})
    table = dd.dd_table(Deal.from_pbn(FULL))
    row = dict(zip(columns, table.tricks, strict=True))
    assert row == {f"{seat.letter}_{strain}": table[seat, strain] for seat in Seat for strain in Strain}
    assert (row["E_D"], row["N_S"], row["N_NT"]) == (10, 4, 3)  # the tricks of the full deal above


def test_turning_the_deal_turns_the_table() -> None:
    rng = random.Random(5)
    deal = small_deal(rng, 4)
    table = dd.dd_table(deal)
    for steps in range(4):
        assert dd.dd_table(rotate(deal, steps)) == table.rotated(steps)


@pytest.mark.parametrize("steps", [0, 1, 2, 3])
def test_par_turns_with_the_deal_and_the_vulnerability(steps: int) -> None:
    table = dd.dd_table(Deal.from_pbn(FULL))
    for vul in Vul:
        for dealer in Seat:
            base = dd.par(table, vul, dealer)
            turned_vul = vul if steps % 2 == 0 or vul in (Vul.NONE, Vul.BOTH) else Vul(3 - vul)
            turned = dd.par(table.rotated(steps), turned_vul, dealer.offset(steps))
            assert turned.score == (base.score if steps % 2 == 0 else -base.score)


def test_par_scores_agree_with_a_minimax_over_the_bidding_on_200_deals() -> None:
    rng = random.Random(77)
    deals = [small_deal(rng, 13) for _ in range(50)]
    checked = 0
    for deal, table in zip(deals, dd.dd_tables(deals), strict=True):
        for vul in Vul:
            dealer = Seat(rng.randrange(4))
            expected = minimax_par_score(table, vul, dealer)
            if expected is None:
                continue
            assert dd.par(table, vul, dealer).score == expected, (deal, vul, dealer)
            checked += 1
    assert checked >= 150


def random_table(rng: random.Random) -> DDTable:
    """A table as deals give them: partners within a trick of each other, each defender taking what the
    other side's declarer does not (give or take the trick the opening lead can make)."""
    tricks: list[int | None] = []
    by_strain: dict[Strain, tuple[int, int, int, int]] = {}
    for strain in Strain:
        north = rng.randint(0, 13)
        south = min(13, max(0, north + rng.randint(-1, 1)))
        east = min(13, max(0, 13 - max(north, south) + rng.randint(-1, 0)))
        west = min(13, max(0, east + rng.randint(-1, 1)))
        by_strain[strain] = (north, east, south, west)
    for seat in Seat:
        tricks.extend(by_strain[strain][seat] for strain in Strain)
    return DDTable(tuple(tricks))


def test_par_scores_agree_with_a_minimax_over_the_bidding_on_200_tables() -> None:
    rng = random.Random(78)
    checked = 0
    while checked < 200:  # tables where seat order decides par (both sides' best the same) are skipped
        table, vul, dealer = random_table(rng), Vul(rng.randrange(4)), Seat(rng.randrange(4))
        expected = minimax_par_score(table, vul, dealer)
        if expected is not None:
            assert dd.par(table, vul, dealer).score == expected, (table, vul, dealer)
            checked += 1


def test_par_contracts_score_the_par_score() -> None:
    table = dd.dd_table(Deal.from_pbn(FULL))
    result = dd.par(table, Vul.NONE, Seat.N)
    assert result == Par(-400, result.contracts)
    assert [str(c) for c in result.contracts] == ["EW 3NT"]
    for c in result.contracts:
        tricks = c.contract.tricks_needed + c.result
        points = score(c.contract, tricks, Vul.NONE.is_vulnerable(c.declarers[0]))
        assert (points if c.side == "NS" else -points) == result.score


def test_a_passed_out_par_after_another_deal_s_par_has_no_contract() -> None:
    # DDS writes no contract for a passed-out par: the par before's contract was kept (0, EW 3NT).
    made = dd.par(dd.dd_table(Deal.from_pbn(FULL)), Vul.NONE, Seat.N)
    assert made.contracts and dd.par(DDTable(tuple([6] * 20)), Vul.NONE, Seat.N) == Par(0, ())


def test_par_of_a_deal_solves_its_table_first() -> None:
    deal = Deal.from_pbn(FULL)
    assert dd.par(deal, "EW", "S") == dd.par(dd.dd_table(deal), Vul.EW, Seat.S)


def test_leads_give_declarers_tricks_after_each_card_of_the_leaders_hand() -> None:
    deal = Deal.from_pbn(FULL)
    leads = dd.dd_leads(deal, "3NT", "E")
    assert set(leads) == set(deal.hand(Seat.S))
    assert max(leads.values()) <= 13 and min(leads.values()) == dd.dd_table(deal)[Seat.E, Strain.NT]


def test_solving_a_position_mid_trick_offers_only_cards_that_follow_suit() -> None:
    deal = Deal.from_pbn(FULL)
    play = Play(deal, "4S", "N", ["HA"])
    values = dd.dd_solve(dd.Position.of_play(play))
    assert set(values) == {c for c in deal.hand(Seat.S) if c.suit == Suit.H}


def test_a_position_whose_deal_still_holds_the_trick_is_refused_not_solved_for_another_player() -> None:
    deal = Deal.from_pbn(FULL)  # the whole deal given, North's ace of spades led from it
    with pytest.raises(BridgeError, match="SA of the trick is still in North's hand"):
        dd.Position(deal, Strain.NT, Seat.N, (Card.parse("SA"),))


def test_a_position_whose_hands_do_not_fit_its_trick_is_refused() -> None:
    deal = Deal.from_pbn(FULL)
    short = deal.with_hand(Seat.N, deal.known_hand(Seat.N).remove(Card.parse("SA")))
    with pytest.raises(BridgeError, match="East should hold one card fewer"):
        dd.Position(short, Strain.NT, Seat.E, (Card.parse("SA"),))
    with pytest.raises(BridgeError, match="with no card played to the trick, each should hold as many"):
        dd.Position(short, Strain.NT, Seat.N)
    with pytest.raises(BridgeError, match="at most three cards"):
        dd.Position(short, Strain.NT, Seat.N, tuple(Card.parse(c) for c in ("SA", "H2", "S8", "S3")))


def test_a_position_takes_its_strain_seat_and_cards_by_name_and_solves_as_the_play_does() -> None:
    deal = Deal.from_pbn(FULL)
    short = deal.with_hand(Seat.N, deal.known_hand(Seat.N).remove(Card.parse("SA")))
    position = dd.Position(short, "NT", "N", ("SA",))  # type: ignore[arg-type]
    assert (position.trump, position.leader, position.trick) == (Strain.NT, Seat.N, (Card.parse("SA"),))
    assert dd.dd_solve(position) == dd.dd_solve(Play(deal, "3NT", "W", ["SA"]))


def test_review_marks_a_card_that_costs_a_trick() -> None:
    deal = Deal.from_pbn(FULL)
    rng = random.Random(1)
    play = Play(deal, "3NT", "E")
    while not play.is_complete:
        play.add(rng.choice(play.legal_cards()))
    review = dd.dd_review(play)
    assert review.start == dd.dd_table(deal)[Seat.E, Strain.NT]
    assert len(review.cards) == 52
    for before, after in zip(review.cards, review.cards[1:], strict=False):
        assert after.before == before.after
    assert review.cards[-1].after == play.declarer_tricks
    assert all(c.cost >= 0 for c in review.cards)
    assert sum(c.cost for c in review.cards if c.by_declarer) - sum(
        c.cost for c in review.cards if not c.by_declarer) == review.start - play.declarer_tricks


def test_tables_need_four_hands_of_equal_size() -> None:
    with pytest.raises(BridgeError, match="equal size"):
        dd.dd_table(Deal([Hand.parse(h) for h in ("AK...", "Q...", "J...", "T9...")]))


def test_cache_solves_each_deal_once(tmp_path) -> None:
    rng = random.Random(3)
    deals = [small_deal(rng, 3) for _ in range(10)]
    first = list(dd.dd_tables(deals, cache=tmp_path / "c.sqlite"))
    cache_ = dd.cache.TableCache(tmp_path / "c.sqlite")
    assert len(cache_) == 10
    cache_.close()
    assert list(dd.dd_tables([*deals[:5], small_deal(rng, 3)], cache=tmp_path / "c.sqlite"))[:5] == first[:5]


def test_a_last_trick_ending_s_table_an_older_version_cached_is_solved_again_and_replaced(tmp_path) -> None:
    """Versions before the ending was played out cached DDS's wrong table of it: read, it stayed wrong."""
    deal = Deal.from_pbn("N:...3 8... 3... ..6.")
    wrong = DDTable(tuple(1 - exhaustive_tricks(deal, seat, strain) for seat in Seat for strain in Strain))
    store = dd.cache.TableCache(tmp_path / "c.sqlite")
    store.put_many([deal], [wrong])
    (table,) = dd.dd_tables([deal], cache=store)
    assert [table[seat, strain] for seat in Seat for strain in Strain] == [
        exhaustive_tricks(deal, seat, strain) for seat in Seat for strain in Strain]
    assert store.get_many([deal]) == [table]
    store.close()


def test_a_cache_named_on_another_program_s_database_is_refused_and_left_untouched(tmp_path) -> None:
    """A table of ours was created in it before, and the tables solved written there."""
    import sqlite3

    other = tmp_path / "notes.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text)")
    before = other.read_bytes()
    with pytest.raises(BridgeError, match=r"not a double-dummy table cache \(a database of other tables: "
                                          r"notes\)"):
        dd.cache.TableCache(other)
    assert other.read_bytes() == before


def test_a_cache_a_stopped_run_left_mid_write_is_recovered_not_refused(tmp_path) -> None:
    """A run killed while writing leaves SQLite's journal, which a read-only opening cannot roll back:
    the cache was refused as 'not a double-dummy table cache' on every later run."""
    import subprocess
    import sys

    path = tmp_path / "dd.sqlite"
    store = dd.cache.TableCache(path)
    deal = small_deal(random.Random(7), 2)
    store.put_many([deal], [DDTable(tuple(n % 14 for n in range(20)))])
    store.close()
    stopped = ("import os, sqlite3, sys\n"
               "db = sqlite3.connect(sys.argv[1]); db.execute('PRAGMA cache_size = 1'); db.execute('BEGIN')\n"
               "rows = [(os.urandom(28), bytes(20)) for _ in range(2000)]\n"
               "db.executemany('INSERT INTO tables VALUES (?, ?)', rows)\n"
               "os._exit(0)\n")
    subprocess.run([sys.executable, "-c", stopped, str(path)], check=True)
    assert Path(f"{path}-journal").exists()
    dd.cache.refuse_a_foreign_cache(path)
    store = dd.cache.TableCache(path)
    assert len(store) == 1 and store.get_many([deal]) == [DDTable(tuple(n % 14 for n in range(20)))]
    store.close()


def test_a_cache_given_open_is_left_open_for_the_caller(tmp_path) -> None:
    rng = random.Random(8)
    deals = [small_deal(rng, 2) for _ in range(3)]
    store = dd.cache.TableCache(tmp_path / "c.sqlite")
    list(dd.dd_tables(deals, cache=store))
    assert len(store) == 3  # still usable: the run did not close it
    store.close()


def test_recent_tables_forget_the_oldest_deal_beyond_their_size() -> None:
    recent: dd.cache.RecentTables[str, int] = dd.cache.RecentTables(2)
    recent["board 1"], recent["board 2"] = 1, 2
    recent["board 1"] = 10  # the closed room's table put again: nothing forgotten
    recent["board 3"] = 3
    assert recent == {"board 2": 2, "board 3": 3}


def test_the_module_docstring_example_shows_what_dds_and_par_give() -> None:
    # skipped in the plain doctest run (no dd extra there); with the extra it runs as written
    import doctest

    (test,) = [t for t in doctest.DocTestFinder().find(dd) if t.name == dd.__name__]
    for example in test.examples:
        example.options.pop(doctest.SKIP, None)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=lambda text: None)
    assert runner.summarize(verbose=False) == doctest.TestResults(0, len(test.examples))
