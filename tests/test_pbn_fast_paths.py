"""The PBN reader's quick paths (issue 9 item 20) give what the general ones give."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from bridgetools.board import Board
from bridgetools.formats import loads, pbn_read
from bridgetools.formats.pbn_read import GameReader, _all_pass, _holders
from bridgetools.model import PASS, Call, Card, Deal, Seat
from bridgetools.rules import Auction, Play, deal_shuffled

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def probed(auction: Auction) -> list[str]:
    """The passes AP stands for, found by adding passes to a copy until the auction ends."""
    probe = auction.copy()
    texts: list[str] = []
    while not probe.is_complete:
        probe.add(PASS)
        texts.append("Pass")
    return texts or ["Pass"]


def test_all_pass_stands_for_the_passes_that_close_the_auction() -> None:
    prefixes = ["", "P", "P P", "P P P", "P P P P", "1C", "1C P", "1C P P", "1C X", "1C X XX P"]
    prefixes.append("P 1S 2H X P")
    for calls in prefixes:
        auction = Auction(Seat.N, [Call.parse(c) for c in calls.split()])
        assert _all_pass(auction.calls) == probed(auction), calls


def test_a_plain_auction_reads_as_the_same_auction_with_a_note() -> None:
    head = f'[Dealer "N"]\n[Deal "{DEAL}"]\n[Auction "N"]\n'
    plain = loads(head + "1NT Pass 3NT AP\n", "pbn")[0]
    noted = loads(head + '1NT =1= Pass 3NT AP\n[Note "1:15-17"]\n', "pbn")[0]
    assert plain.auction is not None and noted.auction is not None
    assert plain.auction.calls == noted.auction.calls
    assert plain.contract == noted.contract and plain.issues == []


def test_the_holder_table_names_the_holder_of_every_card() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ - 5432.5432.5432.5 -")
    holders = _holders(deal)
    for index in range(52):
        card = Card.from_index(index)
        holder = deal.holder(card)
        assert holders[index] == (-1 if holder is None else int(holder)), card


def played_game(seed: int, tricks: int) -> str:
    """A PBN game with a random legal play of ``tricks`` tricks to 3NT by South (trick rows by seat)."""
    rng = random.Random(seed)
    deal = deal_shuffled(seed=seed)
    play = Play(deal, "3NT", Seat.S)
    while len(play.cards) < 4 * tricks:
        play.add(rng.choice(play.legal_cards()))
    seats = [play.opening_leader.offset(i) for i in range(4)]
    rows = [" ".join(str(t.card_of(seat)) for seat in seats) for t in play.trick_list]
    head = f'[Dealer "S"]\n[Deal "{deal.to_pbn()}"]\n[Declarer "S"]\n[Contract "3NT"]\n'
    return head + f'[Result "{play.declarer_tricks + 13 - tricks}"]\n[Play "W"]\n' + "\n".join(rows) + "\n*\n"


def read_both_ways(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str, int]:
    """The boards and issues of ``text`` by the reader, then with the plain play path turned off
    (everything through the general path), and how many plays the plain path took."""
    taken = 0
    plain = GameReader._plain_play

    def counted(*args: Any) -> bool:
        nonlocal taken
        done = plain(*args)
        taken += done
        return done

    monkeypatch.setattr(GameReader, "_plain_play", counted)
    quick = loads(text, "pbn")
    monkeypatch.setattr(GameReader, "_plain_play", lambda *args: False)
    general = loads(text, "pbn")
    monkeypatch.undo()
    return shown(quick), shown(general), taken


def shown(boards: list[Board]) -> str:
    """Each board with its issues, and its play's tricks and claim."""
    return repr([(repr(b), b.play and b.play.trick_list, b.play and b.play.claimed) for b in boards])


def swapped_columns(game: str, row: int) -> str:
    """The game with the first two cards of trick row ``row`` swapped (columns no longer seats)."""
    lines = game.split("\n")
    start = lines.index('[Play "W"]') + 1 + row
    cards = lines[start].split()
    cards[0], cards[1] = cards[1], cards[0]
    lines[start] = " ".join(cards)
    return "\n".join(lines)


