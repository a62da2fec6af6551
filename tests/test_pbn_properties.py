"""Properties of PBN reading and writing: random legal boards survive PBN unchanged, trick rows replay
as card-by-card play does, and no input, however broken, raises anything but ParseError."""

from __future__ import annotations

import random
import re
import string
from datetime import date

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pbn_content import content

from bridgetools.board import Board, Table
from bridgetools.errors import BridgeError, IllegalPlayError, ParseError
from bridgetools.formats import dumps, loads
from bridgetools.formats.pbn_checks import TAG_RULES
from bridgetools.model import PASS, Annotation, Card, Contract, Deal, Hand, Seat
from bridgetools.rules import Auction, Play

# Text a tag value or a note may hold: quotes and backslashes included, so escaping is exercised.
# (Line ends and tabs are not allowed in PBN strings; a value starting with "#" means inheritance; a
# board made in code may hold either format's suit marks, and PBN writes LIN's ``!C`` in a note as its
# own ``\C`` (docs/formats.md), so a note holds no ``!C``.)
TEXT = st.text(alphabet=string.ascii_letters + string.digits + " .,:;-'\"\\!?()/&", max_size=24).filter(
    lambda s: s == s.strip() and not s.startswith("#") and s != "?" and not re.search("[!@][SHDCshdc]", s)
)
NAME_TEXT = TEXT.filter(lambda s: s != "")


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    order = draw(st.permutations(range(52)))
    return Deal([Hand(sum(1 << i for i in order[13 * k : 13 * k + 13])) for k in range(4)])


