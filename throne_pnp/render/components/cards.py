"""Action Cards: one face layout per card, one back, and the printed sheets.

A face (trim 0..63 x 0..88 mm, bleed beyond) shows a corner index (the battle values as
numerals beside small symbols, top left and turned bottom right, what a fanned hand shows), the
title in the serif, the battle symbols, the King's action(s), the flags, the priority arrow and
the id; hard cards a dark double frame and a skull. Colour only repeats what shapes say.
"""

from __future__ import annotations

import math

from throne_pnp.content import KING_ACTIONS, Card, Content
from throne_pnp.render.backend.layout import (
    Circle,
    Group,
    Icon,
    Line,
    Page,
    Path,
    Poly,
    Rect,
    Text,
    both,
    fill,
    fit_size,
    stroke,
    text_width,
)
from throne_pnp.render.components import sheets
from throne_pnp.render.components.sheets import BLEED, CARD_H, CARD_W, Grid, Slot

RUST = "#7a3420"
HARD = "#2b2522"
CREAM = "#fbf6ea"
BAND = "#efe4cc"
PANEL_TINT = "#f5eddc"   # the King's panel: a shade under the cream
INK = "#1d1a17"
GREY = "#8a8178"      # rules only
TEXT_GREY = "#5b534c"  # quiet text: 6.6:1 on the cream panel
WHITE = "#ffffff"
FRAME = 3.2          # frame width inside the trim
SAFE = 4.5           # content stays this far inside the trim
BATTLE_ICON = 7.5    # the battle symbols' box (their ink is 6-6.5 mm), never under MIN_BATTLE
MIN_BATTLE = 6.0
INDEX = (4.2, 4.2, 9.4, 5.0)   # the corner index: left, top, width, row height
TITLE_PT = 10.5
PANEL = (25.8, 62.2)           # the King's panel: top and bottom

ACTION_TARGETS = {name: a.icon for name, a in KING_ACTIONS.items() if a.target}
ACTION_LABELS = {name: a.card for name, a in KING_ACTIONS.items()}
BATTLE = (("bugles", "bugle"), ("swords", "sword"), ("shields", "shield"))


def _ground(color: str, bleed: tuple[bool, bool, bool, bool]) -> Rect:
    """`color` over the whole card, into the bleed on its outer sides."""
    top, right, bottom, left = (BLEED if b else 0.0 for b in bleed)
    return Rect(-left, -top, CARD_W + left + right, CARD_H + top + bottom, fill(color))


def _frame(card: Card, color: str, bleed: tuple[bool, bool, bool, bool],
           ink_saver: bool) -> list:
    """Frame colour to the trim (and into the bleed on the outer sides), cream panel; a
    hard card's frame is dark, with a second, pale rule in it."""
    inset = FRAME - 0.4 if ink_saver else FRAME
    panel = Rect(inset, inset, CARD_W - 2 * inset, CARD_H - 2 * inset,
                 stroke(color, 0.6) if ink_saver else fill(CREAM), r=2.6)
    out = [panel] if ink_saver else [_ground(color, bleed), panel]
    if card.hard:   # a second rule in the frame band
        out.append(Rect(2.0, 2.0, CARD_W - 4.0, CARD_H - 4.0,
                        stroke(color if ink_saver else CREAM, 0.35), r=3.2))
    return out


def _index(card: Card, color: str, ink_saver: bool) -> list:
    """The corner index: each battle value as a numeral beside a small symbol (and a
    skull on hard cards), what shows of a card held in a fan."""
    x, y, w, row = INDEX
    rows = [(str(getattr(card, attr)), icon) for attr, icon in BATTLE]
    rows += [("", "skull")] if card.hard else []
    h = row * len(rows) + 1.0
    out: list = [Rect(x, y, w, h, stroke(color, 0.3) if ink_saver else both(BAND, color, 0.3),
                      r=1.4)]
    for k, (numeral, icon) in enumerate(rows):
        top = y + 0.5 + k * row
        if numeral:
            out.append(Text(x + 2.2, top + 4.0, numeral, 12.0, "middle", bold=True,
                            color=TEXT_GREY if numeral == "0" else INK, tag="card-index"))
            out.append(Icon(icon, x + 4.6, top + 0.4, 4.1, INK, WHITE))
        else:
            out.append(Icon(icon, x + (w - 4.2) / 2, top + 0.35, 4.2, INK, WHITE))
    return out


