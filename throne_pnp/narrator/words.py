"""The words for cards, cube changes, the King's actions and battles.

Pure functions over the engine's records, shared by the CLI, the booklet and the page.
"""

from __future__ import annotations

from typing import Any

from throne_pnp.content import KING_ACTIONS, Card
from throne_pnp.narrator.lines import Line, Part, Way, do, say
from throne_pnp.rules.battle import SIDES, Battle, Symbols, other
from throne_pnp.rules.board import Board
from throne_pnp.rules.king import KingResult, route
from throne_pnp.rules.position import KING, PLAYER, defender_words
from throne_pnp.rules.steps import (
    Casualties,
    OverKingLimit,
    OverPlayerLimit,
    Rallied,
    Stay,
    Step,
    Toward,
    Trapped,
    Withdrew,
)

ACTION_WORDS = {name: info.words for name, info in KING_ACTIONS.items()}
TARGET_WORDS = {name: info.target for name, info in KING_ACTIONS.items() if info.target}
BOX = "[ ]"
CARRIED_OUT = "carried out above."
# The ruling each cause applies, for the page's link to it.
RULES: dict[type, str] = {Toward: "r3", Rallied: "r4", Casualties: "r9", Withdrew: "r9",
                          Trapped: "r9", OverKingLimit: "r9", OverPlayerLimit: "r8"}
EXHAUSTED = ("Uncertain Orders: no card without Uncertain Orders can come; "
             "the King does nothing more")


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def names(items: list[int] | tuple[int, ...]) -> str:
    """`4`, `4 and 7`, `2, 4 and 7`."""
    if len(items) == 1:
        return str(items[0])
    return ", ".join(str(i) for i in items[:-1]) + f" and {items[-1]}"


def card_words(card: Card) -> str:
    """One card in a line: id, name, battle symbols, King's action, flags, priority."""
    symbols = ", ".join(plural(n, w) for n, w in ((card.bugles, "bugle"), (card.swords, "sword"),
                                                  (card.shields, "shield")) if n) or "no symbols"
    king = " then ".join(ACTION_WORDS[a] for a in card.king)
    name = f" {card.name}" if card.name else ""
    skull = ", hard" if card.hard else ""
    return (f"{card.id}{name} ({symbols}; King: {king}; {plural(card.flags, 'flag')}; "
            f"{card.priority}{skull})")


def ids_words(ids: Any) -> str:
    """Card ids in a list for a sentence ("no card" when empty)."""
    ids = list(ids)
    return ", ".join(map(str, ids)) if ids else "no card"


def cubes(count: int, side: str) -> str:
    if side == KING:
        return plural(count, "King cube")
    return f"{count} of your cubes"


def toward_words(board: Board, src: int, dst: int, cause: Toward, rising: bool) -> str:
    """Why King cubes step from src towards dst (R3): the nearest target, the
    priority's pick among first steps, and any that stay behind."""
    what = TARGET_WORDS[cause.action]
    d, nearest, candidates = route(board, src, cause.goal)
    why = f"nearest {what}: {names(nearest)}, {d} step{'s' if d > 1 else ''} away"
    if len(candidates) > 1:
        rule = "Rising takes the highest" if rising else "Falling takes the lowest"
        why += f"; first steps {names(candidates)}, {rule}: {dst}"
    limit = board.king_limit
    room = max(limit - cause.dst_had, 0)
    free = cause.cubes - cause.guard
    stays = []
    if cause.guard:
        stays.append("1 stays to guard the castle")
    if room < free:
        left = free - max(min(free, room), 0)
        stays.append(f"{left} stay{'s' if left == 1 else ''} because {dst} already holds "
                     f"{cause.dst_had} of the King's limit of {limit}")
    if stays:
        why += "; " + "; ".join(stays)
    return why


def step_why(board: Board, step: Step, rising: bool = True) -> str:
    """The reason for one cube change, from its cause."""
    cause = step.cause
    if isinstance(cause, Toward):
        return toward_words(board, step.src, step.dst, cause, rising)  # type: ignore[arg-type]
    if isinstance(cause, Rallied):
        return f"castle held by the King: +1 ({cause.left} left off the map)"
    if isinstance(cause, Casualties):
        return "battle casualties"
    if isinstance(cause, Withdrew):
        if step.side == PLAYER:
            return "you withdraw all your surviving cubes together"
        if len(cause.options) == 1:
            reason = f"the King withdraws to {step.dst}, his only way out"
        else:
            rule = "Rising: highest" if cause.rising else "Falling: lowest"
            reason = (f"the King withdraws by his battle card's priority ({rule} of "
                      f"{', '.join(map(str, cause.options))})")
        if cause.blocked:
            reason += f"; not {', '.join(map(str, cause.blocked))}: your cubes are there"
        return reason
    if isinstance(cause, Trapped):
        return (f"every neighbour of {step.at} holds enemy cubes: the losers cannot escape "
                "and are removed")
    if isinstance(cause, OverKingLimit):
        return (f"the King may have at most {cause.limit} cubes in a territory; "
                f"{cause.had} in {step.at}")
    if isinstance(cause, OverPlayerLimit):
        source = (f"wheat in {' + '.join(map(str, cause.wheat))}" if cause.wheat
                  else "you hold no wheat")
        return f"your limit is {cause.limit} ({source}); {cause.had} cubes in {step.at}"
    return "your move" if step.kind == "move" else "your rally"


