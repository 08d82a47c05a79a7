"""Hand-computed battles (R9) and the player's limit after them (R8)."""

import pytest
from boards import card, make_board, pos

from throne_pnp.errors import IllegalAction
from throne_pnp.narrator.words import battle_why, step_why
from throne_pnp.rules.battle import WithdrawalChoice, fight, resolve_battle


def star(**kw):
    # 1 in the middle, touching 2, 3, 4; 4 also touches 5.
    return make_board({1: (2, 3, 4), 4: (5,)}, **kw)


def test_casualties_capped_by_the_killers_cube_count():
    b = star()
    r = resolve_battle(b, pos(b, {1: 1}, {1: 4, 2: 1}), 1, "player",
                       card(1, swords=0), card(2, swords=3))
    assert r.casualties == {"player": 1, "king": 0}  # one King cube kills at most one
    assert "capped" in " ".join(battle_why(r, b))


def test_casualties_capped_by_the_victims_cube_count_and_both_wiped_out():
    b = star()
    r = resolve_battle(b, pos(b, {1: 2}, {1: 2}), 1, "player",
                       card(1, swords=3), card(2, swords=3))
    assert r.casualties == {"player": 2, "king": 2}
    assert r.winner is None and r.withdrawal is None
    assert r.position.compact("king") == {} and r.position.compact("player") == {}


def test_shields_block_swords_and_defender_gets_territory_bonus():
    b = star(shields={1: 1}, bugles={1: 2})
    r = fight(b, pos(b, {1: 3}, {1: 3}), 1, "king", card(1, swords=2), card(2, shields=1))
    assert r.symbols["king"].total_shields == 2 and r.symbols["king"].total_bugles == 2
    assert r.casualties["king"] == 0
    # the attacker gets no bonus
    assert r.symbols["player"].total_shields == 0


def test_tie_goes_to_the_defender():
    b = star()
    r = fight(b, pos(b, {1: 2}, {1: 2}), 1, "king", card(1, bugles=1), card(2, bugles=1))
    assert r.totals == {"player": 3, "king": 3} and r.winner == "king"
    r = fight(b, pos(b, {1: 2}, {1: 2}), 1, "player", card(1, bugles=1), card(2, bugles=1))
    assert r.winner == "player"


def test_single_survivor_wins_without_withdrawal():
    b = star()
    r = resolve_battle(b, pos(b, {1: 1}, {1: 3}), 1, "player", card(1, swords=1), card(2))
    assert r.winner == "player" and r.withdrawal is None and r.totals is None


def test_king_withdraws_by_his_battle_cards_priority():
    b = star()
    start = pos(b, {1: 1}, {1: 3, 3: 1})
    up = resolve_battle(b, start, 1, "player", card(1, bugles=2), card(2, priority="rising"))
    down = resolve_battle(b, start, 1, "player", card(1, bugles=2), card(2, priority="falling"))
    assert up.withdrawal == {"side": "king", "to": 4, "removed": 0}
    assert down.withdrawal == {"side": "king", "to": 2, "removed": 0}


def test_king_boxed_in_is_removed():
    b = star()
    r = resolve_battle(b, pos(b, {1: 2}, {1: 3, 2: 1, 3: 1, 4: 1}), 1, "player",
                       card(1, bugles=3), card(2))
    assert r.withdrawal == {"side": "king", "to": None, "removed": 2}
    assert r.position.compact("king") == {}


def test_king_withdrawing_over_his_limit_loses_the_excess():
    b = star()
    r = resolve_battle(b, pos(b, {1: 3, 4: 4}, {1: 3, 2: 1, 3: 1}), 1, "player",
                       card(1, bugles=3), card(2))
    assert r.withdrawal == {"side": "king", "to": 4, "removed": 2}
    assert r.position.compact("king") == {4: 5}


def test_player_must_choose_among_several_withdrawals():
    b = star(wheat={2: 3})
    start = pos(b, {1: 3}, {1: 1, 2: 1})
    with pytest.raises(WithdrawalChoice) as info:
        resolve_battle(b, start, 1, "player", card(1), card(2, bugles=1))
    assert info.value.options == [2, 3, 4]
    with pytest.raises(IllegalAction, match="legal: 2, 3, 4"):
        resolve_battle(b, start, 1, "player", card(1), card(2, bugles=1), withdraw_to=5)
    r = resolve_battle(b, start, 1, "player", card(1), card(2, bugles=1), withdraw_to=3)
    assert r.withdrawal == {"side": "player", "to": 3, "removed": 0}


def test_player_with_one_way_out_goes_there_and_boxed_in_player_is_removed():
    b = star(wheat={4: 1})
    r = resolve_battle(b, pos(b, {1: 3, 2: 1, 3: 1}, {1: 1}), 1, "player", card(1),
                       card(2, bugles=1))
    assert r.withdrawal == {"side": "player", "to": 4, "removed": 0}
    r = resolve_battle(b, pos(b, {1: 3, 2: 1, 3: 1, 4: 1}, {1: 1}), 1, "player", card(1),
                       card(2, bugles=1))
    assert r.withdrawal == {"side": "player", "to": None, "removed": 1}


def test_withdrawing_into_a_territory_without_wheat_can_remove_everyone():
    b = star()  # no wheat anywhere: the player's limit is 0 once 1 is lost
    r = resolve_battle(b, pos(b, {1: 3, 2: 1, 3: 1}, {1: 1}), 1, "player", card(1),
                       card(2, bugles=1))
    assert r.withdrawal == {"side": "player", "to": 4, "removed": 1}


def test_player_limit_drops_after_losing_a_wheat_territory():
    # Player holds 1 (wheat 2) and 5 (wheat 1): limit 3, with 3 cubes in 5.
    b = star(wheat={1: 2, 5: 1})
    start = pos(b, {1: 3}, {1: 1, 5: 3})
    r = resolve_battle(b, start, 1, "player", card(1), card(2, swords=1))
    # The player's cube in 1 dies; the player now holds only 5 (wheat 1): limit 1.
    assert r.winner == "king"
    assert r.position.compact("player") == {5: 1}
    removed = [s for s in r.steps if s.kind == "remove" and s.side == "player" and s.at == 5]
    assert removed and removed[0].count == 2 and "your limit is 1" in step_why(b, removed[0])


def test_contested_territories_count_for_the_defender_when_limits_apply():
    # After Player Actions (King defends) the contested 3 counts as the King's.
    b = star(wheat={2: 1, 3: 2})
    start = pos(b, {1: 1, 3: 1}, {1: 2, 2: 1, 3: 1})
    as_king = resolve_battle(b, start, 1, "king", card(1, swords=1), card(2))
    # 1 won by the player; limit = wheat in 2 (1) + 1 (0) = 1 -> 1 cube left in 1
    assert as_king.position.player[1] == 1
    as_player = resolve_battle(b, start, 1, "player", card(1, swords=1), card(2))
    # contested 3 counts as the player's: limit 1 + 2 = 3 -> both cubes stay
    assert as_player.position.player[1] == 2


def test_no_battle_without_both_sides():
    b = star()
    with pytest.raises(IllegalAction, match="no battle in 1"):
        fight(b, pos(b, {1: 1}), 1, "player", card(1), card(2))
