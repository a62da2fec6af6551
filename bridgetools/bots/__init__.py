"""Computer players. Bidding: SAYC-lite rule tables that both choose a call and explain any call
(`Bidder`), with a fallback for auctions the tables do not cover; `bid_deal` bids a whole deal. Card
play: Monte Carlo double dummy (`CardPlayer`, `play_deal`), the rules of thumb without DDS
(`HeuristicPlayer`), and the sampler of hidden hands they share (`View`, `HandConstraint`)."""

from __future__ import annotations

from bridgetools.bots.bidder import Bidder, bid_board, bid_deal
from bridgetools.bots.heuristic import HeuristicPlayer, lead_order
from bridgetools.bots.judgement import default_bidder
from bridgetools.bots.meaning import Explanation, HandFacts, Meaning
from bridgetools.bots.play import CardPlayer, Player, RandomPlayer, dd_available, play_deal, play_out
from bridgetools.bots.sampling import HandConstraint, View, sample_layouts

__all__ = ["Bidder", "CardPlayer", "Explanation", "HandConstraint", "HandFacts", "HeuristicPlayer", "Meaning",
           "Player", "RandomPlayer", "View", "bid_board", "bid_deal", "dd_available", "default_bidder",
           "lead_order", "play_deal", "play_out", "sample_layouts"]
