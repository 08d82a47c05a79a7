"""The card record of a game: the told hand (`hand`), card fixes (`fixcards`),
`card_zones`, and the refusals that a known hand makes possible."""

import pytest
from boards import card, make_board, pos
from hypothesis import given, settings
from hypothesis import strategies as st

from throne_pnp.errors import IllegalAction
from throne_pnp.rules import actions as act
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import Game

# 1 (home castle, 3 wheat) - 2 (1 wheat) - 3 (castle), 2 - 4 (castle).
# Cards 1-8: rally, Rising, 3 flags, no battle symbols; 9 and 10: Uncertain Orders.
CARDS = tuple(card(i, ("rally",), "rising", flags=3) for i in range(1, 9)) + (
    card(9, ("uncertain",), "falling", flags=2), card(10, ("uncertain",), "falling", flags=2))


def board():
    return make_board({1: (2,), 2: (3, 4)}, castles=(1, 3, 4), wheat={1: 3, 2: 1}, home=1,
                      cards=CARDS)


def physical(king=None, player=None, cards=range(1, 11)):
    b = board()
    return Game(b, cards, True, pos(b, king if king is not None else {3: 1, 4: 1},
                                    player if player is not None else {1: 2}))


def virtual(deals=(1, 2, 3, 4, 5), cards=range(1, 11), king=None, player=None):
    b = board()
    g = Game(b, cards, False, pos(b, king if king is not None else {3: 1, 4: 1},
                                  player if player is not None else {1: 2}))
    for d in deals:
        g.apply(act.deal(d))
    return g


def refused(g, action, message):
    before = g.snapshot()
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert str(info.value).startswith(message), str(info.value)
    assert g.snapshot() == before  # a refused action changes nothing
    return str(info.value)


# ---------------------------------------------------------------- text forms

@pytest.mark.parametrize("text", ["hand 3 6 9 12 14", "hand 7", "fixcards hand=3,6,9 discard=1,4",
                                  "fixcards hand=3", "fixcards discard=-", "fixcards discard=2"])
def test_card_record_actions_round_trip(text):
    action = Action.parse(text)
    assert action.text() == text
    assert Action.parse(action.text()) == action


def test_card_record_actions_parse_to_the_constructors():
    assert Action.parse("hand 3,6, 9") == act.hand((3, 6, 9))
    assert Action.parse("fixcards discard=1,4 hand=3") == act.fix_cards((3,), (1, 4))
    assert Action.parse("fixcards discard=") == act.fix_cards(None, ())
    assert act.fix_cards(None, (1, 4)).args == (None, (1, 4))


@pytest.mark.parametrize("text", ["hand", "hand 3 x", "fixcards", "fixcards hand=3,a",
                                  "fixcards deck=1", "fixcards hand=1 hand=2", "fixcards 1,2"])
def test_bad_card_record_actions_say_what_is_expected(text):
    with pytest.raises(IllegalAction, match="bad action|unknown action"):
        Action.parse(text)


# ---------------------------------------------------------------- hand

def test_telling_the_hand_makes_it_known_and_the_rest_the_deck():
    g = physical()
    assert g.known_hand() is None and g.hand_hidden == 5 and g.deck_count == 5
    assert set(g.card_zones().values()) == {"unknown"}
    events = g.apply(act.hand((3, 6, 9, 1, 10)))
    assert g.known_hand() == [1, 3, 6, 9, 10] and g.hand_hidden == 0
    assert g.unseen == {2, 4, 5, 7, 8} and g.deck_count == 5
    assert [e.kind for e in events] == ["hand-told"]
    assert g.card_zones() == {1: "hand", 2: "deck", 3: "hand", 4: "deck", 5: "deck",
                              6: "hand", 7: "deck", 8: "deck", 9: "hand", 10: "hand"}
    assert g.hand_candidates() == [1, 3, 6, 9, 10]
    assert g.deal_candidates() == [2, 4, 5, 7, 8]


def test_telling_the_hand_again_replaces_it():
    g = physical()
    g.apply(act.hand((1, 2, 3, 4, 5)))
    g.apply(act.hand((1, 2, 3, 4, 6)))  # a typo corrected
    assert g.known_hand() == [1, 2, 3, 4, 6] and g.unseen == {5, 7, 8, 9, 10}
    assert g.deck_count == 5


def test_telling_the_hand_is_checked():
    g = physical()
    refused(g, act.hand((1, 2, 3, 4)), "you have 5 cards in hand; you named 4")
    refused(g, act.hand((1, 2, 3, 4, 5, 6)), "you have 5 cards in hand; you named 6")
    refused(g, act.hand((1, 2, 3, 4, 4)), "card 4 is named twice")
    refused(g, act.hand((1, 2, 3, 4, 99)), "there is no card 99 in this edition")
    g.apply(act.card(1))  # the phase card from the (hidden) hand: now on the table
    refused(g, act.hand((1, 2, 3, 4)), "card 1 is on the table")
    g.apply(act.DONE)  # 1 is discarded
    refused(g, act.hand((1, 2, 3, 4)), "card 1 is in the discard pile")
    small = physical(cards=range(1, 10))
    refused(small, act.hand((1, 2, 3, 4, 10)), "card 10 is not in this game")
    refused(virtual(), act.hand((1, 2, 3, 4, 5)), "in a virtual game the program dealt")


def test_a_told_hand_refuses_a_card_played_from_elsewhere():
    g = physical()
    g.apply(act.hand((1, 2, 3, 4, 5)))
    message = refused(g, act.card(6), "card 6 is not in your hand")
    assert message.endswith("your hand: 1, 2, 3, 4, 5")
    g.apply(act.card(1))
    assert g.known_hand() == [2, 3, 4, 5]


