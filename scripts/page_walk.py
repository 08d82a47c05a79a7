"""The table page walked as a player at the table would: one virtual game played by tapping.

Chromium (the system one, through Playwright) with touch, at 390 x 844 and 360 x 640,
plays a new virtual game to its end by tapping only: the lowest card, the battle's
framed card, the first withdrawal, one move and a rally per Player Actions when they
can be had, then Done; every line the King left to carry out is ticked (or, where the
page has it, its one "all done on the table" tap). Counts taps and scrolls (a tap whose
target was outside the screen) per turn, and on each decision screen whether its
buttons (the choice, Done, Hint) are in the first screen without scrolling.

    python scripts/page_walk.py [--seed 3] [--json] [--shots DIR]

--shots saves the first screen of each kind at 360 x 640 as a small PNG in DIR.
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}
# what each decision's buttons are, by screen kind (`.now` holds the decision)
CHOICE = {"king card": ".kingcard button", "card": ".hand .cardbtn",
          "battle": ".hand .cardbtn.best", "withdraw": "form[action='/withdraw'] button",
          "actions": "#now .choices a.button, #now .choices button, .movebtn"}
DONE, HINT = "form[action='/done'] button", ".hintform button"
ALL_DONE = "button.alldone"


def serve(game: Path):
    """uvicorn serving the page for `game` in a thread: (base URL, server)."""
    import uvicorn

    from throne_pnp.content import load_content
    from throne_pnp.web.app import create_app

    app = create_app(game, load_content(None), hint_budget=100, review_budget=40,
                     search_in="thread")
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                            access_log=False)
    server = uvicorn.Server(config)
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    return f"http://127.0.0.1:{port}", server


def in_view(page, selector: str) -> bool | None:
    """Whether the first element matching `selector` lies wholly in the screen as it is."""
    found = page.locator(selector)
    return wholly_seen(page, found.first) if found.count() else None


def wholly_seen(page, element) -> bool:
    """Inside the screen and not covered (what lies at its middle is it, or in it)."""
    box = element.bounding_box()
    size = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] and element.evaluate(
            """e => { const r = e.getBoundingClientRect();
                      const t = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                      return !!t && (e.contains(t) || t.contains(e)); }""")


class Walk:
    """One game tapped through at one size, with its counts."""

    def __init__(self, page, shots: Path | None):
        self.page, self.shots = page, shots
        self.taps = self.scrolls = 0
        self.screens: list[dict] = []
        self.shot_kinds: set[str] = set()

    def tap(self, selector: str, goes: bool = False) -> None:
        """Tap the first `selector` (a scroll first if it is off screen); `goes`: the tap
        loads a new page, waited for."""
        if not in_view(self.page, selector):
            self.scrolls += 1
        if goes:
            with self.page.expect_navigation():
                self.page.locator(selector).first.tap()
        else:
            self.page.locator(selector).first.tap()
        self.taps += 1

    def kind(self) -> str:
        page = self.page
        for kind, selector in (("over", "#now .over"), ("king card", ".kingcard button"),
                               ("battle", ".hand .cardbtn.best"), ("card", ".hand .cardbtn"),
                               ("withdraw", CHOICE["withdraw"]), ("actions", DONE)):
            if page.locator(selector).count():
                return kind
        raise SystemExit(f"an unknown screen: {page.url}")

    def shoot(self, name: str) -> None:
        if self.shots is None or name in self.shot_kinds:
            return
        from PIL import Image

        self.shot_kinds.add(name)
        image = Image.open(io.BytesIO(self.page.screenshot()))
        image.convert("RGB").quantize(48).save(self.shots / f"page-{name}.png", optimize=True)

    def look(self, kind: str, turn: int, shot: str = "") -> None:
        """Note where the decision's buttons are, before any tap (or scroll)."""
        row = {"turn": turn, "kind": kind, "choice": in_view(self.page, CHOICE[kind])}
        if kind != "king card":
            row["hint"] = in_view(self.page, HINT)
        if kind == "actions":
            row["done"] = in_view(self.page, DONE)
        if kind in ("card", "battle"):
            cards = self.page.locator(".hand .card")
            seen = sum(wholly_seen(self.page, card) for card in cards.all())
            row["cards"] = f"{seen}/{cards.count()}"
        self.screens.append(row)
        self.shoot(shot or kind.replace(" ", "-"))

    def tick_the_table(self) -> None:
        page = self.page
        if page.locator(ALL_DONE).count() and page.locator(ALL_DONE).first.is_visible():
            self.tap(ALL_DONE)
            return
        boxes = page.locator(".table-todo .checklist input[type=checkbox]")
        for i in range(boxes.count()):
            if not boxes.nth(i).is_checked():
                self.tap(f".table-todo .checklist li.tick >> nth={i}")

    def visit(self, url: str, name: str) -> None:
        """Shoot the screen at `url` once its search (a hint, the review) is over."""
        from playwright.sync_api import Error

        for _ in range(600):     # the page reloads itself while it searches
            try:
                self.page.goto(url)
                if "searching" not in self.page.inner_text("main"):
                    break
            except Error:
                pass
            time.sleep(0.5)
        self.shoot(name)

    def other_screens(self, base: str) -> None:
        """The screens beside the decisions, each shot once (the review when searched)."""
        for path in ("/review", "/rules", "/log", "/fix", "/new"):
            self.visit(base + path, path[1:])

    def turn(self) -> int:
        words = self.page.locator("h1").first.inner_text()
        return int(words.split("Turn", 1)[1].split()[0]) if "Turn" in words else 0

    def play(self, base: str, limit: int = 400) -> int:
        page = self.page
        page.goto(base + "/")
        moved_on = None
        for _ in range(limit):
            kind, turn = self.kind(), self.turn()
            if kind == "over":
                self.shoot("over")
                return max(row["turn"] for row in self.screens)
            self.look(kind, turn)
            if kind == "card" and self.shots is not None and "hint" not in self.shot_kinds:
                self.visit(base + "/hint", "hint")
                page.goto(base + "/")
            self.tick_the_table()
            if kind != "actions":
                self.tap(CHOICE[kind], goes=True)
            elif moved_on != turn and page.locator("#now .choices a[href^='/?from=']").count():
                moved_on = turn
                self.move()
            elif page.locator("form[action='/rally'] button").count():
                self.tap("form[action='/rally'] button", goes=True)
            else:
                self.tap(DONE, goes=True)
        raise SystemExit("the game did not end")

    def move(self) -> None:
        """One move: from the first territory offered, to the first place, the count shown."""
        self.tap("#now .choices a[href^='/?from=']", goes=True)
        self.look("actions", self.turn(), "move-to")
        self.tap("#now .choices a[href*='to=']", goes=True)
        self.look("actions", self.turn(), "move-count")
        if self.page.locator(".emptyhome").count():
            self.tap("#now .stepper a.button", goes=True)     # never empty the home castle
        else:
            self.tap(".movebtn", goes=True)


