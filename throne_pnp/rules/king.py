"""The King's action: rally (R4), movement (R2, R3), Uncertain Orders (R5, R6). `move` and
`rally` are the one core of R2-R4, for the engine, the bots and the odds; `take_orders` and
`suitable_may_come` that of R5, for the engine and `throne resolve`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from throne_pnp.content import Card
from throne_pnp.errors import ThroneError
from throne_pnp.rules.board import Board
from throne_pnp.rules.position import KING, PLAYER, Position
from throne_pnp.rules.steps import Rallied, Stay, Step, Toward

UNCERTAIN = "uncertain"


class NeedDraws(ThroneError):
    """Uncertain Orders need another dealt card and none was given."""

    def __init__(self, dealt: list[int]):
        got = ", ".join(str(d) for d in dealt) if dealt else "none"
        super().__init__(
            "Uncertain Orders: deal from the deck until a card without Uncertain Orders "
            f"comes up and give it with --draws; dealt so far: {got}; "
            "at least 1 more card is needed")


@dataclass(frozen=True, slots=True)
class KingAction:
    """One action of the King's card as it was carried out: for each territory
    visited, a `Step` (cubes moved or added) or a `Stay` (nothing changed)."""

    action: str
    items: tuple[Step | Stay, ...]

    @property
    def steps(self) -> list[Step]:
        return [i for i in self.items if isinstance(i, Step)]


@dataclass(slots=True)
class KingResult:
    """What a King's card did: its actions in order, the battles that follow,
    the position after; `exhausted` when Uncertain Orders found no card (R5)."""

    actions: list[str]
    priority: str
    draws: list[int]
    battles: list[int]
    position: Position
    exhausted: bool = False
    log: list[KingAction] = field(default_factory=list)

    @property
    def steps(self) -> list[Step]:
        """Every cube change, in order."""
        return [s for entry in self.log for s in entry.items if isinstance(s, Step)]


def take_orders(actions: Sequence[str], dealt: Sequence[Card] = ()) -> tuple[
        list[str], list[str], int]:
    """Uncertain Orders (R5) on plain data, the one core: each `uncertain` of `actions`
    becomes the action(s) of the next card of `dealt` without one; cards with one are
    passed over. Returns (the actions taken, in order; those still waiting, empty or
    headed by an `uncertain` that needs the next card; how many of `dealt` were used)."""
    taken: list[str] = []
    used = 0
    for i, action in enumerate(actions):
        if action != UNCERTAIN:
            taken.append(action)
            continue
        while used < len(dealt) and dealt[used].uncertain:
            used += 1
        if used == len(dealt):
            return taken, list(actions[i:]), used
        taken += dealt[used].king
        used += 1
    return taken, [], used


def suitable_may_come(cards: Mapping[int, Card], unseen: Collection[int],
                      discard: Iterable[int], deck_count: int, dealt: Iterable[int]) -> bool:
    """Can a card without Uncertain Orders still be dealt (R5)? Yes while one is among
    the `unseen` cards or the discard pile (the deck after a reshuffle, R10); among
    Uncertain cards only, while the deck holds one not yet `dealt` for these orders."""
    if any(not cards[c].uncertain for c in (*unseen, *discard)):
        return True
    return deck_count > sum(1 for d in dealt if d in unseen)


def targets(board: Board, pos: Position, action: str) -> tuple[int, ...]:
    """Territories the King's movement heads for, as the board stands now (R2)."""
    if action == "move-player":
        return tuple([t for t in board.numbers if pos.player[t]])
    if action == "move-wheat":
        return board.wheat_places
    if board.rulings.castle_targets == "all":
        return board.castle_order
    # Castles the King does not hold; contested ones count as the player's (R7).
    return tuple([t for t in board.castle_order if not (pos.king[t] and not pos.player[t])])


Route = tuple[int, list[int], list[int]]  # steps to the nearest target, those targets, first steps


def route(board: Board, t: int, goal: tuple[int, ...]) -> Route:
    """From t towards the nearest of `goal` (R3): (steps, the nearest targets,
    the neighbours of t starting a shortest path). Memoised per board."""
    memo = board.routes
    key = (t, goal)
    hit = memo.get(key)
    if hit is None:
        row = board.dist[t]
        d = min(row[g] for g in goal)
        nearest = [g for g in goal if row[g] == d]
        dist = board.dist
        first = [n for n in board.adjacent[t] if any(dist[n][g] == d - 1 for g in nearest)]
        hit = memo[key] = (d, nearest, first)
    return hit


