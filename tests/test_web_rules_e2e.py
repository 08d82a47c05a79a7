"""The rules screen in a real browser, at phone sizes: reached from every
screen by its "Rules" link, searched without JavaScript, and reached from
the reason of a King's move by that reason's rule link.

With THRONE_PREVIEWS=1 the screen is saved to docs/previews/page-rules.png.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_web_helpers import content, running_server

from throne_pnp.cli import cli

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
PREVIEWS = Path(__file__).resolve().parents[1] / "docs" / "previews"


@pytest.fixture
def server(tmp_path):
    from throne_pnp.web.app import create_app

    game = tmp_path / "throne-game.json"
    result = CliRunner().invoke(cli, ["new", "--seed", "3", "--game", str(game)])
    assert result.exit_code == 0, result.output
    with running_server(create_app(game, content())) as base:
        yield base, game


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 360, "height": 640}])
def test_the_rules_screen_at_phone_size(browser, server, size) -> None:
    base, _ = server
    scale = 2 if os.environ.get("THRONE_PREVIEWS") else 1
    context = browser.new_context(viewport=size, device_scale_factor=scale, is_mobile=True,
                                  java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(base + "/")
        with page.expect_navigation():
            page.get_by_role("link", name=re.compile("^rules", re.I)).first.click()
        assert page.url.endswith("/rules")
        assert page.get_by_role("heading", name="The turn at a glance").is_visible()
        boards = page.locator("figure.example svg.diagram")
        assert boards.count() == 2 * len(content().examples)
        # the diagrams shrink to the screen: none reaches past its right edge
        rights = page.eval_on_selector_all(
            "svg.diagram, article", "els => els.map(e => e.getBoundingClientRect().right)")
        assert rights and max(rights) <= size["width"] + 1
        if os.environ.get("THRONE_PREVIEWS") and size["width"] == 390:
            page.locator("#example-movement").scroll_into_view_if_needed()
            page.screenshot(path=str(PREVIEWS / "page-rules.png"))
        # the search box is a plain GET form: it works without JavaScript
        page.get_by_label("Search the rules").fill("withdraw limit")
        with page.expect_navigation():
            page.get_by_role("button", name="Search").click()
        assert "q=withdraw+limit" in page.url
        ids = page.eval_on_selector_all("article.rule-section", "els => els.map(e => e.id)")
        assert "r14" in ids and "r1" not in ids
    finally:
        context.close()


def test_a_kings_move_links_the_rule_it_applies(browser, server) -> None:
    base, game = server
    result = CliRunner().invoke(cli, ["card", "9", "--game", str(game)])   # move-wheat, rally
    assert result.exit_code == 0, result.output
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(base + "/")
        links = page.get_by_role("link", name=re.compile("^rule R"))
        names = [links.nth(i).get_attribute("aria-label") for i in range(links.count())]
        assert "rule R3: why" in names and "rule R4: why" in names
        with page.expect_navigation():
            page.get_by_role("link", name="rule R3: why").first.click()
        assert page.url.endswith("/rules#r3")
        assert page.locator("#r3").is_visible()
        assert "How exactly do his cubes step?" in page.locator("#r3").inner_text()
    finally:
        context.close()
