"""SPEC §12, files the user owns: one test per case of issue 28 (each failed before it).

1. an output named after the save or a content file is refused, exit 2, file unchanged;
2. a save reached through a link is written at its target (the link stays) and
   locked by the target's path;
3. `--write-ladder` never writes the bundled edition of an installed package;
4. a client leaving mid-POST-body is no traceback on the server's terminal;
5. a link where a lock file should be is refused, never followed;
6. a write that fails (a file-size limit) leaves the old file whole and no temp file;
minor: the Host port is parsed strictly; `hint --budget N` plays at most N games; a
refused command on a non-save `--game` leaves no lock file; a file's mode is kept.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from fuzz_drop import http_request

from throne_pnp.assistant.lock import save_lock
from throne_pnp.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def run(folder: Path, *args: str):
    env = {"THRONE_CONTENT": None, "THRONE_GAME": None, "XDG_STATE_HOME": str(folder / "st")}
    before = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner(env=env).invoke(cli, list(args))
    finally:
        os.chdir(before)


def refused(result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert len(result.output.strip().splitlines()) == 1, result.output
    for word in words:
        assert word in result.output, (word, result.output)


def new_game(folder: Path, name: str = "throne-game.json") -> Path:
    result = run(folder, "new", "--seed", "3", "--game", name)
    assert result.exit_code == 0, result.output
    return folder / name


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# ------------------------------------------------------------------ 1. outputs over the save

def test_show_svg_and_simulate_plot_never_replace_the_save(tmp_path):
    game = new_game(tmp_path)
    before = game.read_bytes()
    refused(run(tmp_path, "show", "--svg", "throne-game.json"), "throne-game.json", "save",
            "--svg board.svg")
    refused(run(tmp_path, "simulate", "--games", "1", "--plot", "throne-game.json"),
            "throne-game.json", "save", "--plot")
    assert game.read_bytes() == before


def test_plot_never_replaces_a_content_file(tmp_path):
    assert run(tmp_path, "init", "ed").exit_code == 0
    mapfile = tmp_path / "ed" / "map.yaml"
    before = mapfile.read_bytes()
    refused(run(tmp_path, "simulate", "--games", "1", "--plot", "ed/map.yaml",
                "--content", "ed"), "ed/map.yaml", "edition")
    assert mapfile.read_bytes() == before


def test_outputs_through_links_and_into_the_package_are_refused(tmp_path):
    game = new_game(tmp_path)
    before = game.read_bytes()
    (tmp_path / "pic.svg").symlink_to(game)
    refused(run(tmp_path, "show", "--svg", "pic.svg"), "pic.svg", "save")
    assert (tmp_path / "pic.svg").is_symlink() and game.read_bytes() == before
    inside = ROOT / "throne_pnp" / "board-test.svg"
    refused(run(tmp_path, "show", "--svg", str(inside)), "package")
    assert not inside.exists()
    refused(run(tmp_path, "build", "--format", "svg", "--out", str(ROOT / "throne_pnp" / "o")),
            "package")
    assert not (ROOT / "throne_pnp" / "o").exists()
    refused(run(tmp_path, "recover", "--out", str(ROOT / "content" / "map.yaml")), "edition")


# ------------------------------------------------------------------ 2. saves through links

def test_a_save_through_a_link_is_written_at_its_target_and_the_link_stays(tmp_path):
    game = new_game(tmp_path, "real.json")
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    hand = json.loads(run(tmp_path, "status", "--json", "--game", "link.json").output)["hand"]
    result = run(tmp_path, "card", str(hand[0]), "--game", "link.json")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert len(json.loads(game.read_text())["commands"]) == 1
    assert not (tmp_path / ".link.json.lock").exists()
    assert (tmp_path / ".real.json.lock").exists()


@pytest.mark.slow
def test_the_link_and_its_target_share_one_lock(tmp_path):
    new_game(tmp_path, "real.json")
    (tmp_path / "link.json").symlink_to("real.json")
    with save_lock(tmp_path / "real.json"):
        result = run(tmp_path, "undo", "--game", "link.json")
    refused(result, "another throne command")


# ------------------------------------------------------------------ 3. the installed package

def _installed_copy(tmp_path: Path) -> Path:
    """The package as a wheel installs it: no checkout around, the edition inside."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "throne_pnp", site / "throne_pnp",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "content", site / "throne_pnp" / "edition")
    return site


