"""A format's typed leftovers go to JSON values and come back equal, and each format registers its own."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bridgetools.board.leftovers import FormatRecord, record_type, register


@register
@dataclass(frozen=True)
class _Sample(FormatRecord):
    FORMAT = "sample-test"
    raw: tuple[str, ...] = ()
    positions: dict[str, int] = field(default_factory=dict)
    flag: bool = False


def test_a_record_comes_back_equal_from_its_json_values() -> None:
    record = _Sample(raw=("a", "b"), positions={"x": 3}, flag=True)
    assert _Sample.from_json(record.to_json()) == record


def test_fields_at_their_default_are_left_out_of_the_json() -> None:
    assert _Sample(flag=True).to_json() == {"flag": True}


def test_an_unknown_field_is_an_error_naming_it() -> None:
    with pytest.raises(ValueError, match="bogus"):
        _Sample.from_json({"bogus": 1})


def test_a_registered_format_finds_its_record_type() -> None:
    assert record_type("sample-test") is _Sample
    assert record_type("no-such-format") is None
