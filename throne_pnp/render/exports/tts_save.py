"""The Tabletop Simulator saved object: the JSON a player drops into TTS.

Pure data, no files: `saved_object` returns the save as plain dicts, `dumps` its text. The map
board lies at the origin, the decks right of it, the notecard left, the cubes on their setup
spaces and in supply rows below. GUIDs hash each object's role: a rebuild is the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from throne_pnp.content import Card, Content
from throne_pnp.narrator.words import plural
from throne_pnp.render.components.cards import ACTION_LABELS
from throne_pnp.render.components.extras import goal_line, turn_lines
from throne_pnp.render.components.sheets import CARD_W, GAME_TITLE

# TTS's meshes at scale 1, in table units (measured approximately).
CARD_UNITS = (2.25, 3.15)    # a card, poker proportions
BLOCK_UNITS = 1.0            # a BlockSquare's side
BOARD_UNITS = 1.19           # a Custom_Board's image height per unit of scale
NOTE_UNITS = (3.6, 3.6)      # a Notecard's footprint

CARD_SCALE = 1.5             # cards (and so the whole table) a little larger than TTS's default
UNIT_PER_MM = CARD_UNITS[0] * CARD_SCALE / CARD_W   # the printed drawing's mm on the table
CUBE_MM = 10.0               # a real cube; the map's spaces hold it
GAP = 1.0                    # between the footprints of neighbouring objects
TABLE_Y = 1.0                # just above the default table's top
BOARD_THICK = 0.2

# The two sides' cube colours: those of `throne show --svg` and the table page.
KING_COLOR = "#7a1f1f"
PLAYER_COLOR = "#e8b923"
CARD_TINT = "#ffffff"        # no tint over card and board images
NOTE_COLOR = "#f6eedf"


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: the cards in slot order (the last slot stays free)."""

    key: int                 # its CustomDeck key
    face_url: str
    back_url: str
    cols: int
    rows: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Deck:
    """One deck on the table, drawn from one or more sheets."""

    role: str                # "normal" | "hard"
    title: str
    sheets: tuple[Sheet, ...]


@dataclass(frozen=True)
class Board:
    """The map image, covering the drawing's `size` (mm), and per territory the
    centres (drawing mm) of its King's and its player's cube spaces."""

    url: str
    size: tuple[float, float]
    pixels: tuple[int, int]
    spaces: dict[int, tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]]]


def card_nickname(card: Card) -> str:
    """A card's name on the table: its number and name ("12 Watchfires")."""
    return f"{card.id} {card.name}" if card.name else f"Card {card.id}"


def card_description(card: Card) -> str:
    """A card's symbols and the King's action in the words printed on the card."""
    symbols = ", ".join(plural(n, w) for n, w in ((card.bugles, "bugle"),
                                                  (card.swords, "sword"),
                                                  (card.shields, "shield")) if n)
    king = ", then ".join(ACTION_LABELS[a] for a in card.king)
    lines = [f"Battle: {symbols or 'no symbols'}.",
             f"The King: {king}.",
             f"{plural(card.flags, 'command point')}, {card.priority}."]
    if card.hard:
        lines.append("Hard card (skull).")
    return "\n".join(lines)


ICON_WORDS = {"flag": "flags", "castle": "castle", "bugle": "bugles", "sword": "swords",
              "shield": "shields", "wheat": "wheat", "skull": "skull"}


def plain(marked: str) -> str:
    """Our marked-up aid text (**bold**, {icon}) as plain words for a notecard."""
    text = re.sub(r"\{([a-z-]+)\}", lambda m: ICON_WORDS.get(m.group(1), ""), marked)
    return re.sub(r"  +", " ", text.replace("**", "")).strip()


def _where(setup: dict[int, int]) -> str:
    return ", ".join(f"{count} in {n}" for n, count in sorted(setup.items())) or "none"


def notecard_text(content: Content) -> str:
    """Setup and turn order, in the words of the printed player aid."""
    game_map = content.map
    hard = len(content.hard_cards)
    lines = ["SETUP",
             f"Your cubes (gold): {_where(game_map.setup_player)}.",
             f"The King's cubes (dark red): {_where(game_map.setup_king)}.",
             f"{game_map.forces} cubes a side; the others wait in the supply rows. "
             f"The King keeps at most {game_map.king_limit} in a territory.",
             f"Shuffle the {len(content.normal_cards)} action cards"
             + (f" with as many of the {hard} hard cards as you want to face" if hard else "")
             + f"; deal yourself {game_map.hand_size}.",
             plain(goal_line(content)),
             "",
             "A TURN"]
    for mark, text in turn_lines(content):
        lines.append(f"{mark}. {plain(text)}" if mark else plain(text))
    lines += ["", "The companion program (throne) can play the King: type what happens."]
    return "\n".join(lines)


