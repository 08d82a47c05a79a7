"""The King's action: rally (R4), movement (R2, R3), Uncertain Orders (R5, R6).

`resolve_king` takes a position, the phase card's actions and priority, and a
`deal` callback that reveals the next card from the deck (for Uncertain
Orders). It returns every cube change as a `Step` with its reason, a note for
each territory visited where nothing moved, and the battles that follow in
priority order. The input position is never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from throne_pnp.content import Card
from throne_pnp.errors import ThroneError
from throne_pnp.rules.board import Board
from throne_pnp.rules.position import KING, PLAYER, Position, Step
from throne_pnp.values import Factory, Record

TYPE_CHECKING = False
if TYPE_CHECKING:   # (typing is not loaded at run time: the table's commands start faster)
    from typing import Any

TARGET_WORDS = {
    "move-castle": "castle",
    "move-wheat": "wheat",
    "move-player": "player cubes",
}


class NeedDraws(ThroneError):
    """Uncertain Orders need another dealt card and none was given."""

    def __init__(self, dealt: list[int]):
        self.dealt = dealt
        got = ", ".join(str(d) for d in dealt) if dealt else "none"
        super().__init__(
            "Uncertain Orders: deal from the deck until a card without Uncertain Orders "
            f"comes up and give it with --draws; dealt so far: {got}; "
            "at least 1 more card is needed")


class KingResult(Record):
    """What a King's action did: steps to carry out, notes, battles to fight."""

    actions: list[str]
    priority: str
    draws: list[int]
    steps: list[Step]
    notes: list[str]
    battles: list[int]
    position: Position
    exhausted: bool = False
    log: list[tuple[str, list[Step]]] = Factory(list)

    def to_json(self) -> dict[str, Any]:
        return {
            "actions": list(self.actions),
            "priority": self.priority,
            "draws": list(self.draws),
            "steps": [s.to_json() for s in self.steps],
            "battles": self.battles,
            "position": self.position.to_json(),
            "notes": list(self.notes),
        }


def expand_uncertain(actions: Iterable[str], deal: Callable[[], Card | None],
                     draws: list[int]) -> tuple[list[str], bool]:
    """Replace each `uncertain` by the actions of the first dealt card without one (R5).

    Returns (actions to take in order, exhausted). `exhausted` is True when
    no suitable card could come: the King then does nothing more.
    """
    taken: list[str] = []
    for action in actions:
        if action != "uncertain":
            taken.append(action)
            continue
        while True:
            card = deal()
            if card is None:
                return taken, True
            draws.append(card.id)
            if not card.uncertain:
                taken.extend(card.king)
                break
    return taken, False


def targets(board: Board, pos: Position, action: str) -> list[int]:
    """Territories the King's movement heads for, as the board stands now (R2)."""
    if action == "move-player":
        return [t for t in board.numbers if pos.player[t]]
    if action == "move-wheat":
        return list(board.wheat_places)
    if board.rulings.castle_targets == "all":
        return list(board.castle_order)
    # Castles the King does not hold; contested ones count as the player's (R7).
    return [t for t in sorted(board.castles) if not (pos.king[t] and not pos.player[t])]


def _names(items: list[int]) -> str:
    if len(items) == 1:
        return str(items[0])
    return ", ".join(str(i) for i in items[:-1]) + f" and {items[-1]}"


def _dynamic_targets(board: Board, action: str) -> bool:
    """Can the King's own moves change this action's targets (R2)?

    Only castles the King does not hold (`castle_targets: not-king`) can:
    wheat never moves and the player's cubes stay put during the King's action.
    """
    return action == "move-castle" and board.rulings.castle_targets != "all"


Route = tuple[int, list[int], list[int]]  # steps to the nearest target, those targets, first steps


def route(board: Board, t: int, goal: tuple[int, ...]) -> Route:
    """From t towards the nearest of `goal`: (steps, the nearest targets, the
    neighbours of t that start a shortest path to one of them) (R3).

    Memoised per board (`Board.routes`); callers must not change the lists.
    """
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


def _goal(board: Board, pos: Position, action: str) -> tuple[int, ...]:
    """`targets` as a tuple, without copying the board's fixed ones."""
    if action == "move-wheat":
        return board.wheat_places
    if action == "move-castle" and board.rulings.castle_targets == "all":
        return board.castle_order
    return tuple(targets(board, pos, action))


def first_steps(board: Board, goal: tuple[int, ...], rising: bool) -> dict[int, int]:
    """Where King cubes in each territory step towards the nearest of `goal` (R3):
    the priority's pick among the first steps of the shortest paths. Territories
    in `goal` (and every territory when there is no goal) are left out: cubes
    there stay. Memoised per board (`Board.first_steps`)."""
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


def _move_quickly(board: Board, pos: Position, action: str, rising: bool) -> None:
    """`move` with `explain` False: the same cube changes, from a table of first
    steps instead of a route per territory."""
    king, player = pos.king, pos.player
    limit = board.king_limit
    castles = board.castles
    dynamic = _dynamic_targets(board, action)
    steps = None if dynamic else first_steps(board, _goal(board, pos, action), rising)
    for t in board.order(rising):
        cubes = king[t]
        if not cubes or player[t]:
            continue
        if dynamic:  # the King's own moves may change the castles he does not hold
            steps = first_steps(board, tuple(targets(board, pos, action)), rising)
        dest = steps.get(t)  # type: ignore[union-attr]
        if dest is None:
            continue  # no target anywhere, or t is one: the cubes stay
        count = min(cubes - 1 if t in castles else cubes, limit - king[dest])
        if count > 0:
            king[t] -= count
            king[dest] += count


