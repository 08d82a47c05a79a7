"""The battles of a phase in a game (R9): one after another, in order.

`BattleFlow` is the part of `Game` that lists the contested territories when
the King's action or Player Actions end, takes the player's battle card and
the King's, fights with `battle.fight` and `battle.withdraw` (the one R9
core), waits for the player's withdrawal when they have a choice, and puts
both cards on the discard pile when a battle ends.
"""

from __future__ import annotations

from throne_pnp.rules import battle as battle_rules
from throne_pnp.rules.battle import Battle
from throne_pnp.rules.board import Board
from throne_pnp.rules.events import BattleCard, BattleFought, Event
from throne_pnp.rules.position import PLAYER, Position


class BattleFlow:
    """Pending battles, battle cards and withdrawals of a `Game` (a mixin)."""

    board: Board
    position: Position
    stage: str
    pending_battles: list[int]
    battle: Battle | None
    battle_card: int | None
    table: list[int]
    discard: list[int]
    events: list[Event]
    rising: bool
    defender: str

    def _start_battles(self, stage: str) -> None:
        self.stage = stage
        self.pending_battles = self.position.contested(self.board.order(self.rising))
        self.battle = None
        self.battle_card = None

    def _do_battle(self, card_id: int) -> None:
        need = self._expect("battle", "play a battle card")  # type: ignore[attr-defined]
        self._play_from_hand(card_id, "be played from your hand")  # type: ignore[attr-defined]
        self.battle_card = card_id
        self.events.append(BattleCard(card_id, need.territory))  # type: ignore[arg-type]

    def _fight(self, king_card_id: int) -> None:
        board = self.board
        king_card = board.cards[king_card_id]
        result = battle_rules.fight(board, self.position, self.pending_battles[0],
                                    self.defender, board.cards[self.battle_card],  # type: ignore[index]
                                    king_card)
        if result.needs_choice:
            self.battle = result
            self.events.append(BattleFought(result))
            return
        battle_rules.withdraw(board, result, king_card,
                 result.loser_options[0] if result.loser == PLAYER and result.loser_options
                 else None)
        self._end_battle(result)

    def _do_withdraw(self, to: int) -> None:
        self._expect("withdraw", "withdraw")
        battle = self.battle
        assert battle is not None
        battle_rules.withdraw(self.board, battle, self.board.cards[battle.king_card], to)
        self.battle = None
        self._end_battle(battle)

    def _end_battle(self, battle: Battle) -> None:
        self.position = battle.position
        self.events.append(BattleFought(battle))
        for c in (battle.player_card, battle.king_card):
            if c in self.table:
                self.table.remove(c)
            self.discard.append(c)
        self.battle_card = None
        self.pending_battles.pop(0)
