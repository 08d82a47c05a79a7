"""`throne serve`: the missing extra, the printed URL and QR code, a real process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_web_helpers import free_port

from throne_pnp.cli import cli

pytest.importorskip("starlette")
ROOT = Path(__file__).resolve().parents[1]


def test_without_the_web_extra_it_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)   # find_spec -> None: "not installed"
    result = CliRunner().invoke(cli, ["serve", "--game", str(tmp_path / "g.json")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and 'pip install "throne_pnp[web]"' in lines[0]
    assert "uvicorn" in lines[0]


def test_help_has_an_example():
    out = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "Example:" in out and "throne serve --lan" in out and "--port" in out


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port), "--game",
                                          str(tmp_path / "g.json")])
    assert result.exit_code == 2 and f"port {port} is in use" in result.output
    assert "Traceback" not in result.output


def test_lan_prints_the_url_with_its_token_and_a_qr_code(tmp_path, monkeypatch):
    from throne_pnp.web import server

    ran = {}
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.7.9")
    monkeypatch.setattr(server, "check_port", lambda host, port: None)
    monkeypatch.setattr(server, "run", lambda app, host, port: ran.update(
        app=app, host=host, port=port))
    result = CliRunner().invoke(cli, ["serve", "--lan", "--port", "8123", "--game",
                                      str(tmp_path / "g.json")])
    assert result.exit_code == 0, result.output
    token = ran["app"].page.config.access.token
    assert f"http://192.168.7.9:8123/?token={token}" in result.output
    assert "\u2580" in result.output or "\u2584" in result.output or "\u2588" in result.output
    assert ran["host"] == "0.0.0.0" and ran["port"] == 8123


def test_without_lan_it_listens_on_loopback_only(tmp_path, monkeypatch):
    from throne_pnp.web import server

    ran = {}
    monkeypatch.setattr(server, "check_port", lambda host, port: None)
    monkeypatch.setattr(server, "run", lambda app, host, port: ran.update(host=host))
    result = CliRunner().invoke(cli, ["serve", "--game", str(tmp_path / "g.json")])
    assert result.exit_code == 0 and "http://127.0.0.1:8000/" in result.output
    assert "token" not in result.output and ran["host"] == "127.0.0.1"


def test_serve_as_a_process(tmp_path):
    game = tmp_path / "g.json"
    assert CliRunner().invoke(cli, ["new", "--seed", "3", "--game", str(game)]).exit_code == 0
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "throne_pnp", "serve", "--port", str(port),
                             "--game", str(game)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    body = page.read().decode()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(proc.stdout.read() if proc.stdout else "") from None
                time.sleep(0.1)
        assert "Card 7" in body
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
