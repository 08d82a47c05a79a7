"""The `Next:` line at a battle fought with the player's last card (R10).

The new hand comes off the deck before the King's battle card, so with one
card left the Next line says so before the battle, in both modes, and
`throne play` asks in the same words.
"""

from __future__ import annotations

import pytest
from boards import card, last_card_battle
from test_assistant_helpers import ok, status

from throne_pnp.assistant import play
from throne_pnp.assistant.explain import next_step
from throne_pnp.rules.game import Game


def _last_card_battle(physical: bool) -> Game:
    """A battle after Player Actions where the player holds only card 5."""
    g = last_card_battle(tuple(card(i, ("rally",), flags=3) for i in range(1, 9)), physical)
    assert g.need().kind == "battle" and g.hand_count == 1
    return g


def test_physical_next_says_draw_the_new_hand_before_the_kings_card():
    text, command = next_step(_last_card_battle(True), physical=True)
    assert text == ("Battle in 2, the King defends: play your last card (hand: 5), then draw "
                    "your new hand (5 cards), and only then turn over the top card of the deck for "
                    "the King")
    assert command == "throne battle CARD --king-card K"


def test_virtual_next_says_the_new_hand_comes_before_the_kings_card():
    text, command = next_step(_last_card_battle(False), physical=False)
    assert text == ("Battle in 2, the King defends: play your last card (hand: 5); your new "
                    "hand is dealt next, and only then the King's card")
    assert command == "throne battle CARD"


@pytest.mark.parametrize("physical", [True, False], ids=["physical", "virtual"])
def test_play_asks_the_same(physical):
    class Fake:
        pass

    session = Fake()
    session.game = _last_card_battle(physical)
    session.physical = physical
    prompt = play._prompt_for(session)
    if physical:
        # The hand is known (only card 5 can be in it): the prompt lists it, as in play.
        assert prompt == ("Battle in 2 (the King defends): your last card [5]; then "
                          "draw your new hand before you turn over the King's card")
    else:
        assert prompt == ("Battle in 2 (the King defends): your last card [5]; then your new "
                          "hand is dealt before the King's card")


def test_cli_next_line_before_the_last_card_battle(tmp_path):
    game = tmp_path / "g.json"
    for command in ["new --physical --seed 4", "card 8", "move 1 1 5 --yes", "rally 1",
                    "move 1 1 2 --yes", "done", "card 14", "card --draws 11",
                    "card --draws 16", "battle 17", "battle --king-card 1", "rally 1",
                    "move 1 5 2 --yes", "done", "battle 4", "battle --king-card 3", "card 9",
                    "move 1 1 2 --yes", "rally 1"]:
        ok(game, *command.split())
    out = ok(game, "done").output
    assert status(game)["hand_count"] == 1
    assert ("Next: Battle in 2, the King defends: play your last card, then draw your new "
            "hand (5 cards), and only then turn over the top card of the deck for the King - "
            "`throne battle CARD --king-card K`") in out
