"""Golden playthroughs: whole games replayed command by command and diffed.

Each file in tests/golden/ is a list of `$ throne ...` commands, each followed
by one line of state after it (phase, step, turn, command points, pending
battles, cubes, card counts, outcome; the told hand where the player tells
it). The test runs the commands in a fresh folder and compares every state
line. After an intended rules change,
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
from test_assistant_helpers import legal_commands, sensible_pick, session

from throne_pnp.cli import cli

GOLDEN = Path(__file__).resolve().parent / "golden"
SCENARIOS = {
    "virtual-seed-31.txt": (["new", "--seed", "31", "--hard", "1"], 31),
    "physical-seed-4.txt": (["new", "--physical", "--seed", "4"], 4),
    # the player tells every new hand (`throne hand`): the lowest cards that can be in it
    "physical-told-seed-13.txt": (["new", "--physical", "--seed", "13"], 13),
}
TELLS = {"physical-told-seed-13.txt"}


def state_line(game: Path, hand: bool = False) -> str:
    result = CliRunner().invoke(cli, ["status", "--json", "--game", str(game)])
    st = json.loads(result.output)
    pos = st["position"]
    cubes = " ".join(f"K{t}:{n}" for t, n in pos["king"].items()) + " | " + \
        " ".join(f"P{t}:{n}" for t, n in pos["player"].items())
    return (f"# {st['phase']} {st['step']} turn={st['turn']} cp={st['command_points']} "
            f"battles={st['pending_battles']} deck={st['deck_count']} "
            f"discard={st['discard_count']} hand={st['hand_count']} [{cubes}] "
            f"outcome={st['outcome']}"
            + (f" hand={st['hand']}" if hand and "hand" in st else ""))


def untold_hand(game: Path) -> list[str] | None:
    """`hand IDS` telling the lowest cards that can be in a hand not yet told."""
    g = session(game).game
    if not g.hand_hidden or g.outcome is not None:
        return None
    ids = sorted(g.hand) + sorted(g.unseen)[:g.hand_hidden]
    return ["hand", ",".join(map(str, sorted(ids)))]


def generate(game: Path, new: list[str], seed: int, tell: bool,
             limit: int = 120) -> list[str]:
    runner = CliRunner()
    lines = []
    command = new
    rng = random.Random(seed)
    for _ in range(limit):
        result = runner.invoke(cli, [*command, "--game", str(game)])
        assert result.exit_code == 0, result.output
        lines += ["$ throne " + shlex.join(command), state_line(game, tell)]
        told = untold_hand(game) if tell else None
        if told:
            command = told
            continue
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
        path.write_text("\n".join(generate(tmp_path / "g.json", new, seed,
                                           name in TELLS)) + "\n")
    expected = path.read_text().splitlines()
    game = tmp_path / "replay.json"
    got = []
    for line in expected:
        if line.startswith("$ throne "):
            command = shlex.split(line[len("$ throne "):])
            result = CliRunner().invoke(cli, [*command, "--game", str(game)])
            assert result.exit_code == 0, (line, result.output)
            got += [line, state_line(game, name in TELLS)]
    assert got == expected
