"""The one boundary with DDS (Bo Haglund and Soren Hein's solver), reached through endplay's build.

Everything that knows DDS's layouts lives here: its suit order (S H D C), strain order (S H D C NT),
rank bits (bit r for rank r), vulnerability codes and par encodings. Nothing else imports endplay.
"""

from __future__ import annotations

import atexit
import ctypes
import struct
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from functools import cache
from types import ModuleType
from typing import Any, TypeVar

from bridgetools.errors import BridgeError, MissingExtraError
from bridgetools.model import Card, Contract, Deal, Penalty, Rank, Seat, Strain, Suit, Vul
from bridgetools.model.results import DDTable, Par, ParContract
from bridgetools.rules.play import trick_winner

BATCH = 40
"""Deals per call of DDS's batched table solver (its MAXNOOFTABLES, all five strains)."""

_DDS_SUIT = {Suit.S: 0, Suit.H: 1, Suit.D: 2, Suit.C: 3}
_DDS_STRAIN = {Strain.S: 0, Strain.H: 1, Strain.D: 2, Strain.C: 3, Strain.NT: 4}
_OUR_SUIT = {v: k for k, v in _DDS_SUIT.items()}
_OUR_STRAIN = {v: k for k, v in _DDS_STRAIN.items()}
_PAR_STRAIN = {0: Strain.NT, 1: Strain.S, 2: Strain.H, 3: Strain.D, 4: Strain.C}
_DDS_VUL = {Vul.NONE: 0, Vul.BOTH: 1, Vul.NS: 2, Vul.EW: 3}
_PAR_SEATS = {0: (Seat.N,), 1: (Seat.E,), 2: (Seat.S,), 3: (Seat.W,),
              4: (Seat.N, Seat.S), 5: (Seat.E, Seat.W)}
