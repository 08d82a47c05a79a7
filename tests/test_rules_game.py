"""The turn structure on small hand-made boards: R7, R8, R10, R11, R12 and the switches."""

import pytest
from boards import card, make_board, pos

from throne_pnp.content import Rulings
from throne_pnp.errors import IllegalAction
from throne_pnp.rules import actions as act
from throne_pnp.rules.game import Game

# 1 (home castle) - 2 - 3 (castle) and 2 - 4 (castle); wheat 2 in 1, 1 in 2.
CARDS = tuple(card(i, ("rally",), "rising", flags=3) for i in range(1, 9)) + (
    card(9, ("uncertain",), "falling", flags=2),)


def board(**kw):
    return make_board({1: (2,), 2: (3, 4)}, castles=(1, 3, 4), wheat={1: 2, 2: 1}, home=1,
                      cards=CARDS, **kw)


def new_game(b=None, king=None, player=None, deals=(1, 2, 3, 4, 5), cards=range(1, 10),
             physical=False):
    b = b or board()
    g = Game(b, cards, physical, pos(b, king if king is not None else {3: 1, 4: 1},
                                     player if player is not None else {1: 2}))
    for d in deals if not physical else ():
        g.apply(act.deal(d))
    return g


def test_virtual_game_asks_for_a_hand_then_the_phase_card():
    g = Game(board(), range(1, 10), False, pos(board(), {3: 1}, {1: 2}))
    assert g.need().kind == "deal" and g.need().purpose == "hand"
    for d in (1, 2, 3, 4, 5):
        g.apply(act.deal(d))
    assert g.need().kind == "card" and sorted(g.hand) == [1, 2, 3, 4, 5]
    assert g.deck_count == 4 and g.turn == 1 and g.phase == "player-card"


def test_phase_card_then_actions_then_king_phase_from_the_deck():
    g = new_game()
    events = g.apply(act.card(1))  # rally: King +1 in 3 and 4
    assert [e.kind for e in events][:2] == ["phase-card", "king"]
    assert g.position.compact("king") == {3: 2, 4: 2}
    assert g.step == "actions" and g.command_points == 3
    g.apply(act.move(1, 1, 2))
    assert g.command_points == 2
    g.apply(act.DONE)
    assert g.phase == "king-card" and g.turn == 1 and g.step == "card"
    assert g.need().purpose == "phase"
    assert g.discard == [1]
    g.apply(act.deal(6))  # R11: the King's card is the deck's top card
    assert g.phase_card == 6 and g.step == "actions" and g.command_points == 3
    g.apply(act.DONE)
    assert g.phase == "player-card" and g.turn == 2


def test_move_and_rally_costs_and_refusals():
    g = new_game(player={1: 2, 2: 1})
    g.apply(act.card(1))
    with pytest.raises(IllegalAction, match="not next to 1"):
        g.apply(act.move(1, 1, 3))
    with pytest.raises(IllegalAction, match="you have 2 cube"):
        g.apply(act.move(3, 1, 2))
    with pytest.raises(IllegalAction, match="has no castle"):
        g.apply(act.rally(2))
    with pytest.raises(IllegalAction, match="do not hold the castle in 3"):
        g.apply(act.rally(3))
    g.apply(act.rally(1))
    assert g.command_points == 1 and g.position.player[1] == 3
    with pytest.raises(IllegalAction, match="costs 2 command points"):
        g.apply(act.rally(1))
    g.apply(act.move(1, 1, 2))
    with pytest.raises(IllegalAction, match="no command points left"):
        g.apply(act.move(1, 1, 2))


def test_move_over_the_limit_is_refused_with_what_is_legal():
    # limit = wheat held = 2 (in 1) + 1 (in 2) = 3; moving 2 into 2 makes 3 there: fine;
    # moving all 3 out of 1 loses its wheat: limit 1 < 3.
    g = new_game(player={1: 3})
    g.apply(act.card(1))
    with pytest.raises(IllegalAction) as info:
        g.apply(act.move(3, 1, 2))
    message = str(info.value)
    assert "limit of 1" in message and "legal: move 2 1 2" in message
    g.apply(act.move(2, 1, 2))
    assert g.position.compact("player") == {1: 1, 2: 2}


def test_over_limit_move_trim_removes_the_excess():
    b = board(rulings=Rulings(over_limit_move="trim"))
    g = new_game(b, player={1: 3})
    g.apply(act.card(1))
    events = g.apply(act.move(3, 1, 2))
    assert g.position.compact("player") == {2: 1}
    assert events[0].removed[0].count == 2


def test_moving_into_the_king_makes_a_battle_after_actions_with_king_defending():
    g = new_game(king={2: 1}, player={1: 3})
    g.apply(act.card(1))
    g.apply(act.move(2, 1, 2))
    g.apply(act.DONE)
    assert g.step == "battle" and g.pending_battles == [2] and g.defender == "king"
    g.apply(act.battle(2))
    assert g.need().purpose == "battle"
    g.apply(act.deal(6))
    assert g.discard == [2, 6, 1]  # battle cards, then the phase card
    assert g.phase == "king-card"


