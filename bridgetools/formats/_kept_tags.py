"""Names of tags a board keeps whichever format read it, that more than one format's reader or writer must
know: PBN's reader reads the tag and its writer drops it, LIN's writer does not count it as lost."""

from __future__ import annotations

UNALERTED_TAG = "Unalerted"
"""The tag earlier bridgetools wrote listing the auction notes whose calls were explained but not alerted
(from LIN), when a note reference alone was read as an alert: in a file with the tag, a note it does not
list is still an alert."""
