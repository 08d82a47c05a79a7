"""The hint and the review in a real browser at a phone's size (390x844): tap hint on a
decision screen and see the options, follow a plan by taps, a second tap that starts
no second search, the game-over screen's review link; with and without JavaScript.
With THRONE_PREVIEWS=1 the screens are saved to docs/previews/page-hint.png and
page-review.png."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest
from test_web_helpers import content, running_server
from test_web_hint import HINT_BUDGET, REVIEW_BUDGET, play_to_the_end, throne

from throne_pnp.assistant import advice

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
PHONE = {"width": 390, "height": 844}
PREVIEWS = Path(__file__).resolve().parents[1] / "docs" / "previews"
WAIT = 120_000          # ms: a search on a busy machine


def serve(browser, game: Path, script: bool = True, preview: bool = False,
          search_in: str = "process"):
    """(app, page factory): the app with small budgets (the real ones when making
    the previews), searching as `throne serve` does, and phone-sized pages on it."""
    from throne_pnp.web.app import create_app

    real = preview and os.environ.get("THRONE_PREVIEWS")
    app = create_app(game, content(), hint_budget=None if real else HINT_BUDGET,
                     review_budget=None if real else REVIEW_BUDGET, search_in=search_in)
    scale = 2 if os.environ.get("THRONE_PREVIEWS") else 1

    def page():
        context = browser.new_context(viewport=PHONE, device_scale_factor=scale,
                                      has_touch=True, is_mobile=True,
                                      java_script_enabled=script)
        tab = context.new_page()
        tab.set_default_timeout(15_000)
        return context, tab

    return app, page


def shoot(page, name: str) -> None:
    if not os.environ.get("THRONE_PREVIEWS"):
        return
    PREVIEWS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(PREVIEWS / f"page-{name}.png"))


def tap(page, role: str, name: str) -> None:
    with page.expect_navigation():
        page.get_by_role(role, name=re.compile("^" + re.escape(name))).first.tap()


def test_tap_hint_on_the_card_screen_and_play_the_best_card(browser, tmp_path):
    game = tmp_path / "g.json"
    throne(game, "new", "--seed", "3")
    app, new_page = serve(browser, game, preview=True)
    with running_server(app) as base:
        context, page = new_page()
        try:
            page.goto(base + "/")
            hint = page.get_by_role("button", name=re.compile("^Hint"))
            assert hint.count() == 1
            tap(page, "button", "Hint")
            assert page.url.startswith(base + "/hint")
            # the page's script polls and shows the answer by itself
            page.get_by_role("heading", name="Hint: your phase card, best first").wait_for(
                timeout=WAIT)
            options = page.locator("ol.options > li")
            assert options.count() == 5
            first = options.first.inner_text()
            assert re.search(r"\d+% wins the game \(95% interval \d+–\d+%, \d+ games\)", first)
            assert page.locator("svg.winbar[aria-hidden=true]").count() == 5
            shoot(page, "hint")
            best = page.locator("li.option.best button").first
            name = best.inner_text()
            assert re.match(r"Card \d+: play this card", name)
            with page.expect_navigation():
                best.tap()
            assert page.url == base + "/"
        finally:
            context.close()
    card = re.match(r"Card (\d+)", name).group(1)
    assert throne_saved(game)[0][0] == f"card {card}"


def throne_saved(game: Path) -> list[list[str]]:
    import json

    return json.loads(game.read_text())["commands"]


def test_a_plan_by_taps_without_javascript(browser, tmp_path):
    game = tmp_path / "g.json"
    throne(game, "new", "--seed", "3")
    throne(game, "card", "7")
    throne(game, "battle", "18")
    app, new_page = serve(browser, game, script=False)
    with running_server(app) as base:
        context, page = new_page()
        try:
            page.goto(base + "/")
            tap(page, "button", "Hint")
            # without JavaScript the page refreshes itself until the answer is there
            page.get_by_role("heading", name="Hint: your Player Actions, best first").wait_for(
                timeout=WAIT)
            plan = advice.hint(_game(game), budget=HINT_BUDGET, seed=1, jobs=1)
            commands = plan["options"][0]["commands"]
            for command in commands:
                word = command.split()[0].capitalize()
                steps = page.locator("div.plan button")
                assert steps.count() == 1 and steps.inner_text().startswith(word)
                with page.expect_navigation():
                    steps.tap()
        finally:
            context.close()
    assert [c for entry in throne_saved(game)[2:] for c in entry] == commands


def _game(path: Path):
    from throne_pnp.assistant.session import Session

    return Session.open(path, content()).game


def test_a_second_tap_does_not_start_a_second_search(browser, tmp_path, monkeypatch):
    game = tmp_path / "g.json"
    throne(game, "new", "--seed", "3")
    gate = threading.Event()
    calls = []
    real = advice.hint

    def counted(g, **kw):
        calls.append(1)
        assert gate.wait(60)
        return real(g, **kw)

    monkeypatch.setattr(advice, "hint", counted)
    app, new_page = serve(browser, game, search_in="thread")   # the counter is seen here
    with running_server(app) as base:
        context, page = new_page()
        other_context, other = new_page()
        try:
            page.goto(base + "/")
            tap(page, "button", "Hint")
            page.get_by_text("Searching: playing each choice").wait_for()
            other.goto(base + "/")                  # the server answers meanwhile
            tap(other, "button", "Hint")            # a second tap, from a second phone
            other.get_by_text("Searching: playing each choice").wait_for()
            page.go_back()
            tap(page, "button", "Hint")             # and the first phone taps again
            assert len(calls) == 1
            gate.set()
            for tab in (page, other):
                tab.get_by_role("heading", name="Hint: your phase card, best first").wait_for(
                    timeout=WAIT)
        finally:
            gate.set()
            context.close()
            other_context.close()
    assert len(calls) == 1 and app.page.advice.searches.started == 1


def test_the_game_over_screen_links_the_review(browser, tmp_path):
    game = tmp_path / "over.json"
    play_to_the_end(game)
    app, new_page = serve(browser, game, preview=True)
    with running_server(app) as base:
        context, page = new_page()
        try:
            page.goto(base + "/")
            assert "You lost" in page.inner_text("main")
            tap(page, "link", "Review")
            page.get_by_role("heading", name="Review: you lost").wait_for(timeout=WAIT)
            assert page.get_by_role("heading", name="Turning points").count() == 1
            text = page.inner_text("section.advice")
            assert "3 decisions searched again" in text
            assert re.search(r"(blunder|mistake|inaccuracy) \(−\d+ points\)", text, re.I)
            shoot(page, "review")
        finally:
            context.close()
