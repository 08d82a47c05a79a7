"""The table page's hint and review, in process: one search per game state, off the
event loop, never stale; the hint's choices played through the table's own routes."""

from __future__ import annotations

import html
import json
import re
import threading
import time

import pytest
from click.testing import CliRunner
from test_web_helpers import COMMAND_WORDS, button_names, content, game_of, make_client, post

from throne_pnp.assistant import advice
from throne_pnp.assistant.session import Session
from throne_pnp.cli import cli
from throne_pnp.errors import ThroneError
from throne_pnp.rules.actions import Action

pytest.importorskip("starlette")

HINT_BUDGET = 24
REVIEW_BUDGET = 80
WORDS = COMMAND_WORDS


def throne(game, *args):
    result = CliRunner().invoke(cli, [*args, "--game", str(game)])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "g.json"
    throne(path, "new", "--seed", "3")   # hand 7, 9, 11, 17, 18
    return path


def client_for(game, **settings):
    import warnings

    with warnings.catch_warnings():  # starlette 1.x prefers httpx2; httpx works the same
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from throne_pnp.web.app import create_app

    settings = {"hint_budget": HINT_BUDGET, "review_budget": REVIEW_BUDGET,
                "search_in": "thread", **settings}
    app = create_app(game, content(), **settings)
    return TestClient(app, base_url="http://127.0.0.1:8000", follow_redirects=False), app


def searches(app):
    return app.page.advice.searches