def _title(card: Card) -> list:
    left = INDEX[0] + INDEX[2] + 1.2
    right = CARD_W - SAFE
    out = [Text(right, 7.6, f"#{card.id}", 6.5, "end", color=TEXT_GREY,
                tag=f"card-id-{card.id}")]
    name = card.name or ("Hard Action" if card.hard else "Action")
    room = right - left - 2 * text_width(f"#{card.id}", 6.5) - 1.0
    size = fit_size(name, room, TITLE_PT, bold=True, minimum=8.0, serif=True)
    baseline = 9.6 if card.bugles + card.swords + card.shields else 13.6
    out.append(Text((left + right) / 2, baseline, name, size, "middle", bold=True, color=INK,
                    serif=True, tag="card-title"))
    return out


def _battle_row(card: Card) -> list:
    """The battle symbols under the title, one group per kind with a wider gap between."""
    groups = [(getattr(card, attr), icon) for attr, icon in BATTLE if getattr(card, attr)]
    count = sum(n for n, _ in groups)
    if not count:
        return []
    left, right = INDEX[0] + INDEX[2] + 1.2, CARD_W - SAFE
    gap, group_gap = 0.5, 2.6
    spacing = (count - len(groups)) * gap + (len(groups) - 1) * group_gap
    size = min(BATTLE_ICON, (right - left - spacing) / count)
    x = (left + right - count * size - spacing) / 2
    out: list = []
    for n, icon in groups:
        for _ in range(n):
            out.append(Icon(icon, x, 19.2 - size, size, INK, WHITE, tag="battle"))
            x += size + gap
        x += group_gap - gap
    return out


def _action_icons(action: str, cx: float, top: float, size: float) -> list:
    """The icon group of one King action, centred on cx."""
    if action in ACTION_TARGETS:
        arrow = size * 0.85
        gap = size * 0.12
        total = arrow + gap + size
        left = cx - total / 2
        return [Icon("arrow", left, top + (size - arrow) / 2, arrow, INK, WHITE),
                Icon(ACTION_TARGETS[action], left + arrow + gap, top, size, INK, WHITE)]
    return [Icon(KING_ACTIONS[action].icon, cx - size / 2, top, size, INK, WHITE)]


def _king_actions(card: Card, color: str, ink_saver: bool) -> list:
    x0, (y0, y1) = SAFE, PANEL
    w, h = CARD_W - 2 * SAFE, y1 - y0
    out: list = [Rect(x0, y0, w, h, stroke(color, 0.35) if ink_saver else
                      both(PANEL_TINT, color, 0.35), r=2.0)]
    cx = CARD_W / 2
    if len(card.king) == 1:
        out += _action_icons(card.king[0], cx, y0 + 6.0, 15.0)
        label = ACTION_LABELS[card.king[0]]
        out.append(Text(cx, y0 + 28.5, label, fit_size(label, w - 4, 8.5, True), "middle",
                        bold=True, color=INK))
        return out
    size = 9.0
    for i, action in enumerate(card.king):
        top = y0 + 3.2 + i * h / 2
        out += _action_icons(action, cx, top, size)
        label = f"{i + 1}. {ACTION_LABELS[action]}"
        out.append(Text(cx, top + size + 3.6, label, fit_size(label, w - 4, 8.0, True),
                        "middle", bold=True, color=INK))
    out.append(Line(x0 + 8, y0 + h / 2, x0 + w - 8, y0 + h / 2, stroke(GREY, 0.2, (0.8, 0.8))))
    return out