def test_a_plain_play_section_reads_as_the_general_path_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(8):
        game = played_game(seed, 13)
        quick, general, taken = read_both_ways(game, monkeypatch)
        assert taken == 1 and quick == general


def test_a_claim_during_a_trick_reads_as_the_general_path_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(8):
        game = played_game(seed, 9)
        lines = game.split("\n")
        last = lines[-3].split()  # the ninth trick row: its last two cards not played before the claim
        lines[-3] = " ".join([*last[:2], "-", "-"])
        quick, general, taken = read_both_ways("\n".join(lines), monkeypatch)
        assert taken == 1 and quick == general


def test_cards_in_the_wrong_columns_read_as_the_general_path_reads_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    moved, said = 0, 0
    for seed in range(12):
        for row in (0, 5, 12):
            game = swapped_columns(played_game(seed, 13), row)
            quick, general, taken = read_both_ways(game, monkeypatch)
            assert quick == general
            moved += taken
            said += "Play columns do not match" in quick
            claimed = game.replace("\n*\n", "\n").rsplit("\n", 2)[0] + "\n- - - -\n*\n"
            quick, general, _ = read_both_ways(claimed, monkeypatch)
            assert quick == general
    assert moved > 10 and said > 10  # the plain path played most of them, each card under its holder


def test_a_play_that_breaks_a_law_reads_as_the_general_path_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(8):
        game = played_game(seed, 13)
        lines = game.split("\n")
        start = lines.index('[Play "W"]') + 1
        first, third = lines[start].split(), lines[start + 2].split()
        third[1] = first[1]  # North plays its card of the first trick again at the third
        lines[start + 2] = " ".join(third)
        quick, general, taken = read_both_ways("\n".join(lines), monkeypatch)
        assert quick == general and taken == 1  # the plain path finds the card that stops it
        assert "has already been played" in quick


def spoiled(game: str, rng: random.Random) -> str:
    """The game with its trick rows spoiled at random: a card swapped with one of another row or
    column, a card of the deck put in, a "-" put in, a row repeated or the columns of a row turned."""
    lines = game.split("\n")
    start = lines.index('[Play "W"]') + 1
    end = lines.index("*")
    rows = [line.split() for line in lines[start:end]]
    for _ in range(rng.randrange(1, 3)):
        t, col = rng.randrange(len(rows)), rng.randrange(4)
        roll = rng.random()
        if roll < 0.3:
            u, other = rng.randrange(len(rows)), rng.randrange(4)
            rows[t][col], rows[u][other] = rows[u][other], rows[t][col]
        elif roll < 0.55:
            rows[t][col] = str(Card.from_index(rng.randrange(52)))
        elif roll < 0.7:
            rows[t][col] = "-"
        elif roll < 0.8:
            rows.insert(t, list(rows[t]))
        else:
            shift = rng.randrange(1, 4)
            rows[t] = rows[t][shift:] + rows[t][:shift]
    lines[start:end] = [" ".join(row) for row in rows]
    return "\n".join(lines)


def test_spoiled_plays_read_as_the_general_path_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(41)
    taken, stopped = 0, 0
    for seed in range(60):
        game = spoiled(played_game(seed, rng.choice([13, 13, 10])), rng)
        if rng.random() < 0.3:
            game = swapped_columns(game, rng.randrange(3))
        quick, general, plain = read_both_ways(game, monkeypatch)
        assert quick == general, game
        taken += plain
        stopped += "could be put in playing order" in quick
    assert taken > 50 and stopped > 20  # the plain path read most of them, and many stop short


