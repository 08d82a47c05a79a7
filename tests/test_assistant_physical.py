"""A scripted physical game: the table names every card; checked at each step.

The positions below were worked out by hand from the rules (R3 movement, R9
battles) before being compared with the program.
"""

from __future__ import annotations

from test_assistant_helpers import ok, refused, run, status


def pos(king: dict, player: dict) -> dict:
    return {"king": {str(k): v for k, v in king.items()},
            "player": {str(k): v for k, v in player.items()}}


def test_scripted_physical_game(tmp_path):
    game = tmp_path / "g.json"
    out = ok(game, "new", "--physical", "--seed", "1").output
    assert "draw 5 new cards" in out and "Shuffle these 18 cards" in out
    st = status(game)
    assert st["mode"] == "physical" and "hand" not in st
    assert (st["hand_count"], st["deck_count"], st["discard_count"]) == (5, 13, 0)

    # Turn 1, your phase: card 7 (move towards your cubes, Rising, 3 flags).
    refused(game, "move", "1", "1", "2", contains="`throne card ID`")
    refused(game, "card", "99", contains="no card 99")
    refused(game, "card", "20", contains="not in this game")
    out = ok(game, "card", "7").output
    assert "move 1 King cube 3 -> 5" in out
    assert "move 1 King cube 5 -> 1" in out
    assert "Rising takes the highest: 5" in out           # 7 -> 5, not 2
    assert "move 1 King cube 9 -> 6" in out
    assert "Battle in 1, you defend" in out and "--king-card K" in out
    st = status(game)
    assert st["position"] == pos({1: 1, 3: 1, 5: 1, 6: 1, 7: 1, 9: 1}, {1: 2})
    assert st["pending_battles"] == [1] and st["step"] == "battle"
    assert st["command_points"] == 3 and st["phase_card"] == 7

    # Battle in 1: 18 (2 swords, 2 shields) v 4 (1 bugle, 2 shields, Falling).
    refused(game, "battle", "7", "--king-card", "4", contains="on the table")
    out = ok(game, "battle", "18", "--king-card", "4").output
    assert "cubes + bugles: you 3, King 2: you win" in out   # home's bugle breaks the tie
    assert "move 1 King cube 1 -> 2" in out                # Falling: lowest of 2, 5
    st = status(game)
    assert st["position"] == pos({2: 1, 3: 1, 5: 1, 6: 1, 7: 1, 9: 1}, {1: 2})
    assert st["step"] == "actions" and st["pending_battles"] == []
    assert (st["hand_count"], st["deck_count"], st["discard_count"]) == (3, 12, 2)

    # Player Actions: every kind of refusal, then legal moves.
    refused(game, "move", "1", "1", "3", contains="not next to 1")
    refused(game, "move", "3", "1", "2", contains="you have 2")
    refused(game, "rally", "2", contains="no castle")
    refused(game, "rally", "3", contains="do not hold")
    refused(game, "rally", "1", contains="limit of 2")
    refused(game, "move", "2", "1", "5", contains="exceed your limit of 0")
    refused(game, "withdraw", "2", contains="cannot withdraw now")
    refused(game, "battle", "3", contains="cannot fight a battle now")
    ok(game, "move", "1", "1", "2")
    assert status(game)["command_points"] == 2
    out = ok(game, "done").output
    assert "Battle in 2, the King defends" in out
    assert status(game)["pending_battles"] == [2]

    # Battle in 2: 10 (3 swords, 1 shield) v 12: the King's lone cube dies.
    ok(game, "battle", "10", "--king-card", "12")
    st = status(game)
    assert st["phase"] == "king-card" and st["step"] == "card" and st["turn"] == 1
    assert st["position"] == pos({3: 1, 5: 1, 6: 1, 7: 1, 9: 1}, {1: 1, 2: 1})
    assert (st["hand_count"], st["deck_count"], st["discard_count"]) == (2, 11, 5)

    # King's phase: the card turned over must be possible.
    refused(game, "card", contains="`throne card ID`")
    refused(game, "card", "7", contains="discard pile")
    out = ok(game, "card", "2").output    # move towards your cubes, Falling
    assert "move 1 King cube 6 -> 3" in out and "Falling takes the lowest: 3" in out
    assert "move 1 King cube 5 -> 1" in out
    assert "move 1 King cube 3 -> 5" in out
    st = status(game)
    assert st["position"] == pos({1: 1, 3: 1, 5: 1, 7: 1, 9: 1}, {1: 1, 2: 1})
    assert st["pending_battles"] == [1] and st["command_points"] == 3

    # Partial battle: your card first, the King's card as a second command.
    # 9 (1 sword, 2 shields) v 13 (3 bugles): the King's cube dies.
    ok(game, "battle", "9")
    assert status(game)["step"] == "battle"
    refused(game, "battle", "6", "--king-card", "3", contains="already played")
    ok(game, "battle", "--king-card", "13")
    st = status(game)
    assert st["position"] == pos({3: 1, 5: 1, 7: 1, 9: 1}, {1: 1, 2: 1})
    assert st["step"] == "actions"

    ok(game, "rally", "1")
    refused(game, "rally", "1", contains="costs 2 command points; you have 1")
    ok(game, "move", "1", "2", "5")
    refused(game, "move", "1", "1", "2", contains="no command points")
    snapshot = game.read_bytes()
    ok(game, "done")
    out = ok(game, "battle", "15", "--king-card", "16").output
    assert "draw 5 new cards" in out                     # the hand ran out
    st = status(game)
    assert st["position"] == pos({3: 1, 7: 1, 9: 1}, {1: 2, 5: 1})
    assert st["phase"] == "player-card" and st["turn"] == 2
    assert (st["hand_count"], st["deck_count"]) == (5, 3)

    # Undo two commands: back to just before `done`, byte for byte.
    out = ok(game, "undo", "2").output
    assert "Took back" in out
    assert game.read_bytes() == snapshot
    assert status(game)["step"] == "actions"


