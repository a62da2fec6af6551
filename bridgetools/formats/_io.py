"""Opening hand-record files as text: BOM, declared charset, UTF-8, Latin-1, decided on the first bytes.

Real files come in ASCII, Latin-1 and UTF-8 (formats.md §2.2). The encoding is chosen from the
first 64 KiB (however many reads a pipe takes to give them), so a file of any size streams: a byte
order mark wins, then a PBN ``%Content-type: ...; charset=X`` line, then UTF-8 if the chunk decodes as
UTF-8, else Latin-1.
Bytes 0x80-0x9F, which are no text in Latin-1, mean a Windows code page (1250 or 1252). A file
holding both UTF-8 characters and such bytes (edited in two programs) is read as UTF-8 with the other
bytes taken in that code page, as is a stray byte in a UTF-8 file further on (`StrayLines` names the
lines), and a file whose first chunk is in a code page and whose rest holds UTF-8 characters
(`_utf8_further_on`; standard input or a pipe is then copied to be searched, `_Spooled`).
In such a file a byte pair that is both a UTF-8 letter and a capital before punctuation is read as its
word says (`_WordwiseDecoder`).
"""

from __future__ import annotations

import bisect
import codecs
import functools
import io
import itertools
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO, Protocol, TextIO

from bridgetools._lazy import LazyPattern, lazy_compile
from bridgetools.errors import BridgeError, BridgeTypeError, Issue, ParseError, StrictStop

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

HEAD_BYTES = 1 << 16
"""How much of a file is looked at to choose its encoding."""

_FALLBACK = "bridgetools-latin1"

BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    # The byte order is named: the BOM is skipped, and a plain "utf-16" decoder needs to see one.
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
"""Byte order marks and their encodings, UTF-32 before UTF-16 (whose little-endian mark begins UTF-32's)."""
_CHARSET = lazy_compile(rb"^%[ \t]*Content-type:[^\r\n]*?charset=[\"']?([A-Za-z0-9_.:-]+)", re.I | re.M)
_LATIN_FAMILY = {"latin-1", "iso8859-1", "cp1252", "cp1250", "ascii"}


