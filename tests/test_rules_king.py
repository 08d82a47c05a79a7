"""Hand-computed positions for the King's action: R2-R6 and the castle_targets switch."""

import pytest
from boards import card, line, make_board, pos

from throne_pnp.content import Rulings
from throne_pnp.narrator.words import king_notes, step_why
from throne_pnp.rules.king import NeedDraws, carry_out, resolve_king


class Told:
    """A King's result with the narrator's words: `notes`, and `why` on each step."""

    def __init__(self, board, result):
        self.board, self.result = board, result

    def __getattr__(self, name):
        return getattr(self.result, name)

    @property
    def notes(self):
        return king_notes(self.result, self.board)

    @property
    def steps(self):
        rising = self.result.priority == "rising"
        return [ToldStep(s, step_why(self.board, s, rising)) for s in self.result.steps]


class ToldStep:
    def __init__(self, step, why):
        self.step, self.why = step, why

    def __getattr__(self, name):
        return getattr(self.step, name)


def king(board, position, actions, priority="rising", deals=()):
    return Told(board, resolve_king(board, position, actions, priority, deals))


def moves(result):
    return [(s.src, s.dst, s.count) for s in result.steps if s.kind == "move"]


def test_castle_guard_leaves_one_behind():
    b = line(3, castles=(1,))
    r = king(b, pos(b, {1: 3}, {3: 1}), ["move-player"])
    assert moves(r) == [(1, 2, 2), (2, 3, 2)]  # 1 -> 2 (one guards), then 2 -> 3 (moves again)
    assert r.position.compact("king") == {1: 1, 3: 2}
    assert "1 stays to guard the castle" in r.steps[0].why


def test_lone_cube_in_a_castle_never_moves():
    b = line(3, castles=(1,))
    r = king(b, pos(b, {1: 1}, {3: 1}), ["move-player"])
    assert r.steps == [] and r.position.compact("king") == {1: 1}
    assert any("nothing moves" in n for n in r.notes)


def test_limit_at_destination_lets_some_move():
    b = line(3)
    r = king(b, pos(b, {1: 3, 2: 3}, {3: 1}), ["move-player"], "falling")
    # Falling: 2 moves first (3 into 3), then 1 has 3 cubes and room 5 - 0 in 2.
    assert moves(r) == [(2, 3, 3), (1, 2, 3)]
    b = line(3, king_limit=4)
    r = king(b, pos(b, {1: 3, 2: 2}, {3: 1}), ["move-player"])
    # Rising: 1 -> 2 but only 2 fit (limit 4); then 2 -> 3 with 4.
    assert moves(r) == [(1, 2, 2), (2, 3, 4)]
    assert "1 stay" in r.steps[0].why and "limit of 4" in r.steps[0].why
    assert r.position.compact("king") == {1: 1, 3: 4}


def test_limit_at_destination_keeps_all():
    b = line(3)
    r = king(b, pos(b, {1: 2, 2: 5}, {3: 1}), ["move-player"], "falling")
    # Falling visits 2 first: 5 move to 3 (room 5); then 1: room in 2 is 5 -> moves.
    assert moves(r) == [(2, 3, 5), (1, 2, 2)]
    b = line(3)
    r = king(b, pos(b, {1: 2, 2: 5}, {3: 1}), ["move-castle"], "rising")
    # no castles anywhere under castle_targets=all: nobody moves
    assert r.steps == [] and any("no castle" in n for n in r.notes)
    b = line(4, castles=(4,), wheat={4: 1})
    r = king(b, pos(b, {1: 2, 2: 5, 4: 5}), ["move-wheat"], "rising")
    # 1 -> 2 is full (5 of 5): nothing moves from 1; 2 -> 3 moves all five; 3 -> 4 full.
    assert moves(r) == [(2, 3, 5)]
    assert any(n.startswith("1:") and "nothing moves" in n for n in r.notes)
    assert any(n.startswith("3:") and "nothing moves" in n for n in r.notes)


def test_cubes_move_again_only_when_visited_later():
    b = line(4)
    rising = king(b, pos(b, {1: 2}, {4: 1}), ["move-player"], "rising")
    assert moves(rising) == [(1, 2, 2), (2, 3, 2), (3, 4, 2)]
    falling = king(b, pos(b, {1: 2}, {4: 1}), ["move-player"], "falling")
    assert moves(falling) == [(1, 2, 2)]


def diamond():
    # 1 - {2, 3} - 4 - ... : from 1, targets 2 and 3 tie; 5 reaches 4 via 2 or 3.
    return make_board({1: (2, 3), 2: (4,), 3: (4,), 4: ()})


def test_ties_between_first_steps_both_ways():
    b = diamond()
    up = king(b, pos(b, {1: 1}, {4: 1}), ["move-player"], "rising")
    down = king(b, pos(b, {1: 1}, {4: 1}), ["move-player"], "falling")
    assert moves(up)[0] == (1, 3, 1)
    assert moves(down)[0] == (1, 2, 1)
    assert "Rising takes the highest: 3" in up.steps[0].why
    assert "Falling takes the lowest: 2" in down.steps[0].why


def test_ties_between_equidistant_targets():
    b = line(5)  # King in 3, player in 1 and 5: both 2 steps away
    up = king(b, pos(b, {3: 1}, {1: 1, 5: 1}), ["move-player"], "rising")
    down = king(b, pos(b, {3: 1}, {1: 1, 5: 1}), ["move-player"], "falling")
    assert moves(up) == [(3, 4, 1), (4, 5, 1)]
    assert moves(down) == [(3, 2, 1), (2, 1, 1)]  # Falling visits 2 after 3: moves again


