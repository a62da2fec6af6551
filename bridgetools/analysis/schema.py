"""The table contract: explicit pyarrow schemas for ``boards`` (one row per board, and one per other
result of its ScoreTable), ``calls`` and ``plays``.

Seats, strains, vulnerability and the other small code sets are dictionary (categorical) columns of
*strings*, because Parquet restores dictionary types only for strings; their full category lists, in
bridge order, are also stored in the schema metadata so that `read_parquet` and `to_dataframe` can give
back ordered pandas categoricals. Every column carries its one-line description as field metadata;
docs/analysis.md lists the same descriptions (a test keeps the two equal).
"""

from __future__ import annotations

import json
from typing import NamedTuple

import pyarrow as pa

SEATS = ("N", "E", "S", "W")
STRAINS = ("C", "D", "H", "S", "NT")
SUITS = ("C", "D", "H", "S")
VULNERABILITY = ("None", "NS", "EW", "All")
CONTRACTS = ("Pass", *(f"{level}{strain}{'X' * doubled}" for level in range(1, 8) for strain in STRAINS
                       for doubled in range(3)))
"""Every contract in bidding order: index ``1 + (level - 1) * 15 + strain * 3 + doubled``, 0 = passed out."""
CALLS = ("Pass", "X", "XX", *(f"{level}{strain}" for level in range(1, 8) for strain in STRAINS))
"""Every call: pass, double, redouble, then the bids upwards."""
SOURCES = ("table", "score_table")
"""Where a result comes from: the board as played at its table, or a row of the board's ScoreTable."""

CATEGORIES: dict[str, tuple[str, ...]] = {
    "dealer": SEATS, "vulnerable": VULNERABILITY, "strain": STRAINS, "declarer": SEATS,
    "source": SOURCES, "seat": SEATS, "suit": SUITS, "contract": CONTRACTS,
    "call": CALLS,
}
"""Dictionary columns with a fixed category list, in bridge order (seats clockwise, strains upwards)."""

SCHEMA_NAME = "bridgetools.boards/1"

_SEAT_LETTERS = "nesw"
_STRAIN_LETTERS = ("nt", "s", "h", "d", "c")
"""Double-dummy columns follow the DoubleDummyTricks tag's strain order: NT, S, H, D, C."""
_DD_SEATS = "nsew"
"""... and its declarer order: N, S, E, W."""


def category(index: pa.DataType | None = None) -> pa.DataType:
    """A dictionary (categorical) string type, with 8-bit codes unless a wider ``index`` is needed."""
    return pa.dictionary(index or pa.int8(), pa.string())


class Column(NamedTuple):
    """One documented column: its name, Arrow type and what it holds."""

    name: str
    type: pa.DataType
    doc: str


_STR = pa.string()
_LIST_STR = pa.list_(pa.string())

