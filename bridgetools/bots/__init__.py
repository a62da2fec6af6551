"""Computer players. Bidding: SAYC-lite rule tables that both choose a call and explain any call
(`Bidder`), with a fallback for auctions the tables do not cover; `bid_deal` bids a whole deal."""

from __future__ import annotations

from bridgetools.bots.bidder import Bidder, bid_board, bid_deal
from bridgetools.bots.meaning import Explanation, HandFacts, Meaning

__all__ = ["Bidder", "Explanation", "HandFacts", "Meaning", "bid_board", "bid_deal"]
