"""The README's promise: the package ships `py.typed`, so `mypy --strict` checks code that uses it through
`bt.` (the lazily loaded names too), and the examples the docs show pass it."""

from __future__ import annotations

import ast
import doctest
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bridgetools

ROOT = Path(__file__).resolve().parents[1]


def mypy_errors(tmp_path: Path, sources: dict[str, str]) -> list[str]:
    """The error lines `mypy --strict` gives for client modules (name -> text) that use the package
    as an outside user does; errors inside bridgetools itself are the CI's own mypy run's."""
    pytest.importorskip("mypy")
    for name, text in sources.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-error-summary",
         "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(ROOT / ".mypy_cache"),
         *(str(tmp_path / f"{name}.py") for name in sources)],
        capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "MYPYPATH": str(ROOT)},
    )
    return [line for line in run.stdout.splitlines() if ": error:" in line]


def test_every_lazy_name_is_imported_for_type_checkers_from_its_module() -> None:
    tree = ast.parse((ROOT / "bridgetools" / "__init__.py").read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If)
                 and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
    imported = {alias.name: node.module for node in block.body if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    assert imported == bridgetools._LAZY


def test_mypy_strict_refuses_a_wrong_typed_call_through_a_lazy_name(tmp_path: Path) -> None:
    client = ("import bridgetools as bt\n"
              "points: int = bt.score('4S', 10, vulnerable=False)\n"
              "wrong: str = bt.score('4S', 10, vulnerable=False)\n"
              "boards = list(bt.read(3))\n")
    errors = mypy_errors(tmp_path, {"client": client})
    assert [line.split(":")[1] for line in errors] == ["3", "4"], errors


def test_the_python_examples_of_the_readme_and_docs_pass_mypy_strict(tmp_path: Path) -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    sources = {}
    for page in pages:
        examples = doctest.DocTestParser().get_examples(page.read_text(encoding="utf-8"))
        if examples:
            sources[f"page_{page.stem.replace('-', '_')}"] = "".join(e.source for e in examples)
    assert "page_README" in sources and len(sources) >= 3
    assert mypy_errors(tmp_path, sources) == []


def test_mypy_strict_takes_a_binary_file_to_write_as_the_docs_show(tmp_path: Path) -> None:
    client = ("import io\nimport bridgetools as bt\n"
              "bt.write(bt.generate('', 1, seed=1), io.BytesIO(), 'pbn')\n"
              "bt.write(bt.generate('', 1, seed=1), io.StringIO(), 'pbn')\n")
    assert mypy_errors(tmp_path, {"client": client}) == []


def test_mypy_strict_takes_a_double_dummy_table_indexed_by_names(tmp_path: Path) -> None:
    client = ("import bridgetools as bt\n"
              "def tricks(table: bt.DDTable) -> int | None:\n"
              "    return table['N', 'NT']\n")
    assert mypy_errors(tmp_path, {"client": client}) == []