def test_a_king_phase_card_in_the_told_hand_is_refused():
    g = physical()
    g.apply(act.hand((1, 2, 3, 4, 5)))
    g.apply(act.card(1))
    g.apply(act.DONE)
    assert g.need().purpose == "phase"
    refused(g, act.card(2), "2 is in your hand, so it cannot be the King's card")
    refused(g, act.deal(2), "2 is in your hand, so it cannot be the King's card")
    g.apply(act.card(6))
    assert g.phase_card == 6


def test_an_uncertain_orders_card_in_the_told_hand_is_refused():
    g = physical()
    g.apply(act.hand((9, 1, 2, 3, 4)))
    g.apply(act.card(9))
    assert g.need().purpose == "uncertain"
    refused(g, act.deal(3), "3 is in your hand, so it cannot be dealt for Uncertain Orders")
    g.apply(act.deal(5))
    assert g.draws == [5] and g.discard == [5]


def test_a_king_battle_card_in_the_told_hand_is_refused():
    g = physical(king={2: 1, 3: 1, 4: 1}, player={1: 3})
    g.apply(act.hand((1, 2, 3, 4, 5)))
    g.apply(act.card(1))
    g.apply(act.move(1, 1, 2))
    g.apply(act.DONE)
    g.apply(act.battle(2))
    assert g.need().purpose == "battle"
    refused(g, act.deal(3), "3 is in your hand, so it cannot be the King's card")
    refused(g, act.deal(2), "card 2 is on the table")
    g.apply(act.deal(6))
    assert 6 in g.discard


def test_an_untold_hand_plays_as_before():
    g = physical()
    g.apply(act.card(6))  # any card not known elsewhere may be in the hidden hand
    g.apply(act.DONE)
    g.apply(act.card(7))  # and the King's card any card not known elsewhere
    assert g.hand_hidden == 4 and g.known_hand() is None


# ---------------------------------------------------------------- fixcards

def test_fixcards_sets_the_hand_and_the_discard_pile():
    g = physical()
    g.apply(act.card(1))
    g.apply(act.DONE)  # discard [1]
    g.apply(act.card(2))  # the King's phase card, on the table
    events = g.apply(act.fix_cards((3, 4, 5, 6), (1, 7)))
    assert g.known_hand() == [3, 4, 5, 6] and g.discard == [1, 7] and g.table == [2]
    assert g.unseen == {8, 9, 10} and g.deck_count == 3
    assert events[0].kind == "fixcards"
    assert events[0].before == {"hand": [], "discard": [1]}
    assert events[0].after == {"hand": [3, 4, 5, 6], "discard": [1, 7]}
    g.apply(act.fix_cards(None, ()))  # a mistaken discard pile emptied: back to the deck
    assert g.discard == [] and g.unseen == {1, 7, 8, 9, 10} and g.deck_count == 5
    assert g.card_zones()[7] == "deck"


def test_fixcards_of_the_discard_alone_keeps_the_hidden_hand():
    g = physical()
    g.apply(act.card(1))
    g.apply(act.DONE)
    g.apply(act.fix_cards(None, (1, 8)))  # 8 was discarded too
    assert g.discard == [1, 8] and g.hand_hidden == 4 and g.deck_count == 4
    assert g.unseen == {2, 3, 4, 5, 6, 7, 9, 10}


def test_fixcards_is_checked():
    g = physical()
    g.apply(act.hand((1, 2, 3, 4, 5)))
    g.apply(act.card(1))
    refused(g, act.fix_cards((2, 3, 4), None), "you have 4 cards in hand; you named 3")
    refused(g, act.fix_cards(None, (1,)), "card 1 is on the table")
    refused(g, act.fix_cards((2, 3, 4, 4), None), "card 4 is named twice")
    refused(g, act.fix_cards(None, (2,)), "card 2 is in your hand")
    refused(g, act.fix_cards((2, 3, 4, 6), (6,)), "card 6 is named for both")
    refused(g, act.fix_cards(None, (77,)), "there is no card 77")
    refused(g, act.fix_cards((2, 3, 4, 6), (5, 7, 8, 9, 10, 6)), "card 6 is named for both")
    refused(g, act.fix_cards(None, None), "name the hand or the discard pile")
    refused(virtual(), act.fix_cards(None, ()), "in a virtual game the program dealt")
    g.apply(act.fix_cards((2, 3, 4, 6), (5,)))  # card 5 was discarded, 6 is in hand
    assert g.known_hand() == [2, 3, 4, 6] and g.discard == [5] and g.deck_count == 4


def test_card_zones_in_virtual_mode():
    g = virtual()
    g.apply(act.card(1))
    zones = g.card_zones()
    assert zones == {1: "table", 2: "hand", 3: "hand", 4: "hand", 5: "hand", 6: "deck",
                     7: "deck", 8: "deck", 9: "deck", 10: "deck"}
    assert g.known_hand() == [2, 3, 4, 5]


@settings(max_examples=60, deadline=None)
@given(ids=st.lists(st.integers(1, 99), min_size=1, max_size=8),
       hand=st.one_of(st.none(), st.lists(st.integers(1, 99), max_size=6)),
       discard=st.one_of(st.none(), st.lists(st.integers(1, 99), max_size=6)))
def test_card_record_actions_round_trip_for_any_ids(ids, hand, discard):
    told = act.hand(tuple(ids))
    assert Action.parse(told.text()) == told
    if hand is None and discard is None:
        return
    fix = act.fix_cards(None if hand is None else tuple(hand),
                        None if discard is None else tuple(discard))
    assert Action.parse(fix.text()) == fix
