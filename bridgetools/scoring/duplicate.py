"""Duplicate scoring (Law 77): the score of one contract, with a breakdown that can be checked by hand."""

from __future__ import annotations

import numbers
import re
from dataclasses import dataclass, fields

from bridgetools._words import plural
from bridgetools.errors import BridgeError, BridgeTypeError
from bridgetools.model import Contract, Seat, Strain, Vul
from bridgetools.model.cards import whole_number

MULTIPLIER = (1, 2, 4)
"""Trick points are multiplied by 2 when doubled and 4 when redoubled."""

GAME_BONUS = {False: 300, True: 500}
PARTSCORE_BONUS = 50
SMALL_SLAM_BONUS = {False: 500, True: 750}
GRAND_SLAM_BONUS = {False: 1000, True: 1500}
INSULT = (0, 50, 100)
"""For making a doubled (50) or redoubled (100) contract."""


def odd_trick_value(strain: Strain, nth: int) -> int:
    """Undoubled trick points of the ``nth`` odd trick (1-based): 20 minors, 30 majors, NT 40 then 30."""
    if strain in (Strain.C, Strain.D):
        return 20
    if strain is Strain.NT and nth == 1:
        return 40
    return 30


def trick_score(contract: Contract, tricks: int | None = None) -> int:
    """Trick points of the first ``tricks`` contracted odd tricks (all of them by default), doubling included.

    This is the figure that decides game (100 or more) and that rubber bridge writes below the line.
    """
    assert contract.strain is not None
    n = contract.level if tricks is None else min(tricks, contract.level)
    return sum(odd_trick_value(contract.strain, i) for i in range(1, n + 1)) * MULTIPLIER[contract.doubled]


def overtrick_value(contract: Contract, vulnerable: bool) -> int:
    """One overtrick: its trick value undoubled (30 at NT), 100/200 doubled, 200/400 redoubled."""
    assert contract.strain is not None
    if contract.doubled == 0:
        return odd_trick_value(contract.strain, 2)
    return (200 if vulnerable else 100) * contract.doubled


def undertrick_penalty(undertricks: int, doubled: int, vulnerable: bool) -> int:
    """What the defenders score for ``undertricks`` (a positive figure), as the Law 77 schedule says.

    Undoubled 50 (100 vulnerable) each. Doubled, not vulnerable: 100 for the first, 200 for the second
    and third, 300 for each from the fourth; doubled, vulnerable: 200 for the first, 300 for each further.
    Redoubled: twice doubled.
    """
    if undertricks <= 0:
        return 0
    if doubled == 0:
        return undertricks * (100 if vulnerable else 50)
    if vulnerable:
        doubled_total = 200 + 300 * (undertricks - 1)
    else:
        doubled_total = 100 + 200 * min(undertricks - 1, 2) + 300 * max(undertricks - 3, 0)
    return doubled_total * doubled


def check_tricks(tricks: object) -> int:
    """Declarer takes 0 to 13 tricks, as an int (a numpy integer read as the int it is); anything else
    (True, 9.0, 14) is a mistake in the input."""
    number = whole_number(tricks)
    if number is None or not 0 <= number <= 13:
        raise BridgeError(f"tricks must be a whole number from 0 to 13, not {tricks!r}")
    return number


def parse_tricks(text: str, contract: Contract) -> int:
    """Tricks declarer took, as players write them: ``9``, or relative to the contract ``=``, ``+1``, ``-2``.

    The one reading of a result for `score`, ``bridgetools score`` and the score logs.
    """
    if text == "=" or re.fullmatch(r"[+-][0-9]{1,2}", text):
        if contract.is_passed_out:
            raise BridgeError(f"a passed-out deal has no result like {text!r}")
        if text != "=" and int(text) == 0:  # '+0' and '-0' are no result a player writes: made is '='
            raise BridgeError(f"not a result: {text!r} (a contract made exactly is '='; expected =, +N or -N "
                              "with N from 1, or 0-13 tricks)")
        tricks = contract.tricks_needed + (0 if text == "=" else int(text))
        if not 0 <= tricks <= 13:
            raise BridgeError(f"{contract}{text} would be {tricks} tricks (0 to 13 can be won)")
        return tricks
    if not (text.isascii() and text.isdigit()):  # int() refuses some Unicode digits, such as '²'
        raise BridgeError(f"not a number of tricks: {text!r} (expected 0-13, =, +N or -N)")
    return _checked_tricks(int(text), contract, repr(text), "write Pass alone")


def _checked_tricks(tricks: object, contract: Contract, written: str, hint: str) -> int:
    """``tricks`` when declarer can take them: 0-13, and none on a passed-out deal (as `pass =`: no one
    declared, so no one took tricks), the one rule for a number given or written."""
    tricks = check_tricks(tricks)
    if contract.is_passed_out and tricks:
        raise BridgeError(f"a passed-out deal has no tricks: {written} ({hint})")
    return tricks


