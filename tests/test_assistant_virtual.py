"""A whole virtual game through the CLI, driven by legal commands, to its end."""

from __future__ import annotations

import random

from test_assistant_helpers import greedy_pick, legal_commands, ok, run, status


def test_new_shows_setup_hand_and_next(tmp_path):
    game = tmp_path / "g.json"
    out = ok(game, "new", "--seed", "3").output
    assert "New virtual game" in out and "seed 3" in out
    assert "New hand:" in out
    assert "`throne card ID`" in out.splitlines()[-1]
    st = status(game)
    assert st["phase"] == "player-card" and st["step"] == "card" and st["turn"] == 1
    assert st["outcome"] is None and st["mode"] == "virtual"
    assert len(st["hand"]) == 5 and st["hand_count"] == 5
    assert st["deck_count"] == 13 and st["discard_count"] == 0
    assert st["position"] == {"king": {"3": 2, "7": 2, "9": 2}, "player": {"1": 2}}
    assert st["command_points"] == 0 and st["pending_battles"] == []


def test_same_seed_same_game(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    ok(a, "new", "--seed", "11")
    ok(b, "new", "--seed", "11")
    assert status(a)["hand"] == status(b)["hand"]
    assert a.read_bytes() == b.read_bytes()


def play_out(game, seed: int, limit: int = 400) -> dict:
    rng = random.Random(seed)
    for _ in range(limit):
        commands = legal_commands(game)
        if not commands:
            break
        ok(game, *greedy_pick(commands, rng))
    return status(game)


def test_seeded_virtual_game_plays_to_the_end(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "5", "--hard", "1")
    final = play_out(game, 5)
    assert final["outcome"] in ("won", "lost")
    assert final["step"] == "over"
    assert final["turn"] >= 1
    # The game is over: play commands are refused, status and log still work.
    result = run(game, "done")
    assert result.exit_code == 2 and "over" in result.output
    log = ok(game, "log").output.splitlines()
    assert log[0].strip().startswith("0. setup")
    assert "game " + final["outcome"] in log[-1]


def test_virtual_play_is_reproducible(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for game in (a, b):
        ok(game, "new", "--seed", "21")
        play_out(game, 21, limit=40)
    assert a.read_bytes() == b.read_bytes()
