"""Action Cards: one face layout per card, one back, and the printed sheets.

A face (trim 0..63 x 0..88 mm, bleed beyond) shows the battle symbols, id and
name, the King's action(s), a skull on hard cards, the flags and the priority
arrow; colour only repeats what shapes say. All backs are identical.
"""

from __future__ import annotations

from throne_pnp.content import KING_ACTIONS, Card, Content
from throne_pnp.render.backend.layout import (
    Group,
    Icon,
    Line,
    Page,
    Rect,
    Text,
    both,
    fill,
    fit_size,
    stroke,
)
from throne_pnp.render.components import sheets
from throne_pnp.render.components.sheets import BLEED, CARD_H, CARD_W, Grid, Slot

RUST = "#7a3420"
HARD = "#2b2522"
CREAM = "#fbf6ea"
BAND = "#efe4cc"
INK = "#1d1a17"
GREY = "#8a8178"      # rules and dashes only
TEXT_GREY = "#5b534c"  # quiet text: 6.6:1 on the cream panel
WHITE = "#ffffff"
FRAME = 3.2          # frame width inside the trim
SAFE = 4.5           # content stays this far inside the trim
CELL_CLEAR = 1.2     # battle icons keep this far from their cell's dividers

ACTION_TARGETS = {name: a.icon for name, a in KING_ACTIONS.items() if a.target}
ACTION_LABELS = {name: a.card for name, a in KING_ACTIONS.items()}
BATTLE = (("bugles", "bugle"), ("swords", "sword"), ("shields", "shield"))


def _ground(color: str, bleed: tuple[bool, bool, bool, bool]) -> Rect:
    """`color` over the whole card, into the bleed on its outer sides."""
    top, right, bottom, left = (BLEED if b else 0.0 for b in bleed)
    return Rect(-left, -top, CARD_W + left + right, CARD_H + top + bottom, fill(color))


def _outline(color: str) -> Rect:
    """The ink saver's frame: an outline inside the trim."""
    return Rect(FRAME - 0.4, FRAME - 0.4, CARD_W - 2 * FRAME + 0.8, CARD_H - 2 * FRAME + 0.8,
                stroke(color, 0.6), r=2.8)


def _frame(color: str, bleed: tuple[bool, bool, bool, bool], ink_saver: bool) -> list:
    """Frame colour to the trim (and into the bleed on the outer sides), cream panel."""
    if ink_saver:
        return [_outline(color)]
    return [_ground(color, bleed),
            Rect(FRAME, FRAME, CARD_W - 2 * FRAME, CARD_H - 2 * FRAME, fill(CREAM), r=2.5)]


def _battle_row(card: Card, color: str, ink_saver: bool) -> list:
    out: list = []
    x0, y0, w, h = SAFE, 5.2, CARD_W - 2 * SAFE, 11.6
    band = stroke(color, 0.3) if ink_saver else both(BAND, color, 0.3)
    out.append(Rect(x0, y0, w, h, band, r=1.6))
    cell = w / 3
    size = 5.6
    for i, (attr, icon) in enumerate(BATTLE):
        cx = x0 + cell * (i + 0.5)
        if i:
            out.append(Line(x0 + cell * i, y0 + 1.5, x0 + cell * i, y0 + h - 1.5,
                            stroke(color, 0.25)))
        count = getattr(card, attr)
        if count == 0:
            out.append(Line(cx - 1.6, y0 + h / 2, cx + 1.6, y0 + h / 2, stroke(GREY, 0.5)))
            continue
        gap = 0.3
        each = min(size, (cell - 2 * CELL_CLEAR - (count - 1) * gap) / count)
        total = count * each + (count - 1) * gap
        for k in range(count):
            out.append(Icon(icon, cx - total / 2 + k * (each + gap), y0 + (h - each) / 2,
                            each, INK, WHITE))
    return out


