"""``bridgetools rubber --variant NAME``: the score sheets of a variant's rubbers (two or three players) from
a score log, booked by the library's own `bridgetools.rules.variants.Rubber`."""

from __future__ import annotations

import json

from bridgetools._words import plural
from bridgetools.cli.common import say
from bridgetools.errors import BridgeError, ParseError
from bridgetools.rules.variants import Rubber, rules_of
from bridgetools.rules.variants.log import read_variant_rubbers
from bridgetools.rules.variants.scoring import UNFINISHED, logged_result


def variant_rubbers(text: str, source: str, name: str) -> list[Rubber]:
    """Every rubber of a variant's log, each deal scored at the vulnerability the rubber gives it; a deal
    after a rubber is over, or one its scoring refuses, is a `ParseError` naming its line."""
    rules = rules_of(name)
    if rules.scoring == "sholem":
        logged_result(rules, None, None, 0, ())  # says why the log cannot give its deals
    rubbers = []
    for players, deals in read_variant_rubbers(text.splitlines(), rules, source):
        rubber = Rubber(name, players)
        for number, deal in deals:
            if rubber.is_over:
                raise ParseError(f"the rubber was over after deal {len(rubber.results)}: start the next with "
                                 "a line `rubber` above this deal", source, number, 1)
            try:
                rubber.book(logged_result(rules, deal.contract, deal.declarer, deal.tricks, rubber.vulnerable,
                                          deal.honours))
            except BridgeError as e:
                raise ParseError(str(e), source, number, 1) from None
        rubbers.append(rubber)
    return rubbers


def recorded_rubbers(text: str, source: str, name: str | None) -> list[Rubber] | None:
    """The rubbers of a record `bridgetools play --variant NAME --record FILE.json` keeps, each booked again
    from its deals (only those of variant ``name`` when given), or None when ``text`` is no such record."""
    from bridgetools.formats.jsonfmt import json_value
    from bridgetools.rules.variants.record_shape import rubbers_of

    try:
        record = rubbers_of(json_value(text))
    except ValueError:
        return None
    if record is None:
        return None
    rubbers = []
    for n, item in enumerate(record["rubbers"], 1):
        if name is not None and isinstance(item, dict) and item.get("variant") != name:
            continue
        try:
            rubbers.append(Rubber.from_json(item))
        except BridgeError as e:
            raise BridgeError(f"{source}: rubber {n}: {e}") from None
    if not rubbers:
        raise BridgeError(f"{source}: no rubber of {rules_of(name).title if name else 'any variant'} "
                          "in the record")
    return rubbers


def score_variant_log(text: str, source: str, name: str | None, as_json: bool,
                      partscore: int | None = None) -> None:
    """Print the sheet of every rubber of a variant's log, or of a record of variant rubbers (JSON: each
    rubber's `Rubber.sheet`); a rubber the log or record leaves unfinished scores Law 80's credits, as a
    rubber of bridge does (``partscore``: the credit for the only partscore; None: the one a recorded
    rubber was left with, else the Law's 100)."""
    recorded = recorded_rubbers(text, source, name)
    read = recorded if recorded is not None else variant_rubbers(text, source, name or "")
    rubbers = [rubber.left_here(partscore) for rubber in read]
    if as_json:
        say(json.dumps({"rubbers": [rubber.sheet() for rubber in rubbers]}))
        return
    for n, rubber in enumerate(rubbers, 1):
        credited = rubber.rules.scoring in UNFINISHED
        state = "over" if rubber.is_over else \
            "unfinished (Law 80 credits included)" if credited else "unfinished"
        deals = plural(len(rubber.results), "deal")
        say(f"{n}. {rubber.rules.title}, {', '.join(rubber.player_names)}: {deals}, the rubber {state}\n"
            f"{rubber.text()}\n")
