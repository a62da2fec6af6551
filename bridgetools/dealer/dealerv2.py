"""DealerV2's words, which this dealer does not run: what to say where a script uses one.

DealerV2 (github.com/dealerv2) extends Hans van Staveren's dealer with statements, actions and functions
of its own. A script written for it fails here where classic dealer's grammar has no place for the word,
with whatever error that place gives (``unknown function 'csvrpt'``, ``unexpected '"x"', expected an
expression`` after ``bktfreq``). The parser asks `dealerv2_word` first, so that every such word is named
as DealerV2's, with what this dealer offers instead where it has something.
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "opener": ("statement (the seat that opens, for its opc and usereval)",
               "make it a comment (# opener ...)"),
    "printns": ("action (North's and South's hands)", "printall prints the four hands"),
    "printside": ("action (one side's hands)", "printew prints East-West's hands, printall all four"),
    "bktfreq": ("action (a frequency table in buckets)",
                'frequency "label" (expr, low, high) counts each value from low to high'),
    "csvrpt": ("action (a CSV line a deal)", "printes(...) prints values and strings a deal"),
    "printrpt": ("action (a line of values a deal)", "printes(...) prints values and strings a deal"),
    "export": ("action (hands for DealerV2's DOP)", ""),
    "parcontract": ("word (the par contract in csvrpt and printrpt)", ""),
    "ltc": ("function (its losing trick count)", "losers(seat) counts losers as dealer does"),
    "dds": ("function (double-dummy tricks)", "tricks(seat, strain) gives them"),
    "trix": ("function (double-dummy tricks of every strain)", "tricks(seat, strain) gives them"),
    "par": ("function (the par score)", ""),
    "opc": ("function (Pavlicek's optimal point count)", ""),
    "usereval": ("function (queries to its user evaluation server)", ""),
}
"""DealerV2's words that classic dealer lacks, from DealerV2 4's scanner (src/dealflex.l) and grammar
(src/dealyacc.y): each word's kind and what it does, and what to write here instead (``""``: nothing)."""


def dealerv2_word(word: str) -> str | None:
    """What to say of ``word`` met where the dealer language has no place for it, when it is one of
    DealerV2's (`WORDS`): the one line naming it as DealerV2's, which this dealer does not run."""
    if word not in WORDS:
        return None
    what, instead = WORDS[word]
    return (f"unexpected {word!r}: DealerV2's {word} {what}, which this dealer does not run"
            + (f"; {instead}" if instead else ""))


TITLE_STATEMENT = ("unexpected 'title': the dealer language has no title statement (DealerV2 has); make it a "
                   "comment (# title ...), or give --event to name the boards")
"""What to say of DealerV2's ``title "..."``, which names the boards its PBN gives."""


def seed_statement(seed: str) -> str:
    """What to say of DealerV2's ``seed N``: dealer takes its seed on the command line, as ``deal`` does."""
    return (f"unexpected 'seed': the dealer language has no seed statement (DealerV2 has); give it as "
            f"--seed {seed}")


SCRIPT_PARAMETER = "DealerV2's script parameters ($0 to $9), which this dealer does not run; write the value"
"""What to say of a ``$`` before a digit (``$1``), DealerV2's script parameter, where dealer has no place
for it."""