def _latin1_fallback(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: bytes that are not UTF-8 are read as Latin-1 instead of failing."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error(_FALLBACK, _latin1_fallback)


@functools.cache
def stray_handler(code_page: str) -> str:
    """The name of a codec error handler reading bytes that are not UTF-8 in ``code_page`` (those it
    does not define, 0x81 in Windows-1252, as Latin-1), registered on first use."""
    name = f"bridgetools-stray-{code_page}"

    def in_code_page(error: UnicodeError) -> tuple[str, int]:
        if not isinstance(error, UnicodeDecodeError):
            raise error
        return error.object[error.start : error.end].decode(code_page, _FALLBACK), error.end

    codecs.register_error(name, in_code_page)
    return name

PathOrFile = str | Path | IO[str] | IO[bytes]


UTF16_SAMPLE = 4096
"""How many bytes of a file without a byte order mark `utf16_without_bom` looks at."""


def utf16_without_bom(head: bytes) -> str | None:
    """``utf-16-be`` or ``utf-16-le`` for text saved in UTF-16 without a byte order mark, None for any other
    bytes. Clearly UTF-16: of the first `UTF16_SAMPLE` bytes, taken in pairs, the first bytes (big-endian)
    or the second (little-endian) are NUL in three pairs of four at least (every character of ASCII text,
    and the Latin letters; a short line with a dash and curly quotes, ``Åsa – ”x”``, has fewer than nine
    in ten), and no pair is NUL twice (U+0000, which text never holds: CJK ``王``, U+0100 and U+3000 have
    one NUL byte). A binary file (a dealing machine's records, NUL padding) does not alternate so."""
    sample = head[:UTF16_SAMPLE]
    sample = sample[:len(sample) - len(sample) % 2]  # whole pairs (a cut last character is left out)
    if len(sample) < 4:
        return None
    if _nul_pair(sample):
        return None
    firsts, seconds = sample[0::2], sample[1::2]
    pairs = len(sample) // 2
    for name, nul_half in (("utf-16-be", firsts), ("utf-16-le", seconds)):
        if nul_half.count(0) * 4 >= pairs * 3:
            return name
    return None


def _nul_pair(sample: bytes) -> bool:
    """Whether a pair of ``sample``'s bytes (from its first, two by two) is NUL twice: found by the bytes'
    own search (two NULs at an odd offset straddle two pairs), not a Python loop over every pair, for
    this is asked of every file read."""
    at = sample.find(b"\0\0")
    while at >= 0:
        if at % 2 == 0:
            return True
        at = sample.find(b"\0\0", at + 1)
    return False


def codec_name(encoding: object) -> str | None:
    """The codec an encoding's name stands for, as Python names it (``latin-1``, ``ISO-8859-1`` and ``l1``
    are all ``iso8859-1``): one name to compare and to open by; None for no name, or one with no codec."""
    if not isinstance(encoding, str) or not encoding:
        return None
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return None


def detect_encoding(head: bytes) -> tuple[str, int]:
    """The encoding of a file starting with ``head``, and how many bytes of BOM to skip (UTF-16 without
    one too: `utf16_without_bom`)."""
    for bom, name in BOMS:
        if head.startswith(bom):
            return name, len(bom)
    unmarked = utf16_without_bom(head)
    if unmarked is not None:
        return unmarked, 0
    m = _CHARSET.search(head)
    if m:
        declared = codec_name(m.group(1).decode("ascii"))
        # A file declared Latin-1 whose bytes are valid multi-byte UTF-8 was written as UTF-8:
        # BridgeComposer templates are copied without updating the declaration.
        if declared is not None and not (declared in _LATIN_FAMILY and _is_utf8_text(head)):
            return declared, 0
    if _is_utf8_text(head) or head.isascii() or _Utf8Letters().found_in(head, len(head) >= HEAD_BYTES):
        return "utf-8", 0
    return _single_byte_encoding(head), 0


_UTF8_LETTER = lazy_compile(
    rb"\xc2[\xa0-\xbf]|[\xc3-\xc5][\x80-\xbf]|\xe2\x80[\x90-\xbf]|\xe2\x82\xac|\xe2\x99[\xa0-\xa7]")
"""A UTF-8 character a hand record holds (a Latin letter, a dash or quote, the euro, a suit symbol): in
a file that is not all UTF-8 it says the file is UTF-8 in part (as `_Utf8Letters` counts them). In
Windows-1252 or 1250 text these bytes are a capital with a symbol after it (``Ã©``), which real text
seldom holds (`_CAPITAL_AND_PUNCTUATION` is the exception). `_Utf8Letters` searches for these letters
decoded (`_SURE_LETTER`, `_LOOKALIKE_LETTER`, after `_MAYBE_UTF8`): the tests hold them to this one."""
_CAPITAL_AND_PUNCTUATION = lazy_compile(rb"[\xc3-\xc5][\x80-\x9f]")
"""What `_UTF8_LETTER` matches that Windows-1252 text holds too: a capital (``Ã Ä Å``) before a curly
quote, a dash or an ellipsis (0x80-0x9F), as a quoted Nordic word ends (``“NÅ”``). In UTF-8 these are
Latin letters (``À``-``ß``, Polish ``ł ś ę``): one is no proof, two are, each in a word of UTF-8 alone."""
_CODE_PAGE_LOOKALIKE = lazy_compile(rb"[\xc3-\xc5][\x80-\x9f]|[\xc4\xc5][\xa0-\xbf]")
"""What `_UTF8_LETTER` matches that a Windows-1252 word holds too: `_CAPITAL_AND_PUNCTUATION`, and ``Ä Å``
before a no-break space or a symbol (``“BLÅ LAGET”``, ``»NÅ»``; UTF-8's ``Š Ż``). Such a letter counts only
in a word that is all UTF-8; UTF-8's ``à``-``ÿ`` (``Ã©`` in Windows-1252) and quotes count anywhere."""


class _Utf8Letters:
    """UTF-8 letters a hand record holds (`_UTF8_LETTER`), counted over a file's bytes as they are shown,
    until they say the file is UTF-8 in part: one that Windows-1252 text does not hold (``é`` is ``Ã©``
    there), or two of any (one `_CAPITAL_AND_PUNCTUATION` alone may be a code page's capital before a
    quote). A letter a Windows-1252 word may hold (`_CODE_PAGE_LOOKALIKE`) counts only in a word that is all
    UTF-8 (`_in_a_utf8_word`): in Windows-1252 ``“NÅ”`` the opening quote, 0x93, is not, nor in ``“BLÅ
    LAGET”`` with a no-break space (``Å`` 0xA0 is UTF-8's ``Š``); UTF-8 ``“José”`` in Windows-1252 quotes
    is UTF-8 all the same."""

    LONGEST_WORD = 256
    """A word longer than this (bytes with no space or delimiter) is looked at in pieces."""

    def __init__(self) -> None:
        self.ambiguous = 0
        self._pending = b""  # the last word of the bytes shown, looked at with the next ones

    def found_in(self, data: bytes, more: bool = False) -> bool:
        """Whether the letters of ``data``, the next bytes of the file (with those shown before), make
        the proof; with ``more`` the file goes on, so its last word waits for the next bytes. The bytes
        are looked at as UTF-8 text, each byte that is not UTF-8 a lone surrogate (``surrogateescape``):
        regular expressions over the whole of it find the few letters that count, so a code-page file
        full of lookalikes in code-page words (``“NÅ”``) is searched at C speed, not a word at a time."""
        data = self._pending + data if self._pending else data
        cut = _last_word_start(data, self.LONGEST_WORD) if more else len(data)
        self._pending = data[cut:]
        if _MAYBE_UTF8.search(data, 0, cut) is None:
            return False
        # `cut` starts a character (after a word break, or `_character_end`): the text up to it is the
        # decoding of the bytes up to it, and a letter found before it is one of theirs.
        shown = data[:cut].decode("utf-8", "surrogateescape")
        if _SURE_LETTER.search(shown):
            return True
        if _LOOKALIKE_LETTER.search(shown) is None:
            return False
        for letter in _lookalikes_in_utf8_words(data, shown, data[cut:].decode("utf-8", "surrogateescape")):
            if _AMBIGUOUS_LETTER.match(letter) is None:
                return True
            self.ambiguous += 1
            if self.ambiguous == 2:
                return True
        return False


_WORD_BREAKS = frozenset(b'\t\n\v\f\r "(),;<>[]{}|')
"""Bytes that end a word: spaces and line ends, and the delimiters of PBN tags, comments and LIN."""


def _last_word_start(data: bytes, longest: int) -> int:
    """Where the last word of ``data`` starts (after its last space or delimiter), so that it is looked at
    whole with the bytes after it; for a word longer than ``longest``, where its last character starts."""
    for at in range(len(data) - 1, max(-1, len(data) - 1 - longest), -1):
        if data[at] in _WORD_BREAKS:
            return at + 1
    return _character_end(data) if len(data) > longest else 0


def _in_a_utf8_word(data: bytes, start: int, end: int) -> bool:
    """Whether the word of ``data`` holding bytes ``start`` to ``end`` (a UTF-8 letter) is all UTF-8: a
    byte that is not, next to it, says the word was written in a code page (`_Utf8Letters`). A word
    longer than `_Utf8Letters.LONGEST_WORD` either side is looked at that far, to whole characters: half
    a character where the look stops is no stray (``中`` after ``中`` on end)."""
    first, last = start, end
    while first > 0 and start - first < _Utf8Letters.LONGEST_WORD and data[first - 1] not in _WORD_BREAKS:
        first -= 1
    while last < len(data) and last - end < _Utf8Letters.LONGEST_WORD and data[last] not in _WORD_BREAKS:
        last += 1
    if first > 0 and data[first - 1] not in _WORD_BREAKS:  # cut short: from the next character's start
        first += next((skip for skip in range(3) if not _continuation_byte(data, first + skip)), 3)
    cut_short = last < len(data) and data[last] not in _WORD_BREAKS
    try:
        codecs.utf_8_decode(memoryview(data)[first:last], "strict", not cut_short)
    except UnicodeDecodeError:
        return False
    return True


_BREAKS = re.escape(bytes(sorted(_WORD_BREAKS)).decode("ascii"))
_NOT_UTF8 = "\udc80-\udcff"
"""The bytes that are not UTF-8, as ``surrogateescape`` decodes them (one lone surrogate a byte)."""
_LOOKALIKES = "\u00c0-\u00df\u0100-\u017f"
_SURE_LETTER = lazy_compile("[\u00a0-\u00bf\u00e0-\u00ff\u2010-\u203f\u20ac\u2660-\u2667]")
"""`_UTF8_LETTER`'s letters, decoded, that `_CODE_PAGE_LOOKALIKE` does not match: they count anywhere."""
_LOOKALIKE_LETTER = lazy_compile(f"[{_LOOKALIKES}]")
"""`_CODE_PAGE_LOOKALIKE`'s letters, decoded (``À``-``ß``, ``Ā``-``ſ``; that pattern finds them in the bytes):
they count in a UTF-8 word only."""
_AMBIGUOUS_LETTER = lazy_compile("[\u00c0-\u00df\u0100-\u011f\u0140-\u015f]")
"""`_CAPITAL_AND_PUNCTUATION`'s letters, decoded: one alone is no proof."""
_SHORT_WORD = 64
"""Characters a word may have and still be at most `_Utf8Letters.LONGEST_WORD` bytes either side of any of
its letters (four bytes a character at most): such a word is looked at whole, as `_in_a_utf8_word` does."""
_WORD_TO_LOOK_AT = lazy_compile(
    f"[{_BREAKS}](?:([^{_BREAKS}{_NOT_UTF8}{_LOOKALIKES}]*+[{_LOOKALIKES}][^{_BREAKS}{_NOT_UTF8}]*+)"
    f"(?![^{_BREAKS}])|[^{_BREAKS}]{{{_SHORT_WORD + 1}}})")
"""After a word break, a whole word that is all UTF-8 and holds a lookalike (group 1), or the start of a long
word: each word is looked at once, from its start, at C speed (possessive, so never twice)."""
_WORD_END = lazy_compile(f"[^{_BREAKS}]*+")
_STRAY = lazy_compile(f"[{_NOT_UTF8}]")
"""A byte that is not UTF-8, decoded with ``surrogateescape``."""
_NUL = lazy_compile(b"\0")


def _lookalikes_in_utf8_words(data: bytes, shown: str, rest: str) -> Iterator[str]:
    """The lookalikes (`_LOOKALIKE_LETTER`) of ``shown`` (``data`` decoded with ``surrogateescape`` up to
    where the next bytes are looked at, ``rest`` after it) in words that are all UTF-8, as `_in_a_utf8_word`
    says of each: a short word holding no byte that is not UTF-8, or a long one; in a long word with such
    bytes each lookalike is looked at in its bytes (found from the characters before it) as before."""
    text = "\n" + shown + rest  # the start of the bytes is a word's start
    end = len(shown) + 1
    at_character, at_byte = 1, 0
    for word in _WORD_TO_LOOK_AT.finditer(text):
        if word.start() >= end - 1:
            break
        if word.group(1) is not None:
            yield from _LOOKALIKE_LETTER.findall(text, word.start(1), min(word.end(1), end))
            continue
        word_end = _WORD_END.match(text, word.end())
        assert word_end is not None  # a possessive star matches anywhere
        start, stop = word.start() + 1, word_end.end()
        if _LOOKALIKE_LETTER.search(text, start, min(stop, end)) is None:
            continue
        at_byte += len(text[at_character:start].encode("utf-8", "surrogateescape"))
        at_character = start
        long_word = _LongWord(data, text[start : min(stop, end)], text[min(stop, end) : stop], at_byte)
        for letter in long_word.letters:
            if long_word.utf8_around(data, letter):
                yield data[letter : letter + 2].decode("utf-8")


class _LongWord:
    """A word of ``data`` holding bytes that are not UTF-8, from byte ``first_byte``, decoded (with
    ``surrogateescape``) as ``shown`` and ``rest``: where those bytes and its lookalikes (of ``shown``) are,
    found at C speed once, so each lookalike is looked at by a search of them, not by decoding the bytes
    around it (a 300 KB word of ``Å“`` pairs took 15 s)."""

    def __init__(self, data: bytes, shown: str, rest: str, first_byte: int) -> None:
        # each stray as a NUL: one byte, as in ``data``, so these bytes are ``data``'s but for the strays
        marked = _STRAY.sub("\0", shown).encode("utf-8")
        self.first_byte = first_byte
        self.letters = [first_byte + m.start() for m in _CODE_PAGE_LOOKALIKE.finditer(marked)]
        """Where the word's lookalikes of ``shown`` start, in order."""
        marked += _STRAY.sub("\0", rest).encode("utf-8")
        self.end_byte = first_byte + len(marked)
        self.strays = [first_byte + m.start() for m in _NUL.finditer(marked) if data[first_byte + m.start()]]
        """The bytes of the word that are not UTF-8, in order."""

    def utf8_around(self, data: bytes, start: int) -> bool:
        """What `_in_a_utf8_word` says of the letter at byte ``start`` (two bytes) of this word of ``data``:
        UTF-8 decoding is the same from any character's start, so the bytes it looks at are all UTF-8 when
        no stray lies among them, and are not when one does whose character ends before they do; a stray
        in their last bytes may be a character cut short, so that one case is decoded as before."""
        strays, reach = self.strays, _Utf8Letters.LONGEST_WORD
        first, last = start - reach, min(start + 2 + reach, self.end_byte)
        # the look starts at most three bytes on from ``first``: a stray past those, whole, is enough
        at = bisect.bisect_left(strays, first + 3)
        if at < len(strays) and strays[at] + 4 <= last:
            return False
        if first <= self.first_byte:
            first = self.first_byte
        else:  # cut short: from the next character's start, as `_in_a_utf8_word`
            first += next((skip for skip in range(3) if not _continuation_byte(data, first + skip)), 3)
        at = bisect.bisect_left(strays, first)
        if at == len(strays) or strays[at] >= last:
            return True
        if strays[at] + 4 <= last:
            return False
        return _in_a_utf8_word(data, start, start + 2)


def _continuation_byte(data: bytes, at: int) -> bool:
    """Whether byte ``at`` of ``data`` is one that goes on a UTF-8 character (0x80-0xBF)."""
    return 0 <= at < len(data) and 0x80 <= data[at] <= 0xBF


_UTF8_PAIR = lazy_compile(rb"[\xc2-\xdf][\x80-\xbf]")
"""A two-byte UTF-8 character (``ł``, ``Ú``, ``é``)."""
_UTF8_CHARACTER = lazy_compile(_UTF8_PAIR.pattern + rb"|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def stray_code_page(head: bytes) -> str:
    """The code page of the bytes of a UTF-8 file that are not UTF-8, chosen from those of ``head`` as a
    file's is (Windows-1252 when there is none to go by: bytes 0x80-0x9F are no text in Latin-1)."""
    strays = _UTF8_CHARACTER.sub(b"", head)
    return "cp1252" if strays.isascii() else _single_byte_encoding(strays)


_C1_BYTES = lazy_compile(rb"[\x80-\x9f]")


def _single_byte_encoding(head: bytes) -> str:
    """Latin-1 for text that is not UTF-8, unless it holds bytes 0x80-0x9F: control characters in
    Latin-1 (which the PBN standard leaves unused), letters and punctuation in the Windows code
    pages. Then Windows-1250 (Polish and Czech BBO files) when it reads as more letters than
    Windows-1252, else Windows-1252."""
    if not _C1_BYTES.search(head):
        return "latin-1"
    central = sum(c.isalpha() for c in head.decode("cp1250", "replace"))
    western = sum(c.isalpha() for c in head.decode("cp1252", "replace"))
    return "cp1250" if central > western else "cp1252"


def _is_utf8_text(head: bytes) -> bool:
    """Whether ``head`` holds non-ASCII text that decodes as UTF-8 (a cut last character is fine)."""
    if head.isascii():
        return False
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return False
    return True


def _content_chose_a_code_page(head: bytes, encoding: str) -> bool:
    """Whether ``encoding`` is a single-byte code page that ``head``'s bytes chose, neither a byte order
    mark nor a declared charset naming it."""
    return (codecs.lookup(encoding).name != "utf-8" and not head.startswith(tuple(bom for bom, _ in BOMS))
            and _CHARSET.search(head) is None)


_MAYBE_UTF8 = lazy_compile(rb"[\xc2-\xc5\xe2][\x80-\xbf]")
"""The first two bytes of what `_UTF8_LETTER` matches: a quick search finds the few places to look at."""


def _utf8_further_on(raw: ByteSource, head: bytes) -> bool:
    """Whether the rest of a file that can be read twice (one on disk, `_Spooled` input) holds the UTF-8
    characters a hand record holds (`_Utf8Letters`, counting those of ``head``, its first bytes), so that
    the file is decided on the whole of it; it is left where it was. A file of one code page is searched
    once more at C speed, in chunks."""
    seekable = getattr(raw, "seekable", None)
    if not callable(seekable) or not seekable():
        return False
    start = raw.tell()  # type: ignore[attr-defined]  # a seekable stream tells
    try:
        letters = _Utf8Letters()
        if letters.found_in(head, more=True):
            return True
        while chunk := raw.read(1 << 20):
            if letters.found_in(chunk, more=True):
                return True
        return letters.found_in(b"")
    finally:
        raw.seek(start)  # type: ignore[attr-defined]  # a seekable stream seeks


def _utf8_letter_going_on(data: bytes, at: int, code_page: str) -> str | None:
    """The UTF-8 letter of the pair at ``at``, in a file of ``code_page``, when it is UTF-8's: a small letter
    after a small letter (``Michał``, ``Wrocław``, ``Wałęsa``); else None. A capital (``Å`` before a dash in
    ``BLÅ–VIT`` is UTF-8's ``Ŗ``) or a pair after a capital or at a word's start (``SKÅ—NE``, ``TRÄ•X``,
    ``Ä„x``: UTF-8's ``ŗ ĕ Ą``) is the code page's, as a capital before punctuation is in that code page's
    words."""
    letter = data[at : at + 2].decode("utf-8")
    return letter if letter.islower() and _small_letter_before(data, at, code_page) else None


def _small_letter_before(data: bytes, at: int, code_page: str) -> bool:
    """Whether the character before byte ``at`` is a small letter: an ASCII one, a UTF-8 one (two bytes:
    a capital's second byte, 0x9A of ``Ú``, is no code page's ``š``), or the code page's."""
    if at == 0:
        return False
    if data[at - 1] < 0x80:
        return 0x61 <= data[at - 1] <= 0x7A
    if at >= 2 and _UTF8_PAIR.fullmatch(data, at - 2, at):
        return data[at - 2 : at].decode("utf-8").islower()
    return data[at - 1 : at].decode(code_page, _FALLBACK).islower()


class _WordwiseDecoder(codecs.IncrementalDecoder):
    """A decoder over a code page that its bytes chose, reading each `_CAPITAL_AND_PUNCTUATION` pair
    (valid UTF-8 and the code page's capital before punctuation alike) as its word says: UTF-8's letter
    when it is a small letter going on a small letter (`_utf8_letter_going_on`: ``Michał`` typed in
    UTF-8 into a Windows-1252 file), the code page's otherwise. A word is decoded whole: the bytes after
    the last word break wait for the next ones. A UTF-8 file with stray code-page bytes is not read this
    way: there a valid UTF-8 pair is always UTF-8's (``“MALMÖ”``, ``„Wisłą”`` with Windows quotes), at the
    cost of a Windows ``“NÅ”`` in such a file reading ``“NŔ”``."""

    def __init__(self, code_page: str, errors: str = "strict") -> None:
        super().__init__(errors)
        self._code_page = code_page
        self._pending = b""

    def decode(self, input: ReadableBuffer, final: bool = False) -> str:
        data = self._pending + bytes(input) if self._pending else bytes(input)
        cut = len(data) if final else _last_word_start(data, _Utf8Letters.LONGEST_WORD)
        self._pending = data[cut:]
        if data.isascii():
            return data[:cut].decode("ascii")
        parts: list[str] = []
        start = 0
        for found in _CAPITAL_AND_PUNCTUATION.finditer(data, 0, cut):
            at = found.start()
            letter = _utf8_letter_going_on(data, at, self._code_page)
            if letter is None:
                continue
            parts.append(codecs.decode(data[start:at], self._code_page, self.errors))
            parts.append(letter)
            start = at + 2
        parts.append(codecs.decode(data[start:cut], self._code_page, self.errors))
        return "".join(parts)

    def reset(self) -> None:
        self._pending = b""

    def getstate(self) -> tuple[bytes, int]:
        return self._pending, 0

    def setstate(self, state: tuple[bytes, int]) -> None:
        self._pending = state[0]


_WORDWISE = "bridgetools-wordwise-"
_WORDWISE_CODE_PAGES = ("cp1252", "cp1250")
"""The code pages whose capitals before punctuation are UTF-8 letters too (in Latin-1, 0x80-0x9F are none)."""


def _wordwise_codec(name: str) -> codecs.CodecInfo | None:
    """The codec `_WordwiseDecoder` reads through, ``bridgetools-wordwise-CODEPAGE`` (only to decode; the
    text stream shows the code page's name)."""
    if not name.startswith(_WORDWISE.replace("-", "_")) and not name.startswith(_WORDWISE):
        return None
    plain = codecs.lookup(name[len(_WORDWISE):].replace("_", "-"))
    code_page = plain.name

    class Decoder(_WordwiseDecoder):
        def __init__(self, errors: str = "strict") -> None:
            super().__init__(code_page, errors)

    return codecs.CodecInfo(plain.encode, plain.decode, incrementaldecoder=Decoder, name=name)


codecs.register(_wordwise_codec)


class _ShownText(io.TextIOWrapper):
    """A text stream that shows ``shown`` as its encoding (the one decided) while it decodes through
    another codec (`_wordwise_codec`)."""

    def __init__(self, buffer: IO[bytes], encoding: str, shown: str, errors: str) -> None:
        super().__init__(buffer, encoding=encoding, errors=errors, newline=None)
        self._shown = shown

    @property
    def encoding(self) -> str:  # type: ignore[override]  # a read-only attribute in typeshed
        return self._shown


class ByteSource(Protocol):
    """What a text stream is decoded from: an open binary file, or standard input's bytes."""

    def read(self, size: int = -1, /) -> bytes: ...

    def close(self) -> None: ...


_MARK = "bridgetools-mark"


def _mark_undecodable(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler for `DecodeTally`'s own decoding: an undecodable run of bytes becomes one
    lone surrogate carrying its first byte (U+DC00 + byte), which no decoder gives for real text."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return chr(0xDC00 + error.object[error.start]), error.end


codecs.register_error(_MARK, _mark_undecodable)


@functools.cache
def _single_byte_bad(encoding: str) -> tuple[bool, str]:
    """Whether ``encoding`` decodes byte by byte (ASCII, the Windows code pages, ISO 8859), and then the
    bytes it cannot decode as Latin-1 characters (ASCII: 0x80-0xFF; Windows-1252: 0x81, 0x8D...)."""
    everything = bytes(range(256))
    one_by_one = [bytes([b]).decode(encoding, "replace") for b in everything]
    if everything.decode(encoding, "replace") != "".join(one_by_one) or one_by_one[10] != "\n":
        return False, ""
    return True, "".join(chr(b) for b in everything if one_by_one[b] == "\ufffd")


_LINE_ENDS = lazy_compile(r"\r\n|\r|\n")
_MARKED = lazy_compile("[\udc00-\udcff]")


class DecodeTally:
    """The bytes of a file that its encoding cannot decode, counted as they are read: the text stream
    turns each run into U+FFFD, so the user is told how many and where the first one was (`warning`);
    with ``strict`` set, the first one is a `ParseError` naming its line, column and byte.

    A single-byte encoding is watched through Latin-1 (one character a byte, fast); any other is
    decoded a second time with `_mark_undecodable`, whose marks say where the runs were."""

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        self.source = "<stream>"
        self.strict = False
        self.count = 0
        self.first: tuple[int, int, int] | None = None  # line, column, byte
        single, bad = _single_byte_bad(codecs.lookup(encoding).name)
        # A code page giving every byte a character (Latin-1, IBM850) has none to watch: "[]" is no pattern
        self._bad = re.compile("[" + re.escape(bad) + "]") if single and bad else _MARKED
        self._quiet = single and not bad
        self._decoder = None if single else codecs.getincrementaldecoder(encoding)(_MARK)
        self._line = 1
        self._column = 1  # of the next character
        self._after_cr = False

    def see(self, data: bytes) -> None:
        """Count the undecodable bytes of ``data``, the next bytes of the file (none: its end, where a
        cut last character is one more)."""
        if self._quiet:
            return
        decoder = self._decoder
        text = data.decode("latin-1") if decoder is None else decoder.decode(data, final=not data)
        self._count(text, self._bad)

    def decode(self, data: bytes) -> str:
        """All of a file's bytes (after its byte order mark) as text, decoded once: the undecodable runs
        counted as `see` counts a multi-byte encoding's, and each one U+FFFD, as ``errors="replace"``
        gives it (a script file is read whole, so it need not be decoded a second time to count)."""
        text = data.decode(self.encoding, _MARK)
        self._count(text, _MARKED)
        return _MARKED.sub("\ufffd", text)

    def _count(self, text: str, bad: re.Pattern[str] | LazyPattern[str]) -> None:
        """Count the characters of ``text`` (the next of the file) that ``bad`` says stand for bytes
        the encoding could not decode, keeping the place of the first."""
        found = bad.search(text)
        if found is not None:
            if self.first is None:
                line, column = self._place(text[: found.start()])
                mark = ord(found.group())
                self.first = line, column, mark - 0xDC00 if mark >= 0xDC00 else mark
                if self.strict:
                    raise StrictStop(f"byte 0x{self.first[2]:02X} cannot be decoded as {self.encoding}",
                                     self.source, line, column)
            self.count += len(bad.findall(text))
        self._line, self._column = self._place(text)
        self._after_cr = text.endswith("\r") if text else self._after_cr

    def _place(self, text: str) -> tuple[int, int]:
        """The line and column of the character after ``text``, the next characters of the file (a
        CR at the end of the last chunk and an LF at the start of this one are one line end)."""
        ends = list(_LINE_ENDS.finditer(text))
        if not ends:
            return self._line, self._column + len(text)
        joined = self._after_cr and text.startswith("\n")
        return self._line + len(ends) - joined, len(text) - ends[-1].end() + 1

    def issue(self) -> Issue | None:
        """The undecodable bytes as an `Issue` at the first of them (None when there was none)."""
        if self.first is None:
            return None
        line, column, byte = self.first
        many, were = ("1 character", "was") if self.count == 1 else (f"{self.count} characters", "were")
        message = (f"{many} could not be decoded as {self.encoding} and {were} replaced by U+FFFD"
                   f" (the first: byte 0x{byte:02X})")
        return Issue(message, line, column, self.source)


class StrayLines:
    """The lines of a UTF-8 file holding bytes that are not UTF-8 (read in ``code_page``), found as its
    bytes are read: a chunk of whole lines that decodes as UTF-8 (almost all) is only counted, in C; one
    that does not is decoded from its start and again from the line after each stray byte, so each byte
    is decoded once (`_look_at_lines`)."""

    LONGEST = 1 << 20
    """A line longer than this (a file with no line ends) is looked at in pieces."""

    def __init__(self, code_page: str) -> None:
        self.code_page = code_page
        self.source = "<stream>"
        self.lines: list[int] = []
        self.first_column = 0
        self._line = 1  # of the first byte pending
        self._pending = b""

    def see(self, data: bytes) -> None:
        """Look at ``data``, the next bytes of the file (none: its end), as far as its last line end."""
        data = self._pending + data if self._pending else data
        if not data:
            return
        cut = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
        if cut == len(data) and data.endswith(b"\r"):
            cut -= 1  # its LF may come in the next chunk
        if not cut:
            if len(data) < self.LONGEST:
                self._pending = data
                return
            cut = _character_end(data)
        whole, self._pending = data[:cut], data[cut:]
        if whole.isascii():
            self._line += _line_ends(whole)
        else:
            self._look_at_lines(whole)

    def finish(self) -> None:
        """Look at the bytes still pending at the end of the file."""
        rest, self._pending = self._pending, b""
        if rest:
            self._look_at_lines(rest)

    def _look_at_lines(self, whole: bytes) -> None:
        """Note each line of ``whole`` (the next lines of the file) that is not UTF-8: decoded from the
        start, then from the line after each one that is not, so each byte is decoded once (almost all
        of a chunk at once, in C), not the chunk and then its lines again."""
        start = 0
        while (at := _first_stray(whole, start)) is not None:
            line_start = max(start, whole.rfind(b"\n", start, at) + 1, whole.rfind(b"\r", start, at) + 1)
            self._line += _line_ends(whole[start:line_start])
            if not self.lines:
                self.first_column = len(whole[line_start:at].decode("utf-8")) + 1
            if not self.lines or self.lines[-1] != self._line:
                self.lines.append(self._line)
            start = _line_end(whole, at)
            self._line += whole[start - 1 : start] in (b"\n", b"\r")
        self._line += _line_ends(whole[start:])

    def issue(self) -> Issue | None:
        """The lines read in the code page, as one `Issue` at the first stray byte (None when none was)."""
        self.finish()
        if not self.lines:
            return None
        which = "line" if len(self.lines) == 1 else "lines"
        code_page = _CODE_PAGE_NAMES.get(self.code_page, self.code_page)
        return Issue(f"bytes that are not UTF-8 were read as {code_page}"
                     f" on {which} {_spans(self.lines)} (the rest of the file is UTF-8)",
                     self.lines[0], self.first_column, self.source)


def _first_stray(data: bytes, start: int) -> int | None:
    """Where the first byte of ``data`` from ``start`` that is not UTF-8 is (None: there is none)."""
    try:
        codecs.utf_8_decode(memoryview(data)[start:], "strict", True)
    except UnicodeDecodeError as e:
        return start + e.start
    return None


def _line_end(data: bytes, at: int) -> int:
    """Where the line of ``data`` holding byte ``at`` ends: after its CRLF, CR or LF, else at the end."""
    ends = [i for i in (data.find(b"\n", at), data.find(b"\r", at)) if i >= 0]
    if not ends:
        return len(data)
    end = min(ends)
    return end + 2 if data[end : end + 2] == b"\r\n" else end + 1


def _line_ends(data: bytes) -> int:
    """How many lines ``data`` ends: CRLF, CR alone and LF each end one."""
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")


def _character_end(data: bytes) -> int:
    """Where the last UTF-8 character of ``data`` starts when it may be cut off, else its length."""
    for back in range(1, min(4, len(data)) + 1):
        if data[-back] < 0x80:
            break
        if data[-back] >= 0xC0:
            return len(data) - back
    return len(data)


_CODE_PAGE_NAMES = {"cp1252": "Windows-1252", "cp1250": "Windows-1250", "latin-1": "Latin-1"}


def _spans(numbers: list[int]) -> str:
    """Line numbers in order as runs: ``1, 4-6, 9``."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


STRAY_NULS_SAID = 3
"""How many stray NULs of a text file are each said at their place; any more are counted in one line."""
_BINARY_CONTROLS = 8
"""More NULs and other control characters than this in a file's first characters make it binary data."""
_CONTROL = lazy_compile("[\x00-\x08\x0e-\x1f\x7f]")
"""A control character text does not hold (tab, line ends and form feed aside)."""


def looks_binary(head: str) -> bool:
    """Whether ``head``, a file's first characters, is binary data (an image, a program, a zip), not text
    with a few stray NULs (a broken transfer, an editor's slip): a NUL among its first 16 characters, where
    a binary file's header puts them, or more than `_BINARY_CONTROLS` NULs and other control characters."""
    at = head.find("\0")
    return at >= 0 and (at < 16 or len(_CONTROL.findall(head)) > _BINARY_CONTROLS)


READ_AS_A_SPACE = ", read as a space"
"""How a stray NUL's problem ends when reading goes on (not when strict reading stops at it)."""


def stray_nul_issue(source: str, line: int, column: int, more: int = 0) -> Issue:
    """A stray NUL of a text file at ``line`` and ``column``, read as a space (or, with ``more``, the
    first of that many more, counted): damage there, not the format's text."""
    what = (f"a stray NUL byte (binary data in a text file: damaged here?){READ_AS_A_SPACE}" if not more
            else f"{more} more stray NUL byte{'s' if more > 1 else ''}, read as spaces (the first here)")
    return Issue(what, line, column, source, level="error", syntax=True)  # no format's text: exit 1 after


def stray_nul_issues(source: str, places: list[tuple[int, int]], count: int) -> list[Issue]:
    """The stray NULs found at ``places`` (the first ones) of ``count`` in all: `STRAY_NULS_SAID` each at
    its place, then the rest counted at the first of them."""
    said = [stray_nul_issue(source, *at) for at in places[:STRAY_NULS_SAID]]
    if count > STRAY_NULS_SAID:
        said.append(stray_nul_issue(source, *places[STRAY_NULS_SAID], more=count - STRAY_NULS_SAID))
    return said


class NulWatch:
    """Where a file's NUL bytes are, found as its bytes are read (a ``bytes`` search a chunk, which
    costs next to nothing): a text format's reader reads each as a space (`blank`) and is told of them
    (`issues`); a file whose first characters say binary data is refused (`refuse_binary`). Not for
    UTF-16 or UTF-32, whose text is full of NUL bytes."""

    def __init__(self, encoding: str) -> None:
        self.source = "<stream>"
        self.refusing = False
        self.blanking = False
        """Whether the bytes read from now on have their NULs made spaces (a text format reads them)."""
        self.first: tuple[int, int] | None = None  # line, column
        self.places: list[tuple[int, int]] = []
        """Where the first NULs are (`STRAY_NULS_SAID` and one more), as line and column."""
        self.count = 0
        self._decoder = codecs.getincrementaldecoder(encoding)("replace")  # counts a line's characters
        self._line = 1
        self._column = 1  # of the next character
        self._after_cr = False

    def see(self, data: bytes) -> None:
        """Note the places of the NULs in ``data``, the next bytes of the file; the first is a
        `StrictStop` if `refuse` has been called (the file is read strictly as a text format)."""
        if len(self.places) > STRAY_NULS_SAID:  # enough placed: the rest are only counted
            self.count += data.count(b"\0")
            return
        start = 0
        while (at := data.find(b"\0", start)) >= 0:
            self._advance(data[start:at])
            self._found()
            if len(self.places) > STRAY_NULS_SAID:
                self.count += data.count(b"\0", at + 1)
                return
            start = at + 1
        self._advance(data[start:])

    def _advance(self, data: bytes) -> None:
        """Move the place of the next character past ``data``, bytes holding no NUL."""
        self._line, self._column = self._place(data)
        self._after_cr = data.endswith(b"\r") if data else self._after_cr

    def _found(self) -> None:
        """Note a NUL at the place of the next character, and move past it (one character)."""
        place = self._line, self._column
        self.first = self.first or place
        self.places.append(place)
        self.count += 1
        self._column += 1
        self._after_cr = False
        if self.refusing:
            self.refuse()

    def _place(self, data: bytes) -> tuple[int, int]:
        """The line and column of the character after ``data``, the next bytes of the file: CRLF, CR
        alone and LF each end a line (a CRLF cut between two chunks, once); columns count characters."""
        ends = data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
        ends -= self._after_cr and data.startswith(b"\n")
        if not ends:
            return self._line, self._column + len(self._decoder.decode(data))
        self._decoder.reset()
        start = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
        return self._line + ends, 1 + len(self._decoder.decode(data[start:]))

    def blank(self) -> None:
        """From now on the bytes read have each NUL made a space: a text format reads the file."""
        self.blanking = True

    def refuse(self) -> None:
        """From now on a NUL is a `StrictStop` (one seen already: at once): strict reading of a text
        format stops at a stray NUL, as at any problem."""
        self.refusing = True
        if self.first is not None:
            issue = stray_nul_issue(self.source, *self.first)
            raise StrictStop(issue.message.removesuffix(READ_AS_A_SPACE), self.source, *self.first)

    def issues(self) -> list[Issue]:
        """The stray NULs, as `stray_nul_issues` says them (none when there were none)."""
        return stray_nul_issues(self.source, self.places, self.count)


def binary_error(source: str, line: int, column: int) -> ParseError:
    """The error for a file holding a NUL at ``line`` and ``column`` whose first characters say binary
    data (an image, a program, a zip), which no hand-record format is (`looks_binary`)."""
    what = "binary data (a NUL byte), not a hand-record file (expected PBN, LIN or JSON text)"
    return ParseError(f"no boards found: {what}", source, line, column)


class _BlankedText(io.TextIOBase):
    """A text stream giving another's characters with each NUL a space: for a file whose NULs were read
    before it was known a text format would read it (its first characters), so not made spaces as bytes."""

    def __init__(self, text: TextIO) -> None:
        self._text = text
        self.name = getattr(text, "name", "<stream>")

    @property
    def encoding(self) -> str | None:  # type: ignore[override]  # TextIOBase's is a str attribute
        """The encoding the other stream decodes its bytes in."""
        return getattr(self._text, "encoding", None)

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        return self._text.read(-1 if size is None else size).replace("\0", " ")

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]  # TextIOBase: size: int
        return self._text.readline().replace("\0", " ")

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]  # TextIOBase says Iterator[str] via Self
        return map(_blank_nuls, self._text)


def _blank_nuls(text: str) -> str:
    """``text`` with each NUL a space."""
    return text.replace("\0", " ")


def blanked_text(text: TextIO) -> TextIO:
    """``text`` giving each NUL as a space (`_BlankedText`)."""
    return _BlankedText(text)  # type: ignore[return-value]  # a TextIOBase that reads as TextIO


class _Prefixed(io.RawIOBase):
    """A binary stream that gives back bytes already read from another one, then the rest of it
    (counting, when ``tally`` is given, the bytes its encoding cannot decode)."""

    def __init__(self, head: bytes, rest: ByteSource, tally: DecodeTally | None = None,
                 nul: NulWatch | None = None, stray: StrayLines | None = None) -> None:
        self._head = memoryview(head)
        self._rest = rest
        self._watches = [w for w in (tally, nul, stray) if w is not None]
        self._nul = nul

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]  # typeshed: Buffer
        if self._head:
            n = min(len(buffer), len(self._head))
            data = bytes(self._head[:n])
            self._see(data)
            buffer[:n] = data.replace(b"\0", b" ") if self._nul is not None and self._nul.blanking else data
            self._head = self._head[n:]
            return n
        data = self._rest.read(len(buffer))
        n = len(data)
        self._see(data)
        if self._nul is not None and self._nul.blanking and b"\0" in data:  # a text format reads them
            data = data.replace(b"\0", b" ")
        buffer[:n] = data
        return n

    def _see(self, data: bytes) -> None:
        """Show ``data``, the next bytes, to each watch on the file."""
        for watch in self._watches:
            watch.see(data)

    def close(self) -> None:
        self._rest.close()
        super().close()


