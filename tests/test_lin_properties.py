"""Properties: a random legal board written as LIN reads back unchanged (and handviewer URLs too).

`legal_boards` is shared with the JSON tests: random deals, legal auctions with alerts and
explanations, legal play (possibly stopped or claimed), players, numbers and rooms.
"""

from __future__ import annotations

import copy
import dataclasses
import io

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bridgetools import Annotation, Auction, Board, Deal, Hand, Play, Seat, Vul
from bridgetools.formats import handviewer, lin
from bridgetools.formats._suit_marks import escaped_backslashes, lin_suits
from bridgetools.model import PASS, Call

LIN_TEXT = st.text(
    alphabet=st.characters(blacklist_characters="|\r\n", blacklist_categories=("Cs", "Cc")), max_size=12
)
NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz~_0123456789", min_size=1, max_size=10)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    order = draw(st.permutations(range(52)))
    hands = [Hand(sum(1 << i for i in order[13 * k : 13 * k + 13])) for k in range(4)]
    return Deal(hands)


@st.composite
def auctions(draw: st.DrawFn, dealer: Seat) -> Auction:
    auction = Auction(dealer)
    while not auction.is_complete and len(auction) < 30:
        legal = auction.legal_calls()
        pick = draw(st.integers(0, 9))
        if pick < 5:
            call = PASS
        else:
            others = [c for c in legal if c is not PASS][:6]
            call = draw(st.sampled_from(others)) if others else PASS
        note = None
        if draw(st.integers(0, 5)) == 0:
            note = Annotation(alert=draw(st.booleans()), explanation=draw(st.none() | LIN_TEXT))
        auction.add(call, note if note else None)
    while not auction.is_complete:
        auction.add(PASS)
    return auction


@st.composite
def legal_boards(draw: st.DrawFn) -> Board:
    """A board LIN can hold: everything BBO's single-board and vugraph forms carry."""
    board = Board()
    board.deal = draw(deals())
    board.dealer = draw(st.sampled_from(list(Seat)))
    board.vulnerability = draw(st.sampled_from(list(Vul)))
    board.number = draw(st.none() | st.integers(1, 64))
    if board.number is not None:
        board.room = draw(st.sampled_from([None, "open", "closed"]))
    board.players = draw(st.dictionaries(st.sampled_from(list(Seat)), NAMES, max_size=4))
    if draw(st.booleans()):
        auction = draw(auctions(board.dealer))
        board.auction = auction
        board.contract, board.declarer = auction.final_contract, auction.declarer
        if auction.contract is not None and auction.declarer is not None:
            play = Play(board.deal, auction.contract, auction.declarer)
            for _ in range(draw(st.integers(0, 52))):
                play.add(draw(st.sampled_from(play.legal_cards())))
                if play.is_complete:
                    break
            if not play.is_complete and draw(st.booleans()):
                won, left = play.declarer_tricks, 13 - len(play.completed_tricks)
                play.claim(draw(st.integers(won, won + left)))
            if play.cards or play.claimed is not None:  # LIN has no way to say "no card yet"
                board.play, board.tricks = play, play.result
    return board


def in_lin_marks(board: Board) -> Board:
    """The board as LIN holds it: each explanation's suit marks as LIN's (PBN's ``\\S`` as ``!S``, the same
    suit; LIN cannot say which format's mark it was), as the LIN reader reads the text the writer wrote."""
    if board.auction is None:
        return board
    board = copy.deepcopy(board)
    assert board.auction is not None
    for i, note in enumerate(board.auction.annotations):
        if note is not None and note.explanation is not None:
            as_lin = escaped_backslashes(lin_suits(note.explanation, "an"))
            board.auction.annotate(i, dataclasses.replace(note, explanation=as_lin))
    return board


def a_board_explained(explanation: str) -> Board:
    """Board 1 dealt in suits, North opening 1C with ``explanation`` and three passes."""
    board = Board(number=1, deal=Deal([Hand(0x1FFF << 13 * k) for k in range(4)]), dealer=Seat.N,
                  vulnerability=Vul.NONE)
    board.auction = Auction(Seat.N)
    board.auction.add(Call.parse("1C"), Annotation(explanation=explanation))
    for _ in range(3):
        board.auction.add(PASS)
    board.contract, board.declarer = board.auction.final_contract, board.auction.declarer
    return board


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_boards())
@example(a_board_explained("5+ \\S, C:\\\\Spades"))
def test_a_legal_board_written_as_lin_reads_back_unchanged(board: Board) -> None:
    out = io.StringIO()
    lin.write_boards([board], out)
    (again,) = lin.read_boards(io.StringIO(out.getvalue()), "p.lin")
    assert again == in_lin_marks(board)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(legal_boards(), min_size=1, max_size=4, unique_by=lambda board: board.number))
def test_several_boards_in_one_lin_file_read_back_unchanged(boards: list[Board]) -> None:
    out = io.StringIO()
    lin.write_boards(boards, out)
    assert list(lin.read_boards(io.StringIO(out.getvalue()), "p.lin")) == [in_lin_marks(b) for b in boards]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_boards())
@example(a_board_explained("5+ \\S, C:\\\\Spades"))
def test_a_handviewer_url_carries_the_whole_board(board: Board) -> None:
    assert handviewer.read_url(handviewer.to_url(board)) == [in_lin_marks(board)]


def test_a_pbn_suit_mark_in_an_explanation_reads_back_from_a_handviewer_url_as_lin_marks_it() -> None:
    (again,) = handviewer.read_url(handviewer.to_url(a_board_explained("5+ \\S")))
    assert again.auction is not None and again.auction.annotations[0] == Annotation(explanation="5+ !S")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals(), st.sampled_from(list(Seat)), st.sets(st.sampled_from(list(Seat)), max_size=2), st.data())
def test_the_fast_card_check_the_lin_reader_uses_agrees_with_play_add(
    deal: Deal, declarer: Seat, unknown: set[Seat], data: st.DataObject
) -> None:
    """`Play.add_if_legal` accepts exactly the cards `Play.add` accepts, with the same outcome."""
    from bridgetools import Card, IllegalPlayError

    if unknown:
        deal = Deal([None if seat in unknown else deal[seat] for seat in Seat])
    contract = data.draw(st.sampled_from(["3NT", "4S", "2H", "5C", "1D"]))
    fast, slow = Play(deal, contract, declarer), Play(deal, contract, declarer)
    every_card = [Card.parse(s + r) for s in "SHDC" for r in "AKQJT98765432"]
    for _ in range(data.draw(st.integers(0, 60))):
        legal = slow.legal_cards()
        card = data.draw(st.sampled_from(legal)) if legal and data.draw(st.integers(0, 4)) else (
            data.draw(st.sampled_from(every_card))
        )
        try:
            slow.add(card)
            accepted = True
        except IllegalPlayError:
            accepted = False
        assert fast.add_if_legal(card) is accepted
        assert (fast.cards, fast.trick_list, fast.turn) == (slow.cards, slow.trick_list, slow.turn)
