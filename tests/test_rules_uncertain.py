"""Uncertain Orders (R5), the one core computed by hand: `take_orders` (what a dealt
card settles) and `suitable_may_come` (whether a card that ends them can still come);
and both users, the engine (`Game`) and the stateless `throne resolve king`, shown to call it."""

import pytest
from boards import card, line, make_board, pos
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from throne_pnp.cli import cli
from throne_pnp.rules import actions as act
from throne_pnp.rules import king as king_rules
from throne_pnp.rules.game import Game
from throne_pnp.rules.king import NeedDraws, resolve_king, suitable_may_come, take_orders

U5, U6, U7 = (card(i, ("uncertain",)) for i in (5, 6, 7))
RALLY, PLAYER = card(1, ("rally",)), card(2, ("move-player",))
BOTH = card(3, ("move-wheat", "rally"))
DOUBLE = card(8, ("uncertain", "uncertain"))


def test_a_card_with_uncertain_orders_then_one_without():
    # first deal: card 5 has Uncertain Orders too, so the order still waits (R5 "keep drawing")
    assert take_orders(["uncertain"], [U5]) == ([], ["uncertain"], 1)
    # second deal: card 2 ends it with its own action
    assert take_orders(["uncertain"], [PLAYER]) == (["move-player"], [], 1)
    # both at once, as `throne resolve king --draws 5,2` gives them
    assert take_orders(["uncertain"], [U5, PLAYER]) == (["move-player"], [], 2)


def test_actions_around_the_order_and_cards_left_over():
    # before any card: the action above the order is taken, the order waits
    assert take_orders(["rally", "uncertain"]) == (["rally"], ["uncertain"], 0)
    # a card with two actions replaces the order with both; the action below follows
    assert take_orders(["uncertain", "move-wheat"], [BOTH]) == (
        ["move-wheat", "rally", "move-wheat"], [], 1)
    # cards beyond the last order are not used (the CLI refuses them)
    assert take_orders(["uncertain"], [RALLY, PLAYER]) == (["rally"], [], 1)
    assert take_orders(["rally", "move-player"], [RALLY]) == (["rally", "move-player"], [], 0)


def test_two_uncertain_orders_on_one_card():
    # played card: two orders; dealt: 2 (ends the first), 5 (passed over), 3 (ends the second)
    assert take_orders(["uncertain", "uncertain"], [PLAYER, U5, BOTH]) == (
        ["move-player", "move-wheat", "rally"], [], 3)
    # one card dealt: the first order is settled, the second waits
    assert take_orders(["uncertain", "uncertain"], [PLAYER]) == (
        ["move-player"], ["uncertain"], 1)
    # a dealt card showing two orders is passed over like one showing one
    assert take_orders(["uncertain"], [DOUBLE, RALLY]) == (["rally"], [], 2)


KINGS = st.sampled_from(["rally", "move-player", "uncertain"])


@given(st.lists(KINGS, min_size=1, max_size=2),
       st.lists(st.sampled_from([RALLY, PLAYER, BOTH, U5, DOUBLE]), max_size=6))
def test_one_card_at_a_time_is_all_at_once(actions, dealt):
    """The engine's way (a card each time one is needed) and `resolve`'s (the
    list at once) take the same actions from the same cards."""
    taken, todo, used = take_orders(actions, dealt)
    assert "uncertain" not in taken and used <= len(dealt)
    assert not todo or (todo[0] == "uncertain" and used == len(dealt))
    step_taken, step_todo, _ = take_orders(actions)
    for card_dealt in dealt[:used]:
        assert step_todo[0] == "uncertain"
        more, step_todo, one = take_orders(step_todo, [card_dealt])
        step_taken += more
        assert one == 1
    assert (step_taken, step_todo) == (taken, todo)


CARDS = {c.id: c for c in (RALLY, PLAYER, BOTH, U5, U6, U7, DOUBLE)}


