"""Many games at once through the table's HTTP API (a smaller run of scripts/bench_table.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
SCRIPT = Path(__file__).parent.parent / "scripts" / "bench_table.py"


def test_twelve_games_at_once_finish_with_no_error_and_report_south_s_latency() -> None:
    command = [sys.executable, str(SCRIPT), "--games", "12", "--think", "0.05", "--timeout", "90", "--json"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["finished"] == 12 and report["error_count"] == 0
    assert report["south_actions"] >= 12  # at least one call in every deal
    assert 0 < report["latency_ms"]["p50"] <= report["latency_ms"]["p95"] <= report["latency_ms"]["max"]
    assert report["thinking_ms"]["total"] > 0


def test_the_load_test_refuses_an_address_off_this_machine() -> None:
    result = subprocess.run([sys.executable, str(SCRIPT), "--url", "http://192.0.2.1:80/"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "loopback" in result.stderr
