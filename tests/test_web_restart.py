"""A restarted server keeps the open pages working: kept secrets, a free port at once.

The anti-forgery secret and the `--lan` token are kept per save in the user's
state folder (`secretstore`), private to the user; a page from before a
restart still works, and a form whose secret is unknown gets the page back
with one readable line. `check_port` binds as uvicorn does, so the port of a
server just stopped is free at once.
"""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_web_helpers import content, csrf_of, free_port, game_of, make_client, running_server
from web_browser import PHONE

from throne_pnp.cli import cli
from throne_pnp.errors import ThroneError

pytest.importorskip("starlette")


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "throne-game.json"
    assert CliRunner().invoke(cli, ["new", "--seed", "3", "--game", str(path)]).exit_code == 0
    return path


def saved_commands(game: Path) -> list[list[str]]:
    import json

    return json.loads(game.read_text())["commands"]


# ------------------------------------------------------------------ the kept secrets

def test_secrets_are_kept_per_save_and_private(tmp_path, monkeypatch):
    from throne_pnp.web.secretstore import secrets_file, secrets_for

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    one, two = tmp_path / "a.json", tmp_path / "b.json"
    first = secrets_for(one)
    assert secrets_for(one) == first                         # reused on restart
    assert secrets_for(tmp_path / "." / "a.json") == first   # the same save, another spelling
    other = secrets_for(two)
    assert other.csrf != first.csrf and other.token != first.token
    path = secrets_file(one)
    assert path is not None and path.parent == tmp_path / "state" / "throne_pnp" / "serve"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert len(first.csrf) >= 30 and len(first.token) >= 24
    assert secrets_for(one, fresh=True) != first              # --new-token
    assert secrets_for(one) != first


@pytest.mark.parametrize("spoil", ["too open", "corrupt", "another save", "bad secret"])
def test_a_kept_file_that_cannot_be_trusted_is_replaced(tmp_path, monkeypatch, spoil):
    import json

    from throne_pnp.web.secretstore import secrets_file, secrets_for

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    save = tmp_path / "a.json"
    first = secrets_for(save)
    path = secrets_file(save)
    data = json.loads(path.read_text())
    if spoil == "too open":
        path.chmod(0o644)
    elif spoil == "corrupt":
        path.write_text("{not json")
    elif spoil == "another save":
        path.write_text(json.dumps({**data, "save": str(tmp_path / "other.json")}))
    else:
        path.write_text(json.dumps({**data, "csrf": "short"}))
    again = secrets_for(save)
    assert again != first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and secrets_for(save) == again


def test_without_a_state_folder_the_secrets_are_fresh(tmp_path, monkeypatch):
    from throne_pnp.web import secretstore

    monkeypatch.setattr(secretstore, "state_dir", lambda: None)
    save = tmp_path / "a.json"
    assert secretstore.secrets_for(save) != secretstore.secrets_for(save)


def test_an_unwritable_state_folder_is_no_error(tmp_path, monkeypatch):
    from throne_pnp.web.secretstore import secrets_for

    blocker = tmp_path / "state"
    blocker.write_text("a file where the folder would be")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))
    assert secrets_for(tmp_path / "a.json").csrf


def test_the_state_folder_follows_xdg(tmp_path, monkeypatch):
    from throne_pnp.userdirs import state_dir

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert state_dir() == tmp_path / "throne_pnp"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert state_dir() == tmp_path / "home" / ".local" / "state" / "throne_pnp"


def test_a_restarted_lan_server_keeps_its_token_and_forms(game, monkeypatch):
    from throne_pnp.web import server
    from throne_pnp.web.security import COOKIE

    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.23")
    _, _, _, before = server.build(game, content(), lan=True)
    _, _, _, after = server.build(game, content(), lan=True)
    assert before.token == after.token and before.csrf == after.csrf
    client, _ = make_client(game, before)
    client.get(f"/?token={before.token}")
    page = client.get("/").text
    restarted, _ = make_client(game, after)                   # a new app, the old cookie
    restarted.cookies.set(COOKIE, client.cookies[COOKIE])
    answer = restarted.post("/card", data={"csrf": csrf_of(page), "game": game_of(page),
                                           "card": "7"})
    assert answer.status_code == 303 and saved_commands(game) == [["card 7"]]
    _, _, _, renewed = server.build(game, content(), lan=True, new_token=True)
    assert renewed.token != before.token and renewed.csrf != before.csrf


