"""Fuzz: random bytes and mutated real LIN files give Issues (or ParseError when strict), nothing else.

Whatever is read can also be written back as LIN, JSON and text without an exception.
"""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgetools.errors import ParseError
from bridgetools.formats import jsonfmt, lin, text

CORPUS = [  # the corpus copies and the variants made for the tests (some are Windows-1250)
    p.read_bytes().decode("utf-8", "replace")
    for p in sorted((Path(__file__).parent / "data" / "lin").rglob("*.lin"))
]
SMALL = [t for t in CORPUS if len(t) < 7000]


def read_everything(source: str) -> None:
    boards = list(lin.read_boards(io.StringIO(source), "fuzz.lin"))
    for fmt_write in (lin.write_boards, jsonfmt.write_boards, text.write_boards):
        fmt_write(boards, io.StringIO())
    try:
        list(lin.read_boards(io.StringIO(source), "fuzz.lin", strict=True))
    except ParseError as e:
        assert e.source == "fuzz.lin" and e.line is not None and e.line >= 1


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A real file with a few characters deleted, replaced or inserted (bars and codes favoured)."""
    source = draw(st.sampled_from(SMALL))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(source)))
        what = draw(st.sampled_from(["delete", "replace", "insert"]))
        piece = draw(
            st.sampled_from(["|", "||", "mb|", "pc|", "md|", "mc|", "\n", "!", "x", "9", "qx|c", ",", ""])
            | st.text(max_size=3)
        )
        if what == "delete":
            source = source[:at] + source[at + draw(st.integers(1, 8)) :]
        elif what == "replace":
            source = source[:at] + piece + source[at + len(piece) :]
        else:
            source = source[:at] + piece + source[at:]
    return source


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_random_bytes_give_only_issues_or_parse_errors(data: bytes) -> None:
    read_everything(data.decode("latin-1"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="|mbpcdnxqvgr1234567SHDCAKQJT,!\n o", max_size=200))
def test_random_pair_like_text_gives_only_issues_or_parse_errors(source: str) -> None:
    read_everything(source)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_corpus_files_give_only_issues_or_parse_errors(source: str) -> None:
    read_everything(source)