BOARD_COLUMNS: tuple[Column, ...] = (
    Column("board_id", pa.int64(), "Number of the board in the export (0-based); joins calls and plays"),
    Column("file", category(pa.int32()), "File the board came from (null when not exported from files)"),
    Column("game", pa.int32(), "Position of the board in its file (0-based)"),
    Column("source", category(), "Where the result comes from: 'table' (the board as played) or "
           "'score_table' (a row of its ScoreTable)"),
    Column("event", _STR, "Event tag"),
    Column("site", _STR, "Site tag"),
    Column("date", _STR, "Date tag, as the file writes it (PBN: YYYY.MM.DD)"),
    Column("board", pa.int32(), "Board number (1 to 2,147,483,647; null for another)"),
    Column("room", category(), "'open' or 'closed' in team matches, when the file says"),
    Column("scoring", _STR, "Scoring tag (IMP, MP, ...), as the file writes it"),
    Column("dealer", category(), "Dealer: N, E, S or W"),
    Column("vulnerable", category(), "Vulnerability: None, NS, EW or All"),
    Column("deal", _STR, "The deal as a PBN string ('N:AKQ2.KJ3.T98.432 ...'; '-' = unknown hand)"),
    *(Column(f"hand_{s}", _STR, f"{name}'s hand, spades first ('AKQ2.KJ3.T98.432'); null when unknown")
      for s, name in zip(_SEAT_LETTERS, ("North", "East", "South", "West"), strict=True)),
    *(Column(f"hcp_{s}", pa.int8(), f"{name}'s high-card points (A4 K3 Q2 J1)")
      for s, name in zip(_SEAT_LETTERS, ("North", "East", "South", "West"), strict=True)),
    *(Column(f"shape_{s}", category(pa.int16()),
             f"{name}'s suit lengths, spades first ('5-3-3-2': five spades)")
      for s, name in zip(_SEAT_LETTERS, ("North", "East", "South", "West"), strict=True)),
    Column("contract", category(), "Final contract ('4SX', '3NT'; 'Pass' when passed out)"),
    Column("level", pa.int8(), "Contract level 1-7 (0 when passed out)"),
    Column("strain", category(), "Contract strain: C, D, H, S or NT"),
    Column("doubled", pa.int8(), "0 undoubled, 1 doubled, 2 redoubled"),
    Column("declarer", category(), "Declarer: N, E, S or W"),
    Column("tricks", pa.int8(), "Tricks won by declarer"),
    Column("result", pa.int8(), "Over- (positive) or undertricks (negative); 0 = just made"),
    Column("made", pa.bool_(), "Whether the contract was made"),
    Column("score_ns", pa.int32(), "North-South's duplicate score, computed from the Laws (Law 77)"),
    Column("file_score_ns", pa.int32(), "North-South's score as the file gives it (Score tag or ScoreTable)"),
    Column("lead", _STR, "The opening lead ('SA')"),
    Column("n_calls", pa.int16(), "Number of calls in the auction"),
    Column("auction", _LIST_STR, "The calls, from the dealer ('1S', 'Pass', 'X', 'XX')"),
    Column("play", _LIST_STR, "The cards in the order played ('SA', 'S2', ...)"),
    Column("claimed", pa.int8(), "Declarer's total tricks when the play ended by a claim"),
    *(Column(f"player_{s}", _STR, f"{name} player's name")
      for s, name in zip(_SEAT_LETTERS, ("North", "East", "South", "West"), strict=True)),
    *(Column(f"dd_{seat}_{strain}", pa.int8(),
             f"Double-dummy tricks for declarer {seat.upper()} in {strain.upper()} "
             "(DoubleDummyTricks tag or OptimumResultTable; solved by export --dd when the file has none; "
             "the solver's, over the file's, where they differ with --verify-dd)")
      for seat in _DD_SEATS for strain in _STRAIN_LETTERS),
    Column("par_ns", pa.int32(), "Double-dummy par score for North-South (OptimumScore tag; "
           "from the table by export --dd when the file has none; the solver's, over the file's, with "
           "--verify-dd or where the file has no table)"),
    Column("par_contract", _STR, "Par contract(s), '; ' between them: each the seats that may declare it "
           "(NS, EW, or one seat: 'W 4H'), a space, the contract as contract spells it, and the over- or "
           "undertricks par takes ('NS 4S', 'NS 1D+2; NS 1C+2', a sacrifice 'EW 6DX-2'); 'Pass' where par "
           "passes the deal out (par_ns 0); ParContract tag, or from the table by export --dd"),
    Column("dd_tricks", pa.int8(), "Declarer's double-dummy tricks in the contract played (from the dd_ "
           "columns)"),
    Column("dd_result", pa.int8(), "Tricks taken less dd_tricks: positive when declarer beat double dummy"),
    Column("imps_vs_par", pa.int8(), "score_ns against par_ns in IMPs (positive: North-South beat par)"),
    Column("field_size", pa.int32(), "How many results the board's field has (see Field results)"),
    Column("mp_ns", pa.float64(), "North-South matchpoints in the field (2 per score beaten, 1 per tie)"),
    Column("pct_ns", pa.float64(), "North-South matchpoints as a percentage of the top"),
    Column("ximp_ns", pa.float64(), "North-South cross-IMPs, averaged over the comparisons"),
    Column("butler_ns", pa.int16(), "North-South IMPs against the Butler datum"),
    Column("datum", pa.int32(), "Butler datum of the field (North-South, rounded to 10)"),
    Column("team_imps", pa.int8(), "Team-match IMPs of the board to the team North-South in the open room "
           "(open-room NS score less closed-room NS score), the rooms as analyze --by match takes them (the "
           "file's Room, else its segment's order: see Team matches); when the field is one result from each "
           "room"),
    Column("tags", pa.map_(pa.string(), pa.string()), "Every other tag of the board, name to raw value"),
    Column("extra", _STR, "JSON: notes, commentary, tables, call and card annotations, and each format's "
           "record (formats: where each comment stood, PBN % lines...), for read_parquet"),
    # Last, after the columns of the first exports, so that none of theirs moves.
    Column("multiplicity", pa.int16(), "How many tables the result stands for: a ScoreTable row's "
           "Multiplicity (at most 1,000), else 1; the field figures count it so (see Field results)"),
    Column("adjusted_pct_ns", pa.float64(), "North-South's artificial adjusted score as a percentage "
           "(Law 12C2: a ScoreTable row ^60%, 40/60 or 60A; null for a result played; see Field results)"),
    Column("adjusted_pct_ew", pa.float64(), "East-West's artificial adjusted score as a percentage "
           "(60 average-plus, 50 average, 40 average-minus; null for a result played)"),
    Column("section", _STR, "The section the result was played in (a ScoreTable's Section cell): each "
           "section is a field of its own (see Field results)"),
    Column("ns_pair", _STR, "North-South's pair number (a ScoreTable's PairId_NS; the board's own row: "
           "that of the ScoreTable row it repeats)"),
    Column("ew_pair", _STR, "East-West's pair number (a ScoreTable's PairId_EW; likewise)"),
    Column("file_mp_ns", pa.float64(), "North-South's matchpoints as the file gives them (a ScoreTable's "
           "MP_NS; the board's own row: that of the ScoreTable row it repeats), beside mp_ns"),
    Column("file_mp_ew", pa.float64(), "East-West's matchpoints as the file gives them (a ScoreTable's "
           "MP_EW; likewise)"),
    Column("file_pct_ns", pa.float64(), "North-South's percentage as the file gives it (a ScoreTable's "
           "Percentage_NS; likewise), beside pct_ns"),
    Column("file_pct_ew", pa.float64(), "East-West's percentage as the file gives it (a ScoreTable's "
           "Percentage_EW; likewise)"),
    Column("replaced", pa.bool_(), "Whether a later file's result by the same four players in the same "
           "seats, or at the same table by its pair numbers, replaces this one (a corrected result): left "
           "out of its field (no field figures) and of analyze; "
           "the correction takes its section and pairs where it names none (see Field results)"),
    Column("file_score_ew", pa.int32(), "East-West's score as the file gives it where it does not balance "
           "file_score_ns (a director's assigned scores need not, Law 12C1: ScoreTable ^-420 with ^100 is "
           "100); null where it is file_score_ns negated"),
    Column("mp_ew", pa.float64(), "East-West matchpoints where the field holds scores that do not balance "
           "(file_score_ew): East-West's scores compared among themselves; null where they are the rest of "
           "the top (see Field results)"),
    Column("ximp_ew", pa.float64(), "East-West cross-IMPs likewise (null: ximp_ns negated)"),
    Column("butler_ew", pa.int16(), "East-West IMPs against East-West's own Butler datum likewise (null: "
           "butler_ns negated)"),
    Column("score_assigned", pa.bool_(), "Whether file_score_ns (and file_score_ew) is a director's "
           "assigned score (a ScoreTable ^ score, Law 12C): the result is ranked on it as given, not on its "
           "contract's score; null elsewhere"),
)

