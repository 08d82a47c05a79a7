"""The SVG writer's markup, byte for byte: the form svgwrite gave these files."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from throne_pnp.render.backend.layout import (
    Group,
    Line,
    Page,
    Rect,
    Style,
    Text,
    stroke,
    text_width,
)
from throne_pnp.render.backend.svg import render_svg

HEAD = ('<?xml version="1.0" encoding="utf-8" ?>\n<svg baseProfile="full" height="10mm" '
        'version="1.1" viewBox="0 0 20 10" width="20mm" xmlns="http://www.w3.org/2000/svg" '
        'xmlns:ev="http://www.w3.org/2001/xml-events" '
        'xmlns:xlink="http://www.w3.org/1999/xlink">')


def test_shapes_clips_and_empty_groups(tmp_path: Path) -> None:
    page = Page(20, 10, [
        Rect(1, 2, 3.5, 4, Style("#ff0000", None, 0.0), r=0.25),
        Group((Line(0, 0, 1.0004, 1, stroke(width=0.5, dash=(1, 0.5))),), dx=1, clip=(0, 0, 2, 2)),
        Group((Group((), clip=(1, 1, 1, 1)),), rotate=90),
        Group(()),
    ])
    text = render_svg(page, tmp_path / "a.svg", "Tom & <Jerry>").read_text("utf-8")
    assert text == (
        HEAD + "<title>Tom &amp; &lt;Jerry&gt;</title>"
        '<defs><clipPath id="clip1"><rect height="2" width="2" x="0" y="0" /></clipPath>'
        '<clipPath id="clip2"><rect height="1" width="1" x="1" y="1" /></clipPath></defs>'
        '<rect fill="#ff0000" height="4" rx="0.25" width="3.5" x="1" y="2" />'
        '<g transform="translate(1 0)"><g clip-path="url(#clip1)">'
        '<line fill="none" stroke="#000000" stroke-dasharray="1 0.5" stroke-width="0.5" '
        'x1="0" x2="1" y1="0" y2="1" /></g></g>'
        '<g transform="rotate(90)"><g><g clip-path="url(#clip2)" /></g></g>'
        "<g /></svg>")


def _svgwrite_text(item: Text, attrs: dict[str, str]) -> str:
    """The same <text> as svgwrite (the independent reference) writes it."""
    import svgwrite

    dwg = svgwrite.Drawing(debug=False)
    return dwg.text(item.text, insert=(attrs["x"], attrs["y"]),
                    **{k: v for k, v in attrs.items() if k not in "xy"}).tostring()


@settings(max_examples=40, deadline=None)
@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12),
       st.sampled_from(["start", "middle", "end"]), st.booleans(), st.booleans())
def test_text_matches_svgwrite(tmp_path_factory, words: str, anchor: str, bold: bool,
                               italic: bool) -> None:
    item = Text(2.5, 3, words, 8, anchor, bold, italic, "#123456")
    path = tmp_path_factory.mktemp("t") / "t.svg"
    text = render_svg(Page(20, 10, [item]), path, "t").read_text("utf-8")
    width = f"{text_width(words, 8, bold, italic):.3f}".rstrip("0").rstrip(".")
    attrs = {"x": "2.5", "y": "3", "font-size": "2.822", "font-family":
             "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif", "fill": "#123456",
             "textLength": "0" if width == "-0" else width, "lengthAdjust": "spacingAndGlyphs"}
    if anchor != "start":
        attrs["text-anchor"] = anchor
    if bold:
        attrs["font-weight"] = "bold"
    if italic:
        attrs["font-style"] = "oblique"
    assert text == HEAD + "<title>t</title><defs />" + _svgwrite_text(item, attrs) + "</svg>"
