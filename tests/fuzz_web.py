"""Running one web fuzz case: a request to the table page, in-process.

Two apps per workspace, on one save: loopback (no token) and `--lan` (a token
in a cookie). A case names the method, path, query, form fields (as
urlencoded, multipart with file parts, or a raw body with any content type
and charset), the cookie and extra headers; `csrf` is "good" (the server's),
"none", or a value to send. The property: no exception out of the app, a
status below 500, and a 401/403/400 leaves the save byte-identical. After
each case the save is put back, so cases do not depend on each other.
"""

from __future__ import annotations

import warnings
from typing import Any
from urllib.parse import quote_from_bytes

from fuzz_harness import Workspace, problem_line, time_limit
from fuzz_kinds import clear, expand_tokens, place, snapshot

_apps: dict[tuple[str, str], Any] = {}
ROUTES_GET = ("/", "/log", "/fix", "/hand", "/new", "/version", "/static/table.css",
              "/static/x", "/nothing", "/static/..%2f..%2fetc")
ROUTES_POST = ("/card", "/battle", "/withdraw", "/move", "/rally", "/done", "/fix", "/undo",
               "/new", "/hand")
TOKEN = "s3cret-token-for-the-fuzzer"


def _client(ws: Workspace, access: str) -> tuple[Any, Any, Any]:
    """(client, access, game path) for `access` ("loopback" or "lan"), made once."""
    key = (str(ws.root), access)
    if key not in _apps:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from starlette.testclient import TestClient

        from throne_pnp.content import load_content
        from throne_pnp.web.app import create_app
        from throne_pnp.web.security import Access

        folder = ws.fresh(f"web-{access}")
        game = folder / "throne-game.json"
        game.write_bytes(ws.base_save())
        acc = Access() if access == "loopback" else Access(
            hosts=("127.0.0.1", "localhost", "192.168.1.20"), token=TOKEN)
        app = create_app(game, load_content(None), acc)
        client = TestClient(app, base_url="http://127.0.0.1:8000", follow_redirects=False,
                            raise_server_exceptions=True)
        _apps[key] = (client, acc, game)
    return _apps[key]


def _encode(value: Any) -> bytes:
    return expand_tokens(str(value)).encode("utf-8", "surrogatepass")


def _text(value: Any) -> str:
    """Text any client library can send (a lone surrogate becomes U+FFFD)."""
    return _encode(value).decode("utf-8", "replace")


def _urlencoded(pairs: list) -> str:
    """`k=v&...` percent-encoded from the UTF-8 bytes (surrogates kept as bytes)."""
    return "&".join(f"{quote_from_bytes(_encode(k))}={quote_from_bytes(_encode(v))}"
                    for k, v in pairs)


def run_request(case: dict, ws: Workspace) -> list[str]:
    client, access, game = _client(ws, case.get("access", "loopback"))
    clear(game)
    place(game, case.get("save", {"edits": []}), ws, ws.base_save().decode("utf-8"))
    before = snapshot(game)
    headers: list[tuple[bytes, bytes]] = [(_encode(k), _encode(v))
                                          for k, v in case.get("headers", [])]
    token = case.get("token", "good")
    if access.token is not None and token is not None:
        value = TOKEN if token == "good" else token
        headers.append((b"cookie", b"throne_token=" + _encode(value)))
    if case.get("cookie") is not None:
        headers.append((b"cookie", _encode(case["cookie"])))
    csrf = case.get("csrf", "good")
    fields = [(k, expand_tokens(str(v))) for k, v in case.get("form", [])]
    if csrf not in (None, "none"):
        fields.insert(0, ("csrf", access.csrf if csrf == "good" else str(csrf)))
    query = _urlencoded(case.get("query", []))
    method = case.get("method", "GET")
    url = case.get("path", "/") + (f"?{query}" if query else "")
    kwargs: dict[str, Any] = {"headers": headers}
    if method == "POST":
        if "body" in case:
            kwargs["content"] = _encode(case["body"])
            headers.append((b"content-type", _encode(case.get("content_type",
                                                               "application/x-www-form-urlencoded"))))
        elif case.get("files"):
            kwargs["data"] = {k: _text(v) for k, v in fields}
            kwargs["files"] = [(name, (_text(filename), _encode(body), "application/octet-stream"))
                               for name, filename, body in case["files"]]
        else:
            kwargs["content"] = _urlencoded(fields).encode()
            headers.append((b"content-type", b"application/x-www-form-urlencoded"))
    problems: list[str] = []
    import httpx

    try:
        with time_limit(30):
            answer = client.request(method, url, **kwargs)
    except httpx.InvalidURL:   # (a URL over 64 KB: the client refuses to send it at all)
        return problems
    except BaseException as exc:  # noqa: BLE001 - every escape is a finding
        import traceback

        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        problems.append(problem_line("web", case, f"exception out of the app:\n{tb[-2500:]}"))
        return problems
    if answer.status_code >= 500:
        problems.append(problem_line("web", case, f"HTTP {answer.status_code}: "
                                                  f"{answer.text[:300]}"))
    elif answer.status_code in (400, 401, 403) and snapshot(game) != before:
        problems.append(problem_line("web", case, f"HTTP {answer.status_code} but the save "
                                                  "changed"))
    elif answer.status_code == 303 and method == "POST" and "location" in answer.headers:
        with time_limit(30):   # the page the refusal (or the answer) is shown on
            page = client.get(answer.headers["location"].split("#")[0], headers=[
                h for h in headers if h[0] == b"cookie"])
        if page.status_code >= 500:
            problems.append(problem_line("web", case, f"the page after it: HTTP "
                                                      f"{page.status_code}"))
    return problems
