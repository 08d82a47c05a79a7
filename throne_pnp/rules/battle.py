"""Battles and withdrawals (R9, R14), the one core everyone fights with: `clash` is R9's
arithmetic on bare numbers; `fight` applies it to a position and `withdraw` moves the losers
(two parts, so a losing player can choose where to go).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from throne_pnp.content import Card
from throne_pnp.errors import IllegalAction, ThroneError
from throne_pnp.rules.board import Board
from throne_pnp.rules.position import KING, PLAYER, Position, enforce_limits
from throne_pnp.rules.steps import CASUALTIES, TRAPPED, Step, Withdrew

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


@dataclass(frozen=True, slots=True)
class Symbols:
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

    def to_json(self) -> dict[str, int]:
        return {"bugles": self.total_bugles, "swords": self.swords, "shields": self.total_shields}


@dataclass(slots=True)
class Battle:
    """A fought battle, as ints (`won`: 1 the player, -1 the King, 0 both wiped out);
    `withdraw` fills in `withdrawal` and marks it `done`."""

    territory: int
    defender: str
    player_card: int
    king_card: int
    player_symbols: Symbols
    king_symbols: Symbols
    player_cubes: int
    king_cubes: int
    player_casualties: int
    king_casualties: int
    won: int
    loser_options: list[int]
    position: Position
    steps: list[Step] = field(default_factory=list)
    withdrawal: dict[str, Any] | None = None
    done: bool = False

    @property
    def symbols(self) -> dict[str, Symbols]:
        return {PLAYER: self.player_symbols, KING: self.king_symbols}

    @property
    def cubes(self) -> dict[str, int]:
        return {PLAYER: self.player_cubes, KING: self.king_cubes}

    @property
    def casualties(self) -> dict[str, int]:
        return {PLAYER: self.player_casualties, KING: self.king_casualties}

    @property
    def totals(self) -> dict[str, int] | None:
        """The cubes + bugles compared when both sides survive (else None)."""
        p_left = self.player_cubes - self.player_casualties
        k_left = self.king_cubes - self.king_casualties
        if not (p_left and k_left):
            return None
        return {PLAYER: p_left + self.player_symbols.total_bugles,
                KING: k_left + self.king_symbols.total_bugles}

    @property
    def winner(self) -> str | None:
        return PLAYER if self.won > 0 else KING if self.won < 0 else None

    @property
    def loser(self) -> str | None:
        """The side that must withdraw, if any (both sides still had cubes)."""
        if not self.won or self.player_cubes == self.player_casualties \
                or self.king_cubes == self.king_casualties:
            return None
        return KING if self.won > 0 else PLAYER

    @property
    def needs_choice(self) -> bool:
        """True while a losing player must choose among several territories."""
        return not self.done and self.loser == PLAYER and len(self.loser_options) > 1

    def to_json(self) -> dict[str, Any]:
        return {
            "territory": self.territory,
            "defender": self.defender,
            "player_casualties": self.player_casualties,
            "king_casualties": self.king_casualties,
            "winner": self.winner,
            "withdrawal": self.withdrawal,
            "position": self.position.to_json(),
            "player_card": self.player_card,
            "king_card": self.king_card,
            "symbols": {s: sym.to_json() for s, sym in self.symbols.items()},
            "totals": self.totals,
        }


@cache
def _symbols(bugles: int, swords: int, shields: int, bonus_bugles: int,
             bonus_shields: int) -> Symbols:
    """`Symbols`, one shared instance per value (they are immutable)."""
    return Symbols(bugles, swords, shields, bonus_bugles, bonus_shields)


def fight(board: Board, pos: Position, territory: int, defender: str, player_card: Card,
          king_card: Card) -> Battle:
    """Casualties and the winner of the battle in `territory` (R9), by `clash`;
    the losers' withdrawal is left to `withdraw` (a losing player may choose)."""
    if defender not in SIDES:
        raise IllegalAction(f"defender must be player or king, not {defender!r}")
    pn, kn = pos.player[territory], pos.king[territory]
    if not pn or not kn:
        raise IllegalAction(f"no battle in {territory}: it needs cubes of both sides "
                            f"(king {kn}, player {pn})")
    player_defends = defender == PLAYER
    bugles, shields = board.bugles[territory], board.shields[territory]
    ps = _symbols(player_card.bugles, player_card.swords, player_card.shields,
                  bugles if player_defends else 0, shields if player_defends else 0)
    ks = _symbols(king_card.bugles, king_card.swords, king_card.shields,
                  0 if player_defends else bugles, 0 if player_defends else shields)
    won, p_cas, k_cas = clash(pn, kn, ps.total_bugles, ps.swords, ps.total_shields,
                              ks.total_bugles, ks.swords, ks.total_shields, player_defends)
    work = pos.copy()
    steps = []
    if p_cas:
        work.player[territory] = pn - p_cas
        steps.append(Step("remove", p_cas, PLAYER, CASUALTIES, at=territory))
    if k_cas:
        work.king[territory] = kn - k_cas
        steps.append(Step("remove", k_cas, KING, CASUALTIES, at=territory))
    battle = Battle(territory, defender, player_card.id, king_card.id, ps, ks, pn, kn, p_cas,
                    k_cas, won, [], work, steps)
    loser = battle.loser
    if loser is not None:
        enemy = work.side(other(loser))  # the losers may go where no enemy cubes are
        battle.loser_options = [n for n in board.adjacent[territory] if not enemy[n]]
    else:
        _finish(board, battle)
    return battle