def _first_bytes(raw: ByteSource) -> bytes:
    """The first `HEAD_BYTES` bytes of ``raw`` (all of it when shorter), however many reads they take: a
    pipe or socket may give them a few KiB at a time, and the encoding is chosen on all of them."""
    parts: list[bytes] = []
    size = 0
    while size < HEAD_BYTES and (part := raw.read(HEAD_BYTES - size)):
        parts.append(part)
        size += len(part)
    return b"".join(parts)


def _readable_twice(raw: ByteSource) -> ByteSource:
    """``raw`` if it can be searched and read again (a file on disk), else the rest of it copied into a
    `_Spooled` file, so that standard input or a pipe is decided on the whole of it (`_utf8_further_on`)."""
    seekable = getattr(raw, "seekable", None)
    return raw if callable(seekable) and seekable() else _Spooled(raw)


class _Spooled(io.RawIOBase):
    """The rest of a stream that cannot be read twice, copied (in memory up to `IN_MEMORY` bytes, then in
    a temporary file) to be searched and then read; closing it closes the stream too."""

    IN_MEMORY = 1 << 24

    def __init__(self, source: ByteSource) -> None:
        self._source = source
        self._copy = tempfile.SpooledTemporaryFile(max_size=self.IN_MEMORY)  # noqa: SIM115 - closed in close
        while part := source.read(1 << 20):
            self._copy.write(part)
        self._copy.seek(0)

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]  # typeshed: Buffer
        data = self._copy.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._copy.seek(offset, whence)

    def tell(self) -> int:
        return self._copy.tell()

    def close(self) -> None:
        self._copy.close()
        self._source.close()
        super().close()


