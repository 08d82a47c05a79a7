"""`throne hint` and `throne review`: the search player's advice on a tracked game.

`hint` ranks the options of the decision due now (`search.ranking.rank`) with winning chance,
95 % interval, rollouts and a reason (`reasons`); `review` ranks every decision played, labelling
the choice by the chance it gave away (inaccuracy, mistake, blunder). Neither writes the save.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from throne_pnp.assistant.reasons import reason
from throne_pnp.errors import ThroneError
from throne_pnp.narrator.words import plural
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import Game
from throne_pnp.search.bot import ADVICE_HORIZON, HINT_BUDGET, HINT_SEED
from throne_pnp.search.calibration import shown
from throne_pnp.search.options import Option, decision_of, normalise
from throne_pnp.search.ranking import Ranking, Scored, play_on, rank

# Rollouts per decision of a review: the hint's own (the review is the hint looking back).
REVIEW_BUDGET = HINT_BUDGET
# What a hint's win % is (said under every hint: CLI, page, JSON).
MEANS = "chance of winning if you follow the hints from here on"
# Labels by the winning chance given away (SPEC §7).
LABELS = ((0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))
PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
PHASE_WORDS = {"player-card": "your card phase", "king-card": "the King's card phase"}
DECISION_WORDS = {"card": "your phase card", "battle": "your battle card",
                  "withdraw": "where to withdraw", "actions": "your Player Actions"}


def default_jobs() -> int:
    return max(1, min(2, os.cpu_count() or 1))


def label(drop: float) -> str | None:
    """The review label of a drop in winning chance (None below an inaccuracy)."""
    return next((name for at_least, name in LABELS if drop >= at_least - 1e-9), None)


def hint(game: Game, budget: int | None = HINT_BUDGET, seconds: float | None = None,
         seed: int = HINT_SEED, jobs: int | None = None) -> dict[str, Any]:
    """The ranking of the decision due in `game`, as SPEC §7's JSON."""
    if decision_of(game) is None:
        from throne_pnp.assistant.explain import next_step

        text, command = next_step(game, game.physical)
        if game.outcome is not None:
            raise ThroneError(f"no decision of yours to advise on now: {text}")
        raise ThroneError(f"no decision of yours to advise on now: {text}; run `{command}` "
                          "first, then ask again")
    ranking = rank(game, budget=budget or HINT_BUDGET, seed=seed,
                   jobs=jobs or default_jobs(), seconds=seconds, horizon=ADVICE_HORIZON,
                   exact=True)
    return ranking_json(game, ranking)


def ranking_json(game: Game, ranking: Ranking) -> dict[str, Any]:
    """A ranking as SPEC §7's JSON, its shares shown as win % (`search.calibration`)."""
    options = []
    for scored in ranking.options:
        diff, dlo, dhi = shown_diff(game, ranking.best.win, ranking.diff(scored))
        options.append({
            "commands": scored.option.commands, "win": round(shown(scored.win, game), 4),
            "ci95": [round(shown(x, game), 4) for x in scored.ci95],
            "samples": scored.samples, "diff": diff,
            "diff_ci95": [dlo, dhi], "close": ranking.close(scored),
            "set_aside": ranking.set_aside(scored), "why": reason(game, scored.option),
        })
    return {"decision": ranking.decision, "options": options, "best": 0, "means": MEANS,
            "seed": ranking.seed, "budget": ranking.budget, "rollouts": ranking.rollouts,
            "seconds": round(ranking.seconds, 3),
            "hand_known": game.known_hand() is not None}


def shown_diff(game: Game, base: float, diffs: tuple[float, ...]) -> list[float]:
    """Paired differences of rollout shares from the share `base`, as differences of win %
    shown (the map is increasing: a sign, and so "close", is kept)."""
    at = shown(base, game)
    return [round(shown(min(1.0, max(0.0, base + d)), game) - at, 4) for d in diffs]


def points(diff: float, ci95: list[float]) -> str:
    """A paired difference as whole points and the half width of its interval: "7 (±3)"."""
    return f"{plural(round(abs(diff) * 100), 'point')} (±{(ci95[1] - ci95[0]) * 50:.0f})"


