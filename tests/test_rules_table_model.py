"""The card record against a model of the physical cards, card for card.

`Table` keeps real piles the way the rulebook says a player does: draw from
the top, reshuffle the discard pile the moment the deck is empty (or, if the
discard pile is empty then, before the next draw), refill an empty hand at
once, and move table cards to the discard pile when the engine reports that a
battle or a phase ended. Random games (default content, random hard cards,
both modes, random told hands and card fixes) are played with the engine
told only what a player would tell it; after every action the engine's
`card_zones()` must agree with the piles (an `unknown` card in the model's
deck or hand), every card must be in exactly one zone, and the counts and
the discard pile must match exactly.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from throne_pnp.content import load_content
from throne_pnp.errors import IllegalAction
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import Position
from throne_pnp.sim.simulate import hard_ids, normal_ids

BOARD = board_for(load_content(None))


class Table:
    """The physical cards: a face-down deck (top = end of the list), the hand,
    the discard pile (bottom first) and the cards on the table."""

    def __init__(self, cards: list[int], rng: random.Random):
        self.rng = rng
        self.deck = list(cards)
        rng.shuffle(self.deck)
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.table: list[int] = []
        self.reshuffles = 0
        self.log: list[tuple[str, str]] = []  # the engine's reshuffles: (purpose, action)

    def reshuffle(self) -> None:
        self.deck = self.discard
        self.rng.shuffle(self.deck)
        self.discard = []
        self.reshuffles += 1

    def draw(self) -> int:
        if not self.deck:
            self.reshuffle()  # put off from a moment the discard pile was empty
        card = self.deck.pop()
        if not self.deck and self.discard:
            self.reshuffle()  # the moment the deck is empty
        return card

    def refill(self, size: int) -> None:
        while len(self.hand) < size and (self.deck or self.discard):
            self.hand.append(self.draw())

    def play(self, card: int, physical: bool, size: int) -> None:
        self.hand.remove(card)
        self.table.append(card)
        if not self.hand and physical:
            self.refill(size)  # (virtual: the engine asks for the cards one by one)

    def to_discard(self, card: int) -> None:
        self.table.remove(card)
        self.discard.append(card)

    def zones(self) -> dict[int, str]:
        out = {}
        for zone in ("deck", "hand", "discard", "table"):
            for c in getattr(self, zone):
                assert c not in out, f"card {c} twice on the table model"
                out[c] = zone
        return out


def check(game: Game, model: Table) -> None:
    zones = game.card_zones()
    truth = model.zones()
    assert set(zones) == set(truth) == set(game.in_game)
    for c, zone in zones.items():
        if zone == "unknown":
            assert truth[c] in ("deck", "hand"), (c, truth[c])
        else:
            assert zone == truth[c], (c, zone, truth[c])
    # every card in exactly one of the engine's piles
    piles = [game.unseen, set(game.hand), set(game.discard), set(game.table)]
    assert sum(len(p) for p in piles) == len(game.in_game)
    assert set().union(*piles) == set(game.in_game)
    assert len(game.unseen) == game.deck_count + game.hand_hidden
    assert game.deck_count == len(model.deck) and game.hand_count == len(model.hand)
    assert game.discard == model.discard and sorted(game.table) == sorted(model.table)


def play(seed: int, physical: bool, tell: float, max_steps: int = 400) -> tuple[Game, Table]:
    rng = random.Random(seed)
    hard = rng.randint(0, len(hard_ids(BOARD)))
    cards = normal_ids(BOARD) + sorted(rng.sample(hard_ids(BOARD), hard))
    model = Table(cards, random.Random(seed + 1))
    # A gentle start (the King weak, far from home) so that random games last
    # long enough for the deck to run out again and again.
    game = Game(BOARD, cards, physical, Position.from_counts(BOARD, {9: 1}, {1: 2, 2: 1}))
    size = BOARD.hand_size
    if physical:
        model.refill(size)
    for _ in range(max_steps):
        check(game, model)
        if game.outcome is not None:
            break
        if physical and game.hand_count and rng.random() < tell:
            told = list(model.hand)
            rng.shuffle(told)
            if rng.random() < 0.5:
                game.apply(act.hand(tuple(told)))
            else:  # the same record, through a fix
                game.apply(act.fix_cards(tuple(told), tuple(model.discard)))
            check(game, model)
        need = game.need()
        if need.kind == "deal":
            card = model.draw()
            if need.purpose == "hand":
                model.hand.append(card)
            elif need.purpose == "uncertain":
                model.discard.append(card)
            else:  # the King's phase card or battle card, on the table
                model.table.append(card)
            action = act.deal(card)
        elif need.kind in ("card", "battle"):
            card = rng.choice(model.hand)
            if game.known_hand() is not None:
                outside = [c for c in game.in_game if c not in model.hand]
                wrong = act.card(rng.choice(outside)) if need.kind == "card" else \
                    act.battle(rng.choice(outside))
                try:
                    game.apply(wrong)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{wrong} accepted with the hand {model.hand}")
            model.play(card, physical, size)
            action = act.card(card) if need.kind == "card" else act.battle(card)
        elif need.kind == "withdraw":
            action = act.withdraw(rng.choice(need.options))
        else:  # Player Actions: random ones, never emptying home (long games)
            home = BOARD.home
            legal = [a for a in game.legal_actions() if a.kind != "move" or a.args[1] != home
                     or a.args[0] < game.position.player[home]]
            action = act.DONE if rng.random() < 0.4 else rng.choice(legal)
        events = game.apply(action)
        model.log += [(e.purpose, str(action)) for e in events if e.kind == "reshuffle"]
        for event in events:
            if event.kind == "battle" and event.battle.done:
                model.to_discard(event.battle.player_card)
                model.to_discard(event.battle.king_card)
            elif event.kind == "phase-end" and event.card is not None:
                model.to_discard(event.card)
        if game.need().kind == "deal" and not model.deck:
            model.reshuffle()  # the engine reshuffles before the next draw: so does the player
    check(game, model)
    return game, model


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), physical=st.booleans(),
       tell=st.sampled_from([0.0, 0.05, 0.3]))
def test_the_card_record_matches_the_physical_piles(seed, physical, tell):
    play(seed, physical, tell)


def test_long_games_reshuffle_many_times_and_still_match():
    total = 0
    for seed in range(6):
        game, model = play(seed, physical=seed % 2 == 1, tell=0.1, max_steps=1500)
        assert game.reshuffles == model.reshuffles
        total += model.reshuffles
    assert total >= 6  # the decks really ran out, several times


def test_a_physical_game_where_the_deck_runs_out_in_battles_matches_card_for_card():
    """A fixed physical game (seed 118, hand never told): the King's battle card
    empties the deck twice, and once the last card in hand played for a battle
    makes the refill empty it; the record matched the piles after every action."""
    game, model = play(118, physical=True, tell=0.0, max_steps=1500)
    assert model.log == [("battle", "deal 20"), ("hand", "battle 11"), ("battle", "deal 23")]
    assert game.reshuffles == model.reshuffles == 3
