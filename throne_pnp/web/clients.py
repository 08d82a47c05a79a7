"""Which browser is asking: a random client id in a cookie, for per-client messages.

The id is random and no secret (HttpOnly, SameSite=Lax), set on the first answer.
"""

from __future__ import annotations

import re
import secrets

from starlette.requests import Request
from starlette.responses import Response

COOKIE = "throne_client"
_WELL_FORMED = re.compile(r"[A-Za-z0-9_-]{16,40}")


def client_of(request: Request) -> str:
    """This request's client id: its cookie's, else a new one (set by `remember`)."""
    given = request.cookies.get(COOKIE, "")
    if _WELL_FORMED.fullmatch(given):
        return given
    made = getattr(request.state, "new_client", None)
    if made is None:
        made = secrets.token_urlsafe(12)
        request.state.new_client = made
    return made


def remember(request: Request, response: Response) -> Response:
    """Give `response` the cookie of a client id made for this request, if one was."""
    made = getattr(request.state, "new_client", None)
    if made is not None:
        response.set_cookie(COOKIE, made, httponly=True, samesite="lax", path="/")
    return response
