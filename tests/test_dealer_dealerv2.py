"""DealerV2's own words in a script: each named as DealerV2's, which this dealer does not run, at its place.

Before, each gave whatever error the classic grammar's place for it gave: ``unknown variable 'opener'``,
``unknown function 'csvrpt'``, ``unexpected '"x"', expected an expression`` after ``bktfreq``.
"""

from __future__ import annotations

import pytest
from test_dealer_language import parse_error

from bridgetools.dealer.dealerv2 import WORDS
from bridgetools.dealer.language import ParseError, parse


@pytest.mark.parametrize("text, where, word", [
    ("produce 4\nopener west\nhcp(west) > 11", "s.dlr:2:1", "opener"),
    ('action bktfreq "hcp" (hcp(north), 8, 20, 2)', "s.dlr:1:8", "bktfreq"),
    ("action bktfreq (hcp(north), 8, 20, 2)", "s.dlr:1:8", "bktfreq"),
    ('action bktfreq "x" (hcp(north), 8, 20, 2, hcp(south), 0, 10, 5)', "s.dlr:1:8", "bktfreq"),
    ('action csvrpt(deal, hcp(north), "x")', "s.dlr:1:8", "csvrpt"),
    ("action printall,\n  printrpt(north, trix(deal))", "s.dlr:2:3", "printrpt"),
    ("action printns", "s.dlr:1:8", "printns"),
    ("action printside(EW)", "s.dlr:1:8", "printside"),
    ("action printall, export(north)", "s.dlr:1:18", "export"),
    ("condition ltc(north) <= 7", "s.dlr:1:11", "ltc"),
    ("condition dds(north, spades) >= 10", "s.dlr:1:11", "dds"),
    ("x = trix(deal)", "s.dlr:1:5", "trix"),
    ("condition par(NS) > 0", "s.dlr:1:11", "par"),
    ("condition opc(NS) >= 26", "s.dlr:1:11", "opc"),
    ("condition usereval(1, north, 2) > 0", "s.dlr:1:11", "usereval"),
    ("x = parcontract", "s.dlr:1:5", "parcontract"),
])
def test_a_dealerv2_word_is_named_as_dealerv2s_at_its_place(text: str, where: str, word: str) -> None:
    message = parse_error(text, where)
    assert message.startswith(f"{where}: unexpected {word!r}: DealerV2's {word} ")
    assert "which this dealer does not run" in message and "\n" not in message


def test_every_dealerv2_word_has_a_test() -> None:
    tested = {"opener", "bktfreq", "csvrpt", "printrpt", "printns", "printside", "export", "ltc", "dds",
              "trix", "par", "opc", "usereval", "parcontract"}
    assert set(WORDS) == tested


@pytest.mark.parametrize("text, where, words", [
    ("condition hcp(north) >= $1", "s.dlr:1:25", "unexpected '$': DealerV2's script parameters ($0 to $9)"),
])
def test_dealerv2_notations_are_named_as_dealerv2s(text: str, where: str, words: str) -> None:
    assert parse_error(text, where).startswith(f"{where}: {words}")


@pytest.mark.parametrize(("source", "expand"), [("s.dlr", "dealer.dpp s.dlr | bridgetools deal -f -"),
                                               ("<condition>", "dealer.dpp SCRIPT | bridgetools deal -f -")])
def test_a_dpp_shape_is_named_as_the_dealer_preprocessors_with_how_to_expand_it(
        source: str, expand: str) -> None:
    # shape{...} is Francois Dellacherie's dealer pre-processor (dpp), which Debian's dealer package
    # installs as dealer.dpp; it was named "DealerV2's shape{...} (Francois Dulac's shapes)"
    with pytest.raises(ParseError) as caught:
        parse("condition shape{north, 4M(3+3+2+)}", source)
    message = str(caught.value)
    said = "unexpected '{': shape{...} is the dealer pre-processor's (dpp"
    assert message.startswith(f"{source}:1:16: {said}")
    assert "Francois Dellacherie" in message and "Dulac" not in message and expand in message


def test_what_dealerv2_has_offers_this_dealers_own_where_there_is_one() -> None:
    assert parse_error("condition ltc(north) <= 7", "s.dlr:1:11").endswith(
        "; losers(seat) counts losers as dealer does")
    assert parse_error("condition dds(north, hearts) > 9", "s.dlr:1:11").endswith(
        "; tricks(seat, strain) gives them")
    bktfreq = parse_error("action bktfreq (hcp(north), 8, 20, 2)", "s.dlr:1:8")
    assert 'frequency "label" (expr, low, high)' in bktfreq


@pytest.mark.parametrize("text", ["ltc = losers(north)\ncondition ltc < 8",
                                  "par = 3\nx = par + 1\ncondition x > 2",
                                  "opener = hcp(west) > 11\ncondition opener"])
def test_a_script_may_name_its_own_variable_as_dealerv2_names_a_word(text: str) -> None:
    parse(text, "s.dlr")


@pytest.mark.parametrize("text, where, words", [
    ('produce 1\nseed 17\naction printrpt(NS, "x")', "s.dlr:2:1",
     "unexpected 'seed': the dealer language has no seed statement (DealerV2 has); give it as --seed 17"),
    ('title "Goren"\ncondition hcp(north) > 3 &', "s.dlr:1:1",
     "unexpected 'title': the dealer language has no title statement"),
])
def test_a_dealerv2_statement_is_told_before_an_error_further_on(text: str, where: str, words: str) -> None:
    # A DealerV2 script's `seed 17` reads as two conditions, no syntax error: the printrpt after it was
    # told first, and the seed only once printrpt was fixed.
    assert parse_error(text, where).startswith(f"{where}: {words}")


def test_a_title_in_a_comment_is_no_statement() -> None:
    message = parse_error('/*\ntitle "x"\n*/\nhcp(north) > 3 &', "s.dlr:4:16")
    assert message.endswith("and is && (or the word and)")
