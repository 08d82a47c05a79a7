"""The rules text: `content/rules.txt` parsed into blocks, and lines set with icons.

The format (headings with anchors, bullets, steps, notes, flow-chart boxes, `@` lines,
`**bold**`, `` `code` ``, `{icon}`) is described in docs/content.md. The booklet and the
page's rules screen read these blocks; `break_lines` and `set_line` set every marked-up
text of the printed sheets."""

from __future__ import annotations

import re
from dataclasses import dataclass

from throne_pnp.content import ICON_RE
from throne_pnp.render.backend.layout import Icon, Text, text_width

INK = "#1f1a16"
RUST = "#7a3420"
NOTE = "#f4ecdb"
TOKEN_RE = re.compile(r"(\*\*|`|\{[a-z-]+\})")
ANCHOR_RE = re.compile(r"\s*\{#([a-z0-9-]+)\}\s*$")


@dataclass(frozen=True, slots=True)
class Block:
    """One parsed unit of the rules text."""

    kind: str          # title | heading | sub | para | bullet | step | note | box | directive
    text: str
    mark: str = ""     # the number of a step; a directive's argument
    anchor: str = ""   # a heading's {#anchor}


def _heading(kind: str, text: str) -> Block:
    found = ANCHOR_RE.search(text)
    if found:
        return Block(kind, text[:found.start()].strip(), anchor=found.group(1))
    return Block(kind, text.strip())


def parse_rules(text: str) -> list[Block]:
    """Split rules.txt into blocks (the format: docs/content.md)."""
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
        if line.startswith("> "):
            if kind != "note":
                flush()
                kind = "note"
            current.append(line[2:].strip())
            continue
        if not step and not line.startswith(("@", "=> ", "### ", "## ", "# ", "- ")):
            kind = kind or "para"           # a line of the current paragraph or item
            current.append(line)
            continue
        flush()                             # every other line starts a new block
        if line.startswith("@"):
            word, _, arg = line[1:].partition(" ")
            blocks.append(Block("directive", word.strip(), arg.strip()))
        elif line.startswith("=> "):
            kind, current = "box", [line[3:].strip()]
        elif line.startswith("### "):
            blocks.append(_heading("sub", line[4:]))
        elif line.startswith("## "):
            blocks.append(_heading("heading", line[3:]))
        elif line.startswith("# "):
            blocks.append(Block("title", line[2:].strip()))
        elif line.startswith("- "):
            kind, current = "bullet", [line[2:].strip()]
        else:
            kind, mark, current = "step", step.group(1), [step.group(2)]
    flush()
    return blocks


@dataclass(frozen=True, slots=True)
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


def _piece_width(piece: Piece, size: float, serif: bool = False) -> float:
    """A piece's width; in the serif, `code` is set roman (one face fewer to embed)."""
    if piece.icon:
        return size * 0.47 + 0.3
    return text_width(piece.text, size, piece.bold, False, piece.mono and not serif, serif)


def break_lines(text: str, width: float, size: float, bold: bool = False,
                serif: bool = False) -> list[list[list[Piece]]]:
    """Greedy line breaking of marked-up text (in the `serif` or the sans); each line is a
    list of words."""
    space = text_width(" ", size, serif=serif)
    lines: list[list[list[Piece]]] = []
    line: list[list[Piece]] = []
    used = 0.0
    for word in words(text, bold):
        w = sum(_piece_width(p, size, serif) for p in word)
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
             color: str = INK, serif: bool = False) -> list:
    """Shapes of one line at baseline y: text runs merged per style, icons inline."""
    out: list = []
    space = text_width(" ", size, serif=serif)
    run: list[str] = []
    run_style: tuple[bool, bool] | None = None
    run_x = cursor = x

    def end_run() -> None:
        nonlocal run, run_style
        if run and run_style is not None:
            out.append(Text(run_x, y, "".join(run).rstrip(), size, bold=run_style[0],
                            mono=run_style[1] and not serif, color=color, serif=serif))
        run, run_style = [], None

    for i, word in enumerate(line):
        if i:
            if run and run_style is not None:
                run.append(" ")   # set in the run's font, so measured in it
                cursor += text_width(" ", size, run_style[0], False, run_style[1] and not serif,
                                     serif)
            else:
                cursor += space
        for piece in word:
            if piece.icon:
                end_run()
                icon = size * 0.47
                out.append(Icon(piece.icon, cursor + 0.15, y - icon * 0.8, icon, INK))
                cursor += _piece_width(piece, size, serif)
                continue
            style = (piece.bold, piece.mono)
            if run_style != style:
                end_run()
                run_style, run_x = style, cursor
            run.append(piece.text)
            cursor += _piece_width(piece, size, serif)
    end_run()
    return out
