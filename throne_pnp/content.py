"""The content model: YAML edition -> validated, frozen dataclasses.

A content directory holds `map.yaml`, `cards.yaml`, optional `rulings.yaml`
and `rules.txt` (the rules sheet). `load_content(dir)` reads them with a safe
loader, checks every rule of SPEC §1 and raises `ContentError` listing *every*
problem (file, line, key path, what to change). `check_content(dir)` returns
the problems and notes instead, for `throne validate`.

Nothing here knows about rules play or rendering; the dataclasses are plain
values the engine and the renderers read.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from throne_pnp.errors import ContentError
from throne_pnp.yamlsrc import SourceDict, YamlProblem, line_of, load_file

KING_ACTIONS = ("rally", "move-castle", "move-wheat", "move-player", "uncertain")
PRIORITIES = ("rising", "falling")
RULINGS_CHOICES: dict[str, tuple[str, ...]] = {
    "home_lost_when": ("empty", "king-holds"),
    "castle_targets": ("all", "not-king"),
    "over_limit_move": ("refuse", "trim"),
}
ICONS = (
    "castle", "wheat", "bugle", "sword", "shield", "flag", "banner", "helmet",
    "uncertain", "arrow", "skull", "rising", "falling", "cube", "king-cube",
)
ICON_RE = re.compile(r"\{([a-z-]+)\}")
MAX_SYMBOLS = 3


@dataclass(frozen=True)
class TerritoryDrawing:
    """How one territory is drawn: polygon over named points, label and cube spots."""

    shape: tuple[str, ...]
    label: tuple[float, float]
    cubes: tuple[float, float]


@dataclass(frozen=True)
class Territory:
    """One numbered territory of the map with its printed symbols."""

    number: int
    name: str
    castle: bool
    wheat: int
    bugles: int
    shields: int
    adjacent: tuple[int, ...]
    drawing: TerritoryDrawing | None = None


@dataclass(frozen=True)
class Lake:
    """A body of water inside the island, drawn as a polygon over named points."""

    name: str
    shape: tuple[str, ...]


@dataclass(frozen=True)
class MapDrawing:
    """Shared geometry of the map sheet, in millimetres with a top-left origin."""

    size: tuple[float, float]
    points: dict[str, tuple[float, float]]
    lakes: tuple[Lake, ...] = ()
    crossings: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class GameMap:
    """The map and the numbers of setup (`map.yaml`)."""

    name: str
    home: int
    forces: int
    king_limit: int
    hand_size: int
    setup_player: dict[int, int]
    setup_king: dict[int, int]
    territories: dict[int, Territory]
    drawing: MapDrawing | None = None

    @property
    def numbers(self) -> tuple[int, ...]:
        """Territory numbers in ascending order."""
        return tuple(sorted(self.territories))

    @property
    def castles(self) -> tuple[int, ...]:
        return tuple(n for n in self.numbers if self.territories[n].castle)

    @property
    def drawable(self) -> bool:
        """True when every territory has drawing data for the map sheet."""
        return self.drawing is not None and all(
            t.drawing is not None for t in self.territories.values()
        )


@dataclass(frozen=True)
class Card:
    """One Action Card (`cards.yaml`)."""

    id: int
    bugles: int
    swords: int
    shields: int
    king: tuple[str, ...]
    flags: int
    priority: str
    hard: bool = False
    name: str = ""

    @property
    def uncertain(self) -> bool:
        return "uncertain" in self.king

    @property
    def rising(self) -> bool:
        return self.priority == "rising"


@dataclass(frozen=True)
class Rulings:
    """The switches of SPEC §3 where readings of the rulebook differ."""

    home_lost_when: str = "empty"
    castle_targets: str = "all"
    over_limit_move: str = "refuse"


@dataclass(frozen=True)
class Content:
    """A whole validated edition."""

    map: GameMap
    cards: tuple[Card, ...]
    rulings: Rulings
    rules_text: str
    directory: Path
    fingerprints: dict[str, str] = field(default_factory=dict)

    @property
    def normal_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if not c.hard)

    @property
    def hard_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.hard)

    def card(self, card_id: int) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    @property
    def fingerprint(self) -> str:
        """One digest over every content file, for save files."""
        joined = "".join(f"{k}={v};" for k, v in sorted(self.fingerprints.items()))
        return hashlib.sha256(joined.encode()).hexdigest()[:16]


# --------------------------------------------------------------------------- paths

def default_content_dir() -> Path:
    """`THRONE_CONTENT` if set, else the edition shipped beside the package."""
    env = os.environ.get("THRONE_CONTENT")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "content"


# --------------------------------------------------------------------------- checking


class _Checker:
    """Collects problems for one file while reading typed values out of it."""

    def __init__(self, filename: str, problems: list[str]):
        self.filename = filename
        self.problems = problems
        self.bad_paths: set[str] = set()  # key paths already reported, to avoid cascades

    def add(self, line: int, path: str, message: str) -> None:
        self.bad_paths.add(path)
        where = f"{self.filename}:{line}" if line else self.filename
        self.problems.append(f"{where}: {path}: {message}" if path else f"{where}: {message}")

    def mapping(self, value: Any, path: str, line: int) -> SourceDict | None:
        if isinstance(value, dict):
            return value  # type: ignore[return-value]
        self.add(line, path, f"expected a mapping of keys to values, got {_describe(value)}")
        return None

    def unknown_keys(self, data: dict, allowed: tuple[str, ...], path: str) -> None:
        for key in data:
            if key not in allowed:
                import difflib  # only when a key is wrong: keeps the fast path light

                close = difflib.get_close_matches(str(key), allowed, n=1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                self.add(line_of(data, key), _join(path, key),
                         f"unknown key; {hint}allowed here: {', '.join(allowed)}")

    def integer(self, data: dict, key: str, path: str, default: int | None, low: int,
                high: int | None = None) -> int | None:
        """Read an int in [low, high]; None (and a problem) when missing or wrong."""
        if key not in data:
            if default is None:
                self.add(line_of(data), _join(path, key), "required key is missing")
            return default
        value = data[key]
        where = _join(path, key)
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(line_of(data, key), where, f"expected a whole number, got {_describe(value)}")
            return None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            self.add(line_of(data, key), where, f"{value} is out of range; use a number {span}")
            return None
        return value

    def boolean(self, data: dict, key: str, path: str, default: bool) -> bool:
        if key not in data:
            return default
        value = data[key]
        if not isinstance(value, bool):
            self.add(line_of(data, key), _join(path, key),
                     f"expected true or false, got {_describe(value)}")
            return default
        return value

    def text(self, data: dict, key: str, path: str, default: str) -> str:
        if key not in data:
            return default
        value = data[key]
        if not isinstance(value, str) or not value.strip():
            self.add(line_of(data, key), _join(path, key),
                     f"expected some text, got {_describe(value)}")
            return default
        return value.strip()

    def choice(self, data: dict, key: str, path: str, choices: tuple[str, ...],
               default: str | None) -> str | None:
        if key not in data:
            if default is None:
                self.add(line_of(data), _join(path, key),
                         f"required key is missing; use one of {', '.join(choices)}")
            return default
        value = data[key]
        if value not in choices:
            self.add(line_of(data, key), _join(path, key),
                     f"{_describe(value)} is not allowed; use one of {', '.join(choices)}")
            return None
        return value


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --------------------------------------------------------------------------- map.yaml

MAP_KEYS = ("name", "home", "forces", "king_limit", "hand_size", "setup", "territories",
            "drawing")
TERRITORY_KEYS = ("name", "castle", "wheat", "bugles", "shields", "adjacent", "shape",
                  "label", "cubes")
DRAWING_KEYS = ("size", "points", "lakes", "crossings")


def _parse_map(data: Any, chk: _Checker, notes: list[str]) -> GameMap | None:
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
        if not _is_int(key) or key < 1:
            chk.add(line_of(raw_terr, key), path,
                    "territory keys must be positive whole numbers (1, 2, ...)")
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

    drawing = None
    if "drawing" in data:
        drawing = _parse_drawing(data["drawing"], line_of(data, "drawing"), territories, chk)

    if None in (forces, king_limit, hand_size, home):
        return None
    game_map = GameMap(
        name=name, home=home, forces=forces, king_limit=king_limit, hand_size=hand_size,
        setup_player=setup_player, setup_king=setup_king, territories=territories,
        drawing=drawing,
    )
    _check_setup(game_map, raw_setup, chk)
    if drawing is not None and territories:
        _check_drawing_adjacency(game_map, raw_terr, data, chk)
    if not game_map.drawable:
        notes.append("map.yaml: no complete drawing data (drawing: and each territory's "
                     "shape/label/cubes), so `throne build` cannot draw the map sheet; "
                     "play and `resolve` work normally")
    return game_map


def _nums(mapping: dict) -> str:
    return ", ".join(str(n) for n in sorted(mapping)) or "none"


def _parse_territory(number: int, body: dict, path: str, chk: _Checker) -> Territory:
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
            if not _is_int(other):
                chk.add(line_of(raw_adj, i), f"{path}.adjacent[{i}]",
                        f"expected a territory number, got {_describe(other)}")
            elif other in adjacent:
                chk.add(line_of(raw_adj, i), f"{path}.adjacent[{i}]",
                        f"{other} is listed twice; list each neighbour once")
            else:
                adjacent.append(other)
    drawing = None
    if any(k in body for k in ("shape", "label", "cubes")):
        drawing = _parse_territory_drawing(body, path, chk)
    # A bad count is already a problem; keep the territory (count 0) so that its
    # neighbours, home and setup do not also report it as missing.
    wheat, bugles, shields = (c if c is not None else 0 for c in counts)
    return Territory(number, name, castle, wheat, bugles, shields,
                     tuple(sorted(adjacent)), drawing)


def _adjacent_ok(body: dict) -> bool:
    """True when a territory's `adjacent` list was read without a problem."""
    listed = body.get("adjacent")
    return isinstance(listed, list) and bool(listed) and all(_is_int(x) for x in listed)


