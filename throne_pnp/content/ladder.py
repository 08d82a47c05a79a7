"""The difficulty ladder of an edition: named levels of hard cards, and how hard each is
(`ladder_digest` names the game a measurement belongs to, so stale figures are known)."""

from __future__ import annotations

import hashlib

from throne_pnp.content.fingerprint import game_fingerprint, game_parts
from throne_pnp.content.model import Content, Level
from throne_pnp.errors import ThroneError


def ladder_of(content: Content) -> list[Level]:
    """The edition's levels, easiest first (empty when it has no `ladder.yaml`)."""
    return list(content.ladder)


def level_names(content: Content) -> list[str]:
    """The levels' names, easiest first."""
    return [level.name for level in content.ladder]


def find_level(content: Content, name: str) -> Level:
    """The level called `name` (case-insensitive); ThroneError naming the levels otherwise."""
    for level in content.ladder:
        if level.name == name.strip().lower():
            return level
    if not content.ladder:
        raise ThroneError(f"--level {name}: this edition has no difficulty ladder "
                          "(content/ladder.yaml); use --hard N or --hard-cards IDS")
    raise ThroneError(f"--level {name}: no such level; levels: "
                      f"{', '.join(level_names(content))}")


def ladder_digest(content: Content, levels: tuple[Level, ...] | list[Level] | None = None
                  ) -> str:
    """A digest of the game the ladder's figures describe (game parts, levels' cards)."""
    levels = content.ladder if levels is None else levels
    rungs = ";".join(f"{lv.name}={','.join(map(str, lv.hard))}" for lv in levels)
    joined = f"{game_fingerprint(game_parts(content))}|{rungs}"
    return hashlib.sha256(joined.encode()).hexdigest()[:16]


def measure_command(bot: str, games: int | None = None, seed: int | None = None,
                    budget: int | None = None, content_dir: str | None = None,
                    turn_cap: int | None = None) -> str:
    """The command that measures the ladder for `bot` and writes it back."""
    options = (("--budget", budget), ("--games", games), ("--seed", seed),
               ("--turn-cap", turn_cap), ("--content", content_dir or None))
    words = [f"{option} {value}" for option, value in options if value is not None]
    return " ".join(["throne simulate --sweep --ladder", f"--bot {bot}", *words,
                     "--write-ladder"])