def split_result(text: str) -> tuple[str, str | None]:
    """A contract written with its result as on a traveller (``4SX-3``, ``3NT=``, ``6H+1``) split into
    the contract and the result; ``(text, None)`` when no result is attached."""
    m = re.fullmatch(r"(.*?[0-9].*?)(=|[+-][0-9]{1,2})", text)
    return (m.group(1), m.group(2)) if m else (text, None)


def declarers_vulnerability(vulnerable: object, declarer: Seat | str | None = None) -> bool:
    """Whether declarer's side is vulnerable: ``vulnerable`` is True/False (declarer's side), or the
    board's `Vul` together with ``declarer``. Anything else is a `TypeError`: a string such as
    ``"None"`` or a `Vul` alone would otherwise be taken as true whoever declared.
    """
    if isinstance(vulnerable, Vul):
        if declarer is None:
            raise BridgeTypeError(f"vulnerable={vulnerable!s} is the board's vulnerability: give the "
                                  "declarer too (declarer=Seat.N, or 'N'), or pass True/False for declarer's "
                                  "side")
        return vulnerable.is_vulnerable(Seat.parse(declarer))
    if isinstance(vulnerable, bool):
        if declarer is not None:
            raise BridgeTypeError("declarer= goes with a Vul (the board's vulnerability); "
                                  "vulnerable=True/False already says whether declarer's side is vulnerable")
        return vulnerable
    hint = f" (for the board's vulnerability use Vul.parse({vulnerable!r}) and declarer=)" \
        if isinstance(vulnerable, str) else ""
    raise BridgeTypeError(f"vulnerable must be True/False (declarer's side) or a Vul with declarer=, "
                          f"not {vulnerable!r} ({type(vulnerable).__name__}){hint}")


def _missing(value: object) -> bool:
    """Whether ``value`` is a missing field as a table gives it: None, NaN, or pandas' NA (told by its
    type's name: scoring does not import pandas)."""
    if value is None:
        return True
    if isinstance(value, numbers.Real):  # numpy registers its floats of every width as Real
        return bool(value != value)  # NaN
    return type(value).__name__ in ("NAType", "NaTType")


def _tricks(tricks: int | str | None, contract: Contract) -> int:
    """Declarer's tricks from a number or a result written as ``=``, ``+1``, ``-2``."""
    if isinstance(tricks, str):
        return parse_tricks(tricks, contract)
    return _checked_tricks(tricks, contract, repr(tricks), "give 0")


