"""Anything a user can type gets exit 0, or exit 2 with the save untouched."""

from __future__ import annotations

import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_assistant_helpers import legal_commands, ok, run

NUM = st.integers(-2, 30).map(str)
COMMAND = st.one_of(
    st.tuples(st.just("card")), st.tuples(st.just("card"), NUM),
    st.tuples(st.just("card"), NUM, st.just("--draws"), NUM),
    st.tuples(st.just("card"), st.just("--draws"), NUM),
    st.tuples(st.just("battle"), NUM),
    st.tuples(st.just("battle"), NUM, st.just("--king-card"), NUM),
    st.tuples(st.just("battle"), NUM, st.just("--withdraw-to"), NUM),
    st.tuples(st.just("withdraw"), NUM), st.tuples(st.just("move"), NUM, NUM, NUM),
    st.tuples(st.just("move"), NUM, NUM, NUM, st.just("--yes")),
    st.tuples(st.just("rally"), NUM), st.tuples(st.just("done")), st.tuples(st.just("undo"), NUM),
    st.tuples(st.just("fix"), NUM, st.just("--king"), NUM, st.just("--player"), NUM),
    st.tuples(st.just("legal"), st.integers(0, 1000).map(str)),
)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(physical=st.booleans(), seed=st.integers(0, 1000),
       commands=st.lists(COMMAND, min_size=1, max_size=12))
def test_any_command_is_accepted_or_cleanly_refused(tmp_path, physical, seed, commands):
    game = tmp_path / f"{uuid.uuid4().hex}.json"
    ok(game, "new", "--seed", str(seed), *(["--physical"] if physical else []))
    for command in commands:
        if command[0] == "legal":   # mix in legal play so later steps get reached
            legal = legal_commands(game)
            if not legal:
                continue
            command = tuple(legal[int(command[1]) % len(legal)])
        before = game.read_bytes()
        result = run(game, *command)
        assert result.exit_code in (0, 2), (command, result.output)
        assert "Traceback" not in result.output
        if result.exit_code == 2:
            assert game.read_bytes() == before, command
