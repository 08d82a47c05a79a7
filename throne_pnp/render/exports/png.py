"""PNG export for print-on-demand: one 300 dpi image per card face and the back.

Each is drawn as its own PDF page of the service's pixel box (`PODS`) and rasterised
with pypdfium2 (the optional [png] extra); a box larger than the 3 mm bleed is filled
with the card's own edge colour, the trim centred."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from throne_pnp.content import Card, Content
from throne_pnp.errors import ThroneError
from throne_pnp.render.backend.layout import Group, Page, Rect, fill
from throne_pnp.render.components import cards
from throne_pnp.render.components.sheets import CARD_H, CARD_W

DPI = 300
PODS: dict[str, tuple[int, int]] = {"": (815, 1110), "mpc": (822, 1122), "tgc": (825, 1125)}
INSTALL_HINT = 'PNG export needs pypdfium2 and Pillow: pip install "throne_pnp[png]"'


class MissingExtra(ThroneError):
    """An optional dependency is not installed; the message says what to install."""


def require() -> None:
    """Raise MissingExtra (one line naming the pip command) unless the [png] extra is there."""
    try:
        import PIL  # noqa: F401
        import pypdfium2  # noqa: F401
    except ImportError as exc:
        raise MissingExtra(INSTALL_HINT) from exc


def face_page(shapes: tuple, edge: str, pod: str = "", name: str = "",
              box: tuple[float, float] | None = None) -> Page:
    """One card (trim-coordinate shapes) centred on a page of the service's box (or of `box`, w
    x h mm), the margin beyond the drawn 3 mm bleed filled with `edge`."""
    if box is None:   # the service's image size in mm ("": a plain 3 mm bleed)
        if pod not in PODS:
            raise ValueError(f"unknown print-on-demand service {pod!r}; use mpc or tgc")
        box = (PODS[pod][0] / DPI * 25.4, PODS[pod][1] / DPI * 25.4)
    w, h = box
    dx, dy = (w - CARD_W) / 2, (h - CARD_H) / 2
    page = Page(w, h, name=name)
    page.add(Rect(0, 0, w, h, fill(edge)), Group(shapes, dx, dy))
    return page


def card_images(content: Content, pod: str = "", ink_saver: bool = False,
                back: str = "light") -> list[tuple[str, Page]]:
    """(file name, page) for every face (card-NN.png) and back.png."""
    digits = max(2, len(str(max(c.id for c in content.cards))))
    faces = [(f"card-{card.id:0{digits}d}.png",
              face_page(cards.card_front(card, ink_saver), front_edge(card, ink_saver), pod,
                        f"card-{card.id}")) for card in content.cards]
    return faces + [("back.png", face_page(cards.card_back(ink_saver, style=back),
                                           cards.back_edge(ink_saver, back), pod, "back"))]


def front_edge(card: Card, ink_saver: bool) -> str:
    """The colour at a face's outer edge (what a wider bleed continues)."""
    if ink_saver:
        return cards.WHITE
    return cards.HARD if card.hard else cards.RUST


def rasterise(pages: list[Page], sizes: list[tuple[int, int]], dpi: float,
              title: str = "card faces") -> list:
    """Each page drawn through our PDF renderer and rasterised with pypdfium2 at
    `dpi`, as an RGB Pillow image of its size in `sizes` (the build's one raster path)."""
    require()
    import tempfile

    import pypdfium2 as pdfium

    from throne_pnp.render.backend.pdf import render_pdf

    images = []
    with tempfile.TemporaryDirectory() as tmp:
        source = render_pdf(pages, Path(tmp) / "pages.pdf", title)
        document = pdfium.PdfDocument(str(source))
        try:
            for index, size in enumerate(sizes):
                image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
                if image.size != size:
                    # the page box rounds to 0.01 pt; trim (or pad) the odd pixel of bleed
                    image = image.crop((0, 0, *size))
                images.append(image)
        finally:
            document.close()
    return images


def write_png(path: Path, image: Any, **options: Any) -> Path:
    """One PNG written whole by the one writer (`throne_pnp.writing`)."""
    from throne_pnp.writing import write_with

    return write_with(path, lambda handle: image.save(handle, format="PNG", **options))


def write_pngs(content: Content, folder: Path, pod: str = "", ink_saver: bool = False,
               back: str = "light") -> list[Path]:
    """Rasterise every face and the back into `folder`; return the written paths (stale
    card-*.png files, of a card removed from the deck, are deleted)."""
    folder = Path(folder)
    images = card_images(content, pod, ink_saver, back)
    rasters = rasterise([page for _, page in images], [PODS[pod]] * len(images), DPI)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for (name, _), image in zip(images, rasters, strict=True):
        written.append(write_png(folder / name, image, dpi=(DPI, DPI), optimize=False))
    names = {name for name, _ in images}
    for stale in sorted(folder.glob("card-*.png")):
        if stale.name not in names:
            stale.unlink()
    return written
