"""Small hand-made boards for rules tests, independent of the default content."""

from __future__ import annotations

from throne_pnp.content import Card, Rulings
from throne_pnp.rules.board import Board, distances
from throne_pnp.rules.position import Position


def make_board(adjacent: dict[int, tuple[int, ...]], castles: tuple[int, ...] = (),
               wheat: dict[int, int] | None = None, bugles: dict[int, int] | None = None,
               shields: dict[int, int] | None = None, home: int | None = None,
               forces: int = 10, king_limit: int = 5, rulings: Rulings | None = None,
               cards: tuple[Card, ...] = ()) -> Board:
    """A Board from an adjacency dict (made symmetric) and a few symbols."""
    adj: dict[int, set[int]] = {n: set() for n in adjacent}
    for a, ns in adjacent.items():
        for b in ns:
            adj[a].add(b)
            adj.setdefault(b, set()).add(a)
    numbers = tuple(sorted(adj))
    frozen = {n: tuple(sorted(adj[n])) for n in numbers}
    return Board(
        numbers=numbers, descending=tuple(reversed(numbers)), adjacent=frozen,
        dist=distances(frozen), castles=frozenset(castles),
        wheat={n: (wheat or {}).get(n, 0) for n in numbers},
        bugles={n: (bugles or {}).get(n, 0) for n in numbers},
        shields={n: (shields or {}).get(n, 0) for n in numbers},
        home=home if home is not None else (min(castles) if castles else numbers[0]),
        forces=forces, king_limit=king_limit, hand_size=5, setup_player={}, setup_king={},
        rulings=rulings or Rulings(), cards={c.id: c for c in cards},
    )


def line(n: int, **kw) -> Board:
    """Territories 1..n in a row."""
    return make_board({i: (i + 1,) for i in range(1, n)}, **kw)


def pos(board: Board, king: dict[int, int] | None = None,
        player: dict[int, int] | None = None) -> Position:
    return Position.from_counts(board, king or {}, player or {})


def card(card_id: int, king: tuple[str, ...] = ("rally",), priority: str = "rising",
         bugles: int = 0, swords: int = 0, shields: int = 0, flags: int = 3,
         hard: bool = False) -> Card:
    return Card(card_id, bugles, swords, shields, king, flags, priority, hard)


def last_card_battle(cards: tuple[Card, ...], physical: bool):
    """A game with `cards` (ids 1-8) at the battle in 2 after the player's
    `move 2 1 2`, where the player's last card in hand is 5: the deck holds
    1 2 3 7, the discard pile 8 and 4 (shared by the odds and Next-line tests)."""
    from throne_pnp.rules import actions as act
    from throne_pnp.rules.game import Game

    b = make_board({1: (2,), 2: (3, 4)}, castles=(1, 3, 4), wheat={1: 3, 2: 1}, home=1,
                   cards=cards)
    g = Game(b, range(1, 9), physical, pos(b, {2: 2}, {1: 3}))
    for c in () if physical else (1, 2, 3, 4, 5):
        g.apply(act.deal(c))
    for mine, kings in ((1, 6), (2, 7), (3, 8)):
        for a in (act.card(mine), act.DONE, act.card(kings), act.DONE):
            g.apply(a)
    for a in (act.card(4), act.DONE, act.card(6), act.move(2, 1, 2), act.DONE):
        g.apply(a)
    return g
