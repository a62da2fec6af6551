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


def test_a_record_at_every_default_keeps_nothing_whether_shared_or_its_own() -> None:
    assert _Sample.nothing().keeps_nothing and _Sample().keeps_nothing
    assert not _Sample(positions={"x": 0}).keeps_nothing
    assert _Sample().to_json() == {}


def test_the_values_kept_are_the_json_values_as_the_record_holds_them() -> None:
    record = _Sample(raw=("a",), positions={"x": 3})
    assert record.kept() == {"raw": ("a",), "positions": {"x": 3}}
    assert record.to_json() == {"raw": ["a"], "positions": {"x": 3}}


def test_the_pbn_reader_gives_every_board_that_keeps_nothing_the_one_shared_record() -> None:
    import bridgetools as bt
    from bridgetools.formats.pbn_record import PbnRecord

    boards = bt.loads('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n\n[Board "2"]\n'
                      '[Deal "N:AKQJ.T98.765.432 - - -"]\n', "pbn")
    assert len(boards) == 2 and all(board.extra["pbn"] is PbnRecord.nothing() for board in boards)
