"""`examples.yaml`, checked without playing: each example is a position (`at`) and
one question for the engine, the King's action (`king`) or one battle (`battle`).
"""

from __future__ import annotations

from typing import Any

from throne_pnp.content.checker import Checker, describe, is_int, join
from throne_pnp.content.model import DEFENDERS, KING_ACTIONS, PRIORITIES, Card, Example, GameMap
from throne_pnp.yamlsrc import line_of

EXAMPLE_KEYS = ("name", "title", "text", "at", "king", "battle")
KING_KEYS = ("card", "actions", "priority", "draws")
BATTLE_KEYS = ("territory", "defender", "player_card", "king_card", "withdraw_to")


def parse_examples(data: Any, chk: Checker, game_map: GameMap | None,
                   cards: tuple[Card, ...]) -> tuple[Example, ...]:
    """Every example that reads cleanly (problems go to `chk`)."""
    data = None if data is None else chk.mapping(data, "", line_of(data))
    if data is None:
        return ()
    chk.unknown_keys(data, ("examples",), "")
    raw = data.get("examples")
    if not isinstance(raw, list):
        chk.add(line_of(data, "examples") or line_of(data), "examples",
                f"expected a list of examples, got {describe(raw)}")
        return ()
    by_id = {c.id: c for c in cards}
    out: list[Example] = []
    seen: dict[str, int] = {}
    for i, body in enumerate(raw):
        name = body.get("name") if isinstance(body, dict) else None
        path = f"example {name}" if isinstance(name, str) and name else f"examples[{i}]"
        body = chk.mapping(body, path, line_of(raw, i))
        if body is None:
            continue
        example = _example(body, path, chk, game_map, by_id)
        if example is None:
            continue
        if example.name in seen:
            chk.add(line_of(body, "name"), join(path, "name"),
                    f"the name {example.name!r} is already used on line "
                    f"{seen[example.name]}; names must be unique")
            continue
        seen[example.name] = example.line
        out.append(example)
    return tuple(out)


def listed_names(data: Any) -> set[str]:
    """The names the file gives its examples, broken ones included (not reported twice)."""
    raw = data.get("examples") if isinstance(data, dict) else None
    if not isinstance(raw, list):
        return set()
    return {body["name"] for body in raw
            if isinstance(body, dict) and isinstance(body.get("name"), str)}


def _example(body: dict, path: str, chk: Checker, game_map: GameMap | None,
             cards: dict[int, Card]) -> Example | None:
    before = len(chk.problems)
    chk.unknown_keys(body, EXAMPLE_KEYS, path)
    name = body.get("name")
    if not isinstance(name, str) or not name.replace("-", "").isalnum() or not name.islower():
        chk.add(line_of(body, "name") or line_of(body), join(path, "name"),
                f"expected a short lower-case name such as movement, got {describe(name)}")
    title = chk.text(body, "title", path, "")
    if not title:
        chk.add(line_of(body), join(path, "title"), "required key is missing; give the "
                "example a title")
    text = chk.text(body, "text", path, "", longest=4000, one_line=False)
    king, player = _position(body, path, chk, game_map)
    asks = [k for k in ("king", "battle") if k in body]
    if len(asks) != 1:
        chk.add(line_of(body), path, "give exactly one of king (the King's action) or "
                "battle (one battle)")
        return None
    if asks == ["king"]:
        fields = _king(body["king"], join(path, "king"), line_of(body, "king"), chk, cards)
    else:
        fields = _battle(body["battle"], join(path, "battle"), line_of(body, "battle"), chk,
                         cards, game_map, king, player)
    if len(chk.problems) > before or fields is None:
        return None
    return Example(name, title, asks[0], king, player, text, line=line_of(body), **fields)


def _counts(raw: Any, where: str, line: int, chk: Checker,
            game_map: GameMap | None) -> dict[int, int]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        chk.add(line, where, f"expected territories mapped to cube counts such as "
                f"{{3: 2}}, got {describe(raw)}")
        return {}
    out = {}
    for t, n in raw.items():
        if not is_int(t) or (game_map is not None and t not in game_map.territories):
            chk.add(line_of(raw, t), join(where, t), "no such territory on the map")
        elif not is_int(n) or n < 0:
            chk.add(line_of(raw, t), join(where, t), f"expected a cube count (0 or more), "
                    f"got {describe(n)}")
        elif n:
            out[t] = n
    return out


