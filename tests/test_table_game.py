"""The single-deal game on its own: South deals and calls first, the Laws decide contract and declarer,
declarer plays dummy, and the duplicate score closes the deal."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from table_players import STAYMAN, Hurried, Scripted, play_out, scripted

import bridgetools as bt
from bridgetools.bots.meaning import Meaning
from bridgetools.errors import OutOfTurnError
from bridgetools.rules.deck import deal_shuffled
from bridgetools.scoring import score_breakdown
from bridgetools.table.game import CardView, Game, Phase, south_view
from bridgetools.table.players import SimplePlayer, simple_players

S, N, E, W = bt.Seat.S, bt.Seat.N, bt.Seat.E, bt.Seat.W


def new(seed: int = 1, vul: bt.Vul = bt.Vul.NONE, **calls: list[str]) -> Game:
    return Game.new(scripted(**calls), vul, seed)


def test_south_deals_and_calls_first() -> None:
    game = new()
    game.advance()
    assert game.dealer is S and game.auction.dealer is S
    assert game.to_act is S and game.souths_turn and len(game.auction) == 0


def test_the_pack_is_dealt_from_wests_seat_as_the_deck_deals_it() -> None:
    assert new(seed=7).deal == deal_shuffled(S, 7)
    assert new(seed=7).deal != new(seed=8).deal
    assert all(len(new(seed=3).deal.hand(s)) == 13 for s in bt.Seat)


def test_four_passes_end_the_deal_with_zero_to_both_sides() -> None:
    game = new()
    play_out(game)
    assert game.phase is Phase.OVER and game.play is None
    assert game.contract == bt.Contract.PASSED_OUT and game.declarer is None
    assert game.ns_score == 0 and game.score is not None and game.score.total == 0


def test_south_declaring_plays_both_own_hand_and_dummy_after_wests_lead() -> None:
    players = scripted()
    game = Game.new(players, bt.Vul.NS, 2)
    chosen = play_out(game, ["1NT"])
    assert game.contract == bt.Contract.from_str("1NT") and game.declarer is S
    # the opening lead comes from declarer's left
    assert game.play is not None and game.play.cards[0] in game.deal.hand(W)
    assert set(chosen) == {S, N} and len(chosen) == 26
    assert not any(v.seat in (S, N) for v in players[W].views + players[E].views)
    assert len(game.play.completed_tricks) == 13


def test_north_declaring_plays_souths_cards_while_south_watches() -> None:
    players = scripted(north=["1S"])
    game = Game.new(players, bt.Vul.NONE, 3)
    chosen = play_out(game)
    assert game.declarer is N and chosen == []
    assert game.play is not None and len(game.play.completed_tricks) == 13
    assert {v.seat for v in players[N].views} == {N, S}
    assert all(v.player is N for v in players[N].views)


def test_defending_south_leads_against_east_and_plays_only_his_own_cards() -> None:
    players = scripted(east=["1H"])
    game = Game.new(players, bt.Vul.EW, 4)
    chosen = play_out(game)
    assert game.declarer is E
    assert game.play is not None and game.play.cards[0] in game.deal.hand(S)  # South is on lead
    assert set(chosen) == {S} and len(chosen) == 13
    assert {v.seat for v in players[E].views} == {E, W}  # East plays the dummy, West only watches


@pytest.mark.parametrize("calls, vul", [
    (dict(south=["1S"], west=["X"], north=["XX"]), bt.Vul.BOTH),
    (dict(south=["4S"], west=["X"]), bt.Vul.NONE),
    (dict(north=["7NT"]), bt.Vul.NS),
    (dict(east=["3C"]), bt.Vul.EW),
])
def test_the_score_is_bt_score_for_the_tricks_taken_and_equal_and_opposite(calls: dict[str, list[str]],
                                                                            vul: bt.Vul) -> None:
    south = calls.pop("south", [])
    game = Game.new(scripted(**calls), vul, 11)
    play_out(game, south)
    assert game.play is not None and game.declarer is not None
    expected = bt.score(game.play.contract, game.play.declarer_tricks, vul, declarer=game.declarer)
    assert game.score == score_breakdown(game.play.contract, game.play.declarer_tricks, vul,
                                         declarer=game.declarer)
    ns = expected if game.declarer.side == "NS" else -expected
    assert game.ns_score == ns
    state = south_view(game)
    assert state["score"]["NS"] == ns and state["score"]["EW"] == -ns


def test_an_illegal_call_is_refused_and_changes_nothing() -> None:
    game = new(west=["2S"])
    game.advance()
    game.call("1S")
    game.advance()
    with pytest.raises(bt.IllegalCallError):
        game.call("1H")
    with pytest.raises(bt.IllegalCallError):
        game.call("XX")
    assert [str(c) for c in game.auction.calls] == ["1S", "2S", "Pass", "Pass"]


def test_acting_out_of_turn_is_refused() -> None:
    game = new()
    with pytest.raises(OutOfTurnError):
        game.card("SA")
    play_out(game)
    with pytest.raises(OutOfTurnError):
        game.call("1S")


def test_a_card_south_does_not_hold_is_refused_and_changes_nothing() -> None:
    game = new(seed=5, east=["1H"])
    play_out_to_souths_card(game)  # East declares: South is on lead
    assert game.play is not None and game.to_act is S
    with pytest.raises(bt.IllegalPlayError, match="does not hold"):
        game.card(next(iter(game.deal.hand(W))))
    assert game.play.cards == () and game.to_act is S


def play_out_to_souths_card(game: Game) -> None:
    game.advance()
    while game.phase is Phase.AUCTION:
        game.call("Pass")
        game.advance()


def souths_second_turns() -> Iterator[Game]:
    """Deals (seeds 0 to 49) at South's second card, East declaring 1NT: South leads, then follows (or
    not) to the second trick, when South is to play to it."""
    for seed in range(50):
        game = new(seed=seed, east=["1NT"])  # East declares, South leads, then follows to the next trick
        play_out_to_souths_card(game)
        assert game.play is not None
        game.card(min(game.play.legal_cards(), key=lambda c: c.index))
        game.advance()
        if game.play.current_trick.cards and game.to_act is S:
            yield game


def test_a_revoke_is_refused_and_the_trick_is_unchanged() -> None:
    # South must follow to West's lead whenever South holds the suit; find a seed where it matters.
    for game in souths_second_turns():
        assert game.play is not None
        led = game.play.current_trick.cards[0].suit
        off = [c for c in game.remaining(S) if c.suit != led]
        if game.remaining(S).length(led) and off:
            before = game.play.cards
            with pytest.raises(bt.IllegalPlayError, match="follow suit"):
                game.card(off[0])
            assert game.play.cards == before
            return
    pytest.fail("no deal in 50 where South could revoke")


def test_a_call_typed_in_the_play_is_answered_with_cards_south_may_play_now() -> None:
    """South to follow to a suit led: "3NT is a call ... play a card (such as SA or H10)" named cards
    South could not play (or did not hold)."""
    for game in souths_second_turns():
        assert game.play is not None
        legal = game.play.legal_cards()
        if len(legal) == len(game.remaining(S)):
            continue
        with pytest.raises(bt.IllegalPlayError, match=r"3NT is a call, but the auction is over: play a card "
                           r"\(such as (\w+)(?: or (\w+))?\)") as refused:
            game.card("3NT")
        named = re.search(r"such as (\w+)(?: or (\w+))?\)", str(refused.value))
        assert named is not None
        assert {bt.Card.parse(c) for c in named.groups() if c} <= set(legal)
        return
    pytest.fail("no deal in 50 where South had to follow suit")


def test_south_sees_own_hand_then_dummy_after_the_lead_then_everything() -> None:
    game = new(seed=6, east=["1H"])
    game.advance()
    assert set(south_view(game)["hands"]) == {"S"}
    play_out_to_souths_card(game)
    assert set(south_view(game)["hands"]) == {"S"}  # South is on lead: dummy not yet faced
    assert game.play is not None
    game.card(game.play.legal_cards()[0])
    game.advance()
    assert set(south_view(game)["hands"]) == {"S", "W"}
    play_out(game)
    assert set(south_view(game)["hands"]) == {"N", "E", "S", "W"}
    assert south_view(game)["deal"]["E"] == [str(c) for c in game.deal.hand(E)]


def test_south_as_dummy_sees_norths_hand_as_north_plays_it() -> None:
    seen: list[set[str]] = []

    class Watched(Scripted):
        def card(self, view: CardView) -> bt.Card:
            seen.append(set(south_view(game)["hands"]))
            return super().card(view)

    players = {N: Watched(["1S"]), E: Scripted(), W: Scripted()}
    game = Game.new(players, bt.Vul.NONE, 6)
    play_out(game)
    assert game.declarer is N and len(seen) == 26  # North chose his own and South's cards
    east_leads = game.play is not None and game.play.cards[0] in game.deal.hand(E)
    assert east_leads and all(s == {"S", "N"} for s in seen)


def test_the_record_is_a_board_that_pbn_writes_and_reads_back_the_same() -> None:
    game = new(seed=9, vul=bt.Vul.EW, east=["1H"])
    play_out(game)
    board = game.board()
    assert board.contract == game.contract and board.declarer is E and board.vulnerability is bt.Vul.EW
    out = io.StringIO()
    bt.write([board], out, "pbn")
    back = next(bt.read(io.StringIO(out.getvalue()), format="pbn"))
    assert back.auction is not None and back.auction.calls == game.auction.calls  # (notes numbered)
    assert [(n.alert, n.explanation) if n else None for n in back.auction.annotations] \
        == [(n.alert, n.explanation) if n else None for n in game.auction.annotations]
    assert back.play is not None and game.play is not None
    assert back.play.cards == game.play.cards
    assert [t.winner for t in back.play.completed_tricks] == [t.winner for t in game.play.completed_tricks]
    assert back.tricks == game.play.declarer_tricks and back.issues == []


def test_the_record_of_a_passed_out_board_gives_its_score_of_zero_as_autoplay_does() -> None:
    game = new(seed=9)
    play_out(game)
    out = io.StringIO()
    bt.write([game.board()], out, "pbn")
    text = out.getvalue()
    assert '[Contract "Pass"]' in text and '[Result ""]' in text and '[Score "NS 0"]' in text
    back = next(bt.read(io.StringIO(text), format="pbn"))
    assert back.tags["Score"] == "NS 0" and back.issues == []


def test_the_record_names_the_scoring_the_table_scores_by() -> None:
    """One deal scored in duplicate points, not IMPs or matchpoints: PBN's open-ended Scoring tag (§3.4)
    says so, where the record wrote the unknown ``?``."""
    game = new(seed=9, vul=bt.Vul.EW, east=["1H"])
    play_out(game)
    out = io.StringIO()
    bt.write([game.board()], out, "pbn")
    assert '[Scoring "TotalPoints"]' in out.getvalue()


def test_a_board_of_a_file_is_played_with_its_own_dealer_and_vulnerability() -> None:
    board = bt.Board(number=6, deal=deal_shuffled(E, 1))
    game = Game.from_board(board, simple_players())
    assert game.dealer is E and game.vulnerability is bt.Vul.EW and game.number == 6
    game.advance()
    assert game.auction.dealer is E and len(game.auction) == 1 and game.souths_turn


def test_a_board_of_a_file_dealt_by_north_is_dealt_by_north() -> None:
    board = bt.Board(number=1, deal=deal_shuffled(E, 1))  # Law 2: board 1 is North's deal
    game = Game.from_board(board, simple_players())
    assert game.dealer is N and game.auction.dealer is N


def test_the_computer_players_are_told_the_deals_vulnerability_when_they_call() -> None:
    game = new(vul=bt.Vul.EW)
    play_out(game)
    north = game.players[N]
    assert isinstance(north, Scripted) and north.vulnerabilities
    assert set(north.vulnerabilities) == {bt.Vul.EW}


def test_the_bots_player_passes_the_vulnerability_on_to_its_bidder() -> None:
    from bridgetools.table.players import ComputerPlayer

    heard: list[bt.Vul] = []

    class Listening(bt.Bidder):
        def choose(self, auction: bt.Auction, hand: bt.Hand, vulnerability: bt.Vul | str = bt.Vul.NONE
                   ) -> tuple[bt.Call, Meaning | None]:
            heard.append(bt.Vul.parse(vulnerability))
            return super().choose(auction, hand, vulnerability)

    player = ComputerPlayer(seed=1, judge=False)
    player.bidder = Listening()
    hand = deal_shuffled(N, 1)[N]
    assert hand is not None
    player.call(bt.Auction(N), hand, N, bt.Vul.BOTH)
    assert heard == [bt.Vul.BOTH]


def test_a_computer_player_explains_its_calls_and_south_s_own_as_partner_reads_them() -> None:
    # a learner asks what his own call told partner: it was "your own call"
    game = Game.new(simple_players(), bt.Vul.NONE, 1)
    game.advance()
    game.call("Pass")
    game.advance()
    assert game.explain(0).startswith("as partner reads it, ") and len(game.explain(0)) > 21
    assert game.explain(1) and not game.explain(1).startswith("as partner reads it")
    with pytest.raises(bt.BridgeError):
        game.explain(99)


def test_the_simple_player_explains_only_the_calls_its_own_rules_make() -> None:
    # an overcall, a new suit or a jump is not its raise of partner's suit: no note rather than a false one
    player, hand = SimplePlayer(), STAYMAN.hand(S)

    def meanings(dealer: bt.Seat, calls: str, call: str) -> tuple[str, str | None]:
        auction = bt.Auction(dealer, [bt.Call.parse(c) for c in calls.split()])
        annotation = player.annotate(auction, bt.Call.parse(call), hand)
        return player.explain(auction, bt.Call.parse(call)), annotation and annotation.explanation

    unexplained = "no explanation (this simple player has nothing more to say)"
    assert meanings(E, "1S", "2H") == (unexplained, None)           # South's overcall
    assert meanings(N, "1D P", "2C") == (unexplained, None)         # South's new suit over North's 1D
    assert meanings(N, "1D P", "3D") == (unexplained, None)         # a jump raise
    raise_ = "a raise of partner's suit, 8 or more points and three-card support"
    assert meanings(N, "1D P", "2D") == (raise_, raise_)
    assert meanings(S, "", "1NT") == ("a balanced hand of 15 to 17 points",) * 2
    assert meanings(S, "", "1H") == ("an opening bid, 12 or more points, the longest suit",) * 2
    assert meanings(S, "", "Pass") == (unexplained, None)


def test_the_simple_player_never_calls_or_plays_illegally() -> None:
    for seed in range(30):
        game = Game.new(simple_players(), bt.Vul(seed % 4), seed)
        south = Scripted()
        game.advance()
        while game.phase is not Phase.OVER:
            if game.phase is Phase.AUCTION:
                game.call(simple_players()[N].call(game.auction, game.deal.hand(S), S))
            else:
                assert game.to_act is not None
                game.card(south.card(game.card_view(game.to_act)))
            game.advance()
        assert game.ns_score is not None


def test_the_computer_players_of_the_bots_play_a_whole_deal_at_the_table() -> None:
    """North, East and West played by `bridgetools.bots` (bidding and card play) through the table's
    narrow player interface: South opens 1NT and passes, and the deal ends with 52 legal cards and the
    score of the contract reached."""
    from bridgetools.table.players import computer_players

    game = Game.new(computer_players(seed=5), bt.Vul.NONE, 4)
    play_out(game, ["1NT"])
    assert game.phase is Phase.OVER and game.contract is not None
    if game.play is not None:
        assert len(game.play.cards) == 52
        assert game.score is not None and game.score.total == bt.score(
            game.contract, game.play.declarer_tricks, False)


def test_a_seeded_deal_s_computer_play_is_the_same_on_a_slow_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same seed gives the same opening lead and cards on a slow machine: the players of a seeded deal
    count layouts, not seconds, up to their ceiling (the table's clock made seed 3's opening lead the ♠6
    once and the ♦9 another time)."""
    import itertools
    import time

    from bridgetools.bots.play import dd_available
    from bridgetools.table.players import computer_players

    if not dd_available():
        pytest.skip("without the dd extra the computer players play by rules of thumb, with no clock")

    def first_tricks() -> list[bt.Card]:
        game = Game.new(computer_players(seed=3, judge=False), bt.Vul.NONE, 3)
        game.advance()
        while game.phase is Phase.AUCTION or (game.play is not None and len(game.play.cards) < 8):
            if game.phase is Phase.AUCTION:
                game.call("Pass")
            else:
                assert game.play is not None
                game.card(min(game.play.legal_cards(), key=lambda c: c.index))
            game.advance()
        assert game.play is not None
        return list(game.play.cards[:8])

    slow = itertools.count(step=1e-6)  # a clock all but standing still: no load cuts the reference short
    monkeypatch.setattr(time, "perf_counter", lambda: next(slow))
    quick = first_tricks()
    # each look at the clock a quarter of a second later: a slow machine (5 s a card), within the ceiling
    clock = itertools.count(step=0.25)
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock))
    assert first_tricks() == quick


