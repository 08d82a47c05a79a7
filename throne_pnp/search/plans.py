"""Every end of Player Actions: the layouts the command points can reach.

A plan is a sequence of moves and rallies; what matters for the rest of the
game is where it leaves the player's cubes (the King's do not move during
Player Actions, R13). So the search enumerates end layouts, not sequences:
a breadth-first walk over layouts by command points spent, keeping for each
layout the first (cheapest) sequence that reaches it. Greedy's one-action
climb stops where no single action helps; this finds plans whose first step
looks bad (a move out of a castle that a rally then refills, a march
through a King territory, R13).

The walk applies the engine's own legality (`PlayerActions.move_problem`,
`rally_problem`) on a scratch game for the `trim` ruling and whenever a
King cube stands on home; for the default `refuse` ruling it checks the
same R8 limit on bare counts, which `tests/test_search_plans.py` checks
against the engine layout for layout on random positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from throne_pnp.rules import actions as act
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import MOVE_COST, RALLY_COST, Game
from throne_pnp.search.fork import fork

# A walk stops adding layouts past this many (a guard for a large edition;
# the default map with 10 cubes and 5 points reaches a few thousand).
MAX_LAYOUTS = 60_000


@dataclass(frozen=True)
class Plan:
    """An end of Player Actions: the player's cubes by territory (index =
    territory number) and the commands that reach it, `done` last."""

    layout: tuple[int, ...]
    actions: tuple[Action, ...]

    @property
    def commands(self) -> list[str]:
        return [a.text() for a in self.actions]


def end_layouts(game: Game) -> list[Plan]:
    """Every layout Player Actions can end in from `game` (which must be at
    its Player Actions), each with its cheapest command sequence; the layout
    of `done` now comes first, the rest in the order found."""
    board = game.board
    if board.rulings.over_limit_move == "trim":
        return _walk_engine(game)
    return _walk_counts(game)


def _walk_counts(game: Game) -> list[Plan]:
    """The walk on bare counts (ruling `refuse`)."""
    board = game.board
    size = max(board.numbers) + 1
    numbers = board.numbers
    adjacent = [board.adjacent.get(t, ()) for t in range(size)]
    wheat = [board.wheat.get(t, 0) for t in range(size)]
    K = [game.position.king[t] if t in board.adjacent else 0 for t in range(size)]
    castles = [t for t in sorted(board.castles)]
    forces = board.forces
    start = tuple(game.position.player[t] if t in board.adjacent else 0 for t in range(size))
    seen: dict[tuple[int, ...], tuple[Action, ...]] = {start: ()}
    layers: list[list[tuple[int, ...]]] = [[] for _ in range(game.command_points + 1)]
    layers[0].append(start)
    for spent, layer in enumerate(layers):
        left = game.command_points - spent
        for P in layer:
            path = seen[P]
            limit = sum([wheat[t] for t in numbers if P[t] and not K[t]])
            nxt: list[tuple[tuple[int, ...], Action, int]] = []
            if left >= MOVE_COST:
                for src in numbers:
                    have = P[src]
                    if not have:
                        continue
                    for dst in adjacent[src]:
                        for count in range(1, have + 1):
                            Q = list(P)
                            Q[src] -= count
                            Q[dst] += count
                            if _within(Q, numbers, wheat, K, limit, src, dst):
                                nxt.append((tuple(Q), act.move(count, src, dst), MOVE_COST))
            if left >= RALLY_COST and sum(P) < forces:
                for t in castles:
                    if P[t] and not K[t] and P[t] + 1 <= limit:
                        Q = list(P)
                        Q[t] += 1
                        nxt.append((tuple(Q), act.rally(t), RALLY_COST))
            for Q, action, cost in nxt:
                if Q not in seen and len(seen) < MAX_LAYOUTS:
                    seen[Q] = path + (action,)
                    layers[spent + cost].append(Q)
    return [Plan(layout, path + (act.DONE,)) for layout, path in seen.items()]


def _within(Q: list[int], numbers, wheat, K, old_limit: int, src: int, dst: int) -> bool:
    """Is every territory within the player's limit after the move (R8, contested
    territories counting as the King's during Player Actions)?"""
    if not (wheat[src] and not K[src]) and not (wheat[dst] and not K[dst]):
        return Q[dst] <= old_limit  # no wheat changed hands: the limit is the same
    limit = sum([wheat[t] for t in numbers if Q[t] and not K[t]])
    return max(Q) <= limit


def _walk_engine(game: Game) -> list[Plan]:
    """The walk through the engine itself (any ruling; slower)."""
    board = game.board
    size = max(board.numbers) + 1

    def layout(g: Game) -> tuple[int, ...]:
        return tuple(g.position.player[t] if t in board.adjacent else 0 for t in range(size))

    root = fork(game)
    seen: dict[tuple[int, ...], tuple[Action, ...]] = {layout(root): ()}
    frontier = [(root, ())]
    while frontier:
        later = []
        for g, path in frontier:
            for action in [*g.legal_moves(), *g.legal_rallies()]:
                twin = fork(g)
                twin.apply(action)
                key = layout(twin)
                if key not in seen and len(seen) < MAX_LAYOUTS:
                    seen[key] = path + (action,)
                    later.append((twin, path + (action,)))
        frontier = later
    return [Plan(key, path + (act.DONE,)) for key, path in seen.items()]
