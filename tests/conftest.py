"""Shared fixtures (where the test data lives; the browser tests' browser and table) and the Hypothesis
profiles."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from table_server import ScriptedTable

DATA = Path(__file__).parent / "data"

# CI runs a fixed, derandomized profile so that a red run replays exactly; a developer's run explores.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless chromium for a browser test module (`table_server.launched_browser`), closed after its tests;
    the module skips itself where there is no browser."""
    from table_server import launched_browser

    yield from launched_browser()


@pytest.fixture(scope="module")
def table() -> Iterator[ScriptedTable]:
    """The standard table served for a browser test module, its computer players following the calls a
    test sets (`table_server.ScriptedTable`), stopped after the module's tests."""
    from table_server import ScriptedTable

    running = ScriptedTable()
    yield running
    running.stop()
