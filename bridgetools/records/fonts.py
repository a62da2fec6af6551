"""The PDF's fonts for text beyond WinAnsi: a Greek or Polish club's own names, Cyrillic, Chinese.

The standard PDF fonts (Helvetica, Times, Courier) hold the WinAnsi characters (cp1252) alone and need no
file. A string or paragraph with a character beyond them is set whole in a Unicode font that has it, so that
a name is never drawn in two typefaces: the TrueType font the user names (``--font``, `Options.font`), else a
family found in the usual font folders (DejaVu, Noto, Liberation, Arial), else for Chinese, Japanese and
Korean reportlab's CID fonts, which need no file. A TrueType font is embedded as a subset of the characters
drawn, and only when used: a WinAnsi-only file is the same byte for byte as without this module. Hebrew,
Arabic and characters beyond U+FFFF are not drawn whatever the fonts (`not_drawn`).
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
import unicodedata
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from bridgetools.errors import BridgeError
from bridgetools.records.view import SUIT_SYMBOLS

STANDARD = {"Helvetica": ("sans", ""), "Helvetica-Bold": ("sans", "bold"),
            "Helvetica-Oblique": ("sans", "italic"), "Times-Roman": ("serif", ""), "Courier": ("mono", "")}
"""The standard fonts the records use, as the family and style a Unicode face stands in for."""
STYLES = ("", "bold", "italic", "bolditalic")
SANS = "sans"


def _usual_folders() -> list[Path]:
    home = Path.home()
    folders = [home / ".fonts", home / ".local/share/fonts", Path("/usr/local/share/fonts"),
               Path("/usr/share/fonts"), home / "Library/Fonts", Path("/Library/Fonts"),
               Path("/System/Library/Fonts")]
    if sys.platform == "win32":
        windir = Path(os.environ.get("WINDIR", r"C:\Windows"))
        folders += [Path(os.environ.get("LOCALAPPDATA", home)) / "Microsoft/Windows/Fonts", windir / "Fonts"]
    return folders


FONT_FOLDERS: list[Path] = _usual_folders()
"""Where a Unicode TrueType family is looked for, first found first."""
FAMILIES: dict[str, dict[str, tuple[str, ...]]] = {
    "DejaVu": {"sans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf",
                        "DejaVuSans-BoldOblique.ttf"),
               "serif": ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf",
                         "DejaVuSerif-BoldItalic.ttf"),
               "mono": ("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf",
                        "DejaVuSansMono-BoldOblique.ttf")},
    "Noto": {"sans": ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                      "NotoSans-BoldItalic.ttf"),
             "serif": ("NotoSerif-Regular.ttf", "NotoSerif-Bold.ttf", "NotoSerif-Italic.ttf",
                       "NotoSerif-BoldItalic.ttf"),
             "mono": ("NotoSansMono-Regular.ttf", "NotoSansMono-Bold.ttf", "", "")},
    "Liberation": {"sans": ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf",
                            "LiberationSans-Italic.ttf", "LiberationSans-BoldItalic.ttf"),
                   "serif": ("LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf",
                             "LiberationSerif-Italic.ttf", "LiberationSerif-BoldItalic.ttf"),
                   "mono": ("LiberationMono-Regular.ttf", "LiberationMono-Bold.ttf",
                            "LiberationMono-Italic.ttf", "LiberationMono-BoldItalic.ttf")},
    "Arial": {"sans": ("arial.ttf", "arialbd.ttf", "ariali.ttf", "arialbi.ttf"),
              "serif": ("times.ttf", "timesbd.ttf", "timesi.ttf", "timesbi.ttf"),
              "mono": ("cour.ttf", "courbd.ttf", "couri.ttf", "courbi.ttf")},
}
"""Unicode TrueType families by file name, each style of sans, serif and mono (regular, bold, italic,
bold italic); a style whose file is absent is drawn in the regular."""
CJK = (("STSong-Light", ("CJK", "FULLWIDTH", "IDEOGRAPHIC")),
       ("HeiseiMin-W3", ("CJK", "FULLWIDTH", "IDEOGRAPHIC", "HIRAGANA", "KATAKANA")),
       ("HYSMyeongJo-Medium", ("CJK", "FULLWIDTH", "IDEOGRAPHIC", "HANGUL")))
"""reportlab's CID fonts (Chinese, Japanese, Korean: no file needed) by the Unicode names they cover."""


def is_standard(char: str) -> bool:
    """Whether the standard fonts draw ``char``: a WinAnsi character, or a suit symbol (the Symbol font)."""
    if char.isascii() or char in SUIT_SYMBOLS:
        return True
    try:
        char.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def beyond(text: str) -> str:
    """The characters of ``text`` the standard fonts lack."""
    return "" if text.isascii() else "".join(c for c in text if not is_standard(c))


