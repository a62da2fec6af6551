"""JSON and JSON Lines: a versioned schema that gives back equal boards."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_lin_properties import legal_boards

from bridgetools import Annotation, Board, Contract, Deal, Seat, Table, Vul
from bridgetools.errors import NoBoardsError, ParseError
from bridgetools.formats import jsonfmt, lin
from bridgetools.formats.pbn_record import PbnRecord
from bridgetools.model import DDTable, Par, ParContract, Strain, TableResult
from bridgetools.model.results import MOST_TABLES, TOO_MANY_TABLES
from bridgetools.scoring import ns_score

DATA = Path(__file__).parent / "data" / "lin"
ANY_TEXT = st.text(max_size=15)


def dumps(boards: list[Board], fmt: str = "json") -> str:
    out = io.StringIO()
    jsonfmt.write_boards(boards, out, format=fmt)
    return out.getvalue()


def loads(text: str, strict: bool = False) -> list[Board]:
    return list(jsonfmt.read_boards(io.StringIO(text), "t.json", strict))


@st.composite
def pbn_records(draw: st.DrawFn) -> PbnRecord:
    """A PBN record with its fields of every kind: mappings with int keys, nested tuples, None."""
    note, irregular = st.none() | st.integers(1, 32), st.none() | st.just("S")
    token = st.tuples(ANY_TEXT, note, st.tuples(st.integers(0, 255)), irregular)
    return PbnRecord(
        raw=draw(st.dictionaries(st.sampled_from(["Board", "Event"]), ANY_TEXT, max_size=2)),
        result_irregular=draw(st.booleans()),
        comments=draw(st.lists(st.tuples(st.sampled_from([("game",), ("call", 2), ("card", 1, 3)]), ANY_TEXT),
                               max_size=2).map(tuple)),
        auction=draw(st.none() | st.lists(token, max_size=2).map(tuple)),
        play_rows=draw(st.none() | st.lists(st.lists(token, max_size=4).map(tuple), max_size=2).map(tuple)),
        play_notes=draw(st.dictionaries(st.integers(1, 32), ANY_TEXT, max_size=2)),
    )


@st.composite
def full_boards(draw: st.DrawFn) -> Board:
    """A legal board with every field JSON keeps and LIN cannot: notes, tags, tables, issues, extra."""
    board = draw(legal_boards())
    board.event, board.site, board.date = draw(st.none() | ANY_TEXT), draw(st.none() | ANY_TEXT), "2025.03.12"
    board.scoring = draw(st.sampled_from([None, "IMP", "MP"]))
    board.notes = draw(st.dictionaries(st.integers(1, 32), ANY_TEXT, max_size=3))
    board.commentary = draw(st.lists(ANY_TEXT, max_size=3))
    board.tags = draw(
        st.dictionaries(st.from_regex(r"[A-Z][A-Za-z]{0,8}", fullmatch=True), ANY_TEXT, max_size=3)
    )
    if draw(st.booleans()):
        board.tables = {"ScoreTable": Table(["Rank\\2R", "Score_NS"], [["1", "420"], ["2", "-50"]])}
    board.extra = draw(
        st.dictionaries(
            st.sampled_from(["rbn", "x"]),
            st.lists(st.integers() | ANY_TEXT, max_size=3)
            | st.dictionaries(st.integers(0, 40), ANY_TEXT, max_size=2)
            | st.tuples(st.integers(), ANY_TEXT),
            max_size=2,
        )
    )
    if draw(st.booleans()):
        board.extra["pbn"] = draw(pbn_records())
    if draw(st.booleans()):
        board.dd_table = DDTable.from_mapping({(Seat.N, Strain.S): draw(st.integers(0, 13))})
    if draw(st.booleans()):
        sacrifice = ParContract(Contract.from_str("3SX"), (Seat.E, Seat.W), -2)
        board.par = Par(draw(st.integers(-7600, 7600)), (sacrifice,))
    if draw(st.booleans()):
        imps = draw(st.none() | st.floats(-24, 24))
        game = Contract.from_str("4H")
        # The score Law 77 gives (a different one is a problem the reader reports).
        score = 420 if board.vulnerability is None else ns_score(game, Seat.S, 10, board.vulnerability)
        board.results = (TableResult(game, Seat.S, tricks=10, score_ns=score, ns_names=("A",), imps_ns=imps),)
    if board.auction is not None and len(board.auction) and draw(st.booleans()):
        board.auction.annotate(0, Annotation(note=1, suffix="!?", nags=(3, 25)))
    return board


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards=st.lists(full_boards(), max_size=3))
def test_boards_written_as_json_read_back_equal(fmt: str, boards: list[Board]) -> None:
    assert loads(dumps(boards, fmt)) == boards


@pytest.mark.parametrize("path", sorted(DATA.glob("*.lin")), ids=lambda p: p.name)
def test_every_corpus_lin_board_survives_json(path: Path) -> None:
    boards = list(lin.read_boards(path.open(encoding="utf-8"), str(path)))
    assert loads(dumps(boards, "jsonl")) == boards


def test_a_document_carries_its_schema_and_snake_case_keys() -> None:
    board = Board()
    board.number, board.dealer = 7, Seat.S
    data = json.loads(dumps([board]))
    assert data["schema"] == jsonfmt.SCHEMA == "bridgetools.board/3"
    (record,) = data["boards"]
    assert record["number"] == 7 and record["dealer"] == "S"
    assert all(key == key.lower() for key in record)


def test_json_lines_are_one_board_a_line_each_with_the_schema() -> None:
    lines = dumps([Board(), Board()], "jsonl").splitlines()
    assert len(lines) == 2
    assert all(json.loads(line)["schema"] == jsonfmt.SCHEMA for line in lines)


@pytest.mark.parametrize("name", ["all.jsonl", "all.ndjson"])
def test_a_path_named_jsonl_is_written_one_board_a_line(tmp_path: Path, name: str) -> None:
    import bridgetools as bt

    path = tmp_path / name
    bt.write([Board(number=1), Board(number=2)], path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["number"] for line in lines] == [1, 2]


def test_a_bad_line_is_an_issue_with_its_line_and_the_next_board_still_reads() -> None:
    good = dumps([Board()], "jsonl")
    first, board = loads(good + "{not json\n" + good.replace('"number": null', '"number": 3'))
    (issue,) = board.issues
    assert issue.line == 2 and "bad JSON" in issue.message
    assert board.number == 3 and first.issues == []


def test_json_lines_whose_first_line_is_no_board_object_still_read_every_good_line() -> None:
    # The first line, a whole JSON array, made the file a one-line document: the boards after it were lost.
    first, last = loads('"x"\n{"number": 1}\n[1, 2]\n{"number": 2}\n')
    assert (first.number, last.number) == (1, 2)
    assert [(i.line, i.column, i.message) for i in first.issues] == [
        (1, 1, "expected a board object, found a string")]
    assert [(i.line, i.column, i.message) for i in last.issues] == [  # a line's array: read as its boards
        (3, 2, "expected a board object, found a number"), (3, 5, "expected a board object, found a number")]


def test_a_document_on_one_line_or_over_many_is_still_read_as_one() -> None:
    document = dumps([Board(number=1), Board(number=2)])
    assert [b.number for b in loads(document)] == [1, 2]
    assert [b.number for b in loads(document.replace("\n", "") + "\n\n")] == [1, 2]
    assert [b.number for b in loads('[{"number": 3}, {"number": 4}]\n')] == [3, 4]


def test_a_bad_seat_or_strain_in_a_dd_table_is_named_as_json_writes_it() -> None:
    (board,) = loads('{"number": 4, "dd_table": {"X": {"NT": 5}}}\n')
    assert [i.message for i in board.issues] == [
        'dd_table: not a seat: "X" (expected N, E, S or W); its row left out']
    (board,) = loads('{"number": 4, "dealer": "Q", "auction": {"calls": []}, "schema": "x"}\n')
    assert sorted(i.message for i in board.issues) == [
        'auction: no "dealer" given; left out whole',
        'dealer: not a seat: "Q" (expected N, E, S or W); read as unknown (null), not from the board number',
        'unknown schema "x" (expected "bridgetools.board/3")']


def test_a_json_line_cut_short_is_placed_at_its_end_on_its_own_line() -> None:
    # was 2:1, the place after the line end, as if the problem were at the start of a line
    _, last = loads('{"number": 1}\n{"number": 2\n{"number": 3}\n')
    assert [(i.line, i.column) for i in last.issues] == [(2, 13)] and last.number == 3


def test_a_file_named_jsonl_whose_first_line_is_bad_json_still_reads_every_good_line() -> None:
    # was read as one document, bad at its first line: no boards at all
    text = '{"number": 1\n{"number": 2}\n{"number": 3}\n'
    first, last = jsonfmt.read_boards(io.StringIO(text), "season.jsonl")
    assert (first.number, last.number) == (2, 3)
    assert [(i.line, i.column) for i in first.issues] == [(1, 13)]
    named = dumps([Board(number=1), Board(number=2)], "json")
    assert [b.number for b in jsonfmt.read_boards(io.StringIO(named), "season.jsonl")] == [1, 2]


def test_json_lines_in_a_file_named_json_read_every_good_line_after_a_bad_first_one() -> None:
    # was read as one document, bad at 1:13: "no boards found (read as JSON)"
    text = '{"number": 1\n{"number": 2}\n{"number": 3}\n'
    first, last = read_text(text, "season.json")
    assert (first.number, last.number) == (2, 3)
    assert [(i.line, i.column, i.message) for i in first.issues] == [
        (1, 13, "bad JSON: the line ends inside an object (truncated?): expected ',' after a value, or the "
                "'}' or ']' that closes it")]


def test_a_json_document_cut_short_is_still_reported_as_one_not_read_line_by_line() -> None:
    # its board lines start records as JSON Lines do, but its first line starts a document
    text = dumps([Board(number=1), Board(number=2)], "json").rstrip().removesuffix("]}")
    boards = read_text(text, "t.json")
    assert [b.number for b in boards] == [1, 2]
    [issue] = [i for b in boards for i in b.issues]
    assert issue.line == 3
    assert issue.message.startswith("bad JSON: the file ends inside an array (truncated?)")


@pytest.mark.parametrize("cut", ["inside a board", "inside a string"])
def test_a_json_document_cut_short_keeps_the_boards_before_the_cut_whole(cut: str) -> None:
    """As a PBN or LIN file cut short does: it gave back nothing (``no boards found``)."""
    text = dumps(_numbered((1, 0), (2, 1), (3, 0)), "json")
    end = text.index('"number": 3') + (3 if cut == "inside a string" else len('"number": 3,'))
    boards = read_text(text[:end], "cut.json")
    assert [b.number for b in boards] == [1, 2]
    [issue] = [i for b in boards for i in b.issues]
    assert issue.level == "warning" and issue.line == text[:end].rstrip().count("\n") + 1
    assert issue.message.endswith("; the boards before it, written whole, are read")


@pytest.mark.parametrize("start", ["{", "["])
def test_a_problem_in_a_board_kept_before_a_cut_is_placed_at_its_field(start: str) -> None:
    # placing it walked the cut text to its end: 'unexpected error (JSONDecodeError)', no board read
    text = dumps(_numbered((1, 0), (2, 1), (3, 0)), "json").replace('"dealer": "N"', '"dealer": "Q"', 1)
    if start == "[":
        text = text[text.index("["):]
    cut = text[:text.index('"number": 3') + len('"number": 3,')]
    boards = read_text(cut, "cut.json")
    assert [b.number for b in boards] == [1, 2]
    [dealer] = [i for i in boards[0].issues if i.message.startswith("dealer")]
    line = cut.index('"dealer": "Q"')
    assert (dealer.line, dealer.column) == (cut[:line].count("\n") + 1, line - cut.rindex("\n", 0, line) + 10)


def test_a_problem_with_the_schema_of_a_document_cut_short_is_placed_at_it() -> None:
    text = dumps(_numbered((1, 0), (2, 1)), "json").replace("bridgetools.board/3", "bridgetools.board/9")
    boards = read_text(text[:text.index('"number": 2') + len('"number": 2,')], "cut.json")
    [schema] = [i for b in boards for i in b.issues if "schema" in i.message]
    assert (schema.line, schema.column) == (1, text.index('"bridgetools.board/9"') + 1)


@pytest.mark.parametrize(("text", "name", "place"), [
    ("[]", "e.json", "1:1"), ("\n  [ ]\n", "e.json", "2:3"), ("[]\n", "e.jsonl", "1:1"),
    ('{"schema": "bridgetools.board/3",\n "boards": []}\n', "e.json", "2:12")])
def test_json_s_empty_array_of_boards_is_an_error_placed_at_the_array(text: str, name: str,
                                                                       place: str) -> None:
    # it said `e.json: no boards found (read as JSON)`, with no line and column, as no other empty input does
    with pytest.raises(NoBoardsError, match=rf"/{name}:{place}: no boards found \(read as JSON\)$"):
        read_text(text, name)


def test_a_json_document_cut_short_is_an_error_under_strict() -> None:
    text = dumps(_numbered((1, 0), (2, 1)), "json")
    with pytest.raises(ParseError, match="the file ends inside an object"):
        read_text(text[:text.index('"number": 2,') + 12], "cut.json", strict=True)


@pytest.mark.parametrize(("text", "place"), [
    ('[{"number": 1},\n {"number": 2},\n {"number": 3}\n', "3:15"),
    ('[{"number": 1},\n {"number": 2}\n', "2:15")])
def test_a_bare_array_of_boards_cut_short_is_reported_as_one_document_not_read_line_by_line(
        text: str, place: str) -> None:
    # was read as JSON Lines: board 1 dropped (its line ends in a comma) and the error placed on line 1
    boards = read_text(text, "cut.json")
    assert [b.number for b in boards] == list(range(1, text.count("number") + 1))
    [issue] = [i for b in boards for i in b.issues]
    assert f"{issue.line}:{issue.column}" == place
    assert issue.message.startswith("bad JSON: the file ends inside an array (truncated?): expected ',' "
                                    "after a value, or the '}' or ']' that closes it")


@pytest.mark.parametrize("name", ["season.jsonl", "season.json"])
@pytest.mark.parametrize("indent", [2, None])
def test_a_document_is_parsed_once(name: str, indent: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    # a .jsonl file holding one document was parsed whole twice: to ask whether it is one, then to read it;
    # a document on one line, as JSON Lines or as the file's one value, was parsed again to read its boards
    out = io.StringIO()
    jsonfmt.write_boards([Board(number=1), Board(number=2)], out, format="json", indent=indent)
    text = out.getvalue() if indent else out.getvalue().replace("\n", "") + "\n"
    parsed: list[str] = []
    loads_json = json.loads

    def counted(value: str, **options: object) -> object:
        parsed.append(value)
        return loads_json(value, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(jsonfmt.json, "loads", counted)
    assert [b.number for b in jsonfmt.read_boards(io.StringIO(text), name)] == [1, 2]
    assert sum(value.strip() == text.strip() for value in parsed) == 1


def test_a_line_holding_an_array_of_boards_gives_its_boards_with_the_lines_after_it() -> None:
    # was "expected a board object, found an array": every board of the array lost
    array = json.dumps([{"number": 1}, {"number": 2}])
    assert [b.number for b in loads(f"{array}\n{array}\n")] == [1, 2, 1, 2]
    assert [b.number for b in loads(f'{array}\n{{"number": 3}}\n')] == [1, 2, 3]
    *boards, last = loads(f"{array}\nx\n")
    assert [b.number for b in boards] == [1, 2] and last.issues[0].line == 2


def test_json_lines_named_by_from_or_piped_in_read_every_good_line_after_a_bad_first_one() -> None:
    # --from jsonl and standard input were read as one document, bad at 2:1 ("read as JSONL"): no boards
    line = '{"schema": "bridgetools.board/3", "number": %d'
    text = f'{line % 1}, "deal": "N:AK\n{line % 2}}}\n{line % 3}}}\n'
    for source, options in (("-", {"format": "jsonl"}), ("season.txt", {"format": "jsonl"}), ("-", {})):
        first, last = read_text(text, source, **options)
        assert (first.number, last.number) == (2, 3)
        assert [(i.line, i.column) for i in first.issues] == [(1, text.index('"N:AK') + 1)]


def test_strict_json_lines_after_a_bad_first_line_read_only_until_a_line_gives_a_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # --strict read every line leniently, then the first line again strictly, to raise the first line's error
    read_lines: list[int] = []
    line_boards = jsonfmt._line_boards

    def counted(record: object, raw: str, line_no: int, *rest: object) -> object:
        read_lines.append(line_no)
        return line_boards(record, raw, line_no, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(jsonfmt, "_line_boards", counted)
    line = '{"schema": "bridgetools.board/3", "number": %d}'
    text = '{"number": 1, "deal": "N:AK\n' + "".join(f"{line % n}\n" for n in range(2, 40))
    with pytest.raises(ParseError) as caught:
        list(jsonfmt.read_boards(io.StringIO(text), "season.jsonl", strict=True))
    assert (caught.value.line, caught.value.context) == (1, '{"number": 1, "deal": "N:AK\n')
    assert read_lines == [2]
    read_lines.clear()
    boards = jsonfmt.read_boards(io.StringIO(text), "season.jsonl")
    assert [board.number for board in boards] == [*range(2, 40)]
    assert read_lines == [*range(2, 40)]


def test_a_document_over_many_lines_named_jsonl_is_reported_at_its_typo() -> None:
    # was reported at 1:2, line by line, where the document's first line stops
    out = io.StringIO()
    jsonfmt.write_boards([Board(number=1)], out, format="json", indent=2)
    text = out.getvalue().replace('"number"', "number", 1)
    typo = next(i for i, line in enumerate(text.splitlines(), 1) if "number" in line and '"' not in line[:8])
    with pytest.raises(ParseError) as e:
        list(jsonfmt.read_boards(io.StringIO(text), "season.jsonl", strict=True))
    assert (e.value.line, e.value.column) == (typo, text.splitlines()[typo - 1].index("number") + 1)
    with pytest.raises(NoBoardsError, match=rf"season.jsonl:{typo}:\d+: no boards found \(read as JSON\)"):
        list(read_text(text, "season.jsonl"))
    with pytest.raises(NoBoardsError, match=r"season.jsonl:1:2: no boards found \(read as JSON Lines, line"):
        list(read_text('[1]\n{"x"\n', "season.jsonl"))


def read_text(text: str, name: str, **options: object) -> list[Board]:
    """The boards of ``text`` read as ``bt.read`` reads a file named ``name`` (``-``: standard input)."""
    import sys

    from bridgetools.formats import read

    if name == "-":
        saved = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode()))
        try:
            return list(read("-", **options))  # type: ignore[arg-type]
        finally:
            sys.stdin = saved
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text)
        return list(read(path, **options))  # type: ignore[arg-type]


def test_a_bad_field_is_an_issue_and_the_field_is_left_empty() -> None:
    record = {"schema": jsonfmt.SCHEMA, "deal": "N:AKQ", "number": 5}
    (board,) = loads(json.dumps(record) + "\n")
    assert board.deal is None and board.number == 5
    assert board.issues[0].message.startswith("deal:")


def test_a_field_missing_a_key_is_an_issue_naming_the_key() -> None:
    record = {"schema": jsonfmt.SCHEMA, "play": {"declarer": "N", "cards": []}}
    (board,) = loads(json.dumps(record) + "\n")
    assert board.play is None
    assert [i.message for i in board.issues] == ['play: no "contract" given; left out whole']


def test_an_illegal_card_keeps_the_cards_before_it_and_says_how_many_are_left_out() -> None:
    """A hand-edited card that breaks the Laws cost the whole play (an issue naming the card alone)."""
    deal = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
    play = {"contract": "5HX", "declarer": "S", "cards": ["SK", "H3", "S4", "S3", "C2", "SA", "C5"]}
    (board,) = loads(json.dumps({"schema": jsonfmt.SCHEMA, "deal": deal, "play": play}) + "\n")
    assert board.play is not None and [str(c) for c in board.play.cards] == ["SK", "H3", "S4", "S3", "C2"]
    (issue,) = board.issues
    assert issue.message.startswith("play: illegal play SA by East (trick 2)")
    assert issue.message.endswith("; the cards from there on (2) are left out")


def test_a_call_that_is_none_keeps_the_calls_before_it_and_says_how_many_are_left_out() -> None:
    auction = {"dealer": "N", "calls": [{"call": "1D"}, {"call": "1S"}, {"call": "9Z"}, {"call": "Pass"}]}
    (board,) = loads(json.dumps({"schema": jsonfmt.SCHEMA, "auction": auction}) + "\n")
    assert board.auction is not None and [str(c) for c in board.auction.calls] == ["1D", "1S"]
    (issue,) = board.issues
    assert issue.message.startswith('auction: not a call: "9Z"')
    assert issue.message.endswith("; the calls from there on (2) are left out")


def test_strict_reading_raises_parse_error() -> None:
    with pytest.raises(ParseError) as caught:
        loads(dumps([Board()], "jsonl") + "[1, 2\n", strict=True)
    assert caught.value.line == 2


@pytest.mark.parametrize(("text", "line"), [
    ('{"boards": [\n{"number": 1},\n  {"number": "x"}]}\n', '  {"number": "x"}]}'),  # a document
    ('{"number": 1}\n{"number": "x"}\n', '{"number": "x"}'),  # JSON Lines
    ('{"boards": [{"number": "x"}]}', '{"boards": [{"number": "x"}]}'),  # a document on one line
])
def test_a_strict_error_says_the_line_it_is_on(text: str, line: str) -> None:
    with pytest.raises(ParseError, match="expected a whole number") as caught:
        loads(text, strict=True)
    assert caught.value.context == line


def test_an_unknown_schema_is_an_issue() -> None:
    (board,) = loads(json.dumps({"schema": "other/9"}) + "\n")
    assert "unknown schema" in board.issues[0].message


def test_sniff_knows_our_json() -> None:
    assert jsonfmt.sniff(dumps([Board()]))
    assert jsonfmt.sniff(dumps([Board()], "jsonl"))
    assert not jsonfmt.sniff("pn|a|")


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_text_gives_only_issues_or_parse_errors(text: str) -> None:
    list(jsonfmt.read_boards(io.StringIO(text), "f.json"))
    with contextlib.suppress(ParseError):
        list(jsonfmt.read_boards(io.StringIO(text), "f.json", strict=True))


@pytest.mark.parametrize("path", sorted((DATA.parent / "pbn").glob("*.pbn")), ids=lambda p: p.name)
def test_every_corpus_pbn_board_survives_json(path: Path) -> None:
    from bridgetools.formats import read

    pytest.importorskip("bridgetools.formats.pbn")
    boards = list(read(path))
    assert loads(dumps(boards, "jsonl")) == boards
    assert loads(dumps(boards)) == boards


def test_extra_keeps_int_keys_and_tuples() -> None:
    extra = {"pbn": {"notes": {1: "a", 2: "b"}, "pair": (1, "x"), "list": [1, [2]]}}
    assert jsonfmt.decode_extra(json.loads(json.dumps(jsonfmt.encode_extra(extra)))) == extra


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
FIELDS = [
    "number",
    "dealer",
    "vulnerability",
    "deal",
    "auction",
    "play",
    "contract",
    "declarer",
    "tricks",
    "players",
    "notes",
    "commentary",
    "tables",
    "tags",
    "issues",
    "extra",
    "formats",
    "results",
    "dd_table",
    "par",
    "room",
]


@pytest.mark.parametrize(("name", "value", "expected"), [
    ("number", "x", 'number: expected a whole number, found a string "x"; left out'),
    ("number", 1.7, "number: expected a whole number, found a number 1.7; left out"),
    ("number", True, "number: expected a whole number, found true; left out"),
    ("number", 0, "number: expected a board number from 1, not 0; left out"),
    ("tricks", 14, "tricks: expected 0 to 13 tricks, not 14; read as unknown (null), not from the play"),
    ("tricks", -2, "tricks: expected 0 to 13 tricks, not -2; read as unknown (null), not from the play"),
    ("tricks", "ten", 'tricks: expected a whole number, found a string "ten"; read as unknown (null), not '
     "from the play"),
])
def test_a_board_number_or_tricks_that_cannot_be_is_an_issue_not_a_value(
    name: str, value: object, expected: str
) -> None:
    (board,) = loads(json.dumps({"schema": jsonfmt.SCHEMA, "event": "Cup", name: value}) + "\n")
    assert getattr(board, name) is None
    assert [issue.message for issue in board.issues] == [expected]


_UNREAD_4Q = ('contract: not a contract: "4Q": "Q" is not a strain C, D, H, S or NT (expected level, '
              "strain and X/XX, such as 4SX, or Pass)")  # then where: "(character 2 of board 5)", one phrase


@pytest.mark.parametrize(("field", "value", "kept", "said"), [
    ("contract", "4Q", Contract.from_str("4S"),
     f"{_UNREAD_4Q} (character 2 of board 5): the auction's 4S is kept"),
    ("declarer", "Z", Seat.E, 'declarer: not a seat: "Z" (expected N, E, S or W) (board 5): the auction\'s E '
     "is kept"),
])
def test_a_contract_or_declarer_that_cannot_be_read_says_the_auctions_is_kept(
    field: str, value: str, kept: object, said: str
) -> None:
    # It said only "left out", and the board gave the auction's contract or declarer with no word of it.
    calls = [{"call": c} for c in ("Pass", "1S", "Pass", "4S", "Pass", "Pass", "Pass")]
    record = {"schema": jsonfmt.SCHEMA, "number": 5, "auction": {"dealer": "N", "calls": calls}, field: value}
    (board,) = loads(json.dumps(record) + "\n")
    assert getattr(board, field) == kept
    assert [(issue.line, issue.message) for issue in board.issues] == [(1, said)]


def test_a_contract_that_cannot_be_read_with_no_auction_or_play_is_said_left_out_with_its_board() -> None:
    (board,) = loads(json.dumps({"schema": jsonfmt.SCHEMA, "number": 5, "contract": "4Q"}) + "\n")
    assert board.contract is None
    assert [issue.message for issue in board.issues] == [f"{_UNREAD_4Q} (character 2 of board 5); left out"]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=5))
def test_any_json_values_in_a_board_give_issues_not_exceptions(record: dict) -> None:
    (board,) = loads(json.dumps({"schema": jsonfmt.SCHEMA, **record}) + "\n")
    assert isinstance(board, Board)


def test_a_bad_field_in_a_document_names_the_line_and_column_of_its_value() -> None:
    text = dumps([Board(number=1), Board(number=2), Board(number=3)]).replace('"number": 2', '"number": "x"')
    boards = loads(text)
    (issue,) = boards[1].issues
    line = text.splitlines()[2]
    assert (issue.line, issue.column) == (3, line.index('"x"') + 1) and issue.message.startswith("number:")
    assert boards[0].issues == [] and boards[2].issues == []


def test_a_bad_field_in_an_indented_document_names_the_line_of_the_field_not_of_its_board() -> None:
    # It gave line 7, where the board's { opens, for a field on line 8.
    text = json.dumps({"schema": jsonfmt.SCHEMA, "boards": [{"number": 1}, {"number": 0}]}, indent=2)
    with pytest.raises(ParseError) as caught:
        loads(text, strict=True)
    assert (caught.value.line, caught.value.column) == (8, 17)
    assert text.splitlines()[7][16] == "0"


def test_a_bad_field_in_json_lines_names_its_column_on_the_line() -> None:
    text = '{"number": 1}\n{"number": 2, "dealer": "Q"}\n'
    (_, board) = loads(text)
    (issue,) = board.issues
    assert (issue.line, issue.column) == (2, text.splitlines()[1].index('"Q"') + 1)


SCHIPHOL_DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def test_an_illegal_card_is_placed_at_the_card_not_the_play() -> None:
    play = {"contract": "5HX", "declarer": "S", "cards": ["SK", "H3", "S4", "S3", "C2", "SA", "C5"]}
    record = {"schema": jsonfmt.SCHEMA, "deal": SCHIPHOL_DEAL, "play": play}
    text = json.dumps(record) + "\n"
    (board,) = loads(text)
    assert [(i.line, i.column) for i in board.issues] == [(1, text.index('"SA"') + 1)]
    document = json.dumps({"schema": jsonfmt.SCHEMA, "boards": [record]}, indent=2)
    with pytest.raises(ParseError) as caught:
        loads(document, strict=True)
    line = document.splitlines()[caught.value.line - 1]
    assert line[caught.value.column - 1:].startswith('"SA"')


def test_an_illegal_call_is_placed_at_the_call_not_the_auction() -> None:
    auction = {"dealer": "N", "calls": [{"call": "1D"}, {"call": "1S"}, {"call": "1C"}, {"call": "Pass"}]}
    text = json.dumps({"schema": jsonfmt.SCHEMA, "auction": auction}) + "\n"
    (board,) = loads(text)
    (issue,) = board.issues
    assert "illegal call 1C" in issue.message and (issue.line, issue.column) == (1, text.index('"1C"') + 1)


def test_an_impossible_claim_is_placed_at_the_claim_and_the_cards_are_kept() -> None:
    play = {"contract": "5HX", "declarer": "S", "cards": ["SK", "H3", "S4", "S3"], "claim": 14}
    text = json.dumps({"schema": jsonfmt.SCHEMA, "deal": SCHIPHOL_DEAL, "play": play}) + "\n"
    (board,) = loads(text)
    assert board.play is not None and len(board.play.cards) == 4
    (issue,) = board.issues
    assert "claim of 14 tricks" in issue.message and issue.column == text.index('14}') + 1


def test_a_field_given_twice_is_placed_at_the_value_json_reads_the_last() -> None:
    (board,) = loads('[{"dealer": "N",\n  "dealer": "Q"}]')
    assert [(i.line, i.column) for i in board.issues] == [(2, 13)]


def test_an_issue_s_unread_field_and_part_survive_json() -> None:
    """A deal not read (``unread``) still says so after JSON, and an illegal card keeps the part it is
    about, so that the computer's play takes it away."""
    from bridgetools.errors import Issue

    board = Board(number=1, issues=[Issue("bad deal", 1, 2, "a.pbn", unread="deal"),
                                    Issue("bad card", 3, 4, "a.pbn", about="play")])
    (back,) = loads(dumps([board]))
    assert back.issues == board.issues


