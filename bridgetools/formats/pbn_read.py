"""Interpreting one PBN game: tags, inheritance, the auction, the play and tables, into a `Board`.

A game arrives as the grammar's items in file order (`bridgetools.formats.pbn` cuts and parses it);
it is interpreted only once all of it has been read, because tag order is free. Problems become
issues on the board (or `ParseError` when strict). What the model does not hold goes to
``board.extra["pbn"]`` for the writer.
"""

from __future__ import annotations

import functools
import itertools
import operator
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from bridgetools._lazy import lazy_compile
from bridgetools.board import Board, Table
from bridgetools.errors import BridgeError, value_column
from bridgetools.formats._cards import CARDS_BY_TEXT
from bridgetools.formats._deal_checks import (
    HAND_READ_AS_UNKNOWN,
    BoardsSeen,
    deal_read_at,
    disagreement_kind,
    disagreements,
    malformed,
    refusal_kind,
    uneven_hands,
)
from bridgetools.formats._kept_tags import UNALERTED_TAG
from bridgetools.formats._law77 import same_play, score_disagrees
from bridgetools.formats._nags import CARD_NAG_OFFSET
from bridgetools.formats._problems import (
    Reporter,
    read_as_unknown,
    tricks_read_as_unknown,
    unknown_tricks_unless_given,
    unknown_unless_given,
)
from bridgetools.formats._quiz import is_quiz_turn
from bridgetools.formats._results_tables import read_recorded, row_fits, unread_par_contracts
from bridgetools.formats._score_table import score_table_problems
from bridgetools.formats.pbn_checks import (
    TAG_RULES,
    column_problems,
    deal_problems,
    note_problems,
    result_problems,
    tag_problems,
)
from bridgetools.formats.pbn_record import ALERT_NAG, LAW_2_TAGS, PbnRecord, comment_text, pbn_place
from bridgetools.formats.pbn_sections import (
    Body,
    Marked,
    Part,
    cell_places,
    plain_words,
    split_body,
    table_rows,
)
from bridgetools.formats.pbn_values import (
    ALERTS_MARK,
    CALLS_ALERTS_MARKS,
    CALLS_BY_TEXT,
    MANDATORY_TAGS,
    PLAYER_TAGS,
    SEAT_BY_TEXT,
    call_of,
    deal_as_written,
    deal_read,
    note_text,
    note_value,
)
from bridgetools.model import (
    PASS,
    Annotation,
    Call,
    Card,
    Contract,
    Deal,
    Seat,
    Vul,
)
from bridgetools.rules import Auction, Play

T = TypeVar("T")
X = TypeVar("X")

_MANDATORY = frozenset(MANDATORY_TAGS)

NO_INHERITANCE = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
"""Tags that may not take ``#`` or ``##`` (§4.8)."""


_CREATOR = lazy_compile(r"%\s*Creator:\s*(.*)", re.I)


class AlertsHeading(NamedTuple):
    """How the program that wrote a file marked alerts, as its ``%Creator`` line tells (`alerts_heading`)."""

    notes_alert: bool = False
    """Every note is an alert: an earlier bridgetools wrote the heading with no mark (`ALERTS_MARK`)."""
    card_notes_alert: bool = False
    """A card's empty Note is its alert, unexplained: any earlier bridgetools (`CALLS_ALERTS_MARKS`)."""


NOTES_EXPLAIN = AlertsHeading()
"""PBN's notes: a note is an explanation alone (another program's file, or this bridgetools')."""


def alerts_heading(escapes: Iterable[str]) -> AlertsHeading | None:
    """How the file heading among ``escapes`` (a game's ``%`` lines) marks alerts: an earlier bridgetools'
    (`ALERTS_MARK`) otherwise than PBN's notes, another program's or this one's as the notes; None when they
    hold no ``%Creator`` line."""
    for line in escapes:
        creator = _CREATOR.match(line.strip())
        if creator is not None:
            text = creator.group(1)
            words = text.split()
            if not words or words[0].lower() != "bridgetools" or ALERTS_MARK in text:
                return NOTES_EXPLAIN
            return AlertsHeading(not any(mark in text for mark in CALLS_ALERTS_MARKS), True)
    return None


SHARED_DEAL_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Stage",
    "Round",
    "Section",
    "HomeTeam",
    "VisitTeam",
    "Competition",
)
"""Tags a shared-deal file (open and closed room of one board) leaves out of its later games."""

_RESULT_TAGS = ("Auction", "Play", "Declarer", "Contract", "Result")
"""Tags of how a deal was played: a game giving only these (a passed-out closed room: Declarer "",
Contract "Pass", Result "") in a shared-deal file plays the deal of the game before."""

_VUL_SPELLINGS = frozenset({"None", "Love", "-", "NS", "EW", "All", "Both"})
_READ_AS_UNKNOWN = read_as_unknown("('?')")
"""What an unreadable Dealer or Vulnerable is read as: the file gave one, so Law 2 does not give it."""
_TRICKS_READ_AS_UNKNOWN = tricks_read_as_unknown("('?')")
"""What an unreadable Result is read as: the file gave one, so the play's tricks are not it."""
_SECTION_TAGS = frozenset({"Auction", "Play"})
_LONE_RESULTS = ("ScoreTable", "TotalScoreTable")
"""The tables of other tables' results, which say nothing in a game with no board (`_check_lone_results`)."""
_TAGS_BY_LOWER = {name.lower(): name for name in (
    *MANDATORY_TAGS, *SHARED_DEAL_TAGS, *_SECTION_TAGS, "Note", "Room", "Score", "Hidden", "Annotator",
    "Description", "Generator", "Termination", "Time", "Application", "BidSystemEW", "BidSystemNS",
    "Frequency", "Mode", "ScoreIMP", "ScoreMP", "ScoreTable", "TotalScoreTable", "OptimumScore",
    "OptimumResultTable", "DoubleDummyTricks", "AuctionTimeTable", "PlayTimeTable", "ActionTable")}
"""The tags of PBN 2.1 by their names in lower case: a tag typed in another case (``board``, ``BOARD``) is
read as the one it names, with a problem (`GameReader._tag_miswritten`)."""
_TAGS = frozenset(_TAGS_BY_LOWER.values())
Spot = tuple[int, int]
"""Where a thing stands in the file: its line and column."""


@dataclass(slots=True)
class Item:
    """One element of a game as the grammar found it."""

    kind: str
    """``tag``, ``text`` (section tokens), ``string``, ``comment`` or ``escape``."""
    value: str
    line: int
    column: int
    name: str = ""
    """The tag name, for tags."""
    value_column: int = 0
    """The column of a tag value's first character, inside the quotes (0 when not known)."""

    @property
    def value_at(self) -> int:
        """Where a problem with the whole value is told: its first non-blank character inside the quotes
        (``[Board "3-1"]`` at the ``3``), or the tag's column when that is not known."""
        return value_column(self.value_column, self.value, BridgeError())[0] if self.value_column \
            else self.column


@dataclass(slots=True)
class Inheritance:
    """What earlier games hand down (§4.8): the last real value of each tag, ``##`` values that
    later games take without repeating the tag, and the previous game's tags (shared deals)."""

    last: dict[str, str] = field(default_factory=dict)
    sticky: dict[str, str] = field(default_factory=dict)
    previous: dict[str, str] = field(default_factory=dict)
    alerts: AlertsHeading = NOTES_EXPLAIN
    """How the file heading marks alerts (`alerts_heading`): an earlier bridgetools' notes may be alerts."""


def inherit(
    state: Inheritance, raw: list[tuple[str, str]], carry_deal: bool
) -> tuple[dict[str, str], list[str], bool]:
    """One game's tag values after inheritance (§4.8), updating ``state`` for the games after it.

    ``raw`` is the game's (name, value) tags as written, first of each name only. Returns the
    values by name (those inherited without being written come last), the tags that used ``#``
    where it is not allowed, and whether the deal tags were carried from the game before.
    """
    values: dict[str, str] = {}
    misused: list[str] = []
    sticky = state.sticky
    for name, value in raw:
        if value.startswith("#"):
            if name in NO_INHERITANCE:
                misused.append(name)
                value = state.last.get(name, "")
            elif value.startswith("##"):
                value = value[2:]
                state.sticky[name] = value
            else:
                value = state.last.get(name, "")
        elif sticky:
            sticky.pop(name, None)
        values[name] = value
    for name, value in state.sticky.items():
        values.setdefault(name, value)
    carried = (
        carry_deal
        and "Deal" not in values
        and "Deal" in state.previous
        and "Dealer" not in values
        and "Board" not in values
        and any(name in values for name in _RESULT_TAGS)
    )
    if carried:
        for name in SHARED_DEAL_TAGS:
            if name not in values and name in state.previous:
                values[name] = state.previous[name]
    written = values.values()
    if "" in written or "?" in written:
        for name, value in values.items():
            if value not in ("", "?"):
                state.last[name] = value
    else:  # every value known, as in nearly every game
        state.last.update(values)
    state.previous = dict(values)
    return values, misused, bool(carried)


@dataclass(slots=True)
class Game:
    """A game read but not yet turned into a `Board`: its tags and sections in file order."""

    tags: list[Item] = field(default_factory=list)
    sections: dict[str, list[Item]] = field(default_factory=dict)
    notes: list[tuple[str, Item]] = field(default_factory=list)
    """(``auction`` or ``play``, the Note tag) in file order."""
    comments: list[tuple[Any, str, Spot]] = field(default_factory=list)
    """(what it follows, the comment, where it stands in the file) for the comments between tags."""
    escapes: list[str] = field(default_factory=list)