def text_from_binary(raw: ByteSource, encoding: str | None = None) -> TextIO:
    """A text stream over ``raw`` with the encoding chosen from its first chunk (or ``encoding``)."""
    head = _first_bytes(raw)
    skip = 0
    chosen = False  # whether the head's bytes chose a code page (no BOM, charset or ``encoding``)
    if encoding is None:
        encoding, skip = detect_encoding(head)
        chosen = _content_chose_a_code_page(head, encoding)
        mixed = chosen and len(head) == HEAD_BYTES
        if mixed:
            raw = _readable_twice(raw)
        if mixed and _utf8_further_on(raw, head):
            encoding = "utf-8"  # a mixed file: its head's bytes are read in their code page (`stray_handler`)
    elif head.startswith(codecs.BOM_UTF8) and codecs.lookup(encoding).name == "utf-8":
        skip = len(codecs.BOM_UTF8)
    name = codecs.lookup(encoding).name
    stray = StrayLines(stray_code_page(head[skip:])) if name == "utf-8" else None
    wordwise = chosen and name in _WORDWISE_CODE_PAGES  # not when a mixed file made it UTF-8
    errors = stray_handler(stray.code_page) if stray is not None else "replace"
    tally = None if name == "utf-8" or name == "iso8859-1" else DecodeTally(encoding)
    nul = None if name.startswith(("utf-16", "utf-32")) else NulWatch(encoding)
    buffered = io.BufferedReader(_Prefixed(head[skip:], raw, tally, nul, stray), buffer_size=HEAD_BYTES)
    # newline=None: CRLF, CR-only (old Macs) and LF all become "\n", so lines count the same.
    if wordwise:  # a code page its bytes chose: a pair is read as its word says (`_WordwiseDecoder`)
        text: TextIO = _ShownText(buffered, f"{_WORDWISE}{name}", encoding, errors)
    else:
        text = io.TextIOWrapper(buffered, encoding=encoding, errors=errors, newline=None)
    text.decode_tally = tally  # type: ignore[attr-defined]  # read by `decode_tally`
    text.nul_watch = nul  # type: ignore[attr-defined]  # read by `nul_watch`
    text.stray_lines = stray  # type: ignore[attr-defined]  # read by `stray_lines`
    return text


