"""The rules booklet: a cover with the map, then `rules.txt` typeset in the serif over A4 or
Letter pages, and the same pages imposed as an A5 saddle-stitched booklet.

The parsed text becomes units (a line, a heading kept with what follows, a boxed note, a
flow-chart box, a figure) poured into two full columns per page: the left one to its foot,
then the right one, so the reading order never jumps. A flow chart's boxes and a worked
example's boards part only where both stay in view (the next column on the page, or across a
spread), never over a page turn. A paragraph leaves no single line at a column's foot or
head; a column that ends short of its foot has the gap spread over its paragraph spaces; the
last page's columns are balanced.
Each page but the cover has its number at its foot and the text ends on a colophon (the build
stamp), both inside the laid pages so the A5 booklet keeps them; the 50 mm bar sits under
every page's text block.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from throne_pnp.content import Content
from throne_pnp.narrator.worked import work_all
from throne_pnp.render.backend.layout import PT, Group, Line, Page, Poly, Rect, Text, both, stroke
from throne_pnp.render.components import bookfigs, sheets
from throne_pnp.render.components.rulesheet import (
    INK,
    NOTE,
    RUST,
    Block,
    break_lines,
    parse_rules,
    set_line,
)
from throne_pnp.rules.board import board_for

MARGIN = 13.0
GUTTER = 7.0
BODY = 12.0           # pt: body text in the serif (SPEC: 9 pt or more)
LEAD = 5.3           # mm between baselines
HEAD = 15.0
SUB = 13.0
BOX_PAD = 1.8
ARROW_GAP = 4.5       # between two boxes of a flow chart, with its arrow
A5_MARGIN = 8.0       # an imposed page's block from the paper's edge and from the fold, mm
STRETCH = 8.0         # the most a paragraph space grows to fill a column, mm
FOLIO = 9.0           # pt: the page number and the colophon (6.3 pt on the A5 booklet)
BOOKLETS = ("pages", "a5")       # rules.pdf only, or also rules-a5.pdf imposed
IMPOSED_FILE = "rules-a5.pdf"
RULING_WORDS = {
    ("home_lost_when", "empty"): "you lose when your home castle holds none of your cubes",
    ("home_lost_when", "king-holds"): "you lose when the King's cubes alone hold your home",
    ("castle_targets", "all"): "the King moves towards every castle, his own included",
    ("castle_targets", "not-king"): "the King moves only towards castles he does not hold",
    ("over_limit_move", "refuse"): "a move or rally that breaks your limit is not allowed",
    ("over_limit_move", "trim"): "a move over your limit is made and the extra cubes removed",
}


@dataclass(slots=True)
class Unit:
    """Something the flow places: shapes relative to its own top-left corner."""

    height: float
    shapes: list = field(default_factory=list)
    keep: bool = False        # keep with the next unit (headings, a paragraph's edges)
    joined: bool = False      # part from the next unit only where both stay in view: a flow
                              # chart's boxes, an example's boards (same page or spread)
    brk: str = ""             # "page" | "column": a break, no shapes
    space: float = 0.0        # room above it, dropped at the top of a column
    anchor: str = ""          # a section heading's title, for the cover's contents


def rules_pages(content: Content, paper: str, ink_saver: bool = False,
                laid: list[Page] | None = None) -> list[Page]:
    """The booklet on one paper size (portrait pages): the cover, then the rules, each with
    the 50 mm bar just under its text block. `laid`: the pages of `lay_out`, when
    the caller sets them once for both papers."""
    pages = on_paper(laid or lay_out(content, ink_saver), paper)
    width, height = block_size()
    for page in pages:      # SPEC: every sheet carries the bar that catches a scaled print
        page.add(sheets.scale_bar((page.width - width) / 2, (page.height + height) / 2 + 2.0))
    return pages


def booklet_sheets(content: Content, paper: str, ink_saver: bool = False,
                   laid: list[Page] | None = None) -> list[Page]:
    """The booklet imposed for saddle stitching, with each sheet's own print aids."""
    sheets_out = imposed_pages(laid or lay_out(content, ink_saver), paper)
    for i, sheet in enumerate(sheets_out, start=1):
        side = "front" if i % 2 else "back"
        sheets.text_page_aids(sheet, MARGIN, f"rules booklet, sheet {(i + 1) // 2} {side}: "
                              "print both sides, flip on the short edge, fold, staple", INK)
    return sheets_out


