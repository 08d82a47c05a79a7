"""The one core of each rule, computed by hand: the King's move (R2, R3) and rally
(R4), a battle (R9) and its withdrawal (R9, R14); and every user of a core
(the engine, greedy, the search, the odds) shown to call it."""

import random

import pytest
from boards import card, make_board, pos

from throne_pnp.content import load_content
from throne_pnp.rules import battle as battle_rules
from throne_pnp.rules import king as king_rules
from throne_pnp.rules.battle import WithdrawalChoice, clash, fight, resolve_battle, withdraw
from throne_pnp.rules.board import board_for
from throne_pnp.rules.king import move, rally, resolve_king
from throne_pnp.rules.position import Position
from throne_pnp.rules.steps import Rallied, Stay, Step, Toward


@pytest.fixture(scope="module")
def prydon():
    return board_for(load_content(None))


# -- the King's move (R2, R3)


def test_move_spec_example_record_by_record(prydon):
    # SPEC §5: move-player, Falling. Visits 9, 8, ..., 1. From 9 (castle, 1 guards)
    # the first steps towards 1, 2, 5 (3 steps either way) are 4 and 6: Falling takes 4.
    # From 7 (castle): 2 and 5 are next door, Falling takes 2. From 4 (now 2 cubes):
    # 7 and 8 start a 2-step path; Falling takes 7, which holds 1, room for both.
    # From 3 (castle): 5 is next door. 2 holds your cube: it stays for the battle.
    start = Position.from_counts(prydon, {3: 2, 4: 1, 7: 2, 9: 2}, {1: 2, 2: 1, 5: 1})
    work = start.copy()
    items = move(prydon, work, "move-player", rising=False)
    goal = (1, 2, 5)
    assert items == [
        Step("move", 1, "king", Toward("move-player", goal, 2, 1, 1), src=9, dst=4),
        Step("move", 1, "king", Toward("move-player", goal, 2, 1, 0), src=7, dst=2),
        Step("move", 2, "king", Toward("move-player", goal, 2, 0, 1), src=4, dst=7),
        Step("move", 1, "king", Toward("move-player", goal, 2, 1, 0), src=3, dst=5),
        Stay(2, 1, "battle"),
    ]
    assert work.compact("king") == {2: 1, 3: 1, 5: 1, 7: 3, 9: 1}


def test_move_stops_at_the_kings_limit_and_says_so():
    # 1 - 2 - 3 in a row, target: your cubes in 3. 2 holds 4 of the limit of 5,
    # so only 1 of the 3 cubes in 1 fits; 2 is next to the target and moves on
    # when visited (Rising: after 1), all 5 to 3, where they meet your cube: 3,
    # visited last, holds both sides and stays for the battle.
    b = make_board({1: (2,), 2: (3,)})
    work = pos(b, {1: 3, 2: 4}, {3: 1})
    items = move(b, work, "move-player", rising=True)
    assert items == [
        Step("move", 1, "king", Toward("move-player", (3,), 3, 0, 4), src=1, dst=2),
        Step("move", 5, "king", Toward("move-player", (3,), 5, 0, 0), src=2, dst=3),
        Stay(3, 5, "battle"),
    ]
    assert work.compact("king") == {1: 2, 3: 5}


def test_move_records_why_nothing_moved():
    # A castle with 1 cube keeps it (guard); a target stays; no wheat anywhere.
    b = make_board({1: (2,), 2: (3,)}, castles=(1, 3))
    work = pos(b, {1: 1, 3: 2})
    assert move(b, work, "move-castle", rising=True) == [
        Stay(1, 1, "is-target"), Stay(3, 2, "is-target")]
    b2 = make_board({1: (2,), 2: (3,)}, castles=(1,), wheat={3: 1})
    work = pos(b2, {1: 1})
    [stay] = move(b2, work, "move-wheat", rising=True)
    assert (stay.at, stay.why, stay.dst) == (1, "blocked", 2)
    assert move(make_board({1: (2,)}), pos(make_board({1: (2,)}), {1: 2}), "move-wheat",
                True) == [Stay(1, 2, "no-target")]


# -- the King's rally (R4)


