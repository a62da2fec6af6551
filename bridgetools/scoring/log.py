"""Plain text score logs: the lines ``bridgetools score -`` and ``bridgetools rubber FILE`` read.

A rubber log has one deal a line, ``CONTRACT DECLARER TRICKS [honours=SIDEPOINTS] [deal="PBN"]``::

    # We (NS) against They (EW); comments run from # to the end of the line
    2H S 9 honours=NS100      # 2H by South, nine tricks; South's side holds four trump honours
    1NT W 7
    4SX E -2                  # tricks may be relative: =, +1, -2
    Pass                      # a passed-out deal needs nothing more
    3NT N = deal="N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"

Honours given explicitly win (``honours=none`` too); otherwise they are found in the deal when one is
given.

A log of an evening of several rubbers starts each rubber with a line naming its four players, as the
partnerships change between rubbers (names with spaces in double quotes)::

    rubber N=Ann E=Bob S=Cat W=Dan
    4H S 10
    ...
    rubber N=Ann E=Cat S=Bob W="Dan Smith"
    ...

A bare ``rubber`` line starts the next rubber with the same players (none named, if none were).
A log without ``rubber`` lines is one rubber, as before. A score line is ``CONTRACT TRICKS [vul|nv]``; the
result may be written onto the contract as on a traveller (``4SX-3 vul``).
Errors name the source, line and column.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from bridgetools._words import is_bare_rubber_line, located_in_word, seated_names, tokens, unquoted
from bridgetools.errors import BridgeError, ParseError
from bridgetools.model import Contract, Deal, Seat
from bridgetools.scoring.duplicate import parse_tricks, split_result
from bridgetools.scoring.rubber import DealResult, Honours, check_honours

VUL_WORDS = {"vul": True, "v": True, "vulnerable": True, "nv": False, "nonvul": False, "novul": False,
             "-": False, "notvul": False}

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
    word, result = split_result(word)
    if result is not None:  # 4SX-3 vul: the result is the line's second word
        words.insert(1, (column + len(word), result))
    try:
        contract = Contract.from_str(word)
        if len(words) < 2 and not contract.is_passed_out:
            raise BridgeError(f"{contract} needs the number of tricks declarer took")
        tricks = 0
        if contract.is_passed_out and len(words) >= 2 and words[1][1].lower() in VUL_WORDS:
            words.insert(1, (words[1][0], "0"))  # `Pass vul`: a passed-out deal has no tricks to give
        if len(words) >= 2:
            column, word = words[1]
            tricks = parse_tricks(word, contract)
        if len(words) >= 3:
            column, word = words[2]
            if result is not None and word.lower() not in VUL_WORDS:
                raise BridgeError(f"the result is written onto the contract ({result}), so {word!r} "
                                  "should be 'vul' or 'nv': give the result once")
            if word.lower() not in VUL_WORDS:
                raise BridgeError(f"expected 'vul' or 'nv', not {word!r}")
            vulnerable = VUL_WORDS[word.lower()]
        if len(words) > 3:
            column, word = words[3]
            raise BridgeError(f"unexpected {word!r} after the vulnerability")
    except BridgeError as e:
        raise located_in_word(e, source, line, column, word) from None
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
        for column, word in options:  # noqa: B007 - a quote left open swallows the words after it
            unquoted(word.partition("=")[2])
        column, word = positional[0] if positional else words[0]
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
            value = unquoted(value)
            if key.lower() == "honours" or key.lower() == "honors":
                honours = Honours.parse(value) or False  # `none` given: none held, whatever the deal
                check_honours(contract, honours)
            elif key.lower() == "deal":
                deal = Deal.from_pbn(value)
            else:
                raise BridgeError(f"unknown option {key!r} (expected honours= or deal=)")
        return DealResult(contract, declarer, tricks, honours, deal)
    except BridgeError as e:
        raise located_in_word(e, source, line, column, word) from None



Players = tuple[str, str, str, str]
"""The players of a rubber: North, East, South, West."""

RUBBER_LINE = "rubber N=NAME E=NAME S=NAME W=NAME"


def parse_players_line(text: str, source: str = "-", line: int = 1) -> Players | None:
    """The players a ``rubber N=Ann E=Bob S=Cat W=Dan`` line names; None for any other line."""
    words = tokens(text)
    if not words or words[0][1].lower() != "rubber":
        return None
    names = seated_names(words[1:], Seat.parse, lambda seat: seat.full_name,
                         f"a seat and a name such as N=Ann ({RUBBER_LINE})", source, line)
    missing = [seat.full_name for seat in Seat if seat not in names]
    if missing:
        raise ParseError(f"a rubber line names the four players ({RUBBER_LINE}); "
                         f"missing: {', '.join(missing)}", source, line, words[0][0])
    return names[Seat.N], names[Seat.E], names[Seat.S], names[Seat.W]


@dataclass(frozen=True, slots=True)
class RubberLog:
    """One rubber of a log: the number of its ``rubber`` line and its players (None for a log of one
    rubber that names none), and its deals with their line numbers."""

    line: int | None
    players: Players | None
    deals: tuple[tuple[int, DealResult], ...]


def read_rubbers(lines: Iterable[str], source: str = "-") -> list[RubberLog]:
    """The rubbers of a log: one for a log without ``rubber`` lines, else one per ``rubber`` line (and one
    for the deals before the first, when it is a bare ``rubber`` line: `is_bare_rubber_line`).

    A bad line, a deal before the first ``rubber`` line naming players, a rubber without deals, or a log
    with no deal at all raises `ParseError`.
    """
    rubbers: list[RubberLog] = []
    line: int | None = None
    players: Players | None = None
    deals: list[tuple[int, DealResult]] = []

    def close() -> None:
        if line is not None and not deals:
            raise ParseError("this rubber has no deals", source, line, 1)
        if line is None and not deals:  # an empty file, or the wrong one: not an empty sheet, all square
            raise ParseError("the log holds no deals (one a line: CONTRACT DECLARER TRICKS)", source)
        rubbers.append(RubberLog(line, players, tuple(deals)))

    for number, text in enumerate(lines, 1):
        bare = is_bare_rubber_line(text)
        named = players if bare else parse_players_line(text, source, number)
        if not bare and named is None:
            deal = parse_deal_line(text, source, number)
            if deal is not None:
                deals.append((number, deal))
            continue
        if line is None and deals and named is not None:
            raise ParseError(f"the deals from line {deals[0][0]} come before any rubber line: name their "
                             f"players with a line `{RUBBER_LINE}` above them", source, number, 1)
        if line is not None or deals:
            close()
        line, players, deals = number, named, []
    close()
    return rubbers


def read_rubber_log(lines: Iterable[str], source: str = "-") -> Iterator[tuple[int, DealResult]]:
    """(line number, deal) for every deal of a log of one rubber; a bad line raises `ParseError`, and
    so does a ``rubber`` line (read a log of several rubbers with `read_rubbers`)."""
    for number, text in enumerate(lines, 1):
        if parse_players_line(text, source, number) is not None:
            raise ParseError("a log of several rubbers (read it with read_rubbers)", source, number, 1)
        deal = parse_deal_line(text, source, number)
        if deal is not None:
            yield number, deal
