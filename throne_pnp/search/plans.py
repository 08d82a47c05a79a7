"""Every end of Player Actions: the layouts the command points can reach.

The King's cubes do not move during Player Actions (R13), so the search walks end layouts
breadth-first, keeping each one's cheapest sequence; legality is `rules.limits`'.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field

from throne_pnp.rules import actions as act
from throne_pnp.rules import limits
from throne_pnp.rules.actions import Action
from throne_pnp.rules.board import Board
from throne_pnp.rules.game import MOVE_COST, RALLY_COST, Game

# A walk stops adding layouts past this many (a guard for a large edition).
MAX_LAYOUTS = 60_000


@dataclass(frozen=True)
class Narrow:
    """Narrowed walk: past `depth` points spent, only the `width` best by `score` a layer go on."""

    depth: int
    width: int
    score: Callable[[tuple[int, ...]], float]


@dataclass(slots=True, eq=False)
class Walk:
    """The end layouts of one walk: `layouts[i]` comes from `layouts[parent[i]]` by `steps[i]`."""

    layouts: list[tuple[int, ...]]
    parent: list[int]
    steps: list[tuple]
    _index: dict[tuple[int, ...], int] | None = field(default=None, init=False, repr=False)

    def actions(self, i: int) -> tuple[Action, ...]:
        """The cheapest command sequence that ends in layout i, `done` last."""
        path: list[Action] = [act.DONE]
        while i:
            kind, args = self.steps[i]
            path.append(act.move(*args) if kind == "move" else act.rally(*args))
            i = self.parent[i]
        return tuple(reversed(path))

    def index(self, layout: tuple[int, ...]) -> int | None:
        """The position of `layout` among the layouts, or None when unreachable."""
        if self._index is None:
            self._index = {lay: i for i, lay in enumerate(self.layouts)}
        return self._index.get(layout)


def layout_of(board: Board, counts: dict[int, int]) -> tuple[int, ...]:
    """A side's cubes as a tuple indexed by territory number (0 where none)."""
    adjacent = board.adjacent
    return tuple([counts[t] if t in adjacent else 0 for t in range(board.numbers[-1] + 1)])


def walk(game: Game, narrow: Narrow | None = None) -> Walk:
    """Every layout Player Actions can end in from `game`, `done` now first (with `narrow`,
    walking on from only the best of each layer past `narrow.depth`)."""
    if game.board.rulings.over_limit_move == "trim":
        return _walk_engine(game)
    return _walk_counts(game, narrow)


def _walk_counts(game: Game, narrow: Narrow | None = None) -> Walk:
    """The walk on bare counts (ruling `refuse`): R8 asked once per pair of territories."""
    board = game.board
    size = max(board.numbers) + 1
    numbers = board.numbers
    adjacent = [board.adjacent.get(t, ()) for t in range(size)]
    K = layout_of(board, game.position.king)
    wheat = [board.wheat.get(t, 0) for t in range(size)]
    # Wheat a territory adds to the player's limit while the player has cubes there (R7).
    gives = [limits.wheat_if_held(wheat[t], K[t], True) for t in range(size)]
    castles = sorted(board.castles)
    forces = board.forces
    points = game.command_points
    start = layout_of(board, game.position.player)
    # Layouts keyed by an integer, `bits` bits a territory: a move is an addition.
    bits = max(forces, max(start)).bit_length()
    unit = [1 << (bits * t) for t in range(size)]
    key0 = sum(n * unit[t] for t, n in enumerate(start))
    seen = {key0: 0}  # key -> index into the lists below
    layouts = [start]
    # R8's limit in each layout
    limit_of = [limits.player_limit(board.wheat_places, wheat, start, K, True)]
    parents = [0]
    steps: list[tuple] = [("", ())]
    layers: list[list[int]] = [[] for _ in range(points + 1)]
    layers[0].append(key0)
    # Per source territory, its moves: (dst, key change per cube).
    edges = [[(dst, unit[dst] - unit[src]) for dst in adjacent[src]] for src in range(size)]
    move_room, rally_fits = limits.move_room, limits.rally_fits
    full = False
    for spent, layer in enumerate(layers):
        left = points - spent
        if left < MOVE_COST:
            break
        if narrow is not None and spent >= narrow.depth and len(layer) > narrow.width:
            layer = heapq.nlargest(narrow.width, layer,
                                   key=lambda k: narrow.score(layouts[seen[k]]))
        into_move = layers[spent + MOVE_COST]
        for key in layer:
            at = seen[key]
            P = layouts[at]
            limit = limit_of[at]
            for src in numbers:
                have = P[src]
                if not have:
                    continue
                gives_src = gives[src]
                for dst, step in edges[src]:
                    pd = P[dst]
                    most, kept, whole = move_room(limit, gives_src, gives[dst], have, pd, P)
                    for count in range(1, have + 1):
                        if count < have:
                            if count > most:
                                continue
                            child_limit = kept
                        elif whole is None:
                            continue
                        else:
                            child_limit = whole
                        q = key + count * step
                        if q not in seen:
                            if len(seen) >= MAX_LAYOUTS:
                                full = True
                                break
                            seen[q] = len(layouts)
                            Q = list(P)
                            Q[src] = have - count
                            Q[dst] = pd + count
                            layouts.append(tuple(Q))
                            parents.append(at)
                            limit_of.append(child_limit)
                            steps.append(("move", (count, src, dst)))
                            into_move.append(q)
                    if full:
                        break
                if full:
                    break
            if left >= RALLY_COST and sum(P) < forces and not full:
                into_rally = layers[spent + RALLY_COST]
                for t in castles:
                    if P[t] and not K[t] and rally_fits(limit, P[t]):
                        q = key + unit[t]
                        if q not in seen and len(seen) < MAX_LAYOUTS:
                            seen[q] = len(layouts)
                            layouts.append(P[:t] + (P[t] + 1,) + P[t + 1:])
                            parents.append(at)
                            limit_of.append(limit)
                            steps.append(("rally", (t,)))
                            into_rally.append(q)
    return Walk(layouts, parents, steps)


def _walk_engine(game: Game) -> Walk:
    """The walk through the engine itself (any ruling; slower)."""
    board = game.board
    root = game.copy()
    layouts, parents, steps = [layout_of(board, root.position.player)], [0], [("", ())]
    seen = {layouts[0]: 0}
    frontier = [(root, 0)]
    while frontier:
        later = []
        for g, at in frontier:
            for action in [*g.legal_moves(), *g.legal_rallies()]:
                twin = g.copy()
                twin.apply(action)
                key = layout_of(board, twin.position.player)
                if key not in seen and len(seen) < MAX_LAYOUTS:
                    seen[key] = len(layouts)
                    layouts.append(key)
                    parents.append(at)
                    steps.append((action.kind, action.args))
                    later.append((twin, seen[key]))
        frontier = later
    return Walk(layouts, parents, steps)
