"""Write PNG previews of the card sheets and the rules to docs/previews/.

Builds the A4 PDFs of the default edition into a temporary directory and
rasterises the first card sheet (fronts), the first back sheet, the first
three pages of the rules booklet (the examples page at 1.5 times the resolution,
to be read), and the print guide and extras sheet of the pack with pypdfium2 (the
[png] extra) at a low resolution, so the PNGs stay small enough to commit and
show in the README, plus a close-up of two fronts and their backs at
print-like sharpness, and the Tabletop Simulator deck sheets of
`throne build --format tts` side by side (tts-sheets.png), and the three card
backs (light, dark, ink saver) side by side (card-back-styles.png). The map previews
come from scripts/make_map_preview.py.

Usage: python scripts/make_previews.py [--dpi 60] [--content DIR]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PREVIEWS = (          # (pdf, page index, png name)
    ("cards.pdf", 0, "cards-fronts.png"),
    ("cards.pdf", 1, "cards-backs.png"),
    ("rules.pdf", 0, "rules.png"),               # the booklet's cover,
    ("rules.pdf", 2, "rules-turn.png"),          # the turn at a glance,
    ("rules.pdf", 3, "rules-examples.png"),      # worked examples drawn by the engine
    ("print-and-play.pdf", 0, "guide.png"),      # the pack opens with the print guide
    ("print-and-play.pdf", -1, "extras.png"),    # and ends with the extras (default build)
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=60, help="resolution (default 60)")
    parser.add_argument("--content", type=Path, default=ROOT / "content")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "previews")
    opts = parser.parse_args()
    try:
        import pypdfium2 as pdfium
        from PIL import Image
    except ImportError:
        print('previews need the [png] extra: pip install "throne_pnp[png]"', file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    from throne_pnp.content import load_content
    from throne_pnp.render.build import build
    from throne_pnp.render.components.sheets import BLEED, CARD_H, CARD_W, card_grid

    opts.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        build(load_content(opts.content), Path(tmp), papers=("a4",), formats=("pdf",))

        def page_image(pdf: str, index: int, dpi: int):
            document = pdfium.PdfDocument(str(Path(tmp) / "a4" / pdf))
            try:
                index = index % len(document)      # -1: the last page
                return document[index].render(scale=dpi / 72).to_pil().convert("RGB")
            finally:
                document.close()

        for pdf, index, name in PREVIEWS:
            dpi = opts.dpi * 3 // 2 if name == "rules-examples.png" else opts.dpi   # legible
            _save(page_image(pdf, index, dpi), opts.out / name)
        # a close-up: the first two fronts beside their backs, at 120 dpi
        grid, dpi = card_grid("a4"), 120
        px = dpi / 25.4
        left, top = (grid.x0 - BLEED) * px, (grid.y0 - BLEED) * px
        w, h = (2 * CARD_W + BLEED + 1) * px, (CARD_H + BLEED + 1) * px
        fronts = page_image("cards.pdf", 0, dpi).crop(
            (round(left), round(top), round(left + w), round(top + h)))
        # the backs of the first two fronts sit mirrored, in the right-hand columns
        right = (grid.x0 + 3 * CARD_W + BLEED) * px
        backs = page_image("cards.pdf", 1, dpi).crop(
            (round(right - w), round(top), round(right), round(top + h)))
        gap = round(4 * px)
        sheet = Image.new("RGB", (fronts.width + gap + backs.width, fronts.height), "white")
        sheet.paste(fronts, (0, 0))
        sheet.paste(backs, (fronts.width + gap, 0))
        _save(sheet, opts.out / "card-closeup.png")
        # the two player aid cards of the pack's extras sheet, at the same 120 dpi
        from throne_pnp.render.backend.layout import find_tagged
        from throne_pnp.render.components.extras import extras_pages

        extras = extras_pages(load_content(opts.content), "a4")[0]
        (aid, ox, oy), = find_tagged(extras.items, "aid-turn")
        x, y = (aid.dx + ox - 1.0) * px, (aid.dy + oy - 1.0) * px
        aids = page_image("print-and-play.pdf", -1, dpi).crop(
            (round(x), round(y), round(x + (2 * CARD_W + 2.0) * px),
             round(y + (CARD_H + 2.0) * px)))
        _save(aids, opts.out / "pack-aids.png")
        _save(_tts_sheets(load_content(opts.content), Path(tmp) / "tts"),
              opts.out / "tts-sheets.png")
        _save(_back_styles(Path(tmp), dpi=100), opts.out / "card-back-styles.png")
    return 0


def _back_styles(folder: Path, dpi: int):
    """The light, dark and ink-saver backs side by side, with their bleed."""
    import pypdfium2 as pdfium

    from throne_pnp.render.backend.layout import Group, Page
    from throne_pnp.render.backend.pdf import render_pdf
    from throne_pnp.render.components.cards import card_back
    from throne_pnp.render.components.sheets import BLEED, CARD_H, CARD_W

    gap = 4.0
    items = [Group(card_back(ink_saver, style=style), BLEED + k * (CARD_W + 2 * BLEED + gap),
                   BLEED) for k, (style, ink_saver) in
             enumerate((("light", False), ("dark", False), ("light", True)))]
    page = Page(3 * (CARD_W + 2 * BLEED) + 2 * gap, CARD_H + 2 * BLEED, items)
    path = render_pdf([page], folder / "backs.pdf", "backs")
    document = pdfium.PdfDocument(str(path))
    try:
        return document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def _tts_sheets(content, folder: Path, width: int = 1100):
    """The normal and the hard deck sheets of the TTS export, side by side and
    scaled down to `width` px, on a table-grey ground."""
    from PIL import Image

    from throne_pnp.render.exports.tts import write_tts

    write_tts(content, folder, map_px=400)
    sheets = [Image.open(folder / name).convert("RGB")
              for name in ("cards-normal.png", "cards-hard.png") if (folder / name).exists()]
    gap = 40
    whole = Image.new("RGB", (sum(s.width for s in sheets) + gap * (len(sheets) + 1),
                              max(s.height for s in sheets) + 2 * gap), "#5a5550")
    x = gap
    for sheet in sheets:
        whole.paste(sheet, (x, gap))
        x += sheet.width + gap
    return whole.resize((width, round(whole.height * width / whole.width)),
                        Image.Resampling.LANCZOS)


PALETTE = {"cards-backs.png": 48, "card-back-styles.png": 48}   # a lattice packs badly


def _save(image, target: Path) -> None:
    if target.name in PALETTE:
        image = image.quantize(PALETTE[target.name])
    image.save(target, format="PNG", optimize=True)
    shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
    print(f"wrote {shown} ({target.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    raise SystemExit(main())