def _adjacency_read(raw: dict, territories: dict[int, Territory]) -> bool:
    """True when every territory's `adjacent` list was read without a problem."""
    return all(_adjacent_ok(raw[n]) for n in territories)


def _check_graph(raw: dict, territories: dict[int, Territory], chk: _Checker) -> None:
    """Adjacency: existing, no self-loops, symmetric, connected.

    A territory whose `adjacent` could not be read is already a problem; the
    checks that compare it with others are skipped so that they do not report
    false asymmetries or a false cut.
    """
    complete = _adjacency_read(raw, territories)
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
            elif n not in territories[other].adjacent and _adjacent_ok(raw[other]):
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
                  chk: _Checker, out: dict[int, int]) -> None:
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
        if not _is_int(terr) or terr not in territories:
            chk.add(line, where, f"territory {terr!r} does not exist; use one of "
                    f"{_nums(territories)}")
        elif not _is_int(count) or count < 0:
            chk.add(line, where, f"expected a number of cubes (0 or more), got {_describe(count)}")
        elif count:
            out[terr] = count


def _check_setup(game_map: GameMap, raw_setup: Any, chk: _Checker) -> None:
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


# --------------------------------------------------------------------------- drawing


def _point(value: Any) -> tuple[float, float] | None:
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
        return (float(value[0]), float(value[1]))
    return None