def _title(card: Card, color: str, ink_saver: bool) -> list:
    out: list = []
    y = 22.6
    badge_w = 9.0
    badge = stroke(color, 0.4) if ink_saver else fill(color)
    out.append(Rect(SAFE, y - 4.0, badge_w, 5.6, badge, r=1.2))
    out.append(Text(SAFE + badge_w / 2, y, f"#{card.id}", 7.5, "middle", bold=True,
                    color=color if ink_saver else WHITE, tag=f"card-id-{card.id}"))
    name = card.name or ("Hard Action" if card.hard else "Action")
    room = CARD_W - SAFE - badge_w - 1.5 - SAFE
    size = fit_size(name, room, 8.5, bold=True)
    out.append(Text(SAFE + badge_w + 1.5 + room / 2, y, name, size, "middle", bold=True, color=INK))
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
    out: list = []
    x0, y0, w, h = SAFE, 26.8, CARD_W - 2 * SAFE, 35.0
    out.append(Rect(x0, y0, w, h, stroke(color, 0.35), r=2.0))
    out.append(Rect(CARD_W / 2 - 10, y0 - 1.9, 20, 3.8,
                    both(WHITE if ink_saver else CREAM, color, 0.3), r=1.0))
    out.append(Text(CARD_W / 2, y0 + 1.05, "THE KING", 6.0, "middle", bold=True, color=color))
    cx = CARD_W / 2
    if len(card.king) == 1:
        size = 14.0
        out += _action_icons(card.king[0], cx, y0 + 5.0, size)
        label = ACTION_LABELS[card.king[0]]
        out.append(Text(cx, y0 + 27.0, label, fit_size(label, w - 4, 7.0, True), "middle",
                        bold=True, color=INK))
        return out
    size = 8.6
    for i, action in enumerate(card.king):
        top = y0 + 3.0 + i * 16.6
        out += _action_icons(action, cx, top, size)
        label = f"{i + 1}. {ACTION_LABELS[action]}"
        out.append(Text(cx, top + size + 3.2, label, fit_size(label, w - 4, 6.5, True),
                        "middle", bold=True, color=INK))
    out.append(Line(x0 + 8, y0 + 18.2, x0 + w - 8, y0 + 18.2, stroke(GREY, 0.2, (0.8, 0.8))))
    return out


def _footer(card: Card, color: str, ink_saver: bool) -> list:
    out: list = []
    # priority arrow, bottom right
    bx, by, bw, bh = CARD_W - SAFE - 12.5, CARD_H - SAFE - 17.0, 12.5, 17.0
    out.append(Rect(bx, by, bw, bh, stroke(color, 0.35) if ink_saver else
                    both(BAND, color, 0.35), r=1.6))
    out.append(Icon(card.priority, bx + (bw - 9.0) / 2, by + 1.4, 9.0, INK, WHITE))
    out.append(Text(bx + bw / 2, by + bh - 2.4, card.priority.upper(), 6.0, "middle",
                    bold=True, color=INK))
    # flags along the bottom, skull above them on hard cards
    room = bx - SAFE - 1.5
    n = card.flags
    size = 7.0 if n <= 5 else room / n - 0.4
    fy = CARD_H - SAFE - size - 0.6
    for k in range(n):
        out.append(Icon("flag", SAFE + k * (size + 0.4), fy, size, INK, WHITE))
    if n == 0:
        out.append(Text(SAFE, CARD_H - SAFE - 2, "no flags", 6.0, color=TEXT_GREY))
    if card.hard:
        out.append(Icon("skull", SAFE, fy - 8.4, 7.0, INK, WHITE))
        out.append(Text(SAFE + 8.2, fy - 3.6, "HARD", 6.0, bold=True, color=INK))
    out.append(Text(bx - 1.5, fy - 2.2, f"{n} command point{'s' if n != 1 else ''}", 6.0,
                    "end", color=TEXT_GREY))
    return out


def card_front(card: Card, ink_saver: bool = False,
               bleed: tuple[bool, bool, bool, bool] = (True, True, True, True)) -> tuple:
    """Every shape of one face, in trim coordinates (0..63 x 0..88 mm)."""
    color = HARD if card.hard else RUST
    items: list = _frame(color, bleed, ink_saver)
    items += _battle_row(card, color, ink_saver)
    items += _title(card, color, ink_saver)
    items += _king_actions(card, color, ink_saver)
    items += _footer(card, color, ink_saver)
    return tuple(items)


BACKS = ("light", "dark")
BACK_DARK = "#4a2013"
BACK_TINT = "#f6eedf"   # the light back's ground: a faint parchment
BACK_BAND = 3.6         # the light back's rust border inside the trim


def back_edge(ink_saver: bool = False, style: str = "light") -> str:
    """The colour at the back's outer edge (what a wider bleed continues)."""
    if ink_saver:
        return WHITE
    return BACK_DARK if style == "dark" else RUST


