"""`Game(..., explain=False)`, the simulator's fast path, plays exactly the same game."""

import random

import pytest

from throne_pnp.content import Rulings, load_content
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import board_for, board_from
from throne_pnp.rules.game import Game
from throne_pnp.sim.simulate import game_seed, hard_ids, normal_ids

RULINGS = [Rulings(), Rulings(home_lost_when="taken", castle_targets="not-king",
                            over_limit_move="trim")]


@pytest.mark.parametrize("rulings", RULINGS, ids=["default", "switched"])
def test_fast_path_matches_the_explained_game_after_every_action(rulings):
    """Random legal play (battles, withdrawals, limits, reshuffles) with both paths,
    under the default rulings and with every switch turned: the same state after
    every action, and no events on the fast path."""
    board = board_from(load_content(None), rulings)
    steps = 0
    for i in range(60):
        hard = i % 10
        rng = random.Random(game_seed(21, hard, i))
        cards = normal_ids(board) + sorted(rng.sample(hard_ids(board), hard))
        full = Game(board, cards)
        fast = Game(board, cards, explain=False)
        while full.outcome is None and full.turn <= 40:
            legal = full.legal_actions()
            assert legal == fast.legal_actions()
            action = rng.choice(legal)
            full.apply(action)
            assert fast.apply(action) == []
            assert _state(full) == _state(fast)
            steps += 1
    assert steps > 500


def _state(game: Game) -> dict:
    """The snapshot without a pending battle's reasons (the fast path has none)."""
    snap = game.snapshot()
    if snap["battle"]:
        snap["battle"] = {k: v for k, v in snap["battle"].items() if k != "why"}
    return snap


def test_fast_path_refuses_the_same_illegal_moves():
    board = board_for(load_content(None))
    for explain in (True, False):
        game = Game(board, normal_ids(board), explain=explain)
        rng = random.Random(3)
        while game.need().kind != "actions":
            game.apply(rng.choice(game.legal_actions()))
        before = game.snapshot()
        for text in ("move 9 1 2", "rally 5", "move 1 1 9"):
            try:
                game.apply(act.Action.parse(text))
            except Exception as exc:  # noqa: BLE001 - the message is what we compare
                assert "cannot" in str(exc) or "not" in str(exc) or "no " in str(exc)
            else:
                raise AssertionError(f"{text} was accepted")
        assert game.snapshot() == before


def test_fast_path_matches_in_greedy_games_whose_deck_runs_out_at_every_kind_of_draw():
    """Simulator games (the greedy bot deciding, the seeded deck dealing) played
    on both paths side by side: the same state after every action, through
    reshuffles caused by every kind of draw (R10)."""
    from collections import Counter

    from throne_pnp.players.bots import GreedyBot
    from throne_pnp.sim.simulate import next_actions

    board = board_for(load_content(None))
    purposes: Counter = Counter()
    for i in range(24):
        hard = i % 10
        rng = random.Random(game_seed(5, hard, i))
        cards = normal_ids(board) + sorted(rng.sample(hard_ids(board), hard))
        full = Game(board, cards)
        fast = Game(board, cards, explain=False)
        bot = GreedyBot()
        while fast.outcome is None and fast.turn <= 60:
            for action in next_actions(fast, bot, rng):
                events = full.apply(action)
                fast.apply(action)
                purposes.update(e.info["purpose"] for e in events if e.kind == "reshuffle")
                assert _state(full) == _state(fast)
                if fast.outcome is not None:
                    break
    assert all(purposes[p] for p in ("hand", "phase", "uncertain", "battle")), purposes