def _parse_territory_drawing(body: dict, path: str, chk: _Checker) -> TerritoryDrawing | None:
    ok = True
    shape = body.get("shape")
    if not isinstance(shape, list) or len(shape) < 3 or not all(isinstance(p, str) for p in shape):
        chk.add(line_of(body, "shape") or line_of(body), f"{path}.shape",
                "expected a list of at least 3 point names from drawing.points")
        ok = False
    spots = []
    for key in ("label", "cubes"):
        spot = _point(body.get(key))
        if spot is None:
            chk.add(line_of(body, key) or line_of(body), f"{path}.{key}",
                    "expected a position [x, y] in millimetres")
            ok = False
        spots.append(spot)
    if not ok:
        return None
    return TerritoryDrawing(tuple(shape), spots[0], spots[1])  # type: ignore[arg-type]


def _parse_drawing(raw: Any, line: int, territories: dict[int, Territory],
                   chk: _Checker) -> MapDrawing | None:
    data = chk.mapping(raw, "drawing", line)
    if data is None:
        return None
    chk.unknown_keys(data, DRAWING_KEYS, "drawing")
    size = _point(data.get("size"))
    if size is None or min(size) <= 0:
        chk.add(line_of(data, "size"), "drawing.size", "expected [width, height] in millimetres")
        return None
    points: dict[str, tuple[float, float]] = {}
    raw_points = data.get("points")
    if not isinstance(raw_points, dict) or not raw_points:
        chk.add(line_of(data, "points"), "drawing.points",
                "expected a mapping of point names to [x, y]")
        return None
    for pname, value in raw_points.items():
        pt = _point(value)
        if pt is None or not (0 <= pt[0] <= size[0] and 0 <= pt[1] <= size[1]):
            chk.add(line_of(raw_points, pname), f"drawing.points.{pname}",
                    f"expected [x, y] inside the drawing size {size[0]:g} x {size[1]:g} mm")
        else:
            points[str(pname)] = pt
    lakes = []
    raw_lakes = data.get("lakes", [])
    if not isinstance(raw_lakes, list):
        chk.add(line_of(data, "lakes"), "drawing.lakes", "expected a list of {name, shape}")
        raw_lakes = []
    for i, lake in enumerate(raw_lakes):
        where = f"drawing.lakes[{i}]"
        if not isinstance(lake, dict):
            chk.add(line_of(raw_lakes, i), where, "expected {name: ..., shape: [points]}")
            continue
        chk.unknown_keys(lake, ("name", "shape"), where)
        shape = lake.get("shape")
        if not isinstance(shape, list) or len(shape) < 3:
            chk.add(line_of(lake), f"{where}.shape", "expected at least 3 point names")
            continue
        lakes.append(Lake(str(lake.get("name", "")), tuple(str(p) for p in shape)))
    crossings = []
    raw_cross = data.get("crossings", [])
    if not isinstance(raw_cross, list):
        chk.add(line_of(data, "crossings"), "drawing.crossings",
                "expected a list of territory pairs, e.g. [[3, 9]]")
        raw_cross = []
    for i, pair in enumerate(raw_cross):
        if (not isinstance(pair, list) or len(pair) != 2 or not all(_is_int(p) for p in pair)
                or any(p not in territories for p in pair)):
            chk.add(line_of(raw_cross, i), f"drawing.crossings[{i}]",
                    "expected a pair of existing territory numbers, e.g. [3, 9]")
            continue
        crossings.append((min(pair), max(pair)))
    return MapDrawing(size, points, tuple(lakes), tuple(crossings))


