"""Undo is exact: to the very start, and undo-then-redo gives the same state."""

from __future__ import annotations

import random
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_assistant_helpers import legal_commands, ok, refused, session, status


def snapshot(game) -> dict:
    return session(game).game.snapshot()


def play(game, picks: list[int]) -> list[list[str]]:
    """Give one legal command per pick (index into the legal commands)."""
    given_commands = []
    for pick in picks:
        commands = legal_commands(game)
        if not commands:
            break
        command = commands[pick % len(commands)]
        ok(game, *command)
        given_commands.append(command)
    return given_commands


def test_undo_to_the_very_start(tmp_path):
    for mode in ([], ["--physical"]):
        game = tmp_path / f"g{len(mode)}.json"
        ok(game, "new", "--seed", "12", *mode)
        start_bytes, start_state = game.read_bytes(), snapshot(game)
        start_status = status(game)
        done = play(game, [random.Random(i).randrange(1000) for i in range(25)])
        n = len(done)
        assert n >= 5
        refused(game, "undo", str(n + 1), contains=f"only {n}")
        ok(game, "undo", str(n))
        assert game.read_bytes() == start_bytes
        assert snapshot(game) == start_state
        assert status(game) == start_status
        refused(game, "undo", contains="nothing to undo")


def test_undo_takes_back_the_cards_revealed(tmp_path):
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "0")
    hand = status(game)["hand"]
    ok(game, "card", str(hand[0]))
    while status(game)["step"] != "card" or status(game)["phase"] != "king-card":
        play(game, [0])
        assert status(game)["outcome"] is None
    deck = status(game)["deck_count"]
    ok(game, "card")                      # the King's card is drawn
    first = status(game)
    assert first["deck_count"] < deck
    ok(game, "undo")
    assert status(game)["deck_count"] == deck and status(game)["phase_card"] is None
    ok(game, "card")                      # the same card comes up again
    assert status(game) == first


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), physical=st.booleans(),
       picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=10),
       back=st.integers(1, 10))
@pytest.mark.slow
def test_undo_then_redo_gives_the_same_state(tmp_path, seed, physical, picks, back):
    game = tmp_path / f"{uuid.uuid4().hex}.json"
    ok(game, "new", "--seed", str(seed), *(["--physical"] if physical else []))
    commands = play(game, picks)
    if not commands:
        return
    back = min(back, len(commands))
    end_bytes, end_state = game.read_bytes(), snapshot(game)
    ok(game, "undo", str(back))
    for command in commands[len(commands) - back:]:
        ok(game, *command)
    assert snapshot(game) == end_state
    assert game.read_bytes() == end_bytes
