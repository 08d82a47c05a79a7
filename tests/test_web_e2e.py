"""End to end in a real browser: Chromium at a phone's size, driving the running server.

A whole virtual game is played by taps alone, a physical turn with the card
pads, an undo, a refusal, and the CLI and the page take turns on one save.
With THRONE_PREVIEWS=1 the screens are also saved to docs/previews/page-*.png.
The browser is the OS Chromium (Playwright's own download is not needed);
the tests skip, saying why, only when no browser can be had.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_web_helpers import content, running_server
from web_screens import play_by_policy

from throne_pnp.cli import cli

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
PHONE = {"width": 360, "height": 640}
PREVIEWS = Path(__file__).resolve().parents[1] / "docs" / "previews"
TAP_LIMIT = 80


def throne(game: Path, *args: str):
    result = CliRunner().invoke(cli, [*args, "--game", str(game)])
    assert result.exit_code == 0, result.output
    return result.output


def saved(game: Path) -> list[list[str]]:
    return json.loads(game.read_text())["commands"]


@pytest.fixture
def table(browser, tmp_path):
    """(page, base URL, save path): a phone-sized page on a fresh server."""
    from throne_pnp.web.app import create_app

    game = tmp_path / "throne-game.json"
    app = create_app(game, content())
    with running_server(app) as base:
        scale = 2 if os.environ.get("THRONE_PREVIEWS") else 1
        context = browser.new_context(viewport=PHONE, device_scale_factor=scale,
                                      has_touch=True, is_mobile=True)
        page = context.new_page()
        page.set_default_timeout(10_000)
        try:
            yield page, base, game
        finally:
            context.close()


def tap(page, role: str, name: str, exact: bool = False) -> None:
    """Tap a button or link by its accessible name and wait for the next page."""
    target = page.get_by_role(role, name=re.compile("^" + re.escape(name)) if not exact
                              else name).first
    with page.expect_navigation():
        target.tap()


def shoot(page, name: str, selector: str | None = None) -> None:
    """Save a phone-sized screenshot for the docs (only with THRONE_PREVIEWS=1)."""
    if not os.environ.get("THRONE_PREVIEWS"):
        return
    PREVIEWS.mkdir(parents=True, exist_ok=True)
    if selector:
        page.locator(selector).first.scroll_into_view_if_needed()
        page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(PREVIEWS / f"page-{name}.png"))


def names(page, prefix: str) -> list[str]:
    return [n for n in (b.get_attribute("aria-label") or b.inner_text()
                        for b in page.get_by_role("button").all()) if n.startswith(prefix)]


def policy_commands(tmp_path: Path) -> tuple[list[list[str]], str, int]:
    """The same simple policy run through `assistant.commands` directly."""
    session = play_by_policy(tmp_path / "direct.json", 14, TAP_LIMIT)
    return session.save.commands, session.game.outcome or "", session.game.turn


def test_a_whole_virtual_game_by_taps(table, tmp_path):
    page, base, game = table
    throne(game, "new", "--seed", "14")
    page.goto(base + "/")
    shots = set()
    taps = 0
    while not (page.get_by_text("You lost: your home castle has fallen.").count() or
               page.get_by_text("You won: every castle is yours.").count()):
        assert taps < TAP_LIMIT, "the game did not end within the tap limit"
        taps += 1
        king = page.get_by_role("button", name="Card: turn over the King's card")
        if king.count():
            tap(page, "button", "Card: turn over the King's card", exact=True)
        elif page.locator("button.cardbtn.best").count():
            if "battle" not in shots:
                shots.add("battle")
                assert_cards_above_the_fold(page)
                shoot(page, "battle")
            with page.expect_navigation():
                page.locator("button.cardbtn.best").first.tap()
        elif names(page, "Card "):
            if "card" not in shots:
                shots.add("card")
                shoot(page, "card", "section.now")
            tap(page, "button", "Card ")
        elif names(page, "Withdraw to"):
            tap(page, "button", "Withdraw to")
        elif names(page, "Rally at"):
            if "actions" not in shots:
                shots.add("actions")
                shoot(page, "actions", "section.now")
            tap(page, "button", "Rally at")
        else:
            assert page.get_by_role("button", name=re.compile("^Done: end Player Actions")).count()
            tap(page, "button", "Done")
    expected, outcome, turn = policy_commands(tmp_path)
    assert (outcome, turn) == ("lost", 7) and len(expected) == 34 == taps
    assert saved(game) == expected
    assert page.inner_text("h1") == "You lost: your home castle has fallen."
    assert page.get_by_role("link", name="New game…").count() == 1
    shoot(page, "over")


def test_a_physical_turn_with_the_pad(table):
    page, base, game = table
    page.goto(base + "/")
    page.get_by_label("Physical: I shuffle").check()
    tap(page, "button", "New game", exact=True)
    assert json.loads(game.read_text())["mode"] == "physical"
    shoot(page, "pad", "section.now")
    tap(page, "button", "Card 16 · Long Winter", exact=True)
    tap(page, "button", "Done")
    tap(page, "button", "Card 3 · Iron Rain, the King's card", exact=True)
    # Player Actions on the map: tap 1, tap 2, then the move button
    tap(page, "link", "Move from 1 · Ashford")
    tap(page, "link", "Move to 2 · Brackenmoor")
    tap(page, "button", "Move 1 from 1 to 2", exact=True)
    tap(page, "link", "Move from 2 · Brackenmoor")
    tap(page, "link", "Move to 7 · Greywatch")
    tap(page, "button", "Move 1 from 2 to 7", exact=True)
    tap(page, "button", "Done")
    assert "Battle in 7" in page.inner_text("section.now")
    tap(page, "button", "Battle 7 (Shieldwall): ")
    tap(page, "button", "Battle: the King's card 10 · Hidden Blade")
    options = names(page, "Withdraw to")
    assert [o.split(" · ")[0] for o in options] == ["Withdraw to 2", "Withdraw to 4",
                                                    "Withdraw to 5", "Withdraw to 8"]
    shoot(page, "withdraw", "section.now")
    tap(page, "button", "Withdraw to 2")
    assert saved(game) == [["card 16"], ["done"], ["card 3"], ["move 1 1 2"], ["move 1 2 7"],
                           ["done"], ["battle 7"], ["deal 10"], ["withdraw 2"]]


def test_an_undo_by_tap(table):
    page, base, game = table
    throne(game, "new", "--seed", "3")
    page.goto(base + "/")
    tap(page, "button", "Card 7 · Shieldwall")
    assert_cards_above_the_fold(page)
    # the territory numbers on the map, and the names under it, readable on a phone
    heights = page.eval_on_selector_all(
        "svg.board text.terrnum", "els => els.map(e => e.getBoundingClientRect().height)")
    assert len(heights) == 9 and min(heights) >= 11
    legend = page.locator(".legend span").all()
    assert [e.inner_text() for e in legend][:2] == ["1 Ashford", "2 Brackenmoor"]
    assert min(e.bounding_box()["height"] for e in legend) >= 11
    shoot(page, "board", ".boardwrap")
    tap(page, "button", "Undo the last command")
    assert saved(game) == []
    alert = page.get_by_role("status").inner_text()
    assert "Took back \u201cplay card 7 (card 7)\u201d" in alert
    assert "move 1 King cube from 5 Middlemere to 3 Corvid Keep" in alert
    shoot(page, "undo")
    assert len(names(page, "Card ")) == 5
    # fix the record by taps alone: a territory, then the counts the table shows
    tap(page, "link", "Fix the record")
    tap(page, "link", "Fix 7 · Greywatch")
    page.get_by_role("group", name="King's cubes on the table").get_by_text("3").tap()
    shoot(page, "fix")
    tap(page, "button", "Fix territory 7", exact=True)
    assert saved(game) == [["fix 7 king=3 player=0"]]


def test_a_refusal_by_tap_and_its_reason(table, tmp_path):
    page, base, game = table
    start = tmp_path / "pos.yaml"
    start.write_text("{player: {1: 1, 5: 1}, king: {3: 2, 7: 2, 9: 2}}")
    throne(game, "new", "--seed", "3", "--at", str(start))
    throne(game, "card", "18")
    page.goto(base + "/")
    tap(page, "link", "Move from 1 · Ashford")
    tap(page, "link", "Move to 5 · Middlemere")
    before = game.read_bytes()
    tap(page, "button", "Move 1 from 1 to 5", exact=True)
    alert = page.get_by_role("alert")
    assert "Refused: move" in alert.inner_text()
    assert "empties your home castle 1" in alert.inner_text()
    assert game.read_bytes() == before
    shoot(page, "refused")
    # the page is back at the same two taps: confirm and move
    page.get_by_label("Yes, empty my home castle").check()
    tap(page, "button", "Move 1 from 1 to 5", exact=True)
    assert saved(game)[-1] == ["move 1 1 5"]


def test_a_move_out_of_home_keeps_one_cube_there_unless_told(table, tmp_path):
    page, base, game = table
    start = tmp_path / "pos.yaml"
    start.write_text("{player: {1: 3, 6: 1}, king: {3: 2, 7: 2, 9: 2}}")
    throne(game, "new", "--seed", "3", "--at", str(start))
    throne(game, "card", "18")
    page.goto(base + "/")
    tap(page, "link", "Move from 1 · Ashford")
    tap(page, "link", "Move to 5 · Middlemere")
    assert page.locator("input[name=count]").input_value() == "2"
    warning = page.get_by_text("empties your home castle")
    assert not warning.is_visible()                         # 2 of 3: home keeps one
    page.get_by_role("button", name="Move one cube more").tap()
    assert warning.is_visible() and names(page, "Move 3 from 1 to 5")
    page.get_by_role("button", name="Move one cube fewer").tap()
    assert not warning.is_visible()
    tap(page, "button", "Move 2 from 1 to 5", exact=True)
    assert saved(game)[-1] == ["move 2 1 5"]


def test_a_second_phone_acting_on_an_old_page_does_nothing(table, browser):
    page, base, game = table
    throne(game, "new", "--seed", "3")
    # the second phone runs no script, so its page stays as it was first shown
    other = browser.new_context(viewport=PHONE, java_script_enabled=False,
                                has_touch=True).new_page()
    try:
        other.goto(base + "/")
        page.goto(base + "/")
        tap(page, "button", "Card 7 · Shieldwall")
        before = game.read_bytes()
        tap(other, "button", "Card 9")                      # an old page: card 9 was legal
        assert game.read_bytes() == before and saved(game) == [["card 7"]]
        alert = other.get_by_role("alert").inner_text()
        assert "the game moved on since this page was shown: nothing was done" in alert
        tap(other, "button", "Battle 18 · Call to Arms")    # the page shown now works
        assert saved(game)[-1][0] == "battle 18"
    finally:
        other.context.close()


def assert_cards_above_the_fold(page) -> None:
    """In a battle every card of the hand, with its odds, is in the first screen."""
    assert page.evaluate("window.scrollY") == 0
    cards = page.locator("button.cardbtn").all()
    assert cards
    for card in cards:
        box = card.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], box
        assert "wins this battle" in card.inner_text()


def test_cli_and_page_take_turns_on_one_save(table):
    page, base, game = table
    throne(game, "new", "--seed", "3")
    page.goto(base + "/")
    throne(game, "card", "7")                              # at the keyboard...
    page.get_by_text("after \u201cplay card 7").wait_for(timeout=8000)   # ...shows without a reload
    tap(page, "button", "Battle 18 · Call to Arms")        # on the phone
    assert saved(game)[-1][0] == "battle 18"
    status = json.loads(throne(game, "status", "--json"))
    assert status["step"] == "actions"
    throne(game, "done")
    page.get_by_role("button", name="Card: turn over the King's card").wait_for(timeout=8000)
    tap(page, "button", "Card: turn over the King's card", exact=True)
    log = throne(game, "log")
    assert "King's card" in log.splitlines()[-1]


def test_the_page_works_without_javascript(browser, tmp_path):
    from throne_pnp.web.app import create_app

    game = tmp_path / "g.json"
    throne(game, "new", "--seed", "3")
    with running_server(create_app(game, content())) as base:
        context = browser.new_context(viewport=PHONE, java_script_enabled=False, has_touch=True)
        page = context.new_page()
        page.goto(base + "/")
        tap(page, "button", "Card 7 · Shieldwall")
        tap(page, "button", "Battle 18 · Call to Arms")
        tap(page, "link", "Move from 1 · Ashford")
        tap(page, "link", "Move to 2 · Brackenmoor")
        assert page.get_by_role("button", name="Move one cube more").is_hidden()
        tap(page, "button", "Move 1 from 1 to 2", exact=True)
        context.close()
    assert saved(game)[-1] == ["move 1 1 2"]


def test_joining_with_the_lan_token_in_a_real_browser(browser, tmp_path):
    from throne_pnp.web.app import create_app
    from throne_pnp.web.security import Access

    game = tmp_path / "g.json"
    throne(game, "new", "--seed", "3")
    access = Access(token="table-token-for-the-test")
    with running_server(create_app(game, content(), access)) as base:
        stranger = browser.new_context(viewport=PHONE)
        refused = stranger.new_page().goto(base + "/")
        assert refused is not None and refused.status == 401
        stranger.close()
        phone = browser.new_context(viewport=PHONE, has_touch=True)
        page = phone.new_page()
        page.goto(f"{base}/?token={access.token}")
        assert page.url == base + "/"                       # the token left the address
        tap(page, "button", "Card 7 · Shieldwall")           # forms and polls carry the cookie
        assert page.evaluate("document.cookie") == ""        # HttpOnly: scripts cannot read it
        assert page.evaluate("fetch('/version').then(r => r.status)") == 200
        phone.close()
    assert saved(game) == [["card 7"]]


def test_dark_mode_and_the_new_game_screen(browser, tmp_path):
    from throne_pnp.web.app import create_app

    game = tmp_path / "g.json"
    with running_server(create_app(game, content())) as base:
        context = browser.new_context(viewport=PHONE, color_scheme="dark")
        page = context.new_page()
        page.goto(base + "/")
        shoot(page, "new")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(22, 19, 15)"
        for button in page.get_by_role("button").all():
            box = button.bounding_box()
            assert box and box["height"] >= 44 and box["width"] >= 44
        throne(game, "new", "--seed", "3")
        page.goto(base + "/")
        shoot(page, "dark")
        throne(game, "card", "7")
        throne(game, "battle", "18")
        for path in ("/", "/?from=1&to=2", "/fix", "/log"):
            page.goto(base + path)
            # (the brand hides on a phone: "Table" goes to the same place)
            targets = page.locator("button:visible, header a:visible, a.button, .checklist label")
            assert targets.count() > 3
            for i in range(targets.count()):
                box = targets.nth(i).bounding_box()
                assert box and box["height"] >= 44 and box["width"] >= 44, (path, i)
        context.close()
