"""Odds before you attack: during Player Actions `throne odds` (and the page,
next to Done) counts each battle the moves so far would start.

Hand-counted: seed 3 deals 7, 9, 11, 17, 18; card 9 leaves one King cube in 5
(2 wheat, no bugles or shields) and Player Actions. Moving one cube 1 -> 2 -> 5
makes a battle in 5, 1 cube against 1, the King defending, his card one of the
13 cards of the deck (1-6, 8, 10, 12-16). With card 18 (2 swords, 2 shields)
the King's cube falls unless his card has 2 shields (4, 12: then 1 against
1 + his bugle, he wins); yours falls only to 3 swords (3, 10: both wiped out):
win 9/13, lose 2/13, both out 2/13.
"""

from __future__ import annotations

import json

import pytest
from test_assistant_helpers import ok, refused

DECK = [1, 2, 3, 4, 5, 6, 8, 10, 12, 13, 14, 15, 16]


@pytest.fixture
def attacking(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "3")
    ok(game, "card", "9")
    return game


def test_no_battle_yet_says_so(attacking):
    refused(attacking, "odds", contains="your moves so far start none")


def test_odds_of_the_battle_the_moves_start(attacking):
    ok(attacking, "move", "1", "1", "2")
    ok(attacking, "move", "1", "2", "5")
    data = json.loads(ok(attacking, "odds", "--json").output)
    assert data["planned"] is True
    [battle] = data["battles"]
    assert (battle["territory"], battle["defender"], battle["player_cubes"],
            battle["king_cubes"], battle["first"]) == (5, "king", 1, 1, True)
    rows = {r["card"]: r for r in battle["cards"]}
    assert sorted(rows) == [7, 11, 17, 18]
    assert rows[18]["exact"] == {"win": "9/13", "lose": "2/13", "both_wiped_out": "2/13"}
    assert all(r["king_cards"] == DECK for r in rows.values())
    # 7 (3 shields, no swords) kills nothing: 1 against 1, the tie goes to the King.
    assert rows[7]["exact"]["lose"] == "1"
    text = ok(attacking, "odds").output.splitlines()
    assert text[0] == ("If Player Actions ended now, a battle would be fought in 5; the odds "
                       "of each card:")
    assert text[1] == ("Battle in 5 (the King defends): your 1 cube against the King's 1; "
                       "counted over the 13 cards that could be the King's card (1, 2, 3, 4, "
                       "5, 6, 8, 10, 12, 13, 14, 15, 16), each as likely")
    assert text[3].split() == ["18", "69.2%", "15.4%", "15.4%", "0.15", "0.85"]
    # the odds changed nothing
    assert json.loads(ok(attacking, "status", "--json").output)["step"] == "actions"


def test_two_battles_in_the_phase_cards_order(attacking):
    # Card 9 is Rising: 5 before 7 (7 holds 2 King cubes after the King's action).
    ok(attacking, "move", "1", "1", "2")
    ok(attacking, "move", "1", "2", "7")
    ok(attacking, "rally", "1")
    ok(attacking, "move", "1", "1", "5")
    data = json.loads(ok(attacking, "odds", "--json").output)
    assert [(b["territory"], b["first"]) for b in data["battles"]] == [(5, True), (7, False)]
    text = ok(attacking, "odds").output
    assert "battles would be fought in 5, 7, in this order" in text
    assert "(the battle in 7 is counted on the board as it stands now" in text


def test_the_page_shows_the_same_odds_next_to_done(attacking):
    pytest.importorskip("starlette")
    from test_web_helpers import make_client

    ok(attacking, "move", "1", "1", "2")
    ok(attacking, "move", "1", "2", "5")
    client, _ = make_client(attacking)
    page = client.get("/").text
    done = page.index("Done: end Player Actions")      # in the bar at the foot of the choice
    planned = page.index('aria-label="Odds of the battles Done starts"')
    assert 0 < done - planned < 2000
    assert "Done starts a battle in 5" in page
    assert "Card 18: 69% wins this battle, loses it 15%, both out 15%" in page


def test_a_single_possible_kings_card_is_named():
    from throne_pnp.sim.odds import counted_words

    one = {"king_cards": [7], "cards": [{"card": 2}]}
    assert counted_words(one) == "the King's card can only be card 7, the one card it can be"
    mixed = {"king_cards": [7, 8], "cards": [{"card": 2, "king_cards": [7, 8]},
                                             {"card": 3, "king_cards": [1, 4, 6]}]}
    assert "counted for each of your cards" in counted_words(mixed)