def test_physical_withdrawal_choice(tmp_path):
    game = tmp_path / "g.json"
    at = tmp_path / "pos.yaml"
    at.write_text("king: {5: 2, 3: 2, 7: 1, 9: 2}\nplayer: {1: 2, 5: 2}\n")
    ok(game, "new", "--physical", "--at", str(at))
    out = ok(game, "card", "12").output          # King rallies, Falling
    assert "add 1 King cube in 9" in out
    # 16 (1 shield) v 17 (1 bugle, 1 sword): no casualties, King 3 v your 2.
    out = ok(game, "battle", "16", "--king-card", "17").output
    assert "You lost" in out
    st = status(game)
    assert st["step"] == "withdraw" and st["withdraw_options"] == [1, 2, 8]
    refused(game, "withdraw", "3", contains="legal: 1, 2, 8")
    refused(game, "move", "1", "1", "2", contains="`throne withdraw T`")
    out = ok(game, "withdraw", "2").output
    assert "move 2 of your cubes 5 -> 2" in out
    st = status(game)
    assert st["position"]["player"] == {"1": 2, "2": 2}
    assert st["step"] == "actions"
    # The same battle with the withdrawal given up front, in one command.
    ok(game, "undo", "2")
    refused(game, "battle", "16", "--king-card", "17", "--withdraw-to", "3",
            contains="legal: 1, 2, 8")
    ok(game, "battle", "16", "--king-card", "17", "--withdraw-to", "8")
    assert status(game)["position"]["player"] == {"1": 2, "8": 2}


def test_physical_reshuffle_is_announced(tmp_path):
    import random

    from test_assistant_helpers import legal_commands, session

    game = tmp_path / "g.json"
    ok(game, "new", "--physical")
    rng = random.Random(4)
    for step in range(200):
        commands = legal_commands(game)
        if not commands:  # the King won before the deck ran out: play another game
            game = tmp_path / f"g{step}.json"
            ok(game, "new", "--physical")
            continue
        command = ["done"] if ["done"] in commands else rng.choice(commands)
        out = ok(game, *command).output
        if session(game).game.reshuffles:
            assert "shuffle the discard pile" in out
            break
    else:
        raise AssertionError("no reshuffle happened")


def test_emptying_home_needs_yes(tmp_path, monkeypatch):
    from throne_pnp.cli import game_cmds

    game = tmp_path / "g.json"
    at = tmp_path / "pos.json"
    at.write_text('{"king": {"9": 1}, "player": {"1": 2, "2": 1}}')
    ok(game, "new", "--physical", "--at", str(at))
    ok(game, "card", "1")                        # King rallies in 9; 3 flags
    refused(game, "move", "2", "1", "5", contains="add --yes")
    monkeypatch.setattr(game_cmds, "interactive", lambda: True)
    before = game.read_bytes()
    result = run(game, "move", "2", "1", "5", input="n\n")
    assert result.exit_code == 2 and "empties your home castle 1" in result.output
    assert game.read_bytes() == before
    result = run(game, "move", "2", "1", "5", input="y\n")
    assert result.exit_code == 0, result.output
    assert status(game)["position"]["player"] == {"2": 1, "5": 2}
    ok(game, "undo")
    ok(game, "move", "2", "1", "5", "--yes")
    out = ok(game, "done").output
    assert "LOST" in out and status(game)["outcome"] == "lost"


def test_physical_uncertain_orders(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical")
    out = ok(game, "card", "6").output           # Uncertain Orders
    assert "`throne card --draws ID`" in out
    assert status(game)["step"] == "draws"
    refused(game, "card", "11", contains="--draws")
    refused(game, "card", "--draws", "6", contains="on the table")
    out = ok(game, "card", "--draws", "11,14,1").output   # two more uncertain, then rally
    assert out.count("Uncertain Orders again") == 2
    assert "rally at his castles" in out
    st = status(game)
    assert st["discard"] == [11, 14, 1] and st["step"] == "actions"


def test_physical_too_many_draws(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--physical")
    refused(game, "card", "6", "--draws", "1,2", contains="too many --draws")
    refused(game, "card", "7", "--draws", "1", contains="too many --draws")
    ok(game, "card", "6", "--draws", "1")