def test_a_suitable_card_may_come_from_the_deck_or_the_discard_pile():
    assert suitable_may_come(CARDS, {1, 5}, [], 2, [])
    # only orders in the deck, but card 2 in the discard pile comes back at the reshuffle
    assert suitable_may_come(CARDS, {5, 6}, [2], 2, [])


def test_the_deck_running_out():
    # deck empty and discard pile empty: nothing can come
    assert not suitable_may_come(CARDS, set(), [], 0, [5])
    # deck of 6 and 7 (orders), discard 5 (dealt for these orders): 6 and 7 not dealt yet
    assert suitable_may_come(CARDS, {6, 7}, [5], 2, [5])
    # after the reshuffle the deck is 5, 6, 7 again, every one already dealt: stop
    assert not suitable_may_come(CARDS, {5, 6, 7}, [], 3, [5, 6, 7])
    # ... but with one of them not dealt yet this time, keep dealing
    assert suitable_may_come(CARDS, {5, 6, 7}, [], 3, [5, 6])


def test_a_deck_of_only_uncertain_cards():
    # stateless (no deck known): the cards dealt run out while the order waits -> ask for more
    b = line(3, castles=(1,))
    with pytest.raises(NeedDraws, match="dealt so far: 5, 6, 7"):
        resolve_king(b, pos(b, {1: 2}, {3: 1}), ["rally", "uncertain"], "rising", [U5, U6, U7])
    # the engine: hand 1-4 plus the phase card 5; the deck holds 6, 7 (orders only). When
    # no suitable card can come, the King does only what came before the order.
    cards = (RALLY, PLAYER, BOTH, card(4), card(5, ("rally", "uncertain")), U6, U7)
    eb = make_board({1: (2,), 2: (3,)}, castles=(1, 3), home=1, cards=cards)
    g = Game(eb, [c.id for c in cards], False, pos(eb, {3: 2}, {1: 2}))
    for d in (1, 2, 3, 4, 5):
        g.apply(act.deal(d))
    g.apply(act.card(5))
    g.apply(act.deal(6))
    assert g.step == "draws" and g.taken == ["rally"] and g.uncertain_todo == ["uncertain"]
    # 7, the deck's last: the discard pile (6) becomes the deck, 7 starts the new pile (R10);
    # every card left to deal was dealt for these orders already
    events = g.apply(act.deal(7))
    acted = next(e for e in events if e.kind == "king").result
    assert acted.exhausted and acted.actions == ["rally"] and acted.draws == [6, 7]
    assert g.position.compact("king") == {3: 3}
    assert g.step == "actions" and g.uncertain_todo == [] and g.reshuffles == 1
    assert g.unseen == {6} and g.discard == [7]


class Broken(Exception):
    pass


def _broken(*args, **kwargs):
    raise Broken


@pytest.mark.parametrize("core", ["take_orders", "suitable_may_come"])
def test_the_engine_calls_the_core(monkeypatch, core):
    cards = (RALLY, PLAYER, BOTH, card(4), U5, U6)
    b = make_board({1: (2,), 2: (3,)}, castles=(1, 3), home=1, cards=cards)
    g = Game(b, [c.id for c in cards], False, pos(b, {3: 2}, {1: 2}))
    for d in (1, 2, 3, 4, 5):
        g.apply(act.deal(d))
    monkeypatch.setattr(king_rules, core, _broken)
    with pytest.raises(Broken):
        g.apply(act.card(5))


def test_the_stateless_resolve_calls_the_core(monkeypatch, tmp_path):
    at = tmp_path / "pos.yaml"
    at.write_text("{king: {3: 2}, player: {1: 2}}")
    args = ["resolve", "king", "--card", "6", "--draws", "1", "--at", str(at)]
    assert CliRunner().invoke(cli, args).exit_code == 0
    monkeypatch.setattr(king_rules, "take_orders", _broken)
    assert isinstance(CliRunner().invoke(cli, args).exception, Broken)