def test_a_result_whose_score_ns_its_contract_and_tricks_score_otherwise_is_a_problem_at_its_score() -> None:
    # validate my.json said 0 problems; the same result as a PBN ScoreTable row was one (Law 77).
    text = ('{"boards": [{"number": 1, "vulnerability": "NS", "results": [\n'
            '{"contract": "4S", "declarer": "N", "tricks": 10, "score_ns": 400},\n'
            '{"contract": "4S", "declarer": "N", "tricks": 10, "score_ns": 620}]}]}')
    (board,) = loads(text)
    assert [(i.message, i.line, i.column) for i in board.issues] == [
        ("results: result 1: score_ns 400 differs from the NS 620 that 4S by N with 10 tricks (Vulnerable NS)"
         " scores (Law 77); the result is kept as written", 2, text.splitlines()[1].index("400") + 1)]
    assert [r.score_ns for r in board.results] == [400, 620]


def test_a_results_opening_lead_is_written_as_a_card_and_reads_back() -> None:
    """A ScoreTable's ``Lead`` column (Bridgemate and ScoreBridge fill it) went to JSON as ``[1, 14]``,
    the card's suit and rank numbers, which the JSON reader refused: ``lead: not a card: [1, 14]``."""
    from bridgetools.model import Card

    board = Board(number=1, vulnerability=Vul.NONE, results=(
        TableResult(Contract.from_str("2S"), Seat.N, 8, lead=Card.parse("DA"), score_ns=110),))
    text = dumps([board])
    assert '"lead": "DA"' in text
    (back,) = loads(text)
    assert back.results == board.results and not back.issues