def test_a_seeded_card_cut_short_by_the_ceiling_is_noted_and_one_within_it_is_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import itertools
    import time

    from bridgetools.bots.play import dd_available
    from bridgetools.table.players import computer_players

    if not dd_available():
        pytest.skip("without the dd extra the computer players play by rules of thumb, with no clock")

    def opening_lead_s_note() -> str | None:
        game = Game.new(computer_players(seed=3, judge=False), bt.Vul.NONE, 3)
        game.advance()
        while game.phase is Phase.AUCTION:
            game.call("Pass" if game.auction.calls else "1NT")
            game.advance()  # (and then the play)
        return game.ceiling_note()

    slow = itertools.count(step=1e-6)  # a clock all but standing still: no load cuts the reference short
    monkeypatch.setattr(time, "perf_counter", lambda: next(slow))
    assert opening_lead_s_note() is None
    clock = itertools.count(step=4.0)  # each look at the clock 4 s later: the ceiling (10 s) is reached
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock))
    note = opening_lead_s_note()
    assert note is not None and note.startswith("reached the time ceiling") and "card" in note.split(": ")[1]


def test_a_seeded_deal_s_computer_players_keep_a_ceiling_a_decision() -> None:
    """Any client may ask for a seeded deal: its players, without the table's clock, still stop a card's
    layouts or a judged call's batches at `SEEDED_CEILING` (they had no limit at all)."""
    from bridgetools.table.players import CARD_BUDGET, SEEDED_CEILING, ComputerPlayer, computer_players

    for player in computer_players(seed=3, judge=True).values():
        assert isinstance(player, ComputerPlayer)
        assert player.card_player.budget == SEEDED_CEILING > CARD_BUDGET
        assert getattr(player.bidder, "budget", None) == SEEDED_CEILING