class GameReader(Reporter):
    """Turns games into boards, recording problems as issues (or raising the first, when strict)."""

    def __init__(self, source: str, strict: bool, carry_deal: bool) -> None:
        super().__init__(source, strict)
        self.carry_deal = carry_deal
        self.inherit = Inheritance()
        self.referenced: dict[str, set[int]] = {}
        self.cells: dict[str, list[tuple[str, str, int, int]]] = {}
        """Each of the board's tables' section pieces, by table name: `cell_places` finds a cell's place
        from them when a problem names one."""
        self.spelling_noted = False
        self.quiz_noted = False
        """Whether a bidding quiz's blank has been noted: once a file (`is_quiz_turn`)."""
        self.unalerted: frozenset[int] | None = None
        self.seen: BoardsSeen | None = BoardsSeen()
        """The board numbers' deals so far, or None where the caller checks them across the whole file
        (a chunk read in a worker process): then `named_at` keeps where each board's number was read."""
        self.named_at: list[tuple[int | None, int | None]] = []

    # Grouping ---------------------------------------------------------------------------
    def group(self, items: list[Item]) -> Game:
        """Tags, the section after each tag, notes and comments with what they belong to."""
        game = Game()
        current: Item | None = None  # the tag whose section the text belongs to
        note_home = "auction"
        seen: set[str] = set()
        tags = game.tags
        for item in items:
            if item.kind == "tag":
                name = item.name
                if name not in _TAGS and (not name[:1].isupper() or name.lower() in _TAGS_BY_LOWER):
                    name = item.name = self._tag_miswritten(item, items)
                if name not in seen and name != "Note" and "\t" not in item.value:
                    seen.add(name)  # a tag's first value, as `_group_tag` takes it
                    tags.append(item)
                    current = item
                else:
                    current = self._group_tag(game, item, seen, note_home)
                if name in _SECTION_TAGS and current is not None:
                    note_home = "play" if item.name == "Play" else "auction"
            elif item.kind == "escape":
                game.escapes.append(item.value)
            elif item.kind == "comment":
                self._group_comment(game, current, item)
            else:  # section text or a string
                self._group_text(game, current, item)
        return game

    def _tag_miswritten(self, item: Item, items: list[Item]) -> str:
        """A tag name that does not start with a capital letter, or a PBN tag's name in another case (§3.3),
        told at the tag: read as the tag it names (``board`` or ``BOARD`` as ``Board``), so that a
        hand-typed file is not read as no board, unless the game also has that tag as PBN writes it (then
        the two are kept apart: the miswritten one as written, the tag's value not replaced)."""
        known = _TAGS_BY_LOWER.get(item.name.lower())
        rule = ("tag names start with a capital letter" if not item.name[:1].isupper()
                else "tag names are written as PBN spells them")
        if known is not None and any(other.kind == "tag" and other.name == known for other in items):
            read_as, known = f"kept as written: the game has {known} too", None
        else:
            read_as = f"read as {known}" if known is not None else "kept as written"
        self.problem(f"{rule} (§3.3): {item.name!r} {read_as}", item.line, item.column)
        return known if known is not None else item.name

    def _group_tag(self, game: Game, item: Item, seen: set[str], note_home: str) -> Item | None:
        """A tag into the game; the tag that text after it belongs to (None for a second value)."""
        if "\t" in item.value:
            self.problem(f"tag {item.name}: a tab in a string (read as a space)", item.line, item.column)
            item.value = item.value.replace("\t", " ")
        if item.name == "Note":
            game.notes.append((note_home, item))
            return item
        if item.name in seen:
            self.problem(f"tag {item.name} given twice: the first value is kept", item.line, item.column)
            return None
        seen.add(item.name)
        game.tags.append(item)
        return item

    @staticmethod
    def _group_comment(game: Game, current: Item | None, item: Item) -> None:
        """A comment with what it follows: the game, a tag, a note, or a section's calls or cards."""
        if current is None:
            anchor: Any = ("game",)
        elif current.name == "Note":
            anchor = ("note", game.notes[-1][0], current.value.partition(":")[0].strip())
        elif current.name in game.sections:
            game.sections[current.name].append(item)
            return
        else:
            anchor = ("tag", current.name)
        game.comments.append((anchor, item.value, (item.line, item.column)))

    def _group_text(self, game: Game, current: Item | None, item: Item) -> None:
        """Section text or a string: the section of the tag before it, else skipped with an issue."""
        if current is None or current.name == "Note":
            where = "before the first tag" if current is None else "after a Note tag"
            if _DEALER_STATISTICS.fullmatch(" ".join(item.value.split())):  # dealer's, between its runs
                self.problem(f"dealer's run statistics {_shorten(item.value)!r} {where}: skipped", item.line,
                             item.column)
                return
            self.problem(f"text {_shorten(item.value)!r} {where} is not PBN: skipped", item.line, item.column,
                         syntax=True)
            return
        game.sections.setdefault(current.name, []).append(item)

    def _text_skipped(self, name: str, items: list[Item]) -> None:
        """Text after tag ``name``, which takes none: not PBN (a problem of syntax), unless it is the run
        statistics Debian's dealer prints after its deals (a report, said but no bad text)."""
        first = items[0]
        text = " ".join(" ".join(item.value for item in items if item.kind == "text").split())
        if _DEALER_STATISTICS.fullmatch(text):
            self.problem(f"dealer's run statistics {_shorten(text)!r} after tag {name}: skipped",
                         first.line, first.column)
            return
        self.problem(f"text {_shorten(first.value)!r} after tag {name} is not PBN: skipped", first.line,
                     first.column, syntax=True)

    # Inheritance -------------------------------------------------------------------------
    def resolve(self, game: Game) -> dict[str, Item]:
        """Tag values after ``#``/``##`` inheritance and shared-deal carrying, by name."""
        values, misused, carried = inherit(
            self.inherit, [(i.name, i.value) for i in game.tags], self.carry_deal
        )
        given = {item.name: item for item in game.tags}
        for name in misused:
            item = given[name]
            self.problem(
                f"tag {name} may not inherit a value with {item.value!r} (§4.8)", item.line, item.column
            )
        if carried:
            first = game.tags[0] if game.tags else None  # the game's first tag, where the note is told
            self.problem(
                "no Deal tag: the deal and board tags of the game before are used "
                "(a shared-deal file, not standard PBN)",
                first.line if first else None,
                first.column if first else None,
                level="info",
            )
        tags: dict[str, Item] = {}
        for name, value in values.items():
            tagged = given.get(name)
            if tagged is not None and tagged.value == value:
                tags[name] = tagged  # as written: the game's own item serves
                continue
            line, column = (tagged.line, tagged.column) if tagged is not None else (0, 0)
            tags[name] = Item("tag", value, line, column, name)
        return tags

    # The board -----------------------------------------------------------------------------
    def no_tag(self, items: list[Item]) -> Board:
        """The board of a file with no tag pair at all (words, a Dealer command line, commentary alone, or
        nothing): its one problem, at its first text, saying what a PBN file holds."""
        first = next((item for item in items if item.value.strip()), None)
        at = first or (items[0] if items else None)
        found = "nothing: the input is empty" if at is None else \
            f"{_shorten(at.value)!r}" if at.kind == "text" else "commentary and % lines alone"
        self.problem('no PBN tag pair: expected tags such as [Board "1"] and [Deal "N:AKQ2.KJ3..."], '
                     f"found {found}", at.line if at else 1, at.column if at else 1, syntax=True)
        if self.seen is None:
            self.named_at.append((None, None))
        board = Board()
        board.issues, self.issues = self.issues, []
        return board

    def board(self, game: Game) -> Board:
        tags = self.resolve(game)
        self.referenced = {}
        self.cells = {}
        self.spelling_noted = False
        self._check_tags(tags)
        board = Board()
        raw = {name: tags[name].value for name in MANDATORY_TAGS if name in tags}
        record: dict[str, Any] = {"raw": raw}
        self._mandatory(board, tags, raw, record)
        self._other_tags(board, game, tags)
        auction_notes, play_notes = self.notes(game, record)
        board.notes = auction_notes
        self.unalerted = self.unalerted_notes(board, tags.get(UNALERTED_TAG), game.escapes)
        self._auction_result_and_play(board, tags, game, play_notes, record)
        for name in tags:
            if name in game.sections and name not in board.tables and name not in _SECTION_TAGS:
                self._text_skipped(name, game.sections[name])
        with self.reading("result"):  # the Contract, Declarer, Result, Score given, against calls and cards
            self.check(board, record, tags)
        self.check_notes(board.notes, record.get("play_notes", {}), game)
        comments = _in_file_order(game, record.pop("section_comments", []))
        _in_play_order(board, comments)
        if comments:
            record["comments"] = comments
            board.commentary = [comment_text(text) for _, text in comments]
        if game.escapes:
            record["escapes"] = game.escapes
        # The writer needs a mandatory tag's raw value only where the model holds none (or a hand's).
        record["raw"] = {name: v for name, v in raw.items() if _MODEL_VALUE[name](board) is None
                         or (name == "Deal" and deal_as_written(v, board.deal))}
        kept = PbnRecord.from_extra(record, board)
        if kept.keeps_nothing:
            kept = PbnRecord.nothing()  # one for all such boards (most): the export knows it at once
        # Nothing kept on nothing else (a file cut inside a tag) is no record; asked before storing: the
        # key keeps its place.
        if kept is not PbnRecord.nothing() or not board.is_empty:
            board.extra["pbn"] = kept
        if board.tags or board.tables:  # else nothing to read: a new board's recorded values are None
            read_recorded(board)
            self._check_par_contract(tags.get("ParContract"))
        self._tell_another_deal(board, tags.get("Board") or tags.get("Deal"))
        board.issues = self.issues
        self.issues = []
        return board

    def _check_lone_results(self, tags: dict[str, Item]) -> None:
        """Say a results table in a game with neither a Board nor a Deal tag (a ScoreTable after a blank
        line): the blank line ends the game before (PBN 2.1 §3.1: each game after the first begins with
        one), so the rows are no board's results, which every command would pass over without a word."""
        if "Board" in tags or "Deal" in tags:
            return
        for name in (name for name in _LONE_RESULTS if name in tags):
            self.problem(f"{name} in a game with no Board or Deal tag: its rows are no board's results (a "
                         "blank line before it ends the game above, PBN 2.1 §3.1: remove it to make them "
                         "that board's); kept as a game of its own", tags[name].line, tags[name].column)

    def _tell_another_deal(self, board: Board, item: Item | None) -> None:
        """Tell a board whose number came earlier in the file with another deal (`BoardsSeen`), at its
        Board tag; a tag this game did not write (carried from the game before, or ``##``: line 0) is at
        no place of its own."""
        line, column = (item.line, item.column) if item is not None and item.line else (None, None)
        if self.seen is None:
            self.named_at.append((line, column))
            return
        self.seen.check(board, line, column, self)

    def _check_par_contract(self, item: Item | None) -> None:
        """Tell the parts of a ``ParContract`` tag that are no par contract (the tag is kept as written)."""
        unread = [] if item is None else unread_par_contracts(item.value)
        if item is not None and unread:
            part = "" if unread[0] == item.value.strip() else f": {unread[0]!r}"
            self.problem(f"ParContract {item.value!r}{part} is no par contract (expected such as "
                         "'NS 4S', 'EW 3SX-2', '4S N', '4SN=' or 'Pass'); the par is read without it",
                         item.line, item.column, syntax=True)

    def _auction_result_and_play(self, board: Board, tags: dict[str, Item], game: Game,
                                 play_notes: dict[int, str], record: dict[str, Any]) -> None:
        """The Auction, then the Result (which "NS 9" reads with the auction's declarer), then the Play
        (which a Result ends by a claim); a problem found in each is about that part of the board."""
        if "Auction" in tags:
            with self.reading("auction"):
                self.auction(board, tags["Auction"], game.sections.get("Auction", []), record)
        with self.reading("result"):
            board.tricks, unread = self.result(tags.get("Result"), board, record)
        if "Play" in tags:
            with self.reading("play"):
                self.play(board, tags["Play"], game.sections.get("Play", []), play_notes, record)
        elif play_notes:
            record["play_notes"] = play_notes
        if unread:
            unknown_tricks_unless_given(board)

    def _check_tags(self, tags: dict[str, Item]) -> None:
        """The rules of the tag values written in this game (inherited values were checked where
        written) that have a rule or a character that may be a control character, and a results table
        with no board (`_check_lone_results`)."""
        for item in tags.values():
            if item.line and (item.name in TAG_RULES or not item.value.isprintable()):
                for message in tag_problems(item.name, item.value):
                    self.problem(message, item.line, item.value_at)
        self._check_lone_results(tags)

    def _mandatory(
        self, board: Board, tags: dict[str, Item], raw: dict[str, str], record: dict[str, Any]
    ) -> None:
        """The board's facts from the mandatory tags (§3.1) and the players; ``raw`` holds the values
        of those given (by name, as ``tags`` does)."""
        value = raw.get
        board.event = _known(value("Event"))
        board.site = _known(value("Site"))
        board.date = _known(value("Date"))
        board.scoring = _known(value("Scoring"))
        for name, seat in PLAYER_TAGS.items():
            player = value(name)
            if player is not None and player != "?":
                board.players[seat] = player
        number = value("Board")
        if number is not None and number.strip().isdecimal() and int(number) >= 1:
            board.number = int(number)
        board.dealer = self.seat(tags.get("Dealer"), _READ_AS_UNKNOWN)
        board.vulnerability = self.vulnerability(tags.get("Vulnerable"))
        # unknown (or unreadable: read as unknown) stays unknown; a missing tag follows Law 2; with both
        # given (most boards), none is unknown
        if board.given("dealer") is None or board.given("vulnerability") is None:
            written = (name for tag, name in LAW_2_TAGS.items() if (value(tag) or "").strip())
            unknown_unless_given(board, written)
        deal_tag = tags.get("Deal")
        board.deal = self.deal(deal_tag)
        if deal_tag is not None and (board.deal is None or not board.deal.is_complete):
            at = (deal_tag.line, deal_tag.value_at)  # a hand left out or not read: where to mend it
            deal_read_at(board, self.source, lambda: at)
        declarer = tags.get("Declarer")
        if declarer is not None and declarer.value.startswith("^"):
            record["declarer_irregular"] = True
            declarer = Item("tag", declarer.value[1:], declarer.line, declarer.column, "Declarer",
                            declarer.value_column + 1 if declarer.value_column else 0)
        board.declarer = self.seat(declarer)
        board.contract = self.contract(tags.get("Contract"))
        given = tags.get("Declarer")
        if given is not None and board.declarer is not None and board.is_passed_out:
            # a passed-out board's Declarer is "" (the Mandatory Tag Set); the declarer is kept as given
            self.problem(f"Declarer {given.value!r} for a board passed out", given.line, given.value_at)

    def _other_tags(self, board: Board, game: Game, tags: dict[str, Item]) -> None:
        """The supplemental tags: tables (a tag with rows after it) and plain tags, those given in
        ``##`` values of earlier games too, and the room."""
        for item in game.tags:
            name = item.name
            if name in _MANDATORY or name in _SECTION_TAGS:
                continue
            resolved = tags[name].value
            body = game.sections.get(name)
            if body is not None or _is_table(name):
                board.tables[name] = self.table(tags[name], body or [], game)
                continue
            board.tags[name] = resolved
        for name, item in tags.items():  # ## values from earlier games
            if item.line == 0 and name not in _MANDATORY and name not in board.tags:
                board.tags[name] = item.value
        room = board.tags.get("Room", "").strip().lower()
        if room in ("open", "closed"):
            board.room = room

    def interpret(
        self, item: Item | None, parse: Callable[[str], T], expected: str, read_as: str = ""
    ) -> T | None:
        """A tag's value read by ``parse``; None when missing, unknown (``?``), empty or unreadable
        (an issue then says what was ``expected``, and what the value is ``read_as``)."""
        if item is None or item.value.strip() in ("", "?"):
            return None
        try:
            return parse(item.value)
        except BridgeError as e:
            column = value_column(item.value_column, item.value, e)[0] if item.value_column else item.column
            self.problem(f"{item.name} {item.value!r}: expected {expected}{read_as}", item.line, column,
                         syntax=True)
            return None

    def seat(self, item: Item | None, read_as: str = "") -> Seat | None:
        if item is not None and item.value in SEAT_BY_TEXT:
            return SEAT_BY_TEXT[item.value]
        return self.interpret(item, Seat.parse, "N, E, S or W", read_as)

    def vulnerability(self, item: Item | None) -> Vul | None:
        vulnerability = self.interpret(item, _cached(Vul.parse), "None, NS, EW or All", _READ_AS_UNKNOWN)
        if vulnerability is not None and item is not None and item.value.strip() not in _VUL_SPELLINGS:
            message = f"Vulnerable {item.value!r} is not a PBN spelling (read as {vulnerability.pbn})"
            self.problem(message, item.line, item.value_at)
        return vulnerability

    def deal(self, item: Item | None) -> Deal | None:
        if item is None or item.value.strip() in ("", "?"):
            return None
        try:
            deal, bad = deal_read(item.value)
        except BridgeError as e:
            self.deal_problem(item, e)
            return None
        for error in bad:  # the Deal kept as written (`deal_as_written`), so PBN -> PBN gives it back
            self.deal_problem(item, error, HAND_READ_AS_UNKNOWN)
        messages, uneven = _deal_notes(item.value)
        for message in messages:
            self.problem(message, item.line, item.value_at)
        if uneven is not None:
            self.problem(uneven[0], item.line, item.value_at, level=uneven[1])
        return deal

    def deal_problem(self, item: Item, error: BridgeError, read_as: str = "") -> None:
        """A Deal's ``error``, at the character it points at; ``read_as`` says what was kept (a deal
        not read at all leaves nothing)."""
        column, message = value_column(item.value_column, item.value, error) if item.value_column \
            else (item.column, str(error))
        self.problem(message + read_as, item.line, column, unread="deal", kind=refusal_kind(error),
                     syntax=malformed(error))

    def contract(self, item: Item | None) -> Contract | None:
        if item is not None and item.value.strip().upper() in _STRAINS_ALONE:
            return None  # an end position (§3.10) gives only the strain: kept as written
        return self.interpret(item, _cached(Contract.from_str), "a contract such as 4SX, 3NT or Pass")

    def result(self, item: Item | None, board: Board, record: dict[str, Any]) -> tuple[int | None, bool]:
        """The Result tag's tricks for declarer, and whether it gives a value that cannot be read (a problem
        at the value, the tricks then unknown, not the play's: `unknown_tricks_unless_given`)."""
        if item is None or item.value.strip() in ("", "?"):
            return None, False
        text = item.value.strip()
        at = item.value_at
        for message in result_problems(text):
            self.problem(message, item.line, at)
        if board.is_passed_out or (board.declarer is None and record["raw"].get("Declarer") == ""):
            why = "passed out" if board.is_passed_out else "with no declarer"  # a declarer may be given
            self.problem(f"Result {item.value!r} for a board {why}", item.line, at)
        if text.startswith("^"):
            record["result_irregular"] = True
            text = text[1:]
        if text.isdecimal() and int(text) <= 13:
            return int(text), False
        m = re.fullmatch(r"(NS|EW)\s+(\d+)(?:\s+(NS|EW)\s+(\d+))?", text.upper())
        if m and board.declarer is not None:
            by_side = {m.group(1): int(m.group(2))}
            if m.group(3):
                by_side[m.group(3)] = int(m.group(4))
            side = board.declarer.side
            if side in by_side:
                return by_side[side], False
            other = "EW" if side == "NS" else "NS"
            return 13 - by_side[other], False
        if m:
            record["result_sides"] = text
            return None, False
        self.problem(f"Result {item.value!r} is not a number of tricks (0 to 13, or NS 9 EW 4)"
                     f"{_TRICKS_READ_AS_UNKNOWN}", item.line, at, syntax=True)
        return None, True

    def notes(self, game: Game, record: dict[str, Any]) -> tuple[dict[int, str], dict[int, str]]:
        """Note tags (``n:text``) of the auction and of the play: numbering is per section. A Note the
        writer would spell otherwise (``1: text``) is kept as written in ``record["note_values"]``."""
        found: dict[str, dict[int, str]] = {"auction": {}, "play": {}}
        for home, item in game.notes:
            number, sep, text = item.value.partition(":")
            if not sep or not number.strip().isdecimal():
                self.problem(
                    f"Note {item.value!r} does not start with a number and a colon", item.line, item.column,
                    syntax=True,
                )
                continue
            if int(number) in found[home]:
                self.problem(f"Note {int(number)} of the {home} is given twice: the second, "
                             f"{note_text(text)!r}, is left out", item.line, item.column)
                continue
            found[home][int(number)] = note_text(text)
            if item.value != note_value(int(number), note_text(text)):
                record.setdefault("note_values", {})[f"{home} {int(number)}"] = item.value
        return found["auction"], found["play"]

    def unalerted_notes(
        self, board: Board, item: Item | None, escapes: Iterable[str]
    ) -> frozenset[int] | None:
        """The auction notes of calls explained without an alert (the ``Unalerted`` tag of a file earlier
        bridgetools wrote, read here and not kept as a tag: the writer marks alerts by `ALERT_NAG`): none
        in a file earlier bridgetools wrote without the tag (every note an alert, `ALERTS_MARK`); None
        in any other file without the tag."""
        heading = alerts_heading(escapes)
        if heading is not None:
            self.inherit.alerts = heading
        if item is None:
            return frozenset() if self.inherit.alerts.notes_alert else None
        board.tags.pop(UNALERTED_TAG, None)
        numbers = item.value.replace(",", " ").split()
        if not all(n.isdecimal() for n in numbers):
            self.problem(f"{UNALERTED_TAG} {item.value!r} is not a list of note numbers", item.line,
                         item.column, about="auction", syntax=True)  # the auction's notes: go with the calls
            return None
        return frozenset(int(n) for n in numbers)

    def table(self, item: Item, body: list[Item], game: Game) -> Table:
        spec = item.value
        columns = [c.strip() for c in spec.split(";")] if ";" in spec else spec.split()
        columns = [c for c in columns if c] or [spec]
        parts = [(i.kind, i.value, i.line, i.column) for i in body]
        for message in column_problems(item.name, columns):
            self.problem(message, item.line, item.column)
        unread = ("it is no result (kept as written, left out of the analysis)" if item.name == "ScoreTable"
                  else "it is not read (kept as written)")
        rows, comments, problems = table_rows(parts, len(columns), unread, row_fits(columns))
        self.cells[item.name] = parts
        if comments:
            self.problem(
                f"{item.name}: comments are not allowed between table cells (§5)", item.line, item.column,
                syntax=True,
            )
        for message, line, column, syntax in problems:
            self.problem(f"{item.name}: {message}", line, column, syntax=syntax)
        at = (body[0].line, body[0].column) if body else (item.line, item.column)
        game.comments.extend((("tag", item.name), c, at) for c in comments)
        places = cell_places(parts)
        firsts = itertools.accumulate((len(row) for row in rows[:-1]), initial=0)  # each row's first cell
        return Table(columns, rows, [places[first][0] for first in firsts if first < len(places)])

    # Auction -----------------------------------------------------------------------------
    def auction(self, board: Board, tag: Item, body_items: list[Item], record: dict[str, Any]) -> None:
        first = self.seat(tag) if tag.value.strip() else None
        dealer = board.dealer if board.dealer is not None else first
        if not body_items:
            record["auction_seat"] = tag.value
        if board.dealer is None and board.is_unknown("dealer"):
            read_as = f"its calls start at {first.name}, the Auction tag's seat" if first is not None \
                else "its calls are not read"
            written = record["raw"].get("Dealer", "?")  # '?', or a value read as unknown
            message = f"an Auction needs a known dealer, not Dealer {written!r} (§3.1): {read_as}"
            self.problem(message, tag.line, tag.column)
        elif board.dealer is None:
            self.problem("an Auction needs a Dealer tag (§3.1)", tag.line, tag.column)
        if dealer is None:
            return
        if board.dealer is None:
            board.dealer = dealer
        quick = _plain_auction(dealer, first, body_items)
        if quick is not None:  # what the general path below gives for these calls, made at once
            self._plain_auction_read(board, quick, body_items, record)
            return
        body = self._body(body_items, 0)
        items = self._all_pass_read_as_ap(self._from_dealer(body.items, first, dealer))
        self.referenced["auction"] = {m.note for m in items if m.note is not None}
        plain = _plain_calls(dealer, items)
        if plain is not None:
            (auction, written), failed = plain, False
            for index, (_, mark) in enumerate(written):
                if mark.note is not None or mark.nags:
                    auction.annotate(index, self._call_annotation(mark.note, mark.nags, board.notes))
        else:
            auction = Auction(dealer)
            written, failed = self._calls(auction, items, board.notes)
        comments: list[list[Any]] = [[["auction"], c] for c in body.leading_comments]
        for index, (_, mark) in enumerate(written):
            comments.extend([["call", index], c] for c in mark.comments)
        if comments:
            record.setdefault("section_comments", []).extend(comments)
        if body.end:
            record["auction_end"] = body.end
        if failed:
            record["auction"] = [[text, m.note, list(m.nags), m.irregular] for text, m in written]
        board.auction = auction

    def _plain_auction_read(
        self, board: Board, quick: PlainAuction, body_items: list[Item], record: dict[str, Any]
    ) -> None:
        """A plain section's auction given to the board, with what `_calls` says of a call it refuses."""
        auction, ended, refused, noted = quick
        self.referenced["auction"] = set(noted.values())
        for index, note in noted.items():
            auction.annotate(index, self._call_annotation(note, (), board.notes))
        if refused is not None:
            message, word, written = refused
            self.problem(f"{message}; the auction is kept as written", *_word_place(body_items, word))
        if ended:
            record["auction_end"] = "*"
        if refused is not None:
            record["auction"] = [[text, None, [], None] for text in written]
        board.auction = auction

    def _calls(
        self, auction: Auction, items: list[Marked], notes: dict[int, str]
    ) -> tuple[list[tuple[str, Marked]], bool]:
        """The calls of the section made in ``auction`` (up to the first that cannot be), each as
        written with its mark (``AP`` as the passes it stands for), and whether one could not be."""
        written: list[tuple[str, Marked]] = []
        failed = False
        for marked in items:
            if marked.text == "+":
                continue
            ap = marked.text.upper() == "AP"
            texts = _all_pass(auction.calls, first=not written) if ap else [marked.text]
            for i, text in enumerate(texts):
                mark = marked if i == len(texts) - 1 else Marked(text, marked.part, marked.offset)
                written.append((text, mark))
                if marked is items[-1] and is_quiz_turn(text):  # kept as written, the auction unfinished
                    failed = True
                    if not self.quiz_noted:  # once a file: a lesson's every board has one
                        self.quiz_noted = True
                        message = (f"{text!r} read as a bidding quiz's blank for the next call: kept as "
                                   "written, the auction unfinished")
                        self.problem(message, mark.line, mark.column, level="info")
                    continue
                failed = failed or not self._add_call(auction, text, mark, notes)
        return written, failed

    def _from_dealer(self, items: list[Marked], first: Seat | None, dealer: Seat) -> list[Marked]:
        """The calls from the dealer's on: an Auction tag naming an earlier seat gives those seats
        '-' (an issue when it does not)."""
        skip = (dealer - first) % 4 if first is not None else 0
        dashes = next((i for i, marked in enumerate(items) if marked.text != "-"), len(items))
        if skip and not dashes and items:
            message = (
                f"the Auction starts at {first.name if first is not None else '?'} but {dealer.name} deals: "
                "the seats before the dealer take '-'"
            )
            self.problem(message, items[0].line, items[0].column)
        elif dashes != skip and items:
            message = _dashes_miscounted(dealer if first is None else first, dealer, skip, dashes)
            self.problem(message, items[0].line, items[0].column)
        return items[dashes:]  # '-' alone: the dealer has not called yet (a quiz on the opening)

    def _all_pass_read_as_ap(self, items: list[Marked]) -> list[Marked]:
        """The calls with ``All Pass`` (two words, any case, as typed lesson files end an auction) read
        as ``AP``, PBN's all pass (§3.5.1), with a note (level ``info``: the calls are not in doubt) that
        PBN spells it so."""
        joined: list[Marked] = []
        for marked in items:
            before = joined[-1] if joined else None
            if (
                before is not None
                and marked.text.upper() == "PASS"
                and before.text.upper() == "ALL"
                and before.note is None
                and before.irregular is None is marked.irregular
            ):
                if not self.spelling_noted:
                    self.spelling_noted = True
                    message = f"'{before.text} {marked.text}' is not how PBN writes all pass: read as AP"
                    self.problem(message, before.line, before.column, level="info")
                joined[-1] = marked._replace(
                    text="AP", part=before.part, offset=before.offset, nags=before.nags + marked.nags,
                    comments=before.comments + marked.comments,
                )
                continue
            joined.append(marked)
        return joined

    def _add_call(self, auction: Auction, text: str, marked: Marked, notes: dict[int, str]) -> bool:
        if marked.irregular == "S" or marked.text == "^S":
            return False  # a skipped player (§3.9): legal PBN the model cannot hold; kept as written
        if marked.text == "-":
            self.problem("'-' in the auction after the dealer's first call", marked.line, marked.column,
                         syntax=True)
            return False
        try:
            call = call_of(text)
        except BridgeError:
            self.problem(
                f"{text!r} is not a call (expected e.g. 1S, Pass, X, XX or AP)", marked.line, marked.column,
                syntax=True,
            )
            return False
        if text.upper() not in _PBN_CALLS and not self.spelling_noted:
            self.spelling_noted = True
            message = f"{text!r} is not how PBN writes a call (Pass, X, XX, 1C ... 7NT): read as {call}"
            self.problem(message, marked.line, marked.column)
        annotation = None
        if marked.note is not None or marked.nags:
            annotation = self._call_annotation(marked.note, marked.nags, notes)
        if marked.irregular == "I":  # an insufficient bid accepted (§3.9): kept as written
            if auction.is_legal(call):
                self.problem(
                    f"^I marks {text} as insufficient, but it is sufficient", marked.line, marked.column
                )
            return False
        try:
            auction.add(call, annotation)
        except BridgeError as e:
            self.problem(f"{e}; the auction is kept as written", marked.line, marked.column)
            return False
        return True

    def _call_annotation(
        self, note: int | None, marked_nags: tuple[int, ...], notes: dict[int, str]
    ) -> Annotation:
        """The annotation of a call with a note reference or NAGs: its note is its explanation, as the
        standard has it (§3.5.3), and it is alerted when it carries the alert NAG $15 (see docs/formats.md)
        or, in a file with the ``Unalerted`` tag of earlier bridgetools, when its note is not listed."""
        alert, nags = _alert_and_nags(marked_nags)
        if note is not None and self.unalerted is not None:
            alert = alert or note not in self.unalerted
        return Annotation(
            alert=alert,
            explanation=None if note is None else notes.get(note),
            note=note,
            nags=nags,
        )

    def _body(self, items: list[Item], nag_offset: int) -> Body:
        body = split_body([Part(i.kind, i.value, i.line, i.column) for i in items], nag_offset)
        for message, part, offset, syntax in body.problems:
            self.problem(message, *part.locate(offset), syntax=syntax)
        return body

    # Play -----------------------------------------------------------------------------------
    def play(
        self, board: Board, tag: Item, body_items: list[Item], notes: dict[int, str], record: dict[str, Any]
    ) -> None:
        alerts = self._card_alert_notes(notes)
        if not alerts and self._plain_play(board, tag, body_items, notes, record):
            return
        body = self._body(body_items, CARD_NAG_OFFSET)
        slots = body.items
        if alerts:
            slots, notes = _alerted_cards(slots, notes, alerts)
        if body.end:
            record["play_end"] = body.end
        if notes:
            record["play_notes"] = notes
        if tag.value.strip():
            self._play_needs(board, tag, record["raw"].get("Contract", ""))
        self.referenced["play"] = {m.note for m in slots if m.note is not None}
        if not slots and not body.leading_comments and body.end is None:
            record["play_seat"] = tag.value  # a Play tag with no section: no play given
            return
        first = self.seat(tag)
        rows = [slots[i : i + 4] for i in range(0, len(slots), 4)]
        comments: list[list[Any]] = [[["play"], c] for c in body.leading_comments]
        grid, annotations, unknown = self._play_grid(rows, notes, comments)
        comments += [[["played"], c] for c in body.trailing_comments]
        if comments:
            record.setdefault("section_comments", []).extend(comments)
        contract, declarer = board.contract, board.declarer
        if first is None or contract is None or contract.is_passed_out or declarer is None:
            record["play"] = {"seat": tag.value, "rows": [[_marked_json(m) for m in row] for row in rows]}
            return
        play = _play_led_by(board, first)
        play, rows = self._replay_rows(play, grid, rows, first, annotations, tag)
        known = len(slots) - unknown
        if len(play.cards) != known:
            written = [[_marked_json(m) for m in row] for row in rows]
            # irregularities are PBN the model cannot replay
            self._play_kept(play, known, written, not any(m.irregular for m in slots), tag, record)
        continued = body.end == "+" and not play.is_complete
        self._finish_play(board, play, tag, cut_short=len(play.cards) != known or continued)
        if continued:
            self._result_so_far(board, play, tag)

    def _card_alert_notes(self, notes: dict[int, str]) -> frozenset[int]:
        """The empty Notes an earlier bridgetools gave alerted cards with no explanation (`AlertsHeading`);
        none in any other file, where an empty Note is an empty explanation."""
        if not self.inherit.alerts.card_notes_alert:
            return frozenset()
        return frozenset(number for number, text in notes.items() if not text)

    def _play_kept(
        self, play: Play, known: int, written: list[list[Any]], say: bool, tag: Item, record: dict[str, Any]
    ) -> None:
        """A play whose cards could not all be put in playing order is kept as written too (with an
        issue when ``say``)."""
        record["play"] = {"seat": tag.value, "rows": written}
        if say:
            self.problem(
                f"only {len(play.cards)} of the {known} cards could be put in playing order: "
                "the play is kept as written",
                tag.line,
                tag.column,
            )

    def _finish_play(self, board: Board, play: Play, tag: Item, cut_short: bool = False) -> None:
        """The board's play, ended by the claim its Result gives when the cards stop short; not when
        they were ``cut_short`` by a card that could not be played (the section holds more cards than
        were played): that is no claim, and a review would blame one made at the wrong moment."""
        if not play.is_complete and board.tricks is not None and not cut_short:
            try:
                play.claim(board.tricks)
            except BridgeError as e:
                self.problem(f"Result {board.tricks} does not fit the play: {e}", tag.line, tag.column)
        board.play = play
        if board.tricks is not None and board.given("tricks") is None and not same_play(
                board, play.contract, play.declarer):
            board.set_unknown("tricks")  # the cards' tricks are the auction's contract's (`_play_led_by`)

    def _result_so_far(self, board: Board, play: Play, tag: Item) -> None:
        """A play to be continued (``+``): its Result counts the tricks declarer has won so far (§3.4), no
        final result, so the board has none (the tag is kept as written, `_MODEL_VALUE`); an issue when
        the completed tricks give another count."""
        so_far, board.tricks = board.tricks, None
        won = play.declarer_tricks
        if so_far is not None and so_far != won:
            self.problem(f"Result {so_far} of a play to be continued counts the tricks declarer has won so "
                         f"far (§3.4), but the cards give {play.declarer.name} {won}", tag.line, tag.column)

    def _plain_play(
        self, board: Board, tag: Item, body_items: list[Item], notes: dict[int, str], record: dict[str, Any]
    ) -> bool:
        """A Play section of cards and ``-`` only, as nearly every file writes it (no annotation,
        comment or ``+``), played a whole trick at a time, without the general path's steps per
        card: what that path gives, or False and nothing done when it would find a card it cannot
        play or the section is anything else."""
        contract, declarer, deal = board.contract, board.declarer, board.deal
        first = SEAT_BY_TEXT.get(tag.value)
        if first is None or contract is None or contract.is_passed_out or declarer is None or deal is None:
            return False
        texts = [i.value for i in body_items if i.kind == "text"]
        if len(texts) != len(body_items):
            return False
        plain, noted = plain_words(texts), None
        if plain is None and (found := _noted_words(texts, CARDS_BY_TEXT.__contains__)) is not None:
            plain, noted = found
        if plain is None or not plain[0] or len(plain[0]) % 4:
            return False
        words = plain[0]
        played = _play_plain_rows(_play_led_by(board, first), words, first)
        if noted and (played is None or len(played[0].cards) != len(words) - words.count("-")):
            return False  # the general path keeps the cards as written, with their notes
        if played is None and not all(w in CARDS_BY_TEXT or w == "-" for w in words):
            return False  # text that is no card: the general path says what is wrong with it
        if plain[1]:
            record["play_end"] = "*"
        if notes:
            record["play_notes"] = notes
        self.referenced["play"] = set(noted.values()) if noted else set()
        if played is None:  # a card that cannot be played, or a "-" before the last row
            self._plain_play_stopped(board, tag, body_items, words, first, record)
            return True
        play, moves = played
        if noted:
            by_card = {CARDS_BY_TEXT[words[i]]: note for i, note in noted.items()}
            for index, card in enumerate(play.cards):
                if (note := by_card.get(card)) is not None:
                    play.annotate(index, Annotation(explanation=notes.get(note), note=note, nags=()))
        self._check_leader(first, play, tag)
        if moves is not None:
            self._columns_moved(tag)
        self._plain_play_end(board, play, words, moves, tag, record)
        return True

    def _plain_play_stopped(
        self,
        board: Board,
        tag: Item,
        body_items: list[Item],
        words: list[str],
        first: Seat,
        record: dict[str, Any],
    ) -> None:
        """A plain Play section of cards and ``-`` that stops before its last card, played and
        reported as the general path does (`play`): by columns, then each card under its holder
        when that plays more; the card that stopped it found in the section's text only then."""
        assert board.deal is not None and board.contract is not None and board.declarer is not None
        grid = [[CARDS_BY_TEXT.get(w) for w in words[t : t + 4]] for t in range(0, len(words), 4)]
        play = _play_led_by(board, first)
        self._check_leader(first, play, tag)
        error = _replay(play, grid, first, {})
        moves = None
        if error is not None:
            play, error, moves = self._replay_by_holder(play, error, grid, first, {}, tag)
        if error is not None:  # the card that stopped it, where the file has it
            t, column = len(play.cards) // 4, (play.turn - first) % 4
            written_column = moves[t].index(column) if moves is not None else column
            self.problem(str(error), *_word_place(body_items, 4 * t + written_column))
        self._plain_play_end(board, play, words, moves, tag, record)

    def _plain_play_end(
        self,
        board: Board,
        play: Play,
        words: list[str],
        moves: list[list[int]] | None,
        tag: Item,
        record: dict[str, Any],
    ) -> None:
        """A plain section's play given to the board; kept as written too (``moves``: the column
        each card went to) when it holds fewer cards than the section (a card after a ``-`` in
        playing order, or one it could not play)."""
        known = len(words) - words.count("-")
        if len(play.cards) != known:
            rows = [words[i : i + 4] for i in range(0, len(words), 4)]
            if moves is not None:
                rows = _permuted(rows, moves)
            written: list[list[Any]] = [[[w, None, [], None] for w in row] for row in rows]
            self._play_kept(play, known, written, True, tag, record)
        self._finish_play(board, play, tag, cut_short=len(play.cards) != known)

    def _replay_rows(
        self,
        play: Play,
        grid: list[list[Card | None]],
        rows: list[list[Marked]],
        first: Seat,
        annotations: dict[tuple[int, int], Annotation],
        tag: Item,
    ) -> tuple[Play, list[list[Marked]]]:
        """The trick rows played in their columns' seats (each card under its holder instead, when
        the columns are not seats and that plays more); the issue of the card that stopped it."""
        self._check_leader(first, play, tag)
        error = _replay(play, grid, first, annotations)
        if error is not None and play.deal is not None:
            play, error, moved = self._replay_by_holder(play, error, grid, first, annotations, tag)
            if moved is not None:
                rows = _permuted(rows, moved)
        if error is not None:
            self._play_error(error, play, rows, first, tag)
        return play, rows

    def _play_needs(self, board: Board, tag: Item, contract: str) -> None:
        """An issue naming the tags a Play section needs that the game lacks (§3.1); a note for an end
        position's, whose ``contract`` gives the strain alone (§3.10): legal PBN, kept as written."""
        missing = [
            n
            for n, v in (("Deal", board.deal), ("Declarer", board.declarer), ("Contract", board.contract))
            if v is None
        ]
        if missing == ["Contract"] and contract.strip().upper() in _STRAINS_ALONE:
            self.problem(f"an end position's Play (Contract {contract!r}, the strain alone, §3.10) is kept "
                         "as written: its cards are not played, for the model plays under a contract of a "
                         "level", tag.line, tag.column, level="info")
        elif missing:
            self.problem(f"a Play section needs {' and '.join(missing)} (§3.1)", tag.line, tag.column)

    def _play_error(
        self, error: BridgeError, play: Play, rows: list[list[Marked]], first: Seat, tag: Item
    ) -> None:
        """The issue of the card that stopped the play, at that card (at the Play tag when the row
        has no such slot)."""
        t = len(play.cards) // 4  # the completed tricks (a fourth card completes a trick)
        col = (play.turn - first) % 4
        failed = rows[t][col] if t < len(rows) and col < len(rows[t]) else None
        where = (failed.line, failed.column) if failed is not None else (tag.line, tag.column)
        self.problem(str(error), *where)

    def _play_grid(
        self, rows: list[list[Marked]], notes: dict[int, str], comments: list[list[Any]]
    ) -> tuple[list[list[Card | None]], dict[tuple[int, int], Annotation], int]:
        """The cards of a Play section's trick rows (None where a slot holds none), their
        annotations by (row, column), and how many slots are ``-`` or ``+``; each card's comments
        go to ``comments``."""
        grid: list[list[Card | None]] = []
        annotations: dict[tuple[int, int], Annotation] = {}
        unknown = 0
        for t, row in enumerate(rows):
            cards: list[Card | None] = []
            for col, marked in enumerate(row):
                card = CARDS_BY_TEXT.get(marked.text) if marked.irregular is None else None
                if card is None:
                    card = self._card_of_slot(marked)
                    unknown += marked.text in ("-", "+")
                if (marked.note is not None or marked.nags) and (
                    annotation := self._annotation(marked, notes)
                ) is not None:
                    annotations[t, col] = annotation
                if marked.comments:
                    comments.extend([["card", t, col], c] for c in marked.comments)
                cards.append(card)
            grid.append(cards)
        return grid, annotations, unknown

    def _replay_by_holder(
        self,
        play: Play,
        error: BridgeError,
        grid: list[list[Card | None]],
        first: Seat,
        annotations: dict[tuple[int, int], Annotation],
        tag: Item,
    ) -> tuple[Play, BridgeError | None, list[list[int]] | None]:
        """Some files write tricks in other orders: the play again with each card under the hand
        that holds it, when that plays more cards (with an issue, and the column each card went to);
        else the play as it was (and None)."""
        assert play.deal is not None
        moved = _grid_by_holder(grid, first, play.deal)
        if moved is None:
            return play, error, None
        again = Play(play.deal, play.contract, play.declarer)
        moved_notes = {(t, moved[t][col]): a for (t, col), a in annotations.items()}
        error_again = _replay(again, _permuted(grid, moved), first, moved_notes)
        if len(again.cards) <= len(play.cards):
            return play, error, None
        self._columns_moved(tag)
        return again, error_again, moved

    def _check_leader(self, first: Seat, play: Play, tag: Item) -> None:
        if first != play.opening_leader:
            self.problem(
                f"Play seat {first.name} is not the opening leader {play.opening_leader.name}",
                tag.line,
                tag.column,
            )

    def _columns_moved(self, tag: Item) -> None:
        self.problem(
            "Play columns do not match the seats that hold the cards (§3.6: columns are "
            "seats); each card is given to the hand that holds it",
            tag.line,
            tag.column,
        )

    def _card_of_slot(self, marked: Marked) -> Card | None:
        """The card in a play slot; None for ``-`` (unknown), ``+`` (to come), an irregular card
        (kept as written) or text that is not a card (with an issue)."""
        text = marked.text
        card = CARDS_BY_TEXT.get(text)
        if card is not None and marked.irregular is None:
            return card
        if text in ("-", "+"):
            return None
        if marked.irregular in ("R", "L"):
            return None  # a revoke or a lead out of turn (§3.9): kept as written
        try:
            return Card.parse(text)
        except BridgeError as e:
            self.problem(str(e), marked.line, marked.column, syntax=True)  # no card
            return None

    @staticmethod
    def _annotation(marked: Marked, notes: dict[int, str]) -> Annotation | None:
        """The annotation of a card with a note reference or NAGs: its note is its explanation and the
        alert NAG $15 its alert, as a call's are (`_call_annotation`; §3.7 leaves $15 free on cards too)."""
        note = marked.note
        if note is None and not marked.nags:
            return None
        explanation = None if note is None else notes.get(note)
        alert, nags = _alert_and_nags(marked.nags)
        return Annotation(alert=alert, explanation=explanation, note=note, nags=nags)

    # Consistency ----------------------------------------------------------------------------
    def check_notes(self, auction_notes: dict[int, str], play_notes: dict[int, str], game: Game) -> None:
        """Note numbers 1-32, each reference with its Note and each Note referred to (§3.5.5): issues about
        the section whose notes they are, so they go with its calls or cards when the computer replaces
        them."""
        where = {home: (item.line, item.column) for home, item in game.notes}
        for home, notes in (("auction", auction_notes), ("play", play_notes)):
            referenced = self.referenced.get(home, set())
            if not notes and not referenced:
                continue
            for message, missing in note_problems(notes, referenced, home):
                section = game.sections.get(home.capitalize(), [])
                place = where.get(home) if missing is None else _note_reference(section, missing)
                line, column = place or (None, None)
                self.problem(message, line, column, about=home)

    def check_auction_against_tags(
        self, board: Board, record: dict[str, Any], where: Callable[[str], tuple[int | None, int | None]]
    ) -> None:
        """The Contract, Declarer and Result tags against the contract and declarer a complete auction gives
        and the tricks thirteen tricks played give (`disagreements`, as every format checks them)."""
        auction = board.auction
        left = {"contract", "declarer"} if "auction" in record else set()  # calls not all read
        if record.get("declarer_irregular"):  # ^S: South played the hand that North should have
            left.add("declarer")
            declarer = auction.declarer if auction is not None and auction.is_complete else None
            if declarer is not None and declarer == board.declarer and "auction" not in record:
                message = f"Declarer ^{declarer.name}: the auction's declarer is {declarer.name} itself"
                self.problem(message, *where("Declarer"))
        if record.get("result_irregular"):
            left.add("tricks")
        for message, fact, level in disagreements(board, _TAGS_CHECKED, "tag"):
            if fact not in left:
                said = message + _tricks_unknown(board) if fact == "declarer" else message
                self.problem(said, *where(_TAGS_CHECKED[fact]), level=level, kind=disagreement_kind(fact))

    def check(self, board: Board, record: dict[str, Any], tags: dict[str, Item]) -> None:
        """Tags that disagree with the auction or the play (the file is kept as it is)."""

        def where(name: str) -> tuple[int | None, int | None]:
            item = tags.get(name)
            return (item.line or None, item.column or None) if item is not None else (None, None)

        self.check_auction_against_tags(board, record, where)
        unmarked = _unmarked_short_auction(board, record)
        if unmarked is not None:
            self.problem(unmarked, *where("Auction"), about="auction")
        score = board.tags.get("Score")
        if score is not None and not record.get("result_irregular"):
            disagreement = score_disagrees(board, score)
            if disagreement is not None:
                self.problem(disagreement, *where("Score"))
        table = board.tables.get("ScoreTable")
        if table is not None:
            found = score_table_problems(board, table)
            places = cell_places(self.cells.get("ScoreTable", [])) if found else []
            for message, cell, about, level in found:
                place = places[cell] if cell < len(places) else where("ScoreTable")
                self.problem(message, *place, level=level, about=about)


