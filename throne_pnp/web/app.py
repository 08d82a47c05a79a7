"""The table page as a Starlette app: thin routes over the session and commands.

A GET renders a template from `views`; a POST runs one `assistant.commands` call under
the save lock and answers 303 (Post/Redirect/Get), so a reload never repeats a command.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from throne_pnp.assistant import explain
from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.narrator.lines import Part, Refused, say
from throne_pnp.narrator.words import plural
from throne_pnp.numbers import whole
from throne_pnp.web import actions, rulespage, views
from throne_pnp.web.advice_routes import Advice
from throne_pnp.web.clients import client_of, remember
from throne_pnp.web.door import STALE, Door, Flash, Stale
from throne_pnp.web.forms import BadForm, number
from throne_pnp.web.scan_routes import ScanRoutes
from throne_pnp.web.security import Access, Guard
from throne_pnp.web.svgmarkup import sprite

STATIC_TYPES = {"table.css": "text/css; charset=utf-8",
                "table.js": "text/javascript; charset=utf-8",
                "favicon.svg": "image/svg+xml",
                "advice.css": "text/css; charset=utf-8",
                "advice.js": "text/javascript; charset=utf-8"}
FORGED = ("Refused: this page came from an earlier server, or its anti-forgery token is "
          "wrong; nothing was done. Here is the game as it is now: try again.")


@dataclass
class Config:
    """What a server is started with (nothing of it comes from a request)."""

    game: Path
    content: Content
    access: Access
    hint_budget: int | None = None     # rollouts of a hint (None: advice's default)
    review_budget: int | None = None   # rollouts per reviewed decision
    search_in: str = "process"         # where searches run: "process" or "thread"
    search_jobs: int | None = None     # worker processes of a search (None: the cores)


def _package_dir(name: str) -> Path:
    return Path(str(resources.files("throne_pnp.web") / name))


class TablePage:
    """The routes of one server, bound to its door, art and templates."""

    def __init__(self, config: Config):
        self.config = config
        self.door = Door(config.game, config.content)
        self.art = views.Art(config.content)
        self.env = Environment(loader=FileSystemLoader(str(_package_dir("templates"))),
                               autoescape=select_autoescape(["html"]), trim_blocks=True,
                               lstrip_blocks=True)
        self.env.filters["odds"] = views.odds_words
        names = {n: t.name for n, t in config.content.map.territories.items()}
        self.env.filters["sentence"] = lambda command: command.sentence(names)
        self._rules: list[rulespage.Section] | None = None
        static = _package_dir("static")
        self.static = {name: (static / name).read_bytes() for name in STATIC_TYPES}
        self.posts = actions.handlers(self)
        self.has_hand_route = "/hand" in self.posts
        self.advice = Advice(self)

    def render(self, request: Request, name: str, status: int = 200, **context: Any
               ) -> HTMLResponse:
        snap = context.pop("snap", None) or self.door.snapshot()
        context.setdefault("flash", self.door.take_flash(client_of(request),
                                                         errors_only=name != "play.html"))
        html = self.env.get_template(name).render(
            csrf=self.config.access.csrf, version=snap.version, game_version=snap.game,
            snap=snap, art=self.art,
            content=self.config.content, game_file=self.config.game.name,
            has_hand_route=self.has_hand_route, **context)
        return remember(request, HTMLResponse(html, status_code=status))

    def back(self, request: Request, to: str = "/") -> Response:
        return remember(request, RedirectResponse(to, status_code=303))

    def refused(self, request: Request, title: str, why: tuple[Part, ...], to: str) -> Response:
        """Back to the page, with the refusal (its reason as parts) for this client only;
        on the table page at the choice (`#now`), where the refusal is shown."""
        lines = [say(*why)] if why else []
        self.door.flash(client_of(request), (title,), lines, error=True)
        return self.back(request, "/#now" if to == "/" else to)

    async def forged(self, request: Request) -> Response:
        """A POST with a missing or wrong anti-forgery token: nothing is done, the page says so."""
        flash = Flash(self.door.version(), (FORGED,), [], error=True)
        snap = self.door.snapshot()
        if snap.session is None:
            return self.render(request, "new.html", 403, snap=snap, flash=flash,
                               has_game=snap.problem is not None, address="/")
        return self.render(request, "play.html", 403, snap=snap, flash=flash,
                           page=self.play_view(snap, None, None), address="/")

    async def form(self, request: Request) -> Any:
        form = await request.form()
        if not self.config.access.csrf_ok(form.get("csrf") or
                                          request.headers.get("x-csrf-token")):
            raise PermissionError
        return form

    async def command(self, request: Request, title: str,
                      call: Callable[[Any, Any], Any] | None = None,
                      back: str | Callable[[Any], str] = "/",
                      run: Callable[[Any], Any] | None = None) -> Response:
        """Run one POSTed command, `call(session, form)` on the locked save (or `run(form)`
        for a new game); a refusal is flashed, the page is shown again."""
        try:
            form = await self.form(request)
        except PermissionError:
            return await self.forged(request)
        to = back(form) if callable(back) else back
        try:
            # in a worker thread: a command waiting for the CLI's lock must not stop
            # the server answering the other requests (`/version` polls)
            if run is not None:
                result = await run_in_threadpool(run, form)
            else:
                result = await run_in_threadpool(self.door.run, lambda s: call(s, form),
                                                 _game_field(form))
        except Stale:
            return self.refused(request, STALE, (), to)
        except ThroneError as exc:
            return self.refused(request, f"Refused: {title}", reason(exc), to)
        if isinstance(result, tuple):  # (title parts, lines) for a message of its own
            self.door.flash(client_of(request), *result)
        return self.back(request, _then(form))

    async def home(self, request: Request) -> Response:
        snap = self.door.snapshot()
        if snap.session is None:
            return self.render(request, "new.html", snap=snap, has_game=snap.problem is not None)
        src = _query_int(request, "from")
        dst = _query_int(request, "to")
        page = self.play_view(snap, src, dst)
        count = _query_int(request, "count")     # a refused move asked again: its count
        choices = page.get("choices")
        if choices is not None and count in choices.counts:
            choices.default = count
        return self.render(request, "play.html", snap=snap, page=page)

    def play_view(self, snap: Any, src: int | None, dst: int | None) -> dict[str, Any]:
        session = snap.session
        game = session.game
        need = game.need()
        content = self.config.content
        battles = tuple(game.pending_battles)
        status = views.status(session)
        out: dict[str, Any] = {
            "status": status,
            "recent": snap.recent,
            "territories": views.territories(session, battles),
            "physical": session.physical,
            "kind": status["need"],    # e.g. "actions", "deal-battle"
        }
        picks = {}
        kind = out["kind"]
        known = game.known_hand() if session.physical else sorted(game.hand)
        if kind in ("card", "battle") and known is not None:
            out["hand"] = views.cards(content, game, known)
        elif kind in ("card", "battle", "deal-phase", "deal-uncertain", "deal-battle") and \
                session.physical:
            ids = (game.hand_candidates() if kind in ("card", "battle") else game.deal_candidates())
            out["pad"] = views.cards(content, game, ids)
        if kind in ("battle", "deal-battle", "withdraw"):
            out["battle"] = {**views.battle_panel(session),
                             **self.advice.best_battle_card(snap.game)} if kind == "battle" else {
                "territory": need.territory,
                "name": views.territory_name(content, need.territory),
                "you": game.position.player[need.territory],
                "king": game.position.king[need.territory]}
        if kind == "withdraw":
            out["withdraw"] = views.withdrawal_choices(session)
        if kind == "over":
            out["bgstats"] = views.bgstats_share(session)
        if kind == "actions":
            choices = views.action_choices(session, src, dst)
            out["choices"] = choices
            picks = choices.picks
        if self.art.map is not None:
            recent = snap.recent
            title = (f"The map: turn {game.turn}, {explain.phase_words(game)}; "
                     f"{plural(len(battles), 'battle')} pending")
            out["board"] = self.art.map.board(
                game.position, battles=battles,
                king_moves=recent.king_moves if recent else (), picks=picks, title=title)
        return out

    async def log(self, request: Request) -> Response:
        snap = self.door.snapshot()
        entries = explain.log_records(snap.session) if snap.session else []
        return self.render(request, "log.html", snap=snap, entries=entries)

    async def fix_page(self, request: Request) -> Response:
        snap = self.door.snapshot()
        if snap.session is None:
            return self.back(request, "/")
        at = _query_int(request, "at")
        session = snap.session
        cards = None
        if session.physical:
            game = session.game
            zones = game.card_zones()
            ids = [c for c, zone in zones.items() if zone != "table"]
            cards = {"all": views.cards(self.config.content, game, ids),
                     "discard": set(game.discard), "hand": set(game.known_hand() or [])}
        return self.render(request, "fix.html", snap=snap, at=at, cards=cards,
                           territories=views.territories(session, ()))

    async def hand_page(self, request: Request) -> Response:
        snap = self.door.snapshot()
        if snap.session is None:
            return self.back(request, "/")
        game = snap.session.game
        ids = sorted(set(game.hand) | set(game.unseen))
        return self.render(request, "hand.html", snap=snap,
                           cards=views.cards(self.config.content, game, ids))

    async def new_page(self, request: Request) -> Response:
        snap = self.door.snapshot()
        from throne_pnp.content.ladder import ladder_of

        levels = [(lv.name, f"{lv.name.capitalize()} ({len(lv.hard) or 'no'} skull "
                            f"card{'' if len(lv.hard) == 1 else 's'})")
                  for lv in ladder_of(self.config.content)]
        return self.render(request, "new.html", snap=snap, levels=levels,
                           has_game=snap.session is not None or snap.problem is not None)

    async def rules_page(self, request: Request) -> Response:
        """GET /rules[?q=words]: the rules, or the sections holding every word."""
        if self._rules is None:
            self._rules = rulespage.rules_sections(self.config.content)
        query = request.query_params.get("q", "")[:80]
        shown = rulespage.matching(self._rules, query)
        return self.render(request, "rules.html", sections=shown, query=query,
                           total=len(self._rules),
                           rules_sprite=sprite(rulespage.icon_variants() - self.art.variants))

    async def version(self, request: Request) -> Response:
        return JSONResponse({"version": self.door.version()}, headers={"cache-control": "no-store"})

    async def static_file(self, request: Request) -> Response:
        name = request.path_params.get("name", "favicon.svg")
        body = self.static.get(name)
        if body is None:
            return Response("no such file\n", status_code=404, media_type="text/plain")
        return Response(body, media_type=STATIC_TYPES[name],
                        headers={"cache-control": "max-age=3600"})

    async def new_game(self, request: Request) -> Response:
        """POST /new: start (or, when told, replace) the game in the save."""
        return await self.command(request, "new game", back="/new", run=self._new_game)

    def _new_game(self, form: Any) -> None:
        from throne_pnp.assistant.commands import new_game

        mode = form.get("mode", "virtual")
        if mode not in ("virtual", "physical"):
            raise BadForm(f"the mode is virtual or physical, not {str(mode)[:20]!r}")
        hard = number(form, "hard", "the number of hard cards", optional=True) or None
        level = str(form.get("level") or "")[:40] or None
        seed = number(form, "seed", "the seed", optional=True)
        with self.door.mutex:
            self.door.check_file(_game_field(form))
            new_game(self.config.game, self.config.content, physical=mode == "physical",
                     seed=seed, hard=hard, force=form.get("force") == "yes", level=level)

    def routes(self) -> list[Route]:
        return [
            Route("/", self.home),
            Route("/log", self.log),
            Route("/fix", self.fix_page),
            Route("/hand", self.hand_page),
            Route("/new", self.new_page),
            Route("/rules", self.rules_page),
            Route("/version", self.version),
            Route("/static/{name}", self.static_file),
            Route("/favicon.ico", self.static_file),   # for browsers that ask anyway
            *self.advice.routes(),
            *ScanRoutes(self).routes(),
            *[Route(path, handler, methods=["POST"]) for path, handler in self.posts.items()],
        ]


def reason(exc: ThroneError) -> tuple[Part, ...]:
    """A refusal's reason as parts: a `Refused`'s own, else its one plain line."""
    return exc.why if isinstance(exc, Refused) else (str(exc),)


def _game_field(form: Any) -> str | None:
    """The game version a form was rendered against (None if it carries none)."""
    raw = form.get("game")
    return str(raw)[:40] if raw else None


def _then(form: Any) -> str:
    """Where a command's page goes next: back to the table, or (a step of a hint's
    plan, field `then=plan`) to the rest of the plan; never a URL from the form."""
    return "/hint?plan=1#hint" if form.get("then") == "plan" else "/"


def _query_int(request: Request, name: str) -> int | None:
    return whole(request.query_params.get(name, ""), high=99_999)


def create_app(game: Path, content: Content, access: Access | None = None, *,
               hint_budget: int | None = None, review_budget: int | None = None,
               search_in: str = "process", search_jobs: int | None = None) -> Guard:
    """The table page for the save `game`, guarded by `access` (loopback by default), with
    its hint and review budgets and where searches run (`"thread"`: in process, tests)."""
    access = access or Access()
    page = TablePage(Config(game, content, access, hint_budget, review_budget, search_in,
                            search_jobs))
    app = Starlette(routes=page.routes())
    app.state.page = page
    guarded = Guard(app, access)
    guarded.page = page  # type: ignore[attr-defined]  # for tests and the server
    return guarded
