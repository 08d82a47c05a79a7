"""The rules sheet: `content/rules.txt` typeset in two columns with inline icons.

Format of rules.txt (plain text, UTF-8; one construct per line):

    % a comment line, not printed
    # Sheet title                      (the first `#` line; printed at the top)
    ## Section heading
    A paragraph: consecutive lines are joined; a blank line ends it.
    - a bullet item (continuation lines are joined to it)
    1. a numbered step (any number followed by a dot)
    > a boxed note (used for the switches of this edition)

Inside any text: `**bold**`, `` `code` `` (set in Courier) and `{icon}` with a
name from `content.ICONS` (unknown names fail `throne validate`). The sheet
adds, after the text, the ruling switches this edition uses
(`rulings.yaml`), so a printed sheet always says how its game is ruled.

Layout: A4 or Letter portrait, two columns, text flowed column by column and
onto a second page only if needed; each page has the title, a page number,
and the 50 mm scale bar with "print at 100%".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from throne_pnp.content import ICON_RE, Content
from throne_pnp.render import sheets
from throne_pnp.render.layout import (
    PT,
    Icon,
    Line,
    Page,
    Rect,
    Text,
    both,
    stroke,
    text_width,
)

INK = "#1f1a16"
RUST = "#7a3420"
NOTE = "#f4ecdb"
MARGIN = 11.0
GUTTER = 6.0
BODY_SIZES = (7.4, 7.2, 7.0, 6.8)    # pt; the largest that fits one page wins
LEAD = 0.44           # mm between baselines per point of body size
HEAD = 1.3            # heading size / body size
TITLE = 15.0
TOKEN_RE = re.compile(r"(\*\*|`|\{[a-z-]+\})")


@dataclass(frozen=True)
class Block:
    """One parsed unit of the rules text."""

    kind: str          # title | heading | para | bullet | step | note
    text: str
    mark: str = ""     # the number of a step


def parse_rules(text: str) -> list[Block]:
    """Split rules.txt into blocks (see the module docstring for the format)."""
    blocks: list[Block] = []
    current: list[str] = []
    kind, mark = "", ""

    def flush() -> None:
        nonlocal current, kind, mark
        if current:
            blocks.append(Block(kind, " ".join(current), mark))
        current, kind, mark = [], "", ""

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("%"):
            continue
        if not line:
            flush()
            continue
        step = re.match(r"^(\d+)\.\s+(.*)$", line)
        if line.startswith("## "):
            flush()
            blocks.append(Block("heading", line[3:].strip()))
        elif line.startswith("# "):
            flush()
            blocks.append(Block("title", line[2:].strip()))
        elif line.startswith("- "):
            flush()
            kind, current = "bullet", [line[2:].strip()]
        elif step:
            flush()
            kind, mark, current = "step", step.group(1), [step.group(2)]
        elif line.startswith("> "):
            if kind != "note":
                flush()
                kind = "note"
            current.append(line[2:].strip())
        else:
            if not kind:
                kind = "para"
            current.append(line)
    flush()
    return blocks


# --------------------------------------------------------------------------- words


@dataclass(frozen=True)
class Piece:
    """A run of text in one style, or an icon (text == "" and icon set)."""

    text: str
    bold: bool = False
    mono: bool = False
    icon: str = ""


def words(text: str, bold: bool = False) -> list[list[Piece]]:
    """Break inline-marked text into unbreakable words made of pieces."""
    out: list[list[Piece]] = []
    mono = False
    for chunk in text.split():
        word: list[Piece] = []
        for part in TOKEN_RE.split(chunk):
            if not part:
                continue
            if part == "**":
                bold = not bold
            elif part == "`":
                mono = not mono
            elif ICON_RE.fullmatch(part):
                word.append(Piece("", icon=part[1:-1]))
            else:
                word.append(Piece(part, bold, mono))
        if word:
            out.append(word)
    return out


def _piece_width(piece: Piece, size: float) -> float:
    if piece.icon:
        return size * 0.47 + 0.3
    return text_width(piece.text, size, piece.bold, False, piece.mono)


def _word_width(word: list[Piece], size: float) -> float:
    return sum(_piece_width(p, size) for p in word)


@lru_cache(maxsize=1024)
def _measured(text: str, size: float, bold: bool) -> tuple[tuple[list[Piece], float], ...]:
    """The words of `text` with their widths (cached: each paper size and each
    trial body size re-breaks the same paragraphs)."""
    return tuple((word, _word_width(word, size)) for word in words(text, bold))


def break_lines(text: str, width: float, size: float, bold: bool = False,
                first_indent: float = 0.0) -> list[list[list[Piece]]]:
    """Greedy line breaking of marked-up text; each line is a list of words."""
    space = text_width(" ", size)
    lines: list[list[list[Piece]]] = []
    line: list[list[Piece]] = []
    used = first_indent
    for word, w in _measured(text, size, bold):
        extra = w + (space if line else 0.0)
        if line and used + extra > width:
            lines.append(line)
            line, used = [word], w
        else:
            line.append(word)
            used += extra
    if line:
        lines.append(line)
    return lines


def set_line(line: list[list[Piece]], x: float, y: float, size: float,
             color: str = INK) -> list:
    """Shapes of one line at baseline y: text runs merged per style, icons inline."""
    out: list = []
    space = text_width(" ", size)
    run: list[str] = []
    run_style: tuple[bool, bool] | None = None
    run_x = x
    cursor = x

    def end_run() -> None:
        nonlocal run, run_style
        if run and run_style is not None:
            out.append(Text(run_x, y, "".join(run).rstrip(), size, bold=run_style[0],
                            mono=run_style[1], color=color))
        run, run_style = [], None

    for i, word in enumerate(line):
        if i:
            if run and run_style is not None:
                run.append(" ")   # set in the run's font, so measured in it
                cursor += text_width(" ", size, run_style[0], False, run_style[1])
            else:
                cursor += space
        for piece in word:
            if piece.icon:
                end_run()
                icon = size * 0.47
                out.append(Icon(piece.icon, cursor + 0.15, y - icon * 0.8, icon, INK))
                cursor += _piece_width(piece, size)
                continue
            style = (piece.bold, piece.mono)
            if run_style != style:
                end_run()
                run_style, run_x = style, cursor
            run.append(piece.text)
            cursor += _piece_width(piece, size)
    end_run()
    return out


# --------------------------------------------------------------------------- flow


class _Flow:
    """Places blocks into two columns on as many pages as needed."""

    def __init__(self, paper: str, title: str, body: float) -> None:
        self.body = body
        self.lead = body * LEAD
        self.head = body * HEAD
        self.paper = paper
        self.title = title
        self.page_w, self.page_h = sheets.paper_size(paper)
        self.col_w = (self.page_w - 2 * MARGIN - GUTTER) / 2
        self.pages: list[Page] = []
        self.top = 0.0
        self.bottom = self.page_h - MARGIN - 9.0
        self.col = 0
        self.y = 0.0
        self._new_page()

    def _new_page(self) -> None:
        page = Page(self.page_w, self.page_h, name=f"rules-{len(self.pages) + 1}")
        self.pages.append(page)
        if len(self.pages) == 1:
            page.add(Text(MARGIN, MARGIN + 5.5, self.title, TITLE, bold=True, color=INK,
                          tag="title"))
            page.add(Line(MARGIN, MARGIN + 8.5, self.page_w - MARGIN, MARGIN + 8.5,
                          stroke(RUST, 0.5)))
            self.top = MARGIN + 13.0
        else:
            page.add(Text(MARGIN, MARGIN + 3, f"{self.title} (continued)", 8, bold=True,
                          color=INK, tag="title"))
            self.top = MARGIN + 8.0
        self.col = 0
        self.y = self.top

    @property
    def x(self) -> float:
        return MARGIN + self.col * (self.col_w + GUTTER)

    def room(self, height: float) -> None:
        """Move to the next column (or page) unless `height` mm still fit."""
        if self.y + height <= self.bottom:
            return
        if self.col == 0:
            self.col = 1
            self.y = self.top
        else:
            self._new_page()

    def add(self, shapes: list) -> None:
        self.pages[-1].extend(shapes)

    def heading(self, text: str) -> None:
        head = self.head
        self.room(head * PT + 2.0 + 3 * self.lead)   # keep a heading with some text
        if self.y > self.top:
            self.y += 1.6
        self.y += head * PT + 0.4
        self.add(set_line(break_lines(text, self.col_w, head, bold=True)[0], self.x, self.y,
                          head, RUST))
        self.add([Line(self.x, self.y + 1.1, self.x + self.col_w, self.y + 1.1,
                       stroke(RUST, 0.25))])
        self.y += 1.3

    def text(self, block: Block) -> None:
        indent = {"bullet": 3.0, "step": 4.2}.get(block.kind, 0.0)
        width = self.col_w - indent
        lines = break_lines(block.text, width, self.body)
        first = True
        for line in lines:
            self.room(self.lead)
            self.y += self.lead
            if first:
                if block.kind == "bullet":
                    self.add([Rect(self.x + 0.7, self.y - 1.55, 1.1, 1.1, both(RUST, RUST, 0.1))])
                elif block.kind == "step":
                    self.add([Text(self.x + 3.2, self.y, f"{block.mark}.", self.body, "end",
                                   bold=True, color=RUST)])
                first = False
            self.add(set_line(line, self.x + indent, self.y, self.body))
        self.y += 0.9

    def note(self, text: str) -> None:
        pad = 1.6
        lines = break_lines(text, self.col_w - 2 * pad, self.body)
        height = len(lines) * self.lead + 2 * pad
        self.room(height + 1.5)
        self.y += 1.0
        box_top = self.y
        self.add([Rect(self.x, box_top, self.col_w, height, both(NOTE, RUST, 0.3), r=1.2)])
        y = box_top + pad - 0.6
        for line in lines:
            y += self.lead
            self.add(set_line(line, self.x + pad, y, self.body))
        self.y = box_top + height + 1.2


def rules_pages(content: Content, paper: str, ink_saver: bool = False) -> list[Page]:
    """The rules sheet for one paper size: one page at the largest body size that
    fits (down to 6.8 pt), else two pages at 7.4 pt."""
    blocks = parse_rules(content.rules_text)
    title = next((b.text for b in blocks if b.kind == "title"),
                 f"{sheets.GAME_TITLE}: rules")
    r = content.rulings
    switches = (f"**This edition plays with** `home_lost_when: {r.home_lost_when}`, "
                f"`castle_targets: {r.castle_targets}`, `over_limit_move: {r.over_limit_move}` "
                "(content/rulings.yaml).")
    flow = None
    for body in BODY_SIZES:
        flow = _typeset(blocks, title, switches, paper, body)
        if len(flow.pages) == 1:
            break
    else:
        flow = _typeset(blocks, title, switches, paper, BODY_SIZES[0])
    for i, page in enumerate(flow.pages, start=1):
        sheets.text_page_aids(page, MARGIN, f"rules, page {i} of {len(flow.pages)}", INK)
    if ink_saver:
        for page in flow.pages:
            page.items = [_lighten(item) for item in page.items]
    return flow.pages


def _typeset(blocks: list[Block], title: str, switches: str, paper: str,
             body: float) -> _Flow:
    flow = _Flow(paper, title, body)
    for block in blocks:
        if block.kind == "title":
            continue
        if block.kind == "heading":
            flow.heading(block.text)
        elif block.kind == "note":
            flow.note(block.text)
        else:
            flow.text(block)
    flow.note(switches)
    return flow


def _lighten(item):
    """Ink saver: boxed notes become outlines."""
    if isinstance(item, Rect) and item.style.fill == NOTE:
        return Rect(item.x, item.y, item.w, item.h, stroke(RUST, 0.3), item.r, item.tag)
    return item
