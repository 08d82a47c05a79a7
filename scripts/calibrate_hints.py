"""Benchmark: does a hint's win % come true? Its calibration, and the fit of its map.

Games at the five ladder levels (round robin) on the seeds of `--seed` (the simulator's game
seeds). At about one decision in five the hint is asked (`--budget` games, the hint's own
search) and its first choice played; the other decisions are the stand-in follower's (the
search bot at `--bot-budget`). Each asked decision is a record: the level, the turn, the
hint's raw win % of its first choice, the win % it shows (`search.calibration`), and whether
the game was won. `--collect FILE` appends records (JSON lines), and a line a game to FILE's
`.games.jsonl` (`--ask 1`: the hint plays every decision, a hint-follower; `--ask 0`: the
search bot alone, e.g. the expert at `--bot-budget 192`). `--versus A B` compares two runs'
players on the deals both played, level by level, paired. `--fit FILES` fits the map's
constants (`search.calibration.W`) and prints them with the fit's own table (`--cv K`: and
the table of a K-fold cross-fit, each game shown through a map fitted without it);
`--report FILES` buckets records (the win % shown against the share of games won, with its
95 % interval by games, and the mean absolute error) through the map just fitted, else the
package's: fit on one run seed, report another, and the report is held out.

    nice -n 10 python scripts/calibrate_hints.py --collect fit.jsonl --seed 101 --games 180 \\
        --budget 100
    python scripts/calibrate_hints.py --fit fit.jsonl --report test.jsonl   # held out
    python scripts/calibrate_hints.py --fit fit.jsonl test.jsonl --cv 5     # the map shipped
    python scripts/calibrate_hints.py --report new.jsonl --plot docs/calibration.svg
    python scripts/calibrate_hints.py --collect follow.jsonl --seed 505 --games 100 --ask 1
    python scripts/calibrate_hints.py --collect expert.jsonl --seed 505 --games 100 --ask 0 \\
        --bot-budget 192
    python scripts/calibrate_hints.py --versus follow.jsonl expert.games.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence

from throne_pnp.content import load_content
from throne_pnp.rules import actions as act
from throne_pnp.rules.board import board_for
from throne_pnp.rules.game import Game
from throne_pnp.search.bot import ADVICE_HORIZON, HINT_BUDGET, SearchBot
from throne_pnp.search.calibration import W, features, mapped, shown
from throne_pnp.search.dealer import Dealer
from throne_pnp.search.options import decision_of
from throne_pnp.search.ranking import rank
from throne_pnp.sim.chart import FONT, RateChart
from throne_pnp.sim.decks import paired_interval
from throne_pnp.sim.simulate import game_seed, normal_ids

ASK = 0.2  # the share of decisions the hint is asked at (--ask; 1: a hint-follower)


def play(task: tuple[int, int, int, int, float]) -> tuple[dict, list[dict]]:
    """One game (`index` of run `seed`): its outcome, and the records of the decisions the
    hint was asked at."""
    seed, index, budget, bot_budget, ask = task
    start = time.process_time()
    content = load_content(None)
    board = board_for(content)
    level = content.ladder[index % len(content.ladder)]
    own = game_seed(seed, len(level.hard), index)
    game = Game(board, normal_ids(board) + list(level.hard))
    rng, dealer, bot = random.Random(own), Dealer(f"sim:{own}"), SearchBot(bot_budget)
    records = []
    while game.outcome is None and game.turn <= 60:
        if game.need().kind == "deal":
            chosen = [act.deal(dealer.deal(game))]
        elif decision_of(game) and len(game.legal_actions()) > 1 and rng.random() < ask:
            best = rank(game, budget=budget, seed=1, horizon=ADVICE_HORIZON, exact=True).best
            records.append({"seed": own, "level": level.name, "turn": game.turn,
                            "decision": decision_of(game), "raw": round(best.win, 4),
                            "shown": round(shown(best.win, game), 4)})
            chosen = list(best.option.actions)
        else:
            chosen = bot.decide(game, rng)
        for action in chosen:
            game.apply(action)
            if game.outcome is not None:
                break
    for record in records:
        record["won"] = game.outcome == "won"
    return {"seed": own, "index": index, "level": level.name, "won": game.outcome == "won",
            "turns": game.turn, "cpu": round(time.process_time() - start, 1)}, records


def collect(path: str, seed: int, games: range, budget: int, bot_budget: int, ask: float,
            jobs: int) -> None:
    """Play `games` of run `seed`; append their records to `path`, a line a game to
    `path`'s .games.jsonl."""
    tasks = [(seed, i, budget, bot_budget, ask) for i in games]
    with (open(path, "a") as out, open(games_path(path), "a") as outcomes,
          multiprocessing.get_context("spawn").Pool(jobs) as pool):
        for n, (outcome, records) in enumerate(pool.imap_unordered(play, tasks), 1):
            out.writelines(json.dumps(r) + "\n" for r in records)
            outcomes.write(json.dumps(outcome) + "\n")
            out.flush()
            outcomes.flush()
            print(f"\r{n}/{len(games)} games", end="", file=sys.stderr)
    print(file=sys.stderr)


