"""The greedy bot's fast action planner agrees with full evaluation."""

import random

from throne_pnp.content import load_content
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.sim.bots import GreedyBot, RandomBot, make_bot
from throne_pnp.sim.simulate import game_seed, hard_ids, normal_ids


def test_incremental_planner_matches_full_evaluation():
    board = board_for(load_content(None))
    bot = GreedyBot()
    checked = 0
    for i in range(15):
        rng = random.Random(game_seed(5, 0, i))
        game = Game(board, normal_ids(board))
        while game.outcome is None and game.turn <= 60:
            need = game.need()
            if need.kind == "deal":
                game.apply(act.deal(rng.choice(game.deal_candidates())))
                continue
            if need.kind == "actions":
                bot._context(game)
                assert bot.plan_actions(game) == bot._plan_slowly(game)
                checked += 1
            for action in bot.decide(game, rng):
                game.apply(action)
    assert checked > 50


def test_bots_by_name():
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("random"), RandomBot)


def test_fast_engine_path_plays_the_same_games():
    """`Game(..., explain=False)` (the simulator's) and the full path agree move by move."""
    board = board_for(load_content(None))
    for hard in (0, 4):
        for i in range(12):
            games = []
            for explain in (True, False):
                rng = random.Random(game_seed(3, hard, i))
                bot = GreedyBot()
                game = Game(board, normal_ids(board) + sorted(rng.sample(hard_ids(board), hard)),
                            explain=explain)
                while game.outcome is None and game.turn <= 60:
                    if game.need().kind == "deal":
                        todo = [act.deal(rng.choice(game.deal_candidates()))]
                    else:
                        todo = bot.decide(game, rng)
                    for action in todo:
                        game.apply(action)
                        if game.outcome is not None:
                            break
                games.append(game)
            full, fast = games
            assert full.history == fast.history
            assert full.snapshot() == fast.snapshot()