def first_steps(board: Board, goal: tuple[int, ...], rising: bool) -> dict[int, int]:
    """Where King cubes in each territory step towards the nearest of `goal` (R3),
    by priority; territories in `goal` (all when none) are left out. Memoised."""
    memo = board.first_steps
    key = (goal, rising)
    hit = memo.get(key)
    if hit is None:
        hit = {}
        if goal:
            for t in board.numbers:
                if t not in goal:
                    candidates = route(board, t, goal)[2]
                    hit[t] = max(candidates) if rising else min(candidates)
        memo[key] = hit
    return hit


def move(board: Board, pos: Position, action: str, rising: bool,
         record: bool = True) -> list[Step | Stay]:
    """The King's movement towards the nearest target (R2, R3); changes `pos`. Returns a
    `Step` or a `Stay` per visited territory, in priority order (none unless `record`: a
    caller that only wants the position builds no records)."""
    out: list[Step | Stay] = []
    king, player = pos.king, pos.player
    limit, castles = board.king_limit, board.castles
    # the King's own moves change the targets (R2) only for castles he does not hold
    dynamic = action == "move-castle" and board.rulings.castle_targets != "all"
    goal = targets(board, pos, action)
    table = first_steps(board, goal, rising)
    for t in board.numbers if rising else board.descending:
        cubes = king[t]
        if not cubes:
            continue
        dest = None if player[t] else table.get(t)
        if dest is None:  # a battle stays, and a target or cubes with nowhere to go
            if record:
                out.append(Stay(t, cubes, "battle" if player[t] else "is-target" if goal
                                else "no-target"))
            continue
        guard = 1 if t in castles else 0
        had = king[dest]
        count = min(cubes - guard, limit - had)
        if count <= 0:
            if record:
                out.append(Stay(t, cubes, "blocked", dest, Toward(action, goal, cubes, guard, had)))
            continue
        king[t] = cubes - count
        king[dest] = had + count
        if record:
            out.append(Step("move", count, KING, Toward(action, goal, cubes, guard, had), t, dest))
        if dynamic:  # the King's own moves may change the castles he does not hold
            goal = targets(board, pos, action)
            table = first_steps(board, goal, rising)
    return out


def rally(board: Board, pos: Position, rising: bool, record: bool = True) -> list[Step | Stay]:
    """The King's rally: +1 at each castle he holds alone, in priority order (R4);
    changes `pos`. Returns a `Step` or a `Stay` per castle of his (none unless `record`)."""
    out: list[Step | Stay] = []
    king, player = pos.king, pos.player
    limit = board.king_limit
    supply = board.forces - sum(king.values())
    for t in (board.castle_order if rising else board.castle_order[::-1]):
        cubes = king[t]
        if not cubes:
            continue
        if player[t] or supply <= 0 or cubes >= limit:
            if record:
                out.append(Stay(t, cubes, "contested" if player[t] else "no-supply"
                                if supply <= 0 else "full"))
        else:
            king[t] = cubes + 1
            supply -= 1
            if record:
                out.append(Step("rally", 1, KING, Rallied(supply), at=t))
    return out


def resolve_king(board: Board, pos: Position, actions: Sequence[str], priority: str,
                 draws: Sequence[Card] = ()) -> KingResult:
    """A phase card's King action(s), given the cards `draws` dealt for Uncertain Orders
    in order (R3-R6); NeedDraws if orders still wait after them."""
    taken, todo, used = take_orders(actions, draws)
    if todo:
        raise NeedDraws([card.id for card in draws])
    return carry_out(board, pos, taken, priority, [card.id for card in draws[:used]])


def carry_out(board: Board, pos: Position, taken: Sequence[str], priority: str,
              draws: Iterable[int] = (), exhausted: bool = False) -> KingResult:
    """Carry out the King's actions `taken` (Uncertain Orders already replaced, R5)
    completely, in order (R3, R4, R6), on a copy of `pos`; `draws`, `exhausted` are noted."""
    rising = priority == "rising"
    work = pos.copy()
    log = []
    for action in taken:   # each action moves the cubes of `work` in turn
        items = rally(board, work, rising) if action == "rally" else move(
            board, work, action, rising)
        log.append(KingAction(action, tuple(items)))
    battles = work.contested(board.order(rising))
    return KingResult(list(taken), priority, list(draws), battles, work, exhausted, log)


__all__ = ["KingAction", "KingResult", "NeedDraws", "PLAYER", "carry_out", "move", "rally",
           "resolve_king", "suitable_may_come", "take_orders", "targets"]
