"""The public names of ../shared/DESIGN.md work as documented there, as an outside user calls them."""

from __future__ import annotations

import doctest
import inspect
import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import bridgetools as bt
from bridgetools.bots import HeuristicPlayer, RandomPlayer

ROOT = Path(__file__).parent.parent
DEAL = "N:AKQ2.KJ3.T98.432 JT9.AQ2.KQJ.AKQJ 876.T98.765.T987 543.7654.A432.65"
SCHIPHOL = ROOT / "tests" / "data" / "pbn" / "pbn__Schiphol.pbn"


@pytest.mark.parametrize(
    "name",
    ["Seat", "Suit", "Strain", "Rank", "Card", "Hand", "Deal", "Vul", "Contract", "Board", "Auction",
     "Play", "BridgeError", "IllegalCallError", "IllegalPlayError", "ParseError", "score", "imps",
     "back_score", "read", "write", "generate", "to_dataframe", "to_parquet"],
)
def test_every_design_name_is_exported(name: str) -> None:
    assert getattr(bt, name) is not None
    assert name in dir(bt)


def test_deal_string_hands_and_their_measures() -> None:
    deal = bt.Deal.from_pbn(DEAL)
    north = deal[bt.Seat.N]
    assert deal.to_pbn() == DEAL
    assert (north.hcp, north.shape, len(north)) == (13, (4, 3, 3, 3), 13)
    assert bt.Card.parse("SA") in north


def test_contract_parts_and_string() -> None:
    contract = bt.Contract.from_str("4SX")
    assert (contract.level, contract.strain, contract.doubled, str(contract)) == (4, bt.Strain.S, 1, "4SX")


def test_auction_contract_and_declarer() -> None:
    auction = bt.Auction(bt.Seat.N, calls=["1S", "P", "4S", "P", "P", "P"])
    assert auction.is_complete and auction.legal_calls() == []
    assert str(auction.contract) == "4S" and auction.declarer is bt.Seat.N
    assert len(auction.calls) == 6


def test_auction_refuses_an_insufficient_bid() -> None:
    with pytest.raises(bt.IllegalCallError, match="insufficient"):
        bt.Auction(bt.Seat.N, calls=["1S", "1H"])


def test_partner_may_not_double_his_own_side() -> None:
    with pytest.raises(bt.IllegalCallError):
        bt.Auction(bt.Seat.N, calls=["1S", "P", "X"])


def test_play_checks_cards_and_counts_tricks() -> None:
    deal = bt.Deal.from_pbn(DEAL)
    play = bt.Play(deal, "4S", bt.Seat.N)
    with pytest.raises(bt.IllegalPlayError):
        play.add("SA")  # East is on lead; North holds the ace
    play.add("SJ")
    assert play.cards == (bt.Card.parse("SJ"),) and len(play.trick_list) == 1


def test_bridge_error_is_the_base_of_bad_input_errors() -> None:
    for error in (bt.ParseError, bt.IllegalCallError, bt.IllegalPlayError, bt.NotationError):
        assert issubclass(error, bt.BridgeError)
    with pytest.raises(bt.BridgeError):
        bt.Deal.from_pbn("N:AKQ2.KJ3.T98.43Z - - -")


def test_score_and_imps() -> None:
    assert bt.score("4SX", 8, vulnerable=True) == -500
    assert bt.score(bt.Contract.from_str("3NT"), 9, False) == 400
    assert bt.imps(430) == 10 and bt.imps(-430) == -10


def test_read_streams_boards_with_their_fields() -> None:
    boards = bt.read(str(SCHIPHOL))
    assert not isinstance(boards, list)
    board = next(iter(boards))
    assert board.number == 1 and board.dealer is bt.Seat.N and board.vulnerability is bt.Vul.NONE
    assert str(board.contract) == "5HX" and board.declarer is bt.Seat.S and board.tricks == 9
    assert board.auction is not None and board.auction.contract == board.contract
    assert board.play is not None and board.deal is not None


@pytest.mark.parametrize("fmt", ["pbn", "lin", "json"])
def test_write_then_read_gives_the_same_deal_and_result(fmt: str, tmp_path: Path) -> None:
    boards = list(bt.read(str(SCHIPHOL)))
    path = tmp_path / f"out.{fmt}"
    bt.write(boards, str(path), fmt)
    again = list(bt.read(str(path)))
    assert [(b.deal, b.contract, b.declarer, b.tricks) for b in again] == [
        (b.deal, b.contract, b.declarer, b.tricks) for b in boards
    ]


