"""R10: the discard pile becomes the deck the moment the deck is empty.

Every draw that can empty the deck (a hand refill, the King's phase card, each
Uncertain Orders deal, the King's battle card with and without a withdrawal
choice), in both modes, with the exact deck, hand, discard pile and table
afterwards, worked out by hand: cards on the table at that moment (the phase
card, battle cards) and the card just drawn are not shuffled in; they start
the new discard pile.
"""

import pytest
from boards import card, make_board, pos

from throne_pnp.rules import actions as act
from throne_pnp.rules.game import Game

# 1 (home castle, 3 wheat) - 2 (1 wheat) - 3 (castle), 2 - 4 (castle).
# Cards 1-8: rally, Rising, 3 flags, no battle symbols (every battle: no casualties,
# more cubes win, a tie goes to the defender); 9 and 10: Uncertain Orders.
CARDS = tuple(card(i, ("rally",), "rising", flags=3) for i in range(1, 9)) + (
    card(9, ("uncertain",), "falling", flags=2), card(10, ("uncertain",), "falling", flags=2))
BOARD = make_board({1: (2,), 2: (3, 4)}, castles=(1, 3, 4), wheat={1: 3, 2: 1}, home=1,
                   cards=CARDS)


def new(physical, cards=range(1, 9), hand=(1, 2, 3, 4, 5), king=None, player=None):
    """A game; in virtual mode `hand` is dealt, in physical mode it is hidden."""
    g = Game(BOARD, cards, physical, pos(BOARD, king if king is not None else {3: 1, 4: 1},
                                         player if player is not None else {1: 2}))
    if not physical:
        for c in hand:
            g.apply(act.deal(c))
    return g


def piles(g):
    """deck (unseen cards: the deck, and in physical mode the hidden hand too),
    known hand, hidden hand count, discard pile, table."""
    return {"deck": sorted(g.unseen), "deck_count": g.deck_count, "hand": sorted(g.hand),
            "hidden": g.hand_hidden, "discard": list(g.discard), "table": list(g.table)}


def turns(g, pairs):
    """Whole turns with no move: (the player's phase card, the King's)."""
    for mine, kings in pairs:
        g.apply(act.card(mine))
        g.apply(act.DONE)
        g.apply(act.card(kings))  # the King's phase card: `card` names it in both modes
        g.apply(act.DONE)


def reshuffles(events):
    return [(e.count, {"cards": list(e.cards), "drawn": e.drawn, "purpose": e.purpose})
            for e in events if e.kind == "reshuffle"]


@pytest.mark.parametrize("physical", [False, True], ids=["virtual", "physical"])
def test_the_kings_phase_card_empties_the_deck(physical):
    g = new(physical)
    turns(g, [(1, 6), (2, 7)])
    g.apply(act.card(3))
    g.apply(act.DONE)
    assert g.deck_count == 1 and g.discard == [1, 6, 2, 7, 3]
    events = g.apply(act.card(8))  # the last card of the deck
    assert reshuffles(events) == [(5, {"cards": [1, 6, 2, 7, 3], "drawn": 8,
                                       "purpose": "phase"})]
    kinds = [e.kind for e in events]
    assert kinds.index("phase-card") < kinds.index("reshuffle") < kinds.index("king")
    # physical: the two unseen cards left were the hand's, so it is known now
    assert piles(g) == {"deck": [1, 2, 3, 6, 7], "deck_count": 5, "hand": [4, 5],
                        "hidden": 0, "discard": [], "table": [8]}
    g.apply(act.DONE)
    assert g.discard == [8] and g.table == [] and g.reshuffles == 1


