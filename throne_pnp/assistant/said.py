"""What the player typed for each command, for the log and for `undo`.

The save's action texts are never shown (a virtual `deal` names an unseen card); a
command from an older save without `said` is put back into words from its actions.
"""

from __future__ import annotations

from throne_pnp.narrator.lines import Command
from throne_pnp.rules.actions import Action
from throne_pnp.rules.game import Event, Game


def _ids(ids: tuple[int, ...] | None) -> str:
    return ",".join(map(str, ids)) if ids else "-"


def _told(phrases: list[str], purpose: str, card: int) -> None:
    """A card the player told in a physical game, added to the words."""
    last = phrases[-1] if phrases else ""
    if purpose == "battle":
        if last.startswith("battle") and "--king-card" not in last:
            phrases[-1] = f"{last} --king-card {card}"
        else:
            phrases.append(f"battle --king-card {card}")
    elif purpose == "uncertain":
        if last.startswith("card") and "--draws" in last:
            phrases[-1] = f"{last},{card}"
        elif last.startswith("card"):
            phrases[-1] = f"{last} --draws {card}"
        else:
            phrases.append(f"card --draws {card}")
    else:
        phrases.append(f"card {card}")


def _words(action: Action) -> str:
    kind, args = action.kind, action.args
    if kind == "fix":
        at, king, player = args
        return f"fix {at} --king {king} --player {player}"
    if kind == "fixcards":
        hand, discard = args
        parts = ["fix"] + ([f"--hand {_ids(hand)}"] if hand is not None else [])
        return " ".join(parts + ([f"--discard {_ids(discard)}"] if discard is not None else []))
    if kind == "hand":
        return f"hand {_ids(args)}"
    return " ".join([kind, *map(str, args)])


def replay_command(game: Game, command: list[str]) -> tuple[str, list[Event]]:
    """Apply one saved command to `game` (at the state before it); return the
    player's words for it, rebuilt from its actions, and its events."""
    phrases: list[str] = []
    events: list[Event] = []
    for text in command:
        action = Action.parse(text)
        need = game.need()
        events += game.apply(action)
        if action.kind != "deal":
            phrases.append(_words(action))
            continue
        purpose = need.purpose if need.kind == "deal" else ""
        if game.physical:
            _told(phrases, purpose, action.args[0])
        elif purpose == "phase":
            phrases.append("card")           # the program drew the King's card
    return "; ".join(phrases), events


def typed(said: str, rebuilt: str) -> str:
    """The words shown for a command: what was typed, else the rebuilt words."""
    return said or rebuilt or "(nothing)"


def said_commands(words: str) -> tuple[Command, ...]:
    """The player's words for one command (`fix 7 --king 3`, `card; battle 4`) as
    `Command` records, for the page to show as its buttons say them."""
    out = []
    for phrase in words.split(";"):
        tokens = phrase.split()
        if tokens[:1] == ["throne"]:
            tokens = tokens[1:]
        if not tokens:
            continue
        args: list[str] = []
        options: list[tuple[str, str]] = []
        for token in tokens[1:]:
            if token.startswith("--"):
                options.append((token[2:], ""))
            elif options and not options[-1][1]:
                options[-1] = (options[-1][0], token)
            else:
                args.append(token)
        out.append(Command(tokens[0], tuple(args), tuple(options)))
    return tuple(out)
