"""The player's limit core (R7, R8, R13, R14) by hand, and that the engine, the
plan walk and greedy's planner all ask it.

The default map: wheat 2 in 1 (home) and 5, 1 in 2, 3, 4, 6 and 9; 1 is next
to 2 and 5, 2 to 1, 5 and 7.
"""

from __future__ import annotations

import pytest
from test_search_plans import BOARD, at_actions

from throne_pnp.narrator.words import step_why
from throne_pnp.players.bots import GreedyBot
from throne_pnp.rules import limits
from throne_pnp.rules.position import KING, PLAYER, Position, enforce_limits, player_limit
from throne_pnp.search import plans

WHEAT = [BOARD.wheat.get(t, 0) for t in range(10)]
PLACES = BOARD.wheat_places


def counts(cubes: dict[int, int]) -> list[int]:
    return [cubes.get(t, 0) for t in range(10)]


def test_the_limit_is_the_wheat_held():
    # wheat 2 (in 1) + 1 (in 2) held: limit 3; 7 has no wheat
    assert limits.player_limit(PLACES, WHEAT, counts({1: 2, 2: 1, 7: 3}), counts({}), True) == 3
    assert limits.player_limit(PLACES, WHEAT, counts({7: 1}), counts({}), True) == 0


def test_a_contested_territory_counts_for_whose_step_it_is():
    player, king = counts({1: 1, 5: 1}), counts({5: 2})
    # Player Actions and their battles: contested 5 is the King's (R7)
    assert limits.player_limit(PLACES, WHEAT, player, king, True) == 2
    assert limits.held_wheat_places(PLACES, player, king, True) == [1]
    # the King's action and its battles: the player's
    assert limits.player_limit(PLACES, WHEAT, player, king, False) == 4
    pos = Position.from_counts(BOARD, {5: 2}, {1: 1, 5: 1})
    assert player_limit(BOARD, pos, KING) == 2 and player_limit(BOARD, pos, PLAYER) == 4
    assert limits.wheat_if_held(2, 2, True) == 0 and limits.wheat_if_held(2, 2, False) == 2


def test_move_room_by_hand():
    # you {1: 2, 2: 1}: limit 3. Moving out of 2 (wheat 1) into 1 (2 cubes):
    cubes = counts({1: 2, 2: 1})
    # no count leaves a cube in 2; the whole stack would make 3 in 1 over a limit of 2
    assert limits.move_room(3, 1, 2, 1, 2, cubes) == (0, 3, None)
    # 1 -> 5 (empty, wheat 2): 1 cube leaves 1 held: limit 5; both cubes: 1 is empty,
    # the limit is 1 + 2 = 3 and the stacks (2 in 5, 1 in 2) fit
    assert limits.move_room(3, 2, 2, 2, 0, cubes) == (1, 5, 3)
    # R13: into a King territory (5 contested: gives nothing) and on again
    assert limits.move_room(3, 2, 0, 2, 0, cubes) == (1, 3, None)


def test_rally_and_excess_by_hand():
    assert limits.rally_fits(3, 2) and not limits.rally_fits(3, 3)
    assert limits.excess(5, 3) == 2 and limits.excess(2, 3) == 0


def test_a_costly_withdrawal_removes_the_excess():
    """R14's limit part: withdrawn into 2, 4 cubes there; wheat 2 + 1 held: 1 removed."""
    pos = Position.from_counts(BOARD, {}, {1: 1, 2: 4})
    steps = enforce_limits(BOARD, pos, contested_to=PLAYER)
    assert [(s.kind, s.at, s.count) for s in steps] == [("remove", 2, 1)]
    assert "your limit is 3 (wheat in 1 + 2)" in step_why(BOARD, steps[0])
    assert pos.player[2] == 3


def test_the_engine_refuses_a_move_over_the_limit_naming_it():
    g = at_actions({9: 1}, {1: 2, 2: 1}, 3)
    assert g.move_problem(1, 2, 1) == (
        "cannot move 1 from 2 to 1: 3 cubes in 1 would exceed your limit of 2 (wheat in 1); "
        "no move from 2 to 1 keeps you within your limit")
    # you {1: 3, 5: 1}: limit 4; all 3 out of 1 leave wheat 2 (in 5) for 4 cubes there
    g = at_actions({9: 1}, {1: 3, 5: 1}, 3)
    assert g.move_problem(3, 1, 5) == (
        "cannot move 3 from 1 to 5: 4 cubes in 5 would exceed your limit of 2 (wheat in 5); "
        "legal: move 2 1 5")
    assert g.move_problem(2, 1, 5) is None


def greedy_plan(game):
    bot = GreedyBot()
    bot._context(game)
    return bot.plan_actions(game)


@pytest.fixture
def core_calls(monkeypatch):
    """Record every call of the core's `move_room`."""
    calls: list[tuple] = []
    real = limits.move_room

    def recorded(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(limits, "move_room", recorded)
    return calls


def test_the_engine_the_walk_and_greedy_all_ask_the_core(core_calls):
    g = at_actions({9: 1}, {1: 2, 2: 1, 5: 1}, 3)
    g.hand = [1, 2, 3]
    g.legal_moves()
    assert core_calls, "the engine's legal moves"
    core_calls.clear()
    g.move_problem(1, 1, 2)
    assert core_calls, "the engine's check of one move"
    core_calls.clear()
    plans.walk(g)
    assert core_calls, "the plan walk"
    core_calls.clear()
    assert any(a.kind == "move" for a in greedy_plan(g))
    assert core_calls, "greedy's planner"


def test_a_core_that_refuses_every_move_stops_them_all(monkeypatch):
    monkeypatch.setattr(limits, "move_room", lambda limit, *args: (0, limit, None))
    g = at_actions({9: 1}, {1: 2, 2: 1, 5: 1}, 3)
    g.hand = [1, 2, 3]
    assert g.legal_moves() == []
    assert "cannot move" in g.move_problem(1, 1, 2)
    assert all(kind != "move" for kind, _ in plans.walk(g).steps)
    assert all(a.kind != "move" for a in greedy_plan(g))