def stay_words(board: Board, stay: Stay, action: str, rising: bool) -> str:
    """A territory the King's action visited where nothing changed, as a note."""
    t = stay.at
    why = stay.why
    if why == "battle":
        return (f"{t}: {plural(stay.cubes, 'King cube')} stay{'s' * (stay.cubes == 1)}: "
                "already in battle with your cubes")
    if why == "no-target":
        return f"{t}: no {TARGET_WORDS[action]} anywhere to move towards; the cubes stay"
    if why == "is-target":
        return f"{t}: is itself a {TARGET_WORDS[action]} target; the cubes stay"
    if why == "blocked":
        reason = toward_words(board, t, stay.dst, stay.cause, rising)  # type: ignore[arg-type]
        return f"{t}: nothing moves: the way is to {stay.dst}, {reason}"
    if why == "contested":
        return f"{t}: no rally: your cubes are in the castle too"
    if why == "no-supply":
        return f"{t}: no rally: all {board.forces} King cubes are on the map"
    return f"{t}: no rally: already at the King's limit of {board.king_limit}"


def step_line(board: Board, step: Step, rising: bool = True, depth: int = 0) -> Line:
    """One table change as a checklist line with its reason and ruling."""
    if step.kind in ("move", "withdraw"):
        what: tuple[Part, ...] = (f"move {cubes(step.count, step.side)} ",
                                  Way(step.src, step.dst))  # type: ignore[arg-type]
    elif step.kind == "rally":
        what = (f"add {cubes(step.count, step.side)} in {step.at}",)
    else:
        what = (f"remove {cubes(step.count, step.side)} from {step.at}",)
    return do(*what, why=step_why(board, step, rising), depth=depth,
              rule=RULES.get(type(step.cause), ""))


def step_json(board: Board, step: Step, rising: bool = True) -> dict[str, Any]:
    """SPEC §4 shape of one step, with its reason."""
    out: dict[str, Any] = {"kind": step.kind}
    if step.kind != "move":
        out["side"] = step.side
    if step.src is not None:
        out["from"] = step.src
    if step.kind in ("move", "withdraw"):
        out["to"] = step.dst
    if step.at is not None:
        out["at"] = step.at
    out["count"] = step.count
    out["why"] = step_why(board, step, rising)
    return out


def king_notes(result: KingResult, board: Board) -> list[str]:
    """Every territory where nothing changed, in order, and an exhausted order."""
    rising = result.priority == "rising"
    notes = [stay_words(board, i, entry.action, rising) for entry in result.log
             for i in entry.items if isinstance(i, Stay)]
    return notes + ([EXHAUSTED] if result.exhausted else [])


def king_json(result: KingResult, board: Board) -> dict[str, Any]:
    """SPEC §4 `resolve king --json`."""
    rising = result.priority == "rising"
    return {
        "actions": list(result.actions),
        "priority": result.priority,
        "draws": list(result.draws),
        "steps": [step_json(board, s, rising) for s in result.steps],
        "battles": result.battles,
        "position": result.position.to_json(),
        "notes": king_notes(result, board),
    }


def king_lines(result: KingResult, board: Board, told: int = 0,
               preview: bool = False) -> list[Line]:
    """The King's action as a checklist, each action under its heading.

    `told`: actions already shown (while Uncertain Orders waited); `preview`: no battles yet."""
    out = []
    rising = result.priority == "rising"
    for i, entry in enumerate(result.log):
        heading = f"The King's action: {ACTION_WORDS[entry.action]} ({result.priority})"
        if i < told:
            out.append(say(f"{heading}: {CARRIED_OUT}"))
            continue
        out.append(say(heading + "."))
        if not any(isinstance(item, Step) for item in entry.items):
            out.append(say("No cube is added." if entry.action == "rally" else "Nothing moves.",
                           depth=1))
        for item in entry.items:
            if isinstance(item, Step):
                out.append(step_line(board, item, rising, depth=1))
            else:
                out.append(say(f"({stay_words(board, item, entry.action, rising)})", depth=1))
    if not result.actions:
        out.append(say("The King's action: nothing."))
    if result.exhausted:
        out.append(say(f"({EXHAUSTED})", depth=1))
    if result.battles and not preview:
        out.append(say(f"Battles to fight, in order: {', '.join(map(str, result.battles))}."))
    return out


