"""The type pairing of every printed component, embedded in the PDFs as subsets.

Titles are set in Crimson Text, an old-style book serif (SIL OFL) that arrives with the install
as the PyPI package fontpkg-crimson-text; labels, numbers and small text in reportlab's
Bitstream Vera Sans. Printers substitute fonts that are only named, so both are embedded,
slimmed by `slim` (over half of their glyph bytes are screen hinting printers do not need) and
renamed "Rusty Serif" / "Rusty Sans" (the Vera licence asks that a modified font not be called
"Bitstream" or "Vera"). Without the serif package the sans sets the titles too, and `notes` says
so once. `width_pt` measures text with the metrics the PDF really uses; `mono` runs are oblique.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from itertools import repeat
from pathlib import Path

FAMILY = "Bitstream Vera Sans"
SVG_FAMILY = f"'{FAMILY}', 'DejaVu Sans', Verdana, sans-serif"
SERIF = "Crimson Text"
SVG_SERIF = f"'{SERIF}', Georgia, 'Times New Roman', serif"
SERIF_PACKAGE = "fontpkg-crimson-text"

# reportlab face name -> file in reportlab/fonts, or the serif package's style
FACES = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
SERIF_FACES = {"Serif": "Regular", "SerifBd": "Bold", "SerifIt": "Italic",
               "SerifBI": "BoldItalic"}
STYLES = {"Vera": "Roman", "VeraBd": "Bold", "VeraIt": "Oblique", "VeraBI": "Bold Oblique",
          "Serif": "Roman", "SerifBd": "Bold", "SerifIt": "Italic", "SerifBI": "Bold Italic"}


def font_dir() -> Path:
    """The folder of fonts inside the installed reportlab package."""
    import reportlab

    return Path(reportlab.__file__).parent / "fonts"


@lru_cache(maxsize=1)
def serif_files() -> dict[str, Path] | None:
    """The serif's four faces in its font package, or None when it is not installed."""
    # the package's files/ folder, found directly: fontpkg's own lookup reads the
    # metadata of every installed package, which takes longer than a card sheet
    try:
        import fontpkg_crimson_text
    except ImportError:
        return None
    files = {name: fontpkg_crimson_text.ROOT / "files" / f"CrimsonText-{style}.ttf"
             for name, style in SERIF_FACES.items()}
    return files if all(path.is_file() for path in files.values()) else None


def notes() -> list[str]:
    """One line when the type pairing is incomplete (titles then fall back to the sans)."""
    if serif_files() is not None:
        return []
    return [f"titles are set in the sans: the serif {SERIF} is missing "
            f"(pip install {SERIF_PACKAGE})"]


_BY_STYLE = {(False, False): "Vera", (True, False): "VeraBd", (False, True): "VeraIt",
             (True, True): "VeraBI"}    # (bold, slanted) -> face


def face(bold: bool = False, italic: bool = False, mono: bool = False,
         serif: bool = False) -> str:
    """The reportlab name of the face for a family, weight and slant (mono = oblique)."""
    name = _BY_STYLE[bool(bold), bool(italic or mono)]
    return name.replace("Vera", "Serif") if serif and serif_files() is not None else name


@lru_cache(maxsize=8)
def font(name: str):
    """The face's reportlab font object, slimmed, parsed and registered when first
    used (parsing is the costly part, and most documents need two or three faces)."""
    from io import BytesIO

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    serif = name in SERIF_FACES
    path = serif_files()[name] if serif else font_dir() / FACES[name]
    if not path.is_file():
        raise FileNotFoundError(f"the font {path} is missing; reinstall "
                                + (SERIF_PACKAGE if serif else "reportlab"))
    family, source = ("Rusty Serif", SERIF) if serif else ("Rusty Sans", FAMILY)
    registered = TTFont(name, BytesIO(slim(path.read_bytes(), family, STYLES[name], source)))
    pdfmetrics.registerFont(registered)
    return registered


def width_pt(text: str, name: str, size: float) -> float:
    """Width in points of `text` set in face `name` at `size` points: the very
    float of reportlab's pure-Python `stringWidth`, without its per-letter loop."""
    widths = font(name).face
    return 0.001 * size * sum(map(widths.charWidths.get, map(ord, text),
                                  repeat(widths.defaultWidth)))


KEEP = ("OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post")

# composite glyph flags
_ARGS_ARE_WORDS = 0x0001
_HAVE_SCALE = 0x0008
_MORE_COMPONENTS = 0x0020
_HAVE_XY_SCALE = 0x0040
_HAVE_2X2 = 0x0080
_HAVE_INSTRUCTIONS = 0x0100


def _tables(data: bytes) -> dict[str, bytes]:
    count = struct.unpack(">H", data[4:6])[0]
    entries = (struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i]) for i in range(count))
    return {tag.decode("latin-1"): data[at:at + length] for tag, _sum, at, length in entries}