def test_write_to_a_file_object() -> None:
    out = io.StringIO()
    bt.write(list(bt.read(str(SCHIPHOL))), out, "lin")
    assert out.getvalue().startswith("pn|")


def test_generate_gives_deals_meeting_the_condition_and_repeats_with_its_seed() -> None:
    deals = bt.generate("hcp(north) >= 20", 5, seed=11)
    assert all(d[bt.Seat.N].hcp >= 20 for d in deals)
    assert deals == bt.generate("hcp(north) >= 20", 5, seed=11)


def test_dataframe_and_parquet(tmp_path: Path) -> None:
    boards = list(bt.read(str(SCHIPHOL)))
    frame = bt.to_dataframe(boards)
    assert len(frame) == 1 and int(frame["score_ns"].iloc[0]) == bt.score("5HX", 9, False)  # South declares
    bt.to_parquet(boards, str(tmp_path / "x.parquet"))
    back = list(bt.read_parquet(str(tmp_path / "x.parquet")))
    assert back[0].deal == boards[0].deal and back[0].contract == boards[0].contract


def test_import_stays_light() -> None:
    heavy = "('numpy', 'pandas', 'pyarrow', 'lark')"
    code = f"import sys, bridgetools; print(sorted(m for m in {heavy} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_readme_examples_hold() -> None:
    failed, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert failed == 0 and tried > 0


def test_a_json_document_read_by_its_name_gives_back_its_boards(tmp_path: Path) -> None:
    # Regression: sniffing the format peeks at the head; a reader that iterates a few lines and
    # then reads the rest must still see every line.
    boards = list(bt.read(str(SCHIPHOL)))
    path = tmp_path / "boards.json"
    bt.write(boards * 30, str(path), "json")
    again = list(bt.read(str(path)))
    assert len(again) == 30 and all(not b.issues for b in again)


# ---- Issue 9, item 16: the Python API as a new user meets it -----------------------------------------
def test_write_takes_the_deals_generate_gives_as_numbered_boards(tmp_path: Path) -> None:
    deals = bt.generate("hcp(north) >= 20", 5, seed=3)
    path = tmp_path / "x.pbn"
    bt.write(deals, str(path))
    boards = list(bt.read(str(path)))
    assert [b.deal for b in boards] == deals
    assert [b.number for b in boards] == [1, 2, 3, 4, 5]
    assert [(b.dealer, b.vulnerability) for b in boards] == [
        (bt.Seat.dealer_of_board(n), bt.Vul.of_board(n)) for n in range(1, 6)]


@pytest.mark.parametrize("fmt", ["pbn", "lin", "json", "rbn", "dup"])
def test_dumps_takes_the_deals_generate_gives_as_write_does(fmt: str) -> None:
    deals = bt.generate("hcp(north) > 20", 2, seed=1)
    written = io.StringIO(newline="")
    bt.write(deals, written, fmt)
    assert bt.dumps(deals, fmt) == written.getvalue()


def test_write_refuses_what_is_neither_a_board_nor_a_deal_and_leaves_no_file(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="Boards or Deals, not str"):
        bt.write([DEAL], str(tmp_path / "x.pbn"))
    assert list(tmp_path.iterdir()) == []


def test_auction_reads_a_string_of_calls_and_a_seat_letter() -> None:
    auction = bt.Auction("S", "1N P 2C")
    assert auction.dealer is bt.Seat.S and auction.turn is bt.Seat.E
    assert auction.calls == bt.Auction(bt.Seat.S, ["1NT", "Pass", "2C"]).calls


def test_only_public_names_are_listed_and_importlib_is_not_one() -> None:
    assert not hasattr(bt, "importlib") and "importlib" not in dir(bt)
    assert dir(bt) == sorted(bt.__all__)


def test_every_hand_evaluation_function_is_reachable_from_bt() -> None:
    from bridgetools import evaluate

    hand_functions = [name for name in evaluate.__all__ if callable(getattr(evaluate, name))
                      and next(iter(inspect.signature(getattr(evaluate, name)).parameters)) == "hand"]
    assert {"is_balanced", "losers", "controls", "quick_tricks", "suit_quality"} <= set(hand_functions)
    assert [name for name in hand_functions if getattr(bt, name, None) is not getattr(evaluate, name)] == []
    assert bt.evaluate is evaluate and bt.losers("AKQ2.KJ3.T98.432") == 8


def test_the_readme_shows_the_hand_evaluation_functions() -> None:
    python = ROOT.joinpath("README.md").read_text(encoding="utf-8").split("## In Python")[1].split("\n## ")[0]
    for name in ("is_balanced", "losers", "controls", "quick_tricks", "suit_quality"):
        assert f"bt.{name}(" in python