def test_in_practice_mode_the_end_of_the_deal_shows_par_and_the_cards_that_cost_a_trick() -> None:
    pytest.importorskip("endplay")
    from bridgetools.table.game import south_view

    game = new(seed=2)
    game.practice = True
    play_out(game, ["1NT"])
    view = south_view(game)
    dd = view["double_dummy"]
    found = bt.par(game.deal, game.vulnerability, game.dealer)
    assert dd is not None and dd["par"] == str(found)
    side = "North-South" if found.score >= 0 else "East-West"
    assert dd["par_words"].startswith("Par: ")
    assert dd["par_words"].endswith(f", +{abs(found.score)} to {side}")
    review = bt.dd_review(game.play)
    expected = [(c.seat.letter, str(c.card)) for c in review.errors()]
    assert [(c["seat"], c["card"]) for c in dd["costly"]] == expected


def test_the_plain_game_shows_no_double_dummy_review_at_the_end() -> None:
    # the rules have no review: it is offered only in a practice mode the player turns on
    pytest.importorskip("endplay")  # without the extra there is no review to leave out
    from bridgetools.table.game import south_view

    game = new(seed=2)
    play_out(game, ["1NT"])
    assert game.phase is Phase.OVER
    assert south_view(game)["double_dummy"] is None


def test_before_the_end_there_is_no_double_dummy_in_the_state() -> None:
    from bridgetools.table.game import south_view

    game = new(seed=2)
    game.advance()
    assert "double_dummy" not in south_view(game)


