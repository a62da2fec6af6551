"""The record of play at the table: each finished board appended to a PBN file that every other
bridgetools command reads; the rubbers of the variants kept in a JSON file."""

from __future__ import annotations

import io
import json
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgetools.board import Board
from bridgetools.errors import BridgeError

if TYPE_CHECKING:
    from bridgetools.rules.variants import Rubber
    from bridgetools.table.variants import VariantTable


def writable(path: Path) -> Path:
    """``path``, when a record can be written there; else a `BridgeError` naming why, raised when the table
    starts rather than at the end of the first deal, whose board would then be lost."""
    folder = path.parent
    if not folder.is_dir():
        raise BridgeError(f"{path}: no folder {folder} to record in")
    if not os.access(path if path.exists() else folder, os.W_OK):
        raise BridgeError(f"{path}: cannot record here: permission denied")
    return path


class PbnRecord:
    """Appends finished boards to ``path`` as PBN (the file keeps one header); boards without a number
    are numbered on from the boards already in the file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = writable(Path(path))
        self._lock = threading.Lock()
        self._count = self._boards_in_file()

    def _boards_in_file(self) -> int:
        if not self.path.exists():
            return 0
        from bridgetools.formats import read

        return sum(1 for _ in read(self.path, "pbn"))

    def __call__(self, board: Board) -> None:
        from bridgetools.formats import write

        with self._lock:
            self._count += 1
            if board.number is None:
                board.number = self._count
            out = io.StringIO()
            write([board], out, "pbn")
            text = out.getvalue()
            if self.path.exists() and self.path.stat().st_size > 0:
                lines = text.splitlines(keepends=True)
                text = "\n" + "".join(line for line in lines if not line.startswith("%"))
            with open(self.path, "a", encoding="utf-8", newline="\n") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())


class JsonRecord:
    """Keeps the rubbers of the variants played at the table in one JSON file (PBN cannot hold a deal of
    Booby or Bridge for two): ``{"rubbers": [{"id", "variant", "deals": [...], "sheet", ...}]}``, every
    card and action of each finished deal. The file is rewritten through a temporary file after each deal;
    rubbers already in it are kept."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = writable(Path(path))
        self._lock = threading.Lock()
        self._rubbers: dict[str, dict[str, Any]] = {}
        if self.path.exists() and self.path.stat().st_size > 0:
            self._rubbers = {str(r.get("id", i)): r for i, r in enumerate(self._read()["rubbers"])}

    def _read(self) -> dict[str, Any]:
        from bridgetools.formats.jsonfmt import json_value

        try:
            data = json_value(self.path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as e:
            raise BridgeError(f"{self.path}: not a JSON record of rubbers ({e})") from None
        if not isinstance(data, dict) or not isinstance(data.get("rubbers"), list):
            raise BridgeError(f'{self.path}: line 1, column 1: expected a JSON object with a "rubbers" list')
        return data

    def __call__(self, game_id: str, table: VariantTable) -> None:
        with self._lock:
            self._rubbers[game_id] = {"id": game_id, **table.to_json()}
            text = json.dumps({"rubbers": list(self._rubbers.values())}, indent=1)
            temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
            with open(temporary, "w", encoding="utf-8", newline="\n") as f:
                f.write(text + "\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(temporary, self.path)


def _rubbers(text: str) -> dict[str, Any] | None:
    """``text`` read as a `JsonRecord` (an object with a "rubbers" list and no "boards"), or one rubber's
    record as the table's ``GET /api/games/{id}/record`` downloads it (``{"variant", "deals": [...]}``) as
    a record of that rubber alone (`rubbers_of`); None when it is neither (a hand record in JSON, say,
    which the hand-record readers read)."""
    from bridgetools.formats.jsonfmt import json_value
    from bridgetools.rules.variants.record_shape import rubbers_of

    if '"rubbers"' not in text and '"deals"' not in text:  # a hand record in JSON: not parsed here too
        return None
    try:
        data = json_value(text)
    except ValueError:
        return None
    return rubbers_of(data)


def rubber_problems(text: str, source: str) -> tuple[int, list[str]] | None:
    """The deals of a `JsonRecord` (the variants' rubbers a table kept) and its problems as lines
    ``source:line:col: rubber R, deal D: message``: each deal replayed by its variant's rules, its result
    booked again and compared with the record, and each rubber's score sheet with the one kept. None when
    ``text`` is not such a record (a hand record in JSON, say)."""
    from bridgetools.formats._json_places import LineStarts, keyed_items
    from bridgetools.rules.variants import Rubber, VariantDeal

    data = _rubbers(text)
    if data is None:
        return None
    start = len(text) - len(text.lstrip())
    rubber_places = keyed_items(text, start, "rubbers")
    deals, problems, lines = 0, [], LineStarts(text)

    def problem(offset: int, where: str, message: str) -> None:
        line, column = lines.line_column(offset)
        problems.append(f"{source}:{line}:{column}: {where}: {message}")

    for r, rubber in enumerate(data["rubbers"]):
        at = rubber_places[r] if r < len(rubber_places) else start
        if not isinstance(rubber, dict) or not isinstance(rubber.get("deals"), list):
            problem(at, f"rubber {r + 1}", 'expected an object with a "deals" list')
            continue
        deal_places = keyed_items(text, at, "deals")
        booked: Rubber | None = None
        for d, item in enumerate(rubber["deals"]):
            where = f"rubber {r + 1}, deal {d + 1}"
            place = deal_places[d] if d < len(deal_places) else at
            try:
                deal = VariantDeal.from_json(item)
                if booked is None:
                    booked = Rubber(deal.rules.name, item["names"])
                booked.record(deal)
            except (BridgeError, KeyError, TypeError) as e:
                problem(place, where, str(e) if isinstance(e, BridgeError) else f"not a deal record ({e!r})")
                booked = None
                break
            deals += 1
            if deal.to_json() != item:
                problem(place, where, "the recorded contract, tricks or score is not what its play gives")
        if booked is not None and "sheet" in rubber \
                and _sheet_booked(booked, rubber["sheet"]) != rubber["sheet"]:
            problem(at, f"rubber {r + 1}", "the score sheet is not what its deals give")
    return deals, problems


def _sheet_booked(booked: Rubber, kept: Any) -> dict[str, Any]:
    """The sheet ``booked`` gives, as the record ``kept`` it: left there with Law 80's credits when the kept
    sheet says so (`VariantTable.to_json`), without the word when it does not say (kept before 2026-12-07)."""
    sheet = (booked.left_here() if isinstance(kept, dict) and kept.get("left_unfinished") else booked).sheet()
    if isinstance(kept, dict) and "left_unfinished" not in kept:
        del sheet["left_unfinished"]
    return sheet
