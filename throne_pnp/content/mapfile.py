"""`map.yaml`'s playable map, checked (docs/content.md): numbers, symbols, adjacency,
home castle and setup within forces and limits (the drawing data is `drawing`'s).
"""

from __future__ import annotations

from typing import Any

from throne_pnp.content.checker import Checker, adjacency_read, adjacent_ok, describe, is_int
from throne_pnp.content.drawing import (
    check_drawing_adjacency,
    parse_drawing,
    parse_territory_drawing,
)
from throne_pnp.content.model import MAX_SYMBOLS, TERRAINS, GameMap, Territory
from throne_pnp.yamlsrc import line_of

MAX_TERRITORY = 999   # territory numbers are printed on the map
MAP_KEYS = ("name", "home", "forces", "king_limit", "hand_size", "setup", "territories", "drawing")
TERRITORY_KEYS = ("name", "castle", "wheat", "bugles", "shields", "adjacent", "shape",
                  "label", "cubes", "terrain")


def parse_map(data: Any, chk: Checker, notes: list[str]) -> GameMap | None:
    data = chk.mapping(data, "", line_of(data))
    if data is None:
        return None
    chk.unknown_keys(data, MAP_KEYS, "")
    name = chk.text(data, "name", "", "Kingdom of Prydon")
    forces = chk.integer(data, "forces", "", 10, 1, 99)
    king_limit = chk.integer(data, "king_limit", "", 5, 1, 99)
    hand_size = chk.integer(data, "hand_size", "", 5, 1, 20)
    home = chk.integer(data, "home", "", None, 1)

    territories: dict[int, Territory] = {}
    raw_terr = data.get("territories")
    if raw_terr is None:
        chk.add(line_of(data), "territories", "required key is missing")
        raw_terr = {}
    elif not isinstance(raw_terr, dict) or not raw_terr:
        chk.add(line_of(data, "territories"), "territories",
                "expected a mapping of territory numbers to territories")
        raw_terr = {}
    for key, body in raw_terr.items():
        path = f"territories[{key}]"
        if not is_int(key) or not 1 <= key <= MAX_TERRITORY:
            chk.add(line_of(raw_terr, key), path,
                    f"territory keys must be whole numbers from 1 to {MAX_TERRITORY} (1, 2, ...)")
            continue
        body = chk.mapping(body, path, line_of(raw_terr, key))
        if body is None:
            continue
        territories[key] = _parse_territory(key, body, path, chk)

    _check_graph(raw_terr, territories, chk)

    if home is not None and territories:
        if home not in territories:
            chk.add(line_of(data, "home"), "home",
                    f"territory {home} does not exist; use one of {_nums(territories)}")
        elif not territories[home].castle and isinstance(
                raw_terr[home].get("castle", False), bool):  # else reported as a wrong type
            chk.add(line_of(data, "home"), "home",
                    f"territory {home} has no castle; home must be a castle territory "
                    f"(castles: {_nums({n: t for n, t in territories.items() if t.castle})})")

    if not territories:
        return None  # already reported; setup and drawing cannot be checked without them
    setup_player: dict[int, int] = {}
    setup_king: dict[int, int] = {}
    raw_setup = data.get("setup")
    if raw_setup is None:
        chk.add(line_of(data), "setup", "required key is missing (setup: {player: ..., king: ...})")
    elif chk.mapping(raw_setup, "setup", line_of(data, "setup")) is not None:
        chk.unknown_keys(raw_setup, ("player", "king"), "setup")
        for side, target in (("player", setup_player), ("king", setup_king)):
            _parse_counts(raw_setup, side, f"setup.{side}", territories, chk, target)

    drawing = (parse_drawing(data["drawing"], line_of(data, "drawing"), territories, chk)
               if "drawing" in data else None)

    if None in (forces, king_limit, hand_size, home):
        return None
    game_map = GameMap(
        name=name, home=home, forces=forces, king_limit=king_limit, hand_size=hand_size,
        setup_player=setup_player, setup_king=setup_king, territories=territories,
        drawing=drawing,
    )
    _check_setup(game_map, raw_setup, chk)
    if drawing is not None and territories:
        check_drawing_adjacency(game_map, raw_terr, data, chk)
    if not game_map.drawable:
        notes.append("map.yaml: no complete drawing data (drawing: and each territory's "
                     "shape/label/cubes), so `throne build` cannot draw the map sheet; "
                     "play and `resolve` work normally")
    return game_map


def _nums(mapping: dict) -> str:
    return ", ".join(str(n) for n in sorted(mapping)) or "none"


def _parse_territory(number: int, body: dict, path: str, chk: Checker) -> Territory:
    chk.unknown_keys(body, TERRITORY_KEYS, path)
    name = chk.text(body, "name", path, f"Territory {number}")
    castle = chk.boolean(body, "castle", path, False)
    counts = [chk.integer(body, k, path, 0, 0, MAX_SYMBOLS) for k in ("wheat", "bugles", "shields")]
    adjacent: list[int] = []
    raw_adj = body.get("adjacent")
    if raw_adj is None:
        chk.add(line_of(body), f"{path}.adjacent", "required key is missing; list the "
                "neighbouring territory numbers, e.g. adjacent: [2, 5]")
    elif not isinstance(raw_adj, list) or not raw_adj:
        chk.add(line_of(body, "adjacent"), f"{path}.adjacent",
                "expected a non-empty list of territory numbers, e.g. [2, 5]")
    else:
        for i, other in enumerate(raw_adj):
            if not is_int(other):
                chk.add(line_of(raw_adj, i), f"{path}.adjacent[{i}]",
                        f"expected a territory number, got {describe(other)}")
            elif other in adjacent:
                chk.add(line_of(raw_adj, i), f"{path}.adjacent[{i}]",
                        f"{other} is listed twice; list each neighbour once")
            else:
                adjacent.append(other)
    terrain = body.get("terrain", "")
    if terrain not in ("", *TERRAINS):
        chk.add(line_of(body, "terrain"), f"{path}.terrain", f"unknown terrain "
                f"{describe(terrain)}; use one of {', '.join(TERRAINS)} (or leave it out)")
        terrain = ""
    drawn = any(k in body for k in ("shape", "label", "cubes"))
    drawing = parse_territory_drawing(body, path, chk) if drawn else None
    # Keep a territory with a bad count (0), so that it is not also reported as missing.
    wheat, bugles, shields = (c if c is not None else 0 for c in counts)
    return Territory(number, name, castle, wheat, bugles, shields, tuple(sorted(adjacent)), drawing,
                     terrain)


