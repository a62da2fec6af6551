"""A score log of a variant's rubbers: one deal a line, ``CONTRACT PLAYER TRICKS [honours=PLAYER:POINTS]``
(``2N0 1 4``: two nullo by player 1, four tricks; ``4H 2 10 honours=3:100``), ``Pass``, and a
``rubber`` line before a rubber, naming its players (``rubber 1=Ann 2=Bob 3=Cat``) or, bare, the next
rubber with the same players. Read as `bridgetools.scoring.log` reads bridge's."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from bridgetools._words import is_bare_rubber_line, seated_names, tokens, unquoted
from bridgetools.errors import BridgeError, ParseError
from bridgetools.rules.variants.actions import VariantContract
from bridgetools.rules.variants.rules import VariantRules

LINE = "CONTRACT PLAYER TRICKS [honours=PLAYER:POINTS]"


@dataclass(frozen=True, slots=True)
class LoggedDeal:
    """One deal of a variant's log: contract (None: passed out), declarer and honours by player index
    (from 0), declarer's tricks."""

    contract: VariantContract | None
    declarer: int | None
    tricks: int
    honours: tuple[tuple[int, int], ...] = ()


def _player(word: str, rules: VariantRules) -> int:
    if not word.isdigit() or not 1 <= int(word) <= rules.players:
        raise BridgeError(f"expected a player 1-{rules.players} of {rules.title}, not {word!r}")
    return int(word) - 1


def _tricks(word: str, contract: VariantContract, rules: VariantRules) -> int:
    """Declarer's tricks: a number, or ``=``, ``+N``, ``-N`` against the contract (not for nullo, whose
    contract is a most)."""
    if word.isdigit():
        tricks = int(word)
    elif re.fullmatch(r"=|[+-]\d+", word) and not contract.is_nullo:
        tricks = rules.book + contract.level + (0 if word == "=" else int(word))
    else:
        relative = "" if contract.is_nullo else ", or =, +1, -2"
        raise BridgeError(f"expected declarer's tricks 0-{rules.tricks}{relative}, not {word!r}")
    if not 0 <= tricks <= rules.tricks:
        raise BridgeError(f"declarer's tricks are 0-{rules.tricks} in {rules.title}, not {tricks}")
    return tricks


def parse_variant_line(text: str, rules: VariantRules, source: str = "-", line: int = 1) -> LoggedDeal | None:
    """One deal of a variant's log (see the module docstring); None for a blank or comment line."""
    words = tokens(text)
    if not words:
        return None
    column, word = words[0]
    try:
        positional = [(c, w) for c, w in words if "=" not in w or w in ("=",)]
        options = [(c, w) for c, w in words if (c, w) not in positional]
        column, word = positional[0] if positional else words[0]
        if word.lower() in ("pass", "p", "passed"):
            if len(words) > 1:
                column, word = words[1]
                raise BridgeError(f"unexpected {word!r} after a passed-out deal")
            return LoggedDeal(None, None, 0)
        contract = VariantContract.from_str(word)
        if contract.strain not in rules.strains or not 1 <= contract.level <= rules.max_level:
            raise BridgeError(f"{contract} is no contract of {rules.title} (levels 1-{rules.max_level}, "
                              f"strains {', '.join(rules.strains)}; N0 is nullo)")
        if len(positional) != 3:
            column, word = positional[min(len(positional) - 1, 3)]
            raise BridgeError(f"expected {LINE}")
        column, word = positional[1]
        declarer = _player(word, rules)
        column, word = positional[2]
        tricks = _tricks(word, contract, rules)
        honours: list[tuple[int, int]] = []
        for column, word in options:  # noqa: B007 - the column names the bad option
            key, _, value = word.partition("=")
            if key.lower() not in ("honours", "honors"):
                raise BridgeError(f"unknown option {key!r} (expected honours=PLAYER:POINTS)")
            for held in unquoted(value).split(","):
                player, colon, points = held.partition(":")
                if not colon or not points.isdigit():
                    raise BridgeError(f"expected honours=PLAYER:POINTS such as 2:100, not {word!r}")
                honours.append((_player(player, rules), int(points)))
        return LoggedDeal(contract, declarer, tricks, tuple(honours))
    except BridgeError as e:
        raise ParseError(str(e), source, line, column) from None


def parse_variant_players(text: str, rules: VariantRules, source: str = "-", line: int = 1
                          ) -> tuple[str, ...] | None:
    """The players a ``rubber 1=Ann 2=Bob 3=Cat`` line names (names with spaces in double quotes); None
    for any other line, and for a bare ``rubber`` line (`is_bare_rubber_line`)."""
    words = tokens(text)
    if len(words) < 2 or words[0][1].lower() != "rubber":
        return None
    names = seated_names(words[1:], lambda key: _player(key, rules), lambda p: f"player {p + 1}",
                         "a player and a name such as 1=Ann", source, line)
    if len(names) != rules.players:
        raise ParseError(f"a rubber line of {rules.title} names its {rules.players} players "
                         f"(rubber {' '.join(f'{p}=NAME' for p in range(1, rules.players + 1))})",
                         source, line, words[0][0])
    return tuple(names[p] for p in range(rules.players))


def read_variant_rubbers(lines: Iterable[str], rules: VariantRules, source: str = "-"
                         ) -> list[tuple[tuple[str, ...] | None, list[tuple[int, LoggedDeal]]]]:
    """The rubbers of a variant's log, each its players (None: not named) and its deals with their line
    numbers: a ``rubber`` line starts the next, naming its players (``rubber 1=Ann 2=Bob``) or, bare,
    with the same players as the one before. A bad line, a rubber with no deal or a log with none raises
    `ParseError`."""
    rubbers: list[tuple[tuple[str, ...] | None, list[tuple[int, LoggedDeal]]]] = [(None, [])]
    for number, text in enumerate(lines, 1):
        named = parse_variant_players(text, rules, source, number)
        if named is not None or is_bare_rubber_line(text):
            players = named if named is not None else rubbers[-1][0]
            if rubbers[-1][1]:
                rubbers.append((players, []))
            else:
                rubbers[-1] = (players, [])
            continue
        deal = parse_variant_line(text, rules, source, number)
        if deal is not None:
            rubbers[-1][1].append((number, deal))
    if not rubbers[-1][1]:
        if len(rubbers) == 1:
            raise ParseError(f"the log holds no deals (one a line: {LINE})", source)
        rubbers.pop()
    return rubbers
