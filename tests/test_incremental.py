"""Greedy's evaluation by tables, kept move by move (`IncrementalEvaluation`),
held equal to the evaluation itself (`Evaluation.evaluate`) on random positions."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from throne_pnp.content import load_content
from throne_pnp.players.bots import GreedyBot
from throne_pnp.players.incremental import IncrementalEvaluation
from throne_pnp.players.scores import LOSS_SCORE, WIN_SCORE
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import Position
from throne_pnp.search.dealer import Dealer
from throne_pnp.search.options import candidates
from throne_pnp.search.plans import walk
from throne_pnp.sim.simulate import game_seed, make_bot, normal_ids, play_game

BOARD = board_for(load_content(None))
SIZE = max(BOARD.numbers) + 1


def by_territory(counts: dict[int, int]) -> list[int]:
    return [counts.get(t, 0) for t in range(SIZE)]


def game_with_hand(rng: random.Random) -> Game:
    """A game a few greedy turns in (a real hand and deck for the odds)."""
    g = Game(BOARD, normal_ids(BOARD))
    dealer = Dealer(rng.randint(0, 10**6))
    bot = GreedyBot()
    for _ in range(rng.randint(0, 40)):
        if g.outcome is not None:
            break
        if g.need().kind == "deal":
            g.apply(act.deal(dealer.deal(g)))
        else:
            for a in bot.decide(g, rng):
                g.apply(a)
                if g.outcome is not None:
                    break
    return g


def random_layout(rng: random.Random, king: list[int]) -> list[int]:
    player = by_territory({t: rng.choice((0, 0, 0, 1, 2, 3)) for t in BOARD.numbers})
    if rng.random() < 0.2:  # hold every castle (a battle may still pend elsewhere)
        for c in BOARD.castles:
            player[c] = max(1, player[c])
            king[c] = 0
    return player


def same(got: float, want: float) -> bool:
    return math.isclose(got, want, rel_tol=1e-12, abs_tol=1e-9)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 10**6))
def test_the_incremental_evaluation_equals_the_evaluation(seed):
    """Random King and player layouts (contested territories, King on home,
    empty home, every castle held) score as `evaluate(..., False)` does, by
    table (`score_layout`) and by running totals (`score`); and after every
    action `best` picks, its score and the running score are the evaluation
    of the position it leads to."""
    rng = random.Random(seed)
    g = game_with_hand(rng)
    bot = GreedyBot()
    bot._context(g)
    king = by_territory({t: rng.choice((0, 0, 1, 2, 3)) for t in BOARD.numbers})
    for _ in range(10):
        player = random_layout(rng, king)
        want = bot.evaluate(Position(king, player), False)  # type: ignore[arg-type]
        points = rng.randint(0, 5)
        scores = IncrementalEvaluation(bot, king, player, points)
        assert same(scores.score_layout(player), want), (king, player)
        assert same(scores.score(), want), (king, player)
        if king[BOARD.home] or not player[BOARD.home]:
            continue  # the planner plans only with home held (greedy's rule)
        while points >= 1:
            action, value = scores.best(points)
            if action is None:
                break
            scores.take(action)
            if action.kind == "rally":
                player[action.args[0]] += 1
                points -= 2
            else:
                n, src, dst = action.args
                player[src] -= n
                player[dst] += n
                points -= 1
            want = bot.evaluate(Position(king, player), False)  # type: ignore[arg-type]
            assert same(value, want) and same(scores.score(), want), (king, player, action)
            assert same(scores.score_layout(player), want)


def test_the_special_scores():
    """An empty home loses; every castle held with nothing contested wins."""
    g = game_with_hand(random.Random(3))
    bot = GreedyBot()
    bot._context(g)
    castles = {c: 1 for c in BOARD.castles}
    scores = IncrementalEvaluation(bot, by_territory({5: 2}), by_territory(castles), 5)
    assert scores.score_layout(by_territory({2: 3})) == -LOSS_SCORE
    assert scores.score_layout(by_territory(castles)) == WIN_SCORE
    assert scores.score_layout(by_territory({**castles, 5: 1})) != WIN_SCORE  # a battle pends


def test_the_plan_search_keeps_the_best_layout_by_the_evaluation():
    """On positions of planner games the first plan option is a layout with the
    highest evaluation among every layout the walk reaches."""
    seen: list[Game] = []

    def keep(game: Game) -> None:
        if game.need().kind == "actions" and len(seen) < 12 and game.command_points >= 3:
            seen.append(game.copy())

    play_game(BOARD, make_bot("greedy"), game_seed(1, 0, 2), 0, on_step=keep)
    bot = GreedyBot()
    for g in seen:
        found = walk(g)
        bot._context(g)
        king = by_territory(dict(g.position.king))
        values = [bot.evaluate(Position(king, lay), False) for lay in found.layouts]  # type: ignore[arg-type]
        first = candidates(g, bot)[0]
        at = found.index(_end_layout(g, first.actions))
        assert at is not None
        assert math.isclose(values[at], max(values), abs_tol=1e-9)


def _end_layout(g: Game, actions) -> tuple[int, ...]:
    twin = g.copy()
    for a in actions[:-1]:
        twin.apply(a)
    return tuple(by_territory(dict(twin.position.player)))