_lock = threading.Lock()
T = TypeVar("T")
_RES_TABLE = struct.Struct("=20i")
"""DDS's ``ddTableResults``: ``int resTable[5][4]``, strain by hand."""
_RES_ORDER = tuple(seat * 5 + int(_OUR_STRAIN[k // 4]) for k in range(20) for seat in [k % 4])
"""For each cell of ``resTable`` in memory order, the index of that cell in `DDTable.tricks`."""


@cache
def dds() -> ModuleType:
    """endplay's ctypes binding of DDS, or a one-line error saying how to install it."""
    try:
        from endplay import _dds
    except ImportError:
        raise MissingExtraError("double-dummy analysis", "dd") from None
    return _dds


def available() -> bool:
    """Whether DDS can run here (the ``dd`` extra, endplay's build, is installed): callers that have a way
    without it (the rule bidder, the heuristic card player) ask this rather than meet the error."""
    try:
        dds()
    except MissingExtraError:
        return False
    return True


_threads: list[int] = []


def set_threads(threads: int) -> None:
    """Cap the threads DDS solves with (it uses one per core unless told); DDS sets up its thread
    memory again each time, so only a change is passed on."""
    if _threads != [threads]:
        dds().SetMaxThreads(threads)
        _threads[:] = [threads]


def _remain(deal: Deal) -> list[list[int]]:
    """DDS's ``remainCards[hand][suit]``: rank bits (bit r for rank r) in DDS's suit order."""
    rows = [[0] * 4 for _ in range(4)]
    for seat in Seat:
        hand = deal[seat]
        if hand is None:
            raise BridgeError(f"double-dummy analysis needs all four hands; {seat.full_name}'s is missing")
        for suit, dds_suit in _DDS_SUIT.items():
            rows[seat][dds_suit] = hand.holding(suit) << 2
    return rows


def _check_counts(deal: Deal) -> None:
    counts = {len(h) for h in deal if h is not None}
    if len(counts) != 1 or not counts.pop():
        raise BridgeError(f"double-dummy tables need four hands of equal size: {deal.to_pbn()}")


def _table_of(result: Any, size: int) -> DDTable:
    """Our table from DDS's ``ddTableResults`` (``resTable[strain][hand]``).

    DDS counts as if the tricks already gone were declarer's (13 less the defenders' tricks), so a
    deal of ``size`` cards a hand has ``13 - size`` taken off.
    """
    res = result.resTable
    gone = 13 - size
    return DDTable(tuple(res[_DDS_STRAIN[strain]][seat] - gone for seat in Seat for strain in Strain))


def _last_trick_table(deal: Deal) -> DDTable:
    """The table of a deal of one card a hand, played out: DDS's table solver misreads such a deal (it gave
    North a trick in every strain of ``N:...3 8... 3... ..6.``, and other wrong counts after another
    solve), and the one trick has no choice in it."""
    cells = []
    for declarer in Seat:
        leader = declarer.lho
        trick = [next(iter(deal.hand(leader.offset(i)))) for i in range(4)]
        for strain in Strain:
            won = trick_winner(leader, trick, strain.suit).side == declarer.side
            cells.append(int(won))
    return DDTable(tuple(cells))


def played_out(deal: Deal) -> bool:
    """Whether `solve_tables` plays the deal out (one card a hand) rather than asking DDS, which misreads
    it: a table of such a deal kept from before (a cache's) may be DDS's wrong one."""
    return len(deal.hand(Seat.N)) == 1


def solve_tables(deals: Sequence[Deal]) -> list[DDTable]:
    """Tables for up to `BATCH` deals in one call of DDS's threaded batch solver (a deal of one card a
    hand, which it misreads, played out instead)."""
    d = dds()
    if not deals:
        return []
    if len(deals) > BATCH:
        raise ValueError(f"at most {BATCH} deals a call")
    for deal in deals:
        _check_counts(deal)
    last = {i: _last_trick_table(deal) for i, deal in enumerate(deals) if played_out(deal)}
    if last:
        solved = iter(solve_tables([deal for i, deal in enumerate(deals) if i not in last]))
        return [last[i] if i in last else next(solved) for i in range(len(deals))]
    batch = d.ddTableDeals()
    batch.noOfTables = len(deals)
    for i, deal in enumerate(deals):
        for hand, row in enumerate(_remain(deal)):
            for suit, bits in enumerate(row):
                batch.ddTableDeal[i].cards[hand][suit] = bits
    res = d.ddTablesRes()
    par = d.allParResults()

    def solve() -> None:
        with _lock, _solver_errors():
            d.CalcAllTables(batch, -1, [0] * 5, res, par)

    _abandonable(solve)
    return [_table_of(res.results[i], len(deal.hand(Seat.N))) for i, deal in enumerate(deals)]


BOARDS = 200
"""Deals per call of DDS's batched single-deal solver (its MAXNOOFBOARDS)."""


def declarer_makes(deals: Sequence[Deal], strain: Strain, declarer: Seat, tricks: int) -> list[bool]:
    """Whether ``declarer`` takes ``tricks`` tricks in ``strain`` on each deal (full hands, all of one
    size), double dummy, through DDS's batched ``SolveAllBoardsBin``: one opening lead's search for one
    target a deal, far cheaper than a table."""
    beat = [len(deal.hand(Seat.N)) - tricks + 1 for deal in deals]
    if len(set(beat)) > 1:
        raise ValueError("deals of one size a call")
    if not deals or beat[0] <= 0:
        return [True] * len(deals)
    return [score < beat[0] for score in _lead_scores(deals, strain, declarer.lho, beat[0])]


def _lead_scores(deals: Sequence[Deal], strain: Strain, leader: Seat, target: int) -> list[int]:
    """DDS's score for the side on lead in each deal searched for ``target`` tricks: ``target`` when it
    takes them, less when it does not."""
    d = dds()
    out: list[int] = []
    for start in range(0, len(deals), BOARDS):
        chunk = deals[start:start + BOARDS]
        boards = d.boards()
        boards.noOfBoards = len(chunk)
        for i, deal in enumerate(chunk):
            _check_counts(deal)
            _set_position(boards.deals[i], deal, strain, leader, ())
            boards.target[i] = target
            boards.solutions[i] = 1
            boards.mode[i] = 1  # mode 0 scores a lead with no alternative (one card, or one sequence) -2
        solved = d.solvedBoards()

        def solve(boards: Any = boards, solved: Any = solved) -> None:
            with _lock, _solver_errors():
                d.SolveAllBoardsBin(boards, solved)

        _abandonable(solve)
        out.extend(solved.solvedBoard[i].score[0] for i in range(len(chunk)))
    return out


def par_of(table: DDTable, vulnerability: Vul, dealer: Seat) -> Par:
    """Par as DDS's ``DealerParBin`` defines it (the dealer breaks ties), North-South's score."""
    d = dds()
    tricks = table.tricks
    packed = _RES_TABLE.pack(*[tricks[i] for i in _RES_ORDER])
    res, out = _par_buffers()
    try:  # not _solver_errors(): par is cheap enough that a context manager shows in its time
        with _lock:
            ctypes.memmove(ctypes.addressof(res), packed, _RES_TABLE.size)
            ctypes.memset(ctypes.addressof(out), 0, ctypes.sizeof(out))  # a passed-out par writes no contract
            d.DealerParBin(res, out, int(dealer), _DDS_VUL[vulnerability])
            contracts = out.contracts
            found = [_par_contract(c.level, c.denom, c.seats, c.overTricks, c.underTricks)
                     for c in (contracts[i] for i in range(out.number)) if c.level]
            score = out.score
    except d.DDSError as e:
        raise BridgeError(f"the double-dummy solver refused the table: {e}") from None
    return Par(score, tuple(found))


@cache
def _par_buffers() -> tuple[Any, Any]:
    """The table and result structures DDS's par reads and writes: made once, used under the lock."""
    d = dds()
    return d.ddTableResults(), d.parResultsMaster()


@cache
def _par_contract(level: int, denom: int, seats: int, over: int, under: int) -> ParContract:
    """One of DDS's par contracts as ours (a sacrifice, with undertricks, is doubled); values repeat, so
    each is made once."""
    contract = Contract(level, _PAR_STRAIN[denom], Penalty.DOUBLED if under > 0 else Penalty.UNDOUBLED)
    return ParContract(contract, _PAR_SEATS[seats], over - under)


def _set_position(position: Any, deal: Deal, trump: Strain, leader: Seat, trick: Sequence[Card]) -> None:
    """Fill DDS's ``deal`` struct: trump, the trick's leader, its cards so far and the cards still held."""
    position.trump = _DDS_STRAIN[trump]
    position.first = int(leader)
    for i in range(3):
        played = i < len(trick)
        position.currentTrickSuit[i] = _DDS_SUIT[trick[i].suit] if played else 0
        position.currentTrickRank[i] = int(trick[i].rank) if played else 0
    for hand, row in enumerate(_remain(deal)):
        for suit, bits in enumerate(row):
            position.remainCards[hand][suit] = bits


def solve_position(deal: Deal, trump: Strain, leader: Seat, trick: Sequence[Card]) -> dict[Card, int]:
    """Tricks the side to play takes from here with each legal card (DDS ``SolveBoard``, all cards).

    ``deal`` holds the cards not yet played; the cards of ``trick`` (the trick in progress, led by
    ``leader``) are already out of the hands.
    """
    d = dds()
    position = d.deal()
    _set_position(position, deal, trump, leader, trick)
    future = d.futureTricks()
    with _lock, _solver_errors():
        d.SolveBoard(position, -1, 3, 1, future, 0)
    result: dict[Card, int] = {}
    for i in range(future.cards):
        suit = _OUR_SUIT[future.suit[i]]
        top = future.rank[i]
        score = future.score[i]
        result[Card(suit, Rank(top))] = score
        equals = future.equals[i]
        for r in range(2, 15):
            if equals & (1 << r):
                result[Card(suit, Rank(r))] = score
    return result


_solving: set[threading.Thread] = set()
"""The threads of DDS calls not yet returned (`_abandonable`): each leaves it as its call returns."""


def _abandonable(solve: Callable[[], T]) -> T:
    """``solve()``, a batched call of DDS, run in a thread of its own while this one waits for it: a call
    into DDS holds Python's signal handlers back until it returns (a batch of 40 tables takes 20-25 s
    under load), where a wait is cut short by them, so Ctrl-C stops the caller at once. A call left
    behind runs on (the next one waits for it at the lock); the interpreter's exit waits for it
    (`_finish_abandoned`), and a command that stops ends its process without that wait (`left_running`).
    """
    done: Future[T] = Future()

    def run() -> None:
        try:
            done.set_result(solve())
        except BaseException as e:
            done.set_exception(e)
        finally:
            _solving.discard(threading.current_thread())

    thread = threading.Thread(target=run, name="bridgetools: DDS", daemon=True)
    _solving.add(thread)
    thread.start()
    return done.result()


def _running() -> list[threading.Thread]:
    """The threads of `_solving` started, which the exit can wait for: one is added just before it starts
    (a thread that had finished would have left the set), and joining it then would be an error."""
    return [thread for thread in list(_solving) if thread.is_alive()]


def left_running() -> bool:
    """Whether a DDS call that its caller stopped waiting for (Ctrl-C) is still running in its thread."""
    return bool(_running())


WAITING_AT_EXIT = ("bridgetools: waiting for the double-dummy solver's batch to finish before exiting "
                   "(Ctrl-C is ignored until then)")
"""What `_finish_abandoned` says, once, when the exit has a DDS call to wait for."""


@atexit.register
def _finish_abandoned() -> None:
    """At the interpreter's exit, wait for the DDS calls left running: the exit would free the memory
    they work in (a segmentation fault where a script's Ctrl-C had a traceback). Ctrl-C is ignored while
    it waits, which it says once: a second Ctrl-C would cut the wait short and crash the same way."""
    running = _running()
    if not running:
        return
    import signal

    from bridgetools._words import tell_user

    try:
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: no signal reaches this one
        before = None
    tell_user(WAITING_AT_EXIT)
    try:
        for thread in running:
            thread.join()
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


@contextmanager
def _solver_errors() -> Iterator[None]:
    """DDS's refusals as our one error type (its message names what it refused)."""
    try:
        yield
    except dds().DDSError as e:
        raise BridgeError(f"the double-dummy solver refused the position: {e}") from None