def games_path(path: str) -> str:
    """Where `collect` writes the games of the records file `path`."""
    return path.removesuffix(".jsonl") + ".games.jsonl"


def games_of(path: str) -> dict[int, tuple[str, bool]]:
    """Each game's (level, won) by its seed, from a games file or from a records file."""
    with open(path) as f:
        return {r["seed"]: (r["level"], r["won"]) for r in map(json.loads, f) if r}


def versus(path_a: str, path_b: str) -> None:
    """Per level, the win rates of the players of two runs on the deals both played, and
    their paired difference (95 %): does one play as well as the other?"""
    a, b = games_of(path_a), games_of(path_b)
    seeds = sorted(set(a) & set(b))
    if not seeds:
        raise SystemExit(f"{path_a} and {path_b} have no deal in common")
    print(f"| level | deals | {path_a} | {path_b} | difference (paired 95 %) |")
    print("|---|---:|---:|---:|---|")
    for level in [*dict.fromkeys(a[s][0] for s in seeds), None]:
        both = [s for s in seeds if level in (None, a[s][0])]
        won_a, won_b = [a[s][1] for s in both], [b[s][1] for s in both]
        low, high = paired_interval(won_a, won_b)
        pa, pb = sum(won_a) / len(both), sum(won_b) / len(both)
        print(f"| {level or 'all'} | {len(both)} | {pa:.1%} | {pb:.1%} | "
              f"{(pa - pb) * 100:+.1f} ({low * 100:+.1f} to {high * 100:+.1f}) |")


def load(paths: list[str]) -> list[dict]:
    """The records of `paths`, each with its level's number of skull cards."""
    hards = {level.name: len(level.hard) for level in load_content(None).ladder}
    records = []
    for path in paths:
        with open(path) as f:
            records += [json.loads(line) for line in f if line.strip()]
    for r in records:
        r["hard"] = hards[r["level"]]
    return records


def show(records: list[dict], w: Sequence[float] = W) -> list[dict]:
    """`records`, each with the win % the map of constants `w` shows for it."""
    for r in records:
        r["shown"] = mapped(r["raw"], r["hard"], r["turn"], w)
    return records


def report(records: list[dict], key: str) -> float:
    """The table of `key` (raw or shown) % against the share won; returns the mean abs error.
    The interval of the share won is 95 %, by games (a game's decisions share its outcome)."""
    print(f"| {key} % | decisions | games | mean {key} | won | off by (95 %) |")
    print("|---|---:|---:|---:|---:|---|")
    error = 0.0
    for b, rows in sorted(buckets(records, key).items()):
        said = sum(r[key] for r in rows) / len(rows)
        won = sum(r["won"] for r in rows) / len(rows)
        half = by_games(rows, key)
        error += len(rows) * abs(said - won)
        print(f"| {b * 10}-{b * 10 + 10} | {len(rows)} | {len({r['seed'] for r in rows})} | "
              f"{said:.1%} | {won:.1%} | {(said - won) * 100:+.1f} (±{half * 100:.1f}) |")
    mae = error / len(records)
    print(f"\n{len(records)} decisions: mean absolute calibration error {mae * 100:.1f} points")
    return mae


def buckets(records: list[dict], key: str) -> dict[int, list[dict]]:
    """The records by tenth of `key`."""
    out: dict[int, list[dict]] = {}
    for r in records:
        out.setdefault(min(9, int(r[key] * 10)), []).append(r)
    return out


def by_games(rows: list[dict], key: str) -> float:
    """The 95 % half-width of mean(won - key) over `rows`, its games as the units sampled
    (a cluster-robust standard error of a ratio of sums)."""
    games: dict[int, list[float]] = {}
    for r in rows:
        games.setdefault(r["seed"], []).append(r["won"] - r[key])
    if len(games) < 2:
        return 1.0
    mean = sum(map(sum, games.values())) / len(rows)
    spread = sum((sum(d) - mean * len(d)) ** 2 for d in games.values())
    return 1.96 * math.sqrt(spread * len(games) / (len(games) - 1)) / len(rows)


def cross_fit(records: list[dict], folds: int) -> list[dict]:
    """`records` each shown through a map fitted without its game (folds of whole games)."""
    seeds = sorted({r["seed"] for r in records})
    random.Random(folds).shuffle(seeds)
    fold = {seed: i % folds for i, seed in enumerate(seeds)}
    for k in range(folds):
        w = fit([r for r in records if fold[r["seed"]] != k])
        show([r for r in records if fold[r["seed"]] == k], w)
    return records


