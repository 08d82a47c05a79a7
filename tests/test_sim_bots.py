"""The greedy bot's fast action planner agrees with full evaluation."""

import dataclasses
import random

from throne_pnp.content import load_content
from throne_pnp.players.bots import GreedyBot, RandomBot
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.sim.simulate import game_seed, make_bot, next_actions, normal_ids


def _plans_checked(board, seed: int, games: int, turns: int) -> int:
    """Play greedy games on `board`, comparing the fast planner's plan with full
    evaluation's at every Player Actions; the number of plans compared."""
    bot = GreedyBot()
    checked = 0
    for i in range(games):
        rng = random.Random(game_seed(seed, 0, i))
        game = Game(board, normal_ids(board))
        while game.outcome is None and game.turn <= turns:
            if game.need().kind == "actions":
                bot._context(game)
                assert bot.plan_actions(game) == bot._plan_slowly(game)
                checked += 1
            for action in next_actions(game, bot, rng):
                game.apply(action)
                if game.outcome is not None:
                    break
    return checked


def test_incremental_planner_matches_full_evaluation():
    assert _plans_checked(board_for(load_content(None)), seed=5, games=15, turns=60) > 50


def test_planner_on_a_map_numbered_with_gaps():
    """Territories need not be numbered 1..n: the default map renumbered with gaps
    (t -> 3t + 1) gives the same plans by the fast planner as by full evaluation."""
    from boards import make_board

    base = board_for(load_content(None))
    new = {t: 3 * t + 1 for t in base.numbers}
    board = make_board({new[t]: tuple(new[n] for n in ns) for t, ns in base.adjacent.items()},
                       castles=tuple(new[c] for c in base.castles),
                       wheat={new[t]: v for t, v in base.wheat.items()},
                       bugles={new[t]: v for t, v in base.bugles.items()},
                       shields={new[t]: v for t, v in base.shields.items()},
                       home=new[base.home], forces=base.forces, king_limit=base.king_limit,
                       cards=tuple(base.cards.values()))
    board = dataclasses.replace(board,
        setup_player={new[t]: n for t, n in base.setup_player.items()},
        setup_king={new[t]: n for t, n in base.setup_king.items()})
    assert _plans_checked(board, seed=6, games=8, turns=40) > 20


def test_bots_by_name():
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("random"), RandomBot)


def _situations(board):
    bonuses = sorted({(board.bugles[t], board.shields[t]) for t in board.numbers})
    return [(p, k, b, d) for p in range(1, board.forces + 1)
            for k in range(1, board.king_limit + 1) for b in bonuses for d in (True, False)]


def test_dominated_cards_never_change_the_expected_battle():
    """`useful_cards` drops cards another card in the hand dominates: the best
    card's odds are the same, in any card order (`expected_battle`)."""
    from itertools import combinations, permutations

    from throne_pnp.players.battle_memo import (
        _syms,
        expected_battle,
        king_cards,
        kings_id,
        useful_cards,
    )

    board = board_for(load_content(None))
    kings = king_cards(board, normal_ids(board))
    kid = kings_id(kings)
    syms = sorted({_syms(c) for c in board.cards.values()})
    situations = _situations(board)
    reduced = 0
    for size in (2, 3):
        for hand in combinations(syms, size):
            useful = useful_cards(hand)
            reduced += useful != hand
            for p, k, b, d in situations[::3]:
                want = expected_battle(hand, kings, kid, p, k, b, d, {})
                assert expected_battle(useful, kings, kid, p, k, b, d, {}) == want
                for other in list(permutations(hand))[1:2]:
                    assert expected_battle(other, kings, kid, p, k, b, d, {}) == want
    assert reduced > 50


def test_king_after_matches_the_engine():
    """The bot's King's action (`king_after`) leaves the position `resolve_king` does."""
    from throne_pnp.players.bots import king_after
    from throne_pnp.rules.king import resolve_king

    board = board_for(load_content(None))
    sequences = [("rally",), ("move-player",), ("move-castle",), ("move-wheat",),
                 ("rally", "move-player"), ("move-wheat", "rally"),
                 ("move-player", "move-player"), ("move-castle", "move-player")]
    checked = 0
    for i in range(6):
        rng = random.Random(game_seed(9, 0, i))
        game = Game(board, normal_ids(board))
        bot = GreedyBot()
        while game.outcome is None and game.turn <= 30:
            if game.need().kind == "card":
                for priority in ("rising", "falling"):
                    memo: dict = {}
                    for actions in sequences:
                        want = resolve_king(board, game.position, actions, priority).position
                        got = king_after(board, game.position, actions, priority, memo)
                        assert got == want
                        checked += 1
            for action in next_actions(game, bot, rng):
                game.apply(action)
                if game.outcome is not None:
                    break
    assert checked > 200


def test_greedy_marches_into_the_last_castle_once_the_king_has_no_cubes():
    """A stalled end game (the King has no cubes, the player holds every castle
    but one and no single move improves the score) ends: the plan walks a
    spare home cube into the last castle, every step legal."""
    board = board_for(load_content(None))
    rng = random.Random(1)
    bot = GreedyBot()
    game = Game(board, normal_ids(board))
    while game.need().kind != "actions":
        if game.need().kind == "deal":
            game.apply(act.deal(rng.choice(game.deal_candidates())))
        else:
            for action in bot.decide(game, rng):
                game.apply(action)
    stalled = {1: 6, 2: 1, 3: 1, 5: 1, 7: 1}
    for t in board.numbers:
        game.position.player[t] = stalled.get(t, 0)
        game.position.king[t] = 0
    game.command_points = 4
    bot._context(game)
    plan = bot.plan_actions(game)
    assert plan == bot._plan_slowly(game)
    for action in plan:
        game.apply(action)
    assert game.outcome == "won"
