"""The print-and-play pack: every component of one paper size in print order, the same `Page`s
as the separate PDFs. The guide comes first but is laid out last: its table lists the page
numbers of every other part.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.content import Content
from throne_pnp.render.backend.layout import Page
from throne_pnp.render.components import cards, extras, guide, sheets
from throne_pnp.render.components.guide import Section

CARD_STOCK = "card, 160-200 gsm"
PLAIN = "plain, 80 gsm"
LONG_EDGE = "double-sided, flip on long edge"


@dataclass(slots=True)
class Part:
    """A run of pages of the pack with what the guide says about them."""

    title: str
    pages: list[Page]
    paper: str
    setting: str
    key: str = ""


def _map_part(map_pages: list[Page], paper: str) -> Part:
    """The map: one sheet of the paper, one larger sheet, or sheets to join."""
    first = map_pages[0]
    setting = "single-sided" + (", landscape" if first.width > first.height else "")
    if len(map_pages) > 1:
        return Part(f"Map, {len(map_pages)} sheets to join", map_pages, "120-160 gsm, or plain",
                    setting, "map")
    w, h = sheets.PAPERS[paper]
    if max(first.width, first.height) > max(w, h) + 1.0:
        big = "A3" if paper == "a4" else "Tabloid"
        return Part(f"Map, one {big} sheet", map_pages, f"{big}, 120-160 gsm or plain",
                    setting, "map")
    return Part("Map", map_pages, "120-160 gsm, or plain", setting, "map")


def _card_parts(card_pages: list[Page], layout: str) -> list[Part]:
    if layout == "fold":
        turned = ", landscape" if card_pages and card_pages[0].width > card_pages[0].height else ""
        return [Part("Action cards, fold and glue", card_pages, guide.FOLD_STOCK,
                     "single-sided" + turned, "cards")]
    if layout == "backs-separate":
        half = len(card_pages) // 2
        return [Part("Action cards, fronts", card_pages[:half], CARD_STOCK, "single-sided",
                     "cards"),
                Part("Action cards, backs", card_pages[half:], "the printed fronts",
                     "single-sided, the fronts' stack turned over on its long edge",
                     "backs")]
    return [Part("Action cards, fronts and backs", card_pages, CARD_STOCK, LONG_EDGE, "cards")]


def pack_parts(content: Content, paper: str, layout: str = "duplex", ink_saver: bool = False,
               *, rules: list[Page], map_pages: list[Page] | None,
               card_pages: list[Page]) -> list[Part]:
    """The parts after the guide, in print order (the map left out when None)."""
    parts = [Part("Rules", rules, PLAIN, "single-sided", "rules")]
    if map_pages:
        parts.append(_map_part(map_pages, paper))
    if layout != "fold":
        setting = (LONG_EDGE if layout == "duplex"
                   else "page 1, then the sheet turned over on its long edge, page 2")
        parts.append(Part("Duplex test (one sheet)",
                          guide.alignment_pages(paper, manual=layout == "backs-separate"),
                          PLAIN, setting, "duplex-test"))
    parts += _card_parts(card_pages, layout)
    parts.append(Part("Aid cards and cube tokens", extras.extras_pages(content, paper, ink_saver),
                      CARD_STOCK, "single-sided", "extras"))
    return parts


def sections(parts: list[Part]) -> list[Section]:
    """The guide's table rows: the guide itself is page 1, the parts follow."""
    out = [Section("This guide", 1, 1, PLAIN, "optional")]
    page = 2
    for part in parts:
        out.append(Section(part.title, page, page + len(part.pages) - 1, part.paper, part.setting))
        page += len(part.pages)
    return out


@dataclass(slots=True)
class Pack:
    """The laid-out pack: its pages in print order and the guide's table."""

    pages: list[Page]
    sections: list[Section]

    @property
    def outline(self) -> list[tuple[int, str]]:
        """(0-based first page, title) of every part: the PDF's bookmarks."""
        return [(s.first - 1, s.title) for s in self.sections]


def pack(content: Content, paper: str, layout: str = "duplex", ink_saver: bool = False,
         *, rules: list[Page], map_pages: list[Page] | None = None,
         card_pages: list[Page] | None = None, stamp: str = "") -> Pack:
    """Every page of print-and-play.pdf for one paper size, in print order, from the separate
    PDFs' pages (cards laid out here when not given; no map for None), own pages `stamp`ed."""
    if card_pages is None:
        card_pages = cards.card_pages(content, paper, layout, ink_saver, stamp=stamp)
    parts = pack_parts(content, paper, layout, ink_saver, rules=rules, map_pages=map_pages,
                       card_pages=card_pages)
    table = sections(parts)
    first = guide.guide_page(content, paper, layout, table, ink_saver=ink_saver)
    own = [first] + [page for part in parts if part.key in ("duplex-test", "extras")
                     for page in part.pages]
    sheets.stamp_pages(own, stamp)
    return Pack([first] + [page for part in parts for page in part.pages], table)