CALL_COLUMNS: tuple[Column, ...] = (
    Column("board_id", pa.int64(), "The board (boards.board_id)"),
    Column("position", pa.int16(), "Position of the call in the auction (0 = dealer's first call)"),
    Column("seat", category(), "Who made the call"),
    Column("call", category(), "The call: '1S', '3NT', 'Pass', 'X', 'XX'"),
    Column("level", pa.int8(), "Level of a bid (null for pass, double, redouble)"),
    Column("strain", category(), "Strain of a bid"),
    Column("alert", pa.bool_(), "Whether the call was alerted"),
    Column("explanation", _STR, "The explanation given, when any"),
)

PLAY_COLUMNS: tuple[Column, ...] = (
    Column("board_id", pa.int64(), "The board (boards.board_id)"),
    Column("position", pa.int8(), "Position of the card in the play (0 = the opening lead)"),
    Column("trick", pa.int8(), "Trick number, 1-13"),
    Column("seat", category(), "Who played the card"),
    Column("card", _STR, "The card: 'SA', 'H7'"),
    Column("suit", category(), "Its suit"),
    Column("rank", pa.int8(), "Its rank, 2-14 (ace)"),
    Column("won", pa.bool_(), "Whether this card won its trick"),
)

DD_COLUMNS = tuple(f"dd_{seat}_{strain}" for seat in _DD_SEATS for strain in _STRAIN_LETTERS)
"""The 20 double-dummy columns in DoubleDummyTricks order (declarer N, S, E, W; strains NT, S, H, D, C)."""


def type_name(type_: pa.DataType) -> str:
    """A column type as docs/analysis.md writes it: ``category`` for a dictionary of strings."""
    if pa.types.is_dictionary(type_):
        return "category"
    return str(type_).replace("list<item: string>", "list<string>").replace(
        "map<string, string ('entries')>", "map<string, string>")


def _schema(columns: tuple[Column, ...], table: str, metadata: dict[str, str] | None = None) -> pa.Schema:
    fields = [pa.field(c.name, c.type, metadata={"description": c.doc}) for c in columns]
    meta = {
        "bridgetools.schema": f"bridgetools.{table}/1",
        "bridgetools.categories": json.dumps({c.name: CATEGORIES[c.name] for c in columns
                                              if c.name in CATEGORIES}),
    }
    meta.update(metadata or {})
    return pa.schema(fields, metadata=meta)


def boards_schema(metadata: dict[str, str] | None = None) -> pa.Schema:
    """The ``boards`` schema, with ``metadata`` (seed, versions...) added to its key-value metadata."""
    return _schema(BOARD_COLUMNS, "boards", metadata)


def calls_schema(metadata: dict[str, str] | None = None) -> pa.Schema:
    """The long ``calls`` table: one row per call."""
    return _schema(CALL_COLUMNS, "calls", metadata)


def plays_schema(metadata: dict[str, str] | None = None) -> pa.Schema:
    """The long ``plays`` table: one row per card played."""
    return _schema(PLAY_COLUMNS, "plays", metadata)


BOARDS_SCHEMA = boards_schema()
CALLS_SCHEMA = calls_schema()
PLAYS_SCHEMA = plays_schema()
