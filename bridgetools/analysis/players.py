"""Who a seat's name is: one person's name in any case and spacing (`folded_name`), a robot, or a
placeholder naming nobody; and each result's four players as numbers of the people they name, which tell
one table's results in several files (`bridgetools.analysis.corrections.result_replacements`) and a pair.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from bridgetools.analysis.field_inputs import FieldInputs


_NOBODY = frozenset({"n", "e", "s", "w", "north", "east", "south", "west", "unknown", "none", "nn", "n.n.",
                     "n/a"})
"""Names (`folded_name`) that name no one player: a seat's name or letter, unknown (PBN's ``?`` and
Dealer's ``-``, with no letter or digit, are told by that: `names_someone`). Another name of one letter is
a person's: a Chinese name of one character (``王``), a player entered by an initial."""


_ROBOTS = frozenset({"robot", "gib"})
"""Names (`folded_name`) of a computer player besides BBO's ``~~`` ones (`is_robot`)."""


def folded_name(name: str) -> str:
    """A player's name as it tells the player, for every rule that compares players (a pair in a ranking,
    a table's four players in a correction): ``Ann  Smith``, ``ann smith`` and `` ANN SMITH`` are one."""
    return " ".join(name.split()).casefold()


def is_robot(name: str | None) -> bool:
    """Whether a seat's name is a computer player's: BBO's (``~~`` and the robot's id, ``~~M12345``),
    ``GIB``, ``Robot``: a seat, not a person (`names_someone`)."""
    folded = folded_name(name) if name is not None else ""
    return folded.startswith("~~") or folded in _ROBOTS


def names_someone(name: str | None) -> bool:
    """Whether a seat's name is one person's: not a placeholder (empty, a name without a letter or digit:
    ``?``, ``-``; one of `_NOBODY`: ``N``, ``North``, ``Unknown``, ``NN``) nor a robot (`is_robot`), in any
    case and spacing: only such names tell a table's players (`seated_people`) or a pair."""
    if name is None:
        return False
    folded = folded_name(name)
    return any(c.isalnum() for c in folded) and folded not in _NOBODY and not is_robot(folded)


def seated_people(inputs: FieldInputs) -> npt.NDArray[np.uint64]:
    """Each result's North, East, South and West as numbers of the people they name (four columns), one
    number a person (`folded_name`: ``Ann`` and ``ann`` one), 0 for a seat naming nobody (`names_someone`:
    no name, a placeholder, a robot)."""
    found: dict[str, int] = {}
    table = np.array([0, *(found.setdefault(folded_name(name), len(found) + 1) if names_someone(name) else 0
                           for name in inputs.names)], dtype=np.uint64)
    people: npt.NDArray[np.uint64] = table[inputs.players.astype(np.intp)]
    return people


def seated_players(inputs: FieldInputs, people: npt.NDArray[np.uint64] | None = None
                   ) -> npt.NDArray[np.bool_]:
    """Whether each result names its four players: four people (`seated_people`, or ``people`` as it gives
    them), none in two seats, so that another result naming them in the same seats at its board is the
    same table's: a seat naming nobody (a placeholder, a robot) tells no table."""
    people = seated_people(inputs) if people is None else people
    four = (np.diff(np.sort(people, axis=1), axis=1) != 0).all(axis=1)  # no one in two seats
    seated: npt.NDArray[np.bool_] = (people != 0).all(axis=1) & four
    return seated
