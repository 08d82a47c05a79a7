"""The print guide page and the duplex alignment test of the print-and-play pack.

The guide: a table of what to print, then how, worded for the chosen layout, map size and the
content's numbers. The duplex test: crosses at the first and last card slots, mirrored on the
back, with 1 mm ticks to measure the offset that `throne build --back-offset` cancels.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import (
    PT,
    Circle,
    Group,
    Line,
    Page,
    Rect,
    Text,
    both,
    fit_size,
    stroke,
    text_width,
)
from throne_pnp.render.components import sheets
from throne_pnp.render.components.ladder_text import guide_blocks
from throne_pnp.render.components.rulesheet import INK, NOTE, RUST, break_lines, set_line
from throne_pnp.render.components.sheets import CARD_H, CARD_W

MARGIN = 11.0
FOLD_STOCK = "plain paper of 80-120 gsm"   # folded in two: a card of 160-240 gsm
GUTTER = 7.0
BODY_SIZES = (9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5)
LAYOUT_WORDS = {"duplex": "double-sided printing", "fold": "fold and glue",
                "backs-separate": "fronts and backs on separate sheets"}


@dataclass(frozen=True, slots=True)
class Section:
    """One part of the pack as the guide lists it."""

    title: str
    first: int               # page numbers in the pack, 1-based
    last: int
    paper: str               # what to print it on
    setting: str             # the printer setting, in a few words

    @property
    def pages(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


def guide_text(content: Content, layout: str, sections: list[Section]) -> list[tuple[str, str]]:
    """The guide's running text as (kind: head | para | bullet, marked-up text)."""
    forces = content.map.forces
    cards = len(content.cards)
    test = next((s for s in sections if s.title.startswith("Duplex test")), None)
    card_part = next((s for s in sections if s.title.startswith("Action cards")), None)
    card_sheets = sum(_sheets(s) for s in sections if s.paper.startswith("card"))
    plain_sheets = sum(_sheets(s) for s in sections if s.title != "This guide"
                       and not s.paper.startswith(("card", "the printed", "A3", "Tabloid")))
    big = next((s.paper.split(",")[0] for s in sections
                if s.paper.startswith(("A3", "Tabloid"))), "")
    sleeves = cards + 2
    out: list[tuple[str, str]] = [
        ("head", "You need"),
        ("bullet", f"{card_sheets} sheets of card and {plain_sheets} of plain paper"
                   + (f", one {big} sheet for the map" if big else "")
                   + " (the map on card if you can); a metal ruler and a craft knife or a "
                   "trimmer; scissors; a glue stick for the fold layout."),
        ("bullet", f"{forces} + {forces} cubes in two colours, or the tokens; if you like, "
                   f"{sleeves} poker sleeves (63.5 x 88 mm) for the {cards} cards and the two "
                   "aid cards."),
        ("head", "Printer settings"),
        ("bullet", "**Scale 100 %** (\"actual size\"); never \"fit to page\" or \"shrink\". "
                   "Every sheet has a 50 mm bar: measure it on the first sheet before you "
                   "print the rest."),
        ("bullet", "Colour or **greyscale** both work: every symbol differs in shape. "
                   "`throne build --ink-saver` gives outlines instead of dark areas."),
    ]
    if layout == "duplex" and card_part is not None:
        both = f"pages {test.pages} and {card_part.pages}" if test else f"pages {card_part.pages}"
        out.append(("bullet", f"Print {both} **double-sided, flip on the long edge** (also "
                              "called long-edge binding); every back then lands behind its "
                              "own front. Print every other page single-sided: this file "
                              "mixes both, so it has no duplex preset; cards.pdf alone "
                              "comes preset for long-edge duplex."))
    elif layout == "backs-separate" and card_part is not None:
        out.append(("bullet", "No duplex needed: print the fronts, put the printed stack back "
                              "in the tray turned over on its long edge, then print the "
                              "backs (pages as listed above)."))
    else:
        out.append(("bullet", "Everything prints single-sided."))
    if test is not None:
        out.append(("bullet", f"**Test duplex first** (pages {test.pages}, same setting as "
                              "the cards). Hold the sheet to a window: the crosses of both "
                              "sides must meet. Up to 2 mm off is fine (the card colour runs "
                              "3 mm past each cut). Further off, or one cross far from the "
                              "other: check \"long edge\" or use `--layout fold`."))
    out += [
        ("head", "Paper"),
        ("bullet", ("**Cards (fold and glue):** " + FOLD_STOCK + ", never card (see "
                    "below). **Aid cards, tokens:** " if layout == "fold" else
                    "**Cards, aid cards, tokens:** ")
                   + "card of 160-200 gsm if your printer takes it "
                   "(look up its heaviest paper; feed one sheet at a time). Or print on "
                   "plain paper and slip each card into a sleeve in front of an old "
                   "playing card."),
        ("bullet", "**Map:** 120-160 gsm, or plain paper under a clear sheet. "
                   "**Rules:** plain paper."),
        ("head", "Cutting"),
        ("bullet", "A metal ruler and a craft knife on a mat, or a paper trimmer; "
                   "scissors do for the tokens."),
        ("bullet", "Each short mark outside a block is the end of one cut: lay the ruler "
                   "from a mark to its partner across the block and cut straight through. "
                   "Long cuts first, then the short ones; the strip beyond the outer cuts "
                   "is waste."),
        ("bullet", "Neighbouring cards share one cut, and their colour runs to it, so a "
                   "cut a little off still looks clean."),
        ("head", "Fold and glue"),
    ]
    if layout == "fold":
        out.append(("bullet", "Each front sits above its back. Cut out the pair, score the "
                              "fold line with a blunt knife along the ruler, fold, glue the "
                              "halves together with a glue stick (edges too), press flat "
                              "under books for an hour, then trim."))
        out.append(("bullet", f"**Paper for folding:** {FOLD_STOCK}. Folded and glued, "
                              "its two layers make a card of 160-240 gsm. Card of 160 gsm or "
                              "more doubles to 320 gsm and over: score it along the fold "
                              "first or it cracks, and the cards come out thick and stiff."))
    else:
        out.append(("bullet", "No duplex printer and no patience for feeding sheets twice? "
                              "`throne build --layout fold` puts each front above its back: "
                              "fold on the line, glue the halves, press flat, then cut."))
    out += [
        ("head", "Cubes, tokens and aid cards"),
        ("bullet", f"You need {forces} cubes {{cube}} for you and {forces} {{king-cube}} for "
                   "the King, in two colours: wooden game cubes of 8 or 10 mm fit the 10 mm "
                   "spaces on the map."),
        ("bullet", "No cubes? Cut the tokens of the extras sheet: the **dark squares** with "
                   "a crown are the King's, the **light discs** with a helmet are yours. One "
                   "token stands for one cube; stack them in a territory."),
        ("bullet", f"The two aid cards (turn and battle; setup and map) are the size of the "
                   f"{cards} action cards, so they sleeve and stand with the deck."),
    ]
    map_part = next((s for s in sections if s.title.startswith("Map")), None)
    if map_part is not None and "sheets to join" in map_part.title:
        out.insert(out.index(("head", "Fold and glue")) + 1,
                   ("bullet", f"**The map** comes on {map_part.last - map_part.first + 1} "
                              "sheets: cut the second along the map's left edge and lay it "
                              "over the first sheet's glue strip, its edge on the dashed line "
                              "(it just hides the start of each tick) and its frame running "
                              "on from the first's; glue. The ticks vanish under it."))
    elif map_part is not None and ("A3" in map_part.title or "Tabloid" in map_part.title):
        out.append(("bullet", "The map page is larger than the rest: load A3 / Tabloid paper "
                              "for it, still at 100 %."))
    return out + guide_blocks(content)