def guid(role: str) -> str:
    """A stable six-hex-digit GUID for an object's role ("deck-normal", "card-12" ...)."""
    return hashlib.sha1(f"a-rusty-throne/{role}".encode()).hexdigest()[:6]


def _rgb(color: str) -> dict[str, float]:
    return {k: round(int(color[i:i + 2], 16) / 255, 4) for k, i in (("r", 1), ("g", 3), ("b", 5))}


def transform(x: float, y: float, z: float, rot_y: float = 0.0, rot_z: float = 0.0,
              scale: tuple[float, float, float] = (1.0, 1.0, 1.0)) -> dict[str, float]:
    return {"posX": round(x, 4), "posY": round(y, 4), "posZ": round(z, 4),
            "rotX": 0.0, "rotY": rot_y, "rotZ": rot_z,
            "scaleX": round(scale[0], 4), "scaleY": round(scale[1], 4),
            "scaleZ": round(scale[2], 4)}


def _object(role: str, name: str, where: dict[str, float], nickname: str,
            description: str = "", color: str = CARD_TINT, locked: bool = False,
            **extra: Any) -> dict[str, Any]:
    """One ObjectState with every standard field, then the type's own."""
    out: dict[str, Any] = {
        "GUID": guid(role), "Name": name, "Transform": where,
        "Nickname": nickname, "Description": description, "GMNotes": "",
        "ColorDiffuse": _rgb(color), "Locked": locked, "Grid": True, "Snap": True,
        "IgnoreFoW": False, "MeasureMovement": False, "DragSelectable": True,
        "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
        "HideWhenFaceDown": name in ("Card", "DeckCustom"), "Hands": name == "Card",
        "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
    }
    out.update(extra)
    return out


def _custom_deck(sheet: Sheet) -> dict[str, Any]:
    return {"FaceURL": sheet.face_url, "BackURL": sheet.back_url, "NumWidth": sheet.cols,
            "NumHeight": sheet.rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}


def _deck(deck: Deck, x: float, z: float) -> dict[str, Any]:
    """A deck face down at (x, z): its cards with CardIDs on their sheets."""
    scale = (CARD_SCALE, 1.0, CARD_SCALE)
    custom = {str(s.key): _custom_deck(s) for s in deck.sheets}
    cards = []
    for sheet in deck.sheets:
        for slot, card in enumerate(sheet.cards):
            nickname = card_nickname(card)
            cards.append(_object(f"card-{card.id}", "Card",
                                 transform(x, TABLE_Y, z, 180.0, 180.0, scale),
                                 nickname, card_description(card),
                                 CardID=sheet.key * 100 + slot, SidewaysCard=False,
                                 CustomDeck={str(sheet.key): _custom_deck(sheet)}))
    if len(cards) == 1:       # TTS holds a lone card as a card, not as a deck
        return cards[0]
    return _object(f"deck-{deck.role}", "DeckCustom",
                   transform(x, TABLE_Y, z, 180.0, 180.0, scale), deck.title,
                   f"{len(cards)} cards, face down: shuffle before play.",
                   SidewaysCard=False, DeckIDs=[c["CardID"] for c in cards],
                   CustomDeck=custom, ContainedObjects=cards)


def board_point(board: Board, x: float, y: float) -> tuple[float, float]:
    """A drawing point (mm, top-left origin) as table (x, z): the board lies
    centred at the origin, its top edge away from the player."""
    w, h = board.size
    return ((x - w / 2) * UNIT_PER_MM, (h / 2 - y) * UNIT_PER_MM)


def _board(content: Content, board: Board) -> dict[str, Any]:
    s = board.size[1] * UNIT_PER_MM / BOARD_UNITS   # the image as tall as the drawing
    w, h = board.pixels
    return _object("board", "Custom_Board", transform(0.0, TABLE_Y, 0.0, 180.0, 0.0, (s, 1.0, s)),
                   content.map.name, f"The map of {GAME_TITLE}: {content.map.name}.",
                   locked=True,
                   CustomImage={"ImageURL": board.url, "ImageSecondaryURL": "",
                                "ImageScalar": 1.0, "WidthScale": round(w / h, 4)})