def typed_lines(raw: IO[bytes]) -> Iterator[str]:
    """The lines of ``raw`` as text, each decoded as it comes (typed at a terminal, a line is used when it
    is ended): UTF-8, a byte that is not read as Latin-1, as a file's are; a byte order mark dropped."""
    for number, line in enumerate(raw, 1):
        text = line.decode("utf-8", _FALLBACK)
        yield text.removeprefix("\ufeff") if number == 1 else text


def decode_tally(stream: object) -> DecodeTally | None:
    """The count of undecodable bytes kept for a stream `text_from_binary` made (None for others)."""
    tally = getattr(stream, "decode_tally", None)
    return tally if isinstance(tally, DecodeTally) else None


def stray_lines(stream: object) -> StrayLines | None:
    """The lines not in UTF-8 of a UTF-8 stream `text_from_binary` made (None for others)."""
    watch = getattr(stream, "stray_lines", None)
    return watch if isinstance(watch, StrayLines) else None


def nul_watch(stream: object) -> NulWatch | None:
    """The NUL watch of a stream `text_from_binary` made (None for others, and for UTF-16 and UTF-32)."""
    watch = getattr(stream, "nul_watch", None)
    return watch if isinstance(watch, NulWatch) else None


def directory_given(name: str, what: str = "a hand-record file") -> str:
    """The one line said of a directory given where a file is read (``adir.pbn: is a directory, not a
    hand-record file``; ``what``: the file wanted, ``a rubber log``): by `open_text` (``bt.read`` reads one
    file) and by the commands (`bridgetools.cli.common.not_a_file`) alike."""
    return f"{name}: is a directory, not {what}"