def walk(browser, seed: int, size: dict, shots: Path | None = None) -> dict:
    """One new virtual game (`seed`) tapped through at `size` in `browser` (Playwright's):
    its counts, and how many decision screens had each button off screen."""
    from throne_pnp.assistant import commands
    from throne_pnp.content import load_content

    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "throne-game.json"
        commands.new_game(game, load_content(None), seed=seed)
        base, server = serve(game)
        context = browser.new_context(viewport=size, has_touch=True)
        try:
            one = Walk(context.new_page(), shots)
            turns = one.play(base)
            if shots is not None:
                one.other_screens(base)
        finally:
            context.close()
            server.should_exit = True
    screens = one.screens
    out = {"turns": turns, "taps": one.taps, "scrolls": one.scrolls,
           "taps per turn": round(one.taps / turns, 1),
           "scrolls per turn": round(one.scrolls / turns, 1),
           "decision screens": len(screens)}
    for button in ("choice", "done", "hint"):
        seen = [row[button] for row in screens if row.get(button) is not None]
        out[f"{button} off screen"] = f"{seen.count(False)}/{len(seen)}"
    out["hands"] = sorted({row["cards"] for row in screens if "cards" in row})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--shots", type=Path)
    opts = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=shutil.which("chromium"))
        report = {name: walk(browser, opts.seed, size, opts.shots if name == "360x640" else None)
                  for name, size in SIZES.items()}
        browser.close()
    if opts.json:
        print(json.dumps(report, indent=1))
    else:
        for name, row in report.items():
            print(name, "  ".join(f"{k}: {v}" for k, v in row.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
