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
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

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
    hints = typing.get_type_hints(type(record))
    return all(_conforms(getattr(record, f.name), hints[f.name]) for f in dataclasses.fields(record))


def _conforms(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the kind ``hint`` names (str, int, bool, None, unions, tuples, lists and
    dicts of them); a kind this does not know is taken as met."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_conforms(value, arg) for arg in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(_conforms(v, a) for v, a in zip(value, args, strict=True))
    if origin in (dict, Mapping):
        return isinstance(value, Mapping) and all(
            _conforms(k, args[0]) and _conforms(v, args[1]) for k, v in value.items())
    if origin is list:
        return isinstance(value, list) and all(_conforms(v, args[0]) for v in value)
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint) if isinstance(hint, type) else True


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