class _Columns:
    """Flows marked-up blocks down two columns of a page region."""

    def __init__(self, x: float, top: float, bottom: float, width: float, body: float) -> None:
        self.x0, self.top, self.bottom = x, top, bottom
        self.col_w = (width - GUTTER) / 2
        self.body = body
        self.lead = body * 0.44
        self.col = 0
        self.y = top
        self.items: list = []
        self.overflow = False

    @property
    def x(self) -> float:
        return self.x0 + self.col * (self.col_w + GUTTER)

    def _room(self, height: float) -> None:
        if self.y + height > self.bottom:
            if self.col == 0:
                self.col, self.y = 1, self.top
            else:
                self.overflow = True

    def height(self, kind: str, text: str) -> float:
        indent = 3.0 if kind == "bullet" else 0.0
        return len(break_lines(text, self.col_w - indent, self.body)) * self.lead + 0.9

    def head(self, text: str, section: float = 0.0) -> None:
        """A heading, moved to the next column unless it fits with its `section` below."""
        size = self.body + 1.5
        self._room(size * PT + 3.2 + max(section, 3 * self.lead))
        if self.y > self.top:
            self.y += 2.0
        self.y += size * PT
        self.items.append(Text(self.x, self.y, text, size, bold=True, color=RUST))
        self.items.append(Line(self.x, self.y + 1.0, self.x + self.col_w, self.y + 1.0,
                               stroke(RUST, 0.25)))
        self.y += 1.2

    def block(self, kind: str, text: str) -> None:
        indent = 3.0 if kind == "bullet" else 0.0
        lines = break_lines(text, self.col_w - indent, self.body)
        self._room(len(lines) * self.lead)
        for i, line in enumerate(lines):
            self.y += self.lead
            if i == 0 and kind == "bullet":
                self.items.append(Rect(self.x + 0.6, self.y - self.body * 0.23, 1.1, 1.1,
                                       both(RUST, RUST, 0.1)))
            self.items.extend(set_line(line, self.x + indent, self.y, self.body, INK))
        self.y += 0.9


