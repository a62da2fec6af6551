"""Plain text score logs: the lines ``bridgetools score -`` and ``bridgetools rubber FILE`` read.

A rubber log has one deal a line, ``CONTRACT DECLARER TRICKS [honours=SIDEPOINTS] [deal="PBN"]``::

    # We (NS) against They (EW); comments run from # to the end of the line
    2H S 9 honours=NS100      # 2H by South, nine tricks; South's side holds four trump honours
    1NT W 7
    4SX E -2                  # tricks may be relative: =, +1, -2
    Pass                      # a passed-out deal needs nothing more
    3NT N = deal="N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"

Honours given explicitly win (``honours=none`` too); otherwise they are found in the deal when one is
given. A score line is
``CONTRACT TRICKS [vul|nv]``. Errors name the source, line and column.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from bridgetools.errors import BridgeError, ParseError
from bridgetools.model import Contract, Deal, Seat
from bridgetools.scoring.duplicate import parse_tricks
from bridgetools.scoring.rubber import DealResult, Honours

_TOKEN = re.compile(r'#.*|[^\s"=#]+="[^"]*"|"[^"]*"|[^\s#]+')
VUL_WORDS = {"vul": True, "v": True, "vulnerable": True, "nv": False, "nonvul": False, "novul": False,
             "-": False, "notvul": False}


def tokens(line: str) -> list[tuple[int, str]]:
    """The words of a line with their 1-based columns, up to a ``#`` comment; quotes keep spaces."""
    found = []
    for m in _TOKEN.finditer(line):
        if m.group().startswith("#"):
            break
        found.append((m.start() + 1, m.group()))
    return found


def _located(error: BridgeError, source: str, line: int, column: int) -> ParseError:
    message = error.message if isinstance(error, ParseError) else str(error)
    return ParseError(message, source, line, column)


def parse_score_line(
    text: str, source: str = "-", line: int = 1, vulnerable: bool = False
) -> tuple[Contract, int, bool] | None:
    """``CONTRACT TRICKS [vul|nv]`` -> (contract, tricks, vulnerable); None for a blank or comment line.

    ``vulnerable`` is the vulnerability of a line that does not give one.
    """
    words = tokens(text)
    if not words:
        return None
    column, word = words[0]
    try:
        contract = Contract.from_str(word)
        if len(words) < 2 and not contract.is_passed_out:
            raise BridgeError(f"{contract} needs the number of tricks declarer took")
        tricks = 0
        if len(words) >= 2:
            column, word = words[1]
            tricks = parse_tricks(word, contract)
        if len(words) >= 3:
            column, word = words[2]
            if word.lower() not in VUL_WORDS:
                raise BridgeError(f"expected 'vul' or 'nv', not {word!r}")
            vulnerable = VUL_WORDS[word.lower()]
        if len(words) > 3:
            column, word = words[3]
            raise BridgeError(f"unexpected {word!r} after the vulnerability")
    except BridgeError as e:
        raise _located(e, source, line, column) from None
    return contract, tricks, vulnerable


def parse_deal_line(text: str, source: str = "-", line: int = 1) -> DealResult | None:
    """One deal of a rubber log (see the module docstring); None for a blank or comment line."""
    words = tokens(text)
    if not words:
        return None
    positional = [(c, w) for c, w in words if not re.match(r"\w+=", w)]
    options = [(c, w) for c, w in words if re.match(r"\w+=", w)]
    column, word = positional[0] if positional else words[0]
    try:
        contract = Contract.from_str(word) if positional else None
        if contract is None:
            raise BridgeError("expected a contract first, such as 4S or 3NTX, or Pass")
        need = 1 if contract.is_passed_out else 3
        if len(positional) < need:
            raise BridgeError(f"{contract} needs a declarer (N, E, S or W) and the tricks declarer took")
        if len(positional) > need:
            column, word = positional[need]
            raise BridgeError(f"unexpected {word!r} (a deal line is CONTRACT DECLARER TRICKS)")
        declarer = None
        tricks = 0
        if not contract.is_passed_out:
            column, word = positional[1]
            declarer = Seat.parse(word)
            column, word = positional[2]
            tricks = parse_tricks(word, contract)
        honours: Honours | bool | None = None
        deal = None
        for column, word in options:  # noqa: B007 - the column names the bad option
            key, _, value = word.partition("=")
            value = value.strip('"')
            if key.lower() == "honours" or key.lower() == "honors":
                honours = Honours.parse(value) or False  # `none` given: none held, whatever the deal
            elif key.lower() == "deal":
                deal = Deal.from_pbn(value)
            else:
                raise BridgeError(f"unknown option {key!r} (expected honours= or deal=)")
        return DealResult(contract, declarer, tricks, honours, deal)
    except BridgeError as e:
        raise _located(e, source, line, column) from None


def read_rubber_log(lines: Iterable[str], source: str = "-") -> Iterator[tuple[int, DealResult]]:
    """(line number, deal) for every deal of a rubber log; a bad line raises `ParseError`."""
    for number, text in enumerate(lines, 1):
        deal = parse_deal_line(text, source, number)
        if deal is not None:
            yield number, deal
