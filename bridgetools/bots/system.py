"""SAYC-lite as rule tables: openings, responses, rebids, the notrump structure (Stayman, Jacoby
and minor-suit transfers, Gerber, quantitative 4NT), weak twos and preempts, Blackwood, overcalls, takeout and
negative doubles, and advances. Within a table the first rule whose meaning the hand satisfies wins."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bridgetools.bots.meaning import HELP_SUIT_LENGTH, Force
from bridgetools.bots.rules import PASSED_HAND_MOST, VARIABLES, Binding, Rule, RuleIndex, Situation, rule
from bridgetools.bots.tricks import GRAND_POINTS, SLAM_TRICKS
from bridgetools.model import PASS, Bid, Strain, Suit

_H2 = Bid(2, Strain.H)
_MAJORS = (Suit.H, Suit.S)

F, GF, INV, SO = Force.FORCING, Force.GAME_FORCING, Force.INVITATIONAL, Force.SIGN_OFF
ANY = (0, 13)
JUMP_SHIFT = "strong jump shift"
"""The convention name of responder's strong jump shift (19+, game forcing), which opener's rebids follow."""
SLAM_ON_ACES = "small slam, three or four aces together, the asker holding"
"""The asker's small slam after the reply to Blackwood or Gerber: the label names the partnership's aces
(at most one missing), so that the note's count ("1 or 2 aces") reads as the asker's own."""


def at_least(n: int) -> tuple[int, int]:
    return (n, 13)


def _level(sit: Situation, index: int) -> int:
    """The level of the call ``index`` places from the end of the auction (0 for a pass or double)."""
    call = sit.calls[index]
    return call.level if isinstance(call, Bid) else 0


def _jump_overcall(sit: Situation, back: int) -> bool:
    """Whether the overcall of the one-level opening, ``back`` calls back, skipped a level."""
    overcall = sit.calls[-back]
    if not isinstance(overcall, Bid):
        return False
    return overcall.level > (1 if overcall.strain > sit.opening_strain() else 2)


def _opener_rebid_six(sit: Situation) -> bool:
    """Whether opener's last call (two calls back) can show six or more cards in his first suit: a rebid
    with no six-card meaning is the catch-all's, for hands with nothing else to say."""
    suit = sit.opening_strain().suit
    last = sit.partner_last
    return suit is not None and last is not None and any(m.lengths[suit][0] >= 6 for m in last.meanings)


def _over_jump_overcall(sit: Situation) -> bool:
    """Whether the overcall of our one-level opening (three calls back) skipped a level."""
    return _jump_overcall(sit, 3)


def _seven_card_major_game(pattern: str) -> Rule:
    """Opener's game in his seven-card major with four losers when the opponents compete: ten tricks by
    the losing-trick count opposite the little partner needs (1H X P 2C: AT.AKQJ9764.5.QJ bids 4H)."""
    return rule(pattern, "4x", "to play, seven-card major, four losers", hcp=(11, 40),
                lens={"x": at_least(7)}, losers=(0, 4), order="x>D", force=SO)


def _jump_at_three(sit: Situation) -> bool:
    """Whether opener's jump in his own suit is to the three level (his suit's cheapest bid is at two)."""
    return sit.cheapest_level(sit.opening_strain()) == 2


def _opener_own_suit_over_advance(pattern: str) -> list[Rule]:
    """Opener's rebid of his own suit ``x`` after their takeout double and its advance: game in a major
    with a seven-card suit and four losers (1H X P 2C: AT.AKQJ9764.5.QJ bids 4H) or a six-card one and
    19+ HCP, the jump with a six-card suit and 16+ (16-18 in a major, whose 19+ plays game). A minimum
    six-card suit passes: the doubler's rules follow opener's pass, and the cheapest rebid lost on the tuning
    sets."""
    return [
        _seven_card_major_game(pattern),
        rule(pattern, "4x", "to play, six-card major, 19+ HCP", hcp=(19, 40), lens={"x": at_least(6)},
             order="x>D", force=SO),
        rule(pattern, "jx", "six-card suit, extra values", hcp=(16, 18), lens={"x": at_least(6)}, force=INV,
             when=lambda s: _jump_at_three(s) and s.opening_strain().suit in _MAJORS),
        rule(pattern, "jx", "six-card suit, extra values", hcp=(16, 21), lens={"x": at_least(6)}, force=INV,
             when=lambda s: _jump_at_three(s) and s.opening_strain().suit not in _MAJORS),
    ]


def _natural_opening(sit: Situation) -> bool:
    """Whether the opening bid names its suit: not the strong, artificial 2C, whose "raise" raises nothing."""
    first = sit.key[0]
    return not (isinstance(first, Bid) and first.level == 2 and first.strain == Strain.C)


def _raise_to_three_below_spades(sit: Situation) -> bool:
    """Whether their last bid raises a natural opening (not the strong 2C) to three in a suit other than
    spades, so that advancer's six-card major still competes at three after partner's takeout double."""
    return _level(sit, -1) == 3 and sit.cheapest_level(Strain.S) <= 3 and _natural_opening(sit)


CUE_RAISE_OVER_PREEMPT = 12
"""HCP for responder's cue bid of a three-level preempt as the strong raise of opener's major."""
OPENER_SLAM_EXTRAS = 16
"""HCP with which opener asks for aces over the strong cue-bid raise of a preempt (12+ opposite)."""
SEVEN_CARD_SLAM_LOSERS = 5
"""Losers with which opener, holding a seven-card major and two aces, asks for aces over the strong cue-bid
raise of a preempt whatever his HCP: ten trumps and the side aces opposite a game-forcing raise."""


def _overcall_below_three(sit: Situation) -> bool:
    """Whether the overcall (three calls back) is at the one or two level: after 1S 3H 4H opener has only
    4S, the minimum sign-off, to bid, so the cue raise's 15+ game and minimum rebid do not apply."""
    overcall = sit.calls[-3]
    assert isinstance(overcall, Bid)
    return overcall.level < 3


def _weak_two_opened(sit: Situation) -> bool:
    """Whether the auction's first bid is a weak two (2D, 2H, 2S), not the strong, artificial 2C."""
    first = sit.opening_bid()
    return first is not None and first.level == 2 and first.strain in (Strain.D, Strain.H, Strain.S)


def _both_majors_unbid(sit: Situation) -> bool:
    """Whether neither major has been bid naturally yet."""
    return not any(u in sit.bid_suits for u in _MAJORS)


def _simple_rebid(sit: Situation) -> bool:
    """Whether opener's rebid (two calls back) of his own suit was at the cheapest level over the overcall
    (four calls before it), not a jump."""
    overcall, rebid = sit.calls[-5], sit.calls[-2]
    if not isinstance(overcall, Bid) or not isinstance(rebid, Bid):
        return False
    return rebid.level == overcall.level + (rebid.strain < overcall.strain)


def _stopper_ask_at_three(sit: Situation) -> bool:
    """Whether opener's rebid was simple and the cue bid of the overcall (five calls back) is still at the
    three level, below 3NT: a four-level cue would pass the game it asks about."""
    overcall = sit.calls[-5]
    return _simple_rebid(sit) and isinstance(overcall, Bid) and sit.cheapest_level(overcall.strain) <= 3


BIDS_AGAIN = "too strong for another call; bids again"
"""What the balancing seat's strong double adds: the doubler shows his strength by bidding again."""

NO_OPENING = "fewer than 12 points (an 11-count with a five-card suit opens), no weak two or preempt"
"""What a first- or second-seat pass says of the hand, as a teacher puts it: every hand of 12 or more HCP
opens, and 11 with a five-card suit (12 points counting length)."""

OPENINGS = [
    rule("", "2C", "strong two clubs", hcp=(22, 40), force=F, artificial=True, convention="strong 2C"),
    rule("", "2N", "2NT opening", hcp=(20, 21), balanced=True),
    rule("", "1N", "1NT opening", hcp=(15, 17), balanced=True),
    rule("", "1S", "one of a major", hcp=(11, 21), points=(12, 50), lens={"S": at_least(5)}, rel=("S>=H",)),
    rule("", "1H", "one of a major", hcp=(11, 21), points=(12, 50), lens={"H": at_least(5)}),
    rule("", "1C", "one of a minor", hcp=(11, 21), points=(12, 50), lens={"C": at_least(3), "H": (0, 4),
         "S": (0, 4)}, rel=("C>D",)),
    rule("", "1C", "one of a minor", hcp=(11, 21), points=(12, 50), lens={"C": (3, 3), "D": (3, 3),
         "H": (0, 4), "S": (0, 4)}),
    rule("", "1D", "one of a minor", hcp=(11, 21), points=(12, 50), lens={"D": at_least(3), "H": (0, 4),
         "S": (0, 4)}),
    rule("", "2S", "weak two", hcp=(5, 10), lens={"S": (6, 6), "H": (0, 3)}),
    rule("", "2H", "weak two", hcp=(5, 10), lens={"H": (6, 6), "S": (0, 3)}),
    rule("", "2D", "weak two", hcp=(5, 10), lens={"D": (6, 6), "H": (0, 3), "S": (0, 3)}),
    rule("", "4M", "preempt", hcp=(5, 10), lens={"M": at_least(8)}),
    # at favourable vulnerability, four of a seven-card major by the rule of four: six tricks (down four)
    rule("", "4M", "preempt", hcp=(5, 10), lens={"M": (7, 7)}, losers=(0, 7), vul="fav"),
    # three-level preempts by the rule of two, three and four: seven tricks vulnerable (down two), six
    # when neither side is (down three), any seven-card suit at favourable vulnerability
    rule("", "3x", "preempt", hcp=(5, 10), lens={"x": (7, 13)}, losers=(0, 6), vul="vul"),
    rule("", "3x", "preempt", hcp=(5, 10), lens={"x": (7, 13)}, losers=(0, 7), vul="neither"),
    rule("", "3x", "preempt", hcp=(5, 10), lens={"x": (7, 13)}, vul="fav"),
    # every hand of 12+ HCP opens (11 with a five-card suit: 12 points); a pass shows no more than 11. The
    # readings were tuned with the pass read up to 21 (read as 0-11 the tuning sets lost 0.017 a deal):
    # that reading is kept, untold (no hand passes by it)
    rule("", "P", "no opening bid", hcp=(0, PASSED_HAND_MOST), extra=(NO_OPENING,)),
    rule("", "P", "no opening bid", hcp=(0, 21), untold=True),
]

SECOND_MAJOR_HCP = (10, 40)
"""Responder's HCP for 1NT P 2H P 2S P 3H (five spades, four hearts)."""
FIVE_FIVE_GAME = SECOND_MAJOR_HCP
"""HCP with which five-five in the majors transfers to spades over 1NT (SAYC), then shows the hearts at
three, forcing to game: opener chooses the major with three spades or four hearts, else 3NT, over which
the fifth heart bids 4H. A weaker five-five transfers to hearts."""
FIVE_FIVE_SHAPE = (8, FIVE_FIVE_GAME[0] - 1)
"""HCP with which five-five in the majors counts as game values too: its two fifth cards make 10+ points
(every five-five hand holds a singleton or a void)."""
A_TEN = (1, 4)
"""The tens a hand on the least HCP of a notrump invitation's accepting range holds to accept it: a ten
fills the gaps a 24-count leaves in notrump, where a flat minimum without one goes down."""
TWO_TENS = (2, 4)
"""The tens that count as a point more for responder after 1m-1M and opener's minimum rebid (1NT or 2m):
a hand a point short of 3NT bids it, a point short of an invitation invites (the forty-fifth pass)."""


TRANSFER_SLAM_TWO_SUITER = (16, 40)
"""HCP of responder's natural, game-forcing new minor after a transfer with a six-card major and four of
the minor (1NT P 2D P 2H P 3D): the slam-going two-suiter shows its second suit, where it bid 5M or 6M."""
TRANSFER_ACCEPT_CONTROLS = 5
"""Controls (ace 2, king 1) with which opener's minimum (15) and three trumps accept the 5M slam
invitation after a transfer (16 HCP and a six-card suit: nine trumps and 31 HCP together)."""


def _after_transfer(ask: str, major: str) -> list[Rule]:
    """Responder's rebids after 1NT and a completed (or super-accepted) Jacoby transfer to ``major``, and
    opener's answers. A six-card major is a nine-card fit, so slam is played in it (6M with 17+, 5M
    inviting with 16); a five-card major with 16 invites quantitatively, 10-15 offers a choice of games."""
    m, name = major, Suit.parse(major).full_name
    done, jump = f"1N P {ask} P 2{m} P", f"1N P {ask} P 3{m} P"
    return [
        *(rule(done, f"3{x}", "second suit, slam interest", hcp=TRANSFER_SLAM_TWO_SUITER,
               lens={m: at_least(6), x: at_least(4)}, force=GF) for x in "DC"),
        rule(done, f"6{m}", "to play, a six-card suit", hcp=(17, 40), lens={m: at_least(6)}, force=SO),
        rule(done, f"5{m}", "slam invitation, a six-card suit", hcp=(16, 16), lens={m: at_least(6)},
             force=INV),
        *_second_major(done, m),
        rule(done, "4N", f"quantitative, five {name}", hcp=(16, 16), lens={m: (5, 5)}, force=INV,
             convention="quantitative"),
        rule(done, f"4{m}", "to play", hcp=(10, 15), lens={m: at_least(6)}, force=SO),
        rule(done, f"4{m}", "to play, a six-card suit and six losers", hcp=(0, 15), losers=(0, 6),
             lens={m: at_least(6)}, force=SO),
        *(rule(done, f"3{x}", "second suit, a singleton or void", hcp=(10, 15),
               lens={m: (5, 5), x: at_least(4), short: (0, 1)}, force=GF)
          for x in "CD" for short in "SHDC" if short not in (m, x)),
        *_choice_of_games(done, m, (10, 15)),
        rule(f"{done} 3m P", f"4{m}", f"prefers {name}", lens={m: at_least(3)}, force=SO),
        rule(f"{done} 3m P", "3N", "to play", lens={m: (0, 2)}, force=SO),
        # opener's choice ends the 10-15 hand's auction; the slam-going two-suiter goes on: over 4M (three
        # trumps) Blackwood, over 3NT (a doubleton, eight trumps) six with 17+, five inviting with 16, as
        # straight after the transfer
        rule(f"{done} 3m P 4{m} P", "4N", "Blackwood, the two-suiter opposite support",
             hcp=TRANSFER_SLAM_TWO_SUITER, lens={m: at_least(6)}, force=F, artificial=True,
             convention="Blackwood"),
        rule(f"{done} 3m P 3N P", f"6{m}", "to play, a six-card suit", hcp=(17, 40), lens={m: at_least(6)},
             force=SO),
        rule(f"{done} 3m P 3N P", f"5{m}", "slam invitation, a six-card suit", hcp=(16, 16),
             lens={m: at_least(6)}, force=INV),
        rule(f"{done} 3m P 3N P 5{m} P", f"6{m}", "accepts the slam invitation", hcp=(16, 17)),
        rule(f"{done} 3m P 3N P 5{m} P", "P", "declines the slam invitation", hcp=(0, 15)),
        rule(done, f"3{m}", "invitational", hcp=(8, 9), lens={m: at_least(6)}, force=INV),
        rule(done, "2N", "invitational", hcp=(8, 9), lens={m: (5, 5)}, force=INV),
        rule(done, "P", "to play", hcp=(0, 7)),
        rule(jump, f"4{m}", "to play", hcp=(4, 40), force=SO),
        rule(jump, "P", "to play", hcp=(0, 3)),
        # opener after responder's rebid
        rule(f"{done} 3N P", f"4{m}", f"prefers {name}", lens={m: at_least(3)}, force=SO),
        rule(f"{done} 3N P", "P", "to play", lens={m: (0, 2)}),
        rule(f"{done} 3{m} P", f"4{m}", "accepts the invitation", hcp=(16, 17)),
        rule(f"{done} 3{m} P", "P", "declines the invitation", hcp=(15, 15), losers=(7, 13)),
        # over their double of 2NT too (``p``): it takes no room, so opener's major still answers the
        # invitation, game or the decline with support, not a fallback invitation back (2NT X 3M 4M); with
        # no fit the notrump answers are the fallback's, as 2NT doubled making is game
        rule(f"{done} 2N p", f"4{m}", "accepts with support", hcp=(16, 17), lens={m: at_least(3)}),
        rule(f"{done} 2N P", "3N", "accepts the invitation", hcp=(17, 17)),
        rule(f"{done} 2N P", "3N", "accepts the invitation", hcp=(16, 16), tens=A_TEN),
        rule(f"{done} 2N P", "P", "declines the invitation", hcp=(0, 16), lens={m: (0, 2)}),
        rule(f"{done} 5{m} P", f"6{m}", "accepts the slam invitation", hcp=(16, 17)),
        rule(f"{done} 5{m} P", f"6{m}", "accepts the slam invitation, three trumps and controls",
             hcp=(15, 15), lens={m: at_least(3)}, controls=(TRANSFER_ACCEPT_CONTROLS, 12)),
        rule(f"{done} 5{m} P", "P", "declines the slam invitation", hcp=(0, 15)),
        rule(f"{done} 4N P", f"6{m}", "accepts with support", hcp=(16, 17), lens={m: at_least(3)}),
        rule(f"{done} 4N P", "6N", "accepts the slam invitation", hcp=(16, 17)),
        rule(f"{done} 4N P", f"5{m}", "declines with support", hcp=(0, 15), lens={m: at_least(3)}),
        rule(f"{done} 4N P", "P", "declines the slam invitation", hcp=(0, 15)),
        rule(f"{done} 2N p", f"3{m}", "declines with support", hcp=(0, 15), lens={m: at_least(3)}),
    ]



def _choice_of_games(done: str, major: str, hcp: tuple[int, int]) -> list[Rule]:
    """Responder's game after a transfer with five of ``major`` and ``hcp``: 3NT offers the choice with no
    singleton or void (opener prefers the major with three, `_after_transfer`); with a short suit the
    seven-card fit or better plays four of the major, where notrump may find the short suit run."""
    others = [s for s in "SHDC" if s != major]
    return [
        rule(done, "3N", "choice of games", hcp=hcp,
             lens={major: (5, 5), **{s: at_least(2) for s in others}}),
        *(rule(done, f"4{major}", "to play, a singleton or void", hcp=hcp,
               lens={major: (5, 5), short: (0, 1)}, force=SO) for short in others),
    ]


def _second_major(done: str, major: str) -> list[Rule]:
    """After a transfer, responder's other major: five of the transfer major and four of the other with
    game values, forcing, so that a 4-4 fit is found (1NT P 2H P 2S P 3H, 1NT P 2D P 2H P 2S); opener
    raises the second major with four, prefers the first with three, else bids 3NT. Over the major agreed
    slam's Blackwood decides. Five-five in the majors transfers to spades (`FIVE_FIVE_GAME`) and over
    3NT shows the fifth heart (`_fifth_card_of_second_major`)."""
    other = "H" if major == "S" else "S"
    call = f"{'3' if major == 'S' else '2'}{other}"
    bid = f"{done} {call} P"
    return [
        rule(done, call, f"second suit, four or more {Suit.parse(other).full_name}", hcp=SECOND_MAJOR_HCP,
             lens={major: (5, 5), other: at_least(4)}, force=GF),
        *([rule(done, call, "second suit, five hearts", hcp=FIVE_FIVE_SHAPE, points=(FIVE_FIVE_GAME[0], 50),
                lens={"S": (5, 5), "H": (5, 5)}, force=GF)] if major == "S" else []),
        rule(bid, f"4{other}", f"a {Suit.parse(other).full_name[:-1]} fit", lens={other: at_least(4)}),
        rule(bid, f"4{major}", f"prefers {Suit.parse(major).full_name}", lens={major: at_least(3)}),
        rule(bid, "3N", "no major fit", lens={other: (0, 3), major: (0, 2)}),
        *_fifth_card_of_second_major(bid, other),
    ]


def _fifth_card_of_second_major(asked: str, other: str) -> list[Rule]:
    """Responder five-five in the majors after showing his second major (``asked``: the auction to its
    pass) and opener's 3NT, which denies four of it and three of the first: the fifth card of the second
    major makes the eight-card fit with opener's three (a balanced hand with a doubleton in one major holds
    three of the other), which responder bids at four and opener passes."""
    name = Suit.parse(other).full_name
    return [
        rule(f"{asked} 3N P", f"4{other}", f"five {name} as well", lens={other: at_least(5)},
             force=SO),
        rule(f"{asked} 3N P 4{other} P", "P", "to play"),
    ]


def _weak_five_card_minor_transfers() -> list[Rule]:
    """Responder to 1NT with 0-7 HCP, a five-card minor, a singleton or void and no four-card major: the
    minor-suit transfer to three of the minor, which plays better than 1NT with the short suit (a balanced
    five-four or five-three passes)."""
    rules = []
    for long, other in (("C", "D"), ("D", "C")):
        for short in ("S", "H", other):
            lens = {long: (5, 5), other: (0, 4), "H": (0, 3), "S": (0, 3)}
            lens[short] = (0, 1)
            rules.append(rule("1N P", "2S", "minor-suit transfer, a weak five-card minor and a short suit",
                              hcp=(0, 7), lens=lens, artificial=True, force=F,
                              extra=("asks opener to bid 3C",)))
    return rules


MINOR_SUIT_SLAM_TRY = "minor-suit slam try"
"""The convention of responder's six-card minor over 1NT (3m) and 2NT (3S 3NT 4m): a slam try the tables
answer alone, so opener's own slam tries by values wait for it (`bidder.TABLE_ANSWERED`)."""
MINOR_TRY_HCP = 11
"""HCP from which responder to 1NT with a six-card minor tries for slam with three of it (1NT P 3D):
26+ HCP together and the suit's tricks, where 3NT would stop short of six of the minor."""
MINOR_TRY_ACCEPT = 15
"""HCP with which the 1NT opener raises the slam try in a minor (with three or more cards of it): any
1NT opening, as Blackwood over the raise checks the aces (16 left 15-counts in 3NT where 6m made:
211 b979, 223 b97)."""
MINOR_TRY_QUANTITATIVE = 13
"""HCP from which responder, when opener answers the minor slam try with 3NT, invites 6NT with 4NT."""
STAYMAN_MINOR_TRY_HCP = 13
"""HCP from which responder, Stayman having found no major fit, tries for slam in a six-card minor headed by
the ace or king (1NT P 2C P 2D P 3C): 12 HCP or no top honour lost on the tuning sets."""


def _unpassed(sit: Situation) -> bool:
    """Whether the player to call has not passed before the opening (`Situation.passed_hand`): a passed
    hand (at most 11 HCP) tries for no slam. (Its rules follow the opening with no call of his.)"""
    return not sit.passed_hand(0)


def _passed(sit: Situation) -> bool:
    """Whether the player to call passed before the opening (`Situation.passed_hand`): his new suit does
    not force, and he holds at most 11 HCP."""
    return sit.passed_hand(0)


def _partner_passed(sit: Situation) -> bool:
    """Whether partner of the player to call passed before the opening: his new suit did not force."""
    return sit.passed_hand(2)


def _partner_unpassed(sit: Situation) -> bool:
    """Whether partner of the player to call has not passed before the opening: a passed hand's free bid
    (at most 11 HCP) forces no game."""
    return not sit.passed_hand(2)


def _unpassed_natural_opening(sit: Situation) -> bool:
    """Whether the player to call has not passed and the opening names its suit (not the strong 2C)."""
    return _unpassed(sit) and _natural_opening(sit)


def _seven_card_minor_game(ask: str) -> list[Rule]:
    """Responder to the minor slam try's 3NT with a seven-card minor, a singleton or void and 12 HCP: five
    of the minor, where 3NT may find the short suit run (a slam invitation starts at 13)."""
    rules = []
    for long, other in (("C", "D"), ("D", "C")):
        for short in ("S", "H", other):
            lens = {long: at_least(7), short: (0, 1)}
            rules.append(rule(f"{ask} 3N P", f"5{long}", "to play, a seven-card minor and a short suit",
                              hcp=(MINOR_TRY_QUANTITATIVE - 1, MINOR_TRY_QUANTITATIVE - 1), lens=lens,
                              force=SO))
    return rules


MINOR_TWO_SUITER_TRY_HCP = (14, 15)
"""HCP with which responder to 1NT with five or more of a minor, four or more of the other and a singleton
or void tries for a minor slam with three of the longer minor, as with a six-card one: 29+ HCP together
and the short suit make six of a minor where 3NT stops in game (17 b777, 227 b221, 227 b308)."""


def _minor_two_suiter_tries() -> list[Rule]:
    """Responder to 1NT with both minors (five-four or longer), a singleton or void and
    `MINOR_TWO_SUITER_TRY_HCP`: the minor-suit slam try in the longer minor (clubs with equal length), which
    opener answers as the six-card minor's (`_minor_slam_try`)."""
    rules = []
    for long, other in (("C", "D"), ("D", "C")):
        for short in ("S", "H"):
            lens = {long: at_least(5), other: at_least(4), "H": (0, 3), "S": (0, 3)}
            lens[short] = (0, 1)
            # clubs with five-five or longer clubs, diamonds when they are longer
            longer = f"{long}>={other}" if long == "C" else f"{long}>{other}"
            rules.append(rule("1N P", f"3{long}", "both minors and a short suit, slam interest",
                              hcp=MINOR_TWO_SUITER_TRY_HCP, lens=lens, force=F, rel=(longer,),
                              convention=MINOR_SUIT_SLAM_TRY, when=_unpassed))
        # over opener's 3NT (two or fewer of the first minor, so no fit there) the second minor looks for
        # a four-four fit: opener with four of it asks for aces (29+ HCP together and the short suit make
        # six unless two aces are missing). With three or fewer there is no known eight-card fit (opposite
        # five-four three is a 4-3 fit, and responder's lengths do not tell five-five), so notrump: 4NT is
        # Blackwood here, so opener relays with 4H (artificial) and responder plays 4NT, which opener passes
        ask = f"1N P 3{long} P 3N P"
        rules += [
            rule(ask, f"4{other}", "the second minor, slam interest", hcp=MINOR_TWO_SUITER_TRY_HCP,
                 lens={long: (5, 5), other: at_least(4)}, force=F, convention=MINOR_SUIT_SLAM_TRY),
            rule(f"{ask} 4{other} P", "4N", "Blackwood, the second minor agreed", lens={other: at_least(4)},
                 force=F, artificial=True, convention="Blackwood"),
            rule(f"{ask} 4{other} P", "4H", "no fit in either minor, asks for 4NT to play",
                 lens={long: (0, 2), other: (0, 3)}, force=F, artificial=True),
            rule(f"{ask} 4{other} P 4H P", "4N", "to play, no minor fit", force=SO),
            rule(f"{ask} 4{other} P 4H P 4N P", "P", "to play"),
        ]
    return rules


def _minor_slam_try(ask: str = "1N P 3m P") -> list[Rule]:
    """Opener's answer to responder's slam try in a six-card minor over 1NT (1NT P 3m, or after Stayman
    ``ask``): four of the minor with three or more of it (`MINOR_TRY_ACCEPT`), else 3NT; then responder asks
    for aces over the raise (nine trumps and 26+ HCP, `MINOR_TRY_HCP` + `MINOR_TRY_ACCEPT`; 28+ after
    Stayman), or over 3NT invites 6NT with 4NT or passes."""
    return [
        rule(ask, "4m", "fit, slam interest", hcp=(MINOR_TRY_ACCEPT, 17),
             lens={"m": at_least(3)}, force=GF),
        rule(ask, "3N", "no fit", lens={"m": (0, 2)}),
        # Blackwood needs the aces for five of the minor to be safe: over 5D (one ace or four) two missing
        # aces stop clubs at 5C, not at 5D; over 5C (no ace or three) diamonds can stop at 5D
        rule(f"{ask.replace('3m', '3C')} 4C P", "4N", "Blackwood, the minor agreed", aces=(2, 3, 4), force=F,
             artificial=True, convention="Blackwood"),
        rule(f"{ask.replace('3m', '3D')} 4D P", "4N", "Blackwood, the minor agreed", aces=(1, 2, 3, 4),
             force=F, artificial=True, convention="Blackwood"),
        rule(f"{ask} 4m P", "5m", "game in the minor, too few aces", force=SO),
        *_seven_card_minor_game(ask),
        rule(f"{ask} 3N P", "4N", "quantitative", hcp=(MINOR_TRY_QUANTITATIVE, 17), force=INV,
             convention="quantitative"),
        rule(f"{ask} 3N P", "P", "to play", hcp=(0, MINOR_TRY_QUANTITATIVE - 1)),
        rule(f"{ask} 3N P 4N P", "6N", "accepts the slam invitation", hcp=(16, 17), force=SO),
        rule(f"{ask} 3N P 4N P", "P", "declines the slam invitation", hcp=(0, 15)),
    ]


def _minor_slam_try_after_stayman() -> list[Rule]:
    """Responder with a four-card major, a six-card minor headed by the ace or king and 13-17 HCP, after
    Stayman found no fit (2D, or opener's other major): three of the minor, the same slam try as 1NT P 3m;
    opener raises with three or more of it and 15-17 HCP (`MINOR_TRY_ACCEPT`), else 3NT. The fit found
    plays the major."""
    rules = []
    for reply in ("2D", "2H", "2S"):
        rules.append(rule(f"1N P 2C P {reply} P", "3m", "six-card minor, slam interest",
                          hcp=(STAYMAN_MINOR_TRY_HCP, 17), lens={"m": at_least(6)}, feature=("m",), force=F))
        rules.extend(_minor_slam_try(f"1N P 2C P {reply} P 3m P"))
    return rules


NO_SHORTNESS = {"S": at_least(2), "H": at_least(2), "D": at_least(2), "C": at_least(2)}
"""Two or more cards in every suit: the flat hand a quantitative notrump raise promises."""


def _spades_with_slam_interest() -> list[Rule]:
    """SAYC's 3S after Stayman's 2H: four spades and slam values (16-17 HCP), forcing, where 4NT would deny
    the fit opener may hold. Opener with four spades uses Blackwood on a maximum, raises to 4S on a minimum,
    and bids 3NT without them; over 4S the slam tries (`slam.slam_tries`) ask for aces with 32 points together
    (16 HCP and a fifth card or a short suit), else responder passes; over 3NT a flat hand invites six with
    the quantitative 4NT and a short suit passes."""
    three_spades = "1N P 2C P 2H P 3S P"
    return [
        rule("1N P 2C P 2H P", "3S", "four spades, slam interest", hcp=(16, 17), lens={"S": at_least(4)},
             force=F),
        rule(three_spades, "4N", "Blackwood, a maximum with four spades", hcp=(16, 17),
             lens={"S": at_least(4)}, force=F, artificial=True, convention="Blackwood"),
        rule(three_spades, "4S", "four spades, a minimum", lens={"S": at_least(4)}),
        rule(three_spades, "3N", "no four spades", lens={"S": (0, 3)}),
        rule(f"{three_spades} 4S P", "P", "to play"),
        rule(f"{three_spades} 3N P", "4N", "quantitative", hcp=(16, 17), lens=NO_SHORTNESS, force=INV,
             convention="quantitative"),
        rule(f"{three_spades} 3N P", "P", "to play"),
        rule(f"{three_spades} 3N P 4N P", "6N", "accepts the slam invitation", hcp=(16, 17)),
        rule(f"{three_spades} 3N P 4N P", "P", "declines the slam invitation", hcp=(0, 15)),
    ]


MAJOR_SUIT_SLAM_TRY = "major-suit slam try"
"""The convention of responder's six-card major over 1NT (1NT P 3M): a slam try the table answers alone
(`bidder.TABLE_ANSWERED`), as the minor's is."""
SIX_CARD_MAJOR_SLAM_TRY = (14, 15)
"""HCP of responder's SAYC 1NT P 3M (a six-card major, slam interest, forcing): 29-32 together and nine
trumps when opener has three, where the transfer then game stops short of slam; 16 invites with 5M and 17
bids six after the transfer (`_after_transfer`)."""


def _six_card_major_slam_try() -> list[Rule]:
    """SAYC's jump to three of a major over 1NT (`SIX_CARD_MAJOR_SLAM_TRY`) and opener's answers: with
    three or more trumps Blackwood on a maximum (16-17), else the raise to game; 3NT with a doubleton,
    which responder takes to four of his major (eight trumps together)."""
    return [
        rule("1N P", "3M", "six-card major, slam interest", hcp=SIX_CARD_MAJOR_SLAM_TRY,
             lens={"M": at_least(6)}, force=F, convention=MAJOR_SUIT_SLAM_TRY),
        rule("1N P 3M P", "4N", "Blackwood, a maximum with support", hcp=(16, 17), lens={"M": at_least(3)},
             force=F, artificial=True, convention="Blackwood"),
        rule("1N P 3M P", "4M", "support, a minimum", lens={"M": at_least(3)}, force=SO),
        rule("1N P 3M P", "3N", "a doubleton", lens={"M": (0, 2)}),
        rule("1N P 3M P 3N P", "4M", "to play, eight trumps", lens={"M": at_least(6)}, force=SO),
        rule("1N P 3M P 4M P", "P", "to play"),
    ]


ONE_NOTRUMP = [
    # responder
    # a six-card major with slam interest jumps to three of it (SAYC), before the transfer
    *_six_card_major_slam_try(),
    # SAYC: five-five in the majors with game values transfers to spades, then bids 3H (`_second_major`)
    rule("1N P", "2H", "Jacoby transfer", hcp=FIVE_FIVE_GAME, lens={"S": (5, 5), "H": (5, 5)},
         artificial=True, force=F, extra=("asks opener to bid 2S",)),
    # and with 8-9 HCP, 10+ points with the two fifth cards: five-five with 8-9 invited with 2NT after
    # hearts were transferred (Q9542.KQJ98..865), where a major game made
    rule("1N P", "2H", "Jacoby transfer", hcp=FIVE_FIVE_SHAPE, points=(FIVE_FIVE_GAME[0], 50),
         lens={"S": (5, 5), "H": (5, 5)}, artificial=True, force=F, extra=("asks opener to bid 2S",)),
    rule("1N P", "2D", "Jacoby transfer", lens={"H": at_least(5)}, rel=("H>=S",), artificial=True,
         force=F, extra=("asks opener to bid 2H",)),
    rule("1N P", "2H", "Jacoby transfer", lens={"S": at_least(5)}, artificial=True, force=F,
         extra=("asks opener to bid 2S",)),
    rule("1N P", "2C", "Stayman", hcp=(8, 40), lens={"H": (4, 4)}, artificial=True, force=F,
         convention="Stayman"),
    rule("1N P", "2C", "Stayman", hcp=(8, 40), lens={"S": (4, 4)}, artificial=True, force=F,
         convention="Stayman"),
    # weak Stayman (0-7, four of each major): a 4-4 major fit plays better than 1NT; responder passes a
    # major reply and over 2D bids 2H, which opener passes or corrects to 2S with three spades, two hearts
    rule("1N P", "2C", "Stayman, weak with both majors", hcp=(0, 7), lens={"H": (4, 4), "S": (4, 4)},
         artificial=True, force=F, convention="Stayman", extra=("passes or corrects opener's reply",)),
    rule("1N P", "4C", "Gerber", hcp=(18, 40), balanced=False, artificial=True, force=F,
         convention="Gerber", extra=("asks for aces",)),
    # a weak hand with a six-card minor plays three of it, not 1NT: 2S asks opener to bid 3C, which
    # responder passes or corrects to 3D
    rule("1N P", "2S", "minor-suit transfer, a weak six-card minor", hcp=(0, 7), lens={"C": at_least(6),
         "H": (0, 3), "S": (0, 3)}, artificial=True, force=F, extra=("asks opener to bid 3C",)),
    rule("1N P", "2S", "minor-suit transfer, a weak six-card minor", hcp=(0, 7), lens={"D": at_least(6),
         "H": (0, 3), "S": (0, 3)}, artificial=True, force=F, extra=("asks opener to bid 3C",)),
    # five cards with a singleton or void (no four-card major) play three of the minor too
    *_weak_five_card_minor_transfers(),
    # over their penalty double a weak hand with any five-card minor runs by the minor-suit transfer
    # (systems on, `_systems_on_over_double`): 1NT doubled goes down more than three of the minor
    *(rule("1N X", "2S", "minor-suit transfer, a weak five-card minor, 1NT doubled", hcp=(0, 7),
           lens={minor: at_least(5)}, longest=(minor,), artificial=True, force=F,
           extra=("asks opener to bid 3C",)) for minor in "CD"),
    rule("1N P", "P", "weak", hcp=(0, 7)),
    rule("1N P", "2N", "invitational", hcp=(8, 9), force=INV),
    # a seven-card minor with six losers or fewer and 13+ HCP runs opposite the 1NT opener's two or more
    # cards: with 27+ HCP together and seven tricks in the suit, 6NT is bid, not invited (tried before the
    # six-card minor's slam try below, which 13-17 HCP and seven cards fit too)
    rule("1N P", "6N", "to play, a seven-card minor", hcp=(13, 17), lens={"C": at_least(7)}, losers=(0, 6),
         force=SO),
    rule("1N P", "6N", "to play, a seven-card minor", hcp=(13, 17), lens={"D": at_least(7)}, losers=(0, 6),
         force=SO),
    # 11-17 HCP and a six-card minor (no four-card major: Stayman and the transfers come first) tries for
    # a minor slam with three of the minor, forcing: opener raises with three of it, else 3NT
    rule("1N P", "3m", "six-card minor, slam interest", hcp=(MINOR_TRY_HCP, 17),
         lens={"m": at_least(6), "H": (0, 3), "S": (0, 3)}, force=F, convention=MINOR_SUIT_SLAM_TRY,
         when=_unpassed),
    *_minor_two_suiter_tries(),
    *_minor_slam_try(),
    rule("1N P", "3N", "to play", hcp=(10, 15), force=SO),
    rule("1N P", "4N", "quantitative", hcp=(16, 17), force=INV, convention="quantitative"),
    rule("1N P", "6N", "to play", hcp=(18, 19), force=SO),
    # SAYC's grand-slam invitation: 5NT forces to 6NT and invites 7NT opposite a maximum (20-21 and 15-17
    # are 35-38 together); 7NT itself takes the 37 HCP opposite a minimum (20 bid it on 35)
    rule("1N P", "5N", "quantitative, forcing to 6NT", hcp=(GRAND_POINTS - 17, GRAND_POINTS - 16), force=F,
         convention="quantitative", extra=("invites 7NT opposite a maximum",)),
    rule("1N P", "7N", "to play", hcp=(GRAND_POINTS - 15, 40), force=SO),
    # opener after Stayman, transfers and invitations
    rule("1N P 2C P", "2H", "Stayman reply", lens={"H": at_least(4)}),
    rule("1N P 2C P", "2S", "Stayman reply", lens={"S": at_least(4), "H": (0, 3)}),
    rule("1N P 2C P", "2D", "Stayman reply", lens={"H": (0, 3), "S": (0, 3)}, artificial=True,
         extra=("no four-card major",)),
    # the super-accept tells the fourth trump (a nine-card fit) at any 15-17, not a maximum: opposite it
    # responder bids game from 4 HCP, where a completed transfer leaves 5-7 passing 2M (forty-fourth pass:
    # rules alone, held out 11 deals gained, 3 lost)
    rule("1N P 2D P", "3H", "super-accept", hcp=(15, 17), lens={"H": at_least(4)}),
    rule("1N P 2H P", "3S", "super-accept", hcp=(15, 17), lens={"S": at_least(4)}),
    rule("1N P 2D P", "2H", "completes the transfer", artificial=False),
    rule("1N P 2H P", "2S", "completes the transfer", artificial=False),
    rule("1N P 2S P", "3C", "completes the minor-suit transfer", artificial=True,
         extra=("responder passes with clubs, bids 3D with diamonds",)),
    rule("1N P 2S P 3C P", "3D", "to play, six diamonds", lens={"D": at_least(6)}, force=SO),
    rule("1N P 2S P 3C P", "P", "to play, six clubs", lens={"C": at_least(6)}),
    rule("1N P 2S P 3C P", "3D", "to play, five diamonds", lens={"D": (5, 5), "C": (0, 4)}, force=SO),
    rule("1N P 2S P 3C P", "P", "to play, five clubs", lens={"C": (5, 5)}),
    rule("1N P 2S P 3C P 3D P", "P", "to play"),
    # opposite the 8-9 invitation SAYC accepts with 16-17 and declines 15 (8-9 and 16-17 are 24-26)
    rule("1N P 2N P", "3N", "accepts the invitation", hcp=(16, 17)),
    rule("1N P 2N P", "P", "declines the invitation", hcp=(0, 15)),
    rule("1N P 4N P", "6N", "accepts the slam invitation", hcp=(16, 17)),
    rule("1N P 5N P", "7N", "accepts the grand-slam invitation", hcp=(17, 17), force=SO),
    rule("1N P 5N P", "6N", "declines the grand-slam invitation", hcp=(0, 16), force=SO),
    rule("1N P 4N P", "P", "declines the slam invitation", hcp=(0, 15)),
    # responder after Stayman
    rule("1N P 2C P 2M P", "6M", "to play", hcp=(18, 40), lens={"M": at_least(4)}),
    # with the fit found and 15-16 (30-33 together; 17 bids the slam by values) a raise to five invites
    # six, as the quantitative 4NT does without a fit; 4NT here is that quantitative invitation
    rule("1N P 2C P 2M P", "5M", "slam invitation", hcp=(15, 16), lens={"M": at_least(4)}, force=INV),
    rule("1N P 2C P 2M P", "4M", "to play", hcp=(10, 14), lens={"M": at_least(4)}, force=SO),
    rule("1N P 2C P 2M P", "3M", "invitational raise", hcp=(8, 9), lens={"M": at_least(4)}, force=INV),
    rule("1N P 2C P _ P", "6N", "to play", hcp=(18, 40)),
    rule("1N P 2C P 2M P", "P", "to play, weak", hcp=(0, 7), lens={"M": at_least(4)}, force=SO),
    rule("1N P 2C P 2D P", "2H", "weak, both majors: pass or correct", hcp=(0, 7), lens={"H": (4, 4),
         "S": (4, 4)}, force=SO),
    rule("1N P 2C P 2D P 2H P", "2S", "prefers spades", lens={"S": (3, 3), "H": (2, 2)}, force=SO),
    rule("1N P 2C P 2D P 2H P", "P", "to play"),
    rule("1N P 2C P 2D P 2H P 2S P", "P", "to play"),
    *_minor_slam_try_after_stayman(),
    *_spades_with_slam_interest(),
    # the quantitative 4NT denies a fit and promises a flat hand: no singleton or void
    rule("1N P 2C P _ P", "4N", "quantitative", hcp=(16, 17), lens=NO_SHORTNESS, force=INV,
         convention="quantitative"),
    # Stayman (8+) then notrump: 2NT invites with 8-9 and 3NT is game with 10-15, as without Stayman and
    # after a transfer: SAYC's ranges and the spec's (docs/performance.md, the notrump responses to the
    # spec: rules alone 9 opposite 15-16 made 3NT more often than the declined 2NT, the judge weighs it)
    rule("1N P 2C P _ P", "3N", "to play", hcp=(10, 15), force=SO),
    rule("1N P 2C P _ P", "2N", "invitational", hcp=(8, 9), force=INV),
    # opener after Stayman continuations
    rule("1N P 2C P 2M P 5M P", "6M", "accepts the slam invitation", hcp=(16, 17)),
    rule("1N P 2C P 2M P 5M P", "P", "declines the slam invitation", hcp=(0, 15)),
    rule("1N P 2C P 2M P 3M P", "4M", "accepts the invitation", hcp=(16, 17)),
    rule("1N P 2C P 2M P 3M P", "P", "declines the invitation", hcp=(0, 15)),
    # (over their double of 2NT too, as after a transfer)
    rule("1N P 2C P 2H P 2N p", "4S", "accepts, four spades as well", hcp=(16, 17), lens={"S": at_least(4)}),
    rule("1N P 2C P 2H P 2N p", "3S", "declines, four spades as well", hcp=(0, 15), lens={"S": at_least(4)}),
    # opposite Stayman's 8-9 invitation, as over 2NT direct, SAYC accepts with 16-17 and declines 15
    rule("1N P 2C P _ P 2N P", "3N", "accepts the invitation", hcp=(16, 17)),
    rule("1N P 2C P _ P 2N P", "P", "declines the invitation", hcp=(0, 15)),
    rule("1N P 2C P 2H P 3N P", "4S", "four spades as well", lens={"S": at_least(4)}, force=SO),
    rule("1N P 2C P _ P 3N P", "P", "to play"),
    rule("1N P 2C P _ P 4N P", "6N", "accepts the slam invitation", hcp=(16, 17)),
    rule("1N P 2C P _ P 4N P", "P", "declines the slam invitation", hcp=(0, 15)),
    *_after_transfer("2D", "H"),
    *_after_transfer("2H", "S"),
]

TWO_NOTRUMP_MINOR_TRY = (7, 10)
"""HCP of responder's minor-suit slam try over 2NT (2NT P 3S): 27+ together with a six-card minor, where
3NT stops short of six of the minor when opener holds three of it."""


def _two_notrump_minor_try() -> list[Rule]:
    """The minor-suit slam try over 2NT: 3S shows a six-card minor with 7-10 HCP
    (`TWO_NOTRUMP_MINOR_TRY`), opener's 3NT asks which, responder bids it at four; opener bids six with
    three or more of it, else 4NT to play."""
    ask = "2N P 3S P 3N P"
    return [
        *(rule("2N P", "3S", "minor-suit slam try, a six-card minor", hcp=TWO_NOTRUMP_MINOR_TRY,
               lens={m: at_least(6), "H": (0, 3), "S": (0, 3)}, feature=(m,), artificial=True, force=F)
          for m in "CD"),
        rule("2N P 3S P", "3N", "asks for the minor", artificial=True, force=F),
        rule(ask, "4m", "six-card minor, slam interest", lens={"m": at_least(6)}, force=F,
             convention=MINOR_SUIT_SLAM_TRY),
        rule(f"{ask} 4m P", "6m", "a fit, slam", lens={"m": at_least(3)}, force=SO),
        rule(f"{ask} 4m P", "4N", "no fit, to play", lens={"m": (0, 2)}, force=SO),
        rule(f"{ask} 4m P 4N P", "P", "to play"),
    ]


TWO_NOTRUMP_SLAM_INVITE = (11, 12)
"""Responder's HCP over 2NT (20-21) that invite six (31-33 together; 13+ bids it), as 15-16 do over
1NT: a quantitative 4NT after Stayman or with a five-card major transferred."""
TWO_NOTRUMP_SLAM_DUMMY = 12
"""Dummy points (HCP and shortness) with which responder, four of opener's Stayman major held and 9-12
HCP, invites six by a raise to five: the short suit is worth the HCP a flat hand needs."""
TWO_NOTRUMP_SIX_CARD_INVITE = (10, 11)
"""Responder's HCP that invite six after a transfer over 2NT with a six-card major (a nine-card fit or
more; 12+ bids it)."""
TWO_NOTRUMP_SLAM_CONTROLS = (7, 12)
"""Controls (ace 2, king 1) with which the 2NT opener's 20 accepts responder's slam invitation, as 21
does: the twelve tricks on 31-32 HCP need the aces and kings."""


def _two_notrump_slam_tries() -> list[Rule]:
    """Responder's slam tries over 2NT: with a major fit found (four of opener's Stayman major, or six
    of the major transferred) six on values, else a raise to five inviting it; without one a quantitative
    4NT (after Stayman, or with five of the major transferred). Opener accepts with 21, or 20 and
    `TWO_NOTRUMP_SLAM_CONTROLS`. Not copied over 2C 2D 2NT (22-24), where responder's ranges differ."""
    low, high = TWO_NOTRUMP_SLAM_INVITE

    def accept(pattern: str, call: str, label: str, **spec: Any) -> list[Rule]:
        return [rule(pattern, call, label, hcp=(21, 21), **spec),
                rule(pattern, call, label, hcp=(20, 20), controls=TWO_NOTRUMP_SLAM_CONTROLS, **spec)]

    decline = (0, 20)
    stayman = "2N P 3C P 3M P"
    transfers = (("2N P 3D P 3H P", "H"), ("2N P 3H P 3S P", "S"))
    fits: list[tuple[str, str, int, dict[str, Any]]] = [
        (stayman, "M", 4, {"hcp": (9, high), "dummy_points": (TWO_NOTRUMP_SLAM_DUMMY, 50)}),
        *((done, m, 6, {"hcp": TWO_NOTRUMP_SIX_CARD_INVITE}) for done, m in transfers),
    ]
    out: list[Rule] = []
    for done, m, cards, invite in fits:
        slam = high + 1 if cards == 4 else TWO_NOTRUMP_SIX_CARD_INVITE[1] + 1
        out += [
            rule(done, f"6{m}", "to play", hcp=(slam, 40), lens={m: at_least(cards)}, force=SO),
            rule(done, f"5{m}", "slam invitation", lens={m: at_least(cards)}, force=INV, **invite),
            *accept(f"{done} 5{m} P", f"6{m}", "accepts the slam invitation"),
            rule(f"{done} 5{m} P", "P", "declines the slam invitation", hcp=decline),
        ]
    for done, m in transfers:
        out += [
            rule(done, "4N", f"quantitative, five {Suit.parse(m).full_name}", hcp=(low, high),
                 lens={m: (5, 5)}, force=INV, convention="quantitative"),
            *accept(f"{done} 4N P", f"6{m}", "accepts with support", lens={m: at_least(3)}),
            *accept(f"{done} 4N P", "6N", "accepts the slam invitation"),
            rule(f"{done} 4N P", f"5{m}", "declines with support", hcp=decline, lens={m: at_least(3)}),
            rule(f"{done} 4N P", "P", "declines the slam invitation", hcp=decline),
        ]
    no_fit = "2N P 3C P _ P"
    return [
        *out,
        rule(no_fit, "4N", "quantitative", hcp=(low, high), force=INV, convention="quantitative"),
        *accept(f"{no_fit} 4N P", "6N", "accepts the slam invitation"),
        rule(f"{no_fit} 4N P", "P", "declines the slam invitation", hcp=decline),
    ]


TWO_NOTRUMP_SLAM_TRIES = _two_notrump_slam_tries()

TWO_NOTRUMP = [
    *TWO_NOTRUMP_SLAM_TRIES,
    *_two_notrump_minor_try(),
    rule("2N P", "3D", "Jacoby transfer", lens={"H": at_least(5)}, rel=("H>=S",), artificial=True, force=F),
    rule("2N P", "3H", "Jacoby transfer", lens={"S": at_least(5)}, artificial=True, force=F),
    rule("2N P", "3C", "Stayman", hcp=(4, 40), lens={"H": (4, 4)}, artificial=True, force=F,
         convention="Stayman"),
    rule("2N P", "3C", "Stayman", hcp=(4, 40), lens={"S": (4, 4)}, artificial=True, force=F,
         convention="Stayman"),
    # Gerber over 2NT as over 1NT (18+ there): 13+ opposite 20-21 is the same 33 together for a small slam
    rule("2N P", "4C", "Gerber", hcp=(13, 40), balanced=False, artificial=True, force=F,
         convention="Gerber", extra=("asks for aces",)),
    rule("2N P", "P", "weak", hcp=(0, 3)),
    rule("2N P", "3N", "to play", hcp=(4, 10), force=SO),
    rule("2N P", "4N", "quantitative", hcp=(11, 12), force=INV, convention="quantitative"),
    rule("2N P", "6N", "to play", hcp=(13, 15), force=SO),
    # opposite 20-21: 5NT invites 7NT with 16 (36-37 together), 7NT with 17+ (37+)
    rule("2N P", "5N", "quantitative, forcing to 6NT", hcp=(GRAND_POINTS - 21, GRAND_POINTS - 21), force=F,
         convention="quantitative", extra=("invites 7NT opposite a maximum",)),
    rule("2N P", "7N", "to play", hcp=(GRAND_POINTS - 20, 40), force=SO),
    rule("2N P 3C P", "3H", "Stayman reply", lens={"H": at_least(4)}),
    rule("2N P 3C P", "3S", "Stayman reply", lens={"S": at_least(4), "H": (0, 3)}),
    rule("2N P 3C P", "3D", "Stayman reply", lens={"H": (0, 3), "S": (0, 3)}, artificial=True),
    rule("2N P 3D P", "3H", "completes the transfer"),
    rule("2N P 3H P", "3S", "completes the transfer"),
    rule("2N P 4N P", "6N", "accepts the slam invitation", hcp=(20, 21)),
    rule("2N P 5N P", "7N", "accepts the grand-slam invitation", hcp=(21, 21), force=SO),
    rule("2N P 5N P", "6N", "declines the grand-slam invitation", hcp=(0, 20), force=SO),
    rule("2N P 4N P", "P", "declines the slam invitation", hcp=(0, 19)),
    rule("2N P 3C P 3M P", "4M", "to play", lens={"M": at_least(4)}, force=SO),
    rule("2N P 3C P _ P", "3N", "to play", force=SO),
    rule("2N P 3D P 3H P", "4H", "to play", hcp=(4, 40), lens={"H": at_least(6)}, force=SO),
    rule("2N P 3H P 3S P", "4S", "to play", hcp=(4, 40), lens={"S": at_least(6)}, force=SO),
    # five hearts and four spades show the spades, as over 1NT (`_second_major`)
    rule("2N P 3D P 3H P", "3S", "second suit, four spades, game values", hcp=(4, 11),
         lens={"H": (5, 5), "S": at_least(4)}, force=GF),
    rule("2N P 3D P 3H P 3S P", "4S", "a spade fit", lens={"S": at_least(4)}, force=SO),
    rule("2N P 3D P 3H P 3S P", "4H", "prefers hearts", lens={"H": at_least(3)}, force=SO),
    rule("2N P 3D P 3H P 3S P", "3N", "no major fit", lens={"S": (0, 3), "H": (0, 2)}, force=SO),
    *_fifth_card_of_second_major("2N P 3D P 3H P 3S P", "S"),
    *_choice_of_games("2N P 3D P 3H P", "H", (4, 40)),
    *_choice_of_games("2N P 3H P 3S P", "S", (4, 40)),
    rule("2N P 3D P 3H P", "P", "to play", hcp=(0, 3)),
    rule("2N P 3H P 3S P", "P", "to play", hcp=(0, 3)),
    # responder's 3NT over Stayman's 3H shows the other major: opener with four spades as well plays 4S
    rule("2N P 3C P 3H P 3N P", "4S", "four spades as well", lens={"S": at_least(4)}, force=SO),
    rule("2N P 3D P 3H P 3N P", "4H", "prefers hearts", lens={"H": at_least(3)}, force=SO),
    rule("2N P 3H P 3S P 3N P", "4S", "prefers spades", lens={"S": at_least(3)}, force=SO),
    rule("2N P 3D P 3H P 3N P", "P", "to play"),
    rule("2N P 3H P 3S P 3N P", "P", "to play"),
]

_ONE_HCP_LESS = {(4, 40): (3, 40), (4, 11): (3, 9), (0, 3): (0, 2)}


def _starts_over_2nt(r: Rule, call: str) -> bool:
    """Whether ``r`` is responder's ``call`` over the 2NT opening (2NT P ``call``) or follows it. Over
    2C 2D 2NT (22-24) neither 3S (the minor-suit slam try: a six-card minor is bid naturally) nor 4C
    (Gerber: over the notrump openings only) is copied."""
    return r.pattern[2:3] == (call,) or (r.pattern == ("2N", "P") and r.call == call)


def _over_strong_2nt(table: list[Rule]) -> list[Rule]:
    """Stayman and transfers over 2C 2D 2NT (22-24) as over a 2NT opening (20-21): the 2NT opening's
    Stayman and transfer rules, each following 2C 2D, responder needing one HCP less for game."""
    out = []
    for r in table:
        if r.pattern[:2] != ("2N", "P") or "4N" in r.pattern or "5N" in r.pattern \
                or r.spec.get("convention") == "quantitative" \
                or _starts_over_2nt(r, "3S") or r in TWO_NOTRUMP_SLAM_TRIES or _starts_over_2nt(r, "4C") \
                or (len(r.pattern) == 2 and r.call in ("P", "3N", "6N", "7N")):
            continue
        spec = dict(r.spec)
        if "hcp" in spec:
            spec["hcp"] = _ONE_HCP_LESS[spec["hcp"]]
        out.append(replace(r, pattern=("2C", "P", "2D", "P", *r.pattern), spec=spec))
    return out


STRONG_TWO = [
    rule("2C P", "2M", "positive", hcp=(8, 40), lens={"M": at_least(5)}, longest=("M",), force=GF),
    rule("2C P", "3m", "positive", hcp=(8, 40), lens={"m": at_least(5)}, longest=("m",), force=GF),
    rule("2C P", "2N", "positive, balanced", hcp=(8, 40), balanced=True, force=GF),
    rule("2C P", "2D", "waiting", artificial=True, force=F),
    rule("2C P 2M P", "3M", "raise, sets trumps", lens={"M": at_least(3)}, force=GF),
    rule("2C P 3m P", "4m", "raise, sets trumps", lens={"m": at_least(3)}, force=GF),
    # after a positive (3m or 2NT) the unbalanced 2C opener shows a new major: five hearts before four
    # spades (the fallback's new suit was spades, and a four-three spade fit was raised where five-three
    # hearts play)
    *(rule(f"2C P {r} P", "3H", "new suit, looking for the best game", hcp=(22, 40), balanced=False,
           lens={"H": at_least(h), "S": (0, s)}, force=GF)
      for r in ("3m", "2N") for h, s in ((5, 4), (4, 3))),
    # opener's new major after the positive response: responder raises it with three, so that a suit
    # is agreed and opener's Blackwood counts the positive's values (`fallback.whole_reading`)
    rule("2C P 3m P 3M P", "4M", "raise, sets trumps", hcp=(8, 40), lens={"M": at_least(3)}, force=GF),
    rule("2C P 2N P 3M P", "4M", "raise, sets trumps", hcp=(8, 40), lens={"M": at_least(3)}, force=GF),
    # short in it, four of the other major are shown (a four-four fit 3NT would miss)
    *(rule(f"2C P {r} P 3S P", "4H", "four hearts", hcp=(8, 40), lens={"H": at_least(4)}, force=GF)
      for r in ("3m", "2N")),
    *(rule(f"2C P {r} P 3H P", "3S", "four spades", hcp=(8, 40), lens={"S": at_least(4)}, force=GF)
      for r in ("3m", "2N")),
    # the 2C opener with four of it and four losers (twelve tricks opposite the positive's eight) asks
    *(rule(f"2C P {r} P 3{o} P {b} P", "4N", "Blackwood, the four-four major fit", losers=(0, 4),
           lens={t: at_least(4)}, force=F, artificial=True, convention="Blackwood")
      for r in ("3m", "2N") for o, b, t in (("S", "4H", "H"), ("H", "3S", "S"))),
    # opposite a positive response (8+) a balanced 24+ has the 32 HCP for 6NT: opener bids it, as
    # responder plays the strong opener for his floor in a slam on high cards
    rule("2C P 2N P", "6N", "to play", hcp=(24, 40), balanced=True, force=SO),
    # 22-23 balanced opposite the balanced positive (8+): 30+ together, a quantitative 4NT, which
    # responder accepts with 10+ (32+)
    rule("2C P 2N P", "4N", "quantitative", hcp=(22, 23), balanced=True, force=INV,
         convention="quantitative"),
    rule("2C P 2N P 4N P", "6N", "accepts the slam invitation", hcp=(10, 40), force=SO),
    rule("2C P 2N P 4N P", "P", "declines the slam invitation", hcp=(0, 9)),
    rule("2C P 2M P", "6N", "to play", hcp=(24, 40), balanced=True, force=SO),
    rule("2C P 3m P", "6N", "to play", hcp=(24, 40), balanced=True, force=SO),
    rule("2C P 2D P", "2N", "balanced", hcp=(22, 24), balanced=True),
    rule("2C P 2D P", "3N", "balanced", hcp=(25, 27), balanced=True),
    # 28-30 balanced is too strong for 3NT and too balanced for a suit: a quantitative 4NT
    rule("2C P 2D P", "4N", "quantitative, balanced", hcp=(28, 30), balanced=True, force=INV,
         convention="quantitative"),
    rule("2C P 2D P", "2M", "natural", lens={"M": at_least(5)}, longest=("M",), force=GF),
    rule("2C P 2D P", "3m", "natural", lens={"m": at_least(5)}, longest=("m",), force=GF),
    # a major rebid is five cards (SAYC); a 4-4-4-1 rebids a four-card major all the same (a minor instead
    # reached 5D where 4H made and 3NT where 4S made on held-out seed 67 judged: boards 632 and 925)
    rule("2C P 2D P", "2S", "three-suited (4-4-4-1), four spades", lens={"S": (4, 4)}, rel=("S>=H",),
         force=GF),
    rule("2C P 2D P", "2H", "three-suited (4-4-4-1), four hearts", lens={"H": (4, 4)}, force=GF),
    rule("2C P 2D P", "3C", "natural", lens={"C": at_least(4)}, rel=("C>=D",), force=GF),
    rule("2C P 2D P", "3D", "natural", lens={"D": at_least(4)}, force=GF),
    *_over_strong_2nt(TWO_NOTRUMP),
    rule("2C P 2D P 2N P", "3N", "to play", hcp=(2, 10), force=SO),
    rule("2C P 2D P 2N P", "P", "weak", hcp=(0, 1)),
    rule("2C P 2D P 3N P", "4M", "six-card suit", lens={"M": at_least(6)}),
    # opposite 25-27 balanced: 6NT with 7+ HCP (32+ together), a quantitative 4NT with 6, which opener
    # accepts with 26-27
    rule("2C P 2D P 3N P", "6N", "to play", hcp=(7, 40), force=SO),
    rule("2C P 2D P 3N P", "4N", "quantitative", hcp=(6, 6), force=INV, convention="quantitative"),
    rule("2C P 2D P 3N P 4N P", "6N", "accepts the slam invitation", hcp=(26, 40), force=SO),
    rule("2C P 2D P 3N P 4N P", "P", "declines the slam invitation", hcp=(0, 25)),
    rule("2C P 2D P 4N P", "7N", "accepts with grand-slam values", hcp=(9, 40)),
    rule("2C P 2D P 4N P", "6N", "accepts the slam invitation", hcp=(5, 8)),
    rule("2C P 2D P 4N P", "P", "declines the slam invitation", hcp=(0, 4)),
    rule("2C P 2D P 2M P", "4M", "raise, no slam interest", hcp=(0, 7), lens={"M": at_least(3)}),
    rule("2C P 2D P 2M P", "3M", "raise, slam interest", hcp=(8, 40), lens={"M": at_least(3)}, force=GF),
    # a raise of opener's minor with three and 5+ HCP agrees the suit below 3NT's sign-off, so that the
    # 2C opener's Blackwood counts the fit (3NT stopped short of 6m with 24-25 opposite 6-7)
    rule("2C P 2D P 3m P", "4m", "raise, sets trumps", hcp=(5, 40), lens={"m": at_least(3)}, force=GF),
    rule("2C P 2D P 2x P", "2N", "no fit", force=F),
    rule("2C P 2D P 2x P", "3N", "no fit", force=F),
    rule("2C P 2D P 2M P 2N P", "4M", "six-card suit", lens={"M": at_least(6)}, force=SO),
]


def _balancing_over_rebid(pattern: str, suit: str) -> list[Rule]:
    """The fourth seat's two-level balancing overcall in an unbid ``suit`` when opener's two-level rebid
    is passed round: responder has a minimum without a fit, so the points are split (8-15 HCP, five cards)."""
    return [rule(pattern, f"2{suit}", "balancing overcall", hcp=(8, 15), lens={suit: at_least(5)},
                 longest=(suit,))]


def _six_card_major_game(pattern: str) -> list[Rule]:
    """Opener's jump to game in a six-card major after a response that does not raise it: 20+ points, or
    19 with four losers (a good suit: the jump rebid's 17-20 would leave responder to judge a game that is
    there opposite little)."""
    return [
        rule(pattern, "4M", "six-card major, game values", hcp=(16, 21), points=(20, 30),
             lens={"M": at_least(6)}, force=SO),
        rule(pattern, "4M", "six-card major, four losers", hcp=(15, 21), points=(19, 30), losers=(0, 4),
             lens={"M": at_least(6)}, force=SO),
    ]


def _overcaller_extras(pattern: str) -> list[Rule]:
    """The overcaller in suit ``y`` when the opponents raise and partner passes: a six-card suit with
    extra values (15-18 HCP) bids it again at the two or three level rather than sell out."""
    return [
        rule(pattern, "cy", "six-card suit, extra values", hcp=(15, 18), lens={"y": at_least(6)},
             when=_own_suit_at_three),
    ]


def _their_raise_at_three(sit: Situation) -> bool:
    """Whether their raise (three calls back) reached the three level."""
    return _level(sit, -3) == 3


def _overcaller_over_raise_to_three(pattern: str) -> list[Rule]:
    """The overcaller in ``y`` when they raise opener's suit ``x`` to three and partner passes twice, in the
    pass-out seat (not a weak jump overcall, which has told its story): a six-card suit with five losers
    bids it again at the three level (at the four level it lost: their game followed); short in their suit
    with 12+ HCP and three or more of each unbid suit, a takeout double, which advancer answers by passing
    with four of their suit, in his longest unbid suit with four, by preference to the overcall with two,
    else in an unbid three-card suit. Their nine trumps leave us eight or more, and three of theirs
    making is par unless we compete (17 b854: ``1D 2C 3D P P X P 3S``)."""
    return [
        rule(pattern, "cy", "six-card suit, five losers", hcp=(8, 40), lens={"y": at_least(6)},
             losers=(0, 5),
             when=lambda s: _their_raise_at_three(s) and _own_suit_at_three(s) and not _jump_overcall(s, 4)),
        rule(pattern, "X", "takeout, short in their suit", hcp=(12, 40),
             lens={"x": (0, 1), "unbid": at_least(3)},
             when=lambda s: _their_raise_at_three(s) and not _jump_overcall(s, 4)),
        *(rule(f"{pattern} X P", call, label, when=_doubled_raise_at_three, **spec) for call, label, spec in (
            ("P", "penalty pass", {"lens": {"x": at_least(4)}}),
            ("cz", "advance", {"lens": {"z": at_least(4)}, "longest": ("z",)}),
            ("cy", "preference", {"lens": {"y": at_least(2)}}),
            ("cz", "advance", {"lens": {"z": at_least(3)}}))),
    ]


def _doubled_raise_at_three(sit: Situation) -> bool:
    """Whether the raise the overcaller doubled in the pass-out seat (five calls back) was at the three
    level: the only auction in which that double is made."""
    return _level(sit, -5) == 3


def _own_major_over_their_game(pattern: str) -> list[Rule]:
    """The seat over their raise to game (``2x P 4x``), not vulnerable: a six-card major with few losers
    bids it rather than leave the decision to the fallback's pass (20261201 b978: ``2S P 4S`` passed out
    with KQJT9876 of hearts and four losers): four of the major with six losers, five of hearts over their
    spades with five. Not over the strong 2C (its "raise" is no fit), nor by a passed hand."""
    return [
        rule(pattern, "4M", "own six-card major", hcp=(8, 40), lens={"M": at_least(6)},
             longest=("M",), losers=(0, 6), order="M>x", vul="nonvul", when=_unpassed_natural_opening),
        rule(pattern, "5M", "own six-card major, five level", hcp=(8, 40), lens={"M": at_least(6)},
             longest=("M",), losers=(0, 5), order="x>M", vul="nonvul", when=_unpassed_natural_opening),
    ]


def _overcaller_long_suit(pattern: str) -> list[Rule]:
    """The overcaller in ``y`` when opener rebids and partner passes (or has not yet called, over opener's
    rebid after the negative double), and when their 1NT response is passed round to him: a seven-card
    suit, or a six-card one with five losers, bids it again at the cheapest level (the three level at
    most) rather than sell out (227 b778: ``1S P 1NT 2D 2S`` passed out with AKQJ632 of diamonds; 20261201
    b828: ``1D 1S X P 2D`` with AK9832.Q.3.QT985)."""
    return [
        rule(pattern, "cy", "seven-card suit", hcp=(8, 17), lens={"y": at_least(7)}, when=_own_suit_at_three),
        rule(pattern, "cy", "six-card suit, five losers", hcp=(8, 17), lens={"y": at_least(6)}, losers=(0, 5),
             when=_own_suit_at_three),
    ]


def _overcaller_reopens(pattern: str) -> list[Rule]:
    """The one-level overcaller in ``y`` when they stop in two of responder's suit ``z`` (opener raises it,
    or passes its rebid over his 1NT) and partner has passed throughout: 15+ HCP short in their suit
    reopen with a takeout double (the points are split, and partner may have passed a fit for the fourth
    suit ``w``); advancer bids the fourth suit with four, else gives preference to the overcall with two."""
    return [
        rule(pattern, "X", "takeout, 15+ HCP, short in their suit", hcp=(15, 40),
             lens={"z": (0, 1), "unbid": at_least(4)}),
        rule(f"{pattern} X P", "P", "penalty pass", lens={"z": at_least(5)}),
        rule(f"{pattern} X P", "cw", "advance", lens={"w": at_least(4)}),
        rule(f"{pattern} X P", "cy", "preference", lens={"y": at_least(2)}),
    ]


def _doubler_after_major(pattern: str) -> list[Rule]:
    """The negative doubler after opener bids the unbid major: game with 13+ (10+ when opener jumped to
    the three level over advancer's pass, or bid it at three with three trumps opposite), an invitation
    with 11-12, else 3NT with a stopper in their suit."""
    return [
        rule(pattern, "4M", "to play", hcp=(13, 40), lens={"M": at_least(4)}, force=SO),
        rule(pattern, "4M", "to play", hcp=(10, 12), lens={"M": at_least(4)}, force=SO,
             when=lambda s: _level(s, -2) >= 3 and s.calls[-3] == PASS),
        rule(pattern, "3M", "invitational", hcp=(11, 12), lens={"M": at_least(4)}, force=INV),
        rule(pattern, "4M", "to play, three trumps", hcp=(10, 40), lens={"M": (3, 3)}, force=SO,
             when=lambda s: _level(s, -2) == 3),
        rule(pattern, "3N", "to play", hcp=(13, 40), stop=("y",), force=SO),
    ]


def _jump_advance(sit: Situation) -> bool:
    """Whether advancer's bid (two calls back) of the takeout double of a one-level opening skipped a level
    (the invitational 9-11 advance)."""
    opening = sit.opening_bid()
    return opening is not None and opening.level == 1 and _level(sit, -2) == 2 and _jump_overcall(sit, 2)


def _doubler_after_jump_advance(pattern: str) -> list[Rule]:
    """The takeout doubler after advancer's invitational jump in suit ``y`` (9-11 HCP, four cards): game in
    the major with four trumps and 14+ HCP, 3NT with 15+ and their suit stopped; in a minor, five with 17+
    and four trumps, else a raise to three with 14-16 (four of a minor would bypass 3NT and not be game);
    a minimum passes."""
    return [
        rule(pattern, "4y", "accepts the invitation", hcp=(14, 40), lens={"y": at_least(4)}, order="y>D",
             force=SO, when=_jump_advance),
        rule(pattern, "3N", "accepts the invitation", hcp=(15, 40), stop=("x",), force=SO,
             when=_jump_advance),
        rule(pattern, "5y", "minor-suit game", hcp=(17, 40), lens={"y": at_least(4)}, order="H>y",
             force=SO, when=_jump_advance),
        rule(pattern, "3y", "raise, invitational", hcp=(14, 16), lens={"y": at_least(4)}, order="H>y",
             force=INV, when=_jump_advance),
    ]


def _minor_past_three_notrump(sit: Situation) -> bool:
    """Whether a minor can no longer be bid below the four level (partner advanced at three)."""
    return sit.cheapest_level(Strain.C) >= 4


SLAM_TOGETHER = 32
"""HCP the takeout doubler and advancer need together for the doubler's jump to six over advancer's jump
to four, advancer counted at his floor (1S X P 4H, 12+: 20+; 2S P P X P 4H, 10+: 22+): the strong raise's
19+ alone bid 6H with 21 opposite a balancing 10 (down) on the tuning sets."""
JUMP_FLOOR_TOP = 12
"""The highest floor of a jump to four the doubler counts (a higher one counts as this): the direct jump to
four over the takeout double (1S X P 4H, 12+) shows the most any advance to four promises."""
JUMP_FLOOR_LOWEST = JUMP_FLOOR_TOP - 4
"""The lowest floor of a jump to four over which the doubler jumps to six: opposite 8 he needs 24+
(`SLAM_TOGETHER` less the floor); a lower floor, a jump on shape, would ask for more than a takeout double
holds, so no jump to six."""
MINOR_GAME_RAISE = 21
"""HCP with which the takeout doubler raises the forced four-level minor advance to game: with 19 (the
strong raise's floor) 5D went down opposite 3 HCP on the tuning sets (docs/performance.md, "Thirty-second
pass (a passed hand's reading, the doubler's raise)")."""


def _jump_advance_of(floor: int) -> Callable[[Situation], bool]:
    """Whether advancer's jump to four (two calls back) shows ``floor`` HCP (`_jump_advance_floor`)."""
    return lambda sit: _jump_advance_floor(sit) == floor


def _jump_advance_floor(sit: Situation) -> int | None:
    """The HCP floor advancer's jump to four (two calls back, not the forced four-level advance) shows,
    at most `JUMP_FLOOR_TOP`; None for any other advance."""
    if _level(sit, -2) != 4 or _forced_four_level_advance(sit) or sit.partner_last is None:
        return None
    return min(sit.partner_last.hcp_range()[0], JUMP_FLOOR_TOP)


def _partner_signed_off(sit: Situation) -> bool:
    """Whether partner's last call was a sign-off in every meaning it has."""
    last = sit.partner_last
    return last is not None and bool(last.meanings) and all(m.force == Force.SIGN_OFF for m in last.meanings)


def _doubler_after_advance(pattern: str) -> list[Rule]:
    """The takeout doubler after partner's advance in suit ``y``: raise to game or invite with four trumps,
    notrump with a strong balanced hand and their suit stopped, a strong hand's own suit (not over partner's
    sign-off: 3D P P X P 4S with seven spades was taken out to 5C with two spades), else pass."""
    return [
        rule(pattern, "4y", "to play", hcp=(20, 40), lens={"y": at_least(4)}, order="y>D"),
        rule(pattern, "3y", "invitational", hcp=(17, 19), lens={"y": at_least(4)}, force=INV),
        rule(pattern, "3N", "strong, balanced", hcp=(22, 40), balanced=True, stop=("x",)),
        rule(pattern, "2N", "strong, balanced", hcp=(19, 21), balanced=True, stop=("x",), force=INV),
        # a long minor that would go past 3NT (the advance was at three): nine tricks, not eleven
        *(rule(pattern, "3N", "to play, a long minor, their suit stopped", hcp=(18, 40),
               lens={minor: at_least(5)}, stop=("x",), force=SO, when=_minor_past_three_notrump)
          for minor in "CD"),
        rule(pattern, "cz", "strong, own suit", hcp=(17, 40), lens={"z": at_least(5)}, force=INV,
             when=lambda s: not _partner_signed_off(s)),
        # the jump raise of an advance below four: invitational below game (1D X P 1H P 3H), game itself
        # where it reaches it (1S X P 2H P 4H, 1H X P 3C P 5C), a slam invitation past it (1S X P 3H P 5H)
        rule(pattern, "jy", "strong raise of the advance, below game", hcp=(19, 40), lens={"y": at_least(3)},
             force=INV, when=lambda s: _level(s, -2) < 4 and _jump_raise_past_game(s) < 0),
        rule(pattern, "jy", "strong raise of the advance to game", hcp=(19, 40), lens={"y": at_least(3)},
             when=lambda s: _level(s, -2) < 4 and _jump_raise_past_game(s) == 0),
        rule(pattern, "jy", "strong raise of the advance past game, invitational to slam", hcp=(19, 40),
             lens={"y": at_least(3)}, force=INV,
             when=lambda s: _level(s, -2) < 4 and _jump_raise_past_game(s) > 0),
        # over a four-level advance the jump is a slam: opposite the jump to four with the partnership's
        # 32+ HCP counting the advance at its floor (1S X P 4H, 12+: 20+); opposite the forced advance,
        # which may hold nothing, a raise to game in the minor instead
        *(rule(pattern, "jy", f"slam opposite a jump to four showing {floor}+ HCP",
               hcp=(SLAM_TOGETHER - floor, 40), lens={"y": at_least(3)}, force=SO,
               when=_jump_advance_of(floor))
          for floor in range(JUMP_FLOOR_LOWEST, JUMP_FLOOR_TOP + 1)),
        rule(pattern, "5y", "strong raise of the forced four-level minor, to game",
             hcp=(MINOR_GAME_RAISE, 40), lens={"y": at_least(3)}, force=SO,
             when=lambda s: _forced_four_level_advance(s) and _minor_advance(s)),
        rule(pattern, "P", "minimum", hcp=(0, 16)),
    ]


def _jump_raise_past_game(sit: Situation) -> int:
    """How many levels the doubler's jump raise of the advance (two calls back) goes past game in its
    strain: below 0 below game (1D X P 1H P 3H), 0 at game (1S X P 2H P 4H), above 0 past it."""
    advance = sit.calls[-2]
    if not isinstance(advance, Bid):
        return -1
    return advance.level + 2 - (5 if advance.strain in (Strain.C, Strain.D) else 4)


def _forced_four_level_advance(sit: Situation) -> bool:
    """Whether advancer's bid (two calls back) was the cheapest bid of its suit at the four level, over
    their preempt (3H X P 4C, 4H X P 4S): forced, it may hold nothing, and the doubler's jump raise would
    be a slam on his points alone (3H X P 4D P 6D with 19 opposite 3 HCP). A jump to four (1S X P 4H, 12+)
    is not."""
    advance, theirs = sit.calls[-2], sit.key[0]
    if not isinstance(advance, Bid) or not isinstance(theirs, Bid) or advance.level != 4:
        return False
    return advance.level == theirs.level + (advance.strain <= theirs.strain)


def _minor_advance(sit: Situation) -> bool:
    """Whether advancer's bid (two calls back) names a minor."""
    advance = sit.calls[-2]
    return isinstance(advance, Bid) and advance.strain in (Strain.C, Strain.D)


def _doubler_after_cue_bid(pattern: str) -> list[Rule]:
    """The takeout doubler after advancer cue-bids opener's suit ``x`` (12+, forcing: describe your hand):
    a four-card major, else notrump with their suit stopped (at the two or three level), else the longest
    unbid suit, at the cheapest level; advancer then places the contract."""
    return [
        rule(pattern, "cM", "four-card major", lens={"M": at_least(4)}, rel=("M>=unbidM",)),
        rule(pattern, "cN", "their suit stopped, no four-card major", lens={"unbidM": (0, 3)}, stop=("x",),
             when=lambda s: s.cheapest_level(Strain.NT) <= 3),
        rule(pattern, "cy", "longest unbid suit", lens={"y": at_least(3)}, rel=("y>=unbid",)),
    ]


def _advance_after_cue_bid(pattern: str) -> list[Rule]:
    """Advancer after his cue bid (12+, forcing) and the doubler's four-card major ``M``: game in it with
    four trumps; over spades, four hearts bid (the doubler may hold both majors) and the doubler chooses
    the game; else 3NT with their suit stopped, else game in the 4-3 fit. Both hands hold opening values,
    so the cue bidder never passes below game."""
    after = pattern + " ?M P"
    return [
        rule(after, "4M", "game in the fit, four trumps", lens={"M": at_least(4)}, force=SO),
        rule(pattern + " 2S P", "3H", "four hearts, game forcing", lens={"H": at_least(4)}, order="H>x",
             force=GF),
        rule(after, "3N", "to play, their suit stopped", stop=("x",), force=SO,
             when=lambda s: s.cheapest_level(Strain.NT) <= 3),
        rule(after, "4M", "game in the fit, three trumps", lens={"M": (3, 3)}, force=SO),
        rule(pattern + " 2S P 3H P", "4H", "four hearts", lens={"H": at_least(4)}, force=SO),
        rule(pattern + " 2S P 3H P", "3N", "their suit stopped", stop=("x",), force=SO),
        rule(pattern + " 2S P 3H P", "4S", "no four hearts", force=SO),
    ]


def _jump_advance_in_minor_at_three(sit: Situation) -> bool:
    """Whether advancer's bid (two calls back) of the takeout double of a one-level opening was a jump to
    three of a minor (the invitational 9-11 advance) and their suit can still be cue-bid at three."""
    opening = sit.opening_bid()
    advance = sit.calls[-2]
    return opening is not None and opening.level == 1 and isinstance(advance, Bid) and advance.level == 3 \
        and _minor_advance(sit) and _jump_overcall(sit, 2) \
        and sit.cheapest_level(opening.strain) == 3


def _doubler_after_minor_jump_advance(pattern: str) -> list[Rule]:
    """The takeout doubler after advancer's invitational jump to three of a minor ``m`` (9-11 HCP): 3NT
    with 15+ HCP and their suit stopped; with 16+ and no stopper, their suit asks advancer for one (3NT
    needs it, and the minor game needs eleven tricks); a minimum passes."""
    return [
        rule(pattern, "3N", "accepts the invitation", hcp=(15, 40), stop=("x",), force=SO,
             when=_jump_advance_in_minor_at_three),
        rule(pattern, "3x", "game values, asks for a stopper in their suit", hcp=(16, 40), force=F,
             artificial=True, when=_jump_advance_in_minor_at_three),
    ]


def _advance_doubler_one_notrump(pattern: str) -> list[Rule]:
    """Advancer after the doubler's 1NT rebid (balanced 17-18, their suit stopped), direct or balancing:
    game with 8+, an invitation with 6-7 that the doubler accepts with 18, else pass."""
    return [
        rule(pattern, "3N", "to play", hcp=(8, 40), force=SO),
        rule(pattern, "2N", "invitational", hcp=(6, 7), force=INV),
        rule(pattern, "P", "no game opposite 17-18", hcp=(0, 5)),
        rule(f"{pattern} 2N P", "3N", "accepts", hcp=(18, 40), force=SO),
        rule(f"{pattern} 2N P", "P", "declines", hcp=(0, 17)),
    ]


def _advance_stopper_ask(pattern: str) -> list[Rule]:
    """Advancer, who jumped to three of minor ``m``, when the doubler asks for a stopper in their suit
    ``x``: 3NT with one, else game in the minor (the ask promised game values)."""
    return [
        rule(pattern, "3N", "their suit stopped", stop=("x",), force=SO),
        rule(pattern, "5m", "no stopper, game in the minor", force=SO),
    ]


def _advance_doubler_raise(pattern: str) -> list[Rule]:
    """Advancer after the takeout doubler's raise to three of his major (17-19 HCP, four trumps): game
    with the upper half of a 0-8 advance, else pass."""
    return [
        rule(pattern, "4y", "accepts", hcp=(6, 40), order="y>D", force=SO),
        rule(pattern, "P", "declines", hcp=(0, 5), order="y>D"),
    ]


def _advance_doubler_notrump(pattern: str) -> list[Rule]:
    """Advancer after the takeout doubler's 2NT (19-21 balanced, their suit stopped): game in a six-card
    major, a five-card major (or the other four-card major) at three for the doubler to choose 4M or
    3NT, 3NT with enough to make game opposite 19-21, else pass. A new minor at three only heads for an
    eleven-trick game."""
    return [
        rule(pattern, "4y", "six-card suit, to play", hcp=(4, 40), lens={"y": at_least(6)}, order="y>D",
             force=SO),
        rule(pattern, "3y", "five-card suit, choice of games", hcp=(4, 40), lens={"y": (5, 5)}, order="y>D",
             force=F),
        rule(pattern, "3z", "four-card major, looking for a fit", hcp=(4, 40), lens={"z": at_least(4)},
             order="z>D", force=F),
        rule(pattern, "3N", "to play", hcp=(4, 40), force=SO),
        rule(pattern, "P", "minimum", hcp=(0, 3)),
    ]


def _doubler_after_five_card_major(pattern: str) -> list[Rule]:
    """The 2NT doubler after advancer shows five cards in his major: game with three trumps, else 3NT."""
    return [
        rule(pattern, "4y", "three-card support", lens={"y": at_least(3)}, order="y>D", force=SO),
        rule(pattern, "3N", "to play, no fit", force=SO),
    ]


def _own_suit_at_three(sit: Situation) -> bool:
    """Whether this player's last bid suit (four calls back) can still be bid at the three level."""
    own = sit.calls[-4]
    return isinstance(own, Bid) and sit.cheapest_level(own.strain) <= 3


def _major_at_three_after_non_major(sit: Situation) -> bool:
    """Whether partner's last call (two back) bid a minor or notrump low enough that either major can
    still be bid at the three level."""
    rebid = sit.calls[-2]
    return isinstance(rebid, Bid) and rebid.strain not in (Strain.H, Strain.S) \
        and sit.cheapest_level(Strain.H) <= 3


def _suit_at_three(sit: Situation) -> bool:
    """Whether every suit can still be bid at the three level (their raise went no higher than two)."""
    return sit.cheapest_level(Strain.C) <= 3


def _transfer_completed(sit: Situation) -> bool:
    """Whether the auction began 1NT Pass 2D Pass 2H or 1NT Pass 2H Pass 2S: a Jacoby transfer and its
    completion."""
    return sit.key[2:5:2] in ((Bid(2, Strain.D), _H2), (_H2, Bid(2, Strain.S)))


def _room_at_four(sit: Situation) -> bool:
    """Whether every suit can still be bid at the four level (their raise went no higher than three)."""
    return sit.cheapest_level(Strain.C) <= 4


def _strong_doubler_after_raise(pattern: str) -> list[Rule]:
    """The strong (17+) takeout doubler when they raise opener's suit and partner passes: his own
    five-card suit at the three level; at the four level a major, or a minor with six cards (four of a
    minor is no game and goes past 3NT). Partner's pass says little; the doubler's strength is unshown."""
    own: dict[str, Any] = {"hcp": (17, 40), "longest": ("z",)}
    return [
        rule(pattern, "cz", "strong, own suit", lens={"z": at_least(5)}, when=_suit_at_three, **own),
        rule(pattern, "cM", "strong, own suit", lens={"M": at_least(5)}, when=_room_at_four,
             **{**own, "longest": ("M",)}),
        rule(pattern, "cz", "strong, own suit", lens={"z": at_least(6)}, when=_room_at_four, **own),
    ]


def _advance_strong_doubler_suit(pattern: str) -> list[Rule]:
    """Advancer, who passed the raise, after the strong doubler's own suit ``z``: game in a major with
    three trumps and a few values, else pass (the pass showed too little for more)."""
    return [
        rule(pattern, "4z", "to play", hcp=(6, 40), lens={"z": at_least(3)}, order="z>D", force=SO),
        rule(pattern, "P", "nothing more"),
    ]


def _advance_double_of_their_fit(pattern: str) -> list[Rule]:
    """Advancing a takeout double of their raised suit: the longest unbid suit, four cards or three."""
    return [
        rule(pattern, "cy", "advance", lens={"y": at_least(4)}, rel=("y>=unbid",)),
        rule(pattern, "cy", "advance, no better call", lens={"y": at_least(3)}, rel=("y>=unbid",)),
    ]


def _overcaller_competes(pattern: str, own: str, theirs: str) -> Rule:
    """The overcaller in suit ``own`` when they stop in two of their fit ``theirs``: two of a six-card suit
    rather than sell out (the overcall's five cards and no more would leave it to them)."""
    return rule(pattern, f"2{own}", "six-card suit", hcp=(8, 16), lens={own: at_least(6)},
                order=f"{own}>{theirs}")


def _stayman_over_notrump_overcall() -> list[Rule]:
    """Advancing partner's 1NT overcall of their minor (15-18, SAYC: systems on): 2C is Stayman with a
    four-card major and 8-15 HCP, so that a 4-4 major fit is found (1D 1NT P 3NT with four hearts each,
    and 2NT's invitation, played 3NT where four of the major made). The overcaller answers as the 1NT
    opener does; advancer bids game in the fit with 10+, invites with 8-9, else notrump at the same
    ranges as without Stayman; the overcaller accepts with 17-18 (as over 2NT direct)."""
    on = "1m 1N P 2C P"
    return [
        *(rule("1m 1N P", "2C", "Stayman", hcp=(8, 15), lens={major: (4, 4)}, artificial=True, force=F,
               convention="Stayman") for major in ("H", "S")),
        rule(on, "2H", "Stayman reply", lens={"H": at_least(4)}),
        rule(on, "2S", "Stayman reply", lens={"S": at_least(4), "H": (0, 3)}),
        rule(on, "2D", "Stayman reply", lens={"H": (0, 3), "S": (0, 3)}, artificial=True,
             extra=("no four-card major",)),
        rule(f"{on} 2M P", "4M", "to play", hcp=(10, 15), lens={"M": at_least(4)}, force=SO),
        rule(f"{on} 2M P", "3M", "invitational raise", hcp=(8, 9), lens={"M": at_least(4)}, force=INV),
        rule(f"{on} _ P", "3N", "to play", hcp=(10, 15), force=SO),
        rule(f"{on} _ P", "2N", "invitational", hcp=(8, 9), force=INV),
        rule(f"{on} 2M P 3M P", "4M", "accepts the invitation", hcp=(17, 18), force=SO),
        rule(f"{on} 2M P 3M P", "P", "declines the invitation", hcp=(0, 16)),
        rule(f"{on} 2H P 2N P", "4S", "accepts, four spades as well", hcp=(17, 18), lens={"S": at_least(4)},
             force=SO),
        rule(f"{on} 2H P 2N P", "3S", "declines, four spades as well", hcp=(0, 16), lens={"S": at_least(4)}),
        rule(f"{on} _ P 2N P", "3N", "accepts the invitation", hcp=(17, 18), force=SO),
        rule(f"{on} _ P 2N P", "P", "declines the invitation", hcp=(0, 16)),
        rule(f"{on} 2H P 3N P", "4S", "four spades as well", lens={"S": at_least(4)}, force=SO),
        rule(f"{on} _ P 3N P", "P", "to play"),
    ]


def _advance_notrump_overcall(pattern: str, bid: str) -> list[Rule]:
    """Advancer when responder bids two of suit ``bid`` over partner's 1NT overcall (15-18, opener's suit
    stopped): as over our own 1NT overcalled, game with a six-card major or with values and their new suit
    stopped, else compete in a five-card suit at two or a six-card one at three; 2NT invites with 8-9 HCP
    and their suit stopped, and a hand of 7 or fewer passes (the fallback's 23-24 invitation, 6-7 HCP
    opposite the overcall's middle, went down in 2NT)."""
    stops = () if bid == "x" else (bid,)
    return [
        rule(pattern, "4M", "to play", hcp=(8, 15), lens={"M": at_least(6)}, force=SO),
        rule(pattern, "3N", "to play", hcp=(10, 15), stop=stops, force=SO),
        rule(pattern, "2z", "to play", hcp=(0, 9), lens={"z": at_least(5)}, longest=("z",), force=SO),
        rule(pattern, "3z", "to play", hcp=(5, 9), lens={"z": at_least(6)}, longest=("z",), order=f"{bid}>z",
             force=SO),
        rule(pattern, "2N", "invitational", hcp=(8, 9), stop=stops, force=INV),
        rule(pattern, "P", "nothing to show", hcp=(0, 7)),
    ]


def _overcaller_after_two_level_new_suit(pattern: str) -> list[Rule]:
    """The two-level overcaller (``y``) after advancer's non-forcing new suit ``z`` at the two level (8+
    HCP, five cards), bidding the games the fallback bid before these rules: four of a major with three
    cards (25 points together, counting short suits too, or 13 losers; advancer counted at 12), 3NT with
    13+ HCP and their suit stopped, five of a minor with eight cards together and 14+ points; else a
    six-card suit rebid at three with a singleton or void in advancer's, or pass: a fit or a minimum (three
    trumps and 12 HCP already make 13 points, a game). Advancer passes the rebid."""
    not_weak = lambda s: not _weak_jumped(s)  # noqa: E731
    fit: dict[str, Any] = {"lens": {"z": at_least(3)}, "order": "z>D", "force": SO, "when": not_weak}
    return [
        rule(pattern, "4z", "to play, three-card support", points=(13, 50), **fit),
        rule(pattern, "4z", "to play, three-card support", dummy_points=(13, 50), **fit),
        rule(pattern, "4z", "to play, three-card support, playing strength", losers=(0, 6), **fit),
        rule(pattern, "3N", "to play", hcp=(13, 40), lens={"z": (0, 2)}, stop=("x",), force=SO,
             when=not_weak),
        rule(pattern, "5z", "to play, three-card support", points=(14, 50), balanced=False,
             lens={"z": at_least(3)}, order="H>z", force=SO, when=not_weak),
        rule(pattern, "5y", "to play, a long minor", points=(14, 50), balanced=False, lens={"y": at_least(8)},
             order="H>y", force=SO, when=not_weak),
        rule(pattern, "3y", "rebids a six-card suit, no fit", lens={"y": at_least(6), "z": (0, 1)},
             when=not_weak),
        rule(pattern, "P", "to play, a fit or a minimum", when=not_weak),
        rule(f"{pattern} 3y P", "P", "to play", when=lambda s: not _jump_overcall(s, 6)),
    ]


def _advancer_after_cue_raise_minimum(pattern: str) -> list[Rule]:
    """Advancer after the overcaller's minimum over his cue-bid raise (``pattern`` ends with the
    overcaller's cheapest rebid of his suit y): game in a major with 13+ HCP and three trumps (the cue bid
    without a fit passes), or 3NT with their suit x stopped and 15+ (3NT on 13-14 over a minor failed 2
    times of 2 on four tuning sets); with 15+, a minor fit and their suit open, their suit again below 3NT
    asks the overcaller for a stopper (SAYC: the cue bidder with game values bids on), which he shows by
    3NT, else bids four of his minor, raised to game with 17+; else the limit raise is declined."""
    ask = f"{pattern} ?x P"
    return [
        rule(pattern, "4y", "to play", hcp=(13, 40), lens={"y": at_least(3)}, order="y>D", force=SO),
        rule(pattern, "3N", "to play", hcp=(15, 40), stop=("x",), force=SO),
        rule(pattern, "cx", "game values, a minor fit, asks below 3NT for a stopper in their suit",
             hcp=(CUE_RAISE_GAME, 40), lens={"y": at_least(3)}, force=F, artificial=True,
             convention="stopper ask", where=_cue_again_below_three_notrump),
        rule(ask, "3N", "their suit stopped", stop=("x",), force=SO),
        rule(ask, "4y", "no stopper in their suit", force=INV),
        rule(f"{ask} 4y P", "5y", "game in the minor", hcp=(CUE_RAISE_GAME + 2, 40), force=SO),
        rule(f"{ask} 4y P", "P", "no game in the minor"),
        rule(pattern, "P", "a limit raise, declined"),
    ]


CUE_RAISE_GAME = 15
"""The cue-bid raiser's HCP that go on over the overcaller's minimum in a minor (3NT with their suit
stopped, else their suit again asking for a stopper); two more bid five of the minor without one."""


def _cue_again_below_three_notrump(sit: Situation, binding: Binding) -> bool:
    """Whether the overcaller's suit is a minor and their suit again is cheaper than 3NT (1C 1D P 2C P 2D P
    3C): room for the stopper ask."""
    return binding["y"].strain <= Strain.D and sit.cheapest_level(binding["x"].strain) <= 3


CUE_RAISE = "cue bid, limit raise or better"
"""The cue bid of their suit that raises partner's suit (or the overcall) with 11+ HCP: with it in the
tables a jump raise there is no invitation (`fallback._invitational_raise_open`)."""
CUE_WITHOUT_FIT = "cue bid, game values without a fit"
"""The advancer's cue bid of their suit with 12+ HCP, two cards or fewer in the overcaller's suit and no
stopper in theirs (with one, 2NT or 3NT): the same call as the cue-bid raise (limit raise or better), which
advancer's next call tells apart."""


def _advancer_after_cue_bid(pattern: str) -> list[Rule]:
    """Advancer after his cue bid of their suit x and the overcaller's answer, where the cue bid may have
    been the raise or game values without a fit (``pattern`` ends with the overcaller's answer to the cue
    bid, responder having passed): every call says which, the raise's by three trumps, the no-fit hand's
    by two cards or fewer, so that the agreed suit and partner read the fit from here on. Over the
    minimum 2NT (five cards, their suit stopped) the raise bids game in a major with 13+ (as over two of
    his suit) or invites with three of the suit, which the overcaller accepts with 12+, and 3NT is the
    no-fit hand's game (or the raise's in a minor); over the minimum two of his suit the no-fit hand passes
    with 12-14 (neither hand stops their suit), and with 15+ goes on in a four-card suit, else raises with
    two, forcing."""
    return [
        rule(f"{pattern} 2N P", "4y", "to play", hcp=(13, 40), lens={"y": at_least(3)},
             order="y>D", force=SO),
        rule(f"{pattern} 2N P", "3N", "to play, no fit", hcp=(12, 40), lens={"y": (0, 2)}, force=SO),
        rule(f"{pattern} 2N P", "3N", "to play, a minor fit", hcp=(12, 40), force=SO,
             where=lambda s, b: b["y"].strain <= Strain.D),
        rule(f"{pattern} 2N P", "3y", "a limit raise, invitational", hcp=(0, 12), lens={"y": at_least(3)},
             force=INV),
        rule(f"{pattern} 2N P 3y P", "4y", "accepts", hcp=(12, 40), order="y>D", force=SO),
        rule(f"{pattern} 2N P 3y P", "P", "declines"),
        rule(f"{pattern} 2y P", "P", "without a fit, no game", hcp=(0, 14), lens={"y": (0, 2)}),
        rule(f"{pattern} 2y P", "cz", "game values without a fit, four cards", hcp=(15, 40),
             lens={"y": (0, 2), "z": at_least(4)}, longest=("z",), force=F),
        rule(f"{pattern} 2y P", "3y", "game values, two-card support", hcp=(15, 40), lens={"y": (2, 2)},
             force=F),
        # the overcaller answers the forcing 3y: game in his suit with six, 3NT with their suit stopped,
        # else game in the five-card suit (the 5-2 fit opposite 15+), or a four-card side suit
        rule(f"{pattern} 2y P 3y P", "4y", "to play, six cards", lens={"y": at_least(6)}, order="y>D",
             force=SO),
        rule(f"{pattern} 2y P 3y P", "3N", "their suit stopped", stop=("x",), force=SO),
        rule(f"{pattern} 2y P 3y P", "4y", "to play, five cards", lens={"y": at_least(5)}, order="y>D",
             force=SO),
        rule(f"{pattern} 2y P 3y P", "cz", "four-card side suit", lens={"z": at_least(4)}, longest=("z",),
             force=F),
        # the overcaller answers the cue bidder's four-card new suit over 2y: game in it with four (a major),
        # 3NT with their suit stopped, game in his suit with six, five of the minor with four, else his
        # suit with five
        rule(f"{pattern} 2y P ?z P", "4z", "to play, four-card support", lens={"z": at_least(4)}, force=SO,
             where=lambda s, b: b["z"].strain >= Strain.H),
        rule(f"{pattern} 2y P ?z P", "3N", "their suit stopped", stop=("x",), force=SO),
        rule(f"{pattern} 2y P ?z P", "4y", "to play, six cards", lens={"y": at_least(6)}, order="y>D",
             force=SO),
        rule(f"{pattern} 2y P ?z P", "5z", "to play, four-card support", lens={"z": at_least(4)}, force=SO,
             where=lambda s, b: b["z"].strain <= Strain.D),
        rule(f"{pattern} 2y P ?z P", "4y", "to play, five cards", lens={"y": at_least(5)}, order="y>D",
             force=SO),
        # the no-fit cue bidder (two of the overcaller's suit, their suit unstopped) answers the overcaller's
        # four-card side suit over the forcing 3y, never with a pass: game in a major with three (passing
        # the overcaller's 4M), five of a minor with four, else the overcaller's suit at game in the 5-2 fit
        rule(f"{pattern} 2y P 3y P ?z P", "4z", "to play, three-card support",
             lens={"y": (0, 2), "z": at_least(3)}, force=SO, where=lambda s, b: b["z"].strain >= Strain.H),
        rule(f"{pattern} 2y P 3y P 4z P", "P", "support, game", lens={"z": at_least(3)},
             where=lambda s, b: b["z"].strain >= Strain.H),
        rule(f"{pattern} 2y P 3y P ?z P", "5z", "to play, four-card support",
             lens={"y": (0, 2), "z": at_least(4)}, force=SO, where=lambda s, b: b["z"].strain <= Strain.D),
        rule(f"{pattern} 2y P 3y P ?z P", "4y", "to play, two cards, the forcing 3y's game",
             lens={"y": (2, 2)}, order="y>D", force=SO),
        rule(f"{pattern} 2y P 3y P ?z P", "5y", "to play, two cards, the forcing 3y's game",
             lens={"y": (2, 2)}, where=lambda s, b: b["y"].strain <= Strain.D, force=SO),
    ]


def _advance_overcall_of_notrump(pattern: str) -> list[Rule]:
    """Advancer after partner's two-level major overcall ``M`` of their 1NT (10-15 HCP, five or six
    cards): with three trumps, game with 12+ HCP and an invitational raise with 9-11, which the overcaller
    accepts with 13+ HCP or six losers (their strong notrump leaves little room for the thin game)."""
    return [
        rule(pattern, "4M", "to play", hcp=(12, 40), lens={"M": at_least(3)}, force=SO),
        rule(pattern, "3M", "invitational raise", hcp=(9, 11), lens={"M": at_least(3)}, force=INV),
        rule(f"{pattern} 3M P", "4M", "accepts", hcp=(13, 40), force=SO),
        rule(f"{pattern} 3M P", "4M", "accepts, playing strength", losers=(0, 6), force=SO),
        rule(f"{pattern} 3M P", "P", "declines"),
    ]


def _advance_overcall_over_response(pattern: str) -> list[Rule]:
    """Advancer with support for partner's one-level overcall ``y`` when responder has bid: game in the
    major with 13+ HCP, the cue bid of opener's suit ``x`` with 11+ (a limit raise or better; at the three
    level at most), the cheapest raise with 6-10, as when responder passes."""
    return [
        rule(pattern, "4y", "to play", hcp=(13, 40), lens={"y": at_least(3)}, order="y>D", force=SO),
        rule(pattern, "cx", CUE_RAISE, hcp=(11, 40), lens={"y": at_least(3)},
             force=F, artificial=True, when=lambda s: s.cheapest_level(s.opening_strain()) <= 3),
        rule(pattern, "cy", "raise", hcp=(6, 10), lens={"y": at_least(3)},
             when=lambda s: 0 < _raise_level(s) <= 2),
    ]


def _responsive_double(pattern: str) -> list[Rule]:
    """Advancer's double when they have bid and raised a suit over partner's overcall (``pattern``, 1x 1y
    2x): responsive, for takeout, 8+ HCP, no fit for the overcall and the two unbid suits (four of an
    unbid major and three of the other suit, or both minors four and four); the overcaller bids his longer
    unbid suit, or his own again with six."""
    return [
        rule(pattern, "X", "responsive double", hcp=(RESPONSIVE_DOUBLE_HCP, 40),
             lens={"y": (0, 2), "unbidM": at_least(4), "unbid": at_least(3)},
             when=lambda s: any(u not in s.bid_suits for u in _MAJORS)),
        rule(pattern, "X", "responsive double", hcp=(RESPONSIVE_DOUBLE_HCP, 40),
             lens={"y": (0, 2), "unbid": at_least(4)},
             when=lambda s: all(u in s.bid_suits for u in _MAJORS)),
        rule(f"{pattern} X P", "cy", "six-card suit", lens={"y": at_least(6)}),
        rule(f"{pattern} X P", "cz", "answers the responsive double", lens={"z": at_least(4)},
             rel=("z>=unbid",)),
        rule(f"{pattern} X P", "cz", "answers the responsive double", lens={"z": at_least(3)},
             rel=("z>=unbid",)),
        rule(f"{pattern} X P", "cy", "no unbid suit to bid"),
    ]


RESPONSIVE_DOUBLE_HCP = 8
"""The fewest HCP of advancer's responsive double (`_responsive_double`): a free call at the two or three
level opposite an overcall."""


def _partner_jumped(sit: Situation) -> bool:
    """Whether partner's overcall of their one-level opening (two calls back) skipped a level."""
    return _jump_overcall(sit, 2)


def _weak_jumped(sit: Situation) -> bool:
    """Whether our own overcall of their one-level opening (four calls back) was a weak jump."""
    return _jump_overcall(sit, 4)


def _advance_weak_jump_overcall(pattern: str) -> list[Rule]:
    """Advancer after partner's weak jump overcall in a major (six cards, 5-10 HCP) without an opening
    bid: raise by the law of total tricks, to game with four trumps (ten together), one level with three
    (nine); with 13+ HCP the general advances decide."""
    return [
        rule(pattern, "4y", "preemptive raise, ten trumps", hcp=(0, 12), lens={"y": at_least(4)}, force=SO,
             order="y>D", when=_partner_jumped),
        rule(pattern, "cy", "preemptive raise, nine trumps", hcp=(0, 12), lens={"y": (3, 3)}, order="y>D",
             when=_partner_jumped),
    ]


FEATURE_ASK = 16
"""HCP for 2NT over partner's weak two in a major: game opposite a maximum (9-10) even without a fit (the
hands with two trumps and 13+ have raised to game already). With 14-15 and a misfit, asking cost IMPs
(three of the major a level higher, or 3NT on a queen 'feature'): those pass (bench set 7 +0.010 at 14)."""
WEAK_TWO_MAXIMUM = 9
"""HCP of a weak two (5-10) that answer the feature ask as a maximum."""


def _weak_two_feature_ask() -> list[Rule]:
    """SAYC's 2NT over a weak two major, forcing, asking for a feature: opener with a maximum shows an
    outside ace or king (cheapest suit first; 3NT without one: a queen is no feature), with a minimum
    rebids three of his suit; responder then bids game opposite the maximum (the major with two trumps,
    else 3NT)."""
    rules = []
    for major in ("H", "S"):
        ask = f"2{major} P 2N P"
        for side in (s for s in ("C", "D", "H", "S") if s != major):
            name = Suit.parse(side).full_name.lower()
            rules.append(rule(ask, f"3{side}", f"maximum, a feature in {name}", hcp=(WEAK_TWO_MAXIMUM, 10),
                              feature=(side,), force=F, artificial=True, convention="feature"))
        rules.append(rule(ask, "3N", "maximum, no outside feature", hcp=(WEAK_TWO_MAXIMUM, 10)))
        rules.append(rule(ask, f"3{major}", "minimum", hcp=(0, WEAK_TWO_MAXIMUM - 1)))
    rules += [
        rule("2M P 2N P 3M P", "4M", "game opposite a minimum, two trumps", hcp=(17, 40),
             lens={"M": at_least(2)}, force=SO),
        rule("2M P 2N P 3M P", "3N", "game opposite a minimum", hcp=(19, 40), force=SO),
        rule("2M P 2N P 3M P", "P", "no game opposite a minimum"),
        rule("2M P 2N P 3N P", "P", "to play"),
        rule("2M P 2N P ?x P", "4M", "game opposite a maximum, two trumps", lens={"M": at_least(2)},
             force=SO),
        rule("2M P 2N P ?x P", "3N", "game opposite a maximum", force=SO,
             when=lambda s: s.cheapest_level(Strain.NT) == 3),
    ]
    return rules


_MINOR_OPENING_NO_MAJOR = {"H": (0, 3), "S": (0, 3)}

REDOUBLE_LABEL = "redouble, 10+ HCP"
"""The name of responder's redouble of their takeout double of partner's one-level suit opening."""

REDOUBLES = [
    # over their takeout double of a one-level suit opening (SAYC) 10+ HCP redouble, usually without a fit:
    # a major's fit is shown by Jordan 2NT or a raise, a minor's four-card one by a raise; the partnership
    # then doubles their escape for penalty or bids on
    rule("1M X", "XX", REDOUBLE_LABEL, hcp=(10, 40), lens={"M": (0, 2)}),
    rule("1m X", "XX", REDOUBLE_LABEL, hcp=(10, 40), lens={"m": (0, 3)}),
]
"""Responder's redouble over their takeout double (its follow-ups are `AFTER_REDOUBLE`)."""


_SPLINTER: dict[str, Any] = {"hcp": (11, 15), "force": GF, "artificial": True, "convention": "splinter"}
"""A splinter raise: four trumps, game values and a singleton or void in the suit bid (a double jump)."""

RESPONSES = [
    # to a major
    rule("1H p", "3S", "splinter raise", lens={"H": at_least(4), "S": (0, 1)}, **_SPLINTER),
    rule("1S p", "4H", "splinter raise", lens={"S": at_least(4), "H": (0, 1)}, **_SPLINTER),
    rule("1M p", "4m", "splinter raise", lens={"M": at_least(4), "m": (0, 1)}, **_SPLINTER),
    rule("1M P", "2N", "Jacoby 2NT", hcp=(13, 40), lens={"M": at_least(4)}, force=GF, artificial=True),
    # a strong jump shift (SAYC): 19+ HCP and a five-card suit, forcing to game with slam interest; the
    # one-level response (6+) would leave opener to pass a limited rebid short of the slam. With three
    # cards in opener's major a new suit (then support) keeps the slam tries' agreed suit
    rule("1M P", "jy", "strong jump shift", hcp=(19, 40), lens={"y": at_least(5), "M": (0, 2)},
         longest=("y",), force=GF, convention=JUMP_SHIFT, when=_unpassed),
    rule("1m P", "jy", "strong jump shift", hcp=(19, 40), lens={"y": at_least(5)}, longest=("y",),
         force=GF, convention=JUMP_SHIFT, when=_unpassed),
    # over a takeout double 2NT is Jordan (SAYC): a limit raise or better in opener's major; the jump raise
    # is preemptive there, so the limit raises below are made without the double only
    rule("1M X", "2N", "Jordan 2NT", hcp=(8, 40), dummy_points=(10, 50), lens={"M": at_least(3)}, force=F,
         artificial=True, convention="Jordan", extra=("a limit raise or better",)),
    rule("1M p", "4M", "preemptive raise", hcp=(0, 9), lens={"M": at_least(5)}),
    rule("1M X", "3M", "preemptive raise", hcp=(3, 7), lens={"M": at_least(4)}),
    *REDOUBLES,
    rule("1M P", "3M", "limit raise", hcp=(8, 12), dummy_points=(10, 12), lens={"M": at_least(3)}, force=INV),
    # 8-10 HCP whose short suit counts them past a limit raise (too few HCP for a splinter or a two over
    # one) still invite: never a pass of partner's major with a fit and values
    rule("1M P", "3M", "limit raise, a short suit", hcp=(8, 10), dummy_points=(13, 50),
         lens={"M": at_least(3)}, force=INV),
    rule("1M p", "2M", "single raise", hcp=(5, 9), dummy_points=(6, 9), lens={"M": at_least(3)}),
    rule("1M p", "2M", "single raise, a short suit", hcp=(5, 7), dummy_points=(10, 50),
         lens={"M": at_least(3)}),
    rule("1H p", "1S", "new suit", hcp=(6, 40), lens={"S": at_least(4)}, force=F),
    # not with five of the other major (1S P with J9.AKJ76.J85.A64 bid 3NT where 4H made on a 5-3 fit): it
    # is bid as a new suit, and opener raises it with three
    rule("1M p", "3N", "balanced, no fit", hcp=(13, 15), balanced=True, lens={"M": (0, 2), "unbidM": (0, 4)}),
    # a passed hand's new suit at the two level (SAYC): natural and not forcing, 10-11 HCP (it did not
    # open) and a five-card suit; opener passes with a minimum and a fit for it; diamonds, the higher, with
    # five-five in the minors
    rule("1S p", "2H", "new suit, a passed hand", hcp=(10, 11), lens={"H": at_least(5)}, when=_passed),
    rule("1M p", "2C", "new suit, a passed hand", hcp=(10, 11), lens={"C": at_least(5)}, rel=("C>D",),
         when=_passed),
    rule("1M p", "2D", "new suit, a passed hand", hcp=(10, 11), lens={"D": at_least(5)}, when=_passed),
    rule("1M p", "1N", "no fit", hcp=(6, 10), lens={"M": (0, 2)}),
    rule("1M p", "1N", "no fit, a passed hand", hcp=(11, 11), lens={"M": (0, 2)}, when=_passed),
    rule("1S p", "2H", "two over one", hcp=(11, 40), lens={"H": at_least(5)}, force=F, when=_unpassed),
    rule("1M p", "2C", "two over one", hcp=(11, 40), lens={"C": at_least(4)}, rel=("C>=D",), force=F,
         when=_unpassed),
    rule("1M p", "2D", "two over one", hcp=(11, 40), lens={"D": at_least(4)}, force=F, when=_unpassed),
    rule("1M p", "2C", "two over one", hcp=(11, 40), lens={"C": at_least(3)}, force=F, when=_unpassed),
    # 11-12 HCP, a fit, 13+ dummy points and no two over one: below Jacoby 2NT's 13 HCP, still no pass
    rule("1M P", "3M", "limit raise, a short suit", hcp=(11, 12), dummy_points=(13, 50),
         lens={"M": at_least(3)}, force=INV),
    rule("1M p", "P", "weak", hcp=(0, 5)),
    # to a minor
    rule("1m p", "1S", "new suit", hcp=(6, 40), lens={"S": at_least(4)}, rel=("S>H",), force=F),
    # five-five in the majors: the higher-ranking suit first (SAYC), so that hearts can follow
    rule("1m p", "1S", "new suit, the higher of two five-card suits", hcp=(6, 40),
         lens={"S": at_least(5), "H": at_least(5)}, rel=("S>=H",), force=F),
    rule("1m p", "1H", "new suit", hcp=(6, 40), lens={"H": at_least(4)}, force=F),
    rule("1m p", "1S", "new suit", hcp=(6, 40), lens={"S": at_least(4)}, force=F),
    rule("1m p", "3N", "balanced", hcp=(16, 18), balanced=True, lens=_MINOR_OPENING_NO_MAJOR),
    rule("1m p", "2N", "balanced", hcp=(13, 15), balanced=True, lens=_MINOR_OPENING_NO_MAJOR, force=GF),
    rule("1C p", "1D", "new suit", hcp=(6, 40), lens={"D": at_least(4)}, force=F),
    rule("1D p", "2C", "new suit, a passed hand", hcp=(10, 11), lens={"C": at_least(5)}, when=_passed),
    rule("1D p", "2C", "two over one", hcp=(11, 40), lens={"C": at_least(4)}, force=F, when=_unpassed),
    rule("1D p", "3D", "limit raise", hcp=(11, 12), lens={"D": at_least(4)}, force=INV),
    rule("1C p", "3C", "limit raise", hcp=(11, 12), lens={"C": at_least(4)}, force=INV),
    rule("1D p", "2D", "single raise", hcp=(6, 10), lens={"D": at_least(4)}),
    rule("1C p", "2C", "single raise", hcp=(6, 10), lens={"C": at_least(5)}),
    rule("1m p", "1N", "no four-card major", hcp=(6, 10)),
    # 19+ HCP and no natural call (no major, too strong for 3NT, no four clubs over 1D or four diamonds
    # over 1C): the cheapest new suit, forcing, short if it must be; the slam search follows opener's rebid
    rule("1D p", "2C", "two over one, a strong hand, can be short", hcp=(19, 40), force=F),
    rule("1C p", "1D", "new suit, a strong hand, can be short", hcp=(19, 40), force=F),
    # 13-18 HCP that fit none of the above (long clubs, no four-card major or diamond suit, unbalanced) must
    # not pass a forcing-to-game hand out in 1C: 1D keeps the auction going, as with 19+
    rule("1C p", "1D", "new suit, game values, can be short", hcp=(13, 18), force=F),
    rule("1m p", "P", "weak", hcp=(0, 5)),
    # to weak twos and preempts
    # game opposite a weak two with 15+ HCP and two trumps, or 12-14 and three: on 13-14 with two the
    # game made 2 times in 10 on the tuning sets (twenty-seventh pass)
    rule("2M P", "4M", "to play", hcp=(15, 40), lens={"M": at_least(2)}, force=SO),
    rule("2M P", "4M", "to play", hcp=(12, 14), lens={"M": at_least(3)}, force=SO),
    # ten trumps raise to game preemptively when not vulnerable; vulnerable only with some values (6+ HCP),
    # else the raise to three (a weak vulnerable 4M goes for a number against their partscore)
    rule("2M P", "4M", "preemptive raise", hcp=(0, 12), lens={"M": at_least(4)}, vul="nonvul", force=SO),
    rule("2M P", "4M", "to play", hcp=(6, 12), lens={"M": at_least(4)}, force=SO),
    # no fit for the weak two but a six-card major of one's own and an opening bid: game in it
    rule("2x P", "4M", "to play", hcp=(14, 40), lens={"M": at_least(6), "x": (0, 1)}, force=SO),
    # no fit for the weak two major but an opening bid and more with the other suits stopped: 3NT
    rule("2M P", "3N", "to play", hcp=(16, 40), lens={"M": (0, 1)}, stop=("unbid",), force=SO),
    rule("2M P", "3M", "preemptive raise", hcp=(0, 13), lens={"M": at_least(3)}, force=SO),
    # 3NT runs partner's diamonds only with the other three suits stopped; else a five-card suit forces
    rule("2D P", "3N", "to play", hcp=(16, 40), lens={"D": at_least(2)}, stop=("H", "S", "C"), force=SO),
    rule("2D P", "3D", "preemptive raise", hcp=(0, 13), lens={"D": at_least(3)}, force=SO),
    rule("2x P", "cz", "new suit", hcp=(16, 40), lens={"z": at_least(5)}, force=F, order="x>C"),
    rule("2M P", "2N", "feature ask, game interest", hcp=(FEATURE_ASK, 40), force=F, artificial=True,
         convention="feature ask", extra=("asks opener for an outside ace or king with a maximum",)),
    rule("2x P", "P", "no game interest", order="x>C"),
    rule("3M P", "4M", "to play", hcp=(15, 40), lens={"M": at_least(2)}, force=SO),
    # a seven-card preempt and a singleton are eight trumps: game with 17+ HCP
    rule("3M P", "4M", "to play, a singleton trump", hcp=(17, 40), lens={"M": (1, 1)}, force=SO),
    # over a three-level major preempt (seven cards) three trumps make ten: raise to game (total tricks)
    rule("3M P", "4M", "preemptive raise", hcp=(0, 10), lens={"M": at_least(3)}, force=SO),
    # ... and so do more values with them and a singleton or void (K63.7.KJT95.JT72 raised while
    # K63.A.KJT95.JT72 passed); a flat 11-14 still passes: its defence beats their partscore, where four of
    # the major fails (forty-fourth pass: raising it too lost 20 IMPs on four deals)
    *(rule(f"3{m} P", f"4{m}", "to play, three trumps and a short suit", hcp=(11, 14),
           lens={m: at_least(3), short: (0, 1)}, force=SO) for m in "HS" for short in "SHDC" if short != m),
    # a six-card major and an opening bid opposite a minor preempt: game in the major, not 3NT
    rule("3m P", "4M", "to play", hcp=(14, 40), lens={"M": at_least(6)}, force=SO),
    rule("3m P", "3N", "to play", hcp=(16, 40), lens={"m": at_least(1)}, force=SO),
    rule("3m P", "5m", "to play", hcp=(13, 40), lens={"m": at_least(3)}, force=SO),
    # a new suit of one's own at the three level is forcing (SAYC), as over a weak two: 16+ HCP and a
    # six-card suit; opener raises with three or rebids his suit, and responder places the game. The rules
    # above take nearly every such hand (game in a major, 3NT, 5m): this one mostly explains a human's call
    rule("3x P", "cz", "new suit", hcp=(16, 40), lens={"z": at_least(6)}, longest=("z",), force=F,
         where=lambda s, b: s.cheapest_level(b["z"].strain) == 3),
    rule("3x P", "P", "no game interest"),
    rule("4M P", "P", "no slam interest"),
]

LIMIT_RAISE_LOSERS = 8
"""Losers a limit raise (10-12 dummy points) is played for. Over opener's slam try it accepts with this
many and a doubleton or shorter somewhere; a flat 4-3-3-3 counts a loser more, so it needs seven."""
SLAM_LOSERS_OVER_LIMIT_RAISE = 24 - SLAM_TRICKS - LIMIT_RAISE_LOSERS
"""The most losers opener may hold to play a slam opposite a limit raise: the losing-trick count expects
24 less the partnership's losers in tricks, so twelve tricks opposite the raise's eight losers leave four."""

_LIMIT_RAISE_SLAM_TRY: dict[str, Any] = {
    "hcp": (16, 21), "controls": (6, 12), "force": F, "artificial": True, "convention": "slam try",
    "extra": ("the cheapest new suit over a limit raise; asks responder to judge",)}
"""Opener's slam try over a limit raise: a strong hand rich in aces and kings, too weak in the raise's
values to ask for aces alone; responder asks with a good raise (few losers) and signs off otherwise."""
_LIMIT_RAISE_SLAM_TRY_LOSERS: dict[str, Any] = {
    **{k: v for k, v in _LIMIT_RAISE_SLAM_TRY.items() if k != "controls"},
    "losers": (0, SLAM_LOSERS_OVER_LIMIT_RAISE)}
"""The same try from a strong hand with four losers or fewer but fewer controls: opposite the raise's
eight losers the count makes twelve tricks, and responder judges as above."""

RAISE_SPLINTER_HCP = 15
"""High cards opener holds for a splinter over partner's single raise (5-9 HCP): with four losers and
fewer HCP the tables invite (`1M P 2M P 3M`)."""
RAISE_SPLINTER_LOSERS = 4
"""Losers opener may hold for a splinter over the single raise: four opposite the raise's nine are
eleven tricks, and a raise whose high cards lie outside the short suit makes the twelfth."""
RAISE_SPLINTER_ACCEPT_HCP = 6
"""High cards the single raise holds to ask for aces over opener's splinter, none wasted in the short suit."""
RAISE_LOSERS = 9
"""Losers the single raise is played for: a raise with more does not ask over opener's splinter."""
WASTED_OPPOSITE_SHORTNESS = 1
"""The most HCP the raise may hold in the king, queen and jack of opener's short suit to ask for aces:
a king or queen there does no work opposite a singleton or void (an ace still takes its trick)."""
RAISE_SPLINTER = "splinter after a raise"


RAISE_INVITATIONS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("", {"points": (16, 17)}),
    (", a short suit", {"points": (15, 15), "dummy_points": (16, 50)}),
    # a minimum in points with six losers invites: opposite the single raise (about nine losers) ten tricks
    # need partner's maximum
    (", six losers", {"hcp": (11, 15), "losers": (0, 6)}),
)
"""The hands with which opener invites game over partner's single raise of his major (the words each
adds to the invitation's name, the ranges it asks): by 3M or a help-suit game try."""

HELP_SUIT_MIDDLE = 7
"""Dummy points with which the single raise accepts a help-suit game try holding help in the suit (the
ace or king, a singleton or void); with 9 (or 8 and four trumps) it accepts as it accepts 3M, with fewer
than this it signs off."""


def _help_suit_tries(major: str, calls: str) -> list[Rule]:
    """Opener's help-suit game tries over partner's single raise of ``major``: with an invitation
    (`RAISE_INVITATIONS`) a new suit (each of ``calls``, the cheapest first) of three or more cards with two
    or more losers (xxx, Axx, Kxx, Qxx) asks for help there."""
    return [rule(f"1{major} P 2{major} P", call, "help-suit game try" + words,
                 lens={call[1]: at_least(HELP_SUIT_LENGTH)},
                 help_wanted=(Suit.parse(call[1]),), force=INV, **values)
            for call in calls.split() for words, values in RAISE_INVITATIONS]


def _raise_try_answers(major: str, calls: str) -> list[Rule]:
    """The single raise's answers to each of opener's game tries of ``calls`` (3M, or a help-suit try):
    game with a maximum (9+ dummy points, or 8 and four trumps); over a help-suit try game too with a
    middling hand (`HELP_SUIT_MIDDLE`) and help in the suit (the ace or king, a singleton or void:
    second-round control), else three of the major, which opener passes; over 3M else a pass. Over a
    double of the opening too, as opener's try is made there (`_also_over_double`), and over a double or
    bid of the try: the answer still places the contract (a pass would leave opener doubled in a suit of
    three cards, and the fallback's acceptance of an invitation bid game on 5 HCP); over a bid above
    three of the major the hand that would sign off passes."""
    out = []
    for call in calls.split():
        pattern = f"1{major} p 2{major} P {call} _"
        out += [
            rule(pattern, f"4{major}", "accepts", dummy_points=(9, 50), force=SO),
            # the fourth trump is worth a point: 8 dummy points with four trumps accept the game try
            rule(pattern, f"4{major}", "accepts, four trumps", dummy_points=(8, 8), lens={major: at_least(4)},
                 force=SO),
        ]
        if call == f"3{major}":
            out.append(rule(pattern, "P", "declines", dummy_points=(0, 8)))
            continue
        suit = Suit.parse(call[1])
        out += [
            rule(pattern, f"4{major}", f"accepts, help in {suit.full_name.lower()}",
                 dummy_points=(HELP_SUIT_MIDDLE, 8),
                 controlled=(suit,), force=SO),
            rule(pattern, f"3{major}", "declines", dummy_points=(0, 8), force=SO),
            # (after a bid alone, any suit or notrump: where 3M is legal its rule comes first)
            *(rule(f"{pattern[:-2]} {bid}", "P", "declines, their bid above three of the major",
                   dummy_points=(0, 8)) for bid in ("?x", "?N")),
            rule(f"{pattern} 3{major} P", "P", "to play"),
        ]
    return out


COMPETES_OVER_RAISE = "competitive"
"""The label of opener's three of the major over a double or overcall of partner's single raise: to play,
so the fallback offers no invitational raise of that call beside it (`fallback._invitational_raise_open`)."""
COMPETES_OVER_RAISE_HANDS: dict[str, Any] = {
    "hcp": (11, 15), "points": (0, 17), "dummy_points": (0, 17), "losers": (5, 12)}
"""The hands with which opener bids three of his major over a double or overcall of partner's single raise
(`1M P 2M X 3M`, `1M P 2M 3x 3M`): six trumps or more, too few points for the game (18 with length or
short suits counted, or four losers opposite the raise's nine) and no more than a minimum opening's HCP,
those with which the fallback's bid on the total trump count made the call over an overcall."""


def _competes_over_the_raise() -> list[Rule]:
    """Opener's three of the major over a double or overcall of partner's single raise, and the raise's
    pass of it: competitive, to play, not a game try (SAYC: a game try there is a new suit), so the raise
    never reads it as the invitation over an uncontested raise (`1M P 2M P 3M`) and bids no game over it."""
    out = []
    for theirs in ("X", "?x"):
        out += [rule(f"1M p 2M {theirs}", "3M", COMPETES_OVER_RAISE, lens={"M": at_least(6)}, force=SO,
                     extra=("to play, no game try",), **COMPETES_OVER_RAISE_HANDS),
                rule(f"1M p 2M {theirs} 3M P", "P", "to play")]
    return out


def _raise_splinters(major: str, calls: str) -> list[Rule]:
    """Opener's splinters over partner's single raise of ``major``: a jump in a new suit (each of
    ``calls``) shows a singleton or void there and a hand a trick short of Blackwood, forcing to game,
    so that the raise, with its high cards outside the short suit, asks for aces."""
    return [rule(f"1{major} P 2{major} P", call, "splinter", hcp=(RAISE_SPLINTER_HCP, 40),
                 losers=(0, RAISE_SPLINTER_LOSERS), lens={call[1]: (0, 1)}, force=GF, artificial=True,
                 convention=RAISE_SPLINTER, extra=("a singleton or void; slam interest opposite the raise",))
            for call in calls.split()]


def _after_jump_preference(pattern: str, order: str = "") -> list[Rule]:
    """Opener after responder's invitational jump preference to his first suit x (the fourth suit open):
    3NT with 14+ HCP and the fourth suit stopped, game in a major with 14+, in a minor with 15+ points,
    else pass."""
    return [
        rule(pattern, "3N", "accepts, the fourth suit stopped", hcp=(14, 21), lens={"x": (0, 5)},
             stop=("unbid",), order=order, force=SO),
        rule(pattern, "4x", "accepts", hcp=(14, 21), order=f"{order} x>D".strip(), force=SO),
        rule(pattern, "5x", "accepts in the minor", hcp=(14, 21), points=(15, 50),
             order=f"{order} H>x".strip(), force=SO),
        rule(pattern, "P", "declines", order=order),
    ]


def _own_jump_shift(sit: Situation) -> bool:
    """Whether this player's call four calls back was a strong jump shift."""
    return len(sit.calls) >= 4 and sit.explanation(len(sit.calls) - 4).convention == JUMP_SHIFT


LONG_MAJOR_SLAM_HCP = 12
"""HCP with which responder's six-card major asks for aces over opener's three-card support after the
2NT rebid (18-19): 30+ HCP and nine trumps (trial39b t9 b8: QT87632.K.87.AK7, 13 tricks in spades)."""


def _after_jump_shift() -> list[Rule]:
    """Opener after responder's strong jump shift (19+, five cards, game forcing) describes at the cheapest
    level: three-card support, a six-card suit, a new four-card suit, notrump with a balanced hand, else
    his suit again; responder then rebids a six-card suit, setting trumps, so that the slam tries (which
    come before the tables) have a fit to ask in."""
    done = "1x P ?y P"
    return [
        rule(done, "cy", "support for the jump shift", lens={"y": at_least(3)}, after=JUMP_SHIFT, force=GF),
        rule(done, "cx", "six-card suit", lens={"x": at_least(6)}, after=JUMP_SHIFT, force=GF),
        rule(done, "cz", "new suit", lens={"z": at_least(4)}, after=JUMP_SHIFT, force=GF,
             when=lambda s: s.cheapest_level(Strain.NT) <= 3),
        rule(done, "cN", "balanced", balanced=True, after=JUMP_SHIFT, force=GF),
        rule(done, "cx", "rebid", after=JUMP_SHIFT, force=GF),
        *(rule(f"{done} {rebid} P", "cy", "six-card suit, sets trumps", lens={"y": at_least(6)}, force=GF,
               when=_own_jump_shift) for rebid in ("?x", "?z", "?N")),
    ]


def _six_card_minor_over_2nt() -> list[Rule]:
    """1m P 2NT (13-15, balanced): opener's 3m shows six cards and a singleton or void, and responder
    plays 3NT only with the other three suits stopped, else five of the minor (eight trumps or more)."""
    rules = []
    for minor, shorts in (("C", "SHD"), ("D", "SHC")):
        opened = f"1{minor} P 2N P"
        rules += [rule(opened, f"3{minor}", "six-card suit, a singleton or void", hcp=(11, 17),
                       lens={minor: at_least(6), short: (0, 1)}, force=GF) for short in shorts]
        rules += [rule(f"{opened} 3{minor} P", "3N", "the other suits stopped", stop=("unbid",), force=SO),
                  rule(f"{opened} 3{minor} P", f"5{minor}", "no notrump: game in the minor", force=SO)]
    return rules


PASS_PASSED_HANDS_SUIT = rule("1x P 1y P", "P", "minimum, three cards in a passed hand's suit", hcp=(11, 12),
                              lens={"y": (3, 3)}, when=lambda s: s.passed_hand(2))
"""A passed hand's one-level new suit is not forcing: opener with a minimum and three cards in it passes,
after showing a four-card suit he can bid at the one level (the 4-4 fit comes first). Not in competition
(`_also_over_double`, `_over_one_level_overcall` leave it out): over their double or overcall opener does
not sell out at the one level (P P 1C X 1H P: 1NT, not Pass; measured, a deal gained on each set kind)."""

OPENER_REBIDS = [
    *_after_jump_shift(),
    *_weak_two_feature_ask(),
    # the weak two opener over responder's new suit (16+ HCP, forcing): raise with three trumps, else
    # rebid the six-card suit at the cheapest level; responder places the contract
    rule("2x P 2z P", "cz", "raise, three trumps", lens={"z": at_least(3)}, order="x>C"),
    rule("2x P 2z P", "cx", "rebid the suit, no fit", order="x>C"),
    rule("2x P 3z P", "cz", "raise, three trumps", lens={"z": at_least(3)}, order="x>C"),
    rule("2x P 3z P", "cx", "rebid the suit, no fit", order="x>C"),
    rule("3x P 3z P", "cz", "raise, three trumps", lens={"z": at_least(3)}),
    rule("3x P 3z P", "cx", "rebid the suit, no fit"),
    # after a one-level response
    *_six_card_major_game("1M P 1y P"),
    rule("1x P 1y P", "4y", "raise to game", hcp=(16, 21), dummy_points=(19, 50), lens={"y": at_least(4)},
         order="y>D"),
    rule("1x P 1y P", "3y", "jump raise", hcp=(13, 18), dummy_points=(16, 18), lens={"y": at_least(4)},
         force=INV),
    rule("1x P 1y P", "2y", "raise", hcp=(11, 14), lens={"y": at_least(4)}),
    rule("1x P 1y P", "1z", "new suit", hcp=(11, 18), lens={"z": at_least(4)}, order="z>y"),
    PASS_PASSED_HANDS_SUIT,
    rule("1x P 1y P", "1N", "balanced minimum", hcp=(11, 14), balanced=True),
    rule("1x P 1y P", "2N", "balanced", hcp=(18, 19), balanced=True, force=INV),
    rule("1x P 1y P", "3x", "six-card suit", hcp=(13, 18), points=(17, 20), lens={"x": at_least(6)},
         force=INV),
    rule("1x P 1y P", "2x", "six-card suit", hcp=(11, 14), lens={"x": at_least(6)}),
    # a long minor too strong for the jump rebid (21+ points) plays 3NT on its tricks, with the unbid suits
    # stopped: else 2NT (strong) lets responder, whose hand may hold the stoppers, declare notrump (1C P 1S
    # P 3NT with T4 in hearts went on to 6NT from the wrong side, 7 b853)
    rule("1m P 1y P", "3N", "long minor, too strong for a jump rebid", hcp=(17, 21), points=(21, 30),
         lens={"m": at_least(6)}, stop=("unbid",), force=SO),
    # a new suit ranking above responder's was biddable at the one level: at two it is a jump shift
    rule("1x P 1y P", "2z", "jump shift", hcp=(19, 21), lens={"z": at_least(4)}, force=GF, order="z>y"),
    rule("1x P 1y P", "3z", "jump shift", hcp=(19, 21), lens={"z": at_least(4)}, force=GF, order="x>z"),
    rule("1x P 1y P", "2z", "new suit", hcp=(11, 18), lens={"z": at_least(4)}, order="x>z"),
    rule("1x P 1y P", "2z", "reverse", hcp=(17, 21), lens={"z": at_least(4)}, rel=("x>z",), force=F,
         order="z>x y>z"),
    # rebidding one's own suit shows five cards at least (SAYC): a minor's five with a four-card suit it
    # cannot bid below a reverse (1C-1H-2C with 5-4 in the minors), a major's six (a five-card major always
    # has another rebid), so the slam and fit readers count them
    rule("1m P 1y P", "2m", "rebid", hcp=(11, 16), lens={"m": at_least(5)}),
    rule("1M P 1y P", "2M", "rebid", hcp=(11, 16), lens={"M": at_least(6)}),
    rule("1x P 1y P", "2N", "strong", hcp=(17, 21)),
    # after a 1NT response
    rule("1x P 1N P", "3N", "to play", hcp=(20, 21), balanced=True),
    *_six_card_major_game("1M P 1N P"),
    rule("1x P 1N P", "2N", "invitational", hcp=(18, 19), balanced=True, force=INV),
    rule("1x P 1N P", "3x", "invitational", hcp=(13, 18), points=(17, 20), lens={"x": at_least(6)},
         force=INV),
    rule("1x P 1N P", "2z", "second five-card suit", hcp=(11, 17), lens={"x": at_least(5), "z": at_least(5)},
         order="x>z"),
    # a six-card major with five losers invites though short of the points: opposite a 1NT response (about
    # eight losers) it plays for ten tricks
    rule("1M P 1N P", "3M", "invitational, five losers", hcp=(12, 18), losers=(0, 5), lens={"M": at_least(6)},
         force=INV),
    rule("1x P 1N P", "2x", "six-card suit", hcp=(11, 14), lens={"x": at_least(6)}),
    rule("1x P 1N P", "2z", "new suit", hcp=(11, 17), lens={"z": at_least(4)}, order="x>z"),
    # 18-21 over 1NT (SAYC's 19+, as over a one-level response, lost: docs/bidding.md's departures)
    rule("1x P 1N P", "3z", "jump shift", hcp=(18, 21), lens={"z": at_least(4)}, force=GF, order="x>z"),
    rule("1x P 1N P", "2z", "reverse", hcp=(17, 21), lens={"z": at_least(4)}, rel=("x>z",), force=F,
         order="z>x"),
    # an unbalanced minimum does not pass 1NT: with no second four-card suit to show it bids a three-card
    # minor (the longer, clubs with three of each), as 1H - 1NT - 2C can be with four spades and a singleton
    rule("1M P 1N P", "2C", "new suit, can be three cards", hcp=(11, 17), balanced=False,
         lens={"C": at_least(3)}, rel=("C>=D",)),
    rule("1M P 1N P", "2D", "new suit, can be three cards", hcp=(11, 17), balanced=False,
         lens={"D": at_least(3)}),
    rule("1x P 1N P", "P", "minimum", hcp=(11, 16)),
    rule("1x P 1N P", "P", "balanced, no game opposite 6-10", hcp=(17, 17), balanced=True),
    # a strong long minor too good for the jump rebid's invitation bids the game (2m is a minimum, 11-14); the
    # strong rebid of a major shows six; a 4-4-4-1 is left to the fallback's 3NT
    rule("1m P 1N P", "3N", "to play, a long minor", hcp=(17, 21), lens={"m": at_least(5)}, force=SO),
    rule("1M P 1N P", "2M", "rebid", hcp=(17, 21), lens={"M": at_least(6)}),
    # after a single raise
    # a splinter (a jump in a new suit: 4C 4D 4H over spades, 3S over hearts) first: a singleton or void
    # that the raise's high cards outside it turn into slam
    *_raise_splinters("S", "4C 4D 4H"),
    *_raise_splinters("H", "3S 4C 4D"),
    rule("1M P 2M P", "4M", "to play", points=(18, 50), force=SO),
    # with the invitation's values and a side suit of three or more cards holding two or more losers, opener
    # asks for help there (the cheapest such suit); 3M is the try with no such suit, and says so: the tries
    # name every side suit, the suits unbid
    *_help_suit_tries("S", "3C 3D 3H"),
    *_help_suit_tries("H", "2S 3C 3D"),
    *(rule("1M P 2M P", "3M", "invitational" + words, no_help=("unbid",), force=INV, **values)
      for words, values in RAISE_INVITATIONS),
    rule("1M P 2M P", "P", "minimum", points=(0, 15)),
    # over a double or an overcall of the single raise, three of the major competes by the total trump count
    # (nine trumps, three tricks' worth): to play, no game try (`_competes_over_the_raise`)
    *_competes_over_the_raise(),
    rule("1m P 2m P", "3N", "balanced", hcp=(18, 19), balanced=True),
    rule("1m P 2m P", "2N", "invitational", hcp=(17, 17), balanced=True, force=INV),
    rule("1m P 2m P", "3N", "strong", hcp=(18, 21)),
    rule("1m P 2m P", "cz", "new suit", hcp=(16, 21), lens={"z": at_least(4)}, force=F),
    rule("1m P 2m P", "P", "minimum", hcp=(0, 15)),
    # after a limit raise (about eight losers): Blackwood on 19-21 HCP needs four losers for twelve tricks;
    # with five the strong hand rich in controls makes the slam try below and lets responder judge
    rule("1M P 3M P", "4N", "Blackwood", hcp=(19, 21), losers=(0, SLAM_LOSERS_OVER_LIMIT_RAISE), force=F,
         artificial=True, convention="Blackwood"),
    rule("1H P 3H P", "3S", "slam try", **_LIMIT_RAISE_SLAM_TRY),
    rule("1S P 3S P", "4C", "slam try", **_LIMIT_RAISE_SLAM_TRY),
    rule("1H P 3H P", "3S", "slam try", **_LIMIT_RAISE_SLAM_TRY_LOSERS),
    rule("1S P 3S P", "4C", "slam try", **_LIMIT_RAISE_SLAM_TRY_LOSERS),
    # a limit raise (10-12 dummy points, a short suit counted) opposite 14 points makes game more often than
    # not (56% on the tuning sets, double dummy; the twenty-sixth pass): 14 accepts, 13 declines unless
    # opener's sixth trump makes nine together (the limit raise shows three or more)
    rule("1M P 3M P", "4M", "accepts", points=(14, 50), force=SO),
    rule("1M P 3M P", "4M", "accepts, a sixth trump", points=(13, 13), lens={"M": at_least(6)}, force=SO),
    # 13 points with a singleton or void: the short suit ruffs in the hand opposite the limit raise's
    # trumps (game made 9 times of 15 on the tuning sets, against 5 of 20 without one)
    rule("1M P 3M P", "4M", "accepts, a singleton or void", points=(13, 13), lens={"C": (0, 1)}, force=SO),
    rule("1M P 3M P", "4M", "accepts, a singleton or void", points=(13, 13), lens={"D": (0, 1)}, force=SO),
    rule("1S P 3S P", "4S", "accepts, a singleton or void", points=(13, 13), lens={"H": (0, 1)}, force=SO),
    rule("1H P 3H P", "4H", "accepts, a singleton or void", points=(13, 13), lens={"S": (0, 1)}, force=SO),
    rule("1M P 3M P", "P", "declines", points=(0, 12)),
    rule("1M P 3M P", "P", "declines", points=(13, 13), lens={"M": (0, 5)}),
    # over Jordan 2NT (a limit raise or better): game as over a limit raise, else three of the major,
    # which responder with game values raises
    rule("1M X 2N P", "4M", "accepts the limit raise", points=(14, 50), force=SO),
    rule("1M X 2N P", "3M", "minimum", points=(0, 13)),
    rule("1m P 3m P", "3N", "accepts", hcp=(14, 21)),
    rule("1m P 3m P", "P", "declines", hcp=(0, 13)),
    # after Jacoby 2NT: a singleton or void first (a new suit at the three level), so that responder can
    # judge whether his high cards are working
    rule("1M P 2N P", "3z", "shortness", lens={"z": (0, 1)}, force=GF, artificial=True,
         convention="Jacoby shortness"),
    # no shortness: 3M the strong hand (18+), 3NT the medium one (SAYC's 15-17, where our opener bid 3M on
    # 16-21 and 4M on 15), 4M the minimum
    rule("1M P 2N P", "3M", "slam interest", hcp=(18, 21), force=GF),
    rule("1M P 2N P", "3N", "medium hand, no shortness", hcp=(15, 17), force=GF, artificial=True),
    rule("1M P 2N P", "4M", "minimum", hcp=(0, 14), force=SO),
    # after a passed hand's two-level new suit (not forcing): a minimum with a fit passes; the rebids below
    # are natural and not forcing there (`over_passed_hands_new_suit`)
    rule("1M P 2y P", "P", "minimum, a fit for a passed hand's suit", hcp=(11, 14), lens={"y": at_least(3)},
         when=_partner_passed),
    rule("1D P 2C P", "P", "minimum, a fit for a passed hand's suit", hcp=(11, 14), lens={"C": at_least(3)},
         when=_partner_passed),
    # ... and with 15+ HCP, game values opposite its 10-11: game in a six-card major or a heart fit
    rule("1M P 2y P", "4M", "game opposite a passed hand, six-card suit", hcp=(15, 21),
         lens={"M": at_least(6)}, force=SO, when=_partner_passed),
    rule("1S P 2H P", "4H", "game opposite a passed hand, a fit", hcp=(15, 21), lens={"H": at_least(3)},
         force=SO, when=_partner_passed),
    # after a two over one
    rule("1M P 2y P", "3y", "raise", hcp=(11, 21), lens={"y": at_least(4)}, force=F),
    rule("1M P 2y P", "2M", "six-card suit", lens={"M": at_least(6)}, force=F),
    # a two-over-one 2H shows five: three-card support is a fit
    rule("1S P 2H P", "3H", "raise with three", lens={"H": at_least(3)}, force=F),
    rule("1S P 2y P", "2H", "second suit", lens={"H": at_least(4)}, force=F),
    # over 1H - 2m four spades are shown at the two level (a jump to 3S would waste the room to find a fit)
    rule("1H P 2m P", "2S", "second suit", lens={"S": at_least(4)}, force=F),
    rule("1M P 2C P", "2D", "second suit", lens={"D": at_least(4)}, force=F),
    rule("1M P 2y P", "P", "minimum, two cards in a passed hand's suit", hcp=(11, 14),
         lens={"y": at_least(2), "M": (5, 5)}, when=_partner_passed),
    rule("1M P 2y P", "2N", "balanced minimum", hcp=(11, 14), balanced=True),
    rule("1M P 2y P", "3N", "balanced", hcp=(18, 19), balanced=True),
    rule("1M P 2y P", "3z", "new suit", lens={"z": at_least(4)}, force=F, order="z>C"),
    rule("1M P 2y P", "2M", "rebid", lens={"M": at_least(5)}, force=F),
    # after 1D - 2C; raised with 16+ HCP by the jump to 4C (forcing, slam interest), so that the single
    # raise is at most 15 and responder with 13+ looks for slam opposite the jump
    rule("1D P 2C P", "4C", "jump raise, slam interest", hcp=(16, 21), lens={"C": at_least(4)}, force=GF),
    rule("1D P 2C P", "3C", "raise", hcp=(11, 15), lens={"C": at_least(4)}, force=F),
    rule("1D P 2C P", "2H", "four hearts", lens={"H": at_least(4)}, force=F),
    rule("1D P 2C P", "2S", "four spades", lens={"S": at_least(4)}, force=F),
    rule("1D P 2C P", "2N", "balanced minimum", hcp=(11, 14), balanced=True),
    rule("1D P 2C P", "3N", "balanced", hcp=(18, 19), balanced=True),
    rule("1D P 2C P", "2D", "rebid", lens={"D": at_least(6)}, force=F),
    # opener after responder's invitational raise
    rule("1x P 1y P 2y P 3y P", "4y", "accepts", dummy_points=(14, 50), order="y>D", force=SO),
    rule("1x P 1y P 2y P 3y P", "P", "declines", dummy_points=(0, 13)),
    rule("1x P 1y P 1z P 3z P", "4z", "accepts", dummy_points=(14, 50), force=SO),
    rule("1x P 1y P 1z P 3z P", "P", "declines", dummy_points=(0, 13)),
    *_after_jump_preference("1x P 1y P 2z P 3x P", "x>z"),
    # opener after responder's 1NT (6-10) over his one-level rebid: an unbalanced minimum plays two of his
    # first suit, six cards of it or five and a singleton or void (in responder's suit or the unbid one)
    rule("1x P 1y P 1z P 1N P", "2x", "six-card suit, a minimum", hcp=(11, 15), lens={"x": at_least(6)}),
    rule("1x P 1y P 1z P 1N P", "2x", "five cards, short in responder's suit", hcp=(11, 15),
         lens={"x": at_least(5), "y": (0, 1)}),
    rule("1x P 1y P 1z P 1N P", "2x", "five cards, short in the unbid suit", hcp=(11, 15),
         lens={"x": at_least(5), "unbid": (0, 1)}),
    # 17-18 opposite 6-10 (25 at most 28): invite with 2NT rather than bid 3NT opposite a six-count
    rule("1x P 1y P 1z P 1N P", "2N", "invitational", hcp=(17, 18), lens={"x": (0, 5), "y": at_least(2)},
         force=INV),
    # opener after 1NT, 2NT (invitational)
    rule("1x P 1y P 1N P 2N P", "3N", "accepts", hcp=(13, 14)),
    rule("1x P 1y P 1N P 2N P", "3N", "accepts", hcp=(12, 12), tens=A_TEN),
    rule("1x P 1y P 1z P 2N P", "4y", "accepts with support", hcp=(13, 18), lens={"y": at_least(3)},
         order="y>D"),
    rule("1x P 1y P 1z P 2N P", "3N", "accepts", hcp=(13, 18)),
    rule("1x P 1y P 1z P 2N P", "3N", "accepts", hcp=(12, 12), tens=A_TEN),
    rule("1x P 1y P 2z P 2N P", "4y", "accepts with support", hcp=(13, 18), lens={"y": at_least(3)},
         order="y>D x>z"),
    rule("1x P 1y P 2z P 2N P", "3N", "accepts", hcp=(13, 18), order="x>z"),
    rule("1x P 1y P 2z P 2N P", "P", "declines", hcp=(0, 12), order="x>z"),
    rule("1x P 1y P 2x P 2N P", "3N", "accepts", hcp=(12, 18), points=(14, 50)),
    rule("1x P 1y P 1z P 2N P", "P", "declines", hcp=(0, 12)),
    rule("1x P 1y P 2x P 2N P", "P", "declines", hcp=(0, 13)),
    rule("1x P 1y P 1N P 2N P", "P", "declines", hcp=(0, 12)),
    # after 1m - 2NT/3NT
    # opener with a six-card minor and a singleton or void rebids the minor (forcing) rather than 3NT
    # with a suit perhaps wide open; responder bids 3NT with the other three suits stopped, else 5m
    *_six_card_minor_over_2nt(),
    rule("1m P 2N P", "3N", "to play", force=SO),
    rule("1m P 3N P", "6N", "to play", hcp=(17, 21), force=SO),
    rule("1m P 3N P", "4N", "quantitative", hcp=(15, 16), force=INV, convention="quantitative",
         extra=("invites 6NT opposite 17-18",)),
    # opposite responder's 3NT (balanced, at most two trumps) a six-card major plays in game in the suit;
    # with four losers, two aces, two of the trump ace, king and queen and no side suit open to two quick
    # tricks (its ace or king, or a singleton or void) in the slam: twelve tricks by the losing-trick count
    # opposite 13-15 balanced (1S 3NT: AK97632.AJ98.A.4 bids 6S, not 4S; QJ98763.A.A.KQJ8, missing the
    # trump ace and king, and AKQJ763.AK8.5.54, open in clubs, bid 4S)
    rule("1M P 3N P", "6M", "slam, six-card suit, four losers", hcp=(15, 21), lens={"M": at_least(6)},
         losers=(0, 4), aces=(2, 3, 4), strong=("M",), controlled=tuple(Suit), force=SO),
    rule("1M P 3N P", "4M", "six-card suit", lens={"M": at_least(6)}, force=SO),
    rule("1x P 3N P", "P", "to play"),
]

_FOURTH_SUIT: dict[str, Any] = {"force": GF, "artificial": True, "convention": "fourth suit forcing",
                                "extra": ("asks opener for a stopper in it, support or more shape",)}
"""Responder's bid of the fourth suit: game values and no natural call (no stopper in it for 3NT)."""


def _fourth_suit_replies(pattern: str) -> list[Rule]:
    """Opener after fourth suit forcing: three-card support first, then a stopper, then length."""
    after = "fourth suit forcing"
    return [
        rule(pattern, "cy", "three-card support", lens={"y": at_least(3)}, after=after, force=GF),
        rule(pattern, "cN", "stopper in the fourth suit", stop=("w",), after=after, force=GF),
        rule(pattern, "cx", "five-card suit", lens={"x": at_least(5)}, after=after, force=GF),
        rule(pattern, "cz", "five-card second suit", lens={"z": at_least(5)}, after=after, force=GF),
        rule(pattern, "cx", "no stopper, no support", after=after, force=GF),
    ]


def _after_fourth_suit(pattern: str) -> list[Rule]:
    """Responder after opener's reply to fourth suit forcing: 3NT only opposite a stopper, else the
    major fit (four-three when it must), else 3NT."""
    return [
        rule(pattern + " ?N P", "3N", "to play", force=SO),
        rule(pattern + " ?y P", "4y", "game in the fit", lens={"y": at_least(4)}, order="y>D", force=SO),
        rule(pattern + " _ P", "4y", "six-card suit", lens={"y": at_least(6)}, order="y>D", force=SO),
        rule(pattern + " _ P", "4z", "game in the four-three fit", lens={"z": at_least(3)}, order="z>D",
             force=SO),
        rule(pattern + " _ P", "3N", "to play", force=SO),
    ]


_STOPPER_ASK: dict[str, Any] = {"force": GF, "convention": "stopper ask",
                                 "extra": ("asks opener for a stopper in the other unbid suit or three-card "
                                           "support",)}
"""Responder's new suit after opener's rebid of his suit: game values, no stopper in the other unbid suit."""


FIVE_FIVE_MAJORS = "five-five in the majors"
"""Responder's hearts after spades over opener's minor rebid: five of each and game values."""


def _after_five_five(sit: Situation) -> bool:
    """Whether partner's last call showed five-five in the majors (`FIVE_FIVE_MAJORS`)."""
    last = sit.partner_last
    return last is not None and any(m.label == FIVE_FIVE_MAJORS for m in last.meanings)


_OPENER_OVER_FIVE_FIVE = [
    # opener chooses the major: three hearts raise, two spades give preference, else notrump or the minor
    rule("1m P 1S P 2m P 2H P", "3H", "three-card support", lens={"H": at_least(3)}, force=GF,
         when=_after_five_five),
    rule("1m P 1S P 2m P 2H P", "2S", "two-card support", lens={"S": at_least(2)}, force=GF,
         when=_after_five_five),
    rule("1m P 1S P 2m P 2H P", "2N", "no major fit, the unbid suit stopped", stop=("unbid",), force=GF,
         when=_after_five_five),
    rule("1m P 1S P 2m P 2H P", "3m", "no major fit", force=GF, when=_after_five_five),
]
"""Opener after responder's five-five in the majors over his minor rebid (forcing to game); responder
then bids game in the fit or 3NT (`_after_stopper_ask`'s replies)."""


MINOR_FIT_INVITE = 17
"""HCP with which responder, three cards in opener's rebid minor, invites slam over opener's 3NT after his
stopper ask (1C P 1H P 2C P 2D P 3NT): 33 with opener's top of 16."""
MINOR_FIT_ACCEPT = 14
"""HCP with which opener accepts that invitation in his minor (the upper half of his 11-16)."""


def _after_stopper_ask(pattern: str) -> list[Rule]:
    """Opener after responder's forcing new suit (a stopper ask) over his rebid suit: three-card support
    for responder's major first, then 3NT with the last suit stopped, else his suit again; responder then
    plays a five-three major fit, game in opener's long suit or 3NT."""
    after = "stopper ask"
    return [
        rule(pattern, "cy", "three-card support", lens={"y": at_least(3)}, order="y>D", after=after,
             force=GF),
        rule(pattern, "3N", "stopper in the unbid suit", stop=("unbid",), after=after),
        rule(pattern, "cx", "no stopper, no support", after=after, force=GF),
        # 17 HCP and three of opener's minor opposite his 11-16 and six-card suit: slam if he is a maximum
        # (18 bids the slam outright), so a quantitative 4NT, which he accepts in the minor with 14+
        rule(pattern + " 3N P", "4N", "quantitative, a fit in opener's minor", hcp=(MINOR_FIT_INVITE, 40),
             lens={"x": at_least(3)}, order="H>x", force=INV, convention="quantitative",
             extra=("invites slam opposite a maximum",)),
        rule(pattern + " 3N P 4N P", "6x", "accepts the slam invitation, the fit", hcp=(MINOR_FIT_ACCEPT, 21),
             order="H>x", force=SO),
        rule(pattern + " 3N P 4N P", "P", "declines the slam invitation", hcp=(0, MINOR_FIT_ACCEPT - 1),
             order="H>x"),
        rule(pattern + " 3N P", "P", "to play"),
        rule(pattern + " ?y P", "4y", "game in the fit", lens={"y": at_least(5)}, order="y>D", force=SO),
        rule(pattern + " _ P", "4y", "six-card suit", lens={"y": at_least(6)}, order="y>D", force=SO),
        rule(pattern + " ?z P", "4z", "game in the fit", lens={"z": at_least(5)}, order="z>D", force=SO),
        rule(pattern + " ?x P", "4x", "game in opener's long major", lens={"x": at_least(2)}, order="x>D",
             force=SO),
        rule(pattern + " ?x P", "5x", "game in opener's long minor", lens={"x": at_least(2)}, order="H>x",
             force=SO),
        rule(pattern + " _ P", "3N", "to play", force=SO),
    ]


MINOR_JUMP_INVITE = 13
"""HCP with which responder, after 1m-1M-3m-3M-3NT, invites 6NT by a quantitative 4NT: opener's six-card
minor brings tricks that his 13-18 HCP do not count."""
MINOR_JUMP_ACCEPT = 16
"""HCP with which opener accepts that quantitative 4NT."""

REVERSE_SLAM = 16
"""HCP with which responder bids 6NT over opener's reverse (17+): 33 together at least."""
REVERSE_INVITE = 13
"""HCP with which responder invites 6NT over a reverse by a quantitative 4NT, which opener accepts with
`REVERSE_ACCEPT`+: 32 together at least when accepted."""
REVERSE_ACCEPT = 19
JUMP_SHIFT_INVITE = 11
"""HCP with which responder invites 6NT over opener's jump shift (19-21) by a quantitative 4NT, which
opener accepts with `JUMP_SHIFT_ACCEPT`+: 31 together at least when accepted (3NT was bid on 11-12)."""
JUMP_SHIFT_ACCEPT = 20
THIRD_SUIT_INVITE = 17
"""HCP with which opener, after 1x-1y-1z-3NT (13-18), invites 6NT by a quantitative 4NT, which responder
accepts with `THIRD_SUIT_ACCEPT`+: 32 together at least when accepted."""
THIRD_SUIT_ACCEPT = 14
SIX_CARD_INVITE = 10
"""HCP from which responder, after 1x-1y-2x with a six-card suit, invites by jumping in it (3y, 10-11);
with less he rebids it at the two level (2y), which the rules check in that order."""


def _after_reverse(pattern: str) -> list[Rule]:
    """Responder after opener's reverse (a new suit ranking above the first at the two level: 17+ and
    forcing): game with 8+ (four of opener's major, then a six-card major of his own, then 3NT),
    otherwise the cheapest natural call, never a pass."""
    reverse = "z>x y>z"
    return [
        rule(pattern, "4z", "game raise after a reverse", hcp=(8, 40), lens={"z": at_least(4)},
             order=f"{reverse} z>D", force=SO),
        # a six-card major plays there, not in 3NT (SAYC: responder shows his own long major)
        rule(pattern, "4y", "six-card major after a reverse", hcp=(8, REVERSE_INVITE - 1),
             lens={"y": at_least(6)}, order=f"{reverse} y>D", force=SO),
        rule(pattern, "3N", "game after a reverse", hcp=(8, 18), order=reverse, force=SO),
        rule(pattern, "3z", "raise after a reverse, weak", hcp=(0, 7), lens={"z": at_least(4)},
             order=reverse),
        rule(pattern, "cy", "five-card suit after a reverse, weak", hcp=(0, 7), lens={"y": at_least(5)},
             order=reverse),
        rule(pattern, "cx", "preference after a reverse, weak", hcp=(0, 7), lens={"x": at_least(3)},
             order=reverse),
        rule(pattern, "cN", "weak, no fit after a reverse", hcp=(0, 7), order=reverse),
    ]


FAST_ARRIVAL_MOST = 15
"""The most HCP of responder's jump to game in opener's rebid major after a two over one (the fast arrival,
a sign-off); a stronger hand asks for aces, or bids the same game with few aces and kings."""

FAST_ARRIVAL_SLAM_CONTROLS = 7
"""Controls (ace 2, king 1) with which responder, too strong for the fast arrival, asks for aces at once
(1S P 2D P 2S P with A73.A84.AK962.J5): opener's rebid is unlimited, so the reply decides, and the high
cards must be aces and kings (slam's `RICH_CONTROLS`): 16 with 6 controls, K95.A5.KT43.AQ96, asked
opposite 11 and went down in 6S (19 b98)."""

FAST_ARRIVAL_ASK_LOSERS = 4
"""Losers with which opener asks for aces over the fast arrival all the same: four opposite its seven or
eight are twelve tricks."""

FAST_ARRIVAL_ASK_HCP = 14
"""HCP with which a fifth loser asks over the fast arrival as well: a minimum opening with five losers went
down in six (1H 2D 2H 4H with 3.AT863.K4.AQT97, 13 HCP; 223 b667 with 12), 14-15 made it (6 deals)."""


def _fast_arrival(pattern: str) -> list[Rule]:
    """Responder's jump to game in opener's rebid major after a two over one (``pattern``): the fast
    arrival, the least game and no slam interest (1S 2D 2S 4S read 11+ with no top, so opener's 13-count
    AKQ873.A4.32.432 asked for aces on its points); opener asks all the same with a trick to spare. The
    16+ hand asks for aces itself with `FAST_ARRIVAL_SLAM_CONTROLS` (it bid the fallback's game, 11+ with
    no top, whose sign-off reading stopped every slam try after it), else signs off in the same game."""
    return [
        rule(pattern, "4N", "Blackwood, three-card support and slam values", hcp=(FAST_ARRIVAL_MOST + 1, 40),
             controls=(FAST_ARRIVAL_SLAM_CONTROLS, 12), lens={"M": at_least(3)}, force=F, artificial=True,
             convention="Blackwood"),
        rule(pattern, "4M", "game with three-card support, no slam interest", hcp=(11, FAST_ARRIVAL_MOST),
             dummy_points=(13, 50), lens={"M": at_least(3)}, force=SO),
        rule(pattern, "4M", "game with three-card support, no slam interest: few controls",
             hcp=(FAST_ARRIVAL_MOST + 1, 40), controls=(0, FAST_ARRIVAL_SLAM_CONTROLS - 1),
             lens={"M": at_least(3)}, force=SO),
        rule(f"{pattern} 4M P", "4N", "Blackwood, a trick more than the fast arrival showed",
             losers=(0, FAST_ARRIVAL_ASK_LOSERS), force=F, artificial=True, convention="Blackwood"),
        rule(f"{pattern} 4M P", "4N", "Blackwood, a trick more than the fast arrival showed",
             hcp=(FAST_ARRIVAL_ASK_HCP, 40), losers=(0, FAST_ARRIVAL_ASK_LOSERS + 1), force=F,
             artificial=True, convention="Blackwood"),
    ]


def _after_two_over_one(rebid: str) -> list[Rule]:
    """Responder's second bid after a two over one (11+) and opener's ``rebid`` below 3NT: game with
    13+, an invitation with 11-12; a fit first (opener's second suit, then three cards in opener's
    major), then a six-card suit of one's own, then notrump with the unbid suits stopped. After a
    rebid major a doubleton is support (`fallback` bids that game), so the other calls deny one."""
    pattern = f"1M P 2y P {rebid} P"
    short = (0, 1) if rebid == "2M" else (0, 2)
    second_suit = [
        rule(pattern, "4z", "raise to game", hcp=(11, 40), dummy_points=(13, 50), lens={"z": at_least(4)},
             order="z>D"),
        rule(pattern, "3z", "invitational raise", hcp=(11, 12), dummy_points=(11, 12),
             lens={"z": at_least(4)}, order="z>D", force=INV),
    ] if "z" in rebid else []
    return [
        *second_suit,
        # after opener's new suit the jump to his major stays open-ended: as the fast arrival it lost on four
        # tuning deals (16-count responders bid it by the fallback, opener's two-suiters stopped in game)
        *(_fast_arrival(pattern) if rebid == "2M" else [
            rule(pattern, "4M", "game with three-card support", hcp=(11, 40), dummy_points=(13, 50),
                 lens={"M": at_least(3)})]),
        rule(pattern, "3M", "invitational, three-card support", hcp=(11, 12), dummy_points=(11, 12),
             lens={"M": at_least(3)}, force=INV),
        rule(pattern, "4y", "six-card suit", hcp=(13, 40), lens={"y": at_least(6), "M": short}, order="y>D"),
        rule(pattern, "3y", "invitational, six-card suit", hcp=(11, 12), lens={"y": at_least(6), "M": short},
             order="y>D", force=INV),
        rule(pattern, "3N", "to play", hcp=(13, 40), lens={"M": short}, stop=("unbid",), force=SO),
        # a six-card minor with game values and an unbid suit open is rebid at three, forcing (the
        # fallback's 3NT left the suit open): opener shows the stopper or supports the minor
        rule(pattern, "3y", "six-card minor, forcing", hcp=(13, 40), lens={"y": at_least(6), "M": short},
             order="H>y", force=GF),
        rule(pattern, "2N", "invitational", hcp=(11, 12), lens={"M": short}, stop=("unbid",), force=INV),
        *_after_long_minor_rebid(f"{pattern} 3y P"),
    ]


def _after_long_minor_rebid(pattern: str) -> list[Rule]:
    """Opener after the two-over-one responder rebids his six-card minor at three (game forcing): 3NT with
    the unbid suits stopped, else a raise with two cards (4m, room for Blackwood), else 3NT all the same;
    responder then asks for aces with slam values or bids the minor game."""
    return [
        rule(pattern, "3N", "the unbid suits stopped", stop=("unbid",), order="H>y", force=SO),
        rule(pattern, "4y", "support for the long minor", lens={"y": at_least(2)}, order="H>y", force=GF),
        rule(pattern, "3N", "no stopper, no support", order="H>y", force=SO),
        rule(pattern + " 4y P", "4N", "Blackwood, the minor agreed", hcp=(LONG_MINOR_SLAM, 40), order="H>y",
             force=F, artificial=True, convention="Blackwood"),
        rule(pattern + " 4y P", "5y", "game in the minor", order="H>y", force=SO),
    ]


LONG_MINOR_SLAM = 16
"""HCP with which the two-over-one responder with a six-card minor asks for aces once opener raises it."""


_NEW_MINOR_FORCING: dict[str, Any] = {
    "force": F, "artificial": True, "convention": "new minor forcing",
    "extra": ("asks opener for three-card support or four cards in the other major",)}
"""Responder's bid of the unbid minor over opener's 1NT rebid: a five-card major and 11+ HCP."""

NEW_MINOR_MAXIMUM = 12
"""HCP from which opener's 1NT rebid (11-14) is a maximum in his reply to new minor forcing."""


_NEW_MINORS = (("C", "D"), ("D", "C"), ("H", "C"))
"""Opener's suit and the minor that is new minor forcing over his 1NT rebid (after 1H-1S-1NT, clubs)."""


_CHECKBACK = "checkback 2C, played as new minor forcing"
"""The label of 2C after 1H-1S-1NT: clubs is no new minor there (opener may hold four), but it asks as new
minor forcing does."""


def _new_minor_forcing_asks() -> list[Rule]:
    """Responder after 1m-1M-1NT (or 1H-1S-1NT) with a five-card major and invitational values or more: the
    unbid minor (clubs after 1H) asks for three-card support (or four hearts after 1m-1S), so that a
    five-three fit is not missed."""
    return [rule(f"1{x} P 1M P 1N P", f"2{z}", _CHECKBACK if x == "H" else "new minor forcing", hcp=(11, 18),
                 lens={"M": (5, 5)}, **_NEW_MINOR_FORCING) for x, z in _NEW_MINORS]


def _weak_five_five_with_new_minor() -> list[Rule]:
    """Responder after 1m-1M-1NT or 1H-1S-1NT with 0-10 HCP, five cards in the major and five in new minor
    forcing's minor: that minor would be new minor forcing, so he rebids the major to play (a seven-card
    fit at worst)."""
    return [rule(f"1{x} P 1M P 1N P", "2M", "to play, five-five with the unbid minor", hcp=(0, 10),
                 lens={"M": (5, 5), z: at_least(5)}) for x, z in _NEW_MINORS]


def _after_new_minor_forcing() -> list[Rule]:
    """Opener's reply to new minor forcing (three-card support first, 2M minimum, 3M maximum; then four
    hearts; then notrump by strength), responder's placing of the contract (game with 13+ HCP or opposite
    a maximum, an invitation with 11-12) and opener's answer to the invitation."""
    ask = "1x P 1M P 1N P 2z P"
    top = (NEW_MINOR_MAXIMUM, 14)
    low = (11, NEW_MINOR_MAXIMUM - 1)
    after = "new minor forcing"
    return [
        rule(ask, "3M", "three-card support, a maximum", hcp=top, lens={"M": at_least(3)}, after=after,
             force=GF),
        rule(ask, "2M", "three-card support, a minimum", hcp=low, lens={"M": at_least(3)}, after=after),
        rule("1m P 1S P 1N P 2z P", "2H", "four hearts, no three spades",
             lens={"H": at_least(4), "S": (0, 2)}, after=after),
        rule(ask, "3N", "no fit, a maximum", hcp=top, lens={"M": (0, 2)}, after=after),
        rule(ask, "2N", "no fit, a minimum", hcp=low, lens={"M": (0, 2)}, after=after),
        rule(ask + " 2M P", "4M", "to play", hcp=(13, 40), force=SO),
        rule(ask + " 2M P", "P", "no game opposite a minimum", hcp=(0, 12)),
        rule(ask + " 3M P", "4M", "to play", force=SO),
        rule("1m P 1S P 1N P 2z P 2H P", "4H", "to play", hcp=(13, 40), lens={"H": at_least(4)}, force=SO),
        rule("1m P 1S P 1N P 2z P 2H P", "3H", "invitational", hcp=(11, 12), lens={"H": at_least(4)},
             force=INV),
        rule("1m P 1S P 1N P 2z P 2H P", "3N", "to play", hcp=(13, 40), lens={"H": (0, 3)}, force=SO),
        rule("1m P 1S P 1N P 2z P 2H P", "2N", "invitational", hcp=(11, 12), lens={"H": (0, 3)}, force=INV),
        # after 1H-1S-1NT responder's three hearts are a five-three fit
        rule("1H P 1S P 1N P 2C P 2N P", "4H", "game in the five-three heart fit", hcp=(13, 40),
             lens={"H": at_least(3)}, force=SO),
        rule("1H P 1S P 1N P 2C P 3N P", "4H", "game in the five-three heart fit", lens={"H": at_least(3)},
             force=SO),
        rule(ask + " 2N P", "3N", "to play", hcp=(13, 40), force=SO),
        rule(ask + " 2N P", "P", "no game opposite a minimum", hcp=(0, 12)),
        rule(ask + " 3N P", "P", "to play"),
        rule("1m P 1S P 1N P 2z P 2H P 3H P", "4H", "accepts", hcp=top, force=SO),
        rule("1m P 1S P 1N P 2z P 2H P 3H P", "P", "declines", hcp=low),
        rule("1m P 1S P 1N P 2z P 2H P 2N P", "3N", "accepts", hcp=top, force=SO),
        rule("1m P 1S P 1N P 2z P 2H P 2N P", "P", "declines", hcp=low),
    ]


JACOBY_ASK_LOSERS = 6
"""Losers responder may hold to ask for aces over opener's shortness after Jacoby 2NT (opener, an opening
bid with a singleton or void, about six losers)."""

JACOBY_EXTRA_LOSERS = 5
"""Losers with which either hand goes on over partner's game sign-off after Jacoby 2NT: seven opposite
five are twelve tricks."""

JACOBY_OPENER_SLAM = 19
"""HCP with which opener, who showed 18+ by 3M after Jacoby 2NT, asks for aces over responder's minimum
4M (13 HCP): 32 together."""

JACOBY_OPENER_CONTROLS = 7
"""Controls (ace 2, king 1) with which opener asks a point lower, on 31 HCP: the slam's high cards are
aces and kings."""

RESPONDER_REBIDS = [
    # responder places the game in a minor after 3C P 3D (the only new minor at three): five of the
    # raised diamonds, else five of opener's clubs with two, else his own diamonds
    rule("3C P 3D P 4D P", "5D", "to play", force=SO),
    rule("3C P 3D P 4C P", "5C", "to play", lens={"C": at_least(2)}, force=SO),
    rule("3C P 3D P 4C P", "5D", "to play, no fit for clubs", force=SO),
    # responder's forcing new suit over a three-level preempt, opener rebidding his suit: a six-card major
    # plays in game at four
    rule("3x P 3z P ?x P", "cz", "six-card suit, to play", lens={"z": at_least(6)}, force=SO,
         where=lambda s, b: b["z"].strain >= Strain.H and s.cheapest_level(b["z"].strain) == 4),
    # responder after 1D-2C with game values raises opener's diamonds, forcing to game, so that a slam try
    # knows the suit both have bid
    rule("1D P 2C P 2D P", "3D", "raise", hcp=(13, 40), lens={"D": at_least(3)}, force=GF),
    rule("1D P 2C P 2M P", "3D", "diamond support", hcp=(13, 40), lens={"D": at_least(4)},
         force=GF),
    # after Jordan 2NT and opener's minimum 3M: game with the values for it, else the limit raise passes
    rule("1M X 2N P 3M P", "4M", "game values", dummy_points=(13, 50), force=SO),
    rule("1M X 2N P 3M P", "P", "limit raise", dummy_points=(0, 12)),
    *_raise_try_answers("S", "3C 3D 3H 3S"),
    *_raise_try_answers("H", "2S 3C 3D 3H"),
    rule("1M P 2N P 3z P", "4N", "Blackwood, the high cards working", losers=(0, JACOBY_ASK_LOSERS),
         after="Jacoby shortness", force=F, artificial=True, convention="Blackwood"),
    rule("1M P 2N P 3z P", "4M", "no slam interest", after="Jacoby shortness", force=SO),
    rule("1M P 2N P 3M P", "4N", "Blackwood", hcp=(14, 40), force=F, artificial=True, convention="Blackwood"),
    rule("1M P 2N P 3M P", "4M", "minimum, to play", hcp=(0, 13), force=SO),
    # opener's 3M (18+) heard responder's minimum (13 HCP, four trumps): with the slam values opposite it
    # opener asks all the same (1S P 2N P 3S P 4S: AKJ73.AK4.KQ2.32, 20 HCP, passed, 33 together)
    rule("1M P 2N P 3M P 4M P", "4N", "Blackwood, slam values opposite a minimum",
         hcp=(JACOBY_OPENER_SLAM, 40), force=F, artificial=True, convention="Blackwood"),
    rule("1M P 2N P 3M P 4M P", "4N", "Blackwood, slam values opposite a minimum",
         hcp=(JACOBY_OPENER_SLAM - 1, 40), controls=(JACOBY_OPENER_CONTROLS, 12), force=F, artificial=True,
         convention="Blackwood"),
    # over opener's 3NT (15-17, no shortness) responder asks for aces with 14+ HCP (29 together at least,
    # as over 3M: 7 b350 T632.AKT5.A85.K9 opposite 16 made 6S), else signs off in four of the major
    rule("1M P 2N P 3N P", "4N", "Blackwood", hcp=(14, 40), force=F, artificial=True, convention="Blackwood"),
    rule("1M P 2N P 3N P", "4M", "minimum, to play", hcp=(0, 13), force=SO),
    # opener's sign-off shows no slam interest, not the weakest hand: with a trick to spare the other
    # hand asks all the same (an opening with shortness is played for seven losers, Jacoby 2NT for seven)
    rule("1M P 2N P 3z P 4M P", "4N", "Blackwood, a trick more than the shortness showed",
         losers=(0, JACOBY_EXTRA_LOSERS), force=F, artificial=True, convention="Blackwood"),
    rule("1M P 2N P 4M P", "4N", "Blackwood, a trick more than Jacoby 2NT showed",
         losers=(0, JACOBY_EXTRA_LOSERS), force=F, artificial=True, convention="Blackwood"),
    rule("1x P 1y P 2y P", "4y", "to play", dummy_points=(13, 50), order="y>D", force=SO),
    rule("1x P 1y P 2y P", "3y", "invitational", hcp=(8, 12), dummy_points=(11, 12), force=INV),
    rule("1x P 1y P 2y P", "P", "minimum", dummy_points=(0, 10)),
    # opener's jump raise is 16-18 dummy points with four trumps: 7 HCP opposite it make game as often as
    # not (forty-first pass: the 7-counts that passed made ten tricks on four deals of four)
    rule("1x P 1y P 3y P", "4y", "accepts", hcp=(7, 40), order="y>D", force=SO),
    rule("1x P 1y P 3y P", "3N", "accepts", hcp=(7, 40), force=SO),
    rule("1x P 1y P 3y P", "P", "declines", hcp=(0, 6)),
    rule("1x P 1y P 1z P", "4z", "to play", lens={"z": at_least(4)}, dummy_points=(13, 18), force=SO),
    rule("1x P 1y P 1z P", "3z", "invitational raise", lens={"z": at_least(4)}, hcp=(8, 12),
         dummy_points=(11, 12), force=INV),
    rule("1x P 1y P 1z P", "2z", "raise", lens={"z": at_least(4)}, hcp=(5, 10), dummy_points=(6, 10)),
    # with 11+ HCP and a five-card major responder asks by the fourth suit (opener shows three-card support
    # first) rather than bid 3NT past a five-three fit or, short of a stopper, leave it to the fallback
    rule("1x P 1y P 1z P", "2w", "fourth suit forcing, a five-card major", hcp=(11, 40),
         lens={"y": at_least(5)}, order="y>D z>w", **_FOURTH_SUIT),
    rule("1x P 1y P 1z P", "3N", "to play", hcp=(13, 18), stop=("unbid",), force=SO),
    rule("1x P 1y P 1z P", "2w", "fourth suit forcing", hcp=(13, 40), order="z>w", **_FOURTH_SUIT),
    # 1C 1D 1H: the fourth suit at the one level is natural (four spades bid 1S), so the jump to 2S, with
    # three spades at most, is the game force
    rule("1x P 1y P 1z P", "2w", "fourth suit forcing", hcp=(13, 40), lens={"w": (0, 3)}, order="w>z",
         **_FOURTH_SUIT),
    rule("1x P 1y P 1z P", "3y", "invitational", hcp=(11, 12), lens={"y": at_least(6)}, force=INV),
    rule("1x P 1y P 1z P", "2N", "invitational", hcp=(11, 12), stop=("unbid",), force=INV),
    # 11-12 with the unbid suit open and four of opener's first suit: the jump preference invites
    rule("1x P 1y P 1z P", "3x", "invitational, the unbid suit open", hcp=(11, 12), lens={"x": at_least(4)},
         force=INV),
    rule("1x P 1y P 1z P", "2y", "six-card suit", hcp=(0, 10), lens={"y": at_least(6)}),
    # short in opener's first suit (a singleton or void) a weak hand does not bid 1NT: with three of his
    # second suit it leaves him in the four-three fit, else it rebids a five-card suit (2w would be forcing)
    rule("1x P 1y P 1z P", "P", "minimum, three of the second suit, short in the first", hcp=(0, 10),
         lens={"x": (0, 1), "z": at_least(3)}),
    rule("1x P 1y P 1z P", "2y", "five cards, short in opener's first suit", hcp=(0, 10),
         lens={"x": (0, 1), "y": (5, 5)}),
    # 1NT denies a singleton in the unbid suit; such a hand (at most five y, four z) holds three or more of
    # opener's first suit and gives preference instead; and four of opener's second suit, raised above
    rule("1x P 1y P 1z P", "1N", "natural, minimum", hcp=(6, 10), lens={"z": (0, 3), "unbid": at_least(2)}),
    rule("1x P 1y P 1z P", "2x", "preference", hcp=(0, 10), lens={"x": at_least(3)}),
    rule("1x P 1y P 1N P", "4y", "to play", hcp=(12, 18), lens={"y": at_least(6)}, order="y>D", force=SO),
    # five-five in the majors and game values (SAYC): hearts at three, forcing, so opener chooses the major
    rule("1m P 1S P 1N P", "3H", "five-five in the majors", hcp=(13, 18),
         lens={"S": at_least(5), "H": at_least(5)}, force=GF),
    # opener then plays the major fit: four hearts, else three spades (five-three), else three hearts
    rule("1m P 1S P 1N P 3H P", "4H", "four-card heart support", lens={"H": at_least(4)}, force=SO),
    rule("1m P 1S P 1N P 3H P", "4S", "three-card spade support", lens={"S": at_least(3)}, force=SO),
    rule("1m P 1S P 1N P 3H P", "4H", "three-card heart support", lens={"H": at_least(3)}, force=SO),
    rule("1m P 1S P 1N P 3H P", "3N", "no major fit", force=SO),
    *_new_minor_forcing_asks(),
    rule("1x P 1y P 1N P", "3N", "to play", hcp=(13, 18), force=SO),
    rule("1m P 1M P 1N P", "3N", "to play, two tens", hcp=(12, 12), tens=TWO_TENS, force=SO),
    rule("1x P 1y P 1N P", "3y", "invitational", hcp=(10, 11), lens={"y": at_least(6)}, force=INV),
    rule("1x P 1y P 1N P", "2N", "invitational", hcp=(11, 12), force=INV),
    rule("1x P 1y P 1z P 1N P 2N P", "3N", "accepts", hcp=(7, 10), force=SO),
    rule("1x P 1y P 1z P 1N P 2N P", "P", "declines", hcp=(0, 6)),
    # new minor forcing takes the unbid minor after 1m-1M-1NT and clubs after 1H-1S-1NT: a weak five-five
    # shows only the other suit
    rule("1H P 1S P 1N P", "2D", "weak, five-five", hcp=(0, 10), lens={"S": at_least(5), "D": at_least(5)}),
    rule("1m P 1S P 1N P", "2H", "weak, five-five", hcp=(0, 10), lens={"S": at_least(5), "H": at_least(5)}),
    *_weak_five_five_with_new_minor(),
    # a weak unbalanced responder does not leave opener in balanced 1NT: four cards in opener's minor give
    # preference, and a five-card suit is rebid (opener's 1NT shows two or more of it: a seven-card fit)
    rule("1m P 1y P 1N P", "2m", "preference, unbalanced", hcp=(0, 10), lens={"m": at_least(4)},
         balanced=False),
    rule("1x P 1y P 1N P", "2y", "five cards, unbalanced", hcp=(0, 10), lens={"y": (5, 5)}, balanced=False),
    # an unbalanced four-card suit with three of opener's suit gives preference (a fit at least as long as
    # the one in notrump's short suit)
    rule("1x P 1y P 1N P", "2x", "preference, unbalanced", hcp=(0, 10), lens={"x": at_least(3), "y": (4, 4)},
         balanced=False),
    rule("1m P 1M P 1N P", "2N", "invitational, two tens", hcp=(10, 10), tens=TWO_TENS, force=INV),
    rule("1x P 1y P 1N P", "P", "minimum", hcp=(0, 10), lens={"y": (4, 5)}),
    rule("1x P 1y P 1N P", "2y", "to play", hcp=(0, 10), lens={"y": at_least(6)}),
    rule("1x P 1y P 1N P 2y P", "P", "to play"),
    *_fourth_suit_replies("1x P 1y P 1z P 2w P"),
    *_after_new_minor_forcing(),
    *_OPENER_OVER_FIVE_FIVE,
    *_after_stopper_ask("1x P 1y P 2x P ?z P"),
    *_after_fourth_suit("1x P 1y P 1z P 2w P"),
    # responder after opener's 2NT rebid (18-19): a five-card major with game values is rebid, forcing,
    # so that opener chooses 4M with three-card support and 3NT without
    rule("1x P 1y P 2N P", "3y", "five-card major, choice of games", hcp=(6, 40), lens={"y": at_least(5)},
         order="y>D", force=F),
    rule("1x P 1y P 2N P", "3N", "accepts", hcp=(7, 40), force=SO),
    rule("1x P 1y P 2N P", "3N", "accepts", hcp=(6, 6), tens=A_TEN, force=SO),
    rule("1x P 1y P 2N P", "P", "declines", hcp=(0, 6)),
    rule("1x P 1y P 2N P 3y P", "4y", "three-card support", lens={"y": at_least(3)}, order="y>D", force=SO),
    rule("1x P 1y P 2N P 3y P", "3N", "no three-card support", lens={"y": (0, 2)}, order="y>D", force=SO),
    # a six-card major is shown before slam in notrump (the quantitative 4NT holds no six-card major): over
    # 3NT (two cards) six with 14+ HCP, 4NT invites with 12-13, as straight over 2NT; over opener's support
    # (nine trumps, 30+ HCP) slam values ask for aces
    rule("1x P 1y P 2N P 3y P 3N P", "6N", "slam in notrump, a six-card suit",
         hcp=(LONG_MAJOR_SLAM_HCP + 2, 40), lens={"y": at_least(6)}, order="y>D", force=SO),
    rule("1x P 1y P 2N P 3y P 3N P", "4N", "quantitative, a six-card suit",
         hcp=(LONG_MAJOR_SLAM_HCP, LONG_MAJOR_SLAM_HCP + 1), lens={"y": at_least(6)}, order="y>D", force=INV,
         convention="quantitative"),
    rule("1x P 1y P 2N P 3y P 3N P", "P", "to play", order="y>D"),
    rule("1x P 1y P 2N P 3y P 4y P", "4N", "Blackwood, a six-card suit opposite support",
         hcp=(LONG_MAJOR_SLAM_HCP, 40), lens={"y": at_least(6)}, order="y>D", force=F, artificial=True,
         convention="Blackwood"),
    rule("1x P 1y P 2z P 3y P", "4y", "three-card support", lens={"y": at_least(3)}, order="y>D x>z",
         force=SO),
    rule("1x P 1y P 2z P 3y P", "3N", "no three-card support", lens={"y": (0, 2)}, order="y>D x>z",
         force=SO),
    rule("1x P 1y P 2z P 3y P 3N P", "P", "to play", order="y>D x>z"),
    # responder after opener's invitational jump rebid in a minor: a five-card major with the values to
    # accept is rebid, forcing, as after 2NT
    rule("1x P 1y P 3x P", "3y", "five-card major, choice of games", hcp=(7, 40), lens={"y": at_least(5)},
         order="y>D H>x", force=F),
    rule("1x P 1y P 3x P 3y P", "4y", "three-card support", lens={"y": at_least(3)}, order="y>D H>x",
         force=SO),
    # six cards or more in the minor, five in the other and a singleton or void in responder's major: the
    # second minor at four, not 3NT with a suit open; responder places the minor game
    rule("1x P 1y P 3x P 3y P", "4z", "second minor, short in responder's major",
         lens={"x": at_least(6), "z": at_least(5), "y": (0, 1)}, order="y>D H>x H>z", force=GF),
    rule("1x P 1y P 3x P 3y P 4z P", "5z", "prefers the second minor", lens={"z": at_least(3)},
         rel=("z>x",), order="y>D H>x H>z", force=SO),
    rule("1x P 1y P 3x P 3y P 4z P", "5x", "prefers the first minor", order="y>D H>x H>z", force=SO),
    rule("1x P 1y P 3x P 3y P", "3N", "no three-card support", lens={"y": (0, 2)}, order="y>D H>x",
         force=SO),
    # slam values opposite opener's 13-18 HCP and a six-card minor (its tricks count): a quantitative 4NT,
    # which opener accepts with a maximum
    rule("1x P 1y P 3x P 3y P 3N P", "4N", "quantitative", hcp=(MINOR_JUMP_INVITE, 40), order="y>D H>x",
         force=INV, convention="quantitative", extra=("invites 6NT opposite a maximum",)),
    rule("1x P 1y P 3x P 3y P 3N P 4N P", "6N", "accepts the slam invitation", hcp=(MINOR_JUMP_ACCEPT, 21),
         order="y>D H>x", force=SO),
    rule("1x P 1y P 3x P 3y P 3N P 4N P", "P", "declines the slam invitation", hcp=(0, MINOR_JUMP_ACCEPT - 1),
         order="y>D H>x"),
    # a six-card major plays in game in it opposite opener's doubleton (or shorter), not 3NT
    rule("1x P 1y P 3x P 3y P 3N P", "4y", "six-card major", lens={"y": at_least(6)}, order="y>D H>x",
         force=SO),
    rule("1x P 1y P 3x P 3y P 3N P", "P", "to play", order="y>D H>x"),
    rule("1x P 1y P 2x P", "4y", "to play", hcp=(12, 18), lens={"y": at_least(6)}, order="y>D",
         force=SO),
    # five-five in the majors (spades bid first) and game values: hearts next, forcing to game
    rule("1m P 1S P 2m P", "2H", FIVE_FIVE_MAJORS, hcp=(13, 40), lens={"S": at_least(5), "H": at_least(5)},
         force=GF),
    # and with 10-12 hearts next all the same, forcing one round (SAYC's new suit), not 2NT: a 5-3 heart fit
    # was missed (103 b468: 2NT, 3NT one down where 4H made)
    rule("1m P 1S P 2m P", "2H", "five-five in the majors, invitational", hcp=(10, 12),
         lens={"S": at_least(5), "H": at_least(5)}, force=F),
    # 3NT needs both unbid suits stopped; with one of them open a new suit (a stopper in it) forces and asks
    # opener for a stopper in the other or three-card support; with neither stopped 3NT all the same
    rule("1x P 1y P 2x P", "3N", "to play, the unbid suits stopped", hcp=(13, 18), lens={"x": (0, 2)},
         stop=("unbid",), force=SO),
    # over a minor the same with three or more of it (the fallback's 3NT left a suit open)
    rule("1m P 1y P 2m P", "3N", "to play, the unbid suits stopped", hcp=(13, 18), stop=("unbid",), force=SO),
    rule("1m P 1M P 2m P", "3N", "to play, two tens, the unbid suits stopped", hcp=(12, 12), tens=TWO_TENS,
         stop=("unbid",), force=SO),
    rule("1x P 1y P 2x P", "cz", "new suit, forcing: a stopper in it, the other unbid suit open",
         hcp=(13, 40), lens={"x": (0, 2), "z": at_least(3)}, stop=("z",), order="H>z", **_STOPPER_ASK),
    rule("1m P 1y P 2m P", "cz", "new suit, forcing: a stopper in it, the other unbid suit open",
         hcp=(13, 40), lens={"z": at_least(3)}, stop=("z",), order="H>z", **_STOPPER_ASK),
    rule("1x P 1y P 2x P", "cz", "new suit, forcing: a stopper in it, the other unbid suit open",
         hcp=(13, 40), lens={"x": (0, 2), "z": at_least(4)}, stop=("z",), order="z>D", **_STOPPER_ASK),
    rule("1m P 1y P 2m P", "cz", "new suit, forcing: a stopper in it, the other unbid suit open",
         hcp=(13, 40), lens={"z": at_least(4)}, stop=("z",), order="z>D", **_STOPPER_ASK),
    rule("1x P 1y P 2x P", "3N", "to play, neither unbid suit stopped", hcp=(13, 18), lens={"x": (0, 2)},
         force=SO),
    rule("1x P 1y P 2x P", "3y", "invitational", hcp=(SIX_CARD_INVITE, 11),
         lens={"y": at_least(6), "x": (0, 2)}, force=INV),
    rule("1M P 1y P 2M P", "4M", "to play", hcp=(12, 18), lens={"M": at_least(2)}, force=SO),
    # 10-11 HCP with support for opener's rebid suit invites with three of it (as 1M-1NT-2M-3M does)
    rule("1M P 1y P 2M P", "3M", "invitational raise", hcp=(10, 11), lens={"M": at_least(2)}, force=INV),
    # over a minor 12 HCP with support invites too: 3NT is for 13+ with at most two of the minor
    rule("1m P 1y P 2m P", "3m", "invitational raise", hcp=(10, 12), lens={"m": at_least(3)}, force=INV),
    rule("1m P 1M P 2m P", "3m", "invitational raise, two tens", hcp=(9, 9), tens=TWO_TENS,
         lens={"m": at_least(3)}, force=INV),
    rule("1x P 1y P 2x P", "2N", "invitational", hcp=(11, 12), lens={"x": (0, 2)}, force=INV),
    rule("1m P 1M P 2m P", "2N", "invitational, two tens", hcp=(10, 10), tens=TWO_TENS, lens={"m": (0, 2)},
         force=INV),
    # a minimum with a six-card suit rebids it (SAYC: 6-10, not forcing) rather than pass opener's rebid;
    # opener, who showed a minimum, passes it
    rule("1x P 1y P 2x P", "2y", "six-card suit", hcp=(0, SIX_CARD_INVITE - 1),
         lens={"y": at_least(6), "x": (0, 2)}),
    rule("1x P 1y P 2x P 2y P", "P", "to play"),
    rule("1x P 1y P 2x P", "P", "minimum", hcp=(0, 10)),
    # a six-card major with 13+ opposite a reverse (17-21: 30+ together) is shown below game, forcing, so
    # that slam is explored; 4y is the sign-off with less (trial34d: 14 HCP signed off, 7NT cold)
    rule("1x P 1y P 2z P", "3y", "six-card major after a reverse, slam interest", hcp=(REVERSE_INVITE, 40),
         lens={"y": at_least(6)}, order="z>x y>z y>D", force=GF),
    rule("1x P 1y P 2z P", "4y", "to play", hcp=(12, 40), lens={"y": at_least(6)}, order="y>D", force=SO),
    # over opener's jump shift (19-21) 16+ HCP bid 6NT, 11-15 invite it, which opener accepts with 20-21;
    # four of opener's new suit raise it instead (below), so that the fit is agreed for Blackwood
    rule("1x P 1y P 2z P", "6N", "slam after a jump shift", hcp=(REVERSE_SLAM, 18), lens={"z": (0, 3)},
         order="z>y", force=SO),
    rule("1x P 1y P 2z P", "4N", "quantitative after a jump shift", hcp=(JUMP_SHIFT_INVITE, REVERSE_SLAM - 1),
         lens={"z": (0, 3)}, order="z>y", force=INV, convention="quantitative"),
    # over a reverse (17-21; not a jump, so below responder's suit) responder with 16+ HCP and no fit bids
    # 6NT, with 13-15 invites it by 4NT
    rule("1x P 1y P 2z P", "6N", "slam after a reverse", hcp=(REVERSE_SLAM, 18), order="z>x y>z", force=SO),
    rule("1x P 1y P 2z P", "4N", "quantitative after a reverse", hcp=(REVERSE_INVITE, REVERSE_SLAM - 1),
         order="z>x y>z", force=INV, convention="quantitative"),
    # with game values and a five-card major after opener's new suit, the major is rebid at three, forcing
    rule("1x P 1y P 2z P", "3y", "five-card major, choice of games", hcp=(13, 18), lens={"y": at_least(5)},
         order="y>D x>z", force=F),
    rule("1x P 1y P 2z P", "3N", "to play, the fourth suit stopped", hcp=(13, 18), stop=("unbid",), force=SO),
    # 11-12 HCP with the fourth suit unbid and three of opener's first suit: the jump preference invites (the
    # fallback's 3NT left the suit open)
    rule("1x P 1y P 2z P", "3x", "invitational, the fourth suit unbid", hcp=(11, 12), lens={"x": at_least(3)},
         order="x>z", force=INV),
    # 11-12 HCP with the fourth suit stopped invites in notrump (the fallback bid 3NT opposite a minimum)
    rule("1x P 1y P 2z P", "2N", "invitational, the fourth suit stopped", hcp=(11, 12), stop=("unbid",),
         order="x>z", force=INV),
    # 10-12 HCP with four of opener's second suit (a minor, not a reverse) and a four-card major raise it to
    # three, invitational (SAYC), where 10 passed and 11-12 without the rules above jumped to five (the
    # fallback's game); opener accepts with 16+ (below)
    rule("1x P 1y P 2z P", "3z", "invitational raise", hcp=(10, 12), lens={"z": at_least(4), "y": (4, 4)},
         order="x>z", force=INV),
    # over the jump shift (19-21, game forcing) a fit with 8+ is raised below game, so that Blackwood follows
    # once the suit is agreed: straight away 4NT would be read as the quantitative invitation above
    rule("1x P 1y P 2z P", "3z", "raise after a jump shift, slam interest", hcp=(8, 40),
         lens={"z": at_least(4)}, order="z>y", force=F),
    *_after_reverse("1x P 1y P 2z P"),
    # a minimum with a six-card suit rebids it rather than choose between opener's suits
    rule("1x P 1y P 2z P", "2y", "six-card suit", hcp=(0, 10), lens={"y": at_least(6)}, order="x>z"),
    rule("1x P 1y P 2z P", "P", "minimum, prefers the second suit", hcp=(0, 10), rel=("z>x",),
         order="x>z"),
    rule("1x P 1y P 2z P", "2x", "preference", hcp=(0, 10), rel=("x>=z",)),
    # responder's invitation opposite a six-card major: a maximum (9-10) with two trumps; opener accepts with
    # 16+ points (a six-card suit and 14+ HCP, or seven cards)
    rule("1M P 1N P 2M P", "3M", "invitational, a maximum with two trumps", hcp=(9, 10), lens={"M": (2, 2)},
         force=INV),
    # responder after a two over one and opener's rebid of the major: 11-12 HCP only invites (the two over
    # one promised a second bid, not game); opener bids game with 13+ points counting length
    rule("1M P 2y P 2M P", "3M", "invitational raise", hcp=(11, 12), lens={"M": at_least(2)}, force=INV),
    *_after_two_over_one("2z"),
    *_after_two_over_one("2M"),
    # opener's 2NT is a minimum (11-14): with 11-12 responder invites in the fit or in his own long suit
    rule("1M P 2y P 2N P", "3M", "invitational, three-card support", hcp=(11, 12), dummy_points=(11, 12),
         lens={"M": at_least(3)}, force=INV),
    rule("1M P 2y P 2N P", "3y", "invitational, five-card suit", hcp=(11, 12), lens={"y": at_least(5)},
         force=INV),
    # after opener's raise of the two-over-one minor: three-card support for the major, 3NT with the unbid
    # suits stopped, else the minor game
    rule("1M P 2y P 3y P", "4M", "game with three-card support", hcp=(11, 40), lens={"M": at_least(3)},
         order="H>y"),
    rule("1x P 2y P 3y P", "3N", "to play", hcp=(11, 40), stop=("unbid",), order="H>y", force=SO),
    rule("1x P 2y P 3y P", "5y", "game in the minor", hcp=(11, 40), lens={"y": at_least(4)}, order="H>y",
         force=SO),
    # responder after opener's jump raise to 4C (16-21): Blackwood with 13+ HCP (29+ together and a fit),
    # else game in clubs
    rule("1D P 2C P 4C P", "4N", "Blackwood", hcp=(13, 40), force=F, artificial=True, convention="Blackwood"),
    rule("1D P 2C P 4C P", "5C", "to play", hcp=(0, 12), force=SO),
    rule("1x P 1N P 2x P", "P", "to play"),
    # the raise invites (opener's new suit is 11-17): a flat 8 HCP passed the raise one down (7 b653,
    # 1H 1NT 2C 3C with J85.Q3.JT9.A9853), so 8 needs a short suit as 7 does
    rule("1x P 1N P 2z P", "3z", "raise, a maximum", hcp=(9, 10), lens={"z": at_least(4)}, force=INV),
    rule("1x P 1N P 2z P", "3z", "raise, a short suit", hcp=(7, 7), dummy_points=(9, 50),
         lens={"z": at_least(4)}, force=INV),
    rule("1x P 1N P 2z P", "3z", "raise, a short suit", hcp=(8, 8), dummy_points=(10, 50),
         lens={"z": at_least(4)}, force=INV),
    # a maximum (9-10) without a fit for either suit invites in notrump: opener's new suit is 11-17, so
    # game is there opposite the top of that range
    rule("1M P 1N P 2z P", "2N", "invitational, no fit", hcp=(9, 10), lens={"M": (0, 2), "z": (0, 3)},
         force=INV),
    rule("1x P 1N P 2z P", "2x", "preference", hcp=(0, 10), lens={"x": at_least(2)}, rel=("x>=z",)),
    rule("1x P 1N P 2z P", "cy", "long suit, to play", hcp=(0, 10), lens={"y": at_least(6), "x": (0, 1),
         "z": (0, 2)}, force=SO),
    # opener after responder's invitational raise of the second suit: game on the losing-trick count (the
    # raise is about eight losers; a major needs ten tricks, a minor eleven)
    # opener after responder's 2NT invitation (9-10, no fit): 3NT with 15+ HCP, else pass
    rule("1M P 1N P 2z P 2N P", "3N", "accepts", hcp=(15, 21), force=SO),
    rule("1M P 1N P 2z P 2N P", "P", "declines", hcp=(0, 14)),
    rule("1x P 1N P 2z P 3z P", "4z", "accepts", losers=(0, 6), order="z>D", force=SO),
    # five of a minor in clubs only (D>z): 5D on the same losers measured worse (four sets 16.486 -> 16.503)
    rule("1x P 1N P 2z P 3z P", "5z", "accepts", losers=(0, 5), order="D>z", force=SO),
    # with a minor fit and no shape for eleven tricks, 3NT with 15+ HCP; decline with a minimum
    rule("1x P 1N P 2z P 3z P", "3N", "accepts in notrump", hcp=(15, 21), losers=(6, 12), order="D>z"),
    # after a raise of opener's diamonds, 3NT with 15+ HCP and both majors stopped (the raise is 7-10 HCP)
    rule("1x P 1N P 2D P 3D P", "3N", "accepts in notrump", hcp=(15, 21), stop=("H", "S"), force=SO),
    rule("1x P 1N P 2z P 3z P", "P", "declines", losers=(7, 12), order="z>D"),
    rule("1x P 1N P 2z P 3z P", "P", "declines", hcp=(0, 14), losers=(6, 12), order="D>z"),
    rule("1M P 1y P 2M P 3M P", "4M", "accepts", points=(15, 50), force=SO),
    rule("1m P 1y P 2m P 3m P", "3N", "accepts", points=(15, 50), force=SO),
    # over the raise of his second minor opener with 16-18 bids 3NT with the fourth suit stopped, else five
    rule("1x P 1y P 2z P 3z P", "3N", "accepts, the fourth suit stopped", hcp=(16, 18), stop=("unbid",),
         order="x>z", force=SO),
    rule("1x P 1y P 2z P 3z P", "5z", "accepts", hcp=(16, 18), order="x>z", force=SO),
    rule("1x P 1y P 2z P 3z P", "P", "declines", hcp=(0, 15), order="x>z"),
    rule("1m P 1y P 2m P 3m P", "P", "declines", points=(0, 14)),
    rule("1M P 1y P 2M P 3M P", "P", "declines", points=(0, 14)),
    # opener's 3NT rebid is a long minor with 17-21 HCP (21+ points): slam with 12+, invited with 9-11,
    # which opener accepts with 19+ HCP
    rule("1m P 1y P 3N P", "6N", "slam opposite a strong long minor", hcp=(12, 40), force=SO),
    rule("1m P 1y P 3N P", "4N", "quantitative", hcp=(9, 11), force=INV, convention="quantitative",
         extra=("invites 6NT opposite 19-21",)),
    rule("1m P 1y P 3N P", "P", "to play", hcp=(0, 8)),
    rule("1m P 1y P 3N P 4N P", "6N", "accepts the slam invitation", hcp=(19, 21), force=SO),
    rule("1m P 1y P 3N P 4N P", "P", "declines the slam invitation", hcp=(0, 18)),
    rule("1M P 1N P 2M P 3M P", "4M", "accepts", points=(16, 50), force=SO),
    rule("1M P 1N P 2M P 3M P", "P", "declines", points=(0, 15)),
    # opposite 18-19 and a five-card major a 1NT response accepts with 7 (25-26 together), declines with less
    rule("1M P 1N P 2N P", "3N", "accepts", hcp=(7, 10)),
    rule("1M P 1N P 2N P", "P", "declines", hcp=(0, 6)),
    rule("1x P 1N P 2N P", "3N", "accepts", hcp=(8, 10)),
    rule("1x P 1N P 2N P", "P", "declines", hcp=(0, 7)),
    # opener's 3M is a six-card major and about five losers: 7 HCP and a doubleton make game opposite it;
    # with a singleton 8-10 bid 3NT with the unbid suits stopped, and otherwise 7-10 raise: the 6-1 fit
    # plays in game (it passed with 7, and with 8-10 a suit open: 13 sets 50.175 -> 50.159, level on the
    # tuning sets, 17 IMPs better held out; and more points no longer pass where fewer raise)
    rule("1M P 1N P 3M P", "4M", "accepts", hcp=(7, 10), lens={"M": at_least(2)}),
    rule("1x P 1N P 3x P", "3N", "accepts, the unbid suits stopped", hcp=(8, 10), stop=("unbid",)),
    rule("1M P 1N P 3M P", "4M", "accepts, a singleton", hcp=(7, 10), lens={"M": (1, 1)}),
    rule("1x P 1N P 3x P", "P", "declines", hcp=(0, 7)),
    # 8-10 balanced opposite a six-card minor with an unbid suit open: 3NT has a suit to run against it and
    # eleven tricks need shortness, so the partscore is played
    rule("1m P 1N P 3m P", "P", "declines, balanced with a suit unstopped", hcp=(8, 10), balanced=True),
    rule("1m P 2m P 2N P", "3N", "accepts", hcp=(8, 10)),
    rule("1m P 2m P 2N P", "P", "declines", hcp=(0, 7)),
]


JUMP_RAISE_LOSERS = 7
"""Losers responder may hold to ask over opener's jump raise to game (19+ dummy points, about five losers)."""
JUMP_RAISE_LTC_HCP = 9
"""High cards responder needs besides for that: the count's twelfth trick wants some of the aces."""
JUMP_RAISE_SLAM = 13
"""HCP with which responder asks for aces over opener's jump raise to game (1x-1M-4M, 16-21 HCP)."""


def _after_splinter(sit: Situation) -> bool:
    """Whether partner's last call may be a splinter raise (it may also read as natural)."""
    last = sit.partner_last
    return last is not None and any(m.convention == "splinter" for m in last.meanings)


KING_ASK = "king ask"
KING_REPLY = "king reply"
KING_REPLIES = ("6C", "6D", "6H", "6S", "6N")
"""The replies to the 5NT king ask by kings held: 6C none, 6D one, 6H two, 6S three, 6NT all four."""
KING_ASK_KINGS = {Suit.S: 0, Suit.H: 1, Suit.D: 2, Suit.C: 3}
"""Kings the 5NT asker holds with each suit agreed: every reply past six of the suit then shows the side
all four kings (the grand), so no reply leaves the asker above his small slam with a king missing. It is
the least that does: the lowest reply past six of the suit is 6NT over spades (four kings), 6S over
hearts (three), 6H over diamonds (two), 6D over clubs (one), so the asker needs none, one, two, three of
his own; a reply at or below six of the suit is safe with any (he bids or passes six), and a king fewer
would let the lowest reply past six show one missing, the side past its small slam with 6NT the only
way out, a strain not chosen for the play."""
SMALL_SLAM_KING_MISSING = "small slam, not all four kings together"
"""The king asker's six, by the one rule whatever his own kings: the reply says partner's, the call only
that the two hands lack a king or more, so the words count none ("a king missing" miscounted two)."""
ACES_FOR_FOUR = (("5C", (0, 4)), ("5D", (3,)), ("5H", (2,)), ("5S", (1,)))
"""The asker's aces that make four together with each Blackwood reply (5C none or four, 5D one, ...)."""


def _partner_said(label: str) -> Callable[[Situation], bool]:
    """A rule condition: partner's last call was made by a rule with this label (the Blackwood reply)."""
    return lambda sit: sit.partner_last is not None and any(
        m.label == label for m in sit.partner_last.meanings)


def _king_ask() -> list[Rule]:
    """SAYC's 5NT king ask: the Blackwood bidder who learns the side holds all four aces asks for kings
    (when every reply past six of the agreed suit would show the grand), and bids seven of the suit with
    all four kings together, else six. 1S P 3S P 4N P 5D P 5N P 6H P 7S: the asker's three aces and two
    kings with the reply's ace and two kings."""
    def agreed(suit: Suit) -> Callable[[Situation], bool]:
        reply = _partner_said("Blackwood reply")
        return lambda sit: reply(sit) and sit.agreed_suit() == suit
    asks = [rule(f"... 4N P {reply} P", "5N", "king ask, all four aces together", aces=(own,),
                 controls=(2 * own + least, 12), when=agreed(suit), force=F, artificial=True,
                 convention=KING_ASK, extra=("asks for kings",
                                             f"{suit.full_name.lower()} agreed"))
            for reply, owns in ACES_FOR_FOUR for own in owns for suit, least in KING_ASK_KINGS.items()]
    replies = [rule("... 5N P", call, KING_REPLY, aces=(aces,), controls=(2 * aces + kings, 2 * aces + kings),
                    after=KING_ASK, artificial=True, convention=KING_REPLY,
                    extra=(f"{kings} king{'' if kings == 1 else 's'}",))
               for kings, call in enumerate(KING_REPLIES) for aces in range(5)]
    grand = [rule(f"... 5N P {call} P", "7T", "grand slam, all four aces and kings together", aces=(own,),
                  controls=(2 * own + 4 - kings, 2 * own + 4 - kings), after=KING_REPLY, force=SO)
             for kings, call in enumerate(KING_REPLIES) for own in range(5)]
    small = [rule("... 5N P _ P", call, SMALL_SLAM_KING_MISSING, after=KING_REPLY, force=SO)
             for call in ("6T", "P")]  # a pass when the reply is six of the suit
    return [*asks, *replies, *grand, *small]


GERBER_ACES_FOR_FOUR = tuple(zip(("4D", "4H", "4S", "4N"), (owns for _, owns in ACES_FOR_FOUR), strict=True))
"""The Gerber asker's aces that make four together with each reply (4D none or four, 4H one, ...)."""
GERBER_KING_REPLIES = ("5D", "5H", "5S", "5N")
"""The replies to Gerber's 5C king ask by kings held: 5D none (or four), 5H one, 5S two, 5NT three."""
GERBER_KING_WORDS = {"5D": "0 or 4 kings", "5H": "1 king", "5S": "2 kings", "5N": "3 kings"}
NOTRUMP_TOPS = {"1N": 17, "2N": 21}
"""The top of each notrump opening's range, with which a grand slam's 37 HCP must be possible for the
Gerber asker to ask for kings."""


def _gerber_king_ask() -> list[Rule]:
    """SAYC's king ask after Gerber: the asker who learns the side holds all four aces, with a grand slam
    possible opposite the top of the opening's range (37 HCP together) and a king himself (so that 5D
    shows none), bids 5C; opener shows kings (5D none or four, 5H one, 5S two, 5NT three) and the asker
    bids 7NT with all four kings together, else 6NT. 1NT P 4C P 4S P 5C P 5S P 7NT: the asker's two aces
    and two kings with the reply's two of each."""
    out = []
    for opening, top in NOTRUMP_TOPS.items():
        for reply, owns in GERBER_ACES_FOR_FOUR:
            ask = f"{opening} P 4C P {reply} P"
            out += [rule(ask, "5C", "king ask, all four aces together", hcp=(GRAND_POINTS - top, 40),
                         aces=(own,), controls=(2 * own + 1, 12), artificial=True, force=F,
                         convention=KING_ASK, extra=("asks for kings",
                                f"a grand slam possible opposite {top} HCP"))
                    for own in owns]
            out += [rule(f"{ask} 5C P {call} P", "7N", "grand slam, all four aces and kings together",
                         aces=(own,), controls=(2 * own + 4 - kings, 2 * own + 4 - kings), force=SO)
                    for kings, call in enumerate(GERBER_KING_REPLIES) for own in owns]
            out.append(rule(f"{ask} 5C P _ P", "6N", SMALL_SLAM_KING_MISSING, force=SO))
        out += [rule(f"{opening} P 4C P _ P 5C P", call, KING_REPLY, aces=(aces,),
                     controls=(2 * aces + kings, 2 * aces + kings), after=KING_ASK, artificial=True,
                     convention=KING_REPLY, extra=(GERBER_KING_WORDS[call],))
                for kings, call in (*enumerate(GERBER_KING_REPLIES), (4, "5D")) for aces in range(5)]
    return out


SLAM = [
    # responder after opener's slam try over the limit raise: a good raise (seven losers) asks for aces; a
    # minimum (eight losers, a doubleton or not) signs off, as SAYC's limit raiser does
    rule("1M P 3M P _ P", "4N", "Blackwood, accepting the slam try", losers=(0, LIMIT_RAISE_LOSERS - 1),
         after="slam try", force=F, artificial=True, convention="Blackwood"),
    rule("1M P 3M P _ P", "4M", "declines the slam try", after="slam try", force=SO),
    # the single raise over opener's splinter: Blackwood with no high cards wasted in the short suit
    rule("1M p 2M P ?z P", "4N", "Blackwood, the high cards working", hcp=(RAISE_SPLINTER_ACCEPT_HCP, 40),
         losers=(0, RAISE_LOSERS), wasted={"z": WASTED_OPPOSITE_SHORTNESS}, after=RAISE_SPLINTER, force=F,
         artificial=True, convention="Blackwood"),
    rule("1M p 2M P ?z P", "4M", "no slam interest opposite the splinter", after=RAISE_SPLINTER,
         force=SO),
    # opener after a splinter raise
    rule("1M P ?x P", "4N", "Blackwood after a splinter raise", losers=(0, 5), when=_after_splinter, force=F,
         artificial=True, convention="Blackwood"),
    rule("1M P ?x P", "4M", "no slam interest after a splinter raise", when=_after_splinter, force=SO),
    # responder opposite opener's jump raise to game (16-21 HCP, 19+ dummy points): the jump shows a
    # hand for game opposite 6 HCP, so responder with an opening bid of his own has slam values
    rule("1x P 1M P 4M P", "4N", "Blackwood opposite the jump raise", hcp=(JUMP_RAISE_SLAM, 40), force=F,
         artificial=True, convention="Blackwood"),
    # or on the losing-trick count (the jump is about five losers) with a fifth trump or a short suit: a
    # balanced hand's seven losers are too many by the count
    *(rule("1x P 1M P 4M P", "4N", "Blackwood opposite the jump raise, by the losing-trick count",
           hcp=(JUMP_RAISE_LTC_HCP, 40), losers=(0, JUMP_RAISE_LOSERS), lens=lens, force=F, artificial=True,
           convention="Blackwood")
      for lens in ({"M": at_least(5)}, *({short: (0, 1)} for short in "SHDC"))),
    rule("... 4N P", "5C", "Blackwood reply", aces=(0, 4), after="Blackwood", artificial=True),
    rule("... 4N P", "5D", "Blackwood reply", aces=(1,), after="Blackwood", artificial=True),
    rule("... 4N P", "5H", "Blackwood reply", aces=(2,), after="Blackwood", artificial=True),
    rule("... 4N P", "5S", "Blackwood reply", aces=(3,), after="Blackwood", artificial=True),
    rule("... 4C P", "4D", "Gerber reply", aces=(0, 4), after="Gerber", artificial=True),
    rule("... 4C P", "4H", "Gerber reply", aces=(1,), after="Gerber", artificial=True),
    rule("... 4C P", "4S", "Gerber reply", aces=(2,), after="Gerber", artificial=True),
    rule("... 4C P", "4N", "Gerber reply", aces=(3,), after="Gerber", artificial=True),
    *_king_ask(),
    rule("... 4N P 5C P", "6T", SLAM_ON_ACES, aces=(0, 3, 4)),
    rule("... 4N P 5D P", "6T", SLAM_ON_ACES, aces=(2, 3)),
    rule("... 4N P 5H P", "6T", SLAM_ON_ACES, aces=(1, 2)),
    rule("... 4N P 5S P", "6T", SLAM_ON_ACES, aces=(0, 1)),
    rule("... 4N P 5x P", "5T", "sign-off, two aces missing", force=SO),
    rule("... 4N P 5C P", "P", "to play, two aces missing", aces=(1, 2), force=SO,
         when=lambda s: s.agreed_suit() == Suit.C),
    rule("... 4N P 5D P", "P", "to play, two aces missing", aces=(0, 1), force=SO,
         when=lambda s: s.agreed_suit() == Suit.D),
    rule("... 4N P 5x P", "6T", "small slam, the five level is past"),
    # opener after responder's quantitative 4NT over the jump shift (11-15) or the reverse (13-15); a
    # six-card first suit is worth a point (19 b699: KJ32.AQ.Q.AK6432 passed opposite 12, 6NT made)
    rule("1x P 1y P 2z P 4N P", "6N", "accepts the slam invitation", hcp=(JUMP_SHIFT_ACCEPT, 21), order="z>y",
         force=SO),
    rule("1x P 1y P 2z P 4N P", "6N", "accepts the slam invitation, a six-card suit",
         hcp=(JUMP_SHIFT_ACCEPT - 1, 21), lens={"x": at_least(6)}, order="z>y", force=SO),
    rule("1x P 1y P 2z P 4N P", "P", "declines the slam invitation", hcp=(0, JUMP_SHIFT_ACCEPT - 1),
         order="z>y"),
    rule("1x P 1y P 2z P 4N P", "6N", "accepts the slam invitation", hcp=(REVERSE_ACCEPT, 21),
         order="z>x y>z", force=SO),
    rule("1x P 1y P 2z P 4N P", "6N", "accepts the slam invitation, a six-card suit",
         hcp=(REVERSE_ACCEPT - 1, 21), lens={"x": at_least(6)}, order="z>x y>z", force=SO),
    rule("1x P 1y P 2z P 4N P", "P", "declines the slam invitation", hcp=(0, REVERSE_ACCEPT - 1),
         order="z>x y>z"),
    # opener with 17-18 opposite responder's 3NT over his new suit (13-18) invites 6NT
    rule("1x P 1y P 1z P 3N P", "4N", "quantitative", hcp=(THIRD_SUIT_INVITE, 18), force=INV,
         convention="quantitative", extra=(f"invites 6NT opposite {THIRD_SUIT_ACCEPT}+",)),
    rule("1x P 1y P 1z P 3N P 4N P", "6N", "accepts the slam invitation", hcp=(THIRD_SUIT_ACCEPT, 18),
         force=SO),
    rule("1x P 1y P 1z P 3N P 4N P", "P", "declines the slam invitation", hcp=(0, THIRD_SUIT_ACCEPT - 1)),
    rule("1m P 3N P 4N P", "6N", "accepts the slam invitation", hcp=(17, 18), force=SO),
    rule("1m P 3N P 4N P", "P", "declines the slam invitation", hcp=(0, 16)),
    *_gerber_king_ask(),
    # the Gerber asker over 1NT or 2NT: 6NT unless two aces are missing, else the cheapest notrump
    *(gerber_rule
      for opening in ("1N", "2N")
      for gerber_rule in (
          rule(f"{opening} P 4C P 4D P", "6N", SLAM_ON_ACES, aces=(0, 3, 4)),
          rule(f"{opening} P 4C P 4H P", "6N", SLAM_ON_ACES, aces=(2, 3)),
          rule(f"{opening} P 4C P 4S P", "6N", SLAM_ON_ACES, aces=(1, 2)),
          rule(f"{opening} P 4C P 4N P", "6N", SLAM_ON_ACES, aces=(0, 1)),
          rule(f"{opening} P 4C P _ P", "cN", "sign-off, two aces missing", force=SO),
          rule(f"{opening} P 4C P _ P ?N P", "P", "to play"))),
]

def _notrump_cue_bid() -> list[Rule]:
    """Responder's cue bid of the two-level overcall of our 1NT, Stayman-like (game values, four cards in
    a major they did not bid), opener's answer (the major with four, else 3NT) and responder's game."""
    out = []
    for pattern, major in (("1N 2m", "H"), ("1N 2m", "S"), ("1N 2S", "H"), ("1N 2H", "S")):
        out.append(rule(pattern, "3" + pattern[-1], "cue bid, Stayman", hcp=(10, 15), lens={major: (4, 5)},
                        artificial=True, force=GF, convention="Stayman",
                        extra=("asks for a four-card major",)))
    return [
        *out,
        rule("1N 2m 3m P", "3H", "four hearts", lens={"H": at_least(4)}, force=GF),
        rule("1N 2m 3m P", "3S", "four spades", lens={"S": at_least(4), "H": (0, 3)}, force=GF),
        rule("1N 2S 3S P", "4H", "four hearts", lens={"H": at_least(4)}, force=SO),
        rule("1N 2H 3H P", "4S", "four spades", lens={"S": at_least(4)}, force=SO),
        rule("1N 2y 3y P", "3N", "no four-card major", force=SO),
        rule("1N 2m 3m P 3M P", "4M", "to play", lens={"M": at_least(4)}, force=SO),
        rule("1N 2m 3m P 3M P", "3N", "to play", force=SO),
    ]


GRAND_SLAM_DOUBLE = "penalty double: holds a sure trick against their grand slam"
SMALL_SLAM_DOUBLE = "penalty double: holds two sure tricks against their small slam"
ACES_CASH = "on lead, no shortness shown by them, cashes "
"""What the double with aces outside their trumps adds: he leads them before declarer can discard his
losers there, and no opponent has shown the shortness that might ruff them."""


def _their_natural_slam(sit: Situation) -> bool:
    """Whether the opponents' last bid (a slam, by the pattern) names the contract they mean to play: not
    an artificial call such as a king reply (5NT P 6C), which a double would not punish."""
    return not sit.explanation(_last_bid_index(sit)).artificial


def _last_bid_index(sit: Situation) -> int:
    """The index of the auction's last bid (the pattern's slam)."""
    return max(i for i, c in enumerate(sit.calls) if isinstance(c, Bid))


def _on_lead(sit: Situation) -> bool:
    """Whether this player makes the opening lead if the opponents' last bid is passed out: he sits after
    their declarer, the first of their side to name its strain, so he cashes an ace before declarer can
    discard his losers in its suit."""
    auction, last = sit.auction, _last_bid_index(sit)
    contract = auction.calls[last]
    assert isinstance(contract, Bid)
    declarer = auction.first_to_name(contract.strain, auction.seat_of(last).side)
    return declarer is not None and declarer.lho == auction.turn


def _aces_cash(sit: Situation) -> bool:
    """Whether this player's aces cash against their suit slam: he is on lead (`_on_lead`) and no meaning
    of the opponents' calls shows a singleton or void, where an ace led may be ruffed (2S X 3S P P X P 4H
    P 4N P 5C P 6H: the 6H bidder's "a void in their suit" trumps East's spade ace, and 6H doubled made)."""
    return _on_lead(sit) and not any(
        m.constraint().max_length[s] <= 1 for i in sit.own_indexes(1) + sit.own_indexes(3)
        for m in sit.explanation(i).natural().meanings for s in Suit)


def _penalty_double(pattern: str, label: str, **spec: Any) -> Rule:
    """A double for penalty (`Meaning.penalty`): partner may pass it."""
    return rule(pattern, "X", label, penalty=True, **spec)


def _penalty_double_of_their_slam() -> list[Rule]:
    """The penalty double of the opponents' slam with the tricks that beat it, sure whatever they hold:
    one against a grand slam (any ace against notrump; against a suit the trump ace, two of the trump
    ace, king and queen, or any ace when on lead, cashed at trick one), two against a small slam (two
    aces against notrump; against a suit two aces when on lead). Made over their bid or after partner
    passed it; partner has not doubled (he would have made the call). A player who bids a slam wildly
    then pays doubled undertricks, and a slam bid off a sure trick is doubled rather than let go."""
    out = []
    for after in ("", " P P"):
        grand, small = f"... 7x{after}", f"... 6x{after}"
        out += [
            _penalty_double(f"... 7N{after}", GRAND_SLAM_DOUBLE, aces=(1, 2, 3, 4), when=_their_natural_slam,
                            extra=("an ace is a trick against notrump",)),
            _penalty_double(grand, GRAND_SLAM_DOUBLE, lens={"x": at_least(1)}, first_round={"x": True},
                            when=_their_natural_slam, extra=("the ace of their trump suit",)),
            _penalty_double(grand, GRAND_SLAM_DOUBLE, strong=("x",), when=_their_natural_slam,
                            extra=("one of them a trump trick",)),
            _penalty_double(grand, GRAND_SLAM_DOUBLE, aces=(1, 2, 3, 4),
                            when=lambda s: _their_natural_slam(s) and _aces_cash(s),
                            extra=(ACES_CASH + "an ace",)),
            _penalty_double(f"... 6N{after}", SMALL_SLAM_DOUBLE, aces=(2, 3, 4), when=_their_natural_slam,
                            extra=("each ace a trick against notrump",)),
            _penalty_double(small, SMALL_SLAM_DOUBLE, aces=(2, 3, 4),
                            when=lambda s: _their_natural_slam(s) and _aces_cash(s),
                            extra=(ACES_CASH + "two aces",)),
        ]
    for slam in ("6x", "6N", "7x"):  # (over 7NT doubled no bid is left)
        out += [rule(f"... {slam}{before} X P", "P", LEAVES_IN_SLAM_DOUBLE, when=_partner_doubled_their_slam)
                for before in ("", " P P")]
    return out


LEAVES_IN_SLAM_DOUBLE = "leaves in partner's penalty double of their slam"
"""The pass of the doubler's partner: the double counted the tricks that beat the slam, so he does not
take it out (as a takeout double of their opening, ?x X P, would be advanced)."""


def _partner_doubled_their_slam(sit: Situation) -> bool:
    """Whether partner's double (the last but one call) was the penalty double of their slam."""
    last = sit.partner_last
    return last is not None and any(m.label in (GRAND_SLAM_DOUBLE, SMALL_SLAM_DOUBLE) for m in last.meanings)


AFTER_REDOUBLE = [
    # advancer escapes from the redouble (the doubler asked him to bid; one redoubled makes with overtricks
    # opposite the opening and the redouble): his longest unbid suit
    rule("1x X XX", "cy", "escapes, the longest unbid suit", rel=("y>=unbid",)),
    # advancer passed the redouble (no preference): the doubler, short in opener's suit, escapes himself
    # rather than leave them in one redoubled, which their 20+ HCP make with overtricks (game scored)
    rule("1x X XX P P", "cy", "escapes, the longest unbid suit", lens={"x": (0, 3)}, rel=("y>=unbid",)),
    # opener after the escape: four of their suit double it for penalty; a six-card suit and a minimum
    # short in theirs rebid it (no defence); else he passes, which the redouble makes forcing: the
    # redoubler doubles or bids on
    _penalty_double("1x X XX ?y", "penalty double", lens={"y": at_least(4)}),
    rule("1x X XX ?y", "cx", "six-card suit, a minimum, not for defence", hcp=(11, 14),
         lens={"x": at_least(6), "y": (0, 1)}, when=lambda s: s.cheapest_level(s.opening_strain()) <= 2),
    rule("1x X XX ?y", "P", "forcing, leaves the decision to the redoubler"),
    rule("1x X XX ?y P", "P", "nothing more to say"),  # the doubler, his partner having bid
    # the redoubler after opener's forcing pass: four of their suit double it for penalty, else he bids
    # naturally (game with the values and their suit stopped, a five-card suit, opener's suit with three)
    _penalty_double("1x X XX ?y P P", "penalty double", lens={"y": at_least(4)}),
    rule("1x X XX ?y P P", "3N", "to play, their suit stopped", hcp=(13, 40), stop=("y",), force=SO,
         when=lambda s: s.cheapest_level(Strain.NT) <= 3),
    rule("1x X XX ?y P P", "cz", "five-card suit", hcp=(10, 40), lens={"z": at_least(5)}, longest=("z",),
         where=lambda s, b: s.cheapest_level(b["z"].strain) <= 2),
    rule("1x X XX ?y P P", "cx", "support, three cards", lens={"x": at_least(3)},
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 3),
    rule("1x X XX ?y P P", "cN", "their suit stopped", hcp=(10, 12), stop=("y",), force=INV,
         when=lambda s: s.cheapest_level(Strain.NT) <= 2),
    # and with no clear bid (no length in theirs, no five-card suit or fit to bid at that level: a jump
    # escape to 4S) he doubles, on the values his redouble showed (any hand: opener's pass was forcing,
    # so it is never left unanswered), and their escape is defended doubled: opener leaves it in, so it is
    # a penalty double (`Meaning.penalty`), on the balance of power
    _penalty_double("1x X XX ?y P P", "penalty double, no clear bid: the values the redouble showed"),
    # after either's penalty double the side with the redouble defends
    rule("1x X XX ?y X P", "P", "to play, doubled"),
    rule("1x X XX ?y P P X P", "P", "to play, doubled"),
]
"""The auction after responder's redouble (`REDOUBLES`): advancer escapes, opener and the redoubler double
the escape with length or bid naturally."""


COMPETITION = [
    *_penalty_double_of_their_slam(),  # first: their takeout advances (?x X P) would take it out
    # direct seat over a one-level opening: an eight-card major with eight or nine playing tricks (four
    # losers at most) bids its game at once (SAYC), not a one-level overcall the opponents can outbid
    rule("1x", "4M", "game overcall, a long major", hcp=(8, 17), lens={"M": at_least(8)}, losers=(0, 4),
         force=SO),
    rule("1x", "1N", "notrump overcall", hcp=(15, 18), balanced=True, stop=("x",)),
    # vulnerable, a weak jump overcall is a sounder one: 7-10 HCP
    rule("1x", "jy", "weak jump overcall", hcp=(7, 10), lens={"y": at_least(6)}, vul="vul"),
    rule("1x", "jy", "weak jump overcall", hcp=(5, 10), lens={"y": at_least(6)}, vul="nonvul"),
    # vulnerable, an overcall needs playing strength: at most seven losers
    rule("1x", "1y", "overcall", hcp=(8, 16), lens={"y": at_least(5)}, longest=("y",), losers=(0, 7),
         vul="vul"),
    # ... or eight losers with an opening bid and the ace or king of the suit (AKQJ2 752 Q7 983)
    rule("1x", "1y", "overcall, a sound hand", hcp=(11, 16), lens={"y": at_least(5)}, longest=("y",),
         losers=(0, 8), feature=("y",), vul="vul"),
    # neither side vulnerable, at most eight losers; at favourable vulnerability any five-card suit
    rule("1x", "1y", "overcall", hcp=(8, 16), lens={"y": at_least(5)}, longest=("y",), losers=(0, 8),
         vul="neither"),
    rule("1x", "1y", "overcall", hcp=(8, 16), lens={"y": at_least(5)}, longest=("y",), vul="fav"),
    rule("1x", "2y", "overcall", hcp=(10, 16), lens={"y": at_least(6)}, longest=("y",), order="x>y"),
    rule("1x", "2y", "overcall", hcp=(12, 16), lens={"y": at_least(5)}, longest=("y",), order="x>y"),
    rule("1x", "X", "takeout double", hcp=(12, 16), lens={"x": (0, 2), "unbid": at_least(3)}),
    rule("1x", "X", "strong double", hcp=(17, 40)),
    rule("1x", "P", "nothing to show"),
    # over a notrump or a preempt
    _penalty_double("1N", "penalty double", hcp=(16, 40)),
    rule("1N", "2y", "natural", hcp=(10, 15), lens={"y": at_least(6)}),
    rule("1N", "2M", "natural, the major bid and a second suit", hcp=(10, 15), lens={"M": at_least(5)},
         longest=("M",), balanced=False),
    rule("1N", "P", "nothing to show"),
    # balancing over 1NT: responder is weak, so a long suit or a major two-suiter competes for the partscore
    _penalty_double("1N P P", "penalty double", hcp=(15, 40)),
    rule("1N P P", "2y", "balancing, a six-card suit", hcp=(6, 14), lens={"y": at_least(6)}, longest=("y",)),
    rule("1N P P", "2M", "balancing, five of the major bid and a second suit", hcp=(8, 14),
         lens={"M": at_least(5)}, longest=("M",), balanced=False),
    rule("1N P P", "P", "nothing to show"),
    # over 1NT, a transfer and its completion passed round, the last seat balances with a six-card suit
    rule("1N P _ P _ P P", "cz", "balancing, a six-card suit", hcp=(7, 14), lens={"z": at_least(6)},
         longest=("z",), when=_transfer_completed),
    rule("1N P _ P _ P P", "P", "nothing to show", when=_transfer_completed),
    # ... and over the minor-suit transfer's 3C passed round at the three level: a six-card major with 15+
    # HCP and five losers jumps to game (partner passed twice: the jump says what a three-level bid that
    # partner would pass cannot), a six-card suit with 10+ competes at the three level
    rule("1N P 2S P 3C P P", "4M", "balancing, a six-card major, game values", hcp=(15, 40), losers=(0, 5),
         lens={"M": at_least(6)}, longest=("M",), force=SO),
    rule("1N P 2S P 3C P P", "cz", "balancing, a six-card suit", hcp=(10, 40), lens={"z": at_least(6)},
         longest=("z",)),
    rule("2x", "2N", "notrump overcall", hcp=(15, 18), balanced=True, stop=("x",), order="x>C"),
    # a good six-card suit with 15-17 HCP and six losers jumps (intermediate), so that advancer with a
    # little bids game: the simple overcall's 11-17 is passed with 7-8 HCP and a fit
    rule("2x", "jy", "intermediate jump overcall, a six-card suit", hcp=(15, 17), losers=(0, 6),
         lens={"y": at_least(6)}, longest=("y",), order="x>C y>x", force=INV),
    rule("2x", "cy", "overcall", hcp=(11, 17), lens={"y": at_least(5)}, longest=("y",), order="x>C",
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 3),
    rule("2x", "X", "takeout double", hcp=(12, 40), lens={"x": (0, 2), "unbid": at_least(3)}, order="x>C"),
    rule("2x", "X", "strong double", hcp=(18, 40), order="x>C"),
    rule("2x", "P", "nothing to show", order="x>C"),
    rule("3x", "cM", "overcall", hcp=(15, 17), lens={"M": at_least(5)}, longest=("M",), when=lambda s:
         s.cheapest_level(s.opening_strain()) <= 4),
    rule("3x", "3N", "to play", hcp=(16, 21), stop=("x",)),
    # a six-card major is bid rather than doubled: the doubler's partner would bid a minor
    rule("3x", "cM", "overcall, a six-card major", hcp=(13, 17), lens={"M": at_least(6)}, longest=("M",),
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    rule("3x", "X", "takeout double", hcp=(13, 40), lens={"x": (0, 2), "unbid": at_least(3)}),
    rule("3x", "X", "takeout double, the unbid majors", hcp=(13, 40),
         lens={"x": (0, 2), "unbidM": at_least(4)}),
    rule("3x", "cy", "overcall", hcp=(13, 17), lens={"y": at_least(6)}, longest=("y",), when=lambda s:
         s.cheapest_level(s.opening_strain()) <= 4),
    rule("3x", "X", "strong double", hcp=(18, 40)),
    rule("3x", "P", "nothing to show"),
    # fourth seat after an opening and a response
    rule("1x P ?y", "cz", "overcall", hcp=(10, 17), lens={"z": at_least(5)}, longest=("z",), when=lambda s:
         _level(s, -1) == 1 or s.cheapest_level(Strain.C) <= 2),
    rule("1x P ?y", "X", "takeout double of both bid suits", hcp=(12, 17), lens={"unbid": at_least(4)}),
    rule("1x P ?y", "X", "strong double", hcp=(18, 40)),
    rule("1x P ?y", "P", "nothing to show"),
    # over their 1NT response (6-10) the points are split: an opening hand's five-card suit overcalls
    rule("1x P 1N", "cy", "overcall", hcp=(13, 17), lens={"y": at_least(5)}, longest=("y",)),
    # opener when they overcall partner's 1NT response: a second five-card suit he can bid at the three
    # level at most (over their 3C a 3D or 3H) or a sixth card competes
    rule("1x P 1N ?y", "cz", "second five-card suit", hcp=(11, 17), lens={"x": at_least(5), "z": at_least(5)},
         where=lambda s, b: s.cheapest_level(b["z"].strain) <= 3),
    rule("1x P 1N ?y", "cx", "six-card suit", hcp=(11, 17), lens={"x": at_least(6)},
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 2),
    # over their raise to game a six-card major with few losers bids it (non-vulnerable)
    *_own_major_over_their_game("1x P 4x"),
    *_own_major_over_their_game("2x P 4x"),
    *_own_major_over_their_game("3x P 4x"),
    # over their limit raise the points are theirs: a takeout double or a six-card suit needs an opening
    # bid, a seven-card suit few losers
    rule("1x P 3x", "X", "takeout double", hcp=(13, 40), lens={"x": (0, 2), "unbid": at_least(3)}),
    rule("1x P 3x", "cy", "overcall", hcp=(13, 17), lens={"y": at_least(6)}, longest=("y",),
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    rule("1x P 3x", "cy", "overcall, a long suit", hcp=(8, 17), lens={"y": at_least(7)}, longest=("y",),
         losers=(0, 5), when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    rule("1x P 3x", "X", "strong double", hcp=(18, 40)),
    rule("1x P 3x", "P", "nothing to show"),
    rule("1x P 2x", "X", "takeout double", hcp=(12, 40), lens={"x": (0, 2), "unbid": at_least(3)}),
    # over their raise a five-card suit overcalls at the two level; at the three level (a lower suit) it
    # needs a sixth card or an opening bid: the raise has found their fit and the points are theirs
    rule("1x P 2x", "cy", "overcall", hcp=(10, 17), lens={"y": at_least(5)}, longest=("y",), order="y>x"),
    rule("1x P 2x", "cy", "overcall", hcp=(10, 17), lens={"y": at_least(6)}, longest=("y",)),
    rule("1x P 2x", "cy", "overcall", hcp=(13, 17), lens={"y": at_least(5)}, longest=("y",)),
    # too strong for an overcall and without the takeout shape: a strong double, not a pass
    rule("1x P 2x", "X", "strong double", hcp=(18, 40)),
    rule("1x P 2x", "P", "nothing to show"),
    # balancing when they stop in two of their fit
    rule("1x P 2x P P", "X", "balancing double", hcp=(9, 15), lens={"x": (0, 2), "unbid": at_least(3)},
         order="x>D"),
    # with an opening hand three of their major do not sell out to two of it: partner is short in it
    rule("1x P 2x P P", "X", "balancing double", hcp=(11, 15), lens={"x": (0, 3), "unbid": at_least(2)},
         order="x>D"),
    rule("1x P 2x P P", "cy", "balancing overcall", hcp=(7, 15), lens={"y": at_least(5)}, longest=("y",),
         order="y>x"),
    rule("1x P 2x P P", "P", "nothing to show"),
    *_advance_double_of_their_fit("1x P 2x P P X P"),
    # balancing when they stop in two of responder's suit
    rule("1x P 1y P 2y P P", "cz", "balancing overcall", hcp=(8, 15), lens={"z": at_least(5)}, longest=("z",),
         order="z>y"),
    # balancing when opener's two-level rebid is passed round: responder has a minimum and no fit, so the
    # points are split and a five-card suit competes for the partscore at the two level
    *_balancing_over_rebid("1x P 1y P 2x P P", "z"),
    *_balancing_over_rebid("1x P 1N P 2x P P", "y"),
    *_balancing_over_rebid("1x P 1y P 2z P P", "w"),
    *_balancing_over_rebid("1x P 1N P 2z P P", "y"),
    # advancing the takeout double of their raise: the longest unbid suit, game in a major with 12+
    rule("1x P 2x X P", "4M", "to play", hcp=(12, 40), lens={"M": at_least(5)}, force=SO),
    *_advance_double_of_their_fit("1x P 2x X P"),
    # and of their jump raise: a takeout double is not left in at the three level without their suit
    *_advance_double_of_their_fit("1x P 3x X P"),
    # advancing the fourth-seat takeout double
    rule("1x P ?y X P", "4M", "to play", hcp=(12, 40), lens={"M": at_least(5)}, force=SO),
    rule("1x P ?y X P", "jz", "invitational", hcp=(9, 11), lens={"z": at_least(4)}, rel=("z>=unbid",),
         force=INV),
    rule("1x P ?y X P", "cz", "advance", lens={"z": at_least(3)}, rel=("z>=unbid",)),
    rule("1x P ?y X P", "cN", "no suit to show", hcp=(6, 40)),
    rule("1x P ?y X P", "cz", "advance, no better call"),
    # balancing seat
    rule("1x P P", "1N", "balancing notrump", hcp=(11, 15), balanced=True, stop=("x",)),
    rule("1x P P", "X", "balancing double", hcp=(9, 40), lens={"x": (0, 2), "unbid": at_least(3)}),
    rule("1x P P", "cy", "balancing overcall", hcp=(7, 16), lens={"y": at_least(5)}, longest=("y",)),
    rule("1x P P", "X", "balancing double, strong", hcp=(16, 40), extra=(BIDS_AGAIN,)),
    rule("1x P P", "P", "nothing to show"),
    # responder after an overcall
    rule("1x 1y", "1z", "new suit", hcp=(6, 40), lens={"z": at_least(5)}, force=F),
    rule("1x ?y", "2z", "new suit", hcp=(10, 40), lens={"z": at_least(5)}, force=F),
    rule("1x 1y", "X", "negative double", hcp=(6, 40), lens={"unbidM": at_least(4)}, when=lambda s:
         len(s.bid_suits) < 3 and any(u not in s.bid_suits for u in _MAJORS)),
    rule("1x 2y", "X", "negative double", hcp=(8, 40), lens={"unbidM": at_least(4)}, when=lambda s:
         len(s.bid_suits) < 3 and any(u not in s.bid_suits for u in _MAJORS)),
    # over a minor overcall of a minor opening a hand too weak for a two-level new suit doubles with
    # one four-card major rather than pass: opener bids a four-card major or rebids
    *(rule("1m 2y", "X", "negative double, one four-card major", hcp=(8, 40), lens={major: at_least(4)},
           when=_both_majors_unbid) for major in ("S", "H")),
    rule("1M 1y", "3M", "limit raise", hcp=(10, 12), lens={"M": at_least(3)}, force=INV),
    rule("1M 1y", "2M", "raise", hcp=(6, 9), lens={"M": at_least(3)}),
    rule("1M 2y", "3M", "competitive raise", hcp=(6, 9), lens={"M": at_least(4)}),
    # the simple raise over a two-level overcall below the major (SAYC: 3+ trumps, 6-9 here, 10+ cue-bids): a
    # hand with three trumps passed and told "nothing to show", hiding the fit (1H 2D, K76.543.K873.983)
    rule("1M 2y", "2M", "raise", hcp=(6, 9), lens={"M": at_least(3)}),
    rule("1x 1y", "cy", CUE_RAISE, hcp=(11, 40), lens={"x": at_least(3)}, force=F,
         artificial=True),
    rule("1M 2y", "cy", CUE_RAISE, hcp=(10, 40), lens={"M": at_least(3)}, force=F,
         artificial=True),
    # over a three-level preempt below the major the cue bid is the strong raise (game forcing, slam
    # interest), so that the raise to game stays the weaker, preemptive one opener never goes on over
    rule("1M 3y", "cy", "cue bid, strong raise", hcp=(CUE_RAISE_OVER_PREEMPT, 40), lens={"M": at_least(3)},
         force=GF, artificial=True, order="M>y"),
    rule("1M 3y", "4M", "to play", dummy_points=(10, 40), lens={"M": at_least(4)}, force=SO),
    rule("1M 3y", "3M", "raise", hcp=(7, 11), lens={"M": at_least(3)}),
    rule("1M 3y", "4M", "to play", hcp=(12, 40), lens={"M": at_least(3)}, force=SO),
    # a new suit at the three level (no room to show it at two) is natural and forcing
    rule("1x ?y", "3z", "new suit at the three level", hcp=(11, 40), lens={"z": at_least(5)}, longest=("z",),
         force=F, when=lambda s: _level(s, -1) >= 2),
    # opener after the forcing new suit at the three level: a six-card suit at three, game in a new major
    # with three-card support, notrump with their suit stopped, else a raise of a minor with three;
    # responder then bids game in opener's six-card major
    rule("1x ?y 3z P", "cx", "six-card suit", lens={"x": at_least(6)},
         when=lambda s: _level(s, -3) >= 2 and s.cheapest_level(s.opening_strain()) == 3),
    rule("1x ?y 3M P", "4M", "three-card support", lens={"M": at_least(3)}, force=SO,
         when=lambda s: _level(s, -3) >= 2),
    rule("1x ?y 3z P", "3N", "their suit stopped", stop=("y",), force=SO, when=lambda s: _level(s, -3) >= 2),
    rule("1x ?y 3z P", "4z", "support", lens={"z": at_least(3)}, when=lambda s: _level(s, -3) >= 2),
    # opener's own minor again at four (no room at three) is passed by the fallback below game: the new
    # suit was forcing with 11+, so responder bids game in it with two or more
    rule("1m ?y 3z P 4m P", "5m", "game in opener's minor", lens={"m": at_least(2)}, force=SO,
         when=lambda s: _level(s, -5) >= 2),
    rule("1M ?y 3z P 3M P", "4M", "to play", lens={"M": at_least(2)}, force=SO,
         when=lambda s: _level(s, -5) >= 2),
    # responder over opener's 3NT (their suit stopped, no six-card suit at three, no three-card raise): a
    # seven-card major, or a six-card one with five losers at most, plays four of it (3NT went down on two of
    # the four tuning deals, and scored less on the other two)
    rule("1x ?y 3M P 3N P", "4M", "to play, seven cards", lens={"M": at_least(7)}, force=SO,
         when=lambda s: _level(s, -5) >= 2),
    rule("1x ?y 3M P 3N P", "4M", "to play, six cards", lens={"M": at_least(6)}, losers=(0, 5), force=SO,
         when=lambda s: _level(s, -5) >= 2),
    # opener after responder's free new suit at two (10+) when advancer raises the overcall: a minimum
    # (12-14) with their suit stopped, no six-card suit and at most two of responder's major bids 2NT, not
    # game (3NT on 12-14 opposite the 10-11 free bid made 2 of 7 games); with three of the major and no
    # game values he raises it to three; game in the fit (four trumps or 14+ points) and six-card suits are
    # left to the fallback
    rule("1x 1y 2z 2y", "2N", "minimum, their suit stopped", hcp=(12, 14), stop=("y",), lens={"x": (0, 5)},
         where=lambda s, b: b["z"].strain <= Strain.D),
    rule("1x 1y 2z 2y", "2N", "minimum, their suit stopped, at most two of partner's major", hcp=(12, 14),
         stop=("y",), lens={"x": (0, 5), "z": (0, 2)}, where=lambda s, b: b["z"].strain >= Strain.H),
    rule("1x 1y 2z 2y", "3z", "three-card support, minimum", points=(0, 13), dummy_points=(0, 13),
         lens={"z": (3, 3)}, where=lambda s, b: b["z"].strain >= Strain.H),
    # opener after responder's free two-level new suit over a one-level overcall (10+ HCP, forcing): as
    # without the overcall, notrump with their suit stopped, a four-card major at two (game forcing), a
    # raise with four (a major with three), else his own suit; not a jump to game past a major and 3NT
    rule("1x 1y 2z P", "2N", "balanced minimum, their suit stopped", hcp=(11, 14), balanced=True,
         stop=("y",), force=F, when=_partner_unpassed),
    rule("1x 1y 2z P", "cM", "four-card major, game forcing", lens={"M": at_least(4)}, force=GF,
         where=lambda s, b: s.cheapest_level(b["M"].strain) == 2, when=_partner_unpassed),
    rule("1x 1y 2z P", "3N", "balanced, extra values, their suit stopped", hcp=(15, 18), balanced=True,
         stop=("y",), force=SO, when=_partner_unpassed),
    rule("1x 1y 2z P", "3z", "raise", hcp=(11, 14), lens={"z": at_least(4)}, force=F,
         where=lambda s, b: b["z"].strain >= Strain.H, when=_partner_unpassed),
    rule("1x 1y 2z P", "3z", "raise", hcp=(11, 14), lens={"z": at_least(4)},
         where=lambda s, b: b["z"].strain <= Strain.D, when=_partner_unpassed),
    rule("1x 1y 2z P", "3z", "raise", hcp=(11, 14), lens={"z": (3, 3)}, force=F,
         where=lambda s, b: b["z"].strain >= Strain.H, when=_partner_unpassed),
    rule("1x 1y 2z P", "cx", "rebids the suit", lens={"x": at_least(5)}, when=_partner_unpassed),
    # responder (10+) after opener's forcing rebid: game in opener's major with four trumps and 12+ (his
    # new major forces to game, as the fallback's did), in responder's major raised, or 3NT with their
    # suit stopped; over opener's own suit at two 2NT invites. With 10-11 he does not pass the forcing
    # rebids: 3NT over 2NT, game over the raise of his major. The raise of his minor and opener's own suit
    # do not force (10-11 opposite 11-14: 3NT over the minor raise lost; a pass is then no contradiction);
    # over opener's suit at two 10-11 raises with three or rebids a six-card suit, invitations
    rule("1x 1y 2z P 2M P", "4M", "to play", hcp=(12, 40), lens={"M": at_least(4)}, force=SO, when=_unpassed),
    rule("1x 1y 2z P 3z P", "4z", "to play", hcp=(10, 40), order="z>D", force=SO, when=_unpassed),
    rule("1x 1y 2z P 2N P", "3N", "to play", hcp=(10, 40), force=SO, when=_unpassed),
    rule("1x 1y 2z P ?w P", "3N", "to play, their suit stopped", hcp=(12, 40), stop=("y",), force=SO,
         when=lambda s: _unpassed(s) and s.cheapest_level(Strain.NT) <= 3),
    rule("1x 1y 2z P 2x P", "2N", "invitational, their suit stopped", hcp=(10, 11), stop=("y",), force=INV,
         when=_unpassed),
    rule("1x 1y 2z P 2x P", "3x", "invitational, three-card support", hcp=(10, 11), lens={"x": at_least(3)},
         force=INV, when=_unpassed),
    rule("1x 1y 2z P 2x P", "3z", "invitational, six cards", hcp=(10, 11), lens={"z": at_least(6)}, force=INV,
         when=_unpassed),
    # opener after the competitive raise over a two-level overcall (6-9 HCP, four trumps): game with 15+
    rule("1M 2y 3M P", "4M", "to play", points=(15, 50), force=SO),
    rule("1M 2y 3M P", "P", "minimum", points=(0, 14)),
    # opener after the raise over a three-level jump overcall (7-11 HCP, three trumps): game with 14+ points
    rule("1M 3y 3M P", "4M", "to play", points=(14, 50), force=SO),
    rule("1M 3y 3M P", "P", "minimum", points=(0, 13)),
    rule("1x 3y", "X", "negative double", hcp=(8, 40), lens={"unbidM": at_least(4)}, when=lambda s:
         len(s.bid_suits) < 3 and any(u not in s.bid_suits for u in _MAJORS)),
    # over a three-level overcall of a minor opening the double needs only one four-card major (no room to
    # bid it at three with 8-10 HCP): opener bids a four-card major, hearts first, else notrump or his suit
    *(rule("1m 3y", "X", "negative double, one four-card major", hcp=(10, 40), lens={major: at_least(4)},
           when=_both_majors_unbid) for major in ("S", "H")),
    rule("1x 3y", "3N", "to play", hcp=(10, 17), stop=("y",)),
    rule("1x ?y", "3N", "to play", hcp=(13, 17), balanced=True, stop=("y",)),
    # natural, not promising a balanced hand: requiring one (1C 1H with 73.QJ732.K9654.4 passes) lost
    # 17 IMPs on two tuning sets (docs/performance.md, the thirty-eighth pass)
    rule("1x 1y", "1N", "natural, their suit stopped", hcp=(6, 10), stop=("y",)),
    rule("1x 1y", "2N", "invitational", hcp=(11, 12), stop=("y",), force=INV),
    rule("1m 1y", "2m", "raise", hcp=(6, 10), lens={"m": at_least(4)}),
    rule("1m 2y", "3m", "raise", hcp=(6, 10), lens={"m": at_least(4)}),
    rule("1x 2y", "2N", "invitational", hcp=(11, 12), stop=("y",), force=INV),
    rule("1x ?y", "X", "values", hcp=(10, 40)),
    _penalty_double("1x 1N", "penalty double", hcp=(9, 40)),
    rule("1M 1N", "2M", "raise", hcp=(5, 8), lens={"M": at_least(3)}),
    rule("1x 1N", "2y", "to play", hcp=(4, 8), lens={"y": at_least(5)}, longest=("y",)),
    # (over a pass the responses' own tables tell what responder's pass shows)
    rule("1x _", "P", "nothing to show", when=lambda s: s.calls[-1] is not PASS),
    # opener when the response is overcalled
    rule("1x P 1y ?z", "4y", "raise to game", hcp=(14, 21), dummy_points=(19, 50), lens={"y": at_least(4)},
         order="y>D", force=SO),
    rule("1x P 1y ?z", "3y", "jump raise", hcp=(13, 18), dummy_points=(16, 18), lens={"y": at_least(4)},
         force=INV, when=lambda s: _raise_level(s) == 2),
    rule("1x P 1y ?z", "cy", "raise", hcp=(11, 15), lens={"y": at_least(4)},
         when=lambda s: _raise_level(s) <= 3),
    rule("1x P 1y ?z", "cy", "raise with three", hcp=(11, 15), lens={"y": (3, 3)},
         when=lambda s: _raise_level(s) == 2),
    rule("1x P 1y ?z", "jx", "six-card suit, extra values", hcp=(15, 18), points=(17, 21),
         lens={"x": at_least(6)}, force=INV, when=lambda s: s.cheapest_level(s.opening_strain()) == 2),
    rule("1x P 1y ?z", "cx", "six-card suit", hcp=(11, 16), lens={"x": at_least(6)},
         when=lambda s: s.cheapest_level(s.opening_strain()) == 2),
    rule("1x P 1y ?z", "1N", "balanced minimum", hcp=(12, 14), balanced=True, stop=("z",)),
    rule("1x P 1y ?z", "1w", "new suit", hcp=(11, 18), lens={"w": at_least(4)}),
    rule("1x P 1y ?z", "2w", "new suit", hcp=(12, 18), lens={"w": at_least(5)}, order="x>w"),
    rule("1x P 1y ?z", "2N", "balanced, extra values", hcp=(18, 19), balanced=True, stop=("z",), force=INV),
    _penalty_double("1x P 1y ?z", "penalty double", hcp=(12, 40), lens={"z": at_least(4)}, stop=("z",),
                    when=lambda s: _level(s, -1) >= 2),
    # a free rebid of the suit at the three level over their overcall (not doubling it) shows extras
    rule("1x P 1y ?z", "cx", "six-card suit, extra values", hcp=(15, 18), lens={"x": at_least(6)},
         when=lambda s: s.cheapest_level(s.opening_strain()) == 3),
    # over a one-level overcall opener with 16+ HCP and two or fewer of their suit doubles: extra values
    # (a hand that passed here missed the game opposite responder's 6+; no penalty double at the one level)
    rule("1x P 1y 1z", "X", "extra values, short in their suit", hcp=(16, 40), lens={"z": (0, 2)}),
    rule("1x P 1y ?z", "P", "nothing more to say"),
    # responder after that double: a penalty pass with four of their suit, game in a six-card major (9+ HCP)
    # or in notrump (10+, their suit stopped), the cue bid with other 10+ hands; with 0-9 his five-card
    # suit, preference, a new suit, his own suit, which opener passes with 16-18
    rule("1x P 1y 1z X P", "P", "penalty pass", hcp=(6, 40), lens={"z": at_least(4)}, stop=("z",)),
    rule("1x P 1y 1z X P", "4y", "six-card major, to play", hcp=(9, 40), lens={"y": at_least(6)}, order="y>D",
         force=SO),
    rule("1x P 1y 1z X P", "3N", "to play", hcp=(10, 40), stop=("z",), force=SO),
    rule("1x P 1y 1z X P", "cz", "cue bid, game values", hcp=(10, 40), force=GF, artificial=True),
    rule("1x P 1y 1z X P", "cy", "five-card suit, minimum", hcp=(0, 9), lens={"y": at_least(5)}),
    rule("1x P 1y 1z X P", "cx", "preference, minimum", hcp=(0, 9), lens={"x": at_least(3)}),
    rule("1x P 1y 1z X P", "cw", "new suit, minimum", hcp=(0, 9), lens={"w": at_least(4)}),
    rule("1x P 1y 1z X P", "cx", "preference, minimum", hcp=(0, 9), lens={"x": at_least(2)}),
    rule("1x P 1y 1z X P", "cy", "four-card suit, minimum", hcp=(0, 9)),
    # responder when opener passes the overcall, 13+ HCP and no other call: the cue bid (game forcing), not
    # 6NT with their suit open (slam.py's notrump slam now needs their suit stopped) nor a pass
    rule("1x P 1y 1z P P", "cz", "cue bid, game values", hcp=(13, 40), force=GF, artificial=True),
    # their raise over responder's game-forcing cue bid: opener bids a six-card suit or doubles with two of
    # theirs, else passes (forcing); responder, who forced to game, then bids his five-card major or doubles
    *(rule(f"{start} ?z ?z", call, text, lens=lens, penalty=call == "X")
      for start in ("1x P 1y 1z X P", "1x P 1y 1z P P")
      for call, text, lens in (("4x", "six-card suit, the cue bid forced to game", {"x": at_least(6)}),
                               ("X", "penalty, the cue bid forced to game", {"z": at_least(2)}),
                               ("P", "forcing pass, the cue bid forced to game", {}))),
    *(rule(f"{start} ?z ?z P P", call, text, lens=lens, force=SO if call == "4y" else None,
           penalty=call == "X")
      for start in ("1x P 1y 1z X P", "1x P 1y 1z P P")
      for call, text, lens in (("4y", "five-card major, game", {"y": at_least(5)}),
                               ("X", "penalty, the cue bid forced to game", {}))),
    # opener after responder's answer: game opposite the cue bid (a major with three of responder's suit,
    # notrump with theirs stopped, else his own suit, forcing); over a minimum answer 16-18 passes, 19-21
    # raises it or bids notrump with their suit stopped (invitational), 22+ bids game; their double of the
    # cue bid changes nothing (opener passed it, and responder guessed 3NT with their suit unstopped)
    rule("1x P 1y 1z X P ?z p", "4y", "game, three-card support", lens={"y": at_least(3)}, order="y>D",
         force=SO),
    rule("1x P 1y 1z X P ?z p", "3N", "game, their suit stopped", stop=("z",), force=SO),
    rule("1x P 1y 1z X P ?z p", "cx", "own suit, forcing", force=GF),
    # responder when opener rebids his suit over the cue bid (no stopper, no fit for a major): 3NT with their
    # suit stopped, else game in opener's suit with three of it
    rule("1x P 1y 1z X P ?z p ?x P", "3N", "game, their suit stopped", stop=("z",), force=SO),
    rule("1x P 1y 1z X P ?z p ?x P", "4x", "game in opener's major", lens={"x": at_least(3)}, order="x>D",
         force=SO),
    rule("1x P 1y 1z X P ?z p ?x P", "5x", "game in opener's minor", lens={"x": at_least(3)}, order="H>x",
         force=SO),
    *[r for a, n in (("y", 4), ("x", 6), ("w", 4)) for r in (
        rule(f"1x P 1y 1z X P ?{a} P", f"4{a}", "game in the fit", hcp=(22, 40), lens={a: at_least(n)},
             order=f"{a}>D", force=SO),
        rule(f"1x P 1y 1z X P ?{a} P", "3N", "game, their suit stopped", hcp=(22, 40), stop=("z",), force=SO),
        rule(f"1x P 1y 1z X P ?{a} P", f"c{a}", "invitational raise", hcp=(19, 21), lens={a: at_least(n)},
             force=INV),
        rule(f"1x P 1y 1z X P ?{a} P", "cN", "invitational, their suit stopped", hcp=(19, 21), stop=("z",),
             force=INV),
        rule(f"1x P 1y 1z X P ?{a} P", "P", "minimum double, 16-18", hcp=(16, 18)))],
    # opener when the pass-out seat balances
    rule("1x P P ?y", "jx", "six-card suit, extra values", hcp=(16, 19), lens={"x": at_least(6)}, force=INV,
         when=lambda s: s.cheapest_level(s.opening_strain()) == 2),
    rule("1x P P ?y", "X", "strong, short in their suit", hcp=(16, 40), lens={"y": (0, 2)}),
    rule("1x P P ?y", "cx", "six-card suit", hcp=(12, 15), lens={"x": at_least(6)},
         when=lambda s: s.cheapest_level(s.opening_strain()) == 2),
    rule("1x P P ?y", "1N", "balanced, 18-19", hcp=(18, 19), balanced=True, stop=("y",)),
    rule("1x P P ?y", "cz", "second suit", hcp=(15, 40), lens={"z": at_least(5)},
         when=lambda s: s.cheapest_level(Strain.C) <= 2),
    rule("1x P P ?y", "X", "strong", hcp=(19, 40)),
    rule("1x P P ?y", "P", "nothing more to say"),
    # opener when the pass-out seat balances with 1NT (11-15): a seven-card major with 19+ HCP plays game, a
    # six-card suit jumps with 16-21 (responder, who passed the opening, raises a major with 5+ HCP and two
    # trumps) or rebids at two with 11-15, and 15+ with a second five-card suit bids it at two
    rule("1x P P 1N", "4x", "seven-card major, 19+ HCP", hcp=(19, 40), lens={"x": at_least(7)}, order="x>D",
         force=SO),
    # with 22+ HCP a six-card major plays game, a six-card minor 3NT (its tricks run on their lead)
    rule("1x P P 1N", "4x", "six-card major, 22+ HCP", hcp=(22, 40), lens={"x": at_least(6)}, order="x>D",
         force=SO),
    rule("1x P P 1N", "3N", "six-card minor, 22+ HCP", hcp=(22, 40), lens={"x": at_least(6)}, force=SO),
    rule("1x P P 1N", "jx", "six-card suit, extra values", hcp=(16, 21), lens={"x": at_least(6)}, force=INV,
         when=lambda s: s.cheapest_level(s.opening_strain()) == 2),
    rule("1x P P 1N", "cx", "six-card suit", hcp=(11, 15), lens={"x": at_least(6)}),
    rule("1x P P 1N", "cz", "second suit", hcp=(15, 40), lens={"z": at_least(5)},
         when=lambda s: s.cheapest_level(Strain.C) <= 2),
    rule("1x P P 1N", "P", "nothing more to say"),
    rule("1x P P 1N 3x P", "4x", "accepts", hcp=(5, 40), lens={"x": at_least(2)}, order="x>D", force=SO),
    rule("1x P P 1N 3x P", "P", "declines"),
    # opener's own suit when the takeout double is advanced (SAYC: his rebids are natural, as without it):
    # game in a seven-card major with four losers or a six-card one with 19+ HCP, a jump with a six-card
    # suit and 16+; these come before the second suit, which partner may pass (1H X P 2C: 3.AKQJ964.AKJ2.2
    # bids 4H, not 2D)
    *_opener_own_suit_over_advance("1x X P ?y"),
    # opener when the takeout double is advanced: a new suit at the two level shows extra values (18+)
    rule("1x X P ?y", "2z", "second suit, extra values", hcp=(18, 40), lens={"z": at_least(4)}),
    # responder after opener doubles the balancing bid
    rule("1x P P ?y X P", "P", "penalty pass", lens={"y": at_least(5)}),
    rule("1x P P ?y X P", "cz", "advance", lens={"z": at_least(4)}, longest=("z",)),
    rule("1x P P ?y X P", "cx", "preference", lens={"x": at_least(2)}),
    rule("1x P P ?y X P", "cz", "advance", lens={"z": at_least(3)}),
    # opener after that advance: a major game with four trumps and 19+ HCP (the double promised shortness in
    # their suit, so the eight-card fit plays opposite the little a passed partner holds)
    rule("1x P P ?y X P ?z P", "4z", "to play, four trumps", hcp=(19, 40), lens={"z": at_least(4)},
         order="z>D", force=SO),
    # responder after a new suit when they raise the overcall and opener passes: a six-card suit or a
    # second five-card suit competes rather than selling out
    rule("1x ?y ?z ?y P P", "cz", "six-card suit", hcp=(6, 40), lens={"z": at_least(6)},
         when=lambda s: _level(s, -3) <= 2),
    rule("1x ?y ?z ?y P P", "cw", "second five-card suit", hcp=(10, 40),
         lens={"z": at_least(5), "w": at_least(5)}, when=lambda s: _level(s, -3) <= 2),
    # responder after his forcing new major and opener's rebid (the opponents silent): without game values
    # rebid a six-card major rather than pass opener's rebid (game hands are left to the fallback's search)
    rule("1x ?y ?M P _ P", "cM", "six-card major", hcp=(0, 11), lens={"M": at_least(6)},
         when=_own_suit_at_three),
    # opener after the cue-bid raise of a minor (limit raise or better): notrump with their suit stopped, 3NT
    # with extra values; else three of the minor with a minimum
    rule("1m 1y 2y P", "3N", "extra values, their suit stopped", hcp=(15, 21), stop=("y",), force=SO),
    rule("1m 1y 2y P", "2N", "minimum, their suit stopped", hcp=(11, 14), stop=("y",)),
    rule("1m 1y 2y P", "3m", "minimum", hcp=(11, 14)),
    # the cue bidder over that minimum: 3NT with 11+ and their suit stopped (11-14 opposite 11+, the minor's
    # tricks running; the fallback wanted 12: forty-first pass, 3NT made 7 times of 11 where 11 passed)
    rule("1m 1y 2y P 3m P", "3N", "to play, their suit stopped", hcp=(11, 40), stop=("y",), force=SO),
    # without their suit stopped (nor in opener's minimum: he would have bid 2NT) the minor: game with a
    # five-card suit and 13+ points or six losers at most, else three of it is the contract
    rule("1m 1y 2y P 3m P", "5m", "game in the minor, their suit not stopped", points=(13, 50),
         lens={"m": at_least(5)}, no_stop=("y",), force=SO),
    rule("1m 1y 2y P 3m P", "5m", "game in the minor, their suit not stopped", losers=(0, 6),
         lens={"m": at_least(5)}, no_stop=("y",), force=SO),
    rule("1m 1y 2y P 3m P", "P", "to play in the minor", no_stop=("y",)),
    # opener after responder's invitational 2NT over the overcall (11-12, their suit stopped): a void or
    # singleton in their suit and a six-card suit play three of it; else 3NT with 14+ HCP
    rule("1x ?y 2N P", "cx", "six-card suit, short in their suit", hcp=(11, 15),
         lens={"x": at_least(6), "y": (0, 1)}, force=SO),
    rule("1x ?y 2N P", "3N", "accepts", hcp=(14, 40), force=SO),
    rule("1x ?y 2N P", "P", "declines", hcp=(0, 13)),
    # opener after responder's 1NT over the overcall (6-10, their suit stopped): as after 1x P 1N P, a new
    # suit at two below the first is natural and not forcing, a higher one a reverse (1C 1H 1NT P: 2D was
    # the fallback's "game forcing, 15+"); the minimum passes first, as it did: bidding on with 11-16 lost
    # on ten of eleven tuning deals changed (opposite 6-10, their side passed out in two of our suit or
    # pushed higher where their balancing went down); so the lower new suit shows 17 HCP, the top of the
    # range, and the six-card rebid (11-14, never reached behind the pass) is not a rule
    rule("1x 1y 1N P", "P", "minimum", hcp=(11, 16)),
    rule("1x 1y 1N P", "2z", "second five-card suit", hcp=(17, 17), lens={"x": at_least(5), "z": at_least(5)},
         order="x>z"),
    rule("1x 1y 1N P", "2z", "new suit, not forcing", hcp=(17, 17), lens={"z": at_least(4)}, order="x>z"),
    rule("1x 1y 1N P", "2z", "reverse", hcp=(17, 21), lens={"z": at_least(4)}, rel=("x>=z",), force=F,
         order="z>x"),
    # opener after the strong cue-bid raise over a three-level preempt: Blackwood with extras, or with a
    # seven-card suit, two aces and five losers (trial39b: KT86432.AJ92..A4 signed off, 7S cold), else game;
    # over a double of the strong cue raise the same: opener never leaves the cue bid in doubled, and the
    # cue bidder takes out opener's pass (the strong raise is game forcing)
    *(ask for pattern in ("1M 3y 4y P", "1M 3y 4y X") for ask in (
        rule(pattern, "4N", "Blackwood, extras opposite the strong raise", hcp=(OPENER_SLAM_EXTRAS, 40),
             force=F, artificial=True, convention="Blackwood", order="M>y"),
        rule(pattern, "4N", "Blackwood, a seven-card suit and two aces opposite the strong raise",
             lens={"M": at_least(7)}, aces=(2, 3, 4), losers=(0, SEVEN_CARD_SLAM_LOSERS), force=F,
             artificial=True, convention="Blackwood", order="M>y"))),
    rule("1M 3y 4y X", "4M", "game opposite the strong raise", force=SO, order="M>y"),
    rule("1M 3y 4y X P P", "4M", "game, the strong raise is game forcing", force=SO,
         order="M>y"),
    rule("1M 3y 4y P", "4M", "game opposite the strong raise, minimum", force=SO,
         order="M>y"),
    # opener after the cue-bid raise
    rule("1M ?y ?y P", "4M", "to play", points=(15, 50), force=SO, when=_overcall_below_three),
    rule("1M ?y ?y P", "cM", "minimum", when=_overcall_below_three),
    # the cue bidder after opener's minimum: game with an opening bid's values, else the limit raise is done
    rule("1M ?y ?y P 3M P", "4M", "to play", hcp=(13, 40), force=SO),
    rule("1M ?y ?y P 3M P", "P", "a limit raise, declined", hcp=(0, 12)),
    # opener after a negative double
    # with both majors unbid and four hearts at least as long as the spades, hearts first: the doubler,
    # who may hold only spades, bids them next
    rule("1x ?y X P", "jH", "jump in hearts", hcp=(16, 21), lens={"H": at_least(4)}, rel=("H>=S",),
         when=_both_majors_unbid),
    rule("1x ?y X P", "cH", "hearts", lens={"H": at_least(4)}, rel=("H>=S",), when=_both_majors_unbid),
    rule("1x ?y X P", "jM", "jump in an unbid major", hcp=(16, 21), lens={"M": at_least(4)}),
    rule("1x ?y X P", "cM", "unbid major", lens={"M": at_least(4)}),
    rule("1x ?y X P", "1N", "balanced minimum", hcp=(11, 14), balanced=True, stop=("y",)),
    # over a jump overcall a balanced 18-19 with their suit stopped bids the notrump game itself
    rule("1x ?y X P", "3N", "balanced 18-19 over a jump overcall", hcp=(18, 19), balanced=True,
         stop=("y",), force=SO, when=_over_jump_overcall),
    # a balanced 18-19 with their suit stopped shows it (SAYC): 2NT over a one-level overcall, 3NT over a
    # two-level one; the doubler may hold as little as 6-7 HCP, so only the jump is invitational
    rule("1x 1y X P", "2N", "balanced 18-19, their suit stopped", hcp=(18, 19), balanced=True, stop=("y",),
         force=INV),
    rule("1x 2y X P", "3N", "balanced 18-19, their suit stopped", hcp=(18, 19), balanced=True, stop=("y",),
         force=SO),
    # a strong hand with a six-card suit is not shown by a minimum rebid: a six-card major with 19+ plays
    # game in it; else, with their suit stopped, the long suit runs in 3NT
    rule("1x ?y X P", "4x", "six-card major, 19+ HCP", hcp=(19, 21), lens={"x": at_least(6)}, order="x>D",
         force=SO, when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    rule("1x ?y X P", "3N", "six-card suit, 18+ HCP, their suit stopped", hcp=(18, 21),
         lens={"x": at_least(6)}, stop=("y",), force=SO, when=lambda s: s.cheapest_level(Strain.NT) <= 3),
    # playing strength counts as well as high cards: a six-card major with four losers plays game opposite the
    # doubler's 6+ (1S 2C X P: AKQT76.9.KQJT82., 15 HCP, bids 4S, not 2S), and a good six-card suit (two of
    # the top three honours) with five losers jumps to three (a jump to four of a minor passes 3NT)
    rule("1x ?y X P", "4x", "six-card major, four losers", hcp=(11, 21), lens={"x": at_least(6)},
         losers=(0, 4), order="x>D", force=SO, when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    rule("1x ?y X P", "jx", "six-card suit, extra values", hcp=(16, 18), lens={"x": at_least(6)}, force=INV),
    rule("1x ?y X P", "jx", "good six-card suit, five losers", hcp=(11, 18), lens={"x": at_least(6)},
         losers=(0, 5), strong=("x",), force=INV, when=_jump_at_three),
    # the double promised four cards in the one unbid major: 18+ HCP with three of it jump there
    rule("1x 2y X P", "jM", "jump in the unbid major, three cards", hcp=(18, 21), lens={"M": (3, 3)},
         when=lambda s: not _both_majors_unbid(s) and s.cheapest_level(Strain.NT) <= 3),
    # over a three-level overcall opener with their suit stopped bids 3NT, a minimum included (SAYC): the
    # doubler's 8+ at the three level make the game as often as four of a minor at the four level
    rule("1x 3y X P", "3N", "balanced, their suit stopped", hcp=(11, 17), balanced=True, stop=("y",),
         force=SO),
    rule("1x ?y X P", "cx", "six-card suit", lens={"x": at_least(6)}),
    rule("1x ?y X P", "cz", "new suit", lens={"z": at_least(4)}),
    # else the opening's suit again, as long as the opening showed: a major's five, a minor's three (a
    # minor's 4+ moved three deals on the bench, two lost: partner bid five of the minor on the reading)
    rule("1x ?y X P", "cx", "rebid", lens={"x": at_least(5)}, order="x>D"),
    rule("1x ?y X P", "cx", "rebid", lens={"x": at_least(3)}, order="H>x"),
    # opener after the negative double when advancer raises the overcall
    rule("1x ?y X ?y", "4M", "game in the unbid major", dummy_points=(18, 50), lens={"M": at_least(4)},
         force=SO, when=lambda s: s.cheapest_level(Strain.H) <= 4),
    rule("1x ?y X ?y", "cM", "unbid major", lens={"M": at_least(4)},
         when=lambda s: s.cheapest_level(Strain.S) <= 3),
    rule("1x ?y X ?y", "cx", "six-card suit", lens={"x": at_least(6)}, when=lambda s: _level(s, -1) <= 2),
    rule("1x ?y X ?y", "cx", "six-card suit, extra values", hcp=(15, 40), lens={"x": at_least(6)},
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    rule("1x ?y X ?y", "X", "extra values, short in their suit", hcp=(16, 40), lens={"y": (0, 2)}),
    rule("1x ?y X ?y", "P", "nothing more to say"),
    # the negative doubler after opener's double of the raise: a major, notrump, opener's suit, else defend
    rule("1x ?y X ?y X P", "cM", "unbid major", lens={"M": at_least(5)},
         when=lambda s: s.cheapest_level(Strain.H) <= 4),
    rule("1x ?y X ?y X P", "3N", "to play", stop=("y",), force=SO),
    rule("1x ?y X ?y X P", "P", "penalty pass", lens={"y": at_least(3)}),
    rule("1x ?y X ?y X P", "cx", "preference", lens={"x": at_least(3)},
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    rule("1x ?y X ?y X P", "P", "defends"),
    # the negative doubler when opener passes the raise
    # game in a six-card unbid major with 10+ HCP: the double hid a suit too long to leave at the three level
    rule("1x ?y X ?y P P", "4M", "six-card unbid major, to play", hcp=(10, 40), lens={"M": at_least(6)},
         force=SO, when=lambda s: s.cheapest_level(Strain.H) <= 4),
    rule("1x ?y X ?y P P", "cM", "five-card unbid major", lens={"M": at_least(5)},
         when=lambda s: s.cheapest_level(Strain.S) <= 3),
    # the negative doubler after opener's simple rebid of his own suit (11-15), with 13+ HCP: game in the
    # major with three trumps (or two opposite a six-card rebid), else in notrump with their suit stopped
    rule("1M ?y X P ?M P", "4M", "to play, three trumps", hcp=(13, 40), lens={"M": at_least(3)}, force=SO,
         when=_simple_rebid),
    # opener's rebid of a six-card major: two trumps make eight, so game with 13+ HCP
    rule("1M ?y X P ?M P", "4M", "to play, two trumps opposite six", hcp=(13, 40), lens={"M": (2, 2)},
         force=SO, when=_opener_rebid_six),
    rule("1x ?y X P ?x P", "3N", "to play", hcp=(13, 40), stop=("y",), force=SO,
         when=lambda s: _simple_rebid(s) and s.cheapest_level(Strain.NT) <= 3),
    # without their suit stopped the negative doubler with 13+ and two or more of opener's minor cue-bids
    # it at the three level at most (SAYC): it asks opener for a stopper, 3NT with one, else the cheapest
    # bid in his minor (three over a two-level cue, four over a three-level one), which the asker raises to
    # game on the fit (with fewer than two he bids naturally); over a
    # three-level overcall the cue is at four, past 3NT: game values and the fit, and opener bids five of
    # his minor
    rule("1m ?y X P ?m P", "cy", "game values, asks for a stopper in their suit", hcp=(13, 40),
         lens={"m": at_least(2)}, force=GF, artificial=True, when=_stopper_ask_at_three),
    rule("1m ?y X P ?m P", "cy", "game values, two or more of opener's minor",
         hcp=(13, 40), lens={"m": at_least(2)}, force=GF, artificial=True,
         when=lambda s: _simple_rebid(s) and not _stopper_ask_at_three(s)),
    rule("1m ?y X P ?m P ?y P", "5m", "game in his minor", force=SO, when=lambda s: _level(s, -2) == 4),
    rule("1m ?y X P ?m P ?y P", "3N", "their suit stopped", stop=("y",), force=SO),
    rule("1m ?y X P ?m P ?y P", "4m", "no stopper", force=GF, when=lambda s: _level(s, -2) == 3),
    rule("1m ?y X P ?m P ?y P", "3m", "no stopper", force=GF, when=lambda s: _level(s, -2) == 2),
    rule("1m ?y X P ?m P ?y P 3m P", "5m", "game in opener's minor, two or more of it",
         lens={"m": at_least(2)}, force=SO),
    rule("1m ?y X P ?m P ?y P 4m P", "5m", "game in opener's minor, two or more of it",
         lens={"m": at_least(2)}, force=SO),
    # a six-card major rebid at the three level, where the double promised values: two trumps and 8-10 HCP
    # play the eight-card fit in game (made 6 times of 10 on the tuning sets, where the doubler passed)
    rule("1M ?y X P 3M P", "4M", "to play, two trumps opposite six at the three level", hcp=(8, 10),
         lens={"M": at_least(2)}, force=SO, when=_opener_rebid_six),
    # the negative doubler after opener's major, advancer silent or raising
    *_doubler_after_major("1x ?y X P ?M P"),
    # the negative doubler with four spades but not four hearts shows them after opener's hearts at three;
    # opener raises with four (three without a stopper), else 3NT with their suit stopped, else his minor
    rule("1m 3y X P 3H P", "3S", "four spades, not four hearts", lens={"S": at_least(4), "H": (0, 3)},
         force=F),
    rule("1m 3y X P 3H P 3S P", "4S", "four spades", lens={"S": at_least(4)}, force=SO),
    rule("1m 3y X P 3H P 3S P", "3N", "their suit stopped", stop=("y",), force=SO),
    rule("1m 3y X P 3H P 3S P", "4S", "three spades", lens={"S": (3, 3)}, force=SO),
    rule("1m 3y X P 3H P 3S P", "cm", "no fit, no stopper"),
    # the negative doubler with a six-card major too weak for a free bid at two (or three) shows it after
    # opener's rebid in a minor or notrump, to play
    rule("1x ?y X P _ P", "cM", "six-card major, to play", hcp=(0, 12), lens={"M": at_least(6)}, force=SO,
         when=_major_at_three_after_non_major),
    rule("1x ?y X ?y ?M P", "4M", "to play", dummy_points=(12, 40), lens={"M": at_least(4)}, force=SO),
    *_doubler_after_major("1x ?y X ?y ?M P"),
    # advancing a notrump overcall
    rule("1x 1N P", "4M", "to play", hcp=(8, 15), lens={"M": at_least(6)}, force=SO),
    rule("1x 1N P", "2M", "to play", hcp=(0, 7), lens={"M": at_least(5)}, force=SO),
    *_stayman_over_notrump_overcall(),
    rule("1x 1N P", "3N", "to play", hcp=(10, 15), force=SO),
    rule("1x 1N P", "2N", "invitational", hcp=(8, 9), force=INV),
    rule("1x 1N P", "P", "weak", hcp=(0, 7)),
    rule("1x 1N P 2N P", "3N", "accepts", hcp=(17, 18)),
    # 16 with a five-card suit accepts too: the long suit is the ninth trick opposite 8-9
    rule("1x 1N P 2N P", "3N", "accepts, a five-card suit", hcp=(16, 16), points=(17, 50)),
    rule("1x 1N P 2N P", "P", "declines", hcp=(0, 16)),
    # advancer when responder bids over partner's 1NT overcall
    *_advance_notrump_overcall("1x 1N 2x", "x"),
    *_advance_notrump_overcall("1x 1N 2y", "y"),
    # advancing an overcall of their 1NT (10-15 HCP, six cards or a five-card major and a second suit)
    *_advance_overcall_of_notrump("1N 2M P"),
    # without a fit (two cards or fewer in partner's suit) advancer shows a five-card major of his own with
    # 10+ HCP, not forcing; the overcaller raises to game with three trumps and 13+ HCP
    rule("1N 2y P", "cM", "five-card major, not forcing", hcp=(10, 40), lens={"M": at_least(5), "y": (0, 2)},
         longest=("M",)),
    rule("1N 2y P ?M P", "4M", "three-card support, to play", hcp=(13, 40), lens={"M": at_least(3)},
         force=SO),
    *AFTER_REDOUBLE,
    # advancing a takeout double when responder bids a new suit at one or raises to two: a free bid in a
    # four-card suit shows some values
    rule("1x X ?y", "cz", "free advance", hcp=(6, 11), lens={"z": at_least(4)}, rel=("z>=unbid",),
         when=lambda s: s.cheapest_level(Strain.C) <= 2),
    rule("1x X 2x", "cz", "free advance", hcp=(6, 11), lens={"z": at_least(4)}, rel=("z>=unbid",),
         when=lambda s: s.cheapest_level(Strain.C) <= 3),
    # advancing a takeout double when they raise to three: a six-card major competes at three rather than
    # pass (no rule answered it), and the doubler raises with game values
    rule("?x X ?x", "cM", "competes over their raise to three, a six-card major", hcp=(5, 11),
         lens={"M": at_least(6)}, when=_raise_to_three_below_spades),
    # advancing a takeout double
    rule("?x X P", "4M", "to play", hcp=(12, 40), lens={"M": at_least(5)}, force=SO),
    rule("?x X P", "3N", "to play", hcp=(12, 40), balanced=True, stop=("x",), force=SO),
    # at the three level five trumps with a stopper defend: their preempt is going down
    rule("3x X P", "P", "penalty pass", lens={"x": at_least(5)}, hcp=(8, 40), stop=("x",)),
    rule("?x X P", "P", "penalty pass", lens={"x": at_least(6)}, hcp=(8, 40)),
    # over the double of a three-level preempt a six-card major is game with 7+ HCP (nine trumps opposite
    # the double's three, opening values): the cheapest advance undersold it
    rule("3x X P", "4M", "to play, six cards", hcp=(7, 40), lens={"M": at_least(6)}, longest=("M",),
         force=SO),
    # over a weak two five trumps headed by two of the top three, 9+ HCP and no four-card unbid major (the
    # double asked for it) defend, though they sit under the opener: the doubler's 12+ and these trumps beat
    # it more than a partscore of ours makes (13 sets: taking it out lost 0.0011 a deal; four trumps, or
    # four of the unbid major, bid on: KJ32.AQ98.32.432 over 2H X bids 3S)
    rule("2x X P", "P", "penalty pass, five good trumps", lens={"x": at_least(5), "unbidM": (0, 3)},
         strong=("x",), hcp=(9, 40), when=_weak_two_opened),
    rule("?x X P", "cx", "cue bid", hcp=(12, 40), force=F, artificial=True),
    rule("?x X P", "jM", "invitational", hcp=(9, 11), lens={"M": at_least(4)}, longest=("M",), force=INV),
    rule("?x X P", "cM", "advance", hcp=(0, 8), lens={"M": at_least(4)}),
    rule("?x X P", "1N", "natural", hcp=(6, 10), stop=("x",)),
    rule("?x X P", "2N", "invitational", hcp=(11, 12), stop=("x",), force=INV),
    rule("?x X P", "jy", "invitational", hcp=(9, 11), lens={"y": at_least(4)}, longest=("y",), force=INV),
    rule("?x X P", "cy", "advance", lens={"y": at_least(3)}, rel=("y>=unbid",)),
    # advancing an overcall
    rule("1x 1y P", "4y", "to play", hcp=(13, 40), lens={"y": at_least(3)}, order="y>D", force=SO),
    # not vulnerable, five trumps jump to game in the major: ten trumps together (law of total tricks)
    rule("1x 1y P", "4y", "preemptive raise", hcp=(0, 8), lens={"y": at_least(5)}, order="y>D", force=SO,
         vul="nonvul"),
    rule("1x 1y P", "cx", CUE_RAISE, hcp=(11, 40), lens={"y": at_least(3)},
         force=F, artificial=True),
    rule("1x 1y P", "2y", "raise", hcp=(6, 10), lens={"y": at_least(3)}),
    rule("1x 1y P", "3y", "preemptive raise", hcp=(0, 8), lens={"y": at_least(4)}),
    rule("1x 1y P", "3N", "to play", hcp=(15, 40), stop=("x",)),
    rule("1x 1y P", "cz", "new suit, six cards", hcp=(8, 14), lens={"z": at_least(6)}, longest=("z",)),
    rule("1x 1y P", "1N", "natural", hcp=(8, 11), stop=("x",)),
    # 12-14 with their suit stopped and no fit invites game in notrump (SAYC's 2NT advance), where the
    # hand had passed with nothing to show between the 1NT and 3NT advances
    rule("1x 1y P", "2N", "invitational", hcp=(12, 14), stop=("x",), force=INV),
    rule("1x 1y P", "cz", "new suit", hcp=(8, 40), lens={"z": at_least(5)}),
    # 12+ HCP without a fit, a five-card suit or their suit stopped: SAYC's cue bid, forcing, asks the
    # overcaller to describe (2NT with their suit stopped), where the hand had passed; the same call as the
    # cue-bid raise, the two told apart by advancer's next call (`_advancer_after_cue_bid`)
    rule("1x 1y P", "cx", CUE_WITHOUT_FIT, hcp=(12, 40), lens={"y": (0, 2), "unbid": (0, 4)}, no_stop=("x",),
         force=F, artificial=True),
    rule("1x 1y P", "P", "nothing to show"),
    # the one-level overcaller after advancer's 2NT invitation (12-14, their suit stopped): game with the
    # upper half of the overcall, a six-card major's game rather than 3NT
    rule("1x 1y P 2N P", "4y", "accepts, a six-card major", hcp=(12, 40), lens={"y": at_least(6)},
         order="y>D", force=SO),
    rule("1x 1y P 2N P", "3N", "accepts", hcp=(12, 40), force=SO),
    rule("1x 1y P 2N P", "3N", "accepts, a six-card suit", hcp=(10, 11), lens={"y": at_least(6)}, force=SO),
    rule("1x 1y P 2N P", "3y", "declines, a six-card suit", hcp=(0, 11), lens={"y": at_least(6)}, force=SO),
    rule("1x 1y P 2N P", "P", "declines", hcp=(0, 11)),
    # advancer after the overcaller's answer to his 2NT (12-14, invitational): the overcaller placed the
    # contract, in game or in three of his six-card suit
    rule("1x ?y P 2N P ?y P", "P", "to play"),
    rule("1x ?y P 2N P 3N P", "P", "to play"),
    # advancing an overcall when responder raises, bids 1NT or a new suit: as when he passes, game in the
    # major with 13+ HCP, the cue bid of opener's suit with 11+ (limit raise or better), the raise 6-10
    *_advance_overcall_over_response("1x 1y 2x"),
    *_responsive_double("1x 1y 2x"),
    *_advance_overcall_over_response("1x 1y 1N"),
    *_advance_overcall_over_response("1x 1y ?z"),
    # over responder's 1NT advancer's new major is natural and competitive, not forcing (SAYC: advancer's new
    # suit does not force): six cards and 8-12 HCP (1C 1H 1NT: AJT632.96.AQ9.85 bids 2S, which the fallback
    # read as a game force); five cards or a minor competed at a loss on the tuning and held-out sets
    rule("1x 1y 1N", "cM", "new suit, competitive", hcp=(8, 12), lens={"M": at_least(6)}, longest=("M",)),
    # with 13+ HCP the six-card major jumps, forcing (SAYC: advancer's jump in a new suit is strong): game
    # values opposite the overcall (1C 1H 1NT: AJT632.Q6.AQ9.85 bids 3S, where it passed once 2S was
    # competitive)
    rule("1x 1y 1N", "jM", "six-card suit, game values", hcp=(13, 40), lens={"M": at_least(6)},
         longest=("M",), force=F),
    # a six-card minor is natural and competitive as well, 11-12 HCP (1C 1H 1NT: 2D read as the fallback's
    # game force 15+); 8-10 passes (a minor's two level with 10 lost on a tuning and a held-out deal)
    rule("1x 1y 1N", "cm", "new suit, competitive", hcp=(11, 12), lens={"m": at_least(6)}, longest=("m",)),
    # ... which the overcaller passes short of 15 HCP: advancer chose the partscore (1D 1S 1NT 2C: with
    # AQ842.K853..7643 the fallback bid 5C by the losing-trick count, two down opposite 3.QT9.Q62.KQJT95)
    rule("1x 1y 1N 2m P", "P", "no game opposite a competitive advance", hcp=(0, 14)),
    # with 13+ HCP the six-card minor jumps, forcing, as the major does (1C 1H 1NT: 85.96.AQJT63.AK5 passed;
    # its 3D had no agreed meaning)
    rule("1x 1y 1N", "jm", "six-card suit, game values", hcp=(13, 17), lens={"m": at_least(6)},
         longest=("m",), force=F),
    # the overcaller over that jump (13+ opposite 8-16: game, rarely slam): a six-card suit at three, 3NT with
    # opener's suit stopped, four of the minor with three, else his suit again (the fallback bid Blackwood:
    # 1C 1H 1NT 3D with 2.AKJ984.K92.Q32, 26 HCP together at most)
    # (the jump forces to game: each is forcing, so that no one passes short of it)
    rule("1x 1y 1N 3m P", "3y", "six-card suit", lens={"y": at_least(6)}, order="y>m", force=F),
    rule("1x 1y 1N 3m P", "3N", "opener's suit stopped", stop=("x",), force=SO),
    rule("1x 1y 1N 3m P", "4m", "support", lens={"m": at_least(3)}, force=F),
    rule("1x 1y 1N 3m P", "cy", "no fit, no stopper", force=F),
    # advancer then places the game: four of the major with three (3y may be a five-card suit), 3NT with
    # opener's suit stopped, else five of his own minor (1C 1H 1NT 3D P 3H P with 85.96.AQJT63.AK5 bid 4H
    # on a five-two fit; A5.6.AKJT632.852 passed 3H)
    rule("1x 1M 1N 3m P 3M P", "4M", "to play", lens={"M": at_least(3)}, force=SO),
    rule("1x 1y 1N 3m P 3y P", "3N", "to play", stop=("x",), force=SO),
    rule("1x 1y 1N 3m P 3y P", "5m", "to play", force=SO),
    rule("1x 1y 1N 3m P 4m P", "5m", "to play", force=SO),
    # with no fit and 15+ HCP, opener's suit stopped, the notrump game as when responder passes
    rule("1x 1y ?z", "3N", "to play", hcp=(15, 40), stop=("x",), force=SO,
         when=lambda s: s.cheapest_level(Strain.NT) <= 3),
    # advancing an overcall after a negative double: game in the major with 13+ HCP, the cue bid of opener's
    # suit with 11+ (limit raise or better, as without the double), else raise to the level of the total trump
    # count
    rule("1x 1y X", "4y", "to play", hcp=(13, 40), lens={"y": at_least(3)}, order="y>D", force=SO),
    rule("1x 1y X", "2x", CUE_RAISE, hcp=(11, 40), lens={"y": at_least(3)}, force=F,
         artificial=True),
    rule("1x ?y X", "cy", "raise", hcp=(5, 12), lens={"y": at_least(3)}, when=lambda s: _law_allows(s, 3)),
    rule("1x ?y X", "P", "nothing to show"),
    # the overcaller when they stop in two of their raised suit: a six-card suit competes at the two level
    _overcaller_competes("1x 1y 2x P P", "y", "x"),
    # a second five-card suit competes over their raise to two and over their 1NT response passed to him (he
    # passed 5-5 hands out in 1NT; partner, who passed 1NT, jumps to game with a fit)
    *(rule(pattern, "cz", "second five-card suit", hcp=(10, 16), lens={"y": at_least(5), "z": at_least(5)},
           when=lambda s: s.cheapest_level(Strain.C) <= 3) for pattern in ("1x 1y 2x P P", "1x 1y 1N P P")),
    # (over opener's raise of responder's suit the overcaller calls at once: after "2z P P" it is advancer)
    _overcaller_competes("1x 1y 1z P 2z", "y", "z"),
    *_overcaller_reopens("1x 1y 1z P 2z"),
    *_overcaller_reopens("1x 1y 1z P 1N P 2z P P"),
    _overcaller_competes("1x P 1y ?z 2y P P", "z", "y"),
    # the overcaller of their 1NT response when opener rebids: a long suit competes again
    *_overcaller_long_suit("1x P 1N ?y ?x P P"),
    *_overcaller_long_suit("1x P 1N ?y ?z P P"),
    # ... and when opener rebids over partner's negative double, or passes their 1NT response round
    *_overcaller_long_suit("1x 1y X P ?x"),
    *_overcaller_long_suit("1x 1y X P ?z"),
    *_overcaller_long_suit("1x 1y X P 1N"),
    *_overcaller_long_suit("1x 1y 1N P P"),
    # the overcaller when they raise and partner passes: a six-card suit with extra values competes
    *_overcaller_extras("1x ?y ?x P P"),
    *_overcaller_over_raise_to_three("1x ?y ?x P P"),
    *_overcaller_extras("1x P ?z ?y ?z P P"),
    # the overcaller after advancer's single raise, whether responder passed or made a negative double
    # (the raise over the double is 5-10: 11+ cue-bids): game on the losing-trick count (the raise is
    # about nine losers), an invitation with one loser more
    rule("1x 1y p 2y P", "4y", "to play", losers=(0, 5), order="y>D", force=SO),
    # and over responder's raise the same game; a seven-card suit (ten trumps) counts a loser more (t4
    # b1: 1H 1S 2H 2S P, AKJT862..987.A43 passed where 4S made)
    rule("1x 1y 2x 2y P", "4y", "to play", losers=(0, 5), order="y>D", force=SO),
    rule("1x 1y _ 2y P", "4y", "to play, a seven-card suit", losers=(0, 6), lens={"y": at_least(7)},
         order="y>D", force=SO),
    rule("1x 1y p 2y P", "3y", "invitational", hcp=(12, 16), losers=(6, 7), order="y>D", force=INV),
    rule("1x 1y p 2y P 3y P", "4y", "accepts", hcp=(9, 10), order="y>D", force=SO),
    rule("1x 1y p 2y P 3y P", "P", "declines", hcp=(0, 8)),
    # the one-level overcaller after advancer's cue bid (the raise: 11+ HCP, three trumps; or, when responder
    # passed, game values without a fit), whatever responder did before it: game in a major with a sound
    # overcall (13+ HCP or seven losers), 3NT with 14+ and their suit stopped, else (responder passed) 2NT
    # with a five-card suit and their suit stopped, else two of his suit
    rule("1x 1y _ 2x P", "4y", "to play", hcp=(13, 40), order="y>D", force=SO),
    rule("1x 1y _ 2x P", "4y", "to play, playing strength", losers=(0, 7), order="y>D", force=SO),
    rule("1x 1y _ 2x P", "3N", "to play", hcp=(14, 40), stop=("x",), force=SO),
    rule("1x 1y P 2x P", "2N", "minimum, their suit stopped", hcp=(0, 13), lens={"y": (0, 5)}, stop=("x",)),
    rule("1x 1y _ 2x P", "cy", "minimum"),
    *_advancer_after_cue_bid("1x 1y P 2x P"),
    *_advancer_after_cue_raise_minimum("1x 1y _ 2x P 2y P"),
    # advancing a weak jump overcall in a major (six cards, 5-10 HCP): the law of total tricks
    *_advance_weak_jump_overcall("1x ?y P"),
    rule("1x 2y P", "4y", "to play", hcp=(13, 40), lens={"y": at_least(3)}, order="y>D", force=SO),
    rule("1x 2y P", "cx", CUE_RAISE, hcp=(11, 40), lens={"y": at_least(3)},
         force=F, artificial=True),
    rule("1x 2y P", "3y", "raise", hcp=(8, 10), lens={"y": at_least(3)}),
    rule("1x 2y P", "3N", "to play", hcp=(14, 40), stop=("x",)),
    # over a weak jump overcall advancer's new suit is forcing one round (SAYC)
    rule("1x 2y P", "cz", "new suit, forcing", hcp=(10, 40), lens={"z": at_least(5)}, force=F,
         when=_partner_jumped),
    rule("1x 2y P", "cz", "new suit", hcp=(10, 40), lens={"z": at_least(5)},
         when=lambda s: not _partner_jumped(s)),
    # with 8-9 HCP a five-card suit still at the two level competes too (not over a weak jump overcall)
    rule("1x 2y P", "cz", "new suit at the two level", hcp=(8, 40), lens={"z": at_least(5)},
         when=lambda s: not _partner_jumped(s), where=lambda s, b: s.cheapest_level(b["z"].strain) == 2),
    rule("1x 2y P", "2N", "invitational", hcp=(11, 13), stop=("x",), order="x>y", force=INV),
    rule("1x 2y P", "P", "nothing to show"),
    # the weak jump overcaller after advancer's forcing new suit: a raise with three, 3NT (or 2NT) with a
    # maximum and their suit stopped, else a rebid of his suit
    rule("1x 2y P ?z P", "cz", "raise, three cards", lens={"z": at_least(3)}, when=_weak_jumped),
    rule("1x 2y P ?z P", "cN", "maximum, their suit stopped", hcp=(9, 10), stop=("x",), when=_weak_jumped),
    rule("1x 2y P ?z P", "cy", "rebids the suit, no fit", when=_weak_jumped),
    # the two-level overcaller after advancer's cue-bid raise (11+ HCP, three trumps): game in a major with
    # 14+ points, 3NT with 14+ HCP and their suit stopped, else three of his suit
    rule("1x 2y P ?x P", "4y", "to play", points=(14, 50), order="y>D", force=SO),
    rule("1x 2y P ?x P", "3N", "to play", hcp=(14, 40), stop=("x",), force=SO),
    rule("1x 2y P ?x P", "cy", "minimum"),
    *_advancer_after_cue_raise_minimum("1x 2y P ?x P 3y P"),
    # the two-level overcaller after advancer's 2NT invitation
    rule("1x 2y P 2N P", "3N", "accepts", hcp=(14, 40), order="x>y", force=SO),
    rule("1x 2y P 2N P", "3y", "declines, a six-card suit", hcp=(0, 13), lens={"y": at_least(6)}, order="x>y",
         force=SO),
    rule("1x 2y P 2N P", "P", "declines", hcp=(0, 13), order="x>y"),
    *_overcaller_after_two_level_new_suit("1x 2y P 2z P"),
    # the two-level overcaller after advancer's raise (8-12 HCP, three trumps): game in a major with 15+
    # points, 3NT with 16+ HCP and their suit stopped (14-15 opposite the raise: 3NT failed 3 times of 3
    # on four tuning sets)
    rule("1x 2y P 3y P", "4y", "to play", points=(15, 50), order="y>D", force=SO),
    rule("1x 2y P 3y P", "3N", "to play", hcp=(16, 40), stop=("x",), force=SO),
    rule("1x 2y P 3y P", "P", "minimum"),
    # opener when the overcall comes round
    # a six-card major with 17+ HCP jumps: partner's pass may hide 6-9 HCP, and ten tricks are there opposite
    rule("1M ?y P P", "jM", "six-card major, extra values", hcp=(17, 40), lens={"M": at_least(6)}, force=INV,
         when=lambda s: s.cheapest_level(s.opening_strain()) == 2),
    rule("1x ?y P P", "cx", "six-card suit", hcp=(14, 40), lens={"x": at_least(6)}),
    rule("1x ?y P P", "X", "reopening double", hcp=(15, 40), lens={"y": (0, 2)}),
    # short in their suit opener reopens with any opening: responder, playing negative doubles, may be
    # waiting to pass it for penalty
    rule("1x ?y P P", "X", "reopening double, short in their suit", lens={"y": (0, 1)},
         when=lambda s: _level(s, -3) <= 2),
    rule("1x ?y P P", "cz", "second suit", hcp=(15, 40), lens={"z": at_least(5)}),
    rule("1x ?y P P", "X", "strong reopening double", hcp=(18, 40)),
    rule("1x ?y P P", "P", "nothing more to say"),
    # opener when advancer raises the overcall: game in a seven-card major with four losers (1H 2D P 3D:
    # 3.AQT9876432.A.K bids 4H, not 3H), else compete with a six-card suit or a second suit
    _seven_card_major_game("1x ?y P ?y"),
    rule("1x ?y P ?y", "cx", "six-card suit", hcp=(12, 40), points=(15, 50), lens={"x": at_least(6)},
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 3),
    rule("1x ?y P ?y", "cz", "second suit", hcp=(15, 40), lens={"z": at_least(5)},
         when=lambda s: s.cheapest_level(Strain.C) <= 3),
    # with a good six-card minor and extra values, opener competes at the four level over their raise to
    # three (a playable partscore; their three-level contract is often making)
    rule("1x ?y P ?y", "4x", "six-card suit, extra values", hcp=(17, 40), lens={"x": at_least(6)},
         order="H>x", when=lambda s: s.cheapest_level(s.opening_strain()) == 4 and _level(s, -1) == 3),
    # with extra values and shortness in their suit opener doubles their raise for takeout (a competitive
    # double): responder's pass may hide values, and the side with the majority of them competes
    rule("1x ?y P ?y", "X", "competitive double of their raise to three, short in it", hcp=(15, 40),
         lens={"y": (0, 1)},
         when=lambda s: _level(s, -1) >= 3),
    # over their raise to two the same double needs 16+ HCP (two or fewer of their suit): opener's pass left
    # a game or a making partscore to the side with fewer values; responder answers as over the double of
    # the raise to three (a penalty pass with four trumps, an unbid major, preference, his longest suit)
    rule("1x ?y P ?y", "X", "competitive double of their raise to two, extra values", hcp=(16, 40),
         lens={"y": (0, 2)},
         when=lambda s: _level(s, -1) == 2),
    rule("1x ?y P ?y", "P", "nothing more to say"),
    # responder after opener's competitive double: pass for penalty with a trump stack, else an unbid major,
    # opener's suit with three, or his longest suit
    rule("1x ?y P ?y X P", "P", "penalty pass", hcp=(5, 40), lens={"y": at_least(4)}),
    rule("1x ?y P ?y X P", "cM", "unbid major", lens={"M": at_least(4)}, longest=("M",),
         when=lambda s: s.cheapest_level(Strain.H) <= 3),
    rule("1x ?y P ?y X P", "cx", "preference", lens={"x": at_least(3)}),
    rule("1x ?y P ?y X P", "cz", "longest suit", lens={"z": at_least(4)}, longest=("z",)),
    # their raise to two doubled makes when a weak hand defends on trump length alone (the penalty pass above
    # needs 5+ HCP too): preference with two, else a three-card suit; the catch-all pass only at three
    rule("1x ?y P ?y X P", "cx", "preference", lens={"x": at_least(2)}, when=lambda s: _level(s, -3) == 2),
    rule("1x ?y P ?y X P", "cz", "three-card suit", lens={"z": at_least(3)}, longest=("z",),
         when=lambda s: _level(s, -3) == 2),
    rule("1x ?y P ?y X P", "P", "defends", when=lambda s: _level(s, -3) >= 3),
    # opener after his double of their raise to two, when they compete again at three over responder's
    # answer: a three-card fit plays at three (responder's suit may be a three-card one on nothing, and a
    # passed hand's answer is a weak one, so even 19-21 balanced stays there), game with 19+ HCP and an
    # unbalanced hand (the suit ranks above theirs, so it is a major)
    rule("1x ?y P ?y X P ?z ?y", "4z", "to play, three-card support", hcp=(19, 40), balanced=False,
         lens={"z": at_least(3)}, order="z>D", force=SO, when=lambda s: _level(s, -5) == 2,
         where=lambda s, b: s.cheapest_level(b["z"].strain) == 3),
    rule("1x ?y P ?y X P ?z ?y", "3z", "competes, three-card support", hcp=(16, 40), lens={"z": at_least(3)},
         when=lambda s: _level(s, -5) == 2, where=lambda s, b: s.cheapest_level(b["z"].strain) == 3),
    # with 18+ and their suit stopped, over responder's new suit or preference, 3NT
    *(rule(f"1x ?y P ?y X P ?{answer} ?y", "3N", "to play, their suit stopped", hcp=(18, 40), stop=("y",),
           force=SO, when=lambda s: _level(s, -5) == 2) for answer in "zx"),
    # responder, whose answer was forced, passes the competition at three with less than 8 HCP; opposite
    # opener's 16+ HCP and three trumps, 8+ HCP and four trumps is game
    rule("1x ?y P ?y X P ?z ?y 3z P", "P", "minimum", hcp=(0, 7), when=lambda s: _level(s, -7) == 2),
    rule("1x ?y P ?y X P ?z ?y 3z P", "4z", "accepts, four trumps", hcp=(8, 40), lens={"z": at_least(4)},
         order="z>D", force=SO, when=lambda s: _level(s, -7) == 2),
    rule("1x ?y P ?y X P ?z ?y 3z P", "P", "three trumps", hcp=(8, 40), lens={"z": (0, 3)},
         when=lambda s: _level(s, -7) == 2),
    # opener after the advance of a reopening double
    rule("1x ?y P P X P ?z P", "4z", "to play", hcp=(18, 40), lens={"z": at_least(4)}, order="z>D",
         force=SO),
    # over a three-level advance (forced, and it may be on nothing) game is one level up: a four-card major
    # fit with 15-17 HCP only with shape (unbalanced, 17+ dummy points: 17 HCP flat is no game opposite
    # nothing), five of a minor with five trumps, 17+ HCP and 20+ dummy points (before 3NT: with 20-21 and
    # a 5-5 or 6-5 hand 5m gained 3-4 IMPs a layout over 3NT, double dummy)
    rule("1x ?y P P X P ?M P", "4M", "to play, four trumps and shape", hcp=(15, 17), dummy_points=(17, 50),
         balanced=False, lens={"M": at_least(4)}, force=SO, when=lambda s: _level(s, -2) == 3),
    rule("1x ?y P P X P ?m P", "5m", "to play, five trumps", hcp=(17, 40), dummy_points=(20, 50),
         lens={"m": at_least(5)}, force=SO, when=lambda s: _level(s, -2) == 3),
    rule("1x ?y P P X P ?z P", "3N", "to play", hcp=(20, 40), stop=("y",), force=SO),
    rule("1x ?y P P X P ?z P", "3N", "to play, no room to invite", hcp=(18, 19), stop=("y",), force=SO,
         when=lambda s: _level(s, -2) >= 3),
    # advancing a balancing 1NT (11-15 HCP, their suit stopped): 3NT with 13+ HCP, 2NT to invite with 11-12
    rule("1x P P 1N P", "3N", "to play", hcp=(13, 40), force=SO),
    rule("1x P P 1N P", "2N", "invitational", hcp=(11, 12), force=INV),
    rule("1x P P 1N P 2N P", "3N", "accepts", hcp=(14, 40), force=SO),
    rule("1x P P 1N P 2N P", "P", "declines", hcp=(0, 13)),
    # advancing a balancing overcall (the balancer may have three points fewer)
    rule("1x P P ?y P", "4y", "to play", hcp=(15, 40), lens={"y": at_least(3)}, order="y>D", force=SO),
    # the jump invites only at the three level: over a two-level balancing overcall the jump is to four
    # (past 3NT in a minor, game in a major), so the raise to three invites there
    rule("1x P P ?y P", "jy", "invitational raise", hcp=(11, 14), lens={"y": at_least(3)}, force=INV,
         where=lambda s, b: s.cheapest_level(b["y"].strain) == 2),
    rule("1x P P ?y P", "cy", "invitational raise to three", hcp=(11, 14), lens={"y": at_least(3)}, force=INV,
         where=lambda s, b: s.cheapest_level(b["y"].strain) == 3),
    rule("1x P P ?y P", "cy", "raise", hcp=(7, 10), lens={"y": at_least(3)}),
    # the balancer over the raise to three of a two-level minor (7-14) goes on only with 16+, the top of
    # the balancing overcall (3NT with their suit stopped, else five): five of the minor opposite the 7-10
    # raise lost (with 15 too: 17 b362)
    rule("1x P P 2m P 3m P", "3N", "accepts, their suit stopped", hcp=(16, 40), stop=("x",), force=SO),
    rule("1x P P 2m P 3m P", "5m", "accepts", hcp=(16, 40), force=SO),
    rule("1x P P 2m P 3m P", "P", "declines", hcp=(0, 15)),
    # advancing a reopening or balancing double: responder's pass of the overcall was often a trap pass,
    # so he converts it with five trumps, or four and 8+ HCP (sitting over the overcaller)
    rule("1x ?y P P X P", "P", "penalty pass", lens={"y": at_least(5)}, hcp=(3, 40), stop=("y",)),
    rule("1x ?y P P X P", "P", "penalty pass, four trumps", lens={"y": at_least(4)}, hcp=(8, 40)),
    rule("1x ?y P P X P", "1N", "natural", hcp=(6, 10), stop=("y",)),
    rule("1x ?y P P X P", "cz", "advance", lens={"z": at_least(4)}, longest=("z",)),
    rule("1x ?y P P X P", "cx", "preference", lens={"x": at_least(3)}),
    rule("1x ?y P P X P", "cz", "advance", lens={"z": at_least(3)}),
    rule("?x P P X P", "P", "penalty pass", lens={"x": at_least(6)}, hcp=(8, 40)),
    # the balancing seat sits over the weak two: five trumps headed by two of the top three and 9+ HCP
    # defend, a four-card unbid major too (asking for none lost: 71 b637, AKJ6.AKQ98.5.954; the direct
    # seat, whose trumps sit under the opener, asks for none; docs/performance.md, the thirty-seventh
    # pass's mend)
    rule("2x P P X P", "P", "penalty pass, five good trumps over the opener", lens={"x": at_least(5)},
         strong=("x",), hcp=(9, 40), when=_weak_two_opened),
    rule("2x P P X P", "2N", "natural, their suit stopped", hcp=(10, 12), stop=("x",), force=INV,
         when=lambda s: _weak_two_opened(s) and s.cheapest_level(Strain.NT) == 2),
    rule("?x P P X P", "3N", "to play", hcp=(13, 40), balanced=True, stop=("x",), force=SO),
    rule("?x P P X P", "4M", "to play", hcp=(13, 40), lens={"M": at_least(5)}, force=SO),
    rule("3x P P X P", "3N", "to play", hcp=(9, 40), stop=("x",), force=SO,
         extra=("opposite a balancing double of a three-level preempt (11+ HCP)",)),
    # over a three-level preempt the jump in a major is game, to play: opposite the balancing double (11+)
    # 10-12 HCP and four cards make ten tricks as often as a one-level opening's invitation would
    rule("3x P P X P", "4M", "to play", hcp=(10, 40), lens={"M": at_least(4)}, longest=("M",), force=SO,
         extra=("opposite a balancing double of a three-level preempt (11+ HCP)",)),
    # and a six-card major with 7+ HCP: nine trumps opposite the double's three (KJT943.J83.654.K advanced
    # 3S, "3+ spades", where 4S made opposite 18)
    rule("3x P P X P", "4M", "to play, six cards", hcp=(7, 40), lens={"M": at_least(6)}, longest=("M",),
         force=SO, extra=("opposite a balancing double of a three-level preempt (11+ HCP)",)),
    rule("?x P P X P", "cx", "cue bid", hcp=(13, 40), force=F, artificial=True),
    # the invitational jump is a one- or two-level opening's: over a preempt the jump reaches game
    rule("?x P P X P", "jM", "invitational", hcp=(10, 12), lens={"M": at_least(4)}, longest=("M",),
         force=INV, when=lambda s: _level(s, -5) <= 2),
    rule("?x P P X P", "cM", "advance", hcp=(0, 9), lens={"M": at_least(4)}),
    # the balancing doubler may be light, so advancer's 1NT is a little stronger than the 6-10 over a
    # direct double: 8-11 with their suit stopped and no four-card major
    rule("1x P P X P", "1N", "natural, their suit stopped", hcp=(8, 11), stop=("x",)),
    rule("?x P P X P", "cy", "advance", lens={"y": at_least(3)}, rel=("y>=unbid",)),
    # a doubled notrump: responder plays systems on (`_systems_on_over_double`); advancer runs from the
    # penalty double with a weak hand and a five-card suit
    rule("1N X P", "2y", "to play", hcp=(0, 5), lens={"y": at_least(5)}, longest=("y",)),
    rule("1N X P", "P", "penalty pass"),
    rule("1x 1N X", "2y", "to play", hcp=(0, 5), lens={"y": at_least(5)}, longest=("y",)),
    # responder when our 1NT is overcalled at two: game with a six-card major or values and a stopper, else
    # compete in a five-card suit at the two level or a six-card one at three
    rule("1N 2y", "4M", "to play", hcp=(8, 15), lens={"M": at_least(6)}, force=SO),
    # the cue bid is Stayman: game values and four cards in a major they did not bid
    *_notrump_cue_bid(),
    rule("1N 2y", "3N", "to play", hcp=(10, 15), stop=("y",), force=SO),
    rule("1N 2y", "2z", "to play", hcp=(0, 9), lens={"z": at_least(5)}, longest=("z",), force=SO),
    # a six-card suit below theirs competes at three, to play: SAYC teachers' natural forcing three-level
    # suit (five cards, game values) lost on the tuning sets (docs/bidding.md, the departures); game
    # values with five hearts cue-bid (Stayman, 4-5 cards)
    rule("1N 2y", "3z", "to play", hcp=(5, 9), lens={"z": at_least(6)}, longest=("z",), order="y>z",
         force=SO),
    # responder when the weak two is overcalled: game with an opening bid and two trumps, or a near opening
    # and three, as without the overcall
    rule("2M ?y", "4M", "to play", hcp=(13, 40), lens={"M": at_least(2)}, force=SO,
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    rule("2M ?y", "4M", "to play", hcp=(12, 13), lens={"M": at_least(3)}, force=SO,
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    # responder when the weak two is doubled: raise by the total trump count
    rule("2M X", "4M", "to play", hcp=(16, 40), lens={"M": at_least(2)}, force=SO),
    rule("2M X", "4M", "preemptive raise", hcp=(0, 12), lens={"M": at_least(4)}, force=SO),
    rule("2x X", "3x", "preemptive raise", hcp=(0, 13), lens={"x": at_least(3)}, force=SO, order="x>C"),
    # advancing a 2NT overcall of a weak two (15-18, their suit stopped): a weak hand runs to a five-card
    # major
    rule("2x 2N P", "3M", "to play", hcp=(0, 7), lens={"M": at_least(5)}, longest=("M",), order="x>C",
         force=SO),
    # advancing an overcall of a weak two (11-17 HCP, five cards): game in a major with three trumps and an
    # opening bid, 3NT with their suit stopped, a single raise with 8-11
    rule("2x 3y P", "4y", "accepts the jump overcall", hcp=(7, 40), lens={"y": at_least(2)},
         order="x>C y>x y>D", force=SO),
    rule("2x ?y P", "4y", "to play", hcp=(12, 40), lens={"y": at_least(3)}, order="x>C y>D", force=SO),
    rule("2x ?y P", "3N", "to play", hcp=(13, 40), stop=("x",), order="x>C", force=SO),
    rule("2x ?y P", "cy", "raise", hcp=(8, 11), lens={"y": at_least(3)}, order="x>C",
         when=lambda s: _raise_level(s) <= 3),
    rule("2x ?y P", "cz", "new suit", hcp=(10, 40), lens={"z": at_least(5)}, longest=("z",), order="x>C",
         when=lambda s: _level(s, -2) <= 2),
    # advancer when opener's partner raises the weak two over our overcall: game in a major with three
    # trumps and an opening bid, else compete to three with three trumps and some values
    rule("2x ?y ?x", "4y", "to play", hcp=(12, 40), lens={"y": at_least(3)}, order="x>C y>D", force=SO),
    rule("2x ?y ?x", "cy", "competitive raise", hcp=(6, 11), lens={"y": at_least(3)}, order="x>C",
         when=lambda s: _raise_level(s) <= 3),
    rule("2x ?y ?x", "cz", "new suit", hcp=(10, 40), lens={"z": at_least(5)}, longest=("z",),
         order="x>C z>x", when=lambda s: _level(s, -1) <= 3),
    # fourth seat when the weak two is raised to three: a takeout double with an opening bid short in their
    # suit (or both majors), a good suit of one's own, a strong double
    rule("2x P 3x", "X", "takeout double", hcp=(12, 40), lens={"x": (0, 2), "unbid": at_least(3)},
         order="x>C"),
    rule("2x P 3x", "X", "takeout double, the unbid majors", hcp=(13, 40),
         lens={"x": (0, 3), "unbidM": at_least(4)}, order="x>C"),
    rule("2x P 3x", "cy", "overcall", hcp=(12, 17), lens={"y": at_least(6)}, longest=("y",), order="x>C"),
    rule("2x P 3x", "cy", "overcall", hcp=(13, 17), lens={"y": at_least(5)}, longest=("y",), order="x>C y>x"),
    rule("2x P 3x", "X", "strong double", hcp=(18, 40), order="x>C"),
    rule("2x P 3x", "P", "nothing to show", order="x>C"),
    # advancing the takeout double of the raised weak two: game in a major or 3NT with 10+ HCP, a penalty pass
    # with length and strength in their suit, else the longest unbid suit (majors first)
    rule("2x P 3x X P", "4M", "to play", hcp=(10, 40), lens={"M": at_least(4)}, longest=("M",), order="x>C",
         force=SO),
    rule("2x P 3x X P", "3N", "to play", hcp=(12, 40), stop=("x",), order="x>C", force=SO),
    rule("2x P 3x X P", "P", "penalty pass", hcp=(8, 40), lens={"x": at_least(4)}, stop=("x",), order="x>C"),
    # a five-card major before a four-card one: the doubler raises the major he is shown with four trumps
    rule("2x P 3x X P", "cM", "advance, five-card major", lens={"M": at_least(5)}, order="x>C"),
    rule("2x P 3x X P", "cM", "advance", lens={"M": at_least(4)}, order="x>C"),
    rule("2x P 3x X P", "cy", "advance", lens={"y": at_least(3)}, rel=("y>=unbid",), order="x>C"),
    # the doubler after the forced advance in a major: game with four trumps and 16+ HCP
    rule("2x P 3x X P ?M P", "4M", "to play", hcp=(16, 40), lens={"M": at_least(4)}, order="x>C", force=SO),
    # the strong doubler after the forced advance at three or four with no fit for it: game in his own
    # six-card major (a five-card one over the advance at four: no room to show it below game), five of
    # advancer's minor with four trumps, 3NT with their suit stopped
    rule("2x P 3x X P 3y P", "4z", "to play, own six-card major", hcp=(17, 40), lens={"z": at_least(6)},
         longest=("z",), order="x>C z>D", force=SO),
    rule("2x P 3x X P 4y P", "4z", "to play, own five-card major", hcp=(17, 40), lens={"z": at_least(5)},
         longest=("z",), order="x>C z>D H>y", force=SO),
    rule("2x P 3x X P 3y P", "3N", "to play, their suit stopped", hcp=(19, 40), lens={"y": (0, 3)},
         stop=("x",), order="x>C", force=SO),
    rule("2x P 3x X P ?y P", "5y", "minor-suit game", hcp=(19, 40), lens={"y": at_least(4)}, order="x>C H>y",
         force=SO),
    # advancer when responder raises the three-level preempt over our overcall (13-17): game in a major with
    # three trumps and 10+ HCP, else a five-card major of one's own with 10+
    rule("3x ?y ?x", "4y", "to play", hcp=(10, 40), lens={"y": at_least(3)}, order="y>D", force=SO),
    rule("3x ?y ?x", "4M", "to play", hcp=(10, 40), lens={"M": at_least(5)}, longest=("M",), force=SO),
    # balancing over a weak two
    rule("2x P P", "X", "balancing double", hcp=(10, 40), lens={"x": (0, 2), "unbid": at_least(3)},
         order="x>C"),
    # short in their suit a balancing seat doubles with less (partner is marked with values: "borrow a king")
    rule("2x P P", "X", "balancing double, short in their suit", hcp=(8, 9),
         lens={"x": (0, 1), "unbid": at_least(3)}, order="x>C"),
    rule("2x P P", "2N", "balancing notrump", hcp=(14, 17), balanced=True, stop=("x",), order="x>C"),
    rule("2x P P", "2y", "balancing overcall", hcp=(8, 16), lens={"y": at_least(5)}, longest=("y",),
         order="x>C"),
    rule("2x P P", "3y", "balancing overcall", hcp=(11, 16), lens={"y": at_least(6)}, longest=("y",),
         order="x>C x>y"),
    rule("2x P P", "3y", "balancing overcall", hcp=(13, 16), lens={"y": at_least(5)}, longest=("y",),
         order="x>C x>y"),
    rule("2x P P", "X", "balancing double, strong", hcp=(16, 40), order="x>C", extra=(BIDS_AGAIN,)),
    rule("2x P P", "P", "nothing to show", order="x>C"),
    # the strong doubler when advancer bids and they compete again in their suit: partner's advance may be
    # nothing, but 19+ with their suit stopped plays 3NT, and 17+ shows a suit of his own
    rule("2x P P X P ?y ?x", "3N", "strong double, their suit stopped", hcp=(19, 40), stop=("x",), force=SO,
         order="x>C", when=lambda s: s.cheapest_level(Strain.NT) <= 3),
    *_strong_doubler_after_raise("2x P P X P ?y ?x"),
    # advancing a balancing overcall of a weak two (8-16 HCP, five cards): game in a major with three
    # trumps and an opening bid's values, a raise with 8-10, a six-card suit of one's own with 10+
    rule("2x P P ?y P", "4y", "to play", hcp=(11, 40), lens={"y": at_least(3)}, order="x>C y>D", force=SO),
    rule("2x P P 2y P", "3y", "raise", hcp=(8, 10), lens={"y": at_least(3)}, order="x>C"),
    rule("2x P P ?y P", "cz", "new suit, six cards", hcp=(10, 40), lens={"z": at_least(6)}, longest=("z",),
         order="x>C", when=_suit_at_three),
    # balancing over a three-level preempt
    rule("3x P P", "X", "balancing double", hcp=(11, 40), lens={"x": (0, 2), "unbid": at_least(3)}),
    rule("3x P P", "3N", "balancing notrump", hcp=(15, 19), balanced=True, stop=("x",)),
    rule("3x P P", "cy", "balancing overcall", hcp=(10, 17), lens={"y": at_least(5)}, longest=("y",),
         when=lambda s: s.cheapest_level(s.opening_strain()) <= 4),
    rule("3x P P", "X", "balancing double, strong", hcp=(17, 40), extra=(BIDS_AGAIN,)),
    rule("3x P P", "P", "nothing to show"),
    # the doubler after the advance, in the direct seat or balancing
    # the balancing doubler with a balanced 17-18, their suit stopped and no four-card fit rebids 1NT over
    # a one-level advance: too strong for the balancing 1NT (11-15)
    rule("?x P P X P ?y P", "1N", "balanced, too strong for a balancing 1NT", hcp=(17, 18), balanced=True,
         lens={"y": (0, 3)}, stop=("x",), when=lambda s: _level(s, -2) == 1),
    *_advance_doubler_one_notrump("1x P P X P 1y P 1N P"),
    # opener when the advance of the balancing double is passed round: with 17+ HCP a second four-card
    # suit, or a six-card suit of his own, competes rather than sell out (partner's pass was not weakness
    # alone: the doubler's side has at most half the deck)
    rule("1x P P X P ?y P P", "cz", "extra values, second suit", hcp=(17, 40), lens={"z": at_least(4)},
         when=lambda s: _level(s, -3) <= 2),
    rule("1x P P X P ?y P P", "cx", "extra values, six-card suit", hcp=(15, 40), lens={"x": at_least(6)},
         when=lambda s: _level(s, -3) <= 2),
    # the balancing doubler after advancer's 1NT (8-11, their suit stopped): game with 17+, an invitation
    # with 15-16, a five-card major with extras at two; else pass
    rule("1x P P X P 1N P", "3N", "to play", hcp=(17, 40), force=SO),
    rule("1x P P X P 1N P", "2N", "invitational", hcp=(15, 16), balanced=True, force=INV),
    rule("1x P P X P 1N P", "cM", "five-card major", hcp=(13, 16), lens={"M": at_least(5)}),
    rule("1x P P X P 1N P", "P", "no game opposite 8-11", hcp=(0, 16)),
    rule("1x P P X P 1N P 2N P", "3N", "accepts", hcp=(10, 11), force=SO),
    rule("1x P P X P 1N P 2N P", "P", "declines", hcp=(0, 9)),
    *_doubler_after_jump_advance("?x X P ?y P"),
    *_doubler_after_jump_advance("?x P P X P ?y P"),
    *_doubler_after_minor_jump_advance("1x X P 3m P"),
    *_advance_stopper_ask("1x X P 3m P 3x P"),
    # the takeout doubler with a balanced 17-18, their suit stopped and no four-card fit rebids 1NT over a
    # one-level advance: too strong to pass opposite 0-8, not strong enough for the jump to 2NT (19-21)
    rule("?x X P ?y P", "1N", "balanced, their suit stopped", hcp=(17, 18), balanced=True,
         lens={"y": (0, 3)}, stop=("x",), when=lambda s: _level(s, -2) == 1),
    *_advance_doubler_one_notrump("1x X P 1y P 1N P"),
    *_doubler_after_advance("?x X P ?y P"),
    *_doubler_after_cue_bid("?x X P ?x P"),
    *_advance_after_cue_bid("?x X P ?x P"),
    *_doubler_after_cue_bid("?x P P X P ?x P"),
    # the balancing doubler with a strong six-card suit jumps in it: the simple new suit starts at 17
    rule("?x P P X P ?y P", "jz", "strong, six-card suit", hcp=(19, 40), lens={"z": at_least(6)},
         longest=("z",), force=INV, when=lambda s: _level(s, -2) == 1),
    *_doubler_after_advance("?x P P X P ?y P"),
    # advancer after the doubler's invitational raise of his major
    *_advance_doubler_raise("?x X P ?y P 3y P"),
    *_advance_doubler_raise("?x P P X P ?y P 3y P"),
    # advancer after the doubler's 2NT, and the doubler when advancer shows a five-card major
    *_advance_doubler_notrump("?x X P ?y P 2N P"),
    *_doubler_after_five_card_major("?x X P ?y P 2N P 3y P"),
    rule("?x X P ?y P 2N P 3z P", "4z", "four-card support", lens={"z": at_least(4)}, order="z>D", force=SO),
    rule("?x X P ?y P 2N P 3z P", "3N", "to play, no fit", order="z>D", force=SO),
    # advancer after the doubler's own five-card suit (17+ HCP) at the two or three level: game in a major
    # with three trumps and 8+ HCP, a raise with 4+
    rule("?x X P ?y P ?z P", "4z", "to play", hcp=(8, 40), lens={"z": at_least(3)}, order="z>D", force=SO,
         when=lambda s: _level(s, -2) <= 3),
    rule("?x X P ?y P ?z P", "cz", "raise", hcp=(4, 40), lens={"z": at_least(3)},
         when=lambda s: _level(s, -2) <= 3),
    # the strong doubler when they raise and partner passes: 3NT with a balanced 22+ and their suit stopped
    rule("?x X ?x P P", "3N", "strong, balanced, their suit stopped", hcp=(22, 40), balanced=True,
         stop=("x",), force=SO, when=lambda s: s.cheapest_level(Strain.NT) <= 3),
    *_strong_doubler_after_raise("?x X ?x P P"),
    # with no suit to show, 19+ HCP short in their suit double again over their jump raise: partner's pass
    # says nothing, and the penalty or partner's suit both beat defending undoubled
    rule("?x X ?x P P", "X", "strong, short in their suit, again", hcp=(19, 40), lens={"x": (0, 2)},
         when=lambda s: _level(s, -3) >= 3),
    # over their raise to three 17-18 HCP with a singleton or void double again too (over four the
    # penalty was measured to cost: advancer's pass with trump length lets four doubled make)
    rule("?x X ?x P P", "X", "strong, short in their suit, again", hcp=(17, 18), lens={"x": (0, 1)},
         when=lambda s: _level(s, -3) == 3),
    # advancer takes the double out into a four-card major with some values
    rule("?x X ?x P P X P", "cM", "four-card major, some values", hcp=(8, 40), lens={"M": at_least(4)},
         when=lambda s: s.cheapest_level(Strain.S) <= 4),
    # the strong doubler when responder bids and opener rebids his suit or raises responder's: the same
    # own suit (partner's pass says little)
    *_strong_doubler_after_raise("?x X ?y P ?x"),
    *_strong_doubler_after_raise("?x X ?y P ?y"),
    # ... or rebids 1NT: the strong doubler sits over opener's 11-14 and doubles it for penalty
    _penalty_double("?x X ?y P 1N", "penalty double, strong", hcp=(17, 40)),
    *_advance_strong_doubler_suit("?x X ?x P P ?z P"),
]


def _law_allows(sit: Situation, cards: int) -> bool:
    """Whether ``cards`` trumps with the least length partner's last bid showed reach the level of raising
    it: the law of total tricks."""
    call = sit.calls[-2]
    if not isinstance(call, Bid) or call.strain.suit is None:
        return False
    shown = sit.explanation(len(sit.calls) - 2).min_length(call.strain.suit)
    return shown + cards - 6 >= sit.cheapest_level(call.strain)


def _raise_level(sit: Situation) -> int:
    """The cheapest level to raise partner's bid two calls back at (0 if that was not a bid)."""
    call = sit.calls[-2]
    return sit.cheapest_level(call.strain) if isinstance(call, Bid) else 0


def _preemptive_over_double(opening: str, response: str) -> bool:
    """Whether ``response`` to the one-level ``opening`` of a major means another thing over a takeout
    double: the jump raise is preemptive (3-7 HCP), not a limit raise, and 2NT is Jordan, not Jacoby."""
    return opening[1] in "MHS" and response in ("3" + opening[1], "2N")


def _also_over_double(table: list[Rule], keep: Callable[[Rule], bool] = lambda r: True) -> list[Rule]:
    """``table``'s rules after a one-level suit opening and a pass made to apply after a takeout double
    too: with no redouble in the system, responder's calls over the double mean what they mean without
    it (but for the jump raise of a major, preemptive over the double), so opener rebids as without it;
    ``keep`` picks the rules that may apply over the double."""
    out = []
    for r in table:
        first = r.pattern[0] if r.pattern else ""
        suit_opening = first[:1] == "1" and first[1:] != "N"
        if not r.suffix and len(r.pattern) > 2 and r.pattern[1] == "P" and suit_opening \
                and not _preemptive_over_double(first, r.pattern[2]) and keep(r):
            r = replace(r, pattern=(first, "p", *r.pattern[2:]))
        out.append(r)
    return out


def _systems_on_over_double(table: list[Rule]) -> list[Rule]:
    """``table``'s rules after 1NT and a pass made to apply after a double of the 1NT too: SAYC plays
    systems on over the double (Stayman, the transfers, the raises in notrump mean what they mean without
    it), so opener answers as without it."""
    return [replace(r, pattern=("1N", "p", *r.pattern[2:]))
            if not r.suffix and r.pattern[:2] == ("1N", "P") else r for r in table]


def _over_one_level_overcall(table: list[Rule]) -> list[Rule]:
    """Opener's rebids after a one-level new-suit response (forcing) made over a one-level overcall in
    suit ``w``: as without the overcall (the response is still forcing and unlimited), with notrump
    promising their suit stopped; where no rule fits, a rebid no longer falls to a game-forcing guess
    that partner may read as forced and pass."""
    out = []
    for r in table:
        if r.suffix or len(r.pattern) != 4 or r.pattern[1:] != ("P", "1y", "P") or r.pattern[0][:1] != "1" \
                or r is PASS_PASSED_HANDS_SUIT:
            continue
        if not _room_for_two_one_level_suits(r.pattern[0]):
            continue  # 1H 1S leaves no one-level suit for responder: the rule could never match
        spec = dict(r.spec)
        if r.call.endswith("N"):
            spec["stop"] = ("w",)
        out.append(replace(r, pattern=(r.pattern[0], "1w", "1y", "P"), spec=spec))
    return out


def _room_for_two_one_level_suits(opening: str) -> bool:
    """Whether an overcall and a new suit can both follow the one-level opening ``opening`` (a pattern
    token) at the one level: only over a minor, never over a major."""
    letter = opening[1:]
    suits = VARIABLES[letter] if letter in VARIABLES else (Suit[letter],)
    return any(s not in _MAJORS for s in suits)


def _after_one_level_new_suit(r: Rule) -> bool:
    """Whether responder's rebid ``r`` follows his new suit at the one level: forcing and unlimited (6+)
    over a takeout double as without it, unlike the 1NT response, the raises and the two-level new suit,
    which SAYC players treat as weaker or non-forcing over the double."""
    response = r.pattern[2]
    return response[0] == "1" and response != "1N"


TABLES: dict[str, tuple[Rule, ...]] = {
    "openings": tuple(OPENINGS),
    "one notrump": tuple(_systems_on_over_double(ONE_NOTRUMP)),
    "two notrump": tuple(TWO_NOTRUMP),
    "strong two clubs": tuple(STRONG_TWO),
    "responses": tuple(RESPONSES),
    "opener's rebids": tuple(_also_over_double(OPENER_REBIDS, lambda r: r is not PASS_PASSED_HANDS_SUIT)),
    "responder's rebids": tuple(_also_over_double(RESPONDER_REBIDS, _after_one_level_new_suit)),
    "slam": tuple(_systems_on_over_double(SLAM)),
    "competition": tuple(COMPETITION + _over_one_level_overcall(OPENER_REBIDS)),
}
"""The system's tables, tuples so that none changes once indexed (`ALL_RULES_INDEX`)."""

ALL_RULES: tuple[Rule, ...] = tuple(r for table in TABLES.values() for r in table)
ALL_RULES_INDEX = RuleIndex(ALL_RULES)
"""The one index of the system's tables: the bidder, its fallback and slam look them up there, so what a
situation's rules offer is matched once whoever asks."""