def finish(app, kind: str, timeout: float = 120.0):
    """Wait for the newest job of `kind` to end; that job."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        jobs = searches(app).latest(kind)
        if jobs and not jobs[0].running:
            return jobs[0]
        time.sleep(0.05)
    raise AssertionError(f"the {kind} search did not end")


def text_of(html: str) -> str:
    main = re.split(r"<main[^>]*>", html, maxsplit=1)[1]
    return " ".join(re.sub(r"<[^>]+>", " ", main).split())


def expected_hint(game_file, budget=HINT_BUDGET):
    """What `throne hint` says for the same state, budget and seed (deterministic)."""
    return advice.hint(Session.open(game_file, content()).game, budget=budget, seed=1, jobs=1)


def play_to_the_end(path):
    """A short lost game (seed 3: the highest card, the weakest battle card, done at
    once); three decisions to review."""
    from throne_pnp.assistant import commands
    from throne_pnp.sim.odds import next_battle_odds

    commands.new_game(path, content(), seed=3)
    for _ in range(50):
        session = Session.open(path, content())
        g = session.game
        need = g.need()
        if need.kind == "over":
            return
        if need.kind == "card":
            commands.play_card(session, sorted(g.hand)[-1])
        elif need.kind == "deal":
            commands.play_card(session, None)
        elif need.kind == "battle":
            rows = next_battle_odds(g)["cards"]
            commands.play_battle(session, min(rows, key=lambda r: (r["win"], r["card"]))["card"])
        elif need.kind == "withdraw":
            commands.withdraw(session, need.options[0])
        else:
            commands.done(session)
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ the button


def test_every_decision_screen_has_the_hint_button(game):
    client, _ = make_client(game)
    screens = [client.get("/").text]                        # the phase card
    post(client, screens[0], "/card", card=7)
    screens.append(client.get("/").text)                    # a battle card
    post(client, screens[1], "/battle", card=18)
    screens.append(client.get("/").text)                    # Player Actions
    for text in screens:
        names = button_names(text)
        assert "Hint: what would a strong player do?" in names
        tools = {"All done on the table", "Why?"}            # the checklist's, sending nothing
        assert all(n.lower().startswith(WORDS) for n in set(names) - tools), names
        form = re.search(r'<form method="get" action="/hint"[^>]*>(.*?)</form>', text, re.S)
        assert form and f'name="game" value="{game_of(text)}"' in form.group(1)


def test_a_withdrawal_has_the_hint_button(tmp_path):
    """Seed 1 played by greedy reaches a withdrawal on turn 5."""
    import random

    from throne_pnp.assistant import commands
    from throne_pnp.players.bots import GreedyBot

    path = tmp_path / "w.json"
    commands.new_game(path, content(), seed=1)
    bot = GreedyBot()
    calls = {"card": commands.play_card, "battle": commands.play_battle,
             "rally": commands.rally, "done": commands.done}
    for _ in range(100):
        session = Session.open(path, content())
        need = session.game.need()
        if need.kind == "withdraw":
            break
        if need.kind == "deal":
            commands.play_card(session, None)
            continue
        action = bot.decide(session.game, random.Random(1))[0]
        if action.kind == "move":
            commands.move(session, *action.args, confirmed=True)
        else:
            calls[action.kind](session, *action.args)
    assert need.kind == "withdraw"
    client, app = client_for(path)
    page = client.get("/").text
    assert "Hint: what would a strong player do?" in button_names(page)
    client.get("/hint")
    job = finish(app, "hint")
    assert job.state == "done" and job.result["decision"] == "withdraw"
    shown = client.get("/hint").text
    assert "Hint: where to withdraw, best first" in text_of(shown)
    goes = [n for n in button_names(shown) if n.startswith("Withdraw to ")]
    assert len(goes) == len(need.options)


def test_no_hint_button_when_nothing_is_yours_to_choose(tmp_path):
    path = tmp_path / "p.json"
    throne(path, "new", "--physical", "--seed", "2")
    client, app = client_for(path)
    throne(path, "hand", "1", "2", "3", "4", "5")
    throne(path, "card", "1")
    throne(path, "done")                      # now the King's card is to be turned over
    page = client.get("/")
    assert "Hint:" not in page.text
    shown = client.get("/hint")
    assert "Hint: nothing to choose now" in shown.text and searches(app).started == 0


# ------------------------------------------------------------------ the hint


def test_the_hint_shows_the_options_best_first_with_their_numbers(game):
    client, app = client_for(game)
    first = client.get("/hint")
    assert first.status_code == 200 and "Hint: searching" in first.text
    assert 'http-equiv="refresh"' in first.text          # for a page without JavaScript
    job = finish(app, "hint")
    assert job.state == "done", job.error
    page = client.get("/hint").text
    want = expected_hint(game)
    assert job.result == {**want, "seconds": job.result["seconds"]}
    text = text_of(page)
    assert "Hint: your phase card, best first" in text
    titles = re.findall(r"<h3>(Card \d+)", page)
    assert titles == [f"Card {o['commands'][0].split()[1]}" for o in want["options"]]
    for opt in want["options"]:
        lo, hi = (round(x * 100) for x in opt["ci95"])
        assert f"{round(opt['win'] * 100)}% wins the game (95% interval {lo}–{hi}%, " \
               f"{opt['samples']} games)" in text
        assert opt["why"] in text
    # each option's standing against the best (the CLI's words); those set aside apart, last
    for n in range(len(want["options"])):
        assert advice.standing(want, n) in text
    closes = sum(o["close"] and not o["set_aside"] for o in want["options"])
    assert text.count("close to the best") == closes
    if any(o["set_aside"] for o in want["options"]):
        assert text.index("Set aside early") > text.index(advice.standing(want, 0))
    assert f"Wins the game N%: the {advice.MEANS}." in text
    # the bars are drawn, decorative: the numbers are in the text
    bars = re.findall(r'<svg class="winbar"[^>]*>', page)
    assert len(bars) == len(want["options"]) and all('aria-hidden="true"' in b for b in bars)
    assert all(n.lower().startswith(WORDS) for n in button_names(page))
    assert searches(app).started == 1


def test_a_hint_option_is_played_through_the_table_route(game):
    client, app = client_for(game)
    client.get("/hint")
    finish(app, "hint")
    page = client.get("/hint").text
    best = expected_hint(game)["options"][0]["commands"][0]     # e.g. "card 11"
    card = best.split()[1]
    assert f"Card {card}: play this card" in button_names(page)
    done = post(client, page, "/card", card=card)
    assert done.status_code == 303 and done.headers["location"] == "/"
    assert json.loads(game.read_text())["commands"][0][0] == best   # (a card dealt may follow)


def test_a_second_tap_waits_for_the_running_search(game, monkeypatch):
    gate = threading.Event()
    calls = []
    real = advice.hint

    def slow(g, **kw):
        calls.append(kw)
        assert gate.wait(30)
        return real(g, **kw)

    monkeypatch.setattr(advice, "hint", slow)
    client, app = client_for(game)
    version = game_of(client.get("/").text)
    for _ in range(3):
        tapped = client.get(f"/hint?game={version}")
        assert "Hint: searching" in tapped.text
    # the server answers while the search runs
    assert client.get("/version").status_code == 200
    assert client.get("/").status_code == 200
    status = client.get(f"/advice/status?kind=hint&game={version}").json()
    assert status["state"] in ("waiting", "running") and status["game"] == version
    gate.set()
    finish(app, "hint")
    assert len(calls) == 1 and searches(app).started == 1
    assert calls[0]["budget"] == HINT_BUDGET and calls[0]["jobs"] == 1
    assert "best first" in client.get("/hint").text
    assert client.get(f"/advice/status?kind=hint&game={version}").json()["state"] == "done"
    assert searches(app).started == 1                       # cached for this game version


def test_a_stale_hint_is_never_shown_as_current(game):
    client, app = client_for(game)
    old = game_of(client.get("/").text)
    client.get("/hint")
    finish(app, "hint")
    throne(game, "card", "7")                               # the game moves on at the CLI
    moved = client.get(f"/hint?game={old}")
    assert "Hint: the game moved on" in moved.text and searches(app).started == 1
    fresh = client.get("/hint")                             # asked for now: a new search
    assert "Hint: searching" in fresh.text and searches(app).started == 2
    finish(app, "hint")
    assert "Hint: your battle card, best first" in client.get("/hint").text
    # the old state's answer is still cached, under its own version only
    assert searches(app).find("hint", old).state == "done"
    status = client.get(f"/advice/status?kind=hint&game={old}x").json()
    assert status["state"] == "none"


def test_the_plan_is_tapped_step_by_step(game):
    throne(game, "card", "7")
    throne(game, "battle", "18")
    client, app = client_for(game)
    client.get("/hint")
    assert finish(app, "hint").state == "done"
    plan = expected_hint(game)["options"][0]["commands"]
    page = client.get("/hint").text
    assert "Hint: your Player Actions, best first" in text_of(page)
    before = len(json.loads(game.read_text())["commands"])
    for n, command in enumerate(plan):
        action = Action.parse(command)
        names = button_names(page)
        steps = [x for x in names if x.lower().startswith(("move", "rally", "done"))]
        assert len(steps) == 1 and steps[0].lower().startswith(action.kind), (steps, command)
        fields = {"then": "plan"}
        if action.kind == "move":
            fields.update(count=action.args[0], **{"from": action.args[1]}, to=action.args[2])
        elif action.kind == "rally":
            fields.update(at=action.args[0])
        answer = post(client, page, f"/{action.kind}", **fields)
        assert answer.status_code == 303
        if n < len(plan) - 1:
            assert answer.headers["location"] == "/hint?plan=1#hint"
            page = client.get("/hint?plan=1").text
            assert f"Step {n + 2} of {len(plan)}" in text_of(page)
    saved = json.loads(game.read_text())["commands"][before:]
    assert [c for entry in saved for c in entry] == plan
    assert client.get("/hint?plan=1").headers.get("location") == "/"   # the plan is over
    assert searches(app).started == 1


def test_a_plan_left_for_another_move_is_not_continued(game):
    throne(game, "card", "7")
    throne(game, "battle", "18")
    client, app = client_for(game)
    client.get("/hint")
    finish(app, "hint")
    plan = expected_hint(game)["options"][0]["commands"]
    legal = Session.open(game, content()).game.legal_actions()
    other = next(a.text() for a in legal if a.kind in ("move", "rally") and a.text() != plan[0])
    throne(game, *other.split())
    assert client.get("/hint?plan=1").headers.get("location") == "/"


def test_a_failed_search_says_why_in_one_line(game, monkeypatch):
    def refuse(g, **kw):
        raise ThroneError("no decision of yours to advise on now")

    monkeypatch.setattr(advice, "hint", refuse)
    client, app = client_for(game)
    client.get("/hint")
    assert finish(app, "hint").state == "failed"
    page = client.get("/hint").text
    assert "Hint: no answer" in page and "no decision of yours to advise on now" in page
    assert "Hint: no answer" in client.get("/hint").text and searches(app).started == 1
    monkeypatch.undo()                                      # the trouble is gone
    assert "Hint: try again" in button_names(page)
    again = client.get("/hint?retry=1")
    assert "Hint: searching" in again.text and searches(app).started == 2
    assert finish(app, "hint").state == "done"
    client.get("/hint?retry=1")                             # a found hint is kept
    assert searches(app).started == 2


def test_the_server_searches_in_a_process_of_its_own(game):
    """The page's default: each search in a fresh process (which may fork its two
    workers; the server never does), with the same answer as in the thread."""
    import multiprocessing

    client, app = client_for(game, search_in="process")
    assert app.page.advice.jobs == advice.default_jobs()
    client.get("/hint")
    job = finish(app, "hint")
    assert job.state == "done", job.error
    assert job.result == {**expected_hint(game), "seconds": job.result["seconds"]}
    assert "best first" in client.get("/hint").text
    assert multiprocessing.active_children() == []       # the search process is gone


def test_the_budget_is_the_servers_setting(game):
    _, app = client_for(game, hint_budget=None, review_budget=None)
    assert app.page.advice.jobs == 1                # in the server's thread: no fork
    assert app.page.advice.hint_budget == advice.HINT_BUDGET
    assert app.page.advice.review_budget == advice.REVIEW_BUDGET
    _, app = client_for(game, hint_budget=7)
    assert app.page.advice.hint_budget == 7


# ------------------------------------------------------------------ the review


def test_the_review_after_the_game(tmp_path):
    path = tmp_path / "over.json"
    play_to_the_end(path)
    client, app = client_for(path)
    over = client.get("/").text
    assert "You lost" in over
    links = re.findall(r'<a class="button" href="([^"]+)">(Review[^<]*)</a>', over)
    assert links == [("/review#review", "Review the game: your decisions, and the best ones")]
    hint = client.get("/hint")
    assert "Hint: the game is over" in hint.text and searches(app).started == 0
    first = client.get("/review").text
    assert "Review: searching your decisions" in first
    job = finish(app, "review")
    assert job.state == "done", job.error
    session = Session.open(path, content())
    found = advice.decisions(session.replay(0),
                             [Action.parse(t) for c in session.save.commands for t in c])
    want = advice.review(found, budget=REVIEW_BUDGET, seed=1, jobs=1)
    assert job.result == want and (job.done, job.total) == (len(found), len(found))
    page = client.get("/review").text
    text = text_of(page)
    assert "Review: you lost" in text
    assert f"{len(want['decisions'])} decisions searched again" in text
    assert want["turning_points"], "the scripted game has a turning point"
    turning = page.split("<h3>Turning points</h3>")[1].split("<h3>Every decision</h3>")
    for i in want["turning_points"]:
        row = want["decisions"][i]
        assert row["label"] in turning[0]
        assert f"(−{round(row['drop'] * 100)} points)" in turning[0]
        assert html.escape(row["why"], quote=False) in turning[0]
    items = re.findall(r'<li class="(\w+)">', turning[1])
    assert items == [r["label"] or "fine" for r in want["decisions"]]
    status = client.get(f"/advice/status?kind=review&game={job.version}").json()
    assert status["state"] == "done" and status["total"] == len(found)
    client.get("/review")
    assert searches(app).started == 1


def test_the_review_shows_its_progress(tmp_path, monkeypatch):
    path = tmp_path / "over.json"
    play_to_the_end(path)
    gate = threading.Event()
    real = advice.review_one

    def slow(decision, budget, seed):
        assert gate.wait(30)
        return real(decision, budget, seed)

    monkeypatch.setattr(advice, "review_one", slow)
    client, app = client_for(path)
    client.get("/review")
    deadline = time.monotonic() + 30
    while searches(app).latest("review")[0].total == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    page = text_of(client.get("/review").text)
    assert "Reviewing decision 1 of 3" in page
    gate.set()
    assert finish(app, "review").state == "done"


def test_the_review_in_a_process_reports_its_progress(tmp_path):
    path = tmp_path / "over.json"
    play_to_the_end(path)
    client, app = client_for(path, search_in="process")
    seen = []
    client.get("/review")
    job = searches(app).latest("review")[0]
    while job.running:
        seen.append((job.done, job.total))
        time.sleep(0.01)
    assert job.state == "done", job.error
    assert (job.done, job.total) == (3, 3) and all(t in (0, 3) for _, t in seen)
    session = Session.open(path, content())
    found = advice.decisions(session.replay(0),
                             [Action.parse(t) for c in session.save.commands for t in c])
    assert job.result == advice.review(found, budget=REVIEW_BUDGET, seed=1, jobs=1)


def test_no_review_while_the_game_goes_on(game):
    client, app = client_for(game)
    page = client.get("/review").text
    assert "Review: the game is not over" in page and searches(app).started == 0


# ------------------------------------------------------------------ the jobs


def test_searches_start_one_job_per_state_and_keep_the_last_few():
    """Any sequence of asks: a search starts only for a state with no job kept, each
    answer is its own state's, and at most `KEEP` finished jobs per kind are kept
    (the oldest go first)."""
    from hypothesis import example, given, settings
    from hypothesis import strategies as st

    from throne_pnp.web.searches import KEEP, Searches

    @settings(max_examples=40, deadline=None)
    @given(st.lists(st.tuples(st.sampled_from(["hint", "review"]),
                              st.sampled_from("abcdefghij")), max_size=40))
    @example([("hint", v) for v in "abcdefgha"])       # the oldest forgotten, asked again
    @example([("review", v) for v in "abcdefgb"])      # the second oldest still kept
    def run(asks):
        jobs = Searches()
        kept: dict[str, list[str]] = {"hint": [], "review": []}
        started = 0
        for kind, version in asks:
            job = jobs.start(kind, version, lambda j: {"for": (j.kind, j.version)})
            if version not in kept[kind]:
                started += 1
                kept[kind].append(version)
                del kept[kind][:max(0, len(kept[kind]) - 1 - KEEP)]
            deadline = time.monotonic() + 10
            while job.running and time.monotonic() < deadline:
                time.sleep(0.001)
            assert job.state == "done" and job.result == {"for": (kind, version)}
        assert jobs.started == started
        for kind, versions in kept.items():
            assert [j.version for j in jobs.latest(kind)] == versions[::-1]

    run()
