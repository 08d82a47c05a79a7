"""A line the narrator says, as a small record the CLI and the page each show.

Nobody re-reads a finished sentence: the CLI joins a `Line` into text, the page renders it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePath

from throne_pnp.errors import ThroneError

DO = "do"          # a change to make on the table (the page: a checkbox)
SAY = "say"        # something to read
PHASE = "phase"    # a new phase begins
OVER = "over"      # the game is over: `what` the verdict (won, lost), `why` the reason


@dataclass(frozen=True, slots=True)
class Command:
    """A command named in a line: `name`, its arguments, its options in order."""

    name: str
    args: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()

    def typed(self) -> str:
        """As typed at the terminal: `throne battle 4 --king-card 9`."""
        opts = [f"--{key} {value}".strip() for key, value in self.options]
        return " ".join(["throne", self.name, *self.args, *opts])

    def said(self) -> str:
        """As the page's buttons say it: `battle 4 the King's card 9`."""
        opts = [f"{OPTION_WORDS.get(key, key)} {value}".strip() for key, value in self.options]
        return " ".join([self.name, *self.args, *opts])

    def sentence(self, names: Mapping[int, str]) -> str:
        """As a player reads it, territories by name: `move 2 1 2` -> "move 2 cubes from
        1 Ashford to 2 Brackenmoor" (a command it has no sentence for: as `said`)."""
        def at(i: int) -> str:
            word = self.args[i]
            return f"{word} {names[int(word)]}" if word.isdigit() and int(word) in names else word
        n, opts = len(self.args), dict(self.options)
        if self.name == "move" and n == 3:
            cubes = "1 cube" if self.args[0] == "1" else f"{self.args[0]} cubes"
            return f"move {cubes} from {at(1)} to {at(2)}"
        if self.name in ("rally", "withdraw") and n == 1:
            return f"{self.name} {'at' if self.name == 'rally' else 'to'} {at(0)}"
        if self.name == "card" and not self.options:
            return f"play card {self.args[0]}" if n else "turn over the King's card"
        if self.name == "battle" and n == 1:
            king = opts.get("king-card")
            return f"fight the battle with card {self.args[0]}" + (
                f", the King's card {king}" if king else "")
        if self.name == "done" and not n:
            return "end Player Actions"
        if self.name == "new" and not n:
            return "start a new game" + (f", deal number {opts['seed']}" if "seed" in opts else "")
        return self.said()


OPTION_WORDS = {"king-card": "the King's card"}


@dataclass(frozen=True, slots=True)
class Way:
    """Where cubes go, by territory number: the CLI prints `6 -> 7`, the page the sentence."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"{self.src} -> {self.dst}"

    def sentence(self, names: Mapping[int, str]) -> str:
        """`from 6 Hollow Fen to 7 Saltreach` (a number without a name: the number alone)."""
        def at(n: int) -> str:
            return f"{n} {names[n]}" if n in names else str(n)
        return f"from {at(self.src)} to {at(self.dst)}"


Part = str | Command | Way | PurePath    # a file: the CLI says its path, the page its name


@dataclass(frozen=True, slots=True)
class Line:
    """One line: what to do or read, why, its `kind`, `depth` and ruling (`rule`, e.g. "r3")."""

    what: tuple[Part, ...]
    kind: str = SAY
    why: tuple[Part, ...] = ()
    depth: int = 0
    rule: str = ""

    def words(self) -> str:
        """`what` with each command as typed."""
        return typed(self.what)

    def text(self) -> str:
        """The line as the CLI prints it."""
        body = typed(self.what)
        if self.kind == OVER:
            return f"*** You {body.upper()}: {typed(self.why)} ***"
        if self.kind == DO:
            body = "[ ] " + body
        if self.why:
            body += ": " + typed(self.why)
        if self.kind == PHASE:
            body = f"--- {body} ---"
        return "  " * self.depth + body


def typed(parts: tuple[Part, ...]) -> str:
    """Parts as the CLI prints them: each command as typed, in backticks."""
    return "".join(f"`{p.typed()}`" if isinstance(p, Command) else str(p) for p in parts)


def say(*what: Part, depth: int = 0, kind: str = SAY) -> Line:
    return Line(tuple(what), kind, depth=depth)


def do(*what: Part, why: tuple[Part, ...] | str = (), depth: int = 0, rule: str = "") -> Line:
    return Line(tuple(what), DO, (why,) if isinstance(why, str) and why else tuple(why),
                depth, rule)


def texts(lines: list[Line]) -> list[str]:
    """The lines as the CLI prints them."""
    return [line.text() for line in lines]


class Refused(ThroneError):
    """A refusal as parts (`why`: words and the commands to run instead): the CLI
    prints `str()` (commands as typed, in backticks), the page renders the parts."""

    def __init__(self, *why: Part):
        self.why = why
        super().__init__(typed(why))