def symbols_words(symbols: Symbols) -> str:
    text = (f"{plural(symbols.swords, 'sword')}, {plural(symbols.total_shields, 'shield')}, "
            f"{plural(symbols.total_bugles, 'bugle')}")
    if symbols.bonus_bugles or symbols.bonus_shields:
        text += (f" (incl. territory +{symbols.bonus_bugles} bugle, "
                 f"+{symbols.bonus_shields} shield)")
    return text


def battle_why(battle: Battle, board: Board) -> list[str]:
    """A battle's reasons in order: the defender's bonus, both sides' symbols,
    each side's casualties, who won, the withdrawal and any limit."""
    t = battle.territory
    symbols, count = battle.symbols, battle.cubes
    who = "you defend and add" if battle.defender == PLAYER else "the King defends and adds"
    if board.bugles[t] or board.shields[t]:
        why = [f"{t}: {who} the territory's {plural(board.bugles[t], 'bugle')} and "
               f"{plural(board.shields[t], 'shield')}"]
    else:
        why = [f"{t}: {who.split(' and ')[0]}; the territory gives no bonus"]
    why.append(f"you (card {battle.player_card}): {symbols_words(symbols[PLAYER])}; "
               f"King (card {battle.king_card}): {symbols_words(symbols[KING])}")
    for victim in SIDES:
        killer = other(victim)
        raw = max(symbols[killer].swords - symbols[victim].total_shields, 0)
        caps = []
        if raw > count[killer]:
            owner = "your" if killer == PLAYER else "the King's"
            caps.append(f"capped at {owner} {plural(count[killer], 'cube')} in the battle")
        if min(raw, count[killer]) > count[victim]:
            caps.append(f"only {count[victim]} to lose")
        label = "your casualties" if victim == PLAYER else "the King's casualties"
        capped = f", {'; '.join(caps)}" if caps else ""
        why.append(f"{label}: {plural(symbols[killer].swords, 'sword')} - "
                   f"{plural(symbols[victim].total_shields, 'shield')} = {raw}{capped}, "
                   f"so {battle.casualties[victim]}")
    totals, winner = battle.totals, battle.winner
    if totals is not None:
        if totals[PLAYER] == totals[KING]:
            side = "you" if battle.defender == PLAYER else "the King"
            why.append(f"cubes + bugles: you {totals[PLAYER]}, King {totals[KING]}; "
                       f"a tie goes to the defender, {side}")
        else:
            why.append(f"cubes + bugles: you {totals[PLAYER]}, King {totals[KING]}: "
                       f"{'you win' if winner == PLAYER else 'the King wins'}")
    elif winner is not None:
        owner = "your" if winner == PLAYER else "the King's"
        why.append(f"only {owner} cubes survive")
    else:
        why.append("both sides are wiped out")
    for step in battle.steps:
        if isinstance(step.cause, (Withdrew, Trapped)):
            verb = "you withdraw" if step.side == PLAYER else "the King withdraws"
            gone = plural(step.count, "cube")
            why.append(f"{verb} " + (f"{gone} to {step.dst}" if step.dst is not None
                                     else f"nowhere: {gone} removed"))
        elif isinstance(step.cause, (OverKingLimit, OverPlayerLimit)):
            why.append(step_why(board, step) + f": {step.count} removed from {step.at}")
    return why


def battle_json(battle: Battle, board: Board) -> dict[str, Any]:
    """SPEC §4 `resolve battle --json`, with the steps and reasons."""
    return {**battle.to_json(), "steps": [step_json(board, s) for s in battle.steps],
            "why": battle_why(battle, board)}


def battle_lines(battle: Battle, board: Board, only_withdrawal: bool = False,
                 physical: bool = False) -> list[Line]:
    """A battle as a checklist: its reasons, then each cube change."""
    if only_withdrawal:
        steps = [s for s in battle.steps if not isinstance(s.cause, Casualties)]
        out = [say(f"Withdrawal from the battle in {battle.territory}:")]
        out += [step_line(board, s, depth=1) for s in steps]
    else:
        who = defender_words(battle.defender)
        out = [say(f"Battle in {battle.territory} ({who}):")]
        out += [say(line, depth=1) for line in battle_why(battle, board)]
        out += [step_line(board, s, depth=1) for s in battle.steps]
    if battle.done and physical:
        out.append(do(f"put battle cards {battle.player_card} and {battle.king_card} "
                      "on the discard pile", depth=1))
    return out
