"""The losing-trick arithmetic the slam tries share (Blackwood on the count, control cue bids): the
tricks a try must promise, and the trumps over an eight-card fit that each count a trick more."""

from __future__ import annotations

SLAM_TRICKS = 12
"""Tricks the losing-trick count must promise (24 less both hands' losers, partner's as played for) for
a slam try: a Blackwood try, or a cue bid by the hand short of Blackwood's high cards."""
EXTRA_TRUMPS = (2, 1, 0)
"""Trumps over eight together that each count a trick more, most first."""
