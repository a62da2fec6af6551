"""``bridgetools deal --tournament``: the CLI side of tournament dealing (the library is
`bridgetools.dealer.tournament`): refuse anything that would choose the deals, deal, draw the hand record,
and say which files were written (no statistics)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from bridgetools._words import plural
from bridgetools.cli.common import tell, warnings_said_after

LAW_6 = ("a tournament set takes no condition, script, shorthand, seed, shard, dealer, vulnerability, "
         "rotation or format (Law 6: wholly random deals)")


def refuse_choices(given: Mapping[str, Any]) -> None:
    """A usage error naming, as the user types it (``--dealer``, ``the CONDITION argument``), the first of
    ``given`` (each value by its option) that would shape or fix the deals of a tournament set (given: not
    None, and not empty text; ``--dealer N``, ``--vul none`` and ``--seed 0`` are 0 but given)."""
    chosen = [name for name, value in given.items() if value is not None and value != ""]
    if chosen:
        raise click.UsageError(f"{LAW_6}; remove {chosen[0]}")


UNUSED = {"jobs": "--jobs (a set is dealt by key, not by testing deals: nothing to share among workers)",
          "suits": "--suits (a set writes no text diagrams: PBN, machine files and the hand record)"}
"""The options of `deal` a tournament set has no use for, and why: refused, not silently ignored."""


def refuse_unused(**given: bool) -> None:
    """A usage error naming the first option given that a tournament set would not use."""
    unused = [name for name, was_given in given.items() if was_given]
    if unused:
        raise click.UsageError(f"a tournament set takes no {UNUSED[unused[0]]}; remove it")


def tournament(output: str, count: int | None, key_file: str | None, first_board: int | None, quiet: bool,
               event: str | None = None) -> None:
    """Deal (or, with a key file, reproduce) a tournament set to OUTPUT.pbn, .dup, .dlm, .bri, .dge, the hand
    record (.pdf, or .html without the print extra), and OUTPUT.key (0600) for a new set; ``event`` names the
    boards' Event and heads the hand record (default: the key file's; else the boards carry `DEFAULT_EVENT`
    and the hand record is headed "Hand records", as docs/records.md says)."""
    from bridgetools._words import DEFAULT_TITLE
    from bridgetools.dealer.tournament import deal_tournament, sealed_line
    from bridgetools.records import Options, write_records
    from bridgetools.records.view import default_paper

    if output in ("-", ""):
        raise click.UsageError("--tournament writes several files: name their prefix with -o (-o session)")
    if key_file is None and count is None:
        raise click.UsageError("a tournament set needs a number of boards: give -n (-n 36)")
    prefix = output.removesuffix(".pbn")
    try:
        import reportlab  # noqa: F401

        record = f"{prefix}.pdf"
    except ImportError:
        record = f"{prefix}.html"
    with warnings_said_after(quiet):
        written = deal_tournament(prefix, count, key_file=key_file, first_board=first_board, event=event,
                                  beside=(Path(record),))
        sealed = sealed_line(written.commitment)
        options = Options(per_page=6, paper=default_paper(os.environ), title=written.event or DEFAULT_TITLE,
                          cover=sealed, dd=True)
        write_records(written.boards, record, options)
    if quiet:
        return
    names = ", ".join(str(p) for p in [*written.files, record])
    tell(f"{plural(len(written.boards), 'board')} -> {names}")
    tell(f"commitment: {written.commitment}")
    if key_file is None:
        tell(f"keep {prefix}.key apart (mode 0600): it reproduces the set for an appeal (--key)")
