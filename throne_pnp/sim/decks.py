"""Playing many games on a fixed deck: a ladder level, or a deck with one card changed.

A deck with one card removed plays the seeds of its origin (paired games); a ladder level
with k hard cards plays the seeds of `--hard k` (`ladder_report`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from throne_pnp.content.ladder import ladder_digest, measure_command
from throne_pnp.content.model import Card, Content, Level
from throne_pnp.players.bots import Bot
from throne_pnp.rules.actions import Action
from throne_pnp.rules.board import Board, board_for
from throne_pnp.rules.game import Game
from throne_pnp.sim.simulate import (
    GameResult,
    Row,
    chunk_size,
    execute,
    game_seed,
    make_bot,
    normal_ids,
    play_game,
)

DECISIONS = ("card", "battle")   # the decisions where the bot picks a card of its hand


@dataclass(frozen=True)
class Deck:
    """A fixed deck to play: `cards` (ids), its seed key, and an optional swap."""

    cards: tuple[int, ...]
    seed_key: int
    swapped: int | None = None     # this card plays as the edition's plain card


@dataclass
class Tally:
    """Per card and decision kind: how often the bot held it, and how often it chose it."""

    held: Counter = field(default_factory=Counter)      # (kind, card) -> decisions
    picked: Counter = field(default_factory=Counter)    # (kind, card) -> choices

    def update(self, other: Tally) -> None:
        self.held.update(other.held)
        self.picked.update(other.picked)


class _Counting(Bot):
    """Wraps a bot and counts the cards it holds and picks at card and battle decisions."""

    def __init__(self, inner: Bot, tally: Tally) -> None:
        self.inner, self.tally = inner, tally
        self.name = inner.name

    def decide(self, game: Game, rng: random.Random) -> list[Action]:
        kind = game.need().kind
        actions = self.inner.decide(game, rng)
        if kind in DECISIONS:
            for card in game.known_hand() or ():
                self.tally.held[kind, card] += 1
            for action in actions:
                if action.kind == kind:
                    self.tally.picked[kind, action.args[0]] += 1
        return actions


def plain_card(content: Content, card: Card) -> Card:
    """The edition's plain card in place of `card`: the normal cards' average.

    Average symbols (rounded), median flags and most common single King action."""
    normal = content.normal_cards
    n = len(normal)

    def avg(values: list[int]) -> int:
        return int(math.floor(sum(values) / n + 0.5))

    flags = sorted(c.flags for c in normal)
    singles = Counter(c.king[0] for c in normal if len(c.king) == 1 and not c.uncertain)
    action = max(singles, key=lambda a: (singles[a], a == "rally")) if singles else "rally"
    return replace(card, bugles=avg([c.bugles for c in normal]),
                   swords=avg([c.swords for c in normal]),
                   shields=avg([c.shields for c in normal]),
                   king=(action,), flags=flags[(n - 1) // 2], name="plain card")


def level_deck(content: Content, hard: tuple[int, ...]) -> Deck:
    """The deck of a ladder level: every normal card and the level's hard cards."""
    normal = sorted(c.id for c in content.normal_cards)
    return Deck(tuple(normal + sorted(hard)), len(hard))


@cache
def _board(content_dir: str | None, swapped: int | None) -> Board:
    from throne_pnp.content import load_content

    content = load_content(content_dir)
    if swapped is not None:
        plain = plain_card(content, content.card(swapped))
        content = replace(content, cards=tuple(plain if c.id == swapped else c
                                            for c in content.cards))
    return board_for(content)


def _chunk(task: tuple) -> tuple[list[GameResult], Tally | None]:
    """Play games [start, stop) of one deck (runs in a worker process)."""
    content_dir, bot_name, budget, run_seed, deck, start, stop, turn_cap, tally = task
    board = _board(content_dir, deck.swapped)
    counts = Tally() if tally else None
    bot = make_bot(bot_name, budget)
    if counts is not None:
        bot = _Counting(bot, counts)
    hard = len(deck.cards) - len(normal_ids(board))
    results = [play_game(board, bot, game_seed(run_seed, deck.seed_key, i), hard,
                         turn_cap, cards=deck.cards)
               for i in range(start, stop)]
    return results, counts


def play_decks(decks: list[Deck], games: int, bot: str = "greedy", seed: int = 1,
               jobs: int = 1, content_dir: str | None = None, turn_cap: int = 200,
               tally: bool = False, progress: Callable[[int, int], None] | None = None,
               budget: int | None = None) -> list[tuple[DeckRow, Tally | None]]:
    """Play `games` games of each deck; per deck its totals (and tally), the
    same for any `jobs`. `budget`: the search bot's rollouts per decision."""
    make_bot(bot, budget)   # an unknown name fails here, before any worker starts
    size = chunk_size(games, jobs)
    tasks = [(content_dir, bot, budget, seed, deck, start, min(start + size, games), turn_cap,
              tally) for deck in decks for start in range(0, games, size)]
    rows = [DeckRow(deck.seed_key) for deck in decks]
    tallies = [Tally() if tally else None for _ in decks]
    per_deck = math.ceil(games / size)
    total, done = games * len(decks), 0
    for index, (results, counts) in enumerate(execute(_chunk, tasks, jobs)):
        which = index // per_deck
        for result in results:
            rows[which].add(result)
        if counts is not None:
            tallies[which].update(counts)   # type: ignore[union-attr]
        done += len(results)
        if progress:
            progress(done, total)
    return list(zip(rows, tallies, strict=True))


@dataclass
class DeckRow(Row):
    """A deck's totals and each game's outcome in seed order (`won`), to pair decks' games."""

    won: list[bool] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        super().add(result)
        self.won.append(result.outcome == "won")

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        del data["hard"]
        return data


def bot_budget(bot: str, budget: int | None) -> int | None:
    """The budget a bot plays with, for reports (None: a bot without one)."""
    return getattr(make_bot(bot, budget), "budget", None) if bot == "search" else None


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