@dataclass(frozen=True, slots=True)
class Score:
    """A score for declarer's side, item by item as a scorer writes it (defenders' items are negative).

    ``honours`` is used only by rubber bridge: positive when declarer's side holds them, negative when
    the defenders do.
    """

    contract: Contract
    tricks: int
    vulnerable: bool
    trick_points: int = 0
    overtricks: int = 0
    game_bonus: int = 0
    partscore_bonus: int = 0
    slam_bonus: int = 0
    insult: int = 0
    undertricks: int = 0
    honours: int = 0

    ITEMS = ("trick_points", "overtricks", "game_bonus", "partscore_bonus", "slam_bonus", "insult",
             "undertricks", "honours")

    @property
    def total(self) -> int:
        return sum(getattr(self, name) for name in self.ITEMS)

    @property
    def result(self) -> int:
        """Over- (positive) or undertricks (negative) relative to the contract; 0 when passed out."""
        return 0 if self.contract.is_passed_out else self.tricks - self.contract.tricks_needed

    @property
    def made(self) -> bool:
        return self.result >= 0

    def items(self, assumed: bool = False) -> list[tuple[str, int, str]]:
        """The non-zero items as (name, points, how they were worked out); ``assumed``: the vulnerability
        was not known, only scored at (``2 down, scored as not vulnerable: 50 + 50``)."""
        return [(name, getattr(self, name), self._explain(name, assumed))
                for name in self.ITEMS if getattr(self, name)]

    def _vul_words(self, assumed: bool) -> str:
        vul = "vulnerable" if self.vulnerable else "not vulnerable"
        return f"scored as {vul}" if assumed else vul

    def _explain(self, name: str, assumed: bool = False) -> str:
        c = self.contract
        if c.is_passed_out:
            return ""
        assert c.strain is not None
        vul = self._vul_words(assumed)
        dbl = ("", " doubled", " redoubled")[c.doubled]
        times = ("", " x 2", " x 4")[c.doubled]
        if name == "trick_points":
            values = [odd_trick_value(c.strain, i) for i in range(1, c.level + 1)]
            if c.strain is Strain.NT:
                per = "40" + (f" + {c.level - 1} x 30" if c.level > 1 else "")
            else:
                per = f"{c.level} x {values[0]}"
            if times and "+" in per:
                per = f"({per})"
            return f"{c.level} odd trick{'s' * (c.level > 1)}: {per}{times}"
        if name == "overtricks":  # undoubled, worth the same vulnerable or not: no vulnerability said
            worth = f"{self.result} x {overtrick_value(c, self.vulnerable)}{dbl}"
            return f"{worth}, {vul}" if c.doubled else worth
        if name == "game_bonus":
            return f"game, {vul}"
        if name == "partscore_bonus":
            return "partscore"
        if name == "slam_bonus":
            return ("small" if c.level == 6 else "grand") + f" slam, {vul}"
        if name == "insult":
            return f"for making a{dbl} contract"
        if name == "undertricks":
            down = -self.result
            steps = [undertrick_penalty(i, c.doubled, self.vulnerable)
                     - undertrick_penalty(i - 1, c.doubled, self.vulnerable) for i in range(1, down + 1)]
            return f"{down} down{dbl}, {vul}: " + " + ".join(map(str, steps))
        if name == "honours":
            return "honours held by " + ("declarer's side" if self.honours > 0 else "the defenders")
        return ""

    def __str__(self) -> str:
        return self.described()

    def described(self, assumed: bool = False) -> str:
        """The score as a scorer writes it out, headline then items (`str`); ``assumed``: the vulnerability
        was not known, only scored at, and the headline says so (``1NT (vulnerability unknown: scored as
        not vulnerable), 5 tricks: down 2``) rather than state it as the board's."""
        c = self.contract
        if c.is_passed_out:
            return "Passed out: 0 to either side"
        result = self.result
        outcome = "made exactly" if result == 0 else (f"made +{result}" if result > 0 else f"down {-result}")
        vul = f"(vulnerability unknown: {self._vul_words(True)})" if assumed else self._vul_words(False)
        lines = [f"{c} {vul}, {plural(self.tricks, 'trick')}: {outcome}"]
        for name, points, how in self.items(assumed):
            lines.append(f"  {name.replace('_', ' '):<16}{points:>+7}   {how}")
        lines.append(f"  {'total':<16}{self.total:>+7}   for declarer's side")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON: the contract as text, every item and the total."""
        data: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["contract"] = str(self.contract)
        data["total"] = self.total
        return data


def score_breakdown(
    contract: Contract | str, tricks: int | str | None, vulnerable: bool | Vul, *,
    declarer: Seat | str | None = None,
) -> Score:
    """The duplicate score of ``contract`` when declarer takes ``tricks``, item by item (Law 77).

    Arguments as for `score`.
    """
    contract = Contract.from_str(contract)
    if contract.is_passed_out:  # a table's row: no declarer or tricks may come as NaN or pandas NA
        declarer = None if _missing(declarer) else declarer
        tricks = None if _missing(tricks) else tricks
    if contract.is_passed_out and isinstance(vulnerable, Vul) and declarer is None:
        vulnerable = False  # no one declared: a board's own fields (no declarer, no tricks) score 0
    vulnerable = declarers_vulnerability(vulnerable, declarer)
    tricks = _tricks(0 if tricks is None and contract.is_passed_out else tricks, contract)
    if contract.is_passed_out:
        return Score(contract, tricks, vulnerable)
    need = contract.tricks_needed
    if tricks < need:
        return Score(contract, tricks, vulnerable,
                     undertricks=-undertrick_penalty(need - tricks, contract.doubled, vulnerable))
    points = trick_score(contract)
    game = points >= 100
    slam = {6: SMALL_SLAM_BONUS, 7: GRAND_SLAM_BONUS}.get(contract.level)
    return Score(
        contract, tricks, vulnerable,
        trick_points=points,
        overtricks=(tricks - need) * overtrick_value(contract, vulnerable),
        game_bonus=GAME_BONUS[vulnerable] if game else 0,
        partscore_bonus=0 if game else PARTSCORE_BONUS,
        slam_bonus=slam[vulnerable] if slam else 0,
        insult=INSULT[contract.doubled],
    )


def score(
    contract: Contract | str, tricks: int | str | None, vulnerable: bool | Vul, *,
    declarer: Seat | str | None = None,
) -> int:
    """Duplicate score for declarer's side (Law 77); negative when the contract fails; 0 when passed out.

    ``tricks``: declarer's tricks 0-13, or the result as ``"="``, ``"+1"``, ``"-2"``. ``vulnerable``:
    True/False for declarer's side, or the board's `Vul` with ``declarer=``; anything else (``"None"``,
    1) is a `TypeError`. A passed-out contract scores 0 from a board's own fields: no declarer, and
    tricks None (or 0).

    >>> score("4SX", 8, vulnerable=True)
    -500
    >>> score("3NT", "+1", vulnerable=False)
    430
    >>> score("4S", "=", Vul.EW, declarer="N"), score("4S", "=", Vul.EW, declarer="E")
    (420, 620)
    """
    return score_breakdown(contract, tricks, vulnerable, declarer=declarer).total


def ns_score(
    contract: Contract | str, declarer: Seat | str | None, tricks: int | str, vulnerability: Vul | str
) -> int:
    """The duplicate score from North-South's point of view, given the board's vulnerability.

    >>> ns_score("4S", "E", 10, "EW")
    -620
    """
    contract = Contract.from_str(contract)
    if contract.is_passed_out:
        return 0
    if declarer is None:
        raise BridgeError(f"{contract} needs a declarer to be scored for North-South")
    seat = Seat.parse(declarer)
    points = score(contract, tricks, Vul.parse(vulnerability), declarer=seat)
    return points if seat.side == "NS" else -points
