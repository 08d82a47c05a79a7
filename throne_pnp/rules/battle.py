"""Battles and withdrawals (R9).

A battle is fought in two parts so that a player who loses can choose where
to withdraw: `fight` works out symbols, simultaneous capped casualties, the
winner and where the losers may go; `withdraw` carries out the losers'
withdrawal (or removal) and then both limits. `resolve_battle` does both for
the stateless `throne resolve battle`.
"""

from __future__ import annotations

from functools import cache

from throne_pnp.content import Card
from throne_pnp.errors import IllegalAction, ThroneError
from throne_pnp.rules.board import Board
from throne_pnp.rules.position import KING, PLAYER, Position, Step, enforce_limits
from throne_pnp.values import Factory, Record, Value

TYPE_CHECKING = False
if TYPE_CHECKING:   # (typing is not loaded at run time: a table command starts faster)
    from typing import Any

SIDES = (PLAYER, KING)


def other(side: str) -> str:
    return KING if side == PLAYER else PLAYER


class WithdrawalChoice(ThroneError):
    """The player lost and must say where to withdraw (several options)."""

    def __init__(self, territory: int, options: list[int]):
        self.options = options
        listed = ", ".join(str(o) for o in options)
        super().__init__(f"you lost the battle in {territory}: choose where your cubes "
                         f"withdraw with --withdraw-to (one of {listed})")


class Symbols(Value):
    """A side's battle strength: card symbols plus the defender's territory bonus."""

    bugles: int
    swords: int
    shields: int
    bonus_bugles: int = 0
    bonus_shields: int = 0

    @property
    def total_bugles(self) -> int:
        return self.bugles + self.bonus_bugles

    @property
    def total_shields(self) -> int:
        return self.shields + self.bonus_shields

    def describe(self) -> str:
        text = f"{self.swords} sword(s), {self.total_shields} shield(s), " \
               f"{self.total_bugles} bugle(s)"
        if self.bonus_bugles or self.bonus_shields:
            text += f" (incl. territory +{self.bonus_bugles} bugle, +{self.bonus_shields} shield)"
        return text

    def to_json(self) -> dict[str, int]:
        return {"bugles": self.total_bugles, "swords": self.swords,
                "shields": self.total_shields}


class Battle(Record):
    """A fought battle; `withdrawal` is filled in by `withdraw`."""

    territory: int
    defender: str
    player_card: int
    king_card: int
    symbols: dict[str, Symbols]
    casualties: dict[str, int]
    totals: dict[str, int] | None
    winner: str | None
    loser_options: list[int]
    position: Position
    steps: list[Step] = Factory(list)
    why: list[str] = Factory(list)
    withdrawal: dict[str, Any] | None = None
    done: bool = False
    explain: bool = True  # False: `why` stays empty (the simulator's fast path)

    @property
    def loser(self) -> str | None:
        """The side that must withdraw, if any (both sides still had cubes)."""
        if self.totals is None or self.winner is None:
            return None
        return other(self.winner)

    @property
    def needs_choice(self) -> bool:
        """True while a losing player must choose among several territories."""
        return not self.done and self.loser == PLAYER and len(self.loser_options) > 1

    def to_json(self) -> dict[str, Any]:
        return {
            "territory": self.territory,
            "defender": self.defender,
            "player_casualties": self.casualties[PLAYER],
            "king_casualties": self.casualties[KING],
            "winner": self.winner,
            "withdrawal": self.withdrawal,
            "position": self.position.to_json(),
            "player_card": self.player_card,
            "king_card": self.king_card,
            "symbols": {s: self.symbols[s].to_json() for s in SIDES},
            "totals": self.totals,
            "steps": [s.to_json() for s in self.steps],
            "why": list(self.why),
        }


@cache
def _symbols(bugles: int, swords: int, shields: int, bonus_bugles: int,
             bonus_shields: int) -> Symbols:
    """`Symbols`, one shared instance per value (they are immutable)."""
    return Symbols(bugles, swords, shields, bonus_bugles, bonus_shields)


def withdrawal_options(board: Board, pos: Position, territory: int, side: str) -> list[int]:
    """Neighbours with no enemy cubes, ascending."""
    enemy = pos.side(other(side))
    return [n for n in board.adjacent[territory] if not enemy[n]]