def test_a_result_whose_score_is_no_number_is_a_problem_not_a_crash_of_the_writers() -> None:
    # score_ns "x" was kept, and writing PBN stopped: unexpected error (TypeError): '<' not supported
    text = ('{"schema": "bridgetools.board/2", "boards": [{"number": 1, "results": ['
            '{"contract": "4S", "declarer": "N", "tricks": 10, "score_ns": "x"}]}]}')
    (board,) = loads(text)
    assert board.results == (TableResult(Contract.from_str("4S"), Seat.N, 10),)
    assert [i.message for i in board.issues] == [
        'results: result 1: score_ns: expected a whole number, found a string "x"; read as unknown, the rest'
        ' of the result kept']
    from bridgetools.formats import dumps as write_text

    assert '[Board "1"]' in write_text([board], "pbn")


def test_a_multiplicity_of_more_tables_than_a_session_holds_is_reported_at_it_and_kept() -> None:
    # "multiplicity": 99999 was counted as 1,000 tables without a word, where the PBN reader reports the cell
    text = ('{"boards": [{"number": 1, "results": [\n'
            '{"contract": "4S", "declarer": "N", "tricks": 10, "score_ns": 420, "multiplicity": 99999},\n'
            '{"contract": "4S", "declarer": "N", "tricks": 10, "score_ns": 420, "multiplicity": 1000}]}]}')
    (board,) = loads(text)
    assert [(i.message, i.line, i.column) for i in board.issues] == [
        (f"results: result 1: multiplicity: 99999: {TOO_MANY_TABLES}", 2,
         text.splitlines()[1].index("99999") + 1)]
    assert [r.multiplicity for r in board.results] == [99999, MOST_TABLES]


