"""Each variant's rules in short, in a home player's words: the one text the table's "How to play" panel
shows and docs/variants.md's "Rules in short" sections quote (a test keeps them the same)."""

from __future__ import annotations

NULLO_BIDS = ("A nullo bid promises to take at most a number of tricks: one nullo at most 6, two nullo at "
              "most 5, and so on down to seven nullo, no trick at all. Nullo is played without trumps.")

HOW_TO_PLAY: dict[str, tuple[str, ...]] = {
    "booby": (
        "Three players, each playing for themselves, with a full pack of 52 cards.",
        "Each player is dealt 17 cards; the last card goes face down to a fourth hand, the booby.",
        "Before the auction each player gives 4 of their cards, face down, to the booby, so every hand "
        "holds 13. You still see the 4 you gave.",
        "The auction is bridge's, starting with the dealer, with nullo bids as well. " + NULLO_BIDS
        + " Nullo ranks above hearts and below spades. Two passes after a bid end the auction.",
        "The highest bidder is declarer and plays the booby as dummy, opposite; the other two defend "
        "together for this deal. The player on declarer's left leads, then the booby is turned face up.",
        "Follow suit if you can; otherwise play any card.",
        "Rubber bridge scoring, each player keeping their own score: declarer scores against both, and if "
        "the contract fails each defender scores the penalty. Each level of nullo made scores 30.",
    ),
    "nullo": (
        "Two players and a full pack: 13 cards each; the other 26 are a face-down stock.",
        "Before the auction the non-dealer may exchange any number of cards with the stock (put them "
        "aside face down and draw as many), then the dealer may.",
        "The auction is bridge's, with nullo bids as well. " + NULLO_BIDS
        + " Nullo ranks above diamonds and below hearts.",
        "One pass after a bid ends the auction; if both players pass, the same dealer deals again.",
        "Declarer's opponent leads. Each trick is two cards, one from each player; follow suit if you "
        "can. There are 13 tricks.",
        "Rubber bridge scoring; each level of nullo made scores 30.",
    ),
    "sholem": (
        "Two players with a 32-card pack: ace high down to the seven in each suit.",
        "The cards come in three rounds with a round of bidding after each: 10 cards each, then 2 more, "
        "then the last 4, so each player ends with 16. A bid left standing by a round may be overcalled "
        "in the next.",
        "There are 10 tricks. A contract of level 1 to 5 is to take 5 tricks plus the level. Nullo bids "
        "promise at most 4 tricks (one nullo) down to none (five nullo). From lowest to highest: nullo, "
        "clubs, diamonds, hearts, spades, notrump.",
        "Five-step raise limit: in rounds 1 and 2 a bid may go at most five steps above the last bid, "
        "each strain of each level being one step (over 1 club you may bid as high as 2 nullo). A small "
        "slam (level 4) or grand slam (level 5) may always be bid. Round 3 has no limit.",
        "Reserve: after the auction each player sets 3 of their 16 cards aside and plays the first "
        "tricks with the other 13.",
        "Two cards a trick: in the first 6 tricks each player plays two cards, the leader both first. "
        "Follow suit with every card if you can; you need not win or trump. Then the card left in your "
        "hand joins your reserve and the last 4 tricks are one card each.",
        "Game is 20 points. Each trick over 5 scores 10 at notrump, 8 in spades or hearts, 6 in diamonds "
        "or clubs, and 10 a level in nullo. Aces at notrump and sevens in nullo score as honours, and "
        "declarer's long suits (4 cards or more) score 15 to 75.",
    ),
    "chinese": (
        "Two players and a full pack: 4 cards in your hand and 22 on the table in 11 piles, a face-down "
        "card under a face-up one. Both players see every face-up card.",
        "The dealer must bid; the other player may pass, double or bid higher, and so on; the first pass "
        "after a bid ends the auction.",
        "There are 26 tricks: a contract of level 1 to 13 is to take 13 tricks plus the level.",
        "Declarer's opponent leads. Each trick is two cards, one from each player, from the hand or from "
        "the face-up cards on the table. The card under a table card played is turned up after the trick.",
        "Duty to trump: follow suit if you can; if you cannot, you must play a trump if you have one, in "
        "hand or face up on the table.",
        "Rubber bridge scoring.",
    ),
    "konstam": (
        "Two players and a full pack dealt in four hands of 13: yours, your opponent's, an open dummy "
        "face up and a closed dummy face down.",
        "The dealer must bid; the first pass ends the auction. Doubles and redoubles are bridge's.",
        "Declarer chooses which dummy sits opposite them, the open one or the closed one; the opponent "
        "takes the other.",
        "Declarer's opponent leads, then the closed dummy is turned face up. Tricks are four cards: each "
        "player plays their own hand and their own dummy in turn. Follow suit if you can.",
        "Rubber bridge scoring.",
    ),
}
"""Each variant's rules in short, a paragraph a line, by the variant's name."""