def fight(board: Board, pos: Position, territory: int, defender: str, player_card: Card,
          king_card: Card, explain: bool = True) -> Battle:
    """Casualties and the winner of the battle in `territory` (R9), without withdrawal.

    `explain` False (the simulator's fast path) leaves `why` empty; the
    outcome is the same.
    """
    if defender not in SIDES:
        raise IllegalAction(f"defender must be player or king, not {defender!r}")
    work = pos.copy()
    cubes = {PLAYER: work.player[territory], KING: work.king[territory]}
    if not cubes[PLAYER] or not cubes[KING]:
        raise IllegalAction(f"no battle in {territory}: it needs cubes of both sides "
                            f"(king {cubes[KING]}, player {cubes[PLAYER]})")
    symbols = {}
    for side, card in ((PLAYER, player_card), (KING, king_card)):
        bonus = side == defender
        symbols[side] = _symbols(card.bugles, card.swords, card.shields,
                                 board.bugles[territory] if bonus else 0,
                                 board.shields[territory] if bonus else 0)
    why = _opening_words(board, territory, defender, player_card, king_card,
                         symbols) if explain else []
    casualties = {}
    for victim in SIDES:
        killer = other(victim)
        raw = max(symbols[killer].swords - symbols[victim].total_shields, 0)
        casualties[victim] = min(raw, cubes[killer], cubes[victim])
        if explain:
            why.append(_casualty_words(victim, raw, symbols, cubes, casualties[victim]))
    steps = []
    for side in SIDES:
        if casualties[side]:
            step = Step("remove", casualties[side], "battle casualties", side, at=territory)
            step.apply(work)
            steps.append(step)
    left = {PLAYER: work.player[territory], KING: work.king[territory]}
    totals = None
    if left[PLAYER] and left[KING]:
        totals = {s: left[s] + symbols[s].total_bugles for s in SIDES}
        if totals[PLAYER] == totals[KING]:
            winner = defender
        else:
            winner = PLAYER if totals[PLAYER] > totals[KING] else KING
    elif left[PLAYER] or left[KING]:
        winner = PLAYER if left[PLAYER] else KING
    else:
        winner = None
    if explain:
        why.append(_outcome_words(defender, totals, winner))
    battle = Battle(territory, defender, player_card.id, king_card.id, symbols, casualties,
                    totals, winner, [], work, steps, why, explain=explain)
    if battle.loser is not None:
        battle.loser_options = withdrawal_options(board, work, territory, battle.loser)
    else:
        _finish(board, battle)
    return battle


def _opening_words(board: Board, territory: int, defender: str, player_card: Card,
                   king_card: Card, symbols: dict[str, Symbols]) -> list[str]:
    """Who defends with what bonus, and both sides' symbols."""
    who = "you defend and add" if defender == PLAYER else "the King defends and adds"
    if board.bugles[territory] or board.shields[territory]:
        why = [f"{territory}: {who} the territory's {board.bugles[territory]} bugle(s) and "
               f"{board.shields[territory]} shield(s)"]
    else:
        why = [f"{territory}: {who.split(' and ')[0]}; the territory gives no bonus"]
    why.append(f"you (card {player_card.id}): {symbols[PLAYER].describe()}; "
               f"King (card {king_card.id}): {symbols[KING].describe()}")
    return why


def _casualty_words(victim: str, raw: int, symbols: dict[str, Symbols],
                    cubes: dict[str, int], lost: int) -> str:
    """One side's casualties: swords minus shields, and any cap."""
    killer = other(victim)
    caps = []
    if raw > cubes[killer]:
        owner = "your" if killer == PLAYER else "the King's"
        caps.append(f"capped at {owner} {cubes[killer]} cube(s) in the battle")
    if min(raw, cubes[killer]) > cubes[victim]:
        caps.append(f"only {cubes[victim]} to lose")
    label = "your casualties" if victim == PLAYER else "the King's casualties"
    capped = f", {'; '.join(caps)}" if caps else ""
    return (f"{label}: {symbols[killer].swords} sword(s) - "
            f"{symbols[victim].total_shields} shield(s) = {raw}{capped} -> {lost}")


def _outcome_words(defender: str, totals: dict[str, int] | None, winner: str | None) -> str:
    """Who won, and why."""
    if totals is not None:
        if totals[PLAYER] == totals[KING]:
            return (f"cubes + bugles: you {totals[PLAYER]}, King {totals[KING]}; "
                    f"a tie goes to the defender, {'you' if defender == PLAYER else 'the King'}")
        return (f"cubes + bugles: you {totals[PLAYER]}, King {totals[KING]}: "
                f"{'you win' if winner == PLAYER else 'the King wins'}")
    if winner is not None:
        who = "your" if winner == PLAYER else "the King's"
        return f"only {who} cubes survive"
    return "both sides are wiped out"


