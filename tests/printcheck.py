"""Read printed PDFs back as a printer and a reader would: shared test helpers.

Uses pypdfium2 (the [png] extra, also pulled in by the test extra), so every
check runs on any machine without poppler:

- `gray(path, page, dpi)`: one page rasterised to an 8-bit grey PIL image.
- `edge_ink(path, dpi)`: for every page, the dark pixels inside the 4.2 mm
  strips along each paper edge, where home printers cannot print.
- `text_runs(path)`: every text object with its text, size in points at print
  scale (the font size times the scale of its matrix), font name and whether
  the font is embedded.
- `ink(image)`: mean ink coverage of an image (0 white .. 1 solid black).
- `page_objects(path, page)`: every top-level object's kind, box in mm and straight
  segments (cube spaces and scan markers measured from the drawn paths).
- `page_sizes_mm(path)`, `viewer_preferences(path)`.

Import it from a test as `from printcheck import ...` (pytest puts tests/ on
`sys.path`, as for `boards.py`).
"""

from __future__ import annotations

import ctypes
import math
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from throne_pnp.render.backend.mapgeom import Box

EDGE_MM = 4.2            # home printers cannot print this close to the paper edge
MM_PER_PT = 25.4 / 72


def pages(path: Path) -> int:
    """Number of pages of a PDF."""
    document = pdfium.PdfDocument(str(path))
    try:
        return len(document)
    finally:
        document.close()


def page_sizes_mm(path: Path) -> list[tuple[float, float]]:
    """Width and height in mm of every page."""
    document = pdfium.PdfDocument(str(path))
    try:
        return [(w * MM_PER_PT, h * MM_PER_PT)
                for w, h in (document.get_page_size(i) for i in range(len(document)))]
    finally:
        document.close()


def gray(path: Path, page: int = 0, dpi: int = 150):
    """Page `page` (0-based) rasterised at `dpi` to an 8-bit grey PIL image."""
    document = pdfium.PdfDocument(str(path))
    try:
        bitmap = document[page].render(scale=dpi / 72, grayscale=True)
        return bitmap.to_pil().convert("L")
    finally:
        document.close()


@dataclass(frozen=True)
class EdgeInk:
    """Dark pixels found in one edge strip of one page."""

    page: int        # 0-based
    side: str        # top | right | bottom | left
    pixels: int
    nearest_mm: float  # the inked pixel closest to the paper edge, its distance in mm


def edge_ink(path: Path, dpi: int = 150, margin: float = EDGE_MM,
             threshold: int = 254) -> list[EdgeInk]:
    """Every page's ink within `margin` mm of a paper edge (empty list = clean).

    A pixel counts when it is wholly inside the strip and darker than
    `threshold` (255 = paper white), so even a faint tint is caught.
    """
    found = []
    px_per_mm = dpi / 25.4
    band = int(margin * px_per_mm)      # pixels entirely within the strip
    for index in range(pages(path)):
        image = gray(path, index, dpi)
        w, h = image.size
        boxes = {"top": (0, 0, w, band), "bottom": (0, h - band, w, h),
                 "left": (0, 0, band, h), "right": (w - band, 0, w, h)}
        for side, box in boxes.items():
            strip = image.crop(box)
            histogram = strip.histogram()
            count = sum(histogram[:threshold])
            if not count:
                continue
            # the slow path, only for a failing page: how close does the ink come?
            data = strip.load()
            sw, sh = strip.size
            depths = [{"top": y, "bottom": sh - 1 - y, "left": x, "right": sw - 1 - x}[side]
                      for y in range(sh) for x in range(sw) if data[x, y] < threshold]
            found.append(EdgeInk(index, side, count, round(min(depths) / px_per_mm, 2)))
    return found


@dataclass(frozen=True)
class TextRun:
    """One text object read back from a PDF page."""

    page: int
    text: str
    size: float        # points at print scale
    font: str          # base font name (subset prefix removed)
    embedded: bool
    box: tuple[float, float, float, float]   # left, bottom, right, top on the page, in pt


def _text_of(obj, textpage) -> str:
    length = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
    if length <= 2:
        return ""
    buffer = ctypes.create_string_buffer(length)
    raw.FPDFTextObj_GetText(obj, textpage, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)),
                            length)
    return buffer.raw[:length - 2].decode("utf-16-le", errors="replace")


def _page_box(obj, outer) -> tuple[float, float, float, float]:
    """The object's bounds carried to page space by the matrix `outer` of its forms."""
    box = [ctypes.c_float() for _ in range(4)]
    raw.FPDFPageObj_GetBounds(obj, *(ctypes.byref(v) for v in box))
    left, bottom, right, top = (v.value for v in box)
    a, b, c, d, e, f = outer
    xs, ys = [], []
    for x, y in ((left, bottom), (left, top), (right, bottom), (right, top)):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return min(xs), min(ys), max(xs), max(ys)


def _font_name(font) -> str:
    buffer = ctypes.create_string_buffer(256)
    length = raw.FPDFFont_GetBaseFontName(font, ctypes.cast(buffer, ctypes.c_char_p), 256)
    name = buffer.raw[:max(length - 1, 0)].decode("latin-1")
    return name.split("+", 1)[-1]


def _matrix(obj) -> tuple[float, ...]:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(m))
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _compose(inner: tuple[float, ...], outer: tuple[float, ...]) -> tuple[float, ...]:
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def _objects(objects, matrix):
    """(object, matrix to page space) for every object, descending into forms."""
    for obj in objects:
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            own = _compose(_matrix(obj), matrix)
            count = raw.FPDFFormObj_CountObjects(obj)
            yield from _objects((raw.FPDFFormObj_GetObject(obj, i) for i in range(count)), own)
        else:
            yield obj, matrix