@pytest.mark.parametrize("physical", [False, True], ids=["virtual", "physical"])
def test_a_hand_refill_empties_the_deck_half_way(physical):
    g = new(physical)
    turns(g, [(1, 6), (2, 7), (3, 8), (4, 6)])
    assert g.discard == [8, 4, 6] and g.deck_count == 4 and sorted(g.hand) == [5]
    events = g.apply(act.card(5))  # the last card in hand: refill at once
    if not physical:
        assert g.need().purpose == "hand"  # before anything else
        for c in (1, 2, 3):
            g.apply(act.deal(c))
        events = g.apply(act.deal(7))  # the 4th card empties the deck
        assert reshuffles(events) == [(3, {"cards": [8, 4, 6], "drawn": 7,
                                           "purpose": "hand"})]
        assert piles(g)["deck"] == [4, 6, 8] and g.need().purpose == "hand"
        g.apply(act.deal(8))
        assert piles(g) == {"deck": [4, 6], "deck_count": 2, "hand": [1, 2, 3, 7, 8],
                            "hidden": 0, "discard": [], "table": [5]}
    else:
        # drawn hidden at once: 4 cards empty the deck (they are the 4 unseen ones,
        # so known), the discard 8 4 6 becomes the deck and the 5th comes from it
        assert reshuffles(events) == [(3, {"cards": [8, 4, 6], "drawn": None,
                                           "purpose": "hand"})]
        assert piles(g) == {"deck": [4, 6, 8], "deck_count": 2, "hand": [1, 2, 3, 7],
                            "hidden": 1, "discard": [], "table": [5]}
        assert g.card_zones() == {1: "hand", 2: "hand", 3: "hand", 4: "unknown",
                                  5: "table", 6: "unknown", 7: "hand", 8: "unknown"}
        g.apply(act.hand((1, 2, 3, 7, 8)))
        assert piles(g)["deck"] == [4, 6]
    g.apply(act.DONE)
    assert g.discard == [5]


@pytest.mark.parametrize("physical", [False, True], ids=["virtual", "physical"])
def test_the_first_uncertain_orders_deal_empties_the_deck(physical):
    g = new(physical, cards=range(1, 11))
    turns(g, [(1, 6), (2, 7), (3, 8)])
    g.apply(act.card(4))
    g.apply(act.DONE)
    g.apply(act.card(10))  # the King's phase card: Uncertain Orders
    assert g.step == "draws" and g.deck_count == 1
    events = g.apply(act.deal(9))  # Uncertain Orders again, and the deck's last card
    assert reshuffles(events) == [(7, {"cards": [1, 6, 2, 7, 3, 8, 4], "drawn": 9,
                                       "purpose": "uncertain"})]
    kinds = [e.kind for e in events]
    assert kinds.index("reshuffle") < kinds.index("uncertain-draw")  # reshuffle, then discard 9
    assert piles(g) == {"deck": [1, 2, 3, 4, 6, 7, 8], "deck_count": 7, "hand": [5],
                        "hidden": 0, "discard": [9], "table": [10]}
    g.apply(act.deal(1))  # from the new deck: rally
    assert g.draws == [9, 1] and g.step == "actions"
    assert piles(g) == {"deck": [2, 3, 4, 6, 7, 8], "deck_count": 6, "hand": [5],
                        "hidden": 0, "discard": [9, 1], "table": [10]}


@pytest.mark.parametrize("physical", [False, True], ids=["virtual", "physical"])
def test_a_later_uncertain_orders_deal_empties_the_deck(physical):
    g = new(physical, cards=range(1, 11), hand=(9, 1, 2, 3, 4))
    turns(g, [(1, 5), (2, 6), (3, 7)])
    if physical:
        g.apply(act.hand((4, 9)))
    g.apply(act.card(9))  # Uncertain Orders from the hand
    g.apply(act.deal(10))  # Uncertain Orders again
    assert g.discard == [1, 5, 2, 6, 3, 7, 10] and g.deck_count == 1
    events = g.apply(act.deal(8))  # rally, the deck's last card
    assert reshuffles(events) == [(7, {"cards": [1, 5, 2, 6, 3, 7, 10], "drawn": 8,
                                       "purpose": "uncertain"})]
    assert piles(g) == {"deck": [1, 2, 3, 5, 6, 7, 10], "deck_count": 7, "hand": [4],
                        "hidden": 0, "discard": [8], "table": [9]}
    assert g.step == "actions" and g.draws == [10, 8]


@pytest.mark.parametrize("physical", [False, True], ids=["virtual", "physical"])
def test_the_kings_battle_card_empties_the_deck_and_the_loser_chooses(physical):
    # King 2 in 2 and no castle: you attack 2 with 1 cube and lose (2 against 1);
    # 1, 3 and 4 are free of King cubes: you choose where to withdraw.
    g = new(physical, king={2: 2}, player={1: 3})
    turns(g, [(1, 6), (2, 7)])
    g.apply(act.card(3))
    g.apply(act.move(1, 1, 2))
    g.apply(act.DONE)
    g.apply(act.battle(4))
    events = g.apply(act.deal(8))
    assert reshuffles(events) == [(4, {"cards": [1, 6, 2, 7], "drawn": 8,
                                       "purpose": "battle"})]
    assert g.need().kind == "withdraw" and g.need().options == (1, 3, 4)
    assert piles(g) == {"deck": [1, 2, 6, 7], "deck_count": 4, "hand": [5],
                        "hidden": 0, "discard": [], "table": [3, 4, 8]}
    g.apply(act.withdraw(1))  # the battle cards go to the new discard pile, then the
    assert g.discard == [4, 8, 3] and g.table == [] and g.phase == "king-card"  # phase card
    assert g.deck_count == 4 and sorted(g.unseen) == [1, 2, 6, 7]


