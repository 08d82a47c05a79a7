"""Test helpers for the render tests: edited copies of the default edition,
the text of a PDF's pages, and the text and bounds of laid-out shapes.

Import from a test as `from editions import ...` (pytest puts tests/ on
`sys.path`, as for `boards.py` and `printcheck.py`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import yaml

from throne_pnp.content import default_content_dir
from throne_pnp.render.backend.layout import Icon, Text, text_width, walk


def edited(tmp_path: Path, change, examples: bool = False) -> Path:
    """A copy of the default content with map.yaml's data changed by `change`.

    The worked examples are written for the default map, so the copy leaves
    them out (examples.yaml and the booklet's `@example` lines) unless
    `examples` is true."""
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    data = yaml.safe_load((target / "map.yaml").read_text())
    change(data)
    (target / "map.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    if not examples:
        (target / "examples.yaml").unlink(missing_ok=True)
        rules = (target / "rules.txt").read_text()
        (target / "rules.txt").write_text("".join(
            line for line in rules.splitlines(keepends=True)
            if not line.startswith("@example")))
    return target


def with_sea_crossing(tmp_path: Path) -> Path:
    """A copy of the default content where territories 1 and 3 are
    neighbours over a drawn sea crossing; map.yaml is edited as text, so the
    rest of the file stays as the edition writes it."""
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    text = (target / "map.yaml").read_text()
    text = text.replace("    adjacent: [2, 5]\n", "    adjacent: [2, 3, 5]\n", 1)
    text = text.replace("    adjacent: [5, 6]\n", "    adjacent: [1, 5, 6]\n", 1)
    text = text.replace("  lakes:\n", "  crossings: [[1, 3]]\n  lakes:\n", 1)
    (target / "map.yaml").write_text(text)
    return target


def without_drawing(data: dict) -> None:
    """Strip the map's drawing data (an owner's quick transcription of a map)."""
    data.pop("drawing", None)
    for body in data["territories"].values():
        for key in ("shape", "label", "cubes"):
            body.pop(key, None)


def texts_of(items) -> str:
    """Every text run of `items` (groups walked), joined by spaces."""
    return " ".join(t.text for t, _, _ in walk(items) if isinstance(t, Text))


def inside(items, x0: float, y0: float, x1: float, y1: float) -> None:
    """Assert every text run and icon lies in the box and no text is under 6 pt."""
    for item, dx, dy in walk(items):
        if isinstance(item, Text):
            w = text_width(item.text, item.size, item.bold, item.italic, item.mono)
            left = item.x + dx - {"start": 0, "middle": w / 2, "end": w}[item.anchor]
            assert x0 <= left and left + w <= x1 and y0 <= item.y + dy <= y1, item
            assert item.size >= 6.0, item
        elif isinstance(item, Icon):
            assert x0 <= item.x + dx and item.x + dx + item.size <= x1, item
            assert y0 <= item.y + dy and item.y + dy + item.size <= y1, item


def page_texts(path: Path) -> list[str]:
    """The text of every page of a PDF, read back with pypdfium2."""
    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()