def test_a_card_view_shows_the_auction_and_the_vulnerability_as_the_table_does() -> None:
    game = new(vul=bt.Vul.EW)
    play_out(game, ["1NT"])  # South declares: West leads
    west = game.players[W]
    assert isinstance(west, Scripted) and west.views
    view = west.views[0]
    assert view.vulnerability is bt.Vul.EW
    assert view.auction is not None and view.auction.calls == game.auction.calls


def test_the_bots_card_player_samples_within_the_auction_at_the_deals_vulnerability() -> None:
    from bridgetools.table.players import ComputerPlayer

    heard: list[tuple[bt.Auction | None, bt.Vul]] = []
    player = ComputerPlayer(seed=1, judge=False)
    choose = player.card_player.card

    def listening(play: bt.Play, seat: bt.Seat | None = None, **options: object) -> bt.Card:
        auction = options.get("auction")
        assert auction is None or isinstance(auction, bt.Auction)
        heard.append((auction, player.card_player.vulnerability))
        return choose(play, seat, auction=auction)

    player.card_player.card = listening  # type: ignore[method-assign]
    game = Game.new({N: Scripted(), E: player, W: Scripted()}, bt.Vul.BOTH, 3)  # East defends 1NT
    play_out(game, ["1NT"])
    assert heard and all(a is not None and a.calls == game.auction.calls and v is bt.Vul.BOTH
                         for a, v in heard)