R2_DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"


def test_one_unreadable_value_in_a_result_is_unknown_and_every_result_is_kept() -> None:
    # "tricks": "nine" in the second result lost both results, the problem not saying so
    text = ('[{"number": 1, "deal": "' + R2_DEAL + '", "results": [{"ns_pair": 1, "ew_pair": 2, '
            '"contract": "4S", "declarer": "N", "tricks": 10}, {"ns_pair": 3, "ew_pair": 4, "contract": '
            '"3NT", "declarer": "S", "tricks": "nine"}]}]')
    (board,) = loads(text)
    assert board.results == (TableResult(Contract.from_str("4S"), Seat.N, 10, ns_pair="1", ew_pair="2"),
                             TableResult(Contract.from_str("3NT"), Seat.S, ns_pair="3", ew_pair="4"))
    assert [(i.column, i.message) for i in board.issues] == [(text.index('"nine"') + 1, (
        'results: result 2: tricks: expected a whole number, found a string "nine"; read as unknown, the rest'
        ' of the result kept'))]


def test_each_unreadable_value_of_the_results_is_its_own_problem_at_its_place() -> None:
    text = ('{"number": 1, "results": [{"contract": "4Z", "declarer": "N", "tricks": 10}, "x", '
            '{"contract": "2H", "declarer": "E", "tricks": 8, "score_ns": "y"}]}\n')
    (board,) = loads(text)
    assert board.results == (TableResult(None, Seat.N, 10), TableResult(Contract.from_str("2H"), Seat.E, 8))
    assert [(i.column, i.message) for i in board.issues] == [
        (text.index('"4Z"') + 1, 'results: result 1: contract: not a contract: "4Z": "Z" is not a strain '
                                 "C, D, H, S or NT (expected level, strain and X/XX, such as 4SX, or Pass) "
                                 "(character 2); read as unknown, the rest of the result kept"),
        (text.index('"x"') + 1, "results: result 2: expected an object, found a string; left out"),
        (text.index('"y"') + 1, 'results: result 3: score_ns: expected a whole number, found a string "y"; '
                                "read as unknown, the rest of the result kept")]
    with pytest.raises(ParseError, match="result 1: contract"):
        loads(text, strict=True)