def _position(body: dict, path: str, chk: Checker,
              game_map: GameMap | None) -> tuple[dict[int, int], dict[int, int]]:
    where = join(path, "at")
    at = body.get("at")
    if not isinstance(at, dict):
        chk.add(line_of(body, "at") or line_of(body), where,
                "expected the position, e.g. {king: {3: 2}, player: {1: 2}}")
        return {}, {}
    chk.unknown_keys(at, ("king", "player"), where)
    king = _counts(at.get("king"), join(where, "king"), line_of(at, "king"), chk, game_map)
    player = _counts(at.get("player"), join(where, "player"), line_of(at, "player"), chk, game_map)
    if game_map is not None:
        for side, counts in (("king", king), ("player", player)):
            if sum(counts.values()) > game_map.forces:
                chk.add(line_of(at, side), join(where, side), f"{sum(counts.values())} cubes "
                        f"but each side has only forces: {game_map.forces}")
        for t, n in king.items():
            if n > game_map.king_limit:
                chk.add(line_of(at, "king"), join(where, f"king.{t}"), f"{n} cubes but the "
                        f"King's limit is {game_map.king_limit}")
    return king, player


def _card(value: Any, where: str, line: int, chk: Checker, cards: dict[int, Card]) -> int:
    if not is_int(value) or value not in cards:
        known = f"{min(cards)}-{max(cards)}" if cards else "none"
        chk.add(line, where, f"{describe(value)} is not a card of this deck (ids {known})")
        return 0
    return value


def _king(raw: Any, where: str, line: int, chk: Checker,
          cards: dict[int, Card]) -> dict[str, Any] | None:
    body = chk.mapping(raw, where, line)
    if body is None:
        return None
    chk.unknown_keys(body, KING_KEYS, where)
    out: dict[str, Any] = {}
    if "card" in body:
        if "actions" in body or "priority" in body:
            chk.add(line_of(body, "card"), where, "give either card or actions with "
                    "priority, not both")
        out["card"] = _card(body["card"], join(where, "card"), line_of(body, "card"), chk, cards)
        played = cards.get(out["card"])
        if played is not None:
            out["actions"], out["priority"] = played.king, played.priority
    else:
        actions = body.get("actions")
        if (not isinstance(actions, list) or not 1 <= len(actions) <= 2
                or any(a not in KING_ACTIONS for a in actions)):
            chk.add(line_of(body, "actions") or line_of(body), join(where, "actions"),
                    f"expected 1 or 2 of {', '.join(KING_ACTIONS)} (or give card)")
            return None
        out["actions"] = tuple(actions)
        out["priority"] = chk.choice(body, "priority", where, PRIORITIES, None)
    draws = body.get("draws", [])
    if not isinstance(draws, list):
        chk.add(line_of(body, "draws"), join(where, "draws"), "expected a list of card ids")
        return None
    out["draws"] = tuple(_card(d, join(where, "draws"), line_of(body, "draws"), chk, cards)
                         for d in draws)
    if draws and "actions" in out and "uncertain" not in out["actions"]:
        chk.add(line_of(body, "draws"), join(where, "draws"), "cards are dealt only for "
                "Uncertain Orders; remove draws or use an uncertain action")
    return out


def _battle(raw: Any, where: str, line: int, chk: Checker, cards: dict[int, Card],
            game_map: GameMap | None, king: dict[int, int],
            player: dict[int, int]) -> dict[str, Any] | None:
    body = chk.mapping(raw, where, line)
    if body is None:
        return None
    chk.unknown_keys(body, BATTLE_KEYS, where)
    top = max(game_map.territories) if game_map is not None else None
    t = chk.integer(body, "territory", where, None, 1, top)
    defender = chk.choice(body, "defender", where, DEFENDERS, None)
    out: dict[str, Any] = {"defender": defender}
    for key in ("player_card", "king_card"):
        if key not in body:
            chk.add(line_of(body), join(where, key), "required key is missing; give a card id")
        else:
            out[key] = _card(body[key], join(where, key), line_of(body, key), chk, cards)
    if out.get("player_card") and out.get("player_card") == out.get("king_card"):
        chk.add(line_of(body, "king_card"), join(where, "king_card"), "each side needs its "
                "own card; there is one card of each number")
    if t is not None:
        out["territory"] = t
        if not (king.get(t) and player.get(t)):
            chk.add(line_of(body, "territory"), join(where, "territory"), f"no battle in {t}: "
                    "the position (at) must put cubes of both sides there")
    to = body.get("withdraw_to")
    if to is not None:
        if game_map is not None and t in game_map.territories and (
                not is_int(to) or to not in game_map.territories[t].adjacent):
            chk.add(line_of(body, "withdraw_to"), join(where, "withdraw_to"),
                    f"{describe(to)} is not a neighbour of {t}")
        out["withdraw_to"] = to
    return out if defender is not None else None
