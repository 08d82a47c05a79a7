"""Write the map previews: docs/previews/map.png and map-with-cubes.png.

map.png is the A4 map sheet as printed, at a low resolution (--dpi). The
photo-like map-with-cubes.png that shows real cubes fit: the map page of the default
edition is laid out as `throne build` lays it out, a mid-game position is put
on it as 10 mm cubes drawn at true scale (the King's dark, the player's
light, each with a shadow and bevelled edges; a stack beyond the five spaces
goes on the territory's open ground), and the page is rasterised with
pypdfium2 and set on a table with a soft paper shadow.

Usage: python scripts/make_map_preview.py [--dpi 60] [--cubes-dpi 90] [--out docs/previews]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CUBE = 10.0           # mm: the cube drawn at true scale
KING = ("#5b1a16", "#7d2a23", "#3a0f0c")      # face, light edge, dark edge
PLAYER = ("#e2b446", "#f3d27c", "#a9802a")
# a mid-game position: territory -> cubes (the player's 5 has two more than its row)
POSITION = {"king": {3: 2, 7: 5, 8: 1, 9: 3, 4: 2}, "player": {1: 2, 2: 1, 5: 7}}


def cube(x: float, y: float, colours: tuple[str, str, str]) -> list:
    """A 10 mm cube seen from above at (x, y): shadow, face, bevelled edges."""
    from throne_pnp.render.backend.layout import Poly, Rect, fill

    face, light, dark = colours
    b = 1.1    # bevel
    s = CUBE
    return [
        Rect(x + 0.9, y + 1.1, s, s, fill("#4a4036"), r=0.8),
        Rect(x, y, s, s, fill(dark), r=0.7),
        Poly(((x, y), (x + s, y), (x + s - b, y + b), (x + b, y + b),
              (x + b, y + s - b), (x, y + s)), fill(light)),
        Rect(x + b, y + b, s - 2 * b, s - 2 * b, fill(face), r=0.3),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=60, help="map.png resolution (default 60)")
    parser.add_argument("--cubes-dpi", type=int, default=90,
                        help="map-with-cubes.png resolution (default 90)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "previews",
                        help="folder (default docs/previews)")
    opts = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    try:
        import pypdfium2 as pdfium
        from PIL import Image, ImageFilter
    except ImportError:
        print("the preview needs the [png] extra: pip install 'throne_pnp[png]'",
              file=sys.stderr)
        return 2
    from throne_pnp.content import load_content
    from throne_pnp.render.backend.layout import Group
    from throne_pnp.render.backend.mapgeom import free_square
    from throne_pnp.render.backend.pdf import render_pdf
    from throne_pnp.render.components import sheets
    from throne_pnp.render.components.board.land import BORDER_W
    from throne_pnp.render.components.board.territories import territory_geometry
    from throne_pnp.render.components.mapsheet import map_sheets
    from throne_pnp.render.components.sheets import stamp_text

    content = load_content(ROOT / "content")
    (sheet,) = map_sheets(content, "a4")
    sheets.stamp_pages([sheet.page], stamp_text(content))
    opts.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        plain = render_pdf([sheet.page], Path(tmp) / "map.pdf", "map")
        document = pdfium.PdfDocument(str(plain))
        document[0].render(scale=opts.dpi / 72).to_pil().convert("RGB").quantize(
            256, method=Image.Quantize.MEDIANCUT).save(opts.out / "map.png", optimize=True)
        document.close()
    print(f"wrote {opts.out / 'map.png'} ({(opts.out / 'map.png').stat().st_size // 1024} KB)")
    s = sheet.scale
    cubes: list = []
    for terr in territory_geometry(content):
        rows = {"king": terr.spaces[:5], "player": terr.spaces[5:]}
        for side, colours in (("king", KING), ("player", PLAYER)):
            count = POSITION[side].get(terr.number, 0)
            for box in rows[side][:count]:
                cx, cy = sheet.dx + (box.x + box.w / 2) * s, sheet.dy + (box.y + box.h / 2) * s
                cubes += cube(cx - CUBE / 2, cy - CUBE / 2, colours)
            extra = count - len(rows[side])
            if extra > 0:     # the rest stand on the open ground, side by side
                taken = list(terr.spaces + terr.markers) + [b.grow(1) for b in terr.labels]
                spot = free_square(terr.polygon, 16, 2 + BORDER_W / 2, taken)
                assert spot is not None
                for k in range(extra):
                    x = sheet.dx + spot.x * s + 1 + k * (CUBE + 1.5) * 0.55
                    y = sheet.dy + spot.y * s + 1 + k * (CUBE + 1.5) * 0.35
                    cubes += cube(x, y, colours)
    sheet.page.add(Group(tuple(cubes), tag="cubes"))
    with tempfile.TemporaryDirectory() as tmp:
        pdf = render_pdf([sheet.page], Path(tmp) / "map.pdf", "map with cubes")
        document = pdfium.PdfDocument(str(pdf))
        paper = document[0].render(scale=opts.cubes_dpi / 72).to_pil().convert("RGB")
        document.close()
    # the sheet on a table: slightly turned, with a soft shadow
    rng = random.Random(7)
    pad = int(paper.width * 0.05)
    w, h = paper.width + 2 * pad, paper.height + 2 * pad
    table = Image.new("RGB", (w, h), (122, 88, 58))
    grain = Image.effect_noise((w // 4, h), 18).resize((w, h)).convert("L")
    table = Image.composite(table, Image.new("RGB", (w, h), (104, 73, 47)), grain)
    turned = paper.convert("RGBA").rotate(-1.2, expand=True, resample=Image.BICUBIC)
    shadow = Image.new("RGBA", turned.size, (0, 0, 0, 0))
    shadow.putalpha(turned.getchannel("A").point(lambda a: a * 0.55))
    shadow = shadow.filter(ImageFilter.GaussianBlur(pad // 4))
    ox = (w - turned.width) // 2
    oy = (h - turned.height) // 2
    table.paste((20, 14, 8), (ox + pad // 5, oy + pad // 4), shadow)
    table.paste(turned, (ox + rng.randint(-2, 2), oy), turned)
    # 256 colours keep the PNG small enough for the README
    target = opts.out / "map-with-cubes.png"
    table.quantize(256, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)
    print(f"wrote {target} ({target.stat().st_size // 1024} KB), "
          f"cubes {CUBE:g} mm = {CUBE * opts.cubes_dpi / 25.4:.0f} px")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
