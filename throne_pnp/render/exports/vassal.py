"""`throne build --format vassal`: the game as a VASSAL module, `output/vassal/`.

Writes `A Rusty Throne.vmod`, a zip of `buildFile.xml`, `moduledata`,
`rules.pdf` (the booklet, the module's help) and `images/`: `board.png` (the
map drawing with a table strip right of it), every card face, the back and a
cube of each side, all at one scale (PX_PER_MM) so they keep their printed
sizes. Element and attribute names are those of VASSAL's reference manual
(the classes of `VASSAL.build...`). Each territory is a Zone with its
outline, whose irregular grid (RegionGrid) has a Region on every cube space,
named after the territory: a cube snaps to a space and the log names the
territory. Cubes are pieces (a BasicPiece with a Delete trait), cards carry a
Mask (Obscurable) showing the back; the decks are DrawPiles, the setup and
the supplies at-start stacks (SetupStack).

The bytes depend on the content alone: entries sorted, every entry dated
1980-01-01, `dateSaved` from the edition's stamp date. An edition without
drawing data gets a board of the table strip only (a note says so), its
cubes all in the supply stacks.
"""

from __future__ import annotations

import io
import tempfile
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from throne_pnp import __version__
from throne_pnp.content import Card, Content
from throne_pnp.render.backend.pdf import render_pdf
from throne_pnp.render.components import booklet, cards, sheets
from throne_pnp.render.components.board.territories import territory_geometry
from throne_pnp.render.components.sheets import CARD_H, CARD_W, GAME_TITLE, stamp_date
from throne_pnp.render.exports import png, tts
from throne_pnp.render.exports.tts_save import CUBE_MM, KING_COLOR, PLAYER_COLOR, card_nickname
from throne_pnp.writing import write_bytes

MODULE_FILE = "A Rusty Throne.vmod"
PX_PER_MM = 6.0                # a card 378 x 528 px, a cube 60 px
GAP_MM = 6.0                   # between the things on the table strip
TABLE_COLOR = "#d9d2c3"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
SKIPPED = ("VASSAL board without the map: map.yaml has no complete drawing data; the "
           "decks and every cube wait on the table strip")


VASSAL_VERSION = "3.7.0"          # the release whose reference manual this follows
MODULE = "VASSAL.build.module."
BOARD = "Board"
MAP_NAME = "Table"
DECKS = {"normal": "Action cards", "hard": "Hard cards (skull)"}
DISCARD = "Discard pile"
SIDES = {"king": "The King's cube", "player": "Your cube"}
MOVE_REPORT = "$pieceName$ moves $previousLocation$ → $location$"
CTRL_F, CTRL_D = "70,130", "68,130"     # VASSAL's key stroke encoding: key code, modifiers


@dataclass(frozen=True)
class Territory:
    """A territory on the board image, in px: its outline and its cube spaces
    (the King's first, then the player's)."""

    number: int
    name: str
    outline: tuple[tuple[int, int], ...]
    spaces: tuple[tuple[int, int], ...]
    king_spaces: int


@dataclass(frozen=True)
class Table:
    """Where everything lies on the board image (px, centres)."""

    size: tuple[int, int]
    territories: tuple[Territory, ...]         # empty: the edition has no drawing
    spots: dict[str, tuple[int, int]]          # "normal", "hard", "discard", "king", "player"


def _clean(text: str) -> str:
    """A name safe inside VASSAL's piece encoding (its separators become spaces)."""
    return " ".join(text.translate(str.maketrans(";/\t\\,", "     ")).split())


def piece_text(outer: str, image: str, name: str, gpid: int) -> str:
    """A PieceSlot's text: the piece added (`+/null/type/state`), one trait around
    a BasicPiece with `image`."""
    basic = f"piece;;;{image};{_clean(name)}"
    outer_state = "null;" if outer.startswith("obs;") else ""
    return f"+/null/{outer}\t{basic}/{outer_state}\tnull;0;0;{gpid};0"


def card_piece(card: Card, gpid: int) -> str:
    mask = f"obs;{CTRL_F};back.png;Flip;P;?;;Peek"
    return piece_text(mask, card_image(card), card_nickname(card), gpid)


