"""Deal a game's cards from seeded shuffles that do not depend on the player.

Two players on one seed see the same cards in the same order as long as the rules let them.
"""

from __future__ import annotations

import random

from throne_pnp.rules.game import Game


class Dealer:
    """Seeded decks for one game (see the module docstring)."""

    __slots__ = ("_seed", "_decks", "_order", "_reshuffles")

    def __init__(self, seed: int | str):
        self._seed = seed
        self._decks = 0
        self._order: list[int] = []  # the current deck, top card last
        self._reshuffles = -1  # the game's reshuffle count when the deck was shuffled

    def deal(self, game: Game) -> int:
        """The card on top of the deck now (a legal `deal` for `game`)."""
        unseen = game.unseen
        order = self._order
        if (game.reshuffles != self._reshuffles or len(order) != len(unseen)
                or order[-1] not in unseen):
            order = self._order = self._shuffle(unseen)
            self._reshuffles = game.reshuffles
        return order.pop()

    def _shuffle(self, cards: set[int]) -> list[int]:
        """A new deck: `cards` in a seeded order."""
        self._decks += 1
        order = sorted(cards)
        random.Random(f"{self._seed}:deck:{self._decks}").shuffle(order)
        return order
