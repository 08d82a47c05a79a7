"""`cards.yaml`, `rulings.yaml` and the icon markup of `rules.txt`, checked. The deck needs
unique ids, a normal card without Uncertain Orders, and normal cards for a hand plus three."""

from __future__ import annotations

import re
from typing import Any

from throne_pnp.content.checker import Checker, describe, is_int, join
from throne_pnp.content.model import (
    ICON_RE,
    ICONS,
    KING_ACTIONS,
    MAX_SYMBOLS,
    PRIORITIES,
    RULINGS_CHOICES,
    Card,
    Rulings,
)
from throne_pnp.numbers import whole
from throne_pnp.yamlsrc import line_of

MAX_CARD_ID = 999   # ids are printed on the cards (and the simulator keeps them as bits)
# rules.txt at most: characters, lines, icons, icons on one line
RULES_LIMITS = (60_000, 1_000, 500, 40)
CARD_KEYS = ("id", "name", "bugles", "swords", "shields", "king", "flags", "priority", "hard")


def parse_cards(data: Any, chk: Checker, hand_size: int) -> tuple[Card, ...]:
    data = chk.mapping(data, "", line_of(data))
    if data is None:
        return ()
    chk.unknown_keys(data, ("cards",), "")
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        chk.add(line_of(data, "cards") or line_of(data), "cards", "expected a list of cards")
        return ()
    cards: list[Card] = []
    seen: dict[int, int] = {}   # id -> the line of the card that has it
    broken_normal = 0  # normal cards with a problem of their own (not in `cards`)
    for i, body in enumerate(raw):
        path = _card_path(body, i)
        body = chk.mapping(body, path, line_of(raw, i))
        if body is None:
            broken_normal += 1
            continue
        chk.unknown_keys(body, CARD_KEYS, path)
        card_id = chk.integer(body, "id", path, None, 1, MAX_CARD_ID)
        if card_id is not None:
            if card_id in seen:
                chk.add(line_of(body, "id"), join(path, "id"), f"id {card_id} is already used "
                        f"by the card on line {seen[card_id]}; ids must be unique")
            seen[card_id] = line_of(body, "id") or line_of(raw, i)
        counts = [chk.integer(body, k, path, 0, 0, MAX_SYMBOLS)
                  for k in ("bugles", "swords", "shields")]
        flags = chk.integer(body, "flags", path, None, 0, 9)
        priority = chk.choice(body, "priority", path, PRIORITIES, None)
        hard = chk.boolean(body, "hard", path, False)
        name = chk.text(body, "name", path, "")
        king = _parse_king(body, path, chk)
        if None in (card_id, flags, priority, king) or None in counts:
            if not hard:
                broken_normal += 1
            continue
        cards.append(Card(card_id, counts[0], counts[1], counts[2], king, flags, priority,
                          hard, name))
    normal = [c for c in cards if not c.hard]
    line = line_of(data, "cards")
    # The check for a card without `uncertain` waits until every normal card reads cleanly.
    if not broken_normal and not any(not c.uncertain for c in normal):
        chk.add(line, "cards", "every normal card has an `uncertain` King action; give at "
                "least one normal card another action, or Uncertain Orders could never "
                "resolve")
    count = len(normal) + broken_normal
    if count < hand_size + 3:
        chk.add(line, "cards", f"only {count} normal cards (hard: false); a game needs at "
                f"least {hand_size + 3} (a hand of hand_size {hand_size} plus three on the "
                "table): add normal cards or lower hand_size in map.yaml")
    return tuple(sorted(cards, key=lambda c: c.id))


_INDEX_PATH = re.compile(r"^(cards\.yaml:[0-9]+: )cards\[([0-9]+)\](\.?)")


def card_paths_by_id(problem: str, data: Any) -> str:
    """A YAML reading problem (a key twice) names a card `cards[2]`: name it by id."""
    found = _INDEX_PATH.match(problem)
    raw = data.get("cards") if isinstance(data, dict) else None
    index = whole(found.group(2)) if found else None
    if index is None or not isinstance(raw, list) or index >= len(raw):
        return problem
    path = _card_path(raw[index], index) + (": " if found.group(3) else "")
    return found.group(1) + path + problem[found.end():]


