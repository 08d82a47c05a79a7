"""The difficulty ladder measured: each level's deck played by one bot.

A level with k hard cards plays the seeds of `--hard k`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from throne_pnp.content.ladder import ladder_digest, measure_command
from throne_pnp.content.model import Content, Level
from throne_pnp.sim.decks import DeckRow, bot_budget, level_deck, play_decks


def ladder_report(content: Content, levels: list[Level], games: int, bot: str = "greedy",
                  seed: int = 1, jobs: int = 1, content_dir: str | None = None,
                  turn_cap: int = 200, progress: Callable[[int, int], None] | None = None,
                  command: str | None = None, budget: int | None = None) -> dict[str, Any]:
    """Play `games` games at each of `levels`; the report (identical for any `jobs`).
    `budget`: the search bot's rollouts per decision (None: its sweep default)."""
    decks = [level_deck(content, level.hard) for level in levels]
    played = play_decks(decks, games, bot=bot, seed=seed, jobs=jobs, content_dir=content_dir,
                        turn_cap=turn_cap, progress=progress, budget=budget)
    whole = DeckRow(-1)
    rows = []
    for level, (row, _) in zip(levels, played, strict=True):
        whole.absorb(row)
        rows.append({"hard": len(level.hard), "level": level.name,
                     "hard_cards": list(level.hard), **row.to_json()})
    report: dict[str, Any] = {
        "bot": bot, "seed": seed, "turn_cap": turn_cap,
        "budget": bot_budget(bot, budget),
        "command": command or measure_command(bot, games=games, seed=seed, budget=budget),
        "game": ladder_digest(content),
    }
    report.update(whole.to_json())
    report["rows"] = rows
    return report