def test_write_ladder_never_writes_the_installed_edition(tmp_path):
    site = _installed_copy(tmp_path)
    ladder = site / "throne_pnp" / "edition" / "ladder.yaml"
    before = ladder.read_bytes()
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("THRONE_CONTENT", None)
    result = subprocess.run([sys.executable, "-m", "throne_pnp", "simulate", "--games", "1",
                             "--sweep", "--ladder", "--write-ladder"], cwd=work, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 2, result.stderr
    assert "--content" in result.stderr and "throne init" in result.stderr
    assert ladder.read_bytes() == before
    result = subprocess.run([sys.executable, "-m", "throne_pnp", "simulate", "--games", "1",
                             "--sweep", "--ladder", "--write-ladder", "--content",
                             str(ladder.parent)], cwd=work, env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 2 and "package" in result.stderr, result.stderr
    assert ladder.read_bytes() == before


def test_write_ladder_keeps_the_files_mode(tmp_path):
    assert run(tmp_path, "init", "ed").exit_code == 0
    ladder = tmp_path / "ed" / "ladder.yaml"
    ladder.chmod(0o644)
    result = run(tmp_path, "simulate", "--games", "1", "--sweep", "--ladder", "--write-ladder",
                 "--content", "ed")
    assert result.exit_code == 0, result.output
    assert ladder.stat().st_mode & 0o777 == 0o644
    assert [p.name for p in ladder.parent.iterdir() if p.name.endswith(".tmp")] == []


# ------------------------------------------------------------------ 4. a client leaving

def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(tmp_path: Path, port: int) -> subprocess.Popen:
    new_game(tmp_path)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "st"), "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "throne_pnp", "serve", "--port",
                               str(port), "--game", str(tmp_path / "throne-game.json")],
                              cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise AssertionError("the server did not start")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_client_leaving_mid_body_is_no_traceback(tmp_path):
    pytest.importorskip("uvicorn")
    port = _free_port()
    server = _serve(tmp_path, port)
    try:
        for path in ("/card", "/new", "/move"):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                             "Content-Type: application/x-www-form-urlencoded\r\n"
                             "Content-Length: 5000\r\n\r\ncsrf=abc&card=".encode())
                time.sleep(0.3)
        time.sleep(0.5)
        answer = http_request(port, f"GET /version HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                                "Connection: close\r\n\r\n".encode(), timeout=5)
        assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=20)
    assert "Traceback" not in err and "ClientDisconnect" not in err, err[-3000:]
    assert len([line for line in err.splitlines() if "client left" in line]) <= 3


# ------------------------------------------------------------------ 5. the lock file

def test_a_link_where_the_lock_file_should_be_is_refused(tmp_path):
    new_game(tmp_path, "g.json")
    (tmp_path / ".g.json.lock").unlink()
    victim = tmp_path / "victim"
    (tmp_path / ".g.json.lock").symlink_to(victim)
    refused(run(tmp_path, "undo", "--game", "g.json"), ".g.json.lock", "link")
    assert not victim.exists()
    assert (tmp_path / ".g.json.lock").is_symlink()


def test_a_refused_command_on_a_non_save_leaves_no_lock_file(tmp_path):
    (tmp_path / "notes.txt").write_text("my notes\n")
    refused(run(tmp_path, "undo", "--game", "notes.txt"), "notes.txt")
    refused(run(tmp_path, "card", "3", "--game", "notes.txt"), "notes.txt")
    assert listing(tmp_path) == ["notes.txt"]
    assert (tmp_path / "notes.txt").read_text() == "my notes\n"


# ------------------------------------------------------------------ 6. failed writes

def _capped(limit: int):
    def cap() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return cap