_REGISTERED: dict[str, Any] = {}
"""The TrueType faces registered with reportlab in this process, by the name given them."""


class _TrueType:
    """A TrueType family (one file for every style when the user names one), registered with reportlab
    when first used; what each face covers is its own character map (DejaVu Serif has no Hebrew, DejaVu
    Sans Mono no Coptic), read when first asked."""

    def __init__(self, name: str, files: dict[str, tuple[Path | None, ...]]) -> None:
        self.name = name
        self.files = files
        self.faces: dict[str, list[str]] = {}  # family -> its styles' registered names
        self.cmaps: dict[tuple[str, int], frozenset[int]] = {}  # (family, style) -> the characters it has
        self.cmap(SANS, 0)  # the file read (and refused if no TrueType font) before any output is made

    def _font(self, family: str, style: int) -> Any:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        path = self.files[family][style] or self.files[family][0]
        if style and path == self.files[family][0]:  # one file for every style: embedded once
            return self._font(family, 0)
        name = f"{self.name}-{family}{STYLES[style]}"
        if name in _REGISTERED:  # an earlier PDF's (not reportlab's getFont: it gives the first font
            return _REGISTERED[name]  # registered from the same file, by another name: --font's own)
        try:
            font = TTFont(name, str(path))
        except Exception as e:  # reportlab's TTFError, or OSError for an unreadable file
            raise BridgeError(f"{path}: not a TrueType font the PDF can embed ({e}); give a .ttf file") \
                from None
        pdfmetrics.registerFont(font)
        _REGISTERED[name] = font
        return font

    def cmap(self, family: str, style: int) -> frozenset[int]:
        """The characters the face of ``family`` in ``style`` has."""
        if (family, style) not in self.cmaps:  # asked per character: the face is looked up once
            self.cmaps[family, style] = frozenset(self._font(family, style).face.charToGlyph)
        return self.cmaps[family, style]

    def covers(self, chars: str, family: str = SANS, style: int = 0) -> bool:
        """Whether the face of ``family`` in ``style`` has every one of ``chars`` (by default the regular
        sans, the face of last resort: `stand_in`)."""
        cmap = self.cmap(family, style)
        return all(ord(c) in cmap for c in chars)

    def stand_in(self, standard: str, chars: str, tagged: bool = False) -> str | None:
        """The registered name of the face to set ``chars`` in where the standard font ``standard`` would
        be: its own family and style when that face has them all, else the sans in that style, else the
        regular sans; None when none has them. ``tagged`` (a paragraph with ``<b>`` or ``<i>``): first a
        family whose four styles all have them, so that the bold words are not boxes."""
        family, style = STANDARD.get(standard, (SANS, ""))
        k = STYLES.index(style)
        tries = [(family, (k, 0, 1, 2, 3)), (SANS, (k, 0, 1, 2, 3))] if tagged else []
        for face_family, styles in [*tries, (family, (k,)), (SANS, (k,)), (SANS, (0,))]:
            if all(self.covers(chars, face_family, s) for s in styles):
                return self.face(face_family)[styles[0]]
        return None

    def face(self, family: str) -> list[str]:
        """The registered names of ``family``'s four styles, mapped so that a paragraph's ``<b>`` and
        ``<i>`` find their faces."""
        from reportlab.lib.fonts import addMapping

        if family not in self.faces:
            names = [self._font(family, k).fontName for k in range(4)]
            for k, name in enumerate(names):
                addMapping(names[0], k & 1, k >> 1 & 1, name)
            self.faces[family] = names
        return self.faces[family]


class _CID:
    """One of reportlab's CID fonts for Chinese, Japanese or Korean: one face for every style."""

    def __init__(self, name: str, scripts: tuple[str, ...]) -> None:
        self.name = name
        self.scripts = scripts
        self.registered = False

    def covers(self, chars: str) -> bool:
        return all(unicodedata.name(c, "").startswith(self.scripts) for c in chars)

    def stand_in(self, standard: str, chars: str, tagged: bool = False) -> str | None:
        """Its name when it has every one of ``chars``, for every standard font and style; else None."""
        if not self.covers(chars):
            return None
        if not self.registered:
            from reportlab.lib.fonts import addMapping
            from reportlab.pdfbase import pdfmetrics
            from reportlab.pdfbase.cidfonts import UnicodeCIDFont

            pdfmetrics.registerFont(UnicodeCIDFont(self.name))
            for bold in (0, 1):
                for italic in (0, 1):
                    addMapping(self.name, bold, italic, self.name)
            self.registered = True
        return self.name