def _table(sections: list[Section], x: float, y: float, width: float,
           ink_saver: bool = False) -> tuple[list, float]:
    """The "what to print" table; returns its shapes and the y below it."""
    size, lead = 7.5, 4.2
    cols = (("Pages", 0.0), ("What", 13.0), ("Paper", 0.44), ("Printer setting", 0.67))
    xs = [x + 1.5, x + 13.0] + [x + width * f for _, f in cols[2:]]
    head = stroke(RUST, 0.25) if ink_saver else both(NOTE, NOTE, 0.1)
    out: list = [Rect(x, y, width, lead + 1.2, head)]
    for (name, _), cx in zip(cols, xs, strict=True):
        out.append(Text(cx, y + lead - 0.6, name, size, bold=True, color=RUST))
    yy = y + lead + 1.2
    for section in sections:
        cells = (section.pages, section.title, section.paper, section.setting)
        widths = [xs[1] - xs[0] - 1, xs[2] - xs[1] - 1.5, xs[3] - xs[2] - 1.5,
                  x + width - xs[3] - 1]
        wrapped = [break_lines(text, w, size, bold=(i == 0)) for i, (text, w)
                   in enumerate(zip(cells, widths, strict=True))]
        rows = max(len(w) for w in wrapped)
        for i, lines in enumerate(wrapped):
            for k, line in enumerate(lines):
                out.extend(set_line(line, xs[i], yy + lead * (k + 1) - 1.0, size, INK))
        yy += rows * lead + 0.8
        out.append(Line(x, yy, x + width, yy, stroke("#c9bba4", 0.2)))
    return out, yy


def guide_page(content: Content, paper: str, layout: str, sections: list[Section],
               ink_saver: bool = False) -> Page:
    """The one-page print guide (portrait) for the pack's `sections`."""
    page_w, page_h = sheets.paper_size(paper)
    page = Page(page_w, page_h, name="guide")
    title = f"{sheets.GAME_TITLE}: print-and-play guide"
    page.add(Text(MARGIN, MARGIN + 5.0, title, 15, bold=True, color=INK, tag="title"))
    width = page_w - 2 * MARGIN
    tail = (f", {paper.upper() if paper == 'a4' else paper.title()} paper, cards laid out "
            f"for {LAYOUT_WORDS.get(layout, layout)}.")
    name = content.map.name
    while name and text_width(name + tail, 6.0) > width:    # an edition's very long name
        name = name[:-4].rstrip() + "..."
    sub = name + tail
    page.add(Text(MARGIN, MARGIN + 10.0, sub, fit_size(sub, width, 8.0, minimum=6.0), color=INK))
    page.add(Line(MARGIN, MARGIN + 12.0, page_w - MARGIN, MARGIN + 12.0, stroke(RUST, 0.5)))
    page.add(Text(MARGIN, MARGIN + 18.0, "What to print", 10, bold=True, color=RUST))
    table, y = _table(sections, MARGIN, MARGIN + 20.0, width, ink_saver)
    page.extend(table)
    blocks = guide_text(content, layout, sections)
    bottom = page_h - MARGIN - 7.0
    page.extend(_flow(blocks, y + 3.0, bottom, width).items)
    sheets.text_page_aids(page, MARGIN, "print guide", INK)
    return page


def _flow(blocks: list[tuple[str, str]], top: float, bottom: float, width: float) -> _Columns:
    """The text in two columns at the largest body size that fits above `bottom`,
    balanced: the shortest column height (to 0.5 mm) that takes it all."""
    def run(body: float, limit: float) -> _Columns:
        flow = _Columns(MARGIN, top, limit, width, body)
        for i, (kind, text) in enumerate(blocks):
            if kind == "head":
                under = 0.0
                for kind2, text2 in blocks[i + 1:]:
                    if kind2 == "head":
                        break
                    under += flow.height(kind2, text2)
                flow.head(text, under)
            else:
                flow.block(kind, text)
        return flow

    for body in BODY_SIZES:
        if run(body, bottom).overflow:
            continue
        low, high = top, bottom          # overflows at low, fits at high
        while high - low > 0.5:
            mid = (low + high) / 2
            if run(body, mid).overflow:
                low = mid
            else:
                high = mid
        return run(body, high)
    return run(BODY_SIZES[-1], bottom)


