"""What the computer players accept from a caller: a hand as a `Hand` or its PBN string (as a call may be
``"1NT"`` and a vulnerability ``"NS"``), the auction as an `Auction` and the play as a `Play`. A list of
calls is refused, naming what is wanted: it does not say who dealt, and so whose turn it is."""

from __future__ import annotations

from bridgetools.errors import BridgeError, BridgeTypeError, IllegalPlayError
from bridgetools.model import Deal, Hand, Seat
from bridgetools.rules import Auction, Play


def given_hand(hand: Hand | str) -> Hand:
    """``hand``, read from PBN (``"AKQ2.KJ3.T98.432"``) when a string: a `NotationError` names a bad one,
    a `BridgeError` one that does not hold 13 cards (a bot bids and plays a full hand)."""
    if isinstance(hand, (Hand, str)):
        read = hand if isinstance(hand, Hand) else Hand.from_pbn(hand)
        if len(read) != 13:
            raise BridgeError(f"hand: expected 13 cards, got {len(read)} in {read.to_pbn()!r}")
        return read
    raise BridgeTypeError(f"hand: expected a Hand or a PBN hand such as 'AKQ2.KJ3.T98.432', "
                          f"not {type(hand).__name__}")


def given_deal(deal: Deal | None, purpose: str) -> Deal:
    """``deal`` when it gives all four hands of 13 cards, as the bots need to bid or play it; else a
    `BridgeError` naming the first hand missing or short (``purpose``: "bidding", "playing")."""
    if deal is None:
        raise BridgeError(f"{purpose} needs all four hands; the board has no deal")
    if not isinstance(deal, Deal):
        raise BridgeTypeError(f"deal: expected a Deal, such as Deal.from_pbn('N:AKQ2.KJ3.T98.432 ...'), "
                              f"not {type(deal).__name__}")
    for seat in Seat:
        hand = deal[seat]
        if hand is None:
            raise BridgeError(f"{purpose} needs all four hands; {seat.full_name}'s is missing")
        if len(hand) != 13:
            raise BridgeError(f"{purpose} needs four hands of 13 cards; {seat.full_name}'s has {len(hand)}")
    return deal


def given_auction(auction: Auction) -> Auction:
    """``auction`` itself, or a TypeError saying how to make one (a list of calls does not say who dealt)."""
    if isinstance(auction, Auction):
        return auction
    raise BridgeTypeError(f"auction: expected an Auction, such as Auction('N', ['1NT', 'Pass']) (the dealer, "
                          f"then the calls), not {type(auction).__name__}")


def given_play(play: Play) -> Play:
    """``play`` itself, or a TypeError saying how to make one."""
    if isinstance(play, Play):
        return play
    raise BridgeTypeError(f"play: expected a Play, such as Play(deal, '4S', 'N') (the deal, the contract and "
                          f"declarer), not {type(play).__name__}")


def given_turn(play: Play, seat: Seat | str | None, auction: Auction | None) -> Seat:
    """The seat in turn in ``play``, checked against ``seat`` (a `Seat` or its letter) when given, the
    arguments a card player takes checked first."""
    mover = given_play(play).turn
    if play.is_complete:  # else a player would choose a card of a play that has none to come
        raise IllegalPlayError("the play is over: no card is to be played" if play.claimed is None
                               else f"the play is over: it ended by a claim of {play.claimed} tricks")
    if auction is not None:
        given_auction(auction)
    if seat is not None and Seat.parse(seat) != mover:
        raise IllegalPlayError(f"it is {mover.full_name}'s turn, not {Seat.parse(seat).full_name}'s")
    return mover