AUCTIONS = [
    "1NT Pass 3NT AP",
    "1NT Pass 3NT Pass Pass Pass *",
    "Pass Pass Pass Pass",
    "AP",
    "1C X XX 1S X Pass Pass XX AP",
    "1S 1S AP",  # insufficient
    "1S Pass X AP",  # doubling partner
    "1S X XX XX AP",  # redoubled twice
    "1NT Pass Pass Pass Pass",  # a call after the end
    "1H Pass 2H All Pass",
    "1H Pass 2H AP +",
    "P 1S AP",
    "1D Pass 1H zz AP",
    "pass pass 1H pass 2C pass 2H pass pass pass pass pass",  # lesson files pass on after the end
    "1NT Pass Pass Pass AP",  # an AP after the end
    "1NT Pass Pass Pass Pass AP",  # calls after the end, then AP
    "1S Pass\n1H Pass 2S AP",  # insufficient, on the second line
    "1C X X\nXX Pass *",  # doubling partner, then more calls and the end
    "1D 1S 3H =1= 4S\n4NT =2= X Pass Pass\n5C X 5H X\nPass Pass Pass",  # Schiphol.pbn's notes
    "1D =1= AP",
    "P 1D =2= 1H =1= AP =1=",  # a note after AP
    "1D =1= =2= AP",  # two notes on a call
    "=1= 1D AP",  # a note before any call
    "1D =40= AP",  # out of range
    "1D =1= 1C AP",  # an illegal call after a note
    "1D =1= * 1H AP",
    "1D 2D =1= Pass Pass Pass Pass",
]


def test_a_plain_auction_reads_as_the_general_path_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    taken = 0
    for calls in AUCTIONS:
        for tag in ("N", "E"):
            note = '[Note "1:two suits"]\n' if "=" in calls else ""
            text = f'[Dealer "N"]\n[Deal "{DEAL}"]\n[Auction "{tag}"]\n{calls}\n{note}'
            quick = loads(text, "pbn")
            taken += quick[0].auction is not None and len(quick[0].issues) == 0
            with monkeypatch.context() as patched:
                patched.setattr(pbn_read, "_plain_auction", lambda *args: None)
                general = loads(text, "pbn")
            assert shown(quick) == shown(general), (calls, tag)
            assert [b.auction and b.auction.annotations for b in quick] == [
                b.auction and b.auction.annotations for b in general
            ], (calls, tag)
    assert taken >= 5


def test_a_plain_auction_with_a_call_after_the_end_is_made_without_the_general_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lesson files (Drury.pbn) pass on after the auction is over: the calls before it are made at
    once and the first refused call is reported where it stands, without a `Marked` per call."""
    text = f'[Dealer "N"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1NT Pass 3NT Pass\nPass Pass Pass\n'
    monkeypatch.setattr(GameReader, "_calls", lambda *args: pytest.fail("the general path was taken"))
    board = loads(text, "pbn")[0]
    assert board.auction is not None and len(board.auction) == 6
    assert [(i.line, i.column) for i in board.issues] == [(5, 11)]
    assert "the auction is over" in board.issues[0].message


def test_a_plain_auction_with_note_references_is_made_without_the_general_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Schiphol.pbn's ``3H =1=``: lone note references after calls are put on them at once."""
    calls = "1D 1S 3H =1= 4S\n4NT =2= X Pass Pass\n5C X 5H X\nPass Pass Pass"
    notes = '[Note "1:non-forcing"]\n[Note "2:two colors"]\n'
    text = f'[Dealer "N"]\n[Deal "{DEAL}"]\n[Auction "N"]\n{calls}\n{notes}'
    monkeypatch.setattr(GameReader, "_body", lambda *args: pytest.fail("the general path was taken"))
    board = loads(text, "pbn")[0]
    assert board.auction is not None and board.issues == []
    assert {i: (a.note, a.explanation) for i, a in enumerate(board.auction.annotations) if a} == {
        2: (1, "non-forcing"),
        4: (2, "two colors"),
    }


def test_the_words_known_plain_are_words_the_plain_pattern_takes() -> None:
    """`plain_words` takes a section of known words without its pattern: each must be one it takes."""
    from bridgetools.formats.pbn_sections import _PLAIN, PLAIN_WORDS

    assert all(_PLAIN.fullmatch(f" {word} ") for word in PLAIN_WORDS)
    assert {"SA", "hT", "D10", "1NT", "Pass", "AP", "X", "-", "*"} <= PLAIN_WORDS


def test_plain_words_are_the_general_split_of_a_plain_section() -> None:
    from bridgetools.formats.pbn_sections import Part, plain_words, split_body

    for text in ["SA HK\n* ", "1NT Pass\n3NT AP", "SA -- - HK", "* SA", "SA * HK *", "1S zz 2S", "S+ A"]:
        plain = plain_words([text])
        body = split_body([Part("text", text, 1, 1)], 0)
        if plain is not None:
            assert plain == ([m.text for m in body.items], body.end == "*"), text
        else:
            assert "+" in text or not all(w.isalnum() or w.strip("-*") == "" for w in text.split()), text