def _alerted_cards(
    slots: list[Marked], notes: dict[int, str], alerts: frozenset[int]
) -> tuple[list[Marked], dict[int, str]]:
    """The cards referring to one of ``alerts`` (an earlier bridgetools' empty Notes of alerted cards) as
    this one writes them, with the alert NAG $15 and no note, and the notes less those they referred to."""
    referred = {m.note for m in slots if m.note in alerts}
    cards = [m._replace(note=None, nags=(*m.nags, ALERT_NAG)) if m.note in referred else m for m in slots]
    return cards, {number: text for number, text in notes.items() if number not in referred}


def _alert_and_nags(marked: Iterable[int]) -> tuple[bool, tuple[int, ...]]:
    """Whether a call or card carries the alert NAG $15 (its alert, `ALERT_NAG`), and its other NAGs,
    sorted once each."""
    nags = set(marked)
    return ALERT_NAG in nags, tuple(sorted(nags - {ALERT_NAG}))


def _all_pass(calls: Sequence[Call], first: bool = True) -> list[str]:
    """The passes that ``AP`` (all pass) stands for after ``calls``: those that close the auction (one
    at least); as the section's ``first`` call, the four that pass the board out (all four players
    pass). After calls the auction could not take (an irregular one), ``calls`` holds fewer than were
    written, so there AP closes it with three at most."""
    if len(calls) >= 4 and calls[-1] is PASS and calls[-2] is PASS and calls[-3] is PASS:
        return ["Pass"]  # the auction is over: one pass, which the auction refuses
    trailing = 0
    while trailing < len(calls) and calls[-1 - trailing] is PASS:
        trailing += 1
    needed = 4 - len(calls) if trailing == len(calls) else 3 - trailing
    return ["Pass"] * (needed if first else min(needed, 3))


