"""Who may use the table page: host check, access token, anti-forgery token.

Every request passes three gates in an ASGI middleware (`Guard`): the Host header must name this
server (403 otherwise, against DNS rebinding); with `--lan` the `?token=` of the printed URL is
moved into an HttpOnly SameSite=Lax cookie (none: 401, wrong: 403); every POST carries the
`csrf` value (form or `X-CSRF-Token`) and no foreign Origin (403). Responses carry a strict CSP
and no Referer; a client leaving mid-request is one quiet INFO line (`LOG`), not a traceback.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from html import escape
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "throne_token"
# A Host header: a name (or [IPv6]) and at most a port of digits, nothing else.
_HOST = re.compile(r"(?P<name>\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(?P<port>[0-9]{1,5}))?")
SERVE = "\u201cthrone serve\u201d"      # quoted as words: a phone shows no terminal syntax
SCAN = "scan the code \u201cthrone serve --lan\u201d printed, or open its address again"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]", "::1")
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
LOG = logging.getLogger("throne_pnp.web")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]


@dataclass
class Access:
    """The secrets and names of one running server."""

    hosts: tuple[str, ...] = LOOPBACK_NAMES
    token: str | None = None              # None: loopback, no token needed
    csrf: str = field(default_factory=lambda: secrets.token_urlsafe(24))

    @classmethod
    def for_server(cls, lan_address: str | None, kept: Any = None) -> Access:
        """Loopback only, or loopback plus `lan_address` with a token; with `kept` (a
        `secretstore.Secrets`) its anti-forgery secret and token, else fresh ones."""
        csrf = kept.csrf if kept is not None else secrets.token_urlsafe(24)
        if lan_address is None:
            return cls(csrf=csrf)
        token = kept.token if kept is not None else secrets.token_urlsafe(18)
        return cls(hosts=(*LOOPBACK_NAMES, lan_address), token=token, csrf=csrf)

    def host_ok(self, host: str) -> bool:
        """Is `host` (a Host header value, maybe with a port) one of ours? The port,
        when there is one, is parsed strictly: 1 to 5 digits, 1-65535, nothing after
        it (`localhost:evil.com` and `127.0.0.1:8000@evil.com` are refused)."""
        found = _HOST.fullmatch(host.strip().lower())
        if found is None:
            return host.strip().lower() == "::1" and "::1" in self.hosts
        port = found.group("port")
        if port is not None and not 1 <= int(port) <= 65535:
            return False
        return found.group("name") in self.hosts

    def token_ok(self, given: Any) -> bool:
        return self.token is None or same_secret(given, self.token)

    def csrf_ok(self, given: Any) -> bool:
        return same_secret(given, self.csrf)


def same_secret(given: Any, secret: str) -> bool:
    """Does `given` (anything a client sent) equal `secret`? In constant time, never raising:
    anything but text is not the secret; text is compared as UTF-8 bytes."""
    if not isinstance(given, str):
        return False
    return secrets.compare_digest(given.encode("utf-8", "surrogatepass"), secret.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _cookies(header: str) -> dict[str, str]:
    out = {}
    for part in header.split(";"):
        if "=" in part:
            key, value = part.split("=", 1)
            out[key.strip()] = value.strip()
    return out


async def _plain(send: Send, status: int, text: str,
                 extra: list[tuple[bytes, bytes]] | None = None) -> None:
    """A refusal as a tiny page a phone shows in readable type (one line, no style)."""
    body = ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>A Rusty Throne</title></head><body><p>{escape(text.strip())}</p>"
            "</body></html>\n").encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/html; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()),
                            *HEADERS, *(extra or [])]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: Host, token and Origin checks, and security headers (the form's
    `csrf` field is checked by the routes, `require_csrf`)."""

    def __init__(self, app: ASGIApp, access: Access):
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        access = self.access
        headers = _headers(scope)
        host = headers.get("host", "")
        if not access.host_ok(host):
            await _plain(send, 403, f"refused: this server does not answer to the host name "
                                    f"{host!r}; open the address {SERVE} printed\n")
            return
        if scope["method"] == "POST":
            origin = headers.get("origin")
            if origin not in (None, "null") and origin.split("://", 1)[-1] != host:
                await _plain(send, 403, "refused: a form from another site cannot change "
                                        "this game\n")
                return
        if access.token is not None:
            query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
            given = query.get("token")
            if given is not None:
                if not access.token_ok(given):
                    await _plain(send, 403, f"refused: wrong token; {SCAN}\n")
                    return
                # Move the token into a cookie and drop it from the address bar.
                rest = {k: v for k, v in query.items() if k != "token"}
                # back to this server's own path: never "//host", never a raw character
                path = "/" + quote(scope.get("path", "/"), safe="/-_.~").lstrip("/")
                location = path + (f"?{urlencode(rest)}" if rest else "")
                cookie = f"{COOKIE}={access.token}; HttpOnly; SameSite=Lax; Path=/"
                await _plain(send, 303, "see other\n",
                             [(b"location", location.encode()),
                              (b"set-cookie", cookie.encode())])
                return
            have = _cookies(headers.get("cookie", "")).get(COOKIE)
            if have is None:
                await _plain(send, 401, f"refused: this table page needs its token; {SCAN}\n")
                return
            if not access.token_ok(have):
                await _plain(send, 403, f"refused: wrong token; {SCAN}\n")
                return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in HEADERS if k not in present]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception as exc:
            if type(exc).__name__ != "ClientDisconnect":
                raise
            # the client left while its request was being read: nothing was done, and
            # there is no one to answer; one quiet line, never a traceback
            LOG.info("a client left during %s %s; nothing was done", scope.get("method"),
                     scope.get("path"))
