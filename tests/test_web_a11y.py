"""Every screen of the table page passes axe-core and reads as a page, not a terminal.

axe-core (a test-only npm tool, see `web_browser`) runs on every screen at two
phone sizes, light and dark, and must report no violation at all. Each screen
also has one `h1`, a skip link, a favicon and no answer over 400, and none of
the command line's syntax (backticks, `--- Turn 1 ---`, `*** You LOST ***`,
`--options`, full paths) in its text; the "you" colour reads at 4.5:1.
"""

from __future__ import annotations

import re

import pytest
from test_web_helpers import content, running_server
from web_browser import PHONE, SMALL, axe_script, axe_violations
from web_screens import install, screens

pytest.importorskip("starlette")
CLI_SYNTAX = re.compile(r"`|---|\*\*\*|(?:^|\s)--[a-z]|(?:/[\w.-]+){2,}\.json")


@pytest.fixture(scope="module")
def every_screen(tmp_path_factory):
    return screens(tmp_path_factory.mktemp("screens"))


def contrast(page, selector: str) -> float:
    """The WCAG contrast of an element's text against the page's background."""
    return page.eval_on_selector(selector, """e => {
      const rgb = s => s.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => v / 255)
        .map(c => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      const lum = s => { const [r, g, b] = rgb(s); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
      const a = lum(getComputedStyle(e).color);
      const b = lum(getComputedStyle(document.body).backgroundColor);
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }""")


def check_screen(page, name: str, script, folder: str) -> list[str]:
    """What is wrong with the screen shown now (empty: nothing)."""
    problems = []
    for v in axe_violations(page, script):
        problems.append(f"{name}: axe {v['id']} ({v['impact']}): {v['nodes']}")
    if page.locator("h1").count() != 1:
        problems.append(f"{name}: {page.locator('h1').count()} h1 elements")
    text = page.evaluate("document.body.innerText")
    for found in CLI_SYNTAX.finditer(text):
        start = max(found.start() - 30, 0)
        problems.append(f"{name}: CLI syntax {text[start:found.end() + 30]!r}")
    if folder in text:
        problems.append(f"{name}: a full path on the page")
    return problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [PHONE, SMALL], ids=["390x844", "360x640"])
def test_axe_finds_nothing_on_any_screen(browser, tmp_path, every_screen, size, scheme):
    from throne_pnp.web.app import create_app

    script = axe_script()
    game = tmp_path / "throne-game.json"
    bad_answers: list[str] = []
    problems: list[str] = []
    with running_server(create_app(game, content())) as base:
        # axe's script is added to the page by Playwright; the page's CSP would refuse it
        context = browser.new_context(viewport=size, color_scheme=scheme, bypass_csp=True)
        page = context.new_page()
        page.on("response", lambda r: r.status >= 400 and bad_answers.append(
            f"{r.status} {r.url}"))
        for name, data, path in every_screen:
            page.goto("about:blank")            # no live refresh racing the next screen
            install(game, data)
            page.goto(base + path)
            problems += check_screen(page, name, script, str(tmp_path))
        # the messages after a command: a refusal, what undo asks, a stale form
        page.goto("about:blank")
        install(game, every_screen[3][1])       # Player Actions
        page.goto(base + "/?from=1&to=2#now")
        page.locator("input[name=count]").evaluate("e => e.removeAttribute('max')")
        page.locator("input[name=count]").fill("9")           # more than may go
        with page.expect_navigation():
            page.locator("button.movebtn").click()
        assert "Refused: move" in page.get_by_role("alert").inner_text()
        problems += check_screen(page, "a refusal", script, str(tmp_path))
        with page.expect_navigation():
            page.get_by_role("button", name=re.compile("^Undo the last command")).click()
        assert "Took back" in page.get_by_role("status").inner_text()
        problems += check_screen(page, "after undo", script, str(tmp_path))
        page.eval_on_selector_all("input[name=csrf]", "els => els.forEach(e => e.value = 'x')")
        with page.expect_navigation():
            page.get_by_role("button", name=re.compile("^Undo the last command")).click()
        assert "earlier server" in page.get_by_role("alert").inner_text()
        assert page.url == base + "/"           # a reload asks for the page, not the form
        problems += check_screen(page, "a stale form", script, str(tmp_path))
        # the cubes' colours against the page, as text
        page.goto(base + "/")
        assert contrast(page, ".terrs td.y:not(:empty)") >= 4.5
        assert contrast(page, ".terrs td.k:not(:empty)") >= 4.5
        context.close()
    assert [a for a in bad_answers if "/favicon" in a or "/static/" in a] == []
    assert [a for a in bad_answers if not a.startswith("403 ")] == []   # the stale form: 403
    assert problems == []


def test_skip_link_favicon_and_headings(browser, tmp_path, every_screen):
    from throne_pnp.web.app import create_app

    game = tmp_path / "throne-game.json"
    install(game, every_screen[2][1])           # a battle
    with running_server(create_app(game, content())) as base:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(base + "/")
        page.keyboard.press("Tab")
        skip = page.evaluate("[document.activeElement.textContent, "
                             "document.activeElement.getAttribute('href')]")
        assert skip == ["Skip to the game", "#main"]
        box = page.locator("a.skip").bounding_box()
        assert box and box["y"] >= 0                               # shown when focused
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "main"
        icon = page.eval_on_selector("link[rel=icon]", "e => e.href")
        answer = page.request.get(icon)
        assert answer.status == 200 and answer.headers["content-type"] == "image/svg+xml"
        assert answer.body().startswith(b"<svg") and len(answer.body()) < 1000
        assert page.request.get(base + "/favicon.ico").status == 200
        assert page.locator("h1").inner_text().startswith("Turn 1")
        assert page.locator("figure[role=img]").count() == 0
        context.close()
