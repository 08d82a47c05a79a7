"""Actions: the small values a game is made of, with a text form that round-trips.

`Action.parse("move 2 7 5").text() == "move 2 7 5"`. The save file, the log
and the tests all use the text form. `deal N` is a chance outcome (a card
revealed from the deck: a King's phase card, an Uncertain Orders draw, a
King's battle card, or in virtual mode a card drawn into the hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from throne_pnp.errors import IllegalAction

# kind -> argument names, in order
SHAPES: dict[str, tuple[str, ...]] = {
    "card": ("card",),
    "deal": ("card",),
    "battle": ("card",),
    "withdraw": ("to",),
    "move": ("count", "from", "to"),
    "rally": ("at",),
    "done": (),
    "fix": ("at", "king", "player"),
}


@dataclass(frozen=True, slots=True)
class Action:
    """One step of a game: who did what, with whole-number arguments."""

    kind: str
    args: tuple[int, ...] = ()

    def text(self) -> str:
        if self.kind == "fix":
            at, king, player = self.args
            return f"fix {at} king={king} player={player}"
        return " ".join([self.kind, *(str(a) for a in self.args)])

    __str__ = text

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form; IllegalAction names what a valid one looks like."""
        words = text.split()
        if not words or words[0] not in SHAPES:
            raise IllegalAction(f"unknown action {text!r}; actions: {', '.join(SHAPES)}")
        kind = words[0]
        raw = [w.split("=", 1)[1] if "=" in w else w for w in words[1:]]
        shape = SHAPES[kind]
        if len(raw) != len(shape) or not all(r.isdigit() for r in raw):
            usage = " ".join(f"<{n}>" for n in shape)
            raise IllegalAction(f"bad action {text!r}; expected: {kind} {usage}".rstrip())
        return cls(kind, tuple(int(r) for r in raw))


# The constructors below hand out one shared value per argument list (actions
# are immutable): the simulator asks for the same few hundred over and over.


@cache
def card(card_id: int) -> Action:
    return Action("card", (card_id,))


@cache
def deal(card_id: int) -> Action:
    return Action("deal", (card_id,))


@cache
def battle(card_id: int) -> Action:
    return Action("battle", (card_id,))


@cache
def withdraw(to: int) -> Action:
    return Action("withdraw", (to,))


@cache
def move(count: int, src: int, dst: int) -> Action:
    return Action("move", (count, src, dst))


@cache
def rally(at: int) -> Action:
    return Action("rally", (at,))


DONE = Action("done")


def fix(at: int, king: int, player: int) -> Action:
    return Action("fix", (at, king, player))