def test_practice_review_says_par_as_a_teacher_would() -> None:
    from bridgetools.model.results import Par, ParContract
    from bridgetools.table.review import par_sentence

    made = Par(450, (ParContract(bt.Contract.from_str("4H"), (bt.Seat.S,), 1),))
    assert par_sentence(made) == "Par: 4♥ by South making 11 tricks, +450 to North-South"
    sacrifice = Par(300, (ParContract(bt.Contract.from_str("5SX"), (bt.Seat.E, bt.Seat.W), -2),))
    assert par_sentence(sacrifice) == ("Par: 5♠ doubled by East or West taking 9 tricks, down 2, "
                                       "+300 to North-South")
    theirs = Par(-400, (ParContract(bt.Contract.from_str("3NT"), (bt.Seat.E, bt.Seat.W), 0),
                        ParContract(bt.Contract.from_str("5C"), (bt.Seat.W,), 0)))
    assert par_sentence(theirs) == ("Par: 3NT by East or West making 9 tricks; "
                                    "or 5♣ by West making 11 tricks, +400 to East-West")
    assert par_sentence(Par(0)) == "Par: the deal passed out, 0 to either side"


FORCED_3C = ("P 1D X P 1N P 2S P", "9.K76.K964.98752")  # the fallback's "longest suit, forced"
STRONG_PASS = ("P P 1D X P 2C P", "AKT2.AKJ.AJ863.3")  # the fallback's last-resort pass