def test_one_unreadable_cell_of_a_dd_table_is_unknown_and_the_rest_kept() -> None:
    (board,) = loads('{"number": 1, "dd_table": {"N": {"S": 10, "NT": "x"}, "Q": {"S": 3}, '
                     '"E": {"H": 4, "Z": 5}}}\n')
    assert board.dd_table is not None and dict(board.dd_table.items()) == {
        (Seat.N, Strain.S): 10, (Seat.E, Strain.H): 4}
    assert [i.message for i in board.issues] == [
        'dd_table: N: NT: expected a whole number, found a string "x"; read as unknown, the rest of the '
        "table kept",
        'dd_table: not a seat: "Q" (expected N, E, S or W); its row left out',
        'dd_table: E: not a strain: "Z" (expected C, D, H, S or NT); left out']


def test_an_unreadable_par_score_is_unknown_and_an_unreadable_par_contract_alone_left_out() -> None:
    (board,) = loads('{"number": 1, "par": {"score": "lots", "contracts": [{"contract": "4S", '
                     '"declarers": ["N", "S"]}, {"contract": "9S", "declarers": ["E"]}]}}\n')
    assert board.par == Par(None, (ParContract(Contract.from_str("4S"), (Seat.N, Seat.S)),))
    assert [i.message for i in board.issues] == [
        'par: score: expected a whole number, found a string "lots"; read as unknown, the contracts kept',
        'par: contract 2: not a contract: "9S": "9" is not a level 1 to 7 (expected level, strain and X/XX, '
        "such as 4SX, or Pass) (character 1); left out"]


def test_one_unreadable_comment_player_or_tag_is_left_out_alone() -> None:
    (board,) = loads('{"number": 1, "commentary": ["good lead", [1], "well played"], "players": '
                     '{"N": "Ann", "Q": "Bob", "S": "Cy"}, "tags": {"Room": null, "Stage": "Final"}}\n')
    assert board.commentary == ["good lead", "well played"]
    assert board.players == {Seat.N: "Ann", Seat.S: "Cy"} and board.tags == {"Stage": "Final"}
    assert [i.message for i in board.issues] == [
        'players: not a seat: "Q" (expected N, E, S or W); left out',
        "commentary: comment 2: expected a string, found an array [1]; left out",
        "tags: Room: expected a string, found null; left out"]