@cache
def clash(pn: int, kn: int, p_bugles: int, p_swords: int, p_shields: int,
          k_bugles: int, k_swords: int, k_shields: int,
          player_defends: bool) -> tuple[int, int, int]:
    """R9 on bare numbers (territory bonuses already added to the defender).

    Returns (winner, player casualties, King casualties); winner is 1 for the
    player, -1 for the King, 0 when both are wiped out.
    """
    p_cas = min(max(k_swords - p_shields, 0), kn, pn)
    k_cas = min(max(p_swords - k_shields, 0), pn, kn)
    p_left, k_left = pn - p_cas, kn - k_cas
    if p_left and k_left:
        tp, tk = p_left + p_bugles, k_left + k_bugles
        if tp == tk:
            return (1 if player_defends else -1), p_cas, k_cas
        return (1 if tp > tk else -1), p_cas, k_cas
    if p_left:
        return 1, p_cas, k_cas
    if k_left:
        return -1, p_cas, k_cas
    return 0, p_cas, k_cas


def king_withdrawal_target(options: list[int], king_card: Card) -> int | None:
    """The King withdraws by his battle card's priority (R1, R9)."""
    if not options:
        return None
    return max(options) if king_card.rising else min(options)


def withdraw(board: Board, battle: Battle, king_card: Card, to: int | None = None) -> Battle:
    """Carry out the losers' withdrawal (or removal), then both limits. Changes `battle`."""
    loser = battle.loser
    if battle.done or loser is None:
        return battle
    t = battle.territory
    work = battle.position
    options = battle.loser_options
    count = work.side(loser)[t]
    if loser == KING:
        dest = king_withdrawal_target(options, king_card)
        if dest is not None and battle.explain:
            blocked = [n for n in board.adjacent[t] if n not in options]
            if len(options) == 1:
                reason = f"the King withdraws to {dest}, his only way out"
            else:
                rule = "Rising: highest" if king_card.rising else "Falling: lowest"
                reason = (f"the King withdraws by his battle card's priority ({rule} of "
                          f"{', '.join(map(str, options))})")
            if blocked:
                reason += f"; not {', '.join(map(str, blocked))}: your cubes are there"
        else:
            reason = ""
    else:
        if not options:
            dest = None
        elif to is None:
            if len(options) > 1:
                raise WithdrawalChoice(t, options)
            dest = options[0]
        elif to not in options:
            listed = ", ".join(map(str, options)) or "none"
            raise IllegalAction(f"cannot withdraw to {to}: it must be next to {t} and free of "
                                f"King cubes; legal: {listed}")
        else:
            dest = to
        reason = "you withdraw all your surviving cubes together"
    removed = 0
    if dest is None:
        step = Step("remove", count, f"every neighbour of {t} holds enemy cubes: the losers "
                    "cannot escape and are removed", loser, at=t)
        removed = count
        step.apply(work)
        battle.steps.append(step)
    else:
        step = Step("withdraw", count, reason, loser, src=t, dst=dest)
        step.apply(work)
        battle.steps.append(step)
    if battle.explain:
        battle.why.append(f"{'you withdraw' if loser == PLAYER else 'the King withdraws'} "
                          + (f"{count} cube(s) to {dest}" if dest is not None
                             else f"nowhere: {count} cube(s) removed"))
    before = len(battle.steps)
    _finish(board, battle)
    if dest is not None:
        removed = sum(s.count for s in battle.steps[before:]
                      if s.side == loser and s.at == dest)
    battle.withdrawal = {"side": loser, "to": dest, "removed": removed}
    return battle


def _finish(board: Board, battle: Battle) -> None:
    """Apply both limits after the battle (R8, R9) and mark it done."""
    limit_steps = enforce_limits(board, battle.position, contested_to=battle.defender)
    battle.steps.extend(limit_steps)
    if battle.explain:
        battle.why.extend(s.why + f": {s.count} removed from {s.at}" for s in limit_steps)
    battle.done = True


def resolve_battle(board: Board, pos: Position, territory: int, defender: str,
                   player_card: Card, king_card: Card, withdraw_to: int | None = None) -> Battle:
    """Fight and finish a battle in one call; a losing player with several
    options and no `withdraw_to` gets WithdrawalChoice listing them."""
    battle = fight(board, pos, territory, defender, player_card, king_card)
    return withdraw(board, battle, king_card, withdraw_to)