def play_turns(g, pairs):
    for mine, kings in pairs:
        g.apply(act.card(mine))
        g.apply(act.DONE)
        g.apply(act.deal(kings))
        g.apply(act.DONE)


def test_deck_reshuffles_at_once_when_empty():
    g = new_game(cards=range(1, 9))
    assert g.deck_count == 3
    play_turns(g, [(1, 6), (2, 7)])
    g.apply(act.card(3))
    g.apply(act.DONE)
    events = g.apply(act.deal(8))  # the last card of the deck: 1 6 2 7 3 become the deck
    assert [e.count for e in events if e.kind == "reshuffle"] == [5]
    assert g.deck_count == 5 and g.discard == [] and g.unseen == {1, 2, 3, 6, 7}
    g.apply(act.DONE)
    assert g.discard == [8] and g.reshuffles == 1


def test_hand_is_refilled_at_once_when_it_empties():
    g = new_game(cards=range(1, 9))
    play_turns(g, [(1, 6), (2, 7), (3, 8), (4, 1)])
    assert g.hand == [5]
    g.apply(act.card(5))
    assert g.need().purpose == "hand"  # refill before anything else
    assert g.deck_count == 4 and g.unseen == {2, 3, 6, 7}


def test_uncertain_orders_in_a_game_draw_and_discard():
    g = new_game(deals=(9, 2, 3, 4, 5))
    g.apply(act.card(9))
    assert g.step == "draws"
    g.apply(act.deal(6))
    assert g.draws == [6] and 6 in g.discard
    assert g.step == "actions" and g.command_points == 2  # flags of the played card


def test_won_when_the_player_holds_every_castle():
    g = new_game(king={}, player={1: 1, 3: 1, 4: 1})
    g.apply(act.card(2))
    assert g.outcome == "won" and g.step == "over"
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply(act.DONE)


def test_lost_when_home_is_empty_and_the_king_holds_switch():
    g = new_game(player={1: 1})
    g.apply(act.card(1))
    g.apply(act.move(1, 1, 2))  # allowed: emptying home by your own move
    g.apply(act.DONE)
    assert g.outcome == "lost"
    b = board(rulings=Rulings(home_lost_when="king-holds"))
    g = new_game(b, player={1: 1})
    g.apply(act.card(1))
    g.apply(act.move(1, 1, 2))
    g.apply(act.DONE)
    assert g.outcome is None  # home empty but the King is not there


def test_physical_mode_refuses_impossible_cards_and_tracks_the_hidden_hand():
    g = new_game(physical=True)
    assert g.hand_hidden == 5 and g.deck_count == 4
    with pytest.raises(IllegalAction, match="no card 99"):
        g.apply(act.card(99))
    g.apply(act.card(1))
    g.apply(act.DONE)
    with pytest.raises(IllegalAction, match="discard pile"):
        g.apply(act.card(1))  # the King's phase card cannot be one already discarded
    g.apply(act.card(6))  # the King's phase card, named by the player
    assert g.phase_card == 6
    g.apply(act.DONE)
    with pytest.raises(IllegalAction, match="discard pile"):
        g.apply(act.card(6))
    g2 = new_game(physical=True, cards=range(1, 9))
    with pytest.raises(IllegalAction, match="not in this game"):
        g2.apply(act.card(9))


def test_fix_changes_the_record_and_pending_battles():
    g = new_game()
    g.apply(act.card(1))
    g.apply(act.fix(2, 1, 0))
    assert g.position.king[2] == 1
    with pytest.raises(IllegalAction, match="at most 5"):
        g.apply(act.fix(2, 6, 0))


def test_uncertain_orders_with_only_uncertain_cards_left_deals_them_all_then_stops():
    # R5 "all dealt": the deck holds only Uncertain Orders; after dealing every one
    # (and reshuffling them back) no card can resolve the order.
    cards = tuple(card(i, ("rally",)) for i in range(1, 5)) + tuple(
        card(i, ("uncertain",), "falling", flags=2) for i in range(5, 9))
    b = make_board({1: (2,), 2: (3, 4)}, castles=(1, 3, 4), wheat={1: 2, 2: 1}, home=1,
                   cards=cards)
    g = new_game(b, cards=range(1, 9), deals=(5, 1, 2, 3, 4))
    g.apply(act.card(5))
    for c in (6, 7, 8):
        assert g.step == "draws"
        g.apply(act.deal(c))
    assert g.step == "actions" and g.draws == [6, 7, 8]
    assert g.position.compact("king") == {3: 1, 4: 1}  # the King did nothing
    # dealing 8 emptied the deck: 6 and 7 became the deck, 8 starts the new discard (R10)
    assert g.reshuffles == 1 and g.deck_count == 2
    assert g.unseen == {6, 7} and g.discard == [8]
