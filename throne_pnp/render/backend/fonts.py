"""The one typeface of every printed component, embedded in the PDFs.

Home printers and other machines substitute fonts that are only named, so
the PDFs embed their own: the Bitstream Vera Sans family (regular, bold,
oblique, bold oblique) that reportlab ships inside its pip package under a
free licence (reportlab/fonts/bitstream-vera-license.txt). Nothing is copied
into this repository; the TTF files are read from the installed reportlab.

Each face is registered with reportlab once per process, when first used (as
TrueType fonts, which reportlab embeds as subsets holding only the glyphs a
document uses), slimmed first by `ttfslim.py` (no screen hinting; renamed
"Rusty Sans" as the Vera licence asks of modified copies); `face()` names
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

    from throne_pnp.render.backend.ttfslim import slim

    path = font_dir() / FACES[name]
    if not path.is_file():
        raise FileNotFoundError(f"reportlab's bundled font {path} is missing; "
                                "reinstall reportlab")
    font = TTFont(name, BytesIO(slim(path.read_bytes(), EMBEDDED, STYLES[name])))
    pdfmetrics.registerFont(font)
    return font


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
