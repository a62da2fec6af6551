"""What a command costs before it does anything: the modules it imports, the parser it keeps between runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bridgetools.formats import FORMATS, SUFFIXES, format_from_name, format_module, is_binary, own_suffix

ROOT = Path(__file__).resolve().parents[1]

HEAVY = ("pandas", "pyarrow", "starlette", "uvicorn", "reportlab", "endplay", "bridgetools.bots",
         "bridgetools.analysis", "bridgetools.records", "bridgetools.table")
"""Modules only some commands need (the analysis, printing, browser and double-dummy extras, the bots)."""


def _imported(args: list[str], folder: Path, names: tuple[str, ...] = HEAVY) -> set[str]:
    """Which of ``names`` a run of ``bridgetools ARGS`` in ``folder`` imports, in a fresh process."""
    code = ("import sys, runpy; sys.argv = ['bridgetools', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('bridgetools', run_name='__main__')\n"
            "except SystemExit as e:\n    assert not e.code, e.code\n"
            f"print(*sorted(m for m in {names!r} if m in sys.modules), file=sys.stderr)")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(folder)}
    run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                         check=True, cwd=folder)
    return set(run.stderr.split())


@pytest.mark.parametrize("args", [
    ["--help"],
    ["deal", "-n", "3", "--seed", "1", "hcp(north) >= 20"],
    ["deal", "-n", "3", "--seed", "1", "-o", "boards.pbn"],
])
def test_help_and_deal_import_no_module_only_other_commands_need(args: list[str], tmp_path: Path) -> None:
    assert _imported(args, tmp_path) == set()


def test_a_script_file_imports_no_format_to_learn_it_is_not_a_hand_record(tmp_path: Path) -> None:
    (tmp_path / "weak.dlr").write_text("produce 2\ncondition hcp(north) >= 20\naction printoneline\n")
    formats = tuple(sorted(set(FORMATS.values())))
    assert _imported(["deal", "-f", "weak.dlr", "--seed", "1"], tmp_path, formats) == set()


def test_a_script_that_prints_with_its_own_actions_imports_no_format_s_records(tmp_path: Path) -> None:
    # the PBN record's fields, the LIN codes and the writers' loss notes came in for one constant each
    # (~10 ms of a run whose deals are written by the script's own printoneline)
    (tmp_path / "weak.dlr").write_text("produce 2\ncondition hcp(north) >= 20\naction printoneline\n")
    records = ("bridgetools.formats.pbn_record", "bridgetools.formats.lin_codes",
               "bridgetools.formats._losses", "bridgetools.board.leftovers")
    assert _imported(["deal", "-f", "weak.dlr", "--seed", "1"], tmp_path, records) == set()


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_files_suffix_names_one_format_in_either_case(fmt: str) -> None:
    assert set(SUFFIXES) == set(FORMATS)
    for suffix in SUFFIXES[fmt]:
        assert format_from_name(f"boards{suffix.upper()}") == format_from_name(f"b{suffix}") == fmt
        assert [f for f, named in SUFFIXES.items() if suffix in named] == [fmt]


def test_a_blind_variant_writes_under_its_formats_suffix() -> None:
    assert SUFFIXES["dup"] == format_module("dupblind").EXTENSIONS and SUFFIXES["dupblind"] == ()


MACHINE_AND_RUBBER = ("bridgetools.formats.dup", "bridgetools.formats.dlm", "bridgetools.formats.bri",
                      "bridgetools.formats.dge", "bridgetools.scoring.rubber",
                      "bridgetools.scoring.backscore", "bridgetools.scoring.field")
"""Modules a plain ``deal`` writing PBN never uses: the dealing machines' formats, rubber and field
scoring."""


def _modules_after(statement: str, prefix: str) -> list[str]:
    """The modules whose names start with ``prefix`` that ``statement`` imports, in a fresh process."""
    code = f"import sys\n{statement}\nprint(*sorted(m for m in sys.modules if m.startswith({prefix!r})))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    return run.stdout.split()


def test_dealing_pbn_boards_imports_no_machine_format_nor_rubber_scoring(tmp_path: Path) -> None:
    # `deal -n 1` loaded the DLM and DUP modules to learn that PBN holds any board number, and the
    # scoring package loaded rubber, back-score and field scoring for one duplicate-score helper
    assert _imported(["deal", "-n", "1", "--seed", "1"], tmp_path, MACHINE_AND_RUBBER) == set()


def test_the_dealer_and_its_language_import_no_hand_record_format_nor_pandas() -> None:
    statement = "import bridgetools.dealer.dealing, bridgetools.dealer.language"
    assert _modules_after(statement, "bridgetools.formats") == []
    assert _modules_after(statement, "pandas") == _modules_after(statement, "pyarrow") == []


def test_the_duplicate_score_imports_no_rubber_scoring() -> None:
    assert _modules_after("import bridgetools.scoring.duplicate", "bridgetools.scoring") == [
        "bridgetools.scoring", "bridgetools.scoring.duplicate", "bridgetools.scoring.imps"]


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_whether_a_format_is_binary_is_known_without_importing_it(fmt: str) -> None:
    assert is_binary(fmt) == getattr(format_module(fmt), "BINARY", False)
    assert own_suffix(fmt) in format_module(fmt).EXTENSIONS


def test_writing_pbn_loads_no_pbn_reader(tmp_path: Path) -> None:
    # the writer imported pbn_read for six names (the mandatory and player tags, a call, a Deal value, a
    # Note's value, the alerts mark), which live in pbn_values now, below both
    assert _modules_after("import bridgetools.formats.pbn_write", "bridgetools.formats.pbn_read") == []
    reader = ("bridgetools.formats.pbn_read", "bridgetools.formats.pbn_checks")
    assert _imported(["deal", "-n", "3", "--seed", "1", "-o", "boards.pbn"], tmp_path, reader) == set()