def _cube(role: str, side: str, x: float, y: float, z: float, where: str) -> dict[str, Any]:
    size = CUBE_MM * UNIT_PER_MM / BLOCK_UNITS
    words = "King's cube" if side == "king" else "Your cube"
    return _object(role, "BlockSquare", transform(x, y, z, 0.0, 0.0, (size, size, size)),
                   words, where, KING_COLOR if side == "king" else PLAYER_COLOR)


def _cubes(content: Content, board: Board | None, bottom: float) -> list[dict[str, Any]]:
    """Every cube: setup cubes on their spaces (stacked when more), the rest in a
    supply row per side from z = `bottom` (all of them without a map image)."""
    game_map = content.map
    cube = CUBE_MM * UNIT_PER_MM
    on_board = TABLE_Y + BOARD_THICK / 2 + cube / 2 + 0.05
    out: list[dict[str, Any]] = []
    for row, (side, setup) in enumerate((("king", game_map.setup_king),
                                          ("player", game_map.setup_player))):
        index = 0
        for n, count in sorted(setup.items()) if board is not None else ():
            spaces = board.spaces[n][0 if side == "king" else 1]
            for k in range(count):
                px, py = spaces[k % len(spaces)]
                x, z = board_point(board, px, py)
                out.append(_cube(f"cube-{side}-{index}", side, x,
                                 on_board + (k // len(spaces)) * (cube + 0.05), z,
                                 f"Setup: territory {n}."))
                index += 1
        spare = game_map.forces - index
        z = bottom - cube / 2 - row * (cube + GAP)
        for k in range(spare):
            x = (k - (spare - 1) / 2) * cube * 1.6
            out.append(_cube(f"cube-{side}-{index}", side, x, TABLE_Y + cube / 2, z,
                             "Supply: off the map."))
            index += 1
    return out


def saved_object(content: Content, decks: list[Deck], board: Board | None) -> dict[str, Any]:
    """The whole saved object (SaveState) for the edition's table."""
    map_w = board.size[0] * UNIT_PER_MM if board else 0.0
    map_h = board.size[1] * UNIT_PER_MM if board else 0.0
    cw, ch = CARD_UNITS[0] * CARD_SCALE, CARD_UNITS[1] * CARD_SCALE
    objects: list[dict[str, Any]] = []
    if board is not None:
        objects.append(_board(content, board))
    x = map_w / 2 + GAP + cw / 2
    for i, deck in enumerate(decks):
        z = (len(decks) - 1) / 2 * (ch + GAP) - i * (ch + GAP)
        objects.append(_deck(deck, x, z))
    note_w, _ = NOTE_UNITS
    objects.append(_object("notecard", "Notecard",
                           transform(-(map_w / 2 + GAP + note_w / 2), TABLE_Y, 0.0, 180.0),
                           f"{GAME_TITLE}: setup and turn", notecard_text(content),
                           NOTE_COLOR))
    # the supply rows go under whatever reaches lowest: the map, the decks, the note
    lowest = max(map_h / 2, len(decks) / 2 * (ch + GAP) - GAP / 2, NOTE_UNITS[1] / 2)
    objects += _cubes(content, board, -(lowest + GAP))
    return {
        "SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
        "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
        "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "",
        "XmlUI": "", "ObjectStates": objects,
    }


def dumps(save: dict[str, Any]) -> str:
    """The file's text: indented, UTF-8 as is, one trailing newline."""
    return json.dumps(save, indent=2, ensure_ascii=False) + "\n"


def footprints(save: dict[str, Any]) -> list[tuple[str, tuple[float, ...]]]:
    """(GUID, (x1, y1, z1, x2, y2, z2)) of every top-level object, for overlap checks."""
    out = []
    for obj in save["ObjectStates"]:
        t = obj["Transform"]
        name = obj["Name"]
        if name in ("DeckCustom", "Card"):
            w, h, d = CARD_UNITS[0] * t["scaleX"], 0.2, CARD_UNITS[1] * t["scaleZ"]
        elif name == "Custom_Board":
            d = BOARD_UNITS * t["scaleZ"]
            w, h = d * obj["CustomImage"]["WidthScale"], BOARD_THICK
        elif name == "BlockSquare":
            w = h = d = BLOCK_UNITS * t["scaleX"]
        else:
            (w, d), h = NOTE_UNITS, 0.05
        x, y, z = t["posX"], t["posY"], t["posZ"]
        out.append((obj["GUID"], (x - w / 2, y - h / 2, z - d / 2, x + w / 2, y + h / 2,
                                  z + d / 2)))
    return out
