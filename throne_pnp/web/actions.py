"""The table page's POST routes: one form -> the actions it says -> one command.

Which step accepts what, and every refusal's words, are `assistant.commands`' own.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from throne_pnp.assistant import commands
from throne_pnp.assistant.said import said_commands
from throne_pnp.narrator.lines import Part, say
from throne_pnp.rules import actions as act
from throne_pnp.web.forms import BadForm, number, numbers

Handler = Callable[[Request], Awaitable[Response]]


def handlers(page: Any) -> dict[str, Handler]:
    """`path -> handler` for every state-changing route of `page` (a `TablePage`)."""
    def card(session: Any, form: Any) -> Any:
        draw = number(form, "draw", "the card dealt for Uncertain Orders", optional=True)
        card_id = number(form, "card", "the card's number", optional=True)
        if card_id is None:    # the program draws it, or the game waits for told cards
            return commands.play_card(session, None, [draw] if draw is not None else None)
        told = [act.deal(draw)] if draw is not None else []
        return commands.perform(session, [act.card(card_id), *told])

    def battle(session: Any, form: Any) -> Any:
        card_id = number(form, "card", "your battle card", optional=True)
        king_card = number(form, "king_card", "the King's battle card", optional=True)
        if card_id is None:    # the game waits for the King's card, or a refusal
            return commands.play_battle(session, None, king_card)
        told = [act.deal(king_card)] if king_card is not None else []
        return commands.perform(session, [act.battle(card_id), *told])

    def withdraw(session: Any, form: Any) -> Any:
        return commands.perform(session, [act.withdraw(number(form, "to", "where to withdraw"))])

    def move(session: Any, form: Any) -> Any:
        count = number(form, "count", "how many cubes move")
        src = number(form, "from", "the territory to move from")
        dst = number(form, "to", "the territory to move to")
        confirmed = form.get("confirmed") == "yes"
        return commands.perform(session, [act.move(count, src, dst)], confirmed=confirmed)

    def rally(session: Any, form: Any) -> Any:
        return commands.perform(session, [act.rally(number(form, "at", "the castle to rally at"))])

    def done(session: Any, form: Any) -> Any:
        return commands.perform(session, [act.DONE])

    def fix(session: Any, form: Any) -> Any:
        part = form.get("part")
        if part in ("hand", "discard"):      # the cards of a physical game
            ids = numbers(form, "cards", "the cards")
            return commands.fix(session, **{part: ids})
        return commands.fix(session, number(form, "at", "the territory to fix"),
                            number(form, "king", "the King's cubes there", optional=True),
                            number(form, "player", "your cubes there", optional=True))

    def undo(session: Any, form: Any) -> Any:
        gone, lines = commands.undo_lines(session, 1)
        taken = [c for words in gone for c in said_commands(words)]
        title: list[Part] = ["Took back "]
        for i, command in enumerate(taken):
            title += ["; " if i else "", command]
        return tuple(title), lines or [say("Nothing on the table changes.")]

    def hand(session: Any, form: Any) -> Any:
        ids = numbers(form, "cards", "your hand")
        if not ids:
            raise BadForm("tick the cards in your hand first")
        return commands.perform(session, [act.hand(ids)])

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
        "/new": page.new_game,
        "/hand": post("hand", hand, back="/hand"),
    }
    return routes