def polygon_edges(shape: tuple[str, ...]) -> set[frozenset[str]]:
    """The edges of a closed polygon over named points, as unordered pairs."""
    return {frozenset((shape[i], shape[(i + 1) % len(shape)])) for i in range(len(shape))}


def drawn_adjacency(game_map: GameMap) -> set[tuple[int, int]]:
    """Pairs of territories whose drawn polygons share an edge."""
    owners: dict[frozenset[str], list[int]] = {}
    for n, terr in game_map.territories.items():
        if terr.drawing is not None:
            for edge in polygon_edges(terr.drawing.shape):
                owners.setdefault(edge, []).append(n)
    pairs = set()
    for terrs in owners.values():
        for i, a in enumerate(terrs):
            for b in terrs[i + 1:]:
                pairs.add((min(a, b), max(a, b)))
    return pairs


def _shared_edges(game_map: GameMap, a: int, b: int) -> list[str]:
    """The drawn edges territories a and b share, as 'p1-p2' texts."""
    ta, tb = game_map.territories[a].drawing, game_map.territories[b].drawing
    if ta is None or tb is None:
        return []
    shared = polygon_edges(ta.shape) & polygon_edges(tb.shape)
    return sorted("-".join(sorted(edge)) for edge in shared)


def _check_drawing_adjacency(game_map: GameMap, raw_terr: dict, data: dict,
                             chk: _Checker) -> None:
    drawing = game_map.drawing
    assert drawing is not None
    raw_drawing = data["drawing"]
    raw_points = raw_drawing.get("points") if isinstance(raw_drawing, dict) else None
    defined = {str(p) for p in raw_points} if isinstance(raw_points, dict) else set()
    # A point that is defined but malformed is reported in drawing.points; the
    # borders through it are unknown, so the comparison below is skipped too.
    unknown_points = bool(defined - set(drawing.points))
    for n, terr in game_map.territories.items():
        if terr.drawing is None:
            continue
        missing = [p for p in terr.drawing.shape if p not in defined]
        if missing:
            unknown_points = True
            chk.add(line_of(raw_terr[n], "shape"), f"territories[{n}].shape",
                    f"unknown point(s) {', '.join(missing)}; define them in drawing.points "
                    "or use a name that is defined there")
    if unknown_points or not game_map.drawable or not _adjacency_read(raw_terr,
                                                                       game_map.territories):
        return  # the drawn borders or the listed ones are not known: no comparison
    touching = drawn_adjacency(game_map)
    # Only pairs of existing, distinct territories: self-loops and unknown
    # neighbours are reported by the adjacency checks already.
    listed = {(min(a, b), max(a, b)) for a, t in game_map.territories.items()
              for b in t.adjacent if b != a and b in game_map.territories}
    raw_cross = raw_drawing.get("crossings") if isinstance(raw_drawing, dict) else None

    def crossing_line(a: int, b: int) -> int:
        if isinstance(raw_cross, list):
            for i, pair in enumerate(raw_cross):
                if isinstance(pair, list) and sorted(pair) == [a, b]:
                    return line_of(raw_cross, i)
        return line_of(raw_drawing, "crossings")

    crossings = set(drawing.crossings)
    for a, b in sorted(touching & crossings):
        chk.add(crossing_line(a, b), "drawing.crossings",
                f"{a} and {b} already share a border; remove [{a}, {b}] (a crossing is only "
                "for territories drawn apart, such as a sea route)")
    for a, b in sorted(crossings - touching - listed):
        chk.add(crossing_line(a, b), "drawing.crossings",
                f"[{a}, {b}] is drawn as a crossing but {a} and {b} are not adjacent; "
                "remove it or list them as adjacent")
    for a, b in sorted(touching - listed):
        edges = ", ".join(_shared_edges(game_map, a, b))
        chk.add(line_of(raw_terr[a], "shape"), f"territories[{a}].shape",
                f"drawn touching {b} (shared edge {edges}) but {a} and {b} are not "
                f"adjacent; move a point so they no longer share an edge, or list them "
                "as adjacent")
    for a, b in sorted(listed - touching - crossings):
        chk.add(line_of(raw_terr[a], "adjacent"), f"territories[{a}].adjacent",
                f"{a} and {b} are adjacent but not drawn touching; give their shapes a "
                f"shared edge or add [{a}, {b}] to drawing.crossings")


