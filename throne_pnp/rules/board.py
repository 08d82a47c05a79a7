"""Static map facts for the rules, precomputed once per content edition: `Board` flattens
a `Content` into what play needs at speed (orders, distances, symbols)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from throne_pnp.content.model import Card, Rulings

if TYPE_CHECKING:
    from throne_pnp.content.model import Content


@dataclass(eq=False, slots=True)
class Board:
    """Everything about the map and the deck that never changes during play;
    compared by identity. `dataclasses.replace` derives the orders and memos anew."""

    numbers: tuple[int, ...]
    descending: tuple[int, ...]
    adjacent: dict[int, tuple[int, ...]]
    dist: dict[int, dict[int, int]]
    castles: frozenset[int]
    wheat: dict[int, int]
    bugles: dict[int, int]
    shields: dict[int, int]
    home: int
    forces: int
    king_limit: int
    hand_size: int
    setup_player: dict[int, int]
    setup_king: dict[int, int]
    rulings: Rulings
    cards: dict[int, Card]
    # Derived from the fields above, for the King's movement.
    castle_order: tuple[int, ...] = field(init=False)  # castles, ascending
    wheat_places: tuple[int, ...] = field(init=False)  # territories with wheat, ascending
    routes: dict = field(init=False, default_factory=dict)       # `king.route`'s memo
    first_steps: dict = field(init=False, default_factory=dict)  # `king.first_steps`'s memo

    def __post_init__(self) -> None:
        self.castle_order = tuple(sorted(self.castles))
        self.wheat_places = tuple(t for t in self.numbers if self.wheat[t])

    def order(self, rising: bool) -> tuple[int, ...]:
        """Territories in priority order: ascending when Rising (R1)."""
        return self.numbers if rising else self.descending


def distances(adjacent: dict[int, tuple[int, ...]]) -> dict[int, dict[int, int]]:
    """Fewest steps between every pair of territories (breadth-first search)."""
    out: dict[int, dict[int, int]] = {}
    for start in adjacent:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in adjacent[here]:
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        out[start] = seen
    return out


def board_from(content: Content, rulings: Rulings | None = None) -> Board:
    """Build the Board of a content edition (optionally with other rulings)."""
    game_map = content.map
    terr = game_map.territories
    numbers = tuple(sorted(terr))
    adjacent = {n: tuple(sorted(terr[n].adjacent)) for n in numbers}
    return Board(
        numbers=numbers,
        descending=tuple(reversed(numbers)),
        adjacent=adjacent,
        dist=distances(adjacent),
        castles=frozenset(n for n in numbers if terr[n].castle),
        wheat={n: terr[n].wheat for n in numbers},
        bugles={n: terr[n].bugles for n in numbers},
        shields={n: terr[n].shields for n in numbers},
        home=game_map.home,
        forces=game_map.forces,
        king_limit=game_map.king_limit,
        hand_size=game_map.hand_size,
        setup_player=dict(game_map.setup_player),
        setup_king=dict(game_map.setup_king),
        rulings=rulings or content.rulings,
        cards={c.id: c for c in content.cards},
    )


_boards: dict[int, tuple[Content, Board]] = {}


def board_for(content: Content) -> Board:
    """The (cached) Board of a content edition with its own rulings."""
    hit = _boards.get(id(content))
    if hit is None or hit[0] is not content:
        hit = (content, board_from(content))
        _boards[id(content)] = hit
    return hit[1]