def throne_capped(folder: Path, limit: int, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1",
           "XDG_STATE_HOME": str(folder / "st")}
    env.pop("THRONE_CONTENT", None)
    return subprocess.run([sys.executable, "-m", "throne_pnp", *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300,
                          preexec_fn=_capped(limit))


@pytest.mark.parametrize("args, name", [
    (("simulate", "--games", "2", "--sweep", "--plot", "out.svg"), "out.svg"),
    (("show", "--svg", "out.svg"), "out.svg"),
    (("build", "--format", "svg", "--out", "out"), "out/svg/map.svg"),
])
def test_a_failed_write_leaves_the_old_file_whole(tmp_path, args, name):
    new_game(tmp_path)
    target = tmp_path / name
    target.parent.mkdir(parents=True, exist_ok=True)
    old = b"<svg>" + b"x" * 8000 + b"</svg>\n"
    target.write_bytes(old)
    result = throne_capped(tmp_path, 2048, *args)
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert target.read_bytes() == old
    assert not [p for p in tmp_path.rglob("*.tmp")]


def test_a_failed_save_write_leaves_the_save_whole(tmp_path):
    game = new_game(tmp_path)
    before = game.read_bytes()
    hand = json.loads(run(tmp_path, "status", "--json").output)["hand"]
    result = throne_capped(tmp_path, len(before) // 2, "card", str(hand[0]))
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert game.read_bytes() == before
    assert not [p for p in tmp_path.rglob("*.tmp")]


# ------------------------------------------------------------------ minor

@pytest.mark.parametrize("host", ["localhost:evil.com", "127.0.0.1:8000@evil.com",
                                  "127.0.0.1:99999", "localhost:", "127.0.0.1:80:80",
                                  "127.0.0.1 :8000", "evil.com:8000", "[::1]:x"])
def test_the_host_port_is_parsed_strictly(host):
    from throne_pnp.web.security import Access

    assert not Access().host_ok(host)


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST:1",
                                  "::1"])
def test_our_own_hosts_pass(host):
    from throne_pnp.web.security import Access

    assert Access().host_ok(host)


def test_hint_budget_is_the_total_number_of_games(tmp_path):
    new_game(tmp_path)
    result = run(tmp_path, "hint", "--json", "--budget", "1", "--jobs", "1")
    if result.exit_code == 0:
        assert json.loads(result.output)["rollouts"] <= 1
    else:
        refused(result, "budget")
    result = run(tmp_path, "hint", "--json", "--budget", "7", "--jobs", "1")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["rollouts"] <= 7
    assert sum(o["samples"] for o in report["options"]) == report["rollouts"]


def test_an_existing_files_mode_is_kept_and_a_new_one_gets_the_usual(tmp_path):
    from throne_pnp.writing import write_text

    old = tmp_path / "old.txt"
    old.write_text("a")
    old.chmod(0o640)
    write_text(old, "b")
    assert old.read_text() == "b" and old.stat().st_mode & 0o777 == 0o640
    mask = os.umask(0o022)
    try:
        write_text(tmp_path / "new.txt", "c")
    finally:
        os.umask(mask)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.txt", "old.txt"]


# ------------------------------------------------------------------ found by the long run

def test_a_deeply_nested_yaml_file_is_refused_not_a_crash(tmp_path):
    """libyaml's composer recursed in C: 100,000 nested lists crashed the process."""
    (tmp_path / "pos.yaml").write_text("1:\n- null\n- " + "[" * 100_000 + "]" * 100_000 + "\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run([sys.executable, "-m", "throne_pnp", "new", "--at", "pos.yaml",
                             "--game", "g.json"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    assert "nested too deeply" in result.stderr
    assert not (tmp_path / "g.json").exists()


def test_a_libyaml_depth_limit_reads_as_the_same_refusal(monkeypatch):
    """Newer libyaml stops at its own nesting limit while scanning, before our depth
    count sees an event: that error must read as our one refusal, not a syntax hint."""
    import yaml

    from throne_pnp import yamlsrc

    def limited(text, Loader):   # what a libyaml with a limit raises mid-scan
        raise yaml.MarkedYAMLError(problem="exceeded maximum nesting depth",
                                   problem_mark=yaml.Mark("pos.yaml", 0, 2, 0, None, None))
    monkeypatch.setattr(yamlsrc.yaml, "parse", limited)
    with pytest.raises(yamlsrc.YamlProblem, match="nested too deeply"):
        yamlsrc.load_text("1:\n- " + "[" * 5000 + "]" * 5000 + "\n", "pos.yaml")


def test_init_under_a_file_size_limit_leaves_no_half_edition(tmp_path):
    result = throne_capped(tmp_path, 5000, "init", "ed2")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not (tmp_path / "ed2").exists()
    assert not [p for p in tmp_path.rglob("*") if p.name != "st"]