def _plain_calls(dealer: Seat, items: list[Marked]) -> tuple[Auction, list[tuple[str, Marked]]] | None:
    """The auction and its calls as written, when every call is a PBN spelling, legal and regular
    (notes, NAGs and comments are the caller's to put on them), made without the general path's
    checks of each; None when one is not (`GameReader._calls` then reads them and says what is wrong)."""
    calls: list[Call] = []
    written: list[tuple[str, Marked]] = []
    for marked in items:
        text = marked.text
        if text == "+":
            continue
        if marked.irregular is not None:
            return None
        upper = text.upper()
        if upper == "AP":
            passes = _all_pass(calls)
            written.extend((p, Marked(p, marked.part, marked.offset)) for p in passes[:-1])
            written.append((passes[-1], marked))
            calls.extend([PASS] * len(passes))
            continue
        if upper not in _PBN_CALLS:
            return None
        calls.append(CALLS_BY_TEXT[upper])
        written.append((text, marked))
    auction = Auction(dealer)
    return (auction, written) if auction.add_calls_if_legal(calls) else None


PlainAuction = tuple[Auction, bool, tuple[str, int, list[str]] | None, dict[int, int]]
"""A plain section's auction, whether ``*`` ended it, the reason, word and calls as written of a
call it refused, and the note reference of each call that has one."""