def lay_out(content: Content, ink_saver: bool = False) -> list[Page]:
    """The booklet's pages as text blocks (`block_size`) with their numbers and the
    colophon, without paper or print aids: the same for A4 and Letter, so set once for both."""
    blocks = parse_rules(content.rules_text)
    title = next((b.text for b in blocks if b.kind == "title"), f"{sheets.GAME_TITLE}: rules")
    col_w = (block_size()[0] - GUTTER) / 2
    worked = work_all(board_for(content), content.examples) if content.examples else {}
    units = list(_units(blocks, content, worked, col_w, ink_saver))
    units.append(_box(switches_text(content), col_w, note=True))
    units.append(Unit(LEAD, [Text(0, LEAD - 1.5, sheets.stamp_text(content), FOLIO,
                                  color=sheets.STAMP_INK, serif=True, tag="stamp")], space=6.0))
    first = 2 if content.map.drawable else 1      # the cover goes unnumbered
    flow = _Flow(title, col_w, first)
    pages = flow.run(units)
    if content.map.drawable:
        pages.insert(0, _cover(content, title, flow.contents, ink_saver))
    for number, page in enumerate(pages[first - 1:], start=first):
        page.add(Text(page.width / 2, page.height - 2.0, str(number), FOLIO, "middle",
                      color=INK, serif=True, tag="folio"))
    if ink_saver:
        for page in pages:
            page.items = [_lighten(item) for item in page.items]
    return pages


def on_paper(laid: list[Page], paper: str) -> list[Page]:
    """The laid-out text blocks centred on pages of `paper`."""
    width, height = sheets.paper_size(paper)
    x, y = (width - laid[0].width) / 2, (height - laid[0].height) / 2
    return [Page(width, height, [Group(tuple(block.items), x, y)], name=f"rules-{i}")
            for i, block in enumerate(laid, start=1)]


def switches_text(content: Content) -> str:
    """The edition's rulings switches, in words: a printed booklet says how it is ruled."""
    r = content.rulings
    said = [RULING_WORDS[key, getattr(r, key)] for key in
            ("home_lost_when", "castle_targets", "over_limit_move")]
    return f"**In this edition** {said[0]}; {said[1]}; and {said[2]} (R2, R8, R12)."


