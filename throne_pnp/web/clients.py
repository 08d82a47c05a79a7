"""Which browser is asking: a random client id in a cookie, for per-client messages.

Two phones can show one game. The one-line message after a command (a
refusal, "the game moved on… nothing was done", what undo asks of the
table) belongs to the phone that sent the form, so it is kept under that
browser's client id (`Door.flash`). The id is random, says nothing, and is
no secret: it only picks which message a page view shows. It is set on the
first answer to a browser without one (HttpOnly, SameSite=Lax, for the
session), so the first form's redirect already carries it.
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
