"""Computer players. Card play: Monte Carlo double dummy (`CardPlayer`, `play_deal`), the rules of thumb
without DDS (`HeuristicPlayer`), and the sampler of hidden hands they share (`View`, `HandConstraint`)."""

from __future__ import annotations

from bridgetools.bots.heuristic import HeuristicPlayer, lead_order
from bridgetools.bots.play import CardPlayer, Player, RandomPlayer, dd_available, play_deal, play_out
from bridgetools.bots.sampling import HandConstraint, View, sample_layouts

__all__ = ["CardPlayer", "HandConstraint", "HeuristicPlayer", "Player", "RandomPlayer", "View",
           "dd_available", "lead_order", "play_deal", "play_out", "sample_layouts"]