@st.composite
def auctions(draw: st.DrawFn, dealer: Seat, notes: dict[int, str]) -> Auction:
    """A legal auction, mostly passes and low bids, some calls alerted with a note or given NAGs."""
    auction = Auction(dealer)
    while not auction.is_complete:
        legal = auction.legal_calls()
        others = [c for c in legal if c is not PASS][:5]
        call = PASS if not others or draw(st.integers(0, 9)) < 6 else draw(st.sampled_from(others))
        annotation = None
        kind = draw(st.integers(0, 9))
        if kind in (0, 2):
            # Explained, with an alert or without (BBO explains calls nobody alerted).
            number = len(notes) + 1
            notes[number] = draw(TEXT)
            annotation = Annotation(alert=kind == 0, explanation=notes[number], note=number)
        elif kind == 3:
            annotation = Annotation(alert=True)  # alerted, nothing explained
        elif kind == 1:
            # At most one suffix NAG ($1-$6) and no card NAGs ($7-$12, $14) on a call (§3.7); $15 is
            # bridgetools' mark of an alert without explanation.
            nags = draw(st.sets(st.integers(16, 40), max_size=2)) | set(
                draw(st.sets(st.integers(1, 6), max_size=1))
            )
            annotation = Annotation(nags=tuple(sorted(nags))) if nags else None
        auction.add(call, annotation)
    return auction


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A board as played: Law 2 dealer and vulnerability, a legal auction, a legal (maybe partial,
    maybe claimed) play, players, event fields, extra tags, a table and commentary."""
    board = Board(number=draw(st.integers(1, 64)))
    assert board.dealer is not None
    board.deal = draw(deals())
    notes: dict[int, str] = {}
    board.auction = draw(auctions(board.dealer, notes))
    board.notes = notes
    board.contract = board.auction.final_contract
    board.declarer = board.auction.declarer
    board.event, board.site = draw(TEXT), draw(TEXT)
    board.scoring = draw(st.sampled_from(["", "IMP", "MP", "IMP;Butler-2", "Rubber"]))
    board.date = draw(
        st.dates(min_value=date(1900, 1, 1)).map(lambda d: d.strftime("%Y.%m.%d")) | st.just("")
    )
    board.players = draw(st.dictionaries(st.sampled_from(list(Seat)), NAME_TEXT, max_size=4))
    reserved = ("Note", "Room", "Play", *TAG_RULES)
    names = st.from_regex(r"[A-Z][a-z]{2,8}", fullmatch=True).filter(lambda n: n not in reserved)
    board.tags = draw(st.dictionaries(names, TEXT, max_size=3))
    if draw(st.booleans()):
        cells = st.text(alphabet=string.ascii_letters + string.digits + " -^;", min_size=1, max_size=8)
        columns = draw(st.lists(st.from_regex(r"[A-Z][a-z]{1,6}", fullmatch=True), min_size=1, max_size=4))
        rows = draw(st.lists(st.lists(cells, min_size=len(columns), max_size=len(columns)), max_size=4))
        board.tables["ScoreTable"] = Table(columns, rows)
    board.commentary = draw(st.lists(TEXT.filter(lambda s: "}" not in s), max_size=2))
    if board.contract is not None and not board.contract.is_passed_out and board.declarer is not None:
        play = Play(board.deal, board.contract, board.declarer)
        for _ in range(draw(st.integers(0, 52))):
            card = draw(st.sampled_from(play.legal_cards()))
            nags = draw(st.sampled_from([(), (), (), (7,), (9, 20)]))
            play.add(card, Annotation(nags=nags) if nags else None)
        if len(play.completed_tricks) == 13:
            board.tricks = play.declarer_tricks
        elif draw(st.booleans()):
            done = play.declarer_tricks
            board.tricks = draw(st.integers(done, done + 13 - len(play.completed_tricks)))
            play.claim(board.tricks)
        board.play = play
    return board


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(boards(), min_size=1, max_size=3, unique_by=lambda board: board.number))
def test_random_legal_boards_come_back_from_pbn_unchanged(originals: list[Board]) -> None:
    text = dumps(originals, "pbn")
    again = loads(text, "pbn")
    assert [b.issues for b in again] == [[] for _ in again]
    assert [content(b) for b in again] == [content(b) for b in originals]
    assert dumps(again, "pbn") == text


@st.composite
def played_with_a_slip(draw: st.DrawFn) -> tuple[Deal, Contract, Seat, list[Card]]:
    """A deal, contract and declarer, and cards played legally, the last one perhaps replaced by
    any other card (often a revoke, a card held by someone else or one already played)."""
    deal = draw(deals())
    contract = Contract(draw(st.integers(1, 7)), draw(st.sampled_from([0, 1, 2, 3, 4])), 0)
    declarer = draw(st.sampled_from(list(Seat)))
    play = Play(deal, contract, declarer)
    cards = []
    for _ in range(draw(st.integers(1, 52))):
        card = draw(st.sampled_from(play.legal_cards()))
        play.add(card)
        cards.append(card)
    if draw(st.booleans()):
        cards[-1] = Card.from_index(draw(st.integers(0, 51)))
    return deal, contract, declarer, cards


@settings(max_examples=80, deadline=None)
@given(played_with_a_slip(), st.sampled_from(list(Seat)))
def test_trick_rows_by_seat_replay_exactly_as_card_by_card_play(
    case: tuple[Deal, Contract, Seat, list[Card]], first: Seat
) -> None:
    deal, contract, declarer, cards = case
    one_by_one = Play(deal, contract, declarer)
    error_one = None
    for card in cards:
        try:
            one_by_one.add(card)
        except IllegalPlayError as e:
            error_one = str(e)
            break
    # Lay the legal cards out in seat columns, as a trick record does, then the slip if any.
    rows: list[list[Card | None]] = []
    for trick in one_by_one.trick_list:
        row: list[Card | None] = [None] * 4
        for i, card in enumerate(trick.cards):
            row[(trick.leader.offset(i) - first) % 4] = card
        rows.append(row)
    if error_one is not None:
        column = (one_by_one.turn - first) % 4
        if not rows or len(one_by_one.current_trick.cards) == 0:
            rows.append([None] * 4)
        rows[-1][column] = cards[len(one_by_one.cards)]
    by_rows = Play(deal, contract, declarer)
    error_rows = None
    try:
        by_rows.add_tricks_by_seat(rows, first)
    except IllegalPlayError as e:
        error_rows = str(e)
    assert error_rows == error_one
    assert by_rows.cards == one_by_one.cards
    assert by_rows.trick_list == one_by_one.trick_list
    assert by_rows.turn == one_by_one.turn


def _mutations(text: str, rng: random.Random) -> str:
    """``text`` with a few random cuts, duplications and character changes."""
    chars = list(text)
    for _ in range(rng.randint(1, 8)):
        if not chars:
            break
        i = rng.randrange(len(chars))
        action = rng.random()
        if action < 0.3:
            del chars[i : i + rng.randint(1, 20)]
        elif action < 0.6:
            chars.insert(i, rng.choice('[]{}";%\n\t#=$!?^*+-AKQJT98 SHDCNEW:.'))
        else:
            j = rng.randrange(len(chars))
            chars[i:i] = chars[j : j + rng.randint(1, 40)]
    return "".join(chars)


def _read_every_way(text: str) -> None:
    try:
        boards = loads(text, "pbn")
    except ParseError as e:  # text that holds no board says so, naming the source
        assert e.message.startswith("no boards found") and e.source == "<string>"
        return
    exported = dumps(boards, "pbn")  # whatever was read can be written, and its export is stable
    assert dumps(loads(exported, "pbn"), "pbn") == exported
    try:
        loads(text, "pbn", strict=True)
    except ParseError as e:
        assert e.line is None or e.line >= 1


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_give_only_issues_or_parse_errors(data: bytes) -> None:
    _read_every_way(data.decode("latin-1"))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
@example(seed=77)  # a repair emptied the line closing a comment: the comment then held a blank line and a tag
@example(seed=105370)  # [Date "###2012.08.??"]: its value '#2012.08.??' written bare read back as a copy
def test_mutated_real_files_give_only_issues_or_parse_errors(seed: int) -> None:
    from pathlib import Path

    files = sorted((Path(__file__).parent / "data" / "pbn").rglob("*.pbn"))  # with variants, verifier files
    rng = random.Random(seed)
    text = rng.choice(files).read_text("latin-1")
    _read_every_way(_mutations(text, rng))


def test_strict_errors_are_parse_errors_not_other_bridge_errors() -> None:
    try:
        loads('[Event "x"]\n[Deal "N:AKQ"]\n', "pbn", strict=True)
    except BridgeError as e:
        assert isinstance(e, ParseError)


@st.composite
def partial_deals(draw: st.DrawFn) -> Deal:
    """A deal with some cards played or left out: hands of any sizes up to 13, some perhaps unknown."""
    order = draw(st.permutations(range(52)))
    hands: list[Hand | None] = []
    for k in range(4):
        size = draw(st.integers(0, 13))
        known = not k or draw(st.booleans())
        hands.append(Hand(sum(1 << i for i in order[13 * k : 13 * k + size])) if known else None)
    return Deal(hands)


@settings(max_examples=200, deadline=None)
@given(partial_deals(), st.sampled_from(list(Seat)))
def test_every_deal_string_the_library_writes_reads_back(deal: Deal, first: Seat) -> None:
    assert Deal.from_pbn(deal.to_pbn(first)) == deal


@settings(max_examples=60, deadline=None)
@given(partial_deals())
def test_a_partial_deal_goes_through_pbn_and_lin_and_back(deal: Deal) -> None:
    board = Board(number=3, deal=deal)
    for fmt in ("pbn", "lin"):
        (back,) = loads(dumps([board], fmt), fmt)
        assert back.deal == deal or (fmt == "lin" and back.deal == deal.completed()), fmt


def test_a_tag_value_starting_with_a_hash_is_written_so_it_reads_back_as_itself() -> None:
    # [Date "###2012"] holds '#2012'; written '[Date "#2012"]' it read back as the game before's date
    text = '[Event "a"]\n[Date "2012.01.01"]\n[Board "1"]\n\n[Event "a"]\n[Date "###2012"]\n[Board "2"]\n'
    boards = loads(text, "pbn")
    assert [b.date for b in loads(dumps(boards, "pbn"), "pbn")] == [b.date for b in boards]