def open_text(path_or_file: PathOrFile, encoding: str | None = None) -> tuple[TextIO, str]:
    """A text stream and the name to use in messages, for a path, ``-`` (stdin) or an open file.

    A text file object is used as it is (its encoding is its own); a binary one is decoded as a file
    on disk would be. The caller closes the stream (closing it closes a file this function opened).
    """
    if isinstance(path_or_file, str | Path):
        if str(path_or_file) == "-":
            return text_from_binary(_StdinBytes(sys.stdin.buffer), encoding), "<stdin>"
        if str(path_or_file) == "":  # Path("") is the current directory
            raise BridgeError("no file to read: the path is empty (expected a file name, '-' for stdin, "
                              "or an open file)")
        if Path(path_or_file).is_dir():  # bt.read reads one file (the commands that search folders do that)
            raise BridgeError(directory_given(str(path_or_file)))
        raw: BinaryIO = Path(path_or_file).open("rb")  # noqa: SIM115 - closed with the text stream
        return text_from_binary(raw, encoding), str(path_or_file)
    if not callable(getattr(path_or_file, "read", None)):
        kind = type(path_or_file).__name__
        raise BridgeTypeError(f"expected a path, '-' (stdin) or an open file to read, "
                              f"not {kind} {path_or_file!r}")
    name = getattr(path_or_file, "name", None)
    source = name if isinstance(name, str) else "<stream>"
    if isinstance(path_or_file, io.TextIOBase):
        return path_or_file, source  # type: ignore[return-value]  # a text stream by the check above
    probe = path_or_file.read(0)
    if isinstance(probe, str):
        return path_or_file, source  # type: ignore[return-value]  # a text stream by the check above
    return text_from_binary(path_or_file, encoding), source  # type: ignore[arg-type]  # bytes by the probe