_NO_NOTES: dict[int, int] = {}


def _tricks_unknown(board: Board) -> str:
    """What reading keeps beside a Declarer tag that is not the complete auction's declarer (`disagreements`
    says the tag is kept): when the play gives tricks and no Result does, the tricks unknown, the cards
    being played to the auction's declarer (`_finish_play`)."""
    play = board.play
    unknown = play is not None and play.result is not None and "tricks" in board.unknown
    return f" and the tricks read as unknown (the play gives {play.declarer.name} {play.result})" \
        if unknown and play is not None else ""


def _unmarked_short_auction(board: Board, record: dict[str, Any]) -> str | None:
    """What is wrong with an auction that stops before its closing passes with no ``*`` (PBN §3.5: its
    outcome is then in Declarer and Contract) or ``+`` (to be continued) and whose contract so far is not
    the Contract tag's; None for any other (a complete auction is checked against the tags as it is)."""
    auction = board.auction
    if (auction is None or not auction.calls or auction.is_complete or board.contract is None
            or record.get("auction_end") or "auction" in record):
        return None
    so_far = auction.current_contract or Contract.PASSED_OUT
    if so_far == board.contract:
        return None
    written = "passes" if so_far == Contract.PASSED_OUT else str(so_far)
    return (f"Contract {board.contract} differs from the auction's {written} so far: the auction stops "
            "before its closing passes without the '*' that marks it unfinished, its outcome in Contract "
            "(PBN 2.1 §3.5)")


