"""The battles of a phase in a game (R9): one after another, in order.

`BattleFlow` is the part of `Game` that lists the contested territories when
the King's action or Player Actions end, takes the player's battle card and
the King's, fights with `battle.fight` (or, on the simulator's fast path,
the same arithmetic on bare numbers), waits for the player's withdrawal when
they have a choice, and puts both cards on the discard pile when a battle
ends. The battle arithmetic itself lives in `battle`.
"""

from __future__ import annotations

from throne_pnp.rules.battle import Battle, clash, fight, king_withdrawal_target, withdraw
from throne_pnp.rules.needs import Event
from throne_pnp.rules.position import KING, PLAYER, Position, enforce_limits

TYPE_CHECKING = False
if TYPE_CHECKING:
    from throne_pnp.rules.board import Board


class BattleFlow:
    """Pending battles, battle cards and withdrawals of a `Game` (a mixin)."""

    board: Board
    explain: bool
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
        need = self._expect("battle", "play a battle card")
        self._play_from_hand(card_id, "be played from your hand")
        self.battle_card = card_id
        if self.explain:
            self.events.append(Event("battle-card", card_id, {"territory": need.territory}))

    def _fight(self, king_card_id: int) -> None:
        if not self.explain and self._fight_quickly(king_card_id):
            return
        t = self.pending_battles[0]
        board = self.board
        result = fight(board, self.position, t, self.defender,
                       board.cards[self.battle_card], board.cards[king_card_id],  # type: ignore[index]
                       self.explain)
        result.king_card = king_card_id
        if not result.needs_choice:
            withdraw(board, result, board.cards[king_card_id],
                     result.loser_options[0] if result.loser == PLAYER and result.loser_options
                     else None)
            self._end_battle(result)
        else:
            self.battle = result
            if self.explain:
                self.events.append(Event("battle", result))

    def _fight_quickly(self, king_card_id: int) -> bool:
        """`_fight` on bare numbers, for the simulator (`explain` False).

        The same arithmetic as `fight` and `withdraw` (R9) and the same position
        afterwards, without building a `Battle` record nobody reads. Returns
        False, having changed nothing, when the player lost with several
        places to withdraw: `_fight` then records the battle for their choice.
        """
        t = self.pending_battles[0]
        board = self.board
        player_card_id = self.battle_card
        pcard, kcard = board.cards[player_card_id], board.cards[king_card_id]  # type: ignore[index]
        P, K = self.position.player, self.position.king
        pn, kn = P[t], K[t]
        defender = self.defender
        p_bugles, p_shields, k_bugles, k_shields = (pcard.bugles, pcard.shields,
                                                    kcard.bugles, kcard.shields)
        if defender == PLAYER:
            p_bugles += board.bugles[t]
            p_shields += board.shields[t]
        else:
            k_bugles += board.bugles[t]
            k_shields += board.shields[t]
        winner, p_cas, k_cas = clash(pn, kn, p_bugles, pcard.swords, p_shields, k_bugles,
                                     kcard.swords, k_shields, defender == PLAYER)
        p_left, k_left = pn - p_cas, kn - k_cas
        # nobody withdraws when a side (or both) is wiped out
        loser = (KING if winner > 0 else PLAYER) if p_left and k_left else None
        options: list[int] = []
        if loser == PLAYER:
            options = [n for n in board.adjacent[t] if not K[n]]
            if len(options) > 1:
                return False
        work = self.position.copy()
        work.player[t] = p_left
        work.king[t] = k_left
        if loser is not None:
            if loser == KING:
                side = work.king
                dest = king_withdrawal_target([n for n in board.adjacent[t] if not P[n]],
                                              kcard)
            else:
                side = work.player
                dest = options[0] if options else None
            count = side[t]
            side[t] = 0
            if dest is not None:
                side[dest] += count
        enforce_limits(board, work, contested_to=defender)
        self.position = work
        for c in (player_card_id, king_card_id):
            if c in self.table:
                self.table.remove(c)
            self.discard.append(c)
        self.battle_card = None
        self.pending_battles.pop(0)
        return True

    def _do_withdraw(self, to: int) -> None:
        self._expect("withdraw", "withdraw")
        battle = self.battle
        assert battle is not None
        withdraw(self.board, battle, self.board.cards[battle.king_card], to)
        self.battle = None
        self._end_battle(battle)

    def _end_battle(self, battle: Battle) -> None:
        self.position = battle.position
        if self.explain:
            self.events.append(Event("battle", battle))
        for c in (battle.player_card, battle.king_card):
            if c in self.table:
                self.table.remove(c)
            self.discard.append(c)
        self.battle_card = None
        self.pending_battles.pop(0)