# --------------------------------------------------------------------------- cards.yaml

CARD_KEYS = ("id", "name", "bugles", "swords", "shields", "king", "flags", "priority", "hard")


def _parse_cards(data: Any, chk: _Checker, hand_size: int) -> tuple[Card, ...]:
    data = chk.mapping(data, "", line_of(data))
    if data is None:
        return ()
    chk.unknown_keys(data, ("cards",), "")
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        chk.add(line_of(data, "cards") or line_of(data), "cards", "expected a list of cards")
        return ()
    cards: list[Card] = []
    seen: dict[int, int] = {}
    broken_normal = 0  # normal cards with a problem of their own (not in `cards`)
    for i, body in enumerate(raw):
        path = f"cards[{i}]"
        body = chk.mapping(body, path, line_of(raw, i))
        if body is None:
            broken_normal += 1
            continue
        chk.unknown_keys(body, CARD_KEYS, path)
        card_id = chk.integer(body, "id", path, None, 1)
        if card_id is not None:
            if card_id in seen:
                chk.add(line_of(body, "id"), f"{path}.id", f"id {card_id} is already used by "
                        f"cards[{seen[card_id]}]; ids must be unique")
            seen[card_id] = i
        counts = [chk.integer(body, k, path, 0, 0, MAX_SYMBOLS) for k in ("bugles", "swords",
                                                                          "shields")]
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
    # A card with its own problem is unknown here: it might be the one without
    # `uncertain`, so that check waits until every normal card reads cleanly.
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


def _parse_king(body: dict, path: str, chk: _Checker) -> tuple[str, ...] | None:
    raw = body.get("king")
    where = f"{path}.king"
    if raw is None:
        chk.add(line_of(body), where, f"required key is missing; list 1 or 2 of "
                f"{', '.join(KING_ACTIONS)}")
        return None
    if isinstance(raw, str):
        raw_list: list = [raw]
    elif isinstance(raw, list):
        raw_list = raw
    else:
        chk.add(line_of(body, "king"), where, f"expected a list of 1 or 2 King actions "
                f"({', '.join(KING_ACTIONS)}), got {_describe(raw)}")
        return None
    if not 1 <= len(raw_list) <= 2:
        chk.add(line_of(body, "king"), where, f"{len(raw_list)} actions listed; a card has "
                f"1 or 2 of {', '.join(KING_ACTIONS)}")
        return None
    ok = True
    for action in raw_list:
        if not isinstance(action, str) or action not in KING_ACTIONS:
            chk.add(line_of(body, "king"), where, f"{_describe(action)} is not a King action "
                    f"({', '.join(KING_ACTIONS)})")
            ok = False
    return tuple(raw_list) if ok else None