def _footer(card: Card, color: str, ink_saver: bool) -> list:
    """Flags (or a hard card's skull) bottom left; the priority arrow by the turned index."""
    bw, bh = 11.0, 16.5
    bx, by = CARD_W - INDEX[0] - INDEX[2] - 1.4 - bw, CARD_H - SAFE - bh
    out: list = [Rect(bx, by, bw, bh, stroke(color, 0.35) if ink_saver else
                      both(BAND, color, 0.35), r=1.6),
                 Icon(card.priority, bx + (bw - 8.5) / 2, by + 1.4, 8.5, INK, WHITE),
                 Text(bx + bw / 2, by + bh - 2.3, card.priority.upper(), 6.0, "middle",
                      bold=True, color=INK)]
    room = bx - SAFE - 1.5
    size = min(6.4, room / max(card.flags, 1) - 0.4)
    for k in range(card.flags):
        out.append(Icon("flag", SAFE + k * (size + 0.4), CARD_H - SAFE - size, size, INK, WHITE))
    if card.hard:
        out.append(Icon("skull", SAFE + 0.5, CARD_H - SAFE - 10.0, 10.0, INK, WHITE))
    return out


def card_front(card: Card, ink_saver: bool = False,
               bleed: tuple[bool, bool, bool, bool] = (True, True, True, True)) -> tuple:
    """Every shape of one face, in trim coordinates (0..63 x 0..88 mm)."""
    color = HARD if card.hard else RUST
    index = _index(card, color, ink_saver)
    return (*_frame(card, color, bleed, ink_saver), *index, *_title(card), *_battle_row(card),
            *_king_actions(card, color, ink_saver), *_footer(card, color, ink_saver),
            Group(tuple(index), CARD_W, CARD_H, rotate=180, tag="card-index-turned"))


BACKS = ("light", "dark")
BACK_DARK = "#4a2013"
BACK_TINT = "#f6eedf"   # the light back's ground: a faint parchment
BACK_CLEAR = 5.0        # nothing but the pattern this close to the trim
LATTICE = 11.0          # the back's lattice tile: a diamond's width and height
BACK_COLOURS = {        # (ground, lattice, emblem ink, emblem paper)
    "light": (BACK_TINT, "#d7b9a2", RUST, BACK_TINT),
    "dark": (BACK_DARK, "#6e3a26", "#e9d7b0", BACK_DARK),
    "ink-saver": (WHITE, "#e3d3c6", RUST, WHITE),
}


def back_edge(ink_saver: bool = False, style: str = "light") -> str:
    """The colour at the back's outer edge (what a wider bleed continues)."""
    return BACK_COLOURS["ink-saver" if ink_saver else style][0]


def _lattice(color: str, ground: str) -> list:
    """Lattice tiles over the back and its bleed, one centred (the same turned 180°)."""
    nx, ny = (math.ceil((half + BLEED) / LATTICE - 0.5) for half in (CARD_W / 2, CARD_H / 2))
    return [Icon("lattice", CARD_W / 2 + LATTICE * (i - 0.5), CARD_H / 2 + LATTICE * (j - 0.5),
                 LATTICE, color, ground)
            for j in range(-ny, ny + 1) for i in range(-nx, nx + 1)]