def move(board: Board, pos: Position, action: str, rising: bool,
         explain: bool = True) -> tuple[list[Step], list[str]]:
    """King's movement towards the nearest target (R2, R3); changes `pos`.

    With `explain` False only `pos` changes (`_move_quickly`): no steps or
    notes are returned.
    """
    if not explain:
        _move_quickly(board, pos, action, rising)
        return [], []
    steps: list[Step] = []
    notes: list[str] = []
    what = TARGET_WORDS[action]
    limit = board.king_limit
    king, player = pos.king, pos.player
    dynamic = _dynamic_targets(board, action)
    fixed = None if dynamic else _goal(board, pos, action)
    for t in board.order(rising):
        cubes = king[t]
        if not cubes:
            continue
        if player[t]:
            notes.append(f"{t}: {cubes} King cube(s) stay: already in battle with your cubes")
            continue
        goal = tuple(targets(board, pos, action)) if fixed is None else fixed
        if not goal:
            notes.append(f"{t}: no {what} anywhere to move towards; the cubes stay")
            continue
        if t in goal:
            notes.append(f"{t}: is itself a {what} target; the cubes stay")
            continue
        d, nearest, candidates = route(board, t, goal)
        dest = max(candidates) if rising else min(candidates)
        guard = 1 if t in board.castles else 0
        room = max(limit - king[dest], 0)
        count = min(cubes - guard, room)
        why = (f"nearest {what}: {_names(nearest)}, {d} step{'s' if d > 1 else ''} away")
        if len(candidates) > 1:
            rule = "Rising takes the highest" if rising else "Falling takes the lowest"
            why += f"; first steps {_names(candidates)}, {rule}: {dest}"
        stays = []
        if guard:
            stays.append("1 stays to guard the castle")
        if room < cubes - guard:
            stays.append(f"{cubes - guard - count} stay{'s' if cubes - guard - count == 1 else ''}"
                         f" because {dest} already holds {king[dest]} of the King's "
                         f"limit of {limit}")
        if stays:
            why += "; " + "; ".join(stays)
        if count <= 0:
            notes.append(f"{t}: nothing moves: the way is to {dest}, {why}")
            continue
        step = Step("move", count, why, KING, src=t, dst=dest)
        step.apply(pos)
        steps.append(step)
    return steps, notes


def rally(board: Board, pos: Position, rising: bool,
          explain: bool = True) -> tuple[list[Step], list[str]]:
    """King's rally: +1 at each castle he holds alone, in priority order (R4).

    With `explain` False only `pos` changes (`_rally_quickly`): no steps or
    notes are returned.
    """
    if not explain:
        _rally_quickly(board, pos, rising)
        return [], []
    steps: list[Step] = []
    notes: list[str] = []
    king, player = pos.king, pos.player
    for t in board.order(rising):
        if t not in board.castles or not king[t]:
            continue
        if player[t]:
            notes.append(f"{t}: no rally: your cubes are in the castle too")
            continue
        supply = board.forces - pos.on_map(KING)
        if supply <= 0:
            notes.append(f"{t}: no rally: all {board.forces} King cubes are on the map")
            continue
        if king[t] >= board.king_limit:
            notes.append(f"{t}: no rally: already at the King's limit of {board.king_limit}")
            continue
        step = Step("rally", 1, f"castle held by the King: +1 ({supply - 1} left off the map)",
                    KING, at=t)
        step.apply(pos)
        steps.append(step)
    return steps, notes


def _rally_quickly(board: Board, pos: Position, rising: bool) -> None:
    """`rally` with `explain` False: the same cube changes, counting the King's
    supply once."""
    king, player = pos.king, pos.player
    limit = board.king_limit
    supply = board.forces - sum(king.values())
    castles = board.castle_order if rising else board.castle_order[::-1]
    for t in castles:
        if supply <= 0:
            return
        if king[t] and not player[t] and king[t] < limit:
            king[t] += 1
            supply -= 1


def resolve_king(board: Board, pos: Position, actions: Iterable[str], priority: str,
                 deal: Callable[[], Card | None], explain: bool = True) -> KingResult:
    """Carry out a phase card's King action(s) completely, in order (R3-R6).

    `explain` False (the simulator's fast path) gives the same position and
    battles without steps, notes or log.
    """
    rising = priority == "rising"
    draws: list[int] = []
    taken, exhausted = expand_uncertain(actions, deal, draws)
    work = pos.copy()
    steps: list[Step] = []
    notes: list[str] = []
    log = []
    for action in taken:
        if action == "rally":
            new_steps, new_notes = rally(board, work, rising, explain)
        else:
            new_steps, new_notes = move(board, work, action, rising, explain)
        if explain:
            steps += new_steps
            notes += new_notes
            log.append((action, new_steps))
    if exhausted and explain:
        notes.append("Uncertain Orders: no card without Uncertain Orders can come; "
                     "the King does nothing more")
    battles = work.contested(board.order(rising))
    return KingResult(taken, priority, draws, steps, notes, battles, work, exhausted, log)


def deal_from(cards: Iterable[Card]) -> Callable[[], Card | None]:
    """A `deal` callback over a fixed list of cards; raises NeedDraws when used up."""
    pending = list(cards)
    dealt: list[int] = []

    def deal() -> Card | None:
        if not pending:
            raise NeedDraws(dealt)
        card = pending.pop(0)
        dealt.append(card.id)
        return card

    return deal


__all__ = ["KingResult", "NeedDraws", "resolve_king", "deal_from", "targets", "move", "rally",
           "expand_uncertain", "PLAYER"]
