#!/usr/bin/env python
"""Benchmark the search player: its speed, the time of a hint, its strength.

- rollouts per CPU-second from the opening (a whole game each), with the
  search's `fork` of the state, and as a naive search would copy it
  (`copy.deepcopy` of the game: the "before" figure);
- `throne hint` at its default budget: wall time of the command as a
  player runs it (a fresh process, both cores), in positions at three
  points of a game, against a bare `python -c pass` in the same run;
- strength (with --games N): win rates with 95 % Wilson intervals of
  greedy, planner and search (at its sweep budget, and at 4x it) on the
  same seeds, normal deck and all hard cards, each with its speed in games
  per CPU-minute; the paired difference search - greedy with its own
  interval.

Usage:
  python scripts/bench_search.py [--games 0] [--budget 12] [--hard 0,9]
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchenv import precompile, timed

from throne_pnp.content import load_content
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.search import ranking
from throne_pnp.search.dealer import Dealer
from throne_pnp.search.options import Option
from throne_pnp.sim.bots import make_bot
from throne_pnp.sim.simulate import game_seed, normal_ids, play_game, wilson

BOARD = board_for(load_content(None))


def opening() -> Game:
    g = Game(BOARD, normal_ids(BOARD))
    dealer = Dealer(5)
    while g.need().kind == "deal":
        g.apply(act.deal(dealer.deal(g)))
    return g


def rollout_rates(n: int = 150) -> dict[str, float]:
    """Rollouts per CPU-second from the opening, fork vs deepcopy."""
    g = opening()
    option = Option((act.card(sorted(g.hand)[0]),))
    for i in range(20):  # warm the policy's memo tables
        ranking.rollout(g, option, 1, i)
    start = time.process_time()
    for i in range(n):
        ranking.rollout(g, option, 1, i)
    fork_rate = n / (time.process_time() - start)
    original = ranking.determinise
    ranking.determinise = lambda root, rng, card=None: _deep(root)  # type: ignore[assignment]
    try:
        start = time.process_time()
        for i in range(n):
            ranking.rollout(g, option, 1, i)
        deep_rate = n / (time.process_time() - start)
    finally:
        ranking.determinise = original
    return {"fork": round(fork_rate, 1), "deepcopy": round(deep_rate, 1)}


def _deep(game: Game) -> Game:
    twin = copy.deepcopy(game)
    twin.physical = False
    return twin


def hint_times(rounds: int = 3) -> dict[str, object]:
    """Wall time of `throne hint` in fresh processes at three points of a game."""
    precompile()
    out: dict[str, list[float]] = {"python": [], "opening": [], "turn 3": [], "turn 6": []}
    with tempfile.TemporaryDirectory() as tmp:
        saves = {}
        for label, turns in (("opening", 0), ("turn 3", 3), ("turn 6", 6)):
            path = Path(tmp) / f"{turns}.json"
            _play_to(path, turns)
            saves[label] = path
        for _ in range(rounds):
            out["python"].append(timed([sys.executable, "-c", "pass"]))
            for label, path in saves.items():
                out[label].append(timed([sys.executable, "-m", "throne_pnp", "hint",
                                         "--game", str(path)]))
    return {k: round(statistics.median(v), 3) for k, v in out.items()}


def _play_to(path: Path, turns: int) -> None:
    """A virtual save at a decision `turns` turns in, played by greedy."""
    from throne_pnp.assistant import commands
    from throne_pnp.assistant.commands import new_game

    content = load_content(None)
    for seed in range(21, 80):
        session, _ = new_game(path, content, seed=seed, force=True)
        if _played(commands, session, turns):
            return
    raise SystemExit("no benchmark game lasted long enough")


def _played(commands, session, turns: int) -> bool:
    """Play greedy's choices until turn `turns`; False if the game ended first."""
    bot = make_bot("greedy")
    rng = random.Random(1)

    while session.game.turn <= turns and session.game.outcome is None:
        need = session.game.need()
        if need.kind == "deal":  # the King's phase card: the program draws it
            commands.play_card(session, None)
            continue
        for action in bot.decide(session.game, rng):
            _apply(commands, session, action)
            if session.game.outcome is not None:
                break
    return session.game.outcome is None


def _apply(commands, session, action):
    kind = action.kind
    if kind == "card":
        commands.play_card(session, action.args[0])
    elif kind == "battle":
        commands.play_battle(session, action.args[0])
    elif kind == "withdraw":
        commands.withdraw(session, action.args[0])
    elif kind == "move":
        commands.move(session, *action.args, confirmed=True)
    elif kind == "rally":
        commands.rally(session, action.args[0])
    else:
        commands.done(session)


def _one(task: tuple[str, int | None, int, int]) -> tuple[bool, float]:
    """One game of the strength table: (won, CPU seconds it took)."""
    bot_name, budget, hard, index = task
    bot = make_bot(bot_name, budget)
    started = time.process_time()
    won = play_game(BOARD, bot, game_seed(1, hard, index), hard).outcome == "won"
    return won, time.process_time() - started


def strength(games: int, budget: int, hards: list[int]) -> list[dict[str, object]]:
    """Win rates of each bot on the same seeds, with intervals."""
    rows = []
    bots = [("greedy", None), ("planner", None), ("search", budget), ("search", 4 * budget)]
    with multiprocessing.get_context("fork").Pool(2) as pool:
        for hard in hards:
            results = {}
            for name, b in bots:
                tasks = [(name, b, hard, i) for i in range(games)]
                played = pool.map(_one, tasks, chunksize=1)
                results[(name, b)] = [won for won, _ in played]
                won = sum(results[(name, b)])
                cpu = sum(seconds for _, seconds in played)
                lo, hi = wilson(won, games)
                rows.append({"hard": hard, "bot": name, "budget": b, "games": games,
                             "win_rate": won / games, "ci95": [round(lo, 3), round(hi, 3)],
                             "games per CPU-minute": round(60 * games / max(cpu, 1e-9), 1)})
                print(json.dumps(rows[-1]), flush=True)
            diffs = [a - b for a, b in zip(results[("search", budget)],
                                           results[("greedy", None)], strict=True)]
            mean = statistics.mean(diffs)
            half = 1.96 * statistics.pstdev(diffs) / math.sqrt(games)
            rows.append({"hard": hard, "paired search - greedy": round(mean, 3),
                         "ci95": [round(mean - half, 3), round(mean + half, 3)]})
            print(json.dumps(rows[-1]), flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--hard", default="0,9")
    parser.add_argument("--no-hint", action="store_true")
    args = parser.parse_args()
    from throne_pnp.search.bot import SWEEP_BUDGET

    print(json.dumps({"rollouts per CPU-second": rollout_rates()}), flush=True)
    if not args.no_hint:
        print(json.dumps({"hint seconds (median)": hint_times()}), flush=True)
    if args.games:
        strength(args.games, args.budget or SWEEP_BUDGET,
                 [int(h) for h in args.hard.split(",")])


if __name__ == "__main__":
    main()