def text_runs(path: Path) -> list[TextRun]:
    """Every text object of every page, with its print size and font."""
    document = pdfium.PdfDocument(str(path))
    out = []
    try:
        for index in range(len(document)):
            page = document[index]
            textpage = page.get_textpage()
            count = raw.FPDFPage_CountObjects(page.raw)
            top = (raw.FPDFPage_GetObject(page.raw, i) for i in range(count))
            for obj, outer in _objects(top, (1, 0, 0, 1, 0, 0)):
                if raw.FPDFPageObj_GetType(obj) != raw.FPDF_PAGEOBJ_TEXT:
                    continue
                size = ctypes.c_float()
                raw.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
                a, b, c, d, _, _ = _compose(_matrix(obj), outer)
                scale = math.sqrt(abs(a * d - b * c))
                font = raw.FPDFTextObj_GetFont(obj)
                out.append(TextRun(index, _text_of(obj, textpage), round(size.value * scale, 2),
                                   _font_name(font), bool(raw.FPDFFont_GetIsEmbedded(font)),
                                   _page_box(obj, outer)))
    finally:
        document.close()
    return out


def ink(image) -> float:
    """Mean ink coverage of a grey image: 0 = bare paper, 1 = solid black."""
    histogram = image.histogram()
    total = sum(histogram)
    return sum((255 - level) * n for level, n in enumerate(histogram)) / (255 * total)


def viewer_preferences(path: Path) -> dict[str, str]:
    """The /ViewerPreferences entries of a PDF (names only), read from its bytes."""
    data = path.read_bytes()
    # reportlab writes the dictionary uncompressed; accept compressed streams too
    texts = [data]
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
        try:
            texts.append(zlib.decompress(m.group(1)))
        except zlib.error:
            continue
    for text in texts:
        m = re.search(rb"/ViewerPreferences\s+(\d+)\s+0\s+R", text)
        if m:
            obj = re.search(rb"\b" + m.group(1) + rb"\s+0\s+obj\s*<<(.*?)>>", data, re.S)
            if obj:
                return {k.decode(): v.decode() for k, v in
                        re.findall(rb"/(\w+)\s*/(\w+)", obj.group(1))}
        m = re.search(rb"/ViewerPreferences\s*<<(.*?)>>", text, re.S)
        if m:
            return {k.decode(): v.decode() for k, v in re.findall(rb"/(\w+)\s*/(\w+)", m.group(1))}
    return {}


_TOKEN = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|\[|\]|<<|>>|/[^\s/\[\]()<>]+|"
                    rb"[^\s/\[\]()<>]+")
_FILLS = {b"rg", b"k", b"g", b"sc", b"scn"}


def text_fills(path: Path) -> set[tuple[str, tuple[float, ...]]]:
    """The fill colours text is drawn in, as (operator, operands): `("k", (0, 0,
    0, 1))` for pure black ink, `("rg", (r, g, b))` for RGB. Read from every
    decompressed content stream of the file: the fill in force (q/Q nesting
    followed) at each text object (BT)."""
    data = path.read_bytes()
    found: set[tuple[str, tuple[float, ...]]] = set()
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
        try:
            stream = zlib.decompress(m.group(1))
        except zlib.error:
            continue
        if b"BT" not in stream:
            continue
        fill: tuple[str, tuple[float, ...]] | None = None
        saved: list = []
        operands: list[bytes] = []
        for token in _TOKEN.findall(stream):
            if token[:1].isalpha() or token in (b"'", b'"'):
                if token == b"q":
                    saved.append(fill)
                elif token == b"Q":
                    fill = saved.pop() if saved else None
                elif token in _FILLS:
                    try:
                        fill = (token.decode(), tuple(float(v) for v in operands))
                    except ValueError:
                        fill = (token.decode(), ())
                elif token == b"BT" and fill is not None:
                    found.add(fill)
                operands = []
            else:
                operands.append(token)
    return found


def page_objects(path: Path, index: int) -> list[tuple[int, Box, int]]:
    """(kind, box in mm from the top-left, straight segments) of every top-level
    object of a page; a path's box is that of its points (not its stroke)."""
    document = pdfium.PdfDocument(str(path))
    try:
        page = document[index]
        height = page.get_height()
        out = []
        for i in range(raw.FPDFPage_CountObjects(page.raw)):
            obj = raw.FPDFPage_GetObject(page.raw, i)
            kind = raw.FPDFPageObj_GetType(obj)
            lines = 0
            if kind == raw.FPDF_PAGEOBJ_PATH:
                m = raw.FS_MATRIX()
                raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(m))
                xs, ys = [], []
                for k in range(raw.FPDFPath_CountSegments(obj)):
                    seg = raw.FPDFPath_GetPathSegment(obj, k)
                    lines += raw.FPDFPathSegment_GetType(seg) == raw.FPDF_SEGMENT_LINETO
                    x, y = ctypes.c_float(), ctypes.c_float()
                    raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
                    xs.append((m.a * x.value + m.c * y.value + m.e) * MM_PER_PT)
                    ys.append((height - (m.b * x.value + m.d * y.value + m.f)) * MM_PER_PT)
                box = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            else:
                left, bottom, right, top = (ctypes.c_float() for _ in range(4))
                raw.FPDFPageObj_GetBounds(obj, *(ctypes.byref(v)
                                                 for v in (left, bottom, right, top)))
                box = Box(left.value * MM_PER_PT, (height - top.value) * MM_PER_PT,
                          (right.value - left.value) * MM_PER_PT,
                          (top.value - bottom.value) * MM_PER_PT)
            out.append((kind, box, lines))
        return out
    finally:
        document.close()