def _sheets(section: Section) -> int:
    """Sheets of paper a section takes (one per two pages when printed both sides)."""
    pages = section.last - section.first + 1
    both_sides = "double-sided" in section.setting or "turned over" in section.setting
    return -(-pages // 2) if both_sides else pages


def cross_points(paper: str) -> list[tuple[float, float]]:
    """Side 1's cross centres: those of a card sheet's first and last slots."""
    grid = sheets.card_grid(paper)
    (x0, y0), (x1, y1) = grid.cell(0, 0), grid.cell(grid.cols - 1, grid.rows - 1)
    return [(x0 + CARD_W / 2, y0 + CARD_H / 2), (x1 + CARD_W / 2, y1 + CARD_H / 2)]


def _ruled_cross(x: float, y: float, label: str) -> Group:
    """Side 1's cross: arms of 24 mm with a tick every millimetre (longer at 5)."""
    arm = 12.0
    items: list = [Line(-arm, 0, arm, 0, stroke(INK, 0.25)),
                   Line(0, -arm, 0, arm, stroke(INK, 0.25))]
    for k in range(-10, 11):
        if k == 0:
            continue
        t = 1.2 if k % 5 else 2.2
        items.append(Line(k, -t / 2, k, t / 2, stroke(INK, 0.15)))
        items.append(Line(-t / 2, k, t / 2, k, stroke(INK, 0.15)))
    items.append(Circle(0, 0, 2.0, stroke(RUST, 0.2)))
    items.append(Text(arm + 1.5, -1.5, label, 9, bold=True, color=RUST))
    items.append(Text(-arm, arm + 4.0, "ticks: 1 mm", 6.5, color=INK))
    return Group(tuple(items), x, y, tag=f"duplex-cross-{label}")


def _bold_cross(x: float, y: float, label: str) -> Group:
    """Side 2's cross: thick and plain, to be seen through the paper."""
    arm = 9.0
    items: list = [Line(-arm, 0, arm, 0, stroke(INK, 0.6)),
                   Line(0, -arm, 0, arm, stroke(INK, 0.6)),
                   Circle(0, 0, 4.0, stroke(INK, 0.4)),
                   Text(-arm - 1.5, -1.5, label, 9, "end", bold=True, color=RUST)]
    return Group(tuple(items), x, y, tag=f"duplex-cross-{label}")


def _test_text(page: Page, lines: list[str], y: float) -> None:
    width = page.width - 2 * MARGIN - 20
    for text in lines:
        for line in break_lines(text, width, 8.5):
            page.extend(set_line(line, MARGIN + 10, y, 8.5, INK))
            y += 4.0
        y += 1.5


def alignment_pages(paper: str, manual: bool = False) -> list[Page]:
    """The test's two sides: ruled crosses, then bold ones mirrored for a long-edge
    flip; `manual`: fed twice by hand (backs-separate) rather than duplex."""
    page_w, page_h = sheets.paper_size(paper)
    front = Page(page_w, page_h, name="duplex-test-1")
    back = Page(page_w, page_h, name="duplex-test-2")
    points = cross_points(paper)
    for (x, y), label in zip(points, "AB", strict=True):
        front.add(_ruled_cross(x, y, label))
        back.add(_bold_cross(page_w - x, y, label))
    for page, side in ((front, 1), (back, 2)):
        head = f"Duplex test, side {side} of 2"
        page.add(Text(page_w / 2, page_h / 2 - 26, head, 16, "middle", bold=True, color=INK,
                      tag="title"))
        sheets.text_page_aids(page, MARGIN, f"duplex test, side {side}", INK)
    _test_text(front, [
        ("Print this page at 100 %, put the sheet back in the tray turned over on its long "
         "edge, and print the next page on its back, just as you will feed the card sheets."
         if manual else
         "Print this page and the next double-sided, flip on the long edge, at 100 %, "
         "with the same settings you will use for the card sheets."),
        "Hold the sheet up to a window or a lamp. Seen through the paper, the bold cross "
        "of side 2 should sit on each ruled cross A and B of this side. A and B mark the "
        "centres of the first and the last card of a card sheet.",
        "Within 1 mm (one tick): print the cards as they are. Off by the same amount at A "
        "and B: your printer shifts the back. Read on the ticks how many mm the bold cross "
        "sits right of the ruled one (X; left is negative) and below it (Y; above is "
        "negative), and build with throne build --back-offset X,Y: every back then moves "
        "to cancel the shift (print this test again to check). "
        "A cross missing or upside down: the sheet was flipped on the short edge; change "
        "the setting, or build the fold-and-glue layout (throne build --layout fold).",
    ], page_h / 2 - 16)
    _test_text(back, [
        "Side 2: the bold crosses. Seen from side 1 through the paper they should sit on "
        "the ruled crosses A and B.",
    ], page_h / 2 - 16)
    return [front, back]
