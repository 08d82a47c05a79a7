"""Every screen of the table page, as (name, save bytes, path), for the browser tests.

Each screen is a save made by the CLI's own commands (so it is a real state of
a real game) and the address that shows it. `install(game, data)` swaps a save
in atomically, so one running server shows one screen after another.
"""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from throne_pnp.cli import cli

VIRTUAL = ("new --seed 3", "card 7", "battle 18", "done")
PHYSICAL = ("new --physical", "card 16", "done", "card 3", "move 1 1 2 --yes",
            "move 1 2 7 --yes", "done", "battle 7", "battle --king-card 10")
PHYSICAL_DEALS = ("new --physical --seed 4", "card 8", "move 1 1 5 --yes", "rally 1",
                  "move 1 1 2 --yes", "done", "card 14", "card --draws 11",
                  "card --draws 16")


def _save_after(folder: Path, name: str, commands: tuple[str, ...]) -> list[bytes]:
    """The save's bytes after each of `commands`, given to `throne` in turn."""
    game = folder / f"{name}.json"
    out = []
    for command in commands:
        result = CliRunner().invoke(cli, [*command.split(), "--game", str(game)])
        assert result.exit_code == 0, (command, result.output)
        out.append(game.read_bytes())
    return out


def play_by_policy(path: Path, seed: int, limit: int = 200):
    """A new game at `path` played to its end through `assistant.commands` by the
    e2e tests' simple policy (the lowest card, the best battle card by its odds,
    the first withdrawal, a rally when one is legal, else done): the session at
    the end. Raises AssertionError when `limit` decisions do not end it."""
    from test_web_helpers import content

    from throne_pnp.assistant import commands
    from throne_pnp.assistant.session import Session
    from throne_pnp.sim.odds import next_battle_odds

    commands.new_game(path, content(), seed=seed)
    for _ in range(limit):
        session = Session.open(path, content())
        game = session.game
        need = game.need()
        if need.kind == "over":
            return session
        if need.kind == "card":
            commands.play_card(session, sorted(game.hand)[0])
        elif need.kind == "deal":
            commands.play_card(session, None)
        elif need.kind == "battle":
            rows = next_battle_odds(game)["cards"]
            commands.play_battle(session, max(rows, key=lambda r: (r["win"], -r["card"]))["card"])
        elif need.kind == "withdraw":
            commands.withdraw(session, need.options[0])
        elif game.legal_rallies():
            commands.rally(session, game.legal_rallies()[0].args[0])
        else:
            commands.done(session)
    raise AssertionError("the policy did not finish the game")


def _played_to_the_end(folder: Path) -> bytes:
    """Seed 16 played to its end by the e2e test's policy (`play_by_policy`)."""
    path = folder / "over.json"
    play_by_policy(path, 16)
    return path.read_bytes()


def screens(folder: Path) -> list[tuple[str, bytes | None, str]]:
    """(name, save bytes or None for no save, path) for every screen of the page."""
    v = _save_after(folder, "virtual", VIRTUAL)
    p = _save_after(folder, "physical", PHYSICAL)
    d = _save_after(folder, "deals", PHYSICAL_DEALS)
    return [
        ("no game", None, "/"),
        ("your card", v[0], "/"),
        ("a battle", v[1], "/"),
        ("player actions", v[2], "/"),
        ("move from", v[2], "/?from=1#now"),
        ("move to", v[2], "/?from=1&to=2#now"),
        ("the King's card", v[3], "/"),
        ("new game", v[3], "/new"),
        ("fix", v[2], "/fix"),
        ("fix a territory", v[2], "/fix?at=7"),
        ("log", v[3], "/log"),
        ("the card pad", p[0], "/"),
        ("the King's card pad", p[2], "/"),
        ("a physical battle", p[6], "/"),
        ("the King's battle card", p[7], "/"),
        ("withdraw", p[8], "/"),
        ("uncertain orders", d[6], "/"),
        ("a battle with the pad", d[8], "/"),
        ("fix the cards", p[2], "/fix"),
        ("tell the hand", p[2], "/hand"),
        ("game over", _played_to_the_end(folder), "/"),
    ]


def install(game: Path, data: bytes | None) -> None:
    """Put `data` in as the save (a new file, so the server sees the change at once)."""
    if data is None:
        game.unlink(missing_ok=True)
        return
    tmp = game.with_name(game.name + ".new")
    tmp.write_bytes(data)
    os.replace(tmp, game)