def _made_by(player: object, calls: str, hand: str) -> tuple[bt.Auction, bt.Call, bt.Hand]:
    from bridgetools.table.players import ComputerPlayer

    assert isinstance(player, ComputerPlayer)
    auction, held = bt.Auction(N, calls.split()), bt.Hand.from_pbn(hand)
    return auction, player.call(auction, held, auction.turn), held


def test_a_computer_players_own_call_is_explained_by_the_meaning_that_made_it() -> None:
    # not the table's "new suit, looking for the best game: 7+ HCP", which this 4-count does not hold
    from bridgetools.table.players import ComputerPlayer

    player = ComputerPlayer(seed=1, judge=False)
    auction, call, _ = _made_by(player, *FORCED_3C)
    assert str(call) == "3C" and player.explain(auction, call).startswith("longest suit, forced")


def test_a_computer_players_own_pass_is_explained_by_the_meaning_that_made_it() -> None:
    # a pass has no note: the page is its only explanation, so not "minimum: at most 16 HCP" with 20
    from bridgetools.table.players import ComputerPlayer

    player = ComputerPlayer(seed=1, judge=False)
    auction, call, _ = _made_by(player, *STRONG_PASS)
    assert call is bt.PASS and player.explain(auction, call).startswith("no other call fits")


def test_a_call_the_computer_player_did_not_make_is_explained_as_the_system_reads_it() -> None:
    from bridgetools.table.players import ComputerPlayer

    made, asked = ComputerPlayer(seed=1, judge=False), ComputerPlayer(seed=1, judge=False)
    auction, call, _ = _made_by(made, *FORCED_3C)
    assert asked.explain(auction, call) == made.bidder.explain(auction, call).brief
    other_dealer = bt.Auction(E, auction.calls)
    assert made.explain(other_dealer, call) == made.bidder.explain(other_dealer, call).brief