class _CountedBytes(io.RawIOBase):
    """A file's bytes, each read told to ``on_read`` (how many): what moves a bar of the bytes read."""

    def __init__(self, path: str, on_read: Callable[[int], object]) -> None:
        super().__init__()
        self._raw = open(path, "rb")  # noqa: SIM115 - closed with this stream
        self.name = path  # the readers name the file by it, and sniff its format from its suffix
        self._on_read = on_read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = self._raw.readinto(buffer)
        if count:
            self._on_read(count)
        return count

    def close(self) -> None:
        self._raw.close()
        super().close()


def regular_size(name: str) -> int | None:
    """The size of ``name`` when it is a regular file (not ``-``, a pipe, a folder), else None."""
    if name == "-":
        return None
    try:
        found = os.stat(name)
    except OSError:
        return None
    return found.st_size if stat.S_ISREG(found.st_mode) else None


def counted_bytes(path: str, on_read: Callable[[int], object]) -> io.BufferedReader:
    """The file ``path`` opened to read as `read` reads a path (its name kept), telling ``on_read`` how
    many bytes each read takes: a progress bar's measure of a file read a board at a time."""
    return io.BufferedReader(_CountedBytes(path, on_read))


class _StdinBytes(io.RawIOBase):
    """Standard input's bytes, which closing the text stream must leave open."""

    def __init__(self, raw: IO[bytes]) -> None:
        self._raw = raw

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        return self._raw.read(size)

    def close(self) -> None:
        super().close()


