"""The player reads what they typed, never the engine's action texts (`deal 18`).

The log and undo's "Took back" show the save's `said` entries; for an older
save without them, the player's own actions put back into words. In a
virtual game no card the program dealt is ever named by them, so taking
back a command never shows the next hand.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from test_assistant_helpers import greedy_pick, legal_commands, ok

from throne_pnp.assistant.said import replay_command
from throne_pnp.content import load_content
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game


def _play(game, physical: bool, until) -> None:
    """Play a seeded game with a simple player until `until(save)` holds."""
    ok(game, "new", "--seed", "5", *(["--physical"] if physical else []))
    rng = random.Random(5)
    for _ in range(400):
        save = json.loads(game.read_text())
        if until(save):
            return
        commands = legal_commands(game)
        assert commands, "the game ended first"
        ok(game, *greedy_pick(commands, rng))
    raise AssertionError("never got there")


def _dealt_a_hand(save) -> bool:
    """The last command dealt more than one card (a new hand, in a virtual game)."""
    return bool(save["commands"]) and sum(
        a.startswith("deal ") for a in save["commands"][-1]) >= 2


def _forget_said(game) -> None:
    data = json.loads(game.read_text())
    del data["said"]
    game.write_text(json.dumps(data))


@pytest.mark.parametrize("old_save", [False, True], ids=["said", "older-save"])
def test_virtual_undo_and_log_never_name_dealt_cards(tmp_path, old_save):
    game = tmp_path / "g.json"
    _play(game, False, _dealt_a_hand)
    if old_save:
        _forget_said(game)
    log = ok(game, "log").output
    assert not re.search(r"deal \d", log) and "`throne " in log
    out = ok(game, "undo").output
    took = next(line for line in out.splitlines() if line.startswith("Took back"))
    assert not re.search(r"deal \d", took)
    assert took.startswith("Took back: `card") or took.startswith("Took back: `battle")
    data = json.loads(ok(game, "undo", "--json").output)
    assert not any(re.search(r"deal \d", words) for words in data["undone"])


def test_older_physical_save_shows_the_told_cards_as_typed(tmp_path):
    game = tmp_path / "g.json"
    for command in ["new --physical --seed 1", "card 7", "battle 18 --king-card 4"]:
        ok(game, *command.split())
    _forget_said(game)
    log = ok(game, "log").output
    assert "`throne card 7`" in log and "`throne battle 18 --king-card 4`" in log
    out = ok(game, "undo").output
    assert "Took back: `battle 18 --king-card 4`" in out


def test_rebuilt_words_for_each_kind_of_command():
    content = load_content()
    board = board_for(content)
    g = Game(board, [c.id for c in content.normal_cards], True)
    assert replay_command(g, ["card 6"])[0] == "card 6"        # Uncertain Orders follow
    assert replay_command(g, ["deal 3"])[0] == "card --draws 3"
    virtual = Game(board, [c.id for c in content.normal_cards], False)
    assert replay_command(virtual, [f"deal {c}" for c in (1, 2, 3, 4, 5)])[0] == ""
    assert replay_command(virtual, ["card 1", "done"])[0] == "card 1; done"
    assert replay_command(virtual, ["deal 9"])[0] == "card"   # the King's card, drawn