def _dashes_miscounted(first: Seat, dealer: Seat, expected: int, given: int) -> str:
    """The issue of an Auction whose ``-`` before the dealer's first call are not one a seat from the Auction
    tag's seat to the dealer (§3.5): how many were expected, and how the calls are read."""
    seats = f"the Auction starts at {first.name} and {dealer.name} deals"
    wanted = f"{expected} '-' expected before the dealer's first call" if expected \
        else "no '-' expected (the Auction tag names the dealer)"
    return f"{seats}: {wanted}, {given} given; the calls are read from the dealer's on"


def _plain_auction(dealer: Seat, first: Seat | None, body_items: list[Item]) -> PlainAuction | None:
    """The auction of a section of plain calls from the dealer on (PBN spellings and ``AP``, with no
    note, NAG, irregularity, comment, ``-`` or ``+``), made at once, whether ``*`` ended it, and,
    when a call is illegal (lesson files pass on after the auction is over), what the general path
    says of it: the auction's reason, the word it stands at and the calls as written (the calls
    before it made); None for anything else (the general path then reads it and says what is wrong)."""
    texts = [i.value for i in body_items if i.kind == "text"]
    plain = plain_words(texts) if texts and len(texts) == len(body_items) else None
    noted = None
    if plain is None and texts and len(texts) == len(body_items):  # lone note references, maybe
        found = _noted_words(texts, _may_carry_note)
        plain, noted = found if found is not None else (None, None)
    if plain is None or (first is not None and first != dealer):
        return None
    words = plain[0]
    calls: list[Call] = []
    for word in words:
        call = _PLAIN_CALL.get(word)
        if call is None:
            upper = word.upper()
            if upper == "AP":
                calls.extend([PASS] * len(_all_pass(calls)))
                continue
            if upper not in _PBN_CALLS:
                return None  # "-", the ALL of "All Pass", or not a call
            call = _PLAIN_CALL[word] = CALLS_BY_TEXT[upper]
        calls.append(call)
    auction = Auction(dealer)
    if auction.add_calls_if_legal(calls):
        return auction, plain[1], None, _notes_by_call(words, calls, noted) if noted else _NO_NOTES
    if noted:
        return None  # the general path keeps the calls as written, with their notes
    return _refused(auction, calls, words, plain[1])


