"""The table page's POST routes: one form -> one `assistant.commands` call.

Each handler turns form fields into numbers (`app.number`) and calls the
command function the CLI calls, on a session opened under the save lock
(`TablePage.command` -> `Door.run`). No game logic lives here: which step
accepts what, and the words of every refusal, are the commands' own.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from throne_pnp.web.forms import BadForm, number, numbers

Handler = Callable[[Request], Awaitable[Response]]


def handlers(page: Any) -> dict[str, Handler]:
    """`path -> handler` for every state-changing route of `page` (a `TablePage`)."""
    from throne_pnp.assistant import commands

    def card(session: Any, form: Any) -> Any:
        draw = number(form, "draw", "the card dealt for Uncertain Orders", optional=True)
        card_id = number(form, "card", "the card's number", optional=True)
        return commands.play_card(session, card_id, [draw] if draw is not None else None)

    def battle(session: Any, form: Any) -> Any:
        return commands.play_battle(
            session, number(form, "card", "your battle card", optional=True),
            number(form, "king_card", "the King's battle card", optional=True))

    def withdraw(session: Any, form: Any) -> Any:
        return commands.withdraw(session, number(form, "to", "where to withdraw"))

    def move(session: Any, form: Any) -> Any:
        count = number(form, "count", "how many cubes move")
        src = number(form, "from", "the territory to move from")
        dst = number(form, "to", "the territory to move to")
        confirmed = form.get("confirmed") == "yes"
        return commands.move(session, count, src, dst, confirmed=confirmed)

    def rally(session: Any, form: Any) -> Any:
        return commands.rally(session, number(form, "at", "the castle to rally at"))

    def done(session: Any, form: Any) -> Any:
        return commands.done(session)

    def fix(session: Any, form: Any) -> Any:
        part = form.get("part")
        if part in ("hand", "discard"):      # the cards of a physical game
            ids = numbers(form, "cards", "the cards")
            return commands.fix(session, **{part: ids})
        return commands.fix(session, number(form, "at", "the territory to fix"),
                            number(form, "king", "the King's cubes there", optional=True),
                            number(form, "player", "your cubes there", optional=True))

    def undo(session: Any, form: Any) -> Any:
        gone, lines = commands.undo(session, 1)
        taken = "; ".join(gone)
        return (f"Took back `{taken}`", lines or ["Nothing on the table changes."])

    def hand(session: Any, form: Any) -> Any:
        ids = numbers(form, "cards", "your hand")
        if not ids:
            raise BadForm("tick the cards in your hand first")
        return commands.tell_hand(session, ids)

    async def new(request: Request) -> Response:
        return await page.new_game(request)

    def back_to_move(form: Any) -> str:
        """After a refused move, the same two taps and count again (numbers only)."""
        try:
            src = number(form, "from", "from")
            dst = number(form, "to", "to")
            count = number(form, "count", "count")
        except BadForm:
            return "/"
        return f"/?from={src}&to={dst}&count={count}#now"

    def post(title: str, call: Callable[[Any, Any], Any],
             back: str | Callable[[Any], str] = "/") -> Handler:
        async def handler(request: Request) -> Response:
            return await page.command(request, title, call, back)
        return handler

    routes = {
        "/card": post("card", card),
        "/battle": post("battle", battle),
        "/withdraw": post("withdraw", withdraw),
        "/move": post("move", move, back=back_to_move),
        "/rally": post("rally", rally),
        "/done": post("done", done),
        "/fix": post("fix", fix, back="/fix"),
        "/undo": post("undo", undo),
        "/new": new,
    }
    if hasattr(commands, "tell_hand"):
        routes["/hand"] = post("hand", hand, back="/hand")
    return routes
