"""Solved double-dummy tables kept by deal: on disk, so a growing archive is solved only once per deal, and
in memory for the recent deals of one run, so a match's two rooms of a board are solved once.

The disk cache is one SQLite file (the standard library's; safe for several processes), keyed by the
deal's 52 cards.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import TypeVar

from bridgetools.errors import BridgeError
from bridgetools.model import Deal, Seat
from bridgetools.model.results import DDTable

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class RecentTables(dict[K, V]):
    """The tables of the latest ``most`` deals put in, the oldest forgotten beyond them: the repeats of a
    deal (the rooms of a board) are that close in any file, so memory stays flat on an archive."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        if len(self) > self.most:
            del self[next(iter(self))]


def default_path() -> Path:
    """``$XDG_CACHE_HOME/bridgetools/dd-tables.sqlite`` (``~/.cache`` when the variable is unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "bridgetools" / "dd-tables.sqlite"


def deal_key(deal: Deal) -> bytes:
    """The deal as 4 x 7 bytes of hand masks: the same deal always gives the same key."""
    return b"".join(deal.hand(seat).mask.to_bytes(7, "little") for seat in Seat)


def refuse_a_foreign_cache(path: str | Path) -> None:
    """Raise when ``path`` holds something other than a table cache (a hand record, another program's
    database) named by mistake: said at once, before any file is read or solved, and the file is never
    written to. A missing or empty file is a new cache."""
    path = Path(path)
    if not path.is_file() or path.stat().st_size == 0:
        return
    try:
        names = _table_names(path, "ro")
    except sqlite3.DatabaseError as e:
        if e.sqlite_errorcode != sqlite3.SQLITE_READONLY_ROLLBACK:
            raise _not_a_cache(path, str(e)) from None
        try:  # a run stopped while writing left its journal: SQLite's own recovery (read-write) rolls it back
            names = _table_names(path, "rw")
        except sqlite3.DatabaseError as again:
            raise _not_a_cache(path, str(again)) from None
    if names and "tables" not in names:
        raise _not_a_cache(path, f"a database of other tables: {', '.join(names)}")


def _table_names(path: Path, mode: str) -> list[str]:
    """The tables of the SQLite database at ``path``, opened in ``mode`` and never created, ours checked
    for its columns where it is there; raises `sqlite3.DatabaseError` for a file that is no database."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True, timeout=60)
    try:
        names = sorted(row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
        if "tables" in names:
            db.execute("SELECT deal, tricks FROM tables LIMIT 0")
        return names
    finally:
        db.close()


def _not_a_cache(path: Path, why: str) -> BridgeError:
    """The one line for a cache option naming a file that is no table cache."""
    return BridgeError(f"{path}: not a double-dummy table cache ({why}); name a new file or one a cache "
                       "was kept in")


class TableCache:
    """Tables by deal in one SQLite file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        refuse_a_foreign_cache(self.path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=60)
        try:
            self._db.execute("CREATE TABLE IF NOT EXISTS tables "
                             "(deal BLOB PRIMARY KEY, tricks BLOB NOT NULL)")
            self._db.execute("SELECT deal, tricks FROM tables LIMIT 0")
        except sqlite3.DatabaseError as e:  # spoilt since it was looked at: said as a foreign file is
            self._db.close()
            raise _not_a_cache(self.path, str(e)) from None

    @classmethod
    def open(cls, cache: TableCache | str | Path | None) -> TableCache | None:
        """A cache from a path (or the one given); None for none."""
        if cache is None or isinstance(cache, TableCache):
            return cache
        return cls(cache)

    def get_many(self, deals: Sequence[Deal]) -> list[DDTable | None]:
        """The cached table of each deal, None where it was never solved."""
        keys = [deal_key(d) for d in deals]
        found: dict[bytes, bytes] = {}
        for start in range(0, len(keys), 500):
            part = keys[start:start + 500]
            rows = self._db.execute(
                f"SELECT deal, tricks FROM tables WHERE deal IN ({','.join('?' * len(part))})", part)
            found.update(rows.fetchall())
        return [DDTable(tuple(found[k])) if k in found else None for k in keys]

    def put_many(self, deals: Sequence[Deal], tables: Sequence[DDTable]) -> None:
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO tables VALUES (?, ?)",
                                 [(deal_key(d), bytes(t or 0 for t in table.tricks))
                                  for d, table in zip(deals, tables, strict=True)])

    def __len__(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])

    def close(self) -> None:
        self._db.close()