def cube_piece(side: str, gpid: int) -> str:
    return piece_text(f"delete;Delete;{CTRL_D}", f"cube-{side}.png", SIDES[side], gpid)


def card_image(card: Card) -> str:
    return f"card-{card.id:02d}.png"


class _Ids:
    """The module's piece slot ids (gpid), handed out in build order."""

    def __init__(self) -> None:
        self.next = 1

    def take(self) -> int:
        self.next += 1
        return self.next - 1


def _el(parent: ET.Element, cls: str, body: str | None = None, **attrs: object) -> ET.Element:
    node = ET.SubElement(parent, cls, {k: str(v) for k, v in attrs.items()})
    node.text = body
    return node


def _slot(parent: ET.Element, cls: str, name: str, text: str, gpid: int) -> None:
    _el(parent, f"VASSAL.build.widget.{cls}", text, entryName=_clean(name), gpid=gpid,
        height=0, width=0)


def _stack(parent: ET.Element, name: str, where: tuple[int, int], side: str, count: int,
           ids: _Ids) -> None:
    node = _el(parent, MODULE + "map.SetupStack", name=name, owningBoard=BOARD,
               useGridLocation="false", location="", x=where[0], y=where[1])
    for _ in range(count):
        gpid = ids.take()
        _slot(node, "PieceSlot", SIDES[side], cube_piece(side, gpid), gpid)


def _pile(parent: ET.Element, name: str, where: tuple[int, int], cards: tuple[Card, ...],
          ids: _Ids, card_size: tuple[int, int], face_down: bool, **extra: object) -> None:
    node = _el(parent, MODULE + "map.DrawPile", name=name, owningBoard=BOARD,
               x=where[0], y=where[1], width=card_size[0], height=card_size[1],
               allowMultiple="true", allowSelect="false",
               faceDown="Always" if face_down else "Never", drawFaceUp="false",
               shuffle="Always" if face_down else "Never", shuffleCommand="Shuffle",
               reversible="false", draw="true", color="0,0,0", canSave="false",
               maxStack=10, reportFormat="", **extra)
    for card in cards:
        gpid = ids.take()
        _slot(node, "CardSlot", card_nickname(card), card_piece(card, gpid), gpid)


def _board(parent: ET.Element, table: Table) -> None:
    picker = _el(parent, MODULE + "map.BoardPicker", title="Choose the board",
                 boardPrompt="Board", slotWidth=350, slotHeight=125, slotScale=0.2)
    board = _el(picker, MODULE + "map.boardPicker.Board", name=BOARD, image="board.png",
                reversible="false", width=0, height=0, color="255,255,255")
    if not table.territories:
        return
    zones = _el(board, MODULE + "map.boardPicker.board.ZonedGrid")
    for terr in table.territories:
        zone = _el(zones, MODULE + "map.boardPicker.board.mapgrid.Zone", name=terr.name,
                   locationFormat="$name$", useParentGrid="false", useHighlight="false",
                   highlightProperty="",
                   path=";".join(f"{x},{y}" for x, y in terr.outline))
        grid = _el(zone, MODULE + "map.boardPicker.board.RegionGrid", snapto="true",
                   visible="false", fontsize=9)
        for x, y in terr.spaces:
            _el(grid, MODULE + "map.boardPicker.board.Region", name=terr.name,
                originx=x, originy=y)


MAP_PARTS = ("StackMetrics", "ForwardToKeyBuffer", "Scroller", "ForwardToChatter",
             "MenuDisplayer", "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer",
             "SelectionHighlighters", "HighlightLastMoved", "CounterDetailViewer", "Zoomer")


