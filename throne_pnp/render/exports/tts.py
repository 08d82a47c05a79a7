"""`throne build --format tts`: the game for Tabletop Simulator, in `output/tts/`.

Deck sheets (`cards-normal.png`, `cards-hard.png`, continued on `-2` ... when full), `back.png`,
`map.png` and the saved object (`tts_save`) naming them by `file:///` path or under `url_base`.
Faces are cut at the trim into grids within TTS's limits, the back in each sheet's last slot."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, urlsplit

from throne_pnp.content import Card, Content
from throne_pnp.render.backend.layout import Page
from throne_pnp.render.components import cards
from throne_pnp.render.components.board.territories import map_items, territory_geometry
from throne_pnp.render.components.sheets import CARD_H, CARD_W
from throne_pnp.render.exports import png, tts_save
from throne_pnp.writing import write_bytes

SAVE_FILE = "A Rusty Throne.json"
MAX_SIDE = 4096              # TTS's texture limit, px
COLS = (2, 10)               # a sheet's grid, as TTS's deck import allows
ROWS = (2, 7)
CARD_PX_PER_MM = 8.0         # 504 x 704 px a card (about 200 dpi)
MAP_PX = 3200                # the map image's long side
BLANK = "#ffffff"            # unused slots
PNG_LEVEL = 3                # zlib level: about as small as 6, in half the time


def check_url_base(url: str) -> str:
    """`url` if it is an http(s) URL with a host, else ValueError saying so."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"--tts-url-base must be an http:// or https:// URL such as "
                         f"https://example.org/throne/ (got {url!r})")
    return url


def cell_size(px_per_mm: float = CARD_PX_PER_MM) -> tuple[int, int]:
    """One card's cell on a sheet, in px (the card at its trim)."""
    return round(CARD_W * px_per_mm), round(CARD_H * px_per_mm)


def grid_for(count: int, cell: tuple[int, int]) -> tuple[int, int]:
    """(cols, rows) for `count` cards and the free last slot: fewest slots, then rows."""
    cw, ch = cell
    options = [(cols * rows, rows, cols) for cols in range(COLS[0], COLS[1] + 1)
               for rows in range(ROWS[0], ROWS[1] + 1)
               if cols * cw <= MAX_SIDE and rows * ch <= MAX_SIDE and cols * rows > count]
    if not options:
        raise ValueError(f"{count} cards of {cw} x {ch} px do not fit one sheet")
    _, rows, cols = min(options)
    return cols, rows


