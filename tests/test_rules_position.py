"""Positions entering from outside: `check_position` (can it stand on the table?)
and `position_outcome` (is the game already over there?), and the fix that uses them."""

import pytest
from boards import card, make_board, pos

from throne_pnp.content import Rulings
from throne_pnp.errors import IllegalAction, PositionError
from throne_pnp.rules import actions as act
from throne_pnp.rules.game import Game
from throne_pnp.rules.position import (
    check_position,
    outcome_words,
    parse_position,
    position_outcome,
    position_problems,
)


# 1 (home castle, 2 wheat) - 2 (1 wheat) - 3 (castle), 2 - 4 (castle, no wheat)
def board(**kw):
    return make_board({1: (2,), 2: (3, 4)}, castles=(1, 3, 4), wheat={1: 2, 2: 1}, home=1,
                      cards=tuple(card(i) for i in range(1, 10)), **kw)


def test_a_legal_position_has_no_problem():
    b = board()
    assert check_position(b, pos(b, {3: 2, 4: 5}, {1: 3, 2: 3})) is None  # limit 2 + 1
    assert position_problems(b, pos(b, {3: 2}, {1: 2})) == []


def test_player_over_the_wheat_limit_says_the_limit_and_why():
    b = board()
    assert check_position(b, pos(b, {3: 1}, {1: 3})) == (
        "3 of your cubes in 1, over your limit of 2 (wheat in 1): the wheat in the territories "
        "you hold caps every stack")
    # holding no wheat at all: limit 0
    problem = check_position(b, pos(b, {3: 1}, {4: 1}))
    assert problem is not None and problem.startswith("1 of your cubes in 4, over your limit of "
                                                      "0 (you hold no wheat)")


def test_a_contested_territory_counts_as_the_players_for_the_limit():
    b = board()
    # 2 is contested: wheat 2 + 1 = 3, so 3 cubes in 2 stand (as after the King's move)
    assert check_position(b, pos(b, {2: 1}, {1: 1, 2: 3})) is None
    # During Player Actions it is the King's (R7): the limit is 2 (wheat in 1 only).
    assert check_position(b, pos(b, {2: 1}, {1: 1, 2: 3}), "king") == (
        "3 of your cubes in 2, over your limit of 2 (wheat in 1): the wheat in the "
        "territories you hold caps every stack")


def test_king_over_his_limit_and_sides_over_their_forces():
    b = board()
    assert check_position(b, pos(b, {3: 6}, {1: 2})) == (
        "6 King cubes in 3, over the King's limit of 5 per territory")
    assert position_problems(b, pos(b, {3: 5, 4: 5, 2: 1}, {1: 1})) == [
        "king has 11 cubes on the map but only 10 exist"]
    small = board(forces=3)
    assert check_position(small, pos(small, {3: 1}, {1: 2, 2: 2})) == (
        "player has 4 cubes on the map but only 3 exist")


def test_parse_position_still_takes_any_player_stack_but_not_the_kings_excess():
    b = board()
    assert parse_position(b, {"king": {3: 1}, "player": {1: 4}}).player[1] == 4
    with pytest.raises(PositionError, match="at: 6 King cubes in 3, over the King.s limit of 5"):
        parse_position(b, {"king": {3: 6}, "player": {1: 1}}, "at")


def test_position_outcome():
    b = board()
    assert position_outcome(b, pos(b, {3: 1}, {1: 2})) is None
    assert position_outcome(b, pos(b, {}, {1: 1, 3: 1, 4: 1})) == "won"
    assert position_outcome(b, pos(b, {4: 1}, {1: 1, 3: 1, 4: 1})) is None  # 4 contested
    assert position_outcome(b, pos(b, {3: 1}, {2: 2})) == "lost"
    assert outcome_words(b, "won") == "won: you hold every castle (1, 3, 4)"
    assert outcome_words(b, "lost") == "lost: you have no cubes in your home castle 1"
    held = board(rulings=Rulings(home_lost_when="king-holds"))
    assert position_outcome(held, pos(held, {3: 1}, {2: 2})) is None
    assert position_outcome(held, pos(held, {1: 1}, {2: 2})) == "lost"
    assert outcome_words(held, "lost") == "lost: the King holds your home castle 1"


def test_fix_refuses_a_position_that_cannot_stand_or_is_already_over():
    b = board()
    g = Game(b, range(1, 10), True, pos(b, {3: 1, 4: 1}, {1: 2}))
    before = g.snapshot()
    with pytest.raises(IllegalAction, match="cannot stand on the table: 3 of your "
                                            "cubes in 1, over your limit of 2"):
        g.apply(act.fix(1, 0, 3))
    with pytest.raises(IllegalAction, match="already lost: you have no cubes in your home"):
        g.apply(act.fix(1, 0, 0))
    g.apply(act.fix(4, 0, 1))
    with pytest.raises(IllegalAction, match="already won: you hold every castle"):
        g.apply(act.fix(3, 0, 1))
    assert g.history == [act.fix(4, 0, 1)] and before["position"] != g.snapshot()["position"]
    assert g.position.compact("king") == {3: 1} and g.outcome is None
