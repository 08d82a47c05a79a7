"""Shared helpers for the assistant tests: run `throne`, read the save, pick commands."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner, Result

from throne_pnp.assistant.session import Session
from throne_pnp.cli import cli
from throne_pnp.content import load_content


def run(game: Path, *args: str, input: str | None = None) -> Result:
    """Invoke `throne ARGS --game GAME` and return the click result."""
    runner = CliRunner()
    words = [str(a) for a in args]
    if words and words[0] in ("resolve",):
        return runner.invoke(cli, words, input=input)
    return runner.invoke(cli, [*words, "--game", str(game)], input=input,
                         catch_exceptions=False)


def ok(game: Path, *args: str, input: str | None = None) -> Result:
    result = run(game, *args, input=input)
    assert result.exit_code == 0, (args, result.output)
    return result


def refused(game: Path, *args: str, contains: str = "") -> Result:
    """Run a command that must be refused: exit 2, one line, save untouched."""
    before = game.read_bytes() if game.exists() else None
    result = run(game, *args)
    assert result.exit_code == 2, (args, result.output)
    message = result.output.strip()
    assert "Traceback" not in message
    assert len(message.splitlines()) == 1, message
    assert contains.lower() in message.lower(), (contains, message)
    after = game.read_bytes() if game.exists() else None
    assert before == after, "a refused command changed the save"
    return result


def status(game: Path) -> dict:
    return json.loads(ok(game, "status", "--json").output)


def session(game: Path) -> Session:
    return Session.open(game, load_content())


def legal_commands(game: Path) -> list[list[str]]:
    """Every CLI command that is legal now, derived from the engine's legal actions."""
    sess = session(game)
    g = sess.game
    need = g.need()
    if need.kind == "over":
        return []
    if need.kind == "deal":
        if need.purpose == "phase" and not sess.physical:
            return [["card"]]
        flag = {"phase": [], "uncertain": ["--draws"], "battle": ["--king-card"]}[need.purpose]
        base = ["card"] if need.purpose != "battle" else ["battle"]
        return [[*base, *flag, str(c)] for c in g.deal_candidates()]
    out = []
    for action in g.legal_actions():
        if action.kind == "move":
            out.append(["move", *map(str, action.args), "--yes"])
        else:
            out.append(action.text().split())
    return out


def greedy_pick(commands: list[list[str]], rng: random.Random) -> list[str]:
    """A simple player: prefers rallies and moves towards castles, then done."""
    rallies = [c for c in commands if c[0] == "rally"]
    if rallies:
        return rng.choice(rallies)
    moves = [c for c in commands if c[0] == "move"]
    if moves and rng.random() < 0.6:
        return rng.choice(moves)
    return rng.choice([c for c in commands if c[0] != "move"] or commands)


def sensible_pick(game: Path, commands: list[list[str]], rng: random.Random) -> list[str]:
    """Like `greedy_pick`, but never empties the home castle by a move."""
    sess = session(game)
    keep = [c for c in commands
            if c[0] != "move" or not sess.empties_home(*map(int, c[1:4]))]
    return greedy_pick(keep or commands, rng)
