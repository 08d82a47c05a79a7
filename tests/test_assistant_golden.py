"""Golden playthroughs: whole games replayed command by command and diffed.

Each file in tests/golden/ is a list of `$ throne ...` commands, each followed
by one line of state after it (phase, step, turn, command points, pending
battles, cubes, card counts, outcome). The test runs the commands in a fresh
folder and compares every state line. After an intended rules change,
regenerate with `THRONE_REGEN_GOLDEN=1 python -m pytest tests/test_assistant_golden.py`.
"""

from __future__ import annotations

import json
import os
import random
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_assistant_helpers import legal_commands, sensible_pick

from throne_pnp.cli import cli

GOLDEN = Path(__file__).resolve().parent / "golden"
SCENARIOS = {
    "virtual-seed-31.txt": (["new", "--seed", "31", "--hard", "1"], 31),
    "physical-seed-4.txt": (["new", "--physical", "--seed", "4"], 4),
}


def state_line(game: Path) -> str:
    result = CliRunner().invoke(cli, ["status", "--json", "--game", str(game)])
    st = json.loads(result.output)
    pos = st["position"]
    cubes = " ".join(f"K{t}:{n}" for t, n in pos["king"].items()) + " | " + \
        " ".join(f"P{t}:{n}" for t, n in pos["player"].items())
    return (f"# {st['phase']} {st['step']} turn={st['turn']} cp={st['command_points']} "
            f"battles={st['pending_battles']} deck={st['deck_count']} "
            f"discard={st['discard_count']} hand={st['hand_count']} [{cubes}] "
            f"outcome={st['outcome']}")


def generate(game: Path, new: list[str], seed: int, limit: int = 120) -> list[str]:
    runner = CliRunner()
    lines = []
    command = new
    rng = random.Random(seed)
    for _ in range(limit):
        result = runner.invoke(cli, [*command, "--game", str(game)])
        assert result.exit_code == 0, result.output
        lines += ["$ throne " + shlex.join(command), state_line(game)]
        commands = legal_commands(game)
        if not commands:
            break
        command = sensible_pick(game, commands, rng)
    return lines


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_playthrough(tmp_path, name):
    path = GOLDEN / name
    new, seed = SCENARIOS[name]
    if os.environ.get("THRONE_REGEN_GOLDEN"):
        path.write_text("\n".join(generate(tmp_path / "g.json", new, seed)) + "\n")
    expected = path.read_text().splitlines()
    game = tmp_path / "replay.json"
    got = []
    for line in expected:
        if line.startswith("$ throne "):
            command = shlex.split(line[len("$ throne "):])
            result = CliRunner().invoke(cli, [*command, "--game", str(game)])
            assert result.exit_code == 0, (line, result.output)
            got += [line, state_line(game)]
    assert got == expected