def card_back(ink_saver: bool = False,
              bleed: tuple[bool, bool, bool, bool] = (True, True, True, True),
              style: str = "light") -> tuple:
    """The shared back: a diamond lattice to the bleed, in the middle an oval medallion with two
    crowns base to base; the same turned 180°, and nothing but the lattice within BACK_CLEAR
    of the trim, so a cut off by a millimetre does not show."""
    ground, lattice, ink, paper = BACK_COLOURS["ink-saver" if ink_saver else style]
    cx, cy = CARD_W / 2, CARD_H / 2
    area = _ground(ground, bleed)
    out: list = [area, Group(tuple(_lattice(lattice, ground)),
                             clip=(area.x, area.y, area.w, area.h))]
    out += [Path(_oval(cx, cy, 17.0, 25.0), both(paper, ink, 1.0)),
            Path(_oval(cx, cy, 15.2, 23.2), stroke(ink, 0.35))]
    for angle in (0, 180):
        out.append(Group((Icon("crown", -7.0, -17.0, 14.0, ink, paper),
                          Circle(0, -20.2, 0.8, fill(ink))), cx, cy, rotate=angle))
    out += [Line(cx - 9.0, cy, cx + 9.0, cy, stroke(ink, 0.5)),
            Poly(((cx, cy - 1.8), (cx + 2.4, cy), (cx, cy + 1.8), (cx - 2.4, cy)),
                 both(paper, ink, 0.5))]
    for dx, dy in ((-1, -1), (1, 1), (1, -1), (-1, 1)):   # four corner diamonds
        x, y = cx + dx * (cx - BACK_CLEAR - 6.0), cy + dy * (cy - BACK_CLEAR - 7.0)   # 7.5 mm in
        out.append(Poly(((x, y - 4.5), (x + 3.5, y), (x, y + 4.5), (x - 3.5, y)),
                        both(paper, ink, 0.5)))
        out.append(Circle(x, y, 0.9, fill(ink)))
    return tuple(out)


def _oval(cx: float, cy: float, rx: float, ry: float) -> tuple:
    """An ellipse as four Bézier quarters."""
    k = 0.5522847498
    return (("M", cx + rx, cy), ("C", cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry),
            ("C", cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy),
            ("C", cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry),
            ("C", cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy), ("Z",))


def place(shapes: tuple, slot: Slot, tag: str) -> Group:
    """Put a card's shapes into its slot (turned 180° about its centre if asked)."""
    if slot.rotate:
        return Group(shapes, slot.x + CARD_W, slot.y + CARD_H, rotate=180, tag=tag)
    return Group(shapes, slot.x, slot.y, tag=tag)


def _sheet(grid: Grid, part: str, name: str, stamp: str) -> Page:
    page = Page(grid.page_w, grid.page_h, name=name)
    page.extend(sheets.card_sheet_aids(grid, part, stamp))
    return page


MAX_OFFSET = 4.0   # mm: a back offset beyond this is a wrong setting, not a printer's drift


def parse_back_offset(text: str) -> tuple[float, float]:
    """"X,Y" in mm (as read on the duplex test) -> (x, y); ValueError says what is wanted."""
    wanted = (f"--back-offset wants X,Y in mm as read on the duplex test page, each between "
              f"-{MAX_OFFSET:g} and {MAX_OFFSET:g} (e.g. 1.5,-0.5); got {text!r}")
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise ValueError(wanted) from None
    if not all(abs(v) <= MAX_OFFSET for v in (x, y)):   # also refuses nan
        raise ValueError(wanted)
    return x, y


def _block(grid: sheets.Grid, items: list, shift: tuple[float, float] = (0.0, 0.0)) -> Group:
    """The placed cards of a sheet, moved by `shift` and cut to the grid's bleed box where
    it would come within MARK_EDGE of the paper's edge (Letter: 2.7 mm of bleed)."""
    edge = sheets.MARK_EDGE
    x0, y0 = max(grid.x0 - BLEED, edge), max(grid.y0 - BLEED, edge)
    x1 = min(grid.x0 + grid.cols * CARD_W + BLEED, grid.page_w - edge)
    y1 = min(grid.y0 + grid.rows * CARD_H + BLEED, grid.page_h - edge)
    dx, dy = shift
    return Group(tuple(items), dx, dy, clip=(x0 - dx, y0 - dy, x1 - x0, y1 - y0), tag="cards")


