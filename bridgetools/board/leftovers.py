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
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from bridgetools.model.calls import Call
from bridgetools.model.cards import Card

if TYPE_CHECKING:
    from bridgetools.board import Board

_R = TypeVar("_R", bound="FormatRecord")
_Kept = TypeVar("_Kept")
_TYPES: dict[str, type[FormatRecord]] = {}


class KeptCall(NamedTuple):
    """A call a reader kept as written past the legal start of the auction (from an illegal call or one
    that cannot be read on, which still took its player's turn): another format writes it, and a diagram
    shows it, in its turn."""

    written: str
    """The call as the file wrote it (``zz``, ``1Q``, ``1H``), its alert mark left off."""
    call: Call | None
    """The call it reads as; None for one that cannot be read."""
    alert: bool = False
    explanation: str | None = None
    irregular: str | None = None
    """The irregularity the file marks it with (PBN §3.9: ``I`` an insufficient bid accepted, ``S`` a
    skipped player's turn), which only a diagram shows (`calls_shown`)."""


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
        return {name: _plain(value) for name, value in self.kept().items()}

    def kept(self) -> dict[str, Any]:
        """The fields not at their default, by name, with their values as the record holds them (tuples,
        dicts with number keys): what `to_json` gives as plain JSON values, and what `json.dumps` writes
        as it writes those, without making them first (the analysis export, `formats_json`). A subclass
        whose `to_json` gives other values overrides this too."""
        if self.keeps_nothing:
            return {}
        return {name: value for name, default in _defaults(type(self))
                if (value := getattr(self, name)) != default or default is _NO_DEFAULT}

    @property
    def keeps_nothing(self) -> bool:
        """Whether every field is at its default, as most boards' records are: `nothing` itself (which a
        reader stores for them) at once, another by one comparison of its fields with its in one dict (a
        fifth of the dataclass's own comparison)."""
        empty = _empty(type(self))
        return empty is not None and (self is empty or getattr(self, "__dict__", None) == empty.__dict__)

    @classmethod
    def nothing(cls: type[_R]) -> _R:
        """The record of this class that keeps nothing (every field at its default), one for all the boards
        that keep nothing in this format, which is never changed (a reader gives it to them: `keeps_nothing`
        tells it at once, and no board holds a copy of its own)."""
        empty = _empty(cls)
        if empty is None:
            raise TypeError(f"{cls.__name__} has a field with no default")
        return empty

    def calls_kept(self, board: Board) -> tuple[KeptCall, ...]:
        """The calls this format's reader kept as written past the legal start of ``board``'s auction
        (`KeptCall`), in their turns; none for a format that keeps none."""
        return ()

    def calls_as_written(self, board: Board) -> tuple[KeptCall, ...]:
        """The calls kept as written past the legal start of the auction, those after an irregularity too
        (`KeptCall.irregular`), for a diagram that shows them with its mark: `calls_kept` where the format
        marks none."""
        return self.calls_kept(board)

    def play_as_written(self, board: Board) -> tuple[tuple[tuple[str, str], ...], ...]:
        """The tricks the model could not replay (a revoke, a lead out of turn), as written: each a row of
        (seat letter, card with its irregularity mark, ``D2^R``), for a diagram to show under the tricks
        it replayed; none for a format that keeps none."""
        return ()

    def cards_kept(self, board: Board) -> tuple[Card, ...]:
        """The cards this format's reader kept as written, in the order played, where ``board`` has no play
        to hold them (its calls leave the contract open: `no_contract_to_play`); none for a format that
        keeps none."""
        return ()

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


_NO_DEFAULT = object()
"""Stands for the default of a field that has none (`_defaults`)."""
_DEFAULTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _defaults(kind: type) -> tuple[tuple[str, Any], ...]:
    """Each field of a record class with its default (made once per class: `to_json` compares every
    field with it, for each board an export or a JSON writer writes), `_NO_DEFAULT` for one without."""
    found = _DEFAULTS.get(kind)
    if found is None:
        found = _DEFAULTS[kind] = tuple(
            (f.name, f.default if f.default is not dataclasses.MISSING
             else f.default_factory() if f.default_factory is not dataclasses.MISSING else _NO_DEFAULT)
            for f in dataclasses.fields(kind))
    return found


_EMPTY: dict[type, FormatRecord | None] = {}


def _empty(kind: type[_R]) -> _R | None:
    """The record of class ``kind`` that keeps nothing (every field at its default), made once; None for
    a class with a field that has no default."""
    if kind not in _EMPTY:
        try:
            _EMPTY[kind] = kind()
        except TypeError:
            _EMPTY[kind] = None
    return typing.cast("_R | None", _EMPTY[kind])


def calls_kept(board: Board) -> tuple[KeptCall, ...]:
    """The calls a reader kept as written past the legal start of ``board``'s auction, whichever format's
    (`FormatRecord.calls_kept`): what a diagram shows and another format writes after the legal calls;
    none with no auction (no dealer to seat them)."""
    if board.auction is None:
        return ()
    return _first_kept(board, lambda record: record.calls_kept(board))


def calls_shown(board: Board) -> tuple[KeptCall, ...]:
    """The calls a diagram shows after the legal ones: `calls_kept`, or past an irregularity the calls
    as written with its mark (`FormatRecord.calls_as_written`); none with no auction."""
    if board.auction is None:
        return ()
    return _first_kept(board, lambda record: record.calls_as_written(board))


def play_shown(board: Board) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The tricks a diagram shows as written after those the play replayed
    (`FormatRecord.play_as_written`)."""
    return _first_kept(board, lambda record: record.play_as_written(board))


def no_contract_to_play(board: Board) -> bool:
    """Whether ``board`` has neither play nor contract (its calls leave the contract open): only then are
    cards kept as written another format's play, seated from the first card's holder. Under a contract,
    known or passed out, the opening leader is the contract's, and cards it cannot play stay named apart:
    seated from another, they would read back reordered."""
    return board.play is None and board.contract is None


def cards_kept(board: Board) -> tuple[Card, ...]:
    """The cards a reader kept as written where ``board`` has no play nor contract, whichever format's
    (`FormatRecord.cards_kept`): what another format writes as its play where it can seat them."""
    if not no_contract_to_play(board):
        return ()
    return _first_kept(board, lambda record: record.cards_kept(board))


def _first_kept(board: Board, kept_by: Callable[[FormatRecord], tuple[_Kept, ...]]) -> tuple[_Kept, ...]:
    """What the first of ``board``'s format records that kept anything kept (`kept_by`), else nothing."""
    for record in board.extra.values():
        if isinstance(record, FormatRecord) and (kept := kept_by(record)):
            return kept
    return ()


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


_SCALARS = frozenset({str, int, bool, float, type(None)})
"""The kinds of JSON value `_plain` gives as they are, told by their exact type first (most values are)."""


def _plain(value: Any) -> Any:
    if type(value) in _SCALARS:
        return value
    if isinstance(value, tuple | list):  # a scalar item given as it is, without a call (a PBN token's)
        return [v if type(v) in _SCALARS else _plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _frozen(v) for k, v in value.items()}
    return value
