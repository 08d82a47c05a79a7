"""Playing many games on a deck: k hard cards drawn per game (`run`, `throne simulate
--hard k`), a ladder level, or a deck with one card changed.

A ladder level with k hard cards plays the seeds of `--hard k` (`ladder_report`). The
designer's per-card report (`card_report`): how often the bot chose each card, and the
win-rate change when it is removed or made plain, with 95% intervals paired game by game
(a changed deck plays the seeds of its origin).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from throne_pnp.content.ladder import ladder_digest, measure_command
from throne_pnp.content.model import Card, Content, Level
from throne_pnp.errors import ThroneError
from throne_pnp.players.bots import Bot
from throne_pnp.rules.actions import Action
from throne_pnp.rules.board import Board, board_for
from throne_pnp.rules.game import Game
from throne_pnp.sim.simulate import (
    TURN_CAP,
    GameResult,
    Row,
    chunk_size,
    execute,
    game_seed,
    hard_ids,
    make_bot,
    play_game,
    wilson,
)

DECISIONS = ("card", "battle")   # the decisions where the bot picks a card of its hand


@dataclass(frozen=True)
class Deck:
    """A deck to play: `cards` (ids; None: the normal cards and `seed_key` hard cards
    drawn per game), its seed key (the count of hard cards), and an optional swap."""

    cards: tuple[int, ...] | None
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
    results = [play_game(board, bot, game_seed(run_seed, deck.seed_key, i), deck.seed_key,
                         turn_cap, cards=deck.cards)
               for i in range(start, stop)]
    return results, counts


def play_decks(decks: list[Deck], games: int, bot: str = "greedy", seed: int = 1,
               jobs: int = 1, content_dir: str | None = None, turn_cap: int = 200,
               tally: bool = False, progress: Callable[[int, int], None] | None = None,
               budget: int | None = None) -> list[tuple[DeckRow, Tally | None]]:
    """Play `games` games of each deck: per deck its totals (and tally), for any `jobs`."""
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


def run(games: int, hards: list[int], bot: str = "greedy", seed: int = 1, jobs: int = 1,
        content_dir: Path | str | None = None, turn_cap: int = TURN_CAP,
        progress: Callable[[int, int], None] | None = None,
        budget: int | None = None) -> dict[str, Any]:
    """Play `games` games for each hard-card count in `hards`: the report, for any `jobs`."""
    make_bot(bot, budget)  # fail early on an unknown name
    cdir = str(content_dir) if content_dir is not None else None
    top = len(hard_ids(_board(cdir, None)))
    for h in hards:
        if h > top:
            raise ThroneError(f"--hard {h}: this edition has only {top} hard cards")
    played = play_decks([Deck(None, h) for h in hards], games, bot=bot, seed=seed, jobs=jobs,
                        content_dir=cdir, turn_cap=turn_cap, progress=progress, budget=budget)
    rows = [row for row, _ in played]
    report: dict[str, Any] = {"bot": bot, "seed": seed, "turn_cap": turn_cap}
    if bot_budget(bot, budget) is not None:
        report["budget"] = bot_budget(bot, budget)
    if len(hards) == 1:
        report.update(Row.to_json(rows[0]))
    else:
        whole = Row(-1)
        for row in rows:
            whole.absorb(row)
        summary = whole.to_json()
        del summary["hard"]
        report.update(summary)
        report["rows"] = [Row.to_json(row) for row in rows]
    return report


def bot_budget(bot: str, budget: int | None) -> int | None:
    """The budget a bot plays with, for reports (None: a bot without one)."""
    return getattr(make_bot(bot, budget), "budget", None)


def ladder_report(content: Content, levels: list[Level], games: int, bot: str = "greedy",
                  seed: int = 1, jobs: int = 1, content_dir: str | None = None,
                  turn_cap: int = 200, progress: Callable[[int, int], None] | None = None,
                  command: str | None = None, budget: int | None = None) -> dict[str, Any]:
    """Play `games` games at each of `levels`: the report (identical for any `jobs`)."""
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


def paired_interval(won_a: list[bool], won_b: list[bool]) -> tuple[float, float]:
    """A 95% interval for p_a - p_b from games played in pairs (Newcombe's method 10)."""
    n = len(won_a)
    if n != len(won_b) or not n:
        raise ValueError("paired_interval needs two equally long, non-empty lists")
    both = sum(1 for a, b in zip(won_a, won_b, strict=True) if a and b)
    only_a = sum(won_a) - both
    only_b = sum(won_b) - both
    neither = n - both - only_a - only_b
    pa, pb = (both + only_a) / n, (both + only_b) / n
    la, ua = wilson(both + only_a, n)
    lb, ub = wilson(both + only_b, n)
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    agree = both * neither - only_a * only_b
    # The correlation of the pairs, a positive one continuity-corrected (method 10).
    agree = agree - n / 2 if agree > n / 2 else min(agree, 0)
    phi = agree / math.sqrt(margins) if margins else 0.0
    d = pa - pb
    down = (pa - la) ** 2 - 2 * phi * (pa - la) * (ub - pb) + (ub - pb) ** 2
    up = (ua - pa) ** 2 - 2 * phi * (ua - pa) * (pb - lb) + (pb - lb) ** 2
    return d - math.sqrt(max(down, 0.0)), d + math.sqrt(max(up, 0.0))


def removable(content: Content, cards: tuple[int, ...], card_id: int) -> str | None:
    """None when `card_id` can leave the deck; else why not, in words."""
    card = content.card(card_id)
    if card.hard:
        return None
    rest = [content.card(c) for c in cards if c != card_id and not content.card(c).hard]
    need = content.map.hand_size + 3
    if len(rest) < need:
        return f"a game needs {need} normal cards"
    if all(c.uncertain for c in rest):
        return "it is the last normal card without Uncertain Orders"
    return None


def card_report(content: Content, hard: tuple[int, ...], games: int, bot: str = "greedy",
                seed: int = 1, jobs: int = 1, content_dir: str | None = None,
                turn_cap: int = 200, level: str | None = None,
                progress: Callable[[int, int], None] | None = None,
                budget: int | None = None) -> dict[str, Any]:
    """The per-card report for the deck of the normal cards plus `hard`."""
    base = level_deck(content, hard)
    decks = [base]
    why_not: dict[int, str] = {}
    for card_id in base.cards:
        reason = removable(content, base.cards, card_id)
        if reason is None:
            decks.append(Deck(tuple(c for c in base.cards if c != card_id), base.seed_key))
        else:
            why_not[card_id] = reason
    decks += [Deck(base.cards, base.seed_key, swapped=card_id) for card_id in base.cards]
    played = play_decks(decks, games, bot=bot, seed=seed, jobs=jobs, content_dir=content_dir,
                        turn_cap=turn_cap, tally=True, progress=progress, budget=budget)
    (head, tally), rest = played[0], played[1:]
    removed = {c: row for c, (row, _) in zip(
        [c for c in base.cards if c not in why_not], rest, strict=False)}
    swapped = {c: row for c, (row, _) in zip(base.cards, rest[len(removed):], strict=True)}

    def change(row: Any) -> dict[str, Any]:
        lo, hi = paired_interval(row.won, head.won)
        data = row.to_json()
        return {"win_rate": data["win_rate"], "ci95": data["ci95"],
                "change": round(row.wins / row.games - head.wins / head.games, 6),
                "change_ci95": [round(lo, 6), round(hi, 6)]}

    cards = []
    for card_id in base.cards:
        card = content.card(card_id)
        entry: dict[str, Any] = {"id": card_id, "name": card.name, "hard": card.hard}
        entry.update(_picks(tally, card_id))  # type: ignore[arg-type]  # (played with a tally)
        entry["removed"] = (change(removed[card_id]) if card_id in removed
                            else {"skipped": why_not[card_id]})
        entry["swapped"] = change(swapped[card_id])
        cards.append(entry)
    sample = plain_card(content, content.card(base.cards[0]))
    return {
        "bot": bot, "budget": bot_budget(bot, budget), "seed": seed, "turn_cap": turn_cap,
        "games": games, "level": level, "hard_cards": list(hard),
        "base": head.to_json(),
        "plain_card": {"bugles": sample.bugles, "swords": sample.swords,
                       "shields": sample.shields, "king": list(sample.king),
                       "flags": sample.flags},
        "cards": cards,
    }


def _picks(tally: Tally, card_id: int) -> dict[str, Any]:
    out = {}
    for kind in DECISIONS:
        held, picked = tally.held[kind, card_id], tally.picked[kind, card_id]
        name = "phase" if kind == "card" else "battle"
        out[name] = {"held": held, "picked": picked,
                     "rate": round(picked / held, 6) if held else None}
    return out
