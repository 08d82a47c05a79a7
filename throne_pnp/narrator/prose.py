"""The worked examples told in sentences, for the printed booklet and the page's rules screen.

The CLI's checklist is terse (`move 1 King cube 9 -> 4: nearest ...`); a reader learning the
game wants whole sentences. These functions say the same engine records (the King's log of
steps and stays, a fought battle) as prose: each numbered line is the step of the same number
on the diagram's arrows, unnumbered lines are notes between them.
"""

from __future__ import annotations

from throne_pnp.content import KING_ACTIONS
from throne_pnp.rules.battle import Battle, other
from throne_pnp.rules.board import Board
from throne_pnp.rules.king import KingResult, route
from throne_pnp.rules.position import KING, PLAYER, Step
from throne_pnp.rules.steps import (
    Casualties,
    OverKingLimit,
    OverPlayerLimit,
    Rallied,
    Stay,
    Toward,
    Trapped,
    Withdrew,
)

Told = list[tuple[str, str]]          # (step number or "", sentence)
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
# per target of a King's move: the nearest ones (agreeing in number), one is a target itself,
# there is none
NEAREST = {"castle": ("the nearest castle is {}", "the nearest castles are {}"),
           "wheat": ("the nearest wheat is in {}", "the nearest wheat is in {}"),
           "player cubes": ("your nearest cubes are in {}", "your nearest cubes are in {}")}
ITSELF = {"castle": "it is a castle itself", "wheat": "it has wheat itself",
          "player cubes": "your cubes are there"}
NONE = {"castle": "there is no castle to move towards", "wheat": "no territory has wheat",
        "player cubes": "you have no cubes on the map"}


def count(n: int, noun: str, plural: str = "") -> str:
    """`one King cube`, `3 cubes`: small numbers in words, the noun agreeing."""
    word = NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)
    return f"{word} {noun if n == 1 else plural or noun + 's'}"


def listed(items: tuple[int, ...] | list[int], last: str = "and") -> str:
    """`4`, `4 and 7`, `2, 4 and 7`."""
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cubes(n: int, side: str) -> str:
    return count(n, "King cube") if side == KING else count(n, "of your cubes", "of your cubes")


def _toward(board: Board, step: Step | Stay, cause: Toward, rising: bool) -> str:
    """Why the cubes take this way: the nearest target and, on a tie, the priority."""
    d, nearest, firsts = route(board, step.src if isinstance(step, Step) else step.at,
                               cause.goal)
    one, many = NEAREST[KING_ACTIONS[cause.action].target]
    text = (one if len(nearest) == 1 else many).format(listed(nearest))
    text += f", {count(d, 'step')} away"
    if len(firsts) > 1:
        text += (f"; the way could start in {listed(firsts, 'or')}, and "
                 f"{'Rising takes the highest' if rising else 'Falling takes the lowest'}")
        if isinstance(step, Step):
            text += f", {step.dst}"
    return text


def _king_step(board: Board, step: Step, rising: bool) -> str:
    cause = step.cause
    if isinstance(cause, Toward):
        moving = _cubes(step.count, KING)
        sentence = (f"{cap(moving)} {'steps' if step.count == 1 else 'step'} from {step.src} "
                    f"to {step.dst}: {_toward(board, step, cause, rising)}.")
        if cause.guard:
            sentence += " One stays behind to guard the castle."
        left = cause.cubes - cause.guard - step.count
        if left > 0:
            sentence += (f" {cap(count(left, 'cube'))} {'stays' if left == 1 else 'stay'}: "
                         f"{step.dst} would go over the King's limit of {board.king_limit}.")
        return sentence
    if isinstance(cause, Rallied):
        return (f"Castle {step.at} is the King's alone: add one King cube there "
                f"({count(cause.left, 'cube')} {'is' if cause.left == 1 else 'are'} left in "
                "his supply).")
    return _battle_step(board, step)


def _stay(board: Board, stay: Stay, action: str, rising: bool) -> str:
    t, why = stay.at, stay.why
    target = KING_ACTIONS[action].target
    sentences = {
        "battle": f"In {t} the King's cubes stay: your cubes are there, a battle is due.",
        "no-target": f"In {t} nothing moves: {NONE.get(target, '')}.",
        "is-target": f"In {t} the King's cubes stay: {ITSELF.get(target, '')}.",
        "contested": f"No rally in {t}: your cubes share the castle.",
        "no-supply": f"No rally in {t}: all {board.forces} King cubes are on the map.",
        "full": f"No rally in {t}: it already holds the King's limit of "
                f"{count(board.king_limit, 'cube')}.",
    }
    if why == "blocked" and stay.cause is not None:
        return (f"In {t} nothing moves: the way leads to {stay.dst}, which is full "
                f"({_toward(board, stay, stay.cause, rising)}).")
    return sentences.get(why, sentences["full"])


