"""Actions: the small values a game is made of, with a text form that round-trips.

`Action.parse("move 2 7 5").text() == "move 2 7 5"`: the save file, the log and the tests
use the text form. `parse_said` splits what a player says at once into actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from throne_pnp.errors import IllegalAction
from throne_pnp.numbers import number_words, whole

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
    "hand": ("card", "..."),
    "fixcards": ("hand=IDS", "discard=IDS"),
}

# What each kind looks like typed, for the refusals of `Action.parse`.
FORMS: dict[str, str] = {
    "card": "card ID", "deal": "deal ID", "battle": "battle ID", "withdraw": "withdraw T",
    "move": "move COUNT FROM TO", "rally": "rally T", "done": "done",
    "fix": "fix T king=N player=M", "hand": "hand IDS", "fixcards": "fixcards hand=IDS discard=IDS",
}

# The parts of `fixcards`, in the order of its args.
FIX_PARTS = ("hand", "discard")


@dataclass(frozen=True, slots=True)
class Action:
    """One step of a game: who did what, with whole-number arguments
    (`fixcards`: two optional tuples of card ids, see the module docstring)."""

    kind: str
    args: tuple[Any, ...] = ()

    def text(self) -> str:
        if self.kind == "fix":
            at, king, player = self.args
            return f"fix {at} king={king} player={player}"
        if self.kind == "fixcards":
            parts = [f"{name}={_ids_text(ids)}"
                     for name, ids in zip(FIX_PARTS, self.args, strict=True) if ids is not None]
            return " ".join(["fixcards", *parts])
        return " ".join([self.kind, *(str(a) for a in self.args)])

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> Action:
        """The one parser of the text form (`card 12`, `move 2 7 5`, `hand 3,6,9`...);
        `IllegalAction` names the input and the form it should have."""
        words = text.split()
        if not words or words[0] not in SHAPES:
            raise IllegalAction(f"unknown action {number_words(text, 60)}; actions: "
                                + ", ".join(FORMS.values()))
        kind = words[0]
        if kind == "hand":
            return _parse_hand(text, words[1:])
        if kind == "fixcards":
            return _parse_fixcards(text, words[1:])
        shape = SHAPES[kind]
        raw = _named_words(text, kind, words[1:], shape)
        numbers = [whole(r) for r in raw]
        if len(raw) != len(shape) or None in numbers:
            raise IllegalAction(f"bad action {number_words(text, 60)}; expected: {FORMS[kind]}"
                                f" (whole numbers)")
        return cls(kind, tuple(numbers))


def _named_words(text: str, kind: str, words: list[str], shape: tuple[str, ...]) -> list[str]:
    """The argument words, a `name=` prefix taken off where the form names it
    (`fix 7 king=2 player=0`); any other `name=` is refused."""
    raw = []
    for i, word in enumerate(words):
        name, eq, value = word.partition("=")
        if eq:
            if i >= len(shape) or name != shape[i] or kind != "fix":
                raise IllegalAction(f"bad action {number_words(text, 60)}; expected: "
                                    f"{FORMS[kind]}")
            word = value
        raw.append(word)
    return raw


def _ids_text(ids: tuple[int, ...]) -> str:
    return ",".join(map(str, ids)) or "-"


def _parse_ids(text: str, raw: str, what: str) -> tuple[int, ...]:
    """Card ids separated by commas (`-` or nothing: none)."""
    if raw in ("", "-"):
        return ()
    numbers = [whole(p) for p in raw.split(",")]
    if None in numbers:
        raise IllegalAction(f"bad action {number_words(text, 60)}: {what} takes card ids "
                            "separated by commas, e.g. 3,6,9")
    return tuple(numbers)  # type: ignore[arg-type]  # (no None left)


def _parse_hand(text: str, words: list[str]) -> Action:
    ids = _parse_ids(text, ",".join(w.strip(",") for w in words if w.strip(",")), "hand")
    if not ids:
        raise IllegalAction(f"bad action {text!r}; expected: hand <card> <card> ..., "
                            "e.g. hand 3 6 9 12 14")
    return hand(ids)


def _parse_fixcards(text: str, words: list[str]) -> Action:
    parts: dict[str, tuple[int, ...]] = {}
    for word in words:
        name, eq, raw = word.partition("=")
        if not eq or name not in FIX_PARTS or name in parts:
            raise IllegalAction(f"bad action {text!r}; expected: fixcards hand=IDS "
                                "discard=IDS (either may be left out), e.g. "
                                "fixcards hand=3,6,9 discard=1,4")
        parts[name] = _parse_ids(text, raw, name)
    if not parts:
        raise IllegalAction(f"bad action {text!r}: name the hand=IDS or the discard=IDS "
                            "(or both) to set")
    return fix_cards(parts.get("hand"), parts.get("discard"))


# The cards a player may tell after an action, by the action's kind.
TOLD: dict[str, tuple[str, ...]] = {"card": ("draws",), "battle": ("king", "withdraw")}


def parse_said(text: str) -> list[Action]:
    """What a player says at once: an action in its text form (`Action.parse`),
    then the cards told with it (`TOLD`): `battle 4 king=9` -> battle 4, deal 9."""
    words = text.split()
    told = TOLD.get(words[0], ()) if words else ()
    start = len(words)
    while start > 1 and words[start - 1].partition("=")[0] in told:
        start -= 1
    actions = [Action.parse(" ".join(words[:start]))]
    seen: set[str] = set()
    for word in words[start:]:
        name, _, raw = word.partition("=")
        if name in seen:
            raise IllegalAction(f"bad command {number_words(text, 60)}: {name}= given twice")
        seen.add(name)
        if name == "draws":
            ids = _parse_ids(text, raw, "draws")
            if not ids:
                raise IllegalAction(f"bad command {number_words(text, 60)}: draws= takes "
                                    "the cards dealt, e.g. card 6 draws=3,5")
            actions += [deal(i) for i in ids]
            continue
        number = whole(raw)
        if number is None:
            raise IllegalAction(f"bad command {number_words(text, 60)}: {name}= takes a "
                                "whole number, e.g. battle 4 king=9 withdraw=2")
        actions.append(deal(number) if name == "king" else withdraw(number))
    return actions


def said_text(actions: Sequence[Action]) -> str:
    """The text `parse_said` reads back into `actions` (an action, then the cards told with it)."""
    first, rest = actions[0], actions[1:]
    deals = [a.args[0] for a in rest if a.kind == "deal"]
    parts = [first.text()]
    if deals:
        parts.append(f"draws={_ids_text(tuple(deals))}" if first.kind == "card"
                     else f"king={deals[0]}")
    parts += [f"withdraw={a.args[0]}" for a in rest if a.kind == "withdraw"]
    return " ".join(parts)


# One shared value per argument list (actions are immutable).


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


def hand(ids: Sequence[int]) -> Action:
    """The player tells the cards in their hand (physical mode)."""
    return Action("hand", tuple(ids))


def fix_cards(hand: Sequence[int] | None, discard: Sequence[int] | None) -> Action:
    """Set the known hand and/or the discard pile to exactly these cards (None: as is)."""
    return Action("fixcards", (None if hand is None else tuple(hand),
                               None if discard is None else tuple(discard)))
