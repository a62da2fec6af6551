"""The slam arithmetic the tries and tables share: the tricks a losing-trick try must promise (Blackwood on
the count, control cue bids), the trumps over an eight-card fit that each count a trick more, and the
HCP of a grand slam in notrump."""

from __future__ import annotations

SLAM_TRICKS = 12
"""Tricks the losing-trick count must promise (24 less both hands' losers, partner's as played for) for
a slam try: a Blackwood try, or a cue bid by the hand short of Blackwood's high cards."""
EXTRA_TRUMPS = (2, 1, 0)
"""Trumps over eight together that each count a trick more, most first."""
GRAND_POINTS = 37
"""HCP together that make a grand slam in notrump a bid, not a try: the tables' 7NT and 5NT over a notrump
opening and the slam tries' 7NT count to it."""
