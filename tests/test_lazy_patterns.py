"""A pattern compiled on first use finds what ``re.compile`` finds, and importing its module compiles none."""

from __future__ import annotations

import re
from pathlib import Path

from test_typing import mypy_errors

from bridgetools._lazy import lazy_build, lazy_compile


def test_a_lazy_pattern_matches_as_the_compiled_one_does() -> None:
    lazy, compiled = lazy_compile(r"(&&|and)\s*$", re.M), re.compile(r"(&&|and)\s*$", re.M)
    text = "hcp(north) >= 15 &&\naction printall"
    assert lazy.search(text).span() == compiled.search(text).span()  # type: ignore[union-attr]
    assert lazy.sub("", text) == compiled.sub("", text) and lazy.flags == compiled.flags


def test_a_lazy_pattern_gives_its_text_without_compiling() -> None:
    lazy = lazy_compile(r"[unclosed")  # a bad pattern fails when first used, not when its module is imported
    assert lazy.pattern == "[unclosed"


def test_a_lazy_pattern_survives_copying_and_pickling() -> None:
    import copy
    import pickle

    lazy = lazy_compile(r"\d+")
    for again in (copy.deepcopy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert again.findall("1NT 3S") == ["1", "3"]


def _digits() -> re.Pattern[str]:
    """A builder for the test below, counting its calls."""
    _digits.calls += 1  # type: ignore[attr-defined]
    return re.compile(r"\d+")


def test_a_built_lazy_pattern_is_built_once_on_its_first_use() -> None:
    _digits.calls = 0  # type: ignore[attr-defined]
    lazy = lazy_build(_digits)
    assert _digits.calls == 0  # type: ignore[attr-defined]
    assert lazy.findall("1NT 3S") == ["1", "3"] and lazy.pattern == r"\d+" and lazy.split("a1b") == ["a", "b"]
    assert _digits.calls == 1  # type: ignore[attr-defined]


def test_mypy_refuses_a_lazy_pattern_where_a_compiled_one_is_needed(tmp_path: Path) -> None:
    # lazy_compile was cast to re.Pattern: re.sub(LAZY, ...) passed mypy and failed at run time
    client = ("import re\nfrom bridgetools._lazy import lazy_compile\n"
              "LAZY = lazy_compile(r'\\d')\n"
              "fine: str = LAZY.sub('', '1NT')\n"
              "wrong = re.sub(LAZY, '', '1NT')\n")
    errors = mypy_errors(tmp_path, {"client": client})
    assert [line.split(":")[1] for line in errors] == ["5"], errors