def card_back(ink_saver: bool = False,
              bleed: tuple[bool, bool, bool, bool] = (True, True, True, True),
              style: str = "light") -> tuple:
    """The shared back: throne emblem, crown and title inside a border; `light` is a
    pale ground in a rust band (little ink), `dark` full-bleed dark."""
    out: list = []
    if ink_saver:
        ink, paper = RUST, WHITE
        out.append(_outline(RUST))
        for k in range(1, 11):   # light hatching across the emblem band
            y = 30 + k * 2.6
            out.append(Line(8, y, CARD_W - 8, y, stroke("#d9c7b8", 0.2)))
    elif style == "dark":
        ink, paper = "#e9d7b0", BACK_DARK
        out.append(_ground(BACK_DARK, bleed))
    else:
        ink, paper = RUST, BACK_TINT
        out.append(_ground(RUST, bleed))
        out.append(Rect(BACK_BAND, BACK_BAND, CARD_W - 2 * BACK_BAND, CARD_H - 2 * BACK_BAND,
                        fill(BACK_TINT), r=2.5))
    out.append(Rect(5.5, 5.5, CARD_W - 11, CARD_H - 11, stroke(ink, 0.5), r=2.0))
    out.append(Rect(7.0, 7.0, CARD_W - 14, CARD_H - 14, stroke(ink, 0.25), r=1.5))
    out.append(Icon("throne", CARD_W / 2 - 13, 30, 26, ink, paper))
    out.append(Icon("crown", CARD_W / 2 - 5, 14.5, 10, ink, paper))
    out.append(Text(CARD_W / 2, 66, "A RUSTY", 11, "middle", bold=True, color=ink))
    out.append(Text(CARD_W / 2, 72.5, "THRONE", 11, "middle", bold=True, color=ink))
    out.append(Line(16, 75.5, CARD_W - 16, 75.5, stroke(ink, 0.3)))
    out.append(Text(CARD_W / 2, 79.5, "action card", 6.0, "middle", color=ink))
    return tuple(out)


def place(shapes: tuple, slot: Slot, tag: str) -> Group:
    """Put a card's shapes into its slot (turned 180° about its centre if asked)."""
    if slot.rotate:
        return Group(shapes, slot.x + CARD_W, slot.y + CARD_H, rotate=180, tag=tag)
    return Group(shapes, slot.x, slot.y, tag=tag)


def _sheet(grid: Grid, part: str, name: str, stamp: str) -> Page:
    page = Page(grid.page_w, grid.page_h, name=name)
    page.extend(sheets.card_sheet_aids(grid, part, stamp))
    return page


def card_pages(content: Content, paper: str, layout: str = "duplex",
               ink_saver: bool = False, back: str = "light", stamp: str = "") -> list[Page]:
    """The pages of cards.pdf for one paper size and layout, with the footer `stamp`."""
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
            for card, (fs, bs) in zip(chunk, sheets.fold_slots(grid, len(chunk)), strict=True):
                page.add(place(card_front(card, ink_saver, fs.bleed), fs, f"front-{card.id}"))
                page.add(place(card_back(ink_saver, _turned(bs.bleed), back), bs,
                               f"back-{card.id}"))
            page.extend(sheets.crop_marks(grid, fold=True))
            page.extend(sheets.fold_lines(grid, len(chunk)))
            pages.append(page)
        return pages
    grid = sheets.card_grid(paper)
    fronts: list[Page] = []
    backs: list[Page] = []
    for start in range(0, len(cards), sheets.PER_PAGE):
        chunk = cards[start:start + sheets.PER_PAGE]
        number = start // sheets.PER_PAGE + 1
        front = _sheet(grid, f"cards, fronts {number}", f"fronts-{number}", stamp)
        for card, slot in zip(chunk, sheets.front_slots(grid, len(chunk)), strict=True):
            front.add(place(card_front(card, ink_saver, slot.bleed), slot, f"front-{card.id}"))
        front.extend(sheets.crop_marks(grid))
        back_page = _sheet(grid, f"cards, backs {number}", f"backs-{number}", stamp)
        for card, slot in zip(chunk, sheets.duplex_back_slots(grid, len(chunk)), strict=True):
            back_page.add(place(card_back(ink_saver, slot.bleed, back), slot, f"back-{card.id}"))
        back_page.extend(sheets.crop_marks(grid))
        fronts.append(front)
        backs.append(back_page)
    if layout == "backs-separate":
        return fronts + backs
    return [page for pair in zip(fronts, backs, strict=True) for page in pair]


def _turned(bleed: tuple[bool, bool, bool, bool]) -> tuple[bool, bool, bool, bool]:
    """Bleed sides of a card drawn turned 180°: top<->bottom, left<->right."""
    top, right, bottom, left = bleed
    return (bottom, left, top, right)


def card_files(content: Content, ink_saver: bool = False,
               back: str = "light") -> list[tuple[str, Page]]:
    """One SVG page per face (card-01.svg ...) and the shared back.svg, with full bleed."""
    out = []
    width = CARD_W + 2 * BLEED
    height = CARD_H + 2 * BLEED
    digits = max(2, len(str(max(c.id for c in content.cards))))
    for card in content.cards:
        page = Page(width, height, list(card_front(card, ink_saver)), name=f"card-{card.id}",
                    origin=(-BLEED, -BLEED))
        out.append((f"card-{card.id:0{digits}d}.svg", page))
    out.append(("back.svg", Page(width, height, list(card_back(ink_saver, style=back)), name="back",
                                 origin=(-BLEED, -BLEED))))
    return out