def test_a_call_that_is_no_object_keeps_the_calls_before_it() -> None:
    # the whole auction was lost for a call written "P" rather than {"call": "P"}
    (board,) = loads('{"number": 1, "auction": {"dealer": "N", "calls": [{"call": "1S"}, "P"]}}\n')
    assert board.auction is not None and [str(c) for c in board.auction.calls] == ["1S"]
    assert [i.message for i in board.issues] == [
        'auction: call 2: expected an object such as {"call": "1S"}, found a string; the calls from there on '
        "(1) are left out"]
    (board,) = loads('{"number": 1, "auction": {"dealer": "N", "calls": [{"call": "1S"}, {"c": "P"}]}}\n')
    assert board.auction is not None and [str(c) for c in board.auction.calls] == ["1S"]
    assert [i.message for i in board.issues] == [
        'auction: call 2: no "call" given; the calls from there on (1) are left out']


@pytest.mark.parametrize(("field", "value", "said"), [
    ("players", '["a", "b"]', "players: expected an object, found an array; left out whole"),
    ("commentary", '"hello"', "commentary: expected an array, found a string; left out whole"),
    ("auction", '{"dealer": "N", "calls": ["1S"]}',
     'auction: call 1: expected an object such as {"call": "1S"}, found a string; the calls from there on (1)'
     ' are left out'),
    ("dd_table", '{"N": {"NT": "x"}}',
     'dd_table: N: NT: expected a whole number, found a string "x"; read as unknown, the rest of the table'
     ' kept'),
])
def test_a_field_of_the_wrong_kind_is_said_in_json_s_words(field: str, value: str, said: str) -> None:
    # were Python's: "'list' object has no attribute 'items'", "string indices must be integers"
    text = f'{{"schema": "bridgetools.board/2", "boards": [{{"number": 1, "{field}": {value}}}]}}'
    (board,) = loads(text)
    assert [i.message for i in board.issues] == [said]


def test_table_cells_written_as_json_numbers_are_their_digits_and_the_pbn_writer_takes_them() -> None:
    # a cell 420 (not "420") stopped the PBN writer: expected string or bytes-like object, got 'int'
    text = ('{"schema": "bridgetools.board/2", "boards": [{"number": 1, "tables": {"ScoreTable": '
            '{"columns": ["PairId_NS", "Score_NS"], "rows": [[1, 420], ["2", 2.5]]}}}]}')
    (board,) = loads(text)
    assert board.tables["ScoreTable"].rows == [["1", "420"], ["2", "2.5"]] and not board.issues
    from bridgetools.formats import dumps as write_text

    assert "1 420" in write_text([board], "pbn")


@pytest.mark.parametrize("record", ['{"raw": {"Result": 3}}', '{"escapes": ["% a", 2.5]}', '{"play_end": 3}'])
def test_a_format_record_of_the_wrong_kinds_stays_plain_and_no_writer_stops(record: str) -> None:
    # a number where the PBN record holds text stopped the writers: 'int' object has no attribute 'strip'
    text = ('{"schema": "bridgetools.board/2", "boards": [{"number": 1, "deal": "N:AKQ2.KJ3.T98.432 '
            'JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65", "formats": {"pbn": ' + record + '}}]}')
    (board,) = loads(text)
    assert not isinstance(board.extra["pbn"], PbnRecord)
    from bridgetools.formats import dumps as write_text

    for fmt in ("pbn", "lin", "rbn", "json"):
        assert write_text([board], fmt)


@pytest.mark.parametrize(("text", "said"), [
    ('{"schema": "bridgetools.board/2", "boards": [{"event": "Club',
     "t.json:1:56: bad JSON: a string is not closed: expected its closing '\"' (a missing quote, or the file "
     "ends inside it)"),
    ('{"schema": "bridgetools.board/2", "number": 1, "event": "Club\n{"number": 2}\n',  # JSON Lines
     "t.json:1:57: bad JSON: a string is not closed: expected its closing '\"' (a missing quote, or the file "
     "ends inside it)"),
    ('{"schema": "bridgetools.board/2", "boards": [{"number": 1, "event": "Club\n{"number": 2}]}\n',
     "t.json:1:74: bad JSON: a string not closed on its line: expected its closing '\"' (a line end or a tab "
     "in one is written \\n or \\t)"),
])
def test_json_cut_short_inside_a_string_is_said_as_such_not_in_cut_words(text: str, said: str) -> None:
    # were `bad JSON: Unterminated string starting at` and `bad JSON: Invalid control character at`
    assert said in [str(i) for b in loads(text) for i in b.issues]


@pytest.mark.parametrize(("text", "said"), [
    ('{"number": 1\n', "t.json:1:13: bad JSON: the file ends inside an object (truncated?): expected ',' "
                      "after a value, or the '}' or ']' that closes it"),
    ('{"number": 1,\n\n', "t.json:1:14: bad JSON: the file ends inside an object (truncated?): expected a "
                          "key in double quotes (or the '}' that closes the object, with no ',' before it)"),
    ('{"number" 1}', "t.json:1:11: bad JSON: expected ':' after a key"),
])
def test_a_json_document_cut_short_is_placed_at_its_end_in_our_words(text: str, said: str) -> None:
    # were `t.json:2:1: bad JSON: Expecting ',' delimiter` (the line after the text) and Python's words
    assert [str(i) for b in loads(text) for i in b.issues] == [said]


def test_a_json_file_cut_short_after_a_comma_is_said_to_end_inside_an_object() -> None:
    # was `bad JSON: expected a key in double quotes ...` alone, at the end of the text
    text = dumps([Board(number=1, event="Club", players={Seat.N: "Ann", Seat.S: "Bob"})], "json")
    cut = text[:text.index('"Ann",') + len('"Ann",')]
    with pytest.raises(NoBoardsError, match=r"first problem: bad JSON: the file ends inside an object "
                                            r"\(truncated\?\): expected a key in double quotes"):
        read_text(cut, "cut.json")


def test_json_cut_short_where_nothing_is_open_is_not_said_to_end_inside_one() -> None:
    assert [i.message for b in loads('{"number": 1}}') for i in b.issues] == [
        "bad JSON: expected the end of the file after the boards, found '}' (one too many?)"]


@pytest.mark.parametrize(("text", "said"), [
    ('{"number": 1}}', "t.json:1:14: bad JSON: expected the end of the file after the boards, found '}' "
                       "(one too many?)"),
    ('{"number": 1} {"number": 2}', "t.json:1:15: bad JSON: expected the end of the file after the boards, "
                                    "found another value (JSON Lines puts each board on a line of its own)"),
    ('{"number": 1}\n{"number": 2}]\n', "t.json:2:14: bad JSON: expected the end of the line after its "
                                        "board, found ']' (one too many?)"),
])
def test_text_after_the_boards_is_said_as_the_end_expected_there(text: str, said: str) -> None:
    # was Python's `bad JSON: Extra data`
    assert said in [str(i) for b in loads(text) for i in b.issues]


def test_a_board_whose_deal_cannot_be_read_and_that_holds_nothing_else_is_said_to_be_left_out() -> None:
    # was `first problem: number: expected a whole number ...`, the board's loss never said
    with pytest.raises(NoBoardsError, match=r"bad.json:1:1: no boards found \(read as JSON\); first problem: "
                                            "board left out: its deal, number and dealer cannot be read"):
        read_text('{"number":"x","dealer":"Q","deal":"N:AKQ"}', "bad.json")