def buckets_of(records: list[dict], key: str) -> list[tuple[float, float, float, float]]:
    """Per tenth of `key`: (mean of `key`, share won, its 95 % interval by games)."""
    out = []
    for rows in (rows for _, rows in sorted(buckets(records, key).items())):
        said = sum(r[key] for r in rows) / len(rows)
        won = sum(r["won"] for r in rows) / len(rows)
        half = by_games(rows, key)
        out.append((said, won, max(0.0, won - half), min(1.0, won + half)))
    return out


def plot(records: list[dict], path: str, how: str) -> None:
    """The calibration curve: the share won against the win % said, raw and shown."""
    chart = RateChart(path, (560, 460), (70, 30, 60, 60), [0, 1],
                      f"Does the hint's win % come true? ({len(records)} decisions, {how})")
    dwg = chart.dwg
    for tick in range(0, 11, 2):
        chart.text(f"{tick * 10}%", (chart.x(tick / 10), chart.bottom_y + 18))
    chart.frame("win % the hint said", 450)
    dwg.add(dwg.line((chart.x(0), chart.y(0)), (chart.x(1), chart.y(1)), stroke="#888888",
                     stroke_dasharray="4,3"))
    for n, (key, colour) in enumerate((("raw", "#999999"), ("shown", "#7a3420"))):
        chart.rates([(chart.x(x), y, lo, hi) for x, y, lo, hi in buckets_of(records, key)],
                    colour, 3)
        dwg.add(dwg.circle((90 + n * 200, 40), 4, fill=colour))
        dwg.add(dwg.text("raw rollout share" if key == "raw" else "win % shown (calibrated)",
                         insert=(100 + n * 200, 44), **FONT))
    chart.save()


def fit(records: list[dict], steps: int = 30) -> list[float]:
    """Logistic regression of `won` on the map's features (Newton's method)."""
    xs = [features(r["raw"], r["hard"], r["turn"]) for r in records]
    ys = [1.0 if r["won"] else 0.0 for r in records]
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(steps):
        grad, hess = [0.0] * k, [[1e-6 * (i == j) for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys, strict=True):
            p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x, strict=True))))
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        w = [a + d for a, d in zip(w, solve(hess, grad), strict=True)]
    return w


def solve(m: list[list[float]], v: list[float]) -> list[float]:
    """m x = v by Gaussian elimination (m small, positive definite)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (a[r][n] - sum(a[r][j] * x[j] for j in range(r + 1, n))) / a[r][r]
    return x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--collect")
    parser.add_argument("--fit", nargs="+", help="fit the map on these records, print it")
    parser.add_argument("--cv", type=int, help="with --fit: the table of a K-fold cross-fit")
    parser.add_argument("--report", nargs="+", help="the table of these records, through the "
                        "map just fitted (--fit) or else the package's")
    parser.add_argument("--plot", help="the calibration curve of --report's records (or of "
                        "the cross-fit with --cv) as an SVG")
    parser.add_argument("--versus", nargs=2, metavar=("A", "B"), help="two runs' players "
                        "compared on the deals both played (records or .games.jsonl files)")
    parser.add_argument("--seed", type=int, default=202)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first game's index")
    parser.add_argument("--budget", type=int, default=HINT_BUDGET)
    parser.add_argument("--bot-budget", type=int, default=48)
    parser.add_argument("--ask", type=float, default=ASK, help="the share of decisions the "
                        "hint is asked at and followed (1: every one, a hint-follower)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.collect:
        games = range(args.first, args.first + args.games)
        collect(args.collect, args.seed, games, args.budget, args.bot_budget, args.ask,
                args.jobs)
    if args.versus:
        versus(*args.versus)
    w = W
    if args.fit:
        records = load(args.fit)
        w = fit(records)
        print(f"fitted on {len(records)} decisions, {len({r['seed'] for r in records})} games:"
              f" W = ({', '.join(f'{x:.4f}' for x in w)})\n")
        report(show(records, w), "shown")
        if args.cv:
            print(f"\n{args.cv}-fold cross-fit (each game through a map fitted without it):")
            report(cross_fit(records, args.cv), "shown")
            if args.plot:
                plot(records, args.plot, f"{args.cv}-fold cross-fit")
        print()
    if args.report:
        records = show(load(args.report), w)
        for key in ("raw", "shown"):
            report(records, key)
            print()
        for level in dict.fromkeys(r["level"] for r in records):
            rows = [r for r in records if r["level"] == level]
            said = sum(r["shown"] for r in rows) / len(rows)
            won = sum(r["won"] for r in rows) / len(rows)
            games = {r["seed"]: r["won"] for r in rows}
            print(f"{level}: {len(rows)} decisions, shown {said:.1%}, won {won:.1%}; "
                  f"{len(games)} games, {sum(games.values()) / len(games):.1%} won")
        if args.plot and not args.cv:
            plot(records, args.plot, "held out" if args.fit else "the package's map")


if __name__ == "__main__":
    main()
