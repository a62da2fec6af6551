"""What a browser test module needs before it is read: uvicorn, Playwright and Debian's chromium. Imported
first by each (``import browser_needed``), it skips the module, saying why, where one is missing."""

from __future__ import annotations

import shutil

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from table_server import CHROMIUM  # after the checks: it needs uvicorn

if not shutil.which(CHROMIUM):
    pytest.skip(f"no browser: {CHROMIUM} is not installed (apt-get install chromium)",
                allow_module_level=True)
