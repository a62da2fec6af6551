"""Write docs/bidding.md from the bidding system's rule tables (bridgetools.bots.system).

    python scripts/bidding_doc.py            # rewrite docs/bidding.md
    python scripts/bidding_doc.py --check    # exit 1 if docs/bidding.md is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bridgetools.bots import fallback, slam, system, tricks  # noqa: E402
from bridgetools.bots.meaning import (  # noqa: E402
    aces_words,
    help_wanted_words,
    needs_no_help_words,
    range_words,
    said_once,
    wasted_words,
)
from bridgetools.bots.rules import VULNERABILITY_CONDITIONS, Rule  # noqa: E402

TARGET = ROOT / "docs" / "bidding.md"

INTRO = f"""# The computer bidder's system (SAYC-lite)

`bridgetools.bots.Bidder` bids a natural system close to the ACBL's Standard American Yellow Card,
written as rule tables. Each rule says: in an auction of this pattern, this call means this. The same
rules choose a call (the first rule, in the order below, whose meaning the hand satisfies) and explain
any call by anyone (`Bidder().explain(auction, call)`: every rule that could have made the call; the
hand holds at least one of their meanings; a call no rule makes has "no agreed meaning", and an illegal one,
an insufficient bid, a double of partner's bid or any call once the auction is over, is an
`IllegalCallError`). `bridgetools bid` writes these explanations as PBN notes (on the calls a file's
auction gave too, kept or bid on from, where the file gave no note and the hand that made the call
holds a table's meaning of it),
briefly (`Explanation.brief`): where a table or a slam try (below) gives the call a meaning only theirs
are told, the slam tries first as the bidder reads them, not the fallback's alternatives nor the judge's
(`1N P 2N` "invitational: 8-9 HCP"; `1C P 3N P 6N` "slam in notrump: 16+ HCP, ...; or to play, sign-off:
17-21 HCP"); the meanings of one name are told once, by what all of them allow (the HCP from the lowest
to the highest, the suit lengths every one promises), with the suits their variants name ("Stayman
(artificial), forcing: 8+ HCP, 4 hearts or 4 spades"), only those the bidder's hand holds when it holds
any (a note on a known hand says what that hand shows), and a note that would pass PBN's 255-character
line leaves out its last meanings and says how many ("...; or 1 other meaning (no room to show it)").
Every bid and double is noted; a pass is noted when a table's rule or a slam try made it for a side that
has bid or doubled (opener's "declines the invitation", responder's "to play" over the completed
transfer, a pass of partner's opening), not the passes of a side that has not called (no opening bid,
nothing to show over the opponents' opening) nor the fallback's pass when no other call fits.
`explain` keeps every meaning; the table in the browser shows the brief words.

Unlike SAYC, where 1NT P 3C or 3D invites with a six-card minor, here responder's 3m over 1NT is a
forcing slam try ({system.MINOR_TRY_HCP}-17 HCP, a six-card minor, no four-card major): opener raises to
four of the minor with three of it and {system.MINOR_TRY_ACCEPT}-17 HCP, else bids 3NT.

This page is generated from the tables by `scripts/bidding_doc.py`; a test keeps it up to date.

## How to read the tables

* **Auction**: the calls from the opening bid on (passes before it are left out), the player to call
  next. `P` pass, `X` double, `p` pass or double, `_` any call; `1N` is 1NT. In a bid the strain may
  be a variable: `M` a major, `m` a minor, `x y z w` any suit (different letters are different
  suits); `?y` is y at any level; `...` at the start matches the end of a longer auction.
* **Call**: the call made, in the same notation; level `c` is the cheapest legal level, `j` one
  level more (a jump); `T` is the suit the partnership has agreed.
* **Meaning**: HCP (A=4 K=3 Q=2 J=1), points (HCP + 1 for each card over four in a suit), suit
  lengths, balanced (4-3-3-3, 4-4-3-2, 5-3-3-2), stoppers (A, Kx, Qxx, Jxxx), features (the ace or
  king of a suit), a strong suit (two of its ace, king and queen), the HCP in a suit's king, queen
  and jack (wasted opposite partner's singleton or void), a suit's losers (where a help-suit game try
  asks for help; the invitation made instead says it holds no such suit), aces, losers, controls (ace
  2, king 1), tens; then whether the call is forcing, invitational or a sign-off, and whether it is
  artificial.
* **Vulnerability**: a rule marked *vulnerable*, *not vulnerable*, *neither side vulnerable* or *not
  vulnerable against vulnerable* applies only at that vulnerability, as the player to call sees it;
  a rule with no mark applies at any. So a call may mean more at one vulnerability than at another
  (a preempt by the rule of two, three and four), and `explain(auction, call, vulnerability)` gives
  its meaning at the board's vulnerability (neither side vulnerable unless given).

Before the tables come **slam tries by values**: with a fit (a suit both partners bid, or partner's
suit with 8+ cards together) and 32+ points together, or 32+ counting short suits (partner counted at
up to four HCP above the least shown), Blackwood 4NT; with a fit and 28+ HCP together, Blackwood 4NT
too when the losing-trick count promises twelve tricks (24 less both hands' losers; a loser is an ace,
king or queen missing from a suit's first three cards; partner is played for seven losers with 13-14
HCP, one more for every three HCP less (a raise counted by the dummy points it showed, and so for the
HCP together, where they are more than its HCP), one fewer for every card over five in a suit shown and for
every card over eight in the two longest suits shown; each trump over eight together counts a trick
more, and a trick more is asked when partner's range is wider than five HCP, except with a major
agreed when partner's last call has no top and his floor is a response's, not a strong hand's: he can
only be better than counted), or with 26+ HCP together
when the asker holds 7+ controls (ace 2, king 1); in a minor this player bid and partner raised
with a range of five HCP or less (1D P 3D P), Blackwood with 30+ points together and 6+ controls
too; without a fit and
without a void, 6NT with 32+ HCP and 7NT with 37+, partner played for two HCP above the least shown
when the range has no top (a strong hand's, 2C's 22+, for its floor: it bids the slam itself with more,
as 2C P 2NT P 6NT with 24+ balanced), and for two cards in each major once he has shown a balanced
hand (but over
partner's 1NT or 2NT opening the notrump tables answer, and over a one-level minor, 11-21, responder
bids a new suit first; straight over a one-level major Blackwood needs four trumps, no void (the reply
cannot tell whether partner's ace is in it) and second-round control of every unbid suit (the ace or
king, a singleton: two quick losers there are not asked about), else a splinter or Jacoby 2NT comes first;
the same control is asked opposite opener's minimum rebid of his minor, 1C P 1H P 2C, where the fourth suit
asks for a stopper first).
Six of a suit partner's calls showed three cards in comes before 6NT; a hand
with two five-card suits (5-5, 6-5) makes no notrump slam try, and the tables' calls show its suits. No
slam try follows partner's sign-off, and none is made in a suit partner bid that this player then
passed: the tables raise partner's suit from a few HCP up, so no hand that passed holds the values.
Blackwood replies are 5C 0 or 4 aces, 5D 1, 5H 2, 5S 3; the asker bids the small slam unless two
aces are missing. With clubs agreed the asker holds two aces, with diamonds one, so no reply past five
of the minor leaves two missing; a reply in the agreed suit itself is passed.

After the tables comes the **fallback**, for auctions no rule covers: game with 25+ points together
(4 of a major with 8+ trumps; 5 of a minor with 8+ trumps, 26+ points and an unbalanced hand, but
3NT instead when every suit the partnership has not bid is stopped; with an unbalanced hand, a new
suit of four or more, forcing to game, where the tables give that bid no meaning; else 3NT with the
opponents' suits stopped, else 5 of a minor with 28+), an invitation with
23-24 (three of a major with nine trumps, 2NT with a balanced hand), a competitive bid to the level
of the total number of trumps (law of total tricks; up to the four level, the five level at favourable
vulnerability), a penalty double with four trumps and a stopper
in theirs when the partnership has {fallback.TRUMP_STACK_HCP}+ HCP, a double of their bid over a game
our side bid (a sacrifice) when the partnership has {fallback.SACRIFICE_DOUBLE_HCP}+ HCP, a
penalty double of their two-level or higher suit contract with the balance of power
({fallback.BALANCE_OF_POWER}+ HCP together, not void in their suit; these
penalty doubles only of a natural, non-forcing bid outside our suits, and not where a table gives the
double a meaning), a bid when partner's call
forces one (three-card support
for his last suit, notrump with a balanced hand, simple preference for his earlier suit with two cards,
one's longest suit but never the opponents', else the cheapest notrump), game
after the player's own game-forcing call (a major with seven trumps together, else 3NT, else a minor),
game over partner's forced bid answering the player's own forcing call with 25+ HCP counting partner at
the least (a major with eight trumps together, the forced bid's support or longest suit counted, else
3NT with the opponents' suits stopped, else a minor with eight trumps), over their bid when partner has
bid or doubled a seven-card suit of the player's own (or six cards with six losers at most), not raised by
partner, again at the cheapest level below game (the three level at most), otherwise pass. The fallback
takes no call the tables give an artificial or conventional meaning (a
Stayman reply's 2D says no four-card major and nothing else, Jordan 2NT a limit raise or better). A
fallback meaning no hand can hold, or one the player's own earlier calls rule out (a 2C opener's
invitational 2NT), is not offered, so it never shows in an explanation; the others keep to the HCP floor
those calls showed. The note written beside a
computer's call tells the meaning that chose it: the table's rule when the rules made the call (2NT over
1NT told in the table's range, not with the fallback's balanced 7-8 invitation of the same name, nor the
judge's "game in notrump: 7+ HCP" for a 3NT the table made), the judge's only when the simulation changed
the call.
Partner is counted for what his calls showed, leaving out the fallback's forced calls where the same
call has a natural meaning (a reverse is 17-21, not the 11-21 of "a bid when forced"): a range at most
seven HCP wide for its middle, a wider one (or a lone advance in a minor of one's double or overcall,
often a weak hand made to bid) a little above the least shown; partner's invitation is
accepted when his maximum brings the partnership to 26 (a limit raise with 14). But after a forcing call
with no upper limit
(a new suit's 10+) partner will bid again, so game is bid at once only with 24+ counting partner at
the least, and otherwise the cheapest descriptive call. Once partner has declined the player's
invitation (answered it below game, the opponent between passing or doubling, with a call that neither
forces nor invites, knowing the top of its range: 1NT P 2H P 2S P 2NT P 3S) the fallback bids no game,
and the judge weighs none: the values were counted when the invitation was made. Over their bid partner's
pass is a competitive call, and game stays the fallback's to judge. The fallback never starts a slam.

**Judgement by simulation** (`bridgetools.bots.judgement.JudgingBidder`, with the `dd` extra; the
plain `Bidder` is the rules above) weighs the decisions between game and a partscore that ends the
auction: where the rules pass partner's natural bid below game, game in a suit partner has shown three
or more of, with eight together, from 22 HCP together, and 3NT from 23; where the rules bid game over
partner's natural bid below game that does not force, passing it, up to 27 HCP together, but not
partner's forced call, which places no contract (the cheapest advance of a takeout double, `P P 1C X P 1H`,
0-8 HCP and it may hold nothing; an answer to a forcing call from a hand that may hold nothing; the
fallback's forced bid; not a runout from partner's penalty double, `1NT X P 2H`, which he was free to
pass): over it the rules' game stands; where the
opponents' bid stands (bid on the right, or passed round) and partner has bid naturally, and the rules
bid game over it, defending their contract (scored as minus their double-dummy score; a judged game
over the rules' pass of their contract was measured and cost precision). A partscore
bid partner may still raise is left to the rules. Where partner's last call is a natural sign-off
(opener's 4S after a splinter, 1H 1S 4H) and the rules pass it or bid game, it also weighs a slam over
the rules' contract: Blackwood 4NT with a fit and 26+ HCP together (six of the suit where 4NT means
something else; partner played for a little above the least shown), not 6NT; a slam must gain 2 IMPs
a deal on average. Over partner's other natural calls slam is left to the rules (`judgement.JUDGE_SLAM`,
off: measured, it does not gain there; with it, 6NT too from 31+ HCP together and no major fit). It deals the
three unseen hands up to 32 times in numpy batches, keeping those
inside the HCP and length ranges each seat's calls showed, each opponent's calls fitting one of their
meanings and partner's calls those the rules make with that hand (seeded from the hand and the
auction); counts each contract's real tricks double dummy (one-target searches in DDS's batched call,
exact down to two undertricks of the lowest contract); scores every contract on the same layouts by
its duplicate score with its declarer's vulnerability, in IMPs against the rules' one; and bids the
other contract when it gains on average by one and a half IMPs a deal (two for a slam; Blackwood stops
in five when two aces are missing). Layouts are solved eight at a time from sixteen on, until a
sequential test settles the decision (the mean gain two standard errors from the margin) or 160
searches are spent, so the call depends only on the hand and the auction (at the table, `bridgetools
play`, a call also stops after two seconds of searches and is decided on the layouts solved by then, so
a slow machine may call otherwise). These calls are explained
as such, so the explanation always allows the hand. The corpus of expected calls documents the rules
and is checked with the plain `Bidder`. The judging bidder is chosen with `--judge` (`bridgetools
bid`, `bridgetools autoplay`, `scripts/bench_bots.py`), `--players judging` (`bridgetools play`) or
`bridgetools.bots.default_bidder(judge=True)`, and it is the default wherever the `dd` extra is installed
(`--rules-only` bids by the rules alone, about ten times faster: 0.03 s a deal against 0.35 s): on
4,000 deals it was never tuned on it lost 0.072 IMPs a deal less against par than the rules alone
(standard error 0.020; [performance.md](performance.md), "Fifteenth pass"). Without the extra the
rules alone bid, so an auction can differ between a machine with the extra and one without.
"""


def _kings(r: Rule) -> str | None:
    """The kings a king ask, king reply or grand slam on them counts by controls (ace 2, king 1) given
    the bidder's aces: "1+ kings" (empty when any count does, or the reply's words say it), None for
    another rule."""
    spec = r.spec
    if not (spec.get("convention") in ("king ask", "king reply") or "aces and kings" in r.label):
        return None
    if "controls" not in spec or len(spec.get("aces", ())) != 1:
        return None
    lo, hi = (c - 2 * spec["aces"][0] for c in spec["controls"])
    if spec.get("convention") == "king reply" or (lo <= 0 and hi >= 4):
        return ""
    return f"{lo}+ kings" if hi >= 4 and lo < hi else f"{lo} king{'' if lo == 1 else 's'}"


def _constraint_words(r: Rule) -> str:
    spec = r.spec
    words = []
    for key, unit in (("hcp", "HCP"), ("points", "points"), ("dummy_points", "dummy points")):
        if key in spec:
            words.append(range_words(tuple(spec[key]), unit, 37))
    for name, (lo, hi) in spec.get("lens", {}).items():  # "0-3 H": range_words would say "at most 3 H"
        words.append(f"{lo}+ {name}" if hi >= 13 else
                     f"{lo} {name}" if lo == hi else f"{lo}-{hi} {name}")
    if "balanced" in spec:
        words.append("balanced" if spec["balanced"] else "unbalanced")
    words.extend(f"{t.replace('>=', ' at least as long as ').replace('>', ' longer than ')}"
                 for t in spec.get("rel", ()))
    words.extend(f"{n} a longest suit" for n in spec.get("longest", ()))
    if spec.get("stop"):
        words.append("stopper in " + ", ".join(spec["stop"]))
    if spec.get("no_stop"):
        words.append("no stopper in " + ", ".join(spec["no_stop"]))
    words.extend(f"ace or king of {n}" for n in spec.get("feature", ()))
    words.extend(f"two of the ace, king and queen of {n}" for n in spec.get("strong", ()))
    if spec.get("controlled"):
        suits = spec["controlled"]
        words.append("second-round control of " + ("every suit" if len(suits) == 4 else
                                                    ", ".join(s.full_name.lower() for s in suits)))
    words.extend(wasted_words(n, most) for n, most in spec.get("wasted", {}).items())
    words.extend(help_wanted_words(s.full_name.lower()) for s in spec.get("help_wanted", ()))
    if spec.get("no_help"):
        words.append(needs_no_help_words(["the unbid suits" if n == "unbid" else n for n in spec["no_help"]]))
    words.extend(("" if held else "no ") + f"first-round control of {n}"  # as Meaning says them
                 for n, held in spec.get("first_round", {}).items())
    if "losers" in spec:
        words.append(range_words(tuple(spec["losers"]), "losers", 12))  # as Meaning says them
    kings = _kings(r)
    if kings is not None:
        words.extend([kings] if kings else [])
    elif "controls" in spec:
        words.append(range_words(tuple(spec["controls"]), "controls (ace 2, king 1)", 12))  # as Meaning says
    if "tens" in spec:
        words.append(range_words(tuple(spec["tens"]), "tens", 4))  # as Meaning says them
    if "aces" in spec and kings is None:
        words.append(aces_words(tuple(spec["aces"])))
    words.extend(spec.get("extra", ()))
    flags = [spec["force"]] if spec.get("force") else []
    if spec.get("artificial"):
        flags.append("artificial")
    if r.after:
        flags.append(f"after partner's {r.after}")
    if r.order:
        flags.append(", ".join(f"{a} ranks above {b}" for a, b in r.order))
    if r.vul:
        flags.append(VULNERABILITY_CONDITIONS[r.vul][0])
    if spec.get("untold"):
        flags.append("read by the bidder, not told: no hand reaches it")
    head = r.label + (f" ({', '.join(flags)})" if flags else "")
    words = said_once(r.label, words)  # (as a note says them: "balanced, 18-19: stopper in y")
    return head + (": " + ", ".join(words) if words else "")


DEPARTURES = """## Where this system departs from the spec's SAYC-lite

The SAYC-lite table of the project's spec (openings, responses, rebids, conventions, competition) is
what the tables below play, with these departures. Each is a choice measured in self-play against
double-dummy par ([performance.md](performance.md), the pass named): where the spec's way was tried, it
lost IMPs.

* **One-level openings** are 11-21 HCP with 12+ points counting a point for each card over four in a
  suit: the spec's "12+ HCP with length", so 11 HCP open with a five-card suit and not with a flat hand.
  Lighter openings by the Rule of 20 were tried and lost (eighth passes). So opener's balanced minimum
  rebid of 1NT is 11-14, not 12-14.
* **A two over one** (1M P 2x) promises 11+ HCP, not 10+: with 10 HCP and no fit responder bids 1NT
  (6-10). Bidding the two over one from 10 lost 0.019 IMPs a deal (thirty-third pass, spec34).
* **Raises of a major** count dummy points (HCP, and 3 for a void, 2 for a singleton, 1 for each
  doubleton): the single raise is 6-9 dummy points (5-9 HCP), the limit raise 10-12 (8-12 HCP), so the
  spec's overlap at 10 goes to the limit raise; a short suit that counts a raise past its range takes
  the next one (the single raise with 10+ dummy points on 5-7 HCP, the limit raise with 13+ on 8-12).
  Counting shortness for raises gained when it came in (2026-12-01's rules, "Computer bidding").
* **A two-level overcall** needs 12+ HCP with a five-card suit and 10+ with a six-card suit (the
  spec's 10-16 for any five-card suit lost: fourth passes, the largest single gain of that pass).
* **Negative doubles** go on past 2S: over a three-level overcall the double is negative too (8+ HCP
  and the unbid major or majors; over a minor opening one four-card major with 10+). Playing the spec's
  "through 2S" (no negative double at the three level) lost 0.004 IMPs a deal (thirty-third pass,
  spec34).
* **The values double** (1x, their overcall, X: 10+ HCP, no four-card major promised) stays over a
  two-level overcall, where SAYC's negative double of 2H promises four spades: with 10+ HCP and no call
  that fits, responder doubles rather than pass. Doubling only over a one-level overcall lost 0.0016
  IMPs a deal, 8 deals gained and 10 lost (thirty-third pass, mend34f; 1D 2H with 6.8.AKQ9842.QJ73
  then passed).
* **After their takeout double** responder's new suit at two is the two over one (11+ HCP, forcing);
  SAYC's non-forcing new suit at two (a weak six-card suit) was tried and lost 0.0029 IMPs a deal (1
  deal gained, 6 lost; thirty-seventh pass, the teacher's trial), the doubler's side competing over it.
  SAYC's redouble (10+ HCP, at most two of opener's major or three of his minor) is played with its
  follow-ups (advancer escapes into his longest unbid suit; opener doubles it with four or passes,
  forcing; the redoubler doubles it with four or bids naturally, else doubles on his values, so the
  forcing pass is always answered (seed 7: no deal moved); a double is left in): tried
  alone in two earlier passes it lost, the doubler's side having no rules after it; with the follow-ups
  it is neutral (session 52, rules alone, 1,000 deals: seed 7 3.673 -> 3.671 IMPs lost a deal, -0.0020
  +- 0.0020, 1 deal gained and none lost; seed 20261201 3.730 -> 3.730, +0.0000 +- 0.0020, 2 gained and
  2 lost: about three redoubles in 1,000 deals).
* **Conventions the spec leaves out at first**: splinter raises (1H P 3S, 1S P 4H, 1M P 4m, and opener's
  splinter over a single raise) and the cue-bid raise over an overcall (1x 1y 2y, a limit raise or
  better) are played without a flag, as are Jordan 2NT over a takeout double, the strong jump shift,
  the weak two's 2NT feature ask and minor-suit transfers over 1NT; each came in with a measured pass.
  So is **new minor forcing** (1m P 1M P 1NT P 2 of the other minor, and 2C after 1H P 1S P 1NT, where
  clubs is no new minor but asks the same way: "checkback 2C"): 11-18 HCP and five cards in the major.
* **Michaels and the Unusual 2NT are not played** (the spec leaves them out at first): the direct cue
  bid of their opening (1H 2H, 1C 2C) and the jump to 2NT over it have no agreed meaning, and a five-five
  hand overcalls in its higher suit. Michaels (8-16 HCP, five-five in the majors over a minor, in the
  other major and a minor over a major; advancer's preference at the cheapest level, a jump with 8-10
  HCP, game with 11+, 2NT asking for the minor) lost 100 IMPs on the tuning sets (18 deals gained, 29
  lost) and gained 14 held out; over a minor alone it lost 41 on the tuning sets (7 / 11) and gained 28
  held out. Opener's side and the cue bidder have no tables after it: opener passed 2NT's minor with 21
  HCP, and 6-5 hands stopped in partner's preference (forty-second pass, a teacher's leftovers).
* **The slam try over a limit raise** (1M P 3M P, opener's cheapest new suit: 3S over 3H, 4C over 3S)
  is artificial, 16-21 HCP with six controls or four losers, and asks responder to judge: Blackwood with
  seven losers, else 4M. The spec's slam tools are Blackwood, Gerber and the quantitative 4NT alone.
* **Opener's jump shift over a 1NT response** (1S P 1NT P 3H) is 18-21 HCP, not the spec's 19+ (it is
  19-21 over a one-level response): 19-21 with 18 bidding the new suit at two lost 0.0013 IMPs a deal on
  the tuning sets (4 deals gained, 7 lost) and 0.0063 held out (1 / 3) (thirty-third pass, mend34g).
* **Four of a major opened with seven cards**: at favourable vulnerability a seven-card major with 5-10
  HCP and seven losers or fewer opens at four (the rule of four); the spec's four-level preempt has eight.
* **Responses to 1NT**: responder's 3m is a slam try, not an invitation (above). 3M is SAYC's: a six-card
  major with slam interest, forcing, here 14-15 HCP (16 transfers and invites with 5M, 17+ transfers and
  bids six). Over a double of 1NT systems are on (the tables' `1N p`: Stayman and the transfers as
  without it), and a weak hand with any five-card minor runs by the minor-suit transfer (2S).
* **Both majors over 1NT**: five of one major and four of the other with game values (10+ HCP) transfer
  to the five-card major and bid the other (1NT P 2D P 2H P 2S, 1NT P 2H P 2S P 3H), forcing to game, where
  SAYC uses Stayman; opener raises the second major with four, prefers the first with three, else bids
  3NT. Five-five with game values (10+ HCP, or 8-9: 10+ points with the two fifth cards) transfers to
  spades and bids 3H, as SAYC does; as 3H shows four hearts
  or more here, opener without three spades or four hearts bids 3NT, and the fifth heart then bids 4H
  (opener's three hearts: the eight-card fit), as the fifth spade does over 2NT P 3D P 3H P 3S P 3NT.
  Five-five without game values transfers to hearts; SAYC's invitational 2S over 2H is not played (2S
  there forces to game).
* **The super-accept of a major transfer** (1NT P 2D P 3H, 1NT P 2H P 3S) is any 15-17 HCP with four or
  more trumps, where SAYC teachers keep it for a maximum: it tells responder the fourth trump, and
  responder bids game over it from 4 HCP. The earlier super-accept (16-17 HCP with a doubleton) lost
  0.0095 IMPs a deal held out to it (3 deals gained, 11 lost) and 0.0016 on the tuning sets (forty-fourth
  pass).
* **Stayman's slam hands**: after 1NT P 2C P 2H responder with four spades and 16-17 HCP bids 3S, forcing
  (SAYC: four spades, slam interest), where the quantitative 4NT would deny the spade fit opener may hold;
  opener asks for aces with four spades and 16-17, raises to 4S with 15, else bids 3NT. The quantitative
  4NT after Stayman promises a flat hand (no singleton or void).
* **Raising a three-level major preempt** with three trumps: 0-10 HCP preemptively and 11-14 with a
  singleton or void; a flat 11-14 passes (its defence beats their partscore; raising it lost on the
  forty-fourth pass's sets), 15+ bids game with two trumps.
* **Their two-level overcall of our 1NT**: three of a lower-ranking suit (1NT (2S) 3H) is to play, 5-9 HCP
  and six cards, where SAYC teachers play a new suit at three as forcing; with five hearts and game
  values responder cue-bids (Stayman, 4-5 cards). The natural forcing three of a major (10-15 HCP, five
  cards; the weak six-card suit then passing) lost 17 IMPs on the three tuning deals it changed
  (thirty-eighth pass).
* **The jump raise of an overcall over their bid** (1H 1S 2H 3S, 1C 1H 2C 3H) is not played: SAYC's
  preemptive jump (four trumps, a weak hand) lost 30 IMPs on the eight deals of two tuning sets it
  changed (seven lost: the overcaller stopped short of game, or they bid on over it). The bidder raises at the
  cheapest level or cue-bids their suit (11+, the limit raise or better), and the jump has no agreed
  meaning. After responder's pass (1H 1S P 3S) the jump is SAYC's preemptive raise.
* **Responder's 1NT over an overcall** (1C 1H 1NT) is natural, 6-10 HCP with their suit stopped, not a
  promise of a balanced hand: requiring one (73.QJ732.K9654.4 then passes) lost 17 IMPs on the seven
  deals of two tuning sets it changed (thirty-eighth pass).
* **Opener over responder's 1NT after an overcall** (1C 1H 1NT P) passes with 11-16 HCP, where SAYC rebids
  a six-card suit or bids a new suit (not forcing): bidding on with 11-16 lost on ten of eleven tuning
  deals changed (thirty-seventh pass, bid38a). With 17 the new suit and the reverse are natural,
  as without the overcall (the six-card rebid, 11-14, is not a rule: the minimum's pass comes first); a
  reverse may have four cards in each suit.
* **The first-seat pass** is told as "at most 11 HCP" (every hand of 12+ opens), but the public reading of
  it, `Explanation.hcp_range()` and `.constraint()`, gives 0-21: the bidder's readings (partner's and the
  opponents') were tuned with that top, and read as at most 11 the tuning sets lost (`Meaning.untold`;
  performance.md, "the first-seat pass"). The card player reads the pass as told (`inference.told`): it
  deals a passed hand no opening bid, and a later call such a hand cannot hold adds nothing.
* **The fallback's competitive bid on the trump count** (offered to any 5+ HCP with the trumps) is told
  and read with the HCP its hands can hold, those short of every call tried before it (`1C P 1S (2D) 2S
  3D`: "5-13 HCP", a 14-count bids the minor game); where no hand makes it (`1D (1S) 2D`, as every
  five-diamond hand raises, doubles or passes) it is not told ("raise: 6-10 HCP" alone) but read, as
  the first-seat pass is, over its whole range. In the games over it, partner's competitive raise with
  a floor below an opening's is played for 4 HCP over its floor, one short of its top at most (`P P 1D
  (1H) 2D (2H)`: 5-10 played for 9, not its middle 8), and opener, once he has made it, for what his
  opening showed (`1C (1H) 2C (2H) 3C`: 11-18 played for 14): read capped at their middles the games
  over competitive raises were missed (performance.md, "Forty-first pass (competitive raises read
  honestly)").
* **A double of their slam is for penalty** on tricks that are sure whatever they hold (the spec is
  silent; no Lightner double, which asks for an unusual lead): a grand slam is doubled with one (any ace
  against 7NT; against a suit the trump ace, two of the trump ace, king and queen, or any ace by the
  player on lead), a small slam with two (two aces against 6NT, two aces on lead against a suit), over
  their bid or after partner passed it. An ace away from the lead is not counted against a suit, since
  declarer may discard his losers there first, nor one on lead where an opponent's call may have shown a
  singleton or void in a suit (it may be ruffed). Partner leaves the double in (the competition table's
  first rules; performance.md, "Forty-second pass (the penalty double of a hopeless slam)").
"""


def render() -> str:
    lines = [INTRO, DEPARTURES]
    for title, table in system.TABLES.items():
        lines.append(f"## {title[0].upper()}{title[1:]}\n")
        lines.append("| auction | call | meaning |")
        lines.append("|---|---|---|")
        # (rules that differ only in what their words leave out, the king replies by the replier's aces,
        # are one row)
        lines.extend(dict.fromkeys(f"| `{r.pattern_text}` | `{r.call}` | {_constraint_words(r)} |"
                                   for r in table))
        lines.append("")
    lines.append(f"Fallback thresholds: game {fallback.GAME_POINTS}, minor-suit game "
                 f"{fallback.MINOR_GAME_POINTS}, Blackwood {slam.SLAM_POINTS}, "
                 f"6NT {slam.NOTRUMP_SLAM_POINTS}, 7NT "
                 f"{tricks.GRAND_POINTS} points together.\n")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/bidding.md is out of date")
    args = parser.parse_args()
    text = render()
    if args.check:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
            print("docs/bidding.md is out of date: run python scripts/bidding_doc.py")
            sys.exit(1)
        return
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
