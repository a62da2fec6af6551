"""Python's cyclic garbage collector held off while many new objects are made that hold no cycles."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Hold off the cyclic collector for the block, and leave it as it was found. Making many objects
    (a deal's hands, a game's pieces, a session's rows) counts each towards a collection, and every
    collection goes over all objects alive: on a large heap that costs more than the work itself;
    reference counting still frees what is dropped."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
