"""The one typeface of every printed component, embedded in the PDFs.

Home printers and other machines substitute fonts that are only named, so
the PDFs embed their own: the Bitstream Vera Sans family (regular, bold,
oblique, bold oblique) that reportlab ships inside its pip package under a
free licence (reportlab/fonts/bitstream-vera-license.txt). Nothing is copied
into this repository; the TTF files are read from the installed reportlab.

Each face is registered with reportlab once per process, when first used (as
TrueType fonts, which reportlab embeds as subsets holding only the glyphs a
document uses), slimmed first by `ttfslim.py` (no screen hinting; renamed
"Rusty Sans" as the Vera licence asks of modified copies; the slimmed faces
are kept between builds by `font_memo.py`); `face()` names
the face for a weight and slant; `width_pt()` measures text in it, so layout
code wraps and centres with the metrics the PDF really uses. SVG names the
same family, with metric-close fallbacks, and pins each run to the measured
width.

Code-like text (the `mono` runs of the rules sheet) is set in the oblique
faces: the family has no monospace member, and an oblique keeps such words
apart from running text without a second, unembedded font.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from pathlib import Path

FAMILY = "Bitstream Vera Sans"
SVG_FAMILY = f"'{FAMILY}', 'DejaVu Sans', Verdana, sans-serif"

# reportlab face name -> file in reportlab/fonts
FACES = {
    "Vera": "Vera.ttf",
    "VeraBd": "VeraBd.ttf",
    "VeraIt": "VeraIt.ttf",
    "VeraBI": "VeraBI.ttf",
}
# the embedded, slimmed faces are renamed (see ttfslim.py): family, style
EMBEDDED = "Rusty Sans"
STYLES = {"Vera": "Roman", "VeraBd": "Bold", "VeraIt": "Oblique", "VeraBI": "Bold Oblique"}


def font_dir() -> Path:
    """The folder of fonts inside the installed reportlab package."""
    import reportlab

    return Path(reportlab.__file__).parent / "fonts"


def face(bold: bool = False, italic: bool = False, mono: bool = False) -> str:
    """The reportlab name of the face for a weight and slant (mono = oblique)."""
    slanted = italic or mono
    if bold and slanted:
        return "VeraBI"
    if bold:
        return "VeraBd"
    if slanted:
        return "VeraIt"
    return "Vera"


@lru_cache(maxsize=4)
def _register_face(name: str):
    """Slim, parse and register one face with reportlab; return its font object.

    Faces are registered as first used: parsing a TrueType font is the
    costly part, and most documents need only two or three of the four.
    """
    from io import BytesIO

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from throne_pnp.render.font_memo import slimmed

    path = font_dir() / FACES[name]
    if not path.is_file():
        raise FileNotFoundError(f"reportlab's bundled font {path} is missing; "
                                "reinstall reportlab")
    font = TTFont(name, BytesIO(slimmed(path.read_bytes(), EMBEDDED, STYLES[name])))
    _share_subsets(font.face)
    pdfmetrics.registerFont(font)
    return font


def _share_subsets(face) -> None:
    """Make each distinct glyph subset of `face` once per process.

    reportlab cuts a subset font file for every document; the documents of a
    build mostly use the same few subsets (the same letters in the same
    order), and the cut is the same bytes each time.
    """
    make = face.makeSubset

    @lru_cache(maxsize=64)
    def cut(subset: tuple[int, ...]) -> bytes:
        return make(list(subset))

    face.makeSubset = lambda subset: cut(tuple(subset))


def register() -> tuple[str, ...]:
    """Register all four faces with reportlab (once) and return their names.

    Raises FileNotFoundError naming the missing file if the installed
    reportlab lacks its bundled fonts (it has shipped them for many years).
    """
    for name in FACES:
        _register_face(name)
    return tuple(FACES)


def _font(name: str):
    return _register_face(name)


@lru_cache(maxsize=4)
def _widths(name: str):
    """The face's advance widths by code point, and the width of a missing glyph."""
    face = _font(name).face
    return face.charWidths.get, face.defaultWidth


def width_pt(text: str, name: str, size: float) -> float:
    """Width in points of `text` set in face `name` at `size` points.

    The same sum as reportlab's `stringWidth` (its pure-Python form, in the
    same order, so the very same float), without the per-letter Python loop.
    """
    get, missing = _widths(name)
    return 0.001 * size * sum(map(get, map(ord, text), repeat(missing)))


def font(name: str):
    """The registered reportlab font object of a face (registering the family if needed)."""
    return _font(name)


def split_string(font, text: str, doc) -> list[tuple[int, bytes]]:
    """`font.splitString(text, doc)`: the text's codes in the document's subsets.

    reportlab assigns each new letter the document's next code, one letter at
    a time in Python; once a document has met every letter of `text` (the
    same words recur on every card and page), the answer is the same codes
    looked up, which `str.translate` does at C speed. That shortcut is taken
    only when it cannot differ: every letter already assigned, all codes in
    the first subset (fewer than 256 used) and no no-break space (which
    reportlab sets as a space); anything else, and every first meeting, is
    reportlab's own.
    """
    state = font.state.get(doc)
    if (text and state is not None and state.nextCode <= 256 and "\xa0" not in text
            and state.assignments.keys() >= set(map(ord, text))):
        return [(0, text.translate(state.assignments).encode("latin-1"))]
    return font.splitString(text, doc)
