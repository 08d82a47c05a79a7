"""The play history (`throne history`) and its exports for BG Stats and BGG.

A game ended with the CLI is kept once (finished again after an undo, it
replaces its entry); a review adds its counts; parallel writers lose no entry
and a writer killed with SIGKILL leaves a readable file; a damaged file is
never written over. The exports are compared with golden files of the
documented shapes (BG Stats' createPlay JSON in its URL-encoded link, its
import file, BGG's plays XML).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from test_assistant_helpers import greedy_pick, legal_commands, ok, session, status

from throne_pnp.assistant import history, playexport
from throne_pnp.cli import cli
from throne_pnp.stats import wilson

GOLDEN = Path(__file__).parent / "data" / "history"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "throne_pnp" / "history.json"


def finish(game: Path, seed: int) -> None:
    ok(game, "new", "--seed", str(seed), "--force")
    rng = random.Random(seed)
    while commands := legal_commands(game):
        ok(game, *greedy_pick(commands, rng))
    assert status(game)["outcome"] in ("won", "lost")


def _game(n: int, result: str = "won", **extra) -> dict:
    return {"id": f"g{n:03d}", "date": f"2026-11-{n:02d}T20:15:00+00:00", "level": "knight",
            "hard": [19, 23], "result": result, "turns": 6 + n, "duration_s": 1500 + 60 * n,
            "seed": 100 + n, "edition": "Kingdom of Prydon", "game": "3249e4efea2c1797",
            "mode": "virtual", "review": None, **extra}


def test_a_finished_game_is_kept_once(tmp_path: Path, data_home: Path) -> None:
    game = tmp_path / "g.json"
    finish(game, 31)
    kept = history.read()["games"]
    assert len(kept) == 1 and data_home.exists()
    entry = kept[0]
    assert entry["result"] == status(game)["outcome"] and entry["seed"] == 31
    assert entry["turns"] == status(game)["turn"] and entry["mode"] == "virtual"
    assert entry["level"] == "0 hard cards" and isinstance(entry["duration_s"], int)
    ok(game, "undo", "1")
    rng = random.Random(99)
    while commands := legal_commands(game):
        ok(game, *greedy_pick(commands, rng))
    again = history.read()["games"]
    assert len(again) == 1 and again[0]["id"] == entry["id"]
    report = {"decisions": [{"label": "blunder"}, {"label": None}, {"label": "mistake"},
                            {"label": "blunder"}]}
    assert history.record(session(game), report) == []
    assert history.read()["games"][0]["review"] == {
        "decisions": 4, "blunders": 2, "mistakes": 1, "inaccuracies": 0}
    before = data_home.read_bytes()
    assert history.keep_review(session(game), report) == []      # the page, reloaded
    assert data_home.read_bytes() == before
    finish(game, 5)                                   # another game: a second entry
    assert [g["seed"] for g in history.read()["games"]] == [31, 5]


WRITER = """
import sys
from throne_pnp.assistant import history
for n in range(int(sys.argv[2])):
    history.update(lambda d: d["games"].append(dict(
        id=f"{sys.argv[1]}-{n}", date="2026-12-01T00:00:00+00:00", level="1 hard card",
        result="won", turns=3, seed=n, edition="E", mode="virtual")))
