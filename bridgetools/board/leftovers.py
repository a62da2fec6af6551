"""What a format said of a board that the model does not interpret: one typed record per format.

Each format module owns a frozen dataclass derived from `FormatRecord` (``PbnRecord`` in
``formats/pbn_read``, ``LinRecord`` in ``formats/lin``...) that its reader fills and its writer reads,
kept in ``board.extra[record.FORMAT]``. The record knows how to become JSON values and back, so the JSON
format can carry it under a documented schema without knowing any other format (formats know nothing
of each other): it asks `record_type` for the class registered under the format's name.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from bridgetools.board import Board

_R = TypeVar("_R", bound="FormatRecord")
_TYPES: dict[str, type[FormatRecord]] = {}


@dataclasses.dataclass(frozen=True)
class FormatRecord:
    """Base of every format's typed leftovers: ``FORMAT`` names the format and the key in ``board.extra``.

    Fields hold JSON-like values (str, int, bool, None, tuples and mappings of them). `to_json` gives
    plain JSON values; `from_json` reads them back into an equal record. A subclass with fields that are
    not plain overrides both.
    """

    FORMAT: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The record as JSON values: name -> value, tuples as lists, fields at their default left out."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.default is not dataclasses.MISSING and value == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and value == f.default_factory():
                continue
            out[f.name] = _plain(value)
        return out

    def less_placeholders(self, board: Board) -> FormatRecord:
        """The record less what its format's writer writes for ``board`` by itself where nothing gives a
        value (PBN's empty tags): a JSON file of an older schema kept those, and reading it anew they would
        say more than the board. Most formats keep no such thing: the record as it is."""
        return self

    @classmethod
    def from_json(cls: type[_R], data: Mapping[str, Any]) -> _R:
        """The record `to_json` gave: lists become tuples again; unknown keys are an error."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown {cls.FORMAT} record field(s): {', '.join(sorted(unknown))}")
        return cls(**{name: _frozen(value) for name, value in data.items()})


def well_formed(record: FormatRecord) -> bool:
    """Whether each field of ``record`` holds the kind of value its annotation names: a record read from a
    hand-edited JSON file may not (a number where a string goes stopped the writers with a TypeError)."""
    checks = _field_checks(type(record))
    return all(check(getattr(record, name)) for name, check in checks)


_Check = Callable[[Any], bool]


_CHECKS: dict[type, tuple[tuple[str, _Check], ...]] = {}


def _field_checks(kind: type) -> tuple[tuple[str, _Check], ...]:
    """Each field of a record class with the check of its annotation, made once per class (resolving
    the annotations costs a millisecond)."""
    checks = _CHECKS.get(kind)
    if checks is None:
        hints = typing.get_type_hints(kind)
        checks = _CHECKS[kind] = tuple((f.name, _check_of(hints[f.name])) for f in dataclasses.fields(kind))
    return checks


def _check_of(hint: Any) -> _Check:
    """A function telling whether a value is of the kind ``hint`` names (str, int, bool, None, unions,
    tuples, lists and dicts of them); a kind this does not know is taken as met."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = tuple(_check_of(arg) for arg in args)
        return lambda v: any(check(v) for check in options)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _check_of(args[0])
        return lambda v: isinstance(v, tuple) and all(item(x) for x in v)
    if origin is tuple:
        items = tuple(_check_of(arg) for arg in args)
        return lambda v: isinstance(v, tuple) and len(v) == len(items) and all(
            check(x) for check, x in zip(items, v, strict=True))
    if origin in (dict, Mapping):
        key, value = _check_of(args[0]), _check_of(args[1])
        return lambda v: isinstance(v, Mapping) and all(key(k) and value(x) for k, x in v.items())
    if origin is list:
        item = _check_of(args[0])
        return lambda v: isinstance(v, list) and all(item(x) for x in v)
    if hint is type(None):
        return lambda v: v is None
    if hint is int:
        return lambda v: isinstance(v, int) and not isinstance(v, bool)
    return (lambda v: isinstance(v, hint)) if isinstance(hint, type) else (lambda v: True)


def register(cls: type[_R]) -> type[_R]:
    """Class decorator: make ``cls`` the record type of its format, for readers of JSON."""
    if not cls.FORMAT:
        raise TypeError(f"{cls.__name__} names no FORMAT")
    _TYPES[cls.FORMAT] = cls
    return cls


def record_type(format_name: str) -> type[FormatRecord] | None:
    """The record class registered for ``format_name``, or None when no such format keeps a record."""
    return _TYPES.get(format_name)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _frozen(v) for k, v in value.items()}
    return value
