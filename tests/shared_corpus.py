"""Where the project's corpus of real files is (``shared/corpus``: pbn/, lin/), for the tests and the
benchmark scripts alike: ``$BRIDGETOOLS_CORPUS`` when set, else the first of `CORPUS_PLACES` there. The
files are not in the repository: a test that needs one is skipped where it is not (`needs_corpus`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pytest

CORPUS_PLACES = (Path(__file__).resolve().parents[2] / "shared" / "corpus", Path("/work/shared/corpus"))
"""Where the corpus is looked for when ``$BRIDGETOOLS_CORPUS`` is not set, first found first: beside the
repository's checkout (where CI lays ``shared``), and the project's own place (a git worktree's parent
folder holds no ``shared``)."""
CORPUS = (Path(os.environ["BRIDGETOOLS_CORPUS"]) if os.environ.get("BRIDGETOOLS_CORPUS")
          else next((place for place in CORPUS_PLACES if place.is_dir()), CORPUS_PLACES[-1]))
"""The corpus of real files."""


def needs_corpus(*paths: Path) -> pytest.MarkDecorator:
    """A pytest mark that skips a test whose corpus files are not all there, naming the first missing."""
    import pytest

    missing = next((path for path in paths if not path.exists()), None)
    return pytest.mark.skipif(missing is not None, reason=f"{missing} is not there: the shared corpus "
                              "(shared/corpus beside the checkout, or $BRIDGETOOLS_CORPUS) is absent")