@pytest.mark.parametrize("physical", [False, True], ids=["virtual", "physical"])
def test_the_kings_battle_card_empties_the_deck_without_a_choice(physical):
    # The King also holds 3 and 4: your losing cube can only go back to 1.
    g = new(physical, king={2: 2, 3: 1, 4: 1}, player={1: 3})
    turns(g, [(1, 6), (2, 7)])
    g.apply(act.card(3))
    g.apply(act.move(1, 1, 2))
    g.apply(act.DONE)
    g.apply(act.battle(4))
    events = g.apply(act.deal(8))
    assert reshuffles(events) == [(4, {"cards": [1, 6, 2, 7], "drawn": 8,
                                       "purpose": "battle"})]
    kinds = [e.kind for e in events]
    assert kinds.index("reshuffle") < kinds.index("battle")
    # the battle is over: its two cards start the new discard pile, then the phase card
    assert piles(g) == {"deck": [1, 2, 6, 7], "deck_count": 4, "hand": [5],
                        "hidden": 0, "discard": [4, 8, 3], "table": []}
    assert g.position.player[1] == 3 and g.position.player[2] == 0


@pytest.mark.parametrize("physical", [False, True], ids=["virtual", "physical"])
def test_the_last_card_in_hand_is_replaced_before_the_kings_battle_card(physical):
    g = new(physical, king={2: 2}, player={1: 3})
    turns(g, [(1, 6), (2, 7), (3, 8)])
    g.apply(act.card(4))
    g.apply(act.DONE)
    g.apply(act.card(6))  # the King's phase card
    g.apply(act.move(1, 1, 2))
    g.apply(act.DONE)
    assert g.discard == [8, 4] and g.deck_count == 4 and g.table == [6]
    g.apply(act.battle(5))  # the last card in hand
    if not physical:
        assert g.need().purpose == "hand"  # the refill comes first
        for c in (1, 2, 3, 7):
            g.apply(act.deal(c))
        assert g.need().purpose == "hand" and sorted(g.unseen) == [4, 8]
        g.apply(act.deal(8))
    assert g.need().purpose == "battle"
    # the refill took the 4 cards of the deck, 8 and 4 became the deck, one of them
    # went to the hand: the King's card can only be the other
    if physical:
        assert piles(g) == {"deck": [4, 8], "deck_count": 1, "hand": [1, 2, 3, 7],
                            "hidden": 1, "discard": [], "table": [6, 5]}
    else:
        assert piles(g) == {"deck": [4], "deck_count": 1, "hand": [1, 2, 3, 7, 8],
                            "hidden": 0, "discard": [], "table": [6, 5]}
    events = g.apply(act.deal(4))  # the deck is empty again, the discard pile too:
    assert reshuffles(events) == []  # the reshuffle waits for the next draw
    g.apply(act.withdraw(1))
    assert g.discard == [5, 4, 6] and g.deck_count == 0
    g.apply(act.card(1))  # the next turn: the phase card from the hand
    g.apply(act.DONE)
    events = g.apply(act.card(6))  # the King's card: the put-off reshuffle came first
    assert g.reshuffles == 3 and g.phase_card == 6


def test_a_reshuffle_put_off_with_an_empty_discard_pile_happens_before_the_next_draw():
    g = new(False, cards=(1, 2, 3, 4, 5, 9), hand=(9, 1, 2, 3, 4))
    g.apply(act.card(9))
    events = g.apply(act.deal(5))  # the deck's only card; the discard pile is empty
    assert reshuffles(events) == [] and g.deck_count == 0 and g.discard == [5]
    events = g.apply(act.DONE)  # 9 is discarded; the King's card is next: reshuffle first
    assert reshuffles(events) == [(2, {"cards": [5, 9], "drawn": None, "purpose": ""})]
    assert sorted(g.unseen) == [5, 9] and g.deck_count == 2 and g.discard == []