class Fonts:
    """The Unicode fonts a PDF may draw with, first choice first: ``font`` (a TrueType file, checked here,
    before any output is made), the families found in `FONT_FOLDERS` (looked for when first needed), the
    CID fonts."""

    def __init__(self, font: str | Path | None = None) -> None:
        self.given = None if font is None else str(font)
        self._chain: list[_TrueType | _CID] | None = None
        self._given: list[_TrueType | _CID] = []
        if font is not None:
            path = Path(font)
            if path.is_dir():
                raise BridgeError(f"{font}: a folder, not a font file; --font takes a TrueType font file "
                                  "(.ttf)")
            if not path.is_file():
                raise BridgeError(f"{font}: no such font file; --font takes a TrueType font (.ttf)")
            digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:8]
            self._given = [_TrueType(f"BT{digest}", {family: (path,) * 4 for family in ("sans", "serif",
                                                                                         "mono")})]
        self.found: list[str] = []
        """The system families found, by name, once looked for."""
        self.not_embedded: dict[str, str] = {}
        """The CID fonts text was set in (not embedded: `_CID`), by name, with the first text each set."""

    def chain(self) -> list[_TrueType | _CID]:
        if self._chain is None:
            system: list[_TrueType | _CID] = []
            index = _font_files()
            for name, families in FAMILIES.items():
                files = {family: tuple(index.get(f.lower()) if f else None for f in names)
                         for family, names in families.items()}
                if files["sans"][0] is None:
                    continue
                for family, paths in files.items():  # a missing serif or mono: the sans stands in
                    if paths[0] is None:
                        files[family] = files["sans"]
                system.append(_TrueType(f"BT{name}", files))
                self.found.append(name)
            self._chain = [*self._given, *system, *(_CID(name, scripts) for name, scripts in CJK)]
        return self._chain

    def drawable(self, char: str) -> bool:
        """Whether some font draws ``char`` as it should (`not_drawn` says why not, where no font helps)."""
        return is_standard(char) or (not_drawn(char) is None and any(font.covers(char)
                                                                     for font in self.chain()))

    def face(self, standard: str, text: str, tagged: bool = False) -> str:
        """The font to set ``text`` in where the standard font ``standard`` would be: itself when ``text``
        is WinAnsi, else the first Unicode font with a face holding all of the rest (`_TrueType.stand_in`;
        ``tagged``: a paragraph with bold or italic words), ``standard`` when none does: see `pieces`."""
        return self._face(standard, text, beyond(text), tagged)

    def _face(self, standard: str, text: str, rest: str, tagged: bool) -> str:
        """`face` for ``text`` whose characters beyond the standard fonts are ``rest``."""
        if not rest:
            return standard
        for font in self.chain():
            found = font.stand_in(standard, rest, tagged)
            if found is not None:
                if isinstance(font, _CID):
                    self.not_embedded.setdefault(found, text)
                return found
        return standard

    def pieces(self, standard: str, text: str, tagged: bool = False) -> list[tuple[str, str]]:
        """``text`` with the font of each piece: whole in one font when one holds it (`face`), else cut
        where the font must change (Greek and Chinese in one line: no one font has both)."""
        rest = beyond(text)
        face = self._face(standard, text, rest, tagged)
        if face != standard or not rest:
            return [(text, face)]
        out: list[tuple[str, str]] = []
        for char in text:
            font = standard if is_standard(char) else self.face(standard, char, tagged)
            if out and out[-1][1] == font:
                out[-1] = (out[-1][0] + char, font)
            else:
                out.append((char, font))
        return out


RIGHT_TO_LEFT = "right-to-left"
ASTRAL = "beyond U+FFFF"


def not_drawn(char: str) -> str | None:
    """Why the PDF does not draw ``char`` whatever the fonts: `RIGHT_TO_LEFT` for Hebrew and Arabic
    (reportlab sets every line left to right, in the order stored, and does not join Arabic letters, so
    שלום would print backwards), `ASTRAL` for a character beyond U+FFFF (drawn, but reportlab's ToUnicode
    map keeps four hex digits, so that 🂡 would copy and search as U+1F0A); None for any other."""
    code = ord(char)
    if unicodedata.bidirectional(char) in ("R", "AL", "AN") or 0x0590 <= code <= 0x08FF \
            or 0xFB1D <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFE:  # the letters, digits and their marks
        return RIGHT_TO_LEFT
    return ASTRAL if code > 0xFFFF else None


def _font_files() -> Mapping[str, Path]:
    """Every ``.ttf`` file under `FONT_FOLDERS` by its lower-case name, the first found kept: the folders
    are walked once a process (a font installed while it runs is not seen), not once a PDF."""
    return _font_files_in(tuple(FONT_FOLDERS))


@functools.cache
def _font_files_in(folders: tuple[Path, ...]) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for folder in folders:
        for path in _walk(folder):
            found.setdefault(path.name.lower(), path)
    return found


def _walk(folder: Path) -> Iterator[Path]:
    if not folder.is_dir():
        return
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if name.lower().endswith(".ttf"):
                yield Path(root, name)