def _check_graph(raw: dict, territories: dict[int, Territory], chk: Checker) -> None:
    """Adjacency: existing, no self-loops, symmetric, connected (a territory whose
    `adjacent` is unreadable is left out of the comparisons: no false reports)."""
    complete = adjacency_read(raw, territories)
    for n, terr in territories.items():
        body = raw[n]
        where = f"territories[{n}].adjacent"
        line = line_of(body, "adjacent")
        for other in terr.adjacent:
            if other == n:
                chk.add(line, where, f"territory {n} lists itself; remove {n}")
            elif other not in territories:
                chk.add(line, where, f"territory {other} does not exist "
                        f"(territories: {_nums(territories)})")
            elif n not in territories[other].adjacent and adjacent_ok(raw[other]):
                chk.add(line, where, f"{n} lists {other} but {other} does not list {n}; "
                        f"add {n} to territories[{other}].adjacent or remove {other} here")
    if territories and complete:
        start = min(territories)
        seen = {start}
        todo = [start]
        while todo:
            for other in territories[todo.pop()].adjacent:
                if other in territories and other not in seen:
                    seen.add(other)
                    todo.append(other)
        cut = sorted(set(territories) - seen)
        if cut:
            chk.add(line_of(raw, cut[0]), f"territories[{cut[0]}]",
                    f"the map is not connected: {_nums(dict.fromkeys(cut))} cannot be "
                    f"reached from {start}; list an adjacency (on both sides) that joins "
                    "them to the rest of the map")


def _parse_counts(setup: dict, side: str, path: str, territories: dict[int, Territory],
                  chk: Checker, out: dict[int, int]) -> None:
    raw = setup.get(side)
    if raw is None:
        chk.add(line_of(setup), path, f"required key is missing, e.g. {side}: {{1: 2}}")
        return
    if not isinstance(raw, dict):
        chk.add(line_of(setup, side), path, "expected a mapping of territory: cubes, e.g. {1: 2}")
        return
    for terr, count in raw.items():
        where = f"{path}[{terr}]"
        line = line_of(raw, terr)
        if not is_int(terr) or terr not in territories:
            chk.add(line, where, f"territory {terr!r} does not exist; use one of "
                    f"{_nums(territories)}")
        elif not is_int(count) or count < 0:
            chk.add(line, where, f"expected a number of cubes (0 or more), got {describe(count)}")
        elif count:
            out[terr] = count


def _check_setup(game_map: GameMap, raw_setup: Any, chk: Checker) -> None:
    def side_line(side: str) -> int:
        return line_of(raw_setup, side) if isinstance(raw_setup, dict) else line_of(raw_setup)

    def entry_line(side: str, terr: int) -> int:
        raw = raw_setup.get(side) if isinstance(raw_setup, dict) else None
        return line_of(raw, terr) if isinstance(raw, dict) else side_line(side)

    for side, counts in (("player", game_map.setup_player), ("king", game_map.setup_king)):
        total = sum(counts.values())
        if total > game_map.forces:
            chk.add(side_line(side), f"setup.{side}", f"{total} cubes placed but each side has "
                    f"only forces: {game_map.forces}; place fewer cubes or raise forces")
    for terr, count in game_map.setup_king.items():
        if count > game_map.king_limit:
            chk.add(entry_line("king", terr), f"setup.king[{terr}]", f"{count} cubes exceed "
                    f"king_limit {game_map.king_limit}; place at most {game_map.king_limit}")
        if terr in game_map.setup_player:
            chk.add(entry_line("king", terr), f"setup.king[{terr}]", f"territory {terr} has "
                    "cubes of both sides (setup.player lists it too); the game starts with "
                    "no battle pending, so put each side's cubes in different territories")
    if not isinstance(raw_setup, dict) or not isinstance(raw_setup.get("player"), dict):
        return  # already reported as the wrong shape
    if not game_map.setup_player:
        chk.add(side_line("player"), "setup.player",
                "the player needs at least one cube on the map")
    elif game_map.home not in game_map.setup_player:
        chk.add(side_line("player"), "setup.player", f"the player must start with cubes in "
                f"home territory {game_map.home}")
    if any(f"territories[{t}].wheat" in chk.bad_paths for t in game_map.setup_player):
        return  # a wrong wheat count is reported already; the limit would mislead
    wheat = sum(game_map.territories[t].wheat for t in game_map.setup_player
                if t in game_map.territories)
    for terr, count in game_map.setup_player.items():
        if count > wheat:
            chk.add(entry_line("player", terr), f"setup.player[{terr}]",
                    f"{count} cubes exceed the player's limit of {wheat} (the wheat in the "
                    f"territories the player holds at the start); place at most {wheat} or "
                    "add wheat there")

