"""What the PBN standard asks of tag values, notes and tables (§3.4, §3.5.5, §4, §5), as the PBN
verifier checks them. Values are kept whatever they say; these checks only report.

Each check returns its problems as messages; the reader places them at the tag they concern.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from bridgetools._lazy import LazyPattern, lazy_compile
from bridgetools.formats._results_tables import SIDES_RESULT
from bridgetools.formats.pbn_values import NOTE_NUMBERS

PBN_DATE = lazy_compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")
"""A PBN date, YYYY.MM.DD, a part unknown written as question marks (2012.08.??)."""
_TIME = lazy_compile(r"\d\d:\d\d:\d\d")
_SCORE = r"[+-]?\d+"
_DECIMAL = r"[+-]?(?:\d+\.?\d*|\.\d+)"
_PERCENT = r"(?:\d+\.?\d*|\.\d+)"


def _sided(value: str) -> str:
    """The five forms of a score tag (§4.2): ``v``, ``NS v``, ``EW v``, ``NS v EW v``, ``EW v NS v``."""
    return rf"(?:{value}|(?:NS|EW) +{value}|NS +{value} +EW +{value}|EW +{value} +NS +{value})"


_RUBBER = r"\d+ */ *\d+"

TAG_RULES: dict[str, tuple[LazyPattern[str], str]] = {
    "Date": (PBN_DATE, "YYYY.MM.DD with ? for unknown digits"),
    "EventDate": (PBN_DATE, "YYYY.MM.DD"),
    "UTCDate": (PBN_DATE, "YYYY.MM.DD"),
    "Time": (_TIME, "HH:MM:SS"),
    "UTCTime": (_TIME, "HH:MM:SS"),
    "Round": (lazy_compile(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*"),
              "parts of letters and digits joined by dots"),
    "Score": (lazy_compile(_sided(_SCORE)), "a score such as 620 or NS 620"),
    "ScoreIMP": (lazy_compile(_sided(_DECIMAL)), "IMPs such as 10 or NS 2.5"),
    "ScoreMP": (lazy_compile(_sided(_DECIMAL)), "matchpoints such as 6 or NS 6.5"),
    "ScorePercentage": (lazy_compile(_sided(_PERCENT)), "a percentage such as 55.2 or NS 55.2"),
    "ScoreRubber": (
        lazy_compile(rf"(?:{_RUBBER}|(?:NS|EW) +{_RUBBER}(?: +(?:NS|EW) +{_RUBBER})?) *"),
        "above/below such as 300/40 or NS 300/40",
    ),
    "OptimumScore": (lazy_compile(rf"(?:NS|EW) +{_SCORE}(?: +(?:NS|EW) +{_SCORE})?"), "NS or EW and a score"),
    "Competition": (
        lazy_compile(r"(?i:Cavendish|Chicago|Individuals|Pairs|Rubber|Teams)"),
        "Cavendish, Chicago, Individuals, Pairs, Rubber or Teams",
    ),
    "Mode": (lazy_compile(r"(?i:EM|EMB|IBS|OKB|TABLE|TC)"), "EM, IBS, OKB, TABLE or TC"),
    "Room": (lazy_compile(r"(?i:Open|Closed)"), "Open or Closed"),
    "FrenchMP": (lazy_compile(r"(?i:Yes|No)"), "Yes or No"),
    "Hidden": (lazy_compile(r"(?!.*(.).*\1)[NESWnesw]{1,4}"), "seats such as EW"),
    "TimeControl": (lazy_compile(r"\d+/\d+"), "games/minutes"),
    "TimeCall": (lazy_compile(r"\d+"), "seconds"),
    "TimeCard": (lazy_compile(r"\d+"), "seconds"),
    # KoPS and other Polish scorers write "01": a leading zero still names the board.
    "Board": (lazy_compile(r"0*[1-9]\d*"), "a board number"),
    "Scoring": (
        lazy_compile(r"[A-Za-z][A-Za-z0-9_]*(?:-\d)?(?: *; *[A-Za-z][A-Za-z0-9_]*(?:-\d)?)*"),
        "scoring names separated by ';', such as IMP;Butler",
    ),
}
for _seat in ("West", "North", "East", "South"):
    TAG_RULES[f"{_seat}Type"] = (lazy_compile(r"(?i:human|program)"), "human or program")

_CONTROL = lazy_compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_COLUMN = lazy_compile(r"[+-]?[^\\;\s][^\\;]*?(?:\\\d+[LR]?)?")


@functools.lru_cache(maxsize=4096)
def tag_problems(name: str, value: str) -> tuple[str, ...]:
    """What is wrong with a tag's value (nothing for values that are ``""`` or ``?``)."""
    problems = []
    if _CONTROL.search(value):
        problems.append(f"{name} holds a control character, which PBN strings may not")
    rule = TAG_RULES.get(name)
    if rule is not None and value not in ("", "?") and not rule[0].fullmatch(value.strip()):
        problems.append(f"{name} {value!r}: expected {rule[1]}")
    return tuple(problems)


def deal_problems(value: str, lengths: Iterable[int | None]) -> list[str]:
    """A Deal with no cards, or with doubled spaces (see `uneven_deal` for hands of different sizes)."""
    problems = []
    known = [n for n in lengths if n is not None]
    if "  " in value.strip():
        problems.append("Deal: hands are separated by one space")
    if not known or not any(known):
        problems.append("Deal gives no cards")
    return problems


def result_problems(value: str) -> list[str]:
    """A Result given for both sides whose tricks do not add up to 13."""
    m = SIDES_RESULT.fullmatch(value.strip().upper())
    if m and (m.group(1) == m.group(3) or int(m.group(2)) + int(m.group(4)) != 13):
        return [f"Result {value!r}: the two sides' tricks must add up to 13"]
    return []


def column_problems(name: str, columns: list[str]) -> list[str]:
    """Column specs of a table that are not ``[+|-]name[\\width[L|R]]`` (§5.2)."""
    return [f"{name}: column {c!r} is not name[\\width[L|R]]" for c in columns if not _COLUMN.fullmatch(c)]


def note_problems(notes: dict[int, str], referenced: set[int], section: str) -> list[tuple[str, int | None]]:
    """Notes numbered outside 1-32, references to notes that are not given, and notes nothing refers to,
    each naming ``section`` (``auction`` or ``play``), whose notes they are; with each, the number of a
    note referred to and not given (its problem is told at the reference), else None."""
    problems: list[tuple[str, int | None]] = [
        (f"Note {n} of the {section}: note numbers are 1 to 32", None)
        for n in sorted(notes)
        if n not in NOTE_NUMBERS
    ]
    problems += [(f"{section}: no Note tag for ={n}=", n) for n in sorted(referenced - set(notes))]
    problems += [
        (f"Note {n} of the {section} is not referred to", None)
        for n in sorted(set(notes) - referenced)
        if n in NOTE_NUMBERS
    ]
    return problems
