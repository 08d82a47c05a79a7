"""One game played headless, the bots by name, and the totals of how games end.

Seeds come from the run seed, hard-card count and game index: identical for any `jobs`.
"""

from __future__ import annotations

import hashlib
import math
import os
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from throne_pnp.errors import ThroneError
from throne_pnp.players.bots import Bot, GreedyBot, RandomBot
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import Board
from throne_pnp.rules.game import Game
from throne_pnp.search.dealer import Dealer
from throne_pnp.stats import wilson

TURN_CAP = 200
CAUSES = ("home-taken", "home-abandoned")
BOTS = ("greedy", "random", "planner", "search", "expert")   # the player's seat, by name


def make_bot(name: str, budget: int | None = None) -> Bot:
    """A bot by name (`budget`: the search bot's rollouts per decision, else its sweep
    default; the expert's per hint, else the hint's); ThroneError lists the names."""
    if name == "greedy":
        return GreedyBot()
    if name == "random":
        return RandomBot()
    if name == "planner":
        from throne_pnp.search.bot import PlannerBot

        return PlannerBot()
    if name == "search":
        from throne_pnp.search.bot import SearchBot

        return SearchBot(budget)
    if name == "expert":
        from throne_pnp.search.bot import HintFollower

        return HintFollower(budget)
    raise ThroneError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")


@dataclass(frozen=True)
class GameResult:
    """How one game ended: `won`, `lost` or `capped`, after `turns` turns."""

    outcome: str
    turns: int
    cause: str | None = None


def game_seed(run_seed: int, hard: int, index: int) -> int:
    """A game's own seed: stable across processes, Python versions and --jobs."""
    digest = hashlib.sha256(f"throne-sim/{run_seed}/{hard}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def hard_ids(board: Board) -> list[int]:
    return sorted(c.id for c in board.cards.values() if c.hard)


def normal_ids(board: Board) -> list[int]:
    return sorted(c.id for c in board.cards.values() if not c.hard)


def next_actions(game: Game, bot: Bot, rng: random.Random,
                 dealer: Dealer | None = None) -> list[act.Action]:
    """What happens next: a card off the deck (from `dealer`, else `rng`), or the bot's."""
    if game.need().kind == "deal":
        card = dealer.deal(game) if dealer else rng.choice(game.deal_candidates())
        return [act.deal(card)]
    return bot.decide(game, rng)


def play_game(board: Board, bot: Bot, seed: int, hard: int,
              turn_cap: int = TURN_CAP,
              on_step: Callable[[Game], None] | None = None,
              cards: Sequence[int] | None = None) -> GameResult:
    """Play one game to its end (or the turn cap) with `bot` as the player;
    `cards`: the whole deck, else the normal cards and `hard` hard cards."""
    rng = random.Random(seed)
    if cards is None:
        chosen = rng.sample(hard_ids(board), hard) if hard else []
        cards = normal_ids(board) + sorted(chosen)
    game = Game(board, cards)
    dealer = Dealer(f"sim:{seed}")
    home = board.home
    cause = None
    if on_step:
        on_step(game)
    while game.outcome is None:
        if game.turn > turn_cap:
            return GameResult("capped", turn_cap)
        for action in next_actions(game, bot, rng, dealer):
            before = game.position.player[home]
            game.apply(action)
            if on_step:
                on_step(game)
            if before and not game.position.player[home]:
                cause = "home-abandoned" if action.kind == "move" else "home-taken"
            if game.outcome is not None:
                break
    if game.outcome == "won":
        return GameResult("won", game.turn)
    return GameResult("lost", game.turn, cause or "home-taken")


EARLY_TURNS = 2   # a loss by the end of this turn counts as early (`lost_by_turn_2`)


@dataclass
class Row:
    """Totals for one hard-card count; `early` counts the games lost by the end
    of turn 2, which the opening deal rather than the player's play decided."""

    hard: int
    games: int = 0
    wins: int = 0
    capped: int = 0
    turns: int = 0
    early: int = 0
    losses: Counter = field(default_factory=Counter)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.turns += result.turns
        if result.outcome == "won":
            self.wins += 1
        elif result.outcome == "capped":
            self.capped += 1
        else:
            self.losses[result.cause] += 1
            if result.turns <= EARLY_TURNS:
                self.early += 1

    def absorb(self, other: Row) -> None:
        """Add another row's totals to this one (a report's all-games summary)."""
        self.games += other.games
        self.wins += other.wins
        self.capped += other.capped
        self.turns += other.turns
        self.early += other.early
        self.losses.update(other.losses)

    def to_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        return {
            "hard": self.hard,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 6) if self.games else 0.0,
            "ci95": [round(lo, 6), round(hi, 6)],
            "mean_turns": round(self.turns / self.games, 4) if self.games else 0.0,
            "losses": {c: self.losses.get(c, 0) for c in CAUSES},
            "capped": self.capped,
            "lost_by_turn_2": self.early,
        }


def chunk_size(games: int, jobs: int) -> int:
    """Games per task: about eight tasks a process, at most 100 games each."""
    return max(1, min(100, math.ceil(games / (jobs * 8))))


def execute(work: Callable[[Any], Any], tasks: list[tuple], jobs: int) -> Iterator[Any]:
    """`work(task)` for each task, in order: here, or in worker processes."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(work, tasks)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    # never more processes than chunks, nor far more than the cores (a typo of --jobs)
    processes = min(jobs, len(tasks), 4 * (os.cpu_count() or 1))
    with ctx.Pool(processes=processes) as pool:
        yield from pool.imap(work, tasks)


def progress_bar() -> Callable[[int, int], None] | None:
    """A one-line progress bar on stderr, or None when it is not a terminal."""
    stream = sys.stderr
    if not stream.isatty():
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = int(width * done / total) if total else width
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show
