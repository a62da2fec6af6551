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
from table_players import scripted

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


ANNOUNCED = "() => [...document.querySelectorAll('#announce p')].map((line) => line.textContent)"
"""A script for the page: the lines a screen reader was told (the #announce log), oldest first."""

PASSED_OUT = "Passed out: no score."
"""A deal passed out as every table, standard or a variant's, tells a screen reader it."""

LOGGED = """() => {
  // from now on every line the #announce log is given, kept in window.logged (the log keeps its latest)
  window.logged = [...document.querySelectorAll("#announce p")].map((line) => line.textContent);
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach((node) =>
    window.logged.push(node.textContent)))).observe(document.getElementById("announce"), { childList: true });
}"""
"""A script for the page: keep every line told to a screen reader from now on (``window.logged``)."""

def _unnamed(characters: str) -> str:
    """A script for the page: where one of ``characters`` (a regular expression's class) is shown as text a
    screen reader says by the character's name or not at all: neither hidden from it (nor shown at all),
    nor in an image or a button that has its words (aria-label)."""
    return """() => {
  const unnamed = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const shown = text.parentElement;
    if (!/[CHARACTERS]/.test(text.data) || shown.closest("[hidden], [aria-hidden=true]")) continue;
    if (!shown.checkVisibility()) continue;  // (not shown: not read either)
    const named = shown.closest("[role=img][aria-label], button[aria-label]");
    if (!named) unnamed.push(`${shown.closest("[id]")?.id}: ${text.data}`);
  }
  return unnamed;
}""".replace("CHARACTERS", characters)


UNNAMED_SYMBOLS = _unnamed("\\u2660-\\u2666")
"""A script for the page: where a suit's symbol is shown without the words a screen reader says for it
("black heart suit")."""

UNNAMED_MARKS = _unnamed("\\u2014\\u00b7")
"""A script for the page: where a dash ("—", a fact not known yet) or a middle dot ("·", between the items of
a line) is shown for a screen reader to read by its name ("em dash", "middle dot")."""

LABELS_IGNORED = """() => [...document.querySelectorAll("div[aria-label], span[aria-label], p[aria-label]")]
  .filter((node) => !node.getAttribute("role") && !node.closest("[hidden]"))
  .map((node) => node.getAttribute("aria-label"))"""
"""A script for the page: the labels a screen reader passes over (NVDA, JAWS): on a div, span or p of no
role."""

RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
              "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_words(card: str) -> str:
    """A card as a screen reader is told it: ``SA`` as "ace of spades"."""
    return f"{RANK_WORDS[card[1]]} of {SUIT_WORDS[card[0]]}"


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


class ScriptedTable(Table):
    """The standard table whose computer players follow ``calls``, the scripts the test sets."""

    def __init__(self) -> None:
        self.calls: dict[str, list[str]] = {}
        super().__init__(players=lambda seed: scripted(**self.calls))


def launched_browser() -> Iterator[Any]:
    """Headless chromium driven by Playwright, for a module's tests (closed after them)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()

WRAPPED = """(selector) => {
  // the elements of `selector` whose content runs on to a second line: the tops of its lines of text and
  // of its children (an inline child's every line, a block's or flex item's whole box) more than half a
  // line apart
  const wrapped = [];
  for (const node of document.querySelectorAll(selector)) {
    const boxes = [];
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        const range = document.createRange();
        range.selectNodeContents(child);
        boxes.push(...range.getClientRects());
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        boxes.push(...(getComputedStyle(child).display === "inline" ? child.getClientRects()
          : [child.getBoundingClientRect()]));
      }
    }
    const half = parseFloat(getComputedStyle(node).fontSize) / 2;
    const tops = boxes.filter((r) => r.width > 0 && r.height > 0).map((r) => r.top).sort((a, b) => a - b);
    if (tops.length && tops[tops.length - 1] - tops[0] > half) wrapped.push(node.textContent);
  }
  return wrapped;
}"""
"""A script for the page, given a selector: the texts of its elements whose content runs on to a second
line (a table cell's text, a row's boxes)."""

LINES = """(selector) => {
  // the text of the element of `selector` as the screen shows it, line by line (a character whose box
  // starts more than half a line below the last one's starts a new line)
  const node = document.querySelector(selector);
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  const half = parseFloat(getComputedStyle(node).fontSize) / 2;
  const lines = [];
  let top = null;
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const box = range.getBoundingClientRect();
      if (box.height === 0) continue;
      if (top === null || box.top > top + half) { lines.push(""); top = box.top; }
      lines[lines.length - 1] += text.data[i];
    }
  }
  return lines.map((line) => line.trim());
}"""
"""A script for the page, given a selector: its element's text, line by line as shown."""