def standing(report: dict[str, Any], n: int) -> str:
    """How option `n` of a hint stands against the best, in words (CLI and page)."""
    opt = report["options"][n]
    if opt["set_aside"]:
        return f"set aside after {plural(opt['samples'], 'game')}: probably worse"
    if n:
        gap = points(opt["diff"], opt["diff_ci95"])
        return f"close to the best: {gap} below" if opt["close"] else f"{gap} below the best"
    runner_up = report["options"][1] if len(report["options"]) > 1 else None
    if runner_up is None or runner_up["set_aside"]:
        return "best"
    if runner_up["close"]:
        return "best, but not told apart from the next"
    return f"best by {points(runner_up['diff'], runner_up['diff_ci95'])}"


def hint_lines(report: dict[str, Any], shown: int = 5) -> list[str]:
    """A hint for the terminal: the options best first, with bars; those set aside apart."""
    words = DECISION_WORDS[report["decision"]]
    lines = [f"{words[0].upper()}{words[1:]}: best first, by the chance of winning "
             f"({report['rollouts']} games played on, seed {report['seed']})."]
    for n, opt in enumerate(report["options"][:shown]):
        if opt["set_aside"] and not report["options"][n - 1]["set_aside"]:
            lines.append("Set aside early by the search (fewer games, probably worse):")
        lo, hi = opt["ci95"]
        bar = "#" * round(opt["win"] * 20)
        typed = "; ".join(f"throne {c}" for c in opt["commands"])
        lines.append(f"{n + 1}. {typed}")
        lines.append(f"   wins the game {opt['win']:.0%} ({lo:.0%}-{hi:.0%}, "
                     f"{opt['samples']} games) {bar}  {standing(report, n)}")
        lines.append(f"   {opt['why']}")
    more = len(report["options"]) - shown
    if more > 0:
        lines.append(f"({more} more option{'s' if more > 1 else ''} with --json)")
    if not report["hand_known"]:
        lines.append("Your hand is not known to the program: tell it with `throne hand IDS` "
                     "and the hint ranks only the cards you hold.")
    lines.append(f"Wins the game N%: the {MEANS}.")
    return lines


# ------------------------------------------------------------------ review


@dataclass
class Decision:
    """One decision the player made: the game as it stood, what was played."""

    game: Game
    played: tuple[Action, ...]
    turn: int
    phase: str


def decisions(game: Game, history: list[Action]) -> list[Decision]:
    """Replay `history` on a fresh `game`; collect each decision with more than one choice
    (a Player Actions decision: the whole plan up to `done`)."""
    found: list[Decision] = []
    i = 0
    while i < len(history):
        action = history[i]
        kind = decision_of(game)
        if kind == "actions" and action.kind in ("move", "rally", "done"):
            start = game.copy()
            plan: list[Action] = []
            while i < len(history):
                a = history[i]
                game.apply(a)
                i += 1
                if a.kind in ("move", "rally", "done"):
                    plan.append(a)
                if a.kind == "done":
                    break
            found.append(Decision(start, tuple(plan), start.turn, start.phase))
            continue
        if kind in ("card", "battle", "withdraw") and action.kind == kind:
            if len(game.legal_actions()) > 1:
                found.append(Decision(game.copy(), (action,), game.turn, game.phase))
        game.apply(action)
        i += 1
    return found


def review_one(decision: Decision, budget: int, seed: int) -> dict[str, Any]:
    """JSON row: the hint's own ranking at `decision` (same budget and seed) and where the
    choice played stands in it (if unlisted or set aside early, played on all the best's
    decks); labelled only when the paired interval puts it below the best."""
    game = decision.game
    played = normalise(game, decision.played)
    ranking = rank(game, budget=budget, seed=seed, jobs=1, horizon=ADVICE_HORIZON, exact=True)
    best = ranking.best
    mine = next((s for s in ranking.options if s.option.actions == played.actions), None)
    if mine is None or mine.samples < best.samples:
        mine = mine or Scored(played)
        play_on(game, mine, seed, best.samples, ADVICE_HORIZON)
    diff, lo, hi = shown_diff(game, best.win, (0.0, 0.0, 0.0) if mine is best
                              else mine.versus(best))
    drop = max(0.0, -diff)
    named = label(drop) if hi < 0 else None
    return {"turn": decision.turn, "phase": decision.phase, "decision": ranking.decision,
            "played": [a.text() for a in decision.played],
            "played_win": round(shown(mine.win, game), 4),
            "best": best.option.commands, "best_win": round(shown(best.win, game), 4),
            "drop": round(drop, 4), "drop_ci95": [round(-hi, 4), round(-lo, 4)],
            "label": named, "samples": mine.samples,
            "why": review_reason(game, best.option, played, mine is best, named, hi < 0)}


