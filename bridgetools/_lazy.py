"""Regular expressions compiled on first use, so that importing a module that keeps many (most of them for
rare files or for error messages) costs no compiling: ``deal`` runs of a few boards are mostly start-up."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, AnyStr, cast


class _LazyPattern:
    """Stands for ``re.compile(pattern, flags)``: compiles it on the first use of any of its methods, and
    gives its ``pattern`` without compiling (a pattern built from another's text compiles neither)."""

    __slots__ = ("_compiled", "_flags", "pattern")

    def __init__(self, pattern: str | bytes, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[Any] | None = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy and pickle asking for hooks: the object's own, not the pattern's
            raise AttributeError(name)
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self.pattern, self._flags)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self._flags!r})"


def lazy_compile(pattern: AnyStr, flags: int | re.RegexFlag = 0) -> re.Pattern[AnyStr]:
    """``re.compile(pattern, flags)``, compiled when first used (a bad pattern fails then, not at import).

    Only its methods and attributes stand for the pattern's: give ``re.sub`` and the like the pattern's
    methods (``PATTERN.sub``), never the object itself."""
    return cast("re.Pattern[AnyStr]", _LazyPattern(pattern, int(flags)))


def lazy_attributes(package: str, names: dict[str, str], namespace: dict[str, Any]) -> tuple[
        Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` (PEP 562) for ``names`` (name -> the module that defines
    it), each imported on first use and kept in ``namespace`` (the package's globals) from then on, so that
    importing the package loads none of their modules; ``__dir__`` gives the package's ``__all__``."""

    def __getattr__(name: str) -> Any:
        import importlib

        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(namespace["__all__"])

    return __getattr__, __dir__
