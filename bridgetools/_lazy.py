"""Regular expressions compiled on first use, so that importing a module that keeps many (most of them for
rare files or for error messages) costs no compiling: ``deal`` runs of a few boards are mostly start-up."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, AnyStr, Generic


class LazyPattern(Generic[AnyStr]):
    """Stands for a compiled pattern (from its text, or from a function that builds it, such as one made
    from a grammar's terminals), made on the first use of one of its methods.

    It is no ``re.Pattern``: mypy refuses it where one is needed (``re.sub(PATTERN, ...)``): call its
    methods (``PATTERN.sub(...)``), or give ``PATTERN.compiled()`` to code that needs the real one."""

    __slots__ = ("_build", "_compiled", "_flags", "_text")

    def __init__(self, text: AnyStr | None, flags: int = 0,
                 build: Callable[[], re.Pattern[AnyStr]] | None = None) -> None:
        self._text: AnyStr | None = text
        self._flags = flags
        self._build: Callable[[], re.Pattern[AnyStr]] | None = build
        self._compiled: re.Pattern[AnyStr] | None = None

    def compiled(self) -> re.Pattern[AnyStr]:
        """The compiled pattern, made now if no use has made it yet (a bad pattern fails here)."""
        compiled = self._compiled
        if compiled is None:
            if self._build is not None:
                compiled = self._build()
            else:
                assert self._text is not None
                compiled = re.compile(self._text, self._flags)
            self._compiled = compiled
        return compiled

    @property
    def pattern(self) -> AnyStr:
        """The pattern's text: from a text, without compiling (a pattern built from another's text compiles
        neither)."""
        return self._text if self._text is not None else self.compiled().pattern

    @property
    def flags(self) -> int:
        """The flags, as ``re.Pattern.flags`` gives them (compiling: the engine adds ``re.U`` and such)."""
        return self.compiled().flags

    @property
    def groupindex(self) -> Any:
        """The named groups and their numbers, as ``re.Pattern.groupindex``."""
        return self.compiled().groupindex

    def match(self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[AnyStr] | None:
        """``re.Pattern.match``."""
        return (self._compiled or self.compiled()).match(string, pos, endpos)

    def search(self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[AnyStr] | None:
        """``re.Pattern.search``."""
        return (self._compiled or self.compiled()).search(string, pos, endpos)

    def fullmatch(self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[AnyStr] | None:
        """``re.Pattern.fullmatch``."""
        return (self._compiled or self.compiled()).fullmatch(string, pos, endpos)

    def finditer(self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[AnyStr]]:
        """``re.Pattern.finditer``."""
        return (self._compiled or self.compiled()).finditer(string, pos, endpos)

    def findall(self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        """``re.Pattern.findall``."""
        return (self._compiled or self.compiled()).findall(string, pos, endpos)

    def split(self, string: AnyStr, maxsplit: int = 0) -> list[AnyStr | Any]:
        """``re.Pattern.split``."""
        return (self._compiled or self.compiled()).split(string, maxsplit)

    def sub(self, repl: AnyStr | Callable[[re.Match[AnyStr]], AnyStr], string: AnyStr,
            count: int = 0) -> AnyStr:
        """``re.Pattern.sub``."""
        return (self._compiled or self.compiled()).sub(repl, string, count)

    def subn(self, repl: AnyStr | Callable[[re.Match[AnyStr]], AnyStr], string: AnyStr,
             count: int = 0) -> tuple[AnyStr, int]:
        """``re.Pattern.subn``."""
        return (self._compiled or self.compiled()).subn(repl, string, count)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles carry the text or the builder, not the compiled pattern."""
        return (LazyPattern, (self._text, self._flags, self._build))

    def __repr__(self) -> str:
        if self._text is None:
            return f"lazy_build({self._build!r})"
        return f"lazy_compile({self._text!r}, {self._flags!r})"


def lazy_compile(pattern: AnyStr, flags: int | re.RegexFlag = 0) -> LazyPattern[AnyStr]:
    """``re.compile(pattern, flags)``, compiled when first used (a bad pattern fails then, not at import)."""
    return LazyPattern(pattern, int(flags))


def lazy_build(build: Callable[[], re.Pattern[AnyStr]]) -> LazyPattern[AnyStr]:
    """The pattern ``build()`` gives, built when first used: for patterns made from something costly to load
    (a grammar's terminals), so that importing the module that keeps them loads nothing."""
    return LazyPattern(None, 0, build)


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