def card_pages(content: Content, paper: str, layout: str = "duplex",
               ink_saver: bool = False, back: str = "light", stamp: str = "",
               back_offset: tuple[float, float] = (0.0, 0.0)) -> list[Page]:
    """The pages of cards.pdf for one paper size and layout, with the footer `stamp`; every
    back moved to cancel `back_offset` (x right, y down, mm), as read on the duplex test."""
    if back not in BACKS:
        raise ValueError(f"unknown card back {back!r}; use one of {', '.join(BACKS)}")
    cards = list(content.cards)
    if layout == "fold":
        grid = sheets.fold_grid(paper)
        pages = []
        for start in range(0, len(cards), grid.cols):
            chunk = cards[start:start + grid.cols]
            page = _sheet(grid, "cards, fold on the dashed line and glue",
                          f"fold-{start // grid.cols + 1}", stamp)
            placed = []
            for card, (fs, bs) in zip(chunk, sheets.fold_slots(grid, len(chunk)), strict=True):
                turned = bs.bleed[2:] + bs.bleed[:2]   # turned 180°: top<->bottom, left<->right
                placed += [place(card_front(card, ink_saver, fs.bleed), fs, f"front-{card.id}"),
                           place(card_back(ink_saver, turned, back), bs, f"back-{card.id}")]
            page.add(_block(grid, placed))
            page.extend(sheets.crop_marks(grid, fold=True))
            page.extend(sheets.fold_lines(grid, len(chunk)))
            pages.append(page)
        return pages
    grid = sheets.card_grid(paper)
    # seen through the sheet from the front, a back page is mirrored left to right: a
    # back seen too far right is moved right on its own page, one seen too low moved up
    shift = (back_offset[0], -back_offset[1])
    moved = f", moved {back_offset[0]:g},{back_offset[1]:g} mm" if any(back_offset) else ""
    fronts: list[Page] = []
    backs: list[Page] = []
    for start in range(0, len(cards), sheets.PER_PAGE):
        chunk = cards[start:start + sheets.PER_PAGE]
        number = start // sheets.PER_PAGE + 1
        front = _sheet(grid, f"cards, fronts {number}", f"fronts-{number}", stamp)
        front.add(_block(grid, [
            place(card_front(card, ink_saver, slot.bleed), slot, f"front-{card.id}")
            for card, slot in zip(chunk, sheets.front_slots(grid, len(chunk)), strict=True)]))
        front.extend(sheets.crop_marks(grid))
        back_page = _sheet(grid, f"cards, backs {number}{moved}", f"backs-{number}", stamp)
        back_page.add(_block(grid, [
            place(card_back(ink_saver, slot.bleed, back), slot, f"back-{card.id}")
            for card, slot in zip(chunk, sheets.duplex_back_slots(grid, len(chunk)),
                                  strict=True)], shift))
        back_page.extend(sheets.crop_marks(grid))
        fronts.append(front)
        backs.append(back_page)
    if layout == "backs-separate":
        return fronts + backs
    return [page for pair in zip(fronts, backs, strict=True) for page in pair]


def card_files(content: Content, ink_saver: bool = False,
               back: str = "light") -> list[tuple[str, Page]]:
    """One SVG page per face (card-01.svg ...) and the shared back.svg, with full bleed."""
    out = []
    width, height = CARD_W + 2 * BLEED, CARD_H + 2 * BLEED
    digits = max(2, len(str(max(c.id for c in content.cards))))
    for card in content.cards:
        page = Page(width, height, list(card_front(card, ink_saver)), name=f"card-{card.id}",
                    origin=(-BLEED, -BLEED))
        out.append((f"card-{card.id:0{digits}d}.svg", page))
    out.append(("back.svg", Page(width, height, list(card_back(ink_saver, style=back)), name="back",
                                 origin=(-BLEED, -BLEED))))
    return out

