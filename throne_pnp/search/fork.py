"""Copies of a game for search: the same engine, fast, and fair (`determinise` is the one
place the search fills in what the player cannot know)."""

from __future__ import annotations

import random

from throne_pnp.rules.game import Game


def determinise(game: Game, rng: random.Random, must_hold: int | None = None) -> Game:
    """A fork of `game` with the whole hand known, played on as a virtual game (physical
    mode: the untold cards sampled from the unseen ones, `must_hold` among them)."""
    twin = game.copy()
    hidden = twin.hand_hidden
    if hidden:
        pool = sorted(twin.unseen)
        chosen: list[int] = []
        if must_hold is not None and must_hold in twin.unseen:
            chosen.append(must_hold)
            pool.remove(must_hold)
        chosen += rng.sample(pool, hidden - len(chosen))
        twin.hand.extend(chosen)
        twin.unseen.difference_update(chosen)
        twin.hand_hidden = 0
    twin.physical = False
    return twin
