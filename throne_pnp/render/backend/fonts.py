"""The one typeface of every printed component, embedded in the PDFs.

Printers substitute fonts that are only named, so the PDFs embed reportlab's
Bitstream Vera Sans, slimmed by `ttfslim` as "Rusty Sans"; `width_pt` measures
text with the metrics the PDF really uses. `mono` runs are set oblique.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from pathlib import Path

FAMILY = "Bitstream Vera Sans"
SVG_FAMILY = f"'{FAMILY}', 'DejaVu Sans', Verdana, sans-serif"

# reportlab face name -> file in reportlab/fonts
FACES = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
EMBEDDED = "Rusty Sans"   # the slimmed faces' family and styles (see ttfslim.py)
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
def font(name: str):
    """The face's reportlab font object, slimmed, parsed and registered when first
    used (parsing is the costly part, and most documents need two or three faces)."""
    from io import BytesIO

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from throne_pnp.render.backend.ttfslim import slim

    path = font_dir() / FACES[name]
    if not path.is_file():
        raise FileNotFoundError(f"reportlab's bundled font {path} is missing; "
                                "reinstall reportlab")
    registered = TTFont(name, BytesIO(slim(path.read_bytes(), EMBEDDED, STYLES[name])))
    pdfmetrics.registerFont(registered)
    return registered


def width_pt(text: str, name: str, size: float) -> float:
    """Width in points of `text` set in face `name` at `size` points: the very
    float of reportlab's pure-Python `stringWidth`, without its per-letter loop."""
    widths = font(name).face
    return 0.001 * size * sum(map(widths.charWidths.get, map(ord, text),
                                  repeat(widths.defaultWidth)))