def test_a_board_whose_deal_cannot_be_read_but_that_holds_more_is_no_board_left_out() -> None:
    (board,) = loads('{"number": 3, "deal": "N:AKQ"}')
    assert board.number == 3
    assert [i.message for i in board.issues if "left out:" in i.message] == []


@pytest.mark.parametrize("text", [
    '[{"number": 1}, {"number": 2}]\n\x1a',
    '{"number": 1}\n{"number": 2}\n\x1a',
    '{"schema": "bridgetools.board/2", "boards": [\n{"number": 1},\n{"number": 2}\n]}\n\x1a',
    '[{"number": 1}, {"number": 2}]\x1a',
])
def test_a_final_ctrl_z_end_of_file_mark_after_json_is_skipped(text: str) -> None:
    # was `t.json:2:1: bad JSON: expected a value ...` (or `Extra data`) for the DOS end-of-file mark
    boards = loads(text)
    assert [b.number for b in boards] == [1, 2]
    assert [str(i) for b in boards for i in b.issues] == []


def test_json_lines_no_line_of_which_is_good_are_reported_at_the_document_and_first_line_places() -> None:
    # was the whole document's problem alone (2:1), not line 1's own (1:14)
    text = '{"number": 1,\n{"number": 2,\n'
    with pytest.raises(NoBoardsError) as error:
        read_text(text, "t.jsonl")
    assert sorted((i.line, i.column) for i in error.value.issues) == [(1, 14), (2, 1)]
    pretty = '{\n  "schema": "bridgetools.board/2",\n  "boards": [\n    {"number": 1,}\n  ]\n}\n'
    with pytest.raises(NoBoardsError) as error:  # a document over many lines: its typo alone
        read_text(pretty, "t.jsonl")
    assert [(i.line, i.column) for i in error.value.issues] == [(4, 18)]


def test_a_kept_issue_whose_line_is_no_number_is_reported_not_taken_as_its_source() -> None:
    # `{"message": "m", "line": "x"}` was kept, and printed as `x: m`
    kept = '[{"message": "m", "line": 3}, {"message": "n", "line": "x"}]'
    (board,) = loads('{"number": 1, "issues": ' + kept + '}\n')
    assert [i.message for i in board.issues] == [
        'issues: issue 2: line: expected a whole number, found a string "x"; read as unknown, the rest of the'
        ' issue kept', "m", "n"]


def test_a_known_formats_record_that_is_no_object_is_reported_and_the_others_kept() -> None:
    # `"formats": {"pbn": []}` was kept plain with no issue, and the PBN writer dropped it
    text = '{"number": 1, "formats": {"pbn": [], "lin": {"x": 1}}}\n'
    (board,) = loads(text)
    assert [(i.column, i.message) for i in board.issues] == [
        (text.index("[]") + 1, "formats: pbn: expected an object, found an array; it is left out")]
    assert list(board.extra) == ["lin"]
    (board,) = loads('{"number": 1, "formats": {"pbn": [], "lin": 3}}\n')  # each named (the first alone was)
    assert [i.message for i in board.issues] == [
        "formats: pbn: expected an object, found an array; it is left out",
        "formats: lin: expected an object, found a number; it is left out"]


def test_the_json_reader_names_json_kinds_and_values_not_python_types() -> None:
    # were "found list", "found NoneType", "not 'x'", "not a deal: {'a': 1}", "'int' object is not
    # subscriptable" (issues, par), "invalid literal for int() with base 10: 'N'", an event [1] kept as "[1]"
    lines = ['{"number": 1}', '[1, 2]', 'null', 'true', '{"number": 1, "deal": {"a": 1}}',
             '{"number": 2, "event": [1]}', '{"number": 3, "notes": {"N": "x"}}',
             '{"number": 4, "issues": [5]}', '{"number": 5, "results": [{"contract": ["4S"]}]}',
             '{"number": 6, "tags": {"Room": null}}', '{"number": 7, "par": {"contracts": [5]}}']
    issues = [issue for board in loads("\n".join(lines) + "\n") for issue in board.issues]
    assert [(issue.line, issue.message) for issue in issues] == [
        (2, "expected a board object, found a number"), (2, "expected a board object, found a number"),
        (3, "expected a board object, found null"),
        (4, "expected a board object, found true"),
        (5, 'deal: expected a string, found an object {"a": 1}; left out'),
        (6, "event: expected a string, found an array [1]; left out"),
        (7, 'notes: expected a whole number, found a string "N"; left out'),
        (8, "issues: issue 1: expected an object, found a number; left out"),
        (9, 'results: result 1: contract: expected a string, found an array ["4S"]; read as unknown, the rest'
            ' of the result kept'),
        (10, "tags: Room: expected a string, found null; left out"),
        (11, "par: contract 1: expected an object, found a number; left out"),
    ]
    assert [issue.column for issue in issues[4:6]] == [lines[4].index("{", 1) + 1, lines[5].index("[") + 1]


def test_a_document_whose_boards_are_no_array_says_so_in_json_s_words() -> None:
    text = '{"schema": "bridgetools.board/3", "boards": {"number": 1}}'
    (board,) = loads(text)
    assert [(i.line, i.column, i.message) for i in board.issues] == [
        (1, text.index("{", 1) + 1, "boards: expected an array of board objects, found an object")]


def test_sniff_knows_an_array_of_board_objects_without_a_schema() -> None:
    boards = json.loads(dumps([Board(number=3)]))["boards"]
    assert jsonfmt.sniff(json.dumps(boards, indent=2))
    assert jsonfmt.sniff(json.dumps(boards))


def test_sniff_knows_a_single_board_object_without_a_schema() -> None:
    (board,) = json.loads(dumps([Board(number=3)]))["boards"]
    assert jsonfmt.sniff(json.dumps(board, indent=2))
    assert jsonfmt.sniff(json.dumps(board))


def test_sniff_leaves_other_json_objects_alone() -> None:
    assert not jsonfmt.sniff('{"name": "Kowalski", "score": 3}')
    assert not jsonfmt.sniff("{}")


def test_sniff_leaves_other_json_arrays_alone() -> None:
    assert not jsonfmt.sniff('[{"name": "Kowalski", "score": 3}]')
    assert not jsonfmt.sniff("[1, 2, 3]")
    assert not jsonfmt.sniff("[]")


def test_an_unknown_key_beside_a_hand_edited_json_formats_value_keeps_the_value_and_names_the_key() -> None:
    # `"formats": {"json": {"bogus": 1}}` with `"x": 1` beside it was written back as `"formats": {}`
    text = '{"number": 1, "formats": {"json": {"bogus": 1}}, "x": 1}\n'
    (board,) = loads(text)
    assert board.extra["json"] == {"bogus": 1}
    assert [(i.column, i.message) for i in board.issues] == [
        (text.index('"x": 1') + 6, 'unknown key "x" left out, as the board\'s formats.json holds a value '
                                   "that is no record of JSON keys, which is written back as read")]
    assert json.loads(dumps([board]).splitlines()[1])["formats"] == {"json": {"bogus": 1}}


def test_the_key_left_out_beside_a_hand_edited_json_formats_value_is_said_whole_under_strict() -> None:
    # its message held "formats: json ... (kept as it was)", which --strict cut to "..., as formats"
    with pytest.raises(ParseError, match="which is written back as read"):
        loads('{"number": 1, "formats": {"json": {"bogus": 1}}, "x": 1}\n', strict=True)


# A board number given again with another deal: told as PBN and LIN tell it (`BoardsSeen`) --------------

AGAIN_DEALS = ("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
               "N:T98.765.432.AKQJ AKQJ.T98.765.432 432.AKQJ.T98.765 765.432.AKQJ.T98")


