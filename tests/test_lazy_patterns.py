"""A pattern compiled on first use finds what ``re.compile`` finds, and importing its module compiles none."""

from __future__ import annotations

import re

from bridgetools._lazy import lazy_compile


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
