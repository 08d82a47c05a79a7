"""The table page refuses every unauthenticated, forged or misdirected request."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from test_web_helpers import csrf_of, game_of, make_client

from throne_pnp.cli import cli
from throne_pnp.web.security import COOKIE, Access

pytest.importorskip("starlette")

LAN = "192.168.1.23"


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "g.json"
    assert CliRunner().invoke(cli, ["new", "--seed", "3", "--game", str(path)]).exit_code == 0
    return path


def lan_client(game):
    access = Access(hosts=("127.0.0.1", "localhost", "[::1]", LAN), token="s3cret-token")
    client, _ = make_client(game, access)
    return client, access


# ------------------------------------------------------------------ host header

@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "192.168.1.23",
                                  "localhost.evil:8000", ""])
def test_foreign_host_names_are_refused(game, host):
    client, _ = make_client(game)
    answer = client.get("/", headers={"host": host})
    assert answer.status_code == 403 and "host name" in answer.text


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000",
                                  "LOCALHOST", "127.0.0.1"])
def test_loopback_host_names_are_served(game, host):
    client, _ = make_client(game)
    assert client.get("/", headers={"host": host}).status_code == 200


def test_lan_address_is_accepted_only_with_lan(game):
    client, access = lan_client(game)
    answer = client.get(f"/?token={access.token}", headers={"host": f"{LAN}:8000"})
    assert answer.status_code == 303


# ------------------------------------------------------------------ the token

@pytest.mark.parametrize("path", ["/", "/log", "/fix", "/new", "/version", "/static/table.css"])
def test_lan_requests_without_the_token_are_refused(game, path):
    client, _ = lan_client(game)
    answer = client.get(path)
    assert answer.status_code == 401 and "token" in answer.text


def test_a_wrong_token_is_refused(game):
    client, _ = lan_client(game)
    assert client.get("/?token=guess").status_code == 403
    client.cookies.set(COOKIE, "guess")
    assert client.get("/").status_code == 403


def test_the_token_moves_into_an_httponly_cookie(game):
    client, access = lan_client(game)
    first = client.get(f"/?token={access.token}&from=1")
    assert first.status_code == 303 and first.headers["location"] == "/?from=1"
    cookie = first.headers["set-cookie"]
    assert f"{COOKIE}={access.token}" in cookie
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert client.get("/").status_code == 200          # the cookie now carries it
    assert client.get("/version").status_code == 200


@pytest.mark.parametrize("path, where", [
    ("//evil.example/x", "/evil.example/x"),
    ("/a\r\nSet-Cookie: x=1", "/a%0D%0ASet-Cookie%3A%20x%3D1")])
def test_the_token_redirect_stays_on_this_server(path, where):
    import asyncio

    from throne_pnp.web.security import Guard

    access = Access(token="tok")
    sent = []

    async def app(scope, receive, send):  # never reached: the guard answers first
        raise AssertionError("the guard let the request through")

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "query_string": b"token=tok",
             "headers": [(b"host", b"127.0.0.1:8000")]}
    asyncio.run(Guard(app, access)(scope, None, send))
    headers = dict(sent[0]["headers"])
    assert sent[0]["status"] == 303 and headers[b"location"].decode() == where


def test_posts_without_the_token_are_refused(game):
    client, access = lan_client(game)
    client.get(f"/?token={access.token}")
    page = client.get("/").text
    client.cookies.clear()
    before = game.read_bytes()
    answer = client.post("/card", data={"csrf": csrf_of(page), "card": "7"})
    assert answer.status_code == 401 and game.read_bytes() == before


# ------------------------------------------------------------------ forgery

def test_posts_without_the_anti_forgery_token_are_refused(game):
    client, _ = make_client(game)
    before = game.read_bytes()
    for data in ({"card": "7"}, {"card": "7", "csrf": "forged"}, {"card": "7", "csrf": ""}):
        answer = client.post("/card", data=data)
        assert answer.status_code == 403 and "anti-forgery" in answer.text
    assert client.post("/new", data={"mode": "virtual", "force": "yes"}).status_code == 403
    assert client.post("/undo", data={}).status_code == 403
    assert game.read_bytes() == before


def test_each_server_has_its_own_anti_forgery_token(game):
    one, _ = make_client(game)
    two, _ = make_client(game)
    token = csrf_of(one.get("/").text)
    assert token != csrf_of(two.get("/").text)
    before = game.read_bytes()
    assert two.post("/card", data={"csrf": token, "card": "7"}).status_code == 403
    assert game.read_bytes() == before


def test_a_form_from_another_site_is_refused(game):
    client, _ = make_client(game)
    page = client.get("/").text
    token = csrf_of(page)
    before = game.read_bytes()
    answer = client.post("/card", data={"csrf": token, "game": game_of(page), "card": "7"},
                         headers={"origin": "http://evil.example"})
    assert answer.status_code == 403 and game.read_bytes() == before
    same = client.post("/card", data={"csrf": token, "game": game_of(page), "card": "7"},
                       headers={"origin": "http://127.0.0.1:8000"})
    assert same.status_code == 303 and game.read_bytes() != before


@pytest.mark.parametrize("path", ["/card", "/battle", "/withdraw", "/move", "/rally", "/done",
                                  "/undo", "/fix", "/new"])
def test_commands_cannot_be_given_by_a_get(game, path):
    client, _ = make_client(game)
    before = game.read_bytes()
    answer = client.get(f"{path}?card=7&csrf=x")
    if path == "/fix" or path == "/new":
        assert answer.status_code == 200            # these are also form pages
    else:
        assert answer.status_code == 405
    assert game.read_bytes() == before


# ------------------------------------------------------------------ paths and headers

def test_no_request_parameter_becomes_a_path(game, tmp_path):
    other = tmp_path / "other.json"
    other.write_text("not a save")
    client, _ = make_client(game)
    for query in (f"?game={other}", "?game=../../etc/passwd", "?content=/etc"):
        page = client.get(f"/{query}")
        assert page.status_code == 200 and "Card 7" in page.text
    token = csrf_of(client.get("/").text)
    client.post("/new", data={"csrf": token, "mode": "virtual", "force": "yes", "seed": "4",
                              "game": str(other)})
    assert other.read_text() == "not a save"


def test_security_headers(game):
    client, _ = make_client(game)
    answer = client.get("/")
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "<script>" not in answer.text and " style=" not in answer.text  # CSP-clean


def test_host_matching():
    access = Access.for_server(LAN)
    assert access.token and len(access.token) >= 20
    assert access.host_ok(f"{LAN}:9000") and access.host_ok("localhost")
    assert not access.host_ok("192.168.1.230") and not access.host_ok(f"{LAN}.nip.io")
    assert Access.for_server(None).token is None
    assert not Access.for_server(None).host_ok(LAN)
