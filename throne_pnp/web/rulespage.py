"""The rules screen of the table page: the booklet's sections as HTML.

Sections are anchored (checklists link `/rules#r3`); `matching` is the search box.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape

from throne_pnp.content import Content
from throne_pnp.content.ladder import ladder_of
from throne_pnp.narrator.worked import Worked, work_all
from throne_pnp.render.backend.icons import variant_id
from throne_pnp.render.components.board.figure import diagram
from throne_pnp.render.components.board.marks import moves_of
from throne_pnp.render.components.bookfigs import checklist
from throne_pnp.render.components.ladder_text import player_name
from throne_pnp.render.components.rulesheet import Block, parse_rules
from throne_pnp.rules.board import board_for
from throne_pnp.web.svgmarkup import num, shape

ICON_INK = ("#1f1a16", "#ffffff")
INLINE = re.compile(r"\*\*(.+?)\*\*|`(.+?)`|\{([a-z-]+)\}")
WORD = re.compile(r"[a-z0-9']+")
LISTS = {"bullet": ("ul", ""), "step": ("ol", ""), "box": ("ol", "flow")}   # kind: (tag, class)
DIAGRAM_W = 80.0       # mm of drawing: the SVG scales to the screen, its labels with it


@dataclass
class Section:
    """One heading of the rules with what follows it, up to the next heading."""

    anchor: str
    title: str          # HTML
    level: int          # 2 or 3
    body: list[str] = field(default_factory=list)   # HTML chunks
    words: str = ""     # the plain text, lower case, for the search box


def inline(text: str) -> str:
    """Rules markup as HTML: bold, code and icons (from the page's sprite)."""
    out, last = [], 0
    for m in INLINE.finditer(text):
        out.append(escape(text[last:m.start()]))
        if m.group(1) is not None:
            out.append(f"<strong>{inline(m.group(1))}</strong>")
        elif m.group(2) is not None:
            out.append(f"<code>{escape(m.group(2))}</code>")
        else:
            name = m.group(3)
            out.append(f'<svg class="icon" role="img" aria-label="{escape(name)}">'
                       f'<use href="#{variant_id(name, *ICON_INK)}"></use></svg>')
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


def plain(text: str) -> str:
    """Rules markup as plain words (icons by name), for searching."""
    return INLINE.sub(lambda m: m.group(1) or m.group(2) or m.group(3), text)


def _svg(group, height: float, label: str, width: float = DIAGRAM_W) -> str:
    return (f'<svg class="diagram" viewBox="0 0 {num(width)} {num(height)}" role="img" '
            f'aria-label="{escape(label)}">' + "".join(shape(i) for i in group.items)
            + "</svg>")


def _cubes(counts: dict[int, int]) -> str:
    return ", ".join(f"{n} in {t}" for t, n in sorted(counts.items())) or "none"


def example_html(content: Content, worked: Worked) -> tuple[str, str]:
    """(HTML, plain words) of one worked example."""
    ex = worked.example
    before, h = diagram(content, ex.king, ex.player, DIAGRAM_W, moves_of(worked.steps))
    after_k, after_p = worked.after.compact("king"), worked.after.compact("player")
    after, _ = diagram(content, after_k, after_p, DIAGRAM_W, battles=worked.battles)
    items = []
    for mark, text in checklist(worked):
        cls = ' class="numbered"' if mark else ""
        number = f'<b class="n">{mark}.</b> ' if mark else ""
        items.append(f"<li{cls}>{number}{inline(text)}</li>")
    said_before = (f"Before: King cubes {_cubes(ex.king)}; your cubes {_cubes(ex.player)}; "
                   "the numbered arrows and marks are the steps")
    said_after = f"After: King cubes {_cubes(after_k)}; your cubes {_cubes(after_p)}"
    html = (f'<figure class="example" id="example-{escape(ex.name)}">'
            f"<figcaption><strong>{escape(ex.title)}</strong>"
            + (f" {inline(ex.text)}" if ex.text else "") + "</figcaption>"
            '<div class="boards">'
            f'<div><p class="meta">Before</p>{_svg(before, h, said_before)}</div>'
            f'<div><p class="meta">After</p>{_svg(after, h, said_after)}</div>'
            f'</div><ul class="worked">{"".join(items)}</ul></figure>')
    words = " ".join([ex.title, ex.text] + [t for _, t in checklist(worked)])
    return html, plain(words)


def _ladder_html(content: Content) -> str:
    levels = ladder_of(content)
    bots = sorted({bot for level in levels for bot in level.bots})
    head = "".join(f"<th scope=\"col\">{escape(player_name(b))} wins</th>" for b in bots)
    rows = []
    for level in levels:
        cells = "".join(
            "<td>" + ("not measured" if level.bots.get(b) is None
                      else f"{level.bots[b].win_rate:.0%}") + "</td>" for b in bots)
        rows.append(f'<tr><th scope="row">{escape(level.name)}</th>'
                    f"<td>{escape(', '.join(map(str, level.hard)) or 'none')}</td>{cells}</tr>")
    return (f'<table class="ladder"><thead><tr><th scope="col">level</th>'
            f'<th scope="col">hard cards</th>{head}</tr></thead><tbody>{"".join(rows)}'
            "</tbody></table>")


def rules_sections(content: Content) -> list[Section]:
    """The rules text as sections, figures included."""
    worked = (work_all(board_for(content), content.examples)
              if content.examples and content.map.drawable else {})
    sections: list[Section] = []
    current = Section("intro", "", 2)
    words: list[str] = []
    open_list = ""

    def close() -> None:
        nonlocal open_list
        if open_list:
            current.body.append(f"</{open_list}>")
            open_list = ""

    def start(tag: str, cls: str = "") -> None:
        nonlocal open_list
        if open_list != tag:
            close()
            current.body.append(f'<{tag}{f" class={chr(34)}{cls}{chr(34)}" if cls else ""}>')
            open_list = tag

    def finish() -> None:
        close()
        current.words = " ".join(words).lower()
        if current.body or current.title:
            sections.append(current)

    counter = 0
    for block in parse_rules(content.rules_text):
        if block.kind == "title":
            continue
        if block.kind in ("heading", "sub"):
            finish()
            counter += 1
            current = Section(block.anchor or f"s{counter}", inline(block.text),
                              2 if block.kind == "heading" else 3)
            words = [plain(block.text)]
            continue
        words.append(plain(block.text))
        html = _block_html(block, content, worked, start, close)
        if html is not None:
            current.body.append(html)
            if block.kind == "directive" and block.text == "example" and block.mark in worked:
                words.append(example_html(content, worked[block.mark])[1])
    finish()
    return sections


def _block_html(block: Block, content: Content, worked: dict, start, close) -> str | None:
    kind = block.kind
    if kind in LISTS:
        start(*LISTS[kind])
        value = f' value="{escape(block.mark)}"' if kind == "step" else ""
        return f"<li{value}>{inline(block.text)}</li>"
    close()
    if kind == "para":
        return f"<p>{inline(block.text)}</p>"
    if kind == "note":
        return f'<aside class="note">{inline(block.text)}</aside>'
    if kind == "directive":
        if block.text == "example" and block.mark in worked:
            return example_html(content, worked[block.mark])[0]
        if block.text == "figure" and content.map.drawable:
            game_map = content.map
            group, h = diagram(content, dict(game_map.setup_king), dict(game_map.setup_player),
                               DIAGRAM_W, tag="setup")
            label = (f"The start: King cubes {_cubes(dict(game_map.setup_king))}; your cubes "
                     f"{_cubes(dict(game_map.setup_player))}")
            return f'<figure class="setup">{_svg(group, h, label)}</figure>'
        if block.text == "ladder":
            return _ladder_html(content)
    return None


def matching(sections: list[Section], query: str) -> list[Section]:
    """The sections holding every word of `query` (all of them when it is empty)."""
    wanted = WORD.findall(query.lower())[:12]
    if not wanted:
        return sections
    return [s for s in sections if all(w in s.words for w in wanted)]


def icon_variants() -> set[tuple[str, str, str]]:
    """The icon colourings the rules screen uses inline."""
    from throne_pnp.content import ICONS

    return {(name, *ICON_INK) for name in ICONS}