def build_file(content: Content, table: Table, card_size: tuple[int, int]) -> bytes:
    """`buildFile.xml`: the module's components, UTF-8."""
    ids = _Ids()
    root = ET.Element("VASSAL.build.GameModule", {
        "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION,
        "description": f"{content.map.name}: the solo game, with the King played by hand",
        "name": GAME_TITLE, "nextPieceSlotId": "0", "version": __version__})
    _el(root, MODULE + "BasicCommandEncoder")
    docs = _el(root, MODULE + "Documentation")
    _el(docs, MODULE + "documentation.BrowserPDFFile", title="Rules", pdfFile="rules.pdf")
    _el(root, MODULE + "GlobalOptions", autoReport="Always", playerIdFormat="$PlayerName$")
    _el(root, MODULE + "Chatter")
    _el(root, MODULE + "KeyNamer")
    palette = _el(root, MODULE + "PieceWindow", name="Cubes", text="Cubes",
                  hidden="false", scale=1.0)
    cubes = _el(palette, "VASSAL.build.widget.ListWidget", entryName="Cubes", divider=150,
                height=0, width=0, scale=1.0)
    for side in SIDES:
        gpid = ids.take()
        _slot(cubes, "PieceSlot", SIDES[side], cube_piece(side, gpid), gpid)
    game_map = _el(root, MODULE + "Map", mapName=MAP_NAME, allowMultiple="false",
                   backgroundcolor="255,255,255", buttonName="", markMoved="Never",
                   moveWithinFormat=MOVE_REPORT, moveToFormat=MOVE_REPORT,
                   createFormat="$pieceName$ placed in $location$", edgeHeight=0, edgeWidth=0)
    _board(game_map, table)
    for part in MAP_PARTS:
        _el(game_map, MODULE + "map." + part)
    setup = {"king": content.map.setup_king, "player": content.map.setup_player}
    placed = {"king": 0, "player": 0}
    for terr in table.territories:
        for side, first in (("king", 0), ("player", terr.king_spaces)):
            count = setup[side].get(terr.number, 0)
            if count:
                _stack(game_map, f"{terr.name}: {SIDES[side].lower()}s", terr.spaces[first],
                       side, count, ids)
                placed[side] += count
    for side in SIDES:
        _stack(game_map, f"Supply: {SIDES[side].lower()}s", table.spots[side], side,
               content.map.forces - placed[side], ids)
    for role, deck in (("normal", content.normal_cards), ("hard", content.hard_cards)):
        _pile(game_map, DECKS[role], table.spots[role], deck, ids, card_size, True)
    _pile(game_map, DISCARD, table.spots["discard"], (), ids, card_size, False,
          reshufflable="true", reshuffleCommand="Send back to the action cards",
          reshuffleTarget=DECKS["normal"], reshuffleMessage="")
    root.set("nextPieceSlotId", str(ids.next))
    return _xml(root)


def module_data(content: Content, saved_ms: int) -> bytes:
    """`moduledata`: the name, version and VASSAL version the library shows."""
    root = ET.Element("data", version="1")
    for tag, text in (("version", __version__), ("extra1", ""), ("extra2", ""),
                      ("VassalVersion", VASSAL_VERSION), ("dateSaved", str(saved_ms)),
                      ("description", content.map.name), ("name", GAME_TITLE)):
        ET.SubElement(root, tag).text = text
    return _xml(root)


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + "\n").encode()


def _px(mm: float, scale: float) -> int:
    return round(mm * scale)