_PLAIN_CALL: dict[str, Call] = {}
"""Each spelling of a PBN call but ``AP`` met so far (``pass``, ``Pass``, ``1nt``...), and its call."""


def _may_carry_note(word: str) -> bool:
    """Whether a plain auction's ``word`` is a call a note reference may follow here (not ``AP``)."""
    upper = word.upper()
    return upper in _PBN_CALLS and upper != "AP"


def _note_reference(items: list[Item], number: int) -> tuple[int, int] | None:
    """Where a section's text first refers to note ``number`` (its ``=n=``): the place of a reference
    with no Note tag, which the Note tags (there are none for it) cannot give."""
    reference = re.compile(rf"=0*{number}=")
    for item in items:
        found = reference.search(item.value) if item.kind == "text" else None
        if found is not None:
            return Part(item.kind, item.value, item.line, item.column).locate(found.start())
    return None


def _notes_by_call(words: list[str], calls: list[Call], noted: dict[int, int]) -> dict[int, int]:
    """The notes of ``noted`` (by word) by the index of the call each word made (an AP before it
    made the passes it stands for)."""
    by_call: dict[int, int] = {}
    made = 0
    for n, word in enumerate(words):
        made += len(_all_pass(calls[:made])) if word.upper() == "AP" else 1
        if n in noted:
            by_call[made - 1] = noted[n]
    return by_call


def _refused(auction: Auction, calls: list[Call], words: list[str], ended: bool) -> PlainAuction | None:
    """The plain calls made one at a time up to the first the auction refuses, as `GameReader._calls`
    makes them: the auction, the end and (reason, word, calls as written); None when an ``AP`` comes
    after that word (the passes it stands for then follow the calls made: the general path's)."""
    written: list[str] = []  # the calls as written, an AP as the passes it stands for
    word_of: list[int] = []  # the word each call comes from
    for n, word in enumerate(words):
        texts = _all_pass(calls[: len(written)]) if word.upper() == "AP" else [word]
        written.extend(texts)
        word_of.extend([n] * len(texts))
    made = 0
    end = _complete_after(calls)
    if end < len(calls) and auction.add_calls_if_legal(calls[:end]):
        made = end  # the usual lesson file: legal calls, then passes after the auction is over
    for index in range(made, len(calls)):
        try:
            auction.add(calls[index])
        except BridgeError as e:
            at = word_of[index]
            if any(w.upper() == "AP" for w in words[at + 1 :]):
                return None
            return auction, ended, (str(e), at, written), _NO_NOTES
    raise AssertionError("add_calls_if_legal refused a legal auction")


def _complete_after(calls: Sequence[Call]) -> int:
    """How many of ``calls`` make a complete auction (three passes after a call, four at the start;
    all of them when they never do)."""
    for n in range(4, len(calls) + 1):
        if calls[n - 1] is PASS and calls[n - 2] is PASS and calls[n - 3] is PASS:
            return n
    return len(calls)


def _replay(
    play: Play, grid: list[list[Card | None]], first: Seat, annotations: dict[tuple[int, int], Annotation]
) -> BridgeError | None:
    """Play the trick rows of a Play section (columns are seats from ``first``); the error that
    stopped it, if any (the cards before it stay played). The error goes without its traceback,
    whose frames would hold the game's reader in a cycle only the cyclic collector frees."""
    try:
        play.add_tricks_by_seat(grid, first, annotations)
    except BridgeError as e:
        return e.with_traceback(None)
    return None


def _word_place(items: list[Item], number: int) -> tuple[int, int]:
    """Line and column of word ``number`` (``*`` not counted) of a plain section's text runs, as
    `split_body` places the same word."""
    for item in items:
        for word in _WORD.finditer(item.value):
            if word.group() == "*":
                continue
            if number == 0:
                return Part(item.kind, item.value, item.line, item.column).locate(word.start())
            number -= 1
    raise AssertionError("no such word")  # the caller counts the words of these items


_WORD = lazy_compile(r"\S+")
"""A word of section text: what ``str.split()`` gives (both split at the characters ``isspace`` takes)."""


def _grid_by_holder(grid: list[list[Card | None]], first: Seat, deal: Deal) -> list[list[int]] | None:
    """For each trick row, the column each card belongs in when it goes under the hand holding it;
    None when no card moves or a row would put two cards under one hand."""
    holders = _holders(deal)
    base = int(first)
    if grid and _row_order(grid[-1], base, holders) is None:
        return None  # most often the row that does not fit (a claim's row): found before the others
    moves: list[list[int]] = []
    moved = False
    for row in grid:
        order = _row_order(row, base, holders)
        if order is None:
            return None
        moved = moved or order != _COLUMNS[: len(row)]
        moves.append(order)
    return moves if moved else None


def _row_order(row: list[Card | None], base: int, holders: list[int]) -> list[int] | None:
    """The column each card of a trick row belongs in under the hand holding it (columns are seats
    from ``base``; a slot with no card, or a card no known hand holds, stays); None when two would
    share a column or a card's column is beyond the row."""
    width = len(row)
    order = list(_COLUMNS[:width])
    for col, card in enumerate(row):
        holder = -1 if card is None else holders[card.index]
        if holder >= 0:
            order[col] = (holder - base) % 4
    if len(set(order)) != width or (order and max(order) >= width):
        return None
    return order


def _noted_words(
    texts: list[str], may_carry: Callable[[str], bool]
) -> tuple[tuple[list[str], bool], dict[int, int]] | None:
    """`plain_words` of a section whose calls or cards (the words ``may_carry`` accepts) may carry a
    lone note reference (``SK =1=``, ``3H =1=``, as Schiphol.pbn writes), and the note of each such
    word by its index; None for anything else (a reference after no such word, a second one, one
    out of 1-32, a ``*`` before the last word: the general path reads it)."""
    kept_texts: list[str] = []
    noted: dict[int, int] = {}
    count, last = 0, -1  # the words kept so far, and the index of the last that may carry a note
    for text in texts:
        kept: list[str] = []
        for word in text.split():
            if word[0] != "=":
                kept.append(word)
                last = count if may_carry(word) else -1
                count += 1
                continue
            number = word[1:-1]
            if len(word) < 3 or word[-1] != "=" or not (number.isascii() and number.isdigit()):
                return None
            if last < 0 or not 1 <= int(number) <= 32:
                return None
            noted[last] = int(number)
            last = -1
        kept_texts.append(" ".join(kept))
    plain = plain_words(kept_texts)
    if plain is None or not noted or len(plain[0]) != count - plain[1]:
        return None  # a "*" before the last word would move the indices
    if plain[1] and kept_texts[-1].rsplit(None, 1)[-1:] != ["*"]:
        return None
    return plain, noted


