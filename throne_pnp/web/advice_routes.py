"""The table page's advice: `/hint` (the decision due now, ranked) and `/review`.

Thin over `assistant.advice`: a search job keyed by the game version, its progress or answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from throne_pnp.assistant import advice, history
from throne_pnp.assistant.said import said_commands
from throne_pnp.errors import IllegalAction
from throne_pnp.rules.actions import Action
from throne_pnp.search.options import decision_of
from throne_pnp.web import search_process, views
from throne_pnp.web.searches import Job, Searches

# How often the page without JavaScript reloads while a search runs (seconds).
REFRESH = 2


class Advice:
    """The advice routes of one table page (`page`: its `TablePage`)."""

    def __init__(self, page: Any):
        config = page.config
        self.page = page
        self.hint_budget = config.hint_budget or advice.HINT_BUDGET
        self.review_budget = config.review_budget or advice.REVIEW_BUDGET
        self.search_in = config.search_in
        # in the server's own thread never more than one process (no fork there)
        self.jobs = 1 if self.search_in == "thread" else (config.search_jobs
                                                          or advice.default_jobs())
        self.seed = 1
        self.searches = Searches()

    def routes(self) -> list[Route]:
        return [Route("/hint", self.hint_page), Route("/review", self.review_page),
                Route("/advice/status", self.status)]

    def _run(self, kind: str, budget: int) -> Callable[[Job], dict[str, Any]]:
        """The work of a `kind` job: the search in a process of its own (tests: in the thread)."""
        config = self.page.config

        def work(job: Job) -> dict[str, Any]:
            how = search_process.run if self.search_in == "process" else search_process.search
            return how(kind, config.game, config.content, job.version, budget, self.seed,
                       self.jobs, job.progress)
        return work

    async def hint_page(self, request: Request) -> Response:
        snap = self.page.door.snapshot()
        if snap.session is None:
            return self.page.back(request, "/")
        game = snap.session.game
        params = request.query_params
        shown: dict[str, Any] = {"state": "none", "asked": params.get("game", "")[:40]}
        if shown["asked"] and shown["asked"] != snap.game:
            shown["state"] = "moved"
        elif params.get("plan"):
            follow = self._continuation(snap)
            if follow is None:       # the plan is over (or the game left it)
                return self.page.back(request, "/")
            shown.update(state="plan", **follow)
        elif game.outcome is not None:
            shown["state"] = "over"
        elif decision_of(game) is None:
            shown.update(state="nothing", need=game.describe_need())
        else:
            base = _flat(snap.session.save.commands)
            job = self.searches.start("hint", snap.game, self._run("hint", self.hint_budget),
                                      retry=bool(params.get("retry")))
            job.extra.setdefault("base", base)
            shown.update(state=job.state, job=job)
            if job.state == "done":
                shown["hint"] = self.hint_view(game, job.result or {})
        return self.page.render(request, "hint.html", snap=snap, shown=shown, heading="Hint",
                                words=advice.DECISION_WORDS, refresh=REFRESH)

    async def review_page(self, request: Request) -> Response:
        snap = self.page.door.snapshot()
        if snap.session is None:
            return self.page.back(request, "/")
        game = snap.session.game
        shown: dict[str, Any] = {"state": "playing"}
        if game.outcome is not None:
            job = self.searches.start("review", snap.game,
                                      self._run("review", self.review_budget),
                                      retry=bool(request.query_params.get("retry")))
            shown.update(state=job.state, job=job)
            if job.state == "done":
                shown["review"] = review_view(job.result or {})
                for row in shown["review"]["rows"]:    # the commands as records, for words
                    row.update(played_said=said_commands("; ".join(row["played"])),
                               best_said=said_commands("; ".join(row["best"])))
                shown["boards"] = self.turning_boards(snap.session, job.result or {})
                history.keep_review(snap.session, job.result or {})
        return self.page.render(request, "review.html", snap=snap, shown=shown,
                                outcome=game.outcome, refresh=REFRESH)

    async def status(self, request: Request) -> Response:
        """How a job is getting on (the page's script polls this while one runs)."""
        kind = request.query_params.get("kind", "")
        version = request.query_params.get("game", "")[:40]
        job = self.searches.find(kind, version) if kind in ("hint", "review") else None
        body = job.status() if job else {"kind": kind, "game": version, "state": "none"}
        return JSONResponse(body, headers={"cache-control": "no-store"})

    def turning_boards(self, session: Any, report: dict[str, Any]) -> dict[int, tuple[str, str]]:
        """The board before and after each turning point's choice, by its row number (the
        table's own drawing; the game replayed as the review found its decisions)."""
        art = self.page.art.map
        if art is None or not report.get("turning_points"):
            return {}
        history = [Action.parse(t) for c in session.save.commands for t in c]
        found = advice.decisions(session.replay(0), history)
        out = {}
        for i in report["turning_points"]:
            before = found[i].game
            after = before.copy()
            for action in found[i].played:
                after.apply(action)
            out[i + 1] = tuple(art.board(g.position, title=f"The board {when} your choice, "
                                         f"turn {before.turn}")
                               for g, when in ((before, "before"), (after, "after")))
        return out

    def best_battle_card(self, version: str) -> dict[str, Any]:
        """The card a finished hint for `version` ranks best for the game (a battle) and its
        reason, for the battle screen to set beside the best card for the battle."""
        job = self.searches.find("hint", version)
        report = job.result if job is not None and job.state == "done" else None
        if not report or not report.get("options"):
            return {}
        best = report["options"][report.get("best", 0)]
        word, _, card = best["commands"][0].partition(" ")
        ok = word == "battle" and card.isdigit()
        return {"hint_best": int(card), "hint_why": best.get("why", "")} if ok else {}

    def hint_view(self, game: Any, report: dict[str, Any]) -> dict[str, Any]:
        """The hint for the template: numbers as text, bar geometry, steps as buttons."""
        options = []
        for n, opt in enumerate(report.get("options", [])):
            lo, hi = opt["ci95"]
            steps = [self.step(game, text) for text in opt["commands"]]
            options.append({
                "n": n + 1, "best": n == report.get("best", 0), "close": opt["close"],
                "set_aside": opt["set_aside"], "standing": advice.standing(report, n),
                "win": pct(opt["win"]), "lo": pct(lo), "hi": pct(hi),
                "samples": opt["samples"], "why": opt["why"], "commands": opt["commands"],
                "steps": steps, "title": _title(steps),
            })
        return {"decision": report.get("decision"), "means": advice.MEANS,
                "options": [o for o in options if not o["set_aside"]],
                "set_aside": [o for o in options if o["set_aside"]],
                "rollouts": report.get("rollouts", 0), "seed": report.get("seed"),
                "seconds": report.get("seconds"), "hand_known": report.get("hand_known", True)}

    def step(self, game: Any, text: str) -> dict[str, Any]:
        """One command of an option as a button: its route, fields and words."""
        content = self.page.config.content

        def place(n: int) -> str:
            return f"{n} · {views.territory_name(content, n)}"

        action = Action.parse(text)
        kind, args = action.kind, action.args
        if kind in ("card", "battle"):
            card = views.cards(content, game, [args[0]])[0]
            return {"route": f"/{kind}", "fields": {"card": args[0]},
                    "label": f"{kind.capitalize()} {card['title']}",
                    "button": f"{kind.capitalize()} {args[0]}: play this card"}
        if kind == "withdraw":
            return {"route": "/withdraw", "fields": {"to": args[0]},
                    "label": f"Withdraw to {place(args[0])}",
                    "button": f"Withdraw to {args[0]}: go there"}
        if kind == "move":
            count, src, dst = args
            return {"route": "/move", "fields": {"count": count, "from": src, "to": dst},
                    "label": f"Move {count} from {place(src)} to {place(dst)}",
                    "short": f"move {count} from {src} to {dst}"}
        if kind == "rally":
            return {"route": "/rally", "fields": {"at": args[0]},
                    "label": f"Rally at {place(args[0])}", "short": f"rally at {args[0]}"}
        return {"route": "/done", "fields": {}, "label": "Done: end Player Actions",
                "short": "done"}

    def _continuation(self, snap: Any) -> dict[str, Any] | None:
        """The rest of a hint's best plan, when the save's commands since that hint
        are the plan's first steps and Player Actions go on."""
        game = snap.session.game
        if decision_of(game) != "actions":
            return None
        now = _flat(snap.session.save.commands)
        for job in self.searches.latest("hint"):
            base = job.extra.get("base")
            report = job.result
            if (job.state != "done" or base is None or not report
                    or report["decision"] != "actions" or now[:len(base)] != base):
                continue
            plan = report["options"][0]["commands"]
            taken = now[len(base):]
            if 0 < len(taken) < len(plan) and plan[:len(taken)] == taken:
                hint = self.hint_view(game, report)
                best = hint["options"][0]
                return {"hint": hint, "best": best, "taken": best["steps"][:len(taken)],
                        "rest": [self.step(game, t) for t in plan[len(taken):]]}
        return None


def _title(steps: list[dict[str, Any]]) -> str:
    """An option's heading: the card or place with its name, or a plan in short."""
    if len(steps) == 1 and "short" not in steps[0]:
        return steps[0]["label"]
    plan = ", ".join(step["short"] for step in steps)
    return "Plan: " + plan if plan != "done" else "Plan: done at once"


def pct(x: float) -> int:
    """A chance as a whole percent (the page's numbers and bar widths)."""
    return round(x * 100)


def _flat(commands: list[list[str]]) -> list[str]:
    """A save's commands as one list of action texts, spelt as `Action.text` does."""
    out = []
    for entry in commands:
        for text in entry:
            try:
                out.append(Action.parse(text).text())
            except IllegalAction:
                out.append(text)
    return out


def review_view(report: dict[str, Any]) -> dict[str, Any]:
    """The review for the template: the counts, the turning points, every decision."""
    rows = []
    for n, row in enumerate(report.get("decisions", []), 1):
        rows.append({**row, "n": n,
                     "phase_words": advice.PHASE_WORDS.get(row["phase"], row["phase"]),
                     "played_pct": pct(row["played_win"]), "best_pct": pct(row["best_win"]),
                     "points": pct(row["drop"]),
                     "what": advice.DECISION_WORDS.get(row["decision"], row["decision"])})
    counts = [(n, name if n == 1 else advice.PLURALS[name])
              for name, n in ((name, sum(1 for r in rows if r["label"] == name))
                              for _, name in advice.LABELS)]
    turning = [rows[i] for i in report.get("turning_points", [])]
    return {"rows": rows, "counts": counts, "turning": turning,
            "budget": report.get("budget"), "seed": report.get("seed")}