def _numbered(*numbered: tuple[int, int], event: str | None = None) -> list[Board]:
    """Boards given as (board number, which of `AGAIN_DEALS`)."""
    return [Board(number=n, deal=Deal.from_pbn(AGAIN_DEALS[d]), event=event) for n, d in numbered]


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_a_json_board_number_given_again_with_another_deal_is_a_warning_at_its_number(fmt: str) -> None:
    text = dumps(_numbered((1, 0), (2, 0), (2, 1)), fmt)
    boards = loads(text)
    assert not boards[0].issues and not boards[1].issues
    [issue] = boards[2].issues
    line = 4 if fmt == "json" else 3  # the document's boards start on line 2
    column = text.splitlines()[line - 1].index('"number": ') + len('"number": ') + 1  # at the 2
    assert issue.level == "warning" and (issue.line, issue.column) == (line, column)
    assert issue.message.startswith(f"board 2 again with another deal than board 2 at line {line - 1}")


@pytest.mark.parametrize("numbered", [((1, 0), (1, 0)), ((1, 0), (2, 1), (1, 1), (2, 0))],
                         ids=["the other room's deal", "a second set numbered from 1"])
def test_a_json_board_number_again_is_no_problem_in_its_other_room_or_a_new_set(
        numbered: tuple[tuple[int, int], ...]) -> None:
    assert not [i for b in loads(dumps(_numbered(*numbered))) for i in b.issues]


def test_a_json_board_number_again_in_another_event_is_another_set() -> None:
    boards = _numbered((1, 0), (2, 0), event="Monday") + _numbered((2, 1), event="Tuesday")
    assert not [i for b in loads(dumps(boards)) for i in b.issues]


def test_a_json_document_without_problems_finds_no_board_places(monkeypatch: pytest.MonkeyPatch) -> None:
    """Places are found by walking the text again, only for a problem (walking it for every board's
    number made a document's reading take time quadratic in its size)."""
    def no_walk(*_: object) -> list[int]:
        raise AssertionError("a place was looked for with no problem to tell")
    monkeypatch.setattr(jsonfmt, "board_offsets", no_walk)
    monkeypatch.setattr(jsonfmt, "path_offset", no_walk)
    boards = loads(dumps(_numbered((1, 0), (2, 1), (3, 0))))
    assert [b.number for b in boards] == [1, 2, 3]


def test_a_json_problem_far_into_a_document_names_its_line_and_column() -> None:
    text = dumps(_numbered(*((n, n % 2) for n in range(1, 40)), (7, 0)))  # board 7 first had deal 1
    [issue] = [i for b in loads(text) for i in b.issues]
    lines = text.splitlines()
    first, line = [n for n, row in enumerate(lines, 1) if '"number": 7,' in row]
    assert (issue.line, issue.column) == (line, lines[line - 1].index("7,") + 1)
    assert f"than board 7 at line {first}:" in issue.message


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_json_on_an_ascii_output_writes_other_characters_as_escapes_that_read_back(fmt: str) -> None:
    # it failed: "the output's encoding (ascii) cannot write '\\u200a\\u2014\\u200a'"
    board = Board(number=1, event="Caf\u00e9 \u200a\u2014\u200a \u2660")
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    jsonfmt.write_boards([board], out, format=fmt)
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert "\\u2014" in text and loads(text)[0].event == board.event


def test_a_json_board_number_again_under_strict_is_an_error() -> None:
    with pytest.raises(ParseError, match="board 2 again with another deal"):
        loads(dumps(_numbered((1, 0), (2, 0), (2, 1))), strict=True)


def test_a_repeat_a_json_file_kept_from_its_source_is_told_once_not_once_more() -> None:
    (first,) = [b for b in loads(dumps(_numbered((1, 0), (2, 0), (2, 1)))) if b.issues]
    again = loads(dumps(loads(dumps([*_numbered((1, 0), (2, 0)), first]))))
    assert [len(b.issues) for b in again] == [0, 0, 1]


def test_a_kept_repeat_gives_way_by_its_kind_not_its_words() -> None:
    """The JSON reader told a kept repeat by its wording: reworded, it was kept beside the new one, and a
    problem quoting those words was dropped. The warning carries its kind, which JSON keeps."""
    (first,) = [b for b in loads(dumps(_numbered((1, 0), (2, 0), (2, 1)))) if b.issues]
    assert '"kind": "board-again"' in dumps([first])
    kept = first.issues[0]
    first.issues = [dataclasses.replace(kept, message="reworded in a later release"),
                    dataclasses.replace(kept, kind=None)]  # the words, from no such check
    [*_, last] = loads(dumps([*_numbered((1, 0), (2, 0)), first]))
    assert sorted(i.kind or "" for i in last.issues) == ["", "board-again"]
    assert "reworded in a later release" not in [i.message for i in last.issues]


def test_a_json_lines_file_read_board_by_board_keeps_no_line_it_has_passed(tmp_path: Path) -> None:
    # BoardsSeen kept each board's place, which held its line's whole text: memory grew with the file
    import tracemalloc

    import bridgetools as bt

    deal = Deal.from_pbn("N:AKQ2.K32.Q32.432 J98.QJ9.KJ9.KJ98 T76.T87.AT87.AT7 543.A654.654.Q65")
    path = tmp_path / "big.jsonl"
    path.write_text(dumps([Board(number=n, deal=deal, commentary=["x" * 20_000]) for n in range(1, 301)],
                          "jsonl"), encoding="utf-8")
    tracemalloc.start()
    try:
        boards = bt.read(path)
        next(boards)
        start = tracemalloc.get_traced_memory()[0]
        for _ in boards:
            held = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert held < 1_000_000  # 300 lines of 20 kB: 6 MB when each was kept


@pytest.mark.parametrize("claim", ["9.5", "true"])
def test_a_claim_that_is_no_whole_number_is_refused_at_the_claim_not_read_as_one(claim: str) -> None:
    play = {"contract": "5HX", "declarer": "S", "cards": ["SK", "H3", "S4", "S3"]}
    text = json.dumps({"schema": jsonfmt.SCHEMA, "deal": SCHIPHOL_DEAL, "play": play})
    text = text[:-2] + f', "claim": {claim}}}}}\n'
    (board,) = loads(text)
    assert board.play is not None and board.play.claimed is None and len(board.play.cards) == 4
    (issue,) = board.issues
    assert "whole number" in issue.message and issue.column == text.index(f"{claim}}}") + 1


def test_a_json_document_nested_too_deeply_is_bad_json_at_its_place() -> None:
    # `convert deep.json` said "unexpected error (RecursionError)": Python's parser ran out of stack
    text = '{"boards": ' + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(NoBoardsError) as raised:
        read_text(text, "deep.json")
    # the document's object is the first level, its 100th "[" the 101st
    assert (raised.value.line, raised.value.column) == (1, len('{"boards": ') + jsonfmt.NESTED_AT_MOST)
    assert "bad JSON: arrays and objects nested too deeply" in str(raised.value)


def test_a_json_line_nested_too_deeply_is_bad_json_and_the_good_lines_are_read() -> None:
    text = '{"number": 1}\n{"number": 2, "x": ' + "[" * 5000 + "]" * 5000 + "}\n"
    boards = read_text(text, "deep.jsonl")
    assert [b.number for b in boards if b.deal is not None or b.number is not None] == [1]
    [issue] = [i for b in boards for i in b.issues]
    assert (issue.line, issue.column) == (2, len('{"number": 2, "x": ') + jsonfmt.NESTED_AT_MOST)
    assert issue.message.startswith("bad JSON: arrays and objects nested too deeply")
