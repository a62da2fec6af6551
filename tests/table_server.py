"""The table's app served on a free loopback port in a thread, and the headless browser's settings, for
the browser tests of the standard table and of the variants."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn

from bridgetools.table.web.app import create_app

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]

HIDDEN_RANKS = """() => {
  // the face-up cards whose rank (its box) is covered by a later card of the same row or by its own edge
  const hidden = [];
  for (const card of document.querySelectorAll(".card:not(.back):not(.gone)")) {
    const rank = card.querySelector(".rank").getBoundingClientRect();
    const own = card.getBoundingClientRect();
    let covered = rank.right > own.right + 0.5;
    for (let later = card.nextElementSibling; later; later = later.nextElementSibling) {
      const box = later.getBoundingClientRect();
      covered ||= box.left < rank.right - 0.5 && box.right > rank.left
        && box.top < rank.bottom && box.bottom > rank.top;
    }
    if (covered) hidden.push(card.dataset.card);
  }
  return hidden;
}"""
"""A script for the page: the face-up cards whose rank is hidden (under a later card of its row, or past
its own edge); every rank must stay readable however the cards overlap."""


class Table:
    """The app (``create_app(**options)``) on a free loopback port in a thread."""

    def __init__(self, **options: Any) -> None:
        self.app = create_app(**options)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def launched_browser() -> Iterator[Any]:
    """Headless chromium driven by Playwright, for a module's tests (closed after them)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()
