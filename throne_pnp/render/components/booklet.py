"""The rules booklet: `rules.txt` typeset over A4 or Letter pages at 9.5 pt. The parsed text
becomes units (a line, a heading kept with what follows, a note, a flow-chart box, a figure)
that flow in bands of two balanced columns; a worked example that does not fit floats to the
next page.
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
BODY = 9.5            # pt: body text (the issue asks 9 pt or more)
LEAD = BODY * 0.45    # mm between baselines
HEAD = 13.0
SUB = 10.5
TITLE = 18.0
BOX_PAD = 1.8
ARROW_GAP = 4.5       # between two boxes of a flow chart, with its arrow


@dataclass(slots=True)
class Unit:
    """Something the flow places: shapes relative to its own top-left corner."""

    height: float
    shapes: list = field(default_factory=list)
    wide: bool = False
    keep: bool = False        # keep with the next unit (headings)
    brk: str = ""             # "page" | "column": a break, no shapes
    space: float = 0.0        # room above it, dropped at the top of a column


def rules_pages(content: Content, paper: str, ink_saver: bool = False) -> list[Page]:
    """The booklet for one paper size (portrait pages)."""
    blocks = parse_rules(content.rules_text)
    title = next((b.text for b in blocks if b.kind == "title"), f"{sheets.GAME_TITLE}: rules")
    page_w, _ = sheets.paper_size(paper)
    col_w = (page_w - 2 * MARGIN - GUTTER) / 2
    wide_w = page_w - 2 * MARGIN
    worked = work_all(board_for(content), content.examples) if content.examples else {}
    units = list(_units(blocks, content, worked, col_w, wide_w, ink_saver))
    units.append(_box(switches_text(content), col_w, note=True))
    pages = _Flow(paper, title, col_w).run(units)
    for i, page in enumerate(pages, start=1):
        sheets.text_page_aids(page, MARGIN, f"rules, page {i} of {len(pages)}", INK)
    if ink_saver:
        for page in pages:
            page.items = [_lighten(item) for item in page.items]
    return pages


def switches_text(content: Content) -> str:
    """The ruling switches of rulings.yaml: a printed booklet says how it is ruled."""
    r = content.rulings
    return (f"**This edition plays with** `home_lost_when: {r.home_lost_when}`, "
            f"`castle_targets: {r.castle_targets}` and `over_limit_move: {r.over_limit_move}`"
            " (see R2, R8 and R12).")


def _lines(text: str, width: float, size: float, indent: float = 0.0,
           mark: str = "", bullet: bool = False, color: str = INK) -> list[Unit]:
    out = []
    for i, line in enumerate(break_lines(text, width - indent, size)):
        shapes = set_line(line, indent, LEAD, size, color)
        if i == 0 and bullet:
            shapes.append(Rect(0.8, LEAD - 1.65, 1.15, 1.15, both(RUST, RUST, 0.1)))
        if i == 0 and mark:
            shapes.append(Text(3.4, LEAD, f"{mark}.", size, "end", bold=True, color=RUST))
        out.append(Unit(LEAD, shapes))
    return out


def _heading(text: str, width: float, size: float, anchor: str, rule: bool) -> Unit:
    base = size * PT + 0.2
    shapes = set_line(break_lines(text, width, size, bold=True)[0], 0, base, size, RUST)
    if rule:
        shapes.append(Line(0, base + 1.3, width, base + 1.3, stroke(RUST, 0.3)))
    tag = f"heading-{anchor}" if anchor else ""
    return Unit(base + (2.4 if rule else 0.9), [Group(tuple(shapes), tag=tag)], keep=True,
                space=3.2 if rule else 2.0)


def _box(text: str, width: float, joined: bool = False, note: bool = False) -> Unit:
    """A boxed `note`, or a box of a flow chart, `joined` to the box above by an arrow."""
    lines = break_lines(text, width - 2 * BOX_PAD, BODY)
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
        shapes += set_line(line, BOX_PAD, top + BOX_PAD - 0.6 + (i + 1) * LEAD, BODY)
    return Unit(top + h, shapes, space=0.0 if joined else 1.5)


def _units(blocks: list[Block], content: Content, worked: dict, col_w: float,
           wide_w: float, ink_saver: bool):
    previous = ""
    for block in blocks:
        kind = block.kind
        if kind == "title":
            continue
        if kind == "heading":
            yield _heading(block.text, col_w, HEAD, block.anchor, True)
        elif kind == "sub":
            yield _heading(block.text, col_w, SUB, block.anchor, False)
        elif kind == "note":
            yield _box(block.text, col_w, note=True)
        elif kind == "box":
            yield _box(block.text, col_w, previous == "box")
        elif kind == "directive":
            yield from _directive(block, content, worked, col_w, wide_w, ink_saver)
        else:
            indent = {"bullet": 3.2, "step": 4.6}.get(kind, 0.0)
            lines = _lines(block.text, col_w, BODY, indent, block.mark if kind == "step" else "",
                           kind == "bullet")
            lines[0].space = 1.3 if kind == "para" else 0.7
            yield from lines
        previous = kind


def _directive(block: Block, content: Content, worked: dict, col_w: float, wide_w: float,
               ink_saver: bool):
    word, arg = block.text, block.mark
    if word in ("page", "column"):
        yield Unit(0.0, brk=word)
    elif word == "example" and content.map.drawable:
        shapes, h = bookfigs.example_figure(content, worked[arg], wide_w, BODY, LEAD, ink_saver)
        yield Unit(h, shapes, wide=True, space=3.0)
    elif word == "figure" and content.map.drawable:
        shapes, h = bookfigs.setup_figure(content, col_w, BODY, ink_saver)
        yield Unit(h, shapes, space=2.0)
    elif word == "ladder":
        shapes, h = bookfigs.ladder_figure(content, col_w, BODY, LEAD)
        yield Unit(h, shapes, space=1.5)


class _Flow:
    """Places units on pages: bands of two columns, wide units between them."""

    def __init__(self, paper: str, title: str, col_w: float) -> None:
        self.page_w, self.page_h = sheets.paper_size(paper)
        self.title = title
        self.col_w = col_w
        self.bottom = self.page_h - MARGIN - 8.0
        self.pages: list[Page] = []
        self.y = 0.0
        self.top = 0.0
        self.floats: list[Unit] = []    # wide units waiting for the next page

    def _new_page(self) -> None:
        page = Page(self.page_w, self.page_h, name=f"rules-{len(self.pages) + 1}")
        # the first page has the title, the others a running head
        base, size, color, rule, width, top = ((6.5, TITLE, INK, 9.5, 0.6, 12.0) if not self.pages
                                               else (2.8, 9, RUST, 4.3, 0.25, 6.0))
        page.add(Text(MARGIN, MARGIN + base, self.title, size, bold=True, color=color, tag="title"))
        page.add(Line(MARGIN, MARGIN + rule, self.page_w - MARGIN, MARGIN + rule,
                      stroke(RUST, width)))
        self.top = MARGIN + top
        self.pages.append(page)
        self.y = self.top
        floats, self.floats = self.floats, []
        for i, unit in enumerate(floats):    # figures that did not fit open this page
            if self.y > self.top and self.y + unit.space + unit.height > self.bottom:
                self.floats = floats[i:]     # the rest wait for the next page
                break
            self._wide(unit)

    def run(self, units: list[Unit]) -> list[Page]:
        self._new_page()
        pending: list[Unit] = []
        for unit in units:
            if unit.wide and self.floats:
                self.floats.append(unit)        # behind the figure already waiting
            elif unit.wide or unit.brk == "page":
                self._band(pending)
                pending = []
                if unit.brk == "page":
                    if self.y > self.top or self.floats:
                        self._new_page()
                    continue
                if self.floats or (self.y > self.top and
                                   self.y + unit.space + unit.height > self.bottom):
                    self.floats.append(unit)    # the text after it fills this page first
                else:
                    self._wide(unit)
            else:
                pending.append(unit)
        self._band(pending)
        if self.floats:
            self._new_page()
        return self.pages

    def _wide(self, unit: Unit) -> None:
        space = unit.space if self.y > self.top else 0.0
        if self.y + space + unit.height > self.bottom and self.y > self.top:
            self._new_page()
            space = 0.0
        self.y += space
        self.pages[-1].add(Group(tuple(unit.shapes), MARGIN, self.y))
        self.y += unit.height

    def _column_of(self, units: list[Unit], room: float) -> int:
        """How many of `units` fit in `room` mm (never ending on a kept heading)."""
        used, n = 0.0, 0
        for i, unit in enumerate(units):
            if unit.brk == "column":
                return i
            need = unit.height + (unit.space if n else 0.0)
            if used + need > room:
                break
            used += need
            n = i + 1
        while n and n < len(units) and units[n - 1].keep:
            n -= 1
        return n if n else min(1, len(units))

    @staticmethod
    def _height(units: list[Unit]) -> float:
        return sum(u.height + (u.space if i else 0.0) for i, u in enumerate(units))

    def _band(self, units: list[Unit]) -> None:
        """Two columns from the current y; balanced when all of it fits here."""
        while units:
            room = self.bottom - self.y
            forced = next((i for i, u in enumerate(units) if u.brk == "column"), None)
            if forced is not None and self._height(units[:forced]) <= room and \
                    self._height(units[forced + 1:]) <= room:
                left, right = units[:forced], units[forced + 1:]
                units = []
            elif forced is None and self._height(units) <= 2 * room:
                split = self._balance(units, room)
                left, right = units[:split], units[split:]
                if self._height(right) > room:
                    left = units[:self._column_of(units, room)]
                    rest = units[len(left):]
                    right = rest[:self._column_of(rest, room)]
                    units = rest[len(right):]
                else:
                    units = []
            else:
                n = self._column_of(units, room)
                left = units[:n]
                rest = units[n:]
                if rest and rest[0].brk == "column":
                    rest = rest[1:]
                    right = rest[:self._column_of(rest, room)] if rest and \
                        rest[0].brk != "column" else []
                else:
                    right = rest[:self._column_of(rest, room)]
                units = rest[len(right):]
            if not left and not right and self.y > self.top:
                self._new_page()
                continue
            y_end = self.y
            for col, column in enumerate((left, right)):
                y = self.y
                x = MARGIN + col * (self.col_w + GUTTER)
                for i, unit in enumerate(column):
                    if unit.brk:
                        continue
                    if i or self.y > self.top:
                        y += unit.space
                    self.pages[-1].add(Group(tuple(unit.shapes), x, y))
                    y += unit.height
                y_end = max(y_end, y)
            self.y = y_end
            if units:
                self._new_page()

    def _balance(self, units: list[Unit], room: float) -> int:
        """The split that makes the two columns most even (both within `room`)."""
        best, best_h = len(units), float("inf")
        for k in range(1, len(units) + 1):
            if units[k - 1].keep and k < len(units):
                continue
            h = max(self._height(units[:k]), self._height(units[k:]))
            if self._height(units[:k]) <= room and h < best_h:
                best, best_h = k, h
        return best


def _lighten(item):
    """Ink saver: boxed notes become outlines (inside groups too)."""
    if isinstance(item, Rect) and item.style.fill == NOTE:
        return Rect(item.x, item.y, item.w, item.h, stroke(RUST, 0.3), item.r, item.tag)
    if isinstance(item, Group):
        return replace(item, items=tuple(_lighten(i) for i in item.items))
    return item