def test_a_fault_in_rows_written_in_playing_order_is_placed_at_its_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rows turned so the columns are not seats, and a card played again by the same hand later:
    the plain path plays each card under its holder and names the card where the file has it."""
    for seed in range(8):
        deal = deal_shuffled(seed=seed)
        game = played_game(seed, 13)
        lines = game.split("\n")
        start = lines.index('[Play "W"]') + 1
        rows = [line.split() for line in lines[start : start + 13]]
        for t, row in enumerate(rows):
            shift = (t + seed) % 3 + 1
            rows[t] = row[shift:] + row[:shift]
        again = rows[8].index(next(c for c in rows[8] if deal.holder(Card.parse(c)) == Seat.N))
        rows[8][again] = next(c for c in rows[2] if deal.holder(Card.parse(c)) == Seat.N)
        lines[start : start + 13] = [" ".join(row) for row in rows]
        quick, general, taken = read_both_ways("\n".join(lines), monkeypatch)
        assert quick == general and taken == 1
        assert "has already been played" in quick and "Play columns do not match" in quick


ESCAPED_GAMES = [
    '% PBN 2.1\n% EXPORT\n[Event "x"]\n[Board "1"]\n',
    f'[Board "2"]\n%%!R 382426599B\n[Deal "{DEAL}"]\n',
    '[Auction "N"]\n1NT Pass\n%note in the section\n3NT AP\n',
    '[Event "x"] {a comment}\n% after a comment\n;line comment\n%\n',
]
LEFT_TO_PARSER = ['[Event "x"]\n   % after blanks\n', '[Event "x"]\n1NT % mid-line\n']


def test_escape_lines_scan_as_the_grammar_parses_them() -> None:
    """`%` lines (§2.4) are read by the quick scan as the parser reads them; a `%` that does not
    start its line is left to the parser."""
    from bridgetools.formats._lark import get_parser
    from bridgetools.formats.pbn_scan import _items, _scan_items

    def fields(items: list[Any]) -> list[tuple[Any, ...]]:
        return [(i.kind, i.value, i.line, i.column, i.name) for i in items]

    for text in ESCAPED_GAMES:
        quick = _scan_items(text, 10)
        assert quick is not None and any(i.kind == "escape" for i in quick), text
        assert fields(quick) == fields(_items(get_parser("pbn").parse(text).children, 10)), text
    for text in LEFT_TO_PARSER:
        assert _scan_items(text, 10) is None, text


TAG_RUNS = [
    '[Event "x"][Site "y"]  [Date "2026.01.01"]\n[Board "1"]\n\n\n[Dealer "N"]\n',
    '  [ Event   "The \\"Big\\" Club" ]\t[Site "a\\\\b"]\n\t[Note "1:x"] [Note "2:y"]\n',
    '[Event ""]\n   [Site "caf\u00e9"]\n[Board "1"]{c}[Dealer "N"]\n',
]


def test_runs_of_tags_scan_with_the_place_of_each_tag() -> None:
    """Several tags on a line, blanks and tabs between them, escapes in values: each tag of a run is
    read by the quick scan with its value, and the line and column where its ``[`` stands."""
    from bridgetools.formats.pbn_scan import _scan_items, unescape
    from bridgetools.formats.pbn_syntax import tag_parts

    for text in TAG_RUNS:
        quick = _scan_items(text, 3)
        assert quick is not None, text
        expected = [
            (m.group("name"), unescape(m.group("value")), 3 + text.count("\n", 0, m.start()) + 1,
             m.start() - text.rfind("\n", 0, m.start()))
            for m in tag_parts().finditer(text)
        ]
        assert len(expected) >= 3
        assert [(i.name, i.value, i.line, i.column) for i in quick if i.kind == "tag"] == expected, text


ANNOTATED_RUNS = [
    "1D 1S 3H =1= 4S\n4NT =2= X Pass Pass",
    "1S! 2H!! =3= X? Pass!?\n2S?! 3C ??",
    "1S=1=$3 2H $12 ^I1C Pass ^S Pass",
    "SK =1= H3 S4 S3\n-  -  -  H2\n*",
    "1D =1= =2= 1S",  # a second note reference
    "=1= 1D",  # a note before any call
    "1D !!! 2D ?? ??",  # a third suffix mark, a second suffix
    "1D =40= $300 1S",  # a note and a NAG out of range
    "1C !x 2C \u00e9 ++ 3C",  # text that is no token
    "1D =\u0661= 1S",  # a note number in other digits
]


def token_split(parts: list[Any], nag_offset: int) -> Any:
    """A section split as `split_body` split text that is not plain before it took runs: the token
    pattern over each whole part."""
    from bridgetools.formats.pbn_sections import _TOKEN, Body, _check_annotations, _check_continuation, _State

    body = Body()
    state = _State(body, nag_offset)
    for part in parts:
        if part.kind != "text":
            state.token(part.kind, part.text, part, 0)
            continue
        for m in _TOKEN.finditer(part.text):
            kind = m.lastgroup or "other"
            state.token(kind, m.group(kind), part, m.start())
    if state.annotated:
        _check_annotations(body, nag_offset)
    if state.plus:
        _check_continuation(body, in_play=nag_offset > 0)
    return body


def placed(body: Any) -> tuple[Any, ...]:
    """A split section as the reader uses it: items with their annotations and places, the end mark,
    the leading comments, and each problem with its place."""
    items = [(m.text, m.note, m.nags, m.irregular, m.comments, m.line, m.column) for m in body.items]
    problems = [(message, part.locate(offset), syntax) for message, part, offset, syntax in body.problems]
    return items, body.end, body.leading_comments, problems


def test_an_annotated_section_splits_a_run_at_a_time_as_the_token_pattern_splits_it() -> None:
    from bridgetools.formats.pbn_sections import Part, split_body

    for text in ANNOTATED_RUNS:
        for nag_offset in (0, 6):
            parts = [Part("text", text, 3, 5), Part("comment", "{why}", 4, 1), Part("text", "Pass =4=", 4, 7)]
            assert placed(split_body(parts, nag_offset)) == placed(token_split(parts, nag_offset)), text


NOTED_AUCTIONS = [
    "1D 1S 3H =1= 4S\n4NT =2= X Pass Pass\n5C X 5H X\nPass Pass Pass",
    "1NT! =1= Pass 2C =2= {Stayman} Pass 2D $15 AP",
    "1NT Pass 2C?? Pass =2= 2D Pass 2C =1= AP",  # an insufficient bid with a note
    "1C =1= X XX =2= 1S AP *",
    "1H Pass 2H =1= All Pass",
    "Pass Pass Pass Pass =1= Pass",  # a noted call after the end
]


def test_a_noted_auction_reads_as_the_call_by_call_path_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Calls with notes, NAGs, suffixes and comments are made at once when legal, then annotated:
    the same auction, annotations and issues as making them one by one."""
    one_by_one = 0
    calls_of = GameReader._calls

    def counted(*args: Any) -> Any:
        nonlocal one_by_one
        one_by_one += 1
        return calls_of(*args)

    for calls in NOTED_AUCTIONS:
        for unalerted in ("", '[Unalerted "2"]\n'):
            text = (
                f'[Dealer "N"]\n[Deal "{DEAL}"]\n{unalerted}[Auction "N"]\n{calls}\n'
                '[Note "1:one"]\n[Note "2:two"]\n'
            )
            with monkeypatch.context() as patched:
                patched.setattr(GameReader, "_calls", counted)
                quick = loads(text, "pbn")
            with monkeypatch.context() as patched:
                patched.setattr(pbn_read, "_plain_calls", lambda *args: None)
                general = loads(text, "pbn")
            assert shown(quick) == shown(general), calls
            assert [b.auction and b.auction.annotations for b in quick] == [
                b.auction and b.auction.annotations for b in general
            ], calls
    assert one_by_one == 4  # the insufficient bid and the call after the end, with and without Unalerted


def test_a_fault_in_an_annotated_auction_is_one_line_at_its_place() -> None:
    from bridgetools.errors import ParseError

    faults = {
        "1D =1= =2= 1S": ("second note reference =2= after 1D", 8),
        "1D =1= 1S ??! Pass": ("a second suffix '!' after 1S", 13),
        "1D =1= 1C Pass": ("illegal call 1C", 8),
        "1D =1= 1S =40= Pass": ("note reference =40= is not 1 to 32", 8),
    }
    for calls, (message, column) in faults.items():
        text = f'[Dealer "N"]\n[Deal "{DEAL}"]\n[Auction "N"]\n{calls}\n[Note "1:one"]\n'
        with pytest.raises(ParseError) as raised:
            loads(text, "pbn", strict=True)
        error = raised.value
        assert "\n" not in str(error) and message in str(error), calls
        assert (error.line, error.column) == (4, column), calls


def test_a_play_that_breaks_a_law_leaves_no_garbage_for_the_cyclic_collector() -> None:
    game = played_game(1, 13)
    lines = game.split("\n")
    start = lines.index('[Play "W"]') + 1
    first, third = lines[start].split(), lines[start + 2].split()
    third[1] = first[1]
    lines[start + 2] = " ".join(third)
    text = "\n".join(lines)
    loads(text, "pbn")  # the first read of a process makes types once (the parser's) in cycles
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        boards = loads(text, "pbn")
        assert "has already been played" in repr(boards)
        del boards
        assert gc.collect() == 0  # reference counting freed every piece of the read
    finally:
        if enabled:
            gc.enable()


def test_a_deal_value_repeated_from_game_to_game_gives_its_issues_in_each_game() -> None:
    uneven = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9  6543.876.876.876 2.5432.5432.543"
    game = f'[Board "1"]\n[Deal "{uneven}"]\n'
    boards = loads(game + "\n" + game.replace('"1"', '"2"'), "pbn")
    said = [sorted(issue.message.split(":")[0] for issue in board.issues) for board in boards]
    assert said == [["Deal", "Deal"], ["Deal", "Deal"]]  # one space between hands; a card left out


def test_moved_columns_with_a_last_row_that_fits_no_hand_read_as_the_general_path_reads_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for seed in range(8):
        lines = swapped_columns(played_game(seed, 10), 0).split("\n")
        last = lines[-3].split()  # the tenth row: its first card moved into the second column
        lines[-3] = " ".join(["-", last[0], last[2], last[3]])
        quick, general, taken = read_both_ways("\n".join(lines), monkeypatch)
        assert quick == general and taken == 1


def noted(game: str, rng: random.Random) -> str:
    """The game with note references after a few cards of its trick rows (``SK =1=``, as Schiphol.pbn
    writes them), now and then one that the general path reports (after ``-``, twice, out of range)."""
    lines = game.split("\n")
    start = lines.index('[Play "W"]') + 1
    end = lines.index("*")
    for index in rng.sample(range(start, end), min(3, end - start)):
        words = lines[index].split()
        at = rng.randrange(len(words))
        note = rng.choice(["=1=", "=2=", "=2=", "=33=", "=1= =2="]) if rng.random() < 0.3 else "=1="
        lines[index] = " ".join([*words[: at + 1], note, *words[at + 1 :]])
    notes = '[Note "1:highest of series"]\n[Note "2:count"]\n'
    return "\n".join(lines) + notes


def test_a_play_with_note_references_reads_as_the_general_path_reads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(7)
    taken = 0
    for seed in range(40):
        game = played_game(seed, rng.choice([13, 13, 9]))
        if rng.random() < 0.4:
            game = spoiled(game, rng)
        if rng.random() < 0.3:
            game = swapped_columns(game, rng.randrange(3))
        game = noted(game, rng)
        quick, general, plain = read_both_ways(game, monkeypatch)
        assert quick == general, game
        boards = loads(game, "pbn")
        with monkeypatch.context() as patched:
            patched.setattr(GameReader, "_plain_play", lambda *args: False)
            again = loads(game, "pbn")
        assert [b.play and b.play.annotations for b in boards] == [
            b.play and b.play.annotations for b in again
        ]
        taken += plain
    assert taken > 15  # the plain path read most of them, notes and all