class PeekedText(io.TextIOBase):
    """A text stream that first gives back characters already read from another one."""

    def __init__(self, head: str, rest: TextIO) -> None:
        self._head = head
        self._at = 0
        """Where in ``_head`` the characters not yet given back start."""
        self._rest = rest
        self.name = getattr(rest, "name", "<stream>")

    @property
    def encoding(self) -> str | None:  # type: ignore[override]  # TextIOBase's is a str attribute
        """The encoding the other stream decodes its bytes in (a reader keeps what a file came in)."""
        return getattr(self._rest, "encoding", None)

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        head, self._head, self._at = self._head[self._at :], "", 0
        if size is None or size < 0:
            return head + self._rest.read()
        if head:
            out, self._head = head[:size], head[size:]
            if len(out) < size:
                out += self._rest.read(size - len(out))
            return out
        return self._rest.read(size)

    # typeshed gives io.IOBase.readline bytes and overrides it in TextIOBase under its own ignore[override].
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]  # TextIOBase: size: int
        if self._head:
            return self._head_line()
        return self._rest.readline()

    def _head_line(self) -> str:
        """The head's next line, read from where the last one ended (`_at`): the rest of the head is cut
        off only when it is all read, not copied again for every line."""
        head, at = self._head, self._at
        i = head.find("\n", at)
        if i >= 0:
            self._at = i + 1
            if self._at == len(head):
                self._head, self._at = "", 0
            return head[at : i + 1]
        self._head, self._at = "", 0
        return head[at:] + self._rest.readline()

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]  # TextIOBase says Iterator[str] via Self
        """Lines: those of the head one by one, then the rest's own (fast) iteration, which the chain
        hands on directly (no Python frame per line).

        The head is consumed a line at a time, so a reader that stops iterating part-way (to
        ``read()`` the rest) loses nothing.
        """
        return itertools.chain(self._head_lines(), self._rest)

    def _head_lines(self) -> Iterator[str]:
        while self._head:
            yield self._head_line()

    def close(self) -> None:
        self._rest.close()
        super().close()


def peek(stream: TextIO, size: int = 4096) -> tuple[str, TextIO]:
    """The first ``size`` characters of ``stream``, and a stream that still starts with them."""
    head = stream.read(size)
    return head, PeekedText(head, stream)  # type: ignore[return-value]  # a TextIOBase that reads as TextIO


@dataclass
class Reading:
    """What a reader records of how it read a text, for the error when it finds no board: ``how`` (one
    document, or line by line: the last said), and whether the text, read whole, was a document of
    another kind, no hand record (``{"name": "x"}``, a corpus's ``manifest.json``), so that no one has
    to parse the file again to tell (`NoBoardsError.no_hand_record`)."""

    how: list[str] = field(default_factory=list)
    no_hand_record: bool = False
    rubbers: list[tuple[str, int]] | None = None
    """The rubbers (a variant's title, its deals) of a record of variant rubbers read whole (the table's
    ``--record FILE.json``), which no reader of boards reads: the error names them (`rubbers_named`);
    recorded by `bridgetools.formats.jsonfmt.record_shape`."""
    place: tuple[int, int] | None = None
    """Where a text read whole holds its empty list of boards (JSON's ``[]``, the ``[]`` of ``"boards":
    []``), as line and column: the no-boards error is placed there, as an empty input is at its start."""