def _strip_glyph(glyph: bytes) -> bytes:
    """One glyph without its hinting instructions."""
    if not glyph:
        return glyph
    contours = struct.unpack(">h", glyph[:2])[0]
    if contours >= 0:
        at = 10 + 2 * contours
        length = struct.unpack(">H", glyph[at:at + 2])[0]
        return glyph[:at] + b"\x00\x00" + glyph[at + 2 + length:]
    out = bytearray(glyph[:10])
    pos = 10
    flags = _MORE_COMPONENTS
    while flags & _MORE_COMPONENTS:
        flags = struct.unpack(">H", glyph[pos:pos + 2])[0]
        size = 4 + (4 if flags & _ARGS_ARE_WORDS else 2)
        if flags & _HAVE_SCALE:
            size += 2
        elif flags & _HAVE_XY_SCALE:
            size += 4
        elif flags & _HAVE_2X2:
            size += 8
        out += struct.pack(">H", flags & ~_HAVE_INSTRUCTIONS) + glyph[pos + 2:pos + size]
        pos += size
    return bytes(out)


def _glyphs(tables: dict[str, bytes]) -> list[bytes]:
    head, maxp, loca, glyf = (tables[t] for t in ("head", "maxp", "loca", "glyf"))
    count = struct.unpack(">H", maxp[4:6])[0]
    if struct.unpack(">h", head[50:52])[0] == 0:
        offsets = [2 * v for v in struct.unpack(f">{count + 1}H", loca[:2 * (count + 1)])]
    else:
        offsets = list(struct.unpack(f">{count + 1}I", loca[:4 * (count + 1)]))
    return [glyf[offsets[i]:offsets[i + 1]] for i in range(count)]


def _name_table(original: bytes, family: str, style: str, source: str) -> bytes:
    """A Windows-Unicode name table: the original copyright and our own names."""
    copyright_text = ""
    count, string_offset = struct.unpack(">HH", original[2:6])
    for i in range(count):
        platform, encoding, _lang, name_id, length, offset = struct.unpack(
            ">6H", original[6 + 12 * i:18 + 12 * i])
        if name_id == 0 and platform == 3 and encoding == 1:
            start = string_offset + offset
            copyright_text = original[start:start + length].decode("utf-16-be")
            break
    ps_family = family.replace(" ", "")
    names = {
        0: copyright_text,
        1: family,
        2: style,
        3: f"{ps_family}-{style.replace(' ', '')}; derived from {source}",
        4: f"{family} {style}",
        5: f"Version 1.0; {source}, hinting removed",
        6: f"{ps_family}-{style.replace(' ', '')}",
    }
    records = strings = b""
    for name_id, text in sorted(names.items()):
        raw = text.encode("utf-16-be")
        records += struct.pack(">6H", 3, 1, 0x409, name_id, len(raw), len(strings))
        strings += raw
    return struct.pack(">3H", 0, len(names), 6 + len(records)) + records + strings


def _checksum(data: bytes) -> int:
    padded = data + b"\x00" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF


def _assemble(tables: dict[str, bytes]) -> bytes:
    tags = sorted(tables)
    count = len(tags)
    power = 1
    while power * 2 <= count:
        power *= 2
    header = struct.pack(">IHHHH", 0x00010000, count, power * 16, power.bit_length() - 1,
                         count * 16 - power * 16)
    offset = 12 + 16 * count
    directory = body = b""
    for tag in tags:
        data = tables[tag]
        directory += struct.pack(">4sIII", tag.encode("latin-1"), _checksum(data),
                                 offset + len(body), len(data))
        body += data + b"\x00" * (-len(data) % 4)
    font = bytearray(header + directory + body)
    head_at = offset + sum(len(tables[t]) + (-len(tables[t]) % 4)
                           for t in tags[:tags.index("head")])
    adjustment = (0xB1B0AFBA - _checksum(bytes(font))) & 0xFFFFFFFF
    font[head_at + 8:head_at + 12] = struct.pack(">I", adjustment)
    return bytes(font)


def slim(data: bytes, family: str, style: str, source: str = FAMILY) -> bytes:
    """`data` (a TrueType font) without hinting or screen-only tables, renamed."""
    tables = _tables(data)
    glyf = b""
    offsets = []
    for glyph in _glyphs(tables):
        offsets.append(len(glyf))
        stripped = _strip_glyph(glyph)
        glyf += stripped + b"\x00" * (-len(stripped) % 4)
    offsets.append(len(glyf))
    head = bytearray(tables["head"])
    head[8:12] = b"\x00\x00\x00\x00"                 # checkSumAdjustment, set last
    head[50:52] = struct.pack(">h", 1)               # long loca offsets
    maxp = bytearray(tables["maxp"])
    if len(maxp) >= 32:
        maxp[26:28] = b"\x00\x00"                    # maxSizeOfInstructions
    out = {tag: tables[tag] for tag in KEEP if tag in tables}
    out.update(glyf=glyf, loca=struct.pack(f">{len(offsets)}I", *offsets), head=bytes(head),
               maxp=bytes(maxp), name=_name_table(tables["name"], family, style, source))
    return _assemble(out)