def review_reason(game: Game, best: Option, played: Option, first: bool,
                  named: str | None, below: bool) -> str:
    """Why a decision is labelled, in players' words: what the better choice does that the
    one played does not, and what the played one did instead (`reasons`)."""
    if first:
        return "the hint's first choice too"
    if named is None:
        return ("below the hint's first choice by less than an inaccuracy" if below
                else "within the noise of the hint's first choice")
    mine, better = reason(game, played).split("; "), reason(game, best).split("; ")
    gains = [part for part in better if part not in mine] or better
    text = f"the better choice: {'; '.join(gains)}"   # the row above names it
    costs = [part for part in mine if part not in better]
    return text + (f"; yours: {'; '.join(costs)}" if costs else "")


_review_job: dict[str, Any] = {}


def _review_task(index: int) -> dict[str, Any]:
    return review_one(_review_job["decisions"][index], _review_job["budget"], _review_job["seed"])


def _rows(found: list[Decision], budget: int, seed: int, jobs: int
          ) -> Iterator[dict[str, Any]]:
    """Each decision's row, in order (in forked processes when `jobs` > 1)."""
    if jobs == 1 or len(found) < 2:
        yield from (review_one(d, budget, seed) for d in found)
        return
    import multiprocessing

    _review_job.update(decisions=found, budget=budget, seed=seed)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield from pool.imap(_review_task, range(len(found)))
    finally:
        _review_job.clear()


def review(found: list[Decision], budget: int = REVIEW_BUDGET, seed: int = HINT_SEED,
           jobs: int | None = None,
           progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Every decision ranked (in processes, one decision each); SPEC §7's JSON
    plus `turning_points`, the labelled decisions by their drop, largest first."""
    rows: list[dict[str, Any]] = []
    for row in _rows(found, budget, seed, jobs or default_jobs()):
        rows.append(row)
        if progress:
            progress(len(rows), len(found))
    turning = sorted((i for i, r in enumerate(rows) if r["label"]), key=lambda i: -rows[i]["drop"])
    return {"decisions": rows, "turning_points": turning, "budget": budget, "seed": seed}


def review_lines(report: dict[str, Any]) -> list[str]:
    """A review for the terminal: the turning points first, then every decision."""
    rows = report["decisions"]
    if not rows:
        return ["No decision to review yet: every choice so far had only one option."]
    counts = {name: sum(1 for r in rows if r["label"] == name) for _, name in LABELS}
    summary = ", ".join(f"{n} {name if n == 1 else PLURALS[name]}" for name, n in counts.items())
    lines = [f"{len(rows)} decisions reviewed: {summary}."]
    if report["turning_points"]:
        lines.append("Turning points (the winning chance you gave away):")
        for i in report["turning_points"][:5]:
            lines += ["  " + _row_line(rows[i]), "    " + rows[i]["why"]]
    lines.append("Every decision:")
    lines += ["  " + _row_line(r) for r in rows]
    return lines


def _row_line(row: dict[str, Any]) -> str:
    phase = PHASE_WORDS.get(row["phase"], "the King's card phase")
    text = f"turn {row['turn']}, {phase}: {', '.join(row['played'])} ({row['played_win']:.0%})"
    if row["label"] or row["drop"] > 0:
        text += f"; best {', '.join(row['best'])} ({row['best_win']:.0%})"
    if row["label"]:
        text += f": {row['label']}, {points(row['drop'], row['drop_ci95'])} given away"
    return text