def king_prose(result: KingResult, board: Board) -> Told:
    """The King's action in sentences, numbered like the diagram's arrows."""
    rising = result.priority == "rising"
    low, high = min(board.numbers), max(board.numbers)
    order = (f"from {low} up to {high} (Rising)" if rising
             else f"from {high} down to {low} (Falling)")
    told: Told = []
    if result.draws:
        told.append(("", f"Uncertain Orders: cards {listed(result.draws)} are dealt and go "
                         "to the discard pile."))
    number = 0
    for entry in result.log:
        words = KING_ACTIONS[entry.action].words
        how = (f", visiting the territories {order}" if entry.action != "rally"
               else f", castle by castle {order}")
        told.append(("", f"The King's action: he will {words}{how}."))
        for item in entry.items:
            if isinstance(item, Step):
                number += 1
                told.append((str(number), _king_step(board, item, rising)))
            else:
                told.append(("", _stay(board, item, entry.action, rising)))
    if result.exhausted:
        told.append(("", "No card without Uncertain Orders can come: the King does nothing "
                         "more."))
    if len(result.battles) == 1:
        told.append(("", f"A battle follows in {result.battles[0]}."))
    elif result.battles:
        told.append(("", "Battles follow: " + ", then ".join(f"in {t}" for t in result.battles)
                     + "."))
    return told


def _symbols(battle: Battle, side: str) -> str:
    s = battle.symbols[side]
    parts = [count(s.swords, "sword"), count(s.total_shields, "shield"),
             count(s.total_bugles, "bugle")]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _battle_step(board: Board, step: Step) -> str:
    cause = step.cause
    whose = "the King's" if step.side == KING else "your"
    if isinstance(cause, Casualties):
        return f"Casualties: take {_cubes(step.count, step.side)} off the map in {step.at}."
    if isinstance(cause, Withdrew):
        moving = f"{cap(_cubes(step.count, step.side))} withdraw from {step.src} to {step.dst}"
        if step.side == PLAYER:
            return moving + ": you choose where, and all go together."
        why = ("his only way out" if len(cause.options) == 1 else
               f"of {listed(cause.options, 'and')}, his battle card "
               f"({'Rising' if cause.rising else 'Falling'}) takes the "
               f"{'highest' if cause.rising else 'lowest'}")
        blocked = (f"; {listed(cause.blocked, 'and')} {'is' if len(cause.blocked) == 1 else 'are'}"
                   " closed to him, your cubes stand there" if cause.blocked else "")
        return f"{moving}: {why}{blocked}."
    if isinstance(cause, Trapped):
        verb = "is" if step.count == 1 else "are"
        return (f"Every neighbour of {step.at} holds enemy cubes: {whose} "
                f"{count(step.count, 'cube')} cannot escape and {verb} removed.")
    if isinstance(cause, OverKingLimit):
        return (f"Territory {step.at} now holds {count(cause.had, 'King cube')}, over his "
                f"limit of {NUMBERS[cause.limit] if cause.limit < 11 else cause.limit}: "
                f"remove {count(step.count, 'cube')}.")
    if isinstance(cause, OverPlayerLimit):
        wheat = (f"the wheat in {listed(cause.wheat)}" if cause.wheat else "no wheat")
        had = _cubes(cause.had, PLAYER)
        return (f"Territory {step.at} now holds {had}, but your limit is {cause.limit} "
                f"({wheat}): remove {count(step.count, 'cube')}.")
    return f"Carry out {step.kind} in {step.at}."


def battle_prose(battle: Battle, board: Board) -> Told:
    """A battle in sentences: symbols, casualties, strength, then each numbered change."""
    t = battle.territory
    defender = "you defend" if battle.defender == PLAYER else "the King defends"
    bonus = []
    if board.bugles[t]:
        bonus.append(count(board.bugles[t], "bugle"))
    if board.shields[t]:
        bonus.append(count(board.shields[t], "shield"))
    told: Told = [("", f"The battle in {t}: {defender}" + (
        f" and adds the territory's {' and '.join(bonus)}." if bonus else "."))]
    told.append(("", f"Your card {battle.player_card} gives {_symbols(battle, PLAYER)}; the "
                     f"King's card {battle.king_card} gives {_symbols(battle, KING)}."))
    for victim in (PLAYER, KING):
        killer = other(victim)
        swords = battle.symbols[killer].swords
        shields = battle.symbols[victim].total_shields
        lost = battle.casualties[victim]
        who = "You lose" if victim == PLAYER else "The King loses"
        stop = (f"{count(swords, 'sword')} against {count(shields, 'shield')}" if swords
                else "no swords against him" if victim == KING else "no swords against you")
        told.append(("", f"{who} {count(lost, 'cube')} ({stop})."))
    totals = battle.totals
    if totals is not None:
        you, king = totals[PLAYER], totals[KING]
        verdict = ("a tie, so the defender wins" if you == king else
                   "you win" if battle.winner == PLAYER else "the King wins")
        told.append(("", f"Strength, cubes plus bugles: you {you}, the King {king}: {verdict}."))
    elif battle.winner is not None:
        told.append(("", "Only " + ("your" if battle.winner == PLAYER else "the King's")
                         + " cubes survive."))
    else:
        told.append(("", "Both sides are wiped out."))
    told += [(str(i), _battle_step(board, step))
             for i, step in enumerate(battle.steps, start=1)]
    return told
