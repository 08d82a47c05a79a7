"""Benchmark: where more rollouts stop helping the sweep bot, level by level (its budget curve).

The search bot plays every level of the ladder at each budget of `--budgets` (rollouts a
decision) on the same deals: game i of a level has the seed the ladder's sweep gives it
(`throne simulate --sweep --ladder --seed S`), so budgets are compared game by game.
`--run FILE` appends one JSON line a game (resumable: games already in FILE are skipped),
index by index across levels and budgets, so a run cut short stays balanced. `--report FILE`
prints each level's (and all levels') win rate per budget (95 % interval), the paired gain
of each budget over the one before, and the plateau: the least budget whose paired gap to
the best budget measured has an interval containing 0. `--plot SVG` draws win rate against budget.

    nice -n 10 python scripts/ladder_plateau.py --run plateau.jsonl --seed 202 --games 200
    python scripts/ladder_plateau.py --report plateau.jsonl --plot docs/plateau.svg
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from throne_pnp.content import load_content
from throne_pnp.rules.board import board_for
from throne_pnp.sim.chart import FONT, OTHER, RateChart
from throne_pnp.sim.decks import level_deck, paired_interval
from throne_pnp.sim.simulate import game_seed, make_bot, play_game
from throne_pnp.stats import wilson


def run(path: str, seed: int, games: int, budgets: list[int]) -> None:
    """Play the games not yet in `path`, appending each as it ends."""
    content = load_content(None)
    board = board_for(content)
    done = {(r["level"], r["budget"], r["index"]) for r in load(path)}
    with open(path, "a") as out:
        for index in range(games):
            for level in content.ladder:
                deck = level_deck(content, level.hard)
                own = game_seed(seed, deck.seed_key, index)
                for budget in budgets:
                    if (level.name, budget, index) in done:
                        continue
                    start = time.process_time()
                    result = play_game(board, make_bot("search", budget), own, deck.seed_key,
                                       cards=deck.cards)
                    out.write(json.dumps({
                        "level": level.name, "budget": budget, "index": index, "seed": seed,
                        "won": result.outcome == "won", "turns": result.turns,
                        "cpu": round(time.process_time() - start, 3)}) + "\n")
                    out.flush()
            print(f"\r{index + 1}/{games} deals", end="", file=sys.stderr)
    print(file=sys.stderr)


def load(path: str) -> list[dict]:
    if not Path(path).exists():
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def table(records: list[dict]) -> dict[str, dict[int, list[dict]]]:
    """Per level (and "all" of them), per budget, its games in deal order."""
    out: dict[str, dict[int, list[dict]]] = {}
    for r in sorted(records, key=lambda r: r["index"]):
        out.setdefault(r["level"], {}).setdefault(r["budget"], []).append(r)
    budgets = set.intersection(*(set(by_budget) for by_budget in out.values()))
    out["all"] = {b: [r for by_budget in list(out.values()) for r in by_budget[b]]
                  for b in sorted(budgets)}
    return out


def paired(a: list[dict], b: list[dict]) -> tuple[float, float, float]:
    """Win rate of `a` minus `b` on the deals both played, with its paired 95 % interval."""
    deals = {(r["level"], r["index"]) for r in a} & {(r["level"], r["index"]) for r in b}
    won_a = [r["won"] for r in a if (r["level"], r["index"]) in deals]
    won_b = [r["won"] for r in b if (r["level"], r["index"]) in deals]
    return ((sum(won_a) - sum(won_b)) / len(deals), *paired_interval(won_a, won_b))


def plateau(by_budget: dict[int, list[dict]]) -> int:
    """The least budget whose paired gap to the best budget's win rate includes 0."""
    rate = {b: sum(r["won"] for r in rows) / len(rows) for b, rows in by_budget.items()}
    top = max(rate, key=lambda b: (rate[b], b))
    return min(b for b in rate if paired(by_budget[top], by_budget[b])[1] <= 0)


def report(records: list[dict]) -> dict[str, dict[int, list[dict]]]:
    """Print each level's win rate per budget, the paired gains and the plateaus."""
    levels = table(records)
    print("| level | budget | deals | won (95 % interval) | gain on the budget before, "
          "same deals (paired 95 %) | CPU-s a game |")
    print("|---|---:|---:|---|---|---:|")
    for level, by_budget in levels.items():
        before = None
        for budget in sorted(by_budget):
            rows = by_budget[budget]
            wins = sum(r["won"] for r in rows)
            lo, hi = wilson(wins, len(rows))
            gain = "—"
            if before is not None:
                d, dlo, dhi = paired(rows, before)
                gain = f"{d * 100:+.1f} ({dlo * 100:+.1f} to {dhi * 100:+.1f})"
            cpu = sum(r["cpu"] for r in rows) / len(rows)
            print(f"| `{level}` | {budget} | {len(rows)} | {wins / len(rows):.1%} "
                  f"({lo:.1%}-{hi:.1%}) | {gain} | {cpu:.2f} |")
            before = rows
    print("\nThe plateau (the least budget within its paired interval of the best): " +
          ", ".join(f"{level} {plateau(by_budget)}" for level, by_budget in levels.items()))
    return levels


def plot(levels: dict[str, dict[int, list[dict]]], path: str) -> None:
    """Win rate against budget (doubling steps evenly spaced), a curve per level."""
    budgets = sorted({b for by_budget in levels.values() for b in by_budget})
    deals = sorted({len(rows) for level, by_budget in levels.items() if level != "all"
                    for rows in by_budget.values()})
    span = str(deals[0]) if len(deals) == 1 else f"{deals[0]}-{deals[-1]}"
    chart = RateChart(path, (640, 440), (70, 180, 40, 60), [0, len(budgets) - 1],
                      f"Win rate against search budget ({span} deals a level and budget)")
    for k, budget in enumerate(budgets):
        chart.text(str(budget), (chart.x(k), chart.bottom_y + 18))
    chart.frame("rollouts a decision (the search bot's budget)", chart.height - 18)
    colours = ("#1f4e9c", "#2e7d32", "#7a3420", *OTHER)
    labels = []
    for n, (level, by_budget) in enumerate((k, v) for k, v in levels.items() if k != "all"):
        colour = colours[n % len(colours)]
        points = []
        for budget, rows in sorted(by_budget.items()):
            wins = sum(r["won"] for r in rows)
            offset = (n - 2) * 4    # the levels' bars side by side
            points.append((chart.x(budgets.index(budget)) + offset, wins / len(rows),
                           *wilson(wins, len(rows))))
        chart.rates(points, colour, 3)
        labels.append((chart.y(points[-1][1]) + 4, f"{level} (plateau {plateau(by_budget)})",
                       colour))
    low = 0.0
    for y, words, colour in sorted(labels):    # top down, at least a line apart
        low = max(y, low + 15)
        chart.dwg.add(chart.dwg.text(words, insert=(chart.x(len(budgets) - 1) + 24, low),
                                     fill=colour, **FONT))
    chart.save()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run")
    parser.add_argument("--report")
    parser.add_argument("--plot", help="with --report: win rate against budget as an SVG")
    parser.add_argument("--seed", type=int, default=202)
    parser.add_argument("--games", type=int, default=200, help="deals a level")
    parser.add_argument("--budgets", default="12,48,192,768")
    args = parser.parse_args()
    if args.run:
        run(args.run, args.seed, args.games, [int(b) for b in args.budgets.split(",")])
    if args.report:
        levels = report(load(args.report))
        if args.plot:
            plot(levels, args.plot)


if __name__ == "__main__":
    main()
