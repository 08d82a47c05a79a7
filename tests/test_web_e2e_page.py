"""The page at a phone's size: what the player must see first is in the first screen.

Game over in the title and at the top; a refused move's reason where the
player is looking; the choice to make before what the King did; no sideways
scrolling at 320 px; and with two phones at one table, each gets its own
messages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_web_helpers import content, running_server
from web_browser import PHONE, SMALL
from web_screens import install, screens

from throne_pnp.cli import cli

pytest.importorskip("starlette")
NARROW = {"width": 320, "height": 640}


def throne(game: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "--game", str(game)])
    assert result.exit_code == 0, result.output
    return result.output


def saved(game: Path) -> list[list[str]]:
    return json.loads(game.read_text())["commands"]


@pytest.fixture(scope="module")
def every_screen(tmp_path_factory):
    return {name: (data, path) for name, data, path in
            screens(tmp_path_factory.mktemp("screens"))}


@pytest.fixture
def serve(browser, tmp_path):
    """open(size) -> (page, base URL, save path) on a fresh server; all closed after."""
    from throne_pnp.web.app import create_app

    game = tmp_path / "throne-game.json"
    contexts = []
    with running_server(create_app(game, content())) as base:
        def open_page(size=PHONE, **options):
            context = browser.new_context(viewport=size, has_touch=True, **options)
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(10_000)
            return page, base, game
        try:
            yield open_page
        finally:
            for context in contexts:
                context.close()


def in_view(box: dict | None, size: dict) -> bool:
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_game_over_is_the_first_thing_shown(serve, every_screen):
    page, base, game = serve()
    install(game, every_screen["game over"][0])
    page.goto(base + "/")
    assert page.title().startswith("You lost · ")
    heading = page.locator("h1")
    assert heading.inner_text() == "You lost: your home castle has fallen."
    box = heading.bounding_box()
    assert box and box["y"] < 120                              # right under the header
    assert "Turn" not in page.locator("h1").inner_text()
    assert in_view(page.get_by_role("link", name="New game…").bounding_box(), PHONE)


def test_a_refused_move_says_why_where_the_player_is_looking(serve, tmp_path):
    page, base, game = serve(PHONE)
    start = tmp_path / "pos.yaml"
    start.write_text("{player: {1: 2}, king: {3: 2, 7: 2, 9: 2}}")
    throne(game, "new", "--seed", "3", "--at", str(start))
    throne(game, "card", "18")
    page.goto(base + "/?from=1&to=5#now")
    page.get_by_role("button", name="Move one cube more").tap()
    before = game.read_bytes()
    with page.expect_navigation():
        page.get_by_role("button", name="Move 2 from 1 to 5", exact=True).tap()
    assert game.read_bytes() == before
    alert = page.get_by_role("alert")
    assert "Refused: move" in alert.inner_text()
    assert "empties your home castle 1" in alert.inner_text()
    assert in_view(alert.bounding_box(), PHONE)               # in the viewport, not above it
    # and the move form is still right there: confirm, move
    page.get_by_label("Yes, empty my home castle").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Move 2 from 1 to 5", exact=True).tap()
    assert saved(game)[-1] == ["move 2 1 5"]


def test_the_choice_comes_first_on_every_screen(serve, every_screen):
    page, base, game = serve(PHONE)
    install(game, every_screen["withdraw"][0])
    page.goto(base + "/")
    buttons = page.get_by_role("button", name=re.compile("^Withdraw to ")).all()
    assert len(buttons) == 4
    for button in buttons:                                     # all above the fold
        assert in_view(button.bounding_box(), PHONE), button.inner_text()
    small, _, _ = serve(SMALL)
    for name in ("player actions", "a battle", "your card", "the King's card", "withdraw"):
        small.goto("about:blank")
        install(game, every_screen[name][0])
        small.goto(base + "/")
        choice = small.locator("#now").bounding_box()
        todo = small.locator(".table-todo")
        assert choice and choice["y"] < SMALL["height"] / 3, name
        if todo.count():
            assert todo.bounding_box()["y"] > choice["y"], name   # what the King did: after
    small.goto("about:blank")
    install(game, every_screen["player actions"][0])
    small.goto(base + "/")
    on_map, button = small.get_by_role("link", name=re.compile("^Move from 1 ")).all()
    assert on_map.bounding_box()["y"] < SMALL["height"] / 2      # the map: tap to move
    assert button.bounding_box()["y"] < small.locator(".table-todo").bounding_box()["y"]


def test_nothing_is_cut_at_320_pixels(serve, every_screen):
    page, base, game = serve(NARROW)
    for name in ("no game", "your card", "a battle", "player actions", "move to", "withdraw",
                 "game over", "fix a territory", "log", "a physical battle"):
        data, path = every_screen[name]
        page.goto("about:blank")
        install(game, data)
        page.goto(base + path)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 320, name
        for link in page.locator("header a:visible").all():   # the brand hides on a phone
            box = link.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 320, (name, link)
        new = page.get_by_role("link", name="New…")
        assert new.is_visible() and new.evaluate("e => e.scrollWidth <= e.clientWidth")


def test_each_phone_gets_its_own_message(serve):
    # no scripts: neither page refreshes itself, so each shows what it was shown
    one, base, game = serve(PHONE, java_script_enabled=False)
    two, _, _ = serve(PHONE, java_script_enabled=False)
    throne(game, "new", "--seed", "3")
    one.goto(base + "/")
    two.goto(base + "/")
    with one.expect_navigation():
        one.get_by_role("button", name=re.compile("^Card 7 · ")).tap()
    with two.expect_navigation():                              # an old page: nothing done
        two.get_by_role("button", name=re.compile("^Card 9 · ")).tap()
    assert saved(game) == [["card 7"]]
    stale = "the game moved on since this page was shown: nothing was done"
    assert stale in two.get_by_role("alert").inner_text()
    one.reload()
    assert one.get_by_role("alert").count() == 0 and stale not in one.inner_text("body")
    # the other way round: the first phone's refusal is for the first phone only
    two.reload()
    assert two.get_by_role("alert").count() == 0
    one.goto(base + "/?from=1&to=9")                           # not a legal move: no form
    one.goto(base + "/")
    with one.expect_navigation():
        one.get_by_role("button", name=re.compile("^Undo the last command")).tap()
    with two.expect_navigation():                              # two's page is now stale
        two.get_by_role("button", name=re.compile("^Battle ")).first.tap()
    assert saved(game) == []
    assert stale in two.get_by_role("alert").inner_text()
    assert "Took back" in one.get_by_role("status").inner_text()
    two.reload()
    assert "Took back" not in two.inner_text("body")          # undo's list: the first phone's


def test_a_message_waits_for_its_own_phone_only(tmp_path):
    """The race of two phones, without a browser's timing: one sends a stale form, the
    other shows the page before the first follows its redirect."""
    from test_web_helpers import make_client, post

    game = tmp_path / "g.json"
    throne(game, "new", "--seed", "3")
    one, app = make_client(game)
    old = one.get("/").text
    throne(game, "card", "7")
    two = type(one)(app, base_url=str(one.base_url), follow_redirects=False)
    two.get("/")                                                # two has its own cookie
    assert post(one, old, "/card", card=9).status_code == 303   # stale: nothing done
    assert "moved on" not in two.get("/").text                  # not two's message
    assert "moved on" in one.get("/").text                      # one's, when it looks
    assert saved(game) == [["card 7"]]
    post(two, two.get("/").text, "/undo")
    assert "Took back" not in one.get("/").text and "Took back" in two.get("/").text
