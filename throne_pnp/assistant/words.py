"""The assistant's words for cards, cube changes and the King's actions.

Small pure functions shared by the checklists (`explain`), `throne resolve`
and the table page: a card in one line, a cube change as a checklist line
with its reason, the King's action under a heading per action with that
action's own notes, a battle with its reasons.
"""

from __future__ import annotations

from throne_pnp.content import Card
from throne_pnp.rules.board import Board
from throne_pnp.rules.king import KingResult
from throne_pnp.rules.position import KING, Position, Step, defender_words

TYPE_CHECKING = False
if TYPE_CHECKING:   # (the battle engine is loaded only by what fights one)
    from typing import Any

    from throne_pnp.rules.battle import Battle

ACTION_WORDS = {
    "rally": "rally at his castles",
    "move-castle": "move towards the nearest castle",
    "move-wheat": "move towards the nearest wheat",
    "move-player": "move towards your nearest cubes",
    "uncertain": "Uncertain Orders",
}
BOX = "[ ]"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


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


def step_line(step: Step) -> str:
    """One table change as a checklist line with its reason."""
    if step.kind in ("move", "withdraw"):
        what = f"move {cubes(step.count, step.side)} {step.src} -> {step.dst}"
    elif step.kind == "rally":
        what = f"add {cubes(step.count, step.side)} in {step.at}"
    else:
        what = f"remove {cubes(step.count, step.side)} from {step.at}"
    return f"{BOX} {what}: {step.why}"


def _unapply(step: Step, pos: Position) -> None:
    """Take one step back on a (mutable) position."""
    counts = pos.side(step.side)
    if step.kind in ("move", "withdraw"):
        counts[step.src] += step.count  # type: ignore[index]
        if step.dst is not None:
            counts[step.dst] -= step.count
    elif step.kind == "rally":
        counts[step.at] -= step.count  # type: ignore[index]
    elif step.kind == "remove":
        counts[step.at] += step.count  # type: ignore[index]


def notes_by_action(result: KingResult, board: Board) -> list[list[str]] | None:
    """Each action's own notes, in the order of `result.log` (None if they
    cannot be told apart: the result's notes are then shown together).

    The engine gives one list of notes for the whole card; each action is
    taken again here, from the position before the card, to see whose notes
    are whose.
    """
    from throne_pnp.rules.king import move, rally

    work = result.position.copy()
    for step in reversed(result.steps):
        _unapply(step, work)
    rising = result.priority == "rising"
    out = []
    for action, _ in result.log:
        _, notes = (rally(board, work, rising) if action == "rally"
                    else move(board, work, action, rising))
        out.append(notes)
    if [n for notes in out for n in notes] != result.notes[:sum(map(len, out))]:
        return None
    return out


def _visit_index(board: Board, rising: bool) -> dict[int, int]:
    return {t: i for i, t in enumerate(board.order(rising))}


def _note_territory(note: str) -> int | None:
    """The territory a skip note is about (`7: is itself ...`), if it names one."""
    head = note.split(":", 1)[0]
    return int(head) if head.isdigit() else None


def _in_visiting_order(steps: list[Step], notes: list[str], order: dict[int, int]
                       ) -> list[str]:
    """An action's cube changes and skip notes as lines, in the order the
    territories were visited (R3, R4): a note sits where its territory came.
    Both lists are already in visiting order; this merges them."""
    def where(t: int | None) -> int:
        return order.get(t, len(order)) if t is not None else len(order)

    keyed = [(where(s.src if s.kind == "move" else s.at), 0, i, "  " + step_line(s))
             for i, s in enumerate(steps)]
    keyed += [(where(_note_territory(n)), 1, i, f"  ({n})") for i, n in enumerate(notes)]
    # A step and a note for one territory cannot both happen; steps first on ties.
    return [line for *_, line in sorted(keyed)]


def king_lines(result: KingResult, board: Board | None = None, told: int = 0,
               preview: bool = False) -> list[str]:
    """The King's action as a checklist: each action under its own heading with
    its cube changes and its notes (given the board to tell them apart, in
    the order the territories were visited).

    `told`: how many of the actions were already shown (while Uncertain
    Orders waited for a dealt card): they get their heading and "already
    shown" instead of their checklist again. `preview`: the actions known
    so far, while a card must still be dealt; no battles are listed yet.
    """
    out = []
    log = result.log or [(a, []) for a in result.actions]
    per_action = notes_by_action(result, board) if board is not None and result.log else None
    order = _visit_index(board, result.priority == "rising") if board is not None else {}
    shown = 0
    for i, (action, steps) in enumerate(log):
        heading = f"The King's action: {ACTION_WORDS[action]} ({result.priority})"
        if per_action is not None:
            shown += len(per_action[i])
        if i < told:
            out.append(f"{heading}: carried out above.")
            continue
        out.append(heading + ".")
        notes = per_action[i] if per_action is not None else []
        if not steps:
            out.append("  No cube is added." if action == "rally" else "  Nothing moves.")
        out += _in_visiting_order(steps, notes, order)
    if not result.actions:
        out.append("The King's action: nothing.")
    out += [f"  ({note})" for note in result.notes[shown:]]
    if result.battles and not preview:
        out.append(f"Battles to fight, in order: {', '.join(map(str, result.battles))}.")
    return out


def battle_lines(battle: Battle, only_withdrawal: bool = False,
                 physical: bool = False) -> list[str]:
    if only_withdrawal:
        steps = [s for s in battle.steps if s.why != "battle casualties"]
        out = [f"Withdrawal from the battle in {battle.territory}:"]
        out += ["  " + step_line(s) for s in steps]
    else:
        who = defender_words(battle.defender)
        out = [f"Battle in {battle.territory} ({who}):"]
        out += [f"  {line}" for line in battle.why]
        out += ["  " + step_line(s) for s in battle.steps]
    if battle.done and physical:
        out.append(f"  {BOX} put battle cards {battle.player_card} and {battle.king_card} "
                   "on the discard pile")
    return out