def test_rally_adds_one_where_he_holds_a_castle_alone(prydon):
    # On the map 2 + 5 + 1 = 8 of 10: 2 off the map. Rising: 3 gains one (1 left),
    # 7 is at the limit of 5, 9 holds your cube too, 1 holds no King cube.
    work = Position.from_counts(prydon, {3: 2, 7: 5, 9: 1}, {1: 2, 9: 1})
    assert rally(prydon, work, rising=True) == [
        Step("rally", 1, "king", Rallied(1), at=3), Stay(7, 5, "full"),
        Stay(9, 1, "contested")]
    assert work.compact("king") == {3: 3, 7: 5, 9: 1}


def test_rally_stops_when_every_king_cube_is_on_the_map(prydon):
    # 9 of 10 on the map: Falling, 9 gains the last one; 7 and 3 get none.
    work = Position.from_counts(prydon, {3: 4, 7: 4, 9: 1}, {1: 2})
    assert rally(prydon, work, rising=False) == [
        Step("rally", 1, "king", Rallied(0), at=9), Stay(7, 4, "no-supply"),
        Stay(3, 4, "no-supply")]


def test_resolve_king_logs_each_action_in_order(prydon):
    start = Position.from_counts(prydon, {3: 2, 4: 1, 7: 2, 9: 2}, {1: 2, 2: 1, 5: 1})
    result = resolve_king(prydon, start, ["rally", "move-player"], "falling")
    assert [entry.action for entry in result.log] == ["rally", "move-player"]
    # rally first (9, 7 and 3 each +1: 10 - 7 = 3 off the map), then the move
    assert [s.at for s in result.log[0].steps] == [9, 7, 3]
    assert result.battles == [5, 2]


# -- a battle (R9)


def test_clash_by_hand():
    # SPEC §5: you 4 cubes, 2 bugles, 1 sword; the King defends 7 (+1 bugle, +1
    # shield) with 2 cubes and 3 swords: you lose 3 - 0 = 3, capped at his 2; he
    # loses 1 - 1 = 0. 2 + 2 = 4 against 2 + 1 = 3: you win.
    assert clash(4, 2, 2, 1, 0, 1, 3, 1, False) == (1, 2, 0)
    assert clash(2, 2, 0, 0, 0, 0, 0, 0, True) == (1, 0, 0)     # a tie: the defender
    assert clash(2, 2, 0, 0, 0, 0, 0, 0, False) == (-1, 0, 0)
    assert clash(1, 1, 0, 3, 0, 0, 3, 0, True) == (0, 1, 1)     # both wiped out
    assert clash(4, 1, 0, 0, 0, 0, 3, 0, True) == (1, 1, 0)     # capped at 1 killer


def test_battle_spec_example(prydon):
    start = Position.from_counts(prydon, {7: 2, 8: 4}, {1: 2, 2: 1, 5: 1, 7: 4})
    battle = fight(prydon, start, 7, "king", prydon.cards[2], prydon.cards[3])
    assert (battle.winner, battle.casualties, battle.totals) == (
        "player", {"player": 2, "king": 0}, {"player": 4, "king": 3})
    assert battle.loser_options == [4, 8] and not battle.done
    withdraw(prydon, battle, prydon.cards[3])
    # Rising: 8 (not 4); 4 + 2 = 6 there, one over the King's limit of 5
    assert battle.withdrawal == {"side": "king", "to": 8, "removed": 1}
    assert battle.position.compact("king") == {8: 5}


# -- the withdrawal (R9, R14)


def star(**kw):
    return make_board({1: (2, 3, 4), 4: (5,)}, **kw)


def test_a_costly_withdrawal_costs_what_the_limit_takes():
    # You defend 1 with 3 cubes; the King's 1 sword kills 1, and his 3 bugles win
    # (2 against 2 + 3). Your 2 survivors may go to 2 or 3 (4 holds the King).
    # To 2: you then hold 2 (no wheat) and 3 (1 wheat): limit 1, 1 removed in 2.
    # To 3: 3 cubes in 3, limit 1: 2 removed there.
    b = star(wheat={3: 1})
    start = pos(b, {1: 2, 4: 1}, {1: 3, 3: 1})
    with pytest.raises(WithdrawalChoice):
        resolve_battle(b, start, 1, "player", card(1), card(2, swords=1, bugles=3))
    to2 = resolve_battle(b, start, 1, "player", card(1), card(2, swords=1, bugles=3), 2)
    to3 = resolve_battle(b, start, 1, "player", card(1), card(2, swords=1, bugles=3), 3)
    assert to2.withdrawal == {"side": "player", "to": 2, "removed": 1}
    assert to3.withdrawal == {"side": "player", "to": 3, "removed": 2}
    assert to3.position.compact("player") == {3: 1}


