"""The extras sheet: two player aid cards and punch-out cube tokens.

The aid cards are poker size (they sleeve with the Action Cards), drawn from the content.
Below them, `forces` 9.5 mm tokens a side: the King's dark squares, the player's light discs.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import (
    Circle,
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
from throne_pnp.render.components.rulesheet import INK, RUST, break_lines, set_line
from throne_pnp.render.components.sheets import CARD_H, CARD_W

KING_DARK = "#2a211b"
PLAYER_TINT = "#eeeae2"
GUIDE = "#b9b2a8"
MARGIN = 11.0
AID_SAFE = 4.5            # text stays this far inside an aid card's trim
AID_FRAME = 3.0           # and the frame's ink this far
AID_TINT = "#f6eedf"      # the aid cards' ground, run 3 mm past the cuts (bleed)
AID_SIZES = (7.5, 7.25, 7.0)   # body sizes in pt, largest that fits wins (7 pt at least)
TOKEN = 9.5               # a token's side (mm): it sits inside a map's cube space
TOKEN_COLS = 5
TOKEN_BLEED = 2.0         # the King's dark block runs this far past its outer cuts
MARK_GAP = 1.0            # crop mark start beyond a block's outer edge (incl. bleed)
MARK_LEN = 4.0
SNIP = 2.8                # leg of the corner triangle cut off a player token (mm)

SYMBOLS: tuple[tuple[str, str], ...] = (
    ("castle", "castle"),
    ("wheat", "wheat: your limit"),
    ("bugle", "bugle: +1"),
    ("sword", "sword: kills 1"),
    ("shield", "shield: blocks 1"),
    ("flag", "flag: 1 point"),
    ("arrow", "King moves"),
    ("banner", "King rallies"),
    ("uncertain", "Uncertain Orders"),
    ("helmet", "your cubes"),
    ("rising", "rising: 1 to 9"),
    ("falling", "falling: 9 to 1"),
    ("skull", "hard card"),
    ("cube", "your cube"),
    ("king-cube", "the King's cube"),
)


def turn_lines(content: Content) -> list[tuple[str, str]]:
    """The turn sequence as (step mark, marked-up text)."""
    hand = content.map.hand_size
    return [
        ("1", "**Player Card Phase:** a card from your hand is the phase card."),
        ("2", "**The King acts**; battles, you defending."),
        ("3", "**Player Actions:** spend its {flag} (move 1, rally 2); battles, the King "
              "defending."),
        ("4", "Discard the phase card."),
        ("5", "**King's Card Phase:** the top card of the deck; steps 2 to 4 with it."),
        ("", f"Hand empty: deal {hand} at once. Deck empty: the discards become the deck."),
    ]


def battle_lines() -> list[tuple[str, str]]:
    """A battle in four lines: defender, casualties, strength, withdrawal."""
    return [
        ("1", "Defender: add the territory's {bugle} and {shield}."),
        ("2", "Each {sword} its {shield} do not stop kills a cube; both sides at once."),
        ("3", "Cubes + {bugle}: the higher wins, a tie goes to the defender."),
        ("4", "The loser withdraws to a neighbour free of enemy cubes (the King by "
              "his card's arrow) or is removed; then the limits."),
    ]


def goal_line(content: Content) -> str:
    """Win and loss, from map.yaml (castles, home) and rulings.yaml."""
    game_map = content.map
    castles = ", ".join(str(c) for c in game_map.castles)
    home = game_map.home
    lose = (f"once the King alone holds {home}" if content.rulings.home_lost_when == "king-holds"
            else f"when {home} has none of your cubes")
    return f"**Win** holding every {{castle}} ({castles}). **Lose** {lose}."


@dataclass(frozen=True, slots=True)
class AdjacencyRow:
    """A territory and its neighbours; `by_sea`: those reached over a drawn sea crossing."""

    number: int
    name: str
    neighbours: tuple[int, ...]
    by_sea: tuple[int, ...] = ()


def adjacency_rows(content: Content) -> list[AdjacencyRow]:
    """The adjacency list, one row per territory in number order."""
    game_map = content.map
    crossings = set(game_map.drawing.crossings) if game_map.drawing is not None else set()
    rows = []
    for n in game_map.numbers:
        terr = game_map.territories[n]
        by_sea = tuple(m for m in terr.adjacent if (min(n, m), max(n, m)) in crossings)
        rows.append(AdjacencyRow(n, terr.name, tuple(sorted(terr.adjacent)), by_sea))
    return rows


def neighbour_text(row: AdjacencyRow, castle: bool = False) -> str:
    """One adjacency entry, e.g. "**5** 1, 2, 3, 7, 8" (a castle's icon; "sea 3")."""
    text = f"**{row.number}**{{castle}}" if castle else f"**{row.number}**"
    land = [n for n in row.neighbours if n not in row.by_sea]
    parts = [", ".join(map(str, land))] if land else []
    if row.by_sea:
        parts.append("sea " + ", ".join(map(str, row.by_sea)))
    return text + " " + "; ".join(parts)


class _Card:
    """Flows headed blocks of marked-up lines down a card's safe area."""

    def __init__(self, title: str, body: float) -> None:
        self.body = body
        self.lead = body * 0.42
        self.width = CARD_W - 2 * AID_SAFE
        self.items: list = [Text(CARD_W / 2, AID_SAFE + 3.6, title, 9.0, "middle", bold=True,
                                 color=RUST)]
        self.y = AID_SAFE + 5.6

    def heading(self, text: str) -> None:
        self.y += self.body * 0.5 + 1.4
        self.items.append(Text(AID_SAFE, self.y, text, self.body + 0.5, bold=True, color=RUST))
        self.items.append(Line(AID_SAFE, self.y + 0.9, CARD_W - AID_SAFE, self.y + 0.9,
                               stroke(RUST, 0.2)))
        self.y += 1.0

    def steps(self, lines: list[tuple[str, str]]) -> None:
        for mark, text in lines:
            indent = 2.8 if mark else 0.0
            for i, line in enumerate(break_lines(text, self.width - indent, self.body)):
                self.y += self.lead
                if i == 0 and mark:
                    self.items.append(Text(AID_SAFE, self.y, mark, self.body, bold=True,
                                           color=RUST))
                self.items.extend(set_line(line, AID_SAFE + indent, self.y, self.body, INK))
            self.y += 0.35

    @property
    def fits(self) -> bool:
        return self.y <= CARD_H - AID_SAFE


def _frame(ink_saver: bool) -> list:
    """A thin double frame, its ink AID_FRAME inside the trim so a missed cut keeps it."""
    outer = AID_FRAME + 0.25                  # the 0.5 mm line's outer edge at AID_FRAME
    inner = outer + 0.65
    return [Rect(outer, outer, CARD_W - 2 * outer, CARD_H - 2 * outer, stroke(RUST, 0.5),
                 r=2.4),
            Rect(inner, inner, CARD_W - 2 * inner, CARD_H - 2 * inner,
                 stroke(RUST, 0.2 if ink_saver else 0.25), r=1.8)]


def _turn_card(content: Content, body: float) -> _Card:
    card = _Card("Quick reference: a turn", body)
    card.heading("Turn order")
    card.steps(turn_lines(content))
    card.heading("A battle")
    card.steps(battle_lines())
    return card


def _map_card(content: Content, body: float) -> _Card:
    card = _Card("Quick reference: the map", body)
    card.y += 0.6
    card.steps([("", goal_line(content))])
    card.heading("Symbols")
    icon = min(3.8, body * 0.58)
    col_w = card.width / 2
    half = -(-len(SYMBOLS) // 2)
    row_h = icon + 0.45
    top = card.y + 0.7
    for i, (name, label) in enumerate(SYMBOLS):
        x = AID_SAFE + (i // half) * col_w
        y = top + (i % half) * row_h
        card.items.append(Icon(name, x, y, icon, INK))
        size = fit_size(label, col_w - icon - 1.6, body, minimum=7.0)
        card.items.append(Text(x + icon + 0.9, y + icon * 0.5 + size * 0.13, label, size,
                               color=INK, tag=f"key-{name}"))
    card.y = top + half * row_h - 0.4
    card.heading("Neighbours")
    rows = adjacency_rows(content)
    castles = set(content.map.castles)
    cols = 3 if len(rows) > 12 else 2
    width = card.width / cols
    broken = [(row.number, break_lines(neighbour_text(row, row.number in castles),
                                       width - 1.0, body)) for row in rows]
    # fill the columns in order, each up to an even share of the lines
    share = -(-sum(len(lines) for _, lines in broken) // cols)
    col, used, tallest = 0, 0, 0
    y0 = card.y
    for number, lines in broken:
        if used and used + len(lines) > share and col < cols - 1:
            col, used = col + 1, 0
        items: list = []
        for line in lines:
            used += 1
            x = AID_SAFE + col * width + (1.5 if line is not lines[0] else 0.0)
            items += set_line(line, x, y0 + used * card.lead, body, INK)
        card.items.append(Group(tuple(items), tag=f"adjacent-{number}"))
        tallest = max(tallest, used)
    card.y = y0 + tallest * card.lead
    return card


def _best(make, content: Content) -> _Card:
    """The card at the largest body size that fits (else at the smallest)."""
    for body in AID_SIZES[:-1]:
        card = make(content, body)
        if card.fits:
            return card
    return make(content, AID_SIZES[-1])


def turn_aid(content: Content, ink_saver: bool = False) -> tuple:
    """Aid card 1: goal, the turn sequence, a battle in four lines."""
    return tuple(_frame(ink_saver) + _best(_turn_card, content).items)


def map_aid(content: Content, ink_saver: bool = False) -> tuple:
    """Aid card 2: setup, the symbol key in two columns, the adjacency list."""
    return tuple(_frame(ink_saver) + _best(_map_card, content).items)


def aid_overflow(content: Content) -> list[str]:
    """Notes for aid cards whose text runs past the card even at 7 pt."""
    out = []
    for make, name in ((_turn_card, "turn"), (_map_card, "map")):
        card = _best(make, content)
        if not card.fits:
            out.append(f"the {name} aid card runs {card.y - (CARD_H - AID_SAFE):.1f} mm past "
                       "its edge at 7 pt: shorten names in map.yaml or the setup")
    return out


def king_token(ink_saver: bool = False) -> tuple:
    """A solid dark square with a light crown (ink saver: a thick dark border)."""
    if ink_saver:
        return (Rect(0.9, 0.9, TOKEN - 1.8, TOKEN - 1.8, stroke(KING_DARK, 1.3)),
                Icon("crown", 2.2, 2.2, TOKEN - 4.4, KING_DARK))
    return (Icon("crown", 1.7, 1.7, TOKEN - 3.4, "#ffffff", KING_DARK),)


def player_token(ink_saver: bool = False) -> tuple:
    """A light disc outlined, a helmet in it, snip guides at the corners."""
    r = TOKEN / 2 - 0.5
    disc = stroke(INK, 0.4) if ink_saver else both(PLAYER_TINT, INK, 0.4)
    out: list = [Circle(TOKEN / 2, TOKEN / 2, r, disc),
                 Icon("helmet", TOKEN / 2 - 2.6, TOKEN / 2 - 2.75, 5.2, INK)]
    guide = stroke(GUIDE, 0.2, (0.6, 0.5))
    for cx, cy, sx, sy in ((0, 0, 1, 1), (TOKEN, 0, -1, 1), (0, TOKEN, 1, -1),
                           (TOKEN, TOKEN, -1, -1)):
        out.append(Line(cx + sx * SNIP, cy, cx, cy + sy * SNIP, guide))
    return tuple(out)


def _block_marks(x: float, y: float, cols: int, rows: int, cw: float, ch: float,
                 outset: float, tag: str) -> list:
    """Crop marks `outset` + MARK_GAP beyond a cols x rows block of cw x ch cells at (x, y)."""
    out: list = []
    style = sheets.MARK_STYLE
    top, bottom = y - outset - MARK_GAP, y + rows * ch + outset + MARK_GAP
    left, right = x - outset - MARK_GAP, x + cols * cw + outset + MARK_GAP
    for i in range(cols + 1):
        cx = x + i * cw
        out.append(Line(cx, top, cx, top - MARK_LEN, style, tag=tag))
        out.append(Line(cx, bottom, cx, bottom + MARK_LEN, style, tag=tag))
    for j in range(rows + 1):
        cy = y + j * ch
        out.append(Line(left, cy, left - MARK_LEN, cy, style, tag=tag))
        out.append(Line(right, cy, right + MARK_LEN, cy, style, tag=tag))
    return out


def token_block(side: str, count: int, x: float, y: float, ink_saver: bool = False) -> list:
    """`count` tokens of one side ("king" | "player") in rows of TOKEN_COLS at (x, y)."""
    cols = min(TOKEN_COLS, count)
    rows = -(-count // cols)
    out: list = []
    if side == "king" and not ink_saver:
        # one dark area over the whole block and its bleed: a missed cut shows no white
        out.append(Rect(x - TOKEN_BLEED, y - TOKEN_BLEED, cols * TOKEN + 2 * TOKEN_BLEED,
                        rows * TOKEN + 2 * TOKEN_BLEED, fill(KING_DARK)))
    if side == "player":
        for i in range(1, cols):    # faint guides between cells: cut on them
            out.append(Line(x + i * TOKEN, y, x + i * TOKEN, y + rows * TOKEN, stroke(GUIDE, 0.15)))
        for j in range(1, rows):
            out.append(Line(x, y + j * TOKEN, x + cols * TOKEN, y + j * TOKEN, stroke(GUIDE, 0.15)))
    face = king_token(ink_saver) if side == "king" else player_token(ink_saver)
    for k in range(count):
        out.append(Group(face, x + (k % cols) * TOKEN, y + (k // cols) * TOKEN,
                         tag=f"token-{side}-{k + 1}"))
    outset = TOKEN_BLEED if side == "king" and not ink_saver else 0.0
    out += _block_marks(x, y, cols, rows, TOKEN, TOKEN, outset, f"crop-{side}")
    return out


def _new_page(paper: str, name: str, title: str) -> Page:
    page_w, page_h = sheets.paper_size(paper)
    page = Page(page_w, page_h, name=name)
    page.add(Text(MARGIN, MARGIN + 3.0, title, 12, bold=True, color=INK, tag="title"))
    page.add(Line(MARGIN, MARGIN + 5.2, page_w - MARGIN, MARGIN + 5.2, stroke(RUST, 0.4)))
    sheets.text_page_aids(page, MARGIN, "extras", INK)
    return page


def _token_rows(page: Page, y: float, first: int, count: int, total: int,
                ink_saver: bool) -> int:
    """Draw what fits from y down of tokens first+1 .. first+count; return how many a side."""
    gap = MARK_GAP + MARK_LEN + 1.0
    cols = min(TOKEN_COLS, total)
    block_w = cols * TOKEN
    room = page.height - MARGIN - 12.0 - gap - 10.0 - y     # footer and labels below
    rows = min(-(-count // cols), max(0, int(room // TOKEN)))
    drawn = min(count, rows * cols)
    if drawn == 0:
        return 0
    spread = 30.0
    kx = (page.width - 2 * block_w - spread) / 2
    px = kx + block_w + spread
    for side, x in (("king", kx), ("player", px)):
        for item in token_block(side, drawn, x, y, ink_saver):
            if item.tag.startswith("token-"):   # number the tokens across pages
                k = int(item.tag.rsplit("-", 1)[1]) + first
                item = Group(item.items, item.dx, item.dy, tag=f"token-{side}-{k}")
            page.add(item)
    label_y = y + rows * TOKEN + TOKEN_BLEED + gap + 2.5     # below the crop marks
    page.add(Text(kx + block_w / 2, label_y, "the King", 7, "middle", bold=True, color=INK))
    page.add(Text(px + block_w / 2, label_y, "you", 7, "middle", bold=True, color=INK))
    return drawn


def extras_pages(content: Content, paper: str, ink_saver: bool = False) -> list[Page]:
    """The extras sheet (portrait): aid cards, then tokens (more sheets for many)."""
    page = _new_page(paper, "extras", f"{sheets.GAME_TITLE}: player aids and cube tokens")
    page_w = page.width
    # two aid cards side by side, sharing their middle cut
    gap = MARK_GAP + MARK_LEN + 1.0
    ax = (page_w - 2 * CARD_W) / 2
    ay = MARGIN + 7.0 + sheets.BLEED + gap
    if not ink_saver:   # one ground under both cards and the bleed around them
        page.add(Rect(ax - sheets.BLEED, ay - sheets.BLEED, 2 * CARD_W + 2 * sheets.BLEED,
                      CARD_H + 2 * sheets.BLEED, fill(AID_TINT), tag="aid-bleed"))
    page.add(Group(turn_aid(content, ink_saver), ax, ay, tag="aid-turn"))
    page.add(Group(map_aid(content, ink_saver), ax + CARD_W, ay, tag="aid-map"))
    page.extend(_block_marks(ax, ay, 2, 1, CARD_W, CARD_H, sheets.BLEED, "crop-aid"))
    y = ay + CARD_H + sheets.BLEED + gap + 5.0

    forces = content.map.forces
    page.add(Text(MARGIN, y, "Cube tokens, if you have no cubes", 9, bold=True, color=RUST))
    note = (f"{forces} for the King (dark squares) and {forces} for you (light discs). Cut "
            "between the marks, then snip the corners off your discs along the dotted guides.")
    lines = break_lines(note, page_w - 2 * MARGIN, 7.0)
    for i, line in enumerate(lines):
        page.extend(set_line(line, MARGIN, y + 3.6 + i * 3.1, 7.0, INK))
    ty = y + 3.6 + 3.1 * len(lines) + gap + 2.0
    pages = [page]
    done = _token_rows(page, ty, 0, forces, forces, ink_saver)
    while done < forces:
        more = _new_page(paper, f"extras-{len(pages) + 1}",
                         f"{sheets.GAME_TITLE}: cube tokens (continued)")
        done += _token_rows(more, MARGIN + 7.0 + gap + 2.0, done, forces - done, forces, ink_saver)
        pages.append(more)
    return pages