def test_a_stale_form_gets_the_page_and_one_readable_line(game):
    client, _ = make_client(game)
    page = client.get("/").text
    other, _ = make_client(game)                              # a server with other secrets
    before = game.read_bytes()
    answer = other.post("/card", data={"csrf": csrf_of(page), "game": game_of(page),
                                       "card": "7"})
    assert answer.status_code == 403 and game.read_bytes() == before
    assert answer.headers["content-type"].startswith("text/html")
    assert "came from an earlier server" in answer.text and 'role="alert"' in answer.text
    fresh = csrf_of(answer.text)                              # its forms work at once
    assert other.post("/card", data={"csrf": fresh, "game": game_of(answer.text),
                                     "card": "7"}).status_code == 303
    assert saved_commands(game) == [["card 7"]]


def test_restart_in_a_real_browser(browser, game):
    """A page shown by one server, the server restarted on the same port: the old
    page's form works; after `--new-token` it gets the page back and one line."""
    from throne_pnp.web import server

    port = free_port()
    context = browser.new_context(viewport=PHONE, has_touch=True, java_script_enabled=False)
    page = context.new_page()
    try:
        app, _, _, _ = server.build(game, content(), lan=False)
        with running_server(app, port) as base:
            page.goto(base + "/")
        app, _, _, _ = server.build(game, content(), lan=False)
        server.check_port("127.0.0.1", port)                  # free again at once
        with running_server(app, port):
            with page.expect_navigation():
                page.get_by_role("button", name="Card 7 · Shieldwall").tap()
            assert saved_commands(game) == [["card 7"]]
        app, _, _, _ = server.build(game, content(), lan=False, new_token=True)
        with running_server(app, port):
            before = game.read_bytes()
            with page.expect_navigation():
                page.get_by_role("button", name="Undo the last command").tap()
            assert game.read_bytes() == before
            alert = page.get_by_role("alert")
            assert "came from an earlier server" in alert.inner_text()
            size = alert.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
            assert size >= 16
            box = alert.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
            with page.expect_navigation():                    # the page shown now works
                page.get_by_role("button", name="Undo the last command").tap()
            assert saved_commands(game) == []
    finally:
        context.close()


# ------------------------------------------------------------------ the port

def test_the_port_of_a_server_just_stopped_is_free_at_once():
    """A connection closed by the server leaves its port in TIME_WAIT; uvicorn can bind
    it again (SO_REUSEADDR), so `check_port` must say it is free."""
    from throne_pnp.web.server import check_port

    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    phone = socket.create_connection(("127.0.0.1", port))
    accepted, _ = listener.accept()
    accepted.close()                          # the server side closes first: TIME_WAIT
    listener.close()
    phone.close()
    with socket.socket() as plain:            # without the option the port is still taken
        if os.name != "nt":
            with pytest.raises(OSError):
                plain.bind(("127.0.0.1", port))
    check_port("127.0.0.1", port)             # no ThroneError


def test_a_port_someone_listens_on_is_still_refused():
    from throne_pnp.web.server import check_port

    with socket.socket() as holder:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        with pytest.raises(ThroneError, match="is in use"):
            check_port("127.0.0.1", holder.getsockname()[1])


def test_a_refused_phone_gets_a_page_it_can_read(game):
    """The token refusals are one line on a page scaled for a phone, in words."""
    from throne_pnp.web.security import Access

    client, _ = make_client(game, Access(token="kept-token-for-this-save-123"))
    for answer in (client.get("/"), client.get("/?token=wrong")):
        assert answer.status_code in (401, 403)
        assert answer.headers["content-type"].startswith("text/html")
        assert '<meta name="viewport"' in answer.text and "token" in answer.text
        assert "`" not in answer.text