JUDGED_3NT = Meaning("game in notrump", hcp=(7, 40), judged=True, extra=("judged by simulation",))


def _judging(player: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """``player``'s bidder made to choose 3NT by the judge's meaning, as when the simulation changed it
    (the bidder is shared: the patch is undone after the test)."""
    from bridgetools.table.players import ComputerPlayer

    assert isinstance(player, ComputerPlayer)

    def choose(auction: bt.Auction, hand: bt.Hand, vulnerability: bt.Vul | str = bt.Vul.NONE
               ) -> tuple[bt.Call, Meaning | None]:
        return bt.Call.parse("3NT"), JUDGED_3NT

    monkeypatch.setattr(player.bidder, "choose", choose)


def test_the_computer_players_note_tells_the_judges_meaning_when_the_judge_chose_the_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.table.players import ComputerPlayer

    player = ComputerPlayer(seed=1, judge=False)
    _judging(player, monkeypatch)
    auction, call, hand = _made_by(player, "1N P", "95.KQ985.Q86.AT2")
    note = player.annotate(auction, call, hand)
    assert note is not None and (note.explanation or "").startswith("game in notrump: 7+ HCP")
    assert player.explain(auction, call).startswith("game in notrump: 7+ HCP")


def test_the_judges_meaning_is_not_told_for_another_auction_or_another_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgetools.table.players import ComputerPlayer

    player = ComputerPlayer(seed=1, judge=False)
    _judging(player, monkeypatch)
    auction, call, hand = _made_by(player, "1N P", "95.KQ985.Q86.AT2")
    other = bt.Hand.from_pbn("A5.KQ985.Q86.K32")
    others = ((auction, other), (bt.Auction(N, ["1N", "2C"]), hand), (bt.Auction(E, ["1N", "P"]), hand))
    for asked, held in others:
        note = player.annotate(asked, call, held)
        assert note is None or "7+ HCP" not in (note.explanation or "")


def test_a_seeded_decision_that_reached_the_ceiling_is_noted_in_the_record() -> None:
    # a replay of the seed may play otherwise there, and neither the page nor the record said so
    players = {**scripted(), W: Hurried({1, 4})}
    game = Game.new(players, bt.Vul.NONE, 2)
    play_out(game, ["1NT"])
    assert game.play is not None
    west = [str(c) for t in game.play.completed_tricks for i, c in enumerate(t.cards) if t.seat_of(i) is W]
    note = ("Reached the time ceiling of a seeded computer player (a slow or busy machine), so a replay of "
            f"the seed may differ from here: West's card {west[0]} (trick 1); "
            f"West's card {west[3]} (trick 4)")
    assert game.board().commentary == [note]
    assert south_view(game)["ceiling"] == note[0].lower() + note[1:]
    out = io.StringIO()
    bt.write([game.board()], out, "pbn")
    assert next(bt.read(io.StringIO(out.getvalue()), format="pbn")).commentary == [note]


def test_a_deal_no_decision_of_which_reached_the_ceiling_has_no_such_note() -> None:
    game = Game.new({**scripted(), W: Hurried(set())}, bt.Vul.NONE, 2)
    play_out(game, ["1NT"])
    assert game.board().commentary == [] and south_view(game)["ceiling"] is None


def test_a_bid_beyond_seven_typed_in_the_auction_says_why_it_is_no_bid() -> None:
    """South types 8C to bid: it reads as the eight of clubs, and the answer said only "8C is a card";
    it says too what was expected of a bid."""
    game = new()
    with pytest.raises(bt.IllegalCallError) as refused:
        game.call("8C")
    assert str(refused.value) == ("8C is a card, but the auction is not over: make a call (a bid such as 1S "
                                  "or 3NT, Pass, X or XX); as a bid, 8 is no level (1 to 7)")
