"""The package's imports point down the layers of the design, and no two files import each other.

Layers, lowest first (a module may import its own layer group and any group to its left, never a sibling
group in braces, never one to its right):
``_lazy <- errors <- {_files, _gc, _version, _pool, _words} <- model <- {rules, evaluate, scoring} <- board <-
{formats, dd} <- dealer <- bots <- {analysis, records, table} <- cli``. Every import statement counts:
at module level, inside functions, and under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "bridgetools"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("_lazy",),
    ("errors",),
    ("_files", "_gc", "_version", "_pool", "_words"),
    ("model",),
    ("rules", "evaluate", "scoring"),
    ("board",),
    ("formats", "dd"),
    ("dealer",),
    ("bots",),
    ("analysis", "records", "table"),
    ("cli",),
)
"""``_files`` (safe file writing), ``_gc`` (the collector paused), ``_version``, ``_pool`` (the one
worker pool) and ``_words`` (plurals) import nothing of the package but errors (the pool raises a
`BridgeError` when a worker dies): they sit just above ``errors``, below the model; ``_lazy`` (names and
patterns made on first use, errors' own included) imports nothing of the package and sits lowest."""

TOP = ("bridgetools", "bridgetools.__main__")
"""The facade (``import bridgetools as bt``) and ``python -m``: above every layer, imported by no module."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str) -> Iterator[tuple[str, int]]:
    """The package modules ``name`` imports, with line numbers; ``from x import y`` names the submodule
    ``x.y`` when there is one."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "bridgetools":
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base.split(".")[0] != "bridgetools":
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield (sub if sub in MODULES else base), node.lineno


def layer(name: str) -> int | None:
    """The layer of a module, or None for the facade at the top."""
    if name in TOP:
        return None
    first = name.split(".")[1]
    for i, group in enumerate(LAYERS):
        if first in group:
            return i
    raise AssertionError(f"{name} is in no layer of the design: add it to LAYERS")


def group(name: str) -> str:
    return name.split(".")[1]


def test_every_module_has_a_layer() -> None:
    for name in MODULES:
        layer(name)


def violations() -> list[str]:
    found = []
    for name in MODULES:
        for target, line in imports(name):
            here, there = layer(name), layer(target)
            where = f"{MODULES[name].relative_to(PACKAGE.parent)}:{line}: {name} imports {target}"
            if there is None:
                found.append(f"{where}: nothing imports the package facade")
            elif here is None:
                continue
            elif there > here:
                found.append(f"{where}: a layer above it")
            elif there == here and group(name) != group(target):
                found.append(f"{where}: a sibling layer")
    return found


def test_imports_point_down_the_layers() -> None:
    assert violations() == []


def cycles() -> list[list[str]]:
    """Every cycle of imports between files (strongly connected components of more than one module,
    and modules importing themselves), found with Tarjan's algorithm."""
    graph = {name: sorted({t for t, _ in imports(name) if t in MODULES and t != name}) for name in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in graph:
        if name not in index:
            visit(name)
    return found


def test_no_two_files_import_each_other() -> None:
    assert cycles() == []


@pytest.mark.parametrize(
    ("source", "target", "allowed"),
    [("bridgetools.model.board", "bridgetools.rules.play", False),
     ("bridgetools.board", "bridgetools.rules.play", True),
     ("bridgetools.scoring.duplicate", "bridgetools.rules.auction", False),
     ("bridgetools.formats.pbn", "bridgetools.dealer", False),
     ("bridgetools.cli.show", "bridgetools.formats", True)],
)
def test_the_layer_order_is_the_designs(source: str, target: str, allowed: bool) -> None:
    here, there = layer(source), layer(target)
    assert here is not None and there is not None
    assert (there < here or (there == here and group(source) == group(target))) is allowed


def test_the_json_format_imports_no_other_formats_reader() -> None:
    """A format knows nothing of another: what two readers share (a kept ScoreTable's checks) lives in a
    module of its own, not in one format's reader that the other reaches into."""
    readers = {name for name in MODULES if name.startswith("bridgetools.formats.")
               and (name.endswith("_read") or name.rpartition(".")[2] in ("pbn", "lin", "rbn", "text"))}
    assert sorted({target for target, _ in imports("bridgetools.formats.jsonfmt")} & readers) == []


FAMILIES = {"pbn": "pbn", "lin": "lin", "handviewer": "lin", "jsonfmt": "json", "_json_places": "json"}
"""Modules of one format that are not named alike: a handviewer link carries a LIN board (``lin=``), and
``_json_places`` finds places in JSON text. Otherwise ``pbn*`` is PBN, ``lin*`` LIN, ``rbn*`` RBN, any
other module that does not start with ``_`` a format of its own, and one that does a neutral module."""

CROSS_FORMAT = {
    "replaced_play": "rewrites every format's kept record once the computer replaced the auction or play",
}
"""Modules of ``bridgetools.formats`` that are no format (they map no text) and are by design about each
format's record; they may import the formats' modules, and no format may import them."""


def family(name: str) -> str | None:
    """The format a module of ``bridgetools.formats`` belongs to; "" for a neutral module, None for the
    package (the registry of formats, which finds a format's module by name) and a `CROSS_FORMAT` one."""
    short = name.removeprefix("bridgetools.formats").removeprefix(".")
    if not short or short in CROSS_FORMAT:
        return None
    if short in FAMILIES:
        return FAMILIES[short]
    for prefix in ("pbn", "lin", "rbn"):
        if short.startswith(prefix):
            return prefix
    return "" if short.startswith("_") else short


def crossings() -> list[str]:
    """Every import by a module of ``bridgetools.formats`` of another format's module or of a
    `CROSS_FORMAT` one, and of a format's module by a neutral one (each import statement once)."""
    found: dict[str, None] = {}
    for name in MODULES:
        here = family(name)
        if here is None or not name.startswith("bridgetools.formats."):
            continue
        owner = f"the {here} format" if here else "a neutral module"
        for target, line in imports(name):
            short = target.removeprefix("bridgetools.formats.")
            where = f"{MODULES[name].relative_to(PACKAGE.parent)}:{line}: {owner} imports {target}"
            if short == target:
                continue
            if short in CROSS_FORMAT:
                found[f"{where}, which is about every format"] = None
            elif (there := family(target)) and there != here:
                found[f"{where} of the {there} format"] = None
    return list(found)


def test_a_format_imports_no_other_formats_modules() -> None:
    """The formats know nothing of each other (each maps text <-> Board): what two formats share lives in
    a neutral ``_`` module, which imports no format's module, not in one format that the other reaches
    into."""
    assert crossings() == []


@pytest.mark.parametrize(
    ("name", "expected"),
    [("bridgetools.formats.pbn_read", "pbn"), ("bridgetools.formats.lin_write", "lin"),
     ("bridgetools.formats.handviewer", "lin"), ("bridgetools.formats._json_places", "json"),
     ("bridgetools.formats.rbn", "rbn"), ("bridgetools.formats._law77", ""), ("bridgetools.formats", None),
     ("bridgetools.formats.replaced_play", None)],
)
def test_a_formats_module_belongs_to_its_family(name: str, expected: str | None) -> None:
    assert family(name) == expected