def _table(content: Content, scale: float) -> Table:
    """The board's size and where the territories, decks and supplies lie on it."""
    cw, ch, gap = _px(CARD_W, scale), _px(CARD_H, scale), _px(GAP_MM, scale)
    territories: list[Territory] = []
    map_w = map_h = 0
    if content.map.drawable:
        map_w, map_h = (_px(v, scale) for v in content.map.drawing.size)  # type: ignore[union-attr]
        for geo in territory_geometry(content):
            territories.append(Territory(
                geo.number, content.map.territories[geo.number].name,
                tuple((_px(x, scale), _px(y, scale)) for x, y in geo.polygon),
                tuple((_px(b.x + b.w / 2, scale), _px(b.y + b.h / 2, scale))
                      for b in geo.spaces), content.map.king_limit))
    left = map_w + gap
    columns = (left + cw // 2, left + gap + cw + cw // 2)
    rows = (gap + ch // 2, 2 * gap + ch + ch // 2)
    spots = {"normal": (columns[0], rows[0]), "hard": (columns[0], rows[1]),
             "discard": (columns[1], rows[0]),
             "king": (columns[1] - cw // 4, rows[1]), "player": (columns[1] + cw // 4, rows[1])}
    size = (left + 2 * cw + 2 * gap, max(map_h, 3 * gap + 2 * ch))
    return Table(size, tuple(territories), spots)


def _board_image(content: Content, table: Table, ink_saver: bool, scale: float):
    """The map drawing (if any) on the left of the table strip, with card places marked."""
    from PIL import Image, ImageDraw

    board = Image.new("RGB", table.size, TABLE_COLOR)
    if table.territories:
        page, size, dpi = tts.map_drawing_page(content, ink_saver, max(
            _px(v, scale) for v in content.map.drawing.size))  # type: ignore[union-attr]
        board.paste(png.rasterise([page], [size], dpi, "VASSAL map")[0], (0, 0))
    draw = ImageDraw.Draw(board)
    cw, ch = _px(CARD_W, scale), _px(CARD_H, scale)
    for role in ("normal", "hard", "discard"):
        x, y = table.spots[role]
        draw.rounded_rectangle((x - cw // 2, y - ch // 2, x + cw // 2, y + ch // 2),
                               radius=_px(3, scale), outline="#7a7060", width=2)
    return board


def _cube_image(color: str, scale: float):
    from PIL import Image, ImageDraw

    side = _px(CUBE_MM, scale)
    cube = Image.new("RGB", (side, side), color)
    ImageDraw.Draw(cube).rectangle((0, 0, side - 1, side - 1), outline="#222222", width=2)
    return cube


def _png(image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=tts.PNG_LEVEL)
    return out.getvalue()


def _rules_pdf(content: Content, ink_saver: bool) -> bytes:
    pages = booklet.rules_pages(content, "a4", ink_saver)     # its colophon is its stamp
    with tempfile.TemporaryDirectory() as tmp:
        path = render_pdf(pages, Path(tmp) / "rules.pdf", f"{sheets.GAME_TITLE}: rules")
        return path.read_bytes()


def _saved_ms(content: Content) -> int:
    """The edition's stamp date as VASSAL's dateSaved (ms since 1970), 0 if unknown."""
    stamp = stamp_date(getattr(content, "directory", None))
    return int(datetime.fromisoformat(stamp).replace(tzinfo=UTC).timestamp()) * 1000 if stamp else 0


def module_entries(content: Content, ink_saver: bool = False, back: str = "light",
                   scale: float = PX_PER_MM) -> dict[str, bytes]:
    """Every file of the module by its name inside the zip."""
    png.require()
    table = _table(content, scale)
    cell = (_px(CARD_W, scale), _px(CARD_H, scale))
    faces = list(content.cards)
    pages = [tts.card_page(cards.card_front(c, ink_saver), png.front_edge(c, ink_saver))
             for c in faces]
    pages.append(tts.card_page(cards.card_back(ink_saver, style=back),
                               cards.back_edge(ink_saver, back)))
    images = png.rasterise(pages, [cell] * len(pages), scale * 25.4, "VASSAL card faces")
    entries = {f"images/{card_image(c)}": _png(image) for c, image in zip(faces, images,
                                                                          strict=False)}
    entries["images/back.png"] = _png(images[-1])
    entries["images/board.png"] = _png(_board_image(content, table, ink_saver, scale))
    for side, color in (("king", KING_COLOR), ("player", PLAYER_COLOR)):
        entries[f"images/cube-{side}.png"] = _png(_cube_image(color, scale))
    entries["rules.pdf"] = _rules_pdf(content, ink_saver)
    entries["buildFile.xml"] = build_file(content, table, cell)
    entries["moduledata"] = module_data(content, _saved_ms(content))
    return entries


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    """The entries as a zip whose bytes depend on the entries alone."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return out.getvalue()


def write_vassal(content: Content, folder: Path, ink_saver: bool = False, back: str = "light",
                 notes: list[str] | None = None, scale: float = PX_PER_MM) -> list[Path]:
    """Write the module into `folder`; return its path. `notes` receives what was left out."""
    data = zip_bytes(module_entries(content, ink_saver, back, scale))
    if not content.map.drawable and notes is not None:
        notes.append(SKIPPED)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / MODULE_FILE
    write_bytes(path, data)
    return [path]
