"""The table as read against the tracked game: the differences, and during Player Actions
the shortest sequences of legal commands (through the engine, within the command points)
that turn the game's position into the table's.

A territory's count on the table is its cubes on the spaces and those standing off them
(`offspace`); it is a range when some of its spaces are unsure or its cubes off the spaces
could not be counted for sure (touching, half hidden, on a border, of neither colour); a
count only differs from the game's outside that range.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from throne_pnp.render.components.board.territories import PLAYER_SPACES
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import KING, PLAYER
from throne_pnp.scan.reader import Reading

MAX_STATES = 20_000      # positions the move search looks at, at most
MAX_ANSWERS = 6


@dataclass(frozen=True, slots=True)
class Count:
    """What the table shows of one side in one territory: `low` cubes for sure, up to
    `high`; `off` of them stand off the spaces, counted for sure (and more may, uncounted,
    when `off_unsure`)."""

    low: int
    high: int
    off: int = 0
    off_unsure: bool = False

    def allows(self, n: int) -> bool:
        return self.low <= n <= self.high


@dataclass(frozen=True, slots=True)
class Difference:
    """One side's count in one territory: on the table (`low`..`high`) and in the game."""

    territory: int
    side: str
    table: Count
    game: int


def table_counts(reading: Reading, king_limit: int) -> dict[tuple[int, str], Count]:
    """(territory, side) -> Count, for every territory whose spaces all show: the spaces
    read as the side's, up to those plus the unsure ones of its row; and the cubes off the
    spaces (a blob of neither side's colour may be either's)."""
    rows: dict[int, dict[str, list[str]]] = {}
    for read in reading.spaces:
        rows.setdefault(read.space.territory, {KING: [], PLAYER: []})[read.space.side].append(
            read.state)
    out: dict[tuple[int, str], Count] = {}
    for territory, row in rows.items():
        if (len(row[KING]), len(row[PLAYER])) != (king_limit, PLAYER_SPACES):
            continue
        every = row[KING] + row[PLAYER]
        for side in (KING, PLAYER):
            blobs = [o for o in reading.off if o.territory == territory and o.side in (side, None)]
            low = sum(o.low for o in blobs if o.side == side)
            high = sum(o.high for o in blobs)
            sure = every.count(side)
            counted = sum(o.low for o in blobs if o.sure)
            out[(territory, side)] = Count(sure + low, sure + row[side].count("unsure") + high,
                                           counted, any(not o.sure for o in blobs))
    return out


def differences(reading: Reading, game: Game) -> list[Difference]:
    """Every territory and side where the table's count cannot be the game's."""
    out = []
    for (territory, side), count in sorted(table_counts(reading, game.board.king_limit).items()):
        have = game.position.side(side).get(territory, 0)
        if not count.allows(have):
            out.append(Difference(territory, side, count, have))
    return out


def explanations(reading: Reading, game: Game) -> list[list[Action]]:
    """During Player Actions: the shortest sequences of moves and rallies (all of that
    length, one order each, at most MAX_ANSWERS) after which every count fits the table;
    [] when none within the command points does, or outside Player Actions."""
    if game.need().kind != "actions":
        return []
    counts = table_counts(reading, game.board.king_limit)

    def fits(g: Game) -> bool:
        return all(c.allows(g.position.side(side).get(t, 0)) for (t, side), c in counts.items())

    if fits(game):
        return []
    queue: deque[tuple[Game, tuple[Action, ...]]] = deque([(game, ())])
    seen = {_key(game)}
    found: dict[tuple[str, ...], list[Action]] = {}
    best: int | None = None
    while queue and len(seen) < MAX_STATES:
        state, path = queue.popleft()
        if best is not None and len(path) >= best:
            break
        for action in state.legal_actions():
            if action.kind not in ("move", "rally"):
                continue
            after = state.copy()
            after.apply(action)
            key = _key(after)
            steps = (*path, action)
            if fits(after):
                best = len(steps)
                found.setdefault(tuple(sorted(a.text() for a in steps)), list(steps))
            elif key not in seen and after.need().kind == "actions":
                seen.add(key)
                queue.append((after, steps))
    return list(found.values())[:MAX_ANSWERS]


def _key(game: Game) -> tuple:
    position = game.position
    return (tuple(sorted(position.side(KING).items())),
            tuple(sorted(position.side(PLAYER).items())), game.command_points)
