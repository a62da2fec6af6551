"""The ``bridgetools`` command: one click group; each command lives in its own module, loaded lazily.

Exit codes: 0 success (warnings go to stderr), 1 bad input or a runtime error, 2 a usage error.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys

import click

from bridgetools import __version__

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}

# command name -> "module:attribute"; modules are imported only when the command runs.
COMMANDS = {
    "deal": ("bridgetools.cli.deal:deal", "Deal practice boards by shape and HCP (dealer language)."),
    "convert": ("bridgetools.cli.convert:convert", "Convert hand records between PBN, LIN, JSON and text."),
    "validate": ("bridgetools.cli.convert:validate", "Check hand records and list every problem found."),
    "show": ("bridgetools.cli.show:show", "Show a deal or the boards of a file as diagrams."),
    "score": ("bridgetools.cli.score:score", "Score contracts (duplicate, Law 77) with a breakdown."),
    "rubber": ("bridgetools.cli.score:rubber", "Score a rubber from a plain text log."),
    "export": ("bridgetools.cli.analysis:export", "Export hand records to Parquet."),
    "analyze": ("bridgetools.cli.analysis:analyze", "Summarise results over many boards."),
    "autoplay": ("bridgetools.cli.autoplay:autoplay", "Bid and play every board with four computer players."),
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(n for n in COMMANDS if self._available(n))

    @staticmethod
    def _available(name: str) -> bool:
        module = COMMANDS[name][0].split(":")[0]
        return importlib.util.find_spec(module) is not None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS or not self._available(cmd_name):
            return None
        module, attr = COMMANDS[cmd_name][0].split(":")
        return getattr(importlib.import_module(module), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(n, COMMANDS[n][1]) for n in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(__version__, prog_name="bridgetools")
def cli() -> None:
    """bridgetools: deal practice boards, convert hand records, score and analyse results.

    \b
    Examples:
      bridgetools deal -n 8 --seed 7 'hcp(north) >= 15 && hcp(north) <= 17'
      bridgetools score 4SX 8 --vul
      bridgetools convert game.lin -o game.pbn
    """


def main() -> None:
    """Entry point of the console script: no traceback for bad input, exit 1 instead."""
    try:
        cli.main(prog_name="bridgetools")
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        sys.exit(130)