"""


def _writers(count: int, each: int) -> list[subprocess.Popen]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return [subprocess.Popen([sys.executable, "-c", WRITER, f"w{i}", str(each)], env=env)
            for i in range(count)]


def test_parallel_writers_lose_no_entry(data_home: Path) -> None:
    for proc in _writers(6, 5):
        assert proc.wait(timeout=120) == 0
    ids = [g["id"] for g in history.read()["games"]]
    assert sorted(ids) == sorted(f"w{i}-{n}" for i in range(6) for n in range(5))


def test_a_writer_killed_mid_write_leaves_a_readable_history(data_home: Path) -> None:
    proc = _writers(1, 100000)[0]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(history.read()["games"]) < 20:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    kept = history.read()["games"]               # parses: whole file or the one before
    assert len(kept) >= 20
    history.update(lambda d: d["games"].clear())  # the lock died with it
    assert history.read()["games"] == []
    assert not [p for p in data_home.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_damaged_history_is_set_aside_never_overwritten(tmp_path: Path,
                                                          data_home: Path) -> None:
    data_home.parent.mkdir(parents=True)
    data_home.write_text('{"format": "throne-history", "games": [{"id": 3}]}')
    result = CliRunner().invoke(cli, ["history"])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "damaged" in result.output and data_home.read_text().endswith('3}]}')
    game = tmp_path / "g.json"
    assert "a new history started" in ok(game, "new", "--seed", "5").output
    rng = random.Random(5)
    while commands := legal_commands(game):
        ok(game, *greedy_pick(commands, rng))
    aside = [p for p in data_home.parent.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_text().endswith('3}]}')
    assert len(history.read()["games"]) == 1


def test_summary_levels_and_streak() -> None:
    games = [_game(1), _game(2, "lost"), _game(3), _game(4), {**_game(5), "level": "page"}]
    summary = history.summary(games)
    assert summary["count"] == 5 and summary["wins"] == 4
    knight = next(lv for lv in summary["levels"] if lv["level"] == "knight")
    assert (knight["games"], knight["wins"], knight["win_rate"]) == (4, 3, 0.75)
    assert knight["ci95"] == [round(v, 4) for v in wilson(3, 4)]
    assert summary["streak"] == {"result": "won", "games": 3}


@given(st.lists(st.sampled_from(["won", "lost"]), max_size=30))
def test_streak_is_the_tail_of_equal_results(results: list[str]) -> None:
    streak = history.summary([_game(1, r) for r in results])["streak"]
    tail = results[len(results) - streak["games"]:]
    assert streak["games"] <= len(results) and set(tail) <= {streak["result"]}
    if results and streak["games"] < len(results):
        assert results[-streak["games"] - 1] != streak["result"]


def test_chart_marks_every_game() -> None:
    svg = history.chart_svg([_game(1), _game(2, "lost"), _game(3)])
    assert svg.count("<circle") == 3 and 'id="win-rate"' in svg


@pytest.fixture
def utc(monkeypatch) -> None:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_bgstats_link_is_the_documented_json_url_encoded(utc) -> None:
    game = _game(2, review={"decisions": 9, "blunders": 1, "mistakes": 0, "inaccuracies": 2})
    link = playexport.bgstats_link(game)
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}?data=" == playexport.BGSTATS_LINK
    encoded = parts.query.removeprefix("data=")
    assert all(c.isalnum() or c in "%-._~" for c in encoded)      # nothing left unescaped
    golden = json.loads((GOLDEN / "bgstats-play.json").read_text())
    assert json.loads(unquote(encoded)) == golden


def test_bgstats_file_and_bgg_xml_match_their_golden_files(utc) -> None:
    games = [_game(1), _game(2, "lost")]
    assert playexport.bgstats_file(games) == json.loads(
        (GOLDEN / "bgstats-file.json").read_text())
    assert playexport.bgg_xml(games) == (GOLDEN / "bgg-plays.xml").read_text()


def test_history_cli_exports_and_refusals(tmp_path: Path, data_home: Path) -> None:
    runner = CliRunner()
    for args in (["--export", "bga"], ["--out", str(tmp_path / "x.xml")],
                 ["--export", "bgg"]):
        result = runner.invoke(cli, ["history", *args])
        assert result.exit_code == 2, args
        assert len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "x.xml").exists()
    history.update(lambda d: d["games"].extend([_game(1), _game(2, "lost")]))
    result = runner.invoke(cli, ["history", "--export", "bgstats", "--out",
                                 str(tmp_path / "plays.bgsplay")])
    assert result.exit_code == 0 and result.output.startswith(playexport.BGSTATS_LINK)
    assert len(json.loads((tmp_path / "plays.bgsplay").read_text())["plays"]) == 2
    result = runner.invoke(cli, ["history", "--export", "bgg", "--out", str(tmp_path / "p.xml")])
    assert result.exit_code == 0 and (tmp_path / "p.xml").read_text().count("<play ") == 2
    result = runner.invoke(cli, ["history", "--json", "--chart", str(tmp_path / "c.svg")])
    data = json.loads(result.output[result.output.index("{"):])
    assert data["count"] == 2 and data["streak"] == {"result": "lost", "games": 1}
    assert (tmp_path / "c.svg").read_text().count("<circle") == 2
    text = runner.invoke(cli, ["history"]).output
    assert "knight: 1 of 2 won, 50% (95 % interval 9%-91%)" in text


def test_the_page_shows_the_bgstats_link_as_a_qr_code_at_game_end(tmp_path: Path,
                                                                   data_home: Path) -> None:
    import html

    from test_web_helpers import make_client

    game = tmp_path / "g.json"
    finish(game, 7)
    client, _ = make_client(game)
    page = client.get("/").text
    link = playexport.bgstats_link(history.read()["games"][-1])
    assert f'href="{html.escape(link)}"' in page
    assert "History: record this play in BG Stats" in page
    assert page.count('class="segno"') == 1


@given(st.one_of(st.binary(max_size=200), st.builds(
    lambda games: json.dumps({"format": "throne-history", "games": games}).encode(),
    st.lists(st.dictionaries(st.sampled_from(list(history.FIELDS)),
                             st.one_of(st.integers(), st.text(max_size=5), st.none())),
             max_size=3))))
def test_any_damaged_file_is_a_history_error_never_a_crash(raw: bytes) -> None:
    try:
        data = history.parse(raw)
    except ValueError:
        return
    assert all(history._valid(g) for g in data["games"])


def test_an_unwritable_history_never_refuses_the_game(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))       # mkdir under a file fails
    game = tmp_path / "g.json"
    ok(game, "new", "--seed", "7")
    rng = random.Random(7)
    last = ""
    while commands := legal_commands(game):
        last = ok(game, *greedy_pick(commands, rng)).output
    assert "Note: the play history was not updated" in last
    assert status(game)["outcome"] in ("won", "lost")
