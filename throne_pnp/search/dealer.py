"""Deal a game's cards from seeded shuffles that do not depend on the player: two players
on one seed see the same cards in the same order as long as the rules let them."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from throne_pnp.rules.game import Game


@dataclass(slots=True, eq=False)
class Dealer:
    """Seeded decks for one game (see the module docstring)."""

    seed: int | str
    _decks: int = field(default=0, init=False)
    _order: list[int] = field(default_factory=list, init=False)  # the deck now, top card last
    _reshuffles: int = field(default=-1, init=False)  # the game's reshuffles at the last shuffle

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
        random.Random(f"{self.seed}:deck:{self._decks}").shuffle(order)
        return order