def per_sheet(cell: tuple[int, int]) -> int:
    """How many cards one sheet holds at this cell size (its last slot stays free)."""
    cw, ch = cell
    cols = min(COLS[1], MAX_SIDE // cw)
    rows = min(ROWS[1], MAX_SIDE // ch)
    if cols < COLS[0] or rows < ROWS[0]:
        raise ValueError(f"a card of {cw} x {ch} px is too large for a TTS sheet")
    return cols * rows - 1


def deck_chunks(deck: tuple[Card, ...], cell: tuple[int, int]) -> list[tuple[Card, ...]]:
    """The deck's cards split into sheets, in deck order."""
    size = per_sheet(cell)
    return [deck[i:i + size] for i in range(0, len(deck), size)]


def card_page(shapes: tuple, edge: str) -> Page:
    # the card at its trim: the page box cuts the drawn bleed away
    return png.face_page(shapes, edge, box=(CARD_W, CARD_H))


def map_drawing_page(content: Content, ink_saver: bool, map_px: int
              ) -> tuple[Page, tuple[int, int], float]:
    """The map's drawing on a page of its own size, its image size and dpi."""
    w, h = content.map.drawing.size  # type: ignore[union-attr]
    px_per_mm = map_px / max(w, h)
    page = Page(w, h, name="tts-map")
    page.extend(map_items(content, ink_saver, sea=True))
    return page, (round(w * px_per_mm), round(h * px_per_mm)), px_per_mm * 25.4


def _spaces(content: Content) -> dict:
    """Each territory's King's and player's space centres, in drawing mm."""
    limit = content.map.king_limit
    out = {}
    for geo in territory_geometry(content):
        centres = tuple((b.x + b.w / 2, b.y + b.h / 2) for b in geo.spaces)
        out[geo.number] = (centres[:limit], centres[limit:])
    return out


def _sheet_image(faces: list, back_image, cols: int, rows: int, cell: tuple[int, int]):
    """The faces in slot order, row by row, and the back in the last slot."""
    from PIL import Image

    cw, ch = cell
    sheet = Image.new("RGB", (cols * cw, rows * ch), BLANK)
    for slot, face in enumerate(faces):
        sheet.paste(face, ((slot % cols) * cw, (slot // cols) * ch))
    last = cols * rows - 1
    sheet.paste(back_image, ((last % cols) * cw, (last // cols) * ch))
    return sheet


def _url(path: Path, url_base: str | None) -> str:
    if url_base is None:
        return path.resolve().as_uri()
    return url_base.rstrip("/") + "/" + quote(path.name)


def write_tts(content: Content, folder: Path, url_base: str | None = None,
              ink_saver: bool = False, back: str = "light", notes: list[str] | None = None,
              px_per_mm: float = CARD_PX_PER_MM, map_px: int = MAP_PX) -> list[Path]:
    """Write the sheets, the back, the map and the saved object into `folder`;
    return the written paths (the JSON last). `notes` receives what was skipped."""
    png.require()
    if url_base is not None:
        check_url_base(url_base)
    folder = Path(folder)
    cell = cell_size(px_per_mm)
    decks = [(role, title, deck) for role, title, deck in (
        ("normal", "Action cards", content.normal_cards),
        ("hard", "Hard cards (skull)", content.hard_cards)) if deck]
    faces = list(content.cards)
    pages = [card_page(cards.card_front(c, ink_saver), png.front_edge(c, ink_saver))
             for c in faces]
    pages.append(card_page(cards.card_back(ink_saver, style=back),
                            cards.back_edge(ink_saver, back)))
    images = png.rasterise(pages, [cell] * len(pages), px_per_mm * 25.4,
                           "Tabletop Simulator card faces")
    face_of = {c.id: image for c, image in zip(faces, images, strict=False)}
    back_image = images[-1]
    drawable = content.map.drawable
    if drawable:
        map_page, map_size, map_dpi = map_drawing_page(content, ink_saver, map_px)
        map_image = png.rasterise([map_page], [map_size], map_dpi, "Tabletop Simulator map")[0]

    folder.mkdir(parents=True, exist_ok=True)
    back_path = png.write_png(folder / "back.png", back_image, compress_level=PNG_LEVEL)
    written = [back_path]
    key = 0
    table_decks: list[tts_save.Deck] = []
    for role, title, deck in decks:
        sheets: list[tts_save.Sheet] = []
        for number, chunk in enumerate(deck_chunks(deck, cell), start=1):
            key += 1
            cols, rows = grid_for(len(chunk), cell)
            sheet = _sheet_image([face_of[c.id] for c in chunk], back_image, cols, rows, cell)
            name = f"cards-{role}.png" if number == 1 else f"cards-{role}-{number}.png"
            path = png.write_png(folder / name, sheet, compress_level=PNG_LEVEL)
            written.append(path)
            sheets.append(tts_save.Sheet(key, _url(path, url_base), _url(back_path, url_base),
                                         cols, rows, tuple(chunk)))
        table_decks.append(tts_save.Deck(role, title, tuple(sheets)))
    board = None
    map_path = folder / "map.png"
    if drawable:
        png.write_png(map_path, map_image, compress_level=PNG_LEVEL)
        written.append(map_path)
        board = tts_save.Board(_url(map_path, url_base), content.map.drawing.size,  # type: ignore[union-attr]
                               map_image.size, _spaces(content))
    else:
        map_path.unlink(missing_ok=True)
        if notes is not None:
            notes.append("TTS map skipped: map.yaml has no complete drawing data; every "
                         "cube waits in the supply rows")
    keep = {p.name for p in written}
    for stale in sorted(folder.glob("cards-*.png")):
        if stale.name not in keep:
            stale.unlink()
    save_path = folder / SAVE_FILE
    text = tts_save.dumps(tts_save.saved_object(content, table_decks, board))
    write_bytes(save_path, text.encode("utf-8"))     # "\n" line ends on every system
    written.append(save_path)
    return written