def _card_path(body: Any, index: int) -> str:
    """How a problem names a card: `card 12` by id, else `card 3 of the list`."""
    card_id = body.get("id") if isinstance(body, dict) else None
    if is_int(card_id) and card_id >= 1:
        return f"card {card_id}"
    return f"card {index + 1} of the list"


def _parse_king(body: dict, path: str, chk: Checker) -> tuple[str, ...] | None:
    raw, where, names = body.get("king"), join(path, "king"), ", ".join(KING_ACTIONS)
    if raw is None:
        chk.add(line_of(body), where, f"required key is missing; list 1 or 2 of {names}")
        return None
    raw_list = [raw] if isinstance(raw, str) else raw
    if not isinstance(raw_list, list):
        chk.add(line_of(body, "king"), where, f"expected a list of 1 or 2 King actions "
                f"({names}), got {describe(raw)}")
        return None
    if not 1 <= len(raw_list) <= 2:
        chk.add(line_of(body, "king"), where, f"{len(raw_list)} actions listed; a card has "
                f"1 or 2 of {names}")
        return None
    bad = [a for a in raw_list if not isinstance(a, str) or a not in KING_ACTIONS]
    for action in bad:
        chk.add(line_of(body, "king"), where, f"{describe(action)} is not a King action ({names})")
    return None if bad else tuple(raw_list)


def parse_rulings(data: Any, chk: Checker) -> Rulings:
    """The rulings (all defaults when the file is absent or empty)."""
    data = None if data is None else chk.mapping(data, "", line_of(data))
    if data is None:
        return Rulings()
    chk.unknown_keys(data, tuple(RULINGS_CHOICES), "")
    values = {}
    for key, choices in RULINGS_CHOICES.items():
        value = chk.choice(data, key, "", choices, getattr(Rulings(), key))
        if value is not None:
            values[key] = value
    return Rulings(**values)


DIRECTIVES = ("page", "column", "example", "figure", "ladder", "borders")
FIGURES = ("setup",)


def check_rules_text(text: str, filename: str, problems: list[str],
                     examples: set[str] | None = None) -> None:
    """Rules text: unknown icons, directives, figures and examples are problems, and so is
    text far longer than a booklet (refused rather than typeset for minutes)."""
    lines = text.splitlines()
    icons = sum(len(ICON_RE.findall(line)) for line in lines)
    for count, most, what in ((len(text), RULES_LIMITS[0], "characters"),
                              (len(lines), RULES_LIMITS[1], "lines"),
                              (icons, RULES_LIMITS[2], "icons")):
        if count > most:
            problems.append(f"{filename}: {count} {what}; the rules booklet holds at most "
                            f"{most}: shorten the text")
            return
    for lineno, line in enumerate(lines, start=1):
        if len(ICON_RE.findall(line)) > RULES_LIMITS[3]:
            problems.append(f"{filename}:{lineno}: more than {RULES_LIMITS[3]} icons on one "
                            "line; split it")
            return
    for lineno, line in enumerate(text.splitlines(), start=1):
        if line.startswith("@"):
            word, _, arg = line[1:].strip().partition(" ")
            arg = arg.strip()
            where = f"{filename}:{lineno}"
            if word not in DIRECTIVES:
                problems.append(f"{where}: unknown line @{word}; booklet lines: "
                                + ", ".join("@" + d for d in DIRECTIVES))
            elif word == "figure" and arg not in FIGURES:
                problems.append(f"{where}: unknown figure {arg!r}; figures: " + ", ".join(FIGURES))
            elif word == "example" and examples is not None and arg not in examples:
                known = ", ".join(sorted(examples)) or "none (no examples.yaml)"
                problems.append(f"{where}: no example named {arg!r} in examples.yaml; "
                                f"examples: {known}")
            continue
        for match in ICON_RE.finditer(line):
            if match.group(1) not in ICONS:
                problems.append(f"{filename}:{lineno}: unknown icon {{{match.group(1)}}}; "
                                f"icons: {', '.join(ICONS)}")