# --------------------------------------------------------------------------- rulings, rules


def _parse_rulings(data: Any, chk: _Checker) -> Rulings:
    if data is None:
        return Rulings()
    data = chk.mapping(data, "", line_of(data))
    if data is None:
        return Rulings()
    chk.unknown_keys(data, tuple(RULINGS_CHOICES), "")
    values = {}
    for key, choices in RULINGS_CHOICES.items():
        value = chk.choice(data, key, "", choices, getattr(Rulings, key))
        if value is not None:
            values[key] = value
    return Rulings(**values)


def check_rules_text(text: str, filename: str, problems: list[str]) -> None:
    """Rules text may use `{icon}` markup; unknown icon names are problems."""
    for lineno, line in enumerate(text.splitlines(), start=1):
        for match in ICON_RE.finditer(line):
            if match.group(1) not in ICONS:
                problems.append(f"{filename}:{lineno}: unknown icon {{{match.group(1)}}}; "
                                f"icons: {', '.join(ICONS)}")


# --------------------------------------------------------------------------- entry points


@dataclass
class ContentReport:
    """What `check_content` found: the content (if usable), problems and notes."""

    content: Content | None
    problems: list[str]
    notes: list[str]


def _read(path: Path, problems: list[str], optional: bool = False) -> tuple[Any, bool]:
    """Parse one file; an optional file may be absent or empty (all defaults)."""
    if optional and not path.exists():
        return None, True
    try:
        data, dupes = load_file(path, allow_empty=optional)
    except YamlProblem as exc:
        problems.append(str(exc))
        return None, False
    problems.extend(dupes)
    return data, True


def check_content(directory: Path | str) -> ContentReport:
    """Load and check a content directory; never raises for bad content."""
    directory = Path(directory)
    problems: list[str] = []
    notes: list[str] = []
    if not directory.is_dir():
        return ContentReport(None, [f"{directory}: not a content directory (it should hold "
                                    "map.yaml and cards.yaml)"], notes)
    fingerprints = {}
    for name in ("map.yaml", "cards.yaml", "rulings.yaml", "rules.txt"):
        path = directory / name
        try:
            fingerprints[name] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        except OSError:
            pass  # missing or unreadable: reported when the file is read

    map_data, map_ok = _read(directory / "map.yaml", problems)
    game_map = _parse_map(map_data, _Checker("map.yaml", problems), notes) if map_ok else None
    cards_data, cards_ok = _read(directory / "cards.yaml", problems)
    hand = game_map.hand_size if game_map else 5
    cards = _parse_cards(cards_data, _Checker("cards.yaml", problems), hand) if cards_ok else ()
    rulings_data, rulings_ok = _read(directory / "rulings.yaml", problems, optional=True)
    rulings = _parse_rulings(rulings_data, _Checker("rulings.yaml", problems))
    rules_path = directory / "rules.txt"
    rules_text = ""
    if rules_path.is_file():
        try:
            rules_text = rules_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"rules.txt: cannot be read: {exc}")
        check_rules_text(rules_text, "rules.txt", problems)
    else:
        notes.append("rules.txt: missing, so `throne build` cannot typeset the rules sheet")

    content = None
    if not problems and game_map is not None and cards and rulings_ok:
        content = Content(game_map, cards, rulings, rules_text, directory, fingerprints)
    return ContentReport(content, problems, notes)


_cache: dict[tuple[str, tuple], Content] = {}


def load_content(directory: Path | str | None = None) -> Content:
    """Load a valid content directory or raise ContentError listing every problem."""
    directory = Path(directory) if directory is not None else default_content_dir()
    stamp = _stamp(directory)
    key = (str(directory.resolve()), stamp)
    if key in _cache:
        return _cache[key]
    report = check_content(directory)
    if report.content is None:
        raise ContentError(report.problems or [f"{directory}: no usable content"])
    _cache[key] = report.content
    return report.content


def _stamp(directory: Path) -> tuple:
    """File sizes and mtimes, so the in-process cache notices edits (build --watch)."""
    out = []
    for name in ("map.yaml", "cards.yaml", "rulings.yaml", "rules.txt"):
        try:
            st = (directory / name).stat()
            out.append((name, st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((name, None, None))
    return tuple(out)