def saddle_order(count: int) -> list[tuple[int | None, int | None]]:
    """The A5 sheets' sides as (left, right) page indexes, 0-based, for `count` pages padded
    to a multiple of four (None: a blank): 8 pages give 8-1, 2-7, 6-3, 4-5."""
    total = -(-count // 4) * 4
    sides = []
    for k in range(total // 2):
        left, right = (total - 1 - k, k) if k % 2 == 0 else (k, total - 1 - k)
        sides.append(tuple(i if i < count else None for i in (left, right)))
    return sides  # type: ignore[return-value]


def imposed_pages(pages: list[Page], paper: str) -> list[Page]:
    """The booklet's text blocks (`lay_out`) two to a landscape sheet in saddle order, each
    scaled into its half (A5 on A4, half-letter on Letter) within A5_MARGIN of its edges
    and the fold; print duplex, flip on the short edge, fold."""
    sheet_w, sheet_h = sheets.paper_size(paper)[::-1]
    page_w, page_h = pages[0].width, pages[0].height
    scale = min((sheet_w / 2 - 2 * A5_MARGIN) / page_w, (sheet_h - 2 * MARGIN) / page_h)
    out = []
    for n, pair in enumerate(saddle_order(len(pages)), start=1):
        sheet = Page(sheet_w, sheet_h, name=f"booklet-{n}")
        for half, index in enumerate(pair):
            if index is not None:
                x = half * sheet_w / 2 + (sheet_w / 2 - page_w * scale) / 2
                y = (sheet_h - page_h * scale) / 2
                sheet.add(Group(tuple(pages[index].items), x, y, scale=scale,
                                tag=f"booklet-page-{index + 1}"))
        out.append(sheet)
    return out


def _lines(text: str, width: float, indent: float = 0.0, mark: str = "",
           bullet: bool = False) -> list[Unit]:
    out = []
    broken = break_lines(text, width - indent, BODY, serif=True)
    for i, line in enumerate(broken):
        shapes = set_line(line, indent, LEAD, BODY, INK, serif=True)
        if i == 0 and bullet:
            shapes.append(Rect(0.8, LEAD - 1.75, 1.2, 1.2, both(RUST, RUST, 0.1)))
        if i == 0 and mark:
            shapes.append(Text(3.6, LEAD, f"{mark}.", BODY, "end", bold=True, color=RUST,
                               serif=True))
        # no lone first line at a column's foot, no lone last line at its head
        out.append(Unit(LEAD, shapes, keep=len(broken) > 1 and i in (0, len(broken) - 2)))
    return out


def _heading(text: str, width: float, size: float, anchor: str, rule: bool) -> Unit:
    base = size * PT * 0.9
    shapes = set_line(break_lines(text, width, size, bold=True, serif=True)[0], 0, base, size,
                      RUST, serif=True)
    if rule:
        shapes.append(Line(0, base + 1.4, width, base + 1.4, stroke(RUST, 0.35)))
    tag = f"heading-{anchor}" if anchor else ""
    return Unit(base + (1.9 if rule else 0.4), [Group(tuple(shapes), tag=tag)], keep=True,
                space=4.0 if rule else 2.2, anchor=text if rule else "")


def _box(text: str, width: float, joined: bool = False, note: bool = False) -> Unit:
    """A boxed `note`, or a box of a flow chart, `joined` to the box above by an arrow."""
    lines = break_lines(text, width - 2 * BOX_PAD, BODY, serif=True)
    top = ARROW_GAP if joined else 0.0
    h = len(lines) * LEAD + 2 * BOX_PAD
    paint, r = (both(NOTE, RUST, 0.3), 1.2) if note else (both("#ffffff", RUST, 0.45), 1.5)
    shapes: list = [Rect(0, top, width, h, paint, r=r)]
    if joined:
        cx = width / 2
        shapes.append(Line(cx, 0.4, cx, top - 1.6, stroke(RUST, 0.6)))
        shapes.append(Poly(((cx - 1.4, top - 1.9), (cx + 1.4, top - 1.9), (cx, top - 0.2)),
                           both(RUST, RUST, 0.1)))
    for i, line in enumerate(lines):
        shapes += set_line(line, BOX_PAD, top + BOX_PAD - 0.7 + (i + 1) * LEAD, BODY,
                           serif=True)
    return Unit(top + h, shapes, space=0.0 if joined else 1.8)


def _units(blocks: list[Block], content: Content, worked: dict, col_w: float, ink_saver: bool):
    previous = ""
    for block, following in zip(blocks, [*blocks[1:], Block("end", "")], strict=True):
        kind = block.kind
        if kind == "title":
            continue
        if kind == "heading":
            yield _heading(block.text, col_w, HEAD, block.anchor, True)
        elif kind == "sub":
            yield _heading(block.text, col_w, SUB, block.anchor, False)
        elif kind == "note":
            yield _box(block.text, col_w, note=True)
        elif kind == "box":      # a flow chart is kept whole
            yield replace(_box(block.text, col_w, previous == "box"),
                          joined=following.kind == "box")
        elif kind == "directive":
            yield from _directive(block, content, worked, col_w, ink_saver)
        else:
            indent = {"bullet": 3.4, "step": 4.8}.get(kind, 0.0)
            lines = _lines(block.text, col_w, indent, block.mark if kind == "step" else "",
                           kind == "bullet")
            lines[0].space = 1.6 if kind == "para" else 0.6
            lines[-1].keep = following.kind == "box"     # the words that open a flow chart
            yield from lines
        previous = kind


def _directive(block: Block, content: Content, worked: dict, col_w: float, ink_saver: bool):
    word, arg = block.text, block.mark
    drawable = content.map.drawable
    if word in ("page", "column"):
        yield Unit(0.0, brk=word)
    elif word == "example" and drawable:
        parts = bookfigs.example_parts(content, worked[arg], col_w, BODY, LEAD, ink_saver)
        for i, (shapes, h, keep) in enumerate(parts):
            yield Unit(h, shapes, joined=keep, space=(4.0 if i == 0 else 0.0))
    elif word == "figure" and drawable:
        shapes, h = bookfigs.setup_figure(content, col_w, BODY, LEAD, ink_saver)
        yield Unit(h, shapes, space=2.5)
    elif word == "ladder":
        shapes, h = bookfigs.ladder_figure(content, col_w, BODY, LEAD)
        yield Unit(h, shapes, space=1.5)
    elif word == "borders":
        shapes, h = bookfigs.borders_figure(content, col_w, BODY, LEAD)
        yield Unit(h, shapes, space=1.5)


def block_size() -> tuple[float, float]:
    """The booklet's text block (mm): the same on A4 and Letter (the narrower paper's width,
    the shorter one's height), so both papers break the same lines on the same pages."""
    sizes = [sheets.paper_size(p) for p in ("a4", "letter")]
    return (min(w for w, _ in sizes) - 2 * MARGIN, min(h for _, h in sizes) - 2 * MARGIN)


class _Flow:
    """Pours units into two full columns a page, left then right, and draws them."""

    def __init__(self, title: str, col_w: float, first: int) -> None:
        self.first = first        # the booklet's number of the first page poured
        self.x = self.top = 0.0
        self.width, height = block_size()
        self.title = title
        self.col_w = col_w
        self.bottom = self.top + height - 8.0
        self.columns: list[list[list[Unit]]] = []   # per page: left and right units
        self.col = 0
        self.y = 0.0
        self.contents: list[tuple[str, int]] = []   # (section, page number from 1)

    def _new_page(self) -> None:
        self.columns.append([[], []])
        self.col, self.y = 0, self.top + 9.0

    def run(self, units: list[Unit]) -> list[Page]:
        self._new_page()
        for i, unit in enumerate(units):
            column = self.columns[-1][self.col]
            if unit.brk:
                if column and (unit.brk == "column" or any(self.columns[-1])):
                    self._next_column(unit.brk == "page")
                continue
            need = self._chain(units, i, bool(column), self._next_in_view())
            if column and self.y + need > self.bottom:
                self._next_column()
                column = self.columns[-1][self.col]
            self.y += (unit.space if column else 0.0) + unit.height
            column.append(unit)
            if unit.anchor:
                self.contents.append((unit.anchor, len(self.columns)))
        self._balance_last()
        return [self._page(columns, columns is self.columns[-1]) for columns in self.columns]

    def _next_column(self, page: bool = False) -> None:
        if self.col == 0 and not page:
            self.col, self.y = 1, self.top + 9.0
        else:
            self._new_page()

    def _next_in_view(self) -> bool:
        """Whether the next column is seen with this one: the right column of the same page,
        or the left one of the facing page (an even page faces the odd one after it)."""
        return self.col == 0 or (len(self.columns) + self.first - 1) % 2 == 0

    @staticmethod
    def _chain(units: list[Unit], i: int, spaced: bool, in_view: bool) -> float:
        """The height of unit i with every unit it is kept with (`joined` ones too, unless
        the next column is `in_view`)."""
        need = units[i].space if spaced else 0.0
        while True:
            need += units[i].height
            kept = units[i].keep or (units[i].joined and not in_view)
            if not kept or i + 1 >= len(units) or units[i + 1].brk:
                return need
            i += 1
            need += units[i].space

    def _balance_last(self) -> None:
        """The last page's columns evened out (a kept chain never split)."""
        left, right = self.columns[-1]
        units = left + right
        room = self.bottom - self.top - 9.0
        best, best_h = len(left), _height(left)
        for k in range(1, len(units)):
            h = max(_height(units[:k]), _height(units[k:]))
            if not units[k - 1].keep and h < best_h and _height(units[:k]) <= room:
                best, best_h = k, h
        self.columns[-1] = [units[:best], units[best:]]

    def _page(self, columns: list[list[Unit]], last: bool) -> Page:
        page = Page(*block_size())
        page.add(Text(self.x, self.top + 3.2, self.title, 9.5, bold=True, color=RUST,
                      serif=True, tag="title"))
        page.add(Line(self.x, self.top + 4.6, self.x + self.width, self.top + 4.6,
                      stroke(RUST, 0.3)))
        for col, column in enumerate(columns):
            gap = self.bottom - self.top - 9.0 - _height(column)
            # the gap goes between blocks, never between a heading and its text
            loose = [bool(i and u.space and not column[i - 1].keep) for i, u in enumerate(column)]
            grow = min(gap / sum(loose), STRETCH) if not last and any(loose) and gap > 0 else 0.0
            x, y = self.x + col * (self.col_w + GUTTER), self.top + 9.0
            for i, unit in enumerate(column):
                if i:
                    y += unit.space + (grow if loose[i] else 0.0)
                page.add(Group(tuple(unit.shapes), x, y))
                y += unit.height
        return page


def _height(units: list[Unit]) -> float:
    return sum(u.height + (u.space if i else 0.0) for i, u in enumerate(units))


def _cover(content: Content, title: str, contents: list[tuple[str, int]],
           ink_saver: bool) -> Page:
    """The cover: the game's name, the map of the island, and what is inside."""
    page = Page(*block_size())
    x = top = 0.0
    width = page.width
    middle = x + width / 2
    name, _, part = title.partition(":")
    page.add(Text(middle, top + 17.0, name, 42, "middle", bold=True, color=RUST, serif=True,
                  tag="title"))
    page.add(Text(middle, top + 28.0, (part.strip() or "the rules").capitalize()
                  + " of a solo game of rebellion", 16, "middle", color=INK, serif=True))
    art, h = bookfigs.cover_map(content, width, ink_saver)
    page.add(Group(art.items, x, top + 36.0, tag=art.tag))
    page.add(Rect(x, top + 36.0, width, h, stroke(INK, 0.5)))
    y = top + 36.0 + h + 10.0
    page.add(Text(x, y, "In this booklet", 14, bold=True, color=RUST, serif=True))
    page.add(Line(x, y + 2.0, x + width, y + 2.0, stroke(RUST, 0.35)))
    rows = -(-len(contents) // 2)
    col_w = (width - GUTTER) / 2
    for i, (section, number) in enumerate(contents):
        cx = x + (i // rows) * (col_w + GUTTER)
        row_y = y + 8.5 + (i % rows) * 6.0
        line = break_lines(section, col_w - 8.0, BODY, serif=True)[0]
        page.extend(set_line(line, cx, row_y, BODY, INK, serif=True))
        page.add(Text(cx + col_w, row_y, str(number + 1), BODY, "end", bold=True, color=RUST,
                      serif=True))
    return page


def _lighten(item):
    """Ink saver: boxed notes become outlines (inside groups too)."""
    if isinstance(item, Rect) and item.style.fill == NOTE:
        return Rect(item.x, item.y, item.w, item.h, stroke(RUST, 0.3), item.r, item.tag)
    if isinstance(item, Group):
        return replace(item, items=tuple(_lighten(i) for i in item.items))
    return item
