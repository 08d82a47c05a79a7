"""The table page's "check the table": a photo uploaded from the phone's camera, read and
compared with the game (`throne_pnp.scan.answer`), shown with what was read drawn on it,
the differences and the commands to confirm; nothing is recorded without the player's yes.

Uploads are bounded (MAX_UPLOAD, refused before the body is read) and carry the same
anti-forgery token as every form; an unreadable photo is a 400 with its one line.
"""

from __future__ import annotations

import base64
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from throne_pnp.errors import ThroneError
from throne_pnp.rules import actions as act
from throne_pnp.web.forms import BadForm

MAX_UPLOAD = 20 * 1024 * 1024     # a phone photo is a few MB


class ScanRoutes:
    """POST /scan (the photo), POST /scan/record (the commands confirmed) and POST
    /scan/colours (the cube colours the photo showed, kept for later photos)."""

    def __init__(self, page: Any):
        self.page = page

    def routes(self) -> list[Route]:
        return [Route("/scan", self.scan, methods=["POST"]),
                Route("/scan/record", self.record, methods=["POST"]),
                Route("/scan/colours", self.keep_colours, methods=["POST"])]

    def _answer(self, request: Request, status: int, **context: Any) -> Response:
        return self.page.render(request, "scan.html", status, **context)

    async def scan(self, request: Request) -> Response:
        size = request.headers.get("content-length", "")
        if not size.isdigit() or int(size) > MAX_UPLOAD:
            return self._answer(request, 413, problem=(
                f"the photo is over {MAX_UPLOAD // 2**20} MB (or its size was not sent); "
                "take a smaller one"))
        try:
            form = await request.form(max_files=1, max_fields=4)
        except Exception:       # a body that is not the form the button sends
            return self._answer(request, 400, problem="the upload could not be read; "
                                                      "take the photo again")
        if not self.page.config.access.csrf_ok(form.get("csrf")):
            return await self.page.forged(request)
        upload = form.get("photo")
        if upload is None or isinstance(upload, str):
            return self._answer(request, 400, problem="choose or take a photo first")
        data = await upload.read(MAX_UPLOAD + 1)
        try:
            answer, picture = await run_in_threadpool(self._read, data)
        except ThroneError as exc:
            return self._answer(request, 400, problem=str(exc))
        snap = self.page.door.snapshot()
        learned = answer.learned(snap.session.game) if snap.session is not None else None
        kept = snap.session.save.colours if snap.session is not None else {}
        return self._answer(request, 200, snap=snap, picture=picture,
                            learned=learned if learned and learned != kept else None,
                            lines=answer.lines(self.page.config.content, recordable=False),
                            offers=[(c, ";".join(a.text() for a in actions))
                                    for c, actions in zip(answer.commands(), answer.answers,
                                                          strict=True)])

    def _read(self, data: bytes) -> tuple[Any, str]:
        from throne_pnp.scan.answer import scan
        from throne_pnp.scan.photo import MAX_BYTES, ScanRefused
        from throne_pnp.scan.reader import debug_png

        if len(data) > MAX_BYTES:
            raise ScanRefused(f"the photo is over {MAX_BYTES // 2**20} MB; take a smaller one")
        snap = self.page.door.snapshot()
        if snap.session is None:
            raise ThroneError("start a game first: the photo is compared with it")
        answer = scan(data, self.page.config.content, snap.session.game,
                      kept=snap.session.save.colours)
        png = base64.b64encode(debug_png(answer.reading)).decode()
        return answer, f"data:image/png;base64,{png}"

    async def record(self, request: Request) -> Response:
        """The commands the player confirmed, each through the engine as typed."""
        def call(session: Any, form: Any) -> Any:
            from throne_pnp.assistant import commands

            words = str(form.get("moves") or "")[:200].split(";")
            try:
                planned = [act.Action.parse(w) for w in words if w.strip()]
            except ThroneError as exc:
                raise BadForm(f"the commands to record are not ours: {exc}") from None
            if not planned or any(a.kind not in ("move", "rally") for a in planned):
                raise BadForm("only moves and rallies are recorded from a photo")
            for action in planned:
                commands.perform(session, [action])

        return await self.page.command(request, "record what the photo shows", call)

    async def keep_colours(self, request: Request) -> Response:
        """The cube colours a photo showed, kept in the save for later photos."""
        def call(session: Any, form: Any) -> Any:
            from throne_pnp.narrator.lines import say
            from throne_pnp.narrator.tablescan import colours_kept_line
            from throne_pnp.scan.colours import named

            kept = {side: str(form.get(side) or "")[:8].lower() for side in ("king", "player")}
            if not all(len(c) == 7 and c[0] == "#" and set(c[1:]) <= set("0123456789abcdef")
                       for c in kept.values()):
                raise BadForm("the colours to keep are not #rrggbb")
            session.save.colours = kept
            session.write()
            return ("Cube colours kept",), [say(colours_kept_line(named(kept)))]

        return await self.page.command(request, "keep the cube colours", call)