def test_losers_with_nowhere_to_go_are_removed():
    b = star()
    battle = resolve_battle(b, pos(b, {1: 2}, {1: 3, 2: 1, 3: 1, 4: 1}), 1, "player",
                            card(1, bugles=3), card(2))
    assert battle.withdrawal == {"side": "king", "to": None, "removed": 2}
    assert battle.position.king[1] == 0


# -- every user calls the core: break it, and they all break


class Broken(Exception):
    pass


def _broken(*args, **kwargs):
    raise Broken


def _play_greedy(board, seed=1):
    from throne_pnp.sim.simulate import make_bot, play_game

    return play_game(board, make_bot("greedy"), seed, 0)


@pytest.mark.parametrize("core", ["move", "rally"])
def test_the_king_core_is_the_one_everybody_calls(prydon, monkeypatch, core):
    from throne_pnp.players.bots import king_after
    from throne_pnp.rules import actions as act
    from throne_pnp.rules.game import Game

    monkeypatch.setattr(king_rules, core, _broken)
    action = "rally" if core == "rally" else "move-player"
    start = Position.setup(prydon)
    with pytest.raises(Broken):             # the engine's resolve_king
        resolve_king(prydon, start, [action], "rising")
    with pytest.raises(Broken):             # greedy's look-ahead
        king_after(prydon, start, (action,), "rising", {})
    card_id = next(c.id for c in prydon.cards.values() if not c.hard and c.king == (action,))
    game = Game(prydon, [c for c in prydon.cards if not prydon.cards[c].hard])
    while game.need().kind == "deal":
        game.apply(act.deal(sorted(game.unseen)[0]))
    with pytest.raises(Broken):             # the engine (Game), hence the search's rollouts
        game.apply(act.card(card_id)) if card_id in game.hand else _through_game(game)


def _through_game(game):
    """Play the game on (any legal action) until the King acts."""
    rng = random.Random(1)
    for _ in range(400):
        game.apply(rng.choice(game.legal_actions()))


def test_the_battle_core_is_the_one_everybody_calls(prydon, monkeypatch):
    from throne_pnp.players import battle_memo
    from throne_pnp.sim.odds import battle_odds

    monkeypatch.setattr(battle_memo, "_card_memo", {})
    monkeypatch.setattr(battle_memo, "_hand_memos", {})
    monkeypatch.setattr(battle_rules, "clash", _broken)
    start = Position.from_counts(prydon, {7: 2, 8: 4}, {1: 2, 2: 1, 5: 1, 7: 4})
    with pytest.raises(Broken):             # fight (the engine's battles)
        fight(prydon, start, 7, "king", prydon.cards[2], prydon.cards[3])
    with pytest.raises(Broken):             # the odds
        battle_odds(prydon, start, 7, "king", [2], [3, 4])
    with pytest.raises(Broken):             # greedy (and the engine under it)
        for seed in range(20):
            _play_greedy(prydon, seed)


def test_the_withdrawal_core_is_the_one_everybody_calls(prydon, monkeypatch):
    from throne_pnp.sim.odds import battle_odds

    monkeypatch.setattr(battle_rules, "withdraw", _broken)
    start = Position.from_counts(prydon, {7: 2, 8: 4}, {1: 2, 2: 1, 5: 1, 7: 4})
    with pytest.raises(Broken):             # the odds
        battle_odds(prydon, start, 7, "king", [2], [3])
    with pytest.raises(Broken):             # the engine's battles under greedy
        for seed in range(20):
            _play_greedy(prydon, seed)


def test_the_search_plays_through_the_cores(prydon, monkeypatch):
    from throne_pnp.rules.game import Game
    from throne_pnp.search import ranking

    game = Game(prydon, [c for c in prydon.cards if not prydon.cards[c].hard])
    from throne_pnp.rules import actions as act

    while game.need().kind == "deal":
        game.apply(act.deal(sorted(game.unseen)[0]))
    monkeypatch.setattr(battle_rules, "clash", _broken)
    monkeypatch.setattr(king_rules, "move", _broken)
    with pytest.raises(Broken):
        ranking.rank(game, budget=4, seed=1, jobs=1)