def test_territory_that_is_itself_a_target_stays():
    b = line(3, wheat={2: 1})
    r = king(b, pos(b, {1: 1, 2: 2}), ["move-wheat"])
    assert moves(r) == [(1, 2, 1)]
    assert any(n.startswith("2:") and "itself a wheat target" in n for n in r.notes)


def test_contested_territory_never_moves():
    b = line(3)
    r = king(b, pos(b, {2: 3}, {2: 1, 3: 1}), ["move-player"])
    assert r.steps == []
    assert r.battles == [2]


def test_targets_are_taken_as_the_board_stands_at_each_visit():
    # player cubes only in 4; King moves 2->3 is not a target; 3 then next to 4.
    b = line(4, castles=(3,))
    r = king(b, pos(b, {2: 1, 3: 1}), ["move-castle"])
    # 2 moves to castle 3 (target); 3 is itself a target and stays.
    assert moves(r) == [(2, 3, 1)]


def test_castle_targets_switch():
    rulings = Rulings(castle_targets="not-king")
    b = line(4, castles=(1, 4), rulings=rulings)
    # King holds 1, so under not-king only 4 is a target; 1 keeps one guard.
    r = king(b, pos(b, {1: 3}), ["move-castle"])
    assert moves(r) == [(1, 2, 2), (2, 3, 2), (3, 4, 2)]
    b_all = line(4, castles=(1, 4))
    r_all = king(b_all, pos(b_all, {1: 3}), ["move-castle"])
    assert r_all.steps == [] and any("itself a castle target" in n for n in r_all.notes)
    # a castle the King shares with the player is still a target under not-king
    r = king(b, pos(b, {1: 3, 4: 1}, {4: 1}), ["move-castle"], "falling")
    assert (1, 2, 2) in moves(r)


def test_rally_at_held_castles_in_priority_order():
    b = make_board({1: (2,), 2: (3,), 3: ()}, castles=(1, 3), forces=10)
    r = king(b, pos(b, {1: 1, 3: 2}), ["rally"], "falling")
    assert [(s.at, s.count) for s in r.steps] == [(3, 1), (1, 1)]


def test_rally_supply_runs_out_by_priority():
    b = make_board({1: (2,), 2: (3,), 3: ()}, castles=(1, 3), forces=6)
    up = king(b, pos(b, {1: 1, 2: 3, 3: 1}), ["rally"], "rising")
    down = king(b, pos(b, {1: 1, 2: 3, 3: 1}), ["rally"], "falling")
    assert [s.at for s in up.steps] == [1]
    assert [s.at for s in down.steps] == [3]
    assert any("all 6 King cubes are on the map" in n for n in up.notes)


def test_rally_skips_castle_at_limit_and_contested_castle():
    b = make_board({1: (2,), 2: (3,), 3: ()}, castles=(1, 2, 3))
    r = king(b, pos(b, {1: 5, 2: 1, 3: 1}, {2: 1}), ["rally"])
    assert [s.at for s in r.steps] == [3]
    assert any("limit of 5" in n for n in r.notes)
    assert any(n.startswith("2:") and "your cubes" in n for n in r.notes)


def test_two_actions_resolve_in_order():
    b = line(3, castles=(1,))
    r = king(b, pos(b, {1: 1}, {3: 1}), ["rally", "move-player"])
    assert [(s.kind, s.at or s.src) for s in r.steps] == [("rally", 1), ("move", 1), ("move", 2)]
    r2 = king(b, pos(b, {1: 1}, {3: 1}), ["move-player", "rally"])
    assert [(s.kind, s.at or s.src) for s in r2.steps] == [("rally", 1)]  # lone guard stays


def test_uncertain_chain_takes_first_certain_card_with_played_priority():
    b = line(3, castles=(1,))
    dealt = [card(30, ("uncertain",)), card(31, ("uncertain", "rally")),
             card(32, ("move-player", "rally"), "rising")]
    r = king(b, pos(b, {1: 2}, {3: 1}), ["uncertain"], "falling", dealt)
    assert r.draws == [30, 31, 32]
    assert r.actions == ["move-player", "rally"]
    assert r.priority == "falling"


def test_uncertain_in_the_second_slot():
    b = line(3, castles=(1,))
    r = king(b, pos(b, {1: 2}, {3: 1}), ["rally", "uncertain"], "rising",
             [card(40, ("move-player",))])
    assert r.actions == ["rally", "move-player"] and r.draws == [40]
    assert moves(r) == [(1, 2, 2), (2, 3, 2)]


def test_uncertain_without_enough_draws_says_so():
    b = line(3)
    with pytest.raises(NeedDraws, match="at least 1 more"):
        king(b, pos(b, {1: 1}, {3: 1}), ["uncertain"], "rising", [card(5, ("uncertain",))])


def test_uncertain_when_no_card_can_come_does_nothing_more():
    b = line(3, castles=(1,))
    r = Told(b, carry_out(b, pos(b, {1: 2}, {3: 1}), ["rally"], "rising", exhausted=True))
    assert r.actions == ["rally"] and r.exhausted
    assert any("does nothing more" in n for n in r.notes)
