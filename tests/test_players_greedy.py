"""Greedy's danger-to-home term counts King cubes in a contested territory
(issue #16's measured flaw (a)), with the planner's running score equal to
a fresh evaluation."""

from __future__ import annotations

import random

from test_search_plans import BOARD, at_actions

from throne_pnp.players.bots import GreedyBot
from throne_pnp.players.incremental import IncrementalEvaluation
from throne_pnp.rules import actions as act
from throne_pnp.rules.position import Position


def flaw_position():
    """Hand [12, 16], King {2: 4, 9: 1}, you {1: 1, 3: 1, 7: 2}, at Player Actions."""
    g = at_actions({2: 4, 9: 1}, {1: 1, 3: 1, 7: 2}, 3)
    g.hand = [12, 16]
    return g


def test_a_hopeless_attack_no_longer_hides_the_threat_to_home():
    g = flaw_position()
    bot = GreedyBot()
    bot._context(g)
    before = bot.evaluate(g.position, False)
    after = g.position.copy()
    after.player[7] -= 1
    after.player[2] += 1
    moved = bot.evaluate(after, False)
    # Before the fix: -317 -> +83, as if the 4 King cubes in 2 had gone.
    assert moved < before + 50
    plan = bot.plan_actions(g)
    assert act.move(1, 7, 2) not in plan


def test_the_planner_keeps_the_same_score_as_a_fresh_evaluation():
    """After every action the greedy planner takes, its running score equals
    `evaluate` of the position (contested territories included)."""
    rng = random.Random(4)
    bot = GreedyBot()
    checked = 0
    for _ in range(60):
        king = {t: rng.randint(1, 4) for t in rng.sample([2, 3, 5, 6, 7, 8, 9], 3)}
        player = {1: rng.randint(1, 2)}
        for t in rng.sample(BOARD.numbers, 3):
            player[t] = player.get(t, 0) + rng.randint(1, 2)
        g = at_actions(king, player, rng.randint(1, 5))
        g.hand = rng.sample(range(1, 19), 3)
        bot._context(g)
        scorer = IncrementalEvaluation(bot, bot.by_territory(g.position.king),
                                       bot.by_territory(g.position.player), 5)
        pos = g.position.copy()
        for _ in range(3):
            best, _score = scorer.best(5)
            if best is None:
                break
            scorer.take(best)
            if best.kind == "rally":
                pos.player[best.args[0]] += 1
            else:
                n, s, d = best.args
                pos.player[s] -= n
                pos.player[d] += n
            fresh = bot.evaluate(Position(pos.king, pos.player), False)
            assert abs(scorer.score() - fresh) < 1e-6
            assert abs(_score - fresh) < 1e-6  # the score it chose the action by
            checked += 1
    assert checked > 20
