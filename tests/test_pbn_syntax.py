"""One definition of a PBN tag (issue 8): the file splitter, the line repairs and the format sniffer take
their patterns from the grammar's terminals, so they agree with the parser on what a tag is."""

from __future__ import annotations

import io
import re

from bridgetools.formats import pbn
from bridgetools.formats._lark import get_parser
from bridgetools.formats.pbn_sections import LONE_TAG
from bridgetools.formats.pbn_syntax import syntax, tag_parts


def test_the_tag_patterns_are_the_grammars_terminals() -> None:
    terminals = {t.name: t.pattern.to_regexp() for t in get_parser("pbn").terminals}
    s = syntax()
    assert (s.name, s.string, s.run) == (terminals["NAME"], terminals["STRING"], terminals["TAGS"])
    assert s.run == rf"{s.tag}(?:\s*{s.tag})*"
    assert re.fullmatch(s.tag, '[Event "x"]')


def test_a_tag_the_grammar_reads_is_one_for_the_splitter() -> None:
    for line in ('[Event "x"]', '[ Event "x" ]', '[event "x"]', '[2nd_table "x"]', '[Note "1:a \\"b\\""]'):
        assert LONE_TAG.match(line), line
        assert get_parser("pbn").parse(line)


def test_a_tag_gives_its_name_and_value() -> None:
    m = tag_parts().match('[ Site "The \\"Big\\" Club" ]')
    assert m is not None and (m.group("name"), m.group("value")) == ("Site", 'The \\"Big\\" Club')


def test_a_lower_case_tag_after_a_blank_line_ends_an_unclosed_comment() -> None:
    text = '[Event "a"]\n[Board "1"]\n{never closed\n\n[event "b"]\n[Board "2"]\n'
    records = list(pbn.split_records(io.StringIO(text)))
    assert [r.line for r in records] == [1, 5]


def test_text_whose_first_tag_has_blanks_inside_its_brackets_is_pbn() -> None:
    assert pbn.sniff('[ Event "Club night" ]\n[ Board "1" ]\n')


def test_an_unrolled_string_pattern_takes_what_the_grammar_s_takes() -> None:
    """The scanner's string bodies, unrolled for speed, match the same text as the grammar's own."""
    import random
    import re

    from bridgetools.formats.pbn_syntax import syntax, unrolled

    grammar = syntax().string
    fast = unrolled(grammar)
    assert fast != grammar
    rng = random.Random(5)
    texts = ['"a"', '"a\\"b"', '"\\\\"', '"a\\\\"b"', '"a\nb"', '"\\', '"ab', '""x"']
    texts += ['"' + "".join(rng.choice('ab"\\\n ') for _ in range(rng.randrange(12))) for _ in range(400)]
    for text in texts:
        for how in (re.match, re.fullmatch):
            slow_match, fast_match = how(grammar, text), how(fast, text)
            assert (slow_match and slow_match.group()) == (fast_match and fast_match.group()), text
