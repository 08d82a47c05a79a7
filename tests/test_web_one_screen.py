"""The page at the table (issue 33): each decision on one screen, every % labelled, players' words.

A whole virtual game tapped through at 390 x 844 and 360 x 640 (scripts/page_walk.py) never
needs a scroll and has the choice, Done and Hint in the first screen on every decision;
the board's words never cover each other (a King's count never lies on a name or
number); the battle screen says which % is the battle's and which the game's; no word
of the program's internals and one `h1` on every screen, axe-clean in light and dark.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_web_helpers import content, make_client, post, running_server
from web_browser import PHONE, SMALL, axe_script, axe_violations
from web_screens import install, screens

from throne_pnp.render.backend.layout import Circle
from throne_pnp.render.backend.mapgeom import Box
from throne_pnp.rules.position import Step

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
SIZES = pytest.mark.parametrize("size", [PHONE, SMALL], ids=["390x844", "360x640"])
INTERNALS = re.compile(r"\b(seed|rollouts?|greedy|bots?|budget|config|horizon)\b|->|\(s\)",
                       re.IGNORECASE)
MAP = content().map
MOVES = [(a, b) for a in MAP.numbers for b in sorted(MAP.territories[a].adjacent)]


@pytest.fixture(scope="module")
def every_screen(tmp_path_factory):
    return screens(tmp_path_factory.mktemp("screens"))


@pytest.fixture(scope="module")
def board():
    from throne_pnp.web.views import Art

    return Art(content()).map


@given(moves=st.lists(st.sampled_from(MOVES), min_size=1, max_size=4, unique=True))
def test_a_kings_count_never_covers_a_name_or_number(board, moves):
    counts: list[Box] = []
    for i, (a, b) in enumerate(moves):
        step = Step("move", 1, "king", None, src=a, dst=b)
        drawn = board._arrow(step, (7 + 2 * (i % 3)) / 3, counts)
        disc = next(item for item in drawn.items if isinstance(item, Circle))
        assert disc.r == counts[-1].w / 2
    for n, box in enumerate(counts):
        assert not any(box.overlaps(mark) for mark in board.marks), moves[n]


def test_the_battle_screen_sets_the_hints_best_beside_the_battles_best(tmp_path):
    from click.testing import CliRunner

    from throne_pnp.cli import cli

    game = tmp_path / "g.json"
    for command in ("new --seed 3", "card 7"):
        assert CliRunner().invoke(cli, [*command.split(), "--game", str(game)]).exit_code == 0
    client, app = make_client(game)
    page = client.get("/").text
    assert page.count("wins this battle</span>") == 4 and "not the game" in page
    assert "Best for this battle" not in page               # no hint asked for yet
    version = re.search(r'name="game" value="([^"]*)"', page).group(1)
    found = {"decision": "battle", "best": 0, "options": [
        {"commands": ["battle 11"], "why": "keeps card 18 for the castle"}]}
    job = app.page.advice.searches.start("hint", version, lambda job: found)
    end = time.monotonic() + 30
    while job.state != "done" and time.monotonic() < end:
        time.sleep(0.02)
    page = client.get("/").text
    assert ("Best for this battle: card 9; best for the game (the hint): card 11 — keeps card "
            "18 for the castle.") in page
    post(client, page, "/battle", card=9)


def test_the_cli_odds_say_the_percent_is_the_battles(tmp_path):
    from throne_pnp.sim.odds import odds_lines, planned_lines

    report = {"territory": 1, "defender": "player", "player_cubes": 2, "king_cubes": 1,
              "king_cards": [3, 4], "cards": [
                  {"card": 7, "win": 0.5, "lose": 0.25, "both_wiped_out": 0.25,
                   "expected_player_losses": 1.0, "expected_king_losses": 1.0}]}
    for lines in (odds_lines(report), planned_lines([report])):
        assert any("this battle" in line and "win the game" in line for line in lines)


def test_commands_read_as_sentences_with_territory_names():
    from throne_pnp.narrator.lines import Command

    names = {n: MAP.territories[n].name for n in MAP.numbers}
    assert Command("move", ("2", "1", "2")).sentence(names) == \
        f"move 2 cubes from 1 {names[1]} to 2 {names[2]}"
    assert Command("rally", ("3",)).sentence(names) == f"rally at 3 {names[3]}"
    assert Command("card").sentence(names) == "turn over the King's card"
    assert Command("battle", ("4",), (("king-card", "9"),)).sentence(names) == \
        "fight the battle with card 4, the King's card 9"


# ------------------------------------------------------------------ in the browser


@SIZES
def test_a_whole_game_by_taps_keeps_each_decision_on_one_screen(browser, size):
    from page_walk import walk

    found = walk(browser, 3, size)
    assert found["turns"] >= 5 and found["decision screens"] >= 40
    for button in ("choice", "done", "hint"):
        assert found[f"{button} off screen"].startswith("0/"), (button, found)
    assert found["scrolls"] == 0, found
    assert all(a == b for a, b in (h.split("/") for h in found["hands"])), found["hands"]


BOARD_TEXTS = """() => {
  const box = (e, what, arrow) => { const r = e.getBoundingClientRect();
    return {what, arrow, x: r.x, y: r.y, x2: r.right, y2: r.bottom}; };
  const boxes = [];
  for (const t of document.querySelectorAll('svg.board text')) {
    if (t.closest('.king-move')) continue;
    // the printed number under the large one drawn for a phone is no text to read
    if (!t.classList.contains('terrnum') && /^\\d+$/.test(t.textContent)) continue;
    boxes.push(box(t, t.textContent, -1));
  }
  document.querySelectorAll('svg.board .king-move').forEach((g, i) => {
    boxes.push(box(g.querySelector('circle'), 'count disc', i));
    boxes.push(box(g.querySelector('text'), 'count ' + g.textContent, i));
  });
  return boxes;
}"""


@SIZES
def test_no_words_on_the_board_cover_each_other(browser, every_screen, tmp_path, size):
    from throne_pnp.web.app import create_app

    game = tmp_path / "throne-game.json"
    with running_server(create_app(game, content())) as base:
        page = browser.new_context(viewport=size).new_page()
        for name in ("a battle", "player actions", "move to", "withdraw"):
            data = next(d for n, d, _ in every_screen if n == name)
            page.goto("about:blank")
            install(game, data)
            page.goto(base + "/")
            boxes = page.evaluate(BOARD_TEXTS)
            assert any(b["arrow"] >= 0 for b in boxes) or name == "withdraw", name
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    if a["arrow"] == b["arrow"] >= 0:
                        continue       # a count in its own disc
                    inside = min(a["x2"], b["x2"]) - max(a["x"], b["x"]) > 0.5 and \
                        min(a["y2"], b["y2"]) - max(a["y"], b["y"]) > 0.5
                    assert not inside, (name, a, b)
        page.context.close()


def _review_app(tmp_path):
    """An app on a game played to its end, its review searched in the server's thread
    at a budget just large enough for the paired intervals to flag turning points (boards)."""
    from web_screens import play_by_policy

    from throne_pnp.web.app import create_app

    game = tmp_path / "throne-game.json"
    play_by_policy(game, 16)
    return game, create_app(game, content(), review_budget=80, hint_budget=8,
                            search_in="thread")


def _wait_for(page, url: str, ready: str) -> None:
    page.goto(url)
    end = time.monotonic() + 240
    while ready not in page.content() and time.monotonic() < end:
        time.sleep(0.5)
        page.goto(url)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@SIZES
def test_every_screen_has_one_h1_no_internals_and_passes_axe(browser, every_screen, tmp_path,
                                                             size, scheme):
    script = axe_script()
    game, app = _review_app(tmp_path)
    over = game.read_bytes()
    problems: list[str] = []
    with running_server(app) as base:
        context = browser.new_context(viewport=size, color_scheme=scheme, bypass_csp=True)
        page = context.new_page()
        shown = [(name, data, path) for name, data, path in every_screen]
        shown += [("rules", over, "/rules"), ("review", over, "/review"),
                  ("hint, the game over", over, "/hint")]
        for name, data, path in shown:
            page.goto("about:blank")
            install(game, data)
            if name == "review":
                _wait_for(page, base + path, "Turning points")
                assert page.locator(".turnboards svg.board").count() >= 2
            else:
                page.goto(base + path)
            if page.locator("h1").count() != 1:
                problems.append(f"{name}: {page.locator('h1').count()} h1")
            problems += [f"{name}: axe {v['id']} ({v['impact']}) {v['nodes']}"
                         for v in axe_violations(page, script)
                         if v["impact"] in ("serious", "critical")]
            # the words the CLI takes may sit beside a command's sentence, small
            text = page.evaluate("document.querySelectorAll('.cli').forEach(e => e.remove()),"
                                 " document.body.innerText")
            problems += [f"{name}: {m.group(0)!r}" for m in INTERNALS.finditer(text)]
        context.close()
    assert not problems, "\n".join(problems)