def _play_led_by(board: Board, first: Seat) -> Play:
    """The play of the board's contract and declarer, or of its finished auction's where the tags name
    another contract or declarer and the Play tag's ``first`` seat leads against the auction's: a Contract
    or Declarer tag (a LIN ``rs`` entry's) stands over the calls, and the cards, as the LIN reader keeps
    them, are those of the contract the calls reached, led as the file says."""
    assert board.contract is not None and board.declarer is not None
    auction = board.auction
    if auction is not None and auction.is_complete:
        contract, declarer = auction.final_contract, auction.declarer
        if (contract is not None and declarer is not None and declarer.lho == first
                and not same_play(board, contract, declarer)):
            return Play(board.deal, contract, declarer)
    return Play(board.deal, board.contract, board.declarer)


def _play_plain_rows(play: Play, words: list[str], first: Seat) -> tuple[Play, list[list[int]] | None] | None:
    """``play`` with the trick rows of ``words`` (card texts, ``-`` for none; columns are seats from
    ``first``) played as `GameReader._replay_rows` would, and when the cards went under the hands
    holding them rather than their columns' seats, the column each moved to: whole tricks at once,
    then a last row with a ``-`` (a claim during a trick) as the general path plays it. None when
    that path would stop at a card it cannot play (it then says why), or when ``-`` stands before
    the last row or only the last row's cards move."""
    full = len(words) if "-" not in words else len(words) - 4
    deal = play.deal
    if deal is None or "-" in words[:full]:
        return None
    tricks = _tricks_by_holder(words[:full], first, deal)
    if tricks is None:
        return None
    base, holders = int(first), _holders(deal)
    last, order = words[full:], _COLUMNS
    row: list[Card | None] = [CARDS_BY_TEXT.get(w) for w in last]
    if last:  # checked before the tricks are played: a row that stops the play stops it anyway
        if any(card is None and w != "-" for card, w in zip(row, last, strict=True)):
            return None
        moved = _row_order(row, base, holders) if tricks[1] else order
        if moved is None:
            return None
        order = moved
    if not play.add_tricks_if_legal(tricks[0]):
        return None
    moves = None
    if tricks[1]:
        index = _CARD_INDEX_BY_TEXT
        moves = [[(holders[index[w]] - base) % 4 for w in words[t : t + 4]] for t in range(0, full, 4)]
        if last:
            moves.append(order)
    if last and _replay(play, _permuted([row], [order]), first, {}) is not None:
        return None
    return play, moves


def _tricks_by_holder(words: list[str], first: Seat, deal: Deal) -> tuple[list[list[int]], bool] | None:
    """Trick rows of card texts (columns are seats from ``first``) as the card index each seat plays,
    each card under the hand holding it, and whether any card moved from its column's seat; None
    when a text is no card, a card is held by no known hand or a row puts two cards under one."""
    try:
        cards = list(map(_CARD_INDEX_BY_TEXT.__getitem__, words))
    except KeyError:
        return None  # text that is no card
    seats = list(map(_holders(deal).__getitem__, cards))
    if -1 in seats:
        return None
    tricks: list[list[int]] = []
    for t in range(0, len(cards), 4):
        h0, h1, h2, h3 = seats[t : t + 4]
        if (1 << h0) | (1 << h1) | (1 << h2) | (1 << h3) != 15:
            return None  # two cards under one hand
        by_seat = [0, 0, 0, 0]
        by_seat[h0], by_seat[h1], by_seat[h2], by_seat[h3] = cards[t : t + 4]
        tricks.append(by_seat)
    return tricks, seats != _COLUMN_SEATS[first][: len(seats)]


_CARD_INDEX_BY_TEXT = {text: card.index for text, card in CARDS_BY_TEXT.items()}
_COLUMNS = [0, 1, 2, 3]
_COLUMN_SEATS = {seat: [(seat + col) & 3 for col in range(4)] * 13 for seat in Seat}
"""The seat of each slot of thirteen trick rows whose columns are seats from a given one."""


@functools.lru_cache(maxsize=256)
def _holders(deal: Deal) -> list[int]:
    """The seat holding each card of the deal, by card index (-1 when no known hand holds it):
    deals repeat from table to table, and a deal is immutable."""
    holders = [-1] * 52
    for seat, hand in enumerate(deal.hands):
        mask = 0 if hand is None else hand.mask
        while mask:
            low = mask & -mask
            holders[low.bit_length() - 1] = seat
            mask ^= low
    return holders


def _permuted(rows: list[list[X]], moves: list[list[int]]) -> list[list[X]]:
    """Trick rows with each entry moved to its new column (``moves[t][col]``)."""
    out = []
    for row, order in zip(rows, moves, strict=True):
        new_row = list(row)
        for col, entry in enumerate(row):
            new_row[order[col]] = entry
        out.append(new_row)
    return out


_PBN_CALLS = frozenset({"PASS", "X", "XX", "AP"}) | {
    f"{n}{s}" for n in range(1, 8) for s in ("C", "D", "H", "S", "NT")
}


_STRAINS_ALONE = frozenset({"C", "D", "H", "S", "NT", "N"})
"""An end position's Contract (§3.10): the strain alone, no level."""
_TAGS_CHECKED = {"contract": "Contract", "declarer": "Declarer", "tricks": "Result"}
"""The tags `disagreements` checks of a PBN game, by the fact each gives (its Deal is checked as read)."""


@functools.lru_cache(maxsize=1024)
def _deal_notes(text: str) -> tuple[tuple[str, ...], tuple[str, str] | None]:
    """What `deal_problems` and `uneven_hands` say of a Deal value `deal_of` reads (cached beside it:
    the two rooms give the same value)."""
    deal, refused = deal_read(text)
    lengths = [None if h is None else len(h) for h in deal.hands]
    first = Seat.parse(text[0]) if text[1:2] == ":" and text[:1].upper() in "NESW" else Seat.N
    return tuple(deal_problems(text, lengths)), uneven_hands(deal, first, refused=refused)  # the Deal's order


@functools.cache
def _cached(parse: Callable[[str], T]) -> Callable[[str], T]:
    """``parse`` remembering its answers: tag values repeat from board to board, and the model's
    values are immutable."""
    return functools.lru_cache(maxsize=4096)(parse)


_FIELD_OF_TAG = {
    "Event": "event",
    "Site": "site",
    "Date": "date",
    "Scoring": "scoring",
    "Board": "number",
    "Dealer": "dealer",
    "Vulnerable": "vulnerability",
    "Deal": "deal",
    "Declarer": "declarer",
    "Contract": "contract",
    "Result": "tricks",
}


def _player_of(seat: Seat) -> Callable[[Board], object]:
    """The board's player at ``seat`` (None when not known)."""

    def player(board: Board) -> object:
        return board.players.get(seat)

    return player


_MODEL_VALUE: dict[str, Callable[[Board], object]] = {
    **{tag: operator.attrgetter(name) for tag, name in _FIELD_OF_TAG.items()},
    **{tag: _player_of(seat) for tag, seat in PLAYER_TAGS.items()},
}
"""For each mandatory tag, what the board holds for it (None when nothing)."""


def _known(value: str | None) -> str | None:
    """A tag value, or None when it is missing or unknown (``?``)."""
    return None if value is None or value == "?" else value


def _in_file_order(game: Game, section_comments: list[list[Any]]) -> list[list[Any]]:
    """The game's comments, ``[anchor, text]``, in the file's order: those between tags where they stand,
    and the Auction's and Play's sections' (read without their places) where their section's text begins,
    so that a comment after the Play tag comes after the auction's, not before them."""
    if not game.comments and not section_comments:
        return []  # most games: nothing to sort
    placed = [(at, [list(anchor), text]) for anchor, text, at in game.comments]
    placed += [(_section_start(game, anchor), [anchor, text]) for anchor, text in section_comments]
    return [comment for _, comment in sorted(placed, key=operator.itemgetter(0))]


def _section_start(game: Game, anchor: list[Any]) -> Spot:
    """Where the section a comment of the Auction's or Play's section is in begins in the file."""
    items = game.sections.get("Play" if anchor[0] in ("play", "card", "played") else "Auction")
    return (items[0].line, items[0].column) if items else (sys.maxsize, 0)


def _in_play_order(board: Board, comments: list[list[Any]]) -> None:
    """The play section's comments (in ``comments``, where they are) in the order of the cards they
    follow, as played, not as the section's seat columns show them: a trick led from another column
    shows the lead's comment after the later cards'. LIN -> PBN -> JSON kept the commentary's order so.
    Comments after one card keep their order; the section is written back as it was (by anchor)."""
    if board.play is None or not comments:
        return
    at = [i for i, (anchor, _) in enumerate(comments) if anchor and anchor[0] in ("card", "play")]
    ordered = sorted((comments[i] for i in at), key=lambda c: (pbn_place(board, list(c[0])) or ("", -1))[1])
    for i, comment in zip(at, ordered, strict=True):
        comments[i] = comment


def _is_table(name: str) -> bool:
    """A tag named like a table (``ScoreTable``; not ``Table``, the table number) is one even with no rows."""
    return name.endswith("Table") and name != "Table"


_DEALER_STATISTICS = re.compile(
    r"Generated \d+ hands Produced \d+ hands"
    r"(?: Initial random seed [\d,]+)?(?: Time needed \d+(?:\.\d+)? sec)?"
)
"""The lines Debian's dealer prints after its deals, in the same stream as its PBN: a report, not bad text
(after the last tag of a run's last deal, or before the first tag of the next run's output)."""


def _shorten(text: str, width: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


def _marked_json(m: Marked) -> list[Any]:
    """A call or card as written, kept for the writer: [text, note, nags, irregular]."""
    return [m.text, m.note, list(m.nags), m.irregular]