# ---- Session 38: what the computer players take ------------------------------------------------------
def test_the_bidder_takes_a_hand_as_its_pbn_string_as_it_takes_a_call_as_its_name() -> None:
    auction = bt.Auction("N", [])
    hand = "AKQ2.KJ3.T98.432"
    assert bt.Bidder().call(auction, hand) == bt.Bidder().call(auction, bt.Hand.from_pbn(hand))


def test_the_bidder_names_a_bad_hand_string_s_fault() -> None:
    with pytest.raises(bt.BridgeError, match="'x' is not a rank"):
        bt.Bidder().call(bt.Auction("N", []), "AKQ.x.x.x")


@pytest.mark.parametrize("hand", ["AKQ2.KJ3.T98.43", "AKQ2.KJ3.T98.4325"])
def test_the_bidder_refuses_a_hand_without_13_cards_naming_the_count(hand: str) -> None:
    with pytest.raises(bt.BridgeError, match=f"expected 13 cards, got {len(hand) - 3}"):
        bt.Bidder().call(bt.Auction("N", []), hand)


@pytest.mark.parametrize("use", ["call", "explain"])
def test_the_bidder_refuses_a_list_of_calls_saying_an_auction_names_its_dealer(use: str) -> None:
    bidder = bt.Bidder()
    with pytest.raises(TypeError, match=r"expected an Auction, such as Auction\('N', .*not list"):
        if use == "call":
            bidder.call(["1NT", "Pass"], "AKQ2.KJ3.T98.432")  # type: ignore[arg-type]
        else:
            bidder.explain(["1NT", "Pass"], "2C")  # type: ignore[arg-type]


@pytest.mark.parametrize("player", [HeuristicPlayer(), RandomPlayer(seed=1)])
def test_a_card_player_refuses_what_is_not_a_play_naming_what_it_wants(player: Any) -> None:
    with pytest.raises(TypeError, match=r"expected a Play, such as Play\(deal, '4S', 'N'\).*not str"):
        player.card("SA")
    play = bt.Play(bt.Deal.from_pbn(DEAL), "4S", "N")
    assert player.card(play, "E") in play.legal_cards()
    with pytest.raises(ValueError, match="East's turn, not West's"):
        player.card(play, "W")


@pytest.mark.parametrize("call", [
    lambda: bt.dd_table(DEAL), lambda: bt.par(DEAL, "None", "N"), lambda: bt.dd_leads(DEAL, "3NT", "E"),
    lambda: list(bt.dd_tables([DEAL])),
], ids=["dd_table", "par", "dd_leads", "dd_tables"])
def test_a_deal_string_given_for_a_deal_says_how_to_make_one(call: Any) -> None:
    with pytest.raises(TypeError, match=r"takes a Deal.*, not str .*bt\.Deal\.from_pbn"):
        call()


def test_reading_what_is_no_path_nor_file_says_what_it_takes() -> None:
    with pytest.raises(TypeError, match=r"expected a path, '-' .* or an open file to read, not int 123"):
        list(bt.read(123))  # type: ignore[arg-type]
    with pytest.raises(bt.BridgeError, match="the path is empty"):
        list(bt.read(""))


@pytest.mark.parametrize("given", ["dir", "Path('')"])
def test_reading_a_directory_is_one_error_naming_it(given: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path if given == "dir" else Path("")
    with pytest.raises(bt.BridgeError, match=r": is a directory, not a hand-record file$"):
        list(bt.read(path))


def test_reading_a_directory_is_said_as_the_commands_say_it(tmp_path: Path) -> None:
    # the wording was written twice (formats._io and cli.common.not_a_file): one place owns it now
    from bridgetools.cli.common import not_a_file

    with pytest.raises(bt.BridgeError) as refused:
        list(bt.read(tmp_path))
    assert str(refused.value) == not_a_file(str(tmp_path))


def test_boards_are_written_to_a_binary_file_as_utf8() -> None:
    out = io.BytesIO()
    bt.write([bt.Board(number=1, deal=bt.Deal.from_pbn(DEAL), event="Caf\u00e9")], out, "pbn")
    assert '[Event "Caf\u00e9"]' in out.getvalue().decode("utf-8")


def test_imps_of_a_string_says_it_takes_a_number() -> None:
    with pytest.raises(TypeError, match=r"a difference in points is a number, not '430' \(str\)"):
        bt.imps("430")  # type: ignore[arg-type]