@cache
def clash(pn: int, kn: int, p_bugles: int, p_swords: int, p_shields: int,
          k_bugles: int, k_swords: int, k_shields: int,
          player_defends: bool) -> tuple[int, int, int]:
    """R9 on bare numbers (bonuses already added to the defender): (winner: 1 player,
    -1 King, 0 none left, player casualties, King casualties)."""
    p_cas = min(max(k_swords - p_shields, 0), kn, pn)
    k_cas = min(max(p_swords - k_shields, 0), pn, kn)
    p_left, k_left = pn - p_cas, kn - k_cas
    if p_left and k_left:
        tp, tk = p_left + p_bugles, k_left + k_bugles   # a tie goes to the defender
        return (1 if tp > tk or (tp == tk and player_defends) else -1), p_cas, k_cas
    if p_left:
        return 1, p_cas, k_cas
    if k_left:
        return -1, p_cas, k_cas
    return 0, p_cas, k_cas


def withdraw(board: Board, battle: Battle, king_card: Card, to: int | None = None) -> Battle:
    """The losers' withdrawal (R9, R14), then both limits. Changes `battle`."""
    loser = battle.loser
    if battle.done or loser is None:
        return battle
    t = battle.territory
    work = battle.position
    options = battle.loser_options
    if loser == KING:
        # by his battle card's priority (R1, R9)
        dest = (max(options) if king_card.rising else min(options)) if options else None
    elif not options:
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
    side = work.king if loser == KING else work.player
    count = side[t]
    side[t] = 0
    if dest is None:
        battle.steps.append(Step("remove", count, loser, TRAPPED, at=t))
    else:
        side[dest] += count
        blocked = tuple(n for n in board.adjacent[t] if n not in options)
        battle.steps.append(Step("withdraw", count, loser,
                                 Withdrew(tuple(options), blocked, king_card.rising),
                                 src=t, dst=dest))
    before = len(battle.steps)
    _finish(board, battle)
    removed = count if dest is None else sum(s.count for s in battle.steps[before:]
                                             if s.side == loser and s.at == dest)
    battle.withdrawal = {"side": loser, "to": dest, "removed": removed}
    return battle


def _finish(board: Board, battle: Battle) -> None:
    """Apply both limits after the battle (R8, R9) and mark it done."""
    battle.steps.extend(enforce_limits(board, battle.position, contested_to=battle.defender))
    battle.done = True


def resolve_battle(board: Board, pos: Position, territory: int, defender: str,
                   player_card: Card, king_card: Card, withdraw_to: int | None = None) -> Battle:
    """Fight and finish a battle in one call; a losing player with several
    options and no `withdraw_to` gets WithdrawalChoice listing them."""
    battle = fight(board, pos, territory, defender, player_card, king_card)
    return withdraw(board, battle, king_card, withdraw_to)
